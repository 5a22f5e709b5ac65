//! Deliberately wrong solvers — the bugs people really write — that the harness must
//! catch, and a broken certificate checker. Never on the solver path: only the harness,
//! `retrocheck diff --solver NAME` and `retrocheck mutants` use them.
//!
//! Most are one textbook queue solver (readable, unoptimized) with one [`Bug`]
//! switched on, the way mutation testing applies one operator at a time; the others
//! are a memoizing depth-first search and two contest front-ends that build a wrong
//! product game.

use retrocheck::game::{Game, GameBuilder, Outcome, Side, Value};
use retrocheck::internals::subject::Subject;
use retrocheck::problems::Instance;
use retrocheck::solution::{first_optimal_move, Solution};
use retrocheck::solve::{retrograde, SolveError, Solver};
use retrocheck::solve::{Rule, Violation};
use std::collections::{HashMap, VecDeque};

pub mod contest;
pub mod deep;
pub mod horizon;
use contest::{ContestBug, WrongAnswer};
use deep::DeepBug;
use horizon::Reach;
use retrocheck::problems::Problem;

/// One deviation from the textbook queue solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    /// The counter starts at the number of *distinct* successors, but decrements
    /// follow edges: a repeated losing move counts twice, so a position with a
    /// repeated losing move and a drawing one is declared lost.
    DistinctCounter,
    /// The reverse: the counter counts edges, but each predecessor is visited once per
    /// distinct successor: a position whose moves all repeat a lost one stays a draw.
    DistinctWalk,
    /// Self-loops are left out of the counter: a position that can loop for ever
    /// (a draw) but whose other moves lose is declared lost.
    SkipSelfLoops,
    /// Off by one: a loss is declared when one undecided move remains.
    OffByOne,
    /// Explicit terminal outcomes are ignored: a position without moves is always lost
    /// by its mover, so `=D` and a mover's own `=A`/`=B` win come out wrong.
    IgnoreLabels,
    /// A LIFO stack instead of the FIFO queue: outcomes stay right, remoteness does
    /// not on any game where a position has two winning moves of different lengths.
    Lifo,
    /// A lost position's remoteness from the first successor to be decided (the
    /// minimum) instead of the last (the maximum).
    LossMin,
    /// The chosen move of a won position is the first winning successor, whatever its
    /// remoteness: on a graph with cycles that is not a winning strategy.
    AnyWinningMove,
    /// Positions never decided are reported as losses of their mover, not draws.
    DrawsAsLosses,
    /// Positions of B are treated as if A moved there (a team-game error: one mover's
    /// sides swapped).
    SwappedB,
}

/// The textbook queue solver with one bug.
pub struct Textbook {
    pub bug: Bug,
}

impl Solver for Textbook {
    fn name(&self) -> &str {
        MUTANTS
            .iter()
            .find(|m| matches!(m.kind, Make::Textbook(b) if b == self.bug))
            .map_or("textbook", |m| m.name)
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        Ok(textbook(game, Some(self.bug)))
    }
}

