//! The real binary, through assert_cmd: formats, modes, statuses, ordering, exit codes.

use crate::support::*;
use predicates::prelude::*;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

/// Runs to success and returns stdout.
fn stdout_of(args: &[&str]) -> String {
    let out = solve(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const SETS: [&str; 6] = [
    "data/kaggle_1000.txt",
    "data/17_clue_1000.txt",
    "data/hardest_11plus_500.txt",
    "data/serg_multiple_500.txt",
    "data/gen_unsolvable_500.txt",
    "data/gen_mixed_1000.txt",
];

#[test]
fn lines_output_gives_the_known_solutions_in_input_order() {
    for set in [
        "kaggle_1000.txt",
        "17_clue_1000.txt",
        "hardest_11plus_500.txt",
    ] {
        let expected = data_lines(&format!("solutions/{set}")).join("\n") + "\n";
        assert_eq!(
            stdout_of(&[&format!("data/{set}"), "-q"]),
            expected,
            "{set}"
        );
    }
}

#[test]
fn one_and_four_threads_give_identical_output_on_every_set() {
    for set in SETS {
        for format in ["lines", "csv"] {
            let one = stdout_of(&[set, "-q", "-j1", "--output-format", format]);
            let four = stdout_of(&[set, "-q", "-j4", "--output-format", format]);
            assert_eq!(one, four, "{set} {format}");
        }
    }
}

#[test]
fn several_inputs_are_one_batch_in_order_across_many_chunks() {
    // 4,500 records: more than one chunk, each solved on whichever worker is free.
    let whole: String = SETS.iter().map(|s| stdout_of(&[s, "-q"])).collect();
    let mut args: Vec<&str> = SETS.to_vec();
    args.extend(["-q", "-j3"]);
    assert_eq!(stdout_of(&args), whole);
    let dir = tempfile::tempdir().unwrap();
    let text: String = SETS
        .iter()
        .map(|s| std::fs::read_to_string(s).unwrap())
        .collect();
    let joined = write(dir.path(), "all.txt", text.repeat(2));
    let out = stdout_of(&[joined.to_str().unwrap(), "-q", "-j2"]);
    assert_eq!(out, whole.repeat(2));
}

#[test]
fn more_inputs_than_chunks_in_flight_all_run() {
    // With -j1, 10 chunks are in flight; 30 short inputs each end with a chunk token taken
    // but unused, which must go on to the next input rather than be lost (a hang).
    let dir = tempfile::tempdir().unwrap();
    let puzzles = data_lines("17_clue_1000.txt");
    let files: Vec<String> = (0..30)
        .map(|i| {
            let text = puzzles[3 * i..3 * i + 3].join("\n") + "\n";
            let name = format!("part{i:02}.txt");
            write(dir.path(), &name, text).to_str().unwrap().to_string()
        })
        .collect();
    let mut args: Vec<&str> = files.iter().map(String::as_str).collect();
    args.extend(["-q", "-j1"]);
    let out = solve(&args)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let expected = data_lines("solutions/17_clue_1000.txt")[..90].join("\n") + "\n";
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

#[test]
fn statuses_of_the_multiple_unsolvable_and_mixed_sets() {
    let out = stdout_of(&["data/serg_multiple_500.txt", "-q"]);
    assert!(
        out.lines()
            .all(|l| l.len() == 81 + 9 && l.ends_with(" multiple"))
    );
    let out = stdout_of(&["data/gen_unsolvable_500.txt", "-q"]);
    assert!(out.lines().all(|l| l == " unsolvable"));
    let counts = data_lines("solutions/gen_mixed_1000.counts.txt");
    let out = stdout_of(&["data/gen_mixed_1000.txt", "-q"]);
    for (line, count) in out.lines().zip(&counts) {
        let status = line.split(' ').nth(1).unwrap_or("solved");
        let expected = ["unsolvable", "solved", "multiple"][count.parse::<usize>().unwrap()];
        assert_eq!(status, expected);
    }
}

#[test]
fn every_mode_through_the_binary() {
    let puzzles = data_lines("serg_multiple_500.txt");
    let out = stdout_of(&["data/serg_multiple_500.txt", "-q", "--mode", "first"]);
    for (line, p) in out.lines().zip(&puzzles) {
        grid(line).check_solution_of(&grid(p)).unwrap();
    }
    let out = stdout_of(&["data/serg_multiple_500.txt", "-q", "--mode", "lexmin"]);
    for (line, p) in out.lines().zip(&puzzles).take(50) {
        assert_eq!(Some(grid(line)), reference(&grid(p), 1).1);
    }
    let out = stdout_of(&[
        "data/serg_multiple_500.txt",
        "-q",
        "--mode",
        "count",
        "--limit",
        "5",
        "--output-format",
        "csv",
        "--timing",
    ]);
    let mut rows = out.lines();
    assert_eq!(
        rows.next(),
        Some("puzzle,solution,status,solutions,guesses,micros")
    );
    for (row, p) in rows.zip(&puzzles).take(30) {
        let (expected, _) = reference(&grid(p), 5);
        let status = if expected >= 2 { "multiple" } else { "solved" };
        let count = if expected >= 5 {
            ">=5".to_string()
        } else {
            expected.to_string()
        };
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!((fields[2], fields[3]), (status, count.as_str()), "{row}");
    }
    solve(&["data/kaggle_1000.txt", "--limit", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--limit applies only to --mode count",
        ));
    // `bench` shares the flag, its default (1000) and its check.
    command()
        .args(["bench", "data/kaggle_1000.txt", "--limit", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--limit applies only to --mode count",
        ));
    command()
        .args([
            "bench",
            "data/kaggle_1000.txt",
            "-m",
            "count",
            "-r",
            "1",
            "-w",
            "0",
            "-j",
            "1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("count(1000)"));
}

#[test]
fn judge_2239_lexmin_grid_from_stdin_prints_only_the_smallest_grid() {
    let mut rng = Rng(2239);
    let solution = random_solution(&mut rng);
    let puzzle = remove_cells(&mut rng, &solution, 55);
    assert_eq!(reference(&puzzle, 2).0, 2, "the case has several solutions");
    let smallest = reference(&puzzle, 1).1.unwrap();
    let rows: String = puzzle
        .to_line(b'0')
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    let out = solve(&["--mode", "lexmin"])
        .write_stdin(rows)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let expected: String = smallest
        .to_line(b'0')
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    assert_eq!(text, expected);
    assert_eq!(text.lines().count(), 9);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("records"),
        "stats go to stderr"
    );
}

#[test]
fn judge_2580_spaced_grid_from_stdin_prints_a_spaced_grid() {
    let input = std::fs::read_to_string("data/grid/spaced_10.txt").unwrap();
    let first: String = input.split("\n\n").next().unwrap().to_string() + "\n";
    let expected = std::fs::read_to_string("data/solutions/grid_spaced_10.txt").unwrap();
    let expected_first = expected.split("\n\n").next().unwrap().to_string() + "\n";
    solve(&[])
        .write_stdin(first)
        .assert()
        .success()
        .stdout(expected_first);
    assert_eq!(stdout_of(&["data/grid/spaced_10.txt", "-q"]), expected);
    let compact = std::fs::read_to_string("data/solutions/grid_compact_10.txt").unwrap();
    assert_eq!(stdout_of(&["data/grid/compact_10.txt", "-q"]), compact);
}

#[test]
fn grid_output_prints_a_found_solution_for_multiple_and_the_status_otherwise() {
    let multi = &data_lines("serg_multiple_500.txt")[0];
    let unsolvable = &data_lines("gen_unsolvable_500.txt")[0];
    let out = solve(&["--output-format", "grid", "-q"])
        .write_stdin(format!("{multi}\n{unsolvable}\n"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let (first, second) = text.split_once("\n\n").unwrap();
    let found: String = first.lines().collect();
    grid(&found).check_solution_of(&grid(multi)).unwrap();
    assert_eq!(second, "unsolvable\n");
}

#[test]
fn the_csv_layouts_people_download_are_read_as_they_are() {
    let out = stdout_of(&[
        "data/csv/kaggle_quizzes_solutions_100.csv",
        "-q",
        "--verify",
    ]);
    let mut rows = out.lines();
    assert_eq!(rows.next(), Some("quizzes,solutions,solution,status"));
    for row in rows {
        let f: Vec<&str> = row.split(',').collect();
        assert_eq!((f[1], f[3]), (f[2], "solved"), "{row}");
    }
    let out = stdout_of(&["data/csv/kaggle_puzzle_solution_100.csv", "-q", "--verify"]);
    assert!(out.starts_with("puzzle,solution,sb_solution,status\n"));
    assert_eq!(out.lines().count(), 101);
    let out = stdout_of(&[
        "data/csv/id_puzzle_solution_clues_difficulty_100.csv",
        "-q",
        "--verify",
    ]);
    let mut rows = out.lines();
    assert_eq!(
        rows.next(),
        Some("id,puzzle,solution,clues,difficulty,sb_solution,status")
    );
    let first = rows.next().unwrap();
    let f: Vec<&str> = first.split(',').collect();
    assert_eq!(f[0], "0");
    assert!(f[1].contains('.'), "input columns are untouched");
    assert_eq!((f[2], f[6]), (f[5], "solved"));
}

#[test]
fn csv_puzzle_column_by_name_or_by_content() {
    let dir = tempfile::tempdir().unwrap();
    let p = &data_lines("kaggle_1000.txt")[0];
    let s = &data_lines("solutions/kaggle_1000.txt")[0];
    let named = write(dir.path(), "named.csv", format!("note,grid\nhello,{p}\n"));
    let out = stdout_of(&[named.to_str().unwrap(), "-q", "--column", "grid"]);
    assert_eq!(
        out,
        format!("note,grid,solution,status\nhello,{p},{s},solved\n")
    );
    // No conventional name: the column whose values look like puzzles.
    assert_eq!(stdout_of(&[named.to_str().unwrap(), "-q"]), out);
    solve(&[named.to_str().unwrap(), "--column", "nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no column named \"nope\""));
}

#[test]
fn tdoku_raw_files_with_comment_headers_and_crlf_are_read_as_they_are() {
    let out = stdout_of(&["data/raw/puzzles2_17_clue_100", "-q"]);
    let expected: Vec<String> = data_lines("solutions/17_clue_1000.txt");
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), 100);
    assert_eq!(
        got[0], expected[0],
        "the first 17-clue puzzle leads both files"
    );
    let out = stdout_of(&["data/raw/puzzles7_serg_benchmark_100", "-q"]);
    assert_eq!(
        out.lines().filter(|l| l.ends_with(" multiple")).count(),
        100
    );
    let out = stdout_of(&["data/raw/puzzles3_magictour_top1465_100", "-q"]);
    assert_eq!(out.lines().filter(|l| l.len() == 81).count(), 100);
}

#[test]
fn gzip_input_and_a_bom_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read("data/17_clue_1000.txt").unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&text).unwrap();
    let path = write(dir.path(), "in.txt.gz", gz.finish().unwrap());
    let plain = stdout_of(&["data/17_clue_1000.txt", "-q"]);
    assert_eq!(stdout_of(&[path.to_str().unwrap(), "-q"]), plain);
    let mut bom = b"\xef\xbb\xbf".to_vec();
    bom.extend_from_slice(b"puzzle\r\n");
    bom.extend_from_slice(data_lines("kaggle_1000.txt")[0].as_bytes());
    let path = write(dir.path(), "bom.csv", bom);
    let out = stdout_of(&[path.to_str().unwrap(), "-q"]);
    assert!(out.starts_with("puzzle,solution,status\n"), "{out}");
    assert!(out.ends_with(",solved\n"));
}

#[test]
fn every_bad_record_gets_its_status_and_line_and_the_rest_is_solved() {
    let dir = tempfile::tempdir().unwrap();
    let good = &data_lines("kaggle_1000.txt")[0];
    let solution = &data_lines("solutions/kaggle_1000.txt")[0];
    let dup = format!("11{}", &good[2..]);
    let letter = format!("{}x", &good[..80]);
    let lines = [
        good.as_str(),
        &good[..80],
        &format!("{good}1"),
        &letter,
        &dup,
        good,
    ];
    let path = write(dir.path(), "in.txt", lines.join("\n"));
    let expected =
        format!("{solution}\n malformed\n malformed\n malformed\n invalid\n{solution}\n");
    solve(&[path.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(expected)
        .stderr(
            predicate::str::contains("in.txt:2: too short: 80 cells")
                .and(predicate::str::contains("in.txt:3: too long"))
                .and(predicate::str::contains(
                    "in.txt:4: bad character 'x' at position 81",
                ))
                .and(predicate::str::contains("in.txt:5: digit 1 twice in row 1"))
                .and(predicate::str::contains("malformed 3")),
        );

    let csv = format!("id,puzzle\n1,{good}\n2\n3,\"{good}\n4,\n5,{dup}\n6,{good}\n");
    let path = write(dir.path(), "in.csv", csv);
    let out = solve(&[path.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let statuses: Vec<&str> = stdout
        .lines()
        .skip(1)
        .map(|r| r.rsplit(',').next().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "solved",
            "malformed",
            "malformed",
            "malformed",
            "invalid",
            "solved"
        ]
    );
    assert!(
        stdout.lines().all(|r| r.split(',').count() == 4),
        "rows keep the header's width: {stdout}"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    for needle in [
        "in.csv:3: 1 fields, the header has 2",
        "in.csv:4: unterminated quote",
        "in.csv:5: empty puzzle",
        "in.csv:6: digit 1 twice",
    ] {
        assert!(stderr.contains(needle), "{needle} in {stderr}");
    }

    let grids = "530070000\n600195000\n098000060\n\n800060003\n400803001\n700020006\n060000280\n000419005\n000080079\n";
    let path = write(dir.path(), "in.grid", grids);
    solve(&[path.to_str().unwrap(), "--format", "grid"])
        .assert()
        .code(1)
        .stdout("malformed\n\nmalformed\n")
        .stderr(
            predicate::str::contains("in.grid:1: grid has 3 rows")
                .and(predicate::str::contains("in.grid:5: grid has 6 rows")),
        );
}

#[test]
fn verify_flags_a_wrong_given_solution() {
    let dir = tempfile::tempdir().unwrap();
    let p = &data_lines("kaggle_1000.txt")[0];
    let s = &data_lines("solutions/kaggle_1000.txt")[0];
    let mut wrong = s.clone().into_bytes();
    wrong.swap(0, 1);
    let wrong = String::from_utf8(wrong).unwrap();
    let path = write(
        dir.path(),
        "v.csv",
        format!("puzzle,solution\n{p},{s}\n{p},{wrong}\n"),
    );
    solve(&[path.to_str().unwrap(), "--verify"])
        .assert()
        .code(1)
        .stdout(format!(
            "puzzle,solution,sb_solution,status\n{p},{s},{s},solved\n{p},{wrong},{s},mismatch\n"
        ))
        .stderr(
            predicate::str::contains("v.csv:3: given solution is wrong")
                .and(predicate::str::contains("mismatch 1")),
        );
    solve(&["data/kaggle_1000.txt", "--verify"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "data/kaggle_1000.txt: --verify needs given solutions",
        ));
    // A CSV whose columns hold no solved grid has none to verify against either.
    let unsolved = write(dir.path(), "u.csv", format!("id,puzzle\n1,{p}\n"));
    solve(&[unsolved.to_str().unwrap(), "--verify"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "u.csv: --verify needs given solutions",
        ));
}

#[test]
fn io_errors_exit_2_with_a_message_naming_the_file() {
    solve(&["data/kaggle_1000.txt", "no/such.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("cannot read no/such.txt"));
    solve(&["data"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read data: is a directory"));
    // A file that opens but cannot be read (every read of it fails, even for root).
    if cfg!(target_os = "linux") {
        solve(&["data/kaggle_1000.txt", "/proc/self/mem"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("cannot read /proc/self/mem"));
    }
    solve(&["data/kaggle_1000.txt", "-o", "no/such/dir/out.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot write no/such/dir/out.txt"));
    solve(&["data/kaggle_1000.txt", "-o", "/dev/full"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot write /dev/full"));
}

#[test]
fn stdout_to_a_full_disk_is_an_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku-batch"))
        .args(["solve", "data/kaggle_1000.txt", "-q"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("No space left on device"));
}

#[test]
fn output_file_appears_only_when_the_run_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("key.csv");
    let o = out.to_str().unwrap();
    solve(&["data/kaggle_1000.txt", "-o", o, "-q"])
        .assert()
        .success()
        .stdout("");
    let csv = stdout_of(&["data/kaggle_1000.txt", "-q", "--output-format", "csv"]);
    assert!(
        std::fs::read_to_string(&out).unwrap() == csv,
        "a .csv file gets CSV"
    );
    // --sync writes the same key, synced to disk before the rename; it needs -o.
    let synced = dir.path().join("synced.csv");
    solve(&[
        "data/kaggle_1000.txt",
        "-o",
        synced.to_str().unwrap(),
        "--sync",
        "-q",
    ])
    .assert()
    .success();
    assert!(std::fs::read_to_string(&synced).unwrap() == csv);
    solve(&["data/kaggle_1000.txt", "--sync"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--output"));
    let txt = dir.path().join("key.txt");
    solve(&["data/kaggle_1000.txt", "-o", txt.to_str().unwrap(), "-q"])
        .assert()
        .success();
    let lines = stdout_of(&["data/kaggle_1000.txt", "-q"]);
    assert!(
        std::fs::read_to_string(&txt).unwrap() == lines,
        "other names get the default"
    );
    // A truncated gzip fails mid-stream: no answer key, no temporary file left behind.
    let text = std::fs::read("data/17_clue_1000.txt").unwrap().repeat(20);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&text).unwrap();
    let bytes = gz.finish().unwrap();
    let cut = write(dir.path(), "cut.gz", &bytes[..bytes.len() / 2]);
    let fresh = dir.path().join("fresh.csv");
    solve(&[cut.to_str().unwrap(), "-o", fresh.to_str().unwrap(), "-q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
    assert!(!fresh.exists());
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.starts_with(".sudoku-batch")),
        "{names:?}"
    );
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("data/17_clue_1000.txt")
        .unwrap()
        .repeat(50);
    let path = write(dir.path(), "big.txt", text);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku-batch"))
        .args(["solve", path.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.trim_end().len(), 81);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn stats_table_on_stderr_and_json_with_documented_keys() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("stats.json");
    let out = solve(&["data/gen_mixed_1000.txt", "--stats", json.to_str().unwrap()])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    for key in [
        "records     1000",
        "puzzles/s",
        "solve µs",
        "p99",
        "guesses",
        "hardest     data/gen_mixed_1000.txt:",
    ] {
        assert!(stderr.contains(key), "{key} in {stderr}");
    }
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["records"], 1000);
    let counts = &v["counts"];
    assert_eq!(
        counts["solved"].as_u64().unwrap()
            + counts["multiple"].as_u64().unwrap()
            + counts["unsolvable"].as_u64().unwrap(),
        1000
    );
    assert_eq!(counts["multiple"], 49);
    assert!(v["puzzles_per_second"].as_f64().unwrap() > 0.0);
    for k in ["mean", "p50", "p90", "p99", "max"] {
        assert!(v["solve_micros"][k].as_f64().unwrap() >= 0.0, "{k}");
    }
    for k in ["mean", "p50", "p99", "max"] {
        assert!(v["guesses"][k].is_number(), "{k}");
    }
    assert_eq!(v["hardest_records"].as_array().unwrap().len(), 5);
    assert!(v["hardest_records"][0]["line"].as_u64().unwrap() >= 1);
    assert!(
        v["hardest_records"][0]["guesses"].as_u64().unwrap()
            >= v["hardest_records"][4]["guesses"].as_u64().unwrap()
    );
    solve(&["data/kaggle_1000.txt", "-q"])
        .assert()
        .success()
        .stderr("");
}

#[test]
fn progress_goes_to_stderr_only_and_never_by_default_in_a_pipe() {
    let plain = stdout_of(&["data/17_clue_1000.txt", "-q"]);
    let out = solve(&["data/17_clue_1000.txt", "--progress", "always"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), plain);
    let out = solve(&["data/17_clue_1000.txt"]).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        !stderr.contains("ETA") && !stderr.contains('\r'),
        "{stderr}"
    );
}

#[test]
fn version_says_the_commit_when_built_from_git() {
    let out = command().arg("--version").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(&format!("sudoku-batch {}", env!("CARGO_PKG_VERSION"))),
        "{text}"
    );
    let in_git = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success());
    if let Some(git) = in_git {
        let commit = String::from_utf8(git.stdout).unwrap();
        assert!(
            text.contains(&format!("(commit {}", commit.trim())),
            "{text}"
        );
    }
}

#[test]
fn completions_for_every_shell_and_a_man_page() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef sudoku-batch"),
        ("fish", "complete -c sudoku-batch"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion"),
    ] {
        let out = command().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(marker), "{shell}: {marker}");
        // Fish spells long options `-l name`.
        for word in ["solve", "bench", "solution-column", "output-format"] {
            assert!(text.contains(word), "{shell}: {word}");
        }
    }
    let out = command().arg("man").output().unwrap();
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH sudoku-batch 1"),
        "{page}"
    );
    assert!(
        page.contains(".SH SUBCOMMANDS") && page.contains("solve"),
        "{page}"
    );
    // Each subcommand's page holds its options, with their long help.
    for (name, option) in [
        ("solve", "solution\\-column"),
        ("rate", "up\\-to"),
        ("canon", "dedupe"),
    ] {
        let out = command().args(["man", name]).output().unwrap();
        assert!(out.status.success(), "{name}");
        let page = String::from_utf8(out.stdout).unwrap();
        assert!(
            page.contains(&format!(".TH sudoku-batch-{name} 1")),
            "{page}"
        );
        assert!(page.contains(option), "{name}: {option}\n{page}");
    }
    assert!(page.contains("sudoku\\-batch\\-solve(1)"), "{page}");
    command()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("possible values"));
}

#[test]
fn short_flags_where_users_expect_them() {
    let long = stdout_of(&[
        "data/serg_multiple_500.txt",
        "-q",
        "--mode",
        "first",
        "--format",
        "lines",
    ]);
    let short = stdout_of(&[
        "data/serg_multiple_500.txt",
        "-q",
        "-m",
        "first",
        "-f",
        "lines",
    ]);
    assert_eq!(long, short);
    let csv = stdout_of(&[
        "data/csv/kaggle_puzzle_solution_100.csv",
        "-q",
        "-c",
        "puzzle",
    ]);
    assert_eq!(csv.lines().count(), 101);
    let out = command()
        .args([
            "bench",
            "data/kaggle_1000.txt",
            "-r",
            "1",
            "-w",
            "0",
            "-m",
            "first",
            "-j",
            "1",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    solve(&["data/kaggle_1000.txt", "-j", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give 1 or more"));
}

#[test]
fn the_stats_json_has_the_documented_keys_in_the_documented_order() {
    let docs = std::fs::read_to_string("docs/solve.md").unwrap();
    let stats = &docs[docs.find("## Stats").unwrap()..];
    let block = stats
        .split("```json\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let documented: serde_json::Value = serde_json::from_str(block).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("stats.json");
    solve(&[
        "data/17_clue_1000.txt",
        "-q",
        "--stats",
        json.to_str().unwrap(),
    ])
    .assert()
    .success();
    let actual: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let keys =
        |v: &serde_json::Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    assert_eq!(keys(&actual), keys(&documented));
    for nested in ["counts", "skipped", "solve_micros", "guesses"] {
        assert_eq!(keys(&actual[nested]), keys(&documented[nested]), "{nested}");
    }
    assert_eq!(
        keys(&actual["hardest_records"][0]),
        keys(&documented["hardest_records"][0])
    );
}
