//! The vocabulary of failures: the oracles, what a check reports ([`Mismatch`]) and its
//! kind ([`Signature`]), shared by every entry point.

use crate::game::{Game, Outcome};
use crate::oracles::metamorphic::Relation;
use crate::problems::Problem;
use crate::solution::Difference;
use crate::solve::Violation;
use std::fmt;

/// Something that can tell that a solution is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Oracle {
    /// Exhaustive minimax over plays ([`Minimax`](crate::solve::Minimax)), for small games.
    Minimax,
    /// Value iteration ([`Fixpoint`](crate::solve::Fixpoint)), for medium games.
    Fixpoint,
    /// The certificate checker ([`certify`](crate::solve::certify())), for every game.
    Certify,
    /// A metamorphic relation, for games of any size.
    Relation(Relation),
    /// The contest fast path: retrograde on the product game computed implicitly from
    /// the contest graph, compared outcome by outcome with the checked product game.
    ImplicitProduct,
    /// The judge's answer line read off the checked product game.
    ContestAnswer,
}

impl fmt::Display for Oracle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Oracle::Minimax => f.write_str("minimax"),
            Oracle::Fixpoint => f.write_str("fixpoint"),
            Oracle::Certify => f.write_str("certify"),
            Oracle::Relation(r) => write!(f, "relation {}", r.name()),
            Oracle::ImplicitProduct => f.write_str("implicit product"),
            Oracle::ContestAnswer => f.write_str("contest answer"),
        }
    }
}

/// A failure found by an oracle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mismatch {
    /// The solver under test and a reference gave different solutions.
    Disagree {
        /// The solver under test.
        solver: String,
        /// The reference that refutes it ([`Oracle::Minimax`] or [`Oracle::Fixpoint`]).
        reference: Oracle,
        /// The first position where they differ, the solver's side on the left.
        difference: Difference,
    },
    /// `certify` rejected the solution of `solver`.
    Rejected {
        /// The solver under test.
        solver: String,
        /// The first rule the solution breaks.
        violation: Violation,
    },
    /// The solver under test failed outright (not a refusal of a too-large game).
    Crashed {
        /// The solver under test.
        solver: String,
        /// What it said, or how it died.
        error: String,
    },
    /// An oracle could not do its job (a reference failed, or the product game of a
    /// contest instance could not be built): a fault of the harness or the input, never
    /// blamed on the solver under test.
    OracleFailed {
        /// The oracle, or `None` for the contest front-end that builds the product.
        oracle: Option<Oracle>,
        /// What went wrong.
        error: String,
    },
    /// The contest fast path (retrograde on the implicit product) gives another outcome
    /// than the checked product game. Outcomes only: the fast path computes no
    /// remoteness and no moves.
    ImplicitProduct {
        /// The problem whose front-end is wrong.
        problem: Problem,
        /// The product-game position.
        position: u32,
        /// Its outcome in the checked solution.
        checked: Outcome,
        /// Its outcome by the fast path.
        implicit: Outcome,
    },
    /// A subject's answer line for a contest instance differs from the one read off
    /// the checked solution of its product game.
    Answer {
        /// The subject under test.
        solver: String,
        /// The answer line read off the checked solution.
        expected: String,
        /// The subject's answer line.
        got: String,
    },
    /// The certificate checker accepted a solution that a reference refutes: the
    /// checker itself is broken.
    CheckerAccepted {
        /// The solver whose wrong solution was accepted.
        solver: String,
        /// The reference that refutes it.
        reference: Oracle,
        /// Where the reference refutes it.
        difference: Difference,
    },
    /// A metamorphic relation does not hold: the solver's solution of a transformed
    /// game differs from what its solution of the game itself implies.
    Relation {
        /// The relation.
        relation: Relation,
        /// The solver under test.
        solver: String,
        /// Expected (left) against the solver's solution of the transformed game.
        difference: Difference,
        /// The transformed game, on which the solver's solution is wrong.
        transformed: Box<Game>,
    },
}

/// How a check failed, without where or which oracle saw it: the shrinker keeps a
/// candidate only if it fails with the same signature ("the same way"). A wrong
/// solution is one failure whether minimax, value iteration, `certify` or a relation
/// exposes it, since which oracles run depends on the size, which shrinking changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Signature {
    /// The solver's solution of a game is wrong.
    WrongSolution,
    /// The contest fast path gives a wrong outcome.
    WrongImplicitProduct,
    /// The solver under test failed outright.
    Crash,
    /// An oracle failed.
    OracleFailure,
    /// A contest answer line is wrong.
    WrongAnswer,
    /// The certificate checker accepts a wrong solution.
    CheckerAccepts,
}

impl Mismatch {
    /// The kind of failure: see [`Signature`].
    pub fn signature(&self) -> Signature {
        match self {
            Mismatch::Disagree { .. } | Mismatch::Rejected { .. } | Mismatch::Relation { .. } => {
                Signature::WrongSolution
            }
            Mismatch::ImplicitProduct { .. } => Signature::WrongImplicitProduct,
            Mismatch::Crashed { .. } => Signature::Crash,
            Mismatch::OracleFailed { .. } => Signature::OracleFailure,
            Mismatch::Answer { .. } => Signature::WrongAnswer,
            Mismatch::CheckerAccepted { .. } => Signature::CheckerAccepts,
        }
    }

