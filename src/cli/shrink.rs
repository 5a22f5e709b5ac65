//! `retrocheck shrink FILE`: reduce a failing case to a 1-minimal one and save it; with
//! `--solution`, a contest input by re-running the program at every step, as `stress`
//! shrinks (the way a problem of a user's own command line is shrunk).

use super::{solver, Exit, Own, PerTarget, Status, Verb};
use retrocheck::contest::{Contest, Rules};
use retrocheck::internals::corpus::Kind;
use retrocheck::internals::oracles::{check_case, Oracles};
use retrocheck::internals::stress::quote::block;
use retrocheck::internals::stress::{expected, reduce, test, Input, Program, Settings, Verdict};
use std::path::PathBuf;

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
        super::input::read_artifact(&args.file)?
    } else {
        super::input::read_case(&args.file, args.problem.as_deref(), "shrink")?
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
            super::shrink_and_save(&case, found_in, under_test.as_ref(), &oracles, corpus)?;
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
    say!("shrinking, re-running the program at each step …");
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
        Some(Err(e)) => say!("retrocheck: not saved in {}: {e}", args.corpus.display()),
    }
    Err(Exit::Found(anyhow::anyhow!(
        "`{command}`: {}",
        reduced.verdict.kind()
    )))
}
