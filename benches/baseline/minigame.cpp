// A textbook contest solution to `minigame` (NECCPC 2019 F), the baseline for
// `cargo bench --bench frontends`: scanf input, reverse adjacency vectors, a FIFO
// queue over states (vertex, player), a counter of undecided moves per state.
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int T;
    if (scanf("%d", &T) != 1) return 1;
    while (T--) {
        int n, m;
        if (scanf("%d %d", &n, &m) != 2) return 1;
        vector<vector<int>> radj(n);
        vector<int> outdeg(n, 0);
        for (int i = 0; i < m; i++) {
            int u, v;
            if (scanf("%d %d", &u, &v) != 2) return 1;
            radj[v - 1].push_back(u - 1);
            outdeg[u - 1]++;
        }
        char ord[8], act[8];
        if (scanf("%7s %7s", ord, act) != 2) return 1;
        int want[6];  // the team (0 = A, 1 = B) player k wants to win
        for (int k = 0; k < 6; k++) want[k] = (ord[k] - 'A') ^ (act[k] - '0');
        // win[v*6+k]: -1 undecided (draw), else the winning team.
        vector<int> win(6 * n, -1), cnt(6 * n);
        vector<int> q;
        q.reserve(6 * n);
        for (int v = 0; v < n; v++)
            for (int k = 0; k < 6; k++) {
                cnt[v * 6 + k] = outdeg[v];
                if (outdeg[v] == 0) { win[v * 6 + k] = 1 - (ord[k] - 'A'); q.push_back(v * 6 + k); }
            }
        for (size_t h = 0; h < q.size(); h++) {
            int s = q[h], v = s / 6, k = s % 6, pk = (k + 5) % 6;
            for (int u : radj[v]) {
                int p = u * 6 + pk;
                if (win[p] >= 0) continue;
                if (win[s] == want[pk]) { win[p] = win[s]; q.push_back(p); }
                else if (--cnt[p] == 0) { win[p] = win[s]; q.push_back(p); }
            }
        }
        vector<char> line(n + 1, 0);
        for (int v = 0; v < n; v++) line[v] = win[v * 6] < 0 ? 'D' : 'A' + win[v * 6];
        puts(line.data());
    }
    return 0;
}
