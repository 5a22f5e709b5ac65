//! `catmouse`: "Cat and Mouse" (LeetCode 913, with retrocheck's contest-style input) —
//! a mouse flees to the hole (node 0) from a cat that may not enter it. Its product
//! game and judge I/O.
//!
//! Product game: position (turn, mouse, cat) has id `(turn·n + mouse)·(n − 1) + cat − 1`
//! (the cat never stands on the hole), turn 0 for the mouse (side A) to move and 1 for
//! the cat (side B). The mouse in the hole is a terminal win of the mouse, the animals
//! on one node a terminal win of the cat, in both turns. A draw is a real answer (`0`),
//! so there is no draw convention.

use super::scan::{InputError, Scanner};
use super::{degrees_and_reverse, fits_implicitly, fits_in_memory, ContestProblem, ProductError};
use crate::game::{Game, Outcome, Side};
use crate::solve::retrograde::{self, Graph, Predecessors, Reverse};
use crate::text::count;
use std::fmt::Write as _;

/// One test case, nodes 0-based as in the input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    /// Node i's neighbours in input order; `lists.len()` is n. Within the limits the
    /// lists are symmetric, without self-listing or repeats; outside them each list is
    /// simply taken as the node's moves.
    pub lists: Vec<Vec<u32>>,
}

impl Instance {
    /// The number of nodes.
    pub fn n(&self) -> u32 {
        self.lists.len() as u32
    }

    /// The id of the product position (turn, mouse, cat); the cat must not be on 0.
    pub fn position(&self, mouse_to_move: bool, mouse: u32, cat: u32) -> u32 {
        let n = self.n();
        (u32::from(!mouse_to_move) * n + mouse) * (n - 1) + cat - 1
    }

    /// Every listed (node, neighbour) pair, in input order.
    fn arcs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.lists
            .iter()
            .enumerate()
            .flat_map(|(v, list)| list.iter().map(move |&w| (v as u32, w)))
    }

    fn arc_count(&self) -> u64 {
        self.lists.iter().map(|l| l.len() as u64).sum()
    }

    /// The explicit outcome of a position, by the two terminal rules.
    fn terminal(mouse: u32, cat: u32) -> Option<Outcome> {
        if mouse == 0 {
            Some(Outcome::Win(Side::A))
        } else if mouse == cat {
            Some(Outcome::Win(Side::B))
        } else {
            None
        }
    }
}

impl ContestProblem for Instance {
    const NAME: &'static str = "catmouse";
    const COUNTED: bool = true;
    const UNIT: &'static str = "nodes";
    const OFFICIAL_MAX: u32 = 50;

    fn parse_case(s: &mut Scanner, cases: u64) -> Result<Instance, InputError> {
        let case = s.case.unwrap_or(0);
        let (n, _) = s.number(
            &format!("n, the node count of test case {case} of {cases} (at least 3: the hole, the mouse's and the cat's nodes)"),
            3,
            u32::MAX.into(),
        )?;
        let mut lists = Vec::with_capacity((n as usize).min(s.remaining() / 2));
        for i in 0..n {
            let d = s.number_with(
                || format!("d_{i}, the number of neighbours of node {i}"),
                0,
                u32::MAX.into(),
            )?;
            let mut list = Vec::with_capacity((d as usize).min(s.remaining() / 2));
            for j in 1..=d {
                let what = || format!("neighbour {j} of {d} of node {i} (nodes are 0 to {})", n - 1);
                let v = s.number_with(what, 0, u64::MAX)?;
                if v >= n {
                    return Err(s.error(format!("{}: {v} is out of range", what())));
                }
                list.push(v as u32);
            }
            lists.push(list);
        }
        Ok(Instance { lists })
    }

    fn print_case(&self, out: &mut String) {
        let _ = writeln!(out, "{}", self.lists.len());
        for list in &self.lists {
            let _ = write!(out, "{}", list.len());
            for v in list {
                let _ = write!(out, " {v}");
            }
            out.push('\n');
        }
    }

