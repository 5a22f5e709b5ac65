//! Every solver agrees with the others and with the certificate checker on random
//! games, the traps of `docs/DESIGN.md`, wide outcome cells and long chains, and each
//! solver names itself and refuses what it cannot finish.

use crate::support::{games, outcomes, parse, side};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use retrocheck_core::solution::{first_optimal_move, is_optimal_move};
use retrocheck_core::solve::retrograde::Graph;
use retrocheck_core::solve::{certify, retrograde, Fixpoint, Minimax, Retrograde, Rule};
use retrocheck_core::{GameBuilder, Outcome, Side, Solution, SolveError, Solver, Value};

#[test]
fn solvers_agree_on_random_games_and_certify_accepts() {
    let minimax = Minimax {
        max_positions: 9,
        budget: 300_000,
    };
    let mut by_minimax = 0;
    let mut shapes = [(0usize, 0usize, 0usize); 3]; // wins, losses-with-moves, draws
    for (i, g) in games(11, 400).iter().enumerate() {
        let r = Retrograde.solve(g).unwrap();
        let f = Fixpoint::default().solve(g).unwrap();
        assert_eq!(r.compare(&f), None, "game {i}: {g:?}");
        assert_eq!(r, f, "game {i}: {g:?}");
        assert_eq!(r.len(), g.positions());
        assert_eq!(retrograde::values(g), r.values, "game {i}: {g:?}");
        assert_eq!(
            retrograde::graph_outcomes(&retrograde::Indexed::new(g)),
            r.values.iter().map(|v| v.outcome()).collect::<Vec<_>>()
        );
        certify(g, &r).unwrap_or_else(|v| panic!("game {i}: {v}: {g:?}"));
        assert_eq!(Solution::from_values(g, r.values.clone()), r);
        match minimax.solve(g) {
            Ok(m) => {
                assert_eq!(m, r, "game {i}: {g:?}");
                by_minimax += 1;
            }
            Err(e) => assert!(e.is_refusal(), "{e}"),
        }
        for p in g.ids() {
            let v = r.values[p as usize];
            let has_moves = !g.moves(p).is_empty();
            match v {
                Value::Win { winner, .. } if winner == g.mover(p) => shapes[0].0 += 1,
                Value::Win { remoteness, .. } if remoteness > 0 && has_moves => shapes[1].0 += 1,
                Value::Draw if has_moves => shapes[2].0 += 1,
                _ => {}
            }
            assert_eq!(r.choices[p as usize], first_optimal_move(g, &r.values, p));
        }
        // Text: one line per position, draw convention applied.
        let text = r.to_text(g);
        assert_eq!(text.lines().count(), g.positions());
        for (p, line) in text.lines().enumerate() {
            let v = r.values[p];
            let outcome = match (v, g.draw_credit()) {
                (Value::Draw, Some(s)) => s.letter(),
                _ => v.outcome().letter(),
            };
            let rem = v.remoteness().map_or("-".to_string(), |r| r.to_string());
            let mv = r.choices[p].map_or("-".to_string(), |c| c.to_string());
            assert_eq!(line, format!("{p} {outcome} {rem} {mv}"));
        }
    }
    assert!(by_minimax >= 150, "minimax finished only {by_minimax} games");
    assert!(
        shapes[0].0 > 100 && shapes[1].0 > 100 && shapes[2].0 > 100,
        "{shapes:?}"
    );
}

#[test]
fn graph_history_trap() {
    let g = parse("game 3;\n0 A 1,2;\n1 B 0;\n2 B ;\n");
    let want = Solution {
        values: vec![
            Value::win(Side::A, 1),
            Value::win(Side::A, 2),
            Value::win(Side::A, 0),
        ],
        choices: vec![Some(2), Some(0), None],
    };
    assert_eq!(Retrograde.solve(&g).unwrap(), want);
    assert_eq!(Fixpoint::default().solve(&g).unwrap(), want);
    assert_eq!(Minimax::default().solve(&g).unwrap(), want);
    certify(&g, &want).unwrap();
    assert_eq!(want.to_text(&g), "0 A 1 2\n1 A 2 0\n2 A 0 -\n");
    // The memoized-draw answer is refused.
    let mut wrong = want.clone();
    wrong.values[1] = Value::Draw;
    assert!(certify(&g, &wrong).is_err());
}

