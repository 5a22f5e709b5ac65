//! What the harness puts under test: a game solver, and optionally its own way of
//! answering contest inputs.

use crate::game::Game;
use crate::problems::Instance;
use crate::solution::Solution;
use crate::solve::{SolveError, Solver};

/// The code under test. Every [`Solver`] is one; a subject that answers contest inputs
/// its own way (an external program, a front-end mutant with a wrong product game)
/// also gives its answer lines, which the harness compares with the ones read off the
/// checked solution of the product game.
pub trait Subject: Send + Sync {
    /// A short name, as used on the command line and in reports.
    fn name(&self) -> &str;

    /// The subject's solution of a whole game.
    fn solve(&self, game: &Game) -> Result<Solution, SolveError>;

    /// The judge's answer line for test case `k` (1-based) of a contest instance, or
    /// `None`, the default, for "read it off my solution of the product game".
    fn answer(&self, _instance: &Instance, _k: usize) -> Option<Result<String, SolveError>> {
        None
    }
}

impl<S: Solver> Subject for S {
    fn name(&self) -> &str {
        Solver::name(self)
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        Solver::solve(self, game)
    }
}

/// `subject.solve(game)` with a panic caught ([`crate::panics::catch`]) and returned as
/// a failure of the solve: how the oracle path, the relations and the reports call the
/// code under test.
pub(crate) fn solve_caught(subject: &dyn Subject, game: &Game) -> Result<Solution, SolveError> {
    crate::panics::catch(|| subject.solve(game)).unwrap_or_else(|panic| Err(SolveError::Failed(panic)))
}

/// `subject.answer(instance, k)` with a panic caught, as [`solve_caught`].
pub(crate) fn answer_caught(
    subject: &dyn Subject,
    instance: &Instance,
    k: usize,
) -> Option<Result<String, SolveError>> {
    crate::panics::catch(|| subject.answer(instance, k))
        .unwrap_or_else(|panic| Some(Err(SolveError::Failed(panic))))
}
