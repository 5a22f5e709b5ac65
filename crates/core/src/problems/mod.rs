//! Contest front-ends: a [`Problem`] turns a contest input into [`Instance`]s, an
//! instance into a [`Game`], a solved game back into the judge's exact answer line, and
//! an instance back into contest input (for the shrinker and saved counterexamples).

pub mod scan;
mod stream;

use crate::game::{check_size, BuildError, Game, Outcome};
use crate::solve::retrograde::Reverse;
pub use scan::InputError;
use scan::Scanner;
pub use stream::check_input_size;

/// One contest problem, implemented by its test-case type: parsing and printing its
/// input, its product game, and the judge's answer read off the solved game.
///
/// A problem of your own crate implements this and the harness half (`Contest` in the
/// `retrocheck` crate) and is tested without being registered (docs/own-problem.md).
/// The built-in problems also have a line in [`registry!`](crate::problems) below,
/// which gives them a [`Problem`] and an [`Instance`] variant.
pub trait ContestProblem: Sized {
    /// The name used on the command line and for the corpus directory (`corpus/<name>/`).
    const NAME: &'static str;
    /// Whether the input begins with T, the number of test cases; if not, it holds
    /// exactly one test case (Codeforces and AtCoder style).
    const COUNTED: bool;
    /// What a test case's [`size`](Self::size) counts, plural: "vertices", "words".
    const UNIT: &'static str;
    /// The largest [`size`](Self::size) the official limits allow.
    const OFFICIAL_MAX: u32;

    /// Parses one test case. `cases`, the declared count T (1 for an uncounted input),
    /// only goes into error messages; errors name the line and what was expected.
    fn parse_case(s: &mut Scanner, cases: u64) -> Result<Self, InputError>;

    /// Appends this test case, as contest input, to `out`.
    fn print_case(&self, out: &mut String);

    /// The product game, built in CSR form for the checking path, or why it cannot be
    /// built (too large for memory).
    fn game(&self) -> Result<Game, ProductError>;

    /// The outcomes of the product game's positions, indexed as in [`game`](Self::game),
    /// by the fast path (an implicit product where it pays): what `solve` prints from.
    /// By default the CSR game of [`game`](Self::game), solved.
    fn implicit_outcomes(&self) -> Result<Vec<Outcome>, ProductError> {
        let game = self.game()?;
        Ok(crate::solve::retrograde::values(&game)
            .iter()
            .map(|v| v.outcome())
            .collect())
    }

    /// The judge's answer for test case `k` (1-based) from the product game's outcomes,
    /// with or without the draw convention; several lines are joined by `\n`, and there
    /// is no final newline.
    fn answer(&self, k: usize, outcomes: &[Outcome]) -> String;

    /// The judge's answer for test case `k` by the fast path: by default the answer
    /// read off [`implicit_outcomes`](Self::implicit_outcomes); a problem overrides it
    /// when it can share work between the two.
    fn answer_line(&self, k: usize) -> Result<String, ProductError> {
        Ok(self.answer(k, &self.implicit_outcomes()?))
    }

    /// [`answer_line`](Self::answer_line) split in two: solving, which may fail, and
    /// writing, which a caller can do after checking the rest of its input. By default
    /// the line, written whole; a problem whose answer is large overrides it to write
    /// a block at a time instead of holding the whole text.
    fn answer_writer(&self, k: usize) -> Result<AnswerWriter<'_>, ProductError> {
        let line = self.answer_line(k)?;
        Ok(Box::new(move |out| out.write_all(line.as_bytes())))
    }

    /// Whether the test case meets the problem's official limits.
    fn is_official(&self) -> bool;

    /// Its size in contest terms, for reports: "3 vertices, 2 edges". By default the
    /// [`size`](Self::size) in [`UNIT`](Self::UNIT)s: "3 vertices".
    fn size_text(&self) -> String {
        format!("{} {}", self.size(), Self::UNIT)
    }

    /// Its size in [`UNIT`](Self::UNIT)s, which the official limits bound by
    /// [`OFFICIAL_MAX`](Self::OFFICIAL_MAX).
    fn size(&self) -> u64;

    /// The product game's positions and (at most) its moves, computed from the
    /// contest data without building anything: what [`game`](Self::game) and the fast
    /// path check against the memory ceiling ([`fits_in_memory`], [`fits_implicitly`]),
    /// and what a caller solving test cases side by side reserves for each.
    fn product_shape(&self) -> (u64, u64);

    /// The product-game positions whose outcomes [`answer`](Self::answer) reads (the
    /// starts of the games the judge asks about), or `None` for every position: a
    /// bug bounded to a horizon shows only where one of them is decided beyond it.
    fn answer_positions(&self) -> Option<Vec<u32>> {
        None
    }
}

