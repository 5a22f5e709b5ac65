//! `cargo bench --bench frontends`: end-to-end time of `retrocheck solve pursuit` and
//! `retrocheck solve minigame` (the release binary, reading a file, printing answers)
//! next to textbook C++ contest solutions (`benches/baseline/{pursuit,minigame}.cpp`,
//! g++ -O2), measured in the same run on the same inputs, best of 5.
//!
//! The inputs are the ones `retrocheck generate` writes:
//!   (a) `retrocheck generate pursuit --cases 100 --vertices 100 --edges 9900 --seed 1`
//!   (b) `retrocheck generate minigame --cases 10 --vertices 100000 --edges 200000 --seed 1`

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn cli() -> &'static str {
    env!("CARGO_BIN_EXE_retrocheck")
}

fn generate(args: &[&str], path: &Path) {
    let out = Command::new(cli())
        .arg("generate")
        .args(args)
        .output()
        .expect("retrocheck generate runs");
    assert!(
        out.status.success(),
        "generate failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(path, out.stdout).unwrap();
}

fn compile(name: &str) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let binary = root.join(format!("target/{name}-baseline"));
    let source = root.join(format!("benches/baseline/{name}.cpp"));
    let status = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(source)
        .status()
        .ok()?;
    status.success().then_some(binary)
}

/// Best wall time of `runs` runs of `command` with `input` on stdin, and its output.
fn time(mut command: impl FnMut() -> Command, input: &Path, runs: usize) -> (Duration, Vec<u8>) {
    let mut best = Duration::MAX;
    let mut output = Vec::new();
    for _ in 0..runs {
        let file = std::fs::File::open(input).unwrap();
        let start = Instant::now();
        let out = command().stdin(file).stderr(Stdio::inherit()).output().unwrap();
        best = best.min(start.elapsed());
        assert!(out.status.success());
        output = out.stdout;
    }
    (best, output)
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "pursuit",
            "(a) 100 cases, n = 100, m = 9,900",
            vec!["--cases", "100", "--vertices", "100", "--edges", "9900"],
        ),
        (
            "minigame",
            "(b) 10 cases, n = 100,000, m = 200,000",
            vec!["--cases", "10", "--vertices", "100000", "--edges", "200000"],
        ),
    ];
    println!("| input | retrocheck solve | C++ textbook | speed-up |");
    println!("|---|---:|---:|---:|");
    for (problem, label, args) in cases {
        let input = dir.path().join(format!("{problem}.in"));
        let mut full = vec![problem];
        full.extend(args.iter().copied());
        full.extend(["--seed", "1"]);
        generate(&full, &input);
        let (ours, our_output) = time(
            || {
                let mut c = Command::new(cli());
                c.args(["solve", problem, "-"]);
                c
            },
            &input,
            5,
        );
        let baseline = compile(problem).map(|binary| {
            let (theirs, their_output) = time(|| Command::new(&binary), &input, 5);
            assert_eq!(
                our_output, their_output,
                "{problem}: retrocheck and the C++ baseline disagree"
            );
            theirs
        });
        let ms = |d: Duration| format!("{:.0} ms", d.as_secs_f64() * 1e3);
        println!(
            "| {problem} {label} | {} | {} | {} |",
            ms(ours),
            baseline.map_or("-".into(), ms),
            baseline.map_or("-".into(), |b| format!(
                "{:.1}×",
                b.as_secs_f64() / ours.as_secs_f64()
            ))
        );
    }
}
