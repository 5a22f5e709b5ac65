//! Combining the JSON summaries of a campaign's shards (`diff --shard i/N --json`)
//! into the summary of the whole campaign, which equals the unsharded run's, timings
//! aside.

use crate::run::plan::Plan;
use crate::run::shard::Shard;
use crate::run::summary::{table, CampaignRecord, FamilySummary, ShardRecord, SummaryFile, DIFF_FORMAT};

impl SummaryFile {
    /// The Markdown table of `retrocheck diff`.
    pub fn table(&self) -> String {
        table(&self.families)
    }
}

/// Which summary of a merge: its place in the list (1-based) and the shard it records,
/// as in "summary 2 (shard 1/3)".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WhichSummary {
    /// Its place among the summaries given, 1-based.
    pub number: usize,
    /// The shard it records.
    pub shard: Shard,
}

impl std::fmt::Display for WhichSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "summary {} (shard {}/{})",
            self.number, self.shard.index, self.shard.count
        )
    }
}

/// Why summaries do not merge into a campaign's.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// No summaries were given.
    #[error("no summaries to merge")]
    Nothing,
    /// A summary in another format than [`DIFF_FORMAT`] (another schema, or another
    /// version of it).
    #[error("{which} is in format {format}, not {DIFF_FORMAT}: this retrocheck merges the summaries of its own `diff --json` (and those of older versions, which have no format)")]
    OtherFormat {
        /// The summary.
        which: WhichSummary,
        /// Its format.
        format: String,
    },
    /// A summary's checksum is not its content's.
    #[error("{which}: its checksum does not match its content: edited, or not written by `retrocheck diff --json`")]
    Checksum {
        /// The summary.
        which: WhichSummary,
    },
    /// A summary's counts contradict each other.
    #[error("{which} does not add up: {cases} cases, its families' add to {}, passed {passed} with {} failure", .family_cases.map_or("more than 2^64".into(), |c| c.to_string()), if *.failed { "a" } else { "no" })]
    DoesNotAddUp {
        /// The summary.
        which: WhichSummary,
        /// Its cases.
        cases: u64,
        /// Its families' cases and skipped cases added up (`None`: beyond `u64`).
        family_cases: Option<u64>,
        /// Whether it says it passed.
        passed: bool,
        /// Whether it records a failure.
        failed: bool,
    },
    /// A summary records another campaign than the first summary.
    #[error("{which} is of another campaign: {}; the first is {}", describe(.campaign.as_deref()), describe(.first.as_deref()))]
    OtherCampaign {
        /// The summary.
        which: WhichSummary,
        /// The campaign it records.
        campaign: Option<Box<CampaignRecord>>,
        /// The campaign the first summary records.
        first: Option<Box<CampaignRecord>>,
    },
    /// A summary has another solver, seed or shard count than the first.
    #[error("{which} is of another campaign: solver {solver}, seed {seed}, {count} shards; the first is solver {first_solver}, seed {first_seed}, {first_count} shards")]
    OtherRun {
        /// The summary.
        which: WhichSummary,
        /// Its solver.
        solver: String,
        /// Its seed.
        seed: u64,
        /// Its shard count.
        count: u64,
        /// The first summary's solver.
        first_solver: String,
        /// The first summary's seed.
        first_seed: u64,
        /// The first summary's shard count.
        first_count: u64,
    },
    /// A summary's shard index is not below its shard count.
    #[error("{which}: the shard index is not below the shard count")]
    ShardBeyond {
        /// The summary.
        which: WhichSummary,
    },
    /// Two summaries of the same shard.
    #[error("{which}: shard {}/{} is given twice", .which.shard.index, .which.shard.count)]
    Twice {
        /// The second summary of the shard.
        which: WhichSummary,
    },
    /// A shard without a summary.
    #[error(
        "shard {index}/{count} is missing: the merge of a campaign needs each of its {count} shards once"
    )]
    Missing {
        /// The shard's index.
        index: u64,
        /// The shard count.
        count: u64,
    },
    /// A summary without the record of its campaign, whose cases cannot be checked.
    #[error("{which} records no campaign (no `campaign` field), so its cases cannot be checked: not written by `retrocheck diff --json` of this version")]
    NoCampaign {
        /// The summary.
        which: WhichSummary,
    },
    /// A summary naming a family this build does not know.
    #[error("{which} names a family this retrocheck does not know: {}", .families.join(","))]
    UnknownFamily {
        /// The summary.
        which: WhichSummary,
        /// The families it names.
        families: Vec<String>,
    },
    /// A summary's cases are not its share of the campaign's.
    #[error("{which} has {cases} cases where its share of the campaign's {whole} ({}) is {}{share}: edited, or not of this campaign", describe(Some(.campaign)), if *.to_the_end { "" } else { "at most " })]
    NotItsShare {
        /// The summary.
        which: WhichSummary,
        /// Its cases.
        cases: u64,
        /// The campaign's cases.
        whole: u64,
        /// The campaign.
        campaign: Box<CampaignRecord>,
        /// Whether the shard ran to its end (its cases must then be its share exactly).
        to_the_end: bool,
        /// Its share of the campaign's cases.
        share: u64,
    },
    /// Two shards list different families at the same place.
    #[error(
        "shard {index}/{count} lists family {family} where another lists {other}: not the same campaign"
    )]
    OtherFamily {
        /// The shard listing `family`.
        index: u64,
        /// The shard count.
        count: u64,
        /// Its family.
        family: String,
        /// The family another shard lists there.
        other: String,
    },
    /// More cases than a `u64` counts.
    #[error("the shards' cases add up to more than 2^64")]
    TooManyCases,
}

