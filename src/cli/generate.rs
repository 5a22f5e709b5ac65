//! `retrocheck generate`: random games and contest inputs, deterministic from a seed
//! (the benchmark inputs are made this way).

use super::{Exit, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use retrocheck::harness::generate::{self, Case};
use retrocheck::problems::{Instance, Problem};

pub fn game(family: &str, positions: usize, seed: u64) -> Status {
    let family = super::diff::family(family)?;
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
