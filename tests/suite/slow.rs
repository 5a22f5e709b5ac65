//! The search for slow inputs (`stress --slow`): it finds and saves a time limit
//! exceeded of a program slow by construction, reports none for retrocheck's own
//! solver, and a plain campaign whose program came near the limit says so. The slow
//! programs burn CPU time (not wall-clock time), and their limits leave them three
//! times their CPU time on the clock, so a busy machine changes nothing.

use crate::support::{one_case_saved, run, saved_files, stderr, stdout, BIN};

/// Python that answers as the rest of its command line does: the input it read is fed
/// to that command, which replaces the Python process (its CPU time goes on counting).
const ANSWER: &str = r#"
r, w = os.pipe()
os.write(w, data)
os.close(w)
os.dup2(r, 0)
os.execvp(sys.argv[1], sys.argv[1:])
"#;

/// A catmouse solution, right (see [`ANSWER`]) and slow by construction: it burns CPU
/// time until it has used n³ / 50,000 s since it started, n the nodes of its largest
/// board, so a board of 37 nodes or more (1.01 s) exceeds a limit of 1 s and one of 36
/// or fewer (0.93 s) does not.
const CUBIC: &str = r#"import os, sys, time
data = sys.stdin.buffer.read()
tokens = iter(data.split())
largest = 0
for _ in range(int(next(tokens))):
    n = int(next(tokens))
    largest = max(largest, n)
    for _ in range(n):
        for _ in range(int(next(tokens))):
            next(tokens)
while time.process_time() < largest ** 3 / 50_000:
    pass
"#;

/// A catmouse solution, right and steady: 1.2 s of CPU time on every input, 60% of the
/// limit of 2 s.
const STEADY: &str = r#"import os, sys, time
data = sys.stdin.buffer.read()
while time.process_time() < 1.2:
    pass
"#;

/// `body` then [`ANSWER`] written as `dir/name`, and the command that runs it with
/// retrocheck's own solver answering.
fn python(dir: &std::path::Path, name: &str, body: &str) -> String {
    let script = dir.join(name);
    std::fs::write(&script, format!("{body}{ANSWER}")).unwrap();
    format!("python3 {} {BIN} solve catmouse", script.display())
}

/// The nodes of the one board of a saved catmouse input.
fn nodes(input: &str) -> u64 {
    let mut tokens = input.split_whitespace();
    assert_eq!(tokens.next(), Some("1"), "one test case: {input}");
    tokens.next().unwrap().parse().unwrap()
}

#[test]
fn slow_finds_and_saves_a_time_limit_exceeded() {
    let dir = tempfile::tempdir().unwrap();
    let program = python(dir.path(), "cubic.py", CUBIC);
    let save = dir.path().join("corpus");
    let o = run(
        &[
            "stress",
            "catmouse",
            "--solution",
            &program,
            "--slow",
            "--timeout",
            "1s",
            "--cases",
            "8",
            "--shrink-time",
            "5s",
            "--save",
            save.to_str().unwrap(),
        ],
        "",
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}\n{}", stderr(&o));
    assert!(
        out.contains("TIME LIMIT EXCEEDED on an input the search for slow inputs found"),
        "{out}"
    );
    assert!(out.contains("verdict: time limit exceeded"), "{out}");
    one_case_saved(&save, &o);
    // The saved board is one the program is slow on: shrinking kept the time limit
    // exceeded, so it has at least 37 nodes (36 with a few milliseconds to spare).
    let input = saved_files(&save)
        .into_iter()
        .find(|f| f.extension().unwrap() == "in")
        .unwrap();
    let n = nodes(&std::fs::read_to_string(input).unwrap());
    assert!((36..=50).contains(&n), "{n} nodes\n{out}");
}

#[test]
fn slow_reports_no_time_limit_for_retrocheck_solve() {
    let save = tempfile::tempdir().unwrap();
    let solver = format!("{BIN} solve catmouse");
    let o = run(
        &[
            "stress",
            "catmouse",
            "--solution",
            &solver,
            "--slow",
            "--cases",
            "12",
            "--save",
            save.path().to_str().unwrap(),
        ],
        "",
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{}", stderr(&o));
    assert!(
        out.contains("no input exceeded the time limit in 12 runs"),
        "{out}"
    );
    assert!(
        out.contains("slowest input:") && out.contains("% of the limit of 2.00 s"),
        "{out}"
    );
    assert!(
        saved_files(save.path()).is_empty(),
        "nothing failed, nothing saved"
    );
}

#[test]
fn a_campaign_near_the_limit_suggests_slow() {
    let dir = tempfile::tempdir().unwrap();
    let near = python(dir.path(), "steady.py", STEADY);
    let fast = format!("{BIN} solve catmouse");
    let campaign = |program: &str| {
        run(
            &[
                "stress",
                "catmouse",
                "--solution",
                program,
                "--cases",
                "2",
                "--no-save",
            ],
            "",
        )
    };
    let o = campaign(&near);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{}", stderr(&o));
    assert!(out.contains("near the time limit: input"), "{out}");
    assert!(out.contains("--slow searches for one"), "{out}");
    let o = campaign(&fast);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}\n{}", stderr(&o));
    assert!(!out.contains("near the time limit"), "{out}");
}
