//! `cargo bench --bench search`: which search for long games finds longer ones — hill
//! climbing with restarts or simulated annealing, from a random test case or from one
//! long by construction — on each problem and on games, at a few sizes, over eight
//! seeds, with the same budget of solving work. Prints, per row, the median and the best
//! remoteness the answer reads (and, for catmouse, how often it passed 2n, the horizon
//! of the common wrong solutions), and the time a search takes.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use retrocheck::contest::Rules;
use retrocheck::internals::search::{lengthen, Method, Searchable};
use retrocheck::internals::stress::Target;
use retrocheck::problems::{berzerk, catmouse, minigame, pursuit, shiritori};
use retrocheck::Game;
use std::time::Instant;

const SEEDS: u64 = 8;

fn methods() -> [(&'static str, Method); 2] {
    [
        ("climb", retrocheck::internals::search::DEFAULT_METHOD),
        ("anneal", Method::Anneal { start: 4.0 }),
    ]
}

/// One row per method and start: (median, best, runs beyond the horizon of the test
/// case found, ms a search). `BENCH_ONLY=catmouse` runs one target's rows.
fn rows<T: Target>(n: u32, budget: u64, horizon: impl Fn(u32) -> u32) {
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only != T::NAME) {
        return;
    }
    for (name, method) in methods() {
        for long in [false, true] {
            let start = Instant::now();
            let found: Vec<(u32, bool)> = (0..SEEDS)
                .map(|seed| {
                    let mut rng = ChaCha8Rng::seed_from_u64(seed);
                    let first = if long {
                        T::long(&mut rng, n, Rules::OFFICIAL)
                    } else {
                        T::generate(&mut rng, n, Rules::OFFICIAL, seed)
                    };
                    let searched = lengthen(&mut rng, first, true, budget, method);
                    assert_eq!(searched.case.length().map(|l| l.0), Some(searched.length));
                    // The horizon of the board found, which may be smaller than n
                    // (catmouse's long boards from 11 nodes are half from its pool).
                    let size = u32::try_from(searched.case.size()).unwrap_or(u32::MAX);
                    (searched.length.answer, searched.length.answer > horizon(size))
                })
                .collect();
            let ms = start.elapsed().as_secs_f64() * 1000.0 / SEEDS as f64;
            let beyond = found.iter().filter(|&&(_, beyond)| beyond).count();
            let mut found: Vec<u32> = found.into_iter().map(|(r, _)| r).collect();
            found.sort_unstable();
            println!(
                "| {} | {n} | {name} | {} | {} | {} | {beyond}/{SEEDS} | {ms:.0} |",
                T::NAME,
                if long { "long" } else { "random" },
                found[found.len() / 2],
                found[found.len() - 1],
            );
        }
    }
}

fn main() {
    let budget: u64 = std::env::var("SEARCH_BUDGET")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(4_000_000);
    println!("budget: {budget} positions and moves solved per search, {SEEDS} seeds a row\n");
    println!("| target | n | method | start | median | best | beyond the horizon | ms a search |");
    println!("|---|---:|---|---|---:|---:|---:|---:|");
    for n in [8, 10, 16, 30, 50] {
        rows::<catmouse::Instance>(n, budget, |n| 2 * n);
    }
    for n in [100, 2_000] {
        rows::<berzerk::Instance>(n, budget, |_| 40);
    }
    for n in [50, 500] {
        rows::<shiritori::Instance>(n, budget, |_| 12);
    }
    for n in [10, 60] {
        rows::<pursuit::Instance>(n, budget, |n| n);
    }
    for n in [20, 200] {
        rows::<minigame::Instance>(n, budget, |n| n);
    }
    for n in [200, 3_000] {
        rows::<Game>(n, budget, |_| 1_000);
    }
}
