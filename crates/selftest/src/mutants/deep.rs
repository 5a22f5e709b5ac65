//! Deep mutants: wrong solvers that are right on every small game and wrong only where
//! scale (many moves, long chains, many positions, deep recursion, long run time) or a
//! particular input class (`draw B`, moves out of order) reveals them.
//!
//! The shallow mutants of `mutants` die on a handful of positions; these check that the
//! harness also generates the big, deep and high-degree games real bugs hide behind.
//! Every one is the same readable textbook queue solver with one [`DeepBug`] switched
//! on, so the difference between a mutant and the right answer is one `match` arm. Each
//! variant's doc comment names the smallest witness found, which `deep_tests.rs`
//! builds (and checks that one step smaller is still solved right).

use retrocheck::game::{Game, Outcome, Side, Value};
use retrocheck::solution::{is_optimal_move, Solution};
use retrocheck::solve::{SolveError, Solver};

/// Games with more positions than this take the self-loop-dropping fast path.
pub const FAST_PATH_SELF_LOOPS_ABOVE: usize = 2_048;
/// Games with more positions than this take the repeat-deduplicating fast path.
pub const FAST_PATH_REPEATS_ABOVE: usize = 3_000;
/// Positions with more moves than this get their counter from a set of successors.
pub const HIGH_DEGREE_ABOVE: usize = 64;
/// The simulated stack of the `recursive` mutant: more nested calls than this fail.
pub const RECURSION_LIMIT: usize = 10_000;

