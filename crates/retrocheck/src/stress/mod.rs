//! Stress-testing a user's program: generate inputs of log-uniform sizes, run the
//! program under a judge's limits, judge its output against retrocheck's proven answer
//! (or a reference program's) the way contest judges do, then split a failing
//! multi-case input down to the failing case and shrink it, re-running the program at
//! every step.
//!
//! [`find_failure`] is the campaign loop and [`reduce`] the shrink; [`stress`] does both, as
//! `retrocheck stress` does. Everything is generic over the [`Target`]: a contest
//! problem — a registered one, or a problem of your own implementing
//! [`Contest`](crate::contest::Contest) — or games in `.game` files.

pub mod judge;
mod processes;
pub mod quote;
pub mod report;
pub mod run;
pub mod slow;
#[cfg(target_os = "linux")]
mod strays;

use crate::contest::Rules;
use crate::oracles::expected::ExpectedError;
use crate::oracles::Stats;
use crate::search::Length;
use crate::seed;
use crate::shrink::{pass, shrink_parallel, Passes};
pub use crate::target::Target;
pub use judge::judge;
pub use judge::Verdict;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use report::Report;
pub use run::{Killed, Limits, Program, Run, OUTPUT_LIMIT, WALL_FACTOR};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// One stress input: one or more test cases.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Input<T> {
    /// The test cases, in input order.
    pub cases: Vec<T>,
}

impl<T: Target> Input<T> {
    /// The input as the program reads it.
    pub fn text(&self) -> String {
        T::input(&self.cases)
    }

    /// The expected output (retrocheck's proven answer): one answer per test case, or
    /// the solution format for a game.
    pub fn expected(&self) -> Result<String, ExpectedError> {
        expected_and_coverage(&self.cases).map(|(text, _)| text)
    }

    /// The input in words: "one test case, 3 vertices, 2 edges", "4 test cases", or a
    /// game's size.
    pub fn describe(&self) -> String {
        match &self.cases[..] {
            [case] if !T::CONTEST => case.size_text(),
            [case] => format!("one test case, {}", case.size_text()),
            cases => crate::text::count(cases.len(), "test case"),
        }
    }
}

/// A stress campaign's settings: what runs, and what inputs it gets.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The program under test.
    pub program: Program,
    /// A program whose output is the expected one, instead of retrocheck's answer.
    pub reference: Option<Program>,
    /// Compare bytes: white-space differences are presentation errors.
    pub exact: bool,
    /// Edge cases and sizes beyond the official limits, when asked for.
    pub rules: Rules,
    /// The seed: the same seed gives the same inputs.
    pub seed: u64,
    /// The largest test case to generate, in the target's unit, as asked for.
    pub max_size: u32,
}

impl Settings {
    /// The largest size tried: `max_size`, capped by the official limit unless
    /// sizes beyond it are asked for.
    pub fn largest<T: Target>(&self) -> u32 {
        let asked = self.max_size.max(1);
        match T::OFFICIAL_MAX {
            Some(cap) if !self.rules.beyond_limits => asked.min(cap),
            _ => asked,
        }
    }

    /// The command that writes input `index` again, byte for byte (for a problem the
    /// command line does not know, the call that does).
    pub fn regenerate<T: Target>(&self, index: u64) -> String {
        if T::CONTEST && crate::problems::Problem::from_name(T::NAME).is_none() {
            return format!(
                "retrocheck::stress::input_at::<{}>(&settings, {index}) with seed {}",
                std::any::type_name::<T>(),
                self.seed
            );
        }
        self.regenerate_with::<T>("retrocheck", index)
    }

    /// The command that writes input `index` again, byte for byte, run by `binary`: a
    /// command line that knows the problem (`retrocheck` for the registered ones, or
    /// one built with retrocheck-cli's `Cli` for a problem of your own). `binary` is
    /// written as it is given: quote it first if it needs quoting.
    pub fn regenerate_with<T: Target>(&self, binary: &str, index: u64) -> String {
        let mut command = format!(
            "{binary} generate {} --seed {} --index {index} --max-size {}",
            T::NAME,
            self.seed,
            self.max_size
        );
        if self.rules.edge_cases {
            command += " --edge-cases";
        }
        if self.rules.beyond_limits {
            command += " --beyond-limits";
        }
        command
    }
}

