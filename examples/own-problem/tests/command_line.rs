//! The crate's own command line, `retrocheck-timeflow` (`src/bin/retrocheck-timeflow.rs`:
//! `retrocheck_cli::Cli::new().problem::<Timeflow>().main()`), run as a user runs it:
//! `timeflow` beside the built-in problems in `stress`, `solve`, `generate`, `shrink`,
//! `replay` and `--help` (issue 35, "your own binary").

use own_problem::Timeflow;
use retrocheck::contest::{Contest, Rules};
use retrocheck::internals::stress::{self, Program, Settings};
use retrocheck::problems::ContestProblem;
use std::io::Write;
use std::path::Path;
use std::process::{Command, ExitCode, Output, Stdio};

const CLI: &str = env!("CARGO_BIN_EXE_retrocheck-timeflow");
const RIGHT: &str = env!("CARGO_BIN_EXE_timeflow");
const WRONG: &str = env!("CARGO_BIN_EXE_timeflow-memo-dfs");

/// The statement's second sample and its answer.
const SAMPLE: (&str, &str) = ("5 5 2\n1 2\n2 3\n3 1\n3 4\n4 5\n1 5\n4 3\n", "0\n1\n");

/// Runs the crate's command line with `args` and `stdin` (small: written whole before
/// the output is read).
fn cli(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(CLI)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command refused before it reads its input closes the pipe: not an error here.
    match child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("writing the input: {e}"),
        _ => {}
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `stress timeflow` of a program, as the example runs it, saving in `save`.
fn stress_with(program: &str, save: &Path) -> Output {
    cli(
        &[
            "stress",
            "timeflow",
            "--solution",
            program,
            "--max-size",
            "8",
            "--seed",
            "7",
            "--cases",
            "200",
            "--jobs",
            "1",
            "--save",
            save.to_str().unwrap(),
        ],
        "",
    )
}

/// The corpus inputs saved under `dir/timeflow/`.
fn saved_inputs(dir: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir.join("timeflow")) else {
        return Vec::new();
    };
    let mut found: Vec<_> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    found.sort();
    found
}

