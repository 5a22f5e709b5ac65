//! The harness half of `timeflow`: random graphs and games within the limits (or with
//! the edge cases), a proptest strategy, and shrinking in contest form
//! ([`Contest`]).

use crate::problem::{Timeflow, MAX_EDGES, MAX_GAMES};
use retrocheck::contest::{chunks_removed, contest_pass, without_each, Contest, Passes, Rules};
use retrocheck::problems::ContestProblem;
use retrocheck::proptest::prelude::*;
use retrocheck::rand::seq::SliceRandom;
use retrocheck::rand::Rng;
use retrocheck::rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::time::Duration;

/// About how many positions and moves a generated input's product game may have: each
/// distinct goal is a layer of `2(n + m)`, so a large graph gets few distinct goals (its
/// games share them), and the expected output stays quick to prove.
pub const PRODUCT_BUDGET: u64 = 2_000_000;

impl Contest for Timeflow {
    /// The original's limit: 1.5 s.
    const TIME_LIMIT: Duration = Duration::from_millis(1500);

    /// The statement's two samples: the first tests of a set `retrocheck-timeflow
    /// tests timeflow --out DIR` writes.
    const SAMPLES: &'static [&'static str] = &[
        "7 7 1\n1 2\n2 3\n3 4\n4 5\n3 6\n7 5\n6 7\n1 5\n",
        "5 5 2\n1 2\n2 3\n3 1\n3 4\n4 5\n1 5\n4 3\n",
    ];

    fn generate(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Timeflow {
        let n = if rules.within::<Timeflow>(n) {
            n.min(Timeflow::OFFICIAL_MAX)
        } else {
            n
        };
        instance(rng, n, !rules.edge_cases)
    }

    fn generate_with_edges(rng: &mut ChaCha8Rng, n: u32, edges: u64, official: bool) -> Option<Timeflow> {
        Some(instance_with(rng, n, edges, official))
    }

    fn max_edges(n: u32, official: bool) -> u64 {
        let n = u64::from(n.max(2));
        if official {
            (n * (n - 1)).min(MAX_EDGES)
        } else {
            u64::MAX
        }
    }

    fn units(positions: usize) -> u32 {
        // The strategy's inputs have at most 4 distinct goals: 8 positions a vertex.
        (positions / 8).max(2) as u32
    }

    fn strategy(max_positions: usize) -> BoxedStrategy<Timeflow> {
        strategy(Timeflow::units(max_positions)).boxed()
    }

    fn passes(official: bool) -> Passes<Timeflow> {
        retrocheck::contest::passes(
            official,
            // What no game's start reaches cannot matter to a right answer: all of it first.
            vec![contest_pass("unreachable vertices", official, |t, _| {
                unreachable_dropped(t).into_iter().collect()
            })],
            &[
                ("edge chunks", |t, parts, _| {
                    chunks_removed(&t.edges, parts)
                        .map(|edges| Timeflow { edges, ..t.clone() })
                        .collect()
                }),
                ("game chunks", |t, parts, _| {
                    chunks_removed(&t.games, parts)
                        .map(|games| Timeflow { games, ..t.clone() })
                        .collect()
                }),
            ],
            vec![
                contest_pass("merges", official, merges),
                contest_pass("moved games", official, |t, _| moved_games(t)),
            ],
        )
    }

    /// One vertex that no game uses (its edges go with it), one edge, or one game.
    fn single_removals(&self, official: bool) -> Vec<Timeflow> {
        let t = self;
        let used = used_vertices(t);
        let vertices = (0..t.n)
            .filter(|v| !used.contains(v))
            .map(|v| without_vertex(t, v));
        let edges = without_each(&t.edges).map(|edges| Timeflow { edges, ..t.clone() });
        let games = without_each(&t.games).map(|games| Timeflow { games, ..t.clone() });
        vertices
            .chain(edges)
            .chain(games)
            .filter(|c| !official || c.is_official())
            .collect()
    }

    /// A long directed path with a few chords, and games that start near its head and
    /// end on its tail: a token travels far before someone reaches the goal.
    fn long(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Timeflow {
        let official = !rules.edge_cases;
        let n = if rules.within::<Timeflow>(n) {
            n.clamp(2, Timeflow::OFFICIAL_MAX)
        } else {
            n.max(2)
        };
        let mut order: Vec<u32> = (0..n).collect();
        order.shuffle(rng);
        let mut edges: Vec<(u32, u32)> = order.windows(2).map(|w| (w[0], w[1])).collect();
        for _ in 0..rng.gen_range(0..=n / 8) {
            let (a, b) = (rng.gen_range(0..n), rng.gen_range(0..n));
            if a != b && !(official && edges.contains(&(a, b))) {
                edges.push((a, b));
            }
        }
        let goal = order[n as usize - 1 - rng.gen_range(0..(n as usize / 4).max(1))];
        let games = (0..rng.gen_range(1..=4))
            .map(|_| (order[rng.gen_range(0..(n as usize / 4).max(1))], goal))
            .filter(|&(x, y)| x != y)
            .collect::<Vec<_>>();
        let games = if games.is_empty() {
            vec![(order[0], order[n as usize - 1])]
        } else {
            games
        };
        Timeflow { n, edges, games }
    }

    /// An edge added, removed or rewired, or a game's start moved.
    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> Timeflow {
        retrocheck::contest::mutated(self, rng, official, |t, rng| {
            let n = t.n;
            let mut c = t.clone();
            match rng.gen_range(0..4) {
                0 => c.edges.push((rng.gen_range(0..n), rng.gen_range(0..n))),
                1 if !c.edges.is_empty() => {
                    c.edges.remove(rng.gen_range(0..c.edges.len()));
                }
                2 if !c.edges.is_empty() => {
                    let i = rng.gen_range(0..c.edges.len());
                    c.edges[i] = (rng.gen_range(0..n), rng.gen_range(0..n));
                }
                _ if !c.games.is_empty() => {
                    let i = rng.gen_range(0..c.games.len());
                    c.games[i].0 = rng.gen_range(0..n);
                }
                _ => return None,
            }
            (c != *t).then_some(c)
        })
    }

    fn largest_product(n: u64) -> (u64, u64) {
        // Within the budget, or one layer when a single one is larger: 3 edges a vertex.
        let layer = 2 * (n + 3 * n);
        let layers = (PRODUCT_BUDGET / layer.max(1)).clamp(1, MAX_GAMES as u64);
        (n.saturating_mul(2).saturating_mul(layers), 3)
    }
}

/// A random input on about `n` vertices. Within the limits when `official`: 1 to 3
/// edges a vertex on average (some vertices stuck, many cycles), no self-loops or
/// repeated edges, 1 to 2n games (at most 500) on a few distinct goals (see
/// [`PRODUCT_BUDGET`]), each start different from its goal. Otherwise also self-loops,
/// repeated edges, no edges at all, and games that start on their goal.
pub fn instance(rng: &mut impl Rng, n: u32, official: bool) -> Timeflow {
    let n = n.max(1 + u32::from(official));
    let m = if !official && rng.gen_ratio(1, 8) {
        0
    } else {
        (f64::from(n) * rng.gen_range(0.5..3.0)).max(1.0) as u64
    };
    instance_with(rng, n, m, official)
}

/// A random input with `n` vertices and `m` edges (fewer when `official` and there are
/// not that many distinct pairs, or more than the limit).
pub fn instance_with(rng: &mut impl Rng, n: u32, m: u64, official: bool) -> Timeflow {
    let n = n.max(1 + u32::from(official));
    let m = if official {
        m.min(Timeflow::max_edges(n, true))
    } else {
        m
    };
    let edges = random_edges(rng, n, m, official);
    let layer = 2 * (u64::from(n) + m);
    let most_goals = (PRODUCT_BUDGET / layer.max(1)).clamp(1, MAX_GAMES.min(n as usize) as u64) as usize;
    let mut goals: Vec<u32> = (0..n).collect();
    goals.shuffle(rng);
    goals.truncate(rng.gen_range(1..=most_goals));
    let q = rng.gen_range(goals.len()..=goals.len().max(MAX_GAMES.min(2 * n as usize)));
    let games = (0..q)
        .map(|j| {
            let y = if j < goals.len() {
                goals[j]
            } else {
                goals[rng.gen_range(0..goals.len())]
            };
            let x = if official || !rng.gen_ratio(1, 8) {
                (y + rng.gen_range(1..n.max(2))) % n
            } else {
                y
            };
            (x, y)
        })
        .collect();
    let mut t = Timeflow { n, edges, games };
    t.games.shuffle(rng);
    t
}

/// `count` random edges on `n` vertices; without self-loops or repeated edges when
/// `simple`.
fn random_edges(rng: &mut impl Rng, n: u32, count: u64, simple: bool) -> Vec<(u32, u32)> {
    let mut seen = HashSet::new();
    let mut edges = Vec::with_capacity(count as usize);
    while (edges.len() as u64) < count {
        let (u, v) = (rng.gen_range(0..n), rng.gen_range(0..n));
        if simple && (u == v || !seen.insert((u, v))) {
            continue;
        }
        edges.push((u, v));
    }
    edges
}

/// Raw ids are drawn below this and taken modulo the vertex count, so that a vertex
/// count proptest shrinks keeps every other choice valid.
const RAW_IDS: u32 = 64;

/// Inputs within the limits on 2 to `max_n` vertices: at most 12 edges and 4 games, the
/// constraints kept by the mapping (no self-loops or repeated edges, x ≠ y), so that they
/// hold while proptest shrinks.
pub fn strategy(max_n: u32) -> impl Strategy<Value = Timeflow> {
    (
        2..=max_n.max(2),
        prop::collection::vec((0..RAW_IDS, 0..RAW_IDS), 1..=12),
        prop::collection::vec((0..RAW_IDS, 0..RAW_IDS), 1..=4),
    )
        .prop_map(|(n, raw_edges, raw_games)| {
            // Any pair but a loop: the second id skips the first.
            let pair = |a: u32, b: u32| {
                let (a, b) = (a % n, b % (n - 1));
                (a, if b >= a { b + 1 } else { b })
            };
            let mut edges = Vec::new();
            for (a, b) in raw_edges {
                let edge = pair(a, b);
                if !edges.contains(&edge) {
                    edges.push(edge);
                }
            }
            let games = raw_games.into_iter().map(|(a, b)| pair(a, b)).collect();
            Timeflow { n, edges, games }
        })
}

/// The vertices some game starts or ends on.
fn used_vertices(t: &Timeflow) -> HashSet<u32> {
    t.games.iter().flat_map(|&(x, y)| [x, y]).collect()
}

/// The vertex `x` becomes when vertex `v` goes (or merges into another).
fn shifted(x: u32, v: u32) -> u32 {
    x - u32::from(x > v)
}

/// `t` without vertex `v` and its edges; later vertices shift down. No game may use `v`.
fn without_vertex(t: &Timeflow, v: u32) -> Timeflow {
    Timeflow {
        n: t.n - 1,
        edges: t
            .edges
            .iter()
            .filter(|&&(a, b)| a != v && b != v)
            .map(|&(a, b)| (shifted(a, v), shifted(b, v)))
            .collect(),
        games: t
            .games
            .iter()
            .map(|&(x, y)| (shifted(x, v), shifted(y, v)))
            .collect(),
    }
}

/// `t` without the vertices that no game's start reaches and no game ends on, if there
/// are any.
pub fn unreachable_dropped(t: &Timeflow) -> Option<Timeflow> {
    if t.games.is_empty() {
        return None;
    }
    let n = t.n as usize;
    let mut adjacent = vec![Vec::new(); n];
    for &(a, b) in &t.edges {
        adjacent[a as usize].push(b);
    }
    let mut keep = vec![false; n];
    let mut stack = Vec::new();
    for &(x, _) in &t.games {
        if !std::mem::replace(&mut keep[x as usize], true) {
            stack.push(x);
        }
    }
    while let Some(v) = stack.pop() {
        for &w in &adjacent[v as usize] {
            if !std::mem::replace(&mut keep[w as usize], true) {
                stack.push(w);
            }
        }
    }
    for &(_, y) in &t.games {
        keep[y as usize] = true;
    }
    if keep.iter().all(|&k| k) {
        return None;
    }
    // New ids in order; the kept vertices keep their relative order.
    let mut id = vec![u32::MAX; n];
    let mut next = 0;
    for v in 0..n {
        if keep[v] {
            id[v] = next;
            next += 1;
        }
    }
    Some(Timeflow {
        n: next,
        edges: t
            .edges
            .iter()
            .filter(|&&(a, b)| keep[a as usize] && keep[b as usize])
            .map(|&(a, b)| (id[a as usize], id[b as usize]))
            .collect(),
        games: t
            .games
            .iter()
            .map(|&(x, y)| (id[x as usize], id[y as usize]))
            .collect(),
    })
}

/// Inputs with two vertices joined by an edge merged into one (the self-loops and
/// repeated edges that makes are dropped when `official`).
pub fn merges(t: &Timeflow, official: bool) -> Vec<Timeflow> {
    let mut pairs = Vec::new();
    for &(a, b) in &t.edges {
        let pair = (a.min(b), a.max(b));
        if a != b && !pairs.contains(&pair) {
            pairs.push(pair);
        }
    }
    pairs
        .into_iter()
        .map(|(u, v)| {
            let rename = |x: u32| shifted(if x == v { u } else { x }, v);
            let mut seen = HashSet::new();
            Timeflow {
                n: t.n - 1,
                edges: t
                    .edges
                    .iter()
                    .map(|&(a, b)| (rename(a), rename(b)))
                    .filter(|&(a, b)| !official || (a != b && seen.insert((a, b))))
                    .collect(),
                games: t.games.iter().map(|&(x, y)| (rename(x), rename(y))).collect(),
            }
        })
        .collect()
}

/// Inputs with one game's start moved to another vertex no game uses, and its old start
/// removed when no other game uses it: a start is never removable by itself.
pub fn moved_games(t: &Timeflow) -> Vec<Timeflow> {
    let used = used_vertices(t);
    let mut out = Vec::new();
    for (j, &(x, _)) in t.games.iter().enumerate() {
        for w in (0..t.n).filter(|w| !used.contains(w)) {
            let mut moved = t.clone();
            moved.games[j].0 = w;
            if moved.games.iter().all(|&(a, b)| a != x && b != x) {
                moved = without_vertex(&moved, x);
            }
            out.push(moved);
        }
    }
    out
}
