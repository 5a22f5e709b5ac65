//! Game transformations: renaming, restriction, removal and contraction of positions,
//! edits of move lists, swapping the sides. The generators, the shrinker and the
//! metamorphic relations all build their variants of a game here.

use crate::game::{Game, GameBuilder, Outcome, Side};

/// `game` with position `p` renamed `perm[p]`.
pub fn relabel(game: &Game, perm: &[u32]) -> Game {
    let mut order = vec![0u32; perm.len()];
    for (p, &q) in perm.iter().enumerate() {
        order[q as usize] = p as u32;
    }
    induced(game, &order, perm)
}

/// The game on the positions `order` (old ids, listed in their new order), every move
/// renamed by `rename` (old id to new id). Moves must stay within `order`.
pub(crate) fn induced(game: &Game, order: &[u32], rename: &[u32]) -> Game {
    // Straight into CSR arrays: generation relabels every random game this way, and
    // the relations a copy of every large one.
    let mut offsets = Vec::with_capacity(order.len() + 1);
    let mut targets = Vec::with_capacity(game.move_count());
    offsets.push(0);
    for &p in order {
        targets.extend(game.moves(p).iter().map(|&t| rename[t as usize]));
        offsets.push(targets.len() as u32);
    }
    Game::from_csr(
        order.iter().map(|&p| game.mover(p)).collect(),
        order.iter().map(|&p| game.terminal(p)).collect(),
        offsets,
        targets,
        game.draw_credit(),
    )
    .expect("moves stay within the induced positions")
}

/// `game` without position `p`: moves to it are dropped, later ids shift down.
pub(crate) fn without_position(game: &Game, p: u32) -> Game {
    without_positions(game, p, p + 1)
}

/// `game` without the positions `start..end`.
pub(crate) fn without_positions(game: &Game, start: u32, end: u32) -> Game {
    let removed = end - start;
    let mut b = GameBuilder::with_capacity(game.positions() - removed as usize, game.move_count());
    let mut moves = Vec::new();
    for q in game.ids().filter(|&q| q < start || q >= end) {
        moves.clear();
        moves.extend(
            game.moves(q)
                .iter()
                .filter(|&&t| t < start || t >= end)
                .map(|&t| if t >= end { t - removed } else { t }),
        );
        b.position(game.mover(q), &moves, game.terminal(q));
    }
    b.draw_credit(game.draw_credit());
    b.build().expect("removing positions keeps a game valid")
}

/// `game` with position `p`, which has exactly one move, to `s ≠ p`, contracted: moves
/// to `p` go to `s` instead. This shortens chains and cycles, which removing single
/// positions cannot (removing any position of a cycle breaks it).
pub(crate) fn bypass_position(game: &Game, p: u32) -> Option<Game> {
    let &[s] = game.moves(p) else { return None };
    if s == p {
        return None;
    }
    let shift = |t: u32| if t > p { t - 1 } else { t };
    let mut b = GameBuilder::with_capacity(game.positions() - 1, game.move_count());
    let mut moves = Vec::new();
    for q in game.ids().filter(|&q| q != p) {
        moves.clear();
        moves.extend(game.moves(q).iter().map(|&t| shift(if t == p { s } else { t })));
        b.position(game.mover(q), &moves, game.terminal(q));
    }
    b.draw_credit(game.draw_credit());
    Some(b.build().expect("contracting a position keeps a game valid"))
}

/// `game` with position `p` renamed 0 and the positions before it shifted up.
pub(crate) fn move_to_front(game: &Game, p: u32) -> Game {
    let perm: Vec<u32> = game
        .ids()
        .map(|q| {
            if q == p {
                0
            } else if q < p {
                q + 1
            } else {
                q
            }
        })
        .collect();
    relabel(game, &perm)
}

