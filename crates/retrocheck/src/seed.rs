//! The one way a seed becomes random choices: a `u64` seed is mixed with what it seeds
//! (SplitMix64) and becomes a ChaCha8 stream, whose output is fixed on every platform
//! and version — so the same seed gives the same cases everywhere, for ever.

use proptest::test_runner::{RngAlgorithm, TestRng};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A well-mixed 64-bit hash (SplitMix64's finalizer).
pub(crate) fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of item `what` of a stream seeded by `seed`: input `what` of a stress
/// campaign, case `what` of a family.
pub(crate) fn mix(seed: u64, what: u64) -> u64 {
    splitmix64(seed ^ splitmix64(what))
}

/// The random generator a seed stands for.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// proptest's generator for a seed: its 32 bytes are `mix`es of the seed, so a
/// property drawn with seed `s` is the same on every platform.
pub fn proptest_rng(seed: u64) -> TestRng {
    let mut bytes = [0u8; 32];
    for (k, chunk) in bytes.chunks_mut(8).enumerate() {
        chunk.copy_from_slice(&mix(seed, k as u64).to_le_bytes());
    }
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}
