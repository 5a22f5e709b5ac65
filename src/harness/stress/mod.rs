//! Stress-testing a user's program: generate inputs of growing size, run the program,
//! judge its output against retrocheck's checked answer the way contest judges do,
//! then split a failing multi-case input down to the failing case and shrink it,
//! re-running the program at every step.

use super::generate::{self, Case, Family};
use super::shrink::{case_passes, pass, shrink, Passes};
use crate::format::print_game;
use crate::problems::{Instance, Problem};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Output beyond this is not kept: a program printing for ever must not exhaust memory.
pub const OUTPUT_LIMIT: usize = 64 << 20;

/// What a stress run tests: a contest problem, or programs that read a `.game` file and
/// print the solution format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Problem(Problem),
    Game,
}

/// A program under test: a shell command reading the input on stdin.
#[derive(Clone, Debug)]
pub struct Program {
    pub command: String,
    pub timeout: Duration,
}

/// What one run of the program produced.
#[derive(Debug)]
pub enum Run {
    Finished {
        status: ExitStatus,
        stdout: Vec<u8>,
        stderr: Vec<u8>,
        elapsed: Duration,
    },
    TimedOut {
        stderr: Vec<u8>,
    },
}

impl Program {
    /// Runs the program on `input` in its own process group, killed with all its
    /// children when it exits or outlives the timeout.
    #[cfg(unix)]
    pub fn run(&self, input: &[u8]) -> std::io::Result<Run> {
        use std::os::unix::process::CommandExt;
        let start = Instant::now();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let pid = child.id() as libc::pid_t;
        // One thread pumps all three pipes with poll(2): input in, output out, without
        // ever blocking on one pipe. It stops when told to, so a process that escaped
        // the group (`setsid`) and still holds a pipe cannot hang the runner.
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let pump = {
            let (stdin, stdout, stderr) = (
                child.stdin.take().expect("piped"),
                child.stdout.take().expect("piped"),
                child.stderr.take().expect("piped"),
            );
            let (input, stop) = (input.to_vec(), stop.clone());
            std::thread::spawn(move || pump(stdin, stdout, stderr, &input, &stop))
        };
        let exited = wait_unreaped(pid, self.timeout)?;
        // The child is a zombie now, or still running: either way its pid, and so its
        // process group id, cannot have been reused. Kill the group (children left
        // behind, a background job of the program) before reaping the child, never
        // after, when the id could name someone else's group.
        // SAFETY: signalling the process group created for this child, whose leader
        // is not reaped yet.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
        let status = child.wait()?;
        // Output still in the pipes is read for a moment; a pipe held open by an
        // escaped process is then abandoned.
        let grace = std::thread::spawn({
            let stop = stop.clone();
            move || {
                std::thread::sleep(PIPE_GRACE);
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
        let (stdout, stderr) = pump.join().unwrap_or_default();
        drop(grace);
        if !exited {
            return Ok(Run::TimedOut { stderr });
        }
        Ok(Run::Finished {
            status,
            stdout,
            stderr,
            elapsed: start.elapsed(),
        })
    }

    /// `stress` needs process groups to enforce time limits on a program and all its
    /// children; elsewhere it refuses to run rather than leave processes behind.
    #[cfg(not(unix))]
    pub fn run(&self, _input: &[u8]) -> std::io::Result<Run> {
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "stress runs programs only on Unix systems (it needs process groups to enforce time limits)",
        ))
    }
}

/// How long the pipes are still read after the program and its group are gone.
const PIPE_GRACE: Duration = Duration::from_millis(200);

/// Writes `input` to the program's stdin and reads its stdout and stderr (each kept up
/// to [`OUTPUT_LIMIT`]) until both reach end of file, or `stop` is set and nothing is
/// left to read.
#[cfg(unix)]
fn pump(
    stdin: std::process::ChildStdin,
    mut stdout: std::process::ChildStdout,
    mut stderr: std::process::ChildStderr,
    input: &[u8],
    stop: &std::sync::atomic::AtomicBool,
) -> (Vec<u8>, Vec<u8>) {
    use std::os::unix::io::AsRawFd;
    let mut stdin = Some(stdin);
    let mut written = 0;
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let (mut out_open, mut err_open) = (true, true);
    let mut chunk = vec![0u8; 1 << 16];
    for fd in [stdout.as_raw_fd(), stderr.as_raw_fd()]
        .into_iter()
        .chain(stdin.as_ref().map(|s| s.as_raw_fd()))
    {
        // SAFETY: fcntl on pipe descriptors we own.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }
    if input.is_empty() {
        stdin = None;
    }
    while out_open || err_open {
        let mut fds = Vec::with_capacity(3);
        if out_open {
            fds.push(libc::pollfd {
                fd: stdout.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            });
        }
        if err_open {
            fds.push(libc::pollfd {
                fd: stderr.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            });
        }
        if let Some(s) = &stdin {
            fds.push(libc::pollfd {
                fd: s.as_raw_fd(),
                events: libc::POLLOUT,
                revents: 0,
            });
        }
        // SAFETY: `fds` is a valid array of pollfd for the duration of the call.
        let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, 20) };
        if ready <= 0 {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            continue;
        }
        for pfd in &fds {
            if pfd.revents == 0 {
                continue;
            }
            if pfd.fd == stdout.as_raw_fd() {
                out_open = read_some(&mut stdout, &mut chunk, &mut out);
            } else if pfd.fd == stderr.as_raw_fd() {
                err_open = read_some(&mut stderr, &mut chunk, &mut err);
            } else if let Some(s) = &mut stdin {
                match s.write(&input[written..]) {
                    Ok(n) => written += n,
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                    // The program closed its input: the rest is not wanted.
                    Err(_) => written = input.len(),
                }
                if written == input.len() {
                    stdin = None;
                }
            }
        }
    }
    (out, err)
}

