//! The bulk runner: millions of seeded cases over rayon, with the same cases, the same
//! summary and the same first failure for any number of threads.
//!
//! Case `i` of a shard is fully determined by the campaign seed, the shard and `i`:
//! its family (round-robin), its seed (a hash of the campaign seed, the family's name
//! and the family's own case count) and its size (log-uniform up to the campaign's
//! maximum). Cases run in batches; within a batch the lowest
//! failing index wins, and statistics only count the cases before it.

use crate::case::Case;
use crate::exhaustive;
use crate::generate::{self, Family};
use crate::oracles::{check_case, Mismatch, Oracles, Stats};
use crate::seed;
use crate::subject::Subject;
use rand::Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Why a shard was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ShardError(pub String);

/// Which part of a campaign this run covers: shard `index` of `count` runs, of every
/// family, the family's cases `index`, `index + count`, `index + 2·count`, …, so
/// shards never overlap, each covers every family, and together they cover the
/// campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, below `count`.
    pub index: u64,
    /// How many shards the campaign has.
    pub count: u64,
}

impl Shard {
    /// The whole campaign: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Parses `i/N` with `i < N`.
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| ShardError(format!("expected a shard as i/N, found '{text}'")))?;
        let parse = |s: &str| {
            s.trim()
                .parse::<u64>()
                .map_err(|_| ShardError(format!("expected a shard as i/N, found '{text}'")))
        };
        let (index, count) = (parse(i)?, parse(n)?);
        if count == 0 || index >= count {
            return Err(ShardError(format!("shard {index}/{count}: i must be below N")));
        }
        Ok(Shard { index, count })
    }

    /// How many of a campaign's first `cases` cases over `families` families this
    /// shard runs: case `g` of the whole campaign is family `g mod families`'s case
    /// `j = g div families`, which belongs to shard `j mod count`. A shard's own cases,
    /// in its order, are a prefix of that set, so the shards of a campaign of `cases`
    /// cases run exactly its cases. `u64::MAX` (no count: a time budget) stays so.
    pub fn share(self, cases: u64, families: usize) -> u64 {
        if cases == u64::MAX || self.count == 1 {
            return cases;
        }
        let families = families.max(1) as u64;
        let round = self.count * families;
        (0..families)
            .map(|f| {
                // Case g = (q·count + index)·families + f of the campaign, for q = 0, 1, …
                let first = self.index * families + f;
                if first >= cases {
                    0
                } else {
                    (cases - first).div_ceil(round)
                }
            })
            .sum()
    }
}

/// A differential-testing campaign.
#[derive(Clone, Debug)]
pub struct Phase {
    /// The families whose cases it draws, in turn.
    pub families: Vec<Family>,
    /// Cases to run in this shard (the time limit may stop it earlier).
    pub cases: u64,
    /// Start no case after this long.
    pub time_limit: Option<Duration>,
    /// The campaign seed.
    pub seed: u64,
    /// Sizes are log-uniform between these (inclusive).
    pub min_positions: usize,
    /// The largest game (see `min_positions`).
    pub max_positions: usize,
    /// The part of the campaign this phase runs.
    pub shard: Shard,
    /// The oracles that check its cases.
    pub oracles: Oracles,
}

impl Phase {
    /// What sets this phase apart from the others of a campaign, for its summary rows:
    /// its sizes ("1–1,000 positions"), or "every game of ≤ 4 positions".
    pub fn label(&self) -> String {
        let size = |n: usize| crate::text::thousands(n as u64);
        if self.families == [Family::Exhaustive] {
            return format!("every game of ≤ {} positions", self.max_positions);
        }
        let min = if self.families.contains(&Family::Large) {
            self.min_positions.max(LARGE_MIN)
        } else {
            self.min_positions
        };
        format!("{}–{} positions", size(min), size(self.max_positions.max(min)))
    }

