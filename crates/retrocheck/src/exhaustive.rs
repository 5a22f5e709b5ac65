//! Exhaustive small scope: every game up to a number of positions, by index, with
//! isomorphic duplicates skipped.
//!
//! The space, for n = 1, 2, 3, …: each position has a mover and either a non-empty
//! multiset of moves (each successor at most twice while n ≤ 3, at most once from
//! n = 4 on: a set), listed in increasing id order, or no moves with each terminal
//! label (none, =A, =B, =D); then every draw convention (none, A, B), the latter two
//! without =D. Move order is fixed: order dependence is covered by the random
//! families and the reorder relation.
//!
//! Indices run through n = 1 first, so any prefix of the space covers all the smaller
//! games. An index whose game is not the smallest encoding among its relabellings is
//! skipped: checking canonicity costs n! small comparisons, far less than the oracles.

use crate::game::{Game, GameBuilder, Outcome, Side};

/// The largest n the enumeration goes to: beyond it the space does not fit in `u64`
/// (n = 6 already has about 6·10^12 games).
pub(crate) const MAX_N: u32 = 6;

/// How often a successor may repeat in a move multiset of a game with n positions.
fn multiplicity(n: u32) -> u32 {
    if n <= 3 {
        2
    } else {
        1
    }
}

/// Move multisets per position: (multiplicity + 1)^n − 1 non-empty ones.
fn multisets(n: u32) -> u64 {
    u64::from(multiplicity(n) + 1).pow(n) - 1
}

/// Shapes of one position: mover × (multisets + labels).
fn shapes(n: u32, credited: bool) -> u64 {
    2 * (multisets(n) + if credited { 3 } else { 4 })
}

/// Games with exactly n positions: without a draw convention, then credited to A,
/// then to B.
fn block(n: u32) -> u64 {
    shapes(n, false).pow(n) + 2 * shapes(n, true).pow(n)
}

/// The number of indices covering every game of at most `max_n` positions.
pub fn size(max_n: u32) -> u64 {
    (1..=max_n.min(MAX_N)).map(block).sum()
}

/// What an index of the space holds.
#[derive(Debug)]
pub enum Lookup {
    /// A game, the smallest encoding of its isomorphism class.
    Canonical(Game),
    /// A relabelling of a game covered at another index.
    Isomorphic,
    /// Beyond the space for `max_n`.
    Beyond,
}

/// One position's shape, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    mover: u32,
    /// Multiplicity of each successor, base `multiplicity + 1` digits; 0 when labelled.
    multiset: u64,
    /// 0 for no label, 1 for =A, 2 for =B, 3 for =D; only read when `multiset` is 0.
    label: u32,
}

/// The game at `index` of the space for at most `max_n` positions.
pub fn game_at(index: u64, max_n: u32) -> Lookup {
    match decode_index(index, max_n) {
        None => Lookup::Beyond,
        Some((shapes, n, credit)) if is_canonical(&shapes, n, credit.is_some()) => {
            Lookup::Canonical(build(&shapes, n, credit))
        }
        Some(_) => Lookup::Isomorphic,
    }
}

/// The game at `index`, canonical or not (for `retrocheck generate`).
pub(crate) fn game_any(index: u64, max_n: u32) -> Option<Game> {
    decode_index(index, max_n).map(|(shapes, n, credit)| build(&shapes, n, credit))
}

/// The shapes, size and draw convention at `index`.
fn decode_index(mut index: u64, max_n: u32) -> Option<(Vec<Shape>, u32, Option<Side>)> {
    for n in 1..=max_n.min(MAX_N) {
        let b = block(n);
        if index >= b {
            index -= b;
            continue;
        }
        let free = shapes(n, false).pow(n);
        let (credit, local) = if index < free {
            (None, index)
        } else {
            let credited = shapes(n, true).pow(n);
            let side = if index - free < credited { Side::A } else { Side::B };
            (Some(side), (index - free) % credited)
        };
        let per_position = shapes(n, credit.is_some());
        let mut rest = local;
        let codes: Vec<u64> = (0..n)
            .map(|_| {
                let c = rest % per_position;
                rest /= per_position;
                c
            })
            .collect();
        let decoded: Vec<Shape> = codes.iter().map(|&c| decode(c, n, credit.is_some())).collect();
        return Some((decoded, n, credit));
    }
    None
}

fn decode(code: u64, n: u32, credited: bool) -> Shape {
    let per_mover = shapes(n, credited) / 2;
    let (mover, rest) = ((code / per_mover) as u32, code % per_mover);
    if rest < multisets(n) {
        Shape {
            mover,
            multiset: rest + 1,
            label: 0,
        }
    } else {
        Shape {
            mover,
            multiset: 0,
            label: (rest - multisets(n)) as u32,
        }
    }
}

fn encode(shape: Shape, n: u32, credited: bool) -> u64 {
    let per_mover = shapes(n, credited) / 2;
    let rest = if shape.multiset > 0 {
        shape.multiset - 1
    } else {
        multisets(n) + u64::from(shape.label)
    };
    u64::from(shape.mover) * per_mover + rest
}

