//! The command line, as clap derive structs, and its one conversion into the library's
//! configurations.

use anyhow::bail;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::path::PathBuf;
use sudoku_batch::canon::{Dedupe, Forms};
use sudoku_batch::generate::{self, Symmetry, Target};
use sudoku_batch::input::{InputPath, LAYOUTS, Options};
use sudoku_batch::logic::{Level, Technique};
use sudoku_batch::output::OutputFormat;
use sudoku_batch::run::pipeline::Config;
use sudoku_batch::run::shard::Shard;
use sudoku_batch::run::target::Target as OutputTarget;
use sudoku_batch::{GridStyle, Mode, bench, explain};

/// Solve Sudoku puzzles in bulk: every puzzle solved and checked, an answer key written, and
/// honest timing statistics.
#[derive(Parser, Debug)]
#[command(version = env!("SUDOKU_BATCH_VERSION"))]
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
    /// Generate puzzles: each unique and (by default) minimal, reproducible from --seed,
    /// within --clues and --guesses (the engine's difficulty measure), made on all cores.
    Generate(GenerateArgs),
    /// Rate every puzzle of the inputs as a person would solve it: the hardest technique it
    /// needs, its score and level; a CSV (or JSON Lines) key in input order, on all cores.
    Rate(RateArgs),
    /// Explain one puzzle step by step: each technique applied, in the usual notation, and
    /// the pencil marks where asked.
    Explain(ExplainArgs),
    /// Put every puzzle of the inputs in its canonical form (minlex: the smallest of the
    /// grids that transposing, permuting bands, stacks, rows and columns and relabelling make
    /// of it), so that puzzles that are the same up to those moves read the same; on all
    /// cores, in input order.
    Canon(CanonArgs),
    /// Print a shell completion script, e.g. `sudoku-batch completions bash >
    /// ~/.local/share/bash-completion/completions/sudoku-batch`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `sudoku-batch man > sudoku-batch.1`, or a
    /// subcommand's with all its options (`sudoku-batch man solve > sudoku-batch-solve.1`).
    Man {
        #[arg(value_name = "COMMAND", value_parser = PossibleValuesParser::new(MAN_PAGES))]
        command: Option<String>,
    },
}

/// The subcommands with a manual page of their own.
pub const MAN_PAGES: [&str; 6] = ["solve", "bench", "generate", "rate", "explain", "canon"];

/// How far `count` mode counts: the same for `solve` and `bench`.
#[derive(clap::Args, Debug)]
pub struct CountArgs {
    /// With `--mode count`: stop counting at this many solutions (at least 2: a count stopped
    /// at 1 cannot tell one solution from several) [default: 1000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..))]
    pub limit: Option<u64>,
}

/// How the inputs are read: the same for `solve` and `bench`.
#[derive(clap::Args, Debug)]
pub struct InputArgs {
    /// Input layout; `auto` detects it from each input's first 64 lines that are not blank
    /// (docs/solve.md, "Input layouts").
    #[arg(short, long, default_value = "auto", value_parser = format_parser())]
    pub format: String,

    /// The puzzle's column (CSV), key (JSON Lines) or field (bank): a name, or a 1-based
    /// number [default: a column named puzzle, quizzes, quiz, question…, else the first whose
    /// value is a puzzle].
    #[arg(short, long, visible_alias = "field", value_name = "NAME|N")]
    pub column: Option<String>,

    /// CSV: the first row is a header (default: detected; a first row with a puzzle in it is
    /// data).
    #[arg(long, conflicts_with = "no_header")]
    pub header: bool,

    /// CSV: the first row is data, not a header.
    #[arg(long)]
    pub no_header: bool,

