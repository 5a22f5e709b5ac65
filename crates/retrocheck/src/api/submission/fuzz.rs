//! The body of a cargo-fuzz target over a submission: fuzzer bytes turned into a small
//! test case of the problem and judged against retrocheck's proven answer.

use super::failure::Failure;
use super::shrink::shrink;
use super::AsFound;
use super::{judge, Input, Submission};
use crate::api::failure::corpus_from_env;
use crate::bytes::Bytes;
use crate::contest::{Contest, Rules};
use rand::SeedableRng;

/// The largest test case the bytes of a problem without a byte decoding make, in its
/// unit: small, so that a fuzzer runs thousands of inputs a second.
const MOST_UNITS: u32 = 16;

/// The test case fuzzer bytes stand for: the problem's own decoding where it has one
/// ([`Contest::decode`], when [`Contest::FUZZED`]); otherwise the first eight bytes are
/// a seed and the ninth a size (1 to 16 units) for [`Contest::generate`] within the
/// official limits, so that any problem can be fuzzed (the fuzzer then explores seeds,
/// not structure). `None` when the bytes decode to nothing.
pub fn fuzz_case<T: Contest>(bytes: &[u8]) -> Option<T> {
    if T::FUZZED {
        return T::decode(&mut Bytes::new(bytes));
    }
    let mut seed = [0u8; 8];
    for (to, from) in seed.iter_mut().zip(bytes) {
        *to = *from;
    }
    let n = 1 + u32::from(bytes.get(8).copied().unwrap_or(0)) % MOST_UNITS;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(u64::from_le_bytes(seed));
    Some(T::generate(&mut rng, n, Rules::OFFICIAL))
}

/// Judges `submission` on the test case fuzzer `bytes` stand for ([`fuzz_case`]):
/// `Ok(true)` when it answers right, `Ok(false)` for bytes that stand for no test case
/// (a target returns `Corpus::Reject` for them), and the failure, shrunk, otherwise
/// (saved when `RETROCHECK_CORPUS=DIR` is set).
pub fn fuzz_check<T: Contest, S: Submission<T> + ?Sized>(
    bytes: &[u8],
    submission: &S,
) -> Result<bool, Box<Failure<T>>> {
    let Some(case) = fuzz_case::<T>(bytes) else {
        return Ok(false);
    };
    let input = Input { cases: vec![case] };
    let Ok(expected) = input.expected() else {
        return Ok(false);
    };
    if judge(submission, &input, &expected).verdict.kind() == "accepted" {
        return Ok(true);
    }
    let found = AsFound {
        found_in: "a fuzz input".into(),
        input,
    };
    Err(Box::new(
        shrink(submission, found, 1).save(corpus_from_env().as_deref()),
    ))
}

/// The whole fuzz target: [`fuzz_check`], panicking with the shrunk failure's report so
/// that libFuzzer records the input as a crash. In `fuzz/fuzz_targets/submission.rs`:
///
/// ```text
/// #![no_main]
/// use retrocheck::api::submission::fuzz_submission;
/// libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
///     fuzz_submission::<my_crate::MyProblem, _>(bytes, &my_crate::SUBMISSION);
/// });
/// ```
#[track_caller]
pub fn fuzz_submission<T: Contest, S: Submission<T> + ?Sized>(bytes: &[u8], submission: &S) -> bool {
    fuzz_check(bytes, submission).unwrap_or_else(|failure| panic!("{failure}"))
}
