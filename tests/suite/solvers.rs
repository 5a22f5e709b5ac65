//! The solver core against itself: every game of at most 3 positions, the traps of
//! the traps of docs/DESIGN.md, long paths, repeated moves and terminal labels.

use retrocheck::format::{parse_game, print_game};
use retrocheck::solve::certify::Rule;
use retrocheck::solve::{certify, retrograde, Fixpoint, Minimax, Retrograde, SolveError, Solver};
use retrocheck::{Game, GameBuilder, Outcome, Side, Solution, Value};
use std::collections::HashMap;

/// What a position of an enumerated game can be.
#[derive(Clone)]
enum Shape {
    Moves(Vec<u32>),
    Label(Option<Outcome>),
}

/// Every game with `n` positions: each position has a mover and either a non-empty
/// set of moves (any subset of the positions, itself included) or no moves with each
/// terminal label (none, =A, =B, =D); and each draw convention allowed.
fn all_games(n: u32) -> Vec<Game> {
    let mut shapes = Vec::new();
    for mover in [Side::A, Side::B] {
        for set in 1u32..(1 << n) {
            shapes.push((
                mover,
                Shape::Moves((0..n).filter(|q| set >> q & 1 == 1).collect()),
            ));
        }
        for label in [
            None,
            Some(Outcome::Win(Side::A)),
            Some(Outcome::Win(Side::B)),
            Some(Outcome::Draw),
        ] {
            shapes.push((mover, Shape::Label(label)));
        }
    }
    let mut games = Vec::new();
    let total = shapes.len().pow(n);
    for code in 0..total {
        for credit in [None, Some(Side::A), Some(Side::B)] {
            let mut b = GameBuilder::new();
            let mut has_terminal_draw = false;
            let mut c = code;
            for _ in 0..n {
                let (mover, shape) = &shapes[c % shapes.len()];
                c /= shapes.len();
                match shape {
                    Shape::Moves(moves) => b.moves(*mover, moves),
                    Shape::Label(label) => {
                        has_terminal_draw |= *label == Some(Outcome::Draw);
                        b.position::<u32>(*mover, &[], *label)
                    }
                };
            }
            if credit.is_some() && has_terminal_draw {
                continue;
            }
            b.draw_credit(credit);
            games.push(b.build().expect("enumerated games are valid"));
        }
    }
    games
}

fn solve_all(game: &Game) -> [Solution; 3] {
    [
        Retrograde.solve(game).unwrap(),
        Fixpoint::default().solve(game).unwrap(),
        Minimax::default().solve(game).unwrap(),
    ]
}

#[test]
fn every_game_of_at_most_three_positions_is_solved_identically_and_certified() {
    // Per position: 2 movers × (2^n − 1 move sets + 4 labels); with a draw convention
    // (A or B) the =D label is not allowed, leaving 3 labels.
    let expected = |n: u32| {
        let free = (2 * ((1u64 << n) - 1 + 4)).pow(n);
        let credited = 2 * (2 * ((1u64 << n) - 1 + 3)).pow(n);
        free + credited
    };
    let mut total = 0;
    for n in 1..=3 {
        let games = all_games(n);
        assert_eq!(games.len() as u64, expected(n), "games with {n} positions");
        for game in &games {
            let [retro, fix, mini] = solve_all(game);
            assert_eq!(retro.compare(&fix), None, "retrograde vs fixpoint on {game:?}");
            assert_eq!(retro.compare(&mini), None, "retrograde vs minimax on {game:?}");
            assert_eq!(certify(game, &retro), Ok(()), "certify on {game:?}");
            assert_eq!(&parse_game(&print_game(game)).unwrap(), game, "round trip");
        }
        total += games.len();
    }
    assert_eq!(total, 26 + 484 + 26_648);
    assert_eq!(total, 27_158);
}

fn game(text: &str) -> Game {
    parse_game(text).unwrap()
}

/// The smallest graph-history case of docs/DESIGN.md ("Three traps"): a=0, b=1, c=2.
const TRAP: &str = "game 3;\n0 A 1,2;\n1 B 0;\n2 B ;\n";

/// The foil: depth-first search that scores an on-stack position as a draw and
/// memoizes every score it computes, including ones that depended on that draw.
fn memoizing_search(game: &Game, p: u32, on_stack: &mut Vec<bool>, memo: &mut HashMap<u32, Value>) -> Value {
    if let Some(&v) = memo.get(&p) {
        return v;
    }
    if on_stack[p as usize] {
        return Value::Draw;
    }
    let value = if let Some(outcome) = game.terminal(p) {
        Value::terminal(outcome)
    } else {
        on_stack[p as usize] = true;
        let mover = game.mover(p);
        let next: Vec<Value> = game
            .moves(p)
            .iter()
            .map(|&q| memoizing_search(game, q, on_stack, memo))
            .collect();
        on_stack[p as usize] = false;
        let win = next
            .iter()
            .filter(|v| v.winner() == Some(mover))
            .map(|v| v.remoteness().unwrap())
            .min();
        let all_lose = next.iter().all(|v| v.winner() == Some(mover.other()));
        match win {
            Some(r) => Value::win(mover, r + 1),
            None if all_lose => Value::win(
                mover.other(),
                next.iter()
                    .filter_map(|v| v.remoteness())
                    .max()
                    .map_or(0, |r| r + 1),
            ),
            None => Value::Draw,
        }
    };
    memo.insert(p, value);
    value
}

