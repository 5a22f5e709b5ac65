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

/// Runs `command` with `resource` limited to `bytes` (SIGXFSZ ignored, so that a write
/// past RLIMIT_FSIZE fails with EFBIG, as on a full disk).
fn with_limit(
    command: &mut std::process::Command,
    resource: libc::__rlimit_resource_t,
    bytes: u64,
) -> Output {
    limited(command, resource, bytes).output().unwrap()
}

/// `command`, set to start with `resource` limited to `bytes` (and SIGXFSZ ignored).
fn limited(
    command: &mut std::process::Command,
    resource: libc::__rlimit_resource_t,
    bytes: u64,
) -> &mut std::process::Command {
    use std::os::unix::process::CommandExt;
    unsafe {
        command.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(resource, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command
}

/// [`with_limit`] of the files' size, as a disk that fills up.
fn with_file_size_limit(command: &mut std::process::Command, bytes: u64) -> Output {
    with_limit(command, libc::RLIMIT_FSIZE, bytes)
}

/// `ulimit -v 1000000`: the address space the issue's limits must hold under.
const ULIMIT_V: u64 = 1_000_000 * 1024;

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
fn solve_threads_are_checked_as_diff_threads_are() {
    let game = "game 1;\n0 A ;\n";
    let most = retrocheck::internals::sizes::max_threads();
    for threads in [
        "0".to_string(),
        (most + 1).to_string(),
        "3000".into(),
        "10000".into(),
    ] {
        for verb in [
            &["solve", "game", "-"][..],
            &["solve", "pursuit", "-"][..],
            &["diff", "--cases", "1"][..],
        ] {
            let mut args = verb.to_vec();
            args.extend(["--threads", &threads]);
            let o = crate::support::run(&args, game);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
            assert!(stderr(&o).contains("--threads"), "{args:?}: {}", stderr(&o));
        }
    }
}

#[test]
fn generate_index_refuses_the_sizes_stress_refuses() {
    use std::io::Read;
    let size = u32::MAX.to_string();
    for what in ["game", "pursuit", "catmouse"] {
        let stress = retrocheck()
            .args([
                "stress",
                what,
                "--solution",
                "cat",
                "--beyond-limits",
                "--max-size",
                &size,
            ])
            .output()
            .unwrap();
        assert_eq!(
            stress.status.code(),
            Some(2),
            "stress {what}: {}",
            stderr(&stress)
        );
        let mut child = retrocheck()
            .args([
                "generate",
                what,
                "--index",
                "3",
                "--beyond-limits",
                "--max-size",
                &size,
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // At most a MiB is read: an input written for ever must not fill the disk.
        let mut written = Vec::new();
        child
            .stdout
            .take()
            .unwrap()
            .take(1 << 20)
            .read_to_end(&mut written)
            .unwrap();
        if written.len() == 1 << 20 {
            child.kill().unwrap();
        }
        let o = child.wait_with_output().unwrap();
        assert!(
            written.is_empty(),
            "generate {what} wrote {} bytes",
            written.len()
        );
        assert_eq!(o.status.code(), Some(2), "generate {what}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("--max-size"),
            "generate {what}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn a_huge_declared_pursuit_graph_is_refused_before_allocating() {
    let dir = tempfile::tempdir().unwrap();
    for n in ["1000000000", "4294967295"] {
        let file = dir.path().join(format!("{n}.in"));
        std::fs::write(&file, format!("1\n{n} 1\n1 2\n1 2\n")).unwrap();
        let o = with_limit(
            retrocheck().args(["solve", "pursuit"]).arg(&file),
            libc::RLIMIT_AS,
            ULIMIT_V,
        );
        assert_eq!(o.status.code(), Some(2), "n = {n}: {}", stderr(&o));
        assert!(stderr(&o).contains("too large"), "n = {n}: {}", stderr(&o));
    }
}

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

#[test]
fn a_long_token_is_read_from_a_pipe_as_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    // 200,000 leading zeros: unfinished at the stream reader's checks.
    let zeros = "0".repeat(200_000);
    let pursuit = format!("1\n{zeros}2 1\n1 2\n1 2\n");
    // One shiritori word of 200,000 letters.
    let shiritori = format!("2\n{}\nbcd\n", "b".repeat(200_000));
    for (what, input) in [("pursuit", pursuit), ("shiritori", shiritori)] {
        let file = dir.path().join(format!("{what}.in"));
        std::fs::write(&file, &input).unwrap();
        let from_file = retrocheck().args(["solve", what]).arg(&file).output().unwrap();
        let from_pipe = crate::support::run(&["solve", what, "-"], &input);
        assert_eq!(from_file.status.code(), Some(0), "{what}: {}", stderr(&from_file));
        assert_eq!(from_pipe.status.code(), Some(0), "{what}: {}", stderr(&from_pipe));
        assert_eq!(stdout(&from_file), stdout(&from_pipe), "{what}");
    }
}

#[test]
fn endless_inputs_outside_solve_are_refused_not_read_for_ever() {
    use std::io::Write;
    // /dev/zero as a fuzz artifact, under the issue's address-space limit.
    let o = with_limit(
        retrocheck().args(["shrink", "--fuzz-artifact", "/dev/zero"]),
        libc::RLIMIT_AS,
        ULIMIT_V,
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("larger than"), "{}", stderr(&o));
    // An endless stream of JSON white space to merge: 100 MiB of it here.
    let mut child = crate::support::spawn(&["merge", "-"]);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let spaces = vec![b' '; 1 << 20];
        for _ in 0..100 {
            if stdin.write_all(&spaces).is_err() {
                break;
            }
        }
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("larger than"), "{}", stderr(&o));
    // A corpus holding a symlink to /dev/zero and a FIFO: each a failing file, no hang.
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::os::unix::fs::symlink("/dev/zero", games.join("zero.game")).unwrap();
    let fifo = std::ffi::CString::new(games.join("fifo.game").to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    let o = with_limit(
        retrocheck().arg("replay").arg(dir.path()),
        libc::RLIMIT_AS,
        ULIMIT_V,
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).matches("not a regular file").count(),
        2,
        "{}",
        stdout(&o)
    );
}

#[test]
fn the_memory_ceiling_follows_rlimit_as() {
    // Three million positions: within three quarters of any machine that runs these
    // tests, and more than a 1 GB address space holds.
    for args in [
        &["generate", "game", "--positions", "3000000"][..],
        &[
            "stress",
            "game",
            "--solution",
            "cat",
            "--cases",
            "1",
            "--max-size",
            "3000000",
        ][..],
        &[
            "diff",
            "--family",
            "large",
            "--cases",
            "1",
            "--max-positions",
            "3000000",
            "--no-save",
        ][..],
    ] {
        let o = with_limit(retrocheck().args(args), libc::RLIMIT_AS, ULIMIT_V);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("more than"), "{args:?}: {}", stderr(&o));
        // The refusal names the limit to raise, not the machine's memory.
        assert!(stderr(&o).contains("`ulimit -v`"), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

/// `diff --shard i/2 --json` of a small campaign, with `extra` options; the JSON path.
fn shard(dir: &Path, i: u64, extra: &[&str]) -> std::path::PathBuf {
    let json = dir.join(format!("shard-{i}-{}.json", extra.join("_").replace('/', "")));
    let o = retrocheck()
        .args([
            "diff",
            "--no-save",
            "--seed",
            "3",
            "--max-positions",
            "20",
            "--shard",
        ])
        .arg(format!("{i}/2"))
        .arg("--json")
        .arg(&json)
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    json
}

#[test]
fn merge_refuses_shards_of_other_campaigns_and_edited_summaries() {
    let dir = tempfile::tempdir().unwrap();
    let merge = |files: &[&Path]| retrocheck().arg("merge").args(files).output().unwrap();
    let a = shard(dir.path(), 0, &["--cases", "40"]);
    let b = shard(dir.path(), 1, &["--cases", "40"]);
    assert_eq!(
        merge(&[&a, &b]).status.code(),
        Some(0),
        "{}",
        stderr(&merge(&[&a, &b]))
    );
    for other in [
        shard(dir.path(), 1, &["--cases", "41"]),
        shard(dir.path(), 1, &["--cases", "40", "--family", "uniform,dag"]),
        shard(dir.path(), 1, &["--cases", "40", "--min-positions", "2"]),
        shard(dir.path(), 1, &["--cases", "40", "--time", "1h"]),
    ] {
        let o = merge(&[&a, &other]);
        assert_eq!(o.status.code(), Some(2), "{other:?} merged: {}", stdout(&o));
        assert!(stderr(&o).contains("another campaign"), "{}", stderr(&o));
    }
    // Hand edits: a family count, a total, "passed" without a failure, 2^64 − 1 cases.
    let text = std::fs::read_to_string(&b).unwrap();
    let mut edits = Vec::new();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["families"][0]["cases"] = (json["families"][0]["cases"].as_u64().unwrap() + 1).into();
    edits.push(json);
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["cases"] = u64::MAX.into();
    edits.push(json);
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["passed"] = false.into();
    edits.push(json);
    for (n, edited) in edits.into_iter().enumerate() {
        let path = dir.path().join(format!("edited-{n}.json"));
        std::fs::write(&path, edited.to_string()).unwrap();
        let o = merge(&[&a, &path]);
        assert_eq!(o.status.code(), Some(2), "edit {n} merged: {}", stdout(&o));
        assert!(stderr(&o).contains("checksum"), "{}", stderr(&o));
    }
}

#[test]
fn a_failing_merge_says_what_its_case_count_means() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for i in 0..2 {
        let json = dir.path().join(format!("{i}.json"));
        let o = retrocheck()
            .args([
                "diff",
                "--no-save",
                "--solver",
                "lifo",
                "--cases",
                "200",
                "--shard",
                &format!("{i}/2"),
                "--json",
            ])
            .arg(&json)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        files.push(json);
    }
    let o = retrocheck().arg("merge").args(&files).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("up to its own first failure"),
        "{}",
        stdout(&o)
    );
}

/// Whether process `pid` is alive (a zombie is not).
fn alive(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit(')')
            .next()
            .is_some_and(|rest| !rest.trim_start().starts_with('Z'))
    })
}

#[test]
fn escaped_processes_die_with_their_run() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    // One process escapes into a session of its own (setsid), one into retrocheck's
    // process group (setpgid), each holding its run: both must die with the run.
    let escape = format!(
        "setsid sh -c 'echo $$ >> {p}; exec sleep 30' < /dev/null > /dev/null 2>&1 & /usr/bin/python3 -c 'import os, time; os.setpgid(0, os.getpgid(os.getppid())); open(\"{p}\", \"a\").write(str(os.getpid()) + \"\\n\"); time.sleep(30)'",
        p = pids.display()
    );
    let o = stress_escaping(&escape, "1", dir.path());
    assert!(stdout(&o).contains("time limit"), "{}", stdout(&o));
    assert!(none_alive(&pids) >= 2);
}

/// `stress pursuit` of the escaping program `solution` on `cases` inputs, one run at a
/// time, each killed after 1 s, shrinking for at most 1 ms: it fails (status 1).
fn stress_escaping(solution: &str, cases: &str, dir: &Path) -> Output {
    let o = retrocheck()
        .args([
            "stress",
            "pursuit",
            "--cases",
            cases,
            "--jobs",
            "1",
            "--timeout",
            "1s",
        ])
        .args(["--shrink-time", "1ms", "--solution", solution, "--save"])
        .arg(dir.join("c"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}\n{}", stdout(&o), stderr(&o));
    o
}

/// Asserts that none of the processes whose ids `pids` lists (a line each) is alive,
/// killing the survivors first; how many there were.
fn none_alive(pids: &Path) -> usize {
    let pids: Vec<i32> = std::fs::read_to_string(pids)
        .unwrap()
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect();
    let survivors: Vec<_> = pids.iter().filter(|&&p| alive(p)).collect();
    for &&p in &survivors {
        unsafe { libc::kill(p, libc::SIGKILL) };
    }
    assert!(
        survivors.is_empty(),
        "outlived their run: {survivors:?} of {pids:?}"
    );
    pids.len()
}

#[test]
fn replay_blames_the_corpus_for_an_input_without_its_out_as_the_api_does() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::write(games.join("a.game"), "game 1;\n0 A ;\n").unwrap();
    let api = retrocheck::api::replay(&retrocheck::solve::Retrograde::default(), dir.path()).unwrap_err();
    assert!(api.failure().is_none(), "the API blames the solver: {api}");
    let o = retrocheck().arg("replay").arg(dir.path()).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stdout(&o).contains("BAD"), "{}", stdout(&o));
    // A stale .out is the corpus's too, as for the API.
    std::fs::write(games.join("a.out"), "0 A 0 -\n").unwrap();
    let api = retrocheck::api::replay(&retrocheck::solve::Retrograde::default(), dir.path()).unwrap_err();
    assert!(api.failure().is_none(), "the API blames the solver: {api}");
    let o = retrocheck().arg("replay").arg(dir.path()).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
}

