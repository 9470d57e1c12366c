//! Run statistics: counts by status, per-puzzle solve time and guesses in constant-memory
//! histograms, the hardest records; rendered as a table (stderr) and as JSON.

use super::distribution::{Distribution, Histogram};
use crate::input::{Skip, Skipped};
use crate::logic::Level;
use crate::record::verdict::Verdict;
use crate::solver::Mode;
use serde_json::json;
use std::fmt::Write as _;
use std::ops::Range;
use std::time::Duration;

/// One of the hardest records.
#[derive(Debug, Clone)]
pub(crate) struct Hard {
    /// Which input (index into the run's inputs).
    pub input: usize,
    /// Its first line.
    pub line: u64,
    /// The engine's guesses.
    pub guesses: u64,
    /// The solve's time.
    pub nanos: u64,
    /// Its status.
    pub verdict: Verdict,
}

impl Hard {
    /// The order of difficulty: guesses first (the same on every run and machine), then time
    /// (which a busy machine can stretch for any puzzle: a 2 µs puzzle preempted for 9 s is not
    /// hard).
    fn rank(&self) -> (u64, u64) {
        (self.guesses, self.nanos)
    }
}

/// How many of the hardest records are kept.
const HARDEST: usize = 5;

/// One record's line in the stats.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RecordStat {
    /// Its first line in its input.
    pub line: u64,
    /// What became of it.
    pub verdict: Verdict,
    /// `None` for records the engine never saw (malformed).
    pub nanos: Option<u64>,
    /// The engine's guesses.
    pub guesses: u64,
    /// Solutions found (count mode).
    pub count: u64,
    /// Whether the limit stopped the count.
    pub capped: bool,
    /// With `rate`: the level of a puzzle with one solution.
    pub level: Option<Level>,
}

/// What records add up to: counts by verdict and level, the distributions of solve time,
/// guesses and solutions, and the hardest few. A worker tallies its chunk, and the run merges
/// the chunks' tallies in input order, so that no thread does anything per record for the
/// stats.
#[derive(Debug, Clone)]
pub struct Tally {
    mode: Mode,
    counts: [u64; Verdict::ALL.len()],
    /// With `rate`: puzzles per level (in the order of [`Level::ALL`]).
    levels: [u64; Level::ALL.len()],
    /// Solve times of the puzzles answered.
    pub solve_nanos: Histogram,
    /// Their guesses.
    pub guesses: Histogram,
    /// Count mode: solutions per puzzle (below the limit).
    pub solutions: Histogram,
    /// Count mode: puzzles whose count stopped at the limit.
    pub at_limit: u64,
    hardest: Vec<Hard>,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally::new(Mode::Unique)
    }
}

impl Tally {
    /// Nothing counted yet, of a run in `mode`.
    pub(crate) fn new(mode: Mode) -> Tally {
        Tally {
            mode,
            counts: Default::default(),
            levels: Default::default(),
            solve_nanos: Histogram::default(),
            guesses: Histogram::default(),
            solutions: Histogram::default(),
            at_limit: 0,
            hardest: Vec::new(),
        }
    }

    /// Back to nothing counted, keeping the histograms' memory.
    pub(crate) fn clear(&mut self, mode: Mode) {
        self.mode = mode;
        self.counts = Default::default();
        self.levels = Default::default();
        for h in [
            &mut self.solve_nanos,
            &mut self.guesses,
            &mut self.solutions,
        ] {
            h.clear();
        }
        self.at_limit = 0;
        self.hardest.clear();
    }