    /// CSV: the field delimiter, one character or `tab` [default: the one of `,` tab `;` `|`
    /// that splits the first rows alike into the most fields].
    #[arg(long, value_name = "CHAR", value_parser = parse_delimiter)]
    pub delimiter: Option<u8>,
}

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Input files (any layout `solve` reads); `-` for stdin.
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,

    #[command(flatten)]
    pub input: InputArgs,

    /// Modes to measure, comma-separated (`count` counts to --limit).
    #[arg(
        short,
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "unique"
    )]
    pub mode: Vec<ModeArg>,

    #[command(flatten)]
    pub count: CountArgs,

    /// Thread counts, comma-separated [default: 1 and one per core; at most 4 per core].
    #[arg(short = 'j', long, value_name = "N,...", value_delimiter = ',', value_parser = parse_threads)]
    pub threads: Vec<u64>,

    /// Timed runs per measurement (at most 1000); the table shows their median and range.
    #[arg(short, long, visible_alias = "repeat", value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub runs: u64,

    /// Seconds of untimed solving before each mode's timed runs (at least one pass, which
    /// verifies every answer; at most 3600).
    #[arg(short, long, value_name = "SECS", default_value_t = 1.0, value_parser = parse_warmup)]
    pub warmup: f64,

    /// Write every figure as JSON to this file (`-`: stdout).
    ///
    /// With the build of the engine that ran (`engine`); per measurement `records`,
    /// `puzzles_per_second` (the median), `puzzles_per_second_min` and `_max`, and `guesses`
    /// as a distribution, in the vocabulary every report shares (docs/solve.md, "Stats").
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Print the table in Markdown.
    #[arg(long)]
    pub markdown: bool,

    /// Draw puzzles/s per data set as an SVG bar chart (`-`: stdout).
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long = "count", value_name = "N")]
    pub count: u64,

    /// Write the puzzles here instead of stdout (`-`): whole or not at all.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The seed: the same seed and options give the same puzzles, byte for byte, on any
    /// number of threads [default: a fresh one, said in the stats].
    ///
    /// Each puzzle has its own seed, made from S and its index.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Clues per puzzle, a range: `22..24`, `..25`, `30..`, or one number.
    ///
    /// At least 17 (no puzzle with one solution has fewer), at most 81, and at most 40 unless
    /// `--no-minimal` (no minimal puzzle with more is known).
    #[arg(long, value_name = "A..B", value_parser = parse_target)]
    pub clues: Option<Target>,

    /// The engine's guesses to solve each puzzle (in unique mode): the difficulty measure of
    /// tdoku's generator and of the sudoku-extreme data set. A range: `50..` (very hard),
    /// `0..0` (no guessing), `5..20`.
    #[arg(long, value_name = "A..B", value_parser = parse_target)]
    pub guesses: Option<Target>,

    /// A symmetry of the clue pattern.
    ///
    /// Minimal then means that no pair of clues, each the other's image, can go.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,

    /// Not minimal: take clues out only down to --clues' top (by default every puzzle is
    /// minimal: no clue, or with a symmetry no pair of clues, can go without a second
    /// solution).
    #[arg(long)]
    pub no_minimal: bool,

    /// How to write them (default: csv for an -o file named *.csv, else lines).
    #[arg(short, long, value_enum)]
    pub format: Option<GenerateFormatArg>,

    /// The level for a person every puzzle must have (the ladder of `rate`); implies --rate.
    ///
    /// The generator searches toward it as toward `--guesses`. `beyond` (past the whole
    /// ladder, Sudoku Explainer's experimental nestings included) has never been met, so it
    /// runs out of attempts.
    #[arg(long, value_enum)]
    pub level: Option<LevelArg>,

    /// The rating every puzzle must have: a range of `rate`'s scores (Sudoku Explainer's
    /// scale), `7.0..8.5`, `9.0..`, `..4.4` or one score; implies --rate.
    ///
    /// The search climbs the attempts' scores as it does `--guesses` (a puzzle past the ladder
    /// counts as Explainer's 20.0).
    #[arg(long, value_name = "A..B", value_parser = parse_rating)]
    pub rating: Option<Target>,

    /// Rate every puzzle as `rate` does: CSV gets `level`, `hardest` and `score` columns, the
    /// stats the levels.
    ///
    /// Rating costs about as much again as making an unrestricted puzzle.
    #[arg(long)]
    pub rate: bool,

    /// Tries per puzzle (each a round of taking clues out) before a target is given up with a
    /// message that says how close it came.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub attempts: u64,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetryArg {
    /// Any pattern.
    None,
    /// The same after a half turn.
    Rotational,
    /// The same mirrored in the main diagonal.
    Diagonal,
    /// The same mirrored left to right.
    Mirror,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelArg {
    /// Singles only.
    Easy,
    /// Locked candidates, pairs, the X-wing.
    Medium,
    /// Triples, the swordfish, the turbot fish (skyscrapers, kites).
    Hard,
    /// Wings, uniqueness, quads, the jellyfish, strong-link fish and forcing chains.
    Expert,
    /// More than the ladder knows.
    Beyond,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenerateFormatArg {
    /// One puzzle per line, `.` for a blank.
    Lines,
    /// `puzzle,solution,clues,guesses`, ready for `solve --verify`.
    Csv,
}

/// `A..B`, `A..`, `..B` or `N`.
fn parse_target(text: &str) -> Result<Target, String> {
    parse_range(text, |s| s.parse::<u64>().ok())
}

/// A range of scores as `rate` writes them (`7.0..8.5`, `9..`, `6.6`), in tenths.
fn parse_rating(text: &str) -> Result<Target, String> {
    parse_range(text, |s| {
        let (whole, tenth) = s.split_once('.').unwrap_or((s, "0"));
        let tenth = match tenth.len() {
            1 => tenth.parse::<u64>().ok()?,
            _ => return None,
        };
        Some(whole.parse::<u64>().ok()? * 10 + tenth)
    })
}

/// `A..B`, `A..`, `..B` or `N`, each number read by `parse`.
fn parse_range(text: &str, parse: impl Fn(&str) -> Option<u64>) -> Result<Target, String> {
    let number = |s: &str| {
        parse(s.trim())
            .ok_or_else(|| format!("{text:?} is not a range: give A..B, A.., ..B or one number"))
    };
    let target = match text.split_once("..") {
        Some((a, b)) => Target {
            min: if a.trim().is_empty() { 0 } else { number(a)? },
            max: if b.trim().is_empty() {
                u64::MAX
            } else {
                number(b)?
            },
        },
        None => {
            let n = number(text)?;
            Target { min: n, max: n }
        }
    };
    if target.min > target.max {
        return Err(format!("{text:?} is empty: its start is above its end"));
    }
    Ok(target)
}

/// How a run of `solve`, `rate` or `generate` goes: threads, stats, what it says on stderr.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// Threads [default: one per core, or RAYON_NUM_THREADS].
    ///
    /// More than 4 per core are cut to 4 per core, with a warning (past that, threads only add
    /// overhead), however they are asked for (`-j`, `RAYON_NUM_THREADS`, Python's `threads=`).
    #[arg(short = 'j', long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<u64>,

    /// Also write the stats as JSON to this file (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    pub stats: Option<PathBuf>,

    /// No stats table on stderr (and no progress bar unless `--progress always`).
    #[arg(short, long)]
    pub quiet: bool,

    /// Progress bar on stderr: `auto` shows it only when stderr is a terminal and not
    /// `--quiet`.
    #[arg(long, value_enum, default_value_t = ProgressArg::Auto)]
    pub progress: ProgressArg,
}

