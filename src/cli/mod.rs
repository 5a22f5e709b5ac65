//! The command implementations behind `retrocheck`'s verbs, and what they share:
//! exit statuses, naming solvers and families, output, checking sizes, shrinking and
//! saving a failing case. A verb's file (`diff.rs`, `stress.rs`, …) takes what it
//! shares with another verb from here, from `input.rs` (reading inputs) or from
//! `own.rs` (a problem of the user's crate), never from another verb's file.

/// `print!` to standard output through [`out`]: a closed pipe ends the process
/// quietly instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::out(format_args!($($arg)*)) };
}

/// `eprintln!` that never panics: when standard error is a pipe whose reader left
/// (`2>&1 | head`), a message is lost rather than the run, which goes on to save what
/// it found (issue 38, fourth adversarial pass, G5: `eprintln!` panicked on EPIPE
/// before the shrunk case was saved).
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
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
pub mod own;
pub mod replay;
pub mod show;
pub mod shrink;
pub mod solve;
pub mod stress;
pub mod tests;

use anyhow::{anyhow, Context};
pub use own::{Own, Verb};
use retrocheck::api::Failure;
use retrocheck::contest::Contest;
use retrocheck::internals::builtin::{self, Visit};
use retrocheck::internals::case::Case;
use retrocheck::internals::failure::Policy;
use retrocheck::internals::generate::Family;
use retrocheck::internals::oracles::Oracles;
use retrocheck::internals::stress::{Settings, Target};
use retrocheck::internals::subject::Subject;
use retrocheck::problems::{Problem, Registered};
use retrocheck_selftest::registry;
use std::io::Read;
use std::path::Path;

/// The first error writing standard output, if any. In a verb that saves what it finds
/// ([`keep_going_on_output_errors`]), output stops there but the verb goes on: a
/// counterexample found is still saved, and the exit status is decided at the end
/// (`main`), so a closed or full standard output never costs a saved case.
static OUTPUT_ERROR: std::sync::OnceLock<std::io::Error> = std::sync::OnceLock::new();

/// Whether the verb saves what it finds (`diff`, `shrink`, `stress`).
static KEEP_GOING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A command to run (`--solution`, `--reference`): anything but blank, which `sh -c`
/// would run as a program printing nothing (issue 38, adversarial pass).
pub fn command(text: &str) -> Result<String, String> {
    if text.trim().is_empty() {
        return Err("an empty command: give the command that runs your program, e.g. ./a.out".into());
    }
    Ok(text.to_string())
}

/// Called by a verb that saves what it finds: an output error no longer ends the
/// process at once (other verbs, `mutants` or `replay | head`, end there, having
/// nothing to save).
pub fn keep_going_on_output_errors() {
    KEEP_GOING.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Writes to standard output. When the reader has gone away (`retrocheck … | head`),
/// or the output cannot be written (`> /dev/full`), nothing more is printed: a verb
/// that saves what it finds goes on and keeps the error for the exit status, any other
/// ends at once; the status is 141 for a closed pipe, as Unix tools give, 2 for any
/// other error. SIGPIPE itself stays ignored, as Rust sets it: restoring its default
/// would kill retrocheck before it saves what it found, and whenever a program under
/// `stress` exits without reading its input.
pub fn out(args: std::fmt::Arguments) {
    out_with(|stdout| stdout.write_fmt(args));
}

/// [`out`] for output that `write` produces in pieces.
pub fn out_with(write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>) {
    use std::io::Write;
    if OUTPUT_ERROR.get().is_some() {
        return;
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = write(&mut stdout).and_then(|()| stdout.flush()) {
        if !KEEP_GOING.load(std::sync::atomic::Ordering::Relaxed) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(141);
            }
            say!("retrocheck: writing the output: {e}");
            std::process::exit(2);
        }
        let _ = OUTPUT_ERROR.set(e);
    }
}

/// The error that stopped standard output, if one did.
pub fn output_error() -> Option<&'static std::io::Error> {
    OUTPUT_ERROR.get()
}

/// A line the user must not miss (where a found case was saved): on standard output,
/// and on standard error as well once standard output has failed.
pub fn keep(line: std::fmt::Arguments) {
    out(format_args!("{line}\n"));
    if output_error().is_some() {
        // A line that opens with a blank line on standard output does not on standard
        // error: "retrocheck: " alone on a line says nothing (issue 38).
        say!("retrocheck: {}", line.to_string().trim_start_matches('\n'));
    }
}

