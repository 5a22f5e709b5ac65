"""A wrong solution to shiritori, for `retrocheck stress` to catch.

Retrograde analysis over the three-letter keys, right in every detail but one: it
decides no game that lasts more than 12 words (the opening word and 11 replies), and
calls those draws, as a solution that runs a fixed number of rounds does.

    retrocheck stress shiritori --solution 'python3 examples/horizon/shiritori_12.py'
"""

import sys
from collections import deque

HORIZON = 11  # replies after the opening word


def main():
    words = sys.stdin.read().split()[1:]
    keys = {}
    key = lambda s: keys.setdefault(s, len(keys))
    moves = [(key(w[:3]), key(w[-3:])) for w in words]
    n = len(keys)
    # A key is where the player to move stands: the last three letters said.
    back = [[] for _ in range(n)]
    left = [0] * n
    for a, b in moves:
        back[b].append(a)
        left[a] += 1
    WIN, LOSS = 1, 2
    value = [0] * n
    remoteness = [0] * n
    queue = deque(k for k in range(n) if left[k] == 0)
    for k in queue:
        value[k] = LOSS
    while queue:
        k = queue.popleft()
        if remoteness[k] >= HORIZON:
            continue
        for a in back[k]:
            if value[a]:
                continue
            if value[k] == LOSS:
                value[a], remoteness[a] = WIN, remoteness[k] + 1
                queue.append(a)
            else:
                left[a] -= 1
                if left[a] == 0:
                    value[a], remoteness[a] = LOSS, remoteness[k] + 1
                    queue.append(a)
    # After the opening word, Aoki stands on its last three letters.
    names = {0: "Draw", WIN: "Aoki", LOSS: "Takahashi"}
    print("\n".join(names[value[b]] for _, b in moves))


main()
