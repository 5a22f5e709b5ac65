//! The game model: positions, movers, moves in compact CSR form, terminal labels and
//! the draw convention, built only through a validating builder.
//!
//! Every solver, reference, generator and front-end in the crate speaks this one type,
//! so its invariants (every move in range, no moves on an explicit terminal, no
//! terminal draw under a draw convention, sizes that fit `u32`) are checked once here
//! and relied on everywhere else.

use std::fmt;

/// A side of the game. Each position belongs to the side that moves there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first player, written `A` in the text formats.
    A,
    /// The second player, written `B`.
    B,
}

impl Side {
    /// The opponent: what one side wins, the other loses.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// `'A'` or `'B'`, as in the `.game` and `.out` formats.
    pub fn letter(self) -> char {
        match self {
            Side::A => 'A',
            Side::B => 'B',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// How a play ends: one side wins, or nobody does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// That side wins: a terminal `=A` or `=B`, or a forced win.
    Win(Side),
    /// Nobody wins: a terminal `=D`, or endless play. A draw convention does not turn it
    /// into a win here; it is applied only when results are printed.
    Draw,
}

impl Outcome {
    /// `'A'`, `'B'` or `'D'`: the `=A`, `=B`, `=D` labels of `.game`.
    pub fn letter(self) -> char {
        match self {
            Outcome::Win(side) => side.letter(),
            Outcome::Draw => 'D',
        }
    }

    /// The same outcome seen from the other side's point of view.
    pub fn swapped(self) -> Outcome {
        match self {
            Outcome::Win(side) => Outcome::Win(side.other()),
            Outcome::Draw => Outcome::Draw,
        }
    }
}

/// The value of a position under optimal play ([semantics](crate::semantics#values-and-remoteness)):
/// who wins and in how many moves, or a draw, which has no remoteness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A side can force a win, whatever the other side does.
    Win {
        /// The side that wins: the mover of a won position, the opponent of the mover of
        /// a lost one.
        winner: Side,
        /// Single moves (of either side, not rounds) to a terminal position when the
        /// winner takes the fastest win and the loser the slowest loss; 0 at a terminal.
        remoteness: u32,
    },
    /// Neither side can force a win: optimal play never ends, or ends in a terminal draw.
    /// Stays a draw under a draw convention, which only changes how results are printed.
    Draw,
}

impl Value {
    /// Shorthand for [`Value::Win`].
    pub fn win(winner: Side, remoteness: u32) -> Value {
        Value::Win { winner, remoteness }
    }

    /// Who wins, without the remoteness. A draw stays [`Outcome::Draw`]: the game's draw
    /// convention is not applied (see [`Solution::to_text`](crate::Solution::to_text)).
    pub fn outcome(self) -> Outcome {
        match self {
            Value::Win { winner, .. } => Outcome::Win(winner),
            Value::Draw => Outcome::Draw,
        }
    }

    /// The number of moves to the end under optimal play; `None` for a draw.
    pub fn remoteness(self) -> Option<u32> {
        match self {
            Value::Win { remoteness, .. } => Some(remoteness),
            Value::Draw => None,
        }
    }

    /// The side that wins, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Value::Win { winner, .. } => Some(winner),
            Value::Draw => None,
        }
    }

    /// The value of a terminal position labelled `outcome`.
    pub fn terminal(outcome: Outcome) -> Value {
        match outcome {
            Outcome::Win(side) => Value::win(side, 0),
            Outcome::Draw => Value::Draw,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win { winner, remoteness } => write!(f, "{winner} wins in {remoteness}"),
            Value::Draw => write!(f, "draw"),
        }
    }
}

/// The largest number of positions a game may have: ids are `u32`, and `u32::MAX` stays
/// free as a sentinel for the solvers.
pub const MAX_POSITIONS: u64 = u32::MAX as u64 - 1;
/// The largest number of moves a game may have in all, each repeated move and self-loop
/// counted: CSR offsets are `u32`, with the same sentinel as [`MAX_POSITIONS`].
pub const MAX_MOVES: u64 = u32::MAX as u64 - 1;

