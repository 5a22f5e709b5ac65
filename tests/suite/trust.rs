//! Issue 24: verdicts to believe, counterexamples never lost, limits that hold. Each
//! test guards one defect that an adversarial pass found, and is named after it.

use crate::support::{retrocheck, stderr, stdout};
use std::path::Path;
use std::process::{Output, Stdio};

/// The corpus inputs and outputs saved under `root` (recursively), sorted.
fn saved_files(root: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let Ok(dirs) = std::fs::read_dir(root) else {
        return found;
    };
    for dir in dirs {
        let dir = dir.unwrap().path();
        if dir.is_dir() {
            for file in std::fs::read_dir(&dir).unwrap() {
                found.push(file.unwrap().path());
            }
        }
    }
    found.sort();
    found
}

/// Asserts that `root` holds exactly one saved case: an input and its `.out`.
fn one_case_saved(root: &Path, o: &Output) {
    let files = saved_files(root);
    assert_eq!(files.len(), 2, "{files:?}\n{}", stderr(o));
    assert!(files.iter().any(|f| f.extension().unwrap() == "out"), "{files:?}");
}

/// `diff --solver lifo` finds its bug in the first cases.
fn lifo_diff(corpus: &Path) -> std::process::Command {
    let mut command = retrocheck();
    command.args(["diff", "--solver", "lifo", "--cases", "200", "--corpus"]);
    command.arg(corpus);
    command
}

#[test]
fn a_counterexample_is_saved_before_it_is_printed_to_a_closed_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("c");
    let mut child = lifo_diff(&corpus)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader is gone before the first line is written.
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
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
    let mut child = retrocheck()
        .args(["stress", "game", "--cases", "200", "--solution", &wrong, "--save"])
        .arg(&corpus)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
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

/// Runs `command` with its files limited to `bytes` (RLIMIT_FSIZE, SIGXFSZ ignored so a
/// write past it fails with EFBIG), as a disk that fills up would.
fn with_file_size_limit(command: &mut std::process::Command, bytes: u64) -> Output {
    use std::os::unix::process::CommandExt;
    unsafe {
        command.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command.output().unwrap()
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
