//! `retrocheck replay [PATH...]`: every corpus case through every oracle and its `.out`.

use super::{Exit, Status};
use retrocheck::corpus::{inputs, replay_file};
use std::path::PathBuf;

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
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| replay_file(f).err().map(|e| e.to_string()))
        .collect();
    for failure in &failures {
        outln!("FAIL {failure}");
    }
    outln!(
        "{} of {} corpus cases pass",
        files.len() - failures.len(),
        files.len()
    );
    if failures.is_empty() {
        Ok(())
    } else {
        Err(Exit::Found(anyhow::anyhow!(
            "{} corpus cases fail",
            failures.len()
        )))
    }
}
