//! The one oracle path: solve a game with the solver under test and check the result
//! against every reference that can handle the game's size, and against `certify`.
//!
//! Every entry point (proptest, the fuzz targets, the bulk runner, the corpus replay,
//! the shrinker) calls [`check`], so a failure is always the same [`Mismatch`] value.

use super::metamorphic::{check_relations, game_seed};
use crate::game::{Game, Value};
use crate::solution::{Difference, Solution};
use crate::solve::{certify, Fixpoint, Minimax, Solver, Violation};
use std::fmt;

/// Which references run, up to which sizes.
#[derive(Clone, Copy, Debug)]
pub struct Oracles {
    /// Value iteration runs on games of at most this many positions.
    pub fixpoint_max: usize,
    /// Minimax runs on games of at most this many positions (and gives up, as a
    /// skipped oracle, past its step budget).
    pub minimax_max: usize,
    pub minimax_budget: u64,
    /// The metamorphic relations run on games of at least this many positions: by
    /// default exactly those too large for value iteration, where they and `certify`
    /// are the only oracles.
    pub relations_from: usize,
    /// The certificate checker; replaceable so the harness can test a broken checker.
    pub certifier: fn(&Game, &Solution) -> Result<(), Violation>,
}

impl Default for Oracles {
    fn default() -> Oracles {
        Oracles {
            fixpoint_max: 2_000,
            minimax_max: 12,
            minimax_budget: 200_000,
            relations_from: 2_001,
            certifier: certify,
        }
    }
}

impl Oracles {
    /// Every oracle, the relations on every size: for the small cases of the fuzz
    /// targets and of `retrocheck shrink`.
    pub fn all() -> Oracles {
        Oracles::default().with_relations()
    }

    /// These oracles with the relations on every size: the rule by which shrinking
    /// judges candidates and 1-minimality.
    pub fn with_relations(self) -> Oracles {
        Oracles {
            relations_from: 0,
            ..self
        }
    }

    /// For games too large for any reference: `certify` and the relations.
    pub fn large() -> Oracles {
        Oracles {
            fixpoint_max: 0,
            minimax_max: 0,
            relations_from: 0,
            ..Oracles::default()
        }
    }
}

/// What a passing check saw: which oracles ran, and the mix of values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub positions: u64,
    pub moves: u64,
    pub wins_a: u64,
    pub wins_b: u64,
    pub draws: u64,
    pub max_remoteness: u32,
    pub fixpoint_ran: bool,
    pub minimax_ran: bool,
    pub relations_ran: bool,
}

impl Stats {
    pub fn of(game: &Game, solution: &Solution) -> Stats {
        let mut stats = Stats {
            positions: game.positions() as u64,
            moves: game.move_count() as u64,
            ..Stats::default()
        };
        for v in &solution.values {
            match *v {
                Value::Win { winner, remoteness } => {
                    match winner {
                        crate::game::Side::A => stats.wins_a += 1,
                        crate::game::Side::B => stats.wins_b += 1,
                    }
                    stats.max_remoteness = stats.max_remoteness.max(remoteness);
                }
                Value::Draw => stats.draws += 1,
            }
        }
        stats
    }
}

/// A failure found by an oracle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// Two solvers gave different solutions.
    Disagree {
        left: String,
        right: String,
        difference: Difference,
    },
    /// `certify` rejected the solution of `solver`.
    Rejected { solver: String, violation: Violation },
    /// A solver failed outright (not a refusal of a too-large game).
    Failed { solver: String, error: String },
    /// A solver's answer line for a contest instance differs from the one read off
    /// the checked solution of its product game.
    Answer {
        solver: String,
        expected: String,
        got: String,
    },
    /// The certificate checker accepted a solution that a reference refutes: the
    /// checker itself is broken.
    CheckerAccepted {
        solver: String,
        reference: String,
        difference: Difference,
    },
    /// A metamorphic relation does not hold: the solver's solution of a transformed
    /// game differs from what its solution of the game itself implies.
    Relation {
        relation: &'static str,
        solver: String,
        difference: Difference,
    },
}

impl Mismatch {
    /// What went wrong, without where or which oracle saw it: the shrinker keeps a
    /// candidate only if it fails with the same signature ("the same way"). A wrong
    /// solution is one failure whether minimax, value iteration, `certify` or a relation
    /// exposes it: which oracles run depends on the size, which shrinking changes.
    pub fn signature(&self) -> String {
        match self {
            Mismatch::Disagree { left, right, .. } if right.starts_with("retrograde on the implicit") => {
                format!("{right} differs from {left}")
            }
            Mismatch::Disagree { left: solver, .. }
            | Mismatch::Rejected { solver, .. }
            | Mismatch::Relation { solver, .. } => format!("{solver} gives a wrong solution"),
            Mismatch::Failed { solver, .. } => format!("{solver} fails"),
            Mismatch::Answer { solver, .. } => format!("{solver} answers wrongly"),
            Mismatch::CheckerAccepted { solver, .. } => {
                format!("the checker accepts a wrong solution of {solver}")
            }
        }
    }

