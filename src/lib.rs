//! The `retrocheck` command line as a library: one binary, a verb per job, and the same
//! command line for a contest problem of your own crate. Exit status 0 on success, 1
//! when a check found a failure, 2 on bad usage or bad input, 3 when `stress` could not
//! judge an input.
//!
//! The `retrocheck` binary is [`Cli::new`]`().main()`. A crate that implements a
//! problem of its own ([`ContestProblem`](retrocheck::problems::ContestProblem) and
//! [`Contest`]) gets its own binary with the problem beside the built-in ones in
//! `stress`, `solve`, `generate`, `shrink` and `replay`, from a `main.rs` of three
//! lines:
//!
//! ```no_run
//! # mod own_problem { pub type Timeflow = retrocheck::problems::pursuit::Instance; }
//! fn main() -> std::process::ExitCode {
//!     retrocheck_cli::Cli::new().problem::<own_problem::Timeflow>().main()
//! }
//! ```
//!
//! Then `cargo run --release -- stress timeflow --solution ./a.out` finds, shrinks and
//! saves the bugs of `./a.out` as it does for a built-in problem
//! (`examples/own-problem` in the repository is such a crate).

#![deny(missing_docs)]
// The doc comments of the clap types below are the `--help` text, where `<dir>` names an
// argument as every command line's help does; rustdoc would read it as an HTML tag.
#![allow(rustdoc::invalid_html_tags)]

#[macro_use]
mod cli;
mod show;

use clap::{CommandFactory, FromArgMatches, Subcommand};
use cli::own::{For, Own, OwnProblem};
use cli::Exit;
use retrocheck::contest::Contest;
use retrocheck::problems::Problem;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

/// The `retrocheck` command line: the built-in problems, and the problems of your own
/// crate registered with [`problem`](Cli::problem).
pub struct Cli {
    /// The problems registered, in order.
    problems: Vec<Box<dyn OwnProblem>>,
}

impl Default for Cli {
    fn default() -> Cli {
        Cli::new()
    }
}

impl Cli {
    /// The command line with the built-in problems only: the `retrocheck` binary.
    pub fn new() -> Cli {
        Cli { problems: Vec::new() }
    }

    /// Registers problem `T` of your own crate under its
    /// [`NAME`](retrocheck::problems::ContestProblem::NAME): `stress`, `solve`,
    /// `generate`, `shrink` and `replay` take it beside the built-in problems, and
    /// `--help` lists it. A name that is taken (by a built-in problem, by `game`, or by
    /// a problem registered before) is refused when [`main`](Cli::main) runs, with exit
    /// status 2.
    pub fn problem<T: Contest>(mut self) -> Cli {
        self.problems.push(Box::new(For::<T>::new()));
        self
    }

    /// Parses the process's arguments ([`std::env::args_os`]), runs the verb and
    /// returns the exit status (0, 1 a failure found, 2 bad usage or input, 3 an input
    /// `stress` could not judge, 141 standard output closed): what `main` returns.
    pub fn main(self) -> ExitCode {
        self.main_from(std::env::args_os())
    }

    /// [`main`](Cli::main) on the arguments given, the first being the binary's name,
    /// as [`std::env::args_os`] gives them: for tests. It runs as the process's main
    /// does (standard output, and an exit of the process when standard output closes).
    pub fn main_from<I, S>(self, args: I) -> ExitCode
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        if let Err(why) = self.check_names() {
            say!("retrocheck: {why}");
            return ExitCode::from(2);
        }
        let mut args = args.into_iter().map(Into::into).peekable();
        let binary = args.peek().map(binary_name);
        let own = Own::new(self.problems, binary);
        let mut command = own.augment(Parsed::command());
        // As clap's `try_parse` does: the parser's errors come formatted, the derive's
        // are formatted against the command.
        let parsed = match command.try_get_matches_from_mut(args) {
            Ok(mut matches) => Parsed::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut command)),
            Err(e) => Err(e),
        };
        let parsed = match parsed {
            Ok(parsed) => parsed,
            Err(e) => {
                let _ = e.print();
                return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
            }
        };
        status(run(parsed.command, &own))
    }

    /// Refuses a problem whose name is taken, or cannot name a corpus directory.
    fn check_names(&self) -> Result<(), String> {
        let mut taken: Vec<(&str, String)> = targets()
            .into_iter()
            .map(|name| {
                let by = if name == "game" {
                    "which names `.game` files on the command line".to_string()
                } else {
                    "the name of a built-in problem".to_string()
                };
                (name, by)
            })
            .collect();
        for problem in &self.problems {
            let (name, type_name) = (problem.name(), problem.type_name());
            let bad = |why: &dyn std::fmt::Display| {
                format!(
                    "the problem {type_name} is named '{name}', {why}: give it another ContestProblem::NAME"
                )
            };
            if let Some((_, by)) = taken.iter().find(|(other, _)| *other == name) {
                return Err(bad(by));
            }
            let plain = |c: char| c.is_alphanumeric() || c == '-' || c == '_' || c == '.';
            if name.is_empty() || name.starts_with(['-', '.']) || !name.chars().all(plain) {
                return Err(bad(
                    &"which cannot name a command-line value and a corpus directory (letters, digits, '-', '_' and '.', not first '-' or '.')",
                ));
            }
            taken.push((name, format!("as {type_name} registered before it is")));
        }
        Ok(())
    }
}

