//! `pursuit`: "The Problem to Make You Happy" (ICPC 2014 Asia Xi'an, problem H) — Bob
//! flees, Alice chases on a directed graph; its product game and judge I/O.
//!
//! Product game: position (turn, bob, alice) has id `(turn·n + bob)·n + alice`, turn 0
//! for Bob (side B) to move and 1 for Alice (side A). Positions with bob == alice are
//! terminal wins of Alice — so Bob stepping onto Alice loses. A stuck mover loses, and
//! the draw convention credits endless play to Bob.

use super::scan::{InputError, Scanner};
use super::{degrees_and_reverse, fits_implicitly, fits_in_memory, ContestProblem, Csr, ProductError};
use crate::game::{Game, Outcome, Side};
use crate::solve::chase;
use crate::solve::retrograde::{self, Graph, Predecessors, Reverse};
use crate::text::count;
use std::fmt::Write as _;

/// One test case, vertices 0-based.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    /// The number of vertices; ids are `0..n`.
    pub n: u32,
    /// The directed edges `(from, to)` in input order, along which both players move.
    pub edges: Vec<(u32, u32)>,
    /// Bob's start vertex (`x` in the input).
    pub bob: u32,
    /// Alice's start vertex (`y` in the input).
    pub alice: u32,
}

/// Parses one test case; [`crate::problems::Cases`] reads the count and the rest.
/// `cases`, the declared count T, only goes into error messages.
pub fn parse_case(s: &mut Scanner, cases: u64) -> Result<Instance, InputError> {
    let (n, edges) = s.graph("edge", cases)?;
    let bob = s.vertex("x, Bob's start vertex", n)?;
    let alice = s.vertex("y, Alice's start vertex", n)?;
    Ok(Instance {
        n: n as u32,
        edges,
        bob,
        alice,
    })
}

/// Appends one test case, as contest input, to `out`.
pub fn print_case(inst: &Instance, out: &mut String) {
    let _ = writeln!(out, "{} {}", inst.n, inst.edges.len());
    for &(b, e) in &inst.edges {
        let _ = writeln!(out, "{} {}", b + 1, e + 1);
    }
    let _ = writeln!(out, "{} {}", inst.bob + 1, inst.alice + 1);
}

impl Instance {
    /// The id of the product position (turn, bob, alice); `bob_to_move` is turn 0.
    /// Unchecked: the vertices must be below `n`, and `2·n²` must fit `u32`.
    pub fn position(&self, bob_to_move: bool, bob: u32, alice: u32) -> u32 {
        let n = self.n as u64;
        let turn = u64::from(!bob_to_move);
        ((turn * n + u64::from(bob)) * n + u64::from(alice)) as u32
    }

    /// The product game, built directly in CSR form.
    pub fn game(&self) -> Result<Game, ProductError> {
        let (positions, moves) = ContestProblem::product_shape(self);
        fits_in_memory("pursuit", positions, moves)?;
        let n = self.n as u64;
        let adj = Csr::new(self.n, &self.edges);
        let n = n as usize;
        let mut movers = Vec::with_capacity(positions as usize);
        let mut terminals = Vec::with_capacity(positions as usize);
        let mut offsets = Vec::with_capacity(positions as usize + 1);
        let mut targets = Vec::with_capacity(moves as usize);
        offsets.push(0u32);
        for turn in 0..2 {
            let (mover, next_turn) = if turn == 0 { (Side::B, 1) } else { (Side::A, 0) };
            for bob in 0..n {
                for alice in 0..n {
                    movers.push(mover);
                    if bob == alice {
                        terminals.push(Some(Outcome::Win(Side::A)));
                    } else {
                        terminals.push(None);
                        if turn == 0 {
                            let base = (next_turn * n * n + alice) as u32;
                            targets.extend(adj.of(bob as u32).iter().map(|&b| base + b * n as u32));
                        } else {
                            let base = (bob * n) as u32;
                            targets.extend(adj.of(alice as u32).iter().map(|&a| base + a));
                        }
                    }
                    offsets.push(targets.len() as u32);
                }
            }
        }
        Game::from_csr(movers, terminals, offsets, targets, Some(Side::B)).map_err(ProductError::from)
    }

    /// The product game as a [`Graph`] computed from the contest graph.
    pub fn implicit(&self) -> Result<Implicit, ProductError> {
        fits_implicitly("pursuit", ContestProblem::product_shape(self).0)?;
        let (out_degree, reverse) = degrees_and_reverse(self.n, &self.edges);
        Ok(Implicit {
            n: self.n,
            out_degree,
            reverse,
        })
    }

    /// The judge's line for test case `k`: Bob wins, endless play included, or not.
    /// `outcomes` are indexed by product position id, with or without the draw convention.
    pub fn answer(&self, k: usize, outcomes: &[Outcome]) -> String {
        let start = outcomes[self.position(true, self.bob, self.alice) as usize];
        let bob_wins = start != Outcome::Win(Side::A);
        format!("Case #{k}: {}", if bob_wins { "Yes" } else { "No" })
    }

    /// Whether the instance meets the official limits: 2 ≤ n ≤ 100, 1 ≤ m ≤ n(n−1),
    /// x ≠ y, no self-loops, no duplicate edges.
    pub fn is_official(&self) -> bool {
        let mut sorted = self.edges.clone();
        sorted.sort_unstable();
        sorted.dedup();
        (2..=Self::OFFICIAL_MAX).contains(&self.n)
            && !self.edges.is_empty()
            && sorted.len() == self.edges.len()
            && self.edges.iter().all(|&(b, e)| b != e)
            && self.bob != self.alice
    }
}

impl ContestProblem for Instance {
    const NAME: &'static str = "pursuit";
    const COUNTED: bool = true;
    const UNIT: &'static str = "vertices";
    const OFFICIAL_MAX: u32 = 100;

