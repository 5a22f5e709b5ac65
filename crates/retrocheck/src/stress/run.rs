//! Running a user's program under a judge's limits: its own process group killed as a
//! whole at the time limit (CPU time, with a wall-clock cap for programs that sleep) or
//! as soon as its output passes the output limit, an address-space limit on every
//! process of it, its peak memory, CPU time and run time measured, and no process of a
//! run left behind when retrocheck itself is killed.

pub use super::processes::own_every_child;
use super::processes::{
    account, adopt_orphans, adopted_cpu, cpu_time, forget, in_flight, kill_orphans_of, look_for_vanished,
    run_mark, tree_usage, RUN_MARK,
};
use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Output beyond this is not kept: a program printing for ever must not exhaust memory.
pub const OUTPUT_LIMIT: usize = 64 << 20;

/// A run is killed at this many times its time limit of wall-clock time, whatever CPU
/// time it used: the cap for programs that sleep or block, loose enough that a correct
/// program slowed down by a busy machine stays within it.
pub const WALL_FACTOR: u32 = 3;

/// The limits a program runs under, the same for the solution and a reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user and system, of the program and of all its children), as judges
    /// measure it: a busy machine slows a program's wall clock, not its CPU time. The
    /// program is killed with its children once it has used it, or after
    /// [`WALL_FACTOR`] times it of wall-clock time ([`Limits::wall`]).
    pub time: Duration,
    /// Bytes of address space per process (RLIMIT_AS), and of peak resident memory.
    pub memory: Option<u64>,
}

impl Limits {
    /// A time limit and no memory limit.
    pub fn time(time: Duration) -> Limits {
        Limits { time, memory: None }
    }

    /// The wall-clock cap: [`WALL_FACTOR`] times the time limit.
    pub fn wall(&self) -> Duration {
        self.time.saturating_mul(WALL_FACTOR)
    }
}

/// Why a run was killed before it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Killed {
    /// It used its time limit of CPU time.
    CpuTime,
    /// It outlived the wall-clock cap ([`Limits::wall`]).
    WallTime,
    /// It printed more than [`OUTPUT_LIMIT`] bytes on stdout.
    Output,
}

/// A program under test: a shell command reading the input on stdin.
#[derive(Clone, Debug)]
pub struct Program {
    /// The shell command.
    pub command: String,
    /// The limits it runs under.
    pub limits: Limits,
}

/// What one run of the program produced.
#[derive(Debug)]
pub struct Run {
    /// How it ended; `None` when it was killed at a limit ([`Run::killed`] says which).
    pub status: Option<ExitStatus>,
    /// What it printed, up to one byte more than [`OUTPUT_LIMIT`].
    pub stdout: Vec<u8>,
    /// What it printed on stderr, up to [`OUTPUT_LIMIT`].
    pub stderr: Vec<u8>,
    /// Wall-clock time from start to exit, or to the kill.
    pub elapsed: Duration,
    /// CPU time (user and system) of the program and its children: those it waited
    /// for, and those seen running while it ran.
    pub cpu: Duration,
    /// The limit it was killed at, if it was.
    pub killed: Option<Killed>,
    /// The largest resident memory of the program or any child it waited for, in
    /// bytes (measured after the run, or polled while it runs).
    pub peak_memory: u64,
}

impl Program {
    /// A program with a time limit only.
    pub fn new(command: impl Into<String>, time: Duration) -> Program {
        Program {
            command: command.into(),
            limits: Limits::time(time),
        }
    }

