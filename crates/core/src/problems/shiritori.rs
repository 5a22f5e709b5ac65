//! `shiritori`: "Shiritori" (AtCoder ABC209 E) — players alternate words whose first
//! three letters repeat the last three of the word before; the answer is asked per
//! opening word. Its product game and judge I/O.
//!
//! Product game: the keys are the distinct three-letter strings that begin or end a
//! word, numbered in order of first appearance (each word's prefix, then its suffix);
//! position (turn, key) has id `turn·K + key`, turn 0 for Takahashi (side A) to speak
//! and 1 for Aoki (side B). A word is a move from its prefix to its suffix, flipping
//! the turn. No labels: a key that begins no word is stuck, and its mover loses, which
//! is the contest rule. `Draw` is a real answer, so there is no draw convention.

use super::scan::{InputError, Scanner};
use super::{
    degrees_and_reverse, degrees_and_reverse_of, fits_implicitly, fits_in_memory, AnswerWriter,
    ContestProblem, Csr, ProductError,
};
use crate::game::{Game, Outcome, Side};
use crate::solve::retrograde::{self, Graph, Predecessors, Reverse};
use crate::text::count;
use std::fmt;
use std::io::{self, Write};

/// The one test case of an input.
///
/// A word of 8 letters or fewer (every word within the limits) is kept as one `u64`:
/// the codes of its prefix and suffix, its length and the letters between them, which
/// is all of it. At 2·10⁵ words, a `String` per word took half the time of `solve`,
/// and every page of memory touched costs more than the word it holds; solving reads
/// the codes only.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Instance {
    /// Per word in input order: the [`code`]s of its prefix (bits 0 to 17) and suffix
    /// (18 to 35), its length (36 to 39), and for 7 or 8 letters the one or two
    /// between them (6 bits each from bit 40, as in [`code`]); the length is 0 for a
    /// word longer than 8 letters, which is in `long`.
    words: Vec<u64>,
    /// The words longer than 8 letters, in input order, each followed by `\n`.
    long: String,
}

impl Instance {
    /// The dictionary of `words`, in this order.
    ///
    /// # Panics
    ///
    /// If a word has fewer than three characters or one that is not an ASCII letter:
    /// the parser refuses such input, and no key could be formed from it.
    pub fn new<W: AsRef<str>>(words: impl IntoIterator<Item = W>) -> Instance {
        let mut instance = Instance {
            words: Vec::new(),
            long: String::new(),
        };
        for w in words {
            let w = w.as_ref();
            assert!(
                is_word(w.as_bytes()),
                "a shiritori word has 3 or more letters a-z, A-Z: {w:?}"
            );
            instance.push(w.as_bytes());
        }
        instance
    }

    /// Appends `w`, which [`is_word`].
    #[inline]
    fn push(&mut self, w: &[u8]) {
        let (pre, suf) = word_codes(w);
        let mut x = u64::from(pre) | u64::from(suf) << 18;
        if w.len() <= 8 {
            x |= (w.len() as u64) << 36;
            if w.len() > 6 {
                for (i, &b) in w[3..w.len() - 3].iter().enumerate() {
                    x |= u64::from(letter(b)) << (40 + 6 * i);
                }
            }
        } else {
            // Its letters are ASCII.
            self.long.push_str(std::str::from_utf8(w).expect("ASCII letters"));
            self.long.push('\n');
        }
        self.words.push(x);
    }

