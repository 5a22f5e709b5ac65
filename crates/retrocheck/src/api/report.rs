//! A [`Failure`] as a person reads it: a small case printed whole; a big one cut to its
//! first lines, the first lines of output that differ with their context and the play
//! from the failing position, with the whole case and both outputs left in files.

use super::failure::{Failure, Shown, SHOWN_LINES};
use crate::generate::Case;
use crate::oracles::Mismatch;
use sha2::{Digest, Sha256};
use std::fmt::Write;
use std::path::PathBuf;

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
        if render(&self, true, UNSAVED).lines().count() > SHOWN_LINES {
            self.full_report = Some(write_full(&self));
        }
        self
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&render(self, f.alternate(), UNSAVED))
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
        render(self, whole, unsaved)
    }
}

/// The report, whole or (when it is longer than [`SHOWN_LINES`] and `whole` is not
/// asked for) cut.
fn render(failure: &Failure, whole: bool, unsaved: &str) -> String {
    let mut out = String::new();
    let solver = &failure.solver;
    let _ = writeln!(out, "{solver} is wrong: {}", failure.mismatch);
    let _ = writeln!(
        out,
        "found in {} ({}), shrunk in {} steps to {}:",
        failure.found_in,
        failure.found_size,
        failure.shrink_steps,
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
            let _ = writeln!(
                out,
                "the whole case and both outputs are in {} (print the report whole with {{:#}})",
                dir.display()
            );
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
                "saved as {} (and its expected output beside it)",
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
    let expected: Vec<&str> = shown.expected.lines().collect();
    let got: Vec<&str> = shown.got.lines().collect();
    let lines = expected.len().max(got.len());
    let differs = |i: usize| expected.get(i) != got.get(i);
    let differing: Vec<usize> = (0..lines).filter(|&i| differs(i)).collect();
    let _ = writeln!(
        out,
        "the output (- expected, + {solver} gives): {} of {} {}; the first:",
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
                    let _ = writeln!(out, "  {e}");
                }
                (e, g) => {
                    if let Some(e) = e {
                        let _ = writeln!(out, "- {e}");
                    }
                    if let Some(g) = g {
                        let _ = writeln!(out, "+ {g}");
                    }
                }
            }
        }
        shown_to = to;
    }
    if let (Case::Game(_), Some(&first)) = (case, differing.first()) {
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

/// Writes the whole case and both outputs (and the transformed game's) into a
/// directory of the system's temporary directory named by a hash of the report, and
/// returns it.
fn write_full(failure: &Failure) -> Result<PathBuf, String> {
    let whole = render(failure, true, UNSAVED);
    // Named by what the report shows of the case, not where it was saved: the same
    // failure gets the same directory.
    let mut hasher = Sha256::new();
    for part in [&failure.text, &failure.expected, &failure.got] {
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    if let Some(t) = &failure.transformed {
        hasher.update(t.text.as_bytes());
    }
    let hash = hasher.finalize();
    let name: String = hash[..8].iter().map(|b| format!("{b:02x}")).collect();
    let dir = std::env::temp_dir().join(format!("retrocheck-report-{name}"));
    let extension = match failure.case {
        Case::Game(_) => "game",
        Case::Instance(_) => "in",
    };
    let mut files = vec![
        (format!("case.{extension}"), &failure.text),
        ("expected.out".to_string(), &failure.expected),
        ("got.out".to_string(), &failure.got),
    ];
    if let Some(t) = &failure.transformed {
        files.push(("transformed.game".into(), &t.text));
        files.push(("transformed-expected.out".into(), &t.expected));
        files.push(("transformed-got.out".into(), &t.got));
    }
    let report = whole + "\n";
    files.push(("report.txt".into(), &report));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for (file, text) in files {
        let path = dir.join(file);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(dir)
}
