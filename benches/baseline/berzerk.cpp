// A textbook contest solution to `berzerk` (Codeforces 786A), the baseline for
// `retrocheck solve berzerk`: scanf input, a FIFO queue over states (player to move,
// object) seeded with the black hole lost by whoever is to move there, a counter of
// undecided moves per state, steps taken backwards round the ring.
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    vector<int> s[2];
    for (int p = 0; p < 2; p++) {
        int k;
        if (scanf("%d", &k) != 1) return 1;
        s[p].resize(k);
        for (int& a : s[p])
            if (scanf("%d", &a) != 1) return 1;
    }
    // res: 0 undecided (Loop), 1 the player to move wins, 2 loses.
    vector<int> res[2], cnt[2];
    vector<pair<int, int>> q;
    q.reserve(2 * n);
    for (int p = 0; p < 2; p++) {
        res[p].assign(n, 0);
        cnt[p].assign(n, (int)s[p].size());
        res[p][0] = 2;
        q.push_back({p, 0});
    }
    for (size_t h = 0; h < q.size(); h++) {
        int p = q[h].first, i = q[h].second, o = 1 - p;
        for (int a : s[o]) {
            int j = (i - a % n + n) % n;
            if (j == 0 || res[o][j]) continue;
            if (res[p][i] == 2) {
                res[o][j] = 1;
                q.push_back({o, j});
            } else if (--cnt[o][j] == 0) {
                res[o][j] = 2;
                q.push_back({o, j});
            }
        }
    }
    static const char* word[] = {"Loop", "Win", "Lose"};
    for (int p = 0; p < 2; p++) {
        for (int i = 1; i < n; i++) {
            fputs(word[res[p][i]], stdout);
            putchar(i + 1 < n ? ' ' : '\n');
        }
    }
}
