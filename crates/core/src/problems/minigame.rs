//! `minigame`: "Mini-game Before Contest" (13th Northeast China CPC 2019, problem F) —
//! six players of two teams, some of them actors, move one token in a fixed order; its
//! product game and judge I/O.
//!
//! Product game: position (vertex, k), the k-th player in the order to move, has id
//! `vertex·6 + k`. Its mover is the team that player wants to win (an actor wants the
//! other team to win). A position with no moves is terminal and the player's *team*
//! loses — which, for an actor, is the outcome he wanted. Endless play is a draw.

use super::scan::{InputError, Scanner};
use super::{degrees_and_reverse, fits_implicitly, fits_in_memory, ContestProblem, Csr, ProductError};
use crate::game::{Game, Outcome, Side};
use crate::solve::retrograde::{self, Graph, Predecessors, Reverse};
use crate::text::count;
use std::fmt::Write as _;

/// One test case, vertices 0-based.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    /// The number of vertices; ids are `0..n`.
    pub n: u32,
    /// The directed arcs `(from, to)` in input order; self-loops allowed.
    pub arcs: Vec<(u32, u32)>,
    /// The team of the 1st..6th player.
    pub order: [Side; 6],
    /// Whether the 1st..6th player is an actor.
    pub actors: [bool; 6],
}

/// Parses one test case; [`crate::problems::Cases`] reads the count and the rest.
/// `cases`, the declared count T, only goes into error messages.
pub fn parse_case(s: &mut Scanner, cases: u64) -> Result<Instance, InputError> {
    let (n, arcs) = s.graph("arc", cases)?;
    let (token, line) = s.expect("ord, 6 letters A or B")?;
    let order = parse_six(token, |b| match b {
        b'A' => Some(Side::A),
        b'B' => Some(Side::B),
        _ => None,
    })
    .ok_or_else(|| {
        s.error_at(
            line,
            format!(
                "expected ord, 6 letters A or B, found '{}'",
                String::from_utf8_lossy(token)
            ),
        )
    })?;
    let (token, line) = s.expect("act, 6 digits 0 or 1")?;
    let actors = parse_six(token, |b| match b {
        b'0' => Some(false),
        b'1' => Some(true),
        _ => None,
    })
    .ok_or_else(|| {
        s.error_at(
            line,
            format!(
                "expected act, 6 digits 0 or 1, found '{}'",
                String::from_utf8_lossy(token)
            ),
        )
    })?;
    Ok(Instance {
        n: n as u32,
        arcs,
        order,
        actors,
    })
}

fn parse_six<T>(token: &[u8], letter: impl Fn(u8) -> Option<T>) -> Option<[T; 6]> {
    let items: Vec<T> = token.iter().map(|&b| letter(b)).collect::<Option<_>>()?;
    items.try_into().ok()
}

/// Appends one test case, as contest input, to `out`.
pub fn print_case(inst: &Instance, out: &mut String) {
    let _ = writeln!(out, "{} {}", inst.n, inst.arcs.len());
    for &(u, v) in &inst.arcs {
        let _ = writeln!(out, "{} {}", u + 1, v + 1);
    }
    let order: String = inst.order.iter().map(|s| s.letter()).collect();
    let actors: String = inst.actors.iter().map(|&a| if a { '1' } else { '0' }).collect();
    let _ = writeln!(out, "{order}\n{actors}");
}

impl Instance {
    /// The team that the k-th player wants to win: his own, or the other for an actor.
    pub fn wants(&self, k: usize) -> Side {
        if self.actors[k] {
            self.order[k].other()
        } else {
            self.order[k]
        }
    }

    /// The product game, built directly in CSR form.
    pub fn game(&self) -> Result<Game, ProductError> {
        let (positions, moves) = ContestProblem::product_shape(self);
        fits_in_memory("minigame", positions, moves)?;
        let adj = Csr::new(self.n, &self.arcs);
        let mut movers = Vec::with_capacity(positions as usize);
        let mut terminals = Vec::with_capacity(positions as usize);
        let mut offsets = Vec::with_capacity(positions as usize + 1);
        let mut targets = Vec::with_capacity(moves as usize);
        offsets.push(0u32);
        let wants: [Side; 6] = std::array::from_fn(|k| self.wants(k));
        let stuck: [Option<Outcome>; 6] = std::array::from_fn(|k| Some(Outcome::Win(self.order[k].other())));
        for v in 0..self.n {
            let next = adj.of(v);
            for k in 0..6u32 {
                movers.push(wants[k as usize]);
                if next.is_empty() {
                    terminals.push(stuck[k as usize]);
                } else {
                    terminals.push(None);
                    let layer = (k + 1) % 6;
                    targets.extend(next.iter().map(|&w| w * 6 + layer));
                }
                offsets.push(targets.len() as u32);
            }
        }
        Game::from_csr(movers, terminals, offsets, targets, None).map_err(ProductError::from)
    }

