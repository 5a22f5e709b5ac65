//! Judging one run the way contest judges do: a token that differs is a wrong answer
//! (`YES` for `Yes` included), white space alone matters only with `--exact`, and a
//! crash, a time limit or a memory limit gets its own verdict.

use crate::stress::quote::{quote, tail, QUOTE_LIMIT};
use crate::stress::run::{Killed, Limits, Run, OUTPUT_LIMIT};
use crate::text::thousands;
use std::time::Duration;

/// The judgement of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Verdict {
    /// The output is the expected one.
    Accepted,
    /// A token differs, or a line is missing or extra, at 1-based `line`. `expected`
    /// and `got` are quoted for display (escaped, bounded), or "the end of the output".
    WrongAnswer {
        /// The first differing line, 1-based.
        line: usize,
        /// That line as expected, quoted.
        expected: String,
        /// That line as printed, quoted.
        got: String,
    },
    /// With `--exact`: the tokens are right but the bytes differ, first at 1-based
    /// `line` (each shown whole with its line break, so `\r` and trailing spaces show).
    PresentationError {
        /// The first differing line, 1-based.
        line: usize,
        /// That line as expected, quoted.
        expected: String,
        /// That line as printed, quoted.
        got: String,
    },
    /// A non-zero exit status or a signal, named.
    RuntimeError {
        /// The exit status or the signal, in words.
        status: String,
        /// The end of what it printed on stderr.
        stderr_tail: String,
    },
    /// Its CPU time passed the limit, or its wall-clock time the cap ([`Limits::wall`]):
    /// killed with its children.
    TimeLimit {
        /// The limit (of CPU time).
        limit: Duration,
        /// The CPU time it used (user and system, its children's included).
        cpu: Duration,
        /// The wall-clock time it ran.
        wall: Duration,
    },
    /// The memory limit was hit (an allocation failed under it) or the peak resident
    /// memory exceeded it.
    MemoryLimit {
        /// The limit in bytes.
        limit: u64,
        /// The peak resident memory measured (0: unknown).
        peak: u64,
        /// What showed it.
        why: String,
    },
    /// More than [`OUTPUT_LIMIT`] bytes on stdout.
    OutputLimit,
}

/// Every verdict kind, in the order reports list them: (kind, judge's abbreviation).
pub(crate) const KINDS: [(&str, &str); 7] = [
    ("accepted", "AC"),
    ("wrong answer", "WA"),
    ("presentation error", "PE"),
    ("runtime error", "RE"),
    ("time limit exceeded", "TLE"),
    ("memory limit exceeded", "MLE"),
    ("output limit exceeded", "OLE"),
];

impl Verdict {
    /// The verdict's kind, which shrinking keeps.
    pub fn kind(&self) -> &'static str {
        KINDS[self.index()].0
    }

    /// The judge's abbreviation: AC, WA, PE, RE, TLE, MLE, OLE.
    pub fn code(&self) -> &'static str {
        KINDS[self.index()].1
    }

    /// The position of its kind in [`KINDS`].
    pub(crate) fn index(&self) -> usize {
        match self {
            Verdict::Accepted => 0,
            Verdict::WrongAnswer { .. } => 1,
            Verdict::PresentationError { .. } => 2,
            Verdict::RuntimeError { .. } => 3,
            Verdict::TimeLimit { .. } => 4,
            Verdict::MemoryLimit { .. } => 5,
            Verdict::OutputLimit => 6,
        }
    }

    /// The output line it names, if any: where a multi-case input is split.
    pub(crate) fn line(&self) -> Option<usize> {
        match self {
            Verdict::WrongAnswer { line, .. } | Verdict::PresentationError { line, .. } => Some(*line),
            _ => None,
        }
    }
}

