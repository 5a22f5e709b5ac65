//! `retrocheck stress`: find, classify, shrink and save the bugs of a user's program —
//! the library's stress campaign ([`retrocheck::internals::stress`]) with a progress bar, the
//! report printed, the shrunk case saved and the JSON written.

use super::{Exit, Own, Status, Verb};
use indicatif::{ProgressBar, ProgressStyle};
use retrocheck::contest::{Contest, Rules};
use retrocheck::internals::corpus::{self, Kind};
use retrocheck::internals::stress::quote::block;
use retrocheck::internals::stress::report::{Report, ShrunkRecord, StressFailure, StressFile, STRESS_FORMAT};
use retrocheck::internals::stress::slow::{find_slow, SlowSearch};
use retrocheck::internals::stress::{
    expected, find_failure, input_at, reduce, Budget, FailureSearch, Found, Input, Limits, Program, Reduced,
    Settings, Target, Trouble, Verdict,
};
use retrocheck::Game;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What `--timeout` and `--max-size` say of one target.
struct Figures {
    name: &'static str,
    unit: &'static str,
    official_max: Option<u32>,
    default_max_size: u32,
    time_limit: Duration,
}

impl Figures {
    fn of<T: Target>() -> Figures {
        Figures {
            name: T::NAME,
            unit: T::UNIT,
            official_max: T::OFFICIAL_MAX,
            default_max_size: T::DEFAULT_MAX_SIZE,
            time_limit: T::TIME_LIMIT,
        }
    }

    /// Every registered problem's, in the registry's order.
    fn problems() -> Vec<Figures> {
        struct Read;
        impl retrocheck::internals::builtin::Visit for Read {
            type Output = Figures;
            fn visit<T: Contest + retrocheck::problems::Registered>(self) -> Figures {
                Figures::of::<T>()
            }
        }
        retrocheck::problems::Problem::ALL
            .iter()
            .map(|&p| retrocheck::internals::builtin::visit(p, Read))
            .collect()
    }
}

/// `--timeout`'s help: each problem's limit, grouped by limit ("pursuit, shiritori,
/// catmouse 2s, berzerk 4s, …").
fn timeout_help() -> String {
    let problems = Figures::problems();
    let mut limits: Vec<Duration> = problems.iter().map(|f| f.time_limit).collect();
    limits.sort();
    limits.dedup();
    let groups: Vec<String> = limits
        .iter()
        .map(|&limit| {
            let names: Vec<&str> = problems
                .iter()
                .filter(|f| f.time_limit == limit)
                .map(|f| f.name)
                .collect();
            format!("{} {}", names.join(", "), humantime::format_duration(limit))
        })
        .collect();
    format!(
        "Time limit per run, of CPU time (the program's and its children's); the program is killed with its \
         children after it, or after 3 times it on the clock (a program that sleeps). Default: the original \
         judge's (docs/problems/: {}; {} for games), unscaled",
        groups.join(", "),
        humantime::format_duration(Figures::of::<Game>().time_limit)
    )
}

/// `--max-size`'s help: each target's unit and default size.
fn max_size_help() -> String {
    let sizes: Vec<String> = Figures::problems()
        .into_iter()
        .chain([Figures::of::<Game>()])
        .map(|f| {
            let official = if f.official_max == Some(f.default_max_size) {
                ", the official maximum"
            } else {
                ""
            };
            format!(
                "{} {} {}{official}",
                f.name,
                retrocheck::text::thousands(u64::from(f.default_max_size)),
                f.unit
            )
        })
        .collect();
    format!(
        "The largest test case to try, in the problem's unit; capped at the official limit unless \
         --beyond-limits. Sizes are drawn log-uniformly from 1 up to it, and one test case in sixteen takes it; \
         the summary names the largest input tried. Default: {} (larger cases take seconds)",
        sizes.join("; ")
    )
}

/// At most this many bytes of the program's output on the shrunk input are shown.
const SHOWN_OUTPUT: usize = 600;

