// A textbook contest solution to `shiritori` (AtCoder ABC209 E), the baseline for
// `retrocheck solve shiritori`: each three-letter string is a vertex (52³ of them), a
// word an edge from its prefix to its suffix; one layer suffices since the game is
// symmetric. A FIFO queue from the vertices that start no word (lost by the player to
// speak), a counter of undecided words per vertex, reverse edges.
#include <cstdio>
#include <cstring>
#include <vector>
using namespace std;

static int code(char c) { return c >= 'a' ? c - 'a' : 26 + c - 'A'; }
static int key(const char* s) { return (code(s[0]) * 52 + code(s[1])) * 52 + code(s[2]); }

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    const int K = 52 * 52 * 52;
    vector<int> pre(n), suf(n), deg(K, 0), head(K, -1), next(n);
    char buf[64];
    for (int i = 0; i < n; i++) {
        if (scanf("%63s", buf) != 1) return 1;
        int len = strlen(buf);
        pre[i] = key(buf);
        suf[i] = key(buf + len - 3);
        deg[pre[i]]++;
        next[i] = head[suf[i]];
        head[suf[i]] = i;
    }
    // res: 0 draw, 1 the player to speak wins, 2 loses.
    vector<char> res(K, 0);
    vector<int> q;
    q.reserve(K);
    for (int v = 0; v < K; v++)
        if (deg[v] == 0) {
            res[v] = 2;
            q.push_back(v);
        }
    for (size_t h = 0; h < q.size(); h++) {
        int v = q[h];
        for (int e = head[v]; e != -1; e = next[e]) {
            int u = pre[e];
            if (res[u]) continue;
            if (res[v] == 2) {
                res[u] = 1;
                q.push_back(u);
            } else if (--deg[u] == 0) {
                res[u] = 2;
                q.push_back(u);
            }
        }
    }
    static const char* name[] = {"Draw", "Aoki", "Takahashi"};
    for (int i = 0; i < n; i++) puts(name[(int)res[suf[i]]]);
}
