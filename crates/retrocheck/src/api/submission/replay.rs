//! Corpus replay for a submission: every saved input of its problem (`NAME.in` with its
//! expected answer in `NAME.out`, under a directory named after the problem), judged
//! against the `.out` file.

use super::failure::Failure;
use super::shrink::shrink;
use super::AsFound;
use super::{judge, Input, Submission};
use crate::api::Passed;
use crate::contest::Contest;
use crate::problems::ContestProblem;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

/// Why a replay failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError<T> {
    /// The submission is wrong on a corpus input (shrunk further, not saved again).
    #[error(transparent)]
    Failed(Box<Failure<T>>),
    /// A corpus file cannot be used: unreadable, not a regular file, not an input of
    /// the problem, without its `.out`, or with a `.out` that is not retrocheck's proven
    /// answer (a stale `.out`).
    #[error("{}: {message}", .path.display())]
    Corpus {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
}

/// A corpus replay of a submission, with its options; [`replay`] is the default one.
pub struct Replay<T> {
    root: PathBuf,
    max_size: Option<u64>,
    problem: PhantomData<fn() -> T>,
}

/// An input of more product-game positions than this is announced on stderr before it
/// is judged: a slow submission must not sit silent on it.
const ANNOUNCED_POSITIONS: u64 = 100_000;

/// Replays every corpus input of problem `T` under `root` (`corpus/`, or
/// `corpus/NAME/`): the files `*.in` in a directory named after the problem, smallest
/// first, each judged against its `.out`, which must also be retrocheck's proven
/// answer. A failure is shrunk and reported, never saved (it is in a corpus already).
pub fn replay<T: Contest, S: Submission<T> + ?Sized>(
    submission: &S,
    root: impl AsRef<Path>,
) -> Result<Passed, ReplayError<T>> {
    Replay::new(root).run(submission)
}

impl<T: Contest> Replay<T> {
    /// Every input under `root`.
    pub fn new(root: impl AsRef<Path>) -> Replay<T> {
        Replay {
            root: root.as_ref().to_path_buf(),
            max_size: None,
            problem: PhantomData,
        }
    }

    /// Skips inputs holding a test case larger than `size` (in the problem's unit),
    /// counted as skipped in the summary: for a slow submission in a quick test.
    pub fn max_size(self, size: u64) -> Replay<T> {
        Replay {
            max_size: Some(size),
            ..self
        }
    }

    /// Judges `submission` on every input: what passed, or the first failure (or the
    /// first unusable file).
    pub fn run<S: Submission<T> + ?Sized>(&self, submission: &S) -> Result<Passed, ReplayError<T>> {
        crate::api::warn_if_unoptimized();
        let corpus_error = |path: &Path, message: String| ReplayError::Corpus {
            path: path.to_path_buf(),
            message,
        };
        let ours = |path: &Path| {
            path.extension().is_some_and(|e| e == "in")
                && path
                    .parent()
                    .and_then(Path::file_name)
                    .is_some_and(|d| d == T::NAME)
        };
        let mut files = crate::corpus::inputs_where(&self.root, ours)
            .map_err(|e| corpus_error(&self.root, e.to_string()))?;
        files.sort_by_cached_key(|path| {
            (
                std::fs::metadata(path).map_or(u64::MAX, |m| m.len()),
                path.clone(),
            )
        });
        let (mut inputs, mut cases, mut skipped) = (0u64, 0u64, 0u64);
        for path in &files {
            let text = crate::corpus::read_bounded(path).map_err(|e| corpus_error(path, e))?;
            let out = crate::corpus::read_bounded(&path.with_extension("out"))
                .map_err(|e| corpus_error(path, format!("its expected output: {e}")))?;
            let parsed = crate::problems::parse::<T>(text.as_bytes())
                .map_err(|e| corpus_error(path, format!("not an input of {}: {e}", T::NAME)))?;
            let input = Input { cases: parsed };
            if self
                .max_size
                .is_some_and(|most| input.cases.iter().any(|c| ContestProblem::size(c) > most))
            {
                skipped += 1;
                continue;
            }
            let positions: u64 = input.cases.iter().map(|c| c.product_shape().0).sum();
            if positions > ANNOUNCED_POSITIONS {
                {
                    use std::io::Write as _;
                    let _ = writeln!(
                        std::io::stderr(),
                        "retrocheck: replaying {} ({}, {positions} product-game positions) …",
                        path.display(),
                        input.describe()
                    );
                }
            }
            match input.expected() {
                Ok(proven) if proven != out => {
                    return Err(corpus_error(
                        path,
                        "its .out is not retrocheck's proven answer (a stale .out?)".into(),
                    ))
                }
                _ => {}
            }
            let judged = judge(submission, &input, &out);
            if judged.verdict.kind() != "accepted" {
                let found = AsFound {
                    found_in: path.display().to_string(),
                    input,
                };
                return Err(ReplayError::Failed(Box::new(shrink(submission, found, 1))));
            }
            inputs += 1;
            cases += input.cases.len() as u64;
        }
        let skipped = if skipped > 0 {
            format!(
                "; {skipped} more skipped as larger than {}",
                self.max_size.unwrap_or(0)
            )
        } else {
            String::new()
        };
        Ok(Passed {
            cases: inputs,
            refused: 0,
            summary: super::checked_summary(
                submission.name(),
                inputs,
                cases,
                &format!("of the {} corpus under {}{skipped}", T::NAME, self.root.display()),
            ),
        })
    }
}
