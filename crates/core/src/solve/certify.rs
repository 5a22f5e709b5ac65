//! The certificate checker: an O(V+E) local check that a claimed solution obeys the
//! rules of the [game model](crate::semantics#values-and-remoteness) at every position, remoteness
//! equations and chosen moves included.
//!
//! Why local checks suffice: a claimed win of remoteness r must have a move to a claimed
//! win at r−1, and a claimed loss of remoteness r must have every move at a claimed
//! remoteness below r. By induction on the claimed remoteness every claimed win or loss
//! is then real, and by induction on the true remoteness every real one is claimed, so
//! the labelling is the true one. Without the remoteness equations this fails: on a
//! 2-cycle "a won, b lost" satisfies every outcome rule (the second trap of the [semantics](crate::semantics#three-traps)).

use crate::game::{Game, Side, Value};
use crate::solution::{is_optimal_move, Solution};
use std::fmt;

/// The first rule a claimed solution breaks, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Where the rule breaks; 0 for [`Rule::Length`], which concerns the whole solution.
    pub position: u32,
    /// The rule, with what was claimed and what it requires.
    pub rule: Rule,
}

/// The rules [`certify`] checks, each with what was claimed and what the rule requires.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The solution has a different number of positions than the game.
    Length {
        /// The length of the shorter of the solution's two vectors (values, choices).
        claimed: usize,
        /// The game's number of positions.
        positions: usize,
    },
    /// A terminal position (explicit, or without moves) has a value other than its own.
    Terminal {
        /// The value the solution gives.
        claimed: Value,
        /// The terminal's own value: its explicit outcome (at remoteness 0), or with no
        /// label, a loss of its mover at remoteness 0.
        required: Value,
    },
    /// A position with no move to a win of its mover claims to be won by it.
    WinWithoutWinningMove {
        /// The claimed win of the mover.
        claimed: Value,
    },
    /// A position won by its mover claims a remoteness other than 1 + the smallest
    /// remoteness among its winning moves.
    WinRemoteness {
        /// The claimed remoteness.
        claimed: u32,
        /// 1 + the smallest claimed remoteness among moves to a claimed win of the mover.
        required: u32,
    },
    /// A position claims to be lost but `escape` does not lead to the opponent's win.
    LossWithEscape {
        /// The first move in move order not to a claimed win of the opponent.
        escape: u32,
        /// The claimed value at `escape`: a draw or a win of the mover.
        escape_value: Value,
    },
    /// A lost position claims a remoteness other than 1 + the largest of its moves.
    LossRemoteness {
        /// The claimed remoteness.
        claimed: u32,
        /// 1 + the largest claimed remoteness among the position's moves.
        required: u32,
    },
    /// A position claims a draw but its mover can win by moving to `winning_move`.
    DrawButWinAvailable {
        /// A move to a claimed win of the mover: the fastest, the first in move order
        /// among equals.
        winning_move: u32,
    },
    /// A position claims a draw but every move leads to the opponent's win.
    DrawButAllMovesLose,
    /// The chosen move is missing, not one of the position's moves, or not the first
    /// optimal one in move order.
    Choice {
        /// The move the solution chose.
        claimed: Option<u32>,
        /// The first optimal move in move order under the claimed values; `None` if none.
        required: Option<u32>,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.position;
        match &self.rule {
            Rule::Length { claimed, positions } => {
                write!(f, "the solution has {claimed} positions, the game {positions}")
            }
            Rule::Terminal { claimed, required } => {
                write!(f, "position {p} is terminal with value {required}, claimed {claimed}")
            }
            Rule::WinWithoutWinningMove { claimed } => {
                write!(f, "position {p} claims {claimed} but has no move to a win of its mover")
            }
            Rule::WinRemoteness { claimed, required } => write!(
                f,
                "position {p} is won by its mover in {required} (1 + the fastest winning move), claimed {claimed}"
            ),
            Rule::LossWithEscape { escape, escape_value } => write!(
                f,
                "position {p} claims a loss of its mover but its move to {escape} leads to {escape_value}"
            ),
            Rule::LossRemoteness { claimed, required } => write!(
                f,
                "position {p} is lost in {required} (1 + the slowest move), claimed {claimed}"
            ),
            Rule::DrawButWinAvailable { winning_move } => write!(
                f,
                "position {p} claims a draw but its mover wins by moving to {winning_move}"
            ),
            Rule::DrawButAllMovesLose => {
                write!(f, "position {p} claims a draw but every move loses for its mover")
            }
            Rule::Choice { claimed, required } => {
                let show = |c: &Option<u32>| c.map_or("none".to_string(), |c| c.to_string());
                write!(
                    f,
                    "position {p} chose move {}, the first optimal move is {}",
                    show(claimed),
                    show(required)
                )
            }
        }
    }
}

