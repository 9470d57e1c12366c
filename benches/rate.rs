//! Rating speed: the technique ladder (`logic::rate`) on every set with one solution per
//! puzzle, one thread, side by side with the engine solving the same puzzles in `unique` mode
//! (what `rate` also does for each record), alternating rounds in one process, best of 5.
//!
//! `cargo bench -p sudoku-batch-benches --bench rate [-- FILTER]` (a part of the sets' paths).

use std::time::Instant;
use sudoku_batch::logic::{Level, rate};
use sudoku_batch::{Mode, Status, solve};

const ROUNDS: usize = 5;

fn main() {
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
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