/// Why a game could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// A move names a position that does not exist.
    #[error("position {position}: move to {target} is out of range (the game has {})", crate::text::count(*positions as usize, "position"))]
    MoveOutOfRange {
        /// The position whose move it is.
        position: u32,
        /// The id as given: `u64`, so that an id too large for `u32` is reported, not
        /// truncated into range.
        target: u64,
        /// The number of positions; valid ids are below it.
        positions: u64,
    },
    /// A position has both an explicit terminal outcome and moves.
    #[error("position {position} has moves and an explicit outcome; a terminal position has no moves")]
    MovesOnTerminal {
        /// The offending position.
        position: u32,
    },
    /// A terminal draw (`=D`) in a game with a draw convention: crediting every draw to
    /// one side would be wrong where a side prefers that terminal draw to endless play.
    #[error("position {position} is a terminal draw, which is not allowed together with a draw convention")]
    DrawConventionWithTerminalDraw {
        /// The terminal draw.
        position: u32,
    },
    /// More positions than [`MAX_POSITIONS`].
    #[error("{} positions is more than the {MAX_POSITIONS} a game can hold", at_least(*count))]
    TooManyPositions {
        /// The number of positions asked for; `u64::MAX` where it saturated.
        count: u64,
    },
    /// More moves in all than [`MAX_MOVES`].
    #[error("{} moves is more than the {MAX_MOVES} a game can hold", at_least(*count))]
    TooManyMoves {
        /// The number of moves asked for; `u64::MAX` where it saturated.
        count: u64,
    },
    /// The arrays given to [`Game::from_csr`] do not fit together (lengths, offsets); the
    /// text names the broken rule. A bug in the caller, not a property of the game.
    #[error("malformed CSR arrays: {0}")]
    MalformedCsr(&'static str),
}

/// A count as a message gives it: a product's size saturates at `u64::MAX` (a pursuit
/// input may declare 4·10^9 vertices, 2·n² positions), which is a lower bound, not a
/// count.
fn at_least(count: u64) -> String {
    if count == u64::MAX {
        format!("at least {count}")
    } else {
        count.to_string()
    }
}

/// Checks sizes before anything is allocated, so that front-ends can refuse an
/// oversized instance up front instead of running out of memory.
pub fn check_size(positions: u64, moves: u64) -> Result<(), BuildError> {
    if positions > MAX_POSITIONS {
        return Err(BuildError::TooManyPositions { count: positions });
    }
    if moves > MAX_MOVES {
        return Err(BuildError::TooManyMoves { count: moves });
    }
    Ok(())
}

/// A game on a finite directed graph ([semantics](crate::semantics#the-game-model)), stored
/// as CSR arrays in the order the positions and moves were given.
///
/// Ids are `u32` in `0..positions()`; accessors taking an id panic when it is out of
/// range. The only way to get a `Game` is through a check of every invariant
/// ([`GameBuilder::build`], [`Game::from_csr`] or [`parse_game`](crate::format::parse_game)),
/// so solvers may rely on them. `Debug` prints the canonical `.game` text.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Game {
    movers: Vec<Side>,
    terminals: Vec<Option<Outcome>>,
    offsets: Vec<u32>,
    targets: Vec<u32>,
    draw_credit: Option<Side>,
}

impl Game {
    /// Builds a game from ready-made CSR arrays, checking every invariant. Product games
    /// of the contest problems are built this way, without per-position allocations.
    pub fn from_csr(
        movers: Vec<Side>,
        terminals: Vec<Option<Outcome>>,
        offsets: Vec<u32>,
        targets: Vec<u32>,
        draw_credit: Option<Side>,
    ) -> Result<Game, BuildError> {
        Game::from_csr_scanning(movers, terminals, offsets, targets, draw_credit, true)
    }

