//! Wrong contest solutions for berzerk, shiritori and catmouse: each answers the
//! judge's question with one bug a contestant really writes, and solves plain games
//! right, so only the contest-answer oracle can catch it.

use retrocheck::game::{Game, GameBuilder, Outcome, Side};
use retrocheck::internals::subject::Subject;
use retrocheck::problems::{catmouse, shiritori, Instance};
use retrocheck::solution::Solution;
use retrocheck::solve::{retrograde, SolveError};

/// One contest bug of the three newer problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContestBug {
    /// berzerk: a game that never ends is printed `Lose` (the answer array starts as
    /// "lose" and only wins are written into it).
    BerzerkLoopAsLose,
    /// berzerk: each player moves with the other's step lengths (the two sets read into
    /// each other's arrays).
    BerzerkSwappedSets,
    /// shiritori: words compared without case (`abc` and `ABC` taken as one key).
    ShiritoriCaseInsensitive,
    /// shiritori: an endless game is reported as lost by the player to speak (Aoki,
    /// after the opening word), so `Draw` prints `Takahashi`.
    ShiritoriDrawAsLoss,
    /// catmouse: the answer is read with the cat to move first (the turn index read the
    /// wrong way round).
    CatmouseCatFirst,
    /// catmouse: the cat catches only by its own move; the mouse stepping onto the cat
    /// plays on.
    CatmouseMouseOntoCat,
}

/// A contest solution with a [`ContestBug`].
pub struct WrongAnswer {
    pub name: &'static str,
    pub bug: ContestBug,
}

impl Subject for WrongAnswer {
    fn name(&self) -> &str {
        self.name
    }

    /// Plain games are solved right: the bug is only in the contest solution.
    fn solve(&self, game: &Game) -> Result<Solution, SolveError> {
        Ok(retrograde::solve(game))
    }

    fn answer(&self, instance: &Instance, k: usize) -> Option<Result<String, SolveError>> {
        let answer = match (self.bug, instance) {
            (ContestBug::BerzerkLoopAsLose, Instance::Berzerk(_))
            | (ContestBug::ShiritoriDrawAsLoss, Instance::Shiritori(_)) => draws_as_losses(instance, k),
            (ContestBug::BerzerkSwappedSets, Instance::Berzerk(b)) => {
                let mut swapped = b.clone();
                std::mem::swap(&mut swapped.rick, &mut swapped.morty);
                Instance::Berzerk(swapped).answer_line(k).ok()
            }
            (ContestBug::ShiritoriCaseInsensitive, Instance::Shiritori(s)) => {
                let folded = shiritori::Instance::new(s.words().map(|w| w.to_ascii_lowercase()));
                Instance::Shiritori(folded).answer_line(k).ok()
            }
            (ContestBug::CatmouseCatFirst, Instance::Catmouse(c)) => cat_first(instance, c),
            (ContestBug::CatmouseMouseOntoCat, Instance::Catmouse(c)) => mouse_onto_cat(c).map(|game| {
                let outcomes: Vec<Outcome> = retrograde::values(&game).iter().map(|v| v.outcome()).collect();
                instance.answer(k, &outcomes)
            }),
            _ => None,
        };
        answer.map(Ok)
    }
}

/// The right product game's outcomes (by the fast path) with every draw turned into a
/// loss of its mover, answered: berzerk and shiritori, whose turn-0 positions (the
/// first half of the ids) are A's.
fn draws_as_losses(instance: &Instance, k: usize) -> Option<String> {
    let half = match instance {
        Instance::Berzerk(b) => b.n as usize,
        Instance::Shiritori(s) => s.keys().0 as usize,
        _ => return None,
    };
    let outcomes: Vec<Outcome> = instance
        .implicit_outcomes()
        .ok()?
        .into_iter()
        .enumerate()
        .map(|(p, outcome)| match outcome {
            Outcome::Draw if p < half => Outcome::Win(Side::B),
            Outcome::Draw => Outcome::Win(Side::A),
            outcome => outcome,
        })
        .collect();
    Some(instance.answer(k, &outcomes))
}

/// The catmouse answer read at the start with the cat to move.
fn cat_first(instance: &Instance, c: &catmouse::Instance) -> Option<String> {
    let outcomes = instance.implicit_outcomes().ok()?;
    Some(
        match outcomes[c.position(false, 1, 2) as usize] {
            Outcome::Win(Side::A) => "1",
            Outcome::Win(Side::B) => "2",
            Outcome::Draw => "0",
        }
        .into(),
    )
}

/// The catmouse product where the positions "cat to move, both on one node" (the mouse
/// just stepped onto the cat) are not terminal: the cat moves on from there.
fn mouse_onto_cat(c: &catmouse::Instance) -> Option<Game> {
    let right = retrocheck::problems::ContestProblem::game(c).ok()?;
    let n = c.n();
    let mut b = GameBuilder::with_capacity(right.positions(), right.move_count());
    let mut moves = Vec::new();
    for q in right.ids() {
        let (cat_to_move, mouse, cat) = (q >= n * (n - 1), q / (n - 1) % n, q % (n - 1) + 1);
        if cat_to_move && mouse == cat {
            moves.clear();
            moves.extend(
                c.lists[cat as usize]
                    .iter()
                    .filter(|&&w| w != 0)
                    .map(|&w| c.position(true, mouse, w)),
            );
            b.moves(Side::B, &moves);
        } else {
            b.position(right.mover(q), right.moves(q), right.terminal(q));
        }
    }
    b.build().ok()
}
