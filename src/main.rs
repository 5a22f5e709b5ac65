//! The `retrocheck` command line: one binary, a verb per job. Exit status 0 on success,
//! 1 when a check found a failure, 2 on bad usage or bad input.

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

#[derive(Subcommand)]
enum Command {
    /// Solve a game or a contest input and print the solution.
    Solve {
        /// Solver threads: 0 (the default) for one per core, 1 for the sequential
        /// solver. A game is solved in parallel; contest test cases in parallel.
        #[arg(long, default_value_t = 0, global = true)]
        threads: usize,
        /// Solve with another solver: a reference, or a mutant of the kill table
        /// (`retrocheck mutants --list`), which makes any mutant a program for `stress`.
        #[arg(long, default_value = "retrograde", global = true)]
        solver: String,
        #[command(subcommand)]
        what: SolveWhat,
    },
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
    Stress {
        #[command(subcommand)]
        what: StressWhat,
    },
    /// Draw a small game and its solution (Graphviz DOT, or SVG).
    Show(cli::show::Args),
    /// The kill table: deliberately wrong solvers against every entry point.
    Mutants(cli::mutants::Args),
    /// Seed the fuzz targets' corpora (fuzz/corpus/<target>/) from the text corpus.
    FuzzSeeds(cli::fuzz_seeds::Args),
    /// Write a random game or contest input (deterministic from the seed).
    Generate {
        #[command(subcommand)]
        what: GenerateWhat,
    },
}

#[derive(Subcommand)]
enum SolveWhat {
    /// A `.game` file: prints `<id> <outcome> <remoteness> <move>` per position.
    Game {
        /// The file, or `-` for standard input.
        #[arg(default_value = "-")]
        file: PathBuf,
    },
    /// A `pursuit` contest input: prints `Case #k: Yes|No` per test case.
    Pursuit {
        /// The file, or `-` for standard input.
        #[arg(default_value = "-")]
        file: PathBuf,
    },
    /// A `minigame` contest input: prints one line of A/B/D per test case.
    Minigame {
        /// The file, or `-` for standard input.
        #[arg(default_value = "-")]
        file: PathBuf,
    },
    /// A `berzerk` input (Codeforces 786A): prints two lines of Win/Lose/Loop.
    Berzerk {
        /// The file, or `-` for standard input.
        #[arg(default_value = "-")]
        file: PathBuf,
    },
    /// A `shiritori` input (AtCoder ABC209 E): prints Takahashi/Aoki/Draw per word.
    Shiritori {
        /// The file, or `-` for standard input.
        #[arg(default_value = "-")]
        file: PathBuf,
    },
    /// A `catmouse` input (LeetCode 913, T boards): prints 1, 2 or 0 per test case.
    Catmouse {
        /// The file, or `-` for standard input.
        #[arg(default_value = "-")]
        file: PathBuf,
    },
}

#[derive(Subcommand)]
enum StressWhat {
    /// A program for `pursuit`.
    Pursuit(cli::stress::Args),
    /// A program for `minigame`.
    Minigame(cli::stress::Args),
    /// A program for `berzerk`.
    Berzerk(cli::stress::Args),
    /// A program for `shiritori`.
    Shiritori(cli::stress::Args),
    /// A program for `catmouse`.
    Catmouse(cli::stress::Args),
    /// A program that reads a `.game` file and prints the solution format.
    Game(cli::stress::Args),
}

#[derive(Subcommand)]
enum GenerateWhat {
    /// A `.game` file from one of the generator families.
    Game {
        #[arg(long, default_value = "swarm")]
        family: String,
        #[arg(long, default_value_t = 20)]
        positions: usize,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[command(flatten)]
        indexed: cli::generate::Indexed,
    },
    /// A `pursuit` contest input.
    Pursuit(InstanceArgs),
    /// A `minigame` contest input.
    Minigame(InstanceArgs),
}