    /// [`Game::from_csr`], which looks for a move out of range only with `scan_moves`:
    /// [`GameBuilder::build`] has already looked.
    fn from_csr_scanning(
        movers: Vec<Side>,
        terminals: Vec<Option<Outcome>>,
        offsets: Vec<u32>,
        targets: Vec<u32>,
        draw_credit: Option<Side>,
        scan_moves: bool,
    ) -> Result<Game, BuildError> {
        let n = movers.len();
        check_size(n as u64, targets.len() as u64)?;
        if terminals.len() != n {
            return Err(BuildError::MalformedCsr("terminals and movers differ in length"));
        }
        if offsets.len() != n + 1 || offsets[0] != 0 || offsets[n] as usize != targets.len() {
            return Err(BuildError::MalformedCsr(
                "offsets must have one entry per position plus one, from 0 to the number of moves",
            ));
        }
        if offsets.windows(2).any(|w| w[0] > w[1]) {
            return Err(BuildError::MalformedCsr("offsets must not decrease"));
        }
        // One pass over every move, then one over the positions: the errors come in
        // position order all the same (a move out of range first, then a label).
        let out_of_range = if scan_moves {
            first_at_least(&targets, n as u64)
        } else {
            None
        };
        let first_bad = out_of_range.map_or(n, |i| owner(&offsets, i as u64));
        for p in 0..n {
            let (start, end) = (offsets[p] as usize, offsets[p + 1] as usize);
            if p == first_bad {
                return Err(BuildError::MoveOutOfRange {
                    position: p as u32,
                    target: out_of_range.map_or(0, |i| targets[i].into()),
                    positions: n as u64,
                });
            }
            match terminals[p] {
                Some(_) if end > start => return Err(BuildError::MovesOnTerminal { position: p as u32 }),
                Some(Outcome::Draw) if draw_credit.is_some() => {
                    return Err(BuildError::DrawConventionWithTerminalDraw { position: p as u32 })
                }
                _ => {}
            }
        }
        Ok(Game {
            movers,
            terminals,
            offsets,
            targets,
            draw_credit,
        })
    }

    /// The number of positions; ids are `0..positions()`.
    pub fn positions(&self) -> usize {
        self.movers.len()
    }

    /// The number of moves in all, each repeated move and self-loop counted.
    pub fn move_count(&self) -> usize {
        self.targets.len()
    }

    /// The side that chooses the move at `p`. A terminal position has a mover too: the one
    /// that loses there when it has no moves and no label.
    pub fn mover(&self, p: u32) -> Side {
        self.movers[p as usize]
    }

    /// The explicit terminal outcome of `p`, if it has one. A position without moves and
    /// without a label is terminal too (lost by its mover) but gives `None` here.
    pub fn terminal(&self, p: u32) -> Option<Outcome> {
        self.terminals[p as usize]
    }

    /// The moves of `p` (successor ids), in the order given, repeated moves and
    /// self-loops included.
    pub fn moves(&self, p: u32) -> &[u32] {
        let p = p as usize;
        &self.targets[self.offsets[p] as usize..self.offsets[p + 1] as usize]
    }

    /// The side credited with infinite play when results are reported, if any (the draw
    /// convention). It changes no [`Value`]: solvers still report such positions as draws.
    pub fn draw_credit(&self) -> Option<Side> {
        self.draw_credit
    }

    /// The mover of every position, indexed by id.
    pub fn movers(&self) -> &[Side] {
        &self.movers
    }

    /// The explicit terminal outcome of every position, indexed by id.
    pub fn terminals(&self) -> &[Option<Outcome>] {
        &self.terminals
    }

    /// The CSR offsets: `positions() + 1` entries from 0 to `move_count()`, never
    /// decreasing; the moves of `p` are `targets()[offsets()[p]..offsets()[p + 1]]`.
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// The successor of every move: each position's moves in order, position after position.
    pub fn targets(&self) -> &[u32] {
        &self.targets
    }

    /// All position ids, as `u32`.
    pub fn ids(&self) -> impl Iterator<Item = u32> {
        0..self.positions() as u32
    }

    /// A builder holding this game's positions, for edits such as shrinking.
    pub fn to_builder(&self) -> GameBuilder {
        let mut b = GameBuilder::with_capacity(self.positions(), self.move_count());
        for p in self.ids() {
            b.position(self.mover(p), self.moves(p), self.terminal(p));
        }
        b.draw_credit(self.draw_credit);
        b
    }
}

/// Builds a [`Game`] one position at a time, ids in order; validation happens in
/// [`GameBuilder::build`].
#[derive(Clone, Debug, Default)]
pub struct GameBuilder {
    movers: Vec<Side>,
    terminals: Vec<Option<Outcome>>,
    offsets: Vec<u32>,
    /// The moves as the game will hold them, a target beyond `u32` as `u32::MAX`
    /// (out of range for every game), so that [`build`](GameBuilder::build) hands the
    /// arrays over without a copy.
    targets: Vec<u32>,
    /// The first target beyond `u32`, by index in `targets`, to report it as given.
    too_large: Option<(usize, u64)>,
    draw_credit: Option<Side>,
}

