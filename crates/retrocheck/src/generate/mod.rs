//! Seeded generators of test games and contest instances, deterministic from
//! `(family, seed, size)`.
//!
//! Uniform random games are a poor test set: with few moves per position almost
//! nothing is a draw and remoteness stays short, so the families below are presets of
//! `Features` that plant what bugs hide behind — draws from small cycles, long
//! remoteness, self-loops and repeated moves, terminal labels, draw conventions, the
//! contest product games — and [`Family::Swarm`] switches features on and off per case
//! (swarm testing: a case without a feature tests the others harder).

pub mod strategy;

use crate::case::Case;
use crate::contest::Rules;
use crate::game::{Game, GameBuilder, Outcome, Side};
use crate::problems::Problem;
use crate::transform::relabel;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A generator family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Family {
    /// Uniform random moves, 0–3 per position: the uncontrolled baseline.
    Uniform,
    /// One or two moves per position.
    Sparse,
    /// Many moves per position, and the odd position with hundreds or thousands.
    Dense,
    /// Every position has 16 to 256 moves, with repeats, self-loops and hubs: where
    /// narrow counters, distinct-successor shortcuts and quadratic scans break.
    Wide,
    /// Acyclic: no draws but terminal draws, every value decided by depth.
    Dag,
    /// A planted path: remoteness up to n − 1.
    LongPath,
    /// Moves between near neighbours: many small cycles, many draws.
    Cycles,
    /// Self-loops and repeated moves everywhere.
    Multi,
    /// Many terminal positions with explicit outcomes, terminal draws included.
    Terminals,
    /// A draw convention credits endless play to one side.
    DrawConvention,
    /// Product games of random instances of a contest problem, within its official
    /// limits ([`crate::contest`]); named after the problem.
    Contest(Problem),
    /// Games long by construction: chains with side exits (`chain_game`), one in
    /// `SEARCHED_ONE_IN` searched for longer ones.
    Chains,
    /// Instances of a contest problem long by construction ([`Contest::long`](crate::contest::Contest::long)),
    /// one in `SEARCHED_ONE_IN` searched for longer ones; named `long-<problem>`.
    Long(Problem),
    /// Every feature switched on or off at random per case.
    Swarm,
    /// Every game up to a few positions, by index ([`crate::exhaustive`]).
    Exhaustive,
    /// 10^5 to 10^7 positions: a planted chain, a draw region and a random region,
    /// checked by `certify` and the metamorphic relations.
    Large,
}

/// The families of plain games drawn from features, in report order.
const GAME_FAMILIES: [Family; 10] = [
    Family::Uniform,
    Family::Sparse,
    Family::Dense,
    Family::Wide,
    Family::Dag,
    Family::LongPath,
    Family::Cycles,
    Family::Multi,
    Family::Terminals,
    Family::DrawConvention,
];

/// The number of families: two per contest problem (random and long) besides the others.
const FAMILY_COUNT: usize = GAME_FAMILIES.len() + 2 * Problem::ALL.len() + 4;

/// Every family in report order: the game families, a family per contest problem in
/// the registry's order, `chains` and a long family per problem, then `swarm`,
/// `exhaustive` and `large`.
const fn all_families() -> [Family; FAMILY_COUNT] {
    let mut out = [Family::Uniform; FAMILY_COUNT];
    let mut i = 0;
    while i < GAME_FAMILIES.len() {
        out[i] = GAME_FAMILIES[i];
        i += 1;
    }
    let problems = Problem::ALL.len();
    let mut j = 0;
    while j < problems {
        out[i + j] = Family::Contest(Problem::ALL[j]);
        out[i + problems + 1 + j] = Family::Long(Problem::ALL[j]);
        j += 1;
    }
    out[i + problems] = Family::Chains;
    let k = i + 2 * problems + 1;
    out[k] = Family::Swarm;
    out[k + 1] = Family::Exhaustive;
    out[k + 2] = Family::Large;
    out
}

/// One case in this many of the long families is searched for longer games
/// ([`crate::search`]), with [`FAMILY_SEARCH_BUDGET`] of solving work.
pub(crate) const SEARCHED_ONE_IN: u64 = 32;

/// The solving work (positions and moves) a searched case of a long family may spend.
pub(crate) const FAMILY_SEARCH_BUDGET: u64 = 500_000;