/// A campaign as its summary records it, in the words of the command line:
/// "--cases 3000, --family uniform,dag", or "the default campaign".
fn describe(record: Option<&CampaignRecord>) -> String {
    let Some(r) = record else {
        return "no campaign recorded".into();
    };
    let mut parts = Vec::new();
    if let Some(cases) = r.cases {
        parts.push(format!("--cases {cases}"));
    }
    if let Some(t) = r.time_seconds {
        parts.push(format!("--time {t}s"));
    }
    if !r.families.is_empty() {
        parts.push(format!("--family {}", r.families.join(",")));
    }
    if let Some(n) = r.min_positions {
        parts.push(format!("--min-positions {n}"));
    }
    if let Some(n) = r.max_positions {
        parts.push(format!("--max-positions {n}"));
    }
    if parts.is_empty() {
        "the default campaign".into()
    } else {
        parts.join(", ")
    }
}

/// Checks a shard's case count against its share of the campaign it records: equal
/// when it ran to its end (it passed, with no `--time`), at most that share otherwise
/// (a failure or the clock stopped it). Its checksum cannot show an edit, since anyone
/// can compute it again: a shard with cases added, checksum recomputed, would merge
/// into more cases than the campaign has.
fn check_cases(r: &SummaryFile, which: WhichSummary) -> Result<(), MergeError> {
    let Some(record) = &r.campaign else {
        return Err(MergeError::NoCampaign { which });
    };
    let shard = Shard {
        index: r.shard.index,
        count: r.shard.count,
    };
    let Some(plan) = Plan::recorded(record, r.seed, shard) else {
        return Err(MergeError::UnknownFamily {
            which,
            families: record.families.clone(),
        });
    };
    let Some(share) = plan.planned_cases() else {
        return Ok(());
    };
    let whole = Plan::recorded(record, r.seed, Shard::WHOLE)
        .and_then(|p| p.planned_cases())
        .unwrap_or(share);
    let ran_to_the_end = r.passed && record.time_seconds.is_none();
    if (ran_to_the_end && r.cases != share) || r.cases > share {
        return Err(MergeError::NotItsShare {
            which,
            cases: r.cases,
            whole,
            campaign: Box::new(record.clone()),
            to_the_end: ran_to_the_end,
            share,
        });
    }
    Ok(())
}

/// Why a file is not read as a summary to merge.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadSummaryError {
    /// Not JSON, or not the JSON of a summary.
    #[error("not a summary of `retrocheck diff --json`: {0}")]
    NotASummary(#[from] serde_json::Error),
    /// JSON of another format than [`DIFF_FORMAT`]: a `stress --json` file, or a
    /// summary of another version, whose fields are not read as this one's.
    #[error("format {format}, not {DIFF_FORMAT}: this retrocheck merges the summaries of its own `diff --json` (and those of older versions, which have no format)")]
    OtherFormat {
        /// The `format` field, as JSON text when it is not a string.
        format: String,
    },
}

