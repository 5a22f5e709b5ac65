//! Contest instances shrink in contest form to tiny official cases: the contest mutants
//! of the kill table, from failing instances of their families.

use retrocheck::internals::case::Case;
use retrocheck::internals::generate::Family;
use retrocheck::problems::{pursuit, Instance, Problem};

#[test]
fn pursuit_no_catch_shrinks_to_two_vertices() {
    // Bob's only move lands on Alice. Vertex removals alone stop at 3 vertices
    // (Bob on a hub, Alice next to it); moving Alice frees her old vertex.
    let p = pursuit::Instance {
        n: 4,
        edges: vec![(0, 2), (2, 0), (1, 2), (3, 0), (3, 2)],
        bob: 2,
        alice: 1,
    };
    let Instance::Pursuit(small) = shrinks_to("pursuit-no-catch", Instance::Pursuit(p), 2) else {
        panic!()
    };
    assert_eq!(small.n, 2, "{small:?}");
}

/// Shrinks an official instance that `mutant` fails, and checks the result: within
/// the limits, 1-minimal, and no larger than `most` in the problem's own unit.
fn shrinks_to(mutant: &str, start: Instance, most: usize) -> Instance {
    assert!(start.is_official());
    let case = Case::Instance(start);
    let solver = retrocheck_selftest::registry::by_name(mutant).unwrap();
    let oracles = retrocheck::internals::oracles::Oracles::all();
    let triaged = retrocheck::internals::failure::triage(
        &case,
        solver.as_ref(),
        &retrocheck::internals::failure::Policy::new(oracles),
        |_| {},
    )
    .unwrap();
    let signature = triaged.mismatch.signature();
    let small = triaged.shrunk.value;
    assert_eq!(
        retrocheck_selftest::kill::is_one_minimal(&small, signature, solver.as_ref(), &oracles),
        Some(true),
        "{mutant}: {small:?}"
    );
    let Case::Instance(small) = small else { panic!() };
    assert!(small.is_official(), "{small:?}");
    assert!(
        retrocheck_selftest::kill::size_of(&Case::Instance(small.clone())) <= most,
        "{mutant} shrank only to {}: {small:?}",
        small.size_text()
    );
    small
}

/// The first official instance of `problem`'s family (seeds 0, 1, …, at `size`)
/// that `mutant` fails, shrunk: within the limits, 1-minimal, and at most `most` in
/// the problem's unit.
fn first_failing_shrinks_to(mutant: &str, problem: Problem, size: usize, most: usize) -> Instance {
    let family = Family::Contest(problem);
    let solver = retrocheck_selftest::registry::by_name(mutant).unwrap();
    let oracles = retrocheck::internals::oracles::Oracles::default();
    let start = (0..200)
        .map(|seed| retrocheck::internals::generate::case(family, seed, size))
        .find(|c| retrocheck::internals::oracles::check_case(c, solver.as_ref(), &oracles).is_err())
        .map(|c| match c {
            Case::Instance(i) => i,
            Case::Game(_) => panic!("{family:?} makes instances"),
        })
        .unwrap_or_else(|| panic!("{mutant} passed 200 cases of {family:?}"));
    shrinks_to(mutant, start, most)
}

#[test]
fn berzerk_mutants_shrink_to_small_rings() {
    for mutant in ["berzerk-loop-as-lose", "berzerk-swapped-sets"] {
        let Instance::Berzerk(b) = first_failing_shrinks_to(mutant, Problem::Berzerk, 2_000, 5) else {
            panic!()
        };
        assert!(b.rick.len() + b.morty.len() <= 4, "{mutant}: {b:?}");
    }
}

#[test]
fn shiritori_mutants_shrink_to_a_few_words() {
    for mutant in ["shiritori-ignore-case", "shiritori-draw-as-loss"] {
        let Instance::Shiritori(s) = first_failing_shrinks_to(mutant, Problem::Shiritori, 400, 3) else {
            panic!()
        };
        assert!(s.words().all(|w| w.len() <= 6), "{mutant}: {s:?}");
    }
}

#[test]
fn catmouse_mutants_shrink_to_small_boards() {
    for mutant in ["catmouse-cat-first", "catmouse-mouse-onto-cat"] {
        first_failing_shrinks_to(mutant, Problem::Catmouse, 2_000, 6);
    }
}
