//! What a campaign saw, per family — the counts, sizes, values and coverage a summary
//! holds — as the JSON summary file records it and as tables for a person; `stress`
//! prints its coverage with the same tables.

use crate::oracles::Stats;
use serde::{Deserialize, Serialize};

/// What a campaign saw of one family.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FamilySummary {
    /// The family's name (or "all" for the total).
    pub(crate) family: String,
    /// Cases checked.
    pub cases: u64,
    /// Positions of every case together.
    pub(crate) positions: u64,
    /// Moves of every case together.
    pub(crate) moves: u64,
    /// The most positions of one case.
    pub(crate) largest: u64,
    /// Positions won by A.
    pub(crate) wins_a: u64,
    /// Positions won by B.
    pub(crate) wins_b: u64,
    /// Positions drawn.
    pub(crate) draws: u64,
    /// The longest remoteness in any case.
    pub(crate) max_remoteness: u32,
    /// The most moves of one position in any case.
    pub(crate) max_out_degree: u32,
    /// The most moves into one position in any case.
    pub(crate) max_in_degree: u32,
    /// The most times one position lists the same move in any case.
    pub(crate) max_multiplicity: u32,
    /// Cases by size (positions): 1, 2–10, 11–100, …, over 10^6; see `SIZE_BUCKETS`.
    pub(crate) sizes: [u64; 8],
    /// Cases value iteration checked.
    pub(crate) fixpoint_ran: u64,
    /// Cases minimax checked.
    pub(crate) minimax_ran: u64,
    /// Cases the metamorphic relations checked.
    pub(crate) relations_ran: u64,
    /// Cases checked by `certify` (every case that ran: none are skipped).
    pub(crate) certify_ran: u64,
    /// Cases skipped: exhaustive games isomorphic to one already covered.
    pub skipped: u64,
    /// The phase of the campaign this row belongs to when the campaign has several
    /// (the default one has four, which draw from the same families): its sizes, as
    /// "1–1,000 positions". Empty for a campaign of one phase.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub(crate) phase: String,
    /// Cases the solver under test refused as outside what it supports (counted in
    /// `cases`, checked by no oracle).
    #[serde(default)]
    pub refused: u64,
}

/// Which shard a summary covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardRecord {
    /// Which shard.
    pub(crate) index: u64,
    /// Of how many.
    pub(crate) count: u64,
}

/// A campaign's first failure as the JSON summary records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstFailureRecord {
    /// The case's index in its shard.
    pub(crate) index: u64,
    /// Its index in the whole campaign.
    pub campaign_index: u64,
    /// Its family.
    pub family: String,
    /// Its seed.
    pub seed: u64,
    /// The size it was drawn at.
    pub size: u64,
    /// How it failed.
    pub mismatch: String,
}

/// The `format` of the JSON summary of a campaign (`retrocheck diff --json`, `merge
/// --json`): its schema and version (docs/json.md).
pub const DIFF_FORMAT: &str = "retrocheck-diff/1";

/// The JSON summary of a campaign: what `retrocheck diff --json` writes, and
/// `retrocheck merge` reads and writes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryFile {
    /// The schema and its version, [`DIFF_FORMAT`]. Summaries written before the field
    /// existed have none (their schema is `retrocheck-diff/1` otherwise): they are read,
    /// and written back without it, so their checksum still holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// The solver under test.
    pub solver: String,
    /// The campaign seed.
    pub seed: u64,
    /// The part of the campaign it covers.
    pub(crate) shard: ShardRecord,
    /// Cases run.
    pub cases: u64,
    /// How long it took (summed over shards).
    pub seconds: f64,
    /// Whether no case failed.
    pub(crate) passed: bool,
    /// The first failure, if any.
    pub failure: Option<FirstFailureRecord>,
    /// What each family covered.
    pub families: Vec<FamilySummary>,
    /// What defines the campaign, as asked for: shards merge only with shards of the
    /// same campaign.
    #[serde(default)]
    pub campaign: Option<CampaignRecord>,
    /// SHA-256 of the summary, `seconds` and the checksum left out
    /// ([`SummaryFile::seal`]): an edited summary does not merge.
    #[serde(default)]
    pub(crate) checksum: String,
}

