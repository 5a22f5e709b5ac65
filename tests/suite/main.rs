//! The integration tests, one binary with a module per concern (one link, one run).

mod api;
mod cli;
mod cli_own;
mod corpus;
mod differential;
mod fuzz_regressions;
mod horizon_programs;
mod hostile;
mod layers;
mod limits;
mod messages;
mod metamorphic;
mod mutants;
mod parallel;
mod planted_files;
mod problems;
mod readme;
mod reaping;
mod recipes;
mod reports;
mod saving;
mod shards;
mod shrink_contest;
mod slow;
mod solvers;
mod stress;
mod stress_limits;
mod submission;
mod support;
mod test_sets;

/// The proptest configuration of the plain proptest properties (a solver's properties
/// go through the API's `Property`, as a user's do, whose failure is shrunk by
/// retrocheck's shrinker and saved in a corpus only when `RETROCHECK_CORPUS` asks for
/// it): cases follow `PROPTEST_CASES` (default 256); proptest does not shrink; nothing
/// is persisted next to the sources.
pub fn config() -> proptest::prelude::ProptestConfig {
    proptest::prelude::ProptestConfig {
        failure_persistence: None,
        // As `Property`: proptest's own shrinking would only stop at its cap and print
        // a warning.
        max_shrink_iters: 0,
        ..Default::default()
    }
}
