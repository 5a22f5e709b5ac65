//! The harness's engines, for the `retrocheck` command line, the project's own tests
//! and anyone who needs more than [`api`](crate::api): **no stability promise** — names, signatures
//! and modules change with the harness. Each module opens with what it is; the code map
//! is ARCHITECTURE.md.
//!
//! The files stay where they were (`src/stress/`, not `src/internals/stress/`), and the
//! crate root imports every module, so that code inside the crate names them
//! `crate::stress`.
#[path = "builtin/mod.rs"]
pub mod builtin;
#[path = "bytes.rs"]
pub mod bytes;
#[path = "case/mod.rs"]
pub mod case;
#[path = "corpus.rs"]
pub mod corpus;
#[path = "exhaustive.rs"]
pub mod exhaustive;
#[path = "failure.rs"]
pub mod failure;
#[path = "fuzz/mod.rs"]
pub mod fuzz;
#[path = "generate/mod.rs"]
pub mod generate;
#[path = "oracles/mod.rs"]
pub mod oracles;
#[path = "panics.rs"]
pub mod panics;
#[path = "run/mod.rs"]
pub mod run;
#[path = "search.rs"]
pub mod search;
#[path = "seed.rs"]
pub mod seed;
#[path = "shrink/mod.rs"]
pub mod shrink;
#[path = "sizes.rs"]
pub mod sizes;
#[path = "stress/mod.rs"]
pub mod stress;
#[path = "subject.rs"]
pub mod subject;
#[path = "target.rs"]
pub mod target;
#[path = "testset/mod.rs"]
pub mod testset;
#[path = "transform.rs"]
pub mod transform;
