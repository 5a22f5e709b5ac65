//! Issue 38 ("Trust, round four"), the files and reports half: no planted file turns a
//! run against its user, a run that checks nothing is no pass, and `stress` reports a
//! long counterexample as the library does. (Its `merge` test is in `shards.rs`, with
//! every other.)

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

/// Regression (issue 38, item 11): a run that checked nothing passed with exit 0.
/// Nothing checked is no pass, as for a solver that refuses every case: status 3 and
/// "NOTHING CHECKED".
#[test]
fn a_run_that_checks_nothing_is_no_pass() {
    for args in [
        &["diff", "--no-save", "--cases", "0"][..],
        &["diff", "--no-save", "--time", "0s"],
        &["diff", "--no-save", "--shard", "5/100000", "--cases", "10"],
    ] {
        let o = retrocheck().args(args).output().unwrap();
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", stdout(&o));
        assert!(stdout(&o).contains("NOTHING CHECKED"), "{args:?}: {}", stdout(&o));
        assert!(
            stderr(&o).contains("nothing was checked"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    let program = format!("{} solve pursuit", crate::support::BIN);
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("stress.json");
    let o = retrocheck()
        .args([
            "stress",
            "pursuit",
            "--cases",
            "0",
            "--no-save",
            "--solution",
            &program,
            "--json",
        ])
        .arg(&json)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", stdout(&o));
    assert!(stdout(&o).contains("NOTHING CHECKED"), "{}", stdout(&o));
    let written: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(written["passed"], false, "{written}");
    // A shard with cases still passes.
    let o = retrocheck()
        .args(["diff", "--no-save", "--shard", "0/10", "--cases", "1"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("passed: no failure in 1 case\n"),
        "{}",
        stdout(&o)
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
    assert_eq!(first.status.code(), Some(1));
    assert!(stdout(&first).contains("\nsaved as "), "{}", stdout(&first));
    assert!(
        stdout(&again).contains("\nalready in the corpus as "),
        "{}",
        stdout(&again)
    );
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
    assert_eq!(first.status.code(), Some(1));
    assert!(stdout(&first).contains("\nsaved as "), "{}", stdout(&first));
    assert!(
        stdout(&again).contains("\nalready in the corpus as "),
        "{}",
        stdout(&again)
    );
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

/// Regression (issue 38, item 12): `stress game` printed a shrunk counterexample whole,
/// with scrambled ids: the 257-position chain of a solver with 8-bit remoteness in 387
/// lines. It prints it as the library's report does, cut to one screen (the first
/// lines, the differing output lines, the play), ids numbered from the failing
/// position, the rest in a private directory whose `report.txt` it names; and the
/// chain's contractions, all one game once numbered, are judged once (1,119 runs
/// before, 868 after).
#[test]
fn stress_game_cuts_a_long_counterexample_to_one_screen_numbered_from_the_failure() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = format!("{} solve game --solver remoteness-u8", crate::support::BIN);
    let o = retrocheck()
        .args(["stress", "game", "--solution", &wrong, "--save"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let failure: Vec<&str> = out
        .lines()
        .take_while(|l| !l.ends_with(" WA") && !l.contains(" inputs: "))
        .collect();
    assert!(failure.len() <= 60, "{} lines:\n{out}", failure.len());
    assert!(
        out.contains("to 257 positions, 256 moves:\n\ngame 257;\n0 A 1;\n1 A 2;\n"),
        "{out}"
    );
    assert!(out.contains("… (250 more lines)\n"), "{out}");
    assert!(out.contains("- 0 B 256 1\n+ 0 B 0 -\n"), "{out}");
    assert!(
        out.contains("the play from position 0 by the references' moves (257 positions)"),
        "{out}"
    );
    assert!(!out.contains("print the report whole with"), "{out}");
    let report = out
        .split("(the whole report: ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| panic!("no report file named:\n{out}"));
    let whole = std::fs::read_to_string(report).unwrap();
    assert!(whole.starts_with("game 257;\n0 A 1;\n"), "{whole}");
    assert_eq!(whole.lines().filter(|l| l.ends_with(';')).count(), 258);
    let runs: u64 = out
        .split(" runs, ")
        .next()
        .and_then(|head| head.rsplit('(').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no run count:\n{out}"));
    assert!(runs < 1000, "{runs} runs");
    let _ = std::fs::remove_dir_all(Path::new(report).parent().unwrap());
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
