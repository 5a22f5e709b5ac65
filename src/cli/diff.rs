//! `retrocheck diff`: the bulk differential campaign, and what it does with a failure.

use super::{solver, Failure, Outcome};
use indicatif::{ProgressBar, ProgressStyle};
use retrocheck::harness::bulk::{self, Campaign, Shard, Summary, LARGE_MIN};
use retrocheck::harness::check::Oracles;
use retrocheck::harness::exhaustive;
use retrocheck::harness::generate::{Case, Family};
use retrocheck::harness::triage::triage;
use retrocheck::solve::Solver;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Seeded cases in the default campaign (with every game up to 4 positions and a few
/// large games: about a minute on 2 cores).
pub const DEFAULT_CASES: u64 = 600_000;
/// Large games in the default campaign, and for `--family large` without `--cases`.
pub const DEFAULT_LARGE_CASES: u64 = 6;

#[derive(clap::Args)]
pub struct Args {
    /// Cases to run (default: the default campaign's count, unless --time is given).
    #[arg(long)]
    pub cases: Option<u64>,
    /// Stop after this long, e.g. 60s, 10m, 2h.
    #[arg(long, value_parser = humantime::parse_duration)]
    pub time: Option<Duration>,
    /// The campaign seed: the same seed gives the same cases and result.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Generator families (repeatable or comma-separated). Default: the twelve seeded
    /// ones; with no options at all, the default campaign (those, `exhaustive` and
    /// `large`).
    #[arg(long = "family", value_delimiter = ',')]
    pub families: Vec<String>,
    /// The largest game to generate (for contest families: product game; for
    /// `exhaustive`: every game up to this many positions, default 4; for `large`: at
    /// least 100,000). Default 1,000.
    #[arg(long)]
    pub max_positions: Option<usize>,
    /// The smallest game to generate; sizes are log-uniform in between.
    #[arg(long)]
    pub min_positions: Option<usize>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Run shard i of N (disjoint cases), e.g. 3/8.
    #[arg(long, default_value = "0/1", value_parser = Shard::parse)]
    pub shard: Shard,
    /// The solver under test.
    #[arg(long, default_value = "retrograde")]
    pub solver: String,
    /// Write the summary as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Where failures are saved.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Do not save failures.
    #[arg(long)]
    pub no_save: bool,
}

/// A family by name, or a usage error listing them.
pub fn family(name: &str) -> Result<Family, Failure> {
    Family::from_name(name).ok_or_else(|| {
        let names: Vec<_> = Family::ALL.iter().map(|f| f.name()).collect();
        Failure::bad(format!(
            "unknown family '{name}'; the families are {}",
            names.join(", ")
        ))
    })
}

/// The campaigns `args` asks for: with no choice of families, cases, time or sizes, the
/// default campaign's three phases.
fn campaigns(args: &Args) -> Result<Vec<Campaign>, Failure> {
    let base = |families: Vec<Family>, cases: u64, min: usize, max: usize| Campaign {
        // Exhaustive games are tiny: every oracle, the relations included, is cheap.
        oracles: if families == [Family::Exhaustive] {
            Oracles {
                relations_from: 0,
                ..Oracles::default()
            }
        } else {
            Oracles::default()
        },
        families,
        cases,
        time_limit: args.time,
        seed: args.seed,
        min_positions: min,
        max_positions: max,
        shard: args.shard,
    };
    let chosen = !args.families.is_empty()
        || args.cases.is_some()
        || args.time.is_some()
        || args.max_positions.is_some()
        || args.min_positions.is_some();
    if !chosen {
        return Ok(vec![
            base(Family::SEEDED.to_vec(), DEFAULT_CASES, 1, 1000),
            base(vec![Family::Exhaustive], exhaustive::size(4), 1, 4),
            base(vec![Family::Large], DEFAULT_LARGE_CASES, LARGE_MIN, 1_000_000),
        ]);
    }
    let families: Vec<Family> = if args.families.is_empty() {
        Family::SEEDED.to_vec()
    } else {
        args.families
            .iter()
            .map(|f| family(f))
            .collect::<Result<_, _>>()?
    };
    let only = |f: Family| families.iter().all(|&g| g == f);
    let max = args
        .max_positions
        .unwrap_or(if only(Family::Exhaustive) { 4 } else { 1000 });
    let cases = match (args.cases, args.time) {
        (Some(cases), _) => cases,
        (None, Some(_)) => u64::MAX,
        (None, None) if only(Family::Exhaustive) => {
            exhaustive::size(max.min(exhaustive::MAX_N as usize) as u32)
        }
        (None, None) if only(Family::Large) => DEFAULT_LARGE_CASES,
        (None, None) => DEFAULT_CASES,
    };
    Ok(vec![base(families, cases, args.min_positions.unwrap_or(1), max)])
}

pub fn run(args: Args) -> Outcome {
    let under_test = solver(&args.solver)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| Failure::bad(format!("cannot start the thread pool: {e}")))?;
    let mut summaries: Vec<Summary> = Vec::new();
    let mut failed = None;
    for campaign in campaigns(&args)? {
        let bar = progress_bar(campaign.cases);
        let summary =
            pool.install(|| bulk::run(&campaign, under_test.as_ref(), &|done| bar.set_position(done)));
        bar.finish_and_clear();
        let stop = summary.failure.is_some();
        summaries.push(summary);
        if stop {
            failed = Some(campaign);
            break;
        }
    }
    let summary = Summary::merge(summaries);
    report(&summary);
    if let Some(path) = &args.json {
        let json = serde_json::to_string_pretty(&summary.to_json()).expect("a summary serializes");
        std::fs::write(path, json + "\n")
            .map_err(|e| Failure::bad(format!("writing {}: {e}", path.display())))?;
    }
    match (&summary.failure, failed) {
        (Some(failure), Some(campaign)) => {
            outln!(
                "\nFAILED at case {} (family {}, seed {}, size {}): {}",
                failure.index,
                failure.family.name(),
                failure.seed,
                failure.size,
                failure.mismatch
            );
            let corpus = (!args.no_save).then_some(args.corpus.as_path());
            pool.install(|| shrink_and_save(&failure.case, under_test.as_ref(), &campaign.oracles, corpus))?;
            Err(Failure::Found(anyhow::anyhow!(
                "{} fails: {}",
                under_test.name(),
                failure.mismatch
            )))
        }
        _ => Ok(()),
    }
}

