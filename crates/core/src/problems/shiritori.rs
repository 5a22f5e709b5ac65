//! `shiritori`: "Shiritori" (AtCoder ABC209 E) — players alternate words whose first
//! three letters repeat the last three of the word before; the answer is asked per
//! opening word. Its product game and judge I/O (`docs/problems/shiritori.md`).
//!
//! Product game: the keys are the distinct three-letter strings that begin or end a
//! word, numbered in order of first appearance (each word's prefix, then its suffix);
//! position (turn, key) has id `turn·K + key`, turn 0 for Takahashi (side A) to speak
//! and 1 for Aoki (side B). A word is a move from its prefix to its suffix, flipping
//! the turn. No labels: a key that begins no word is stuck, and its mover loses, which
//! is the contest rule. `Draw` is a real answer, so there is no draw convention.

use super::scan::{InputError, Scanner};
use super::{degrees_and_reverse, fits_implicitly, fits_in_memory, ContestProblem, Csr};
use crate::game::{Game, Outcome, Side};
use crate::solve::retrograde::{self, Graph, Predecessors, Reverse};
use crate::text::count;

/// The one test case of an input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    /// The dictionary in input order, repeats kept; each word has at least three
    /// characters, all ASCII letters.
    pub words: Vec<String>,
}

impl Instance {
    /// The number of keys K and, per word in input order, the keys of its prefix and
    /// suffix: the contest graph on keys, one edge per word.
    pub fn keys(&self) -> (u32, Vec<(u32, u32)>) {
        // A direct table over all 52³ three-letter strings: no hashing on the path of
        // 2·10⁵ words (a hash map made this the slowest part of `solve`).
        fn code(k: &[u8]) -> usize {
            let letter = |b: u8| usize::from(if b >= b'a' { b - b'a' } else { 26 + b - b'A' });
            (letter(k[0]) * 52 + letter(k[1])) * 52 + letter(k[2])
        }
        let mut ids = vec![u32::MAX; 52 * 52 * 52];
        let mut next = 0u32;
        let mut edges = Vec::with_capacity(self.words.len());
        for w in &self.words {
            let w = w.as_bytes();
            let mut key = |k: &[u8]| {
                let id = &mut ids[code(k)];
                if *id == u32::MAX {
                    *id = next;
                    next += 1;
                }
                *id
            };
            let pre = key(&w[..3]);
            let suf = key(&w[w.len() - 3..]);
            edges.push((pre, suf));
        }
        (next, edges)
    }
}

/// Memory per word, measured: about 92 bytes at N = 2,000,000 (185 MB peak).
const BYTES_PER_WORD: u64 = 96;

impl ContestProblem for Instance {
    const NAME: &'static str = "shiritori";
    const COUNTED: bool = false;

    fn parse_case(s: &mut Scanner, _cases: u64) -> Result<Instance, InputError> {
        let (n, line) = s.number("N, the number of words", 1, u32::MAX.into())?;
        // A word costs about BYTES_PER_WORD bytes once parsed and keyed (its string, its
        // keys, its share of the product game), some 14 times its input bytes: an input
        // within the reader's cap could still exhaust memory, so N is checked first.
        let need = n.saturating_mul(BYTES_PER_WORD);
        if need > super::memory_limit() {
            return Err(s.error_at(
                line,
                format!(
                    "N = {n} words would take about {} MiB to solve, more than the {} MiB this machine allows (three quarters of its memory)",
                    need >> 20,
                    super::memory_limit() >> 20
                ),
            ));
        }
        // Grow with what the input really holds, never with what N claims.
        let mut words = Vec::with_capacity((n as usize).min(s.remaining() / 4));
        for i in 1..=n {
            let what = || format!("word {i} of {n} (3 or more letters a-z, A-Z)");
            let Some((token, line)) = s.token() else {
                return Err(s.expect(&what()).expect_err("at the end of the input"));
            };
            if token.len() < 3 || !token.iter().all(u8::is_ascii_alphabetic) {
                return Err(s.error_at(
                    line,
                    format!(
                        "expected {}, found '{}'",
                        what(),
                        String::from_utf8_lossy(&token[..token.len().min(20)])
                    ),
                ));
            }
            words.push(String::from_utf8(token.to_vec()).expect("ASCII letters"));
        }
        Ok(Instance { words })
    }

    fn print_case(&self, out: &mut String) {
        out.push_str(&self.words.len().to_string());
        out.push('\n');
        for w in &self.words {
            out.push_str(w);
            out.push('\n');
        }
    }

    fn game(&self) -> Result<Game, String> {
        let (k, edges) = self.keys();
        let positions = 2 * u64::from(k);
        let moves = 2 * edges.len() as u64;
        fits_in_memory("shiritori", positions, moves)?;
        let adj = Csr::new(k, &edges);
        let mut movers = Vec::with_capacity(positions as usize);
        let mut offsets = Vec::with_capacity(positions as usize + 1);
        let mut targets = Vec::with_capacity(moves as usize);
        offsets.push(0u32);
        for turn in 0..2u32 {
            let (mover, next) = if turn == 0 { (Side::A, k) } else { (Side::B, 0) };
            for key in 0..k {
                movers.push(mover);
                targets.extend(adj.of(key).iter().map(|&suf| next + suf));
                offsets.push(targets.len() as u32);
            }
        }
        let terminals = vec![None; positions as usize];
        Game::from_csr(movers, terminals, offsets, targets, None).map_err(|e| e.to_string())
    }

