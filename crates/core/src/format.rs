//! The canonical `.game` text format ([semantics](crate::semantics#the-game-text-format-game)): a
//! line-oriented parser whose errors name the line and what was expected, and a printer
//! with `parse(print(g)) == g`.
//!
//! The parser allocates in proportion to the text it reads, never to the position
//! count a header claims, so a hostile header cannot exhaust memory.

use crate::game::{BuildError, Game, GameBuilder, Outcome, Side, MAX_POSITIONS};
use crate::text::quote;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::BufRead;

/// A problem with an input text, located at a 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParseError {
    /// The 1-based line. A problem of the whole text (a missing position, too many moves)
    /// is reported at the last line; a conflict between two lines at the later one.
    pub line: usize,
    /// What was expected or what is wrong, for a user; without the line number.
    pub message: String,
}

impl ParseError {
    /// An error at `line` (1-based).
    pub fn new(line: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            line,
            message: message.into(),
        }
    }
}

struct Entry {
    id: u32,
    line: usize,
    mover: Side,
    moves: Vec<u32>,
    terminal: Option<Outcome>,
}

/// The longest line a `.game` text may have: a position with about ten million moves.
/// A longer line is refused when that many bytes have been read, so an endless line
/// (`/dev/zero`) costs bounded memory.
pub(crate) const MAX_LINE_BYTES: usize = 64 << 20;

/// How much of a line is read before its bytes are checked for ones no statement can
/// hold, so that binary input fails after one buffer, not [`MAX_LINE_BYTES`].
const EARLY_CHECK_BYTES: usize = 64 << 10;

/// Parses a `.game` text into a checked [`Game`]. Ids may come in any order, but each
/// id below the header's count must appear exactly once; moves keep their order.
pub fn parse_game(text: &str) -> Result<Game, ParseError> {
    parse_game_from(text.as_bytes())
}

/// [`parse_game`] over a stream, read one line at a time: an error is reported when its
/// line is read, without reading the rest, and memory follows what the lines hold.
pub fn parse_game_from(input: impl BufRead) -> Result<Game, ParseError> {
    let mut header: Option<(u64, usize)> = None;
    let mut draw: Option<(Side, usize)> = None;
    let mut entries: Vec<Entry> = Vec::new();
    let mut seen: HashMap<u32, usize> = HashMap::new();
    let mut last_line = 0;
    let mut lines = Lines::new(input);
    // Bytes the entries hold so far, against the machine's memory ceiling.
    let mut held: u64 = 0;
    let ceiling = crate::limits::memory_ceiling();

    while let Some((line, raw)) = lines.next_line()? {
        last_line = line;
        let err = |message: String| ParseError::new(line, message);
        let raw = std::str::from_utf8(raw).map_err(|e| {
            err(format!(
                "not UTF-8 text: byte {} at column {} ({})",
                raw.get(e.valid_up_to())
                    .map_or(String::new(), |b| format!("0x{b:02x}")),
                e.valid_up_to() + 1,
                quote(raw)
            ))
        })?;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let statement = content.strip_suffix(';').ok_or_else(|| {
            err(format!(
                "expected ';' at the end of the statement {}",
                quote(content.as_bytes())
            ))
        })?;
        if statement.contains(';') {
            return Err(err("expected one statement per line".into()));
        }
        let (keyword, rest) = split_word(statement);
        match keyword {
            "game" => {
                if let Some((_, first)) = header {
                    return Err(err(format!("a second header; the first is on line {first}")));
                }
                if !entries.is_empty() || draw.is_some() {
                    return Err(err("the header `game N;` must come before everything else".into()));
                }
                let count = parse_number(rest, "the number of positions", " (a number)").map_err(err)?;
                if count > MAX_POSITIONS {
                    return Err(err(format!(
                        "{count} positions is more than the {MAX_POSITIONS} a game can hold"
                    )));
                }
                header = Some((count, line));
            }
            "draw" => {
                header.ok_or_else(|| err("expected the header `game N;` first".into()))?;
                if let Some((_, first)) = draw {
                    return Err(err(format!(
                        "a second draw convention; the first is on line {first}"
                    )));
                }
                let side = parse_side(rest).map_err(err)?;
                draw = Some((side, line));
            }
            _ => {
                let (count, _) = header.ok_or_else(|| err("expected the header `game N;` first".into()))?;
                let entry = parse_position(keyword, rest, count, line).map_err(err)?;
                if let Some(first) = seen.insert(entry.id, line) {
                    return Err(err(format!(
                        "position {} is defined twice; the first is on line {first}",
                        entry.id
                    )));
                }
                // The entry, its map slot, and its share of the built game.
                held += 96 + 12 * entry.moves.len() as u64;
                if held > ceiling {
                    return Err(err(format!(
                        "the game read so far needs more than {}",
                        crate::limits::ceiling_text()
                    )));
                }
                entries.push(entry);
            }
        }
    }
    let (count, _) = header.ok_or_else(|| {
        ParseError::new(
            last_line.max(1),
            "expected the header `game N;`, found no statements",
        )
    })?;
    entries.sort_unstable_by_key(|e| e.id);
    if (entries.len() as u64) < count {
        let missing = entries
            .iter()
            .enumerate()
            .find(|(i, e)| e.id as usize != *i)
            .map_or(entries.len(), |(i, _)| i);
        return Err(ParseError::new(
            last_line,
            format!(
                "position {missing} is missing: every id from 0 to {} must appear once",
                count - 1
            ),
        ));
    }

    let line_of = |p: u32| entries[p as usize].line;
    let mut builder = GameBuilder::with_capacity(entries.len(), entries.iter().map(|e| e.moves.len()).sum());
    for e in &entries {
        builder.position(e.mover, &e.moves, e.terminal);
    }
    builder.draw_credit(draw.map(|(side, _)| side));
    builder.build().map_err(|e| match e {
        BuildError::MovesOnTerminal { position } => ParseError::new(
            line_of(position),
            format!("position {position} has moves and an explicit outcome; a terminal position has no moves"),
        ),
        BuildError::DrawConventionWithTerminalDraw { position } => {
            let draw_line = draw.map_or(0, |(_, l)| l);
            ParseError::new(
                line_of(position).max(draw_line),
                format!(
                    "position {position} is a terminal draw (line {}) but the game has a draw convention (line {draw_line}); they cannot go together",
                    line_of(position)
                ),
            )
        }
        other => ParseError::new(last_line, other.to_string()),
    })
}

