#![warn(missing_docs)]
//! sudoku-batch: solve Sudoku puzzles in bulk.
//!
//! The engine ([`solve`]) knows nothing of files or threads; the [`pipeline`] streams inputs
//! through it on all cores and writes answer keys and stats; [`generate`] makes puzzles.
//!
//! The library is what the documentation shows: the engine and the grid at the crate's root,
//! the pipeline's entry point and configuration ([`pipeline::run`], [`pipeline::Config`] and the
//! types of its fields), generation, and the stats a run returns. The modules hidden from the
//! documentation (the command line's plumbing: progress, signals, output files, the bench) are
//! public only for the binary and the project's own tools, and may change at any time.
//!
//! ```
//! use sudoku_batch::{Mode, Status, solve};
//! let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse()
//!     .unwrap();
//! let outcome = solve(&puzzle, Mode::Unique);
//! assert_eq!(outcome.status, Status::Solved);
//! assert!(outcome.solution.unwrap().check_solution_of(&puzzle).is_ok());
//! ```

#[doc(hidden)]
pub mod answer;
#[doc(hidden)]
pub mod bench;
pub mod canon;
#[doc(hidden)]
pub mod cleanup;
#[doc(hidden)]
pub mod clock;
#[doc(hidden)]
pub mod complaints;
#[doc(hidden)]
pub mod cpu;
#[doc(hidden)]
pub mod explain;
#[doc(hidden)]
pub mod files;
pub mod generate;
pub mod grid;
pub mod input;
pub mod logic;
#[doc(hidden)]
pub mod names;
#[doc(hidden)]
pub mod ordered;
pub mod output;
pub mod pipeline;
#[doc(hidden)]
pub mod plot;
#[doc(hidden)]
pub mod progress;
pub mod record;
pub mod shard;
#[doc(hidden)]
pub mod sink;
pub mod solver;
pub mod stats;
pub mod target;
pub mod verdict;

pub use grid::{Grid, ParseError, Puzzle};
pub use input::GridStyle;
pub use solver::{Mode, Outcome, Status, engine_build, has_solution_without, solve, solve_within};
pub use verdict::Verdict;
