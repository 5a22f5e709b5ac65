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

use crate::game::{Game, Side, Value};
use crate::oracles::mismatch::Mismatch;
pub use crate::oracles::mismatch::Relation;
use crate::solution::{first_optimal_move, Difference, Solution};
use crate::subject::Subject;
use crate::transform::{edit_moves, reachable_from, relabel, swap_sides};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Checks every relation on `game`; `base` is the solver's solution of `game` itself.
pub fn check_relations(
    game: &Game,
    base: &Solution,
    under_test: &dyn Subject,
    seed: u64,
) -> Result<(), Mismatch> {
    Relation::ALL
        .into_iter()
        .try_for_each(|relation| check_relation(relation, game, base, under_test, seed))
}

/// On games up to this size, relations with a choice (which position, which root)
/// check every choice: the result is then the same for any seed, which the shrinker
/// needs — a failure must not come and go with which variant was drawn.
pub(crate) const ALL_CHOICES_UP_TO: usize = 32;

/// Checks one relation on `game`, with random choices drawn from `seed`.
pub fn check_relation(
    relation: Relation,
    game: &Game,
    base: &Solution,
    under_test: &dyn Subject,
    seed: u64,
) -> Result<(), Mismatch> {
    let mut rng = crate::seed::rng(seed ^ relation as u64);
    let small = game.positions() <= ALL_CHOICES_UP_TO;
    // `None`: the solver refuses the transformed game (a size or feature it does not
    // support), and the relation is not checked.
    let solve = |g: &Game| match crate::subject::solve_caught(under_test, g) {
        Ok(solution) => Ok(Some(solution)),
        Err(e) if e.is_refusal() => Ok(None),
        Err(e) => Err(Mismatch::Crashed {
            solver: under_test.name().into(),
            error: format!("{e} (on the {} transform)", relation.name()),
        }),
    };
    // The transformed game goes into the report: the solver may be right on `game`
    // and wrong only on it, so it is the game a person needs to see.
    let fail = |difference: Difference, transformed: Game| Mismatch::Relation {
        relation,
        solver: under_test.name().into(),
        difference,
        transformed: Box::new(transformed),
    };
    // Solves `transformed` and compares with the solution it should have.
    let expect = |transformed: Game, expected: &Solution| -> Result<(), Mismatch> {
        let Some(solution) = solve(&transformed)? else {
            return Ok(());
        };
        expected
            .compare(&solution)
            .map_or(Ok(()), |d| Err(fail(d, transformed)))
    };
    // For transforms that keep every value: the chosen move is then the first optimal
    // one in the transformed game's move order.
    let expect_same_values = |transformed: Game| -> Result<(), Mismatch> {
        let choices = transformed
            .ids()
            .map(|p| first_optimal_move(&transformed, &base.values, p))
            .collect();
        expect(
            transformed,
            &Solution {
                values: base.values.clone(),
                choices,
            },
        )
    };
    // Every choice on small games, one drawn at random on large ones.
    let choose = |all: Vec<u32>, rng: &mut ChaCha8Rng| -> Vec<u32> {
        if small {
            all
        } else {
            all.choose(rng).copied().into_iter().collect()
        }
    };
    match relation {
        Relation::Relabel => {
            let mut perm: Vec<u32> = game.ids().collect();
            perm.shuffle(&mut rng);
            expect(relabel(game, &perm), &permuted(base, &perm, 0))
        }
        Relation::SwapSides => {
            let values = base
                .values
                .iter()
                .map(|v| match *v {
                    Value::Win { winner, remoteness } => Value::win(winner.other(), remoteness),
                    Value::Draw => Value::Draw,
                })
                .collect();
            expect(
                swap_sides(game),
                &Solution {
                    values,
                    choices: base.choices.clone(),
                },
            )
        }
        Relation::ReorderMoves => {
            expect_same_values(edit_moves(game, |_, moves| moves.reverse()))?;
            expect_same_values(edit_moves(game, |_, moves| moves.shuffle(&mut rng)))
        }
        Relation::DuplicateMove => {
            let with_moves: Vec<u32> = game.ids().filter(|&p| !game.moves(p).is_empty()).collect();
            for p in choose(with_moves, &mut rng) {
                // On small games the duplicate of the first move goes first, the most
                // telling place for a solver that reads moves in order.
                let (i, at) = if small {
                    (0, 0)
                } else {
                    (
                        rng.gen_range(0..game.moves(p).len()),
                        rng.gen_range(0..=game.moves(p).len()),
                    )
                };
                expect_same_values(edit_moves(game, |q, moves| {
                    if q == p {
                        moves.insert(at, moves[i]);
                    }
                }))?;
            }
            Ok(())
        }
        Relation::WinningSelfLoop => {
            let won: Vec<u32> = game
                .ids()
                .filter(|&p| {
                    game.terminal(p).is_none() && base.values[p as usize].winner() == Some(game.mover(p))
                })
                .collect();
            for p in choose(won, &mut rng) {
                let at = if small {
                    0
                } else {
                    rng.gen_range(0..=game.moves(p).len())
                };
                expect_same_values(edit_moves(game, |q, moves| {
                    if q == p {
                        moves.insert(at, p);
                    }
                }))?;
            }
            Ok(())
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
            let extended = b.build().expect("added positions are valid");
            let Some(solution) = solve(&extended)? else {
                return Ok(());
            };
            compare_prefix(base, &solution, game.positions()).map_err(|d| fail(d, extended))
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
            let union = b.build().expect("a disjoint union is valid");
            let mut expected = base.clone();
            let copied = permuted(base, &perm, n);
            expected.values.extend(copied.values);
            expected.choices.extend(copied.choices);
            expect(union, &expected)
        }
        Relation::ReachableRestriction => {
            for root in choose(game.ids().collect(), &mut rng) {
                let (restricted, kept) = reachable_from(game, root);
                let expected = Solution {
                    values: kept.iter().map(|&p| base.values[p as usize]).collect(),
                    choices: kept
                        .iter()
                        .map(|&p| {
                            base.choices[p as usize]
                                .map(|c| kept.binary_search(&c).expect("reachable") as u32)
                        })
                        .collect(),
                };
                expect(restricted, &expected)?;
            }
            Ok(())
        }
    }
}

/// `base` as the solution of the game relabelled by `perm`, ids shifted by `offset`.
fn permuted(base: &Solution, perm: &[u32], offset: u32) -> Solution {
    let mut out = base.clone();
    for (p, &q) in perm.iter().enumerate() {
        out.values[q as usize] = base.values[p];
        out.choices[q as usize] = base.choices[p].map(|c| perm[c as usize] + offset);
    }
    out
}

/// The first `n` positions of `solution` against `base`.
fn compare_prefix(base: &Solution, solution: &Solution, n: usize) -> Result<(), Difference> {
    let prefix = Solution {
        values: solution.values[..n].to_vec(),
        choices: solution.choices[..n].to_vec(),
    };
    base.compare(&prefix).map_or(Ok(()), Err)
}

/// A cheap, stable seed from a game's contents, so relation choices are deterministic.
pub(crate) fn game_seed(game: &Game) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ game.positions() as u64;
    for &t in game.targets().iter().chain(game.offsets()) {
        h = (h ^ u64::from(t)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}