/// Reads lines from a stream into one reused buffer, refusing a line longer than
/// [`MAX_LINE_BYTES`] or, past [`EARLY_CHECK_BYTES`], one holding a byte that no
/// statement can (binary data, `/dev/zero`) as soon as it is seen.
struct Lines<R> {
    input: R,
    /// The 1-based number of the line last returned.
    number: usize,
    buffer: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R) -> Lines<R> {
        Lines {
            input,
            number: 0,
            buffer: Vec::new(),
        }
    }

    /// The next line's number and bytes without its `\n`, or `None` at the end.
    fn next_line(&mut self) -> Result<Option<(usize, &[u8])>, ParseError> {
        self.buffer.clear();
        let line = self.number + 1;
        let mut checked = 0;
        let mut in_comment = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(ParseError::new(line, format!("cannot read the input: {e}"))),
            };
            if available.is_empty() {
                if self.buffer.is_empty() {
                    return Ok(None);
                }
                break;
            }
            let (take, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (available.len(), false),
            };
            self.buffer.extend_from_slice(&available[..take]);
            self.input.consume(take + usize::from(done));
            if done {
                break;
            }
            if self.buffer.len() > MAX_LINE_BYTES {
                return Err(ParseError::new(
                    line,
                    format!(
                        "the line is longer than {} MiB, more than a statement can be; it begins {}",
                        MAX_LINE_BYTES >> 20,
                        quote(&self.buffer)
                    ),
                ));
            }
            if self.buffer.len() > EARLY_CHECK_BYTES && !in_comment {
                for (offset, &b) in self.buffer[checked..].iter().enumerate() {
                    if b == b'#' {
                        in_comment = true;
                        break;
                    }
                    if !STATEMENT_BYTES.contains(&b) {
                        let column = checked + offset + 1;
                        return Err(ParseError::new(
                            line,
                            format!(
                                "unexpected {} at column {column}: a statement holds only ids, A, B, D, `game`, `draw`, ',', '=' and ';'",
                                quote(&[b])
                            ),
                        ));
                    }
                }
                checked = self.buffer.len();
            }
        }
        self.number = line;
        Ok(Some((line, &self.buffer)))
    }
}

/// Every byte a statement (the part of a line before `#`) can hold.
const STATEMENT_BYTES: &[u8] = b"0123456789 \t\r,=;ABDgamedrw";

fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], s[i..].trim_start()),
        None => (s, ""),
    }
}

/// A decimal number; `hint` follows `what` when something else was found.
fn parse_number(s: &str, what: &str, hint: &str) -> Result<u64, String> {
    let s = s.trim();
    if s.is_empty() {
        return Err(format!("expected {what}, found nothing"));
    }
    if !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected {what}{hint}, found {}", quote(s.as_bytes())));
    }
    s.parse::<u64>()
        .map_err(|_| format!("{what} {} is too large", quote(s.as_bytes())))
}

