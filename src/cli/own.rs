//! The problems of a user's own command line (`Cli::new().problem::<T>()`): the
//! object-safe [`OwnProblem`] that each verb taking a problem dispatches through, its
//! one implementation [`For<T>`] for any [`Contest`], and the verbs' work on such a
//! problem where it differs from a built-in one's (`solve`, `shrink`, `replay`).
//!
//! A built-in problem is an [`Instance`](retrocheck::problems::Instance) variant and
//! goes through the registry ([`super::per_target`]); a problem of the user's crate is
//! not `Registered`, so it goes through here, by the generic code paths that take any
//! `Contest` (`stress`, `generate`) or by its own (`ContestProblem::answer_line` for
//! `solve`, a program re-run by `stress::reduce` for `shrink`, the proven expected output for
//! `replay`).

use super::{generate, input, shrink, solve, stress, tests, Exit, PerTarget, Status};
use retrocheck::contest::Contest;
use retrocheck::internals::corpus::{inputs_where, replay_file, CorpusFileError};
use retrocheck::internals::oracles::expected::ExpectedError;
use retrocheck::internals::stress::Input;
use retrocheck::problems::InputError;
use retrocheck::solution::out_lines;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A verb on a problem of the user's own command line, with its arguments.
pub enum Verb {
    Stress(stress::Args),
    Solve(solve::Args),
    Generate(generate::Args),
    Shrink(shrink::Args),
    Tests(tests::Args),
}

/// Why a corpus file did not replay: the solver's failure, or the file's fault.
pub enum Replayed {
    /// A failure (`FAIL`, status 1).
    Failed(String),
    /// The file cannot be used (`BAD`, status 2).
    Unusable(String),
}

/// A problem of the user's crate as the command line sees it: object-safe, so that the
/// `Cli` holds problems of different types side by side.
pub trait OwnProblem {
    /// Its name on the command line and in the corpus (`ContestProblem::NAME`).
    fn name(&self) -> &'static str;
    /// Its Rust type, for messages.
    fn type_name(&self) -> &'static str;
    /// Runs `verb` on it.
    fn run(&self, verb: Verb) -> Status;
    /// Replays one of its corpus inputs against the `.out` beside it.
    fn replay(&self, file: &Path) -> Result<(), Replayed>;
}

/// [`OwnProblem`] for problem `T`.
pub struct For<T>(PhantomData<fn() -> T>);

impl<T> For<T> {
    pub fn new() -> For<T> {
        For(PhantomData)
    }
}

impl<T: Contest> OwnProblem for For<T> {
    fn name(&self) -> &'static str {
        T::NAME
    }

    fn type_name(&self) -> &'static str {
        std::any::type_name::<T>()
    }

    fn run(&self, verb: Verb) -> Status {
        match verb {
            Verb::Stress(args) => args.problem::<T>(),
            Verb::Generate(args) => args.problem::<T>(),
            Verb::Solve(args) => answer::<T>(&args),
            Verb::Shrink(args) => shrink::by_program::<T>(&args),
            Verb::Tests(args) => args.on::<T>(),
        }
    }

    fn replay(&self, file: &Path) -> Result<(), Replayed> {
        replay::<T>(file)
    }
}

/// The problems of the user's own command line, and the name it runs by.
pub struct Own {
    problems: Vec<Box<dyn OwnProblem>>,
    /// The binary's name, as a shell word, when it has problems of its own: the
    /// command that writes a `stress` input again names it. `None` in `retrocheck`.
    binary: Option<String>,
}

impl Own {
    /// The problems registered; `binary` is the name the process was run by.
    pub fn new(problems: Vec<Box<dyn OwnProblem>>, binary: Option<String>) -> Own {
        let binary = binary.filter(|_| !problems.is_empty());
        Own { problems, binary }
    }

    /// The binary that writes an input again, when it is not `retrocheck`.
    pub fn binary(&self) -> Option<&str> {
        self.binary.as_deref()
    }

    /// The problem of this name, if it is one of the user's.
    pub fn find(&self, name: &str) -> Option<&dyn OwnProblem> {
        self.problems.iter().find(|p| p.name() == name).map(|p| &**p)
    }

    /// The problem whose corpus input `file` is: a `.in` file in a directory named
    /// after one of the user's problems.
    pub fn owner(&self, file: &Path) -> Option<&dyn OwnProblem> {
        if file.extension()? != "in" {
            return None;
        }
        self.find(file.parent()?.file_name()?.to_str()?)
    }

    /// The parser with the user's problems among the possible values of `<WHAT>`.
    pub fn augment(&self, command: clap::Command) -> clap::Command {
        if self.problems.is_empty() {
            return command;
        }
        let mut names = crate::targets();
        names.extend(self.problems.iter().map(|p| p.name()));
        // In place (`mut_arg` would move the positional after the others).
        let with_names = |arg: clap::Arg| match arg.get_id().as_str() {
            "what" => arg.value_parser(clap::builder::PossibleValuesParser::new(names.clone())),
            _ => arg,
        };
        ["solve", "stress", "generate", "tests"]
            .iter()
            .fold(command, |command, verb| {
                command.mut_subcommand(verb, |verb| verb.mut_args(with_names))
            })
    }

