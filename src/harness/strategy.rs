//! proptest strategies for every generator family, built on the same raw description
//! and [`realize`] as the seeded generators, so proptest shrinks structure (fewer
//! positions, fewer and smaller moves, simpler bytes) rather than a seed.
//!
//! Moves and edges are drawn over a fixed index range and mapped into range, never
//! derived from a node count with `prop_flat_map`: shrinking the count then keeps
//! every other choice valid instead of regenerating it.

use super::generate::{realize, Case, Family, Features, RawGame, RawPosition};
use crate::game::Side;
use crate::problems::{minigame, pursuit, Instance};
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
        prop::collection::vec((0..RAW_IDS, any::<u8>()), 0..=max_moves),
    )
        .prop_map(|(mover, stop, label, moves)| RawPosition {
            mover,
            stop,
            label,
            moves,
        })
}

/// Raw games of 1 to `max_positions` positions with up to `max_moves` raw moves each.
pub fn raw_game(max_positions: usize, max_moves: usize) -> impl Strategy<Value = RawGame> {
    (
        prop::collection::vec(raw_position(max_moves), 1..=max_positions.max(1)),
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
        Family::Swarm => (any::<u64>(), raw_game(max_positions, 6))
            .prop_map(|(seed, raw)| {
                let features = Features::swarm(&mut ChaCha8Rng::seed_from_u64(seed));
                Case::Game(realize(&raw, &features))
            })
            .boxed(),
        Family::Exhaustive => {
            let max_n = (max_positions as u32).clamp(1, 3);
            (0..super::exhaustive::size(max_n))
                .prop_map(move |i| {
                    Case::Game(super::exhaustive::game_any(i, max_n).expect("inside the space"))
                })
                .boxed()
        }
        // Large games do not shrink and do not suit proptest's case counts: seeded.
        Family::Large => any::<u64>()
            .prop_map(move |seed| super::generate::case(Family::Large, seed, max_positions.max(100_000)))
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
