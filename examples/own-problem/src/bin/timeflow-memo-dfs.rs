//! A WRONG solution of Luogu P6560 ("\[SBCOI2020\] 时光的流逝"): a memoized depth-first
//! search that caches values guessed on a cycle ([`own_problem::solutions::memo_dfs`]),
//! over stdin and stdout.

use std::io::{self, Read, Write};

fn main() {
    // Deep paths recurse deeply: a big stack, as contestants set with `ulimit -s`.
    let worker = std::thread::Builder::new().stack_size(512 << 20).spawn(run);
    worker.expect("spawn").join().expect("the solver thread");
}

fn run() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).expect("read stdin");
    let out = own_problem::solutions::memo_dfs(&text);
    io::stdout().write_all(out.as_bytes()).expect("write stdout");
}
