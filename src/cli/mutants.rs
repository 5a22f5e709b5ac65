//! `retrocheck mutants`: the kill table — every mutant against every entry point.

use super::{Failure, Outcome};
use retrocheck::harness::check::Oracles;
use retrocheck::harness::kill::{self, Outcome as Kill};
use retrocheck::mutants::{certify_without_remoteness, Bug, Textbook, CHECKER_MUTANT, MUTANTS};

#[derive(clap::Args)]
pub struct Args {
    /// List the mutants and what each gets wrong, without running them.
    #[arg(long)]
    pub list: bool,
}

pub fn run(args: Args) -> Outcome {
    if args.list {
        for m in MUTANTS {
            outln!("{:<22} {}", m.name, m.description);
        }
        outln!(
            "{:<22} the certificate checker without its remoteness conditions (run with loss-min as the solver)",
            CHECKER_MUTANT
        );
        return Ok(());
    }
    let mut rows = Vec::new();
    for m in MUTANTS {
        eprintln!("running {} …", m.name);
        rows.push(kill::row(m.name, m.solver().as_ref(), &Oracles::default()));
    }
    eprintln!("running {CHECKER_MUTANT} …");
    let broken_checker = Oracles {
        certifier: certify_without_remoteness,
        ..Oracles::default()
    };
    rows.push(kill::row(
        &format!("{CHECKER_MUTANT} (solver: loss-min)"),
        &Textbook { bug: Bug::LossMin },
        &broken_checker,
    ));
    out!("{}", kill::table(&rows));
    let survivors: Vec<&str> = rows
        .iter()
        .filter(|r| matches!(r.bulk, Kill::Survived { .. }) || matches!(r.proptest, Kill::Survived { .. }))
        .map(|r| r.name.as_str())
        .collect();
    if survivors.is_empty() {
        Ok(())
    } else {
        Err(Failure::Found(anyhow::anyhow!(
            "mutants survived: {}",
            survivors.join(", ")
        )))
    }
}
