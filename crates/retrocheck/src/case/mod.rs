//! The test case every engine of the harness passes around: a game, or a contest
//! instance whose product game is tested — in a module of its own so that the oracles,
//! the shrinker, the corpus and the fuzz bodies need not import the generators.

mod shrink;

use crate::game::Game;
use crate::problems::{Instance, ProductError};
use crate::text::count;
#[cfg(test)]
pub(crate) use shrink::case_passes;
pub(crate) use shrink::shrink_case;

/// A generated test case: a game, or a contest instance whose product game is tested.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Case {
    /// A game, checked as it is.
    Game(Game),
    /// A contest instance: its product game is checked, and the contest fast path and
    /// answer line against it.
    Instance(Instance),
}

impl Case {
    /// Its size in words, for reports: "3 positions, 1 move", or the instance's size.
    pub fn size_text(&self) -> String {
        match self {
            Case::Game(g) => format!(
                "{}, {}",
                count(g.positions(), "position"),
                count(g.move_count(), "move")
            ),
            Case::Instance(i) => i.size_text(),
        }
    }

    /// The game the oracles check.
    pub fn game(&self) -> Result<Game, ProductError> {
        match self {
            Case::Game(g) => Ok(g.clone()),
            Case::Instance(i) => i.game(),
        }
    }
}
