//! Test sets for problem setters (`retrocheck tests`): candidate inputs drawn as
//! `stress` draws them, every known wrong solution judged on each, and the fewest
//! tests that kill them all, with the samples and the maximal tests a judge needs.
//!
//! Candidates are the statement's samples, the first inputs of a `stress` campaign with
//! the set's seed (random, long by construction, searched for long games), maximal
//! ones, and each wrong solution's first failing input shrunk within the official
//! limits. Everything is drawn from the seed and judged by counts, not by time, so the
//! same seed gives the same set; only a program's time limit depends on the machine.

pub mod layout;
pub mod manifest;
pub mod select;
pub mod suspect;
pub mod validate;

pub use layout::Layout;
pub use suspect::Suspect;

use crate::contest::Rules;
use crate::shrink::shrink_while;
use crate::stress::{self, input_from, Draw, Input, Target, Verdict};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Why a test is in a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Sample `k` (1-based) of the statement.
    Sample(usize),
    /// A random test case of the largest official size.
    Maximal,
    /// A test case of the largest official size whose games are long by construction.
    MaximalLong,
    /// Input `index` of the `stress` campaign with the set's seed, drawn as `draw`.
    Drawn {
        /// Its index in the campaign.
        index: u64,
        /// How it was drawn.
        draw: Draw,
    },
    /// A wrong solution's first failing input, shrunk.
    Counterexample(String),
    /// An input on which this program exceeds the time limit.
    Slow(String),
    /// A file of the set being checked.
    Given(String),
}

impl Why {
    /// In words, for the table.
    pub fn text(&self) -> String {
        match self {
            Why::Sample(k) => format!("sample {k}"),
            Why::Maximal => "maximal size".into(),
            Why::MaximalLong => "maximal size, long by construction".into(),
            Why::Drawn { index, draw } => format!("{} (stress input {index})", draw.name()),
            Why::Counterexample(name) => format!("counterexample of {name}, shrunk"),
            Why::Slow(name) => format!("too slow for {name}"),
            Why::Given(name) => name.clone(),
        }
    }

    /// Its kind in `manifest.json`.
    pub fn kind(&self) -> &'static str {
        match self {
            Why::Sample(_) => "sample",
            Why::Maximal => "maximal",
            Why::MaximalLong => "maximal-long",
            Why::Drawn {
                draw: Draw::Random, ..
            } => "random",
            Why::Drawn { draw: Draw::Long, .. } => "long",
            Why::Drawn {
                draw: Draw::Searched, ..
            } => "searched",
            Why::Counterexample(_) => "counterexample",
            Why::Slow(_) => "slow",
            Why::Given(_) => "given",
        }
    }
}

/// A test: the input, its text, retrocheck's proven answer, and why it is there.
#[derive(Clone, Debug)]
pub struct Test<T> {
    /// The test cases.
    pub input: Input<T>,
    /// The input as the program reads it.
    pub text: String,
    /// The expected output: retrocheck's proven answer.
    pub expected: String,
    /// Why it is a candidate.
    pub why: Why,
}

impl<T: Target> Test<T> {
    /// A test of `input`, with its proven answer.
    pub fn new(input: Input<T>, why: Why) -> Result<Test<T>, String> {
        let expected = input
            .expected()
            .map_err(|e| format!("retrocheck cannot answer {}: {e}", why.text()))?;
        Ok(Test {
            text: input.text(),
            input,
            expected,
            why,
        })
    }
}

/// How a set is built.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The seed of every input drawn.
    pub seed: u64,
    /// Inputs of the `stress` campaign judged as candidates.
    pub pool: u64,
    /// More inputs of the campaign tried for a wrong solution the pool does not kill.
    pub more: u64,
    /// The most tests in the set.
    pub count: usize,
    /// Threads (in-process judging and shrinking) and programs run at once.
    pub jobs: usize,
    /// The longest the search for an input too slow for one `--against` program may
    /// take.
    pub slow_time: Duration,
    /// The longest a shrink of one counterexample may take (a shrink stopped early
    /// keeps the smaller input it reached).
    pub shrink_time: Duration,
}

