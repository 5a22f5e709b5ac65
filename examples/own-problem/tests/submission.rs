//! The solution a contestant writes, tested in-process through each of the four entry
//! points of `retrocheck::api::submission`: the right one passes them all, and the
//! wrong one (a memoized search that caches values guessed on a cycle) is caught and
//! shrunk in contest form.

use own_problem::solutions::{memo_dfs, retrograde};
use own_problem::Timeflow;
use retrocheck::api::submission::{self, submission_fn, typed_submission_fn, Replay, ReplayError};
use retrocheck::contest::Contest;
use retrocheck::problems::ContestProblem;

fn right() -> impl submission::Submission<Timeflow> {
    submission_fn("retrograde", retrograde)
}

fn wrong() -> impl submission::Submission<Timeflow> {
    submission_fn("memo-dfs", memo_dfs)
}

#[test]
fn the_right_solution_passes_every_entry_point() {
    let passed = submission::Property::<Timeflow>::new()
        .cases(64)
        .max_size(8)
        .assert(&right());
    assert_eq!(passed.cases, 64);
    let passed = submission::Campaign::<Timeflow>::new()
        .inputs(200)
        .max_size(12)
        .seed(7)
        .threads(2)
        .assert(&right());
    assert_eq!(passed.cases, 200);
    for seed in 0..200u64 {
        let mut bytes = seed.to_le_bytes().to_vec();
        bytes.push(seed as u8);
        assert!(submission::fuzz_submission(&bytes, &right()));
    }
}

#[test]
fn a_typed_submission_reads_the_test_cases_without_parsing() {
    // The right answer from the problem's own types: the product game's fast path.
    let typed = typed_submission_fn("typed", |cases: &[Timeflow]| {
        cases
            .iter()
            .enumerate()
            .map(|(k, case)| case.answer_line(k + 1).unwrap() + "\n")
            .collect()
    });
    submission::Campaign::<Timeflow>::new()
        .inputs(100)
        .max_size(20)
        .threads(1)
        .assert(&typed);
}

#[test]
fn a_campaign_catches_the_wrong_solution_and_shrinks_it_in_contest_form() {
    let dir = tempfile::tempdir().unwrap();
    let campaign = submission::Campaign::<Timeflow>::new()
        .inputs(500)
        .max_size(8)
        .seed(7)
        .save_to(Some(dir.path().to_path_buf()));
    // The same failure on one thread and on two.
    let one = campaign_failure(&campaign.threads(1));
    let campaign = submission::Campaign::<Timeflow>::new()
        .inputs(500)
        .max_size(8)
        .seed(7)
        .save_to(Some(dir.path().to_path_buf()))
        .threads(2);
    let two = campaign_failure(&campaign);
    assert_eq!(one.text, two.text);
    assert_eq!(one.found_in, two.found_in);
    let failure = two;
    let [case] = failure.input.cases.as_slice() else {
        panic!("one test case: {failure}")
    };
    assert!(case.n <= 5 && case.games.len() == 1, "{failure}");
    assert!(case.is_official(), "shrunk within the official limits: {failure}");
    assert_eq!(failure.verdict.kind(), "wrong answer");
    let report = failure.to_string();
    assert!(
        report.contains("memo-dfs is wrong: wrong answer on line 1"),
        "{report}"
    );
    assert!(
        report.contains("expected (retrocheck's proven answer):"),
        "{report}"
    );
    // Saved in the problem's corpus directory, with the proven answer beside it.
    let saved = failure.saved.clone().unwrap().unwrap();
    assert_eq!(saved.parent().unwrap(), dir.path().join("timeflow"));
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), failure.text);
    assert_eq!(
        std::fs::read_to_string(saved.with_extension("out")).unwrap(),
        failure.expected
    );
    assert_one_minimal(&failure);

    // Replay of that corpus: the wrong solution fails on the saved input, the right
    // one passes it, and a size cap skips it.
    match submission::replay(&wrong(), dir.path()) {
        Err(ReplayError::Failed(f)) => assert_eq!(f.text, failure.text),
        other => panic!("{:?}", other.map(|p| p.summary)),
    }
    let passed = submission::replay(&right(), dir.path()).unwrap();
    assert_eq!(passed.cases, 1, "{}", passed.summary);
    let skipped = Replay::<Timeflow>::new(dir.path())
        .max_size(1)
        .run(&wrong())
        .unwrap();
    assert_eq!(skipped.cases, 0);
    assert!(skipped.summary.contains("1 more skipped"), "{}", skipped.summary);

    // A `.out` that is not the proven answer (edited by hand, or stale after a change
    // of the problem) is the corpus's fault, named with its path, not a pass and not
    // the solution's failure.
    let out = saved.with_extension("out");
    std::fs::write(&out, "Stale\n").unwrap();
    match submission::replay(&right(), dir.path()) {
        Err(ReplayError::Corpus { path, message }) => {
            assert_eq!(path, saved);
            assert!(message.contains("stale"), "{message}");
        }
        other => panic!("{:?}", other.map(|p| p.summary)),
    }
}

/// No single removal (a vertex, an edge, a game) of the shrunk input still fails.
fn assert_one_minimal(failure: &submission::Failure<Timeflow>) {
    for smaller in failure.input.cases[0].single_removals(true) {
        let input = submission::Input { cases: vec![smaller] };
        assert_eq!(memo_dfs(&input.text()), input.expected().unwrap(), "{input:?}");
    }
}

fn campaign_failure(campaign: &submission::Campaign<Timeflow>) -> submission::Failure<Timeflow> {
    *campaign.run(&wrong()).expect_err("the wrong solution fails")
}

#[test]
fn a_property_and_a_fuzz_input_catch_the_wrong_solution() {
    let failure = submission::Property::<Timeflow>::new()
        .cases(512)
        .max_size(25)
        .save_to(None)
        .run(&wrong())
        .expect_err("the wrong solution fails a property");
    assert!(failure.input.cases[0].n <= 8, "{failure}");
    assert_one_minimal(&failure);
    let caught = (0..5_000u64).find_map(|seed| {
        let mut bytes = seed.to_le_bytes().to_vec();
        bytes.push((seed % 251) as u8);
        submission::fuzz_check(&bytes, &wrong()).err()
    });
    let failure = caught.expect("some fuzz input of the first 5,000 catches it");
    assert!(failure.input.cases[0].n <= 8, "{failure}");
    assert_one_minimal(&failure);
}

#[test]
fn a_panic_is_a_runtime_error_not_a_dead_test() {
    let panics = submission_fn("panics", |input: &str| {
        assert!(input.len() < 30, "a long input");
        retrograde(input)
    });
    let failure = submission::Campaign::<Timeflow>::new()
        .inputs(200)
        .max_size(8)
        .threads(1)
        .save_to(None)
        .run(&panics)
        .expect_err("it panics on some input");
    assert_eq!(failure.verdict.kind(), "runtime error");
    assert!(failure.text.len() >= 30 && failure.text.len() < 45, "{failure}");
    assert!(failure.to_string().contains("panics: panicked at"), "{failure}");
}
