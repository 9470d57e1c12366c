//! The `generate` command through the binary, its puzzles checked by the tests' own counter
//! (plain backtracking, independent of the engine).

use crate::support::*;
use predicates::prelude::*;
use sudoku_batch::Grid;

/// Runs `generate ARGS` to success and returns its stdout.
fn generated(args: &[&str]) -> String {
    let out = command().arg("generate").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The puzzles of lines output.
fn puzzles(lines: &str) -> Vec<Grid> {
    lines.lines().map(grid).collect()
}

fn without(puzzle: &Grid, cells: &[usize]) -> Grid {
    let mut c = *puzzle.cells();
    for &i in cells {
        c[i] = 0;
    }
    Grid::from_cells(c).unwrap()
}

fn clues(p: &Grid) -> Vec<usize> {
    (0..81).filter(|&i| p.cells()[i] != 0).collect()
}

#[test]
fn every_puzzle_is_unique_and_minimal_by_an_independent_count() {
    let out = generated(&["-n", "40", "--seed", "1", "-q"]);
    let puzzles = puzzles(&out);
    assert_eq!(puzzles.len(), 40);
    for (i, p) in puzzles.iter().enumerate() {
        assert_eq!(reference_count(p, 2), 1, "puzzle {i} is unique");
        for c in clues(p) {
            assert_eq!(
                reference_count(&without(p, &[c]), 2),
                2,
                "puzzle {i}: clue {c} is needed"
            );
        }
    }
}

#[test]
fn csv_output_is_input_for_solve_verify() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gen.csv");
    generated(&[
        "-n",
        "50",
        "--seed",
        "2",
        "-o",
        path.to_str().unwrap(),
        "-q",
    ]);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut rows = text.lines();
    assert_eq!(rows.next(), Some("puzzle,solution,clues,guesses"));
    for row in rows {
        let f: Vec<&str> = row.split(',').collect();
        let (p, s) = (grid(f[0]), grid(f[1]));
        s.check_solution_of(&p).unwrap();
        assert_eq!(f[2].parse::<usize>().unwrap(), p.clue_count());
        let engine = sudoku_batch::solve(&p, sudoku_batch::Mode::Unique);
        assert_eq!(f[3].parse::<u64>().unwrap(), engine.guesses);
    }
    solve(&[path.to_str().unwrap(), "--verify", "-q", "-o", "/dev/null"])
        .assert()
        .success();
}

