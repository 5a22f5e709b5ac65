//! Running the `retrocheck` binary from the tests: the one way to spawn it, feed it
//! standard input and read what it printed.

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

/// The path of the binary under test, built by cargo for this test target (for a
/// command line given to a shell or to `stress --solution`).
pub const BIN: &str = env!("CARGO_BIN_EXE_retrocheck");

/// A command running the binary, for arguments, redirections and pipes of a test's own.
pub fn retrocheck() -> Command {
    Command::new(BIN)
}

/// Runs the binary with `args` and `stdin` as its standard input (written from another
/// thread, then closed, so that neither side can block the other); its exit status and
/// what it printed. A program that exits without reading all its input is not an error
/// here: the test judges its output.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = spawn(args);
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.as_ref().to_vec();
    let writer = std::thread::spawn(move || match pipe.write_all(&input) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(()),
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().expect("writing the standard input");
    output
}

/// The binary started with `args`, its three standard streams piped.
pub fn spawn(args: &[&str]) -> Child {
    retrocheck()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Every fuzz target, named as in `fuzz/Cargo.toml`: `diff`, `game_format`, and one
/// contest-input target per problem of the registry.
pub fn fuzz_targets() -> Vec<String> {
    ["diff", "game_format"]
        .into_iter()
        .map(String::from)
        .chain(
            retrocheck::problems::Problem::ALL
                .iter()
                .map(|p| format!("{}_input", p.name())),
        )
        .collect()
}

/// Standard output, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The corpus inputs and outputs saved under `root` (recursively), sorted.
pub fn saved_files(root: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let Ok(dirs) = std::fs::read_dir(root) else {
        return found;
    };
    for dir in dirs {
        let dir = dir.unwrap().path();
        if dir.is_dir() {
            for file in std::fs::read_dir(&dir).unwrap() {
                found.push(file.unwrap().path());
            }
        }
    }
    found.sort();
    found
}

/// Asserts that `root` holds exactly one saved case: an input and its `.out`.
pub fn one_case_saved(root: &Path, o: &Output) {
    let files = saved_files(root);
    assert_eq!(files.len(), 2, "{files:?}\n{}", stderr(o));
    assert!(files.iter().any(|f| f.extension().unwrap() == "out"), "{files:?}");
}

/// `diff --solver lifo` finds its bug in the first cases.
pub fn lifo_diff(corpus: &Path) -> std::process::Command {
    let mut command = retrocheck();
    command.args(["diff", "--solver", "lifo", "--cases", "200", "--corpus"]);
    command.arg(corpus);
    command
}

/// Runs `command` with `resource` limited to `bytes` (SIGXFSZ ignored, so that a write
/// past RLIMIT_FSIZE fails with EFBIG, as on a full disk).
pub fn with_limit(
    command: &mut std::process::Command,
    resource: libc::__rlimit_resource_t,
    bytes: u64,
) -> Output {
    limited(command, resource, bytes).output().unwrap()
}

/// `command`, set to start with `resource` limited to `bytes` (and SIGXFSZ ignored).
pub fn limited(
    command: &mut std::process::Command,
    resource: libc::__rlimit_resource_t,
    bytes: u64,
) -> &mut std::process::Command {
    use std::os::unix::process::CommandExt;
    unsafe {
        command.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(resource, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command
}
