"""A wrong solution to catmouse (LeetCode 913), for `retrocheck stress` to catch.

Value iteration in place, the form of the published solutions that fill
dp[mouse][cat][turn] bottom-up: the terminal positions first (the mouse in the hole,
the animals on one node), then sweeps over every undecided position in the natural
order of the loops (mouse, then cat, then whose turn), each updated from its moves'
current values: a win when a move wins, a loss when every move loses, else still a
draw. In place, one sweep can decide several plies of a line whose positions come in
the loops' order, so it needs fewer sweeps than the game has plies. Right in every
detail but one: it stops after 2n sweeps (or when a sweep changes nothing), on the
belief that 2n sweeps decide every game, as the 2n-ply depth limit of catmouse_2n.py
believes of plies; the published ones write `for _ in range(2 * n)` where a
`while changed` loop is needed. Games that need more sweeps in this order are rare:
`retrocheck stress` searches for them by that number (docs/stress.md).

    retrocheck stress catmouse --solution 'python3 examples/horizon/catmouse_vi_2n_inplace.py'
"""

import sys

MOUSE_WINS, CAT_WINS, DRAW = 1, 2, 0


def solve(graph):
    n = len(graph)
    dp = [[[DRAW, DRAW] for _ in range(n)] for _ in range(n)]
    for mouse in range(n):
        for cat in range(n):
            for turn in range(2):
                if mouse == 0:
                    dp[mouse][cat][turn] = MOUSE_WINS
                elif mouse == cat:
                    dp[mouse][cat][turn] = CAT_WINS
    cat_moves = [[c for c in graph[cat] if c != 0] for cat in range(n)]
    for _ in range(2 * n):
        changed = False
        for mouse in range(n):
            for cat in range(1, n):
                for turn in range(2):
                    if dp[mouse][cat][turn] != DRAW:
                        continue
                    if turn == 0:
                        results = [dp[m][cat][1] for m in graph[mouse]]
                        win, lose = MOUSE_WINS, CAT_WINS
                    else:
                        results = [dp[mouse][c][0] for c in cat_moves[cat]]
                        win, lose = CAT_WINS, MOUSE_WINS
                    if win in results:
                        dp[mouse][cat][turn] = win
                        changed = True
                    elif all(r == lose for r in results):
                        dp[mouse][cat][turn] = lose
                        changed = True
        if not changed:
            break
    return dp[1][2][0]


def main():
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
