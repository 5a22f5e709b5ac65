//! Metamorphic relations: checks that need no reference solver, so they run on games
//! of any size. Each transforms a game in a way whose effect on the solution is known,
//! solves both with the solver under test, and compares.
//!
//! - relabelling positions permutes the solution;
//! - swapping the sides swaps every winner and keeps remoteness and moves;
//! - reordering a position's moves keeps every value, and the chosen move is the first
//!   optimal one in the new order;
//! - duplicating a move, or adding a self-loop to a position its mover wins, keeps
//!   every value;
//! - adding unreachable positions keeps every old value and move;
//! - the disjoint union of two games is solved as each game alone;
//! - the game restricted to the positions reachable from a root has the same values
//!   and moves on them.

use super::check::Mismatch;
use super::generate::relabel;
use crate::game::{Game, GameBuilder, Outcome, Side, Value};
use crate::solution::{first_optimal_move, Difference, Solution};
use crate::solve::Solver;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A metamorphic relation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    Relabel,
    SwapSides,
    ReorderMoves,
    DuplicateMove,
    WinningSelfLoop,
    UnreachablePositions,
    DisjointUnion,
    ReachableRestriction,
}

impl Relation {
    pub const ALL: [Relation; 8] = [
        Relation::Relabel,
        Relation::SwapSides,
        Relation::ReorderMoves,
        Relation::DuplicateMove,
        Relation::WinningSelfLoop,
        Relation::UnreachablePositions,
        Relation::DisjointUnion,
        Relation::ReachableRestriction,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Relation::Relabel => "relabel",
            Relation::SwapSides => "swap-sides",
            Relation::ReorderMoves => "reorder-moves",
            Relation::DuplicateMove => "duplicate-move",
            Relation::WinningSelfLoop => "winning-self-loop",
            Relation::UnreachablePositions => "unreachable-positions",
            Relation::DisjointUnion => "disjoint-union",
            Relation::ReachableRestriction => "reachable-restriction",
        }
    }
}

/// Checks every relation on `game`; `base` is the solver's solution of `game` itself.
pub fn check_relations(
    game: &Game,
    base: &Solution,
    under_test: &dyn Solver,
    seed: u64,
) -> Result<(), Mismatch> {
    Relation::ALL
        .into_iter()
        .try_for_each(|relation| check_relation(relation, game, base, under_test, seed))
}

/// Checks one relation on `game`, with random choices drawn from `seed`.
pub fn check_relation(
    relation: Relation,
    game: &Game,
    base: &Solution,
    under_test: &dyn Solver,
    seed: u64,
) -> Result<(), Mismatch> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ relation as u64);
    let solve = |g: &Game| {
        under_test.solve(g).map_err(|e| Mismatch::Failed {
            solver: under_test.name().into(),
            error: format!("{e} (on the {} transform)", relation.name()),
        })
    };
    let fail = |difference: Difference| Mismatch::Relation {
        relation: relation.name(),
        solver: under_test.name().into(),
        difference,
    };
    // The expected solution of the transformed game, position by position.
    let (transformed, expected): (Game, Solution) = match relation {
        Relation::Relabel => {
            let mut perm: Vec<u32> = game.ids().collect();
            perm.shuffle(&mut rng);
            let g = relabel(game, &perm);
            let mut expected = base.clone();
            for p in game.ids() {
                let q = perm[p as usize] as usize;
                expected.values[q] = base.values[p as usize];
                expected.choices[q] = base.choices[p as usize].map(|c| perm[c as usize]);
            }
            (g, expected)
        }
        Relation::SwapSides => {
            let g = swap_sides(game);
            let values = base
                .values
                .iter()
                .map(|v| match *v {
                    Value::Win { winner, remoteness } => Value::win(winner.other(), remoteness),
                    Value::Draw => Value::Draw,
                })
                .collect();
            (
                g,
                Solution {
                    values,
                    choices: base.choices.clone(),
                },
            )
        }
        Relation::ReorderMoves => {
            with_same_values(game, base, edit_moves(game, |_, moves| moves.shuffle(&mut rng)))
        }
        Relation::DuplicateMove => {
            let candidates: Vec<u32> = game.ids().filter(|&p| !game.moves(p).is_empty()).collect();
            let Some(&p) = candidates.choose(&mut rng) else {
                return Ok(());
            };
            let i = rng.gen_range(0..game.moves(p).len());
            let at = rng.gen_range(0..=game.moves(p).len());
            with_same_values(
                game,
                base,
                edit_moves(game, |q, moves| {
                    if q == p {
                        moves.insert(at, moves[i]);
                    }
                }),
            )
        }
        Relation::WinningSelfLoop => {
            let won: Vec<u32> = game
                .ids()
                .filter(|&p| {
                    game.terminal(p).is_none() && base.values[p as usize].winner() == Some(game.mover(p))
                })
                .collect();
            let Some(&p) = won.choose(&mut rng) else {
                return Ok(());
            };
            let at = rng.gen_range(0..=game.moves(p).len());
            with_same_values(
                game,
                base,
                edit_moves(game, |q, moves| {
                    if q == p {
                        moves.insert(at, p);
                    }
                }),
            )
        }
        Relation::UnreachablePositions => {
            let n = game.positions() as u32;
            let extra = rng.gen_range(1..=n.clamp(1, 8));
            let mut b = game.to_builder();
            for _ in 0..extra {
                let moves: Vec<u32> = (0..rng.gen_range(0..=3))
                    .map(|_| rng.gen_range(0..n + extra))
                    .collect();
                b.moves(if rng.gen() { Side::A } else { Side::B }, &moves);
            }
            let g = b.build().expect("added positions are valid");
            let solution = solve(&g)?;
            return compare_prefix(base, &solution, game.positions()).map_err(fail);
        }
        Relation::DisjointUnion => {
            // The game beside a relabelled copy of itself: two independent halves.
            let mut perm: Vec<u32> = game.ids().collect();
            perm.shuffle(&mut rng);
            let copy = relabel(game, &perm);
            let n = game.positions() as u32;
            let mut b = game.to_builder();
            let mut moves = Vec::new();
            for p in copy.ids() {
                moves.clear();
                moves.extend(copy.moves(p).iter().map(|&t| t + n));
                b.position(copy.mover(p), &moves, copy.terminal(p));
            }
            let g = b.build().expect("a disjoint union is valid");
            let solution = solve(&g)?;
            compare_prefix(base, &solution, game.positions()).map_err(fail)?;
            let copy_solution = Solution {
                values: solution.values[n as usize..].to_vec(),
                choices: solution.choices[n as usize..]
                    .iter()
                    .map(|c| c.map(|c| c - n))
                    .collect(),
            };
            let mut expected = base.clone();
            for p in game.ids() {
                let q = perm[p as usize] as usize;
                expected.values[q] = base.values[p as usize];
                expected.choices[q] = base.choices[p as usize].map(|c| perm[c as usize]);
            }
            return match expected.compare(&copy_solution) {
                Some(mut d) => {
                    d.position += n;
                    Err(fail(d))
                }
                None => Ok(()),
            };
        }
        Relation::ReachableRestriction => {
            let root = rng.gen_range(0..game.positions() as u32);
            let (g, kept) = reachable_from(game, root);
            let expected = Solution {
                values: kept.iter().map(|&p| base.values[p as usize]).collect(),
                choices: kept
                    .iter()
                    .map(|&p| {
                        base.choices[p as usize].map(|c| kept.binary_search(&c).expect("reachable") as u32)
                    })
                    .collect(),
            };
            (g, expected)
        }
    };
    let solution = solve(&transformed)?;
    match expected.compare(&solution) {
        Some(d) => Err(fail(d)),
        None => Ok(()),
    }
}

