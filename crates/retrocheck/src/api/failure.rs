//! What every entry point of the API returns when your solver is wrong: the failing
//! case shrunk by retrocheck's shrinker, as text, with the references' expected output.

use crate::case::Case;
use crate::corpus::SaveError;
use crate::failure::{case_text, triage, Policy, TriageError};
use crate::format::print_game;
use crate::oracles::{check_case, Mismatch, Oracles, Signature};
use crate::subject::Subject;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A failure of the solver under test, reduced to a 1-minimal case ([`crate::shrink`]):
/// no single removal of a position or move still has the solver's output
/// refuted by a reference or `certify` — or, for a failure that only a metamorphic
/// relation sees, still fails that way.
///
/// `Display` prints the report: what failed, the shrunk case as `.game` text (or a
/// one-case contest input) with its ids in order of discovery from the failing
/// position, the expected output and the solver's own output on it; for a failure a
/// relation caught, also the transformed game the solver is wrong on. A report longer
/// than [`SHOWN_LINES`] lines shows the case's first lines, the first lines of output
/// that differ with their context, and the play from the failing position, and names
/// the files that hold the rest; `{:#}` prints it whole.
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
    /// How the case failed as found, before shrinking: shrinking keeps the kind of
    /// failure ([`Signature`]), but the symptom may change, and the report says so.
    pub found_as: Mismatch,
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
    /// When a metamorphic relation caught the failure, the transformed game on which
    /// the solver is wrong, with the references' output and the solver's.
    pub transformed: Option<Shown>,
    /// Positions of the shrunk case's game (a contest instance's product game).
    pub positions: usize,
    /// Shrinking steps taken.
    pub shrink_steps: usize,
    /// Shrinking candidates judged.
    pub shrink_tries: usize,
    /// When saving was asked for: the corpus file the shrunk case was saved as (or
    /// found identical), or why it could not be saved.
    pub saved: Option<Result<PathBuf, SaveError>>,
    /// Whether the case of `saved` was in the corpus already (saved by an earlier run,
    /// or a moment ago by another process): the report then says so instead of "saved
    /// as".
    pub already_saved: bool,
    /// When the report is too long to print whole: the directory holding the whole
    /// case and both outputs (`case.game` or `case.in`, `expected.out`, `got.out`,
    /// and the transformed game's when there is one), or why it could not be written.
    pub full_report: Option<Result<PathBuf, WriteError>>,
}

/// Why the files of a report could not be written.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// No new directory could be made in the system's temporary directory.
    #[error("a new directory in {}: {error}", .directory.display())]
    Directory {
        /// The system's temporary directory.
        directory: PathBuf,
        /// What went wrong.
        error: Arc<std::io::Error>,
    },
    /// A file could not be written in the new directory.
    #[error("{}: {error}", .path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: Arc<std::io::Error>,
    },
}

/// A game or contest input as a report shows it: its text, the references' output and
/// the solver's.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Shown {
    /// The canonical text of the case.
    pub text: String,
    /// What every correct solver prints for it.
    pub expected: String,
    /// What the solver under test prints for it, or the error it gave.
    pub got: String,
}

