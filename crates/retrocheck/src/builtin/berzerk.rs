//! `berzerk` as the harness tests it: random rings and step sets, and their shrinking
//! (smaller rings, fewer and shorter steps).

use crate::contest::{Contest, Rules};
use super::graph::RAW_IDS;
use crate::problems::berzerk::Instance;
use crate::problems::ContestProblem;
use crate::shrink::contest::{chunks_removed, contest_pass, without_each};
use crate::shrink::Passes;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::time::Duration;

impl Contest for Instance {
    /// The samples of the statement (`corpus/berzerk/sample*.in`).
    const SAMPLES: &'static [&'static str] = &["5\n2 3 2\n3 1 2 3\n", "8\n4 6 2 3 4\n2 3 6\n"];

    fn as_instance(&self) -> Option<crate::problems::Instance> {
        Some(crate::problems::Registered::into_instance(self.clone()))
    }

    /// The original's limit: 4 s.
    const TIME_LIMIT: Duration = Duration::from_secs(4);

    /// 1,000: the official 7,000 objects allow 98 million product moves; rings whose
    /// games outlast any horizon fit well below it.
    const DEFAULT_MAX_SIZE: u32 = 1_000;

    fn generate(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        instance(rng, n, rules.official_at::<Instance>(n))
    }

    /// Small, near-equal step sets — {a}, {a, a + 1} or {a, a + 1, a + 2} with a ≤ 3 —
    /// so that the monster needs about n / a moves to reach the hole.
    fn long(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        let n = if rules.within::<Instance>(n) {
            n.clamp(2, Instance::OFFICIAL_MAX)
        } else {
            n.max(2)
        };
        let set = |rng: &mut ChaCha8Rng| -> Vec<u32> {
            let a = rng.gen_range(1..=3u32);
            let len = rng.gen_range(1..=3u32);
            let mut steps: Vec<u32> = (a..a + len).filter(|&s| s < n).collect();
            if steps.is_empty() {
                steps.push(1);
            }
            steps.shuffle(rng);
            steps
        };
        let rick = set(rng);
        let morty = set(rng);
        Instance { n, rick, morty }
    }

    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> Instance {
        crate::contest::mutated(self, rng, official, |b, rng| {
            let mut c = b.clone();
            let set = if rng.gen_bool(0.5) { &mut c.rick } else { &mut c.morty };
            let step = rng.gen_range(1..b.n.max(2));
            match rng.gen_range(0..3) {
                0 => set.push(step),
                1 if set.len() > 1 => {
                    set.remove(rng.gen_range(0..set.len()));
                }
                _ if !set.is_empty() => {
                    let i = rng.gen_range(0..set.len());
                    set[i] = if rng.gen_bool(0.5) {
                        step
                    } else {
                        (set[i] + 1).min(b.n - 1).max(1)
                    };
                }
                _ => set.push(step),
            }
            (c != *b).then_some(c)
        })
    }

    fn units(positions: usize) -> u32 {
        // 2n positions and up to 2n² moves: the moves follow the size.
        ((positions * 2) as f64).sqrt().max(2.0) as u32
    }

    /// 2n positions, and only a few moves each with small step sets.
    fn long_units(positions: usize) -> u32 {
        (positions / 2).max(2) as u32
    }

    fn strategy(max_positions: usize) -> BoxedStrategy<Instance> {
        strategy(Instance::units(max_positions), true).boxed()
    }

    fn passes(official: bool) -> Passes<Instance> {
        crate::contest::passes(
            official,
            vec![contest_pass("smaller rings", official, smaller_rings)],
            &[("step chunks", |b, parts, _| {
                let rick = chunks_removed(&b.rick, parts).map(|rick| Instance { rick, ..b.clone() });
                let morty = chunks_removed(&b.morty, parts).map(|morty| Instance { morty, ..b.clone() });
                rick.chain(morty).collect()
            })],
            // Again after the single removals, which the shrinker repeats until nothing
            // after them changes the value: a ring whose steps shrank may halve again.
            vec![
                contest_pass("smaller rings", official, smaller_rings),
                contest_pass("shorter steps", official, |b, _| shorter_steps(b)),
            ],
        )
    }

    /// The last object (objects are not removable one by one: the ring's arithmetic
    /// involves all of them), or one step.
    fn single_removals(&self, official: bool) -> Vec<Instance> {
        let b = self;
        let ring = (b.n > 2).then(|| Instance {
            n: b.n - 1,
            rick: b.rick.iter().copied().filter(|&a| a < b.n - 1).collect(),
            morty: b.morty.iter().copied().filter(|&a| a < b.n - 1).collect(),
        });
        let rick = without_each(&b.rick).map(|rick| Instance { rick, ..b.clone() });
        let morty = without_each(&b.morty).map(|morty| Instance { morty, ..b.clone() });
        ring.into_iter()
            .chain(rick)
            .chain(morty)
            .filter(|c| !official || c.is_official())
            .collect()
    }

    fn largest_product(n: u64) -> (u64, u64) {
        (n.saturating_mul(8), 8)
    }
}

