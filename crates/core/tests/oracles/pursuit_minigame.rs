//! Pursuit and minigame: the fast paths against the product games, the product games
//! against the statements, the official limits, and the chase's word-parallel win set.

use crate::support::{answers, max_out_degree, outcomes, same_graph, side};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use retrocheck_core::problems::{minigame, pursuit, ContestProblem, Instance, Problem};
use retrocheck_core::solve::{retrograde, Retrograde};
use retrocheck_core::{problems, Outcome, Side, Solver};

fn random_pursuit(rng: &mut ChaCha8Rng) -> pursuit::Instance {
    let n = rng.gen_range(1..=6u32);
    let m = rng.gen_range(0..=2 * n as usize + 2);
    pursuit::Instance {
        n,
        edges: (0..m)
            .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n)))
            .collect(),
        bob: rng.gen_range(0..n),
        alice: rng.gen_range(0..n),
    }
}

fn random_minigame(rng: &mut ChaCha8Rng) -> minigame::Instance {
    let n = rng.gen_range(1..=7u32);
    let m = rng.gen_range(0..=2 * n as usize + 1);
    minigame::Instance {
        n,
        arcs: (0..m)
            .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n)))
            .collect(),
        order: std::array::from_fn(|_| side(rng)),
        actors: std::array::from_fn(|_| rng.gen_bool(0.3)),
    }
}

#[test]
fn random_instances_fast_path_equals_product_game() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut verdicts = std::collections::HashMap::new();
    for _ in 0..150 {
        let p = random_pursuit(&mut rng);
        let g = p.game().unwrap();
        assert_eq!(g.positions(), 2 * (p.n * p.n) as usize);
        assert_eq!(g.draw_credit(), Some(Side::B));
        same_graph(&p.implicit().unwrap(), &g, max_out_degree(p.n, &p.edges));
        let inst = Instance::Pursuit(p.clone());
        let line = answers(std::slice::from_ref(&inst)).remove(0);
        *verdicts.entry(line.clone()).or_insert(0) += 1;
        // With the draw convention applied the answer is the same.
        let s = Retrograde.solve(&g).unwrap();
        let credited: Vec<Outcome> = outcomes(&s)
            .into_iter()
            .map(|o| {
                if o == Outcome::Draw {
                    Outcome::Win(Side::B)
                } else {
                    o
                }
            })
            .collect();
        assert_eq!(inst.answer(1, &credited), line);
        assert_eq!(inst.answer(7, &outcomes(&s)), line.replace("#1", "#7"));
        assert_eq!(
            Problem::Pursuit.parse(&inst.to_input()).unwrap(),
            vec![inst.clone()]
        );
        for bob in 0..p.n {
            for alice in 0..p.n {
                for turn in [true, false] {
                    let id = p.position(turn, bob, alice);
                    assert_eq!(id, (u32::from(!turn) * p.n + bob) * p.n + alice);
                    assert_eq!(g.mover(id), if turn { Side::B } else { Side::A });
                }
            }
        }

        let m = random_minigame(&mut rng);
        let g = m.game().unwrap();
        same_graph(&m.implicit().unwrap(), &g, max_out_degree(m.n, &m.arcs));
        for k in 0..6 {
            assert_eq!(
                m.wants(k),
                if m.actors[k] {
                    m.order[k].other()
                } else {
                    m.order[k]
                }
            );
            assert_eq!(g.mover(k as u32), m.wants(k));
        }
        let inst = Instance::Minigame(m.clone());
        let line = answers(std::slice::from_ref(&inst)).remove(0);
        assert_eq!(line.len(), m.n as usize);
        *verdicts.entry(format!("minigame {}", &line[..1])).or_insert(0) += 1;
        assert_eq!(
            Problem::Minigame.parse(&inst.to_input()).unwrap(),
            vec![inst.clone()]
        );
    }
    for key in [
        "Case #1: Yes",
        "Case #1: No",
        "minigame A",
        "minigame B",
        "minigame D",
    ] {
        assert!(verdicts.get(key).copied().unwrap_or(0) >= 5, "{verdicts:?}");
    }
}