#[derive(clap::Args)]
pub struct Args {
    /// `game` (a program that reads a `.game` file and prints the solution format), or
    /// a contest problem.
    #[arg(value_parser = crate::what())]
    pub what: String,
    /// The command that runs your program; it reads the input on stdin (run by `sh -c`).
    #[arg(long, value_parser = super::command)]
    pub solution: String,
    /// A program whose output is the expected one (a brute force, or your solution to
    /// a variant of the problem), instead of retrocheck's answer; it runs under the same
    /// limits, and when it fails the input is reported as its failure.
    #[arg(long, value_parser = super::command)]
    pub reference: Option<String>,
    /// Inputs to try (default 1,000, or unlimited with --time).
    #[arg(long)]
    pub cases: Option<u64>,
    /// Stop after this long, e.g. 60s or 5m.
    #[arg(long, value_parser = humantime::parse_duration)]
    pub time: Option<Duration>,
    /// The same seed gives the same inputs and the same minimal failing input; a
    /// failing input is regenerated by `retrocheck generate PROBLEM --seed S --index I
    /// --max-size N` (with --edge-cases and --beyond-limits if given; the report
    /// prints the whole command).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop shrinking after this long (e.g. 5m) and report the input reached, which is
    /// then not 1-minimal; by default shrinking runs to the end (a counterexample of
    /// 65,537 positions needs as many runs of the program to prove it minimal).
    #[arg(long, value_parser = humantime::parse_duration)]
    pub shrink_time: Option<Duration>,
    /// Programs run in parallel (the verdicts do not depend on it).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    // The help texts that name each problem's figures are made from the registry
    // ([`timeout_help`], [`max_size_help`]), so that they stay true when one changes.
    #[arg(long, value_parser = humantime::parse_duration, help = timeout_help())]
    pub timeout: Option<Duration>,
    /// Memory limit per process, e.g. 256M or 1G: the address space of every process
    /// of the command is limited to it (RLIMIT_AS), and a run whose peak resident memory
    /// exceeds it, or whose allocation fails under it, is a memory limit exceeded.
    #[arg(long)]
    pub memory_limit: Option<String>,
    /// Compare bytes: a difference in white space only (a trailing space, `\r\n`) is a
    /// presentation error. Without it, outputs are compared token by token per line, blank lines ignored.
    #[arg(long)]
    pub exact: bool,
    #[arg(long, help = max_size_help())]
    pub max_size: Option<u32>,
    /// Let --max-size go beyond the problem's official limit.
    #[arg(long)]
    pub beyond_limits: bool,
    /// Also try the inputs the rules allow (or a robust solution should accept) but
    /// contests rarely test: duplicate edges, self-loops, x = y, m = 0 …
    #[arg(long)]
    pub edge_cases: bool,
    /// Deprecated: --edge-cases and --beyond-limits together (its old meaning).
    #[arg(long)]
    pub relax: bool,
    /// Where the minimal failing input and its expected output are saved (corpus
    /// layout: <dir>/pursuit/NAME.in + NAME.out, ...).
    #[arg(long, default_value = "corpus")]
    pub save: PathBuf,
    /// Do not save the minimal failing input (as `diff --no-save`).
    #[arg(long)]
    pub no_save: bool,
    /// Write the report (verdict counts, slowest run, most memory, largest input,
    /// coverage per axis, the failure) as JSON to this file, for CI.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Search for slow inputs instead of wrong answers: hill climbing over inputs within
    /// the official limits (sizes up to the official maximum), scored by the program's
    /// own CPU time, until a run exceeds the time limit (and a rerun too), then shrink
    /// and save that input as a failure; otherwise say the slowest input found and its
    /// share of the limit. Runs for --time (default 60s) or --cases runs.
    #[arg(long, conflicts_with = "json")]
    pub slow: bool,
    /// The binary that writes an input again, when it is a user's own command line
    /// rather than `retrocheck` (set by [`run`], not a flag).
    #[arg(skip)]
    pub binary: Option<String>,
}

/// `--memory-limit` as bytes, or an error that every wrong value words one way:
/// "--memory-limit TEXT: why" (issue 38: it was worded three ways).
fn memory_limit(text: &str) -> Result<u64, Exit> {
    let limit = parse_bytes(text).map_err(|why| Exit::bad(format!("--memory-limit {text}: {why}")))?;
    check_memory_limit(limit).map_err(|why| Exit::bad(format!("--memory-limit {text}: {why}")))?;
    Ok(limit)
}

/// A byte count: a number with an optional K, M or G suffix (powers of 1024, `iB` or
/// `B` allowed after it).
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let unit = trimmed
        .trim_end_matches("iB")
        .trim_end_matches('B')
        .trim_end_matches(['i']);
    let (digits, shift) = match unit.chars().last() {
        Some('K' | 'k') => (&unit[..unit.len() - 1], 10),
        Some('M' | 'm') => (&unit[..unit.len() - 1], 20),
        Some('G' | 'g') => (&unit[..unit.len() - 1], 30),
        _ => (unit, 0),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| "not a size like 256M, 1G or 65536".to_string())?;
    let bytes = n
        .checked_mul(1 << shift)
        .ok_or_else(|| "more bytes than 2^64".to_string())?;
    if bytes < 8 << 20 {
        return Err("less than 8M, too little for the shell that starts the program".into());
    }
    Ok(bytes)
}

pub fn run(mut args: Args, own: &Own) -> Status {
    super::keep_going_on_output_errors();
    // This process starts no children but the runs: a stray of an ended run is killed
    // even without its mark.
    retrocheck::internals::stress::run::own_every_child();
    // Ctrl-C, `timeout`, a closed terminal: the runs in flight die with us.
    retrocheck::internals::stress::run::end_runs_on_signals();
    args.binary = own.binary().map(str::to_owned);
    if let Some(problem) = own.find(&args.what) {
        return problem.run(Verb::Stress(args));
    }
    super::per_target(&args.what.clone(), args)
}

