//! Level-synchronous retrograde propagation over a game's reverse index, on one thread
//! or on a rayon pool, and the chosen moves read off the result.
//!
//! Positions decided at remoteness r form frontier r. Processing frontier r visits
//! every predecessor of each of its positions and either decides it at r + 1 (a move
//! to its mover's win, or its last undecided move lost) or counts one more move down;
//! the positions so decided form frontier r + 1. Within a frontier the order does not
//! matter: a position's value is fixed by the rules of the [semantics](crate::semantics), the first winning
//! move to arrive comes from the lowest frontier that holds one, and the last losing
//! move from the highest. So the frontier's positions may be processed by several
//! threads at once, with the per-position cell (winner, mover, undecided moves or
//! remoteness) updated by compare-and-swap: a decrement and a claim can race, and
//! each must see the other. On one thread the same loop runs with plain loads and
//! stores. The values, and the chosen moves computed from them afterwards, are the
//! same for every thread count and every order.
//!
//! Speed: each frontier entry carries its winner in the top bit (the level gives the
//! remoteness). A frontier of a thirty-second of the positions or more is put in
//! position order, so that it reads the reverse index in ascending addresses. On one
//! thread the inner loop is branch-free; beyond the cache it prefetches in three
//! stages — the reverse offsets of the entry 16 ahead, its sources 8 ahead, the
//! predecessors' cells 4 ahead — so that the random accesses of several entries
//! overlap instead of stalling one by one.

use super::memory::{big_capacity, big_vec, prefetch};
use super::reverse::Reverse;
use super::reverse::{self, Shared};
use crate::game::{Game, Outcome, Side, Value};
use crate::solution::Solution;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// Winner codes in the top two bits of a cell (0: undecided).
const WIN_A: u32 = 1 << 30;
const WIN_B: u32 = 2 << 30;
const DECIDED: u32 = WIN_A;
/// Undecided: the mover bit (set for B) and the count of undecided moves below it.
const MOVER_B: u32 = 1 << 29;
const COUNT_MASK: u32 = MOVER_B - 1;
/// A frontier entry: the position, with the top bit set when B won it.
const ENTRY_B: u32 = 1 << 31;

/// Frontiers smaller than this are processed on the calling thread: handing them to
/// the pool costs more than it saves, and games with long chains have many of them.
const PARALLEL_FRONTIER: usize = 4096;
/// Positions per parallel task in the frontier and choice passes.
const CHUNK: usize = 2048;

/// Whether the level-synchronous solver handles `game`: its counters and remoteness
/// must fit the 29 bits of a `u32` cell (others use the sequential `u64` cells).
pub fn supports(game: &Game) -> bool {
    game.positions() < COUNT_MASK as usize && game.offsets().windows(2).all(|w| w[1] - w[0] < COUNT_MASK)
}