#[test]
fn product_games_follow_the_problem_statements() {
    // Pursuit: Bob stuck loses; Bob stepping onto Alice loses; endless play is Bob's.
    let p = pursuit::Instance {
        n: 3,
        edges: vec![(0, 1), (1, 2), (2, 0), (2, 2)],
        bob: 0,
        alice: 2,
    };
    let g = p.game().unwrap();
    assert_eq!(g.move_count(), 2 * 4 * 2);
    let start = p.position(true, 0, 2);
    assert_eq!(g.moves(start), &[p.position(false, 1, 2)]);
    let alice_turn = p.position(false, 1, 2);
    assert_eq!(
        g.moves(alice_turn),
        &[p.position(true, 1, 0), p.position(true, 1, 2)]
    );
    for v in 0..3 {
        assert_eq!(g.terminal(p.position(true, v, v)), Some(Outcome::Win(Side::A)));
        assert_eq!(g.terminal(p.position(false, v, v)), Some(Outcome::Win(Side::A)));
        assert!(g.moves(p.position(false, v, v)).is_empty());
    }
    // Minigame: ids vertex·6 + k, moves to the next player's layer.
    let m = minigame::Instance {
        n: 3,
        arcs: vec![(0, 1), (0, 2), (2, 2)],
        order: [Side::A, Side::B, Side::A, Side::B, Side::B, Side::A],
        actors: [false, true, false, false, true, false],
    };
    let g = m.game().unwrap();
    assert_eq!(g.positions(), 18);
    assert_eq!(g.draw_credit(), None);
    assert_eq!(g.moves(0), &[7, 13]);
    assert_eq!(g.moves(5), &[6, 12]);
    assert_eq!(g.moves(2 * 6 + 3), &[2 * 6 + 4]);
    assert_eq!(g.terminal(6 + 1), Some(Outcome::Win(Side::A)));
    assert_eq!(g.mover(6 + 1), Side::A);
    assert_eq!(g.terminal(6 + 4), Some(Outcome::Win(Side::A)));
    assert_eq!(g.terminal(6 + 5), Some(Outcome::Win(Side::B)));
    assert_eq!(g.terminal(0), None);
    let s = Retrograde.solve(&g).unwrap();
    assert_eq!(m.answer(&outcomes(&s)).len(), 3);
}

#[test]
fn official_limits() {
    let p = pursuit::Instance {
        n: 2,
        edges: vec![(0, 1)],
        bob: 0,
        alice: 1,
    };
    assert!(p.is_official());
    assert!(Instance::Pursuit(p.clone()).is_official());
    assert!(pursuit::Instance { n: 100, ..p.clone() }.is_official());
    assert!(!pursuit::Instance { n: 101, ..p.clone() }.is_official());
    assert!(!pursuit::Instance { n: 1, ..p.clone() }.is_official());
    assert!(!pursuit::Instance {
        alice: 0,
        ..p.clone()
    }
    .is_official());
    assert!(!pursuit::Instance {
        edges: vec![],
        ..p.clone()
    }
    .is_official());
    assert!(!pursuit::Instance {
        edges: vec![(1, 1)],
        ..p.clone()
    }
    .is_official());
    assert!(!pursuit::Instance {
        edges: vec![(0, 1), (0, 1)],
        ..p.clone()
    }
    .is_official());
    assert!(pursuit::Instance {
        edges: vec![(0, 1), (1, 0)],
        ..p.clone()
    }
    .is_official());

    let m = minigame::Instance {
        n: 1,
        arcs: vec![(0, 0)],
        order: [Side::A; 6],
        actors: [false; 6],
    };
    assert!(m.is_official());
    assert!(Instance::Minigame(m.clone()).is_official());
    assert!(minigame::Instance {
        n: 100_000,
        ..m.clone()
    }
    .is_official());
    assert!(!minigame::Instance {
        n: 100_001,
        ..m.clone()
    }
    .is_official());
    assert!(!minigame::Instance { n: 0, ..m.clone() }.is_official());
    assert!(!minigame::Instance {
        arcs: vec![],
        ..m.clone()
    }
    .is_official());
    assert!(!minigame::Instance {
        arcs: vec![(0, 0), (0, 0)],
        ..m.clone()
    }
    .is_official());
    let many = |k: u32| (0..k).map(|i| (i / 1000, i % 1000)).collect::<Vec<_>>();
    assert!(minigame::Instance {
        n: 1000,
        arcs: many(200_000),
        ..m.clone()
    }
    .is_official());
    assert!(!minigame::Instance {
        n: 1000,
        arcs: many(200_001),
        ..m.clone()
    }
    .is_official());
}

