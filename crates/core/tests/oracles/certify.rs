//! The certificate checker refuses every perturbed solution and names the rule each
//! wrong claim breaks.

use crate::support::{games, parse};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use retrocheck_core::solve::{certify, Retrograde, Rule, Violation};
use retrocheck_core::{Side, Solution, Solver, Value};

fn other_value(rng: &mut ChaCha8Rng, v: Value) -> Value {
    loop {
        let w = match rng.gen_range(0..3) {
            0 => Value::Draw,
            1 => Value::win(Side::A, rng.gen_range(0..6)),
            _ => Value::win(Side::B, rng.gen_range(0..6)),
        };
        if w != v {
            return w;
        }
    }
}

#[test]
fn certify_rejects_every_perturbed_solution() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut rejected = [0usize; 4];
    for g in games(13, 300) {
        let truth = Retrograde.solve(&g).unwrap();
        for _ in 0..6 {
            let mut s = truth.clone();
            let p = rng.gen_range(0..g.positions());
            let kind = rng.gen_range(0..4);
            match kind {
                0 => s.values[p] = other_value(&mut rng, s.values[p]),
                1 => match s.values[p] {
                    Value::Win { winner, remoteness } => {
                        let r = if remoteness > 0 && rng.gen_bool(0.5) {
                            remoteness - 1
                        } else {
                            remoteness + 1
                        };
                        s.values[p] = Value::win(winner, r);
                    }
                    Value::Draw => continue,
                },
                2 => {
                    let moves = g.moves(p as u32);
                    let options: Vec<Option<u32>> = moves
                        .iter()
                        .map(|&q| Some(q))
                        .chain([None, Some(p as u32)])
                        .filter(|&c| c != s.choices[p])
                        .collect();
                    s.choices[p] = *options.choose(&mut rng).unwrap();
                    let e = certify(&g, &s).expect_err("a changed choice");
                    assert_eq!(
                        e,
                        Violation {
                            position: p as u32,
                            rule: Rule::Choice {
                                claimed: s.choices[p],
                                required: truth.choices[p]
                            }
                        }
                    );
                }
                _ => {
                    if rng.gen_bool(0.5) {
                        s.values.pop();
                    } else {
                        s.choices.push(None);
                    }
                    let e = certify(&g, &s).expect_err("a wrong length");
                    assert_eq!(e.position, 0);
                    assert_eq!(
                        e.rule,
                        Rule::Length {
                            claimed: s.values.len().min(s.choices.len()),
                            positions: g.positions()
                        }
                    );
                }
            }
            assert!(certify(&g, &s).is_err(), "{kind}: {g:?} {s:?}");
            rejected[kind] += 1;
            // Choices recomputed from the perturbed values: a value error alone.
            if kind < 2 {
                let s = Solution::from_values(&g, s.values.clone());
                assert!(certify(&g, &s).is_err(), "{kind}: {g:?} {s:?}");
            }
        }
    }
    assert!(rejected.iter().all(|&r| r > 200), "{rejected:?}");
}

fn violation(text: &str, values: Vec<Value>, choices: Option<Vec<Option<u32>>>) -> Violation {
    let g = parse(text);
    let s = match choices {
        Some(choices) => Solution { values, choices },
        None => Solution::from_values(&g, values),
    };
    certify(&g, &s).expect_err("the claim is wrong")
}

