//! `retrocheck fuzz-seeds`: seed the fuzz targets' corpora from the text corpus.

use super::{Exit, Status};
use retrocheck::harness::corpus::{content_name, inputs, Kind};
use retrocheck::harness::fuzz::encode;
use retrocheck::harness::generate::Case;
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
    if path.exists() {
        return Ok(false);
    }
    std::fs::write(&path, bytes).map_err(|e| Exit::bad(format!("{}: {e}", path.display())))?;
    Ok(true)
}

pub fn run(args: Args) -> Status {
    let files = inputs(&args.corpus).map_err(|e| Exit::bad(format!("{}: {e}", args.corpus.display())))?;
    let mut written = [0usize; 4];
    for file in &files {
        let text =
            std::fs::read_to_string(file).map_err(|e| Exit::bad(format!("{}: {e}", file.display())))?;
        let cases: Vec<Case> = match Kind::of_path(file) {
            Some(Kind::Game) => {
                written[1] += usize::from(write(&args.out.join("game_format"), text.as_bytes())?);
                retrocheck::format::parse_game(&text)
                    .map(Case::Game)
                    .into_iter()
                    .collect()
            }
            Some(Kind::Problem(problem)) => {
                let target = format!("{}_input", problem.name());
                let slot = if problem.name() == "pursuit" { 2 } else { 3 };
                written[slot] += usize::from(write(&args.out.join(target), text.as_bytes())?);
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
                written[0] += usize::from(write(&args.out.join("diff"), &bytes)?);
            }
        }
    }
    outln!(
        "from {} corpus files: {} new inputs for diff, {} for game_format, {} for pursuit_input, {} for minigame_input in {}",
        files.len(),
        written[0],
        written[1],
        written[2],
        written[3],
        args.out.display()
    );
    Ok(())
}
