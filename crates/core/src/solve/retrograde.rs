//! The optimized solver: backward breadth-first propagation from terminal positions
//! with a counter of undecided moves per position, in O(V+E).
//!
//! The FIFO queue is a plain vector with a read cursor (each position is enqueued at
//! most once). Positions leave it in non-decreasing remoteness, which is what makes
//! "1 + min" (the first winning successor to be decided) and "1 + max" (the last
//! successor to be decided) come out right.
//!
//! Layout for speed: all per-position state the inner loop touches (decided winner,
//! mover, and a number that is the undecided-move counter until the position is decided
//! and its remoteness after) is packed into one word, `u32` unless the game is giant,
//! so each reverse edge costs one random access to a compact array; large arrays ask
//! for huge pages, and the loops prefetch a few edges ahead.
//!
//! The propagation runs over any [`Graph`]: a [`Game`] with its reverse adjacency, or a
//! contest product game whose predecessors are computed from the contest graph's own
//! reverse adjacency, without materializing the product.
//!
//! A [`Game`] whose counters fit `u32` cells (every game but giant ones) goes instead
//! to the level-synchronous solver of [`super::parallel`], with the reverse index of
//! [`super::reverse`]: its frontiers are kept by winner and its predecessor lists
//! visited in batches by a loop without a branch, so it is the faster at every size;
//! from 16,384 positions it prefetches, and from 2^18
//! [`solve_with_threads`] builds the reverse index and reads the chosen moves off on a
//! pool, and from 2^22 positions propagates there too. The queue
//! solver here remains for giant games (`u64` cells) and for contest product games
//! computed on the fly ([`graph_values`], [`graph_outcomes`]). The results are
//! identical; `tests/suite/parallel.rs` checks it for every family.

use super::memory::{big_vec, prefetch};
pub use super::reverse::Reverse;
use super::{parallel, SolveError, Solver};
use crate::game::{Game, Outcome, Side, Value};
use crate::solution::Solution;

/// The queue-based retrograde solver, on `threads` threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retrograde {
    /// Threads that solve one game: 1 (the default) solves on the calling thread alone
    /// (a tester that runs a game per thread must not oversubscribe), 0 on one thread
    /// per core; the solution is the same for every count.
    pub threads: usize,
}

/// The one-thread solver, so that `Retrograde.solve(&game)` reads as for a unit
/// struct; `Retrograde { threads: 0 }` solves on every core.
#[allow(non_upper_case_globals)]
pub const Retrograde: Retrograde = Retrograde { threads: 1 };

impl Default for Retrograde {
    fn default() -> Retrograde {
        Retrograde
    }
}

impl Solver for Retrograde {
    fn name(&self) -> &str {
        "retrograde"
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        Ok(match self.threads {
            1 => solve(game),
            threads => solve_with_threads(game, threads),
        })
    }
}

/// What propagation needs of a game: each position's mover, explicit label and number
/// of moves, and who moves to each position.
pub trait Graph {
    /// The number of positions; ids are `0..positions()`, below `u32::MAX`.
    fn positions(&self) -> usize;
    /// The number of moves in all.
    fn move_count(&self) -> usize;
    /// Mover, explicit terminal outcome, and number of moves (counted per move, so
    /// repeated moves and self-loops count as often as they occur).
    fn position(&self, p: u32) -> (Side, Option<Outcome>, u32);
    /// The positions with a move to `q`, once per such move.
    fn predecessors(&self, q: u32) -> Predecessors<'_>;
    /// The largest number of moves of any position, to choose the cell width.
    fn max_degree(&self) -> u32;
    /// Whether predecessor lists live in memory of their own, each at a random place
    /// (a reverse index), rather than being computed from a small contest graph: only
    /// then does the queue loop gain from asking for them a few pops ahead, and
    /// computing them twice more per pop would slow an implicit product down.
    const STORED_LISTS: bool = false;
    /// A hint that [`Graph::predecessors`] of `q` will soon be asked for, so that the
    /// list's bounds are in the cache by then; called only if [`Graph::STORED_LISTS`].
    #[inline]
    fn prefetch_predecessors(&self, q: u32) {
        let _ = q;
    }
}

