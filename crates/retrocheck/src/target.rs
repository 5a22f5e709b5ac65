//! What `stress` tests programs on: the test cases of a contest problem (every
//! [`Contest`]), or games in `.game` files ([`Game`]) — their generation, their text as
//! the program reads it, the expected output and their shrinking.

use crate::case::Case;
use crate::contest::{Contest, Rules};
use crate::format::print_game;
use crate::game::Game;
use crate::generate::{self, Family};
use crate::problems::ProductError;
use crate::search::{length_of, length_swept, Length, Searchable};
use crate::shrink::{game_passes, Passes};
use crate::solution::Solution;
use crate::subject::Subject;
use crate::text::count;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::borrow::Cow;
use std::fmt;
use std::hash::Hash;
use std::time::Duration;

/// One test case of what `stress` tests: generated, printed for the program, solved
/// for the expected output, and shrunk.
pub trait Target: Clone + fmt::Debug + Hash + Eq + Send + Sync + 'static {
    /// The name on the command line: the problem's, or `game`.
    const NAME: &'static str;
    /// What `--max-size` counts, plural.
    const UNIT: &'static str;
    /// The largest size the official limits allow, if there are official limits.
    const OFFICIAL_MAX: Option<u32>;
    /// Whether the input is a contest input (one or more test cases of a problem, each
    /// answered by lines of the judge's output) rather than a game.
    const CONTEST: bool;
    /// Whether an input holds several test cases (1 to 3 are generated).
    const COUNTED: bool;
    /// The time limit of a run when none is asked for: the original judge's.
    const TIME_LIMIT: Duration;
    /// The largest size `stress` tries when none is asked for: large enough for the
    /// long games a bounded solution fails on, small enough that a slow solution runs
    /// a few hundred inputs a minute (sizes are log-uniform below it).
    const DEFAULT_MAX_SIZE: u32;

    /// A test case of size about `n`, for input number `index` of a campaign.
    fn generate(rng: &mut ChaCha8Rng, n: u32, rules: Rules, index: u64) -> Self;

    /// A test case of size about `n` whose games are long by construction
    /// ([`Contest::long`]; chains with side exits for games).
    fn long(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Self;

    /// A small random edit that keeps the size ([`Contest::mutate`]).
    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> Self;

    /// Each position's place in a sweep of a value iteration contestants write
    /// ([`Contest::sweep_order`]); `None`: the search scores remoteness alone.
    fn sweep_order(&self) -> Option<Vec<u32>> {
        None
    }

    /// The positions of [`game`](Target::game) whose values the expected output reads
    /// (`None`: every position).
    fn answer_positions(&self) -> Option<Vec<u32>>;

    /// An input holding these test cases, as the program reads it.
    fn input(cases: &[Self]) -> String;

    /// The game whose solution gives the expected output.
    fn game(&self) -> Result<Cow<'_, Game>, ProductError>;

    /// The expected output of this test case as test case `k` (1-based), with its final
    /// newline, from the proven `solution` of its [`game`](Target::game).
    fn output(&self, k: usize, solution: &Solution) -> String;

    /// The size in [`UNIT`](Target::UNIT)s.
    fn size(&self) -> u64;

    /// The size in words: "97 vertices, 1,234 edges".
    fn size_text(&self) -> String;

    /// Whether the test case meets the official limits.
    fn is_official(&self) -> bool;

    /// The shrinking passes, within the official limits when `official`.
    fn passes(official: bool) -> Passes<Self>;

    /// The statement's sample inputs ([`Contest::SAMPLES`]); none for games.
    fn samples() -> &'static [&'static str] {
        &[]
    }

    /// The test cases of an input as the program reads it, or why it is not one
    /// (naming the line).
    fn parse_input(text: &[u8]) -> Result<Vec<Self>, String>;

    /// What `subject` answers for this test case as test case `k` (1-based), with its
    /// final newline, as [`output`](Target::output) gives the expected one: a wrong
    /// solution of the kill table run in process.
    fn answer_by(&self, k: usize, subject: &dyn Subject) -> Result<String, String> {
        let game = self.game().map_err(|e| e.to_string())?;
        let solution = crate::subject::solve_caught(subject, &game).map_err(|e| e.to_string())?;
        Ok(self.output(k, &solution))
    }

    /// The test case with its ids renumbered in order of discovery from the position
    /// that output line `line` (1-based) answers for, as the library's reports number
    /// a shrunk game; `None` for a contest problem, or a game so numbered already.
    fn renumbered(&self, _line: usize) -> Option<Self> {
        None
    }

    /// The positions and moves per position of the largest game of `n` units, for
    /// refusing sizes this machine cannot hold before generating.
    fn largest_product(n: u64) -> (u64, u64);
}

impl<T: Contest> Target for T {
    const NAME: &'static str = T::NAME;
    const UNIT: &'static str = T::UNIT;
    const OFFICIAL_MAX: Option<u32> = Some(T::OFFICIAL_MAX);
    const CONTEST: bool = true;
    const COUNTED: bool = T::COUNTED;
    const TIME_LIMIT: Duration = <T as Contest>::TIME_LIMIT;
    const DEFAULT_MAX_SIZE: u32 = <T as Contest>::DEFAULT_MAX_SIZE;

    fn generate(rng: &mut ChaCha8Rng, n: u32, rules: Rules, _index: u64) -> T {
        <T as Contest>::generate(rng, n, rules)
    }

