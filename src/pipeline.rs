//! The batch runner: read → frame → solve on a rayon pool → reorder → write, all overlapping.
//!
//! The reader (the calling thread) frames chunks and hands each to the pool as its own task, so
//! a slow puzzle holds up only its chunk while other workers go on with later ones. A writer
//! thread puts answered chunks back in input order. Memory stays flat: a chunk is read only
//! when one of a fixed number of tokens is free, and the writer returns a token for each chunk
//! it writes.

use crate::answer::{Answered, Job, answer_chunk};
use crate::input::{Format, Framer, GridStyle, InputPath, Layout};
use crate::output::{OutputFormat, csv_header};
use crate::solver::Mode;
use crate::stats::Stats;
use anyhow::{Context, bail};
use indicatif::ProgressBar;
use std::collections::BTreeMap;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};
use std::time::Instant;

/// A solve run, fully decided.
#[derive(Debug, Clone)]
pub struct Config {
    /// Read in order, as one batch.
    pub inputs: Vec<InputPath>,
    /// `None`: stdout.
    pub output: Option<PathBuf>,
    /// `None`: detect each input's format from its first line.
    pub format: Option<Format>,
    /// The CSV puzzle column's name.
    pub column: Option<String>,
    /// `None`: CSV for CSV input or an output file named `*.csv`, grid for grid input, lines
    /// otherwise.
    pub output_format: Option<Format>,
    pub mode: Mode,
    /// Solver threads; 0 for one per core.
    pub threads: usize,
    /// Guesses after which a puzzle gets status `timeout`.
    pub max_guesses: u64,
    /// Compare answers with the input's solution column.
    pub verify: bool,
    /// Add `guesses` and `micros` columns to CSV output.
    pub timing: bool,
    pub progress: bool,
}

/// Runs the batch. Returns the stats, or the first I/O or usage error.
pub fn run(config: &Config) -> anyhow::Result<Stats> {
    let consumed = Arc::new(AtomicU64::new(0));
    let mut inputs = Vec::new();
    for input in &config.inputs {
        let column = config.column.as_deref();
        inputs.push(crate::input::open(
            input,
            config.format,
            column,
            consumed.clone(),
        )?);
    }
    let jobs = plan_jobs(config, &inputs)?;
    let mut sink = Sink::open(config.output.as_deref())?;
    let first = &jobs[0];
    if first.output == OutputFormat::Csv {
        sink.write(&csv_header(&echo_columns(&first.layout), config.timing))?;
    }
    let sizes: Vec<Option<u64>> = config.inputs.iter().map(InputPath::size).collect();
    let total = sizes.iter().copied().sum::<Option<u64>>();
    let progress = crate::progress::bar(config.progress, total);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()?;
    let names = config.inputs.iter().map(InputPath::display_name).collect();
    let mut stats = Stats::new(names, config.mode.to_string(), pool.current_num_threads());

    let start = Instant::now();
    let in_flight = 8 * pool.current_num_threads() + 2;
    let (token_tx, token_rx) = sync_channel(in_flight);
    for _ in 0..in_flight {
        token_tx
            .send(())
            .expect("the channel has room for every token");
    }
    let (done_tx, done_rx) = channel();
    let (read, written) = std::thread::scope(|s| {
        let writer = std::thread::Builder::new()
            .name("writer".into())
            .spawn_scoped(s, || {
                let mut out = Writer {
                    sink: &mut sink,
                    stats: &mut stats,
                    progress: &progress,
                    consumed: &consumed,
                    start,
                };
                out.write_in_order(done_rx, token_tx)
            });
        let writer = writer.expect("a thread can be started");
        let read = read_all(&mut inputs, &sizes, &jobs, &pool, token_rx, done_tx);
        (
            read,
            writer.join().expect("the writer thread does not panic"),
        )
    });
    progress.finish_and_clear();
    written?;
    read?;
    sink.finish()?;
    stats.wall = start.elapsed();
    Ok(stats)
}

