//! What a solver supports and claims, declared rather than failed on: games outside
//! its support are skipped and counted, an outcome-only solver is checked on outcomes
//! alone, and a solver that is not `Send + Sync` (a `RefCell` cache, an FFI handle)
//! runs as one instance per thread.

use crate::game::{Game, Value};
use crate::solution::Solution;
use crate::solve::{SolveError, Solver};
use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// The games a solver supports; every entry point skips the others (the solver
/// refuses them with [`SolveError::Unsupported`]) and counts them in its summary
/// ([`Passed::refused`](super::Passed::refused), a campaign's "not covered" line).
///
/// ```
/// use retrocheck::prelude::*;
///
/// // A solver of games without draws, of at most 100 positions.
/// let mine = solver_fn("mine", |game: &Game| retrocheck::solve::Retrograde.solve(game));
/// let declared = Supports::everything().max_positions(100).no_draws().of(mine);
/// let passed = Property::any_game(8).cases(32).run(&declared).unwrap();
/// assert!(passed.refused > 0, "games with draws were skipped");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Supports {
    /// The most positions.
    pub max_positions: usize,
    /// Positions with an explicit terminal outcome (`=A`, `=B`, `=D`).
    pub explicit_outcomes: bool,
    /// A draw convention (`draw A;`, `draw B;`).
    pub draw_convention: bool,
    /// Games with a drawn position (endless play or a terminal draw).
    pub draws: bool,
}

impl Supports {
    /// Every game.
    pub fn everything() -> Supports {
        Supports {
            max_positions: usize::MAX,
            explicit_outcomes: true,
            draw_convention: true,
            draws: true,
        }
    }

    /// Games of at most `positions` positions.
    pub fn max_positions(self, positions: usize) -> Supports {
        Supports {
            max_positions: positions,
            ..self
        }
    }

    /// No game with an explicit terminal outcome.
    pub fn no_explicit_outcomes(self) -> Supports {
        Supports {
            explicit_outcomes: false,
            ..self
        }
    }

    /// No game with a draw convention.
    pub fn no_draw_convention(self) -> Supports {
        Supports {
            draw_convention: false,
            ..self
        }
    }

    /// No game with a drawn position (whether one is drawn is read off the proven
    /// solution).
    pub fn no_draws(self) -> Supports {
        Supports { draws: false, ..self }
    }

    /// Why `game` is outside this support, if it is.
    pub fn refusal(&self, game: &Game) -> Option<String> {
        if game.positions() > self.max_positions {
            return Some(format!(
                "more than {} positions ({})",
                self.max_positions,
                game.positions()
            ));
        }
        if !self.explicit_outcomes && game.terminals().iter().any(Option::is_some) {
            return Some("an explicit terminal outcome".into());
        }
        if !self.draw_convention && game.draw_credit().is_some() {
            return Some("a draw convention".into());
        }
        if !self.draws {
            let drawn =
                crate::oracles::expected::solution(game).is_ok_and(|s| s.values.contains(&Value::Draw));
            if drawn {
                return Some("a drawn position".into());
            }
        }
        None
    }

    /// `solver`, refusing the games outside this support.
    pub fn of<S: Solver>(self, solver: S) -> Declared<S> {
        Declared {
            solver,
            supports: self,
        }
    }
}

/// A solver with its [`Supports`] declared: see [`Supports::of`].
#[derive(Clone, Debug)]
pub struct Declared<S> {
    solver: S,
    supports: Supports,
}

impl<S: Solver> Solver for Declared<S> {
    fn name(&self) -> &str {
        self.solver.name()
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        if let Some(why) = self.supports.refusal(game) {
            return Err(SolveError::Unsupported(why));
        }
        self.solver.solve(game)
    }
}

/// What a solver's solution claims: many solvers compute outcomes only, or no moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Claims {
    /// Who wins, or a draw, per position: remoteness and moves are not checked.
    Outcomes,
    /// The value (winner and remoteness, or a draw) per position: moves are not checked.
    Values,
    /// Values and the first optimal move, per position: the default.
    Everything,
}

