//! The differential-testing harness: generators, the one oracle path, the bulk runner,
//! the shrinker and the regression corpus (docs/DESIGN.md §4). Fuzzer-agnostic library code;
//! the proptest properties, fuzz targets and CLI are thin layers over it.

pub mod bulk;
pub mod campaign;
pub mod check;
pub mod corpus;
pub mod exhaustive;
pub mod expected;
pub mod fuzz;
pub mod generate;
pub mod kill;
pub mod limits;
pub mod merge;
pub mod metamorphic;
pub mod mismatch;
pub(crate) mod mutants;
pub mod registry;
pub mod shrink;
pub mod strategy;
pub mod stress;
pub mod subject;
pub mod transform;
pub mod triage;

pub use check::{check, check_case, Mismatch, Oracles, Stats};
pub use subject::Subject;
