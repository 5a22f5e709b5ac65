//! proptest strategies for every generator family, built on the same raw description
//! and `realize` as the seeded generators, so proptest shrinks structure (fewer
//! positions, fewer and smaller moves, simpler bytes) rather than a seed.
//!
//! Moves and edges are drawn over a fixed index range and mapped into range, never
//! derived from a node count with `prop_flat_map`: shrinking the count then keeps
//! every other choice valid instead of regenerating it.

use crate::builtin::graph::RAW_IDS;
use crate::case::Case;
use crate::generate::{realize, Family, Features, RawGame, RawPosition};
use proptest::prelude::*;

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
pub(crate) fn raw_game(max_positions: usize, max_moves: usize) -> impl Strategy<Value = RawGame> {
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

/// Cases of `family` with at most about `max_positions` positions.
pub fn case(family: Family, max_positions: usize) -> BoxedStrategy<Case> {
    match family {
        Family::Contest(problem) => crate::builtin::entry(problem)
            .strategy(max_positions)
            .prop_map(Case::Instance)
            .boxed(),
        Family::Swarm => (any::<u64>(), raw_game(max_positions, 6))
            .prop_map(|(seed, raw)| {
                let features = Features::swarm(&mut crate::seed::rng(seed));
                Case::Game(realize(&raw, &features))
            })
            .boxed(),
        Family::Exhaustive => {
            let max_n = (max_positions as u32).clamp(1, 3);
            (0..crate::exhaustive::size(max_n))
                .prop_map(move |i| {
                    Case::Game(crate::exhaustive::game_any(i, max_n).expect("inside the space"))
                })
                .boxed()
        }
        // Long games are built or searched for as a whole: seeded, at a log-uniform
        // size (retrocheck's shrinker, not proptest's, reduces a failure).
        Family::Chains | Family::Long(_) => (any::<u64>(), log_uniform(max_positions))
            .prop_map(move |(seed, size)| crate::generate::case(family, seed, size))
            .boxed(),
        // Large games do not shrink and do not suit proptest's case counts: seeded.
        Family::Large => any::<u64>()
            .prop_map(move |seed| crate::generate::case(Family::Large, seed, max_positions.max(100_000)))
            .boxed(),
        family => {
            let features = family.features(&mut crate::seed::rng(0));
            let max_moves = features.degree.1.max(1) as usize;
            raw_game(max_positions, max_moves)
                .prop_map(move |raw| Case::Game(realize(&raw, &features)))
                .boxed()
        }
    }
}

/// Every seeded family's cases in one strategy, as a proptest user of this crate
/// would test a solver; a contest family weighs its problem's
/// [`WEIGHT`](crate::contest::Contest::WEIGHT), its long family its
/// [`LONG_WEIGHT`](crate::contest::Contest::LONG_WEIGHT), `chains` 4, a game family 1.
pub fn any_case(max_positions: usize) -> BoxedStrategy<Case> {
    let families: Vec<(u32, BoxedStrategy<Case>)> = Family::SEEDED
        .iter()
        .map(|&f| {
            let weight = match f {
                Family::Contest(problem) => crate::builtin::entry(problem).weight(),
                // Games long by construction weigh as two long families.
                Family::Chains => 4,
                Family::Long(problem) => crate::builtin::entry(problem).long_weight(),
                _ => 1,
            };
            (weight, case(f, max_positions))
        })
        .collect();
    proptest::strategy::Union::new_weighted(families).boxed()
}