/// What `solve` and `rate` share: the inputs, the answer key, the run.
#[derive(clap::Args, Debug)]
pub struct BatchArgs {
    /// Input files, read in order as one batch; `-` or none for stdin. Gzip is decompressed.
    ///
    /// A zip archive of one file (Kaggle's downloads) is read as that file, unzipped on a
    /// thread of its own and its checksum checked (both are told by their magic bytes; a zip
    /// cannot come from stdin, as a zip is read from its end). A zip of several files, a tar
    /// archive and xz, bzip2, zstd, 7-Zip or lz4 files are refused with the command that
    /// unpacks them (`unzip -p FILE NAME | sudoku-batch solve -`). Inputs are opened one at a
    /// time (any number of them, in flat memory), after all are checked: each file exists and
    /// is no directory, a regular file's first lines are read to check that it fits the
    /// batch, and a stream (stdin, a pipe) named twice (`- -`, `- /dev/stdin`, one FIFO twice)
    /// is refused, since it can be read only once.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,

    /// Write the answer key here instead of stdout (`-`): whole or not at all (a temporary
    /// file beside it is renamed at the end; docs/solve.md, "Outputs").
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// With `-o`: sync the answer key to disk before renaming it into place, so that it is
    /// whole even after a power cut.
    ///
    /// Off by default, as in `gzip`, `sort` and `sed -i` (the operating system writes it out
    /// later); when on, a background thread syncs the file as it grows, so the run waits only
    /// for the last megabyte or two.
    #[arg(long, requires = "output")]
    pub sync: bool,

    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub run: RunArgs,

