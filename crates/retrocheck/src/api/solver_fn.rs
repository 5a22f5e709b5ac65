//! A solver from a closure, for a solver that is a function rather than a type.

use crate::game::Game;
use crate::solution::Solution;
use crate::solve::{SolveError, Solver};

/// A [`Solver`] made of a name and a function; see [`solver_fn`].
#[derive(Clone)]
pub struct FnSolver<F> {
    name: String,
    solve: F,
}

/// A solver named `name` that solves with `solve`. Adapt the [`Game`] to your own
/// representation inside it, and your values back with
/// [`Solution::from_values`], which fills in the move every solver must report (the
/// first optimal one in move order).
///
/// ```
/// use retrocheck::prelude::*;
///
/// // A solver that only computes values: here, borrowed from the reference solver.
/// let values_only = solver_fn("values-only", |game: &Game| {
///     let values = retrocheck::solve::Fixpoint::default().solve(game)?.values;
///     Ok(Solution::from_values(game, values))
/// });
/// assert_eq!(values_only.name(), "values-only");
/// Property::any_game(6).cases(8).assert(&values_only);
/// ```
pub fn solver_fn<F>(name: impl Into<String>, solve: F) -> FnSolver<F>
where
    F: Fn(&Game) -> Result<Solution, SolveError> + Send + Sync,
{
    FnSolver {
        name: name.into(),
        solve,
    }
}

impl<F> Solver for FnSolver<F>
where
    F: Fn(&Game) -> Result<Solution, SolveError> + Send + Sync,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        (self.solve)(game)
    }
}