    /// The product game as a [`Graph`] computed from the contest graph.
    pub fn implicit(&self) -> Result<Implicit, ProductError> {
        fits_implicitly("minigame", ContestProblem::product_shape(self).0)?;
        let (out_degree, reverse) = degrees_and_reverse(self.n, &self.arcs);
        Ok(Implicit {
            n: self.n,
            out_degree,
            reverse,
            wants: std::array::from_fn(|k| self.wants(k)),
            stuck: std::array::from_fn(|k| Outcome::Win(self.order[k].other())),
        })
    }

    /// The judge's line: for each start vertex in order, the winning team or `D`, with
    /// the first player to move; `outcomes` are indexed by product position id.
    pub fn answer(&self, outcomes: &[Outcome]) -> String {
        (0..self.n as usize).map(|v| outcomes[v * 6].letter()).collect()
    }

    /// Whether the instance meets the official limits: 1 ≤ n ≤ 100000,
    /// 1 ≤ m ≤ 200000 (self-loops allowed; duplicate arcs not expected).
    pub fn is_official(&self) -> bool {
        let mut sorted = self.arcs.clone();
        sorted.sort_unstable();
        sorted.dedup();
        (1..=Self::OFFICIAL_MAX).contains(&self.n)
            && (1..=200_000).contains(&self.arcs.len())
            && sorted.len() == self.arcs.len()
    }
}

impl ContestProblem for Instance {
    const NAME: &'static str = "minigame";
    const COUNTED: bool = true;
    const UNIT: &'static str = "vertices";
    const OFFICIAL_MAX: u32 = 100_000;

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

    fn answer(&self, _k: usize, outcomes: &[Outcome]) -> String {
        Instance::answer(self, outcomes)
    }

    fn is_official(&self) -> bool {
        Instance::is_official(self)
    }

    fn size_text(&self) -> String {
        format!(
            "{}, {}",
            count(self.n as usize, "vertex"),
            count(self.arcs.len(), "arc")
        )
    }

    fn answer_positions(&self) -> Option<Vec<u32>> {
        Some((0..self.n).map(|v| v * 6).collect())
    }

    fn size(&self) -> u64 {
        u64::from(self.n)
    }

    /// Six layers of the graph, one per player in the order.
    fn product_shape(&self) -> (u64, u64) {
        (6 * u64::from(self.n), 6 * self.arcs.len() as u64)
    }
}

/// The product game of an instance, computed on demand: same ids, movers, labels and
/// moves as [`Instance::game`], without storing the 6·m product moves.
pub struct Implicit {
    n: u32,
    out_degree: Vec<u32>,
    reverse: Reverse,
    wants: [Side; 6],
    stuck: [Outcome; 6],
}

impl Graph for Implicit {
    fn positions(&self) -> usize {
        6 * self.n as usize
    }

    fn move_count(&self) -> usize {
        6 * self.reverse.sources.len()
    }

    #[inline]
    fn position(&self, p: u32) -> (Side, Option<Outcome>, u32) {
        let (v, k) = ((p / 6) as usize, (p % 6) as usize);
        let degree = self.out_degree[v];
        (self.wants[k], (degree == 0).then_some(self.stuck[k]), degree)
    }

    #[inline]
    fn predecessors(&self, q: u32) -> Predecessors<'_> {
        // The previous player moved the token here from u: (u, k − 1).
        Predecessors {
            sources: self.reverse.of_position(q / 6),
            scale: 6,
            offset: (q % 6 + 5) % 6,
            skip: u32::MAX,
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
    fn an_actor_stuck_gets_the_result_he_wanted() {
        // One vertex, no arcs: whoever is to move is stuck and his team loses.
        let inst = Instance {
            n: 1,
            arcs: vec![(0, 0)],
            order: [Side::A, Side::B, Side::A, Side::B, Side::A, Side::B],
            actors: [true, false, false, false, false, false],
        };
        let g = Instance {
            arcs: vec![],
            ..inst.clone()
        }
        .game()
        .unwrap();
        // Player 1 is an actor of team A: he wants B to win, and B does.
        assert_eq!(g.mover(0), Side::B);
        assert_eq!(g.terminal(0), Some(Outcome::Win(Side::B)));
        // Player 2 is a normal player of team B: stuck, B loses.
        assert_eq!(g.terminal(1), Some(Outcome::Win(Side::A)));
        assert_eq!(g.mover(1), Side::B);
    }
}
