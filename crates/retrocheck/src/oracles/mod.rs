//! The one oracle path: solve a game with the solver under test and check the result
//! against every reference that can handle the game's size, and against `certify`.
//!
//! Every entry point (proptest, the fuzz targets, the bulk runner, the corpus replay,
//! the shrinker) calls [`check`], so a failure is always the same [`Mismatch`] value.

pub mod expected;
pub mod metamorphic;
pub(crate) mod mismatch;

use crate::case::Case;
use crate::game::{Game, Outcome, Side, Value};
use crate::oracles::metamorphic::{game_seed, Broken, Relation};
pub use crate::oracles::mismatch::{Mismatch, Oracle, Signature};
use crate::problems::Instance;
use crate::solution::Solution;
use crate::solve::{certify, Fixpoint, Minimax, Solver, Violation};
use crate::subject::Subject;

/// On which games the metamorphic relations run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RelationsRun {
    /// Exactly on the games too large for value iteration, where they and `certify`
    /// are the only oracles.
    #[default]
    BeyondFixpoint,
    /// On games of every size.
    Always,
    /// Never: the shrinker's cheap first stage on big games, where `certify` alone
    /// judges (it proves or refutes any solution) and the relations' transformed copies
    /// would multiply the cost of every candidate.
    Never,
}

/// Which references run, up to which sizes.
#[derive(Clone, Copy, Debug)]
pub struct Oracles {
    /// Value iteration runs on games of at most this many positions.
    pub fixpoint_max: usize,
    /// Minimax runs on games of at most this many positions (and gives up, as a
    /// skipped oracle, past its step budget).
    pub minimax_max: usize,
    /// The steps minimax may take before it gives up.
    pub minimax_budget: u64,
    /// Minimax is skipped on games with more moves than this: its plays branch on
    /// every move, so a heavy list spends its whole step budget for nothing.
    pub minimax_max_moves: usize,
    /// Value iteration is skipped on games with more moves than this (it makes up to
    /// one pass over every move per remoteness level); the relations run instead.
    pub fixpoint_max_moves: usize,
    /// On which games the metamorphic relations run.
    pub relations: RelationsRun,
    /// The certificate checker; replaceable so the harness can test a broken checker.
    pub certifier: fn(&Game, &Solution) -> Result<(), Violation>,
}

impl Default for Oracles {
    fn default() -> Oracles {
        Oracles {
            fixpoint_max: 2_000,
            minimax_max: 12,
            minimax_budget: 200_000,
            minimax_max_moves: 64,
            fixpoint_max_moves: 40_000,
            relations: RelationsRun::BeyondFixpoint,
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
            relations: RelationsRun::Always,
            ..self
        }
    }

    /// For games too large for any reference: `certify` and the relations.
    pub fn large() -> Oracles {
        Oracles {
            fixpoint_max: 0,
            minimax_max: 0,
            relations: RelationsRun::Always,
            ..Oracles::default()
        }
    }
}

/// What a passing check saw: which oracles ran, and the mix of values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions of the game.
    pub(crate) positions: u64,
    /// Moves of the game.
    pub(crate) moves: u64,
    /// Positions won by A.
    pub(crate) wins_a: u64,
    /// Positions won by B.
    pub(crate) wins_b: u64,
    /// Positions drawn.
    pub(crate) draws: u64,
    /// The longest remoteness of a won or lost position.
    pub(crate) max_remoteness: u32,
    /// The most moves of one position.
    pub(crate) max_out_degree: u32,
    /// The most moves into one position.
    pub(crate) max_in_degree: u32,
    /// The most times one position lists the same move.
    pub(crate) max_multiplicity: u32,
    /// Whether value iteration checked the solution.
    pub fixpoint_ran: bool,
    /// Whether minimax checked it.
    pub minimax_ran: bool,
    /// Whether the metamorphic relations checked the solver.
    pub relations_ran: bool,
    /// Whether `certify` checked the solution (always, when the check passed and the
    /// solver did not refuse the game).
    pub(crate) certify_ran: bool,
    /// Whether the solver under test refused the game as outside what it supports
    /// ([`SolveError::is_refusal`](crate::SolveError::is_refusal)): nothing was
    /// checked, and the case counts as refused, not passed.
    pub(crate) refused: bool,
}

impl Stats {
    /// What `game` and its `solution` cover (no oracle marked as run).
    pub(crate) fn of(game: &Game, solution: &Solution) -> Stats {
        let (max_out_degree, max_in_degree, max_multiplicity) = degrees(game);
        let mut stats = Stats {
            positions: game.positions() as u64,
            moves: game.move_count() as u64,
            max_out_degree,
            max_in_degree,
            max_multiplicity,
            ..Stats::default()
        };
        for v in &solution.values {
            match *v {
                Value::Win { winner, remoteness } => {
                    match winner {
                        Side::A => stats.wins_a += 1,
                        Side::B => stats.wins_b += 1,
                    }
                    stats.max_remoteness = stats.max_remoteness.max(remoteness);
                }
                Value::Draw => stats.draws += 1,
            }
        }
        stats
    }
}

