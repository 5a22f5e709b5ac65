//! A counterexample is never lost (issue 24): saved before it is printed, whatever
//! happens to standard output, the JSON file or the disk, and a place it cannot be
//! saved is refused or named.

use crate::support::{lifo_diff, one_case_saved, retrocheck, saved_files, stderr, stdout, with_limit};
use std::path::Path;
use std::process::{Output, Stdio};

/// Runs `command` with a standard output whose reader is gone before the first line.
fn with_stdout_closed(mut command: std::process::Command) -> Output {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

#[test]
fn a_counterexample_is_saved_before_it_is_printed_to_a_closed_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("c");
    let o = with_stdout_closed(lifo_diff(&corpus));
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    one_case_saved(&corpus, &o);
    assert!(stderr(&o).contains("saved as"), "{}", stderr(&o));
}

#[test]
fn a_counterexample_is_saved_when_standard_output_is_full() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("c");
    let o = lifo_diff(&corpus)
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    one_case_saved(&corpus, &o);
}

#[test]
fn a_stress_counterexample_is_saved_before_it_is_printed_to_a_closed_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("c");
    let wrong = format!("{} solve game --solver lifo", crate::support::BIN);
    let mut stress = retrocheck();
    stress
        .args(["stress", "game", "--cases", "200", "--solution", &wrong, "--save"])
        .arg(&corpus);
    let o = with_stdout_closed(stress);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    one_case_saved(&corpus, &o);
}

#[test]
fn an_unwritable_json_path_is_refused_before_the_campaign_starts() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("c");
    let json = dir.path().join("no-such-dir").join("x.json");
    let o = lifo_diff(&corpus).arg("--json").arg(&json).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("no-such-dir"), "{}", stderr(&o));
    assert!(
        !stdout(&o).contains("cases checked"),
        "the campaign ran: {}",
        stdout(&o)
    );
}

#[test]
fn a_found_failure_is_saved_and_reported_whatever_happens_to_the_json() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("c");
    // Accepted up front (a device), failing when written.
    let o = lifo_diff(&corpus).args(["--json", "/dev/full"]).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("FAILED"), "{}", stdout(&o));
    assert!(stderr(&o).contains("/dev/full"), "{}", stderr(&o));
    one_case_saved(&corpus, &o);
}

/// [`with_limit`] of the files' size, as a disk that fills up.
fn with_file_size_limit(command: &mut std::process::Command, bytes: u64) -> Output {
    with_limit(command, libc::RLIMIT_FSIZE, bytes)
}

#[test]
fn a_full_disk_never_leaves_an_out_without_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/pursuit/568434f76c58fb6a.in");
    let shrink = |corpus: &Path| {
        let mut command = retrocheck();
        command
            .args(["shrink", "--solver", "pursuit-no-catch", "--corpus"])
            .arg(corpus)
            .arg(&case);
        command
    };
    // Where the shrunk case goes when the disk has room: its sizes.
    let roomy = dir.path().join("roomy");
    let o = shrink(&roomy).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let files = saved_files(&roomy);
    let size = |ext: &str| {
        let f = files.iter().find(|f| f.extension().unwrap() == ext).unwrap();
        std::fs::metadata(f).unwrap().len()
    };
    let (input, output) = (size("in"), size("out"));
    assert!(output < input, "the test needs an .out smaller than its input");

    // Room for the .out but not the input.
    let full = dir.path().join("full");
    let o = with_file_size_limit(&mut shrink(&full), output);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("not saved"), "{}", stderr(&o));
    assert_eq!(
        saved_files(&full),
        Vec::<std::path::PathBuf>::new(),
        "half a case was left"
    );
}

#[test]
fn a_corpus_that_cannot_be_written_is_named_in_the_error() {
    let dir = tempfile::tempdir().unwrap();
    // A corpus that is a symlink to nowhere: its directories cannot be made.
    let corpus = dir.path().join("c");
    std::os::unix::fs::symlink(dir.path().join("gone"), &corpus).unwrap();
    let wrong = format!("'{}' solve game --solver lifo", crate::support::BIN);
    let o = retrocheck()
        .args(["stress", "game", "--cases", "50", "--solution", &wrong, "--save"])
        .arg(&corpus)
        .output()
        .unwrap();
    assert!(matches!(o.status.code(), Some(1 | 2)), "{}", stderr(&o));
    let line = stderr(&o)
        .lines()
        .find(|l| l.contains("not saved") || l.contains("--save"))
        .unwrap_or_default()
        .to_string();
    assert!(line.contains(&*corpus.to_string_lossy()), "{}", stderr(&o));
}
