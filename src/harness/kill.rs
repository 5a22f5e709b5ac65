//! Kill tables: how fast, and how small, each entry point catches a wrong solver —
//! the bulk runner (with the shrinker), proptest with default settings over the
//! family strategies, and a plain baseline (uniform games, proptest's own shrinking).

use super::bulk::{self, Campaign, Shard};
use super::check::{check_case, Oracles, Signature};
use super::generate::{Case, Family};
use super::shrink::{instance_single_removals, single_removals};
use super::strategy;
use super::triage::triage;
use super::Subject;
use proptest::strategy::BoxedStrategy;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use std::time::{Duration, Instant};

/// How an entry point caught a solver.
#[derive(Clone, Debug)]
pub struct Kill {
    /// The oracle that reported the first failure.
    pub oracle: String,
    /// Cases run up to and including the first failing one.
    pub cases: u64,
    /// Time to the first failure.
    pub time: Duration,
    /// The shrunk counterexample and its size ("3 positions, 3 moves").
    pub case: Case,
    pub size: String,
    /// For proptest runs followed by the shrinker: the size proptest's own shrinking
    /// reached first.
    pub proptest_size: Option<String>,
    pub shrink_time: Duration,
    /// Whether no single removal of the shrunk case still fails the same way.
    pub one_minimal: bool,
}

/// A kill, or how many cases the solver survived.
#[derive(Clone, Debug)]
pub enum Verdict {
    Caught(Box<Kill>),
    Survived { cases: u64 },
}

/// The number of positions of a game case (vertices of an instance).
pub fn size_of(case: &Case) -> usize {
    match case {
        Case::Game(g) => g.positions(),
        Case::Instance(crate::problems::Instance::Pursuit(p)) => p.n as usize,
        Case::Instance(crate::problems::Instance::Minigame(m)) => m.n as usize,
    }
}

/// Whether no single removal of `case` fails with `signature`, judged by `oracles` with
/// the relations on every size, as shrinking judges.
pub fn is_one_minimal(case: &Case, signature: Signature, solver: &dyn Subject, oracles: &Oracles) -> bool {
    let oracles = &oracles.with_relations();
    let fails = |c: Case| check_case(&c, solver, oracles).is_err_and(|m| m.signature() == signature);
    match case {
        Case::Game(g) => !single_removals(g).any(|c| fails(Case::Game(c))),
        Case::Instance(i) => !instance_single_removals(i, i.is_official())
            .into_iter()
            .any(|c| fails(Case::Instance(c))),
    }
}

/// The bulk runner on every seeded family (sizes 1 to 1,000) for up to `max_cases`,
/// the first failure shrunk by the shrinker.
pub fn bulk_kill(solver: &dyn Subject, oracles: &Oracles, max_cases: u64, seed: u64) -> Verdict {
    let campaign = Campaign {
        families: Family::SEEDED.to_vec(),
        cases: max_cases,
        time_limit: None,
        seed,
        min_positions: 1,
        max_positions: 1000,
        shard: Shard::WHOLE,
        oracles: *oracles,
    };
    let summary = bulk::run(&campaign, solver, &|_| {});
    let Some(failure) = summary.failure else {
        return Verdict::Survived { cases: summary.cases };
    };
    let time = summary.elapsed;
    let triaged = match triage(&failure.case, solver, oracles, None, |_| {}) {
        Ok(t) => t,
        Err(_) => return Verdict::Survived { cases: summary.cases },
    };
    let signature = triaged.mismatch.signature();
    Verdict::Caught(Box::new(Kill {
        oracle: failure.mismatch.found_by(),
        cases: failure.index + 1,
        time,
        size: triaged.shrunk.value.size_text(),
        proptest_size: None,
        one_minimal: is_one_minimal(&triaged.shrunk.value, signature, solver, oracles),
        case: triaged.shrunk.value,
        shrink_time: triaged.shrunk.elapsed,
    }))
}

