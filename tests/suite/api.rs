//! The public API for users' solvers: what its entry points return on a wrong solver,
//! what they save, and how replay reports a bad corpus file.

use retrocheck::prelude::*;
use std::fs;

/// A wrong solver a user might write: it calls every position a draw.
fn all_draws() -> impl Solver {
    solver_fn("all-draws", |game: &Game| {
        Ok(Solution::from_values(game, vec![Value::Draw; game.positions()]))
    })
}

#[test]
fn a_failing_property_is_shrunk_and_saved_only_when_asked() {
    let corpus = tempfile::tempdir().unwrap();
    let property = || Property::any_game(10).cases(64).seed(3);
    let unsaved = property().save_to(None).run(&all_draws()).unwrap_err();
    assert!(unsaved.saved.is_none());
    assert_eq!(unsaved.positions, 1, "{unsaved}");
    assert!(unsaved.text.starts_with("game 1;\n"), "{unsaved}");
    let saved = property()
        .save_to(Some(corpus.path().to_path_buf()))
        .run(&all_draws())
        .unwrap_err();
    let path = saved.saved.clone().expect("asked to save").unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), saved.text);
    assert_eq!(
        fs::read_to_string(path.with_extension("out")).unwrap(),
        saved.expected
    );
    // The same seed finds and shrinks the same case.
    assert_eq!(saved.text, unsaved.text);
    assert_eq!(saved.found_in, unsaved.found_in);
}

#[test]
fn the_report_shows_the_shrunk_game_the_expected_output_and_the_solvers() {
    let failure = Campaign::new()
        .cases(100)
        .threads(1)
        .save_to(None)
        .run(&all_draws())
        .unwrap_err();
    let report = failure.to_string();
    for part in [
        "all-draws is wrong",
        "found in campaign case 0",
        &failure.text,
        "expected (the references' solution):\n",
        &failure.expected,
        "all-draws gives:\n",
        &failure.got,
    ] {
        assert!(report.contains(part), "{part:?} missing from:\n{report}");
    }
    assert_ne!(failure.expected, failure.got);
}

#[test]
fn a_wrong_solution_of_a_contest_product_game_is_shrunk_as_a_game() {
    let failure = Property::family(Family::Contest(retrocheck::problems::Problem::Pursuit), 16)
        .cases(16)
        .save_to(None)
        .run(&all_draws())
        .unwrap_err();
    assert!(matches!(failure.case, Case::Game(_)), "{failure}");
    assert!(failure.found_in.starts_with("the product game of"), "{failure}");
    assert!(failure.positions <= 2, "{failure}");
}

#[test]
fn the_fuzz_body_rejects_out_of_cap_inputs_and_shrinks_failures() {
    assert!(!fuzz_check(&fuzz_input(&[0, 200]), &all_draws()).unwrap());
    // Two positions: 0 (A) moves to 1, 1 (B) is stuck.
    let failure = fuzz_check(&fuzz_input(&[0, 2, 0, 0, 1, 1, 3]), &all_draws()).unwrap_err();
    assert_eq!(failure.positions, 1, "{failure}");
    let caught = std::panic::catch_unwind(|| fuzz_diff(&fuzz_input(&[0, 2, 0, 0, 1, 1, 3]), &all_draws()));
    assert!(caught.is_err(), "fuzz_diff panics on a failure, for libFuzzer");
}

#[test]
fn replay_names_a_file_that_does_not_parse_and_a_stale_out_file() {
    let right = solver_fn("retrograde", |game: &Game| {
        retrocheck::solve::Retrograde.solve(game)
    });
    let corpus = tempfile::tempdir().unwrap();
    let games = corpus.path().join("games");
    fs::create_dir(&games).unwrap();
    fs::write(games.join("a.game"), "game 1;\n0 A ;\n").unwrap();
    fs::write(games.join("a.out"), "0 A 0 -\n").unwrap();
    let error = replay(&right, corpus.path()).unwrap_err();
    let message = error.to_string();
    assert!(error.failure().is_none(), "{message}");
    assert!(
        message.contains("a.game") && message.contains("output line 1 differs"),
        "{message}"
    );
    fs::write(games.join("a.out"), "0 B 0 -\n").unwrap();
    assert_eq!(replay(&right, corpus.path()).unwrap().cases, 1);
    fs::write(games.join("b.game"), "game 2;\n0 A 1;\n").unwrap();
    let message = replay(&right, corpus.path()).unwrap_err().to_string();
    assert!(
        message.contains("b.game") && message.contains("line"),
        "{message}"
    );
    // A wrong solver fails on the corpus case, not on the file.
    fs::remove_file(games.join("b.game")).unwrap();
    let error = replay(&all_draws(), corpus.path()).unwrap_err();
    assert!(
        error.failure().is_some_and(|f| f.found_in.ends_with("a.game")),
        "{error}"
    );
}

