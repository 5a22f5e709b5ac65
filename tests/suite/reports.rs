//! The failure reports people read (issue #25): every kind of failure reported, on
//! every entry point, small enough to act on, and saying what they show.

use proptest::strategy::Just;
use retrocheck::api::Mismatch;
use retrocheck::internals::transform::relabel;
use retrocheck::prelude::*;

/// A solver with an index bug on self-loops, right otherwise: the commonest kind of
/// bug, a panic.
pub(crate) fn panics_on_self_loops() -> impl Solver {
    solver_fn("panics-on-self-loops", |game: &Game| {
        for p in game.ids() {
            if game.moves(p).contains(&p) {
                let seen = vec![false; game.moves(p).len()];
                // Indexes one past the end: "index out of bounds".
                let _ = seen[seen.len() + p as usize];
            }
        }
        retrocheck::solve::Retrograde.solve(game)
    })
}

#[test]
fn a_panicking_solver_is_reported_as_a_shrunk_crash() {
    let solver = panics_on_self_loops();
    let property = Property::any_game(8).cases(64).save_to(None).run(&solver);
    let campaign = Campaign::new()
        .families(Family::games())
        .cases(500)
        .max_positions(12)
        .threads(1)
        .save_to(None)
        .run(&solver);
    for failure in [property.unwrap_err(), campaign.unwrap_err()] {
        assert!(matches!(failure.mismatch, Mismatch::Crashed { .. }), "{failure}");
        let report = failure.to_string();
        assert!(
            report.contains("panicked at") && report.contains("index out of bounds"),
            "{report}"
        );
        // The smallest game with a self-loop: one position moving to itself.
        assert_eq!(failure.text, "game 1;\n0 A 0;\n", "{report}");
    }
}

/// Right on games of at most `n` positions, every position a draw above: a fast
/// path that switches on with size. Only relations that add positions see it on small
/// games.
pub(crate) fn draws_above(n: usize) -> impl Solver {
    solver_fn(format!("draws-above-{n}"), move |game: &Game| {
        if game.positions() > n {
            return Ok(Solution::from_values(game, vec![Value::Draw; game.positions()]));
        }
        retrocheck::solve::Retrograde.solve(game)
    })
}

#[test]
fn a_relation_caught_failure_shows_the_transformed_game() {
    // The fuzz body runs every relation. Two positions: 0 (A) moves to 1 twice, 1 (B)
    // is stuck.
    let failure = fuzz_check(&fuzz_input(&[0, 2, 0, 0, 2, 1, 1, 3]), &draws_above(2)).unwrap_err();
    let report = failure.to_string();
    assert!(matches!(failure.mismatch, Mismatch::Relation { .. }), "{report}");
    assert_eq!(
        failure.expected, failure.got,
        "right on the case itself:\n{report}"
    );
    // The transformed game, larger than the case, is shown with its outputs.
    let headers: Vec<usize> = report
        .lines()
        .filter_map(|l| l.strip_prefix("game ")?.strip_suffix(';')?.parse().ok())
        .collect();
    assert!(
        headers.iter().any(|&n| n > failure.positions),
        "no transformed game in:\n{report}"
    );
    let transformed = failure.transformed.as_ref().expect("the transformed game");
    assert_ne!(transformed.expected, transformed.got, "{report}");
    assert!(report.contains(&transformed.text), "{report}");
}

/// A chain of 257 positions, all A, ids scrambled: remoteness 256 at its start.
pub(crate) fn scrambled_chain() -> Game {
    let n = 257u32;
    let mut b = GameBuilder::with_capacity(n as usize, n as usize);
    for p in 0..n - 1 {
        b.moves(Side::A, &[p + 1]);
    }
    b.moves::<u32>(Side::A, &[]);
    let perm: Vec<u32> = (0..n).map(|p| p * 97 % n).collect();
    relabel(&b.build().unwrap(), &perm)
}

pub(crate) fn mutant(name: &'static str) -> impl Solver {
    let subject = retrocheck_selftest::registry::by_name(name).unwrap();
    solver_fn(name, move |game: &Game| subject.solve(game))
}

