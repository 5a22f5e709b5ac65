//! Stress-testing a user's program: generate inputs of log-uniform sizes, run the
//! program under a judge's limits, judge its output against retrocheck's checked answer
//! (or a reference program's) the way contest judges do, then split a failing
//! multi-case input down to the failing case and shrink it, re-running the program at
//! every step.

pub mod judge;
pub mod quote;
pub mod report;
pub mod run;

use crate::format::print_game;
use crate::generate::{self, Case, Family};
use crate::oracles::Stats;
use crate::problems::{Instance, Problem};
use crate::shrink::{case_passes, pass, shrink_parallel, Passes};
pub use judge::{judge, Verdict};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
pub use run::{Limits, Program, Run, OUTPUT_LIMIT};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What a stress run tests: a contest problem, or programs that read a `.game` file and
/// print the solution format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Problem(Problem),
    Game,
}

impl Target {
    /// The largest size the official limits allow (vertices, objects, words, nodes),
    /// if the target has limits: what `--max-size` is capped at unless
    /// `--beyond-limits`.
    pub fn official_max(self) -> Option<u32> {
        match self {
            Target::Problem(Problem::Pursuit) => Some(100),
            Target::Problem(Problem::Minigame) => Some(100_000),
            Target::Problem(Problem::Berzerk) => Some(7_000),
            Target::Problem(Problem::Shiritori) => Some(200_000),
            Target::Problem(Problem::Catmouse) => Some(50),
            Target::Game => None,
        }
    }

    /// The unit `--max-size` counts, plural.
    pub fn unit(self) -> &'static str {
        match self {
            Target::Problem(Problem::Pursuit | Problem::Minigame) => "vertices",
            Target::Problem(Problem::Berzerk) => "objects",
            Target::Problem(Problem::Shiritori) => "words",
            Target::Problem(Problem::Catmouse) => "nodes",
            Target::Game => "positions",
        }
    }
}

/// One stress input: a contest input of one or more cases, or one game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Input {
    pub target: Target,
    pub cases: Vec<Case>,
}

impl Input {
    /// The input as the program reads it.
    pub fn text(&self) -> String {
        match self.target {
            Target::Game => self
                .cases
                .iter()
                .map(|c| {
                    if let Case::Game(g) = c {
                        print_game(g)
                    } else {
                        String::new()
                    }
                })
                .collect(),
            Target::Problem(problem) => {
                let instances: Vec<Instance> = self
                    .cases
                    .iter()
                    .filter_map(|c| {
                        if let Case::Instance(i) = c {
                            Some(i.clone())
                        } else {
                            None
                        }
                    })
                    .collect();
                problem.print(&instances)
            }
        }
    }

    /// The expected output (see [`crate::oracles::expected`]): one line per test case, or the
    /// solution format for a game.
    pub fn expected(&self) -> Result<String, String> {
        crate::oracles::expected::outputs(&self.cases)
    }
}

/// A stress campaign's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    pub target: Target,
    pub program: Program,
    /// A program whose output is the expected one, instead of retrocheck's answer.
    pub reference: Option<Program>,
    pub exact: bool,
    /// Also generate the inputs the rules allow but contests rarely test (duplicate
    /// edges, self-loops, x = y, m = 0, empty sets …), and shrink through them.
    pub edge_cases: bool,
    /// Let `max_size` go beyond the official limit.
    pub beyond_limits: bool,
    pub seed: u64,
    /// The largest contest graph (vertices) or game (positions) to generate, asked for.
    pub max_size: u32,
}

impl Settings {
    /// The largest size tried: `max_size`, capped by the official limit unless
    /// `beyond_limits`.
    pub fn largest(&self) -> u32 {
        let asked = self.max_size.max(1);
        match self.target.official_max() {
            Some(cap) if !self.beyond_limits => asked.min(cap),
            _ => asked,
        }
    }
}

/// The `index`-th input of a campaign, fully determined by the settings and the index:
/// 1 to 3 test cases, each of a size drawn log-uniformly from 1 to the largest size
/// (and one in sixteen at the largest size), so every order of magnitude is tried
/// from the first inputs on. Games take the seeded game families in turn, so every
/// coverage axis (high degree, hubs, long chains, draws, labels, draw conventions)
/// comes up.
pub fn input_at(settings: &Settings, index: u64) -> Input {
    let mut rng = ChaCha8Rng::seed_from_u64(crate::run::bulk::splitmix64(
        settings.seed ^ crate::run::bulk::splitmix64(index),
    ));
    let largest = settings.largest();
    let top = (f64::from(largest) + 1.0).ln();
    let size = move |rng: &mut ChaCha8Rng| -> u32 {
        if rng.gen_ratio(1, 16) {
            return largest;
        }
        ((rng.gen::<f64>() * top).exp() as u32).clamp(1, largest)
    };
    let cases = match settings.target {
        Target::Game => {
            let families: Vec<Family> = Family::games().collect();
            let family = families[(index % families.len() as u64) as usize];
            let size = size(&mut rng) as usize;
            vec![generate::case(family, rng.gen(), size)]
        }
        // An uncounted problem's input holds exactly one test case.
        Target::Problem(problem) => (0..if problem.counted() {
            rng.gen_range(1..=3)
        } else {
            1
        })
            .map(|_| {
                let n = size(&mut rng);
                Case::Instance(instance(problem, &mut rng, n, settings))
            })
            .collect(),
    };
    Input {
        target: settings.target,
        cases,
    }
}

