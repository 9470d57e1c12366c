//! sudoku-batch: solve Sudoku puzzles in bulk.
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

pub mod grid;
pub mod solver;

pub use grid::{Grid, ParseError, Puzzle};
pub use solver::{Mode, Outcome, Status, solve};