/// A list of predecessors: `x · scale + offset` for each `x` in `sources` other than
/// `skip`. A plain reverse adjacency is the identity map; a product game's predecessors
/// are the contest graph's reverse adjacency scaled into a layer of the product, minus
/// the one terminal position that has no moves. The map is computed in wrapping `u32`
/// arithmetic, so that a ring (berzerk) can store a step that wraps around as a
/// "negative" source `x − n` and still use one contiguous slice per position.
#[derive(Clone, Copy, Debug)]
pub struct Predecessors<'a> {
    /// Source ids, before the map; each occurrence stands for one move, so repeated
    /// moves and self-loops occur as often as they exist.
    pub sources: &'a [u32],
    /// Multiplies a source id (1 in a plain list); `x · scale + offset` wraps modulo
    /// 2³², and must land on a position id.
    pub scale: u32,
    /// Added after scaling (0 in a plain list).
    pub offset: u32,
    /// A source to leave out; `u32::MAX` for none.
    pub skip: u32,
}

impl<'a> Predecessors<'a> {
    /// The ids in `sources` as they are: scale 1, offset 0, nothing skipped.
    pub fn plain(sources: &'a [u32]) -> Predecessors<'a> {
        Predecessors {
            sources,
            scale: 1,
            offset: 0,
            skip: u32::MAX,
        }
    }
}

/// A [`Game`] with its reverse adjacency.
pub struct Indexed<'g> {
    game: &'g Game,
    reverse: Reverse,
}

impl<'g> Indexed<'g> {
    /// Builds the reverse adjacency of `game`, in O(V+E) time and memory.
    pub fn new(game: &'g Game) -> Indexed<'g> {
        Indexed {
            game,
            reverse: Reverse::of(game),
        }
    }
}

impl Graph for Indexed<'_> {
    fn positions(&self) -> usize {
        self.game.positions()
    }

    fn move_count(&self) -> usize {
        self.game.move_count()
    }

    #[inline]
    fn position(&self, p: u32) -> (Side, Option<Outcome>, u32) {
        let o = self.game.offsets();
        (
            self.game.mover(p),
            self.game.terminal(p),
            o[p as usize + 1] - o[p as usize],
        )
    }

    #[inline]
    fn predecessors(&self, q: u32) -> Predecessors<'_> {
        Predecessors::plain(self.reverse.of_position(q))
    }

    const STORED_LISTS: bool = true;

    #[inline]
    fn prefetch_predecessors(&self, q: u32) {
        prefetch(&self.reverse.offsets, q as usize);
    }

    fn max_degree(&self) -> u32 {
        self.game
            .offsets()
            .windows(2)
            .map(|w| w[1] - w[0])
            .max()
            .unwrap_or(0)
    }
}

/// Solves `game` completely: values and the reported moves of the
/// [semantics](crate::semantics#the-move-every-solver-reports), on the calling thread alone — the harness runs one case per
/// thread and must not oversubscribe.
pub fn solve(game: &Game) -> Solution {
    if !parallel::supports(game) {
        return solve_sequential(game);
    }
    parallel::solve(game, 1)
}

/// Solves `game` on `threads` threads (0: one per available core): those of the
/// current rayon pool if it has that many, else of a pool of its own; the result is the
/// same as [`solve`]'s for every thread count.
pub fn solve_with_threads(game: &Game, threads: usize) -> Solution {
    let threads = thread_count(threads);
    if !parallel::supports(game) || !threads_pay(game, threads) {
        return solve(game);
    }
    parallel::with_pool(threads, || parallel::solve(game, threads))
}

