//! Small helpers for messages that users read.

/// `n` and the noun, plural unless `n` is 1 ("vertex" becomes "vertices").
pub fn count(n: usize, noun: &str) -> String {
    match (n, noun) {
        (1, _) => format!("1 {noun}"),
        (_, "vertex") => format!("{n} vertices"),
        _ => format!("{n} {noun}s"),
    }
}