/// The textbook queue solver, with an optional bug.
pub fn textbook(game: &Game, bug: Option<Bug>) -> Solution {
    let n = game.positions();
    let mut predecessors: Vec<Vec<u32>> = vec![Vec::new(); n];
    for p in game.ids() {
        for &q in game.moves(p) {
            predecessors[q as usize].push(p);
        }
    }
    if bug == Some(Bug::DistinctWalk) {
        for list in &mut predecessors {
            list.sort_unstable();
            list.dedup();
        }
    }
    let mut count: Vec<usize> = game
        .ids()
        .map(|p| {
            let moves = game.moves(p);
            match bug {
                Some(Bug::DistinctCounter) => {
                    let mut distinct = moves.to_vec();
                    distinct.sort_unstable();
                    distinct.dedup();
                    distinct.len()
                }
                Some(Bug::SkipSelfLoops) => moves.iter().filter(|&&q| q != p).count(),
                _ => moves.len(),
            }
        })
        .collect();
    let mover = |p: u32| match (bug, game.mover(p)) {
        (Some(Bug::SwappedB), Side::B) => Side::A,
        (_, side) => side,
    };
    let mut value: Vec<Option<(Side, u32)>> = vec![None; n];
    let mut first_loss: Vec<Option<u32>> = vec![None; n];
    let mut queue = VecDeque::new();
    for p in game.ids() {
        let label = if bug == Some(Bug::IgnoreLabels) {
            None
        } else {
            game.terminal(p)
        };
        let seed = match label {
            Some(Outcome::Win(side)) => Some(side),
            Some(Outcome::Draw) => None,
            None if game.moves(p).is_empty() => Some(mover(p).other()),
            None => None,
        };
        if let Some(side) = seed {
            value[p as usize] = Some((side, 0));
            queue.push_back(p);
        }
    }
    let lost_at = if bug == Some(Bug::OffByOne) { 1 } else { 0 };
    while let Some(q) = if bug == Some(Bug::Lifo) {
        queue.pop_back()
    } else {
        queue.pop_front()
    } {
        let (winner, r) = value[q as usize].expect("queued positions are decided");
        for &p in &predecessors[q as usize] {
            if value[p as usize].is_some() {
                continue;
            }
            if mover(p) == winner {
                value[p as usize] = Some((winner, r + 1));
                queue.push_back(p);
                continue;
            }
            first_loss[p as usize].get_or_insert(r + 1);
            count[p as usize] = count[p as usize].saturating_sub(1);
            if count[p as usize] <= lost_at {
                let remoteness = if bug == Some(Bug::LossMin) {
                    first_loss[p as usize].unwrap()
                } else {
                    r + 1
                };
                value[p as usize] = Some((winner, remoteness));
                queue.push_back(p);
            }
        }
    }
    let values: Vec<Value> = game
        .ids()
        .map(|p| match value[p as usize] {
            Some((winner, remoteness)) => Value::win(winner, remoteness),
            None if bug == Some(Bug::DrawsAsLosses) => Value::win(game.mover(p).other(), 0),
            None => Value::Draw,
        })
        .collect();
    let mut solution = Solution::from_values(game, values);
    if bug == Some(Bug::AnyWinningMove) {
        for p in game.ids() {
            if solution.values[p as usize].winner() == Some(game.mover(p)) {
                solution.choices[p as usize] = game
                    .moves(p)
                    .iter()
                    .copied()
                    .find(|&q| solution.values[q as usize].winner() == Some(game.mover(p)));
            }
        }
    }
    solution
}

/// Depth-first minimax that scores a position on the current path as a draw and
/// memoizes every score, including those that leaned on such a draw: the
/// graph-history interaction (docs/DESIGN.md, "Three traps"). Smallest victim: a→b, a→c, b→a, c stuck.
pub struct MemoDfs;

impl Solver for MemoDfs {
    fn name(&self) -> &str {
        "memo-dfs"
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        let mut memo = HashMap::new();
        let mut on_path = vec![false; game.positions()];
        let values = game
            .ids()
            .map(|p| memo_search(game, p, &mut on_path, &mut memo))
            .collect();
        Ok(Solution::from_values(game, values))
    }
}

fn memo_search(game: &Game, p: u32, on_path: &mut [bool], memo: &mut HashMap<u32, Value>) -> Value {
    if let Some(&v) = memo.get(&p) {
        return v;
    }
    if on_path[p as usize] {
        return Value::Draw;
    }
    let value = match game.terminal(p) {
        Some(outcome) => Value::terminal(outcome),
        None => {
            on_path[p as usize] = true;
            let mover = game.mover(p);
            let next: Vec<Value> = game
                .moves(p)
                .iter()
                .map(|&q| memo_search(game, q, on_path, memo))
                .collect();
            on_path[p as usize] = false;
            let fastest = next
                .iter()
                .filter(|v| v.winner() == Some(mover))
                .filter_map(|v| v.remoteness())
                .min();
            match fastest {
                Some(r) => Value::win(mover, r + 1),
                None if next.iter().all(|v| v.winner() == Some(mover.other())) => {
                    let slowest = next.iter().filter_map(|v| v.remoteness()).max();
                    Value::win(mover.other(), slowest.map_or(0, |r| r + 1))
                }
                None => Value::Draw,
            }
        }
    };
    memo.insert(p, value);
    value
}

