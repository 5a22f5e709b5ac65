//! The differential-testing harness: generators, the one oracle path, the bulk runner,
//! the shrinker and the regression corpus (DESIGN §4). Fuzzer-agnostic library code;
//! the proptest properties, fuzz targets and CLI are thin layers over it.

pub mod bulk;
pub mod check;
pub mod corpus;
pub mod exhaustive;
pub mod fuzz;
pub mod generate;
pub mod kill;
pub mod metamorphic;
pub mod shrink;
pub mod strategy;
pub mod stress;
pub mod triage;

pub use check::{check, check_case, Mismatch, Oracles, Stats};
