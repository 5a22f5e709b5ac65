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
//! Speed: each frontier is kept as two lists, the positions A won and those B won, in
//! two queues that hold every level in turn, so that every visit loop knows its
//! winner at compile time and a visit is a handful of instructions without a branch.
//! On one thread each level's predecessor lists are gathered into small batches and
//! visited from there (see `visit_gathered`); from 16,384 positions the visits
//! prefetch ahead, so that the random accesses of several visits overlap instead of
//! stalling one by one, and games beyond the cache also put a large frontier in
//! position order, so that it reads the reverse index in ascending addresses. Below
//! 2^22 positions one thread does it all: on two cores, two with compare-and-swap are
//! slower there. Each thread keeps
//! the buffers of its last solve for the next (`Scratch`). A game in the cache solved
//! on several threads has one build the reverse index while another starts the cells
//! and maps in the solution (`solve_overlapped`).

use super::memory::{big_capacity, prefetch, reuse};
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

/// Runs `f` on a rayon pool of `threads` threads: directly when `threads` is 1 or the
/// current pool has that many (building a pool costs more than solving a game in the
/// cache), else on a pool of its own.
pub fn with_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    if threads <= 1 || rayon::current_num_threads() == threads {
        return f();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

/// The buffers a solve works in besides its results, kept by each thread for its next
/// solve: a run of many games in the cache (a campaign's cases, a contest's test
/// cases) then neither allocates nor faults in memory for them, which on a game of
/// 10^5 positions costs as much as a fifth of the solve.
#[derive(Default)]
struct Scratch {
    reverse: Reverse,
    cells: Vec<u32>,
    queues: Vec<u32>,
}

/// A thread keeps its [`Scratch`] only while it holds at most this many bytes, so that
/// one large game does not pin its memory to the thread.
const SCRATCH_MAX_BYTES: usize = 32 << 20;

thread_local! {
    static SCRATCH: std::cell::Cell<Scratch> = std::cell::Cell::new(Scratch::default());
}

/// Solves `game` in this thread's scratch and returns what `read` makes of the cells,
/// on `threads` threads of the current pool (1: no rayon).
fn with_cells<T>(game: &Game, threads: usize, read: impl FnOnce(&[u32]) -> T) -> T {
    // Taken out for the time of the solve, so that a solve started meanwhile on this
    // thread (a rayon task stolen while waiting) finds none and allocates its own.
    let mut scratch = SCRATCH.take();
    let n = game.positions();
    reverse::build_into(n, game.offsets(), game.targets(), threads, &mut scratch.reverse);
    propagate_in(
        game,
        &scratch.reverse,
        threads,
        &mut scratch.cells,
        &mut scratch.queues,
    );
    if !fits(&scratch) {
        // Not kept for the next solve: the reverse index goes before `read` allocates.
        scratch.reverse = Reverse::default();
    }
    let result = read(&scratch.cells);
    keep(scratch);
    result
}

/// Whether a thread keeps `scratch` for its next solve: while it holds at most
/// [`SCRATCH_MAX_BYTES`].
fn fits(scratch: &Scratch) -> bool {
    let Scratch {
        reverse,
        cells,
        queues,
    } = scratch;
    let held = reverse.offsets.capacity() + reverse.sources.capacity() + cells.capacity() + queues.capacity();
    held * std::mem::size_of::<u32>() <= SCRATCH_MAX_BYTES
}

/// Gives `scratch` back to this thread if it [`fits`].
fn keep(scratch: Scratch) {
    if fits(&scratch) {
        SCRATCH.set(scratch);
    }
}

/// The solution of `game` on `threads` threads of the current pool (1: no rayon).
pub fn solve(game: &Game, threads: usize) -> Solution {
    if threads > 1 && !reverse::in_parallel(game.positions()) {
        return solve_overlapped(game, threads);
    }
    with_cells(game, threads, |cells| solution(game, cells, threads))
}

/// [`solve`] of a game whose reverse index and propagation each run on one thread:
/// while one thread builds the index, another writes the first cells and maps in the
/// solution's memory, which needs no index. At 10^5 positions on two threads (best of
/// 300, alternated in one process): 4.15–4.42 ms against 4.95–5.13 solve after solve,
/// where the solution's memory is new each time; 4.37–4.61 against 4.44–4.71 with the
/// bench's other runs in between, which leave it mapped.
fn solve_overlapped(game: &Game, threads: usize) -> Solution {
    let mut scratch = SCRATCH.take();
    let n = game.positions();
    let Scratch {
        reverse,
        cells,
        queues,
    } = &mut scratch;
    let ((), (terminals, values, choices)) = rayon::join(
        || reverse::build_into(n, game.offsets(), game.targets(), 1, reverse),
        || {
            (
                start(game, threads, cells, queues),
                big_capacity(n),
                big_capacity(n),
            )
        },
    );
    run(game, reverse, threads, cells, queues, terminals);
    if !fits(&scratch) {
        scratch.reverse = Reverse::default();
    }
    let solution = solution_into(game, &scratch.cells, threads, avx2(), values, choices);
    keep(scratch);
    solution
}

/// The values of `game` on `threads` threads of the current pool (1: no rayon).
pub fn values(game: &Game, threads: usize) -> Vec<Value> {
    with_cells(game, threads, |cells| values_of(cells, threads))
}

/// The first cell of a position of `degree` moves, `b_moves` if B is its mover and
/// without an explicit outcome: its mover and number of moves, or the win of the
/// other side if it has none. Without a branch on whether it has moves, as random
/// games make that unpredictable, so that [`start`]'s pass over every position runs
/// in vector instructions.
#[inline(always)]
fn first_cell(degree: u32, b_moves: bool) -> u32 {
    // No moves: lost by its mover.
    let lost = if b_moves { WIN_A } else { WIN_B };
    let counting = degree | if b_moves { MOVER_B } else { 0 };
    let no_moves = 0u32.wrapping_sub(u32::from(degree == 0));
    counting ^ ((counting ^ lost) & no_moves)
}

/// The first cell of a terminal of explicit outcome `outcome`, which [`start`] writes
/// over the one [`first_cell`] gave it.
fn terminal_cell(outcome: Outcome) -> u32 {
    match outcome {
        Outcome::Win(Side::A) => WIN_A,
        Outcome::Win(Side::B) => WIN_B,
        // A terminal draw stays undecided for ever: it has no moves to count.
        Outcome::Draw => 0,
    }
}

/// What propagation works in besides the cells: the two queues and their levels.
struct Levels<'a> {
    reverse: &'a Reverse,
    cells: &'a [AtomicU32],
    threads: usize,
    /// Whether the game outgrows the cache: large frontiers are sorted.
    large: bool,
    /// Whether visits prefetch the predecessors' cells ([`PREFETCH_BYTES`]).
    prefetch: bool,
    /// The gathering batch of [`visit_gathered`].
    batch: &'a mut [u32],
    /// One bit per position, for [`sort_frontier`]; all clear between sorts.
    marks: Vec<u64>,
}