#[test]
fn a_big_counterexample_is_cut_to_one_screen_with_ids_normalised_and_the_rest_saved() {
    let failure = Property::new(Just(Case::Game(scrambled_chain())))
        .cases(1)
        .save_to(None)
        .run(&mutant("remoteness-u8"))
        .unwrap_err();
    let report = failure.to_string();
    assert!(
        report.lines().count() < 40,
        "{} lines:\n{report}",
        report.lines().count()
    );
    // Ids in order of discovery from the failing position: the chain reads 0, 1, 2, ….
    assert!(
        failure.text.starts_with("game 257;\n0 A 1;\n1 A 2;\n"),
        "{}",
        failure.text
    );
    assert!(report.contains("- 0 B 256 1\n+ 0 B 0 -\n"), "{report}");
    assert!(report.contains("the play from position 0"), "{report}");
    // The rest is in files the report names.
    let dir = report
        .split("the whole case and both outputs are in ")
        .nth(1)
        .and_then(|rest| rest.split(" (").next())
        .unwrap_or_else(|| panic!("no files named in:\n{report}"));
    let dir = std::path::Path::new(dir);
    assert_eq!(
        std::fs::read_to_string(dir.join("case.game")).unwrap(),
        failure.text
    );
    assert_eq!(std::fs::read_to_string(dir.join("got.out")).unwrap(), failure.got);
    // `{:#}` prints it whole.
    assert!(format!("{failure:#}").contains(&failure.text));
}

/// Wrong in two ways: every position a draw on games of 4 positions or more, every
/// position won by A at once below.
fn wrong_two_ways() -> impl Solver {
    solver_fn("wrong-two-ways", |game: &Game| {
        let value = if game.positions() >= 4 {
            Value::Draw
        } else {
            Value::Win {
                winner: Side::A,
                remoteness: 0,
            }
        };
        Ok(Solution::from_values(game, vec![value; game.positions()]))
    })
}

#[test]
fn a_symptom_changed_by_shrinking_is_said() {
    // 0 (A) wins by moving to the stuck 1 (B); 2 and 3 are stuck.
    let game = retrocheck::format::parse_game("game 4;\n0 A 1;\n1 B ;\n2 A ;\n3 B ;\n").unwrap();
    let failure = Property::new(Just(Case::Game(game)))
        .cases(1)
        .save_to(None)
        .run(&wrong_two_ways())
        .unwrap_err();
    let report = failure.to_string();
    assert!(failure.positions < 4, "{report}");
    assert!(
        report.contains("the symptom changed while shrinking") && report.contains("a draw where A wins"),
        "{report}"
    );
}

/// Every position a draw: wrong on almost every game.
fn all_draws() -> impl Solver {
    solver_fn("all-draws", |game: &Game| {
        Ok(Solution::from_values(game, vec![Value::Draw; game.positions()]))
    })
}

/// A solution with every value and one chosen move short: the report said "short"
/// only from the values, and printing the chosen moves indexed past their end
/// panicked inside the harness.
#[test]
fn a_solution_short_of_chosen_moves_is_reported_not_a_harness_panic() {
    let report = report_of_a_short_solution("choices-short", |solution| {
        solution.choices.pop();
    });
    assert!(report.contains("a solution of the wrong length"), "{report}");
}

/// The report of a solver whose solutions `cut` shortens (always failing).
fn report_of_a_short_solution(name: &'static str, cut: fn(&mut Solution)) -> String {
    let short = solver_fn(name, move |game: &Game| {
        let mut solution = retrocheck::solve::Retrograde.solve(game)?;
        cut(&mut solution);
        Ok(solution)
    });
    let failure = Property::any_game(6)
        .cases(16)
        .save_to(None)
        .run(&short)
        .unwrap_err();
    failure.to_string()
}

/// Run in a child process by the test below, which reads its standard error.
#[test]
#[ignore = "run in a child process by proptests_iteration_cap_warning_is_not_printed"]
fn child_a_failing_property() {
    let failure = Property::any_game(40).cases(64).save_to(None).run(&all_draws());
    assert!(failure.is_err());
}

#[test]
fn proptests_iteration_cap_warning_is_not_printed() {
    // With a cap of 1, proptest's own shrinking stops at once and says so, unless
    // it is off because retrocheck's shrinker takes over.
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "reports::child_a_failing_property",
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .env("PROPTEST_MAX_SHRINK_ITERS", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&child.stderr);
    assert!(child.status.success(), "{stderr}");
    assert!(!stderr.contains("Aborting shrinking"), "{stderr}");
}