/// One deviation from the textbook queue solver that only scale or one input class
/// reveals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeepBug {
    /// The undecided-move counter is stored in 8 bits, and positions whose counter is
    /// 0 at the start are seeded as lost (the usual `if deg[v] == 0` seeding). A
    /// position with 256 moves starts at 0 and is declared lost before play; one with
    /// 257 moves is declared lost after its first losing move.
    ///
    /// Revealed by: a position with at least 256 moves. Realistic: `u8` counters halve
    /// memory traffic and every sparse test game fits. Smallest witness: one position
    /// of A with 256 self-loops (truth: a draw; mutant: lost by A at once).
    CounterU8,
    /// Remoteness is stored in 8 bits and wraps: remoteness 256 reads as 0.
    ///
    /// Revealed by: any position with remoteness ≥ 256, which needs a chain of 257
    /// distinct positions (remoteness strictly decreases along optimal play). Realistic:
    /// "nobody plays 255 moves", packed next to the outcome in one byte pair.
    /// Smallest witness: a chain 0 → 1 → … → 256, 256 stuck (257 positions, 256 moves).
    RemotenessU8,
    /// Remoteness is stored in 16 bits and wraps: remoteness 65,536 reads as 0.
    ///
    /// Revealed by: remoteness ≥ 65,536, a planted path of 65,537 positions; no random
    /// game family gets near it. Realistic: the same packing, one size up. Smallest
    /// witness: a chain of 65,537 positions (65,536 moves).
    RemotenessU16,
    /// Above [`FAST_PATH_SELF_LOOPS_ABOVE`] positions a "fast path" builds the counters
    /// without self-loops (they "can never be decided before the position itself"),
    /// which is true of the reverse walk but not of the counter: a position that can
    /// loop for ever beside losing moves is declared lost, and one whose only moves are
    /// self-loops is seeded as lost.
    ///
    /// Revealed by: a game of more than 2,048 positions with a self-loop that matters.
    /// Realistic: optimizations guarded by a size threshold are tested only on small
    /// inputs. Smallest witness: 2,049 positions, one A position with a single
    /// self-loop, the others stuck (truth: a draw; mutant: lost by A).
    FastPathSelfLoops,
    /// Above [`FAST_PATH_REPEATS_ABOVE`] positions the fast path deduplicates each
    /// reverse adjacency list (sort + dedup, "for locality") but still counts every
    /// move: a position whose moves repeat a lost one is never counted down to zero
    /// and stays a draw.
    ///
    /// Revealed by: a game of more than 3,000 positions with a repeated losing move.
    /// Smallest witness: 3,001 positions, position 0 of A with moves 1,1 and 1 a stuck
    /// A position (truth: B wins in 1; mutant: a draw), the rest stuck.
    FastPathRepeats,
    /// Positions with more than [`HIGH_DEGREE_ABOVE`] moves get their counter from a
    /// hash set of successors (distinct count), while decrements still follow every
    /// edge: such a position with a repeated losing move is declared lost too early.
    ///
    /// Revealed by: a position with 65+ moves, some repeated. Realistic: "use a set for
    /// big adjacency lists" written by someone who forgot multigraphs. Smallest
    /// witness: 2 positions, 65 moves: 0 (A) moves to 1 sixty-four times and to itself
    /// once, 1 is a stuck A position (truth: 0 is a draw; mutant: lost by A).
    DistinctAtHighDegree,
    /// Propagation by recursion, one call per layer of remoteness: the call for layer r
    /// decides layer r+1 and recurses on it, so the recursion is as deep as the largest
    /// remoteness plus one. In-process the stack is simulated: past
    /// [`RECURSION_LIMIT`] nested calls the solver returns
    /// `SolveError::Failed("stack overflow at depth N")` instead of crashing the
    /// harness; as a program (`retrocheck solve game - --solver recursive`) it exits
    /// with that error, which `stress` reports as a runtime error. (Recursing for real,
    /// it dies on the main thread's 8 MiB stack at a chain of about 75,000 positions.)
    ///
    /// Revealed by: remoteness ≥ 10,000 (a long planted path). Realistic: recursion is
    /// how a functional or contest programmer writes "for each layer". Smallest
    /// witness: a chain of 10,001 positions (remoteness 10,000, depth 10,001).
    Recursive,
    /// Under `draw B` only, every B position with a self-loop is seeded as a forced B
    /// win at remoteness 0 ("Bob can stand still for ever", from the pursuit problem)
    /// and propagated: the draw credit applied before solving instead of when reported.
    /// The reported letters stay right; values, remoteness and chosen moves do not.
    /// The code checks for `Some(Side::B)`, so `draw A` and no convention are right.
    ///
    /// Revealed by: a `draw B` game with a self-loop of B. Smallest witness: one B
    /// position with a self-loop, `draw B` (truth: draw, reported `B - 0`; mutant: B
    /// wins in 0, reported `B 0 -`).
    DrawBOnly,
    /// The chosen move is the first optimal move in *sorted* move order (adjacency lists
    /// "normalized" by sorting), not in the position's own move order.
    ///
    /// Revealed by: a position with two optimal moves listed in decreasing order; games
    /// whose move lists are sorted, as most generators write them, never show it.
    /// Smallest witness: 2 positions, 3 moves: 0 (A) moves to 1 and 0, 1 (A) moves to 0;
    /// everything is a draw (truth: 0 chooses 1; mutant: 0 chooses 0).
    UnsortedMoves,
    /// Right answers in O(V·R) time (R the largest remoteness, so O(V²) on a long
    /// chain): instead of a queue, each round scans every position for those decided
    /// at the current remoteness. `solve_counting` (in tests) reports the number of positions
    /// examined, which grows quadratically with the length of a chain.
    ///
    /// Revealed by: only a time limit on a big deep game (a chain of 10^5 positions
    /// takes about 10^10 steps). Realistic: "level-synchronous" retrograde written
    /// without a frontier.
    Quadratic,
}

/// How one run of the textbook solver propagates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Schedule {
    /// A FIFO queue: the textbook.
    Queue,
    /// Every position scanned once per remoteness level.
    LevelScan,
    /// One recursive call per remoteness level, with an optional depth limit.
    Recursion(Option<usize>),
}

/// The textbook solver's state: reverse adjacency, counters, values.
struct Propagation<'g> {
    game: &'g Game,
    predecessors: Vec<Vec<u32>>,
    /// Undecided moves per position, kept to `counter_mask`'s width.
    count: Vec<u32>,
    /// Winner and remoteness, the remoteness kept to `remoteness_mask`'s width.
    value: Vec<Option<(Side, u32)>>,
    counter_mask: u32,
    remoteness_mask: u32,
    /// Positions examined by the propagation loop.
    steps: u64,
}