/// A contest front-end with a wrong product game: solved correctly, answered wrongly.
pub struct WrongProduct {
    name: &'static str,
    build: fn(&Instance) -> Option<Game>,
}

impl Subject for WrongProduct {
    fn name(&self) -> &str {
        self.name
    }

    /// Plain games are solved right: the bug is only in the contest front-end.
    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        Ok(retrograde::solve(game))
    }

    fn answer(&self, instance: &Instance, k: usize) -> Option<Result<String, SolveError>> {
        let game = (self.build)(instance)?;
        let outcomes: Vec<Outcome> = retrograde::values(&game).iter().map(|v| v.outcome()).collect();
        Some(Ok(instance.answer(k, &outcomes)))
    }
}

/// `pursuit` where Bob stepping onto Alice is not a catch: only Alice moving onto Bob
/// ends the game, so positions (Alice to move, same vertex) play on.
fn pursuit_without_catch(instance: &Instance) -> Option<Game> {
    let Instance::Pursuit(p) = instance else {
        return None;
    };
    let right = p.game().ok()?;
    let mut b = GameBuilder::with_capacity(right.positions(), right.move_count());
    let mut moves = Vec::new();
    for q in right.ids() {
        let (alice_to_move, bob, alice) = (q >= p.n * p.n, q / p.n % p.n, q % p.n);
        if alice_to_move && bob == alice {
            moves.clear();
            moves.extend(
                p.edges
                    .iter()
                    .filter(|e| e.0 == alice)
                    .map(|e| p.position(true, bob, e.1)),
            );
            b.moves(Side::A, &moves);
        } else {
            b.position(right.mover(q), right.moves(q), right.terminal(q));
        }
    }
    b.draw_credit(right.draw_credit());
    b.build().ok()
}

/// `minigame` where a stuck actor is treated as losing for himself rather than for
/// his team: a stuck position is lost by its mover (the team the actor wants to win).
fn minigame_stuck_actor_loses(instance: &Instance) -> Option<Game> {
    let Instance::Minigame(m) = instance else {
        return None;
    };
    let right = m.game().ok()?;
    let mut b = GameBuilder::with_capacity(right.positions(), right.move_count());
    for q in right.ids() {
        let label = right.terminal(q).map(|_| Outcome::Win(right.mover(q).other()));
        b.position(right.mover(q), right.moves(q), label);
    }
    b.build().ok()
}

/// `certify` without the remoteness conditions: outcomes and chosen moves are checked
/// only for who wins. It accepts "a won, b lost" on a 2-cycle (docs/DESIGN.md, "Three traps").
pub fn certify_without_remoteness(game: &Game, solution: &Solution) -> Result<(), Violation> {
    if solution.values.len() != game.positions() || solution.choices.len() != game.positions() {
        return Err(Violation {
            position: 0,
            rule: Rule::Length {
                claimed: solution.values.len(),
                positions: game.positions(),
            },
        });
    }
    let outcome = |q: u32| solution.values[q as usize].outcome();
    for p in game.ids() {
        let claimed = solution.values[p as usize];
        let moves = game.moves(p);
        let mover = game.mover(p);
        let fail = |rule| Err(Violation { position: p, rule });
        if game.terminal(p).is_some() || moves.is_empty() {
            let required = game
                .terminal(p)
                .map_or(Value::win(mover.other(), 0), Value::terminal);
            if claimed.outcome() != required.outcome() {
                return fail(Rule::Terminal { claimed, required });
            }
            continue;
        }
        let wins = moves.iter().any(|&q| outcome(q) == Outcome::Win(mover));
        let all_lose = moves.iter().all(|&q| outcome(q) == Outcome::Win(mover.other()));
        let right = match claimed.outcome() {
            Outcome::Win(side) if side == mover => wins,
            Outcome::Win(_) => all_lose,
            Outcome::Draw => !wins && !all_lose,
        };
        if !right {
            return fail(Rule::DrawButAllMovesLose);
        }
        let chosen_ok = solution.choices[p as usize]
            .is_some_and(|c| moves.contains(&c) && outcome(c) == claimed.outcome());
        if !chosen_ok {
            return fail(Rule::Choice {
                claimed: solution.choices[p as usize],
                required: None,
            });
        }
    }
    Ok(())
}

