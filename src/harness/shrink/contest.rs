//! Shrinking passes for contest instances in contest form: fewer edges, fewer
//! vertices, merged vertices, moved start vertices — candidates that stay valid
//! inputs of the problem (within its official limits when asked).

use super::{chunks, pass, Pass, Passes};
use crate::game::Side;
use crate::problems::{minigame, pursuit, Instance};
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

/// A pass over pursuit instances (none for other problems), within the official
/// limits when `official`.
fn pursuit_pass(
    name: &'static str,
    official: bool,
    candidates: impl Fn(&pursuit::Instance, bool) -> Vec<pursuit::Instance> + 'static,
) -> Pass<Instance> {
    pass(
        name,
        move |i: &Instance, from| -> Box<dyn Iterator<Item = Instance> + '_> {
            let all = pursuit_of(i).map(|p| candidates(p, official)).unwrap_or_default();
            Box::new(
                all.into_iter()
                    .skip(from)
                    .filter(move |c| !official || c.is_official())
                    .map(Instance::Pursuit),
            )
        },
    )
}

/// A pass over minigame instances (none for other problems).
fn minigame_pass(
    name: &'static str,
    official: bool,
    candidates: impl Fn(&minigame::Instance, bool) -> Vec<minigame::Instance> + 'static,
) -> Pass<Instance> {
    pass(
        name,
        move |i: &Instance, from| -> Box<dyn Iterator<Item = Instance> + '_> {
            let all = minigame_of(i)
                .map(|m| candidates(m, official))
                .unwrap_or_default();
            Box::new(
                all.into_iter()
                    .skip(from)
                    .filter(move |c| !official || c.is_official())
                    .map(Instance::Minigame),
            )
        },
    )
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
/// `official`: chunks of edges, then single vertices and edges, then merges of
/// adjacent vertices, moves of a start vertex, and (minigame) actor flags and B
/// players made A.
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
    }
    let singles = list.len();
    list.push(pass(
        "single removals",
        move |i: &Instance, from| -> Box<dyn Iterator<Item = Instance> + '_> {
            Box::new(instance_single_removals(i, official).into_iter().skip(from))
        },
    ));
    list.push(pursuit_pass("merges", official, merged_pursuit));
    list.push(minigame_pass("merges", official, merged_minigame));
    list.push(pursuit_pass("moved starts", official, |p, _| moved_starts(p)));
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

/// Every instance one removal away (a vertex or an edge), within the official limits
/// when `official`: the 1-minimality check.
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
        Instance::Berzerk(_) | Instance::Shiritori(_) | Instance::Catmouse(_) => Vec::new(),
    };
    all.into_iter().filter(|c| !official || c.is_official()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::generate::Case;

    #[test]
    fn pursuit_no_catch_shrinks_to_two_vertices() {
        // Bob's only move lands on Alice. Vertex removals alone stop at 3 vertices
        // (Bob on a hub, Alice next to it); moving Alice frees her old vertex.
        let p = pursuit::Instance {
            n: 4,
            edges: vec![(0, 2), (2, 0), (1, 2), (3, 0), (3, 2)],
            bob: 2,
            alice: 1,
        };
        assert!(p.is_official());
        let case = Case::Instance(Instance::Pursuit(p));
        let solver = crate::harness::registry::by_name("pursuit-no-catch").unwrap();
        let oracles = crate::harness::check::Oracles::all();
        let triaged = crate::harness::triage::triage(&case, solver.as_ref(), &oracles, None, |_| {}).unwrap();
        let Case::Instance(Instance::Pursuit(small)) = &triaged.shrunk.value else {
            panic!()
        };
        assert_eq!(small.n, 2, "{small:?}");
        assert!(small.is_official());
    }

    #[test]
    fn instance_candidates_keep_the_official_limits() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let passes = instance_passes(true);
        let mut seen = [0usize; 3];
        for n in 2..8 {
            let p = crate::harness::generate::pursuit_instance(&mut rng, n, true);
            let m = crate::harness::generate::minigame_instance(&mut rng, n, true);
            for i in [Instance::Pursuit(p.clone()), Instance::Minigame(m.clone())] {
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
        }
        assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
    }
}
