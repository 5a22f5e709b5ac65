//! The parallel solver gives exactly the sequential result — values and chosen moves —
//! for every thread count, on every generator family and on edge cases.
//!
//! The reference is the queue solver over a [`Indexed`] game (the pre-parallel code
//! path, FIFO order) with the chosen moves recomputed by [`Solution::from_values`], so
//! a bug shared by the level-synchronous loops on one and several threads still shows.

use crate::support::retrocheck;
use retrocheck::internals::generate::{case, Family};
use retrocheck::solve::parallel;
use retrocheck::solve::retrograde::{self, Indexed};
use retrocheck::{Game, GameBuilder, Outcome, Side, Solution, Value};

fn reference(game: &Game) -> Solution {
    Solution::from_values(game, retrograde::graph_values(&Indexed::new(game)))
}

/// Checks every thread count from 1 to 4 and the default single-thread entry points;
/// the level-synchronous solver also directly, since the entry points hand games that
/// fit in the cache to the queue solver.
fn check(game: &Game, what: &str) {
    let want = reference(game);
    for threads in 1..=4 {
        let got = parallel::with_pool(threads, || parallel::solve(game, threads));
        if let Some(d) = got.compare(&want) {
            panic!("level-synchronous on {threads} threads, {what}: {d}");
        }
    }
    let got = retrograde::solve(game);
    assert_eq!(got.compare(&want), None, "solve, {what}: {game:?}");
    assert_eq!(retrograde::values(game), want.values, "values, {what}");
    for threads in 1..=4 {
        let got = retrograde::solve_with_threads(game, threads);
        if let Some(d) = got.compare(&want) {
            panic!("{threads} threads, {what}: {d}");
        }
        assert_eq!(
            retrograde::values_with_threads(game, threads),
            want.values,
            "values on {threads} threads, {what}"
        );
    }
}

fn game_of(family: Family, seed: u64, size: usize) -> Game {
    case(family, seed, size).game().expect("generated cases build")
}

/// Small and medium cases of every family (contest families as product games).
#[test]
fn every_family_agrees_on_every_thread_count() {
    for &family in &Family::ALL {
        if family == Family::Large {
            continue;
        }
        for seed in 0..12u64 {
            let size = 1 + seed as usize * 53;
            check(
                &game_of(family, seed, size),
                &format!("{family:?} seed {seed} size {size}"),
            );
        }
    }
}

/// Cases large enough for frontiers of several thousand positions, for the prefetching
/// loops and for the partitioned reverse-index build (propagation on the pool, from
/// 2^22 positions, is checked in the core crate's `parallel_solver_equals_value_iteration_on_every_thread_count`).
#[test]
fn large_cases_agree_on_every_thread_count() {
    for &family in &[
        Family::Uniform,
        Family::Dense,
        Family::Cycles,
        Family::Multi,
        Family::Terminals,
    ] {
        check(&game_of(family, 7, 200_000), &format!("{family:?} at 200000"));
    }
    for seed in 0..2 {
        check(
            &game_of(Family::Large, seed, 300_000),
            &format!("large seed {seed}"),
        );
    }
}

#[test]
fn edge_cases_agree_on_every_thread_count() {
    // No positions at all.
    check(&GameBuilder::new().build().unwrap(), "empty");

    // Self-loops and repeated moves: a position whose only moves are to itself is a
    // draw; one with a repeated move to a loss must count both.
    let mut b = GameBuilder::new();
    b.moves(Side::A, &[0u32, 0]);
    b.moves(Side::B, &[3u32, 1, 3]);
    b.moves(Side::A, &[1u32, 1]);
    b.moves::<u32>(Side::A, &[]);
    let g = b.build().unwrap();
    assert_eq!(retrograde::solve_with_threads(&g, 2).values[0], Value::Draw);
    check(&g, "self-loops");

    // All draws: a large cycle without exits.
    let n = 50_000u32;
    let mut b = GameBuilder::with_capacity(n as usize, n as usize);
    for p in 0..n {
        b.moves(if p % 2 == 0 { Side::A } else { Side::B }, &[(p + 1) % n]);
    }
    let g = b.build().unwrap();
    assert!(retrograde::solve_with_threads(&g, 3)
        .values
        .iter()
        .all(|v| *v == Value::Draw));
    check(&g, "all draws");

    // A long chain: remoteness up to n − 1, one position per frontier.
    let n = 100_000u32;
    let mut b = GameBuilder::with_capacity(n as usize, n as usize);
    for p in 0..n {
        if p + 1 < n {
            b.moves(Side::B, &[p + 1]);
        } else {
            b.terminal(Side::A, Outcome::Win(Side::A));
        }
    }
    let g = b.build().unwrap();
    assert_eq!(
        retrograde::solve_with_threads(&g, 2).values[0],
        Value::win(Side::A, n - 1)
    );
    check(&g, "long chain");

    // Explicit terminal labels, a terminal draw and a draw convention.
    let mut b = GameBuilder::new();
    b.moves(Side::A, &[1u32, 2, 3]);
    b.terminal(Side::A, Outcome::Win(Side::B));
    b.terminal(Side::B, Outcome::Draw);
    b.moves(Side::B, &[0u32, 4]);
    b.terminal(Side::B, Outcome::Win(Side::A));
    check(&b.build().unwrap(), "labels");
}