fn progress_bar(cases: u64) -> ProgressBar {
    let bar = if cases == u64::MAX {
        ProgressBar::new_spinner()
    } else {
        ProgressBar::new(cases)
    };
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} cases, {per_sec}, {elapsed} {wide_bar}")
            .expect("a valid template"),
    );
    bar
}

fn report(summary: &Summary) {
    let skipped: u64 = summary.families.iter().map(|f| f.skipped).sum();
    let checked = summary.cases - skipped;
    outln!(
        "retrocheck diff: solver {}, seed {}, {checked} cases checked{} in {:.1} s ({:.0} cases/s)\n",
        summary.solver,
        summary.seed,
        if skipped > 0 {
            format!(" ({skipped} more skipped as isomorphic)")
        } else {
            String::new()
        },
        summary.elapsed.as_secs_f64(),
        checked as f64 / summary.elapsed.as_secs_f64().max(1e-9)
    );
    out!("{}", summary.table());
}

/// Shrinks a failing case with progress on stderr, prints the minimal case and saves
/// it. Shared by `diff` and `shrink`.
pub fn shrink_and_save(
    case: &Case,
    under_test: &dyn Solver,
    oracles: &Oracles,
    corpus: Option<&Path>,
) -> Outcome {
    let size = |c: &Case| c.size_text();
    eprintln!("shrinking from {} …", size(case));
    let mut step = 0;
    let triaged = triage(case, under_test, oracles, corpus, |c| {
        step += 1;
        eprintln!("  step {step}: {}", size(c));
    })
    .map_err(Failure::bad)?;
    outln!(
        "shrunk in {} steps ({} candidates tried, {:.2} s) to {}:\n",
        triaged.shrunk.steps,
        triaged.shrunk.tries,
        triaged.shrunk.elapsed.as_secs_f64(),
        size(&triaged.shrunk.value)
    );
    outln!("{}", triaged.text);
    outln!("failure: {}", triaged.mismatch);
    outln!("expected output (from the references):\n{}", triaged.expected);
    if let Some(saved) = &triaged.saved {
        let verb = if saved.already_present {
            "already in the corpus as"
        } else {
            "saved as"
        };
        outln!("{verb} {} and {}", saved.input.display(), saved.output.display());
        outln!(
            "picture: retrocheck show {} --svg shrunk.svg",
            saved.input.display()
        );
    }
    Ok(())
}