/// The names of the long families, `long-<problem>`, made once.
fn long_name(problem: Problem) -> &'static str {
    static NAMES: std::sync::OnceLock<Vec<(Problem, &'static str)>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Problem::ALL
            .iter()
            .map(|&p| (p, &*Box::leak(format!("long-{}", p.name()).into_boxed_str())))
            .collect()
    });
    names
        .iter()
        .find(|(p, _)| *p == problem)
        .map(|(_, name)| *name)
        .expect("every problem has a long family")
}

impl Family {
    /// Every family, in report order.
    pub const ALL: [Family; FAMILY_COUNT] = all_families();

    /// The families whose cases are drawn from a seed at a size chosen by the
    /// campaign: all but `exhaustive` and `large`, the last two.
    pub const SEEDED: &'static [Family] = Family::ALL.split_at(FAMILY_COUNT - 2).0;

    /// The seeded families whose cases are plain games (not contest instances).
    pub fn games() -> impl Iterator<Item = Family> {
        Family::SEEDED.iter().copied().filter(|f| !f.is_contest())
    }

    /// Whether the family's cases are contest instances.
    pub fn is_contest(self) -> bool {
        matches!(self, Family::Contest(_) | Family::Long(_))
    }

    /// A hash of the family's name (FNV-1a), mixed into its seeds: a family's cases
    /// depend on its name, never on its place in a list, so adding a family changes
    /// no existing case.
    pub(crate) fn salt(self) -> u64 {
        self.name().bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    }

    /// The family's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Family::Uniform => "uniform",
            Family::Sparse => "sparse",
            Family::Dense => "dense",
            Family::Wide => "wide",
            Family::Dag => "dag",
            Family::LongPath => "long-path",
            Family::Cycles => "cycles",
            Family::Multi => "multi",
            Family::Terminals => "terminals",
            Family::DrawConvention => "draw-convention",
            Family::Contest(problem) => problem.name(),
            Family::Chains => "chains",
            Family::Long(problem) => long_name(problem),
            Family::Swarm => "swarm",
            Family::Exhaustive => "exhaustive",
            Family::Large => "large",
        }
    }

    /// The family of a name as [`Family::name`] gives it.
    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The features of this family for one case (the swarm draws its own).
    pub(crate) fn features(self, rng: &mut impl Rng) -> Features {
        let base = Features::default();
        match self {
            Family::Uniform => Features {
                degree: (0, 3),
                ..base
            },
            Family::Sparse => Features {
                degree: (1, 2),
                terminal_rate: 0.1,
                ..base
            },
            Family::Dense => Features {
                degree: (4, 12),
                terminal_rate: 0.05,
                heavy_rate: 0.02,
                ..base
            },
            Family::Wide => Features {
                degree: (1, 3),
                heavy_rate: 1.0,
                heavy_log2: (4, 8),
                self_loop_rate: 0.05,
                repeat_rate: 0.2,
                hub_rate: 0.3,
                terminal_rate: 0.1,
                ..base
            },
            Family::Dag => Features {
                degree: (1, 3),
                dag: true,
                label_rate: 0.3,
                ..base
            },
            Family::LongPath => Features {
                planted_path: true,
                degree: (0, 2),
                ..base
            },
            Family::Cycles => Features {
                degree: (1, 2),
                locality: Some(2),
                terminal_rate: 0.1,
                ..base
            },
            Family::Multi => Features {
                degree: (1, 4),
                self_loop_rate: 0.25,
                repeat_rate: 0.3,
                terminal_rate: 0.15,
                heavy_rate: 0.01,
                ..base
            },
            Family::Terminals => Features {
                degree: (1, 3),
                terminal_rate: 0.35,
                label_rate: 0.8,
                terminal_draws: true,
                ..base
            },
            Family::DrawConvention => Features {
                degree: (1, 2),
                locality: Some(3),
                terminal_rate: 0.15,
                label_rate: 0.5,
                draw_credit: true,
                ..base
            },
            Family::Swarm => Features::swarm(rng),
            // These families do not use features; these are never read.
            Family::Contest(_) | Family::Chains | Family::Long(_) | Family::Exhaustive | Family::Large => {
                base
            }
        }
    }
}

