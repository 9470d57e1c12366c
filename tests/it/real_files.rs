//! Real files, round three: shapes found in data files as they circulate, each written here in
//! several variants (CRLF, a byte-order mark, no final newline, large), through the binary.

use crate::support::{puzzles, solve, solve_with_stats, write};
use std::path::Path;

/// The ways one text is saved: as it is, with CRLF line ends, with a UTF-8 byte-order mark,
/// without its final newline.
fn variants(text: &str) -> Vec<(&'static str, String)> {
    vec![
        ("as is", text.to_string()),
        ("CRLF", text.replace('\n', "\r\n")),
        ("BOM", format!("\u{feff}{text}")),
        ("no final newline", text.trim_end_matches('\n').to_string()),
    ]
}

/// Runs `solve FILE -q ARGS` on `text` saved as `name`: the exit code, the key, the stats (or,
/// when none were written, stderr as a JSON string, for messages).
fn run(dir: &Path, name: &str, text: &str, args: &[&str]) -> (i32, String, serde_json::Value) {
    let run = solve_with_stats(&write(dir, name, text), args);
    let stats = match run.stats {
        serde_json::Value::Null => serde_json::Value::String(run.stderr),
        stats => stats,
    };
    (run.code.unwrap(), run.key, stats)
}

#[test]
fn a_csv_whose_rows_end_with_a_comma_is_read_at_the_headers_width() {
    let dir = tempfile::tempdir().unwrap();
    for n in [20, 5000] {
        // As exported: 11 names in the header, 12 fields a row, the last empty.
        let header = "id,puzzle,solution,a,b,c,d,e,f,g,h\n";
        let rows: String = puzzles(n)
            .iter()
            .enumerate()
            .map(|(i, (p, s))| format!("{i},{p},{s},1,2,3,4,5,6,7,8,\n"))
            .collect();
        for (variant, text) in variants(&(header.to_string() + &rows)) {
            for forced in [&[][..], &["--format", "csv"]] {
                let mut args = vec!["--verify"];
                args.extend(forced);
                let (code, key, stats) = run(dir.path(), "trailing.csv", &text, &args);
                assert_eq!(code, 0, "{n} {variant} {forced:?}: {stats}");
                assert_eq!(stats["counts"]["solved"], n, "{n} {variant} {forced:?}");
                let mut lines = key.lines();
                assert_eq!(
                    lines.next().unwrap(),
                    "id,puzzle,solution,a,b,c,d,e,f,g,h,sb_solution,status"
                );
                // Each row at the header's width, then the answer: the empty field is gone.
                assert!(lines.all(|l| l.split(',').count() == 13), "{n} {variant}");
            }
        }
    }
    // A row with data past the header is still too wide.
    let (p, s) = &puzzles(1)[0];
    let text = format!("id,puzzle,solution\n1,{p},{s}\n2,{p},{s},\n3,{p},{s},x\n");
    let (code, key, _) = run(dir.path(), "wide.csv", &text, &[]);
    assert_eq!(code, 1);
    let statuses: Vec<&str> = key
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap())
        .collect();
    assert_eq!(statuses, ["solved", "solved", "malformed"]);
}

