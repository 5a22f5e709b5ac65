//! The expected output of a case — what every correct solver prints — proven right
//! before it is written next to a counterexample or compared with a program's output;
//! and the one function that turns a solution into that output.

use crate::case::Case;
use crate::game::{Game, Outcome};
use crate::oracles::{reference_solution, Oracles};
use crate::problems::{ContestProblem, Instance, ProductError};
use crate::solution::Solution;
use crate::solve::{certify, retrograde};

/// Why no expected output could be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExpectedError {
    /// The product game of a contest instance cannot be built (too large).
    #[error(transparent)]
    Product(#[from] ProductError),
    /// retrocheck's own solution fails its check: a bug in retrocheck, never blamed on
    /// a user's program.
    #[error("retrocheck's own solution fails its check: {0} (please report this)")]
    Retrocheck(String),
}

/// The proven solution of `game`: the most exhaustive reference's where one can solve
/// it (the default oracle limits), otherwise the retrograde solver's, accepted only if
/// `certify` proves it (the certificate with remoteness is a complete proof).
pub(crate) fn solution(game: &Game) -> Result<Solution, ExpectedError> {
    if let Some((_, solution)) =
        reference_solution(game, &Oracles::default()).map_err(|m| ExpectedError::Retrocheck(m.to_string()))?
    {
        return Ok(solution);
    }
    let solution = retrograde::solve(game);
    certify(game, &solution).map_err(|v| ExpectedError::Retrocheck(format!("certify: {v}")))?;
    Ok(solution)
}

/// The outcome of every position of a solution.
fn outcomes(solution: &Solution) -> Vec<Outcome> {
    solution.values.iter().map(|v| v.outcome()).collect()
}

/// The judge's answer to test case `k` (1-based) of a contest problem, with its final
/// newline, read off a `solution` of its product game: the answer every correct
/// program prints when `solution` is right.
pub(crate) fn answer<T: ContestProblem>(instance: &T, k: usize, solution: &Solution) -> String {
    instance.answer(k, &outcomes(solution)) + "\n"
}

/// What a solver's `solution` of `case` prints as test case `k`: the solution text of a
/// game, or the judge's answer of a contest instance (from the outcomes of its product
/// game), with the final newline. Every report, replay and expected output goes
/// through here.
pub(crate) fn text(case: &Case, k: usize, solution: &Solution) -> String {
    match case {
        Case::Game(game) => solution.to_text(game),
        Case::Instance(instance) => instance_answer(instance, k, solution) + "\n",
    }
}

/// The judge's answer to test case `k` of a registered problem's instance, without the
/// final newline, read off a `solution` of its product game.
pub fn instance_answer(instance: &Instance, k: usize, solution: &Solution) -> String {
    instance.answer(k, &outcomes(solution))
}

/// The expected output of `case` as test case `k` (1-based) of an input.
pub(crate) fn output(case: &Case, k: usize) -> Result<String, ExpectedError> {
    let game = case.game()?;
    Ok(text(case, k, &solution(&game)?))
}
