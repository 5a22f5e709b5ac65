//! What happens to every failure, whichever entry point found it: shrink it while it
//! fails the same way, work out the expected output with the references, and save both
//! as text in the corpus.

use crate::corpus::{self, Kind, Saved};
use crate::format::print_game;
use crate::generate::Case;
use crate::oracles::{check_case, Mismatch, Oracles, Signature};
use crate::shrink::{shrink_case, Shrunk};
use crate::Subject;
use std::path::Path;

/// Cases above this many positions shrink under `certify` alone first.
const BIG: usize = 2_000;

/// A failure reduced and, if asked, saved.
#[derive(Debug)]
pub struct Triaged {
    pub shrunk: Shrunk<Case>,
    /// The failure of the shrunk case.
    pub mismatch: Mismatch,
    /// The shrunk case as canonical text (`.game`, or contest input).
    pub text: String,
    /// The expected output (`.out`) from the references.
    pub expected: String,
    pub saved: Option<Saved>,
}

/// The corpus kind and canonical text of a case.
pub fn case_text(case: &Case) -> (Kind, String) {
    match case {
        Case::Game(game) => (Kind::Game, print_game(game)),
        Case::Instance(instance) => (Kind::Problem(instance.problem()), instance.to_input()),
    }
}

/// Shrinks a failing `case` (keeping the failure's signature) under every oracle, and
/// saves the result under `corpus_root` if given. `on_step` sees each accepted shrinking step.
pub fn triage(
    case: &Case,
    under_test: &dyn Subject,
    oracles: &Oracles,
    corpus_root: Option<&Path>,
    on_step: impl FnMut(&Case),
) -> Result<Triaged, String> {
    triage_within(case, under_test, oracles, corpus_root, on_step, None)
}

/// [`triage`], shrinking for at most `budget`: past it no further candidate is taken,
/// and the result says it stopped early (the kill table bounds the time one row may
/// take; shrinking a 10^6-position case with a slow solver takes an hour).
pub fn triage_within(
    case: &Case,
    under_test: &dyn Subject,
    oracles: &Oracles,
    corpus_root: Option<&Path>,
    on_step: impl FnMut(&Case),
    budget: Option<std::time::Duration>,
) -> Result<Triaged, String> {
    let deadline = budget.map(|b| std::time::Instant::now() + b);
    // Shrinking judges candidates by every oracle, the relations on every size included
    // (they are cheap on small games): a case is then 1-minimal by one rule, whichever
    // entry point found it and whatever oracles that entry point ran.
    let oracles = &oracles.with_relations();
    let first = match check_case(case, under_test, oracles) {
        Ok(_) => return Err("the case does not fail: nothing to shrink".into()),
        Err(m) => m,
    };
    let signature = first.signature();
    let mut on_step = on_step;
    // Big cases shrink first under `certify` alone, which proves or refutes any
    // solution in O(V+E): the relations' transformed copies would multiply the cost of
    // every candidate. A result that is small again then shrinks under every oracle,
    // so it is 1-minimal by the one rule; one still above BIG positions (a counter-
    // example that needs a chain of 65,537) stays 1-minimal under `certify` and the
    // references, since checking its every removal against the relations too would
    // take minutes.
    let cheap = Oracles {
        relations_off: true,
        relations_on_every_size: false,
        ..*oracles
    };
    let big = case.game().is_ok_and(|g| g.positions() > BIG);
    // Candidates of big cases are judged on every core at once (the result does not
    // depend on it); on small ones a thread per candidate costs more than the check.
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    // The first check of the whole case is not a candidate: it always runs.
    let fails_cheaply =
        |c: &Case| check_case(c, under_test, &cheap).is_err_and(|m| m.signature() == signature);
    let (start, earlier) =
        if big && check_case(case, under_test, &cheap).is_err_and(|m| m.signature() == signature) {
            let first = shrink_case(case, fails_cheaply, &mut on_step, deadline, jobs);
            (first.value.clone(), Some(first))
        } else {
            (case.clone(), None)
        };
    let still_big = earlier.is_some() && start.game().is_ok_and(|g| g.positions() > BIG);
    let final_oracles = if still_big { &cheap } else { oracles };
    let fails =
        |c: &Case| check_case(c, under_test, final_oracles).is_err_and(|m| m.signature() == signature);
    let jobs = if start.game().is_ok_and(|g| g.positions() > BIG) {
        jobs
    } else {
        1
    };
    let mut shrunk = shrink_case(&start, fails, &mut on_step, deadline, jobs);
    if let Some(first) = earlier {
        shrunk.steps += first.steps;
        shrunk.tries += first.tries;
        shrunk.elapsed += first.elapsed;
        shrunk.out_of_time |= first.out_of_time;
    }
    let mismatch =
        check_case(&shrunk.value, under_test, final_oracles).expect_err("the shrunk case still fails");
    let (kind, text) = case_text(&shrunk.value);
    let expected = crate::oracles::expected::output(&shrunk.value, 1)?;
    let saved = match corpus_root {
        Some(root) => Some(
            corpus::save(root, kind, &text, &expected).map_err(|e| format!("saving to the corpus: {e}"))?,
        ),
        None => None,
    };
    Ok(Triaged {
        shrunk,
        mismatch,
        text,
        expected,
        saved,
    })
}

/// For test properties: when `case` fails, shrink it and return a report with the
/// shrunk case as text. The case is saved in a corpus only when asked, with
/// `RETROCHECK_CORPUS=DIR` (for example `corpus`, which `cargo test` replays from then
/// on): a test never writes into the source tree on its own. proptest calls a failing
/// property again on each of its shrinking candidates: only the first failure of each
/// kind in a process is shrunk and saved.
pub fn save_failure(case: &Case, under_test: &dyn Subject, oracles: &Oracles) -> Option<String> {
    let root = std::env::var_os("RETROCHECK_CORPUS").map(std::path::PathBuf::from);
    report_failure(root.as_deref(), case, under_test, oracles)
}

/// [`save_failure`] into the corpus at `root`, if given.
pub fn report_failure(
    root: Option<&Path>,
    case: &Case,
    under_test: &dyn Subject,
    oracles: &Oracles,
) -> Option<String> {
    type Key = (Option<std::path::PathBuf>, String, Signature);
    static SAVED: std::sync::Mutex<Vec<Key>> = std::sync::Mutex::new(Vec::new());
    let mismatch = check_case(case, under_test, oracles).err()?;
    let key = (
        root.map(Path::to_path_buf),
        under_test.name().to_string(),
        mismatch.signature(),
    );
    {
        let mut saved = SAVED.lock().unwrap_or_else(|e| e.into_inner());
        if saved.contains(&key) {
            return Some(format!("{mismatch} (a case failing this way was saved already)"));
        }
        saved.push(key);
    }
    Some(match triage(case, under_test, oracles, root, |_| {}) {
        Ok(t) => {
            let saved = t.saved.map_or(
                "; set RETROCHECK_CORPUS=corpus to save it for replay".into(),
                |s| format!("; saved as {}", s.input.display()),
            );
            format!("{mismatch}\nshrunk to:\n{}{saved}", t.text)
        }
        Err(e) => format!("{mismatch}\n(shrinking failed: {e})"),
    })
}
