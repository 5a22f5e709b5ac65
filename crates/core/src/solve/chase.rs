//! The chaser's win set of a two-token chase on a small directed graph — the product
//! game of the `pursuit` front-end — computed with word-parallel operations.
//!
//! Positions are (turn, runner, chaser): the runner (side B) moves first; the chaser
//! (side A) wins when the tokens meet or the runner is stuck. Only the chaser's wins
//! are needed by a judge that credits endless play to the runner, and they are a least
//! fixpoint: the counter algorithm may process them in any order, without remoteness.
//!
//! Contest graphs are small (n ≤ 100) and often dense, so a position has up to n − 1
//! predecessors and the generic solver spends its time walking them one by one. Here:
//! - a runner-to-move loss (r, c) makes every chaser-to-move position (r, c') with an
//!   edge c' → c a chaser win: one AND-NOT of n-bit sets per loss, no counters;
//! - a chaser-to-move win (r', c) counts one move down at every runner-to-move
//!   position (r, c) with an edge r → r': the counters of a fixed chaser vertex are
//!   one row of bytes, so on a dense graph this is a vectorized byte subtraction of the
//!   row by r'’s predecessor counts, and on a sparse one a walk of its predecessor list.

/// Above this many vertices the n² masks and counters no longer fit the cache, and
/// the generic solver is used.
pub const MAX_VERTICES: usize = 1024;

/// The chaser's win set on the graph with `n` vertices, `out_degree` per vertex and
/// reverse adjacency (`offsets`, `sources`): entry `runner · n + chaser` is true when
/// the runner, to move, loses by force. `None` when the graph is too large for byte
/// counters (n > [`MAX_VERTICES`] or an out-degree above 250).
pub fn runner_loses(n: usize, out_degree: &[u32], offsets: &[u32], sources: &[u32]) -> Option<Vec<bool>> {
    if n > MAX_VERTICES || out_degree.iter().any(|&d| d > 250) {
        return None;
    }
    let words = n.div_ceil(64);
    let preds = |v: usize| &sources[offsets[v] as usize..offsets[v + 1] as usize];
    // Predecessor sets: as bits (chaser side) and as a byte mask (runner side).
    let mut pred_bits = vec![0u64; n * words];
    let mut pred_mask = vec![0u8; n * n];
    for v in 0..n {
        for &u in preds(v) {
            let u = u as usize;
            pred_bits[v * words + u / 64] |= 1 << (u % 64);
            // Repeated edges are repeated moves: count each.
            pred_mask[v * n + u] += 1;
        }
    }
    // chaser_wins[r]: the chaser vertices c where (chaser to move, r, c) is a chaser
    // win. count[c · n + r]: the runner's moves from (runner to move, r, c) not yet
    // known to lose; 255 on the diagonal, a terminal that must never reach 0.
    let mut chaser_wins = vec![0u64; n * words];
    let mut count = vec![0u8; n * n];
    let mut runner_lost = vec![false; n * n];
    // Work list entries: runner · n + chaser, the top bit set for chaser to move.
    const CHASER: u32 = 1 << 31;
    let mut work: Vec<u32> = Vec::with_capacity(2 * n * n);
    for c in 0..n {
        for r in 0..n {
            let id = (r * n + c) as u32;
            if r == c {
                count[c * n + r] = 255;
                runner_lost[r * n + c] = true;
                chaser_wins[r * words + c / 64] |= 1 << (c % 64);
                work.push(id);
                work.push(id | CHASER);
            } else {
                count[c * n + r] = out_degree[r] as u8;
                if out_degree[r] == 0 {
                    runner_lost[r * n + c] = true;
                    work.push(id);
                }
            }
        }
    }
    let dense = |v: usize| preds(v).len() * 8 >= n;
    while let Some(entry) = work.pop() {
        let id = (entry & !CHASER) as usize;
        let (r, c) = (id / n, id % n);
        if entry & CHASER == 0 {
            // The runner lost at (r, c): the chaser wins from (r, c') for c' → c.
            let known = &mut chaser_wins[r * words..(r + 1) * words];
            let from = &pred_bits[c * words..(c + 1) * words];
            for (w, (k, &f)) in known.iter_mut().zip(from).enumerate() {
                let mut new = f & !*k;
                *k |= new;
                while new != 0 {
                    let c2 = w * 64 + new.trailing_zeros() as usize;
                    new &= new - 1;
                    work.push((r * n + c2) as u32 | CHASER);
                }
            }
        } else if dense(r) {
            // The chaser wins at (r, c), chaser to move: one move fewer for every
            // (r', c) with r' → r, all at once.
            let row = &mut count[c * n..(c + 1) * n];
            let mask = &pred_mask[r * n..(r + 1) * n];
            for (x, &m) in row.iter_mut().zip(mask) {
                *x -= m;
            }
            for (r2, (&x, &m)) in row.iter().zip(mask).enumerate() {
                if x == 0 && m != 0 {
                    runner_lost[r2 * n + c] = true;
                    work.push((r2 * n + c) as u32);
                }
            }
        } else {
            for &r2 in preds(r) {
                let x = &mut count[c * n + r2 as usize];
                *x -= 1;
                if *x == 0 {
                    runner_lost[r2 as usize * n + c] = true;
                    work.push(r2 * n as u32 + c as u32);
                }
            }
        }
    }
    Some(runner_lost)
}