/// What a random game is made of. Rates are probabilities.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Features {
    /// Moves per position (when it is not made terminal), uniform in this range.
    pub(crate) degree: (u32, u32),
    /// Chance that a position gets no moves at all.
    pub(crate) terminal_rate: f64,
    /// Chance that a position without moves gets an explicit outcome label.
    pub(crate) label_rate: f64,
    /// Whether labels may be draws (never with a draw convention).
    pub(crate) terminal_draws: bool,
    /// Chance that a move is a self-loop.
    pub(crate) self_loop_rate: f64,
    /// Chance that a move repeats one the position already has.
    pub(crate) repeat_rate: f64,
    /// Moves only go forward in a hidden order: no cycles.
    pub(crate) dag: bool,
    /// Moves only go to positions this close in a hidden cyclic order: small cycles.
    pub(crate) locality: Option<u32>,
    /// Most positions form a chain whose start has remoteness up to n − 1.
    pub(crate) planted_path: bool,
    /// The game credits endless play to a random side.
    pub(crate) draw_credit: bool,
    /// Chance that a position's mover is A.
    pub(crate) mover_a_rate: f64,
    /// Chance that a position with moves gets a heavy list of 2^k moves instead of
    /// `degree`: the out-degree axis, heavy-tailed up to thousands.
    pub(crate) heavy_rate: f64,
    /// The range of k for heavy lists (2^k moves).
    pub(crate) heavy_log2: (u32, u32),
    /// Chance that an ordinary move goes to one of a few hub positions: the in-degree
    /// axis.
    pub(crate) hub_rate: f64,
}

/// The most moves a generated game has in all: heavy lists stop there, so a case stays
/// cheap for value iteration whatever its axes.
pub(crate) const MOVE_BUDGET: usize = 100_000;

impl Default for Features {
    fn default() -> Features {
        Features {
            degree: (0, 3),
            terminal_rate: 0.0,
            label_rate: 0.0,
            terminal_draws: false,
            self_loop_rate: 0.0,
            repeat_rate: 0.0,
            dag: false,
            locality: None,
            planted_path: false,
            draw_credit: false,
            mover_a_rate: 0.5,
            heavy_rate: 0.0,
            heavy_log2: (4, 12),
            hub_rate: 0.0,
        }
    }
}

impl Features {
    /// Swarm testing: each feature on or off at random, with random strength.
    pub(crate) fn swarm(rng: &mut impl Rng) -> Features {
        let mut chance = |p: f64, max: f64| {
            if rng.gen_bool(p) {
                rng.gen_range(0.0..max)
            } else {
                0.0
            }
        };
        let terminal_rate = chance(0.6, 0.5);
        let label_rate = chance(0.5, 1.0);
        let self_loop_rate = chance(0.4, 0.4);
        let repeat_rate = chance(0.4, 0.5);
        let hub_rate = chance(0.3, 0.6);
        let low = rng.gen_range(0..=2);
        let degree = (low, low + rng.gen_range(0..=4));
        let draw_credit = rng.gen_bool(0.3);
        let heavy_rate = if rng.gen_bool(0.3) {
            [0.01, 0.05, 0.2, 1.0][rng.gen_range(0..4)]
        } else {
            0.0
        };
        let top = rng.gen_range(4..=12);
        Features {
            degree,
            terminal_rate,
            label_rate,
            terminal_draws: !draw_credit && rng.gen_bool(0.5),
            self_loop_rate,
            repeat_rate,
            dag: rng.gen_bool(0.2),
            locality: rng.gen_bool(0.4).then(|| rng.gen_range(1..=4)),
            planted_path: rng.gen_bool(0.2),
            draw_credit,
            mover_a_rate: match rng.gen_range(0..10) {
                0 => 0.0,
                1 => 1.0,
                2..=4 => rng.gen_range(0.0..=1.0),
                _ => 0.5,
            },
            heavy_rate,
            heavy_log2: (4.min(top), top),
            hub_rate,
        }
    }
}

/// A case is searched for long games by its game's or its problem's edits.
impl crate::search::Searchable for Case {
    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> Case {
        match self {
            Case::Game(game) => Case::Game(mutated_game(game, rng)),
            Case::Instance(i) => Case::Instance(crate::builtin::of(i).mutate(i, rng, official)),
        }
    }

    fn length(&self) -> Option<(crate::search::Length, u64)> {
        let game = self.game().ok()?;
        let answer = match self {
            Case::Game(_) => None,
            Case::Instance(i) => i.answer_positions(),
        };
        Some(crate::search::length_of(&game, answer.as_deref()))
    }
}