/// Checks before a campaign that an output file (`--json`) can be written: an existing
/// regular file opens for writing (without truncating it), a device such as
/// `/dev/null` is taken as it is, and a new file's directory takes a new file. Hours of
/// work must not end in "No such file or directory".
pub fn check_output_file(path: &Path, flag: &str) -> Result<(), Exit> {
    let refuse = |why: &dyn std::fmt::Display| Exit::bad(format!("{flag} {}: {why}", path.display()));
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(refuse(&"is a directory")),
        Ok(meta) if meta.is_file() => std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map(drop)
            .map_err(|e| refuse(&e)),
        Ok(_) => Ok(()),
        // A link to nowhere: writing it after a whole run would fail (issue 38).
        Err(_) if std::fs::symlink_metadata(path).is_ok() => {
            Err(refuse(&"is a symbolic link whose target does not exist"))
        }
        Err(_) => {
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            if !dir.is_dir() {
                return Err(refuse(&format_args!("there is no directory {}", dir.display())));
            }
            tempfile::NamedTempFile::new_in(dir)
                .map(drop)
                .map_err(|e| refuse(&format_args!("cannot create a file in {}: {e}", dir.display())))
        }
    }
}

/// Checks before a campaign that a corpus directory can be written: it, or the nearest
/// directory above it that exists, takes a new file.
pub fn check_output_dir(path: &Path, flag: &str) -> Result<(), Exit> {
    let mut dir = path;
    while !dir.exists() {
        match dir.parent() {
            Some(d) if !d.as_os_str().is_empty() => dir = d,
            _ => {
                dir = Path::new(".");
                break;
            }
        }
    }
    if !dir.is_dir() {
        return Err(Exit::bad(format!(
            "{flag} {}: {} is not a directory",
            path.display(),
            dir.display()
        )));
    }
    tempfile::NamedTempFile::new_in(dir)
        .map(drop)
        .map_err(|e| Exit::bad(format!("{flag} {}: cannot write there: {e}", path.display())))
}

/// A path as one word of a printed shell command, quoted when it holds spaces,
/// newlines or other characters the shell would read (`'my corpus/x.game'`).
pub fn shell_word(path: &Path) -> String {
    let text = path.to_string_lossy();
    shlex::try_quote(&text).map_or_else(|_| format!("{text:?}"), |q| q.into_owned())
}

/// Why a command did not succeed, as an exit status: 1 when a check found a failure,
/// 2 on bad usage or bad input, 3 when `stress` could not judge an input (the reference
/// failed or is wrong, or retrocheck failed its own check): never "your program is
/// wrong".
pub enum Exit {
    Found(anyhow::Error),
    BadInput(anyhow::Error),
    Unjudged(anyhow::Error),
}

impl Exit {
    pub fn bad(message: impl std::fmt::Display) -> Exit {
        Exit::BadInput(anyhow!("{message}"))
    }
}

pub type Status = Result<(), Exit>;

/// The bytes of a file, or of standard input for `-`: at most `most` of them, so that
/// `/dev/zero` or an endless pipe is refused when that much has arrived instead of
/// filling the memory. `what` names the input in the message.
pub fn read_bytes(path: &Path, most: u64, what: &str) -> Result<Vec<u8>, Exit> {
    let (reader, _) = input::open(path)?;
    let mut bytes = Vec::new();
    reader
        .take(most + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {}", path.display()))
        .map_err(Exit::BadInput)?;
    if bytes.len() as u64 > most {
        return Err(Exit::bad(format!(
            "{}: larger than {} MiB, more than {what} can be",
            path.display(),
            most >> 20
        )));
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
    let most = retrocheck::internals::sizes::max_threads();
    // rayon takes its default from RAYON_NUM_THREADS: the same cap holds for it
    // (100,000 spawned threads for a minute; issue 38, adversarial pass).
    let from_env = std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok());
    match asked {
        None => match from_env {
            Some(n) if n > most => Err(Exit::bad(format!(
                "RAYON_NUM_THREADS={n} is more than this machine can use ({most}: eight per core); give --threads or --jobs instead"
            ))),
            _ => Ok(0),
        },
        Some(0) => Err(Exit::bad(format!("{flag} must be at least 1"))),
        Some(n) if n > most => Err(Exit::bad(format!(
            "{flag} {n} is more than this machine can use ({most}: eight per core)"
        ))),
        Some(n) => Ok(n),
    }
}

/// A rayon pool of `threads` threads, or a clear refusal when this process cannot
/// start them (a low `ulimit -u`, a few MB of `ulimit -v`): work sent to rayon's
/// global pool would panic instead ("the global thread pool has not been
/// initialized").
pub fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, Exit> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Exit::bad(format!("cannot start the thread pool: {e}")))
}

