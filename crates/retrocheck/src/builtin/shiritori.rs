//! `shiritori` as the harness tests it: random dictionaries over small alphabets (so
//! that words chain, loop and differ only in case), and their shrinking (fewer and
//! shorter words, merged letters).

use crate::contest::{Contest, Rules};
use crate::problems::shiritori::Instance;
use crate::problems::ContestProblem;
use crate::shrink::contest::{chunks_removed, contest_pass, without_each};
use crate::shrink::Passes;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

impl Contest for Instance {
    /// The samples of the statement (`corpus/shiritori/sample*.in`).
    const SAMPLES: &'static [&'static str] = &["3\nabcd\nbcda\nada\n", "1\nABC\n"];

    fn as_instance(&self) -> Option<crate::problems::Instance> {
        Some(crate::problems::Registered::into_instance(self.clone()))
    }

    /// The original's limit: 2 s.
    const TIME_LIMIT: Duration = Duration::from_secs(2);

    /// 2,000: the official 200,000 words make an input of 1.3 MB; chains of words
    /// longer than any horizon fit well below it.
    const DEFAULT_MAX_SIZE: u32 = 2_000;

    fn generate(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        instance(rng, n, rules.official_at::<Instance>(n))
    }

    /// A chain of words, each beginning with the last three letters of the one before
    /// (N words, a forced line of N), now and then a ladder (two words for some links)
    /// or a loop back; the words in random order.
    fn long(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        let official = rules.official_at::<Instance>(n);
        let n = if official {
            n.clamp(1, Instance::OFFICIAL_MAX)
        } else {
            n.max(1)
        } as usize;
        const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        // Every three-letter key: 52^3 = 140,608. A chain has one word a key, so past
        // them the rest of the words are ladders on its links.
        const KEYS: usize = LETTERS.len() * LETTERS.len() * LETTERS.len();
        let mut seen = std::collections::HashSet::new();
        // Up to half of them by rejection (the inputs drawn before this bound existed
        // stay as they were); past half, each from those left, listed once.
        let mut left: Option<Vec<String>> = None;
        let mut key = |rng: &mut ChaCha8Rng| {
            if seen.len() < KEYS / 2 {
                return loop {
                    let k: String = (0..3)
                        .map(|_| char::from(LETTERS[rng.gen_range(0..LETTERS.len())]))
                        .collect();
                    if seen.insert(k.clone()) {
                        break k;
                    }
                };
            }
            let left = left.get_or_insert_with(|| {
                let all = LETTERS.iter().flat_map(|&a| {
                    LETTERS
                        .iter()
                        .flat_map(move |&b| LETTERS.iter().map(move |&c| String::from_utf8(vec![a, b, c]).expect("ASCII")))
                });
                all.filter(|k| !seen.contains(k)).collect()
            });
            left.swap_remove(rng.gen_range(0..left.len()))
        };
        let ladder = rng.gen_bool(0.3);
        let mut keys = vec![key(rng)];
        let mut words = Vec::with_capacity(n);
        while words.len() < n {
            if keys.len() == KEYS {
                // No key is left: the words left are ladders, a letter or two between
                // the keys of a random link.
                let i = rng.gen_range(0..keys.len() - 1);
                let middle: String = (0..rng.gen_range(1..=2))
                    .map(|_| char::from(LETTERS[rng.gen_range(0..LETTERS.len())]))
                    .collect();
                words.push(format!("{}{middle}{}", keys[i], keys[i + 1]));
                continue;
            }
            let next = key(rng);
            let here = keys.last().expect("a key");
            words.push(format!("{here}{next}"));
            if ladder && words.len() < n && rng.gen_bool(0.5) {
                // A second word for the same link, with a letter between the keys.
                let middle = char::from(LETTERS[rng.gen_range(0..LETTERS.len())]);
                words.push(format!("{here}{middle}{next}"));
            }
            keys.push(next);
        }
        if n > 2 && rng.gen_bool(0.2) {
            // A loop back: the end of the chain can go round again (draws appear).
            let back = keys[rng.gen_range(0..keys.len() - 1)].clone();
            words[n - 1] = format!("{}{back}", keys[keys.len() - 2]);
        }
        words.shuffle(rng);
        Instance::new(words)
    }

    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> Instance {
        // Only words i and j are spelled out, and the edited word replaces word i
        // in place: spelling every word anew was half the time of a searched
        // `long-shiritori` case.
        crate::contest::mutated(self, rng, official, |s, rng| {
            let i = rng.gen_range(0..s.len());
            let j = rng.gen_range(0..s.len());
            let mut word = s.word(i).into_bytes();
            let other = s.word(j);
            let len = word.len();
            match rng.gen_range(0..3) {
                // Chain it after word j, or before it.
                0 if other.len() >= 3 && len >= 3 => {
                    word[..3].copy_from_slice(&other.as_bytes()[other.len() - 3..]);
                }
                1 if other.len() >= 3 && len >= 3 => {
                    word[len - 3..].copy_from_slice(&other.as_bytes()[..3]);
                }
                _ if len > 0 => {
                    let letters = s.letters();
                    word[rng.gen_range(0..len)] = letters[rng.gen_range(0..letters.len())];
                }
                _ => return None,
            }
            let c = s.with_word(i, &String::from_utf8(word).ok()?);
            (c != *s).then_some(c)
        })
    }

    fn units(positions: usize) -> u32 {
        // 2N moves; at most 2·64 positions over the small alphabets.
        (positions / 2).max(1) as u32
    }

    fn strategy(max_positions: usize) -> BoxedStrategy<Instance> {
        strategy((max_positions / 2).clamp(1, 200), true).boxed()
    }

    fn passes(official: bool) -> Passes<Instance> {
        crate::contest::passes(
            official,
            Vec::new(),
            &[("word chunks", |s, parts, _| {
                let words: Vec<String> = s.words().collect();
                chunks_removed(&words, parts).map(Instance::new).collect()
            })],
            vec![
                contest_pass("merged letters", official, |s, _| merged_letters(s)),
                contest_pass("shorter words", official, |s, _| shorter_words(s)),
            ],
        )
    }

    /// One word (the input holds at least one).
    fn single_removals(&self, official: bool) -> Vec<Instance> {
        let words: Vec<String> = self.words().collect();
        without_each(&words)
            .filter(|words| !words.is_empty())
            .map(Instance::new)
            .filter(|c| !official || c.is_official())
            .collect()
    }

    fn largest_product(n: u64) -> (u64, u64) {
        (n.saturating_mul(8), 8)
    }
}

