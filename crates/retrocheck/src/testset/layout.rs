//! Where a test set's files go in a judge's layout, written so that nothing already
//! on disk is touched, and how a setter's own set is found again in any of them.

use std::path::{Path, PathBuf};

/// A judge's layout of a test set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `01.in` and `01.ans` side by side (Codeforces gyms, Kattis-style tools, most
    /// local judges).
    Plain,
    /// Polygon's package: `tests/01` and its answer `tests/01.a`.
    Polygon,
    /// DOMjudge's (the Kattis problem package): `data/sample/01.in` / `.ans` for the
    /// samples, `data/secret/…` for the rest.
    Domjudge,
    /// online-judge-tools' `oj test`: `test/sample-1.in` / `.out` for the samples,
    /// `test/02.in` / `.out` for the rest.
    Oj,
}

impl Layout {
    /// Every layout and its name on the command line.
    pub const ALL: [(Layout, &'static str); 4] = [
        (Layout::Plain, "plain"),
        (Layout::Polygon, "polygon"),
        (Layout::Domjudge, "domjudge"),
        (Layout::Oj, "oj"),
    ];

    /// The layout of this name.
    pub fn from_name(name: &str) -> Option<Layout> {
        Layout::ALL.iter().find(|(_, n)| *n == name).map(|(l, _)| *l)
    }

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        Layout::ALL
            .iter()
            .find(|(l, _)| *l == self)
            .map_or("plain", |(_, n)| n)
    }

    /// The input's and the answer's paths of test `number` (1-based) of `of` tests,
    /// relative to the set's directory.
    pub fn paths(self, number: usize, of: usize, sample: Option<usize>) -> (PathBuf, PathBuf) {
        let width = of.to_string().len().max(2);
        let name = format!("{number:0width$}");
        let pair = |dir: &str, stem: &str, input: &str, answer: &str| {
            let base = Path::new(dir);
            (
                base.join(format!("{stem}{input}")),
                base.join(format!("{stem}{answer}")),
            )
        };
        match (self, sample) {
            (Layout::Plain, _) => pair("", &name, ".in", ".ans"),
            (Layout::Polygon, _) => pair("tests", &name, "", ".a"),
            (Layout::Domjudge, Some(_)) => pair("data/sample", &name, ".in", ".ans"),
            (Layout::Domjudge, None) => pair("data/secret", &name, ".in", ".ans"),
            (Layout::Oj, Some(k)) => pair("test", &format!("sample-{k}"), ".in", ".out"),
            (Layout::Oj, None) => pair("test", &name, ".in", ".out"),
        }
    }
}

/// One file of a set: its path relative to the set's directory, and its bytes.
pub type File = (PathBuf, Vec<u8>);

/// Writes `files` as a new directory `dir`: built beside it under a temporary name
/// and renamed into place, so a set is there whole or not at all. An existing `dir`
/// must be empty: a setter's files are never written over.
pub fn write_new(dir: &Path, files: &[File]) -> Result<(), String> {
    if let Ok(mut entries) = std::fs::read_dir(dir) {
        if entries.next().is_some() {
            return Err(format!(
                "{} already holds files: give a new directory (nothing was written)",
                dir.display()
            ));
        }
    } else if dir.exists() {
        return Err(format!("{} exists and is not a directory", dir.display()));
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = dir
        .file_name()
        .ok_or_else(|| format!("{}: not a directory name", dir.display()))?;
    let cannot = |what: &Path, e: std::io::Error| format!("writing {}: {e}", what.display());
    std::fs::create_dir_all(&parent).map_err(|e| cannot(&parent, e))?;
    let temporary = tempfile::Builder::new()
        .prefix(&format!(".{}.", name.to_string_lossy()))
        .tempdir_in(&parent)
        .map_err(|e| cannot(&parent, e))?;
    for (path, bytes) in files {
        let full = temporary.path().join(path);
        if let Some(dir) = full.parent() {
            std::fs::create_dir_all(dir).map_err(|e| cannot(dir, e))?;
        }
        std::fs::write(&full, bytes).map_err(|e| cannot(&dir.join(path), e))?;
    }
    // An empty `dir` is replaced by the rename (rename(2) takes an empty directory's
    // place); one that gained files meanwhile makes it fail, and nothing is lost.
    let kept = temporary.keep();
    std::fs::rename(&kept, dir).map_err(|e| {
        let _ = std::fs::remove_dir_all(&kept);
        cannot(dir, e)
    })
}

/// A test of a set on disk: its name (the input's path in the set), the input file,
/// and the answer file beside it, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The input's path relative to the set's directory.
    pub name: String,
    /// The input file.
    pub input: PathBuf,
    /// Its answer file, if there is one.
    pub answer: Option<PathBuf>,
}