/// A test-case type of the registry: one variant of [`Instance`].
pub trait Registered: ContestProblem {
    /// This test case as an [`Instance`].
    fn into_instance(self) -> Instance;
    /// The test case of this problem inside `instance`, if it is one.
    fn of(instance: &Instance) -> Option<&Self>;
}

/// Declares the known problems: one line each, `Variant => module` with its doc, where
/// `module::Instance` implements [`ContestProblem`]. Generates [`Problem`], [`Instance`]
/// and their dispatch, so the rest of the crate never lists problems by hand.
macro_rules! registry {
    ($($(#[doc = $doc:expr])* $variant:ident => $module:ident,)*) => {
        $(pub mod $module;)*

        /// The contest problems retrocheck knows.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Problem {
            $($(#[doc = $doc])* $variant,)*
        }

        /// One test case of some problem.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Instance {
            $(
                #[doc = concat!("A test case of [`Problem::", stringify!($variant), "`].")]
                $variant($module::Instance),
            )*
        }

        const PROBLEM_COUNT: usize = [$(stringify!($variant)),*].len();

        impl Problem {
            /// Every known problem.
            pub const ALL: [Problem; PROBLEM_COUNT] = [$(Problem::$variant),*];

            /// The name used on the command line and for the corpus directory
            /// (`corpus/<name>/`).
            pub fn name(self) -> &'static str {
                match self {
                    $(Problem::$variant => <$module::Instance as ContestProblem>::NAME,)*
                }
            }

            /// Whether its input begins with the number of test cases T.
            pub fn counted(self) -> bool {
                match self {
                    $(Problem::$variant => <$module::Instance as ContestProblem>::COUNTED,)*
                }
            }

            /// What a test case's size counts, plural ([`ContestProblem::UNIT`]).
            pub fn unit(self) -> &'static str {
                match self {
                    $(Problem::$variant => <$module::Instance as ContestProblem>::UNIT,)*
                }
            }

            /// The parser of one test case, as an [`Instance`].
            fn case_parser(self) -> CaseParser<Instance> {
                match self {
                    $(Problem::$variant => |s, cases| {
                        <$module::Instance as ContestProblem>::parse_case(s, cases).map(Instance::$variant)
                    },)*
                }
            }
        }

        impl Instance {
            /// The problem this test case belongs to.
            pub fn problem(&self) -> Problem {
                match self {
                    $(Instance::$variant(_) => Problem::$variant,)*
                }
            }

            /// The product game, or why it cannot be built (too large for memory).
            pub fn game(&self) -> Result<Game, ProductError> {
                match self {
                    $(Instance::$variant(x) => ContestProblem::game(x),)*
                }
            }

            /// The judge's answer for test case `k` (1-based) from the outcomes of the
            /// product game's positions, indexed by id. Whether the draw convention was
            /// applied to them does not change the answer. Answers of several lines
            /// (berzerk, shiritori) are joined by `\n` without a final newline; only
            /// pursuit answers show `k`.
            pub fn answer(&self, k: usize, outcomes: &[Outcome]) -> String {
                match self {
                    $(Instance::$variant(x) => ContestProblem::answer(x, k, outcomes),)*
                }
            }

            /// The product game's outcomes by the optimized solver, on the product
            /// computed from the contest data without materializing it where that pays:
            /// the fast path of `solve`.
            pub fn implicit_outcomes(&self) -> Result<Vec<Outcome>, ProductError> {
                match self {
                    $(Instance::$variant(x) => ContestProblem::implicit_outcomes(x),)*
                }
            }

            /// The judge's answer line for test case `k`, by the fast path.
            pub fn answer_line(&self, k: usize) -> Result<String, ProductError> {
                match self {
                    $(Instance::$variant(x) => ContestProblem::answer_line(x, k),)*
                }
            }

            /// The judge's answer for test case `k`, solved and ready to write
            /// ([`ContestProblem::answer_writer`]).
            pub fn answer_writer(&self, k: usize) -> Result<AnswerWriter<'_>, ProductError> {
                match self {
                    $(Instance::$variant(x) => ContestProblem::answer_writer(x, k),)*
                }
            }

            /// Its size in contest terms, for reports: "3 vertices, 2 edges".
            pub fn size_text(&self) -> String {
                match self {
                    $(Instance::$variant(x) => ContestProblem::size_text(x),)*
                }
            }

            /// The product-game positions its answer reads
            /// ([`ContestProblem::answer_positions`]).
            pub fn answer_positions(&self) -> Option<Vec<u32>> {
                match self {
                    $(Instance::$variant(x) => ContestProblem::answer_positions(x),)*
                }
            }

            /// The product game's positions and moves at most
            /// ([`ContestProblem::product_shape`]).
            pub fn product_shape(&self) -> (u64, u64) {
                match self {
                    $(Instance::$variant(x) => ContestProblem::product_shape(x),)*
                }
            }

            /// The bytes solving it may take, as the size checks reckon them: by the
            /// fast path (`implicit_bytes`), or with the product game built
            /// ([`product_bytes`]) when `materialized`, as a solver of a `Game` needs.
            pub fn bytes_to_solve(&self, materialized: bool) -> u64 {
                let (positions, moves) = self.product_shape();
                if materialized {
                    product_bytes(positions, moves)
                } else {
                    implicit_bytes(positions)
                }
            }

            /// Its size in the problem's unit ([`ContestProblem::size`]).
            pub fn size(&self) -> u64 {
                match self {
                    $(Instance::$variant(x) => ContestProblem::size(x),)*
                }
            }

            /// Whether the instance meets the problem's official limits.
            pub fn is_official(&self) -> bool {
                match self {
                    $(Instance::$variant(x) => ContestProblem::is_official(x),)*
                }
            }

            fn print_case(&self, out: &mut String) {
                match self {
                    $(Instance::$variant(x) => ContestProblem::print_case(x, out),)*
                }
            }
        }

        $(
            impl Registered for $module::Instance {
                fn into_instance(self) -> Instance {
                    Instance::$variant(self)
                }

                fn of(instance: &Instance) -> Option<&Self> {
                    match instance {
                        Instance::$variant(x) => Some(x),
                        _ => None,
                    }
                }
            }
        )*
    };
}

