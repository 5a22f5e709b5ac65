//! A bulk campaign from code: seeded cases over the generator families on a rayon
//! pool, for a `#[test] #[ignore]` soak test of your solver.

use super::failure::{corpus_from_env, Failure};
use super::Passed;
use crate::generate::Family;
use crate::oracles::Oracles;
use crate::run::bulk;
use crate::run::shard::Shard;
use crate::solve::Solver;
use crate::subject::Subject;
use std::path::PathBuf;
use std::time::Duration;

/// A differential-testing campaign, as `retrocheck diff` runs ([`crate::run`]): case `i`
/// is fully determined by the seed and `i`, so the same seed gives the same cases, and
/// the same first failure, on any number of threads.
///
/// ```
/// use retrocheck::prelude::*;
///
/// let mine = solver_fn("mine", |game: &Game| retrocheck::solve::Retrograde.solve(game));
/// let passed = Campaign::new().cases(200).max_positions(12).threads(1).run(&mine).unwrap();
/// assert_eq!(passed.cases, 200);
/// ```
#[derive(Clone, Debug)]
pub struct Campaign {
    families: Vec<Family>,
    cases: u64,
    time: Option<Duration>,
    threads: usize,
    seed: u64,
    min_positions: usize,
    max_positions: usize,
    corpus: Option<PathBuf>,
}

impl Default for Campaign {
    fn default() -> Campaign {
        Campaign::new()
    }
}

impl Campaign {
    /// 10,000 cases over the seeded families (contest instances included), games of 1
    /// to 100 positions, seed 0, one thread per core.
    pub fn new() -> Campaign {
        Campaign {
            families: Family::SEEDED.to_vec(),
            cases: 10_000,
            time: None,
            threads: 0,
            seed: 0,
            min_positions: 1,
            max_positions: 100,
            corpus: corpus_from_env(),
        }
    }

    /// Draws cases from these families in turn (`Family::games()` for plain games only;
    /// `Family::Exhaustive` enumerates every small game, `Family::Large` 10^5 positions
    /// and more).
    pub fn families(self, families: impl IntoIterator<Item = Family>) -> Campaign {
        Campaign {
            families: families.into_iter().collect(),
            ..self
        }
    }

    /// Runs this many cases (fewer if the time runs out first).
    pub fn cases(self, cases: u64) -> Campaign {
        Campaign { cases, ..self }
    }

    /// Starts no case after this long: the number of cases then depends on the machine,
    /// but which case has which index never does.
    pub fn time(self, limit: Duration) -> Campaign {
        Campaign {
            time: Some(limit),
            ..self
        }
    }

    /// Runs on this many threads (0: one per core).
    pub fn threads(self, threads: usize) -> Campaign {
        Campaign { threads, ..self }
    }

    /// The campaign seed.
    pub fn seed(self, seed: u64) -> Campaign {
        Campaign { seed, ..self }
    }

    /// The smallest game to generate (at least 1).
    pub fn min_positions(self, positions: usize) -> Campaign {
        Campaign {
            min_positions: positions.max(1),
            ..self
        }
    }

    /// The largest game to generate; sizes are log-uniform in between.
    pub fn max_positions(self, positions: usize) -> Campaign {
        Campaign {
            max_positions: positions.max(1),
            ..self
        }
    }

    /// Saves a shrunk failure in the corpus at `dir` (`None`: do not save; the default
    /// is `RETROCHECK_CORPUS`).
    pub fn save_to(self, dir: Option<PathBuf>) -> Campaign {
        Campaign { corpus: dir, ..self }
    }

    /// Runs the campaign against `solver`: the number of cases and the per-family
    /// summary table, or the first failing case (the lowest index), shrunk.
    pub fn run<S: Solver + ?Sized>(&self, solver: &S) -> Result<Passed, Box<Failure>> {
        crate::api::warn_if_unoptimized();
        let under_test: &dyn Subject = &solver;
        let campaign = crate::run::phase::Phase {
            // Exhaustive games are tiny: every oracle, the relations included, is cheap.
            oracles: if self.families == [Family::Exhaustive] {
                Oracles::all()
            } else {
                Oracles::default()
            },
            families: self.families.clone(),
            cases: self.cases,
            time_limit: self.time,
            seed: self.seed,
            min_positions: self.min_positions.min(self.max_positions),
            max_positions: self.max_positions,
            shard: Shard::WHOLE,
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()
            .expect("a rayon thread pool");
        let summary = pool.install(|| bulk::run_phase(&campaign, under_test, &|_| {}));
        match summary.failure {
            None => Ok(Passed {
                cases: summary.cases,
                refused: summary.total().refused,
                summary: summary.table(),
            }),
            Some(failure) => Err(pool.install(|| {
                Box::new(Failure::shrink(
                    &failure.case,
                    under_test,
                    &campaign.oracles,
                    format!(
                        "campaign case {} (family {}, seed {}, campaign seed {})",
                        failure.index,
                        failure.family.name(),
                        failure.seed,
                        self.seed
                    ),
                    self.corpus.as_deref(),
                ))
            })),
        }
    }

    /// [`Campaign::run`] for a `#[test]`: panics with the failure's report, or when
    /// the solver refused every case (nothing was checked).
    #[track_caller]
    pub fn assert<S: Solver + ?Sized>(&self, solver: &S) -> Passed {
        match self.run(solver) {
            Ok(passed) => passed.something_checked(),
            Err(failure) => panic!("{failure}"),
        }
    }
}
