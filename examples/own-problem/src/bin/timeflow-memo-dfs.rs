//! A WRONG solution of Luogu P6560 ("\[SBCOI2020\] 时光的流逝") with a typical bug: a
//! depth-first search from the start with memoization, which scores a vertex already on
//! the search path as endless play (`0`) — and then caches the values that depended on
//! that guess. The guess is right for the path's own cycle only; a vertex cached on it and
//! reached again along another path keeps the wrong value (the graph-history interaction,
//! the first trap of `retrocheck::semantics`). Right on every acyclic graph and on most small ones.

use std::io::{self, BufWriter, Read, Write};

fn main() {
    // Deep paths recurse deeply: a big stack, as contestants set with `ulimit -s`.
    let worker = std::thread::Builder::new().stack_size(512 << 20).spawn(run);
    worker.expect("spawn").join().expect("the solver thread");
}

fn run() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).expect("read stdin");
    let mut it = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("a number"));
    let mut next = || it.next().expect("more input");
    let (n, m, q) = (next(), next(), next());
    let mut adjacent = vec![Vec::new(); n];
    for _ in 0..m {
        let (u, v) = (next() - 1, next() - 1);
        adjacent[u].push(v);
    }
    let mut out = BufWriter::new(io::stdout());
    for _ in 0..q {
        let (x, y) = (next() - 1, next() - 1);
        let mut search = Search {
            adjacent: &adjacent,
            goal: y,
            state: vec![State::New; n],
        };
        writeln!(out, "{}", search.value(x)).expect("write stdout");
    }
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
