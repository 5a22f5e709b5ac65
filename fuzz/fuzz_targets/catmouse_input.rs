//! Bytes → the `catmouse` contest parser: never a panic; small instances cross-checked.
#![no_main]
use libfuzzer_sys::fuzz_target;
use retrocheck::problems::Problem;

fuzz_target!(|data: &[u8]| retrocheck::internals::fuzz::contest_input(Problem::Catmouse, data));