/// A random test case of `n` vertices (objects, words, nodes). Within the official
/// limits the generators keep every rule; beyond them, pursuit keeps its rules (about
/// 1 to 4 edges a vertex), minigame keeps them up to its arc limit, and the others
/// take their edge-case generators.
fn instance(problem: Problem, rng: &mut ChaCha8Rng, n: u32, settings: &Settings) -> Instance {
    let rules = !settings.edge_cases;
    let within = settings.target.official_max().is_none_or(|cap| n <= cap);
    match problem {
        Problem::Pursuit if within => Instance::Pursuit(generate::pursuit_instance(rng, n, rules)),
        Problem::Pursuit => {
            let edges = u64::from(n) * rng.gen_range(1..=4);
            Instance::Pursuit(generate::pursuit_instance_with(rng, n, edges, rules))
        }
        Problem::Minigame => Instance::Minigame(generate::minigame_instance(rng, n, rules)),
        Problem::Berzerk => Instance::Berzerk(generate::berzerk_instance(rng, n, rules && within)),
        Problem::Shiritori => Instance::Shiritori(generate::shiritori_instance(rng, n, rules && within)),
        Problem::Catmouse => Instance::Catmouse(generate::catmouse_instance(rng, n, rules && within)),
    }
}

/// A case's size in the unit of `--max-size`: vertices, objects, words, nodes or
/// positions.
pub fn size_of(case: &Case) -> u64 {
    match case {
        Case::Game(game) => game.positions() as u64,
        Case::Instance(Instance::Pursuit(i)) => u64::from(i.n),
        Case::Instance(Instance::Minigame(i)) => u64::from(i.n),
        Case::Instance(Instance::Berzerk(i)) => u64::from(i.n),
        Case::Instance(Instance::Shiritori(i)) => i.len() as u64,
        Case::Instance(Instance::Catmouse(i)) => i.lists.len() as u64,
    }
}

/// A case's size in words: "97 vertices, 1,234 edges".
pub fn size_text(case: &Case) -> String {
    match case {
        Case::Game(_) => case.size_text(),
        Case::Instance(i) => i.size_text(),
    }
}

/// One run of the solution, judged.
#[derive(Clone, Debug)]
pub struct Tested {
    pub verdict: Verdict,
    pub elapsed: Duration,
    pub peak_memory: u64,
    /// What each test case covered (the product game and its solution): empty when
    /// retrocheck cannot solve the input (a reference gives the expected output).
    pub coverage: Vec<Stats>,
}

/// Why an input could not be judged: never the solution's fault.
#[derive(Clone, Debug)]
pub enum Trouble {
    /// Retrocheck's own answer failed its check: a bug in retrocheck.
    Retrocheck(String),
    /// The reference program failed on the input.
    Reference { command: String, verdict: Verdict },
    /// A program could not be started.
    Spawn { command: String, error: String },
}

impl std::fmt::Display for Trouble {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Trouble::Retrocheck(e) => write!(f, "retrocheck failed its own check on this input: {e}"),
            Trouble::Reference { command, verdict } => write!(
                f,
                "the reference `{command}` failed on this input, so your solution was not judged: {verdict}"
            ),
            Trouble::Spawn { command, error } => write!(f, "cannot run `{command}`: {error}"),
        }
    }
}

/// The expected output of the cases (retrocheck's proven answer) and what each covered.
fn expected_and_coverage(cases: &[Case]) -> Result<(String, Vec<Stats>), String> {
    let mut out = String::new();
    let mut coverage = Vec::with_capacity(cases.len());
    for (k, case) in cases.iter().enumerate() {
        let game = match case {
            Case::Game(game) => std::borrow::Cow::Borrowed(game),
            Case::Instance(instance) => std::borrow::Cow::Owned(instance.game()?),
        };
        let solution = crate::oracles::expected::solution(&game)?;
        coverage.push(Stats::of(&game, &solution));
        match case {
            Case::Game(game) => out += &solution.to_text(game),
            Case::Instance(instance) => {
                let outcomes: Vec<_> = solution.values.iter().map(|v| v.outcome()).collect();
                out += &instance.answer(k + 1, &outcomes);
                out.push('\n');
            }
        }
    }
    Ok((out, coverage))
}

/// The expected output of an input: the reference's output, or retrocheck's answer.
pub fn expected(settings: &Settings, input: &Input) -> Result<Vec<u8>, Trouble> {
    Ok(expect(settings, input, &input.text())?.0)
}

