//! The shrinker: reduces a failing case to a 1-minimal one — no single removal of a
//! position or a move (an edge, for contest instances) still fails the same way.
//!
//! Candidates come in ordered passes, big steps first (as delta debugging does): keep
//! only the moves that decide the game (each position's optimal move), drop the
//! positions farthest from the end (a long game shortened as far as it still fails),
//! keep half the positions, keep what one position reaches, drop a strongly connected
//! component, drop quarters, eighths, … of the positions, contract many single-move
//! positions at once (a chain halves per step), drop chunks of long move lists; then
//! single removals, single contractions, a reordering followed by a removal (small
//! games), and simplifications (whole move lists, labels, draw convention, movers, move
//! order). After an accepted candidate of pass `i` the shrinker goes on with pass
//! `min(i, singles)` on the smaller value, from the candidate that succeeded: coarse
//! passes that found nothing are not tried again at every step, which is what made a
//! 5,000-position case cost thousands of failing tries per step.
//! A coarse pass is given up after `COARSE_PATIENCE` rejected candidates in a row, and
//! no candidate is judged twice (`JudgedBefore`): each judgement may be a run of the user's
//! program.
//! Every candidate is strictly smaller in the order (positions, moves, labels, draw
//! convention, B movers, unsorted moves), so shrinking terminates; it stops when a
//! sweep from the pass it restarted at through the last pass finds nothing, and that
//! sweep always includes every single removal.

use std::hash::Hash;
use std::time::{Duration, Instant};

/// A shrunk value and how it got there.
#[derive(Clone, Debug)]
pub struct Shrunk<T> {
    /// The smallest failing value reached.
    pub value: T,
    /// Candidates accepted.
    pub(crate) steps: usize,
    /// Candidates tried.
    pub(crate) tries: usize,
    /// How long shrinking took.
    pub elapsed: Duration,
    /// Whether shrinking stopped at its deadline, before the value was 1-minimal.
    pub out_of_time: bool,
}

/// The candidates of one pass on a value, from the `from`-th on: passes skip the
/// candidates before `from` without building them, so resuming a pass is cheap.
pub type Candidates<T> = Box<dyn Fn(&T, usize) -> Box<dyn Iterator<Item = T> + '_>>;

/// One pass of candidates of the same kind.
pub struct Pass<T> {
    /// The pass's name, for reports.
    pub name: &'static str,
    /// Its candidates.
    pub candidates: Candidates<T>,
}

/// A pass from a function (a closure passed here gets the right signature inferred).
pub fn pass<T>(
    name: &'static str,
    candidates: impl Fn(&T, usize) -> Box<dyn Iterator<Item = T> + '_> + 'static,
) -> Pass<T> {
    Pass {
        name,
        candidates: Box::new(candidates),
    }
}

/// Passes, coarsest first. `singles` is the pass of every single removal, after
/// which the shrinker never restarts earlier: the final sweep includes it.
pub struct Passes<T> {
    /// The passes, coarsest first.
    pub list: Vec<Pass<T>>,
    /// The index of the pass of every single removal.
    pub(crate) singles: usize,
}

impl<T: 'static> Passes<T> {
    /// The same passes on a value that wraps a `T`: `from` finds the `T` inside (none:
    /// no candidates), `into` wraps each candidate.
    pub(crate) fn map<U: 'static>(
        self,
        into: impl Fn(T) -> U + Clone + 'static,
        from: fn(&U) -> Option<&T>,
    ) -> Passes<U> {
        let list = self
            .list
            .into_iter()
            .map(|p| {
                let (inner, into) = (p.candidates, into.clone());
                pass(p.name, move |u: &U, skip| -> Box<dyn Iterator<Item = U> + '_> {
                    match from(u) {
                        Some(t) => Box::new(inner(t, skip).map(into.clone())),
                        None => Box::new(std::iter::empty()),
                    }
                })
            })
            .collect();
        Passes {
            list,
            singles: self.singles,
        }
    }

    /// These passes after a first pass `first`.
    pub(crate) fn after(mut self, first: Pass<T>) -> Passes<T> {
        self.list.insert(0, first);
        self.singles += 1;
        self
    }
}

