// A wrong solution to pursuit, for `retrocheck stress` to catch.
//
// Backward search over (Bob's vertex, Alice's vertex, whose turn) with a counter of
// undecided moves per position, right in every detail but one: it stops after n moves
// (the number of vertices), on the belief that a chase on n vertices cannot last
// longer, and every game not decided by then is endless — Bob's win.
//
//   g++ -O2 -o pursuit_n examples/horizon/pursuit_n.cpp
//   retrocheck stress pursuit --solution ./pursuit_n --max-size 100
#include <cstdio>
#include <vector>

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 1;
    for (int c = 1; c <= cases; c++) {
        int n, m;
        scanf("%d %d", &n, &m);
        std::vector<std::vector<int>> back(n);
        std::vector<int> out(n, 0);
        for (int k = 0; k < m; k++) {
            int b, e;
            scanf("%d %d", &b, &e);
            back[e - 1].push_back(b - 1);
            out[b - 1]++;
        }
        int x, y;
        scanf("%d %d", &x, &y);
        // Position (t, b, a): t = 0 Bob to move, 1 Alice. winner: 0 undecided, 1 Bob, 2 Alice.
        auto id = [n](int t, int b, int a) { return (t * n + b) * n + a; };
        std::vector<int> winner(2 * n * n, 0), remoteness(2 * n * n, 0), left(2 * n * n);
        std::vector<int> queue;
        for (int t = 0; t < 2; t++)
            for (int b = 0; b < n; b++)
                for (int a = 0; a < n; a++) {
                    int p = id(t, b, a);
                    left[p] = t == 0 ? out[b] : out[a];
                    if (a == b) winner[p] = 2;  // caught
                    else if (left[p] == 0) winner[p] = t == 0 ? 2 : 1;  // stuck
                    if (winner[p]) queue.push_back(p);
                }
        for (size_t head = 0; head < queue.size(); head++) {
            int p = queue[head];
            if (remoteness[p] >= n) continue;
            int t = p / (n * n), b = p / n % n, a = p % n;
            // The move into p was made by the other player: Bob if Alice is to move.
            int mover = 1 - t;
            for (int v : back[mover == 0 ? b : a]) {
                int q = mover == 0 ? id(0, v, a) : id(1, b, v);
                if (winner[q]) continue;
                if (winner[p] == mover + 1) {
                    winner[q] = winner[p];
                } else if (--left[q] == 0) {
                    winner[q] = winner[p];
                } else {
                    continue;
                }
                remoteness[q] = remoteness[p] + 1;
                queue.push_back(q);
            }
        }
        printf("Case #%d: %s\n", c, winner[id(0, x - 1, y - 1)] == 2 ? "No" : "Yes");
    }
}
