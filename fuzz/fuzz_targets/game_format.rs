//! Bytes → the `.game` parser: never a panic; what parses round-trips canonically.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| retrocheck::internals::fuzz::game_format(data));
