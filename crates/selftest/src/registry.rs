//! The subjects the harness can test by name: the built-in solvers and the
//! deliberately wrong ones of the kill table.

use crate::mutants::{self, MUTANTS};
use retrocheck::internals::subject::Subject;
use retrocheck::solve::{Fixpoint, Minimax, Retrograde};

/// The built-in (correct) solvers, by name.
pub const BUILTIN: &[&str] = &["retrograde", "fixpoint", "minimax"];

/// A subject by name: a built-in solver, a mutant of the kill table, or `planted` (the
/// bug the fuzzing smoke test plants).
pub fn by_name(name: &str) -> Option<Box<dyn Subject>> {
    with_threads(name, 1)
}

/// [`by_name`], the optimized solver on `threads` threads (0: one per core).
pub fn with_threads(name: &str, threads: usize) -> Option<Box<dyn Subject>> {
    match name {
        "retrograde" => Some(Box::new(Retrograde { threads })),
        "fixpoint" => Some(Box::new(Fixpoint::default())),
        "minimax" => Some(Box::new(Minimax::default())),
        _ => mutants::by_name(name),
    }
}

/// Every name [`by_name`] knows, built-ins first.
pub fn names() -> Vec<&'static str> {
    let mut names = BUILTIN.to_vec();
    names.extend(MUTANTS.iter().map(|m| m.name));
    names.push("planted");
    names
}

/// The mutants of the kill table: name, and the bug with the kind of game that
/// exposes it.
pub fn mutants() -> impl Iterator<Item = (&'static str, &'static str)> {
    MUTANTS.iter().map(|m| (m.name, m.description))
}

/// The solver a fuzz target tests: `retrograde`, or the one named by the
/// `RETROCHECK_SOLVER` environment variable (a mutant, `planted`), to show that a bug
/// is found.
pub fn from_env() -> Box<dyn Subject> {
    let name = std::env::var("RETROCHECK_SOLVER").unwrap_or_else(|_| "retrograde".into());
    by_name(&name).unwrap_or_else(|| panic!("RETROCHECK_SOLVER={name} names no solver"))
}
