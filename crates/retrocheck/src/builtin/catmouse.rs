//! `catmouse` as the harness tests it: random boards (dense ones, and trees with a few
//! more edges, where the way to the hole is long), and their shrinking (fewer nodes and
//! edges, merged nodes, moved starts).

use super::graph::{adjacent_pairs, after_merge};
use crate::contest::{Contest, Rules};
use super::graph::RAW_IDS;
use crate::problems::catmouse::Instance;
use crate::problems::ContestProblem;
use crate::shrink::contest::{chunks_removed, contest_pass, without_each};
use crate::shrink::Passes;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::time::Duration;

impl Contest for Instance {
    /// The samples of the statement (`corpus/catmouse/sample*.in`).
    const SAMPLES: &'static [&'static str] = &["2\n6\n2 2 5\n1 3\n3 0 4 5\n3 1 4 5\n2 2 3\n3 0 2 3\n4\n2 1 3\n1 0\n1 3\n2 0 2\n"];

    fn as_instance(&self) -> Option<crate::problems::Instance> {
        Some(crate::problems::Registered::into_instance(self.clone()))
    }

    /// LeetCode 913 states no limit: the harness's 2 s.
    const TIME_LIMIT: Duration = Duration::from_secs(2);

    /// Twice the default: a board whose game outlasts the 2n-ply horizon has 11 nodes
    /// or more, and only half of the long boards of that size come from the searched
    /// pool (at 2, `catmouse-horizon-2n` survived 256 cases on seeds 1 and 3).
    const LONG_WEIGHT: u32 = 4;

    fn generate(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        instance(rng, n, rules.official_at::<Instance>(n))
    }

    /// Half of the boards of at least `SEARCHED_SIZES`'s smallest size, within the
    /// official limits, come from a pool of boards searched for long games (stored in
    /// `SEARCHED_BOARDS`), relabelled: a board on which the common 2n-ply horizon is
    /// wrong is rare among constructed boards (1 in 2,000 corridors of 9 to 20 nodes),
    /// and one search of 80 ms finds one 7 times in 8 (`cargo bench --bench search`).
    /// The other half, and every other board, is `corridors`.
    fn long(rng: &mut ChaCha8Rng, n: u32, rules: Rules) -> Instance {
        let official = rules.official_at::<Instance>(n);
        if official && n >= LATE_BOARDS[0].len() as u32 && rng.gen_ratio(1, 4) {
            let fitting: Vec<&[&[u32]]> = LATE_BOARDS.iter().copied().filter(|b| b.len() as u32 <= n).collect();
            let mut lists: Vec<Vec<u32>> = fitting[rng.gen_range(0..fitting.len())].iter().map(|l| l.to_vec()).collect();
            for list in &mut lists {
                list.shuffle(rng);
            }
            return Instance { lists };
        }
        if official && n >= SEARCHED_SIZES[0] && rng.gen_bool(0.5) {
            let fitting: Vec<&Instance> = searched_pool().iter().filter(|b| b.n() <= n).collect();
            return relabelled(fitting[rng.gen_range(0..fitting.len())], rng);
        }
        corridors(rng, n, official)
    }

    /// An undirected edge added, removed or rewired (a listing on its own outside the
    /// official limits).
    fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> Instance {
        crate::contest::mutated(self, rng, official, |c, rng| {
            let n = c.n();
            let symmetric = official && c.is_official();
            let mut kept = edges(c, symmetric);
            let fresh = (rng.gen_range(0..n), rng.gen_range(0..n));
            let fresh = if symmetric { (fresh.0.min(fresh.1), fresh.0.max(fresh.1)) } else { fresh };
            match rng.gen_range(0..3) {
                0 => kept.push(fresh),
                1 if !kept.is_empty() => {
                    kept.remove(rng.gen_range(0..kept.len()));
                }
                _ if !kept.is_empty() => {
                    let i = rng.gen_range(0..kept.len());
                    kept[i] = fresh;
                }
                _ => kept.push(fresh),
            }
            let m = with_listed(n, &kept, symmetric);
            (m != *c).then_some(m)
        })
    }

    /// `dp[mouse][cat][turn]`, the layout of the published value iterations (LeetCode's
    /// editorial among them): mouse, then cat, then whose turn. The game's own order
    /// (turn first) needs a sweep per move of the mouse, so remoteness measures it.
    fn sweep_order(&self) -> Option<Vec<u32>> {
        let n = self.n();
        let mut rank = vec![0; (2 * n * (n - 1)) as usize];
        for mouse in 0..n {
            for cat in 1..n {
                for turn in 0..2 {
                    rank[self.position(turn == 0, mouse, cat) as usize] = (mouse * (n - 1) + cat - 1) * 2 + turn;
                }
            }
        }
        Some(rank)
    }

    fn units(positions: usize) -> u32 {
        ((positions / 2) as f64).sqrt().max(3.0) as u32
    }

    fn strategy(max_positions: usize) -> BoxedStrategy<Instance> {
        strategy(((max_positions / 2) as f64).sqrt().clamp(3.0, 50.0) as u32, true).boxed()
    }

    fn passes(official: bool) -> Passes<Instance> {
        crate::contest::passes(
            official,
            // What neither the mouse nor the cat can reach does not matter: all of it
            // first (one node at a time would leave its neighbours isolated).
            vec![contest_pass("unreachable nodes", official, |c, _| unreachable_dropped(c).into_iter().collect())],
            &[("edge chunks", |c, parts, official| {
                let edges = edges(c, official);
                chunks_removed(&edges, parts)
                    .map(|kept| with_edges(c, &kept, official))
                    .collect()
            })],
            vec![
                contest_pass("unreachable nodes", official, |c, _| unreachable_dropped(c).into_iter().collect()),
                contest_pass("merges", official, merges),
                contest_pass("moved starts", official, |c, _| moved_starts(c)),
            ],
        )
    }

    /// A node other than 0, 1 and 2, or an edge.
    fn single_removals(&self, official: bool) -> Vec<Instance> {
        let c = self;
        let nodes = (3..c.n()).map(|v| without_node(c, v));
        let edges = edges(c, official);
        let edges = without_each(&edges).map(|kept| with_edges(c, &kept, official));
        nodes
            .chain(edges)
            .filter(|c| !official || c.is_official())
            .collect()
    }

    fn largest_product(n: u64) -> (u64, u64) {
        (n.saturating_mul(n).saturating_mul(2), n.min(64))
    }
}

