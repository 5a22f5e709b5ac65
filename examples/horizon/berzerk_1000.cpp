// A wrong solution to berzerk (Codeforces 786A), for `retrocheck stress` to catch.
//
// The usual backward search from the black hole with a counter of undecided moves per
// position, right in every detail but one: it stops after 1,000 moves, and calls every
// game not decided by then a Loop, as a solution that caps its rounds at a round
// number does ("1,000 is plenty"). Games longer than 1,000 moves need hundreds of
// objects and small, near-equal step sets. The kill table's `berzerk-horizon-1000`
// gives its answer on every input.
//
//   g++ -O2 -o berzerk_1000 examples/horizon/berzerk_1000.cpp
//   retrocheck stress berzerk --solution ./berzerk_1000
#include <cstdio>
#include <vector>

const int HORIZON = 1000;

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    std::vector<int> steps[2];
    for (auto &s : steps) {
        int k;
        scanf("%d", &k);
        s.resize(k);
        for (auto &x : s) scanf("%d", &x);
    }
    // value[p][i]: 0 undecided (a Loop), 1 the player p to move wins, 2 he loses.
    std::vector<int> value[2], remoteness[2], left[2];
    std::vector<std::pair<int, int>> queue;
    for (int p = 0; p < 2; p++) {
        value[p].assign(n, 0);
        remoteness[p].assign(n, 0);
        left[p].assign(n, steps[p].size());
        value[p][0] = 2;  // the monster in the hole: the player to move has lost
        queue.push_back({p, 0});
    }
    for (size_t head = 0; head < queue.size(); head++) {
        auto [p, i] = queue[head];
        if (remoteness[p][i] >= HORIZON) continue;
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
            remoteness[q][j] = remoteness[p][i] + 1;
            queue.push_back({q, j});
        }
    }
    const char *word[] = {"Loop", "Win", "Lose"};
    for (int p = 0; p < 2; p++) {
        for (int i = 1; i < n; i++) printf("%s%c", word[value[p][i]], i + 1 < n ? ' ' : '\n');
    }
}
