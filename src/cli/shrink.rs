//! `retrocheck shrink FILE`: reduce a failing case to a 1-minimal one and save it.

use super::{read_text, solver, Failure, Outcome};
use retrocheck::format::parse_game;
use retrocheck::harness::check::{check_case, Oracles};
use retrocheck::harness::corpus::Kind;
use retrocheck::harness::generate::Case;
use retrocheck::problems::Problem;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// A `.game` file, or a contest input (`.in` under pursuit/ or minigame/, or with
    /// --problem).
    pub file: PathBuf,
    /// The contest problem of the input, when its directory does not say.
    #[arg(long)]
    pub problem: Option<String>,
    /// The solver under test.
    #[arg(long, default_value = "retrograde")]
    pub solver: String,
    /// Where the shrunk case is saved.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Do not save the shrunk case.
    #[arg(long)]
    pub no_save: bool,
}

/// Reads a case from a file: a `.game`, or a single-instance contest input.
pub fn read_case(file: &Path, problem: Option<&str>) -> Result<Case, Failure> {
    let text = read_text(file)?;
    let kind = match problem {
        Some(name) => Kind::Problem(
            Problem::from_name(name).ok_or_else(|| Failure::bad(format!("unknown problem '{name}'")))?,
        ),
        None => Kind::of_path(file).unwrap_or(Kind::Game),
    };
    match kind {
        Kind::Game => parse_game(&text)
            .map(Case::Game)
            .map_err(|e| Failure::bad(format!("{}: {e}", file.display()))),
        Kind::Problem(problem) => {
            let mut instances = problem
                .parse(&text)
                .map_err(|e| Failure::bad(format!("{}: {e}", file.display())))?;
            if instances.len() != 1 {
                return Err(Failure::bad(format!(
                    "{}: {} test cases; shrink takes one (stress splits multi-case inputs)",
                    file.display(),
                    instances.len()
                )));
            }
            Ok(Case::Instance(instances.remove(0)))
        }
    }
}

pub fn run(args: Args) -> Outcome {
    let under_test = solver(&args.solver)?;
    let case = read_case(&args.file, args.problem.as_deref())?;
    let oracles = Oracles::default();
    match check_case(&case, under_test.as_ref(), &oracles) {
        Ok(_) => {
            println!(
                "{} passes every oracle on {}: nothing to shrink",
                under_test.name(),
                args.file.display()
            );
            Ok(())
        }
        Err(mismatch) => {
            println!("{}: {mismatch}", args.file.display());
            let corpus = (!args.no_save).then_some(args.corpus.as_path());
            super::diff::shrink_and_save(&case, under_test.as_ref(), &oracles, corpus)?;
            Err(Failure::Found(anyhow::anyhow!(
                "{} fails on {}",
                under_test.name(),
                args.file.display()
            )))
        }
    }
}
