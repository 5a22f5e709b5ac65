//! The regression corpus: canonical text cases with their expected output, saved
//! atomically under a content-hash name without ever overwriting a file, and replayed
//! against every applicable oracle.
//!
//! Layout: `games/NAME.game` + `NAME.out` (the [text formats](crate::semantics)), and
//! `PROBLEM/NAME.in` + `NAME.out` for each contest problem (`pursuit/`, `minigame/`, …).
//! Text, not fuzzer bytes or proptest seeds, because text survives changes to the
//! generators.

use crate::case::Case;
use crate::format::parse_game;
use crate::oracles::{check_case_solution, Mismatch, Oracles};
use crate::problems::Problem;
use crate::solution::out_lines;
use crate::solve::Retrograde;
use crate::subject::Subject;
use sha2::{Digest, Sha256};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What kind of case a corpus file holds, known from its extension and directory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A `.game` file under `games/`.
    Game,
    /// A contest input (`.in`) under the problem's directory.
    Problem(Problem),
}

impl Kind {
    /// The corpus subdirectory for this kind.
    pub fn directory(self) -> &'static str {
        match self {
            Kind::Game => "games",
            Kind::Problem(p) => p.name(),
        }
    }

    /// The extension of an input file of this kind.
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Game => "game",
            Kind::Problem(_) => "in",
        }
    }

    /// The kind of an input file: `.game` anywhere, `.in` inside a directory named
    /// after a problem.
    pub fn of_path(path: &Path) -> Option<Kind> {
        match path.extension()?.to_str()? {
            "game" => Some(Kind::Game),
            "in" => {
                let dir = path.parent()?.file_name()?.to_str()?;
                Problem::from_name(dir).map(Kind::Problem)
            }
            _ => None,
        }
    }
}

/// A corpus file loaded: the cases it holds, and the expected output beside it.
#[derive(Clone, Debug)]
pub(crate) struct CorpusFile {
    /// The input file.
    pub(crate) path: PathBuf,
    /// What it holds.
    pub(crate) kind: Kind,
    /// Its cases: one game, or the test cases of a contest input.
    pub(crate) cases: Vec<Case>,
    /// The text of its `.out` file.
    pub(crate) expected: String,
}

/// Why a corpus file did not replay.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CorpusFileError {
    /// The file cannot be used: unreadable, not in its format, or without its `.out`.
    #[error("{}: {message}", path.display())]
    Unusable {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// The solver under test fails test case `k` (1-based) of the file.
    #[error("{}: {}{mismatch}", path.display(), at_case(*kind, *k))]
    Failed {
        /// The file.
        path: PathBuf,
        /// What it holds.
        kind: Kind,
        /// The test case, 1-based.
        k: usize,
        /// The failing case.
        case: Box<Case>,
        /// How it fails.
        mismatch: Mismatch,
    },
    /// The solver passes every oracle, but its output differs from the `.out` file:
    /// the `.out` is stale, or written by hand wrongly.
    #[error("{}: output line {line} differs from {}, although every oracle accepts the solution: expected {expected:?}, got {got:?}", path.display(), path.with_extension("out").display())]
    Stale {
        /// The input file.
        path: PathBuf,
        /// The first differing line, 1-based.
        line: usize,
        /// That line of the `.out` file.
        expected: String,
        /// That line of the solver's output.
        got: String,
    },
}

fn at_case(kind: Kind, k: usize) -> String {
    match kind {
        Kind::Game => String::new(),
        Kind::Problem(_) => format!("case {k}: "),
    }
}

/// The most bytes a corpus file may have: a found failure of 10^5 positions is a few
/// megabytes, and a symlink to `/dev/zero` must not fill the memory.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Reads a corpus file: only a regular file, and at most [`MAX_FILE_BYTES`].
pub fn read_bounded(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let meta = fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(format!("{}, not a regular file", describe(meta.file_type())));
    }
    let mut text = String::new();
    fs::File::open(path)
        .map_err(|e| e.to_string())?
        .take(MAX_FILE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| e.to_string())?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("larger than {} MiB", MAX_FILE_BYTES >> 20));
    }
    Ok(text)
}