/// The multiplicity of each successor in a multiset code.
fn digits(multiset: u64, n: u32) -> Vec<u64> {
    let base = u64::from(multiplicity(n) + 1);
    (0..n).map(|t| multiset / base.pow(t) % base).collect()
}

/// Whether no relabelling of the positions gives a smaller code sequence (compared
/// from the last position, the most significant digit of the index).
fn is_canonical(shapes: &[Shape], n: u32, credited: bool) -> bool {
    let base = u64::from(multiplicity(n) + 1);
    let own: Vec<u64> = shapes.iter().map(|&s| encode(s, n, credited)).collect();
    let mut perm: Vec<u32> = (0..n).collect();
    let mut permuted = vec![0u64; n as usize];
    loop {
        // Position p becomes perm[p], its successor t becomes perm[t].
        for (p, shape) in shapes.iter().enumerate() {
            let mut moved = *shape;
            if shape.multiset > 0 {
                moved.multiset = digits(shape.multiset, n)
                    .iter()
                    .enumerate()
                    .map(|(t, &k)| k * base.pow(perm[t]))
                    .sum();
            }
            permuted[perm[p] as usize] = encode(moved, n, credited);
        }
        if permuted.iter().rev().lt(own.iter().rev()) {
            return false;
        }
        if !next_permutation(&mut perm) {
            return true;
        }
    }
}

/// Advances `perm` to the next permutation in lexicographic order; false after the last.
fn next_permutation(perm: &mut [u32]) -> bool {
    let Some(i) = (1..perm.len()).rev().find(|&i| perm[i - 1] < perm[i]) else {
        return false;
    };
    let j = (i..perm.len())
        .rev()
        .find(|&j| perm[j] > perm[i - 1])
        .expect("a larger element exists");
    perm.swap(i - 1, j);
    perm[i..].reverse();
    true
}

fn build(shapes: &[Shape], n: u32, credit: Option<Side>) -> Game {
    let mut b = GameBuilder::new();
    for shape in shapes {
        let mover = if shape.mover == 0 { Side::A } else { Side::B };
        if shape.multiset > 0 {
            let moves: Vec<u32> = digits(shape.multiset, n)
                .iter()
                .enumerate()
                .flat_map(|(t, &k)| std::iter::repeat_n(t as u32, k as usize))
                .collect();
            b.moves(mover, &moves);
        } else {
            let label = match shape.label {
                0 => None,
                1 => Some(Outcome::Win(Side::A)),
                2 => Some(Outcome::Win(Side::B)),
                _ => Some(Outcome::Draw),
            };
            b.position::<u32>(mover, &[], label);
        }
    }
    b.draw_credit(credit);
    b.build().expect("enumerated games are valid")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::print_game;
    use std::collections::HashSet;

    #[test]
    fn the_space_has_the_documented_size() {
        // n = 1: 2 movers × (2 multisets + 4 labels), and 2 × (2 × (2 + 3)) credited.
        assert_eq!(block(1), 12 + 2 * 10);
        assert_eq!(block(2), 24u64.pow(2) + 2 * 22u64.pow(2));
        assert_eq!(block(3), 60u64.pow(3) + 2 * 58u64.pow(3));
        assert_eq!(block(4), 38u64.pow(4) + 2 * 36u64.pow(4));
        assert_eq!(size(4), 32 + 1_544 + 606_224 + 5_444_368);
    }

    #[test]
    fn every_game_of_three_positions_has_exactly_one_canonical_relabelling() {
        let mut canonical = HashSet::new();
        for i in 0..size(3) {
            if let Lookup::Canonical(g) = game_at(i, 3) {
                assert!(canonical.insert(print_game(&g)), "covered twice: {g:?}");
            }
        }
        let perms: [[u32; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        // Relabelled, with moves sorted as the enumeration lists them.
        let relabelled = |g: &Game, perm: &[u32]| {
            let h = crate::transform::relabel(g, perm);
            let mut b = GameBuilder::new();
            for p in h.ids() {
                let mut moves = h.moves(p).to_vec();
                moves.sort_unstable();
                b.position(h.mover(p), &moves, h.terminal(p));
            }
            b.draw_credit(h.draw_credit());
            print_game(&b.build().unwrap())
        };
        let mut skipped = 0;
        // Every 7th index of the 3-position block (all of it takes seconds).
        for i in (size(2)..size(3)).step_by(7) {
            let (shapes, n, credit) = decode_index(i, 3).unwrap();
            let g = build(&shapes, n, credit);
            let representatives = perms
                .iter()
                .filter(|perm| canonical.contains(&relabelled(&g, &perm[..])))
                .count();
            assert_eq!(representatives.min(1), 1, "no canonical relabelling of {g:?}");
            skipped += u64::from(!is_canonical(&shapes, n, credit.is_some()));
        }
        assert!(skipped > 0);
        assert!(matches!(game_at(size(3), 3), Lookup::Beyond));
    }
}
