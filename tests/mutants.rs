//! Every deliberately wrong solver is caught by every entry point — the bulk runner
//! within 100,000 cases and proptest within its default 256 — and shrunk to a
//! 1-minimal counterexample; a broken certificate checker is noticed too.
#![cfg(feature = "mutants")]

use retrocheck::format::parse_game;
use retrocheck::harness::check::{check, Mismatch, Oracles};
use retrocheck::harness::kill::{self, size_of, Outcome};
use retrocheck::harness::strategy;
use retrocheck::mutants::{certify_without_remoteness, Bug, Textbook, MUTANTS};
use retrocheck::{Side, Solution, Value};

fn caught(outcome: Outcome, who: &str, limit: u64) -> Box<kill::Kill> {
    match outcome {
        Outcome::Caught(k) => {
            assert!(k.cases <= limit, "{who}: caught only after {} cases", k.cases);
            assert!(
                k.one_minimal,
                "{who}: the shrunk case is not 1-minimal: {:?}",
                k.case
            );
            k
        }
        Outcome::Survived { cases } => panic!("{who} survived {cases} cases"),
    }
}

/// Every mutant is caught by `entry` within `limit` cases with a 1-minimal
/// counterexample, and the graph-history one with at most 3 positions.
fn every_mutant_caught(entry: &str, limit: u64, run: impl Fn(&dyn retrocheck::solve::Solver) -> Outcome) {
    for mutant in MUTANTS {
        let solver = mutant.solver();
        let k = caught(run(solver.as_ref()), &format!("{} ({entry})", mutant.name), limit);
        if mutant.name == "memo-dfs" {
            assert!(
                size_of(&k.case) <= 3,
                "graph-history counterexample: {:?}",
                k.case
            );
        }
    }
}

#[test]
fn the_bulk_runner_catches_every_mutant_within_100000_cases_and_shrinks_it_1_minimal() {
    every_mutant_caught("bulk", 100_000, |solver| {
        kill::bulk_kill(solver, &Oracles::default(), 100_000, 1)
    });
}

#[test]
fn proptest_catches_every_mutant_within_its_default_256_cases_and_the_shrinker_makes_it_1_minimal() {
    every_mutant_caught("proptest", 256, |solver| {
        kill::proptest_kill(solver, &Oracles::default(), strategy::any_case(40), 1, true)
    });
}

#[test]
fn the_harness_notices_a_checker_that_accepts_a_wrong_solution() {
    // The broken checker accepts "a won, b lost" on a 2-cycle ...
    let two_cycle = parse_game("game 2;\n0 A 1;\n1 B 0;\n").unwrap();
    let wrong = Solution {
        values: vec![Value::win(Side::A, 3), Value::win(Side::A, 2)],
        choices: vec![Some(1), Some(0)],
    };
    assert!(certify_without_remoteness(&two_cycle, &wrong).is_ok());
    // ... and, put in the harness with a solver that gets remoteness wrong, the
    // references refute a solution it accepted: the harness reports the checker.
    let broken = Oracles {
        certifier: certify_without_remoteness,
        ..Oracles::default()
    };
    let loss_min = Textbook { bug: Bug::LossMin };
    let game = parse_game("game 4;\n0 A 2,3;\n1 A ;\n2 A ;\n3 A 1;\n").unwrap();
    assert!(matches!(
        check(&game, &loss_min, &broken),
        Err(Mismatch::CheckerAccepted { .. })
    ));
    // With the real checker the same solution is simply wrong.
    assert!(matches!(
        check(&game, &loss_min, &Oracles::default()),
        Err(Mismatch::Disagree { .. })
    ));
    // And the bulk runner finds such a case by itself.
    match kill::bulk_kill(&loss_min, &broken, 100_000, 1) {
        Outcome::Caught(k) => assert!(k.oracle.contains("checker accepted it"), "{}", k.oracle),
        Outcome::Survived { .. } => panic!("the broken checker went unnoticed"),
    }
}

/// `corpus/mutants.txt` lists, for each mutant, the minimal case that catches it.
#[test]
fn every_mutant_fails_its_saved_corpus_case() {
    use retrocheck::harness::check::check_case;
    use retrocheck::harness::corpus::Kind;
    use retrocheck::harness::generate::Case;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let index = std::fs::read_to_string(root.join("mutants.txt")).unwrap();
    let mut covered = Vec::new();
    for line in index
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut words = line.split_whitespace();
        let path = root.join(words.next().unwrap());
        let text = std::fs::read_to_string(&path).unwrap();
        let case = match Kind::of_path(&path).unwrap() {
            Kind::Game => Case::Game(parse_game(&text).unwrap()),
            Kind::Problem(p) => Case::Instance(p.parse(&text).unwrap().remove(0)),
        };
        for name in words {
            let solver = retrocheck::mutants::by_name(name).unwrap();
            assert!(
                check_case(&case, solver.as_ref(), &Oracles::all()).is_err(),
                "{name} passes {}",
                path.display()
            );
            covered.push(name.to_string());
        }
    }
    for mutant in MUTANTS {
        assert!(
            covered.iter().any(|c| c == mutant.name),
            "no corpus case for {}",
            mutant.name
        );
    }
}
