//! Berzerk and catmouse against solvers written from their statements, with their
//! official limits, sizes and input errors.

use crate::support::{answers, input_error, same_graph};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use retrocheck_core::problems::{ContestProblem, Instance, Problem};
use retrocheck_core::{problems, Side};

/// Berzerk solved straight from the statement, without the product game: value
/// iteration over (first mover's turn, object), a stuck player losing. Words as the
/// judge prints them.
fn berzerk_reference(n: u32, rick: &[u32], morty: &[u32]) -> String {
    // win[t][i]: Some(true) if the player to move on turn t with the monster on object
    // index i (0 the black hole) wins, Some(false) if they lose, None while undecided.
    let n = n as usize;
    let mut win = [vec![None; n], vec![None; n]];
    win[0][0] = Some(false);
    win[1][0] = Some(false);
    loop {
        let mut changed = false;
        for t in 0..2 {
            let steps = if t == 0 { rick } else { morty };
            for i in 1..n {
                if win[t][i].is_some() {
                    continue;
                }
                let next: Vec<Option<bool>> =
                    steps.iter().map(|&a| win[1 - t][(i + a as usize) % n]).collect();
                let v = if next.contains(&Some(false)) {
                    Some(true)
                } else if next.iter().all(|&w| w == Some(true)) {
                    Some(false)
                } else {
                    None
                };
                if v.is_some() {
                    win[t][i] = v;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let line = |t: usize| -> String {
        (1..n)
            .map(|i| match win[t][i] {
                Some(true) => "Win",
                Some(false) => "Lose",
                None => "Loop",
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!("{}\n{}", line(0), line(1))
}

/// Cat and Mouse solved straight from the statement: value iteration over (turn,
/// mouse, cat) with the cat kept off the hole and a stuck animal losing; the judge's
/// digit for the mouse on 1, the cat on 2, the mouse to move.
fn catmouse_reference(lists: &[Vec<u32>]) -> &'static str {
    let n = lists.len();
    // 1 the mouse wins, 2 the cat, 0 undecided; index (turn, mouse, cat).
    let mut w = vec![0u8; 2 * n * n];
    let at = |t: usize, m: usize, c: usize| (t * n + m) * n + c;
    loop {
        let mut changed = false;
        for t in 0..2 {
            for m in 0..n {
                for c in 1..n {
                    if w[at(t, m, c)] != 0 {
                        continue;
                    }
                    let v = if m == 0 {
                        1
                    } else if m == c {
                        2
                    } else {
                        let next: Vec<u8> = if t == 0 {
                            lists[m].iter().map(|&x| w[at(1, x as usize, c)]).collect()
                        } else {
                            lists[c]
                                .iter()
                                .filter(|&&x| x != 0)
                                .map(|&x| w[at(0, m, x as usize)])
                                .collect()
                        };
                        let (me, them) = if t == 0 { (1, 2) } else { (2, 1) };
                        if next.contains(&me) {
                            me
                        } else if next.iter().all(|&x| x == them) {
                            them
                        } else {
                            0
                        }
                    };
                    if v != 0 {
                        w[at(t, m, c)] = v;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    ["0", "1", "2"][w[at(0, 1, 2)] as usize]
}

fn random_berzerk(rng: &mut ChaCha8Rng) -> problems::berzerk::Instance {
    let n = rng.gen_range(2..=9u32);
    // Mostly within the limits (distinct steps in 1..n); now and then repeats, steps of
    // 0 or n and beyond, and an empty set.
    let set = |rng: &mut ChaCha8Rng| -> Vec<u32> {
        if rng.gen_ratio(1, 4) {
            let k = rng.gen_range(0..=4);
            (0..k).map(|_| rng.gen_range(0..=2 * n + 1)).collect()
        } else {
            let mut all: Vec<u32> = (1..n).collect();
            all.shuffle(rng);
            let k = rng.gen_range(1..n as usize + 1).min(all.len());
            all.truncate(k);
            all
        }
    };
    let rick = set(rng);
    let morty = set(rng);
    problems::berzerk::Instance { n, rick, morty }
}

fn random_catmouse(rng: &mut ChaCha8Rng) -> problems::catmouse::Instance {
    let n = rng.gen_range(3..=7u32);
    let lists = if rng.gen_ratio(1, 4) {
        // Any lists: asymmetric, self-listed, repeated, the cat next to the hole.
        (0..n)
            .map(|_| {
                let d = rng.gen_range(0..=4);
                (0..d).map(|_| rng.gen_range(0..n)).collect()
            })
            .collect()
    } else {
        // A symmetric board.
        let mut lists = vec![Vec::new(); n as usize];
        for v in 0..n {
            for w in v + 1..n {
                if rng.gen_ratio(2, 5) {
                    lists[v as usize].push(w);
                    lists[w as usize].push(v);
                }
            }
        }
        for list in &mut lists {
            list.shuffle(rng);
        }
        lists
    };
    problems::catmouse::Instance { lists }
}

/// Both new front-ends against a solver written from their statements: the judge's
/// answer by the fast path and by every solver on the product game, and the implicit
/// product against the materialized one.
#[test]
fn berzerk_and_catmouse_answer_as_their_statements_say() {
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    let mut words = std::collections::HashMap::new();
    for _ in 0..200 {
        let b = random_berzerk(&mut rng);
        let g = b.game().unwrap();
        assert_eq!(g.positions(), 2 * b.n as usize);
        assert_eq!(g.draw_credit(), None);
        same_graph(&b.implicit().unwrap(), &g, b.rick.len().max(b.morty.len()) as u32);
        let inst = Instance::Berzerk(b.clone());
        let got = answers(std::slice::from_ref(&inst)).remove(0);
        assert_eq!(got, berzerk_reference(b.n, &b.rick, &b.morty), "{b:?}");
        for w in got.split_whitespace() {
            *words.entry(w.to_string()).or_insert(0) += 1;
        }
        assert_eq!(
            Problem::Berzerk.parse(&inst.to_input()).unwrap(),
            vec![inst.clone()]
        );
        for turn in [true, false] {
            for object in 1..=b.n {
                let id = b.position(turn, object);
                assert_eq!(id, u32::from(!turn) * b.n + object - 1);
                assert_eq!(g.mover(id), if turn { Side::A } else { Side::B });
            }
        }

        let c = random_catmouse(&mut rng);
        let n = c.n();
        assert_eq!(n as usize, c.lists.len());
        let g = c.game().unwrap();
        assert_eq!(g.positions(), (2 * n * (n - 1)) as usize);
        assert_eq!(g.draw_credit(), None);
        let degree = (1..n as usize)
            .flat_map(|v| [c.lists[v].len(), c.lists[v].iter().filter(|&&w| w != 0).count()])
            .max()
            .unwrap() as u32;
        same_graph(&c.implicit().unwrap(), &g, degree);
        let inst = Instance::Catmouse(c.clone());
        let got = answers(std::slice::from_ref(&inst)).remove(0);
        assert_eq!(got, catmouse_reference(&c.lists), "{c:?}");
        *words.entry(format!("catmouse {got}")).or_insert(0) += 1;
        assert_eq!(
            Problem::Catmouse.parse(&inst.to_input()).unwrap(),
            vec![inst.clone()]
        );
        for turn in [true, false] {
            for mouse in 0..n {
                for cat in 1..n {
                    let id = c.position(turn, mouse, cat);
                    assert_eq!(id, (u32::from(!turn) * n + mouse) * (n - 1) + cat - 1);
                    assert_eq!(g.mover(id), if turn { Side::A } else { Side::B });
                }
            }
        }
    }
    for key in ["Win", "Lose", "Loop", "catmouse 0", "catmouse 1", "catmouse 2"] {
        assert!(words.get(key).copied().unwrap_or(0) >= 3, "{words:?}");
    }
    // The samples of docs/problems, as given there.
    let got = answers(&Problem::Berzerk.parse("5\n2 3 2\n3 1 2 3\n").unwrap());
    assert_eq!(got, ["Lose Win Win Loop\nLoop Win Win Win"]);
    let got = answers(&Problem::Berzerk.parse("8\n4 6 2 3 4\n2 3 6\n").unwrap());
    assert_eq!(
        got,
        ["Win Win Win Win Win Win Win\nLose Win Lose Lose Win Lose Lose"]
    );
    let sample = "2\n6\n2 2 5\n1 3\n3 0 4 5\n3 1 4 5\n2 2 3\n3 0 2 3\n4\n2 1 3\n1 0\n1 3\n2 0 2\n";
    let got = answers(&Problem::Catmouse.parse(sample).unwrap());
    assert_eq!(got, ["0", "1"]);
}

#[test]
fn berzerk_and_catmouse_limits_sizes_and_errors() {
    use problems::{berzerk, catmouse};
    let b = berzerk::Instance {
        n: 5,
        rick: vec![3, 2],
        morty: vec![1, 2, 3],
    };
    assert!(b.is_official());
    assert!(Instance::Berzerk(b.clone()).is_official());
    assert_eq!(
        Instance::Berzerk(b.clone()).size_text(),
        "5 objects, 2 + 3 step lengths"
    );
    let with = |n: u32, rick: Vec<u32>, morty: Vec<u32>| berzerk::Instance { n, rick, morty }.is_official();
    assert!(with(2, vec![1], vec![1]));
    assert!(!with(1, vec![], vec![]));
    assert!(with(7000, vec![6999], vec![1]));
    assert!(!with(7001, vec![1], vec![1]));
    assert!(!with(5, vec![], vec![1]));
    assert!(!with(5, vec![1], vec![]));
    assert!(!with(5, vec![0], vec![1]));
    assert!(!with(5, vec![1], vec![5]));
    assert!(with(5, vec![4, 1, 3], vec![2]));
    assert!(!with(5, vec![2, 1, 2], vec![1]));
    assert!(!with(5, vec![1], vec![3, 4, 3]));
    assert_eq!(
        Instance::Berzerk(berzerk::Instance {
            n: 2,
            rick: vec![1],
            morty: vec![],
        })
        .size_text(),
        "2 objects, 1 + 0 step lengths"
    );

    let c = |lists: Vec<Vec<u32>>| catmouse::Instance { lists };
    let sample = c(vec![vec![1, 3], vec![0], vec![3], vec![0, 2]]);
    assert!(sample.is_official());
    assert!(Instance::Catmouse(sample.clone()).is_official());
    assert_eq!(
        Instance::Catmouse(sample.clone()).size_text(),
        "4 nodes, 6 listed neighbours"
    );
    assert_eq!(
        Instance::Catmouse(c(vec![vec![], vec![2], vec![]])).size_text(),
        "3 nodes, 1 listed neighbour"
    );
    // The original's `1 <= graph[i].length`: the hole too has a neighbour.
    assert!(!c(vec![vec![], vec![2], vec![1]]).is_official());
    assert!(c(vec![vec![1], vec![0, 2], vec![1]]).is_official());
    assert!(!c(vec![vec![1], vec![2], vec![1]]).is_official()); // 0 → 1 not listed back
    assert!(!c(vec![vec![], vec![2, 1], vec![1]]).is_official()); // self-listed
    assert!(!c(vec![vec![], vec![2, 2], vec![1, 1]]).is_official()); // repeated
    assert!(!c(vec![vec![], vec![], vec![]]).is_official()); // node 1 has no neighbour
    assert!(!c(vec![vec![1, 2], vec![0], vec![0]]).is_official()); // node 2 only the hole
    assert!(c(vec![vec![1, 2], vec![0, 2], vec![0, 1]]).is_official());
    let ring = |n: u32| c((0..n).map(|v| vec![(v + 1) % n, (v + n - 1) % n]).collect());
    assert!(ring(50).is_official());
    assert!(!ring(51).is_official());
    assert!(!c(vec![vec![1], vec![0]]).is_official());

    // Input errors name the line, and for catmouse the test case.
    use Problem::{Berzerk as B, Catmouse as C};
    type Case<'a> = (Problem, &'a [u8], usize, Option<usize>, &'a str);
    let cases: &[Case] = &[
        (B, b"1\n1 1\n1 1\n", 1, None, "n, the number of objects: 1 is too small (at least 2)"),
        (B, b"5\n2 3\n", 2, None, "expected Rick's step length 2 of 2, found the end of the input"),
        (B, b"5\n1 3\n2 1 x\n", 3, None, "expected Morty's step length 2 of 2 (a number), found 'x'"),
        (B, b"5\n1 3\n", 2, None, "expected k, the number of Morty's step lengths, found the end of the input"),
        (B, b"5\n1 3\n1 1\n5\n", 4, None, "unexpected '5' after the last test case (the input holds one test case)"),
        (C, b"1\n2\n", 2, Some(1), "n, the node count of test case 1 of 1 (at least 3: the hole, the mouse's and the cat's nodes): 2 is too small (at least 3)"),
        (C, b"2\n3\n0\n1 2\n1 1\n3\n0\n1 3\n", 8, Some(2), "neighbour 1 of 1 of node 1 (nodes are 0 to 2): 3 is out of range"),
        (C, b"1\n3\n0\n1\n", 4, Some(1), "expected neighbour 1 of 1 of node 1 (nodes are 0 to 2), found the end of the input"),
        (C, b"1\n3\n0\n1 2\n", 4, Some(1), "expected d_2, the number of neighbours of node 2, found the end of the input"),
    ];
    for &(problem, input, line, case, message) in cases {
        assert_eq!(
            input_error(problem, input),
            (line, case, message.to_string()),
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }
    // Printed back as the statements lay the input out.
    assert_eq!(Instance::Berzerk(b).to_input(), "5\n2 3 2\n3 1 2 3\n");
    assert_eq!(
        Problem::Catmouse.print(&[Instance::Catmouse(sample)]),
        "1\n4\n2 1 3\n1 0\n1 3\n2 0 2\n"
    );
}
