//! `retrocheck replay [PATH...]`: every corpus case through every oracle and its `.out`.

use super::own::Replayed;
use super::{Exit, Own, Status};
use retrocheck::internals::corpus::inputs;
use std::path::PathBuf;

/// Replays the corpus. A case the solver fails is a failure (status 1); a file that
/// cannot be used — unreadable, not in its format, without its `.out`, or with a
/// `.out` that every oracle refutes — is the corpus's fault, not the solver's, as the
/// API's `replay` reports it (status 2 when nothing failed).
///
/// With problems of a user's own command line, their inputs (`corpus/NAME/*.in`) are
/// replayed too, each once, against the expected output proven now.
pub fn run(paths: Vec<PathBuf>, own: &Own) -> Status {
    let paths = if paths.is_empty() {
        vec![PathBuf::from("corpus")]
    } else {
        paths
    };
    let mut files = Vec::new();
    for path in &paths {
        let listed = |e: std::io::Error| Exit::bad(format!("{}: {e}", path.display()));
        let mut found = inputs(path).map_err(listed)?;
        let theirs = own.inputs(path).map_err(listed)?;
        if !theirs.is_empty() {
            found.extend(theirs);
            found.sort();
        }
        files.extend(found);
    }
    let (mut failures, mut unusable) = (0, 0);
    for file in &files {
        match own.replay(file) {
            Ok(()) => {}
            Err(Replayed::Failed(e)) => {
                failures += 1;
                outln!("FAIL {e}");
            }
            Err(Replayed::Unusable(e)) => {
                unusable += 1;
                outln!("BAD {e}");
            }
        }
    }
    outln!(
        "{} of {} corpus cases pass{}",
        files.len() - failures - unusable,
        files.len(),
        if unusable > 0 {
            format!(" ({unusable} cannot be used)")
        } else {
            String::new()
        }
    );
    if failures > 0 {
        Err(Exit::Found(anyhow::anyhow!(
            "{} failed",
            retrocheck::text::count(failures, "corpus case")
        )))
    } else if unusable > 0 {
        Err(Exit::bad(format!(
            "{} cannot be used (BAD above): the corpus's fault, not the solver's",
            retrocheck::text::count(unusable, "corpus file")
        )))
    } else {
        Ok(())
    }
}
