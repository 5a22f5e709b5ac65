//! Kill tables: how fast, and how small, each entry point catches a wrong solver —
//! the bulk runner (with the shrinker), proptest with default settings over the
//! family strategies, and a plain baseline (uniform games, proptest's own shrinking).

use proptest::strategy::BoxedStrategy;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use retrocheck::format::print_game;
use retrocheck::internals::case::Case;
use retrocheck::internals::failure::{self, triage, Policy};
use retrocheck::internals::generate::strategy;
use retrocheck::internals::oracles::{check_case, Oracles, Signature};
use retrocheck::internals::run::phase::Phase;
use retrocheck::internals::shrink::single_removals;
use retrocheck::internals::subject::Subject;
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
    /// `None` when not checked: above [`MINIMALITY_CHECKED_UP_TO`] positions, where
    /// trying every single removal again takes minutes (the shrinker's last sweep
    /// tried them all already).
    pub one_minimal: Option<bool>,
}

/// A kill, or how many cases the solver survived.
#[derive(Clone, Debug)]
pub enum Finding {
    Caught(Box<Kill>),
    Survived { cases: u64 },
}

/// The size of a case: positions of a game, the unit of an instance's problem
/// (vertices, objects, words, nodes).
pub fn size_of(case: &Case) -> usize {
    match case {
        Case::Game(g) => g.positions(),
        Case::Instance(i) => i.size() as usize,
    }
}

/// Whether no single removal of `case` fails with `signature`, judged as shrinking
/// judges ([`failure::judging`]).
pub fn is_one_minimal(
    case: &Case,
    signature: Signature,
    solver: &dyn Subject,
    oracles: &Oracles,
) -> Option<bool> {
    if size_of(case) > MINIMALITY_CHECKED_UP_TO {
        return None;
    }
    let oracles = &failure::judging(case, oracles);
    let fails = |c: Case| check_case(&c, solver, oracles).is_err_and(|m| m.signature() == signature);
    Some(match case {
        Case::Game(g) => !single_removals(g).any(|c| fails(Case::Game(c))),
        Case::Instance(i) => !retrocheck::internals::builtin::of(i)
            .single_removals(i, i.is_official())
            .into_iter()
            .any(|c| fails(Case::Instance(c))),
    })
}

/// The largest shrunk case (in positions or vertices) whose 1-minimality the kill
/// table checks again.
pub const MINIMALITY_CHECKED_UP_TO: usize = 3_000;

/// The bulk runner on `phases` in turn (for the kill table, the default campaign's
/// phases), the first failure shrunk by the shrinker with the failing phase's oracles.
pub fn bulk_kill(solver: &dyn Subject, phases: &[Phase]) -> Finding {
    let (summary, failed) = retrocheck::internals::run::plan::run_phases(phases, solver, &|_, _| {});
    let (Some(failure), Some(phase)) = (summary.failure, failed) else {
        return Finding::Survived { cases: summary.cases };
    };
    let time = summary.elapsed;
    let oracles = &phase.oracles;
    let policy = Policy {
        budget: Some(SHRINK_BUDGET),
        ..Policy::new(*oracles)
    };
    let triaged = match triage(&failure.case, solver, &policy, |_| {}) {
        Ok(t) => t,
        Err(_) => return Finding::Survived { cases: summary.cases },
    };
    let signature = triaged.mismatch.signature();
    let out_of_time = triaged.shrunk.out_of_time;
    let one_minimal = if out_of_time {
        Some(false)
    } else {
        is_one_minimal(&triaged.shrunk.value, signature, solver, oracles)
    };
    Finding::Caught(Box::new(Kill {
        oracle: failure.mismatch.found_by(),
        // The failing case is the first not counted in the statistics.
        cases: summary.cases + 1,
        time,
        size: if out_of_time {
            format!(
                "{} when shrinking stopped ({} s)",
                triaged.shrunk.value.size_text(),
                SHRINK_BUDGET.as_secs()
            )
        } else {
            triaged.shrunk.value.size_text()
        },
        proptest_size: None,
        one_minimal,
        case: triaged.shrunk.value,
        shrink_time: triaged.shrunk.elapsed,
    }))
}