fn parse_side(s: &str) -> Result<Side, String> {
    match s.trim() {
        "A" => Ok(Side::A),
        "B" => Ok(Side::B),
        other => Err(format!(
            "expected a side A or B, found {}",
            quote(other.as_bytes())
        )),
    }
}

fn parse_position(id: &str, rest: &str, count: u64, line: usize) -> Result<Entry, String> {
    let id = parse_number(id, "a position id or a keyword (`game`, `draw`)", "")?;
    if id >= count {
        return Err(format!(
            "position id {id} is out of range (the game has {}, ids 0 to {})",
            crate::text::count(count as usize, "position"),
            count.saturating_sub(1)
        ));
    }
    let (mover, rest) = split_word(rest);
    let mover = parse_side(mover).map_err(|_| {
        format!(
            "expected the mover A or B after the id, found {}",
            quote(mover.as_bytes())
        )
    })?;
    let (moves_text, terminal) = match rest.split_once('=') {
        Some((moves, outcome)) => {
            let outcome = match outcome.trim() {
                "A" => Outcome::Win(Side::A),
                "B" => Outcome::Win(Side::B),
                "D" => Outcome::Draw,
                other => {
                    return Err(format!(
                        "unknown outcome {}: expected =A, =B or =D",
                        quote(format!("={other}").as_bytes())
                    ))
                }
            };
            (moves.trim(), Some(outcome))
        }
        None => (rest.trim(), None),
    };
    let mut moves = Vec::new();
    if !moves_text.is_empty() {
        for item in moves_text.split(',') {
            let target = parse_number(item, "a move, a position id (moves are separated by commas)", "")?;
            if target >= count {
                return Err(format!(
                    "move to {target} is out of range (the game has {}, ids 0 to {})",
                    crate::text::count(count as usize, "position"),
                    count - 1
                ));
            }
            moves.push(target as u32);
        }
    }
    Ok(Entry {
        id: id as u32,
        line,
        mover,
        moves,
        terminal,
    })
}

/// Prints a game canonically: header, positions in id order, moves in their order,
/// then the draw convention. [`parse_game`] gives back an equal game.
pub fn print_game(game: &Game) -> String {
    let mut out = String::with_capacity(16 + game.positions() * 8 + game.move_count() * 4);
    let _ = writeln!(out, "game {};", game.positions());
    for p in game.ids() {
        let _ = write!(out, "{p} {} ", game.mover(p));
        match game.terminal(p) {
            Some(outcome) => {
                let _ = write!(out, "={}", outcome.letter());
            }
            None => {
                for (i, t) in game.moves(p).iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    let _ = write!(out, "{t}");
                }
            }
        }
        out.push_str(";\n");
    }
    if let Some(side) = game.draw_credit() {
        let _ = writeln!(out, "draw {side};");
    }
    out
}

impl std::fmt::Debug for Game {
    /// The canonical `.game` text, so that failing tests and fuzz inputs print a case
    /// that can be pasted into a file.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\n{}", print_game(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "# comments run from '#' to the end of the line; blank lines are ignored
game 4;          # header: the number of positions, ids 0 to 3
0 A 1,2,3;       # position 0: A moves; moves to 1, 2 and 3 (order kept)
1 B 0,0,1;       # repeated moves and self-loops are allowed
2 A ;            # no moves: the mover (A) loses
3 B =A;          # explicit terminal outcome: =A, =B or =D (=D not with `draw`)
draw B;          # optional: infinite play counts as B's win
";

    #[test]
    fn design_example_parses_and_prints_canonically() {
        let g = parse_game(EXAMPLE).unwrap();
        assert_eq!(g.positions(), 4);
        assert_eq!(g.moves(1), &[0, 0, 1]);
        assert_eq!(g.terminal(3), Some(Outcome::Win(Side::A)));
        assert_eq!(g.draw_credit(), Some(Side::B));
        let text = print_game(&g);
        assert_eq!(text, "game 4;\n0 A 1,2,3;\n1 B 0,0,1;\n2 A ;\n3 B =A;\ndraw B;\n");
        assert_eq!(parse_game(&text).unwrap(), g);
    }

    #[test]
    fn ids_may_come_in_any_order_and_spacing_is_free() {
        let g = parse_game("game 2;\n1   B   0 , 1 ;\n0 A;\n").unwrap();
        assert_eq!(g.moves(1), &[0, 1]);
        assert_eq!(g.moves(0), &[] as &[u32]);
    }

    fn error(text: &str) -> ParseError {
        parse_game(text).expect_err("the text should be rejected")
    }