/// The positions won by A or by B in the order they were decided, level after level,
/// and where the current level starts and ends.
struct Queue<'a> {
    /// A slot for every position and one more: each position is decided at most once,
    /// and a visit writes one slot past the decided ones.
    slots: &'a mut [u32],
    from: usize,
    to: usize,
}

/// The cells of `game` given its reverse index, on `threads` threads of the current
/// pool (1: no rayon): decided cells are winner code | remoteness, undecided ones
/// are draws.
pub fn propagate(game: &Game, reverse: &Reverse, threads: usize) -> Vec<u32> {
    let mut cells = Vec::new();
    propagate_into(game, reverse, threads, &mut cells);
    cells
}

/// [`propagate`] into `cells`, whose memory is reused if it is large enough, as a
/// solve reuses its thread's: for a caller that propagates game after game.
pub fn propagate_into(game: &Game, reverse: &Reverse, threads: usize, cells: &mut Vec<u32>) {
    let mut scratch = SCRATCH.take();
    propagate_in(game, reverse, threads, cells, &mut scratch.queues);
    keep(scratch);
}

/// [`propagate`] into `cells`, with `queues` as the two queues' memory; both are
/// reused where large enough.
fn propagate_in(game: &Game, reverse: &Reverse, threads: usize, cells: &mut Vec<u32>, queues: &mut Vec<u32>) {
    let terminals = start(game, threads, cells, queues);
    run(game, reverse, threads, cells, queues, terminals);
}