    fn game(&self) -> Result<Game, ProductError> {
        let (positions, moves) = self.product_shape();
        fits_in_memory("catmouse", positions, moves)?;
        let n = self.n();
        let mut movers = Vec::with_capacity(positions as usize);
        let mut terminals = Vec::with_capacity(positions as usize);
        let mut offsets = Vec::with_capacity(positions as usize + 1);
        let mut targets = Vec::new();
        offsets.push(0u32);
        for turn in 0..2 {
            let mover = if turn == 0 { Side::A } else { Side::B };
            for mouse in 0..n {
                for cat in 1..n {
                    movers.push(mover);
                    let terminal = Instance::terminal(mouse, cat);
                    terminals.push(terminal);
                    if terminal.is_none() {
                        if turn == 0 {
                            targets.extend(
                                self.lists[mouse as usize]
                                    .iter()
                                    .map(|&m| self.position(false, m, cat)),
                            );
                        } else {
                            targets.extend(
                                self.lists[cat as usize]
                                    .iter()
                                    .filter(|&&c| c != 0)
                                    .map(|&c| self.position(true, mouse, c)),
                            );
                        }
                    }
                    offsets.push(targets.len() as u32);
                }
            }
        }
        Game::from_csr(movers, terminals, offsets, targets, None).map_err(ProductError::from)
    }

    fn implicit_outcomes(&self) -> Result<Vec<Outcome>, ProductError> {
        Ok(retrograde::graph_outcomes(&self.implicit()?))
    }

    fn answer(&self, _k: usize, outcomes: &[Outcome]) -> String {
        digit(outcomes[self.position(true, 1, 2) as usize]).into()
    }

    /// Only the start matters: the propagation stops once it is decided.
    fn answer_line(&self, _k: usize) -> Result<String, ProductError> {
        Ok(digit(start_outcome(&self.implicit()?, self.position(true, 1, 2))).into())
    }

    /// 3 ≤ n ≤ 50; symmetric lists without self-listing or repeats; every node has a
    /// neighbour (LeetCode's `1 <= graph[i].length < n`) and node 2 one other than the
    /// hole. (T ≤ 1000 is a limit on the
    /// input, not on a test case.)
    fn is_official(&self) -> bool {
        let n = self.n();
        let mut adjacent = vec![false; (n * n) as usize];
        for (v, w) in self.arcs() {
            if v == w || std::mem::replace(&mut adjacent[(v * n + w) as usize], true) {
                return false;
            }
        }
        (3..=Self::OFFICIAL_MAX).contains(&n)
            && self.arcs().all(|(v, w)| adjacent[(w * n + v) as usize])
            && self.lists.iter().all(|list| !list.is_empty())
            && self.lists[2].iter().any(|&c| c != 0)
    }

    fn size_text(&self) -> String {
        format!(
            "{}, {}",
            count(self.lists.len(), "node"),
            count(self.arc_count() as usize, "listed neighbour")
        )
    }

    fn answer_positions(&self) -> Option<Vec<u32>> {
        Some(vec![self.position(true, 1, 2)])
    }

    fn size(&self) -> u64 {
        self.lists.len() as u64
    }

    /// 2·n·(n−1) positions (the cat never on the hole); at most one move per listed
    /// neighbour and the other animal's node.
    fn product_shape(&self) -> (u64, u64) {
        let n = u64::from(self.n());
        ((n * (n - 1)).saturating_mul(2), (2 * self.arc_count()).saturating_mul(n))
    }
}

/// The judge's digit for the start's outcome.
fn digit(start: Outcome) -> &'static str {
    match start {
        Outcome::Win(Side::A) => "1",
        Outcome::Win(Side::B) => "2",
        Outcome::Draw => "0",
    }
}

/// The outcome of position `start` by the queue propagation of
/// [`retrograde`](crate::solve::retrograde) (outcomes only), stopped as soon as `start`
/// is decided: the queue runs in remoteness order, so most boards end after a few
/// layers instead of all of them.
fn start_outcome(graph: &Implicit, start: u32) -> Outcome {
    const UNDECIDED: u8 = 0;
    let code = |side: Side| if side == Side::A { 1u8 } else { 2 };
    let n = graph.positions();
    // Positions of the first half are the mouse's (A) to move.
    let half = (n / 2) as u32;
    let mut winner = vec![UNDECIDED; n];
    let mut count = vec![0u32; n];
    let mut queue = Vec::with_capacity(n);
    for p in 0..n as u32 {
        let (mover, terminal, degree) = graph.position(p);
        let decided = match terminal {
            Some(Outcome::Win(side)) => Some(side),
            Some(Outcome::Draw) => None,
            None if degree == 0 => Some(mover.other()),
            None => {
                count[p as usize] = degree;
                None
            }
        };
        if let Some(side) = decided {
            winner[p as usize] = code(side);
            queue.push(p);
        }
    }
    let outcome = |w: u8| match w {
        1 => Outcome::Win(Side::A),
        2 => Outcome::Win(Side::B),
        _ => Outcome::Draw,
    };
    let mut head = 0;
    while head < queue.len() && winner[start as usize] == UNDECIDED {
        let q = queue[head];
        head += 1;
        let w = winner[q as usize];
        let Predecessors {
            sources,
            scale,
            offset,
            skip,
        } = graph.predecessors(q);
        for &x in sources {
            if x == skip {
                continue;
            }
            let p = x.wrapping_mul(scale).wrapping_add(offset);
            if winner[p as usize] != UNDECIDED {
                continue;
            }
            let mover = if p < half { 1 } else { 2 };
            let left = &mut count[p as usize];
            *left -= u32::from(mover != w);
            if mover == w || *left == 0 {
                winner[p as usize] = w;
                queue.push(p);
            }
        }
    }
    outcome(winner[start as usize])
}

