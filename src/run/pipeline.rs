//! The batch runner: read → frame → solve on a rayon pool → reorder → write, all overlapping.
//!
//! The reader (the calling thread) opens the inputs one at a time, frames chunks and hands each
//! to the pool as its own task, so a slow puzzle holds up only its chunk while other workers go
//! on with later ones. The worker that finishes the next chunk in input order takes it (the
//! writer's role: messages, stats, the key's order) and any after it already done; a file key
//! is then written by the workers, each chunk at its offset. Memory stays flat: a chunk is read
//! only when one of a fixed number of tokens is free, and each chunk written frees its token. A
//! token carries that chunk's buffers, which the next chunk reuses.

use crate::canon::{Classes, Dedupe, Forms};
use crate::input::{
    Chunk, Framer, InputPath, Layout, LineEnds, Options, Recycled, Skip, Skipped, Source,
};
use crate::output::{Column, KeyFormat, OutputFormat};
use crate::report::stats::{RecordStat, ShardRead, Stats};
use crate::run::answer::{Answered, Complaint, Job, answer_chunk};
use crate::run::complaints::{Complaints, Stderr};
use crate::run::files::path_error;
use crate::run::ordered::After;
use crate::run::shard::Shard;
use crate::run::sink::Outputs;
use crate::run::sink::Sink;
use crate::run::target::Target;
use crate::solver::Mode;
use anyhow::{Context, bail};
use indicatif::ProgressBar;
use std::io::ErrorKind;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A solve run, fully decided.
#[derive(Debug, Clone)]
pub struct Config {
    /// Read in order, as one batch.
    pub inputs: Vec<InputPath>,
    /// The answer key.
    pub output: Target,
    /// Sync the output file to disk before renaming it into place.
    pub sync: bool,
    /// Where the stats go as JSON, and the solve-time chart as SVG.
    pub stats: Option<Target>,
    /// Where the solve-time chart goes, as SVG.
    pub plot: Option<Target>,
    /// What the user said about the inputs' layout.
    pub input: Options,
    /// `None`: from the output file's name, else the first input's layout's default. A grid
    /// key takes the first input's grid style when it has one.
    pub output_format: Option<OutputFormat>,
    /// What to look for.
    pub mode: Mode,
    /// Solver threads; 0 for one per core.
    pub threads: usize,
    /// Guesses after which a puzzle gets status `timeout`.
    pub max_guesses: u64,
    /// Add `guesses` and `micros` columns to CSV output.
    pub timing: bool,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Answer only this part of the inputs (`--shard K/N`).
    pub shard: Option<Shard>,
    /// Rate each puzzle with one solution (`rate`) with the ladder up to this technique: the
    /// key gets the rating's columns, the stats the levels.
    pub rate: Option<crate::logic::Technique>,
    /// `canon`: the key gets each puzzle's canonical form in place of its solution.
    pub canon: Option<Forms>,
    /// What to do with records whose puzzles are the same up to the moves that keep a
    /// Sudoku's logic.
    pub dedupe: Dedupe,
}

impl Default for Config {
    /// Stdin to stdout, every layout detected, unique mode, one thread per core, nothing
    /// added: a new field's default here keeps every caller building.
    fn default() -> Config {
        Config {
            inputs: vec![InputPath::Stdin],
            output: Target::Stdout,
            sync: false,
            stats: None,
            plot: None,
            input: Options::default(),
            output_format: None,
            mode: Mode::Unique,
            threads: 0,
            max_guesses: u64::MAX,
            timing: false,
            progress: false,
            shard: None,
            rate: None,
            canon: None,
            dedupe: Dedupe::Keep,
        }
    }
}

