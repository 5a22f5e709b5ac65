//! `retrocheck replay [PATH...]`: every corpus case through every oracle and its `.out`.

use super::{Exit, Status};
use retrocheck::corpus::{inputs, replay_file, ReplayError};
use std::path::PathBuf;

/// Replays the corpus. A case the solver fails is a failure (status 1); a file that
/// cannot be used — unreadable, not in its format, without its `.out`, or with a
/// `.out` that every oracle refutes — is the corpus's fault, not the solver's, as the
/// API's `replay` reports it (status 2 when nothing failed).
pub fn run(paths: Vec<PathBuf>) -> Status {
    let paths = if paths.is_empty() {
        vec![PathBuf::from("corpus")]
    } else {
        paths
    };
    let mut files = Vec::new();
    for path in &paths {
        files.extend(inputs(path).map_err(|e| Exit::bad(format!("{}: {e}", path.display())))?);
    }
    let (mut failures, mut unusable) = (0, 0);
    for file in &files {
        match replay_file(file) {
            Ok(_) => {}
            Err(e @ ReplayError::Failed { .. }) => {
                failures += 1;
                outln!("FAIL {e}");
            }
            Err(e) => {
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
            "{unusable} corpus files cannot be used (BAD above): the corpus's fault, not the solver's"
        )))
    } else {
        Ok(())
    }
}
