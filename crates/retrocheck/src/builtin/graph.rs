//! What problems on a graph given by its edges (pursuit, minigame, and yours) share:
//! random edge lists, and the edits the shrinker makes to them.

use crate::shrink::contest::chunks_removed;
use proptest::prelude::*;
use rand::Rng;
use std::collections::HashSet;

/// `count` random edges on `n` vertices, or as many as there are distinct pairs when
/// `distinct`; without self-loops when `no_loops`.
pub(crate) fn random_edges(
    rng: &mut impl Rng,
    n: u32,
    count: u64,
    no_loops: bool,
    distinct: bool,
) -> Vec<(u32, u32)> {
    let pairs = u64::from(n) * u64::from(n) - if no_loops { u64::from(n) } else { 0 };
    if pairs == 0 {
        return Vec::new();
    }
    let want = if distinct { count.min(pairs) } else { count } as usize;
    let mut edges = Vec::with_capacity(want);
    let mut seen = HashSet::with_capacity(if distinct { want } else { 0 });
    while edges.len() < want {
        let from = rng.gen_range(0..n);
        let to = rng.gen_range(0..n);
        if (no_loops && from == to) || (distinct && !seen.insert((from, to))) {
            continue;
        }
        edges.push((from, to));
    }
    edges
}

/// Removes vertex `v` from a contest graph: its edges go, later vertices shift down.
pub(crate) fn drop_vertex(edges: &[(u32, u32)], v: u32) -> Vec<(u32, u32)> {
    let shift = |x: u32| if x > v { x - 1 } else { x };
    edges
        .iter()
        .filter(|&&(a, b)| a != v && b != v)
        .map(|&(a, b)| (shift(a), shift(b)))
        .collect()
}

/// Edge lists with one of `parts` chunks (at least 2 edges each) removed.
pub(crate) fn fewer_edges(edges: &[(u32, u32)], parts: usize) -> impl Iterator<Item = Vec<(u32, u32)>> + '_ {
    chunks_removed(edges, parts)
}

/// Edge lists without one edge each.
pub(crate) fn single_edge_removals(edges: &[(u32, u32)]) -> impl Iterator<Item = Vec<(u32, u32)>> + '_ {
    crate::shrink::contest::without_each(edges)
}

/// The contest graph with vertex `v` merged into `u` (edges renamed, `v` dropped, later
/// vertices shifted down); `simple` drops the self-loops (unless `loops`) and the
/// duplicates this makes.
pub(crate) fn merged(edges: &[(u32, u32)], u: u32, v: u32, loops: bool, simple: bool) -> Vec<(u32, u32)> {
    let rename = |x: u32| after_merge(x, u, v);
    let mut seen = HashSet::new();
    edges
        .iter()
        .map(|&(a, b)| (rename(a), rename(b)))
        .filter(|&(a, b)| !(simple && !loops && a == b))
        .filter(|&e| !simple || seen.insert(e))
        .collect()
}

/// The vertex `x` becomes when `v` merges into `u` or goes.
pub(crate) fn after_merge(x: u32, u: u32, v: u32) -> u32 {
    let x = if x == v { u } else { x };
    x - u32::from(x > v)
}

/// Pairs `(u, v)`, `u < v`, joined by an edge either way, in edge order.
pub(crate) fn adjacent_pairs(edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut seen = HashSet::new();
    edges
        .iter()
        .filter(|&&(a, b)| a != b)
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .filter(|&e| seen.insert(e))
        .collect()
}

/// Raw ids range over this many values before being mapped into range (modulo the
/// size): shrinking a size then keeps every other choice valid.
pub(crate) const RAW_IDS: u32 = 64;

/// A vertex count of 1 to `max_n`, and up to `max_edges` raw edges (ids below
/// [`RAW_IDS`], to be taken modulo the count).
pub(crate) fn vertices_and_edges(
    max_n: u32,
    max_edges: usize,
) -> impl Strategy<Value = (u32, Vec<(u32, u32)>)> {
    (
        1..=max_n.max(1),
        prop::collection::vec((0..RAW_IDS, 0..RAW_IDS), 0..=max_edges),
    )
}
