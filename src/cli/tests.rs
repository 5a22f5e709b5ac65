//! `retrocheck tests`: a problem's test data for its setter — the fewest tests that
//! kill every known wrong solution, in a judge's layout with a manifest — and the
//! checks of a set: the validator (`--validate`) and the kill matrix (`--check`).

use super::{Exit, Own, Status, Verb};
use retrocheck::contest::{Contest, Rules};
use retrocheck::internals::stress::{judge, Limits, Program, Settings, Target, Verdict};
use retrocheck::internals::testset::{self, layout, validate, Built, Layout, Plan, Suspect, Test, Why};
use retrocheck::problems::Problem;
use retrocheck::Game;
use retrocheck_selftest::registry;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// `game`, or a contest problem.
    #[arg(value_parser = crate::what())]
    pub what: String,
    /// Write a new test set into this directory (which must not exist, or be empty).
    #[arg(long, required_unless_present_any = ["check", "validate"], conflicts_with_all = ["check", "validate"])]
    pub out: Option<PathBuf>,
    /// The judge's layout: plain (01.in, 01.ans), polygon (tests/01, tests/01.a),
    /// domjudge (data/sample, data/secret) or oj (test/sample-1.in, test/02.in).
    #[arg(long, default_value = "plain", value_parser = ["plain", "polygon", "domjudge", "oj"])]
    pub layout: String,
    /// Check an existing set (any layout): its inputs are valid, its answers right,
    /// and which known wrong solutions it lets through, each with a test that would
    /// catch it.
    #[arg(long, conflicts_with = "validate")]
    pub check: Option<PathBuf>,
    /// Run the validator on an existing set (any layout) or on one input file.
    #[arg(long)]
    pub validate: Option<PathBuf>,
    /// A wrong (or suspect) solution of your own, as a shell command reading the input
    /// on stdin, in any language: the set must kill it too. Repeat for several.
    #[arg(long, value_parser = super::command)]
    pub against: Vec<String>,
    /// The seed of every input drawn: the same seed gives the same set.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The most tests in the set, the samples included.
    #[arg(long, default_value_t = Plan::DEFAULT.count)]
    pub count: usize,
    /// Inputs of the `stress` campaign with this seed judged as candidates.
    #[arg(long, default_value_t = Plan::DEFAULT.pool)]
    pub pool: u64,
    /// More inputs tried for a wrong solution no candidate kills.
    #[arg(long, default_value_t = Plan::DEFAULT.more)]
    pub more: u64,
    /// The time limit of an --against program (default: the original judge's).
    #[arg(long, value_parser = humantime::parse_duration)]
    pub time_limit: Option<Duration>,
    /// The longest the search for an input too slow for each --against program may
    /// take (scored by the program's CPU time, as `stress --slow` searches).
    #[arg(long, default_value = "30s", value_parser = humantime::parse_duration)]
    pub slow_time: Duration,
    /// Threads, and programs run at once.
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
}

pub fn run(args: Args, own: &Own) -> Status {
    if let Some(problem) = own.find(&args.what) {
        return problem.run(Verb::Tests(args));
    }
    super::per_target(&args.what.clone(), args)
}

impl super::PerTarget for Args {
    fn game(self) -> Status {
        self.on::<Game>()
    }

    fn problem<T: Contest>(self) -> Status {
        self.on::<T>()
    }
}

impl Args {
    /// The verb on target `T`.
    pub fn on<T: Target>(self) -> Status {
        if self.count == 0 {
            return Err(Exit::bad("--count must be at least 1"));
        }
        if let Some(path) = &self.validate {
            return validate_set::<T>(path);
        }
        let plan = Plan {
            seed: self.seed,
            pool: self.pool,
            more: self.more,
            count: self.count,
            jobs: self.jobs.max(1),
            shrink_time: Plan::DEFAULT.shrink_time,
            slow_time: self.slow_time,
        };
        let suspects = self.suspects::<T>();
        if let Some(dir) = &self.check {
            return check_set::<T>(dir, &suspects, &plan);
        }
        let dir = self
            .out
            .clone()
            .expect("clap requires --out without --check or --validate");
        let layout = Layout::from_name(&self.layout).expect("clap checks the layout");
        super::check_output_dir(&dir, "--out")?;
        if std::fs::read_dir(&dir).is_ok_and(|mut d| d.next().is_some()) {
            return Err(Exit::bad(format!(
                "--out {}: the directory already holds files: give a new one (nothing was written)",
                dir.display()
            )));
        }
        let progress = progress();
        let built = testset::build::<T>(&suspects, &plan, &progress)
            .map_err(|e| Exit::Unjudged(anyhow::anyhow!(e)))?;
        let files = files(&built, &suspects, layout, &plan);
        layout::write_new(&dir, &files).map_err(Exit::bad)?;
        out!("{}", table(&built, &suspects, &dir, layout));
        Ok(())
    }

