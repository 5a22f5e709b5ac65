//! The game model: sides, outcomes and values, games built from a builder or CSR
//! arrays, and their build errors.

use crate::support::games;
use retrocheck_core::format::print_game;
use retrocheck_core::game::{check_size, MAX_MOVES, MAX_POSITIONS};
use retrocheck_core::solve::Retrograde;
use retrocheck_core::{BuildError, Game, GameBuilder, Outcome, Side, Solution, Solver, Value};

#[test]
fn sides_outcomes_and_values() {
    assert_eq!(Side::A.other(), Side::B);
    assert_eq!(Side::B.other(), Side::A);
    assert_eq!((Side::A.letter(), Side::B.letter()), ('A', 'B'));
    assert_eq!(format!("{}{}", Side::A, Side::B), "AB");
    assert_eq!(Outcome::Win(Side::A).letter(), 'A');
    assert_eq!(Outcome::Win(Side::B).letter(), 'B');
    assert_eq!(Outcome::Draw.letter(), 'D');
    assert_eq!(Outcome::Win(Side::A).swapped(), Outcome::Win(Side::B));
    assert_eq!(Outcome::Win(Side::B).swapped(), Outcome::Win(Side::A));
    assert_eq!(Outcome::Draw.swapped(), Outcome::Draw);
    let v = Value::win(Side::B, 7);
    assert_eq!(
        v,
        Value::Win {
            winner: Side::B,
            remoteness: 7
        }
    );
    assert_eq!(v.outcome(), Outcome::Win(Side::B));
    assert_eq!(v.remoteness(), Some(7));
    assert_eq!(v.winner(), Some(Side::B));
    assert_eq!(Value::Draw.outcome(), Outcome::Draw);
    assert_eq!(Value::Draw.remoteness(), None);
    assert_eq!(Value::Draw.winner(), None);
    assert_eq!(Value::terminal(Outcome::Win(Side::A)), Value::win(Side::A, 0));
    assert_eq!(Value::terminal(Outcome::Draw), Value::Draw);
    assert_eq!(v.to_string(), "B wins in 7");
    assert_eq!(Value::Draw.to_string(), "draw");
}

#[test]
fn games_keep_what_they_were_built_from() {
    let mut b = GameBuilder::with_capacity(1, 1);
    assert_eq!(b.moves(Side::A, &[1u32, 1, 0]), 0);
    assert_eq!(b.terminal(Side::B, Outcome::Win(Side::A)), 1);
    assert_eq!(b.position(Side::B, &[0u64], None), 2);
    b.draw_credit(Some(Side::A));
    let g = b.build().unwrap();
    assert_eq!(g.positions(), 3);
    assert_eq!(g.move_count(), 4);
    assert_eq!(g.movers(), &[Side::A, Side::B, Side::B]);
    assert_eq!(g.terminals(), &[None, Some(Outcome::Win(Side::A)), None]);
    assert_eq!(g.offsets(), &[0, 3, 3, 4]);
    assert_eq!(g.targets(), &[1, 1, 0, 0]);
    assert_eq!(g.draw_credit(), Some(Side::A));
    assert_eq!(g.ids().collect::<Vec<_>>(), vec![0, 1, 2]);
    assert_eq!(g.moves(2), &[0]);
    assert_eq!(g.to_builder().build().unwrap(), g);
    assert_eq!(format!("{g:?}"), format!("\n{}", print_game(&g)));
    let same = Game::from_csr(
        g.movers().to_vec(),
        g.terminals().to_vec(),
        g.offsets().to_vec(),
        g.targets().to_vec(),
        g.draw_credit(),
    )
    .unwrap();
    assert_eq!(same, g);
    let empty = GameBuilder::new().build().unwrap();
    assert_eq!((empty.positions(), empty.move_count()), (0, 0));
    assert_eq!(
        Retrograde.solve(&empty).unwrap(),
        Solution {
            values: vec![],
            choices: vec![]
        }
    );
    assert!(Retrograde.solve(&empty).unwrap().is_empty());
    assert!(!Retrograde.solve(&g).unwrap().is_empty());
    for g in games(21, 40) {
        assert_eq!(g.to_builder().build().unwrap(), g);
    }
}

