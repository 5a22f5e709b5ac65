//! The layering of each crate's modules, checked from the sources: no two folders (the
//! top-level modules of a crate, `src/x/` or `src/x.rs`) import each other, directly or
//! round a longer loop, and no files import each other in a cycle (issue 37). A loop
//! between folders is what made `Case` drag the generators into the oracles, the
//! shrinker and the fuzz bodies.
//!
//! A module imports another when its code names it in a path from `crate::` or
//! `super::` (a `use`, or a path in an expression); comments and the `#[cfg(test)]`
//! part of a file do not count, as dev-only imports are not layering. A `mod.rs` naming
//! its own children is not an import of them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The crates whose sources are checked.
const CRATES: [&str; 4] = [
    "src",
    "crates/core/src",
    "crates/retrocheck/src",
    "crates/selftest/src",
];

/// Module path (`["a", "b"]` for `a/b.rs` or `a/b/mod.rs`) to the file's code.
type Modules = BTreeMap<Vec<String>, String>;

/// Module to the modules it imports, each with the files that do it.
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn modules(src: &Path) -> Modules {
    let mut out = Modules::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut name: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(name.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                name.pop();
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            out.insert(name, code(&text));
        }
    }
    out
}

/// The code that counts: comments dropped, and the test module cut off.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The paths after `crate::` and `super::` in `code`, as (super count, segments), with
/// `a::{b, c::d}` groups split into one path per item.
fn paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !is_ident(chars[i - 1]);
        let rest: String = chars[i..chars.len().min(i + 7)].iter().collect();
        let (prefix_len, is_super) = if rest.starts_with("crate::") {
            (7, false)
        } else if rest.starts_with("super::") {
            (7, true)
        } else {
            i += 1;
            continue;
        };
        if !starts_word {
            i += 1;
            continue;
        }
        i += prefix_len;
        let mut supers = usize::from(is_super);
        let mut segments = Vec::new();
        let mut grouped = false;
        loop {
            if chars.get(i) == Some(&'{') {
                for item in group(&chars, &mut i) {
                    let mut path = segments.clone();
                    path.extend(item);
                    out.push((supers, path));
                }
                grouped = true;
                break;
            }
            let start = i;
            while i < chars.len() && is_ident(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if word == "super" && segments.is_empty() && is_super {
                supers += 1;
            } else if !word.is_empty() {
                segments.push(word);
            }
            if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
                i += 2;
                continue;
            }
            break;
        }
        if !grouped && !segments.is_empty() {
            out.push((supers, segments));
        }
    }
    out
}

/// The path of each item of the `{…}` group at `*i` (up to a nested group), leaving
/// `*i` after the group.
fn group(chars: &[char], i: &mut usize) -> Vec<Vec<String>> {
    let mut items = Vec::new();
    let mut depth = 0;
    let mut item_start = true;
    while *i < chars.len() {
        match chars[*i] {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    *i += 1;
                    break;
                }
            }
            ',' if depth == 1 => item_start = true,
            c if depth == 1 && item_start && is_ident(c) => {
                let mut path = Vec::new();
                loop {
                    let start = *i;
                    while *i < chars.len() && is_ident(chars[*i]) {
                        *i += 1;
                    }
                    path.push(chars[start..*i].iter().collect());
                    let more = chars.get(*i) == Some(&':')
                        && chars.get(*i + 1) == Some(&':')
                        && chars.get(*i + 2).is_some_and(|&c| is_ident(c));
                    if !more {
                        break;
                    }
                    *i += 2;
                }
                items.push(path);
                item_start = false;
                continue;
            }
            _ => {}
        }
        *i += 1;
    }
    items
}

/// The import graph of files (`a::b`) or, with `folders`, of top-level modules (`a`).
fn graph(modules: &Modules, folders: bool) -> Graph {
    let mut graph = Graph::new();
    for (name, code) in modules {
        if name.is_empty() {
            continue; // lib.rs and main.rs declare the modules
        }
        let from = if folders {
            name[..1].join("::")
        } else {
            name.join("::")
        };
        graph.entry(from.clone()).or_default();
        for (supers, segments) in paths(code) {
            // `super::` is the parent of this module, `crate::` the root.
            let mut full = match supers {
                0 => Vec::new(),
                _ => name[..name.len() - 1].to_vec(),
            };
            for _ in 1..supers {
                full.pop();
            }
            full.extend(segments);
            // The longest prefix that is a module, other than this one and its children.
            let Some(target) = (1..=full.len())
                .rev()
                .map(|k| full[..k].to_vec())
                .find(|candidate| modules.contains_key(candidate))
            else {
                continue;
            };
            if target == *name || target.starts_with(name) {
                continue;
            }
            let to = if folders {
                target[..1].join("::")
            } else {
                target.join("::")
            };
            if to != from {
                graph
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_default()
                    .insert(name.join("::"));
            }
        }
    }
    graph
}

