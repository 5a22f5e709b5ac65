//! Shrinking a generated [`Case`]: a game by the game passes, a contest instance in
//! contest form by its problem's passes (within the official limits if it met them).

use super::Case;
use crate::shrink::{game_passes, shrink_parallel, shrink_until, Passes, Shrunk};
use std::time::Instant;

/// Shrinks a generated case (a game, or a contest instance in contest form, keeping
/// the official limits if it met them).
///
/// `jobs` candidates are judged at once (see [`shrink_parallel`]); the result is the
/// same for every `jobs`.
pub(crate) fn shrink_case(
    case: &Case,
    fails: impl Fn(&Case) -> bool + Sync,
    on_step: impl FnMut(&Case),
    deadline: Option<Instant>,
    jobs: usize,
) -> Shrunk<Case> {
    let passes = case_passes(case, true);
    if jobs > 1 {
        shrink_parallel(case.clone(), &passes, fails, jobs, on_step, deadline)
    } else {
        shrink_until(case.clone(), &passes, fails, on_step, deadline)
    }
}

/// The passes for `case`'s kind: a game's, or an instance's (within the official
/// limits when `official` and the instance meets them).
pub(crate) fn case_passes(case: &Case, official: bool) -> Passes<Case> {
    match case {
        Case::Game(_) => game_passes().map(Case::Game, |c| match c {
            Case::Game(g) => Some(g),
            Case::Instance(_) => None,
        }),
        Case::Instance(i) => {
            crate::builtin::of(i)
                .passes(official && i.is_official())
                .map(Case::Instance, |c| match c {
                    Case::Instance(i) => Some(i),
                    Case::Game(_) => None,
                })
        }
    }
}
