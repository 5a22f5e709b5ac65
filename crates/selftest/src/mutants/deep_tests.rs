//! The deep mutants are right on every small game and
//! wrong on a hand-built witness of their bug class.
//!
//! (a) Each agrees with `retrograde::solve` (values and chosen moves) on thousands of
//! random games of at most 12 positions and 12 moves per position — the games a
//! harness that never scales up would try — so only scale (or the mutant's input
//! class) can kill it. (b) Each disagrees with `retrograde::solve` on its documented
//! smallest witness (`recursive` fails instead), and is still right on the same witness
//! one step smaller (one move fewer, a chain one shorter, one position fewer), which is
//! what makes the witness the smallest along its axis.

use super as deep_mutants;
use crate::mutants::deep::{DeepBug, DEEP_MUTANTS, RECURSION_LIMIT};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use retrocheck::format::parse_game;
use retrocheck::game::{Game, GameBuilder, Outcome, Side, Value};
use retrocheck::solve::{retrograde, SolveError};

const SMALL_GAMES: u64 = 3_000;

/// Which small games a mutant must get right: the ones outside its input class.
#[derive(Clone, Copy)]
struct Class {
    /// Draw conventions to draw from.
    credits: &'static [Option<Side>],
    /// Whether every position's moves are listed in increasing order.
    sorted: bool,
}

const ANY: Class = Class {
    credits: &[None, Some(Side::A), Some(Side::B)],
    sorted: false,
};

fn class_of(bug: DeepBug) -> Class {
    match bug {
        DeepBug::DrawBOnly => Class {
            credits: &[None, Some(Side::A)],
            sorted: false,
        },
        DeepBug::UnsortedMoves => Class {
            credits: ANY.credits,
            sorted: true,
        },
        _ => ANY,
    }
}

/// A random game of 1 to 12 positions with 0 to 12 moves each (mostly few, so that
/// draws, wins and losses all occur), self-loops and repeated moves included, some
/// explicit terminals and a draw convention from `class`.
fn small_game(rng: &mut ChaCha8Rng, class: Class) -> Game {
    let n: u32 = rng.gen_range(1..=12);
    let credit = class.credits[rng.gen_range(0..class.credits.len())];
    let mut b = GameBuilder::with_capacity(n as usize, 0);
    for _ in 0..n {
        let mover = if rng.gen() { Side::A } else { Side::B };
        if rng.gen_ratio(1, 8) {
            let outcome = match rng.gen_range(0..3) {
                0 => Outcome::Win(Side::A),
                1 => Outcome::Win(Side::B),
                _ if credit.is_none() => Outcome::Draw,
                _ => Outcome::Win(mover.other()),
            };
            b.terminal(mover, outcome);
            continue;
        }
        let degree = if rng.gen_ratio(3, 4) {
            rng.gen_range(0..=3)
        } else {
            rng.gen_range(0..=12)
        };
        let mut moves: Vec<u32> = (0..degree).map(|_| rng.gen_range(0..n)).collect();
        if class.sorted {
            moves.sort_unstable();
        }
        b.moves(mover, &moves);
    }
    b.draw_credit(credit);
    b.build().expect("valid by construction")
}

/// What the small games cover, so that agreement on them is not vacuous.
#[derive(Default)]
struct Mix {
    draws: usize,
    wins: usize,
    max_remoteness: u32,
    self_loops: usize,
    repeats: usize,
    credited: usize,
}

impl Mix {
    fn add(&mut self, game: &Game, values: &[Value]) {
        self.draws += values.iter().filter(|v| **v == Value::Draw).count();
        self.wins += values.iter().filter(|v| v.winner().is_some()).count();
        let deepest = values.iter().filter_map(|v| v.remoteness()).max();
        self.max_remoteness = self.max_remoteness.max(deepest.unwrap_or(0));
        self.credited += usize::from(game.draw_credit().is_some());
        for p in game.ids() {
            let moves = game.moves(p);
            self.self_loops += usize::from(moves.contains(&p));
            let mut sorted = moves.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            self.repeats += usize::from(sorted.len() < moves.len());
        }
    }
}