/// Reads what is there from a non-blocking pipe into `kept` (up to [`OUTPUT_LIMIT`]);
/// false at end of file.
#[cfg(unix)]
fn read_some(pipe: &mut impl Read, chunk: &mut [u8], kept: &mut Vec<u8>) -> bool {
    loop {
        match pipe.read(chunk) {
            Ok(0) => return false,
            Ok(n) => {
                if kept.len() < OUTPUT_LIMIT {
                    kept.extend_from_slice(&chunk[..n.min(OUTPUT_LIMIT - kept.len())]);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// Waits until the child `pid` exits or `timeout` passes, without reaping it (so its
/// pid stays reserved): true when it exited.
#[cfg(unix)]
fn wait_unreaped(pid: libc::pid_t, timeout: Duration) -> std::io::Result<bool> {
    let deadline = Instant::now() + timeout;
    let mut pause = Duration::from_micros(50);
    loop {
        // SAFETY: a zeroed siginfo_t is a valid out-parameter for waitid.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: waitid on our own child with WNOWAIT leaves it waitable.
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            )
        };
        if r == -1 {
            let e = std::io::Error::last_os_error();
            if e.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        // SAFETY: waitid filled `info`; si_pid is 0 while no child has exited.
        if unsafe { info.si_pid() } != 0 {
            return Ok(true);
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(false);
        }
        std::thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

/// The judgement of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    /// Well-formed output with a wrong answer, at 1-based `line`.
    WrongAnswer {
        line: usize,
        expected: String,
        got: String,
    },
    /// Output that is not in the expected form, or (with `--exact`) differs in white
    /// space only.
    PresentationError {
        line: usize,
        detail: String,
    },
    /// A non-zero exit status or a signal.
    RuntimeError {
        status: String,
        stderr_tail: String,
    },
    TimeLimit {
        limit: Duration,
    },
}

impl Verdict {
    /// The verdict's kind, which shrinking keeps.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer { .. } => "wrong answer",
            Verdict::PresentationError { .. } => "presentation error",
            Verdict::RuntimeError { .. } => "runtime error",
            Verdict::TimeLimit { .. } => "time limit exceeded",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Accepted => write!(f, "accepted"),
            Verdict::WrongAnswer { line, expected, got } => {
                write!(
                    f,
                    "wrong answer on line {line}: expected {expected:?}, got {got:?}"
                )
            }
            Verdict::PresentationError { line, detail } => {
                write!(f, "presentation error on line {line}: {detail}")
            }
            Verdict::RuntimeError { status, stderr_tail } => {
                write!(f, "runtime error ({status})")?;
                if !stderr_tail.is_empty() {
                    write!(f, "; the end of its stderr:\n{stderr_tail}")?;
                }
                Ok(())
            }
            Verdict::TimeLimit { limit } => {
                write!(
                    f,
                    "time limit exceeded (killed with its children after {:.1} s)",
                    limit.as_secs_f64()
                )
            }
        }
    }
}

/// One stress input: a contest input of one or more cases, or one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub target: Target,
    pub cases: Vec<Case>,
}

impl Input {
    /// The input as the program reads it.
    pub fn text(&self) -> String {
        match self.target {
            Target::Game => self
                .cases
                .iter()
                .map(|c| {
                    if let Case::Game(g) = c {
                        print_game(g)
                    } else {
                        String::new()
                    }
                })
                .collect(),
            Target::Problem(problem) => {
                let instances: Vec<Instance> = self
                    .cases
                    .iter()
                    .filter_map(|c| {
                        if let Case::Instance(i) = c {
                            Some(i.clone())
                        } else {
                            None
                        }
                    })
                    .collect();
                problem.print(&instances)
            }
        }
    }

    /// The expected output (see [`super::expected`]): one line per test case, or the
    /// solution format for a game.
    pub fn expected(&self) -> Result<String, String> {
        super::expected::outputs(&self.cases)
    }
}

/// Whether `line` has the form of an output line of `target`.
fn well_formed(target: Target, line: &str) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match target {
        Target::Problem(Problem::Pursuit) => {
            tokens.len() == 3
                && tokens[0] == "Case"
                && tokens[1]
                    .strip_prefix('#')
                    .and_then(|k| k.strip_suffix(':'))
                    .is_some_and(|k| k.parse::<u64>().is_ok())
                && matches!(tokens[2], "Yes" | "No")
        }
        Target::Problem(Problem::Minigame) => {
            tokens.len() == 1 && tokens[0].bytes().all(|b| matches!(b, b'A' | b'B' | b'D'))
        }
        Target::Problem(Problem::Berzerk) => {
            !tokens.is_empty() && tokens.iter().all(|t| matches!(*t, "Win" | "Lose" | "Loop"))
        }
        Target::Problem(Problem::Shiritori) => {
            tokens.len() == 1 && matches!(tokens[0], "Takahashi" | "Aoki" | "Draw")
        }
        Target::Problem(Problem::Catmouse) => tokens.len() == 1 && matches!(tokens[0], "0" | "1" | "2"),
        Target::Game => {
            let number_or_dash = |t: &str| t == "-" || t.parse::<u64>().is_ok();
            tokens.len() == 4
                && tokens[0].parse::<u64>().is_ok()
                && matches!(tokens[1], "A" | "B" | "D")
                && number_or_dash(tokens[2])
                && number_or_dash(tokens[3])
        }
    }
}

/// Judges a run against the expected output. By default like judges do: tokens per
/// line, trailing white space and a final newline ignored; with `exact`, any byte of
/// difference is at least a presentation error.
pub fn judge(target: Target, run: &Run, expected: &str, exact: bool, timeout: Duration) -> Verdict {
    let (status, stdout, stderr) = match run {
        Run::TimedOut { .. } => return Verdict::TimeLimit { limit: timeout },
        Run::Finished {
            status,
            stdout,
            stderr,
            ..
        } => (status, stdout, stderr),
    };
    if !status.success() {
        use std::os::unix::process::ExitStatusExt;
        let status = match (status.code(), status.signal()) {
            (Some(code), _) => format!("exit status {code}"),
            (None, Some(signal)) => format!("killed by signal {signal}"),
            _ => status.to_string(),
        };
        let text = String::from_utf8_lossy(stderr);
        let tail: Vec<&str> = text.lines().rev().take(5).collect();
        let stderr_tail = tail.into_iter().rev().collect::<Vec<_>>().join("\n");
        return Verdict::RuntimeError { status, stderr_tail };
    }
    if stdout.len() >= OUTPUT_LIMIT {
        return Verdict::PresentationError {
            line: 1,
            detail: format!("more than {} MiB of output", OUTPUT_LIMIT >> 20),
        };
    }
    let Ok(actual) = std::str::from_utf8(stdout) else {
        return Verdict::PresentationError {
            line: 1,
            detail: "the output is not UTF-8 text".into(),
        };
    };
    let trimmed = |text: &str| -> Vec<String> {
        let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        lines
    };
    let (want, got) = (trimmed(expected), trimmed(actual));
    for (i, (w, g)) in want.iter().zip(&got).enumerate() {
        let same = w.split_whitespace().eq(g.split_whitespace());
        if !same {
            let line = i + 1;
            return if well_formed(target, g) {
                Verdict::WrongAnswer {
                    line,
                    expected: w.clone(),
                    got: g.clone(),
                }
            } else {
                Verdict::PresentationError {
                    line,
                    detail: format!("expected a line like {w:?}, got {g:?}"),
                }
            };
        }
    }
    if got.len() != want.len() {
        let line = want.len().min(got.len()) + 1;
        let detail = if got.len() < want.len() {
            format!(
                "{} lines expected, the output ends after {}",
                want.len(),
                got.len()
            )
        } else {
            format!("{} lines expected, then {:?}", want.len(), got[want.len()])
        };
        return Verdict::PresentationError { line, detail };
    }
    if exact && actual != expected {
        let line = actual
            .lines()
            .zip(expected.lines())
            .position(|(a, e)| a != e)
            .map_or(want.len() + 1, |i| i + 1);
        return Verdict::PresentationError {
            line,
            detail: "the output differs from the expected one in white space".into(),
        };
    }
    Verdict::Accepted
}

/// A stress campaign's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    pub target: Target,
    pub program: Program,
    pub exact: bool,
    /// Allow inputs outside the official limits (generation and shrinking).
    pub relax: bool,
    pub seed: u64,
    /// The largest contest graph (vertices) or game (positions) to generate.
    pub max_size: u32,
}