/// Corridors around the hole: a path through every node in random order (the hole,
/// the mouse and the cat somewhere along it) with a few rungs that make ladders and
/// loops, so that chases run long before someone is cornered.
fn corridors(rng: &mut ChaCha8Rng, n: u32, official: bool) -> Instance {
        let n = if official {
        n.clamp(3, Instance::OFFICIAL_MAX)
    } else {
        n.max(3)
    };
    let mut order: Vec<u32> = (0..n).collect();
    order.shuffle(rng);
    let mut lists = vec![Vec::new(); n as usize];
    let link = |lists: &mut Vec<Vec<u32>>, v: u32, w: u32| {
        if v != w && !lists[v as usize].contains(&w) {
        lists[v as usize].push(w);
        lists[w as usize].push(v);
        }
    };
    for w in order.windows(2) {
        link(&mut lists, w[0], w[1]);
    }
    for _ in 0..rng.gen_range(0..=(n / 6).max(1)) {
        let i = rng.gen_range(0..n as usize);
        let j = (i + rng.gen_range(2..=4)).min(n as usize - 1);
        link(&mut lists, order[i], order[j]);
    }
    if lists[2].iter().all(|&c| c == 0) {
        let w = if lists[1].contains(&2) { 1 } else { (3..n).next().unwrap_or(1) };
        link(&mut lists, 2, w);
    }
    for list in &mut lists {
        list.shuffle(rng);
    }
    Instance { lists }
}

/// The sizes of the boards in [`searched_pool`], one board each.
const SEARCHED_SIZES: [u32; 8] = [11, 12, 13, 14, 15, 16, 18, 20];

