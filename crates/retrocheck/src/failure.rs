//! What happens to every failure, whichever entry point found it — `diff`, `shrink`,
//! the API (and the project's own test properties through it), the kill tables: shrink
//! it while it fails the same way, work out the expected output with the references,
//! and save both as text in the corpus. One function, [`triage`], with a [`Policy`] saying which oracles judge, for
//! how long, where it is saved, and whether the shrunk case must show the solver's own
//! wrong lines.

use crate::case::shrink_case;
use crate::case::Case;
use crate::corpus::{self, Kind, SaveError, Saved};
use crate::format::print_game;
use crate::oracles::expected::ExpectedError;
use crate::oracles::{check_case, Mismatch, Oracles, RelationsRun, Signature};
use crate::shrink::Shrunk;
use crate::subject::Subject;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Cases above this many positions are judged by `certify` and the references alone
/// while they shrink (the relations' transformed copies would multiply the cost of
/// every candidate), and their candidates on every core at once.
pub(crate) const BIG_CASE: usize = 2_000;

/// How a failure is reduced and kept.
#[derive(Clone, Debug)]
pub struct Policy {
    /// The oracles of the entry point that found it; shrinking judges by them with the
    /// metamorphic relations on every size (see [`judging`]).
    pub oracles: Oracles,
    /// Stop shrinking after this long: the case reached is reported, marked as not
    /// 1-minimal (`Shrunk::out_of_time`).
    pub budget: Option<Duration>,
    /// Save the shrunk case and its expected output in this corpus directory.
    pub corpus: Option<PathBuf>,
    /// Shrink while the solver's own solution stays wrong by the references or
    /// `certify` (no relation), when the case fails that way: the report then shows
    /// wrong lines of the solver's output. Otherwise (or when only a relation sees the
    /// failure) shrinking is staged: big cases first under `certify` alone, then every
    /// oracle.
    pub direct: bool,
}

impl Policy {
    /// The staged policy of `retrocheck diff` and `shrink`, with these oracles: no time
    /// limit, nothing saved.
    pub fn new(oracles: Oracles) -> Policy {
        Policy {
            oracles,
            budget: None,
            corpus: None,
            direct: false,
        }
    }
}

/// A failure reduced and, if asked, saved.
#[derive(Debug)]
pub struct Triaged {
    /// The shrunk case and how shrinking went.
    pub shrunk: Shrunk<Case>,
    /// The failure of the shrunk case.
    pub mismatch: Mismatch,
    /// The shrunk case as canonical text (`.game`, or contest input).
    pub text: String,
    /// The expected output (`.out`) from the references.
    pub(crate) expected: String,
    /// Where the case was saved, when the policy names a corpus, or why it was not.
    pub(crate) saved: Option<Result<Saved, SaveError>>,
}

/// Why a case was not triaged.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TriageError {
    /// The case passes every oracle.
    #[error("the case does not fail: nothing to shrink")]
    Passes,
    /// The case failed, then passed when checked again: the subject is not
    /// deterministic.
    #[error("the case failed once and then passed: the solver under test is not deterministic")]
    NoLongerFails,
    /// No expected output could be given for the shrunk case.
    #[error(transparent)]
    Expected(#[from] ExpectedError),
}

/// The corpus kind and canonical text of a case.
pub fn case_text(case: &Case) -> (Kind, String) {
    match case {
        Case::Game(game) => (Kind::Game, print_game(game)),
        Case::Instance(instance) => (Kind::Problem(instance.problem()), instance.to_input()),
    }
}

/// The oracles that judge candidates of `case` while it shrinks, and its 1-minimality:
/// `oracles` with the relations on every size, or, above `BIG_CASE` positions,
/// `certify` and the references alone.
pub fn judging(case: &Case, oracles: &Oracles) -> Oracles {
    if is_big(case) {
        without_relations(oracles)
    } else {
        oracles.with_relations()
    }
}

fn without_relations(oracles: &Oracles) -> Oracles {
    Oracles {
        relations: RelationsRun::Never,
        ..*oracles
    }
}

fn is_big(case: &Case) -> bool {
    case.game().is_ok_and(|g| g.positions() > BIG_CASE)
}

/// Candidates judged at once for `case`: every core for a big case, one otherwise (a
/// thread per candidate costs more than the check). The result does not depend on it.
fn jobs_for(case: &Case) -> usize {
    if is_big(case) {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        1
    }
}