/// (a) for every mutant: agreement with `retrograde` on small games of its class.
#[test]
fn every_deep_mutant_is_right_on_small_games() {
    for mutant in DEEP_MUTANTS {
        let class = class_of(mutant.bug);
        let mut rng = ChaCha8Rng::seed_from_u64(0xdee9_u64 ^ mutant.bug as u64);
        let mut mix = Mix::default();
        for i in 0..SMALL_GAMES {
            let game = small_game(&mut rng, class);
            let want = retrograde::solve(&game);
            mix.add(&game, &want.values);
            let got = deep_mutants::solve(&game, Some(mutant.bug))
                .unwrap_or_else(|e| panic!("{} failed on small game {i}: {e}{game:?}", mutant.name));
            assert_eq!(
                got.compare(&want),
                None,
                "{} is wrong on small game {i}:{game:?}",
                mutant.name
            );
        }
        assert!(
            mix.draws > 1_000 && mix.wins > 10_000 && mix.max_remoteness >= 6,
            "{}: too few draws, wins or long wins to mean anything",
            mutant.name
        );
        assert!(mix.self_loops > 1_000 && mix.repeats > 1_000 && mix.credited > 1_000);
    }
}

/// The textbook solver without a bug is right on witnesses of every class: the bugs
/// are in the `DeepBug` arms, not in the shared code.
#[test]
fn the_deep_textbook_without_a_bug_is_right_on_the_witnesses() {
    for game in [
        self_loops(256),
        chain(257),
        lone_self_loop(FAST_SELF_LOOPS),
        repeated_loss(FAST_REPEATS),
        high_degree(64),
        parse_game("game 1;\n0 B 0;\ndraw B;\n").unwrap(),
        parse_game("game 2;\n0 A 1,0;\n1 A 0;\n").unwrap(),
    ] {
        assert_eq!(deep_mutants::solve(&game, None), Ok(retrograde::solve(&game)));
    }
}

const FAST_SELF_LOOPS: usize = deep_mutants::FAST_PATH_SELF_LOOPS_ABOVE + 1;
const FAST_REPEATS: usize = deep_mutants::FAST_PATH_REPEATS_ABOVE + 1;

/// One position of A with `k` self-loops: a draw.
fn self_loops(k: usize) -> Game {
    let mut b = GameBuilder::new();
    b.moves(Side::A, &vec![0u32; k]);
    b.build().unwrap()
}

/// 0 → 1 → … → n−1, all moved by A, n−1 stuck: position 0 has remoteness n−1.
fn chain(n: u32) -> Game {
    let mut b = GameBuilder::with_capacity(n as usize, n as usize);
    for p in 0..n - 1 {
        b.moves(Side::A, &[p + 1]);
    }
    b.moves::<u32>(Side::A, &[]);
    b.build().unwrap()
}

/// `n` positions: 0 (A) has one self-loop (a draw), the others are stuck.
fn lone_self_loop(n: usize) -> Game {
    let mut b = GameBuilder::with_capacity(n, 1);
    b.moves(Side::A, &[0u32]);
    for _ in 1..n {
        b.moves::<u32>(Side::A, &[]);
    }
    b.build().unwrap()
}

/// `n` positions: 0 (A) moves to 1 twice, 1 and the rest are stuck A positions, so 0
/// is lost by A in 1.
fn repeated_loss(n: usize) -> Game {
    let mut b = GameBuilder::with_capacity(n, 2);
    b.moves(Side::A, &[1u32, 1]);
    for _ in 1..n {
        b.moves::<u32>(Side::A, &[]);
    }
    b.build().unwrap()
}

/// 0 (A) moves `k` times to 1 (a stuck A position: lost for A) and once to itself: a
/// draw, with `k + 1` moves.
fn high_degree(k: usize) -> Game {
    let mut moves = vec![1u32; k];
    moves.push(0);
    let mut b = GameBuilder::new();
    b.moves(Side::A, &moves);
    b.moves::<u32>(Side::A, &[]);
    b.build().unwrap()
}