/// The list of problems: one line each, `Variant => module`, with its doc, where
/// `module::Instance` implements [`ContestProblem`]. It invokes `$callback!` on the
/// list, so that core's registry ([`Problem`], [`Instance`]) and the harness's
/// (`retrocheck::contest`) are made from the same lines: adding a problem is a line
/// here, its file in core and its file in the harness.
#[macro_export]
macro_rules! with_problems {
    ($callback:ident) => {
        $callback! {
                /// "The Problem to Make You Happy" (ICPC 2014 Asia Xi'an, problem H); see [`pursuit`].
                Pursuit => pursuit,
                /// "Mini-game Before Contest" (13th Northeast China CPC 2019, problem F); see [`minigame`].
                Minigame => minigame,
                /// "Berzerk" (Codeforces 786A); see [`berzerk`].
                Berzerk => berzerk,
                /// "Shiritori" (AtCoder ABC209 E); see [`shiritori`].
                Shiritori => shiritori,
                /// "Cat and Mouse" (LeetCode 913, contest-style input); see [`catmouse`].
                Catmouse => catmouse,

        }
    };
}

with_problems!(registry);

impl Problem {
    /// The problem whose [`name`](Problem::name) is exactly `name`, if any.
    pub fn from_name(name: &str) -> Option<Problem> {
        Problem::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Parses a whole contest input: all test cases (T of them, or the one of an
    /// uncounted problem) and nothing but white space after them. Stops at the first
    /// error.
    pub fn parse(self, input: &str) -> Result<Vec<Instance>, InputError> {
        self.parse_bytes(input.as_bytes())
    }

    /// [`Problem::parse`] for raw bytes: input that is not UTF-8 is reported at the bad
    /// token and line, not refused as a whole.
    pub fn parse_bytes(self, input: &[u8]) -> Result<Vec<Instance>, InputError> {
        self.cases(input)?.collect()
    }

    /// The test cases of a contest input, parsed one at a time, so that a caller can
    /// solve each while the next is read. After the last case, only white space may
    /// remain (reported as an error item).
    pub fn cases(self, input: &[u8]) -> Result<Cases<'_>, InputError> {
        Cases::new(input, self.counted(), self.case_parser())
    }

    /// Prints instances as one contest input: their count (if the problem has one),
    /// then each test case. An uncounted problem's input holds exactly one test case, so
    /// printing several of them gives text that does not parse back.
    pub fn print(self, instances: &[Instance]) -> String {
        let mut out = if self.counted() {
            format!("{}\n", instances.len())
        } else {
            String::new()
        };
        for instance in instances {
            instance.print_case(&mut out);
        }
        out
    }
}

/// An iterator over the test cases of a contest input.
pub struct Cases<'a, T = Instance> {
    parse: CaseParser<T>,
    counted: bool,
    scanner: Scanner<'a>,
    total: u64,
    next: u64,
    done: bool,
}