/// How a mutant is made.
#[derive(Clone, Copy, Debug)]
pub enum Make {
    Textbook(Bug),
    MemoDfs,
    PursuitNoCatch,
    MinigameStuckActor,
    /// A berzerk, shiritori or catmouse solution with one bug.
    Contest(ContestBug),
    /// The deep textbook solver of [`deep`] with one bug.
    Deep(DeepBug),
    /// A solution bounded to a horizon ([`horizon`]).
    Horizon(horizon::Reach),
}

/// A named mutant and what it gets wrong.
#[derive(Clone, Copy, Debug)]
pub struct Mutant {
    pub name: &'static str,
    pub kind: Make,
    /// The bug, and what kind of game exposes it.
    pub description: &'static str,
}

impl Mutant {
    pub fn solver(&self) -> Box<dyn Subject> {
        match self.kind {
            Make::Textbook(bug) => Box::new(Textbook { bug }),
            Make::MemoDfs => Box::new(MemoDfs),
            Make::PursuitNoCatch => Box::new(WrongProduct {
                name: self.name,
                build: pursuit_without_catch,
            }),
            Make::MinigameStuckActor => Box::new(WrongProduct {
                name: self.name,
                build: minigame_stuck_actor_loses,
            }),
            Make::Contest(bug) => Box::new(WrongAnswer { name: self.name, bug }),
            Make::Deep(bug) => Box::new(deep::Deep { bug }),
            Make::Horizon(reach) => Box::new(horizon::Horizon {
                name: self.name,
                reach,
            }),
        }
    }
}