/// One phase of seeded cases of every seeded family at 1 to `max_positions` positions,
/// up to `cases` of them: a test-sized stand-in for the default campaign.
pub fn seeded_phase(cases: u64, max_positions: usize, oracles: &Oracles) -> Phase {
    Phase {
        families: retrocheck::internals::generate::Family::SEEDED.to_vec(),
        cases,
        time_limit: None,
        seed: 1,
        min_positions: 1,
        max_positions,
        shard: retrocheck::internals::run::shard::Shard::WHOLE,
        oracles: *oracles,
    }
}

/// How long the kill table lets the shrinker work on one row's failure: a case of
/// 10^5 or more positions with a slow textbook solver would otherwise take an hour.
/// A row that runs out shows the size reached and says "no" under 1-minimal.
pub const SHRINK_BUDGET: std::time::Duration = std::time::Duration::from_secs(120);

/// The default campaign's phases with `oracles` (the kill table swaps the checker).
pub fn default_phases(oracles: &Oracles) -> Vec<Phase> {
    let mut phases = retrocheck::internals::run::plan::Plan::default().phases();
    for phase in &mut phases {
        phase.oracles.certifier = oracles.certifier;
    }
    phases
}

/// The smallest game of the exhaustive family (every game of at most 4 positions) on
/// which `solver` fails: fewest positions, then fewest moves. The shrinker's result
/// should be as small.
pub fn smallest_exhaustive(solver: &dyn Subject, oracles: &Oracles) -> Option<Case> {
    smallest_exhaustive_up_to(4, solver, oracles)
}

/// [`smallest_exhaustive`] over the games of at most `max_positions` positions.
pub fn smallest_exhaustive_up_to(
    max_positions: u32,
    solver: &dyn Subject,
    oracles: &Oracles,
) -> Option<Case> {
    use rayon::prelude::*;
    let oracles = &oracles.with_relations();
    let mut start = 0;
    for n in 1..=max_positions {
        let end = retrocheck::internals::exhaustive::size(n);
        let smallest = (start..end)
            .into_par_iter()
            .filter_map(
                |index| match retrocheck::internals::exhaustive::game_at(index, n) {
                    retrocheck::internals::exhaustive::Lookup::Canonical(game) => Some(game),
                    _ => None,
                },
            )
            .filter(|game| retrocheck::internals::oracles::check(game, solver, oracles).is_err())
            .min_by_key(|game| (game.move_count(), print_game(game)));
        if let Some(game) = smallest {
            return Some(Case::Game(game));
        }
        start = end;
    }
    None
}

/// proptest's default number of cases: what a property runs unless told otherwise.
pub const PROPTEST_CASES: u32 = 256;