/// The values of `game` on `threads` threads (0: one per available core), as
/// [`solve_with_threads`] would use them.
pub fn values_with_threads(game: &Game, threads: usize) -> Vec<Value> {
    if !parallel::supports(game) {
        return graph_values(&Indexed::new(game));
    }
    let threads = thread_count(threads);
    let threads = if threads_pay(game, threads) { threads } else { 1 };
    parallel::with_pool(threads, || parallel::values(game, threads))
}

/// From this many positions a game gains from the threads of a pool that exists
/// already: its chosen moves are read off in parallel (a game in the cache still
/// propagates on one thread). Below it the solve is over in a millisecond or two.
const SHARED_POOL_MIN_POSITIONS: usize = 1 << 15;
/// From this many positions a game gains even from a pool built for it: below, building
/// the pool costs more than the second core saves.
const OWN_POOL_MIN_POSITIONS: usize = 1 << 18;

/// Whether solving `game` on `threads` threads rather than one pays (see the two
/// bounds above); otherwise it is solved on the calling thread, with no pool at all.
fn threads_pay(game: &Game, threads: usize) -> bool {
    let n = game.positions();
    threads > 1
        && (n >= OWN_POOL_MIN_POSITIONS
            || (n >= SHARED_POOL_MIN_POSITIONS && rayon::current_num_threads() == threads))
}

/// `threads`, or the number of available cores for 0.
pub fn thread_count(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

/// The queue solver over [`Indexed`], for games whose counters need `u64` cells.
fn solve_sequential(game: &Game) -> Solution {
    let cells = propagate::<u64, _>(&Indexed::new(game));
    Solution {
        values: values_of(&cells),
        choices: choose(game, &cells),
    }
}

/// Solves `game` and returns only the values, for front-ends that print outcomes.
pub fn values(game: &Game) -> Vec<Value> {
    values_with_threads(game, 1)
}

/// The values of any [`Graph`].
pub fn graph_values<G: Graph>(graph: &G) -> Vec<Value> {
    if fits_u32(graph) {
        values_of(&propagate::<u32, G>(graph))
    } else {
        values_of(&propagate::<u64, G>(graph))
    }
}

/// The outcomes of any [`Graph`]: what contest answers need. Without remoteness a
/// cell needs only a counter as wide as the largest number of moves, so a sparse
/// game's cells take one byte and its working set can stay in cache.
pub fn graph_outcomes<G: Graph>(graph: &G) -> Vec<Outcome> {
    let degree = graph.max_degree();
    if degree < u32::from(Narrow::<u8>::COUNT_MASK.0) {
        outcomes_of(&propagate::<Narrow<u8>, G>(graph))
    } else if degree < u32::from(Narrow::<u16>::COUNT_MASK.0) {
        outcomes_of(&propagate::<Narrow<u16>, G>(graph))
    } else if fits_u32(graph) {
        outcomes_of(&propagate::<u32, G>(graph))
    } else {
        outcomes_of(&propagate::<u64, G>(graph))
    }
}

fn outcomes_of<C: Cell>(cells: &[C]) -> Vec<Outcome> {
    cells
        .iter()
        .map(|&cell| match cell.to_u64() >> (C::BITS - 2) {
            1 => Outcome::Win(Side::A),
            2 => Outcome::Win(Side::B),
            _ => Outcome::Draw,
        })
        .collect()
}

/// Whether counters and remoteness fit the 29 bits a `u32` cell leaves them: half the
/// memory traffic of `u64` cells, which only giant games need.
fn fits_u32<G: Graph>(graph: &G) -> bool {
    let limit = u32::COUNT_MASK;
    graph.positions() < limit as usize && graph.max_degree() < limit
}

/// A cell: the top two bits are the winner (0 while undecided, 1 for A, 2 for B).
/// Undecided, the next bit is the mover (set for B) and the bits below it count the
/// undecided moves; decided, the bits below the winner hold the remoteness.
trait Cell:
    Copy
    + Ord
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
{
    const BITS: u32;
    const ZERO: Self;
    const ONE: Self;
    const MOVER_B: Self;
    const COUNT_MASK: Self;
    /// The smallest decided cell: everything at or above it is decided.
    const DECIDED: Self;
    /// Whether decided cells count remoteness; [`Narrow`] ones only hold the winner.
    const REMOTENESS: bool = true;
    fn from_u64(x: u64) -> Self;
    fn to_u64(self) -> u64;

    fn decided(winner: Side, remoteness: u64) -> Self {
        let code = match winner {
            Side::A => 1,
            Side::B => 2,
        };
        Self::from_u64(code << (Self::BITS - 2) | remoteness)
    }
}

macro_rules! cell {
    ($t:ty) => {
        impl Cell for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: $t = 0;
            const ONE: $t = 1;
            const MOVER_B: $t = 1 << (<$t>::BITS - 3);
            const COUNT_MASK: $t = (1 << (<$t>::BITS - 3)) - 1;
            const DECIDED: $t = 1 << (<$t>::BITS - 2);
            fn from_u64(x: u64) -> $t {
                x as $t
            }
            fn to_u64(self) -> u64 {
                self as u64
            }
        }
    };
}
cell!(u32);
cell!(u64);