/// Runs the batch and writes its outputs: every one whole, or (on an error) none. Returns the
/// stats, or the first I/O or usage error.
pub fn run(config: &Config) -> anyhow::Result<Stats> {
    let start = Instant::now();
    let cpu_at_start = crate::report::cpu::process();
    // Bytes read from every input, for the progress bar.
    let consumed = Arc::new(AtomicU64::new(0));
    let Plan { first, key, parts } = plan(config, &consumed)?;
    let extras: Vec<&Target> = config.stats.iter().chain(&config.plot).collect();
    let mut outputs = Outputs::create(&config.output, config.sync, &extras)?;
    if let Some(header) = &key.header {
        outputs.key.write(header)?;
    }
    let mut stats = stream(config, first, &key, parts, &mut outputs.key, &consumed)?;
    stats.wall = start.elapsed();
    // What no role's thread did: planning, unzipping, syncing, the progress bar.
    let total = crate::report::cpu::process().saturating_sub(cpu_at_start);
    let roles = &mut stats.cpu;
    roles.rest = total.saturating_sub(roles.reader + roles.solvers + roles.writer);
    // The stats and the chart, in the order of `extras`.
    let mut contents = Vec::new();
    if config.stats.is_some() {
        contents.push(serde_json::to_string_pretty(&stats.to_json())?.into_bytes());
        contents.last_mut().expect("just pushed").push(b'\n');
    }
    if config.plot.is_some() {
        contents.push(crate::report::plot::histogram_chart(&stats.tally.solve_nanos)?.into_bytes());
    }
    outputs.finish(contents)?;
    Ok(stats)
}

/// Checks the inputs and outputs, opens the first input and decides the answer key's shape
/// from its layout, and reads the first lines of every other regular file, so that an input
/// that does not fit stops the run before anything is written. With `--shard`, finds the
/// shard's part of each input, and the first input is opened again at its part.
fn plan(config: &Config, consumed: &Arc<AtomicU64>) -> anyhow::Result<Plan> {
    check_inputs(&config.inputs)?;
    if config.shard.is_some() {
        check_seekable(&config.inputs)?;
        let flag = match config.dedupe {
            Dedupe::Keep => None,
            Dedupe::Drop => Some("--dedupe"),
            Dedupe::Number => Some("--classes"),
        };
        if let Some(flag) = flag {
            bail!(
                "{flag} cannot go with --shard: a shard does not see the classes of the parts before it (dedupe the shards' keys together, e.g. `cat` them into `canon {flag}`)"
            );
        }
    }
    let mut outputs = vec![("the answer key", &config.output)];
    outputs.extend(config.stats.iter().map(|t| ("--stats", t)));
    outputs.extend(config.plot.iter().map(|t| ("--plot", t)));
    crate::run::target::check(&outputs, &config.inputs)?;
    let first = open(&config.inputs[0], config, consumed, Recycled::default())?;
    let key = Arc::new(plan_key(config, first.layout().as_ref())?);
    check_fits(&key, first.layout().as_ref(), first.name(), config)?;
    let mut heads = vec![Head::of(&first)];
    for input in &config.inputs[1..] {
        if input.is_regular_file() {
            let probe = open(input, config, &Default::default(), Recycled::default())?;
            check_fits(&key, probe.layout().as_ref(), probe.name(), config)?;
            heads.push(Head::of(&probe));
        }
    }
    let Some(shard) = config.shard else {
        return Ok(Plan {
            first: Some(first),
            key,
            parts: None,
        });
    };
    let parts = shard_parts(shard, &config.inputs, heads)?;
    Ok(Plan {
        first: None,
        key,
        parts: Some(parts),
    })
}

/// What the run reads, and the answer key's shape.
struct Plan {
    /// The first input, open (without `--shard`).
    first: Option<Framer>,
    key: Arc<KeyFormat>,
    /// With `--shard`: the part of each input to read.
    parts: Option<Vec<Part>>,
}

/// What detection found at an input's head.
struct Head {
    name: String,
    layout: Arc<dyn Layout>,
    /// The head lines it decided to skip.
    decided: Vec<(u64, Skip)>,
    /// Its text is not its bytes on disk (it is compressed, or a JSON document read as
    /// lines), so no size is known in advance and no byte range is a part of it.
    rewritten: bool,
    line_ends: LineEnds,
}

impl Head {
    fn of(framer: &Framer) -> Head {
        Head {
            name: framer.name().to_string(),
            layout: framer.layout().clone(),
            decided: framer.decided(),
            rewritten: framer.progress().1.is_none(),
            line_ends: framer.line_ends(),
        }
    }
}

/// A shard's part of one input: its bytes, and what detection found at the input's head.
struct Part {
    range: Range<u64>,
    line_ends: LineEnds,
    layout: Arc<dyn Layout>,
    decided: Vec<(u64, Skip)>,
}

