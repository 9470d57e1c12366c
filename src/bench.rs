//! The `bench` subcommand: engine throughput per data set, mode and thread count, the way the
//! Sudoku-solver field reports it (puzzles/s, µs/puzzle, % solved without guessing,
//! guesses/puzzle). Inputs are loaded first, so parsing is not timed.

use crate::grid::Grid;
use crate::input::{InputPath, Options, for_each_puzzle};
use crate::report::bench::{Measurement, Report};
use crate::report::distribution::{Distribution, Histogram};
use crate::run::complaints::Stderr;
use crate::solver::{Mode, Outcome, solve};
use anyhow::bail;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// A bench run, fully decided.
#[derive(Debug, Clone)]
pub struct Config {
    pub inputs: Vec<InputPath>,
    /// What the user said about the inputs' layout.
    pub input: Options,
    pub modes: Vec<Mode>,
    /// Thread counts to measure, in order.
    pub threads: Vec<usize>,
    /// Timed runs per (input, mode, thread count).
    pub repeat: usize,
    /// Untimed solving before the timed runs (at least one pass, which also verifies).
    pub warmup: Duration,
}

/// Runs the benchmark with the real engine.
pub fn run(config: &Config) -> anyhow::Result<Report> {
    run_with(config, solve)
}

/// Runs the benchmark with `engine` in place of [`solve`] (tests use this to check that a
/// wrong answer is caught).
pub fn run_with(
    config: &Config,
    engine: impl Fn(&Grid, Mode) -> Outcome + Sync,
) -> anyhow::Result<Report> {
    let mut results = Vec::new();
    for input in &config.inputs {
        let name = input.display_name();
        let puzzles = load(input, &config.input)?;
        if puzzles.is_empty() {
            bail!("{name}: no puzzles to benchmark");
        }
        let grids: Vec<Grid> = puzzles.iter().map(|&(_, g)| g).collect();
        for &mode in &config.modes {
            let profile = warm_up_and_verify(&name, &puzzles, mode, config, &engine)?;
            let mut one_thread = None;
            for &threads in &config.threads {
                let pool = crate::run::pipeline::solver_pool(threads)?;
                let mut rates: Vec<f64> = (0..config.repeat.max(1))
                    .map(|_| {
                        let start = Instant::now();
                        std::hint::black_box(pool.install(|| solve_all(&grids, mode, &engine)));
                        grids.len() as f64 / start.elapsed().as_secs_f64().max(1e-9)
                    })
                    .collect();
                rates.sort_by(f64::total_cmp);
                let median = rates[rates.len() / 2];
                if threads == 1 {
                    one_thread = Some(median);
                }
                results.push(Measurement {
                    input: short_name(input),
                    mode: mode.to_string(),
                    threads,
                    records: grids.len(),
                    puzzles_per_second: median,
                    puzzles_per_second_min: rates[0],
                    puzzles_per_second_max: rates[rates.len() - 1],
                    micros_per_puzzle: 1e6 / median,
                    no_guess_percent: profile.no_guess_percent,
                    guesses: profile.guesses.clone(),
                    speedup_vs_1_thread: one_thread.map(|one| median / one),
                });
            }
        }
    }
    Ok(Report {
        version: env!("CARGO_PKG_VERSION"),
        threads_available: crate::run::pipeline::thread_count(0, "-j ").0,
        engine: crate::engine_build(),
        results,
    })
}

fn short_name(input: &InputPath) -> String {
    match input {
        InputPath::Stdin => "<stdin>".into(),
        InputPath::File(p) => p.file_name().map_or_else(
            || p.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ),
    }
}

/// Every puzzle of an input with its line number; malformed records are reported and skipped.
pub(crate) fn load(input: &InputPath, options: &Options) -> anyhow::Result<Vec<(u64, Grid)>> {
    let name = input.display_name();
    let mut stderr = Stderr::default();
    let mut puzzles = Vec::new();
    for_each_puzzle(input, options, |line, puzzle| {
        match puzzle {
            Ok(p) => puzzles.push((line, p)),
            Err(why) => stderr.say(format!("{name}:{line}: {why} (skipped)\n").as_bytes()),
        }
        true
    })?;
    Ok(puzzles)
}

/// What the warm-up learns: guessing per puzzle (the same on every run).
struct Profile {
    no_guess_percent: f64,
    guesses: Distribution,
}

/// Solves every puzzle at least once (until `config.warmup` has passed), checking every
/// solution: a wrong answer is an error naming the record, so no number is ever printed for it.
fn warm_up_and_verify(
    name: &str,
    puzzles: &[(u64, Grid)],
    mode: Mode,
    config: &Config,
    engine: &(impl Fn(&Grid, Mode) -> Outcome + Sync),
) -> anyhow::Result<Profile> {
    let threads = config.threads.iter().copied().max().unwrap_or(1);
    let pool = crate::run::pipeline::solver_pool(threads)?;
    let start = Instant::now();
    let guesses: Vec<u64> = pool.install(|| {
        puzzles
            .par_iter()
            .map(|(line, p)| {
                let out = engine(p, mode);
                if let Some(s) = &out.solution {
                    s.check_solution_of(p)
                        .map_err(|e| anyhow::anyhow!("{name}:{line}: wrong answer {s}: {e}"))?;
                }
                Ok(out.guesses)
            })
            .collect::<anyhow::Result<_>>()
    })?;
    let grids: Vec<Grid> = puzzles.iter().map(|&(_, g)| g).collect();
    while start.elapsed() < config.warmup {
        pool.install(|| solve_all(&grids, mode, engine));
    }
    let n = puzzles.len() as f64;
    Ok(Profile {
        no_guess_percent: 100.0 * guesses.iter().filter(|&&g| g == 0).count() as f64 / n,
        guesses: {
            let mut h = Histogram::default();
            guesses.iter().for_each(|&g| h.add(g));
            Distribution::of(&h)
        },
    })
}

/// Solves every puzzle on the current pool; the solution count keeps the work observable.
fn solve_all(grids: &[Grid], mode: Mode, engine: &(impl Fn(&Grid, Mode) -> Outcome + Sync)) -> u64 {
    grids
        .par_iter()
        .with_min_len(8)
        .map(|p| engine(p, mode).count)
        .sum()
}