/// The `index`-th input of a campaign, fully determined by the seed and the index: 1
/// to 3 test cases, each of a size drawn log-uniformly from 1 to the largest size, so
/// every order of magnitude is tried from the first inputs on. Games take the seeded
/// game families in turn, so every coverage axis (high degree, hubs, long chains,
/// draws, labels, draw conventions) comes up.
pub fn input_at(settings: &Settings, index: u64) -> Input {
    let mut rng = ChaCha8Rng::seed_from_u64(super::bulk::splitmix64(
        settings.seed ^ super::bulk::splitmix64(index),
    ));
    let top = (f64::from(settings.max_size.max(1)) + 1.0).ln();
    let size = move |rng: &mut ChaCha8Rng| -> u32 {
        ((rng.gen::<f64>() * top).exp() as u32).clamp(1, settings.max_size.max(1))
    };
    let official = !settings.relax;
    let cases = match settings.target {
        Target::Game => {
            let families: Vec<Family> = Family::games().collect();
            let family = families[(index % families.len() as u64) as usize];
            let size = size(&mut rng) as usize;
            vec![generate::case(family, rng.gen(), size)]
        }
        // An uncounted problem's input holds exactly one test case.
        Target::Problem(problem) => (0..if problem.counted() {
            rng.gen_range(1..=3)
        } else {
            1
        })
            .map(|_| {
                let n = size(&mut rng);
                Case::Instance(match problem {
                    Problem::Pursuit => Instance::Pursuit(generate::pursuit_instance(&mut rng, n, official)),
                    Problem::Minigame => {
                        Instance::Minigame(generate::minigame_instance(&mut rng, n, official))
                    }
                    Problem::Berzerk => Instance::Berzerk(generate::berzerk_instance(&mut rng, n, official)),
                    Problem::Shiritori => {
                        Instance::Shiritori(generate::shiritori_instance(&mut rng, n, official))
                    }
                    Problem::Catmouse => {
                        Instance::Catmouse(generate::catmouse_instance(&mut rng, n, official))
                    }
                })
            })
            .collect(),
    };
    Input {
        target: settings.target,
        cases,
    }
}

