//! What the fuzz targets do, as plain library code (the `fuzz/` crate is a few lines of
//! glue per target): decoding fuzzer bytes into cases and checking them through the
//! one oracle path.
//!
//! The `diff` input format is explicit and invertible, so that the text corpus can be
//! encoded into seed inputs ([`encode`]) and any crash artifact decodes back into the
//! case that failed ([`decode`]). Bytes are read one at a time, 0 once the input is
//! exhausted:
//!
//! ```text
//! kind % (1 + P): 0 a game, k an instance of the k-th problem that has a decoder
//!            (`Contest::FUZZED`, in registry order: 1 pursuit, 2 minigame)
//! game:      n (1..=MAX_GAME), credit % 3 (none, A, B), then per position
//!            h: mover = h & 1, shape = (h >> 1) % 5 (0 moves, 1 stuck, 2 =A, 3 =B, 4 =D)
//!            with moves: count (0..=MAX_MOVES), then count targets (each % n);
//!            or count ≥ 0xF0, a heavy list of 16 << (count % 8) moves (16 to 2,048)
//!            from two bytes a, s: move i goes to (a + i·s) % n (repeats galore);
//!            then an optional tail byte t ≥ 0xF0: a chain of (1 << (8 + (t - 0xF0) % 9)) + 1
//!            positions (257 to 65,537) appended, shape from one byte (bit 0 set:
//!            alternating movers, else all A; bit 1 set: every chain position also
//!            moves to itself), its last position moving to byte % n
//! pursuit:   n (1..=MAX_VERTICES), m (0..=MAX_EDGES), m pairs (each % n), x % n, y % n
//! minigame:  n, m, m pairs, ord (bit k: player k is on team B), act (bit k: actor)
//! ```
//!
//! A problem's own decoding is in its file under [`crate::contest`].
//!
//! Sizes above the caps, and a terminal draw under a draw convention, decode to `None`:
//! the targets reject those inputs (`Corpus::Reject`) instead of wrapping them into
//! range, which would make many inputs mean the same case.

pub(crate) use crate::bytes::Bytes;
use crate::case::Case;
use crate::format::{parse_game, print_game};
use crate::game::{GameBuilder, Outcome, Side};
use crate::oracles::{check_case, Oracles};
use crate::problems::Problem;

use crate::subject::Subject;
use std::fmt;

/// The largest fuzzed game; minimax covers up to 12 positions, value iteration all.
pub(crate) const MAX_GAME: u8 = 24;
/// The most moves of one position.
pub(crate) const MAX_MOVES: u8 = 8;
/// A move count byte from here on stands for a heavy list: high out-degree, where
/// narrow counters and distinct-successor shortcuts break.
pub(crate) const HEAVY: u8 = 0xF0;

/// A tail byte from here on appends a long chain: long remoteness, deep recursion and
/// games above a solver's size thresholds, in three bytes.
pub(crate) const TAIL: u8 = 0xF0;

/// The number of positions of a tail chain: just past 2^8, 2^9, …, 2^16.
fn tail_len(t: u8) -> u32 {
    (1 << (8 + u32::from((t - TAIL) % 9))) + 1
}

/// The number of moves of a heavy list.
fn heavy_len(count: u8) -> u32 {
    16 << (count % 8)
}

/// A decoded `diff` fuzz input: the case, or `None` when the input is outside the caps.
#[derive(Clone, PartialEq, Eq)]
pub struct FuzzCase(
    /// The case, or `None` for an input outside the caps (rejected).
    pub Option<Case>,
);

impl fmt::Debug for FuzzCase {
    /// The canonical text of the case, so a crash report can be pasted into a file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(Case::Game(g)) => write!(f, "\n{}", print_game(g)),
            Some(Case::Instance(i)) => write!(f, "\n({} input)\n{}", i.problem().name(), i.to_input()),
            None => write!(f, "(outside the size caps: rejected)"),
        }
    }
}

impl<'a> arbitrary::Arbitrary<'a> for FuzzCase {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let all = u.len();
        Ok(decode(u.bytes(all)?))
    }
}