/// Runs `f` on a rayon pool of `threads` threads, or directly when `threads` is 1.
pub fn with_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    if threads <= 1 {
        return f();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

/// The cells of `game` solved on `threads` threads of the current pool (1: no rayon):
/// decided cells are winner code | remoteness, undecided ones are draws.
pub fn cells(game: &Game, threads: usize) -> Vec<u32> {
    let reverse = reverse::build(game.positions(), game.offsets(), game.targets(), threads);
    propagate(game, &reverse, threads)
}

/// The cells of `game` given its reverse index, on `threads` threads of the current
/// pool (1: no rayon).
pub fn propagate(game: &Game, reverse: &Reverse, threads: usize) -> Vec<u32> {
    let n = game.positions();
    let mut cells = big_vec(n, 0u32);
    let mut frontier: Vec<u32> = Vec::new();
    let init = |base: usize, chunk: &mut [u32], out: &mut Vec<u32>| {
        let forward = game.offsets();
        for (i, cell) in chunk.iter_mut().enumerate() {
            let p = base + i;
            let degree = forward[p + 1] - forward[p];
            let mover = game.mover(p as u32);
            *cell = match game.terminal(p as u32) {
                Some(Outcome::Win(Side::A)) => WIN_A,
                Some(Outcome::Win(Side::B)) => WIN_B,
                // A terminal draw stays undecided for ever: it has no moves to count.
                Some(Outcome::Draw) => 0,
                None if degree == 0 => {
                    if mover == Side::A {
                        WIN_B
                    } else {
                        WIN_A
                    }
                }
                None => degree | if mover == Side::B { MOVER_B } else { 0 },
            };
            if *cell >= DECIDED {
                out.push(p as u32 | if *cell >= WIN_B { ENTRY_B } else { 0 });
            }
        }
    };
    if threads == 1 {
        init(0, &mut cells, &mut frontier);
    } else {
        let lists: Vec<Vec<u32>> = cells
            .par_chunks_mut(1 << 16)
            .enumerate()
            .map(|(k, chunk)| {
                let mut out = Vec::new();
                init(k << 16, chunk, &mut out);
                out
            })
            .collect();
        frontier = lists.concat();
    }
    // SAFETY: AtomicU32 has the same size, alignment and bit validity as u32, and the
    // exclusive borrow of `cells` lasts as long as this view.
    let atomic: &[AtomicU32] = unsafe { &*(cells.as_mut_slice() as *mut [u32] as *const [AtomicU32]) };
    // Each position enters a frontier at most once: `n` slots hold any frontier.
    let mut next = vec![0u32; n];
    let mut len = frontier.len();
    frontier.resize(n, 0);
    // Bit 2p + b marks position p in the frontier being sorted, b set when B won it.
    // The first frontier is in order already.
    let mut marks = vec![0u64; (2 * n).div_ceil(64)];
    let prefetch = n * std::mem::size_of::<u32>() > PREFETCH_MIN_BYTES;
    let mut remoteness = 0u32;
    while len > 0 {
        remoteness += 1;
        let entries = &frontier[..len];
        let mut next_len = 0;
        if threads == 1 || len < PARALLEL_FRONTIER {
            // No other thread runs meanwhile: plain loads and stores suffice.
            next_len = if prefetch {
                visit_plain::<true>(entries, remoteness, reverse, atomic, &mut next)
            } else {
                visit_plain::<false>(entries, remoteness, reverse, atomic, &mut next)
            };
        } else {
            let lists: Vec<Vec<u32>> = entries
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut out = Vec::new();
                    visit::<true>(chunk, remoteness, reverse, atomic, &mut out);
                    out
                })
                .collect();
            for list in lists {
                next[next_len..next_len + list.len()].copy_from_slice(&list);
                next_len += list.len();
            }
        }
        if next_len >= n / SORT_FRACTION {
            sort_frontier(&mut next[..next_len], &mut marks);
        }
        std::mem::swap(&mut frontier, &mut next);
        len = next_len;
    }
    cells
}

/// A frontier of at least `n / SORT_FRACTION` entries is put in increasing position
/// order before it is visited: it then reads the reverse offsets and the sources in
/// ascending addresses, several lists to a cache line and in the order the hardware
/// prefetcher follows, instead of two random lines per entry. Sorting by marks costs
/// one bit per entry plus a scan of `2n / 64` words, at most twice the frontier's
/// length at this fraction, so games with many small frontiers (long chains) keep
/// O(V + E).
const SORT_FRACTION: usize = 32;

/// Sorts `frontier` (entries of distinct positions) by position, through `marks`
/// (all clear before and after): set each entry's bit, then read the bits back in order.
fn sort_frontier(frontier: &mut [u32], marks: &mut [u64]) {
    for &entry in frontier.iter() {
        let bit = 2 * (entry & !ENTRY_B) as usize + usize::from(entry & ENTRY_B != 0);
        marks[bit / 64] |= 1 << (bit % 64);
    }
    let mut at = 0;
    for (i, word) in marks.iter_mut().enumerate() {
        let mut w = std::mem::take(word);
        while w != 0 {
            let bit = i * 64 + w.trailing_zeros() as usize;
            frontier[at] = (bit / 2) as u32 | if bit % 2 == 1 { ENTRY_B } else { 0 };
            at += 1;
            w &= w - 1;
        }
    }
}

/// Below this many bytes of cells the level loop does not prefetch: the cells stay in
/// the per-core cache, and the prefetch loop's unpredictable trip count costs more than
/// the latency it hides.
const PREFETCH_MIN_BYTES: usize = 1 << 20;

/// Processes frontier `entries` (decided at `remoteness − 1`) on the calling thread
/// alone: decides predecessors at `remoteness` into `out` and counts the others down,
/// returning how many it decided. Whether a visit decides, counts down or finds the
/// position decided already is unpredictable in a sparse game, so the loop computes
/// all three and selects, stores unconditionally and writes every candidate to `out`,
/// keeping only the decided ones: no branch per move but the loop's own.
#[inline(always)]
fn visit_plain<const PREFETCH: bool>(
    entries: &[u32],
    remoteness: u32,
    reverse: &Reverse,
    cells: &[AtomicU32],
    out: &mut [u32],
) -> usize {
    let offsets = &reverse.offsets;
    let sources = &reverse.sources;
    let position = |e: u32| (e & !ENTRY_B) as usize;
    let mut len = 0;
    for (i, &entry) in entries.iter().enumerate() {
        if PREFETCH {
            prefetch_ahead(entries, i, reverse, cells);
        }
        let q = position(entry);
        let (winner_moves, next) = if entry & ENTRY_B != 0 {
            (MOVER_B, WIN_B | remoteness)
        } else {
            (0, WIN_A | remoteness)
        };
        let tag = entry & ENTRY_B;
        for &x in &sources[offsets[q] as usize..offsets[q + 1] as usize] {
            let cell = &cells[x as usize];
            let current = cell.load(Relaxed);
            let undecided = current < DECIDED;
            // As in `visit`: a move to the mover's win, or the last undecided move.
            let decide = undecided & ((current & MOVER_B == winner_moves) | (current & COUNT_MASK == 1));
            let new = if decide {
                next
            } else if undecided {
                current - 1
            } else {
                current
            };
            cell.store(new, Relaxed);
            // `out` has a slot for every position, and each is decided at most once.
            out[len] = x | tag;
            len += usize::from(decide);
        }
    }
    len
}

