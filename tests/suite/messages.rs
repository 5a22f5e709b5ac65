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

/// The first of two runs finding the same failure says it saved the case; the second,
/// that the case was already there.
fn saved_then_already_there(first: &std::process::Output, again: &std::process::Output) {
    assert_eq!(first.status.code(), Some(1));
    assert!(stdout(first).contains("\nsaved as "), "{}", stdout(first));
    assert!(
        stdout(again).contains("\nalready in the corpus as "),
        "{}",
        stdout(again)
    );
}

/// Regression (issue 38, item 13), the messages of a failing `diff` and `stress`: the
/// last line of a failed `diff` names the shrunk failure it just reported, not the case
/// as found; a case saved again says "already in the corpus as", not "saved as";
/// `stress --no-save` exists; with standard output full, no bare "retrocheck: " line
/// is left on standard error.
#[test]
fn saved_again_no_save_and_the_last_line_of_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("c");
    let diff = || {
        retrocheck()
            .args(["diff", "--solver", "lifo", "--cases", "200", "--corpus"])
            .arg(&corpus)
            .output()
            .unwrap()
    };
    let (first, again) = (diff(), diff());
    saved_then_already_there(&first, &again);
    assert!(!stdout(&again).contains("saved as"), "{}", stdout(&again));
    // The shrunk failure is the report's first line; the last line of stderr names it.
    let report = stdout(&first);
    let shrunk = report
        .lines()
        .find_map(|l| l.strip_prefix("lifo is wrong: "))
        .expect("a report");
    let last = stderr(&first).lines().last().unwrap_or_default().to_string();
    assert_eq!(last, format!("retrocheck: lifo fails: {shrunk}"));

    let wrong = format!("{} solve game --solver lifo", crate::support::BIN);
    let stress = |extra: &[&str]| {
        retrocheck()
            .args(["stress", "game", "--cases", "200", "--solution", &wrong, "--save"])
            .arg(&corpus)
            .args(extra)
            .output()
            .unwrap()
    };
    let (first, again) = (stress(&[]), stress(&[]));
    saved_then_already_there(&first, &again);
    let before = std::fs::read_dir(corpus.join("games")).unwrap().count();
    let unsaved = stress(&["--no-save"]);
    assert_eq!(unsaved.status.code(), Some(1));
    assert!(
        stdout(&unsaved).contains("not saved: --no-save"),
        "{}",
        stdout(&unsaved)
    );
    assert_eq!(std::fs::read_dir(corpus.join("games")).unwrap().count(), before);
    // Standard output full: where the case is goes to stderr, on one line.
    let full = retrocheck()
        .args(["stress", "game", "--cases", "200", "--solution", &wrong, "--save"])
        .arg(dir.path().join("d"))
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(full.status.code(), Some(1));
    let err = stderr(&full);
    assert!(!err.lines().any(|l| l.trim_end() == "retrocheck:"), "{err}");
    assert!(err.contains("retrocheck: saved as "), "{err}");
}

/// Regression (issue 38, item 13): `--memory-limit` errors were worded three ways; the
/// `generate shiritori` refusal named `--edges`, which shiritori has not; `stress
/// --help` gave a regenerate command without `--max-size`, and `--relax` was live in
/// `generate --help` but deprecated in `stress --help`.
#[test]
fn help_and_refusals_say_one_thing_one_way() {
    for (limit, why) in [
        ("1K", "less than 8M"),
        ("100T", "not a size like 256M"),
        ("abc", "not a size like 256M"),
        ("99999999999G", "more bytes than 2^64"),
    ] {
        let o = retrocheck()
            .args(["stress", "pursuit", "--solution", "cat", "--memory-limit", limit])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{limit}");
        let e = stderr(&o);
        assert!(
            e.starts_with(&format!("retrocheck: --memory-limit {limit}: {why}")),
            "{limit}: {e}"
        );
    }
    let o = retrocheck()
        .args(["generate", "shiritori", "--size", "4000000000"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains("--edges"), "{}", stderr(&o));
    let help = |verb: &str| stdout(&retrocheck().args([verb, "--help"]).output().unwrap());
    let stress = help("stress");
    assert!(stress.contains("--seed S --index I --max-size N"), "{stress}");
    let generate = help("generate");
    for text in [&stress, &generate] {
        assert!(
            text.contains("Deprecated: --edge-cases and --beyond-limits together"),
            "{text}"
        );
    }
    let o = retrocheck()
        .args(["generate", "pursuit", "--size", "5", "--relax"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("--relax is deprecated"), "{}", stderr(&o));
}