/// The random generator of one case: ChaCha8, whose stream is fixed by its seed on
/// every platform and version.
pub(crate) fn case_rng(family: Family, seed: u64) -> ChaCha8Rng {
    // Mix the family in so that the same seed gives unrelated games per family.
    crate::seed::rng(seed ^ family.salt())
}

/// The case of `family` for `seed`, with about `size` positions (at least 1). For
/// `exhaustive`, the seed is an index into the space of games of at most `size`
/// positions (at most 6).
pub fn case(family: Family, seed: u64, size: usize) -> Case {
    let mut rng = case_rng(family, seed);
    let size = size.max(1);
    match family {
        Family::Exhaustive => {
            let max_n = size.min(crate::exhaustive::MAX_N as usize) as u32;
            let index = seed % crate::exhaustive::size(max_n);
            Case::Game(crate::exhaustive::game_any(index, max_n).expect("an index inside the space"))
        }
        Family::Large => Case::Game(large_game(&mut rng, size)),
        Family::Contest(problem) => {
            let entry = crate::builtin::entry(problem);
            Case::Instance(entry.generate(&mut rng, entry.units(size), Rules::OFFICIAL))
        }
        Family::Chains | Family::Long(_) => {
            let start = match family {
                Family::Long(problem) => {
                    let entry = crate::builtin::entry(problem);
                    Case::Instance(entry.long(&mut rng, entry.long_units(size), Rules::OFFICIAL))
                }
                _ => Case::Game(chain_game(&mut rng, size)),
            };
            if seed % SEARCHED_ONE_IN != 0 {
                return start;
            }
            // Climbing and annealing in turn: which finds longer games depends on the
            // problem and the size (`cargo bench --bench search`).
            let method = if seed / SEARCHED_ONE_IN % 2 == 0 {
                crate::search::DEFAULT_METHOD
            } else {
                crate::search::Method::Anneal { start: 4.0 }
            };
            crate::search::lengthen(&mut rng, start, true, FAMILY_SEARCH_BUDGET, method).case
        }
        _ => {
            let features = family.features(&mut rng);
            Case::Game(random_game(&mut rng, size, &features))
        }
    }
}

/// A game before its features are applied: the raw choices that every entry point
/// (rand here, proptest strategies, `arbitrary` fuzz input) produces and shrinks, and
/// that [`realize`] turns into a [`Game`]. Every byte is read so that 0 is the
/// simplest choice (mover A, not terminal, no label, an ordinary move), which makes
/// shrinking toward zero shrink toward simple games.
#[derive(Clone, Debug, Default, PartialEq, Eq, arbitrary::Arbitrary)]
pub(crate) struct RawGame {
    /// The positions, in slot order (at least one is realized).
    pub(crate) positions: Vec<RawPosition>,
    /// With [`Features::draw_credit`]: 0 credits endless play to A, else to B.
    pub(crate) credit: u8,
    /// With [`Features::planted_path`]: how much shorter than n the chain is.
    pub(crate) path_cut: u32,
    /// With a planted path: 0 for one shared mover, else alternating movers.
    pub(crate) path_shape: u8,
}

/// One raw position: bytes compared with the features' rates, and raw moves.
#[derive(Clone, Debug, Default, PartialEq, Eq, arbitrary::Arbitrary)]
pub(crate) struct RawPosition {
    /// Compared with the mover rate: 0 makes A move.
    pub(crate) mover: u8,
    /// Compared with the terminal rate: 0 never stops.
    pub(crate) stop: u8,
    /// Compared with the label rate, and picks the label: 0 never labels.
    pub(crate) label: u8,
    /// With [`Features::heavy_rate`]: whether the position gets a heavy list, and of
    /// which size; 0 never does.
    pub(crate) fan: u8,
    /// (raw target, kind): the target is mapped into range by the features; the kind
    /// byte decides self-loops and repeats.
    pub(crate) moves: Vec<(u32, u8)>,
}

/// Whether a raw byte falls in the top `rate` of its range: 0 never does.
fn chance(byte: u8, rate: f64) -> bool {
    f64::from(byte) >= 256.0 * (1.0 - rate)
}

/// [`chance`] under one rate, as the least byte it accepts (256: none), so that
/// [`realize`], which asks up to four times for every move of a heavy list, compares
/// integers. `chance` grows with the byte: the first byte it accepts decides all.
#[derive(Clone, Copy, Debug)]
struct Threshold(u16);

