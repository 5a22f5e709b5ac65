//! Solutions bounded to a horizon — the commonest wrong solution of a game problem: a
//! fixed number of relaxation rounds, a depth-limited search, an iteration cap. Each
//! is right on every game shorter than its horizon and calls every position decided
//! beyond it a draw (endless play), so only a long game shows it. Contest solutions
//! come in the forms published ones take (issue 36): a depth limit or rounds of
//! relaxation (a remoteness cut), a value iteration in place cut after some sweeps, and
//! a draw-tolerant memoized search repeated some times; each mutant gives, on every
//! input, the answer of the program of `examples/horizon/` it models.

use retrocheck::game::{Game, Outcome, Side, Value};
use retrocheck::internals::subject::Subject;
use retrocheck::problems::{Instance, Problem};
use retrocheck::solution::Solution;
use retrocheck::solve::{retrograde, SolveError};

/// Where a horizon applies, and how far it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// A game solver that looks at most this many moves ahead.
    Moves(u32),
    /// A contest solution that looks at most `per_unit` moves per unit of the test
    /// case's size (2 per node for catmouse's 2n) plus `fixed`.
    Contest {
        /// The problem.
        problem: Problem,
        /// Moves per unit of size.
        per_unit: u32,
        /// Moves besides.
        fixed: u32,
    },
    /// A contest solution's value iteration in place, in the order of the problem's
    /// sweep order (`Contest::sweep_order`, catmouse's `dp[mouse][cat][turn]`), cut after
    /// `per_unit` sweeps per unit of size plus `fixed`: an answered position is right
    /// when [`sweeps`](retrocheck::internals::search::sweeps) decides it within them,
    /// a draw otherwise. In place, a sweep can decide several plies, so this is wrong
    /// only on games far longer than the cut.
    Sweeps {
        /// The problem (one with a sweep order).
        problem: Problem,
        /// Sweeps per unit of size.
        per_unit: u32,
        /// Sweeps besides.
        fixed: u32,
    },
    /// A contest solution's memoized depth-first search that scores a position on its
    /// own path as a draw, run from the answered position `per_unit`·size + `fixed`
    /// times, each pass keeping the wins and losses the earlier ones proved (and
    /// forgetting their draws); the answer is the start's value after the last pass.
    Repeats {
        /// The problem.
        problem: Problem,
        /// Passes per unit of size.
        per_unit: u32,
        /// Passes besides.
        fixed: u32,
    },
}

impl Reach {
    /// The problem, the units per size and the fixed part of a contest solution's
    /// horizon; `None` for a game solver.
    fn contest(self) -> Option<(Problem, u32, u32)> {
        match self {
            Reach::Moves(_) => None,
            Reach::Contest {
                problem,
                per_unit,
                fixed,
            }
            | Reach::Sweeps {
                problem,
                per_unit,
                fixed,
            }
            | Reach::Repeats {
                problem,
                per_unit,
                fixed,
            } => Some((problem, per_unit, fixed)),
        }
    }
}

/// A solution that sees only `reach` moves ahead.
pub struct Horizon {
    /// Its name in the kill table.
    pub name: &'static str,
    /// How far it sees.
    pub reach: Reach,
}

/// `values` with every position decided beyond `horizon` moves made a draw.
fn cut(values: &mut [Value], horizon: u32) {
    for v in values.iter_mut() {
        if v.remoteness().is_some_and(|r| r > horizon) {
            *v = Value::Draw;
        }
    }
}

impl Subject for Horizon {
    fn name(&self) -> &str {
        self.name
    }

    /// A game solver sees its horizon; a contest solution's bug is in its answer only,
    /// and it solves plain games right.
    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        let mut solution = retrograde::solve(game);
        if let Reach::Moves(horizon) = self.reach {
            cut(&mut solution.values, horizon);
            solution = Solution::from_values(game, solution.values);
        }
        Ok(solution)
    }

    fn answer(&self, instance: &Instance, k: usize) -> Option<Result<String, SolveError>> {
        let (problem, per_unit, fixed) = self.reach.contest()?;
        if instance.problem() != problem {
            return None;
        }
        let game = instance.game().ok()?;
        let mut values = retrograde::values(&game);
        let horizon = u32::try_from(instance.size())
            .unwrap_or(u32::MAX)
            .saturating_mul(per_unit)
            .saturating_add(fixed);
        let answered: Vec<u32> = instance
            .answer_positions()
            .unwrap_or_else(|| (0..game.positions() as u32).collect());
        match self.reach {
            Reach::Sweeps { .. } => {
                let rank = sweep_order(instance)?;
                for &p in &answered {
                    if retrocheck::internals::search::sweeps(&game, &values, &rank, &[p]) > horizon {
                        values[p as usize] = Value::Draw;
                    }
                }
            }
            Reach::Repeats { .. } => {
                let found: Vec<(u32, Option<Side>)> = answered
                    .iter()
                    .map(|&p| (p, repeated_search(&game, p, horizon)))
                    .collect();
                for (p, winner) in found {
                    // Only the outcome is read: a remoteness of 1 stands for any.
                    values[p as usize] = winner.map_or(Value::Draw, |side| Value::win(side, 1));
                }
            }
            _ => cut(&mut values, horizon),
        }
        let outcomes: Vec<_> = values.iter().map(|v| v.outcome()).collect();
        Some(Ok(instance.answer(k, &outcomes)))
    }
}

