//! What a stress campaign tried and what it found: the count per verdict, the slowest
//! run, the most memory, the largest input in the problem's own unit, and the coverage
//! reached on each axis (the `diff` coverage table, so a user sees what was not tried).

use crate::run::summary::{coverage_table_sized, FamilySummary, SIZE_BUCKETS};
use crate::stress::judge::KINDS;
use crate::stress::{Draw, Input, Target, Tested};
use crate::text::thousands;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The running totals of a campaign, in input order.
#[derive(Clone, Debug)]
pub struct Report {
    /// Inputs judged.
    pub inputs: u64,
    /// Runs per verdict kind, indexed as `KINDS`.
    pub(crate) verdicts: [u64; KINDS.len()],
    /// The input index and time of the slowest run.
    pub(crate) slowest: Option<(u64, Duration)>,
    /// The time of every run together.
    pub(crate) total_time: Duration,
    /// The input index and CPU time of the run that used the most CPU time (what the
    /// time limit counts): near the limit, a slower input may exceed it.
    pub(crate) most_cpu: Option<(u64, Duration)>,
    /// The input index and peak resident bytes of the run that used the most memory.
    pub(crate) most_memory: Option<(u64, u64)>,
    /// The input index, size (in the `--max-size` unit) and size in words of the
    /// largest test case tried.
    pub(crate) largest: Option<(u64, u64, String)>,
    /// Every test case's coverage, as one row named after the target.
    pub(crate) coverage: FamilySummary,
    /// Each run (input index, verdict code, time, peak resident bytes), the first
    /// `RUNS_KEPT` of them: the per-test times of the JSON report.
    pub(crate) runs: Vec<(u64, &'static str, Duration, u64)>,
    /// Per way of drawing inputs (`Draw::ALL`): how many, and the longest game the
    /// answer reads among their test cases.
    pub(crate) draws: [DrawTally; 3],
    /// What `--max-size` counts for the target (vertices, objects, words, nodes,
    /// positions), and whether its games are contest product games: the coverage
    /// table's sizes count the positions of the game checked, and says so.
    pub(crate) unit: (&'static str, bool),
}

/// What the inputs drawn one way reached.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawTally {
    /// Inputs drawn this way.
    pub(crate) inputs: u64,
    /// The longest game the expected output reads (its remoteness, in moves), of which
    /// input, and that test case's size (in the target's unit) and longest line.
    pub(crate) longest: Option<LongestGame>,
}

/// The longest game of some inputs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LongestGame {
    /// The input's index.
    pub(crate) index: u64,
    /// The remoteness the expected output reads: moves of the longest game asked about.
    pub(crate) moves: u32,
    /// The longest forced line of that test case's game.
    pub(crate) longest_line: u32,
    /// The test case's size, in the target's unit.
    pub(crate) size: u64,
}

/// How many runs the report lists one by one; an unlimited `--time` campaign must not
/// grow the report without bound.
pub(crate) const RUNS_KEPT: usize = 100_000;

impl Report {
    /// An empty report whose coverage row is named `name`.
    pub(crate) fn new(name: &str) -> Report {
        Report {
            inputs: 0,
            verdicts: [0; KINDS.len()],
            slowest: None,
            total_time: Duration::ZERO,
            most_cpu: None,
            most_memory: None,
            largest: None,
            coverage: FamilySummary {
                family: name.into(),
                ..FamilySummary::default()
            },
            runs: Vec::new(),
            draws: Default::default(),
            unit: ("positions", false),
        }
    }

