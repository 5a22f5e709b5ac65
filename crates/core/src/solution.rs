//! A solved game: a value and a chosen move per position, how two solutions differ,
//! and the `.out` text format ([semantics](crate::semantics#the-solution-text-format-out)).

use crate::game::{Game, Outcome, Side, Value};
use std::fmt::{self, Write as _};

/// Per position: its value, and the chosen move — the first optimal move in the
/// position's move order ([semantics](crate::semantics#the-solution-text-format-out)), `None`
/// where there is no move.
///
/// The fields are public so that a claimed solution (from a user's solver or a file) can
/// be built as is and checked by [`certify`](crate::solve::certify()); nothing here
/// checks that the two vectors match the game or each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The value of each position, indexed by id; draws stay draws under a draw convention.
    pub values: Vec<Value>,
    /// The chosen move of each position, indexed by id: the successor's id, not an index
    /// into the move list. In a correct solution `None` exactly where there are no moves.
    pub choices: Vec<Option<u32>>,
}

/// The first position where two solutions disagree, and what each says there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The first position, in id order, where the two solutions disagree.
    pub position: u32,
    /// What the solution [`compare`](Solution::compare) was called on says there: value
    /// and chosen move; a draw without a move if it has no such position.
    pub left: (Value, Option<u32>),
    /// What the other solution says there, in the same form.
    pub right: (Value, Option<u32>),
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |(v, c): (Value, Option<u32>)| match c {
            Some(c) => format!("{v}, move {c}"),
            None => format!("{v}, no move"),
        };
        write!(
            f,
            "position {}: {} vs {}",
            self.position,
            show(self.left),
            show(self.right)
        )
    }
}

impl Solution {
    /// The solution with the given values and, for each position, the first optimal move
    /// in move order ([semantics](crate::semantics#the-solution-text-format-out)). The values are
    /// trusted, not checked; there must be one per position.
    pub fn from_values(game: &Game, values: Vec<Value>) -> Solution {
        let choices = game.ids().map(|p| first_optimal_move(game, &values, p)).collect();
        Solution { values, choices }
    }

    /// The number of positions covered (that of `values`).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no position is covered, as for the empty game.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The first position whose value or chosen move differs, if any. A length
    /// mismatch is reported at the first position one of them lacks.
    pub fn compare(&self, other: &Solution) -> Option<Difference> {
        let n = self.len().max(other.len());
        (0..n).find_map(|p| {
            let left = self.entry(p);
            let right = other.entry(p);
            (left != right).then(|| Difference {
                position: p as u32,
                left: left.unwrap_or((Value::Draw, None)),
                right: right.unwrap_or((Value::Draw, None)),
            })
        })
    }

    fn entry(&self, p: usize) -> Option<(Value, Option<u32>)> {
        Some((*self.values.get(p)?, *self.choices.get(p)?))
    }

    /// The `.out` text: `<id> <outcome> <remoteness> <move>` per position. The outcome
    /// has the game's draw convention applied (a credited draw prints the side, with
    /// remoteness `-`); a missing move prints `-`.
    pub fn to_text(&self, game: &Game) -> String {
        let mut out = String::with_capacity(self.len() * 12);
        for p in 0..self.len() {
            let value = self.values[p];
            let _ = write!(out, "{p} {} ", reported(game.draw_credit(), value).letter());
            match value.remoteness() {
                Some(r) => {
                    let _ = write!(out, "{r} ");
                }
                None => out.push_str("- "),
            }
            match self.choices[p] {
                Some(c) => {
                    let _ = writeln!(out, "{c}");
                }
                None => out.push_str("-\n"),
            }
        }
        out
    }
}

fn reported(draw_credit: Option<Side>, value: Value) -> Outcome {
    match (value.outcome(), draw_credit) {
        (Outcome::Draw, Some(side)) => Outcome::Win(side),
        (outcome, _) => outcome,
    }
}

/// Whether moving to a successor with value `next` is optimal for `p`, whose value is
/// `here` ([semantics](crate::semantics#values-and-remoteness)): to a win of the mover at remoteness
/// r−1, for a lost position to remoteness r−1 (the longest resistance), for a draw to a
/// draw. A terminal `here` (remoteness 0) has no optimal move.
///
/// In both decided cases the successor must be won by the same side as `p`: the
/// mover's own win, or, for a lost position, the opponent's win one move sooner.
pub fn is_optimal_move(here: Value, next: Value) -> bool {
    match (here, next) {
        (
            Value::Win { winner, remoteness },
            Value::Win {
                winner: w,
                remoteness: r,
            },
        ) => w == winner && remoteness.checked_sub(1) == Some(r),
        (Value::Draw, Value::Draw) => true,
        _ => false,
    }
}

/// The chosen move ([semantics](crate::semantics#the-solution-text-format-out)): the first
/// optimal move of `p` in move order, judged by `values`; `None` if there is none.
pub fn first_optimal_move(game: &Game, values: &[Value], p: u32) -> Option<u32> {
    let here = values[p as usize];
    game.moves(p)
        .iter()
        .copied()
        .find(|&q| is_optimal_move(here, values[q as usize]))
}

/// The lines of an `.out` text that matter, for comparing files and program output:
/// comments (`#` to the end of the line) and surrounding white space removed, blank lines
/// dropped. The lines are not parsed.
pub fn out_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameBuilder;

    #[test]
    fn optimal_moves_follow_design_rules() {
        let (a, b) = (Side::A, Side::B);
        // Won: a successor won by the same side at r-1 only.
        assert!(is_optimal_move(Value::win(a, 3), Value::win(a, 2)));
        assert!(!is_optimal_move(Value::win(a, 3), Value::win(a, 0)));
        assert!(!is_optimal_move(Value::win(a, 1), Value::win(b, 0)));
        // Lost (here B wins at a position A moves from): the longest resistance.
        assert!(is_optimal_move(Value::win(b, 3), Value::win(b, 2)));
        assert!(!is_optimal_move(Value::win(b, 3), Value::win(b, 1)));
        // Drawn: a drawn successor.
        assert!(is_optimal_move(Value::Draw, Value::Draw));
        assert!(!is_optimal_move(Value::Draw, Value::win(a, 0)));
        assert!(!is_optimal_move(Value::win(a, 0), Value::Draw));
    }

    #[test]
    fn compare_reports_the_first_difference() {
        let s = Solution {
            values: vec![Value::Draw, Value::win(Side::A, 1)],
            choices: vec![None, Some(0)],
        };
        let mut t = s.clone();
        assert_eq!(s.compare(&t), None);
        t.choices[1] = Some(1);
        let d = s.compare(&t).unwrap();
        assert_eq!(d.position, 1);
        assert_eq!(d.right, (Value::win(Side::A, 1), Some(1)));
        t.values[0] = Value::win(Side::B, 0);
        assert_eq!(s.compare(&t).unwrap().position, 0, "the first difference");
    }

    #[test]
    fn text_applies_the_draw_convention_and_drops_remoteness_of_draws() {
        let mut b = GameBuilder::new();
        b.moves(Side::B, &[0u32]);
        b.draw_credit(Some(Side::B));
        let g = b.build().unwrap();
        let s = Solution::from_values(&g, vec![Value::Draw]);
        assert_eq!(s.to_text(&g), "0 B - 0\n");
    }
}