    /// Runs the program on `input` in its own process group, killed with all its
    /// children when it exits, uses its CPU time limit, outlives the wall-clock cap or
    /// passes the output limit. The memory limit is
    /// RLIMIT_AS, set in the child before `sh` starts, so it holds for every process
    /// the command starts (each on its own, as judges limit a process).
    #[cfg(unix)]
    pub fn run(&self, input: &[u8]) -> std::io::Result<Run> {
        use std::os::unix::process::{CommandExt, ExitStatusExt};
        let start = Instant::now();
        adopt_orphans();
        // Every process of the run inherits its mark: one that left the run's group
        // (setsid, setpgid) is still known as the run's when it comes back to us as
        // an orphan.
        let mark = run_mark();
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(&self.command)
            .env(RUN_MARK, &mark)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let limit = self.limits.memory.map(|bytes| libc::rlimit {
            rlim_cur: bytes as libc::rlim_t,
            rlim_max: bytes as libc::rlim_t,
        });
        // Always a pre_exec hook, even without a limit: it makes std fork rather than
        // vfork, so the child's memory count starts at what fork copies of the
        // harness's resident memory rather than at its whole peak (see
        // [`peak_memory`]).
        // SAFETY: getpid is async-signal-safe.
        let parent = unsafe { libc::getpid() };
        // SAFETY: setrlimit, prctl, getppid and raise are async-signal-safe, and the
        // closure allocates nothing.
        unsafe {
            command.pre_exec(move || {
                if let Some(limit) = &limit {
                    if libc::setrlimit(libc::RLIMIT_AS, limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                // Killed when retrocheck is (even by SIGKILL, which no handler sees).
                // The signal comes when the thread that forked ends, and that thread
                // waits in this `run` until the program is reaped, so it is the
                // process's death that sends it. Checked after: a parent that died
                // before the call would never send it.
                #[cfg(target_os = "linux")]
                {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
                    if libc::getppid() != parent {
                        libc::raise(libc::SIGKILL);
                    }
                }
                #[cfg(not(target_os = "linux"))]
                let _ = parent;
                Ok(())
            });
        }
        // Registered while spawning, under the lock that sweeps hold: no sweep can
        // reap this leader, which only its runner may wait for.
        let (mut child, mut in_flight_place, before) = {
            let mut leaders = in_flight();
            // Read just before the fork, after any wait for the lock.
            let before = resident_memory();
            let child = command.spawn()?;
            let pid = child.id() as libc::pid_t;
            leaders.push((pid, mark.clone()));
            (child, InFlight(pid, on_signal::register(pid)), before)
        };
        let pid = child.id() as libc::pid_t;
        // Read at once: a program that exits within a millisecond of its start may be
        // gone by the first poll below, and a zombie has no memory left to read.
        let mut polled = tree_usage(pid, false, &mut Vec::new()).0;
        let inherited = before.max(resident_memory());
        // One thread pumps all three pipes with poll(2): input in, output out, without
        // ever blocking on one pipe. It stops when told to, so a process that escaped
        // the group (`setsid`) and still holds a pipe cannot hang the runner.
        // It also says when stdout passes the output limit, so that a program printing
        // without end is killed then rather than at its time limit.
        let stop = std::sync::Arc::new(std::sync::OnceLock::new());
        let overflow = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (stdin, stdout, stderr) = (
            child.stdin.take().expect("piped"),
            child.stdout.take().expect("piped"),
            child.stderr.take().expect("piped"),
        );
        let pumping = {
            let (input, stop, overflow) = (input.to_vec(), stop.clone(), overflow.clone());
            // A thread that cannot be started (`ulimit -u`, `ulimit -v`) is an error
            // of the run, not a panic.
            std::thread::Builder::new()
                .name("pump".into())
                .spawn(move || pump(stdin, stdout, stderr, &input, &stop, &overflow))
        };
        let (pump, mut cpu, killed) = match pumping {
            Ok(pump) => {
                let mut cpu = Duration::ZERO;
                let killed = wait_unreaped(pid, &mark, &self.limits, &mut polled, &mut cpu, &overflow);
                (Some(pump), cpu, killed)
            }
            Err(e) => (None, Duration::ZERO, Err(e)),
        };
        let elapsed = start.elapsed();
        // The child is a zombie now, or still running: either way its pid, and so its
        // process group id, cannot have been reused. Kill the group (children left
        // behind, a background job of the program) before reaping the child, never
        // after, when the id could name someone else's group.
        // SAFETY: signalling the process group created for this child, whose leader
        // is not reaped yet, and the child itself, which may have left that group
        // (setpgid into ours): reaping it must not wait for it to end on its own.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
        }
        // Out of the signal handler's reach before the pid is freed by the reaping.
        in_flight_place.unregister();
        let reaped = reap(pid);
        // The run's processes that escaped its group, orphaned now and adopted by us.
        kill_orphans_of(&mark);
        // Output still in the pipes is read for a moment; a pipe held open by an
        // escaped process is then abandoned.
        let _ = stop.set(Instant::now() + PIPE_GRACE);
        let (stdout, stderr) = pump.map(|p| p.join().unwrap_or_default()).unwrap_or_default();
        let (status, usage) = reaped?;
        let killed = killed?;
        // wait4 counts the program and the children it reaped, and reaping counted its
        // adopted processes: exact, where polling saw only what was there to read.
        cpu = cpu.max(cpu_time(&usage) + forget(&mark));
        Ok(Run {
            status: killed.is_none().then(|| ExitStatus::from_raw(status)),
            stdout,
            stderr,
            elapsed,
            cpu,
            killed,
            peak_memory: peak_memory(&usage, inherited, polled),
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

/// A run's place in [`in_flight`] and in the signal handler's list
/// ([`on_signal`]), given up however the run ends.
struct InFlight(libc::pid_t, Option<usize>);

impl InFlight {
    /// Leaves the signal handler's list (before the leader is reaped, when its pid
    /// could name another process).
    fn unregister(&mut self) {
        if let Some(slot) = self.1.take() {
            on_signal::unregister(slot);
        }
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.unregister();
        in_flight().retain(|(leader, _)| *leader != self.0);
    }
}

/// Installs handlers of SIGINT, SIGTERM and SIGHUP that kill the process group and
/// the leader of every run in flight (and, where this process [owns every
/// child](own_every_child), every child of it), then end this process by the same
/// signal (so its exit status is the conventional one): Ctrl-C, `timeout`, a CI's
/// cancel or a closed terminal leave no program running. It also starts a watchdog
/// process that, once this process is dead (even of SIGKILL, which no handler sees),
/// kills the runs in flight and every process that carries one of its runs' marks,
/// those that left their group included (see the `strays` module). The
/// `retrocheck` binary calls it; a library caller with handlers of its own need not.
/// (Without it, SIGKILL reaches a run's first process by `PR_SET_PDEATHSIG` alone.)
pub fn end_runs_on_signals() {
    #[cfg(unix)]
    on_signal::install();
}

/// The process groups of the runs in flight, for a signal handler, which can only
/// read atomics: a fixed table of leaders' pids (0: a free slot).
#[cfg(unix)]
mod on_signal {
    use std::sync::atomic::{AtomicI32, Ordering};

    /// More runs than this at once (jobs and their references) go unlisted, and are
    /// then covered by `PR_SET_PDEATHSIG` alone.
    const SLOTS: usize = 1024;

    static LEADERS: [AtomicI32; SLOTS] = [const { AtomicI32::new(0) }; SLOTS];

    /// The write end of the watchdog's pipe, -1 without a watchdog.
    static WATCHDOG: AtomicI32 = AtomicI32::new(-1);
    use super::super::processes::WATCHDOG_PID;

    /// Lists a run's leader; its slot, if one was free.
    pub(super) fn register(pid: libc::pid_t) -> Option<usize> {
        let slot = (0..SLOTS).find(|&i| {
            LEADERS[i]
                .compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        });
        if slot.is_some() {
            tell_watchdog(pid);
        }
        slot
    }

    /// Frees a slot.
    pub(super) fn unregister(slot: usize) {
        let pid = LEADERS[slot].swap(0, Ordering::SeqCst);
        if pid > 0 {
            tell_watchdog(-pid);
        }
    }

    /// Tells the watchdog a run's leader started (`pid`) or ended (`-pid`): one write
    /// of four bytes, atomic on a pipe, from any thread.
    fn tell_watchdog(message: libc::pid_t) {
        let fd = WATCHDOG.load(Ordering::SeqCst);
        if fd >= 0 {
            let bytes = message.to_ne_bytes();
            // SAFETY: writing four bytes of a live buffer to our pipe; an error (the
            // watchdog gone: EPIPE, SIGPIPE being ignored) loses only its protection.
            unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        }
    }

    /// Starts the watchdog: a process forked from this one that holds the read end of
    /// a pipe whose write end only this process holds (close-on-exec, so no run
    /// inherits it). It keeps the list of the runs in flight from the messages of
    /// [`register`] and [`unregister`]; when the pipe ends — this process is gone,
    /// even by SIGKILL, which no handler sees — it kills the process group and the
    /// leader of every run still listed, then exits. `PR_SET_PDEATHSIG` alone reaches
    /// only a run's first process, the `sh` of `sh -c` (issue 38, adversarial pass).
    fn start_watchdog() {
        let mut fds = [0; 2];
        // SAFETY: pipe2 fills the two descriptors of a new pipe.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return;
        }
        let [read, write] = fds;
        // The marks of this process's runs, read before the fork: the watchdog may
        // not allocate.
        #[cfg(target_os = "linux")]
        let marks = super::super::strays::mark_prefix();
        #[cfg(not(target_os = "linux"))]
        let marks = ([0u8; 64], 0);
        // SAFETY: the child runs `watch` alone, which only makes async-signal-safe
        // calls and never returns; the parent keeps the write end.
        match unsafe { libc::fork() } {
            0 => unsafe { watch(read, write, marks) },
            -1 => unsafe {
                libc::close(read);
                libc::close(write);
            },
            pid => {
                // SAFETY: the read end belongs to the watchdog now; its own group is
                // set on both sides of the fork, so that no signal to ours can reach
                // it before it has left.
                unsafe {
                    libc::close(read);
                    libc::setpgid(pid, pid);
                }
                WATCHDOG_PID.store(pid, Ordering::SeqCst);
                WATCHDOG.store(write, Ordering::SeqCst);
            }
        }
    }

    /// The watchdog's life: read leaders until the pipe ends, then kill those left,
    /// and every process with the mark of one of the runs of `retrocheck` (its pid).
    /// Only async-signal-safe calls, no allocation: it is a fork of a process with
    /// threads.
    unsafe fn watch(read: libc::c_int, write: libc::c_int, marks: ([u8; 64], usize)) -> ! {
        libc::close(write);
        #[cfg(not(target_os = "linux"))]
        let _ = marks;
        // A group of its own, and deaf to every signal that ends a process but
        // SIGKILL: a signal to retrocheck's whole group (`timeout -s KILL`, Ctrl-\, a
        // CI killing the job) killed the watchdog with it, and left the runs alive
        // (issue 38, fourth adversarial pass, G1).
        libc::setpgid(0, 0);
        for signal in [
            libc::SIGINT,
            libc::SIGTERM,
            libc::SIGHUP,
            libc::SIGPIPE,
            libc::SIGQUIT,
            libc::SIGUSR1,
            libc::SIGUSR2,
            libc::SIGALRM,
            libc::SIGVTALRM,
            libc::SIGPROF,
            libc::SIGTSTP,
            libc::SIGTTIN,
            libc::SIGTTOU,
            libc::SIGXCPU,
            libc::SIGXFSZ,
        ] {
            libc::signal(signal, libc::SIG_IGN);
        }
        #[cfg(target_os = "linux")]
        let (mark, mark_length) = marks;
        let mut leaders = [0 as libc::pid_t; SLOTS];
        let mut message = [0u8; 4];
        loop {
            let n = libc::read(read, message.as_mut_ptr().cast(), message.len());
            if n == 4 {
                let pid = libc::pid_t::from_ne_bytes(message);
                let (from, to) = if pid > 0 { (0, pid) } else { (-pid, 0) };
                if let Some(slot) = leaders.iter_mut().find(|l| **l == from) {
                    *slot = to;
                }
            } else if n == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                break;
            }
        }
        for &pid in &leaders {
            if pid > 0 {
                libc::kill(-pid, libc::SIGKILL);
                libc::kill(pid, libc::SIGKILL);
            }
        }
        // Then every process that still carries the mark of one of retrocheck's runs:
        // one that left its group (`setsid`) is out of the groups' reach. Round after
        // round, for what they started before they died; bounded.
        #[cfg(target_os = "linux")]
        for _ in 0..50 {
            if super::super::strays::kill_marked(&mark[..mark_length]) == 0 {
                break;
            }
            let pause = libc::timespec {
                tv_sec: 0,
                tv_nsec: 10_000_000,
            };
            libc::nanosleep(&pause, std::ptr::null_mut());
        }
        libc::_exit(0)
    }

    /// Kills every listed run's group and leader, then dies of `signal` as if no
    /// handler had been installed.
    extern "C" fn handle(signal: libc::c_int) {
        for leader in &LEADERS {
            let pid = leader.load(Ordering::SeqCst);
            if pid > 0 {
                // SAFETY: kill is async-signal-safe; a listed leader is not reaped yet
                // (it leaves the list first), so its pid names the run.
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                    libc::kill(pid, libc::SIGKILL);
                }
            }
        }
        // The runs' processes that left their groups and came back to us as orphans
        // (an environment cleared with them): when every child is a run's, every one.
        // Those still elsewhere in a run's tree are the watchdog's, once we are gone.
        #[cfg(target_os = "linux")]
        if super::super::processes::owns_every_child() {
            super::super::strays::kill_children(WATCHDOG_PID.load(Ordering::SeqCst));
        }
        // SAFETY: signal and raise are async-signal-safe.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }

    /// Installs [`handle`] for SIGINT, SIGTERM and SIGHUP (once).
    pub(super) fn install() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            start_watchdog();
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                // SAFETY: a zeroed sigaction with a handler and an empty mask is valid;
                // the handler only calls async-signal-safe functions.
                unsafe {
                    let mut action: libc::sigaction = std::mem::zeroed();
                    action.sa_sigaction = handle as extern "C" fn(libc::c_int) as libc::sighandler_t;
                    libc::sigemptyset(&mut action.sa_mask);
                    action.sa_flags = libc::SA_RESTART;
                    libc::sigaction(signal, &action, std::ptr::null_mut());
                }
            }
        });
    }
}

