//! The shrinker: reduces a failing case to a 1-minimal one — no single removal of a
//! position or a move (an edge, for contest instances) still fails the same way.
//!
//! Greedy over candidates ordered most aggressive first: drop halves, quarters, … of
//! the positions (as delta debugging does), then single positions and single moves,
//! then contractions of a position with one move into its successor (which shortens
//! cycles), a reordering followed by a removal (small games), whole move lists, then
//! simplifications (labels, draw convention, movers, move order).
//! Every candidate is strictly smaller in the order (positions, moves, labels, draw
//! convention, B movers, unsorted moves), so shrinking terminates; it stops when no
//! candidate fails, which includes every single removal.

use super::generate::Case;
use super::transform::{
    bypass_position, edited, move_to_front, without_move, without_position, without_positions,
};
use crate::game::{Game, Side};
use crate::problems::{minigame, pursuit, Instance};
use std::time::{Duration, Instant};

/// A shrunk value and how it got there.
#[derive(Clone, Debug)]
pub struct Shrunk<T> {
    pub value: T,
    /// Candidates accepted.
    pub steps: usize,
    /// Candidates tried.
    pub tries: usize,
    pub elapsed: Duration,
}

/// Shrinks `start`, which must fail, keeping only candidates for which `fails` holds.
/// `on_step` sees every accepted candidate (for progress reports).
pub fn shrink<T: Clone>(
    start: T,
    candidates: impl Fn(&T) -> Box<dyn Iterator<Item = T> + '_>,
    mut fails: impl FnMut(&T) -> bool,
    mut on_step: impl FnMut(&T),
) -> Shrunk<T> {
    let began = Instant::now();
    let mut current = start;
    let (mut steps, mut tries) = (0, 0);
    'improve: loop {
        let next = {
            let mut found = None;
            for candidate in candidates(&current) {
                tries += 1;
                if fails(&candidate) {
                    found = Some(candidate);
                    break;
                }
            }
            found
        };
        match next {
            Some(candidate) => {
                steps += 1;
                on_step(&candidate);
                current = candidate;
                continue 'improve;
            }
            None => break,
        }
    }
    Shrunk {
        value: current,
        steps,
        tries,
        elapsed: began.elapsed(),
    }
}

/// Shrinks a generated case (a game, or a contest instance in contest form, keeping
/// the official limits if it met them).
pub fn shrink_case(
    case: &Case,
    fails: impl FnMut(&Case) -> bool,
    on_step: impl FnMut(&Case),
) -> Shrunk<Case> {
    match case {
        Case::Game(_) => shrink(
            case.clone(),
            |c| match c {
                Case::Game(g) => Box::new(game_candidates(g).map(Case::Game)),
                Case::Instance(_) => Box::new(std::iter::empty()),
            },
            fails,
            on_step,
        ),
        Case::Instance(instance) => {
            let official = instance.is_official();
            shrink(
                case.clone(),
                move |c| match c {
                    Case::Instance(i) => Box::new(instance_candidates(i, official).map(Case::Instance)),
                    Case::Game(_) => Box::new(std::iter::empty()),
                },
                fails,
                on_step,
            )
        }
    }
}

/// Compound candidates for small games: move one position to id 0, then remove
/// another. Solvers (and their bugs) often depend on which position they meet first,
/// so a failure can need an entry position that only a reordering makes removable.
const REORDER_LIMIT: usize = 12;

fn reorder_and_remove(game: &Game) -> impl Iterator<Item = Game> + '_ {
    let n = game.positions() as u32;
    let small = game.positions() <= REORDER_LIMIT;
    (1..n).filter(move |_| small).flat_map(move |p| {
        let front = move_to_front(game, p);
        (1..n).map(move |q| without_position(&front, q))
    })
}

/// Every game one removal away: each position, and each move.
pub fn single_removals(game: &Game) -> impl Iterator<Item = Game> + '_ {
    let positions = (game.positions() > 1).then_some(game.ids().map(move |p| without_position(game, p)));
    let moves = game
        .ids()
        .flat_map(move |p| (0..game.moves(p).len()).map(move |i| without_move(game, p, i)));
    positions.into_iter().flatten().chain(moves)
}

