//! Bytes → a small game or contest instance → the harness's oracle path.
#![no_main]
use libfuzzer_sys::{fuzz_target, Corpus};
use retrocheck::internals::fuzz::{diff, FuzzCase};
use retrocheck::internals::subject::Subject;
use std::sync::OnceLock;

static SOLVER: OnceLock<Box<dyn Subject>> = OnceLock::new();

fuzz_target!(|input: FuzzCase| -> Corpus {
    let solver = SOLVER.get_or_init(retrocheck_selftest::registry::from_env);
    if diff(&input, solver.as_ref()) {
        Corpus::Keep
    } else {
        Corpus::Reject
    }
});