/// The threads propagation runs on: `threads` only beyond [`PARALLEL_BYTES`].
fn propagation_threads(game: &Game, threads: usize) -> usize {
    if game.positions() * std::mem::size_of::<u32>() > PARALLEL_BYTES {
        threads
    } else {
        1
    }
}

/// The start of propagation, which needs no reverse index: sizes `cells` and `queues`
/// (reusing their memory where large enough), writes every first cell, and queues the
/// terminals won by A and by B, returning how many of each.
fn start(game: &Game, threads: usize, cells: &mut Vec<u32>, queues: &mut Vec<u32>) -> (usize, usize) {
    let n = game.positions();
    let threads = propagation_threads(game, threads);
    // Every cell, queue slot and batch slot is written before it is read. The gathering
    // batch shares the queues' memory, so that a solve allocates nothing of its own.
    reuse(cells, n, false);
    reuse(queues, 2 * (n + 1) + BATCH + GATHER, false);
    let (mut a, mut b, _) = split_queues(queues, n, (0, 0));
    // Writes the first cells of positions `base..` into `chunk` and the terminals won
    // by A and by B into `a` and `b`, returning how many of each. In three passes:
    // the first cells as if no position had an explicit outcome, in vector
    // instructions; the explicit outcomes, rare, over them; and the queues, where a
    // terminal's slot is written whatever it holds and kept or not, since which kind
    // a position is has no pattern to predict. (One loop doing all three: one
    // thread's propagation at 10^5 positions, best of 800, five alternations, 0.955–
    // 0.981 ms against 0.924–0.951.)
    let init = |base: usize, chunk: &mut [u32], a: &mut [u32], b: &mut [u32]| {
        let end = base + chunk.len();
        let (offsets, movers, terminals) = (
            &game.offsets()[base..=end],
            &game.movers()[base..end],
            &game.terminals()[base..end],
        );
        for (i, cell) in chunk.iter_mut().enumerate() {
            *cell = first_cell(offsets[i + 1] - offsets[i], movers[i] == Side::B);
        }
        for (cell, terminal) in chunk.iter_mut().zip(terminals) {
            if let Some(outcome) = *terminal {
                *cell = terminal_cell(outcome);
            }
        }
        let (mut a_len, mut b_len) = (0, 0);
        for (i, &cell) in chunk.iter().enumerate() {
            let p = (base + i) as u32;
            a[a_len] = p;
            b[b_len] = p;
            a_len += usize::from((WIN_A..WIN_B).contains(&cell));
            b_len += usize::from(cell >= WIN_B);
        }
        (a_len, b_len)
    };
    if threads == 1 {
        (a.to, b.to) = init(0, cells, a.slots, b.slots);
    } else {
        let lists: Vec<(Vec<u32>, Vec<u32>)> = cells
            .par_chunks_mut(1 << 16)
            .enumerate()
            .map(|(k, chunk)| {
                let (mut a, mut b) = (vec![0; chunk.len() + 1], vec![0; chunk.len() + 1]);
                let (a_len, b_len) = init(k << 16, chunk, &mut a, &mut b);
                a.truncate(a_len);
                b.truncate(b_len);
                (a, b)
            })
            .collect();
        for (a_list, b_list) in lists {
            a.append(&a_list);
            b.append(&b_list);
        }
    }
    (a.to, b.to)
}