/// The part of each input that `shard` answers.
fn shard_parts(shard: Shard, inputs: &[InputPath], heads: Vec<Head>) -> anyhow::Result<Vec<Part>> {
    let mut described = Vec::new();
    for (input, head) in inputs.iter().zip(&heads) {
        let (InputPath::File(path), Some(size)) = (input, input.size()) else {
            unreachable!("checked: every input is a regular file")
        };
        if head.rewritten {
            bail!(
                "{}: --shard cannot split compressed input or a JSON document, whose text is not its bytes (it must seek to its part); decompress it first, or write the document as JSON Lines (`jq -c '.[]'`)",
                head.name
            );
        }
        described.push(crate::run::shard::Input {
            path,
            name: &head.name,
            size,
            layout: head.layout.as_ref(),
            line_ends: head.line_ends,
            head_lines: head.decided.last().map_or(0, |&(line, _)| line),
        });
    }
    let ranges = crate::run::shard::parts(shard, &described)?;
    Ok(ranges
        .into_iter()
        .zip(heads)
        .map(|(range, head)| Part {
            range,
            line_ends: head.line_ends,
            layout: head.layout,
            decided: head.decided,
        })
        .collect())
}

/// `--shard` reads each input from its part's first byte: every input must be a file that
/// can seek.
fn check_seekable(inputs: &[InputPath]) -> anyhow::Result<()> {
    for input in inputs {
        if input.size().is_none() {
            bail!(
                "{}: --shard needs regular files, which it can read from the middle; a stream (stdin, a pipe, a file whose size is not known, as /proc's) cannot be split",
                input.display_name()
            );
        }
    }
    Ok(())
}

/// Streams every input through the pool into `sink` (see [`crate::run::ordered`]): the reader
/// (this thread) frames, the workers answer and take the chunks in order (the writer). Returns the
/// stats (all but the wall time).
fn stream(
    config: &Config,
    first: Option<Framer>,
    key: &Arc<KeyFormat>,
    parts: Option<Vec<Part>>,
    sink: &mut Sink,
    consumed: &Arc<AtomicU64>,
) -> anyhow::Result<Stats> {
    let total = match &parts {
        Some(parts) => Some(parts.iter().map(|p| p.range.end - p.range.start).sum()),
        None => config
            .inputs
            .iter()
            .map(InputPath::size)
            .sum::<Option<u64>>(),
    };
    let progress = crate::run::progress::bar(config.progress, total);
    let pool = solver_pool(config.threads)?;
    let names = input_names(&config.inputs, parts.as_deref());
    let mut stats = Stats::new(names, config.mode, pool.current_num_threads());
    if config.rate.is_some() {
        stats.rated = true;
    }
    if config.dedupe != Dedupe::Keep {
        stats.classes = Some(0);
    }
    if let (Some(shard), Some(parts)) = (config.shard, &parts) {
        stats.shard = Some(ShardRead {
            index: shard.index,
            count: shard.count,
            parts: parts.iter().map(|p| p.range.clone()).collect(),
        });
    }
    // A shard whose span starts past the batch's first byte follows the records of the shards
    // before it (its records start there or later): its first record keeps its separator (a
    // grid key's blank line), so that the keys, one after another, are the unsharded run's.
    let batch_bytes = config.inputs.iter().filter_map(InputPath::size).sum();
    let follows_records = config
        .shard
        .is_some_and(|shard| shard.span(batch_bytes).start > 0);
    let in_flight = (8 * pool.current_num_threads() + 2).min(MAX_IN_FLIGHT);
    let mut stderr = Stderr::default();
    let threads = pool.current_num_threads();
    let mut reader = Reader::new(config, key, consumed, first, parts, threads);
    // A file key is written by the workers, each chunk at its offset once the writer has
    // taken it in order (not with classes, which the writer changes chunk by chunk).
    let positioned = match config.dedupe {
        Dedupe::Keep => sink.positioned(),
        Dedupe::Drop | Dedupe::Number => None,
    };
    let write_at = |piece: &mut Piece| match (&positioned, piece.write_at.take()) {
        (Some(key), Some((offset, bytes))) => key.write_at(&piece.answered.out[bytes], offset),
        _ => Ok(()),
    };
    let mut writer = Writer {
        sink,
        window: Default::default(),
        total,
        separator: if follows_records {
            b""
        } else {
            key.separator()
        },
        stats: &mut stats,
        progress: &progress,
        complaints: Complaints::default(),
        stderr: &mut stderr,
        stdout_closed: false,
        dedupe: config.dedupe,
        classes: Classes::default(),
        kept: Vec::new(),
        input: 0,
        lines_before: 0,
        positioned: positioned.is_some(),
    };
    let (streamed, spent) = crate::run::ordered::run_then(
        &pool,
        in_flight,
        |piece| reader.next(piece),
        |piece: &mut Piece| {
            let job = piece.job.as_ref().expect("made with its job");
            let spent = std::mem::take(&mut piece.answered);
            piece.answered = answer_chunk(&mut piece.chunk, job, spent);
        },
        |piece| writer.write(&mut piece.answered, &mut piece.write_at, piece.through),
        positioned.as_ref().map(|_| &write_at as After<Piece>),
    );
    // Each role's CPU time: the reader is this thread, making pieces; the pool's threads
    // solved, and took the pieces in order (the writer's role) in between (the pool is this
    // run's).
    let pool_cpu: Duration = pool
        .broadcast(|_| crate::report::cpu::thread())
        .into_iter()
        .sum();
    let summary = writer.complaints.summary();
    writer.stderr.say(summary.as_bytes());
    for warning in &reader.warnings {
        writer.stderr.say(warning.as_bytes());
    }
    progress.finish_and_clear();
    // A closed stdout (`| head`) stops the run, but the stats of what was written still go
    // where they were asked to.
    if writer.stdout_closed {
        stats.stdout_closed = true;
    } else {
        streamed?;
    }
    // Lines skipped by the reader; the writer added those the workers skipped.
    stats.skipped.merge(&reader.skipped);
    stats.lines += reader.lines; // the writer counted the lines of chunks read by range
    stats.stderr_lost = stderr.lost;
    stats.cpu = crate::report::cpu::Roles {
        reader: spent.making,
        solvers: pool_cpu.saturating_sub(spent.taking),
        writer: spent.taking,
        rest: Duration::ZERO, // the caller's, who knows the whole run
    };
    Ok(stats)
}