    /// What a person sees go wrong, without where: which side a wrong value gives the
    /// win to and which the right one does ("A wins where it is a draw"), a wrong
    /// remoteness or move, the broken rule, the error with its numbers left out. Two
    /// failures of one [`Signature`] may have different symptoms: a report says when
    /// shrinking changed it.
    pub(crate) fn symptom(&self) -> String {
        fn who(value: crate::game::Value) -> &'static str {
            match value.winner() {
                Some(crate::game::Side::A) => "A wins",
                Some(crate::game::Side::B) => "B wins",
                None => "a draw",
            }
        }
        // (the solver's, the right one)
        let wrong = |got: (crate::game::Value, Option<u32>), right: (crate::game::Value, Option<u32>)| {
            if who(got.0) != who(right.0) {
                format!("{} where {}", who(got.0), who(right.0))
            } else if got.0 != right.0 {
                "a wrong remoteness".to_string()
            } else {
                "a wrong move".to_string()
            }
        };
        // The numbers of a message left out (a panic's location kept): "the len is 3
        // but the index is 11" and "… 1 … 1" are one symptom.
        let numbers_out = |s: &str| {
            let (kept, rest) = match s.strip_prefix("panicked at ").and_then(|r| r.find(": ")) {
                Some(end) => s.split_at("panicked at ".len() + end),
                None => ("", s),
            };
            let mut out = kept.to_string();
            for c in rest.chars() {
                if !c.is_ascii_digit() {
                    out.push(c);
                } else if !out.ends_with('#') {
                    out.push('#');
                }
            }
            out
        };
        match self {
            Mismatch::Disagree { difference, .. } | Mismatch::CheckerAccepted { difference, .. } => {
                wrong(difference.left, difference.right)
            }
            Mismatch::Relation { difference, .. } => wrong(difference.right, difference.left),
            Mismatch::Rejected { violation, .. } => {
                let rule = format!("{:?}", violation.rule);
                format!("certify: {}", rule.split([' ', '(', '{']).next().unwrap_or(""))
            }
            Mismatch::Crashed { error, .. } => numbers_out(error),
            Mismatch::OracleFailed { error, .. } => numbers_out(error),
            Mismatch::ImplicitProduct {
                checked, implicit, ..
            } => {
                format!("{} where {}", implicit.letter(), checked.letter())
            }
            Mismatch::Answer { expected, got, .. } => {
                if expected.split_whitespace().count() == 1 && got.split_whitespace().count() == 1 {
                    format!("{got} where {expected}")
                } else {
                    "a wrong answer".into()
                }
            }
        }
    }

    /// Who reported the failure, for kill tables: an oracle's name, "crash", or a
    /// reference followed by "(checker accepted it)".
    pub fn found_by(&self) -> String {
        match self {
            Mismatch::Disagree { reference, .. } => reference.to_string(),
            Mismatch::Rejected { .. } => Oracle::Certify.to_string(),
            Mismatch::Crashed { .. } => "crash".into(),
            Mismatch::OracleFailed { oracle, .. } => {
                format!("{} failed", oracle.map_or("front-end".into(), |o| o.to_string()))
            }
            Mismatch::ImplicitProduct { .. } => Oracle::ImplicitProduct.to_string(),
            Mismatch::Relation { relation, .. } => Oracle::Relation(*relation).to_string(),
            Mismatch::Answer { .. } => Oracle::ContestAnswer.to_string(),
            Mismatch::CheckerAccepted { reference, .. } => format!("{reference} (checker accepted it)"),
        }
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::Disagree {
                solver,
                reference,
                difference,
            } => {
                write!(f, "{solver} and {reference} disagree at {difference}")
            }
            Mismatch::Rejected { solver, violation } => {
                write!(f, "certify rejects the solution of {solver}: {violation}")
            }
            Mismatch::Crashed { solver, error } => write!(f, "{solver} failed: {error}"),
            Mismatch::OracleFailed { oracle, error } => match oracle {
                Some(oracle) => write!(f, "the oracle {oracle} failed: {error}"),
                None => write!(f, "the contest front-end failed: {error}"),
            },
            Mismatch::ImplicitProduct {
                problem,
                position,
                checked,
                implicit,
            } => write!(
                f,
                "retrograde on the implicit {} product gives position {position} the outcome {}, the checked product game {}",
                problem.name(),
                implicit.letter(),
                checked.letter()
            ),
            Mismatch::Answer { solver, expected, got } => {
                write!(f, "{solver} answers {got:?}, the references {expected:?}")
            }
            Mismatch::CheckerAccepted {
                solver,
                reference,
                difference,
            } => write!(
                f,
                "the certificate checker accepts the solution of {solver}, which {reference} refutes at {difference}"
            ),
            Mismatch::Relation {
                relation,
                solver,
                difference,
                transformed,
            } => write!(
                f,
                "the {} relation fails for {solver}: on the transformed game ({}), expected vs got at {difference}",
                relation.name(),
                crate::text::count(transformed.positions(), "position"),
            ),
        }
    }
}