/// How an input's test cases are drawn. Random inputs of game problems are short games,
/// and a solution bounded to a horizon passes them all: a quarter of the inputs are
/// long by construction, and a quarter are searched for long games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Draw {
    /// The target's random generator.
    Random,
    /// Long by construction ([`Target::long`]).
    Long,
    /// Found by the search for long games ([`crate::search`]), from a random or a
    /// long test case, by hill climbing or annealing (the four in turn: which finds
    /// more depends on the problem and the size).
    Searched,
}

impl Draw {
    /// Every kind, in report order.
    pub(crate) const ALL: [Draw; 3] = [Draw::Random, Draw::Long, Draw::Searched];

    /// How input `index` is drawn: two in four at random, one long, one searched.
    pub fn of(index: u64) -> Draw {
        match index % 4 {
            2 => Draw::Long,
            3 => Draw::Searched,
            _ => Draw::Random,
        }
    }

    /// Its name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Draw::Random => "random",
            Draw::Long => "long by construction",
            Draw::Searched => "searched for long games",
        }
    }
}

/// The solving work the search for a long test case may spend (positions and moves
/// solved): about a tenth of a second.
pub(crate) const SEARCH_BUDGET: u64 = 4_000_000;

/// A test case of size `n` for input `index`, drawn as [`Draw::of`] says.
fn draw_case<T: Target>(rng: &mut ChaCha8Rng, n: u32, rules: Rules, index: u64) -> T {
    match Draw::of(index) {
        Draw::Random => T::generate(rng, n, rules, index),
        Draw::Long => T::long(rng, n, rules),
        Draw::Searched => {
            let variant = index / 4 % 4;
            let start = if variant % 2 == 0 {
                T::long(rng, n, rules)
            } else {
                T::generate(rng, n, rules, index)
            };
            let method = if variant < 2 {
                crate::search::DEFAULT_METHOD
            } else {
                crate::search::Method::Anneal { start: 4.0 }
            };
            crate::search::lengthen(rng, start, !rules.edge_cases, SEARCH_BUDGET, method).case
        }
    }
}

/// The `index`-th input of a campaign, fully determined by the settings and the index:
/// 1 to 3 test cases of a counted problem (one otherwise), each of a size drawn
/// log-uniformly from 1 to the largest size (and one in sixteen at the largest size),
/// so every order of magnitude is tried from the first inputs on, each drawn as
/// `Draw::of` the index says.
pub fn input_at<T: Target>(settings: &Settings, index: u64) -> Input<T> {
    input_from(settings.seed, settings.rules, settings.largest::<T>(), index)
}

/// [`input_at`] from what it reads of the settings: the seed, the rules and the
/// largest size (already capped, [`Settings::largest`]). The in-process campaign of a
/// submission ([`crate::api::submission::Campaign`]) draws its inputs here, so that
/// they are `stress`'s.
pub(crate) fn input_from<T: Target>(seed: u64, rules: Rules, largest: u32, index: u64) -> Input<T> {
    let mut rng = seed::rng(seed::mix(seed, index));
    let top = (f64::from(largest) + 1.0).ln();
    let size = move |rng: &mut ChaCha8Rng| -> u32 {
        if rng.gen_ratio(1, 16) {
            return largest;
        }
        ((rng.gen::<f64>() * top).exp() as u32).clamp(1, largest)
    };
    let count = if T::COUNTED { rng.gen_range(1..=3) } else { 1 };
    let cases = (0..count)
        .map(|_| {
            let n = size(&mut rng);
            draw_case(&mut rng, n, rules, index)
        })
        .collect();
    Input { cases }
}

/// One run of the solution, judged.
#[derive(Clone, Debug)]
pub struct Tested {
    /// The judge's verdict.
    pub verdict: Verdict,
    /// The run's wall-clock time.
    pub(crate) elapsed: Duration,
    /// The run's CPU time (the program's and its children's), as the time limit counts
    /// it: the score of the search for slow inputs ([`slow`]).
    pub(crate) cpu: Duration,
    /// Its peak resident memory in bytes (0: not measured).
    pub(crate) peak_memory: u64,
    /// What each test case covered (the product game and its solution): empty when
    /// retrocheck cannot solve the input (a reference gives the expected output).
    pub(crate) coverage: Vec<Stats>,
    /// How long each test case's games are (the same cases as `coverage`).
    pub(crate) lengths: Vec<Length>,
    /// What the program printed, kept only when the verdict is not accepted (the output
    /// shown beside a failure is the failing run's, never another run's).
    pub(crate) output: Vec<u8>,
}

