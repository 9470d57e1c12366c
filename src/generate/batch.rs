//! The `generate` command: puzzles made in parallel on the ordered path (see
//! [`crate::run::ordered`]) and written in index order, each from its own seed, so the output
//! depends on the seed and the options alone, never on the number of threads.

use super::{Generated, Options, Rng, Unreached, generate};
use crate::logic::{Level, Score};
use crate::report::distribution::{Distribution, Histogram};
use crate::run::sink::Outputs;
use crate::run::target::Target;
use anyhow::bail;
use serde_json::json;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// How the puzzles are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One puzzle per line, 81 cells, `.` for a blank.
    Lines,
    /// `puzzle,solution,clues,guesses` (then `level,hardest,score` when rated): input for
    /// `solve --verify`.
    Csv,
}

/// A generate run, fully decided.
#[derive(Debug, Clone)]
pub struct Config {
    /// How many puzzles.
    pub count: u64,
    /// `None`: a seed is drawn, and said in the stats.
    pub seed: Option<u64>,
    /// What each puzzle must be.
    pub options: Options,
    /// Where the puzzles go.
    pub output: Target,
    /// Lines, or CSV with solutions.
    pub format: Format,
    /// Threads; 0 for one per core.
    pub threads: usize,
    /// Where the stats go as JSON.
    pub stats: Option<Target>,
    /// Show a progress bar on stderr.
    pub progress: bool,
}

/// Puzzles per piece of work: a few milliseconds' worth.
const PIECE: u64 = 8;

/// A token of the ordered path: a range of puzzles, and what came of them.
#[derive(Default)]
struct Piece {
    first: u64,
    count: u64,
    out: Vec<u8>,
    made: Vec<Generated>,
    /// The puzzle whose target was not reached, if one was not.
    failed: Option<(u64, Unreached)>,
}

/// Generates the puzzles and writes them; the stats, or the first error.
pub fn run(config: &Config) -> anyhow::Result<Stats> {
    let start = Instant::now();
    let seed = config.seed.unwrap_or_else(fresh_seed);
    let extras: Vec<&Target> = config.stats.iter().collect();
    let mut targets = vec![("the puzzles", &config.output)];
    targets.extend(config.stats.iter().map(|t| ("--stats", t)));
    crate::run::target::check(&targets, &[])?;
    let mut outputs = Outputs::create(&config.output, false, &extras)?;
    if config.format == Format::Csv {
        let rating = if config.options.rates() {
            ",level,hardest,score"
        } else {
            ""
        };
        outputs
            .key
            .write(format!("puzzle,solution,clues,guesses{rating}\n").as_bytes())?;
    }
    let pool = crate::run::pipeline::solver_pool(config.threads)?;
    let mut stats = Stats::new(seed, pool.current_num_threads(), config.options.clone());
    let progress = crate::run::progress::bar(config.progress, Some(config.count));
    let mut window = crate::run::progress::Window::default();
    let mut next = 0;
    let (options, format) = (config.options.clone(), config.format);
    let (generated, _) = crate::run::ordered::run(
        &pool,
        4 * pool.current_num_threads() + 2,
        |piece: &mut Piece| {
            piece.first = next;
            piece.count = PIECE.min(config.count - next);
            next += piece.count;
            Ok(piece.count > 0)
        },
        move |piece: &mut Piece| make(piece, seed, &options, format),
        |piece: &mut Piece| {
            if let Some((index, unreached)) = piece.failed.take() {
                bail!(
                    "puzzle {}: {unreached}: widen the target, or allow more tries with --attempts",
                    index + 1
                );
            }
            outputs.key.write(&piece.out)?;
            piece.made.iter().for_each(|g| stats.add(g));
            if !progress.is_hidden() {
                window.note(Instant::now(), stats.puzzles, stats.puzzles);
                progress.set_position(stats.puzzles);
                progress.set_message(window.message(Some(config.count)));
            }
            Ok(())
        },
    );
    progress.finish_and_clear();
    generated?;
    stats.wall = start.elapsed();
    let mut contents = Vec::new();
    if config.stats.is_some() {
        let json = serde_json::to_string_pretty(&stats.to_json())? + "\n";
        contents.push(json.into_bytes());
    }
    outputs.finish(contents)?;
    Ok(stats)
}

/// Makes a piece's puzzles, each from the seed of its index.
fn make(piece: &mut Piece, seed: u64, options: &Options, format: Format) {
    piece.out.clear();
    piece.made.clear();
    for index in piece.first..piece.first + piece.count {
        match generate(options, Rng::for_item(seed, index).next_u64()) {
            Ok(g) => {
                write(&mut piece.out, &g, format);
                piece.made.push(g);
            }
            Err(unreached) => {
                piece.failed = Some((index, unreached));
                return;
            }
        }
    }
}

fn write(out: &mut Vec<u8>, g: &Generated, format: Format) {
    out.extend_from_slice(&g.puzzle.to_line(b'.'));
    if format == Format::Csv {
        out.push(b',');
        out.extend_from_slice(&g.solution.to_line(b'0'));
        let _ = write!(Fmt(out), ",{},{}", g.clues, g.guesses);
        if let Some(r) = g.rating {
            let hardest = r.hardest.map_or("", |t| t.key_name());
            let _ = write!(Fmt(out), ",{},{hardest},", r.level().name());
            if r.finished() {
                let _ = write!(Fmt(out), "{}", Score(r.score()));
            }
        }
    }
    out.push(b'\n');
}

