//! `retrocheck mutants`: the kill table — every mutant against every entry point.

use super::{Exit, Status};
use retrocheck_selftest::kill::{self, Finding};

#[derive(clap::Args)]
pub struct Args {
    /// List the mutants and what each gets wrong, without running them.
    #[arg(long)]
    pub list: bool,
    /// Run only these mutants (repeatable or comma-separated; `certify-no-remoteness`
    /// names the broken checker).
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// After the table, print each row's counterexamples as text: the default
    /// campaign's shrunk case and the exhaustive family's smallest (cases above 100
    /// positions are named by size only).
    #[arg(long)]
    pub show_cases: bool,
}

pub fn run(args: Args) -> Status {
    if args.list {
        out!("{}", kill::list());
        return Ok(());
    }
    let known = kill::names();
    if let Some(unknown) = args.only.iter().find(|n| !known.contains(&n.as_str())) {
        return Err(Exit::bad(format!(
            "unknown mutant '{unknown}'; the mutants are listed by `retrocheck mutants --list`"
        )));
    }
    let chosen = |name: &str| args.only.is_empty() || args.only.iter().any(|n| n == name);
    let rows = kill::mutant_rows(chosen, |name| say!("running {name} …"));
    out!("{}", kill::table(&rows));
    if args.show_cases {
        for row in &rows {
            out!("{}", kill::row_cases(row));
        }
    }
    let survivors: Vec<&str> = rows
        .iter()
        // The default campaign must catch every mutant; the other entry points'
        // misses are shown in the table, as misses.
        .filter(|r| matches!(r.bulk, Finding::Survived { .. }))
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