/// `puzzle` as nine rows of cells split by `delimiter`, a blank written `blank`.
fn csv_grid(puzzle: &str, delimiter: char, blank: &str, trailing: bool) -> String {
    let cells: Vec<String> = puzzle
        .chars()
        .map(|c| {
            if c == '.' {
                blank.to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    let rows: Vec<String> = cells
        .chunks(9)
        .map(|row| {
            let mut row = row.join(&delimiter.to_string());
            if trailing {
                row.push(delimiter);
            }
            row + "\n"
        })
        .collect();
    rows.concat()
}

#[test]
fn a_grid_saved_as_csv_is_read_as_a_grid() {
    let dir = tempfile::tempdir().unwrap();
    let all = puzzles(300);
    for (delimiter, blank, trailing) in [
        (',', "", false),
        (',', "0", false),
        (';', ".", false),
        (',', " ", true),
    ] {
        for n in [1, 3, 300] {
            let grids: Vec<String> = all[..n]
                .iter()
                .map(|(p, _)| csv_grid(p, delimiter, blank, trailing))
                .collect();
            for (variant, text) in variants(&grids.join("\n")) {
                let what = format!("{delimiter:?} {blank:?} {trailing} ×{n} {variant}");
                let (code, key, stats) = run(dir.path(), "grid.csv", &text, &[]);
                assert_eq!(code, 0, "{what}: {stats}");
                assert_eq!(stats["counts"]["solved"], n, "{what}");
                // The key is grids in the input's style: its delimiter between cells.
                let first = key.lines().next().unwrap();
                let solution = &all[0].1;
                let row: Vec<String> = solution[..9].chars().map(String::from).collect();
                assert_eq!(first, row.join(&delimiter.to_string()), "{what}");
            }
        }
    }
    // A cell of two characters is a bad cell where it is.
    let (p, _) = &all[0];
    let text = csv_grid(p, ',', "", false).replacen("5", "55", 1);
    let at = p.find('5').unwrap();
    let input = write(dir.path(), "bad.csv", text);
    solve(&[input.to_str().unwrap(), "-q"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains(format!(
            "bad cell \"55\" at row {}, column {}",
            at / 9 + 1,
            at % 9 + 1
        )));
}

#[test]
fn cells_spelled_out_with_spaces_under_a_line_of_counts_are_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    for n in [5, 8960] {
        let all = puzzles(n);
        let lines: Vec<String> = all
            .iter()
            .map(|(p, _)| {
                let cells: Vec<String> = p.replace('.', "0").chars().map(String::from).collect();
                cells.join(" ") + "\n"
            })
            .collect();
        let expected: String = all.iter().map(|(_, s)| format!("{s}\n")).collect();
        for counted in [true, false] {
            let head = if counted {
                format!("{n} 9\n")
            } else {
                String::new()
            };
            for (variant, text) in variants(&(head + &lines.concat())) {
                let what = format!("{n} counted {counted} {variant}");
                let (code, key, stats) = run(dir.path(), "spaced.txt", &text, &[]);
                assert_eq!(code, 0, "{what}: {stats}");
                assert_eq!(key, expected, "{what}");
                assert_eq!(stats["skipped"]["header"], u64::from(counted), "{what}");
            }
        }
    }
}

#[test]
fn an_input_with_no_puzzle_in_its_first_lines_is_refused_once() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _) = &puzzles(1)[0];
    let xml = format!(
        "<?xml version='1.0' encoding='utf-8'?>\n<map>\n{}</map>\n",
        "    <string name=\"saved\">game state</string>\n".repeat(200)
    );
    let prose = "Sudoku is a logic-based puzzle.\nThe objective is to fill a grid.\n".repeat(50);
    for (name, text) in [("export.xml", xml.as_str()), ("notes.txt", prose.as_str())] {
        for (variant, text) in variants(text) {
            let key = dir.path().join("key.txt");
            let input = write(dir.path(), name, &text);
            let out = solve(&[input.to_str().unwrap(), "-o", key.to_str().unwrap()])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{name} {variant}");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(stderr.lines().count(), 1, "one refusal: {stderr}");
            assert!(
                stderr.contains("no puzzle in any layout read here in its first 64 lines"),
                "{stderr}"
            );
            assert!(stderr.contains("jsonl, lines, grid, csv, bank"), "{stderr}");
            let first = text.trim_start_matches('\u{feff}').lines().next().unwrap();
            let shown: String = first.trim().chars().take(20).collect();
            assert!(
                stderr.contains(&shown.replace('"', "\\\"")),
                "what was seen: {stderr}"
            );
            assert!(!key.exists(), "{name} {variant}: no key");
        }
        // Forced, every line is a record, as before.
        let input = write(dir.path(), name, text);
        solve(&[input.to_str().unwrap(), "-q", "--format", "lines"])
            .assert()
            .code(1);
    }
    // When some of the first lines are puzzles, the others are records with statuses.
    let some = "Sudoku is a logic-based puzzle.\nThe objective is to fill a grid.\n".repeat(10);
    let mixed = format!("{some}{p}\n{some}");
    let (code, _, stats) = run(dir.path(), "mixed.txt", &mixed, &[]);
    assert_eq!(code, 1);
    assert_eq!(stats["counts"]["solved"], 1);
    assert_eq!(stats["counts"]["malformed"], 40);
}
