//! The `retrocheck` command line: one binary, a verb per job. Exit status 0 on success,
//! 1 when a check found a failure, 2 on bad usage or bad input, 3 when `stress` could not
//! judge an input.

// The doc comments of the clap types below are the `--help` text, where `<dir>` names an
// argument as every command line's help does; rustdoc would read it as an HTML tag.
#![allow(rustdoc::invalid_html_tags)]

#[macro_use]
mod cli;
mod show;

use clap::{Parser, Subcommand};
use cli::Exit;
use retrocheck::problems::Problem;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "retrocheck",
    version,
    about = "Solve games on graphs with cycles, and prove the solver right"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What a verb works on: `game` (`.game` files) or a contest problem of the registry.
fn targets() -> Vec<&'static str> {
    std::iter::once("game")
        .chain(Problem::ALL.iter().map(|p| p.name()))
        .collect()
}

/// The `<WHAT>` argument of `solve`, `stress` and `generate`.
pub(crate) fn what() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(targets())
}

#[derive(Subcommand)]
enum Command {
    /// Solve a game or a contest input and print the solution: for `game`,
    /// `<id> <outcome> <remoteness> <move>` per position; for a problem, the judge's
    /// answer (docs/problems/).
    Solve(cli::solve::Args),
    /// Run a differential-testing campaign: the solver under test against the
    /// references on generated games (with no options: the default campaign).
    Diff(cli::diff::Args),
    /// Combine the JSON summaries of a campaign's shards into the whole campaign's.
    Merge(cli::merge::Args),
    /// Shrink a failing case to a 1-minimal one and save it in the corpus.
    Shrink(cli::shrink::Args),
    /// Replay corpus cases through every oracle and against their `.out` files.
    Replay {
        /// Files or directories (default: corpus/).
        paths: Vec<PathBuf>,
    },
    /// Stress-test your own program for a contest problem (or one that solves `.game`
    /// files): find, classify, shrink and save its bugs.
    Stress(cli::stress::Args),
    /// Draw a small game and its solution (Graphviz DOT, or SVG).
    Show(cli::show::Args),
    /// The kill table: deliberately wrong solvers against every entry point.
    Mutants(cli::mutants::Args),
    /// Seed the fuzz targets' corpora (fuzz/corpus/<target>/) from the text corpus.
    FuzzSeeds(cli::fuzz_seeds::Args),
    /// Write a random game or contest input (deterministic from the seed), or input
    /// `--index` of a `stress` campaign, byte for byte.
    Generate(cli::generate::Args),
}

fn run(command: Command) -> cli::Status {
    match command {
        Command::Solve(args) => cli::solve::run(args),
        Command::Diff(args) => cli::diff::run(args),
        Command::Merge(args) => cli::merge::run(args),
        Command::Shrink(args) => cli::shrink::run(args),
        Command::Replay { paths } => cli::replay::run(paths),
        Command::Show(args) => cli::show::run(args),
        Command::Stress(args) => cli::stress::run(args),
        Command::FuzzSeeds(args) => cli::fuzz_seeds::run(args),
        Command::Mutants(args) => cli::mutants::run(args),
        Command::Generate(args) => cli::generate::run(args),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let result = run(cli.command);
    // A found failure is status 1 whatever happened to the output (it was saved first);
    // otherwise an output that could not be written decides the status.
    match (result, cli::output_error()) {
        (Err(Exit::Found(e)), _) => {
            eprintln!("retrocheck: {e:#}");
            ExitCode::from(1)
        }
        (Err(Exit::BadInput(e)), _) => {
            eprintln!("retrocheck: {e:#}");
            ExitCode::from(2)
        }
        (Err(Exit::Unjudged(e)), _) => {
            eprintln!("retrocheck: {e:#}");
            ExitCode::from(3)
        }
        (Ok(()), Some(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(141),
        (Ok(()), Some(e)) => {
            eprintln!("retrocheck: writing the output: {e}");
            ExitCode::from(2)
        }
        (Ok(()), None) => ExitCode::SUCCESS,
    }
}