/// proptest with its default settings but `cases` (its own shrinking included) on
/// `strategy`, without failure persistence; with `then_shrink`, its result then goes
/// through the shrinker, as every failure from the harness's properties does.
pub fn proptest_kill(
    solver: &dyn Subject,
    oracles: &Oracles,
    strategy: BoxedStrategy<Case>,
    (seed, cases): (u64, u32),
    then_shrink: bool,
) -> Finding {
    let config = Config {
        failure_persistence: None,
        cases,
        ..Config::default()
    };
    // The seed becomes proptest's generator as `Property::seed` makes it: the column
    // measures what a user's property with this seed draws.
    let mut runner =
        TestRunner::new_with_rng(config.clone(), retrocheck::internals::seed::proptest_rng(seed));
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
                true => {
                    triage(&case, solver, &Policy::new(*oracles), |_| {}).map_or(case, |t| t.shrunk.value)
                }
                false => case,
            };
            let shrink_time = start.elapsed() - time;
            Finding::Caught(Box::new(Kill {
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
        _ => Finding::Survived {
            cases: u64::from(config.cases),
        },
    }
}

/// One row of the kill table.
#[derive(Clone, Debug)]
pub struct Row {
    pub name: String,
    /// The default `diff` campaign.
    pub bulk: Finding,
    /// proptest over every family's strategy, sizes log-uniform up to 5,000 positions.
    pub proptest: Finding,
    /// Of [`PROPTEST_SEEDS`] seeds, how many catch it within proptest's 256 cases (a
    /// bug class that one family in 22 reaches is a matter of luck at one seed).
    pub proptest_seeds: u64,
    /// Plain proptest: uniform games up to 16 positions, its own shrinking.
    pub plain: Finding,
    /// The smallest failing game of the exhaustive family, if any.
    pub smallest: Option<Case>,
}

/// The largest games the kill table's proptest column draws.
pub const PROPTEST_MAX_POSITIONS: usize = 5_000;

/// The seeds of the kill table's count of proptest runs that catch a mutant: 1 to 8.
pub const PROPTEST_SEEDS: u64 = 8;

/// The kill-table row of `solver`: the default campaign, proptest over every family
/// (at seed 1, and how many of seeds 1 to [`PROPTEST_SEEDS`] catch it), the plain
/// baseline, and the smallest exhaustive counterexample.
pub fn row(name: &str, solver: &dyn Subject, oracles: &Oracles) -> Row {
    let proptest = |seed, shrink| {
        proptest_kill(
            solver,
            oracles,
            strategy::any_case(PROPTEST_MAX_POSITIONS),
            (seed, PROPTEST_CASES),
            shrink,
        )
    };
    Row {
        name: name.into(),
        bulk: bulk_kill(solver, &default_phases(oracles)),
        proptest: proptest(1, true),
        proptest_seeds: (1..=PROPTEST_SEEDS)
            .filter(|&seed| matches!(proptest(seed, false), Finding::Caught(_)))
            .count() as u64,
        plain: proptest_kill(solver, oracles, plain_case(16), (1, PROPTEST_CASES), false),
        smallest: smallest_exhaustive(solver, oracles),
    }
}

/// The kill table in Markdown.
pub fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| mutant | diff: caught by | cases | time | shrunk to | shrink time | 1-minimal | \
         smallest (exhaustive) | \
         proptest: cases | time | proptest shrank to | then the shrinker | shrink time | 1-minimal | \
         proptest: seeds catching of 8 | \
         plain proptest: cases | shrunk to | shrink time | 1-minimal |\n\
         |---|---|---:|---:|---|---:|---|---|---:|---:|---|---|---:|---|---:|---:|---|---:|---|\n",
    );
    let ms = |d: Duration| format!("{:.0} ms", d.as_secs_f64() * 1e3);
    let yes = |b: Option<bool>| match b {
        Some(true) => "yes",
        Some(false) => "no",
        None => "by the shrinker",
    };
    for row in rows {
        out += &format!("| {} ", row.name);
        match &row.bulk {
            Finding::Caught(k) => {
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
            Finding::Survived { cases } => out += &format!("| SURVIVED | {cases} | | | | "),
        }
        out += &format!(
            "| {} ",
            row.smallest
                .as_ref()
                .map_or("none ≤ 4 positions".into(), |c| c.size_text())
        );
        match &row.proptest {
            Finding::Caught(k) => {
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
            Finding::Survived { cases } => out += &format!("| SURVIVED ({cases}) | | | | | "),
        }
        out += &format!("| {} ", row.proptest_seeds);
        match &row.plain {
            Finding::Caught(k) => {
                out += &format!(
                    "| {} | {} | {} | {} |\n",
                    k.cases,
                    k.size,
                    ms(k.shrink_time),
                    yes(k.one_minimal)
                )
            }
            Finding::Survived { cases } => out += &format!("| SURVIVED ({cases}) | | | |\n"),
        }
    }
    out
}

/// A row's counterexamples as text, for `retrocheck mutants --show-cases`: the default
/// campaign's shrunk case and the exhaustive family's smallest, side by side in the
/// reader's eye when they differ.
pub fn row_cases(row: &Row) -> String {
    let text = |case: &Case| {
        if size_of(case) > 100 {
            format!("({})\n", case.size_text())
        } else {
            retrocheck::internals::failure::case_text(case).1
        }
    };
    let mut out = format!("## {}\n", row.name);
    if let Finding::Caught(k) = &row.bulk {
        out += &format!("default campaign, shrunk:\n{}", text(&k.case));
    }
    if let Some(smallest) = &row.smallest {
        out += &format!("smallest of the exhaustive family:\n{}", text(smallest));
    }
    out
}

/// `retrocheck mutants --list`: every mutant and what it gets wrong (with the
/// smallest kind of game that shows it), and the broken checker. `docs/evidence.md`
/// holds this text, and a test keeps the two equal.
pub fn list() -> String {
    let mut out = String::new();
    for (name, description) in crate::registry::mutants() {
        out += &format!("{name:<24} {description}\n");
    }
    out += &format!(
        "{CHECKER_MUTANT:<24} the certificate checker without its remoteness conditions (run with loss-min as the solver)\n"
    );
    out
}

/// The names of the kill table's rows: every mutant, then the broken checker.
pub fn names() -> Vec<&'static str> {
    let mut names: Vec<&str> = crate::registry::mutants().map(|(name, _)| name).collect();
    names.push(CHECKER_MUTANT);
    names
}

