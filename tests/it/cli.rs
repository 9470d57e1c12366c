//! The real binary, through assert_cmd.

use crate::support::*;
use assert_cmd::Command;
use predicates::prelude::*;

fn bin() -> Command {
    Command::cargo_bin("sudoku-batch").unwrap()
}

#[test]
fn solve_prints_the_known_solutions_of_a_data_set() {
    let expected = data_lines("solutions/17_clue_1000.txt").join("\n") + "\n";
    bin()
        .args(["solve", "data/17_clue_1000.txt"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn bad_lines_get_their_status_and_the_rest_is_solved() {
    let dir = tempfile::tempdir().unwrap();
    let good = &data_lines("kaggle_1000.txt")[0];
    let solution = &data_lines("solutions/kaggle_1000.txt")[0];
    let dup = format!("11{}", &good[2..]);
    let input = format!("{good}\n123\n{dup}\n{good}\n");
    let path = dir.path().join("in.txt");
    std::fs::write(&path, input).unwrap();
    bin()
        .arg("solve")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(format!("{solution}\n malformed\n invalid\n{solution}\n"))
        .stderr(predicate::str::contains("in.txt:2: too short"));
}

#[test]
fn missing_file_is_a_usage_error() {
    bin()
        .args(["solve", "no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no/such/file.txt"));
}
