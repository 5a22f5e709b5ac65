//! The public API for users' solvers: what its entry points return on a wrong solver,
//! what they save, and how replay reports a bad corpus file.

use retrocheck::prelude::*;
use std::fs;

/// A wrong solver a user might write: it calls every position a draw.
fn all_draws() -> impl Solver {
    solver_fn("all-draws", |game: &Game| {
        Ok(Solution::from_values(game, vec![Value::Draw; game.positions()]))
    })
}

#[test]
fn a_failing_property_is_shrunk_and_saved_only_when_asked() {
    let corpus = tempfile::tempdir().unwrap();
    let property = || Property::any_game(10).cases(64).seed(3);
    let unsaved = property().save_to(None).run(&all_draws()).unwrap_err();
    assert!(unsaved.saved.is_none());
    assert_eq!(unsaved.positions, 1, "{unsaved}");
    assert!(unsaved.text.starts_with("game 1;\n"), "{unsaved}");
    let saved = property()
        .save_to(Some(corpus.path().to_path_buf()))
        .run(&all_draws())
        .unwrap_err();
    let path = saved.saved.clone().expect("asked to save").unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), saved.text);
    assert_eq!(
        fs::read_to_string(path.with_extension("out")).unwrap(),
        saved.expected
    );
    // The same seed finds and shrinks the same case.
    assert_eq!(saved.text, unsaved.text);
    assert_eq!(saved.found_in, unsaved.found_in);
}

#[test]
fn the_report_shows_the_shrunk_game_the_expected_output_and_the_solvers() {
    let failure = Campaign::new()
        .cases(100)
        .threads(1)
        .save_to(None)
        .run(&all_draws())
        .unwrap_err();
    let report = failure.to_string();
    for part in [
        "all-draws is wrong",
        "found in campaign case 0",
        &failure.text,
        "expected (the references' solution):\n",
        &failure.expected,
        "all-draws gives:\n",
        &failure.got,
    ] {
        assert!(report.contains(part), "{part:?} missing from:\n{report}");
    }
    assert_ne!(failure.expected, failure.got);
}

#[test]
fn a_wrong_solution_of_a_contest_product_game_is_shrunk_as_a_game() {
    let failure = Property::family(Family::Contest(retrocheck::problems::Problem::Pursuit), 16)
        .cases(16)
        .save_to(None)
        .run(&all_draws())
        .unwrap_err();
    assert!(matches!(failure.case, Case::Game(_)), "{failure}");
    assert!(failure.found_in.starts_with("the product game of"), "{failure}");
    assert!(failure.positions <= 2, "{failure}");
}

#[test]
fn the_fuzz_body_rejects_out_of_cap_inputs_and_shrinks_failures() {
    assert!(!fuzz_check(&fuzz_input(&[0, 200]), &all_draws()).unwrap());
    // Two positions: 0 (A) moves to 1, 1 (B) is stuck.
    let failure = fuzz_check(&fuzz_input(&[0, 2, 0, 0, 1, 1, 3]), &all_draws()).unwrap_err();
    assert_eq!(failure.positions, 1, "{failure}");
    let caught = std::panic::catch_unwind(|| fuzz_diff(&fuzz_input(&[0, 2, 0, 0, 1, 1, 3]), &all_draws()));
    assert!(caught.is_err(), "fuzz_diff panics on a failure, for libFuzzer");
}

#[test]
fn replay_names_a_file_that_does_not_parse_and_a_stale_out_file() {
    let right = solver_fn("retrograde", |game: &Game| {
        retrocheck::solve::Retrograde.solve(game)
    });
    let corpus = tempfile::tempdir().unwrap();
    let games = corpus.path().join("games");
    fs::create_dir(&games).unwrap();
    fs::write(games.join("a.game"), "game 1;\n0 A ;\n").unwrap();
    fs::write(games.join("a.out"), "0 A 0 -\n").unwrap();
    let error = replay(&right, corpus.path()).unwrap_err();
    let message = error.to_string();
    assert!(error.failure().is_none(), "{message}");
    assert!(
        message.contains("a.game") && message.contains("output line 1 differs"),
        "{message}"
    );
    fs::write(games.join("a.out"), "0 B 0 -\n").unwrap();
    assert_eq!(replay(&right, corpus.path()).unwrap().cases, 1);
    fs::write(games.join("b.game"), "game 2;\n0 A 1;\n").unwrap();
    let message = replay(&right, corpus.path()).unwrap_err().to_string();
    assert!(
        message.contains("b.game") && message.contains("line"),
        "{message}"
    );
    // A wrong solver fails on the corpus case, not on the file.
    fs::remove_file(games.join("b.game")).unwrap();
    let error = replay(&all_draws(), corpus.path()).unwrap_err();
    assert!(
        error.failure().is_some_and(|f| f.found_in.ends_with("a.game")),
        "{error}"
    );
}
