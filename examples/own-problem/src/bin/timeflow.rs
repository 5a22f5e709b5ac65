//! A right solution of Luogu P6560 ("\[SBCOI2020\] 时光的流逝"), as a contestant writes it:
//! retrograde analysis per distinct goal ([`own_problem::solutions::retrograde`]), over
//! stdin and stdout.

use std::io::{self, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).expect("read stdin");
    let out = own_problem::solutions::retrograde(&text);
    io::stdout().write_all(out.as_bytes()).expect("write stdout");
}
