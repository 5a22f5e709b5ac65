//! A plausible wrong solution to `pursuit`, for `retrocheck stress` to catch (see the
//! README's walkthrough): the textbook backward search over (bob, alice, turn), except
//! that it forgets that Bob stepping onto Alice loses — only Alice moving onto Bob is
//! a catch here. Build with `cargo build --release --example pursuit_wrong`.

use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut it = text.split_ascii_whitespace().map(|t| t.parse::<usize>().unwrap());
    let cases = it.next().unwrap();
    let mut out = BufWriter::new(io::stdout());
    for case in 1..=cases {
        let (n, m) = (it.next().unwrap(), it.next().unwrap());
        let mut radj = vec![Vec::new(); n];
        let mut outdeg = vec![0usize; n];
        for _ in 0..m {
            let (b, e) = (it.next().unwrap() - 1, it.next().unwrap() - 1);
            radj[e].push(b);
            outdeg[b] += 1;
        }
        let (x, y) = (it.next().unwrap() - 1, it.next().unwrap() - 1);
        // lose[turn][bob][alice]: Bob loses; turn 0 = Bob to move, 1 = Alice to move.
        let id = |t: usize, b: usize, a: usize| (t * n + b) * n + a;
        let mut lose = vec![false; 2 * n * n];
        let mut count = vec![0usize; n * n];
        let mut queue = Vec::new();
        for b in 0..n {
            for a in 0..n {
                count[b * n + a] = outdeg[b];
                // The bug: a catch only when Alice has just moved (Bob to move).
                if (a == b) || outdeg[b] == 0 {
                    lose[id(0, b, a)] = true;
                    queue.push(id(0, b, a));
                }
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head];
            head += 1;
            let (t, b, a) = (s / (n * n), s / n % n, s % n);
            if t == 0 {
                for &pa in &radj[a] {
                    let p = id(1, b, pa);
                    if !lose[p] {
                        lose[p] = true;
                        queue.push(p);
                    }
                }
            } else {
                for &pb in &radj[b] {
                    let p = id(0, pb, a);
                    if pb != a && !lose[p] {
                        count[pb * n + a] -= 1;
                        if count[pb * n + a] == 0 {
                            lose[p] = true;
                            queue.push(p);
                        }
                    }
                }
            }
        }
        let answer = if lose[id(0, x, y)] { "No" } else { "Yes" };
        writeln!(out, "Case #{case}: {answer}").unwrap();
    }
}