/// Each input's name in messages and stats (see [`input_name`]).
fn input_names(inputs: &[InputPath], parts: Option<&[Part]>) -> Vec<String> {
    let starts = |i: usize| parts.map_or(0, |parts| parts[i].range.start);
    let names = inputs.iter().enumerate();
    names
        .map(|(i, input)| input_name(input, starts(i)))
        .collect()
}

/// An input's name in messages and stats: a shard's part that starts past the input's first
/// byte (`start`) is named `NAME@BYTE`, its lines numbered from there.
fn input_name(input: &InputPath, start: u64) -> String {
    match start {
        0 => input.display_name(),
        start => format!("{}@{start}", input.display_name()),
    }
}

/// Threads per core, at most: past a few, threads only add overhead, and thousands of them
/// stall the start and take memory for nothing.
const THREADS_PER_CORE: usize = 4;

/// The threads to run on when `asked` for (0: `RAYON_NUM_THREADS` when set, else one per core),
/// at most four per core; when that is fewer than asked, why, for a warning that names the
/// request as `option` does (`-j `, `threads=`). Every way to ask for threads (`-j`, the
/// environment, Python's `threads=`) comes through here.
pub fn thread_count(asked: usize, option: &str) -> (usize, Option<String>) {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let most = THREADS_PER_CORE * cores;
    let from_env = || {
        let text = std::env::var("RAYON_NUM_THREADS").ok()?;
        text.trim().parse::<usize>().ok().filter(|&n| n > 0)
    };
    let (asked, how) = match asked {
        0 => match from_env() {
            Some(n) => (n, format!("RAYON_NUM_THREADS={n}")),
            None => (cores, String::new()),
        },
        n => (n, format!("{option}{n}")),
    };
    if asked <= most {
        (asked, None)
    } else {
        let why = format!(
            "{how}: using {most} threads ({THREADS_PER_CORE} per core on {cores} cores; more only add overhead)"
        );
        (most, Some(why))
    }
}

/// The pool the solvers run on: `threads` of them, bounded (see [`thread_count`]).
pub fn solver_pool(threads: usize) -> anyhow::Result<rayon::ThreadPool> {
    let threads = thread_count(threads, "-j ").0;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("solver-{i}"))
        .build();
    pool.map_err(|e| {
        let what = format!("{threads} solver threads; fewer (-j) may fit");
        crate::run::files::thread_error(std::io::Error::other(e.to_string()), &what).into()
    })
}

