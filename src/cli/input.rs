//! Reading what a verb is given — a file, or `-` for standard input — as a stream, so
//! that a malformed or endless input fails at its bad line without being read whole.

use super::Exit;
use retrocheck::format::parse_game_from;
use retrocheck::internals::case::Case;
use retrocheck::internals::corpus::Kind;
use retrocheck::problems::{check_input_size, InputError, Problem};
use retrocheck::Game;
use std::io::Read;
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

/// A contest input's bytes: a regular file mapped into memory, or what a stream held.
pub enum ContestBytes {
    Read(Vec<u8>),
    /// The file's pages are shared with the page cache: reading a 1.3 MB input into
    /// fresh memory cost 1.2 ms of page faults and copying, a tenth of `solve
    /// shiritori` at N = 2·10⁵, where mapping it costs 0.1 ms. `start` is where
    /// standard input stood in the file when it was handed over.
    Mapped {
        map: memmap2::Mmap,
        start: usize,
    },
}

impl std::ops::Deref for ContestBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            ContestBytes::Read(bytes) => bytes,
            ContestBytes::Mapped { map, start } => &map[*start..],
        }
    }
}

/// A contest input's bytes: a regular file (named, or redirected to standard input)
/// is mapped once its size is known to be within limits; a pipe or a device is
/// checked as it arrives (see `Problem::read_input`).
pub fn read_contest(problem: Problem, path: &Path) -> Result<ContestBytes, Exit> {
    let bad = |e: InputError| Exit::bad(format!("{}: {e}", path.display()));
    if let Some((file, start, size)) = regular_file(path) {
        check_input_size(size).map_err(bad)?;
        // SAFETY: the map is read-only and private. Were the file truncated while it
        // is read, the process would stop on SIGBUS: a contest input is not rewritten
        // while it is solved, and ripgrep makes the same trade. An empty file, or one
        // the system cannot map, is read instead.
        if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
            if map.len() as u64 == start + size {
                return Ok(ContestBytes::Mapped {
                    map,
                    start: start as usize,
                });
            }
        }
    }
    let (reader, size) = open(path)?;
    problem
        .read_input(reader, size)
        .map(ContestBytes::Read)
        .map_err(bad)
}

/// A contest input's bytes, for a problem the registry does not know (of a user's own
/// command line): at most what a built-in problem's input may be (a quarter of the memory ceiling), so that `/dev/zero` is
/// refused instead of filling the memory.
pub fn read_unregistered(path: &Path) -> Result<Vec<u8>, Exit> {
    let bad = |e: InputError| Exit::bad(format!("{}: {e}", path.display()));
    let (reader, size) = open(path)?;
    if let Some(size) = size {
        check_input_size(size).map_err(bad)?;
    }
    let most = retrocheck::internals::sizes::memory_ceiling() / 4;
    let mut bytes = Vec::new();
    reader
        .take(most + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Exit::bad(format!("reading {}: {e}", path.display())))?;
    check_input_size(bytes.len() as u64).map_err(bad)?;
    Ok(bytes)
}

/// The file `path` names (standard input for `-`) when it is a regular file with
/// bytes left to read: the file, where reading would start and how many bytes are
/// left.
#[cfg(unix)]
fn regular_file(path: &Path) -> Option<(std::fs::File, u64, u64)> {
    use std::io::Seek;
    use std::os::fd::AsFd;
    // A file that cannot be opened is reported by `open`, as any other input is.
    let file = if path.as_os_str() == "-" {
        std::fs::File::from(std::io::stdin().as_fd().try_clone_to_owned().ok()?)
    } else {
        std::fs::File::open(path).ok()?
    };
    let metadata = file.metadata().ok()?;
    let start = (&file).stream_position().ok()?;
    let size = metadata.len().saturating_sub(start);
    (metadata.is_file() && size > 0).then_some((file, start, size))
}

#[cfg(not(unix))]
fn regular_file(_path: &Path) -> Option<(std::fs::File, u64, u64)> {
    None
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
    retrocheck::internals::fuzz::decode(&bytes).0.ok_or_else(|| {
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
