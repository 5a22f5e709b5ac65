// A wrong solution to minigame (Gym 102220 F), for `retrocheck stress` to catch.
//
// Backward search over (vertex, whose turn in the order of six) with a counter of
// undecided moves per position, right in every detail but one: it stops after n moves
// (the number of vertices), and every game not decided by then is endless, a draw.
// With six players in turn, a game may go round a cycle several times before it ends.
//
//   g++ -O2 -o minigame_n examples/horizon/minigame_n.cpp
//   retrocheck stress minigame --solution ./minigame_n --max-size 1000
#include <cstdio>
#include <vector>

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        int n, m;
        scanf("%d %d", &n, &m);
        std::vector<std::vector<int>> back(n);
        std::vector<int> out(n, 0);
        for (int k = 0; k < m; k++) {
            int u, v;
            scanf("%d %d", &u, &v);
            back[v - 1].push_back(u - 1);
            out[u - 1]++;
        }
        char order[8], actors[8];
        scanf("%7s %7s", order, actors);
        // The team each player wants to win: their own, or the other for an actor.
        char wants[6];
        for (int k = 0; k < 6; k++) {
            bool a = order[k] == 'A';
            wants[k] = (a != (actors[k] == '1')) ? 'A' : 'B';
        }
        // Position v * 6 + k: the token on v, the k-th player to move.
        std::vector<char> winner(6 * n, 0);
        std::vector<int> remoteness(6 * n, 0), left(6 * n);
        std::vector<int> queue;
        for (int v = 0; v < n; v++)
            for (int k = 0; k < 6; k++) {
                left[v * 6 + k] = out[v];
                if (out[v] == 0) {  // stuck: the mover's team loses
                    winner[v * 6 + k] = order[k] == 'A' ? 'B' : 'A';
                    queue.push_back(v * 6 + k);
                }
            }
        for (size_t head = 0; head < queue.size(); head++) {
            int p = queue[head];
            if (remoteness[p] >= n) continue;
            int v = p / 6, k = (p % 6 + 5) % 6;  // the player who moved into p
            for (int u : back[v]) {
                int q = u * 6 + k;
                if (winner[q]) continue;
                if (winner[p] == wants[k]) {
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
        for (int v = 0; v < n; v++) putchar(winner[v * 6] ? winner[v * 6] : 'D');
        putchar('\n');
    }
}
