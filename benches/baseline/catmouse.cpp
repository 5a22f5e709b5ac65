// A textbook solution to `catmouse` (LeetCode 913) with retrocheck's contest-style
// input, the baseline for `retrocheck solve catmouse`: the LeetCode editorial's
// colouring, a FIFO queue over states (mouse, cat, turn) seeded with the terminal
// states, a counter of undecided moves per state.
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int T;
    if (scanf("%d", &T) != 1) return 1;
    while (T--) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        vector<vector<int>> g(n);
        for (int i = 0; i < n; i++) {
            int d;
            if (scanf("%d", &d) != 1) return 1;
            g[i].resize(d);
            for (int& v : g[i])
                if (scanf("%d", &v) != 1) return 1;
        }
        // color: 0 draw, 1 mouse wins, 2 cat wins; turn 0 mouse to move, 1 cat.
        vector<int> color(2 * n * n, 0), degree(2 * n * n, 0);
        auto id = [n](int m, int c, int t) { return (t * n + m) * n + c; };
        for (int m = 0; m < n; m++)
            for (int c = 1; c < n; c++) {
                degree[id(m, c, 0)] = g[m].size();
                for (int x : g[c]) degree[id(m, c, 1)] += x != 0;
            }
        vector<int> q;
        for (int c = 1; c < n; c++)
            for (int t = 0; t < 2; t++) {
                color[id(0, c, t)] = 1;
                q.push_back(id(0, c, t));
                color[id(c, c, t)] = 2;
                q.push_back(id(c, c, t));
            }
        for (size_t h = 0; h < q.size(); h++) {
            int s = q[h], t = s / (n * n), m = s / n % n, c = s % n, col = color[s];
            // The previous mover is the other turn.
            if (t == 1) {
                for (int pm : g[m]) {
                    int p = id(pm, c, 0);
                    if (color[p] || pm == 0 || pm == c) continue;
                    if (col == 1 || --degree[p] == 0) {
                        color[p] = col == 1 ? 1 : 2;
                        q.push_back(p);
                    }
                }
            } else {
                for (int pc : g[c]) {
                    if (pc == 0) continue;
                    int p = id(m, pc, 1);
                    if (color[p] || m == 0 || m == pc) continue;
                    if (col == 2 || --degree[p] == 0) {
                        color[p] = col == 2 ? 2 : 1;
                        q.push_back(p);
                    }
                }
            }
        }
        printf("%d\n", color[id(1, 2, 0)]);
    }
}
