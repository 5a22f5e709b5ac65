//! The metamorphic relations: each catches a solver that is wrong in the way it
//! targets (numbering, move order, side names, repeated moves, self-loops), and none
//! fires on the optimized solver, on any family.

use proptest::prelude::*;
use retrocheck::internals::case::Case;
use retrocheck::internals::generate::strategy;
use retrocheck::internals::generate::{self, Family};
use retrocheck::internals::oracles::metamorphic::Relation;
use retrocheck::internals::oracles::{check_case, check_relation, check_relations, Oracles, RelationsRun};
use retrocheck::solve::{retrograde, Retrograde, SolveError, Solver};
use retrocheck::{Game, Side, Solution, Value};

/// Retrograde with an edit of its solution: each a way of being wrong.
struct Wrong {
    name: &'static str,
    edit: fn(&Game, &mut Solution),
}

impl Solver for Wrong {
    fn name(&self) -> &str {
        self.name
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        let mut s = retrograde::solve(game);
        (self.edit)(game, &mut s);
        Ok(s)
    }
}

fn flip(v: Value) -> Value {
    match v {
        Value::Win { winner, remoteness } => Value::win(winner.other(), remoteness),
        Value::Draw => Value::win(Side::A, 0),
    }
}

/// Depends on numbering: the first position's value is flipped.
const FIRST_ID: Wrong = Wrong {
    name: "first-id-flipped",
    edit: |_, s| s.values[0] = flip(s.values[0]),
};
/// Depends on numbering: the last position's value is flipped.
const LAST_ID: Wrong = Wrong {
    name: "last-id-flipped",
    edit: |_, s| {
        let last = s.values.len() - 1;
        s.values[last] = flip(s.values[last]);
    },
};
/// Depends on side names: B's wins take one move longer.
const SIDE_NAMES: Wrong = Wrong {
    name: "b-wins-slower",
    edit: |_, s| {
        for v in &mut s.values {
            if let Value::Win {
                winner: Side::B,
                remoteness,
            } = v
            {
                *remoteness += 1;
            }
        }
    },
};
/// Depends on move order: the last optimal move is chosen, not the first.
const MOVE_ORDER: Wrong = Wrong {
    name: "last-optimal-move",
    edit: |g, s| {
        for p in g.ids() {
            let here = s.values[p as usize];
            let last = g
                .moves(p)
                .iter()
                .rev()
                .find(|&&q| retrocheck::solution::is_optimal_move(here, s.values[q as usize]));
            s.choices[p as usize] = last.copied();
        }
    },
};
/// Depends on repeated moves: a position with a repeated move is called a draw.
const REPEATS: Wrong = Wrong {
    name: "repeats-draw",
    edit: |g, s| {
        for p in g.ids() {
            let moves = g.moves(p);
            if (1..moves.len()).any(|i| moves[..i].contains(&moves[i])) {
                s.values[p as usize] = Value::Draw;
            }
        }
    },
};
/// Depends on self-loops: a position with a self-loop cannot win.
const SELF_LOOPS: Wrong = Wrong {
    name: "self-loop-no-win",
    edit: |g, s| {
        for p in g.ids() {
            if g.moves(p).contains(&p) && s.values[p as usize].winner() == Some(g.mover(p)) {
                s.values[p as usize] = Value::Draw;
            }
        }
    },
};

/// Games on which to try the relations: decided positions, cycles, repeats, labels.
fn games() -> Vec<Game> {
    let families = [Family::Swarm, Family::Cycles, Family::Dag, Family::Terminals];
    (0..40u64)
        .map(
            |seed| match generate::case(families[seed as usize % 4], seed, 5 + seed as usize % 20) {
                Case::Game(g) => g,
                Case::Instance(_) => unreachable!(),
            },
        )
        .collect()
}

fn caught(relation: Relation, wrong: &Wrong) -> usize {
    games()
        .iter()
        .enumerate()
        .filter(|(i, g)| {
            let base = wrong.solve(g).unwrap();
            check_relation(relation, g, &base, wrong, *i as u64).is_err()
        })
        .count()
}

#[test]
fn each_relation_catches_a_solver_wrong_the_way_it_targets() {
    let targeted: [(Relation, &Wrong); 8] = [
        (Relation::Relabel, &FIRST_ID),
        (Relation::SwapSides, &SIDE_NAMES),
        (Relation::ReorderMoves, &MOVE_ORDER),
        (Relation::DuplicateMove, &REPEATS),
        (Relation::WinningSelfLoop, &SELF_LOOPS),
        (Relation::UnreachablePositions, &LAST_ID),
        (Relation::DisjointUnion, &LAST_ID),
        (Relation::ReachableRestriction, &FIRST_ID),
    ];
    for (relation, wrong) in targeted {
        let hits = caught(relation, wrong);
        assert!(hits > 0, "{} does not catch {}", relation.name(), wrong.name);
        assert_eq!(
            caught(
                relation,
                &Wrong {
                    name: "right",
                    edit: |_, _| {}
                }
            ),
            0
        );
    }
}

#[test]
fn no_relation_fires_on_retrograde_on_any_family() {
    for family in Family::ALL {
        let sizes: &[usize] = match family {
            Family::Large => &[100_000],
            Family::Exhaustive => &[3],
            _ => &[1, 7, 40, 300],
        };
        for (seed, &size) in sizes
            .iter()
            .enumerate()
            .flat_map(|(i, s)| (0..6u64).map(move |k| (k * 31 + i as u64, s)))
        {
            let case = generate::case(family, seed, size);
            let game = case.game().unwrap();
            let base = Retrograde.solve(&game).unwrap();
            let checked = check_relations(&game, &base, &Retrograde, seed);
            assert!(
                checked.is_ok(),
                "{family:?} seed {seed}: {}",
                checked.unwrap_err()
            );
            if family == Family::Large {
                break;
            }
        }
    }
}

#[test]
fn the_oracle_path_runs_relations_on_large_games_and_reports_them() {
    let case = generate::case(Family::Large, 1, 100_000);
    let stats = check_case(&case, &Retrograde, &Oracles::large()).unwrap();
    assert!(stats.relations_ran && !stats.fixpoint_ran && !stats.minimax_ran);
    let wrong = check_case(&case, &SIDE_NAMES, &Oracles::large()).unwrap_err();
    // certify runs first and catches this one; the relations run after it.
    assert!(wrong.to_string().contains("b-wins-slower"), "{wrong}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..crate::config() })]

    /// From proptest: every relation on swarm games through the oracle path.
    #[test]
    fn relations_hold_on_swarm_games(case in strategy::case(Family::Swarm, 30)) {
        let oracles = Oracles { relations: RelationsRun::Always, ..Oracles::default() };
        prop_assert!(check_case(&case, &Retrograde, &oracles).is_ok());
    }
}
