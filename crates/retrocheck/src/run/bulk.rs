//! The bulk runner: millions of seeded cases over rayon, with the same cases, the same
//! summary and the same first failure for any number of threads.
//!
//! Case `i` of a shard is fully determined by the campaign seed, the shard and `i`:
//! its family (round-robin), its seed (a hash of the campaign seed, the family's name
//! and the family's own case count) and its size (log-uniform up to the campaign's
//! maximum). Cases run in batches; within a batch the lowest
//! failing index wins, and statistics only count the cases before it.

use crate::case::Case;
use crate::generate::Family;
use crate::oracles::{check_case, Mismatch, Stats};
use crate::subject::Subject;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::phase::Phase;
use super::shard::Shard;
use super::summary::*;

/// The first failure of a campaign: the lowest failing case index.
#[derive(Clone, Debug)]
pub struct FirstFailure {
    /// The case's index in its shard.
    pub index: u64,
    /// The case's index in the whole (unsharded) campaign, which orders the failures
    /// of several shards as the unsharded run would meet them.
    pub(crate) campaign_index: u64,
    /// The case's family.
    pub family: Family,
    /// The case's seed.
    pub seed: u64,
    /// The size it was drawn at.
    pub size: usize,
    /// The case.
    pub case: Case,
    /// How it failed.
    pub mismatch: Mismatch,
}

/// The result of a campaign.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The solver under test.
    pub solver: String,
    /// The campaign seed.
    pub seed: u64,
    /// The part of the campaign this summary covers.
    pub(crate) shard: Shard,
    /// Cases run, up to the first failure (not counted).
    pub cases: u64,
    /// What each family covered.
    pub families: Vec<FamilySummary>,
    /// How long it took.
    pub elapsed: Duration,
    /// The first failure, if any.
    pub failure: Option<FirstFailure>,
}

impl Summary {
    /// The summaries of consecutive campaigns (phases) as one.
    pub(crate) fn merge(parts: Vec<Summary>) -> Summary {
        let mut parts = parts.into_iter();
        let mut whole = parts.next().expect("at least one campaign");
        for part in parts {
            whole.cases += part.cases;
            whole.elapsed += part.elapsed;
            whole.families.extend(part.families);
            whole.failure = whole.failure.or(part.failure);
        }
        whole
    }

    /// The summary as its JSON file (`retrocheck diff --json`) for CI; timing included,
    /// so not byte-identical across runs.
    pub fn to_file(&self) -> SummaryFile {
        SummaryFile {
            format: Some(DIFF_FORMAT.into()),
            solver: self.solver.clone(),
            seed: self.seed,
            shard: ShardRecord {
                index: self.shard.index,
                count: self.shard.count,
            },
            cases: self.cases,
            seconds: self.elapsed.as_secs_f64(),
            passed: self.failure.is_none(),
            failure: self.failure.as_ref().map(|f| FirstFailureRecord {
                index: f.index,
                campaign_index: f.campaign_index,
                family: f.family.name().into(),
                seed: f.seed,
                size: f.size as u64,
                mismatch: f.mismatch.to_string(),
            }),
            families: self.families.clone(),
            campaign: None,
            checksum: String::new(),
        }
    }

    /// A Markdown table of the families' results and coverage (see `table`).
    pub fn table(&self) -> String {
        table(&self.families)
    }

    /// Every family's coverage together, as a row named "all".
    pub fn total(&self) -> FamilySummary {
        total(&self.families)
    }

    /// The summary on one screen: cases per phase, the sizes, values and degrees
    /// reached, how often each oracle ran, and what was not covered (see `brief`).
    pub fn brief(&self) -> String {
        brief(&self.families)
    }
}

/// The solver under test, refusing to start a solve once a campaign's time is up: a
/// case in flight at the deadline (the relations solve several transformed copies of
/// a large game) then stops at its next solve rather than running to its end, and
/// `--time` overshoots by one solve, not one whole case.
struct UntilDeadline<'a> {
    inner: &'a dyn Subject,
    deadline: Option<Instant>,
    /// Set when a solve was refused: the case is then not counted.
    cut: AtomicBool,
}

impl Subject for UntilDeadline<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn solve(&self, game: &crate::Game) -> Result<crate::Solution, crate::SolveError> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.cut.store(true, Ordering::Relaxed);
            return Err(crate::SolveError::Failed("the campaign's time is up".into()));
        }
        self.inner.solve(game)
    }

    fn answer(
        &self,
        instance: &crate::problems::Instance,
        k: usize,
    ) -> Option<Result<String, crate::SolveError>> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.cut.store(true, Ordering::Relaxed);
            return Some(Err(crate::SolveError::Failed("the campaign's time is up".into())));
        }
        self.inner.answer(instance, k)
    }
}

/// What became of one case of a batch.
enum Ran {
    /// The time limit had passed before it started, or while it ran.
    NotStarted,
    /// An exhaustive game isomorphic to one covered elsewhere.
    Skipped,
    Checked(Result<Stats, Mismatch>),
}

