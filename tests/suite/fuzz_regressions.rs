//! Inputs that once crashed a fuzz target, replayed through the same target code.
//! `tests/fuzz-regressions/<target>/NAME` holds the raw bytes; the name says what broke.
//! (Failures of the `diff` target become text cases in `corpus/` instead.)

use retrocheck::fuzz::{contest_input, game_format};
use retrocheck::problems::Problem;
use std::path::Path;

fn replay(target: &str, run: impl Fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz-regressions")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        run(&std::fs::read(&path).unwrap());
        count += 1;
    }
    count
}

#[test]
fn pursuit_input_regressions() {
    assert!(replay("pursuit_input", |data| contest_input(Problem::Pursuit, data)) >= 1);
}

#[test]
fn minigame_input_regressions() {
    assert!(replay("minigame_input", |data| contest_input(Problem::Minigame, data)) >= 1);
}

#[test]
fn game_format_regressions() {
    assert!(replay("game_format", game_format) >= 2);
}

/// The first crash the fuzzers found: a vertex number of 20 digits or more overflowed
/// in the edge parser (with overflow checks on) instead of being reported.
#[test]
fn fuzz_found_long_vertex_numbers_are_an_error_not_a_panic() {
    let input = format!("1\n2 1\n1 {}\n1 2\n", "4".repeat(30));
    let error = Problem::Pursuit.parse(&input).unwrap_err();
    assert_eq!(error.line, 3);
    assert!(error.message.contains("too large"), "{error}");
}