/// Loads a corpus input and its `.out` file: every corpus case has its expected output
/// (write it with `retrocheck solve`, or let `diff`, `shrink` or `stress` save the
/// case).
pub(crate) fn load(path: &Path) -> Result<CorpusFile, CorpusFileError> {
    let fail = |message: String| CorpusFileError::Unusable {
        path: path.to_path_buf(),
        message,
    };
    let kind = Kind::of_path(path)
        .ok_or_else(|| fail("not a corpus input (.game, or .in under a problem's directory)".into()))?;
    let input = read_bounded(path).map_err(&fail)?;
    let cases: Vec<Case> = match kind {
        Kind::Game => vec![Case::Game(parse_game(&input).map_err(|e| fail(e.to_string()))?)],
        Kind::Problem(problem) => problem
            .parse(&input)
            .map_err(|e| fail(e.to_string()))?
            .into_iter()
            .map(Case::Instance)
            .collect(),
    };
    let out_path = path.with_extension("out");
    let expected = read_bounded(&out_path).map_err(|e| {
        fail(format!(
            "cannot read the expected output {}: {e}",
            out_path.display()
        ))
    })?;
    Ok(CorpusFile {
        path: path.to_path_buf(),
        kind,
        cases,
        expected,
    })
}

/// Replays a corpus file with `under_test`: every case through `oracles`, then its
/// output against the `.out` file. The number of cases, or the first failure.
pub(crate) fn replay(
    file: &CorpusFile,
    under_test: &dyn Subject,
    oracles: &Oracles,
) -> Result<usize, CorpusFileError> {
    replay_counted(file, under_test, oracles).map(|(cases, _)| cases)
}

/// [`replay`], with the number of cases the subject refused as unsupported (each
/// checked by no oracle; its output taken as the proven one).
pub(crate) fn replay_counted(
    file: &CorpusFile,
    under_test: &dyn Subject,
    oracles: &Oracles,
) -> Result<(usize, u64), CorpusFileError> {
    let mut refused = 0;
    let mut output = String::new();
    for (index, case) in file.cases.iter().enumerate() {
        let failed = |mismatch| CorpusFileError::Failed {
            path: file.path.clone(),
            kind: file.kind,
            k: index + 1,
            case: Box::new(case.clone()),
            mismatch,
        };
        let (stats, solution) = check_case_solution(case, under_test, oracles).map_err(failed)?;
        refused += u64::from(stats.refused);
        output += &crate::oracles::expected::text(case, index + 1, &solution);
    }
    let (want, got) = (out_lines(&file.expected), out_lines(&output));
    match (0..want.len().max(got.len())).find(|&l| want.get(l) != got.get(l)) {
        None => Ok((file.cases.len(), refused)),
        Some(line) => Err(CorpusFileError::Stale {
            path: file.path.clone(),
            line: line + 1,
            expected: want.get(line).copied().unwrap_or("<nothing>").into(),
            got: got.get(line).copied().unwrap_or("<nothing>").into(),
        }),
    }
}

/// Replays the corpus file at `path` with the optimized solver (`retrocheck replay`).
pub fn replay_file(path: &Path) -> Result<usize, CorpusFileError> {
    replay(&load(path)?, &Retrograde, &Oracles::default())
}

/// Every corpus input under `root` (a file, or a directory searched recursively), in
/// a stable order.
pub fn inputs(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    inputs_where(root, |path| Kind::of_path(path).is_some())
}

