//! The README and the pages of `docs/` show text that retrocheck generates and code of
//! the example crate: these tests fail when the code and the docs drift apart
//! (regenerate a block with the command its marker names). They also keep the README a
//! short front door and every repository path the docs name an existing one.

use retrocheck_selftest::kill;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The text of a Markdown file of the repository.
fn page(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of `page` between `<!-- NAME -->` and `<!-- /NAME -->`.
fn block(page_path: &str, text: &str, name: &str) -> String {
    let (open, close) = (format!("<!-- {name} -->\n"), format!("<!-- /{name} -->"));
    let start = text
        .find(&open)
        .unwrap_or_else(|| panic!("{page_path} has no {open}"))
        + open.len();
    let end = start
        + text[start..]
            .find(&close)
            .unwrap_or_else(|| panic!("{page_path} has no {close}"));
    text[start..end].to_string()
}

/// Where the evidence of `retrocheck mutants` is shown.
const EVIDENCE: &str = "docs/evidence.md";

#[test]
fn the_evidence_lists_the_mutants_as_retrocheck_mutants_list_does() {
    let listed = block(EVIDENCE, &page(EVIDENCE), "retrocheck mutants --list");
    assert_eq!(listed, format!("```text\n{}```\n", kill::list()));
}

#[test]
fn the_evidence_kill_table_has_a_row_per_mutant_in_order() {
    let table = block(EVIDENCE, &page(EVIDENCE), "retrocheck mutants");
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| mutant"))
        .map(|l| l[2..].split(" |").next().unwrap().trim())
        .map(|name| name.split(" (solver").next().unwrap())
        .collect();
    assert_eq!(rows, kill::names());
}

/// The README's quick start and `docs/own-solver.md` show code of the example crate:
/// each block between `<!-- PATH -->` markers must be in that file word for word.
#[test]
fn the_docs_show_the_example_crates_code_as_it_is() {
    for (page_path, path) in [
        ("README.md", "examples/own-solver/tests/retrocheck.rs"),
        (
            "docs/own-solver.md",
            "examples/own-solver/fuzz/fuzz_targets/diff.rs",
        ),
        ("docs/own-problem.md", "examples/own-problem/tests/submission.rs"),
    ] {
        let shown = block(page_path, &page(page_path), path);
        let code = shown
            .strip_prefix("```rust\n")
            .and_then(|c| c.strip_suffix("```\n"))
            .unwrap_or_else(|| panic!("the block of {path} in {page_path} is not one rust code block"));
        let file = page(path);
        assert!(
            file.contains(code),
            "{page_path}'s block of {path} is not in the file:\n{code}"
        );
    }
}

/// The README is the front door — the three jobs, with one short report; the depth is
/// in `docs/`.
#[test]
fn the_readme_is_at_most_200_lines() {
    let lines = page("README.md").lines().count();
    assert!(
        lines <= 200,
        "README.md has {lines} lines: move the depth into docs/"
    );
}

/// Every Markdown page of the README, ARCHITECTURE.md and `docs/`.
fn pages() -> Vec<String> {
    let mut pages = vec!["README.md".to_string(), "ARCHITECTURE.md".to_string()];
    let mut dirs = vec!["docs".to_string()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(Path::new(ROOT).join(&dir)).unwrap() {
            let entry = entry.unwrap();
            let name = format!("{dir}/{}", entry.file_name().to_string_lossy());
            if entry.file_type().unwrap().is_dir() {
                dirs.push(name);
            } else if name.ends_with(".md") {
                pages.push(name);
            }
        }
    }
    pages.sort();
    pages
}

/// The repository paths a page names in backticks outside code blocks: a path whose
/// first component is a top-level directory of the repository, without placeholders
/// (`NAME`, `<target>`, `…`, globs and braces).
fn named_paths(text: &str) -> Vec<String> {
    const TOP: [&str; 14] = [
        ".cargo/",
        ".ci/",
        ".clusterfuzzlite/",
        ".github/",
        "benches/",
        "corpus/",
        "crates/",
        "deploy/",
        "docs/",
        "examples/",
        "fuzz/",
        "scripts/",
        "src/",
        "tests/",
    ];
    let mut prose = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            prose += line;
            prose += "\n";
        }
    }
    prose
        .split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|quoted| quoted.split_whitespace().next())
        .map(|word| {
            word.trim_end_matches([',', ';', ':', '.'])
                .split('#')
                .next()
                .unwrap()
        })
        .filter(|word| TOP.iter().any(|top| word.starts_with(top)))
        .filter(|word| !["NAME", "<", "…", "*", "{", "$"].iter().any(|p| word.contains(p)))
        .map(String::from)
        .collect()
}