/// Propagation from [`start`]'s cells and queues (`terminals`: how many of each
/// winner it queued) to the end, given the reverse index.
fn run(
    game: &Game,
    reverse: &Reverse,
    threads: usize,
    cells: &mut [u32],
    queues: &mut [u32],
    terminals: (usize, usize),
) {
    let n = game.positions();
    let large = n * std::mem::size_of::<u32>() > LARGE_BYTES;
    let prefetch = n * std::mem::size_of::<u32>() > PREFETCH_BYTES;
    let threads = propagation_threads(game, threads);
    let (mut a, mut b, batch) = split_queues(queues, n, terminals);
    // SAFETY: AtomicU32 has the same size, alignment and bit validity as u32, and the
    // exclusive borrow of `cells` lasts as long as this view.
    let atomic: &[AtomicU32] = unsafe { &*(cells as *mut [u32] as *const [AtomicU32]) };
    let mut levels = Levels {
        reverse,
        cells: atomic,
        threads,
        large,
        prefetch,
        batch,
        // The first frontier is in order already.
        marks: if large {
            vec![0; n.div_ceil(64)]
        } else {
            Vec::new()
        },
    };
    let mut remoteness = 0u32;
    while a.from < a.to || b.from < b.to {
        remoteness += 1;
        levels.next::<false>(&mut a, remoteness);
        levels.next::<true>(&mut b, remoteness);
    }
}

/// The queues' memory of a game of `n` positions as the queue of A's wins, the queue
/// of B's wins and the gathering batch, the queues holding `(a, b)` terminals each.
fn split_queues(queues: &mut [u32], n: usize, (a, b): (usize, usize)) -> (Queue<'_>, Queue<'_>, &mut [u32]) {
    let (a_slots, rest) = queues.split_at_mut(n + 1);
    let (b_slots, batch) = rest.split_at_mut(n + 1);
    let queue = |slots, to| Queue { slots, from: 0, to };
    (queue(a_slots, a), queue(b_slots, b), batch)
}

impl Queue<'_> {
    /// Appends `list` to the current level.
    fn append(&mut self, list: &[u32]) {
        self.slots[self.to..self.to + list.len()].copy_from_slice(list);
        self.to += list.len();
    }
}

impl Levels<'_> {
    /// Visits the current level of `queue`, positions won by B if `B_WON` (else A) at
    /// `remoteness − 1`, and makes the positions it decides the next level.
    fn next<const B_WON: bool>(&mut self, queue: &mut Queue, remoteness: u32) {
        let (done, rest) = queue.slots.split_at_mut(queue.to);
        let entries = &done[queue.from..];
        let decided = if self.threads == 1 || entries.len() < PARALLEL_FRONTIER {
            // No other thread runs meanwhile: plain loads and stores suffice.
            let visit = if self.prefetch {
                visit_gathered::<B_WON, true>
            } else {
                visit_gathered::<B_WON, false>
            };
            visit(entries, remoteness, self.reverse, self.cells, rest, self.batch)
        } else {
            let lists: Vec<Vec<u32>> = entries
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut out = Vec::new();
                    visit_atomic::<B_WON>(chunk, remoteness, self.reverse, self.cells, &mut out);
                    out
                })
                .collect();
            let mut len = 0;
            for list in lists {
                rest[len..len + list.len()].copy_from_slice(&list);
                len += list.len();
            }
            len
        };
        if self.large && decided >= self.cells.len() / SORT_FRACTION {
            sort_frontier(&mut rest[..decided], &mut self.marks);
        }
        queue.from = queue.to;
        queue.to += decided;
    }
}

/// A frontier of at least `n / SORT_FRACTION` entries of a game beyond the cache is
/// put in increasing position order before it is visited: it then reads the reverse
/// offsets and the sources in ascending addresses, several lists to a cache line and
/// in the order the hardware prefetcher follows, instead of two random lines per
/// entry. Sorting by marks costs one bit per entry plus a scan of `n / 64` words, at
/// most twice the frontier's length at this fraction, so games with many small
/// frontiers (long chains) keep O(V + E). In the cache the sort costs more than it saves.
const SORT_FRACTION: usize = 32;