    /// The words in input order.
    pub fn words(&self) -> impl Iterator<Item = String> + Clone + '_ {
        let mut long = self.long.split_terminator('\n');
        self.words.iter().map(move |&x| match x >> 36 & 15 {
            0 => long.next().expect("a long word for each long entry").to_string(),
            _ => {
                let mut w = String::with_capacity(8);
                short_word(x, &mut w);
                w
            }
        })
    }

    /// Word `i` in input order, as `words().nth(i)`, without spelling out the others.
    pub fn word(&self, i: usize) -> String {
        let x = self.words[i];
        if x >> 36 & 15 == 0 {
            let before = self.words[..i].iter().filter(|&&y| y >> 36 & 15 == 0).count();
            let long = self.long.split_terminator('\n').nth(before);
            return long.expect("a long word for each long entry").to_string();
        }
        let mut w = String::with_capacity(8);
        short_word(x, &mut w);
        w
    }

    /// Every letter of the words in input order, as `words()` concatenated, in one
    /// allocation.
    pub fn letters(&self) -> Vec<u8> {
        let mut out = String::with_capacity(8 * self.words.len() + self.long.len());
        let mut long = self.long.split_terminator('\n');
        for &x in &self.words {
            match x >> 36 & 15 {
                0 => out.push_str(long.next().expect("a long word for each long entry")),
                _ => short_word(x, &mut out),
            }
        }
        out.into_bytes()
    }

    /// The dictionary with word `i` replaced by `word`: `Instance::new` of the words
    /// with that one changed, without spelling out the others when both words are
    /// short (what the search for long games edits, once per step).
    ///
    /// # Panics
    ///
    /// If `word` is not a word, as [`Instance::new`].
    pub fn with_word(&self, i: usize, word: &str) -> Instance {
        assert!(
            is_word(word.as_bytes()),
            "a shiritori word has 3 or more letters a-z, A-Z: {word:?}"
        );
        if word.len() > 8 || self.words[i] >> 36 & 15 == 0 {
            let words = self.words().enumerate();
            return Instance::new(words.map(|(k, w)| if k == i { word.to_string() } else { w }));
        }
        let mut single = Instance {
            words: Vec::with_capacity(1),
            long: String::new(),
        };
        single.push(word.as_bytes());
        let mut edited = self.clone();
        edited.words[i] = single.words[0];
        edited
    }

    /// The number of words N.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether there is no word (an input always holds one; a shrinker may not).
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Per word in input order, the [`code`]s of its prefix and suffix.
    fn codes(&self) -> impl Iterator<Item = (u32, u32)> + Clone + '_ {
        self.words
            .iter()
            .map(|&x| (x as u32 & CODE_MASK, (x >> 18) as u32 & CODE_MASK))
    }

    /// The number of keys K and, per word in input order, the keys of its prefix and
    /// suffix: the contest graph on keys, one edge per word.
    pub fn keys(&self) -> (u32, Vec<(u32, u32)>) {
        thread_local! {
            /// Per three-letter string, its key plus one, or 0 if not seen yet; all 0
            /// between calls. Kept per thread and cleared entry by entry: zeroing its
            /// 140,608 entries on every call was most of the cost of a small dictionary
            /// (a generated instance is keyed several times, and once per edit of a
            /// search for long games).
            static IDS: std::cell::RefCell<Vec<u32>> = std::cell::RefCell::new(vec![0; CODES]);
        }
        IDS.with_borrow_mut(|ids| {
            let mut seen = Vec::new();
            let mut key = |code: u32| {
                let id = &mut ids[code as usize];
                if *id == 0 {
                    seen.push(code);
                    *id = seen.len() as u32;
                }
                *id - 1
            };
            let edges = self
                .codes()
                .map(|(pre, suf)| {
                    let pre = key(pre);
                    (pre, key(suf))
                })
                .collect();
            for &code in &seen {
                ids[code as usize] = 0;
            }
            (seen.len() as u32, edges)
        })
    }
}

/// Appends the word `x` packs, of 8 letters or fewer, to `out`.
fn short_word(x: u64, out: &mut String) {
    let letters = |code: u64| {
        let code = code as u32 & CODE_MASK;
        [code / (52 * 52), code / 52 % 52, code % 52].map(letter_char)
    };
    let (pre, suf) = (letters(x), letters(x >> 18));
    let length = (x >> 36 & 15) as usize;
    out.extend(pre);
    for i in 0..length.saturating_sub(6) {
        out.push(letter_char((x >> (40 + 6 * i) & 63) as u32));
    }
    out.extend(&suf[6usize.saturating_sub(length).min(3)..]);
}

/// The letter of index `i` in `0..52`, as in [`code`].
fn letter_char(i: u32) -> char {
    char::from(if i < 26 {
        b'a' + i as u8
    } else {
        b'A' + (i - 26) as u8
    })
}

/// Shown as the word list, as it reads in the input.
impl fmt::Debug for Instance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Instance")
            .field("words", &self.words().collect::<Vec<_>>())
            .finish()
    }
}

/// Whether `w` can be a word: 3 or more ASCII letters.
fn is_word(w: &[u8]) -> bool {
    w.len() >= 3 && w.iter().all(u8::is_ascii_alphabetic)
}

/// The number of three-letter strings.
const CODES: usize = 52 * 52 * 52;

/// The bits of a [`code`] (under 2¹⁸).
const CODE_MASK: u32 = (1 << 18) - 1;

/// The [`code`]s of the prefix and suffix of `w`, which [`is_word`].
#[inline]
fn word_codes(w: &[u8]) -> (u32, u32) {
    (code(&w[..3]), code(&w[w.len() - 3..]))
}

