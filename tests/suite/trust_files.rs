//! Issue 38 ("Trust, round four"), the files and reports half: no planted file turns a
//! run against its user, a run that checks nothing is no pass, `merge` checks the
//! campaign's case count, and `stress` reports a long counterexample as the library
//! does.

use crate::support::{retrocheck, stderr, stdout};
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `command` to its end, or kills it after `limit` and fails the test: a hang is
/// the bug some of these tests guard against.
fn within(mut command: std::process::Command, limit: Duration) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let o = child.wait_with_output().unwrap();
            panic!(
                "still running after {limit:?}:\n{}{}",
                stdout(&o),
                stderr(&o)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// `stress pursuit` of the example wrong solution with seed 11, which it shrinks to
/// the two-vertex input of `crate::stress`, saving into `save`.
fn stress_example(save: &Path) -> std::process::Command {
    let mut command = retrocheck();
    command
        .args(["stress", "pursuit", "--seed", "11", "--solution"])
        .arg(crate::stress::example())
        .arg("--save")
        .arg(save);
    command
}

/// The two-vertex input the example is shrunk to, and its corpus name.
const SHRUNK: &str = "1\n2 1\n1 2\n1 2\n";

/// Regression (issue 38, item 2): a FIFO, or a symbolic link to `/dev/zero`, at the
/// corpus name of the shrunk case (a content hash, in a directory the program under
/// test can write) made `stress` hang after "shrinking …" with nothing printed, or
/// read a gigabyte. It reports the failure, says the case could not be saved and why,
/// and leaves the planted file as it was.
#[cfg(unix)]
#[test]
fn a_fifo_or_a_dev_zero_link_at_the_corpus_name_does_not_hang_stress() {
    use std::os::unix::fs::FileTypeExt;
    let name = retrocheck::corpus::content_name(SHRUNK.as_bytes());
    for planted in ["fifo", "/dev/zero"] {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("corpus");
        std::fs::create_dir_all(save.join("pursuit")).unwrap();
        let at = save.join("pursuit").join(format!("{name}.in"));
        if planted == "fifo" {
            let path = std::ffi::CString::new(at.to_str().unwrap()).unwrap();
            // SAFETY: a valid C string.
            assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o644) }, 0);
        } else {
            std::os::unix::fs::symlink("/dev/zero", &at).unwrap();
        }
        let o = within(stress_example(&save), Duration::from_secs(120));
        let (out, err) = (stdout(&o), stderr(&o));
        assert_eq!(o.status.code(), Some(1), "{planted}: {out}{err}");
        assert!(out.contains("verdict: wrong answer"), "{planted}: {out}");
        assert!(
            err.contains("not saved in") && err.contains("not a regular file"),
            "{planted}: {err}"
        );
        let kind = std::fs::symlink_metadata(&at).unwrap().file_type();
        assert!(
            if planted == "fifo" { kind.is_fifo() } else { kind.is_symlink() },
            "{planted} replaced"
        );
        assert!(!at.with_extension("out").exists(), "a lone .out was left");
    }
}
