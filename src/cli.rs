//! The command line, as clap derive structs, and its one conversion into the library's
//! configurations.

use anyhow::bail;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::path::PathBuf;
use sudoku_batch::input::{InputPath, LAYOUTS, Options};
use sudoku_batch::output::OutputFormat;
use sudoku_batch::pipeline::Config;
use sudoku_batch::{GridStyle, Mode, bench};

/// Solve Sudoku puzzles in bulk: every puzzle solved and checked, an answer key written, and
/// honest timing statistics.
#[derive(Parser, Debug)]
#[command(version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve every puzzle of the inputs on all cores; the answer key goes to stdout or -o.
    Solve(SolveArgs),
    /// Measure engine throughput per input, mode and thread count (inputs are loaded first;
    /// every answer is verified during the warm-up).
    Bench(BenchArgs),
}

/// How the inputs are read: the same for `solve` and `bench`.
#[derive(clap::Args, Debug)]
pub struct InputArgs {
    /// Input layout; `auto` detects it from each input's first lines.
    #[arg(long, default_value = "auto", value_parser = format_parser())]
    pub format: String,

    /// The puzzle's column (CSV), key (JSON Lines) or field (bank): a name, or a 1-based
    /// number [default: a column named puzzle, quizzes, quiz, question…, else the first whose
    /// value is a puzzle].
    #[arg(long, visible_alias = "field", value_name = "NAME|N")]
    pub column: Option<String>,

    /// CSV: the first row is a header (default: detected; a first row with a puzzle in it is
    /// data).
    #[arg(long, conflicts_with = "no_header")]
    pub header: bool,

    /// CSV: the first row is data, not a header.
    #[arg(long)]
    pub no_header: bool,

    /// CSV: the field delimiter, one character or `tab` [default: detected among , tab ; |].
    #[arg(long, value_name = "CHAR", value_parser = parse_delimiter)]
    pub delimiter: Option<u8>,
}

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Input files (any layout `solve` reads); `-` for stdin.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,

    #[command(flatten)]
    pub input: InputArgs,

    /// Modes to measure, comma-separated (`count` counts to --limit).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "unique")]
    pub mode: Vec<ModeArg>,

    /// With `count` mode: stop counting at this many solutions.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(2..))]
    pub limit: u64,

    /// Thread counts, comma-separated [default: 1 and one per core].
    #[arg(short = 'j', long, value_name = "N,...", value_delimiter = ',', value_parser = clap::value_parser!(u64).range(1..))]
    pub threads: Vec<u64>,

    /// Timed runs per measurement; the table shows their median and range.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    pub repeat: u64,

    /// Seconds of untimed solving before each mode's timed runs (at least one pass, which
    /// verifies every answer).
    #[arg(long, value_name = "SECS", default_value_t = 1.0)]
    pub warmup: f64,

    /// Write every figure as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Print the table in Markdown.
    #[arg(long)]
    pub markdown: bool,

    /// Draw puzzles/s per data set as an SVG bar chart.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Input files, read in order as one batch; `-` or none for stdin. Gzip is decompressed.
    pub inputs: Vec<PathBuf>,

    /// Write the answer key here instead of stdout (atomically: a temporary file is renamed).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// With `-o`: sync the answer key to disk before renaming it into place, so that it is
    /// whole even after a power cut (slower: the last writes wait for the disk).
    #[arg(long, requires = "output")]
    pub sync: bool,

    #[command(flatten)]
    pub input: InputArgs,

    /// With --verify: the column (CSV) or key (JSON Lines) of the given solutions, a name or a
    /// 1-based number [default: one named solution, solutions or answer].
    #[arg(long, value_name = "NAME|N", requires = "verify")]
    pub solution_column: Option<String>,

    /// Answer-key format (default: from an -o file's name, *.csv or *.jsonl; else csv for CSV
    /// input, jsonl for JSON Lines, grid for grids, lines otherwise).
    #[arg(long, value_enum)]
    pub output_format: Option<OutputArg>,

    /// What to look for.
    #[arg(long, value_enum, default_value_t = ModeArg::Unique)]
    pub mode: ModeArg,

    /// With `--mode count`: stop counting at this many solutions (at least 2: a count stopped
    /// at 1 cannot tell one solution from several) [default: 1000].
    #[arg(long, value_parser = clap::value_parser!(u64).range(2..))]
    pub limit: Option<u64>,

    /// Solver threads [default: one per core].
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub threads: Option<u64>,

    /// Give up on a puzzle after N guesses: it gets status `timeout` and the batch goes on.
    #[arg(long, value_name = "N")]
    pub max_guesses: Option<u64>,

    /// Also write the stats as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub stats: Option<PathBuf>,

    /// CSV output: add `guesses` and `micros` (solve time) columns.
    #[arg(long)]
    pub timing: bool,

    /// Compare each answer with the solution the input gives; a disagreement is status
    /// `mismatch`.
    #[arg(long)]
    pub verify: bool,

    /// No stats table on stderr (and no progress bar unless `--progress always`).
    #[arg(short, long)]
    pub quiet: bool,

    /// Progress bar on stderr: `auto` shows it when stderr is a terminal.
    #[arg(long, value_enum, default_value_t = ProgressArg::Auto)]
    pub progress: ProgressArg,

    /// Draw the solve-time histogram as an SVG chart.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

