//! `retrocheck solve`: a `.game` file or a contest input, solved and printed.

use super::input::{read_contest, read_game};
use super::{Exit, Own, Status, Verb};
use retrocheck::internals::subject::Subject;
use retrocheck::problems::{AnswerWriter, InputError, Instance, Problem};
use retrocheck::solve::{retrograde, Retrograde, Solver};
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// `game`, or a contest problem.
    #[arg(value_parser = crate::what())]
    pub what: String,
    /// The file, or `-` for standard input.
    #[arg(default_value = "-")]
    pub file: PathBuf,
    /// Solver threads (default: one per core); 1 for the sequential solver. A game is
    /// solved in parallel; contest test cases in parallel. Checked as `diff --threads`
    /// is: at least 1, at most eight per core.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Solve with another solver: a reference, or a mutant of the kill table
    /// (`retrocheck mutants --list`), which makes any mutant a program for `stress`.
    /// By default, retrocheck's own fast path.
    #[arg(long)]
    pub solver: Option<String>,
}

pub fn run(args: Args, own: &Own) -> Status {
    if let Some(problem) = own.find(&args.what) {
        return problem.run(Verb::Solve(args));
    }
    // 0 below is one per core, as the solvers take it.
    let threads = super::threads(args.threads, "--threads")?;
    let subject = args
        .solver
        .as_deref()
        .map(|name| super::solver(name, threads))
        .transpose()?;
    match Problem::from_name(&args.what) {
        None if threads == 1 => game(&args.file, subject.as_deref(), threads),
        // Solved on a pool of its own: the parallel solver would otherwise start
        // rayon's global pool, which panics when no thread can be started.
        None => super::thread_pool(retrograde::thread_count(threads))?
            .install(|| game(&args.file, subject.as_deref(), threads)),
        Some(problem) => self::problem(problem, &args.file, subject.as_deref(), threads),
    }
}

fn game(file: &Path, subject: Option<&dyn Subject>, threads: usize) -> Status {
    let game = read_game(file)?;
    let solution = match subject {
        None => {
            Solver::solve(&Retrograde { threads }, &game).map_err(|e| Exit::Found(anyhow::anyhow!("{e}")))?
        }
        Some(subject) => subject
            .solve(&game)
            .map_err(|e| Exit::Found(anyhow::anyhow!("{}: {e}", subject.name())))?,
    };
    out!("{}", solution.to_text(&game));
    Ok(())
}

fn problem(problem: Problem, file: &Path, subject: Option<&dyn Subject>, threads: usize) -> Status {
    if !problem.counted() {
        // One test case: solved where it is read, without starting threads that would
        // only wait for it.
        return one_case(problem, file, subject);
    }
    // Without a pool, `rayon::scope` below would start rayon's global pool, which
    // panics when no thread can be started: refused as `diff` refuses.
    super::thread_pool(retrograde::thread_count(threads))?.install(|| problem_on_pool(problem, file, subject))
}

