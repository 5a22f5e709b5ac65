//! A proptest property over a submission: inputs of the problem's proptest strategy, a
//! failure shrunk in contest form by retrocheck's shrinker.

use super::failure::Failure;
use super::shrink::shrink;
use super::AsFound;
use super::{checked_summary, judge, Input, Submission};
use crate::api::failure::corpus_from_env;
use crate::api::Passed;
use crate::contest::Contest;
use crate::contest::Rules;
use crate::stress::input_from;
use proptest::prelude::{any, prop_oneof};
use proptest::strategy::Strategy;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use std::marker::PhantomData;
use std::path::PathBuf;

/// A property: "the submission answers every input of the problem's strategy as
/// retrocheck's proven answer does".
///
/// Half the inputs hold one test case (one to three for a problem whose input counts
/// its test cases) of [`Contest::strategy`] of at most about `max_size` units (the
/// problem's [`UNIT`](crate::problems::ContestProblem::UNIT)s, as in
/// [`Campaign::max_size`](super::Campaign::max_size) and `stress --max-size`), half are
/// drawn as `retrocheck stress` draws them (a quarter of those long by construction, a
/// quarter searched for long games) up to that size; they are
/// drawn from seed 0 unless [`Property::seed`] says otherwise, and their number follows
/// `PROPTEST_CASES` (default 256). A failure is shrunk by the problem's passes, and
/// saved in the corpus only when asked ([`Property::save_to`], or
/// `RETROCHECK_CORPUS=DIR`).
pub struct Property<T> {
    cases: u32,
    seed: u64,
    max_size: u32,
    corpus: Option<PathBuf>,
    problem: PhantomData<fn() -> T>,
}

impl<T: Contest> Default for Property<T> {
    fn default() -> Self {
        Property::new()
    }
}

impl<T: Contest> Property<T> {
    /// `PROPTEST_CASES` inputs (default 256) of at most about 200 product-game
    /// positions each (the units that make them, [`Contest::units`]), seed 0.
    pub fn new() -> Property<T> {
        Property {
            cases: Config::default().cases,
            seed: 0,
            max_size: T::units(200).max(1),
            corpus: corpus_from_env(),
            problem: PhantomData,
        }
    }

    /// Runs this many inputs.
    pub fn cases(self, cases: u32) -> Property<T> {
        Property { cases, ..self }
    }

    /// Draws the inputs from this seed: the same seed gives the same inputs.
    pub fn seed(self, seed: u64) -> Property<T> {
        Property { seed, ..self }
    }

    /// Test cases of at most about this many units (vertices, cells, words: the
    /// problem's [`UNIT`](crate::problems::ContestProblem::UNIT)).
    pub fn max_size(self, max_size: u32) -> Property<T> {
        Property {
            max_size: max_size.max(1),
            ..self
        }
    }

    /// Saves a shrunk failure in the corpus at `dir`, under `dir/NAME/` (`None`: do
    /// not save).
    pub fn save_to(self, dir: Option<PathBuf>) -> Property<T> {
        Property { corpus: dir, ..self }
    }

    /// Checks `submission` on every input: what passed, or the first failure, shrunk.
    pub fn run<S: Submission<T> + ?Sized>(&self, submission: &S) -> Result<Passed, Box<Failure<T>>> {
        crate::api::warn_if_unoptimized();
        let config = Config {
            cases: self.cases,
            failure_persistence: None,
            // retrocheck's shrinker makes the input 1-minimal in contest form.
            max_shrink_iters: 0,
            ..Config::default()
        };
        let most = if T::COUNTED { 3 } else { 1 };
        let of_strategy = proptest::collection::vec(T::strategy(positions_for::<T>(self.max_size)), 1..=most)
            .prop_map(|cases| Input { cases });
        // Half the inputs as `stress` draws them (random, long by construction, searched
        // for long games) from a drawn seed and index: a bug that needs a long forced
        // line is rare among a strategy's random inputs.
        let largest = self.max_size;
        let as_stress = (any::<u64>(), any::<u64>())
            .prop_map(move |(seed, index)| input_from::<T>(seed, Rules::OFFICIAL, largest, index));
        let strategy = prop_oneof![of_strategy, as_stress];
        let mut runner = TestRunner::new_with_rng(config, crate::seed::proptest_rng(self.seed));
        let cases = std::cell::Cell::new(0u64);
        let result = runner.run(&strategy, |input| {
            cases.set(cases.get() + input.cases.len() as u64);
            // An input retrocheck cannot solve (beyond memory) is not judged.
            let Ok(expected) = input.expected() else {
                return Ok(());
            };
            let judged = judge(submission, &input, &expected);
            if judged.verdict.kind() == "accepted" {
                Ok(())
            } else {
                Err(TestCaseError::fail(judged.verdict.to_string()))
            }
        });
        match result {
            Ok(()) => Ok(Passed {
                cases: u64::from(self.cases),
                refused: 0,
                summary: checked_summary(
                    submission.name(),
                    u64::from(self.cases),
                    cases.get(),
                    &format!("of {} (proptest, seed {})", T::NAME, self.seed),
                ),
            }),
            Err(TestError::Fail(_, input)) => {
                let found = AsFound {
                    found_in: format!("a proptest case (seed {})", self.seed),
                    input,
                };
                Err(Box::new(
                    shrink(submission, found, 1).save(self.corpus.as_deref()),
                ))
            }
            Err(TestError::Abort(reason)) => panic!("proptest aborted the property: {reason}"),
        }
    }

    /// [`Property::run`] for a `#[test]`: panics with the failure's report.
    #[track_caller]
    pub fn assert<S: Submission<T> + ?Sized>(&self, submission: &S) -> Passed {
        self.run(submission).unwrap_or_else(|failure| panic!("{failure}"))
    }
}

/// The fewest product-game positions whose [`Contest::units`] reach `units`: the
/// strategy's size for a size in units.
fn positions_for<T: Contest>(units: u32) -> usize {
    let (mut low, mut high) = (1usize, 1usize << 40);
    while low < high {
        let mid = low + (high - low) / 2;
        if T::units(mid) >= units {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    low
}