/// proptest with its default settings (256 cases, its own shrinking) on `strategy`,
/// without failure persistence; with `then_shrink`, its result then goes through the
/// shrinker, as every failure from the harness's properties does.
pub fn proptest_kill(
    solver: &dyn Subject,
    oracles: &Oracles,
    strategy: BoxedStrategy<Case>,
    seed: u64,
    then_shrink: bool,
) -> Verdict {
    let config = Config {
        failure_persistence: None,
        ..Config::default()
    };
    let mut rng_seed = [0u8; 32];
    rng_seed[..8].copy_from_slice(&seed.to_le_bytes());
    let rng =
        proptest::test_runner::TestRng::from_seed(proptest::test_runner::RngAlgorithm::ChaCha, &rng_seed);
    let mut runner = TestRunner::new_with_rng(config.clone(), rng);
    let start = Instant::now();
    // proptest's runner takes a `Fn`: the counts live in cells.
    let calls = std::cell::Cell::new(0u64);
    let first: std::cell::RefCell<Option<(u64, Duration, String, Signature)>> = Default::default();
    let result = runner.run(&strategy, |case| {
        calls.set(calls.get() + 1);
        match check_case(&case, solver, oracles) {
            Ok(_) => Ok(()),
            Err(m) => {
                first
                    .borrow_mut()
                    .get_or_insert((calls.get(), start.elapsed(), m.found_by(), m.signature()));
                Err(TestCaseError::fail(m.to_string()))
            }
        }
    });
    match (result, first.into_inner()) {
        (Err(TestError::Fail(_, case)), Some((cases, time, oracle, signature))) => {
            let proptest_size = case.size_text();
            let case = match then_shrink {
                true => triage(&case, solver, oracles, None, |_| {}).map_or(case, |t| t.shrunk.value),
                false => case,
            };
            let shrink_time = start.elapsed() - time;
            Verdict::Caught(Box::new(Kill {
                oracle,
                cases,
                time,
                size: case.size_text(),
                proptest_size: then_shrink.then_some(proptest_size),
                one_minimal: is_one_minimal(&case, signature, solver, oracles),
                case,
                shrink_time,
            }))
        }
        _ => Verdict::Survived {
            cases: u64::from(config.cases),
        },
    }
}

/// One row of the kill table.
#[derive(Clone, Debug)]
pub struct Row {
    pub name: String,
    pub bulk: Verdict,
    pub proptest: Verdict,
    pub plain: Verdict,
}

/// The kill-table row of `solver`: bulk runner (100,000 cases at most), proptest over
/// every family, and the plain baseline.
pub fn row(name: &str, solver: &dyn Subject, oracles: &Oracles) -> Row {
    Row {
        name: name.into(),
        bulk: bulk_kill(solver, oracles, 100_000, 1),
        proptest: proptest_kill(solver, oracles, strategy::any_case(40), 1, true),
        plain: proptest_kill(solver, oracles, strategy::plain_case(16), 1, false),
    }
}

/// The kill table in Markdown.
pub fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| mutant | bulk: caught by | cases | time | shrunk to | shrink time | 1-minimal | \
         proptest: cases | time | proptest shrank to | then the shrinker | shrink time | 1-minimal | \
         plain proptest: cases | shrunk to | shrink time | 1-minimal |\n\
         |---|---|---:|---:|---|---:|---|---:|---:|---|---|---:|---|---:|---|---:|---|\n",
    );
    let ms = |d: Duration| format!("{:.0} ms", d.as_secs_f64() * 1e3);
    let yes = |b: bool| if b { "yes" } else { "no" };
    for row in rows {
        out += &format!("| {} ", row.name);
        match &row.bulk {
            Verdict::Caught(k) => {
                out += &format!(
                    "| {} | {} | {} | {} | {} | {} ",
                    k.oracle,
                    k.cases,
                    ms(k.time),
                    k.size,
                    ms(k.shrink_time),
                    yes(k.one_minimal)
                )
            }
            Verdict::Survived { cases } => out += &format!("| SURVIVED | {cases} | | | | "),
        }
        match &row.proptest {
            Verdict::Caught(k) => {
                out += &format!(
                    "| {} | {} | {} | {} | {} | {} ",
                    k.cases,
                    ms(k.time),
                    k.proptest_size.as_deref().unwrap_or(""),
                    k.size,
                    ms(k.shrink_time),
                    yes(k.one_minimal)
                )
            }
            Verdict::Survived { cases } => out += &format!("| SURVIVED ({cases}) | | | | | "),
        }
        match &row.plain {
            Verdict::Caught(k) => {
                out += &format!(
                    "| {} | {} | {} | {} |\n",
                    k.cases,
                    k.size,
                    ms(k.shrink_time),
                    yes(k.one_minimal)
                )
            }
            Verdict::Survived { cases } => out += &format!("| SURVIVED ({cases}) | | | |\n"),
        }
    }
    out
}

/// The name of the broken certificate checker in kill tables.
pub use super::mutants::CHECKER_MUTANT;

/// The kill table of every mutant, and of the broken checker (run against the
/// `loss-min` solver, whose wrong remoteness only the remoteness conditions catch).
/// `progress` hears each row's name before it runs.
pub fn mutant_rows(mut progress: impl FnMut(&str)) -> Vec<Row> {
    use super::mutants::{certify_without_remoteness, Bug, Textbook, MUTANTS};
    let mut rows = Vec::new();
    for m in MUTANTS {
        progress(m.name);
        rows.push(row(m.name, m.solver().as_ref(), &Oracles::default()));
    }
    progress(CHECKER_MUTANT);
    let broken_checker = Oracles {
        certifier: certify_without_remoteness,
        ..Oracles::default()
    };
    rows.push(row(
        &format!("{CHECKER_MUTANT} (solver: loss-min)"),
        &Textbook { bug: Bug::LossMin },
        &broken_checker,
    ));
    rows
}