/// The transformed game and the expected solution when values must not change: the
/// chosen move is then the first optimal one in the transformed game's move order.
fn with_same_values(_game: &Game, base: &Solution, transformed: Game) -> (Game, Solution) {
    let choices = transformed
        .ids()
        .map(|p| first_optimal_move(&transformed, &base.values, p))
        .collect();
    let expected = Solution {
        values: base.values.clone(),
        choices,
    };
    (transformed, expected)
}

/// The first `n` positions of `solution` against `base`.
fn compare_prefix(base: &Solution, solution: &Solution, n: usize) -> Result<(), Difference> {
    let prefix = Solution {
        values: solution.values[..n].to_vec(),
        choices: solution.choices[..n].to_vec(),
    };
    base.compare(&prefix).map_or(Ok(()), Err)
}

/// `game` with each position's move list edited by `edit`.
fn edit_moves(game: &Game, mut edit: impl FnMut(u32, &mut Vec<u32>)) -> Game {
    let mut b = GameBuilder::with_capacity(game.positions(), game.move_count() + 1);
    let mut moves = Vec::new();
    for p in game.ids() {
        moves.clear();
        moves.extend_from_slice(game.moves(p));
        if game.terminal(p).is_none() {
            edit(p, &mut moves);
        }
        b.position(game.mover(p), &moves, game.terminal(p));
    }
    b.draw_credit(game.draw_credit());
    b.build().expect("edited move lists stay in range")
}

/// `game` with the sides swapped: movers, terminal outcomes and the draw convention.
pub fn swap_sides(game: &Game) -> Game {
    let mut b = GameBuilder::with_capacity(game.positions(), game.move_count());
    for p in game.ids() {
        b.position(
            game.mover(p).other(),
            game.moves(p),
            game.terminal(p).map(Outcome::swapped),
        );
    }
    b.draw_credit(game.draw_credit().map(Side::other));
    b.build().expect("swapping sides keeps a game valid")
}

/// The positions reachable from `root` (sorted), as a game of their own.
pub fn reachable_from(game: &Game, root: u32) -> (Game, Vec<u32>) {
    let mut seen = vec![false; game.positions()];
    let mut stack = vec![root];
    seen[root as usize] = true;
    while let Some(p) = stack.pop() {
        for &q in game.moves(p) {
            if !seen[q as usize] {
                seen[q as usize] = true;
                stack.push(q);
            }
        }
    }
    let kept: Vec<u32> = game.ids().filter(|&p| seen[p as usize]).collect();
    let mut rename = vec![u32::MAX; game.positions()];
    for (i, &p) in kept.iter().enumerate() {
        rename[p as usize] = i as u32;
    }
    let mut b = GameBuilder::with_capacity(kept.len(), 0);
    let mut moves = Vec::new();
    for &p in &kept {
        moves.clear();
        moves.extend(game.moves(p).iter().map(|&q| rename[q as usize]));
        b.position(game.mover(p), &moves, game.terminal(p));
    }
    b.draw_credit(game.draw_credit());
    (
        b.build().expect("a closed set of positions is a valid game"),
        kept,
    )
}

/// A cheap, stable seed from a game's contents, so relation choices are deterministic.
pub fn game_seed(game: &Game) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ game.positions() as u64;
    for &t in game.targets().iter().chain(game.offsets()) {
        h = (h ^ u64::from(t)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}
