//! `retrocheck diff`: the bulk differential campaign, and what it does with a failure.

use super::{solver, Exit, Status};
use indicatif::{ProgressBar, ProgressStyle};
use retrocheck::corpus;
use retrocheck::failure::{case_text, triage, Policy};
use retrocheck::generate::{Case, Family};
use retrocheck::oracles::Oracles;
use retrocheck::run::bulk::{Shard, Summary};
use retrocheck::run::plan::{self as campaign, Plan};
use retrocheck::Subject;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// Cases of the campaign (default: the default campaign's count, unless --time is
    /// given); with --shard, this shard runs its share of them.
    #[arg(long)]
    pub cases: Option<u64>,
    /// Stop after this long, e.g. 60s, 10m, 2h.
    #[arg(long, value_parser = humantime::parse_duration)]
    pub time: Option<Duration>,
    /// The campaign seed: the same seed gives the same cases and result.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Generator families (repeatable or comma-separated). Default: the seeded ones
    /// (all but `exhaustive` and `large`); with no options at all, the default campaign (those, `exhaustive` and
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
    /// Run shard i of N, e.g. 3/8: its share of the campaign's cases, of every family
    /// (`retrocheck merge` combines the shards' --json summaries).
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
pub fn family(name: &str) -> Result<Family, Exit> {
    Family::from_name(name).ok_or_else(|| {
        let names: Vec<_> = Family::ALL.iter().map(|f| f.name()).collect();
        Exit::bad(format!(
            "unknown family '{name}'; the families are {}",
            names.join(", ")
        ))
    })
}

/// The plan `args` asks for.
fn plan(args: &Args) -> Result<Plan, Exit> {
    Ok(Plan {
        families: args
            .families
            .iter()
            .map(|f| family(f))
            .collect::<Result<_, _>>()?,
        cases: args.cases,
        time: args.time,
        seed: args.seed,
        min_positions: args.min_positions,
        max_positions: args.max_positions,
        shard: Some(args.shard),
    })
}

pub fn run(args: Args) -> Status {
    super::keep_going_on_output_errors();
    let under_test = solver(&args.solver, 1)?;
    let threads = super::threads(args.threads, "--threads")?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Exit::bad(format!("cannot start the thread pool: {e}")))?;
    let plan = plan(&args)?;
    plan.check(pool.current_num_threads()).map_err(Exit::bad)?;
    if let Some(path) = &args.json {
        super::check_output_file(path, "--json")?;
    }
    if !args.no_save {
        super::check_output_dir(&args.corpus, "--corpus")?;
    }
    for warning in plan.warnings() {
        eprintln!("retrocheck: warning: {warning}");
    }
    let campaigns = plan.campaigns();
    let bar = std::sync::Mutex::new((0usize, progress_bar(campaigns[0].cases)));
    let (summary, failed) = pool.install(|| {
        campaign::run(&campaigns, under_test.as_ref(), &|c, done| {
            let mut bar = bar.lock().expect("no panics while holding the bar");
            let index = campaigns.iter().position(|k| std::ptr::eq(k, c)).unwrap_or(0);
            if index != bar.0 {
                bar.1.finish_and_clear();
                *bar = (index, progress_bar(c.cases));
            }
            bar.1.set_position(done);
        })
    });
    bar.into_inner()
        .expect("no panics while holding the bar")
        .1
        .finish_and_clear();
    report(&summary);
    // The failure is shrunk and saved before the JSON is written: whatever happens to
    // the JSON file, a found failure is kept and reported (status 1).
    let found = match (&summary.failure, failed) {
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
            Some(anyhow::anyhow!(
                "{} fails: {}",
                under_test.name(),
                failure.mismatch
            ))
        }
        _ => None,
    };
    if let Some(path) = &args.json {
        let mut file = summary.to_file();
        file.campaign = Some(plan.record());
        file.seal();
        let json = serde_json::to_string_pretty(&file).expect("a summary serializes");
        if let Err(e) = std::fs::write(path, json + "\n") {
            let message = format!("writing {}: {e}", path.display());
            if found.is_none() {
                return Err(Exit::bad(message));
            }
            eprintln!("retrocheck: {message}");
        }
    }
    match found {
        Some(e) => Err(Exit::Found(e)),
        None => Ok(()),
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

/// Shrinks a failing case with progress on stderr, saves it, then prints the minimal
/// case: the case is on the screen even when the corpus cannot be written, saved even
/// when the screen cannot be written to, and the last line says where it went or why
/// it could not. Shared by `diff` and `shrink`.
pub fn shrink_and_save(
    case: &Case,
    under_test: &dyn Subject,
    oracles: &Oracles,
    corpus: Option<&Path>,
) -> Status {
    let size = |c: &Case| c.size_text();
    eprintln!("shrinking from {} …", size(case));
    let mut step = 0;
    let triaged = triage(case, under_test, &Policy::new(*oracles), |c| {
        step += 1;
        eprintln!("  step {step}: {}", size(c));
    })
    .map_err(Exit::bad)?;
    // Saved first, then printed: a standard output that is closed or full must not
    // cost the case (the line saying where it went is repeated on standard error then).
    let saved = corpus.map(|root| {
        let (kind, _) = case_text(&triaged.shrunk.value);
        (root, corpus::save(root, kind, &triaged.text, &triaged.expected))
    });
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
    match saved {
        None => {}
        Some((_, Ok(saved))) => {
            let verb = if saved.already_present {
                "already in the corpus as"
            } else {
                "saved as"
            };
            super::keep(format_args!(
                "{verb} {} and {}",
                saved.input.display(),
                saved.output.display()
            ));
            outln!(
                "picture: retrocheck show {} --svg shrunk.svg",
                super::shell_word(&saved.input)
            );
        }
        Some((root, Err(e))) => eprintln!(
            "retrocheck: not saved: the corpus {} cannot be written ({e}); the case is printed above",
            root.display()
        ),
    }
    Ok(())
}
