//! The solvers behind one small trait, so that the harness can swap the solver under
//! test (the optimized one, a mutant, an external program) without changing its oracles.

pub mod certify;
pub mod chase;
pub mod fixpoint;
pub mod minimax;
pub mod parallel;
pub mod retrograde;
pub mod reverse;

use crate::game::Game;
use crate::problems::Instance;
use crate::solution::Solution;

pub use certify::{certify, Violation};
pub use fixpoint::Fixpoint;
pub use minimax::Minimax;
pub use retrograde::Retrograde;

/// Anything that solves a whole game.
pub trait Solver: Send + Sync {
    /// A short name, as used on the command line and in reports.
    fn name(&self) -> &str;
    fn solve(&self, game: &Game) -> Result<Solution, SolveError>;

    /// The judge's answer line for test case `k` of a contest instance, for solvers
    /// that answer contest inputs their own way (an external program, a mutant with a
    /// wrong product game). `None`, the default, means "read it off my solution of the
    /// product game", which the harness checks as a game.
    fn answer(&self, _instance: &Instance, _k: usize) -> Option<Result<String, SolveError>> {
        None
    }
}

/// Why a solver gave no solution. Refusals are normal for the references on games
/// beyond their reach; the harness records them as skipped oracles.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("{solver} refuses games of more than {limit} positions (this one has {positions})")]
    TooLarge {
        solver: &'static str,
        positions: usize,
        limit: usize,
    },
    #[error("{solver} gave up after {budget} search steps")]
    BudgetExceeded { solver: &'static str, budget: u64 },
    #[error("{0}")]
    Failed(String),
}

impl SolveError {
    /// True when the solver declined a game it cannot finish, rather than failing.
    pub fn is_refusal(&self) -> bool {
        matches!(
            self,
            SolveError::TooLarge { .. } | SolveError::BudgetExceeded { .. }
        )
    }
}

/// The solvers this crate ships, by name (mutants are listed by [`crate::mutants`]).
pub fn builtin(name: &str) -> Option<Box<dyn Solver>> {
    match name {
        "retrograde" => Some(Box::new(Retrograde)),
        "fixpoint" => Some(Box::new(Fixpoint::default())),
        "minimax" => Some(Box::new(Minimax::default())),
        _ => None,
    }
}

pub const BUILTIN_NAMES: &[&str] = &["retrograde", "fixpoint", "minimax"];

/// A solver by name: a built-in one, or a mutant when the `mutants` feature is on.
pub fn by_name(name: &str) -> Option<Box<dyn Solver>> {
    #[cfg(feature = "mutants")]
    if let Some(mutant) = crate::mutants::by_name(name) {
        return Some(mutant);
    }
    builtin(name)
}
