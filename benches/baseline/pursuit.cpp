// A textbook contest solution to `pursuit` (ICPC 2014 Xi'an H), the baseline for
// `cargo bench --bench frontends`: scanf input, adjacency vectors, a FIFO queue over
// states (bob, alice, turn) seeded with Bob's losses, a counter per Bob-to-move state.
#include <cstdio>
#include <cstring>
#include <vector>
using namespace std;

int main() {
    int T;
    if (scanf("%d", &T) != 1) return 1;
    for (int tc = 1; tc <= T; tc++) {
        int n, m;
        if (scanf("%d %d", &n, &m) != 2) return 1;
        vector<vector<int>> radj(n);
        vector<int> outdeg(n, 0);
        for (int i = 0; i < m; i++) {
            int b, e;
            if (scanf("%d %d", &b, &e) != 2) return 1;
            radj[e - 1].push_back(b - 1);
            outdeg[b - 1]++;
        }
        int x, y;
        if (scanf("%d %d", &x, &y) != 2) return 1;
        // lose[t][b][a]: Bob loses from (b, a) with t to move (0 Bob, 1 Alice).
        vector<char> lose(2 * n * n, 0);
        vector<int> cnt(n * n, 0);
        vector<int> q;
        q.reserve(2 * n * n);
        auto id = [n](int t, int b, int a) { return (t * n + b) * n + a; };
        for (int b = 0; b < n; b++)
            for (int a = 0; a < n; a++) {
                cnt[b * n + a] = outdeg[b];
                for (int t = 0; t < 2; t++)
                    if (a == b || (t == 0 && outdeg[b] == 0)) {
                        lose[id(t, b, a)] = 1;
                        q.push_back(id(t, b, a));
                    }
            }
        for (size_t h = 0; h < q.size(); h++) {
            int s = q[h], t = s / (n * n), b = s / n % n, a = s % n;
            if (t == 0) {  // Bob to move here: Alice moved last, from a' to a.
                for (int pa : radj[a]) {
                    if (pa == b) continue;  // (b, b) is terminal: Alice did not move from there
                    int p = id(1, b, pa);
                    if (!lose[p]) { lose[p] = 1; q.push_back(p); }
                }
            } else {  // Alice to move here: Bob moved last, from b' to b.
                for (int pb : radj[b]) {
                    if (pb == a) continue;
                    int p = id(0, pb, a);
                    if (!lose[p] && --cnt[pb * n + a] == 0) { lose[p] = 1; q.push_back(p); }
                }
            }
        }
        printf("Case #%d: %s\n", tc, lose[id(0, x - 1, y - 1)] ? "No" : "Yes");
    }
    return 0;
}
