//! Replays every case in `corpus/` through every applicable oracle and against its
//! `.out` file.

use crate::support::{retrocheck, stdout};
use retrocheck::internals::corpus::{inputs, replay_file};
use std::path::Path;

#[test]
fn every_corpus_case_replays() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let files = inputs(&root).expect("corpus/ is readable");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| replay_file(f).err().map(|e| e.to_string()))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} corpus cases fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    // The hand-made cases (the traps, the samples, the statements' cases) and the
    // minimal counterexamples of the mutants, at least.
    assert!(files.len() >= 24, "only {} corpus cases found", files.len());
}

#[test]
fn a_wrong_expected_output_is_reported_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::write(games.join("t.game"), "game 2;\n0 A 1;\n1 B ;\n").unwrap();
    std::fs::write(games.join("t.out"), "0 A 1 1\n1 B 0 -\n").unwrap();
    let e = replay_file(&games.join("t.game")).unwrap_err().to_string();
    assert!(
        e.contains("output line 2") && e.contains("\"1 B 0 -\"") && e.contains("\"1 A 0 -\""),
        "{e}"
    );
    std::fs::write(games.join("t.out"), "0 A 1 1\n1 A 0 -\n").unwrap();
    assert!(replay_file(&games.join("t.game")).is_ok());
    std::fs::remove_file(games.join("t.out")).unwrap();
    let e = replay_file(&games.join("t.game")).unwrap_err().to_string();
    assert!(e.contains("cannot read the expected output"), "{e}");
}

#[test]
fn replay_blames_the_corpus_for_an_input_without_its_out_as_the_api_does() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::write(games.join("a.game"), "game 1;\n0 A ;\n").unwrap();
    let api = retrocheck::api::replay(&retrocheck::solve::Retrograde::default(), dir.path()).unwrap_err();
    assert!(api.failure().is_none(), "the API blames the solver: {api}");
    let o = retrocheck().arg("replay").arg(dir.path()).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stdout(&o).contains("BAD"), "{}", stdout(&o));
    // A stale .out is the corpus's too, as for the API.
    std::fs::write(games.join("a.out"), "0 A 0 -\n").unwrap();
    let api = retrocheck::api::replay(&retrocheck::solve::Retrograde::default(), dir.path()).unwrap_err();
    assert!(api.failure().is_none(), "the API blames the solver: {api}");
    let o = retrocheck().arg("replay").arg(dir.path()).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
}
