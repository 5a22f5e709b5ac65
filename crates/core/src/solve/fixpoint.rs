//! The value-iteration reference: apply the rules of the
//! [game model](crate::semantics#values-and-remoteness) to every position at once, from "every non-terminal is a draw",
//! until nothing changes.
//!
//! Written to be obviously correct, not fast: each round reads only the previous
//! round's values, so after round k exactly the positions of remoteness at most k are
//! decided, each with its true remoteness. A round re-evaluates only the undecided
//! positions with a successor that changed in the round before: the rule reads
//! nothing else, and a decided position keeps its value (the invariant just stated),
//! so every other position would get the value it already has, and the rounds are
//! exactly those of the sweep over every position. A position changes at most once (from a draw to its value), so it is
//! re-evaluated at most once per successor: O(V + Σ out-degree²) at worst, and never
//! more than the sweep's V rounds of O(V+E).

use super::{SolveError, Solver};
use crate::game::{Game, Value};
use crate::solution::Solution;

/// Value iteration, refusing games above `max_positions`.
#[derive(Clone, Copy, Debug)]
pub struct Fixpoint {
    /// Games with more positions are refused with [`SolveError::TooLarge`]: the cost grows
    /// as V·(V+E) at worst. 20 000 by default.
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
        Ok(Solution::from_values(game, iterate(game)))
    }
}

/// The fixpoint of [`rule`] from "every position a draw", round by round.
fn iterate(game: &Game) -> Vec<Value> {
    let n = game.positions();
    let predecessors = Predecessors::new(game);
    let mut values = vec![Value::Draw; n];
    // The first round evaluates every position; `stale` is what the next one must.
    let mut stale: Vec<u32> = game.ids().collect();
    let mut queued = vec![false; n];
    let mut changes: Vec<(u32, Value)> = Vec::new();
    while !stale.is_empty() {
        // The whole round reads the previous round's values: nothing is written
        // until every stale position is evaluated.
        changes.clear();
        for &p in &stale {
            let next = rule(game, &values, p);
            if next != values[p as usize] {
                changes.push((p, next));
            }
        }
        stale.clear();
        for &(q, value) in &changes {
            values[q as usize] = value;
            for &p in predecessors.of(q) {
                // A decided position keeps its value (the invariant above): only the
                // draws so far can change.
                if !queued[p as usize] && values[p as usize] == Value::Draw {
                    queued[p as usize] = true;
                    stale.push(p);
                }
            }
        }
        for &p in &stale {
            queued[p as usize] = false;
        }
    }
    values
}

/// The positions with a move to each position, in CSR form (a position moving twice
/// to the same one is listed twice, which is harmless: it is queued once a round).
/// Built here rather than taken from [`super::reverse`] on purpose: a reference that
/// shared the solver's reverse index would share its bugs, and not see them.
struct Predecessors {
    offsets: Vec<u32>,
    sources: Vec<u32>,
}

impl Predecessors {
    fn new(game: &Game) -> Predecessors {
        let mut offsets = vec![0u32; game.positions() + 1];
        for &q in game.targets() {
            offsets[q as usize + 1] += 1;
        }
        for i in 1..offsets.len() {
            offsets[i] += offsets[i - 1];
        }
        let mut next = offsets.clone();
        let mut sources = vec![0u32; game.move_count()];
        for p in game.ids() {
            for &q in game.moves(p) {
                sources[next[q as usize] as usize] = p;
                next[q as usize] += 1;
            }
        }
        Predecessors { offsets, sources }
    }

    fn of(&self, q: u32) -> &[u32] {
        &self.sources[self.offsets[q as usize] as usize..self.offsets[q as usize + 1] as usize]
    }
}

/// The rules of the [game model](crate::semantics#values-and-remoteness) for one position, given the
/// values of its successors.
fn rule(game: &Game, values: &[Value], p: u32) -> Value {
    if let Some(outcome) = game.terminal(p) {
        return Value::terminal(outcome);
    }
    let mover = game.mover(p);
    // The fastest of the mover's wins among the successors (`u32::MAX`: none), the
    // slowest of its losses, and whether a move leads to a draw.
    let (mut fastest_win, mut slowest_loss, mut escape) = (u32::MAX, 0, false);
    for &q in game.moves(p) {
        match values[q as usize] {
            Value::Win { winner, remoteness } if winner == mover => fastest_win = fastest_win.min(remoteness),
            Value::Win { remoteness, .. } => slowest_loss = slowest_loss.max(remoteness + 1),
            Value::Draw => escape = true,
        }
    }
    if fastest_win != u32::MAX {
        Value::win(mover, fastest_win + 1)
    } else if !escape {
        // Every move (possibly none) leads to a position won by the opponent.
        Value::win(mover.other(), slowest_loss)
    } else {
        Value::Draw
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameBuilder, Outcome, Side};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Value iteration as its definition reads: every position, every round.
    fn sweep(game: &Game) -> Vec<Value> {
        let mut values = vec![Value::Draw; game.positions()];
        loop {
            let next: Vec<Value> = game.ids().map(|p| rule(game, &values, p)).collect();
            if next == values {
                return values;
            }
            values = next;
        }
    }

    fn random_game(rng: &mut ChaCha8Rng) -> Game {
        let n: u32 = rng.gen_range(1..=40);
        let mut b = GameBuilder::new();
        for _ in 0..n {
            let mover = if rng.gen() { Side::A } else { Side::B };
            match rng.gen_range(0..10) {
                0 => {
                    let outcome =
                        [Outcome::Win(Side::A), Outcome::Win(Side::B), Outcome::Draw][rng.gen_range(0..3)];
                    b.terminal(mover, outcome);
                }
                _ => {
                    let moves: Vec<u32> = (0..rng.gen_range(0..4)).map(|_| rng.gen_range(0..n)).collect();
                    b.moves(mover, &moves);
                }
            }
        }
        b.build().expect("a valid game")
    }

    #[test]
    fn re_evaluating_only_what_changed_gives_the_sweeps_fixpoint() {
        let mut rng = ChaCha8Rng::seed_from_u64(27);
        for _ in 0..2_000 {
            let game = random_game(&mut rng);
            assert_eq!(iterate(&game), sweep(&game), "{game:?}");
        }
    }
}
