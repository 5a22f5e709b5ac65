//! `catmouse` as the harness tests it: random boards (dense ones, and trees with a few
//! more edges, where the way to the hole is long), and their shrinking (fewer nodes and
//! edges, merged nodes, moved starts).

use super::graph::{adjacent_pairs, after_merge};
use super::{Contest, Rules};
use crate::generate::strategy::RAW_IDS;
use crate::problems::catmouse::Instance;
use crate::problems::ContestProblem;
use crate::shrink::contest::{chunks_removed, contest_pass, without_each};
use crate::shrink::Passes;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::time::Duration;

impl Contest for Instance {
    /// LeetCode 913 states no limit: the harness's 2 s.
    const TIME_LIMIT: Duration = Duration::from_secs(2);

    fn generate(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        instance(rng, n, rules.official_at::<Instance>(n))
    }

    fn units(positions: usize) -> u32 {
        ((positions / 2) as f64).sqrt().max(3.0) as u32
    }

    fn strategy(max_positions: usize) -> BoxedStrategy<Instance> {
        strategy(((max_positions / 2) as f64).sqrt().clamp(3.0, 50.0) as u32, true).boxed()
    }

    fn passes(official: bool) -> Passes<Instance> {
        super::passes(
            official,
            Vec::new(),
            &[("edge chunks", |c, parts, official| {
                let edges = edges(c, official);
                chunks_removed(&edges, parts)
                    .map(|kept| with_edges(c, &kept, official))
                    .collect()
            })],
            vec![
                contest_pass("merges", official, merges),
                contest_pass("moved starts", official, |c, _| moved_starts(c)),
            ],
        )
    }

    /// A node other than 0, 1 and 2, or an edge.
    fn single_removals(&self, official: bool) -> Vec<Instance> {
        let c = self;
        let nodes = (3..c.n()).map(|v| without_node(c, v));
        let edges = edges(c, official);
        let edges = without_each(&edges).map(|kept| with_edges(c, &kept, official));
        nodes
            .chain(edges)
            .filter(|c| !official || c.is_official())
            .collect()
    }

    fn largest_product(n: u64) -> (u64, u64) {
        (n.saturating_mul(n).saturating_mul(2), n.min(64))
    }

    fn product_size(&self) -> u64 {
        2 * (self.lists.len() as u64).pow(2)
    }
}

/// A random board on `n` nodes (at least 3). Within the official limits the
/// lists are symmetric, without self-listing or repeats, node 1 has a neighbour and
/// node 2 one other than the hole; half the boards are dense, half a tree with a few
/// more edges (long ways to the hole); in half the cat starts next to the hole and in
/// half the mouse does not. Otherwise each list is drawn on its own.
pub fn instance(rng: &mut impl Rng, n: u32, official: bool) -> Instance {
    let n = if official {
        n.clamp(3, Instance::OFFICIAL_MAX)
    } else {
        n.max(3)
    };
    let density = rng.gen_range(0.05..0.7);
    let mut lists = vec![Vec::new(); n as usize];
    if official {
        let link = |lists: &mut Vec<Vec<u32>>, v: u32, w: u32| {
            if v != w && !lists[v as usize].contains(&w) {
                lists[v as usize].push(w);
                lists[w as usize].push(v);
            }
        };
        if rng.gen_bool(0.5) {
            // Sparse: a random tree and a few more edges, so that the hole is far and
            // chases are long (where the rules about the hole decide).
            let mut order: Vec<u32> = (0..n).collect();
            order.shuffle(rng);
            for i in 1..n as usize {
                let parent = order[rng.gen_range(0..i)];
                link(&mut lists, order[i], parent);
            }
            for _ in 0..rng.gen_range(0..=n / 4) {
                let (v, w) = (rng.gen_range(0..n), rng.gen_range(0..n));
                link(&mut lists, v, w);
            }
        } else {
            for v in 0..n {
                for w in v + 1..n {
                    if rng.gen_bool(density) {
                        link(&mut lists, v, w);
                    }
                }
            }
        }
        if lists[1].is_empty() {
            link(&mut lists, 1, (1 + rng.gen_range(1..n)) % n);
        }
        if lists[2].iter().all(|&c| c == 0) {
            let others: Vec<u32> = (1..n).filter(|&w| w != 2).collect();
            link(&mut lists, 2, *others.choose(rng).expect("n ≥ 3"));
        }
        // The rules' own axes, each in half the boards: the cat next to the hole (its
        // forbidden move), and the mouse not next to it (it has a way to go).
        if rng.gen_bool(0.5) {
            link(&mut lists, 2, 0);
        }
        if n > 3 && rng.gen_bool(0.5) && lists[1].len() > 1 {
            lists[1].retain(|&w| w != 0);
            lists[0].retain(|&w| w != 1);
        }
        for list in &mut lists {
            list.shuffle(rng);
        }
    } else {
        for list in &mut lists {
            let d = rng.gen_range(0..=((f64::from(n) * density) as u32 + 1));
            *list = (0..d).map(|_| rng.gen_range(0..n)).collect();
        }
    }
    Instance { lists }
}