#[derive(clap::Args)]
struct InstanceArgs {
    /// Test cases.
    #[arg(long, default_value_t = 1)]
    cases: usize,
    /// Vertices per test case.
    #[arg(long, required_unless_present = "index", conflicts_with = "index")]
    vertices: Option<u32>,
    /// Edges per test case (distinct, and no self-loops for pursuit, unless --relax).
    #[arg(long, required_unless_present = "index", conflicts_with = "index")]
    edges: Option<u64>,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Outside the official limits: self-loops, duplicate edges, x = y.
    #[arg(long, conflicts_with = "index")]
    relax: bool,
    #[command(flatten)]
    indexed: cli::generate::Indexed,
}

fn run(command: Command) -> cli::Status {
    match command {
        Command::Solve {
            threads,
            solver,
            what,
        } => match what {
            SolveWhat::Game { file } => cli::solve::game(&file, &solver, threads),
            SolveWhat::Pursuit { file } => cli::solve::problem(Problem::Pursuit, &file, &solver, threads),
            SolveWhat::Minigame { file } => cli::solve::problem(Problem::Minigame, &file, &solver, threads),
            SolveWhat::Berzerk { file } => cli::solve::problem(Problem::Berzerk, &file, &solver, threads),
            SolveWhat::Shiritori { file } => cli::solve::problem(Problem::Shiritori, &file, &solver, threads),
            SolveWhat::Catmouse { file } => cli::solve::problem(Problem::Catmouse, &file, &solver, threads),
        },
        Command::Diff(args) => cli::diff::run(args),
        Command::Merge(args) => cli::merge::run(args),
        Command::Shrink(args) => cli::shrink::run(args),
        Command::Replay { paths } => cli::replay::run(paths),
        Command::Show(args) => cli::show::run(args),
        Command::Stress { what } => match what {
            StressWhat::Pursuit(args) => cli::stress::run(cli::stress::problem(Problem::Pursuit), args),
            StressWhat::Minigame(args) => cli::stress::run(cli::stress::problem(Problem::Minigame), args),
            StressWhat::Berzerk(args) => cli::stress::run(cli::stress::problem(Problem::Berzerk), args),
            StressWhat::Shiritori(args) => cli::stress::run(cli::stress::problem(Problem::Shiritori), args),
            StressWhat::Catmouse(args) => cli::stress::run(cli::stress::problem(Problem::Catmouse), args),
            StressWhat::Game(args) => cli::stress::run(retrocheck::stress::Target::Game, args),
        },
        Command::FuzzSeeds(args) => cli::fuzz_seeds::run(args),
        Command::Mutants(args) => cli::mutants::run(args),
        Command::Generate { what } => match what {
            GenerateWhat::Game {
                family,
                positions,
                seed,
                indexed,
            } => match indexed.index {
                Some(_) => cli::generate::indexed(retrocheck::stress::Target::Game, seed, &indexed),
                None => cli::generate::game(&family, positions, seed),
            },
            GenerateWhat::Pursuit(a) => instances(Problem::Pursuit, a),
            GenerateWhat::Minigame(a) => instances(Problem::Minigame, a),
        },
    }
}

/// `generate pursuit|minigame`: by size, or a `stress` input by its seed and index.
fn instances(problem: Problem, a: InstanceArgs) -> cli::Status {
    match (a.indexed.index, a.vertices, a.edges) {
        (None, Some(vertices), Some(edges)) => {
            cli::generate::instances(problem, a.cases, vertices, edges, a.seed, a.relax)
        }
        _ => cli::generate::indexed(cli::stress::problem(problem), a.seed, &a.indexed),
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
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Exit::Found(e)) => {
            eprintln!("retrocheck: {e:#}");
            ExitCode::from(1)
        }
        Err(Exit::BadInput(e)) => {
            eprintln!("retrocheck: {e:#}");
            ExitCode::from(2)
        }
    }
}
