//! The five built-in problems' harness halves, one file each (`graph.rs` is what
//! pursuit and minigame share), and the registry that gives every verb its problems:
//! each problem's line in core's list ([`retrocheck_core::with_problems`]) makes core's
//! enums and this module's [`visit`]. Everything else — `solve`, `stress`, `generate`,
//! the generator family of `diff`, the proptest strategies, the shrinker, the fuzz
//! targets, the corpus — takes the problem from the registries.

pub(crate) mod graph;

use crate::bytes::Bytes;
use crate::contest::{Contest, Rules};
use crate::problems::{Instance, Problem, Registered};
use crate::shrink::Passes;
use proptest::strategy::{BoxedStrategy, Strategy};
use rand_chacha::ChaCha8Rng;
use std::marker::PhantomData;
use std::time::Duration;

/// Generic code over the registered problems: [`visit`] calls
/// [`Visit::visit`] with the test-case type of the problem asked for.
pub trait Visit {
    /// What the visit returns.
    type Output;
    /// The visit of problem `T`.
    fn visit<T: Contest + Registered>(self) -> Self::Output;
}

/// The harness halves of the problems core lists ([`retrocheck_core::with_problems`]):
/// for each `Variant => module`, the file `module.rs` of this directory, and the arm of
/// [`visit`] that runs a visitor with its test-case type.
macro_rules! registry {
    ($($(#[doc = $doc:expr])* $variant:ident => $module:ident,)*) => {
        $(pub mod $module;)*

        /// Runs `visitor` with the test-case type of `problem`.
        pub fn visit<V: Visit>(problem: Problem, visitor: V) -> V::Output {
            match problem {
                $(Problem::$variant => visitor.visit::<crate::problems::$module::Instance>(),)*
            }
        }
    };
}

retrocheck_core::with_problems!(registry);

/// A registered problem's harness half behind core's [`Instance`] enum: what the
/// generator families, proptest strategies, fuzz decoding and shrinking of
/// [`Case`](crate::case::Case)s need.
pub trait Entry: Sync {
    /// The problem.
    fn problem(&self) -> Problem;
    /// [`Contest::TIME_LIMIT`].
    fn time_limit(&self) -> Duration;
    /// [`Contest::generate`].
    fn generate(&self, rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance;
    /// [`Contest::generate_with_edges`].
    fn generate_with_edges(
        &self,
        rng: &mut ChaCha8Rng,
        n: u32,
        edges: u64,
        official: bool,
    ) -> Option<Instance>;
    /// [`Contest::long`].
    fn long(&self, rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance;
    /// [`Contest::mutate`] (the instance itself for another problem's).
    fn mutate(&self, instance: &Instance, rng: &mut ChaCha8Rng, official: bool) -> Instance;
    /// [`Contest::units`].
    fn units(&self, positions: usize) -> u32;
    /// [`Contest::long_units`].
    fn long_units(&self, positions: usize) -> u32;
    /// [`Contest::strategy`].
    fn strategy(&self, max_positions: usize) -> BoxedStrategy<Instance>;
    /// [`Contest::WEIGHT`].
    fn weight(&self) -> u32;
    /// [`Contest::LONG_WEIGHT`].
    fn long_weight(&self) -> u32;
    /// [`Contest::passes`], over instances (none for other problems' instances).
    fn passes(&self, official: bool) -> Passes<Instance>;
    /// [`Contest::single_removals`] (none for other problems' instances).
    fn single_removals(&self, instance: &Instance, official: bool) -> Vec<Instance>;
    /// [`Contest::largest_product`].
    fn largest_product(&self, n: u64) -> (u64, u64);
    /// [`Contest::FUZZED`].
    fn fuzzed(&self) -> bool;
    /// [`Contest::decode`].
    fn decode(&self, bytes: &mut Bytes) -> Option<Instance>;
    /// [`Contest::encode`].
    fn encode(&self, instance: &Instance, out: &mut Vec<u8>) -> Option<()>;
}

struct Harness<T>(PhantomData<fn() -> T>);

impl<T: Contest + Registered> Entry for Harness<T> {
    fn problem(&self) -> Problem {
        Problem::from_name(T::NAME).expect("a registered problem")
    }

    fn time_limit(&self) -> Duration {
        T::TIME_LIMIT
    }

    fn generate(&self, rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        T::generate(rng, n, rules).into_instance()
    }

    fn generate_with_edges(
        &self,
        rng: &mut ChaCha8Rng,
        n: u32,
        edges: u64,
        official: bool,
    ) -> Option<Instance> {
        T::generate_with_edges(rng, n, edges, official).map(T::into_instance)
    }

    fn long(&self, rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        T::long(rng, n, rules).into_instance()
    }

    fn mutate(&self, instance: &Instance, rng: &mut ChaCha8Rng, official: bool) -> Instance {
        T::of(instance).map_or_else(|| instance.clone(), |t| t.mutate(rng, official).into_instance())
    }

    fn units(&self, positions: usize) -> u32 {
        T::units(positions)
    }

    fn long_units(&self, positions: usize) -> u32 {
        T::long_units(positions)
    }

    fn strategy(&self, max_positions: usize) -> BoxedStrategy<Instance> {
        T::strategy(max_positions).prop_map(T::into_instance).boxed()
    }

    fn weight(&self) -> u32 {
        T::WEIGHT
    }

    fn long_weight(&self) -> u32 {
        T::LONG_WEIGHT
    }

    fn passes(&self, official: bool) -> Passes<Instance> {
        T::passes(official).map(T::into_instance, T::of)
    }

    fn single_removals(&self, instance: &Instance, official: bool) -> Vec<Instance> {
        T::of(instance).map_or_else(Vec::new, |t| {
            t.single_removals(official)
                .into_iter()
                .map(T::into_instance)
                .collect()
        })
    }

    fn largest_product(&self, n: u64) -> (u64, u64) {
        T::largest_product(n)
    }

    fn fuzzed(&self) -> bool {
        T::FUZZED
    }

    fn decode(&self, bytes: &mut Bytes) -> Option<Instance> {
        T::decode(bytes).map(T::into_instance)
    }

    fn encode(&self, instance: &Instance, out: &mut Vec<u8>) -> Option<()> {
        T::of(instance)?.encode(out)
    }
}

struct HarnessOf;

impl Visit for HarnessOf {
    type Output = &'static dyn Entry;

    fn visit<T: Contest + Registered>(self) -> &'static dyn Entry {
        &Harness::<T>(PhantomData)
    }
}

/// The harness half of a registered problem.
pub(crate) fn entry(problem: Problem) -> &'static dyn Entry {
    visit(problem, HarnessOf)
}

/// The harness half of an instance's problem.
pub fn of(instance: &Instance) -> &'static dyn Entry {
    entry(instance.problem())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::ContestProblem;
    use rand::SeedableRng;

    #[test]
    fn instance_candidates_keep_the_official_limits() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut seen = [0usize; 7];
        for n in 2..8 {
            let p = pursuit::instance(&mut rng, n, true);
            let m = minigame::instance(&mut rng, n, true);
            let b = berzerk::instance(&mut rng, n + 4, true);
            let s = shiritori::instance(&mut rng, n, true);
            let c = catmouse::instance(&mut rng, n + 2, true);
            let all: [Instance; 5] = [
                p.clone().into_instance(),
                m.clone().into_instance(),
                b.clone().into_instance(),
                s.clone().into_instance(),
                c.clone().into_instance(),
            ];
            for i in all {
                let entry = of(&i);
                for c in entry.single_removals(&i, true) {
                    assert!(c.is_official(), "a single removal made {c:?} from {i:?}");
                }
                assert!(i.is_official());
                for pass in &entry.passes(true).list {
                    for c in (pass.candidates)(&i, 0) {
                        assert!(c.is_official(), "{} made {c:?} from {i:?}", pass.name);
                    }
                }
            }
            // The new candidates exist before the filter, and the filter keeps some.
            seen[0] += pursuit::moved_starts(&p)
                .iter()
                .filter(|c| c.is_official())
                .count();
            seen[1] += pursuit::merges(&p, true)
                .iter()
                .filter(|c| c.is_official())
                .count();
            seen[2] += minigame::merges(&m, true)
                .iter()
                .filter(|c| c.is_official())
                .count();
            for c in pursuit::merges(&p, true) {
                assert!(c.edges.iter().all(|&(a, b)| a != b));
            }
            seen[3] += berzerk::smaller_rings(&b, true)
                .iter()
                .filter(|c| c.is_official())
                .count();
            seen[4] += shiritori::merged_letters(&s).len() + shiritori::shorter_words(&s).len();
            seen[5] += catmouse::merges(&c, true)
                .iter()
                .filter(|c| c.is_official())
                .count();
            seen[6] += catmouse::moved_starts(&c)
                .iter()
                .filter(|c| c.is_official())
                .count();
        }
        assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
    }

    #[test]
    fn long_cases_and_the_edits_the_search_makes_keep_the_official_limits() {
        // What `stress` feeds a program stays valid for the original judge unless
        // `--edge-cases` is given, the long and the searched inputs too.
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for problem in Problem::ALL {
            let entry = entry(problem);
            for k in 0..40u32 {
                let n = 2 + k * 7 % 50;
                let mut case = entry.long(&mut rng, n, Rules::OFFICIAL);
                assert!(case.is_official(), "long {problem:?} of {n}: {case:?}");
                for _ in 0..10 {
                    let next = entry.mutate(&case, &mut rng, true);
                    assert!(next.is_official(), "{case:?} edited to {next:?}");
                    case = next;
                }
            }
        }
    }

    #[test]
    fn every_problem_of_core_has_its_harness_half() {
        for problem in Problem::ALL {
            assert_eq!(entry(problem).problem(), problem);
        }
    }
}
