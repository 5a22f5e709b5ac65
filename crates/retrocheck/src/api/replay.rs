//! Corpus replay for your solver: every case of retrocheck's corpus, or of a corpus
//! directory of your own, through every oracle and against its `.out` file.

use super::failure::Failure;
use super::Passed;
use crate::corpus::{self, inputs, Kind};
use crate::oracles::Oracles;
use crate::solve::Solver;
use crate::Subject;
use std::fmt;
use std::path::{Path, PathBuf};

/// retrocheck's own corpus ([`crate::corpus`]): hand-made traps, and the
/// minimal case of every bug the harness has caught.
pub const BUILTIN_CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus");

/// Why a replay failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReplayError {
    /// The solver under test is wrong on a corpus case.
    Failed(Box<Failure>),
    /// A corpus file cannot be used: unreadable, not in its format, or its `.out` file
    /// disagrees with a solution that every oracle accepts (a stale `.out`).
    Corpus {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
}

impl ReplayError {
    /// The solver's failure, if that is what this is.
    pub fn failure(&self) -> Option<&Failure> {
        match self {
            ReplayError::Failed(failure) => Some(failure),
            ReplayError::Corpus { .. } => None,
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Failed(failure) => failure.fmt(f),
            ReplayError::Corpus { path, message } => write!(f, "{}: {message}", path.display()),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Replays every corpus input under `root` (a directory searched recursively, or one
/// file): `NAME.game`, or `NAME.in` in a directory named after a contest problem, each
/// with its expected output in `NAME.out`. Each case runs through every oracle with
/// `solver`; then the solver's output must match the `.out` file line by line (`#`
/// comments and blank lines ignored). This is the loader and runner of
/// `retrocheck replay` and of `cargo test`'s corpus replay (`corpus::replay`).
///
/// Games come first, smallest files first, so the failure reported is on the smallest
/// case that shows it; it is shrunk further, and never saved (it is in a corpus
/// already).
///
/// ```
/// use retrocheck::prelude::*;
///
/// let mine = solver_fn("mine", |game: &Game| retrocheck::solve::Retrograde.solve(game));
/// let corpus = std::path::Path::new(BUILTIN_CORPUS).join("games/two_cycle.game");
/// assert_eq!(replay(&mine, &corpus).unwrap().cases, 1);
/// ```
pub fn replay<S: Solver + ?Sized>(solver: &S, root: impl AsRef<Path>) -> Result<Passed, ReplayError> {
    let under_test: &dyn Subject = &solver;
    let root = root.as_ref();
    let corpus_error = |path: &Path, message: String| ReplayError::Corpus {
        path: path.to_path_buf(),
        message,
    };
    let mut files = inputs(root).map_err(|e| corpus_error(root, e.to_string()))?;
    files.sort_by_cached_key(|path| {
        let size = std::fs::metadata(path).map_or(u64::MAX, |m| m.len());
        (Kind::of_path(path) != Some(Kind::Game), size, path.clone())
    });
    let (mut cases, mut refused, file_count) = (0, 0, files.len());
    let oracles = Oracles::default();
    for path in files {
        let replayed =
            corpus::load(&path).and_then(|file| corpus::replay_counted(&file, under_test, &oracles));
        match replayed {
            Ok((n, r)) => {
                cases += n as u64;
                refused += r;
            }
            Err(corpus::ReplayError::Failed {
                path, kind, k, case, ..
            }) => {
                let at = match kind {
                    Kind::Game => path.display().to_string(),
                    Kind::Problem(_) => format!("{} (test case {k})", path.display()),
                };
                let failure = Failure::shrink(&case, under_test, &oracles, at, None);
                return Err(ReplayError::Failed(Box::new(failure)));
            }
            Err(corpus::ReplayError::Unusable { path, message }) => return Err(corpus_error(&path, message)),
            Err(stale) => {
                let message = stale.to_string();
                let message = message
                    .strip_prefix(&format!("{}: ", path.display()))
                    .unwrap_or(&message);
                return Err(corpus_error(&path, message.into()));
            }
        }
    }
    Ok(Passed {
        cases,
        refused,
        summary: format!(
            "{} passed {} cases of {file_count} corpus files under {}{}",
            under_test.name(),
            cases - refused,
            root.display(),
            if refused > 0 {
                format!("; {refused} more refused as unsupported")
            } else {
                String::new()
            }
        ),
    })
}