#[test]
fn graph_history_trap_is_solved_right_by_all_and_wrong_by_a_memoizing_search() {
    let g = game(TRAP);
    let (a, b, c) = (0, 1, 2);
    for solution in solve_all(&g) {
        assert_eq!(
            solution.values[c],
            Value::win(Side::A, 0),
            "c is lost by its mover"
        );
        assert_eq!(
            (solution.values[a], solution.choices[a]),
            (Value::win(Side::A, 1), Some(2))
        );
        assert_eq!(
            (solution.values[b], solution.choices[b]),
            (Value::win(Side::A, 2), Some(0))
        );
        assert_eq!(certify(&g, &solution), Ok(()));
    }
    let mut memo = HashMap::new();
    let mut stack = vec![false; 3];
    for root in [a as u32, b as u32, c as u32] {
        memoizing_search(&g, root, &mut stack, &mut memo);
    }
    assert_eq!(memo[&(a as u32)], Value::win(Side::A, 1), "the foil gets a right");
    assert_eq!(memo[&(b as u32)], Value::Draw, "the foil must score b as a draw");
    assert_ne!(memo[&(b as u32)], Retrograde.solve(&g).unwrap().values[b]);
}

#[test]
fn two_cycle_is_a_draw_and_no_remoteness_makes_a_won_b_lost_certify() {
    let g = game("game 2;\n0 A 1;\n1 B 0;\n");
    for solution in solve_all(&g) {
        assert_eq!(solution.values, vec![Value::Draw, Value::Draw]);
        assert_eq!(solution.choices, vec![Some(1), Some(0)]);
    }
    let mut tried = 0;
    for ra in 0..40 {
        for rb in 0..40 {
            for choices in [
                vec![Some(1), Some(0)],
                vec![None, None],
                vec![Some(1), None],
                vec![None, Some(0)],
            ] {
                let claim = Solution {
                    values: vec![Value::win(Side::A, ra), Value::win(Side::A, rb)],
                    choices,
                };
                assert!(
                    certify(&g, &claim).is_err(),
                    "a won in {ra}, b lost in {rb} must be rejected"
                );
                tried += 1;
            }
        }
    }
    assert_eq!(tried, 6400);
}

#[test]
fn a_path_has_remoteness_n_minus_one_at_its_start_for_any_movers() {
    for n in 1..=40u32 {
        for pattern in 0..4u32 {
            let mut b = GameBuilder::new();
            for p in 0..n {
                let mover = if (p * (pattern + 1) / 2) % 2 == 0 {
                    Side::A
                } else {
                    Side::B
                };
                if p + 1 < n {
                    b.moves(mover, &[p + 1]);
                } else {
                    b.moves::<u32>(mover, &[]);
                }
            }
            let g = b.build().unwrap();
            let [retro, fix, mini] = solve_all(&g);
            assert_eq!(retro.values[0].remoteness(), Some(n - 1));
            assert_eq!(retro, fix);
            assert_eq!(retro, mini);
        }
    }
    // And at a size only the optimized solver reaches.
    let n = 200_000u32;
    let mut b = GameBuilder::with_capacity(n as usize, n as usize);
    for p in 0..n {
        let mover = if p % 2 == 0 { Side::A } else { Side::B };
        if p + 1 < n {
            b.moves(mover, &[p + 1]);
        } else {
            b.moves::<u32>(mover, &[]);
        }
    }
    let g = b.build().unwrap();
    let s = retrograde::solve(&g);
    assert_eq!(s.values[0].remoteness(), Some(n - 1));
    assert_eq!(certify(&g, &s), Ok(()));
}

#[test]
fn repeated_moves_and_self_loops_change_counters_exactly() {
    // Repeating a lost move keeps it lost: the counter counts every copy.
    let lost = game("game 2;\n0 A 1,1,1;\n1 A ;\n");
    // One more move, a self-loop, is an escape: a draw.
    let looped = game("game 2;\n0 A 1,1,0,1;\n1 A ;\n");
    // Duplicates of a lost move plus a drawn one: a draw, whichever order.
    let mixed = game("game 3;\n0 A 1,1,2;\n1 A ;\n2 B 2;\n");
    let mixed_other_order = game("game 3;\n0 A 2,1,1;\n1 A ;\n2 B 2;\n");
    // A self-loop beside a winning move does not stop the win.
    let winning = game("game 2;\n0 A 0,0,1;\n1 B ;\n");
    let cases = [
        (lost, Value::win(Side::B, 1), Some(1)),
        (looped, Value::Draw, Some(0)),
        (mixed, Value::Draw, Some(2)),
        (mixed_other_order, Value::Draw, Some(2)),
        (winning, Value::win(Side::A, 1), Some(1)),
    ];
    for (g, value, choice) in cases {
        for solution in solve_all(&g) {
            assert_eq!(
                (solution.values[0], solution.choices[0]),
                (value, choice),
                "{g:?}"
            );
            assert_eq!(certify(&g, &solution), Ok(()));
        }
    }
}