/// Candidates for shrinking a game, most aggressive first.
pub fn game_candidates(game: &Game) -> impl Iterator<Item = Game> + '_ {
    let n = game.positions() as u32;
    // Chunks of n/2, n/4, …, 2 positions.
    let chunks = std::iter::successors(Some(n / 2), |&k| (k > 2).then_some(k / 2))
        .filter(move |&k| k >= 2 && k < n)
        .flat_map(move |k| (0..n).step_by(k as usize).map(move |s| (s, (s + k).min(n))))
        .map(move |(s, e)| without_positions(game, s, e));
    let whole_lists = game
        .ids()
        .filter(move |&p| game.moves(p).len() > 1)
        .map(move |p| edited(game, p, game.mover(p), &[], None));
    let labels = game
        .ids()
        .filter(move |&p| game.terminal(p).is_some())
        .map(move |p| edited(game, p, game.mover(p), &[], None));
    let credit = game.draw_credit().map(|_| {
        let mut b = game.to_builder();
        b.draw_credit(None);
        b.build()
            .expect("dropping the draw convention keeps a game valid")
    });
    let movers = game
        .ids()
        .filter(move |&p| game.mover(p) == Side::B)
        .map(move |p| edited(game, p, Side::A, game.moves(p), game.terminal(p)));
    let sorted = game
        .ids()
        .filter(move |&p| !game.moves(p).is_sorted())
        .map(move |p| {
            let mut moves = game.moves(p).to_vec();
            moves.sort_unstable();
            edited(game, p, game.mover(p), &moves, game.terminal(p))
        });
    let bypasses = game.ids().filter_map(move |p| bypass_position(game, p));
    chunks
        .chain(single_removals(game))
        .chain(bypasses)
        .chain(reorder_and_remove(game))
        .chain(whole_lists)
        .chain(labels)
        .chain(credit)
        .chain(movers)
        .chain(sorted)
}

/// Removes vertex `v` from a contest graph: its edges go, later vertices shift down.
fn drop_vertex(edges: &[(u32, u32)], v: u32) -> Vec<(u32, u32)> {
    let shift = |x: u32| if x > v { x - 1 } else { x };
    edges
        .iter()
        .filter(|&&(a, b)| a != v && b != v)
        .map(|&(a, b)| (shift(a), shift(b)))
        .collect()
}

/// Edge lists with a chunk of edges removed: halves, quarters, …, single edges.
fn fewer_edges(edges: &[(u32, u32)], keep_one: bool) -> impl Iterator<Item = Vec<(u32, u32)>> + '_ {
    let m = edges.len();
    std::iter::successors(Some(m.div_ceil(2)), |&k| (k > 1).then_some(k / 2))
        .filter(move |&k| k >= 1 && k <= m && !(keep_one && k == m))
        .flat_map(move |k| (0..m).step_by(k).map(move |s| (s, (s + k).min(m))))
        .map(move |(s, e)| edges[..s].iter().chain(&edges[e..]).copied().collect::<Vec<_>>())
        .filter(move |e| !(keep_one && e.is_empty()))
}

/// Candidates for shrinking a contest instance in contest form, within the official
/// limits when `official`.
pub fn instance_candidates(instance: &Instance, official: bool) -> Box<dyn Iterator<Item = Instance> + '_> {
    match instance {
        Instance::Pursuit(p) => {
            let min_n = if official { 2 } else { 1 };
            let vertices = (0..p.n)
                .filter(move |&v| p.n > min_n && v != p.bob && v != p.alice)
                .map(move |v| pursuit::Instance {
                    n: p.n - 1,
                    edges: drop_vertex(&p.edges, v),
                    bob: p.bob - u32::from(p.bob > v),
                    alice: p.alice - u32::from(p.alice > v),
                });
            let edges =
                fewer_edges(&p.edges, official).map(move |edges| pursuit::Instance { edges, ..p.clone() });
            Box::new(
                vertices
                    .chain(edges)
                    .filter(move |c| !official || c.is_official())
                    .map(Instance::Pursuit),
            )
        }
        Instance::Minigame(m) => {
            let vertices = (0..m.n)
                .filter(move |_| m.n > 1)
                .map(move |v| minigame::Instance {
                    n: m.n - 1,
                    arcs: drop_vertex(&m.arcs, v),
                    ..m.clone()
                });
            let arcs =
                fewer_edges(&m.arcs, official).map(move |arcs| minigame::Instance { arcs, ..m.clone() });
            let actors = (0..6).filter(move |&k| m.actors[k]).map(move |k| {
                let mut actors = m.actors;
                actors[k] = false;
                minigame::Instance { actors, ..m.clone() }
            });
            let order = (0..6).filter(move |&k| m.order[k] == Side::B).map(move |k| {
                let mut order = m.order;
                order[k] = Side::A;
                minigame::Instance { order, ..m.clone() }
            });
            Box::new(
                vertices
                    .chain(arcs)
                    .chain(actors)
                    .chain(order)
                    .filter(move |c| !official || c.is_official())
                    .map(Instance::Minigame),
            )
        }
        // Contest-form shrinking of these problems is not written yet: the product
        // game can still be shrunk as a game.
        Instance::Berzerk(_) | Instance::Shiritori(_) | Instance::Catmouse(_) => Box::new(std::iter::empty()),
    }
}