/// Decides each input's job, and checks that the inputs fit together.
fn plan_jobs(config: &Config, inputs: &[(Framer, Layout)]) -> anyhow::Result<Vec<Arc<Job>>> {
    let first = &inputs.first().context("no input")?.1;
    let csv_file = config
        .output
        .as_ref()
        .is_some_and(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv")));
    let requested = config.output_format.or(csv_file.then_some(Format::Csv));
    let output = match (requested, first) {
        (Some(Format::Csv), _) | (None, Layout::Csv(_)) => OutputFormat::Csv,
        (Some(Format::Lines), _) | (None, Layout::Lines) => OutputFormat::Lines,
        (_, Layout::Grid(style)) => OutputFormat::Grid(*style),
        (Some(Format::Grid), _) => OutputFormat::Grid(GridStyle::Compact),
    };
    let columns = echo_columns(first);
    let mut jobs = Vec::new();
    for (framer, layout) in inputs {
        let name = framer.name().to_string();
        if output == OutputFormat::Csv && echo_columns(layout) != columns {
            bail!(
                "{name}: its columns ({}) differ from the first input's ({}); one CSV answer key needs one layout",
                echo_columns(layout).join(","),
                columns.join(",")
            );
        }
        if config.verify && !matches!(layout, Layout::Csv(c) if c.solution.is_some()) {
            bail!("{name}: --verify needs a CSV input with a `solution` or `solutions` column");
        }
        jobs.push(Arc::new(Job {
            layout: layout.clone(),
            name,
            mode: config.mode,
            max_guesses: config.max_guesses,
            output,
            width: columns.len(),
            verify: config.verify,
            timing: config.timing,
        }));
    }
    Ok(jobs)
}

/// The input columns a CSV answer key repeats: the CSV header, or `puzzle`.
fn echo_columns(layout: &Layout) -> Vec<String> {
    match layout {
        Layout::Csv(csv) => csv.columns.clone(),
        _ => vec!["puzzle".to_string()],
    }
}

/// Frames every input in turn and spawns a solve task per chunk, waiting for a free token
/// before each. Stops early, without error, when the writer has stopped.
fn read_all(
    inputs: &mut [(Framer, Layout)],
    sizes: &[Option<u64>],
    jobs: &[Arc<Job>],
    pool: &rayon::ThreadPool,
    tokens: Receiver<()>,
    done: std::sync::mpsc::Sender<(u64, Answered)>,
) -> anyhow::Result<()> {
    let (mut seq, mut index) = (0u64, 0u64);
    let workers = pool.current_num_threads() as u64;
    for (i, (framer, layout)) in inputs.iter_mut().enumerate() {
        // Chunks are the unit of parallel work. They start small, so that every worker starts
        // early, and double up to 1024 records (the per-chunk cost is then negligible), or
        // less when the input's size says it holds fewer than 8 such chunks per worker (at 82
        // bytes a record): then a short file of hard puzzles still spreads evenly.
        let most = sizes[i].map_or(1024, |bytes| (bytes / 82 / (8 * workers)).clamp(16, 1024));
        let mut growing = 16u64;
        loop {
            let size = growing.min(most) as usize;
            growing = (growing * 2).min(1024);
            let chunk = framer
                .next_chunk(layout, i, size)
                .with_context(|| format!("cannot read {}", framer.name()))?;
            let Some(mut chunk) = chunk else { break };
            if tokens.recv().is_err() {
                return Ok(());
            }
            chunk.first_index = index;
            index += chunk.records.len() as u64;
            let (job, done, this) = (jobs[i].clone(), done.clone(), seq);
            pool.spawn(move || {
                let _ = done.send((this, answer_chunk(&chunk, &job)));
            });
            seq += 1;
        }
    }
    Ok(())
}

/// The writer thread's state.
struct Writer<'a> {
    sink: &'a mut Sink,
    stats: &'a mut Stats,
    progress: &'a ProgressBar,
    consumed: &'a AtomicU64,
    start: Instant,
}

