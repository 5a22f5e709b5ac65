"""A wrong solution to catmouse (LeetCode 913), for `retrocheck stress` to catch.

A memoized minimax over (turn, mouse, cat) that scores a position already on its own
path as a draw (the cycle rule), the form of many published solutions. Memoizing a
score that leaned on such a draw is the graph-history bug: a position is stored as a
draw that a later look would find won. The published fix repeats the search, keeping
the wins and losses it proved and forgetting its draws, "until nothing changes"; this
one repeats it n times (or until a pass proves nothing new), on the belief that n
passes settle every position. Each pass decides more than a ply, so only long games
need more than n. The kill table's `catmouse-repeat-n` gives its answer on every input.

    retrocheck stress catmouse --solution 'python3 examples/horizon/catmouse_repeat_n.py'
"""

import sys
import threading

MOUSE_WINS, CAT_WINS, DRAW = 1, 2, 0


def solve(graph):
    n = len(graph)
    known = {}  # (turn, mouse, cat) -> MOUSE_WINS or CAT_WINS, kept between passes

    def one_pass():
        memo = {}
        on_path = set()

        def play(turn, mouse, cat):
            if mouse == 0:
                return MOUSE_WINS
            if mouse == cat:
                return CAT_WINS
            key = (turn, mouse, cat)
            if key in known:
                return known[key]
            if key in memo:
                return memo[key]
            if key in on_path:
                return DRAW
            on_path.add(key)
            if turn == 0:
                results = [play(1, m, cat) for m in graph[mouse]]
                best, worst = MOUSE_WINS, CAT_WINS
            else:
                results = [play(0, mouse, c) for c in graph[cat] if c != 0]
                best, worst = CAT_WINS, MOUSE_WINS
            on_path.discard(key)
            if best in results:
                result = best
            elif all(r == worst for r in results):
                result = worst
            else:
                result = DRAW
            memo[key] = result
            if result != DRAW:
                known[key] = result
            return result

        return play(0, 1, 2)

    for _ in range(n):
        before = len(known)
        if one_pass() != DRAW or len(known) == before:
            break
    return known.get((0, 1, 2), DRAW)


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


# A path can hold every position (4,900 on 50 nodes): a deep stack.
sys.setrecursionlimit(100_000)
threading.stack_size(512 * 1024 * 1024)
thread = threading.Thread(target=main)
thread.start()
thread.join()
