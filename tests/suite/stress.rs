//! `retrocheck stress`: each kind of broken program gets its verdict, the example
//! wrong solution is caught and shrunk to a minimal input, a correct program passes,
//! and a command that does not exist is a clear error.

use retrocheck::harness::stress::{judge, Program, Settings, Target, Verdict};
use retrocheck::problems::Problem;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

const INPUT: &str = "1\n2 1\n1 2\n1 2\n";
const EXPECTED: &str = "Case #1: No\n";

fn verdict(command: &str, exact: bool) -> Verdict {
    let program = Program {
        command: command.into(),
        timeout: Duration::from_millis(500),
    };
    let run = program.run(INPUT.as_bytes()).unwrap();
    judge(
        Target::Problem(Problem::Pursuit),
        &run,
        EXPECTED,
        exact,
        program.timeout,
    )
}

#[test]
fn each_kind_of_broken_program_gets_its_verdict() {
    assert_eq!(verdict("echo 'Case #1: No'", false), Verdict::Accepted);
    assert!(matches!(
        verdict("echo 'Case #1: Yes'", false),
        Verdict::WrongAnswer { line: 1, .. }
    ));
    // Trailing white space and a missing final newline are fine for judges ...
    assert_eq!(verdict("printf 'Case #1:   No  '", false), Verdict::Accepted);
    // ... but not with --exact.
    assert!(matches!(
        verdict("printf 'Case #1:   No  '", true),
        Verdict::PresentationError { .. }
    ));
    // Unparseable output, extra and missing lines.
    assert!(matches!(
        verdict("echo garbage", false),
        Verdict::PresentationError { line: 1, .. }
    ));
    assert!(matches!(
        verdict("echo 'Case #1: No'; echo more", false),
        Verdict::PresentationError { line: 2, .. }
    ));
    assert!(matches!(
        verdict("true", false),
        Verdict::PresentationError { line: 1, .. }
    ));
    // A crash: an exit status, or a signal, with the end of stderr.
    match verdict("echo oops >&2; exit 3", false) {
        Verdict::RuntimeError { status, stderr_tail } => {
            assert_eq!(status, "exit status 3");
            assert_eq!(stderr_tail, "oops");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(verdict("kill -SEGV $$", false), Verdict::RuntimeError { status, .. } if status.contains("signal 11"))
    );
    // A hang, with a child holding the output open: killed with its children.
    assert!(matches!(
        verdict("sleep 30 & sleep 30", false),
        Verdict::TimeLimit { .. }
    ));
    // A program that never reads its input and prints a lot does not deadlock us.
    assert!(matches!(
        verdict("yes | head -c 1000000", false),
        Verdict::PresentationError { .. }
    ));
}

fn retrocheck() -> &'static str {
    env!("CARGO_BIN_EXE_retrocheck")
}

/// The example wrong solution, built (once) by the cargo running these tests, with
/// the same profile and target directory as the test binary (`target/<profile>/deps`):
/// `cargo test` alone does not build examples.
fn example() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let exe = std::env::current_exe().unwrap();
            let profile_dir = exe.parent().unwrap().parent().unwrap();
            let target_dir = profile_dir.parent().unwrap();
            let profile = match profile_dir.file_name().unwrap().to_str().unwrap() {
                "debug" => "dev",
                other => other,
            };
            let status = Command::new(env!("CARGO"))
                .args([
                    "build",
                    "--quiet",
                    "--example",
                    "pursuit_wrong",
                    "--profile",
                    profile,
                ])
                .arg("--target-dir")
                .arg(target_dir)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .status()
                .expect("cargo runs");
            assert!(status.success(), "building the example failed");
            profile_dir.join("examples/pursuit_wrong")
        })
        .clone()
}