/// The files under `root` (a file, or a directory searched recursively) that `keep`
/// takes, in a stable order: [`inputs`] for a problem the registry does not know.
pub fn inputs_where(root: &Path, keep: impl Fn(&Path) -> bool) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    // A file named on its own, of whatever type: a FIFO or a device is refused by its
    // reading as not a regular file, not taken for a directory (issue 38, M4).
    if root.exists() && !root.is_dir() {
        found.push(root.to_path_buf());
        return Ok(found);
    }
    // Directories are visited once each, by their canonical path: a symlink loop
    // (`corpus/loop -> ..`) is walked once, not for ever.
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        if !seen.insert(fs::canonicalize(&dir)?) {
            continue;
        }
        for entry in fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if keep(&path) {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// The content-hash name of a case: the first 16 hex digits of SHA-256 of its bytes.
pub fn content_name(input: &[u8]) -> String {
    let digest = Sha256::digest(input);
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// Where a case was saved, and whether it was there already.
#[derive(Debug, PartialEq, Eq)]
pub struct Saved {
    /// The input file.
    pub input: PathBuf,
    /// Its expected output.
    pub output: PathBuf,
    /// Whether the case was there already, with this content: the input file was
    /// present (saved earlier, or a moment ago by another process). Of several
    /// processes saving one case at once, exactly one saves it.
    pub already_present: bool,
}

/// Why a failing case was not saved in a corpus.
#[derive(Clone, Debug, thiserror::Error)]
#[error("not saved in {}: {error}", .corpus.display())]
#[non_exhaustive]
pub struct SaveError {
    /// The corpus directory.
    pub corpus: PathBuf,
    /// What went wrong, naming the file or directory it concerns.
    pub error: std::sync::Arc<std::io::Error>,
}

impl SaveError {
    /// `error` met saving into the corpus `corpus`.
    pub(crate) fn new(corpus: &Path, error: std::io::Error) -> SaveError {
        SaveError {
            corpus: corpus.to_path_buf(),
            error: std::sync::Arc::new(error),
        }
    }
}

/// Saves a case and its expected output as `root/<kind dir>/<hash>.<ext>` + `.out`.
///
/// Both files are first written in full to temporary files in the same directory (a
/// full disk fails here, before anything is in place), then linked into place only if
/// the name is free: the `.out` first, then the input, so an input is never present
/// without its `.out`. When the input cannot be linked, a `.out` this call put in
/// place is removed again: a case is both files or neither. An existing file is never
/// replaced; an identical one counts as present, a different one is an error.
pub(crate) fn save(root: &Path, kind: Kind, input: &str, output: &str) -> std::io::Result<Saved> {
    save_in(root, kind.directory(), kind.extension(), input, output)
}

/// `save` into `root/<directory>/<hash>.<extension>` + `.out`: for a problem the
/// registry does not know (a user's own, saved under its name).
pub fn save_in(
    root: &Path,
    directory: &str,
    extension: &str,
    input: &str,
    output: &str,
) -> std::io::Result<Saved> {
    let dir = root.join(directory);
    fs::create_dir_all(&dir).map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    let name = content_name(input.as_bytes());
    let input_path = dir.join(format!("{name}.{extension}"));
    let output_path = dir.join(format!("{name}.out"));
    let saved = |already_present| Saved {
        input: input_path.clone(),
        output: output_path.clone(),
        already_present,
    };
    // An input under this name with other content: refused before anything is written.
    if present(&input_path, input.as_bytes())? && present(&output_path, output.as_bytes())? {
        return Ok(saved(true));
    }
    let output_temp = written(&dir, output)?;
    let input_temp = written(&dir, input)?;
    let output_new = link_new(output_temp, &output_path, output)?;
    match link_new(input_temp, &input_path, input) {
        Ok(input_new) => Ok(saved(!input_new)),
        Err(e) => {
            if output_new {
                let _ = fs::remove_file(&output_path);
            }
            Err(e)
        }
    }
}

/// Whether a file with exactly `text` is at `path`: `Ok(false)` if there is none, an
/// error if there is one with other content, or something that is not a regular file
/// (it is left untouched). The name is a content hash in a directory that a program
/// under test may write, so what is there may have been planted: it is opened without
/// following a symbolic link and without waiting on a FIFO (`open_regular`), and
/// at most `text`'s length and one more byte are read, so neither a link to
/// `/dev/zero` nor a FIFO nobody writes to can hang a run or fill its memory.
pub fn present(path: &Path, text: &[u8]) -> std::io::Result<bool> {
    use std::io::Read;
    let located = |e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let file = match open_regular(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    };
    let mut existing = Vec::with_capacity(text.len() + 1);
    file.take(text.len() as u64 + 1)
        .read_to_end(&mut existing)
        .map_err(located)?;
    if existing == text {
        Ok(true)
    } else {
        Err(clash(path))
    }
}

/// Opens `path` for reading only if it is a regular file, not through a symbolic link:
/// `O_NOFOLLOW` refuses a link as the last component, and `O_NONBLOCK` makes opening a
/// FIFO return at once (it is then refused as not a regular file) instead of waiting
/// for a writer. `NotFound` when there is nothing; otherwise an error that names the
/// path and what is there, and says it is left untouched.
pub(crate) fn open_regular(path: &Path) -> std::io::Result<fs::File> {
    let refuse = |what: &str| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} is {what}, not a regular file; it is left untouched",
                path.display()
            ),
        )
    };
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = match options.open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(e),
        Err(e) => {
            // ELOOP from O_NOFOLLOW: the name is a symbolic link.
            if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
                return Err(refuse("a symbolic link"));
            }
            return Err(std::io::Error::new(e.kind(), format!("{}: {e}", path.display())));
        }
    };
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(refuse(&describe(kind)));
    }
    Ok(file)
}