#[test]
fn explicit_terminal_outcomes_and_terminal_draws() {
    let g = game("game 5;\n0 A =A;\n1 B =D;\n2 A 1,3;\n3 A =B;\n4 B 0,3;\n");
    for s in solve_all(&g) {
        assert_eq!(
            s.values[0],
            Value::win(Side::A, 0),
            "a terminal win for its own mover"
        );
        assert_eq!(s.values[1], Value::Draw, "a terminal draw");
        assert_eq!(
            (s.values[2], s.choices[2]),
            (Value::Draw, Some(1)),
            "a draw beats a loss"
        );
        assert_eq!((s.values[4], s.choices[4]), (Value::win(Side::B, 1), Some(3)));
        assert_eq!(s.choices[0], None);
    }
}

#[test]
fn certify_names_the_rule_each_wrong_claim_breaks() {
    let g = game(TRAP);
    let truth = Retrograde.solve(&g).unwrap();
    let broken = |edit: &dyn Fn(&mut Solution)| {
        let mut s = truth.clone();
        edit(&mut s);
        certify(&g, &s).unwrap_err()
    };
    // Violations are reported at the first position in id order that breaks a rule:
    // claiming c for B first breaks a's remoteness: a still wins, through b, in 3.
    let v = broken(&|s| s.values[2] = Value::win(Side::B, 0));
    assert_eq!(
        (v.position, v.rule),
        (
            0,
            Rule::WinRemoteness {
                claimed: 1,
                required: 3
            }
        )
    );
    let v = broken(&|s| {
        s.values[1] = Value::Draw;
        s.values[2] = Value::win(Side::B, 0);
    });
    assert_eq!(
        (v.position, v.rule),
        (
            0,
            Rule::WinWithoutWinningMove {
                claimed: Value::win(Side::A, 1)
            }
        )
    );
    let single = game("game 1;\n0 A ;\n");
    let v = certify(
        &single,
        &Solution {
            values: vec![Value::Draw],
            choices: vec![None],
        },
    )
    .unwrap_err();
    assert_eq!(
        v.rule,
        Rule::Terminal {
            claimed: Value::Draw,
            required: Value::win(Side::B, 0)
        }
    );
    let v = broken(&|s| s.values[0] = Value::win(Side::A, 3));
    assert_eq!(
        v.rule,
        Rule::WinRemoteness {
            claimed: 3,
            required: 1
        }
    );
    let v = broken(&|s| s.values[1] = Value::win(Side::A, 5));
    assert_eq!(
        v.rule,
        Rule::LossRemoteness {
            claimed: 5,
            required: 2
        }
    );
    let v = broken(&|s| s.values[1] = Value::Draw);
    assert_eq!(v.rule, Rule::DrawButAllMovesLose);
    let v = broken(&|s| s.values[0] = Value::Draw);
    assert_eq!(v.rule, Rule::DrawButWinAvailable { winning_move: 2 });
    let v = broken(&|s| s.choices[0] = Some(1));
    assert_eq!(
        v.rule,
        Rule::Choice {
            claimed: Some(1),
            required: Some(2)
        }
    );
    let v = broken(&|s| s.values.pop().map(|_| ()).unwrap());
    assert!(matches!(v.rule, Rule::Length { .. }));
}

#[test]
fn minimax_refuses_what_it_cannot_finish() {
    // A complete graph on 12 positions with many plays, and a tiny budget.
    let n = 12u32;
    let mut b = GameBuilder::new();
    for p in 0..n {
        let moves: Vec<u32> = (0..n).filter(|&q| q != p).collect();
        b.moves(if p % 2 == 0 { Side::A } else { Side::B }, &moves);
    }
    let g = b.build().unwrap();
    let refused = Minimax {
        max_positions: 64,
        budget: 10_000,
    }
    .solve(&g)
    .unwrap_err();
    assert!(matches!(
        refused,
        SolveError::BudgetExceeded { budget: 10_000, .. }
    ));
    assert!(refused.is_refusal());
    let mut too_big = GameBuilder::new();
    for _ in 0..65 {
        too_big.moves::<u32>(Side::A, &[]);
    }
    let err = Minimax::default().solve(&too_big.build().unwrap()).unwrap_err();
    assert!(matches!(err, SolveError::TooLarge { positions: 65, .. }));
}
