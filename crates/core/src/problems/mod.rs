//! Contest front-ends: a [`Problem`] turns a contest input into [`Instance`]s, an
//! instance into a [`Game`], a solved game back into the judge's exact answer line, and
//! an instance back into contest input (for the shrinker and saved counterexamples).

pub mod minigame;
pub mod pursuit;
pub mod scan;

use crate::game::{check_size, Game, Outcome};
use crate::solve::retrograde::{self, Reverse};
use crate::text::count;
pub use scan::InputError;
use scan::Scanner;

/// The contest problems retrocheck knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// "The Problem to Make You Happy" (ICPC 2014 Asia Xi'an, problem H); see [`pursuit`].
    Pursuit,
    /// "Mini-game Before Contest" (13th Northeast China CPC 2019, problem F); see [`minigame`].
    Minigame,
}

/// One test case of some problem.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Instance {
    /// A test case of [`Problem::Pursuit`].
    Pursuit(pursuit::Instance),
    /// A test case of [`Problem::Minigame`].
    Minigame(minigame::Instance),
}

impl Problem {
    /// Every known problem.
    pub const ALL: [Problem; 2] = [Problem::Pursuit, Problem::Minigame];

    /// The name used on the command line and for the corpus directory
    /// (`corpus/<name>/`).
    pub fn name(self) -> &'static str {
        match self {
            Problem::Pursuit => "pursuit",
            Problem::Minigame => "minigame",
        }
    }

    /// The problem whose [`name`](Problem::name) is exactly `name`, if any.
    pub fn from_name(name: &str) -> Option<Problem> {
        Problem::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Parses a whole contest input: all T test cases and nothing but white space after
    /// them. Stops at the first error.
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
        let mut scanner = Scanner::new(input);
        let (total, _) = scanner.number("the number of test cases T", 0, u32::MAX.into())?;
        Ok(Cases {
            problem: self,
            scanner,
            total,
            next: 1,
            done: false,
        })
    }

    /// Prints instances as one contest input: their count, then each test case.
    pub fn print(self, instances: &[Instance]) -> String {
        let mut out = format!("{}\n", instances.len());
        for instance in instances {
            match instance {
                Instance::Pursuit(p) => pursuit::print_case(p, &mut out),
                Instance::Minigame(m) => minigame::print_case(m, &mut out),
            }
        }
        out
    }
}

/// An iterator over the test cases of a contest input.
pub struct Cases<'a> {
    problem: Problem,
    scanner: Scanner<'a>,
    total: u64,
    next: u64,
    done: bool,
}

impl Iterator for Cases<'_> {
    type Item = Result<Instance, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if self.next > self.total {
            self.done = true;
            let total = self.total;
            return self
                .scanner
                .finish()
                .map_err(|e| InputError {
                    message: format!("{} (the input declares T = {total} test cases)", e.message),
                    ..e
                })
                .err()
                .map(Err);
        }
        self.scanner.case = Some(self.next as usize);
        let s = &mut self.scanner;
        let case = match self.problem {
            Problem::Pursuit => pursuit::parse_case(s, self.total).map(Instance::Pursuit),
            Problem::Minigame => minigame::parse_case(s, self.total).map(Instance::Minigame),
        };
        self.next += 1;
        self.done = case.is_err();
        Some(case)
    }
}

impl Instance {
    /// The problem this test case belongs to.
    pub fn problem(&self) -> Problem {
        match self {
            Instance::Pursuit(_) => Problem::Pursuit,
            Instance::Minigame(_) => Problem::Minigame,
        }
    }

    /// The product game, or why it cannot be built (too large for memory).
    pub fn game(&self) -> Result<Game, String> {
        match self {
            Instance::Pursuit(p) => p.game(),
            Instance::Minigame(m) => m.game(),
        }
    }

    /// The judge's answer line for test case `k` (1-based) from the outcomes of the
    /// product game's positions, indexed by id. Whether the draw convention was applied
    /// to them does not change the answer. Minigame answers do not show `k`.
    pub fn answer(&self, k: usize, outcomes: &[Outcome]) -> String {
        match self {
            Instance::Pursuit(p) => p.answer(k, outcomes),
            Instance::Minigame(m) => m.answer(outcomes),
        }
    }

