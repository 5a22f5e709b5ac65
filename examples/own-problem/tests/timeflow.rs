//! `timeflow` through the library, with no change to retrocheck: the statement's samples,
//! deterministic generation within the limits, and stress campaigns that catch the wrong
//! solution (shrunk to a small, 1-minimal input) and pass the right one.

use own_problem::Timeflow;
use retrocheck::contest::{Contest, Rules};
use retrocheck::internals::stress::{self, Budget, Found, Input, Program, Settings, Stressed, Verdict};
use retrocheck::problems::ContestProblem;
use retrocheck::rand::SeedableRng;
use retrocheck::rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;
use std::time::Duration;

const RIGHT: &str = env!("CARGO_BIN_EXE_timeflow");
const WRONG: &str = env!("CARGO_BIN_EXE_timeflow-memo-dfs");

/// The statement's samples and their answers.
const SAMPLES: [(&str, &str); 2] = [
    ("7 7 1\n1 2\n2 3\n3 4\n4 5\n3 6\n7 5\n6 7\n1 5\n", "1\n"),
    ("5 5 2\n1 2\n2 3\n3 1\n3 4\n4 5\n1 5\n4 3\n", "0\n1\n"),
];

fn settings(program: &str, max_size: u32) -> Settings {
    Settings {
        program: Program::new(program, Timeflow::TIME_LIMIT),
        reference: None,
        exact: false,
        rules: Rules::OFFICIAL,
        seed: 7,
        max_size,
    }
}

fn alone(case: Timeflow) -> Input<Timeflow> {
    Input { cases: vec![case] }
}

fn run(program: &str, text: &str) -> String {
    let run = Program::new(program, Duration::from_secs(5))
        .run(text.as_bytes())
        .unwrap();
    assert!(
        run.status.is_some_and(|s| s.success()),
        "{program} failed on {text}"
    );
    String::from_utf8(run.stdout).unwrap()
}

#[test]
fn the_samples_parse_print_and_answer_as_the_statement_says() {
    for (text, answer) in SAMPLES {
        let case = Timeflow::parse(text).unwrap();
        assert!(case.is_official(), "{case:?}");
        assert_eq!(case.to_input(), text);
        // The fast path (the product game solved by the retrograde solver) and the
        // proven expected output of a stress campaign.
        assert_eq!(case.answer_line(1).unwrap() + "\n", answer);
        assert_eq!(alone(case).expected().unwrap(), answer);
        assert_eq!(run(RIGHT, text), answer);
    }
    let sample = Timeflow::parse(SAMPLES[1].0).unwrap();
    assert_eq!((sample.n, sample.edges.len()), (5, 5));
    assert_eq!(sample.games, [(0, 4), (3, 2)]);
    // Two goals, two layers of two turns: 20 positions.
    assert_eq!(sample.game().unwrap().positions(), 20);
}

#[test]
fn parse_errors_name_the_line() {
    let e = Timeflow::parse("3 2 1\n1 2\n2 4\n1 3\n").unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert!(e.to_string().contains("out of range"), "{e}");
    let e = Timeflow::parse("3 1 2\n1 2\n1 3\n").unwrap_err();
    assert!(e.to_string().contains("game 2 of 2"), "{e}");
    let e = Timeflow::parse("3 1 1\n1 2\n1 3\n9\n").unwrap_err();
    assert_eq!(e.line, 4, "{e}");
}

#[test]
fn generation_is_deterministic_and_within_the_limits() {
    // 200,000 asks for more than the limit: the size is capped at it.
    for (seeds, sizes) in [
        (0..40, &[1, 2, 3, 5, 8, 30, 1_000][..]),
        (0..3, &[100_000, 200_000][..]),
    ] {
        for (seed, &n) in seeds.flat_map(|seed| sizes.iter().map(move |n| (seed, n))) {
            let make = || Timeflow::generate(&mut ChaCha8Rng::seed_from_u64(seed), n, Rules::OFFICIAL);
            let case = make();
            assert_eq!(case, make(), "seed {seed}, n {n}");
            assert!(case.is_official(), "seed {seed}, n {n}: {}", case.size_text());
            assert!(case.size() <= u64::from(Timeflow::OFFICIAL_MAX));
            assert!(product(&case) <= own_problem::PRODUCT_BUDGET || case.goals().len() == 1);
        }
    }
    // A campaign's inputs depend on its seed and index alone.
    let settings = settings(RIGHT, 50);
    for index in 0..20 {
        let a = stress::input_at::<Timeflow>(&settings, index);
        assert_eq!(a, stress::input_at::<Timeflow>(&settings, index));
        assert_eq!(Timeflow::parse(&a.text()).unwrap(), a.cases[0]);
    }
    // Edge cases leave the limits: self-loops, repeated edges, games on their goal.
    let rules = Rules {
        edge_cases: true,
        beyond_limits: false,
    };
    let edge_cases = (0..200)
        .map(|seed| Timeflow::generate(&mut ChaCha8Rng::seed_from_u64(seed), 6, rules))
        .filter(|case| !case.is_official())
        .count();
    assert!(edge_cases > 20, "{edge_cases}");
}

#[test]
fn the_proptest_strategy_keeps_the_limits_and_its_size() {
    use retrocheck::proptest::strategy::{Strategy, ValueTree};
    let mut runner = retrocheck::proptest::test_runner::TestRunner::deterministic();
    let strategy = Timeflow::strategy(200);
    for _ in 0..200 {
        let case = strategy.new_tree(&mut runner).unwrap().current();
        assert!(case.is_official(), "{case:?}");
        assert!(case.game().unwrap().positions() <= 200, "{case:?}");
    }
}

