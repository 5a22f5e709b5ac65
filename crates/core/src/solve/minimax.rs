//! The exhaustive reference: depth-first minimax over every play from each root, where
//! a position repeated on the current path ends that play as a draw, with no
//! memoization at all.
//!
//! Memoizing would be wrong (the graph-history interaction, the first trap of the
//! [semantics](crate::semantics#three-traps)): a position's score under "repetition is a draw" depends on the path
//! that reached it. Without memoization the score at a root with an empty path is the
//! true value, remoteness included, at exponential cost; so the search counts its steps
//! and refuses a game once a budget is spent instead of hanging.

use super::{SolveError, Solver};
use crate::game::{Game, Value};
use crate::solution::Solution;

/// Exhaustive minimax over plays; the path is a bit set, so at most 64 positions.
#[derive(Clone, Copy, Debug)]
pub struct Minimax {
    /// Games with more positions are refused with [`SolveError::TooLarge`]. Values above
    /// 64 act as 64.
    pub max_positions: usize,
    /// Search steps (positions visited over all roots) before giving up with
    /// [`SolveError::BudgetExceeded`]; 2 000 000 by default.
    pub budget: u64,
}

impl Default for Minimax {
    fn default() -> Minimax {
        Minimax {
            max_positions: 64,
            budget: 2_000_000,
        }
    }
}

impl Solver for Minimax {
    fn name(&self) -> &str {
        "minimax"
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        let limit = self.max_positions.min(64);
        if game.positions() > limit {
            return Err(SolveError::TooLarge {
                solver: "minimax",
                positions: game.positions(),
                limit,
            });
        }
        let mut search = Search {
            game,
            steps_left: self.budget,
            budget: self.budget,
        };
        let values = game
            .ids()
            .map(|root| search.value(root, 0))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Solution::from_values(game, values))
    }
}

struct Search<'g> {
    game: &'g Game,
    steps_left: u64,
    budget: u64,
}

impl Search<'_> {
    /// The value of the play continuing at `p`, given the positions already on the path.
    fn value(&mut self, p: u32, path: u64) -> Result<Value, SolveError> {
        if self.steps_left == 0 {
            return Err(SolveError::BudgetExceeded {
                solver: "minimax",
                budget: self.budget,
            });
        }
        self.steps_left -= 1;
        if let Some(outcome) = self.game.terminal(p) {
            return Ok(Value::terminal(outcome));
        }
        let mover = self.game.mover(p);
        let path = path | 1 << p;
        let mut fastest_win: Option<u32> = None;
        let mut slowest_loss: Option<u32> = Some(0);
        for &q in self.game.moves(p) {
            let next = if path & 1 << q != 0 {
                Value::Draw
            } else {
                self.value(q, path)?
            };
            match next {
                Value::Win { winner, remoteness } if winner == mover => {
                    fastest_win = Some(fastest_win.map_or(remoteness, |f| f.min(remoteness)));
                }
                Value::Win { remoteness, .. } => {
                    slowest_loss = slowest_loss.map(|s| s.max(remoteness + 1));
                }
                Value::Draw => slowest_loss = None,
            }
        }
        Ok(match (fastest_win, slowest_loss) {
            (Some(r), _) => Value::win(mover, r + 1),
            (None, Some(r)) => Value::win(mover.other(), r),
            (None, None) => Value::Draw,
        })
    }
}