/// What a file that is not a regular one is, in words.
fn describe(kind: fs::FileType) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO".into();
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device".into();
        }
        if kind.is_socket() {
            return "a socket".into();
        }
    }
    if kind.is_dir() {
        "a directory".into()
    } else {
        "a special file".into()
    }
}

fn clash(path: &Path) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!(
            "{} exists with other content; it is left untouched",
            path.display()
        ),
    )
}

/// `text` in a new temporary file in `dir`, written and synced, with an ordinary mode.
fn written(dir: &Path, text: &str) -> std::io::Result<tempfile::NamedTempFile> {
    let mut temp = tempfile::NamedTempFile::new_in(dir)
        .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    temp.write_all(text.as_bytes())
        .and_then(|()| set_default_mode(temp.as_file()))
        .and_then(|()| temp.as_file().sync_all())
        .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    Ok(temp)
}

/// Links a written temporary file at `path` if the name is free; `Ok(true)` if this
/// call put it there, `Ok(false)` if an identical file was there (maybe saved by
/// another process since we looked).
fn link_new(temp: tempfile::NamedTempFile, path: &Path, text: &str) -> std::io::Result<bool> {
    match temp.persist_noclobber(path) {
        Ok(_) => Ok(true),
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {
            present(path, text.as_bytes()).and_then(|same| if same { Ok(false) } else { Err(clash(path)) })
        }
        Err(e) => Err(std::io::Error::new(
            e.error.kind(),
            format!("{}: {}", path.display(), e.error),
        )),
    }
}

/// Gives a new file the mode an ordinary file created now would get (0666 less the
/// process's umask, read from /proc where it is; 0644 elsewhere).
fn set_default_mode(file: &fs::File) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let umask = fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|status| {
                let line = status.lines().find(|l| l.starts_with("Umask:"))?;
                u32::from_str_radix(line["Umask:".len()..].trim(), 8).ok()
            })
            .unwrap_or(0o022);
        file.set_permissions(fs::Permissions::from_mode(0o666 & !umask))?;
    }
    #[cfg(not(unix))]
    let _ = file;
    Ok(())
}

