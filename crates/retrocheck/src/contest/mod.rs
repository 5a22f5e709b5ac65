//! The harness half of a contest problem — generation, proptest strategies, shrinking
//! in contest form, fuzz decoding, the judge's time limit — as the [`Contest`] trait a
//! problem implements beside its front-end ([`ContestProblem`]), with the helpers its
//! passes and edits share. The five built-in problems implement it in
//! [`builtin`](crate::internals::builtin); a problem of your own implements it in your
//! crate (docs/own-problem.md) and gets generation, a stress campaign and shrinking.

use crate::bytes::Bytes;
use crate::problems::ContestProblem;
use crate::shrink::contest::EDGE_PARTS;
/// The shrinking vocabulary a problem's [`Contest::passes`] is written in: a pass of
/// candidates, the list of them, and the helpers contest passes share.
pub use crate::shrink::contest::{chunks_removed, contest_pass, without_each};
pub use crate::shrink::{pass, Candidates, Pass, Passes};
use proptest::strategy::{BoxedStrategy, Strategy};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::hash::Hash;
use std::time::Duration;

/// A contest problem as the harness tests it: its test-case type's front-end
/// ([`ContestProblem`]: parsing, printing, the product game, the judge's answer) and
/// what testing adds.
pub trait Contest: ContestProblem + Clone + fmt::Debug + Hash + Eq + Send + Sync + 'static {
    /// The original judge's time limit for one input (see the problem's statement).
    const TIME_LIMIT: Duration;

    /// The largest test case `stress` tries when none is asked for, in
    /// [`ContestProblem::UNIT`]s: the official maximum, or less where a test case of
    /// that size takes seconds to solve.
    const DEFAULT_MAX_SIZE: u32 = Self::OFFICIAL_MAX;

    /// The statement's sample inputs, each a whole input as the program reads it:
    /// the first tests of a set `retrocheck tests` writes. None by default.
    const SAMPLES: &'static [&'static str] = &[];

    /// This test case as a built-in problem's [`Instance`](crate::problems::Instance),
    /// for the wrong solutions of the kill table whose bug is in the answer itself
    /// ([`Subject::answer`](crate::subject::Subject::answer)); `None` by default, for
    /// a problem of your own: those solve its product game.
    fn as_instance(&self) -> Option<crate::problems::Instance> {
        None
    }

    /// A random test case of size about `n` (in [`ContestProblem::UNIT`]s). Within the
    /// official limits unless `rules` asks for edge cases or sizes beyond them; the
    /// same `rng` state gives the same test case.
    fn generate(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Self;

    /// A random test case of `n` units and exactly `edges` edges, for problems on a
    /// graph given by its edges (`retrocheck generate --edges`); `None` for problems
    /// sized by `n` alone.
    fn generate_with_edges(_rng: &mut ChaCha8Rng, _n: u32, _edges: u64, _official: bool) -> Option<Self> {
        None
    }

    /// The most edges [`generate_with_edges`](Contest::generate_with_edges) gives a test
    /// case of `n` units (distinct ones, within the official limits when `official`).
    fn max_edges(_n: u32, _official: bool) -> u64 {
        u64::MAX
    }

    /// A test case of about `n` units whose games are long by construction — corridors,
    /// chains, small step sets — within the official limits unless `rules` says
    /// otherwise: where a solution bounded to a horizon (a fixed number of rounds, a
    /// depth limit) is wrong, and random inputs almost never go.
    ///
    /// By default a [`generate`](Contest::generate)d one: the search for long games
    /// ([`mutate`](Contest::mutate)) still looks for them, but a problem whose wrong
    /// solutions stop at a horizon should build its long family.
    fn long(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Self {
        Self::generate(rng, n, rules)
    }

    /// A small random edit of this test case that keeps its size — an edge added,
    /// removed or rewired, a step changed, a word retargeted, a start moved — within
    /// the official limits when `official`: a move of the search for long games
    /// ([`crate::search`]).
    ///
    /// By default a test case generated anew at this one's size (a restart rather than
    /// an edit: the search then climbs by sampling); a problem whose long games are
    /// rare among random ones gains by small edits.
    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> Self {
        let n = u32::try_from(self.size()).unwrap_or(u32::MAX).max(1);
        let rules = Rules {
            edge_cases: !official,
            beyond_limits: !official,
        };
        mutated(self, rng, official, |_, rng| Some(Self::generate(rng, n, rules)))
    }

    /// Each product-game position's place in a sweep of the value iteration contestants
    /// write (the order of their loops over the position's coordinates), when the
    /// problem has such a solution: the search for long games then also looks for test
    /// cases that need many sweeps in that order (`crate::search::sweeps`). `None`
    /// by default: the search scores remoteness alone.
    fn sweep_order(&self) -> Option<Vec<u32>> {
        None
    }

    /// The size `n` the problem's long family ([`Contest::long`]) gives a case of about
    /// `positions` product-game positions: by default as [`units`](Contest::units), less
    /// where long test cases have fewer moves a unit than random ones.
    fn long_units(positions: usize) -> u32 {
        Self::units(positions)
    }

    /// The size `n` the problem's generator family gives a case of about `positions`
    /// product-game positions. By default `positions / 2` (two players to move on each
    /// unit); a problem whose units make more positions (several goals, a turn
    /// counter) says how many.
    fn units(positions: usize) -> u32 {
        u32::try_from(positions / 2).unwrap_or(u32::MAX).max(1)
    }

    /// The proptest strategy of the problem's generator family, of at most about
    /// `max_positions` product-game positions.
    ///
    /// By default test cases of [`generate`](Contest::generate) from a drawn seed and
    /// size, within the official limits: proptest cannot shrink those, but every entry
    /// point shrinks a failure with the problem's own [`passes`](Contest::passes).
    fn strategy(max_positions: usize) -> BoxedStrategy<Self> {
        let most = Self::units(max_positions).max(1);
        (proptest::prelude::any::<u64>(), 1..=most)
            .prop_map(|(seed, n)| Self::generate(&mut crate::seed::rng(seed), n, Rules::OFFICIAL))
            .boxed()
    }

    /// The weight of that strategy among all families' in
    /// [`any_case`](crate::generate::strategy::any_case), where a game family weighs 1.
    /// A contest case also checks a product-game builder, the implicit fast path and an
    /// answer line, and a contest-only bug needs some tens of them to show: 4 by default.
    const WEIGHT: u32 = 4;

    /// The weight of the problem's long family (`long-<problem>`) in
    /// [`any_case`](crate::generate::strategy::any_case): long games are where bounded
    /// solutions fail, and random cases almost never are; more would starve the other
    /// families of cases (at 4 for every problem, `distinct-at-high-degree` survived
    /// 256 cases on 3 of seeds 1 to 6). 2 by default.
    const LONG_WEIGHT: u32 = 2;

    /// The shrinking passes in contest form, coarsest first (see [`Passes`]); with
    /// `official`, only candidates within the official limits.
    ///
    /// By default every single removal ([`single_removals`](Contest::single_removals))
    /// alone: enough for a 1-minimal result; chunks of edges removed at once ([`passes`]
    /// with [`Chunks`]) make large cases shrink in fewer steps.
    fn passes(official: bool) -> Passes<Self> {
        passes(official, Vec::new(), &[], Vec::new())
    }

    /// Every test case one removal away (a vertex, an edge, a word …), within the
    /// official limits when `official`: what 1-minimality is checked against.
    ///
    /// By default edits of the printed input that still parse (`shrink::text`): a
    /// line or a block of lines with the count that announced it, a token, a character
    /// of a word, a number made smaller. They know no structure; a problem's own
    /// removals (a vertex with its edges, a grid's column) shrink further and faster.
    fn single_removals(&self, official: bool) -> Vec<Self> {
        crate::shrink::text::edits(self, official)
    }

    /// The product game's positions and moves per position at the largest test case
    /// of `n` units, for refusing a size this machine cannot hold before generating.
    /// By default two positions a unit with four moves each; a problem whose product
    /// grows faster must say so, or large `--max-size`s are not refused in time.
    fn largest_product(n: u64) -> (u64, u64) {
        (n.saturating_mul(2), 4)
    }

    /// Whether the `diff` fuzz input encodes this problem's test cases ([`decode`]
    /// and [`encode`](Contest::encode)).
    ///
    /// [`decode`]: Contest::decode
    const FUZZED: bool = false;

    /// A small test case from fuzzer bytes (see [`crate::fuzz`]), or `None` outside the
    /// caps.
    fn decode(_bytes: &mut Bytes) -> Option<Self> {
        None
    }

    /// Appends the bytes that [`decode`](Contest::decode) turns back into this test
    /// case, or `None` when it is outside the caps.
    fn encode(&self, _out: &mut Vec<u8>) -> Option<()> {
        None
    }
}

/// Chunks of a list a test case is made of (its edges, steps, words): a name, and the
/// candidates without one of `parts` chunks of it (`make(instance, parts, official)`).
pub type Chunks<T> = (&'static str, fn(&T, usize, bool) -> Vec<T>);

/// The passes of a contest problem in the shrinker's usual order: `coarse` ones first,
/// then each of `chunks` at halves, quarters, … (`EDGE_PARTS` sizes), every single
/// removal ([`Contest::single_removals`]), then the `fine` ones. With `official`, every
/// candidate keeps the official limits.
pub fn passes<T: Contest>(
    official: bool,
    coarse: Vec<Pass<T>>,
    chunks: &[Chunks<T>],
    fine: Vec<Pass<T>>,
) -> Passes<T> {
    let mut list = coarse;
    for &(name, make) in chunks {
        for log in 1..=EDGE_PARTS {
            let parts = 1usize << log;
            list.push(contest_pass(name, official, move |t: &T, official| {
                make(t, parts, official)
            }));
        }
    }
    let singles = list.len();
    list.push(pass(
        "single removals",
        move |t: &T, from| -> Box<dyn Iterator<Item = T> + '_> {
            Box::new(t.single_removals(official).into_iter().skip(from))
        },
    ));
    list.extend(fine);
    Passes { list, singles }
}

/// Up to a few random edits of `t` by `edit`, the first that keeps the official limits
/// when `official` (and `t` meets them); `t` itself when none does. What every
/// problem's [`Contest::mutate`] wraps its edits in.
pub fn mutated<T: ContestProblem + Clone>(
    t: &T,
    rng: &mut ChaCha8Rng,
    official: bool,
    mut edit: impl FnMut(&T, &mut ChaCha8Rng) -> Option<T>,
) -> T {
    let official = official && t.is_official();
    for _ in 0..16 {
        if let Some(c) = edit(t, rng) {
            if !official || c.is_official() {
                return c;
            }
        }
    }
    t.clone()
}

/// Which inputs a generator may make, as `stress` asks for them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// Also the inputs the rules allow (or a robust solution should accept) but
    /// contests rarely test: duplicate edges, self-loops, x = y, m = 0, empty sets …
    pub edge_cases: bool,
    /// Sizes beyond the official limit are asked for: a generator keeps the official
    /// constraints only up to it.
    pub beyond_limits: bool,
}

impl Rules {
    /// Within the official limits: what the generator families of `diff` use.
    pub const OFFICIAL: Rules = Rules {
        edge_cases: false,
        beyond_limits: false,
    };

    /// Whether a test case of `n` units keeps the official constraints: no edge cases
    /// asked for, and `n` within the official maximum (or sizes are capped at it).
    pub fn official_at<T: ContestProblem>(self, n: u32) -> bool {
        !self.edge_cases && self.within::<T>(n)
    }

    /// Whether `n` is within the official maximum, or sizes are capped at it anyway.
    pub fn within<T: ContestProblem>(self, n: u32) -> bool {
        !self.beyond_limits || n <= T::OFFICIAL_MAX
    }
}