/// `--format`'s values: `auto`, then every registered layout with its help.
fn format_parser() -> impl TypedValueParser<Value = String> {
    let auto = PossibleValue::new("auto").help("Detect each input's layout from its first lines");
    let layouts = LAYOUTS
        .iter()
        .map(|k| PossibleValue::new(k.name).help(k.help));
    PossibleValuesParser::new(std::iter::once(auto).chain(layouts))
}

/// One ASCII character, or `tab`.
fn parse_delimiter(text: &str) -> Result<u8, String> {
    match text {
        "tab" | "\\t" => Ok(b'\t'),
        t if t.len() == 1 && t.is_ascii() && t != "\"" && t != "\n" => Ok(t.as_bytes()[0]),
        t => Err(format!(
            "{t:?} is not one character (use `tab` for a tab; a quote or a line break cannot be a delimiter)"
        )),
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputArg {
    /// The input's columns, then `solution` and `status`.
    Csv,
    /// The solution per line, then the status when it is not `solved`.
    Lines,
    /// 9 rows per solution, in the input's style.
    Grid,
    /// JSON Lines: the input's object or columns, with `solution` and `status` added.
    #[value(alias = "json")]
    Jsonl,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeArg {
    /// Search on to a second solution: `solved` means exactly one.
    Unique,
    /// Stop at the first solution (fastest).
    First,
    /// The lexicographically smallest solution, read row by row.
    Lexmin,
    /// Count solutions up to `--limit`.
    Count,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressArg {
    Auto,
    Always,
    Never,
}

impl ModeArg {
    /// The engine's mode; `limit` is used by `count` only.
    fn mode(self, limit: u64) -> Mode {
        match self {
            ModeArg::Unique => Mode::Unique,
            ModeArg::First => Mode::First,
            ModeArg::Lexmin => Mode::LexMin,
            ModeArg::Count => Mode::Count(limit),
        }
    }
}

impl OutputArg {
    fn format(self) -> OutputFormat {
        match self {
            OutputArg::Csv => OutputFormat::Csv,
            OutputArg::Lines => OutputFormat::Lines,
            // The first input's grid style, when it is a grid (see `pipeline::Config`).
            OutputArg::Grid => OutputFormat::Grid(GridStyle::Compact),
            OutputArg::Jsonl => OutputFormat::Jsonl,
        }
    }
}

impl InputArgs {
    fn options(&self, solution_column: Option<&String>, verify: bool) -> Options {
        Options {
            format: (self.format != "auto").then(|| self.format.clone()),
            column: self.column.clone(),
            solution_column: solution_column.cloned(),
            header: match (self.header, self.no_header) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
            delimiter: self.delimiter,
            verify,
        }
    }
}

fn input_paths(args: &[PathBuf]) -> Vec<InputPath> {
    args.iter().map(|p| InputPath::from_arg(p)).collect()
}

impl BenchArgs {
    /// The bench configuration.
    pub fn to_config(&self) -> anyhow::Result<bench::Config> {
        let modes = self.mode.iter().map(|m| m.mode(self.limit)).collect();
        let mut threads: Vec<usize> = self.threads.iter().map(|&t| t as usize).collect();
        if threads.is_empty() {
            threads = vec![1, rayon::current_num_threads()];
            threads.dedup();
        }
        if !(self.warmup >= 0.0 && self.warmup.is_finite()) {
            bail!("--warmup takes a number of seconds, not {}", self.warmup);
        }
        Ok(bench::Config {
            inputs: input_paths(&self.inputs),
            input: self.input.options(None, false),
            modes,
            threads,
            repeat: self.repeat as usize,
            warmup: std::time::Duration::from_secs_f64(self.warmup),
        })
    }
}

impl SolveArgs {
    /// The run's configuration.
    pub fn to_config(&self) -> anyhow::Result<Config> {
        if self.limit.is_some() && self.mode != ModeArg::Count {
            bail!("--limit applies only to --mode count");
        }
        let mode = self.mode.mode(self.limit.unwrap_or(1000));
        let inputs = if self.inputs.is_empty() {
            vec![InputPath::Stdin]
        } else {
            input_paths(&self.inputs)
        };
        let progress = match self.progress {
            ProgressArg::Always => true,
            ProgressArg::Never => false,
            ProgressArg::Auto => !self.quiet && std::io::stderr().is_terminal(),
        };
        Ok(Config {
            inputs,
            output: self.output.clone(),
            sync: self.sync,
            input: self
                .input
                .options(self.solution_column.as_ref(), self.verify),
            output_format: self.output_format.map(OutputArg::format),
            mode,
            threads: self.threads.unwrap_or(0) as usize,
            max_guesses: self.max_guesses.unwrap_or(u64::MAX),
            timing: self.timing,
            progress,
        })
    }
}
