//! `stress` verdicts and limits to believe (issue 24): a flaky program is never
//! accepted, a reference is blamed for its own faults, time limits and durations hold
//! at their extremes, memory limits say what they are, and a failing input is confirmed
//! once. The rest of `stress` is tested in `stress.rs`.

use crate::support::{one_case_saved, retrocheck, saved_files, stderr, stdout, with_limit};
use std::path::Path;
use std::process::Output;

/// A program that solves games right but prints a wrong answer on every fourth run
/// (counted in a file of the test's directory), as uninitialised memory makes a C++
/// program do.
fn flaky_program(dir: &Path) -> String {
    let script = dir.join("flaky.sh");
    std::fs::write(
        &script,
        format!(
            "n=$(cat '{count}' 2>/dev/null || echo 0)\necho $((n + 1)) > '{count}'\nif [ $((n % 4)) -eq 3 ]; then cat > /dev/null; echo wrong; else exec '{bin}' solve game; fi\n",
            count = dir.join("count").display(),
            bin = crate::support::BIN
        ),
    )
    .unwrap();
    format!("sh '{}'", script.display())
}

#[test]
fn a_flaky_program_is_reported_as_not_deterministic_never_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("c");
    let json = dir.path().join("report.json");
    let o = retrocheck()
        .args(["stress", "game", "--cases", "100", "--solution"])
        .arg(flaky_program(dir.path()))
        .arg("--save")
        .arg(&corpus)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    let report = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{report}\n{}", stderr(&o));
    assert!(!report.contains("verdict: accepted"), "{report}");
    assert!(report.contains("not deterministic"), "{report}");
    let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let shrunk = &file["failure"]["shrunk"];
    assert_ne!(shrunk["verdict"], "AC", "{file}");
    assert!(
        shrunk["failed_reruns"].as_u64().unwrap() < shrunk["reruns"].as_u64().unwrap(),
        "{file}"
    );
    // The input saved is one the program failed: the one found, not shrunk on noise.
    let saved = saved_files(&corpus);
    let game = saved.iter().find(|f| f.extension().unwrap() == "game").unwrap();
    assert_eq!(
        std::fs::read_to_string(game).unwrap(),
        shrunk["input"].as_str().unwrap()
    );
    let index = file["failure"]["index"].as_u64().unwrap().to_string();
    let regenerated = retrocheck()
        .args([
            "generate",
            "game",
            "--seed",
            "0",
            "--index",
            &index,
            "--max-size",
            "1000",
        ])
        .output()
        .unwrap();
    assert_eq!(stdout(&regenerated), shrunk["input"].as_str().unwrap());
}

/// `stress game` with a right solution and `reference` as the reference.
fn stress_with_reference(reference: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let solution = format!("'{}' solve game", crate::support::BIN);
    retrocheck()
        .args([
            "stress",
            "game",
            "--cases",
            "40",
            "--solution",
            &solution,
            "--reference",
            reference,
            "--save",
        ])
        .arg(dir.path().join("c"))
        .output()
        .unwrap()
}

#[test]
fn a_reference_that_prints_nothing_is_blamed_not_the_solution() {
    let o = stress_with_reference("cat > /dev/null");
    assert_eq!(o.status.code(), Some(3), "{}\n{}", stdout(&o), stderr(&o));
    assert!(
        stderr(&o).contains("the reference `cat > /dev/null` is wrong"),
        "{}",
        stderr(&o)
    );
    assert!(!stdout(&o).contains("wrong answer"), "{}", stdout(&o));
}

