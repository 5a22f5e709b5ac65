"""A wrong solver of `.game` files, for `retrocheck stress game` to catch.

Retrograde analysis with remoteness and the first optimal move, as docs/DESIGN.md
specifies, except that it looks at most 1,000 moves ahead: a position decided further
away is called a draw, as an iteration cap does. Only games of more than 1,000
positions can show it.

    retrocheck stress game --solution 'python3 examples/horizon/game_1000.py' --max-size 3000
"""

import re
import sys
from collections import deque

HORIZON = 1000


def parse(text):
    text = re.sub(r"#[^\n]*", "", text)
    statements = [s.split() for s in text.split(";") if s.strip()]
    n = int(statements[0][1])
    mover, moves, label, credit = [None] * n, [[] for _ in range(n)], [None] * n, None
    for s in statements[1:]:
        if s[0] == "draw":
            credit = s[1]
            continue
        p = int(s[0])
        mover[p] = s[1]
        rest = "".join(s[2:])
        if rest.startswith("="):
            label[p] = rest[1:]
        elif rest:
            moves[p] = [int(q) for q in rest.split(",")]
    return mover, moves, label, credit


def solve(mover, moves, label):
    n = len(mover)
    other = {"A": "B", "B": "A"}
    winner, remoteness = [None] * n, [None] * n
    back = [[] for _ in range(n)]
    left = [len(ms) for ms in moves]
    for p, ms in enumerate(moves):
        for q in ms:
            back[q].append(p)
    queue = deque()
    for p in range(n):
        if label[p] in ("A", "B"):
            winner[p], remoteness[p] = label[p], 0
        elif label[p] is None and not moves[p]:
            winner[p], remoteness[p] = other[mover[p]], 0
        if winner[p]:
            queue.append(p)
    while queue:
        q = queue.popleft()
        if remoteness[q] >= HORIZON:
            continue
        for p in back[q]:
            if winner[p] or label[p]:
                continue
            if winner[q] == mover[p]:
                winner[p], remoteness[p] = winner[q], remoteness[q] + 1
                queue.append(p)
            else:
                left[p] -= 1
                if left[p] == 0:
                    winner[p], remoteness[p] = winner[q], remoteness[q] + 1
                    queue.append(p)
    return winner, remoteness


def first_optimal(p, moves, winner, remoteness):
    for q in moves[p]:
        if winner[p] is None and winner[q] is None:
            return q
        if winner[p] and winner[q] == winner[p] and remoteness[q] == remoteness[p] - 1:
            return q
    return None


def main():
    mover, moves, label, credit = parse(sys.stdin.read())
    winner, remoteness = solve(mover, moves, label)
    out = []
    for p in range(len(mover)):
        move = first_optimal(p, moves, winner, remoteness)
        outcome = winner[p] or credit or "D"
        r = "-" if winner[p] is None else str(remoteness[p])
        out.append(f"{p} {outcome} {r} {'-' if move is None else move}")
    print("\n".join(out))


main()