/// A report of at most this many lines is printed whole; a longer one is cut to about
/// this many, the rest left in files.
pub const SHOWN_LINES: usize = 40;

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
        let (as_game, found_in) = product_game_if_wrong(case, under_test, oracles, found_in);
        let found_size = case.size_text();
        let case = as_game.as_ref().unwrap_or(case);
        let policy = Policy {
            corpus: corpus.map(Path::to_path_buf),
            direct: true,
            ..Policy::new(*oracles)
        };
        match Failure::triage(case, under_test, &policy, found_in.clone(), |_| {}) {
            Ok(mut failure) => {
                failure.found_size = found_size;
                failure
            }
            Err(e) => {
                // It no longer fails: report it as found rather than lose it.
                let found_as = check_case(case, under_test, &crate::failure::judging(case, oracles)).err();
                let mismatch = found_as.unwrap_or(Mismatch::Crashed {
                    solver: under_test.name().into(),
                    error: format!("fails only sometimes ({e})"),
                });
                let (kind, text) = case_text(case);
                let expected = crate::oracles::expected::output(case, 1).unwrap_or_else(|e| format!("{e}\n"));
                let saved = crate::failure::save(&policy, kind, &text, &expected);
                Failure::build(
                    under_test,
                    found_in,
                    found_size,
                    mismatch.clone(),
                    mismatch,
                    case.clone(),
                    text,
                    expected,
                    0,
                    0,
                    saved,
                )
            }
        }
    }

    /// Shrinks a failing `case` by `policy` ([`triage`]) and builds its report: what
    /// `retrocheck diff` and `shrink` print. `on_step` sees each accepted shrinking step.
    pub fn triage(
        case: &Case,
        under_test: &dyn Subject,
        policy: &Policy,
        found_in: String,
        on_step: impl FnMut(&Case),
    ) -> Result<Failure, TriageError> {
        // As the shrinker judges it: the relations only where they are cheap.
        let found_as = check_case(case, under_test, &crate::failure::judging(case, &policy.oracles))
            .err()
            .ok_or(TriageError::Passes)?;
        let t = triage(case, under_test, policy, on_step)?;
        Ok(Failure::build(
            under_test,
            found_in,
            case.size_text(),
            found_as,
            t.mismatch,
            t.shrunk.value,
            t.text,
            t.expected,
            t.shrunk.steps,
            t.shrunk.tries,
            t.saved,
        ))
    }

    #[allow(clippy::too_many_arguments)]
    fn build(
        under_test: &dyn Subject,
        found_in: String,
        found_size: String,
        found_as: Mismatch,
        mismatch: Mismatch,
        case: Case,
        text: String,
        expected: String,
        shrink_steps: usize,
        shrink_tries: usize,
        saved: Option<Result<crate::corpus::Saved, SaveError>>,
    ) -> Failure {
        let transformed = match &mismatch {
            Mismatch::Relation { transformed, .. } => {
                let case = Case::Game((**transformed).clone());
                Some(Shown {
                    text: print_game(transformed),
                    expected: crate::oracles::expected::output(&case, 1)
                        .unwrap_or_else(|e| format!("({e})\n")),
                    got: output_of(&case, under_test),
                })
            }
            _ => None,
        };
        let failure = Failure {
            solver: under_test.name().into(),
            found_in,
            found_size,
            found_as,
            positions: case.game().map_or(0, |g| g.positions()),
            got: output_of(&case, under_test),
            case,
            mismatch,
            text,
            expected,
            transformed,
            shrink_steps,
            shrink_tries,
            already_saved: matches!(&saved, Some(Ok(s)) if s.already_present),
            saved: saved.map(|s| s.map(|s| s.input)),
            full_report: None,
        };
        failure.with_full_report()
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
    match crate::subject::solve_caught(under_test, &game) {
        Err(e) => format!("(error: {e})\n"),
        // A solution of the wrong length (values or chosen moves) cannot be printed
        // position by position: say what it holds.
        Ok(solution)
            if solution.values.len() != game.positions() || solution.choices.len() != game.positions() =>
        {
            format!(
                "(a solution of the wrong length: {} and {} chosen moves for a game of {})\n",
                crate::text::count(solution.values.len(), "value"),
                solution.choices.len(),
                crate::text::count(game.positions(), "position")
            )
        }
        Ok(solution) => crate::oracles::expected::text(case, 1, &solution),
    }
}

impl std::error::Error for Failure {}

/// The corpus directory named by `RETROCHECK_CORPUS`, where a failure is saved when a
/// user asks for it: a test never writes into the source tree on its own.
pub(crate) fn corpus_from_env() -> Option<PathBuf> {
    std::env::var_os("RETROCHECK_CORPUS").map(PathBuf::from)
}