/// The name of the broken certificate checker in kill tables.
pub use crate::mutants::CHECKER_MUTANT;

/// The kill table of the `chosen` mutants, and of the broken checker (run against the
/// `loss-min` solver, whose wrong remoteness only the remoteness conditions catch).
/// `progress` hears each row's name before it runs.
pub fn mutant_rows(chosen: impl Fn(&str) -> bool, mut progress: impl FnMut(&str)) -> Vec<Row> {
    use crate::mutants::{certify_without_remoteness, Bug, Textbook, MUTANTS};
    let mut rows = Vec::new();
    for m in MUTANTS.iter().filter(|m| chosen(m.name)) {
        progress(m.name);
        rows.push(row(m.name, m.solver().as_ref(), &Oracles::default()));
    }
    if !chosen(CHECKER_MUTANT) {
        return rows;
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

/// The baseline strategy of the kill table's last columns.
mod plain {
    use proptest::prelude::*;
    use retrocheck::game::Side;
    use retrocheck::internals::case::Case;
    use retrocheck::problems::{minigame, pursuit, Instance};

    /// The plain approach, the baseline of the kill table: uniform random games and
    /// instances as a first proptest test is usually written — the edges drawn from a
    /// node count with `prop_flat_map`, proptest's default `Vec` shrinking, no features,
    /// no swarm.
    pub fn plain_case(max_positions: usize) -> BoxedStrategy<Case> {
        let max_n = max_positions.max(1) as u32;
        let game = (1..=max_n)
            .prop_flat_map(|n| {
                prop::collection::vec((any::<bool>(), prop::collection::vec(0..n, 0..=3)), n as usize)
            })
            .prop_map(|positions| {
                let mut b = retrocheck::game::GameBuilder::new();
                for (b_moves, moves) in positions {
                    b.moves(if b_moves { Side::B } else { Side::A }, &moves);
                }
                Case::Game(b.build().expect("moves are in range"))
            });
        let pursuit = (2..=4u32)
            .prop_flat_map(|n| (Just(n), prop::collection::vec((0..n, 0..n), 0..=8), 0..n, 0..n))
            .prop_map(|(n, edges, bob, alice)| {
                Case::Instance(Instance::Pursuit(pursuit::Instance { n, edges, bob, alice }))
            });
        let minigame = (1..=4u32)
            .prop_flat_map(|n| {
                (
                    Just(n),
                    prop::collection::vec((0..n, 0..n), 0..=8),
                    any::<[bool; 6]>(),
                    any::<[bool; 6]>(),
                )
            })
            .prop_map(|(n, arcs, order, actors)| {
                Case::Instance(Instance::Minigame(minigame::Instance {
                    n,
                    arcs,
                    order: order.map(|b| if b { Side::B } else { Side::A }),
                    actors,
                }))
            });
        prop_oneof![4 => game, 1 => pursuit, 1 => minigame].boxed()
    }
}

use plain::plain_case;