impl Plan {
    /// The defaults of `retrocheck tests`.
    pub const DEFAULT: Plan = Plan {
        seed: 0,
        pool: 128,
        more: 512,
        count: 25,
        jobs: 2,
        shrink_time: Duration::from_secs(20),
        slow_time: Duration::from_secs(30),
    };
}

/// Every verdict of every suspect on every test: `rows[test][suspect]`.
pub type Matrix = Vec<Vec<Verdict>>;

/// A set built: its tests in order, the verdicts of the suspects on them, and the
/// suspects it does not kill.
pub struct Built<T> {
    /// The tests, samples first.
    pub tests: Vec<Test<T>>,
    /// `matrix[test][suspect]`.
    pub matrix: Matrix,
    /// Suspects no candidate killed.
    pub alive: Vec<usize>,
    /// Suspects some candidate killed but the cap on the count left out.
    pub cut: Vec<usize>,
    /// Candidates judged.
    pub candidates: usize,
}

/// What building a set is doing, for a progress line.
pub type Progress<'a> = &'a (dyn Fn(&str) + Sync);

/// Builds a set for the target that kills every suspect it can: the samples, a
/// greedy cover of the suspects over the candidates, then a maximal and a long
/// maximal test, at most `plan.count` in all.
pub fn build<T: Target>(
    suspects: &[Suspect],
    plan: &Plan,
    progress: Progress<'_>,
) -> Result<Built<T>, String> {
    let pool = pool(plan.jobs)?;
    pool.install(|| build_on_pool(suspects, plan, progress))
}

/// A pool whose threads have room for deep recursion: some wrong solutions of the
/// kill table recurse once per move of a long game.
pub fn pool(jobs: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .stack_size(256 << 20)
        .build()
        .or_else(|_| rayon::ThreadPoolBuilder::new().num_threads(1).build())
        .map_err(|e| format!("cannot start a thread: {e}"))
}

