//! The adapter between retrocheck's `Game` and own-solver's `Graph`: the only code a
//! user writes to test their solver with retrocheck.

use own_solver::{Graph, Node, Player};
use retrocheck::prelude::*;

/// own-solver as a retrocheck `Solver`.
pub struct Checked(pub own_solver::Solver);

/// The solver the tests check (the buggy one with `--features planted-bug`).
pub const SOLVER: Checked = Checked(own_solver::SOLVER);
/// The solver with its planted bug, whatever the features.
#[allow(dead_code)]
pub const BUGGY: Checked = Checked(own_solver::Solver::BUGGY);

fn player(side: Side) -> Player {
    match side {
        Side::A => Player::First,
        Side::B => Player::Second,
    }
}

fn side(player: Player) -> Side {
    match player {
        Player::First => Side::A,
        Player::Second => Side::B,
    }
}

/// retrocheck's game in own-solver's representation.
pub fn to_graph(game: &Game) -> Graph {
    let nodes = game
        .ids()
        .map(|p| Node {
            to_move: player(game.mover(p)),
            moves: game.moves(p).iter().map(|&q| q as usize).collect(),
            end: game.terminal(p).map(|outcome| match outcome {
                Outcome::Win(winner) => Some(player(winner)),
                Outcome::Draw => None,
            }),
        })
        .collect();
    Graph { nodes }
}

impl Solver for Checked {
    fn name(&self) -> &str {
        if self.0.planted_bug {
            "own-solver (planted bug)"
        } else {
            "own-solver"
        }
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        let values = self
            .0
            .solve(&to_graph(game))
            .into_iter()
            .map(|value| match value {
                own_solver::Value::Win { winner, plies } => Value::win(side(winner), plies),
                own_solver::Value::Draw => Value::Draw,
            })
            .collect();
        // own-solver computes values only; retrocheck reports the first optimal move.
        Ok(Solution::from_values(game, values))
    }
}

/// Prints a failure as a user sees it and checks that it was shrunk small.
#[allow(dead_code)]
pub fn shown_small(failure: &Failure) {
    println!("{failure}");
    assert!(
        failure.positions <= 4,
        "shrunk to {} positions, not at most 4:\n{failure}",
        failure.positions
    );
}