    /// Counts one record of input `input` (its line numbered from the start of the input, or
    /// of whatever part of it the tally's lines count from).
    pub(crate) fn add(&mut self, input: usize, r: &RecordStat) {
        self.counts[r.verdict as usize] += 1;
        if let Some(level) = r.level {
            self.levels[level as usize] += 1;
        }
        let Some(nanos) = r.nanos else { return };
        self.solve_nanos.add(nanos);
        self.guesses.add(r.guesses);
        // A timeout's count is only what it found before the budget ran out: no count at all.
        let counted = !matches!(r.verdict, Verdict::Invalid | Verdict::Timeout);
        if matches!(self.mode, Mode::Count(_)) && counted {
            if r.capped {
                self.at_limit += 1;
            } else {
                self.solutions.add(r.count);
            }
        }
        let hard = Hard {
            input,
            line: r.line,
            guesses: r.guesses,
            nanos,
            verdict: r.verdict,
        };
        self.keep_if_hard(hard);
    }

    /// Adds the tally of the records that come next, whose lines in input `input` were
    /// numbered from `lines_before` lines later than this tally's.
    pub(crate) fn merge(&mut self, later: &Tally, lines_before: u64) {
        for (mine, theirs) in self.counts.iter_mut().zip(&later.counts) {
            *mine += theirs;
        }
        for (mine, theirs) in self.levels.iter_mut().zip(&later.levels) {
            *mine += theirs;
        }
        self.solve_nanos.merge(&later.solve_nanos);
        self.guesses.merge(&later.guesses);
        self.solutions.merge(&later.solutions);
        self.at_limit += later.at_limit;
        // In order, each after the equals already kept: as if added one by one. A record
        // that is not among its chunk's hardest has as many harder ones before it here.
        for hard in &later.hardest {
            let mut hard = hard.clone();
            hard.line += lines_before;
            self.keep_if_hard(hard);
        }
    }

    fn keep_if_hard(&mut self, hard: Hard) {
        if self.hardest.len() < HARDEST || hard.rank() > self.hardest[HARDEST - 1].rank() {
            let at = self.hardest.partition_point(|h| h.rank() >= hard.rank());
            self.hardest.insert(at, hard);
            self.hardest.truncate(HARDEST);
        }
    }

