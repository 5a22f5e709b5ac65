//! Reading what a verb is given — a file, or `-` for standard input — as a stream, so
//! that a malformed or endless input fails at its bad line without being read whole.

use super::Exit;
use retrocheck::format::parse_game_from;
use retrocheck::problems::Problem;
use retrocheck::Game;
use std::io::{BufRead, BufReader};
use std::path::Path;

/// A reader over the file, or over standard input for `-`, and the length left to read
/// when it is a regular file (a pipe or a device has none: it may never end).
pub fn open(path: &Path) -> Result<(Box<dyn BufRead>, Option<u64>), Exit> {
    if path.as_os_str() == "-" {
        return Ok((Box::new(std::io::stdin().lock()), stdin_size()));
    }
    let cannot = |e: std::io::Error| Exit::bad(format!("reading {}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(cannot)?;
    let metadata = file.metadata().map_err(cannot)?;
    if metadata.is_dir() {
        return Err(Exit::bad(format!(
            "{}: is a directory, not a file",
            path.display()
        )));
    }
    let size = metadata.is_file().then_some(metadata.len());
    Ok((Box::new(BufReader::with_capacity(1 << 16, file)), size))
}

/// What is left of standard input when it is redirected from a regular file
/// (`solve shiritori - < input.txt`): such an input ends, and is read like the file
/// named on the command line, without re-parsing its beginning as it arrives.
#[cfg(unix)]
fn stdin_size() -> Option<u64> {
    use std::io::Seek;
    use std::os::fd::AsFd;
    let file = std::fs::File::from(std::io::stdin().as_fd().try_clone_to_owned().ok()?);
    let metadata = file.metadata().ok()?;
    let at = (&file).stream_position().ok()?;
    metadata.is_file().then(|| metadata.len().saturating_sub(at))
}

#[cfg(not(unix))]
fn stdin_size() -> Option<u64> {
    None
}

/// A `.game` file, parsed as it is read.
pub fn read_game(path: &Path) -> Result<Game, Exit> {
    let (reader, _) = open(path)?;
    parse_game_from(reader).map_err(|e| Exit::bad(format!("{}: {e}", path.display())))
}

/// A contest input's bytes, checked as they arrive (see `Problem::read_input`).
pub fn read_contest(problem: Problem, path: &Path) -> Result<Vec<u8>, Exit> {
    let (reader, size) = open(path)?;
    problem
        .read_input(reader, size)
        .map_err(|e| Exit::bad(format!("{}: {e}", path.display())))
}
