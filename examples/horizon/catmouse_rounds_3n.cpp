// A wrong solution to catmouse (LeetCode 913), for `retrocheck stress` to catch.
//
// Value iteration by rounds (Jacobi), as catmouse_rounds_2n.cpp, with the cap the
// published ones that distrust 2n write: each round computes a fresh copy of
// dp[mouse][cat][turn] from the previous round's table alone, so round k decides
// exactly the positions k plies from the end. Right in every detail but one: it stops
// after 3n rounds (or when a round changes nothing), on the belief that no forced win
// takes longer than 3n plies. It fails on a board whose game from the start lasts more
// than 3n plies; the kill table's `catmouse-rounds-3n` gives its answer on every input.
//
//   g++ -O2 -o catmouse_rounds_3n examples/horizon/catmouse_rounds_3n.cpp
//   retrocheck stress catmouse --solution ./catmouse_rounds_3n
#include <cstdio>
#include <vector>

const int DRAW = 0, MOUSE_WINS = 1, CAT_WINS = 2;

int solve(const std::vector<std::vector<int>> &graph) {
    int n = graph.size();
    // dp[(mouse * n + cat) * 2 + turn], turn 0 for the mouse to move.
    std::vector<int> dp(n * n * 2, DRAW);
    for (int mouse = 0; mouse < n; mouse++)
        for (int cat = 0; cat < n; cat++)
            for (int turn = 0; turn < 2; turn++) {
                if (mouse == 0) dp[(mouse * n + cat) * 2 + turn] = MOUSE_WINS;
                else if (mouse == cat) dp[(mouse * n + cat) * 2 + turn] = CAT_WINS;
            }
    for (int round = 0; round < 3 * n; round++) {
        std::vector<int> next = dp;
        bool changed = false;
        for (int mouse = 0; mouse < n; mouse++)
            for (int cat = 1; cat < n; cat++)
                for (int turn = 0; turn < 2; turn++) {
                    int p = (mouse * n + cat) * 2 + turn;
                    if (dp[p] != DRAW) continue;
                    int win = turn == 0 ? MOUSE_WINS : CAT_WINS;
                    int lose = turn == 0 ? CAT_WINS : MOUSE_WINS;
                    bool wins = false, loses = true;
                    for (int v : graph[turn == 0 ? mouse : cat]) {
                        if (turn == 1 && v == 0) continue;  // the cat may not enter the hole
                        int r = turn == 0 ? dp[(v * n + cat) * 2 + 1] : dp[(mouse * n + v) * 2];
                        if (r == win) wins = true;
                        if (r != lose) loses = false;
                    }
                    if (wins || loses) {
                        next[p] = wins ? win : lose;
                        changed = true;
                    }
                }
        dp = next;
        if (!changed) break;
    }
    return dp[(1 * n + 2) * 2];
}

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        int n;
        scanf("%d", &n);
        std::vector<std::vector<int>> graph(n);
        for (auto &list : graph) {
            int degree;
            scanf("%d", &degree);
            list.resize(degree);
            for (auto &v : list) scanf("%d", &v);
        }
        printf("%d\n", solve(graph));
    }
}
