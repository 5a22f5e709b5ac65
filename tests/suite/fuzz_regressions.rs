//! Inputs that once crashed a fuzz target, or that aim where one could, replayed through
//! the same library code as the target. `tests/fuzz-regressions/<target>/NAME` holds
//! the raw bytes; the name says what broke or what it exercises. Every fuzz target in
//! `fuzz/fuzz_targets/` has a directory here, with at least one input.
//!
//! To add one, save the raw bytes (a crash artifact from `fuzz/artifacts/<target>/`, or
//! an input written by hand) as `tests/fuzz-regressions/<target>/<what-it-exercises>`;
//! the next `cargo test` replays it. (A failure of the `diff` target also becomes a
//! text case in `corpus/`, with `retrocheck shrink`.)

use retrocheck::internals::fuzz::{contest_input, decode, diff, game_format};
use retrocheck::problems::Problem;
use std::path::Path;

/// Runs every input of `target`'s directory through `run`; the number of inputs. Fails
/// if the directory is missing or empty.
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
    assert!(count >= 1, "{}: no input to replay", dir.display());
    count
}

#[test]
fn every_fuzz_target_has_its_regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets");
    let mut targets: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    targets.sort();
    let mut listed = crate::support::fuzz_targets();
    listed.sort();
    assert_eq!(targets, listed, "a fuzz target without regressions here, or gone");
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/Cargo.toml")).unwrap();
    for target in crate::support::fuzz_targets() {
        assert!(manifest.contains(&format!("name = \"{target}\"")), "{target}");
    }
}

/// The `diff` target's body, with the solver it takes by default: every input must
/// decode to a case within the caps (one outside them tests nothing) and pass.
#[test]
fn diff_regressions() {
    let solver = retrocheck_selftest::registry::by_name("retrograde").expect("a built-in solver");
    let replayed = replay("diff", |data| {
        assert!(
            diff(&decode(data), solver.as_ref()),
            "{data:?} decodes to no case: {:?}",
            decode(data)
        );
    });
    assert!(replayed >= 4);
}

#[test]
fn game_format_regressions() {
    assert!(replay("game_format", game_format) >= 2);
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
fn berzerk_input_regressions() {
    assert!(replay("berzerk_input", |data| contest_input(Problem::Berzerk, data)) >= 1);
}

#[test]
fn shiritori_input_regressions() {
    assert!(replay("shiritori_input", |data| contest_input(Problem::Shiritori, data)) >= 1);
}

#[test]
fn catmouse_input_regressions() {
    assert!(replay("catmouse_input", |data| contest_input(Problem::Catmouse, data)) >= 1);
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
