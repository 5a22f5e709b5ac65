// A correct but slow solution to berzerk (Codeforces 786A), for `retrocheck stress --slow`.
//
// Each of the 2(n - 1) answers is found by a search of its own: the usual backward
// search from the black hole, with a counter of undecided moves per position, run
// afresh for every starting position and stopped as soon as that position is decided.
// A position never decided when the search runs dry is a Loop. Right on every input,
// and fast where every start is decided within a few moves of the hole; where many are
// Loops, or decided late, each search walks most of the ring: O(n^2 (k1 + k2)) in all.
//
//   g++ -O2 -o berzerk_per_query examples/slow/berzerk_per_query.cpp
//   retrocheck stress berzerk --solution ./berzerk_per_query --slow
#include <cstdio>
#include <vector>

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    std::vector<int> steps[2];
    for (auto &s : steps) {
        int k;
        if (scanf("%d", &k) != 1) return 1;
        s.resize(k);
        for (auto &x : s) scanf("%d", &x);
    }
    // value[p][i]: 0 undecided, 1 the player p to move at object i + 1 wins, 2 he loses.
    std::vector<int> value[2], left[2];
    std::vector<std::pair<int, int>> queue;
    auto answer = [&](int first, int start) {
        queue.clear();
        for (int p = 0; p < 2; p++) {
            value[p].assign(n, 0);
            left[p].assign(n, steps[p].size());
            value[p][0] = 2;  // the monster in the hole: the player to move has lost
            queue.push_back({p, 0});
        }
        for (size_t head = 0; head < queue.size(); head++) {
            auto [p, i] = queue[head];
            int q = 1 - p;  // the player who moved here
            for (int x : steps[q]) {
                int j = ((i - x) % n + n) % n;
                if (j == 0 || value[q][j]) continue;
                if (value[p][i] == 2) {
                    value[q][j] = 1;
                } else if (--left[q][j] == 0) {
                    value[q][j] = 2;
                } else {
                    continue;
                }
                if (q == first && j == start) return value[q][j];
                queue.push_back({q, j});
            }
        }
        return 0;
    };
    const char *word[] = {"Loop", "Win", "Lose"};
    for (int p = 0; p < 2; p++) {
        for (int i = 1; i < n; i++) printf("%s%c", word[answer(p, i)], i + 1 < n ? ' ' : '\n');
    }
}