/// Bytes as MiB for messages.
pub(crate) fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Accepted => write!(f, "accepted"),
            Verdict::WrongAnswer { line, expected, got } => {
                write!(f, "wrong answer on line {line}: expected {expected}, got {got}")
            }
            Verdict::PresentationError { line, expected, got } => write!(
                f,
                "presentation error on line {line} (white space differs): expected {expected}, got {got}"
            ),
            Verdict::RuntimeError { status, stderr_tail } => {
                write!(f, "runtime error ({status})")?;
                if !stderr_tail.is_empty() {
                    write!(f, "; the end of its stderr:\n{stderr_tail}")?;
                }
                Ok(())
            }
            Verdict::TimeLimit { limit, cpu, wall } => write!(
                f,
                "time limit exceeded ({:.2} s of CPU time, {:.2} s of wall-clock time, against a limit of {:.2} s of CPU time and {:.2} s of wall-clock time; killed with its children)",
                cpu.as_secs_f64(),
                wall.as_secs_f64(),
                limit.as_secs_f64(),
                Limits::time(*limit).wall().as_secs_f64()
            ),
            Verdict::MemoryLimit { limit, peak, why } => write!(
                f,
                "memory limit exceeded (limit {}, peak resident {}; {why})",
                mib(*limit),
                mib(*peak)
            ),
            Verdict::OutputLimit => write!(
                f,
                "output limit exceeded (more than {} MiB on stdout)",
                OUTPUT_LIMIT >> 20
            ),
        }
    }
}

/// What a program prints on stderr when an allocation fails under RLIMIT_AS: Rust,
/// C++, C (perror), Python, Java, Go, OCaml.
const ALLOCATION_FAILED: [&str; 7] = [
    "memory allocation of",
    "std::bad_alloc",
    "Cannot allocate memory",
    "MemoryError",
    "OutOfMemoryError",
    "out of memory",
    "Out_of_memory",
];

/// Judges a run against the expected output. By default like judges do: tokens per
/// line, trailing white space, blank lines at the end and a final newline ignored;
/// with `exact`, any other byte of difference is a presentation error.
pub fn judge(run: &Run, expected: &[u8], exact: bool, limits: &Limits) -> Verdict {
    if let Some(limit) = limits.memory {
        let stderr = String::from_utf8_lossy(&run.stderr);
        let failed = run.status.is_some_and(|s| !s.success());
        let hit = ALLOCATION_FAILED.iter().find(|m| stderr.contains(*m));
        let why = if run.peak_memory > limit {
            Some("the peak exceeds the limit".to_string())
        } else if let (true, Some(message)) = (failed, hit) {
            Some(format!(
                "an allocation failed under the limit: {message:?} on stderr"
            ))
        } else {
            None
        };
        if let Some(why) = why {
            return Verdict::MemoryLimit {
                limit,
                peak: run.peak_memory,
                why,
            };
        }
    }
    if run.killed == Some(Killed::Output) {
        return Verdict::OutputLimit;
    }
    let time_limit = Verdict::TimeLimit {
        limit: limits.time,
        cpu: run.cpu,
        wall: run.elapsed,
    };
    let Some(status) = run.status else {
        return time_limit;
    };
    // Ended on its own, but past the limit between two readings of its CPU time.
    if run.cpu > limits.time {
        return time_limit;
    }
    if !status.success() {
        return Verdict::RuntimeError {
            status: describe_status(status),
            stderr_tail: tail(&run.stderr, 5),
        };
    }
    if run.stdout.len() > OUTPUT_LIMIT {
        return Verdict::OutputLimit;
    }
    compare(&run.stdout, expected, exact)
}

/// Whether a failed run's stderr says an allocation failed (the message alone: a
/// program can print it on its own).
pub(crate) fn says_allocation_failed(run: &Run) -> bool {
    let stderr = String::from_utf8_lossy(&run.stderr);
    run.status.is_some_and(|s| !s.success()) && ALLOCATION_FAILED.iter().any(|m| stderr.contains(*m))
}

/// The exit status in words, naming the signal.
fn describe_status(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(signal)) => {
            // SAFETY: strsignal returns a pointer to a static or thread-local string.
            let name = unsafe {
                let text = libc::strsignal(signal);
                if text.is_null() {
                    String::new()
                } else {
                    std::ffi::CStr::from_ptr(text).to_string_lossy().into_owned()
                }
            };
            format!("killed by signal {signal}, {name}")
        }
        _ => status.to_string(),
    }
}