/// The boards searched for long games from corridors (`tests::search_pool`), as
/// their adjacency lists: stored rather than searched again by every process (1.3 s
/// of CPU, more than any case). The test `the_stored_pool_is_the_one_the_search_finds`
/// searches again and prints these lists anew when a change to the search, the
/// corridors or the solver makes it find other boards.
const SEARCHED_BOARDS: [&[&[u32]]; 8] = [
    &[&[10], &[8, 3, 6], &[5], &[1, 9, 8], &[7, 5], &[2, 4], &[1, 8, 9], &[4, 9], &[1, 3, 6], &[3, 6, 7], &[0]],
    &[&[10], &[3, 11, 4], &[7], &[1, 4, 6], &[1, 3], &[8, 7], &[3, 11, 9], &[2, 5], &[5, 9], &[6, 8], &[0], &[1, 6]],
    &[&[6], &[2, 5, 12], &[1, 4], &[7], &[2, 9], &[1, 7], &[0, 8, 11], &[3, 5, 12], &[6, 11], &[4, 10], &[9, 11], &[6, 8, 10], &[1, 7]],
    &[&[8], &[12, 6, 10], &[11], &[7, 11], &[5, 10], &[4, 6, 10], &[1, 5], &[3, 13], &[0], &[12, 13], &[1, 4, 5], &[2, 3], &[1, 9], &[7, 9]],
    &[&[9], &[7, 6], &[3], &[2, 14], &[11, 14], &[8, 13, 12], &[1, 10], &[1, 12, 8], &[5, 7, 13], &[0], &[6, 11], &[4, 10], &[5, 7], &[5, 8], &[3, 4]],
    &[&[4], &[2, 13], &[1], &[10, 11], &[0], &[15, 6, 9], &[5, 9, 15], &[8, 11], &[7, 14], &[5, 6, 12], &[3, 12], &[3, 7], &[9, 10, 15], &[1, 14], &[8, 13], &[5, 6, 12]],
    &[&[10], &[7], &[5], &[5, 13], &[16, 15], &[2, 3], &[8], &[1, 12, 14, 8], &[6, 7, 14], &[11, 16], &[0], &[9, 17], &[7, 17], &[3, 15], &[7, 8, 17], &[4, 13], &[4, 9], &[11, 12, 14]],
    &[&[8, 6], &[2, 16], &[1, 11], &[7, 14], &[19, 5, 10], &[4, 13, 16], &[0], &[3, 17], &[0], &[11], &[4, 17, 13], &[2, 9], &[18, 15, 14], &[5, 10], &[3, 12, 18], &[12], &[1, 5], &[7, 10], &[12, 14], &[4]],
];

/// Boards on which a value iteration in place in the order dp[mouse][cat][turn] needs
/// more than 2n sweeps (36 on 16 nodes, 42 on 20; 62 and 82 plies): found by the
/// search for long games scored by those sweeps ([`crate::search::sweeps`]) with ten
/// times `stress`'s budget, from long boards. Their numbering is what makes them
/// late, so they are drawn as they are (lists shuffled: a sweep reads every move).
/// A quarter of the long boards of 16 nodes or more come from here.
const LATE_BOARDS: [&[&[u32]]; 2] = [
    &[&[5], &[4, 13, 11], &[6], &[11, 9], &[1, 14, 10], &[0], &[2, 9], &[13, 9, 8], &[7, 15, 11], &[3, 6, 7, 11, 13], &[4, 15, 11], &[1, 3, 8, 9, 10], &[14, 15], &[1, 7, 9], &[4, 12, 15], &[8, 10, 12, 14]],
    &[&[8], &[14, 18, 3, 19], &[9], &[1, 18], &[9, 14, 18], &[14, 19], &[16, 17], &[16, 11], &[0], &[2, 4], &[15, 12], &[7, 12, 13], &[10, 11, 15], &[11, 16, 15], &[1, 4, 5], &[10, 12, 13], &[6, 7, 13], &[6, 19], &[1, 3, 4], &[1, 5, 17]],
];

/// The pool of boards searched for long games, stored in [`SEARCHED_BOARDS`].
fn searched_pool() -> &'static [Instance] {
    static POOL: std::sync::OnceLock<Vec<Instance>> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        SEARCHED_BOARDS
            .iter()
            .map(|lists| Instance {
                lists: lists.iter().map(|list| list.to_vec()).collect(),
            })
            .collect()
    })
}

/// `board` with the nodes other than the hole, the mouse and the cat renumbered at
/// random and every list shuffled: the same game, written differently.
fn relabelled(board: &Instance, rng: &mut ChaCha8Rng) -> Instance {
    let n = board.n();
    let mut names: Vec<u32> = (0..n).collect();
    names[3..].shuffle(rng);
    let mut lists = vec![Vec::new(); n as usize];
    for (v, list) in board.lists.iter().enumerate() {
        lists[names[v] as usize] = list.iter().map(|&w| names[w as usize]).collect();
    }
    for list in &mut lists {
        list.shuffle(rng);
    }
    Instance { lists }
}