impl Claims {
    /// `solver`, checked on these claims only.
    ///
    /// ```
    /// use retrocheck::prelude::*;
    ///
    /// // An outcome-only solver: the winners are right, the remoteness it reports is 0.
    /// let outcomes = solver_fn("outcomes", |game: &Game| {
    ///     let truth = retrocheck::solve::Retrograde.solve(game)?;
    ///     let values = truth
    ///         .values
    ///         .iter()
    ///         .map(|v| v.winner().map_or(Value::Draw, |w| Value::win(w, 0)))
    ///         .collect();
    ///     Ok(Solution::from_values(game, values))
    /// });
    /// assert!(Property::any_game(8).cases(16).run(&outcomes).is_err());
    /// Property::any_game(8).cases(16).assert(&Claims::Outcomes.of(outcomes));
    /// ```
    pub fn of<S: Solver>(self, solver: S) -> Claiming<S> {
        Claiming { solver, claims: self }
    }
}

/// A solver checked on what it [`Claims`] only: see [`Claims::of`].
#[derive(Clone, Debug)]
pub struct Claiming<S> {
    solver: S,
    claims: Claims,
}

impl<S: Solver> Solver for Claiming<S> {
    fn name(&self) -> &str {
        self.solver.name()
    }

    /// The solver's solution with what it does not claim taken from the proven
    /// solution where what it claims is right: a wrong claim stays as the solver gave
    /// it, for the oracles to report; the rest cannot fail.
    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        let mut claimed = self.solver.solve(game)?;
        let n = game.positions();
        if self.claims == Claims::Everything || claimed.values.len() != n || claimed.choices.len() != n {
            return Ok(claimed);
        }
        let truth =
            crate::oracles::expected::solution(game).map_err(|e| SolveError::Failed(e.to_string()))?;
        for p in 0..n {
            let (mine, right) = (claimed.values[p], truth.values[p]);
            let holds = match self.claims {
                Claims::Outcomes => mine.winner() == right.winner(),
                _ => mine == right,
            };
            if holds {
                claimed.values[p] = right;
                claimed.choices[p] = truth.choices[p];
            }
        }
        Ok(claimed)
    }
}

/// A solver made once per thread, for one that cannot be shared between threads (a
/// `RefCell` cache, an FFI handle): `make` builds each thread's state, `solve` solves
/// with it. Neither the state nor its type needs to be `Send` or `Sync`; a state lives
/// until its thread ends (or, on the thread that drops the solver, until then).
///
/// ```
/// use retrocheck::prelude::*;
/// use std::cell::RefCell;
///
/// // A solver with a counter in a RefCell: not Sync.
/// let counted = per_thread(
///     "counted",
///     || RefCell::new(0u64),
///     |calls: &RefCell<u64>, game: &Game| {
///         *calls.borrow_mut() += 1;
///         retrocheck::solve::Retrograde.solve(game)
///     },
/// );
/// Property::any_game(8).cases(16).assert(&counted);
/// ```
pub fn per_thread<T, M, F>(name: impl Into<String>, make: M, solve: F) -> PerThread<M, F>
where
    T: 'static,
    M: Fn() -> T + Send + Sync,
    F: Fn(&T, &Game) -> Result<Solution, SolveError> + Send + Sync,
{
    static NEXT: AtomicU64 = AtomicU64::new(0);
    PerThread {
        name: name.into(),
        id: NEXT.fetch_add(1, Ordering::Relaxed),
        make,
        solve,
    }
}

/// A solver of one state per thread: see [`per_thread`].
pub struct PerThread<M, F> {
    name: String,
    id: u64,
    make: M,
    solve: F,
}

thread_local! {
    /// Each [`PerThread`] solver's state on this thread, by its id.
    static STATES: RefCell<HashMap<u64, Box<dyn Any>>> = RefCell::new(HashMap::new());
}

impl<T, M, F> Solver for PerThread<M, F>
where
    T: 'static,
    M: Fn() -> T + Send + Sync,
    F: Fn(&T, &Game) -> Result<Solution, SolveError> + Send + Sync,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        // The state is taken out while it solves: a solve that panics (caught by the
        // harness) leaves none behind, and the next solve makes a fresh one.
        let state: Box<T> = STATES
            .with(|s| s.borrow_mut().remove(&self.id))
            .and_then(|b| b.downcast::<T>().ok())
            .unwrap_or_else(|| Box::new((self.make)()));
        let result = (self.solve)(&state, game);
        STATES.with(|s| s.borrow_mut().insert(self.id, state));
        result
    }
}

impl<M, F> Drop for PerThread<M, F> {
    fn drop(&mut self) {
        // This thread's state goes now; other threads' with their thread.
        let _ = STATES.try_with(|s| s.borrow_mut().remove(&self.id));
    }
}
