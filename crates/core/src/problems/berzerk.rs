//! `berzerk`: "Berzerk" (Codeforces 786A) — Rick and Morty push a monster round a ring
//! of n objects with their own step lengths; whoever drops it into the black hole
//! (object 1) wins. Its product game and judge I/O.
//!
//! Product game: position (turn, object) has id `turn·n + (object − 1)`, turn 0 for
//! Rick (side A) to move and 1 for Morty (side B). The black hole is terminal in both
//! turns, won by whoever just moved there. Endless play is a real answer (`Loop`), so
//! there is no draw convention.
//!
//! At n = 7000 with full step sets the product has about 9.8·10⁷ moves, so the fast
//! path never stores them: the predecessors of a position are the other player's steps
//! taken backwards round the ring, one contiguous slice of a per-player table (see
//! `Ring`).

use super::scan::{InputError, Scanner};
use super::{fits_implicitly, fits_in_memory, ContestProblem, ProductError};
use crate::game::{Game, Outcome, Side};
use crate::solve::retrograde::{self, Graph, Predecessors};
use crate::text::count;
use std::fmt::Write as _;

/// The one test case of an input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    /// The number of objects on the ring; object 1 is the black hole.
    pub n: u32,
    /// Rick's step lengths in input order (within the limits distinct and in `1..n`;
    /// outside them any value, taken modulo n).
    pub rick: Vec<u32>,
    /// Morty's step lengths in input order, like `rick`.
    pub morty: Vec<u32>,
}

/// Reads `k` and then `k` step lengths; `who` names the player in errors.
fn steps(s: &mut Scanner, who: &str) -> Result<Vec<u32>, InputError> {
    let (k, _) = s.number(
        &format!("k, the number of {who}'s step lengths"),
        0,
        u32::MAX.into(),
    )?;
    // Grow with what the input really holds, never with what k claims.
    let mut out = Vec::with_capacity((k as usize).min(s.remaining() / 2));
    for j in 1..=k {
        let a = s.number_with(|| format!("{who}'s step length {j} of {k}"), 0, u32::MAX.into())?;
        out.push(a as u32);
    }
    Ok(out)
}

impl Instance {
    /// The id of the product position (turn, object) with `object` 1-based.
    pub fn position(&self, rick_to_move: bool, object: u32) -> u32 {
        u32::from(!rick_to_move) * self.n + object - 1
    }

    /// The steps of the player moving on `turn` (0 Rick, 1 Morty).
    fn steps_of(&self, turn: usize) -> &[u32] {
        if turn == 0 {
            &self.rick
        } else {
            &self.morty
        }
    }

    fn sizes(&self) -> (u64, u64) {
        let n = u64::from(self.n);
        let moves = n.saturating_sub(1) * (self.rick.len() + self.morty.len()) as u64;
        (2 * n, moves)
    }
}

/// The word of the player who moves first: their own win, loss, or endless play.
fn word(outcome: Outcome, first: Side) -> &'static str {
    match outcome {
        Outcome::Draw => "Loop",
        Outcome::Win(side) if side == first => "Win",
        Outcome::Win(_) => "Lose",
    }
}

impl ContestProblem for Instance {
    const NAME: &'static str = "berzerk";
    const COUNTED: bool = false;
    const UNIT: &'static str = "objects";
    const OFFICIAL_MAX: u32 = 7_000;

    fn parse_case(s: &mut Scanner, _cases: u64) -> Result<Instance, InputError> {
        let (n, _) = s.number("n, the number of objects", 2, u32::MAX.into())?;
        let rick = steps(s, "Rick")?;
        let morty = steps(s, "Morty")?;
        Ok(Instance {
            n: n as u32,
            rick,
            morty,
        })
    }

    fn print_case(&self, out: &mut String) {
        let _ = writeln!(out, "{}", self.n);
        for set in [&self.rick, &self.morty] {
            let _ = write!(out, "{}", set.len());
            for a in set {
                let _ = write!(out, " {a}");
            }
            out.push('\n');
        }
    }

    fn game(&self) -> Result<Game, ProductError> {
        let (positions, moves) = self.sizes();
        fits_in_memory("berzerk", positions, moves)?;
        let n = self.n;
        let mut movers = Vec::with_capacity(positions as usize);
        let mut terminals = Vec::with_capacity(positions as usize);
        let mut offsets = Vec::with_capacity(positions as usize + 1);
        let mut targets = Vec::with_capacity(moves as usize);
        offsets.push(0u32);
        for turn in 0..2 {
            let (mover, next) = if turn == 0 { (Side::A, n) } else { (Side::B, 0) };
            let steps = self.steps_of(turn);
            for i in 0..n {
                movers.push(mover);
                if i == 0 {
                    // The monster is in the black hole: whoever just moved won.
                    terminals.push(Some(Outcome::Win(mover.other())));
                } else {
                    terminals.push(None);
                    targets.extend(
                        steps
                            .iter()
                            .map(|&a| next + ((u64::from(i) + u64::from(a)) % u64::from(n)) as u32),
                    );
                }
                offsets.push(targets.len() as u32);
            }
        }
        Game::from_csr(movers, terminals, offsets, targets, None).map_err(ProductError::from)
    }

