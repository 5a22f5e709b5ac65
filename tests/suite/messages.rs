//! Messages that say one thing one way (issue 24): counts in the singular, the flag a
//! refused input needs, and printed commands quoted for the shell.

use crate::support::{lifo_diff, retrocheck, stderr, stdout};
use std::path::Path;

#[test]
fn messages_count_one_thing_in_the_singular() {
    let o = crate::support::run(&["solve", "pursuit", "-"], "1\n2 1\n1 2\n1 2\n5\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("T = 1 test case)"), "{}", stderr(&o));
    let o = crate::support::run(&["solve", "game", "-"], "game 1;\n0 A 1;\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the game has 1 position,"), "{}", stderr(&o));
}

#[test]
fn show_of_a_contest_input_suggests_problem() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("case.in");
    std::fs::write(&file, "1\n2 1\n1 2\n1 2\n").unwrap();
    let o = retrocheck().arg("show").arg(&file).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--problem"), "{}", stderr(&o));
    let shown = retrocheck()
        .args(["show", "--problem", "pursuit"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(shown.status.code(), Some(0), "{}", stderr(&shown));
}

#[test]
fn a_printed_command_quotes_a_path_with_spaces() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("my corpus");
    let o = lifo_diff(&corpus).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let line = stdout(&o)
        .lines()
        .find(|l| l.starts_with("picture: "))
        .unwrap()
        .to_string();
    let words = shlex::split(line.trim_start_matches("picture: ")).unwrap();
    assert_eq!(words[0..2], ["retrocheck", "show"], "{line}");
    assert!(Path::new(&words[2]).is_file(), "{line}");
}
