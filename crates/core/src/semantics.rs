//! The semantics every solver must follow — retrocheck's, its references, and yours:
//! the game model, the value of a position, the one move every solver reports, the
//! text formats, and the traps a solver must avoid. (A page of documentation only.)
//!
//! # The game model
//!
//! A [`Game`](crate::Game) has `n` positions with ids `0` to `n − 1` (at most
//! 2³² − 2 positions and 2³² − 2 moves in all). Each position has:
//!
//! - a **mover**, [`Side::A`](crate::Side) or `B`: the side that chooses the move there;
//! - an ordered list of **moves**, each the id of a successor. A move may lead back to
//!   its own position (a self-loop), and the same successor may be listed more than once
//!   (repeated moves). Both count exactly as often as they are listed;
//! - optionally an **explicit terminal outcome** ([`Outcome`](crate::Outcome)): `A`
//!   wins, `B` wins, or a draw. A position with an outcome has no moves.
//!
//! A position with neither moves nor outcome is **stuck**: its mover loses (normal
//! play). Each side prefers its own win, then a draw, then its own loss; a play that
//! never reaches a terminal or stuck position is a draw.
//!
//! # Values and remoteness
//!
//! The [`Value`](crate::Value) of a position is a winner and a **remoteness** (how many
//! moves until the game ends under optimal play), or a draw, which has no remoteness:
//!
//! | position | value |
//! |---|---|
//! | explicit outcome `A` or `B` | that side wins, remoteness 0 |
//! | explicit draw | draw |
//! | stuck | the mover's opponent wins, remoteness 0 |
//! | some move leads to a position the mover wins | the mover wins; remoteness = 1 + the **smallest** remoteness among those moves |
//! | every move leads to a position the opponent wins | the opponent wins; remoteness = 1 + the **largest** remoteness among all moves |
//! | anything else | draw |
//!
//! The winner takes the fastest win, the loser the slowest loss. The rules are read
//! bottom-up from the terminal and stuck positions: a position is won or lost only if
//! they decide it from positions already decided at a finite remoteness; every other
//! position is a draw. As mere equations the rules have other solutions on cycles (the
//! second trap below).
//!
//! # The draw convention
//!
//! A game may carry a draw convention (`draw X;` in the text format), which credits
//! every draw to side `X` when results are reported. Solving ignores it: no position
//! becomes won or lost because of it. A credited draw prints `X` as its outcome and `-`
//! as its remoteness. A game with a draw convention has no explicit terminal draws (the
//! builder refuses the combination: a side would prefer a real draw to endless play, a
//! choice the convention cannot express).
//!
//! # The move every solver reports
//!
//! A move from `p` to `q` is **optimal** when `p` is won by its mover at remoteness `r`
//! and `q` is won by the same side at `r − 1`; when `p` is lost at remoteness `r` and `q`
//! has remoteness `r − 1` (the longest resistance); when `p` is a draw and `q` is a draw
//! (a terminal draw counts). Every solver reports, for each position, **the first
//! optimal move in the position's move order**, or none for a position without moves:
//! two correct solvers print identical lines, so a disagreement is always a bug.
//! [`Solution::from_values`](crate::Solution::from_values) fills these moves in from
//! values alone.
//!
//! "Any move to a winning successor" is not a winning strategy on a graph with cycles:
//! in `0 A 1,2; 1 A 0; 2 B ;` position 0 is won in 1 (move to 2) and position 1 is won
//! too, but a player who keeps choosing "a winning successor" can go 0 → 1 → 0 → … for
//! ever.
//!
//! # The game text format (`.game`)
//!
//! Line-oriented, so that a counterexample can be read, edited and diffed by hand:
//!
//! ```text
//! # a comment runs to the end of its line; empty lines are skipped
//! game 4;          # header: 4 positions, ids 0..3
//! 0 A 1,2,3;       # id, mover, moves in order
//! 1 B 0,0,1;       # a repeated move and a self-loop
//! 2 A ;            # no moves and no outcome: stuck, A loses
//! 3 B =A;          # terminal with a given outcome: =A, =B or =D
//! draw B;          # optional draw convention: draws are credited to B
//! ```
//!
//! Every id from 0 to N − 1 is defined exactly once, in any order; moves are in range.
//! Errors name the line and what was expected ([`format::parse_game`](crate::format::parse_game)).
//! Printing is canonical (ids sorted, moves in their order, one space between fields),
//! and parsing what was printed gives the same game.
//!
//! # The solution text format (`.out`)
//!
//! One line per position, in id order: `<id> <outcome> <remoteness> <move>` — the
//! outcome `A`, `B` or `D` after the draw convention; the remoteness a number, or `-`
//! for a draw (credited or not); the reported move, or `-` where there is none. The
//! example above solves to:
//!
//! ```text
//! 0 A 1 3          # A moves to 3 and wins at once
//! 1 B - 1          # B cannot win; its self-loop keeps the play endless: B by convention
//! 2 B 0 -          # A is stuck
//! 3 A 0 -          # explicit terminal
//! ```
//!
//! # Three traps
//!
//! 1. **Graph-history interaction.** Scoring a position already on the search stack as
//!    a draw and then caching the scores that depended on it gives wrong values.
//!    Smallest case: `a = 0` (A) with moves to `b` and `c`; `b = 1` (B) with the move
//!    back to `a`; `c = 2` (B) stuck. Truth: `c` lost by B, `a` won by A in 1, `b` lost
//!    by B in 2; a search from `a` that visits `b` first scores `b` a draw.
//! 2. **Local outcome rules prove nothing on cycles.** On a 2-cycle `a ⇄ b` without
//!    terminals, "a won, b lost" satisfies every outcome rule, yet the truth is
//!    draw/draw. Only remoteness refutes it (`r(a) = 1 + r(b)` and `r(b) = 1 + r(a)`
//!    cannot both hold), which is why [`certify`](crate::solve::certify()) checks it.
//! 3. **Counters and multigraphs.** A retrograde solver's counter of undecided moves
//!    must count moves — repeated moves and self-loops included — exactly as its reverse
//!    adjacency is walked when a successor is decided.