#[test]
fn two_cycle_trap() {
    let g = parse("game 2;\n0 A 1;\n1 B 0;\n");
    let draw = Solution {
        values: vec![Value::Draw, Value::Draw],
        choices: vec![Some(1), Some(0)],
    };
    assert_eq!(Retrograde.solve(&g).unwrap(), draw);
    assert_eq!(Fixpoint::default().solve(&g).unwrap(), draw);
    assert_eq!(Minimax::default().solve(&g).unwrap(), draw);
    certify(&g, &draw).unwrap();
    // "a won, b lost" satisfies the outcome rules; only remoteness refutes it.
    for r in 1..4 {
        let claim = Solution {
            values: vec![Value::win(Side::A, r), Value::win(Side::A, r + 1)],
            choices: vec![Some(1), Some(0)],
        };
        let e = certify(&g, &claim).unwrap_err();
        assert_eq!(e.position, 0);
        assert_eq!(
            e.rule,
            Rule::WinRemoteness {
                claimed: r,
                required: r + 2
            }
        );
        let claim = Solution {
            values: vec![Value::win(Side::A, r + 1), Value::win(Side::A, r)],
            choices: vec![Some(1), Some(0)],
        };
        let e = certify(&g, &claim).unwrap_err();
        assert_eq!(
            (e.position, e.rule),
            (
                1,
                Rule::LossRemoteness {
                    claimed: r,
                    required: r + 2
                }
            )
        );
    }
}

#[test]
fn optimal_moves_and_first_choice() {
    let (a, b) = (Side::A, Side::B);
    assert!(is_optimal_move(Value::win(a, 1), Value::win(a, 0)));
    assert!(!is_optimal_move(Value::win(a, 0), Value::win(a, 0)));
    assert!(!is_optimal_move(Value::win(a, 2), Value::win(b, 1)));
    assert!(!is_optimal_move(Value::Draw, Value::win(b, 1)));
    // Repeated moves and self-loops: the first optimal one in move order.
    let g = parse("game 3;\n0 A 0,2,1,1;\n1 B ;\n2 A 2;\n");
    let s = Retrograde.solve(&g).unwrap();
    assert_eq!(s.values[0], Value::win(a, 1));
    assert_eq!(s.choices, vec![Some(1), None, Some(2)]);
}

#[test]
fn solvers_name_themselves_and_refuse_what_they_cannot_finish() {
    assert_eq!(Retrograde.name(), "retrograde");
    assert_eq!(Fixpoint::default().name(), "fixpoint");
    assert_eq!(Minimax::default().name(), "minimax");
    assert_eq!(Fixpoint::default().max_positions, 20_000);
    assert_eq!(Minimax::default().max_positions, 64);
    assert_eq!(Minimax::default().budget, 2_000_000);
    let boxed: Box<dyn Solver> = Box::new(Fixpoint::default());
    assert_eq!(boxed.name(), "fixpoint");
    let by_ref = &Retrograde;
    assert_eq!(Solver::name(&by_ref), "retrograde");
    let g = parse("game 3;\n0 A 1;\n1 B 2;\n2 A ;\n");
    let truth = Retrograde.solve(&g).unwrap();
    assert_eq!(boxed.solve(&g).unwrap(), truth);
    assert_eq!(Solver::solve(&by_ref, &g).unwrap(), truth);
    assert_eq!(truth.values[0], Value::win(Side::B, 2));

    let fix = |max_positions| Fixpoint { max_positions };
    assert_eq!(fix(3).solve(&g).unwrap(), truth);
    let e = fix(2).solve(&g).unwrap_err();
    assert_eq!(
        e,
        SolveError::TooLarge {
            solver: "fixpoint",
            positions: 3,
            limit: 2
        }
    );
    assert!(e.is_refusal());
    assert_eq!(
        e.to_string(),
        "fixpoint refuses games of more than 2 positions (this one has 3)"
    );

    // Minimax visits 3 + 2 + 1 positions on this chain.
    let mm = |max_positions, budget| Minimax {
        max_positions,
        budget,
    };
    assert_eq!(mm(3, 6).solve(&g).unwrap(), truth);
    let e = mm(3, 5).solve(&g).unwrap_err();
    assert_eq!(
        e,
        SolveError::BudgetExceeded {
            solver: "minimax",
            budget: 5
        }
    );
    assert!(e.is_refusal());
    assert_eq!(e.to_string(), "minimax gave up after 5 search steps");
    assert_eq!(
        mm(2, 100).solve(&g).unwrap_err(),
        SolveError::TooLarge {
            solver: "minimax",
            positions: 3,
            limit: 2
        }
    );
    // At most 64 positions, whatever the configuration; 64 work.
    let mut chain = String::from("game 65;\n");
    for p in 0..64 {
        chain.push_str(&format!("{p} A {};\n", p + 1));
    }
    chain.push_str("64 B ;\n");
    let g65 = parse(&chain);
    assert_eq!(
        mm(1000, u64::MAX).solve(&g65).unwrap_err(),
        SolveError::TooLarge {
            solver: "minimax",
            positions: 65,
            limit: 64
        }
    );
    let mut b2 = GameBuilder::new();
    for p in 0..64u32 {
        if p == 63 {
            b2.moves::<u32>(Side::B, &[]);
        } else {
            b2.moves(Side::A, &[p + 1]);
        }
    }
    let g64 = b2.build().unwrap();
    let m = mm(1000, u64::MAX).solve(&g64).unwrap();
    assert_eq!(m, Retrograde.solve(&g64).unwrap());
    assert_eq!(m.values[0], Value::win(Side::A, 63));

    let failed = SolveError::Failed("it broke".into());
    assert!(!failed.is_refusal());
    assert_eq!(failed.to_string(), "it broke");
}

