//! The level-synchronous parallel solver and the radix-partitioned reverse index equal
//! their sequential references on games past every size threshold.

use crate::support::side;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use retrocheck_core::solve::{parallel, retrograde, reverse, Fixpoint, Retrograde};
use retrocheck_core::{Game, GameBuilder, Outcome, Side, Solution, Solver};

/// A random game of exactly `n` positions: about one in twelve a terminal or stuck
/// one, the others with one to four moves (now and then a dozen or more; repeats and
/// self-loops by chance), half of them to a near position so that chains form.
fn random_game_of_size(rng: &mut ChaCha8Rng, n: u32) -> Game {
    let mut b = GameBuilder::new();
    for p in 0..n {
        let mover = side(rng);
        match rng.gen_range(0..48) {
            0 => {
                b.moves::<u32>(mover, &[]);
            }
            1 => {
                b.terminal(mover, Outcome::Win(Side::A));
            }
            2 => {
                b.terminal(mover, Outcome::Win(Side::B));
            }
            3 => {
                b.terminal(mover, Outcome::Draw);
            }
            k => {
                let degree = if k == 4 {
                    rng.gen_range(9..=20)
                } else {
                    rng.gen_range(1..=4)
                };
                let moves: Vec<u32> = (0..degree)
                    .map(|_| {
                        if rng.gen_bool(0.5) {
                            (p + rng.gen_range(0..8)).min(n - 1)
                        } else {
                            rng.gen_range(0..n)
                        }
                    })
                    .collect();
                b.moves(mover, &moves);
            }
        }
    }
    b.build().expect("generated games are valid")
}

/// `copies` disjoint copies of the `small` games (all of one size), in turn, with
/// position `p` of copy `c` at id `p · copies + c`: every copy's moves then span the
/// whole id range (every bucket of the radix-partitioned reverse index, every chunk
/// of the parallel passes), and the big game's solution is the small ones' mapped.
fn interleave(small: &[Game], copies: u32) -> Game {
    let size = small[0].positions() as u32;
    let n = (size * copies) as usize;
    let (mut movers, mut terminals) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let (mut offsets, mut targets) = (vec![0u32], Vec::new());
    for p in 0..size {
        for c in 0..copies {
            let g = &small[c as usize % small.len()];
            movers.push(g.mover(p));
            terminals.push(g.terminal(p));
            targets.extend(g.moves(p).iter().map(|&t| t * copies + c));
            offsets.push(targets.len() as u32);
        }
    }
    Game::from_csr(movers, terminals, offsets, targets, None).unwrap()
}

/// The solution of `interleave(small, copies)` from value iteration's solutions of the
/// small games, `truths`: position `p` of copy `c` has its game's value of `p`, and its
/// chosen move mapped into copy `c`.
fn interleaved_truth(small: &[Game], copies: u32) -> Solution {
    let truths: Vec<Solution> = small
        .iter()
        .map(|g| Fixpoint::default().solve(g).unwrap())
        .collect();
    let size = small[0].positions();
    let mut want = Solution {
        values: Vec::with_capacity(size * copies as usize),
        choices: Vec::with_capacity(size * copies as usize),
    };
    for p in 0..size {
        for c in 0..copies {
            let truth = &truths[c as usize % truths.len()];
            want.values.push(truth.values[p]);
            want.choices.push(truth.choices[p].map(|t| t * copies + c));
        }
    }
    want
}

/// The level-synchronous solver (`solve/parallel.rs`, over the radix-partitioned
/// reverse index of `solve/reverse.rs`), on one thread and on pools of two and three,
/// gives exactly value iteration's values and the first optimal moves, on a game past
/// every size where its paths switch: over 2^22 positions (where propagation goes to
/// the pool; smaller games are in every other test), 2^18 (the prefetching loops and
/// the solver's own pool) and 2^17 (the radix index), with frontiers above the 4096
/// entries from which a frontier is handed to the pool, and no multiple of a bucket or
/// a chunk.
#[test]
fn parallel_solver_equals_value_iteration_on_every_thread_count() {
    let (size, copies) = (61u32, 69_000u32);
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    let small: Vec<Game> = (0..16).map(|_| random_game_of_size(&mut rng, size)).collect();
    let g = interleave(&small, copies);
    assert!(g.positions() > 1 << 22 && g.positions() % (1 << 11) != 0);
    let want = interleaved_truth(&small, copies);
    // Wins and losses both, draws, and several levels big enough for the pool.
    let mut level = vec![0usize; 64];
    for v in &want.values {
        level[v.remoteness().map_or(63, |r| r as usize).min(63)] += 1;
    }
    assert!(
        level[1..63].iter().filter(|&&k| k >= 4096).count() >= 3,
        "{level:?}"
    );
    assert!(level[63] > g.positions() / 8, "{level:?}");
    let winners_move = want
        .values
        .iter()
        .enumerate()
        .filter(|&(p, v)| v.winner() == Some(g.mover(p as u32)))
        .count();
    assert!(winners_move > g.positions() / 4, "{winners_move}");

    assert_eq!(Retrograde.solve(&g).unwrap(), want);
    assert_eq!(retrograde::values(&g), want.values);
    assert_eq!(retrograde::solve_with_threads(&g, 2), want);
    assert_eq!(retrograde::values_with_threads(&g, 3), want.values);
    // 0 threads means one per available core; any other count is taken as given.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(retrograde::thread_count(0), cores);
    assert_eq!(retrograde::thread_count(3), 3);
}

