//! The `bench` command and library: its table, its JSON, its verification, its chart.

use crate::support::command;
use std::time::Duration;
use sudoku_batch::bench::{Config, run_with};
use sudoku_batch::input::InputPath;
use sudoku_batch::{Grid, Mode, solve};

/// Every key of a measurement, in order; `a/b` is `b` inside `a`.
const KEYS: [&str; 11] = [
    "input",
    "mode",
    "threads",
    "records",
    "puzzles_per_second",
    "puzzles_per_second_min",
    "puzzles_per_second_max",
    "micros_per_puzzle",
    "no_guess_percent",
    "guesses/mean",
    "speedup_vs_1_thread",
];

/// The value at `key` (`a/b` for `b` inside `a`).
fn at<'a>(r: &'a serde_json::Value, key: &str) -> &'a serde_json::Value {
    key.split('/').fold(r, |v, k| &v[k])
}

#[test]
fn bench_prints_a_row_per_set_and_writes_every_documented_key() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("bench.json");
    let out = command()
        .args([
            "bench",
            "data/17_clue_1000.txt",
            "data/serg_multiple_500.txt",
            "--mode",
            "unique,first",
            "-j",
            "1,2",
            "--repeat",
            "2",
            "--warmup",
            "0",
        ])
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = table.lines().skip(1).collect();
    assert_eq!(rows.len(), 2 * 2 * 2, "{table}");
    assert!(
        rows.iter()
            .filter(|r| r.starts_with("17_clue_1000.txt"))
            .count()
            == 4
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert!(v["version"].is_string());
    assert!(v["threads_available"].as_u64().unwrap() >= 1);
    assert_eq!(v["engine"], sudoku_batch::engine_build());
    assert!(
        [
            "portable",
            "x86-64 with popcnt, lzcnt, bmi1, bmi2",
            "x86-64 with popcnt, lzcnt, bmi1, bmi2 (fast pext)"
        ]
        .contains(&sudoku_batch::engine_build())
    );
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 8);
    for r in results {
        for key in KEYS {
            assert!(!at(r, key).is_null(), "{key} in {r}");
        }
        let order: Vec<&str> = r.as_object().unwrap().keys().map(String::as_str).collect();
        let top: Vec<&str> = KEYS.iter().map(|k| k.split('/').next().unwrap()).collect();
        let mut top_once = top.clone();
        top_once.dedup();
        assert_eq!(order, top_once, "keys in their documented order");
        for key in &KEYS[2..8] {
            assert!(at(r, key).as_f64().unwrap() > 0.0, "{key} in {r}");
        }
        assert!(r["guesses"]["mean"].as_f64().unwrap() >= 0.0);
        assert!(r["speedup_vs_1_thread"].as_f64().unwrap() > 0.0);
    }
    assert_eq!(results[0]["input"], "17_clue_1000.txt");
    assert_eq!(results[0]["records"], 1000);
    assert_eq!(results[0]["speedup_vs_1_thread"], 1.0);
    // Every serg puzzle has two solutions: unique mode must guess on each.
    let serg = results
        .iter()
        .find(|r| r["input"] == "serg_multiple_500.txt" && r["mode"] == "unique")
        .unwrap();
    assert_eq!(serg["no_guess_percent"], 0.0);

    let md = command()
        .args([
            "bench",
            "data/kaggle_1000.txt",
            "-j",
            "1",
            "--repeat",
            "1",
            "--warmup",
            "0",
            "--markdown",
        ])
        .output()
        .unwrap();
    let md = String::from_utf8(md.stdout).unwrap();
    assert!(md.starts_with("| set | mode | threads |"), "{md}");
    assert!(md.lines().nth(1).unwrap().starts_with("|---|"));
    assert_eq!(md.lines().count(), 3);
}

