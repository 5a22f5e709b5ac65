//! The search for slow inputs: hill climbing over a target's inputs within the official
//! limits, scored by the program's own CPU time (as SlowFuzz and PerfFuzz score inputs),
//! so that a correct but slow solution learns of its time limit exceeded before a judge
//! tells it.
//!
//! Random inputs rarely hit the worst case of a slow solution: an exponential search is
//! fast on most boards and slow on a few, a per-query search is slow only where the
//! queries are not decided early. The search starts from inputs at the largest size
//! (random, long by construction, searched for long games, and random at smaller
//! sizes, in turn), takes a batch of edited copies of the current input
//! ([`Target::mutate`]) at each step, keeps the slowest when it is at least as slow,
//! and starts again after a few steps without a gain. A run over the limit counts only
//! when a rerun exceeds it too (as in [`find_failure`](super::find_failure)).

use super::{expect, input_from, judge, test, Budget, Found, Input, Run, Settings, Target, Trouble, Verdict};
use crate::seed;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Edited copies of the current input tried at each step, whatever the jobs: the
/// candidates depend on the seed and on which were kept, never on `--jobs`.
pub const BATCH: usize = 4;

/// Steps without a gain before the search starts again from a new input.
pub const PATIENCE: u32 = 6;

/// The stream of the seed the search draws from (a campaign's inputs draw from
/// `mix(seed, index)`; this keeps the two apart).
const STREAM: u64 = 0x51_0b_5e_a4_c4;

/// How much more CPU time than `now` counts as a gain rather than noise: 5%, and at
/// least 5 ms (a few of the kernel's ticks).
fn noise(now: Duration) -> Duration {
    (now / 20).max(Duration::from_millis(5))
}

/// The slowest input a search found.
#[derive(Clone, Debug)]
pub struct Slowest<T> {
    /// The input (one test case).
    pub input: Input<T>,
    /// The CPU time the program took on it (the rerun's, when a first run over the
    /// limit was not confirmed).
    pub cpu: Duration,
    /// Its verdict: accepted, or a time limit exceeded that a rerun confirmed.
    pub verdict: Verdict,
    /// The run (1-based, reruns included) that found it.
    pub run: u64,
}

/// What [`find_slow`] found.
#[derive(Clone, Debug)]
pub struct SlowSearch<T> {
    /// The slowest input run, if any ran.
    pub slowest: Option<Slowest<T>>,
    /// Whether the slowest input exceeded the time limit, on its run and on a rerun.
    pub exceeded: bool,
    /// A failure other than the time (a crash, a wrong answer on a run slower than all
    /// before it: the search stops there, and `index` is the run that found it) or an
    /// input that could not be judged.
    pub found: Option<Found<T>>,
    /// Runs of the program, reruns included.
    pub runs: u64,
    /// Inputs the search started from.
    pub restarts: u64,
    /// How long the search took.
    pub elapsed: Duration,
}

impl<T> SlowSearch<T> {
    /// The slowest CPU time as a share of `limit` (0 when nothing ran).
    pub fn share(&self, limit: Duration) -> f64 {
        self.slowest.as_ref().map_or(0.0, |s| {
            s.cpu.as_secs_f64() / limit.as_secs_f64().max(f64::MIN_POSITIVE)
        })
    }
}

/// A start of the search: input `restart`'s kind, in turn — random at the largest size,
/// long by construction at the largest size, searched for long games from a long one
/// at the largest size, random at a log-uniform size (a stress campaign's input, whose
/// count of test cases is cut to one).
fn start<T: Target>(settings: &Settings, rng: &mut ChaCha8Rng, restart: u64) -> Input<T> {
    let largest = settings.largest::<T>();
    let rules = settings.rules;
    let case = match restart % 4 {
        0 => T::generate(rng, largest, rules, restart),
        1 => T::long(rng, largest, rules),
        2 => {
            let long = T::long(rng, largest, rules);
            crate::search::lengthen(
                rng,
                long,
                !rules.edge_cases,
                super::SEARCH_BUDGET,
                crate::search::DEFAULT_METHOD,
            )
            .case
        }
        _ => {
            let mut input = input_from::<T>(seed::mix(settings.seed, STREAM), rules, largest, restart);
            input.cases.swap_remove(0)
        }
    };
    Input { cases: vec![case] }
}