#[test]
fn shrinking_candidates_keep_the_limits() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for n in 2..12 {
        let case = Timeflow::generate(&mut rng, n, Rules::OFFICIAL);
        for c in case.single_removals(true) {
            assert!(c.is_official(), "{c:?} from {case:?}");
        }
        for pass in &Timeflow::passes(true).list {
            for c in (pass.candidates)(&case, 0) {
                assert!(c.is_official(), "{}: {c:?} from {case:?}", pass.name);
                assert!(product(&c) <= product(&case), "{}", pass.name);
            }
        }
    }
}

/// The campaign of the wrong program, run once for the tests that look at it: the first
/// failure among inputs of at most 8 vertices, shrunk.
fn campaign() -> &'static Stressed<Timeflow> {
    static CAMPAIGN: OnceLock<Stressed<Timeflow>> = OnceLock::new();
    CAMPAIGN.get_or_init(|| {
        let budget = Budget {
            cases: 2_000,
            time: None,
            jobs: 2,
        };
        let stressed = stress::stress::<Timeflow>(&settings(WRONG, 8), budget, Some(Duration::from_secs(60)));
        let search = &stressed.search;
        if let (Some(Found::Failure { index, input, .. }), Some(reduced)) = (&search.found, &stressed.reduced)
        {
            println!(
                "input {index} ({}) failed after {:.2?}; shrunk in {} steps, {} runs, {:.2?} to {}:\n{}",
                input.describe(),
                search.elapsed,
                reduced.steps,
                reduced.runs,
                reduced.elapsed,
                reduced.input.describe(),
                reduced.input.text()
            );
        }
        stressed
    })
}

/// The shrunk input of [`campaign`].
fn shrunk() -> &'static Timeflow {
    let reduced = campaign()
        .reduced
        .as_ref()
        .expect("the wrong program failed and was reduced");
    assert_eq!(reduced.input.cases.len(), 1);
    &reduced.input.cases[0]
}

#[test]
fn a_stress_campaign_catches_the_memo_dfs_and_shrinks_it_to_a_small_input() {
    let stressed = campaign();
    let search = &stressed.search;
    assert!(
        matches!(search.found, Some(Found::Failure { .. })),
        "no failure in {} inputs: {:?}",
        search.done,
        search.found
    );
    let reduced = stressed.reduced.as_ref().unwrap();
    assert!(
        matches!(reduced.verdict, Verdict::WrongAnswer { .. }),
        "{:?}",
        reduced.verdict
    );
    assert!(!reduced.out_of_time);
    let shrunk = shrunk();
    assert!(shrunk.is_official(), "{shrunk:?}");
    assert!(
        shrunk.n <= 6 && shrunk.edges.len() <= 8 && shrunk.games.len() == 1,
        "{shrunk:?}"
    );
    // The expected output is the right one: the right program prints it, the wrong one
    // does not.
    let text = reduced.input.text();
    let expected = reduced.input.expected().unwrap();
    assert_eq!(run(RIGHT, &text), expected);
    assert_ne!(run(WRONG, &text), expected);
}

#[test]
fn the_shrunk_input_is_one_minimal() {
    // Every single removal within the limits (a vertex no game uses, an edge, a game)
    // makes the wrong program pass.
    let removals = shrunk().single_removals(true);
    assert!(!removals.is_empty());
    for smaller in removals {
        let tested = stress::test(&settings(WRONG, 8), &alone(smaller.clone())).unwrap();
        assert_eq!(tested.verdict, Verdict::Accepted, "{smaller:?}");
    }
}

#[test]
fn the_right_solution_passes_a_few_hundred_inputs() {
    let edge_cases = Rules {
        edge_cases: true,
        beyond_limits: false,
    };
    for (rules, max_size) in [(Rules::OFFICIAL, 8), (Rules::OFFICIAL, 200), (edge_cases, 8)] {
        let settings = Settings {
            rules,
            ..settings(RIGHT, max_size)
        };
        let budget = Budget {
            cases: 120,
            time: None,
            jobs: 2,
        };
        let search = stress::find_failure::<Timeflow>(&settings, budget, |_, _| {});
        assert!(search.found.is_none(), "{:?}", search.found);
        assert_eq!(search.done, 120);
    }
}

#[test]
fn the_inputs_have_every_answer_and_the_wrong_program_passes_the_samples() {
    let settings = settings(RIGHT, 8);
    let mut seen = std::collections::BTreeMap::new();
    for index in 0..60 {
        let expected = stress::input_at::<Timeflow>(&settings, index).expected().unwrap();
        for word in expected.split_whitespace() {
            *seen.entry(word.to_string()).or_insert(0) += 1;
        }
    }
    assert_eq!(seen.keys().collect::<Vec<_>>(), ["-1", "0", "1"], "{seen:?}");
    assert!(seen.values().all(|&k| k >= 20), "{seen:?}");
    // A plausible bug: the samples (one of them with a cycle) do not show it.
    for (text, answer) in SAMPLES {
        assert_eq!(run(WRONG, text), answer);
    }
}

/// The product game's positions and moves together, what [`own_problem::PRODUCT_BUDGET`]
/// bounds.
fn product(case: &Timeflow) -> u64 {
    let (positions, moves) = case.product_shape();
    positions + moves
}
