//! retrocheck-core: two-sided games on finite directed graphs that may contain cycles,
//! solved exactly — win, loss or draw for every position, with remoteness and an
//! optimal move — by an optimized retrograde solver, two simple references and a
//! certificate checker; and the contest front-ends that turn judge inputs into games.
//!
//! This crate knows nothing of testing: the differential-testing harness, its
//! generators, shrinker and deliberately wrong solvers live in the `retrocheck` crate.
//! The semantics every part agrees on are on the page [`semantics`].
//!
//! # The model ([`game`], [`format`](mod@format), [`solution`])
//! A [`Game`] has positions `0..n`, each with a mover ([`Side::A`] or [`Side::B`]), an
//! ordered list of moves (self-loops and repeated moves allowed), and optionally an
//! explicit terminal [`Outcome`]. A position without moves and without a label is lost
//! by its mover. Endless play is a draw, which a game's *draw convention* may credit to
//! one side when results are reported. The value of a position is who wins and in how
//! many moves (its remoteness): the winner takes the fastest win, the loser the slowest
//! loss.
//!
//! # The solvers ([`solve`])
//! - [`solve::Retrograde`](struct@solve::Retrograde), the optimized O(V+E) solver;
//! - [`solve::Fixpoint`], value iteration, obviously correct, at most O(V·(V+E));
//! - [`solve::Minimax`], exhaustive search over plays, exponential;
//! - [`solve::certify()`], an O(V+E) checker that proves any claimed solution right or
//!   names the first rule it breaks.
//!
//! All produce or consume a [`Solution`]: a value and the *first optimal move in move
//! order* per position, so that every correct solver prints the same answer.
//!
//! ```
//! use retrocheck_core::{format::parse_game, solve::{certify, Retrograde, Solver}};
//! let game = parse_game("game 3;\n0 A 1,2;\n1 B 0;\n2 B ;\n").unwrap();
//! let solution = Retrograde.solve(&game).unwrap();
//! assert_eq!(solution.to_text(&game), "0 A 1 2\n1 A 2 0\n2 A 0 -\n");
//! certify(&game, &solution).unwrap();
//! ```
//!
//! # The contest front-ends ([`problems`])
//! Each [`problems::Problem`] parses judge input (errors name the line), builds
//! product games (as CSR [`Game`]s for checking, or implicitly for speed) and prints the
//! judge's answer lines.

#![deny(missing_docs)]

pub mod format;
pub mod game;
pub mod limits;
pub mod problems;
pub mod semantics;
pub mod solution;
pub mod solve;
pub mod text;

pub use game::{BuildError, Game, GameBuilder, Outcome, Side, Value};
pub use solution::{Difference, Solution};
pub use solve::{SolveError, Solver};
