//! Sizes a user may ask for, checked against this machine's memory before anything is
//! allocated, so an absurd size is a clear error (exit 2), never an allocation abort.

/// Three quarters of this machine's memory ([`retrocheck_core::limits`]).
pub use retrocheck_core::limits::memory_ceiling;

/// Bytes a checked case of `positions` positions and `moves` moves may take at its
/// peak: the game, its reverse index, the solver's and the references' solutions and
/// the metamorphic relations' transformed copies.
pub(crate) fn case_bytes(positions: u64, moves: u64) -> u64 {
    positions
        .saturating_mul(200)
        .saturating_add(moves.saturating_mul(40))
}

/// The most positions a game can have: ids are `u32`, and one value is kept free.
const MAX_POSITIONS: u64 = u32::MAX as u64 - 1;

/// Why a size was refused: beyond the ids of a game, or beyond this machine's memory.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TooLarge {
    /// More positions than a game's ids can name.
    #[error("{positions} positions is more than a game can have ({MAX_POSITIONS})")]
    Positions {
        /// The positions asked for.
        positions: u64,
    },
    /// More memory than this machine's ceiling.
    #[error("{} of {positions} positions would need about {} MiB, more than {ceiling}", crate::text::count(*.games as usize, "game"), .bytes >> 20)]
    Memory {
        /// The games held at once (one per worker thread).
        games: u64,
        /// Positions of each.
        positions: u64,
        /// The bytes they would take together.
        bytes: u64,
        /// The memory ceiling, in words ([`retrocheck_core::limits::ceiling_text`]).
        ceiling: String,
    },
}

/// Refuses `copies` cases of `positions` positions with about `moves_per_position`
/// moves each (one per worker thread) beyond the id space or the memory ceiling.
pub fn check_cases(positions: u64, moves_per_position: u64, copies: u64) -> Result<(), TooLarge> {
    if positions > MAX_POSITIONS {
        return Err(TooLarge::Positions { positions });
    }
    let moves = positions.saturating_mul(moves_per_position);
    let bytes = case_bytes(positions, moves).saturating_mul(copies.max(1));
    let ceiling = memory_ceiling();
    if bytes > ceiling {
        return Err(TooLarge::Memory {
            games: copies.max(1),
            positions,
            bytes,
            ceiling: retrocheck_core::limits::ceiling_text(),
        });
    }
    Ok(())
}

/// The most worker threads or jobs a user may ask for: beyond a few per core they
/// only add switching and memory.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(8, |n| n.get()) * 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ceiling_follows_the_machine_and_absurd_sizes_are_refused() {
        let ceiling = memory_ceiling();
        assert!(ceiling >= 1 << 20, "{ceiling}");
        assert!(check_cases(1_000, 4, 2).is_ok());
        let err = check_cases(100_000_000_000, 4, 1).unwrap_err();
        assert!(matches!(err, TooLarge::Positions { .. }), "{err}");
        assert!(err.to_string().contains("more than a game can have"), "{err}");
        let err = check_cases(1_000_000_000, 4, 2).unwrap_err();
        assert!(matches!(err, TooLarge::Memory { games: 2, .. }), "{err}");
        assert!(err.to_string().contains("MiB"), "{err}");
    }
}