    /// The product game's outcomes by the optimized solver, on the product computed
    /// from the contest graph without materializing it: the fast path of `solve`.
    pub fn implicit_outcomes(&self) -> Result<Vec<Outcome>, String> {
        Ok(match self {
            Instance::Pursuit(p) => retrograde::graph_outcomes(&p.implicit()?),
            Instance::Minigame(m) => retrograde::graph_outcomes(&m.implicit()?),
        })
    }

    /// The judge's answer line for test case `k`, by the fast path.
    pub fn answer_line(&self, k: usize) -> Result<String, String> {
        if let Instance::Pursuit(p) = self {
            return p.answer_line(k);
        }
        Ok(self.answer(k, &self.implicit_outcomes()?))
    }

    /// Its size in contest terms, for reports: "3 vertices, 2 edges".
    pub fn size_text(&self) -> String {
        match self {
            Instance::Pursuit(p) => format!(
                "{}, {}",
                count(p.n as usize, "vertex"),
                count(p.edges.len(), "edge")
            ),
            Instance::Minigame(m) => format!(
                "{}, {}",
                count(m.n as usize, "vertex"),
                count(m.arcs.len(), "arc")
            ),
        }
    }

    /// This instance alone, as a contest input.
    pub fn to_input(&self) -> String {
        self.problem().print(std::slice::from_ref(self))
    }

    /// Whether the instance meets the problem's official limits.
    pub fn is_official(&self) -> bool {
        match self {
            Instance::Pursuit(p) => p.is_official(),
            Instance::Minigame(m) => m.is_official(),
        }
    }
}

/// The most memory a product game may take before it is refused, in bytes.
pub const MEMORY_LIMIT: u64 = 8 << 30;

/// Refuses, before anything is allocated, a product game that the solver could not
/// hold: beyond the `u32` index space or beyond [`MEMORY_LIMIT`].
pub fn fits_in_memory(problem: &str, positions: u64, moves: u64) -> Result<(), String> {
    check_size(positions, moves).map_err(|e| format!("{problem}: the game is too large: {e}"))?;
    // Forward and reverse CSR, mover and label, solver cells, queue, values.
    let bytes = positions
        .saturating_mul(34)
        .saturating_add(moves.saturating_mul(8));
    if bytes > MEMORY_LIMIT {
        return Err(format!(
            "{problem}: the game would have {positions} positions and {moves} moves, about {} MiB, more than the {} MiB limit",
            bytes >> 20,
            MEMORY_LIMIT >> 20
        ));
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
    let mut out_degree = vec![0u32; n as usize];
    let mut offsets = vec![0u32; n as usize + 2];
    for &(from, to) in edges {
        out_degree[from as usize] += 1;
        offsets[to as usize + 2] += 1;
    }
    for i in 2..offsets.len() {
        offsets[i] += offsets[i - 1];
    }
    let mut sources = vec![0u32; edges.len()];
    for &(from, to) in edges {
        let slot = &mut offsets[to as usize + 1];
        sources[*slot as usize] = from;
        *slot += 1;
    }
    offsets.pop();
    (out_degree, Reverse { offsets, sources })
}

/// Refuses a product game too large to solve without materializing it: beyond the
/// `u32` index space, or more cells, queue and values than [`MEMORY_LIMIT`].
pub fn fits_implicitly(problem: &str, positions: u64) -> Result<(), String> {
    check_size(positions, 0).map_err(|e| format!("{problem}: the game is too large: {e}"))?;
    let bytes = positions.saturating_mul(16);
    if bytes > MEMORY_LIMIT {
        return Err(format!(
            "{problem}: the game would have {positions} positions, about {} MiB to solve, more than the {} MiB limit",
            bytes >> 20,
            MEMORY_LIMIT >> 20
        ));
    }
    Ok(())
}