/// Runs the program on an input and judges it.
pub fn test(settings: &Settings, input: &Input) -> Result<Verdict, String> {
    let expected = input
        .expected()
        .map_err(|e| format!("retrocheck failed its own check on this input: {e}"))?;
    let run = settings
        .program
        .run(input.text().as_bytes())
        .map_err(|e| format!("cannot run `{}`: {e}", settings.program.command))?;
    Ok(judge(
        settings.target,
        &run,
        &expected,
        settings.exact,
        settings.program.timeout,
    ))
}

/// A failure, reduced.
#[derive(Clone, Debug)]
pub struct Reduced {
    pub input: Input,
    pub verdict: Verdict,
    pub steps: usize,
    pub tries: usize,
    pub elapsed: Duration,
}

/// Splits a failing multi-case input down to the failing case, then shrinks that case
/// (fewer vertices and edges, within the official limits unless relaxed), re-running
/// the program at each step and keeping only candidates with the same kind of verdict.
pub fn reduce(settings: &Settings, input: &Input, verdict: &Verdict) -> Reduced {
    let kind = verdict.kind();
    let fails = |candidate: &Input| test(settings, candidate).is_ok_and(|v| v.kind() == kind);
    let start = Instant::now();
    let mut current = input.clone();
    // Split: the failing line names the case; alone, it usually fails too. If not (the
    // program keeps state between cases), try the cases before it with it.
    if current.cases.len() > 1 {
        let line = match verdict {
            Verdict::WrongAnswer { line, .. } | Verdict::PresentationError { line, .. } => *line,
            _ => current.cases.len(),
        };
        let k = line.clamp(1, current.cases.len()) - 1;
        let alone = Input {
            target: current.target,
            cases: vec![current.cases[k].clone()],
        };
        if fails(&alone) {
            current = alone;
        } else {
            let prefix = Input {
                target: current.target,
                cases: current.cases[..=k].to_vec(),
            };
            if fails(&prefix) {
                current = prefix;
            }
        }
    }
    let official = !settings.relax;
    let target = current.target;
    // Multi-case inputs only lose whole cases; a single case shrinks by the passes of
    // its kind (all cases of an input have the kind of its target).
    let whole_cases = pass(
        "whole cases",
        |i: &Input, from| -> Box<dyn Iterator<Item = Input> + '_> {
            let n = if i.cases.len() == 1 { 0 } else { i.cases.len() };
            Box::new((0..n).skip(from).map(move |k| {
                let mut cases = i.cases.clone();
                cases.remove(k);
                Input {
                    target: i.target,
                    cases,
                }
            }))
        },
    );
    let passes = match current.cases.first() {
        Some(case) => case_passes(case, official),
        None => Passes {
            list: Vec::new(),
            singles: 0,
        },
    };
    let passes = passes
        .map(
            move |case| Input {
                target,
                cases: vec![case],
            },
            |i: &Input| match i.cases.as_slice() {
                [case] => Some(case),
                _ => None,
            },
        )
        .after(whole_cases);
    let shrunk = shrink(current, &passes, fails, |_| {});
    let verdict = test(settings, &shrunk.value).unwrap_or_else(|_| verdict.clone());
    Reduced {
        input: shrunk.value,
        verdict,
        steps: shrunk.steps,
        tries: shrunk.tries,
        elapsed: start.elapsed(),
    }
}