/// A parser of one test case (see [`ContestProblem::parse_case`]).
type CaseParser<T> = fn(&mut Scanner, u64) -> Result<T, InputError>;

/// The test cases of a contest input of problem `T`, parsed one at a time: for a
/// problem of your own, registered or not (see [`Problem::cases`]).
pub fn cases<T: ContestProblem>(input: &[u8]) -> Result<Cases<'_, T>, InputError> {
    Cases::new(input, T::COUNTED, T::parse_case)
}

/// A whole contest input of problem `T`: all test cases and nothing but white space
/// after them (see [`Problem::parse`]).
pub fn parse<T: ContestProblem>(input: &[u8]) -> Result<Vec<T>, InputError> {
    cases::<T>(input)?.collect()
}

impl<'a, T> Cases<'a, T> {
    fn new(input: &'a [u8], counted: bool, parse: CaseParser<T>) -> Result<Cases<'a, T>, InputError> {
        let mut scanner = Scanner::new(input);
        let total = if counted {
            scanner
                .number("the number of test cases T", 0, u32::MAX.into())?
                .0
        } else {
            1
        };
        Ok(Cases {
            parse,
            counted,
            scanner,
            total,
            next: 1,
            done: false,
        })
    }
}

impl<T> Cases<'_, T> {
    /// Whether parsing reached the end of the input while it still expected more:
    /// an error then may only mean that the input was cut short.
    pub fn ran_out(&self) -> bool {
        self.scanner.ran_out()
    }
}

impl<T> Iterator for Cases<'_, T> {
    type Item = Result<T, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let counted = self.counted;
        if self.next > self.total {
            self.done = true;
            let total = self.total;
            return self
                .scanner
                .finish()
                .map_err(|e| InputError {
                    message: if counted {
                        format!(
                            "{} (the input declares T = {})",
                            e.message,
                            crate::text::count(total as usize, "test case")
                        )
                    } else {
                        format!("{} (the input holds one test case)", e.message)
                    },
                    ..e
                })
                .err()
                .map(Err);
        }
        // An uncounted input has no test case number to report.
        self.scanner.case = counted.then_some(self.next as usize);
        let case = (self.parse)(&mut self.scanner, self.total);
        self.next += 1;
        self.done = case.is_err();
        Some(case)
    }
}

