//! proptest strategies for every generator family, built on the same raw description
//! and [`realize`] as the seeded generators, so proptest shrinks structure (fewer
//! positions, fewer and smaller moves, simpler bytes) rather than a seed.
//!
//! Moves and edges are drawn over a fixed index range and mapped into range, never
//! derived from a node count with `prop_flat_map`: shrinking the count then keeps
//! every other choice valid instead of regenerating it.

use crate::game::Side;
use crate::generate::{realize, Case, Family, Features, RawGame, RawPosition};
use crate::problems::{berzerk, catmouse, minigame, pursuit, shiritori, Instance};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Raw ids range over this many values before being mapped into range.
const RAW_IDS: u32 = 64;

fn raw_position(max_moves: usize) -> impl Strategy<Value = RawPosition> {
    (
        any::<u8>(),
        any::<u8>(),
        any::<u8>(),
        any::<u8>(),
        prop::collection::vec((0..RAW_IDS, any::<u8>()), 0..=max_moves),
    )
        .prop_map(|(mover, stop, label, fan, moves)| RawPosition {
            mover,
            stop,
            label,
            fan,
            moves,
        })
}

/// A size ceiling drawn log-uniformly from 1 to `max`: every order of magnitude up to
/// `max` is as likely as any other, from the first case on.
fn log_uniform(max: usize) -> impl Strategy<Value = usize> {
    let top = (max.max(1) as f64 + 1.0).ln();
    (0.0..1.0f64).prop_map(move |u| ((u * top).exp() as usize).clamp(1, max.max(1)))
}

/// Raw games of 1 to `max_positions` positions with up to `max_moves` raw moves each:
/// a ceiling drawn log-uniformly, then a size up to it, which proptest shrinks.
pub fn raw_game(max_positions: usize, max_moves: usize) -> impl Strategy<Value = RawGame> {
    (
        log_uniform(max_positions)
            .prop_flat_map(move |ceiling| prop::collection::vec(raw_position(max_moves), 1..=ceiling)),
        any::<u8>(),
        0..RAW_IDS,
        any::<u8>(),
    )
        .prop_map(|(positions, credit, path_cut, path_shape)| RawGame {
            positions,
            credit,
            path_cut,
            path_shape,
        })
}

fn vertices_and_edges(max_n: u32, max_edges: usize) -> impl Strategy<Value = (u32, Vec<(u32, u32)>)> {
    (
        1..=max_n.max(1),
        prop::collection::vec((0..RAW_IDS, 0..RAW_IDS), 0..=max_edges),
    )
}

/// `pursuit` instances with at most `max_n` vertices, any edges (self-loops,
/// duplicates, x = y included: the solver must handle them by the rules).
pub fn pursuit_instance(max_n: u32) -> impl Strategy<Value = pursuit::Instance> {
    (vertices_and_edges(max_n, 12), 0..RAW_IDS, 0..RAW_IDS).prop_map(|((n, edges), x, y)| pursuit::Instance {
        n,
        edges: edges.into_iter().map(|(a, b)| (a % n, b % n)).collect(),
        bob: x % n,
        alice: y % n,
    })
}

/// `pursuit` instances within the official limits (2 ≤ n, no self-loops or duplicate
/// edges, x ≠ y), the constraints kept by the mapping so that they hold while
/// shrinking.
pub fn official_pursuit_instance(max_n: u32) -> impl Strategy<Value = pursuit::Instance> {
    (
        2..=max_n.max(2),
        prop::collection::vec((0..RAW_IDS, 0..RAW_IDS), 1..=12),
        0..RAW_IDS,
        0..RAW_IDS,
    )
        .prop_map(|(n, raw, x, y)| {
            let mut edges: Vec<(u32, u32)> = Vec::new();
            for (a, b) in raw {
                let (a, b) = (a % n, b % (n - 1));
                let edge = (a, if b >= a { b + 1 } else { b });
                if !edges.contains(&edge) {
                    edges.push(edge);
                }
            }
            let bob = x % n;
            let alice = (bob + 1 + y % (n - 1)) % n;
            pursuit::Instance { n, edges, bob, alice }
        })
}