#[test]
fn build_errors_are_specific() {
    let csr = |offsets: Vec<u32>, targets: Vec<u32>| {
        let n = offsets.len().saturating_sub(1).max(1);
        Game::from_csr(vec![Side::A; n], vec![None; n], offsets, targets, None)
    };
    let malformed = |e: Result<Game, BuildError>| match e {
        Err(BuildError::MalformedCsr(m)) => m,
        other => panic!("{other:?}"),
    };
    assert!(
        malformed(Game::from_csr(vec![Side::A], vec![], vec![0, 0], vec![], None))
            .contains("differ in length")
    );
    assert!(malformed(csr(vec![1, 1], vec![0])).contains("from 0"));
    assert!(malformed(csr(vec![0, 2], vec![0])).contains("from 0"));
    assert!(malformed(csr(vec![0, 1, 0, 1], vec![0])).contains("must not decrease"));
    assert!(malformed(Game::from_csr(
        vec![Side::A; 2],
        vec![None; 2],
        vec![0, 0],
        vec![],
        None
    ))
    .contains("one entry per position"));
    assert!(csr(vec![0, 1, 1, 1], vec![2]).is_ok());
    assert_eq!(
        csr(vec![0, 0, 2], vec![1, 2]).unwrap_err(),
        BuildError::MoveOutOfRange {
            position: 1,
            target: 2,
            positions: 2
        }
    );
    assert_eq!(
        Game::from_csr(
            vec![Side::A; 2],
            vec![None, Some(Outcome::Draw)],
            vec![0, 0, 1],
            vec![0],
            None
        )
        .unwrap_err(),
        BuildError::MovesOnTerminal { position: 1 }
    );
    assert_eq!(
        Game::from_csr(
            vec![Side::A; 2],
            vec![None, Some(Outcome::Draw)],
            vec![0, 0, 0],
            vec![],
            Some(Side::A)
        )
        .unwrap_err(),
        BuildError::DrawConventionWithTerminalDraw { position: 1 }
    );
    assert!(Game::from_csr(
        vec![Side::A; 2],
        vec![None, Some(Outcome::Win(Side::B))],
        vec![0, 0, 0],
        vec![],
        Some(Side::A)
    )
    .is_ok());
    let mut b = GameBuilder::new();
    b.moves(Side::A, &[0u64, u64::from(u32::MAX) + 5]);
    assert_eq!(
        b.build().unwrap_err(),
        BuildError::MoveOutOfRange {
            position: 0,
            target: u64::from(u32::MAX) + 5,
            positions: 1
        }
    );
    let mut b = GameBuilder::new();
    b.moves(Side::A, &[0u32]);
    b.moves(Side::B, &[0u32, 4, 3]);
    b.moves(Side::B, &[5u32]);
    assert_eq!(
        b.build().unwrap_err(),
        BuildError::MoveOutOfRange {
            position: 1,
            target: 4,
            positions: 3
        }
    );
    assert_eq!(check_size(MAX_POSITIONS, MAX_MOVES), Ok(()));
    assert_eq!(
        check_size(0, MAX_MOVES + 1),
        Err(BuildError::TooManyMoves { count: MAX_MOVES + 1 })
    );
    assert_eq!(
        check_size(MAX_POSITIONS + 1, MAX_MOVES + 1),
        Err(BuildError::TooManyPositions {
            count: MAX_POSITIONS + 1
        })
    );
    let texts = [
        (
            BuildError::MoveOutOfRange {
                position: 1,
                target: 9,
                positions: 3,
            },
            "position 1: move to 9 is out of range (the game has 3 positions)",
        ),
        (
            BuildError::MovesOnTerminal { position: 2 },
            "position 2 has moves and an explicit outcome; a terminal position has no moves",
        ),
        (
            BuildError::DrawConventionWithTerminalDraw { position: 4 },
            "position 4 is a terminal draw, which is not allowed together with a draw convention",
        ),
        (
            BuildError::TooManyPositions { count: 5 },
            "5 positions is more than the 4294967294 a game can hold",
        ),
        (
            BuildError::TooManyMoves { count: 6 },
            "6 moves is more than the 4294967294 a game can hold",
        ),
        (BuildError::MalformedCsr("x"), "malformed CSR arrays: x"),
    ];
    for (e, text) in texts {
        assert_eq!(e.to_string(), text);
    }
}