/// The problem's sweep order for `instance` (`Contest::sweep_order`).
fn sweep_order(instance: &Instance) -> Option<Vec<u32>> {
    use retrocheck::contest::Contest;
    match instance {
        Instance::Catmouse(c) => c.sweep_order(),
        _ => None,
    }
}

/// The winner of `start` by a memoized depth-first search that scores a position on
/// its own path as a draw, run `passes` times (fewer when a pass proves nothing new):
/// within a pass every score is memoized, draws that leaned on the path included (the
/// graph-history bug, so one pass is not enough); across passes only the wins and
/// losses are kept. Each position's moves are all searched, in order, none skipped once
/// a win is seen, as `[play(...) for m in moves]` does, since that decides what the
/// pass memoizes. Iterative: a path can hold every position.
fn repeated_search(game: &Game, start: u32, passes: u32) -> Option<Side> {
    let positions = game.positions();
    // What a terminal position is worth, or `None` when it must be searched (a stuck
    // one is searched: no move wins and every move, of none, loses, as `all([])` is).
    let fixed = |p: u32| -> Option<Option<Side>> {
        match game.terminal(p) {
            Some(Outcome::Win(side)) => Some(Some(side)),
            Some(Outcome::Draw) => Some(None),
            None => None,
        }
    };
    let mut known: Vec<Option<Side>> = vec![None; positions];
    for _ in 0..passes {
        let before = known.iter().filter(|k| k.is_some()).count();
        let mut memo: Vec<Option<Option<Side>>> = vec![None; positions];
        let mut on_path = vec![false; positions];
        // The value of `p` if it needs no search: terminal, proven, memoized, on the path.
        let settled = |p: u32, known: &[Option<Side>], memo: &[Option<Option<Side>>], on_path: &[bool]| {
            if let Some(v) = fixed(p) {
                return Some(v);
            }
            if let Some(side) = known[p as usize] {
                return Some(Some(side));
            }
            if let Some(v) = memo[p as usize] {
                return Some(v);
            }
            on_path[p as usize].then_some(None)
        };
        // Frames: position, next move, a winning move seen, every move lost so far.
        let mut stack: Vec<(u32, usize, bool, bool)> = Vec::new();
        if settled(start, &known, &memo, &on_path).is_none() {
            on_path[start as usize] = true;
            stack.push((start, 0, false, true));
        }
        // The value the top frame's last searched move came to, to fold in.
        let mut returned: Option<Option<Side>> = None;
        while let Some(frame) = stack.last_mut() {
            let p = frame.0;
            let mover = game.mover(p);
            if let Some(v) = returned.take() {
                frame.2 |= v == Some(mover);
                frame.3 &= v == Some(mover.other());
                frame.1 += 1;
            }
            let (next, wins, all_lose) = (frame.1, frame.2, frame.3);
            if let Some(&q) = game.moves(p).get(next) {
                match settled(q, &known, &memo, &on_path) {
                    Some(v) => returned = Some(v),
                    None => {
                        on_path[q as usize] = true;
                        stack.push((q, 0, false, true));
                    }
                }
                continue;
            }
            let value = if wins {
                Some(mover)
            } else if all_lose {
                Some(mover.other())
            } else {
                None
            };
            stack.pop();
            on_path[p as usize] = false;
            memo[p as usize] = Some(value);
            if value.is_some() {
                known[p as usize] = value;
            }
            returned = Some(value);
        }
        let start_value = settled(start, &known, &memo, &on_path).flatten();
        if start_value.is_some() {
            return start_value;
        }
        if known.iter().filter(|k| k.is_some()).count() == before {
            break;
        }
    }
    fixed(start).flatten().or(known[start as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use retrocheck::problems::ContestProblem;
    use retrocheck::rand::SeedableRng;

    /// The repeated search is sound and, repeated until a pass proves nothing new,
    /// complete: it ends at the proven outcome; one pass is not enough on some boards
    /// (a draw memoized from the path), which is why the published ones repeat it.
    #[test]
    fn the_repeated_search_ends_right_and_one_pass_is_sometimes_a_wrong_draw() {
        let mut rng = retrocheck::rand_chacha::ChaCha8Rng::seed_from_u64(36);
        let mut short = 0;
        for k in 0..400u32 {
            let board = retrocheck::internals::builtin::catmouse::instance(&mut rng, 3 + k % 14, true);
            let game = board.game().unwrap();
            let start = board.position(true, 1, 2);
            let right = retrograde::values(&game)[start as usize].winner();
            assert_eq!(repeated_search(&game, start, u32::MAX), right, "{board:?}");
            let once = repeated_search(&game, start, 1);
            assert!(once.is_none() || once == right, "{board:?}");
            short += usize::from(once != right);
        }
        assert!(short > 0);
    }
}
