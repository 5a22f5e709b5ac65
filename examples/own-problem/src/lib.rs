//! A sixth contest problem, given to retrocheck from outside the library: Luogu P6560,
//! "\[SBCOI2020\] 时光的流逝" (`timeflow`). A problem is two files: its core half
//! ([`problem`]: parsing, printing, the product game, the judge's answer) and its
//! harness half ([`harness`]: generation, a proptest strategy, shrinking). With both,
//! [`Timeflow`] is a [`retrocheck::internals::stress::Target`], so
//! `retrocheck::internals::stress::stress::<Timeflow>` tests a program on it.
//!
//! The binaries `timeflow` (right) and `timeflow-memo-dfs` (wrong) are two solutions
//! reading the input on stdin, as a contestant writes them.

pub mod harness;
pub mod problem;
pub mod solutions;

pub use harness::{instance, strategy, PRODUCT_BUDGET};
pub use problem::{Timeflow, MAX_EDGES, MAX_GAMES};
