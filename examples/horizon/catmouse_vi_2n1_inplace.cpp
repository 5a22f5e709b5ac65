// A wrong solution to catmouse (LeetCode 913), for `retrocheck stress` to catch.
//
// Value iteration in place, the C++ form of the published solutions that fill
// dp[mouse][cat][turn] bottom-up: the terminal positions first (the mouse in the hole,
// the animals on one node), then sweeps over every undecided position in the order of
// the loops (mouse, then cat, then whose turn), each updated from its moves' current
// values: a win when a move wins, a loss when every move loses, else still a draw. In
// place, a sweep reads the positions decided earlier in the same sweep, so one sweep
// can decide several plies. Right in every detail but one: it stops after 2n + 1 sweeps
// (or when a sweep changes nothing), one more than catmouse_vi_2n_inplace.py, on the
// belief that 2n + 1 sweeps decide every game; a `while (changed)` loop is needed.
// The kill table's `catmouse-sweeps-2n1` gives its answer on every input.
//
//   g++ -O2 -o catmouse_vi_2n1_inplace examples/horizon/catmouse_vi_2n1_inplace.cpp
//   retrocheck stress catmouse --solution ./catmouse_vi_2n1_inplace
#include <cstdio>
#include <vector>

const int DRAW = 0, MOUSE_WINS = 1, CAT_WINS = 2;

int solve(const std::vector<std::vector<int>> &graph) {
    int n = graph.size();
    // dp[mouse][cat][turn], turn 0 for the mouse to move.
    std::vector<std::vector<std::vector<int>>> dp(n, std::vector<std::vector<int>>(n, std::vector<int>(2, DRAW)));
    for (int mouse = 0; mouse < n; mouse++)
        for (int cat = 0; cat < n; cat++)
            for (int turn = 0; turn < 2; turn++) {
                if (mouse == 0) dp[mouse][cat][turn] = MOUSE_WINS;
                else if (mouse == cat) dp[mouse][cat][turn] = CAT_WINS;
            }
    for (int sweep = 0; sweep < 2 * n + 1; sweep++) {
        bool changed = false;
        for (int mouse = 0; mouse < n; mouse++)
            for (int cat = 1; cat < n; cat++)
                for (int turn = 0; turn < 2; turn++) {
                    if (dp[mouse][cat][turn] != DRAW) continue;
                    int win = turn == 0 ? MOUSE_WINS : CAT_WINS;
                    int lose = turn == 0 ? CAT_WINS : MOUSE_WINS;
                    bool wins = false, loses = true;
                    for (int v : graph[turn == 0 ? mouse : cat]) {
                        if (turn == 1 && v == 0) continue;  // the cat may not enter the hole
                        int r = turn == 0 ? dp[v][cat][1] : dp[mouse][v][0];
                        if (r == win) wins = true;
                        if (r != lose) loses = false;
                    }
                    if (wins || loses) {
                        dp[mouse][cat][turn] = wins ? win : lose;
                        changed = true;
                    }
                }
        if (!changed) break;
    }
    return dp[1][2][0];
}

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        std::vector<std::vector<int>> graph(n);
        for (auto &list : graph) {
            int degree;
            if (scanf("%d", &degree) != 1) return 1;
            list.resize(degree);
            for (auto &v : list)
                if (scanf("%d", &v) != 1) return 1;
        }
        printf("%d\n", solve(graph));
    }
}
