//! Processes a run starts die with it (issue 24): an escaped process, one that clears
//! its environment, and one that dies early are killed or reaped, never left behind.

use crate::support::{retrocheck, stderr, stdout};
use std::path::Path;
use std::process::Output;

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