/// Every mutant, in kill-table order.
pub const MUTANTS: [Mutant; 39] = [
    Mutant {
        name: "memo-dfs",
        kind: Make::MemoDfs,
        description:
            "memoizes a score that leaned on an on-path draw (graph-history); a→b, a→c, b→a, c stuck",
    },
    Mutant {
        name: "distinct-counter",
        kind: Make::Textbook(Bug::DistinctCounter),
        description:
            "counter = distinct successors, decrements per edge; a repeated losing move next to a draw",
    },
    Mutant {
        name: "distinct-walk",
        kind: Make::Textbook(Bug::DistinctWalk),
        description: "counter per edge, predecessors walked once each; every move repeats a lost one",
    },
    Mutant {
        name: "skip-self-loops",
        kind: Make::Textbook(Bug::SkipSelfLoops),
        description: "self-loops left out of the counter; a self-loop beside losing moves",
    },
    Mutant {
        name: "off-by-one",
        kind: Make::Textbook(Bug::OffByOne),
        description: "loss declared with one undecided move left; a losing move beside a draw",
    },
    Mutant {
        name: "ignore-labels",
        kind: Make::Textbook(Bug::IgnoreLabels),
        description: "explicit terminal outcomes ignored; any =D, or a mover's own win",
    },
    Mutant {
        name: "lifo",
        kind: Make::Textbook(Bug::Lifo),
        description: "stack instead of queue: remoteness wrong; two winning moves of different lengths",
    },
    Mutant {
        name: "loss-min",
        kind: Make::Textbook(Bug::LossMin),
        description:
            "lost remoteness from the fastest loss; a loser with two losing moves of different lengths",
    },
    Mutant {
        name: "any-winning-move",
        kind: Make::Textbook(Bug::AnyWinningMove),
        description: "chosen move: any winning successor; a slower winning move listed first",
    },
    Mutant {
        name: "draws-as-losses",
        kind: Make::Textbook(Bug::DrawsAsLosses),
        description: "undecided positions reported lost by their mover; any cycle without exit",
    },
    Mutant {
        name: "swapped-b",
        kind: Make::Textbook(Bug::SwappedB),
        description: "positions of B treated as A's (one mover's sides swapped); B moving to a win of B",
    },
    Mutant {
        name: "pursuit-no-catch",
        kind: Make::PursuitNoCatch,
        description: "pursuit: Bob stepping onto Alice is not a catch; Bob's only move lands on Alice",
    },
    Mutant {
        name: "minigame-stuck-actor",
        kind: Make::MinigameStuckActor,
        description: "minigame: a stuck actor loses for himself, not his team; an actor with no move",
    },
    Mutant {
        name: "berzerk-loop-as-lose",
        kind: Make::Contest(ContestBug::BerzerkLoopAsLose),
        description: "berzerk: a game that never ends printed Lose; 3 objects, steps 1 and 2",
    },
    Mutant {
        name: "berzerk-swapped-sets",
        kind: Make::Contest(ContestBug::BerzerkSwappedSets),
        description: "berzerk: each player moves with the other's step lengths; 3 objects, steps 2 and 1",
    },
    Mutant {
        name: "shiritori-ignore-case",
        kind: Make::Contest(ContestBug::ShiritoriCaseInsensitive),
        description: "shiritori: words compared without case; one word, its two ends differ in case only",
    },
    Mutant {
        name: "shiritori-draw-as-loss",
        kind: Make::Contest(ContestBug::ShiritoriDrawAsLoss),
        description: "shiritori: an endless game printed as Aoki's loss; the one word aaa",
    },
    Mutant {
        name: "catmouse-cat-first",
        kind: Make::Contest(ContestBug::CatmouseCatFirst),
        description: "catmouse: the answer read with the cat to move first; the mouse between hole and cat",
    },
    Mutant {
        name: "catmouse-mouse-onto-cat",
        kind: Make::Contest(ContestBug::CatmouseMouseOntoCat),
        description: "catmouse: the mouse stepping onto the cat plays on; the mouse's only move is onto the cat",
    },
    Mutant {
        name: "counter-u8",
        kind: Make::Deep(DeepBug::CounterU8),
        description: "undecided-move counter in 8 bits; one position with 256 self-loops",
    },
    Mutant {
        name: "remoteness-u8",
        kind: Make::Deep(DeepBug::RemotenessU8),
        description: "remoteness in 8 bits, wraps at 256; a chain of 257 positions",
    },
    Mutant {
        name: "remoteness-u16",
        kind: Make::Deep(DeepBug::RemotenessU16),
        description: "remoteness in 16 bits, wraps at 65,536; a chain of 65,537 positions",
    },
    Mutant {
        name: "fast-path-self-loops",
        kind: Make::Deep(DeepBug::FastPathSelfLoops),
        description: "above 2,048 positions self-loops leave the counter; 2,049 positions, one self-loop",
    },
    Mutant {
        name: "fast-path-repeats",
        kind: Make::Deep(DeepBug::FastPathRepeats),
        description: "above 3,000 positions reverse lists deduplicated, moves all counted; 3,001 positions, moves 1,1",
    },
    Mutant {
        name: "distinct-at-high-degree",
        kind: Make::Deep(DeepBug::DistinctAtHighDegree),
        description: "counter = distinct successors above 64 moves; 2 positions, 64 repeated losing moves and a self-loop",
    },
    Mutant {
        name: "recursive",
        kind: Make::Deep(DeepBug::Recursive),
        description: "one recursive call per remoteness layer, overflows past depth 10,000; a chain of 10,001 positions",
    },
    Mutant {
        name: "draw-b-only",
        kind: Make::Deep(DeepBug::DrawBOnly),
        description: "under draw B, B self-loops seeded as forced B wins; one B self-loop with draw B",
    },
    Mutant {
        name: "unsorted-moves",
        kind: Make::Deep(DeepBug::UnsortedMoves),
        description: "chosen move first optimal in sorted order; 0 moves to 1,0 and 1 moves to 0",
    },
    Mutant {
        name: "horizon-1000",
        kind: Make::Horizon(Reach::Moves(1_000)),
        description: "looks 1,000 moves ahead, a draw beyond; a chain of 1,002 positions",
    },
    Mutant {
        name: "pursuit-horizon-n",
        kind: Make::Horizon(Reach::Contest {
            problem: Problem::Pursuit,
            per_unit: 1,
            fixed: 0,
        }),
        description: "pursuit: n moves looked ahead, Bob's escape beyond; Bob runs down a path of 5 vertices",
    },
    Mutant {
        name: "minigame-horizon-n",
        kind: Make::Horizon(Reach::Contest {
            problem: Problem::Minigame,
            per_unit: 1,
            fixed: 0,
        }),
        description: "minigame: n moves looked ahead, a draw beyond; 2 vertices, the players go round a self-loop",
    },
    Mutant {
        name: "berzerk-horizon-40",
        kind: Make::Horizon(Reach::Contest {
            problem: Problem::Berzerk,
            per_unit: 0,
            fixed: 40,
        }),
        description: "berzerk: 40 rounds of relaxation, Loop beyond; 27 objects, steps 2 and 3",
    },
    Mutant {
        name: "berzerk-horizon-1000",
        kind: Make::Horizon(Reach::Contest {
            problem: Problem::Berzerk,
            per_unit: 0,
            fixed: 1_000,
        }),
        description: "berzerk: 1,000 rounds of relaxation, Loop beyond; 563 objects, steps 261 and 121",
    },
    Mutant {
        name: "shiritori-horizon-12",
        kind: Make::Horizon(Reach::Contest {
            problem: Problem::Shiritori,
            per_unit: 0,
            fixed: 11,
        }),
        description: "shiritori: 12 words looked ahead, Draw beyond; a chain of 13 words",
    },
    Mutant {
        name: "catmouse-horizon-2n",
        kind: Make::Horizon(Reach::Contest {
            problem: Problem::Catmouse,
            per_unit: 2,
            fixed: 0,
        }),
        description: "catmouse: the game cut off after 2n plies, a draw beyond; 11 nodes, the cat wins after more than 22",
    },
    Mutant {
        name: "catmouse-rounds-3n",
        kind: Make::Horizon(Reach::Contest {
            problem: Problem::Catmouse,
            per_unit: 3,
            fixed: 0,
        }),
        description: "catmouse: 3n rounds of value iteration, a draw beyond; 14 nodes, the cat wins after more than 42",
    },
    Mutant {
        name: "catmouse-sweeps-2n",
        kind: Make::Horizon(Reach::Sweeps {
            problem: Problem::Catmouse,
            per_unit: 2,
            fixed: 0,
        }),
        description: "catmouse: 2n sweeps of value iteration in place, a draw beyond; 17 nodes, the cat wins in sweep 35 or later",
    },
    Mutant {
        name: "catmouse-sweeps-2n1",
        kind: Make::Horizon(Reach::Sweeps {
            problem: Problem::Catmouse,
            per_unit: 2,
            fixed: 1,
        }),
        description: "catmouse: 2n + 1 sweeps of value iteration in place, a draw beyond; 18 nodes, the cat wins in sweep 38 or later",
    },
    Mutant {
        name: "catmouse-repeat-n",
        kind: Make::Horizon(Reach::Repeats {
            problem: Problem::Catmouse,
            per_unit: 1,
            fixed: 0,
        }),
        description: "catmouse: a search with on-path draws, repeated n times, a draw beyond; 16 nodes, more than 16 passes to the cat's win",
    },
];

