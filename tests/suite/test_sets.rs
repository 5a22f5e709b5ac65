//! `retrocheck tests` (issue 36): a problem's test set for its setter — valid for the
//! original judge, killing the problem's known wrong solutions, the same from the same
//! seed — and the checks of a set a setter already has: `--validate` and `--check`.

use crate::support::{run, stderr, stdout, BIN};
use retrocheck::internals::testset::manifest::Manifest;
use std::path::Path;

/// Small budgets: the suite checks the verb's behaviour; the default set of each
/// problem is measured in docs/tests.md.
const SMALL: [&str; 4] = ["--pool", "48", "--more", "96"];

fn build(problem: &str, dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["tests", problem, "--out", dir.to_str().unwrap()];
    args.extend(SMALL);
    args.extend(extra);
    run(&args, "")
}

fn manifest(dir: &Path) -> Manifest {
    serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap()
}

/// Guards the verb's promise: at most 25 tests, the samples first, every input valid
/// under the official limits (`--validate`), every answer retrocheck's, and each of
/// catmouse's own mutants (the horizon among them) killed by some test.
#[test]
fn a_catmouse_set_is_valid_starts_with_the_sample_and_kills_the_problem_s_mutants() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("set");
    let o = build("catmouse", &dir, &[]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let m = manifest(&dir);
    assert_eq!(m.format, "retrocheck-tests/1");
    assert!(
        !m.tests.is_empty() && m.tests.len() <= 25,
        "{} tests",
        m.tests.len()
    );
    assert_eq!(m.tests[0].kind, "sample");
    for wrong in m
        .wrong_solutions
        .iter()
        .filter(|w| w.name.starts_with("catmouse-"))
    {
        assert!(
            !wrong.killed_by_tests.is_empty(),
            "{} is not killed:\n{}",
            wrong.name,
            stdout(&o)
        );
    }
    for test in &m.tests {
        let input = std::fs::read(dir.join(&test.input)).unwrap();
        let answer = std::fs::read_to_string(dir.join(&test.answer)).unwrap();
        let solved = run(&["solve", "catmouse"], &input);
        assert_eq!(stdout(&solved), answer, "{}", test.input);
    }
    let o = run(&["tests", "catmouse", "--validate", dir.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(
        stdout(&o).contains(&format!("{0} of {0} inputs valid", m.tests.len())),
        "{}",
        stdout(&o)
    );
}

/// Guards `--check` (item 5): the statement's sample alone lets the horizon through,
/// and the check names it with a small test that catches it; exit status 1.
#[test]
fn check_on_the_sample_alone_lists_the_bug_classes_it_misses() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path();
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/catmouse");
    std::fs::copy(corpus.join("sample1.in"), dir.join("1.in")).unwrap();
    std::fs::copy(corpus.join("sample1.out"), dir.join("1.ans")).unwrap();
    let mut args = vec!["tests", "catmouse", "--check", dir.to_str().unwrap()];
    args.extend(SMALL);
    let o = run(&args, "");
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    let line = out.lines().find(|l| l.contains("catmouse-horizon-2n")).unwrap();
    assert!(line.contains("LET THROUGH"), "{out}");
    assert!(
        out.contains("A test that catches each one let through:\n"),
        "{out}"
    );
    // The test shown for the horizon does catch it (a batch's verdicts once went to
    // the wrong wrong solutions, and the "catching" tests shown passed).
    let shown: String = out
        .lines()
        .skip_while(|l| !l.starts_with("  catmouse-horizon-2n ("))
        .skip(1)
        .take_while(|l| l.starts_with("    "))
        .map(|l| format!("{}\n", l.trim()))
        .collect();
    assert!(!shown.is_empty(), "{out}");
    let right = stdout(&run(&["solve", "catmouse"], &shown));
    let wrong = stdout(&run(
        &["solve", "catmouse", "--solver", "catmouse-horizon-2n"],
        &shown,
    ));
    assert_ne!(
        right, wrong,
        "the test shown does not catch the horizon:\n{shown}"
    );
    // The sample kills the cat-first answer: the check says so.
    let line = out.lines().find(|l| l.contains("catmouse-cat-first")).unwrap();
    assert!(line.contains("killed by 1: 1.in (WA)"), "{out}");
}

/// Guards the validator and the answer check of `--check`: a double space, a board
/// beyond the official limits and a wrong answer file are each named, with the line.
#[test]
fn check_and_validate_name_an_invalid_input_and_a_wrong_answer_file() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path();
    std::fs::write(dir.join("1.in"), "1\n3\n1  1\n2 0 2\n1 1\n").unwrap();
    std::fs::write(dir.join("2.in"), "1\n3\n1 1\n2 0 2\n1 1\n").unwrap();
    std::fs::write(dir.join("2.ans"), "2\n").unwrap();
    let o = run(&["tests", "catmouse", "--validate", dir.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("1.in: INVALID: line 3:"), "{}", stdout(&o));
    assert!(stdout(&o).contains("2.in: valid"), "{}", stdout(&o));
    let mut args = vec!["tests", "catmouse", "--check", dir.to_str().unwrap()];
    args.extend(SMALL);
    let o = run(&args, "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("2.in: WRONG ANSWER FILE"), "{}", stdout(&o));
}

/// Guards determinism: the same seed writes the same files, byte for byte, on one
/// thread or two.
#[test]
fn the_same_seed_writes_the_same_set_on_any_number_of_jobs() {
    let root = tempfile::tempdir().unwrap();
    let one = root.path().join("one");
    let two = root.path().join("two");
    assert!(build("berzerk", &one, &["--jobs", "1", "--seed", "7"])
        .status
        .success());
    assert!(build("berzerk", &two, &["--jobs", "2", "--seed", "7"])
        .status
        .success());
    let listing = |dir: &Path| {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        files
            .into_iter()
            .map(|p| (p.file_name().unwrap().to_owned(), std::fs::read(&p).unwrap()))
            .collect::<Vec<_>>()
    };
    assert_eq!(listing(&one), listing(&two));
}

/// Guards "nothing a user saved is overwritten": a directory holding files is refused
/// (status 2) and its file is untouched.
#[test]
fn a_directory_with_files_is_refused_and_left_alone() {
    let root = tempfile::tempdir().unwrap();
    std::fs::write(root.path().join("01.in"), "mine\n").unwrap();
    let o = build("pursuit", root.path(), &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("already holds files"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(root.path().join("01.in")).unwrap(),
        "mine\n"
    );
}

/// Guards item 6 for `.game` files and `--against`: a set of games, in Polygon's
/// layout, that kills a program given on the command line (retrocheck's own solver with
/// every draw printed as a win of A).
#[test]
fn a_game_set_in_polygon_layout_kills_a_program_given_with_against() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("set");
    let wrong = format!("{BIN} solve game | sed 's/ D / A /'");
    let o = build("game", &dir, &["--layout", "polygon", "--against", &wrong]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let m = manifest(&dir);
    assert_eq!(m.layout, "polygon");
    assert!(m
        .tests
        .iter()
        .all(|t| t.input.starts_with("tests/") && t.answer.ends_with(".a")));
    let program = m.wrong_solutions.iter().find(|w| w.name == wrong).unwrap();
    assert!(!program.killed_by_tests.is_empty(), "{}", stdout(&o));
}
