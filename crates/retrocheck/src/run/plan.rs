//! Campaign policy: the phases `retrocheck diff` runs for a choice of families, cases,
//! time and sizes — with no choice at all, the default campaign's four phases — and
//! running the phases in turn until one fails.

use crate::exhaustive;
use crate::generate::Family;
use crate::oracles::Oracles;
use crate::run::bulk::{self, Summary};
use crate::run::phase::{Phase, LARGE_MIN};
use crate::run::shard::Shard;
use crate::sizes::TooLarge;
use crate::subject::Subject;
use std::time::Duration;

/// Seeded cases in the first phase of the default campaign (the whole campaign, with
/// its other phases, takes about 90 s on 2 cores).
pub(crate) const DEFAULT_CASES: u64 = 600_000;
/// Large games in the default campaign, and for `--family large` without `--cases`.
pub(crate) const DEFAULT_LARGE_CASES: u64 = 6;
/// Cases of the seeded families at 1,000 to 50,000 positions in the default campaign
/// (100 per family): the sizes where fast paths and narrow counters of a solver switch
/// on, beyond value iteration, checked by `certify` and the metamorphic relations.
pub(crate) const DEFAULT_SCALE_CASES: u64 = 1_300;

/// Why a plan cannot run: sizes out of range, or beyond this machine.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlanError {
    /// `--max-positions 0`.
    #[error("--max-positions must be at least 1")]
    NoMaxPositions,
    /// `--min-positions 0`.
    #[error("--min-positions must be at least 1")]
    NoMinPositions,
    /// The exhaustive family asked for games larger than it enumerates.
    #[error("--max-positions {max} is too large for the exhaustive family, which enumerates games of at most {most} positions")]
    BeyondExhaustive {
        /// The largest size asked for.
        max: usize,
        /// The largest the family enumerates.
        most: usize,
    },
    /// A size range that is empty.
    #[error("--min-positions {min} is above --max-positions {max}")]
    EmptyRange {
        /// The smallest size asked for.
        min: usize,
        /// The largest size asked for.
        max: usize,
    },
    /// The campaign's largest games do not fit.
    #[error("the largest games of this campaign: {0}")]
    TooLarge(TooLarge),
}

/// What a user asked for; `None` and empty mean "not chosen".
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Generator families (empty: the seeded ones).
    pub families: Vec<Family>,
    /// Cases to run.
    pub cases: Option<u64>,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// The campaign seed.
    pub seed: u64,
    /// The smallest game to generate.
    pub min_positions: Option<usize>,
    /// The largest game to generate.
    pub max_positions: Option<usize>,
    /// The part of the campaign to run.
    pub shard: Option<Shard>,
}

impl Plan {
    /// What defines the campaign, for its JSON summary (the shard aside).
    pub fn record(&self) -> crate::run::summary::CampaignRecord {
        crate::run::summary::CampaignRecord {
            cases: self.cases,
            time_seconds: self.time.map(|t| t.as_secs_f64()),
            families: self.families.iter().map(|f| f.name().to_string()).collect(),
            min_positions: self.min_positions.map(|n| n as u64),
            max_positions: self.max_positions.map(|n| n as u64),
        }
    }

