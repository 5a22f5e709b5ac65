//! `pursuit` as the harness tests it: random chases on random directed graphs, their
//! shrinking (fewer edges and vertices, merged vertices, moved start vertices) and
//! fuzz decoding.

use super::graph::{
    adjacent_pairs, after_merge, drop_vertex, fewer_edges, merged, random_edges, single_edge_removals,
};
use crate::contest::{Contest, Rules};
use crate::bytes::Bytes;
use super::graph::{vertices_and_edges, RAW_IDS};
use crate::problems::pursuit::Instance;
use crate::problems::ContestProblem;
use crate::shrink::contest::contest_pass;
use crate::shrink::Passes;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

impl Contest for Instance {
    /// The samples of the statement (`corpus/pursuit/sample*.in`).
    const SAMPLES: &'static [&'static str] = &["3\n5 3\n1 2\n3 4\n4 5\n3 1\n4 3\n1 2\n2 3\n3 4\n1 2\n3 3\n1 2\n2 3\n3 1\n2 1\n"];

    fn as_instance(&self) -> Option<crate::problems::Instance> {
        Some(crate::problems::Registered::into_instance(self.clone()))
    }

    /// The original's time limit is not known (its page plans for a few seconds over
    /// all test cases together): 2 s.
    const TIME_LIMIT: Duration = Duration::from_secs(2);

    fn generate(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        let official = !rules.edge_cases;
        if rules.within::<Instance>(n) {
            instance(rng, n, official)
        } else {
            // Beyond the official size: about 1 to 4 edges a vertex.
            let edges = u64::from(n) * rng.gen_range(1..=4);
            instance_with(rng, n, edges, official)
        }
    }

    fn generate_with_edges(rng: &mut ChaCha8Rng, n: u32, edges: u64, official: bool) -> Option<Instance> {
        Some(instance_with(rng, n, edges, official))
    }

    fn max_edges(n: u32, official: bool) -> u64 {
        let n = u64::from(n.max(2));
        if official {
            n * (n - 1)
        } else {
            u64::MAX
        }
    }

    /// A long directed path (Bob runs ahead of Alice until he is stuck or caught, about
    /// 2n moves), now and then closed into a cycle or given a few chords.
    fn long(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        let official = rules.official_at::<Instance>(n);
        let n = if rules.within::<Instance>(n) {
            n.clamp(2, Instance::OFFICIAL_MAX)
        } else {
            n.max(2)
        };
        let mut order: Vec<u32> = (0..n).collect();
        order.shuffle(rng);
        let mut edges: Vec<(u32, u32)> = order.windows(2).map(|w| (w[0], w[1])).collect();
        if n > 2 && rng.gen_bool(0.3) {
            edges.push((order[n as usize - 1], order[rng.gen_range(0..n as usize - 1)]));
        }
        for _ in 0..rng.gen_range(0..=n / 8) {
            let (a, b) = (rng.gen_range(0..n), rng.gen_range(0..n));
            if a != b && !(official && edges.contains(&(a, b))) {
                edges.push((a, b));
            }
        }
        // Bob just ahead of Alice, near the start of the path.
        let at = rng.gen_range(0..(n as usize / 4).max(1));
        let (alice, bob) = (order[at], order[at + 1]);
        Instance { n, edges, bob, alice }
    }

    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> Instance {
        crate::contest::mutated(self, rng, official, |p, rng| {
            let n = p.n;
            let mut c = p.clone();
            match rng.gen_range(0..5) {
                0 => c.edges.push((rng.gen_range(0..n), rng.gen_range(0..n))),
                1 | 2 if !c.edges.is_empty() => {
                    let i = rng.gen_range(0..c.edges.len());
                    if rng.gen_bool(0.5) {
                        c.edges.remove(i);
                    } else {
                        c.edges[i] = (rng.gen_range(0..n), rng.gen_range(0..n));
                    }
                }
                3 => c.bob = rng.gen_range(0..n),
                _ => c.alice = rng.gen_range(0..n),
            }
            (c != *p).then_some(c)
        })
    }

    fn units(positions: usize) -> u32 {
        ((positions / 2) as f64).sqrt().max(2.0) as u32
    }

    fn strategy(max_positions: usize) -> BoxedStrategy<Instance> {
        strategy(Instance::units(max_positions)).boxed()
    }

    /// Twenty: its rules bite on a forced move onto the other player, which few random
    /// graphs have (at weight 4, `pursuit-no-catch` survived 256 cases).
    const WEIGHT: u32 = 20;

    fn passes(official: bool) -> Passes<Instance> {
        crate::contest::passes(
            official,
            Vec::new(),
            &[("edge chunks", |p, parts, _| {
                fewer_edges(&p.edges, parts)
                    .map(|edges| Instance { edges, ..p.clone() })
                    .collect()
            })],
            vec![
                contest_pass("merges", official, merges),
                contest_pass("moved starts", official, |p, _| moved_starts(p)),
            ],
        )
    }

    fn single_removals(&self, official: bool) -> Vec<Instance> {
        let p = self;
        let vertices = (0..p.n)
            .filter(|&v| p.n > 1 && v != p.bob && v != p.alice)
            .map(|v| Instance {
                n: p.n - 1,
                edges: drop_vertex(&p.edges, v),
                bob: p.bob - u32::from(p.bob > v),
                alice: p.alice - u32::from(p.alice > v),
            });
        let edges = single_edge_removals(&p.edges).map(|edges| Instance { edges, ..p.clone() });
        vertices
            .chain(edges)
            .filter(|c| !official || c.is_official())
            .collect()
    }

    fn largest_product(n: u64) -> (u64, u64) {
        (n.saturating_mul(n).saturating_mul(2), n.min(64))
    }

    const FUZZED: bool = true;

    fn decode(b: &mut Bytes) -> Option<Instance> {
        let (n, edges) = b.graph()?;
        let (bob, alice) = (u32::from(b.byte()) % n, u32::from(b.byte()) % n);
        Some(Instance { n, edges, bob, alice })
    }

    fn encode(&self, out: &mut Vec<u8>) -> Option<()> {
        crate::bytes::encode_graph(out, self.n, &self.edges)?;
        out.extend([self.bob as u8, self.alice as u8]);
        Some(())
    }
}

