//! The `retrocheck` binary: exit statuses, and a one-line error naming the line for
//! every class of malformed input, never a panic.

use crate::support::{retrocheck, run, stderr, stdout, BIN};
use std::process::{Command, Output, Stdio};

/// Asserts exit status 2, no output, and one line of error naming `line`.
fn rejected(args: &[&str], input: &str, line: usize, needle: &str) {
    let o = run(args, input);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?} {input:?}: {err}");
    assert!(stdout(&o).is_empty(), "{args:?} {input:?} printed {}", stdout(&o));
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        err.contains(&format!("line {line}")),
        "{input:?}: expected line {line} in {err}"
    );
    assert!(err.contains(needle), "{input:?}: expected {needle:?} in {err}");
}

#[test]
fn solve_game_prints_the_design_example_solution() {
    let game = "game 4;\n0 A 1,2,3;\n1 B 0,0,1;\n2 A ;\n3 B =A;\ndraw B;\n";
    let o = run(&["solve", "game", "-"], game);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "0 A 1 3\n1 B - 1\n2 B 0 -\n3 A 0 -\n");
}

#[test]
fn malformed_game_files_exit_2_naming_the_line() {
    rejected(
        &["solve", "game", "-"],
        "game 2;\n0 A 1;\n",
        2,
        "position 1 is missing",
    );
    rejected(
        &["solve", "game", "-"],
        "game 2;\n0 A 5;\n1 A ;\n",
        2,
        "out of range",
    );
}

#[test]
fn solve_pursuit_and_minigame_print_the_judges_output_byte_for_byte() {
    let sample =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/pursuit/sample.in")).unwrap();
    let o = run(&["solve", "pursuit"], &sample);
    assert_eq!(stdout(&o), "Case #1: Yes\nCase #2: No\nCase #3: Yes\n");
    let sample =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/minigame/sample.in")).unwrap();
    let o = run(&["solve", "minigame", "-"], &sample);
    assert_eq!(stdout(&o), "DDD\nBADB\nBAABB\n");
}

#[test]
fn every_malformed_contest_input_class_exits_2_naming_the_line() {
    let p = &["solve", "pursuit", "-"];
    let m = &["solve", "minigame", "-"];
    // Fewer test cases than T declares.
    rejected(p, "2\n2 1\n1 2\n1 2\n", 4, "test case 2 of 2");
    // More edges than m declares: the leftover is reported after the last case.
    rejected(p, "1\n2 1\n1 2\n2 1\n1 2\n", 5, "after the last test case");
    // A vertex out of range.
    rejected(p, "1\n2 1\n1 3\n1 2\n", 3, "out of range");
    rejected(m, "1\n2 1\n0 1\nAAAAAA\n000000\n", 3, "out of range");
    // Bad ord and act strings.
    rejected(m, "1\n1 1\n1 1\nAAXAAA\n000000\n", 4, "expected ord");
    rejected(m, "1\n1 1\n1 1\nAAAAA\n000000\n", 4, "expected ord");
    rejected(m, "1\n1 1\n1 1\nAAAAAA\n000200\n", 5, "expected act");
    // Truncated input.
    rejected(p, "1\n3 2\n1 2\n", 3, "end of the input");
    rejected(m, "1\n1 1\n1 1\nAAAAAA\n", 4, "end of the input");
    // Non-numeric tokens.
    rejected(p, "x\n", 1, "a number");
    rejected(p, "1\n2 1\n1 b\n1 2\n", 3, "found 'b'");
    // Numbers too large.
    rejected(p, "1\n99999999999999999999999 1\n", 2, "too large");
    rejected(p, "1\n5000000000 1\n1 2\n1 2\n", 2, "too large");
}

#[test]
fn an_instance_too_large_for_memory_is_refused_before_allocating() {
    let o = run(&["solve", "pursuit", "-"], "1\n4000000 1\n1 2\n1 2\n");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("too large"), "{}", stderr(&o));
}

#[test]
fn bad_usage_exits_2_and_help_exits_0() {
    assert_eq!(run(&["solve", "nonsense"], "").status.code(), Some(2));
    assert_eq!(run(&["--no-such-flag"], "").status.code(), Some(2));
    let help = run(&["solve", "--help"], "");
    assert_eq!(help.status.code(), Some(0));
    assert!(stdout(&help).contains("pursuit"));
}

