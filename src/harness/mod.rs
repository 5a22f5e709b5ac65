//! The differential-testing harness: generators, the one oracle path, the bulk runner,
//! the shrinker and the regression corpus (DESIGN §4). Fuzzer-agnostic library code;
//! the proptest properties, fuzz targets and CLI are thin layers over it.

pub mod check;
pub mod corpus;
pub mod generate;

pub use check::{check, Mismatch, Oracles, Stats};
