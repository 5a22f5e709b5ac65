//! The contest front-ends: answers through every solver agree, `certify` accepts the
//! product games' solutions, and each rule of the statements holds on its own case.

use crate::support::run;
use proptest::prelude::*;
use retrocheck::internals::oracles::{check_instance, Oracles};
use retrocheck::problems::{minigame, pursuit, Instance, Problem};
use retrocheck::solve::{certify, Fixpoint, Minimax, Retrograde, Solver};
use retrocheck::{Outcome, Side};

/// Edges are drawn over a fixed index range and mapped into range, so that shrinking
/// the vertex count never invalidates them (no `prop_flat_map` from n).
fn edges(max: usize) -> impl Strategy<Value = Vec<(u32, u32)>> {
    prop::collection::vec((0..8u32, 0..8u32), 0..max)
}

fn pursuit_instance() -> impl Strategy<Value = pursuit::Instance> {
    (1..=4u32, edges(10), 0..8u32, 0..8u32).prop_map(|(n, edges, x, y)| pursuit::Instance {
        n,
        edges: edges.into_iter().map(|(a, b)| (a % n, b % n)).collect(),
        bob: x % n,
        alice: y % n,
    })
}

fn minigame_instance() -> impl Strategy<Value = minigame::Instance> {
    (1..=4u32, edges(10), any::<[bool; 6]>(), any::<[bool; 6]>()).prop_map(|(n, arcs, order, actors)| {
        minigame::Instance {
            n,
            arcs: arcs.into_iter().map(|(a, b)| (a % n, b % n)).collect(),
            order: order.map(|b| if b { Side::B } else { Side::A }),
            actors,
        }
    })
}

/// The answer line through each solver that can take the product game.
fn answers_agree(instance: &Instance) -> Result<(), TestCaseError> {
    let game = instance.game().unwrap();
    let fast = instance.answer_line(1).unwrap();
    let big = Minimax {
        max_positions: 64,
        budget: 2_000_000,
    };
    let solvers: [&dyn Solver; 3] = [&Retrograde, &Fixpoint::default(), &big];
    for solver in solvers {
        match solver.solve(&game) {
            Ok(solution) => {
                let outcomes: Vec<Outcome> = solution.values.iter().map(|v| v.outcome()).collect();
                prop_assert_eq!(
                    &instance.answer(1, &outcomes),
                    &fast,
                    "{} on {:?}",
                    solver.name(),
                    instance
                );
                prop_assert_eq!(certify(&game, &solution), Ok(()));
            }
            Err(e) => prop_assert!(e.is_refusal(), "{}", e),
        }
    }
    let oracles = Oracles {
        minimax_max: 32,
        minimax_budget: 500_000,
        ..Oracles::default()
    };
    prop_assert_eq!(
        check_instance(instance, &Retrograde, &oracles).map(|_| ()),
        Ok(())
    );
    Ok(())
}

proptest! {
    #![proptest_config(crate::config())]

    #[test]
    fn pursuit_answers_agree_across_solvers(instance in pursuit_instance()) {
        answers_agree(&Instance::Pursuit(instance))?;
    }

    #[test]
    fn minigame_answers_agree_across_solvers(instance in minigame_instance()) {
        answers_agree(&Instance::Minigame(instance))?;
    }

    /// berzerk, shiritori, catmouse: inside and outside the official limits, the answer
    /// by the implicit fast path equals the one read off every reference's solution of
    /// the product game, which `certify` accepts, and the whole oracle path passes.
    #[test]
    fn berzerk_answers_agree_across_solvers(
        official in retrocheck::internals::builtin::berzerk::strategy(12, true),
        any in retrocheck::internals::builtin::berzerk::strategy(12, false),
    ) {
        for instance in [official, any] {
            answers_agree(&Instance::Berzerk(instance))?;
        }
    }

    #[test]
    fn shiritori_answers_agree_across_solvers(
        official in retrocheck::internals::builtin::shiritori::strategy(10, true),
        any in retrocheck::internals::builtin::shiritori::strategy(10, false),
    ) {
        for instance in [official, any] {
            answers_agree(&Instance::Shiritori(instance))?;
        }
    }

    #[test]
    fn catmouse_answers_agree_across_solvers(
        official in retrocheck::internals::builtin::catmouse::strategy(7, true),
        any in retrocheck::internals::builtin::catmouse::strategy(7, false),
    ) {
        prop_assert!(Instance::Catmouse(official.clone()).is_official(), "{:?}", official);
        for instance in [official, any] {
            answers_agree(&Instance::Catmouse(instance))?;
        }
    }

    #[test]
    fn inputs_print_and_parse_back(p in pursuit_instance(), m in minigame_instance()) {
        for instance in [Instance::Pursuit(p), Instance::Minigame(m)] {
            let text = instance.to_input();
            prop_assert_eq!(instance.problem().parse(&text).unwrap(), vec![instance.clone()]);
        }
    }
}

