//! JSON documents (issue 37): read as the JSON Lines they hold, a record's line number the line
//! it starts on, every line of the file counted, in flat memory. Through the binary.

use crate::support::{puzzles, solve, solve_with_stats, write};
use std::path::Path;

/// `solve FILE -q --stats S ARGS` on `text`: exit code, key, stats, stderr.
fn run(dir: &Path, text: &str, args: &[&str]) -> (i32, String, serde_json::Value, String) {
    let run = solve_with_stats(&write(dir, "doc.json", text), args);
    (run.code.unwrap(), run.key, run.stats, run.stderr)
}

/// The lines a text has, as the framer counts them.
fn lines(text: &str) -> u64 {
    let text = text.trim_start_matches('\u{feff}');
    (text.split('\n').count() - usize::from(text.ends_with('\n') || text.is_empty())) as u64
}

/// The shapes a document of `all` comes in, pretty (`indent`) or on one line.
fn documents(all: &[(String, String)]) -> Vec<(&'static str, String)> {
    let objects: Vec<serde_json::Value> = all
        .iter()
        .enumerate()
        .map(|(i, (p, s))| serde_json::json!({"id": i, "puzzle": p, "solution": s}))
        .collect();
    let strings: Vec<&String> = all.iter().map(|(p, _)| p).collect();
    let grids: Vec<Vec<Vec<u8>>> = all
        .iter()
        .map(|(p, _)| {
            let cells: Vec<u8> = p
                .bytes()
                .map(|c| if c == b'.' { 0 } else { c - b'0' })
                .collect();
            cells.chunks(9).map(<[u8]>::to_vec).collect()
        })
        .collect();
    let held = serde_json::json!({"source": "a bank", "puzzles": strings});
    let pretty = |v: &serde_json::Value| serde_json::to_string_pretty(v).unwrap();
    let compact = |v: &serde_json::Value| serde_json::to_string(v).unwrap();
    let objects = serde_json::Value::from(objects);
    let strings = serde_json::json!(strings);
    let grids = serde_json::json!(grids);
    vec![
        ("objects, pretty", pretty(&objects)),
        ("objects, one line", compact(&objects)),
        ("strings, pretty", pretty(&strings)),
        ("9x9 arrays, pretty", pretty(&grids)),
        ("held in an object", pretty(&held)),
        ("held, one line", compact(&held)),
    ]
}

#[test]
fn a_json_document_is_read_as_its_records() {
    let dir = tempfile::tempdir().unwrap();
    for n in [1, 3, 2000] {
        let all = puzzles(n);
        let expected: Vec<&String> = all.iter().map(|(_, s)| s).collect();
        for (shape, document) in documents(&all) {
            for (variant, text) in [
                ("as is", document.clone()),
                ("CRLF", document.replace('\n', "\r\n")),
                ("BOM", format!("\u{feff}{document}")),
                ("final newline", format!("{document}\n")),
            ] {
                let what = format!("{shape} ×{n}, {variant}");
                let (code, key, stats, stderr) =
                    run(dir.path(), &text, &["--output-format", "jsonl"]);
                assert_eq!(code, 0, "{what}: {stderr}");
                assert_eq!(stats["counts"]["solved"], n as u64, "{what}");
                let solutions: Vec<String> = key
                    .lines()
                    .map(|l| {
                        let v: serde_json::Value = serde_json::from_str(l).unwrap();
                        let s = v.get("sb_solution").unwrap_or(&v["solution"]);
                        s.as_str().unwrap().to_string()
                    })
                    .collect();
                assert_eq!(solutions.iter().collect::<Vec<_>>(), expected, "{what}");
                // Every line of the file is counted, once; records that share one a line each.
                let shared = if shape.ends_with("one line") {
                    n as u64 - 1
                } else {
                    0
                };
                assert_eq!(stats["lines"], lines(&text) + shared, "{what}");
            }
        }
    }
    // One 9×9 array spread over lines is one puzzle.
    let (p, s) = &puzzles(1)[0];
    let grid: Vec<Vec<u8>> = p
        .bytes()
        .map(|c| if c == b'.' { 0 } else { c - b'0' })
        .collect::<Vec<u8>>()
        .chunks(9)
        .map(<[u8]>::to_vec)
        .collect();
    let text = serde_json::to_string_pretty(&grid).unwrap();
    let (code, key, stats, _) = run(dir.path(), &text, &[]);
    assert_eq!(code, 0);
    assert_eq!(stats["lines"], lines(&text));
    assert!(key.contains(s.as_str()), "{key}");
}