impl Writer<'_> {
    /// Writes answered chunks in sequence order, returning a token for each.
    fn write_in_order(
        &mut self,
        done: Receiver<(u64, Answered)>,
        tokens: SyncSender<()>,
    ) -> anyhow::Result<()> {
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (seq, answered) in done {
            pending.insert(seq, answered);
            while let Some(a) = pending.remove(&next) {
                self.write(&a)?;
                next += 1;
                let _ = tokens.send(());
            }
        }
        Ok(())
    }

    fn write(&mut self, a: &Answered) -> anyhow::Result<()> {
        if !a.messages.is_empty() {
            self.progress
                .suspend(|| io::stderr().write_all(&a.messages))
                .context("cannot write to stderr")?;
        }
        self.sink.write(&a.out)?;
        for r in &a.records {
            self.stats.add(a.input, r);
        }
        if !self.progress.is_hidden() {
            let done = self.stats.records();
            let rate = done as f64 / self.start.elapsed().as_secs_f64().max(1e-9);
            self.progress
                .set_position(self.consumed.load(Ordering::Relaxed));
            self.progress
                .set_message(format!("{done} puzzles, {rate:.0}/s"));
        }
        Ok(())
    }
}

/// Where the answer key goes. A regular output file is written under a temporary name beside
/// it and renamed at the end, so a failed run never leaves half an answer key.
struct Sink {
    out: BufWriter<Box<dyn Write + Send>>,
    /// For messages: the output path, or `stdout`.
    name: String,
    /// Flush after every chunk (stdout on a terminal).
    flush_each: bool,
    /// The temporary file to rename onto the output path at the end.
    temp: Option<(tempfile::NamedTempFile, PathBuf)>,
}

impl Sink {
    fn open(path: Option<&Path>) -> anyhow::Result<Sink> {
        let Some(path) = path else {
            let stdout = io::stdout();
            return Ok(Sink {
                flush_each: stdout.is_terminal(),
                out: BufWriter::with_capacity(1 << 20, Box::new(stdout)),
                name: "stdout".into(),
                temp: None,
            });
        };
        let name = path.display().to_string();
        let cannot = || format!("cannot write {name}");
        // A device or pipe (say /dev/null) is written in place: it cannot be renamed onto.
        let (file, temp) = if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .with_context(cannot)?;
            (file, None)
        } else {
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            if !dir.is_dir() {
                bail!("cannot write {name}: {} is not a directory", dir.display());
            }
            let temp = tempfile::Builder::new()
                .prefix(".sudoku-batch-")
                .tempfile_in(dir)
                .with_context(cannot)?;
            crate::cleanup::register(temp.path());
            (
                temp.reopen().with_context(cannot)?,
                Some((temp, path.to_path_buf())),
            )
        };
        Ok(Sink {
            out: BufWriter::with_capacity(1 << 20, Box::new(file)),
            name,
            flush_each: false,
            temp,
        })
    }

    fn write(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        self.out
            .write_all(bytes)
            .with_context(|| format!("cannot write {}", self.name))?;
        if self.flush_each {
            self.out
                .flush()
                .with_context(|| format!("cannot write {}", self.name))?;
        }
        Ok(())
    }

    /// Flushes, and puts a temporary file in place.
    fn finish(mut self) -> anyhow::Result<()> {
        let cannot = || format!("cannot write {}", self.name);
        self.out.flush().with_context(cannot)?;
        let Some((temp, path)) = self.temp.take() else {
            return Ok(());
        };
        crate::cleanup::settle(|| {
            temp.as_file().sync_all().with_context(cannot)?;
            temp.persist(&path)
                .map_err(|e| e.error)
                .with_context(cannot)?;
            Ok(())
        })
    }
}
