//! What every entry point of the API returns when your solver is wrong: the failing
//! case shrunk by retrocheck's shrinker, as text, with the references' expected output.

use crate::game::Outcome;
use crate::harness::check::{check_case, Mismatch, Oracles};
use crate::harness::generate::Case;
use crate::harness::triage::{case_text, triage};
use crate::harness::Subject;
use std::fmt;
use std::path::{Path, PathBuf};

/// A failure of the solver under test, reduced to a 1-minimal case (no single removal
/// of a position or move still fails the same way; docs/DESIGN.md, "Shrinking").
///
/// `Display` prints the whole report: what failed, the shrunk case as `.game` text (or
/// a one-case contest input), the expected output and the solver's own output on it.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Failure {
    /// The name of the solver under test.
    pub solver: String,
    /// Where the failure was found, before shrinking: "proptest case", a corpus file,
    /// a campaign's case index and family, "fuzz input".
    pub found_in: String,
    /// The size of the case as found, in words ("57 positions, 235 moves").
    pub found_size: String,
    /// The shrunk case.
    pub case: Case,
    /// How the shrunk case fails.
    pub mismatch: Mismatch,
    /// The shrunk case as canonical text: a `.game` file, or a contest input.
    pub text: String,
    /// What every correct solver prints for it (`.out` format), from the references.
    pub expected: String,
    /// What the solver under test prints for it, or the error it gave.
    pub got: String,
    /// Positions of the shrunk case's game (a contest instance's product game).
    pub positions: usize,
    /// Shrinking steps taken.
    pub shrink_steps: usize,
    /// The corpus file the shrunk case was saved as, when saving was asked for.
    pub saved: Option<PathBuf>,
}

impl Failure {
    /// Shrinks the failing `case` (keeping how it fails) and builds the report; saves it
    /// under `corpus` when given. A case that no longer fails, or a shrinker error, is
    /// reported unshrunk rather than lost.
    pub(crate) fn shrink(
        case: &Case,
        under_test: &dyn Subject,
        oracles: &Oracles,
        found_in: String,
        corpus: Option<&Path>,
    ) -> Failure {
        let found_size = case.size_text();
        let (shrunk, mismatch, text, expected, steps, saved) =
            match triage(case, under_test, oracles, corpus, |_| {}) {
                Ok(t) => (
                    t.shrunk.value,
                    t.mismatch,
                    t.text,
                    t.expected,
                    t.shrunk.steps,
                    t.saved.map(|s| s.input),
                ),
                Err(error) => {
                    let mismatch = check_case(case, under_test, oracles)
                        .err()
                        .unwrap_or(Mismatch::Crashed {
                            solver: under_test.name().into(),
                            error: format!("fails only sometimes (shrinking: {error})"),
                        });
                    let expected = crate::harness::expected::output(case, 1).unwrap_or_else(|e| e + "\n");
                    (case.clone(), mismatch, case_text(case).1, expected, 0, None)
                }
            };
        Failure {
            solver: under_test.name().into(),
            found_in,
            found_size,
            positions: shrunk.game().map_or(0, |g| g.positions()),
            got: output_of(&shrunk, under_test),
            case: shrunk,
            mismatch,
            text,
            expected,
            shrink_steps: steps,
            saved,
        }
    }
}

/// The subject's own output on `case`, in the form of the expected output.
fn output_of(case: &Case, under_test: &dyn Subject) -> String {
    let game = match case.game() {
        Ok(game) => game,
        Err(e) => return format!("(no game: {e})\n"),
    };
    match under_test.solve(&game) {
        Err(e) => format!("(error: {e})\n"),
        Ok(solution) if solution.len() != game.positions() => format!(
            "(a solution of {} positions for a game of {})\n",
            solution.len(),
            game.positions()
        ),
        Ok(solution) => match case {
            Case::Game(game) => solution.to_text(game),
            Case::Instance(instance) => {
                let outcomes: Vec<Outcome> = solution.values.iter().map(|v| v.outcome()).collect();
                instance.answer(1, &outcomes) + "\n"
            }
        },
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} is wrong: {}", self.solver, self.mismatch)?;
        writeln!(
            f,
            "found in {} ({}), shrunk in {} steps to {}:",
            self.found_in,
            self.found_size,
            self.shrink_steps,
            self.case.size_text()
        )?;
        write!(f, "{}", self.text)?;
        writeln!(f, "expected (the references' solution):")?;
        write!(f, "{}", self.expected)?;
        writeln!(f, "{} gives:", self.solver)?;
        write!(f, "{}", self.got)?;
        match &self.saved {
            Some(path) => write!(f, "saved as {}", path.display()),
            None => write!(f, "(set RETROCHECK_CORPUS=DIR to save it for replay)"),
        }
    }
}

impl std::error::Error for Failure {}

/// The corpus directory named by `RETROCHECK_CORPUS`, where a failure is saved when a
/// user asks for it: a test never writes into the source tree on its own.
pub(crate) fn corpus_from_env() -> Option<PathBuf> {
    std::env::var_os("RETROCHECK_CORPUS").map(PathBuf::from)
}