    fn parse_case(s: &mut Scanner, cases: u64) -> Result<Instance, InputError> {
        parse_case(s, cases)
    }

    fn print_case(&self, out: &mut String) {
        print_case(self, out)
    }

    fn game(&self) -> Result<Game, ProductError> {
        Instance::game(self)
    }

    fn implicit_outcomes(&self) -> Result<Vec<Outcome>, ProductError> {
        Ok(retrograde::graph_outcomes(&self.implicit()?))
    }

    /// The judge's line for test case `k` by the fastest path: the chaser's win set
    /// ([`crate::solve::chase`]) on graphs small enough, else the implicit product.
    fn answer_line(&self, k: usize) -> Result<String, ProductError> {
        // Refused from the declared size before the degrees and reverse lists (4n bytes
        // each) are allocated: n = 10^9 must not cost gigabytes to refuse.
        fits_implicitly("pursuit", self.product_shape().0)?;
        let (out_degree, reverse) = degrees_and_reverse(self.n, &self.edges);
        let n = self.n as usize;
        match chase::runner_loses(n, &out_degree, &reverse.offsets, &reverse.sources) {
            Some(lost) => {
                let bob_loses = lost[self.bob as usize * n + self.alice as usize];
                Ok(format!("Case #{k}: {}", if bob_loses { "No" } else { "Yes" }))
            }
            None => Ok(self.answer(k, &retrograde::graph_outcomes(&self.implicit()?))),
        }
    }

    fn answer(&self, k: usize, outcomes: &[Outcome]) -> String {
        Instance::answer(self, k, outcomes)
    }

    fn is_official(&self) -> bool {
        Instance::is_official(self)
    }

    fn size_text(&self) -> String {
        format!(
            "{}, {}",
            count(self.n as usize, "vertex"),
            count(self.edges.len(), "edge")
        )
    }

    fn answer_positions(&self) -> Option<Vec<u32>> {
        Some(vec![self.position(true, self.bob, self.alice)])
    }

    fn size(&self) -> u64 {
        u64::from(self.n)
    }

    /// 2·n² positions; 2·m·(n−1) moves (each player's edges, beside every other
    /// vertex of the other).
    fn product_shape(&self) -> (u64, u64) {
        let n = u64::from(self.n);
        let m = self.edges.len() as u64;
        ((n * n).saturating_mul(2), (2 * m).saturating_mul(n.saturating_sub(1)))
    }
}

/// The product game of an instance, computed on demand: same ids, movers, labels and
/// moves as [`Instance::game`], without storing the 2·m·(n−1) product moves.
pub struct Implicit {
    n: u32,
    out_degree: Vec<u32>,
    reverse: Reverse,
}

impl Graph for Implicit {
    fn positions(&self) -> usize {
        2 * self.n as usize * self.n as usize
    }

    fn move_count(&self) -> usize {
        2 * self.reverse.sources.len() * (self.n as usize).saturating_sub(1)
    }

    #[inline]
    fn position(&self, p: u32) -> (Side, Option<Outcome>, u32) {
        let n = self.n;
        let (bob_to_move, bob, alice) = (p < n * n, p / n % n, p % n);
        let mover = if bob_to_move { Side::B } else { Side::A };
        if bob == alice {
            return (mover, Some(Outcome::Win(Side::A)), 0);
        }
        (
            mover,
            None,
            self.out_degree[if bob_to_move { bob } else { alice } as usize],
        )
    }

    #[inline]
    fn predecessors(&self, q: u32) -> Predecessors<'_> {
        let n = self.n;
        let (bob_to_move, bob, alice) = (q < n * n, q / n % n, q % n);
        if bob_to_move {
            // Alice just moved here from some a' (where it was her turn): (A, bob, a'),
            // except from a' == bob, a terminal position without moves.
            Predecessors {
                sources: self.reverse.of_position(alice),
                scale: 1,
                offset: n * n + bob * n,
                skip: bob,
            }
        } else {
            // Bob just moved here from some b': (B, b', alice), except from b' == alice.
            Predecessors {
                sources: self.reverse.of_position(bob),
                scale: n,
                offset: alice,
                skip: alice,
            }
        }
    }

    fn max_degree(&self) -> u32 {
        self.out_degree.iter().copied().max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_has_the_documented_size_and_terminals() {
        let inst = Instance {
            n: 3,
            edges: vec![(0, 1), (1, 2), (2, 0)],
            bob: 0,
            alice: 1,
        };
        let g = inst.game().unwrap();
        assert_eq!(g.positions(), 18);
        assert_eq!(g.move_count(), 2 * 3 * 2);
        let p = inst.position(true, 0, 1);
        assert_eq!(g.mover(p), Side::B);
        // Bob 0 -> 1 lands on Alice: the successor is a terminal win of Alice.
        assert_eq!(g.moves(p), &[inst.position(false, 1, 1)]);
        assert_eq!(
            g.terminal(inst.position(false, 1, 1)),
            Some(Outcome::Win(Side::A))
        );
        assert_eq!(g.draw_credit(), Some(Side::B));
    }

    #[test]
    fn official_limits_are_recognised() {
        let ok = Instance {
            n: 2,
            edges: vec![(0, 1)],
            bob: 0,
            alice: 1,
        };
        assert!(ok.is_official());
        assert!(!Instance { bob: 1, ..ok.clone() }.is_official());
        assert!(!Instance {
            edges: vec![(0, 0)],
            ..ok.clone()
        }
        .is_official());
        assert!(!Instance {
            edges: vec![(0, 1), (0, 1)],
            ..ok.clone()
        }
        .is_official());
        assert!(!Instance { edges: vec![], ..ok }.is_official());
    }
}
