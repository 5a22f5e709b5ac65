//! The optimized solver against the references on every generator family, through the
//! one oracle path; and the bulk runner's guarantees: a planted bug is found, shrunk to
//! a 1-minimal case, the same for any thread count, and the same seed gives the same
//! summary.

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use retrocheck::harness::bulk::{self, Campaign, Shard, Summary};
use retrocheck::harness::check::{check_case, Oracles};
use retrocheck::harness::generate::{Case, Family};
use retrocheck::harness::shrink::single_removals;
use retrocheck::harness::strategy;
use retrocheck::harness::triage::{save_failure, triage};
use retrocheck::mutants::Planted;
use retrocheck::solve::{Retrograde, Solver};

/// The property: retrograde passes every oracle. A failure is shrunk and saved in the
/// corpus as text before proptest reports it.
fn passes(case: &Case) -> Result<(), TestCaseError> {
    match save_failure(case, &Retrograde, &Oracles::default()) {
        None => Ok(()),
        Some(report) => Err(TestCaseError::fail(report)),
    }
}

fn config() -> ProptestConfig {
    // Cases follow PROPTEST_CASES (default 256); failures persist next to this file.
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

macro_rules! family_properties {
    ($($name:ident => $family:expr),* $(,)?) => {
        proptest! {
            #![proptest_config(config())]
            $(
                #[test]
                fn $name(case in strategy::case($family, 16)) {
                    passes(&case)?;
                }
            )*
        }
    };
}

family_properties! {
    uniform => Family::Uniform,
    sparse => Family::Sparse,
    dense => Family::Dense,
    dag => Family::Dag,
    long_path => Family::LongPath,
    cycles => Family::Cycles,
    multi => Family::Multi,
    terminals => Family::Terminals,
    draw_convention => Family::DrawConvention,
    pursuit => Family::Pursuit,
    minigame => Family::Minigame,
    swarm => Family::Swarm,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..config() })]

    /// Medium games, beyond minimax: retrograde against value iteration and certify.
    #[test]
    fn medium_swarm_games(case in strategy::case(Family::Swarm, 300)) {
        passes(&case)?;
    }
}

/// Every family but `large`, whose games are too big for a debug-build test.
fn campaign(cases: u64, seed: u64) -> Campaign {
    let mut families = Family::SEEDED.to_vec();
    families.push(Family::Exhaustive);
    Campaign {
        families,
        cases,
        time_limit: None,
        seed,
        min_positions: 1,
        max_positions: 40,
        shard: Shard::WHOLE,
        oracles: Oracles::default(),
    }
}

fn run_on(threads: usize, campaign: &Campaign, solver: &dyn Solver) -> Summary {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| bulk::run(campaign, solver, &|_| {}))
}

#[test]
fn a_planted_bug_is_found_and_shrunk_to_the_same_one_minimal_case_on_any_thread_count() {
    let c = campaign(20_000, 7);
    let mut shrunk = Vec::new();
    for threads in [1, 2] {
        let summary = run_on(threads, &c, &Planted);
        let failure = summary.failure.expect("the planted bug is found");
        assert_eq!(
            summary.cases, failure.index,
            "statistics stop at the failing case"
        );
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let t = pool
            .install(|| triage(&failure.case, &Planted, &c.oracles, None, |_| {}))
            .unwrap();
        let Case::Game(game) = &t.shrunk.value else {
            panic!("a game family failed")
        };
        // 1-minimal: every single removal passes, or fails some other way.
        let signature = t.mismatch.signature();
        for smaller in single_removals(game) {
            let still = check_case(&Case::Game(smaller.clone()), &Planted, &c.oracles);
            assert!(
                !still.is_err_and(|m| m.signature() == signature),
                "not 1-minimal: {smaller:?} still fails"
            );
        }
        assert_eq!(game.positions(), 1, "{game:?}");
        shrunk.push((failure.index, t.text));
    }
    assert_eq!(
        shrunk[0], shrunk[1],
        "the same failure and the same shrunk case on 1 and 2 threads"
    );
}

#[test]
fn a_failing_property_saves_one_shrunk_case_in_the_corpus() {
    use proptest::test_runner::{Config, TestRunner};
    let corpus = tempfile::tempdir().unwrap();
    let mut runner = TestRunner::new(Config {
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&strategy::case(Family::Multi, 16), |case| {
        match retrocheck::harness::triage::save_failure_in(
            corpus.path(),
            &case,
            &Planted,
            &Oracles::default(),
        ) {
            None => Ok(()),
            Some(report) => Err(TestCaseError::fail(report)),
        }
    });
    assert!(result.is_err(), "the planted bug is found");
    // proptest re-ran the property on many shrinking candidates; one case was saved.
    let saved: Vec<_> = std::fs::read_dir(corpus.path().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 2, "{saved:?}");
    let game = saved.iter().find(|p| p.extension().unwrap() == "game").unwrap();
    let text = std::fs::read_to_string(game).unwrap();
    assert!(
        text.starts_with("game 1;") || text.starts_with("game 2;"),
        "{text}"
    );
}

#[test]
fn the_same_seed_gives_the_same_summary_on_one_and_two_threads() {
    let c = campaign(3_000, 42);
    let (one, two) = (run_on(1, &c, &Retrograde), run_on(2, &c, &Retrograde));
    assert!(
        one.failure.is_none(),
        "{:?}",
        one.failure.map(|f| f.mismatch.to_string())
    );
    assert_eq!(one.families, two.families);
    assert_eq!(one.cases, 3_000);
    assert_eq!(one.table(), two.table());
    let other = run_on(2, &campaign(3_000, 43), &Retrograde);
    assert_ne!(one.families, other.families, "another seed gives other cases");
}

#[test]
fn shards_split_a_campaign_into_disjoint_cases() {
    let whole = campaign(40, 5);
    let halves = [Shard { index: 0, count: 2 }, Shard { index: 1, count: 2 }].map(|shard| Campaign {
        shard,
        cases: 20,
        ..whole.clone()
    });
    let mut from_shards: Vec<_> = halves
        .iter()
        .flat_map(|h| (0..20).map(|i| h.case_spec(i)))
        .collect();
    let mut from_whole: Vec<_> = (0..40).map(|i| whole.case_spec(i)).collect();
    from_shards.sort_by_key(|s| s.1);
    from_whole.sort_by_key(|s| s.1);
    assert_eq!(from_shards, from_whole);
}