    fn implicit_outcomes(&self) -> Result<Vec<Outcome>, ProductError> {
        Ok(retrograde::graph_outcomes(&self.implicit()?))
    }

    fn answer(&self, _k: usize, outcomes: &[Outcome]) -> String {
        let n = self.n as usize;
        let line = |turn: usize, first: Side| -> String {
            let words: Vec<&str> = (1..n).map(|i| word(outcomes[turn * n + i], first)).collect();
            words.join(" ")
        };
        format!("{}\n{}", line(0, Side::A), line(1, Side::B))
    }

    /// 2 ≤ n ≤ 7000; 1 ≤ k1, k2 ≤ n − 1; steps in `1..n`, distinct within each set.
    fn is_official(&self) -> bool {
        let good = |set: &[u32]| {
            let mut sorted = set.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            !set.is_empty() && sorted.len() == set.len() && set.iter().all(|&a| (1..self.n).contains(&a))
        };
        (2..=Self::OFFICIAL_MAX).contains(&self.n) && good(&self.rick) && good(&self.morty)
    }

    fn size_text(&self) -> String {
        format!(
            "{}, {} + {} step lengths",
            count(self.n as usize, "object"),
            self.rick.len(),
            self.morty.len()
        )
    }

    fn answer_positions(&self) -> Option<Vec<u32>> {
        let n = self.n;
        Some((0..2).flat_map(|turn| (1..n).map(move |i| turn * n + i)).collect())
    }

    fn size(&self) -> u64 {
        u64::from(self.n)
    }

    fn product_shape(&self) -> (u64, u64) {
        self.sizes()
    }
}

/// One player's steps, arranged so that the predecessors of any object are one
/// contiguous slice.
///
/// A step a moves object index i (0-based) to `(i + a) mod n`, so the objects that reach
/// q are `(q + x) mod n` with `x = (n − a mod n) mod n`. Sorted ascending, the x with
/// `q + x < n` form a prefix of length `t_q` and the rest wrap round. The table holds
/// every `x − n` (wrapping in `u32`), then every `x`: its slice `t_q .. t_q + k` is the
/// wrapped ones as `x − n` followed by the others as `x`, and adding q (wrapping) maps
/// each to its object.
struct Ring {
    table: Vec<u32>,
    /// `t_q` for each object index q.
    start: Vec<u32>,
}

impl Ring {
    fn new(n: u32, steps: &[u32]) -> Ring {
        let mut xs: Vec<u32> = steps.iter().map(|&a| (n - a % n) % n).collect();
        xs.sort_unstable();
        let table: Vec<u32> = xs
            .iter()
            .map(|&x| x.wrapping_sub(n))
            .chain(xs.iter().copied())
            .collect();
        let mut start = Vec::with_capacity(n as usize);
        let mut t = xs.len();
        // t_q counts x < n − q, which shrinks as q grows: walk it down once.
        for q in 0..n {
            while t > 0 && xs[t - 1] >= n - q {
                t -= 1;
            }
            start.push(t as u32);
        }
        Ring { table, start }
    }
}

impl Instance {
    /// The product game as a [`Graph`] computed from the ring: O(n + k1 + k2) memory.
    pub fn implicit(&self) -> Result<Implicit, ProductError> {
        let (positions, _) = self.sizes();
        fits_implicitly("berzerk", positions)?;
        if self.n >= 1 << 31 {
            return Err(ProductError::TooLarge(
                "berzerk: n is too large for the ring arithmetic".into(),
            ));
        }
        Ok(Implicit {
            n: self.n,
            degree: [self.rick.len() as u32, self.morty.len() as u32],
            rings: [Ring::new(self.n, &self.rick), Ring::new(self.n, &self.morty)],
        })
    }
}

/// The product game of an instance, computed on demand: same ids, movers, labels and
/// moves as [`ContestProblem::game`], without storing the (n−1)(k1+k2) product moves.
pub struct Implicit {
    n: u32,
    degree: [u32; 2],
    rings: [Ring; 2],
}

impl Graph for Implicit {
    fn positions(&self) -> usize {
        2 * self.n as usize
    }

    fn move_count(&self) -> usize {
        (self.n as usize - 1) * (self.degree[0] + self.degree[1]) as usize
    }

    #[inline]
    fn position(&self, p: u32) -> (Side, Option<Outcome>, u32) {
        let (turn, i) = ((p >= self.n) as usize, p % self.n);
        let mover = if turn == 0 { Side::A } else { Side::B };
        if i == 0 {
            return (mover, Some(Outcome::Win(mover.other())), 0);
        }
        (mover, None, self.degree[turn])
    }

    #[inline]
    fn predecessors(&self, q: u32) -> Predecessors<'_> {
        // The other player just moved here: positions of the other turn, their steps
        // taken backwards; the black hole (index 0) has no moves and is skipped.
        let (turn, i) = ((q >= self.n) as usize, q % self.n);
        let before = 1 - turn;
        let ring = &self.rings[before];
        let t = ring.start[i as usize] as usize;
        Predecessors {
            sources: &ring.table[t..t + self.degree[before] as usize],
            scale: 1,
            offset: before as u32 * self.n + i,
            skip: i.wrapping_neg(),
        }
    }

    fn max_degree(&self) -> u32 {
        self.degree[0].max(self.degree[1])
    }
}