fn build_on_pool<T: Target>(
    suspects: &[Suspect],
    plan: &Plan,
    progress: Progress<'_>,
) -> Result<Built<T>, String> {
    let mut candidates = samples::<T>()?;
    let first: Vec<usize> = (0..candidates.len()).collect();
    progress(&format!("drawing {} inputs", plan.pool));
    let drawn: Vec<Result<Test<T>, String>> = (0..plan.pool)
        .into_par_iter()
        .map(|index| drawn::<T>(plan.seed, index))
        .collect();
    for test in drawn {
        candidates.push(test?);
    }
    let mut last = Vec::new();
    for (why, test) in maximal::<T>(plan.seed) {
        candidates.push(Test::new(test, why)?);
        last.push(candidates.len() - 1);
    }
    progress(&format!(
        "judging {} wrong solutions on {} inputs",
        suspects.len(),
        candidates.len()
    ));
    let mut matrix = judge_all(&candidates, suspects, progress)?;
    // A first failing input for each suspect: the smallest candidate it fails, or one
    // of more inputs of the campaign for those the candidates do not kill.
    let killed_by = |matrix: &Matrix, s: usize| -> Option<usize> {
        (0..matrix.len())
            .filter(|&c| matrix[c][s] != Verdict::Accepted)
            .min_by_key(|&c| (candidates[c].text.len(), c))
    };
    let mut failing: Vec<Option<usize>> = (0..suspects.len()).map(|s| killed_by(&matrix, s)).collect();
    let missing: Vec<usize> = (0..suspects.len()).filter(|&s| failing[s].is_none()).collect();
    if !missing.is_empty() && plan.more > 0 {
        for (s, test) in first_failing(suspects, &missing, plan.pool, plan, progress)? {
            candidates.push(test);
            matrix.push(judge_one(&candidates[candidates.len() - 1], suspects)?);
            failing[s] = Some(candidates.len() - 1);
        }
    }
    // For each program that every candidate accepts, a search for an input it takes
    // too long on (scored by its own CPU time): a slow but right solution must meet
    // its time limit in the set, not first at the judge.
    for (s, suspect) in suspects.iter().enumerate() {
        let Suspect::Program { settings } = suspect else {
            continue;
        };
        if matrix.iter().any(|row| row[s] != Verdict::Accepted) {
            continue;
        }
        progress(&format!("searching for an input too slow for {}", suspect.name()));
        let budget = stress::Budget {
            cases: SLOW_RUNS,
            time: Some(plan.slow_time),
            jobs: plan.jobs,
        };
        let search = stress::slow::find_slow::<T>(settings, budget, |_, _| {});
        let found = match (search.exceeded, search.slowest, search.found) {
            (true, Some(slowest), _) => Some((slowest.input, Why::Slow(suspect.name().into()))),
            (_, _, Some(stress::Found::Failure { input, .. })) => {
                Some((input, Why::Counterexample(suspect.name().into())))
            }
            _ => None,
        };
        if let Some((input, why)) = found {
            let slow = matches!(why, Why::Slow(_));
            candidates.push(Test::new(input, why)?);
            matrix.push(judge_one(&candidates[candidates.len() - 1], suspects)?);
            if slow {
                last.push(candidates.len() - 1);
            } else if failing[s].is_none() {
                failing[s] = Some(candidates.len() - 1);
            }
        }
    }
    // Each suspect's failing input, shrunk: small tests a person can read, and the
    // ones a cover of many suspects needs least.
    for (s, at) in failing.iter().enumerate() {
        let Some(at) = *at else { continue };
        progress(&format!("shrinking a counterexample of {}", suspects[s].name()));
        let shrunk = shrink_for(&suspects[s], &candidates[at], plan)?;
        if shrunk.text != candidates[at].text && !candidates.iter().any(|c| c.text == shrunk.text) {
            matrix.push(judge_one(&shrunk, suspects)?);
            candidates.push(shrunk);
        }
    }
    let kills: Vec<Vec<usize>> = matrix
        .iter()
        .map(|row| (0..row.len()).filter(|&s| row[s] != Verdict::Accepted).collect())
        .collect();
    let cost: Vec<u64> = candidates.iter().map(|c| c.text.len() as u64).collect();
    let chosen = select::choose(&kills, &cost, &first, &last, suspects.len(), plan.count);
    let tests: Vec<Test<T>> = chosen.tests.iter().map(|&c| candidates[c].clone()).collect();
    for test in &tests {
        check_valid(test)?;
    }
    Ok(Built {
        matrix: chosen.tests.iter().map(|&c| matrix[c].clone()).collect(),
        tests,
        alive: chosen.alive,
        cut: chosen.cut,
        candidates: candidates.len(),
    })
}

/// The statement's samples, as tests.
fn samples<T: Target>() -> Result<Vec<Test<T>>, String> {
    T::samples()
        .iter()
        .enumerate()
        .map(|(k, text)| {
            let cases = T::parse_input(text.as_bytes())
                .map_err(|e| format!("sample {} of {}: {e}", k + 1, T::NAME))?;
            Test::new(Input { cases }, Why::Sample(k + 1))
        })
        .collect()
}

/// Input `index` of the `stress` campaign with this seed, at `stress`'s default sizes.
fn drawn<T: Target>(seed: u64, index: u64) -> Result<Test<T>, String> {
    let largest = T::OFFICIAL_MAX.map_or(T::DEFAULT_MAX_SIZE, |cap| T::DEFAULT_MAX_SIZE.min(cap));
    let input = input_from::<T>(seed, Rules::OFFICIAL, largest, index);
    Test::new(
        input,
        Why::Drawn {
            index,
            draw: Draw::of(index),
        },
    )
}

/// The size of a game's "maximal" tests, which have no official limit: a long one's
/// chain (at least a quarter of its positions) passes the 65,536 moves a 16-bit
/// remoteness holds and the 10,000 levels a recursion per move reaches, in a tenth of
/// a second of solving.
pub const LARGE_GAME: u32 = 300_000;