    /// The plan a summary records for `seed` and `shard` (what `merge` checks a
    /// shard's cases against); `None` when it names a family this build does not know.
    pub(crate) fn recorded(
        record: &crate::run::summary::CampaignRecord,
        seed: u64,
        shard: Shard,
    ) -> Option<Plan> {
        Some(Plan {
            families: record
                .families
                .iter()
                .map(|f| Family::from_name(f))
                .collect::<Option<_>>()?,
            cases: record.cases,
            time: record
                .time_seconds
                .map(|t| Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX)),
            seed,
            min_positions: record.min_positions.map(|n| n as usize),
            max_positions: record.max_positions.map(|n| n as usize),
            shard: Some(shard),
        })
    }

    /// The cases the plan's phases run together, when it counts them (`None` when a
    /// phase runs until its time is up).
    pub(crate) fn planned_cases(&self) -> Option<u64> {
        self.phases()
            .iter()
            .map(|phase| (phase.cases != u64::MAX).then_some(phase.cases))
            .try_fold(0u64, |sum, cases| sum.checked_add(cases?))
    }

    /// Refuses a plan that cannot run: a size range that is empty or starts at 0, or
    /// games too large for this machine's memory with `threads` of them at once.
    pub fn check(&self, threads: usize) -> Result<(), PlanError> {
        if self.max_positions == Some(0) {
            return Err(PlanError::NoMaxPositions);
        }
        if self.min_positions == Some(0) {
            return Err(PlanError::NoMinPositions);
        }
        let most = exhaustive::MAX_N as usize;
        if let Some(max) = self.max_positions.filter(|&max| max > most) {
            if self.families.contains(&Family::Exhaustive) {
                return Err(PlanError::BeyondExhaustive { max, most });
            }
        }
        if let (Some(min), Some(max)) = (self.min_positions, self.max_positions) {
            if min > max {
                return Err(PlanError::EmptyRange { min, max });
            }
        }
        for phase in self.phases() {
            let largest = phase.max_positions.max(phase.min_positions) as u64;
            let largest = if phase.families.contains(&Family::Large) {
                largest.max(LARGE_MIN as u64)
            } else {
                largest
            };
            crate::sizes::check_cases(largest, 8, threads as u64).map_err(PlanError::TooLarge)?;
        }
        Ok(())
    }

    /// What the plan changes from what was asked, for a warning: sizes below the
    /// `large` family's smallest game are raised to it.
    pub fn warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        let asked = self.max_positions.max(self.min_positions);
        if self.families.contains(&Family::Large) && asked.is_some_and(|size| size < LARGE_MIN) {
            warnings.push(format!(
                "the large family's games have at least {LARGE_MIN} positions; its sizes are raised to that"
            ));
        }
        warnings
    }

    /// The phases of the campaign, run in turn: with no choice of families, cases, time or sizes,
    /// the default campaign's four phases: the seeded families at 1 to 1,000
    /// positions, the same at 1,000 to 50,000, every game of at most 4 positions, and
    /// a few large games of 10^5 to 10^6 positions.
    pub fn phases(&self) -> Vec<Phase> {
        let shard = self.shard.unwrap_or(Shard::WHOLE);
        // `cases` counts the whole campaign's cases; each shard runs its share of them.
        let base = |families: Vec<Family>, cases: u64, min: usize, max: usize| Phase {
            cases: shard.share(cases, families.len()),
            // Exhaustive games are tiny: every oracle, the relations included, is cheap.
            oracles: if families == [Family::Exhaustive] {
                Oracles::all()
            } else {
                Oracles::default()
            },
            families,
            time_limit: self.time,
            seed: self.seed,
            min_positions: min,
            max_positions: max,
            shard,
        };
        let chosen = !self.families.is_empty()
            || self.cases.is_some()
            || self.time.is_some()
            || self.max_positions.is_some()
            || self.min_positions.is_some();
        if !chosen {
            return vec![
                base(Family::SEEDED.to_vec(), DEFAULT_CASES, 1, 1000),
                base(Family::SEEDED.to_vec(), DEFAULT_SCALE_CASES, 1000, 50_000),
                base(vec![Family::Exhaustive], exhaustive::size(4), 1, 4),
                base(vec![Family::Large], DEFAULT_LARGE_CASES, LARGE_MIN, 1_000_000),
            ];
        }
        let families = if self.families.is_empty() {
            Family::SEEDED.to_vec()
        } else {
            self.families.clone()
        };
        let only = |f: Family| families.iter().all(|&g| g == f);
        let max = self
            .max_positions
            .unwrap_or(if only(Family::Exhaustive) { 4 } else { 1000 });
        let cases = match (self.cases, self.time) {
            (Some(cases), _) => cases,
            (None, Some(_)) => u64::MAX,
            (None, None) if only(Family::Exhaustive) => {
                exhaustive::size(max.min(exhaustive::MAX_N as usize) as u32)
            }
            (None, None) if only(Family::Large) => DEFAULT_LARGE_CASES,
            (None, None) => DEFAULT_CASES,
        };
        vec![base(families, cases, self.min_positions.unwrap_or(1), max)]
    }
}

/// Runs `phases` in turn on the current rayon pool, stopping at the first that
/// finds a failure: the merged summary, and the phase that failed (whose oracles
/// shrinking must use). `progress` hears each phase and its cases done so far.
pub fn run_phases(
    phases: &[Phase],
    under_test: &dyn Subject,
    progress: &(dyn Fn(&Phase, u64) + Sync),
) -> (Summary, Option<Phase>) {
    let mut summaries = Vec::new();
    let mut failed = None;
    for phase in phases {
        let mut summary = bulk::run_phase(phase, under_test, &|done| progress(phase, done));
        // The default campaign draws from the same families in several phases: each
        // row says which phase it is of.
        if phases.len() > 1 {
            for family in &mut summary.families {
                family.phase = phase.label();
            }
        }
        let stop = summary.failure.is_some();
        summaries.push(summary);
        if stop {
            failed = Some(phase.clone());
            break;
        }
    }
    (Summary::merge(summaries), failed)
}
