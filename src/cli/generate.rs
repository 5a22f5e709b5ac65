//! `retrocheck generate`: random games and contest inputs, deterministic from a seed
//! (the benchmark inputs are made this way), and any input of a `stress` campaign
//! again, byte for byte.

use super::{Exit, Own, Status, Verb};
use retrocheck::contest::{Contest, Rules};
use retrocheck::internals::case::Case;
use retrocheck::internals::generate;
use retrocheck::internals::stress::{input_at, Program, Settings, Target};
use retrocheck::Game;

#[derive(clap::Args)]
pub struct Args {
    /// `game`, or a contest problem.
    #[arg(value_parser = crate::what())]
    pub what: String,
    /// The seed: the same seed (and settings) gives the same bytes.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Write input number INDEX of `retrocheck stress` with this --seed, byte for byte
    /// the input stress fed the program (give the same --max-size, --edge-cases and
    /// --beyond-limits as the stress run; stress prints the whole command).
    #[arg(long)]
    pub index: Option<u64>,
    /// As for `stress`: the largest test case, capped at the official limit unless
    /// --beyond-limits (default: stress's for this problem).
    #[arg(long, requires = "index")]
    pub max_size: Option<u32>,
    /// As for `stress`: also the inputs the rules allow but contests rarely test
    /// (duplicate edges, self-loops, x = y, m = 0 …).
    #[arg(long)]
    pub edge_cases: bool,
    /// As for `stress`: sizes beyond the official limits.
    #[arg(long)]
    pub beyond_limits: bool,
    /// The size of each test case, in the problem's unit (vertices, objects, words,
    /// nodes; positions for a game). Default: 20 positions for a game.
    #[arg(
        long,
        visible_alias = "vertices",
        visible_alias = "positions",
        conflicts_with = "index"
    )]
    pub size: Option<u64>,
    /// Edges per test case, for problems on a graph given by its edges (pursuit,
    /// minigame): distinct, and no self-loops for pursuit, unless --edge-cases.
    #[arg(long, conflicts_with = "index")]
    pub edges: Option<u64>,
    /// Test cases (for problems whose input holds several).
    #[arg(long, default_value_t = 1, conflicts_with = "index")]
    pub cases: usize,
    /// For a game: the generator family.
    #[arg(long, default_value = "swarm", conflicts_with = "index")]
    pub family: String,
    /// Deprecated: --edge-cases and --beyond-limits together (its old meaning), as
    /// for `stress`.
    #[arg(long)]
    pub relax: bool,
}

pub fn run(args: Args, own: &Own) -> Status {
    if args.relax {
        say!("retrocheck: warning: --relax is deprecated: it means --edge-cases --beyond-limits");
    }
    if let Some(problem) = own.find(&args.what) {
        return problem.run(Verb::Generate(args));
    }
    super::per_target(&args.what.clone(), args)
}

impl Args {
    /// The rules asked for: `--edge-cases`, `--beyond-limits`, or `--relax` (both).
    fn rules(&self) -> Rules {
        Rules {
            edge_cases: self.edge_cases || self.relax,
            beyond_limits: self.beyond_limits || self.relax,
        }
    }
}

impl super::PerTarget for Args {
    fn game(self) -> Status {
        match self.index {
            Some(_) => indexed::<Game>(&self),
            None => game(&self),
        }
    }

    fn problem<T: Contest>(self) -> Status {
        match self.index {
            Some(_) => indexed::<T>(&self),
            None => instances::<T>(&self),
        }
    }
}

/// Writes the input `stress` generated as number `--index` of the campaign with this
/// seed: the same settings give the same bytes.
fn indexed<T: Target>(args: &Args) -> Status {
    let max_size = args.max_size.unwrap_or(T::DEFAULT_MAX_SIZE);
    if max_size == 0 {
        return Err(Exit::bad("--max-size must be at least 1"));
    }
    let settings = Settings {
        // Generation never runs a program.
        program: Program::new("", std::time::Duration::from_secs(1)),
        reference: None,
        exact: false,
        rules: args.rules(),
        seed: args.seed,
        max_size,
    };
    // The sizes stress would refuse cannot be written either.
    super::check_size::<T>(&settings, 1)?;
    out!("{}", input_at::<T>(&settings, args.index.unwrap_or(0)).text());
    Ok(())
}

fn game(args: &Args) -> Status {
    let family = super::family(&args.family)?;
    let positions = args.size.unwrap_or(20) as usize;
    if positions == 0 {
        return Err(Exit::bad("--size must be at least 1"));
    }
    retrocheck::internals::sizes::check_cases(positions as u64, 8, 1)
        .map_err(|e| Exit::bad(format!("--size {positions}: {e}")))?;
    let text = match generate::case(family, args.seed, positions) {
        Case::Game(game) => retrocheck::format::print_game(&game),
        Case::Instance(instance) => instance.to_input(),
    };
    out!("{text}");
    Ok(())
}

fn instances<T: Contest>(args: &Args) -> Status {
    let Some(size) = args.size else {
        return Err(Exit::bad(format!(
            "give --size (the {} of a test case), or --index to write a stress input",
            T::UNIT
        )));
    };
    if size == 0 {
        return Err(Exit::bad("--size must be at least 1"));
    }
    let n = u32::try_from(size).map_err(|_| {
        Exit::bad(format!(
            "--size {size}: more {} than a test case can have ({})",
            T::UNIT,
            u32::MAX
        ))
    })?;
    if args.cases != 1 && !T::COUNTED {
        return Err(Exit::bad(format!(
            "a {} input holds exactly one test case: --cases must be 1",
            T::NAME
        )));
    }
    let edges = args.edges.unwrap_or(0);
    // Each edge is two numbers of up to ten digits in the output, and a pair in memory;
    // the other problems' test cases are about as large as their product game.
    let (positions, moves) = T::largest_product(u64::from(n));
    let bytes = edges
        .saturating_mul(30)
        .saturating_add(positions.saturating_mul(moves))
        .saturating_mul(args.cases as u64);
    let ceiling = retrocheck::internals::sizes::memory_ceiling();
    if bytes > ceiling {
        // Only the options given are named: `--edges` means nothing to most problems.
        let edges = args.edges.map_or(String::new(), |e| format!(" --edges {e}"));
        return Err(Exit::bad(format!(
            "--size {n}{edges} × --cases {} would need about {} MiB, more than the {} MiB this machine allows",
            args.cases,
            bytes >> 20,
            ceiling >> 20
        )));
    }
    if let Some(edges) = args.edges {
        // Within the official limits edges are distinct (and pursuit has no
        // self-loops): say so when that caps the count asked for, rather than clamp
        // silently.
        let most = T::max_edges(n, !args.rules().edge_cases);
        if edges > most {
            say!(
                "retrocheck: warning: with {n} {} at most {most} distinct edges fit within the official limits; generating {most} (use --edge-cases for repeated edges)",
                T::UNIT
            );
        }
    }
    let mut rng = retrocheck::internals::seed::rng(args.seed);
    let mut cases = Vec::with_capacity(args.cases);
    for _ in 0..args.cases {
        cases.push(match args.edges {
            None => <T as Contest>::generate(&mut rng, n, args.rules()),
            Some(edges) => {
                T::generate_with_edges(&mut rng, n, edges, !args.rules().edge_cases).ok_or_else(|| {
                    Exit::bad(format!(
                        "--edges: a {} test case is sized by its {} alone",
                        T::NAME,
                        T::UNIT
                    ))
                })?
            }
        });
    }
    out!("{}", T::input(&cases));
    Ok(())
}