/// The largest out-degree, in-degree and multiplicity of a move, in O(V+E): the
/// coverage axes a campaign reports.
fn degrees(game: &Game) -> (u32, u32, u32) {
    let n = game.positions();
    let mut in_degree = vec![0u32; n];
    // Per target: the last position seen moving there, and how often it did.
    let mut last = vec![u32::MAX; n];
    let mut times = vec![0u32; n];
    let (mut max_out, mut max_mult) = (0, 0);
    for p in game.ids() {
        let moves = game.moves(p);
        max_out = max_out.max(moves.len() as u32);
        for &q in moves {
            let q = q as usize;
            in_degree[q] += 1;
            if last[q] == p {
                times[q] += 1;
            } else {
                (last[q], times[q]) = (p, 1);
            }
            max_mult = max_mult.max(times[q]);
        }
    }
    (max_out, in_degree.into_iter().max().unwrap_or(0), max_mult)
}

/// Runs the solver under test and every applicable oracle on `game`.
pub fn check(game: &Game, under_test: &dyn Subject, oracles: &Oracles) -> Result<Stats, Mismatch> {
    check_solution(game, under_test, oracles).map(|(stats, _)| stats)
}

/// [`check`], returning the checked solution too.
pub(crate) fn check_solution(
    game: &Game,
    under_test: &dyn Subject,
    oracles: &Oracles,
) -> Result<(Stats, Solution), Mismatch> {
    let name = under_test.name().to_string();
    let claimed = match crate::subject::solve_caught(under_test, game) {
        Ok(claimed) => claimed,
        // A game outside what the solver supports: skipped, counted as refused; the
        // solution returned is the proven one, for callers that print an output.
        Err(e) if e.is_refusal() => {
            let solution = expected::solution(game).map_err(|e| Mismatch::OracleFailed {
                oracle: None,
                error: e.to_string(),
            })?;
            let stats = Stats {
                refused: true,
                ..Stats::of(game, &solution)
            };
            return Ok((stats, solution));
        }
        Err(e) => {
            return Err(Mismatch::Crashed {
                solver: name,
                error: e.to_string(),
            })
        }
    };
    let n = game.positions();
    if claimed.values.len() != n || claimed.choices.len() != n {
        // Short (or long): said so, not compared as draws at the missing positions.
        return Err(Mismatch::Rejected {
            solver: name,
            violation: Violation {
                position: 0,
                rule: crate::solve::Rule::Length {
                    claimed: claimed.values.len().min(claimed.choices.len()),
                    positions: n,
                },
            },
        });
    }
    let mut stats = Stats::of(game, &claimed);
    for (reference, solver) in references(oracles) {
        if !within_moves(reference, oracles, game) {
            continue;
        }
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
                    reference,
                    difference,
                });
            }
            return Err(Mismatch::Disagree {
                solver: name,
                reference,
                difference,
            });
        }
        match reference {
            Oracle::Fixpoint => stats.fixpoint_ran = true,
            _ => stats.minimax_ran = true,
        }
    }
    if let Err(violation) = (oracles.certifier)(game, &claimed) {
        return Err(Mismatch::Rejected {
            solver: name,
            violation,
        });
    }
    stats.certify_ran = true;
    let relations = match oracles.relations {
        RelationsRun::Always => true,
        RelationsRun::BeyondFixpoint => !stats.fixpoint_ran,
        RelationsRun::Never => false,
    };
    if relations {
        check_relations(game, &claimed, under_test, game_seed(game))?;
        stats.relations_ran = true;
    }
    Ok((stats, claimed))
}

/// Checks every relation on `game`; `base` is the solver's solution of `game` itself.
pub fn check_relations(
    game: &Game,
    base: &Solution,
    under_test: &dyn Subject,
    seed: u64,
) -> Result<(), Mismatch> {
    Relation::ALL
        .into_iter()
        .try_for_each(|relation| check_relation(relation, game, base, under_test, seed))
}

/// Checks one relation on `game`, with random choices drawn from `seed`: a failure as
/// the [`Mismatch`] of the oracle path.
pub fn check_relation(
    relation: Relation,
    game: &Game,
    base: &Solution,
    under_test: &dyn Subject,
    seed: u64,
) -> Result<(), Mismatch> {
    let solver = under_test.name().into();
    relation
        .check(game, base, under_test, seed)
        .map_err(|broken| match broken {
            Broken::Crashed { error } => Mismatch::Crashed { solver, error },
            Broken::Differs {
                difference,
                transformed,
            } => Mismatch::Relation {
                relation,
                solver,
                difference,
                transformed,
            },
        })
}

