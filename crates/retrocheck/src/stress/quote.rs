//! Quoting a program's output in a message: bounded, with control characters and
//! invalid UTF-8 escaped, so a flood or binary garbage cannot bury the verdict.

use crate::text::thousands;

/// At most this many bytes of a program's output are quoted in one message.
pub const QUOTE_LIMIT: usize = 240;

/// `bytes` as a quoted string with every control character and invalid byte escaped
/// (`\r`, `\t`, `\u{1b}`, `\xff`), cut after [`QUOTE_LIMIT`] bytes with a note of how
/// much was left out.
pub(crate) fn quote(bytes: &[u8]) -> String {
    let shown = &bytes[..bytes.len().min(QUOTE_LIMIT)];
    let mut out = format!("\"{}\"", escape(shown, true));
    if bytes.len() > shown.len() {
        out += &format!(
            " (and {} more bytes)",
            thousands((bytes.len() - shown.len()) as u64)
        );
    }
    out
}

/// The first `limit` bytes of a program's output as a block of text, escaped except
/// for the line breaks, with a note of how much was left out.
pub fn block(bytes: &[u8], limit: usize) -> String {
    let mut end = bytes.len().min(limit);
    while end < bytes.len() && end > 0 && (bytes[end] & 0xC0) == 0x80 {
        end -= 1;
    }
    let mut out = escape(&bytes[..end], false);
    if end < bytes.len() {
        out += &format!(
            "… ({} more bytes left out)\n",
            thousands((bytes.len() - end) as u64)
        );
    }
    out
}

/// The last lines of `bytes` (a program's stderr), at most [`QUOTE_LIMIT`] bytes of
/// them, escaped except for the line breaks, with a note of how much came before.
pub(crate) fn tail(bytes: &[u8], lines: usize) -> String {
    let text = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let mut start = text.len();
    for _ in 0..lines {
        match text[..start].iter().rposition(|&b| b == b'\n') {
            Some(i) => start = i,
            None => {
                start = 0;
                break;
            }
        }
    }
    if start > 0 {
        start += 1;
    }
    start = start.max(text.len().saturating_sub(QUOTE_LIMIT));
    // Never cut a UTF-8 sequence in two: start at a character boundary.
    while start < text.len() && (text[start] & 0xC0) == 0x80 {
        start += 1;
    }
    let mut out = String::new();
    if start > 0 {
        out += &format!("({} bytes before left out)\n", thousands(start as u64));
    }
    out += &escape(&text[start..], false);
    out
}

/// Whether `c` shows as nothing or as an ordinary space: white space other than the
/// space (a non-breaking space, an em space, a line separator) and the format
/// characters (a byte order mark, a soft hyphen, zero-width spaces and joiners,
/// direction marks). In a quote of "expected" and "got" they made two different lines
/// look the same (issue 38), so they are escaped (`\u{a0}`, `\u{feff}`).
fn invisible(c: char) -> bool {
    (c.is_whitespace() && c != ' ')
        || matches!(
            c,
            '\u{ad}' | '\u{34f}' | '\u{61c}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206f}' | '\u{feff}'
        )
}

/// Escapes control characters (line breaks too, unless `newlines` is false), the
/// quote and backslash, and bytes that are not UTF-8.
fn escape(bytes: &[u8], newlines: bool) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\n' if !newlines => out.push('\n'),
                '"' | '\\' => {
                    out.push('\\');
                    out.push(c);
                }
                c if c.is_control() || invisible(c) => out.extend(c.escape_default()),
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            out += &format!("\\x{b:02x}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_invalid_utf8_are_shown_escaped() {
        assert_eq!(quote(b"Case #1: No\r\n"), r#""Case #1: No\r\n""#);
        assert_eq!(quote(b"a\x1b[2Jb\xffc"), r#""a\u{1b}[2Jb\xffc""#);
        assert_eq!(quote("é\"".as_bytes()), r#""é\"""#);
    }

    /// Regression (issue 38, item 13): a non-breaking space or a byte order mark made
    /// "expected" and "got" look identical. What is invisible is escaped.
    #[test]
    fn invisible_characters_are_shown_escaped() {
        assert_eq!(quote("Case #1:\u{a0}Yes".as_bytes()), r#""Case #1:\u{a0}Yes""#);
        assert_eq!(
            quote("\u{feff}Case #1: Yes".as_bytes()),
            r#""\u{feff}Case #1: Yes""#
        );
        assert_eq!(
            quote("a\u{200b}b\u{2028}c".as_bytes()),
            r#""a\u{200b}b\u{2028}c""#
        );
        // Ordinary spaces and visible non-ASCII letters stay as they are.
        assert_eq!(quote("Case #1: é".as_bytes()), r#""Case #1: é""#);
        assert_eq!(block("a\u{a0}b\n".as_bytes(), 100), "a\\u{a0}b\n");
    }

    #[test]
    fn floods_are_cut_with_a_note_of_what_was_left_out() {
        let flood = vec![b'y'; 1_000_000];
        let quoted = quote(&flood);
        assert!(quoted.len() < QUOTE_LIMIT + 50, "{quoted}");
        assert!(quoted.ends_with("(and 999,760 more bytes)"), "{quoted}");
        let stderr = [b"x\n".repeat(100_000), b"panicked at main.rs\n".to_vec()].concat();
        let end = tail(&stderr, 3);
        assert!(end.len() < QUOTE_LIMIT + 50, "{end}");
        assert!(end.starts_with("(199,"), "{end}");
        assert!(end.ends_with("x\nx\npanicked at main.rs"), "{end}");
        assert_eq!(tail(b"one\ntwo\n", 5), "one\ntwo");
    }
}
