//! Rating speed: the technique ladder (`logic::rate`) on every set with one solution per
//! puzzle, one thread, side by side with the engine solving the same puzzles in `unique` mode
//! (what `rate` also does for each record), alternating rounds in one process, best of 5.
//!
//! `cargo bench -p sudoku-batch-benches --bench rate [-- FILTER]` (a part of the sets' paths).
//!
//! `... --bench rate -- --times FILE` instead prints, for each puzzle of FILE (81 characters
//! at the start of each line), the microseconds its rating took (best of 3, one thread): what
//! `scripts/serate-side-by-side.sh` sets beside serate's time per puzzle.

use std::time::Instant;
use sudoku_batch::logic::{Level, rate};
use sudoku_batch::{Mode, Status, solve};

const ROUNDS: usize = 5;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(at) = args.iter().position(|a| a == "--times") {
        return times(args.get(at + 1).expect("--times FILE"));
    }
    let filter = args.iter().find(|a| !a.starts_with('-')).cloned();
    println!(
        "{:<44} {:>8} {:>12} {:>12} {:>7}  levels (easy medium hard expert beyond)",
        "set", "puzzles", "rated/s", "solved/s", "ratio"
    );
    for set in sudoku_batch_benches::sets(filter.as_deref()) {
        // Ratings are for puzzles with one solution.
        let puzzles: Vec<_> = set
            .ours
            .iter()
            .filter(|p| solve(p, Mode::Unique).status == Status::Solved)
            .copied()
            .collect();
        if puzzles.is_empty() {
            continue;
        }
        let mut levels = [0u64; Level::ALL.len()];
        for p in &puzzles {
            levels[rate(p).expect("no clash").level() as usize] += 1;
        }
        let (mut rated, mut solved) = (0.0f64, 0.0f64);
        for _ in 0..ROUNDS {
            let start = Instant::now();
            for p in &puzzles {
                std::hint::black_box(rate(p).expect("no clash"));
            }
            rated = rated.max(puzzles.len() as f64 / start.elapsed().as_secs_f64());
            let start = Instant::now();
            for p in &puzzles {
                std::hint::black_box(solve(p, Mode::Unique));
            }
            solved = solved.max(puzzles.len() as f64 / start.elapsed().as_secs_f64());
        }
        println!(
            "{:<44} {:>8} {:>12.0} {:>12.0} {:>7.2}  {levels:?}",
            set.name,
            puzzles.len(),
            rated,
            solved,
            rated / solved
        );
    }
}

/// Prints each puzzle's rating time in microseconds, one per line.
fn times(path: &str) {
    let text = std::fs::read_to_string(path).expect("a readable file");
    for line in text.lines().filter(|l| l.len() >= 81) {
        let puzzle = line[..81].parse().expect("a puzzle");
        let best = (0..3)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(rate(&puzzle).expect("no clash"));
                start.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min);
        println!("{:.1}", best * 1e6);
    }
}