/// The name the binary was run by, as a word of a shell command: what `stress` prints
/// in the command that writes an input again.
fn binary_name(first: &OsString) -> String {
    let path = std::path::Path::new(first);
    let name = path
        .file_name()
        .map_or_else(|| "retrocheck".into(), |n| n.to_owned());
    cli::shell_word(std::path::Path::new(&name))
}

#[derive(clap::Parser)]
#[command(
    name = "retrocheck",
    version,
    about = "Solve games on graphs with cycles, and prove the solver right"
)]
struct Parsed {
    #[command(subcommand)]
    command: Command,
}

/// What a verb works on: `game` (`.game` files) or a contest problem of the registry.
fn targets() -> Vec<&'static str> {
    std::iter::once("game")
        .chain(Problem::ALL.iter().map(|p| p.name()))
        .collect()
}

/// The `<WHAT>` argument of `solve`, `stress` and `generate` (the problems of a user's
/// own command line are added by [`Own::augment`]).
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
    /// Write a problem's test data for its setter: the fewest tests that kill every
    /// known wrong solution, in a judge's layout; or check (`--check`) and validate
    /// (`--validate`) an existing set.
    Tests(cli::tests::Args),
}

fn run(command: Command, own: &Own) -> cli::Status {
    match command {
        Command::Solve(args) => cli::solve::run(args, own),
        Command::Diff(args) => cli::diff::run(args),
        Command::Merge(args) => cli::merge::run(args),
        Command::Shrink(args) => cli::shrink::run(args, own),
        Command::Replay { paths } => cli::replay::run(paths, own),
        Command::Show(args) => cli::show::run(args),
        Command::Stress(args) => cli::stress::run(args, own),
        Command::FuzzSeeds(args) => cli::fuzz_seeds::run(args),
        Command::Mutants(args) => cli::mutants::run(args),
        Command::Generate(args) => cli::generate::run(args, own),
        Command::Tests(args) => cli::tests::run(args, own),
    }
}

/// The exit status of a verb's result.
fn status(result: cli::Status) -> ExitCode {
    // A found failure is status 1 whatever happened to the output (it was saved first);
    // otherwise an output that could not be written decides the status.
    match (result, cli::output_error()) {
        (Err(Exit::Found(e)), written) => {
            // The failure stands, but say that its report never reached the output
            // (`> /dev/full`; issue 38, adversarial pass).
            if let Some(e) = written.filter(|e| e.kind() != std::io::ErrorKind::BrokenPipe) {
                say!("retrocheck: writing the output: {e}: the report above was not printed");
            }
            say!("retrocheck: {e:#}");
            ExitCode::from(1)
        }
        (Err(Exit::BadInput(e)), _) => {
            say!("retrocheck: {e:#}");
            ExitCode::from(2)
        }
        (Err(Exit::Unjudged(e)), _) => {
            say!("retrocheck: {e:#}");
            ExitCode::from(3)
        }
        (Ok(()), Some(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(141),
        (Ok(()), Some(e)) => {
            say!("retrocheck: writing the output: {e}");
            ExitCode::from(2)
        }
        (Ok(()), None) => ExitCode::SUCCESS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cli::own::{Replayed, Verb};
    use std::path::Path;

    /// A problem that is only a name: what `check_names` looks at.
    struct Named(&'static str);

    impl OwnProblem for Named {
        fn name(&self) -> &'static str {
            self.0
        }
        fn type_name(&self) -> &'static str {
            "mine::Named"
        }
        fn run(&self, _: Verb) -> cli::Status {
            unreachable!("a refused command line runs nothing")
        }
        fn replay(&self, _: &Path) -> Result<(), Replayed> {
            unreachable!("a refused command line runs nothing")
        }
    }

    fn refusal(names: &[&'static str]) -> String {
        let cli = Cli {
            problems: names
                .iter()
                .map(|&n| Box::new(Named(n)) as Box<dyn OwnProblem>)
                .collect(),
        };
        cli.check_names().unwrap_err()
    }

    /// Issue 35: a problem's name must not take a built-in's, `game`'s or another
    /// registered problem's, and must name a corpus directory.
    #[test]
    fn taken_and_unusable_names_are_refused_saying_why() {
        let why = refusal(&["pursuit"]);
        assert!(
            why.contains("mine::Named is named 'pursuit', the name of a built-in problem"),
            "{why}"
        );
        let why = refusal(&["game"]);
        assert!(why.contains("'game', which names `.game` files"), "{why}");
        let why = refusal(&["mine", "mine"]);
        assert!(
            why.contains("'mine', as mine::Named registered before it is"),
            "{why}"
        );
        for bad in ["", "a/b", "-x", "two words", ".."] {
            let why = refusal(&[bad]);
            assert!(
                why.contains("cannot name a command-line value and a corpus directory"),
                "{bad:?}: {why}"
            );
        }
        let fine = Cli {
            problems: vec![Box::new(Named("timeflow")), Box::new(Named("cat_mouse-2"))],
        };
        assert_eq!(fine.check_names(), Ok(()));
        assert_eq!(Cli::new().check_names(), Ok(()));
    }
}