/// The strongly connected components of more than one module (Tarjan).
fn cycles(graph: &Graph) -> Vec<BTreeSet<String>> {
    struct State<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<BTreeSet<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        let graph = s.graph;
        for w in graph.get(v).into_iter().flat_map(|e| e.keys()) {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = BTreeSet::new();
            loop {
                let w = s.stack.pop().expect("v is on the stack");
                s.on_stack.remove(w);
                component.insert(w.to_string());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                s.out.push(component);
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !state.index.contains_key(v.as_str()) {
            visit(&mut state, v);
        }
    }
    state.out
}

/// Each cycle of `graph`, with the imports inside it and the files that make them.
fn describe(graph: &Graph) -> Vec<String> {
    cycles(graph)
        .into_iter()
        .map(|component| {
            let mut text = format!("cycle among {component:?}:");
            for a in &component {
                for (b, files) in &graph[a] {
                    if component.contains(b) {
                        text += &format!("\n  {a} -> {b} (in {files:?})");
                    }
                }
            }
            text
        })
        .collect()
}

fn check(src: &Path) -> Vec<String> {
    let modules = modules(src);
    let mut found = describe(&graph(&modules, true));
    found.extend(describe(&graph(&modules, false)));
    found
}

#[test]
fn no_two_folders_or_files_of_a_crate_import_each_other() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for src in CRATES {
        let found = check(&root.join(src));
        assert!(found.is_empty(), "{src}:\n{}", found.join("\n"));
    }
}

/// The command line's verbs share their helpers through `cli` (its `mod.rs`),
/// `cli::input` and `cli::own` (issue 37, item 6): no verb's file imports another
/// verb's, so a verb reads on its own.
#[test]
fn no_verb_of_the_command_line_imports_another_verbs_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let graph = graph(&modules(&root.join("src")), false);
    let verb = |m: &str| m.starts_with("cli::") && !["cli::input", "cli::own"].contains(&m);
    let mut found = Vec::new();
    for (from, imports) in graph.iter().filter(|(from, _)| verb(from)) {
        for (to, files) in imports.iter().filter(|(to, _)| verb(to)) {
            found.push(format!("{from} -> {to} (in {files:?})"));
        }
    }
    assert!(
        graph.contains_key("cli::stress") && graph["cli::stress"].contains_key("cli"),
        "the verbs' imports of cli are seen: {graph:?}"
    );
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The check above is only worth something if it sees a loop: two folders that import
/// each other through a `use` group, a `super::` path and an expression path.
#[test]
fn a_planted_loop_between_folders_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    let write = |path: &str, text: &str| {
        let path = src.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("lib.rs", "pub mod alpha;\npub mod beta;\npub mod gamma;\n");
    write("alpha/mod.rs", "pub mod inner;\n");
    write("alpha/inner.rs", "use crate::{gamma, beta::deep::thing};\n");
    write("beta/mod.rs", "pub mod deep;\n");
    write(
        "beta/deep.rs",
        "pub fn thing() {}\nfn f() { super::super::alpha::inner::g(); }\n",
    );
    write(
        "gamma.rs",
        "// crate::beta is only named in a comment\n#[cfg(test)]\nuse crate::beta;\n",
    );
    let found = check(src);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with("cycle among {\"alpha\", \"beta\"}"),
        "{found:#?}"
    );
    assert!(
        found[0].contains("beta -> alpha (in {\"beta::deep\"})"),
        "{found:#?}"
    );
    assert!(found[1].contains("alpha::inner -> beta::deep"), "{found:#?}");

    // Without the import back there is no loop, and a comment or a test-only import
    // does not make one.
    write("beta/deep.rs", "pub fn thing() {}\n");
    assert_eq!(check(src), Vec::<String>::new());
}
