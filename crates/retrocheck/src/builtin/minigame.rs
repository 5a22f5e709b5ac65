//! `minigame` as the harness tests it: random team games on random directed graphs,
//! their shrinking (fewer arcs and vertices, merged vertices, fewer actors, B players
//! made A) and fuzz decoding.

use super::graph::{adjacent_pairs, drop_vertex, fewer_edges, merged, random_edges, single_edge_removals};
use crate::contest::{Contest, Rules};
use crate::bytes::Bytes;
use crate::game::Side;
use super::graph::vertices_and_edges;
use crate::problems::minigame::Instance;
use crate::shrink::contest::contest_pass;
use crate::shrink::Passes;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

impl Contest for Instance {
    /// The samples of the statement (`corpus/minigame/sample*.in`).
    const SAMPLES: &'static [&'static str] = &["3\n3 3\n1 2\n2 3\n3 1\nAAABBB\n000000\n4 4\n1 2\n2 3\n3 3\n2 4\nABABAB\n000000\n5 5\n1 2\n2 1\n2 3\n3 4\n4 5\nAABBAB\n010001\n"];

    fn as_instance(&self) -> Option<crate::problems::Instance> {
        Some(crate::problems::Registered::into_instance(self.clone()))
    }

    /// The original's limit: 6 s.
    const TIME_LIMIT: Duration = Duration::from_secs(6);

    /// 1,000: the official 100,000 vertices make a product of 600,000 positions; a
    /// token's long forced lines fit well below it.
    const DEFAULT_MAX_SIZE: u32 = 1_000;

    fn generate(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        instance(rng, n, !rules.edge_cases)
    }

    fn generate_with_edges(rng: &mut ChaCha8Rng, n: u32, edges: u64, official: bool) -> Option<Instance> {
        Some(instance_with(rng, n, edges, official))
    }

    fn max_edges(n: u32, official: bool) -> u64 {
        if official {
            u64::from(n) * u64::from(n)
        } else {
            u64::MAX
        }
    }

    /// A long chain of arcs with a few chords, its end rarely joined back into a cycle:
    /// the token travels far, around the loops the chords make, before a team is stuck
    /// (29.6% of these go beyond n moves at up to 100 vertices; closing the chain 4
    /// times in 10, as at first, makes endless play instead: 18.7%).
    fn long(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        let n = n.max(2);
        let mut order: Vec<u32> = (0..n).collect();
        order.shuffle(rng);
        let mut arcs: Vec<(u32, u32)> = order.windows(2).map(|w| (w[0], w[1])).collect();
        if rng.gen_bool(0.1) {
            arcs.push((order[n as usize - 1], order[rng.gen_range(0..n as usize)]));
        }
        for _ in 0..rng.gen_range(0..=(n / 8).max(2)) {
            let arc = (rng.gen_range(0..n), rng.gen_range(0..n));
            if rules.edge_cases || !arcs.contains(&arc) {
                arcs.push(arc);
            }
        }
        let order = std::array::from_fn(|_| if rng.gen() { Side::A } else { Side::B });
        let actors = std::array::from_fn(|_| rng.gen_bool(0.3));
        Instance { n, arcs, order, actors }
    }

    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> Instance {
        crate::contest::mutated(self, rng, official, |m, rng| {
            let n = m.n;
            let mut c = m.clone();
            match rng.gen_range(0..5) {
                0 => c.arcs.push((rng.gen_range(0..n), rng.gen_range(0..n))),
                1 | 2 if !c.arcs.is_empty() => {
                    let i = rng.gen_range(0..c.arcs.len());
                    if rng.gen_bool(0.5) {
                        c.arcs.remove(i);
                    } else {
                        c.arcs[i] = (rng.gen_range(0..n), rng.gen_range(0..n));
                    }
                }
                3 => {
                    let k = rng.gen_range(0..6);
                    c.order[k] = c.order[k].other();
                }
                _ => {
                    let k = rng.gen_range(0..6);
                    c.actors[k] = !c.actors[k];
                }
            }
            (c != *m).then_some(c)
        })
    }

    fn units(positions: usize) -> u32 {
        (positions / 6).max(1) as u32
    }

    fn strategy(max_positions: usize) -> BoxedStrategy<Instance> {
        strategy(Instance::units(max_positions)).boxed()
    }

    fn passes(official: bool) -> Passes<Instance> {
        crate::contest::passes(
            official,
            Vec::new(),
            &[("arc chunks", |m, parts, _| {
                fewer_edges(&m.arcs, parts)
                    .map(|arcs| Instance { arcs, ..m.clone() })
                    .collect()
            })],
            vec![
                contest_pass("merges", official, merges),
                contest_pass("actors", official, |m, _| fewer_actors(m)),
                contest_pass("B players", official, |m, _| fewer_b_players(m)),
            ],
        )
    }

    fn single_removals(&self, official: bool) -> Vec<Instance> {
        let m = self;
        let vertices = (0..m.n).filter(|_| m.n > 1).map(|v| Instance {
            n: m.n - 1,
            arcs: drop_vertex(&m.arcs, v),
            ..m.clone()
        });
        let arcs = single_edge_removals(&m.arcs).map(|arcs| Instance { arcs, ..m.clone() });
        vertices
            .chain(arcs)
            .filter(|c| !official || c.is_official())
            .collect()
    }

    fn largest_product(n: u64) -> (u64, u64) {
        (n.saturating_mul(8), 8)
    }

    const FUZZED: bool = true;

    fn decode(b: &mut Bytes) -> Option<Instance> {
        let (n, arcs) = b.graph()?;
        let (ord, act) = (b.byte(), b.byte());
        Some(Instance {
            n,
            arcs,
            order: std::array::from_fn(|k| if ord >> k & 1 == 1 { Side::B } else { Side::A }),
            actors: std::array::from_fn(|k| act >> k & 1 == 1),
        })
    }

    fn encode(&self, out: &mut Vec<u8>) -> Option<()> {
        crate::bytes::encode_graph(out, self.n, &self.arcs)?;
        let bits = |f: &dyn Fn(usize) -> bool| (0..6).fold(0u8, |acc, k| acc | u8::from(f(k)) << k);
        out.push(bits(&|k| self.order[k] == Side::B));
        out.push(bits(&|k| self.actors[k]));
        Some(())
    }
}