    /// Records, all verdicts.
    pub(crate) fn records(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// With `--shard`: which shard (K of N), and the bytes of each input it read.
#[derive(Debug, Clone)]
pub struct ShardRead {
    /// K, from 1.
    pub index: u64,
    /// N.
    pub count: u64,
    /// The bytes of each input this shard read, in input order.
    pub parts: Vec<Range<u64>>,
}

/// Everything the stats table and JSON report.
#[derive(Clone)]
pub struct Stats {
    /// The inputs' names, as messages give them.
    pub inputs: Vec<String>,
    /// The run's mode.
    pub mode: Mode,
    /// Solver threads.
    pub threads: usize,
    /// What the records written add up to.
    pub tally: Tally,
    /// The run's wall-clock time, from start to the last output written.
    pub wall: Duration,
    /// Input lines read, and those in no record, by reason: `lines` is the lines of every
    /// record plus `skipped.total()`.
    pub lines: u64,
    /// Lines in no record, by reason.
    pub skipped: Skipped,
    /// Messages for stderr that could not be written there.
    pub stderr_lost: u64,
    /// The answer key's reader closed stdout before the end (`| head`): the run stopped, and
    /// the stats count the records written before.
    pub stdout_closed: bool,
    /// CPU time by role.
    pub cpu: crate::report::cpu::Roles,
    /// With `--shard`: which, and the bytes of each input it read.
    pub shard: Option<ShardRead>,
    /// With `rate`: the tally's puzzles per level are reported.
    pub rated: bool,
    /// With `--dedupe`: records left out of the key, each the same puzzle as one before it
    /// (up to the moves that keep a Sudoku's logic). They are in no count above.
    pub duplicates: u64,
    /// With `--dedupe` or `--classes`: the classes met.
    pub classes: Option<u64>,
}

impl Stats {
    /// Nothing counted yet.
    pub(crate) fn new(inputs: Vec<String>, mode: Mode, threads: usize) -> Stats {
        Stats {
            inputs,
            mode,
            threads,
            tally: Tally::new(mode),
            wall: Duration::ZERO,
            lines: 0,
            skipped: Skipped::default(),
            stderr_lost: 0,
            stdout_closed: false,
            cpu: Default::default(),
            shard: None,
            rated: false,
            duplicates: 0,
            classes: None,
        }
    }

    /// Counts one record of input `input`.
    pub(crate) fn add(&mut self, input: usize, r: &RecordStat) {
        self.tally.add(input, r);
    }

    /// Records with verdict `v`.
    pub(crate) fn count(&self, v: Verdict) -> u64 {
        self.tally.counts[v as usize]
    }

    /// Records, all verdicts.
    pub(crate) fn records(&self) -> u64 {
        self.tally.counts.iter().sum()
    }

    /// Records that make the exit code 1.
    pub fn bad_records(&self) -> u64 {
        Verdict::ALL
            .iter()
            .filter(|v| v.is_bad())
            .map(|&v| self.count(v))
            .sum()
    }

    /// Puzzles (every record but the malformed ones, which are no puzzle) over wall time.
    pub(crate) fn puzzles_per_sec(&self) -> f64 {
        let puzzles = self.records() - self.count(Verdict::Malformed);
        puzzles as f64 / self.wall.as_secs_f64().max(1e-9)
    }

    /// The human table for stderr.
    pub fn table(&self) -> String {
        let mut t = String::new();
        let micros = |n: u64| n as f64 / 1000.0;
        let counts: Vec<String> = Verdict::ALL
            .iter()
            // `solved` always, but in a run that only put puzzles in canonical form.
            .filter(|&&v| {
                self.count(v) > 0 || (v == Verdict::Solved && self.count(Verdict::Canonical) == 0)
            })
            .map(|&v| format!("{} {}", v.as_str(), self.count(v)))
            .collect();
        let _ = writeln!(t, "records     {}  ({})", self.records(), counts.join(", "));
        if let Some(classes) = self.classes {
            let _ = writeln!(
                t,
                "classes     {classes}  ({} duplicates left out: the same puzzle as a record before, up to the moves that keep its logic)",
                self.duplicates
            );
        }
        if self.stdout_closed {
            let _ = writeln!(
                t,
                "stopped     stdout was closed by its reader: these are the records written before"
            );
        }
        if self.skipped.total() > 0 {
            let skipped: Vec<String> = Skip::ALL
                .iter()
                .filter(|&&s| self.skipped.get(s) > 0)
                .map(|&s| format!("{} {}", s.as_str(), self.skipped.get(s)))
                .collect();
            let _ = writeln!(
                t,
                "skipped     {} lines  ({})",
                self.skipped.total(),
                skipped.join(", ")
            );
        }
        if let Some(ShardRead {
            index,
            count,
            parts,
        }) = &self.shard
        {
            let bytes: Vec<String> = parts
                .iter()
                .zip(&self.inputs)
                .filter(|(part, _)| !part.is_empty())
                .map(|(part, name)| format!("{name} bytes {}-{}", part.start, part.end))
                .collect();
            let _ = writeln!(t, "shard       {index}/{count}  ({})", bytes.join(", "));
        }
        if self.rated {
            let levels = &self.tally.levels;
            let counts: Vec<String> = Level::ALL
                .iter()
                .map(|&l| format!("{} {}", l.name(), levels[l as usize]))
                .collect();
            let _ = writeln!(t, "levels      {}", counts.join(", "));
        }
        if let Mode::Count(limit) = self.mode {
            let mut counts: Vec<String> = self
                .tally
                .solutions
                .buckets()
                .map(|(low, high, n)| match low == high {
                    true => format!("{low}: {n}"),
                    false => format!("{low}-{high}: {n}"),
                })
                .collect();
            if self.tally.at_limit > 0 {
                counts.push(format!(">={limit}: {}", self.tally.at_limit));
            }
            let _ = writeln!(t, "solutions   {}", counts.join(", "));
        }
        let _ = writeln!(
            t,
            "wall        {:.3} s   {:.0} puzzles/s   mode {}   threads {}",
            self.wall.as_secs_f64(),
            self.puzzles_per_sec(),
            self.mode,
            self.threads
        );
        let cpu = &self.cpu;
        if cpu.total() > Duration::ZERO {
            let _ = writeln!(
                t,
                "cpu         reader {:.3} s   solvers {:.3} s   writer {:.3} s   rest {:.3} s   serial {:.0}%",
                cpu.reader.as_secs_f64(),
                cpu.solvers.as_secs_f64(),
                cpu.writer.as_secs_f64(),
                cpu.rest.as_secs_f64(),
                100.0 * cpu.serial_share()
            );
        }
        let h = &self.tally.solve_nanos;
        let _ = writeln!(
            t,
            "solve µs    mean {:.1}  p50 {:.1}  p90 {:.1}  p99 {:.1}  max {:.1}",
            h.mean() / 1000.0,
            micros(h.quantile(0.5)),
            micros(h.quantile(0.9)),
            micros(h.quantile(0.99)),
            micros(h.max())
        );
        let _ = writeln!(t, "guesses     {}", self.tally.guesses.summary());
        if !self.tally.hardest.is_empty() {
            let hard: Vec<String> = self
                .tally
                .hardest
                .iter()
                .map(|h| {
                    format!(
                        "{}:{} ({} guesses, {:.0} µs)",
                        self.inputs[h.input],
                        h.line,
                        h.guesses,
                        micros(h.nanos)
                    )
                })
                .collect();
            let _ = writeln!(t, "hardest     {}", hard.join(", "));
        }
        t
    }

    /// The JSON report (keys documented in docs/solve.md, "Stats").
    pub fn to_json(&self) -> serde_json::Value {
        let micros = |n: u64| n as f64 / 1000.0;
        let counts: serde_json::Map<String, serde_json::Value> = Verdict::ALL
            .iter()
            .map(|&v| (v.as_str().to_string(), json!(self.count(v))))
            .collect();
        let skipped: serde_json::Map<String, serde_json::Value> = Skip::ALL
            .iter()
            .map(|&s| (s.as_str().to_string(), json!(self.skipped.get(s))))
            .collect();
        let mut report = json!({
            "version": env!("CARGO_PKG_VERSION"),
            "inputs": self.inputs,
            "mode": self.mode.to_string(),
            "threads": self.threads,
            "engine": crate::engine_build(),
            "records": self.records(),
            "counts": counts,
            "lines": self.lines,
            "skipped": skipped,
            "wall_seconds": self.wall.as_secs_f64(),
            "puzzles_per_second": self.puzzles_per_sec(),
            "cpu_seconds": {
                "reader": self.cpu.reader.as_secs_f64(),
                "solvers": self.cpu.solvers.as_secs_f64(),
                "writer": self.cpu.writer.as_secs_f64(),
                "rest": self.cpu.rest.as_secs_f64(),
            },
            "serial_share": self.cpu.serial_share(),
            "solve_micros": Distribution::of(&self.tally.solve_nanos).scaled(0.001).to_json(),
            "guesses": Distribution::of(&self.tally.guesses).to_json(),
            "hardest_records": self.tally.hardest.iter().map(|h| json!({
                "input": self.inputs[h.input],
                "line": h.line,
                "guesses": h.guesses,
                "micros": micros(h.nanos),
                "status": h.verdict.as_str(),
            })).collect::<Vec<_>>(),
            "stderr_lost": self.stderr_lost,
            "complete": !self.stdout_closed,
        });
        if let Some(shard) = &self.shard {
            report["shard"] = json!({
                "index": shard.index,
                "count": shard.count,
                "parts": shard.parts.iter().zip(&self.inputs).map(|(part, name)| json!({
                    "input": name, "start": part.start, "end": part.end,
                })).collect::<Vec<_>>(),
            });
        }
        if let Some(classes) = self.classes {
            report["classes"] = json!(classes);
            report["duplicates"] = json!(self.duplicates);
        }
        if self.rated {
            let levels = &self.tally.levels;
            let counts: serde_json::Map<String, serde_json::Value> = Level::ALL
                .iter()
                .map(|&l| (l.name().to_string(), json!(levels[l as usize])))
                .collect();
            report["levels"] = counts.into();
        }
        if let Mode::Count(limit) = self.mode {
            let mut solutions = Distribution::with_buckets(&self.tally.solutions).to_json();
            solutions["limit"] = json!(limit);
            solutions["at_limit"] = json!(self.tally.at_limit);
            report["solutions"] = solutions;
        }
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record of `verdict` that the engine saw, with a count of `count`.
    fn record(line: u64, verdict: Verdict, count: u64) -> RecordStat {
        RecordStat {
            line,
            verdict,
            nanos: Some(1000),
            guesses: 0,
            count,
            capped: false,
            level: None,
        }
    }

    #[test]
    fn count_mode_counts_solutions_of_valid_puzzles_only() {
        let mut s = Stats::new(vec!["f".into()], Mode::Count(1000), 1);
        s.add(0, &record(1, Verdict::Solved, 1));
        s.add(0, &record(2, Verdict::Multiple, 4));
        s.add(0, &record(3, Verdict::Invalid, 0));
        assert_eq!(s.tally.solutions.count(), 2);
        assert_eq!(s.tally.solutions.max(), 4);
        assert!(
            s.table().contains("solutions   1: 1, 4: 1\n"),
            "{}",
            s.table()
        );
        // Buckets past 8 span several counts; counts stopped at the limit come last.
        s.add(0, &record(4, Verdict::Multiple, 100));
        let capped = RecordStat {
            capped: true,
            ..record(5, Verdict::Multiple, 1000)
        };
        s.add(0, &capped);
        assert!(
            s.table()
                .contains("solutions   1: 1, 4: 1, 96-103: 1, >=1000: 1\n"),
            "{}",
            s.table()
        );
        // Other modes keep no count.
        let mut unique = Stats::new(vec!["f".into()], Mode::Unique, 1);
        unique.add(0, &record(1, Verdict::Solved, 1));
        assert_eq!(unique.tally.solutions.count(), 0);
    }

    #[test]
    fn the_table_names_the_statuses_and_skips_that_occurred() {
        let mut s = Stats::new(vec!["f".into()], Mode::Unique, 1);
        s.add(0, &record(1, Verdict::Invalid, 0));
        let table = s.table();
        // `solved` always shows; other statuses only when they occur; no skip line for none.
        assert!(
            table.starts_with("records     1  (solved 0, invalid 1)\n"),
            "{table}"
        );
        assert!(!table.contains("skipped"), "{table}");
        s.add(0, &record(2, Verdict::Solved, 1));
        s.add(0, &record(3, Verdict::Solved, 1));
        s.skipped.add(Skip::Blank, 3);
        s.skipped.add(Skip::Header, 1);
        let table = s.table();
        assert!(
            table.starts_with("records     3  (solved 2, invalid 1)\n"),
            "{table}"
        );
        assert!(
            table.contains("\nskipped     4 lines  (blank 3, header 1)\n"),
            "{table}"
        );
    }

    #[test]
    fn a_shard_names_the_bytes_it_read_of_each_input() {
        let mut s = Stats::new(vec!["a".into(), "b".into()], Mode::Unique, 1);
        s.shard = Some(ShardRead {
            index: 2,
            count: 3,
            parts: vec![100..250, 0..0],
        });
        assert!(
            s.table().contains("\nshard       2/3  (a bytes 100-250)\n"),
            "{}",
            s.table()
        );
        s.shard = Some(ShardRead {
            index: 3,
            count: 3,
            parts: vec![250..300, 0..80],
        });
        let table = s.table();
        assert!(
            table.contains("(a bytes 250-300, b bytes 0-80)\n"),
            "{table}"
        );
    }

    #[test]
    fn the_rate_is_puzzles_over_wall_time() {
        let mut s = Stats::new(vec!["f".into()], Mode::Unique, 1);
        for line in 1..=10 {
            s.add(0, &record(line, Verdict::Solved, 1));
        }
        // Not puzzles: not counted.
        for line in 11..=15 {
            s.add(0, &record(line, Verdict::Malformed, 0));
        }
        s.wall = Duration::from_millis(2500);
        assert_eq!(s.puzzles_per_sec(), 4.0);
        assert!(
            s.table().contains("wall        2.500 s   4 puzzles/s"),
            "{}",
            s.table()
        );
        assert_eq!(s.to_json()["puzzles_per_second"], 4.0);
    }

    #[test]
    fn keeps_the_five_hardest_by_guesses_then_time() {
        let mut s = Stats::new(vec!["f".into()], Mode::Unique, 1);
        // (line, guesses, nanos): line 8 is slow but easy (a preempted puzzle).
        for (line, guesses, nanos) in [
            (1, 0, 50),
            (2, 3, 10),
            (3, 0, 90),
            (4, 7, 70),
            (5, 3, 20),
            (6, 0, 80),
            (7, 1, 60),
            (8, 0, 9_000_000_000),
        ] {
            let r = RecordStat {
                line,
                verdict: Verdict::Solved,
                nanos: Some(nanos),
                guesses,
                count: 1,
                capped: false,
                level: None,
            };
            s.add(0, &r);
        }
        let lines: Vec<u64> = s.tally.hardest.iter().map(|x| x.line).collect();
        assert_eq!(lines, [4, 5, 2, 7, 8]);
        assert_eq!(s.records(), 8);
        assert!(
            s.table()
                .contains("hardest     f:4 (7 guesses, 0 µs), f:5 (3 guesses")
        );
    }

    /// Tallies of consecutive chunks, merged in order with their lines rebased, are the tally
    /// of the records added one by one: counts, levels, every histogram, and the hardest with
    /// their ties in input order.
    #[test]
    fn merged_chunk_tallies_equal_the_records_added_one_by_one() {
        let mut seed = 7u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for round in 0..50 {
            let mode = if round % 2 == 0 {
                Mode::Count(10)
            } else {
                Mode::Unique
            };
            let records: Vec<RecordStat> = (1..=200)
                .map(|line| RecordStat {
                    line,
                    verdict: Verdict::ALL[next(Verdict::ALL.len() as u64) as usize],
                    nanos: (next(5) > 0).then(|| 1000 * next(4)),
                    guesses: next(3),
                    count: next(12),
                    capped: next(4) == 0,
                    level: (next(2) == 0)
                        .then(|| Level::ALL[next(Level::ALL.len() as u64) as usize]),
                })
                .collect();
            let mut whole = Tally::new(mode);
            for r in &records {
                whole.add(0, r);
            }
            let mut merged = Tally::new(mode);
            let mut chunk = Tally::new(mode);
            let mut start = 0;
            while start < records.len() {
                let end = (start + 1 + next(40) as usize).min(records.len());
                chunk.clear(mode);
                for r in &records[start..end] {
                    // Lines counted from the chunk's first, as a worker that read a range does.
                    let relative = RecordStat {
                        line: r.line - start as u64,
                        ..*r
                    };
                    chunk.add(0, &relative);
                }
                merged.merge(&chunk, start as u64);
                start = end;
            }
            assert_eq!(format!("{merged:?}"), format!("{whole:?}"), "round {round}");
        }
    }
}