fn expect(settings: &Settings, input: &Input, text: &str) -> Result<(Vec<u8>, Vec<Stats>), Trouble> {
    let own = expected_and_coverage(&input.cases);
    let Some(reference) = &settings.reference else {
        let (out, coverage) = own.map_err(Trouble::Retrocheck)?;
        return Ok((out.into_bytes(), coverage));
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
    Ok((run.stdout, own.map(|(_, c)| c).unwrap_or_default()))
}

/// Runs the program on an input and judges it.
pub fn test(settings: &Settings, input: &Input) -> Result<Tested, Trouble> {
    let text = input.text();
    let (expected, coverage) = expect(settings, input, &text)?;
    let run = settings
        .program
        .run(text.as_bytes())
        .map_err(|e| Trouble::Spawn {
            command: settings.program.command.clone(),
            error: e.to_string(),
        })?;
    Ok(Tested {
        verdict: judge(&run, &expected, settings.exact, &settings.program.limits),
        elapsed: run.elapsed,
        peak_memory: run.peak_memory,
        coverage,
    })
}

/// A failure, reduced.
#[derive(Clone, Debug)]
pub struct Reduced {
    pub input: Input,
    pub verdict: Verdict,
    /// Accepted reductions: the split of a multi-case input counts as one.
    pub steps: usize,
    /// Every run of the program while reducing, the split's and the last check's
    /// included.
    pub runs: usize,
    pub elapsed: Duration,
    /// Whether shrinking stopped at its deadline, before the input was 1-minimal.
    pub out_of_time: bool,
}

/// Splits a failing multi-case input down to the failing case, then shrinks that case
/// (fewer vertices and edges, within the official limits unless `edge_cases`), re-running
/// the program at each step and keeping only candidates with the same kind of verdict.
pub fn reduce(
    settings: &Settings,
    input: &Input,
    verdict: &Verdict,
    jobs: usize,
    deadline: Option<Instant>,
) -> Reduced {
    let kind = verdict.kind();
    let runs = AtomicUsize::new(0);
    let fails = |candidate: &Input| {
        runs.fetch_add(1, Ordering::Relaxed);
        test(settings, candidate).is_ok_and(|t| t.verdict.kind() == kind)
    };
    let start = Instant::now();
    let mut current = input.clone();
    let mut split = 0;
    // Split: the failing line names the case; alone, it usually fails too. If not (the
    // program keeps state between cases), try the cases before it with it.
    if current.cases.len() > 1 {
        let line = verdict.line().unwrap_or(current.cases.len());
        let k = case_of_line(&current, line);
        let alone = Input {
            target: current.target,
            cases: vec![current.cases[k].clone()],
        };
        if fails(&alone) {
            current = alone;
            split = 1;
        } else {
            let prefix = Input {
                target: current.target,
                cases: current.cases[..=k].to_vec(),
            };
            if prefix.cases.len() < current.cases.len() && fails(&prefix) {
                current = prefix;
                split = 1;
            }
        }
    }
    let official = !settings.edge_cases;
    let target = current.target;
    // Multi-case inputs only lose whole cases; a single case shrinks by the passes of
    // its kind (all cases of an input have the kind of its target).
    let whole_cases = pass(
        "whole cases",
        |i: &Input, from| -> Box<dyn Iterator<Item = Input> + '_> {
            let n = if i.cases.len() == 1 { 0 } else { i.cases.len() };
            Box::new((0..n).skip(from).map(move |k| {
                let mut cases = i.cases.clone();
                cases.remove(k);
                Input {
                    target: i.target,
                    cases,
                }
            }))
        },
    );
    let passes = match current.cases.first() {
        Some(case) => case_passes(case, official),
        None => Passes {
            list: Vec::new(),
            singles: 0,
        },
    };
    let passes = passes
        .map(
            move |case| Input {
                target,
                cases: vec![case],
            },
            |i: &Input| match i.cases.as_slice() {
                [case] => Some(case),
                _ => None,
            },
        )
        .after(whole_cases);
    // `jobs` candidates run at once; the first failing one in pass order is taken, so
    // the shrunk input is the same for every `--jobs`.
    let shrunk = shrink_parallel(current, &passes, fails, jobs, |_| {}, deadline);
    runs.fetch_add(1, Ordering::Relaxed);
    let verdict = test(settings, &shrunk.value).map_or_else(|_| verdict.clone(), |t| t.verdict);
    Reduced {
        input: shrunk.value,
        verdict,
        steps: shrunk.steps + split,
        runs: runs.load(Ordering::Relaxed),
        out_of_time: shrunk.out_of_time,
        elapsed: start.elapsed(),
    }
}

/// The test case (0-based) that output line `line` (1-based) belongs to: answers of
/// several lines (berzerk, shiritori) and games' solutions span more than one.
fn case_of_line(input: &Input, line: usize) -> usize {
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
