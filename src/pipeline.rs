//! The batch runner: read → frame → solve on a rayon pool → reorder → write, all overlapping.
//!
//! The reader (the calling thread) frames chunks and hands each to the pool as its own task, so
//! a slow puzzle holds up only its chunk while other workers go on with later ones. A writer
//! thread puts answered chunks back in input order. Memory stays flat: a chunk is read only
//! when one of a fixed number of tokens is free, and the writer returns a token for each chunk
//! it writes. A token carries that chunk's buffers, which the next chunk reuses.

use crate::answer::{Answered, Job, answer_chunk};
use crate::input::{Chunk, Format, Framer, GridStyle, InputPath, Layout};
use crate::output::{OutputFormat, csv_header};
use crate::sink::Sink;
use crate::solver::Mode;
use crate::stats::Stats;
use anyhow::{Context, bail};
use indicatif::ProgressBar;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;
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
    /// Sync the output file to disk before renaming it into place.
    pub sync: bool,
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
    let mut sink = Sink::open(config.output.as_deref(), config.sync)?;
    let first = &jobs[0];
    if first.output == OutputFormat::Csv {
        sink.write(&csv_header(&echo_columns(&first.layout), config.timing))?;
    }
    let total = config
        .inputs
        .iter()
        .map(InputPath::size)
        .sum::<Option<u64>>();
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
            .send(Buffers::default())
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
        let read = read_all(&mut inputs, &jobs, &pool, token_rx, done_tx);
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

/// A token to read one more chunk: the buffers of a chunk already written, to reuse.
#[derive(Default)]
struct Buffers {
    chunk: Chunk,
    answered: Answered,
}

/// A chunk, answered, with its buffers to pass back.
struct Done {
    seq: u64,
    buffers: Buffers,
}

/// Frames every input in turn and spawns a solve task per chunk, waiting for a free token
/// before each. Stops early, without error, when the writer has stopped.
fn read_all(
    inputs: &mut [(Framer, Layout)],
    jobs: &[Arc<Job>],
    pool: &rayon::ThreadPool,
    tokens: Receiver<Buffers>,
    done: std::sync::mpsc::Sender<Done>,
) -> anyhow::Result<()> {
    let (mut seq, mut index) = (0u64, 0u64);
    let workers = pool.current_num_threads() as u64;
    // A token taken but not used, at the end of an input: it goes to the next one.
    let mut unused = None;
    for (i, (framer, layout)) in inputs.iter_mut().enumerate() {
        let (mut growing, mut records) = (16, 0);
        loop {
            let Some(Buffers {
                mut chunk,
                answered,
            }) = unused.take().or_else(|| tokens.recv().ok())
            else {
                return Ok(());
            };
            let size = chunk_size(growing, framer, records, workers);
            growing = (growing * 2).min(1024);
            let more = framer
                .refill(&mut chunk, layout, i, size)
                .with_context(|| format!("cannot read {}", framer.name()))?;
            if !more {
                unused = Some(Buffers { chunk, answered });
                break;
            }
            chunk.first_index = index;
            index += chunk.records.len() as u64;
            records += chunk.records.len() as u64;
            let (job, done, seq_now) = (jobs[i].clone(), done.clone(), seq);
            pool.spawn(move || {
                let answered = answer_chunk(&chunk, &job, answered);
                let buffers = Buffers { chunk, answered };
                let _ = done.send(Done {
                    seq: seq_now,
                    buffers,
                });
            });
            seq += 1;
        }
    }
    Ok(())
}

/// How many records the next chunk of an input asks for, `records` of it framed so far.
/// Chunks are the unit of parallel work. They start at 16 records (`growing`), so that every
/// worker starts early, and double up to 1024, where the cost per chunk is negligible. When
/// the input's size is known they also stay under a quarter of each worker's share of what is
/// left, so that the workers finish together: a short file of hard puzzles spreads across all
/// of them, and no worker idles at the end while another solves a last long chunk.
fn chunk_size(growing: u64, framer: &Framer, records: u64, workers: u64) -> usize {
    let (read, left) = framer.progress();
    let per_record = read.checked_div(records).unwrap_or(82);
    let fair = left.map_or(u64::MAX, |left| left / per_record.max(1) / (4 * workers));
    growing.min(fair).max(16) as usize
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
    /// Writes answered chunks in sequence order, returning each one's buffers as a token.
    fn write_in_order(
        &mut self,
        done: Receiver<Done>,
        tokens: SyncSender<Buffers>,
    ) -> anyhow::Result<()> {
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for Done { seq, buffers } in done {
            pending.insert(seq, buffers);
            while let Some(buffers) = pending.remove(&next) {
                self.write(&buffers.answered)?;
                next += 1;
                let _ = tokens.send(buffers);
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