#[test]
fn a_wrong_reference_is_named_as_the_one_that_disagrees_with_the_proven_answer() {
    let reference = format!("'{}' solve game --solver lifo", crate::support::BIN);
    let o = stress_with_reference(&reference);
    assert_eq!(o.status.code(), Some(3), "{}\n{}", stdout(&o), stderr(&o));
    assert!(
        stderr(&o).contains("differs from retrocheck's proven answer"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_crashing_reference_exits_with_a_status_of_its_own() {
    let o = stress_with_reference("cat > /dev/null; exit 7");
    assert_eq!(o.status.code(), Some(3), "{}\n{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).contains("the reference"), "{}", stderr(&o));
}

/// 2^64 − 1 seconds: a duration `humantime` accepts and the clock cannot add.
const FOREVER: &str = "18446744073709551615s";

#[test]
fn durations_of_2_64_seconds_are_no_panic_and_lose_no_failure() {
    let dir = tempfile::tempdir().unwrap();
    let o = retrocheck()
        .args([
            "diff",
            "--cases",
            "10",
            "--max-positions",
            "20",
            "--time",
            FOREVER,
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "--time: {}", stderr(&o));
    let wrong = format!("'{}' solve game --solver lifo", crate::support::BIN);
    for flag in ["--timeout", "--shrink-time", "--time"] {
        let corpus = dir.path().join(flag.trim_start_matches('-'));
        let o = retrocheck()
            .args([
                "stress",
                "game",
                "--cases",
                "50",
                "--solution",
                &wrong,
                flag,
                FOREVER,
                "--save",
            ])
            .arg(&corpus)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{flag}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{flag}: {}", stderr(&o));
        one_case_saved(&corpus, &o);
    }
}

#[test]
fn time_bounds_the_search_and_the_shrink_not_a_batch_of_runs_later() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    // A program that never ends, counting its runs.
    let endless = format!("echo run >> '{}'; exec sleep 1000", runs.display());
    let o = retrocheck()
        .args([
            "stress",
            "pursuit",
            "--jobs",
            "2",
            "--time",
            "1s",
            "--timeout",
            "1s",
            "--solution",
            &endless,
            "--save",
        ])
        .arg(dir.path().join("c"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}\n{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("time limit"), "{}", stdout(&o));
    // The probe takes the whole second: then only the campaign's first input runs (and
    // the second, started beside it), and the shrink, which gets --time too, stops
    // after the run in flight. A batch of 4 × 2 runs used to follow, then the shrink.
    let started = std::fs::read_to_string(&runs).unwrap().lines().count();
    assert!(started <= 4, "{started} runs");
}

#[test]
fn a_memory_limit_above_the_hard_limit_says_so() {
    let o = with_limit(
        retrocheck().args([
            "stress",
            "pursuit",
            "--solution",
            "cat",
            "--cases",
            "1",
            "--memory-limit",
            "4G",
        ]),
        libc::RLIMIT_AS,
        2 << 30,
    );
    assert_eq!(o.status.code(), Some(2), "{}\n{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).contains("hard limit"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("Operation not permitted"), "{}", stderr(&o));
}

#[test]
fn a_program_that_prints_cannot_allocate_memory_is_no_memory_limit() {
    let dir = tempfile::tempdir().unwrap();
    let o = retrocheck()
        .args([
            "stress",
            "pursuit",
            "--cases",
            "1",
            "--memory-limit",
            "256M",
            "--shrink-time",
            "1ms",
            "--solution",
            "cat > /dev/null; echo 'Cannot allocate memory' >&2; exit 1",
            "--save",
        ])
        .arg(dir.path().join("c"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("verdict: runtime error"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("memory limit"), "{}", stdout(&o));
}

/// A failing input that does not shrink at all was confirmed twice: the found input
/// was run 4 more times before shrinking and the same input 4 more after (10 runs of
/// it with the probe, each up to `--timeout`). It is run by the probe, once to be
/// found and 4 times to be confirmed: 6.
#[test]
fn an_input_that_does_not_shrink_is_confirmed_once() {
    let dir = tempfile::tempdir().unwrap();
    let first = retrocheck()
        .args([
            "generate",
            "pursuit",
            "--seed",
            "0",
            "--index",
            "0",
            "--max-size",
            "10",
        ])
        .output()
        .unwrap();
    let target = dir.path().join("input");
    std::fs::write(&target, &first.stdout).unwrap();
    let log = dir.path().join("log");
    let program = dir.path().join("only_this.py");
    std::fs::write(
        &program,
        format!(
            r#"import subprocess, sys
data = sys.stdin.buffer.read()
same = data == open("{target}", "rb").read()
open("{log}", "a").write("same\n" if same else "other\n")
answer = subprocess.run(["{bin}", "solve", "pursuit", "-"], input=data, capture_output=True).stdout
sys.stdout.buffer.write(answer + b"extra\n" if same else answer)
"#,
            target = target.display(),
            log = log.display(),
            bin = crate::support::BIN
        ),
    )
    .unwrap();
    let o = retrocheck()
        .args([
            "stress",
            "pursuit",
            "--max-size",
            "10",
            "--cases",
            "1",
            "--timeout",
            "10s",
        ])
        .arg("--solution")
        .arg(format!("/usr/bin/python3 {}", program.display()))
        .arg("--save")
        .arg(dir.path().join("c"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}\n{}", stdout(&o), stderr(&o));
    let log = std::fs::read_to_string(&log).unwrap();
    assert_eq!(log.lines().filter(|l| *l == "same").count(), 6, "{}", stdout(&o));
}