/// A random and a long test case of the largest official size ([`LARGE_GAME`]
/// positions for games).
fn maximal<T: Target>(seed: u64) -> Vec<(Why, Input<T>)> {
    let largest = T::OFFICIAL_MAX.unwrap_or(LARGE_GAME);
    let mut rng = crate::seed::rng(crate::seed::mix(seed, u64::MAX));
    let random = T::generate(&mut rng, largest, Rules::OFFICIAL, 0);
    let long = T::long(&mut rng, largest, Rules::OFFICIAL);
    vec![
        (Why::Maximal, Input { cases: vec![random] }),
        (Why::MaximalLong, Input { cases: vec![long] }),
    ]
}

/// Every suspect's verdict on every test, the tests judged side by side.
pub fn judge_all<T: Target>(
    tests: &[Test<T>],
    suspects: &[Suspect],
    progress: Progress<'_>,
) -> Result<Matrix, String> {
    let done = std::sync::atomic::AtomicUsize::new(0);
    tests
        .par_iter()
        .map(|test| {
            let row = judge_one(test, suspects);
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            if n % 16 == 0 {
                progress(&format!("judged {n} of {} inputs", tests.len()));
            }
            row
        })
        .collect()
}

/// Every suspect's verdict on one test.
pub fn judge_one<T: Target>(test: &Test<T>, suspects: &[Suspect]) -> Result<Vec<Verdict>, String> {
    suspects
        .iter()
        .map(|s| s.verdict(&test.input, &test.expected).map_err(|t| t.to_string()))
        .collect()
}

/// A suspect (its index) and a test that catches it, if one was found.
pub type Catching<T> = (usize, Option<Test<T>>);

/// For each suspect that a set lets through, a test that would catch it: its first
/// failing input of the campaign with the plan's seed, shrunk (`None`: none within the
/// plan's inputs).
pub fn catching<T: Target>(
    suspects: &[Suspect],
    missed: &[usize],
    plan: &Plan,
    progress: Progress<'_>,
) -> Result<Vec<Catching<T>>, String> {
    let found = first_failing::<T>(suspects, missed, 0, plan, progress)?;
    missed
        .iter()
        .map(|&s| {
            let test = match found.iter().find(|(f, _)| *f == s) {
                Some((_, test)) => {
                    progress(&format!("shrinking a counterexample of {}", suspects[s].name()));
                    Some(shrink_for(&suspects[s], test, plan)?)
                }
                None => None,
            };
            Ok((s, test))
        })
        .collect()
}

/// A test and whether each suspect judged fails it.
type Verdicts<T> = (Test<T>, Vec<bool>);

/// Inputs `from` onwards of the campaign (up to the plan's pool and more), for the
/// suspects in `missing`: each one's first failing input, in input order (the same on
/// any number of threads).
fn first_failing<T: Target>(
    suspects: &[Suspect],
    missing: &[usize],
    from: u64,
    plan: &Plan,
    progress: Progress<'_>,
) -> Result<Vec<(usize, Test<T>)>, String> {
    let mut found: Vec<(usize, Test<T>)> = Vec::new();
    let mut left: Vec<usize> = missing.to_vec();
    // Batches of a fixed size, and the work counted between them, so that where the
    // search stops does not depend on the jobs.
    let batch = 16;
    let mut index = from;
    let mut work = 0u64;
    while !left.is_empty() && index < plan.pool + plan.more && work < SEARCH_WORK {
        let end = (index + batch).min(plan.pool + plan.more);
        progress(&format!(
            "searching inputs {index} to {end} for {} wrong solutions no input killed yet",
            left.len()
        ));
        // The suspects this batch is judged against: `left` shrinks as results are
        // taken, and each result's verdicts are in this order.
        let judging = left.clone();
        let judged: Vec<Result<Verdicts<T>, String>> = (index..end)
            .into_par_iter()
            .map(|i| {
                let test = drawn::<T>(plan.seed, i)?;
                let fails = judging
                    .iter()
                    .map(|&s| {
                        suspects[s]
                            .verdict(&test.input, &test.expected)
                            .map(|v| v != Verdict::Accepted)
                            .map_err(|t| t.to_string())
                    })
                    .collect::<Result<Vec<bool>, String>>()?;
                Ok((test, fails))
            })
            .collect();
        for result in judged {
            let (test, fails) = result?;
            let size: u64 = test.input.cases.iter().map(product_size).sum();
            work = work.saturating_add(size.saturating_mul(judging.len() as u64));
            let killed: Vec<usize> = judging
                .iter()
                .zip(&fails)
                .filter(|(s, &f)| f && left.contains(s))
                .map(|(&s, _)| s)
                .collect();
            for &s in &killed {
                found.push((s, test.clone()));
            }
            left.retain(|x| !killed.contains(x));
        }
        index = end;
    }
    Ok(found)
}

