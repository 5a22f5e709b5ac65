//! Every contest problem against the corpus and the samples of `docs/problems`, and
//! what problems and instances say of themselves.

use crate::support::{answers, corpus};
use retrocheck_core::problems::{Instance, Problem};
use retrocheck_core::Side;

#[test]
fn corpus_and_samples_give_the_judge_answers_byte_for_byte() {
    for problem in Problem::ALL {
        let dir = corpus().join(problem.name());
        let mut seen = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let input = std::fs::read_to_string(&path).unwrap();
            let want = std::fs::read_to_string(path.with_extension("out")).unwrap();
            let instances = problem.parse(&input).unwrap();
            assert!(instances.iter().all(|i| i.problem() == problem));
            let got = answers(&instances).join("\n") + "\n";
            assert_eq!(got, want, "{path:?}");
            // Printing gives an input that parses back to the same instances.
            let printed = problem.print(&instances);
            assert_eq!(problem.parse(&printed).unwrap(), instances);
            assert_eq!(problem.parse_bytes(printed.as_bytes()).unwrap(), instances);
            seen += 1;
        }
        assert!(seen >= 1, "{dir:?}");
    }
    // The samples of docs/problems, as given there.
    let pursuit_sample = "3\n5 3\n1 2\n3 4\n4 5\n3 1\n4 3\n1 2\n2 3\n3 4\n1 2\n3 3\n1 2\n2 3\n3 1\n2 1\n";
    let got = answers(&Problem::Pursuit.parse(pursuit_sample).unwrap());
    assert_eq!(got, ["Case #1: Yes", "Case #2: No", "Case #3: Yes"]);
    let minigame_sample =
        "3\n3 3\n1 2\n2 3\n3 1\nAAABBB\n000000\n4 4\n1 2\n2 3\n3 3\n2 4\nABABAB\n000000\n5 5\n1 2\n2 1\n2 3\n3 4\n4 5\nAABBAB\n010001\n";
    let got = answers(&Problem::Minigame.parse(minigame_sample).unwrap());
    assert_eq!(got, ["DDD", "BADB", "BAABB"]);
}

#[test]
fn instances_describe_themselves() {
    assert_eq!(Problem::from_name("pursuit"), Some(Problem::Pursuit));
    assert_eq!(Problem::from_name("minigame"), Some(Problem::Minigame));
    assert_eq!(Problem::from_name("Pursuit"), None);
    assert_eq!(Problem::from_name(""), None);
    assert_eq!(Problem::Pursuit.name(), "pursuit");
    assert_eq!(Problem::Minigame.name(), "minigame");
    let p = Problem::Pursuit
        .parse("1\n3 2\n1 2\n2 3\n1 3\n")
        .unwrap()
        .remove(0);
    assert_eq!(p.size_text(), "3 vertices, 2 edges");
    assert_eq!(p.problem(), Problem::Pursuit);
    assert_eq!(p.to_input(), "1\n3 2\n1 2\n2 3\n1 3\n");
    let m = Problem::Minigame
        .parse("1\n1 1\n1 1\nABABAB\n010101\n")
        .unwrap()
        .remove(0);
    assert_eq!(m.size_text(), "1 vertex, 1 arc");
    assert_eq!(m.problem(), Problem::Minigame);
    assert_eq!(m.to_input(), "1\n1 1\n1 1\nABABAB\n010101\n");
    assert_eq!(Problem::Minigame.print(&[]), "0\n");
    assert_eq!(Problem::Pursuit.parse("0\n").unwrap(), vec![]);
    assert_eq!(
        Problem::Pursuit.print(&[p.clone(), p.clone()]),
        "2\n3 2\n1 2\n2 3\n1 3\n3 2\n1 2\n2 3\n1 3\n"
    );
    match m {
        Instance::Minigame(ref inst) => {
            assert_eq!(inst.order, [Side::A, Side::B, Side::A, Side::B, Side::A, Side::B]);
            assert_eq!(inst.actors, [false, true, false, true, false, true]);
        }
        _ => unreachable!(),
    }
}
