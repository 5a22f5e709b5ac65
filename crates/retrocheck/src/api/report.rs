//! A [`Failure`] as a person reads it: a small case printed whole; a big one cut to its
//! first lines, the first lines of output that differ with their context and the play
//! from the failing position, with the whole case and both outputs left in files.

use super::failure::{Failure, Shown, WriteError, SHOWN_LINES};
use crate::case::Case;
use crate::corpus::saved_as;
use crate::oracles::Mismatch;
use std::fmt::Write;
use std::path::PathBuf;
use std::sync::Arc;

/// Lines of the case shown when a report is cut.
const CASE_HEAD: usize = 8;
/// Groups of differing output lines shown when a report is cut.
const HUNKS: usize = 3;
/// Lines of context around each group.
const CONTEXT: usize = 1;
/// Positions of a play shown at its start and at its end when it is longer.
const PLAY_ENDS: (usize, usize) = (6, 2);

impl Failure {
    /// The failure with its whole report written to files when it is longer than
    /// [`SHOWN_LINES`], so that the screen shows a cut one.
    pub(super) fn with_full_report(mut self) -> Self {
        if render(&self, true, UNSAVED, Whole::Alternate).lines().count() > SHOWN_LINES {
            self.full_report = Some(write_full(&self));
        }
        self
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&render(self, f.alternate(), UNSAVED, Whole::Alternate))
    }
}

/// What the report's last line says of a case that was not saved, for a user of the
/// API.
const UNSAVED: &str = "(set RETROCHECK_CORPUS=DIR to save it for replay)";

impl Failure {
    /// The report as `Display` prints it (cut, or whole for `{:#}`), with
    /// `unsaved` as its last line when the case was not saved: a front-end whose
    /// own option decides saving (`diff --no-save`) says so in its words.
    pub fn report(&self, whole: bool, unsaved: &str) -> String {
        render(self, whole, unsaved, Whole::Alternate)
    }

    /// The report for a command line, where `{:#}` means nothing: cut, it names the
    /// file that holds it whole (`report.txt` of its directory); when that file could
    /// not be written, the report is whole.
    pub fn report_naming_files(&self, unsaved: &str) -> String {
        let whole = matches!(self.full_report, Some(Err(_)));
        render(self, whole, unsaved, Whole::File)
    }
}

/// How a cut report says where the whole one is.
#[derive(Clone, Copy)]
enum Whole {
    /// `{:#}` prints it (the API's `Display`).
    Alternate,
    /// The `report.txt` of its directory holds it (a command line).
    File,
}

/// The report, whole or (when it is longer than [`SHOWN_LINES`] and `whole` is not
/// asked for) cut.
fn render(failure: &Failure, whole: bool, unsaved: &str, hint: Whole) -> String {
    let mut out = String::new();
    let solver = &failure.solver;
    let _ = writeln!(out, "{solver} is wrong: {}", failure.mismatch);
    let _ = writeln!(
        out,
        "found in {} ({}), shrunk in {} to {}:",
        failure.found_in,
        failure.found_size,
        crate::text::count(failure.shrink_steps, "step"),
        failure.case.size_text()
    );
    if failure.found_as.symptom() != failure.mismatch.symptom() {
        let _ = match failure.found_as {
            Mismatch::Crashed { .. } | Mismatch::OracleFailed { .. } => writeln!(
                out,
                "(the symptom changed while shrinking, the kind of failure did not: as found, {})",
                failure.found_as
            ),
            _ => writeln!(
                out,
                "(the symptom changed while shrinking, the kind of failure did not: as found, {}; now {})",
                failure.found_as.symptom(),
                failure.mismatch.symptom()
            ),
        };
    }
    let cut = !whole && failure.full_report.is_some();
    let main = Shown {
        text: failure.text.clone(),
        expected: failure.expected.clone(),
        got: failure.got.clone(),
    };
    match (&failure.transformed, &failure.mismatch) {
        (Some(transformed), Mismatch::Relation { relation, .. }) => {
            let right = main.expected == main.got;
            show_text(&mut out, &main.text, cut);
            if right {
                let _ = writeln!(out, "{solver} solves it right:");
                show_text(&mut out, &main.got, cut);
            } else {
                show_outputs(&mut out, &failure.case, &main, solver, cut);
            }
            let _ = writeln!(
                out,
                "the {} relation transforms it into this game, on which {solver} is wrong:",
                relation.name()
            );
            show_text(&mut out, &transformed.text, cut);
            let case = crate::format::parse_game(&transformed.text).map(Case::Game).ok();
            show_outputs(
                &mut out,
                case.as_ref().unwrap_or(&failure.case),
                transformed,
                solver,
                cut,
            );
        }
        _ => {
            show_text(&mut out, &main.text, cut);
            show_outputs(&mut out, &failure.case, &main, solver, cut);
        }
    }
    match &failure.full_report {
        Some(Ok(dir)) if cut => {
            let _ = match hint {
                Whole::Alternate => writeln!(
                    out,
                    "the whole case and both outputs are in {} (print the report whole with {{:#}})",
                    dir.display()
                ),
                Whole::File => writeln!(
                    out,
                    "the whole case and both outputs are in {} (the whole report: {})",
                    dir.display(),
                    dir.join("report.txt").display()
                ),
            };
        }
        Some(Err(e)) if cut => {
            let _ = writeln!(
                out,
                "(the whole report could not be written: {e}; print it with {{:#}})"
            );
        }
        _ => {}
    }
    match &failure.saved {
        Some(Ok(path)) => {
            let _ = write!(
                out,
                "{} {} (and its expected output beside it)",
                saved_as(failure.already_saved),
                path.display()
            );
        }
        Some(Err(e)) => {
            let _ = write!(out, "{e}");
        }
        None => {
            let _ = write!(out, "{unsaved}");
        }
    }
    out
}