/// `retrocheck solve --threads N` prints the same solution for every N.
#[test]
fn cli_threads_flag_prints_the_same_solution() {
    let game = game_of(Family::Large, 3, 300_000);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("large.game");
    std::fs::write(&file, retrocheck::format::print_game(&game)).unwrap();
    let run = |threads: &str| {
        let flag: &[&str] = if threads == "default" {
            &[]
        } else {
            &["--threads", threads]
        };
        let out = retrocheck()
            .args(["solve", "game"])
            .args(flag)
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    };
    let want = reference(&game).to_text(&game).into_bytes();
    for threads in ["1", "2", "default"] {
        assert!(run(threads) == want, "--threads {threads} differs");
    }
}

/// The pursuit fast path (the chaser's win set, word-parallel) answers every instance
/// as the generic solver does on the implicit product: dense and sparse graphs (both
/// update paths), stuck vertices, and — off the official limits — self-loops and
/// repeated edges, which must count as repeated moves.
#[test]
fn pursuit_fast_path_matches_the_generic_solver() {
    use rand::SeedableRng;
    use retrocheck::internals::builtin::pursuit::instance_with as pursuit_instance_with;
    use retrocheck::problems::Instance;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
    let mut answers = std::collections::HashSet::new();
    for round in 0..400u64 {
        let n = 1 + (round % 40) as u32;
        let m = [
            n as u64 / 2,
            n as u64,
            2 * n as u64,
            (n * n) as u64 / 3,
            (n * n) as u64,
        ][round as usize % 5];
        let official = round % 2 == 0;
        let p = pursuit_instance_with(&mut rng, n, m, official);
        let instance = Instance::Pursuit(p.clone());
        let outcomes = instance.implicit_outcomes().unwrap();
        // The whole win set, not only the start position's answer.
        let mut by_source = p.edges.clone();
        by_source.sort_by_key(|&(from, _)| from);
        let mut forward = vec![0u32; n as usize + 1];
        for &(from, _) in &by_source {
            forward[from as usize + 1] += 1;
        }
        for v in 0..n as usize {
            forward[v + 1] += forward[v];
        }
        let targets: Vec<u32> = by_source.iter().map(|&(_, to)| to).collect();
        let out_degree: Vec<u32> = forward.windows(2).map(|w| w[1] - w[0]).collect();
        let reverse = retrograde::Reverse::from_csr(n as usize, &forward, &targets);
        let lost = retrocheck::solve::chase::runner_loses(
            n as usize,
            &out_degree,
            &reverse.offsets,
            &reverse.sources,
        )
        .expect("small graphs take the fast path");
        for bob in 0..n {
            for alice in 0..n {
                let truth = outcomes[p.position(true, bob, alice) as usize] == Outcome::Win(Side::A);
                assert_eq!(
                    lost[(bob * n + alice) as usize],
                    truth,
                    "bob {bob}, alice {alice}: {}",
                    instance.to_input()
                );
            }
        }
        let want = instance.answer(1, &outcomes);
        assert_eq!(instance.answer_line(1).unwrap(), want, "{}", instance.to_input());
        answers.insert(want);
    }
    assert_eq!(answers.len(), 2, "both answers occur: {answers:?}");
}