impl GameBuilder {
    /// An empty builder: no positions and no draw convention.
    pub fn new() -> GameBuilder {
        GameBuilder::with_capacity(0, 0)
    }

    /// An empty builder with room for `positions` positions and `moves` moves in all; a hint
    /// against reallocation, not a limit.
    pub fn with_capacity(positions: usize, moves: usize) -> GameBuilder {
        let mut offsets = Vec::with_capacity(positions + 1);
        offsets.push(0);
        GameBuilder {
            movers: Vec::with_capacity(positions),
            terminals: Vec::with_capacity(positions),
            offsets,
            targets: Vec::with_capacity(moves),
            too_large: None,
            draw_credit: None,
        }
    }

    /// Adds the next position and returns its id. Targets are `u64` so that an
    /// out-of-range id from any source is reported, never truncated.
    pub fn position<T: Copy + Into<u64>>(
        &mut self,
        mover: Side,
        moves: &[T],
        terminal: Option<Outcome>,
    ) -> u64 {
        self.movers.push(mover);
        self.terminals.push(terminal);
        let start = self.targets.len();
        self.targets
            .extend(moves.iter().map(|&t| u32::try_from(t.into()).unwrap_or(u32::MAX)));
        if self.too_large.is_none() {
            // Never true for `u32` moves: the compiler drops the loop.
            if let Some(i) = moves.iter().position(|&t| t.into() > u64::from(u32::MAX)) {
                self.too_large = Some((start + i, moves[i].into()));
            }
        }
        // Past u32::MAX moves the offset wraps, but `build` refuses that many first.
        self.offsets.push(self.targets.len() as u32);
        self.movers.len() as u64 - 1
    }

    /// Adds a position whose mover picks among `moves` (none: the mover loses).
    pub fn moves<T: Copy + Into<u64>>(&mut self, mover: Side, moves: &[T]) -> u64 {
        self.position(mover, moves, None)
    }

    /// Adds a terminal position with an explicit outcome.
    pub fn terminal(&mut self, mover: Side, outcome: Outcome) -> u64 {
        self.position::<u32>(mover, &[], Some(outcome))
    }

    /// Sets the draw convention: the side credited with endless play when results are
    /// reported, or `None` (the default). [`build`](GameBuilder::build) refuses a convention
    /// together with a terminal draw.
    pub fn draw_credit(&mut self, side: Option<Side>) -> &mut GameBuilder {
        self.draw_credit = side;
        self
    }

    /// Checks every invariant and returns the game: sizes within [`MAX_POSITIONS`] and
    /// [`MAX_MOVES`], every move in range, no moves on an explicit terminal, and no terminal
    /// draw under a draw convention.
    pub fn build(self) -> Result<Game, BuildError> {
        let n = self.movers.len() as u64;
        check_size(n, self.targets.len() as u64)?;
        if let Some(i) = first_at_least(&self.targets, n) {
            let target = match self.too_large {
                Some((j, t)) if j == i => t,
                _ => self.targets[i].into(),
            };
            return Err(BuildError::MoveOutOfRange {
                position: owner(&self.offsets, i as u64) as u32,
                target,
                positions: n,
            });
        }
        Game::from_csr_scanning(
            self.movers,
            self.terminals,
            self.offsets,
            self.targets,
            self.draw_credit,
            false,
        )
    }
}

/// The index of the first of `targets` at or above `n`, if any: the largest first, in a
/// loop without an early exit that the compiler vectorizes (validating every move of
/// every game built took 6% of a campaign's time in a loop that stopped early).
fn first_at_least(targets: &[u32], n: u64) -> Option<usize> {
    let largest = targets.iter().fold(0, |largest, &t| largest.max(t));
    if u64::from(largest) < n {
        return None;
    }
    targets.iter().position(|&t| u64::from(t) >= n)
}

