//! Everything a test of your own solver needs, in one `use retrocheck::prelude::*;`.

pub use crate::api::{
    any_case, any_game, family, fuzz_bytes, fuzz_check, fuzz_diff, fuzz_input, generate, replay, solver_fn,
    Campaign, Case, Failure, Family, FuzzCase, Passed, Property, ReplayError, BUILTIN_CORPUS,
};
pub use crate::{Game, GameBuilder, Outcome, Side, Solution, SolveError, Solver, Value};
