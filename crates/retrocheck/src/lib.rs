//! retrocheck solves two-sided games on finite directed graphs that may contain cycles
//! — win, loss or draw for every position, with remoteness and an optimal move — and
//! proves solvers right by differential testing against simple references: its own, and
//! yours.
//!
//! # Test your own solver ([`api`], [`prelude`])
//! Implement [`Solver`] for your solver (adapting a [`Game`] to your representation
//! inside it), add retrocheck as a dev-dependency, and check it from `tests/` with a
//! proptest property, a cargo-fuzz target, corpus replay or a bulk campaign; a failure
//! comes back shrunk to a 1-minimal `.game` with the references' expected output:
//!
//! ```
//! use retrocheck::prelude::*;
//!
//! let mine = solver_fn("mine", |game: &Game| retrocheck::solve::Retrograde.solve(game));
//! Property::any_game(8).cases(16).assert(&mine);
//! ```
//!
//! # The model ([`game`], [`format`](mod@format), [`solution`])
//! A [`Game`] has positions `0..n`, each with a mover ([`Side::A`] or [`Side::B`]), an
//! ordered list of moves (self-loops and repeated moves allowed), and optionally an
//! explicit terminal [`Outcome`]. A position without moves and without a label is lost
//! by its mover. Endless play is a draw, which a game's *draw convention* may credit to
//! one side when results are reported. The value of a position is who wins and in how
//! many moves (its remoteness): the winner takes the fastest win, the loser the slowest
//! loss. The page [`semantics`] is the specification a solver must follow.
//!
//! # The solvers ([`solve`])
//! - [`solve::Retrograde`](struct@solve::Retrograde), the optimized O(V+E) solver under test;
//! - [`solve::Fixpoint`], value iteration, obviously correct and O(V·(V+E));
//! - [`solve::Minimax`], exhaustive search over plays, exponential;
//! - [`solve::certify()`], an O(V+E) checker that proves any claimed solution right or
//!   names the first rule it breaks.
//!
//! All produce or consume a [`Solution`]: a value and the *first optimal move in move
//! order* per position, so that every correct solver prints the same answer.
//!
//! # The contest front-ends ([`problems`], [`contest`])
//! Each problem parses judge input, builds product games (as CSR [`Game`]s for
//! checking, or implicitly for speed) and prints the judge's answer lines; its harness
//! half ([`contest::Contest`]) generates, shrinks and fuzzes its test cases. A problem
//! of your own that implements both traits gets generation, a stress campaign and
//! shrinking from this crate ([`stress`]).
//!
//! # The harness ([`internals`], no stability promise)
//! The entry points stand on a differential-testing harness, one module per concern,
//! public for the command line and the project's tests but outside the designed API:
//! - the [`case`]: what every engine passes around, a game or a contest instance;
//! - generation: [`generate`] (seeded families, proptest strategies), [`exhaustive`]
//!   (every small game) and [`seed`] (how a seed becomes random choices);
//! - oracles: [`oracles`] (the one oracle path, [`check_case`](oracles::check_case), the references,
//!   `certify`, the metamorphic relations, the expected output) over a
//!   [`Subject`](subject::Subject);
//! - running: [`run`] (the bulk runner, the phases of a campaign, merging shards) and
//!   [`stress`] (external programs under a judge's limits);
//! - shrinking: [`shrink`] (the generic engine, the game passes and the contest
//!   helpers), [`transform`] (edits of games) and [`failure`] (the one path from a
//!   failure to a shrunk, saved report);
//! - keeping: [`corpus`] (saved cases, replayed) and [`fuzz`] (the bodies of the
//!   cargo-fuzz targets), over [`bytes`] (their byte format);
//! - [`sizes`]: sizes refused before anything is allocated.

#![deny(missing_docs)]

pub use retrocheck_core::{format, game, problems, semantics, solution, solve, text};

/// The random-number and property-testing crates the traits of this crate name
/// ([`contest::Contest`] takes a [`rand_chacha::ChaCha8Rng`] and gives a
/// [`proptest::strategy::BoxedStrategy`]), re-exported so that an implementation uses the
/// same versions.
pub use {proptest, rand, rand_chacha};

pub mod api;
pub mod contest;
pub mod prelude;

pub mod internals;

// Code inside the crate names the engines from the root (`crate::stress`), as before
// they moved behind `internals`.
use internals::{
    builtin, bytes, case, corpus, exhaustive, failure, fuzz, generate, oracles, panics, run, search, seed,
    shrink, sizes, stress, subject, target, transform,
};

pub use retrocheck_core::{
    BuildError, Difference, Game, GameBuilder, Outcome, Side, Solution, SolveError, Solver, Value,
};
