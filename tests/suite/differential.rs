//! The optimized solver against the references on every generator family, through the
//! one oracle path; and the bulk runner's guarantees: a planted bug is found, shrunk to
//! a 1-minimal case, the same for any thread count, and the same seed gives the same
//! summary.

use retrocheck::api::Property;
use retrocheck::internals::case::Case;
use retrocheck::internals::failure::{triage, Policy};
use retrocheck::internals::generate::strategy;
use retrocheck::internals::generate::{self, Family};
use retrocheck::internals::oracles::{check_case, Oracles};
use retrocheck::internals::run::bulk::{self, Summary};
use retrocheck::internals::run::phase::Phase;
use retrocheck::internals::run::shard::Shard;
use retrocheck::internals::shrink::single_removals;
use retrocheck::internals::subject::Subject;
use retrocheck::problems::Problem;
use retrocheck::solve::Retrograde;
use retrocheck_selftest::mutants::Planted;
use retrocheck_selftest::registry;

/// The property: retrograde passes every oracle on the cases of `property` (their
/// count follows `PROPTEST_CASES`), through the API's `Property`. A failure panics
/// with its report, shrunk by retrocheck's shrinker, and is saved in the corpus when
/// `RETROCHECK_CORPUS` asks for it.
fn passes(property: Property) {
    property.assert(&Retrograde);
}

macro_rules! family_properties {
    ($($name:ident => $family:expr),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                passes(Property::family($family, 16));
            }
        )*
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
    pursuit => Family::Contest(Problem::Pursuit),
    minigame => Family::Contest(Problem::Minigame),
    swarm => Family::Swarm,
}

/// Medium games, beyond minimax: retrograde against value iteration and certify.
#[test]
fn medium_swarm_games() {
    passes(Property::family(Family::Swarm, 300).cases(32));
}

/// Games and contest instances long by construction (one in 32 searched for longer
/// ones), up to 1,000 positions: the families where a bounded horizon shows.
#[test]
fn long_games() {
    passes(Property::new(long_case(1_000)));
}

/// A case of `chains` or of a `long-<problem>` family, the families in turn.
fn long_case(max_positions: usize) -> proptest::strategy::BoxedStrategy<Case> {
    use proptest::strategy::Strategy;
    let long: Vec<_> = Family::SEEDED
        .iter()
        .filter(|f| matches!(f, Family::Chains | Family::Long(_)))
        .map(|&f| strategy::case(f, max_positions))
        .collect();
    proptest::strategy::Union::new(long).boxed()
}

