//! The command line, as clap derive structs, and its one conversion into the library's
//! [`Config`].

use anyhow::bail;
use clap::{Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::path::PathBuf;
use sudoku_batch::Mode;
use sudoku_batch::input::{Format, InputPath};
use sudoku_batch::pipeline::Config;

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
}

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Input files, read in order as one batch; `-` or none for stdin. Gzip is decompressed.
    pub inputs: Vec<PathBuf>,

    /// Write the answer key here instead of stdout (atomically: a temporary file is renamed).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Input format; `auto` detects it from each input's first line.
    #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
    pub format: FormatArg,

    /// CSV input: the puzzle column's name (default: `puzzle`, `quizzes` or `quiz`, else the
    /// first column that holds puzzles).
    #[arg(long, value_name = "NAME")]
    pub column: Option<String>,

    /// Answer-key format (default: csv for CSV input or an `-o` file named *.csv, grid for
    /// grid input, lines otherwise).
    #[arg(long, value_enum)]
    pub output_format: Option<OutputArg>,

    /// What to look for.
    #[arg(long, value_enum, default_value_t = ModeArg::Unique)]
    pub mode: ModeArg,

    /// With `--mode count`: stop counting at this many solutions [default: 1000].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Solver threads [default: one per core].
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub threads: Option<u64>,

    /// Also write the stats as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub stats: Option<PathBuf>,

    /// CSV output: add `guesses` and `micros` (solve time) columns.
    #[arg(long)]
    pub timing: bool,

    /// Compare each answer with the input's `solution`/`solutions` column; a disagreement is
    /// status `mismatch`.
    #[arg(long)]
    pub verify: bool,

    /// No stats table on stderr (and no progress bar unless `--progress always`).
    #[arg(short, long)]
    pub quiet: bool,

    /// Progress bar on stderr: `auto` shows it when stderr is a terminal.
    #[arg(long, value_enum, default_value_t = ProgressArg::Auto)]
    pub progress: ProgressArg,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatArg {
    Auto,
    /// One puzzle per line: 81 characters, `0` or `.` for blanks.
    Lines,
    /// A header row; the puzzle in one column.
    Csv,
    /// 9 lines of 9 digits per puzzle, with or without spaces.
    Grid,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputArg {
    /// The input's columns, then `solution` and `status`.
    Csv,
    /// The solution per line, then the status when it is not `solved`.
    Lines,
    /// 9 rows per solution, in the input's style.
    Grid,
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

impl SolveArgs {
    /// The run's configuration.
    pub fn to_config(&self) -> anyhow::Result<Config> {
        let mode = match (self.mode, self.limit) {
            (ModeArg::Count, limit) => Mode::Count(limit.unwrap_or(1000)),
            (_, Some(_)) => bail!("--limit applies only to --mode count"),
            (ModeArg::Unique, None) => Mode::Unique,
            (ModeArg::First, None) => Mode::First,
            (ModeArg::Lexmin, None) => Mode::LexMin,
        };
        let inputs = if self.inputs.is_empty() {
            vec![InputPath::Stdin]
        } else {
            self.inputs.iter().map(|p| InputPath::from_arg(p)).collect()
        };
        let progress = match self.progress {
            ProgressArg::Always => true,
            ProgressArg::Never => false,
            ProgressArg::Auto => !self.quiet && std::io::stderr().is_terminal(),
        };
        Ok(Config {
            inputs,
            output: self.output.clone(),
            format: match self.format {
                FormatArg::Auto => None,
                FormatArg::Lines => Some(Format::Lines),
                FormatArg::Csv => Some(Format::Csv),
                FormatArg::Grid => Some(Format::Grid),
            },
            column: self.column.clone(),
            output_format: self.output_format.map(|o| match o {
                OutputArg::Csv => Format::Csv,
                OutputArg::Lines => Format::Lines,
                OutputArg::Grid => Format::Grid,
            }),
            mode,
            threads: self.threads.unwrap_or(0) as usize,
            verify: self.verify,
            timing: self.timing,
            progress,
        })
    }
}