    /// Counts the run of input `index`.
    pub(crate) fn add<T: Target>(&mut self, index: u64, input: &Input<T>, tested: &Tested) {
        self.inputs += 1;
        self.unit = (T::UNIT, T::CONTEST);
        self.verdicts[tested.verdict.index()] += 1;
        self.total_time += tested.elapsed;
        if self.runs.len() < RUNS_KEPT {
            self.runs
                .push((index, tested.verdict.code(), tested.elapsed, tested.peak_memory));
        }
        if self.slowest.is_none_or(|(_, t)| tested.elapsed > t) {
            self.slowest = Some((index, tested.elapsed));
        }
        if self.most_cpu.is_none_or(|(_, c)| tested.cpu > c) {
            self.most_cpu = Some((index, tested.cpu));
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
        let draw = Draw::ALL.iter().position(|&d| d == Draw::of(index)).unwrap_or(0);
        let tally = &mut self.draws[draw];
        tally.inputs += 1;
        for (case, length) in input.cases.iter().zip(&tested.lengths) {
            if tally.longest.as_ref().is_none_or(|l| length.answer > l.moves) {
                tally.longest = Some(LongestGame {
                    index,
                    moves: length.answer,
                    longest_line: length.longest,
                    size: case.size(),
                });
            }
        }
    }

    /// The input whose run used the most CPU time, and that time.
    pub fn most_cpu(&self) -> Option<(u64, Duration)> {
        self.most_cpu
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
        out += &self.long_games();
        if self.coverage.cases > 0 {
            out += "\n";
            let sizes = match self.unit {
                (unit, true) => format!("positions of the product game; --max-size counts {unit}"),
                _ => "positions".into(),
            };
            out += &coverage_table_sized([&self.coverage], &sizes);
        }
        out
    }

    /// A line per way of drawing inputs: their share and the longest game the answer
    /// reads ("long by construction: 25% of inputs, longest game 1,234 moves at input
    /// 57, 0.18 × its size of 7,000").
    pub(crate) fn long_games(&self) -> String {
        let mut out = String::new();
        for (draw, tally) in Draw::ALL.iter().zip(&self.draws) {
            if tally.inputs == 0 {
                continue;
            }
            let share = 100.0 * tally.inputs as f64 / self.inputs.max(1) as f64;
            out += &format!("{}: {share:.0}% of inputs", draw.name());
            if let Some(l) = &tally.longest {
                out += &format!(
                    ", longest game {} at input {} ({:.1} × its size of {})",
                    crate::text::counted(u64::from(l.moves), "move"),
                    l.index,
                    f64::from(l.moves) / l.size.max(1) as f64,
                    thousands(l.size)
                );
            }
            out += "\n";
        }
        out
    }

    /// The report as it stands in the JSON file.
    pub fn to_record(&self) -> ReportRecord {
        let at = |(index, value): (u64, u64)| IndexedValue { index, value };
        ReportRecord {
            inputs: self.inputs,
            verdicts: KINDS
                .iter()
                .zip(self.verdicts)
                .map(|((_, code), n)| (code.to_string(), n))
                .collect(),
            largest_input: self.largest.as_ref().map(|(index, size, text)| LargestRecord {
                index: *index,
                size: *size,
                text: text.clone(),
            }),
            slowest: self.slowest.map(|(index, time)| TimedRecord {
                index,
                seconds: time.as_secs_f64(),
            }),
            mean_seconds: self.total_time.as_secs_f64() / self.inputs.max(1) as f64,
            most_memory: self.most_memory.map(at).map(|m| MemoryRecord {
                index: m.index,
                bytes: m.value,
            }),
            coverage: self.coverage.clone(),
            runs: self
                .runs
                .iter()
                .map(|&(index, code, time, bytes)| RunRecord {
                    index,
                    verdict: code.into(),
                    seconds: time.as_secs_f64(),
                    peak_bytes: bytes,
                })
                .collect(),
            size_buckets: SIZE_BUCKETS.iter().map(|(name, _)| name.to_string()).collect(),
            draws: Draw::ALL
                .iter()
                .zip(&self.draws)
                .map(|(d, tally)| (d.name().to_string(), tally.clone()))
                .collect(),
        }
    }
}

struct IndexedValue {
    index: u64,
    value: u64,
}

/// A stress report in the JSON file (`retrocheck stress --json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportRecord {
    /// Inputs judged.
    pub(crate) inputs: u64,
    /// Runs per verdict code (`AC`, `WA`, …).
    pub(crate) verdicts: std::collections::BTreeMap<String, u64>,
    /// The largest test case tried.
    pub(crate) largest_input: Option<LargestRecord>,
    /// The slowest run.
    pub(crate) slowest: Option<TimedRecord>,
    /// The mean run time.
    pub(crate) mean_seconds: f64,
    /// The run with the largest peak memory.
    pub(crate) most_memory: Option<MemoryRecord>,
    /// The coverage reached on each axis.
    pub(crate) coverage: FamilySummary,
    /// The first `RUNS_KEPT` runs, one by one.
    pub(crate) runs: Vec<RunRecord>,
    /// The names of the size buckets of `coverage.sizes`.
    pub(crate) size_buckets: Vec<String>,
    /// Per way of drawing inputs, how many and the longest game the answer reads.
    pub(crate) draws: std::collections::BTreeMap<String, DrawTally>,
}