/// Shrinks `start`, which must fail, keeping only candidates for which `fails` holds,
/// stopping before the first candidate tried after `deadline`: the value reached so far
/// is returned and marked `out_of_time`. `on_step` sees every accepted candidate (for
/// progress reports). Big cases with slow subjects
/// need this (every candidate of a 10^6-position case is a solve of 10^6 positions);
/// the smaller value found by then is still worth reporting.
pub(crate) fn shrink_until<T: Clone + Hash>(
    start: T,
    passes: &Passes<T>,
    fails: impl FnMut(&T) -> bool,
    on_step: impl FnMut(&T),
    deadline: Option<Instant>,
) -> Shrunk<T> {
    shrink_while(start, passes, fails, on_step, || !past(deadline))
}

/// [`shrink_until`], stopping before the first candidate tried once `go_on` says no:
/// a budget of work rather than of time (the same result on every machine).
pub(crate) fn shrink_while<T: Clone + Hash>(
    start: T,
    passes: &Passes<T>,
    mut fails: impl FnMut(&T) -> bool,
    on_step: impl FnMut(&T),
    go_on: impl Fn() -> bool,
) -> Shrunk<T> {
    let mut passed = JudgedBefore::default();
    let first_failing = |candidates: &mut dyn Iterator<Item = T>, tries: &mut usize| {
        for (k, candidate) in candidates.enumerate() {
            if !go_on() {
                return Err(());
            }
            let key = passed.key(&candidate);
            if passed.contains(key) {
                continue;
            }
            *tries += 1;
            if fails(&candidate) {
                return Ok(Some((k, candidate)));
            }
            passed.insert(key);
        }
        Ok(None)
    };
    shrink_by(start, passes, first_failing, on_step)
}

/// The candidates already judged not to fail, by a 64-bit hash: different passes, and
/// the same pass on successive values, often build the same game (removing a position
/// nothing moves to is also its contraction and its merge into a twin), and when each
/// judgement is a run of the user's program, judging it again is the cost that matters.
/// A judgement is taken to depend on the candidate alone; two candidates with the same
/// hash (odds about 2^-64 a pair) would share the first one's verdict.
#[derive(Default)]
struct JudgedBefore(std::collections::HashSet<u64>);

impl JudgedBefore {
    fn key<T: Hash>(&self, candidate: &T) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault};
        BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(candidate)
    }

    fn contains(&self, key: u64) -> bool {
        self.0.contains(&key)
    }

    fn insert(&mut self, key: u64) {
        self.0.insert(key);
    }
}