/// A random instance on `n` vertices; within the official limits when `official`
/// (m ≥ 1, no duplicate arcs; self-loops are allowed).
pub(crate) fn instance(rng: &mut impl Rng, n: u32, official: bool) -> Instance {
    let n = n.max(1);
    let count = (f64::from(n) * rng.gen_range(0.5..2.5)) as u64;
    instance_with(rng, n, count.clamp(1, 200_000), official)
}

/// A random instance with `n` vertices and `m` arcs.
pub(crate) fn instance_with(rng: &mut impl Rng, n: u32, m: u64, official: bool) -> Instance {
    let n = n.max(1);
    let arcs = random_edges(rng, n, m, false, official);
    let order = std::array::from_fn(|_| if rng.gen() { Side::A } else { Side::B });
    let actors = std::array::from_fn(|_| rng.gen_bool(0.3));
    Instance {
        n,
        arcs,
        order,
        actors,
    }
}

/// Instances with at most `max_n` vertices.
pub(crate) fn strategy(max_n: u32) -> impl Strategy<Value = Instance> {
    (
        vertices_and_edges(max_n, 12),
        any::<[bool; 6]>(),
        any::<[bool; 6]>(),
    )
        .prop_map(|((n, arcs), order, actors)| Instance {
            n,
            arcs: arcs.into_iter().map(|(a, b)| (a % n, b % n)).collect(),
            order: order.map(|b| if b { Side::B } else { Side::A }),
            actors,
        })
}

/// Instances with one actor fewer.
pub(crate) fn fewer_actors(m: &Instance) -> Vec<Instance> {
    (0..6)
        .filter(|&k| m.actors[k])
        .map(|k| {
            let mut actors = m.actors;
            actors[k] = false;
            Instance { actors, ..m.clone() }
        })
        .collect()
}

/// Instances with one player of team B moved to team A.
pub(crate) fn fewer_b_players(m: &Instance) -> Vec<Instance> {
    (0..6)
        .filter(|&k| m.order[k] == Side::B)
        .map(|k| {
            let mut order = m.order;
            order[k] = Side::A;
            Instance { order, ..m.clone() }
        })
        .collect()
}

/// Instances with two vertices joined by an arc merged into one (duplicate arcs dropped
/// when `official`; self-loops are allowed there).
pub(crate) fn merges(m: &Instance, official: bool) -> Vec<Instance> {
    adjacent_pairs(&m.arcs)
        .into_iter()
        .map(|(u, v)| Instance {
            n: m.n - 1,
            arcs: merged(&m.arcs, u, v, true, official),
            ..m.clone()
        })
        .collect()
}
