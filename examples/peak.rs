//! Peak memory of solving one random game of `n` positions and `m` moves (about m/n
//! per position), built directly in CSR form so that generation adds only the game:
//! `cargo run --release --example peak -- 10000000 50000000 [threads]`, under
//! `/usr/bin/time -v`.
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use retrocheck::{Game, Side};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().unwrap());
    let n = args.next().unwrap_or(10_000_000);
    let m = args.next().unwrap_or(50_000_000);
    let threads = args.next();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut offsets = Vec::with_capacity(n + 1);
    let mut targets = Vec::with_capacity(m);
    offsets.push(0u32);
    let mean = (m / n.max(1)) as u32;
    for p in 0..n {
        // 0 to 2·mean moves, and the last position makes the total exactly m.
        let degree = if p + 1 == n {
            m.saturating_sub(targets.len())
        } else {
            (rng.gen_range(0..=2 * mean) as usize).min(m - targets.len())
        };
        for _ in 0..degree {
            targets.push(rng.gen_range(0..n as u32));
        }
        offsets.push(targets.len() as u32);
    }
    let movers = (0..n)
        .map(|_| if rng.gen() { Side::A } else { Side::B })
        .collect();
    let game = Game::from_csr(movers, vec![None; n], offsets, targets, None).unwrap();
    let start = std::time::Instant::now();
    let solution = match threads {
        None => retrocheck::solve::retrograde::solve(&game),
        Some(t) => retrocheck::solve::retrograde::solve_with_threads(&game, t),
    };
    let draws = solution
        .values
        .iter()
        .filter(|v| v.remoteness().is_none())
        .count();
    eprintln!(
        "{} positions, {} moves, {} draws, solved in {:?}",
        game.positions(),
        game.move_count(),
        draws,
        start.elapsed()
    );
}
