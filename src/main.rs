//! The `retrocheck` command line.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use retrocheck::format::parse_game;
use retrocheck::problems::Problem;
use retrocheck::solve::retrograde;
use std::io::{Read, Write};
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
        #[command(subcommand)]
        what: SolveWhat,
    },
    /// Write a random game or contest input (deterministic from the seed).
    Generate {
        #[command(subcommand)]
        what: GenerateWhat,
    },
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
    #[arg(long)]
    vertices: u32,
    /// Edges per test case (distinct, no self-loops for pursuit, unless --relax).
    #[arg(long)]
    edges: u64,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Allow self-loops, duplicate edges and x = y (pursuit).
    #[arg(long)]
    relax: bool,
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
}

/// Exit statuses: 0 success, 1 a check found a failure, 2 bad usage or bad input.
enum Failure {
    Found(anyhow::Error),
    BadInput(anyhow::Error),
}

fn read_bytes(path: &PathBuf) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("reading standard input")
            .map_err(Failure::BadInput)?;
    } else {
        bytes = std::fs::read(path)
            .with_context(|| format!("reading {}", path.display()))
            .map_err(Failure::BadInput)?;
    }
    Ok(bytes)
}

fn read_input(path: &PathBuf) -> Result<String, Failure> {
    String::from_utf8(read_bytes(path)?)
        .map_err(|e| Failure::BadInput(anyhow::anyhow!("{}: not UTF-8 text: {e}", path.display())))
}

fn solve_problem(problem: Problem, file: &PathBuf) -> Result<(), Failure> {
    let bytes = read_bytes(file)?;
    let bad = |e: String| Failure::BadInput(anyhow::anyhow!("{}: {e}", file.display()));
    let cases = problem.cases(&bytes).map_err(|e| bad(e.to_string()))?;
    // Cases are independent: each is solved on the thread pool while the next is
    // parsed. Answers are printed in order once all are in; a malformed input prints
    // nothing but the error.
    let answers = std::sync::Mutex::new(Vec::new());
    let parsed = rayon::scope(|scope| {
        for (index, case) in cases.enumerate() {
            let instance = case?;
            let answers = &answers;
            scope.spawn(move |_| {
                let line = instance
                    .answer_line(index + 1)
                    .map_err(|e| format!("test case {}: {e}", index + 1));
                answers.lock().expect("no solver panics").push((index, line));
            });
        }
        Ok::<(), retrocheck::problems::InputError>(())
    });
    parsed.map_err(|e| bad(e.to_string()))?;
    let mut answers = answers.into_inner().expect("no solver panics");
    answers.sort_unstable_by_key(|(index, _)| *index);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (_, line) in answers {
        let _ = writeln!(out, "{}", line.map_err(bad)?);
    }
    let _ = out.flush();
    Ok(())
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Solve {
            what: SolveWhat::Game { file },
        } => {
            let text = read_input(&file)?;
            let game = parse_game(&text)
                .with_context(|| format!("{}", file.display()))
                .map_err(Failure::BadInput)?;
            let solution = retrograde::solve(&game);
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(solution.to_text(&game).as_bytes());
            Ok(())
        }
        Command::Generate { what } => generate(what),
        Command::Solve {
            what: SolveWhat::Pursuit { file },
        } => solve_problem(Problem::Pursuit, &file),
        Command::Solve {
            what: SolveWhat::Minigame { file },
        } => solve_problem(Problem::Minigame, &file),
    }
}

fn generate(what: GenerateWhat) -> Result<(), Failure> {
    use rand::SeedableRng;
    use retrocheck::harness::generate::{self, Case, Family};
    use retrocheck::problems::Instance;
    let text = match what {
        GenerateWhat::Game {
            family,
            positions,
            seed,
        } => {
            let family = Family::from_name(&family).ok_or_else(|| {
                let names: Vec<_> = Family::ALL.iter().map(|f| f.name()).collect();
                Failure::BadInput(anyhow::anyhow!(
                    "unknown family '{family}'; the families are {}",
                    names.join(", ")
                ))
            })?;
            match generate::case(family, seed, positions) {
                Case::Game(game) => retrocheck::format::print_game(&game),
                Case::Instance(instance) => instance.to_input(),
            }
        }
        GenerateWhat::Pursuit(args) | GenerateWhat::Minigame(args) if args.vertices == 0 => {
            return Err(Failure::BadInput(anyhow::anyhow!(
                "--vertices must be at least 1"
            )));
        }
        GenerateWhat::Pursuit(a) => {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(a.seed);
            let cases: Vec<Instance> = (0..a.cases)
                .map(|_| {
                    Instance::Pursuit(generate::pursuit_instance_with(
                        &mut rng, a.vertices, a.edges, !a.relax,
                    ))
                })
                .collect();
            Problem::Pursuit.print(&cases)
        }
        GenerateWhat::Minigame(a) => {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(a.seed);
            let cases: Vec<Instance> = (0..a.cases)
                .map(|_| {
                    Instance::Minigame(generate::minigame_instance_with(
                        &mut rng, a.vertices, a.edges, !a.relax,
                    ))
                })
                .collect();
            Problem::Minigame.print(&cases)
        }
    };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Found(e)) => {
            eprintln!("retrocheck: {e:#}");
            ExitCode::from(1)
        }
        Err(Failure::BadInput(e)) => {
            eprintln!("retrocheck: {e:#}");
            ExitCode::from(2)
        }
    }
}
