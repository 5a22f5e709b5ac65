// A correct but slow solution to catmouse (LeetCode 913), for `retrocheck stress --slow`.
//
// The game as the statement tells it, searched without a memo: a minimax over the
// plays from the start, each play carrying the situations it passed through, so that
// a situation that comes back is a draw. A side takes a move that wins at once (the
// mouse into the hole, the cat onto the mouse) without searching, never searches the
// mouse's step onto the cat (a loss at once, no better than having no move), and stops
// looking at its moves once one wins. It is right on every board (repetition as a draw
// equals endless play as a draw, docs/problems/catmouse.md) and fast on small or open
// ones; where neither side wins quickly it visits exponentially many plays and exceeds
// any time limit.
//
//   g++ -O2 -o catmouse_exp examples/slow/catmouse_exp.cpp
//   retrocheck stress catmouse --solution ./catmouse_exp --slow
#include <cstdio>
#include <vector>

enum { DRAW = 0, MOUSE_WINS = 1, CAT_WINS = 2 };

struct Board {
    int n;
    std::vector<std::vector<int>> graph;
    std::vector<char> on_path;  // situations of the play being searched

    int play(int turn, int mouse, int cat) {
        if (mouse == 0) return MOUSE_WINS;
        if (mouse == cat) return CAT_WINS;
        int situation = (turn * n + mouse) * n + cat;
        if (on_path[situation]) return DRAW;
        int win = turn == 0 ? MOUSE_WINS : CAT_WINS;
        int lose = turn == 0 ? CAT_WINS : MOUSE_WINS;
        const std::vector<int> &moves = graph[turn == 0 ? mouse : cat];
        // A win at once needs no search.
        for (int to : moves) {
            if (turn == 0 && to == 0) return MOUSE_WINS;
            if (turn == 1 && to == mouse) return CAT_WINS;
        }
        on_path[situation] = 1;
        int best = lose;  // a side with no move loses, and the mouse onto the cat too
        for (int to : moves) {
            if (turn == 1 && to == 0) continue;
            if (turn == 0 && to == cat) continue;
            int result = turn == 0 ? play(1, to, cat) : play(0, mouse, to);
            if (result == win) {
                best = win;
                break;
            }
            if (result == DRAW) best = DRAW;
        }
        on_path[situation] = 0;
        return best;
    }
};

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        Board b;
        if (scanf("%d", &b.n) != 1) return 1;
        b.graph.resize(b.n);
        for (auto &list : b.graph) {
            int d;
            if (scanf("%d", &d) != 1) return 1;
            list.resize(d);
            for (auto &v : list) scanf("%d", &v);
        }
        b.on_path.assign(2 * b.n * b.n, 0);
        printf("%d\n", b.play(0, 1, 2));
    }
}
