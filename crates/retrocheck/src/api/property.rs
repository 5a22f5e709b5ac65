//! A proptest property over your solver in one call: cases from retrocheck's strategies,
//! a failure shrunk by retrocheck's shrinker and returned as a [`Failure`].

use super::failure::{corpus_from_env, Failure};
use super::Passed;
use crate::case::Case;
use crate::generate::strategy;
use crate::generate::Family;
use crate::oracles::{check_case, Oracles};
use crate::solve::Solver;
use crate::subject::Subject;
use proptest::strategy::{BoxedStrategy, Strategy};
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use std::path::PathBuf;

/// A property: "the solver passes every oracle on every case of this strategy".
///
/// Cases are drawn from a seeded generator (seed 0 unless [`Property::seed`] says
/// otherwise), so a run is reproducible; their count follows `PROPTEST_CASES` (default
/// 256). A failing case is shrunk by retrocheck's shrinker to a 1-minimal one
/// (proptest's own shrinking is off: it adds nothing but its iteration-cap warning). Nothing is persisted next to the sources; a failure is saved in a corpus
/// only when asked ([`Property::save_to`], or `RETROCHECK_CORPUS=DIR`).
///
/// ```
/// use retrocheck::prelude::*;
///
/// let mine = solver_fn("mine", |game: &Game| retrocheck::solve::Retrograde.solve(game));
/// let passed = Property::any_game(8).cases(16).run(&mine).unwrap();
/// assert_eq!(passed.cases, 16);
/// ```
pub struct Property {
    strategy: BoxedStrategy<Case>,
    cases: u32,
    seed: u64,
    corpus: Option<PathBuf>,
}

impl Property {
    /// A property over the cases of `strategy`: [`any_case`](super::any_case),
    /// [`any_game`](super::any_game), [`family`](super::family), or your own.
    pub fn new(strategy: impl Strategy<Value = Case> + 'static) -> Property {
        Property {
            strategy: strategy.boxed(),
            cases: Config::default().cases,
            seed: 0,
            corpus: corpus_from_env(),
        }
    }

    /// Every seeded family, contest instances included (their product games), of at
    /// most about `max_positions` positions.
    pub fn any_case(max_positions: usize) -> Property {
        Property::new(super::any_case(max_positions))
    }

    /// Every seeded family that draws plain games (no contest instances), of at most
    /// `max_positions` positions.
    pub fn any_game(max_positions: usize) -> Property {
        Property::new(super::any_game(max_positions))
    }

    /// One generator family, of at most about `max_positions` positions.
    pub fn family(family: Family, max_positions: usize) -> Property {
        Property::new(strategy::case(family, max_positions))
    }

    /// Runs this many cases (instead of `PROPTEST_CASES`, default 256).
    pub fn cases(self, cases: u32) -> Property {
        Property { cases, ..self }
    }

    /// Draws the cases from this seed: the same seed gives the same cases.
    pub fn seed(self, seed: u64) -> Property {
        Property { seed, ..self }
    }

    /// Saves a shrunk failure in the corpus at `dir` (`None`: do not save).
    pub fn save_to(self, dir: Option<PathBuf>) -> Property {
        Property { corpus: dir, ..self }
    }

    /// Checks `solver` on every case: how many passed, or the first failure, shrunk.
    pub fn run<S: Solver + ?Sized>(&self, solver: &S) -> Result<Passed, Box<Failure>> {
        crate::api::warn_if_unoptimized();
        let under_test: &dyn Subject = &solver;
        let oracles = Oracles::default();
        let config = Config {
            cases: self.cases,
            failure_persistence: None,
            // retrocheck's shrinker makes the failing case 1-minimal: proptest's own
            // shrinking would only stop at its iteration cap and say so, on a case
            // shrunk further anyway.
            max_shrink_iters: 0,
            ..Config::default()
        };
        let mut runner = TestRunner::new_with_rng(config, crate::seed::proptest_rng(self.seed));
        let refused = std::cell::Cell::new(0u64);
        let result = runner.run(&self.strategy, |case| {
            match check_case(&case, under_test, &oracles) {
                Ok(stats) => {
                    refused.set(refused.get() + u64::from(stats.refused));
                    Ok(())
                }
                Err(m) => Err(TestCaseError::fail(m.to_string())),
            }
        });
        let refused = refused.get();
        match result {
            Ok(()) => Ok(Passed {
                cases: u64::from(self.cases),
                refused,
                summary: format!(
                    "{} passed {} proptest cases (seed {}){}",
                    under_test.name(),
                    self.cases - refused as u32,
                    self.seed,
                    if refused > 0 {
                        format!("; {refused} more refused as unsupported")
                    } else {
                        String::new()
                    }
                ),
            }),
            Err(TestError::Fail(_, case)) => Err(Box::new(Failure::shrink(
                &case,
                under_test,
                &oracles,
                format!("a proptest case (seed {})", self.seed),
                self.corpus.as_deref(),
            ))),
            // retrocheck's strategies never reject a case: an abort is a harness bug.
            Err(TestError::Abort(reason)) => panic!("proptest aborted the property: {reason}"),
        }
    }

    /// [`Property::run`] for a `#[test]`: panics with the failure's report, or when
    /// the solver refused every case (nothing was checked).
    #[track_caller]
    pub fn assert<S: Solver + ?Sized>(&self, solver: &S) -> Passed {
        match self.run(solver) {
            Ok(passed) => passed.something_checked(),
            Err(failure) => panic!("{failure}"),
        }
    }
}