impl Threshold {
    fn of(rate: f64) -> Threshold {
        Threshold((0..=u8::MAX).find(|&b| chance(b, rate)).map_or(256, u16::from))
    }

    /// Whether `chance(byte, rate)`.
    fn admits(self, byte: u8) -> bool {
        u16::from(byte) >= self.0
    }
}

/// The rates of a [`Features`] that [`realize`] reads, as [`Threshold`]s.
#[derive(Clone, Copy, Debug)]
struct Thresholds {
    mover_b: Threshold,
    stop: Threshold,
    label: Threshold,
    heavy: Threshold,
    self_loop: Threshold,
    repeat: Threshold,
    hub: Threshold,
}

impl Thresholds {
    fn of(f: &Features) -> Thresholds {
        Thresholds {
            mover_b: Threshold::of(1.0 - f.mover_a_rate),
            stop: Threshold::of(f.terminal_rate),
            label: Threshold::of(f.label_rate),
            heavy: Threshold::of(f.heavy_rate),
            self_loop: Threshold::of(f.self_loop_rate),
            repeat: Threshold::of(f.repeat_rate),
            hub: Threshold::of(f.hub_rate),
        }
    }
}

/// The game a raw description stands for under `f`, positions in slot order.
pub(crate) fn realize(raw: &RawGame, f: &Features) -> Game {
    let default = [RawPosition::default()];
    let positions = if raw.positions.is_empty() {
        &default[..]
    } else {
        &raw.positions[..]
    };
    let n = positions.len();
    let path_len = if f.planted_path {
        n - (raw.path_cut as usize % n.div_ceil(2))
    } else {
        0
    };
    let path_mover = if positions[0].mover % 2 == 0 {
        Side::A
    } else {
        Side::B
    };
    let mut b = GameBuilder::with_capacity(n, positions.iter().map(|p| p.moves.len()).sum());
    let rates = Thresholds::of(f);
    let mut moves: Vec<u32> = Vec::new();
    let mut total = 0usize;
    for (slot, raw_position) in positions.iter().enumerate() {
        moves.clear();
        if slot < path_len {
            let mover = path_position(raw, raw_position, slot, path_len, path_mover, &mut moves);
            b.moves(mover, &moves);
            continue;
        }
        let mover = if rates.mover_b.admits(raw_position.mover) {
            Side::B
        } else {
            Side::A
        };
        let room = n - slot - 1;
        if rates.stop.admits(raw_position.stop) || (f.dag && room == 0) {
            let labels = if f.terminal_draws && !f.draw_credit { 3 } else { 2 };
            let label = rates
                .label
                .admits(raw_position.label)
                .then(|| match raw_position.label % labels {
                    0 => Outcome::Win(Side::A),
                    1 => Outcome::Win(Side::B),
                    _ => Outcome::Draw,
                });
            b.position::<u32>(mover, &[], label);
            continue;
        }
        let heavy = rates.heavy.admits(raw_position.fan);
        let count = if heavy {
            let (low, high) = (f.heavy_log2.0, f.heavy_log2.1.max(f.heavy_log2.0));
            let k = low + u32::from(raw_position.fan) % (high - low + 1);
            (1usize << k).min(MOVE_BUDGET.saturating_sub(total))
        } else {
            raw_position.moves.len().min(f.degree.1.max(1) as usize)
        };
        let raw_moves = &raw_position.moves;
        // `i % raw_moves.len()`, counted: a division for every move showed in profiles.
        let mut cycle = 0;
        for i in 0..count {
            // A heavy list cycles through the raw moves, each turn shifted, so a few
            // raw bytes (which shrink) stand for thousands of moves.
            let (target, kind) = match raw_moves.get(cycle) {
                Some(&(t, k)) if !heavy || i < raw_moves.len() => (t, k),
                Some(&(t, k)) => (
                    t.wrapping_add(i as u32 * 0x9E37),
                    k.wrapping_add((i as u8).wrapping_mul(37)),
                ),
                None => (i as u32 * 0x9E37, (i as u8).wrapping_mul(37)),
            };
            cycle += 1;
            if cycle >= raw_moves.len() {
                cycle = 0;
            }
            let target = target as usize;
            let to = if rates.self_loop.admits(kind) {
                slot
            } else if !moves.is_empty() && rates.repeat.admits(kind.wrapping_mul(7)) {
                moves[target % moves.len()] as usize
            } else if rates.hub.admits(kind.rotate_left(3)) && !f.dag {
                // The hubs: the first few slots (ids are shuffled afterwards).
                target % (1 + n / 64)
            } else if f.dag {
                slot + 1 + target % room
            } else if let Some(k) = f.locality {
                let k = k as usize;
                (slot + n * (k + 1) + target % (2 * k + 1) - k) % n
            } else {
                target % n
            };
            moves.push(to as u32);
        }
        total += moves.len();
        b.moves(mover, &moves);
    }
    if f.draw_credit {
        b.draw_credit(Some(if raw.credit % 2 == 0 { Side::A } else { Side::B }));
    }
    b.build().expect("realized games are valid")
}