/// A cell too narrow for remoteness, for outcomes only: the bits below the winner
/// count undecided moves, then stay zero once the position is decided.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Narrow<T>(T);

macro_rules! narrow {
    ($t:ty) => {
        impl Cell for Narrow<$t> {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = Narrow(0);
            const ONE: Self = Narrow(1);
            const MOVER_B: Self = Narrow(1 << (<$t>::BITS - 3));
            const COUNT_MASK: Self = Narrow((1 << (<$t>::BITS - 3)) - 1);
            const DECIDED: Self = Narrow(1 << (<$t>::BITS - 2));
            const REMOTENESS: bool = false;
            fn from_u64(x: u64) -> Self {
                Narrow(x as $t)
            }
            fn to_u64(self) -> u64 {
                u64::from(self.0)
            }
        }
        impl std::ops::Add for Narrow<$t> {
            type Output = Self;
            fn add(self, other: Self) -> Self {
                Narrow(self.0 + other.0)
            }
        }
        impl std::ops::Sub for Narrow<$t> {
            type Output = Self;
            fn sub(self, other: Self) -> Self {
                Narrow(self.0 - other.0)
            }
        }
        impl std::ops::BitAnd for Narrow<$t> {
            type Output = Self;
            fn bitand(self, other: Self) -> Self {
                Narrow(self.0 & other.0)
            }
        }
        impl std::ops::BitOr for Narrow<$t> {
            type Output = Self;
            fn bitor(self, other: Self) -> Self {
                Narrow(self.0 | other.0)
            }
        }
    };
}
narrow!(u8);
narrow!(u16);

fn values_of<C: Cell>(cells: &[C]) -> Vec<Value> {
    cells
        .iter()
        .map(|&cell| {
            let bits = cell.to_u64();
            let remoteness = (bits & ((1 << (C::BITS - 2)) - 1)) as u32;
            match bits >> (C::BITS - 2) {
                1 => Value::win(Side::A, remoteness),
                2 => Value::win(Side::B, remoteness),
                _ => Value::Draw,
            }
        })
        .collect()
}

/// How many edges ahead the loops below ask for the cache line they will need: their
/// random accesses are independent of each other, so fetching them early overlaps the
/// memory latency instead of stalling on each one in turn.
const PREFETCH_DISTANCE: usize = 16;

/// How many pops ahead the queue loop asks for a predecessor list and its cells (and
/// twice as far for the list's bounds).
const QUEUE_PREFETCH: usize = 3;

/// Above this many moves per position, a game counts as dense for the inner loop.
const DENSE: usize = 8;
/// The branch-free inner loop stores to every cell it visits; once the cells outgrow
/// the cache those extra dirty lines cost more than the mispredictions they avoid.
/// Measured on random games of 4 moves per position (one process, best of 8): branch-
/// free takes 0.88× the time at 10^5 positions and 0.82× at 10^6 (4 MiB of cells),
/// but 1.51× at 1.5·10^6 and 1.31× at 10^7.
const BRANCH_FREE_MAX_BYTES: usize = 4 << 20;