fn pursuit(input: &str) -> String {
    solve(Problem::Pursuit, input)
}

fn minigame(input: &str) -> String {
    solve(Problem::Minigame, input)
}

fn solve(problem: Problem, input: &str) -> String {
    let instances = problem.parse(input).unwrap();
    instances
        .iter()
        .enumerate()
        .map(|(i, inst)| inst.answer_line(i + 1).unwrap() + "\n")
        .collect()
}

#[test]
fn bob_stepping_onto_alice_loses() {
    // Bob's only move lands on Alice.
    assert_eq!(pursuit("1\n2 1\n1 2\n1 2\n"), "Case #1: No\n");
    // With a second way out Bob avoids her, and Alice, at a dead end, is stuck.
    assert_eq!(pursuit("1\n3 3\n1 2\n1 3\n3 1\n1 2\n"), "Case #1: Yes\n");
}

#[test]
fn alice_stuck_loses() {
    assert_eq!(pursuit("1\n3 1\n1 2\n1 3\n"), "Case #1: Yes\n");
}

#[test]
fn bob_stuck_loses() {
    assert_eq!(pursuit("1\n2 1\n2 1\n1 2\n"), "Case #1: No\n");
}

#[test]
fn an_endless_chase_is_bobs() {
    assert_eq!(pursuit("1\n3 3\n1 2\n2 3\n3 1\n2 1\n"), "Case #1: Yes\n");
}

#[test]
fn pursuit_outside_the_official_limits_is_solved_by_the_rules() {
    // x == y: Alice has already won.
    assert_eq!(pursuit("1\n2 1\n1 2\n1 1\n"), "Case #1: No\n");
    // m = 0: Bob is stuck at once.
    assert_eq!(pursuit("1\n2 0\n1 2\n"), "Case #1: No\n");
    // A self-loop alone keeps Bob moving for ever, Alice too.
    assert_eq!(pursuit("1\n2 2\n1 1\n2 2\n1 2\n"), "Case #1: Yes\n");
    // Duplicate edges change nothing.
    assert_eq!(pursuit("1\n2 2\n1 2\n1 2\n1 2\n"), "Case #1: No\n");
    // n beyond 100 is solved, not refused.
    let mut big = String::from("1\n150 150\n");
    for v in 1..=150 {
        big += &format!("{v} {}\n", v % 150 + 1);
    }
    big += "1 3\n";
    assert_eq!(pursuit(&big), "Case #1: Yes\n");
}

#[test]
fn a_stuck_actor_gets_the_result_he_wanted() {
    // Player 1 (team A) is an actor and stuck: his team loses, as he wanted.
    assert_eq!(minigame("1\n1 0\nABABAB\n100000\n"), "B\n");
    // An actor of team A who can choose between getting stuck next door (A loses, his
    // wish) and a self-loop draw takes the loss of his team.
    let with_choice = "1\n2 2\n1 2\n1 1\nAAAAAA\n100000\n";
    // Vertex 2 is a dead end for player 2 (team A, normal): A loses, so B wins.
    assert_eq!(&minigame(with_choice)[..1], "B");
}

#[test]
fn a_self_loop_alone_is_a_draw() {
    assert_eq!(minigame("1\n1 1\n1 1\nABABAB\n000000\n"), "D\n");
}

#[test]
fn ord_may_start_with_b() {
    // Player 1 of team B is stuck: A wins.
    assert_eq!(minigame("1\n1 0\nBAAAAA\n000000\n"), "A\n");
    // The sample's third case with the teams' letters swapped swaps every answer.
    let swapped = minigame("1\n5 5\n1 2\n2 1\n2 3\n3 4\n4 5\nBBAABA\n010001\n");
    assert_eq!(swapped, "ABBAA\n");
}

#[test]
fn product_games_refuse_what_would_not_fit_in_memory() {
    let huge = Instance::Pursuit(pursuit::Instance {
        n: 3_000_000,
        edges: vec![(0, 1)],
        bob: 0,
        alice: 1,
    });
    assert!(huge.game().unwrap_err().to_string().contains("too large"));
    assert!(huge.answer_line(1).unwrap_err().to_string().contains("too large"));
}