/// Why an input could not be judged: never the solution's fault.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Trouble {
    /// Retrocheck's own answer failed its check: a bug in retrocheck.
    Retrocheck(String),
    /// The reference program failed on the input.
    Reference {
        /// Its command.
        command: String,
        /// How it failed.
        verdict: Verdict,
    },
    /// The reference's output is wrong where retrocheck can tell: not the shape of an
    /// answer to the input, or an answer that differs from retrocheck's proven one
    /// where the solution's agrees with it.
    ReferenceWrong {
        /// Its command.
        command: String,
        /// What is wrong with its output.
        why: String,
    },
    /// A program could not be started.
    Spawn {
        /// Its command.
        command: String,
        /// What the system said.
        error: String,
    },
}

impl std::fmt::Display for Trouble {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Trouble::Retrocheck(e) => write!(f, "retrocheck failed its own check on this input: {e}"),
            Trouble::Reference { command, verdict } => write!(
                f,
                "the reference `{command}` failed on this input, so your solution was not judged: {verdict}"
            ),
            Trouble::ReferenceWrong { command, why } => write!(
                f,
                "the reference `{command}` is wrong on this input, so your solution was not judged: {why}"
            ),
            Trouble::Spawn { command, error } => write!(f, "cannot run `{command}`: {error}"),
        }
    }
}

/// The expected output of the cases (retrocheck's proven answer) and what each covered.
fn expected_and_coverage<T: Target>(cases: &[T]) -> Result<(String, Vec<Stats>), ExpectedError> {
    expected_and_covered(cases).map(|(out, coverage, _)| (out, coverage))
}

/// The expected output of the cases, what each covered and how long its games are.
type Covered = (String, Vec<Stats>, Vec<Length>);

fn expected_and_covered<T: Target>(cases: &[T]) -> Result<Covered, ExpectedError> {
    let mut out = String::new();
    let mut coverage = Vec::with_capacity(cases.len());
    let mut lengths = Vec::with_capacity(cases.len());
    for (k, case) in cases.iter().enumerate() {
        let game = case.game()?;
        let solution = crate::oracles::expected::solution(&game)?;
        coverage.push(Stats::of(&game, &solution));
        lengths.push(crate::search::length_of_values(
            &solution.values,
            case.answer_positions().as_deref(),
        ));
        out += &case.output(k + 1, &solution);
    }
    Ok((out, coverage, lengths))
}

/// The expected output of an input: the reference's output, or retrocheck's answer.
pub fn expected<T: Target>(settings: &Settings, input: &Input<T>) -> Result<Vec<u8>, Trouble> {
    Ok(expect(settings, input, &input.text())?.0)
}

/// The expected output bytes, retrocheck's own answer when there is a reference (and
/// retrocheck can solve the input), what each case covered and how long its games are.
type Expectation = (Vec<u8>, Option<String>, Vec<Stats>, Vec<Length>);

/// The lines of an output that hold something: the shape of an answer.
fn answer_lines(output: &[u8]) -> usize {
    output
        .split(|&b| b == b'\n')
        .filter(|line| line.iter().any(|b| !b.is_ascii_whitespace()))
        .count()
}

fn expect<T: Target>(settings: &Settings, input: &Input<T>, text: &str) -> Result<Expectation, Trouble> {
    let own = expected_and_covered(&input.cases);
    let Some(reference) = &settings.reference else {
        let (out, coverage, lengths) = own.map_err(|e| Trouble::Retrocheck(e.to_string()))?;
        return Ok((out.into_bytes(), None, coverage, lengths));
    };
    let run = reference.run(text.as_bytes()).map_err(|e| Trouble::Spawn {
        command: reference.command.clone(),
        error: e.to_string(),
    })?;
    // Judged against its own output: only a crash or a limit can fail it.
    let verdict = judge(&run, &run.stdout, false, &reference.limits);
    if verdict != Verdict::Accepted {
        return Err(Trouble::Reference {
            command: reference.command.clone(),
            verdict,
        });
    }
    // Its shape: as many answer lines as retrocheck's answer has, or at least one.
    let wrong = |why: String| Trouble::ReferenceWrong {
        command: reference.command.clone(),
        why,
    };
    let printed = answer_lines(&run.stdout);
    match &own {
        Ok((text, _, _)) if printed != answer_lines(text.as_bytes()) => {
            return Err(wrong(format!(
                "it printed {} where an answer to this input has {}",
                crate::text::count(printed, "line"),
                answer_lines(text.as_bytes())
            )))
        }
        Err(_) if printed == 0 => return Err(wrong("it printed nothing".into())),
        _ => {}
    }
    let (own, coverage, lengths) = match own {
        Ok((text, c, l)) => (Some(text), c, l),
        Err(_) => (None, Vec::new(), Vec::new()),
    };
    Ok((run.stdout, own, coverage, lengths))
}