/// A random board on `n` nodes (at least 3). Within the official limits the
/// lists are symmetric, without self-listing or repeats, node 1 has a neighbour and
/// node 2 one other than the hole; half the boards are dense, half a tree with a few
/// more edges (long ways to the hole); in half the cat starts next to the hole and in
/// half the mouse does not. Otherwise each list is drawn on its own.
pub fn instance(rng: &mut impl Rng, n: u32, official: bool) -> Instance {
    let n = if official {
        n.clamp(3, Instance::OFFICIAL_MAX)
    } else {
        n.max(3)
    };
    let density = rng.gen_range(0.05..0.7);
    let mut lists = vec![Vec::new(); n as usize];
    if official {
        let link = |lists: &mut Vec<Vec<u32>>, v: u32, w: u32| {
            if v != w && !lists[v as usize].contains(&w) {
                lists[v as usize].push(w);
                lists[w as usize].push(v);
            }
        };
        if rng.gen_bool(0.5) {
            // Sparse: a random tree and a few more edges, so that the hole is far and
            // chases are long (where the rules about the hole decide).
            let mut order: Vec<u32> = (0..n).collect();
            order.shuffle(rng);
            for i in 1..n as usize {
                let parent = order[rng.gen_range(0..i)];
                link(&mut lists, order[i], parent);
            }
            for _ in 0..rng.gen_range(0..=n / 4) {
                let (v, w) = (rng.gen_range(0..n), rng.gen_range(0..n));
                link(&mut lists, v, w);
            }
        } else {
            for v in 0..n {
                for w in v + 1..n {
                    if rng.gen_bool(density) {
                        link(&mut lists, v, w);
                    }
                }
            }
        }
        if lists[1].is_empty() {
            link(&mut lists, 1, (1 + rng.gen_range(1..n)) % n);
        }
        if lists[2].iter().all(|&c| c == 0) {
            let others: Vec<u32> = (1..n).filter(|&w| w != 2).collect();
            link(&mut lists, 2, *others.choose(rng).expect("n ≥ 3"));
        }
        // The rules' own axes, each in half the boards: the cat next to the hole (its
        // forbidden move), and the mouse not next to it (it has a way to go).
        if rng.gen_bool(0.5) {
            link(&mut lists, 2, 0);
        }
        if n > 3 && rng.gen_bool(0.5) && lists[1].len() > 1 {
            lists[1].retain(|&w| w != 0);
            lists[0].retain(|&w| w != 1);
        }
        // Every node has a neighbour (LeetCode's `1 <= graph[i].length`).
        for v in 0..n {
            if lists[v as usize].is_empty() {
                let w = (v + rng.gen_range(1..n)) % n;
                link(&mut lists, v, w);
            }
        }
        for list in &mut lists {
            list.shuffle(rng);
        }
    } else {
        for list in &mut lists {
            let d = rng.gen_range(0..=((f64::from(n) * density) as u32 + 1));
            *list = (0..d).map(|_| rng.gen_range(0..n)).collect();
        }
    }
    Instance { lists }
}

/// Boards of 3 to `max_n` nodes: within the official limits (symmetric
/// lists without self-listing or repeats; nodes 1 and 2 joined if either needs a
/// neighbour) when `official`, else any listings; in half of them the cat's node is
/// next to the hole.
pub fn strategy(max_n: u32, official: bool) -> impl Strategy<Value = Instance> {
    (
        3..=max_n.max(3),
        prop::collection::vec((0..RAW_IDS, 0..RAW_IDS), 0..=24),
        any::<bool>(),
    )
        .prop_map(move |(n, raw, cat_by_the_hole)| {
            let mut lists = vec![Vec::new(); n as usize];
            for (v, w) in raw.into_iter().map(|(a, b)| (a % n, b % n)) {
                if !official {
                    lists[v as usize].push(w);
                } else if v != w && !lists[v as usize].contains(&w) {
                    lists[v as usize].push(w);
                    lists[w as usize].push(v);
                }
            }
            if official && (lists[1].is_empty() || lists[2].iter().all(|&c| c == 0)) {
                lists[1].push(2);
                lists[2].push(1);
            }
            // Every node has a neighbour: an isolated one is joined to the next.
            for v in 0..n {
                if official && lists[v as usize].is_empty() {
                    let w = (v + 1) % n;
                    lists[v as usize].push(w);
                    lists[w as usize].push(v);
                }
            }
            // The cat next to the hole: its forbidden move is there to be taken.
            if cat_by_the_hole && !lists[2].contains(&0) {
                lists[2].push(0);
                lists[0].push(2);
            }
            Instance { lists }
        })
}

