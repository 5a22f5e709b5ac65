//! own-solver under retrocheck, one test per entry point: each passes with the solver
//! the features choose, and each catches the planted bug with a shrunk case of at most
//! 4 positions (printed: `cargo test -p own-solver -- --nocapture`).

mod support;

use retrocheck::prelude::*;
use support::{shown_small, BUGGY, SOLVER};

/// The example's own corpus: cases its author keeps, next to retrocheck's.
const OWN_CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");

fn property() -> Property {
    Property::any_game(12).cases(256)
}

fn campaign() -> Campaign {
    Campaign::new()
        .families(Family::games())
        .cases(2_000)
        .max_positions(40)
        .threads(2)
        .seed(17)
}

/// Fuzz inputs as a seeded fuzz corpus holds them: generated games within the caps.
fn fuzz_inputs() -> impl Iterator<Item = FuzzCase> {
    (0..400u64).filter_map(|seed| {
        let case = generate(Family::Swarm, seed, 1 + seed as usize % 24);
        fuzz_bytes(&case).map(|bytes| fuzz_input(&bytes))
    })
}

#[test]
fn proptest_property() {
    property().assert(&SOLVER);
}

#[test]
fn proptest_property_catches_the_planted_bug() {
    shown_small(&property().run(&BUGGY).unwrap_err());
}

#[test]
fn fuzz_body() {
    for input in fuzz_inputs() {
        fuzz_diff(&input, &SOLVER);
    }
}

#[test]
fn fuzz_body_catches_the_planted_bug() {
    let failure = fuzz_inputs().find_map(|input| fuzz_check(&input, &BUGGY).err());
    shown_small(&failure.expect("a fuzz input fails"));
}

#[test]
fn replay_of_retrochecks_corpus() {
    replay(&SOLVER, BUILTIN_CORPUS).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn replay_of_retrochecks_corpus_catches_the_planted_bug() {
    let error = replay(&BUGGY, BUILTIN_CORPUS).unwrap_err();
    shown_small(error.failure().unwrap_or_else(|| panic!("{error}")));
}

#[test]
fn replay_of_own_corpus() {
    let passed = replay(&SOLVER, OWN_CORPUS).unwrap_or_else(|e| panic!("{e}"));
    assert!(passed.cases >= 3, "{}", passed.summary);
}

#[test]
fn replay_of_own_corpus_catches_the_planted_bug() {
    let error = replay(&BUGGY, OWN_CORPUS).unwrap_err();
    shown_small(error.failure().unwrap_or_else(|| panic!("{error}")));
}

#[test]
fn campaign_from_code() {
    let passed = campaign().assert(&SOLVER);
    assert_eq!(passed.cases, 2_000);
}

#[test]
fn campaign_catches_the_planted_bug() {
    shown_small(&campaign().run(&BUGGY).unwrap_err());
}

/// The same campaign on 1 and 2 threads finds the same first failure and shrinks it to
/// the same case.
#[test]
fn campaign_failure_is_the_same_on_any_thread_count() {
    let one = campaign().threads(1).run(&BUGGY).unwrap_err();
    let two = campaign().threads(2).run(&BUGGY).unwrap_err();
    assert_eq!((one.found_in, one.text), (two.found_in, two.text));
}

/// A soak test: a million cases up to 1,000 positions (`cargo test --release -p
/// own-solver -- --ignored`; `RETROCHECK_SEED` picks another campaign).
#[test]
#[ignore]
fn soak() {
    let seed = std::env::var("RETROCHECK_SEED").map_or(0, |s| s.parse().expect("RETROCHECK_SEED: a number"));
    let passed = Campaign::new()
        .cases(1_000_000)
        .max_positions(1_000)
        .seed(seed)
        .assert(&SOLVER);
    println!("{}", passed.summary);
}
