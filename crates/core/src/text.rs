//! Small helpers for messages that users read.

/// `n` and the noun, plural unless `n` is 1 ("vertex" becomes "vertices").
pub fn count(n: usize, noun: &str) -> String {
    match (n, noun) {
        (1, _) => format!("1 {noun}"),
        (_, "vertex") => format!("{n} vertices"),
        _ => format!("{n} {noun}s"),
    }
}

/// The most bytes a quote of a user's text takes in a message: a 100 MB line must not
/// put 100 MB on a terminal.
pub(crate) const QUOTE_BYTES: usize = 200;

/// A user's text for a message, in single quotes: its first `QUOTE_BYTES` (200) bytes or
/// so, control characters and bytes that are not UTF-8 escaped (`\n`, `\x00`, `\xff`)
/// so that the message stays one readable line, then how much was left out.
pub fn quote(bytes: &[u8]) -> String {
    let mut out = String::from("'");
    let mut used = 0;
    'chunks: for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if out.len() >= QUOTE_BYTES {
                break 'chunks;
            }
            match c {
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
                c => out.push(c),
            }
            used += c.len_utf8();
        }
        for b in chunk.invalid() {
            if out.len() >= QUOTE_BYTES {
                break 'chunks;
            }
            out.push_str(&format!("\\x{b:02x}"));
            used += 1;
        }
    }
    out.push('\'');
    if used < bytes.len() {
        out.push_str(&format!(" (and {} more bytes)", bytes.len() - used));
    }
    out
}

/// `n` with thousands separators and the noun, plural unless `n` is 1: "1 move",
/// "1,024 moves".
pub fn counted(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{} {noun}s", thousands(n))
    }
}

/// `n` with thousands separators: 1,000,000.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_short_escaped_and_say_what_was_left_out() {
        assert_eq!(quote(b"12a"), "'12a'");
        assert_eq!(quote(b"a\0b\xffc\n"), "'a\\x00b\\xffc\\n'");
        let long = vec![b'0'; 100_000_000];
        let q = quote(&long);
        assert!(q.len() < QUOTE_BYTES + 40, "{}", q.len());
        assert!(q.ends_with(&format!("' (and {} more bytes)", 100_000_000 - QUOTE_BYTES + 1)));
        let q = quote(&vec![0; 10_000]);
        assert!(q.len() < QUOTE_BYTES + 40, "{}", q.len());
        // A multi-byte character cut by the limit is not shown as bad bytes.
        let mut cut = vec![b'x'; QUOTE_BYTES - 1];
        cut.extend("é and more".as_bytes());
        let q = quote(&cut);
        assert!(!q.contains("\\x"), "{q}");
        assert!(q.ends_with("more bytes)"), "{q}");
    }

    /// Regression (issue 38, item 13): "longest game 1 moves", "up to 1 moves".
    #[test]
    fn one_thing_is_counted_in_the_singular() {
        assert_eq!(counted(1, "move"), "1 move");
        assert_eq!(counted(0, "move"), "0 moves");
        assert_eq!(counted(1024, "move"), "1,024 moves");
    }
}
