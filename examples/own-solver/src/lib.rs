//! own-solver: a small solver of win/loss/draw games on graphs with cycles, written as
//! a user of retrocheck writes their own — its own types, no dependency on retrocheck,
//! which its tests use as a dev-dependency (`tests/support/mod.rs` adapts the types).
//!
//! It carries one planted bug, switched on by [`Solver::BUGGY`] (and for the whole
//! test suite by the cargo feature `planted-bug`): a `Vec` used as a stack where the
//! propagation needs a FIFO queue, which gets remoteness wrong.

use std::collections::VecDeque;

/// The two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Moves first in the usual reading; `A` in retrocheck.
    First,
    /// `B` in retrocheck.
    Second,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

/// A node of the game graph.
#[derive(Clone, Debug)]
pub struct Node {
    /// Who moves here.
    pub to_move: Player,
    /// The successors, in move order (repeats and self-loops allowed).
    pub moves: Vec<usize>,
    /// A fixed result: `Some(winner)`, or `Some(None)` for a drawn end; `None` for a
    /// node decided by play (lost by its mover if it has no moves).
    pub end: Option<Option<Player>>,
}

/// A game graph.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    /// The nodes, indexed by id.
    pub nodes: Vec<Node>,
}

/// The value of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// `winner` wins in `plies` moves: the fastest win, the slowest loss.
    Win {
        /// Who wins.
        winner: Player,
        /// How many moves until the end.
        plies: u32,
    },
    /// Nobody can force a win.
    Draw,
}

/// The solver: backward propagation from the ended nodes.
#[derive(Clone, Copy, Debug)]
pub struct Solver {
    /// Take nodes from the back of the work list (a stack) instead of the front.
    pub planted_bug: bool,
}

impl Solver {
    /// The solver as it should be.
    pub const CORRECT: Solver = Solver { planted_bug: false };
    /// The solver with its planted bug.
    pub const BUGGY: Solver = Solver { planted_bug: true };

    /// The value of every node.
    pub fn solve(&self, graph: &Graph) -> Vec<Value> {
        let n = graph.nodes.len();
        let mut predecessors = vec![Vec::new(); n];
        for (p, node) in graph.nodes.iter().enumerate() {
            for &q in &node.moves {
                predecessors[q].push(p);
            }
        }
        let mut undecided: Vec<usize> = graph.nodes.iter().map(|node| node.moves.len()).collect();
        let mut values = vec![Value::Draw; n];
        let mut work = VecDeque::new();
        for (p, node) in graph.nodes.iter().enumerate() {
            let winner = match node.end {
                Some(winner) => winner,
                None if node.moves.is_empty() => Some(node.to_move.opponent()),
                None => None,
            };
            if let Some(winner) = winner {
                values[p] = Value::Win { winner, plies: 0 };
                work.push_back(p);
            }
        }
        let mut decided: Vec<bool> = values.iter().map(|v| *v != Value::Draw).collect();
        loop {
            let next = if self.planted_bug {
                work.pop_back()
            } else {
                work.pop_front()
            };
            let Some(q) = next else { break };
            let Value::Win { winner, plies } = values[q] else {
                unreachable!("only decided nodes are queued")
            };
            for &p in &predecessors[q] {
                if decided[p] {
                    continue;
                }
                if graph.nodes[p].to_move == winner {
                    undecided[p] = 0;
                } else {
                    undecided[p] -= 1;
                }
                if undecided[p] == 0 {
                    values[p] = Value::Win {
                        winner,
                        plies: plies + 1,
                    };
                    decided[p] = true;
                    work.push_back(p);
                }
            }
        }
        values
    }
}

/// The solver the tests check: the buggy one with the feature `planted-bug`.
pub const SOLVER: Solver = Solver {
    planted_bug: cfg!(feature = "planted-bug"),
};
