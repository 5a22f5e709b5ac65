//! The binary under inputs an adversarial user gives — endless or huge input, absurd
//! sizes and thread counts, unwritable and shared corpora — each answered by a clear
//! error (exit 2) or a warning, never an abort, a hang, a flood or a lost report.

use crate::support::{run, spawn, stderr};
use std::io::Write;
use std::path::Path;
use std::process::Output;

/// Runs `args` with standard input fed `pattern` repeatedly, up to `most` bytes or
/// until the program stops reading; the output and how many bytes it took.
fn fed(args: &[&str], pattern: &[u8], most: usize) -> (Output, usize) {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let chunk = pattern.repeat(((1 << 16) / pattern.len()).max(1));
    let writer = std::thread::spawn(move || {
        let mut written = 0;
        while written < most {
            let start = written % chunk.len();
            let end = chunk.len().min(start + most - written);
            match stdin.write(&chunk[start..end]) {
                Ok(n) => written += n,
                Err(_) => break,
            }
        }
        written
    });
    let output = child.wait_with_output().unwrap();
    (output, writer.join().unwrap())
}

/// Regression: `yes | retrocheck solve game -` and `/dev/zero` were read whole (past
/// 2.4 GB) before the first line was parsed. Now the error comes at line 1, after the
/// program has taken a few buffers of the stream.
#[test]
fn endless_input_is_refused_at_line_1_without_reading_on() {
    const MOST: usize = 256 << 20;
    for (args, pattern, line) in [
        (&["solve", "game", "-"][..], &b"y\n"[..], "line 1:"),
        (&["solve", "game", "-"][..], &b"\0"[..], "line 1:"),
        (&["solve", "pursuit", "-"][..], &b"y\n"[..], "line 1:"),
        (&["solve", "minigame", "-"][..], &b"\0"[..], "line 1:"),
        (
            &["solve", "catmouse", "-"][..],
            &b"1\n"[..],
            "line 2 (test case 1)",
        ),
    ] {
        let (o, taken) = fed(args, pattern, MOST);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(line), "{args:?} {pattern:?}: {err}");
        assert!(
            taken < 16 << 20,
            "{args:?} {pattern:?}: took {taken} bytes of an endless input before refusing it"
        );
    }
    let o = run(&["solve", "game", "/dev/zero"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("/dev/zero: line 1: unexpected '\\x00'"),
        "{}",
        stderr(&o)
    );
}

/// Regression: a parse error used to echo its whole statement (a 100 MB line put 100 MB
/// on stderr). Now it quotes a few hundred bytes, escaped, and says how much it left
/// out.
#[test]
fn a_huge_bad_line_is_quoted_briefly() {
    let mut input = b"game 1;\n0 A ".to_vec();
    input.extend(b"1,".repeat(50 << 20));
    input.extend(b"\n");
    let (o, _) = fed(&["solve", "game", "-"], &input, input.len());
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{}", &err[..err.len().min(300)]);
    assert!(err.len() < 1000, "{} bytes on stderr", err.len());
    assert!(err.contains("line 2") && err.contains("more bytes)"), "{err}");
    let (o, _) = fed(&["solve", "pursuit", "-"], b"1\n2 1\n1 \x1b[31m\xff\n", 20);
    let err = stderr(&o);
    assert!(
        err.contains("line 3 (test case 1)") && err.contains("'\\x1b[31m\\xff'"),
        "{err}"
    );
}

/// Regression: sizes a user can type used to abort (SIGABRT, allocation failure).
#[test]
fn absurd_sizes_exit_2_before_allocating() {
    for args in [
        &[
            "generate",
            "game",
            "--family",
            "uniform",
            "--positions",
            "100000000000",
        ][..],
        &[
            "generate",
            "game",
            "--family",
            "uniform",
            "--positions",
            "2000000000",
        ][..],
        &[
            "diff",
            "--no-save",
            "--cases",
            "1",
            "--family",
            "uniform",
            "--min-positions",
            "1000000000",
            "--max-positions",
            "1000000000",
        ][..],
        &[
            "generate",
            "pursuit",
            "--vertices",
            "1000",
            "--edges",
            "18446744073709551615",
        ][..],
    ] {
        let o = run(args, "");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("positions") || err.contains("MiB"),
            "{args:?}: {err}"
        );
    }
}

