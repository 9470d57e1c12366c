//! The house's imports go one way: no module of `src/` reaches, through the paths it names, a
//! module that reaches it back. A module's own submodules and its parent are left out (a
//! folder's `mod.rs` and its files name each other by design); every other edge counts, between
//! top-level modules (`run` → `report`) and between files of one folder (`input::detect` →
//! `input::sample`). Paths are read from the source text: `crate::a::b`, `crate::{a, b::c}` and
//! `super::`, outside comments and test modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path below the crate: `["run", "pipeline"]`.
type Module = Vec<String>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn module_of(src: &Path, file: &Path) -> Module {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Module = rel.iter().map(|p| p.to_string_lossy().into()).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The code of a file as its module sees it: comments and tests left out, `super::` spelled
/// from the crate's root.
fn code_of(text: &str, module: &Module) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap();
    let parent: String = module[..module.len() - 1]
        .iter()
        .map(|p| format!("{p}::"))
        .collect();
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
        .replace("super::", &format!("crate::{parent}"))
}

/// Every module path named after `crate::` (each item of a group, groups within groups).
fn named_paths(code: &str) -> Vec<Module> {
    let mut paths = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        use_tree(&code[at + "crate::".len()..], Vec::new(), &mut paths);
    }
    paths
}

/// The paths of a use tree (`a::b::{c, d::{e}}`) that starts `text`, each after `prefix`.
fn use_tree(text: &str, mut prefix: Module, out: &mut Vec<Module>) {
    let mut rest = text.trim_start();
    loop {
        let end = rest
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
            .unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        prefix.push(rest[..end].to_string());
        match rest[end..].strip_prefix("::") {
            Some(after) => rest = after,
            None => {
                rest = &rest[end..];
                break;
            }
        }
    }
    let Some(group) = rest.strip_prefix('{') else {
        out.push(prefix);
        return;
    };
    // The group's items, split at its own commas, up to its closing brace.
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            ',' | '}' if depth == 0 => {
                if !group[start..i].trim().is_empty() {
                    use_tree(&group[start..i], prefix.clone(), out);
                }
                if c == '}' {
                    return;
                }
                start = i + 1;
            }
            _ => {}
        }
    }
}

/// Who imports whom, each module cut to its first `depth` names (`run` for `run::pipeline` at
/// depth 1).
fn imports(depth: usize) -> BTreeMap<Module, BTreeSet<Module>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<Module> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut edges = BTreeMap::new();
    for file in &files {
        let full = module_of(&src, file);
        // The binary's files and the crate's root name everything: they are above the house.
        if ["main", "lib", "cli"].contains(&full.join("::").as_str()) {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(file).unwrap(), &full);
        let module = full[..full.len().min(depth)].to_vec();
        let targets: &mut BTreeSet<Module> = edges.entry(module.clone()).or_default();
        for path in named_paths(&code) {
            // The longest prefix that is a module.
            let Some(target) = (1..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|p| modules.contains(p))
            else {
                continue;
            };
            let target = target[..target.len().min(depth)].to_vec();
            let related = target.starts_with(&module) || module.starts_with(&target);
            if !related {
                targets.insert(target);
            }
        }
    }
    edges
}

/// A module the given one reaches that reaches it back, as the path there and back.
fn circle_through(
    start: &Module,
    edges: &BTreeMap<Module, BTreeSet<Module>>,
) -> Option<Vec<Module>> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![vec![start.clone()]];
    while let Some(path) = stack.pop() {
        for next in edges.get(path.last().unwrap()).into_iter().flatten() {
            let mut longer = path.clone();
            longer.push(next.clone());
            if next == start {
                return Some(longer);
            }
            if seen.insert(next.clone()) {
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    // Top-level folders, their files, and the files of folders within folders.
    for (depth, at_least) in [(1, 12), (2, 40), (3, 45)] {
        let edges = imports(depth);
        assert!(
            edges.len() >= at_least,
            "{} modules at depth {depth}",
            edges.len()
        );
        let circles: Vec<String> = edges
            .keys()
            .filter_map(|m| circle_through(m, &edges))
            .map(|c| {
                c.iter()
                    .map(|m| m.join("::"))
                    .collect::<Vec<_>>()
                    .join(" → ")
            })
            .collect();
        assert!(
            circles.is_empty(),
            "import circles:\n{}",
            circles.join("\n")
        );
    }
}

#[test]
fn the_check_sees_a_circle_and_the_paths_a_file_names() {
    let module: Module = vec!["input".into(), "lines".into()];
    let code = code_of(
        "use super::sample::{Fit, Sample};\nuse crate::{grid::Grid, run::{answer, files}};\n// crate::report\n#[cfg(test)]\nuse crate::canon;",
        &module,
    );
    let names: Vec<String> = named_paths(&code).iter().map(|p| p.join("::")).collect();
    assert_eq!(
        names,
        [
            "input::sample",
            "input::sample",
            "grid",
            "run::answer",
            "run::files"
        ]
    );
    let a: Module = vec!["a".into()];
    let b: Module = vec!["b".into()];
    let edges = BTreeMap::from([
        (a.clone(), BTreeSet::from([b.clone()])),
        (b.clone(), BTreeSet::from([a.clone()])),
    ]);
    assert_eq!(circle_through(&a, &edges), Some(vec![a.clone(), b, a]));
}
