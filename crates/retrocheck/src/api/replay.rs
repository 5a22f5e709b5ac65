//! Corpus replay for your solver: every case of retrocheck's corpus, or of a corpus
//! directory of your own, through every oracle and against its `.out` file.

use super::failure::Failure;
use super::Passed;
use crate::corpus::{self, inputs, Kind};
use crate::oracles::Oracles;
use crate::solve::Solver;
use crate::subject::Subject;
use std::path::{Path, PathBuf};

/// retrocheck's own corpus ([`crate::corpus`]): hand-made traps, and the
/// minimal case of every bug the harness has caught.
pub const BUILTIN_CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus");

/// Why a replay failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The solver under test is wrong on a corpus case.
    #[error(transparent)]
    Failed(Box<Failure>),
    /// A corpus file cannot be used: unreadable, not in its format, or its `.out` file
    /// disagrees with a solution that every oracle accepts (a stale `.out`).
    #[error("{}: {message}", .path.display())]
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

/// Replays every corpus input under `root` (a directory searched recursively, or one
/// file): `NAME.game`, or `NAME.in` in a directory named after a contest problem, each
/// with its expected output in `NAME.out`. Each case runs through every oracle with
/// `solver`; then the solver's output must match the `.out` file line by line (`#`
/// comments and blank lines ignored). This is the loader and runner of
/// `retrocheck replay` and of `cargo test`'s corpus replay (`corpus::replay`).
///
/// Games come first, smallest files first, so the failure reported is on the smallest
/// case that shows it; it is shrunk further, and never saved (it is in a corpus
/// already). A file of more than [`ANNOUNCED_POSITIONS`] positions is announced on
/// standard error before it runs (the built-in corpus holds chains of 10,001 and 65,537
/// positions, where a quadratic solver takes minutes); [`Replay::max_positions`] skips
/// such files.
///
/// ```
/// use retrocheck::prelude::*;
///
/// let mine = solver_fn("mine", |game: &Game| retrocheck::solve::Retrograde.solve(game));
/// let corpus = std::path::Path::new(BUILTIN_CORPUS).join("games/two_cycle.game");
/// assert_eq!(replay(&mine, &corpus).unwrap().cases, 1);
/// ```
pub fn replay<S: Solver + ?Sized>(solver: &S, root: impl AsRef<Path>) -> Result<Passed, ReplayError> {
    Replay::new(root).run(solver)
}

/// A file whose games have more positions than this is announced before it runs.
pub const ANNOUNCED_POSITIONS: u64 = 10_000;

/// A corpus replay with its options; [`replay`] is the default one.
#[derive(Clone, Debug)]
pub struct Replay {
    root: PathBuf,
    max_positions: Option<u64>,
}

impl Replay {
    /// Every corpus input under `root`.
    pub fn new(root: impl AsRef<Path>) -> Replay {
        Replay {
            root: root.as_ref().to_path_buf(),
            max_positions: None,
        }
    }

    /// Skips the files whose games (a contest input's product games, together) have
    /// more than `positions` positions, counted as skipped in the summary: for a slow
    /// solver in a quick test.
    pub fn max_positions(self, positions: u64) -> Replay {
        Replay {
            max_positions: Some(positions),
            ..self
        }
    }

    /// Replays the corpus with `solver`: what passed, or the first failure (or the
    /// first unusable file).
    pub fn run<S: Solver + ?Sized>(&self, solver: &S) -> Result<Passed, ReplayError> {
        crate::api::warn_if_unoptimized();
        let under_test: &dyn Subject = &solver;
        let root = self.root.as_path();
        let corpus_error = |path: &Path, message: String| ReplayError::Corpus {
            path: path.to_path_buf(),
            message,
        };
        let mut files = inputs(root).map_err(|e| corpus_error(root, e.to_string()))?;
        files.sort_by_cached_key(|path| {
            let size = std::fs::metadata(path).map_or(u64::MAX, |m| m.len());
            (Kind::of_path(path) != Some(Kind::Game), size, path.clone())
        });
        let (mut cases, mut refused, mut skipped, file_count) = (0, 0, 0, files.len());
        let oracles = Oracles::default();
        for path in files {
            let file = match corpus::load(&path) {
                Ok(file) => file,
                Err(e) => return Err(corpus_error(&path, unprefixed(&e, &path))),
            };
            let positions: u64 = file.cases.iter().map(positions).sum();
            if self.max_positions.is_some_and(|most| positions > most) {
                skipped += 1;
                continue;
            }
            if positions > ANNOUNCED_POSITIONS {
                {
                    use std::io::Write as _;
                    let _ = writeln!(
                        std::io::stderr(),
                        "retrocheck: replaying {} ({} positions) …",
                        path.display(),
                        crate::text::thousands(positions)
                    );
                }
            }
            match corpus::replay_counted(&file, under_test, &oracles) {
                Ok((n, r)) => {
                    cases += n as u64;
                    refused += r;
                }
                Err(corpus::CorpusFileError::Failed {
                    path, kind, k, case, ..
                }) => {
                    let at = match kind {
                        Kind::Game => path.display().to_string(),
                        Kind::Problem(_) => format!("{} (test case {k})", path.display()),
                    };
                    let failure = Failure::shrink(&case, under_test, &oracles, at, None);
                    return Err(ReplayError::Failed(Box::new(failure)));
                }
                Err(e) => return Err(corpus_error(&path, unprefixed(&e, &path))),
            }
        }
        let mut summary = format!(
            "{} passed {} of the {} in {} under {}",
            under_test.name(),
            cases - refused,
            crate::text::count(cases as usize, "case"),
            crate::text::count(file_count - skipped, "corpus file"),
            root.display(),
        );
        if refused > 0 {
            summary += &format!("; {refused} refused as unsupported");
        }
        if skipped > 0 {
            summary += &format!(
                "; {} skipped as larger than {} positions",
                crate::text::count(skipped, "file"),
                self.max_positions.unwrap_or(0)
            );
        }
        Ok(Passed {
            cases,
            refused,
            summary,
        })
    }
}

/// The positions of a case's game, or of a contest instance's product game, known
/// without building it.
fn positions(case: &crate::case::Case) -> u64 {
    match case {
        crate::case::Case::Game(game) => game.positions() as u64,
        crate::case::Case::Instance(instance) => instance.product_shape().0,
    }
}

/// A corpus error's message without the path it starts with (the report names it).
fn unprefixed(e: &corpus::CorpusFileError, path: &Path) -> String {
    let message = e.to_string();
    message
        .strip_prefix(&format!("{}: ", path.display()))
        .map_or(message.clone(), str::to_string)
}
