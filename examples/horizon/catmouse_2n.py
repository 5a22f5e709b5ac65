"""A wrong solution to catmouse (LeetCode 913), for `retrocheck stress` to catch.

The most published solution: a memoized minimax over (turn, mouse, cat) that calls the
game a draw after 2n plies, on the belief that no forced win takes longer. Some boards
need more: retrocheck's search for long games finds them (docs/stress.md).

    retrocheck stress catmouse --solution 'python3 examples/horizon/catmouse_2n.py' --max-size 50
"""

import sys
from functools import lru_cache

MOUSE_WINS, CAT_WINS, DRAW = 1, 2, 0


def solve(graph):
    n = len(graph)

    @lru_cache(maxsize=None)
    def play(t, mouse, cat):
        if t == 2 * n:
            return DRAW
        if mouse == 0:
            return MOUSE_WINS
        if mouse == cat:
            return CAT_WINS
        if t % 2 == 0:
            results = [play(t + 1, m, cat) for m in graph[mouse]]
            best, worst = MOUSE_WINS, CAT_WINS
        else:
            results = [play(t + 1, mouse, c) for c in graph[cat] if c != 0]
            best, worst = CAT_WINS, MOUSE_WINS
        if best in results:
            return best
        if DRAW in results:
            return DRAW
        return worst

    return play(0, 1, 2)


def main():
    sys.setrecursionlimit(10_000)
    tokens = iter(sys.stdin.read().split())
    out = []
    for _ in range(int(next(tokens))):
        n = int(next(tokens))
        graph = []
        for _ in range(n):
            degree = int(next(tokens))
            graph.append([int(next(tokens)) for _ in range(degree)])
        out.append(str(solve(graph)))
    print("\n".join(out))


main()