/// A board rebuilt through `map` (old node → new node, or gone) on `n` nodes:
/// nodes that map to one node pool their lists; with `simple`, self-listing and
/// repeats are dropped (the official limits forbid both).
fn remapped(c: &Instance, n: u32, map: impl Fn(u32) -> Option<u32>, simple: bool) -> Instance {
    let mut lists = vec![Vec::new(); n as usize];
    for (v, list) in c.lists.iter().enumerate() {
        let Some(nv) = map(v as u32) else { continue };
        for w in list.iter().filter_map(|&w| map(w)) {
            let target: &mut Vec<u32> = &mut lists[nv as usize];
            if simple && (w == nv || target.contains(&w)) {
                continue;
            }
            target.push(w);
        }
    }
    Instance { lists }
}

/// The board without the nodes that neither the mouse (node 1) nor the cat (node 2)
/// can reach, if there are any (the hole, node 0, stays).
pub(crate) fn unreachable_dropped(c: &Instance) -> Option<Instance> {
    let n = c.n();
    let mut seen = vec![false; n as usize];
    let mut stack = vec![0, 1, 2];
    while let Some(v) = stack.pop() {
        if std::mem::replace(&mut seen[v as usize], true) {
            continue;
        }
        stack.extend(c.lists[v as usize].iter().copied().filter(|&w| w < n));
    }
    if seen.iter().all(|&s| s) {
        return None;
    }
    let mut new_id = vec![None; n as usize];
    let mut next = 0;
    for v in 0..n {
        if seen[v as usize] {
            new_id[v as usize] = Some(next);
            next += 1;
        }
    }
    Some(remapped(c, next, |x| new_id[x as usize], false))
}

/// The board without node `v` (its listings go, later nodes shift down).
fn without_node(c: &Instance, v: u32) -> Instance {
    remapped(
        c,
        c.n() - 1,
        |x| match x.cmp(&v) {
            std::cmp::Ordering::Less => Some(x),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(x - 1),
        },
        false,
    )
}

/// The board's edges as the shrinker removes them: within the official limits the
/// undirected edges `(v, w)`, `v < w` (each removal takes both listings); outside them
/// every listing on its own.
fn edges(c: &Instance, official: bool) -> Vec<(u32, u32)> {
    c.lists
        .iter()
        .enumerate()
        .flat_map(|(v, list)| list.iter().map(move |&w| (v as u32, w)))
        .filter(|&(v, w)| !official || v < w)
        .collect()
}

/// A board of `n` nodes listing exactly `edges` (each in both directions when
/// `symmetric`, self-listing and repeats dropped then).
fn with_listed(n: u32, edges: &[(u32, u32)], symmetric: bool) -> Instance {
    let mut lists = vec![Vec::new(); n as usize];
    for &(v, w) in edges {
        if !symmetric {
            lists[v as usize].push(w);
        } else if v != w && !lists[v as usize].contains(&w) {
            lists[v as usize].push(w);
            lists[w as usize].push(v);
        }
    }
    Instance { lists }
}

/// The board with only the listings of `kept` (both directions of each when
/// `official`), in their old order.
fn with_edges(c: &Instance, kept: &[(u32, u32)], official: bool) -> Instance {
    let keep: HashSet<(u32, u32)> = kept
        .iter()
        .flat_map(|&(v, w)| [(v, w)].into_iter().chain(official.then_some((w, v))))
        .collect();
    let lists = c
        .lists
        .iter()
        .enumerate()
        .map(|(v, list)| {
            list.iter()
                .copied()
                .filter(|&w| keep.contains(&(v as u32, w)))
                .collect()
        })
        .collect();
    Instance { lists }
}

/// Boards with the hole, the mouse's or the cat's start moved to another node
/// (the two swap numbers) and the old one removed: nodes 0, 1 and 2 are never
/// removable by themselves.
pub(crate) fn moved_starts(c: &Instance) -> Vec<Instance> {
    let mut out = Vec::new();
    for start in 0..3u32 {
        for w in 3..c.n() {
            let swapped = remapped(
                c,
                c.n(),
                |x| {
                    Some(if x == start {
                        w
                    } else if x == w {
                        start
                    } else {
                        x
                    })
                },
                false,
            );
            out.push(without_node(&swapped, w));
        }
    }
    out
}