/// Boards of 3 to `max_n` nodes: within the official limits (symmetric
/// lists without self-listing or repeats; nodes 1 and 2 joined if either needs a
/// neighbour) when `official`, else any listings; in half of them the cat's node is
/// next to the hole.
pub fn strategy(max_n: u32, official: bool) -> impl Strategy<Value = Instance> {
    (
        3..=max_n.max(3),
        prop::collection::vec((0..RAW_IDS, 0..RAW_IDS), 0..=24),
        any::<bool>(),
    )
        .prop_map(move |(n, raw, cat_by_the_hole)| {
            let mut lists = vec![Vec::new(); n as usize];
            for (v, w) in raw.into_iter().map(|(a, b)| (a % n, b % n)) {
                if !official {
                    lists[v as usize].push(w);
                } else if v != w && !lists[v as usize].contains(&w) {
                    lists[v as usize].push(w);
                    lists[w as usize].push(v);
                }
            }
            if official && (lists[1].is_empty() || lists[2].iter().all(|&c| c == 0)) {
                lists[1].push(2);
                lists[2].push(1);
            }
            // The cat next to the hole: its forbidden move is there to be taken.
            if cat_by_the_hole && !lists[2].contains(&0) {
                lists[2].push(0);
                lists[0].push(2);
            }
            Instance { lists }
        })
}

/// A board rebuilt through `map` (old node → new node, or gone) on `n` nodes:
/// nodes that map to one node pool their lists; with `simple`, self-listing and
/// repeats are dropped (the official limits forbid both).
fn remapped(c: &Instance, n: u32, map: impl Fn(u32) -> Option<u32>, simple: bool) -> Instance {
    let mut lists = vec![Vec::new(); n as usize];
    for (v, list) in c.lists.iter().enumerate() {
        let Some(nv) = map(v as u32) else { continue };
        for w in list.iter().filter_map(|&w| map(w)) {
            let target: &mut Vec<u32> = &mut lists[nv as usize];
            if simple && (w == nv || target.contains(&w)) {
                continue;
            }
            target.push(w);
        }
    }
    Instance { lists }
}

/// The board without node `v` (its listings go, later nodes shift down).
fn without_node(c: &Instance, v: u32) -> Instance {
    remapped(
        c,
        c.n() - 1,
        |x| match x.cmp(&v) {
            std::cmp::Ordering::Less => Some(x),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(x - 1),
        },
        false,
    )
}

/// The board's edges as the shrinker removes them: within the official limits the
/// undirected edges `(v, w)`, `v < w` (each removal takes both listings); outside them
/// every listing on its own.
fn edges(c: &Instance, official: bool) -> Vec<(u32, u32)> {
    c.lists
        .iter()
        .enumerate()
        .flat_map(|(v, list)| list.iter().map(move |&w| (v as u32, w)))
        .filter(|&(v, w)| !official || v < w)
        .collect()
}

/// The board with only the listings of `kept` (both directions of each when
/// `official`), in their old order.
fn with_edges(c: &Instance, kept: &[(u32, u32)], official: bool) -> Instance {
    let keep: HashSet<(u32, u32)> = kept
        .iter()
        .flat_map(|&(v, w)| [(v, w)].into_iter().chain(official.then_some((w, v))))
        .collect();
    let lists = c
        .lists
        .iter()
        .enumerate()
        .map(|(v, list)| {
            list.iter()
                .copied()
                .filter(|&w| keep.contains(&(v as u32, w)))
                .collect()
        })
        .collect();
    Instance { lists }
}

/// Boards with the hole, the mouse's or the cat's start moved to another node
/// (the two swap numbers) and the old one removed: nodes 0, 1 and 2 are never
/// removable by themselves.
pub fn moved_starts(c: &Instance) -> Vec<Instance> {
    let mut out = Vec::new();
    for start in 0..3u32 {
        for w in 3..c.n() {
            let swapped = remapped(
                c,
                c.n(),
                |x| {
                    Some(if x == start {
                        w
                    } else if x == w {
                        start
                    } else {
                        x
                    })
                },
                false,
            );
            out.push(without_node(&swapped, w));
        }
    }
    out
}

/// Boards with two adjacent nodes merged, the second one (never 0, 1 or 2)
/// into the first (self-listing and repeats dropped when `official`).
pub fn merges(c: &Instance, official: bool) -> Vec<Instance> {
    let pairs = adjacent_pairs(&edges(c, false));
    pairs
        .into_iter()
        .filter(|&(_, v)| v >= 3)
        .map(|(u, v)| remapped(c, c.n() - 1, |x| Some(after_merge(x, u, v)), official))
        .collect()
}