/// Compares a program's output with the expected one: tokens per line, then bytes
/// when `exact`.
pub fn compare(actual: &[u8], expected: &[u8], exact: bool) -> Verdict {
    let end = || "the end of the output".to_string();
    let (want, got) = (content_lines(expected), content_lines(actual));
    for k in 0..want.len().max(got.len()) {
        let (w, g) = (want.get(k), got.get(k));
        if w.map(|(_, w)| tokens(w)) != g.map(|(_, g)| tokens(g)) {
            // Named by the program's line where it has one, as the user reads it.
            let line = g.or(w).map_or(1, |(number, _)| *number);
            if let (Some((_, w)), Some((_, g))) = (w, g) {
                if w.len().max(g.len()) > QUOTE_LIMIT {
                    return long_lines_differ(line, w, g);
                }
            }
            return Verdict::WrongAnswer {
                line,
                expected: w.map_or_else(end, |(_, w)| quote(w)),
                got: g.map_or_else(end, |(_, g)| quote(g)),
            };
        }
    }
    if exact && actual != expected {
        // Whole lines with their line breaks, so that a `\r` or a missing final
        // newline shows, reported on the line where the bytes first differ.
        let (want, got): (Vec<&[u8]>, Vec<&[u8]>) = (
            expected.split_inclusive(|&b| b == b'\n').collect(),
            actual.split_inclusive(|&b| b == b'\n').collect(),
        );
        let line = (0..)
            .find(|&i| want.get(i) != got.get(i))
            .expect("the bytes differ");
        return Verdict::PresentationError {
            line: line + 1,
            expected: want.get(line).map_or_else(end, |w| quote(w)),
            got: got.get(line).map_or_else(end, |g| quote(g)),
        };
    }
    Verdict::Accepted
}

/// A wrong answer on lines too long to quote whole: each side names the first token
/// that differs, by its place in the line, instead of quoting the line's first
/// [`QUOTE_LIMIT`] bytes, where the difference may not even be (issue 38).
fn long_lines_differ(line: usize, expected: &[u8], got: &[u8]) -> Verdict {
    let (want, have) = (tokens(expected), tokens(got));
    let k = (0..)
        .find(|&k| want.get(k) != have.get(k))
        .expect("the tokens differ");
    let name = |tokens: &[&[u8]], text: &[u8]| match tokens.get(k) {
        Some(token) => format!(
            "token {} {} (of a line of {} bytes)",
            thousands(k as u64 + 1),
            quote(token),
            thousands(text.len() as u64)
        ),
        None => format!(
            "the end of the line after {} (of {} bytes)",
            crate::text::counted(tokens.len() as u64, "token"),
            thousands(text.len() as u64)
        ),
    };
    Verdict::WrongAnswer {
        line,
        expected: name(&want, expected),
        got: name(&have, got),
    }
}

/// The lines of an output that hold a token, with their numbers (from 1) and without
/// their trailing white space (`\r` included): blank lines are ignored anywhere, as
/// judges comparing tokens ignore them (issue 38, M8: a leading blank line was a wrong
/// answer).
fn content_lines(text: &[u8]) -> Vec<(usize, &[u8])> {
    text.split(|&b| b == b'\n')
        .map(|l| l.trim_ascii_end())
        .enumerate()
        .filter(|(_, l)| !tokens(l).is_empty())
        .map(|(i, l)| (i + 1, l))
        .collect()
}

