//! What every entry point of the API returns when your solver is wrong: the failing
//! case shrunk by retrocheck's shrinker, as text, with the references' expected output.

use crate::failure::{case_text, triage, Policy};
use crate::generate::Case;
use crate::oracles::{check_case, Mismatch, Oracles, Signature};
use crate::Subject;
use std::fmt;
use std::path::{Path, PathBuf};

/// A failure of the solver under test, reduced to a 1-minimal case ([`crate::shrink`]):
/// no single removal of a position or move still has the solver's output
/// refuted by a reference or `certify` — or, for a failure that only a metamorphic
/// relation sees, still fails that way.
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
    /// When saving was asked for: the corpus file the shrunk case was saved as (or
    /// found identical), or why it could not be saved.
    pub saved: Option<Result<PathBuf, String>>,
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
        let (as_game, found_in) = product_game_if_wrong(case, under_test, oracles, found_in);
        let case = as_game.as_ref().unwrap_or(case);
        let policy = Policy {
            corpus: corpus.map(Path::to_path_buf),
            direct: true,
            ..Policy::new(*oracles)
        };
        let (shrunk, mismatch, steps, text, expected, saved) = match triage(case, under_test, &policy, |_| {})
        {
            Ok(t) => (
                t.shrunk.value,
                t.mismatch,
                t.shrunk.steps,
                t.text,
                t.expected,
                t.saved,
            ),
            Err(e) => {
                // It no longer fails: report it as found rather than lose it.
                let mismatch = check_case(case, under_test, oracles)
                    .err()
                    .unwrap_or(Mismatch::Crashed {
                        solver: under_test.name().into(),
                        error: format!("fails only sometimes ({e})"),
                    });
                let (kind, text) = case_text(case);
                let expected = crate::oracles::expected::output(case, 1).unwrap_or_else(|e| format!("{e}\n"));
                let saved = corpus.map(|root| {
                    crate::corpus::save(root, kind, &text, &expected)
                        .map_err(|e| format!("not saved in {}: {e}", root.display()))
                });
                (case.clone(), mismatch, 0, text, expected, saved)
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
            saved: saved.map(|s| s.map(|saved| saved.input)),
        }
    }
}

/// A solver of games sees a contest instance only as its product game: when the
/// solution of that game is wrong (or the solver fails on it), the game is what to
/// shrink and show, as a `.game` the solver reads, not as a contest input. Failures of
/// the contest front-end itself stay with the instance.
fn product_game_if_wrong(
    case: &Case,
    under_test: &dyn Subject,
    oracles: &Oracles,
    found_in: String,
) -> (Option<Case>, String) {
    let Case::Instance(instance) = case else {
        return (None, found_in);
    };
    let signature = check_case(case, under_test, oracles).err().map(|m| m.signature());
    if !matches!(signature, Some(Signature::WrongSolution | Signature::Crash)) {
        return (None, found_in);
    }
    match instance.game() {
        Ok(game) => (Some(Case::Game(game)), format!("the product game of {found_in}")),
        Err(_) => (None, found_in),
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
        Ok(solution) => crate::oracles::expected::text(case, 1, &solution),
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
            Some(Ok(path)) => write!(f, "saved as {}", path.display()),
            Some(Err(e)) => write!(f, "{e}"),
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