    /// Answer only the K-th of N parts of the inputs (for array jobs): the N keys, one after
    /// another, are the whole run's. Reads only its part; inputs must be regular files
    /// (docs/solve.md, "Array jobs").
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
}

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub batch: BatchArgs,

    /// With --verify: the column (CSV) or key (JSON Lines) of the given solutions, a name or a
    /// 1-based number [default: one named solution, solutions or answer (any case), else
    /// (CSV without a header) the first column holding a solved grid].
    #[arg(long, value_name = "NAME|N", requires = "verify")]
    pub solution_column: Option<String>,

    /// Answer-key format [default: from an -o file's name, *.csv, *.tsv, *.jsonl, *.ndjson or
    /// *.json; else csv for CSV input, jsonl for JSON Lines, grid for grids, lines otherwise].
    #[arg(long, value_enum)]
    pub output_format: Option<OutputArg>,

    /// What to look for (docs/solve.md, "Modes").
    #[arg(short, long, value_enum, default_value_t = ModeArg::Unique)]
    pub mode: ModeArg,

    #[command(flatten)]
    pub count: CountArgs,

    /// Give up on a puzzle after N guesses: it gets status `timeout` and the batch goes on.
    #[arg(long, value_name = "N")]
    pub max_guesses: Option<u64>,

    /// CSV output: add `guesses` and `micros` (solve time) columns.
    #[arg(long)]
    pub timing: bool,

    /// Compare each answer with the solution the input gives; a disagreement is status
    /// `mismatch`.
    #[arg(long)]
    pub verify: bool,

    /// Draw the solve-time histogram as an SVG chart (`-`: stdout).
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,

    #[command(flatten)]
    pub dedupe: DedupeArgs,
}

/// Records whose puzzles are the same up to the moves that keep a Sudoku's logic
/// (transposing; permuting bands, stacks, the rows of a band, the columns of a stack;
/// relabelling the digits): one class. The same for `solve` and `canon`.
#[derive(clap::Args, Debug)]
pub struct DedupeArgs {
    /// Answer only the first record of each class; the stats count the others, left out
    /// (docs/canon.md).
    #[arg(long, conflicts_with = "classes")]
    pub dedupe: bool,

    /// Answer every record with its class's number (a `class` column): 1 for the first class
    /// met, in input order.
    #[arg(long)]
    pub classes: bool,
}

#[derive(clap::Args, Debug)]
pub struct CanonArgs {
    #[command(flatten)]
    pub batch: BatchArgs,

    /// Also the canonical form of each puzzle's solution (`canon_solution`): the puzzle is
    /// solved, and one without exactly one solution gets none (its status says why).
    #[arg(long)]
    pub solution: bool,

    #[command(flatten)]
    pub dedupe: DedupeArgs,

    /// Answer-key format [default: from an -o file's name, *.csv, *.tsv, *.jsonl, *.ndjson or
    /// *.json; else csv for CSV input, jsonl for JSON Lines, lines otherwise].
    #[arg(long, value_enum)]
    pub output_format: Option<CanonOutputArg>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CanonOutputArg {
    /// The input's columns, then `canon` (`canon_solution`, `class`), `status`.
    Csv,
    /// The form (the solution's form, the class) per line; the status after them when it is
    /// not `canonical` (`solved` with --solution).
    Lines,
    /// JSON Lines: the input's object or columns, with the same keys added.
    #[value(alias = "json")]
    Jsonl,
}

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub batch: BatchArgs,

    /// The ladder's last technique to try, by its name in the `hardest` column; a puzzle that
    /// needs more is `beyond` [default: the whole ladder]. The nested chains at the top take
    /// seconds a puzzle where they are needed (serate takes minutes), and Explainer's
    /// experimental nestings past them minutes a step: `--up-to nested-dynamic-chain` stops
    /// before those, and `--up-to dynamic-chain` gives up on the forum's hardest lists in
    /// milliseconds a puzzle.
    #[arg(long, value_name = "TECHNIQUE", value_parser = technique_parser())]
    pub up_to: Option<Technique>,

