//! retrocheck's tests of itself: deliberately wrong solvers (the bugs people really
//! write), the kill tables that measure how fast and how small each entry point of the
//! harness catches them, and the registry of solvers by name that the command line,
//! the fuzz targets and the tests use. Never on a user's path: the `retrocheck` library
//! does not depend on this crate.

pub mod kill;
pub mod mutants;
pub mod registry;
