//! Campaigns split into shards and merged, every test of `retrocheck merge`: `diff
//! --shard i/N` runs its share of the campaign's cases, of every family; `merge` of
//! every shard's JSON summary is the unsharded summary of the same seed and cases,
//! timings aside, and it refuses shards of another campaign, format or version, edited
//! or forged ones.

use crate::support::{retrocheck, stderr, stdout};
use retrocheck::internals::generate::Family;
use retrocheck::internals::run::phase::Phase;
use retrocheck::internals::run::plan::Plan;
use retrocheck::internals::run::shard::Shard;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Output;

const FAMILIES: &str = "uniform,cycles,dag,pursuit,multi";

fn diff(dir: &Path, name: &str, extra: &[&str]) -> Output {
    let json = dir.join(name);
    retrocheck()
        .args([
            "diff",
            "--no-save",
            "--seed",
            "11",
            "--cases",
            "263",
            "--max-positions",
            "40",
            "--tables",
        ])
        .args(["--family", FAMILIES, "--json", json.to_str().unwrap()])
        .args(extra)
        .output()
        .expect("the binary runs")
}

/// `retrocheck merge ARGS`, which must succeed.
fn merge<A: AsRef<std::ffi::OsStr>>(args: impl IntoIterator<Item = A>) -> Output {
    let merged = retrocheck().arg("merge").args(args).output().unwrap();
    assert_eq!(
        merged.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    merged
}

fn without_seconds(path: &Path) -> serde_json::Value {
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    json.as_object_mut().unwrap().remove("seconds").expect("a time");
    json
}

#[test]
fn the_merge_of_three_shards_is_the_unsharded_summary_and_every_shard_covers_every_family() {
    let dir = tempfile::tempdir().unwrap();
    let whole = diff(dir.path(), "whole.json", &["--threads", "2"]);
    assert_eq!(whole.status.code(), Some(0));
    let mut names = Vec::new();
    for i in 0..3 {
        let name = format!("shard-{i}.json");
        // Thread counts differ per shard: the result must not depend on them.
        let shard = diff(
            dir.path(),
            &name,
            &[
                "--shard",
                &format!("{i}/3"),
                "--threads",
                &format!("{}", 1 + i % 2),
            ],
        );
        assert_eq!(shard.status.code(), Some(0));
        let table = String::from_utf8_lossy(&shard.stdout);
        for family in FAMILIES.split(',') {
            let row = table
                .lines()
                .find(|l| l.starts_with(&format!("| {family} |")))
                .unwrap_or_else(|| panic!("shard {i}/3 lists no {family}:\n{table}"));
            let cases: u64 = row.split('|').nth(2).unwrap().trim().parse().unwrap();
            assert!(cases > 0, "shard {i}/3 ran no {family} case: {row}");
        }
        names.push(dir.path().join(name));
    }
    let merged_json = dir.path().join("merged.json");
    let merged = merge(
        names
            .iter()
            .map(|n| n.as_os_str())
            .chain(["--json".as_ref(), merged_json.as_os_str()]),
    );
    let whole_json = without_seconds(&dir.path().join("whole.json"));
    assert_eq!(without_seconds(&merged_json), whole_json);
    assert_eq!(whole_json["cases"], 263);
    // The tables agree too (the first line has the timings).
    let table = |o: &Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .filter(|l| l.starts_with('|'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(!table(&whole).is_empty());
    assert_eq!(table(&merged), table(&whole));

    // Two shards are not the campaign: the missing one is named.
    let partial = retrocheck().arg("merge").args(&names[..2]).output().unwrap();
    assert_eq!(partial.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&partial.stderr).contains("shard 2/3 is missing"));
}

/// The cases of a campaign's shards, as (family, seed, size), together: exactly the
/// unsharded campaign's, for counts that do and do not divide evenly.
#[test]
fn shards_deal_exactly_the_campaigns_cases() {
    let families = vec![Family::Uniform, Family::Cycles, Family::Dag];
    for (cases, count) in [(0, 2), (1, 3), (10, 3), (11, 4), (100, 7), (99, 3)] {
        let plan = |shard| Plan {
            families: families.clone(),
            cases: Some(cases),
            seed: 5,
            shard: Some(shard),
            ..Plan::default()
        };
        let specs = |c: &Phase| (0..c.cases).map(|i| c.case_spec(i)).collect::<Vec<_>>();
        let whole = specs(&plan(Shard::WHOLE).phases()[0]);
        assert_eq!(whole.len() as u64, cases);
        let mut dealt = Vec::new();
        for index in 0..count {
            let campaign = &plan(Shard { index, count }).phases()[0];
            dealt.extend(specs(campaign));
        }
        assert_eq!(dealt.len(), whole.len(), "{cases} cases in {count} shards");
        let as_set = |v: &[(Family, u64, usize)]| {
            v.iter()
                .map(|&(f, s, n)| (f.name(), s, n))
                .collect::<BTreeSet<_>>()
        };
        assert_eq!(as_set(&dealt), as_set(&whole), "{cases} cases in {count} shards");
    }
}

/// `diff` and `merge` count a campaign's cases one way on their first line: checked,
/// then those skipped as isomorphic and those the solver refused. `merge` counted the
/// refused ones as checked, and `diff` had, before refusals were counted apart, never
/// said them. Numbers below 1,000, which both print alike.
#[test]
fn diff_and_merge_count_checked_skipped_and_refused_cases_alike() {
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in [
        (
            "exhaustive",
            &["--family", "exhaustive", "--max-positions", "2"][..],
        ),
        (
            "refused",
            &[
                "--solver",
                "minimax",
                "--family",
                "uniform",
                "--max-positions",
                "1000",
                "--cases",
                "50",
            ],
        ),
    ] {
        let run = |extra: &[&str], json: &str| {
            let o = retrocheck()
                .args([
                    "diff",
                    "--no-save",
                    "--json",
                    dir.path().join(json).to_str().unwrap(),
                ])
                .args(args)
                .args(extra)
                .output()
                .unwrap();
            assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stdout));
            String::from_utf8_lossy(&o.stdout).into_owned()
        };
        let counts = |line: &str| {
            let from = line.find("seed 0, ").unwrap() + "seed 0, ".len();
            line[from..line.find(" in ").unwrap()].to_string()
        };
        let whole = counts(&run(&[], &format!("{name}.json")));
        run(&["--shard", "0/2"], &format!("{name}-0.json"));
        run(&["--shard", "1/2"], &format!("{name}-1.json"));
        let merged = merge([0, 1].map(|i| dir.path().join(format!("{name}-{i}.json"))));
        assert_eq!(counts(&String::from_utf8_lossy(&merged.stdout)), whole);
        let more = if name == "refused" {
            "more refused by the solver)"
        } else {
            "more skipped as isomorphic)"
        };
        assert!(whole.ends_with(more), "{whole}");
    }
}