/// A case's text, whole or its first lines.
fn show_text(out: &mut String, text: &str, cut: bool) {
    let lines: Vec<&str> = text.lines().collect();
    if !cut || lines.len() <= CASE_HEAD + 1 {
        out.push_str(text);
        if !text.ends_with('\n') {
            out.push('\n');
        }
        return;
    }
    for line in &lines[..CASE_HEAD] {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "… ({} more lines)", lines.len() - CASE_HEAD);
}

/// The expected output and the solver's: both whole, or the groups of lines that
/// differ (as a unified diff, `-` expected, `+` the solver's) and the play from the
/// first differing position.
fn show_outputs(out: &mut String, case: &Case, shown: &Shown, solver: &str, cut: bool) {
    if !cut {
        let _ = writeln!(out, "expected (the references' solution):");
        out.push_str(&shown.expected);
        let _ = writeln!(out, "{solver} gives:");
        out.push_str(&shown.got);
        return;
    }
    let game = matches!(case, Case::Game(_));
    show_differences(
        out,
        &shown.expected,
        &shown.got,
        &format!("{solver} gives"),
        game,
        usize::MAX,
    );
}

/// A case cut to one screen, as a long report shows it: its first lines
/// (`CASE_HEAD` of them), then the groups of output lines that differ (a unified diff, `-`
/// the expected output, `+` the other, named `plus`) and, for a game, the play from
/// the first differing position by the expected output's moves. The library's report
/// and `retrocheck stress` print a long counterexample this way. A line shown longer
/// than `line_bytes` is cut there, with how much was left out (a program's output line
/// may be megabytes).
pub fn cut_case(text: &str, expected: &str, got: &str, plus: &str, game: bool, line_bytes: usize) -> String {
    let mut out = String::new();
    show_text(&mut out, text, true);
    show_differences(&mut out, expected, got, plus, game, line_bytes);
    out
}

/// `line` cut after `most` bytes (at a character boundary) with a note of the rest.
fn bounded(line: &str, most: usize) -> std::borrow::Cow<'_, str> {
    if line.len() <= most {
        return line.into();
    }
    let mut end = most;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} more bytes)", &line[..end], line.len() - end).into()
}

