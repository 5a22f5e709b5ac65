//! The shrinking passes of games: big steps first (keep only the decided lines of
//! play, half the positions, what one position reaches, all but one strongly connected
//! component, chunks of positions and moves, contracted chains), then every single
//! removal, then merges, redirections and simplifications.

use super::{chunks, pass, Passes};
use crate::game::{Game, Side};
use crate::transform::{
    bypass_position, bypass_positions, contractible_run, edit_moves, edited, move_to_front, reachable_from,
    strongly_connected_components, without_move, without_moves, without_position, without_positions,
    without_set,
};

/// Compound candidates for small games: move one position to id 0, then remove
/// another position or one move. Solvers (and their bugs) often depend on which
/// position they meet first, so a failure can need an entry position that only a
/// reordering makes removable.
const REORDER_LIMIT: usize = 12;

fn reorder_and_remove(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    let n = game.positions() as u32;
    if game.positions() > REORDER_LIMIT {
        return Box::new(std::iter::empty());
    }
    let removals = game.positions() - 1 + game.move_count();
    Box::new(
        (1..n)
            .flat_map(move |p| (0..removals).map(move |r| (p, r)))
            .skip(from)
            .map(move |(p, r)| {
                let front = move_to_front(game, p);
                match r.checked_sub(game.positions() - 1) {
                    None => without_position(&front, r as u32 + 1),
                    Some(m) => {
                        let (q, i) = front
                            .ids()
                            .flat_map(|q| (0..front.moves(q).len()).map(move |i| (q, i)))
                            .nth(m)
                            .expect("a move of the reordered game");
                        without_move(&front, q, i)
                    }
                }
            }),
    )
}

/// The exhaustive family's games up to this many positions are the last candidates
/// of a value this small or smaller (see [`smaller_exhaustive`]).
const EXHAUSTIVE_POSITIONS: u32 = 2;
const EXHAUSTIVE_FROM: usize = 4;

/// For games of at most 4 positions: every game of the exhaustive family with at most
/// 2 positions that is smaller (fewer positions, or as many and fewer moves) and has
/// no more moves, smallest first. The structural passes cannot always reach the
/// smallest counterexample (it may need a self-loop, a label and a move order that no
/// chain of failing removals passes through); at this size trying every smaller game
/// costs at most a few hundred runs and makes the result the global minimum whenever
/// one of 2 positions exists.
fn smaller_exhaustive(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    use crate::exhaustive::{game_at, size, Lookup};
    if game.positions() > EXHAUSTIVE_FROM {
        return Box::new(std::iter::empty());
    }
    let key = (game.positions(), game.move_count());
    Box::new(
        (0..size(EXHAUSTIVE_POSITIONS))
            .filter_map(|i| match game_at(i, EXHAUSTIVE_POSITIONS) {
                Lookup::Canonical(g) => Some(g),
                _ => None,
            })
            .filter(move |g| (g.positions(), g.move_count()) < key && g.move_count() <= key.1)
            .skip(from),
    )
}

/// Games this small get every merge of two positions and every redirected move (see
/// [`merges`], [`redirect_and_remove`]); larger ones only merges of twin terminals.
const MERGE_LIMIT: usize = 12;
const REDIRECT_LIMIT: usize = 8;

/// `game` with position `v` merged into `u`: moves to `v` go to `u`, `v` goes, and
/// with `union` `u` also gets `v`'s moves (losing a label it had if they are not none).
fn merged_game(game: &Game, u: u32, v: u32, union: bool) -> Option<Game> {
    let rename = |x: u32| {
        let x = if x == v { u } else { x };
        x - u32::from(x > v)
    };
    let mut b = crate::game::GameBuilder::with_capacity(game.positions() - 1, game.move_count());
    let mut moves = Vec::new();
    for p in game.ids().filter(|&p| p != v) {
        moves.clear();
        moves.extend(game.moves(p).iter().map(|&t| rename(t)));
        let mut label = game.terminal(p);
        if union && p == u {
            moves.extend(game.moves(v).iter().map(|&t| rename(t)));
            label = label.filter(|_| moves.is_empty());
        }
        b.position(game.mover(p), &moves, label);
    }
    b.draw_credit(game.draw_credit());
    b.build().ok()
}