/// Reads the JSON text of a summary: its `format` first, so that a file of another
/// schema or version is refused by its format rather than by a field it lacks; a
/// summary without one (written by an older version) is read as `retrocheck-diff/1`.
pub fn read_summary(bytes: &[u8]) -> Result<SummaryFile, ReadSummaryError> {
    let value: serde_json::Value = serde_json::from_slice(bytes)?;
    match value.get("format") {
        None => {}
        Some(serde_json::Value::String(f)) if f == DIFF_FORMAT => {}
        Some(serde_json::Value::String(f)) => {
            return Err(ReadSummaryError::OtherFormat { format: f.clone() })
        }
        Some(other) => {
            return Err(ReadSummaryError::OtherFormat {
                format: other.to_string(),
            })
        }
    }
    Ok(serde_json::from_slice(bytes)?)
}

/// Merges the summaries of every shard of one campaign: counts add up, extremes take
/// the largest, and the failure is the one the unsharded campaign meets first (the
/// earliest phase, then the lowest index in the whole campaign). `seconds` is the sum
/// of the shards' times. Refuses summaries of different campaigns (solver, seed, shard
/// count, or anything of [`CampaignRecord`]), a summary whose checksum does not match
/// (edited), one that does not add up, one whose cases are not its share of the
/// campaign's (`--cases`, or the default campaign's), a shard given twice and a missing
/// shard, naming it.
///
/// A failing campaign's merged `cases` counts every shard's cases up to that shard's
/// first failure, more than the unsharded run, which stops at the campaign's first.
pub fn merge(reports: Vec<SummaryFile>) -> Result<SummaryFile, MergeError> {
    let first = reports.first().ok_or(MergeError::Nothing)?.clone();
    let count = first.shard.count;
    let mut seen = vec![false; count.min(1 << 20) as usize];
    for (n, r) in reports.iter().enumerate() {
        let which = WhichSummary {
            number: n + 1,
            shard: Shard {
                index: r.shard.index,
                count: r.shard.count,
            },
        };
        if let Some(format) = r.format.as_ref().filter(|f| *f != DIFF_FORMAT) {
            return Err(MergeError::OtherFormat {
                which,
                format: format.clone(),
            });
        }
        if r.checksum != r.content_checksum() {
            return Err(MergeError::Checksum { which });
        }
        let family_cases = r
            .families
            .iter()
            // A family's `cases` leave out those skipped as isomorphic; the summary's
            // count them.
            .try_fold(0u64, |sum, f| sum.checked_add(f.cases)?.checked_add(f.skipped));
        if family_cases != Some(r.cases) || r.passed != r.failure.is_none() {
            return Err(MergeError::DoesNotAddUp {
                which,
                cases: r.cases,
                family_cases,
                passed: r.passed,
                failed: r.failure.is_some(),
            });
        }
        if r.campaign != first.campaign {
            return Err(MergeError::OtherCampaign {
                which,
                campaign: r.campaign.clone().map(Box::new),
                first: first.campaign.clone().map(Box::new),
            });
        }
        if (r.solver.as_str(), r.seed, r.shard.count) != (first.solver.as_str(), first.seed, count) {
            return Err(MergeError::OtherRun {
                which,
                solver: r.solver.clone(),
                seed: r.seed,
                count: r.shard.count,
                first_solver: first.solver.clone(),
                first_seed: first.seed,
                first_count: count,
            });
        }
        let slot = seen
            .get_mut(r.shard.index as usize)
            .ok_or(MergeError::ShardBeyond { which })?;
        if std::mem::replace(slot, true) {
            return Err(MergeError::Twice { which });
        }
    }
    if let Some(missing) = seen.iter().position(|&s| !s) {
        return Err(MergeError::Missing {
            index: missing as u64,
            count,
        });
    }
    for (n, r) in reports.iter().enumerate() {
        let which = WhichSummary {
            number: n + 1,
            shard: Shard {
                index: r.shard.index,
                count,
            },
        };
        check_cases(r, which)?;
    }
    let mut families: Vec<FamilySummary> = Vec::new();
    for r in &reports {
        for (slot, f) in r.families.iter().enumerate() {
            match families.get_mut(slot) {
                Some(mine) if mine.family == f.family => mine.absorb(f),
                Some(mine) => {
                    return Err(MergeError::OtherFamily {
                        index: r.shard.index,
                        count,
                        family: f.family.clone(),
                        other: mine.family.clone(),
                    })
                }
                None => families.push(f.clone()),
            }
        }
    }
    // A shard that failed stopped in the phase of its failure, so it lists fewer
    // families the earlier that phase is.
    let failure = reports
        .iter()
        .filter_map(|r| r.failure.as_ref().map(|f| (r.families.len(), f)))
        .min_by_key(|&(phases, f)| (phases, f.campaign_index))
        .map(|(_, f)| f.clone());
    let cases = reports
        .iter()
        .try_fold(0u64, |sum, r| sum.checked_add(r.cases))
        .ok_or(MergeError::TooManyCases)?;
    let mut merged = SummaryFile {
        format: Some(DIFF_FORMAT.into()),
        solver: first.solver,
        seed: first.seed,
        shard: ShardRecord { index: 0, count: 1 },
        cases,
        seconds: reports.iter().map(|r| r.seconds).sum(),
        passed: failure.is_none(),
        failure,
        families,
        campaign: first.campaign,
        checksum: String::new(),
    };
    merged.seal();
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::summary::FirstFailureRecord;

    fn report(index: u64, count: u64, cases: u64) -> SummaryFile {
        SummaryFile {
            format: Some(DIFF_FORMAT.into()),
            solver: "retrograde".into(),
            seed: 7,
            shard: ShardRecord { index, count },
            cases,
            seconds: 1.0,
            passed: true,
            failure: None,
            families: vec![FamilySummary {
                family: "uniform".into(),
                cases,
                largest: cases,
                ..FamilySummary::default()
            }],
            campaign: Some(CampaignRecord {
                cases: Some(11),
                time_seconds: None,
                families: vec!["uniform".into()],
                min_positions: None,
                max_positions: None,
            }),
            checksum: String::new(),
        }
    }

    fn sealed(mut r: SummaryFile) -> SummaryFile {
        r.seal();
        r
    }

    #[test]
    fn shards_add_up_and_a_campaign_must_be_whole() {
        let merged = merge(vec![sealed(report(1, 2, 5)), sealed(report(0, 2, 6))]).unwrap();
        assert_eq!(
            (merged.cases, merged.families[0].cases, merged.families[0].largest),
            (11, 11, 6)
        );
        assert_eq!(merged.shard, ShardRecord { index: 0, count: 1 });
        let e = merge(vec![sealed(report(0, 3, 5)), sealed(report(2, 3, 6))])
            .unwrap_err()
            .to_string();
        assert!(e.contains("shard 1/3 is missing"), "{e}");
        let e = merge(vec![sealed(report(0, 2, 5)), sealed(report(0, 2, 6))])
            .unwrap_err()
            .to_string();
        assert!(e.contains("given twice"), "{e}");
        let mut other = report(1, 2, 5);
        other.seed = 8;
        assert!(merge(vec![sealed(report(0, 2, 5)), sealed(other)])
            .unwrap_err()
            .to_string()
            .contains("another campaign"));
    }

    /// Regression (issue 38, item 10): a shard with cases added (its families' too,
    /// and its checksum computed again, which anyone can) merged into more cases than
    /// the campaign's `--cases`, exit 0. Each shard's cases are its share.
    #[test]
    fn a_shard_with_cases_added_is_refused_and_the_campaign_is_named_in_words() {
        let mut forged = report(1, 2, 5 + 1000);
        forged.families[0].cases = 1005;
        let e = merge(vec![sealed(report(0, 2, 6)), sealed(forged)])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(
                "has 1005 cases where its share of the campaign's 11 (--cases 11, --family uniform) is 5"
            ),
            "{e}"
        );
        // A failing shard stops early: fewer cases than its share are its own.
        let mut failing = report(1, 2, 3);
        failing.passed = false;
        failing.failure = Some(FirstFailureRecord {
            index: 0,
            campaign_index: 3,
            family: "uniform".into(),
            seed: 0,
            size: 1,
            mismatch: "wrong".into(),
        });
        assert!(merge(vec![sealed(report(0, 2, 6)), sealed(failing)]).is_ok());
        let mut short = report(1, 2, 4);
        short.families[0].cases = 4;
        assert!(merge(vec![sealed(report(0, 2, 6)), sealed(short)]).is_err());
        // Item 13: another campaign is described in the command line's words, not as
        // `Some(CampaignRecord { … })`.
        let mut other = report(1, 2, 5);
        if let Some(c) = other.campaign.as_mut() {
            c.max_positions = Some(50);
        }
        let e = merge(vec![sealed(report(0, 2, 6)), sealed(other)])
            .unwrap_err()
            .to_string();
        assert!(!e.contains("CampaignRecord") && !e.contains("Some("), "{e}");
        assert!(
            e.contains(
                "--cases 11, --family uniform, --max-positions 50; the first is --cases 11, --family uniform"
            ),
            "{e}"
        );
    }

    /// Issue 37, item 4: a summary names its format; another format or version is
    /// refused by it, one without (an older version's) merges.
    #[test]
    fn a_summary_of_another_format_is_refused_and_one_without_a_format_merges() {
        let json = |r: &SummaryFile| serde_json::to_vec(r).unwrap();
        let text = String::from_utf8(json(&sealed(report(0, 2, 6)))).unwrap();
        assert!(text.starts_with("{\"format\":\"retrocheck-diff/1\","), "{text}");
        let mut future = report(1, 2, 5);
        future.format = Some("retrocheck-diff/2".into());
        let e = merge(vec![sealed(report(0, 2, 6)), sealed(future.clone())])
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "summary 2 (shard 1/2) is in format retrocheck-diff/2, not retrocheck-diff/1: this retrocheck merges the summaries of its own `diff --json` (and those of older versions, which have no format)"
        );
        let e = read_summary(&json(&sealed(future))).unwrap_err().to_string();
        assert!(
            e.starts_with("format retrocheck-diff/2, not retrocheck-diff/1: "),
            "{e}"
        );
        assert!(!e.contains('\n'), "{e}");
        let stress = br#"{"format": "retrocheck-stress/1", "solution": "./a.out"}"#;
        let e = read_summary(stress).unwrap_err().to_string();
        assert!(
            e.starts_with("format retrocheck-stress/1, not retrocheck-diff/1"),
            "{e}"
        );
        let e = read_summary(br#"{"format": 1}"#).unwrap_err().to_string();
        assert!(e.starts_with("format 1, not retrocheck-diff/1"), "{e}");
        // An older version's summaries: no format, sealed without one.
        let old = |index, cases| {
            let mut r = report(index, 2, cases);
            r.format = None;
            let bytes = json(&sealed(r));
            assert!(!String::from_utf8_lossy(&bytes).contains("format"));
            read_summary(&bytes).unwrap()
        };
        let merged = merge(vec![old(0, 6), old(1, 5)]).unwrap();
        assert_eq!((merged.cases, merged.format.as_deref()), (11, Some(DIFF_FORMAT)));
        assert!(merge(vec![sealed(report(0, 2, 6)), old(1, 5)]).is_ok());
        // The format is part of the checksummed content.
        let mut edited = sealed(report(1, 2, 5));
        edited.format = None;
        let e = merge(vec![sealed(report(0, 2, 6)), edited])
            .unwrap_err()
            .to_string();
        assert!(e.contains("checksum does not match"), "{e}");
    }

    #[test]
    fn the_failure_is_the_one_the_whole_campaign_meets_first() {
        let failing = |index, at| {
            let mut r = report(index, 2, 5);
            r.passed = false;
            r.failure = Some(FirstFailureRecord {
                index: 0,
                campaign_index: at,
                family: "uniform".into(),
                seed: 0,
                size: 1,
                mismatch: format!("at {at}"),
            });
            sealed(r)
        };
        let merged = merge(vec![failing(0, 9), failing(1, 4)]).unwrap();
        assert!(!merged.passed);
        assert_eq!(merged.failure.unwrap().campaign_index, 4);
    }
}
