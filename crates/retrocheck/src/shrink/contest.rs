//! Shrinking passes for contest instances in contest form: fewer edges, fewer
//! vertices, merged vertices, moved start vertices — candidates that stay valid
//! inputs of the problem (within its official limits when asked).

use crate::game::Side;
use crate::problems::{berzerk, catmouse, minigame, pursuit, shiritori, Instance};
use crate::shrink::{chunks, pass, Pass, Passes};
use std::collections::HashSet;

/// Removes vertex `v` from a contest graph: its edges go, later vertices shift down.
fn drop_vertex(edges: &[(u32, u32)], v: u32) -> Vec<(u32, u32)> {
    let shift = |x: u32| if x > v { x - 1 } else { x };
    edges
        .iter()
        .filter(|&&(a, b)| a != v && b != v)
        .map(|&(a, b)| (shift(a), shift(b)))
        .collect()
}

/// Edge lists with one of `parts` chunks (at least 2 edges each) removed.
fn fewer_edges(edges: &[(u32, u32)], parts: usize) -> impl Iterator<Item = Vec<(u32, u32)>> + '_ {
    chunks(edges.len(), parts, 2).map(move |(s, e)| edges[..s].iter().chain(&edges[e..]).copied().collect())
}

/// Edge chunk passes: halves, quarters, … (2^12 parts covers the 9,900 edges of an
/// official pursuit instance; larger lists end in single removals).
const EDGE_PARTS: u32 = 12;

/// The contest graph with vertex `v` merged into `u` (edges renamed, `v` dropped, later
/// vertices shifted down); `simple` drops the self-loops and duplicates this makes.
fn merged(edges: &[(u32, u32)], u: u32, v: u32, loops: bool, simple: bool) -> Vec<(u32, u32)> {
    let rename = |x: u32| {
        let x = if x == v { u } else { x };
        if x > v {
            x - 1
        } else {
            x
        }
    };
    let mut seen = HashSet::new();
    edges
        .iter()
        .map(|&(a, b)| (rename(a), rename(b)))
        .filter(|&(a, b)| !(simple && !loops && a == b))
        .filter(|&e| !simple || seen.insert(e))
        .collect()
}

/// The vertex a start vertex `x` becomes when `v` merges into `u` or goes.
fn after_merge(x: u32, u: u32, v: u32) -> u32 {
    let x = if x == v { u } else { x };
    x - u32::from(x > v)
}

/// Pairs `(u, v)`, `u < v`, joined by an edge either way, in edge order.
fn adjacent_pairs(edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut seen = HashSet::new();
    edges
        .iter()
        .filter(|&&(a, b)| a != b)
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .filter(|&e| seen.insert(e))
        .collect()
}

fn pursuit_of(i: &Instance) -> Option<&pursuit::Instance> {
    match i {
        Instance::Pursuit(p) => Some(p),
        _ => None,
    }
}

fn minigame_of(i: &Instance) -> Option<&minigame::Instance> {
    match i {
        Instance::Minigame(m) => Some(m),
        _ => None,
    }
}

fn berzerk_of(i: &Instance) -> Option<&berzerk::Instance> {
    match i {
        Instance::Berzerk(b) => Some(b),
        _ => None,
    }
}

fn shiritori_of(i: &Instance) -> Option<&shiritori::Instance> {
    match i {
        Instance::Shiritori(s) => Some(s),
        _ => None,
    }
}

fn catmouse_of(i: &Instance) -> Option<&catmouse::Instance> {
    match i {
        Instance::Catmouse(c) => Some(c),
        _ => None,
    }
}

/// A pass over one problem's instances (none for other problems), within the official
/// limits when `official`: `of` picks the problem's test case out of an instance,
/// `wrap` puts a candidate back.
fn problem_pass<P: 'static>(
    name: &'static str,
    official: bool,
    of: fn(&Instance) -> Option<&P>,
    wrap: fn(P) -> Instance,
    candidates: impl Fn(&P, bool) -> Vec<P> + 'static,
) -> Pass<Instance> {
    pass(
        name,
        move |i: &Instance, from| -> Box<dyn Iterator<Item = Instance> + '_> {
            let all = of(i).map(|p| candidates(p, official)).unwrap_or_default();
            Box::new(
                all.into_iter()
                    .map(wrap)
                    .filter(move |c| !official || c.is_official())
                    .skip(from),
            )
        },
    )
}