/// Merges of two positions into one. Two positions that play the same role in a
/// failure (two stuck positions, a detour and its target) are one position in the
/// smallest counterexample, and no removal of either keeps the failure. Small games
/// try every ordered pair, both with the merged position's moves dropped and kept;
/// larger ones merge each class of terminal twins (same mover, same label) at once,
/// then pairwise within the class.
fn merges(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    let n = game.positions() as u32;
    if game.positions() <= MERGE_LIMIT {
        return Box::new(
            (0..n)
                .flat_map(move |u| (0..n).filter(move |&v| v != u).map(move |v| (u, v)))
                // Keeping the moves of a position without any is the plain merge.
                .flat_map(move |(u, v)| {
                    [(u, v, false), (u, v, true)]
                        .into_iter()
                        .take(1 + usize::from(!game.moves(v).is_empty()))
                })
                .skip(from)
                .filter_map(move |(u, v, union)| merged_game(game, u, v, union)),
        );
    }
    let mut classes: std::collections::BTreeMap<(Side, Option<String>), Vec<u32>> = Default::default();
    for p in game.ids().filter(|&p| game.moves(p).is_empty()) {
        let label = game.terminal(p).map(|o| format!("{o:?}"));
        classes.entry((game.mover(p), label)).or_default().push(p);
    }
    let twins: Vec<Vec<u32>> = classes.into_values().filter(|c| c.len() > 1).collect();
    let whole = twins.clone().into_iter().map(|class| {
        let keep = class[0];
        let mut into = vec![u32::MAX; game.positions()];
        for &p in &class[1..] {
            into[p as usize] = keep;
        }
        into
    });
    let pairs = twins
        .into_iter()
        .filter(|c| c.len() > 2)
        .flat_map(|c| c[1..].iter().map(|&v| (c[0], v)).collect::<Vec<_>>())
        .map(|(u, v)| {
            let mut into = vec![u32::MAX; game.positions()];
            into[v as usize] = u;
            into
        });
    Box::new(
        whole
            .chain(pairs)
            .skip(from)
            .map(move |into| merged_into(game, &into)),
    )
}

/// `game` with every position `p` for which `into[p]` is not `u32::MAX` merged into
/// `into[p]` (a kept position): moves to it go there, it goes.
fn merged_into(game: &Game, into: &[u32]) -> Game {
    let gone = |p: u32| into[p as usize] != u32::MAX;
    let mut new_id = vec![0u32; game.positions()];
    let mut next = 0;
    for p in game.ids() {
        new_id[p as usize] = next;
        next += u32::from(!gone(p));
    }
    let target = |t: u32| new_id[if gone(t) { into[t as usize] } else { t } as usize];
    let mut b = crate::game::GameBuilder::with_capacity(next as usize, game.move_count());
    let mut moves = Vec::new();
    for p in game.ids().filter(|&p| !gone(p)) {
        moves.clear();
        moves.extend(game.moves(p).iter().map(|&t| target(t)));
        b.position(game.mover(p), &moves, game.terminal(p));
    }
    b.draw_credit(game.draw_credit());
    b.build().expect("merging twins keeps a game valid")
}

/// For small games: one move redirected to another position (itself included), then
/// its old target removed. A failure often needs some move of a kind (a self-loop, a
/// move back) that the found case realised with a detour through more positions.
fn redirect_and_remove(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    let n = game.positions() as u32;
    if game.positions() > REDIRECT_LIMIT {
        return Box::new(std::iter::empty());
    }
    Box::new(
        game.ids()
            .flat_map(move |p| (0..game.moves(p).len()).map(move |i| (p, i)))
            .flat_map(move |(p, i)| (0..n).map(move |t| (p, i, t)))
            .filter(move |&(p, i, t)| {
                let x = game.moves(p)[i];
                t != x && x != p
            })
            .skip(from)
            .map(move |(p, i, t)| {
                let x = game.moves(p)[i];
                let mut moves = game.moves(p).to_vec();
                moves[i] = t;
                without_position(&edited(game, p, game.mover(p), &moves, None), x)
            }),
    )
}

/// For small games: a position's whole move list replaced by a terminal label (=A,
/// =B or =D): a self-loop or a cycle that only made a draw is one labelled position.
/// (On a big game three candidates per position would dominate the final sweep.)
fn move_lists_to_labels(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    use crate::game::Outcome;
    if game.positions() > MERGE_LIMIT {
        return Box::new(std::iter::empty());
    }
    let labels = [Outcome::Draw, Outcome::Win(Side::A), Outcome::Win(Side::B)];
    Box::new(
        game.ids()
            .filter(move |&p| !game.moves(p).is_empty())
            .flat_map(move |p| labels.into_iter().map(move |l| (p, l)))
            .skip(from)
            .filter_map(move |(p, label)| {
                // `=D` is no valid label under a draw convention: no candidate then.
                let mut b = crate::game::GameBuilder::with_capacity(game.positions(), game.move_count());
                for q in game.ids() {
                    if q == p {
                        b.position(game.mover(q), &[] as &[u32], Some(label));
                    } else {
                        b.position(game.mover(q), game.moves(q), game.terminal(q));
                    }
                }
                b.draw_credit(game.draw_credit());
                b.build().ok()
            }),
    )
}

