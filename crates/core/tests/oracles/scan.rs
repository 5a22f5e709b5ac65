//! The contest input scanner: errors that name the line and the test case, cases that
//! stop after an error, and long numbers read by value.

use crate::support::input_error;
use retrocheck_core::problems::scan::Scanner;
use retrocheck_core::problems::{Instance, Problem};

#[test]
fn input_errors_name_line_and_case() {
    use Problem::{Minigame as M, Pursuit as P};
    type Case<'a> = (Problem, &'a [u8], usize, Option<usize>, &'a str);
    let cases: &[Case] = &[
        (P, b"", 1, None, "expected the number of test cases T, found the end of the input"),
        (P, b"x", 1, None, "expected the number of test cases T (a number), found 'x'"),
        (P, b"4294967296", 1, None, "the number of test cases T: 4294967296 is too large (at most 4294967295)"),
        (P, b"1\n0 1\n", 2, Some(1), "n, the vertex count of test case 1 of 1: 0 is too small (at least 1)"),
        (P, b"1\n3\n\n", 2, Some(1), "expected m, the edge count, found the end of the input"),
        (P, b"1\n3 2\n1 2\n2 x\n", 4, Some(1), "expected edge 2 of 2: its second vertex (a number), found 'x'"),
        (P, b"1\n3 1\n4 2\n", 3, Some(1), "edge 1 of 1: its first vertex 4 is out of range (vertices are 1 to 3)"),
        (P, b"1\n3 1\n1 0\n", 3, Some(1), "edge 1 of 1: its second vertex 0 is out of range (vertices are 1 to 3)"),
        (P, b"1\n3 1\n1\n", 3, Some(1), "expected edge 1 of 1: its second vertex, found the end of the input"),
        (P, b"1\n3 1\n1 2\n", 3, Some(1), "expected x, Bob's start vertex, found the end of the input"),
        (P, b"1\n3 1\n1 2\n1 9\n", 4, Some(1), "y, Alice's start vertex 9 is out of range (vertices are 1 to 3)"),
        (P, b"2\n2 1\n1 2\n1 2\n\n", 4, Some(2), "expected n, the vertex count of test case 2 of 2, found the end of the input"),
        (
            P,
            b"1\n2 1\n1 2\n1 2\n\n  extra stuff\n",
            6,
            None,
            "unexpected 'extra' after the last test case (the input declares T = 1 test case)",
        ),
        (
            P,
            b"0\n123456789012345678901234567890",
            2,
            None,
            "unexpected '123456789012345678901234567890' after the last test case (the input declares T = 0 test cases)",
        ),
        (P, b"1\n2 1\n1 \xff\n", 3, Some(1), "expected edge 1 of 1: its second vertex (a number), found '\\xff'"),
        (P, b"1\n2 1\n1 2x\n1 2\n", 3, Some(1), "expected edge 1 of 1: its second vertex (a number), found '2x'"),
        (P, b"1\n2 1\n99999999999999999999 2\n", 3, Some(1), "edge 1 of 1: its first vertex is too large (at most 18446744073709551615)"),
        (M, b"1\n2 1\n1 2\nABABA\n000000\n", 4, Some(1), "expected ord, 6 letters A or B, found 'ABABA'"),
        (M, b"1\n2 1\n1 2\nABABAC\n000000\n", 4, Some(1), "expected ord, 6 letters A or B, found 'ABABAC'"),
        (M, b"1\n2 1\n1 2\nABABAB\n0000002\n", 5, Some(1), "expected act, 6 digits 0 or 1, found '0000002'"),
        (M, b"1\n2 1\n1 2\nABABAB\n00a000\n", 5, Some(1), "expected act, 6 digits 0 or 1, found '00a000'"),
        (M, b"1\n2 1\n1 2\nABABAB\n", 4, Some(1), "expected act, 6 digits 0 or 1, found the end of the input"),
        (M, b"1\n2 1\n1 2\n", 3, Some(1), "expected ord, 6 letters A or B, found the end of the input"),
        (M, b"1\n2 1\n1 3\n", 3, Some(1), "arc 1 of 1: its second vertex 3 is out of range (vertices are 1 to 2)"),
    ];
    for &(problem, input, line, case, message) in cases {
        assert_eq!(
            input_error(problem, input),
            (line, case, message.to_string()),
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }
    // A 20-digit vertex whose value wraps to a valid id in u64 arithmetic is still
    // refused (the fast path must not accept tokens of 20 digits or more).
    assert_eq!(
        input_error(P, b"1\n2 1\n18446744073709551617 2\n1 2\n"),
        (
            3,
            Some(1),
            "edge 1 of 1: its first vertex is too large (at most 18446744073709551615)".to_string()
        )
    );
    assert_eq!(
        input_error(P, b"1\n2 1\n1 18446744073709551618\n1 2\n"),
        (
            3,
            Some(1),
            "edge 1 of 1: its second vertex is too large (at most 18446744073709551615)".to_string()
        )
    );
    // Every digit, in vertices of one and two digits, on the fast path.
    let wide = "1\n19 10\n19 9\n9 10\n10 11\n12 13\n14 15\n16 17\n18 19\n1 2\n3 4\n5 6\n7 8\n";
    let parsed = Problem::Pursuit.parse(wide).unwrap();
    match &parsed[0] {
        Instance::Pursuit(p) => {
            assert_eq!(p.n, 19);
            assert_eq!(
                p.edges,
                vec![
                    (18, 8),
                    (8, 9),
                    (9, 10),
                    (11, 12),
                    (13, 14),
                    (15, 16),
                    (17, 18),
                    (0, 1),
                    (2, 3),
                    (4, 5)
                ]
            );
            assert_eq!((p.bob, p.alice), (6, 7));
        }
        other => panic!("{other:?}"),
    }
    // Separators: tabs, carriage returns, no final newline.
    let ok = Problem::Pursuit.parse("1\r\n3\t2\r\n1 2\r\n2\t3\n1 3").unwrap();
    assert_eq!(ok, Problem::Pursuit.parse("1\n3 2\n1 2\n2 3\n1 3\n").unwrap());
    let last = Problem::Pursuit.parse("1\n2 1\n1 2\n2 1").unwrap();
    assert_eq!(last.len(), 1);
}

#[test]
fn cases_stop_after_an_error_and_after_the_end() {
    let cases = Problem::Pursuit
        .cases(b"2\n2 1\n1 2\n1 2\n2 1\n1 x\n1 2\n")
        .unwrap();
    let items: Vec<_> = cases.collect();
    assert_eq!(items.len(), 2);
    assert!(items[0].is_ok());
    assert_eq!(items[1].as_ref().unwrap_err().case, Some(2));
    let items: Vec<_> = Problem::Pursuit.cases(b"1\n2 1\n1 2\n1 2\n").unwrap().collect();
    assert_eq!(items.len(), 1);
    let items: Vec<_> = Problem::Pursuit
        .cases(b"1\n2 1\n1 2\n1 2\nz\n")
        .unwrap()
        .collect();
    assert_eq!(items.len(), 2);
    assert!(items[1].is_err());
    let mut cases = Problem::Minigame.cases(b"0\n").unwrap();
    assert!(cases.next().is_none());
    assert!(cases.next().is_none());
    assert!(Problem::Minigame.cases(b"").is_err());
}

#[test]
fn scanner_counts_lines_and_bytes() {
    let mut s = Scanner::new(b"  7\n\n 8 \r\n9");
    assert_eq!(s.remaining(), 11);
    assert_eq!(s.number("a", 7, 7).unwrap(), (7, 1));
    assert_eq!(s.remaining(), 8);
    assert_eq!(s.error("here").line, 1);
    assert_eq!(s.number("b", 0, 8).unwrap(), (8, 3));
    s.case = Some(4);
    let e = s.error("msg");
    assert_eq!((e.line, e.case, e.message.as_str()), (3, Some(4), "msg"));
    assert_eq!(s.error_at(9, "m").line, 9);
    assert_eq!(s.vertex("v", 9).unwrap(), 8);
    assert_eq!(s.remaining(), 0);
    assert_eq!(s.token(), None);
    let e = s.expect("w").unwrap_err();
    assert_eq!(
        (e.line, e.message.as_str()),
        (4, "expected w, found the end of the input")
    );
    let mut s = Scanner::new(b"3 4 5\n");
    assert_eq!(
        s.number("n", 4, 9).unwrap_err().message,
        "n: 3 is too small (at least 4)"
    );
    assert_eq!(
        s.number("n", 0, 3).unwrap_err().message,
        "n: 4 is too large (at most 3)"
    );
    assert_eq!(s.vertex("v", 5).unwrap(), 4);
    let mut s = Scanner::new(b"2 2\n1 2\n2 2\n");
    let (n, edges) = s.graph("edge", 1).unwrap();
    assert_eq!((n, edges), (2, vec![(0, 1), (1, 1)]));
    let mut s = Scanner::new(b"1 1\n");
    assert_eq!(s.edge("e", 1, 1, 1).unwrap(), (0, 0));
    let mut s = Scanner::new(b"1 2");
    assert_eq!(
        s.edge("e", 1, 1, 1).unwrap_err().message,
        "e 1 of 1: its second vertex 2 is out of range (vertices are 1 to 1)"
    );
    // The failed fast path leaves the scanner where the careful parser needs it.
    let mut s = Scanner::new(b"\n\n3 x");
    let e = s.edge("e", 2, 5, 4).unwrap_err();
    assert_eq!(
        (e.line, e.message.as_str()),
        (3, "expected e 2 of 5: its second vertex (a number), found 'x'")
    );
}

/// Numbers of 20 digits or more (leading zeros) are read by value wherever a number
/// is read: in edges, counts and lists; one that wraps round 2^64 is too large.
#[test]
fn long_numbers_are_read_by_value_everywhere() {
    let zeros = |v: u64| format!("{v:0>24}");
    let p = Problem::Pursuit
        .parse(&format!("1\n3 2\n{} 2\n2 {}\n1 3\n", zeros(1), zeros(3)))
        .unwrap();
    assert_eq!(p, Problem::Pursuit.parse("1\n3 2\n1 2\n2 3\n1 3\n").unwrap());
    let b = Problem::Berzerk
        .parse(&format!("{}\n2 {} 2\n{} 1 2 3\n", zeros(5), zeros(3), zeros(3)))
        .unwrap();
    assert_eq!(b, Problem::Berzerk.parse("5\n2 3 2\n3 1 2 3\n").unwrap());
    let c = Problem::Catmouse
        .parse(&format!("1\n3\n0\n{} {}\n1 1\n", zeros(1), zeros(2)))
        .unwrap();
    assert_eq!(c, Problem::Catmouse.parse("1\n3\n0\n1 2\n1 1\n").unwrap());
    let rick = "Rick's step length 1 of 1";
    let too_large = |to: &str| format!("is too large (at most {to})");
    for (problem, input, line, case, message) in [
        // 2^64 + 3 and 2^64 + 1: wrapped, they would be valid.
        (
            Problem::Berzerk,
            &b"5\n1 18446744073709551619\n1 1\n"[..],
            2,
            None,
            format!("{rick} {}", too_large("4294967295")),
        ),
        (
            Problem::Catmouse,
            b"1\n3\n0\n1 18446744073709551617\n1 1\n",
            4,
            Some(1),
            format!(
                "neighbour 1 of 1 of node 1 (nodes are 0 to 2) {}",
                too_large("18446744073709551615")
            ),
        ),
        // 6 · 2^64 + 3 and + 1, of 21 digits, wrap to valid values just the same.
        (
            Problem::Berzerk,
            b"5\n1 110680464442257309699\n1 1\n",
            2,
            None,
            format!("{rick} {}", too_large("4294967295")),
        ),
        (
            Problem::Pursuit,
            b"1\n3 1\n110680464442257309697 2\n1 2\n",
            3,
            Some(1),
            format!(
                "edge 1 of 1: its first vertex {}",
                too_large("18446744073709551615")
            ),
        ),
        // 19 digits still go the fast way, and are checked against the limit.
        (
            Problem::Berzerk,
            b"5\n1 1000000000000000000\n1 1\n",
            2,
            None,
            format!("{rick}: 1000000000000000000 {}", too_large("4294967295")),
        ),
    ] {
        assert_eq!(input_error(problem, input), (line, case, message));
    }
}