/// Runs the program on an input and judges it. With a reference, a solution that fails
/// against the reference's output but agrees with retrocheck's proven answer is not
/// judged: the reference is the one that disagrees ([`Trouble::ReferenceWrong`]).
pub fn test<T: Target>(settings: &Settings, input: &Input<T>) -> Result<Tested, Trouble> {
    let text = input.text();
    let (expected, own, coverage, lengths) = expect(settings, input, &text)?;
    let run = settings
        .program
        .run(text.as_bytes())
        .map_err(|e| Trouble::Spawn {
            command: settings.program.command.clone(),
            error: e.to_string(),
        })?;
    let mut verdict = judge(&run, &expected, settings.exact, &settings.program.limits);
    if let Verdict::MemoryLimit { limit, peak, .. } = verdict {
        // Judged by an allocation-failure message alone (the peak is within the
        // limit): run again without the memory limit; a program that prints the same
        // without it wrote the message itself, and its failure is a runtime error.
        if peak <= limit {
            let free = Program {
                command: settings.program.command.clone(),
                limits: Limits {
                    memory: None,
                    ..settings.program.limits
                },
            };
            if free
                .run(text.as_bytes())
                .is_ok_and(|again| judge::says_allocation_failed(&again))
            {
                verdict = judge(&run, &expected, settings.exact, &free.limits);
            }
        }
    }
    if let (Some(own), Some(reference), Verdict::WrongAnswer { .. } | Verdict::PresentationError { .. }) =
        (&own, &settings.reference, &verdict)
    {
        let limits = &settings.program.limits;
        if judge(&run, own.as_bytes(), settings.exact, limits) == Verdict::Accepted {
            // The reference's output judged against the proven answer, to say where.
            let against = Run {
                status: run.status,
                stdout: expected.clone(),
                stderr: Vec::new(),
                elapsed: run.elapsed,
                cpu: run.cpu,
                killed: run.killed,
                peak_memory: 0,
            };
            return Err(Trouble::ReferenceWrong {
                command: reference.command.clone(),
                why: format!(
                    "its output differs from retrocheck's proven answer ({}), and your solution's agrees with that answer (a variant problem would need retrocheck's answer changed too)",
                    judge(&against, own.as_bytes(), settings.exact, limits)
                ),
            });
        }
    }
    let output = if verdict == Verdict::Accepted {
        Vec::new()
    } else {
        run.stdout
    };
    Ok(Tested {
        verdict,
        elapsed: run.elapsed,
        cpu: run.cpu,
        peak_memory: run.peak_memory,
        coverage,
        lengths,
        output,
    })
}

/// How many more runs of an input must exceed the time limit before a time limit
/// exceeded stands (in the search and at each step of a shrink): a run killed at the
/// wall-clock cap may have been slowed by the machine, not by the program.
pub(crate) const TLE_RERUNS: usize = 1;

/// [`test`](fn@test), and when the verdict is a time limit exceeded, [`TLE_RERUNS`] more runs
/// of the input that must exceed it too, each started only before `deadline`; a rerun
/// that ends otherwise gives its verdict instead. True with the result when the verdict
/// is final: anything but a time limit, or a time limit every rerun confirmed.
pub(crate) fn test_confirmed<T: Target>(
    settings: &Settings,
    input: &Input<T>,
    deadline: Option<Instant>,
) -> Result<(Tested, bool), Trouble> {
    let mut tested = test(settings, input)?;
    let timed_out = |t: &Tested| matches!(t.verdict, Verdict::TimeLimit { .. });
    for _ in 0..TLE_RERUNS {
        if !timed_out(&tested) {
            return Ok((tested, true));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok((tested, false));
        }
        tested = test(settings, input)?;
    }
    Ok((tested, true))
}

/// How long a campaign searches, and how many programs run at once.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Inputs to try (`u64::MAX`: until the time is up).
    pub cases: u64,
    /// Start no input after this long.
    pub time: Option<Duration>,
    /// Programs run in parallel; the inputs, verdicts and report do not depend on it.
    pub jobs: usize,
}