/// Prefetches for the entries after entry `i`, in three stages so that the random
/// accesses of several entries overlap: the reverse offsets of the entry 16 ahead, its
/// sources 8 ahead, the predecessors' cells 4 ahead.
#[inline(always)]
fn prefetch_ahead(entries: &[u32], i: usize, reverse: &Reverse, cells: &[AtomicU32]) {
    let (offsets, sources) = (&reverse.offsets, &reverse.sources);
    let position = |e: u32| (e & !ENTRY_B) as usize;
    if let Some(&e) = entries.get(i + 16) {
        prefetch(offsets, position(e));
    }
    if let Some(&e) = entries.get(i + 8) {
        prefetch(sources, offsets[position(e)] as usize);
    }
    if let Some(&e) = entries.get(i + 4) {
        let q = position(e);
        for &x in &sources[offsets[q] as usize..offsets[q + 1] as usize] {
            prefetch(cells, x as usize);
        }
    }
}

/// Processes frontier `entries` (decided at `remoteness − 1`): decides predecessors
/// at `remoteness` into `out`, counts the others down. `ATOMIC` when other threads
/// work on the same cells.
#[inline(always)]
fn visit<const ATOMIC: bool>(
    entries: &[u32],
    remoteness: u32,
    reverse: &Reverse,
    cells: &[AtomicU32],
    out: &mut Vec<u32>,
) {
    let offsets = &reverse.offsets;
    let sources = &reverse.sources;
    let position = |e: u32| (e & !ENTRY_B) as usize;
    for (i, &entry) in entries.iter().enumerate() {
        prefetch_ahead(entries, i, reverse, cells);
        let q = position(entry);
        let b_won = entry & ENTRY_B != 0;
        let (winner_moves, next) = if b_won {
            (MOVER_B, WIN_B | remoteness)
        } else {
            (0, WIN_A | remoteness)
        };
        let tag = entry & ENTRY_B;
        for &x in &sources[offsets[q] as usize..offsets[q + 1] as usize] {
            let cell = &cells[x as usize];
            let mut current = cell.load(Relaxed);
            loop {
                if current >= DECIDED {
                    break;
                }
                // A move to the mover's win decides it, and so does its last
                // undecided move when that one is lost; either way the winner is this
                // entry's and the remoteness one more than its own.
                let decide = current & MOVER_B == winner_moves || current & COUNT_MASK == 1;
                let new = if decide { next } else { current - 1 };
                if ATOMIC {
                    if let Err(seen) = cell.compare_exchange_weak(current, new, Relaxed, Relaxed) {
                        current = seen;
                        continue;
                    }
                } else {
                    cell.store(new, Relaxed);
                }
                if decide {
                    out.push(x | tag);
                }
                break;
            }
        }
    }
}

/// The value of a cell.
#[inline]
fn value(cell: u32) -> Value {
    let remoteness = cell & (DECIDED - 1);
    match cell >> 30 {
        1 => Value::win(Side::A, remoteness),
        2 => Value::win(Side::B, remoteness),
        _ => Value::Draw,
    }
}

/// The values of all cells, on `threads` threads.
pub fn values_of(cells: &[u32], threads: usize) -> Vec<Value> {
    let mut values = vec![Value::Draw; cells.len()];
    if threads == 1 {
        values.iter_mut().zip(cells).for_each(|(v, &c)| *v = value(c));
    } else {
        values
            .par_chunks_mut(1 << 16)
            .zip(cells.par_chunks(1 << 16))
            .for_each(|(v, c)| v.iter_mut().zip(c).for_each(|(v, &c)| *v = value(c)));
    }
    values
}

/// Up to this many moves, [`solution`] reads every successor of a position rather
/// than stopping at the first optimal one.
const SCAN_ALL: usize = 8;

