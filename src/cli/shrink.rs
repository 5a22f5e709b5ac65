//! `retrocheck shrink FILE`: reduce a failing case to a 1-minimal one and save it; with
//! `--solution`, a contest input by re-running the program at every step, as `stress`
//! shrinks (the way a problem of a user's own command line is shrunk).

use super::input::{read_contest, read_game};
use super::{solver, Exit, Own, PerTarget, Status, Verb};
use retrocheck::contest::{Contest, Rules};
use retrocheck::internals::case::Case;
use retrocheck::internals::corpus::Kind;
use retrocheck::internals::oracles::{check_case, Oracles};
use retrocheck::internals::stress::quote::block;
use retrocheck::internals::stress::{expected, reduce, test, Input, Program, Settings, Verdict};
use retrocheck::problems::Problem;
use std::path::{Path, PathBuf};

/// At most this many bytes of an output are shown, as `stress` shows them.
const SHOWN_OUTPUT: usize = 600;

#[derive(clap::Args)]
pub struct Args {
    /// A `.game` file, a contest input (`.in` under a directory named after its
    /// problem, or with --problem), or a libFuzzer artifact of the `diff` target (crash-*, or with
    /// --fuzz-artifact).
    pub file: PathBuf,
    /// Read the file as a `diff` fuzz input.
    #[arg(long)]
    pub fuzz_artifact: bool,
    /// The contest problem of the input, when its directory does not say.
    #[arg(long)]
    pub problem: Option<String>,
    /// The solver under test.
    #[arg(long, default_value = "retrograde")]
    pub solver: String,
    /// Where the shrunk case is saved.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Do not save the shrunk case.
    #[arg(long)]
    pub no_save: bool,
    /// Shrink a contest input by re-running your program on it (as `stress` shrinks;
    /// run by `sh -c`, reading the input on stdin) instead of checking a solver: the
    /// way a problem of your own command line is shrunk.
    #[arg(long, conflicts_with_all = ["solver", "fuzz_artifact"], value_parser = super::command)]
    pub solution: Option<String>,
}

/// `shrink --solution`: a contest input shrunk by re-running the program.
impl PerTarget for Args {
    fn game(self) -> Status {
        Err(Exit::bad(format!(
            "--solution shrinks a contest input (`.in` under a directory named after its problem, or with --problem): {} is not one",
            self.file.display()
        )))
    }

    fn problem<T: Contest>(self) -> Status {
        by_program::<T>(&self)
    }
}