#[cfg(not(unix))]
mod on_signal {
    pub(super) fn register(_pid: i32) -> Option<usize> {
        None
    }
    pub(super) fn unregister(_slot: usize) {}
}

/// How long the pipes are still read after the program and its group are gone.
const PIPE_GRACE: Duration = Duration::from_millis(200);

/// The program's peak resident memory. wait4's `ru_maxrss` is exact for the program
/// and the children it reaped, except that Linux starts the first process's count at
/// the resident size of what it was forked from: at most the harness's resident
/// memory at the fork, `inherited`. So that figure is trusted only above `inherited`;
/// at or below it, the peak is the largest `VmHWM` (the high-water mark of a
/// process's own memory since its exec) of the program or its descendants seen while
/// polling for its exit: a lower bound, for programs smaller than the harness, and 0
/// (unknown) for one that exited before it could be read once.
#[cfg(unix)]
fn peak_memory(usage: &libc::rusage, inherited: u64, polled: u64) -> u64 {
    // Linux counts ru_maxrss in KiB.
    let reported = usage.ru_maxrss.max(0) as u64 * 1024;
    if reported > inherited {
        reported
    } else {
        polled
    }
}

/// This process's resident memory (`VmRSS` in /proc/self/status), or its whole peak
/// where that cannot be read.
fn resident_memory() -> u64 {
    let field = |status: &str, name: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? * 1024)
    };
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    field(&status, "VmRSS:")
        .or_else(|| field(&status, "VmHWM:"))
        .unwrap_or(u64::MAX)
}