/// A random instance on a ring of about `n` objects (at least 2). Within the official
/// limits each set is a random non-empty subset of `1..n` in random order; otherwise
/// sets may be empty and repeat values, and hold 0 and n (steps that stay in place).
pub fn instance(rng: &mut impl Rng, n: u32, official: bool) -> Instance {
    let n = if official {
        n.clamp(2, Instance::OFFICIAL_MAX)
    } else {
        n.max(2)
    };
    let set = |rng: &mut dyn rand::RngCore| -> Vec<u32> {
        if official {
            let mut all: Vec<u32> = (1..n).collect();
            all.shuffle(rng);
            let k = rng.gen_range(1..n) as usize;
            all.truncate(k);
            all
        } else {
            let k = rng.gen_range(0..=n + 1);
            (0..k).map(|_| rng.gen_range(0..=n)).collect()
        }
    };
    let rick = set(rng);
    let morty = set(rng);
    Instance { n, rick, morty }
}

/// Instances on rings of 2 to `max_n` objects: within the official limits (non-empty
/// sets of distinct steps in `1..n`) when `official`, else any steps (0 and n, repeats,
/// empty sets).
pub fn strategy(max_n: u32, official: bool) -> impl Strategy<Value = Instance> {
    let set = prop::collection::vec(0..RAW_IDS, usize::from(official)..=12);
    (2..=max_n.max(2), set.clone(), set).prop_map(move |(n, rick, morty)| {
        let steps = |raw: Vec<u32>| -> Vec<u32> {
            if official {
                let mut out = Vec::new();
                for a in raw.into_iter().map(|a| 1 + a % (n - 1)) {
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
                out
            } else {
                raw.into_iter().map(|a| a % (n + 1)).collect()
            }
        };
        Instance {
            n,
            rick: steps(rick),
            morty: steps(morty),
        }
    })
}

/// Instances on a smaller ring: half the objects, a quarter fewer, one object fewer,
/// each with the steps that still fit (`a < n`), with every step taken modulo the new n,
/// and with the steps past the middle moved down with the ring (zeros and repeats
/// dropped when `official`).
pub(crate) fn smaller_rings(b: &Instance, official: bool) -> Vec<Instance> {
    let mut sizes = vec![b.n / 2, b.n - b.n / 4, b.n - 1];
    sizes.dedup();
    let mut out = Vec::new();
    for n in sizes.into_iter().filter(|&n| n >= 2 && n < b.n) {
        let fitting = |set: &[u32]| -> Vec<u32> { set.iter().copied().filter(|&a| a < n).collect() };
        let wrapped = |set: &[u32]| -> Vec<u32> {
            let mut seen = HashSet::new();
            set.iter()
                .map(|&a| a % n)
                .filter(|&a| !official || (a != 0 && seen.insert(a)))
                .collect()
        };
        out.push(Instance {
            n,
            rick: fitting(&b.rick),
            morty: fitting(&b.morty),
        });
        out.push(Instance {
            n,
            rick: wrapped(&b.rick),
            morty: wrapped(&b.morty),
        });
        // Steps past the middle keep their distance to a full turn: a step of n − 1
        // (one object back) stays one object back.
        let mirrored = |set: &[u32]| -> Vec<u32> {
            let mut seen = HashSet::new();
            set.iter()
                .map(|&a| if a <= b.n / 2 { a } else { a - (b.n - n) })
                .filter(|&a| !official || ((1..n).contains(&a) && seen.insert(a)))
                .collect()
        };
        out.push(Instance {
            n,
            rick: mirrored(&b.rick),
            morty: mirrored(&b.morty),
        });
    }
    out
}

/// Instances with one step length made one smaller (if the set does not hold it
/// already): smaller numbers read more easily, and a failure often needs only the order
/// of the steps, not their exact values.
pub(crate) fn shorter_steps(b: &Instance) -> Vec<Instance> {
    let mut out = Vec::new();
    for rick in [true, false] {
        let set = if rick { &b.rick } else { &b.morty };
        for (i, &a) in set.iter().enumerate() {
            if a == 0 || set.contains(&(a - 1)) {
                continue;
            }
            let mut smaller = set.clone();
            smaller[i] = a - 1;
            out.push(if rick {
                Instance {
                    rick: smaller,
                    ..b.clone()
                }
            } else {
                Instance {
                    morty: smaller,
                    ..b.clone()
                }
            });
        }
    }
    out
}
