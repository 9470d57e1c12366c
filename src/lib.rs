//! sudoku-batch: solve Sudoku puzzles in bulk.
//!
//! The engine ([`solve`]) knows nothing of files or threads; the [`pipeline`] streams inputs
//! through it on all cores and writes answer keys and stats.
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

pub mod answer;
pub mod bench;
pub mod cleanup;
pub mod clock;
pub mod complaints;
pub mod files;
pub mod generate;
pub mod grid;
pub mod input;
pub mod names;
pub mod ordered;
pub mod output;
pub mod pipeline;
pub mod plot;
pub mod progress;
pub mod shard;
pub mod sink;
pub mod solver;
pub mod stats;
pub mod target;
pub mod verdict;

pub use grid::{Grid, ParseError, Puzzle};
pub use input::GridStyle;
pub use solver::{Mode, Outcome, Status, has_solution_without, solve, solve_within};
pub use verdict::Verdict;