/// Shrinks a failing `case` while it fails with the same [`Signature`], works out its
/// expected output, and saves it where the policy says. `on_step` sees each accepted
/// shrinking step.
pub fn triage(
    case: &Case,
    under_test: &dyn Subject,
    policy: &Policy,
    mut on_step: impl FnMut(&Case),
) -> Result<Triaged, TriageError> {
    let deadline = policy.budget.and_then(|b| Instant::now().checked_add(b));
    // Shrinking judges candidates by every oracle, the relations on every size included
    // (they are cheap on small games): a case is then 1-minimal by one rule, whichever
    // entry point found it and whatever oracles that entry point ran.
    let oracles = &policy.oracles.with_relations();
    let cheap = without_relations(oracles);
    let fails_with =
        |c: &Case, o: &Oracles, s: Signature| check_case(c, under_test, o).is_err_and(|m| m.signature() == s);
    let direct = policy
        .direct
        .then(|| check_case(case, under_test, &cheap).err())
        .flatten();
    let (mut shrunk, final_oracles, signature) = if let Some(first) = direct {
        let signature = first.signature();
        let fails = |c: &Case| fails_with(c, &cheap, signature);
        let shrunk = shrink_case(case, fails, &mut on_step, deadline, jobs_for(case));
        (shrunk, cheap, signature)
    } else {
        let signature = check_case(case, under_test, oracles)
            .err()
            .ok_or(TriageError::Passes)?
            .signature();
        // Big cases shrink first under `certify` alone, which proves or refutes any
        // solution in O(V+E). A result that is small again then shrinks under every
        // oracle, so it is 1-minimal by the one rule; one still above BIG_CASE
        // positions (a counterexample that needs a chain of 65,537) stays 1-minimal
        // under `certify` and the references, since checking its every removal against
        // the relations too would take minutes.
        let staged = is_big(case) && fails_with(case, &cheap, signature);
        let (start, earlier) = if staged {
            let fails = |c: &Case| fails_with(c, &cheap, signature);
            let first = shrink_case(case, fails, &mut on_step, deadline, jobs_for(case));
            (first.value.clone(), Some(first))
        } else {
            (case.clone(), None)
        };
        let final_oracles = if earlier.is_some() && is_big(&start) {
            cheap
        } else {
            *oracles
        };
        let fails = |c: &Case| fails_with(c, &final_oracles, signature);
        let mut shrunk = shrink_case(&start, fails, &mut on_step, deadline, jobs_for(&start));
        if let Some(first) = earlier {
            shrunk.steps += first.steps;
            shrunk.tries += first.tries;
            shrunk.elapsed += first.elapsed;
            shrunk.out_of_time |= first.out_of_time;
        }
        (shrunk, final_oracles, signature)
    };
    let mut mismatch = check_case(&shrunk.value, under_test, &final_oracles)
        .err()
        .ok_or(TriageError::NoLongerFails)?;
    // Ids in order of discovery from the failing position, as Hypothesis normalises its
    // examples: a person reads the case from the top. Kept only if it fails the same way.
    if let Some(normal) = normalised(&shrunk.value, &mismatch) {
        if let Err(m) = check_case(&normal, under_test, &final_oracles) {
            if m.signature() == signature {
                (shrunk.value, mismatch) = (normal, m);
            }
        }
    }
    let (kind, text) = case_text(&shrunk.value);
    let expected = crate::oracles::expected::output(&shrunk.value, 1)?;
    let saved = save(policy, kind, &text, &expected);
    Ok(Triaged {
        shrunk,
        mismatch,
        text,
        expected,
        saved,
    })
}

/// Saves a case's canonical `text` and its `expected` output in the corpus `policy`
/// names, if any: the one place a failure is saved, whether [`triage`] shrank it or the
/// API reports a case that would not shrink (one that no longer fails) as found.
pub(crate) fn save(
    policy: &Policy,
    kind: Kind,
    text: &str,
    expected: &str,
) -> Option<Result<Saved, SaveError>> {
    policy
        .corpus
        .as_ref()
        .map(|root| corpus::save(root, kind, text, expected).map_err(|e| SaveError::new(root, e)))
}

/// `case` with its ids renumbered in order of discovery — breadth first along the
/// moves, in move order — from the position where `mismatch` sees the solution wrong
/// (position 0 when it names none), then from each position not yet reached in id
/// order; `None` for a contest instance or a game already so numbered.
pub(crate) fn normalised(case: &Case, mismatch: &Mismatch) -> Option<Case> {
    let Case::Game(game) = case else { return None };
    let start = match mismatch {
        Mismatch::Disagree { difference, .. } | Mismatch::CheckerAccepted { difference, .. } => {
            difference.position
        }
        Mismatch::Rejected { violation, .. } => violation.position,
        _ => 0,
    };
    normalised_from(game, start).map(Case::Game)
}

/// `game` with its ids renumbered in order of discovery from position `start` (see
/// [`normalised`]); `None` when it is so numbered already. `stress` numbers a game
/// this way from the position of the first wrong output line.
pub(crate) fn normalised_from(game: &crate::Game, start: u32) -> Option<crate::Game> {
    let n = game.positions();
    let mut perm = vec![u32::MAX; n];
    let mut order = Vec::with_capacity(n);
    for root in std::iter::once(start).chain(0..n as u32) {
        if root as usize >= n || perm[root as usize] != u32::MAX {
            continue;
        }
        perm[root as usize] = order.len() as u32;
        order.push(root);
        let mut next = order.len() - 1;
        while next < order.len() {
            for &q in game.moves(order[next]) {
                if perm[q as usize] == u32::MAX {
                    perm[q as usize] = order.len() as u32;
                    order.push(q);
                }
            }
            next += 1;
        }
    }
    let identity = perm.iter().enumerate().all(|(p, &q)| p as u32 == q);
    (!identity).then(|| crate::transform::relabel(game, &perm))
}
