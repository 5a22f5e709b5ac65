//! `retrocheck fuzz-seeds`: seed the fuzz targets' corpora from the text corpus.

use super::{Exit, Status};
use retrocheck::internals::case::Case;
use retrocheck::internals::corpus::{content_name, inputs, present, Kind};
use retrocheck::internals::fuzz::encode;
use retrocheck::problems::Problem;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// The text corpus to read.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Where the fuzz corpora go, one directory per target.
    #[arg(long, default_value = "fuzz/corpus")]
    pub out: PathBuf,
}

fn write(dir: &Path, bytes: &[u8]) -> Result<bool, Exit> {
    std::fs::create_dir_all(dir).map_err(|e| Exit::bad(format!("{}: {e}", dir.display())))?;
    let path = dir.join(content_name(bytes));
    // Created new, never through whatever is at the name (a symbolic link included):
    // the name is a content hash, so something there is this input already.
    let created = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path);
    match created {
        Ok(mut file) => {
            use std::io::Write;
            file.write_all(bytes)
                .map_err(|e| Exit::bad(format!("{}: {e}", path.display())))?;
            Ok(true)
        }
        // Something is there: this input only if it is a regular file with these bytes;
        // a symbolic link or a file of other content is left untouched and said
        // (issue 38, M5), not counted as a seed.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => match present(&path, bytes) {
            Ok(true) => Ok(false),
            Ok(false) => Err(Exit::bad(format!(
                "{}: vanished while it was written",
                path.display()
            ))),
            Err(e) => Err(Exit::bad(e.to_string())),
        },
        Err(e) => Err(Exit::bad(format!("{}: {e}", path.display()))),
    }
}

/// The fuzz target that reads `problem`'s input (`fuzz/fuzz_targets/<name>_input.rs`).
fn input_target(problem: Problem) -> String {
    format!("{}_input", problem.name())
}

pub fn run(args: Args) -> Status {
    let files = inputs(&args.corpus).map_err(|e| Exit::bad(format!("{}: {e}", args.corpus.display())))?;
    // New inputs per fuzz target, in the order the summary names them: every target,
    // those that got nothing too, so a problem missing from the corpus shows.
    let mut written: Vec<(String, usize)> = ["diff", "game_format"]
        .into_iter()
        .map(String::from)
        .chain(Problem::ALL.iter().map(|p| input_target(*p)))
        .map(|t| (t, 0))
        .collect();
    let mut count = |target: &str, new: bool| {
        let slot = written
            .iter_mut()
            .find(|(t, _)| t == target)
            .expect("a known fuzz target");
        slot.1 += usize::from(new);
    };
    // A file that cannot be read is named and skipped, as `replay` does, rather than
    // ending the seeding (issue 38, M5); the exit status still says so.
    let mut unread = 0;
    for file in &files {
        let text = match retrocheck::internals::corpus::read_bounded(file) {
            Ok(text) => text,
            Err(e) => {
                outln!("BAD {}: {e}", file.display());
                unread += 1;
                continue;
            }
        };
        let cases: Vec<Case> = match Kind::of_path(file) {
            Some(Kind::Game) => {
                count(
                    "game_format",
                    write(&args.out.join("game_format"), text.as_bytes())?,
                );
                retrocheck::format::parse_game(&text)
                    .map(Case::Game)
                    .into_iter()
                    .collect()
            }
            Some(Kind::Problem(problem)) => {
                let target = input_target(problem);
                count(&target, write(&args.out.join(&target), text.as_bytes())?);
                problem
                    .parse(&text)
                    .into_iter()
                    .flatten()
                    .map(Case::Instance)
                    .collect()
            }
            None => Vec::new(),
        };
        for case in cases {
            if let Some(bytes) = encode(&case) {
                count("diff", write(&args.out.join("diff"), &bytes)?);
            }
        }
    }
    let counts: Vec<String> = written.iter().map(|(t, n)| format!("{n} for {t}")).collect();
    outln!(
        "from {} corpus files, new inputs: {} in {}",
        files.len(),
        counts.join(", "),
        args.out.display()
    );
    if unread > 0 {
        return Err(Exit::bad(format!(
            "{} not read (BAD above); the rest are seeded",
            retrocheck::text::count(unread, "corpus file")
        )));
    }
    Ok(())
}