/// The groups of lines of `got` that differ from `expected`, and for a game the play
/// from the first differing position.
fn show_differences(out: &mut String, expected: &str, got: &str, plus: &str, game: bool, line_bytes: usize) {
    let expected: Vec<&str> = expected.lines().collect();
    let got: Vec<&str> = got.lines().collect();
    let lines = expected.len().max(got.len());
    let differs = |i: usize| expected.get(i) != got.get(i);
    let differing: Vec<usize> = (0..lines).filter(|&i| differs(i)).collect();
    let _ = writeln!(
        out,
        "the output (- expected, + {plus}): {} of {} {}; the first:",
        differing.len(),
        crate::text::count(lines, "line"),
        if differing.len() == 1 { "differs" } else { "differ" }
    );
    let mut shown_to = 0;
    let mut hunks = 0;
    for &i in &differing {
        if i < shown_to {
            continue;
        }
        if hunks == HUNKS {
            let _ = writeln!(out, "…");
            break;
        }
        hunks += 1;
        let from = i.saturating_sub(CONTEXT).max(shown_to);
        let mut to = i + 1;
        while to < lines && (differs(to) || (to < i + 1 + CONTEXT)) && to - from < 8 {
            to += 1;
        }
        let _ = writeln!(out, "@@ line {} @@", from + 1);
        for j in from..to {
            match (expected.get(j), got.get(j)) {
                (Some(e), Some(g)) if e == g => {
                    let _ = writeln!(out, "  {}", bounded(e, line_bytes));
                }
                (e, g) => {
                    if let Some(e) = e {
                        let _ = writeln!(out, "- {}", bounded(e, line_bytes));
                    }
                    if let Some(g) = g {
                        let _ = writeln!(out, "+ {}", bounded(g, line_bytes));
                    }
                }
            }
        }
        shown_to = to;
    }
    if let (true, Some(&first)) = (game, differing.first()) {
        if let Some(play) = play(&expected, first) {
            let _ = writeln!(out, "{play}");
        }
    }
}

/// The play by the references' moves from the position of output line `from`, as a
/// line: "the play from position 0: 0 → 1 → … → 256, which ends there: `256 B 0 -`".
fn play(expected: &[&str], from: usize) -> Option<String> {
    // Each line: id, outcome, remoteness, move.
    let mut moves = vec![None; expected.len()];
    for line in expected {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let id: usize = fields.first()?.parse().ok()?;
        *moves.get_mut(id)? = Some(fields.get(3)?.parse::<usize>().ok());
    }
    let start: usize = expected.get(from)?.split_whitespace().next()?.parse().ok()?;
    let mut path = vec![start];
    let mut seen = vec![false; moves.len()];
    seen[start] = true;
    let end = loop {
        let here = *path.last()?;
        match moves.get(here)? {
            Some(Some(next)) if *next < moves.len() => {
                if seen[*next] {
                    break format!("then {next} again: a draw");
                }
                seen[*next] = true;
                path.push(*next);
            }
            _ => {
                break format!(
                    "which ends there: `{}`",
                    expected.get(here).copied().unwrap_or("")
                )
            }
        }
    };
    let ids: Vec<String> = path.iter().map(usize::to_string).collect();
    let (head, tail) = PLAY_ENDS;
    let shown = if ids.len() > head + tail + 1 {
        format!(
            "{} → … → {}",
            ids[..head].join(" → "),
            ids[ids.len() - tail..].join(" → ")
        )
    } else {
        ids.join(" → ")
    };
    Some(format!(
        "the play from position {start} by the references' moves ({}): {shown}, {end}",
        crate::text::count(path.len(), "position")
    ))
}

/// Writes the whole case and both outputs (and the transformed game's) into a fresh
/// directory of its own ([`write_files`]), and returns it.
fn write_full(failure: &Failure) -> Result<PathBuf, WriteError> {
    let whole = render(failure, true, UNSAVED, Whole::Alternate);
    let extension = match failure.case {
        Case::Game(_) => "game",
        Case::Instance(_) => "in",
    };
    let mut files = vec![
        (format!("case.{extension}"), failure.text.as_str()),
        ("expected.out".to_string(), failure.expected.as_str()),
        ("got.out".to_string(), failure.got.as_str()),
    ];
    if let Some(t) = &failure.transformed {
        files.push(("transformed.game".into(), &t.text));
        files.push(("transformed-expected.out".into(), &t.expected));
        files.push(("transformed-got.out".into(), &t.got));
    }
    let report = whole + "\n";
    files.push(("report.txt".into(), &report));
    write_files(&files)
}