/// [`shrink_until`] with `jobs` candidates judged at once on threads of their own,
/// for subjects that are programs (each judgement a process run): the accepted
/// candidate is still the first failing one in pass order, so the result is the
/// same for every `jobs`, only faster — a big case whose 1-minimality alone takes
/// thousands of runs shrinks about `jobs` times sooner.
pub(crate) fn shrink_parallel<T: Clone + Hash + Send + Sync>(
    start: T,
    passes: &Passes<T>,
    fails: impl Fn(&T) -> bool + Sync,
    jobs: usize,
    on_step: impl FnMut(&T),
    deadline: Option<Instant>,
) -> Shrunk<T> {
    let jobs = jobs.max(1);
    let mut passed = JudgedBefore::default();
    let first_failing = |candidates: &mut dyn Iterator<Item = T>, tries: &mut usize| {
        let mut candidates = candidates.enumerate();
        loop {
            if past(deadline) {
                return Err(());
            }
            // The next `jobs` candidates not judged before, with their places in the run.
            let mut batch: Vec<(usize, u64, T)> = Vec::with_capacity(jobs);
            for (k, candidate) in candidates.by_ref() {
                let key = passed.key(&candidate);
                if !passed.contains(key) {
                    batch.push((k, key, candidate));
                    if batch.len() == jobs {
                        break;
                    }
                }
            }
            if batch.is_empty() {
                return Ok(None);
            }
            *tries += batch.len();
            let verdicts: Vec<bool> = if batch.len() == 1 {
                vec![fails(&batch[0].2)]
            } else {
                std::thread::scope(|scope| {
                    let fails = &fails;
                    // A candidate whose thread cannot be started (`ulimit -u`) is
                    // judged on this thread, after the others have started.
                    let handles: Vec<_> = batch
                        .iter()
                        .map(|(_, _, c)| {
                            (
                                c,
                                std::thread::Builder::new().spawn_scoped(scope, move || fails(c)),
                            )
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|(c, h)| match h {
                            Ok(h) => h.join().expect("a shrinking judge panicked"),
                            Err(_) => fails(c),
                        })
                        .collect()
                })
            };
            for ((_, key, _), &failed) in batch.iter().zip(&verdicts) {
                if !failed {
                    passed.insert(*key);
                }
            }
            if let Some(i) = verdicts.iter().position(|&v| v) {
                let (k, _, candidate) = batch.swap_remove(i);
                return Ok(Some((k, candidate)));
            }
        }
    };
    shrink_by(start, passes, first_failing, on_step)
}

/// A pass before the single removals is given up after this many candidates in a row
/// that do not fail. Coarse passes only speed shrinking up (the single removals after
/// them decide 1-minimality), and a pass whose candidates keep passing has stopped
/// paying: near a size threshold (a bug that needs more than 2,048 positions) every
/// chunk of a fine partition passes, and trying them all cost about twice the
/// positions in program runs before the final sweep even began.
const COARSE_PATIENCE: usize = 32;

fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// The shrinking loop, with `first_failing` finding the first failing candidate of a
/// run of candidates (its index in the run), counting its tries, or `Err` at the
/// deadline.
fn shrink_by<T: Clone>(
    start: T,
    passes: &Passes<T>,
    mut first_failing: impl FnMut(&mut dyn Iterator<Item = T>, &mut usize) -> Result<Option<(usize, T)>, ()>,
    mut on_step: impl FnMut(&T),
) -> Shrunk<T> {
    let began = Instant::now();
    let mut current = start;
    let (mut steps, mut tries) = (0, 0);
    let mut out_of_time = false;
    let last = passes.list.len();
    let singles = passes.singles.min(last);
    let mut pass = 0;
    // The pass of the last accepted candidate: every pass from it on found nothing in
    // the current value, so the value is 1-minimal once the sweep ends if it is at most
    // `singles`.
    let mut clean_from = 0;
    'passes: while pass < last {
        // Cycle through the pass until all of its candidates fail on the current value:
        // after an acceptance, go on from the candidate that succeeded (those before
        // it failed on a larger value and likely fail again), and try them last.
        let (mut from, mut until) = (0, None);
        // Candidates of a coarse pass that did not fail since it began or last
        // accepted one: see `COARSE_PATIENCE`.
        let mut misses = 0;
        let patience = if pass < singles {
            COARSE_PATIENCE
        } else {
            usize::MAX
        };
        loop {
            let consumed = std::cell::Cell::new(0);
            let mut candidates = (passes.list[pass].candidates)(&current, from)
                .take(until.map_or(usize::MAX, |u: usize| u - from))
                .take(patience - misses)
                .inspect(|_| consumed.set(consumed.get() + 1));
            match first_failing(&mut candidates, &mut tries) {
                Err(()) => {
                    out_of_time = true;
                    break 'passes;
                }
                Ok(Some((k, candidate))) => {
                    drop(candidates);
                    steps += 1;
                    on_step(&candidate);
                    current = candidate;
                    clean_from = pass;
                    (from, until, misses) = (from + k, None, 0);
                }
                Ok(None) => {
                    drop(candidates);
                    misses = misses.saturating_add(consumed.get());
                    if misses >= patience {
                        break;
                    }
                    if until.is_none() && from > 0 {
                        // The tail from `from` failed: now the candidates before it.
                        (from, until) = (0, Some(from));
                    } else {
                        break;
                    }
                }
            }
        }
        pass += 1;
        if pass == last && clean_from > singles {
            // Something after the single removals changed the value: they go again.
            (pass, clean_from) = (singles, singles);
        }
    }
    Shrunk {
        value: current,
        steps,
        tries,
        elapsed: began.elapsed(),
        out_of_time,
    }
}

/// Ranges `start..end` of `0..n` in `parts` chunks, none of them shorter than
/// `min_len` or the whole range.
pub(crate) fn chunks(n: usize, parts: usize, min_len: usize) -> impl Iterator<Item = (usize, usize)> {
    let k = n.div_ceil(parts.max(1));
    let valid = k >= min_len.max(1) && k < n;
    (0..if valid { n } else { 0 })
        .step_by(k.max(1))
        .map(move |s| (s, (s + k).min(n)))
}

pub(crate) mod contest;
mod game;
pub(crate) mod text;
pub(crate) use game::game_passes;
pub use game::single_removals;