#[test]
fn a_bad_record_in_a_document_is_named_by_the_line_it_starts_on() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _) = &puzzles(1)[0];
    let text = format!(
        "[\n  {{\n    \"puzzle\": \"{p}\"\n  }},\n  {{\n    \"id\": 7,\n    \"puzzle\": \"12345\"\n  }},\n  {{\n    \"puzzle\": \"{p}\"\n  }}\n]\n"
    );
    let (code, _, stats, stderr) = run(dir.path(), &text, &[]);
    assert_eq!(code, 1);
    assert_eq!(stats["counts"]["malformed"], 1);
    assert_eq!(stats["counts"]["solved"], 2);
    assert!(
        stderr.contains("doc.json:5: "),
        "the second object starts on line 5: {stderr}"
    );
    // And it cannot be split into shards, which seek to bytes.
    let input = write(dir.path(), "doc.json", &text);
    solve(&[input.to_str().unwrap(), "--shard", "1/2"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("JSON document"));
}

#[test]
fn a_bad_string_first_is_a_bad_record_not_the_shape_of_the_document() {
    // A short string first once made the array read as one grid's rows (a top array) or the
    // holder as one record with no puzzle key (exit 2): records after it were lost or refused.
    let dir = tempfile::tempdir().unwrap();
    let (p, _) = &puzzles(1)[0];
    for (text, records) in [
        (format!("[\"12345\", \"{p}\", \"{p}\"]"), 3),
        (
            format!("{{\"name\": \"bank\", \"puzzles\": [\"12345\", \"{p}\"]}}"),
            2,
        ),
        (
            "{\"name\": \"bank\", \"puzzles\": [\"12345\"]}".to_string(),
            1,
        ),
        ("[\"12345\"]".to_string(), 1),
    ] {
        let (code, key, stats, stderr) = run(dir.path(), &text, &["--output-format", "jsonl"]);
        assert_eq!(code, 1, "{text}: {stderr}");
        assert_eq!(key.lines().count(), records, "{text}: {key}");
        assert_eq!(stats["counts"]["malformed"], 1, "{text}");
        assert_eq!(stats["counts"]["solved"], records as u64 - 1, "{text}");
        assert!(
            stderr.contains("doc.json:1: too short: 5 cells"),
            "{stderr}"
        );
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    /// The conservation law over JSON documents: any number of records of any kind, pretty or
    /// on one line, with any line ends: every record answered once, in order, and every line
    /// of the file counted (records sharing a line, a line each).
    #[test]
    fn every_record_of_a_document_is_answered_once(
        n in 1usize..40,
        kind in 0usize..3,
        held in proptest::bool::ANY,
        pretty in proptest::bool::ANY,
        crlf in proptest::bool::ANY,
        bad in proptest::option::of(0usize..40),
    ) {
        let all = puzzles(n);
        let record = |i: usize, p: &str| -> serde_json::Value {
            let p = if bad == Some(i) { "12345" } else { p };
            match kind {
                0 => serde_json::json!({"n": i, "puzzle": p}),
                1 => serde_json::json!(p),
                _ => serde_json::json!({"quiz": p, "tags": ["a", "b"], "meta": {"x": [1, 2]}}),
            }
        };
        let records: Vec<serde_json::Value> =
            all.iter().enumerate().map(|(i, (p, _))| record(i, p)).collect();
        let document = if held {
            serde_json::json!({"name": "bank", "puzzles": records})
        } else {
            serde_json::Value::from(records)
        };
        let mut text = if pretty {
            serde_json::to_string_pretty(&document).unwrap()
        } else {
            serde_json::to_string(&document).unwrap()
        };
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        let dir = tempfile::tempdir().unwrap();
        let (code, key, stats, stderr) = run(dir.path(), &text, &["--output-format", "jsonl"]);
        let malformed = u64::from(bad.is_some_and(|b| b < n));
        proptest::prop_assert_eq!(code, if malformed > 0 { 1 } else { 0 }, "{}", stderr);
        proptest::prop_assert_eq!(key.lines().count(), n);
        proptest::prop_assert_eq!(&stats["counts"]["malformed"], malformed);
        proptest::prop_assert_eq!(&stats["counts"]["solved"], n as u64 - malformed);
        let shared = if pretty { 0 } else { n as u64 - 1 };
        proptest::prop_assert_eq!(&stats["lines"], lines(&text) + shared);
    }
}

#[test]
fn a_csv_whose_header_starts_with_a_bracket_is_no_document() {
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = &puzzles(1)[0];
    let text = format!("[id],puzzle\n1,{p}\n2,{p}\n");
    let (code, key, _, stderr) = run(dir.path(), &text, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        key,
        format!("[id],puzzle,solution,status\n1,{p},{s},solved\n2,{p},{s},solved\n")
    );
}

/// A document cut short after an escape's backslash (a truncated download, or detection's
/// sample ending there) is refused or read, never a crash: it was exit 134, "internal error".
#[test]
fn a_document_cut_after_a_backslash_is_no_crash() {
    let dir = tempfile::tempdir().unwrap();
    for text in [
        r#"{"a": "\"#,
        r#"{"puzzles": ["1.\"#,
        r#"[{"puzzle": "1\"#,
        r#"{   @"\"#,
    ] {
        let (code, _, _, stderr) = run(dir.path(), text, &[]);
        assert!(code == 1 || code == 2, "{text}: exit {code}");
        assert!(!stderr.contains("internal error"), "{text}: {stderr}");
    }
}
