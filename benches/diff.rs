//! `cargo bench --bench diff`: cases per second of the bulk runner on 1 and 2 threads,
//! on small games (at most 12 positions: retrograde, minimax, fixpoint and certify) and
//! on medium games (1,000 positions: retrograde, fixpoint and certify), every game
//! family, measured in one run.

use retrocheck::internals::generate::Family;
use retrocheck::internals::oracles::Oracles;
use retrocheck::internals::run::bulk;
use retrocheck::internals::run::phase::Phase;
use retrocheck::internals::run::shard::Shard;
use retrocheck::solve::Retrograde;
use std::time::Instant;

fn rate(phase: &Phase, threads: usize) -> f64 {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let start = Instant::now();
    let summary = pool.install(|| bulk::run_phase(phase, &Retrograde, &|_| {}));
    assert!(summary.failure.is_none());
    summary.cases as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    // The seeded game families: the contest ones build product games from instances.
    let families: Vec<Family> = Family::SEEDED
        .iter()
        .copied()
        .filter(|f| !f.is_contest())
        .collect();
    let base = Phase {
        families,
        cases: 0,
        time_limit: None,
        seed: 1,
        min_positions: 1,
        max_positions: 12,
        shard: Shard::WHOLE,
        oracles: Oracles::default(),
    };
    let small = Phase {
        cases: 200_000,
        min_positions: 1,
        max_positions: 12,
        ..base.clone()
    };
    let medium = Phase {
        cases: 2_000,
        min_positions: 1000,
        max_positions: 1000,
        oracles: Oracles {
            minimax_max: 0,
            ..Oracles::default()
        },
        ..base
    };
    println!("| games | 1 thread (cases/s) | 2 threads (cases/s) | speed-up |");
    println!("|---|---:|---:|---:|");
    for (label, phase) in [
        ("small (≤ 12 positions, all oracles)", &small),
        ("medium (1,000 positions, fixpoint + certify)", &medium),
    ] {
        let one = rate(phase, 1);
        let two = rate(phase, 2);
        println!("| {label} | {one:.0} | {two:.0} | {:.2}× |", two / one);
    }
}