/// One to three edits of the input's test case, within the official limits unless edge
/// cases are asked for.
fn edited<T: Target>(input: &Input<T>, rng: &mut ChaCha8Rng, official: bool) -> Input<T> {
    let edits = rng.gen_range(1..=3);
    let cases = input
        .cases
        .iter()
        .map(|case| (0..edits).fold(case.clone(), |c, _| c.mutate(rng, official)))
        .collect();
    Input { cases }
}

/// A candidate's first run: scored by its CPU time, judged only when it matters.
enum Timed {
    /// It ended within the limits: its output is judged only if it is the slowest yet
    /// (solving a large input for the expected answer can cost more than the run).
    Ended(Run),
    /// It ran past the time limit (not yet confirmed).
    Over(Verdict),
    /// It failed otherwise (a crash, the memory or output limit), judged in full.
    Failed(Verdict),
}

/// Runs the program once on `input`: how it went, before the answer is judged.
fn timed<T: Target>(settings: &Settings, input: &Input<T>) -> Result<Timed, Trouble> {
    let run = settings
        .program
        .run(input.text().as_bytes())
        .map_err(|e| Trouble::Spawn {
            command: settings.program.command.clone(),
            error: e.to_string(),
        })?;
    // Judged against no output: only what does not depend on the answer is kept.
    Ok(match judge(&run, b"", settings.exact, &settings.program.limits) {
        verdict @ Verdict::TimeLimit { .. } => Timed::Over(verdict),
        Verdict::Accepted | Verdict::WrongAnswer { .. } | Verdict::PresentationError { .. } => {
            Timed::Ended(run)
        }
        // The full judgement (an allocation failure's second run without the limit).
        _ => Timed::Failed(test(settings, input)?.verdict),
    })
}

/// The verdict of a run that ended: its output against the expected one.
fn judged<T: Target>(settings: &Settings, input: &Input<T>, run: &Run) -> Result<Verdict, Trouble> {
    let (expected, ..) = expect(settings, input, &input.text())?;
    Ok(judge(run, &expected, settings.exact, &settings.program.limits))
}

/// A candidate and its first run.
type Tried<T> = (Input<T>, Result<Timed, Trouble>);

/// What a candidate came to: a CPU time to climb by, or the end of the search.
enum Scored<T> {
    /// Not failed (judged when it was the slowest yet), with its CPU time.
    Time(Input<T>, Duration),
    /// The search ends: a confirmed time limit exceeded (`slowest` is set), another
    /// failure, or trouble (`found` is set).
    Stop,
}

/// Scores one candidate's first run, confirming a time limit exceeded by a rerun and
/// judging the answer of a run slower than every run before; records in `search` what
/// ends it.
fn score<T: Target>(
    settings: &Settings,
    search: &mut SlowSearch<T>,
    input: Input<T>,
    first: Result<Timed, Trouble>,
) -> Scored<T> {
    search.runs += 1;
    let run = search.runs;
    let slowest = search.slowest.as_ref().map_or(Duration::ZERO, |s| s.cpu);
    let outcome = first.and_then(|timed| match timed {
        Timed::Ended(ended) if ended.cpu > slowest || search.slowest.is_none() => {
            let verdict = judged(settings, &input, &ended)?;
            Ok((verdict, ended.cpu))
        }
        Timed::Ended(ended) => Ok((Verdict::Accepted, ended.cpu)),
        Timed::Failed(verdict) => Ok((verdict, Duration::ZERO)),
        Timed::Over(verdict) => {
            // Confirmed by a rerun, or scored by the rerun's time.
            search.runs += 1;
            let again = test(settings, &input)?;
            Ok(match again.verdict {
                Verdict::TimeLimit { .. } => (verdict, again.cpu.max(settings.program.limits.time)),
                other => (other, again.cpu),
            })
        }
    });
    let (verdict, cpu) = match outcome {
        Err(trouble) => {
            search.found = Some(Found::Trouble {
                index: run,
                input,
                trouble,
            });
            return Scored::Stop;
        }
        Ok(scored) => scored,
    };
    let exceeded = matches!(verdict, Verdict::TimeLimit { .. });
    if !exceeded && verdict != Verdict::Accepted {
        search.found = Some(Found::Failure {
            index: run,
            input,
            verdict,
        });
        return Scored::Stop;
    }
    if exceeded || cpu > slowest || search.slowest.is_none() {
        search.slowest = Some(Slowest {
            input: input.clone(),
            cpu,
            verdict: verdict.clone(),
            run,
        });
    }
    if exceeded {
        search.exceeded = true;
        return Scored::Stop;
    }
    Scored::Time(input, cpu)
}

