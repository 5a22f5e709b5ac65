//! The parallel solver gives exactly the sequential result — values and chosen moves —
//! for every thread count, on every generator family and on edge cases.
//!
//! The reference is the queue solver over a [`Indexed`] game (the pre-parallel code
//! path, FIFO order) with the chosen moves recomputed by [`Solution::from_values`], so
//! a bug shared by the level-synchronous loops on one and several threads still shows.

use retrocheck::harness::generate::{case, Family};
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
        let got = parallel::with_pool(threads, || {
            parallel::solution(game, &parallel::cells(game, threads), threads)
        });
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

/// Cases large enough for frontiers of several thousand positions (processed by the
/// pool, not on the calling thread) and for the partitioned reverse-index build.
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