fn pursuit_pass(
    name: &'static str,
    official: bool,
    candidates: impl Fn(&pursuit::Instance, bool) -> Vec<pursuit::Instance> + 'static,
) -> Pass<Instance> {
    problem_pass(name, official, pursuit_of, Instance::Pursuit, candidates)
}

fn minigame_pass(
    name: &'static str,
    official: bool,
    candidates: impl Fn(&minigame::Instance, bool) -> Vec<minigame::Instance> + 'static,
) -> Pass<Instance> {
    problem_pass(name, official, minigame_of, Instance::Minigame, candidates)
}

fn berzerk_pass(
    name: &'static str,
    official: bool,
    candidates: impl Fn(&berzerk::Instance, bool) -> Vec<berzerk::Instance> + 'static,
) -> Pass<Instance> {
    problem_pass(name, official, berzerk_of, Instance::Berzerk, candidates)
}

fn shiritori_pass(
    name: &'static str,
    official: bool,
    candidates: impl Fn(&shiritori::Instance, bool) -> Vec<shiritori::Instance> + 'static,
) -> Pass<Instance> {
    problem_pass(name, official, shiritori_of, Instance::Shiritori, candidates)
}

fn catmouse_pass(
    name: &'static str,
    official: bool,
    candidates: impl Fn(&catmouse::Instance, bool) -> Vec<catmouse::Instance> + 'static,
) -> Pass<Instance> {
    problem_pass(name, official, catmouse_of, Instance::Catmouse, candidates)
}

/// `list` with one of `parts` chunks (at least 2 items each) removed.
fn fewer<T: Clone>(list: &[T], parts: usize) -> impl Iterator<Item = Vec<T>> + '_ {
    chunks(list.len(), parts, 2).map(move |(s, e)| list[..s].iter().chain(&list[e..]).cloned().collect())
}

/// `list` without its item `i`, for each `i`.
fn without_each<T: Clone>(list: &[T]) -> impl Iterator<Item = Vec<T>> + '_ {
    (0..list.len()).map(move |i| {
        let mut out = list.to_vec();
        out.remove(i);
        out
    })
}

/// Berzerk instances on a smaller ring: half the objects, a quarter fewer, one object
/// fewer, each with the steps that still fit (`a < n`), with every step taken modulo
/// the new n, and with the steps past the middle moved down with the ring (zeros and
/// repeats dropped when `official`). Objects are not removable one by one:
/// the ring's arithmetic involves all of them.
pub fn smaller_rings(b: &berzerk::Instance, official: bool) -> Vec<berzerk::Instance> {
    let mut sizes = vec![b.n / 2, b.n - b.n / 4, b.n - 1];
    sizes.dedup();
    let mut out = Vec::new();
    for n in sizes.into_iter().filter(|&n| n >= 2 && n < b.n) {
        let fitting = |set: &[u32]| -> Vec<u32> { set.iter().copied().filter(|&a| a < n).collect() };
        let wrapped = |set: &[u32]| -> Vec<u32> {
            let mut seen = HashSet::new();
            set.iter()
                .map(|&a| a % n)
                .filter(|&a| !official || (a != 0 && seen.insert(a)))
                .collect()
        };
        out.push(berzerk::Instance {
            n,
            rick: fitting(&b.rick),
            morty: fitting(&b.morty),
        });
        out.push(berzerk::Instance {
            n,
            rick: wrapped(&b.rick),
            morty: wrapped(&b.morty),
        });
        // Steps past the middle keep their distance to a full turn: a step of n − 1
        // (one object back) stays one object back.
        let mirrored = |set: &[u32]| -> Vec<u32> {
            let mut seen = HashSet::new();
            set.iter()
                .map(|&a| if a <= b.n / 2 { a } else { a - (b.n - n) })
                .filter(|&a| !official || ((1..n).contains(&a) && seen.insert(a)))
                .collect()
        };
        out.push(berzerk::Instance {
            n,
            rick: mirrored(&b.rick),
            morty: mirrored(&b.morty),
        });
    }
    out
}