/// The problems the `diff` input encodes, in registry order: kind byte `k` (modulo
/// one more than their number) is a game for 0, and problem `k − 1` otherwise.
fn fuzzed_problems() -> Vec<Problem> {
    Problem::ALL
        .into_iter()
        .filter(|&p| crate::builtin::entry(p).fuzzed())
        .collect()
}

/// Decodes fuzzer bytes into a case (see the module documentation).
pub fn decode(data: &[u8]) -> FuzzCase {
    let mut b = Bytes::new(data);
    let problems = fuzzed_problems();
    FuzzCase(match usize::from(b.byte()) % (1 + problems.len()) {
        0 => decode_game(&mut b).map(Case::Game),
        k => crate::builtin::entry(problems[k - 1])
            .decode(&mut b)
            .map(Case::Instance),
    })
}

fn decode_game(b: &mut Bytes) -> Option<crate::game::Game> {
    let n = b.byte();
    if n == 0 || n > MAX_GAME {
        return None;
    }
    let credit = match b.byte() % 3 {
        0 => None,
        1 => Some(Side::A),
        _ => Some(Side::B),
    };
    let mut builder = GameBuilder::new();
    for _ in 0..n {
        let h = b.byte();
        let mover = if h & 1 == 0 { Side::A } else { Side::B };
        match (h >> 1) % 5 {
            0 => {
                let count = b.byte();
                let moves: Vec<u32> = if count >= HEAVY {
                    let (a, step) = (u32::from(b.byte()), u32::from(b.byte()));
                    (0..heavy_len(count))
                        .map(|i| (a + i * step) % u32::from(n))
                        .collect()
                } else if count <= MAX_MOVES {
                    (0..count).map(|_| u32::from(b.byte() % n)).collect()
                } else {
                    return None;
                };
                builder.moves(mover, &moves);
            }
            1 => {
                builder.moves::<u32>(mover, &[]);
            }
            2 => {
                builder.terminal(mover, Outcome::Win(Side::A));
            }
            3 => {
                builder.terminal(mover, Outcome::Win(Side::B));
            }
            _ if credit.is_some() => return None,
            _ => {
                builder.terminal(mover, Outcome::Draw);
            }
        }
    }
    let t = b.byte();
    if t >= TAIL {
        let (len, shape, end) = (tail_len(t), b.byte(), u32::from(b.byte() % n));
        let (alternating, self_loops) = (shape & 1 == 1, shape & 2 == 2);
        let first = u32::from(n);
        for i in 0..len {
            let mover = if alternating && i % 2 == 1 {
                Side::B
            } else {
                Side::A
            };
            let next = if i + 1 == len { end } else { first + i + 1 };
            // Self-loops on a chain longer than 2,048 positions: where a solver's path
            // for big games may count moves differently from its path for small ones.
            let moves = [first + i, next];
            builder.moves(mover, &moves[usize::from(!self_loops)..]);
        }
    }
    builder.draw_credit(credit);
    builder.build().ok()
}

/// The bytes that [`decode`] turns back into `case`, if it is within the caps.
pub fn encode(case: &Case) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    match case {
        Case::Game(g) => {
            let n = u8::try_from(g.positions()).ok().filter(|&n| n <= MAX_GAME)?;
            out.extend([
                0,
                n,
                g.draw_credit().map_or(0, |s| if s == Side::A { 1 } else { 2 }),
            ]);
            for p in g.ids() {
                let mover = u8::from(g.mover(p) == Side::B);
                let shape: u8 = match (g.terminal(p), g.moves(p).is_empty()) {
                    (None, false) => 0,
                    (None, true) => 1,
                    (Some(Outcome::Win(Side::A)), _) => 2,
                    (Some(Outcome::Win(Side::B)), _) => 3,
                    (Some(Outcome::Draw), _) => 4,
                };
                out.push(shape << 1 | mover);
                if shape == 0 {
                    out.extend(encode_moves(g.moves(p), u32::from(n))?);
                }
            }
        }
        Case::Instance(instance) => {
            let kind = fuzzed_problems().iter().position(|&p| p == instance.problem())?;
            out.push(kind as u8 + 1);
            crate::builtin::of(instance).encode(instance, &mut out)?;
        }
    }
    Some(out)
}

