//! Targeted generation: a search over inputs for long games, scored by the game's own
//! solution (as Hypothesis's `target()` and PropEr's targeted properties steer a
//! property test). Random inputs of these problems are short games, and a solution
//! bounded to a horizon — a fixed number of rounds, a depth limit — is right on every
//! game shorter than it: the search looks for the long ones, by small edits of a test
//! case that keep its size and its limits ([`Searchable::mutate`]; every
//! [`Target`](crate::target::Target) and every generated [`Case`](crate::case::Case)
//! is searchable).
//!
//! Two methods, measured against each other by `cargo bench --bench search`: hill
//! climbing with restarts, and simulated annealing. Both are deterministic from the
//! random generator they are given, and both spend a budget of solving work (positions
//! and moves solved), so that a search costs about the same at every size.

use crate::game::{Game, Value};
use crate::solve::retrograde;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// What the search needs of a test case.
pub trait Searchable: Clone {
    /// A small random edit that keeps the size (and the official limits when
    /// `official`).
    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> Self;

    /// The lengths of its games, and the work it took to solve them; `None` when its
    /// game cannot be built.
    fn length(&self) -> Option<(Length, u64)>;
}

/// How long the games of a test case are: what a bug bounded to a horizon needs.
/// Ordered by the sweeps a value iteration needs (when the problem has a sweep order),
/// then by the remoteness the answer reads, then by the longest forced line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Length {
    /// The most in-place sweeps a value iteration in the problem's sweep order
    /// (`sweeps`) needs to decide a position the expected output reads; 0 when the
    /// problem gives no order. At most `answer`, and often far less: a solution cut
    /// after 2n sweeps is wrong only where this exceeds 2n, which remoteness alone
    /// does not steer to.
    pub(crate) late: u32,
    /// The longest remoteness among the positions the expected output reads (the
    /// starts of the games a judge asks about); 0 when they are all draws.
    pub answer: u32,
    /// The longest remoteness of any position: the longest forced line.
    pub(crate) longest: u32,
}

/// The lengths of `game`'s lines, the answer reading `answer_positions` (`None`: every
/// position), and the work it took (positions and moves solved).
pub(crate) fn length_of(game: &Game, answer_positions: Option<&[u32]>) -> (Length, u64) {
    let values = retrograde::values(game);
    let work = (game.positions() + game.move_count()) as u64;
    (length_of_values(&values, answer_positions), work)
}

/// [`length_of`] with [`Length::late`] measured in the sweep order `rank` (each
/// position's place in a sweep, [`sweeps`]): the solving work doubles, charged.
pub(crate) fn length_swept(game: &Game, answer_positions: Option<&[u32]>, rank: &[u32]) -> (Length, u64) {
    let values = retrograde::values(game);
    let work = (game.positions() + game.move_count()) as u64;
    let length = length_of_values(&values, answer_positions);
    let all: Vec<u32>;
    let targets = match answer_positions {
        Some(positions) => positions,
        None => {
            all = (0..game.positions() as u32).collect();
            &all
        }
    };
    let late = sweeps(game, &values, rank, targets);
    (Length { late, ..length }, 2 * work)
}