#[test]
fn stress_catches_the_wrong_program_shrinks_and_saves_it_and_the_saved_case_replays() {
    let dir = tempfile::tempdir().unwrap();
    let o = stress_with(WRONG, dir.path());
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}{}", text(&o.stderr));
    assert!(out.contains("wrong answer"), "{out}");
    // The shrunk input, printed and saved (with its expected output) under timeflow/.
    let saved = saved_inputs(dir.path());
    assert_eq!(saved.len(), 1, "{out}");
    let input = std::fs::read_to_string(&saved[0]).unwrap();
    let case = Timeflow::parse(&input).unwrap();
    assert!(case.n <= 6 && case.games.len() == 1, "{input}");
    assert!(
        out.contains(&format!("to one test case, {}:\n\n{input}", case.size_text())),
        "{out}"
    );
    assert!(out.contains(&format!("saved as {}", saved[0].display())), "{out}");
    let expected = std::fs::read_to_string(saved[0].with_extension("out")).unwrap();
    assert_eq!(expected, case.answer_line(1).unwrap() + "\n");
    // The command that writes the failing input again names this binary, and does.
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("regenerate it: retrocheck-timeflow "))
        .unwrap_or_else(|| panic!("no regenerate line naming the binary in {out}"));
    let args: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(&args[..4], ["generate", "timeflow", "--seed", "7"], "{line}");
    let index: u64 = args[5].parse().unwrap();
    let settings = Settings {
        program: Program::new(WRONG, Timeflow::TIME_LIMIT),
        reference: None,
        exact: false,
        rules: Rules::OFFICIAL,
        seed: 7,
        max_size: 8,
    };
    let written = cli(&args, "");
    assert_eq!(written.status.code(), Some(0), "{}", text(&written.stderr));
    assert_eq!(
        text(&written.stdout),
        stress::input_at::<Timeflow>(&settings, index).text()
    );
    // `replay` of the directory checks the saved case against its `.out`, once.
    let o = cli(&["replay", dir.path().to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert_eq!(text(&o.stdout), "1 of 1 corpus cases pass\n");
    // A wrong `.out` is a failure.
    std::fs::write(saved[0].with_extension("out"), "0\n").unwrap();
    let o = cli(&["replay", saved[0].to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
    assert!(text(&o.stdout).starts_with("FAIL "), "{}", text(&o.stdout));
    assert!(
        text(&o.stdout).contains("output line 1 differs"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn stress_passes_the_right_program_and_saves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let o = stress_with(RIGHT, dir.path());
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    assert!(
        text(&o.stdout).contains("200 inputs, every one accepted"),
        "{}",
        text(&o.stdout)
    );
    assert!(saved_inputs(dir.path()).is_empty());
}

#[test]
fn solve_prints_the_samples_answer() {
    let o = cli(&["solve", "timeflow"], SAMPLE.0);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), SAMPLE.1);
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), SAMPLE.0).unwrap();
    let o = cli(&["solve", "timeflow", file.path().to_str().unwrap()], "");
    assert_eq!(text(&o.stdout), SAMPLE.1);
}

#[test]
fn solve_of_a_bad_input_exits_2_naming_the_line() {
    // Line 6: an edge to vertex 9 of 5.
    let o = cli(
        &["solve", "timeflow"],
        "5 5 2\n1 2\n2 3\n3 1\n3 4\n4 9\n1 5\n4 3\n",
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(o.stdout.is_empty());
    assert!(err.contains("line 6") && err.contains("out of range"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // The built-in solvers do not answer a problem of the crate's own.
    let o = cli(&["solve", "timeflow", "--solver", "minimax"], SAMPLE.0);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("--solver minimax"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn generate_writes_the_same_bytes_every_run() {
    let args = ["generate", "timeflow", "--seed", "7", "--index", "3"];
    let (a, b) = (cli(&args, ""), cli(&args, ""));
    assert_eq!(a.status.code(), Some(0), "{}", text(&a.stderr));
    assert!(!a.stdout.is_empty());
    assert_eq!(a.stdout, b.stdout);
    Timeflow::parse(&text(&a.stdout)).unwrap();
    // Without --index: test cases of the size asked for.
    let o = cli(&["generate", "timeflow", "--seed", "7", "--size", "5"], "");
    assert_eq!(Timeflow::parse(&text(&o.stdout)).unwrap().n, 5);
}

#[test]
fn help_lists_the_problem_beside_the_built_in_ones() {
    for verb in ["stress", "solve", "generate", "tests"] {
        let o = cli(&[verb, "--help"], "");
        assert_eq!(o.status.code(), Some(0));
        let help = text(&o.stdout);
        assert!(
            help.contains(
                "[possible values: game, pursuit, minigame, berzerk, shiritori, catmouse, timeflow]"
            ),
            "{verb}: {help}"
        );
    }
    // And a built-in problem still works in this binary.
    let o = cli(&["generate", "pursuit", "--seed", "1", "--index", "0"], "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    // A name neither knows is refused by the parser.
    let o = cli(&["solve", "timeflows"], SAMPLE.0);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn shrink_re_runs_the_program_on_a_failing_input_and_saves_it() {
    // The wrong program's failure of the README (its first game), grown by a vertex 5,
    // an edge 5 -> 4 and a second game from 5, which it answers right.
    let input = "5 6 2\n2 1\n1 3\n3 1\n2 3\n1 4\n5 4\n2 4\n5 4\n";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("failing.in");
    std::fs::write(&file, input).unwrap();
    let corpus = dir.path().join("corpus");
    let args = [
        "shrink",
        file.to_str().unwrap(),
        "--problem",
        "timeflow",
        "--solution",
        WRONG,
        "--corpus",
        corpus.to_str().unwrap(),
    ];
    let o = cli(&args, "");
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}{}", text(&o.stderr));
    assert!(out.contains("wrong answer"), "{out}");
    let saved = saved_inputs(&corpus);
    assert_eq!(saved.len(), 1, "{out}");
    let shrunk = Timeflow::parse(&std::fs::read_to_string(&saved[0]).unwrap()).unwrap();
    assert_eq!(
        (shrunk.n, shrunk.edges.len(), shrunk.games.len()),
        (4, 5, 1),
        "{shrunk:?}"
    );
    assert!(out.contains(&format!("saved as {}", saved[0].display())), "{out}");
    // The problem is known from the directory, too; the right program passes.
    let o = cli(
        &[
            "shrink",
            saved[0].to_str().unwrap(),
            "--solution",
            RIGHT,
            "--no-save",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    assert!(
        text(&o.stdout).contains("nothing to shrink"),
        "{}",
        text(&o.stdout)
    );
    // Without --solution there is nothing to shrink it with.
    let o = cli(&["shrink", saved[0].to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("give --solution"), "{}", text(&o.stderr));
}

/// A name registered twice is refused before anything runs (the in-process entry point
/// of the same command line).
#[test]
fn a_problem_registered_twice_is_refused() {
    let code = retrocheck_cli::Cli::new()
        .problem::<Timeflow>()
        .problem::<Timeflow>()
        .main_from([
            "retrocheck-timeflow",
            "generate",
            "timeflow",
            "--seed",
            "7",
            "--index",
            "3",
        ]);
    assert_eq!(code, ExitCode::from(2));
}

/// `tests timeflow` (issue 36, item 6): a set for a problem of the user's own, the
/// samples first, every input valid, that kills the crate's wrong program given with
/// `--against`; `--validate` passes it.
#[test]
fn tests_writes_a_set_that_kills_the_wrong_program_and_validates() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("set");
    let args = [
        "tests",
        "timeflow",
        "--out",
        dir.to_str().unwrap(),
        "--pool",
        "12",
        "--more",
        "0",
        "--against",
        WRONG,
    ];
    let o = cli(&args, "");
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    let manifest: retrocheck::internals::testset::manifest::Manifest =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest.problem, "timeflow");
    assert_eq!(
        (manifest.tests[0].kind.as_str(), manifest.tests[1].kind.as_str()),
        ("sample", "sample")
    );
    let wrong = manifest.wrong_solutions.iter().find(|w| w.name == WRONG).unwrap();
    assert!(!wrong.killed_by_tests.is_empty(), "{}", text(&o.stdout));
    let o = cli(&["tests", "timeflow", "--validate", dir.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
}
