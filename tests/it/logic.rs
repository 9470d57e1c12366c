//! The technique ladder through the library: every step sound against the unique solution,
//! on every shipped set and (where ../shared is present) a sample of every shared set; the
//! rater agrees with the step-by-step path.

use crate::support::*;
use std::path::Path;
use sudoku_batch::logic::{Level, Rating, Technique, explain, rate};
use sudoku_batch::{Grid, Mode, Status, solve};

/// Walks the ladder's path on `puzzle` (whose unique solution is `solution`): every placement
/// is the solution's digit, no elimination removes it, and the path's hardest technique and
/// length are the rater's. Returns the rating.
fn check_path(puzzle: &Grid, solution: &Grid, name: &str) -> Rating {
    let mut path = explain(puzzle).unwrap();
    let (mut hardest, mut steps) = (None, 0);
    for step in path.by_ref() {
        if let Some((cell, d)) = step.placement {
            assert_eq!(solution.cells()[cell], d, "{name}: {step}");
        }
        for &(cell, d) in &step.eliminations {
            assert_ne!(
                solution.cells()[cell],
                d,
                "{name}: {step} removes a true candidate"
            );
        }
        hardest = hardest.max(Some(step.technique));
        steps += 1;
    }
    let left: u32 = (1..=9).map(|d| path.pencil().cands(d).count_ones()).sum();
    if left == 0 {
        assert_eq!(path.pencil().grid(), *solution, "{name}");
    }
    // What is placed agrees with the solution, and what is left includes it.
    for cell in 0..81 {
        let v = path.pencil().value(cell);
        assert!(v == 0 || v == solution.cells()[cell], "{name}");
        assert!(
            v != 0 || path.pencil().has(cell, solution.cells()[cell]),
            "{name}"
        );
    }
    let rating = rate(puzzle).unwrap();
    let walked = Rating {
        hardest,
        steps,
        candidates_left: left,
    };
    assert_eq!(rating, walked, "{name}: the rater and the path disagree");
    rating
}

/// Checks every `step`-th puzzle of a file of lines; the levels seen, by count.
fn check_lines(path: &Path, step: usize) -> [u64; 5] {
    let text = std::fs::read_to_string(path).unwrap();
    let mut levels = [0; 5];
    for (i, line) in text.lines().enumerate().step_by(step) {
        let name = format!("{}:{}", path.display(), i + 1);
        let puzzle: Grid = line[..81].parse().unwrap();
        let out = solve(&puzzle, Mode::Unique);
        if out.status != Status::Solved {
            continue; // ratings are for puzzles with one solution
        }
        let rating = check_path(&puzzle, &out.solution.unwrap(), &name);
        levels[rating.level() as usize] += 1;
    }
    levels
}

#[test]
fn every_step_is_sound_on_the_shipped_sets() {
    let easy = check_lines(&data_dir().join("kaggle_1000.txt"), 1);
    // The Kaggle puzzles need singles only.
    assert_eq!(easy, [1000, 0, 0, 0, 0]);
    let seventeen = check_lines(&data_dir().join("17_clue_1000.txt"), 1);
    assert_eq!(seventeen.iter().sum::<u64>(), 1000);
    let hard = check_lines(&data_dir().join("hardest_11plus_500.txt"), 1);
    // The forum's 11+ puzzles are beyond the ladder, or at its top.
    assert_eq!(hard[..3], [0, 0, 0], "{hard:?}");
    check_lines(&data_dir().join("gen_mixed_1000.txt"), 1);
}

/// Every shared set of ../shared/data/txt, a sample of about 2,000 puzzles each
/// (`SUDOKU_BATCH_FULL=1`: every puzzle); skipped where the shared data is absent.
#[test]
fn every_step_is_sound_on_the_shared_sets() {
    let dir = data_dir().join("../../shared/data/txt");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipped: no {}", dir.display());
        return;
    };
    let full = std::env::var_os("SUDOKU_BATCH_FULL").is_some();
    for entry in entries {
        let path = entry.unwrap().path();
        let lines = std::fs::read(&path).unwrap().split(|&b| b == b'\n').count();
        let step = if full { 1 } else { (lines / 2000).max(1) };
        let levels = check_lines(&path, step);
        eprintln!("{}: {levels:?}", path.display());
    }
}

#[test]
fn each_technique_has_its_place_in_the_ladder() {
    // The explainer's first step on a puzzle is the easiest one that applies.
    let puzzle = grid(&data_lines("kaggle_1000.txt")[0]);
    let first = explain(&puzzle).unwrap().next().unwrap();
    assert!(first.technique <= Technique::NakedSingle);
    assert_eq!(rate(&puzzle).unwrap().level(), Level::Easy);
}