/// A solver declaring it solves games of at most 4 positions: the others are skipped
/// and counted.
#[test]
fn refused_games_are_counted_in_every_entry_points_summary() {
    let small = Supports::everything()
        .max_positions(4)
        .of(solver_fn("small", |game: &Game| {
            retrocheck::solve::Retrograde.solve(game)
        }));
    let property = Property::any_game(12)
        .cases(64)
        .save_to(None)
        .run(&small)
        .unwrap();
    assert!(property.refused > 0 && property.refused < 64, "{property:?}");
    assert!(property.summary.contains("refused"), "{}", property.summary);
    let campaign = Campaign::new()
        .families(Family::games())
        .cases(200)
        .max_positions(12)
        .threads(1)
        .save_to(None)
        .run(&small)
        .unwrap();
    assert!(campaign.refused > 0 && campaign.refused < 200, "{campaign:?}");
    // A solver of games without draws is still caught when wrong on the others.
    let no_draws = Supports::everything().no_draws().of(all_draws());
    assert!(Property::any_game(8)
        .cases(64)
        .save_to(None)
        .run(&no_draws)
        .is_err());
}

/// `Supports::no_explicit_outcomes` and `no_draw_convention` were public and tested by
/// nothing (issue 37): a solver declaring either is never handed such a game — its
/// closure panics if it is — while the others are still checked.
#[test]
fn a_solver_declaring_no_labels_or_no_draw_convention_never_gets_one() {
    let strict = |name: &'static str, labels_ok: bool, convention_ok: bool| {
        solver_fn(name, move |game: &Game| {
            let labelled = game.terminals().iter().any(Option::is_some);
            assert!(labels_ok || !labelled, "{name} was given a labelled game");
            assert!(
                convention_ok || game.draw_credit().is_none(),
                "{name} was given a draw convention"
            );
            retrocheck::solve::Retrograde.solve(game)
        })
    };
    for (declared, under_test) in [
        (
            Supports::everything().no_explicit_outcomes(),
            strict("no labels", false, true),
        ),
        (
            Supports::everything().no_draw_convention(),
            strict("no convention", true, false),
        ),
    ] {
        let declared = declared.of(under_test);
        let passed = Property::any_game(8)
            .cases(128)
            .save_to(None)
            .run(&declared)
            .unwrap();
        assert!(passed.refused > 0 && passed.refused < 128, "{passed:?}");
    }
}

/// A solver that refuses every case passed the assert forms with nothing checked
/// ("passed 0 proptest cases"): a test that can never fail. They now say so and fail,
/// as Hypothesis's health check does when every example is filtered out.
#[test]
fn the_assert_forms_fail_when_the_solver_refused_every_case() {
    let none = Supports::everything()
        .max_positions(0)
        .of(solver_fn("none", |game: &Game| {
            retrocheck::solve::Retrograde.solve(game)
        }));
    let property = Property::any_game(8).cases(16).save_to(None);
    assert_eq!(property.run(&none).unwrap().refused, 16);
    let campaign = Campaign::new()
        .families(Family::games())
        .cases(20)
        .max_positions(8)
        .threads(1)
        .save_to(None);
    assert_eq!(campaign.run(&none).unwrap().refused, 20);
    for panicked in [
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| property.assert(&none))).unwrap_err(),
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| campaign.assert(&none))).unwrap_err(),
    ] {
        let message = panicked.downcast_ref::<String>().unwrap();
        assert!(message.starts_with("nothing was checked"), "{message}");
    }
}

