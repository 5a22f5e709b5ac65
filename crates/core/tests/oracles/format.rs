//! The `.game` format: printing is canonical and parses back, every parse error names
//! its line, and the corpus games solve to their saved text.

use crate::support::{corpus, games, parse};
use retrocheck_core::format::{parse_game, print_game, ParseError};
use retrocheck_core::solution::out_lines;
use retrocheck_core::solve::{certify, Fixpoint, Minimax, Retrograde};
use retrocheck_core::{Outcome, Side, Solver};

#[test]
fn print_then_parse_is_the_identity_and_printing_is_canonical() {
    for g in games(31, 200) {
        let text = print_game(&g);
        let back = parse_game(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, g);
        assert_eq!(print_game(&back), text);
        // Hand check of the canonical form.
        let mut lines = text.lines();
        assert_eq!(lines.next().unwrap(), format!("game {};", g.positions()));
        for p in g.ids() {
            let body = match g.terminal(p) {
                Some(o) => format!("={}", o.letter()),
                None => g
                    .moves(p)
                    .iter()
                    .map(|q| q.to_string())
                    .collect::<Vec<_>>()
                    .join(","),
            };
            assert_eq!(lines.next().unwrap(), format!("{p} {} {body};", g.mover(p)));
        }
        if let Some(s) = g.draw_credit() {
            assert_eq!(lines.next().unwrap(), format!("draw {s};"));
        }
        assert_eq!(lines.next(), None);
    }
    let g = parse("# x\n\ngame 3 ; # header\n2 B =B;\n draw A ;\n0 A 2 , 1,1;\n1 B ;\n");
    assert_eq!(print_game(&g), "game 3;\n0 A 2,1,1;\n1 B ;\n2 B =B;\ndraw A;\n");
    assert_eq!(print_game(&parse("game 0;\n")), "game 0;\n");
    assert_eq!(print_game(&parse("game 1;\n0 A =D;\n")), "game 1;\n0 A =D;\n");
}

#[test]
fn parse_errors_name_the_line() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 1, "expected the header `game N;`, found no statements"),
        ("\n\n# only a comment\n", 3, "expected the header `game N;`, found no statements"),
        ("draw A;\ngame 1;\n", 1, "expected the header `game N;` first"),
        ("game 3;\n0 A ;\n2 A ;\n", 3, "position 1 is missing: every id from 0 to 2 must appear once"),
        ("game 2;\n1 A ;\n\n", 3, "position 0 is missing: every id from 0 to 1 must appear once"),
        ("game 2;\n0 A ;\n", 2, "position 1 is missing: every id from 0 to 1 must appear once"),
        ("game 3;\n0 A 5;\n", 2, "move to 5 is out of range (the game has 3 positions, ids 0 to 2)"),
        ("game 0;\n0 A ;\n", 2, "position id 0 is out of range (the game has 0 positions, ids 0 to 0)"),
        ("game 3;\n3 A ;\n", 2, "position id 3 is out of range (the game has 3 positions, ids 0 to 2)"),
        ("game ;\n", 1, "expected the number of positions, found nothing"),
        ("game 1;\n0 A\n", 2, "expected ';' at the end of the statement '0 A'"),
        ("game 1;\n0 A ;;\n", 2, "expected one statement per line"),
        ("game 1;\ndraw A;\ngame 1;\n", 3, "a second header; the first is on line 1"),
        ("game 1;\n0 A ;\ndraw A;\ndraw A;\n", 4, "a second draw convention; the first is on line 3"),
        ("game 1;\ndraw ;\n", 2, "expected a side A or B, found ''"),
        ("game 1;\n0 X ;\n", 2, "expected the mover A or B after the id, found 'X'"),
        ("game 1;\n0 A =Q;\n", 2, "unknown outcome '=Q': expected =A, =B or =D"),
        ("game 1;\n0 A x;\n", 2, "expected a move, a position id (moves are separated by commas), found 'x'"),
        ("game 4294967295;\n", 1, "4294967295 positions is more than the 4294967294 a game can hold"),
        ("game 4294967294;\n0 A ;\n", 2, "position 1 is missing: every id from 0 to 4294967293 must appear once"),
        ("game 99999999999999999999;\n", 1, "the number of positions '99999999999999999999' is too large"),
        ("game 3;\n2 A ;\n1 A 0 =B;\n0 A ;\n", 3, "position 1 has moves and an explicit outcome; a terminal position has no moves"),
        (
            "game 2;\ndraw A;\n0 A =D;\n1 A ;\n",
            3,
            "position 0 is a terminal draw (line 3) but the game has a draw convention (line 2); they cannot go together",
        ),
        (
            "game 2;\n1 A =D;\n0 A ;\ndraw B;\n",
            4,
            "position 1 is a terminal draw (line 2) but the game has a draw convention (line 4); they cannot go together",
        ),
        ("game 2;\n0 A ;\n1 A ;\n0 B ;\n", 4, "position 0 is defined twice; the first is on line 2"),
    ];
    for &(text, line, message) in cases {
        let e = parse_game(text).expect_err(text);
        assert_eq!(e, ParseError::new(line, message), "{text:?}");
        assert_eq!(e.to_string(), format!("line {line}: {message}"));
    }
    let g = parse("game 1;\n0 A =A ;\n");
    assert_eq!(g.terminal(0), Some(Outcome::Win(Side::A)));
    assert_eq!(
        parse("game 1;\n0 B =B;\n").terminal(0),
        Some(Outcome::Win(Side::B))
    );
    assert_eq!(parse("game 1;\n0 B =D;\n").terminal(0), Some(Outcome::Draw));
    assert_eq!(parse("game 1;\n0 B ;\ndraw B;\n").draw_credit(), Some(Side::B));
    assert_eq!(parse("game 1;\n0 B ;\ndraw A;\n").draw_credit(), Some(Side::A));
    assert_eq!(parse("game 1;\n0 B;\n").mover(0), Side::B);
    assert_eq!(parse("game 1;\n0\tA\t0;\n").moves(0), &[0]);
}

#[test]
fn corpus_games_solve_to_their_saved_text() {
    let dir = corpus().join("games");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let g = parse(&std::fs::read_to_string(&path).unwrap());
        let want = std::fs::read_to_string(path.with_extension("out")).unwrap();
        for solver in [
            &Retrograde as &dyn Solver,
            &Fixpoint::default(),
            &Minimax::default(),
        ] {
            let s = match solver.solve(&g) {
                // The exhaustive reference declines big corpus games (a deep mutant's
                // 257-position chain): the other solvers cover them.
                Err(e) if e.is_refusal() => continue,
                other => other.unwrap(),
            };
            certify(&g, &s).unwrap();
            assert_eq!(out_lines(&s.to_text(&g)), out_lines(&want), "{path:?}");
        }
        seen += 1;
    }
    assert!(seen >= 15, "{seen}");
}