/// The random cross-check of the fast path: for `count` instances from the harness
/// generator (half inside the official limits, half outside), the implicit product's
/// outcomes equal those of the CSR product game by the retrograde solver, by `Fixpoint`
/// when the game is small, and by the whole oracle check; and the answer read off
/// either agrees. Returns how many instances `Fixpoint` also solved.
fn fast_path_matches_the_product_game(problem: Problem, count: u64, max_n: u32) -> usize {
    use rand::{Rng, SeedableRng};
    let mut by_fixpoint = 0;
    for seed in 0..count {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let n = rng.gen_range(1..=max_n);
        let official = seed % 2 == 0;
        let instance = match problem {
            Problem::Berzerk => Instance::Berzerk(retrocheck::internals::builtin::berzerk::instance(
                &mut rng, n, official,
            )),
            Problem::Shiritori => Instance::Shiritori(retrocheck::internals::builtin::shiritori::instance(
                &mut rng, n, official,
            )),
            Problem::Catmouse => Instance::Catmouse(retrocheck::internals::builtin::catmouse::instance(
                &mut rng, n, official,
            )),
            _ => unreachable!("only the problems added with the trait"),
        };
        assert!(!official || instance.is_official(), "seed {seed}: {instance:?}");
        let game = instance.game().unwrap();
        let fast = instance.implicit_outcomes().unwrap();
        let checked: Vec<Outcome> = retrocheck::solve::retrograde::solve(&game)
            .values
            .iter()
            .map(|v| v.outcome())
            .collect();
        assert_eq!(fast, checked, "seed {seed}: {instance:?}");
        if game.positions() <= 400 {
            let solution = Fixpoint::default().solve(&game).unwrap();
            let outcomes: Vec<Outcome> = solution.values.iter().map(|v| v.outcome()).collect();
            assert_eq!(fast, outcomes, "seed {seed} (fixpoint): {instance:?}");
            by_fixpoint += 1;
        }
        assert_eq!(
            instance.answer_line(1).unwrap(),
            instance.answer(1, &checked),
            "seed {seed}"
        );
        // Printing and parsing back gives the same instance.
        assert_eq!(
            problem.parse(&instance.to_input()).unwrap(),
            vec![instance.clone()]
        );
        if game.positions() <= 2_000 {
            let oracles = Oracles {
                minimax_max: 16,
                minimax_budget: 100_000,
                ..Oracles::default()
            };
            assert_eq!(
                check_instance(&instance, &Retrograde, &oracles).map(|_| ()),
                Ok(())
            );
        }
    }
    by_fixpoint
}

#[test]
fn berzerk_fast_path_matches_the_product_game() {
    // Rings up to 40 objects: every wrap-around of the step table, both halves of the
    // skip of the black hole, repeated steps, steps of 0 and n. All 300 games are small
    // enough for Fixpoint too.
    assert_eq!(fast_path_matches_the_product_game(Problem::Berzerk, 300, 40), 300);
}

#[test]
fn shiritori_fast_path_matches_the_product_game() {
    assert_eq!(
        fast_path_matches_the_product_game(Problem::Shiritori, 300, 30),
        300
    );
}

#[test]
fn catmouse_fast_path_matches_the_product_game() {
    assert_eq!(
        fast_path_matches_the_product_game(Problem::Catmouse, 300, 12),
        300
    );
}

fn berzerk(input: &str) -> String {
    solve(Problem::Berzerk, input)
}

fn shiritori(input: &str) -> String {
    solve(Problem::Shiritori, input)
}

fn catmouse(input: &str) -> String {
    solve(Problem::Catmouse, input)
}

#[test]
fn the_statements_samples_are_answered_exactly() {
    assert_eq!(
        berzerk("5\n2 3 2\n3 1 2 3\n"),
        "Lose Win Win Loop\nLoop Win Win Win\n"
    );
    assert_eq!(
        berzerk("8\n4 6 2 3 4\n2 3 6\n"),
        "Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose\n"
    );
    assert_eq!(shiritori("3\nabcd\nbcda\nada\n"), "Aoki\nTakahashi\nDraw\n");
    assert_eq!(shiritori("1\nABC\n"), "Draw\n");
    let leetcode = "2\n6\n2 2 5\n1 3\n3 0 4 5\n3 1 4 5\n2 2 3\n3 0 2 3\n4\n2 1 3\n1 0\n1 3\n2 0 2\n";
    assert_eq!(catmouse(leetcode), "0\n1\n");
}

