//! own-solver under the `diff` fuzz body: bytes → a small game → every oracle.
#![no_main]
#[path = "../../tests/support/mod.rs"]
mod support;
libfuzzer_sys::fuzz_target!(|input: retrocheck::api::FuzzCase| { retrocheck::api::fuzz_diff(&input, &support::SOLVER); });