/// Outcomes by the optimized solver with every cell width it picks by degree (one byte
/// below 31 moves, two below 8191, four above) against value iteration.
#[test]
fn outcome_cells_of_every_width_agree_with_value_iteration() {
    let mut rng = ChaCha8Rng::seed_from_u64(51);
    for (i, degree) in [30usize, 31, 45, 8190, 8191, 8300]
        .into_iter()
        .cycle()
        .take(60)
        .enumerate()
    {
        let n = rng.gen_range(2..=8u32);
        let mut b = GameBuilder::new();
        let big = rng.gen_range(0..n);
        let draw = if i % 3 == 0 { Some(Side::B) } else { None };
        for p in 0..n {
            let mover = side(&mut rng);
            let k = if p == big { degree } else { rng.gen_range(0..=3) };
            if k == 0 && rng.gen_bool(0.5) {
                b.terminal(mover, Outcome::Win(side(&mut rng)));
                continue;
            }
            let moves: Vec<u32> = (0..k).map(|_| rng.gen_range(0..n)).collect();
            b.moves(mover, &moves);
        }
        b.draw_credit(draw);
        let g = b.build().unwrap();
        let truth = Fixpoint::default().solve(&g).unwrap();
        let indexed = retrograde::Indexed::new(&g);
        assert_eq!(indexed.max_degree() as usize, degree);
        assert_eq!(retrograde::graph_outcomes(&indexed), outcomes(&truth), "{g:?}");
        assert_eq!(retrograde::graph_values(&indexed), truth.values, "{g:?}");
        assert_eq!(Retrograde.solve(&g).unwrap(), truth, "{g:?}");
    }
}

/// A remoteness beyond 16 bits survives the solver's packed cells: a chain of 70 000
/// positions ending at a stuck one, by construction.
#[test]
fn long_chains_keep_their_full_remoteness() {
    let n = 70_000u32;
    let mut b = GameBuilder::with_capacity(n as usize, n as usize);
    for p in 0..n - 1 {
        b.moves(if p % 2 == 0 { Side::A } else { Side::B }, &[p + 1]);
    }
    b.moves::<u32>(if n % 2 == 1 { Side::A } else { Side::B }, &[]);
    let g = b.build().unwrap();
    let s = Retrograde.solve(&g).unwrap();
    // The last position's mover (B, as n is even) is stuck and loses: A wins everywhere.
    for p in [0, 1, 2, n - 2, n - 1] {
        assert_eq!(s.values[p as usize], Value::win(Side::A, n - 1 - p));
    }
    assert_eq!(retrograde::values(&g), s.values);
    assert_eq!(
        retrograde::graph_outcomes(&retrograde::Indexed::new(&g)),
        vec![Outcome::Win(Side::A); n as usize]
    );
    certify(&g, &s).unwrap();
}