/// The index of a three-letter string among all [`CODES`]: tables indexed by it need no
/// hashing on the path of 2·10⁵ words (a hash map made keying the slowest part of
/// `solve`).
#[inline]
fn code(k: &[u8]) -> u32 {
    (letter(k[0]) * 52 + letter(k[1])) * 52 + letter(k[2])
}

/// The index of an ASCII letter: a-z are 0 to 25, A-Z 26 to 51, from its low five
/// bits and its case bit (without a branch: the case of a letter is as good as
/// random).
#[inline]
fn letter(b: u8) -> u32 {
    let b = u32::from(b);
    (b & 31) - 1 + 26 * ((b >> 5 & 1) ^ 1)
}

impl Instance {
    fn answer_writer_on(&self, keying: Keying) -> AnswerWriter<'_> {
        // The key each word ends in, when it is not its code.
        let (speaker, suffixes) = match keying {
            Keying::Keys => {
                let (k, edges) = self.keys();
                let (left, reverse) = degrees_and_reverse(k, &edges);
                let suffixes: Vec<u32> = edges.iter().map(|&(_, suf)| suf).collect();
                (speaker_results(left, &reverse), Some(suffixes))
            }
            Keying::Strings => {
                let (left, reverse) = degrees_and_reverse_of(CODES as u32, self.len(), || self.codes());
                (speaker_results(left, &reverse), None)
            }
        };
        Box::new(move |out| match &suffixes {
            Some(suffixes) => write_lines(suffixes.iter().copied(), &speaker, out),
            None => write_lines(self.codes().map(|(_, suf)| suf), &speaker, out),
        })
    }
}

/// What [`Instance::answer_writer_on`] numbers the product game's keys by.
#[derive(Clone, Copy)]
enum Keying {
    /// The keys, numbered as they first appear.
    Keys,
    /// All 52³ three-letter strings, by their [`code`].
    Strings,
}

/// Writes the answer line of each word (without a final newline) to `out`, from the
/// `speaker` result of the key each word ends in (`suffixes`).
fn write_lines(suffixes: impl Iterator<Item = u32>, speaker: &[u8], out: &mut dyn Write) -> io::Result<()> {
    // Each line is stored as 16 bytes, of which the line's own are kept: one store a
    // word, where appending strings of three lengths cost a copy call each.
    const LINES: [(&[u8; 16], usize); 3] = [
        (b"Draw\n___________", 5),
        (b"Aoki\n___________", 5),
        (b"Takahashi\n______", 10),
    ];
    const BLOCK: usize = 1 << 16;
    let mut block = vec![0u8; BLOCK + 16];
    let mut end = 0;
    for suf in suffixes {
        if end >= BLOCK {
            out.write_all(&block[..end])?;
            end = 0;
        }
        // Aoki speaks after the opening word.
        let (line, length) = LINES[usize::from(speaker[suf as usize])];
        block[end..end + 16].copy_from_slice(line);
        end += length;
    }
    // The last line, still in the block, without its newline.
    out.write_all(&block[..end.saturating_sub(1)])
}

/// Memory per word, measured: about 21 bytes at N = 2,000,000 (41 MB peak, input of
/// 13 MB included; words of 3 to 8 letters).
const BYTES_PER_WORD: u64 = 21;

impl ContestProblem for Instance {
    const NAME: &'static str = "shiritori";
    const COUNTED: bool = false;
    const UNIT: &'static str = "words";
    const OFFICIAL_MAX: u32 = 200_000;

    fn parse_case(s: &mut Scanner, _cases: u64) -> Result<Instance, InputError> {
        let (n, line) = s.number("N, the number of words", 1, u32::MAX.into())?;
        // A word costs about BYTES_PER_WORD bytes once read and solved (its input, its
        // packed form, its share of the reverse graph), some 3 times its input bytes:
        // an input within the reader's cap could still exhaust memory, so N is checked
        // first.
        let need = n.saturating_mul(BYTES_PER_WORD);
        if need > super::memory_limit() {
            return Err(s.error_at(
                line,
                format!(
                    "N = {n} words would take about {} MiB to solve, more than {}",
                    need >> 20,
                    crate::limits::ceiling_text()
                ),
            ));
        }
        // Grow with what the input really holds, never with what N claims: a word takes
        // at least 4 bytes of it (3 letters and a separator).
        let mut instance = Instance {
            words: Vec::with_capacity((n as usize).min(s.remaining() / 4)),
            long: String::new(),
        };
        for i in 1..=n {
            if let Some(token) = s.word(3) {
                instance.push(token);
                continue;
            }
            let what = || format!("word {i} of {n} (3 or more letters a-z, A-Z)");
            let Some((token, line)) = s.token() else {
                return Err(s.expect(&what()).expect_err("at the end of the input"));
            };
            // Not a word, or `word` would have read it.
            return Err(s.error_at(
                line,
                format!(
                    "expected {}, found '{}'",
                    what(),
                    String::from_utf8_lossy(&token[..token.len().min(20)])
                ),
            ));
        }
        Ok(instance)
    }