/// Sorts `frontier` (distinct positions) through `marks` (all clear before and
/// after): set each position's bit, then read the bits back in order.
fn sort_frontier(frontier: &mut [u32], marks: &mut [u64]) {
    for &p in frontier.iter() {
        marks[p as usize / 64] |= 1 << (p % 64);
    }
    let mut at = 0;
    for (i, word) in marks.iter_mut().enumerate() {
        let mut w = std::mem::take(word);
        while w != 0 {
            frontier[at] = (i * 64) as u32 + w.trailing_zeros();
            at += 1;
            w &= w - 1;
        }
    }
}

/// Above this many bytes of cells (2^22 positions) propagation runs on the pool;
/// below, the plain loop on one thread outruns two with compare-and-swap. Measured
/// on two cores, two threads' time over one thread's in one run: 1.38–1.67 at 10^6
/// positions, 0.92–1.11 at 3·10^6, 0.99 at 5·10^6, 0.86–0.87 at 7·10^6 and 10^7.
const PARALLEL_BYTES: usize = 16 << 20;

/// Above this many bytes of cells a game counts as large: its cells leave the
/// per-core cache, so the level loop sorts large frontiers.
const LARGE_BYTES: usize = 1 << 20;

/// Above this many bytes of cells (16,384 positions) a visit prefetches the cells of
/// the predecessors ahead. Well before the cells leave the per-core cache, since the
/// reverse index and queues share it: on a Zen 3 core (32 KiB L1, 512 KiB L2), one
/// thread's propagation of random games, best of many in one process, with the
/// prefetch against without: 2,000 positions 0.025 ms against 0.024; 10^4 0.128
/// against 0.128; 3·10^4 0.40 against 0.43; 6·10^4 0.86 against 1.04; 10^5 1.50
/// against 2.01; 2·10^5 3.2 against 4.6.
const PREFETCH_BYTES: usize = 64 << 10;

/// Whether a visit from a position B won (if `B_WON`, else A) decides the undecided or
/// decided cell `current` (never a terminal's: terminals have no moves): a move to
/// the mover's win does, and so does the last undecided move. With the winner known
/// both are range checks on the cell.
#[inline(always)]
fn decides<const B_WON: bool>(current: u32) -> bool {
    if B_WON {
        // Undecided with B to move, or A to move with one move left.
        (current.wrapping_sub(MOVER_B) < DECIDED - MOVER_B) | (current == 1)
    } else {
        // Undecided with A to move, or B to move with one move left.
        (current.wrapping_sub(1) < MOVER_B - 1) | (current == MOVER_B | 1)
    }
}

/// Visits predecessors `xs` of positions B won (if `B_WON`, else A) at
/// `remoteness − 1`, with no other thread at work: decides at `remoteness` those it
/// decides, appending them to `out` after its first `len`, and counts the others down;
/// returns the new length. Whether a visit decides, counts down or finds the position
/// decided already is unpredictable in a sparse game, so the loop selects instead of
/// branching, stores the cell unconditionally and writes every position to `out`,
/// keeping only the decided ones. `out` needs a slot past the last decided position.
/// Never inlined: inside its callers it ran short of registers and reloaded its
/// pointers from the stack at every visit (propagation at 10^5 positions 1.55 ->
/// 1.35 ms; the `wide` family's 20,000 cases 26.3 -> 25.1 s).
#[inline(never)]
fn decide_plain<const B_WON: bool, const PREFETCH: bool>(
    xs: &[u32],
    remoteness: u32,
    cells: &[AtomicU32],
    out: &mut [u32],
    mut len: usize,
) -> usize {
    let next = if B_WON { WIN_B } else { WIN_A } | remoteness;
    for (k, &x) in xs.iter().enumerate() {
        if PREFETCH {
            if let Some(&ahead) = xs.get(k + PREFETCH_CELLS) {
                prefetch(cells, ahead as usize);
            }
        }
        let cell = &cells[x as usize];
        let current = cell.load(Relaxed);
        let decide = decides::<B_WON>(current);
        let new = if decide {
            next
        } else {
            current - u32::from(current < DECIDED)
        };
        cell.store(new, Relaxed);
        out[len] = x;
        len += usize::from(decide);
    }
    len
}