/// What a search found first, if anything.
#[derive(Clone, Debug)]
pub enum Found<T> {
    /// The program failed input `index`.
    Failure {
        /// The input's index in the campaign.
        index: u64,
        /// The input.
        input: Input<T>,
        /// The verdict.
        verdict: Verdict,
    },
    /// Input `index` could not be judged (a reference failed, retrocheck's own check
    /// failed, or a program could not start): never the solution's fault.
    Trouble {
        /// The input's index in the campaign.
        index: u64,
        /// The input.
        input: Input<T>,
        /// What went wrong.
        trouble: Trouble,
    },
}

/// The result of the campaign loop ([`find_failure`]): the report of every input judged,
/// and the first failure.
#[derive(Clone, Debug)]
pub struct FailureSearch<T> {
    /// The running totals, in input order, up to and including the failure.
    pub report: Report,
    /// Inputs tried.
    pub done: u64,
    /// How long the search took.
    pub elapsed: Duration,
    /// The first failure or trouble, in input order.
    pub found: Option<Found<T>>,
}

/// An input of a search judged: its index, the input, and its judgement.
type JudgedInput<T> = (u64, Input<T>, Result<Tested, Trouble>);

/// The campaign loop: inputs `0, 1, …` judged `budget.jobs` at a time, taken in input
/// order up to the first failure, so the report and the failure are the same on any
/// number of jobs. `progress` hears the inputs done and the report after each batch.
pub fn find_failure<T: Target>(
    settings: &Settings,
    budget: Budget,
    mut progress: impl FnMut(u64, &Report),
) -> FailureSearch<T> {
    let start = Instant::now();
    let deadline = budget.time.and_then(|t| start.checked_add(t));
    let jobs = budget.jobs.max(1);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build();
    let batch = 4 * jobs as u64;
    let mut done = 0;
    let mut report = Report::new(T::NAME);
    let mut found = None;
    'batches: while done < budget.cases && (done == 0 || budget.time.is_none_or(|t| start.elapsed() < t)) {
        let end = (done + batch).min(budget.cases);
        // An input not started when the time is up is not run (the campaign's first
        // always is): the search overshoots `time` by the runs in flight, not a batch.
        // Generating an input counts in the time as its run does: an input generated
        // after the time is up is not run.
        let one = |i: u64| {
            let late = || i > 0 && budget.time.is_some_and(|t| start.elapsed() >= t);
            if late() {
                return None;
            }
            let input = input_at::<T>(settings, i);
            if late() {
                return None;
            }
            let tested = test_confirmed(settings, &input, deadline).map(|(t, _)| t);
            Some((i, input, tested))
        };
        let results: Vec<Option<JudgedInput<T>>> = match &pool {
            Ok(pool) => pool.install(|| (done..end).into_par_iter().map(one).collect()),
            // No threads to be had (`ulimit -u`, `ulimit -v`): one input at a time, on
            // this thread, rather than on rayon's global pool, which would panic.
            Err(_) => (done..end).map(one).collect(),
        };
        for result in results {
            // Taken in input order: the inputs after one not run are not counted.
            let Some((index, input, tested)) = result else {
                break 'batches;
            };
            done = index + 1;
            found = match tested {
                Err(trouble) => Some(Found::Trouble {
                    index,
                    input,
                    trouble,
                }),
                Ok(tested) => {
                    report.add(index, &input, &tested);
                    (tested.verdict != Verdict::Accepted).then_some(Found::Failure {
                        index,
                        input,
                        verdict: tested.verdict,
                    })
                }
            };
            if found.is_some() {
                break 'batches;
            }
        }
        progress(done, &report);
    }
    FailureSearch {
        report,
        done,
        elapsed: start.elapsed(),
        found,
    }
}

/// How many more times a failing input is run before it is shrunk, and a shrunk input
/// at the end: a program whose output depends on more than its input (uninitialised
/// memory, the clock, addresses) fails only some runs, and shrinking it by single runs
/// would chase noise and end on an input it passes. A program failing one run in four
/// fails all four reruns once in 256 campaigns.
pub(crate) const CONFIRM_RUNS: usize = 4;

/// How often the program failed an input when it was run again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reproduced {
    /// Runs of the input, the failing one that found it included.
    pub runs: usize,
    /// Runs that failed, in any way.
    pub failed: usize,
    /// Each run's verdict code (AC, WA, TLE …), in the order of the runs.
    pub(crate) codes: Vec<&'static str>,
}

impl Reproduced {
    /// Whether every run failed: the failure is the input's, and shrinking means
    /// something.
    pub fn always(&self) -> bool {
        self.failed == self.runs
    }

