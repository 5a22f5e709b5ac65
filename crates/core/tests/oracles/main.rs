//! Oracles for the core crate on its own: random games of varied shapes solved by every
//! solver and checked by the certificate checker, perturbed solutions that it must
//! refuse, the traps of `docs/DESIGN.md`, the `.game` format and its errors, the
//! solution text, and the contest front-ends against the corpus.
//!
//! Fast enough (well under a few seconds in the dev profile) to be the test suite of a
//! mutation run: `cargo mutants -p retrocheck-core` (see `.cargo/mutants.toml`), which
//! builds this target alone (`--test oracles`). One module per concern; the helpers they
//! share are in `support`.

mod berzerk_catmouse;
mod certify;
mod format;
mod limits;
mod model;
mod parallel;
mod problems;
mod pursuit_minigame;
mod scan;
mod shiritori;
mod solution;
mod solvers;
mod stream;
mod support;