/// The name of the broken checker in reports.
pub const CHECKER_MUTANT: &str = "certify-no-remoteness";

/// A solver with a planted bug, for the end-to-end tests of the harness and the fuzz
/// targets: it flips the outcome of the first position moved by B that has a
/// self-loop and another move.
pub struct Planted;

impl Solver for Planted {
    fn name(&self) -> &str {
        "planted"
    }

    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        let mut solution = retrograde::solve(game);
        let hit = game
            .ids()
            .find(|&p| game.mover(p) == Side::B && game.moves(p).contains(&p) && game.moves(p).len() >= 2);
        if let Some(p) = hit {
            let v = &mut solution.values[p as usize];
            *v = match *v {
                Value::Win { winner, remoteness } => Value::win(winner.other(), remoteness),
                Value::Draw => Value::win(Side::A, 1),
            };
            solution.choices[p as usize] = first_optimal_move(game, &solution.values, p);
        }
        Ok(solution)
    }
}

/// A mutant (or the planted bug) by name.
pub fn by_name(name: &str) -> Option<Box<dyn Subject>> {
    if name == "planted" {
        return Some(Box::new(Planted));
    }
    MUTANTS
        .iter()
        .find(|m| m.name == name)
        .map(Mutant::solver)
        .or_else(|| deep::by_name(name).map(|s| Box::new(s) as Box<dyn Subject>))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kill::{self, Finding};
    use retrocheck::format::parse_game;
    use retrocheck::internals::oracles::{check, Mismatch, Oracles};

    #[test]
    fn the_textbook_solver_without_a_bug_is_right() {
        for text in [
            "game 3;\n0 A 1,2;\n1 B 0;\n2 B ;\n",
            "game 3;\n0 A 1,1,2;\n1 A ;\n2 B 2;\n",
            "game 4;\n0 A 1,2,3;\n1 B 0,0,1;\n2 A ;\n3 B =A;\ndraw B;\n",
        ] {
            let g = parse_game(text).unwrap();
            assert_eq!(textbook(&g, None), retrograde::solve(&g));
        }
    }

    #[test]
    fn the_broken_checker_accepts_a_won_b_lost_on_a_two_cycle() {
        let g = parse_game("game 2;\n0 A 1;\n1 B 0;\n").unwrap();
        let wrong = Solution {
            values: vec![Value::win(Side::A, 5), Value::win(Side::A, 2)],
            choices: vec![Some(1), Some(0)],
        };
        assert!(certify_without_remoteness(&g, &wrong).is_ok());
        assert!(retrocheck::solve::certify(&g, &wrong).is_err());
    }

    #[test]
    fn the_harness_notices_a_checker_that_accepts_a_wrong_solution() {
        // The broken checker accepts "a won, b lost" on a 2-cycle ...
        let two_cycle = parse_game("game 2;\n0 A 1;\n1 B 0;\n").unwrap();
        let wrong = Solution {
            values: vec![Value::win(Side::A, 3), Value::win(Side::A, 2)],
            choices: vec![Some(1), Some(0)],
        };
        assert!(certify_without_remoteness(&two_cycle, &wrong).is_ok());
        // ... and, put in the harness with a solver that gets remoteness wrong, the
        // references refute a solution it accepted: the harness reports the checker.
        let broken = Oracles {
            certifier: certify_without_remoteness,
            ..Oracles::default()
        };
        let loss_min = Textbook { bug: Bug::LossMin };
        let game = parse_game("game 4;\n0 A 2,3;\n1 A ;\n2 A ;\n3 A 1;\n").unwrap();
        assert!(matches!(
            check(&game, &loss_min, &broken),
            Err(Mismatch::CheckerAccepted { .. })
        ));
        // With the real checker the same solution is simply wrong.
        assert!(matches!(
            check(&game, &loss_min, &Oracles::default()),
            Err(Mismatch::Disagree { .. })
        ));
        // And the bulk runner finds such a case by itself.
        match kill::bulk_kill(&loss_min, &[kill::seeded_phase(100_000, 1000, &broken)]) {
            Finding::Caught(k) => assert!(k.oracle.contains("checker accepted it"), "{}", k.oracle),
            Finding::Survived { .. } => panic!("the broken checker went unnoticed"),
        }
    }
}