/// The tests of the set in `dir`, in any layout: Polygon's `tests/`, DOMjudge's
/// `data/`, `oj`'s `test/`, or `.in` files with `.ans` (or `.out`) answers; in the
/// natural order of their names (2 before 10), samples first.
pub fn find(dir: &Path) -> Result<Vec<Found>, String> {
    let listed = |sub: &Path| -> Result<Vec<PathBuf>, String> {
        let mut files = Vec::new();
        let entries = std::fs::read_dir(sub).map_err(|e| format!("reading {}: {e}", sub.display()))?;
        for entry in entries {
            let path = entry
                .map_err(|e| format!("reading {}: {e}", sub.display()))?
                .path();
            if path.is_file() {
                files.push(path);
            }
        }
        Ok(files)
    };
    let with_ext = |files: &[PathBuf], ext: &str| -> Vec<PathBuf> {
        files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == ext))
            .cloned()
            .collect()
    };
    let answer_of = |input: &Path, exts: &[&str]| {
        exts.iter()
            .map(|ext| input.with_extension(ext))
            .find(|p| p.is_file())
    };
    let mut found = Vec::new();
    let mut add = |input: PathBuf, answer: Option<PathBuf>| {
        let name = input.strip_prefix(dir).unwrap_or(&input).display().to_string();
        found.push(Found { name, input, answer });
    };
    if dir.join("tests").is_dir() {
        for input in listed(&dir.join("tests"))? {
            if input.extension().is_none() {
                let answer = Some(PathBuf::from(format!("{}.a", input.display()))).filter(|p| p.is_file());
                add(input, answer);
            }
        }
    } else if dir.join("data").is_dir() {
        for sub in ["sample", "secret"] {
            let sub = dir.join("data").join(sub);
            if sub.is_dir() {
                for input in with_ext(&listed(&sub)?, "in") {
                    let answer = answer_of(&input, &["ans"]);
                    add(input, answer);
                }
            }
        }
    } else {
        let sub = if dir.join("test").is_dir() {
            dir.join("test")
        } else {
            dir.to_path_buf()
        };
        for input in with_ext(&listed(&sub)?, "in") {
            let answer = answer_of(&input, &["ans", "out"]);
            add(input, answer);
        }
    }
    // Samples first (oj names them `sample-1.in`, after `02.in` in plain order).
    let key = |f: &Found| (!f.name.contains("sample"), natural(&f.name));
    found.sort_by_key(key);
    if found.is_empty() {
        return Err(format!(
            "{}: no tests found (looked for *.in with .ans or .out, Polygon's tests/, DOMjudge's data/, oj's test/)",
            dir.display()
        ));
    }
    Ok(found)
}

/// A name as a key of natural order: runs of digits compare as numbers.
fn natural(name: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut number = c.to_digit(10).map_or(0, u64::from);
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                number = number.saturating_mul(10).saturating_add(u64::from(d));
                chars.next();
            }
            key.push((std::mem::take(&mut text), number));
        } else {
            text.push(c);
        }
    }
    key.push((text, u64::MAX));
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_layout_writes_where_its_judge_reads_and_find_reads_it_back() {
        for (layout, _) in Layout::ALL {
            let root = tempfile::tempdir().unwrap();
            let dir = root.path().join("set");
            let files: Vec<File> = (1..=11)
                .flat_map(|k| {
                    let (input, answer) = layout.paths(k, 11, (k == 1).then_some(1));
                    [
                        (input, format!("in {k}\n").into_bytes()),
                        (answer, format!("ans {k}\n").into_bytes()),
                    ]
                })
                .collect();
            write_new(&dir, &files).unwrap();
            let found = find(&dir).unwrap();
            assert_eq!(found.len(), 11, "{layout:?}");
            for (k, test) in found.iter().enumerate() {
                assert_eq!(
                    std::fs::read_to_string(&test.input).unwrap(),
                    format!("in {}\n", k + 1),
                    "{layout:?}"
                );
                let answer = test.answer.as_ref().unwrap();
                assert_eq!(
                    std::fs::read_to_string(answer).unwrap(),
                    format!("ans {}\n", k + 1)
                );
            }
        }
    }

    #[test]
    fn a_directory_with_files_is_never_written_into() {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("01.in"), "mine").unwrap();
        let files = vec![(PathBuf::from("01.in"), b"new".to_vec())];
        let e = write_new(root.path(), &files).unwrap_err();
        assert!(e.contains("already holds files"), "{e}");
        assert_eq!(
            std::fs::read_to_string(root.path().join("01.in")).unwrap(),
            "mine"
        );
        // An empty one is filled.
        let empty = root.path().join("empty");
        std::fs::create_dir(&empty).unwrap();
        write_new(&empty, &files).unwrap();
        assert_eq!(std::fs::read_to_string(empty.join("01.in")).unwrap(), "new");
    }
}