    /// The family, seed and size of the `index`-th case of this shard. Families take
    /// turns within every shard, so each shard covers each family; a family's `j`-th
    /// case (counted over the whole campaign) depends only on the campaign seed, the
    /// family's name and `j`, so adding or removing a family changes no other family's
    /// cases. For `exhaustive` the seed is the index into its space and the size its
    /// largest n; `large` games have at least [`LARGE_MIN`] positions.
    pub fn case_spec(&self, index: u64) -> (Family, u64, usize) {
        let families = self.families.len() as u64;
        let family = self.families[(index % families) as usize];
        let j = (index / families) * self.shard.count + self.shard.index;
        let (mut min, mut max) = (self.min_positions.max(1), self.max_positions.max(1));
        match family {
            Family::Exhaustive => return (family, j, max.min(exhaustive::MAX_N as usize)),
            Family::Large => (min, max) = (min.max(LARGE_MIN), max.max(LARGE_MIN)),
            _ => {}
        }
        let seed = seed::mix(self.seed, family.salt() ^ seed::splitmix64(j));
        let mut rng = seed::rng(seed ^ 0x5151_5151);
        let (low, high) = ((min as f64).ln(), (max as f64 + 1.0).ln());
        let size = (low + (high - low) * rng.gen::<f64>()).exp() as usize;
        (family, seed, size.clamp(min.min(max), max))
    }

    /// The `index`-th case of this shard, or `None` when it is skipped (an exhaustive
    /// game isomorphic to one covered elsewhere, or beyond the space).
    pub fn case(&self, index: u64) -> Option<Case> {
        Self::case_of(self.case_spec(index))
    }

    /// The index in the whole campaign of this shard's case `index`.
    pub fn campaign_index(&self, index: u64) -> u64 {
        let families = self.families.len() as u64;
        let j = (index / families) * self.shard.count + self.shard.index;
        j * families + index % families
    }

    /// The case a spec from [`Phase::case_spec`] stands for.
    fn case_of((family, seed, size): (Family, u64, usize)) -> Option<Case> {
        match family {
            Family::Exhaustive => match exhaustive::game_at(seed, size as u32) {
                exhaustive::Lookup::Canonical(game) => Some(Case::Game(game)),
                _ => None,
            },
            _ => Some(generate::case(family, seed, size)),
        }
    }
}

/// The smallest `large` game.
pub const LARGE_MIN: usize = 100_000;

/// What a campaign saw of one family.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FamilySummary {
    /// The family's name (or "all" for the total).
    pub family: String,
    /// Cases checked.
    pub cases: u64,
    /// Positions of every case together.
    pub positions: u64,
    /// Moves of every case together.
    pub moves: u64,
    /// The most positions of one case.
    pub largest: u64,
    /// Positions won by A.
    pub wins_a: u64,
    /// Positions won by B.
    pub wins_b: u64,
    /// Positions drawn.
    pub draws: u64,
    /// The longest remoteness in any case.
    pub max_remoteness: u32,
    /// The most moves of one position in any case.
    pub max_out_degree: u32,
    /// The most moves into one position in any case.
    pub max_in_degree: u32,
    /// The most times one position lists the same move in any case.
    pub max_multiplicity: u32,
    /// Cases by size (positions): 1, 2–10, 11–100, …, over 10^6; see [`SIZE_BUCKETS`].
    pub sizes: [u64; 8],
    /// Cases value iteration checked.
    pub fixpoint_ran: u64,
    /// Cases minimax checked.
    pub minimax_ran: u64,
    /// Cases the metamorphic relations checked.
    pub relations_ran: u64,
    /// Cases checked by `certify` (every case that ran: none are skipped).
    pub certify_ran: u64,
    /// Cases skipped: exhaustive games isomorphic to one already covered.
    pub skipped: u64,
    /// The phase of the campaign this row belongs to when the campaign has several
    /// (the default one has four, which draw from the same families): its sizes, as
    /// "1–1,000 positions". Empty for a campaign of one phase.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub phase: String,
    /// Cases the solver under test refused as outside what it supports (counted in
    /// `cases`, checked by no oracle).
    #[serde(default)]
    pub refused: u64,
}

/// Which shard a summary covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardRecord {
    /// Which shard.
    pub index: u64,
    /// Of how many.
    pub count: u64,
}

/// A campaign's first failure as the JSON summary records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FailureRecord {
    /// The case's index in its shard.
    pub index: u64,
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

