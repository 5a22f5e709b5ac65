//! The two solutions of `timeflow` as functions of the judge's input text, as a
//! contestant writes them: the binaries `timeflow` and `timeflow-memo-dfs` are these
//! over stdin and stdout, and the tests judge them in-process too
//! (`retrocheck::api::submission`).

use std::collections::HashMap;
use std::fmt::Write;

/// The numbers of the input, in order (the input is trusted: a contestant's reading).
fn numbers(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("a number"))
}

/// A right solution: for each distinct goal, retrograde analysis from the positions
/// whose value is known (the goal: the player to move there has lost; a vertex without
/// edges: likewise), backwards along the edges. A position with an edge to a lost one
/// is won; a position all of whose edges lead to won ones is lost (a counter of edges
/// per vertex, repeated edges counted); whatever is never decided is endless play, `0`.
/// O(q·(n + m)).
pub fn retrograde(text: &str) -> String {
    let mut it = numbers(text);
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
    let mut out = String::new();
    for _ in 0..q {
        let (x, y) = (next() - 1, next() - 1);
        let value = solved
            .entry(y)
            .or_insert_with(|| values(&out_degree, &reverse, y));
        writeln!(out, "{}", value[x]).expect("a String takes any text");
    }
    out
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

/// A WRONG solution with a typical bug: a depth-first search from the start with
/// memoization, which scores a vertex already on the search path as endless play
/// (`0`) — and then caches the values that depended on that guess. The guess is right
/// for the path's own cycle only; a vertex cached on it and reached again along another
/// path keeps the wrong value (the graph-history interaction, the first trap of
/// `retrocheck::semantics`). Right on every acyclic graph and on most small ones.
pub fn memo_dfs(text: &str) -> String {
    let mut it = numbers(text);
    let mut next = || it.next().expect("more input");
    let (n, m, q) = (next(), next(), next());
    let mut adjacent = vec![Vec::new(); n];
    for _ in 0..m {
        let (u, v) = (next() - 1, next() - 1);
        adjacent[u].push(v);
    }
    let mut out = String::new();
    for _ in 0..q {
        let (x, y) = (next() - 1, next() - 1);
        let mut search = Search {
            adjacent: &adjacent,
            goal: y,
            state: vec![State::New; n],
        };
        writeln!(out, "{}", search.value(x)).expect("a String takes any text");
    }
    out
}

#[derive(Clone, Copy)]
enum State {
    New,
    OnPath,
    Done(i8),
}

struct Search<'a> {
    adjacent: &'a [Vec<usize>],
    goal: usize,
    state: Vec<State>,
}

impl Search<'_> {
    /// The value for the player to move on `v`: 1 won, -1 lost, 0 neither.
    fn value(&mut self, v: usize) -> i8 {
        if v == self.goal {
            return -1;
        }
        match self.state[v] {
            // The bug: "we came back round a cycle, so nobody wins from here".
            State::OnPath => return 0,
            State::Done(value) => return value,
            State::New => {}
        }
        self.state[v] = State::OnPath;
        let mut all_won = true;
        let mut value = None;
        for k in 0..self.adjacent[v].len() {
            match self.value(self.adjacent[v][k]) {
                -1 => {
                    value = Some(1);
                    break;
                }
                1 => {}
                _ => all_won = false,
            }
        }
        let value = value.unwrap_or(if all_won { -1 } else { 0 });
        self.state[v] = State::Done(value);
        value
    }
}
