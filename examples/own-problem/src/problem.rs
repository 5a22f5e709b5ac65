//! The core half of `timeflow`: Luogu P6560, "\[SBCOI2020\] 时光的流逝" — a token on a
//! directed graph that may have cycles, two players moving it in turn; whoever moves it
//! onto the goal wins, whoever cannot move loses. Parsing, printing, the product game
//! and the judge's answer ([`ContestProblem`]).
//!
//! Product game: one layer per distinct goal (in order of first appearance among the
//! games), each layer two copies of the graph, one per player to move. Position
//! (layer, turn, v) has id `(2·layer + turn)·n + v`; turn 0 is the first player (side
//! `A`) to move, turn 1 the second (`B`). The goal is terminal in both turns, won by
//! whoever just moved there; a vertex without edges is stuck, lost by its mover (the
//! rules of the statement and of the game model agree). Endless play is the answer
//! `0`, so there is no draw convention. A game that starts on its goal (outside the
//! limits) starts on a terminal position won by the second player: `-1`, what the
//! usual solutions print.

use retrocheck::problems::scan::{InputError, Scanner};
use retrocheck::problems::{fits_in_memory, ContestProblem, ProductError};
use retrocheck::text::count;
use retrocheck::{Game, Outcome, Side};
use std::collections::HashMap;
use std::fmt::Write as _;

/// The most edges the limits allow.
pub const MAX_EDGES: u64 = 500_000;
/// The most games (queries) the limits allow.
pub const MAX_GAMES: usize = 500;

/// One input: a directed graph and the games played on it. Vertices are 0-based here
/// and 1-based in the text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Timeflow {
    /// The number of vertices.
    pub n: u32,
    /// The directed edges `(u, v)` in input order: the token moves along them.
    pub edges: Vec<(u32, u32)>,
    /// The games `(x, y)` in input order: the token starts on `x`, the goal is `y`.
    pub games: Vec<(u32, u32)>,
}

impl Timeflow {
    /// Parses a whole input (one test case, then nothing but white space). Errors name
    /// the line and what was expected there.
    pub fn parse(input: &str) -> Result<Timeflow, InputError> {
        let mut cases = retrocheck::problems::parse::<Timeflow>(input.as_bytes())?;
        Ok(cases.remove(0))
    }

    /// The input as the judge gives it.
    pub fn to_input(&self) -> String {
        let mut out = String::new();
        self.print_case(&mut out);
        out
    }

    /// The distinct goals, in order of first appearance: the layers of the product.
    pub fn goals(&self) -> Vec<u32> {
        let mut seen = HashMap::new();
        for &(_, y) in &self.games {
            let next = seen.len();
            seen.entry(y).or_insert(next);
        }
        let mut goals = vec![0; seen.len()];
        for (y, layer) in seen {
            goals[layer] = y;
        }
        goals
    }

    /// The product position (layer, turn, v): `first_to_move` is turn 0.
    pub fn position(&self, layer: usize, first_to_move: bool, v: u32) -> u32 {
        let turn = usize::from(!first_to_move);
        ((2 * layer + turn) * self.n as usize + v as usize) as u32
    }

    /// Positions and moves of the product game (moves counted as if goals had theirs).
    fn sizes(&self) -> (u64, u64) {
        let layers = self.goals().len() as u64;
        let (n, m) = (u64::from(self.n), self.edges.len() as u64);
        (2 * n * layers, 2 * m * layers)
    }
}

/// The word of game `(x, y)`: `1` when the first player wins, `-1` when the second
/// does, `0` when neither can force a win (the token moves for ever).
fn word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Side::A) => "1",
        Outcome::Win(Side::B) => "-1",
        Outcome::Draw => "0",
    }
}

impl ContestProblem for Timeflow {
    const NAME: &'static str = "timeflow";
    const COUNTED: bool = false;
    const UNIT: &'static str = "vertices";
    const OFFICIAL_MAX: u32 = 100_000;

