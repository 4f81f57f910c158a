//! The library's layers, checked from its source: every `crate::…` path a file names points to
//! its own folder or to a lower layer, by its canonical path, and no two files import each other
//! in a circle. See ARCHITECTURE.md ("Layers").

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers from the bottom up; a file may name its own folder and anything below its rank.
/// Folders of equal rank (`engine` and `input`) may not name each other.
const LAYERS: [(&str, u8); 9] = [
    ("limits", 0),
    ("fault", 0),
    ("budget", 1),
    ("theory", 2),
    ("games", 3),
    ("engine", 4),
    ("input", 4),
    ("analysis", 5),
    ("render", 6),
];

/// The items `lib.rs` itself defines (everything else at the root is a re-export for users).
const ROOT_ITEMS: [&str; 2] = ["Observer", "NoObserver"];

fn rank(module: &str) -> Option<u8> {
    LAYERS
        .iter()
        .find(|(name, _)| *name == module)
        .map(|&(_, rank)| rank)
}

fn source_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the source folder is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            source_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The code of `text` without comments (doc links name other layers without importing them).
fn code_lines(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path that follows `prefix` (`crate::` or `super::`), as its segments: `crate::a::b::C`
/// gives `[a, b, C]`; a group `crate::{a::b, c}` gives each member.
fn paths_after(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        collect(rest, Vec::new(), &mut paths);
    }
    paths
}

/// Reads one path (or group) at the start of `text` onto `stem`.
fn collect(text: &str, stem: Vec<String>, paths: &mut Vec<Vec<String>>) {
    let text = text.trim_start();
    if let Some(group) = text.strip_prefix('{') {
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    collect(&group[start..i], stem.clone(), paths);
                    return;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    collect(&group[start..i], stem.clone(), paths);
                    start = i + 1;
                }
                _ => {}
            }
        }
        return;
    }
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    if end == 0 {
        if !stem.is_empty() {
            paths.push(stem);
        }
        return;
    }
    let mut path = stem;
    path.push(text[..end].to_owned());
    match text[end..].strip_prefix("::") {
        Some(more) => collect(more, path, paths),
        None => paths.push(path),
    }
}

/// The import circles among leaf files: a depth-first search for a back edge.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        trail: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        found: &mut Vec<String>,
    ) {
        if let Some(at) = trail.iter().position(|n| n == node) {
            found.push(format!("an import circle: {}", trail[at..].join(" → ")));
            return;
        }
        if !done.insert(node.to_owned()) {
            return;
        }
        trail.push(node.to_owned());
        for next in edges.get(node).into_iter().flatten() {
            if next != node {
                visit(next, edges, trail, done, found);
            }
        }
        trail.pop();
    }
    let mut found = Vec::new();
    let mut done = BTreeSet::new();
    for node in edges.keys() {
        visit(node, edges, &mut Vec::new(), &mut done, &mut found);
    }
    found
}

#[test]
fn every_import_points_down_or_sideways_within_its_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&root, &mut files);
    assert!(files.len() > 20, "the library's sources are found");
    let mut problems = Vec::new();
    // Leaf files (not `mod.rs`) and the sibling leaf files each one names.
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let relative = file.strip_prefix(&root).expect("under src");
        let parts: Vec<String> = relative
            .iter()
            .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
            .collect();
        if parts == ["lib"] {
            continue; // The root re-exports every layer for users.
        }
        let folder = parts[0].clone();
        let Some(own) = rank(&folder) else {
            problems.push(format!(
                "{}: a file outside every layer",
                relative.display()
            ));
            continue;
        };
        let text = std::fs::read_to_string(file).expect("a readable source file");
        let code = code_lines(&text);
        let leaf = parts
            .last()
            .is_some_and(|p| p != "mod")
            .then(|| parts.join("/"));
        for path in paths_after(&code, "crate::") {
            let first = path[0].as_str();
            if first.starts_with(char::is_uppercase) {
                if !ROOT_ITEMS.contains(&first) {
                    problems.push(format!(
                        "{}: crate::{first} is a re-export for users; name its module",
                        relative.display()
                    ));
                }
                continue;
            }
            match rank(first) {
                None => problems.push(format!(
                    "{}: crate::{first} is not a layer (a path kept for users?); use the canonical one",
                    relative.display()
                )),
                Some(_) if first == folder => {
                    if let (Some(leaf), Some(second)) = (&leaf, path.get(1)) {
                        edges
                            .entry(leaf.clone())
                            .or_default()
                            .insert(format!("{folder}/{second}"));
                    }
                }
                Some(target) if target < own => {}
                Some(_) => problems.push(format!(
                    "{}: crate::{} climbs from {folder} to {first}",
                    relative.display(),
                    path.join("::")
                )),
            }
        }
        if let Some(leaf) = &leaf
            && parts.len() == 2
        {
            for path in paths_after(&code, "super::") {
                edges
                    .entry(leaf.clone())
                    .or_default()
                    .insert(format!("{folder}/{}", path[0]));
            }
        }
    }
    problems.extend(circles(&edges));
    assert!(
        problems.is_empty(),
        "layer rules broken:\n{}",
        problems.join("\n")
    );
}

#[test]
fn paths_are_read_from_groups_and_chains() {
    let paths = paths_after(
        "use crate::games::{octal::{Code, Step}, play::Play};\nlet x = crate::theory::period::f();",
        "crate::",
    );
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        joined,
        [
            "games::octal::Code",
            "games::octal::Step",
            "games::play::Play",
            "theory::period::f"
        ]
    );
}

#[test]
fn a_climbing_import_is_caught() {
    // The checker itself: a games file naming the analysis layer would be reported.
    let code = code_lines("use crate::analysis::Analyzer; // crate::render in a comment\n");
    let paths = paths_after(&code, "crate::");
    assert_eq!(paths.len(), 1);
    assert!(rank(&paths[0][0]) > rank("games"));
}

#[test]
fn a_circle_is_caught() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges
        .entry("games/game".into())
        .or_default()
        .insert("games/position".into());
    edges
        .entry("games/position".into())
        .or_default()
        .insert("games/spec".into());
    edges
        .entry("games/spec".into())
        .or_default()
        .insert("games/game".into());
    assert_eq!(
        circles(&edges),
        ["an import circle: games/game → games/position → games/spec"]
    );
    edges.remove("games/spec");
    assert!(circles(&edges).is_empty());
}

/// Doc examples show the error handling a user should write: `?`, not `unwrap`.
#[test]
fn doc_examples_use_the_question_mark() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&root, &mut files);
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a readable source file");
        for (number, line) in text.lines().enumerate() {
            let doc = line.trim_start();
            if (doc.starts_with("///") || doc.starts_with("//!"))
                && (doc.contains(".unwrap()") || doc.contains(".expect("))
            {
                found.push(format!(
                    "{}:{}",
                    file.strip_prefix(&root).expect("under src").display(),
                    number + 1
                ));
            }
        }
    }
    assert!(found.is_empty(), "unwrap in doc examples: {found:?}");
}