/// An input of exactly one test case (berzerk, shiritori), answered on this thread.
fn one_case(problem: Problem, file: &Path, subject: Option<&dyn Subject>) -> Status {
    let bytes = read_contest(problem, file)?;
    let bad = |e: String| Exit::bad(format!("{}: {e}", file.display()));
    let mut cases = problem.cases(&bytes).map_err(|e| bad(e.to_string()))?;
    let instance = cases
        .next()
        .expect("an input holds at least one test case")
        .map_err(|e| bad(e.to_string()))?;
    let answer = match subject {
        Some(_) => answer_by(subject, &instance, 1)
            .map(|line| -> AnswerWriter<'_> { Box::new(move |out| out.write_all(line.as_bytes())) }),
        None => instance.answer_writer(1).map_err(|e| e.to_string()),
    }
    .map_err(|e| bad(format!("test case 1: {e}")))?;
    // Nothing is printed before the whole input is known to be well formed.
    if let Some(Err(e)) = cases.next() {
        return Err(bad(e.to_string()));
    }
    super::out_with(|out| {
        answer(out)?;
        out.write_all(b"\n")
    });
    Ok(())
}

/// The answer of test case `k` by `subject`, or by the fast path without one.
fn answer_by(subject: Option<&dyn Subject>, instance: &Instance, k: usize) -> Result<String, String> {
    let Some(subject) = subject else {
        return instance.answer_line(k).map_err(|e| e.to_string());
    };
    if let Some(answer) = subject.answer(instance, k) {
        return answer.map_err(|e| e.to_string());
    }
    let game = instance.game().map_err(|e| e.to_string())?;
    let solution = subject.solve(&game).map_err(|e| e.to_string())?;
    Ok(retrocheck::internals::oracles::expected::instance_answer(
        instance, k, &solution,
    ))
}

fn problem_on_pool(problem: Problem, file: &Path, subject: Option<&dyn Subject>) -> Status {
    let bytes = read_contest(problem, file)?;
    let bad = |e: String| Exit::bad(format!("{}: {e}", file.display()));
    let cases = problem.cases(&bytes).map_err(|e| bad(e.to_string()))?;
    // Cases are independent: each is solved on the thread pool while the next is
    // parsed. Answers are printed in order once all are in; a malformed input prints
    // nothing but the error.
    let answers = Mutex::new(Vec::new());
    let budget = Budget::new(retrocheck::problems::memory_limit());
    let parsed = rayon::scope(|scope| {
        for (index, case) in cases.enumerate() {
            let instance = case?;
            let (answers, budget) = (&answers, &budget);
            // A solver of a `Game` builds the product; the fast path does not.
            let bytes = budget.acquire(instance.bytes_to_solve(subject.is_some()));
            scope.spawn(move |_| {
                let line = answer_by(subject, &instance, index + 1)
                    .map_err(|e| format!("test case {}: {e}", index + 1));
                budget.release(bytes);
                answers.lock().expect("no solver panics").push((index, line));
            });
        }
        Ok::<(), InputError>(())
    });
    parsed.map_err(|e| bad(e.to_string()))?;
    let mut answers = answers.into_inner().expect("no solver panics");
    answers.sort_unstable_by_key(|(index, _)| *index);
    let mut text = String::new();
    for (_, line) in answers {
        text += &line.map_err(bad)?;
        text.push('\n');
    }
    out!("{text}");
    Ok(())
}

/// The memory ceiling shared by test cases solved side by side. Each case is checked
/// alone against the whole ceiling when it is solved; the budget keeps cases that fit
/// alone from running together past it: a case starts once its bytes fit beside those
/// in flight, or when nothing is in flight (so every case runs, and a case too large
/// for the ceiling meets its own refusal). Only the thread that spawns waits, helping
/// with the cases in flight meanwhile, so a pool of one thread cannot deadlock.
pub(super) struct Budget {
    ceiling: u64,
    in_use: Mutex<u64>,
    freed: Condvar,
}

impl Budget {
    pub(super) fn new(ceiling: u64) -> Budget {
        Budget {
            ceiling,
            in_use: Mutex::new(0),
            freed: Condvar::new(),
        }
    }

    /// Waits until `bytes` (at most the ceiling) fit, takes them and returns what was
    /// taken, for [`release`](Self::release).
    pub(super) fn acquire(&self, bytes: u64) -> u64 {
        let bytes = bytes.min(self.ceiling);
        loop {
            let mut in_use = self.in_use.lock().expect("no panics under the lock");
            if *in_use == 0 || *in_use + bytes <= self.ceiling {
                *in_use += bytes;
                return bytes;
            }
            drop(in_use);
            // On a pool thread, run a queued case instead of waiting for one; where
            // there is none to run, wait for a case in flight to end.
            if rayon::yield_now() != Some(rayon::Yield::Executed) {
                let in_use = self.in_use.lock().expect("no panics under the lock");
                if *in_use != 0 && *in_use + bytes > self.ceiling {
                    let _ = self.freed.wait_timeout(in_use, Duration::from_millis(10));
                }
            }
        }
    }

    pub(super) fn release(&self, bytes: u64) {
        *self.in_use.lock().expect("no panics under the lock") -= bytes;
        self.freed.notify_all();
    }
}