/// How a report names the corpus file of its case: "saved as", or, when the case was
/// there already (saved by an earlier run, or a moment ago by another process),
/// "already in the corpus as" (issue 38).
pub fn saved_as(already_present: bool) -> &'static str {
    if already_present {
        "already in the corpus as"
    } else {
        "saved as"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saving_is_idempotent_and_never_overwrites() {
        let root = tempfile::tempdir().unwrap();
        let input = "game 1;\n0 A ;\n";
        let first = save(root.path(), Kind::Game, input, "0 B 0 -\n").unwrap();
        assert!(!first.already_present);
        assert_eq!(fs::read_to_string(&first.input).unwrap(), input);
        let again = save(root.path(), Kind::Game, input, "0 B 0 -\n").unwrap();
        assert!(again.already_present);
        assert_eq!(again.input, first.input);

        // A different expected output under the same name is refused, not written.
        let clash = save(root.path(), Kind::Game, input, "0 A 0 -\n");
        assert!(clash.is_err());
        assert_eq!(fs::read_to_string(&first.output).unwrap(), "0 B 0 -\n");
        // No temporary files are left behind.
        let names: Vec<_> = fs::read_dir(root.path().join("games")).unwrap().collect();
        assert_eq!(names.len(), 2);
    }

    /// Regression: of two campaigns saving the same case at once, one used to fail with
    /// "File exists" and lose its report. Both succeed, and a saved case gets an
    /// ordinary file mode, not the temporary file's 0600.
    #[test]
    fn concurrent_saves_of_the_same_case_all_succeed_with_an_ordinary_mode() {
        for round in 0..40 {
            let root = tempfile::tempdir().unwrap();
            let input = format!("game 1;\n0 A ;\n# round {round}\n");
            let results: Vec<_> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..8)
                    .map(|_| scope.spawn(|| save(root.path(), Kind::Game, &input, "0 B 0 -\n")))
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            for result in &results {
                assert!(result.is_ok(), "{result:?}");
            }
            let saved = results[0].as_ref().unwrap();
            assert_eq!(fs::read_to_string(&saved.input).unwrap(), input);
            assert_eq!(
                fs::read_dir(root.path().join("games")).unwrap().count(),
                2,
                "no stray files"
            );
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let mode = fs::metadata(&results[0].as_ref().unwrap().input)
                    .unwrap()
                    .permissions()
                    .mode();
                assert_ne!(
                    mode & 0o777,
                    0o600,
                    "saved with the temporary file's private mode"
                );
            }
        }
    }

    /// Regression (issue 24): two processes saving one case at once both said "saved
    /// as", one having linked the `.out` and the other the input. Exactly one saves.
    #[test]
    fn of_concurrent_savers_of_one_case_exactly_one_says_it_saved() {
        for round in 0..200 {
            let root = tempfile::tempdir().unwrap();
            let input = format!("game 1;\n0 A ;\n# round {round}\n");
            let barrier = std::sync::Barrier::new(4);
            let results: Vec<_> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..4)
                    .map(|_| {
                        scope.spawn(|| {
                            barrier.wait();
                            save(root.path(), Kind::Game, &input, "0 B 0 -\n").unwrap()
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let saving = results.iter().filter(|s| !s.already_present).count();
            assert_eq!(saving, 1, "round {round}: {results:?}");
        }
    }

    /// Regression (issue 38, item 2): a FIFO at a case's corpus name made saving wait
    /// for ever, and a symbolic link to `/dev/zero` read a gigabyte before running out
    /// of memory. Each is refused at once with an error naming it, and left as it was.
    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_link_to_dev_zero_at_a_corpus_name_is_refused_not_read() {
        use std::os::unix::fs::FileTypeExt;
        let input = "game 1;\n0 A ;\n";
        let name = content_name(input.as_bytes());
        for planted in ["fifo", "zero input", "zero output", "link to a same file"] {
            let root = tempfile::tempdir().unwrap();
            let dir = root.path().join("games");
            fs::create_dir_all(&dir).unwrap();
            let (at, game) = (dir.join(format!("{name}.out")), dir.join(format!("{name}.game")));
            match planted {
                "fifo" => {
                    let path = std::ffi::CString::new(game.to_str().unwrap()).unwrap();
                    // SAFETY: a valid C string.
                    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o644) }, 0);
                }
                "zero input" => std::os::unix::fs::symlink("/dev/zero", &game).unwrap(),
                "zero output" => std::os::unix::fs::symlink("/dev/zero", &at).unwrap(),
                _ => {
                    let elsewhere = root.path().join("elsewhere");
                    fs::write(&elsewhere, input).unwrap();
                    std::os::unix::fs::symlink(&elsewhere, &game).unwrap();
                }
            }
            let (sender, receiver) = std::sync::mpsc::channel();
            let root_path = root.path().to_path_buf();
            std::thread::spawn(move || {
                let _ = sender.send(save(&root_path, Kind::Game, input, "0 B 0 -\n"));
            });
            let saved = receiver
                .recv_timeout(std::time::Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("{planted}: saving hangs"));
            let e = saved.expect_err(planted).to_string();
            assert!(
                e.contains("not a regular file") && e.contains("left untouched"),
                "{planted}: {e}"
            );
            if planted == "fifo" {
                assert!(e.contains("a FIFO"), "{e}");
                assert!(fs::symlink_metadata(&game).unwrap().file_type().is_fifo());
            } else {
                assert!(
                    e.contains("a symbolic link") || e.contains("a device"),
                    "{planted}: {e}"
                );
            }
            // Nothing else was left behind: the planted name, and no new case.
            let names = fs::read_dir(&dir).unwrap().count();
            assert_eq!(names, 1, "{planted}");
        }
    }

    /// Regression: `replay` used to follow a directory symlink loop for ever.
    #[cfg(unix)]
    #[test]
    fn a_symlink_loop_in_a_corpus_is_walked_once() {
        let root = tempfile::tempdir().unwrap();
        save(root.path(), Kind::Game, "game 1;\n0 A ;\n", "0 B 0 -\n").unwrap();
        std::os::unix::fs::symlink(root.path(), root.path().join("games").join("loop")).unwrap();
        let found = inputs(root.path()).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
    }

    #[test]
    fn kinds_come_from_extension_and_directory() {
        assert_eq!(Kind::of_path(Path::new("x/games/a.game")), Some(Kind::Game));
        assert_eq!(
            Kind::of_path(Path::new("x/pursuit/a.in")),
            Some(Kind::Problem(Problem::Pursuit))
        );
        assert_eq!(
            Kind::of_path(Path::new("x/minigame/a.in")),
            Some(Kind::Problem(Problem::Minigame))
        );
        assert_eq!(Kind::of_path(Path::new("x/other/a.in")), None);
        assert_eq!(Kind::of_path(Path::new("x/games/a.out")), None);
    }
}