#[test]
fn berzerk_edge_cases_follow_the_page() {
    // n = 2: the only step reaches the hole.
    assert_eq!(berzerk("2\n1 1\n1 1\n"), "Win\nWin\n");
    // Line 2 is line 1 with the sets swapped.
    let (a, b) = (berzerk("6\n2 1 4\n1 3\n"), berzerk("6\n1 3\n2 1 4\n"));
    assert_eq!(a.lines().nth(1), b.lines().next());
    // An empty set (outside the limits): that player is stuck and loses.
    assert_eq!(berzerk("3\n0\n1 1\n"), "Lose Lose\nWin Win\n");
    // Repeated steps change nothing.
    assert_eq!(berzerk("5\n4 3 2 3 2\n3 1 2 3\n"), berzerk("5\n2 3 2\n3 1 2 3\n"));
}

#[test]
fn shiritori_edge_cases_follow_the_page() {
    // Aoki is stuck at once.
    assert_eq!(shiritori("1\nabcd\n"), "Takahashi\n");
    // Case matters: ABC does not continue abc.
    assert_eq!(shiritori("2\nxabc\nABCy\n"), "Takahashi\nTakahashi\n");
    // Repeated words give equal lines.
    assert_eq!(shiritori("3\nabcd\nabcd\nbcdx\n"), "Aoki\nAoki\nTakahashi\n");
}

#[test]
fn catmouse_edge_cases_follow_the_page() {
    // The mouse next to the hole runs in.
    assert_eq!(catmouse("1\n3\n1 1\n2 0 2\n1 1\n"), "1\n");
    // The cat's only neighbour besides the hole is the mouse's node; the mouse's only
    // move is onto the cat: the cat wins.
    assert_eq!(catmouse("1\n3\n1 2\n1 2\n2 0 1\n"), "2\n");
    // A cat whose only neighbour is the hole is stuck and loses (outside the limits):
    // the mouse steps away and wins instead of bouncing for ever.
    assert_eq!(catmouse("1\n4\n1 2\n1 3\n1 0\n1 1\n"), "1\n");
}

#[test]
fn malformed_inputs_of_the_new_problems_name_the_line() {
    let at = |problem: Problem, input: &str| problem.parse(input).unwrap_err();
    let e = at(Problem::Berzerk, "5\n2 3 2\n3 1 2\n");
    assert_eq!(e.line, 3);
    assert!(e.message.contains("Morty's step length 3 of 3"), "{e}");
    let e = at(Problem::Berzerk, "1\n1 1\n1 1\n");
    assert!(e.line == 1 && e.message.contains("at least 2"), "{e}");
    let e = at(Problem::Berzerk, "5\n2 3 2\n3 1 2 3\n4\n");
    assert!(e.line == 4 && e.message.contains("one test case"), "{e}");
    let e = at(Problem::Shiritori, "3\nabcd\nab\nada\n");
    assert!(e.line == 3 && e.message.contains("word 2 of 3"), "{e}");
    let e = at(Problem::Shiritori, "2\nabcd\nab-d\n");
    assert!(e.line == 3 && e.message.contains("found 'ab-d'"), "{e}");
    let e = at(Problem::Catmouse, "1\n3\n1 1\n2 0 3\n1 1\n");
    assert!(
        e.line == 4 && e.case == Some(1) && e.message.contains("out of range"),
        "{e}"
    );
    let e = at(Problem::Catmouse, "2\n3\n1 1\n2 0 2\n1 1\n2\n");
    assert!(
        e.line == 6 && e.case == Some(2) && e.message.contains("at least 3"),
        "{e}"
    );
    let e = at(Problem::Catmouse, "1\n3\n1 1\n2 0\n");
    assert!(
        e.line == 4 && e.message.contains("neighbour 2 of 2 of node 1"),
        "{e}"
    );
}

/// Through the command line: a malformed input of each new problem exits 2 with one
/// line naming the input line and what was expected, and prints no answer.
#[test]
fn malformed_inputs_of_the_new_problems_exit_2_naming_the_line() {
    for (problem, input, expected) in [
        (
            "berzerk",
            "5\n2 3 2\n3 1 2\n",
            "line 3: expected Morty's step length 3 of 3",
        ),
        ("shiritori", "2\nabcd\nab-d\n", "line 3: expected word 2 of 2"),
        ("catmouse", "1\n3\n1 1\n2 0 3\n1 1\n", "line 4 (test case 1)"),
    ] {
        let out = run(&["solve", problem, "-"], input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{problem}: {stderr}");
        assert!(out.stdout.is_empty(), "{problem}");
        assert!(stderr.contains(expected), "{problem}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{problem}: {stderr}");
    }
}