/// Every instance one removal away (a vertex or an edge), within the official limits
/// when `official`: the 1-minimality check.
pub fn instance_single_removals(instance: &Instance, official: bool) -> Vec<Instance> {
    let singles = |edges: &[(u32, u32)]| -> Vec<Vec<(u32, u32)>> {
        (0..edges.len())
            .map(|i| {
                edges
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &e)| e)
                    .collect()
            })
            .collect()
    };
    let all: Vec<Instance> = match instance {
        Instance::Pursuit(p) => {
            let vertices = (0..p.n)
                .filter(|&v| p.n > 1 && v != p.bob && v != p.alice)
                .map(|v| pursuit::Instance {
                    n: p.n - 1,
                    edges: drop_vertex(&p.edges, v),
                    bob: p.bob - u32::from(p.bob > v),
                    alice: p.alice - u32::from(p.alice > v),
                });
            let edges = singles(&p.edges)
                .into_iter()
                .map(|edges| pursuit::Instance { edges, ..p.clone() });
            vertices.chain(edges).map(Instance::Pursuit).collect()
        }
        Instance::Minigame(m) => {
            let vertices = (0..m.n).filter(|_| m.n > 1).map(|v| minigame::Instance {
                n: m.n - 1,
                arcs: drop_vertex(&m.arcs, v),
                ..m.clone()
            });
            let arcs = singles(&m.arcs)
                .into_iter()
                .map(|arcs| minigame::Instance { arcs, ..m.clone() });
            vertices.chain(arcs).map(Instance::Minigame).collect()
        }
        Instance::Berzerk(_) | Instance::Shiritori(_) | Instance::Catmouse(_) => Vec::new(),
    };
    all.into_iter().filter(|c| !official || c.is_official()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_game;

    #[test]
    fn removing_a_position_renumbers_and_drops_moves_to_it() {
        let g = parse_game("game 3;\n0 A 1,2;\n1 B 0,2;\n2 A 0;\n").unwrap();
        let h = without_position(&g, 1);
        assert_eq!(crate::format::print_game(&h), "game 2;\n0 A 1;\n1 A 0;\n");
    }

    #[test]
    fn shrinking_keeps_only_failing_candidates_and_ends_one_minimal() {
        // "Fails" while some position has a self-loop and some position is stuck.
        let g = parse_game("game 6;\n0 A 1,2;\n1 B 1,3;\n2 A 4,5;\n3 B ;\n4 A 4,0;\n5 B 0;\n").unwrap();
        let fails = |c: &Case| match c {
            Case::Game(g) => {
                g.ids().any(|p| g.moves(p).contains(&p)) && g.ids().any(|p| g.moves(p).is_empty())
            }
            _ => false,
        };
        let shrunk = shrink_case(&Case::Game(g), fails, |_| {});
        let Case::Game(small) = &shrunk.value else {
            panic!()
        };
        assert!(fails(&shrunk.value));
        assert_eq!(small.positions(), 2, "{small:?}");
        assert_eq!(small.move_count(), 1);
        assert!(single_removals(small).all(|c| !fails(&Case::Game(c))));
    }
}
