//! `retrocheck diff`: the bulk differential campaign, and what it does with a failure.

use super::{solver, Exit, Status};
use indicatif::{ProgressBar, ProgressStyle};
use retrocheck::internals::run::bulk::Summary;
use retrocheck::internals::run::plan::{run_phases, Plan};
use retrocheck::internals::run::shard::Shard;
use std::path::PathBuf;
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
    /// Print the full per-family tables (results, then coverage per axis) instead of
    /// the summary of a few lines; the JSON summary (--json) always has them.
    #[arg(long)]
    pub tables: bool,
}

/// The plan `args` asks for.
fn plan(args: &Args) -> Result<Plan, Exit> {
    Ok(Plan {
        families: args
            .families
            .iter()
            .map(|f| super::family(f))
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
    let pool = super::thread_pool(threads)?;
    let plan = plan(&args)?;
    plan.check(pool.current_num_threads()).map_err(Exit::bad)?;
    if let Some(path) = &args.json {
        super::check_output_file(path, "--json")?;
    }
    if !args.no_save {
        super::check_output_dir(&args.corpus, "--corpus")?;
    }
    for warning in plan.warnings() {
        say!("retrocheck: warning: {warning}");
    }
    let phases = plan.phases();
    let bar = std::sync::Mutex::new((0usize, progress_bar(phases[0].cases)));
    let (summary, failed) = pool.install(|| {
        run_phases(&phases, under_test.as_ref(), &|c, done| {
            let mut bar = bar.lock().expect("no panics while holding the bar");
            let index = phases.iter().position(|k| std::ptr::eq(k, c)).unwrap_or(0);
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
    let nothing_checked = report(&summary, args.tables);
    // The failure is shrunk and saved before the JSON is written: whatever happens to
    // the JSON file, a found failure is kept and reported (status 1).
    let found = match (&summary.failure, failed) {
        (Some(failure), Some(phase)) => {
            outln!(
                "\nFAILED at case {} (family {}, seed {}, size {}): {}",
                failure.index,
                failure.family.name(),
                failure.seed,
                failure.size,
                failure.mismatch
            );
            let corpus = (!args.no_save).then_some(args.corpus.as_path());
            let found_in = format!(
                "case {} of the campaign (family {}, seed {})",
                failure.index,
                failure.family.name(),
                failure.seed
            );
            let shrunk = pool.install(|| {
                super::shrink_and_save(
                    &failure.case,
                    found_in,
                    under_test.as_ref(),
                    &phase.oracles,
                    corpus,
                )
            })?;
            // The last line names the failure just reported, shrunk, not the case as
            // found (issue 38).
            Some(anyhow::anyhow!("{} fails: {}", under_test.name(), shrunk))
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
            say!("retrocheck: {message}");
        }
    }
    match found {
        Some(e) => Err(Exit::Found(e)),
        // A campaign whose every case the solver refused, or that ran none (`--cases
        // 0`, `--time 0s`, a shard with no share of the cases), is no pass.
        None if nothing_checked => Err(Exit::Unjudged(anyhow::anyhow!(
            "nothing was checked: {}",
            nothing_checked_why(&summary, under_test.name())
        ))),
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

/// The verdict first, then what was covered and what was not, on one screen; the
/// full tables with `--tables`. On a pass the verdict is the last line too. True when
/// the solver refused every case, so that nothing was checked: no pass.
fn report(summary: &Summary, tables: bool) -> bool {
    let n = retrocheck::text::thousands;
    let all = summary.total();
    let (checked, rest) = retrocheck::internals::run::summary::checked_and_rest(&all, n);
    let refused = all.refused;
    let nothing_checked = summary.failure.is_none() && checked == 0;
    let verdict = if summary.failure.is_some() {
        "FAILED"
    } else if nothing_checked {
        "NOTHING CHECKED"
    } else {
        "passed"
    };
    outln!(
        "retrocheck diff: {verdict}: solver {}, seed {}, {} {}{} in {:.1} s ({} cases/s)",
        summary.solver,
        summary.seed,
        retrocheck::text::counted(checked, "case"),
        if summary.failure.is_some() {
            "passed before the failing one"
        } else {
            "checked"
        },
        rest,
        summary.elapsed.as_secs_f64(),
        n((checked as f64 / summary.elapsed.as_secs_f64().max(1e-9)) as u64)
    );
    if tables {
        out!("\n{}", summary.table());
    } else if checked == 0 {
        // The first case failed: nothing was covered to summarise.
    } else {
        out!("{}", summary.brief());
        outln!("(the full tables: --tables, or the --json summary)");
    }
    if nothing_checked && refused > 0 {
        outln!(
            "NOTHING CHECKED: the solver refused all {} cases as unsupported",
            n(refused)
        );
    } else if nothing_checked {
        outln!("NOTHING CHECKED: {}", no_case_run(summary));
    } else if summary.failure.is_none() {
        outln!(
            "passed: no failure in {}",
            retrocheck::text::counted(checked, "case")
        );
    }
    nothing_checked
}

/// Why a campaign that found no failure checked nothing: the solver refused every
/// case, or no case ran at all.
fn nothing_checked_why(summary: &Summary, solver: &str) -> String {
    if summary.total().refused > 0 {
        format!("{solver} refused every case as unsupported")
    } else {
        no_case_run(summary)
    }
}

/// Why no case ran: a count of 0, no time, or a shard without a share of the cases.
/// The same rule as a solver that refuses everything: nothing checked is no pass.
fn no_case_run(summary: &Summary) -> String {
    let all = summary.total();
    if all.skipped > 0 {
        format!(
            "every case of the campaign was skipped as isomorphic to an earlier one ({})",
            all.skipped
        )
    } else {
        "no case was run (--cases 0, --time too short to start one, or a shard with no share of the cases)"
            .into()
    }
}
