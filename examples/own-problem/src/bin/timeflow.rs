//! A right solution of Luogu P6560 ("\[SBCOI2020\] 时光的流逝"), as a contestant writes it:
//! for each distinct goal, retrograde analysis from the positions whose value is known
//! (the goal: the player to move there has lost; a vertex without edges: likewise),
//! backwards along the edges. A position with an edge to a lost one is won; a position
//! all of whose edges lead to won ones is lost (a counter of edges per vertex, repeated
//! edges counted); whatever is never decided is endless play, `0`. O(q·(n + m)).

use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).expect("read stdin");
    let mut it = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("a number"));
    let mut next = || it.next().expect("more input");
    let (n, m, q) = (next(), next(), next());
    let mut out_degree = vec![0usize; n];
    let mut reverse = vec![Vec::new(); n];
    for _ in 0..m {
        let (u, v) = (next() - 1, next() - 1);
        out_degree[u] += 1;
        reverse[v].push(u);
    }
    let mut solved: HashMap<usize, Vec<i8>> = HashMap::new();
    let mut out = BufWriter::new(io::stdout());
    for _ in 0..q {
        let (x, y) = (next() - 1, next() - 1);
        let value = solved
            .entry(y)
            .or_insert_with(|| values(&out_degree, &reverse, y));
        writeln!(out, "{}", value[x]).expect("write stdout");
    }
}

/// The value of every vertex for the player to move there: 1 won, -1 lost, 0 neither.
fn values(out_degree: &[usize], reverse: &[Vec<usize>], goal: usize) -> Vec<i8> {
    let n = out_degree.len();
    let mut value = vec![0i8; n];
    let mut left = out_degree.to_vec();
    let mut queue = Vec::new();
    for v in 0..n {
        if v == goal || out_degree[v] == 0 {
            value[v] = -1;
            queue.push(v);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head];
        head += 1;
        for &p in &reverse[u] {
            if p == goal || value[p] != 0 {
                continue;
            }
            if value[u] == -1 {
                value[p] = 1;
                queue.push(p);
            } else {
                left[p] -= 1;
                if left[p] == 0 {
                    value[p] = -1;
                    queue.push(p);
                }
            }
        }
    }
    value
}
