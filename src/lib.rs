#![warn(missing_docs)]
//! sudoku-batch: solve Sudoku puzzles in bulk.
//!
//! The engine ([`solve`]) knows nothing of files or threads; the [`run::pipeline`] streams inputs
//! through it on all cores and writes answer keys and stats; [`generate`] makes puzzles.
//!
//! The library is what the documentation shows: the engine and the grid at the crate's root,
//! the pipeline's entry point and configuration ([`run::pipeline::run`], [`run::pipeline::Config`] and the
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
pub mod bench;
pub mod canon;
#[doc(hidden)]
pub mod explain;
pub mod generate;
pub mod grid;
pub mod input;
pub mod logic;
#[doc(hidden)]
pub mod names;
pub mod output;
pub mod record;
pub mod report;
pub mod run;
pub mod solver;

pub use grid::{Grid, ParseError, Puzzle};
pub use input::GridStyle;
pub use record::Verdict;
pub use solver::{Mode, Outcome, Status, engine_build, has_solution_without, solve, solve_within};
