//! Solutions bounded to a horizon — the commonest wrong solution of a game problem: a
//! fixed number of relaxation rounds, a depth-limited search, an iteration cap. Each
//! is right on every game shorter than its horizon and calls every position decided
//! beyond it a draw (endless play), so only a long game shows it.

use retrocheck::game::{Game, Value};
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
        let Reach::Contest {
            problem,
            per_unit,
            fixed,
        } = self.reach
        else {
            return None;
        };
        if instance.problem() != problem {
            return None;
        }
        let game = instance.game().ok()?;
        let mut values = retrograde::values(&game);
        let horizon = u32::try_from(instance.size())
            .unwrap_or(u32::MAX)
            .saturating_mul(per_unit)
            .saturating_add(fixed);
        cut(&mut values, horizon);
        let outcomes: Vec<_> = values.iter().map(|v| v.outcome()).collect();
        Some(Ok(instance.answer(k, &outcomes)))
    }
}