/// Runs `command` under an address-space limit of `bytes` (`ulimit -v`); its output
/// and its peak resident memory in KiB (`ru_maxrss` of `wait4`, which also reaps it:
/// clippy cannot see that).
#[allow(clippy::zombie_processes)]
fn with_address_space_peak(command: &mut std::process::Command, bytes: u64) -> (Output, u64) {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    let mut child = limited(command, libc::RLIMIT_AS, bytes)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        err.read_to_end(&mut text).map(|_| text)
    });
    let mut stdout = Vec::new();
    out.read_to_end(&mut stdout).unwrap();
    let stderr = reader.join().unwrap().unwrap();
    let (mut status, mut usage) = (0, unsafe { std::mem::zeroed::<libc::rusage>() });
    // SAFETY: the child is ours and not yet reaped; wait4 writes status and usage.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t, "wait4");
    let status = std::process::ExitStatus::from_raw(status);
    (
        Output {
            status,
            stdout,
            stderr,
        },
        usage.ru_maxrss as u64,
    )
}

/// Contest test cases solved in parallel share the memory ceiling: two pursuit cases of
/// 18 million positions (274 MiB each by the fast path's reckoning) under `ulimit -v
/// 700000`, whose ceiling holds one of them and not two, run one after the other. They
/// ran side by side, each checked alone against the whole ceiling, so that two cases
/// accepted on their own could together pass it (the issue's two 10 GB cases on a
/// 23 GB machine).
#[test]
fn test_cases_solved_in_parallel_share_the_memory_ceiling() {
    let dir = tempfile::tempdir().unwrap();
    let mut both = String::from("2\n");
    let mut answers = Vec::new();
    for seed in ["1", "2"] {
        let o = retrocheck()
            .args([
                "generate",
                "pursuit",
                "--vertices",
                "3000",
                "--edges",
                "6000",
                "--seed",
                seed,
            ])
            .output()
            .unwrap();
        let case = stdout(&o);
        both += case.split_once('\n').unwrap().1;
        let one = dir.path().join(format!("{seed}.in"));
        std::fs::write(&one, &case).unwrap();
        let solve = || {
            let mut command = retrocheck();
            command.args(["solve", "pursuit", "--threads", "2"]).arg(&one);
            command
        };
        let (o, peak) = with_address_space_peak(&mut solve(), 700_000 * 1024);
        assert!(o.status.success(), "{}", stderr(&o));
        answers.push((stdout(&o).replace("#1", &format!("#{seed}")), peak));
    }
    let file = dir.path().join("both.in");
    std::fs::write(&file, both).unwrap();
    // One thread: the spawner, waiting for room, runs the queued case itself.
    let mut command = retrocheck();
    command.args(["solve", "pursuit", "--threads", "1"]).arg(&file);
    let (o, _) = with_address_space_peak(&mut command, 700_000 * 1024);
    assert_eq!(stdout(&o), answers[0].0.clone() + &answers[1].0);
    let mut command = retrocheck();
    command.args(["solve", "pursuit", "--threads", "2"]).arg(&file);
    let (o, peak) = with_address_space_peak(&mut command, 700_000 * 1024);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), answers[0].0.clone() + &answers[1].0);
    let alone = answers[0].1.max(answers[1].1);
    assert!(
        peak < alone * 5 / 4,
        "two cases peaked at {peak} KiB, one alone at {alone} KiB: they ran together"
    );
}

