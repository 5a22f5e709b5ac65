//! What the submission entry points return when a submission is wrong: the failing
//! input shrunk in contest form, with the expected answer and the submission's, as
//! `retrocheck stress` reports a program's failure.

use super::{judge, AsFound, Input, Panic, Submission, Verdict};
use crate::contest::Contest;
use crate::corpus::SaveError;
use crate::shrink::Shrunk;
use crate::stress::quote::block;
use crate::text::count;
use std::fmt;
use std::path::{Path, PathBuf};

/// The most bytes of the input and of each output a report prints; the saved files
/// hold them whole.
const SHOWN_BYTES: usize = 2_000;

/// A submission's failure, shrunk to an input no single removal of which (a vertex, an
/// edge, a test case …, as the problem's passes define it) still fails the same way.
///
/// `Display` prints the report: the verdict (the first differing line, expected vs
/// got), where it was found, the shrunk input, the expected answer and the
/// submission's, and where it was saved.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Failure<T> {
    /// The submission's name.
    pub submission: String,
    /// Where the failure was found: a campaign's input index and seed, a proptest
    /// case, a corpus file, a fuzz input.
    pub found_in: String,
    /// The input as found, in words ("one test case, 7 vertices, 17 edges").
    pub found_size: String,
    /// The shrunk input.
    pub input: Input<T>,
    /// Its verdict: a wrong answer (the first differing line), or a panic.
    pub verdict: Verdict,
    /// The shrunk input as the judge's text.
    pub text: String,
    /// retrocheck's proven answer to it.
    pub expected: String,
    /// The submission's answer to it, or its panic.
    pub got: Result<String, Panic>,
    /// Shrinking steps taken.
    pub shrink_steps: usize,
    /// Inputs judged while shrinking.
    pub shrink_tries: usize,
    /// When saving was asked for: the corpus file the input was saved as (or found
    /// identical), or why it could not be saved.
    pub saved: Option<Result<PathBuf, SaveError>>,
}

impl<T: Contest> Failure<T> {
    /// The report of a shrunk input (judged once more, to show its own output).
    pub(crate) fn new<S: Submission<T> + ?Sized>(
        submission: &S,
        found: AsFound<T>,
        shrunk: Shrunk<Input<T>>,
    ) -> Failure<T> {
        let input = shrunk.value;
        let expected = input.expected().map_err(|e| e.to_string());
        let judged = match &expected {
            Ok(e) => judge(submission, &input, e),
            Err(_) => super::Judged {
                verdict: Verdict::Accepted,
                got: Ok(submission.answer(&input)),
            },
        };
        Failure {
            submission: submission.name().to_string(),
            found_in: found.found_in,
            found_size: found.input.describe(),
            text: input.text(),
            verdict: judged.verdict,
            expected: expected.unwrap_or_else(|e| format!("(retrocheck cannot solve this input: {e})\n")),
            got: judged.got,
            input,
            shrink_steps: shrunk.steps,
            shrink_tries: shrunk.tries,
            saved: None,
        }
    }

    /// Saves the shrunk input and its expected answer as `root/NAME/<hash>.in` and
    /// `.out` (never overwriting a file), and records where.
    pub(crate) fn save(mut self, root: Option<&Path>) -> Failure<T> {
        self.saved = root.map(|root| {
            crate::corpus::save_in(root, T::NAME, "in", &self.text, &self.expected)
                .map(|s| s.input)
                .map_err(|e| SaveError::new(root, e))
        });
        self
    }
}

impl<T: Contest> fmt::Display for Failure<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} is wrong: {}", self.submission, self.verdict)?;
        writeln!(
            f,
            "found in {} ({}), shrunk in {} ({} judged) to {}:",
            self.found_in,
            self.found_size,
            count(self.shrink_steps, "step"),
            count(self.shrink_tries, "input"),
            self.input.describe()
        )?;
        write!(f, "{}", block(self.text.as_bytes(), SHOWN_BYTES))?;
        writeln!(f, "expected (retrocheck's proven answer):")?;
        write!(f, "{}", block(self.expected.as_bytes(), SHOWN_BYTES))?;
        match &self.got {
            Ok(got) => {
                writeln!(f, "{} gives:", self.submission)?;
                write!(f, "{}", block(got.as_bytes(), SHOWN_BYTES))?;
                if !got.is_empty() && !got.ends_with('\n') {
                    writeln!(f)?;
                }
            }
            Err(panic) => writeln!(f, "{} panics: {panic}", self.submission)?,
        }
        match &self.saved {
            Some(Ok(path)) => write!(
                f,
                "saved as {} (and its expected output beside it)",
                path.display()
            ),
            Some(Err(e)) => write!(f, "{e}"),
            None => write!(f, "(set RETROCHECK_CORPUS=DIR to save it for replay)"),
        }
    }
}

impl<T: Contest> std::error::Error for Failure<T> {}