fn propagate<C: Cell, G: Graph>(graph: &G) -> Vec<C> {
    let sparse = graph.move_count() <= DENSE * graph.positions();
    let cached = graph.positions() * std::mem::size_of::<C>() <= BRANCH_FREE_MAX_BYTES;
    if sparse && cached {
        propagate_with::<C, G, true>(graph)
    } else {
        propagate_with::<C, G, false>(graph)
    }
}

fn propagate_with<C: Cell, G: Graph, const BRANCH_FREE: bool>(graph: &G) -> Vec<C> {
    let n = graph.positions();
    // Each entry carries its decided cell, so a pop need not read it back. One spare
    // slot: the branch-free loop writes a candidate at `tail` unconditionally.
    let mut queue: Vec<(u32, C)> = big_vec(n + 1, (0, C::ZERO));
    let mut tail = 0;
    let mut cells: Vec<C> = big_vec(n, C::ZERO);
    for (p, cell) in cells.iter_mut().enumerate() {
        let (mover, terminal, degree) = graph.position(p as u32);
        *cell = match terminal {
            Some(Outcome::Win(side)) => C::decided(side, 0),
            None if degree == 0 => C::decided(mover.other(), 0),
            // A terminal draw stays undecided for ever: it has no moves to count down.
            Some(Outcome::Draw) => C::ZERO,
            None => C::from_u64(degree.into()) | if mover == Side::B { C::MOVER_B } else { C::ZERO },
        };
        if *cell >= C::DECIDED {
            queue[tail] = (p as u32, *cell);
            tail += 1;
        }
    }

    let mut head = 0;
    while head < tail {
        // Each pop reads three random places: the predecessor list's bounds, the list,
        // and its predecessors' cells. Lists average a few moves, too short for the
        // prefetch within a list to reach ahead, so ask for them across pops instead,
        // each a stage further ahead than what it needs: the bounds two stages ahead,
        // the list and its cells one.
        if G::STORED_LISTS {
            if head + 2 * QUEUE_PREFETCH < tail {
                graph.prefetch_predecessors(queue[head + 2 * QUEUE_PREFETCH].0);
            }
            if head + QUEUE_PREFETCH < tail {
                let ahead = graph.predecessors(queue[head + QUEUE_PREFETCH].0);
                for &x in ahead.sources.iter().take(PREFETCH_DISTANCE) {
                    prefetch(
                        &cells,
                        (x.wrapping_mul(ahead.scale).wrapping_add(ahead.offset)) as usize,
                    );
                }
            }
        }
        let (q, here) = queue[head];
        head += 1;
        // The mover bit of positions whose own side is this winner.
        let winner_moves = if here.to_u64() >> (C::BITS - 2) == 2 {
            C::MOVER_B
        } else {
            C::ZERO
        };
        // Whether a predecessor is won by its mover (a move to the mover's win) or lost
        // (its last undecided move lost), the winner is this one's winner and the
        // remoteness one more: the first to arrive is the smallest for a win, the last
        // the largest for a loss, because the queue is in remoteness order.
        let next = if C::REMOTENESS { here + C::ONE } else { here };
        let Predecessors {
            sources,
            scale,
            offset,
            skip,
        } = graph.predecessors(q);
        for (i, &x) in sources.iter().enumerate() {
            if let Some(&ahead) = sources.get(i + PREFETCH_DISTANCE) {
                prefetch(&cells, (ahead.wrapping_mul(scale).wrapping_add(offset)) as usize);
            }
            if x == skip {
                continue;
            }
            let p = x.wrapping_mul(scale).wrapping_add(offset) as usize;
            let cell = cells[p];
            if BRANCH_FREE {
                // Which case applies is data-dependent and unpredictable in sparse
                // games: compute all and select, store unconditionally.
                let undecided = cell < C::DECIDED;
                let decide =
                    undecided & ((cell & C::MOVER_B == winner_moves) | (cell & C::COUNT_MASK == C::ONE));
                cells[p] = if decide {
                    next
                } else if undecided {
                    cell - C::ONE
                } else {
                    cell
                };
                queue[tail] = (p as u32, next);
                tail += usize::from(decide);
                continue;
            }
            // Dense games: most visits find `p` decided, a well-predicted branch that
            // saves the store.
            if cell >= C::DECIDED {
                continue;
            }
            if cell & C::MOVER_B == winner_moves || cell & C::COUNT_MASK == C::ONE {
                cells[p] = next;
                queue[tail] = (p as u32, next);
                tail += 1;
            } else {
                cells[p] = cell - C::ONE;
            }
        }
    }
    cells
}