/// `game` with the moves of `p` replaced by `moves` (and its label by `label`).
pub(crate) fn edited(game: &Game, p: u32, mover: Side, moves: &[u32], label: Option<Outcome>) -> Game {
    let mut b = GameBuilder::with_capacity(game.positions(), game.move_count());
    for q in game.ids() {
        if q == p {
            b.position(mover, moves, label);
        } else {
            b.position(game.mover(q), game.moves(q), game.terminal(q));
        }
    }
    b.draw_credit(game.draw_credit());
    b.build().expect("edits keep a game valid")
}

/// `game` without the `i`-th move of `p`.
pub(crate) fn without_move(game: &Game, p: u32, i: usize) -> Game {
    let mut moves = game.moves(p).to_vec();
    moves.remove(i);
    edited(game, p, game.mover(p), &moves, game.terminal(p))
}

/// `game` with each position's move list edited by `edit`.
pub(crate) fn edit_moves(game: &Game, mut edit: impl FnMut(u32, &mut Vec<u32>)) -> Game {
    let mut b = GameBuilder::with_capacity(game.positions(), game.move_count() + 1);
    let mut moves = Vec::new();
    for p in game.ids() {
        moves.clear();
        moves.extend_from_slice(game.moves(p));
        if game.terminal(p).is_none() {
            edit(p, &mut moves);
        }
        b.position(game.mover(p), &moves, game.terminal(p));
    }
    b.draw_credit(game.draw_credit());
    b.build().expect("edited move lists stay in range")
}

/// `game` with the sides swapped: movers, terminal outcomes and the draw convention.
pub(crate) fn swap_sides(game: &Game) -> Game {
    let mut b = GameBuilder::with_capacity(game.positions(), game.move_count());
    for p in game.ids() {
        b.position(
            game.mover(p).other(),
            game.moves(p),
            game.terminal(p).map(Outcome::swapped),
        );
    }
    b.draw_credit(game.draw_credit().map(Side::other));
    b.build().expect("swapping sides keeps a game valid")
}

/// The positions reachable from `root` (sorted), as a game of their own.
pub(crate) fn reachable_from(game: &Game, root: u32) -> (Game, Vec<u32>) {
    let mut seen = vec![false; game.positions()];
    let mut stack = vec![root];
    seen[root as usize] = true;
    while let Some(p) = stack.pop() {
        for &q in game.moves(p) {
            if !seen[q as usize] {
                seen[q as usize] = true;
                stack.push(q);
            }
        }
    }
    let kept: Vec<u32> = game.ids().filter(|&p| seen[p as usize]).collect();
    let mut rename = vec![u32::MAX; game.positions()];
    for (i, &p) in kept.iter().enumerate() {
        rename[p as usize] = i as u32;
    }
    (induced(game, &kept, &rename), kept)
}

/// `game` without the positions `p` with `remove[p]`: moves to them are dropped, the
/// rest keep their order. The shrinker's big steps (a strongly connected component,
/// everything unreachable from a root) remove sets that are not id ranges.
pub(crate) fn without_set(game: &Game, remove: &[bool]) -> Game {
    let mut rename = vec![u32::MAX; game.positions()];
    let mut next = 0;
    for p in game.ids() {
        if !remove[p as usize] {
            rename[p as usize] = next;
            next += 1;
        }
    }
    let mut b = GameBuilder::with_capacity(next as usize, game.move_count());
    let mut moves = Vec::new();
    for q in game.ids().filter(|&q| !remove[q as usize]) {
        moves.clear();
        moves.extend(
            game.moves(q)
                .iter()
                .filter(|&&t| !remove[t as usize])
                .map(|&t| rename[t as usize]),
        );
        b.position(game.mover(q), &moves, game.terminal(q));
    }
    b.draw_credit(game.draw_credit());
    b.build().expect("removing positions keeps a game valid")
}