#[test]
fn certify_names_each_rule() {
    let (a, b) = (Side::A, Side::B);
    let cases: Vec<(Violation, &str)> = vec![
        (
            violation(
                "game 3;\n0 A ;\n1 A ;\n2 A ;\n",
                vec![Value::win(b, 0); 2],
                Some(vec![None; 3]),
            ),
            "the solution has 2 positions, the game 3",
        ),
        (
            violation(
                "game 3;\n0 A ;\n1 A ;\n2 A ;\n",
                vec![Value::win(b, 0); 3],
                Some(vec![None; 2]),
            ),
            "the solution has 2 positions, the game 3",
        ),
        (
            violation(
                "game 2;\n0 A ;\n1 B =D;\n",
                vec![Value::win(a, 0), Value::Draw],
                None,
            ),
            "position 0 is terminal with value B wins in 0, claimed A wins in 0",
        ),
        (
            violation(
                "game 2;\n0 B ;\n1 B =D;\n",
                vec![Value::win(a, 0), Value::win(b, 0)],
                None,
            ),
            "position 1 is terminal with value draw, claimed B wins in 0",
        ),
        (
            violation(
                "game 2;\n0 A =A;\n1 B =D;\n",
                vec![Value::win(a, 1), Value::Draw],
                None,
            ),
            "position 0 is terminal with value A wins in 0, claimed A wins in 1",
        ),
        (
            violation(
                "game 2;\n0 A 1;\n1 A ;\n",
                vec![Value::win(a, 1), Value::win(b, 0)],
                None,
            ),
            "position 0 claims A wins in 1 but has no move to a win of its mover",
        ),
        (
            violation(
                "game 4;\n0 A 1,2;\n1 A 3;\n2 B ;\n3 B ;\n",
                vec![
                    Value::win(a, 2),
                    Value::win(a, 1),
                    Value::win(a, 0),
                    Value::win(a, 0),
                ],
                None,
            ),
            "position 0 is won by its mover in 1 (1 + the fastest winning move), claimed 2",
        ),
        (
            violation(
                "game 4;\n0 A 1,2;\n1 A 3;\n2 B ;\n3 B ;\n",
                vec![
                    Value::win(a, 0),
                    Value::win(a, 1),
                    Value::win(a, 0),
                    Value::win(a, 0),
                ],
                None,
            ),
            "position 0 is won by its mover in 1 (1 + the fastest winning move), claimed 0",
        ),
        (
            violation(
                "game 3;\n0 A 2,1;\n1 B ;\n2 A ;\n",
                vec![Value::win(b, 1), Value::win(a, 0), Value::win(b, 0)],
                None,
            ),
            "position 0 claims a loss of its mover but its move to 1 leads to A wins in 0",
        ),
        (
            violation(
                "game 3;\n0 A 2,1;\n1 A 1;\n2 A ;\n",
                vec![Value::win(b, 1), Value::Draw, Value::win(b, 0)],
                None,
            ),
            "position 0 claims a loss of its mover but its move to 1 leads to draw",
        ),
        (
            violation(
                "game 3;\n0 A 1,2;\n1 A ;\n2 A 1;\n",
                vec![Value::win(b, 1), Value::win(b, 0), Value::win(b, 1)],
                None,
            ),
            "position 0 is lost in 2 (1 + the slowest move), claimed 1",
        ),
        (
            violation(
                "game 3;\n0 A 1,2;\n1 A ;\n2 A 1;\n",
                vec![Value::win(b, 3), Value::win(b, 0), Value::win(b, 1)],
                None,
            ),
            "position 0 is lost in 2 (1 + the slowest move), claimed 3",
        ),
        (
            violation(
                "game 5;\n0 A 1,2,3;\n1 A 4;\n2 B ;\n3 B ;\n4 B ;\n",
                vec![
                    Value::Draw,
                    Value::win(a, 1),
                    Value::win(a, 0),
                    Value::win(a, 0),
                    Value::win(a, 0),
                ],
                None,
            ),
            "position 0 claims a draw but its mover wins by moving to 2",
        ),
        (
            violation(
                "game 4;\n0 B 3,1,2;\n1 B 3;\n2 A ;\n3 A ;\n",
                vec![Value::Draw, Value::win(b, 1), Value::win(b, 0), Value::win(b, 0)],
                None,
            ),
            "position 0 claims a draw but its mover wins by moving to 3",
        ),
        (
            violation(
                "game 2;\n0 A 1;\n1 A ;\n",
                vec![Value::Draw, Value::win(b, 0)],
                None,
            ),
            "position 0 claims a draw but every move loses for its mover",
        ),
        (
            violation(
                "game 2;\n0 A 1,1;\n1 A ;\n",
                vec![Value::win(b, 1), Value::win(b, 0)],
                Some(vec![None, None]),
            ),
            "position 0 chose move none, the first optimal move is 1",
        ),
        (
            violation(
                "game 2;\n0 A ;\n1 A 0;\n",
                vec![Value::win(b, 0), Value::win(b, 1)],
                Some(vec![Some(1), Some(0)]),
            ),
            "position 0 chose move 1, the first optimal move is none",
        ),
    ];
    for (v, text) in &cases {
        assert_eq!(v.to_string(), *text, "{v:?}");
    }
    assert_eq!(
        cases[0].0,
        Violation {
            position: 0,
            rule: Rule::Length {
                claimed: 2,
                positions: 3
            }
        }
    );
    assert_eq!(cases[13].0.rule, Rule::DrawButWinAvailable { winning_move: 3 });
    assert_eq!(
        cases[8].0.rule,
        Rule::LossWithEscape {
            escape: 1,
            escape_value: Value::win(a, 0)
        }
    );
    // A correct solution of a game with every kind of position passes.
    let g = parse("game 6;\n0 A 1,2;\n1 B 0;\n2 B ;\n3 A 3,4;\n4 B =D;\n5 B 0,5;\n");
    certify(&g, &Retrograde.solve(&g).unwrap()).unwrap();
}
