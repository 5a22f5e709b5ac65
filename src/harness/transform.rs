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
pub fn induced(game: &Game, order: &[u32], rename: &[u32]) -> Game {
    let mut b = GameBuilder::with_capacity(order.len(), game.move_count());
    let mut moves = Vec::new();
    for &p in order {
        moves.clear();
        moves.extend(game.moves(p).iter().map(|&t| rename[t as usize]));
        b.position(game.mover(p), &moves, game.terminal(p));
    }
    b.draw_credit(game.draw_credit());
    b.build().expect("moves stay within the induced positions")
}

/// `game` without position `p`: moves to it are dropped, later ids shift down.
pub fn without_position(game: &Game, p: u32) -> Game {
    without_positions(game, p, p + 1)
}

/// `game` without the positions `start..end`.
pub fn without_positions(game: &Game, start: u32, end: u32) -> Game {
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
pub fn bypass_position(game: &Game, p: u32) -> Option<Game> {
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
pub fn move_to_front(game: &Game, p: u32) -> Game {
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
pub fn edited(game: &Game, p: u32, mover: Side, moves: &[u32], label: Option<Outcome>) -> Game {
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
pub fn without_move(game: &Game, p: u32, i: usize) -> Game {
    let mut moves = game.moves(p).to_vec();
    moves.remove(i);
    edited(game, p, game.mover(p), &moves, game.terminal(p))
}

/// `game` with each position's move list edited by `edit`.
pub fn edit_moves(game: &Game, mut edit: impl FnMut(u32, &mut Vec<u32>)) -> Game {
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
pub fn swap_sides(game: &Game) -> Game {
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
pub fn reachable_from(game: &Game, root: u32) -> (Game, Vec<u32>) {
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
