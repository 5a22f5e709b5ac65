//! Shrinking a test case through its contest input alone: lines, tokens, characters and
//! numbers of the printed case, each edit kept when the text still parses as one test
//! case — the default [`Contest::single_removals`](crate::contest::Contest::single_removals),
//! so a problem of a user's own shrinks before it says how.
//!
//! A problem's own removals (a vertex with its edges, a grid's column) know its
//! structure and shrink further and faster; these know only the text. A list announced
//! by a count ("n m", then m edge lines) is shortened with its count: a block of lines
//! is removed together with the same amount taken off one number of a header line
//! before it (the case's first line, or a line whose shape differs from the next).
//! A value is also lowered everywhere outside the header lines at once (a vertex
//! renamed), so that the count of vertices can follow.
//! Every candidate prints strictly smaller than the case in (length, sum of its
//! numbers), so shrinking by them terminates.

use crate::problems::{parse, ContestProblem};
use std::collections::HashSet;

/// Every test case one edit of `t`'s contest input away, within the official limits
/// when `official`, coarsest first: blocks of lines (halves, quarters, …) with and
/// without their count, ranges of values cut (a count of vertices halved, with the
/// lines that name the vertices beyond it), single lines, single tokens, single
/// characters of words, and each number made 0, 1, half or one less.
pub(crate) fn edits<T: ContestProblem>(t: &T, official: bool) -> Vec<T> {
    let mut text = String::new();
    t.print_case(&mut text);
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split_whitespace().collect()).collect();
    let before = measure(&text);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut keep = |lines: Vec<Vec<String>>| {
        let candidate = join(&lines);
        if !seen.insert(candidate.clone()) {
            return;
        }
        let Some(case) = parse_one::<T>(&candidate) else {
            return;
        };
        let mut printed = String::new();
        case.print_case(&mut printed);
        if measure(&printed) < before && (!official || case.is_official()) {
            out.push(case);
        }
    };
    let owned = |lines: &[Vec<&str>]| -> Vec<Vec<String>> {
        lines
            .iter()
            .map(|l| l.iter().map(|s| s.to_string()).collect())
            .collect()
    };
    // Blocks of lines, each with every header number before it lowered by its length;
    // single lines come after the ranges of values cut below.
    let blocks = |len: usize, keep: &mut dyn FnMut(Vec<Vec<String>>)| {
        for start in (0..lines.len()).step_by(len) {
            let end = (start + len).min(lines.len());
            let removed = end - start;
            let mut rest = owned(&lines[..start]);
            rest.extend(owned(&lines[end..]));
            keep(rest.clone());
            for (line, token) in header_numbers(&lines[..start]) {
                let value: u64 = lines[line][token].parse().expect("a header number");
                if let Some(lowered) = value.checked_sub(removed as u64) {
                    let mut counted = rest.clone();
                    counted[line][token] = lowered.to_string();
                    keep(counted);
                }
            }
        }
    };
    // The header lines' numbers (counts), and the lines of the body they announce.
    let headers = header_numbers(&lines);
    let header_lines: HashSet<usize> = headers.iter().map(|&(i, _)| i).collect();
    let body = |i: usize| i > 0 && !header_lines.contains(&i);
    // The lines with every number of the body mapped by `f` (a vertex renamed …).
    let renamed = |f: &dyn Fn(u64) -> u64| -> Vec<Vec<String>> {
        let mut rest = owned(&lines);
        for i in (0..lines.len()).filter(|&i| body(i)) {
            for token in rest[i].iter_mut() {
                if let Some(w) = token
                    .parse::<u64>()
                    .ok()
                    .map(f)
                    .filter(|&w| token.parse() != Ok(w))
                {
                    *token = w.to_string();
                }
            }
        }
        rest
    };
    let mut len = lines.len().next_power_of_two();
    while len >= 2 {
        blocks(len, &mut keep);
        len /= 2;
    }
    // A range of values cut: a header number (a count of vertices, n) made half,
    // a quarter, … of itself, the body lines that name a larger value removed, and
    // another header number (the count of those lines, m) lowered by as many. Without
    // it a graph of 2,000 vertices loses one vertex per step, each a run of the
    // program (issue 35: a 1,876-vertex failure took over ten minutes to shrink).
    for &(line, token) in &headers {
        let n: u64 = lines[line][token].parse().expect("a header number");
        let mut bound = n / 2;
        while bound >= 1 {
            // The kept lines, each with its place in `lines`: header lines always stay.
            let kept: Vec<usize> = (0..lines.len())
                .filter(|&i| !body(i) || !lines[i].iter().any(|t| t.parse::<u64>().is_ok_and(|v| v > bound)))
                .collect();
            let removed = (lines.len() - kept.len()) as u64;
            let at = |original: usize| kept.binary_search(&original).expect("a header line is kept");
            let mut rest: Vec<Vec<String>> = kept.iter().map(|&i| owned(&lines[i..=i]).remove(0)).collect();
            rest[at(line)][token] = bound.to_string();
            keep(rest.clone());
            for &(count_line, count_token) in &headers {
                if (count_line, count_token) == (line, token) || removed == 0 {
                    continue;
                }
                let value: u64 = lines[count_line][count_token].parse().expect("a header number");
                if let Some(lowered) = value.checked_sub(removed) {
                    let mut counted = rest.clone();
                    counted[at(count_line)][count_token] = lowered.to_string();
                    keep(counted);
                }
            }
            bound /= 2;
        }
    }
    blocks(1, &mut keep);
    // Single tokens, then single characters of the tokens that are not numbers.
    for (i, line) in lines.iter().enumerate() {
        for j in 0..line.len() {
            let mut rest = owned(&lines);
            rest[i].remove(j);
            keep(rest);
        }
    }
    for (i, line) in lines.iter().enumerate() {
        for (j, token) in line.iter().enumerate() {
            if token.parse::<i64>().is_ok() || token.chars().count() < 2 {
                continue;
            }
            for (k, _) in token.char_indices() {
                let mut rest = owned(&lines);
                let mut word = token.to_string();
                word.remove(k);
                rest[i][j] = word;
                keep(rest);
            }
        }
    }
    // A value made smaller everywhere outside the header lines: a vertex renamed, so
    // that the count of vertices can follow.
    let mut values: Vec<u64> = (0..lines.len())
        .filter(|&i| body(i))
        .flat_map(|i| lines[i].iter().filter_map(|t| t.parse::<u64>().ok()))
        .collect();
    values.sort_unstable();
    values.dedup();
    // First the values made dense at once, in order (the vertices renumbered 1, 2, …
    // from the smallest), with each header number that counted more values lowered to
    // the largest one left: one step where renaming vertices one by one takes as many
    // steps as there are gaps (issue 35).
    if let Some(&least) = values.first() {
        let dense = |v: u64| least + values.binary_search(&v).expect("a body value") as u64;
        let largest = dense(*values.last().expect("not empty"));
        if largest < *values.last().expect("not empty") {
            let rest = renamed(&dense);
            keep(rest.clone());
            for &(line, token) in &headers {
                let value: u64 = lines[line][token].parse().expect("a header number");
                if largest < value {
                    let mut counted = rest.clone();
                    counted[line][token] = largest.to_string();
                    keep(counted);
                }
            }
        }
    }
    for &value in values.iter().rev() {
        for smaller in [value - 1, value / 2, 1, 0] {
            if smaller < value {
                keep(renamed(&|v| if v == value { smaller } else { v }));
            }
        }
    }
    // Numbers made smaller: toward zero, as a solution's edge cases sit there.
    for (i, line) in lines.iter().enumerate() {
        for (j, token) in line.iter().enumerate() {
            let Ok(value) = token.parse::<i64>() else {
                continue;
            };
            let toward_zero = [0, value.signum(), value / 2, value - value.signum()];
            for smaller in toward_zero {
                if smaller.unsigned_abs() < value.unsigned_abs() {
                    let mut rest = owned(&lines);
                    rest[i][j] = smaller.to_string();
                    keep(rest);
                }
            }
        }
    }
    out
}