/// The position whose moves include the `i`-th of the CSR array with these
/// (non-decreasing) `offsets`: the last one starting at or before it.
fn owner<T: Copy + Into<u64>>(offsets: &[T], i: u64) -> usize {
    offsets.partition_point(|&o| o.into() <= i) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builder_keeps_positions_and_moves_in_order() {
        let mut b = GameBuilder::new();
        b.moves(Side::A, &[2u32, 1, 2]);
        b.moves::<u32>(Side::B, &[]);
        b.terminal(Side::A, Outcome::Win(Side::B));
        let g = b.build().unwrap();
        assert_eq!(g.positions(), 3);
        assert_eq!(g.moves(0), &[2, 1, 2]);
        assert_eq!(g.moves(1), &[] as &[u32]);
        assert_eq!(g.terminal(2), Some(Outcome::Win(Side::B)));
        assert_eq!(g.mover(1), Side::B);
    }

    #[test]
    fn builder_rejects_each_invalid_game_with_its_own_error() {
        let mut b = GameBuilder::new();
        b.moves(Side::A, &[1u32]);
        assert_eq!(
            b.build().unwrap_err(),
            BuildError::MoveOutOfRange {
                position: 0,
                target: 1,
                positions: 1
            }
        );

        let mut b = GameBuilder::new();
        b.position(Side::A, &[0u32], Some(Outcome::Win(Side::A)));
        assert_eq!(
            b.build().unwrap_err(),
            BuildError::MovesOnTerminal { position: 0 }
        );

        let mut b = GameBuilder::new();
        b.moves(Side::A, &[1u32]);
        b.terminal(Side::B, Outcome::Draw);
        b.draw_credit(Some(Side::B));
        assert_eq!(
            b.build().unwrap_err(),
            BuildError::DrawConventionWithTerminalDraw { position: 1 }
        );
    }

    #[test]
    fn the_first_invalid_position_is_reported_whatever_its_error() {
        let csr = |terminals: Vec<Option<Outcome>>, targets: Vec<u32>| {
            Game::from_csr(vec![Side::A; 3], terminals, vec![0, 1, 2, 2], targets, None).unwrap_err()
        };
        let won = Some(Outcome::Win(Side::A));
        assert_eq!(
            csr(vec![won, None, None], vec![0, 7]),
            BuildError::MovesOnTerminal { position: 0 }
        );
        assert_eq!(
            csr(vec![None, won, None], vec![7, 0]),
            BuildError::MoveOutOfRange {
                position: 0,
                target: 7,
                positions: 3
            }
        );
        let mut b = GameBuilder::new();
        b.moves::<u32>(Side::A, &[]);
        b.moves(Side::B, &[1u64, 9, u64::from(u32::MAX) + 1]);
        b.moves(Side::B, &[u64::MAX]);
        assert_eq!(
            b.build().unwrap_err(),
            BuildError::MoveOutOfRange {
                position: 1,
                target: 9,
                positions: 3
            }
        );
        let mut b = GameBuilder::new();
        b.moves::<u32>(Side::A, &[]);
        b.moves(Side::B, &[1u64, u64::from(u32::MAX) + 1, 9]);
        assert_eq!(
            b.build().unwrap_err(),
            BuildError::MoveOutOfRange {
                position: 1,
                target: u64::from(u32::MAX) + 1,
                positions: 2
            }
        );
    }

    #[test]
    fn sizes_beyond_u32_are_refused_before_allocation() {
        assert!(check_size(MAX_POSITIONS, MAX_MOVES).is_ok());
        assert_eq!(
            check_size(MAX_POSITIONS + 1, 0),
            Err(BuildError::TooManyPositions {
                count: MAX_POSITIONS + 1
            })
        );
        assert_eq!(
            check_size(1, u64::MAX),
            Err(BuildError::TooManyMoves { count: u64::MAX })
        );
    }

    #[test]
    fn from_csr_rejects_inconsistent_arrays() {
        let bad = Game::from_csr(vec![Side::A], vec![None], vec![0, 2], vec![0], None);
        assert!(matches!(bad, Err(BuildError::MalformedCsr(_))));
        let bad = Game::from_csr(
            vec![Side::A, Side::A],
            vec![None, None],
            vec![0, 1, 0],
            vec![0],
            None,
        );
        assert!(matches!(bad, Err(BuildError::MalformedCsr(_))));
    }
}