    fn print_case(&self, out: &mut String) {
        out.push_str(&self.len().to_string());
        out.push('\n');
        for w in self.words() {
            out.push_str(&w);
            out.push('\n');
        }
    }

    fn game(&self) -> Result<Game, ProductError> {
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
        Game::from_csr(movers, terminals, offsets, targets, None).map_err(ProductError::from)
    }

    fn implicit_outcomes(&self) -> Result<Vec<Outcome>, ProductError> {
        let (k, edges) = self.keys();
        outcomes_of_keys(k, &edges)
    }

    fn answer(&self, _k: usize, outcomes: &[Outcome]) -> String {
        let (k, edges) = self.keys();
        answer_of_keys(k, &edges, outcomes)
    }

    /// The answer solved, ready to write its lines (without a final newline): `solve`
    /// writes them a block at a time rather than building the whole text, whose pages
    /// (16 MB at 2·10⁶ words) cost more to touch than the lines cost to make.
    ///
    /// The product's two turns mirror each other (a key's value does not depend on who
    /// is to speak, only on whether the speaker wins), so one turn is solved, by the
    /// same propagation, and read for the other. It is solved on all 52³
    /// three-letter strings rather than on the keys (a string that is no key is
    /// isolated), which spares numbering the keys: a pass over a table as large.
    ///
    /// A small dictionary is solved on its keys instead: the tables over all 52³ strings
    /// would cost it more (in pages touched) than the rest of its `solve`.
    fn answer_writer(&self, _k: usize) -> Result<AnswerWriter<'_>, ProductError> {
        Ok(self.answer_writer_on(if self.len() < 1 << 14 {
            Keying::Keys
        } else {
            Keying::Strings
        }))
    }

    fn answer_line(&self, k: usize) -> Result<String, ProductError> {
        let mut out = Vec::with_capacity(self.len() * 10);
        (ContestProblem::answer_writer(self, k)?)(&mut out).expect("writing to memory succeeds");
        Ok(String::from_utf8(out).expect("ASCII"))
    }

    /// 1 ≤ N ≤ 2·10⁵; 3 ≤ |S_i| ≤ 8 (letters only is already enforced by the parser).
    fn is_official(&self) -> bool {
        (1..=Self::OFFICIAL_MAX as usize).contains(&self.len())
            && self.words.iter().all(|&x| x >> 36 & 15 != 0)
    }

    fn size_text(&self) -> String {
        format!(
            "{}, {}",
            count(self.len(), "word"),
            count(self.keys().0 as usize, "key")
        )
    }

    fn answer_positions(&self) -> Option<Vec<u32>> {
        let (k, edges) = self.keys();
        Some(edges.iter().map(|&(_, suffix)| k + suffix).collect())
    }

    fn size(&self) -> u64 {
        self.len() as u64
    }

    /// Two turns of the keys; a move per word and turn. Counts the keys, so it costs
    /// a pass over the words.
    fn product_shape(&self) -> (u64, u64) {
        let (k, edges) = self.keys();
        (2 * u64::from(k), 2 * edges.len() as u64)
    }
}

const WON: u8 = 1;
const LOST: u8 = 2;

/// For each key, whether the player to speak after it wins ([`WON`]), loses
/// ([`LOST`]) or neither (0, a draw): the propagation on one turn of the product,
/// from the keys that start no word. `left` holds each key's out-degree.
fn speaker_results(mut left: Vec<u32>, reverse: &Reverse) -> Vec<u8> {
    // The keys decided but not yet propagated form a stack linked through `left`: a
    // decided key's count is never read again, and a queue of its own would be up to
    // 550 KB more memory to touch. The order does not change the results.
    const END: u32 = u32::MAX;
    let k = left.len() as u32;
    let mut result = vec![0u8; k as usize];
    let mut top = END;
    for key in 0..k {
        if left[key as usize] == 0 {
            result[key as usize] = LOST;
            left[key as usize] = top;
            top = key;
        }
    }
    while top != END {
        let key = top;
        top = left[key as usize];
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
                *c = top;
                top = pre;
            }
        }
    }
    result
}