    /// The wrong solutions a set of `T` must kill: the kill table's mutants that apply
    /// to it (those of every problem, and `T`'s own), then the `--against` programs.
    fn suspects<T: Target>(&self) -> Vec<Suspect> {
        let others: Vec<&str> = Problem::ALL
            .iter()
            .map(|p| p.name())
            .filter(|&name| name != T::NAME)
            .collect();
        let theirs = |name: &str| others.iter().any(|p| name.starts_with(&format!("{p}-")));
        let mut suspects: Vec<Suspect> = registry::mutants()
            .filter(|(name, _)| !theirs(name))
            .filter_map(|(name, bug)| {
                Some(Suspect::Builtin {
                    name: name.to_string(),
                    bug: bug.to_string(),
                    subject: registry::by_name(name)?,
                })
            })
            .collect();
        let time = self.time_limit.unwrap_or(T::TIME_LIMIT);
        for command in &self.against {
            suspects.push(Suspect::Program {
                settings: Settings {
                    program: Program {
                        command: command.clone(),
                        limits: Limits::time(time),
                    },
                    reference: None,
                    exact: false,
                    rules: Rules::OFFICIAL,
                    seed: self.seed,
                    max_size: T::DEFAULT_MAX_SIZE,
                },
            });
        }
        suspects
    }
}

/// Progress on standard error when it is a terminal.
fn progress() -> impl Fn(&str) + Sync {
    use std::io::IsTerminal;
    let terminal = std::io::stderr().is_terminal();
    move |what: &str| {
        if terminal {
            say!("retrocheck: {what}");
        }
    }
}

/// The names of the suspects test row `row` kills.
fn killed(row: &[Verdict], suspects: &[Suspect]) -> Vec<String> {
    row.iter()
        .zip(suspects)
        .filter(|(v, _)| **v != Verdict::Accepted)
        .map(|(_, s)| s.name().to_string())
        .collect()
}

/// The set's files: each test's input and answer, and `manifest.json`.
fn files<T: Target>(
    built: &Built<T>,
    suspects: &[Suspect],
    layout: Layout,
    plan: &Plan,
) -> Vec<layout::File> {
    let mut files = Vec::new();
    let mut paths = Vec::new();
    let mut samples = 0;
    for (k, test) in built.tests.iter().enumerate() {
        let sample = matches!(test.why, Why::Sample(_)).then(|| {
            samples += 1;
            samples
        });
        let (input, answer) = layout.paths(k + 1, built.tests.len(), sample);
        paths.push((input.display().to_string(), answer.display().to_string()));
        files.push((input, test.text.clone().into_bytes()));
        files.push((answer, test.expected.clone().into_bytes()));
    }
    let manifest = testset::manifest::of(built, suspects, layout, plan, &paths);
    let text = serde_json::to_string_pretty(&manifest).expect("JSON of plain values") + "\n";
    files.push((PathBuf::from("manifest.json"), text.into_bytes()));
    files
}

