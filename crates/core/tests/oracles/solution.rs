//! Solutions: comparison, the solution text with its draw convention, output lines, and
//! counted nouns.

use crate::support::parse;
use retrocheck_core::solution::out_lines;
use retrocheck_core::solve::Retrograde;
use retrocheck_core::text::count;
use retrocheck_core::{Difference, Side, Solution, Solver, Value};

#[test]
fn solutions_compare_print_and_read() {
    let a = Solution {
        values: vec![Value::win(Side::A, 1), Value::Draw],
        choices: vec![Some(0), Some(1)],
    };
    assert_eq!((a.len(), a.is_empty()), (2, false));
    let short = Solution {
        values: vec![Value::win(Side::A, 1)],
        choices: vec![Some(0)],
    };
    let d = a.compare(&short).unwrap();
    assert_eq!(
        d,
        Difference {
            position: 1,
            left: (Value::Draw, Some(1)),
            right: (Value::Draw, None)
        }
    );
    assert_eq!(d.to_string(), "position 1: draw, move 1 vs draw, no move");
    let d = short.compare(&a).unwrap();
    assert_eq!(d.position, 1);
    assert_eq!(d.left, (Value::Draw, None));
    let mut b = a.clone();
    b.values[0] = Value::win(Side::B, 1);
    assert_eq!(
        a.compare(&b).unwrap().to_string(),
        "position 0: A wins in 1, move 0 vs B wins in 1, move 0"
    );
    // choices shorter than values: also a difference.
    let mut c = a.clone();
    c.choices.pop();
    assert_eq!(a.compare(&c).unwrap().position, 1);

    let g = parse("game 3;\n0 A 1,2;\n1 B 1;\n2 B 2;\n");
    let s = Retrograde.solve(&g).unwrap();
    assert_eq!(s.to_text(&g), "0 D - 1\n1 D - 1\n2 D - 2\n");
    let ga = parse("game 3;\n0 A 1,2;\n1 B 1;\n2 B 2;\ndraw A;\n");
    assert_eq!(s.to_text(&ga), "0 A - 1\n1 A - 1\n2 A - 2\n");
    let gb = parse("game 3;\n0 A 1,2;\n1 B 1;\n2 B ;\ndraw B;\n");
    assert_eq!(
        Retrograde.solve(&gb).unwrap().to_text(&gb),
        "0 A 1 2\n1 B - 1\n2 A 0 -\n"
    );
    assert_eq!(
        out_lines("  0 A 1 2  # comment\n\n# only\n\t1 B - -\r\n"),
        vec!["0 A 1 2", "1 B - -"]
    );
    assert!(out_lines("").is_empty());
}

#[test]
fn counts_read_well() {
    assert_eq!(count(1, "vertex"), "1 vertex");
    assert_eq!(count(0, "vertex"), "0 vertices");
    assert_eq!(count(2, "vertex"), "2 vertices");
    assert_eq!(count(1, "edge"), "1 edge");
    assert_eq!(count(3, "arc"), "3 arcs");
}