/// Berzerk instances with one step length made one smaller (if the set does not hold
/// it already): smaller numbers read more easily, and a failure often needs only the
/// order of the steps, not their exact values.
pub fn shorter_steps(b: &berzerk::Instance) -> Vec<berzerk::Instance> {
    let mut out = Vec::new();
    for rick in [true, false] {
        let set = if rick { &b.rick } else { &b.morty };
        for (i, &a) in set.iter().enumerate() {
            if a == 0 || set.contains(&(a - 1)) {
                continue;
            }
            let mut smaller = set.clone();
            smaller[i] = a - 1;
            out.push(if rick {
                berzerk::Instance {
                    rick: smaller,
                    ..b.clone()
                }
            } else {
                berzerk::Instance {
                    morty: smaller,
                    ..b.clone()
                }
            });
        }
    }
    out
}

/// A letter's rank in the order the shrinker prefers: `a`–`z`, then `A`–`Z`.
fn letter_rank(c: u8) -> u8 {
    if c.is_ascii_lowercase() {
        c - b'a'
    } else {
        26 + c - b'A'
    }
}

/// Shiritori dictionaries with one letter merged into a letter of lower rank
/// (everywhere): a smaller alphabet, ending in lower case.
pub fn merged_letters(s: &shiritori::Instance) -> Vec<shiritori::Instance> {
    let mut letters: Vec<u8> = s.words().flat_map(String::into_bytes).collect();
    letters.sort_unstable_by_key(|&c| letter_rank(c));
    letters.dedup();
    let mut out = Vec::new();
    for (j, &from) in letters.iter().enumerate().rev() {
        for &to in std::iter::once(&b'a').chain(&letters[..j]) {
            if letter_rank(to) >= letter_rank(from) {
                continue;
            }
            let words = s.words().map(|w| {
                w.bytes()
                    .map(|c| char::from(if c == from { to } else { c }))
                    .collect::<String>()
            });
            out.push(shiritori::Instance::new(words));
        }
    }
    out
}

/// Shiritori dictionaries with one word shorter: a word of 7 or 8 letters keeps only
/// its first and last three (the same move), a shorter one loses its first or last
/// letter (a different move, which may fail all the same).
pub fn shorter_words(s: &shiritori::Instance) -> Vec<shiritori::Instance> {
    let mut out = Vec::new();
    let words: Vec<String> = s.words().collect();
    for (i, w) in words.iter().enumerate() {
        let shorter: Vec<String> = match w.len() {
            0..=3 => Vec::new(),
            4..=6 => vec![w[1..].to_string(), w[..w.len() - 1].to_string()],
            len => vec![format!("{}{}", &w[..3], &w[len - 3..])],
        };
        for word in shorter {
            let mut words = words.clone();
            words[i] = word;
            out.push(shiritori::Instance::new(words));
        }
    }
    out
}

/// A catmouse board rebuilt through `map` (old node → new node, or gone) on `n` nodes:
/// nodes that map to one node pool their lists; with `simple`, self-listing and
/// repeats are dropped (the official limits forbid both).
fn remapped(
    c: &catmouse::Instance,
    n: u32,
    map: impl Fn(u32) -> Option<u32>,
    simple: bool,
) -> catmouse::Instance {
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
    catmouse::Instance { lists }
}

