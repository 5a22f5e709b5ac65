//! A fast token scanner over contest input bytes that knows its line and test case, so
//! that every error says where it is and what was expected.

use crate::text::quote;
use std::fmt;

/// A problem with a contest input: where (line, and test case when inside one) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The 1-based line; an input that ends too early is reported at the line of its last
    /// token.
    pub line: usize,
    /// The 1-based test case being read, or `None` outside one (the count T, trailing text).
    pub case: Option<usize>,
    /// What was expected and what was found, without the location.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.case {
            Some(case) => write!(f, "line {} (test case {case}): {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// The high bit of each byte of a `u64`.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The bytes of `x` (as eight bytes) that are ASCII letters, as their high bits.
#[inline]
fn letters(x: u64) -> u64 {
    let each = |b: u8| u64::from_le_bytes([b; 8]);
    // A-Z onto a-z; no other byte lands in a-z.
    let folded = x | each(0x20);
    // Per byte, without borrows between bytes: at least `a` on its low 7 bits, at most
    // `z` on them, and its high bit clear.
    let at_least_a = (folded | HIGH_BITS).wrapping_sub(each(b'a')) & HIGH_BITS;
    let at_most_z = (each(b'z') | HIGH_BITS).wrapping_sub(folded & !HIGH_BITS) & HIGH_BITS;
    at_least_a & at_most_z & !folded
}

/// Reads whitespace-separated tokens, counting lines.
pub struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    /// The line of the last token read: where "the input ends too early" is reported.
    last_line: usize,
    /// The 1-based test case being read, for error messages.
    pub case: Option<usize>,
    /// Whether a token was asked for at the end of the input: an error after that may
    /// only mean the input was cut short, which a stream reader must not report yet.
    ran_out: bool,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `bytes`: line 1, outside any test case.
    pub fn new(bytes: &'a [u8]) -> Scanner<'a> {
        Scanner {
            bytes,
            pos: 0,
            line: 1,
            last_line: 1,
            case: None,
            ran_out: false,
        }
    }

    /// An error at the current line.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        self.error_at(self.line, message)
    }

    /// An error at `line`, tagged with the current test case.
    pub fn error_at(&self, line: usize, message: impl Into<String>) -> InputError {
        InputError {
            line,
            case: self.case,
            message: message.into(),
        }
    }

    /// Bytes not yet read: an upper bound on how much more the input can hold, used to
    /// cap allocations that a declared count would otherwise drive.
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    fn skip_space(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            match b {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' => {}
                _ => break,
            }
            self.pos += 1;
        }
    }

    /// The next token and the line it is on, or `None` at the end of the input.
    pub fn token(&mut self) -> Option<(&'a [u8], usize)> {
        self.skip_space();
        let start = self.pos;
        while let Some(&b) = self.bytes.get(self.pos) {
            // One comparison for the bytes of a token, which all lie above the space.
            if b <= b' ' && matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                break;
            }
            self.pos += 1;
        }
        if self.pos == start {
            self.ran_out = true;
            return None;
        }
        self.last_line = self.line;
        Some((&self.bytes[start..self.pos], self.line))
    }

    /// The next token if it is a word of `min` or more ASCII letters (then white space
    /// or the end of the input), else `None` with nothing read: the hot path of word
    /// lists, one pass over the letters where [`Scanner::token`] and a check of what it
    /// read take two.
    #[inline]
    pub fn word(&mut self, min: usize) -> Option<&'a [u8]> {
        let saved = (self.pos, self.line);
        self.skip_space();
        let start = self.pos;
        let mut end = start;
        // Eight bytes at a time, the first that is no letter found without a branch:
        // a byte loop mispredicts the end of every word.
        while let Some(eight) = self.bytes.get(end..end + 8) {
            let others = !letters(u64::from_le_bytes(eight.try_into().expect("8 bytes"))) & HIGH_BITS;
            if others != 0 {
                end += (others.trailing_zeros() / 8) as usize;
                break;
            }
            end += 8;
        }
        if self.bytes.len() - end < 8 {
            while self.bytes.get(end).is_some_and(u8::is_ascii_alphabetic) {
                end += 1;
            }
        }
        let ends = self
            .bytes
            .get(end)
            .is_none_or(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
        if end - start < min || !ends {
            (self.pos, self.line) = saved;
            return None;
        }
        self.pos = end;
        self.last_line = self.line;
        Some(&self.bytes[start..end])
    }

    /// The next token, which must be present; `what` names it in the error.
    pub fn expect(&mut self, what: &str) -> Result<(&'a [u8], usize), InputError> {
        self.token().ok_or_else(|| {
            self.error_at(
                self.last_line,
                format!("expected {what}, found the end of the input"),
            )
        })
    }

    /// The next token as a number in `min..=max`, with the line it is on.
    pub fn number(&mut self, what: &str, min: u64, max: u64) -> Result<(u64, usize), InputError> {
        let (token, line) = self.expect(what)?;
        let mut value: u64 = 0;
        for &b in token {
            if !b.is_ascii_digit() {
                return Err(self.error_at(
                    line,
                    format!("expected {what} (a number), found {}", quote(token)),
                ));
            }
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b - b'0')))
                .ok_or_else(|| self.error_at(line, format!("{what} is too large (at most {max})")))?;
        }
        if value > max {
            return Err(self.error_at(line, format!("{what}: {value} is too large (at most {max})")));
        }
        if value < min {
            return Err(self.error_at(line, format!("{what}: {value} is too small (at least {min})")));
        }
        Ok((value, line))
    }

    /// A vertex id in `1..=n`, returned 0-based.
    pub fn vertex(&mut self, what: &str, n: u64) -> Result<u32, InputError> {
        let (token_value, line) = self.number(what, 0, u64::MAX)?;
        if token_value == 0 || token_value > n {
            return Err(self.error_at(
                line,
                format!("{what} {token_value} is out of range (vertices are 1 to {n})"),
            ));
        }
        Ok((token_value - 1) as u32)
    }

    /// The start of every test case: `n m`, then `m` edges (`noun` names them: "edge",
    /// "arc"). Returns n and the edges, 0-based. The edge list grows with what the input
    /// really holds, never with what `m` claims.
    pub fn graph(&mut self, noun: &str, cases: u64) -> Result<(u64, Vec<(u32, u32)>), InputError> {
        let case = self.case.unwrap_or(0);
        let (n, _) = self.number(
            &format!("n, the vertex count of test case {case} of {cases}"),
            1,
            u32::MAX.into(),
        )?;
        let (m, _) = self.number(&format!("m, the {noun} count"), 0, u32::MAX.into())?;
        let mut edges = Vec::with_capacity((m as usize).min(self.remaining() / 4));
        for i in 1..=m {
            edges.push(self.edge(noun, i, m, n)?);
        }
        Ok((n, edges))
    }

    /// Edge `i` of `m` as two vertex ids in `1..=n`, returned 0-based. The hot path of
    /// every parser: messages are only built on error. A vertex the fast path cannot
    /// read (20 digits or more, leading zeros included) goes to the careful parser,
    /// which accepts what [`Scanner::vertex`] accepts.
    pub fn edge(&mut self, noun: &str, i: u64, m: u64, n: u64) -> Result<(u32, u32), InputError> {
        let start = (self.pos, self.line, self.last_line);
        if let (Some(from), Some(to)) = (self.fast_vertex(n), self.fast_vertex(n)) {
            return Ok((from, to));
        }
        (self.pos, self.line, self.last_line) = start;
        self.careful_edge(noun, i, m, n)
    }

    /// [`Scanner::number`] for the hot loops of parsers: `what` is only built when the
    /// token is not a number in `min..=max`, so a well-formed input allocates no
    /// messages (formatting one per token made parsing the slowest part of `solve`).
    #[inline]
    pub fn number_with(
        &mut self,
        what: impl FnOnce() -> String,
        min: u64,
        max: u64,
    ) -> Result<u64, InputError> {
        let start = (self.pos, self.line, self.last_line);
        if let Some(v) = self.fast_number() {
            if (min..=max).contains(&v) {
                return Ok(v);
            }
        }
        (self.pos, self.line, self.last_line) = start;
        self.careful_number(&what(), min, max)
    }

    /// [`Scanner::number`] where the fast path gave up: an error, or a number of 20
    /// digits or more (leading zeros) that is still in range.
    #[cold]
    fn careful_number(&mut self, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
        self.number(what, min, max).map(|(value, _)| value)
    }

    /// The next token's value if it is a number of fewer than 20 digits followed by
    /// white space or the end of the input.
    #[inline]
    fn fast_number(&mut self) -> Option<u64> {
        self.skip_space();
        let start = self.pos;
        let mut v: u64 = 0;
        while let Some(&b) = self.bytes.get(self.pos) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            v = v.wrapping_mul(10).wrapping_add(u64::from(digit));
            self.pos += 1;
        }
        let length = self.pos - start;
        if length > 0 {
            self.last_line = self.line;
        }
        let ends = self
            .bytes
            .get(self.pos)
            .is_none_or(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
        (length > 0 && length < 20 && ends).then_some(v)
    }

    /// A vertex in `1..=n` if the next token is one: digits read in one pass, then a
    /// white space byte or the end of the input.
    #[inline]
    fn fast_vertex(&mut self, n: u64) -> Option<u32> {
        self.fast_number()
            .filter(|v| (1..=n).contains(v))
            .map(|v| (v - 1) as u32)
    }

    /// Re-reads an edge the fast path could not from its start with the careful,
    /// descriptive parser.
    #[cold]
    fn careful_edge(&mut self, noun: &str, i: u64, m: u64, n: u64) -> Result<(u32, u32), InputError> {
        let from = self.vertex(&format!("{noun} {i} of {m}: its first vertex"), n)?;
        let to = self.vertex(&format!("{noun} {i} of {m}: its second vertex"), n)?;
        Ok((from, to))
    }

    /// Whether a token was asked for at the end of the input.
    pub fn ran_out(&self) -> bool {
        self.ran_out
    }

    /// Fails unless only white space remains.
    pub fn finish(&mut self) -> Result<(), InputError> {
        self.case = None;
        match self.token() {
            None => Ok(()),
            Some((token, line)) => Err(self.error_at(
                line,
                format!("unexpected {} after the last test case", quote(token)),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `word` reads what `token` reads when that is a word, and nothing otherwise, on
    /// bytes of every value and tokens of every length around the 8 read at a time.
    #[test]
    fn words_are_the_tokens_of_letters() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
        let alphabet: Vec<u8> = b"aAzZbY \n\t\r`{@[0\x80\xe1\xfa\x0b".to_vec();
        for round in 0..20_000 {
            let len = rng.gen_range(0..40);
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    if round % 3 == 0 {
                        rng.gen()
                    } else {
                        alphabet[rng.gen_range(0..alphabet.len())]
                    }
                })
                .collect();
            let min = rng.gen_range(1..5);
            let (mut a, mut b) = (Scanner::new(&bytes), Scanner::new(&bytes));
            loop {
                let word = a.word(min);
                let before = (b.pos, b.line, b.last_line);
                let token = b.token();
                let expected = token
                    .filter(|(t, _)| t.len() >= min && t.iter().all(u8::is_ascii_alphabetic))
                    .map(|(t, _)| t);
                assert_eq!(word, expected, "{bytes:?}");
                if word.is_none() {
                    assert_eq!((a.pos, a.line, a.last_line), before, "{bytes:?}");
                    break;
                }
                assert_eq!(
                    (a.pos, a.line, a.last_line),
                    (b.pos, b.line, b.last_line),
                    "{bytes:?}"
                );
            }
        }
        for b in 0..=255u8 {
            let x = u64::from_le_bytes([b, b'a', b, b'Z', b, 0, b, b'@']);
            let expected = u64::from_le_bytes(
                [b.is_ascii_alphabetic(), true, b.is_ascii_alphabetic(), true]
                    .into_iter()
                    .chain([b.is_ascii_alphabetic(), false, b.is_ascii_alphabetic(), false])
                    .map(|l| if l { 0x80 } else { 0 })
                    .collect::<Vec<u8>>()
                    .try_into()
                    .unwrap(),
            );
            assert_eq!(letters(x), expected, "byte {b}");
        }
    }

    #[test]
    fn tokens_carry_their_line() {
        let mut s = Scanner::new(b"1 2\n\n  x\r\n");
        assert_eq!(s.token(), Some((&b"1"[..], 1)));
        assert_eq!(s.number("n", 0, 9).unwrap(), (2, 1));
        assert_eq!(s.token(), Some((&b"x"[..], 3)));
        assert_eq!(s.token(), None);
        assert!(s.finish().is_ok());
    }

    /// A vertex of 20 digits or more (leading zeros) used to be refused as "edge
    /// malformed" in an edge while accepted as a start vertex.
    #[test]
    fn edge_vertices_with_many_leading_zeros_are_read_like_start_vertices() {
        let zeros = "0".repeat(25);
        let text = format!("{zeros}1 {zeros}2\n{zeros}3");
        let mut s = Scanner::new(text.as_bytes());
        assert_eq!(s.edge("edge", 1, 1, 3).unwrap(), (0, 1));
        assert_eq!(s.vertex("x", 3).unwrap(), 2);
        let text = format!("{zeros}4 1");
        let e = Scanner::new(text.as_bytes()).edge("edge", 1, 1, 3).unwrap_err();
        assert!(e.message.contains("its first vertex 4 is out of range"), "{e}");
        let text = format!("{zeros}7");
        let mut s = Scanner::new(text.as_bytes());
        assert_eq!(s.number_with(|| "k".into(), 0, 9), Ok(7));
    }

    #[test]
    fn numbers_report_what_is_wrong() {
        let mut s = Scanner::new(b"12a 99999999999999999999999 7 0");
        assert!(s.number("n", 0, 100).unwrap_err().message.contains("found '12a'"));
        assert!(s.number("n", 0, 100).unwrap_err().message.contains("too large"));
        assert!(s
            .number("n", 0, 5)
            .unwrap_err()
            .message
            .contains("n: 7 is too large"));
        assert!(s.vertex("x", 3).unwrap_err().message.contains("out of range"));
        assert!(s
            .number("m", 0, 5)
            .unwrap_err()
            .message
            .contains("end of the input"));
    }
}
