//! Pictures of small games: Graphviz DOT with positions coloured by outcome, movers as
//! shapes, explicit terminals double-bordered, chosen moves bold, remoteness in labels.

use retrocheck::game::{Game, Outcome, Side, Value};
use retrocheck::solution::Solution;
use std::fmt::Write as _;

/// The DOT text of `game` with its `solution`.
pub fn dot(game: &Game, solution: &Solution) -> String {
    let mut out =
        String::from("digraph game {\n  rankdir=LR;\n  node [style=filled, fontname=\"Helvetica\"];\n");
    let legend = match game.draw_credit() {
        Some(side) => format!(
            "box: A moves, ellipse: B moves; blue: A wins, red: B wins, grey: draw (credited to {side})"
        ),
        None => "box: A moves, ellipse: B moves; blue: A wins, red: B wins, grey: draw".to_string(),
    };
    let _ = writeln!(out, "  labelloc=b;\n  label=\"{legend}\";");
    for p in game.ids() {
        let value = solution.values[p as usize];
        let (colour, text) = match value {
            Value::Win {
                winner: Side::A,
                remoteness,
            } => ("#9ecae1", format!("A in {remoteness}")),
            Value::Win {
                winner: Side::B,
                remoteness,
            } => ("#fc9272", format!("B in {remoteness}")),
            Value::Draw => ("#d9d9d9", "draw".to_string()),
        };
        let shape = match game.mover(p) {
            Side::A => "box",
            Side::B => "ellipse",
        };
        let terminal = match game.terminal(p) {
            Some(Outcome::Win(side)) => format!("\\n={side}"),
            Some(Outcome::Draw) => "\\n=D".to_string(),
            None => String::new(),
        };
        let border = if game.terminal(p).is_some() {
            ", peripheries=2"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "  {p} [label=\"{p}\\n{text}{terminal}\", shape={shape}, fillcolor=\"{colour}\"{border}];"
        );
    }
    for p in game.ids() {
        let mut chosen_drawn = false;
        for &q in game.moves(p) {
            let chosen = !chosen_drawn && solution.choices[p as usize] == Some(q);
            chosen_drawn |= chosen;
            let style = if chosen {
                " [penwidth=2.5, color=\"#252525\"]"
            } else {
                " [color=\"#969696\"]"
            };
            let _ = writeln!(out, "  {p} -> {q}{style};");
        }
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use retrocheck::format::parse_game;
    use retrocheck::solve::retrograde;

    #[test]
    fn dot_marks_values_movers_terminals_and_the_chosen_move() {
        let g = parse_game("game 3;\n0 A 1,2;\n1 B 0;\n2 B =A;\n").unwrap();
        let d = dot(&g, &retrograde::solve(&g));
        assert!(d.contains("0 [label=\"0\\nA in 1\", shape=box"), "{d}");
        assert!(d.contains("1 [label=\"1\\nA in 2\", shape=ellipse"), "{d}");
        assert!(
            d.contains("2 [label=\"2\\nA in 0\\n=A\", shape=ellipse, fillcolor=\"#9ecae1\", peripheries=2]"),
            "{d}"
        );
        assert!(d.contains("0 -> 2 [penwidth=2.5"), "{d}");
        assert!(d.contains("0 -> 1 [color"), "{d}");
    }
}