/// Chunks in flight at most, whatever the number of threads (each holds at most a chunk's
/// text and its answers).
const MAX_IN_FLIGHT: usize = 130;

/// Checks every input before anything is read: each file exists and is no directory, and a
/// stream (stdin, a pipe, a device) is named once, since it can be read only once.
fn check_inputs(inputs: &[InputPath]) -> anyhow::Result<()> {
    if inputs.is_empty() {
        bail!("no input");
    }
    let stdins = inputs.iter().filter(|i| **i == InputPath::Stdin).count();
    if stdins > 1 {
        bail!("`-` (stdin) is given {stdins} times: a stream can be read only once");
    }
    let mut streams = Vec::new();
    if stdins == 1 {
        streams.push((
            "`-` (stdin)".to_string(),
            crate::run::files::stdin_identity(),
        ));
    }
    for input in inputs {
        let InputPath::File(path) = input else {
            continue;
        };
        let name = input.display_name();
        let meta = std::fs::metadata(path).with_context(|| format!("cannot read {name}"))?;
        if meta.is_dir() {
            let message = format!("cannot read {name}: is a directory");
            return Err(path_error(ErrorKind::IsADirectory, message));
        }
        if !meta.is_file() {
            let id = crate::run::files::identity(&meta);
            if let Some((other, _)) = streams.iter().find(|(_, o)| id.is_some() && *o == id) {
                bail!(
                    "{name} and {other} are the same stream: it can be read only once, so it cannot be two inputs"
                );
            }
            streams.push((name, id));
        }
    }
    Ok(())
}

/// Opens an input and detects its layout.
fn open(
    input: &InputPath,
    config: &Config,
    consumed: &Arc<AtomicU64>,
    recycled: Recycled,
) -> anyhow::Result<Framer> {
    let name = input.display_name();
    let source = Source::open(input, consumed.clone(), recycled)
        .with_context(|| format!("cannot read {name}"))?;
    Framer::new(source, name.clone(), &config.input).with_context(|| format!("cannot read {name}"))
}

/// The answer key's shape, from the first input's layout.
fn plan_key(config: &Config, layout: &dyn Layout) -> anyhow::Result<KeyFormat> {
    let from_name = match &config.output {
        Target::File(path) => OutputFormat::from_extension(path),
        Target::Stdout => None,
    };
    let format = match (config.output_format.or(from_name), default_format(layout)) {
        (Some(OutputFormat::Grid(_)), OutputFormat::Grid(style)) => OutputFormat::Grid(style),
        (Some(asked), _) => asked,
        // A rating is columns: its key is CSV unless JSON Lines is asked for.
        (None, _) if config.rate.is_some() => OutputFormat::Csv,
        // Forms and class numbers are one line each, whatever the input's grids.
        (None, OutputFormat::Grid(_))
            if config.canon.is_some() || config.dedupe == Dedupe::Number =>
        {
            OutputFormat::Lines
        }
        (None, default) => default,
    };
    if config.rate.is_some() && matches!(format, OutputFormat::Lines | OutputFormat::Grid(_)) {
        bail!("a rating's answer key is csv or jsonl: its columns have no place in lines or grids");
    }
    if let OutputFormat::Grid(_) = format {
        if config.canon.is_some() {
            bail!("canon's answer key is lines, csv or jsonl: a form is one line, not a grid");
        }
        if config.dedupe == Dedupe::Number {
            bail!("--classes needs a key of lines, csv or jsonl: a grid has no place for a class");
        }
    }
    let delimiter = match &config.output {
        Target::File(path) => OutputFormat::delimiter_from_extension(path),
        Target::Stdout => None,
    };
    Ok(KeyFormat::new(
        format,
        delimiter,
        layout.echoes(),
        appended(config),
    ))
}

/// The answer key's format for an input of `layout` when none is asked for: its own shape
/// (grids in its style, CSV, JSON Lines), else a line per record.
fn default_format(layout: &dyn Layout) -> OutputFormat {
    if let Some(style) = layout.grid_style() {
        return OutputFormat::Grid(style);
    }
    match layout.name() {
        "csv" => OutputFormat::Csv,
        "jsonl" => OutputFormat::Jsonl,
        _ => OutputFormat::Lines,
    }
}