/// Every game one removal away: each position, and each move.
pub fn single_removals(game: &Game) -> impl Iterator<Item = Game> + '_ {
    single_removals_from(game, 0)
}

fn single_removals_from(game: &Game, from: usize) -> impl Iterator<Item = Game> + '_ {
    let n = if game.positions() > 1 { game.positions() } else { 0 };
    let positions = (0..n as u32).skip(from).map(move |p| without_position(game, p));
    let moves = game
        .ids()
        .flat_map(move |p| (0..game.moves(p).len()).map(move |i| (p, i)))
        .skip(from.saturating_sub(n))
        .map(move |(p, i)| without_move(game, p, i));
    positions.chain(moves)
}

/// Removes one of `parts` chunks of the positions (at least 2 each).
fn position_chunks(game: &Game, parts: usize, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    Box::new(
        chunks(game.positions(), parts, 2)
            .skip(from)
            .map(move |(s, e)| without_positions(game, s as u32, e as u32)),
    )
}

/// Removes one of `parts` chunks (at least 2 moves each) of all the game's moves, in
/// position order: delta debugging over the moves. A failure found on a big game needs
/// few of its moves (a chain, a cycle), but they are spread over thousands of short
/// lists that [`move_list_chunks`] leaves alone, and removing them one at a time is a
/// run per move.
fn move_chunks(game: &Game, parts: usize, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    Box::new(chunks(game.move_count(), parts, 2).skip(from).map(move |(s, e)| {
        let mut seen = 0;
        edit_moves(game, |_, moves| {
            let first = seen;
            seen += moves.len();
            let mut j = first;
            moves.retain(|_| {
                let keep = j < s || j >= e;
                j += 1;
                keep
            });
        })
    }))
}

/// How many roots [`reachable_parts`] tries: each costs a pass over the game.
const ROOTS: usize = 16;

/// Keeps only what one position reaches: roots without predecessors first (where
/// generated games start), then the first ids.
fn reachable_parts(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    let n = game.positions();
    let mut has_predecessor = vec![false; n];
    for p in game.ids() {
        for &q in game.moves(p) {
            if q != p {
                has_predecessor[q as usize] = true;
            }
        }
    }
    let mut roots: Vec<u32> = game
        .ids()
        .filter(|&p| !has_predecessor[p as usize])
        .take(ROOTS / 2)
        .collect();
    for p in game.ids().take(ROOTS) {
        if roots.len() == ROOTS {
            break;
        }
        if !roots.contains(&p) {
            roots.push(p);
        }
    }
    Box::new(
        roots
            .into_iter()
            .skip(from)
            .map(move |r| reachable_from(game, r).0)
            .filter(move |g| g.positions() < n),
    )
}

/// How many strongly connected components [`without_components`] tries, largest first.
const COMPONENTS: usize = 64;

/// Drops one strongly connected component of 2 or more positions, largest first: a
/// cycle cannot lose its positions one at a time without breaking first.
fn without_components(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    let n = game.positions();
    let mut components: Vec<Vec<u32>> = strongly_connected_components(game)
        .into_iter()
        .filter(|c| c.len() >= 2 && c.len() < n)
        .collect();
    components.sort_by_key(|c| std::cmp::Reverse(c.len()));
    components.truncate(COMPONENTS);
    Box::new(components.into_iter().skip(from).map(move |c| {
        let mut remove = vec![false; n];
        for p in c {
            remove[p as usize] = true;
        }
        without_set(game, &remove)
    }))
}

/// Contracts runs of single-move positions (see [`contractible_run`]): all of them
/// at once, then halves, quarters, … of them (at least 2 each), so a chain of 5,000
/// positions halves per step instead of losing one position.
fn chain_runs(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    let run = contractible_run(game);
    let r = run.len();
    let ranges: Vec<(usize, usize)> = if r < 2 {
        Vec::new()
    } else {
        std::iter::once((0, r))
            .chain(
                std::iter::successors(Some(2), |&p| (p < r).then_some(p * 2))
                    .flat_map(move |p| chunks(r, p, 2)),
            )
            .collect()
    };
    Box::new(
        ranges
            .into_iter()
            .skip(from)
            .map(move |(s, e)| bypass_positions(game, &run[s..e])),
    )
}

