//! `retrocheck stress`: find, classify, shrink and save the bugs of a user's program.

use super::{Exit, Status};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use retrocheck::harness::corpus::{self, Kind};
use retrocheck::harness::stress::{input_at, reduce, test, Input, Program, Run, Settings, Target, Verdict};
use retrocheck::problems::Problem;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// The command that runs your program; it reads the input on stdin (run by `sh -c`).
    #[arg(long)]
    pub solution: String,
    /// Inputs to try (default 1,000, or unlimited with --time).
    #[arg(long)]
    pub cases: Option<u64>,
    /// Stop after this long, e.g. 60s or 5m.
    #[arg(long, value_parser = humantime::parse_duration)]
    pub time: Option<Duration>,
    /// The same seed gives the same inputs and the same minimal failing input.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Programs run in parallel.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Time limit per run; the program is killed with its children after it.
    #[arg(long, default_value = "2s", value_parser = humantime::parse_duration)]
    pub timeout: Duration,
    /// Compare bytes: any difference in white space is a presentation error.
    #[arg(long)]
    pub exact: bool,
    /// Generate and shrink outside the official limits (self-loops, x = y, ...).
    #[arg(long)]
    pub relax: bool,
    /// The largest graph (vertices) or game (positions) to generate.
    #[arg(long, default_value_t = 10)]
    pub max_size: u32,
    /// Where the minimal failing input and its expected output are saved (corpus
    /// layout: <dir>/pursuit/NAME.in + NAME.out, ...).
    #[arg(long, default_value = "corpus")]
    pub save: PathBuf,
}

pub fn run(target: Target, args: Args) -> Status {
    let jobs = super::threads(Some(args.jobs), "--jobs")?;
    if args.timeout.is_zero() {
        return Err(Exit::bad("--timeout must be more than 0s"));
    }
    if target == Target::Game {
        retrocheck::harness::limits::check_cases(u64::from(args.max_size), 8, jobs as u64)
            .map_err(|e| Exit::bad(format!("--max-size {}: {e}", args.max_size)))?;
    }
    let settings = Settings {
        target,
        program: Program {
            command: args.solution.clone(),
            timeout: args.timeout,
        },
        exact: args.exact,
        relax: args.relax,
        seed: args.seed,
        max_size: args.max_size.max(2),
    };
    probe(&settings)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| Exit::bad(format!("cannot start the thread pool: {e}")))?;
    let cases = args
        .cases
        .unwrap_or(if args.time.is_some() { u64::MAX } else { 1000 });
    let bar = if cases == u64::MAX {
        ProgressBar::new_spinner()
    } else {
        ProgressBar::new(cases)
    };
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} runs, {per_sec}, {elapsed} {wide_bar}")
            .expect("template"),
    );
    let start = Instant::now();
    let batch = 4 * jobs as u64;
    let mut done = 0;
    let mut failure: Option<(u64, Input, Verdict)> = None;
    while done < cases && failure.is_none() && args.time.is_none_or(|t| start.elapsed() < t) {
        let end = (done + batch).min(cases);
        let verdicts: Vec<(u64, Input, Result<Verdict, String>)> = pool.install(|| {
            (done..end)
                .into_par_iter()
                .map(|i| {
                    let input = input_at(&settings, i);
                    let verdict = test(&settings, &input);
                    (i, input, verdict)
                })
                .collect()
        });
        for (i, input, verdict) in verdicts {
            match verdict {
                Err(e) => {
                    bar.finish_and_clear();
                    return Err(Exit::Found(anyhow::anyhow!("input {i}: {e}\n{}", input.text())));
                }
                Ok(Verdict::Accepted) => {}
                Ok(verdict) => {
                    failure = Some((i, input, verdict));
                    break;
                }
            }
        }
        done = failure.as_ref().map_or(end, |(i, _, _)| *i + 1);
        bar.set_position(done);
    }
    bar.finish_and_clear();
    let Some((index, input, verdict)) = failure else {
        outln!(
            "`{}`: {done} inputs, every one accepted ({:.1} s)",
            args.solution,
            start.elapsed().as_secs_f64()
        );
        return Ok(());
    };
    outln!("input {index} ({} test cases): {verdict}", input.cases.len());
    eprintln!("shrinking, re-running the program at each step …");
    let reduced = reduce(&settings, &input, &verdict);
    let text = reduced.input.text();
    let expected = reduced.input.expected().map_err(Exit::bad)?;
    outln!(
        "\nshrunk in {} steps ({} runs, {:.1} s) to {}:\n\n{text}",
        reduced.steps,
        reduced.tries,
        reduced.elapsed.as_secs_f64(),
        describe(&reduced.input)
    );
    outln!("expected output:\n{expected}");
    if let Ok(Run::Finished { stdout, .. }) = settings.program.run(text.as_bytes()) {
        outln!("your output:\n{}", String::from_utf8_lossy(&stdout));
    }
    outln!("verdict: {}", reduced.verdict);
    let kind = match target {
        Target::Game => Kind::Game,
        Target::Problem(p) => Kind::Problem(p),
    };
    match corpus::save(&args.save, kind, &text, &expected) {
        Ok(saved) => outln!(
            "\nsaved as {} and {}",
            saved.input.display(),
            saved.output.display()
        ),
        Err(e) => eprintln!("not saved: {e}"),
    }
    Err(Exit::Found(anyhow::anyhow!(
        "`{}`: {}",
        args.solution,
        reduced.verdict.kind()
    )))
}

fn describe(input: &Input) -> String {
    match &input.cases[..] {
        [case @ retrocheck::harness::generate::Case::Game(_)] => case.size_text(),
        [retrocheck::harness::generate::Case::Instance(i)] => format!("one test case, {}", i.size_text()),
        cases => format!("{} test cases", cases.len()),
    }
}

/// Runs the program once, so that a missing or broken command is a clear error rather
/// than a campaign of runtime errors.
fn probe(settings: &Settings) -> Status {
    let input = input_at(settings, 0);
    let run = settings
        .program
        .run(input.text().as_bytes())
        .map_err(|e| Exit::bad(format!("cannot run `{}`: {e}", settings.program.command)))?;
    if let Run::Finished { status, stderr, .. } = &run {
        if matches!(status.code(), Some(126 | 127)) {
            let why = String::from_utf8_lossy(stderr).trim().to_string();
            return Err(Exit::bad(format!(
                "the solution command `{}` cannot be run (exit status {}): {why}",
                settings.program.command,
                status.code().unwrap_or(0)
            )));
        }
    }
    Ok(())
}

/// The stress target for a problem name.
pub fn problem(problem: Problem) -> Target {
    Target::Problem(problem)
}