/// Why a product game is not built or solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProductError {
    /// It would not fit: beyond the `u32` ids of a [`Game`], or beyond the memory this
    /// machine allows ([`memory_limit`]). The message names the problem and the sizes.
    #[error("{0}")]
    TooLarge(String),
    /// The front-end built an invalid game (a bug of the front-end).
    #[error("the product game is invalid: {0}")]
    Invalid(#[from] BuildError),
}

/// An answer solved and ready to be written to its destination (without a final
/// newline), by [`ContestProblem::answer_writer`].
pub type AnswerWriter<'a> = Box<dyn FnOnce(&mut dyn std::io::Write) -> std::io::Result<()> + 'a>;

impl Instance {
    /// This instance alone, as a contest input.
    pub fn to_input(&self) -> String {
        self.problem().print(std::slice::from_ref(self))
    }
}

/// The most memory a product game may take before it is refused, in bytes: the
/// machine's ceiling ([`memory_ceiling`](crate::limits::memory_ceiling)).
pub fn memory_limit() -> u64 {
    crate::limits::memory_ceiling()
}

/// The bytes a product game of this shape takes built and solved: forward and reverse
/// CSR, mover and label, solver cells, queue, values.
pub fn product_bytes(positions: u64, moves: u64) -> u64 {
    positions
        .saturating_mul(34)
        .saturating_add(moves.saturating_mul(8))
}

/// The bytes the fast path takes to solve a product game of `positions` positions
/// without building it: cells, queue and values.
pub(crate) fn implicit_bytes(positions: u64) -> u64 {
    positions.saturating_mul(16)
}

/// Refuses, before anything is allocated, a product game that the solver could not
/// hold: beyond the `u32` index space or beyond [`memory_limit`].
pub fn fits_in_memory(problem: &str, positions: u64, moves: u64) -> Result<(), ProductError> {
    check_size(positions, moves)
        .map_err(|e| ProductError::TooLarge(format!("{problem}: the game is too large: {e}")))?;
    let bytes = product_bytes(positions, moves);
    if bytes > memory_limit() {
        return Err(ProductError::TooLarge(format!(
            "{problem}: the game would have {positions} positions and {moves} moves, about {} MiB, more than {}",
            bytes >> 20,
            crate::limits::ceiling_text()
        )));
    }
    Ok(())
}