/// A move list as a count and targets, or as a heavy list when it is one.
fn encode_moves(moves: &[u32], n: u32) -> Option<Vec<u8>> {
    if let Ok(count) = u8::try_from(moves.len()) {
        if count <= MAX_MOVES {
            return Some(
                std::iter::once(count)
                    .chain(moves.iter().map(|&t| t as u8))
                    .collect(),
            );
        }
    }
    let count = (HEAVY..=u8::MAX).find(|&c| heavy_len(c) as usize == moves.len())?;
    let a = moves[0];
    let step = (moves[1] + n - a) % n;
    let matches = moves
        .iter()
        .enumerate()
        .all(|(i, &t)| t == (a + i as u32 * step) % n);
    matches.then(|| vec![count, a as u8, step as u8])
}

/// The oracles of the fuzz targets: the inputs are small, so every one of them.
pub(crate) fn oracles() -> Oracles {
    Oracles::all()
}

/// The `diff` target: false to reject an input outside the caps; panics, with the
/// case's canonical text, on a failure.
pub fn diff(input: &FuzzCase, solver: &dyn Subject) -> bool {
    let Some(case) = &input.0 else { return false };
    if let Err(mismatch) = check_case(case, solver, &oracles()) {
        panic!("{mismatch}\non the case:{input:?}");
    }
    true
}

/// The `game_format` target: the parser never panics, and whatever parses prints
/// canonically and parses back to the same game.
pub fn game_format(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = parse_game(text) else { return };
    let printed = print_game(&game);
    let again =
        parse_game(&printed).unwrap_or_else(|e| panic!("canonical text does not parse: {e}\n{printed}"));
    assert_eq!(again, game, "the canonical text parses to another game");
    assert_eq!(print_game(&again), printed, "printing is not canonical");
}

