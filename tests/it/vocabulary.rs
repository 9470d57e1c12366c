//! One vocabulary across the four reports: `solve`, `rate` and `canon --stats`, `generate
//! --stats` and `bench --json` name what they share alike, and give it the same shape.

use crate::support::command;
use serde_json::Value;

/// Each command's JSON report, on a small shipped set.
fn reports() -> Vec<(&'static str, Value)> {
    let dir = tempfile::tempdir().unwrap();
    let runs: [(&str, &[&str]); 6] = [
        ("solve", &["solve", "data/17_clue_1000.txt", "-o", "-"]),
        (
            "solve --count",
            &[
                "solve",
                "data/serg_multiple_500.txt",
                "--mode",
                "count",
                "-o",
                "-",
            ],
        ),
        ("rate", &["rate", "data/kaggle_1000.txt", "-o", "-"]),
        (
            "canon",
            &["canon", "data/kaggle_1000.txt", "--dedupe", "-o", "-"],
        ),
        (
            "generate",
            &["generate", "-n", "30", "--seed", "7", "--rate", "-o", "-"],
        ),
        (
            "bench",
            &[
                "bench",
                "data/kaggle_1000.txt",
                "-j",
                "1",
                "-r",
                "1",
                "-w",
                "0",
            ],
        ),
    ];
    runs.iter()
        .map(|&(name, args)| {
            let json = dir.path().join(format!("{}.json", name.replace(' ', "_")));
            let flag = if name == "bench" { "--json" } else { "--stats" };
            let mut cmd = command();
            cmd.args(args).args([flag, json.to_str().unwrap()]);
            if name != "bench" {
                cmd.arg("-q");
            }
            cmd.assert().success();
            let text = std::fs::read_to_string(&json).unwrap();
            (name, serde_json::from_str(&text).unwrap())
        })
        .collect()
}

/// Every key of `v`, with the path to it (`a.b`, `results[].guesses`).
fn keys(v: &Value, path: &str, out: &mut Vec<(String, String, Value)>) {
    match v {
        Value::Object(map) => {
            for (k, value) in map {
                out.push((path.to_string(), k.clone(), value.clone()));
                keys(value, &format!("{path}{k}."), out);
            }
        }
        Value::Array(items) => items
            .iter()
            .for_each(|item| keys(item, &format!("{path}[]."), out)),
        _ => {}
    }
}

const DISTRIBUTIONS: [&str; 5] = ["solve_micros", "guesses", "solutions", "clues", "attempts"];

#[test]
fn the_reports_share_their_names_and_shapes() {
    for (report, json) in reports() {
        let mut all = Vec::new();
        keys(&json, "", &mut all);
        let names: Vec<&str> = all.iter().map(|(_, k, _)| k.as_str()).collect();
        for retired in ["tries", "median", "hardest", "puzzles_per_second_median"] {
            assert!(
                !names.contains(&retired),
                "{report}: `{retired}` is not the shared name"
            );
        }
        // What was read is `records`; only what `generate` made is `puzzles`.
        let counted = if report == "generate" {
            "puzzles"
        } else {
            "records"
        };
        assert!(names.contains(&counted), "{report}: no `{counted}`");
        assert!(!names.contains(&if report == "generate" {
            "records"
        } else {
            "puzzles"
        }));
        let mut distributions = 0;
        for (path, key, value) in &all {
            let at = format!("{report}: {path}{key}");
            if key == "puzzles_per_second" {
                assert!(value.is_f64(), "{at} is a number: {value}");
            }
            // A guesses key inside a hardest record is that record's count, not a distribution.
            if DISTRIBUTIONS.contains(&key.as_str()) && value.is_object() {
                distributions += 1;
                let shape: Vec<&str> = value
                    .as_object()
                    .unwrap()
                    .keys()
                    .map(String::as_str)
                    .collect();
                let summary = ["mean", "p50", "p90", "p99", "max"];
                assert_eq!(shape.get(..5), Some(&summary[..]), "{at}");
                assert!(
                    shape[5..]
                        .iter()
                        .all(|k| ["histogram", "limit", "at_limit"].contains(k)),
                    "{at}: {shape:?}"
                );
                for bucket in value["histogram"].as_array().into_iter().flatten() {
                    let fields: Vec<&str> = bucket
                        .as_object()
                        .unwrap()
                        .keys()
                        .map(String::as_str)
                        .collect();
                    assert_eq!(fields, ["min", "max", "count"], "{at}");
                }
            }
        }
        assert!(distributions >= 1, "{report}: no distribution seen");
    }
}