/// The references, most exhaustive first, each sized by `oracles`.
fn references(oracles: &Oracles) -> [(Oracle, Box<dyn Solver>); 2] {
    [
        (
            Oracle::Minimax,
            Box::new(Minimax {
                max_positions: oracles.minimax_max,
                budget: oracles.minimax_budget,
            }),
        ),
        (
            Oracle::Fixpoint,
            Box::new(Fixpoint {
                max_positions: oracles.fixpoint_max,
            }),
        ),
    ]
}

/// Whether `game` has few enough moves for the reference `oracle`.
fn within_moves(oracle: Oracle, oracles: &Oracles, game: &Game) -> bool {
    let limit = match oracle {
        Oracle::Minimax => oracles.minimax_max_moves,
        _ => oracles.fixpoint_max_moves,
    };
    game.move_count() <= limit
}

fn run_reference(oracle: Oracle, reference: &dyn Solver, game: &Game) -> Result<Option<Solution>, Mismatch> {
    match reference.solve(game) {
        Ok(solution) => Ok(Some(solution)),
        Err(e) if e.is_refusal() => Ok(None),
        Err(e) => Err(Mismatch::OracleFailed {
            oracle: Some(oracle),
            error: e.to_string(),
        }),
    }
}

/// The most exhaustive reference that can solve `game`, if any, and its solution:
/// the expected output written next to a saved counterexample.
pub(crate) fn reference_solution(
    game: &Game,
    oracles: &Oracles,
) -> Result<Option<(Oracle, Solution)>, Mismatch> {
    for (name, solver) in references(oracles) {
        if !within_moves(name, oracles, game) {
            continue;
        }
        if let Some(solution) = run_reference(name, solver.as_ref(), game)? {
            return Ok(Some((name, solution)));
        }
    }
    Ok(None)
}

/// [`check`] for a generated case: a game, or a contest instance's product game
/// (with the implicit product checked too).
pub fn check_case(case: &Case, under_test: &dyn Subject, oracles: &Oracles) -> Result<Stats, Mismatch> {
    check_case_solution(case, under_test, oracles).map(|(stats, _)| stats)
}

/// [`check_case`], returning the checked solution of the case's game too.
pub(crate) fn check_case_solution(
    case: &Case,
    under_test: &dyn Subject,
    oracles: &Oracles,
) -> Result<(Stats, Solution), Mismatch> {
    match case {
        Case::Game(game) => check_solution(game, under_test, oracles),
        Case::Instance(instance) => check_instance_solution(instance, under_test, oracles),
    }
}

/// Runs the oracle path on an instance's product game; then checks the fast path (the
/// implicit product) and, for subjects that answer contest inputs their own way, their
/// answer line, against the checked solution.
pub fn check_instance(
    instance: &Instance,
    under_test: &dyn Subject,
    oracles: &Oracles,
) -> Result<Stats, Mismatch> {
    check_instance_solution(instance, under_test, oracles).map(|(stats, _)| stats)
}

fn check_instance_solution(
    instance: &Instance,
    under_test: &dyn Subject,
    oracles: &Oracles,
) -> Result<(Stats, Solution), Mismatch> {
    let game = instance.game().map_err(|error| Mismatch::OracleFailed {
        oracle: None,
        error: error.to_string(),
    })?;
    let (stats, truth) = check_solution(&game, under_test, oracles)?;
    if stats.refused {
        return Ok((stats, truth));
    }
    let outcomes: Vec<Outcome> = truth.values.iter().map(|v| v.outcome()).collect();
    let fast = instance
        .implicit_outcomes()
        .map_err(|error| Mismatch::OracleFailed {
            oracle: Some(Oracle::ImplicitProduct),
            error: error.to_string(),
        })?;
    if let Some(p) = (0..game.positions()).find(|&p| outcomes[p] != fast[p]) {
        return Err(Mismatch::ImplicitProduct {
            problem: instance.problem(),
            position: p as u32,
            checked: outcomes[p],
            implicit: fast[p],
        });
    }
    if let Some(answer) = crate::subject::answer_caught(under_test, instance, 1) {
        let got = answer.map_err(|e| Mismatch::Crashed {
            solver: under_test.name().into(),
            error: e.to_string(),
        })?;
        let expected = instance.answer(1, &outcomes);
        if got != expected {
            return Err(Mismatch::Answer {
                solver: under_test.name().into(),
                expected,
                got,
            });
        }
    }
    Ok((stats, truth))
}