/// A game in the cache solved on two or three threads takes its own path (the reverse
/// index built on one thread while another writes the first cells and maps in the
/// solution): it gives value iteration's solution on pools of two and three, also
/// right after a larger game and a smaller one left their buffers on the threads.
#[test]
fn overlapped_solve_in_the_cache_equals_value_iteration() {
    let mut rng = ChaCha8Rng::seed_from_u64(64);
    let small: Vec<Game> = (0..8).map(|_| random_game_of_size(&mut rng, 43)).collect();
    let solved = |copies| (interleave(&small, copies), interleaved_truth(&small, copies));
    let (g, want) = solved(1_500);
    assert!(g.positions() > 1 << 15 && g.positions() < 1 << 17);
    let (larger, larger_want) = solved(2_900);
    let (smaller, smaller_want) = solved(3);
    for threads in [2, 3] {
        parallel::with_pool(threads, || {
            assert_eq!(
                retrograde::solve_with_threads(&g, threads),
                want,
                "{threads} threads"
            );
            // Each game on the scratch the one before left on this thread.
            for (game, want, which) in [
                (&larger, &larger_want, "the larger game"),
                (&g, &want, "the game after a larger one"),
                (&smaller, &smaller_want, "the smaller game"),
                (&g, &want, "the game after a smaller one"),
            ] {
                assert_eq!(
                    &parallel::solve(game, threads),
                    want,
                    "{which}, {threads} threads"
                );
            }
        });
    }
}

/// The propagation's entry points for callers that keep the reverse index themselves
/// (the bench's phase split, a library user): `propagate`, and `propagate_into`
/// into cells left longer and dirty by a larger game, read by `values_of`, give value
/// iteration's values, on games in the cache and beyond it.
#[test]
fn propagation_entry_points_equal_value_iteration() {
    let mut rng = ChaCha8Rng::seed_from_u64(63);
    let small: Vec<Game> = (0..8).map(|_| random_game_of_size(&mut rng, 41)).collect();
    for copies in [1, 7_000] {
        let g = interleave(&small, copies);
        let want = interleaved_truth(&small, copies).values;
        let index = reverse::Reverse::of(&g);
        assert_eq!(parallel::values_of(&parallel::propagate(&g, &index, 1), 1), want);
        let mut cells = vec![u32::MAX; 2 * g.positions() + 5];
        parallel::propagate_into(&g, &index, 1, &mut cells);
        assert_eq!(parallel::values_of(&cells, 2), want, "{copies} copies");
    }
}

/// The radix-partitioned reverse index equals the textbook counting sort (sources in
/// increasing order within each position's list) on one, two and three threads, on a
/// game big enough to be partitioned.
#[test]
fn radix_reverse_index_equals_counting_sort() {
    let mut rng = ChaCha8Rng::seed_from_u64(62);
    let small: Vec<Game> = (0..4).map(|_| random_game_of_size(&mut rng, 37)).collect();
    let g = interleave(&small, 3600);
    let n = g.positions();
    assert!(n > 1 << 17);
    let want = reverse::counting_sort(n, g.offsets(), g.targets());
    assert_eq!(want.offsets.len(), n + 1);
    for q in [0, 1, n as u32 / 2, n as u32 - 1] {
        let mut from: Vec<u32> = g.ids().filter(|&p| g.moves(p).contains(&q)).collect();
        from.dedup();
        let mut listed = want.of_position(q).to_vec();
        listed.dedup();
        assert_eq!(listed, from, "predecessors of {q}");
    }
    for threads in 1..=3 {
        let got = parallel::with_pool(threads, || reverse::build(n, g.offsets(), g.targets(), threads));
        assert_eq!(got.offsets, want.offsets, "{threads} threads");
        assert_eq!(got.sources, want.sources, "{threads} threads");
    }
}
