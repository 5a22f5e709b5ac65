//! The command implementations behind `retrocheck`'s verbs, and what they share:
//! exit statuses, reading inputs, naming solvers.

/// `print!` to standard output through [`out`]: a closed pipe ends the process
/// quietly instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::out(format_args!($($arg)*)) };
}

/// `println!` through [`out`].
macro_rules! outln {
    () => { $crate::cli::out(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::cli::out(format_args!("{}\n", format_args!($($arg)*))) };
}

pub mod diff;
pub mod fuzz_seeds;
pub mod generate;
pub mod input;
pub mod merge;
pub mod mutants;
pub mod replay;
pub mod show;
pub mod shrink;
pub mod solve;
pub mod stress;

use anyhow::{anyhow, Context};
use retrocheck::contest::{self, Contest, Visit};
use retrocheck::problems::{Problem, Registered};
use retrocheck::Subject;
use retrocheck_selftest::registry;
use std::io::Read;
use std::path::Path;

/// Writes to standard output. When the reader has gone away (`retrocheck … | head`),
/// ends the process quietly with the status a death by SIGPIPE gives, as Unix tools
/// do. SIGPIPE itself stays ignored, as Rust sets it: restoring its default would also
/// kill retrocheck whenever a program under `stress` exits without reading its input.
pub fn out(args: std::fmt::Arguments) {
    out_with(|stdout| stdout.write_fmt(args));
}

/// [`out`] for output that `write` produces in pieces.
pub fn out_with(write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = write(&mut stdout).and_then(|()| stdout.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(141);
        }
        eprintln!("retrocheck: writing the output: {e}");
        std::process::exit(2);
    }
}

/// Why a command did not succeed, as an exit status: 1 when a check found a failure,
/// 2 on bad usage or bad input.
pub enum Exit {
    Found(anyhow::Error),
    BadInput(anyhow::Error),
}

impl Exit {
    pub fn bad(message: impl std::fmt::Display) -> Exit {
        Exit::BadInput(anyhow!("{message}"))
    }
}

pub type Status = Result<(), Exit>;

/// The bytes of a file, or of standard input for `-`.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, Exit> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("reading standard input")
            .map_err(Exit::BadInput)?;
    } else {
        bytes = std::fs::read(path)
            .with_context(|| format!("reading {}", path.display()))
            .map_err(Exit::BadInput)?;
    }
    Ok(bytes)
}

/// A solver by name: the built-in ones (the optimized one on `threads` threads), and
/// the mutants.
pub fn solver(name: &str, threads: usize) -> Result<Box<dyn Subject>, Exit> {
    registry::with_threads(name, threads).ok_or_else(|| {
        Exit::bad(format!(
            "unknown solver '{name}'; the solvers are {} (and the mutants: `retrocheck mutants --list`)",
            registry::BUILTIN.join(", ")
        ))
    })
}

/// A thread or job count from the command line: `None` is one per core; an absurd
/// count is refused (it would only add switching and memory).
pub fn threads(asked: Option<usize>, flag: &str) -> Result<usize, Exit> {
    let most = retrocheck::sizes::max_threads();
    match asked {
        None => Ok(0),
        Some(0) => Err(Exit::bad(format!("{flag} must be at least 1"))),
        Some(n) if n > most => Err(Exit::bad(format!(
            "{flag} {n} is more than this machine can use ({most}: eight per core)"
        ))),
        Some(n) => Ok(n),
    }
}

/// A verb's work on what it was given: `.game` files, or a problem of the registry.
pub trait PerTarget: Sized {
    /// The verb on `.game` files.
    fn game(self) -> Status;
    /// The verb on problem `T`.
    fn problem<T: Contest + Registered>(self) -> Status;
}

/// Runs `verb` on the target named `what` (`game`, or a problem: clap has checked the
/// name against the registry).
pub fn per_target<V: PerTarget>(what: &str, verb: V) -> Status {
    struct Dispatch<V>(V);
    impl<V: PerTarget> Visit for Dispatch<V> {
        type Output = Status;
        fn visit<T: Contest + Registered>(self) -> Status {
            self.0.problem::<T>()
        }
    }
    match Problem::from_name(what) {
        None => verb.game(),
        Some(problem) => contest::visit(problem, Dispatch(verb)),
    }
}
