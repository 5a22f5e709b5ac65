//! Corpus replay for your solver: every case of retrocheck's corpus, or of a corpus
//! directory of your own, through every oracle and against its `.out` file.

use super::failure::Failure;
use super::Passed;
use crate::corpus::{inputs, Kind};
use crate::format::parse_game;
use crate::game::Outcome;
use crate::generate::Case;
use crate::oracles::{check_case, Oracles};
use crate::solution::out_lines;
use crate::solve::Solver;
use crate::Subject;
use std::fmt;
use std::path::{Path, PathBuf};

/// retrocheck's own corpus (docs/DESIGN.md, "Corpus layout"): hand-made traps, and the
/// minimal case of every bug the harness has caught.
pub const BUILTIN_CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus");

/// Why a replay failed.
#[derive(Debug)]
pub enum ReplayError {
    /// The solver under test is wrong on a corpus case.
    Failed(Box<Failure>),
    /// A corpus file cannot be used: unreadable, not in its format, or its `.out` file
    /// disagrees with a solution that every oracle accepts (a stale `.out`).
    Corpus {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
}

impl ReplayError {
    /// The solver's failure, if that is what this is.
    pub fn failure(&self) -> Option<&Failure> {
        match self {
            ReplayError::Failed(failure) => Some(failure),
            ReplayError::Corpus { .. } => None,
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Failed(failure) => failure.fmt(f),
            ReplayError::Corpus { path, message } => write!(f, "{}: {message}", path.display()),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Replays every corpus input under `root` (a directory searched recursively, or one
/// file): `NAME.game`, or `NAME.in` in a directory named after a contest problem. Each
/// case runs through every oracle with `solver`; then, if `NAME.out` exists, the
/// solver's output must match it line by line (`#` comments and blank lines ignored).
///
/// Games come first, smallest files first, so the failure reported is on the smallest
/// case that shows it; it is shrunk further, and never saved (it is in a corpus
/// already).
///
/// ```
/// use retrocheck::prelude::*;
///
/// let mine = solver_fn("mine", |game: &Game| retrocheck::solve::Retrograde.solve(game));
/// let corpus = std::path::Path::new(BUILTIN_CORPUS).join("games/two_cycle.game");
/// assert_eq!(replay(&mine, &corpus).unwrap().cases, 1);
/// ```
pub fn replay<S: Solver + ?Sized>(solver: &S, root: impl AsRef<Path>) -> Result<Passed, ReplayError> {
    let under_test: &dyn Subject = &solver;
    let root = root.as_ref();
    let corpus_error = |path: &Path, message: String| ReplayError::Corpus {
        path: path.to_path_buf(),
        message,
    };
    let mut files = inputs(root).map_err(|e| corpus_error(root, e.to_string()))?;
    files.sort_by_cached_key(|path| {
        let size = std::fs::metadata(path).map_or(u64::MAX, |m| m.len());
        (Kind::of_path(path) != Some(Kind::Game), size, path.clone())
    });
    let (mut cases, file_count) = (0, files.len());
    for path in files {
        let kind = Kind::of_path(&path).ok_or_else(|| {
            corpus_error(
                &path,
                "not a corpus input (.game, or .in under a problem's directory)".into(),
            )
        })?;
        let text = std::fs::read_to_string(&path).map_err(|e| corpus_error(&path, e.to_string()))?;
        let file_cases = parse(kind, &text).map_err(|e| corpus_error(&path, e))?;
        let mut output = String::new();
        for (k, case) in file_cases.iter().enumerate() {
            let oracles = Oracles::default();
            if check_case(case, under_test, &oracles).is_err() {
                let at = match kind {
                    Kind::Game => path.display().to_string(),
                    Kind::Problem(_) => format!("{} (test case {})", path.display(), k + 1),
                };
                let failure = Failure::shrink(case, under_test, &oracles, at, None);
                return Err(ReplayError::Failed(Box::new(failure)));
            }
            output += &output_of(case, k + 1, under_test).map_err(|e| corpus_error(&path, e))?;
            cases += 1;
        }
        compare_with_out(&path, &output).map_err(|e| corpus_error(&path, e))?;
    }
    Ok(Passed {
        cases,
        summary: format!(
            "{} passed {cases} cases of {file_count} corpus files under {}",
            under_test.name(),
            root.display()
        ),
    })
}

fn parse(kind: Kind, text: &str) -> Result<Vec<Case>, String> {
    match kind {
        Kind::Game => Ok(vec![Case::Game(parse_game(text).map_err(|e| e.to_string())?)]),
        Kind::Problem(problem) => Ok(problem
            .parse(text)
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(Case::Instance)
            .collect()),
    }
}

/// The subject's output for `case` as test case `k` of its file, in the `.out` format.
fn output_of(case: &Case, k: usize, under_test: &dyn Subject) -> Result<String, String> {
    let game = case.game()?;
    let solution = under_test.solve(&game).map_err(|e| e.to_string())?;
    Ok(match case {
        Case::Game(game) => solution.to_text(game),
        Case::Instance(instance) => {
            let outcomes: Vec<Outcome> = solution.values.iter().map(|v| v.outcome()).collect();
            instance.answer(k, &outcomes) + "\n"
        }
    })
}

/// Compares `output` with the `.out` file beside `input`, if there is one.
fn compare_with_out(input: &Path, output: &str) -> Result<(), String> {
    let out_path = input.with_extension("out");
    let expected = match std::fs::read_to_string(&out_path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("cannot read {}: {e}", out_path.display())),
    };
    let (want, got) = (out_lines(&expected), out_lines(output));
    match (0..want.len().max(got.len())).find(|&l| want.get(l) != got.get(l)) {
        None => Ok(()),
        Some(line) => Err(format!(
            "output line {} differs from {}, although every oracle accepts the solution: expected {:?}, got {:?}",
            line + 1,
            out_path.display(),
            want.get(line).copied().unwrap_or("<nothing>"),
            got.get(line).copied().unwrap_or("<nothing>")
        )),
    }
}