/// `diff --shard i/2 --json` of a small campaign, with `extra` options, which must
/// pass; the JSON path.
fn shard(dir: &Path, i: u64, extra: &[&str]) -> std::path::PathBuf {
    let (json, o) = shard_of(dir, i, 2, extra);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    json
}

/// `diff --shard i/of --json` of a small campaign (seed 3, games of at most 20
/// positions), with `extra` options; the JSON path and the run's output.
fn shard_of(dir: &Path, i: u64, of: u64, extra: &[&str]) -> (std::path::PathBuf, Output) {
    let name = format!("shard-{i}-of-{of}-{}.json", extra.join("_").replace('/', ""));
    let json = dir.join(name);
    let o = retrocheck()
        .args([
            "diff",
            "--no-save",
            "--seed",
            "3",
            "--max-positions",
            "20",
            "--shard",
        ])
        .arg(format!("{i}/{of}"))
        .arg("--json")
        .arg(&json)
        .args(extra)
        .output()
        .unwrap();
    (json, o)
}

#[test]
fn merge_refuses_shards_of_other_campaigns_and_edited_summaries() {
    let dir = tempfile::tempdir().unwrap();
    let merge = |files: &[&Path]| retrocheck().arg("merge").args(files).output().unwrap();
    let a = shard(dir.path(), 0, &["--cases", "40"]);
    let b = shard(dir.path(), 1, &["--cases", "40"]);
    assert_eq!(
        merge(&[&a, &b]).status.code(),
        Some(0),
        "{}",
        stderr(&merge(&[&a, &b]))
    );
    for other in [
        shard(dir.path(), 1, &["--cases", "41"]),
        shard(dir.path(), 1, &["--cases", "40", "--family", "uniform,dag"]),
        shard(dir.path(), 1, &["--cases", "40", "--min-positions", "2"]),
        shard(dir.path(), 1, &["--cases", "40", "--time", "1h"]),
    ] {
        let o = merge(&[&a, &other]);
        assert_eq!(o.status.code(), Some(2), "{other:?} merged: {}", stdout(&o));
        assert!(stderr(&o).contains("another campaign"), "{}", stderr(&o));
    }
    // Hand edits: a family count, a total, "passed" without a failure, 2^64 − 1 cases.
    let text = std::fs::read_to_string(&b).unwrap();
    let mut edits = Vec::new();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["families"][0]["cases"] = (json["families"][0]["cases"].as_u64().unwrap() + 1).into();
    edits.push(json);
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["cases"] = u64::MAX.into();
    edits.push(json);
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["passed"] = false.into();
    edits.push(json);
    for (n, edited) in edits.into_iter().enumerate() {
        let path = dir.path().join(format!("edited-{n}.json"));
        std::fs::write(&path, edited.to_string()).unwrap();
        let o = merge(&[&a, &path]);
        assert_eq!(o.status.code(), Some(2), "edit {n} merged: {}", stdout(&o));
        assert!(stderr(&o).contains("checksum"), "{}", stderr(&o));
    }
}

#[test]
fn a_failing_merge_says_what_its_case_count_means() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for i in 0..2 {
        let (json, o) = shard_of(dir.path(), i, 2, &["--solver", "lifo", "--cases", "200"]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        files.push(json);
    }
    let o = retrocheck().arg("merge").args(&files).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("up to its own first failure"),
        "{}",
        stdout(&o)
    );
}