/// Move lists this long or longer lose chunks of moves before single moves go.
const LONG_LIST: usize = 8;
/// How many of the longest move lists lose chunks.
const LONG_LISTS: usize = 32;

/// Removes halves, quarters, … (at least 2 moves each) of the longest move lists: a
/// position may have thousands of moves.
fn move_list_chunks(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    let mut long: Vec<u32> = game.ids().filter(|&p| game.moves(p).len() >= LONG_LIST).collect();
    long.sort_by_key(|&p| std::cmp::Reverse(game.moves(p).len()));
    long.truncate(LONG_LISTS);
    Box::new(
        long.into_iter()
            .flat_map(move |p| {
                let d = game.moves(p).len();
                std::iter::successors(Some(2), move |&parts| (parts < d).then_some(parts * 2))
                    .flat_map(move |parts| chunks(d, parts, 2))
                    .map(move |(s, e)| (p, s, e))
            })
            .skip(from)
            .map(move |(p, s, e)| without_moves(game, p, s, e)),
    )
}

/// Contracts one position with one move into its successor (this shortens cycles).
fn single_contractions(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    Box::new(
        game.ids()
            .filter(move |&p| matches!(game.moves(p), &[s] if s != p))
            .skip(from)
            .filter_map(move |p| bypass_position(game, p)),
    )
}

/// Every simplification at once, each kind a candidate: no labels, no draw
/// convention, only A movers, sorted move lists. Tried first, so that a case where they
/// all hold loses them in a few tries instead of one position per step (and the final
/// sweep does not find them one by one and restart).
fn simplifications(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    let rebuilt = move |kind: usize| {
        let mut b = crate::game::GameBuilder::with_capacity(game.positions(), game.move_count());
        let mut moves = Vec::new();
        for p in game.ids() {
            moves.clear();
            moves.extend_from_slice(game.moves(p));
            let (mut mover, mut label) = (game.mover(p), game.terminal(p));
            match kind {
                0 if label.is_some() => (moves.clear(), label = None).1,
                1 => mover = Side::A,
                2 => moves.sort_unstable(),
                _ => {}
            }
            b.position(mover, &moves, label);
        }
        b.draw_credit(game.draw_credit().filter(|_| kind != 3));
        b.build().expect("simplifications keep a game valid")
    };
    let applies = [
        game.ids().any(|p| game.terminal(p).is_some()),
        game.ids().any(|p| game.mover(p) == Side::B),
        game.ids().any(|p| !game.moves(p).is_sorted()),
        game.draw_credit().is_some(),
    ];
    Box::new((0..4).filter(move |&k| applies[k]).skip(from).map(rebuilt))
}

/// Keeps only the moves that decide the game: each position keeps its chosen optimal
/// move alone (a win's winning move, a loss's longest resistance, a draw's move to a
/// draw), which leaves every value and remoteness as it was; first, further, only what
/// the position of greatest remoteness reaches through those moves, its line of play to
/// the end. A failure that needs long remoteness or a draw, not the other moves, then
/// loses tens of thousands of positions and moves in one step: a remoteness that wraps
/// at 2^16 shrank in 5 minutes only to 70,194 positions and 191,874 moves without it,
/// where the answer is a line of 65,537 positions.
fn decided_lines(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    let (n, m) = (game.positions(), game.move_count());
    if from >= 2 || m == 0 {
        return Box::new(std::iter::empty());
    }
    let solution = crate::solve::retrograde::solve(game);
    let mut b = crate::game::GameBuilder::with_capacity(n, n);
    for p in game.ids() {
        let choice = solution.choices[p as usize];
        b.position(game.mover(p), choice.as_slice(), game.terminal(p));
    }
    b.draw_credit(game.draw_credit());
    let lines = b
        .build()
        .expect("keeping one move of each position keeps a game valid");
    let deepest = game
        .ids()
        .max_by_key(|&p| (solution.values[p as usize].remoteness(), std::cmp::Reverse(p)))
        .expect("a game has a position");
    let line = reachable_from(&lines, deepest).0;
    Box::new(
        [line, lines]
            .into_iter()
            .filter(move |g| g.positions() < n || g.move_count() < m)
            .skip(from),
    )
}