#[test]
fn every_path_the_docs_name_exists() {
    let mut missing = Vec::new();
    for page_path in pages() {
        for path in named_paths(&page(&page_path)) {
            if !Path::new(ROOT).join(&path).exists() {
                missing.push(format!("{page_path}: {path}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths named in the docs that do not exist:\n{}",
        missing.join("\n")
    );
}

/// The three failure reports the docs show, as this build prints them, each with the
/// page that shows it: a panicking solver (the README), a failure only a metamorphic
/// relation sees and the 257-position chain of the remoteness-u8 mutant
/// (docs/own-solver.md). Each is saved in a corpus (shown as `corpus/`), the system's
/// temporary directory shown as `/tmp`.
fn reports() -> Vec<(&'static str, &'static str, String)> {
    use crate::reports::{draws_above, mutant, panics_on_self_loops, scrambled_chain};
    use proptest::strategy::Just;
    use retrocheck::prelude::*;
    let corpus = tempfile::tempdir().unwrap();
    let save = || Some(corpus.path().to_path_buf());
    let relation = {
        // fuzz_check saves where RETROCHECK_CORPUS says: shown unsaved.
        let input = fuzz_input(&[0, 2, 0, 0, 2, 1, 1, 3]);
        fuzz_check(&input, &draws_above(2)).unwrap_err().to_string()
    };
    let panic = Property::any_game(8)
        .cases(64)
        .save_to(save())
        .run(&panics_on_self_loops())
        .unwrap_err()
        .to_string();
    let chain = Property::new(Just(Case::Game(scrambled_chain())))
        .cases(1)
        .save_to(save())
        .run(&mutant("remoteness-u8"))
        .unwrap_err()
        .to_string();
    let normalise = |text: String| {
        let tmp = std::env::temp_dir();
        let text = text
            .replace(&corpus.path().display().to_string(), "corpus")
            .replace(&tmp.display().to_string(), "/tmp")
            .replace("//tmp", "/tmp");
        random_report_names(&text)
    };
    vec![
        ("docs/own-solver.md", "report: a relation", normalise(relation)),
        ("README.md", "report: a panic", normalise(panic)),
        ("docs/own-solver.md", "report: a long chain", normalise(chain)),
    ]
}

/// `text` with the random part of each report directory's name (a fresh private
/// directory per report, issue 38) shown as `XXXXXX`, as `mkdtemp` writes it.
fn random_report_names(text: &str) -> String {
    const PREFIX: &str = "retrocheck-report-";
    let mut parts = text.split(PREFIX);
    let mut out = parts.next().unwrap_or_default().to_string();
    for part in parts {
        let random = part
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(part.len());
        out += PREFIX;
        out += "XXXXXX";
        out += &part[random..];
    }
    out
}

#[test]
fn the_docs_show_the_failure_reports_as_this_build_prints_them() {
    let mut stale = String::new();
    for (path, name, report) in reports() {
        assert!(
            report.lines().count() < 40,
            "{name}: {} lines",
            report.lines().count()
        );
        let want = format!("```text\n{report}\n```\n");
        if block(path, &page(path), name) != want {
            stale += &format!("{path}:\n<!-- {name} -->\n{want}<!-- /{name} -->\n");
        }
    }
    assert!(stale.is_empty(), "regenerate the docs' blocks:\n{stale}");
}

/// `cargo doc -p retrocheck` fails (cargo panics) in a crate that has retrocheck as a
/// dev-dependency only: the README gives a command that builds the docs from
/// retrocheck's own manifest, found by `cargo metadata`. Its lookup is run here (the
/// whole command builds documentation for a minute).
#[test]
fn the_docs_give_a_cargo_doc_command_that_finds_retrochecks_manifest() {
    let page_text = page("docs/own-solver.md");
    let command = block("docs/own-solver.md", &page_text, "cargo doc of a dev-dependency");
    let line = command
        .lines()
        .find(|l| l.starts_with("cargo doc"))
        .expect("a cargo doc line");
    assert!(
        line.contains("--manifest-path") && !line.contains(" -p "),
        "{line}"
    );
    let lookup = line
        .split("\"$(")
        .nth(1)
        .and_then(|rest| rest.rsplit_once(")\""))
        .map(|(inner, _)| inner)
        .expect("the manifest path from a command substitution");
    let out = std::process::Command::new("sh")
        .args(["-c", lookup])
        .env(
            "PATH",
            format!(
                "{}:{}",
                Path::new(env!("CARGO")).parent().unwrap().display(),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .current_dir(Path::new(ROOT).join("examples/own-solver"))
        .output()
        .unwrap();
    let path = String::from_utf8_lossy(&out.stdout);
    assert!(
        path.trim().ends_with("crates/retrocheck/Cargo.toml"),
        "{path}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A count in words, as the docs write counts of families ("twenty-two").
fn in_words(n: usize) -> String {
    const ONES: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    match n {
        0..20 => ONES[n].to_string(),
        _ if n % 10 == 0 => TENS[n / 10].to_string(),
        _ => format!("{}-{}", TENS[n / 10], ONES[n % 10]),
    }
}

/// The docs say how many seeded generator families there are in words, in several
/// places (issue 37: "twenty-two families" was hand-copied into five): each must be the
/// registry's count, which grows by two with every problem added.
#[test]
fn the_docs_count_the_seeded_families_as_the_registry_does() {
    let seeded = in_words(retrocheck::internals::generate::Family::SEEDED.len());
    // From ten: "adds two seeded families" is no count of them all.
    let numbers: Vec<String> = (10..100).map(in_words).collect();
    let mut counts = 0;
    for path in pages() {
        let text = page(&path).replace('\n', " ");
        let words: Vec<&str> = text.split(' ').filter(|w| !w.is_empty()).collect();
        for (i, word) in words.iter().enumerate() {
            let word = word.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-');
            let next = words[i + 1..]
                .iter()
                .take(3)
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            let about_families =
                next.starts_with("seeded") || next.starts_with("generator") || next.contains("**seeded**");
            if about_families && numbers.iter().any(|n| n == word) {
                assert_eq!(
                    word, seeded,
                    "{path}: \"{word} {next}\" but the registry has {seeded} seeded families"
                );
                counts += 1;
            }
        }
    }
    assert!(
        counts >= 3,
        "the docs' counts of families were not found ({counts})"
    );
}