/// The contest-input targets: the parser never panics, and every small enough
/// instance it accepts is solved and cross-checked like in the harness.
pub fn contest_input(problem: Problem, data: &[u8]) {
    let Ok(instances) = problem.parse_bytes(data) else {
        return;
    };
    let reach = Oracles::default();
    for instance in instances {
        // Only where value iteration judges, as in the harness's own small cases. The
        // shape saturates: an accepted input may declare 4·10^9 vertices.
        let (positions, moves) = instance.product_shape();
        if positions > reach.fixpoint_max as u64 || moves > reach.fixpoint_max_moves as u64 {
            continue;
        }
        if let Err(mismatch) =
            crate::oracles::check_instance(&instance, &crate::solve::Retrograde, &oracles())
        {
            panic!("{mismatch}\non the instance:\n{}", instance.to_input());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::MAX_VERTICES;
    use crate::generate::{self, Family};

    #[test]
    fn encoding_then_decoding_gives_the_same_case() {
        let mut encoded = 0;
        for &family in Family::SEEDED {
            for seed in 0..30 {
                let case = generate::case(family, seed, 1 + seed as usize % 24);
                if let Some(bytes) = encode(&case) {
                    assert_eq!(decode(&bytes), FuzzCase(Some(case)), "{family:?} {seed}");
                    encoded += 1;
                }
            }
        }
        assert!(encoded > 200, "only {encoded} cases were within the caps");
    }

    #[test]
    fn a_heavy_count_byte_decodes_to_a_long_move_list_that_encodes_back() {
        // Two positions; position 0 (A) has a heavy list of 16 << 3 = 128 moves
        // alternating 1, 0, 1, 0, …; position 1 (B) is stuck.
        let bytes = [0, 2, 0, 0, HEAVY + 3, 1, 1, 3];
        let FuzzCase(Some(case)) = decode(&bytes) else {
            panic!("within the caps")
        };
        let Case::Game(g) = &case else { panic!() };
        assert_eq!(g.moves(0).len(), 128);
        assert_eq!(&g.moves(0)[..4], &[1, 0, 1, 0]);
        assert_eq!(encode(&case).as_deref(), Some(&bytes[..]));
    }

    #[test]
    fn a_tail_byte_appends_a_long_chain() {
        // One stuck position of A, then a tail of 2^8 + 1 positions of A ending in it:
        // the chain's head is lost for A in 257 moves.
        let FuzzCase(Some(Case::Game(g))) = decode(&[0, 1, 0, 2, TAIL, 0, 0]) else {
            panic!("a game")
        };
        assert_eq!(g.positions(), 1 + 257);
        let solution = crate::solve::Solver::solve(&crate::solve::Retrograde, &g).unwrap();
        assert_eq!(solution.values[1].remoteness(), Some(257));
        let FuzzCase(Some(Case::Game(longest))) = decode(&[0, 1, 0, 2, TAIL + 8, 1, 0]) else {
            panic!("a game")
        };
        assert_eq!(longest.positions(), 1 + 65_537);
        assert_eq!(longest.mover(2), Side::B, "alternating movers");
        // Bit 1 of the shape byte: a self-loop on every chain position, which makes
        // the whole alternating chain a draw (each mover can stall for ever).
        let FuzzCase(Some(Case::Game(looped))) = decode(&[0, 1, 0, 2, TAIL + 3, 3, 0]) else {
            panic!("a game")
        };
        assert_eq!(looped.positions(), 1 + 2_049);
        assert_eq!(looped.moves(1), &[1, 2]);
        let solution = crate::solve::Solver::solve(&crate::solve::Retrograde, &looped).unwrap();
        assert!(solution.values[1..].iter().all(|v| v.remoteness().is_none()));
    }

    #[test]
    fn over_the_caps_is_rejected_and_short_input_is_read_as_zeros() {
        assert_eq!(decode(&[0, MAX_GAME + 1]), FuzzCase(None));
        assert_eq!(decode(&[0, 1, 0, 0, MAX_MOVES + 1]), FuzzCase(None));
        assert_eq!(decode(&[1, MAX_VERTICES + 1]), FuzzCase(None));
        assert_eq!(decode(&[]), FuzzCase(None), "n = 0 is outside the caps");
        // One position, no credit, header 0 (A moves), no bytes left: no moves.
        let FuzzCase(Some(Case::Game(g))) = decode(&[0, 1]) else {
            panic!()
        };
        assert_eq!(print_game(&g), "game 1;\n0 A ;\n");
    }

    #[test]
    fn the_targets_accept_what_the_harness_accepts() {
        for seed in 0..50 {
            let case = generate::case(Family::Swarm, seed, 10);
            if let Some(bytes) = encode(&case) {
                assert!(diff(&decode(&bytes), &crate::solve::Retrograde));
            }
        }
        game_format(b"game 2;\n0 A 1;\n1 B 0,0;\n");
        game_format(b"\xff\xfe not text");
        contest_input(Problem::Pursuit, b"1\n2 1\n1 2\n1 2\n");
        contest_input(Problem::Minigame, b"1\n1 1\n1 1\nAAAAAA\n000000\n");
        contest_input(Problem::Berzerk, b"5\n2 3 2\n3 1 2 3\n");
        contest_input(Problem::Shiritori, b"3\nabcd\nbcda\nada\n");
        contest_input(Problem::Catmouse, b"1\n4\n2 1 3\n1 0\n1 3\n2 0 2\n");
    }

    /// Guards the pursuit_input crash that failed CI's fuzz smoke (its bytes are
    /// `tests/fuzz-regressions/pursuit_input/product_size_overflow_at_4e9_vertices`): an
    /// accepted input of 4,000,000,002 vertices made the target's own size estimate,
    /// 2·n², overflow u64 (a panic where overflow is checked, as in fuzz builds and
    /// tests) before any cross-check. Inputs declaring 4·10^9 vertices to each problem
    /// that takes a count: accepted, then skipped without a panic.
    #[test]
    fn declared_sizes_beyond_u64_squared_are_skipped_without_a_panic() {
        let inputs: [(Problem, &[u8]); 3] = [
            (Problem::Pursuit, b"1\n4000000002 1\n1 2\n1 3\n"),
            (Problem::Minigame, b"1\n4000000002 1\n1 2\nABABAB\n010101\n"),
            (Problem::Berzerk, b"4000000002\n1 1\n1 1\n"),
        ];
        for (problem, input) in inputs {
            assert!(
                problem.parse_bytes(input).is_ok(),
                "{problem:?} accepts {input:?}"
            );
            contest_input(problem, input);
        }
    }
}
