//! Metamorphic relations, the enum and each one's check: checks that need no reference
//! solver, so they run on games of any size. Each transforms a game in a way whose
//! effect on the solution is known, solves both with the solver under test, and
//! compares (`Relation::check`; the oracle path's `check_relations` makes a failure a
//! `Mismatch`).
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
use crate::solution::{first_optimal_move, Difference, Solution};
use crate::subject::Subject;
use crate::transform::{edit_moves, reachable_from, relabel, swap_sides};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A metamorphic relation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Relation {
    /// Permute the position ids: the solution is permuted.
    Relabel,
    /// Swap every mover, terminal outcome and the draw convention: every winner swaps.
    SwapSides,
    /// Reverse or shuffle move lists: the same values, moves first optimal in the new order.
    ReorderMoves,
    /// Repeat one move of a position: the same values and moves.
    DuplicateMove,
    /// Add a self-loop to a position its mover wins: the same values and moves.
    WinningSelfLoop,
    /// Add positions nothing reaches: the old positions keep their values and moves.
    UnreachablePositions,
    /// The game beside a relabelled copy of itself: each half solved as alone.
    DisjointUnion,
    /// Keep only what one root reaches: the same values and moves there.
    ReachableRestriction,
}

impl Relation {
    /// Every relation, in the order the oracle path runs them.
    pub(crate) const ALL: [Relation; 8] = [
        Relation::Relabel,
        Relation::SwapSides,
        Relation::ReorderMoves,
        Relation::DuplicateMove,
        Relation::WinningSelfLoop,
        Relation::UnreachablePositions,
        Relation::DisjointUnion,
        Relation::ReachableRestriction,
    ];

    /// The relation's name in reports.
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

/// How a relation failed on a game: what the oracle path reports as a
/// `Mismatch::Relation`, or as a crash of the solver on the transformed game.
#[derive(Clone, Debug)]
pub(crate) enum Broken {
    /// The solver failed on the transformed game (not by refusing it).
    Crashed {
        /// What it said, naming the transform.
        error: String,
    },
    /// The solver's solution of the transformed game is not the one the relation gives.
    Differs {
        /// Where it differs.
        difference: Difference,
        /// The transformed game: the solver may be right on the game and wrong only on
        /// it, so it is the game a person needs to see.
        transformed: Box<Game>,
    },
}

/// On games up to this size, relations with a choice (which position, which root)
/// check every choice: the result is then the same for any seed, which the shrinker
/// needs — a failure must not come and go with which variant was drawn.
pub(crate) const ALL_CHOICES_UP_TO: usize = 32;

impl Relation {
    /// Checks this relation on `game`, whose solution by the solver is `base`, with
    /// random choices drawn from `seed`.
    pub(crate) fn check(
        self,
        game: &Game,
        base: &Solution,
        under_test: &dyn Subject,
        seed: u64,
    ) -> Result<(), Broken> {
        let mut rng = crate::seed::rng(seed ^ self as u64);
        let check = Check {
            relation: self,
            game,
            base,
            under_test,
            small: game.positions() <= ALL_CHOICES_UP_TO,
        };
        match self {
            Relation::Relabel => check.relabel(&mut rng),
            Relation::SwapSides => check.swap_sides(),
            Relation::ReorderMoves => check.reorder_moves(&mut rng),
            Relation::DuplicateMove => check.duplicate_move(&mut rng),
            Relation::WinningSelfLoop => check.winning_self_loop(&mut rng),
            Relation::UnreachablePositions => check.unreachable_positions(&mut rng),
            Relation::DisjointUnion => check.disjoint_union(&mut rng),
            Relation::ReachableRestriction => check.reachable_restriction(&mut rng),
        }
    }
}

/// One relation checked on one game: the game, the solver's solution of it, and the
/// solver.
struct Check<'a> {
    relation: Relation,
    game: &'a Game,
    base: &'a Solution,
    under_test: &'a dyn Subject,
    /// Whether every choice is checked (see [`ALL_CHOICES_UP_TO`]).
    small: bool,
}