/// The numbers of the lines that may announce a count: the first line, and every line
/// whose number of tokens differs from the next line's (the line before a block).
fn header_numbers(lines: &[Vec<&str>]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let header = i == 0 || lines.get(i + 1).is_some_and(|next| next.len() != line.len());
        if header {
            out.extend(
                (0..line.len())
                    .filter(|&j| line[j].parse::<u64>().is_ok_and(|v| v > 0))
                    .map(|j| (i, j)),
            );
        }
    }
    out
}

/// One test case from its printed text, or `None` when it does not parse as exactly one.
fn parse_one<T: ContestProblem>(text: &str) -> Option<T> {
    let input = if T::COUNTED {
        format!("1\n{text}")
    } else {
        text.to_string()
    };
    let mut cases = parse::<T>(input.as_bytes()).ok()?;
    (cases.len() == 1).then(|| cases.pop().expect("one case"))
}

fn join(lines: &[Vec<String>]) -> String {
    let mut text = String::new();
    for line in lines {
        text += &line.join(" ");
        text.push('\n');
    }
    text
}

/// The order every edit descends in: the text's length, then the sum of its numbers'
/// magnitudes.
fn measure(text: &str) -> (usize, u128) {
    let sum = text
        .split_whitespace()
        .filter_map(|t| t.parse::<i64>().ok())
        .map(|v| u128::from(v.unsigned_abs()))
        .sum();
    (text.len(), sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::pursuit;

    fn pursuit_case(text: &str) -> pursuit::Instance {
        let mut cases = parse::<pursuit::Instance>(format!("1\n{text}").as_bytes()).expect("parses");
        cases.pop().expect("one case")
    }

    /// The edge list announced by "n m" is shortened with its count: without the pair
    /// edit no removal of an edge line would parse.
    #[test]
    fn an_edge_line_goes_with_its_count() {
        let case = pursuit_case("3 3\n1 2\n2 3\n3 1\n1 2\n");
        let mut shorter = String::new();
        pursuit_case("3 2\n1 2\n3 1\n1 2\n").print_case(&mut shorter);
        let printed: Vec<String> = edits(&case, false)
            .iter()
            .map(|c| {
                let mut s = String::new();
                c.print_case(&mut s);
                s
            })
            .collect();
        assert!(printed.contains(&shorter), "{printed:?}");
    }

    /// Every candidate parses back to itself and is smaller than the case, so a shrink by
    /// these edits ends.
    #[test]
    fn every_edit_parses_and_is_smaller() {
        let case = pursuit_case("4 4\n1 2\n2 3\n3 4\n4 1\n1 3\n");
        let mut text = String::new();
        case.print_case(&mut text);
        let candidates = edits(&case, true);
        assert!(candidates.len() >= 4, "{}", candidates.len());
        for c in candidates {
            let mut printed = String::new();
            c.print_case(&mut printed);
            assert!(measure(&printed) < measure(&text), "{printed}");
            assert_eq!(pursuit_case(&printed), c);
            assert!(c.is_official());
        }
    }

    /// The failure the shrinking tests keep: the product game has a draw.
    fn draws(c: &pursuit::Instance) -> bool {
        let outcomes = c.implicit_outcomes().expect("small");
        outcomes.contains(&crate::game::Outcome::Draw)
    }

    /// These edits as the one pass of a shrink.
    fn text_edits(official: bool) -> crate::shrink::Passes<pursuit::Instance> {
        crate::shrink::Passes {
            list: vec![crate::shrink::pass(
                "text edits",
                move |c: &pursuit::Instance, from| -> Box<dyn Iterator<Item = pursuit::Instance> + '_> {
                    Box::new(edits(c, official).into_iter().skip(from))
                },
            )],
            singles: 0,
        }
    }

    /// A failure that needs a cycle (a draw in the product game) shrinks by these edits
    /// alone from a random 40-vertex case to one where no edit still draws: what a
    /// problem without removals of its own gets.
    #[test]
    fn a_random_case_shrinks_to_one_no_edit_keeps_failing() {
        use crate::contest::{Contest, Rules};
        use crate::shrink::shrink_until;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let start = (0..)
            .map(|_| pursuit::Instance::generate(&mut rng, 40, Rules::OFFICIAL))
            .find(draws)
            .expect("a drawing case");
        let passes = text_edits(true);
        let shrunk = shrink_until(start.clone(), &passes, draws, |_| {}, None).value;
        assert!(
            shrunk.n <= 4 && shrunk.edges.len() <= 6,
            "{shrunk:?} from {start:?}"
        );
        assert!(edits(&shrunk, true).iter().all(|c| !draws(c)));
    }

    /// Issue 35: a failure found at 1,876 vertices shrank one vertex per step, each
    /// step a run of the user's program, for over ten minutes. With the values made
    /// dense and ranges of them cut, a 300-vertex case that fails while it has a draw
    /// shrinks in 179 judgements (101 steps), where one vertex at a time took 301 (248
    /// steps); from 1,000 vertices, 177 judgements.
    #[test]
    fn a_large_graph_shrinks_by_ranges_of_vertices_in_few_judgements() {
        use crate::contest::{Contest, Rules};
        use crate::shrink::shrink_until;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let beyond = Rules {
            beyond_limits: true,
            ..Rules::OFFICIAL
        };
        let start = (0..)
            .map(|_| pursuit::Instance::generate(&mut rng, 300, beyond))
            .find(draws)
            .expect("a drawing case");
        assert!(start.n >= 150, "{}", start.n);
        let passes = text_edits(false);
        let shrunk = shrink_until(start.clone(), &passes, draws, |_| {}, None);
        assert!(shrunk.value.n <= 4, "{:?}", shrunk.value);
        assert!(shrunk.tries < 250, "{} judgements", shrunk.tries);
    }
}
