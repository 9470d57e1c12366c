//! What `bench` measured: one measurement per input, mode and thread count, as a table
//! (plain or Markdown) and JSON.

use super::distribution::Distribution;
use serde::Serialize;

/// One (input, mode, thread count) measurement. The field names are the JSON keys, in the
/// vocabulary every report shares (`input`, `records`, `puzzles_per_second` a number, `guesses`
/// a [`Distribution`]).
#[derive(Debug, Clone, Serialize)]
pub struct Measurement {
    pub input: String,
    pub mode: String,
    pub threads: usize,
    /// The input's puzzles, each solved once per timed run.
    pub records: usize,
    /// The median over the timed runs.
    pub puzzles_per_second: f64,
    /// The slowest timed run's rate.
    pub puzzles_per_second_min: f64,
    /// The fastest's.
    pub puzzles_per_second_max: f64,
    /// Wall time per puzzle at this thread count: 1e6 / the median rate.
    pub micros_per_puzzle: f64,
    /// Puzzles solved by propagation alone, in percent.
    pub no_guess_percent: f64,
    /// Guesses per puzzle (the same on every run).
    pub guesses: Distribution,
    /// Median rate over the median rate with 1 thread; `null` when 1 thread was not measured.
    pub speedup_vs_1_thread: Option<f64>,
}

/// The whole report, as written by `--json`.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub version: &'static str,
    pub threads_available: usize,
    /// Which build of the engine ran ([`crate::engine_build`]).
    pub engine: &'static str,
    pub results: Vec<Measurement>,
}

impl Report {
    /// The table, as text columns or as Markdown.
    pub fn table(&self, markdown: bool) -> String {
        let header = [
            "set",
            "mode",
            "threads",
            "puzzles",
            "puzzles/s",
            "min–max",
            "µs/puzzle",
            "no-guess %",
            "guesses/puzzle",
            "speed-up",
        ];
        let rows: Vec<[String; 10]> = self
            .results
            .iter()
            .map(|r| {
                [
                    r.input.clone(),
                    r.mode.clone(),
                    r.threads.to_string(),
                    r.records.to_string(),
                    format!("{:.0}", r.puzzles_per_second),
                    format!(
                        "{:.0}–{:.0}",
                        r.puzzles_per_second_min, r.puzzles_per_second_max
                    ),
                    format!("{:.2}", r.micros_per_puzzle),
                    format!("{:.1}", r.no_guess_percent),
                    format!("{:.2}", r.guesses.mean),
                    r.speedup_vs_1_thread
                        .map_or("–".into(), |s| format!("{s:.2}×")),
                ]
            })
            .collect();
        let mut out = String::new();
        if markdown {
            out += &format!("| {} |\n", header.join(" | "));
            out += &format!("|{}\n", "---|".repeat(header.len()));
            for row in &rows {
                out += &format!("| {} |\n", row.join(" | "));
            }
            return out;
        }
        let widths: Vec<usize> = (0..header.len())
            .map(|i| {
                rows.iter()
                    .map(|r| r[i].chars().count())
                    .chain([header[i].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: Vec<&str>| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (c, &w))| {
                    if i < 2 {
                        format!("{c:<w$}")
                    } else {
                        format!("{c:>w$}")
                    }
                })
                .collect();
            padded.join("  ").trim_end().to_string() + "\n"
        };
        out += &line(header.to_vec());
        for row in &rows {
            out += &line(row.iter().map(String::as_str).collect());
        }
        out
    }
}