#[test]
fn the_diff_summary_fits_one_screen_with_the_verdict_and_names_each_phase() {
    let o = crate::support::retrocheck()
        .args(["diff", "--no-save", "--cases", "300", "--max-positions", "20"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() <= 12, "{} lines:\n{out}", lines.len());
    assert!(
        lines[0].contains("passed") && lines.last().unwrap().starts_with("passed"),
        "{out}"
    );
    assert!(out.contains("not covered:") && out.contains("--tables"), "{out}");
    // The default campaign's phases draw from the same families: each row of the full
    // table names its phase. Two of them, made small.
    let mut phases = retrocheck::internals::run::plan::Plan::default().phases();
    phases.truncate(2);
    (phases[0].cases, phases[1].cases, phases[1].max_positions) = (44, 22, 1_200);
    let (summary, failed) = retrocheck::internals::run::plan::run_phases(
        &phases,
        &retrocheck::solve::Retrograde::default(),
        &|_, _| {},
    );
    assert!(failed.is_none());
    let table = summary.table();
    let rows: Vec<&str> = table
        .split("\n\n")
        .next()
        .unwrap()
        .lines()
        .skip(2)
        .map(|l| l.split('|').nth(1).unwrap().trim())
        .collect();
    assert_eq!(rows.len(), 44, "{table}");
    let unique: std::collections::BTreeSet<&str> = rows.iter().copied().collect();
    assert_eq!(unique.len(), rows.len(), "a row name twice:\n{table}");
}

#[test]
fn stress_defaults_to_each_problems_original_time_limit() {
    // The originals' limits (docs/problems/): minigame 6 s, berzerk 4 s, pursuit 2 s.
    for (problem, seconds) in [("minigame", 6.0), ("berzerk", 4.0), ("pursuit", 2.0)] {
        let dir = tempfile::tempdir().unwrap();
        let json = dir.path().join("stress.json");
        let solution = format!("{} solve {problem}", crate::support::BIN);
        let o = crate::support::retrocheck()
            .args(["stress", problem, "--solution", &solution, "--cases", "2"])
            .args(["--json", json.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        assert_eq!(report["time_limit_seconds"], seconds, "{problem}");
    }
}

#[test]
fn a_failing_input_outside_the_original_constraints_is_labelled_so() {
    // Always wrong: the shrunk input is as small as the rules allow.
    for (extra, official) in [(&["--edge-cases"][..], false), (&[][..], true)] {
        let dir = tempfile::tempdir().unwrap();
        let json = dir.path().join("stress.json");
        let o = crate::support::retrocheck()
            .args(["stress", "catmouse", "--solution", "cat > /dev/null; echo 9"])
            .args(["--cases", "5", "--json", json.to_str().unwrap()])
            .args(["--save", dir.path().join("corpus").to_str().unwrap()])
            .args(extra)
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(1), "{out}");
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        assert_eq!(report["failure"]["shrunk"]["official"], official, "{out}");
        assert_eq!(
            out.contains("outside the original judge's constraints"),
            !official,
            "{out}"
        );
    }
}

#[test]
fn stress_counts_are_written_one_way_and_the_size_unit_is_said() {
    let solution = format!("{} solve pursuit", crate::support::BIN);
    let o = crate::support::retrocheck()
        .args(["stress", "pursuit", "--solution", &solution, "--cases", "1000"])
        .args(["--max-size", "3", "--jobs", "2", "--no-save"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        !out.contains("1000 inputs") && out.contains("1,000 inputs"),
        "{out}"
    );
    assert!(out.contains("--max-size counts vertices"), "{out}");
}

#[test]
fn stress_says_when_shrinking_changed_the_symptom() {
    // Wrong on line 1 in two ways: "0 D - -" on games of 4 positions or more,
    // "0 A 9 -" below.
    let program = format!(
        "input=$(cat); n=$(printf '%s\\n' \"$input\" | head -1 | tr -dc 0-9); \
         out=$(printf '%s\\n' \"$input\" | {bin} solve game); \
         if [ \"$n\" -ge 4 ]; then printf '%s\\n' \"$out\" | sed '1s/.*/0 D - -/'; \
         else printf '%s\\n' \"$out\" | sed '1s/.*/0 A 9 -/'; fi",
        bin = crate::support::BIN
    );
    let o = crate::support::retrocheck()
        .args(["stress", "game", "--solution", &program, "--cases", "50"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.contains("0 A 9 -"), "shrunk below 4 positions:\n{out}");
    assert!(out.contains("the symptom changed while shrinking"), "{out}");
}

/// Right on games of at most 4 positions, and refuses the larger ones.
fn small_games_only() -> impl Solver {
    solver_fn("small-games-only", |game: &Game| {
        if game.positions() > 4 {
            return Err(SolveError::TooLarge {
                solver: "small-games-only",
                positions: game.positions(),
                limit: 4,
            });
        }
        retrocheck::solve::Retrograde.solve(game)
    })
}

#[test]
fn a_refused_game_is_skipped_not_reported_as_wrong() {
    let solver = small_games_only();
    let passed = Property::any_game(12).cases(64).save_to(None).run(&solver);
    assert!(passed.is_ok(), "{}", passed.unwrap_err());
    let passed = Campaign::new()
        .families(Family::games())
        .cases(200)
        .max_positions(12)
        .threads(1)
        .save_to(None)
        .run(&solver);
    assert!(passed.is_ok(), "{}", passed.unwrap_err());
}

#[test]
fn a_short_solution_is_reported_as_short() {
    let report = report_of_a_short_solution("one-short", |solution| {
        solution.values.pop();
        solution.choices.pop();
    });
    assert!(
        report.contains("the solution has 0 positions, the game 1"),
        "{report}"
    );
}

/// Run in a child process by the test below, which reads its standard error.
#[test]
#[ignore = "run in a child process by a_caught_panic_is_not_printed"]
fn child_a_panicking_solver() {
    let solver = panics_on_self_loops();
    assert!(Property::any_game(8)
        .cases(64)
        .save_to(None)
        .run(&solver)
        .is_err());
    let campaign = Campaign::new()
        .families(Family::games())
        .cases(300)
        .max_positions(12);
    assert!(campaign.threads(2).save_to(None).run(&solver).is_err());
}

#[test]
fn a_caught_panic_is_not_printed() {
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "reports::child_a_panicking_solver",
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&child.stderr);
    assert!(child.status.success(), "{stderr}");
    assert!(!stderr.contains("index out of bounds"), "{stderr}");
}

// The command line's helpers, for the test below (here, not at the top, where they
// would move the line of the panic the README quotes from this file).
use crate::support::{retrocheck, stderr, stdout};
use std::path::Path;

/// Regression (issue 38, item 12): `stress game` printed a shrunk counterexample whole,
/// with scrambled ids: the 257-position chain of a solver with 8-bit remoteness in 387
/// lines. It prints it as the library's report does, cut to one screen (the first
/// lines, the differing output lines, the play), ids numbered from the failing
/// position, the rest in a private directory whose `report.txt` it names; and the
/// chain's contractions, all one game once numbered, are judged once (1,119 runs
/// before, 868 after).
#[test]
fn stress_game_cuts_a_long_counterexample_to_one_screen_numbered_from_the_failure() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = format!("{} solve game --solver remoteness-u8", crate::support::BIN);
    let o = retrocheck()
        .args(["stress", "game", "--solution", &wrong, "--save"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let failure: Vec<&str> = out
        .lines()
        .take_while(|l| !l.ends_with(" WA") && !l.contains(" inputs: "))
        .collect();
    assert!(failure.len() <= 60, "{} lines:\n{out}", failure.len());
    assert!(
        out.contains("to 257 positions, 256 moves:\n\ngame 257;\n0 A 1;\n1 A 2;\n"),
        "{out}"
    );
    assert!(out.contains("… (250 more lines)\n"), "{out}");
    assert!(out.contains("- 0 B 256 1\n+ 0 B 0 -\n"), "{out}");
    assert!(
        out.contains("the play from position 0 by the references' moves (257 positions)"),
        "{out}"
    );
    assert!(!out.contains("print the report whole with"), "{out}");
    let report = out
        .split("(the whole report: ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| panic!("no report file named:\n{out}"));
    let whole = std::fs::read_to_string(report).unwrap();
    assert!(whole.starts_with("game 257;\n0 A 1;\n"), "{whole}");
    assert_eq!(whole.lines().filter(|l| l.ends_with(';')).count(), 258);
    let runs: u64 = out
        .split(" runs, ")
        .next()
        .and_then(|head| head.rsplit('(').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no run count:\n{out}"));
    assert!(runs < 1000, "{runs} runs");
    let _ = std::fs::remove_dir_all(Path::new(report).parent().unwrap());
}