/// A contest graph's adjacency in CSR form, edges in input order, and its reverse.
pub(crate) struct Csr {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Csr {
    pub(crate) fn new(n: u32, edges: &[(u32, u32)]) -> Csr {
        let mut offsets = vec![0u32; n as usize + 1];
        for &(from, _) in edges {
            offsets[from as usize + 1] += 1;
        }
        for i in 1..offsets.len() {
            offsets[i] += offsets[i - 1];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(from, to) in edges {
            targets[fill[from as usize] as usize] = to;
            fill[from as usize] += 1;
        }
        Csr { offsets, targets }
    }

    pub(crate) fn of(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }
}

/// What a contest graph's implicit product game needs: each vertex's out-degree and
/// its predecessors (the order of a predecessor list does not matter to the solver).
pub(crate) fn degrees_and_reverse(n: u32, edges: &[(u32, u32)]) -> (Vec<u32>, Reverse) {
    degrees_and_reverse_of(n, edges.len(), || edges.iter().copied())
}

/// [`degrees_and_reverse`] of the `m` edges that `edges` lists (twice): for a contest
/// that stores its edges in another form.
pub(crate) fn degrees_and_reverse_of<I: Iterator<Item = (u32, u32)>>(
    n: u32,
    m: usize,
    edges: impl Fn() -> I,
) -> (Vec<u32>, Reverse) {
    let mut out_degree = vec![0u32; n as usize];
    let mut offsets = vec![0u32; n as usize + 2];
    for (from, to) in edges() {
        out_degree[from as usize] += 1;
        offsets[to as usize + 2] += 1;
    }
    for i in 2..offsets.len() {
        offsets[i] += offsets[i - 1];
    }
    let mut sources = vec![0u32; m];
    for (from, to) in edges() {
        let slot = &mut offsets[to as usize + 1];
        sources[*slot as usize] = from;
        *slot += 1;
    }
    offsets.pop();
    (out_degree, Reverse { offsets, sources })
}

/// Refuses a product game too large to solve without materializing it: beyond the
/// `u32` index space, or more cells, queue and values than [`memory_limit`].
pub fn fits_implicitly(problem: &str, positions: u64) -> Result<(), ProductError> {
    check_size(positions, 0)
        .map_err(|e| ProductError::TooLarge(format!("{problem}: the game is too large: {e}")))?;
    let bytes = implicit_bytes(positions);
    if bytes > memory_limit() {
        return Err(ProductError::TooLarge(format!(
            "{problem}: the game would have {positions} positions, about {} MiB to solve, more than {}",
            bytes >> 20,
            crate::limits::ceiling_text()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(problem: Problem, input: &str) -> String {
        let instances = problem.parse(input).unwrap();
        instances
            .iter()
            .enumerate()
            .map(|(i, inst)| inst.answer_line(i + 1).unwrap() + "\n")
            .collect()
    }

    #[test]
    fn the_registry_names_every_problem_once() {
        for p in Problem::ALL {
            assert_eq!(Problem::from_name(p.name()), Some(p));
        }
        assert_eq!(
            Problem::ALL.map(Problem::name),
            ["pursuit", "minigame", "berzerk", "shiritori", "catmouse"]
        );
        assert!(Problem::Catmouse.counted() && !Problem::Berzerk.counted());
    }

    #[test]
    fn samples_of_the_new_problems() {
        assert_eq!(
            solve(Problem::Berzerk, "5\n2 3 2\n3 1 2 3\n"),
            "Lose Win Win Loop\nLoop Win Win Win\n"
        );
        assert_eq!(
            solve(Problem::Shiritori, "3\nabcd\nbcda\nada\n"),
            "Aoki\nTakahashi\nDraw\n"
        );
        assert_eq!(solve(Problem::Catmouse, "1\n4\n2 1 3\n1 0\n1 3\n2 0 2\n"), "1\n");
    }

    #[test]
    fn uncounted_inputs_hold_one_case_and_print_without_a_count() {
        let [inst] = <[Instance; 1]>::try_from(Problem::Shiritori.parse("1\nABC\n").unwrap()).unwrap();
        assert_eq!(inst.to_input(), "1\nABC\n");
        let e = Problem::Shiritori.parse("1\nABC\nDEF\n").unwrap_err();
        assert_eq!((e.line, e.case), (3, None));
    }

    #[test]
    fn berzerk_ring_predecessors_are_exactly_the_moves() {
        use crate::solve::retrograde::{Graph, Indexed};
        let inst = berzerk::Instance {
            n: 7,
            rick: vec![3, 6, 1, 7, 0],
            morty: vec![2, 2, 5],
        };
        let game = ContestProblem::game(&inst).unwrap();
        let indexed = Indexed::new(&game);
        let ring = inst.implicit().unwrap();
        assert_eq!(ring.move_count(), game.move_count());
        for q in game.ids() {
            let list = |p: crate::solve::retrograde::Predecessors| -> Vec<u32> {
                let mut v: Vec<u32> = p
                    .sources
                    .iter()
                    .filter(|&&x| x != p.skip)
                    .map(|&x| x.wrapping_mul(p.scale).wrapping_add(p.offset))
                    .collect();
                v.sort_unstable();
                v
            };
            assert_eq!(
                list(ring.predecessors(q)),
                list(indexed.predecessors(q)),
                "q = {q}"
            );
            assert_eq!(ring.position(q), indexed.position(q), "q = {q}");
        }
    }
}
