//! A seeded campaign over a submission: the inputs `retrocheck stress` draws — random,
//! long by construction, searched for long games — judged on a thread pool, the first
//! failure in input order shrunk.

use super::failure::Failure;
use super::shrink::shrink;
use super::AsFound;
use super::{checked_summary, judge, Input, Submission};
use crate::api::failure::corpus_from_env;
use crate::api::Passed;
use crate::contest::{Contest, Rules};
use crate::stress::{input_from, Target};
use rayon::prelude::*;
use std::marker::PhantomData;
use std::path::PathBuf;

/// A stress campaign run in-process: input `i` is the one `retrocheck stress NAME
/// --seed S` gives its program as input `i` (a function of the seed, `i` and the
/// largest size), so the same seed gives the same inputs, and the same first failure,
/// on any number of threads.
///
/// A quarter of the inputs are long by construction and a quarter searched for long
/// games: where a solution cut off at a horizon (2n plies, a fixed number of rounds)
/// is wrong, and random inputs rarely go.
pub struct Campaign<T> {
    inputs: u64,
    seed: u64,
    max_size: u32,
    rules: Rules,
    threads: usize,
    corpus: Option<PathBuf>,
    problem: PhantomData<fn() -> T>,
}

impl<T: Contest> Default for Campaign<T> {
    fn default() -> Self {
        Campaign::new()
    }
}

impl<T: Contest> Campaign<T> {
    /// 1,000 inputs (as `stress` runs by default) of sizes up to the problem's
    /// [`DEFAULT_MAX_SIZE`](Contest::DEFAULT_MAX_SIZE), within the official limits,
    /// seed 0, one thread per core.
    pub fn new() -> Campaign<T> {
        Campaign {
            inputs: 1_000,
            seed: 0,
            max_size: <T as Contest>::DEFAULT_MAX_SIZE,
            rules: Rules::OFFICIAL,
            threads: 0,
            corpus: corpus_from_env(),
            problem: PhantomData,
        }
    }

    /// Runs this many inputs.
    pub fn inputs(self, inputs: u64) -> Campaign<T> {
        Campaign { inputs, ..self }
    }

    /// The campaign's seed.
    pub fn seed(self, seed: u64) -> Campaign<T> {
        Campaign { seed, ..self }
    }

    /// The largest test case, in the problem's unit ([`UNIT`](crate::problems::ContestProblem::UNIT)):
    /// sizes are drawn log-uniformly up to it (capped at the official maximum unless
    /// [`rules`](Campaign::rules) allow sizes beyond it).
    pub fn max_size(self, max_size: u32) -> Campaign<T> {
        Campaign {
            max_size: max_size.max(1),
            ..self
        }
    }

    /// Also edge cases, or sizes beyond the official limits.
    pub fn rules(self, rules: Rules) -> Campaign<T> {
        Campaign { rules, ..self }
    }

    /// Judges on this many threads (0: one per core); the result does not depend on it.
    pub fn threads(self, threads: usize) -> Campaign<T> {
        Campaign { threads, ..self }
    }

    /// Saves a shrunk failure in the corpus at `dir`, under `dir/NAME/` (`None`: do
    /// not save).
    pub fn save_to(self, dir: Option<PathBuf>) -> Campaign<T> {
        Campaign { corpus: dir, ..self }
    }

    /// The input `index` of this campaign.
    pub fn input(&self, index: u64) -> Input<T> {
        let largest = match <T as Target>::OFFICIAL_MAX {
            Some(cap) if !self.rules.beyond_limits => self.max_size.min(cap),
            _ => self.max_size,
        };
        input_from(self.seed, self.rules, largest, index)
    }

    /// Checks `submission` on every input: what passed, or the first failure in input
    /// order, shrunk.
    pub fn run<S: Submission<T> + ?Sized>(&self, submission: &S) -> Result<Passed, Box<Failure<T>>> {
        crate::api::warn_if_unoptimized();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(self.threads).build();
        let (jobs, batch) = match &pool {
            Ok(pool) => (pool.current_num_threads(), 8 * pool.current_num_threads() as u64),
            Err(_) => (1, 8),
        };
        let mut cases = 0u64;
        let mut done = 0u64;
        while done < self.inputs {
            let end = (done + batch).min(self.inputs);
            let judge_batch = || -> Vec<(Input<T>, bool)> {
                (done..end)
                    .into_par_iter()
                    .map(|i| {
                        let input = self.input(i);
                        // An input retrocheck cannot solve (beyond memory) is not judged.
                        let passes = input.expected().map_or(true, |e| {
                            judge(submission, &input, &e).verdict.kind() == "accepted"
                        });
                        (input, passes)
                    })
                    .collect()
            };
            let judged = match &pool {
                Ok(pool) => pool.install(judge_batch),
                Err(_) => judge_batch(),
            };
            for (offset, (input, passes)) in judged.into_iter().enumerate() {
                let index = done + offset as u64;
                if !passes {
                    let found = AsFound {
                        found_in: format!("input {index} of a campaign (seed {})", self.seed),
                        input,
                    };
                    return Err(Box::new(
                        shrink(submission, found, jobs).save(self.corpus.as_deref()),
                    ));
                }
                cases += input.cases.len() as u64;
            }
            done = end;
        }
        Ok(Passed {
            cases: self.inputs,
            refused: 0,
            summary: checked_summary(
                submission.name(),
                self.inputs,
                cases,
                &format!(
                    "of a {} campaign (seed {}, sizes up to {})",
                    T::NAME,
                    self.seed,
                    self.max_size
                ),
            ),
        })
    }

    /// [`Campaign::run`] for a `#[test]`: panics with the failure's report.
    #[track_caller]
    pub fn assert<S: Submission<T> + ?Sized>(&self, submission: &S) -> Passed {
        self.run(submission).unwrap_or_else(|failure| panic!("{failure}"))
    }
}
