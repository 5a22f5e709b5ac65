//! Test your own solver with retrocheck, from `tests/` of your crate: implement
//! [`Solver`](crate::Solver) for it (or wrap a function with [`solver_fn`]), then use
//! any of the four entry points, each of which shrinks a failure to a 1-minimal case
//! and returns it as a [`Failure`] (a `.game` text with the references' expected
//! output), or panics with it in their `assert` forms:
//!
//! - [`Property`]: a proptest property over retrocheck's strategies in one call;
//! - [`fuzz_diff`]: the body of a cargo-fuzz target, three lines with your solver;
//! - [`replay`]: your solver over retrocheck's corpus ([`BUILTIN_CORPUS`]) or yours;
//! - [`Campaign`]: a seeded bulk campaign on a thread pool, for a soak test.
//!
//! Add `retrocheck` as a dev-dependency, then, in `tests/retrocheck.rs`:
//!
//! ```
//! use retrocheck::prelude::*;
//!
//! /// Your solver (here the built-in one stands in for it).
//! struct MySolver;
//!
//! impl Solver for MySolver {
//!     fn name(&self) -> &str {
//!         "my-solver"
//!     }
//!     fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
//!         retrocheck::solve::Retrograde.solve(game)
//!     }
//! }
//!
//! // #[test]
//! fn my_solver_passes_retrocheck() {
//!     Property::any_game(8).cases(32).assert(&MySolver);
//!     replay(&MySolver, BUILTIN_CORPUS).unwrap();
//! }
//! # my_solver_passes_retrocheck();
//! ```
//!
//! What your solver does not do is declared rather than failed on: [`Supports`] (games
//! it refuses, skipped and counted), [`Claims`] (outcomes only, or values without
//! moves) and [`per_thread`] (a solver that is not `Send + Sync`). A panic of your
//! solver is caught and reported as a crash, shrunk.
//!
//! A contestant's solution of a contest problem — the judge's input in, the judge's
//! answer out — gets the same four entry points in [`submission`], for the built-in
//! problems and for a problem of your own.
//!
//! The semantics your solver must follow (values, remoteness, the reported move) are on
//! the page [`semantics`](crate::semantics); the harness behind these entry points is
//! the rest of this crate.

mod campaign;
mod declare;
mod failure;
mod fuzz;
mod property;
mod replay;
pub mod report;
mod solver_fn;
pub mod submission;

pub use crate::case::Case;
pub use crate::corpus::SaveError;
pub use crate::fuzz::FuzzCase;
pub use crate::generate::Family;
#[doc(inline)]
pub use crate::oracles::metamorphic::Relation;
pub use crate::oracles::mismatch::{Mismatch, Oracle, Signature};
pub use campaign::Campaign;
pub use declare::{per_thread, Claiming, Claims, Declared, PerThread, Supports};
pub use failure::WriteError;
pub use failure::{Failure, Shown, SHOWN_LINES};
pub use fuzz::{fuzz_bytes, fuzz_check, fuzz_diff, fuzz_input};
pub use property::Property;
pub use replay::{replay, Replay, ReplayError, ANNOUNCED_POSITIONS, BUILTIN_CORPUS};
pub use solver_fn::{solver_fn, FnSolver};

use crate::generate::strategy;
use proptest::strategy::{BoxedStrategy, Strategy, Union};

/// What a passing run covered.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Passed {
    /// The cases run, refused ones included.
    pub cases: u64,
    /// Cases the solver refused as outside what it supports
    /// ([`SolveError::Unsupported`](crate::SolveError::Unsupported), or a
    /// [`Supports`] declaration): skipped, not checked.
    pub refused: u64,
    /// A summary for people: a line, or a campaign's per-family table.
    pub summary: String,
}

impl Passed {
    /// The assert forms' health check (as Hypothesis fails a test whose every example
    /// was filtered out): a run whose every case the solver refused checked nothing,
    /// and must not read as a pass.
    #[track_caller]
    fn something_checked(self) -> Passed {
        assert!(
            self.cases == 0 || self.refused < self.cases,
            "nothing was checked: the solver refused all {} cases as unsupported (its `Supports` declaration or its refusals exclude every case drawn; widen one or draw other cases)\n{}",
            self.cases,
            self.summary
        );
        self
    }
}

/// The proptest strategy of every seeded family, contest instances included (weighted
/// four times: each also checks a product game, the fast path and an answer line), of
/// at most about `max_positions` positions, sizes log-uniform.
pub fn any_case(max_positions: usize) -> BoxedStrategy<Case> {
    strategy::any_case(max_positions)
}

/// The proptest strategy of every seeded family that draws plain games, of at most
/// `max_positions` positions, sizes log-uniform: for a solver of games, the families
/// whose cases reach it without going through a contest front-end.
pub fn any_game(max_positions: usize) -> BoxedStrategy<Case> {
    let families: Vec<BoxedStrategy<Case>> = Family::games()
        .map(|family| strategy::case(family, max_positions))
        .collect();
    Union::new(families).boxed()
}

/// The proptest strategy of one generator family ([`crate::generate`]), of at most about
/// `max_positions` positions.
pub fn family(family: Family, max_positions: usize) -> BoxedStrategy<Case> {
    strategy::case(family, max_positions)
}

/// The case of `family` drawn from `seed` at about `positions` positions, as a
/// campaign draws it: the same arguments give the same case on every platform.
pub fn generate(family: Family, seed: u64, positions: usize) -> Case {
    crate::generate::case(family, seed, positions)
}

/// What the entry points print, once, when retrocheck was compiled without
/// optimisation.
pub const UNOPTIMIZED_WARNING: &str = "retrocheck: warning: retrocheck is compiled without optimisation (opt-level 0, a dev-dependency's default), so its references and generators run many times slower (8x measured on a user's suite). Optimise your dependencies in your Cargo.toml:\n    [profile.dev.package.\"*\"]\n    opt-level = 2\n(see retrocheck's docs/own-problem.md, \"Build settings\")";

/// Says once per process, on standard error, that retrocheck runs unoptimised, when it
/// does: the entry points call it first.
pub(crate) fn warn_if_unoptimized() {
    #[cfg(retrocheck_unoptimized)]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr(), "{UNOPTIMIZED_WARNING}");
        });
    }
}