/// What the answer key adds to each record, in order.
fn appended(config: &Config) -> Vec<Column> {
    let mut columns = match config.canon {
        Some(forms) if forms.solution => vec![Column::Canon, Column::CanonSolution],
        Some(_) => vec![Column::Canon],
        None => vec![Column::Solution],
    };
    // Before the status, which a lines key writes only when it is not the usual one.
    if config.dedupe == Dedupe::Number {
        columns.push(Column::Class);
    }
    columns.push(Column::Status);
    if matches!(config.mode, Mode::Count(_)) {
        columns.push(Column::Solutions);
    }
    if config.rate.is_some() {
        columns.extend(crate::output::RATING_COLUMNS);
    }
    if config.timing || config.rate.is_some() {
        columns.push(Column::Guesses);
    }
    if config.timing {
        columns.push(Column::Micros);
    }
    columns
}

/// Checks that an input's layout fits the run: one CSV or JSON key has one set of columns, and
/// `--verify` needs given solutions.
fn check_fits(
    key: &KeyFormat,
    layout: &dyn Layout,
    name: &str,
    config: &Config,
) -> anyhow::Result<()> {
    if config.input.verify && !layout.has_solution() {
        bail!(
            "{name}: --verify needs given solutions: a CSV or JSON column named solution, solutions or answer (or --solution-column)"
        );
    }
    let echoes = matches!(key.format, OutputFormat::Csv | OutputFormat::Jsonl);
    if echoes && layout.columns() != key.columns {
        bail!(
            "{name}: its columns ({}) differ from the first input's ({}); one answer key needs one layout",
            crate::input::show_columns(layout.columns()),
            crate::input::show_columns(&key.columns)
        );
    }
    Ok(())
}

/// A token: one chunk's buffers, reused from chunk to chunk.
#[derive(Default)]
struct Piece {
    chunk: Chunk,
    answered: Answered,
    /// What the chunk's input is answered with.
    job: Option<Arc<Job>>,
    /// Bytes of input read (over all inputs) when the chunk was framed: how far the progress
    /// bar goes once it is written.
    through: u64,
    /// Where in the key which bytes of `answered.out` go, for a worker to write them.
    write_at: Option<(u64, Range<usize>)>,
}

/// The reader's state: the input being framed, and what was skipped of those done.
struct Reader<'a> {
    config: &'a Config,
    key: &'a Arc<KeyFormat>,
    consumed: &'a Arc<AtomicU64>,
    workers: u64,
    /// The input being framed, or (when `framer` is `None`) the next one to open.
    input: usize,
    framer: Option<Framer>,
    /// The read buffer, between inputs.
    recycled: Recycled,
    /// With `--shard`: the part of each input to read.
    parts: Option<Vec<Part>>,
    job: Option<Arc<Job>>,
    /// The next chunk's size, and the records framed so far in this input (for the plan).
    growing: u64,
    records: u64,
    /// Lines skipped by the reader (framing one by one), by reason, and lines read, of the
    /// inputs done.
    skipped: Skipped,
    lines: u64,
    /// What to say once the run is over (an input that grew while it was read).
    warnings: Vec<String>,
}