/// The product game's outcomes on `k` keys joined by the words `edges`, by the fast path.
fn outcomes_of_keys(k: u32, edges: &[(u32, u32)]) -> Result<Vec<Outcome>, ProductError> {
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
mod keying_tests {
    use super::{Instance, Keying};
    use crate::problems::ContestProblem;
    use rand::{Rng, SeedableRng};

    fn answer(s: &Instance, keying: Keying) -> String {
        let mut out = Vec::new();
        (s.answer_writer_on(keying))(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Solving on the keys (small dictionaries) and on all three-letter strings (large
    /// ones) answers alike, and as the product game does.
    #[test]
    fn both_keyings_answer_as_the_product_game() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
        for round in 0..300 {
            let letters: &[u8] = if round % 2 == 0 { b"abAB" } else { b"aAbBzZ" };
            let n = rng.gen_range(1..=40);
            let words: Vec<String> = (0..n)
                .map(|_| {
                    let len = rng.gen_range(3..=7);
                    (0..len)
                        .map(|_| char::from(letters[rng.gen_range(0..letters.len())]))
                        .collect()
                })
                .collect();
            let s = Instance::new(&words);
            let truth = s.answer(1, &s.implicit_outcomes().unwrap());
            assert_eq!(answer(&s, Keying::Keys), truth, "{words:?}");
            assert_eq!(answer(&s, Keying::Strings), truth, "{words:?}");
            assert_eq!(s.answer_line(1).unwrap(), truth, "{words:?}");
        }
    }
}

#[cfg(test)]
mod packing_tests {
    use super::Instance;
    use crate::problems::{Instance as Any, Problem};
    use rand::{Rng, SeedableRng};

    /// One word, every letter, and an instance with one word replaced, are what the
    /// whole list of words gives, for words packed or kept whole.
    #[test]
    fn single_words_and_edits_agree_with_the_word_list() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(27);
        let letters = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        let word = |rng: &mut rand_chacha::ChaCha8Rng| -> String {
            (0..rng.gen_range(3..=12))
                .map(|_| char::from(letters[rng.gen_range(0..letters.len())]))
                .collect()
        };
        for _ in 0..500 {
            let words: Vec<String> = (0..rng.gen_range(1..=12)).map(|_| word(&mut rng)).collect();
            let s = Instance::new(&words);
            for (i, w) in words.iter().enumerate() {
                assert_eq!(&s.word(i), w);
            }
            assert_eq!(s.letters(), words.concat().into_bytes());
            let i = rng.gen_range(0..words.len());
            let new = word(&mut rng);
            let mut edited = words.clone();
            edited[i] = new.clone();
            assert_eq!(s.with_word(i, &new), Instance::new(&edited), "{words:?} {i} {new}");
        }
    }

    /// Words of every length, packed or kept whole, come back as they went in, and so
    /// does their input.
    #[test]
    fn words_come_back_unchanged() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
        let letters = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        for _ in 0..500 {
            let words: Vec<String> = (0..rng.gen_range(1..=12))
                .map(|_| {
                    (0..rng.gen_range(3..=12))
                        .map(|_| char::from(letters[rng.gen_range(0..letters.len())]))
                        .collect()
                })
                .collect();
            let s = Instance::new(&words);
            assert_eq!(s.words().collect::<Vec<_>>(), words);
            assert_eq!(s.len(), words.len());
            let input = Any::Shiritori(s.clone()).to_input();
            assert_eq!(input, format!("{}\n{}\n", words.len(), words.join("\n")));
            assert_eq!(
                Problem::Shiritori.parse(&input).unwrap(),
                vec![Any::Shiritori(s.clone())]
            );
            assert_eq!(
                crate::problems::ContestProblem::is_official(&s),
                words.iter().all(|w| w.len() <= 8)
            );
        }
    }
}

#[cfg(test)]
mod memory_tests {
    use crate::problems::Problem;

    /// A shiritori input whose words would not fit in memory is refused at its first
    /// line, before they are read.
    #[test]
    fn too_many_words_for_the_machine_are_refused_at_line_1() {
        let words = crate::problems::memory_limit() / super::BYTES_PER_WORD + 1;
        let err = Problem::Shiritori.parse(&format!("{words}\nabc\n")).unwrap_err();
        assert_eq!(err.line, 1, "{err}");
        assert!(err.to_string().contains("more than the"), "{err}");
    }
}