    /// The oracle that reported the failure, for kill tables.
    pub fn oracle(&self) -> String {
        match self {
            Mismatch::Disagree { right, .. } => right.clone(),
            Mismatch::Rejected { .. } => "certify".into(),
            Mismatch::Failed { .. } => "crash".into(),
            Mismatch::Relation { relation, .. } => format!("relation {relation}"),
            Mismatch::Answer { .. } => "contest answer".into(),
            Mismatch::CheckerAccepted { reference, .. } => format!("{reference} (checker accepted it)"),
        }
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::Disagree {
                left,
                right,
                difference,
            } => {
                write!(f, "{left} and {right} disagree at {difference}")
            }
            Mismatch::Rejected { solver, violation } => {
                write!(f, "certify rejects the solution of {solver}: {violation}")
            }
            Mismatch::Failed { solver, error } => write!(f, "{solver} failed: {error}"),
            Mismatch::Answer { solver, expected, got } => {
                write!(f, "{solver} answers {got:?}, the references {expected:?}")
            }
            Mismatch::CheckerAccepted { solver, reference, difference } => write!(
                f,
                "the certificate checker accepts the solution of {solver}, which {reference} refutes at {difference}"
            ),
            Mismatch::Relation {
                relation,
                solver,
                difference,
            } => write!(
                f,
                "the {relation} relation fails for {solver}: expected vs got at {difference}"
            ),
        }
    }
}

/// Runs the solver under test and every applicable oracle on `game`.
pub fn check(game: &Game, under_test: &dyn Solver, oracles: &Oracles) -> Result<Stats, Mismatch> {
    check_solution(game, under_test, oracles).map(|(stats, _)| stats)
}

/// [`check`], returning the checked solution too.
pub fn check_solution(
    game: &Game,
    under_test: &dyn Solver,
    oracles: &Oracles,
) -> Result<(Stats, Solution), Mismatch> {
    let name = under_test.name().to_string();
    let claimed = under_test.solve(game).map_err(|e| Mismatch::Failed {
        solver: name.clone(),
        error: e.to_string(),
    })?;
    let mut stats = Stats::of(game, &claimed);
    for (reference, solver) in references(oracles) {
        let Some(solution) = run_reference(reference, solver.as_ref(), game)? else {
            // Too large for this reference: a skipped oracle, recorded in the stats.
            continue;
        };
        if let Some(difference) = claimed.compare(&solution) {
            // The checker proves or refutes any solution on its own: accepting one a
            // reference refutes means the checker is broken.
            if (oracles.certifier)(game, &claimed).is_ok() {
                return Err(Mismatch::CheckerAccepted {
                    solver: name,
                    reference: reference.into(),
                    difference,
                });
            }
            return Err(Mismatch::Disagree {
                left: name,
                right: reference.into(),
                difference,
            });
        }
        match reference {
            "fixpoint" => stats.fixpoint_ran = true,
            _ => stats.minimax_ran = true,
        }
    }
    if let Err(violation) = (oracles.certifier)(game, &claimed) {
        return Err(Mismatch::Rejected {
            solver: name,
            violation,
        });
    }
    if game.positions() >= oracles.relations_from {
        check_relations(game, &claimed, under_test, game_seed(game))?;
        stats.relations_ran = true;
    }
    Ok((stats, claimed))
}

/// The references, most exhaustive first, each sized by `oracles`.
fn references(oracles: &Oracles) -> [(&'static str, Box<dyn Solver>); 2] {
    [
        (
            "minimax",
            Box::new(Minimax {
                max_positions: oracles.minimax_max,
                budget: oracles.minimax_budget,
            }),
        ),
        (
            "fixpoint",
            Box::new(Fixpoint {
                max_positions: oracles.fixpoint_max,
            }),
        ),
    ]
}

fn run_reference(name: &str, reference: &dyn Solver, game: &Game) -> Result<Option<Solution>, Mismatch> {
    match reference.solve(game) {
        Ok(solution) => Ok(Some(solution)),
        Err(e) if e.is_refusal() => Ok(None),
        Err(e) => Err(Mismatch::Failed {
            solver: name.into(),
            error: e.to_string(),
        }),
    }
}

/// The most exhaustive reference that can solve `game`, if any, and its solution:
/// the expected output written next to a saved counterexample.
pub fn reference_solution(
    game: &Game,
    oracles: &Oracles,
) -> Result<Option<(&'static str, Solution)>, Mismatch> {
    for (name, solver) in references(oracles) {
        if let Some(solution) = run_reference(name, solver.as_ref(), game)? {
            return Ok(Some((name, solution)));
        }
    }
    Ok(None)
}

/// [`check`] for a generated case: a game, or a contest instance's product game
/// (with the implicit product checked too).
pub fn check_case(
    case: &crate::harness::generate::Case,
    under_test: &dyn Solver,
    oracles: &Oracles,
) -> Result<Stats, Mismatch> {
    match case {
        crate::harness::generate::Case::Game(game) => check(game, under_test, oracles),
        crate::harness::generate::Case::Instance(instance) => {
            crate::problems::check_instance(instance, under_test, oracles)
        }
    }
}