/// Found while scripting the fuzz smoke: `retrocheck … | grep -q` panicked on the
/// closed pipe. A reader that goes away must end us quietly, like any Unix tool
/// (status 141, as a death by SIGPIPE).
#[test]
fn a_closed_output_pipe_is_not_a_panic() {
    use std::io::Read;
    let mut child = retrocheck()
        .args(["generate", "game", "--positions", "200000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The pipe is closed here, long before the 200,000 positions are printed.
    let out = child.wait_with_output().unwrap();
    assert_eq!(&first[..5], b"game ");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("panicked"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !out.status.success(),
        "the write to the closed pipe ends the process"
    );
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let o = run(&["solve", "game", "/no/such/file.game"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/no/such/file.game"), "{}", stderr(&o));
}

#[test]
fn diff_reports_and_on_a_bug_shrinks_saves_and_the_saved_case_replays() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("summary.json");
    let corpus = dir.path().join("corpus");
    let (json_arg, corpus_arg) = (json.to_str().unwrap(), corpus.to_str().unwrap());

    let pass = run(
        &[
            "diff",
            "--cases",
            "800",
            "--max-positions",
            "30",
            "--tables",
            "--json",
            json_arg,
        ],
        "",
    );
    assert_eq!(pass.status.code(), Some(0), "{}", stderr(&pass));
    // Families take turns: the first 800 mod F of them get one case more.
    let seeded = retrocheck::internals::generate::Family::SEEDED;
    let cycles = 800 / seeded.len() + usize::from(6 < 800 % seeded.len());
    assert!(
        stdout(&pass).contains(&format!("| cycles | {cycles} |")),
        "{}",
        stdout(&pass)
    );
    let summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(summary["passed"], true);
    assert_eq!(summary["cases"], 800);
    assert_eq!(summary["families"].as_array().unwrap().len(), seeded.len());

    let fail = run(
        &[
            "diff", "--solver", "planted", "--cases", "20000", "--corpus", corpus_arg,
        ],
        "",
    );
    assert_eq!(fail.status.code(), Some(1), "{}", stderr(&fail));
    let report = stdout(&fail);
    assert!(
        report.contains("FAILED at case") && report.contains("saved as"),
        "{report}"
    );
    let saved = std::fs::read_dir(corpus.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path());
    let game = saved
        .into_iter()
        .find(|p| p.extension().unwrap() == "game")
        .unwrap();

    // The optimized solver passes the saved case; the planted bug still fails it, and
    // it is already 1-minimal.
    let replay = run(&["replay", corpus_arg], "");
    assert_eq!(replay.status.code(), Some(0), "{}", stdout(&replay));
    let again = run(
        &[
            "shrink",
            "--solver",
            "planted",
            "--no-save",
            game.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(again.status.code(), Some(1));
    assert!(stdout(&again).contains("shrunk in 0 steps"), "{}", stdout(&again));
    // The flag decided, so the report says so rather than the API's environment hint.
    assert!(
        stdout(&again).trim_end().ends_with("(not saved: --no-save)"),
        "{}",
        stdout(&again)
    );
}

#[test]
fn the_new_problems_samples_through_the_binary_byte_for_byte() {
    let cases = [
        (
            "berzerk",
            "5\n2 3 2\n3 1 2 3\n",
            "Lose Win Win Loop\nLoop Win Win Win\n",
        ),
        (
            "berzerk",
            "8\n4 6 2 3 4\n2 3 6\n",
            "Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose\n",
        ),
        ("shiritori", "3\nabcd\nbcda\nada\n", "Aoki\nTakahashi\nDraw\n"),
        ("shiritori", "1\nABC\n", "Draw\n"),
        (
            "catmouse",
            "2\n6\n2 2 5\n1 3\n3 0 4 5\n3 1 4 5\n2 2 3\n3 0 2 3\n4\n2 1 3\n1 0\n1 3\n2 0 2\n",
            "0\n1\n",
        ),
    ];
    for (problem, input, expected) in cases {
        let o = run(&["solve", problem, "-"], input);
        assert_eq!(o.status.code(), Some(0), "{problem}: {}", stderr(&o));
        assert_eq!(stdout(&o), expected, "{problem} {input:?}");
    }
}

#[test]
fn the_new_problems_reject_malformed_input_with_the_line() {
    rejected(
        &["solve", "berzerk", "-"],
        "5\n2 3 2\n3 1 x 3\n",
        3,
        "Morty's step length 2 of 3",
    );
    rejected(
        &["solve", "berzerk", "-"],
        "5\n2 3 2\n",
        2,
        "Morty's step lengths",
    );
    rejected(
        &["solve", "shiritori", "-"],
        "3\nabcd\nb1da\nada\n",
        3,
        "word 2 of 3",
    );
    rejected(&["solve", "shiritori", "-"], "2\nabcd\n", 2, "word 2 of 2");
    rejected(
        &["solve", "catmouse", "-"],
        "1\n4\n2 1 3\n1 0\n1 7\n2 0 2\n",
        5,
        "out of range",
    );
    rejected(&["solve", "catmouse", "-"], "1\n2\n1 1\n1 0\n", 2, "at least 3");
}

#[test]
fn fuzz_seeds_counts_what_it_writes_for_every_target() {
    // The summary once lumped berzerk, shiritori and catmouse inputs under
    // `minigame_input`: each target's count must be the files in its directory.
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().to_str().unwrap();
    let o = run(
        &[
            "fuzz-seeds",
            "--corpus",
            concat!(env!("CARGO_MANIFEST_DIR"), "/corpus"),
            "--out",
            dir,
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let summary = stdout(&o);
    for target in crate::support::fuzz_targets() {
        let target = target.as_str();
        let files = std::fs::read_dir(out.path().join(target)).map_or(0, |d| d.count());
        assert!(files > 0, "no seeds for {target}");
        assert!(
            summary.contains(&format!(" {files} for {target}")),
            "{target}: {files} files; {summary}"
        );
    }
}

/// A contest input in a regular file is mapped rather than read: named, redirected to
/// standard input, or redirected after a first line was read from it (standard input
/// then starts part-way into the file), it answers as the same bytes from a pipe do,
/// and its errors name the same lines.
#[test]
fn a_regular_file_answers_as_a_pipe_does_from_where_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let good = "3\nabcd\nbcda\nada\n";
    let bad = "2\nabcd\nab-d\n";
    for (name, input) in [("good", good), ("bad", bad)] {
        let piped = run(&["solve", "shiritori", "-"], input);
        let file = dir.path().join(format!("{name}.in"));
        std::fs::write(&file, input).unwrap();
        let named = retrocheck()
            .args(["solve", "shiritori"])
            .arg(&file)
            .output()
            .unwrap();
        let redirected = retrocheck()
            .args(["solve", "shiritori", "-"])
            .stdin(std::fs::File::open(&file).unwrap())
            .output()
            .unwrap();
        let shifted_file = dir.path().join(format!("{name}-after-a-line.in"));
        std::fs::write(&shifted_file, format!("a first line to skip\n{input}")).unwrap();
        let shifted = Command::new("sh")
            .arg("-c")
            .arg(r#"{ read -r skip; exec "$0" solve shiritori -; } < "$1""#)
            .arg(BIN)
            .arg(&shifted_file)
            .output()
            .unwrap();
        for out in [&named, &redirected, &shifted] {
            assert_eq!(out.status.code(), piped.status.code(), "{name}: {out:?}");
            assert_eq!(out.stdout, piped.stdout, "{name}: {out:?}");
        }
        let error = |o: &Output| {
            let text = String::from_utf8_lossy(&o.stderr).to_string();
            text[text.find("line").unwrap_or(0)..].to_string()
        };
        assert_eq!(error(&redirected), error(&piped), "{name}");
        assert_eq!(error(&shifted), error(&piped), "{name}");
        assert_eq!(error(&named), error(&piped), "{name}");
    }
    assert_eq!(
        String::from_utf8_lossy(&run(&["solve", "shiritori", "-"], good).stdout),
        "Aoki\nTakahashi\nDraw\n"
    );
}

/// Issue 37: `stress --help` hand-copied each problem's time limit and default size,
/// which drift when a problem changes or is added; they are made from the registry, and
/// every registered problem's figures are there.
#[test]
fn stress_help_gives_every_problems_time_limit_and_default_size() {
    let help = stdout(&run(&["stress", "--help"], ""));
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    struct Figures;
    impl retrocheck::internals::builtin::Visit for Figures {
        type Output = (String, String);
        fn visit<T: retrocheck::contest::Contest + retrocheck::problems::Registered>(
            self,
        ) -> (String, String) {
            (
                format!(
                    "{} {}",
                    T::NAME,
                    retrocheck::text::thousands(u64::from(T::DEFAULT_MAX_SIZE))
                ),
                humantime_like(T::TIME_LIMIT),
            )
        }
    }
    fn humantime_like(d: std::time::Duration) -> String {
        format!("{}s", d.as_secs())
    }
    for problem in retrocheck::problems::Problem::ALL {
        let (size, limit) = retrocheck::internals::builtin::visit(problem, Figures);
        assert!(help.contains(&size), "--max-size does not give {size}: {help}");
        let timeout = help.split("--timeout").nth(1).unwrap_or_default();
        let timeout = &timeout[..timeout.find("--memory-limit").unwrap_or(timeout.len())];
        // Problems share a limit in a group: "pursuit, shiritori, catmouse 2s, …".
        let after = &timeout[timeout.find(problem.name()).expect("the problem is named")..];
        let named = after.split([' ', ',', ';']).find(|w| {
            w.len() > 1 && w.ends_with('s') && w[..w.len() - 1].bytes().all(|b| b.is_ascii_digit())
        }) == Some(limit.as_str());
        assert!(
            named,
            "--timeout does not give {} {limit}: {timeout}",
            problem.name()
        );
    }
}

/// `diff` of a solver that refuses every case (minimax on games of 10^4 positions and
/// more) said "passed: 50 cases checked … no failure in 50 cases" and exited 0, with
/// nothing checked. It now says so, with the status of a run that could not judge.
#[test]
fn diff_of_a_solver_that_refuses_every_case_is_no_pass() {
    let o = retrocheck()
        .args([
            "diff",
            "--solver",
            "minimax",
            "--family",
            "large",
            "--cases",
            "3",
            "--no-save",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("0 cases checked (3 more refused by the solver)"),
        "{}",
        stdout(&o)
    );
    assert!(!stdout(&o).contains("passed"), "{}", stdout(&o));
    assert!(stderr(&o).contains("nothing was checked"), "{}", stderr(&o));
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