/// A process that escapes its run's group and clears its environment (where the run's
/// mark lives) used to outlive the run: adopted by retrocheck, but claimed by no run.
/// The command line starts no other children, so a stray nobody claims dies as soon
/// as no run in flight could be its own.
#[test]
fn an_escaped_process_that_clears_its_environment_dies_with_its_run() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let escape = format!(
        "setsid env -i sh -c 'echo $$ >> {p}; exec sleep 30' < /dev/null > /dev/null 2>&1 & sleep 0.2",
        p = pids.display()
    );
    stress_escaping(&escape, "2", dir.path());
    assert!(none_alive(&pids) >= 1);
}

/// An escaped process that dies before its run ends becomes retrocheck's zombie, with
/// no environment left to say whose it is; it used to stay unreaped for the whole
/// campaign (one pid per run, till fork fails). The program here leaves one such
/// zombie per run and answers wrong once it sees two of them beside it.
#[test]
fn escaped_processes_that_die_early_are_reaped_not_left_as_zombies() {
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("zombies.py");
    std::fs::write(
        &program,
        format!(
            r#"import os, subprocess, sys, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(0.01)
    os._exit(0)
time.sleep(0.1)
harness = os.getppid()
zombies = 0
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        fields = open(f"/proc/{{pid}}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        continue
    zombies += fields[0] == "Z" and int(fields[1]) == harness
answer = subprocess.run(["{bin}", "solve", "pursuit", "-"], stdin=sys.stdin, capture_output=True).stdout
sys.stdout.buffer.write(b"zombies\n" if zombies >= 2 else answer)
"#,
            bin = crate::support::BIN
        ),
    )
    .unwrap();
    let solution = format!("exec /usr/bin/python3 {}", program.display());
    let o = retrocheck()
        .args([
            "stress",
            "pursuit",
            "--cases",
            "6",
            "--jobs",
            "1",
            "--timeout",
            "10s",
        ])
        .args(["--shrink-time", "1ms", "--solution", &solution, "--save"])
        .arg(dir.path().join("c"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}\n{}", stdout(&o), stderr(&o));
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