/// The largest test case of a report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LargestRecord {
    /// Its input's index.
    pub(crate) index: u64,
    /// Its size in the target's unit.
    pub(crate) size: u64,
    /// Its size in words.
    pub(crate) text: String,
}

/// A run and its time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimedRecord {
    /// Its input's index.
    pub(crate) index: u64,
    /// Its wall-clock time.
    pub(crate) seconds: f64,
}

/// A run and its peak memory.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemoryRecord {
    /// Its input's index.
    pub(crate) index: u64,
    /// Its peak resident memory.
    pub(crate) bytes: u64,
}

/// One run of a report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// Its input's index.
    pub(crate) index: u64,
    /// Its verdict code.
    pub(crate) verdict: String,
    /// Its wall-clock time.
    pub(crate) seconds: f64,
    /// Its peak resident memory (0: not measured).
    pub(crate) peak_bytes: u64,
}

/// The `format` of the JSON file of a stress campaign (`retrocheck stress --json`): its
/// schema and version (docs/json.md).
pub const STRESS_FORMAT: &str = "retrocheck-stress/1";

/// The JSON file of a stress campaign (`retrocheck stress --json`): its settings, its
/// report, and its failure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StressFile {
    /// The schema and its version, [`STRESS_FORMAT`] (none in files of older versions).
    #[serde(default)]
    pub format: String,
    /// The command under test.
    pub solution: String,
    /// The reference command, if any.
    pub reference: Option<String>,
    /// The campaign seed.
    pub seed: u64,
    /// The largest size tried.
    pub max_size: u32,
    /// What sizes count.
    pub unit: String,
    /// Whether edge cases were generated.
    pub edge_cases: bool,
    /// Whether sizes went beyond the official limits.
    pub beyond_limits: bool,
    /// The time limit of a run.
    pub time_limit_seconds: f64,
    /// The memory limit of a process, if any.
    pub memory_limit_bytes: Option<u64>,
    /// How long the search took.
    pub seconds: f64,
    /// Whether every input was accepted.
    pub passed: bool,
    /// The report of every input judged.
    pub report: ReportRecord,
    /// The first failure, or the input that could not be judged.
    pub failure: Option<StressFailure>,
}

/// What a stress campaign found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum StressFailure {
    /// The program failed an input.
    Failed {
        /// The input's index.
        index: u64,
        /// The campaign seed.
        seed: u64,
        /// The verdict's code.
        verdict: String,
        /// The verdict in words.
        message: String,
        /// The command that writes the input again.
        regenerate: String,
        /// The input shrunk.
        shrunk: ShrunkRecord,
        /// Where it was saved, if it was.
        saved: Option<String>,
    },
    /// The input could not be judged (a reference or retrocheck itself failed).
    Trouble {
        /// The input's index.
        index: u64,
        /// The campaign seed.
        seed: u64,
        /// What went wrong.
        trouble: String,
        /// The command that writes the input again.
        regenerate: String,
    },
}

/// A failing input shrunk.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShrunkRecord {
    /// The shrunk input.
    pub input: String,
    /// Its verdict's code.
    pub verdict: String,
    /// Its verdict in words.
    pub message: String,
    /// Accepted shrinking steps.
    pub steps: usize,
    /// Program runs while shrinking.
    pub runs: usize,
    /// How long shrinking took (the report's `seconds` is the search that found the
    /// failure).
    #[serde(default)]
    pub seconds: f64,
    /// Whether shrinking stopped at its deadline.
    pub out_of_time: bool,
    /// Whether the shrunk input is within the original judge's constraints (it can be
    /// outside only with `--edge-cases` or `--beyond-limits`); true for games.
    #[serde(default = "official_by_default")]
    pub official: bool,
    /// Runs of the shrunk input when it was run again (the failing one included): a
    /// program that fails only some of them is not deterministic, and its failure is
    /// not shrunk.
    #[serde(default)]
    pub reruns: usize,
    /// How many of those runs failed.
    #[serde(default)]
    pub failed_reruns: usize,
}

fn official_by_default() -> bool {
    true
}
