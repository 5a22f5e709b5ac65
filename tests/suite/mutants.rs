//! Every deliberately wrong solver is caught by every entry point — the bulk runner
//! within 100,000 cases and proptest within its default 256 — and shrunk to a
//! 1-minimal counterexample; a broken certificate checker is noticed too.

use retrocheck::harness::check::Oracles;
use retrocheck::harness::kill::{self, size_of, Verdict};
use retrocheck::harness::{registry, strategy, Subject};

fn caught(outcome: Verdict, who: &str, limit: u64) -> Box<kill::Kill> {
    match outcome {
        Verdict::Caught(k) => {
            assert!(k.cases <= limit, "{who}: caught only after {} cases", k.cases);
            assert!(
                k.one_minimal,
                "{who}: the shrunk case is not 1-minimal: {:?}",
                k.case
            );
            k
        }
        Verdict::Survived { cases } => panic!("{who} survived {cases} cases"),
    }
}

/// Every mutant is caught by `entry` within `limit` cases with a 1-minimal
/// counterexample, and the graph-history one with at most 3 positions.
fn every_mutant_caught(entry: &str, limit: u64, run: impl Fn(&dyn Subject) -> Verdict) {
    for (name, _) in registry::mutants() {
        let solver = registry::by_name(name).unwrap();
        let k = caught(run(solver.as_ref()), &format!("{name} ({entry})"), limit);
        if name == "memo-dfs" {
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

/// `corpus/mutants.txt` lists, for each mutant, the minimal case that catches it.
#[test]
fn every_mutant_fails_its_saved_corpus_case() {
    use retrocheck::format::parse_game;
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
            let solver = registry::by_name(name).unwrap();
            assert!(
                check_case(&case, solver.as_ref(), &Oracles::all()).is_err(),
                "{name} passes {}",
                path.display()
            );
            covered.push(name.to_string());
        }
    }
    for (name, _) in registry::mutants() {
        assert!(covered.iter().any(|c| c == name), "no corpus case for {name}");
    }
}
