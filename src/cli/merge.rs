//! `retrocheck merge`: the summaries of a campaign's shards, as the whole campaign's.

use super::{Exit, Status};
use retrocheck::internals::run::merge::{merge, read_summary};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The JSON summaries of every shard (`retrocheck diff --shard i/N --json FILE`).
    #[arg(required = true)]
    pub summaries: Vec<PathBuf>,
    /// Write the whole campaign's summary as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
}

pub fn run(args: Args) -> Status {
    let mut reports = Vec::new();
    for path in &args.summaries {
        // A summary is kilobytes: an endless stream is refused at 64 MiB.
        let bytes = super::read_bytes(path, 64 << 20, "a summary")?;
        let report = read_summary(&bytes).map_err(|e| Exit::bad(format!("{}: {e}", path.display())))?;
        reports.push(report);
    }
    let shards = reports.len();
    let whole = merge(reports).map_err(Exit::bad)?;
    let (checked, rest) = retrocheck::internals::run::summary::checked_and_rest(
        &retrocheck::internals::run::summary::total(&whole.families),
        |c| c.to_string(),
    );
    let cases = if checked == 1 { "case" } else { "cases" };
    outln!(
        "retrocheck merge: {shards} shards, solver {}, seed {}, {checked} {cases} checked{rest} in {:.1} s of shard time\n",
        whole.solver,
        whole.seed,
        whole.seconds
    );
    out!("{}", whole.table());
    if let Some(path) = &args.json {
        let json = serde_json::to_string_pretty(&whole).expect("a summary serializes");
        std::fs::write(path, json + "\n")
            .map_err(|e| Exit::bad(format!("writing {}: {e}", path.display())))?;
    }
    match &whole.failure {
        Some(f) => {
            outln!(
                "\nFAILED at case {} of the campaign (family {}, seed {}, size {}): {}",
                f.campaign_index,
                f.family,
                f.seed,
                f.size,
                f.mismatch
            );
            outln!(
                "(the cases above are each shard's up to its own first failure: more than the unsharded campaign runs, which stops at case {})",
                f.campaign_index
            );
            Err(Exit::Found(anyhow::anyhow!(
                "{} fails: {}",
                whole.solver,
                f.mismatch
            )))
        }
        None => Ok(()),
    }
}