/// The strongly connected components of `game`'s move graph, each sorted, in reverse
/// topological order (Tarjan's algorithm). Iterative, with an explicit stack: games
/// have 10^5 positions and more, and a chain that long would overflow a recursion.
pub(crate) fn strongly_connected_components(game: &Game) -> Vec<Vec<u32>> {
    const UNSEEN: u32 = u32::MAX;
    let n = game.positions();
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    // The depth-first path: a position and how many of its moves were followed.
    let mut path: Vec<(u32, usize)> = Vec::new();
    let mut next = 0u32;
    let mut components = Vec::new();
    for root in game.ids() {
        if index[root as usize] != UNSEEN {
            continue;
        }
        macro_rules! enter {
            ($p:expr) => {{
                let p: u32 = $p;
                index[p as usize] = next;
                low[p as usize] = next;
                next += 1;
                stack.push(p);
                on_stack[p as usize] = true;
                path.push((p, 0));
            }};
        }
        enter!(root);
        while let Some(&(p, i)) = path.last() {
            let moves = game.moves(p);
            if let Some(&q) = moves.get(i) {
                path.last_mut().expect("the path is not empty").1 += 1;
                if index[q as usize] == UNSEEN {
                    enter!(q);
                } else if on_stack[q as usize] {
                    low[p as usize] = low[p as usize].min(index[q as usize]);
                }
                continue;
            }
            path.pop();
            if let Some(&(parent, _)) = path.last() {
                low[parent as usize] = low[parent as usize].min(low[p as usize]);
            }
            if low[p as usize] == index[p as usize] {
                let mut component = Vec::new();
                loop {
                    let q = stack.pop().expect("p is on the stack");
                    on_stack[q as usize] = false;
                    component.push(q);
                    if q == p {
                        break;
                    }
                }
                component.sort_unstable();
                components.push(component);
            }
        }
    }
    components
}

/// Positions that can be contracted together (see [`bypass_positions`]): each has
/// exactly one move, to `s ≠ p`, and no chosen position is another's successor. Chosen
/// greedily in id order, so a chain `0 → 1 → 2 → …` yields every other position and
/// contracting them all halves it.
pub(crate) fn contractible_run(game: &Game) -> Vec<u32> {
    let n = game.positions();
    let mut chosen = vec![false; n];
    let mut successor_of_chosen = vec![false; n];
    let mut run = Vec::new();
    for p in game.ids() {
        let &[s] = game.moves(p) else { continue };
        if s == p || successor_of_chosen[p as usize] || chosen[s as usize] {
            continue;
        }
        chosen[p as usize] = true;
        successor_of_chosen[s as usize] = true;
        run.push(p);
    }
    run
}

/// `game` with every position of `run` contracted into its successor at once (as
/// [`bypass_position`] does one): moves to `p` go to `p`'s only move instead. Each
/// position of `run` must have exactly one move, to a position outside `run`.
pub(crate) fn bypass_positions(game: &Game, run: &[u32]) -> Game {
    let n = game.positions();
    let mut to: Vec<u32> = game.ids().collect();
    let mut removed = vec![false; n];
    for &p in run {
        let &[s] = game.moves(p) else {
            panic!("position {p} has not exactly one move")
        };
        to[p as usize] = s;
        removed[p as usize] = true;
    }
    let mut rename = vec![u32::MAX; n];
    let mut next = 0;
    for p in game.ids() {
        if !removed[p as usize] {
            rename[p as usize] = next;
            next += 1;
        }
    }
    let mut b = GameBuilder::with_capacity(next as usize, game.move_count());
    let mut moves = Vec::new();
    for q in game.ids().filter(|&q| !removed[q as usize]) {
        moves.clear();
        moves.extend(game.moves(q).iter().map(|&t| {
            let t = to[t as usize];
            assert!(
                !removed[t as usize],
                "a contracted position's successor is contracted too"
            );
            rename[t as usize]
        }));
        b.position(game.mover(q), &moves, game.terminal(q));
    }
    b.draw_credit(game.draw_credit());
    b.build().expect("contracting positions keeps a game valid")
}

/// `game` without the moves `start..end` of `p`'s move list.
pub(crate) fn without_moves(game: &Game, p: u32, start: usize, end: usize) -> Game {
    let moves = game.moves(p);
    let kept: Vec<u32> = moves[..start].iter().chain(&moves[end..]).copied().collect();
    edited(game, p, game.mover(p), &kept, game.terminal(p))
}