/// The solution: values and the first optimal move of every position ([semantics](crate::semantics#the-move-every-solver-reports)),
/// read off the cells on `threads` threads. Each position's moves are scanned in
/// order with the cells of the moves a little ahead prefetched.
pub fn solution(game: &Game, cells: &[u32], threads: usize) -> Solution {
    let n = game.positions();
    // Written once each below, in parallel: no serial zeroing first.
    let mut values: Vec<Value> = big_capacity(n);
    let mut choices: Vec<Option<u32>> = big_capacity(n);
    let (value_at, choice_at) = (Shared(values.as_mut_ptr()), Shared(choices.as_mut_ptr()));
    let prefetch = n * std::mem::size_of::<u32>() > PREFETCH_MIN_BYTES;
    let fill = |from: usize, to: usize| {
        if prefetch {
            fill_range::<true>(game, cells, from, to, value_at, choice_at);
        } else {
            fill_range::<false>(game, cells, from, to, value_at, choice_at);
        }
    };
    if threads == 1 {
        fill(0, n);
    } else {
        (0..n.div_ceil(CHUNK))
            .into_par_iter()
            .for_each(|k| fill(k * CHUNK, n.min((k + 1) * CHUNK)));
    }
    // SAFETY: every position 0..n was written above.
    unsafe {
        values.set_len(n);
        choices.set_len(n);
    }
    Solution { values, choices }
}

/// Writes the values and chosen moves of positions `from..to` through `value_at` and
/// `choice_at`, which no other task writes in that range.
#[inline(always)]
fn fill_range<const PREFETCH: bool>(
    game: &Game,
    cells: &[u32],
    from: usize,
    to: usize,
    value_at: Shared<Value>,
    choice_at: Shared<Option<u32>>,
) {
    let forward = game.offsets();
    let targets = game.targets();
    for p in from..to {
        let (start, end) = (forward[p] as usize, forward[p + 1] as usize);
        if PREFETCH {
            for &t in targets.get(start + 16..end + 16).unwrap_or(&[]) {
                prefetch(cells, t as usize);
            }
        }
        let here = cells[p];
        // The first optimal move is the first successor whose cell is `want`, once
        // every undecided cell reads as `DECIDED - 1`:
        // - drawn (undecided) here: the first undecided (drawn) successor;
        // - decided at remoteness r: the first successor with the same winner at
        //   r − 1, which as a cell is exactly one less. Terminals (r = 0) have no
        //   moves, so their `want` finding an undecided cell cannot happen.
        let want = here.max(DECIDED) - 1;
        let hit = |q: u32| cells[q as usize].max(DECIDED - 1) == want;
        let len = end - start;
        let window = if PREFETCH {
            None
        } else {
            targets.get(start..start + SCAN_ALL)
        };
        let choice = if let (true, Some(window)) = (len <= SCAN_ALL, window) {
            // Short lists, most of them: read a window of `SCAN_ALL` moves whatever the
            // length, so that the loop has a fixed count and unrolls, and keep the
            // first hit among the position's own moves without a branch, since where
            // it lies (and how many moves there are) is unpredictable.
            let mut first = u32::MAX;
            for k in (0..SCAN_ALL).rev() {
                let q = window[k];
                first = if (k < len) & hit(q) { q } else { first };
            }
            (first != u32::MAX).then_some(first)
        } else if len <= SCAN_ALL {
            // Beyond the cache, reading the window's other cells would cost misses.
            let mut first = None;
            for &q in targets[start..end].iter().rev() {
                first = if hit(q) { Some(q) } else { first };
            }
            first
        } else {
            targets[start..end].iter().copied().find(|&q| hit(q))
        };
        // SAFETY: p < n, and each p is written by one task only.
        unsafe {
            value_at.write(p, value(here));
            choice_at.write(p, choice);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameBuilder;

    /// The smallest graph-history case (the first trap of the semantics), on every thread count: c lost by
    /// its mover, a won by moving to c, b lost.
    #[test]
    fn graph_history_case_on_every_thread_count() {
        let mut b = GameBuilder::new();
        b.moves(Side::A, &[1u32, 2]);
        b.moves(Side::B, &[0u32]);
        b.moves::<u32>(Side::B, &[]);
        let g = b.build().unwrap();
        for threads in 1..=3 {
            let cells = with_pool(threads, || cells(&g, threads));
            let s = with_pool(threads, || solution(&g, &cells, threads));
            assert_eq!(
                s.values,
                vec![
                    Value::win(Side::A, 1),
                    Value::win(Side::A, 2),
                    Value::win(Side::A, 0)
                ]
            );
            assert_eq!(s.choices, vec![Some(2), Some(0), None]);
        }
    }
}