/// Regression: `--threads 10000` took over 30 s for 10 cases.
#[test]
fn absurd_thread_counts_are_refused() {
    let o = run(&["diff", "--no-save", "--cases", "10", "--threads", "10000"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--threads 10000 is more than this machine can use"),
        "{}",
        stderr(&o)
    );
}

/// Regression: clamps used to be silent; they warn or refuse. `show` names itself;
/// messages read well.
#[test]
fn clamps_warn_or_refuse_and_messages_name_the_right_verb() {
    let o = run(&["generate", "pursuit", "--vertices", "2", "--edges", "5"], "");
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("warning: with 2 vertices at most 2 distinct edges fit"),
        "{}",
        stderr(&o)
    );
    for (args, needle) in [
        (
            &["diff", "--no-save", "--cases", "1", "--max-positions", "0"][..],
            "--max-positions must be at least 1",
        ),
        (
            &["diff", "--no-save", "--cases", "1", "--min-positions", "0"][..],
            "--min-positions must be at least 1",
        ),
        (
            &[
                "diff",
                "--no-save",
                "--cases",
                "1",
                "--min-positions",
                "9",
                "--max-positions",
                "3",
            ][..],
            "is above",
        ),
        (
            &[
                "diff",
                "--no-save",
                "--cases",
                "1",
                "--family",
                "exhaustive",
                "--max-positions",
                "9",
            ][..],
            "at most 6 positions",
        ),
        (
            &["generate", "game", "--positions", "0"][..],
            "--size must be at least 1",
        ),
    ] {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
    let dir = tempfile::tempdir().unwrap();
    let two = dir.path().join("pursuit").join("two.in");
    std::fs::create_dir_all(two.parent().unwrap()).unwrap();
    std::fs::write(&two, "2\n2 1\n1 2\n1 2\n2 1\n1 2\n1 2\n").unwrap();
    let o = run(&["show", two.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("2 test cases; show takes one"),
        "{}",
        stderr(&o)
    );
    let (o2, _) = fed(&["solve", "pursuit", "-"], b"1\n0 1\n", 6);
    assert!(
        stderr(&o2).contains("n, the vertex count of test case 1 of 1: 0 is too small"),
        "{}",
        stderr(&o2)
    );
    // A vertex with 20 or more digits of leading zeros is a vertex in an edge too.
    let zeros = "0".repeat(22);
    let input = format!("1\n2 1\n{zeros}1 {zeros}2\n{zeros}1 2\n");
    let (o, _) = fed(&["solve", "pursuit", "-"], input.as_bytes(), input.len());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let plain = "1\n2 1\n1 2\n1 2\n";
    let (p, _) = fed(&["solve", "pursuit", "-"], plain.as_bytes(), plain.len());
    assert_eq!(o.stdout, p.stdout);
    assert!(!o.stdout.is_empty());
}

fn diff_lifo(corpus: &Path) -> Output {
    run(
        &[
            "diff",
            "--solver",
            "lifo",
            "--cases",
            "1000",
            "--threads",
            "1",
            "--corpus",
            corpus.to_str().unwrap(),
        ],
        "",
    )
}

/// Regression: two campaigns saving the same case at once: one used to exit 2 with
/// "File exists" and lose its report. Both now find, print and save (or find saved) the
/// case.
#[test]
fn concurrent_campaigns_both_report_and_save() {
    for _ in 0..4 {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| diff_lifo(dir.path()));
            let b = s.spawn(|| diff_lifo(dir.path()));
            (a.join().unwrap(), b.join().unwrap())
        });
        for o in [a, b] {
            let out = String::from_utf8_lossy(&o.stdout);
            assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
            assert!(
                out.contains("saved as") || out.contains("already in the corpus as"),
                "{out}"
            );
        }
    }
}

/// Regression: with a corpus that cannot be written, `diff` never printed the shrunk
/// case. Now it prints it, then says why it could not save it.
#[test]
fn an_unwritable_corpus_still_prints_the_case() {
    let dir = tempfile::tempdir().unwrap();
    // A file where the corpus should be is refused before the campaign (issue 24).
    let file = dir.path().join("not-a-directory");
    std::fs::write(&file, "x").unwrap();
    let o = diff_lifo(&file.join("corpus"));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not-a-directory"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
    // A corpus that passes that check and still cannot be written (a symlink to
    // nowhere): the case is printed.
    let nowhere = dir.path().join("nowhere");
    std::os::unix::fs::symlink(dir.path().join("gone"), &nowhere).unwrap();
    let o = diff_lifo(&nowhere);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        out.contains("expected (the references' solution)") && out.contains("game "),
        "{out}"
    );
    assert!(stderr(&o).contains("not saved: the corpus"), "{}", stderr(&o));
}

/// Adversarial pass of issue 38 (M7, M9): RAYON_NUM_THREADS=100000 made `diff` spawn
/// threads for over a minute, past the cap `--threads` has; a blank `--solution` was
/// run by `sh` and judged a wrong answer. Both are refused before anything runs.
#[test]
fn a_huge_rayon_thread_count_and_a_blank_solution_are_refused() {
    let out = crate::support::retrocheck()
        .args(["diff", "--cases", "20"])
        .env("RAYON_NUM_THREADS", "100000")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("RAYON_NUM_THREADS=100000 is more than"),
        "{}",
        stderr(&out)
    );
    for blank in ["", "   "] {
        let out = run(&["stress", "pursuit", "--solution", blank, "--cases", "1"], "");
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("an empty command"), "{}", stderr(&out));
    }
}

/// Adversarial pass of issue 38 (M10): `show --svg FILE` said "wrote FILE" on the exit
/// status of `dot` alone; a `dot` that exits 0 and writes nothing is now an error, and
/// an earlier file at the name is left as it was, not taken for the new picture.
#[cfg(unix)]
#[test]
fn show_does_not_claim_an_svg_that_dot_did_not_write() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("dot");
    std::fs::write(&fake, "#!/bin/sh\ncat > /dev/null\nexit 0\n").unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        dir.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // An earlier picture at the name must not be taken for this one.
    let svg = dir.path().join("out.svg");
    std::fs::write(&svg, "<svg>an earlier picture</svg>").unwrap();
    let game = dir.path().join("one.game");
    std::fs::write(&game, "game 1;\n0 A ;\n").unwrap();
    let out = crate::support::retrocheck()
        .arg("show")
        .arg(&game)
        .arg("--svg")
        .arg(&svg)
        .env("PATH", path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("wrote nothing"), "{}", stderr(&out));
    assert!(
        !stderr(&out).contains(&format!("wrote {}", svg.display())),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::read_to_string(&svg).unwrap(),
        "<svg>an earlier picture</svg>"
    );
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left.len(), 3, "no temporary file is left behind: {left:?}");
}