impl super::PerTarget for Args {
    fn game(self) -> Status {
        stress::<Game>(self)
    }

    fn problem<T: Contest>(self) -> Status {
        stress::<T>(self)
    }
}

/// The command that writes input `index` again: `retrocheck generate …`, or the user's
/// own binary's when it runs.
fn regenerate<T: Target>(settings: &Settings, args: &Args, index: u64) -> String {
    match &args.binary {
        Some(binary) => settings.regenerate_with::<T>(binary, index),
        None => settings.regenerate::<T>(index),
    }
}

fn stress<T: Target>(args: Args) -> Status {
    let (settings, jobs) = settings::<T>(&args)?;
    // --time counts from here: the probes are part of the search.
    let started = std::time::Instant::now();
    check_outputs_and_programs::<T>(&args, &settings)?;
    if args.slow {
        return slow::<T>(&args, &settings, jobs, started);
    }
    let search = search::<T>(&args, &settings, jobs, started);
    let (report, elapsed) = (&search.report, search.elapsed);
    match search.found {
        // `--cases 0` runs no input: nothing checked is no pass (as in `diff`).
        None if search.done == 0 => nothing_checked::<T>(&args, &settings, report, elapsed),
        None => passed::<T>(&args, &settings, report, elapsed, search.done),
        Some(Found::Trouble {
            index,
            input,
            trouble,
        }) => unjudged::<T>(&args, &settings, report, elapsed, index, &input, trouble),
        Some(Found::Failure {
            index,
            input,
            verdict,
        }) => {
            let found = Failing {
                index,
                input,
                verdict,
            };
            failed::<T>(&args, &settings, report, elapsed, jobs, found)
        }
    }
}

/// The settings `args` ask for and the jobs to run at once, or a usage error; notes on
/// standard error for flags that change nothing or are deprecated.
fn settings<T: Target>(args: &Args) -> Result<(Settings, usize), Exit> {
    let jobs = super::threads(Some(args.jobs), "--jobs")?;
    let timeout = args.timeout.unwrap_or(T::TIME_LIMIT);
    if timeout.is_zero() {
        return Err(Exit::bad("--timeout must be more than 0s"));
    }
    // The search for slow inputs goes up to the official maximum: the worst case of a
    // slow solution is where the judge's largest tests are.
    let default_size = match T::OFFICIAL_MAX {
        Some(max) if args.slow => max,
        _ => T::DEFAULT_MAX_SIZE,
    };
    let max_size = args.max_size.unwrap_or(default_size);
    if max_size == 0 {
        return Err(Exit::bad("--max-size must be at least 1"));
    }
    let memory = args.memory_limit.as_deref().map(memory_limit).transpose()?;
    let limits = Limits {
        time: timeout,
        memory,
    };
    let settings = Settings {
        program: Program {
            command: args.solution.clone(),
            limits,
        },
        reference: args.reference.clone().map(|command| Program { command, limits }),
        exact: args.exact,
        rules: Rules {
            edge_cases: args.edge_cases || args.relax,
            beyond_limits: args.beyond_limits || args.relax,
        },
        seed: args.seed,
        max_size,
    };
    if args.relax {
        say!("retrocheck: warning: --relax is deprecated: it means --edge-cases --beyond-limits");
    }
    if !T::CONTEST && args.edge_cases {
        say!("retrocheck: note: --edge-cases changes nothing for games: every game family is tried anyway");
    }
    super::check_size::<T>(&settings, jobs)?;
    Ok((settings, jobs))
}

/// Refuses a `--json` file or `--save` directory that cannot be written, and a
/// solution or reference that does not run, before any input is tried.
fn check_outputs_and_programs<T: Target>(args: &Args, settings: &Settings) -> Status {
    if let Some(path) = &args.json {
        super::check_output_file(path, "--json")?;
    }
    if !args.no_save {
        super::check_output_dir(&args.save, "--save")?;
    }
    probe::<T>(&settings.program, settings, "solution")?;
    if let Some(reference) = &settings.reference {
        probe::<T>(reference, settings, "reference")?;
    }
    Ok(())
}

/// The campaign loop with a progress bar, within the budget `args` ask for (its time
/// counted from `started`).
fn search<T: Target>(
    args: &Args,
    settings: &Settings,
    jobs: usize,
    started: std::time::Instant,
) -> FailureSearch<T> {
    let cases = args
        .cases
        .unwrap_or(if args.time.is_some() { u64::MAX } else { 1000 });
    let budget = Budget {
        cases,
        time: args.time.map(|t| t.saturating_sub(started.elapsed())),
        jobs,
    };
    let bar = progress_bar(cases);
    let search = find_failure::<T>(settings, budget, |done, report| {
        bar.set_position(done);
        bar.set_message(report.tally());
    });
    bar.finish_and_clear();
    search
}