/// Regression (issue 38, item 10): a shard with 1,000 cases added (its families' too,
/// and its checksum computed again, which anyone can: it has no key) merged into
/// "4000 cases checked" of a 3,000-case campaign, exit 0. The sum of the shards' cases
/// is checked against the campaign's `--cases`, shard by shard.
#[test]
fn merge_refuses_a_shard_with_cases_added_and_its_checksum_recomputed() {
    use retrocheck::internals::run::summary::SummaryFile;
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for i in 0..3 {
        let (json, o) = shard_of(dir.path(), i, 3, &["--cases", "300"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        files.push(json);
    }
    let merge = |files: &[std::path::PathBuf]| retrocheck().arg("merge").args(files).output().unwrap();
    let o = merge(&files);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("300 cases checked"), "{}", stdout(&o));
    let mut forged: SummaryFile = serde_json::from_str(&std::fs::read_to_string(&files[1]).unwrap()).unwrap();
    forged.cases += 1000;
    forged.families[0].cases += 1000;
    forged.seal();
    let path = dir.path().join("forged.json");
    std::fs::write(&path, serde_json::to_string_pretty(&forged).unwrap()).unwrap();
    let o = merge(&[files[0].clone(), path, files[2].clone()]);
    assert_eq!(o.status.code(), Some(2), "merged: {}", stdout(&o));
    let share = forged.cases - 1000;
    assert!(
        stderr(&o).contains(&format!(
            "has {} cases where its share of the campaign's 300 (--cases 300, --max-positions 20) is {share}",
            forged.cases
        )),
        "{}",
        stderr(&o)
    );
    // Item 13: a summary of another campaign is named in flags, not as a Rust value.
    let (other, o) = shard_of(dir.path(), 1, 3, &["--cases", "301"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = merge(&[files[0].clone(), other, files[2].clone()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(!e.contains("CampaignRecord") && !e.contains("Some("), "{e}");
    assert!(
        e.contains("is of another campaign: --cases 301, --max-positions 20; the first is --cases 300, --max-positions 20"),
        "{e}"
    );
}

/// Issue 37, item 4: the diff and stress JSON files name their schema and version in
/// `format` (docs/json.md); `merge` reads `retrocheck-diff/1`, and summaries without a
/// format (an older version's), and refuses any other format in one line.
#[test]
fn merge_reads_its_own_format_and_older_summaries_and_refuses_another_format() {
    use retrocheck::internals::run::summary::SummaryFile;
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<_> = (0..2)
        .map(|i| {
            let name = format!("s{i}.json");
            let o = diff(dir.path(), &name, &["--shard", &format!("{i}/2")]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            dir.path().join(name)
        })
        .collect();
    let text = std::fs::read_to_string(&files[1]).unwrap();
    assert!(
        text.starts_with("{\n  \"format\": \"retrocheck-diff/1\",\n"),
        "{text}"
    );
    let merged_json = dir.path().join("merged.json");
    let merged = merge([
        files[0].as_os_str(),
        files[1].as_os_str(),
        "--json".as_ref(),
        merged_json.as_os_str(),
    ]);
    assert!(
        std::fs::read_to_string(&merged_json)
            .unwrap()
            .starts_with("{\n  \"format\": \"retrocheck-diff/1\",\n"),
        "{}",
        stdout(&merged)
    );
    // Another version of the schema, and another schema (a stress file).
    let future = dir.path().join("future.json");
    std::fs::write(&future, text.replace("retrocheck-diff/1", "retrocheck-diff/2")).unwrap();
    let stress_json = dir.path().join("stress.json");
    let wrong = format!("{} solve game --solver lifo", crate::support::BIN);
    let o = retrocheck()
        .args([
            "stress",
            "game",
            "--cases",
            "50",
            "--no-save",
            "--solution",
            &wrong,
            "--json",
        ])
        .arg(&stress_json)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let stress_text = std::fs::read_to_string(&stress_json).unwrap();
    assert!(
        stress_text.starts_with("{\n  \"format\": \"retrocheck-stress/1\",\n"),
        "{stress_text}"
    );
    for (file, format) in [
        (&future, "retrocheck-diff/2"),
        (&stress_json, "retrocheck-stress/1"),
    ] {
        let o = retrocheck()
            .arg("merge")
            .args([&files[0], file])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{format} merged: {}", stdout(&o));
        assert_eq!(
            stderr(&o),
            format!(
                "retrocheck: {}: format {format}, not retrocheck-diff/1: this retrocheck merges the summaries of its own `diff --json` (and those of older versions, which have no format)\n",
                file.display()
            )
        );
    }
    // An older version's summary: no format field, its checksum computed without it.
    let mut old: SummaryFile = serde_json::from_str(&text).unwrap();
    old.format = None;
    old.seal();
    let old_text = serde_json::to_string_pretty(&old).unwrap();
    assert!(!old_text.contains("format"), "{old_text}");
    let older = dir.path().join("older.json");
    std::fs::write(&older, old_text).unwrap();
    let with_old = merge([&files[0], &older]);
    assert_eq!(stdout(&with_old), stdout(&merge(&files)));
}