impl Instance {
    /// The product game as a [`Graph`] computed from the neighbour lists.
    pub fn implicit(&self) -> Result<Implicit, ProductError> {
        let n = self.n();
        fits_implicitly("catmouse", self.product_shape().0)?;
        // The mouse never moves out of the hole (a terminal position), and the cat
        // never moves from or onto it: leaving those arcs out makes each reverse list
        // exactly the moves that exist, up to the one skipped terminal.
        let mouse: Vec<(u32, u32)> = self.arcs().filter(|&(v, _)| v != 0).collect();
        let cat: Vec<(u32, u32)> = self.arcs().filter(|&(v, w)| v != 0 && w != 0).collect();
        let (mouse_degree, mouse_reverse) = degrees_and_reverse(n, &mouse);
        let (cat_degree, cat_reverse) = degrees_and_reverse(n, &cat);
        Ok(Implicit {
            n,
            degree: [mouse_degree, cat_degree],
            reverse: [mouse_reverse, cat_reverse],
        })
    }
}

/// The product game of an instance, computed on demand: same ids, movers, labels and
/// moves as [`ContestProblem::game`].
pub struct Implicit {
    n: u32,
    /// Moves per node: the mouse's, then the cat's (hole excluded).
    degree: [Vec<u32>; 2],
    reverse: [Reverse; 2],
}

impl Graph for Implicit {
    fn positions(&self) -> usize {
        2 * self.n as usize * (self.n as usize - 1)
    }

    fn move_count(&self) -> usize {
        // Each arc moves in every position with the other animal off the hole and off
        // the mover's node: n − 2 of them.
        (self.reverse[0].sources.len() + self.reverse[1].sources.len()) * (self.n as usize - 2)
    }

    #[inline]
    fn position(&self, p: u32) -> (Side, Option<Outcome>, u32) {
        let n = self.n;
        let cat = p % (n - 1) + 1;
        let mouse = p / (n - 1) % n;
        let turn = (p / (n - 1) / n) as usize;
        let mover = if turn == 0 { Side::A } else { Side::B };
        match Instance::terminal(mouse, cat) {
            Some(outcome) => (mover, Some(outcome), 0),
            None => (
                mover,
                None,
                self.degree[turn][if turn == 0 { mouse } else { cat } as usize],
            ),
        }
    }

    #[inline]
    fn predecessors(&self, q: u32) -> Predecessors<'_> {
        let n = self.n;
        let cat = q % (n - 1) + 1;
        let mouse = q / (n - 1) % n;
        if q >= n * (n - 1) {
            // The mouse just moved here from m: (mouse to move, m, cat), m ≠ 0 by
            // construction; m == cat is terminal and has no moves.
            Predecessors {
                sources: self.reverse[0].of_position(mouse),
                scale: n - 1,
                offset: cat - 1,
                skip: cat,
            }
        } else if mouse == 0 {
            // Every (cat to move, 0, c) is terminal: no moves lead here.
            Predecessors::plain(&[])
        } else {
            // The cat just moved here from c ≥ 1: (cat to move, mouse, c); c == mouse
            // is terminal.
            Predecessors {
                sources: self.reverse[1].of_position(cat),
                scale: 1,
                offset: (n + mouse) * (n - 1) - 1,
                skip: mouse,
            }
        }
    }

    fn max_degree(&self) -> u32 {
        self.degree.iter().flatten().copied().max().unwrap_or(0)
    }
}
