//! The in-process submission API (`retrocheck::api::submission`, issue 35) on the five
//! built-in problems: a right solution passes a campaign of each, and each problem's
//! contest mutant — a wrong answer a contestant really writes — is caught and shrunk in
//! contest form, within the official limits.

use retrocheck::api::submission::{self, typed_submission_fn, Submission};
use retrocheck::contest::Contest;
use retrocheck::internals::subject::Subject;
use retrocheck::problems::{self, Registered};
use retrocheck_selftest::registry;

/// A solver of the registry as a contestant's submission of problem `T`: its own
/// answer where it has one, or the answer read off its solution of the product game.
fn submission_of<T: Contest + Registered>(subject: Box<dyn Subject>) -> impl Submission<T> {
    let name = subject.name().to_string();
    typed_submission_fn(name, move |cases: &[T]| {
        let mut out = String::new();
        for (i, case) in cases.iter().enumerate() {
            let instance = case.clone().into_instance();
            let line = match subject.answer(&instance, i + 1) {
                Some(answer) => answer.expect("an answer"),
                None => {
                    let game = instance.game().expect("a product game");
                    let solution = subject.solve(&game).expect("a solution");
                    let outcomes: Vec<_> = solution.values.iter().map(|v| v.outcome()).collect();
                    instance.answer(i + 1, &outcomes)
                }
            };
            out += &line;
            out.push('\n');
        }
        out
    })
}

fn solver(name: &str) -> Box<dyn Subject> {
    registry::with_threads(name, 1).unwrap_or_else(|| panic!("no solver {name}"))
}

/// A campaign of `inputs` inputs up to `max_size` units, seed 3, two threads.
fn campaign<T: Contest>(inputs: u64, max_size: u32) -> submission::Campaign<T> {
    submission::Campaign::<T>::new()
        .inputs(inputs)
        .max_size(max_size)
        .seed(3)
        .threads(2)
        .save_to(None)
}

fn right_and_wrong<T: Contest + Registered>(mutant: &str, max_size: u32) {
    let right = submission_of::<T>(solver("retrograde"));
    let passed = campaign::<T>(60, max_size).assert(&right);
    assert_eq!(passed.cases, 60, "{}", passed.summary);
    let wrong = submission_of::<T>(solver(mutant));
    let failure = campaign::<T>(400, max_size)
        .run(&wrong)
        .expect_err("the mutant is caught");
    assert_eq!(failure.verdict.kind(), "wrong answer", "{failure}");
    assert_eq!(
        failure.input.cases.len(),
        1,
        "split to the failing case: {failure}"
    );
    assert!(
        failure
            .input
            .cases
            .iter()
            .all(problems::ContestProblem::is_official),
        "{failure}"
    );
    // The report names the first differing line and shows the proven answer.
    let report = failure.to_string();
    assert!(
        report.contains(&format!("{mutant} is wrong: wrong answer on line")),
        "{report}"
    );
    assert!(
        report.contains("expected (retrocheck's proven answer):"),
        "{report}"
    );
    assert_eq!(failure.expected, failure.input.expected().unwrap());
}

#[test]
fn pursuit() {
    right_and_wrong::<problems::pursuit::Instance>("pursuit-no-catch", 8);
}

#[test]
fn minigame() {
    right_and_wrong::<problems::minigame::Instance>("minigame-stuck-actor", 8);
}

#[test]
fn berzerk() {
    right_and_wrong::<problems::berzerk::Instance>("berzerk-loop-as-lose", 12);
}

#[test]
fn shiritori() {
    right_and_wrong::<problems::shiritori::Instance>("shiritori-draw-as-loss", 8);
}

#[test]
fn catmouse() {
    right_and_wrong::<problems::catmouse::Instance>("catmouse-mouse-onto-cat", 8);
}