    /// Whether the failing runs failed in more than one way.
    pub fn mixed(&self) -> bool {
        let mut failing = self.codes.iter().filter(|c| **c != "AC");
        let first = failing.next();
        failing.any(|c| Some(c) != first)
    }

    /// The runs' verdicts, "WA, TLE, WA".
    pub fn list(&self) -> String {
        self.codes.join(", ")
    }
}

/// A failure, reduced.
#[derive(Clone, Debug)]
pub struct Reduced<T> {
    /// The smallest failing input reached (the input found, when the program is not
    /// deterministic on it).
    pub input: Input<T>,
    /// Its verdict, from a failing run: never "accepted".
    pub verdict: Verdict,
    /// What the program printed in that failing run: a failing rerun's whole, or,
    /// when every rerun of the shrunk input passed, the shrink's own run's first
    /// 64 KiB.
    pub output: Vec<u8>,
    /// How often the program failed `input` when it was run again: a failure that does
    /// not come back on every run is not shrunk.
    pub reproduced: Reproduced,
    /// How often it failed the input found, when it was run again (the same as
    /// `reproduced` when it was not shrunk).
    pub found: Reproduced,
    /// The kind of failure shrinking kept: the one most runs of the input found
    /// agreed on.
    pub kind: &'static str,
    /// Accepted reductions: the split of a multi-case input counts as one.
    pub steps: usize,
    /// Every run of the program while reducing, the split's and the last check's
    /// included.
    pub runs: usize,
    /// How long reducing took.
    pub elapsed: Duration,
    /// Whether shrinking stopped at its deadline, before the input was 1-minimal.
    pub out_of_time: bool,
}

/// Runs `input` [`CONFIRM_RUNS`] more times after one run that failed with `first`
/// (fewer when the deadline passes): how often it fails, in any way, and the failing
/// reruns' verdicts and outputs, in order.
fn confirm<T: Target>(
    settings: &Settings,
    input: &Input<T>,
    first: &Verdict,
    runs: &AtomicUsize,
    deadline: Option<Instant>,
) -> (Reproduced, Vec<(Verdict, Vec<u8>)>) {
    let mut reproduced = Reproduced {
        runs: 1,
        failed: 1,
        codes: vec![first.code()],
    };
    let mut failing = Vec::new();
    for _ in 0..CONFIRM_RUNS {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        runs.fetch_add(1, Ordering::Relaxed);
        reproduced.runs += 1;
        // A run that cannot be judged (a reference failed) counts as a pass.
        let verdict = test(settings, input).map(|t| (t.verdict, t.output));
        match verdict {
            Ok((verdict, output)) if verdict != Verdict::Accepted => {
                reproduced.failed += 1;
                reproduced.codes.push(verdict.code());
                failing.push((verdict, output));
            }
            Ok(_) => reproduced.codes.push("AC"),
            Err(_) => reproduced.codes.push("--"),
        }
    }
    (reproduced, failing)
}

/// The kind of failure most runs agreed on (`first`'s kind, then the earlier run's, on
/// a tie), with a verdict of that kind: the first run's, or the first failing rerun's.
fn commonest(first: &Verdict, reruns: &[(Verdict, Vec<u8>)]) -> Verdict {
    let all: Vec<&Verdict> = std::iter::once(first)
        .chain(reruns.iter().map(|(v, _)| v))
        .collect();
    let count = |kind: &str| all.iter().filter(|v| v.kind() == kind).count();
    let mut best = first;
    for v in &all {
        if count(v.kind()) > count(best.kind()) {
            best = v;
        }
    }
    best.clone()
}