/// Slot `slot` of a planted chain `0 → 1 → … → len−1`, whose end is stuck. Either all
/// chain positions share a mover who loses everywhere, and forward skips keep every
/// remoteness (a loss takes the slowest move, always the next one); or movers
/// alternate along a thin chain, each position won or lost one move slower than the
/// next. Both give remoteness len − 1 at the start. Returns the slot's mover; its
/// moves go into `chain`, which is empty (one list for every slot of the chain).
fn path_position(
    raw: &RawGame,
    position: &RawPosition,
    slot: usize,
    len: usize,
    mover: Side,
    chain: &mut Vec<u32>,
) -> Side {
    if slot + 1 == len {
        let alternate = raw.path_shape % 2 == 1 && slot % 2 == 1;
        return if alternate { mover.other() } else { mover };
    }
    chain.push(slot as u32 + 1);
    if raw.path_shape % 2 == 1 {
        return if slot % 2 == 0 { mover } else { mover.other() };
    }
    for &(target, _) in position.moves.iter().take(2) {
        let skip = slot + 1 + target as usize % (len - slot - 1);
        let at = target as usize % (chain.len() + 1);
        chain.insert(at, skip as u32);
    }
    mover
}

/// A random raw game of `n` positions whose bytes follow `f`'s degree range.
pub(crate) fn random_raw(rng: &mut impl Rng, n: usize, f: &Features) -> RawGame {
    let mut scratch = RawScratch::default();
    scratch.redraw(rng, n, f);
    scratch.raw
}

/// A raw game drawn again and again in the same memory: a game of n positions would
/// otherwise allocate n move lists and free them again, for every case of every
/// random family.
#[derive(Default)]
struct RawScratch {
    /// The last raw game drawn.
    raw: RawGame,
    /// Move lists of positions beyond the last game's, kept for a larger one.
    spare: Vec<Vec<(u32, u8)>>,
}

impl RawScratch {
    /// Draws [`random_raw`]`(rng, n, f)` into `self.raw`, with the same draws.
    fn redraw(&mut self, rng: &mut impl Rng, n: usize, f: &Features) {
        let (raw, spare) = (&mut self.raw, &mut self.spare);
        spare.extend(raw.positions.drain(..).map(|position| position.moves));
        for _ in 0..n.max(1) {
            let degree = rng.gen_range(f.degree.0..=f.degree.1.max(f.degree.0));
            let (mover, stop, label, fan) = (rng.gen(), rng.gen(), rng.gen(), rng.gen());
            let mut moves = spare.pop().unwrap_or_default();
            moves.clear();
            moves.extend((0..degree).map(|_| (rng.gen(), rng.gen())));
            raw.positions.push(RawPosition {
                mover,
                stop,
                label,
                fan,
                moves,
            });
        }
        (raw.credit, raw.path_cut, raw.path_shape) = (rng.gen(), rng.gen(), rng.gen());
    }
}

/// Games up to this many positions are drawn in the thread's [`RawScratch`]; a larger
/// one is drawn afresh and freed, not held for the thread's life.
const REUSED_RAW_MAX: usize = 1 << 14;

thread_local! {
    static SCRATCH: std::cell::RefCell<RawScratch> = Default::default();
}

/// A random game of `n` positions with `features`, ids shuffled so that no solver
/// can lean on the slot order the features are built on.
pub(crate) fn random_game(rng: &mut impl Rng, n: usize, f: &Features) -> Game {
    let game = if n <= REUSED_RAW_MAX {
        SCRATCH.with_borrow_mut(|scratch| {
            scratch.redraw(rng, n, f);
            realize(&scratch.raw, f)
        })
    } else {
        realize(&random_raw(rng, n, f), f)
    };
    let mut perm: Vec<u32> = (0..game.positions() as u32).collect();
    perm.shuffle(rng);
    relabel(&game, &perm)
}