/// The table printed after writing a set.
fn table<T: Target>(built: &Built<T>, suspects: &[Suspect], dir: &Path, layout: Layout) -> String {
    let dead = (0..suspects.len())
        .filter(|&s| built.matrix.iter().any(|row| row[s] != Verdict::Accepted))
        .count();
    let mut out = format!(
        "retrocheck tests {}: {} in {} ({} layout), chosen from {} candidates; they kill {dead} of {} wrong solutions\n",
        T::NAME,
        retrocheck::text::count(built.tests.len(), "test"),
        dir.display(),
        layout.name(),
        built.candidates,
        suspects.len()
    );
    out += &format!("{:<4} {:<48} {:<26} kills\n", "test", "why", "size");
    for (k, test) in built.tests.iter().enumerate() {
        let names = killed(&built.matrix[k], suspects);
        out += &format!(
            "{:<4} {:<48} {:<26} {}\n",
            format!("{:02}", k + 1),
            cut(&test.why.text(), 48),
            cut(&sizes(&test.input), 26),
            listed(&names)
        );
    }
    let unseen = format!(
        "Not seen failing on any of the {} candidates (a bug this problem's answers do not show, or a right program)",
        built.candidates
    );
    for (what, list) in [
        (unseen.as_str(), &built.alive),
        (
            "Killed by a candidate the --count cap left out (a larger --count keeps it)",
            &built.cut,
        ),
    ] {
        if !list.is_empty() {
            out += &format!("{what}:\n");
            for &s in list {
                out += &format!("  {}: {}\n", suspects[s].name(), suspects[s].bug());
            }
        }
    }
    out += &format!(
        "Every test's reasons and kills: {}\n",
        dir.join("manifest.json").display()
    );
    out
}

/// An input's size, short: "12 nodes, 26 listed neighbours", or "3 test cases".
fn sizes<T: Target>(input: &retrocheck::internals::stress::Input<T>) -> String {
    match &input.cases[..] {
        [case] => case.size_text(),
        cases => retrocheck::text::count(cases.len(), "test case"),
    }
}

/// `text` cut to `width` characters.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    text.chars().take(width - 1).collect::<String>() + "…"
}

/// Names as a short list: "3: a, b, c" (the first few, and how many in all).
fn listed(names: &[String]) -> String {
    if names.is_empty() {
        return "-".into();
    }
    let mut shown = names.iter().take(4).cloned().collect::<Vec<_>>().join(", ");
    if names.len() > 4 {
        shown += ", …";
    }
    format!("{}: {shown}", names.len())
}

/// `--validate`: the validator on every input of a set, or on one file.
fn validate_set<T: Target>(path: &Path) -> Status {
    let inputs: Vec<(String, PathBuf)> = if path.is_file() {
        vec![(path.display().to_string(), path.to_path_buf())]
    } else {
        layout::find(path)
            .map_err(Exit::bad)?
            .into_iter()
            .map(|f| (f.name, f.input))
            .collect()
    };
    let mut bad = 0;
    for (name, file) in &inputs {
        let verdict = read(file).and_then(|bytes| validate::validate::<T>(&bytes).map(|_| ()));
        match verdict {
            Ok(()) => outln!("{name}: valid"),
            Err(e) => {
                bad += 1;
                outln!("{name}: INVALID: {e}");
            }
        }
    }
    outln!(
        "{} of {} valid for {}",
        inputs.len() - bad,
        retrocheck::text::count(inputs.len(), "input"),
        T::NAME
    );
    if bad > 0 {
        return Err(Exit::Found(anyhow::anyhow!(
            "{} not valid",
            retrocheck::text::count(bad, "input")
        )));
    }
    Ok(())
}

/// An input file's bytes, at most 64 MiB.
fn read(file: &Path) -> Result<Vec<u8>, String> {
    super::read_bytes(file, 64 << 20, "the input").map_err(|e| match e {
        Exit::BadInput(e) | Exit::Found(e) | Exit::Unjudged(e) => e.to_string(),
    })
}