impl Check<'_> {
    /// The solver's solution of a transformed game; `None` when it refuses it (a size
    /// or feature it does not support), and the relation is not checked.
    fn solve(&self, game: &Game) -> Result<Option<Solution>, Broken> {
        match crate::subject::solve_caught(self.under_test, game) {
            Ok(solution) => Ok(Some(solution)),
            Err(e) if e.is_refusal() => Ok(None),
            Err(e) => Err(Broken::Crashed {
                error: format!("{e} (on the {} transform)", self.relation.name()),
            }),
        }
    }

    /// Solves `transformed` and compares with the solution it should have.
    fn expect(&self, transformed: Game, expected: &Solution) -> Result<(), Broken> {
        let Some(solution) = self.solve(&transformed)? else {
            return Ok(());
        };
        expected.compare(&solution).map_or(Ok(()), |difference| {
            Err(Broken::Differs {
                difference,
                transformed: Box::new(transformed),
            })
        })
    }

    /// For transforms that keep every value: the chosen move is then the first optimal
    /// one in the transformed game's move order.
    fn expect_same_values(&self, transformed: Game) -> Result<(), Broken> {
        let choices = transformed
            .ids()
            .map(|p| first_optimal_move(&transformed, &self.base.values, p))
            .collect();
        self.expect(
            transformed,
            &Solution {
                values: self.base.values.clone(),
                choices,
            },
        )
    }

    /// Every choice on small games, one drawn at random on large ones.
    fn choose(&self, all: Vec<u32>, rng: &mut ChaCha8Rng) -> Vec<u32> {
        if self.small {
            all
        } else {
            all.choose(rng).copied().into_iter().collect()
        }
    }

    fn relabel(&self, rng: &mut ChaCha8Rng) -> Result<(), Broken> {
        let mut perm: Vec<u32> = self.game.ids().collect();
        perm.shuffle(rng);
        self.expect(relabel(self.game, &perm), &permuted(self.base, &perm, 0))
    }

    fn swap_sides(&self) -> Result<(), Broken> {
        let values = self
            .base
            .values
            .iter()
            .map(|v| match *v {
                Value::Win { winner, remoteness } => Value::win(winner.other(), remoteness),
                Value::Draw => Value::Draw,
            })
            .collect();
        self.expect(
            swap_sides(self.game),
            &Solution {
                values,
                choices: self.base.choices.clone(),
            },
        )
    }

    fn reorder_moves(&self, rng: &mut ChaCha8Rng) -> Result<(), Broken> {
        self.expect_same_values(edit_moves(self.game, |_, moves| moves.reverse()))?;
        self.expect_same_values(edit_moves(self.game, |_, moves| moves.shuffle(rng)))
    }

    fn duplicate_move(&self, rng: &mut ChaCha8Rng) -> Result<(), Broken> {
        let game = self.game;
        let with_moves: Vec<u32> = game.ids().filter(|&p| !game.moves(p).is_empty()).collect();
        for p in self.choose(with_moves, rng) {
            // On small games the duplicate of the first move goes first, the most
            // telling place for a solver that reads moves in order.
            let (i, at) = if self.small {
                (0, 0)
            } else {
                (
                    rng.gen_range(0..game.moves(p).len()),
                    rng.gen_range(0..=game.moves(p).len()),
                )
            };
            self.expect_same_values(edit_moves(game, |q, moves| {
                if q == p {
                    moves.insert(at, moves[i]);
                }
            }))?;
        }
        Ok(())
    }

    fn winning_self_loop(&self, rng: &mut ChaCha8Rng) -> Result<(), Broken> {
        let game = self.game;
        let won: Vec<u32> = game
            .ids()
            .filter(|&p| {
                game.terminal(p).is_none() && self.base.values[p as usize].winner() == Some(game.mover(p))
            })
            .collect();
        for p in self.choose(won, rng) {
            let at = if self.small {
                0
            } else {
                rng.gen_range(0..=game.moves(p).len())
            };
            self.expect_same_values(edit_moves(game, |q, moves| {
                if q == p {
                    moves.insert(at, p);
                }
            }))?;
        }
        Ok(())
    }

    fn unreachable_positions(&self, rng: &mut ChaCha8Rng) -> Result<(), Broken> {
        let game = self.game;
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
        let Some(solution) = self.solve(&extended)? else {
            return Ok(());
        };
        compare_prefix(self.base, &solution, game.positions()).map_err(|difference| Broken::Differs {
            difference,
            transformed: Box::new(extended),
        })
    }

    fn disjoint_union(&self, rng: &mut ChaCha8Rng) -> Result<(), Broken> {
        // The game beside a relabelled copy of itself: two independent halves.
        let game = self.game;
        let mut perm: Vec<u32> = game.ids().collect();
        perm.shuffle(rng);
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
        let mut expected = self.base.clone();
        let copied = permuted(self.base, &perm, n);
        expected.values.extend(copied.values);
        expected.choices.extend(copied.choices);
        self.expect(union, &expected)
    }

    fn reachable_restriction(&self, rng: &mut ChaCha8Rng) -> Result<(), Broken> {
        let base = self.base;
        for root in self.choose(self.game.ids().collect(), rng) {
            let (restricted, kept) = reachable_from(self.game, root);
            let expected = Solution {
                values: kept.iter().map(|&p| base.values[p as usize]).collect(),
                choices: kept
                    .iter()
                    .map(|&p| {
                        base.choices[p as usize].map(|c| kept.binary_search(&c).expect("reachable") as u32)
                    })
                    .collect(),
            };
            self.expect(restricted, &expected)?;
        }
        Ok(())
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