/// Checks `solution` against `game`; `Ok` proves it is the game's true solution.
pub fn certify(game: &Game, solution: &Solution) -> Result<(), Violation> {
    let n = game.positions();
    if solution.values.len() != n || solution.choices.len() != n {
        return Err(Violation {
            position: 0,
            rule: Rule::Length {
                claimed: solution.values.len().min(solution.choices.len()),
                positions: n,
            },
        });
    }
    let values = &solution.values;
    for p in game.ids() {
        let violation = |rule| Err(Violation { position: p, rule });
        let claimed = values[p as usize];
        let moves = game.moves(p);
        let mover = game.mover(p);

        if game.terminal(p).is_some() || moves.is_empty() {
            let required = match game.terminal(p) {
                Some(outcome) => Value::terminal(outcome),
                None => Value::win(mover.other(), 0),
            };
            if claimed != required {
                return violation(Rule::Terminal { claimed, required });
            }
        } else if let Err(rule) = check_value(mover, claimed, moves, values) {
            return violation(rule);
        }

        let required = moves
            .iter()
            .copied()
            .find(|&q| is_optimal_move(claimed, values[q as usize]));
        if solution.choices[p as usize] != required {
            return violation(Rule::Choice {
                claimed: solution.choices[p as usize],
                required,
            });
        }
    }
    Ok(())
}

/// The rules of the [game model](crate::semantics#values-and-remoteness) for a position with moves: does
/// `claimed` follow from its successors?
fn check_value(mover: Side, claimed: Value, moves: &[u32], values: &[Value]) -> Result<(), Rule> {
    let value_of = |q: u32| values[q as usize];
    let fastest_win = moves
        .iter()
        .filter_map(|&q| match value_of(q) {
            Value::Win { winner, remoteness } if winner == mover => Some((remoteness, q)),
            _ => None,
        })
        .min_by_key(|&(r, _)| r);
    let escape = moves
        .iter()
        .copied()
        .find(|&q| value_of(q).winner() != Some(mover.other()));
    match claimed {
        Value::Win { winner, remoteness } if winner == mover => match fastest_win {
            None => Err(Rule::WinWithoutWinningMove { claimed }),
            Some((r, _)) if remoteness != r + 1 => Err(Rule::WinRemoteness {
                claimed: remoteness,
                required: r + 1,
            }),
            Some(_) => Ok(()),
        },
        Value::Win { remoteness, .. } => {
            if let Some(q) = escape {
                return Err(Rule::LossWithEscape {
                    escape: q,
                    escape_value: value_of(q),
                });
            }
            let slowest = moves
                .iter()
                .filter_map(|&q| value_of(q).remoteness())
                .max()
                .unwrap_or(0);
            if remoteness != slowest + 1 {
                return Err(Rule::LossRemoteness {
                    claimed: remoteness,
                    required: slowest + 1,
                });
            }
            Ok(())
        }
        Value::Draw => match (fastest_win, escape) {
            (Some((_, q)), _) => Err(Rule::DrawButWinAvailable { winning_move: q }),
            (None, None) => Err(Rule::DrawButAllMovesLose),
            (None, Some(_)) => Ok(()),
        },
    }
}
