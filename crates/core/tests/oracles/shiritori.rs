//! Shiritori against a solver written from its statement, on small dictionaries and on
//! ones solved over all 52³ strings, with its keys, product game and limits.

use crate::support::answers;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use retrocheck_core::problems::{memory_limit, ContestProblem, Instance, Problem};
use retrocheck_core::text::count;
use retrocheck_core::Side;

/// Shiritori solved straight from the statement, on the words as strings: value
/// iteration over three-letter strings, the player to speak losing when no word begins
/// with the last three letters said; per word, in input order, who wins once Takahashi
/// has opened with it.
fn shiritori_reference(words: &[String]) -> String {
    use std::collections::HashMap;
    let (pre, suf) = (
        |w: &str| w[..3].to_string(),
        |w: &str| w[w.len() - 3..].to_string(),
    );
    // For each string said last, the strings the next word can end in.
    let mut next: HashMap<String, Vec<String>> = HashMap::new();
    for w in words {
        next.entry(pre(w)).or_default().push(suf(w));
        next.entry(suf(w)).or_default();
    }
    // Whether the player to speak after each string wins, once known.
    let mut wins: HashMap<String, bool> = HashMap::new();
    loop {
        let mut changed = false;
        for (s, ends) in &next {
            if wins.contains_key(s) {
                continue;
            }
            let v = if ends.iter().any(|e| wins.get(e) == Some(&false)) {
                Some(true)
            } else if ends.iter().all(|e| wins.get(e) == Some(&true)) {
                Some(false)
            } else {
                None
            };
            if let Some(v) = v {
                wins.insert(s.clone(), v);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    words
        .iter()
        .map(|w| match wins.get(&suf(w)) {
            Some(false) => "Takahashi",
            Some(true) => "Aoki",
            None => "Draw",
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A word of 3 to `longest` letters whose first three come from `head` and last three
/// from `tail` (a shorter word mixes them).
fn shiritori_word(rng: &mut ChaCha8Rng, head: &[u8], tail: &[u8], longest: usize) -> String {
    let len = rng.gen_range(3..=longest);
    (0..len)
        .map(|i| {
            let from = if i < 3 && i + 3 < len { head } else { tail };
            char::from(from[rng.gen_range(0..from.len())])
        })
        .collect()
}

/// Shiritori answers as its statement says on random dictionaries, small (solved on
/// their keys) and from 2¹⁴ words (solved on all 52³ strings); its words come back as
/// they went in, packed (up to 8 letters) or kept whole, and its keys, product game and
/// limits are the statement's.
#[test]
fn shiritori_answers_as_its_statement_says() {
    use retrocheck_core::problems::shiritori;
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let mut lines = std::collections::HashMap::new();
    for round in 0..240 {
        // Letters of both cases, so that a word read without its case is a different
        // word; few of them, so that words chain.
        let (head, tail): (&[u8], &[u8]) = match round % 4 {
            0 => (b"aA", b"aAb"),
            1 => (b"xyzXYZ", b"xyzXYZ"),
            2 => (b"ab", b"abB"),
            _ => (b"azAZ", b"azAZ"),
        };
        let n = rng.gen_range(1..=30);
        let words: Vec<String> = (0..n).map(|_| shiritori_word(&mut rng, head, tail, 12)).collect();
        let s = shiritori::Instance::new(&words);
        assert_eq!(s.words().collect::<Vec<_>>(), words);
        assert_eq!((s.len(), s.is_empty()), (n, false));
        assert_eq!(format!("{s:?}"), format!("Instance {{ words: {words:?} }}"));
        // Keys: each distinct string a word begins or ends with, in order of first
        // appearance, prefix before suffix.
        let id = |k: &str, seen: &mut Vec<String>| {
            seen.iter().position(|s| s == k).unwrap_or_else(|| {
                seen.push(k.to_string());
                seen.len() - 1
            }) as u32
        };
        let mut strings = Vec::new();
        let edges: Vec<(u32, u32)> = words
            .iter()
            .map(|w| {
                let p = id(&w[..3], &mut strings);
                (p, id(&w[w.len() - 3..], &mut strings))
            })
            .collect();
        let (k, got_edges) = s.keys();
        assert_eq!((k as usize, got_edges), (strings.len(), edges));
        assert_eq!(
            s.size_text(),
            format!("{}, {}", count(n, "word"), count(strings.len(), "key"))
        );
        let g = s.game().unwrap();
        assert_eq!((g.positions(), g.move_count()), (2 * k as usize, 2 * n));
        for p in 0..2 * k {
            assert_eq!(g.mover(p), if p < k { Side::A } else { Side::B });
            assert_eq!(g.terminal(p), None);
        }
        let inst = Instance::Shiritori(s.clone());
        let got = answers(std::slice::from_ref(&inst)).remove(0);
        assert_eq!(got, shiritori_reference(&words), "{words:?}");
        for line in got.lines() {
            *lines.entry(line.to_string()).or_insert(0) += 1;
        }
        let input = inst.to_input();
        assert_eq!(input, format!("{n}\n{}\n", words.join("\n")));
        assert_eq!(Problem::Shiritori.parse(&input).unwrap(), vec![inst.clone()]);
        assert_eq!(
            inst.is_official(),
            words.iter().all(|w| w.len() <= 8),
            "{words:?}"
        );
    }
    // From 2^14 words the answer is solved on all 52³ strings: words with heads from
    // few letters and tails from more, so that some strings begin no word.
    for (n, head, tail) in [
        (1 << 14, &b"abcdeABCDE"[..], &b"abcdeABCDEf"[..]),
        (20_000, b"pqrsPQRSt", b"pqrsPQRStu"),
    ] {
        let words: Vec<String> = (0..n).map(|_| shiritori_word(&mut rng, head, tail, 9)).collect();
        let inst = Instance::Shiritori(shiritori::Instance::new(&words));
        let got = answers(std::slice::from_ref(&inst)).remove(0);
        assert_eq!(got, shiritori_reference(&words));
        for line in got.lines() {
            *lines.entry(format!("large {line}")).or_insert(0) += 1;
        }
    }
    for line in ["Takahashi", "Aoki", "Draw"] {
        assert!(lines.get(line).copied().unwrap_or(0) >= 30, "{lines:?}");
        assert!(
            lines.get(&format!("large {line}")).copied().unwrap_or(0) >= 30,
            "{lines:?}"
        );
    }
    let empty = shiritori::Instance::new(Vec::<String>::new());
    assert!(empty.is_empty());
    assert_eq!(empty.len(), 0);
    // Official: 1 ≤ N ≤ 2·10⁵ words of 3 to 8 letters.
    let most = shiritori::Instance::new(vec!["abcdefgh"; 200_000]);
    assert!(most.is_official());
    assert!(!shiritori::Instance::new(vec!["abc"; 200_001]).is_official());
    assert!(!empty.is_official());
    // Only letters make a word, three at least: a caller's other string is refused.
    for bad in ["ab-d", "a1c", "ab", "abc d"] {
        let made = std::panic::catch_unwind(|| shiritori::Instance::new([bad]));
        assert!(made.is_err(), "{bad:?}");
    }
    // A dictionary that would not fit in memory is refused at its first line, before
    // its words are read: about 21 bytes a word once read and solved.
    let words = memory_limit() / 21;
    for (n, refused) in [(words + 1, true), (words - 1, false)] {
        let err = Problem::Shiritori.parse(&format!("{n}\nabc\n")).unwrap_err();
        assert_eq!(err.line, if refused { 1 } else { 2 }, "{n}: {err}");
        assert_eq!(err.to_string().contains("more than the"), refused, "{err}");
    }
    // The sample of docs/problems, as given there.
    let got = answers(&Problem::Shiritori.parse("3\nabcd\nbcda\nada\n").unwrap());
    assert_eq!(got, ["Aoki\nTakahashi\nDraw"]);
    let got = answers(&Problem::Shiritori.parse("1\nABC\n").unwrap());
    assert_eq!(got, ["Draw"]);
}