/// Asserts that `bug` is wrong on `witness` and right on `smaller`.
fn killed_by(bug: DeepBug, witness: &Game, smaller: &Game) {
    let want = retrograde::solve(witness);
    let got = deep_mutants::solve(witness, Some(bug)).expect("a wrong answer, not a failure");
    assert!(got.compare(&want).is_some(), "{bug:?} is right on its witness");
    assert_eq!(
        deep_mutants::solve(smaller, Some(bug)),
        Ok(retrograde::solve(smaller)),
        "{bug:?} is already wrong one step below its witness, which is then not the smallest"
    );
}

#[test]
fn counter_u8_dies_on_256_moves_at_one_position() {
    killed_by(DeepBug::CounterU8, &self_loops(256), &self_loops(255));
    // The mutant seeds the position as lost at once: its counter wrapped to 0.
    let got = deep_mutants::solve(&self_loops(256), Some(DeepBug::CounterU8)).unwrap();
    assert_eq!(got.values[0], Value::win(Side::B, 0));
}

#[test]
fn counter_u8_dies_on_257_moves_with_a_losing_one() {
    // 256 self-loops and one losing move: the counter starts at 1 and hits 0 at once.
    let mut moves = vec![0u32; 256];
    moves.push(1);
    let mut b = GameBuilder::new();
    b.moves(Side::A, &moves);
    b.moves::<u32>(Side::A, &[]);
    let game = b.build().unwrap();
    assert_eq!(retrograde::solve(&game).values[0], Value::Draw);
    let got = deep_mutants::solve(&game, Some(DeepBug::CounterU8)).unwrap();
    assert_eq!(got.values[0], Value::win(Side::B, 1));
}

#[test]
fn remoteness_u8_dies_on_a_chain_of_257() {
    killed_by(DeepBug::RemotenessU8, &chain(257), &chain(256));
    let got = deep_mutants::solve(&chain(257), Some(DeepBug::RemotenessU8)).unwrap();
    assert_eq!(got.values[0].remoteness(), Some(0), "256 wraps to 0");
}

#[test]
fn remoteness_u16_dies_on_a_chain_of_65537() {
    killed_by(DeepBug::RemotenessU16, &chain(65_537), &chain(65_536));
}

#[test]
fn fast_path_self_loops_dies_above_2048_positions() {
    killed_by(
        DeepBug::FastPathSelfLoops,
        &lone_self_loop(FAST_SELF_LOOPS),
        &lone_self_loop(FAST_SELF_LOOPS - 1),
    );
}

#[test]
fn fast_path_self_loops_also_drops_a_self_loop_beside_a_losing_move() {
    // The classic shape: 0 (A) moves to itself and to 1, a stuck A position.
    let mut b = GameBuilder::new();
    b.moves(Side::A, &[0u32, 1]);
    for _ in 1..FAST_SELF_LOOPS {
        b.moves::<u32>(Side::A, &[]);
    }
    let game = b.build().unwrap();
    assert_eq!(retrograde::solve(&game).values[0], Value::Draw);
    let got = deep_mutants::solve(&game, Some(DeepBug::FastPathSelfLoops)).unwrap();
    assert_eq!(got.values[0], Value::win(Side::B, 1));
}

#[test]
fn fast_path_repeats_dies_above_3000_positions() {
    killed_by(
        DeepBug::FastPathRepeats,
        &repeated_loss(FAST_REPEATS),
        &repeated_loss(FAST_REPEATS - 1),
    );
    let got = deep_mutants::solve(&repeated_loss(FAST_REPEATS), Some(DeepBug::FastPathRepeats)).unwrap();
    assert_eq!(got.values[0], Value::Draw, "counted down once of twice");
}

#[test]
fn distinct_at_high_degree_dies_on_65_moves() {
    killed_by(DeepBug::DistinctAtHighDegree, &high_degree(64), &high_degree(63));
    let got = deep_mutants::solve(&high_degree(64), Some(DeepBug::DistinctAtHighDegree)).unwrap();
    assert_eq!(got.values[0], Value::win(Side::B, 1));
}