    /// Answer-key format (default: jsonl for an -o file named *.jsonl, else csv).
    #[arg(long, value_enum)]
    pub output_format: Option<RateOutputArg>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateOutputArg {
    /// The input's columns, then `solution`, `status`, `level`, `hardest`, `score`, `pearl`,
    /// `diamond`, `steps`, `left`, `guesses`.
    Csv,
    /// JSON Lines: the input's object or columns, with the same keys added.
    #[value(alias = "json")]
    Jsonl,
}

#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// A puzzle (81 cells, `.` or `0` for a blank), or a file in any layout `solve` reads
    /// (`-` for stdin): its record at --line is explained.
    pub puzzle: String,

    /// With a file: the record on this line [default: the first record].
    #[arg(long, value_name = "N")]
    pub line: Option<u64>,

    #[command(flatten)]
    pub input: InputArgs,

    /// Also draw the pencil marks before step N (0: the start); repeat for more. They are
    /// always drawn where the ladder stops short.
    #[arg(long, value_name = "STEP")]
    pub marks: Vec<u32>,

    /// Under each chain's step, its chains as Sudoku Explainer's views list them: from the
    /// assumption to the conclusion, each implication numbered, with its reason.
    #[arg(long)]
    pub chains: bool,

    /// The ladder's last technique to try, as for `rate` [default: the whole ladder].
    #[arg(long, value_name = "TECHNIQUE", value_parser = technique_parser())]
    pub up_to: Option<Technique>,
}

/// `--up-to`'s values: the ladder's techniques by their key names, easiest first.
fn technique_parser() -> impl TypedValueParser<Value = Technique> {
    let names = Technique::ALL.map(|t| PossibleValue::new(t.key_name()).help(t.name()));
    PossibleValuesParser::new(names)
        .map(|name| Technique::from_key_name(&name).expect("one of the possible values"))
}

/// `--format`'s values: `auto`, then every registered layout with its help.
fn format_parser() -> impl TypedValueParser<Value = String> {
    let auto = PossibleValue::new("auto").help("Detect each input's layout from its first lines");
    let layouts = LAYOUTS
        .iter()
        .map(|k| PossibleValue::new(k.name).help(k.help));
    PossibleValuesParser::new(std::iter::once(auto).chain(layouts))
}

/// The most clues a minimal puzzle is known to have (the forum's searches have found 40 and
/// never 41).
const MOST_CLUES_MINIMAL: u64 = 40;

/// The longest warm-up `bench` takes, in seconds: past it, a warm-up measures nothing more.
const MOST_WARMUP_SECONDS: f64 = 3600.0;

/// A warm-up: seconds from 0 to [`MOST_WARMUP_SECONDS`].
fn parse_warmup(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.0..=MOST_WARMUP_SECONDS).contains(&s) => Ok(s),
        _ => Err(format!(
            "{text:?} is not a warm-up: give seconds from 0 to {MOST_WARMUP_SECONDS}"
        )),
    }
}

/// A thread count: 1 or more.
fn parse_threads(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "{text:?} is not a thread count: give 1 or more (without -j, one per core)"
        )),
    }
}