fn stress(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(retrocheck())
        .arg("stress")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn the_example_wrong_solution_is_caught_and_shrunk_to_a_two_vertex_input() {
    let save = tempfile::tempdir().unwrap();
    let solution = example();
    let args = |seed: &'static str| {
        vec![
            "pursuit",
            "--solution",
            solution.to_str().unwrap(),
            "--seed",
            seed,
            "--save",
            save.path().to_str().unwrap(),
        ]
    };
    let (code, stdout, _) = stress(&args("11"));
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("wrong answer"), "{stdout}");
    assert!(
        stdout.contains("to one test case, 2 vertices, 1 edge"),
        "{stdout}"
    );
    let saved: Vec<_> = std::fs::read_dir(save.path().join("pursuit"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let input = saved.iter().find(|p| p.extension().unwrap() == "in").unwrap();
    assert_eq!(
        std::fs::read_to_string(input).unwrap(),
        INPUT,
        "Bob's only move lands on Alice"
    );
    assert_eq!(
        std::fs::read_to_string(input.with_extension("out")).unwrap(),
        EXPECTED
    );
    // The same seed finds the same minimal input; the file is already there.
    let (code, again, _) = stress(&args("11"));
    assert_eq!(code, Some(1));
    // The shrunk input and the run count, without the time it took.
    let minimal = |s: &str| {
        let report = s.split("expected output:").next().unwrap();
        let runs = report.split("steps (").nth(1)?.split(',').next()?.to_string();
        Some((runs, report.split(" s) ").nth(1)?.to_string()))
    };
    assert_eq!(minimal(&stdout), minimal(&again));
}

#[test]
fn reducing_keeps_the_kind_of_failure_and_splits_multi_case_inputs() {
    let settings = Settings {
        target: Target::Problem(Problem::Pursuit),
        program: Program {
            command: example().to_str().unwrap().into(),
            timeout: Duration::from_secs(5),
        },
        exact: false,
        relax: false,
        seed: 0,
        max_size: 8,
    };
    // A three-case input whose second case fails.
    let input = retrocheck::harness::stress::Input {
        target: settings.target,
        cases: Problem::Pursuit
            .parse("3\n3 1\n1 2\n1 3\n2 1\n1 2\n1 2\n3 3\n1 2\n2 3\n3 1\n2 1\n")
            .unwrap()
            .into_iter()
            .map(retrocheck::harness::generate::Case::Instance)
            .collect(),
    };
    let first = retrocheck::harness::stress::test(&settings, &input).unwrap();
    assert!(matches!(first, Verdict::WrongAnswer { line: 2, .. }), "{first:?}");
    let reduced = retrocheck::harness::stress::reduce(&settings, &input, &first);
    assert_eq!(reduced.input.text(), INPUT);
    assert!(matches!(reduced.verdict, Verdict::WrongAnswer { line: 1, .. }));
}

#[test]
fn a_correct_program_passes_a_bounded_run() {
    let solution = format!("{} solve pursuit", retrocheck());
    let (code, stdout, stderr) =
        stress(&["pursuit", "--solution", &solution, "--cases", "60", "--jobs", "2"]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("60 inputs, every one accepted"), "{stdout}");
    let solution = format!("{} solve minigame", retrocheck());
    let (code, _, stderr) = stress(&["minigame", "--solution", &solution, "--cases", "30"]);
    assert_eq!(code, Some(0), "{stderr}");
    let solution = format!("{} solve game", retrocheck());
    let (code, _, stderr) = stress(&["game", "--solution", &solution, "--cases", "30"]);
    assert_eq!(code, Some(0), "{stderr}");
}

/// Found by this suite running in parallel: with SIGPIPE restored to its default (an
/// earlier fix for `retrocheck … | head`), writing the input to a program that had
/// already closed its stdin killed retrocheck itself. Such a program gets a verdict.
#[test]
fn a_program_that_closes_its_input_unread_gets_a_verdict_and_does_not_kill_us() {
    let save = tempfile::tempdir().unwrap();
    let solution = "exec 0<&-; sleep 0.2";
    let (code, stdout, stderr) = stress(&[
        "pursuit",
        "--solution",
        solution,
        "--cases",
        "3",
        "--save",
        save.path().to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "retrocheck must report, not die: {stdout}{stderr}");
    assert!(stdout.contains("presentation error"), "{stdout}");
}

#[test]
fn a_command_that_does_not_exist_is_a_clear_error() {
    let (code, _, stderr) = stress(&["pursuit", "--solution", "/no/such/program --flag"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot be run") && stderr.contains("/no/such/program"),
        "{stderr}"
    );
}

/// Issue 13, item 1: a program that leaves a process outside its process group holding
/// its output (`setsid … &`) used to hang `stress` until that process died. The run
/// must end soon after the program does, with the output it printed.
#[test]
fn issue_13_a_process_escaping_the_group_with_the_pipes_does_not_hang_the_runner() {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let program = Program {
            command: "setsid sleep 30 & echo 'Case #1: No'".into(),
            timeout: Duration::from_secs(5),
        };
        let _ = done.send(program.run(INPUT.as_bytes()).unwrap());
    });
    // Generous: a liveness bound, not a speed assertion (the old runner waited 30 s).
    let run = finished
        .recv_timeout(Duration::from_secs(20))
        .expect("the run ended although an escaped process holds its pipes");
    let verdict = judge(
        Target::Problem(Problem::Pursuit),
        &run,
        EXPECTED,
        false,
        Duration::from_secs(5),
    );
    assert_eq!(verdict, Verdict::Accepted);
}

/// Issue 16: `stress berzerk|shiritori|catmouse` passes a correct program (`retrocheck
/// solve PROBLEM`), and catches a wrong one (the same with a contest mutant) and
/// shrinks it, within the official limits, to a small input that the mutant still
/// fails and saves it with the expected output.
#[test]
fn issue_16_stress_passes_and_shrinks_on_berzerk_shiritori_and_catmouse() {
    use retrocheck::harness::check::{check_case, Oracles};
    use retrocheck::harness::generate::Case;
    use retrocheck::harness::kill::size_of;
    for (problem, mutant, most) in [
        (Problem::Berzerk, "berzerk-swapped-sets", 5),
        (Problem::Shiritori, "shiritori-ignore-case", 3),
        (Problem::Catmouse, "catmouse-cat-first", 6),
    ] {
        let name = problem.name();
        let solution = format!("{} solve {name}", retrocheck());
        let (code, stdout, stderr) =
            stress(&[name, "--solution", &solution, "--cases", "40", "--max-size", "30"]);
        assert_eq!(code, Some(0), "{name}: {stdout}{stderr}");
        assert!(stdout.contains("40 inputs, every one accepted"), "{stdout}");

        let save = tempfile::tempdir().unwrap();
        let wrong = format!("{} solve {name} --solver {mutant}", retrocheck());
        let (code, stdout, stderr) = stress(&[
            name,
            "--solution",
            &wrong,
            "--max-size",
            "30",
            "--save",
            save.path().to_str().unwrap(),
        ]);
        assert_eq!(code, Some(1), "{mutant}: {stdout}{stderr}");
        assert!(stdout.contains("wrong answer"), "{stdout}");
        let saved: Vec<_> = std::fs::read_dir(save.path().join(name))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        let input = saved.iter().find(|p| p.extension().unwrap() == "in").unwrap();
        let text = std::fs::read_to_string(input).unwrap();
        let case = Case::Instance(problem.parse(&text).unwrap().remove(0));
        let Case::Instance(instance) = &case else {
            unreachable!()
        };
        assert!(instance.is_official(), "{text}");
        assert!(size_of(&case) <= most, "{mutant} shrank only to {text}");
        let solver = retrocheck::harness::registry::by_name(mutant).unwrap();
        assert!(
            check_case(&case, solver.as_ref(), &Oracles::default()).is_err(),
            "{text}"
        );
        let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
        assert_eq!(expected, instance.answer_line(1).unwrap() + "\n");
    }
}
