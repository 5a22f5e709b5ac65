//! The body of a cargo-fuzz target over your solver: fuzzer bytes decoded into a small
//! game or contest instance ([the byte format](crate::fuzz)) and checked by every oracle.

use super::failure::{corpus_from_env, Failure};
use crate::case::Case;
use crate::fuzz::{self, FuzzCase};
use crate::oracles::check_case;
use crate::solve::Solver;
use crate::subject::Subject;

/// Checks `solver` on one fuzz input: `Ok(true)` when it passes, `Ok(false)` for an
/// input outside the size caps (a target returns `Corpus::Reject` for it), and the
/// failure, shrunk, otherwise. The inputs are small, so every oracle runs, the
/// metamorphic relations included.
///
/// ```
/// use retrocheck::prelude::*;
///
/// let mine = solver_fn("mine", |game: &Game| retrocheck::solve::Retrograde.solve(game));
/// // A game of 2 positions: 0 (A) moves to 1 twice, 1 (B) is stuck.
/// let input = fuzz_input(&[0, 2, 0, 0, 2, 1, 1, 3]);
/// assert!(fuzz_check(&input, &mine).unwrap());
/// ```
pub fn fuzz_check<S: Solver + ?Sized>(input: &FuzzCase, solver: &S) -> Result<bool, Box<Failure>> {
    let under_test: &dyn Subject = &solver;
    let Some(case) = &input.0 else { return Ok(false) };
    let oracles = fuzz::oracles();
    match check_case(case, under_test, &oracles) {
        Ok(_) => Ok(true),
        Err(_) => Err(Box::new(Failure::shrink(
            case,
            under_test,
            &oracles,
            "a fuzz input".into(),
            corpus_from_env().as_deref(),
        ))),
    }
}

/// The whole `diff` target for your solver: [`fuzz_check`], panicking with the shrunk
/// failure's report so that libFuzzer records the input as a crash. A fuzz target in
/// three lines (`fuzz/fuzz_targets/diff.rs` of a cargo-fuzz crate):
///
/// ```text
/// #![no_main]
/// use retrocheck::api::{fuzz_diff, FuzzCase};
/// libfuzzer_sys::fuzz_target!(|input: FuzzCase| { fuzz_diff(&input, &my_crate::MySolver); });
/// ```
///
/// Returns whether the input was within the caps, for targets that return
/// `libfuzzer_sys::Corpus` (`Reject` keeps out-of-cap inputs out of the corpus).
///
/// ```
/// use retrocheck::prelude::*;
///
/// let mine = solver_fn("mine", |game: &Game| retrocheck::solve::Retrograde.solve(game));
/// assert!(fuzz_diff(&fuzz_input(&[0, 1]), &mine), "one stuck position, within the caps");
/// assert!(!fuzz_diff(&fuzz_input(&[0, 200]), &mine), "200 positions: rejected");
/// ```
#[track_caller]
pub fn fuzz_diff<S: Solver + ?Sized>(input: &FuzzCase, solver: &S) -> bool {
    match fuzz_check(input, solver) {
        Ok(within_caps) => within_caps,
        Err(failure) => panic!("{failure}"),
    }
}

/// Decodes fuzzer bytes into a case (what `FuzzCase`'s `Arbitrary` implementation
/// does): for replaying a crash artifact, or for a test that feeds bytes of its own.
pub fn fuzz_input(bytes: &[u8]) -> FuzzCase {
    fuzz::decode(bytes)
}

/// The fuzz input that decodes to `case`, if it is within the size caps (at most 24
/// positions, 8 moves each, or a heavy list): for seeding a fuzz corpus from text cases
/// or generated ones.
pub fn fuzz_bytes(case: &Case) -> Option<Vec<u8>> {
    fuzz::encode(case)
}
