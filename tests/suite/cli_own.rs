//! The command line as a library (`retrocheck_cli::Cli`, issue 35 "your own binary"):
//! a problem of a user's own whose name is taken is refused, and `shrink --solution`
//! shrinks a contest input by re-running a program (the way a user's own problem is
//! shrunk) for the built-in problems too. The user's side is tested in
//! examples/own-problem/tests/command_line.rs.

use crate::support::{run, stderr, stdout, BIN};
use retrocheck_cli::Cli;
use std::process::ExitCode;

/// A problem named as a built-in one (here the built-in itself, registered again) is
/// refused with status 2 before the verb runs: `generate` would succeed otherwise.
#[test]
fn a_cli_with_a_clashing_problem_name_is_refused() {
    let args = ["retrocheck", "generate", "pursuit", "--seed", "1", "--index", "0"];
    let code = Cli::new()
        .problem::<retrocheck::problems::pursuit::Instance>()
        .main_from(args);
    assert_eq!(code, ExitCode::from(2));
}

/// `shrink --solution` on a built-in problem: the program is re-run on each candidate,
/// the shrunk input printed and saved under the problem's directory, where it replays.
#[test]
fn shrink_with_a_solution_re_runs_the_program_and_saves_what_replays() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("sample.in");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/pursuit/sample.in"),
        &input,
    )
    .unwrap();
    let corpus = dir.path().join("corpus");
    let wrong = format!("{BIN} solve pursuit | sed 's/Yes/YES/'");
    let args = [
        "shrink",
        input.to_str().unwrap(),
        "--problem",
        "pursuit",
        "--solution",
        &wrong,
        "--corpus",
        corpus.to_str().unwrap(),
    ];
    let o = run(&args, "");
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    assert!(out.contains("shrunk in"), "{out}");
    assert!(out.contains("your output:\nCase #1: YES"), "{out}");
    let saved: Vec<_> = std::fs::read_dir(corpus.join("pursuit")).unwrap().collect();
    assert_eq!(saved.len(), 2, "an input and its .out: {out}");
    let o = run(&["replay", corpus.to_str().unwrap()], "");
    assert_eq!(
        (o.status.code(), stdout(&o).as_str()),
        (Some(0), "1 of 1 corpus cases pass\n")
    );
    // A `.game` file is shrunk by a solver, not a program.
    let game = dir.path().join("x.game");
    std::fs::write(&game, "game 1;\n0 A ;\n").unwrap();
    let o = run(&["shrink", game.to_str().unwrap(), "--solution", "cat"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--solution shrinks a contest input"),
        "{}",
        stderr(&o)
    );
}