/// Writes `files` (name, text) into a new directory `retrocheck-report-XXXXXX` of the
/// system's temporary directory and returns it. The name is random and the directory
/// is created afresh, private (mode 0700) and kept: a predictable name in a shared
/// `/tmp` would let another user create it first, with `report.txt` a symbolic link to
/// a file of the victim's, and have the run write through it (issue 38). Each file is
/// created new in it, never opened where something already is.
pub fn write_files(files: &[(String, &str)]) -> Result<PathBuf, WriteError> {
    use std::io::Write;
    let tmp = std::env::temp_dir();
    let mut builder = tempfile::Builder::new();
    builder.prefix("retrocheck-report-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o700));
    }
    let dir = builder
        .tempdir_in(&tmp)
        .map_err(|e| WriteError::Directory {
            directory: tmp.clone(),
            error: Arc::new(e),
        })?
        .keep();
    for (file, text) in files {
        let path = dir.join(file);
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .map_err(|e| WriteError::File {
                path: path.clone(),
                error: Arc::new(e),
            })?;
    }
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failure whose report is too long for a screen: a chain of 60 positions.
    fn long_failure() -> Failure {
        let mut text = String::from("game 60;\n");
        for p in 0..59 {
            text += &format!("{p} A {};\n", p + 1);
        }
        text += "59 A ;\n";
        let game = crate::format::parse_game(&text).unwrap();
        let expected: String = (0..60).map(|p| format!("{p} B {} -\n", 59 - p)).collect();
        let mismatch = Mismatch::Crashed {
            solver: "planted".into(),
            error: "wrong".into(),
        };
        Failure {
            solver: "planted".into(),
            found_in: "a test".into(),
            found_size: "60 positions".into(),
            found_as: mismatch.clone(),
            case: Case::Game(game),
            mismatch,
            text,
            expected: expected.clone(),
            got: expected.replace("0 B 59 -", "0 B 0 -"),
            transformed: None,
            positions: 60,
            shrink_steps: 0,
            shrink_tries: 0,
            saved: None,
            already_saved: false,
            full_report: None,
        }
    }

    /// Regression (issue 38, item 1): the whole report went to
    /// `/tmp/retrocheck-report-<hash of the failure>`, a name anyone could compute and
    /// create first, with `report.txt` a symbolic link to a file of the victim's, which
    /// the run then overwrote. The old name planted that way is not written through:
    /// each report gets a fresh private directory of a random name.
    #[cfg(unix)]
    #[test]
    fn a_planted_report_directory_is_not_written_through() {
        use sha2::{Digest, Sha256};
        use std::os::unix::fs::PermissionsExt;
        let failure = long_failure();
        // The old name: the first 8 bytes of SHA-256 of the case and both outputs.
        let mut hasher = Sha256::new();
        for part in [&failure.text, &failure.expected, &failure.got] {
            hasher.update(part.as_bytes());
            hasher.update([0]);
        }
        let name: String = hasher.finalize()[..8]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let planted = std::env::temp_dir().join(format!("retrocheck-report-{name}"));
        let _ = std::fs::remove_dir_all(&planted);
        std::fs::create_dir(&planted).unwrap();
        let victim = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(victim.path(), "the victim's file\n").unwrap();
        std::os::unix::fs::symlink(victim.path(), planted.join("report.txt")).unwrap();

        let failure = failure.with_full_report();
        let dir = match &failure.full_report {
            Some(Ok(dir)) => dir.clone(),
            other => panic!("no full report: {other:?}"),
        };
        let victim_text = std::fs::read_to_string(victim.path()).unwrap();
        let _ = std::fs::remove_dir_all(&planted);
        assert_eq!(
            victim_text, "the victim's file\n",
            "written through the planted link"
        );
        assert_ne!(dir, planted);
        let mode = std::fs::metadata(&dir).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "{}", dir.display());
        assert_eq!(std::fs::read_to_string(dir.join("got.out")).unwrap(), failure.got);
        // Two reports of the same failure get two directories.
        let again = long_failure().with_full_report();
        let second = again.full_report.clone().unwrap().unwrap();
        assert_ne!(second, dir);
        assert!(failure.to_string().contains(&dir.display().to_string()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&second);
    }

    /// Regression (issue 38, item 13): a command line printed "print the report whole
    /// with {:#}", which means something only to Rust code. Its report names the file
    /// that holds the whole report instead.
    #[test]
    fn a_command_lines_report_names_the_file_of_the_whole_report() {
        let failure = long_failure().with_full_report();
        let dir = failure.full_report.clone().unwrap().unwrap();
        let cli = failure.report_naming_files("(not saved: --no-save)");
        assert!(!cli.contains("{:#}"), "{cli}");
        let file = dir.join("report.txt");
        assert!(
            cli.contains(&format!("(the whole report: {})", file.display())),
            "{cli}"
        );
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            failure.report(true, UNSAVED) + "\n"
        );
        // The API's report keeps its Rust words.
        assert!(failure.to_string().contains("{:#}"));
        // "1 steps" was a plural of one (item 13).
        let mut one = long_failure();
        one.shrink_steps = 1;
        assert!(one.to_string().contains(", shrunk in 1 step to "), "{one}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
