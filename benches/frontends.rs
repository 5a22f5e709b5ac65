//! `cargo bench --bench frontends`: end-to-end time of `retrocheck solve PROBLEM` (the
//! release binary, reading a file, printing answers) next to textbook C++ contest
//! solutions (`benches/baseline/PROBLEM.cpp`, g++ -O2, the algorithm a contestant
//! writes), measured in the same run on the same inputs, best of 11 runs taken in turns.
//!
//! The inputs, each at the largest official size:
//!   (a) `retrocheck generate pursuit --cases 100 --vertices 100 --edges 9900 --seed 1`
//!   (b) `retrocheck generate minigame --cases 10 --vertices 100000 --edges 200000 --seed 1`
//!   (c) berzerk, n = 7000, both step sets full (1 to 6999, in shuffled orders)
//!   (d) shiritori, N = 200,000 words of 3 to 8 letters over a–z and A–Z
//!   (e) catmouse, T = 1000 boards of n = 50 (the harness generator, seed 1)
//!
//! `BENCH_ONLY=berzerk,shiritori` runs some of them.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use retrocheck::problems::{berzerk, shiritori, Instance, Problem};
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

/// The wall time of one run of `command` with `input` on stdin, and its output.
fn run(mut command: Command, input: &Path) -> (Duration, Vec<u8>) {
    let file = std::fs::File::open(input).unwrap();
    let start = Instant::now();
    let out = command.stdin(file).stderr(Stdio::inherit()).output().unwrap();
    let elapsed = start.elapsed();
    assert!(out.status.success());
    (elapsed, out.stdout)
}

/// Runs of each program, taken in turns: on a shared machine a burst of load then
/// slows both alike, and the best of many runs is what each costs on a quiet one.
const RUNS: usize = 11;

/// The largest official input of a problem whose generator aims at varied cases rather
/// than the worst one (full step sets, a 52-letter alphabet), from seed 1.
fn write_input(problem: &str, path: &Path) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let text = match problem {
        "berzerk" => {
            let n = 7000;
            let mut rick: Vec<u32> = (1..n).collect();
            let mut morty = rick.clone();
            rick.shuffle(&mut rng);
            morty.shuffle(&mut rng);
            Instance::Berzerk(berzerk::Instance { n, rick, morty }).to_input()
        }
        "shiritori" => {
            let letters = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
            let words: Vec<String> = (0..200_000)
                .map(|_| {
                    let len = rng.gen_range(3..=8);
                    (0..len)
                        .map(|_| char::from(letters[rng.gen_range(0..letters.len())]))
                        .collect()
                })
                .collect();
            Instance::Shiritori(shiritori::Instance::new(words)).to_input()
        }
        "catmouse" => {
            let boards: Vec<Instance> = (0..1000)
                .map(|_| {
                    Instance::Catmouse(retrocheck::internals::builtin::catmouse::instance(
                        &mut rng, 50, true,
                    ))
                })
                .collect();
            assert!(boards.iter().all(Instance::is_official));
            Problem::Catmouse.print(&boards)
        }
        _ => unreachable!("the other problems come from `retrocheck generate --size`"),
    };
    std::fs::write(path, text).unwrap();
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let only = std::env::var("BENCH_ONLY").ok();
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
        ("berzerk", "(c) n = 7,000, full step sets", vec![]),
        ("shiritori", "(d) N = 200,000", vec![]),
        ("catmouse", "(e) T = 1,000, n = 50", vec![]),
    ];
    println!("| input | retrocheck solve | C++ textbook | speed-up |");
    println!("|---|---:|---:|---:|");
    for (problem, label, args) in cases {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|p| p == problem))
        {
            continue;
        }
        let input = dir.path().join(format!("{problem}.in"));
        if args.is_empty() {
            write_input(problem, &input);
        } else {
            let mut full = vec![problem];
            full.extend(args.iter().copied());
            full.extend(["--seed", "1"]);
            generate(&full, &input);
        }
        let ours_command = || {
            let mut c = Command::new(cli());
            c.args(["solve", problem, "-"]);
            c
        };
        let binary = compile(problem);
        let (mut ours, mut theirs) = (Duration::MAX, Duration::MAX);
        for _ in 0..RUNS {
            let (time, our_output) = run(ours_command(), &input);
            ours = ours.min(time);
            if let Some(binary) = &binary {
                let (time, their_output) = run(Command::new(binary), &input);
                theirs = theirs.min(time);
                assert_eq!(
                    our_output, their_output,
                    "{problem}: retrocheck and the C++ baseline disagree"
                );
            }
        }
        let baseline = binary.map(|_| theirs);
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
