//! Choosing the tests of a set: the tests that must be there, then a greedy set cover
//! of the wrong solutions the candidates kill, then the tests a judge needs
//! regardless, capped at a count.

/// Which candidates a set takes, in order, and what the cap left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chosen {
    /// Candidate indices, in the set's order.
    pub tests: Vec<usize>,
    /// Suspects some candidate kills that no chosen test does (the cap cut them).
    pub cut: Vec<usize>,
    /// Suspects no candidate kills.
    pub alive: Vec<usize>,
}

/// The set: `first` (the samples) in order; then, while a suspect that some candidate
/// kills is alive, the candidate killing the most of them (ties: the smaller `cost`,
/// then the earlier); then `last` (maximal and long tests) not taken already; at most
/// `count` tests in all, the cover cut before `first` and `last` are. `kills[c]` lists
/// the suspects candidate `c` kills, out of `suspects`.
pub fn choose(
    kills: &[Vec<usize>],
    cost: &[u64],
    first: &[usize],
    last: &[usize],
    suspects: usize,
    count: usize,
) -> Chosen {
    let mut dead = vec![false; suspects];
    let mut tests: Vec<usize> = Vec::new();
    let take = |c: usize, tests: &mut Vec<usize>, dead: &mut Vec<bool>| {
        if !tests.contains(&c) {
            tests.push(c);
            for &s in &kills[c] {
                dead[s] = true;
            }
        }
    };
    for &c in first {
        take(c, &mut tests, &mut dead);
    }
    let room_for_cover =
        count.saturating_sub(tests.len() + last.iter().filter(|c| !first.contains(c)).count());
    let mut covered = 0;
    loop {
        let gain = |c: usize| kills[c].iter().filter(|&&s| !dead[s]).count();
        let best = (0..kills.len())
            .filter(|&c| gain(c) > 0)
            .max_by(|&a, &b| gain(a).cmp(&gain(b)).then(cost[b].cmp(&cost[a])).then(b.cmp(&a)));
        match best {
            Some(c) if covered < room_for_cover => {
                take(c, &mut tests, &mut dead);
                covered += 1;
            }
            _ => break,
        }
    }
    for &c in last {
        if tests.len() < count {
            take(c, &mut tests, &mut dead);
        }
    }
    tests.truncate(count);
    let killable: Vec<bool> = (0..suspects)
        .map(|s| kills.iter().any(|k| k.contains(&s)))
        .collect();
    let mut dead = vec![false; suspects];
    for &c in &tests {
        for &s in &kills[c] {
            dead[s] = true;
        }
    }
    Chosen {
        cut: (0..suspects).filter(|&s| killable[s] && !dead[s]).collect(),
        alive: (0..suspects).filter(|&s| !killable[s]).collect(),
        tests,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cover_takes_the_candidate_killing_most_and_then_what_is_left() {
        // 0 kills {0}, 1 kills {0, 1, 2}, 2 kills {3}, 3 kills {2, 3}.
        let kills = vec![vec![0], vec![0, 1, 2], vec![3], vec![2, 3]];
        let chosen = choose(&kills, &[1, 1, 1, 1], &[], &[], 5, 25);
        assert_eq!(chosen.tests, vec![1, 2]);
        assert!(chosen.cut.is_empty());
        assert_eq!(chosen.alive, vec![4]);
    }

    #[test]
    fn ties_go_to_the_cheaper_candidate_and_samples_count_as_kills() {
        let kills = vec![vec![0], vec![1], vec![1]];
        // The sample (0) is first; 1 and 2 both kill suspect 1: the cheaper, 2.
        let chosen = choose(&kills, &[5, 9, 3], &[0], &[], 2, 25);
        assert_eq!(chosen.tests, vec![0, 2]);
    }

    #[test]
    fn the_cap_cuts_the_cover_before_the_samples_and_the_maximal_tests() {
        let kills = vec![vec![], vec![0], vec![1], vec![]];
        let chosen = choose(&kills, &[1, 1, 1, 1], &[0], &[3], 2, 3);
        assert_eq!(chosen.tests, vec![0, 1, 3]);
        assert_eq!(chosen.cut, vec![1]);
        assert!(chosen.alive.is_empty());
    }
}
