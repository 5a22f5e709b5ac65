//! Targeted generation: a search over inputs for long games, scored by the game's own
//! solution (as Hypothesis's `target()` and PropEr's targeted properties steer a
//! property test). Random inputs of these problems are short games, and a solution
//! bounded to a horizon — a fixed number of rounds, a depth limit — is right on every
//! game shorter than it: the search looks for the long ones, by small edits of a test
//! case that keep its size and its limits ([`Searchable::mutate`]; every
//! [`Target`](crate::target::Target) and every generated [`Case`](crate::generate::Case)
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
/// Ordered by the remoteness the answer reads, then by the longest forced line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Length {
    /// The longest remoteness among the positions the expected output reads (the
    /// starts of the games a judge asks about); 0 when they are all draws.
    pub answer: u32,
    /// The longest remoteness of any position: the longest forced line.
    pub longest: u32,
}

/// The lengths of `game`'s lines, the answer reading `answer_positions` (`None`: every
/// position), and the work it took (positions and moves solved).
pub fn length_of(game: &Game, answer_positions: Option<&[u32]>) -> (Length, u64) {
    let values = retrograde::values(game);
    let work = (game.positions() + game.move_count()) as u64;
    (length_of_values(&values, answer_positions), work)
}

/// The [`Length`] of a solved game, from its values.
pub fn length_of_values(values: &[Value], answer_positions: Option<&[u32]>) -> Length {
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
    Length { answer, longest }
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
pub const MIN_CHARGE: u64 = 1_000;

/// The method `stress`, the generator families and the strategies use: hill climbing
/// with restarts (see `cargo bench --bench search` for how it compares).
pub const DEFAULT_METHOD: Method = Method::Climb { patience: 64 };

/// What a search found: the longest test case, its length, and how many cases it
/// solved on the way.
#[derive(Clone, Debug)]
pub struct Searched<T> {
    /// The test case with the longest games.
    pub case: T,
    /// Its length.
    pub length: Length,
    /// Test cases solved.
    pub evaluations: u64,
}

/// The score an edit is judged by: the answer's remoteness, then the longest line.
fn score(l: Length) -> f64 {
    f64::from(l.answer) + f64::from(l.longest) / 1024.0
}

/// Searches from `start` for a test case with longer games, spending about `budget`
/// positions and moves of solving, by small edits within the official limits when
/// `official`.
pub fn search<T: Searchable>(
    rng: &mut ChaCha8Rng,
    start: T,
    official: bool,
    budget: u64,
    method: Method,
) -> Searched<T> {
    let Some((length, mut spent)) = start.length() else {
        return Searched {
            case: start,
            length: Length::default(),
            evaluations: 0,
        };
    };
    let mut current = (start.clone(), length);
    let mut best = (start, length);
    let mut evaluations = 1;
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
        evaluations += 1;
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
    Searched {
        case: best.0,
        length: best.1,
        evaluations,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::catmouse;
    use rand::SeedableRng;

    #[test]
    fn the_search_lengthens_catmouse_games_and_keeps_the_limits() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let start = crate::contest::catmouse::instance(&mut rng, 8, true);
        let (before, _) = start.length().unwrap();
        let found: Searched<catmouse::Instance> = search(&mut rng, start, true, 2_000_000, DEFAULT_METHOD);
        assert!(found.length > before, "{before:?} → {:?}", found.length);
        assert!(crate::problems::ContestProblem::is_official(&found.case));
        assert_eq!(found.case.length().unwrap().0, found.length);
    }
}
