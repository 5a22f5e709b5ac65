//! `retrocheck diff`: the bulk differential campaign, and what it does with a failure.

use super::{solver, Failure, Outcome};
use indicatif::{ProgressBar, ProgressStyle};
use retrocheck::harness::bulk::{self, Campaign, Shard, Summary};
use retrocheck::harness::check::Oracles;
use retrocheck::harness::generate::{Case, Family};
use retrocheck::harness::triage::triage;
use retrocheck::solve::Solver;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Cases in the default campaign: about a minute on 2 cores.
pub const DEFAULT_CASES: u64 = 120_000;

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
    /// Generator families (repeatable or comma-separated; default: all).
    #[arg(long = "family", value_delimiter = ',')]
    pub families: Vec<String>,
    /// The largest game (for contest families: product game) to generate.
    #[arg(long, default_value_t = 1000)]
    pub max_positions: usize,
    /// The smallest game to generate; sizes are log-uniform in between.
    #[arg(long, default_value_t = 1)]
    pub min_positions: usize,
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

pub fn run(args: Args) -> Outcome {
    let under_test = solver(&args.solver)?;
    let families = if args.families.is_empty() {
        Family::ALL.to_vec()
    } else {
        args.families
            .iter()
            .map(|f| family(f))
            .collect::<Result<_, _>>()?
    };
    let campaign = Campaign {
        families,
        cases: args.cases.unwrap_or(if args.time.is_some() {
            u64::MAX
        } else {
            DEFAULT_CASES
        }),
        time_limit: args.time,
        seed: args.seed,
        min_positions: args.min_positions.max(1),
        max_positions: args.max_positions.max(1),
        shard: args.shard,
        oracles: Oracles::default(),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| Failure::bad(format!("cannot start the thread pool: {e}")))?;
    let bar = progress_bar(campaign.cases);
    let summary = pool.install(|| bulk::run(&campaign, under_test.as_ref(), &|done| bar.set_position(done)));
    bar.finish_and_clear();

    report(&summary);
    if let Some(path) = &args.json {
        let json = serde_json::to_string_pretty(&summary.to_json()).expect("a summary serializes");
        std::fs::write(path, json + "\n")
            .map_err(|e| Failure::bad(format!("writing {}: {e}", path.display())))?;
    }
    match &summary.failure {
        None => Ok(()),
        Some(failure) => {
            println!(
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
    println!(
        "retrocheck diff: solver {}, seed {}, {} cases in {:.1} s ({:.0} cases/s)\n",
        summary.solver,
        summary.seed,
        summary.cases,
        summary.elapsed.as_secs_f64(),
        summary.cases as f64 / summary.elapsed.as_secs_f64().max(1e-9)
    );
    print!("{}", summary.table());
}

/// Shrinks a failing case with progress on stderr, prints the minimal case and saves
/// it. Shared by `diff` and `shrink`.
pub fn shrink_and_save(
    case: &Case,
    under_test: &dyn Solver,
    oracles: &Oracles,
    corpus: Option<&Path>,
) -> Outcome {
    let size = |c: &Case| match c {
        Case::Game(g) => format!("{} positions, {} moves", g.positions(), g.move_count()),
        Case::Instance(i) => i.size_text(),
    };
    eprintln!("shrinking from {} …", size(case));
    let mut step = 0;
    let triaged = triage(case, under_test, oracles, corpus, |c| {
        step += 1;
        eprintln!("  step {step}: {}", size(c));
    })
    .map_err(Failure::bad)?;
    println!(
        "shrunk in {} steps ({} candidates tried, {:.2} s) to {}:\n",
        triaged.shrunk.steps,
        triaged.shrunk.tries,
        triaged.shrunk.elapsed.as_secs_f64(),
        size(&triaged.shrunk.value)
    );
    println!("{}", triaged.text);
    println!("failure: {}", triaged.mismatch);
    println!("expected output (from the references):\n{}", triaged.expected);
    if let Some(saved) = &triaged.saved {
        let verb = if saved.already_present {
            "already in the corpus as"
        } else {
            "saved as"
        };
        println!("{verb} {} and {}", saved.input.display(), saved.output.display());
        println!(
            "picture: retrocheck show {} --svg shrunk.svg",
            saved.input.display()
        );
    }
    Ok(())
}
