//! What the shrinking passes of every contest problem share: the official-limits
//! filter, and chunks and single removals of the lists an instance is made of (each
//! problem's passes are in its file under [`crate::contest`]).

use crate::problems::ContestProblem;
use crate::shrink::{chunks, pass, Pass};

/// Chunk passes: halves, quarters, … (2^12 parts covers the 9,900 edges of an
/// official pursuit instance; larger lists end in single removals).
pub(crate) const EDGE_PARTS: u32 = 12;

/// A pass whose candidates `candidates(instance, official)` makes; with `official`, only
/// those within the problem's official limits are tried.
pub fn contest_pass<T: ContestProblem + 'static>(
    name: &'static str,
    official: bool,
    candidates: impl Fn(&T, bool) -> Vec<T> + 'static,
) -> Pass<T> {
    pass(name, move |t: &T, from| -> Box<dyn Iterator<Item = T> + '_> {
        Box::new(
            candidates(t, official)
                .into_iter()
                .filter(move |c| !official || c.is_official())
                .skip(from),
        )
    })
}

/// `list` with one of `parts` chunks (at least 2 items each) removed.
pub fn chunks_removed<T: Clone>(list: &[T], parts: usize) -> impl Iterator<Item = Vec<T>> + '_ {
    chunks(list.len(), parts, 2).map(move |(s, e)| list[..s].iter().chain(&list[e..]).cloned().collect())
}

/// `list` without its item `i`, for each `i`.
pub fn without_each<T: Clone>(list: &[T]) -> impl Iterator<Item = Vec<T>> + '_ {
    (0..list.len()).map(move |i| {
        let mut out = list.to_vec();
        out.remove(i);
        out
    })
}
