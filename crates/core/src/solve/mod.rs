//! The solvers behind one small trait, so that a tester can swap the solver under test
//! (the optimized one, a user's own, an external program) without changing its oracles.

pub mod certify;
pub mod chase;
pub mod fixpoint;
mod memory;
pub mod minimax;
pub mod parallel;
pub mod retrograde;
pub mod reverse;

use crate::game::Game;
use crate::solution::Solution;

pub use certify::{certify, Rule, Violation};
pub use fixpoint::Fixpoint;
pub use memory::prefetch;
pub use minimax::Minimax;
pub use retrograde::Retrograde;

/// Anything that solves a whole game.
pub trait Solver: Send + Sync {
    /// A short name, as used on the command line and in reports.
    fn name(&self) -> &str;
    /// The value and chosen move of every position, or why there are none.
    fn solve(&self, game: &Game) -> Result<Solution, SolveError>;
}

/// Why a solver gave no solution. Refusals are normal for the references on games
/// beyond their reach; the harness records them as skipped oracles.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The solver refuses a game with more positions than it is configured for.
    #[error("{solver} refuses games of more than {limit} positions (this one has {positions})")]
    TooLarge {
        /// The solver's [`Solver::name`].
        solver: &'static str,
        /// The game's number of positions.
        positions: usize,
        /// The most positions the solver accepts.
        limit: usize,
    },
    /// The search spent its step budget before finishing: the game is small enough but
    /// has too many plays.
    #[error("{solver} gave up after {budget} search steps")]
    BudgetExceeded {
        /// The solver's [`Solver::name`].
        solver: &'static str,
        /// The number of steps it was allowed.
        budget: u64,
    },
    /// Any other failure, described for a user; not a refusal.
    #[error("{0}")]
    Failed(String),
    /// The solver declines a game outside what it supports (a size, or a feature such
    /// as draws or explicit outcomes), saying why: a refusal, which the harness skips
    /// and counts, never a failure.
    #[error("unsupported: {0}")]
    Unsupported(String),
}

impl SolveError {
    /// True when the solver declined a game it cannot finish, rather than failing.
    pub fn is_refusal(&self) -> bool {
        matches!(
            self,
            SolveError::TooLarge { .. } | SolveError::BudgetExceeded { .. } | SolveError::Unsupported(_)
        )
    }
}

impl<S: Solver + ?Sized> Solver for &S {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        (**self).solve(game)
    }
}

impl<S: Solver + ?Sized> Solver for Box<S> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        (**self).solve(game)
    }
}
