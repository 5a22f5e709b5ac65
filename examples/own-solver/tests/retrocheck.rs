//! own-solver under retrocheck, one test per entry point: each passes with the solver
//! the features choose (`--features planted-bug`: the buggy one, and each fails with
//! its shrunk case), and each catches the planted bug with a shrunk case of at most 4
//! positions (printed with `cargo test -p own-solver -- --nocapture`).

mod support;

use retrocheck::prelude::*;
use support::{shown_small, BUGGY, SOLVER};

/// The example's own corpus: cases its author keeps, next to retrocheck's.
const OWN_CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");

#[test]
fn proptest_property() {
    Property::any_game(12).assert(&SOLVER);
}

#[test]
fn corpus_replay() {
    replay(&SOLVER, BUILTIN_CORPUS).unwrap_or_else(|e| panic!("{e}"));
    replay(&SOLVER, OWN_CORPUS).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn campaign() {
    let campaign = Campaign::new().families(Family::games()).max_positions(40);
    campaign.cases(2_000).seed(17).threads(2).assert(&SOLVER);
}

#[test]
#[ignore] // a soak test: cargo test --release -p own-solver -- --ignored
fn soak() {
    let seed = std::env::var("RETROCHECK_SEED").map_or(Ok(0), |s| s.parse());
    let campaign = Campaign::new().cases(1_000_000).max_positions(1_000);
    println!("{}", campaign.seed(seed.unwrap()).assert(&SOLVER).summary);
}

#[test]
fn fuzz_body() {
    for input in fuzz_inputs() {
        fuzz_diff(&input, &SOLVER);
    }
}

/// Fuzz inputs as a seeded fuzz corpus holds them: generated games within the caps.
fn fuzz_inputs() -> impl Iterator<Item = FuzzCase> {
    (0..400u64).filter_map(|seed| {
        let case = generate(Family::Swarm, seed, 1 + seed as usize % 24);
        fuzz_bytes(&case).map(|bytes| fuzz_input(&bytes))
    })
}

/// The campaign of [`campaign`].
fn test_campaign() -> Campaign {
    let campaign = Campaign::new().families(Family::games()).max_positions(40);
    campaign.cases(2_000).seed(17)
}

#[test]
fn proptest_property_catches_the_planted_bug() {
    shown_small(&Property::any_game(12).run(&BUGGY).unwrap_err());
}

#[test]
fn fuzz_body_catches_the_planted_bug() {
    let failure = fuzz_inputs().find_map(|input| fuzz_check(&input, &BUGGY).err());
    shown_small(&failure.expect("a fuzz input fails"));
}

#[test]
fn replay_of_retrochecks_corpus_catches_the_planted_bug() {
    let error = replay(&BUGGY, BUILTIN_CORPUS).unwrap_err();
    shown_small(error.failure().unwrap_or_else(|| panic!("{error}")));
}

#[test]
fn replay_of_own_corpus_catches_the_planted_bug() {
    let error = replay(&BUGGY, OWN_CORPUS).unwrap_err();
    shown_small(error.failure().unwrap_or_else(|| panic!("{error}")));
}

#[test]
fn campaign_catches_the_planted_bug() {
    shown_small(&test_campaign().threads(2).run(&BUGGY).unwrap_err());
}

/// The same campaign on 1 and 2 threads finds the same first failure and shrinks it to
/// the same case.
#[test]
fn campaign_failure_is_the_same_on_any_thread_count() {
    let one = test_campaign().threads(1).run(&BUGGY).unwrap_err();
    let two = test_campaign().threads(2).run(&BUGGY).unwrap_err();
    assert_eq!((one.found_in, one.text), (two.found_in, two.text));
}