/// Outcomes right, remoteness always 0.
fn outcomes_only() -> impl Solver {
    solver_fn("outcomes-only", |game: &Game| {
        let truth = retrocheck::solve::Retrograde.solve(game)?;
        let values = truth
            .values
            .iter()
            .map(|v| v.winner().map_or(Value::Draw, |w| Value::win(w, 0)))
            .collect();
        Ok(Solution::from_values(game, values))
    })
}

#[test]
fn an_outcome_only_solver_is_checked_on_outcomes_alone() {
    let property = || Property::any_game(10).cases(64).save_to(None);
    assert!(property().run(&outcomes_only()).is_err(), "remoteness is wrong");
    property().run(&Claims::Outcomes.of(outcomes_only())).unwrap();
    assert!(property().run(&Claims::Values.of(outcomes_only())).is_err());
    // A wrong outcome is still caught, and shrunk.
    let failure = property().run(&Claims::Outcomes.of(all_draws())).unwrap_err();
    assert_eq!(failure.positions, 1, "{failure}");
}

#[test]
fn a_solver_that_is_not_sync_runs_one_instance_per_thread() {
    use std::cell::RefCell;
    use std::collections::HashMap;
    // The threads that made an instance: one each, never one per call.
    static MADE_ON: std::sync::Mutex<Vec<std::thread::ThreadId>> = std::sync::Mutex::new(Vec::new());
    // A cache in a RefCell: neither Sync nor, with an Rc inside, Send.
    let cached = per_thread(
        "cached",
        || {
            MADE_ON.lock().unwrap().push(std::thread::current().id());
            RefCell::new(HashMap::<String, std::rc::Rc<Solution>>::new())
        },
        |cache: &RefCell<HashMap<String, std::rc::Rc<Solution>>>, game: &Game| {
            let key = retrocheck::format::print_game(game);
            if let Some(hit) = cache.borrow().get(&key) {
                return Ok((**hit).clone());
            }
            let solution = retrocheck::solve::Retrograde.solve(game)?;
            cache.borrow_mut().insert(key, std::rc::Rc::new(solution.clone()));
            Ok(solution)
        },
    );
    Property::any_game(8).cases(64).assert(&cached);
    Campaign::new()
        .cases(400)
        .max_positions(12)
        .threads(2)
        .assert(&cached);
    let mut made_on = MADE_ON.lock().unwrap().clone();
    let instances = made_on.len();
    made_on.sort_by_key(|id| format!("{id:?}"));
    made_on.dedup();
    assert!(
        instances >= 1 && made_on.len() == instances,
        "{instances} instances on {} threads",
        made_on.len()
    );
}

/// Issue 35: replaying the built-in corpus ran its chains of 10,001 and 65,537
/// positions silently (an O(V²) solver sat 10 minutes), and the summary read "passed 48
/// cases of 56 corpus files; 13 more refused". A size cap skips the large files,
/// counted, and the summary counts cases and files each once.
#[test]
fn replay_skips_files_above_a_size_and_counts_cases_and_files_once() {
    let mine = solver_fn("mine", |game: &Game| retrocheck::solve::Retrograde.solve(game));
    let capped = retrocheck::api::Replay::new(BUILTIN_CORPUS)
        .max_positions(1_000)
        .run(&mine)
        .unwrap();
    let whole = replay(&mine, BUILTIN_CORPUS).unwrap();
    assert!(
        capped.cases < whole.cases,
        "{} / {}",
        capped.summary,
        whole.summary
    );
    let skipped = capped
        .summary
        .split("; ")
        .find_map(|part| part.strip_suffix(" skipped as larger than 1000 positions"))
        .unwrap_or_else(|| panic!("{}", capped.summary));
    assert!(
        skipped.ends_with(" files") || skipped == "1 file",
        "{}",
        capped.summary
    );
    // "mine passed P of the C cases in F corpus files under …": P = C - refused.
    let expected = format!(
        "mine passed {} of the {} cases in ",
        whole.cases - whole.refused,
        whole.cases
    );
    assert!(whole.summary.starts_with(&expected), "{}", whole.summary);
}