/// A game of `n` positions whose longest forced line is long: a chain of half to all of
/// the positions, where every position but the last moves on along it and also has a
/// side exit to a terminal won by its mover's opponent (a move a depth-limited search
/// must refute, never a shortcut); movers alternate along the chain or are all one
/// side; the other positions move at random, into the chain too, some beside a
/// self-loop. The chain's head has
/// remoteness its length less one. Ids are shuffled.
pub(crate) fn chain_game(rng: &mut impl Rng, n: usize) -> Game {
    let n = n.max(1);
    let exits = rng.gen_bool(0.7);
    // The chain and, when there are exits, one terminal per chain position.
    let len = ((n as f64 * rng.gen_range(0.5..=1.0)) as usize / if exits { 2 } else { 1 }).max(1);
    let alternate = rng.gen_bool(0.5);
    let first = if rng.gen() { Side::A } else { Side::B };
    let mut b = GameBuilder::with_capacity(n, 3 * n);
    let exit_of = |i: usize| (len + i) as u32;
    for i in 0..len {
        let mover = if alternate && i % 2 == 1 {
            first.other()
        } else {
            first
        };
        let mut moves = Vec::with_capacity(2);
        if i + 1 < len {
            moves.push(i as u32 + 1);
        }
        if exits && i + 1 < len {
            moves.insert(rng.gen_range(0..=moves.len()), exit_of(i));
        }
        b.moves(mover, &moves);
    }
    let terminals = if exits { len } else { 0 };
    for i in 0..terminals {
        let mover = if alternate && i % 2 == 1 {
            first.other()
        } else {
            first
        };
        b.terminal(mover, Outcome::Win(mover.other()));
    }
    // The rest at random, now and then with a self-loop beside its moves: where the
    // fast paths of a solver for big games have broken before.
    let loops = rng.gen_bool(0.5);
    for slot in len + terminals..n {
        let degree = rng.gen_range(0..=3);
        let mut moves: Vec<u32> = (0..degree).map(|_| rng.gen_range(0..n as u32)).collect();
        if loops && rng.gen_bool(0.3) {
            moves.push(slot as u32);
        }
        b.moves(if rng.gen() { Side::A } else { Side::B }, &moves);
    }
    let game = b.build().expect("chain games are valid");
    let mut perm: Vec<u32> = (0..game.positions() as u32).collect();
    perm.shuffle(rng);
    relabel(&game, &perm)
}

/// A small random edit of `game` that keeps its positions: a move retargeted, added or
/// removed, or a mover flipped (the moves of the search for long games).
pub(crate) fn mutated_game(game: &Game, rng: &mut impl Rng) -> Game {
    let n = game.positions() as u32;
    let p = rng.gen_range(0..n);
    let mut moves = game.moves(p).to_vec();
    let label = game.terminal(p);
    let mut mover = game.mover(p);
    match rng.gen_range(0..4) {
        0 if !moves.is_empty() => {
            let i = rng.gen_range(0..moves.len());
            moves[i] = rng.gen_range(0..n);
        }
        1 if label.is_none() => moves.push(rng.gen_range(0..n)),
        2 if !moves.is_empty() => {
            moves.remove(rng.gen_range(0..moves.len()));
        }
        _ => mover = mover.other(),
    }
    crate::transform::edited(game, p, mover, &moves, label)
}