/// The JSON summary of a campaign: what `retrocheck diff --json` writes, and
/// `retrocheck merge` reads and writes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryFile {
    /// The solver under test.
    pub solver: String,
    /// The campaign seed.
    pub seed: u64,
    /// The part of the campaign it covers.
    pub shard: ShardRecord,
    /// Cases run.
    pub cases: u64,
    /// How long it took (summed over shards).
    pub seconds: f64,
    /// Whether no case failed.
    pub passed: bool,
    /// The first failure, if any.
    pub failure: Option<FailureRecord>,
    /// What each family covered.
    pub families: Vec<FamilySummary>,
    /// What defines the campaign, as asked for: shards merge only with shards of the
    /// same campaign.
    #[serde(default)]
    pub campaign: Option<CampaignRecord>,
    /// SHA-256 of the summary, `seconds` and the checksum left out
    /// ([`SummaryFile::seal`]): an edited summary does not merge.
    #[serde(default)]
    pub checksum: String,
}

/// Everything that defines a campaign besides its solver, seed and shard count, as
/// the user asked for it (`None`: not given).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CampaignRecord {
    /// `--cases`.
    pub cases: Option<u64>,
    /// `--time`, in seconds.
    pub time_seconds: Option<f64>,
    /// `--family`, by name (empty: the default).
    pub families: Vec<String>,
    /// `--min-positions`.
    pub min_positions: Option<u64>,
    /// `--max-positions`.
    pub max_positions: Option<u64>,
}

impl SummaryFile {
    /// The checksum of the summary's content: `seconds` (a timing, summed by a merge)
    /// and the checksum itself left out.
    pub fn content_checksum(&self) -> String {
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
pub const SIZE_BUCKETS: [(&str, u64); 8] = [
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
    pub fn add(&mut self, stats: &Stats) {
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
    pub fn absorb(&mut self, f: &FamilySummary) {
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
    pub fn row_name(&self) -> String {
        if self.phase.is_empty() {
            self.family.clone()
        } else {
            format!("{}, {}", self.family, self.phase)
        }
    }

    /// The share of positions won by A, won by B, and drawn, in percent.
    pub fn mix(&self) -> (f64, f64, f64) {
        let total = (self.wins_a + self.wins_b + self.draws).max(1) as f64;
        let pct = |x: u64| 100.0 * x as f64 / total;
        (pct(self.wins_a), pct(self.wins_b), pct(self.draws))
    }
}

/// The first failure of a campaign: the lowest failing case index.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The case's index in its shard.
    pub index: u64,
    /// The case's index in the whole (unsharded) campaign, which orders the failures
    /// of several shards as the unsharded run would meet them.
    pub campaign_index: u64,
    /// The case's family.
    pub family: Family,
    /// The case's seed.
    pub seed: u64,
    /// The size it was drawn at.
    pub size: usize,
    /// The case.
    pub case: Case,
    /// How it failed.
    pub mismatch: Mismatch,
}

/// The result of a campaign.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The solver under test.
    pub solver: String,
    /// The campaign seed.
    pub seed: u64,
    /// The part of the campaign this summary covers.
    pub shard: Shard,
    /// Cases run, up to the first failure (not counted).
    pub cases: u64,
    /// What each family covered.
    pub families: Vec<FamilySummary>,
    /// How long it took.
    pub elapsed: Duration,
    /// The first failure, if any.
    pub failure: Option<Failure>,
}

impl Summary {
    /// The summaries of consecutive campaigns (phases) as one.
    pub fn merge(parts: Vec<Summary>) -> Summary {
        let mut parts = parts.into_iter();
        let mut whole = parts.next().expect("at least one campaign");
        for part in parts {
            whole.cases += part.cases;
            whole.elapsed += part.elapsed;
            whole.families.extend(part.families);
            whole.failure = whole.failure.or(part.failure);
        }
        whole
    }

    /// The summary as its JSON file (`retrocheck diff --json`) for CI; timing included,
    /// so not byte-identical across runs.
    pub fn to_file(&self) -> SummaryFile {
        SummaryFile {
            solver: self.solver.clone(),
            seed: self.seed,
            shard: ShardRecord {
                index: self.shard.index,
                count: self.shard.count,
            },
            cases: self.cases,
            seconds: self.elapsed.as_secs_f64(),
            passed: self.failure.is_none(),
            failure: self.failure.as_ref().map(|f| FailureRecord {
                index: f.index,
                campaign_index: f.campaign_index,
                family: f.family.name().into(),
                seed: f.seed,
                size: f.size as u64,
                mismatch: f.mismatch.to_string(),
            }),
            families: self.families.clone(),
            campaign: None,
            checksum: String::new(),
        }
    }

    /// A Markdown table of the families' results and coverage (see [`table`]).
    pub fn table(&self) -> String {
        table(&self.families)
    }

    /// Every family's coverage together, as a row named "all".
    pub fn total(&self) -> FamilySummary {
        total(&self.families)
    }

    /// The summary on one screen: cases per phase, the sizes, values and degrees
    /// reached, how often each oracle ran, and what was not covered (see [`brief`]).
    pub fn brief(&self) -> String {
        brief(&self.families)
    }
}

/// A summary for a person, in a few lines: the cases of each phase (or family count),
/// the sizes reached with the cases per size bucket, the mix of values and the longest
/// remoteness, the largest degrees, the share of cases each oracle checked, and what
/// was not covered: size buckets between the smallest and largest case that no case
/// fell in, and families that ran no case. Numbers have thousands separators; sizes
/// are positions of the game checked (a contest instance's product game).
pub fn brief(families: &[FamilySummary]) -> String {
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
pub fn table(families: &[FamilySummary]) -> String {
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

/// The solver under test, refusing to start a solve once a campaign's time is up: a
/// case in flight at the deadline (the relations solve several transformed copies of
/// a large game) then stops at its next solve rather than running to its end, and
/// `--time` overshoots by one solve, not one whole case.
struct UntilDeadline<'a> {
    inner: &'a dyn Subject,
    deadline: Option<Instant>,
    /// Set when a solve was refused: the case is then not counted.
    cut: AtomicBool,
}

impl Subject for UntilDeadline<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn solve(&self, game: &crate::Game) -> Result<crate::Solution, crate::SolveError> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.cut.store(true, Ordering::Relaxed);
            return Err(crate::SolveError::Failed("the campaign's time is up".into()));
        }
        self.inner.solve(game)
    }

