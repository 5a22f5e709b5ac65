//! The value-iteration reference: apply the rules of the
//! [game model](crate::semantics#values-and-remoteness) to every position at once, from "every non-terminal is a draw",
//! until nothing changes.
//!
//! Written to be obviously correct, not fast: each round reads only the previous
//! round's values, so after round k exactly the positions of remoteness at most k are
//! decided, each with its true remoteness. At most V rounds of O(V+E): O(V·(V+E)).

use super::{SolveError, Solver};
use crate::game::{Game, Value};
use crate::solution::Solution;

/// Value iteration, refusing games above `max_positions`.
#[derive(Clone, Copy, Debug)]
pub struct Fixpoint {
    /// Games with more positions are refused with [`SolveError::TooLarge`]: the cost grows
    /// as V·(V+E). 20 000 by default.
    pub max_positions: usize,
}

impl Default for Fixpoint {
    fn default() -> Fixpoint {
        Fixpoint {
            max_positions: 20_000,
        }
    }
}

impl Solver for Fixpoint {
    fn name(&self) -> &str {
        "fixpoint"
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        if game.positions() > self.max_positions {
            return Err(SolveError::TooLarge {
                solver: "fixpoint",
                positions: game.positions(),
                limit: self.max_positions,
            });
        }
        let mut values = vec![Value::Draw; game.positions()];
        loop {
            let next: Vec<Value> = game.ids().map(|p| rule(game, &values, p)).collect();
            if next == values {
                return Ok(Solution::from_values(game, values));
            }
            values = next;
        }
    }
}

/// The rules of the [game model](crate::semantics#values-and-remoteness) for one position, given the
/// values of its successors.
fn rule(game: &Game, values: &[Value], p: u32) -> Value {
    if let Some(outcome) = game.terminal(p) {
        return Value::terminal(outcome);
    }
    let mover = game.mover(p);
    let successors = game.moves(p).iter().map(|&q| values[q as usize]);
    let own_wins = successors.clone().filter_map(|v| match v {
        Value::Win { winner, remoteness } if winner == mover => Some(remoteness),
        _ => None,
    });
    if let Some(fastest) = own_wins.min() {
        return Value::win(mover, fastest + 1);
    }
    let mut slowest_loss = 0;
    for v in successors {
        match v {
            Value::Win { winner, remoteness } if winner != mover => {
                slowest_loss = slowest_loss.max(remoteness + 1)
            }
            _ => return Value::Draw,
        }
    }
    // Every move (possibly none) leads to a position won by the opponent.
    Value::win(mover.other(), slowest_loss)
}