/// Boards with two adjacent nodes merged, the second one (never 0, 1 or 2)
/// into the first (self-listing and repeats dropped when `official`).
pub(crate) fn merges(c: &Instance, official: bool) -> Vec<Instance> {
    let pairs = adjacent_pairs(&edges(c, false));
    pairs
        .into_iter()
        .filter(|&(_, v)| v >= 3)
        .map(|(u, v)| remapped(c, c.n() - 1, |x| Some(after_merge(x, u, v)), official))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Searchable;

    /// The solving work each search of [`search_pool`] may spend: 4M finds a board
    /// beyond 2n plies 7 times in 8 at 12 to 20 nodes, 1M 2 times in 8.
    const POOL_SEARCH_BUDGET: u64 = 4_000_000;

    /// A board searched for by remoteness alone, as the pool was (before the search
    /// also scored catmouse's sweeps, issue 36): the pool stays the one stored.
    #[derive(Clone)]
    struct ByRemoteness(Instance);

    impl Searchable for ByRemoteness {
        fn mutate(&self, rng: &mut ChaCha8Rng, official: bool) -> Self {
            ByRemoteness(<Instance as Contest>::mutate(&self.0, rng, official))
        }

        fn length(&self) -> Option<(crate::search::Length, u64)> {
            let game = ContestProblem::game(&self.0).ok()?;
            Some(crate::search::length_of(&game, ContestProblem::answer_positions(&self.0).as_deref()))
        }
    }

    /// Boards searched for long games from corridors (annealing, which finds longer ones
    /// than climbing at these sizes), one per size of [`SEARCHED_SIZES`], each the first
    /// of up to 8 searches from fixed seeds whose game from the start is longer than 2n
    /// plies (else the longest): the same pool on every run and any number of threads
    /// (1.3 s of CPU in release builds).
    fn search_pool() -> Vec<Instance> {
        use crate::search::Searchable;
        use rayon::prelude::*;
        let length = |board: &Instance| board.length().map_or(0, |(l, _)| l.answer);
        SEARCHED_SIZES
            .par_iter()
            .map(|&n| {
                let mut longest: Option<Instance> = None;
                for attempt in 0..8u64 {
                    let mut rng = crate::seed::rng(0x5EA2C4ED ^ u64::from(n) << 8 ^ attempt);
                    let start = corridors(&mut rng, n, true);
                    let method = crate::search::Method::Anneal { start: 4.0 };
                    let start = ByRemoteness(start);
                    let found = crate::search::lengthen(&mut rng, start, true, POOL_SEARCH_BUDGET, method).case.0;
                    if longest.as_ref().is_none_or(|l| length(&found) > length(l)) {
                        longest = Some(found);
                    }
                    if longest.as_ref().is_some_and(|l| length(l) > 2 * n) {
                        break;
                    }
                }
                longest.expect("at least one search")
            })
            .collect()
    }

    fn length(board: &Instance) -> u32 {
        board.length().expect("a board has a game").0.answer
    }

    #[test]
    fn the_stored_pool_is_the_one_the_search_finds() {
        let found = search_pool();
        let lists = |board: &Instance| {
            let lists: Vec<String> = board.lists.iter().map(|list| format!("&{list:?}")).collect();
            format!("    &[{}],", lists.join(", "))
        };
        assert!(
            found == searched_pool(),
            "the search finds other boards now; store them in SEARCHED_BOARDS:\n{}",
            found.iter().map(lists).collect::<Vec<_>>().join("\n")
        );
    }

    #[test]
    fn every_searched_board_is_official_and_outlasts_2n_plies_however_relabelled() {
        let pool = searched_pool();
        assert_eq!(pool.iter().map(Instance::n).collect::<Vec<_>>(), SEARCHED_SIZES);
        let mut rng = crate::seed::rng(7);
        for board in pool {
            assert!(board.is_official(), "{board:?}");
            assert!(length(board) > 2 * board.n(), "{board:?}: {}", length(board));
            let renamed = relabelled(board, &mut rng);
            assert_ne!(&renamed, board);
            assert!(renamed.is_official());
            assert_eq!(length(&renamed), length(board));
        }
    }

    #[test]
    fn five_in_eight_long_boards_from_sixteen_nodes_come_from_the_stored_boards() {
        let mut rng = crate::seed::rng(1);
        let from_pool = (0..200)
            .filter(|_| {
                let board = Instance::long(&mut rng, 30, Rules::OFFICIAL);
                assert!(board.is_official());
                board.n() < 30
            })
            .count();
        // A quarter from LATE_BOARDS, then half the rest from the pool: 5 in 8.
        assert!((100..150).contains(&from_pool), "{from_pool} of 200");
        // Below the pool's smallest size, every board is built.
        assert!((0..50).all(|_| Instance::long(&mut rng, 10, Rules::OFFICIAL).n() == 10));
    }
}