    fn long(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> T {
        <T as Contest>::long(rng, n, rules)
    }

    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> T {
        <T as Contest>::mutate(self, rng, official)
    }

    fn answer_positions(&self) -> Option<Vec<u32>> {
        crate::problems::ContestProblem::answer_positions(self)
    }

    fn samples() -> &'static [&'static str] {
        T::SAMPLES
    }

    fn parse_input(text: &[u8]) -> Result<Vec<T>, String> {
        crate::problems::parse::<T>(text).map_err(|e| e.to_string())
    }

    /// A built-in problem's wrong answer of its own ([`Subject::answer`]) where the
    /// subject has one; otherwise the answer read off its solution of the product game.
    fn answer_by(&self, k: usize, subject: &dyn Subject) -> Result<String, String> {
        if let Some(instance) = self.as_instance() {
            if let Some(answer) = crate::subject::answer_caught(subject, &instance, k) {
                return answer.map(|line| line + "\n").map_err(|e| e.to_string());
            }
        }
        let game = crate::problems::ContestProblem::game(self).map_err(|e| e.to_string())?;
        let solution = crate::subject::solve_caught(subject, &game).map_err(|e| e.to_string())?;
        Ok(crate::oracles::expected::answer(self, k, &solution))
    }

    fn sweep_order(&self) -> Option<Vec<u32>> {
        <T as Contest>::sweep_order(self)
    }

    fn input(cases: &[T]) -> String {
        let mut out = if T::COUNTED {
            format!("{}\n", cases.len())
        } else {
            String::new()
        };
        for case in cases {
            case.print_case(&mut out);
        }
        out
    }

    fn game(&self) -> Result<Cow<'_, Game>, ProductError> {
        crate::problems::ContestProblem::game(self).map(Cow::Owned)
    }

    fn output(&self, k: usize, solution: &Solution) -> String {
        crate::oracles::expected::answer(self, k, solution)
    }

    fn size(&self) -> u64 {
        crate::problems::ContestProblem::size(self)
    }

    fn size_text(&self) -> String {
        crate::problems::ContestProblem::size_text(self)
    }

    fn is_official(&self) -> bool {
        crate::problems::ContestProblem::is_official(self)
    }

    fn passes(official: bool) -> Passes<T> {
        <T as Contest>::passes(official)
    }

    fn largest_product(n: u64) -> (u64, u64) {
        <T as Contest>::largest_product(n)
    }
}

/// Games, for programs that read a `.game` file and print the solution format.
impl Target for Game {
    const NAME: &'static str = "game";
    const UNIT: &'static str = "positions";
    const OFFICIAL_MAX: Option<u32> = None;
    const CONTEST: bool = false;
    const COUNTED: bool = false;
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const DEFAULT_MAX_SIZE: u32 = 1_000;

    /// Input `index` takes the seeded game families in turn, so that every coverage
    /// axis (high degree, hubs, long chains, draws, labels, draw conventions) comes up.
    fn generate(rng: &mut ChaCha8Rng, n: u32, _rules: Rules, index: u64) -> Game {
        let families: Vec<Family> = Family::games().collect();
        let family = families[(index % families.len() as u64) as usize];
        match generate::case(family, rng.gen(), n as usize) {
            Case::Game(game) => game,
            Case::Instance(_) => unreachable!("the game families make games"),
        }
    }

    fn long(rng: &mut ChaCha8Rng, n: u32, _rules: Rules) -> Game {
        generate::chain_game(rng, n as usize)
    }

    fn mutate(&self, rng: &mut ChaCha8Rng, _official: bool) -> Game {
        generate::mutated_game(self, rng)
    }

    fn answer_positions(&self) -> Option<Vec<u32>> {
        None
    }

    fn parse_input(text: &[u8]) -> Result<Vec<Game>, String> {
        let text = std::str::from_utf8(text).map_err(|e| format!("not UTF-8 text: {e}"))?;
        crate::format::parse_game(text)
            .map(|game| vec![game])
            .map_err(|e| e.to_string())
    }

    fn input(cases: &[Game]) -> String {
        cases.iter().map(print_game).collect()
    }

    fn game(&self) -> Result<Cow<'_, Game>, ProductError> {
        Ok(Cow::Borrowed(self))
    }

    fn output(&self, _k: usize, solution: &Solution) -> String {
        solution.to_text(self)
    }

    fn size(&self) -> u64 {
        self.positions() as u64
    }

    fn size_text(&self) -> String {
        format!(
            "{}, {}",
            count(self.positions(), "position"),
            count(self.move_count(), "move")
        )
    }

    fn is_official(&self) -> bool {
        true
    }

    fn passes(_official: bool) -> Passes<Game> {
        game_passes()
    }

    /// Output line `line` is position `line - 1`'s.
    fn renumbered(&self, line: usize) -> Option<Game> {
        let position = u32::try_from(line.checked_sub(1)?).ok()?;
        crate::failure::normalised_from(self, position)
    }

    fn largest_product(n: u64) -> (u64, u64) {
        (n, 8)
    }
}

/// Every target is searched for long games by its own edits and its answer's positions.
impl<T: Target> Searchable for T {
    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> T {
        Target::mutate(self, rng, official)
    }

    fn length(&self) -> Option<(Length, u64)> {
        let game = self.game().ok()?;
        let answer = self.answer_positions();
        Some(match self.sweep_order() {
            Some(rank) => length_swept(&game, answer.as_deref(), &rank),
            None => length_of(&game, answer.as_deref()),
        })
    }
}
