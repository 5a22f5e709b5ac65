//! `retrocheck generate`: random games and contest inputs, deterministic from a seed
//! (the benchmark inputs are made this way).

use super::{Exit, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use retrocheck::generate::{self, Case};
use retrocheck::problems::{Instance, Problem};
use retrocheck::stress::{input_at, Program, Settings, Target};

/// Which `stress` input to write again: the one a failure names by its seed and index,
/// with the generation flags of that run.
#[derive(clap::Args)]
pub struct Indexed {
    /// Write input number INDEX of `retrocheck stress` with this --seed, byte for byte
    /// the input stress fed the program (give the same --max-size, --edge-cases and
    /// --beyond-limits as the stress run; stress prints the whole command).
    #[arg(long)]
    pub index: Option<u64>,
    /// As for `stress`: the largest test case, capped at the official limit unless
    /// --beyond-limits.
    #[arg(long, default_value_t = 10, requires = "index")]
    pub max_size: u32,
    /// As for `stress`.
    #[arg(long, requires = "index")]
    pub edge_cases: bool,
    /// As for `stress`.
    #[arg(long, requires = "index")]
    pub beyond_limits: bool,
}

/// Writes the input `stress` generated as number `indexed.index` of the campaign with
/// this seed: the same settings give the same bytes.
pub fn indexed(target: Target, seed: u64, indexed: &Indexed) -> Status {
    if indexed.max_size == 0 {
        return Err(Exit::bad("--max-size must be at least 1"));
    }
    let settings = Settings {
        target,
        // Generation never runs a program.
        program: Program::new("", std::time::Duration::from_secs(1)),
        reference: None,
        exact: false,
        edge_cases: indexed.edge_cases,
        beyond_limits: indexed.beyond_limits,
        seed,
        max_size: indexed.max_size,
    };
    out!("{}", input_at(&settings, indexed.index.unwrap_or(0)).text());
    Ok(())
}

pub fn game(family: &str, positions: usize, seed: u64) -> Status {
    let family = super::diff::family(family)?;
    if positions == 0 {
        return Err(Exit::bad("--positions must be at least 1"));
    }
    retrocheck::limits::check_cases(positions as u64, 8, 1)
        .map_err(|e| Exit::bad(format!("--positions {positions}: {e}")))?;
    let text = match generate::case(family, seed, positions) {
        Case::Game(game) => retrocheck::format::print_game(&game),
        Case::Instance(instance) => instance.to_input(),
    };
    out!("{text}");
    Ok(())
}

pub fn instances(
    problem: Problem,
    cases: usize,
    vertices: u32,
    edges: u64,
    seed: u64,
    relax: bool,
) -> Status {
    if vertices == 0 {
        return Err(Exit::bad("--vertices must be at least 1"));
    }
    // Each edge is two numbers of up to ten digits in the output, and a pair in memory.
    let bytes = edges.saturating_mul(30).saturating_mul(cases as u64);
    let ceiling = retrocheck::limits::memory_ceiling();
    if bytes > ceiling {
        return Err(Exit::bad(format!(
            "--edges {edges} × --cases {cases} would need about {} MiB, more than the {} MiB this machine allows",
            bytes >> 20,
            ceiling >> 20
        )));
    }
    // Within the official limits edges are distinct (and pursuit has no self-loops):
    // say so when that caps the count asked for, rather than clamp silently.
    if !relax {
        let (n, loops) = (u64::from(vertices), problem == Problem::Pursuit);
        let n = if loops { n.max(2) } else { n };
        let most = n * n - if loops { n } else { 0 };
        if edges > most {
            eprintln!(
                "retrocheck: warning: with {} at most {} fit within the official limits; generating {most} (use --relax for repeated edges)",
                retrocheck::text::count(n as usize, "vertex"),
                retrocheck::text::count(most as usize, "distinct edge"),
            );
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let instances: Vec<Instance> = (0..cases)
        .map(|_| match problem {
            Problem::Pursuit => {
                Instance::Pursuit(generate::pursuit_instance_with(&mut rng, vertices, edges, !relax))
            }
            Problem::Minigame => Instance::Minigame(generate::minigame_instance_with(
                &mut rng, vertices, edges, !relax,
            )),
            // Sized by --vertices alone (objects, words, nodes); --edges is not used.
            Problem::Berzerk => Instance::Berzerk(generate::berzerk_instance(&mut rng, vertices, !relax)),
            Problem::Shiritori => {
                Instance::Shiritori(generate::shiritori_instance(&mut rng, vertices, !relax))
            }
            Problem::Catmouse => Instance::Catmouse(generate::catmouse_instance(&mut rng, vertices, !relax)),
        })
        .collect();
    out!("{}", problem.print(&instances));
    Ok(())
}