/// Every family but `large`, whose games are too big for a debug-build test.
fn phase(cases: u64, seed: u64) -> Phase {
    let mut families = Family::SEEDED.to_vec();
    families.push(Family::Exhaustive);
    Phase {
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

fn run_on(threads: usize, phase: &Phase, solver: &dyn Subject) -> Summary {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| bulk::run_phase(phase, solver, &|_| {}))
}

#[test]
fn a_planted_bug_is_found_and_shrunk_to_the_same_one_minimal_case_on_any_thread_count() {
    let planted = registry::by_name("planted").unwrap();
    let planted = planted.as_ref();
    let c = phase(20_000, 7);
    let mut shrunk = Vec::new();
    for threads in [1, 2] {
        let summary = run_on(threads, &c, planted);
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
            .install(|| triage(&failure.case, planted, &Policy::new(c.oracles), |_| {}))
            .unwrap();
        let Case::Game(game) = &t.shrunk.value else {
            panic!("a game family failed")
        };
        // 1-minimal: every single removal passes, or fails some other way.
        let signature = t.mismatch.signature();
        for smaller in single_removals(game) {
            let still = check_case(&Case::Game(smaller.clone()), planted, &c.oracles);
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
    let corpus = tempfile::tempdir().unwrap();
    let failure = Property::family(Family::Multi, 16)
        .save_to(Some(corpus.path().to_path_buf()))
        .run(&Planted)
        .expect_err("the planted bug is found");
    let saved: Vec<_> = std::fs::read_dir(corpus.path().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 2, "{saved:?}");
    let game = saved.iter().find(|p| p.extension().unwrap() == "game").unwrap();
    assert!(
        matches!(&failure.saved, Some(Ok(path)) if path == game),
        "{:?}",
        failure.saved
    );
    let text = std::fs::read_to_string(game).unwrap();
    assert!(
        text.starts_with("game 1;") || text.starts_with("game 2;"),
        "{text}"
    );
}

#[test]
fn the_same_seed_gives_the_same_summary_on_one_and_two_threads() {
    let c = phase(3_000, 42);
    let (one, two) = (run_on(1, &c, &Retrograde), run_on(2, &c, &Retrograde));
    assert!(
        one.failure.is_none(),
        "{:?}",
        one.failure.map(|f| f.mismatch.to_string())
    );
    assert_eq!(one.families, two.families);
    assert_eq!(one.cases, 3_000);
    assert_eq!(one.table(), two.table());
    let other = run_on(2, &phase(3_000, 43), &Retrograde);
    assert_ne!(one.families, other.families, "another seed gives other cases");
}

#[test]
fn shards_split_a_campaign_into_disjoint_cases() {
    // Shards deal each family's cases in turn: with a multiple of (families × shards)
    // cases, the shards run exactly the campaign's cases.
    let mut whole = phase(0, 5);
    whole.cases = 4 * whole.families.len() as u64;
    let half = whole.cases / 2;
    let halves = [Shard { index: 0, count: 2 }, Shard { index: 1, count: 2 }].map(|shard| Phase {
        shard,
        cases: half,
        ..whole.clone()
    });
    let mut from_shards: Vec<_> = halves
        .iter()
        .flat_map(|h| (0..half).map(|i| h.case_spec(i)))
        .collect();
    let mut from_whole: Vec<_> = (0..whole.cases).map(|i| whole.case_spec(i)).collect();
    from_shards.sort_by_key(|s| s.1);
    from_whole.sort_by_key(|s| s.1);
    assert_eq!(from_shards, from_whole);
}

/// The cases of each family, in order, that a campaign over `families` runs.
fn cases_per_family(families: &[Family], shard: Shard, cases: u64) -> Vec<(Family, Vec<(u64, usize)>)> {
    let c = Phase {
        families: families.to_vec(),
        cases,
        shard,
        ..phase(cases, 99)
    };
    let mut per: Vec<(Family, Vec<(u64, usize)>)> = families.iter().map(|&f| (f, Vec::new())).collect();
    for i in 0..cases {
        let (family, seed, size) = c.case_spec(i);
        per.iter_mut()
            .find(|(f, _)| *f == family)
            .unwrap()
            .1
            .push((seed, size));
    }
    per
}

#[test]
fn adding_a_family_to_a_campaign_changes_no_case_of_the_others() {
    let before = cases_per_family(&[Family::Uniform, Family::Dag, Family::Cycles], Shard::WHOLE, 300);
    let after = cases_per_family(
        &[
            Family::Sparse,
            Family::Uniform,
            Family::Multi,
            Family::Dag,
            Family::Cycles,
        ],
        Shard::WHOLE,
        500,
    );
    for (family, cases) in &before {
        let (_, later) = after.iter().find(|(f, _)| f == family).unwrap();
        assert_eq!(&later[..cases.len()], &cases[..], "{family:?} changed");
    }
    // And the family's games themselves depend on its name only.
    let game = generate::case(Family::Cycles, 5, 30);
    assert_eq!(generate::case(Family::Cycles, 5, 30), game);
    assert_ne!(generate::case(Family::Multi, 5, 30), game);
}

#[test]
fn every_shard_covers_every_family_and_the_shards_cover_the_campaign() {
    let families = Family::SEEDED;
    let k = families.len() as u64;
    let whole = cases_per_family(families, Shard::WHOLE, k * 30);
    let shards: Vec<_> = (0..3)
        .map(|index| cases_per_family(families, Shard { index, count: 3 }, k * 10))
        .collect();
    for (k, (family, cases)) in whole.iter().enumerate() {
        let mut union: Vec<(u64, usize)> = Vec::new();
        for shard in &shards {
            assert_eq!(shard[k].1.len(), 10, "{family:?} in every shard");
            union.extend(&shard[k].1);
        }
        let (mut union, mut cases) = (union, cases.clone());
        union.sort_unstable();
        cases.sort_unstable();
        assert_eq!(union, cases, "{family:?}: the shards together run the campaign");
    }
}