/// A random dictionary of `n` words (at least 1) over a small alphabet, so that words
/// chain, loop and repeat; words of 3 to 8 letters, or up to 10 outside the official
/// limits.
pub fn instance(rng: &mut impl Rng, n: u32, official: bool) -> Instance {
    let n = if official {
        n.clamp(1, Instance::OFFICIAL_MAX)
    } else {
        n.max(1)
    };
    let alphabet = &b"abAB"[..rng.gen_range(1..=4)];
    let longest = if official { 8 } else { 10 };
    let words: Vec<String> = (0..n)
        .map(|_| {
            let len = rng.gen_range(3..=longest);
            (0..len)
                .map(|_| char::from(*alphabet.choose(rng).expect("a letter")))
                .collect()
        })
        .collect();
    Instance::new(words)
}

/// Dictionaries of 1 to `max_words` words over 1 to 4 letters of `abAB` (so words
/// chain, loop and differ only in case), 3 to 8 letters long (10 outside the official
/// limits).
pub fn strategy(max_words: usize, official: bool) -> impl Strategy<Value = Instance> {
    let longest = if official { 8 } else { 10 };
    (
        1..=4usize,
        prop::collection::vec(
            prop::collection::vec(0..4usize, 3..=longest),
            1..=max_words.max(1),
        ),
    )
        .prop_map(|(alphabet, words)| {
            Instance::new(words.into_iter().map(|w| {
                w.into_iter()
                    .map(|c| char::from(b"abAB"[c % alphabet]))
                    .collect::<String>()
            }))
        })
}

/// A letter's rank in the order the shrinker prefers: `a`–`z`, then `A`–`Z`.
fn letter_rank(c: u8) -> u8 {
    if c.is_ascii_lowercase() {
        c - b'a'
    } else {
        26 + c - b'A'
    }
}

/// Dictionaries with one letter merged into a letter of lower rank (everywhere): a
/// smaller alphabet, ending in lower case.
pub(crate) fn merged_letters(s: &Instance) -> Vec<Instance> {
    let mut letters: Vec<u8> = s.words().flat_map(String::into_bytes).collect();
    letters.sort_unstable_by_key(|&c| letter_rank(c));
    letters.dedup();
    let mut out = Vec::new();
    for (j, &from) in letters.iter().enumerate().rev() {
        for &to in std::iter::once(&b'a').chain(&letters[..j]) {
            if letter_rank(to) >= letter_rank(from) {
                continue;
            }
            let words = s.words().map(|w| {
                w.bytes()
                    .map(|c| char::from(if c == from { to } else { c }))
                    .collect::<String>()
            });
            out.push(Instance::new(words));
        }
    }
    out
}

/// Dictionaries with one word shorter: a word of 7 or 8 letters keeps only its first
/// and last three (the same move), a shorter one loses its first or last letter (a
/// different move, which may fail all the same).
pub(crate) fn shorter_words(s: &Instance) -> Vec<Instance> {
    let mut out = Vec::new();
    let words: Vec<String> = s.words().collect();
    for (i, w) in words.iter().enumerate() {
        let shorter: Vec<String> = match w.len() {
            0..=3 => Vec::new(),
            4..=6 => vec![w[1..].to_string(), w[..w.len() - 1].to_string()],
            len => vec![format!("{}{}", &w[..3], &w[len - 3..])],
        };
        for word in shorter {
            let mut words = words.clone();
            words[i] = word;
            out.push(Instance::new(words));
        }
    }
    out
}
