//! Everything a test of your own solver needs, in one `use retrocheck::prelude::*;`.

pub use crate::api::submission::{self, submission_fn, typed_submission_fn, Submission};
pub use crate::api::{
    any_case, any_game, family, fuzz_bytes, fuzz_check, fuzz_diff, fuzz_input, generate, per_thread, replay,
    solver_fn, Campaign, Case, Claims, Failure, Family, FuzzCase, Passed, Property, ReplayError, Supports,
    BUILTIN_CORPUS,
};
pub use crate::{Game, GameBuilder, Outcome, Side, Solution, SolveError, Solver, Value};