/// The most runs of a program the search for an input too slow for it makes.
const SLOW_RUNS: u64 = 200;

/// The most product-game positions and moves the search beyond the pool solves,
/// summed over the wrong solutions judged: about a minute of solving on a problem
/// whose test cases are games of millions of positions, where `--more` inputs would
/// take many.
const SEARCH_WORK: u64 = 4_000_000_000;

/// The most candidates a shrink of a built-in's counterexample judges: a few seconds
/// of small solves.
const SHRINK_JUDGEMENTS: usize = 4_000;

/// The most product-game positions and moves a shrink of a built-in's counterexample
/// judges, summed over its candidates: a few seconds of solving, so that a shrink
/// from a game of millions of positions stops early, by a count the same on every
/// machine.
const SHRINK_WORK: u64 = 20_000_000;

/// A test case's product game's positions and moves (0 when it has none).
fn product_size<T: Target>(case: &T) -> u64 {
    case.game()
        .map_or(0, |game| (game.positions() + game.move_count()) as u64)
}

/// `test` shrunk while `suspect` fails it the same way, within the official limits.
fn shrink_for<T: Target>(suspect: &Suspect, test: &Test<T>, plan: &Plan) -> Result<Test<T>, String> {
    let name = suspect.name().to_string();
    let first = suspect
        .verdict(&test.input, &test.expected)
        .map_err(|t| t.to_string())?;
    if first == Verdict::Accepted {
        // A program whose verdict changes from run to run (the clock, uninitialised
        // memory) keeps the input it failed unshrunk; a built-in never changes.
        if suspect.is_program() {
            return Ok(test.clone());
        }
        return Err(format!("{name} passed the input it failed before"));
    }
    let kind = first.kind();
    let deadline = Instant::now().checked_add(plan.shrink_time);
    let input = match suspect {
        Suspect::Program { settings } => {
            stress::reduce(settings, &test.input, &first, plan.jobs, deadline).input
        }
        Suspect::Builtin { .. } => {
            let official = test.input.cases.iter().all(|c| c.is_official());
            let passes = stress::input_passes(&test.input, official);
            // Bounded by a count of candidates and of the work they cost, not by
            // time, so that the same seed gives the same set on any machine; the
            // deadline only guards against a budget that takes too long.
            let judged = std::cell::Cell::new(0usize);
            let work = std::cell::Cell::new(0u64);
            let go_on = || {
                judged.get() < SHRINK_JUDGEMENTS
                    && work.get() < SHRINK_WORK
                    && deadline.is_none_or(|d| Instant::now() < d)
            };
            let fails = |candidate: &Input<T>| {
                judged.set(judged.get() + 1);
                work.set(work.get() + candidate.cases.iter().map(product_size).sum::<u64>());
                let Ok(expected) = candidate.expected() else {
                    return false;
                };
                suspect
                    .verdict(candidate, &expected)
                    .is_ok_and(|v| v.kind() == kind)
            };
            shrink_while(test.input.clone(), &passes, fails, |_| {}, go_on).value
        }
    };
    Test::new(input, Why::Counterexample(name))
}

/// A test of a set is valid for the original judge: its input reads back as the same
/// test cases, each within the official limits, in the canonical form.
fn check_valid<T: Target>(test: &Test<T>) -> Result<(), String> {
    let cases = validate::validate::<T>(test.text.as_bytes())
        .map_err(|e| format!("retrocheck made an invalid test ({}): {e}", test.why.text()))?;
    if cases != test.input.cases {
        return Err(format!(
            "retrocheck made a test that does not read back as itself ({})",
            test.why.text()
        ));
    }
    Ok(())
}