/// Searches for the input on which the program takes the most CPU time, within the
/// official limits (unless `settings.rules` asks for more) and the budget: at most
/// `budget.cases` runs (reruns included), none started after `budget.time` (the first
/// always runs), `budget.jobs` at once. Stops at the first time limit exceeded that a
/// rerun confirms, at the first crash or other limit exceeded, at a wrong answer on a
/// run slower than every run before it (only those runs' answers are judged: solving
/// an input of the largest size for its answer can take longer than the program), and
/// at an input that cannot be judged. `progress` hears the runs done and the slowest
/// CPU time so far after each step.
///
/// The candidates are a function of the seed and of which candidates were kept; which
/// were kept depends on the timings.
pub fn find_slow<T: Target>(
    settings: &Settings,
    budget: Budget,
    mut progress: impl FnMut(u64, Duration),
) -> SlowSearch<T> {
    let started = Instant::now();
    let past = || budget.time.is_some_and(|t| started.elapsed() >= t);
    let jobs = budget.jobs.max(1);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build();
    let official = !settings.rules.edge_cases;
    let mut rng = seed::rng(seed::mix(settings.seed, STREAM));
    let mut search = SlowSearch {
        slowest: None,
        exceeded: false,
        found: None,
        runs: 0,
        restarts: 0,
        elapsed: Duration::ZERO,
    };
    // The input climbed from, its CPU time, and the steps since it last grew.
    let mut current: Option<(Input<T>, Duration)> = None;
    let mut stale = 0;
    while search.runs < budget.cases && !(search.runs > 0 && past()) {
        let candidates: Vec<Input<T>> = match &current {
            Some((input, _)) if stale < PATIENCE => {
                (0..BATCH).map(|_| edited(input, &mut rng, official)).collect()
            }
            _ => {
                search.restarts += 1;
                stale = 0;
                current = None;
                vec![start(settings, &mut rng, search.restarts - 1)]
            }
        };
        // No more runs than the budget has left; none started after the time.
        let left = usize::try_from(budget.cases - search.runs).unwrap_or(usize::MAX);
        let first = search.runs == 0;
        let one = |input: &Input<T>| -> Option<Tried<T>> {
            if !first && past() {
                return None;
            }
            Some((input.clone(), timed(settings, input)))
        };
        let tried: Vec<Option<Tried<T>>> = match &pool {
            Ok(pool) => pool.install(|| candidates.par_iter().take(left).map(one).collect()),
            Err(_) => candidates.iter().take(left).map(one).collect(),
        };
        let mut best: Option<(Input<T>, Duration)> = None;
        for (input, first) in tried.into_iter().flatten() {
            match score(settings, &mut search, input, first) {
                Scored::Stop => break,
                Scored::Time(input, cpu) => {
                    if best.as_ref().is_none_or(|(_, b)| cpu > *b) {
                        best = Some((input, cpu));
                    }
                }
            }
        }
        if search.exceeded || search.found.is_some() {
            break;
        }
        // Kept when at least as slow (on a plateau the climb drifts); a gain within the
        // noise of a CPU reading does not put off the next start.
        match (best, &current) {
            (Some((input, cpu)), Some((_, now))) => {
                stale = if cpu > *now + noise(*now) { 0 } else { stale + 1 };
                if cpu >= *now {
                    current = Some((input, cpu));
                }
            }
            (Some(best), None) => current = Some(best),
            (None, _) => break,
        }
        progress(
            search.runs,
            search.slowest.as_ref().map_or(Duration::ZERO, |s| s.cpu),
        );
    }
    search.elapsed = started.elapsed();
    search
}