/// The board without node `v` (its listings go, later nodes shift down).
fn without_node(c: &catmouse::Instance, v: u32) -> catmouse::Instance {
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
fn catmouse_edges(c: &catmouse::Instance, official: bool) -> Vec<(u32, u32)> {
    c.lists
        .iter()
        .enumerate()
        .flat_map(|(v, list)| list.iter().map(move |&w| (v as u32, w)))
        .filter(|&(v, w)| !official || v < w)
        .collect()
}

/// The board with only the listings of `kept` (both directions of each when
/// `official`), in their old order.
fn with_edges(c: &catmouse::Instance, kept: &[(u32, u32)], official: bool) -> catmouse::Instance {
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
    catmouse::Instance { lists }
}

/// Catmouse boards with the hole, the mouse's or the cat's start moved to another node
/// (the two swap numbers) and the old one removed: nodes 0, 1 and 2 are never
/// removable by themselves.
pub fn moved_catmouse_starts(c: &catmouse::Instance) -> Vec<catmouse::Instance> {
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

/// Catmouse boards with two adjacent nodes merged, the second one (never 0, 1 or 2)
/// into the first (self-listing and repeats dropped when `official`).
pub fn merged_catmouse(c: &catmouse::Instance, official: bool) -> Vec<catmouse::Instance> {
    let pairs = adjacent_pairs(&catmouse_edges(c, false));
    pairs
        .into_iter()
        .filter(|&(_, v)| v >= 3)
        .map(|(u, v)| remapped(c, c.n() - 1, |x| Some(after_merge(x, u, v)), official))
        .collect()
}

/// Pursuit instances with Bob (or Alice) moved to another vertex and his old start
/// vertex removed: a start vertex is never removable by itself, and a failure seldom
/// needs the one it was found with.
pub fn moved_starts(p: &pursuit::Instance) -> Vec<pursuit::Instance> {
    let mut out = Vec::new();
    for bob_moves in [true, false] {
        let old = if bob_moves { p.bob } else { p.alice };
        for w in (0..p.n).filter(|&w| w != p.bob && w != p.alice) {
            let (bob, alice) = if bob_moves { (w, p.alice) } else { (p.bob, w) };
            out.push(pursuit::Instance {
                n: p.n - 1,
                edges: drop_vertex(&p.edges, old),
                bob: bob - u32::from(bob > old),
                alice: alice - u32::from(alice > old),
            });
        }
    }
    out
}

/// Pursuit instances with two vertices joined by an edge merged into one (self-loops
/// and duplicate edges dropped when `official`).
pub fn merged_pursuit(p: &pursuit::Instance, official: bool) -> Vec<pursuit::Instance> {
    adjacent_pairs(&p.edges)
        .into_iter()
        .map(|(u, v)| pursuit::Instance {
            n: p.n - 1,
            edges: merged(&p.edges, u, v, false, official),
            bob: after_merge(p.bob, u, v),
            alice: after_merge(p.alice, u, v),
        })
        .collect()
}

/// Minigame instances with two vertices joined by an arc merged into one (duplicate
/// arcs dropped when `official`; self-loops are allowed there).
pub fn merged_minigame(m: &minigame::Instance, official: bool) -> Vec<minigame::Instance> {
    adjacent_pairs(&m.arcs)
        .into_iter()
        .map(|(u, v)| minigame::Instance {
            n: m.n - 1,
            arcs: merged(&m.arcs, u, v, true, official),
            ..m.clone()
        })
        .collect()
}

/// The passes for contest instances in contest form, within the official limits when
/// `official`: (berzerk) smaller rings, chunks of edges (steps, words), then single
/// vertices and edges (objects and steps, words), then merges of adjacent vertices,
/// moves of a start vertex, (minigame) actor flags and B players made A, (berzerk)
/// shorter steps and (shiritori) merged letters and shorter words.
pub fn instance_passes(official: bool) -> Passes<Instance> {
    let mut list = Vec::new();
    for log in 1..=EDGE_PARTS {
        let parts = 1usize << log;
        list.push(pursuit_pass("edge chunks", official, move |p, _| {
            fewer_edges(&p.edges, parts)
                .map(|edges| pursuit::Instance { edges, ..p.clone() })
                .collect()
        }));
        list.push(minigame_pass("arc chunks", official, move |m, _| {
            fewer_edges(&m.arcs, parts)
                .map(|arcs| minigame::Instance { arcs, ..m.clone() })
                .collect()
        }));
        list.push(berzerk_pass("step chunks", official, move |b, _| {
            let rick = fewer(&b.rick, parts).map(|rick| berzerk::Instance { rick, ..b.clone() });
            let morty = fewer(&b.morty, parts).map(|morty| berzerk::Instance { morty, ..b.clone() });
            rick.chain(morty).collect()
        }));
        list.push(shiritori_pass("word chunks", official, move |s, _| {
            let words: Vec<String> = s.words().collect();
            fewer(&words, parts).map(shiritori::Instance::new).collect()
        }));
        list.push(catmouse_pass("edge chunks", official, move |c, official| {
            let edges = catmouse_edges(c, official);
            fewer(&edges, parts)
                .map(|kept| with_edges(c, &kept, official))
                .collect()
        }));
    }
    // A smaller ring first: it takes steps with it.
    list.insert(0, berzerk_pass("smaller rings", official, smaller_rings));
    let singles = list.len();
    list.push(pass(
        "single removals",
        move |i: &Instance, from| -> Box<dyn Iterator<Item = Instance> + '_> {
            Box::new(instance_single_removals(i, official).into_iter().skip(from))
        },
    ));
    // Again after the single removals, which the shrinker repeats until nothing
    // after them changes the value: a ring whose steps shrank may halve again.
    list.push(berzerk_pass("smaller rings", official, smaller_rings));
    list.push(pursuit_pass("merges", official, merged_pursuit));
    list.push(minigame_pass("merges", official, merged_minigame));
    list.push(catmouse_pass("merges", official, merged_catmouse));
    list.push(pursuit_pass("moved starts", official, |p, _| moved_starts(p)));
    list.push(catmouse_pass("moved starts", official, |c, _| {
        moved_catmouse_starts(c)
    }));
    list.push(berzerk_pass("shorter steps", official, |b, _| shorter_steps(b)));
    list.push(shiritori_pass("merged letters", official, |s, _| {
        merged_letters(s)
    }));
    list.push(shiritori_pass("shorter words", official, |s, _| shorter_words(s)));
    list.push(minigame_pass("actors", official, |m, _| {
        (0..6)
            .filter(|&k| m.actors[k])
            .map(|k| {
                let mut actors = m.actors;
                actors[k] = false;
                minigame::Instance { actors, ..m.clone() }
            })
            .collect()
    }));
    list.push(minigame_pass("B players", official, |m, _| {
        (0..6)
            .filter(|&k| m.order[k] == Side::B)
            .map(|k| {
                let mut order = m.order;
                order[k] = Side::A;
                minigame::Instance { order, ..m.clone() }
            })
            .collect()
    }));
    Passes { list, singles }
}

/// Every instance one removal away (a vertex or an edge; for berzerk the last object
/// or a step, for shiritori a word, for catmouse a node other than 0, 1 and 2 or an
/// edge), within the official limits when `official`: the 1-minimality check.
pub fn instance_single_removals(instance: &Instance, official: bool) -> Vec<Instance> {
    let singles = |edges: &[(u32, u32)]| -> Vec<Vec<(u32, u32)>> {
        (0..edges.len())
            .map(|i| {
                edges
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &e)| e)
                    .collect()
            })
            .collect()
    };
    let all: Vec<Instance> = match instance {
        Instance::Pursuit(p) => {
            let vertices = (0..p.n)
                .filter(|&v| p.n > 1 && v != p.bob && v != p.alice)
                .map(|v| pursuit::Instance {
                    n: p.n - 1,
                    edges: drop_vertex(&p.edges, v),
                    bob: p.bob - u32::from(p.bob > v),
                    alice: p.alice - u32::from(p.alice > v),
                });
            let edges = singles(&p.edges)
                .into_iter()
                .map(|edges| pursuit::Instance { edges, ..p.clone() });
            vertices.chain(edges).map(Instance::Pursuit).collect()
        }
        Instance::Minigame(m) => {
            let vertices = (0..m.n).filter(|_| m.n > 1).map(|v| minigame::Instance {
                n: m.n - 1,
                arcs: drop_vertex(&m.arcs, v),
                ..m.clone()
            });
            let arcs = singles(&m.arcs)
                .into_iter()
                .map(|arcs| minigame::Instance { arcs, ..m.clone() });
            vertices.chain(arcs).map(Instance::Minigame).collect()
        }
        Instance::Berzerk(b) => {
            let ring = (b.n > 2).then(|| berzerk::Instance {
                n: b.n - 1,
                rick: b.rick.iter().copied().filter(|&a| a < b.n - 1).collect(),
                morty: b.morty.iter().copied().filter(|&a| a < b.n - 1).collect(),
            });
            let rick = without_each(&b.rick).map(|rick| berzerk::Instance { rick, ..b.clone() });
            let morty = without_each(&b.morty).map(|morty| berzerk::Instance { morty, ..b.clone() });
            ring.into_iter()
                .chain(rick)
                .chain(morty)
                .map(Instance::Berzerk)
                .collect()
        }
        // The input holds at least one word.
        Instance::Shiritori(s) => {
            let words: Vec<String> = s.words().collect();
            without_each(&words)
                .filter(|words| !words.is_empty())
                .map(|words| Instance::Shiritori(shiritori::Instance::new(words)))
                .collect()
        }
        Instance::Catmouse(c) => {
            let nodes = (3..c.n()).map(|v| without_node(c, v));
            let edges = catmouse_edges(c, official);
            let edges = without_each(&edges).map(|kept| with_edges(c, &kept, official));
            nodes.chain(edges).map(Instance::Catmouse).collect()
        }
    };
    all.into_iter().filter(|c| !official || c.is_official()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::ContestProblem;

    #[test]
    fn instance_candidates_keep_the_official_limits() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let passes = instance_passes(true);
        let mut seen = [0usize; 7];
        for n in 2..8 {
            let p = crate::generate::pursuit_instance(&mut rng, n, true);
            let m = crate::generate::minigame_instance(&mut rng, n, true);
            let b = crate::generate::berzerk_instance(&mut rng, n + 4, true);
            let s = crate::generate::shiritori_instance(&mut rng, n, true);
            let c = crate::generate::catmouse_instance(&mut rng, n + 2, true);
            let all = [
                Instance::Pursuit(p.clone()),
                Instance::Minigame(m.clone()),
                Instance::Berzerk(b.clone()),
                Instance::Shiritori(s.clone()),
                Instance::Catmouse(c.clone()),
            ];
            for i in all {
                for c in instance_single_removals(&i, true) {
                    assert!(c.is_official(), "a single removal made {c:?} from {i:?}");
                }
                assert!(i.is_official());
                for pass in &passes.list {
                    for c in (pass.candidates)(&i, 0) {
                        assert!(c.is_official(), "{} made {c:?} from {i:?}", pass.name);
                    }
                }
            }
            // The new candidates exist before the filter, and the filter keeps some.
            seen[0] += moved_starts(&p).iter().filter(|c| c.is_official()).count();
            seen[1] += merged_pursuit(&p, true)
                .iter()
                .filter(|c| c.is_official())
                .count();
            seen[2] += merged_minigame(&m, true)
                .iter()
                .filter(|c| c.is_official())
                .count();
            for c in merged_pursuit(&p, true) {
                assert!(c.edges.iter().all(|&(a, b)| a != b));
            }
            seen[3] += smaller_rings(&b, true).iter().filter(|c| c.is_official()).count();
            seen[4] += merged_letters(&s).len() + shorter_words(&s).len();
            seen[5] += merged_catmouse(&c, true)
                .iter()
                .filter(|c| c.is_official())
                .count();
            seen[6] += moved_catmouse_starts(&c)
                .iter()
                .filter(|c| c.is_official())
                .count();
        }
        assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
    }
}