/// One ASCII character, or `tab`.
fn parse_delimiter(text: &str) -> Result<u8, String> {
    match text {
        "tab" | "\\t" => Ok(b'\t'),
        t if t.len() == 1 && t.is_ascii() && t != "\"" && t != "\n" => Ok(t.as_bytes()[0]),
        t => Err(format!(
            "{t:?} is not one byte: give one ASCII character (use `tab` for a tab; a quote or a line break cannot be a delimiter)"
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

impl ProgressArg {
    /// Whether to show the bar, by `--progress` and `--quiet`.
    fn show(self, quiet: bool) -> bool {
        match self {
            ProgressArg::Always => true,
            ProgressArg::Never => false,
            ProgressArg::Auto => !quiet && std::io::stderr().is_terminal(),
        }
    }
}

impl GenerateArgs {
    /// The generate configuration, and warnings to print.
    pub fn to_config(&self) -> anyhow::Result<(generate::Config, Vec<String>)> {
        let (threads, warning) = bounded_threads(self.run.threads.unwrap_or(0) as usize);
        let output = self
            .output
            .as_deref()
            .map_or(OutputTarget::Stdout, OutputTarget::from_arg);
        let csv_file = matches!(&output, OutputTarget::File(p) if sudoku_batch::output::content_extension(p).as_deref() == Some("csv"));
        let format = match (self.format, csv_file) {
            (Some(GenerateFormatArg::Csv), _) | (None, true) => generate::Format::Csv,
            (Some(GenerateFormatArg::Lines), _) | (None, false) => generate::Format::Lines,
        };
        let options = generate::Options {
            clues: self.clues.unwrap_or(Target::ANY),
            guesses: self.guesses.unwrap_or(Target::ANY),
            symmetry: match self.symmetry {
                SymmetryArg::None => Symmetry::None,
                SymmetryArg::Rotational => Symmetry::Rotational,
                SymmetryArg::Diagonal => Symmetry::Diagonal,
                SymmetryArg::Mirror => Symmetry::Mirror,
            },
            minimal: !self.no_minimal,
            attempts: self.attempts,
            level: self.level.map(|l| match l {
                LevelArg::Easy => Level::Easy,
                LevelArg::Medium => Level::Medium,
                LevelArg::Hard => Level::Hard,
                LevelArg::Expert => Level::Expert,
                LevelArg::Beyond => Level::Beyond,
            }),
            rating: self.rating.unwrap_or(Target::ANY),
            rate: self.rate,
        };
        if options.clues.max < 17 {
            bail!(
                "--clues {}: a puzzle with one solution has 17 clues at least",
                options.clues
            );
        }
        if options.clues.min > 81 {
            bail!("--clues {}: a puzzle has 81 cells", options.clues);
        }
        if options.minimal && options.clues.min > MOST_CLUES_MINIMAL {
            bail!(
                "--clues {}: no minimal puzzle with more than {MOST_CLUES_MINIMAL} clues is known (give --no-minimal for puzzles with a clue to spare)",
                options.clues
            );
        }
        let config = generate::Config {
            count: self.count,
            seed: self.seed,
            options,
            output,
            format,
            threads,
            stats: self.run.stats.as_deref().map(OutputTarget::from_arg),
            progress: self.run.progress.show(self.run.quiet),
        };
        Ok((config, warning.into_iter().collect()))
    }
}

/// The threads `-j` asks for (0: the default), bounded, and the warning when they are cut.
fn bounded_threads(asked: usize) -> (usize, Option<String>) {
    let (threads, why) = sudoku_batch::run::pipeline::thread_count(asked, "-j ");
    (threads, why.map(|why| format!("warning: {why}\n")))
}

fn input_paths(args: &[PathBuf]) -> Vec<InputPath> {
    args.iter().map(|p| InputPath::from_arg(p)).collect()
}

impl BenchArgs {
    /// The bench configuration, and warnings to print.
    pub fn to_config(&self) -> anyhow::Result<(bench::Config, Vec<String>)> {
        if self.count.limit.is_some() && !self.mode.contains(&ModeArg::Count) {
            bail!("--limit applies only to --mode count");
        }
        let limit = self
            .count
            .limit
            .unwrap_or(sudoku_batch::solver::DEFAULT_LIMIT);
        let modes = self.mode.iter().map(|m| m.mode(limit)).collect();
        let mut warnings = Vec::new();
        let mut threads: Vec<usize> = self
            .threads
            .iter()
            .map(|&t| {
                let (n, warning) = bounded_threads(t as usize);
                warnings.extend(warning);
                n
            })
            .collect();
        if threads.is_empty() {
            threads = vec![1, bounded_threads(0).0];
            threads.dedup();
        }
        let config = bench::Config {
            inputs: input_paths(&self.inputs),
            input: self.input.options(None, false),
            modes,
            threads,
            repeat: self.runs as usize,
            warmup: std::time::Duration::from_secs_f64(self.warmup),
        };
        Ok((config, warnings))
    }
}

impl BatchArgs {
    /// [`BatchArgs::to_config`] for a command that reads no given solution.
    fn to_plain_config(&self) -> anyhow::Result<(Config, Vec<String>)> {
        self.to_config(self.input.options(None, false))
    }

    /// The run's configuration as far as these flags decide it (unique mode, the key's format
    /// from the inputs, nothing added), reading the inputs by `input`; and warnings to print.
    fn to_config(&self, input: Options) -> anyhow::Result<(Config, Vec<String>)> {
        let inputs = if self.inputs.is_empty() {
            vec![InputPath::Stdin]
        } else {
            input_paths(&self.inputs)
        };
        let (threads, warning) = bounded_threads(self.run.threads.unwrap_or(0) as usize);
        let config = Config {
            inputs,
            output: self
                .output
                .as_deref()
                .map_or(OutputTarget::Stdout, OutputTarget::from_arg),
            sync: self.sync,
            stats: self.run.stats.as_deref().map(OutputTarget::from_arg),
            input,
            threads,
            progress: self.run.progress.show(self.run.quiet),
            shard: self.shard,
            ..Config::default()
        };
        if self.sync && config.output == OutputTarget::Stdout {
            bail!("--sync needs -o FILE: stdout cannot be synced");
        }
        Ok((config, warning.into_iter().collect()))
    }
}

impl SolveArgs {
    /// The run's configuration, and warnings to print.
    pub fn to_config(&self) -> anyhow::Result<(Config, Vec<String>)> {
        let value = self
            .mode
            .to_possible_value()
            .expect("every mode has a name");
        let mode =
            Mode::from_name(value.get_name(), self.count.limit).map_err(anyhow::Error::msg)?;
        let input = self
            .batch
            .input
            .options(self.solution_column.as_ref(), self.verify);
        let (config, warnings) = self.batch.to_config(input)?;
        let config = Config {
            plot: self.plot.as_deref().map(OutputTarget::from_arg),
            output_format: self.output_format.map(OutputArg::format),
            mode,
            max_guesses: self.max_guesses.unwrap_or(u64::MAX),
            timing: self.timing,
            dedupe: self.dedupe.dedupe(),
            ..config
        };
        Ok((config, warnings))
    }
}

impl DedupeArgs {
    /// What to do with records of one class.
    fn dedupe(&self) -> Dedupe {
        match (self.dedupe, self.classes) {
            (true, _) => Dedupe::Drop,
            (_, true) => Dedupe::Number,
            _ => Dedupe::Keep,
        }
    }
}

impl CanonArgs {
    /// The run's configuration, and warnings to print.
    pub fn to_config(&self) -> anyhow::Result<(Config, Vec<String>)> {
        let (config, warnings) = self.batch.to_plain_config()?;
        let config = Config {
            output_format: self.output_format.map(|f| match f {
                CanonOutputArg::Csv => OutputFormat::Csv,
                CanonOutputArg::Lines => OutputFormat::Lines,
                CanonOutputArg::Jsonl => OutputFormat::Jsonl,
            }),
            canon: Some(Forms {
                solution: self.solution,
            }),
            dedupe: self.dedupe.dedupe(),
            ..config
        };
        Ok((config, warnings))
    }
}

impl ExplainArgs {
    /// What to explain.
    pub fn to_config(&self) -> explain::Config {
        explain::Config {
            puzzle: self.puzzle.clone(),
            line: self.line,
            input: self.input.options(None, false),
            marks: self.marks.clone(),
            chains: self.chains,
            up_to: self.up_to.unwrap_or(Technique::TOP),
        }
    }
}

impl RateArgs {
    /// The run's configuration, and warnings to print.
    pub fn to_config(&self) -> anyhow::Result<(Config, Vec<String>)> {
        let (config, warnings) = self.batch.to_plain_config()?;
        let config = Config {
            output_format: self.output_format.map(|f| match f {
                RateOutputArg::Csv => OutputFormat::Csv,
                RateOutputArg::Jsonl => OutputFormat::Jsonl,
            }),
            rate: Some(self.up_to.unwrap_or(Technique::TOP)),
            ..config
        };
        Ok((config, warnings))
    }
}

#[cfg(test)]
mod options_table;