    /// The corpus inputs of the user's problems under directory `root` (a file given
    /// as `root` is among the built-in listing already): `corpus/NAME/*.in`.
    pub fn inputs(&self, root: &Path) -> std::io::Result<Vec<PathBuf>> {
        if self.problems.is_empty() || !root.is_dir() {
            return Ok(Vec::new());
        }
        inputs_where(root, |file| self.owner(file).is_some())
    }

    /// Replays a corpus file: through its problem when it is one of the user's, else
    /// as `retrocheck replay` does.
    pub fn replay(&self, file: &Path) -> Result<(), Replayed> {
        if let Some(problem) = self.owner(file) {
            return problem.replay(file);
        }
        match replay_file(file) {
            Ok(_) => Ok(()),
            Err(e @ CorpusFileError::Failed { .. }) => Err(Replayed::Failed(e.to_string())),
            Err(e) => Err(Replayed::Unusable(e.to_string())),
        }
    }
}

/// `solve NAME [FILE]`: each test case answered by the problem's fast path
/// (`answer_line`), on `--threads` threads as a built-in problem's are; a malformed
/// input prints nothing but the error, which names the line.
fn answer<T: Contest>(args: &solve::Args) -> Status {
    if let Some(name) = &args.solver {
        return Err(Exit::bad(format!(
            "--solver {name}: the solvers answer the built-in problems; {} is answered by its own ContestProblem::answer_line",
            T::NAME
        )));
    }
    let threads = super::threads(args.threads, "--threads")?;
    let file = &args.file;
    let bad = |e: String| Exit::bad(format!("{}: {e}", file.display()));
    let bytes = input::read_unregistered(file)?;
    let cases = retrocheck::problems::cases::<T>(&bytes).map_err(|e| bad(e.to_string()))?;
    // One test case is answered on this thread; several side by side, within the
    // memory ceiling together, as `solve` does for the built-in problems.
    let threads = if T::COUNTED {
        retrocheck::solve::retrograde::thread_count(threads)
    } else {
        1
    };
    let answers = Mutex::new(Vec::new());
    let budget = solve::Budget::new(retrocheck::problems::memory_limit());
    let solve_all = || {
        rayon::scope(|scope| {
            for (index, case) in cases.enumerate() {
                let case = case?;
                let (answers, budget) = (&answers, &budget);
                let (positions, moves) = case.product_shape();
                let bytes = budget.acquire(retrocheck::problems::product_bytes(positions, moves));
                scope.spawn(move |_| {
                    let line = case
                        .answer_line(index + 1)
                        .map_err(|e| format!("test case {}: {e}", index + 1));
                    budget.release(bytes);
                    answers.lock().expect("no answer panics").push((index, line));
                });
            }
            Ok::<(), InputError>(())
        })
    };
    // Without a pool, `rayon::scope` would start rayon's global pool, which panics when
    // no thread can be started: refused as `solve` refuses for the built-in problems.
    let parsed = super::thread_pool(threads)?.install(solve_all);
    parsed.map_err(|e| bad(e.to_string()))?;
    let mut answers = answers.into_inner().expect("no answer panics");
    answers.sort_unstable_by_key(|(index, _)| *index);
    let mut text = String::new();
    for (_, line) in answers {
        text += &line.map_err(bad)?;
        text.push('\n');
    }
    out!("{text}");
    Ok(())
}

/// Replays a corpus input of problem `T`: its expected output, proven as `stress`
/// proves it, against the `.out` saved beside it. A difference is a failure: the
/// problem's answer changed since the case was saved.
fn replay<T: Contest>(file: &Path) -> Result<(), Replayed> {
    let unusable = |e: &dyn std::fmt::Display| Replayed::Unusable(format!("{}: {e}", file.display()));
    let read = |path: &Path| {
        super::read_bytes(
            path,
            retrocheck::internals::corpus::MAX_FILE_BYTES,
            "a corpus file",
        )
        .map_err(|e| match e {
            Exit::BadInput(e) | Exit::Found(e) | Exit::Unjudged(e) => format!("{e:#}"),
        })
    };
    let input = read(file).map_err(Replayed::Unusable)?;
    let cases = retrocheck::problems::parse::<T>(&input).map_err(|e| unusable(&e))?;
    let out_path = file.with_extension("out");
    let saved = read(&out_path).map_err(|e| {
        unusable(&format_args!(
            "cannot read the expected output {}: {e}",
            out_path.display()
        ))
    })?;
    let output = Input { cases }.expected().map_err(|e| match e {
        ExpectedError::Product(e) => unusable(&e),
        e => Replayed::Failed(format!("{}: {e}", file.display())),
    })?;
    let saved = String::from_utf8_lossy(&saved);
    let (want, got) = (out_lines(&saved), out_lines(&output));
    match (0..want.len().max(got.len())).find(|&l| want.get(l) != got.get(l)) {
        None => Ok(()),
        Some(line) => Err(Replayed::Failed(format!(
            "{}: output line {} differs from {}: expected {:?}, got {:?} (retrocheck's proven answer to the input now)",
            file.display(),
            line + 1,
            out_path.display(),
            want.get(line).copied().unwrap_or("<nothing>"),
            got.get(line).copied().unwrap_or("<nothing>"),
        ))),
    }
}