impl<'g> Propagation<'g> {
    fn new(game: &'g Game, bug: Option<DeepBug>) -> Propagation<'g> {
        let n = game.positions();
        let mut predecessors: Vec<Vec<u32>> = vec![Vec::new(); n];
        for p in game.ids() {
            for &q in game.moves(p) {
                predecessors[q as usize].push(p);
            }
        }
        if bug == Some(DeepBug::FastPathRepeats) && n > FAST_PATH_REPEATS_ABOVE {
            for list in &mut predecessors {
                list.sort_unstable();
                list.dedup();
            }
        }
        let counter_mask = match bug {
            Some(DeepBug::CounterU8) => u8::MAX.into(),
            _ => u32::MAX,
        };
        let remoteness_mask = match bug {
            Some(DeepBug::RemotenessU8) => u8::MAX.into(),
            Some(DeepBug::RemotenessU16) => u16::MAX.into(),
            _ => u32::MAX,
        };
        let count = game
            .ids()
            .map(|p| {
                let moves = game.moves(p);
                let counted = match bug {
                    Some(DeepBug::FastPathSelfLoops) if n > FAST_PATH_SELF_LOOPS_ABOVE => {
                        moves.iter().filter(|&&q| q != p).count()
                    }
                    Some(DeepBug::DistinctAtHighDegree) if moves.len() > HIGH_DEGREE_ABOVE => {
                        moves.iter().collect::<std::collections::HashSet<_>>().len()
                    }
                    _ => moves.len(),
                };
                // Truncation is the point of `CounterU8`; a game has < 2^32 moves.
                counted as u32 & counter_mask
            })
            .collect();
        Propagation {
            game,
            predecessors,
            count,
            value: vec![None; n],
            counter_mask,
            remoteness_mask,
            steps: 0,
        }
    }

    /// Decides the terminal positions (remoteness 0) and returns them in id order.
    fn seed(&mut self, bug: Option<DeepBug>) -> Vec<u32> {
        let game = self.game;
        let bob_stands_still = bug == Some(DeepBug::DrawBOnly) && game.draw_credit() == Some(Side::B);
        let mut seeds = Vec::new();
        for p in game.ids() {
            let winner = match game.terminal(p) {
                Some(Outcome::Win(side)) => Some(side),
                Some(Outcome::Draw) => None,
                None if self.count[p as usize] == 0 => Some(game.mover(p).other()),
                None if bob_stands_still && game.mover(p) == Side::B && game.moves(p).contains(&p) => {
                    Some(Side::B)
                }
                None => None,
            };
            if let Some(side) = winner {
                self.value[p as usize] = Some((side, 0));
                seeds.push(p);
            }
        }
        seeds
    }

    /// What the value of the decided position `q` decides among its predecessors; each
    /// newly decided position is pushed onto `decided`.
    fn relax(&mut self, q: u32, decided: &mut Vec<u32>) {
        self.steps += 1;
        let (winner, r) = self.value[q as usize].expect("only decided positions are relaxed");
        let next = r.wrapping_add(1) & self.remoteness_mask;
        for &p in &self.predecessors[q as usize] {
            let p_ = p as usize;
            if self.value[p_].is_some() {
                continue;
            }
            if self.game.mover(p) == winner {
                self.value[p_] = Some((winner, next));
                decided.push(p);
                continue;
            }
            self.count[p_] = self.count[p_].wrapping_sub(1) & self.counter_mask;
            if self.count[p_] == 0 {
                self.value[p_] = Some((winner, next));
                decided.push(p);
            }
        }
    }

    fn run_queue(&mut self, seeds: Vec<u32>) {
        let mut queue = seeds;
        let mut head = 0;
        while head < queue.len() {
            let q = queue[head];
            head += 1;
            self.relax(q, &mut queue);
        }
    }

    /// Each round scans all positions for those at the current level: O(V) per level.
    fn run_level_scan(&mut self) {
        let mut ignored = Vec::new();
        for level in 0.. {
            let mut any = false;
            for q in self.game.ids() {
                self.steps += 1;
                if matches!(self.value[q as usize], Some((_, r)) if r == level) {
                    any = true;
                    self.relax(q, &mut ignored);
                }
            }
            ignored.clear();
            if !any {
                break;
            }
        }
    }

    /// Decides the layer after `layer`, then recurses on it; `depth` counts nested
    /// calls, and past `limit` the (simulated) stack overflows.
    fn run_layers(&mut self, layer: &[u32], depth: usize, limit: Option<usize>) -> Result<(), SolveError> {
        if layer.is_empty() {
            return Ok(());
        }
        if limit.is_some_and(|limit| depth > limit) {
            return Err(SolveError::Failed(format!("stack overflow at depth {depth}")));
        }
        let mut next = Vec::new();
        for &q in layer {
            self.relax(q, &mut next);
        }
        // Not a tail call: `next` is dropped after it returns, so the program version
        // really grows its stack.
        self.run_layers(&next, depth + 1, limit)
    }
}

/// The textbook solver with an optional deep bug; returns the solution and the number
/// of positions the propagation examined.
fn run(
    game: &Game,
    bug: Option<DeepBug>,
    recursion_limit: Option<usize>,
) -> Result<(Solution, u64), SolveError> {
    let schedule = match bug {
        Some(DeepBug::Quadratic) => Schedule::LevelScan,
        Some(DeepBug::Recursive) => Schedule::Recursion(recursion_limit),
        _ => Schedule::Queue,
    };
    let mut state = Propagation::new(game, bug);
    let seeds = state.seed(bug);
    match schedule {
        Schedule::Queue => state.run_queue(seeds),
        Schedule::LevelScan => state.run_level_scan(),
        Schedule::Recursion(limit) => state.run_layers(&seeds, 1, limit)?,
    }
    let values: Vec<Value> = state
        .value
        .iter()
        .map(|v| match *v {
            Some((winner, remoteness)) => Value::win(winner, remoteness),
            None => Value::Draw,
        })
        .collect();
    let mut solution = Solution::from_values(game, values);
    if bug == Some(DeepBug::UnsortedMoves) {
        for p in game.ids() {
            let mut sorted = game.moves(p).to_vec();
            sorted.sort_unstable();
            let here = solution.values[p as usize];
            solution.choices[p as usize] = sorted
                .into_iter()
                .find(|&q| is_optimal_move(here, solution.values[q as usize]));
        }
    }
    Ok((solution, state.steps))
}

/// Solves `game` with `bug` (or none: the textbook solver, which is right), as the
/// harness sees it: `recursive` fails past [`RECURSION_LIMIT`] instead of crashing.
pub fn solve(game: &Game, bug: Option<DeepBug>) -> Result<Solution, SolveError> {
    run(game, bug, Some(RECURSION_LIMIT)).map(|(solution, _)| solution)
}

/// As [`solve`], with the number of positions the propagation examined: linear in the
/// game's size for the queue, V × (largest remoteness + 2) for [`DeepBug::Quadratic`].
#[cfg(test)]
pub fn solve_counting(game: &Game, bug: Option<DeepBug>) -> Result<(Solution, u64), SolveError> {
    run(game, bug, Some(RECURSION_LIMIT))
}

/// A deep mutant as a [`Solver`].
#[derive(Clone, Copy, Debug)]
pub struct Deep {
    pub bug: DeepBug,
}

impl Solver for Deep {
    fn name(&self) -> &str {
        DEEP_MUTANTS
            .iter()
            .find(|m| m.bug == self.bug)
            .map_or("deep", |m| m.name)
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        solve(game, Some(self.bug))
    }
}

/// A named deep mutant (its bug and witness are described in the kill table).
#[derive(Clone, Copy, Debug)]
pub struct DeepMutant {
    pub name: &'static str,
    pub bug: DeepBug,
}

/// Every deep mutant.
pub const DEEP_MUTANTS: [DeepMutant; 10] = [
    DeepMutant {
        name: "counter-u8",
        bug: DeepBug::CounterU8,
    },
    DeepMutant {
        name: "remoteness-u8",
        bug: DeepBug::RemotenessU8,
    },
    DeepMutant {
        name: "remoteness-u16",
        bug: DeepBug::RemotenessU16,
    },
    DeepMutant {
        name: "fast-path-self-loops",
        bug: DeepBug::FastPathSelfLoops,
    },
    DeepMutant {
        name: "fast-path-repeats",
        bug: DeepBug::FastPathRepeats,
    },
    DeepMutant {
        name: "distinct-at-high-degree",
        bug: DeepBug::DistinctAtHighDegree,
    },
    DeepMutant {
        name: "recursive",
        bug: DeepBug::Recursive,
    },
    DeepMutant {
        name: "draw-b-only",
        bug: DeepBug::DrawBOnly,
    },
    DeepMutant {
        name: "unsorted-moves",
        bug: DeepBug::UnsortedMoves,
    },
    DeepMutant {
        name: "quadratic",
        bug: DeepBug::Quadratic,
    },
];

/// A deep mutant's bug by name.
pub fn bug_by_name(name: &str) -> Option<DeepBug> {
    DEEP_MUTANTS.iter().find(|m| m.name == name).map(|m| m.bug)
}

/// A deep mutant by name, as a [`Solver`].
pub fn by_name(name: &str) -> Option<Box<dyn Solver>> {
    bug_by_name(name).map(|bug| Box::new(Deep { bug }) as Box<dyn Solver>)
}

#[cfg(test)]
#[path = "deep_tests.rs"]
mod tests;