/// A random instance on `n` vertices; within the official limits when `official` (no
/// self-loops or duplicate edges, m ≥ 1, x ≠ y, 2 ≤ n ≤ 100).
pub(crate) fn instance(rng: &mut impl Rng, n: u32, official: bool) -> Instance {
    let n = if official {
        n.clamp(2, Instance::OFFICIAL_MAX)
    } else {
        n.max(1)
    };
    let pairs = u64::from(n) * u64::from(n - u32::from(official));
    let count = (pairs as f64 * rng.gen_range(0.05..0.6)) as u64;
    instance_with(rng, n, count.max(1), official)
}

/// A random instance with `n` vertices and `m` edges (fewer if `official` and there are
/// not that many distinct pairs).
pub fn instance_with(rng: &mut impl Rng, n: u32, m: u64, official: bool) -> Instance {
    let n = n.max(1 + u32::from(official));
    let edges = random_edges(rng, n, m, official, official);
    let bob = rng.gen_range(0..n);
    let mut alice = rng.gen_range(0..n);
    if official && alice == bob {
        alice = (bob + rng.gen_range(1..n)) % n;
    }
    Instance { n, edges, bob, alice }
}

/// Instances with at most `max_n` vertices, any edges (self-loops, duplicates, x = y
/// included: the solver must handle them by the rules).
pub(crate) fn strategy(max_n: u32) -> impl Strategy<Value = Instance> {
    (vertices_and_edges(max_n, 12), 0..RAW_IDS, 0..RAW_IDS).prop_map(|((n, edges), x, y)| Instance {
        n,
        edges: edges.into_iter().map(|(a, b)| (a % n, b % n)).collect(),
        bob: x % n,
        alice: y % n,
    })
}

/// Instances with Bob (or Alice) moved to another vertex and his old start vertex
/// removed: a start vertex is never removable by itself, and a failure seldom needs the
/// one it was found with.
pub(crate) fn moved_starts(p: &Instance) -> Vec<Instance> {
    let mut out = Vec::new();
    for bob_moves in [true, false] {
        let old = if bob_moves { p.bob } else { p.alice };
        for w in (0..p.n).filter(|&w| w != p.bob && w != p.alice) {
            let (bob, alice) = if bob_moves { (w, p.alice) } else { (p.bob, w) };
            out.push(Instance {
                n: p.n - 1,
                edges: drop_vertex(&p.edges, old),
                bob: bob - u32::from(bob > old),
                alice: alice - u32::from(alice > old),
            });
        }
    }
    out
}

/// Instances with two vertices joined by an edge merged into one (self-loops and
/// duplicate edges dropped when `official`).
pub(crate) fn merges(p: &Instance, official: bool) -> Vec<Instance> {
    adjacent_pairs(&p.edges)
        .into_iter()
        .map(|(u, v)| Instance {
            n: p.n - 1,
            edges: merged(&p.edges, u, v, false, official),
            bob: after_merge(p.bob, u, v),
            alice: after_merge(p.alice, u, v),
        })
        .collect()
}
