//! The processes of runs that would outlive retrocheck, found in /proc and killed with
//! async-signal-safe calls alone (no allocation, no lock): the signal handler and the
//! watchdog, a fork of a process with threads, may use nothing else.
//!
//! A process that left its run's group (`setsid`) is out of reach of the group's
//! killing; while retrocheck lives it is found in the run's tree or among its adopted
//! orphans, but once retrocheck is gone it has been reparented to init. So the signal
//! handler kills retrocheck's children before it dies ([`kill_children`]), and the
//! watchdog, once retrocheck is dead, kills every process that carries the mark of one
//! of its runs ([`kill_marked`]) (issue 38, third adversarial pass, F3). A process that
//! did both — left the group and cleared its environment — and was not yet an orphan
//! when retrocheck died by SIGKILL cannot be told from anyone else's, and lives on.

/// The room for a path under /proc.
const PATH_BYTES: usize = 64;

/// A NUL-terminated path built in place: "/proc/", then the parts.
struct ProcPath {
    bytes: [u8; PATH_BYTES],
    len: usize,
}

impl ProcPath {
    fn new() -> ProcPath {
        let mut path = ProcPath {
            bytes: [0; PATH_BYTES],
            len: 0,
        };
        path.push(b"/proc/");
        path
    }

    /// Appends `part`, as much as fits before the final NUL.
    fn push(&mut self, part: &[u8]) -> &mut ProcPath {
        for &b in part {
            if self.len + 1 < PATH_BYTES {
                self.bytes[self.len] = b;
                self.len += 1;
            }
        }
        self
    }

    /// Appends the decimal digits of `n`.
    fn number(&mut self, n: u64) -> &mut ProcPath {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut n = n;
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.push(&digits[at..])
    }

    /// Opens the path (read-only, close-on-exec, with extra `flags`): -1 when it cannot.
    fn open(&mut self, flags: libc::c_int) -> libc::c_int {
        self.bytes[self.len] = 0;
        // SAFETY: the buffer is NUL-terminated (len < PATH_BYTES always).
        unsafe {
            libc::open(
                self.bytes.as_ptr().cast(),
                libc::O_RDONLY | libc::O_CLOEXEC | flags,
            )
        }
    }
}

/// The number a directory entry's name or a word spells, if it is one.
fn number(bytes: &[u8]) -> Option<libc::pid_t> {
    let mut n: libc::pid_t = 0;
    if bytes.is_empty() {
        return None;
    }
    for &b in bytes {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_add((b - b'0') as libc::pid_t)?;
    }
    Some(n)
}

/// Calls `each` with every entry of the directory `path` that is a number (a pid).
fn for_each_number(path: &mut ProcPath, mut each: impl FnMut(libc::pid_t)) {
    let fd = path.open(libc::O_DIRECTORY);
    if fd < 0 {
        return;
    }
    let mut buffer = [0u8; 4096];
    loop {
        // SAFETY: getdents64 writes at most `buffer.len()` bytes into the buffer.
        let n = unsafe { libc::syscall(libc::SYS_getdents64, fd, buffer.as_mut_ptr(), buffer.len()) };
        if n <= 0 {
            break;
        }
        // Each record: inode (8 bytes), offset (8), its length (2), type (1), then the
        // NUL-terminated name.
        let mut at = 0;
        while at + 19 <= n as usize {
            let length = u16::from_ne_bytes([buffer[at + 16], buffer[at + 17]]) as usize;
            if length == 0 || at + length > n as usize {
                break;
            }
            let name = &buffer[at + 19..at + length];
            let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
            if let Some(pid) = number(name) {
                each(pid);
            }
            at += length;
        }
    }
    // SAFETY: closing the descriptor opened above.
    unsafe { libc::close(fd) };
}

/// Reads the file at `path` chunk by chunk, giving each byte to `each` until it says
/// to stop (false).
fn for_each_byte(path: &mut ProcPath, mut each: impl FnMut(u8) -> bool) {
    let fd = path.open(0);
    if fd < 0 {
        return;
    }
    let mut buffer = [0u8; 1024];
    'reading: loop {
        // SAFETY: reading at most `buffer.len()` bytes into the buffer.
        let n = unsafe { libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len()) };
        if n <= 0 {
            break;
        }
        for &b in &buffer[..n as usize] {
            if !each(b) {
                break 'reading;
            }
        }
    }
    // SAFETY: closing the descriptor opened above.
    unsafe { libc::close(fd) };
}

/// Whether a variable of process `pid`'s environment starts with `prefix`.
fn has_variable(pid: libc::pid_t, prefix: &[u8]) -> bool {
    // How many bytes of the prefix the current variable matched, None once it missed.
    let mut matched = Some(0);
    let mut found = false;
    for_each_byte(ProcPath::new().number(pid as u64).push(b"/environ"), |b| {
        if b == 0 {
            matched = Some(0);
        } else if let Some(m) = matched {
            matched = (prefix.get(m) == Some(&b)).then_some(m + 1);
            found = matched == Some(prefix.len());
        }
        !found
    });
    found
}

