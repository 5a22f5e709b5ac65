//! `retrocheck shrink FILE`: reduce a failing case to a 1-minimal one and save it.

use super::input::{read_contest, read_game};
use super::{solver, Exit, Own, PerTarget, Status, Verb};
use retrocheck::corpus::Kind;
use retrocheck::generate::Case;
use retrocheck::oracles::{check_case, Oracles};
use retrocheck::problems::Problem;
use std::path::{Path, PathBuf};

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
    #[arg(long, conflicts_with_all = ["solver", "fuzz_artifact"])]
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

    fn problem<T: retrocheck::contest::Contest>(self) -> Status {
        super::own::shrink_by_program::<T>(&self)
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
    retrocheck::fuzz::decode(&bytes).0.ok_or_else(|| {
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