/// No input was run (`--cases 0`): said, and no pass.
fn nothing_checked<T: Target>(
    args: &Args,
    settings: &Settings,
    report: &Report,
    elapsed: Duration,
) -> Status {
    outln!(
        "`{}`: NOTHING CHECKED: no input was run (--cases 0)",
        args.solution
    );
    write_json::<T>(args, settings, report, elapsed, None)?;
    Err(Exit::Unjudged(anyhow::anyhow!(
        "nothing was checked: no input was run (--cases 0)"
    )))
}

/// Every input was accepted: the line and the report.
fn passed<T: Target>(
    args: &Args,
    settings: &Settings,
    report: &Report,
    elapsed: Duration,
    done: u64,
) -> Status {
    // "1 input, accepted", not "1 inputs, every one accepted" (issue 38).
    let accepted = match done {
        1 => "1 input, accepted".to_string(),
        n => format!("{} inputs, every one accepted", retrocheck::text::thousands(n)),
    };
    outln!(
        "`{}`: {accepted} ({:.1} s, sizes up to {} {})",
        args.solution,
        elapsed.as_secs_f64(),
        retrocheck::text::thousands(settings.largest::<T>().into()),
        T::UNIT
    );
    outln!("{}", report.text());
    near_the_limit(settings, report);
    write_json::<T>(args, settings, report, elapsed, None)
}

/// Says so when an accepted run used more than half the time limit: a slower input
/// of the same kind may exceed it, and `--slow` searches for one.
fn near_the_limit(settings: &Settings, report: &Report) {
    let limit = settings.program.limits.time;
    let Some((index, cpu)) = report.most_cpu() else {
        return;
    };
    if cpu * 2 > limit {
        outln!(
            "near the time limit: input {index} took {:.2} s of CPU time, {:.0}% of the limit of {:.2} s; a slower input may exceed it: --slow searches for one",
            cpu.as_secs_f64(),
            100.0 * cpu.as_secs_f64() / limit.as_secs_f64(),
            limit.as_secs_f64()
        );
    }
}

/// How long `--slow` searches when neither `--time` nor `--cases` is given.
const SLOW_TIME: Duration = Duration::from_secs(60);

/// `--slow`: the search for slow inputs ([`find_slow`]), within `--time` (default
/// [`SLOW_TIME`]) or `--cases` runs, its time counted from `started`. A time limit
/// exceeded (confirmed by a rerun), or any other failure met on the way, is shrunk and
/// saved as `stress` saves a failure; otherwise the slowest input and its share of
/// the limit are said, and the status is 0.
fn slow<T: Target>(args: &Args, settings: &Settings, jobs: usize, started: Instant) -> Status {
    let time = args.time.or(args.cases.is_none().then_some(SLOW_TIME));
    let budget = Budget {
        cases: args.cases.unwrap_or(u64::MAX),
        time: time.map(|t| t.saturating_sub(started.elapsed())),
        jobs,
    };
    let bar = progress_bar(budget.cases);
    let search = find_slow::<T>(settings, budget, |runs, cpu| {
        bar.set_position(runs);
        bar.set_message(format!("slowest {:.2} s of CPU time", cpu.as_secs_f64()));
    });
    bar.finish_and_clear();
    let limit = settings.program.limits.time;
    let searched = format!(
        "{} from {} in {:.1} s, sizes up to {} {}",
        retrocheck::text::count(search.runs as usize, "run"),
        retrocheck::text::count(search.restarts as usize, "start"),
        search.elapsed.as_secs_f64(),
        retrocheck::text::thousands(settings.largest::<T>().into()),
        T::UNIT
    );
    // Shrinking a time limit exceeded runs the program to the limit twice a
    // candidate: it gets --shrink-time, or as long as the search.
    let shrink_time = args.shrink_time.or(time);
    match search.found {
        Some(Found::Trouble {
            index,
            input,
            trouble,
        }) => {
            let report = anyhow::anyhow!(
                "run {index} of the search for slow inputs: {trouble}\n{}",
                block(input.text().as_bytes(), SHOWN_OUTPUT)
            );
            Err(match trouble {
                Trouble::Spawn { .. } => Exit::BadInput(report),
                _ => Exit::Unjudged(report),
            })
        }
        Some(Found::Failure {
            index,
            input,
            verdict,
        }) => {
            outln!(
                "`{}`: run {index} of the search for slow inputs ({searched}) failed: {verdict}",
                args.solution
            );
            slow_failed::<T>(args, settings, jobs, shrink_time, &input, &verdict)
        }
        None if search.runs == 0 => Err(Exit::Unjudged(anyhow::anyhow!(
            "nothing was checked: no input was run (--cases 0)"
        ))),
        None => slowest::<T>(args, settings, jobs, shrink_time, &search, limit, &searched),
    }
}