/// `minigame` instances with at most `max_n` vertices.
pub fn minigame_instance(max_n: u32) -> impl Strategy<Value = minigame::Instance> {
    (
        vertices_and_edges(max_n, 12),
        any::<[bool; 6]>(),
        any::<[bool; 6]>(),
    )
        .prop_map(|((n, arcs), order, actors)| minigame::Instance {
            n,
            arcs: arcs.into_iter().map(|(a, b)| (a % n, b % n)).collect(),
            order: order.map(|b| if b { Side::B } else { Side::A }),
            actors,
        })
}

/// `berzerk` instances on rings of 2 to `max_n` objects: within the official limits
/// (non-empty sets of distinct steps in `1..n`) when `official`, else any steps (0
/// and n, repeats, empty sets).
pub fn berzerk_instance(max_n: u32, official: bool) -> impl Strategy<Value = berzerk::Instance> {
    let set = prop::collection::vec(0..RAW_IDS, usize::from(official)..=12);
    (2..=max_n.max(2), set.clone(), set).prop_map(move |(n, rick, morty)| {
        let steps = |raw: Vec<u32>| -> Vec<u32> {
            if official {
                let mut out = Vec::new();
                for a in raw.into_iter().map(|a| 1 + a % (n - 1)) {
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
                out
            } else {
                raw.into_iter().map(|a| a % (n + 1)).collect()
            }
        };
        berzerk::Instance {
            n,
            rick: steps(rick),
            morty: steps(morty),
        }
    })
}

/// `shiritori` dictionaries of 1 to `max_words` words over 1 to 4 letters of `abAB`
/// (so words chain, loop and differ only in case), 3 to 8 letters long (10 outside
/// the official limits).
pub fn shiritori_instance(max_words: usize, official: bool) -> impl Strategy<Value = shiritori::Instance> {
    let longest = if official { 8 } else { 10 };
    (
        1..=4usize,
        prop::collection::vec(
            prop::collection::vec(0..4usize, 3..=longest),
            1..=max_words.max(1),
        ),
    )
        .prop_map(|(alphabet, words)| {
            shiritori::Instance::new(words.into_iter().map(|w| {
                w.into_iter()
                    .map(|c| char::from(b"abAB"[c % alphabet]))
                    .collect::<String>()
            }))
        })
}

/// `catmouse` boards of 3 to `max_n` nodes: within the official limits (symmetric
/// lists without self-listing or repeats; nodes 1 and 2 joined if either needs a
/// neighbour) when `official`, else any listings; in half of them the cat's node is
/// next to the hole.
pub fn catmouse_instance(max_n: u32, official: bool) -> impl Strategy<Value = catmouse::Instance> {
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
            catmouse::Instance { lists }
        })
}

/// Cases of `family` with at most about `max_positions` positions.
pub fn case(family: Family, max_positions: usize) -> BoxedStrategy<Case> {
    match family {
        Family::Pursuit => {
            let n = ((max_positions / 2) as f64).sqrt().max(2.0) as u32;
            pursuit_instance(n)
                .prop_map(|i| Case::Instance(Instance::Pursuit(i)))
                .boxed()
        }
        Family::Minigame => minigame_instance((max_positions / 6).max(1) as u32)
            .prop_map(|i| Case::Instance(Instance::Minigame(i)))
            .boxed(),
        Family::Berzerk => berzerk_instance(((max_positions * 2) as f64).sqrt().max(2.0) as u32, true)
            .prop_map(|i| Case::Instance(Instance::Berzerk(i)))
            .boxed(),
        Family::Shiritori => shiritori_instance((max_positions / 2).clamp(1, 200), true)
            .prop_map(|i| Case::Instance(Instance::Shiritori(i)))
            .boxed(),
        Family::Catmouse => {
            catmouse_instance(((max_positions / 2) as f64).sqrt().clamp(3.0, 50.0) as u32, true)
                .prop_map(|i| Case::Instance(Instance::Catmouse(i)))
                .boxed()
        }
        Family::Swarm => (any::<u64>(), raw_game(max_positions, 6))
            .prop_map(|(seed, raw)| {
                let features = Features::swarm(&mut ChaCha8Rng::seed_from_u64(seed));
                Case::Game(realize(&raw, &features))
            })
            .boxed(),
        Family::Exhaustive => {
            let max_n = (max_positions as u32).clamp(1, 3);
            (0..crate::generate::exhaustive::size(max_n))
                .prop_map(move |i| {
                    Case::Game(crate::generate::exhaustive::game_any(i, max_n).expect("inside the space"))
                })
                .boxed()
        }
        // Large games do not shrink and do not suit proptest's case counts: seeded.
        Family::Large => any::<u64>()
            .prop_map(move |seed| crate::generate::case(Family::Large, seed, max_positions.max(100_000)))
            .boxed(),
        family => {
            let features = family.features(&mut ChaCha8Rng::seed_from_u64(0));
            let max_moves = features.degree.1.max(1) as usize;
            raw_game(max_positions, max_moves)
                .prop_map(move |raw| Case::Game(realize(&raw, &features)))
                .boxed()
        }
    }
}