/// `--check`: every test of a set validated, its answer checked against retrocheck's
/// proven one, every suspect judged on it; then the kill matrix, and for each suspect
/// the set lets through, a test that would catch it.
fn check_set<T: Target>(dir: &Path, suspects: &[Suspect], plan: &Plan) -> Status {
    let found = layout::find(dir).map_err(Exit::bad)?;
    let mut tests: Vec<Test<T>> = Vec::new();
    let mut problems = 0;
    for file in &found {
        let bytes = read(&file.input).map_err(Exit::bad)?;
        let cases = match validate::validate::<T>(&bytes) {
            Ok(cases) => cases,
            Err(e) => {
                problems += 1;
                outln!("{}: INVALID: {e}", file.name);
                // Judged anyway when it parses: a setter learns what it kills.
                match T::parse_input(&bytes) {
                    Ok(cases) => cases,
                    Err(_) => continue,
                }
            }
        };
        let test = Test::new(
            retrocheck::internals::stress::Input { cases },
            Why::Given(file.name.clone()),
        )
        .map_err(|e| Exit::Unjudged(anyhow::anyhow!(e)))?;
        if let Some(answer) = &file.answer {
            let given = read(answer).map_err(Exit::bad)?;
            let verdict = judge::compare(&given, test.expected.as_bytes(), false);
            if verdict != Verdict::Accepted {
                problems += 1;
                outln!("{}: WRONG ANSWER FILE {}: {verdict}", file.name, answer.display());
            }
        }
        tests.push(test);
    }
    let pool = testset::pool(plan.jobs).map_err(Exit::bad)?;
    let progress = progress();
    let matrix = pool
        .install(|| testset::judge_all(&tests, suspects, &progress))
        .map_err(|e| Exit::Unjudged(anyhow::anyhow!(e)))?;
    let through: Vec<usize> = (0..suspects.len())
        .filter(|&s| matrix.iter().all(|row| row[s] == Verdict::Accepted))
        .collect();
    let catches = pool
        .install(|| testset::catching::<T>(suspects, &through, plan, &progress))
        .map_err(|e| Exit::Unjudged(anyhow::anyhow!(e)))?;
    outln!(
        "retrocheck tests {} --check {}: {} judged against {} wrong solutions",
        T::NAME,
        dir.display(),
        retrocheck::text::count(tests.len(), "test"),
        suspects.len()
    );
    let mut missed = Vec::new();
    let mut unseen = Vec::new();
    for (s, suspect) in suspects.iter().enumerate() {
        let by: Vec<String> = (0..tests.len())
            .filter(|&t| matrix[t][s] != Verdict::Accepted)
            .map(|t| format!("{} ({})", test_name(&tests[t]), matrix[t][s].code()))
            .collect();
        let caught = catches
            .iter()
            .find(|(c, _)| *c == s)
            .and_then(|(_, t)| t.as_ref());
        match caught {
            _ if !by.is_empty() => outln!("  {:<28} killed by {}", suspect.name(), listed(&by)),
            Some(test) => {
                outln!("  {:<28} LET THROUGH: {}", suspect.name(), suspect.bug());
                missed.push((s, test));
            }
            None => unseen.push(s),
        }
    }
    if !missed.is_empty() {
        outln!("A test that catches each one let through:");
        for (s, test) in &missed {
            outln!(
                "  {} ({}):\n{}",
                suspects[*s].name(),
                sizes(&test.input),
                indented(&test.text)
            );
        }
    }
    if !unseen.is_empty() {
        let names: Vec<&str> = unseen.iter().map(|&s| suspects[s].name()).collect();
        outln!(
            "Not seen failing on any of these tests or of {} more inputs (a bug this problem's answers do not show, or a right program): {}",
            retrocheck::text::thousands(plan.pool + plan.more),
            names.join(", ")
        );
    }
    if problems > 0 || !missed.is_empty() {
        return Err(Exit::Found(anyhow::anyhow!(
            "the set lets {} through{}",
            retrocheck::text::count(missed.len(), "known wrong solution"),
            if problems > 0 {
                format!(
                    ", and {} invalid or with a wrong answer file",
                    retrocheck::text::count(problems, "test")
                )
            } else {
                String::new()
            }
        )));
    }
    Ok(())
}

fn test_name<T>(test: &Test<T>) -> String {
    match &test.why {
        Why::Given(name) => name.clone(),
        other => other.text(),
    }
}

/// An input shown under its heading: indented, at most 20 lines.
fn indented(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: String = lines.iter().take(20).map(|l| format!("    {l}\n")).collect();
    if lines.len() > 20 {
        out += &format!("    … ({} more lines)\n", lines.len() - 20);
    }
    out
}
