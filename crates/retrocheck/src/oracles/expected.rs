//! The expected output of a case — what every correct solver prints — proven right
//! before it is written next to a counterexample or compared with a program's output.

use crate::game::{Game, Outcome};
use crate::generate::Case;
use crate::oracles::{reference_solution, Oracles};
use crate::solution::Solution;
use crate::solve::{certify, retrograde};

/// The proven solution of `game`: the most exhaustive reference's where one can solve
/// it (the default oracle limits), otherwise the retrograde solver's, accepted only if
/// `certify` proves it (the certificate with remoteness is a complete proof). An error
/// means retrocheck itself is wrong: a bug to report, never blamed on a user's program.
pub fn solution(game: &Game) -> Result<Solution, String> {
    if let Some((_, solution)) = reference_solution(game, &Oracles::default()).map_err(|m| m.to_string())? {
        return Ok(solution);
    }
    let solution = retrograde::solve(game);
    certify(game, &solution)
        .map_err(|v| format!("retrocheck's own solution fails its certificate: {v} (please report this)"))?;
    Ok(solution)
}

/// The expected output of `case` as test case `k` (1-based) of an input: the solution
/// text of a game, or the judge's answer line (with its newline) of a contest instance.
pub fn output(case: &Case, k: usize) -> Result<String, String> {
    match case {
        Case::Game(game) => Ok(solution(game)?.to_text(game)),
        Case::Instance(instance) => {
            let game = instance.game()?;
            let outcomes: Vec<Outcome> = solution(&game)?.values.iter().map(|v| v.outcome()).collect();
            Ok(instance.answer(k, &outcomes) + "\n")
        }
    }
}

/// The expected output of a whole input of several cases.
pub fn outputs(cases: &[Case]) -> Result<String, String> {
    let mut out = String::new();
    for (index, case) in cases.iter().enumerate() {
        out += &output(case, index + 1)?;
    }
    Ok(out)
}
