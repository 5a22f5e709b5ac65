//! `retrocheck mutants`: the kill table — every mutant against every entry point.

use super::{Exit, Status};
use retrocheck::harness::kill::{self, Verdict, CHECKER_MUTANT};
use retrocheck::harness::registry;

#[derive(clap::Args)]
pub struct Args {
    /// List the mutants and what each gets wrong, without running them.
    #[arg(long)]
    pub list: bool,
}

pub fn run(args: Args) -> Status {
    if args.list {
        for (name, description) in registry::mutants() {
            outln!("{name:<22} {description}");
        }
        outln!(
            "{:<22} the certificate checker without its remoteness conditions (run with loss-min as the solver)",
            CHECKER_MUTANT
        );
        return Ok(());
    }
    let rows = kill::mutant_rows(|name| eprintln!("running {name} …"));
    out!("{}", kill::table(&rows));
    let survivors: Vec<&str> = rows
        .iter()
        .filter(|r| {
            matches!(r.bulk, Verdict::Survived { .. }) || matches!(r.proptest, Verdict::Survived { .. })
        })
        .map(|r| r.name.as_str())
        .collect();
    if survivors.is_empty() {
        Ok(())
    } else {
        Err(Exit::Found(anyhow::anyhow!(
            "mutants survived: {}",
            survivors.join(", ")
        )))
    }
}
