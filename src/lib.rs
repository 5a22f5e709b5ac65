//! retrocheck solves two-sided games on finite directed graphs that may contain cycles
//! — win, loss or draw for every position, with remoteness and an optimal move — and
//! proves that solver right by differential testing against simple references.
//!
//! # The model ([`game`], [`format`](mod@format), [`solution`])
//! A [`Game`] has positions `0..n`, each with a mover ([`Side::A`] or [`Side::B`]), an
//! ordered list of moves (self-loops and repeated moves allowed), and optionally an
//! explicit terminal [`Outcome`]. A position without moves and without a label is lost
//! by its mover. Endless play is a draw, which a game's *draw convention* may credit to
//! one side when results are reported. The value of a position is who wins and in how
//! many moves (its remoteness): the winner takes the fastest win, the loser the slowest
//! loss. `docs/DESIGN.md` in the repository is the specification.
//!
//! # The solvers ([`solve`])
//! - [`solve::Retrograde`], the optimized O(V+E) solver under test;
//! - [`solve::Fixpoint`], value iteration, obviously correct and O(V·(V+E));
//! - [`solve::Minimax`], exhaustive search over plays, exponential;
//! - [`solve::certify()`], an O(V+E) checker that proves any claimed solution right or
//!   names the first rule it breaks.
//!
//! All produce or consume a [`Solution`]: a value and the *first optimal move in move
//! order* per position, so that every correct solver prints the same answer.
//!
//! # The contest front-ends ([`problems`])
//! `pursuit` and `minigame` parse judge input, build product games (as CSR [`Game`]s
//! for checking, or implicitly for speed) and print the judge's answer lines.
//!
//! # The harness ([`harness`])
//! Fuzzer-agnostic library code that every entry point shares: seeded generator
//! families and their proptest strategies ([`harness::generate`],
//! [`harness::strategy`]), the one oracle path [`harness::check()`] (references,
//! `certify`, the metamorphic relations of [`harness::metamorphic`]), exhaustive small
//! scope ([`harness::exhaustive`]), the rayon bulk runner ([`harness::bulk`]), the
//! shrinker ([`harness::shrink`]), the text corpus ([`harness::corpus`]), the bodies
//! of the fuzz targets ([`harness::fuzz`]), stress-testing of external programs
//! ([`harness::stress`]) and kill tables ([`harness::kill`]) over the deliberately
//! wrong solvers of `mutants` (feature `mutants`, on by default).

pub use retrocheck_core::{format, game, problems, solution, solve, text};

pub mod harness;
pub mod show;

pub use retrocheck_core::{
    BuildError, Difference, Game, GameBuilder, Outcome, Side, Solution, SolveError, Solver, Value,
};