/// The end of a search for slow inputs that met no other failure: the time limit
/// exceeded, shrunk and saved, or the slowest input found and its share of the limit.
fn slowest<T: Target>(
    args: &Args,
    settings: &Settings,
    jobs: usize,
    shrink_time: Option<Duration>,
    search: &SlowSearch<T>,
    limit: Duration,
    searched: &str,
) -> Status {
    let Some(slowest) = &search.slowest else {
        return Err(Exit::Unjudged(anyhow::anyhow!(
            "nothing was checked: no input was run"
        )));
    };
    if search.exceeded {
        outln!(
            "`{}`: TIME LIMIT EXCEEDED on an input the search for slow inputs found at run {} ({searched}; a rerun exceeded it too): {}",
            args.solution,
            slowest.run,
            slowest.verdict
        );
        return slow_failed::<T>(
            args,
            settings,
            jobs,
            shrink_time,
            &slowest.input,
            &slowest.verdict,
        );
    }
    outln!(
        "`{}`: no input exceeded the time limit in {searched}",
        args.solution
    );
    outln!(
        "slowest input: {} s of CPU time, {:.0}% of the limit of {:.2} s, at run {} ({})",
        format_args!("{:.3}", slowest.cpu.as_secs_f64()),
        100.0 * search.share(limit),
        limit.as_secs_f64(),
        slowest.run,
        slowest.input.describe()
    );
    Ok(())
}

/// An input of the search for slow inputs failed (over the time limit, or otherwise):
/// shrink it, save it and print it as a campaign's failure.
fn slow_failed<T: Target>(
    args: &Args,
    settings: &Settings,
    jobs: usize,
    shrink_time: Option<Duration>,
    input: &Input<T>,
    verdict: &Verdict,
) -> Status {
    let reduced = shrink_by::<T>(settings, jobs, "the input found", input, verdict, shrink_time);
    let text = reduced.input.text();
    let expected = expected(settings, &reduced.input).map_err(|e| Exit::Unjudged(anyhow::anyhow!("{e}")))?;
    let saving = save(args, settings, &reduced, &text, &expected);
    print_shrunk::<T>("the input found", verdict, &reduced, &text, &expected);
    print_saving(args, saving);
    Err(Exit::Found(anyhow::anyhow!(
        "`{}`: {}",
        args.solution,
        reduced.verdict.kind()
    )))
}

/// Input `index` could not be judged: the report, the JSON, and the trouble as the
/// error (a program that could not start is bad input, anything else unjudged).
#[allow(clippy::too_many_arguments)]
fn unjudged<T: Target>(
    args: &Args,
    settings: &Settings,
    report: &Report,
    elapsed: Duration,
    index: u64,
    input: &Input<T>,
    trouble: Trouble,
) -> Status {
    outln!("{}", report.text());
    let failure = StressFailure::Trouble {
        index,
        seed: args.seed,
        trouble: trouble.to_string(),
        regenerate: regenerate::<T>(settings, args, index),
    };
    if let Err(Exit::BadInput(e) | Exit::Found(e)) =
        write_json::<T>(args, settings, report, elapsed, Some(failure))
    {
        say!("retrocheck: {e:#}");
    }
    let report = anyhow::anyhow!(
        "input {index} ({}): {trouble}\n{}",
        regenerate::<T>(settings, args, index),
        block(input.text().as_bytes(), SHOWN_OUTPUT)
    );
    Err(match trouble {
        Trouble::Spawn { .. } => Exit::BadInput(report),
        _ => Exit::Unjudged(report),
    })
}

/// The input the program failed, as the campaign loop found it.
struct Failing<T> {
    index: u64,
    input: Input<T>,
    verdict: Verdict,
}

/// The program failed an input: shrink it, save it, print the report and write the
/// JSON.
fn failed<T: Target>(
    args: &Args,
    settings: &Settings,
    report: &Report,
    elapsed: Duration,
    jobs: usize,
    found: Failing<T>,
) -> Status {
    let Failing {
        index,
        input,
        verdict,
    } = found;
    outln!(
        "input {index} ({}, found in {:.1} s): {verdict}",
        retrocheck::text::count(input.cases.len(), "test case"),
        elapsed.as_secs_f64()
    );
    outln!("regenerate it: {}", regenerate::<T>(settings, args, index));
    let reduced = shrink::<T>(args, settings, jobs, index, &input, &verdict);
    let text = reduced.input.text();
    let expected = expected(settings, &reduced.input).map_err(|e| Exit::Unjudged(anyhow::anyhow!("{e}")))?;
    // Saved first, then printed: a standard output that is closed or full must not
    // cost the case.
    let saving = save(args, settings, &reduced, &text, &expected);
    print_shrunk::<T>(&format!("input {index}"), &verdict, &reduced, &text, &expected);
    let saved = print_saving(args, saving);
    outln!("\n{}", report.text());
    let failure = StressFailure::Failed {
        index,
        seed: args.seed,
        verdict: verdict.code().into(),
        message: verdict.to_string(),
        regenerate: regenerate::<T>(settings, args, index),
        shrunk: shrunk_record(&reduced, text),
        saved,
    };
    if let Err(Exit::BadInput(e) | Exit::Found(e)) =
        write_json::<T>(args, settings, report, elapsed, Some(failure))
    {
        say!("retrocheck: {e:#}");
    }
    Err(Exit::Found(anyhow::anyhow!(
        "`{}`: {}",
        args.solution,
        reduced.verdict.kind()
    )))
}