/// Splits a failing multi-case input down to the failing case, then shrinks that case
/// (within the official limits unless edge cases are asked for), re-running the
/// program at each step and keeping only candidates with the same kind of verdict.
///
/// The input is first run `CONFIRM_RUNS` more times: when a rerun passes, the
/// program is not deterministic on it, and the input is reported as found, with how
/// often it fails ([`Reduced::reproduced`]), not shrunk. The shrunk input is run again
/// the same way at the end; the verdict and output reported are a failing run's.
pub fn reduce<T: Target>(
    settings: &Settings,
    input: &Input<T>,
    verdict: &Verdict,
    jobs: usize,
    deadline: Option<Instant>,
) -> Reduced<T> {
    let runs = AtomicUsize::new(0);
    let start = Instant::now();
    let (found, found_failing) = confirm(settings, input, verdict, &runs, deadline);
    // Every run failed, not always the same way (a program near the time limit: a
    // wrong answer, then a timeout): the failure is still the input's, and shrinking
    // keeps the kind most runs agreed on.
    let verdict = &commonest(verdict, &found_failing);
    let kind = verdict.kind();
    let found_again = found_failing.iter().find(|(v, _)| v.kind() == kind).cloned();
    if !found.always() {
        // The search keeps no output: a failing rerun's is shown, or none.
        let (verdict, output) = found_again.unwrap_or_else(|| (verdict.clone(), Vec::new()));
        return Reduced {
            input: input.clone(),
            verdict,
            output,
            reproduced: found.clone(),
            found,
            kind,
            steps: 0,
            runs: runs.load(Ordering::Relaxed),
            elapsed: start.elapsed(),
            out_of_time: false,
        };
    }
    // Failing candidates' verdicts and outputs by the candidate's hash: the shrunk
    // input's report is a failing run's even if its reruns pass. Each output is cut
    // to its first KEPT_OUTPUT bytes: a shrink judges thousands of candidates, and a
    // program printing megabytes on each must not fill the memory.
    let failing = std::sync::Mutex::new(std::collections::HashMap::new());
    let hash = |i: &Input<T>| {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        i.hash(&mut h);
        h.finish()
    };
    // No run starts after the deadline; a time limit exceeded counts only when its
    // reruns confirmed it (see [`test_confirmed`]).
    let past = || deadline.is_some_and(|d| Instant::now() >= d);
    // The output line each failing input fails at, for the pass that numbers a game's
    // ids from it.
    let lines = std::sync::Arc::new(std::sync::Mutex::new(std::collections::HashMap::new()));
    lines
        .lock()
        .expect("no panics while holding the map")
        .insert(hash(input), verdict.line());
    let fails = |candidate: &Input<T>| {
        if past() {
            return false;
        }
        runs.fetch_add(1, Ordering::Relaxed);
        match test_confirmed(settings, candidate, deadline) {
            Ok((t, true)) if t.verdict.kind() == kind => {
                lines
                    .lock()
                    .expect("no panics while holding the map")
                    .insert(hash(candidate), t.verdict.line());
                failing
                    .lock()
                    .expect("no panics while holding the map")
                    .insert(hash(candidate), (t.verdict, kept(t.output)));
                true
            }
            _ => false,
        }
    };
    let mut current = input.clone();
    let mut split = 0;
    // Split: the failing line names the case; alone, it usually fails too. If not (the
    // program keeps state between cases), try the cases before it with it.
    if current.cases.len() > 1 {
        let line = verdict.line().unwrap_or(current.cases.len());
        let k = case_of_line(&current, line);
        let alone = Input {
            cases: vec![current.cases[k].clone()],
        };
        if fails(&alone) {
            current = alone;
            split = 1;
        } else {
            let prefix = Input {
                cases: current.cases[..=k].to_vec(),
            };
            if prefix.cases.len() < current.cases.len() && fails(&prefix) {
                current = prefix;
                split = 1;
            }
        }
    }
    let official = !settings.rules.edge_cases;
    let mut passes = input_passes(&current, official);
    // Before the single removals, a game's ids numbered from the failing position (as
    // the report shows it): a chain then reads 0 → 1 → 2 → …, and contracting any one
    // of its positions gives the same game, judged once, not once per position.
    let numbered = {
        let lines = std::sync::Arc::clone(&lines);
        pass(
            "ids from the failing position",
            move |i: &Input<T>, from| -> Box<dyn Iterator<Item = Input<T>> + '_> {
                let line = if from == 0 {
                    lines
                        .lock()
                        .expect("no panics while holding the map")
                        .get(&hash(i))
                        .copied()
                        .flatten()
                } else {
                    None
                };
                Box::new(renumbered(i, line).into_iter())
            },
        )
    };
    passes.list.insert(passes.singles, numbered);
    passes.singles += 1;
    // `jobs` candidates run at once; the first failing one in pass order is taken, so
    // the shrunk input is the same for every `--jobs`.
    let mut shrunk = shrink_parallel(current, &passes, fails, jobs, |_| {}, deadline);
    // Ids in order of discovery from the failing position, as the library numbers a
    // shrunk game: a person reads the case from the top. Kept only if it fails the
    // same way.
    let line = failing
        .lock()
        .expect("no panics while holding the map")
        .get(&hash(&shrunk.value))
        .map_or(verdict.line(), |(v, _)| v.line());
    if let Some(renumbered) = renumbered(&shrunk.value, line) {
        if deadline.is_none_or(|d| Instant::now() < d) && fails(&renumbered) {
            shrunk.value = renumbered;
        }
    }
    let recorded = failing
        .into_inner()
        .expect("no panics while holding the map")
        .remove(&hash(&shrunk.value));
    let (reproduced, again) = match &recorded {
        // Not reduced at all: the found input, confirmed already.
        None => (found.clone(), found_again),
        Some((first, _)) => {
            let (reproduced, failing) = confirm(settings, &shrunk.value, first, &runs, deadline);
            let again = failing.iter().find(|(v, _)| v.kind() == kind).cloned();
            (reproduced, again)
        }
    };
    let (verdict, output) = again
        .or(recorded)
        .unwrap_or_else(|| (verdict.clone(), Vec::new()));
    Reduced {
        input: shrunk.value,
        verdict,
        output,
        reproduced,
        found,
        kind,
        steps: shrunk.steps + split,
        runs: runs.load(Ordering::Relaxed),
        out_of_time: shrunk.out_of_time,
        elapsed: start.elapsed(),
    }
}