    fn implicit_outcomes(&self) -> Result<Vec<Outcome>, String> {
        let (k, edges) = self.keys();
        outcomes_of_keys(k, &edges)
    }

    fn answer(&self, _k: usize, outcomes: &[Outcome]) -> String {
        let (k, edges) = self.keys();
        answer_of_keys(k, &edges, outcomes)
    }

    /// The product's two turns mirror each other (a key's value does not depend on
    /// who is to speak, only on whether the speaker wins), so one turn is solved, by
    /// the same queue propagation, and read for the other.
    fn answer_line(&self, _k: usize) -> Result<String, String> {
        let (k, edges) = self.keys();
        fits_implicitly("shiritori", 2 * u64::from(k))?;
        let speaker = speaker_results(k, &edges);
        let mut out = String::with_capacity(edges.len() * 10);
        for (i, &(_, suf)) in edges.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            // Aoki speaks after the opening word.
            out.push_str(match speaker[suf as usize] {
                LOST => "Takahashi",
                WON => "Aoki",
                _ => "Draw",
            });
        }
        Ok(out)
    }

    /// 1 ≤ N ≤ 2·10⁵; 3 ≤ |S_i| ≤ 8 (letters only is already enforced by the parser).
    fn is_official(&self) -> bool {
        (1..=200_000).contains(&self.words.len()) && self.words.iter().all(|w| (3..=8).contains(&w.len()))
    }

    fn size_text(&self) -> String {
        format!(
            "{}, {}",
            count(self.words.len(), "word"),
            count(self.keys().0 as usize, "key")
        )
    }
}

const WON: u8 = 1;
const LOST: u8 = 2;

/// For each key, whether the player to speak after it wins ([`WON`]), loses
/// ([`LOST`]) or neither (0, a draw): the queue propagation on one turn of the product,
/// from the keys that start no word.
fn speaker_results(k: u32, edges: &[(u32, u32)]) -> Vec<u8> {
    let (mut left, reverse) = degrees_and_reverse(k, edges);
    let mut result = vec![0u8; k as usize];
    let mut queue: Vec<u32> = (0..k).filter(|&key| left[key as usize] == 0).collect();
    for &key in &queue {
        result[key as usize] = LOST;
    }
    let mut head = 0;
    while head < queue.len() {
        let key = queue[head];
        head += 1;
        let lost = result[key as usize] == LOST;
        for &pre in reverse.of_position(key) {
            let r = &mut result[pre as usize];
            if *r != 0 {
                continue;
            }
            // A word into a lost key wins; a key whose every word wins for the other
            // side is lost.
            let c = &mut left[pre as usize];
            *c -= u32::from(!lost);
            if lost || *c == 0 {
                *r = if lost { WON } else { LOST };
                queue.push(pre);
            }
        }
    }
    result
}

/// The product game's outcomes on `k` keys joined by the words `edges`, by the fast path.
fn outcomes_of_keys(k: u32, edges: &[(u32, u32)]) -> Result<Vec<Outcome>, String> {
    fits_implicitly("shiritori", 2 * u64::from(k))?;
    let (out_degree, reverse) = degrees_and_reverse(k, edges);
    Ok(retrograde::graph_outcomes(&Implicit {
        k,
        out_degree,
        reverse,
    }))
}

/// The answer lines: Takahashi opened with the word, so Aoki is to speak after its
/// suffix.
fn answer_of_keys(k: u32, edges: &[(u32, u32)], outcomes: &[Outcome]) -> String {
    let mut out = String::with_capacity(edges.len() * 10);
    for (i, &(_, suf)) in edges.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(match outcomes[(k + suf) as usize] {
            Outcome::Win(Side::A) => "Takahashi",
            Outcome::Win(Side::B) => "Aoki",
            Outcome::Draw => "Draw",
        });
    }
    out
}

/// The product game computed from the key graph: same ids, movers and moves as
/// [`ContestProblem::game`], without storing the 2N product moves twice over.
struct Implicit {
    k: u32,
    out_degree: Vec<u32>,
    reverse: Reverse,
}

impl Graph for Implicit {
    fn positions(&self) -> usize {
        2 * self.k as usize
    }

    fn move_count(&self) -> usize {
        2 * self.reverse.sources.len()
    }

    #[inline]
    fn position(&self, p: u32) -> (Side, Option<Outcome>, u32) {
        let mover = if p < self.k { Side::A } else { Side::B };
        (mover, None, self.out_degree[(p % self.k) as usize])
    }

    #[inline]
    fn predecessors(&self, q: u32) -> Predecessors<'_> {
        // The other player just said a word ending in q's key, from its prefix's key.
        let (turn, key) = (q / self.k, q % self.k);
        Predecessors {
            sources: self.reverse.of_position(key),
            scale: 1,
            offset: (1 - turn) * self.k,
            skip: u32::MAX,
        }
    }

    fn max_degree(&self) -> u32 {
        self.out_degree.iter().copied().max().unwrap_or(0)
    }
}

#[cfg(test)]
mod memory_tests {
    use crate::problems::Problem;

    /// Issue 13: a shiritori input whose words would not fit in memory is refused at
    /// its first line, before they are read.
    #[test]
    fn too_many_words_for_the_machine_are_refused_at_line_1() {
        let words = crate::problems::memory_limit() / super::BYTES_PER_WORD + 1;
        let err = Problem::Shiritori.parse(&format!("{words}\nabc\n")).unwrap_err();
        assert_eq!(err.line, 1, "{err}");
        assert!(err.to_string().contains("more than the"), "{err}");
    }
}
