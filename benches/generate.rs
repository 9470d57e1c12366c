//! Generation side by side with the `sudoku` crate 0.8: minimal unique puzzles with no
//! symmetry (ours: `generate` with default options; the crate: `generate_with_symmetry(
//! Symmetry::None)`, its minimal generator), one thread, alternating rounds in one process so
//! that machine noise hits both. Also our rates for `--clues 22..24` and `--guesses 50..`.
//!
//! `cargo bench -p sudoku-batch-benches --bench generate [-- PUZZLES]` (default 2,000 a round).

use std::time::Instant;
use sudoku::Sudoku;
use sudoku::Symmetry as TheirSymmetry;
use sudoku_batch::generate::{Options, Rng, Target, generate};

const ROUNDS: usize = 5;

fn main() {
    let n: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2000);
    let (mut ours, mut theirs) = (0.0f64, 0.0f64);
    let mut seed = 1;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        for _ in 0..n {
            seed += 1;
            std::hint::black_box(
                generate(&Options::default(), Rng::for_item(7, seed).next_u64()).unwrap(),
            );
        }
        ours = ours.max(n as f64 / start.elapsed().as_secs_f64());
        let start = Instant::now();
        for _ in 0..n {
            std::hint::black_box(Sudoku::generate_with_symmetry(TheirSymmetry::None));
        }
        theirs = theirs.max(n as f64 / start.elapsed().as_secs_f64());
    }
    println!("minimal, no symmetry, 1 thread, best of {ROUNDS} rounds of {n}:");
    println!("  sudoku-batch  {ours:>9.0} puzzles/s");
    println!("  sudoku crate  {theirs:>9.0} puzzles/s");
    println!("  ratio         {:>9.2}", ours / theirs);
    for (label, options, count) in [
        (
            "--clues 22..24",
            Options {
                clues: Target { min: 22, max: 24 },
                ..Options::default()
            },
            n,
        ),
        (
            "--guesses 50..",
            Options {
                guesses: Target {
                    min: 50,
                    max: u64::MAX,
                },
                ..Options::default()
            },
            (n / 100).max(5),
        ),
    ] {
        let start = Instant::now();
        let mut tries = 0;
        for i in 0..count {
            tries += generate(&options, Rng::for_item(9, i).next_u64())
                .unwrap()
                .attempts;
        }
        let rate = count as f64 / start.elapsed().as_secs_f64();
        println!(
            "  {label:<14} {rate:>9.1} puzzles/s  ({:.1} tries a puzzle, {count} puzzles)",
            tries as f64 / count as f64
        );
    }
}