/// Runs the cases of `phase` against `under_test` on the current rayon pool. `progress` is called
/// with the number of cases done after each batch.
pub fn run_phase(phase: &Phase, under_test: &dyn Subject, progress: &(dyn Fn(u64) + Sync)) -> Summary {
    let start = Instant::now();
    let mut families: Vec<FamilySummary> = phase
        .families
        .iter()
        .map(|f| FamilySummary {
            family: f.name().into(),
            ..FamilySummary::default()
        })
        .collect();
    let slot = |f: Family| {
        phase
            .families
            .iter()
            .position(|&g| g == f)
            .expect("a campaign family")
    };
    // Batches grow while they take under half a second: large batches keep threads
    // busy (case costs vary widely, and a batch ends at a barrier where threads wait
    // for its slowest case), small ones keep --time and the progress bar responsive.
    let threads = rayon::current_num_threads() as u64;
    let mut batch = 16 * threads;
    let mut done = 0;
    let mut failure = None;
    while done < phase.cases && failure.is_none() {
        if phase.time_limit.is_some_and(|limit| start.elapsed() >= limit) {
            break;
        }
        let end = (done + batch).min(phase.cases);
        let batch_start = Instant::now();
        let out_of_time = || phase.time_limit.is_some_and(|limit| start.elapsed() >= limit);
        let results: Vec<(Family, Ran)> = (done..end)
            .into_par_iter()
            .map(|index| {
                let spec = phase.case_spec(index);
                // A case not started before the time limit is not run at all, so
                // --time overshoots by at most the cases in flight.
                if out_of_time() {
                    return (spec.0, Ran::NotStarted);
                }
                let ran = match Phase::case_of(spec) {
                    None => Ran::Skipped,
                    Some(case) => {
                        let timed = UntilDeadline {
                            inner: under_test,
                            deadline: phase.time_limit.and_then(|limit| start.checked_add(limit)),
                            cut: AtomicBool::new(false),
                        };
                        let result = check_case(&case, &timed, &phase.oracles);
                        // A case the deadline cut short proves nothing either way.
                        if timed.cut.load(Ordering::Relaxed) {
                            Ran::NotStarted
                        } else {
                            Ran::Checked(result)
                        }
                    }
                };
                (spec.0, ran)
            })
            .collect();
        let mut stopped = false;
        for (offset, (family, ran)) in results.into_iter().enumerate() {
            match ran {
                Ran::NotStarted => {
                    done += offset as u64;
                    stopped = true;
                    break;
                }
                Ran::Skipped => families[slot(family)].skipped += 1,
                Ran::Checked(Ok(stats)) => families[slot(family)].add(&stats),
                Ran::Checked(Err(mismatch)) => {
                    let index = done + offset as u64;
                    let (family, seed, size) = phase.case_spec(index);
                    failure = Some(FirstFailure {
                        index,
                        campaign_index: phase.campaign_index(index),
                        family,
                        seed,
                        size,
                        case: phase.case(index).expect("a failing case exists"),
                        mismatch,
                    });
                    done = index;
                    break;
                }
            }
        }
        if stopped {
            progress(done);
            break;
        }
        if failure.is_none() {
            done = end;
        }
        if batch_start.elapsed() < Duration::from_millis(500) {
            batch = (batch * 2).min(4096 * threads);
        }
        progress(done);
    }
    Summary {
        solver: under_test.name().into(),
        seed: phase.seed,
        shard: phase.shard,
        cases: done,
        families,
        elapsed: start.elapsed(),
        failure,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracles::Oracles;
    use std::sync::atomic::AtomicUsize;

    /// The optimized solver, slowed down: each solve takes `pause`.
    struct Slow {
        pause: Duration,
        solves: AtomicUsize,
    }

    impl Subject for Slow {
        fn name(&self) -> &str {
            "slow"
        }

        fn solve(&self, game: &crate::Game) -> Result<crate::Solution, crate::SolveError> {
            self.solves.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(self.pause);
            crate::solve::Solver::solve(&crate::solve::Retrograde, game)
        }
    }

    /// Regression: `--time` used to let the case in flight at the deadline run all its
    /// solves (32 s past `--time 1s` on a 10^6-position case). Now its next solve is
    /// refused and the case is not counted. (Margins are wide: the deadline falls in
    /// the middle of the first solve.)
    #[test]
    fn a_case_in_flight_at_the_deadline_stops_at_its_next_solve() {
        let slow = Slow {
            pause: Duration::from_millis(400),
            solves: AtomicUsize::new(0),
        };
        let phase = Phase {
            families: vec![Family::Uniform],
            cases: 1,
            time_limit: Some(Duration::from_millis(200)),
            seed: 1,
            min_positions: 5,
            max_positions: 5,
            shard: Shard::WHOLE,
            // The relations solve eight transformed copies after the first solve.
            oracles: Oracles::all(),
        };
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let summary = pool.install(|| run_phase(&phase, &slow, &|_| {}));
        assert_eq!(summary.cases, 0, "a case cut short is not counted");
        assert!(summary.failure.is_none(), "a case cut short is no failure");
        assert_eq!(
            slow.solves.load(Ordering::Relaxed),
            1,
            "solves after the deadline"
        );
        // Without a time limit the same case runs every solve.
        let unlimited = Phase {
            time_limit: None,
            ..phase
        };
        let fast = Slow {
            pause: Duration::ZERO,
            solves: AtomicUsize::new(0),
        };
        let summary = pool.install(|| run_phase(&unlimited, &fast, &|_| {}));
        assert_eq!(summary.cases, 1);
        assert!(fast.solves.load(Ordering::Relaxed) > 2);
    }
}
