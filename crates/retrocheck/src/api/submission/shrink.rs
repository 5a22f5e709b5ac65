//! A failing input of a submission shrunk in contest form: split down to the failing
//! test case, then that case reduced by its problem's passes while the submission still
//! fails the same way.

use super::failure::Failure;
use super::{judge, AsFound, Input, Submission};
use crate::contest::Contest;
use crate::shrink::{pass, shrink_parallel, Passes};

/// Shrinks `found`, which `submission` fails, to a 1-minimal input with a verdict of the
/// same kind (a wrong answer stays a wrong answer, a panic a panic), on `jobs` threads
/// (the result is the same for any number), and builds the failure's report. Within
/// the official limits when the input found was within them.
pub(crate) fn shrink<T: Contest, S: Submission<T> + ?Sized>(
    submission: &S,
    found: AsFound<T>,
    jobs: usize,
) -> Failure<T> {
    let expected = |input: &Input<T>| input.expected().ok();
    let first = expected(&found.input).map(|e| judge(submission, &found.input, &e));
    let kind = first.as_ref().map_or("", |j| j.verdict.kind());
    let fails = |candidate: &Input<T>| {
        expected(candidate).is_some_and(|e| judge(submission, candidate, &e).verdict.kind() == kind)
    };
    let official = found.input.cases.iter().all(|c| c.is_official());
    let passes = match found.input.cases.first() {
        Some(_) => T::passes(official),
        None => Passes {
            list: Vec::new(),
            singles: 0,
        },
    };
    // A multi-case input first loses whole cases (down to the one that fails alone, if
    // one does); a single case shrinks by its problem's passes.
    let whole_cases = pass(
        "whole cases",
        |i: &Input<T>, from| -> Box<dyn Iterator<Item = Input<T>> + '_> {
            let n = if i.cases.len() == 1 { 0 } else { i.cases.len() };
            Box::new(
                (0..n)
                    .map(move |k| Input {
                        cases: vec![i.cases[k].clone()],
                    })
                    .chain((0..n).map(move |k| {
                        let mut cases = i.cases.clone();
                        cases.remove(k);
                        Input { cases }
                    }))
                    .skip(from),
            )
        },
    );
    let passes = passes
        .map(
            |case| Input { cases: vec![case] },
            |i: &Input<T>| match i.cases.as_slice() {
                [case] => Some(case),
                _ => None,
            },
        )
        .after(whole_cases);
    let shrunk = if first.is_some() {
        shrink_parallel(found.input.clone(), &passes, fails, jobs, |_| {}, None)
    } else {
        // retrocheck cannot solve the input (too large for memory): reported as found.
        crate::shrink::Shrunk {
            value: found.input.clone(),
            steps: 0,
            tries: 0,
            elapsed: std::time::Duration::ZERO,
            out_of_time: false,
        }
    };
    Failure::new(submission, found, shrunk)
}