/// Predecessor lists of at most this many moves are gathered by a copy of fixed length.
const GATHER: usize = 8;
/// Gathered predecessors are decided in batches of about this many: a batch stays in
/// the L1 cache between its gathering and its visit.
const BATCH: usize = 2048;
/// Past [`PREFETCH_BYTES`], a visit prefetches the cell of the predecessor this many
/// ahead in its batch (measured: 16 too few at 10^7 positions, 64 no better than 32).
const PREFETCH_CELLS: usize = 32;

/// Visits the predecessors of frontier `entries` (won by B if `B_WON`, else A, at
/// `remoteness − 1`) on the calling thread alone; decides into `out` and returns how
/// many it decided. A predecessor list's length is unpredictable, and a loop over each
/// list in turn pays a mispredicted branch at the end of almost every one. So the
/// entries' lists are first gathered into `batch`, each by a copy of [`GATHER`] moves
/// whatever its length (the next list overwrites the excess), and the batch is then
/// visited in one loop without a branch but its own — with the cells of the
/// predecessors ahead prefetched if `PREFETCH`, past [`PREFETCH_BYTES`] of cells. Longer
/// lists, and the last few moves of the index, are visited in place. The reverse
/// offsets and sources of the entries ahead are prefetched (16 and 8 ahead).
fn visit_gathered<const B_WON: bool, const PREFETCH: bool>(
    entries: &[u32],
    remoteness: u32,
    reverse: &Reverse,
    cells: &[AtomicU32],
    out: &mut [u32],
    batch: &mut [u32],
) -> usize {
    let (offsets, sources) = (&reverse.offsets, &reverse.sources);
    let mut fill = 0;
    let mut len = 0;
    for (i, &q) in entries.iter().enumerate() {
        if let Some(&ahead) = entries.get(i + 16) {
            prefetch(offsets, ahead as usize);
        }
        if let Some(&ahead) = entries.get(i + 8) {
            prefetch(sources, offsets[ahead as usize] as usize);
        }
        let (start, end) = (offsets[q as usize] as usize, offsets[q as usize + 1] as usize);
        match sources.get(start..start + GATHER) {
            Some(window) if end - start <= GATHER => {
                batch[fill..fill + GATHER].copy_from_slice(window);
                fill += end - start;
                if fill > BATCH {
                    len = decide_plain::<B_WON, PREFETCH>(&batch[..fill], remoteness, cells, out, len);
                    fill = 0;
                }
            }
            _ => len = decide_plain::<B_WON, PREFETCH>(&sources[start..end], remoteness, cells, out, len),
        }
    }
    decide_plain::<B_WON, PREFETCH>(&batch[..fill], remoteness, cells, out, len)
}

/// Prefetches for the entries after entry `i`, in three stages so that the random
/// accesses of several entries overlap: the reverse offsets of the entry 16 ahead, its
/// sources 8 ahead, the predecessors' cells 4 ahead.
#[inline(always)]
fn prefetch_ahead(entries: &[u32], i: usize, reverse: &Reverse, cells: &[AtomicU32]) {
    let (offsets, sources) = (&reverse.offsets, &reverse.sources);
    if let Some(&q) = entries.get(i + 16) {
        prefetch(offsets, q as usize);
    }
    if let Some(&q) = entries.get(i + 8) {
        prefetch(sources, offsets[q as usize] as usize);
    }
    if let Some(&q) = entries.get(i + 4) {
        for &x in &sources[offsets[q as usize] as usize..offsets[q as usize + 1] as usize] {
            prefetch(cells, x as usize);
        }
    }
}

