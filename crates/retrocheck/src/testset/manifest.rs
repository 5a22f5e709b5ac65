//! `manifest.json`, what a written test set says of itself: why each test is there,
//! which wrong solutions it kills, and which tests kill each (docs/json.md).

use super::{Built, Layout, Plan, Suspect};
use crate::stress::{Target, Verdict};
use serde::{Deserialize, Serialize};

/// The schema and version of `manifest.json`.
pub const FORMAT: &str = "retrocheck-tests/1";

/// The whole file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// [`FORMAT`].
    pub format: String,
    /// The problem (or `game`).
    pub problem: String,
    /// The seed the set was drawn from.
    pub seed: u64,
    /// The layout's name.
    pub layout: String,
    /// Candidates judged.
    pub candidates: usize,
    /// The tests, in order.
    pub tests: Vec<TestEntry>,
    /// Every wrong solution the set was measured against.
    pub wrong_solutions: Vec<WrongEntry>,
}

/// One test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestEntry {
    /// The input file, relative to the set's directory.
    pub input: String,
    /// The answer file.
    pub answer: String,
    /// Why it is there, in words.
    pub why: String,
    /// Why, as a kind: sample, maximal, maximal-long, random, long, searched,
    /// counterexample, slow.
    pub kind: String,
    /// Its size in words.
    pub size: String,
    /// The wrong solutions it kills, with their verdicts (WA, RE, TLE …).
    pub kills: Vec<Kill>,
}

/// A wrong solution killed, and how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kill {
    /// The wrong solution.
    pub name: String,
    /// Its verdict: WA, RE, TLE, MLE, OLE, PE.
    pub verdict: String,
}

/// One wrong solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WrongEntry {
    /// Its name (a kill-table mutant's, or the command).
    pub name: String,
    /// The bug, as far as retrocheck knows it.
    pub bug: String,
    /// The tests (1-based) that kill it: empty when the set lets it through.
    pub killed_by_tests: Vec<usize>,
}

/// The manifest of a set built with `plan`, written in `layout`; `paths[k]` are test
/// `k`'s input and answer files.
pub fn of<T: Target>(
    built: &Built<T>,
    suspects: &[Suspect],
    layout: Layout,
    plan: &Plan,
    paths: &[(String, String)],
) -> Manifest {
    let tests = built
        .tests
        .iter()
        .zip(paths)
        .zip(&built.matrix)
        .map(|((test, (input, answer)), row)| TestEntry {
            input: input.clone(),
            answer: answer.clone(),
            why: test.why.text(),
            kind: test.why.kind().into(),
            size: test.input.describe(),
            kills: row
                .iter()
                .zip(suspects)
                .filter(|(v, _)| **v != Verdict::Accepted)
                .map(|(v, s)| Kill {
                    name: s.name().into(),
                    verdict: v.code().into(),
                })
                .collect(),
        })
        .collect();
    let wrong_solutions = suspects
        .iter()
        .enumerate()
        .map(|(s, suspect)| WrongEntry {
            name: suspect.name().into(),
            bug: suspect.bug().into(),
            killed_by_tests: (0..built.tests.len())
                .filter(|&t| built.matrix[t][s] != Verdict::Accepted)
                .map(|t| t + 1)
                .collect(),
        })
        .collect();
    Manifest {
        format: FORMAT.into(),
        problem: T::NAME.into(),
        seed: plan.seed,
        layout: layout.name().into(),
        candidates: built.candidates,
        tests,
        wrong_solutions,
    }
}