/// A large random game of `n` positions, built straight into CSR arrays: a planted
/// chain of one mover with forward skips (remoteness up to its length), a region of
/// small cycles (a big draw region, with some exits), and a random region with
/// terminals and labels, self-loops, repeated moves and a few positions with hundreds
/// to thousands of moves; a draw convention in some cases.
pub(crate) fn large_game(rng: &mut impl Rng, n: usize) -> Game {
    let n = n.max(3);
    let chain = (n as f64 * rng.gen_range(0.05..0.4)) as usize + 1;
    let cycles = (n as f64 * rng.gen_range(0.1..0.4)) as usize;
    let credit = rng
        .gen_bool(0.3)
        .then(|| if rng.gen() { Side::A } else { Side::B });
    let chain_mover = if rng.gen() { Side::A } else { Side::B };
    let mut movers = Vec::with_capacity(n);
    let mut terminals = Vec::with_capacity(n);
    let mut offsets = Vec::with_capacity(n + 1);
    let mut targets: Vec<u32> = Vec::with_capacity(n * 3);
    offsets.push(0u32);
    for slot in 0..n {
        let mut label = None;
        let mover;
        if slot < chain {
            mover = chain_mover;
            if slot + 1 < chain {
                targets.push(slot as u32 + 1);
                if rng.gen_bool(0.3) {
                    targets.push(rng.gen_range(slot + 1..chain) as u32);
                }
            }
        } else if slot < chain + cycles {
            mover = if rng.gen() { Side::A } else { Side::B };
            let (start, len) = (chain, cycles);
            let local = slot - start;
            targets.push((start + (local + 1) % len) as u32);
            if rng.gen_bool(0.2) {
                targets.push((start + (local + len - 1) % len) as u32);
            }
            if rng.gen_bool(0.05) {
                targets.push(rng.gen_range(0..n) as u32);
            }
        } else {
            mover = if rng.gen() { Side::A } else { Side::B };
            if rng.gen_bool(0.15) {
                if rng.gen_bool(0.5) {
                    let draws = credit.is_none();
                    label = Some(match rng.gen_range(0..if draws { 3 } else { 2 }) {
                        0 => Outcome::Win(Side::A),
                        1 => Outcome::Win(Side::B),
                        _ => Outcome::Draw,
                    });
                }
            } else {
                // Mostly a few moves; now and then a self-loop, a repeated move, or a
                // heavy list of hundreds to thousands of moves (the scale axes).
                let degree = if rng.gen_bool(0.002) {
                    1 << rng.gen_range(8..=11)
                } else {
                    rng.gen_range(1..=4)
                };
                let first = targets.len();
                for _ in 0..degree {
                    let target = if rng.gen_bool(0.05) {
                        slot as u32
                    } else if targets.len() > first && rng.gen_bool(0.1) {
                        targets[rng.gen_range(first..targets.len())]
                    } else {
                        rng.gen_range(0..n) as u32
                    };
                    targets.push(target);
                }
            }
        }
        movers.push(mover);
        terminals.push(label);
        offsets.push(targets.len() as u32);
    }
    Game::from_csr(movers, terminals, offsets, targets, credit).expect("large games are valid")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::retrograde;
    use rand::SeedableRng;

    #[test]
    fn the_same_family_seed_and_size_give_the_same_case() {
        for &family in Family::SEEDED {
            assert_eq!(case(family, 7, 30), case(family, 7, 30), "{family:?}");
            assert_ne!(case(family, 7, 30), case(family, 8, 30), "{family:?}");
        }
    }

    #[test]
    fn a_threshold_admits_the_bytes_chance_does() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let drawn: Vec<f64> = (0..200).map(|_| rng.gen_range(0.0..=1.0)).collect();
        for rate in [0.0, 0.01, 0.05, 0.1, 0.2, 0.25, 0.5, 0.75, 1.0, 1.5, -0.5]
            .into_iter()
            .chain(drawn)
        {
            let threshold = Threshold::of(rate);
            for byte in 0..=u8::MAX {
                assert_eq!(
                    threshold.admits(byte),
                    chance(byte, rate),
                    "rate {rate}, byte {byte}"
                );
            }
        }
    }

    #[test]
    fn planted_paths_reach_remoteness_n_minus_one() {
        let f = Features {
            planted_path: true,
            ..Features::default()
        };
        let mut longest = 0;
        for seed in 0..40 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let g = random_game(&mut rng, 50, &f);
            let s = retrograde::solve(&g);
            longest = longest.max(s.values.iter().filter_map(|v| v.remoteness()).max().unwrap_or(0));
        }
        assert_eq!(longest, 49);
    }

    #[test]
    fn large_games_plant_a_long_chain_and_a_draw_region() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let g = large_game(&mut rng, 100_000);
        let s = retrograde::solve(&g);
        let longest = s.values.iter().filter_map(|v| v.remoteness()).max().unwrap();
        let draws = s
            .values
            .iter()
            .filter(|v| **v == crate::game::Value::Draw)
            .count();
        assert!(longest >= 5_000, "longest remoteness {longest}");
        assert!(draws >= 5_000, "{draws} draws");
    }

    #[test]
    fn official_instances_respect_the_official_limits() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for n in [2, 3, 10, 100] {
            assert!(crate::builtin::pursuit::instance(&mut rng, n, true).is_official());
            assert!(crate::builtin::minigame::instance(&mut rng, n, true).is_official());
        }
    }
}
