//! The command implementations behind `retrocheck`'s verbs, and what they share:
//! exit statuses, reading inputs, naming solvers.

pub mod diff;
pub mod fuzz_seeds;
pub mod generate;
#[cfg(feature = "mutants")]
pub mod mutants;
pub mod replay;
pub mod show;
pub mod shrink;
pub mod solve;
pub mod stress;

use anyhow::{anyhow, Context};
use retrocheck::solve::Solver;
use std::io::Read;
use std::path::Path;

/// Why a command did not succeed, as an exit status: 1 when a check found a failure,
/// 2 on bad usage or bad input.
pub enum Failure {
    Found(anyhow::Error),
    BadInput(anyhow::Error),
}

impl Failure {
    pub fn bad(message: impl std::fmt::Display) -> Failure {
        Failure::BadInput(anyhow!("{message}"))
    }
}

pub type Outcome = Result<(), Failure>;

/// The bytes of a file, or of standard input for `-`.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("reading standard input")
            .map_err(Failure::BadInput)?;
    } else {
        bytes = std::fs::read(path)
            .with_context(|| format!("reading {}", path.display()))
            .map_err(Failure::BadInput)?;
    }
    Ok(bytes)
}

/// The text of a file, or of standard input for `-`.
pub fn read_text(path: &Path) -> Result<String, Failure> {
    String::from_utf8(read_bytes(path)?)
        .map_err(|e| Failure::bad(format!("{}: not UTF-8 text: {e}", path.display())))
}

/// A solver by name: the built-in ones, and the mutants.
pub fn solver(name: &str) -> Result<Box<dyn Solver>, Failure> {
    retrocheck::solve::by_name(name).ok_or_else(|| {
        Failure::bad(format!(
            "unknown solver '{name}'; the solvers are {} (and the mutants: `retrocheck mutants --list`)",
            retrocheck::solve::BUILTIN_NAMES.join(", ")
        ))
    })
}