/// `write!` into a byte buffer.
struct Fmt<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Fmt<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// A seed for a run given none: from the operating system's randomness (through the hasher
/// std seeds with it) and the clock.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

/// What a generate run reports.
#[derive(Clone)]
pub struct Stats {
    /// The run's seed, given or drawn: the same seed and options give the same puzzles.
    pub seed: u64,
    /// Threads.
    pub threads: usize,
    /// What each puzzle had to be.
    pub options: Options,
    /// Puzzles made.
    pub puzzles: u64,
    /// The run's wall-clock time.
    pub wall: Duration,
    /// Puzzles by clue count.
    pub clues: [u64; 82],
    /// Their guesses in `unique` mode.
    pub guesses: Histogram,
    /// Tries per puzzle.
    pub attempts: Histogram,
    /// Rated puzzles by level (in the order of [`Level::ALL`]).
    pub levels: [u64; Level::ALL.len()],
}

impl Stats {
    fn new(seed: u64, threads: usize, options: Options) -> Stats {
        Stats {
            seed,
            threads,
            options,
            puzzles: 0,
            wall: Duration::ZERO,
            clues: [0; 82],
            guesses: Histogram::default(),
            attempts: Histogram::default(),
            levels: Default::default(),
        }
    }

    fn add(&mut self, g: &Generated) {
        self.puzzles += 1;
        self.clues[g.clues] += 1;
        self.guesses.add(g.guesses);
        self.attempts.add(g.attempts);
        if let Some(r) = g.rating {
            self.levels[r.level() as usize] += 1;
        }
    }

    /// Each level and its puzzles, when the puzzles were rated.
    fn level_counts(&self) -> Option<impl Iterator<Item = (&'static str, u64)> + '_> {
        self.options.rates().then(|| {
            Level::ALL
                .iter()
                .map(|&l| (l.name(), self.levels[l as usize]))
        })
    }

    /// Puzzles over wall time.
    pub(crate) fn puzzles_per_sec(&self) -> f64 {
        self.puzzles as f64 / self.wall.as_secs_f64().max(1e-9)
    }

    /// Clue counts that occur, with their puzzles.
    fn clue_counts(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.clues
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(c, &n)| (c, n))
    }

    fn clue_mean(&self) -> f64 {
        let sum: u64 = self.clue_counts().map(|(c, n)| c as u64 * n).sum();
        sum as f64 / self.puzzles.max(1) as f64
    }

    /// The human table for stderr.
    pub fn table(&self) -> String {
        let mut t = String::new();
        let _ = writeln!(
            t,
            "puzzles     {}  (seed {}: the same --seed and options give the same puzzles)",
            self.puzzles, self.seed
        );
        let _ = writeln!(
            t,
            "wall        {:.3} s   {:.0} puzzles/s   threads {}",
            self.wall.as_secs_f64(),
            self.puzzles_per_sec(),
            self.threads
        );
        let histogram: Vec<String> = self
            .clue_counts()
            .map(|(c, n)| format!("{c}: {n}"))
            .collect();
        let _ = writeln!(
            t,
            "clues       mean {:.2}  ({})",
            self.clue_mean(),
            histogram.join(", ")
        );
        let _ = writeln!(t, "guesses     {}", self.guesses.summary());
        let _ = writeln!(
            t,
            "attempts    mean {:.2}  max {}",
            self.attempts.mean(),
            self.attempts.max()
        );
        if let Some(levels) = self.level_counts() {
            let levels: Vec<String> = levels.map(|(l, n)| format!("{l} {n}")).collect();
            let _ = writeln!(t, "levels      {}", levels.join(", "));
        }
        t
    }

    /// The JSON report.
    pub(crate) fn to_json(&self) -> serde_json::Value {
        let mut report = json!({
            "version": env!("CARGO_PKG_VERSION"),
            "seed": self.seed,
            "options": {
                "clues": self.options.clues.to_string(),
                "guesses": self.options.guesses.to_string(),
                "symmetry": format!("{:?}", self.options.symmetry).to_lowercase(),
                "minimal": self.options.minimal,
            },
            "threads": self.threads,
            "puzzles": self.puzzles,
            "wall_seconds": self.wall.as_secs_f64(),
            "puzzles_per_second": self.puzzles_per_sec(),
            "clues": Distribution::of_counts(self.clue_counts().map(|(c, n)| (c as u64, n))).to_json(),
            "guesses": Distribution::with_buckets(&self.guesses).to_json(),
            "attempts": Distribution::of(&self.attempts).to_json(),
        });
        if let Some(levels) = self.level_counts() {
            let levels: serde_json::Map<String, serde_json::Value> =
                levels.map(|(l, n)| (l.to_string(), json!(n))).collect();
            report["options"]["level"] = json!(self.options.level.map(Level::name));
            let rating = self.options.rating;
            report["options"]["rating"] = match rating == super::Target::ANY {
                true => serde_json::Value::Null,
                false => {
                    json!({"min": rating.min as f64 / 10.0, "max": (rating.max != u64::MAX).then(|| rating.max as f64 / 10.0)})
                }
            };
            report["levels"] = levels.into();
        }
        report
    }
}