/// Shrinks the failing input by re-running the program, within `--shrink-time` (or
/// `--time`); says when the program failed every run of it, not always the same way.
fn shrink<T: Target>(
    args: &Args,
    settings: &Settings,
    jobs: usize,
    index: u64,
    input: &Input<T>,
    verdict: &Verdict,
) -> Reduced<T> {
    // Shrinking gets --shrink-time, or as long as the search with --time.
    let time = args.shrink_time.or(args.time);
    shrink_by(settings, jobs, &format!("input {index}"), input, verdict, time)
}

/// Shrinks the failing input `found` ("input 12") for at most `time`; says when the
/// program failed every run of it, not always the same way.
fn shrink_by<T: Target>(
    settings: &Settings,
    jobs: usize,
    found: &str,
    input: &Input<T>,
    verdict: &Verdict,
    time: Option<Duration>,
) -> Reduced<T> {
    say!("shrinking, re-running the program at each step …");
    // A time too long to add to the clock (2^64 s) is no deadline.
    let deadline = time.and_then(|t| Instant::now().checked_add(t));
    let reduced = reduce(settings, input, verdict, jobs, deadline);
    if reduced.found.always() && reduced.found.mixed() {
        outln!(
            "the program failed every run of {found}, not always the same way ({}): shrunk on the {}, which most runs gave",
            reduced.found.list(),
            reduced.kind
        );
    }
    reduced
}

/// The shrunk input (cut to one screen when long), how shrinking went, the expected
/// output and the program's, and the verdict.
fn print_shrunk<T: Target>(
    found: &str,
    verdict: &Verdict,
    reduced: &Reduced<T>,
    text: &str,
    expected: &[u8],
) {
    let again = &reduced.reproduced;
    // A long case is cut to one screen as the library's report cuts it.
    let cut = cut::<T>(text, expected, &reduced.output, &reduced.verdict);
    let shown = cut.as_ref().map_or(text, |(shown, _)| shown.as_str());
    if again.always() {
        outln!(
            "\nshrunk in {} ({}, {:.1} s) to {}:\n\n{shown}",
            retrocheck::text::count(reduced.steps, "step"),
            retrocheck::text::count(reduced.runs, "run"),
            reduced.elapsed.as_secs_f64(),
            reduced.input.describe()
        );
    } else if reduced.steps == 0 {
        outln!(
            "\nthe program is not deterministic: run again, it failed {found} in {} of {} runs{} (uninitialised memory? the clock?); a failure that does not come back on every run is not shrunk. The input ({}):\n\n{shown}",
            again.failed,
            again.runs,
            if again.mixed() { format!(" ({})", again.list()) } else { String::new() },
            reduced.input.describe()
        );
    } else {
        outln!(
            "\nshrunk in {} ({}, {:.1} s) to {}, which then failed in {} of {} runs (the program is not deterministic):\n\n{shown}",
            retrocheck::text::count(reduced.steps, "step"),
            retrocheck::text::count(reduced.runs, "run"),
            reduced.elapsed.as_secs_f64(),
            reduced.input.describe(),
            again.failed,
            again.runs
        );
    }
    if !official(reduced) {
        outln!(
            "(this input is outside the original judge's constraints (docs/problems/{}.md): only --edge-cases or --beyond-limits draw such inputs)\n",
            T::NAME
        );
    }
    if reduced.out_of_time {
        outln!(
            "(shrinking stopped at --shrink-time, or --time without it: a smaller failing input may exist)\n"
        );
    }
    match &cut {
        None => {
            outln!("expected output:\n{}", block(expected, SHOWN_OUTPUT));
            outln!("your output:\n{}", block(&reduced.output, SHOWN_OUTPUT));
        }
        Some((_, files)) => outln!("{files}"),
    }
    if again.always() {
        outln!("verdict: {}", reduced.verdict);
    } else {
        outln!(
            "verdict: {} (in {} of {} runs)",
            reduced.verdict,
            again.failed,
            again.runs
        );
    }
    if symptom(&reduced.verdict) != symptom(verdict) {
        outln!("(the symptom changed while shrinking, the verdict did not: as found, {verdict})");
    }
}

