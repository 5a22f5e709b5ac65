//! Test the solution a contestant writes — the judge's input in, the judge's answer out —
//! in-process, for any contest problem: the five built in, or one of your own
//! implementing [`ContestProblem`](crate::problems::ContestProblem) and
//! [`Contest`].
//!
//! The same four entry points as for a solver of games, over the problem's test cases:
//!
//! - [`Property`]: a proptest property over the problem's strategy;
//! - [`Campaign`]: the inputs `retrocheck stress` draws (random, long by construction,
//!   searched for long games), seeded, on a thread pool;
//! - [`replay()`]: the problem's corpus directory (`NAME.in` with `NAME.out`);
//! - [`fuzz_check`] / [`fuzz_submission`]: the body of a cargo-fuzz target.
//!
//! The expected answer is retrocheck's proven one (the product game, solved and
//! certified); your answer is judged as `stress` judges a program (token by token, the
//! first differing line named); a failure shrinks in contest form (the problem's
//! [`passes`](crate::contest::Contest::passes), within the official limits when the
//! input was) and comes back as a [`Failure`], saved in the problem's corpus directory
//! when asked ([`Property::save_to`], or `RETROCHECK_CORPUS=DIR`).
//!
//! ```
//! use retrocheck::api::submission::{self, submission_fn};
//! use retrocheck::problems::pursuit::Instance as Pursuit;
//!
//! // The contestant's whole program, as a function of the input text.
//! let mine = submission_fn("mine", |input: &str| {
//!     retrocheck::problems::Problem::Pursuit.parse(input).unwrap().iter().enumerate()
//!         .map(|(k, case)| case.answer_line(k + 1).unwrap() + "\n").collect::<String>()
//! });
//! submission::Property::<Pursuit>::new().cases(8).max_size(6).assert(&mine);
//! ```

mod campaign;
mod failure;
mod fuzz;
mod property;
mod replay;
mod shrink;

pub use crate::stress::Input;
pub use crate::stress::Verdict;
pub use campaign::Campaign;
pub use failure::Failure;
pub use fuzz::{fuzz_case, fuzz_check, fuzz_submission};
pub use property::Property;
pub use replay::{replay, Replay, ReplayError};

use crate::contest::Contest;
use crate::stress::judge::compare;

/// A contestant's solution of problem `T`, run in-process: the whole input in, the
/// judge's output out (every test case's answer lines, each ending in a newline).
/// [`submission_fn`] and [`typed_submission_fn`] make one from a function.
pub trait Submission<T>: Sync {
    /// Its name in reports.
    fn name(&self) -> &str;
    /// Its output on `input` (read [`Input::text`] for the judge's text, or
    /// [`Input::cases`] for the parsed test cases).
    fn answer(&self, input: &Input<T>) -> String;
}

impl<T, S: Submission<T> + ?Sized> Submission<T> for &S {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn answer(&self, input: &Input<T>) -> String {
        (**self).answer(input)
    }
}

/// A submission reading the judge's input as text: see [`submission_fn`].
pub struct TextSubmission<F> {
    name: String,
    answer: F,
}

/// A submission from a function of the judge's input text to the judge's output: the
/// `main` of a contest solution with stdin and stdout as strings.
pub fn submission_fn<F: Fn(&str) -> String + Sync>(name: impl Into<String>, answer: F) -> TextSubmission<F> {
    TextSubmission {
        name: name.into(),
        answer,
    }
}

impl<T: Contest, F: Fn(&str) -> String + Sync> Submission<T> for TextSubmission<F> {
    fn name(&self) -> &str {
        &self.name
    }
    fn answer(&self, input: &Input<T>) -> String {
        (self.answer)(&input.text())
    }
}

/// A submission reading the parsed test cases: see [`typed_submission_fn`].
pub struct TypedSubmission<F> {
    name: String,
    answer: F,
}

/// A submission from a function of the test cases (the problem's own type, so no
/// parsing) to the judge's output: for a solver whose core takes typed instances.
pub fn typed_submission_fn<T, F: Fn(&[T]) -> String + Sync>(
    name: impl Into<String>,
    answer: F,
) -> TypedSubmission<F> {
    TypedSubmission {
        name: name.into(),
        answer,
    }
}

impl<T: Contest, F: Fn(&[T]) -> String + Sync> Submission<T> for TypedSubmission<F> {
    fn name(&self) -> &str {
        &self.name
    }
    fn answer(&self, input: &Input<T>) -> String {
        (self.answer)(&input.cases)
    }
}

/// Where a failure was found, before shrinking.
pub(crate) struct AsFound<T> {
    /// "input 14 of a campaign (seed 7)", a corpus file, "a proptest case (seed 0)".
    pub found_in: String,
    /// The input as found.
    pub input: Input<T>,
}

/// A panic of a submission, caught.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
#[non_exhaustive]
pub struct Panic {
    /// Its message.
    pub message: String,
}

/// One input judged: the verdict (never a time or memory limit in-process), and what
/// the submission printed, or its panic.
#[derive(Clone, Debug)]
pub(crate) struct Judged {
    pub verdict: Verdict,
    pub got: Result<String, Panic>,
}

/// Runs `submission` on `input` with its panics caught and judges its output against
/// `expected` as `stress` judges a program's (tokens per line).
pub(crate) fn judge<T: Contest, S: Submission<T> + ?Sized>(
    submission: &S,
    input: &Input<T>,
    expected: &str,
) -> Judged {
    match crate::panics::catch(|| submission.answer(input)) {
        Ok(got) => Judged {
            verdict: compare(got.as_bytes(), expected.as_bytes(), false),
            got: Ok(got),
        },
        Err(panic) => Judged {
            verdict: Verdict::RuntimeError {
                status: "a panic".into(),
                stderr_tail: panic.clone(),
            },
            got: Err(Panic { message: panic }),
        },
    }
}

/// What a run of an entry point checked: inputs, and the test cases in them.
pub(crate) fn checked_summary(name: &str, inputs: u64, cases: u64, what: &str) -> String {
    format!(
        "{name} passed {} ({}) {what}",
        crate::text::count(inputs as usize, "input"),
        crate::text::count(cases as usize, "test case"),
    )
}
