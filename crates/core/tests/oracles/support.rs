//! The shared helpers of the oracles: random games, parsing, the corpus, the answer of
//! every route to a contest instance, and product-graph and input-error checks.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use retrocheck_core::format::parse_game;
use retrocheck_core::problems::{Instance, Problem};
use retrocheck_core::solve::retrograde::Graph;
use retrocheck_core::solve::{Fixpoint, Retrograde};
use retrocheck_core::{Game, GameBuilder, Outcome, Side, Solution, Solver};
use std::path::PathBuf;

pub fn side(rng: &mut ChaCha8Rng) -> Side {
    if rng.gen_bool(0.5) {
        Side::A
    } else {
        Side::B
    }
}

/// A random game of one of several shapes; `shape` picks it.
pub fn random_game(rng: &mut ChaCha8Rng, shape: u32) -> Game {
    let draw = match rng.gen_range(0..3) {
        0 => None,
        1 => Some(Side::A),
        _ => Some(Side::B),
    };
    let label = |rng: &mut ChaCha8Rng| match rng.gen_range(0..if draw.is_some() { 2 } else { 3 }) {
        0 => Outcome::Win(Side::A),
        1 => Outcome::Win(Side::B),
        _ => Outcome::Draw,
    };
    let mut b = GameBuilder::new();
    match shape {
        // General: small, dense, self-loops and repeated moves by chance.
        0 => {
            let n = rng.gen_range(1..=9u32);
            for _ in 0..n {
                let mover = side(rng);
                match rng.gen_range(0..10) {
                    0 => {
                        let l = label(rng);
                        b.terminal(mover, l);
                    }
                    1 => {
                        b.moves::<u32>(mover, &[]);
                    }
                    _ => {
                        let k = rng.gen_range(1..=4);
                        let moves: Vec<u32> = (0..k).map(|_| rng.gen_range(0..n)).collect();
                        b.moves(mover, &moves);
                    }
                }
            }
        }
        // A position with many moves, repeats included.
        1 => {
            let n = rng.gen_range(2..=8u32);
            let big = rng.gen_range(0..n);
            for p in 0..n {
                let mover = side(rng);
                if p == big {
                    let k = rng.gen_range(12..=24);
                    let moves: Vec<u32> = (0..k).map(|_| rng.gen_range(0..n)).collect();
                    b.moves(mover, &moves);
                } else if rng.gen_range(0..4) == 0 {
                    let l = label(rng);
                    b.terminal(mover, l);
                } else {
                    let k = rng.gen_range(0..=2);
                    let moves: Vec<u32> = (0..k).map(|_| rng.gen_range(0..n)).collect();
                    b.moves(mover, &moves);
                }
            }
        }
        // A long chain with a few back edges and side exits: large remoteness.
        2 => {
            let n = rng.gen_range(8..=40u32);
            for p in 0..n {
                let mover = side(rng);
                if p + 1 == n {
                    if rng.gen_bool(0.5) {
                        let l = label(rng);
                        b.terminal(mover, l);
                    } else {
                        b.moves::<u32>(mover, &[]);
                    }
                    continue;
                }
                let mut moves = vec![p + 1];
                if rng.gen_range(0..4) == 0 {
                    moves.push(rng.gen_range(0..=p));
                }
                if rng.gen_range(0..5) == 0 {
                    moves.push(rng.gen_range(p..n));
                }
                moves.shuffle(rng);
                b.moves(mover, &moves);
            }
        }
        // Cycles: a ring with chords and a few exits to stuck positions.
        _ => {
            let n = rng.gen_range(2..=12u32);
            let stuck = n;
            for p in 0..n {
                let mover = side(rng);
                let mut moves = vec![(p + 1) % n];
                if rng.gen_range(0..3) == 0 {
                    moves.push(rng.gen_range(0..n));
                }
                if rng.gen_range(0..3) == 0 {
                    moves.push(stuck + rng.gen_range(0..2));
                }
                moves.shuffle(rng);
                b.moves(mover, &moves);
            }
            b.moves::<u32>(Side::A, &[]);
            let l = label(rng);
            b.terminal(Side::B, l);
        }
    }
    b.draw_credit(draw);
    b.build().expect("generated games are valid")
}

pub fn games(seed: u64, count: usize) -> Vec<Game> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|i| random_game(&mut rng, (i % 4) as u32))
        .collect()
}

pub fn parse(text: &str) -> Game {
    parse_game(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

pub fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

pub fn outcomes(s: &Solution) -> Vec<Outcome> {
    s.values.iter().map(|v| v.outcome()).collect()
}

/// Every route to the answer agrees: the fast path, and each solver on the product game.
pub fn answers(instances: &[Instance]) -> Vec<String> {
    instances
        .iter()
        .enumerate()
        .map(|(i, inst)| {
            let k = i + 1;
            let fast = inst.answer_line(k).unwrap();
            let g = inst.game().unwrap();
            let s = Retrograde.solve(&g).unwrap();
            assert_eq!(inst.answer(k, &outcomes(&s)), fast, "{inst:?}");
            assert_eq!(inst.implicit_outcomes().unwrap(), outcomes(&s), "{inst:?}");
            if g.positions() <= 400 {
                assert_eq!(Fixpoint::default().solve(&g).unwrap(), s);
            }
            fast
        })
        .collect()
}

pub fn max_out_degree(n: u32, edges: &[(u32, u32)]) -> u32 {
    let mut d = vec![0u32; n as usize];
    for &(from, _) in edges {
        d[from as usize] += 1;
    }
    d.into_iter().max().unwrap_or(0)
}

/// The implicit product game describes the same graph as the materialized one.
pub fn same_graph<G: Graph>(implicit: &G, g: &Game, contest_degree: u32) {
    assert_eq!(implicit.positions(), g.positions());
    assert_eq!(implicit.move_count(), g.move_count());
    let max = g.ids().map(|p| g.moves(p).len() as u32).max().unwrap_or(0);
    assert!(implicit.max_degree() >= max);
    assert_eq!(implicit.max_degree(), contest_degree);
    let mut reverse = vec![Vec::new(); g.positions()];
    for p in g.ids() {
        let (mover, terminal, degree) = implicit.position(p);
        assert_eq!(
            (mover, terminal, degree as usize),
            (g.mover(p), g.terminal(p), g.moves(p).len()),
            "{p}"
        );
        for &q in g.moves(p) {
            reverse[q as usize].push(p);
        }
    }
    for q in g.ids() {
        let pred = implicit.predecessors(q);
        let mut got: Vec<u32> = pred
            .sources
            .iter()
            .filter(|&&x| x != pred.skip)
            .map(|&x| x.wrapping_mul(pred.scale).wrapping_add(pred.offset))
            .collect();
        got.sort_unstable();
        reverse[q as usize].sort_unstable();
        assert_eq!(got, reverse[q as usize], "predecessors of {q}");
    }
}

pub fn input_error(problem: Problem, input: &[u8]) -> (usize, Option<usize>, String) {
    let e = problem.parse_bytes(input).expect_err("malformed input");
    let shown = e.to_string();
    match e.case {
        Some(c) => assert_eq!(shown, format!("line {} (test case {c}): {}", e.line, e.message)),
        None => assert_eq!(shown, format!("line {}: {}", e.line, e.message)),
    }
    (e.line, e.case, e.message)
}