#[test]
fn a_seed_gives_the_same_bytes_on_any_number_of_threads() {
    let one = generated(&["-n", "300", "--seed", "42", "-j1", "-q", "-f", "csv"]);
    let two = generated(&["-n", "300", "--seed", "42", "-j2", "-q", "-f", "csv"]);
    assert!(one == two);
    let other = generated(&["-n", "300", "--seed", "43", "-j2", "-q", "-f", "csv"]);
    assert!(one != other);
    // Without a seed, the stats say the one drawn, and it gives the run again.
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("s.json");
    let first = generated(&["-n", "20", "-q", "--stats", json.to_str().unwrap()]);
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let seed = stats["seed"].as_u64().unwrap().to_string();
    assert_eq!(generated(&["-n", "20", "-q", "--seed", &seed]), first);
    assert_eq!(stats["puzzles"], 20);
    let histogram: u64 = stats["clues"]["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["count"].as_u64().unwrap())
        .sum();
    assert_eq!(histogram, 20);
    let guesses: u64 = stats["guesses"]["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["count"].as_u64().unwrap())
        .sum();
    assert_eq!(guesses, 20);
}

#[test]
fn clue_and_guess_targets_are_met() {
    for p in puzzles(&generated(&[
        "-n", "30", "--seed", "3", "-q", "--clues", "22..23",
    ])) {
        assert!((22..=23).contains(&p.clue_count()), "{p}");
    }
    let out = generated(&[
        "-n",
        "10",
        "--seed",
        "4",
        "-q",
        "--guesses",
        "3..",
        "-f",
        "csv",
    ]);
    for row in out.lines().skip(1) {
        let f: Vec<&str> = row.split(',').collect();
        let p = grid(f[0]);
        assert!(
            sudoku_batch::solve(&p, sudoku_batch::Mode::Unique).guesses >= 3,
            "{row}"
        );
        assert_eq!(reference_count(&p, 2), 1);
    }
    // Not minimal: clues are taken out only down to the target's top.
    for p in puzzles(&generated(&[
        "-n",
        "20",
        "--seed",
        "5",
        "-q",
        "--clues",
        "30..32",
        "--no-minimal",
    ])) {
        assert!((30..=32).contains(&p.clue_count()), "{p}");
        assert_eq!(reference_count(&p, 2), 1);
    }
}

#[test]
fn symmetry_holds_cell_by_cell_and_pairs_are_minimal() {
    /// A symmetry's name, and where it takes a cell.
    type Image = (&'static str, fn(usize) -> usize);
    let images: [Image; 3] = [
        ("rotational", |i| 80 - i),
        ("diagonal", |i| (i % 9) * 9 + i / 9),
        ("mirror", |i| (i / 9) * 9 + 8 - i % 9),
    ];
    for (name, image) in images {
        let out = generated(&["-n", "15", "--seed", "6", "-q", "--symmetry", name]);
        for p in puzzles(&out) {
            for i in 0..81 {
                assert_eq!(p.cells()[i] != 0, p.cells()[image(i)] != 0, "{name}: {p}");
            }
            assert_eq!(reference_count(&p, 2), 1, "{name}");
            // Minimal as a symmetric puzzle: no clue goes with its image.
            for c in clues(&p) {
                let fewer = without(&p, &[c, image(c)]);
                assert_eq!(reference_count(&fewer, 2), 2, "{name}: {c} is needed");
            }
        }
    }
}

#[test]
fn an_impossible_target_stops_with_a_clear_error_and_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("gen.txt");
    command()
        .args([
            "generate",
            "-n",
            "3",
            "--seed",
            "1",
            "--clues",
            "17..18",
            "--attempts",
            "30",
            "-o",
        ])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("no puzzle with --clues 17..18 in 30 tries; the closest had")
                .and(predicate::str::contains("allow more tries with --attempts")),
        );
    assert!(!out.exists());
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "no temporary file"
    );
    command()
        .args(["generate", "-n", "1", "--clues", "5..10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("17 clues at least"));
    command()
        .args(["generate", "-n", "1", "--clues", "30..20"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is empty"));
}

#[test]
fn a_level_is_met_by_every_puzzle_and_rated_csv_is_input_for_rate() {
    // Not `beyond`: with the nested chains on the ladder (Sudoku Explainer's 10.0 and up are
    // beyond it), fewer than one generated puzzle in 100,000 is.
    for level in ["easy", "medium", "hard", "expert"] {
        let args = [
            "-n", "6", "--seed", "5", "--level", level, "-f", "csv", "-q",
        ];
        let one = generated(&[&args[..], &["-j1"]].concat());
        assert_eq!(one, generated(&[&args[..], &["-j2"]].concat()), "{level}");
        let mut rows = one.lines();
        assert_eq!(
            rows.next(),
            Some("puzzle,solution,clues,guesses,level,hardest,score")
        );
        for row in rows {
            let f: Vec<&str> = row.split(',').collect();
            assert_eq!(f[4], level, "{row}");
            // The library's rating of the puzzle, and an independent count of its solutions.
            let rating = sudoku_batch::logic::rate(&grid(f[0])).unwrap();
            assert_eq!(rating.level().name(), level);
            assert_eq!(f[5], rating.hardest.map_or("", |t| t.key_name()));
            assert_eq!(reference_count(&grid(f[0]), 2), 1);
        }
    }
    // The same puzzles through `rate`: the same levels.
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set.csv");
    let text = generated(&["-n", "30", "--seed", "8", "--rate", "-q", "-f", "csv"]);
    std::fs::write(&set, &text).unwrap();
    let out = command().arg("rate").arg(&set).arg("-q").output().unwrap();
    let rated = String::from_utf8(out.stdout).unwrap();
    // `rate` keeps the CSV's columns (its own get an `sb_` prefix where the names are taken).
    let mut rows = rated.lines();
    assert!(
        rows.next()
            .unwrap()
            .ends_with(",sb_level,sb_hardest,sb_score,pearl,diamond,steps,left,sb_guesses")
    );
    for (row, generated) in rows.zip(text.lines().skip(1)) {
        let f: Vec<&str> = row.split(',').collect();
        let g: Vec<&str> = generated.split(',').collect();
        assert_eq!((f[9], f[10], f[11]), (g[4], g[5], g[6]), "{row}");
    }
}

#[test]
fn a_rating_range_gives_puzzles_that_rate_in_it() {
    // Scores on Sudoku Explainer's scale; the search climbs to them through the tries' scores.
    for range in ["7.0..7.5", "2.6", "..2.0"] {
        let args = [
            "-n", "4", "--seed", "11", "--rating", range, "-f", "csv", "-q",
        ];
        let one = generated(&[&args[..], &["-j1"]].concat());
        assert_eq!(one, generated(&[&args[..], &["-j2"]].concat()), "{range}");
        let (low, high) = match range.split_once("..") {
            Some((a, b)) => (a.parse().unwrap_or(0.0), b.parse::<f64>().unwrap()),
            None => (range.parse().unwrap(), range.parse().unwrap()),
        };
        for row in one.lines().skip(1) {
            let f: Vec<&str> = row.split(',').collect();
            let score: f64 = f[6].parse().unwrap();
            assert!((low..=high).contains(&score), "{range}: {row}");
            // The library's rating of the puzzle says the same.
            let rating = sudoku_batch::logic::rate(&grid(f[0])).unwrap();
            assert_eq!(f64::from(rating.score()) / 10.0, score, "{row}");
        }
    }
}

#[test]
fn a_rating_is_a_range_of_scores_with_at_most_one_decimal() {
    for (bad, says) in [
        ("7.55", "is not a range"),
        ("x..8", "is not a range"),
        ("8.0..7.0", "is empty"),
    ] {
        command()
            .args(["generate", "-n", "1", "--rating", bad])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
}

#[test]
fn an_unreached_level_or_rating_says_what_was_reached() {
    for (target, tries, wanted) in [
        (
            &["--level", "beyond", "--clues", "30.."][..],
            "20",
            "no puzzle with --clues 30.. --level beyond in 20 tries",
        ),
        (
            &["--rating", "9.5.."],
            "5",
            "no puzzle with --rating 9.5.. in 5 tries",
        ),
    ] {
        command()
            .args(["generate", "-n", "1", "--seed", "3"])
            .args(target)
            .args(["--attempts", tries, "-q"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(wanted))
            .stderr(predicate::str::contains("(level "))
            .stderr(predicate::str::contains(", score "));
    }
}