/// Everything that defines a campaign besides its solver, seed and shard count, as
/// the user asked for it (`None`: not given).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CampaignRecord {
    /// `--cases`.
    pub(crate) cases: Option<u64>,
    /// `--time`, in seconds.
    pub(crate) time_seconds: Option<f64>,
    /// `--family`, by name (empty: the default).
    pub(crate) families: Vec<String>,
    /// `--min-positions`.
    pub(crate) min_positions: Option<u64>,
    /// `--max-positions`.
    pub(crate) max_positions: Option<u64>,
}

impl SummaryFile {
    /// The checksum of the summary's content: `seconds` (a timing, summed by a merge)
    /// and the checksum itself left out.
    pub(crate) fn content_checksum(&self) -> String {
        use sha2::{Digest, Sha256};
        let mut bare = self.clone();
        bare.seconds = 0.0;
        bare.checksum = String::new();
        let text = serde_json::to_string(&bare).expect("a summary serializes");
        Sha256::digest(text.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// Sets the checksum, once everything else is in place.
    pub fn seal(&mut self) {
        self.checksum = self.content_checksum();
    }
}

/// The size buckets of [`FamilySummary::sizes`], by their largest size.
pub(crate) const SIZE_BUCKETS: [(&str, u64); 8] = [
    ("1", 1),
    ("2–10", 10),
    ("11–100", 100),
    ("101–10³", 1_000),
    ("10³–10⁴", 10_000),
    ("10⁴–10⁵", 100_000),
    ("10⁵–10⁶", 1_000_000),
    ("> 10⁶", u64::MAX),
];

impl FamilySummary {
    /// Counts one checked case.
    pub(crate) fn add(&mut self, stats: &Stats) {
        let mut sizes = [0; SIZE_BUCKETS.len()];
        let bucket = SIZE_BUCKETS
            .iter()
            .position(|&(_, top)| stats.positions <= top)
            .unwrap_or(SIZE_BUCKETS.len() - 1);
        sizes[bucket] = 1;
        self.absorb(&FamilySummary {
            family: String::new(),
            cases: 1,
            positions: stats.positions,
            moves: stats.moves,
            largest: stats.positions,
            wins_a: stats.wins_a,
            wins_b: stats.wins_b,
            draws: stats.draws,
            max_remoteness: stats.max_remoteness,
            max_out_degree: stats.max_out_degree,
            max_in_degree: stats.max_in_degree,
            max_multiplicity: stats.max_multiplicity,
            sizes,
            fixpoint_ran: u64::from(stats.fixpoint_ran),
            minimax_ran: u64::from(stats.minimax_ran),
            relations_ran: u64::from(stats.relations_ran),
            certify_ran: u64::from(stats.certify_ran),
            skipped: 0,
            phase: String::new(),
            refused: u64::from(stats.refused),
        });
    }

    /// Adds another summary's counts and extremes to this one.
    pub(crate) fn absorb(&mut self, f: &FamilySummary) {
        self.cases += f.cases;
        self.positions += f.positions;
        self.moves += f.moves;
        self.largest = self.largest.max(f.largest);
        self.wins_a += f.wins_a;
        self.wins_b += f.wins_b;
        self.draws += f.draws;
        self.max_remoteness = self.max_remoteness.max(f.max_remoteness);
        self.max_out_degree = self.max_out_degree.max(f.max_out_degree);
        self.max_in_degree = self.max_in_degree.max(f.max_in_degree);
        self.max_multiplicity = self.max_multiplicity.max(f.max_multiplicity);
        for (mine, theirs) in self.sizes.iter_mut().zip(f.sizes) {
            *mine += theirs;
        }
        self.fixpoint_ran += f.fixpoint_ran;
        self.minimax_ran += f.minimax_ran;
        self.relations_ran += f.relations_ran;
        self.certify_ran += f.certify_ran;
        self.skipped += f.skipped;
        self.refused += f.refused;
    }

    /// The name of the row in a table: the family, and its phase when it has one
    /// ("uniform, 1–1,000 positions").
    pub(crate) fn row_name(&self) -> String {
        if self.phase.is_empty() {
            self.family.clone()
        } else {
            format!("{}, {}", self.family, self.phase)
        }
    }

    /// The share of positions won by A, won by B, and drawn, in percent.
    pub(crate) fn mix(&self) -> (f64, f64, f64) {
        let total = (self.wins_a + self.wins_b + self.draws).max(1) as f64;
        let pct = |x: u64| 100.0 * x as f64 / total;
        (pct(self.wins_a), pct(self.wins_b), pct(self.draws))
    }
}

/// A summary for a person, in a few lines: the cases of each phase (or family count),
/// the sizes reached with the cases per size bucket, the mix of values and the longest
/// remoteness, the largest degrees, the share of cases each oracle checked, and what
/// was not covered: size buckets between the smallest and largest case that no case
/// fell in, and families that ran no case. Numbers have thousands separators; sizes
/// are positions of the game checked (a contest instance's product game).
pub(crate) fn brief(families: &[FamilySummary]) -> String {
    let n = |x: u64| crate::text::thousands(x);
    let all = total(families);
    let mut out = String::new();
    // Phases in order of first appearance, with their cases.
    let mut phases: Vec<(&str, u64, u64)> = Vec::new();
    for f in families {
        match phases.iter_mut().find(|(p, _, _)| *p == f.phase) {
            Some((_, cases, skipped)) => {
                *cases += f.cases;
                *skipped += f.skipped;
            }
            None => phases.push((&f.phase, f.cases, f.skipped)),
        }
    }
    let mut names: Vec<&str> = families.iter().map(|f| f.family.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    if phases.len() > 1 {
        let list: Vec<String> = phases
            .iter()
            .map(|(p, cases, skipped)| {
                let skipped = if *skipped > 0 {
                    format!(" (+{} isomorphic, skipped)", n(*skipped))
                } else {
                    String::new()
                };
                format!("{p}: {}{skipped}", n(*cases))
            })
            .collect();
        out += &format!("cases by phase: {}\n", list.join(" · "));
    }
    out += &format!(
        "families: {} ({})\n",
        names.len(),
        if names.len() > 6 {
            format!("{}, …", names[..6].join(", "))
        } else {
            names.join(", ")
        }
    );
    let buckets: Vec<String> = SIZE_BUCKETS
        .iter()
        .zip(all.sizes)
        .filter(|(_, c)| *c > 0)
        .map(|((name, _), c)| format!("{name}: {}", n(c)))
        .collect();
    out += &format!(
        "cases by size (positions): {}; largest {}\n",
        buckets.join(" · "),
        n(all.largest)
    );
    let (a, b, d) = all.mix();
    out += &format!(
        "values: {a:.1}% A wins, {b:.1}% B wins, {d:.1}% draws; longest remoteness {}\n",
        n(u64::from(all.max_remoteness))
    );
    out += &format!(
        "degrees: up to {} from a position, {} into one, one move listed {}\n",
        crate::text::counted(u64::from(all.max_out_degree), "move"),
        n(u64::from(all.max_in_degree)),
        crate::text::counted(u64::from(all.max_multiplicity), "time")
    );
    let share = |x: u64| format!("{:.0}%", 100.0 * x as f64 / all.cases.max(1) as f64);
    out += &format!(
        "oracles: minimax on {} of cases, fixpoint on {}, relations on {}, certify on {}\n",
        share(all.minimax_ran),
        share(all.fixpoint_ran),
        share(all.relations_ran),
        share(all.certify_ran)
    );
    let mut missing = Vec::new();
    let first = all.sizes.iter().position(|&c| c > 0);
    let last = all.sizes.iter().rposition(|&c| c > 0);
    if let (Some(first), Some(last)) = (first, last) {
        for (i, &c) in all.sizes.iter().enumerate() {
            if c == 0 && i > first && i < last {
                missing.push(format!("no case of {} positions", SIZE_BUCKETS[i].0));
            }
        }
    }
    let idle: Vec<String> = families
        .iter()
        .filter(|f| f.cases == 0 && f.skipped == 0)
        .map(FamilySummary::row_name)
        .collect();
    if !idle.is_empty() {
        missing.push(format!("no case of {}", idle.join(", ")));
    }
    if all.refused > 0 {
        missing.push(format!(
            "{} refused by the solver as unsupported",
            crate::text::count(all.refused as usize, "case")
        ));
    }
    if all.relations_ran == 0 {
        missing.push("the relations checked no case".into());
    }
    out += &format!(
        "not covered: {}\n",
        if missing.is_empty() {
            "—".into()
        } else {
            missing.join("; ")
        }
    );
    out
}

/// A Markdown table: per family the cases (and skipped isomorphic ones), positions,
/// outcome mix, longest remoteness and how often each oracle ran; then the coverage
/// reached on each axis, so a user sees what was not tried.
pub(crate) fn table(families: &[FamilySummary]) -> String {
    let mut out = String::from(
        "| family | cases | skipped | positions | largest | A wins | B wins | draws | max remoteness | minimax | fixpoint | relations | certify |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for f in families {
        let (a, b, d) = f.mix();
        let share = |x: u64| format!("{:.0}%", 100.0 * x as f64 / f.cases.max(1) as f64);
        out += &format!(
            "| {} | {} | {} | {} | {} | {a:.1}% | {b:.1}% | {d:.1}% | {} | {} | {} | {} | {} |\n",
            f.row_name(),
            f.cases,
            f.skipped,
            f.positions,
            f.largest,
            f.max_remoteness,
            share(f.minimax_ran),
            share(f.fixpoint_ran),
            share(f.relations_ran),
            share(f.certify_ran),
        );
    }
    out += "\n";
    out += &coverage_table(families.iter().chain([&total(families)]));
    out
}

/// How many of `all`'s cases were checked (neither skipped as isomorphic nor refused
/// by the solver), and what the others were, for a summary's first line: " (5 more
/// skipped as isomorphic, 3 more refused by the solver)", or nothing. `count` writes
/// a number.
pub fn checked_and_rest(all: &FamilySummary, count: impl Fn(u64) -> String) -> (u64, String) {
    let rest: Vec<String> = [
        (all.skipped, "skipped as isomorphic"),
        (all.refused, "refused by the solver"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, why)| format!("{} more {why}", count(*n)))
    .collect();
    // A family's `cases` leave out the skipped ones and count the refused ones.
    let checked = all.cases - all.refused;
    if rest.is_empty() {
        (checked, String::new())
    } else {
        (checked, format!(" ({})", rest.join(", ")))
    }
}

/// Every family's coverage together, as a row named "all".
pub fn total(families: &[FamilySummary]) -> FamilySummary {
    let mut all = FamilySummary {
        family: "all".into(),
        ..FamilySummary::default()
    };
    for f in families {
        all.absorb(f);
    }
    all
}

/// The coverage reached on each axis, one row per summary: cases by size bucket
/// (positions), the largest out- and in-degree and multiplicity, the longest
/// remoteness and the share of drawn positions; shared by `diff` and `stress`.
pub(crate) fn coverage_table<'a>(rows: impl IntoIterator<Item = &'a FamilySummary>) -> String {
    coverage_table_sized(rows, "positions")
}

/// [`coverage_table`], its heading saying what the sizes count (`sizes`).
pub(crate) fn coverage_table_sized<'a>(
    rows: impl IntoIterator<Item = &'a FamilySummary>,
    sizes: &str,
) -> String {
    let mut out = format!("coverage: cases by size ({sizes}), and the extremes reached\n\n| family |");
    for (name, _) in SIZE_BUCKETS {
        out += &format!(" {name} |");
    }
    out += " max out-degree | max in-degree | max multiplicity | max remoteness | draws |\n|---|";
    out += &"---:|".repeat(SIZE_BUCKETS.len() + 5);
    out += "\n";
    for f in rows {
        out += &format!("| {} |", f.row_name());
        for n in f.sizes {
            out += &format!(" {n} |");
        }
        out += &format!(
            " {} | {} | {} | {} | {:.1}% |\n",
            f.max_out_degree,
            f.max_in_degree,
            f.max_multiplicity,
            f.max_remoteness,
            f.mix().2
        );
    }
    out
}