#[test]
fn recursive_overflows_on_a_chain_of_10001() {
    let limit = RECURSION_LIMIT as u32;
    let got = deep_mutants::solve(&chain(limit + 1), Some(DeepBug::Recursive));
    assert_eq!(
        got,
        Err(SolveError::Failed(format!(
            "stack overflow at depth {}",
            limit + 1
        )))
    );
    let smaller = chain(limit);
    assert_eq!(
        deep_mutants::solve(&smaller, Some(DeepBug::Recursive)),
        Ok(retrograde::solve(&smaller))
    );
}

#[test]
fn recursive_depth_follows_remoteness_not_size() {
    // 20,000 positions all at remoteness 0 or 1: wide, not deep, so no overflow.
    let n = 2 * RECURSION_LIMIT as u32;
    let mut b = GameBuilder::new();
    for p in 0..n {
        if p % 2 == 0 {
            b.moves(Side::A, &[p + 1]);
        } else {
            b.moves::<u32>(Side::B, &[]);
        }
    }
    let game = b.build().unwrap();
    assert_eq!(
        deep_mutants::solve(&game, Some(DeepBug::Recursive)),
        Ok(retrograde::solve(&game))
    );
}

#[test]
fn draw_b_only_dies_under_draw_b_and_only_there() {
    let witness = parse_game("game 1;\n0 B 0;\ndraw B;\n").unwrap();
    let got = deep_mutants::solve(&witness, Some(DeepBug::DrawBOnly)).unwrap();
    assert_eq!(retrograde::solve(&witness).to_text(&witness), "0 B - 0\n");
    assert_eq!(got.to_text(&witness), "0 B 0 -\n");
    for convention in ["", "draw A;\n"] {
        let game = parse_game(&format!("game 1;\n0 B 0;\n{convention}")).unwrap();
        assert_eq!(
            deep_mutants::solve(&game, Some(DeepBug::DrawBOnly)),
            Ok(retrograde::solve(&game)),
            "wrong without draw B: {convention:?}"
        );
    }
    // The reported letters stay right even when the wrong win propagates: 1 (A) has
    // only a move to 0, so the mutant calls it lost in 1; truly it is a credited draw.
    let game = parse_game("game 2;\n0 B 0;\n1 A 0;\ndraw B;\n").unwrap();
    let got = deep_mutants::solve(&game, Some(DeepBug::DrawBOnly)).unwrap();
    assert_eq!(got.values[1], Value::win(Side::B, 1));
    assert_eq!(retrograde::solve(&game).values[1], Value::Draw);
}

#[test]
fn unsorted_moves_dies_on_moves_in_decreasing_order() {
    killed_by(
        DeepBug::UnsortedMoves,
        &parse_game("game 2;\n0 A 1,0;\n1 A 0;\n").unwrap(),
        &parse_game("game 2;\n0 A 0,1;\n1 A 0;\n").unwrap(),
    );
}

#[test]
fn quadratic_is_right_but_its_work_grows_quadratically() {
    let steps = |bug: Option<DeepBug>, n: u32| {
        let game = chain(n);
        let (solution, steps) = deep_mutants::solve_counting(&game, bug).unwrap();
        assert_eq!(solution, retrograde::solve(&game));
        steps as f64
    };
    let (small, big) = (500, 1_000);
    let quadratic = steps(Some(DeepBug::Quadratic), big) / steps(Some(DeepBug::Quadratic), small);
    let linear = steps(None, big) / steps(None, small);
    assert!(
        quadratic > 3.9,
        "doubling the chain multiplies the work by {quadratic}"
    );
    assert!(linear < 2.1, "the textbook queue's work is linear: {linear}");
}

#[test]
fn every_deep_mutant_has_a_name_that_finds_it() {
    for mutant in DEEP_MUTANTS {
        let solver = deep_mutants::by_name(mutant.name).expect("listed");
        assert_eq!(solver.name(), mutant.name);
    }
    assert!(deep_mutants::by_name("retrograde").is_none());
}