/// Whether every test case of the shrunk input is within the original judge's
/// constraints.
fn official<T: Target>(reduced: &Reduced<T>) -> bool {
    reduced.input.cases.iter().all(|c| c.is_official())
}

/// Says what became of the shrunk input; the path it was saved as, if it was. The
/// search for slow inputs (`--slow`) prints no `regenerate it` line: the shrunk input
/// shown is what it has.
fn print_saving(args: &Args, saving: Saving) -> Option<String> {
    let again = if args.slow {
        "the shrunk input is shown above"
    } else {
        "`regenerate it` above writes the input found again"
    };
    match saving {
        Saving::Saved(saved) => {
            super::keep(format_args!(
                "\n{} {} and {}",
                retrocheck::internals::corpus::saved_as(saved.already_present),
                saved.input.display(),
                saved.output.display()
            ));
            Some(saved.input.display().to_string())
        }
        Saving::Unsaved => {
            outln!("\nnot saved: --no-save; {again}");
            None
        }
        Saving::Variant => {
            outln!(
                "\nnot saved in the corpus: retrocheck's answer to this input differs from the reference's (a variant problem?); {again}"
            );
            None
        }
        Saving::Failed(e) => {
            say!("retrocheck: not saved in {}: {e}", args.save.display());
            None
        }
    }
}

/// The JSON record of the shrunk input, `text`.
fn shrunk_record<T: Target>(reduced: &Reduced<T>, text: String) -> ShrunkRecord {
    ShrunkRecord {
        input: text,
        verdict: reduced.verdict.code().into(),
        message: reduced.verdict.to_string(),
        steps: reduced.steps,
        runs: reduced.runs,
        seconds: reduced.elapsed.as_secs_f64(),
        out_of_time: reduced.out_of_time,
        official: official(reduced),
        reruns: reduced.reproduced.runs,
        failed_reruns: reduced.reproduced.failed,
    }
}

/// The shrunk case cut to one screen, when the case and both outputs printed whole
/// would take more than [`SHOWN_LINES`](retrocheck::api::SHOWN_LINES) lines: its first
/// lines, the groups of output lines that differ and, for a game, the play from the
/// failing position, as the library's report shows a long failure
/// ([`cut_case`](retrocheck::api::report::cut_case)); with the line that names the
/// files holding the whole case, both outputs and the whole report.
fn cut<T: Target>(text: &str, expected: &[u8], output: &[u8], verdict: &Verdict) -> Option<(String, String)> {
    let lines = |t: &str| t.lines().count();
    let (expected_block, output_block) = (block(expected, SHOWN_OUTPUT), block(output, SHOWN_OUTPUT));
    if lines(text) + lines(&expected_block) + lines(&output_block) <= retrocheck::api::SHOWN_LINES {
        return None;
    }
    let expected = String::from_utf8_lossy(expected);
    // Escaped as everything of the program's output is shown, line breaks aside.
    let got = block(output, output.len());
    let shown = retrocheck::api::report::cut_case(
        text,
        &expected,
        &got,
        "your output",
        !T::CONTEST,
        retrocheck::internals::stress::quote::QUOTE_LIMIT,
    );
    let whole = format!("{text}\nexpected output:\n{expected}\nyour output:\n{got}\nverdict: {verdict}\n");
    let extension = if T::CONTEST { "in" } else { "game" };
    let files = [
        (format!("case.{extension}"), text),
        ("expected.out".to_string(), expected.as_ref()),
        ("got.out".to_string(), got.as_str()),
        ("report.txt".to_string(), whole.as_str()),
    ];
    let line = match retrocheck::api::report::write_files(&files) {
        Ok(dir) => format!(
            "the whole case and both outputs are in {} (the whole report: {})",
            dir.display(),
            dir.join("report.txt").display()
        ),
        Err(e) => format!(
            "(the whole case could not be written: {e}; `regenerate it` above writes the input found)"
        ),
    };
    Some((shown, line))
}

/// What a person sees go wrong, without where: the first tokens that differ between
/// the expected and the printed line of a wrong answer or presentation error (not the
/// whole lines, whose "Case #2:" becomes "Case #1:" when shrinking drops a test case),
/// the status of a runtime error, the verdict's kind otherwise. Shrinking keeps the
/// kind; the report says when it changed the rest.
fn symptom(verdict: &Verdict) -> String {
    match verdict {
        Verdict::WrongAnswer { expected, got, .. } | Verdict::PresentationError { expected, got, .. } => {
            let (mut want, mut have) = (expected.split_whitespace(), got.split_whitespace());
            loop {
                match (want.next(), have.next()) {
                    (Some(a), Some(b)) if a == b => continue,
                    (None, None) => break format!("{expected:?} / {got:?}"),
                    (a, b) => break format!("{} / {}", a.unwrap_or("(end)"), b.unwrap_or("(end)")),
                }
            }
        }
        Verdict::RuntimeError { status, .. } => status.clone(),
        other => other.kind().to_string(),
    }
}