/// The first optimal move of every position, read off the cells.
fn choose<C: Cell>(game: &Game, cells: &[C]) -> Vec<Option<u32>> {
    let forward = game.offsets();
    let targets = game.targets();
    (0..game.positions())
        .map(|p| {
            let moves = &targets[forward[p] as usize..forward[p + 1] as usize];
            let here = cells[p];
            if here < C::DECIDED {
                // Draw: the first undecided (drawn) successor.
                return moves.iter().copied().find(|&q| cells[q as usize] < C::DECIDED);
            }
            // Decided at remoteness r: the first successor with the same winner at r−1,
            // which as a cell is exactly one less. Terminals (r = 0) have no moves.
            let want = here - C::ONE;
            moves.iter().copied().find(|&q| cells[q as usize] == want)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameBuilder;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A random game with self-loops, repeated moves, labels, the odd high-degree
    /// position and a draw convention: enough variety to reach every cell width.
    fn random_game(seed: u64) -> Game {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = rng.gen_range(1..=60u32);
        let credit = [None, Some(Side::A), Some(Side::B)][rng.gen_range(0..3)];
        let mut b = GameBuilder::new();
        for _ in 0..n {
            let mover = if rng.gen() { Side::A } else { Side::B };
            let degree = match rng.gen_range(0..10) {
                0 => 0,
                1 => rng.gen_range(20..80),
                _ => rng.gen_range(1..4),
            };
            if degree == 0 && rng.gen_bool(0.5) {
                let outcomes = [Outcome::Win(Side::A), Outcome::Win(Side::B), Outcome::Draw];
                let outcome = outcomes[rng.gen_range(0..if credit.is_some() { 2 } else { 3 })];
                b.terminal(mover, outcome);
                continue;
            }
            let moves: Vec<u32> = (0..degree).map(|_| rng.gen_range(0..n)).collect();
            b.moves(mover, &moves);
        }
        b.draw_credit(credit);
        b.build().expect("a valid game")
    }

    /// Every cell width gives the same result: the narrow ones and `u64` are only
    /// chosen for sparse contest products and giant games, so force each here.
    #[test]
    fn every_cell_width_agrees() {
        {
            for seed in 0..300u64 {
                let game = random_game(seed);
                let graph = Indexed::new(&game);
                let wide = values_of(&propagate::<u32, _>(&graph));
                assert_eq!(values_of(&propagate::<u64, _>(&graph)), wide, "{game:?}");
                let outcomes: Vec<Outcome> = wide.iter().map(|v| v.outcome()).collect();
                if graph.max_degree() < 31 {
                    assert_eq!(
                        outcomes_of(&propagate::<Narrow<u8>, _>(&graph)),
                        outcomes,
                        "{game:?}"
                    );
                }
                assert_eq!(
                    outcomes_of(&propagate::<Narrow<u16>, _>(&graph)),
                    outcomes,
                    "{game:?}"
                );
                assert_eq!(outcomes_of(&propagate::<u64, _>(&graph)), outcomes);
            }
        }
    }
}