#[test]
fn a_wrong_answer_aborts_the_bench_naming_the_record() {
    let config = Config {
        inputs: vec![InputPath::File(
            crate::support::data_dir().join("kaggle_1000.txt"),
        )],
        input: Default::default(),
        modes: vec![Mode::Unique],
        threads: vec![1],
        repeat: 1,
        warmup: Duration::ZERO,
    };
    let target: Grid = crate::support::data_lines("kaggle_1000.txt")[41]
        .parse()
        .unwrap();
    let lying = |p: &Grid, mode: Mode| {
        let mut out = solve(p, mode);
        if *p == target {
            let mut cells = *out.solution.unwrap().cells();
            cells.swap(0, 1);
            out.solution = Grid::from_cells(cells);
        }
        out
    };
    let err = run_with(&config, lying).unwrap_err().to_string();
    assert!(
        err.contains("data/kaggle_1000.txt:42: wrong answer"),
        "{err}"
    );
    assert!(run_with(&config, solve).is_ok());
}

#[test]
fn plot_writes_a_well_formed_svg_naming_every_set() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("bench.svg");
    command()
        .args([
            "bench",
            "data/kaggle_1000.txt",
            "data/hardest_11plus_500.txt",
            "-j",
            "1",
            "--repeat",
            "1",
            "--warmup",
            "0",
            "--mode",
            "unique,first",
        ])
        .arg("--plot")
        .arg(&svg)
        .assert()
        .success();
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    for name in [
        "kaggle_1000",
        "hardest_11plus_500",
        "unique, 1 thread",
        "first, 1 thread",
    ] {
        assert!(
            texts.iter().any(|t| t.contains(name)),
            "{name} in {texts:?}"
        );
    }
    assert_labels_fit(&data_sets_chart());
    let hist = dir.path().join("times.svg");
    command()
        .args([
            "solve",
            "data/hardest_11plus_500.txt",
            "-q",
            "-o",
            "/dev/null",
        ])
        .arg("--plot")
        .arg(&hist)
        .assert()
        .success();
    let text = std::fs::read_to_string(&hist).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert!(doc.descendants().filter(|n| n.has_tag_name("rect")).count() > 5);
}

/// A chart of every shipped set, the longest shared names among them, as `bench --plot`
/// draws it; and the names of its sets.
fn data_sets_chart() -> (String, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("all.svg");
    let mut args: Vec<String> = std::fs::read_dir(crate::support::data_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| p.to_str().unwrap().to_string())
        .collect();
    // Long names, as the shared sets have: a copy of a shipped set under one.
    let long = dir.path().join("forum_hardest_1905_hardest_1584.txt");
    std::fs::copy(crate::support::data_dir().join("kaggle_1000.txt"), &long).unwrap();
    args.push(long.to_str().unwrap().to_string());
    command()
        .arg("bench")
        .args(&args)
        .args(["-j", "1", "-r", "1", "-w", "0", "--plot"])
        .arg(&svg)
        .assert()
        .success();
    let names = args
        .iter()
        .map(|a| {
            let file = std::path::Path::new(a).file_stem().unwrap();
            file.to_str().unwrap().to_string()
        })
        .collect();
    (std::fs::read_to_string(svg).unwrap(), names)
}

/// The set names under the bars neither run into each other nor off the canvas (at about 7
/// pixels a character, 12-pixel text).
fn assert_labels_fit((svg, names): &(String, Vec<String>)) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let width: f64 = doc
        .root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap();
    let labels: Vec<(f64, f64, f64)> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "text")
        .filter_map(|n| {
            let text = n
                .text()
                .map(str::trim)
                .filter(|t| names.iter().any(|name| name == t))?;
            let x: f64 = n.attribute("x")?.parse().ok()?;
            let y: f64 = n.attribute("y")?.parse().ok()?;
            Some((x, y, 7.0 * text.chars().count() as f64))
        })
        .collect();
    assert_eq!(labels.len(), names.len(), "{labels:?}");
    for &(x, _, w) in &labels {
        assert!(
            x - w / 2.0 >= 0.0 && x + w / 2.0 <= width,
            "inside: {x} {w} of {width}"
        );
    }
    for (i, a) in labels.iter().enumerate() {
        for b in &labels[i + 1..] {
            if (a.1 - b.1).abs() < 1.0 {
                assert!(
                    (a.0 - b.0).abs() >= (a.2 + b.2) / 2.0,
                    "overlap: {a:?} {b:?}"
                );
            }
        }
    }
}
