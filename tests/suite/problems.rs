//! The contest front-ends: answers through every solver agree, `certify` accepts the
//! product games' solutions, and each rule of the statements holds on its own case.

use proptest::prelude::*;
use retrocheck::harness::check::{check_instance, Oracles};
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
    assert!(huge.game().unwrap_err().contains("too large"));
    assert!(huge.answer_line(1).unwrap_err().contains("too large"));
}