impl<'a> Reader<'a> {
    fn new(
        config: &'a Config,
        key: &'a Arc<KeyFormat>,
        consumed: &'a Arc<AtomicU64>,
        first: Option<Framer>,
        parts: Option<Vec<Part>>,
        workers: usize,
    ) -> Reader<'a> {
        let job = first.as_ref().map(|first| job(config, key, first));
        let first = first.map(|mut framer| {
            framer.read_by_ranges();
            framer
        });
        Reader {
            config,
            key,
            consumed,
            workers: workers as u64,
            input: 0,
            framer: first,
            recycled: Recycled::default(),
            parts,
            job,
            growing: 16,
            records: 0,
            skipped: Skipped::default(),
            lines: 0,
            warnings: Vec::new(),
        }
    }

    /// Fills `piece` with the next chunk, going on to the next input when one ends; false
    /// at the end of the last.
    fn next(&mut self, piece: &mut Piece) -> anyhow::Result<bool> {
        loop {
            if let Some(framer) = self.framer.as_mut() {
                let size = chunk_size(self.growing, framer, self.records, self.workers);
                self.growing = (self.growing * 2).min(1024);
                let lines_before = framer.lines();
                let (read_before, _) = framer.progress();
                let more = framer
                    .refill(&mut piece.chunk, self.input, size)
                    .with_context(|| format!("cannot read {}", framer.name()))?;
                if more {
                    // Records framed, or (a block the workers frame) lines, or (a range) the
                    // lines its bytes would hold: about as many.
                    self.records += match piece.chunk.records.len() {
                        _ if piece.chunk.relative_lines => {
                            (framer.progress().0 - read_before) / framer.bytes_per_line()
                        }
                        0 => framer.lines() - lines_before,
                        n => n as u64,
                    };
                    piece.job = self.job.clone();
                    piece.through = self.consumed.load(Ordering::Relaxed);
                    return Ok(true);
                }
                self.skipped.merge(&framer.skipped());
                self.lines += framer.lines();
                if framer.grew() > 0 {
                    let (read, _) = framer.progress();
                    self.warnings.push(format!(
                        "warning: {} grew by {} bytes while it was read: the answer key covers the {read} bytes it had when opened\n",
                        framer.name(),
                        framer.grew()
                    ));
                }
                // The read buffer goes from each input to the next.
                self.recycled = self.framer.take().expect("an input is open").recycle();
                self.input += 1;
            }
            if self.input == self.config.inputs.len() {
                return Ok(false);
            }
            let Some(framer) = self.open_next()? else {
                self.input += 1; // none of it is in this shard
                continue;
            };
            check_fits(
                self.key,
                framer.layout().as_ref(),
                framer.name(),
                self.config,
            )?;
            self.job = Some(job(self.config, self.key, &framer));
            let mut framer = framer;
            framer.read_by_ranges();
            self.framer = Some(framer);
            (self.growing, self.records) = (16, 0);
        }
    }

    /// Opens input `self.input`, or with `--shard` its part: `None` when the part is empty.
    fn open_next(&mut self) -> anyhow::Result<Option<Framer>> {
        let input = &self.config.inputs[self.input];
        let recycled = std::mem::take(&mut self.recycled);
        let Some(part) = self.parts.as_ref().map(|parts| &parts[self.input]) else {
            return open(input, self.config, self.consumed, recycled).map(Some);
        };
        let InputPath::File(path) = input else {
            unreachable!("checked: a shard's inputs are files");
        };
        if part.range.is_empty() {
            return Ok(None);
        }
        let name = input_name(input, part.range.start);
        let source = Source::open_part(
            path,
            part.range.clone(),
            part.line_ends,
            self.consumed.clone(),
            recycled,
        )
        .with_context(|| format!("cannot read {name}"))?;
        let at_start = part.range.start == 0;
        let decided = if at_start {
            part.decided.clone()
        } else {
            Vec::new()
        };
        Ok(Some(Framer::resume(
            source,
            name,
            part.layout.clone(),
            decided,
            at_start,
        )))
    }
}

/// What every chunk of the input `framer` reads is answered with.
fn job(config: &Config, key: &Arc<KeyFormat>, framer: &Framer) -> Arc<Job> {
    Arc::new(Job {
        layout: framer.layout().clone(),
        mode: config.mode,
        max_guesses: config.max_guesses,
        key: key.clone(),
        verbatim: framer.layout().delimiter() == key.delimiter,
        rate: config.rate,
        canon: config.canon,
        classes: config.dedupe != Dedupe::Keep,
    })
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

/// The writer's state: taking answered chunks in order, on whichever worker has the next.
struct Writer<'a> {
    sink: &'a mut Sink,
    /// The rate and time left, over the last seconds.
    window: crate::run::progress::Window,
    total: Option<u64>,
    /// What each record's answer starts with but the key's first must not (see
    /// [`KeyFormat::separator`]); emptied once the first is written.
    separator: &'static [u8],
    stats: &'a mut Stats,
    progress: &'a ProgressBar,
    complaints: Complaints,
    stderr: &'a mut Stderr,
    /// The key's reader closed stdout.
    stdout_closed: bool,
    /// What to do with records of the same class, and the classes met so far.
    dedupe: Dedupe,
    classes: Classes,
    /// With classes: the chunk's answers as written (without duplicates, with numbers).
    kept: Vec<u8>,
    /// The input of the last chunk written, and its lines so far: where the lines of a chunk
    /// read by range (numbered from its first) start.
    input: usize,
    lines_before: u64,
    /// The key is written by the workers ([`Sink::positioned`]): the writer only reserves
    /// each chunk's place.
    positioned: bool,
}