    fn answer(
        &self,
        instance: &crate::problems::Instance,
        k: usize,
    ) -> Option<Result<String, crate::SolveError>> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.cut.store(true, Ordering::Relaxed);
            return Some(Err(crate::SolveError::Failed("the campaign's time is up".into())));
        }
        self.inner.answer(instance, k)
    }
}

/// The coverage reached on each axis, one row per summary: cases by size bucket
/// (positions), the largest out- and in-degree and multiplicity, the longest
/// remoteness and the share of drawn positions; shared by `diff` and `stress`.
pub fn coverage_table<'a>(rows: impl IntoIterator<Item = &'a FamilySummary>) -> String {
    coverage_table_sized(rows, "positions")
}

/// [`coverage_table`], its heading saying what the sizes count (`sizes`).
pub fn coverage_table_sized<'a>(rows: impl IntoIterator<Item = &'a FamilySummary>, sizes: &str) -> String {
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

/// What became of one case of a batch.
enum Ran {
    /// The time limit had passed before it started, or while it ran.
    NotStarted,
    /// An exhaustive game isomorphic to one covered elsewhere.
    Skipped,
    Checked(Result<Stats, Mismatch>),
}

/// Runs `campaign` against `under_test` on the current rayon pool. `progress` is called
/// with the number of cases done after each batch.
pub fn run(campaign: &Phase, under_test: &dyn Subject, progress: &(dyn Fn(u64) + Sync)) -> Summary {
    let start = Instant::now();
    let mut families: Vec<FamilySummary> = campaign
        .families
        .iter()
        .map(|f| FamilySummary {
            family: f.name().into(),
            ..FamilySummary::default()
        })
        .collect();
    let slot = |f: Family| {
        campaign
            .families
            .iter()
            .position(|&g| g == f)
            .expect("a campaign family")
    };
    // Batches grow while they take under half a second: large batches keep threads
    // busy (case costs vary widely, and a batch ends at a barrier where threads wait
    // for its slowest case), small ones keep --time and the progress bar responsive.
    let threads = rayon::current_num_threads() as u64;
    let mut batch = 16 * threads;
    let mut done = 0;
    let mut failure = None;
    while done < campaign.cases && failure.is_none() {
        if campaign.time_limit.is_some_and(|limit| start.elapsed() >= limit) {
            break;
        }
        let end = (done + batch).min(campaign.cases);
        let batch_start = Instant::now();
        let out_of_time = || campaign.time_limit.is_some_and(|limit| start.elapsed() >= limit);
        let results: Vec<(Family, Ran)> = (done..end)
            .into_par_iter()
            .map(|index| {
                let spec = campaign.case_spec(index);
                // A case not started before the time limit is not run at all, so
                // --time overshoots by at most the cases in flight.
                if out_of_time() {
                    return (spec.0, Ran::NotStarted);
                }
                let ran = match Phase::case_of(spec) {
                    None => Ran::Skipped,
                    Some(case) => {
                        let timed = UntilDeadline {
                            inner: under_test,
                            deadline: campaign.time_limit.and_then(|limit| start.checked_add(limit)),
                            cut: AtomicBool::new(false),
                        };
                        let result = check_case(&case, &timed, &campaign.oracles);
                        // A case the deadline cut short proves nothing either way.
                        if timed.cut.load(Ordering::Relaxed) {
                            Ran::NotStarted
                        } else {
                            Ran::Checked(result)
                        }
                    }
                };
                (spec.0, ran)
            })
            .collect();
        let mut stopped = false;
        for (offset, (family, ran)) in results.into_iter().enumerate() {
            match ran {
                Ran::NotStarted => {
                    done += offset as u64;
                    stopped = true;
                    break;
                }
                Ran::Skipped => families[slot(family)].skipped += 1,
                Ran::Checked(Ok(stats)) => families[slot(family)].add(&stats),
                Ran::Checked(Err(mismatch)) => {
                    let index = done + offset as u64;
                    let (family, seed, size) = campaign.case_spec(index);
                    failure = Some(Failure {
                        index,
                        campaign_index: campaign.campaign_index(index),
                        family,
                        seed,
                        size,
                        case: campaign.case(index).expect("a failing case exists"),
                        mismatch,
                    });
                    done = index;
                    break;
                }
            }
        }
        if stopped {
            progress(done);
            break;
        }
        if failure.is_none() {
            done = end;
        }
        if batch_start.elapsed() < Duration::from_millis(500) {
            batch = (batch * 2).min(4096 * threads);
        }
        progress(done);
    }
    Summary {
        solver: under_test.name().into(),
        seed: campaign.seed,
        shard: campaign.shard,
        cases: done,
        families,
        elapsed: start.elapsed(),
        failure,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// The optimized solver, slowed down: each solve takes `pause`.
    struct Slow {
        pause: Duration,
        solves: AtomicUsize,
    }

    impl Subject for Slow {
        fn name(&self) -> &str {
            "slow"
        }

        fn solve(&self, game: &crate::Game) -> Result<crate::Solution, crate::SolveError> {
            self.solves.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(self.pause);
            crate::solve::Solver::solve(&crate::solve::Retrograde, game)
        }
    }

    /// Regression: `--time` used to let the case in flight at the deadline run all its
    /// solves (32 s past `--time 1s` on a 10^6-position case). Now its next solve is
    /// refused and the case is not counted. (Margins are wide: the deadline falls in
    /// the middle of the first solve.)
    #[test]
    fn a_case_in_flight_at_the_deadline_stops_at_its_next_solve() {
        let slow = Slow {
            pause: Duration::from_millis(400),
            solves: AtomicUsize::new(0),
        };
        let campaign = Phase {
            families: vec![Family::Uniform],
            cases: 1,
            time_limit: Some(Duration::from_millis(200)),
            seed: 1,
            min_positions: 5,
            max_positions: 5,
            shard: Shard::WHOLE,
            // The relations solve eight transformed copies after the first solve.
            oracles: Oracles::all(),
        };
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let summary = pool.install(|| run(&campaign, &slow, &|_| {}));
        assert_eq!(summary.cases, 0, "a case cut short is not counted");
        assert!(summary.failure.is_none(), "a case cut short is no failure");
        assert_eq!(
            slow.solves.load(Ordering::Relaxed),
            1,
            "solves after the deadline"
        );
        // Without a time limit the same case runs every solve.
        let unlimited = Phase {
            time_limit: None,
            ..campaign
        };
        let fast = Slow {
            pause: Duration::ZERO,
            solves: AtomicUsize::new(0),
        };
        let summary = pool.install(|| run(&unlimited, &fast, &|_| {}));
        assert_eq!(summary.cases, 1);
        assert!(fast.solves.load(Ordering::Relaxed) > 2);
    }
}
