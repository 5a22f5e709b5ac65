// The textbook queue-based retrograde solver, as a contest programmer writes it:
// int arrays, a reverse CSR, a FIFO queue, a counter of undecided moves per position.
// It is the baseline that `cargo bench --bench solve` measures retrocheck against.
//
// Input (binary, little endian): n, m as uint32; movers[n] (0 = A, 1 = B) as uint8;
// offsets[n+1] and targets[m] as uint32. Positions without moves are lost by their
// mover. Output: the solve time in nanoseconds (reverse CSR included), and a checksum.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
using namespace std;

int main(int argc, char** argv) {
    if (argc < 2) return 2;
    FILE* f = fopen(argv[1], "rb");
    if (!f) return 2;
    uint32_t n, m;
    if (fread(&n, 4, 1, f) != 1 || fread(&m, 4, 1, f) != 1) return 2;
    vector<uint8_t> mover(n);
    vector<int> off(n + 1), to(m);
    if (fread(mover.data(), 1, n, f) != n) return 2;
    if (fread(off.data(), 4, n + 1, f) != n + 1) return 2;
    if (fread(to.data(), 4, m, f) != m) return 2;
    fclose(f);
    int runs = argc > 2 ? atoi(argv[2]) : 1;
    long long best = -1;
    long long checksum = 0;
    for (int run = 0; run < runs; run++) {
        auto start = chrono::steady_clock::now();
        vector<int> roff(n + 1, 0), rsrc(m), cnt(n), win(n, -1), rem(n, 0);
        for (uint32_t i = 0; i < m; i++) roff[to[i] + 1]++;
        for (uint32_t i = 0; i < n; i++) roff[i + 1] += roff[i];
        vector<int> fill(roff.begin(), roff.end() - 1);
        for (uint32_t p = 0; p < n; p++)
            for (int e = off[p]; e < off[p + 1]; e++) rsrc[fill[to[e]]++] = p;
        vector<int> q(n);
        int head = 0, tail = 0;
        for (uint32_t p = 0; p < n; p++) {
            cnt[p] = off[p + 1] - off[p];
            if (cnt[p] == 0) { win[p] = 1 - mover[p]; q[tail++] = p; }
        }
        while (head < tail) {
            int x = q[head++];
            for (int e = roff[x]; e < roff[x + 1]; e++) {
                int p = rsrc[e];
                if (win[p] >= 0) continue;
                if (win[x] == mover[p]) { win[p] = mover[p]; rem[p] = rem[x] + 1; q[tail++] = p; }
                else if (--cnt[p] == 0) { win[p] = win[x]; rem[p] = rem[x] + 1; q[tail++] = p; }
            }
        }
        auto ns = chrono::duration_cast<chrono::nanoseconds>(chrono::steady_clock::now() - start).count();
        if (best < 0 || ns < best) best = ns;
        checksum = 0;
        for (uint32_t p = 0; p < n; p++) checksum += (long long)(win[p] + 1) * 1000003 + rem[p];
    }
    printf("%lld %lld\n", best, checksum);
    return 0;
}