/// Visits the predecessors of frontier `entries` (won by B if `B_WON`, else A, at
/// `remoteness − 1`) while other threads work on the same cells: each update is a
/// compare-and-swap, retried when another thread changed the cell meanwhile.
fn visit_atomic<const B_WON: bool>(
    entries: &[u32],
    remoteness: u32,
    reverse: &Reverse,
    cells: &[AtomicU32],
    out: &mut Vec<u32>,
) {
    let (offsets, sources) = (&reverse.offsets, &reverse.sources);
    let next = if B_WON { WIN_B } else { WIN_A } | remoteness;
    for (i, &q) in entries.iter().enumerate() {
        prefetch_ahead(entries, i, reverse, cells);
        for &x in &sources[offsets[q as usize] as usize..offsets[q as usize + 1] as usize] {
            let cell = &cells[x as usize];
            let mut current = cell.load(Relaxed);
            while current < DECIDED {
                let decide = decides::<B_WON>(current);
                let new = if decide { next } else { current - 1 };
                match cell.compare_exchange_weak(current, new, Relaxed, Relaxed) {
                    Ok(_) => {
                        if decide {
                            out.push(x);
                        }
                        break;
                    }
                    Err(seen) => current = seen,
                }
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
    solution_with(game, cells, threads, avx2())
}

/// Whether the CPU has AVX2, for [`window_hits`].
fn avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::arch::is_x86_feature_detected!("avx2");
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// [`solution`], the short lists' windows read by one AVX2 gather each if `gather`
/// (which the caller has checked the CPU supports) and by eight loads otherwise: at
/// 10^5 positions on one thread 1.72–1.78 ms the eight loads, 1.24–1.34 ms the gather
/// (the whole solve 5.7–6.0 ms against 5.0–5.5; best of 300, alternated in one process).
fn solution_with(game: &Game, cells: &[u32], threads: usize, gather: bool) -> Solution {
    // Written once each, in parallel: no serial zeroing first.
    let n = game.positions();
    solution_into(game, cells, threads, gather, big_capacity(n), big_capacity(n))
}

/// [`solution_with`] into `values` and `choices`, empty with room for every position.
fn solution_into(
    game: &Game,
    cells: &[u32],
    threads: usize,
    gather: bool,
    mut values: Vec<Value>,
    mut choices: Vec<Option<u32>>,
) -> Solution {
    let n = game.positions();
    // The gather reads `cells` at every move's target, unchecked; the fill writes
    // through raw pointers.
    assert_eq!(cells.len(), n, "one cell per position");
    assert!(values.is_empty() && choices.is_empty() && values.capacity() >= n && choices.capacity() >= n);
    let (value_at, choice_at) = (Shared(values.as_mut_ptr()), Shared(choices.as_mut_ptr()));
    let prefetch = n * std::mem::size_of::<u32>() > LARGE_BYTES;
    // Beyond the cache the windows are not read (see `fill_range`); in it, ids are
    // below 2^18, non-negative as the gather's `i32` offsets.
    let gather = gather && !prefetch;
    let fill = |from: usize, to: usize| {
        #[cfg(target_arch = "x86_64")]
        if gather {
            // SAFETY: the caller has checked that the CPU has AVX2.
            unsafe { fill_range_avx2(game, cells, from, to, value_at, choice_at) };
            return;
        }
        if prefetch {
            fill_range::<true, false>(game, cells, from, to, value_at, choice_at);
        } else {
            fill_range::<false, false>(game, cells, from, to, value_at, choice_at);
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

/// [`fill_range`] in the cache, compiled for AVX2 so that [`window_hits`] gathers.
///
/// # Safety
/// The CPU has AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn fill_range_avx2(
    game: &Game,
    cells: &[u32],
    from: usize,
    to: usize,
    value_at: Shared<Value>,
    choice_at: Shared<Option<u32>>,
) {
    fill_range::<false, true>(game, cells, from, to, value_at, choice_at);
}

/// The mask of the window's moves whose cell, with undecided cells read as
/// `DECIDED - 1`, is `want`: the eight cells by one gather, compared at once.
///
/// # Safety
/// Inlined only into code compiled for AVX2 ([`fill_range_avx2`]).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn window_hits(cells: &[u32], window: &[u32], want: u32) -> u32 {
    use std::arch::x86_64::*;
    debug_assert!(window.len() == SCAN_ALL && cells.len() <= 1 << 18);
    // SAFETY: AVX2 as the caller promises; the window's eight ids are moves' targets,
    // positions below `cells.len()` (a `Game` has no other, and `solution_into`
    // checks one cell per position), at most 2^18 in the cache, so non-negative as
    // `i32` offsets of 4 bytes each from the start of `cells`.
    unsafe {
        let idx = _mm256_loadu_si256(window.as_ptr() as *const __m256i);
        let got = _mm256_i32gather_epi32::<4>(cells.as_ptr() as *const i32, idx);
        let read = _mm256_max_epu32(got, _mm256_set1_epi32((DECIDED - 1) as i32));
        let eq = _mm256_cmpeq_epi32(read, _mm256_set1_epi32(want as i32));
        _mm256_movemask_ps(_mm256_castsi256_ps(eq)) as u32
    }
}

/// Writes the values and chosen moves of positions `from..to` through `value_at` and
/// `choice_at`, which no other task writes in that range.
#[inline(always)]
fn fill_range<const PREFETCH: bool, const GATHER: bool>(
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
            // first hit among the position's own moves by a mask of hits, without a
            // branch, since where it lies (and how many moves there are) is unpredictable.
            let mut hits = 0u32;
            #[cfg(target_arch = "x86_64")]
            if GATHER {
                // SAFETY: `GATHER` only in `fill_range_avx2`.
                hits = unsafe { window_hits(cells, window, want) };
            }
            if !GATHER {
                for (k, &q) in window.iter().enumerate() {
                    hits |= u32::from(hit(q)) << k;
                }
            }
            hits &= (1 << len) - 1;
            (hits != 0).then(|| window[hits.trailing_zeros() as usize])
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

    /// A thread's scratch is reused by its next solve, whatever the next game's size:
    /// games larger and smaller than the one before, solved one after the other on
    /// this thread, each get value iteration's solution, where a stale cell, queue slot
    /// or reverse list left by the game before would show.
    #[test]
    fn scratch_left_by_a_larger_or_smaller_game_changes_nothing() {
        use crate::solve::{Fixpoint, Solver};
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for n in [300u32, 20, 1000, 1, 1000, 5, 300] {
            let mut b = GameBuilder::new();
            for _ in 0..n {
                let side = if rng.gen() { Side::A } else { Side::B };
                if rng.gen_ratio(1, 10) {
                    b.terminal(
                        side,
                        if rng.gen() {
                            Outcome::Win(Side::A)
                        } else {
                            Outcome::Draw
                        },
                    );
                } else {
                    let moves: Vec<u32> = (0..rng.gen_range(0..6)).map(|_| rng.gen_range(0..n)).collect();
                    b.moves(side, &moves);
                }
            }
            let g = b.build().unwrap();
            assert_eq!(
                solve(&g, 1),
                Fixpoint::default().solve(&g).unwrap(),
                "{n} positions"
            );
        }
    }

    /// Both ways of reading a short list's window, the eight loads and the AVX2 gather
    /// (where the CPU has it), give value iteration's chosen moves: on games of every
    /// degree around the window's eight, with draws, both winners, repeated moves and
    /// the last positions' windows running into the end of the moves.
    #[test]
    fn window_read_by_loads_or_gather_gives_the_same_moves() {
        use crate::solve::{Fixpoint, Solver};
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let gather = avx2();
        for round in 0..300 {
            let n = rng.gen_range(1..200u32);
            let mut b = GameBuilder::new();
            for _ in 0..n {
                let side = if rng.gen() { Side::A } else { Side::B };
                let degree = rng.gen_range(0..=10 + round % 4);
                let moves: Vec<u32> = (0..degree).map(|_| rng.gen_range(0..n)).collect();
                b.moves(side, &moves);
            }
            let g = b.build().unwrap();
            let want = Fixpoint::default().solve(&g).unwrap();
            let mut cells = Vec::new();
            propagate_into(&g, &Reverse::of(&g), 1, &mut cells);
            for way in [false, gather] {
                assert_eq!(solution_with(&g, &cells, 1, way), want, "gather {way}: {g:?}");
            }
        }
    }

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
            let s = with_pool(threads, || solve(&g, threads));
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