/// A verb's work on what it was given: `.game` files, or a problem (of the registry, or
/// of a user's own command line through [`own::For`]).
pub trait PerTarget: Sized {
    /// The verb on `.game` files.
    fn game(self) -> Status;
    /// The verb on problem `T`.
    fn problem<T: Contest>(self) -> Status;
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
        Some(problem) => builtin::visit(problem, Dispatch(verb)),
    }
}

/// A family by name, or a usage error listing them.
pub fn family(name: &str) -> Result<Family, Exit> {
    Family::from_name(name).ok_or_else(|| {
        let names: Vec<_> = Family::ALL.iter().map(|f| f.name()).collect();
        Exit::bad(format!(
            "unknown family '{name}'; the families are {}",
            names.join(", ")
        ))
    })
}

/// Refuses sizes this machine cannot hold (a game per job), and says when the official
/// limit caps `--max-size`: `stress`, and `generate --index`, which writes the same
/// inputs.
pub fn check_size<T: Target>(settings: &Settings, jobs: usize) -> Status {
    let largest = u64::from(settings.largest::<T>());
    let asked = settings.max_size;
    if let Some(cap) = T::OFFICIAL_MAX {
        if !settings.rules.beyond_limits && asked > cap {
            say!(
                "retrocheck: note: --max-size {asked} is beyond the official limit ({cap} {}): trying up to {cap} (--beyond-limits to go further)",
                T::UNIT
            );
        }
    }
    // Positions of the product game (and moves a position) at the largest size.
    let (positions, moves) = T::largest_product(largest);
    retrocheck::internals::sizes::check_cases(positions, moves, jobs as u64).map_err(|e| {
        if T::CONTEST {
            Exit::bad(format!(
                "--max-size {asked}: the product game of a test case of {largest} {}: {e}",
                T::UNIT
            ))
        } else {
            Exit::bad(format!("--max-size {asked}: {e}"))
        }
    })
}

/// Shrinks a failing case with progress on stderr, saves it, then prints the report of
/// the API's [`Failure`]: the minimal case, the expected output and the solver's (cut to
/// their first differences when long, the rest in files it names), and where the case
/// was saved or why it could not be. Saved before printed: a standard output that is
/// closed or full must not cost the case. Shared by `diff` and `shrink`.
pub fn shrink_and_save(
    case: &Case,
    found_in: String,
    under_test: &dyn Subject,
    oracles: &Oracles,
    corpus: Option<&Path>,
) -> Result<retrocheck::api::Mismatch, Exit> {
    let size = |c: &Case| c.size_text();
    say!("shrinking from {} …", size(case));
    let mut step = 0;
    let policy = Policy {
        corpus: corpus.map(Path::to_path_buf),
        ..Policy::new(*oracles)
    };
    let failure = Failure::triage(case, under_test, &policy, found_in, |c| {
        step += 1;
        say!("  step {step}: {}", size(c));
    })
    .map_err(Exit::bad)?;
    // The API's hint names its environment variable; here the flag decides.
    let report = failure.report_naming_files("(not saved: --no-save)");
    outln!("{report}");
    match (&failure.saved, corpus) {
        (Some(Ok(saved)), _) => {
            if output_error().is_some() {
                // The report did not reach the screen: where the case went must.
                say!(
                    "retrocheck: {} {}",
                    retrocheck::internals::corpus::saved_as(failure.already_saved),
                    saved.display()
                );
            }
            outln!("picture: retrocheck show {} --svg shrunk.svg", shell_word(saved));
        }
        (Some(Err(e)), Some(root)) => say!(
            "retrocheck: not saved: the corpus {} cannot be written ({e}); the case is printed above",
            root.display()
        ),
        _ => {}
    }
    Ok(failure.mismatch)
}