/// Plain uniform games with proptest's default `Vec` shrinking and no features: the
/// baseline the kill table compares the families against.
pub fn plain_game(max_positions: usize) -> BoxedStrategy<Case> {
    raw_game(max_positions, 3)
        .prop_map(|raw| Case::Game(realize(&raw, &Features::default())))
        .boxed()
}

/// Every seeded family's cases in one strategy, as a proptest user of this crate
/// would test a solver. The contest families weigh four times as much: each of their
/// cases also checks a product-game builder, the implicit fast path and an answer
/// line, and a contest-only bug needs some tens of them to show; `pursuit` twenty
/// times, since its rules bite on a forced move onto the other player, which few
/// random graphs have (with five contest families at weight 4, `pursuit-no-catch`
/// survived 256 cases).
pub fn any_case(max_positions: usize) -> BoxedStrategy<Case> {
    let families: Vec<(u32, BoxedStrategy<Case>)> = Family::SEEDED
        .iter()
        .map(|&f| {
            let weight = match f {
                Family::Pursuit => 20,
                f if f.is_contest() => 4,
                _ => 1,
            };
            (weight, case(f, max_positions))
        })
        .collect();
    proptest::strategy::Union::new_weighted(families).boxed()
}

/// The plain approach, the baseline of the kill table: uniform random games and
/// instances as a first proptest test is usually written — the edges drawn from a
/// node count with `prop_flat_map`, proptest's default `Vec` shrinking, no features,
/// no swarm.
pub fn plain_case(max_positions: usize) -> BoxedStrategy<Case> {
    let max_n = max_positions.max(1) as u32;
    let game = (1..=max_n)
        .prop_flat_map(|n| {
            prop::collection::vec((any::<bool>(), prop::collection::vec(0..n, 0..=3)), n as usize)
        })
        .prop_map(|positions| {
            let mut b = crate::game::GameBuilder::new();
            for (b_moves, moves) in positions {
                b.moves(if b_moves { Side::B } else { Side::A }, &moves);
            }
            Case::Game(b.build().expect("moves are in range"))
        });
    let pursuit = (2..=4u32)
        .prop_flat_map(|n| (Just(n), prop::collection::vec((0..n, 0..n), 0..=8), 0..n, 0..n))
        .prop_map(|(n, edges, bob, alice)| {
            Case::Instance(Instance::Pursuit(pursuit::Instance { n, edges, bob, alice }))
        });
    let minigame = (1..=4u32)
        .prop_flat_map(|n| {
            (
                Just(n),
                prop::collection::vec((0..n, 0..n), 0..=8),
                any::<[bool; 6]>(),
                any::<[bool; 6]>(),
            )
        })
        .prop_map(|(n, arcs, order, actors)| {
            Case::Instance(Instance::Minigame(minigame::Instance {
                n,
                arcs,
                order: order.map(|b| if b { Side::B } else { Side::A }),
                actors,
            }))
        });
    prop_oneof![4 => game, 1 => pursuit, 1 => minigame].boxed()
}