fn tokens(line: &[u8]) -> Vec<&[u8]> {
    line.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression (issue 24): output of exactly 64 MiB was an output limit exceeded.
    #[cfg(unix)]
    #[test]
    fn output_of_exactly_the_limit_is_within_it() {
        use std::os::unix::process::ExitStatusExt;
        let run = |bytes: usize| Run {
            status: Some(std::process::ExitStatus::from_raw(0)),
            stdout: vec![b'a'; bytes],
            stderr: Vec::new(),
            elapsed: Duration::from_millis(1),
            cpu: Duration::ZERO,
            killed: None,
            peak_memory: 0,
        };
        let limits = Limits::time(Duration::from_secs(1));
        let exactly = vec![b'a'; OUTPUT_LIMIT];
        assert_eq!(
            judge(&run(OUTPUT_LIMIT), &exactly, true, &limits),
            Verdict::Accepted
        );
        assert_eq!(
            judge(&run(OUTPUT_LIMIT + 1), &exactly, true, &limits),
            Verdict::OutputLimit
        );
    }

    /// Regression (issue 38, item 13): a wrong answer on a long line quoted its first
    /// 240 bytes, equal on both sides, and the difference was not shown. It names the
    /// first differing token.
    #[test]
    fn a_wrong_answer_on_a_long_line_names_the_first_differing_token() {
        let words: Vec<String> = (0..300).map(|i| format!("w{i}")).collect();
        let expected = words.join(" ") + "\n";
        let got = expected.replace(" w250 ", " w2500 ");
        let v = compare(got.as_bytes(), expected.as_bytes(), false);
        let text = v.to_string();
        assert!(
            text.contains("expected token 251 \"w250\" (of a line of 1,389 bytes), got token 251 \"w2500\" (of a line of 1,390 bytes)"),
            "{text}"
        );
        assert!(text.len() < 200, "{text}");
        let short = expected.replace(" w299", "");
        let v = compare(short.as_bytes(), expected.as_bytes(), false);
        assert!(
            v.to_string().contains("got the end of the line after 299 tokens"),
            "{v}"
        );
    }

    #[test]
    fn a_token_in_the_wrong_case_is_a_wrong_answer_not_a_presentation_error() {
        let v = compare(b"Case #1: YES\n", b"Case #1: Yes\n", false);
        assert_eq!(v.code(), "WA", "{v}");
        assert_eq!(v.line(), Some(1));
        assert_eq!(compare(b"Case #1: YES\n", b"Case #1: Yes\n", true).code(), "WA");
    }

    #[test]
    fn crlf_and_trailing_spaces_are_reported_on_their_line_and_shown() {
        let expected = b"Case #1: No\nCase #2: Yes\n";
        assert_eq!(
            compare(b"Case #1: No\r\nCase #2: Yes\r\n", expected, false),
            Verdict::Accepted
        );
        let v = compare(b"Case #1: No\nCase #2: Yes\r\n", expected, true);
        assert_eq!(
            v,
            Verdict::PresentationError {
                line: 2,
                expected: r#""Case #2: Yes\n""#.into(),
                got: r#""Case #2: Yes\r\n""#.into(),
            }
        );
        let v = compare(b"Case #1: No  \nCase #2: Yes\n", expected, true);
        assert_eq!(v.line(), Some(1), "{v}");
        assert!(v.to_string().contains(r#"got "Case #1: No  \n""#), "{v}");
        // A missing final newline is on the last line, not one further.
        let v = compare(b"Case #1: No\nCase #2: Yes", expected, true);
        assert_eq!(v.line(), Some(2), "{v}");
        // An extra blank line is one further.
        let v = compare(b"Case #1: No\nCase #2: Yes\n\n", expected, true);
        assert_eq!(v.line(), Some(3), "{v}");
    }

    /// Issue 38, M8: a leading blank line was a wrong answer, though judges that
    /// compare tokens accept it; in exact mode it is a presentation error.
    #[test]
    fn blank_lines_anywhere_are_ignored_unless_exact() {
        let expected = b"Case #1: No\nCase #2: Yes\n";
        for actual in [
            &b"\nCase #1: No\nCase #2: Yes\n"[..],
            b"Case #1: No\n  \n\nCase #2: Yes\n",
            b" \r\nCase #1: No\nCase #2: Yes",
        ] {
            assert_eq!(compare(actual, expected, false), Verdict::Accepted);
            let v = compare(actual, expected, true);
            assert!(matches!(v, Verdict::PresentationError { .. }), "{v}");
        }
        // A wrong line after a blank one is named by the program's line number.
        let v = compare(b"\nCase #1: No\nCase #2: No\n", expected, false);
        assert_eq!(v.line(), Some(3), "{v}");
    }

    #[test]
    fn missing_and_extra_lines_are_wrong_answers_at_the_first_line_concerned() {
        let expected = b"Case #1: No\nCase #2: Yes\n";
        let v = compare(b"Case #1: No\n", expected, false);
        assert_eq!(
            v,
            Verdict::WrongAnswer {
                line: 2,
                expected: r#""Case #2: Yes""#.into(),
                got: "the end of the output".into(),
            }
        );
        let v = compare(b"Case #1: No\nCase #2: Yes\nmore\n", expected, false);
        assert_eq!(v.line(), Some(3), "{v}");
    }
}