/// The sweeps an in-place value iteration needs to decide the most late of `targets`:
/// the iteration that starts from the terminal positions and visits every position in
/// turn, `rank[p]` being `p`'s place in a sweep, deciding a position won when a move
/// reaches a position its mover wins and lost when every move reaches one the
/// opponent wins, each from the values its moves have at that moment (decided earlier
/// in the same sweep, or in an earlier one). Such an iteration only ever decides a
/// position as the proven `values` do, so the sweep in which `p` is decided follows
/// from them: a move to `q` decided in sweep `s` can count from sweep `s` when `q`
/// comes before `p` in a sweep, else from `s + 1`; `p` is won in the earliest sweep of
/// its winning moves and lost in the latest of all its moves. Computed as shortest
/// paths in order of (sweep, place), a heap of positions; 0 for a draw or a terminal.
pub fn sweeps(game: &Game, values: &[Value], rank: &[u32], targets: &[u32]) -> u32 {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let positions = game.positions();
    // The moves into each position, repeats kept (a lost position counts every move).
    let mut starts = vec![0u32; positions + 1];
    for p in 0..positions as u32 {
        for &q in game.moves(p) {
            starts[q as usize + 1] += 1;
        }
    }
    for i in 0..positions {
        starts[i + 1] += starts[i];
    }
    let mut filled = starts.clone();
    let mut sources = vec![0u32; game.move_count()];
    for p in 0..positions as u32 {
        for &q in game.moves(p) {
            sources[filled[q as usize] as usize] = p;
            filled[q as usize] += 1;
        }
    }
    const UNDECIDED: u32 = u32::MAX;
    let mut sweep = vec![UNDECIDED; positions];
    let mut earliest = vec![UNDECIDED; positions];
    let mut left: Vec<u32> = (0..positions as u32)
        .map(|p| game.moves(p).len() as u32)
        .collect();
    let mut latest = vec![0u32; positions];
    let mut heap = BinaryHeap::new();
    for (p, value) in values.iter().enumerate() {
        if value.remoteness() == Some(0) {
            heap.push(Reverse((0, rank[p], p as u32)));
        }
    }
    let mut wanted: Vec<u32> = targets
        .iter()
        .copied()
        .filter(|&t| values[t as usize].remoteness().is_some())
        .collect();
    wanted.sort_unstable();
    wanted.dedup();
    let mut unsettled = wanted.len();
    while let Some(Reverse((s, place, q))) = heap.pop() {
        if unsettled == 0 {
            break;
        }
        if sweep[q as usize] != UNDECIDED {
            continue;
        }
        sweep[q as usize] = s;
        if wanted.binary_search(&q).is_ok() {
            unsettled -= 1;
        }
        let Some(winner) = values[q as usize].winner() else {
            continue;
        };
        for &p in &sources[starts[q as usize] as usize..starts[q as usize + 1] as usize] {
            let pu = p as usize;
            if sweep[pu] != UNDECIDED || values[pu].remoteness().is_none_or(|r| r == 0) {
                continue;
            }
            let arrival = (if place < rank[pu] { s } else { s + 1 }).max(1);
            let mover = game.mover(p);
            if values[pu].winner() == Some(mover) {
                if winner == mover && arrival < earliest[pu] {
                    earliest[pu] = arrival;
                    heap.push(Reverse((arrival, rank[pu], p)));
                }
            } else {
                latest[pu] = latest[pu].max(arrival);
                left[pu] -= 1;
                if left[pu] == 0 {
                    heap.push(Reverse((latest[pu], rank[pu], p)));
                }
            }
        }
    }
    wanted
        .iter()
        .map(|&t| sweep[t as usize])
        .filter(|&s| s != UNDECIDED)
        .max()
        .unwrap_or(0)
}

/// The [`Length`] of a solved game, from its values.
pub(crate) fn length_of_values(values: &[Value], answer_positions: Option<&[u32]>) -> Length {
    let remoteness = |v: &Value| v.remoteness().unwrap_or(0);
    let longest = values.iter().map(remoteness).max().unwrap_or(0);
    let answer = match answer_positions {
        None => longest,
        Some(positions) => positions
            .iter()
            .map(|&p| remoteness(&values[p as usize]))
            .max()
            .unwrap_or(0),
    };
    Length {
        late: 0,
        answer,
        longest,
    }
}

/// How the search moves.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Method {
    /// Take an edit when the length does not drop; after `patience` edits without a
    /// gain, restart from the best case found so far, edited a few times at once.
    Climb {
        /// Edits without a gain before a restart.
        patience: u32,
    },
    /// Take an edit that shortens the game with probability e^(Δ/t), the temperature
    /// `t` falling linearly from `start` to 0 over the budget.
    Anneal {
        /// The starting temperature, in moves of remoteness.
        start: f64,
    },
}

/// The least an evaluation is charged against a budget, in positions and moves.
pub(crate) const MIN_CHARGE: u64 = 1_000;

/// The method `stress`, the generator families and the strategies use: hill climbing
/// with restarts (see `cargo bench --bench search` for how it compares).
pub const DEFAULT_METHOD: Method = Method::Climb { patience: 64 };

/// What a search found: the longest test case and its length.
#[derive(Clone, Debug)]
pub struct Lengthened<T> {
    /// The test case with the longest games.
    pub case: T,
    /// Its length.
    pub length: Length,
}

/// The score an edit is judged by: the sweeps and the answer's remoteness, then the
/// longest line.
fn score(l: Length) -> f64 {
    f64::from(l.late) + f64::from(l.answer) + f64::from(l.longest) / 1024.0
}

