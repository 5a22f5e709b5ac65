//! The `retrocheck` binary: the command line of [`retrocheck_cli`] with the built-in
//! problems. A crate of your own gets the same command line with its problems beside
//! these from `retrocheck_cli::Cli::new().problem::<YourProblem>().main()`.

fn main() -> std::process::ExitCode {
    retrocheck_cli::Cli::new().main()
}