/// Kills every process but this one whose environment holds a variable starting with
/// `prefix` (`RETROCHECK_RUN=` and the prefix of the marks of retrocheck's runs); how
/// many.
pub(super) fn kill_marked(prefix: &[u8]) -> usize {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    let mut killed = 0;
    for_each_number(&mut ProcPath::new(), |pid| {
        if pid != me && has_variable(pid, prefix) {
            // SAFETY: kill is async-signal-safe; the process carries a run's mark (a
            // zombie has no environment to read, so one that ended is not counted).
            unsafe { libc::kill(pid, libc::SIGKILL) };
            killed += 1;
        }
    });
    killed
}

/// Kills every child of this process, over all its threads, but `spare` (the
/// watchdog): where this process starts children only as runs, each one is a run's.
pub(super) fn kill_children(spare: libc::pid_t) {
    for_each_number(ProcPath::new().push(b"self/task"), |task| {
        let mut path = ProcPath::new();
        path.push(b"self/task/").number(task as u64).push(b"/children");
        let mut pid: Option<libc::pid_t> = None;
        let kill = |pid: libc::pid_t| {
            if pid != spare && pid > 0 {
                // SAFETY: kill is async-signal-safe; `pid` is our unreaped child.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
        };
        for_each_byte(&mut path, |b| {
            if b.is_ascii_digit() {
                let digit = (b - b'0') as libc::pid_t;
                pid = Some(pid.unwrap_or(0).saturating_mul(10).saturating_add(digit));
            } else if let Some(p) = pid.take() {
                kill(p);
            }
            true
        });
        if let Some(p) = pid {
            kill(p);
        }
    });
}

/// The variable that marks the runs of this process, up to their counter:
/// `RETROCHECK_RUN=<pid>-<random>-` (see `processes::marks_of_this_process`), in a
/// buffer a fork can use without allocating; and its length.
pub(super) fn mark_prefix() -> ([u8; PATH_BYTES], usize) {
    let mut path = ProcPath {
        bytes: [0; PATH_BYTES],
        len: 0,
    };
    path.push(super::processes::RUN_MARK.as_bytes())
        .push(b"=")
        .push(super::processes::marks_of_this_process().as_bytes());
    (path.bytes, path.len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_built_without_allocating_and_ends_with_a_nul() {
        let mut path = ProcPath::new();
        path.number(4096).push(b"/environ");
        assert_eq!(&path.bytes[..path.len], b"/proc/4096/environ");
        assert_eq!(path.bytes[path.len], 0);
        let (buffer, length) = mark_prefix();
        let prefix = std::str::from_utf8(&buffer[..length]).unwrap();
        let pid = std::process::id();
        assert!(prefix.starts_with(&format!("RETROCHECK_RUN={pid}-")), "{prefix}");
        // The pid, 16 hexadecimal digits, and the dash before the counter.
        assert_eq!(
            prefix.len(),
            format!("RETROCHECK_RUN={pid}-").len() + 17,
            "{prefix}"
        );
        assert!(prefix.ends_with('-'), "{prefix}");
    }

    #[test]
    fn numbers_are_pids_and_names_are_not() {
        assert_eq!(number(b"123"), Some(123));
        assert_eq!(number(b"self"), None);
        assert_eq!(number(b""), None);
        assert_eq!(number(b"99999999999999"), None);
    }

    #[test]
    fn this_process_is_listed_and_its_environment_read() {
        let mut pids = Vec::new();
        for_each_number(&mut ProcPath::new(), |pid| pids.push(pid));
        assert!(pids.contains(&(std::process::id() as libc::pid_t)), "{pids:?}");
        let me = std::process::id() as libc::pid_t;
        // The test's own environment holds PATH (cargo sets it) and no such variable.
        assert!(has_variable(me, b"PATH="));
        assert!(!has_variable(me, b"PATH=\x01no such value"));
    }

    #[test]
    fn a_marked_child_is_killed_and_an_unmarked_one_is_not() {
        let spawn = |mark: &str| {
            std::process::Command::new("sleep")
                .arg("30")
                .env("RETROCHECK_STRAYS_TEST", mark)
                .spawn()
                .unwrap()
        };
        let mut marked = spawn("yes-1");
        let mut unmarked = spawn("no-1");
        // The child's environment is readable once it has exec'd sleep.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !has_variable(marked.id() as libc::pid_t, b"RETROCHECK_STRAYS_TEST=yes-")
            && std::time::Instant::now() < deadline
        {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(kill_marked(b"RETROCHECK_STRAYS_TEST=yes-"), 1);
        let status = marked.wait().unwrap();
        assert!(!status.success(), "{status:?}");
        assert!(
            unmarked.try_wait().unwrap().is_none(),
            "the unmarked child was killed"
        );
        unmarked.kill().unwrap();
        unmarked.wait().unwrap();
    }
}