/// Drops every position farther from the end than a cut: the top half, quarter,
/// eighth, … of the range of remoteness, one candidate each, biggest first. A failure
/// that needs a long game (a solver that stops looking after 1,000 moves) keeps failing
/// while the longest line stays past its horizon, so a line of 1,153 positions loses
/// its 150 farthest ones in a few steps of a few judgements each, where the single
/// removals find one removable end among a thousand positions per step.
fn remoteness_cuts(game: &Game, from: usize) -> Box<dyn Iterator<Item = Game> + '_> {
    let values = crate::solve::retrograde::values(game);
    let remoteness: Vec<Option<u32>> = values.iter().map(|v| v.remoteness()).collect();
    let longest = remoteness.iter().flatten().copied().max().unwrap_or(0);
    let mut cuts: Vec<u32> = std::iter::successors(Some(2u32), |&d| d.checked_mul(2))
        .take_while(|&d| longest / d > 0)
        .map(|d| longest - longest / d)
        .collect();
    cuts.dedup();
    Box::new(cuts.into_iter().skip(from).map(move |cut| {
        let remove: Vec<bool> = remoteness.iter().map(|r| r.is_some_and(|r| r > cut)).collect();
        without_set(game, &remove)
    }))
}

/// Position chunk passes after the halves: 4, 8, … parts, up to 2^25.
const FINEST_PARTS: u32 = 25;