/// Whether a file is a libFuzzer artifact, by the names libFuzzer gives them.
fn looks_like_artifact(file: &Path) -> bool {
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    [
        "crash-",
        "oom-",
        "timeout-",
        "slow-unit-",
        "leak-",
        "minimized-from-",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// Reads a `diff` fuzz input as the case it encodes.
pub fn read_artifact(file: &Path) -> Result<Case, Exit> {
    // The fuzz targets take inputs of a few kilobytes (the diff decoder's caps).
    let bytes = super::read_bytes(file, 16 << 20, "a fuzz input")?;
    retrocheck::internals::fuzz::decode(&bytes).0.ok_or_else(|| {
        Exit::bad(format!(
            "{}: a fuzz input outside the size caps (the target rejects it)",
            file.display()
        ))
    })
}

/// Whether a file's first statement is a `.game` header (or the file cannot say).
fn looks_like_game(file: &Path) -> bool {
    use std::io::Read;
    let mut start = [0u8; 256];
    let Ok(read) = std::fs::File::open(file).and_then(|mut f| f.read(&mut start)) else {
        return true;
    };
    let text = String::from_utf8_lossy(&start[..read]);
    let first = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty());
    first.is_none_or(|l| l.starts_with("game"))
}

/// Reads a case from a file: a `.game`, or a single-instance contest input; `verb`
/// names the command in the message for an input of several test cases.
pub fn read_case(file: &Path, problem: Option<&str>, verb: &str) -> Result<Case, Exit> {
    if problem.is_none() && looks_like_artifact(file) {
        return read_artifact(file);
    }
    let kind = match problem {
        Some(name) => Kind::Problem(
            Problem::from_name(name).ok_or_else(|| Exit::bad(format!("unknown problem '{name}'")))?,
        ),
        None => Kind::of_path(file).unwrap_or(Kind::Game),
    };
    match kind {
        // A contest input given without --problem fails at its first line: say what
        // would read it.
        Kind::Game => read_game(file).map(Case::Game).map_err(|e| match e {
            Exit::BadInput(e) if problem.is_none() && !looks_like_game(file) => {
                Exit::BadInput(e.context(format!(
                "{} is read as a .game file; for a contest input, give --problem NAME ({})",
                file.display(),
                Problem::ALL.iter().map(|p| p.name()).collect::<Vec<_>>().join(", ")
            )))
            }
            e => e,
        }),
        Kind::Problem(problem) => {
            let mut instances = problem
                .parse_bytes(&read_contest(problem, file)?)
                .map_err(|e| Exit::bad(format!("{}: {e}", file.display())))?;
            if instances.len() != 1 {
                return Err(Exit::bad(format!(
                    "{}: {}; {verb} takes one",
                    file.display(),
                    retrocheck::text::count(instances.len(), "test case"),
                )));
            }
            Ok(Case::Instance(instances.remove(0)))
        }
    }
}

pub fn run(args: Args, own: &Own) -> Status {
    super::keep_going_on_output_errors();
    if args.solution.is_some() {
        // As in `stress`: the program re-run at every step dies with us on Ctrl-C,
        // `timeout` or a closed terminal (issue 38, adversarial pass: it lived on).
        retrocheck::internals::stress::run::own_every_child();
        retrocheck::internals::stress::run::end_runs_on_signals();
    }
    let named = args.problem.as_deref().map(|name| own.find(name));
    if let Some(problem) = named.unwrap_or_else(|| own.owner(&args.file)) {
        return problem.run(Verb::Shrink(args));
    }
    if args.solution.is_some() {
        let what = match &args.problem {
            Some(name) => name.clone(),
            None => match Kind::of_path(&args.file) {
                Some(Kind::Problem(problem)) => problem.name().to_string(),
                _ => "game".to_string(),
            },
        };
        return super::per_target(&what, args);
    }
    let under_test = solver(&args.solver, 1)?;
    let case = if args.fuzz_artifact {
        read_artifact(&args.file)?
    } else {
        read_case(&args.file, args.problem.as_deref(), "shrink")?
    };
    // Every oracle: a case worth shrinking is small, and whichever entry point found
    // it (a fuzz target runs the relations on every size) must see it fail here too.
    let oracles = Oracles::all();
    match check_case(&case, under_test.as_ref(), &oracles) {
        Ok(_) => {
            outln!(
                "{} passes every oracle on {}: nothing to shrink",
                under_test.name(),
                args.file.display()
            );
            Ok(())
        }
        Err(mismatch) => {
            outln!("{}: {mismatch}", args.file.display());
            let corpus = (!args.no_save).then_some(args.corpus.as_path());
            let found_in = args.file.display().to_string();
            super::diff::shrink_and_save(&case, found_in, under_test.as_ref(), &oracles, corpus)?;
            Err(Exit::Found(anyhow::anyhow!(
                "{} fails on {}",
                under_test.name(),
                args.file.display()
            )))
        }
    }
}

/// `shrink FILE --solution CMD` for a contest problem: the input shrunk by re-running
/// the program at each step ([`reduce`], as `stress` shrinks), then printed and saved
/// in `--corpus` as `stress` does.
pub fn by_program<T: Contest>(args: &Args) -> Status {
    let file = &args.file;
    let Some(command) = &args.solution else {
        return Err(Exit::bad(format!(
            "give --solution CMD: an input of {} is shrunk by re-running your program on it, as `stress` shrinks",
            T::NAME
        )));
    };
    if args.fuzz_artifact {
        return Err(Exit::bad(
            "--fuzz-artifact is a `diff` fuzz input of a game: --solution shrinks a contest input",
        ));
    }
    let bytes = super::input::read_unregistered(file)?;
    let cases = retrocheck::problems::parse::<T>(&bytes)
        .map_err(|e| Exit::bad(format!("{}: {e}", file.display())))?;
    if cases.is_empty() {
        return Err(Exit::bad(format!(
            "{}: no test case, nothing to shrink",
            file.display()
        )));
    }
    if !args.no_save {
        super::check_output_dir(&args.corpus, "--corpus")?;
    }
    let input = Input { cases };
    // An input beyond the official limits is shrunk among such inputs; an official one
    // stays official.
    let official = input.cases.iter().all(|c| c.is_official());
    let largest = input.cases.iter().map(|c| c.size()).max().unwrap_or(1);
    let settings = Settings {
        program: Program::new(command.as_str(), T::TIME_LIMIT),
        reference: None,
        exact: false,
        rules: Rules {
            edge_cases: !official,
            beyond_limits: !official,
        },
        seed: 0,
        max_size: u32::try_from(largest).unwrap_or(u32::MAX).max(1),
    };
    let unjudged = |e: &dyn std::fmt::Display| Exit::Unjudged(anyhow::anyhow!("{}: {e}", file.display()));
    let tested = test(&settings, &input).map_err(|e| unjudged(&e))?;
    if tested.verdict == Verdict::Accepted {
        outln!("`{command}` passes {}: nothing to shrink", file.display());
        return Ok(());
    }
    outln!("{}: {}", file.display(), tested.verdict);
    eprintln!("shrinking, re-running the program at each step …");
    let reduced = reduce(&settings, &input, &tested.verdict, 1, None);
    let text = reduced.input.text();
    let expected = expected(&settings, &reduced.input).map_err(|e| unjudged(&e))?;
    // Saved first, then printed, as `stress` does.
    let saved = (!args.no_save).then(|| {
        retrocheck::internals::corpus::save_in(
            &args.corpus,
            T::NAME,
            "in",
            &text,
            &String::from_utf8_lossy(&expected),
        )
    });
    let again = reduced.reproduced;
    if again.always() {
        outln!(
            "\nshrunk in {} ({}, {:.1} s) to {}:\n\n{text}",
            retrocheck::text::count(reduced.steps, "step"),
            retrocheck::text::count(reduced.runs, "run"),
            reduced.elapsed.as_secs_f64(),
            reduced.input.describe()
        );
    } else {
        outln!(
            "\nthe program is not deterministic: it failed {} in {} of {} runs, and a failure that does not come back on every run is not shrunk. The input ({}):\n\n{text}",
            file.display(),
            again.failed,
            again.runs,
            reduced.input.describe()
        );
    }
    outln!("expected output:\n{}", block(&expected, SHOWN_OUTPUT));
    outln!("your output:\n{}", block(&reduced.output, SHOWN_OUTPUT));
    outln!("verdict: {}", reduced.verdict);
    match saved {
        None => {}
        Some(Ok(saved)) => super::keep(format_args!(
            "\nsaved as {} and {}",
            saved.input.display(),
            saved.output.display()
        )),
        Some(Err(e)) => eprintln!("retrocheck: not saved in {}: {e}", args.corpus.display()),
    }
    Err(Exit::Found(anyhow::anyhow!(
        "`{command}`: {}",
        reduced.verdict.kind()
    )))
}
