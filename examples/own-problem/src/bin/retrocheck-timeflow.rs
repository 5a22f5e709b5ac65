//! retrocheck's command line with `timeflow` beside the built-in problems:
//! `cargo run -p own-problem --release --bin retrocheck-timeflow -- stress timeflow --solution ./a.out`.

fn main() -> std::process::ExitCode {
    retrocheck_cli::Cli::new()
        .problem::<own_problem::Timeflow>()
        .main()
}