/// The passes for games, coarsest first.
pub(crate) fn game_passes() -> Passes<Game> {
    let mut list = vec![
        pass("whole-game simplifications", simplifications),
        pass("decided lines of play", decided_lines),
        pass("remoteness cuts", remoteness_cuts),
        pass("halves", |g: &Game, from| position_chunks(g, 2, from)),
        pass("reachable from a root", reachable_parts),
        pass("strongly connected components", without_components),
    ];
    for log in 2..=FINEST_PARTS {
        list.push(pass("position chunks", move |g: &Game, from| {
            position_chunks(g, 1 << log, from)
        }));
    }
    // Move chunks down to 4096ths: with `COARSE_PATIENCE` a fine partition costs
    // little when its chunks stop failing, and removing the last few moves of a big
    // game here spares a whole final sweep over its positions.
    for log in 1..=12 {
        list.push(pass("move chunks", move |g: &Game, from| {
            move_chunks(g, 1 << log, from)
        }));
    }
    list.push(pass("chain runs", chain_runs));
    list.push(pass("move-list chunks", move_list_chunks));
    let singles = list.len();
    list.push(pass(
        "single removals",
        |g: &Game, from| -> Box<dyn Iterator<Item = Game> + '_> { Box::new(single_removals_from(g, from)) },
    ));
    list.push(pass("single contractions", single_contractions));
    list.push(pass("merges", merges));
    list.push(pass("reorder and remove", reorder_and_remove));
    list.push(pass("redirect and remove", redirect_and_remove));
    list.push(pass("move lists to labels", move_lists_to_labels));
    list.push(pass("smaller games of the exhaustive family", smaller_exhaustive));
    list.push(pass(
        "whole move lists",
        |game: &Game, from| -> Box<dyn Iterator<Item = Game> + '_> {
            Box::new(
                game.ids()
                    .filter(move |&p| game.moves(p).len() > 1)
                    .skip(from)
                    .map(move |p| edited(game, p, game.mover(p), &[], None)),
            )
        },
    ));
    list.push(pass(
        "labels",
        |game: &Game, from| -> Box<dyn Iterator<Item = Game> + '_> {
            Box::new(
                game.ids()
                    .filter(move |&p| game.terminal(p).is_some())
                    .skip(from)
                    .map(move |p| edited(game, p, game.mover(p), &[], None)),
            )
        },
    ));
    list.push(pass(
        "draw convention",
        |game: &Game, from| -> Box<dyn Iterator<Item = Game> + '_> {
            Box::new(
                game.draw_credit()
                    .filter(|_| from == 0)
                    .map(|_| {
                        let mut b = game.to_builder();
                        b.draw_credit(None);
                        b.build()
                            .expect("dropping the draw convention keeps a game valid")
                    })
                    .into_iter(),
            )
        },
    ));
    list.push(pass(
        "movers",
        |game: &Game, from| -> Box<dyn Iterator<Item = Game> + '_> {
            Box::new(
                game.ids()
                    .filter(move |&p| game.mover(p) == Side::B)
                    .skip(from)
                    .map(move |p| edited(game, p, Side::A, game.moves(p), game.terminal(p))),
            )
        },
    ));
    list.push(pass(
        "sorted move lists",
        |game: &Game, from| -> Box<dyn Iterator<Item = Game> + '_> {
            Box::new(
                game.ids()
                    .filter(move |&p| !game.moves(p).is_sorted())
                    .skip(from)
                    .map(move |p| {
                        let mut moves = game.moves(p).to_vec();
                        moves.sort_unstable();
                        edited(game, p, game.mover(p), &moves, game.terminal(p))
                    }),
            )
        },
    ));
    Passes { list, singles }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Case;
    use crate::case::{case_passes, shrink_case};
    use crate::format::parse_game;
    use crate::shrink::{shrink_parallel, shrink_until};
    use crate::transform::{bypass_positions, contractible_run, strongly_connected_components};
    use std::time::Instant;

    fn texts(candidates: Box<dyn Iterator<Item = Game> + '_>) -> Vec<String> {
        candidates.map(|g| crate::format::print_game(&g)).collect()
    }

    #[test]
    fn move_chunks_split_all_the_moves_in_position_order() {
        let g = parse_game("game 3;\n0 A 1,2;\n1 A 2,0;\n2 A 0,1;\n").unwrap();
        let halves = texts(move_chunks(&g, 2, 0));
        assert_eq!(
            halves,
            [
                "game 3;\n0 A ;\n1 A 0;\n2 A 0,1;\n",
                "game 3;\n0 A 1,2;\n1 A 2;\n2 A ;\n"
            ]
        );
        assert_eq!(move_chunks(&g, 64, 0).count(), 0, "chunks of at least 2 moves");
    }

    #[test]
    fn merges_join_twin_positions() {
        let g = parse_game("game 3;\n0 A 1,2;\n1 A ;\n2 A ;\n").unwrap();
        let merged = texts(merges(&g, 0));
        assert!(
            merged.contains(&"game 2;\n0 A 1,1;\n1 A ;\n".to_string()),
            "{merged:?}"
        );
        // With the merged position's moves kept: 0 into 2 makes 2 (now 1) move.
        assert!(
            merged.contains(&"game 2;\n0 A ;\n1 A 0,1;\n".to_string()),
            "{merged:?}"
        );
        assert!(merged.iter().all(|t| t.starts_with("game 2;")));
    }

    #[test]
    fn a_move_list_becomes_a_label() {
        let g = parse_game("game 1;\n0 B 0;\n").unwrap();
        let labelled = texts(move_lists_to_labels(&g, 0));
        assert_eq!(
            labelled,
            ["game 1;\n0 B =D;\n", "game 1;\n0 B =A;\n", "game 1;\n0 B =B;\n"]
        );
    }

    #[test]
    fn a_redirected_move_frees_its_old_target() {
        let g = parse_game("game 3;\n0 A 1;\n1 A 2;\n2 A ;\n").unwrap();
        let redirected = texts(redirect_and_remove(&g, 0));
        assert!(
            redirected.contains(&"game 2;\n0 A 0;\n1 A ;\n".to_string()),
            "{redirected:?}"
        );
        assert!(redirected.iter().all(|t| t.starts_with("game 2;")));
    }

    #[test]
    fn smaller_exhaustive_games_are_smaller() {
        let g = parse_game("game 3;\n0 A 1,2;\n1 A ;\n2 A ;\n").unwrap();
        let smaller: Vec<Game> = smaller_exhaustive(&g, 0).collect();
        assert!(smaller.len() > 10);
        assert!(smaller.iter().all(|h| h.positions() <= 2 && h.move_count() <= 2));
        let big = parse_game("game 5;\n0 A ;\n1 A ;\n2 A ;\n3 A ;\n4 A ;\n").unwrap();
        assert_eq!(smaller_exhaustive(&big, 0).count(), 0);
    }

    #[test]
    fn shrinking_in_parallel_accepts_the_same_candidates() {
        // "Fails" while some position is stuck and two have two moves or more.
        let Case::Game(g) = crate::generate::case(crate::generate::Family::Uniform, 3, 300) else {
            panic!("uniform makes games")
        };
        let fails = |c: &Case| {
            let Case::Game(g) = c else { return false };
            g.ids().any(|p| g.moves(p).is_empty()) && g.ids().filter(|&p| g.moves(p).len() >= 2).count() >= 2
        };
        let start = Case::Game(g);
        assert!(fails(&start));
        let passes = case_passes(&start, true);
        let alone = shrink_until(start.clone(), &passes, fails, |_| {}, None);
        for jobs in [2, 5] {
            let together = shrink_parallel(start.clone(), &passes, fails, jobs, |_| {}, None);
            assert_eq!(format!("{:?}", together.value), format!("{:?}", alone.value));
            assert_eq!(together.steps, alone.steps);
            assert!(together.tries >= alone.tries);
        }
        let past = shrink_parallel(start.clone(), &passes, fails, 2, |_| {}, Some(Instant::now()));
        assert!(past.out_of_time && past.steps == 0);
    }

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
        let shrunk = shrink_case(&Case::Game(g), fails, |_| {}, None, 1);
        let Case::Game(small) = &shrunk.value else {
            panic!()
        };
        assert!(fails(&shrunk.value));
        assert_eq!(small.positions(), 2, "{small:?}");
        assert_eq!(small.move_count(), 1);
        assert!(single_removals(small).all(|c| !fails(&Case::Game(c))));
    }

    /// The longest remoteness of a win or loss, by the reference solver.
    fn longest(game: &Game) -> u32 {
        crate::solve::retrograde::values(game)
            .iter()
            .filter_map(|v| v.remoteness())
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn shrink_a_long_chain_by_halving_it() {
        // "Fails" while some position needs 300 moves or more to end: a chain of 301
        // positions is the 1-minimal case. One contraction per step took thousands of
        // tries (and every step restarted at the coarsest chunks).
        let Case::Game(g) = crate::generate::case(crate::generate::Family::LongPath, 1, 5000) else {
            panic!("long-path makes games")
        };
        assert!(g.positions() >= 5000 && longest(&g) >= 300);
        let fails = |c: &Case| matches!(c, Case::Game(g) if longest(g) >= 300);
        let shrunk = shrink_case(&Case::Game(g), fails, |_| {}, None, 1);
        let Case::Game(small) = &shrunk.value else {
            panic!()
        };
        assert_eq!((small.positions(), small.move_count()), (301, 300), "{small:?}");
        assert!(single_removals(small).all(|c| !fails(&Case::Game(c))));
        assert!(shrunk.tries < 3_000, "{} tries", shrunk.tries);
    }

    #[test]
    fn shrink_a_long_move_list_by_chunks() {
        // "Fails" while some position has 300 moves or more: 1-minimal cases have one
        // position with 300 moves.
        let mut b = crate::game::GameBuilder::new();
        let moves: Vec<u32> = (0..4_000).map(|i| i * 7 % 5_000).collect();
        b.moves(Side::A, &moves);
        for p in 1..5_000u32 {
            b.moves(Side::B, &[(p + 1) % 5_000]);
        }
        let g = b.build().unwrap();
        let fails = |c: &Case| matches!(c, Case::Game(g) if g.ids().any(|p| g.moves(p).len() >= 300));
        let shrunk = shrink_case(&Case::Game(g), fails, |_| {}, None, 1);
        let Case::Game(small) = &shrunk.value else {
            panic!()
        };
        // Removals cannot merge the targets: a few positions stay, each needed as a
        // target of some of the 300 moves.
        assert_eq!(small.move_count(), 300, "{small:?}");
        assert!(small.positions() < 10, "{small:?}");
        assert!(single_removals(small).all(|c| !fails(&Case::Game(c))));
        assert!(shrunk.tries < 3_000, "{} tries", shrunk.tries);
    }

    #[test]
    fn a_size_threshold_shrinks_in_few_judgements() {
        // "Fails" above 2,048 positions if some position has a self-loop, as a solver
        // with a buggy fast path for big games does: the 1-minimal case is 2,049
        // positions and the self-loop. Each judgement stands for a run of the user's
        // program. Trying every chunk of every fine partition near the threshold, then
        // sweeping thousands of removals that make the same game, took over 10,000.
        let mut b = crate::game::GameBuilder::new();
        for p in 0..4_000u32 {
            let moves: Vec<u32> = (1..=p % 4).map(|k| (p * 7 + k * 1_009) % 4_000).collect();
            b.moves(if p % 3 == 0 { Side::A } else { Side::B }, &moves);
        }
        b.moves(Side::A, &[4_000u32]);
        let g = b.build().unwrap();
        let judged = std::sync::atomic::AtomicUsize::new(0);
        let fails = |c: &Case| {
            judged.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            matches!(c, Case::Game(g) if g.positions() > 2_048 && g.ids().any(|p| g.moves(p).contains(&p)))
        };
        let shrunk = shrink_case(&Case::Game(g), fails, |_| {}, None, 1);
        let Case::Game(small) = &shrunk.value else {
            panic!()
        };
        assert_eq!((small.positions(), small.move_count()), (2_049, 1));
        assert!(single_removals(small).all(|c| !fails(&Case::Game(c))));
        let judged = judged.load(std::sync::atomic::Ordering::Relaxed) - small.positions() - 1;
        assert!(judged < 1_000, "{judged} judgements");
    }

    #[test]
    fn a_long_remoteness_shrinks_to_its_line_in_few_judgements() {
        // "Fails" where some position has a remoteness of 2,000 or more, as a solver
        // whose remoteness wraps does: the 1-minimal case is a line of 2,001
        // positions. The case found is a line of 3,000 whose positions each have a
        // second move, out of it; keeping the decided lines of play drops those in one
        // step, where removing them in chunks judged many candidates.
        // The line takes the even ids, each also moving to the odd id after it, where
        // its mover A is stuck at once: A, losing, resists longest along the line.
        let n = 6_000u32;
        let mut b = crate::game::GameBuilder::new();
        for p in 0..n {
            let moves: Vec<u32> = match p % 2 {
                0 if p + 2 < n => vec![p + 1, p + 2],
                _ => vec![],
            };
            b.moves(Side::A, &moves);
        }
        let g = b.build().unwrap();
        let judged = std::sync::atomic::AtomicUsize::new(0);
        let fails = |c: &Case| {
            judged.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            matches!(c, Case::Game(g) if crate::solve::retrograde::solve(g)
                .values
                .iter()
                .any(|v| v.remoteness().is_some_and(|r| r >= 2_000)))
        };
        assert!(fails(&Case::Game(g.clone())));
        let shrunk = shrink_case(&Case::Game(g), fails, |_| {}, None, 1);
        let Case::Game(small) = &shrunk.value else {
            panic!()
        };
        assert_eq!((small.positions(), small.move_count()), (2_001, 2_000));
        let judged = judged.load(std::sync::atomic::Ordering::Relaxed);
        // 5,459 judgements, most of them the final sweep over the 2,001 positions;
        // 9,514 without the pass.
        assert!(judged < 7_000, "{judged} judgements");
    }

    #[test]
    fn a_horizon_shrinks_to_its_line_in_few_judgements() {
        // "Fails" where some position is decided more than 1,000 moves from the end,
        // as a solver that stops looking after 1,000 moves does: the 1-minimal case is
        // a line of 1,002 positions. Found as a chain game of 3,000 positions whose
        // longest line is longer still: 3,452 judgements, 2,003 of them the single
        // removals that prove the line 1-minimal; 4,172 without the remoteness cuts.
        let Case::Game(g) = crate::generate::case(crate::generate::Family::Chains, 0, 3_000) else {
            panic!("chains makes games")
        };
        assert!(longest(&g) > 1_100, "{}", longest(&g));
        let judged = std::sync::atomic::AtomicUsize::new(0);
        let fails = |c: &Case| {
            judged.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            matches!(c, Case::Game(g) if longest(g) > 1_000)
        };
        let shrunk = shrink_case(&Case::Game(g), fails, |_| {}, None, 1);
        let Case::Game(small) = &shrunk.value else {
            panic!()
        };
        assert_eq!((small.positions(), small.move_count()), (1_002, 1_001));
        let judged = judged.load(std::sync::atomic::Ordering::Relaxed);
        assert!(judged < 4_000, "{judged} judgements");
    }

    #[test]
    fn components_are_strongly_connected_and_cover_the_game() {
        let g = parse_game("game 6;\n0 A 1;\n1 A 2;\n2 A 0,3;\n3 B 4;\n4 B 3;\n5 A 5;\n").unwrap();
        let mut components = strongly_connected_components(&g);
        components.sort();
        assert_eq!(components, vec![vec![0, 1, 2], vec![3, 4], vec![5]]);
        // A chain of 10^5 positions: no recursion to overflow.
        let mut b = crate::game::GameBuilder::new();
        for p in 0..100_000u32 {
            b.moves(Side::A, &[(p + 1) % 100_000]);
        }
        assert_eq!(strongly_connected_components(&b.build().unwrap()).len(), 1);
    }

    #[test]
    fn a_chain_run_contracts_every_other_position() {
        let g = parse_game("game 5;\n0 A 1;\n1 A 2;\n2 A 3;\n3 A 4;\n4 A ;\n").unwrap();
        let run = contractible_run(&g);
        assert_eq!(run, vec![0, 2]);
        let h = bypass_positions(&g, &run);
        assert_eq!(crate::format::print_game(&h), "game 3;\n0 A 1;\n1 A 2;\n2 A ;\n");
    }
}