/// A progress bar on a terminal; nothing on anything else.
fn progress_bar(cases: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = if cases == u64::MAX {
        ProgressBar::new_spinner()
    } else {
        ProgressBar::new(cases)
    };
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} inputs, {elapsed} (eta {eta}) {wide_bar} {msg}")
            .expect("template"),
    );
    bar
}

/// What became of the shrunk input.
enum Saving {
    /// Saved in the corpus (or there already).
    Saved(corpus::Saved),
    /// Not saved: a reference disagrees with retrocheck on it (a variant problem: its
    /// expected output would fail `replay`).
    Variant,
    /// The corpus could not be written.
    Failed(std::io::Error),
    /// Not saved: `--no-save`.
    Unsaved,
}

/// Saves the shrunk input in the corpus, unless a reference disagrees with retrocheck
/// on it.
fn save<T: Target>(
    args: &Args,
    settings: &Settings,
    reduced: &Reduced<T>,
    text: &str,
    expected: &[u8],
) -> Saving {
    if args.no_save {
        return Saving::Unsaved;
    }
    let own = reduced.input.expected().ok();
    if settings.reference.is_some() && own.as_deref().map(str::as_bytes) != Some(expected) {
        return Saving::Variant;
    }
    // A problem's directory is its name, whether the registry knows it or not.
    let (directory, extension) = if T::CONTEST {
        (T::NAME, "in")
    } else {
        (Kind::Game.directory(), Kind::Game.extension())
    };
    match corpus::save_in(
        &args.save,
        directory,
        extension,
        text,
        &String::from_utf8_lossy(expected),
    ) {
        Ok(saved) => Saving::Saved(saved),
        Err(e) => Saving::Failed(e),
    }
}

fn write_json<T: Target>(
    args: &Args,
    settings: &Settings,
    report: &Report,
    elapsed: Duration,
    failure: Option<StressFailure>,
) -> Status {
    let Some(path) = &args.json else {
        return Ok(());
    };
    let json = StressFile {
        format: STRESS_FORMAT.into(),
        solution: args.solution.clone(),
        reference: args.reference.clone(),
        seed: args.seed,
        max_size: settings.largest::<T>(),
        unit: T::UNIT.into(),
        edge_cases: settings.rules.edge_cases,
        beyond_limits: settings.rules.beyond_limits,
        time_limit_seconds: settings.program.limits.time.as_secs_f64(),
        memory_limit_bytes: settings.program.limits.memory,
        seconds: elapsed.as_secs_f64(),
        // Nothing checked (`--cases 0`) is no pass, in the JSON too.
        passed: failure.is_none() && report.inputs > 0,
        report: report.to_record(),
        failure,
    };
    let text = serde_json::to_string_pretty(&json).expect("JSON values serialize");
    std::fs::write(path, text + "\n").map_err(|e| Exit::bad(format!("cannot write {}: {e}", path.display())))
}

/// Refuses a `--memory-limit` above this process's hard RLIMIT_AS, which no child can
/// be given (setrlimit would say only "Operation not permitted"): why, in words.
fn check_memory_limit(limit: u64) -> Result<(), String> {
    let mut current = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limits into `current`.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut current) } != 0 {
        return Ok(());
    }
    let hard = current.rlim_max;
    if hard != libc::RLIM_INFINITY && limit > hard {
        return Err(format!(
            "{} MiB, above the hard limit on address space that retrocheck runs under ({} MiB, `ulimit -Hv`): a program cannot be given more",
            limit >> 20,
            hard >> 20
        ));
    }
    Ok(())
}

/// The probe's time limit (of CPU time; its wall-clock cap is three times it): `sh`
/// says at once when it cannot run a command, and the probe's time counts in `--time`.
const PROBE_TIME: Duration = Duration::from_millis(300);

/// Runs a program once, so that a missing or broken command is a clear error rather
/// than a campaign of runtime errors; cut short at [`PROBE_TIME`], since only a
/// command that cannot start is looked for.
fn probe<T: Target>(program: &Program, settings: &Settings, what: &str) -> Status {
    let input = input_at::<T>(settings, 0);
    let program = Program {
        command: program.command.clone(),
        limits: Limits {
            time: program.limits.time.min(PROBE_TIME),
            ..program.limits
        },
    };
    let run = program
        .run(input.text().as_bytes())
        .map_err(|e| Exit::bad(format!("cannot run `{}`: {e}", program.command)))?;
    if let Some(code @ (126 | 127)) = run.status.and_then(|s| s.code()) {
        let why = String::from_utf8_lossy(&run.stderr).trim().to_string();
        return Err(Exit::bad(format!(
            "the {what} command `{}` cannot be run (exit status {code}): {why}",
            program.command,
        )));
    }
    Ok(())
}
