//! The subjects the harness can test by name: the built-in solvers and the
//! deliberately wrong ones of the kill table.

use super::mutants::{self, MUTANTS};
use super::Subject;
use crate::solve::{Fixpoint, Minimax, Retrograde};

/// The built-in (correct) solvers, by name.
pub const BUILTIN: &[&str] = &["retrograde", "fixpoint", "minimax"];

/// A subject by name: a built-in solver, a mutant of the kill table, or `planted` (the
/// bug the fuzzing smoke test plants).
pub fn by_name(name: &str) -> Option<Box<dyn Subject>> {
    match name {
        "retrograde" => Some(Box::new(Retrograde)),
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