/// Searches from `start` for a test case with longer games, spending about `budget`
/// positions and moves of solving, by small edits within the official limits when
/// `official`.
pub fn lengthen<T: Searchable>(
    rng: &mut ChaCha8Rng,
    start: T,
    official: bool,
    budget: u64,
    method: Method,
) -> Lengthened<T> {
    let Some((length, mut spent)) = start.length() else {
        return Lengthened {
            case: start,
            length: Length::default(),
        };
    };
    let mut current = (start.clone(), length);
    let mut best = (start, length);
    let mut stale = 0u32;
    while spent < budget {
        let mut candidate = current.0.mutate(rng, official);
        if let Method::Climb { patience } = method {
            if stale >= patience {
                // A restart: the best case, shaken by a few edits.
                candidate = best.0.clone();
                for _ in 0..rng.gen_range(2..=6) {
                    candidate = candidate.mutate(rng, official);
                }
                stale = 0;
            }
        }
        let Some((length, work)) = candidate.length() else {
            break;
        };
        // Building a tiny game costs more than solving it (shiritori's keys, say): an
        // evaluation is charged at least `MIN_CHARGE`.
        spent += work.max(MIN_CHARGE);
        let take = match method {
            Method::Climb { .. } => length >= current.1,
            Method::Anneal { start } => {
                let t = start * (1.0 - spent as f64 / budget as f64);
                let delta = score(length) - score(current.1);
                delta >= 0.0 || (t > 0.0 && rng.gen::<f64>() < (delta / t).exp())
            }
        };
        stale = if length > current.1 { 0 } else { stale + 1 };
        if take {
            current = (candidate, length);
        }
        if current.1 > best.1 {
            best = current.clone();
        }
    }
    Lengthened {
        case: best.0,
        length: best.1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::catmouse;
    use rand::SeedableRng;

    /// The value iteration [`sweeps`] predicts, run: in place, positions in `rank`
    /// order, until `target` is decided; the sweep that decides it (0: terminal or
    /// never).
    fn sweeps_run(game: &Game, rank: &[u32], target: u32) -> u32 {
        let mut order: Vec<u32> = (0..game.positions() as u32).collect();
        order.sort_by_key(|&p| rank[p as usize]);
        let mut value: Vec<Option<crate::game::Side>> = (0..game.positions() as u32)
            .map(|p| match game.terminal(p) {
                Some(crate::game::Outcome::Win(side)) => Some(side),
                Some(crate::game::Outcome::Draw) => None,
                None if game.moves(p).is_empty() => Some(game.mover(p).other()),
                None => None,
            })
            .collect();
        let settled = |value: &[Option<crate::game::Side>]| value[target as usize].is_some();
        for sweep in 1..=game.positions() as u32 + 1 {
            if settled(&value) {
                return sweep - 1;
            }
            for &p in &order {
                if value[p as usize].is_some() || game.terminal(p).is_some() || game.moves(p).is_empty() {
                    continue;
                }
                let mover = game.mover(p);
                let moves = game.moves(p);
                if moves.iter().any(|&q| value[q as usize] == Some(mover)) {
                    value[p as usize] = Some(mover);
                } else if moves.iter().all(|&q| value[q as usize] == Some(mover.other())) {
                    value[p as usize] = Some(mover.other());
                }
            }
        }
        0
    }

    /// Guards issue 36 item 2's score: the sweeps computed from the proven values are
    /// those an in-place value iteration in the order takes, on catmouse boards in the
    /// contestants' order and in the game's own.
    #[test]
    fn the_sweeps_are_those_a_value_iteration_in_place_takes() {
        use crate::contest::Contest;
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut beyond_one = 0;
        for k in 0..300u32 {
            let n = 3 + k % 14;
            let board = if k % 2 == 0 {
                crate::builtin::catmouse::instance(&mut rng, n, true)
            } else {
                <catmouse::Instance as Contest>::long(&mut rng, n, crate::contest::Rules::OFFICIAL)
            };
            let game = crate::problems::ContestProblem::game(&board).unwrap();
            let values = retrograde::values(&game);
            let start = board.position(true, 1, 2);
            let natural = board.sweep_order().unwrap();
            let own: Vec<u32> = (0..game.positions() as u32).collect();
            for rank in [&natural, &own] {
                let predicted = sweeps(&game, &values, rank, &[start]);
                assert_eq!(predicted, sweeps_run(&game, rank, start), "{board:?}");
                assert!(predicted <= values[start as usize].remoteness().unwrap_or(0));
                beyond_one += usize::from(predicted > 1);
            }
        }
        assert!(beyond_one > 50, "{beyond_one}");
    }

    #[test]
    fn the_search_lengthens_catmouse_games_and_keeps_the_limits() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let start = crate::builtin::catmouse::instance(&mut rng, 8, true);
        let (before, _) = start.length().unwrap();
        let found: Lengthened<catmouse::Instance> =
            lengthen(&mut rng, start, true, 2_000_000, DEFAULT_METHOD);
        assert!(found.length > before, "{before:?} → {:?}", found.length);
        assert!(crate::problems::ContestProblem::is_official(&found.case));
        assert_eq!(found.case.length().unwrap().0, found.length);
    }
}
