//! Running the `retrocheck` binary from the tests: the one way to spawn it, feed it
//! standard input and read what it printed.

use std::io::Write;
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
