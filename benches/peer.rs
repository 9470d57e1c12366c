//! The side-by-side table of BENCHMARKS.md: for every data set, our engine on 1 thread and on
//! all threads, and the `sudoku` crate 0.8 (JCZSolve port) on 1 thread, in `unique` and `first`
//! modes, alternating rounds in one process so that machine noise hits all of them.
//!
//! `cargo bench -p sudoku-batch-benches --bench peer [-- FILTER] [-- --markdown]`. The crate is
//! a dependency of this bench crate only (AGPL): it is never linked into the product.

use sudoku_batch_benches as common;

use rayon::prelude::*;
use std::time::{Duration, Instant};
use sudoku_batch::{Mode, solve};

const ROUNDS: usize = 5;

struct Row {
    set: String,
    puzzles: usize,
    /// Puzzles/s: ours on 1 thread, ours on all threads, the crate on 1 thread.
    rates: [f64; 3],
    /// Our engine's guesses per puzzle.
    guesses: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let markdown = args.iter().any(|a| a == "--markdown");
    let filter = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .map(String::as_str);
    let threads = rayon::current_num_threads();
    for (label, mode, limit) in [("unique", Mode::Unique, 2), ("first", Mode::First, 1)] {
        let rows: Vec<Row> = common::sets(filter)
            .iter()
            .map(|set| measure(set, mode, limit))
            .collect();
        print(label, threads, &rows, markdown);
    }
}

fn measure(set: &common::Set, mode: Mode, limit: usize) -> Row {
    let n = set.ours.len() as f64;
    let ours = || set.ours.iter().map(|p| solve(p, mode).count).sum::<u64>();
    let ours_all = || {
        set.ours
            .par_iter()
            .with_min_len(8)
            .map(|p| solve(p, mode).count)
            .sum::<u64>()
    };
    let theirs = || {
        set.theirs
            .iter()
            .map(|s| common::crate_count(s, limit))
            .sum::<u64>()
    };
    let mut best = [Duration::MAX; 3];
    for _ in 0..ROUNDS {
        for (i, run) in [&ours as &dyn Fn() -> u64, &ours_all, &theirs]
            .iter()
            .enumerate()
        {
            let start = Instant::now();
            std::hint::black_box(run());
            best[i] = best[i].min(start.elapsed());
        }
    }
    let guesses = set.ours.iter().map(|p| solve(p, mode).guesses).sum::<u64>() as f64 / n;
    Row {
        set: set.name.clone(),
        puzzles: set.ours.len(),
        rates: best.map(|d| n / d.as_secs_f64()),
        guesses,
    }
}

fn print(label: &str, threads: usize, rows: &[Row], markdown: bool) {
    let all = format!("ours, {threads} threads");
    if markdown {
        println!("\n**{label}** (puzzles/s; ratio = ours on 1 thread / crate)\n");
        println!(
            "| set | puzzles | ours, 1 thread | {all} | `sudoku` crate | ratio | guesses/puzzle (ours) |"
        );
        println!("|---|---:|---:|---:|---:|---:|---:|");
    } else {
        println!("\n{label}");
        println!(
            "{:<48} {:>7} {:>12} {:>18} {:>12} {:>6} {:>8}",
            "set", "puzzles", "ours 1t", all, "crate", "ratio", "guesses"
        );
    }
    for r in rows {
        let ratio = r.rates[0] / r.rates[2];
        if markdown {
            println!(
                "| {} | {} | {:.0} | {:.0} | {:.0} | {:.2} | {:.2} |",
                r.set, r.puzzles, r.rates[0], r.rates[1], r.rates[2], ratio, r.guesses
            );
        } else {
            println!(
                "{:<48} {:>7} {:>12.0} {:>18.0} {:>12.0} {:>6.2} {:>8.2}",
                r.set, r.puzzles, r.rates[0], r.rates[1], r.rates[2], ratio, r.guesses
            );
        }
    }
}