    #[test]
    fn malformed_files_name_the_line_and_what_was_expected() {
        let cases: &[(&str, usize, &str)] = &[
            ("", 1, "expected the header"),
            ("0 A ;\n", 1, "expected the header `game N;` first"),
            ("game 2;\n0 A 1;\n", 2, "position 1 is missing"),
            ("game 2;\n0 A 1;\n1 A", 3, "expected ';'"),
            ("game 2;\n0 A 7;\n1 A ;\n", 2, "move to 7 is out of range"),
            ("game 2;\n0 A ;\n9 A ;\n", 3, "position id 9 is out of range"),
            (
                "game 2;\n0 A ;\n0 B ;\n",
                3,
                "position 0 is defined twice; the first is on line 2",
            ),
            ("game 1;\n0 C ;\n", 2, "expected the mover A or B"),
            ("game 1;\n0 A =X;\n", 2, "unknown outcome '=X'"),
            ("game 99999999999999999999999;\n", 1, "too large"),
            ("game 99999999999;\n", 1, "more than the"),
            ("game 1;\n0 A 99999999999999999999999;\n", 2, "too large"),
            ("game 2;\n0 A 1 0;\n1 A ;\n", 2, "moves are separated by commas"),
            ("game 2;\n0 A 1,,0;\n1 A ;\n", 2, "found nothing"),
            ("game 1;\n0 A ; 0 B ;\n", 2, "one statement per line"),
            (
                "game 2;\n0 A 1 =A;\n1 A ;\n",
                2,
                "has moves and an explicit outcome",
            ),
            ("game 1;\n0 A =D;\ndraw B;\n", 3, "cannot go together"),
            ("game 1;\ndraw C;\n0 A ;\n", 2, "expected a side A or B"),
            ("game 1;\n0 A ;\ngame 1;\n", 3, "a second header"),
            (
                "game 1;\ndraw A;\ndraw B;\n0 A ;\n",
                3,
                "a second draw convention",
            ),
            ("game x;\n", 1, "expected the number of positions (a number)"),
            ("game 1;\n-1 A ;\n", 2, "expected a position id"),
        ];
        for &(text, line, needle) in cases {
            let e = error(text);
            assert_eq!(e.line, line, "{text:?} gave {e}");
            assert!(
                e.message.contains(needle),
                "{text:?} gave {e}, expected {needle:?}"
            );
        }
    }

    /// Regression: endless input (`/dev/zero`, `yes`) used to be read whole first. It
    /// is refused at its first line, from a stream, in bounded memory.
    #[test]
    fn endless_input_is_refused_at_its_first_line() {
        use std::io::{BufReader, Read};
        let e = parse_game_from(BufReader::new(std::io::repeat(0))).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(e.message.contains("unexpected '\\x00' at column 1"), "{e}");
        let yes = BufReader::new(std::io::repeat(b'y').take(1).chain(std::io::repeat(b'\n')));
        let e = parse_game_from(BufReader::new(b"y\n".as_slice().chain(yes))).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(e.message.contains("expected ';'"), "{e}");
        // An endless line of digits stops at the line cap, quoted briefly.
        let e = parse_game_from(BufReader::new(std::io::repeat(b'0'))).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("longer than 64 MiB"), "{e}");
        assert!(e.to_string().len() < 400, "{} bytes", e.to_string().len());
    }

    /// Regression: an error used to quote its whole statement. It quotes a few hundred
    /// bytes of its statement, escaped, and says how much was left out; bytes that are
    /// not UTF-8 name their line.
    #[test]
    fn errors_quote_briefly_and_escape() {
        let long = format!("game 1;\n0 A {}", "1,".repeat(5_000_000));
        let e = error(&long);
        assert_eq!(e.line, 2);
        assert!(e.message.contains("more bytes)"), "{}", &e.message[..300]);
        assert!(e.message.len() < 400, "{} bytes", e.message.len());
        let e = parse_game_from(b"game 1;\n0 A \x01;\n".as_slice()).unwrap_err();
        assert!(e.message.contains("'\\x01'"), "{e}");
        let e = parse_game_from(b"game 1;\n# fine\n0 A \xff;\n".as_slice()).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("not UTF-8 text: byte 0xff at column 5"), "{e}");
        // CRLF line ends are white space.
        assert!(parse_game("game 1;\r\n0 A ;\r\n").is_ok());
    }

    #[test]
    fn a_huge_header_with_few_lines_is_an_error_not_an_allocation() {
        let e = error("game 4000000000;\n0 A ;\n");
        assert!(e.message.contains("position 1 is missing"), "{e}");
    }
}
