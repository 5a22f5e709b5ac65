//! What a stress campaign tried and what it found: the count per verdict, the slowest
//! run, the most memory, the largest input in the problem's own unit, and the coverage
//! reached on each axis (the `diff` coverage table, so a user sees what was not tried).

use crate::run::bulk::{coverage_table, FamilySummary, SIZE_BUCKETS};
use crate::stress::judge::KINDS;
use crate::stress::quote::thousands;
use crate::stress::{Input, Target, Tested};
use std::time::Duration;

/// The running totals of a campaign, in input order.
#[derive(Clone, Debug)]
pub struct Report {
    pub inputs: u64,
    /// Runs per verdict kind, indexed as [`KINDS`].
    pub verdicts: [u64; KINDS.len()],
    /// The input index and time of the slowest run.
    pub slowest: Option<(u64, Duration)>,
    /// The time of every run together.
    pub total_time: Duration,
    /// The input index and peak resident bytes of the run that used the most memory.
    pub most_memory: Option<(u64, u64)>,
    /// The input index, size (in the `--max-size` unit) and size in words of the
    /// largest test case tried.
    pub largest: Option<(u64, u64, String)>,
    /// Every test case's coverage, as one row named after the target.
    pub coverage: FamilySummary,
    /// Each run (input index, verdict code, time, peak resident bytes), the first
    /// [`RUNS_KEPT`] of them: the per-test times of the JSON report.
    pub runs: Vec<(u64, &'static str, Duration, u64)>,
}

/// How many runs the report lists one by one; an unlimited `--time` campaign must not
/// grow the report without bound.
pub const RUNS_KEPT: usize = 100_000;

impl Report {
    /// An empty report whose coverage row is named `name`.
    pub fn new(name: &str) -> Report {
        Report {
            inputs: 0,
            verdicts: [0; KINDS.len()],
            slowest: None,
            total_time: Duration::ZERO,
            most_memory: None,
            largest: None,
            coverage: FamilySummary {
                family: name.into(),
                ..FamilySummary::default()
            },
            runs: Vec::new(),
        }
    }

    /// Counts the run of input `index`.
    pub fn add<T: Target>(&mut self, index: u64, input: &Input<T>, tested: &Tested) {
        self.inputs += 1;
        self.verdicts[tested.verdict.index()] += 1;
        self.total_time += tested.elapsed;
        if self.runs.len() < RUNS_KEPT {
            self.runs
                .push((index, tested.verdict.code(), tested.elapsed, tested.peak_memory));
        }
        if self.slowest.is_none_or(|(_, t)| tested.elapsed > t) {
            self.slowest = Some((index, tested.elapsed));
        }
        if self.most_memory.is_none_or(|(_, m)| tested.peak_memory > m) {
            self.most_memory = Some((index, tested.peak_memory));
        }
        for case in &input.cases {
            let size = case.size();
            if self.largest.as_ref().is_none_or(|(_, s, _)| size > *s) {
                self.largest = Some((index, size, case.size_text()));
            }
        }
        for stats in &tested.coverage {
            self.coverage.add(stats);
        }
    }

    /// The counts per verdict that occurred: "199 AC, 1 WA".
    pub fn tally(&self) -> String {
        let counts: Vec<String> = KINDS
            .iter()
            .zip(self.verdicts)
            .filter(|&(_, n)| n > 0)
            .map(|((_, code), n)| format!("{} {code}", thousands(n)))
            .collect();
        if counts.is_empty() {
            "nothing run".into()
        } else {
            counts.join(", ")
        }
    }

    /// The report for people: tally, extremes and the coverage table.
    pub fn text(&self) -> String {
        let inputs = if self.inputs == 1 { "input" } else { "inputs" };
        let mut out = format!("{} {inputs}: {}\n", thousands(self.inputs), self.tally());
        if let Some((index, _, text)) = &self.largest {
            out += &format!("largest input: {text} (input {index})\n");
        }
        if let Some((index, time)) = self.slowest {
            out += &format!(
                "slowest run: input {index}, {:.3} s (mean {:.3} s)\n",
                time.as_secs_f64(),
                self.total_time.as_secs_f64() / self.inputs.max(1) as f64
            );
        }
        if let Some((index, bytes)) = self.most_memory {
            out += &format!(
                "most memory: input {index}, {}\n",
                crate::stress::judge::mib(bytes)
            );
        }
        if self.coverage.cases > 0 {
            out += "\n";
            out += &coverage_table([&self.coverage]);
        }
        out
    }

    /// The report as JSON for CI.
    pub fn to_json(&self) -> serde_json::Value {
        let verdicts: serde_json::Map<String, serde_json::Value> = KINDS
            .iter()
            .zip(self.verdicts)
            .map(|((_, code), n)| (code.to_string(), n.into()))
            .collect();
        serde_json::json!({
            "inputs": self.inputs,
            "verdicts": verdicts,
            "largest_input": self.largest.as_ref().map(|(index, size, text)| serde_json::json!({
                "index": index, "size": size, "text": text,
            })),
            "slowest": self.slowest.map(|(index, time)| serde_json::json!({
                "index": index, "seconds": time.as_secs_f64(),
            })),
            "mean_seconds": self.total_time.as_secs_f64() / self.inputs.max(1) as f64,
            "most_memory": self.most_memory.map(|(index, bytes)| serde_json::json!({
                "index": index, "bytes": bytes,
            })),
            "coverage": self.coverage,
            "runs": self.runs.iter().map(|&(index, code, time, bytes)| serde_json::json!({
                "index": index, "verdict": code, "seconds": time.as_secs_f64(), "peak_bytes": bytes,
            })).collect::<Vec<_>>(),
            "size_buckets": SIZE_BUCKETS.iter().map(|(name, _)| *name).collect::<Vec<_>>(),
        })
    }
}
