//! Engine throughput against the `sudoku` crate (JCZSolve port), side by side in one process.
//!
//! `cargo bench --bench peer [-- FILTER]`: for every set in `data/` and, when present,
//! `../shared/data/txt/`, solves all puzzles with our engine and with the crate, alternating
//! rounds so that machine noise hits both, and prints the best round of each and their ratio.
//! The crate is a dev-dependency only (AGPL): it is never linked into the product.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use sudoku_batch::{Grid, Mode, solve};

const ROUNDS: usize = 5;

fn main() {
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let mut sets: Vec<PathBuf> = Vec::new();
    for dir in ["data", "../shared/data/txt"] {
        let Ok(entries) = std::fs::read_dir(dir) else {
            eprintln!("skipping {dir}: not present");
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        files.sort();
        sets.extend(files);
    }
    println!(
        "{:<48} {:>7} {:>12} {:>12} {:>7} {:>9} {:>12} {:>12} {:>7}",
        "set", "puzzles", "unique/s", "crate/s", "ratio", "guesses", "first/s", "crate/s", "ratio"
    );
    for path in sets {
        let name = path.display().to_string();
        if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
            continue;
        }
        bench_set(&path);
    }
}

fn bench_set(path: &Path) {
    let text = std::fs::read_to_string(path).expect("readable data set");
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).collect();
    let ours: Vec<Grid> = lines
        .iter()
        .map(|l| l.parse().expect("valid line"))
        .collect();
    let theirs: Vec<sudoku::Sudoku> = lines
        .iter()
        .map(|l| sudoku::Sudoku::from_str_line(l).expect("valid line"))
        .collect();
    let n = ours.len() as f64;
    let guesses: u64 = ours.iter().map(|p| solve(p, Mode::Unique).guesses).sum();
    let rate = |d: Duration| n / d.as_secs_f64();
    let unique = best_of(|| ours.iter().map(|p| solve(p, Mode::Unique).count).sum());
    let crate_unique = best_of(|| {
        let mut buf = [[0u8; 81]; 2];
        theirs
            .iter()
            .map(|s| s.solutions_up_to_buffer(&mut buf, 2) as u64)
            .sum()
    });
    let first = best_of(|| ours.iter().map(|p| solve(p, Mode::First).count).sum());
    let crate_first = best_of(|| {
        theirs
            .iter()
            .filter(|s| s.some_solution().is_some())
            .count() as u64
    });
    println!(
        "{:<48} {:>7} {:>12.0} {:>12.0} {:>7.2} {:>9.2} {:>12.0} {:>12.0} {:>7.2}",
        path.display(),
        ours.len(),
        rate(unique),
        rate(crate_unique),
        crate_unique.as_secs_f64() / unique.as_secs_f64(),
        guesses as f64 / n,
        rate(first),
        rate(crate_first),
        crate_first.as_secs_f64() / first.as_secs_f64(),
    );
}

/// The fastest of several rounds; the result is kept so the work is not optimised away.
fn best_of(mut run: impl FnMut() -> u64) -> Duration {
    (0..ROUNDS)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(run());
            t.elapsed()
        })
        .min()
        .expect("at least one round")
}
