//! The scale-out recipes, which cannot run here (a Kubernetes cluster, GitHub Actions,
//! ClusterFuzzLite): every manifest and workflow parses as YAML, and what ties them to
//! retrocheck holds — shard indices cover the shard count, the fuzz build names every
//! fuzz target. Parsing is by the `saphyr` crate (YAML 1.2, duplicate keys refused),
//! into JSON values for the checks.

use saphyr::{LoadableYamlNode, Scalar, Yaml};
use serde_json::Value;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

const YAML_FILES: [&str; 5] = [
    ".clusterfuzzlite/project.yaml",
    ".github/workflows/cflite_pr.yml",
    ".github/workflows/cflite_batch.yml",
    ".github/workflows/diff-shards.yml",
    "deploy/k8s/diff-shards.yaml",
];

fn text(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The YAML documents of a file, as JSON values.
fn yaml(path: &str) -> Vec<Value> {
    let docs =
        Yaml::load_from_str(&text(path)).unwrap_or_else(|e| panic!("{path} does not parse as YAML: {e}"));
    docs.iter().map(|doc| json(path, doc)).collect()
}

/// A YAML node as the JSON value it stands for: scalars resolved by the core schema,
/// mapping keys as their text. Tags, aliases and invalid scalars fail (the recipes
/// have none).
fn json(path: &str, node: &Yaml) -> Value {
    match node {
        Yaml::Value(Scalar::Null) => Value::Null,
        Yaml::Value(Scalar::Boolean(b)) => Value::from(*b),
        Yaml::Value(Scalar::Integer(i)) => Value::from(*i),
        Yaml::Value(Scalar::FloatingPoint(f)) => Value::from(f.0),
        Yaml::Value(Scalar::String(s)) => Value::from(s.as_ref()),
        Yaml::Sequence(items) => items.iter().map(|item| json(path, item)).collect(),
        Yaml::Mapping(map) => Value::Object(
            map.iter()
                .map(|(key, value)| {
                    let key = match json(path, key) {
                        Value::String(s) => s,
                        scalar @ (Value::Bool(_) | Value::Number(_) | Value::Null) => scalar.to_string(),
                        other => panic!("{path}: a mapping key that is not a scalar: {other}"),
                    };
                    (key, json(path, value))
                })
                .collect(),
        ),
        other => panic!("{path}: a YAML node the recipes do not use: {other:?}"),
    }
}

#[test]
fn every_recipe_file_parses_as_yaml() {
    for path in YAML_FILES {
        let docs = yaml(path);
        assert!(
            !docs.is_empty() && docs.iter().all(Value::is_object),
            "{path}: {docs:?}"
        );
    }
}

#[test]
fn the_kubernetes_job_runs_one_shard_per_completion_index() {
    let docs = yaml("deploy/k8s/diff-shards.yaml");
    let job = docs.iter().find(|d| d["kind"] == "Job").expect("a Job");
    assert_eq!(job["spec"]["completionMode"], "Indexed");
    let completions = job["spec"]["completions"].as_u64().unwrap();
    let container = &job["spec"]["template"]["spec"]["containers"][0];
    let env = container["env"].as_array().unwrap();
    let shards = env.iter().find(|e| e["name"] == "SHARDS").unwrap()["value"]
        .as_str()
        .unwrap();
    assert_eq!(
        shards.parse::<u64>().unwrap(),
        completions,
        "SHARDS must equal completions"
    );
    let command = container["args"][0].as_str().unwrap();
    assert!(
        command.contains("--shard \"$JOB_COMPLETION_INDEX/$SHARDS\""),
        "{command}"
    );
    assert!(command.contains("--json"), "{command}");
}

#[test]
fn the_actions_matrix_covers_every_shard_and_merges_them() {
    let docs = yaml(".github/workflows/diff-shards.yml");
    let workflow = &docs[0];
    let shards: u64 = workflow["env"]["SHARDS"].as_u64().unwrap();
    let matrix: Vec<u64> = workflow["jobs"]["shard"]["strategy"]["matrix"]["shard"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(matrix, (0..shards).collect::<Vec<_>>());
    let steps = |job: &str| workflow["jobs"][job]["steps"].to_string();
    assert!(
        steps("shard").contains("--shard \\\"${{ matrix.shard }}/$SHARDS\\\""),
        "{}",
        steps("shard")
    );
    assert!(
        steps("merge").contains("retrocheck merge summary-*.json"),
        "{}",
        steps("merge")
    );
}

#[test]
fn clusterfuzzlite_builds_every_fuzz_target_and_fuzzes_in_both_modes() {
    // The build script takes the targets from cargo-fuzz, so it builds every [[bin]].
    let build = text(".clusterfuzzlite/build.sh");
    assert!(build.contains("cargo fuzz list") && build.contains("cargo fuzz build"));
    assert!(build.contains("\"$OUT/$target\""));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(Path::new(ROOT).join(".clusterfuzzlite/build.sh"))
            .unwrap()
            .permissions()
            .mode();
        assert_ne!(mode & 0o111, 0, "build.sh is executable");
    }
    let manifest = text("fuzz/Cargo.toml");
    for target in crate::support::fuzz_targets() {
        let target = target.as_str();
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "fuzz target {target}"
        );
        assert!(Path::new(ROOT)
            .join(format!("fuzz/fuzz_targets/{target}.rs"))
            .exists());
    }
    assert!(text(".clusterfuzzlite/Dockerfile").contains("COPY .clusterfuzzlite/build.sh $SRC/"));
    for (path, mode) in [
        (".github/workflows/cflite_pr.yml", "code-change"),
        (".github/workflows/cflite_batch.yml", "batch"),
    ] {
        assert!(text(path).contains(&format!("mode: {mode}")));
        let docs = yaml(path);
        let steps = docs[0]["jobs"].as_object().unwrap().values().next().unwrap()["steps"].to_string();
        assert!(
            steps.contains("google/clusterfuzzlite/actions/build_fuzzers@v1"),
            "{path}"
        );
        assert!(steps.contains(&format!("\"mode\":\"{mode}\"")), "{path}: {steps}");
    }
    assert_eq!(yaml(".clusterfuzzlite/project.yaml")[0]["language"], "rust");
}