impl Writer<'_> {
    /// Looks up each record's class, in order: writes into `kept` the chunk's answers less
    /// the duplicates (`--dedupe`) or with their classes' numbers (`--classes`); returns the
    /// records kept.
    fn classify(&mut self, a: &Answered) -> Vec<usize> {
        self.kept.clear();
        let mut kept = Vec::with_capacity(a.placed.len());
        let mut start = 0;
        for (i, placed) in a.placed.iter().enumerate() {
            let answer = &a.out[start..placed.end];
            start = placed.end;
            let class = placed.form.map(|form| self.classes.number(&form));
            if self.dedupe == Dedupe::Drop && class.is_some_and(|(_, first)| !first) {
                continue;
            }
            kept.push(i);
            match (placed.class_at, class) {
                (Some(at), Some((number, _))) => {
                    use std::io::Write;
                    let at = at - (placed.end - answer.len());
                    self.kept.extend_from_slice(&answer[..at]);
                    // Into the buffer: no string a record on the writer's thread.
                    let _ = write!(self.kept, "{number}");
                    self.kept.extend_from_slice(&answer[at..]);
                }
                _ => self.kept.extend_from_slice(answer),
            }
        }
        kept
    }

    /// Takes an answered chunk, in order: says its complaints, drops or numbers duplicates,
    /// counts it in the stats, and writes it, or (a [`Sink::positioned`] key) sets
    /// `write_at`: where in the key which of its bytes go, for a worker to write.
    fn write(
        &mut self,
        a: &mut Answered,
        write_at: &mut Option<(u64, Range<usize>)>,
        through: u64,
    ) -> anyhow::Result<()> {
        if let Some(e) = a.error.take() {
            let name = &self.stats.inputs[a.input];
            return Err(anyhow::Error::new(e).context(format!("cannot read {name}")));
        }
        if a.input != self.input {
            (self.input, self.lines_before) = (a.input, 0);
        }
        // Lines numbered from the chunk's first are moved past the lines before it.
        let moved_by = if a.relative_lines {
            self.stats.lines += a.lines;
            self.lines_before
        } else {
            0
        };
        self.lines_before += a.lines;
        if !a.complaints.is_empty() {
            let name = &self.stats.inputs[a.input];
            let text: String = a
                .complaints
                .iter()
                .filter_map(|c| {
                    let c = Complaint {
                        line: c.line + moved_by,
                        ..c.clone()
                    };
                    self.complaints.line(a.input, name, &c)
                })
                .collect();
            if !text.is_empty() {
                let stderr = &mut *self.stderr;
                self.progress.suspend(|| stderr.say(text.as_bytes()));
            }
        }
        let chosen = match self.dedupe {
            Dedupe::Keep => None,
            Dedupe::Drop | Dedupe::Number => Some(self.classify(a)),
        };
        let (out, kept) = match &chosen {
            Some(kept) => (&self.kept[..], &kept[..]),
            None => (&a.out[..], &[][..]),
        };
        let any = match chosen {
            Some(_) => !kept.is_empty(),
            None => a.tally.records() > 0,
        };
        let out = match out.strip_prefix(self.separator) {
            Some(rest) if any => {
                self.separator = b"";
                rest
            }
            _ => out,
        };
        let written = match (self.positioned, &chosen) {
            // The chunk's bytes as they are: a worker writes them at their place.
            (true, None) => {
                let start = a.out.len() - out.len();
                *write_at = Some((self.sink.reserve(out.len()), start..a.out.len()));
                Ok(())
            }
            _ => self.sink.write(out),
        };
        if let Err(e) = written {
            self.stdout_closed = crate::run::files::is_broken_pipe(&e);
            return Err(e);
        }
        match chosen {
            Some(kept) => {
                for &i in &kept {
                    let record = RecordStat {
                        line: a.records[i].line + moved_by,
                        ..a.records[i]
                    };
                    self.stats.add(a.input, &record);
                }
                self.stats.duplicates += (a.records.len() - kept.len()) as u64;
                self.stats.classes = Some(self.classes.len() as u64);
            }
            None => self.stats.tally.merge(&a.tally, moved_by),
        }
        self.stats.skipped.merge(&a.skipped);
        if !self.progress.is_hidden() {
            self.window
                .note(Instant::now(), self.stats.records(), through);
            self.progress.set_position(through);
            self.progress.set_message(self.window.message(self.total));
        }
        Ok(())
    }
}
