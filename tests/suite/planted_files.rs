//! Planted files (issue 38): a FIFO, a device or a link where retrocheck reads or
//! writes a corpus file turns no run against its user — no hang, no gigabyte read, the
//! planted file left as it was.

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
            panic!("still running after {limit:?}:\n{}{}", stdout(&o), stderr(&o));
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
    let name = retrocheck::internals::corpus::content_name(SHRUNK.as_bytes());
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
            if planted == "fifo" {
                kind.is_fifo()
            } else {
                kind.is_symlink()
            },
            "{planted} replaced"
        );
        assert!(!at.with_extension("out").exists(), "a lone .out was left");
    }
}

/// Makes a FIFO at `path`.
#[cfg(unix)]
fn mkfifo(path: &std::path::Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
}

/// Adversarial pass of issue 38 (M4): `replay` of a FIFO named on its own said "Not a
/// directory (os error 20)", while the same FIFO inside a directory was "BAD …: not a
/// regular file". Both say what the file is now, at once.
#[cfg(unix)]
#[test]
fn replay_of_a_fifo_named_on_its_own_says_it_is_not_a_regular_file() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("x.game");
    mkfifo(&fifo);
    let o = within(
        {
            let mut c = retrocheck();
            c.arg("replay").arg(&fifo);
            c
        },
        Duration::from_secs(60),
    );
    let (out, err) = (stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(2), "{out}{err}");
    assert!(out.contains("not a regular file"), "{out}{err}");
    assert!(!err.contains("Not a directory"), "{err}");
    assert!(err.contains("1 corpus file cannot be used"), "{err}");
}

/// Adversarial pass of issue 38 (M5): a FIFO in the text corpus ended `fuzz-seeds`
/// with nothing seeded, where `replay` skips it as BAD; and a symbolic link planted at
/// a seed's content name was counted as that seed already there. The FIFO is named and
/// skipped (the rest seeded, exit 2), and the link is refused and left as it was.
#[cfg(unix)]
#[test]
fn fuzz_seeds_skips_a_fifo_and_refuses_a_planted_link() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    std::fs::create_dir_all(corpus.join("games")).unwrap();
    let game = "game 2;\n0 A 1;\n1 B;\n";
    std::fs::write(corpus.join("games").join("a.game"), game).unwrap();
    mkfifo(&corpus.join("games").join("ff.game"));
    let seed = |out: &std::path::Path| {
        within(
            {
                let mut c = retrocheck();
                c.arg("fuzz-seeds")
                    .arg("--corpus")
                    .arg(&corpus)
                    .arg("--out")
                    .arg(out);
                c
            },
            Duration::from_secs(60),
        )
    };
    let out = dir.path().join("fuzz");
    let o = seed(&out);
    let (text, err) = (stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(2), "{text}{err}");
    assert!(
        text.contains("BAD") && text.contains("ff.game") && text.contains("a FIFO"),
        "{text}"
    );
    assert!(
        text.contains("1 for game_format"),
        "the readable game was not seeded: {text}"
    );
    assert!(err.contains("1 corpus file not read"), "{err}");

    // A link at the game's seed name, pointing at a file of the victim's.
    let planted = dir.path().join("fuzz2");
    let name = retrocheck::internals::corpus::content_name(game.as_bytes());
    std::fs::create_dir_all(planted.join("game_format")).unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "mine").unwrap();
    let link = planted.join("game_format").join(&name);
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    std::fs::remove_file(corpus.join("games").join("ff.game")).unwrap();
    let o = seed(&planted);
    let (text, err) = (stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(2), "{text}{err}");
    assert!(
        err.contains("a symbolic link") && err.contains("left untouched"),
        "{err}"
    );
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "mine");
}
