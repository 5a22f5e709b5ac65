//! Sizes and memory limits that hold (issue 24): thread counts, sizes and declared
//! graphs refused before allocating, endless inputs refused rather than read for ever,
//! and the memory ceiling following `RLIMIT_AS`, shared by cases solved in parallel.

use crate::support::{limited, retrocheck, stderr, stdout, with_limit};
use std::process::{Output, Stdio};

/// `ulimit -v 1000000`: the address space the limits must hold under.
const ULIMIT_V: u64 = 1_000_000 * 1024;

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
    // /dev/zero as a fuzz artifact, under the address-space limit.
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
/// accepted on their own could together pass it (the two 10 GB cases on a
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