/// Reaps the child `pid` with wait4, for its status and its resource usage (which
/// includes the children it reaped itself).
#[cfg(unix)]
fn reap(pid: libc::pid_t) -> std::io::Result<(libc::c_int, libc::rusage)> {
    loop {
        let mut status = 0;
        // SAFETY: a zeroed rusage is a valid out-parameter for wait4.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: wait4 on our own child, with valid out-pointers.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            return Ok((status, usage));
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// Writes `input` to the program's stdin and reads its stdout and stderr (each kept up
/// to [`OUTPUT_LIMIT`]) until both reach end of file, or the time in `stop` has come
/// and nothing is left to read; sets `overflow` once stdout passes the limit.
#[cfg(unix)]
fn pump(
    stdin: std::process::ChildStdin,
    mut stdout: std::process::ChildStdout,
    mut stderr: std::process::ChildStderr,
    input: &[u8],
    stop: &std::sync::OnceLock<Instant>,
    overflow: &std::sync::atomic::AtomicBool,
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
            if stop.get().is_some_and(|&at| Instant::now() >= at) {
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
                if out.len() > OUTPUT_LIMIT {
                    overflow.store(true, std::sync::atomic::Ordering::Relaxed);
                }
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
            // One byte past the limit is kept: output of exactly the limit is within it.
            Ok(n) => {
                if kept.len() <= OUTPUT_LIMIT {
                    kept.extend_from_slice(&chunk[..n.min(OUTPUT_LIMIT + 1 - kept.len())]);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// How often the CPU time of a run is read: reading it walks the run's processes.
const CPU_POLL: Duration = Duration::from_millis(10);

/// Reads the CPU time of the run of first process `pid` and mark `mark` (its tree, its
/// adopted processes, and what its processes reaped by no one used), and keeps in
/// `cpu` as much of it as the reading before (`last`) confirms; keeps in `peak` the
/// largest memory high-water mark seen.
#[cfg(unix)]
fn read_run(pid: libc::pid_t, mark: &str, peak: &mut u64, cpu: &mut Duration, last: &mut Duration) {
    look_for_vanished(mark);
    let mut reads = Vec::new();
    let (high, mut used) = tree_usage(pid, true, &mut reads);
    *peak = (*peak).max(high);
    used += adopted_cpu(mark, &mut reads);
    used += account(mark, &reads);
    // A reading can count a process twice: one read in the tree, then reaped by its
    // parent (whose count of its children's time then holds it) or reparented to us,
    // before the walk reaches that parent or our children (issue 38, second
    // adversarial pass: a correct program with 150 idle processes was judged TLE at
    // 1.03 s). A process's CPU time only grows, so the lesser of two readings is never
    // more than the truth; and the time read never goes down (a process that ended and
    // was reaped by no one in the tree is gone from it).
    *cpu = (*cpu).max(used.min(*last));
    *last = used;
}

/// Waits until the child `pid` exits, without reaping it (so its pid stays reserved),
/// or until a limit is passed: its CPU time limit, the wall-clock cap, or the output
/// limit (`overflow`); `None` when it exited, otherwise the limit. Meanwhile keeps in
/// `peak` the largest memory high-water mark seen, and in `cpu` the CPU time of the
/// run's processes last read.
#[cfg(unix)]
fn wait_unreaped(
    pid: libc::pid_t,
    mark: &str,
    limits: &Limits,
    peak: &mut u64,
    cpu: &mut Duration,
    overflow: &std::sync::atomic::AtomicBool,
) -> std::io::Result<Option<Killed>> {
    // A timeout too long to add to the clock (2^64 s) never comes.
    let start = Instant::now();
    let deadline = start.checked_add(limits.wall());
    let mut next_cpu = start;
    let mut last = Duration::ZERO;
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
            return Ok(None);
        }
        let now = Instant::now();
        if now >= next_cpu {
            read_run(pid, mark, peak, cpu, &mut last);
            next_cpu = now + CPU_POLL;
            if *cpu >= limits.time {
                return Ok(Some(Killed::CpuTime));
            }
        } else {
            *peak = (*peak).max(tree_usage(pid, false, &mut Vec::new()).0);
        }
        if overflow.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(Some(Killed::Output));
        }
        if deadline.is_some_and(|d| now >= d) {
            return Ok(Some(Killed::WallTime));
        }
        std::thread::sleep(deadline.map_or(pause, |d| pause.min(d - now)));
        pause = (pause * 2).min(Duration::from_millis(1));
    }
}
