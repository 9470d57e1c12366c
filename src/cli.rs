//! The command line, as clap derive structs: nothing else lives here.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Solve Sudoku puzzles in bulk.
#[derive(Parser, Debug)]
#[command(version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve every puzzle of a file, one answer per line on stdout.
    Solve(SolveArgs),
}

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Input file: one puzzle per line, 81 characters, `0` or `.` for blanks.
    pub input: PathBuf,

    /// What to look for.
    #[arg(long, value_enum, default_value_t = ModeArg::Unique)]
    pub mode: ModeArg,

    /// With `--mode count`: stop counting at this many solutions.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
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
