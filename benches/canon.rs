//! Canonical forms' speed: `canon::minlex` over every set, one thread, in one process, best
//! of 5 rounds and their median.
//!
//! `cargo bench -p sudoku-batch-benches --bench canon [-- FILTER]` (a part of the sets' paths).
//!
//! `... --bench canon -- --file FILE [ROUNDS]` instead times the puzzles of FILE (81
//! characters at the start of each line) and prints `puzzles best_ms median_ms` and, with
//! `--forms`, each form: what `scripts/canon-side-by-side.sh` sets beside the reference tools,
//! which it builds and times the same way.

use std::time::Instant;
use sudoku_batch::Grid;
use sudoku_batch::canon::Minlexer;

const ROUNDS: usize = 5;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(at) = args.iter().position(|a| a == "--file") {
        let path = args.get(at + 1).expect("--file FILE");
        let rounds = args
            .get(at + 2)
            .and_then(|r| r.parse().ok())
            .unwrap_or(ROUNDS);
        return file(path, rounds, args.iter().any(|a| a == "--forms"));
    }
    let filter = args.iter().find(|a| !a.starts_with('-')).cloned();
    println!(
        "{:<44} {:>8} {:>12} {:>12}",
        "set", "puzzles", "best/s", "median/s"
    );
    for set in sudoku_batch_benches::sets(filter.as_deref()) {
        let (best, median) = time(&set.ours, ROUNDS);
        let rate = |seconds: f64| set.ours.len() as f64 / seconds;
        println!(
            "{:<44} {:>8} {:>12.0} {:>12.0}",
            set.name,
            set.ours.len(),
            rate(best),
            rate(median)
        );
    }
}

/// The best and the median of `rounds` timings of every puzzle's form, in seconds.
fn time(puzzles: &[Grid], rounds: usize) -> (f64, f64) {
    let mut minlexer = Minlexer::default();
    let mut seconds: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            for p in puzzles {
                std::hint::black_box(minlexer.minlex(p.cells()));
            }
            start.elapsed().as_secs_f64()
        })
        .collect();
    seconds.sort_by(f64::total_cmp);
    (seconds[0], seconds[rounds / 2])
}

fn file(path: &str, rounds: usize, forms: bool) {
    let text = std::fs::read_to_string(path).expect("readable file");
    let puzzles: Vec<Grid> = text
        .lines()
        .map(|l| {
            l.get(..81)
                .and_then(|p| p.parse().ok())
                .expect("81 cells a line")
        })
        .collect();
    let (best, median) = time(&puzzles, rounds);
    println!("{} {:.3} {:.3}", puzzles.len(), best * 1e3, median * 1e3);
    if forms {
        let mut minlexer = Minlexer::default();
        for p in &puzzles {
            let form = minlexer.minlex(p.cells());
            println!(
                "{}",
                String::from_utf8(form.map(|d| b'0' + d).to_vec()).unwrap()
            );
        }
    }
}