/// The shrinking passes of an input: whole test cases removed, then a single test
/// case's passes (within the official limits when `official` and the case meets
/// them).
pub(crate) fn input_passes<T: Target>(current: &Input<T>, official: bool) -> Passes<Input<T>> {
    // Multi-case inputs only lose whole cases; a single case shrinks by the passes of
    // its target.
    let whole_cases = pass(
        "whole cases",
        |i: &Input<T>, from| -> Box<dyn Iterator<Item = Input<T>> + '_> {
            let n = if i.cases.len() == 1 { 0 } else { i.cases.len() };
            Box::new((0..n).skip(from).map(move |k| {
                let mut cases = i.cases.clone();
                cases.remove(k);
                Input { cases }
            }))
        },
    );
    let passes = match current.cases.first() {
        Some(case) => T::passes(official && case.is_official()),
        None => Passes {
            list: Vec::new(),
            singles: 0,
        },
    };
    passes
        .map(
            |case| Input { cases: vec![case] },
            |i: &Input<T>| match i.cases.as_slice() {
                [case] => Some(case),
                _ => None,
            },
        )
        .after(whole_cases)
}

/// A one-case input with its ids renumbered from the position of output line `line`
/// ([`Target::renumbered`]); `None` when that changes nothing.
fn renumbered<T: Target>(input: &Input<T>, line: Option<usize>) -> Option<Input<T>> {
    match input.cases.as_slice() {
        [case] => Some(Input {
            cases: vec![case.renumbered(line?)?],
        }),
        _ => None,
    }
}

/// The most of a failing candidate's output a shrink keeps, for the report.
const KEPT_OUTPUT: usize = 64 << 10;

/// `output` cut to [`KEPT_OUTPUT`] bytes, its memory given back.
fn kept(mut output: Vec<u8>) -> Vec<u8> {
    output.truncate(KEPT_OUTPUT);
    output.shrink_to_fit();
    output
}

/// The test case (0-based) that output line `line` (1-based) belongs to: answers of
/// several lines (berzerk, shiritori) and games' solutions span more than one.
fn case_of_line<T: Target>(input: &Input<T>, line: usize) -> usize {
    let mut end = 0;
    for (k, case) in input.cases.iter().enumerate() {
        end += match expected_and_coverage(std::slice::from_ref(case)) {
            Ok((text, _)) => text.lines().count().max(1),
            Err(_) => 1,
        };
        if line <= end {
            return k;
        }
    }
    input.cases.len() - 1
}

/// A whole stress campaign: the search, and the first failure reduced.
#[derive(Clone, Debug)]
pub struct Stressed<T> {
    /// The campaign loop and its report.
    pub search: FailureSearch<T>,
    /// The first failure reduced, if the program failed an input.
    pub reduced: Option<Reduced<T>>,
}

/// [`find_failure`], then [`reduce`] of the first failure (for at most `shrink_time`): what
/// `retrocheck stress` does, for code.
pub fn stress<T: Target>(settings: &Settings, budget: Budget, shrink_time: Option<Duration>) -> Stressed<T> {
    let search = find_failure::<T>(settings, budget, |_, _| {});
    let reduced = match &search.found {
        Some(Found::Failure { input, verdict, .. }) => Some(reduce(
            settings,
            input,
            verdict,
            budget.jobs,
            shrink_time.and_then(|t| Instant::now().checked_add(t)),
        )),
        _ => None,
    };
    Stressed { search, reduced }
}