    fn parse_case(s: &mut Scanner, _cases: u64) -> Result<Timeflow, InputError> {
        let (n, _) = s.number("n, the number of vertices", 1, u32::MAX.into())?;
        let (m, _) = s.number("m, the number of edges", 0, u32::MAX.into())?;
        let (q, _) = s.number("q, the number of games", 0, u32::MAX.into())?;
        // Grow with what the input really holds, never with what m and q claim.
        let mut edges = Vec::with_capacity((m as usize).min(s.remaining() / 4));
        for i in 1..=m {
            edges.push(s.edge("edge", i, m, n)?);
        }
        let mut games = Vec::with_capacity((q as usize).min(s.remaining() / 4));
        for j in 1..=q {
            let x = s.vertex(&format!("x, the start of game {j} of {q}"), n)?;
            let y = s.vertex(&format!("y, the goal of game {j} of {q}"), n)?;
            games.push((x, y));
        }
        Ok(Timeflow {
            n: n as u32,
            edges,
            games,
        })
    }

    fn print_case(&self, out: &mut String) {
        let _ = writeln!(out, "{} {} {}", self.n, self.edges.len(), self.games.len());
        for &(u, v) in &self.edges {
            let _ = writeln!(out, "{} {}", u + 1, v + 1);
        }
        for &(x, y) in &self.games {
            let _ = writeln!(out, "{} {}", x + 1, y + 1);
        }
    }

    fn game(&self) -> Result<Game, ProductError> {
        let (positions, moves) = self.sizes();
        fits_in_memory(Self::NAME, positions, moves)?;
        // The graph in CSR form, edges in input order.
        let n = self.n as usize;
        let mut start = vec![0u32; n + 1];
        for &(u, _) in &self.edges {
            start[u as usize + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut heads = vec![0u32; self.edges.len()];
        for &(u, v) in &self.edges {
            heads[fill[u as usize] as usize] = v;
            fill[u as usize] += 1;
        }
        let mut movers = Vec::with_capacity(positions as usize);
        let mut terminals = Vec::with_capacity(positions as usize);
        let mut offsets = Vec::with_capacity(positions as usize + 1);
        let mut targets = Vec::with_capacity(moves as usize);
        offsets.push(0u32);
        for (layer, &goal) in self.goals().iter().enumerate() {
            for first_to_move in [true, false] {
                let mover = if first_to_move { Side::A } else { Side::B };
                let next = self.position(layer, !first_to_move, 0);
                for v in 0..self.n {
                    movers.push(mover);
                    if v == goal {
                        // The token is on the goal: whoever just moved it there won.
                        terminals.push(Some(Outcome::Win(mover.other())));
                    } else {
                        terminals.push(None);
                        let out = &heads[start[v as usize] as usize..start[v as usize + 1] as usize];
                        targets.extend(out.iter().map(|&w| next + w));
                    }
                    offsets.push(targets.len() as u32);
                }
            }
        }
        Game::from_csr(movers, terminals, offsets, targets, None).map_err(ProductError::from)
    }

    /// One line per game, read off the first player's position on the game's start in
    /// the layer of its goal.
    fn answer(&self, _k: usize, outcomes: &[Outcome]) -> String {
        let layer: HashMap<u32, usize> = self
            .goals()
            .into_iter()
            .enumerate()
            .map(|(l, y)| (y, l))
            .collect();
        let lines: Vec<&str> = self
            .games
            .iter()
            .map(|&(x, y)| word(outcomes[self.position(layer[&y], true, x) as usize]))
            .collect();
        lines.join("\n")
    }

    /// 1 ≤ n ≤ 10⁵, 1 ≤ m ≤ 5·10⁵, 1 ≤ q ≤ 500, every start different from its goal;
    /// and, read conservatively, no self-loops and no repeated edges (the statement does
    /// not promise a simple graph, so those are edge cases here, not errors).
    fn is_official(&self) -> bool {
        let mut sorted = self.edges.clone();
        sorted.sort_unstable();
        sorted.dedup();
        (1..=Self::OFFICIAL_MAX).contains(&self.n)
            && (1..=MAX_EDGES).contains(&(self.edges.len() as u64))
            && (1..=MAX_GAMES).contains(&self.games.len())
            && sorted.len() == self.edges.len()
            && self.edges.iter().all(|&(u, v)| u != v)
            && self.games.iter().all(|&(x, y)| x != y)
    }

    fn size_text(&self) -> String {
        format!(
            "{}, {}, {}",
            count(self.n as usize, "vertex"),
            count(self.edges.len(), "edge"),
            count(self.games.len(), "game")
        )
    }

    fn size(&self) -> u64 {
        u64::from(self.n)
    }

    fn product_shape(&self) -> (u64, u64) {
        self.sizes()
    }
}