#[test]
fn problems_module_helpers_are_consistent() {
    // Duplicate and self-loop edges keep every move of the product game.
    let p = pursuit::Instance {
        n: 3,
        edges: vec![(0, 1), (0, 1), (1, 1), (2, 0), (1, 0)],
        bob: 0,
        alice: 2,
    };
    let g = p.game().unwrap();
    same_graph(&p.implicit().unwrap(), &g, max_out_degree(p.n, &p.edges));
    assert_eq!(
        g.moves(p.position(true, 0, 2)),
        &[p.position(false, 1, 2), p.position(false, 1, 2)]
    );
    assert_eq!(
        g.moves(p.position(true, 1, 2)),
        &[p.position(false, 1, 2), p.position(false, 0, 2)]
    );
    assert!(!problems::Instance::Pursuit(p).is_official());
}

/// The chase's word-parallel win set (`solve/chase.rs`) equals the product game's
/// outcomes at every start, on graphs past one 64-bit word of chaser vertices, sparse
/// and dense, with a vertex of more moves than a byte counter holds (repeated edges):
/// the small random instances above never leave the first word.
#[test]
fn chase_win_set_equals_product_game_past_one_word() {
    let mut rng = ChaCha8Rng::seed_from_u64(63);
    let mut results = [0usize; 2];
    // Fixed shapes, then random sizes from one word to three and densities from
    // about one move a vertex to a third of all pairs.
    let mut shapes = vec![
        (65u32, 150usize, 0usize),
        (100, 2500, 0),
        (130, 700, 0),
        (90, 400, 300),
    ];
    for _ in 0..16 {
        let n = rng.gen_range(64..=192u32);
        let m = rng.gen_range(n as usize..=(n * n / 3) as usize);
        shapes.push((n, m, 0));
    }
    for (n, m, hub) in shapes {
        let mut edges: Vec<(u32, u32)> = (0..m)
            .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n)))
            .collect();
        // A hub whose repeated edges out-count a byte: the fast path must decline.
        edges.extend((0..hub).map(|k| (n - 1, (k as u32 * 7) % n)));
        let p = pursuit::Instance {
            n,
            edges: edges.clone(),
            bob: 0,
            alice: 1,
        };
        let mut out_degree = vec![0u32; n as usize];
        let mut into = vec![Vec::new(); n as usize];
        for &(from, to) in &edges {
            out_degree[from as usize] += 1;
            into[to as usize].push(from);
        }
        let mut offsets = vec![0u32];
        for list in &into {
            offsets.push(offsets.last().unwrap() + list.len() as u32);
        }
        let sources: Vec<u32> = into.concat();
        let lost = retrocheck_core::solve::chase::runner_loses(n as usize, &out_degree, &offsets, &sources);
        let truth = retrograde::graph_outcomes(&p.implicit().unwrap());
        if hub > 0 {
            assert_eq!(lost, None, "{n} vertices, a hub of {hub} moves");
            assert_eq!(p.answer_line(1).unwrap(), p.answer(1, &truth));
            continue;
        }
        let lost = lost.expect("small graphs take the fast path");
        for bob in 0..n {
            for alice in 0..n {
                let chaser_wins = truth[p.position(true, bob, alice) as usize] == Outcome::Win(Side::A);
                assert_eq!(
                    lost[(bob * n + alice) as usize],
                    chaser_wins,
                    "{n} vertices: {bob} {alice}"
                );
                results[usize::from(chaser_wins)] += 1;
            }
        }
    }
    assert!(results[0] > 1000 && results[1] > 1000, "{results:?}");
}
