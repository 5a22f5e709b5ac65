//! `retrocheck show FILE`: a picture of a small game and its solution.

use super::{Exit, Status};
use retrocheck::internals::case::Case;
use retrocheck::solve::retrograde;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Games larger than this make unreadable pictures.
const MAX_POSITIONS: usize = 500;

#[derive(clap::Args)]
pub struct Args {
    /// A `.game` file or a contest input (its product game is shown).
    pub file: PathBuf,
    /// The contest problem of the input, when its directory does not say.
    #[arg(long)]
    pub problem: Option<String>,
    /// Print Graphviz DOT (the default when --svg is not given).
    #[arg(long)]
    pub dot: bool,
    /// Render to this SVG file with Graphviz `dot`.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

pub fn run(args: Args) -> Status {
    let case = super::input::read_case(&args.file, args.problem.as_deref(), "show")?;
    let game = match &case {
        Case::Game(g) => g.clone(),
        Case::Instance(i) => i.game().map_err(Exit::bad)?,
    };
    if game.positions() > MAX_POSITIONS {
        return Err(Exit::bad(format!(
            "{} has {} positions; pictures are for games of at most {MAX_POSITIONS}",
            args.file.display(),
            game.positions()
        )));
    }
    let dot = crate::show::dot(&game, &retrograde::solve(&game));
    if args.dot || args.svg.is_none() {
        out!("{dot}");
    }
    if let Some(svg) = &args.svg {
        render(&dot, svg)?;
        say!("wrote {}", svg.display());
    }
    Ok(())
}

/// Renders `dot` to `svg` through a new file beside it, which takes its place only when
/// `dot` wrote something into it: a `dot` that exits 0 without writing must not make
/// us say "wrote", nor leave an earlier file there to be taken for this one (issue 38).
fn render(dot: &str, svg: &Path) -> Status {
    let dir = match svg.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let fresh = tempfile::Builder::new()
        .prefix(".retrocheck-show-")
        .suffix(".svg")
        .tempfile_in(dir)
        .map_err(|e| Exit::bad(format!("{}: cannot write there: {e}", svg.display())))?;
    let child = Command::new("dot")
        .arg("-Tsvg")
        .arg("-o")
        .arg(fresh.path())
        .stdin(Stdio::piped())
        .spawn();
    let mut child = child.map_err(|_| {
        Exit::bad(
            "Graphviz `dot` was not found. Install Graphviz (Debian/Ubuntu: `sudo apt-get install graphviz`, \
             macOS: `brew install graphviz`), or use --dot and render the text elsewhere",
        )
    })?;
    let _ = child.stdin.take().expect("piped").write_all(dot.as_bytes());
    let status = child.wait().map_err(|e| Exit::bad(format!("dot failed: {e}")))?;
    if !status.success() {
        return Err(Exit::bad(format!("dot failed with {status}")));
    }
    if !std::fs::metadata(fresh.path()).is_ok_and(|m| m.is_file() && m.len() > 0) {
        return Err(Exit::bad(format!(
            "dot exited 0 but wrote nothing to {}",
            svg.display()
        )));
    }
    fresh
        .persist(svg)
        .map_err(|e| Exit::bad(format!("{}: {}", svg.display(), e.error)))?;
    Ok(())
}
