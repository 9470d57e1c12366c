//! Canonical forms: which puzzles are the same puzzle up to the moves that keep a Sudoku's
//! logic, and dedupe by them.

mod classes;
mod minlex;

pub use classes::Classes;
pub use minlex::Minlexer;

use crate::grid::Grid;
use std::cell::RefCell;

/// The minimal lexicographic form of `puzzle` (see [`Minlexer`]): equal for two puzzles
/// exactly when one is the other transposed, with bands, stacks, rows within a band, columns
/// within a stack permuted and digits relabelled. A solution grid's form starts `12345678945`.
pub fn minlex(puzzle: &Grid) -> Grid {
    thread_local! {
        static MINLEXER: RefCell<Minlexer> = RefCell::default();
    }
    let form = MINLEXER.with_borrow_mut(|m| m.minlex(puzzle.cells()));
    Grid::from_cells(form).expect("a form's labels are digits")
}

/// What `canon` writes for each record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Forms {
    /// Also the form of the puzzle's solution: the puzzle is solved (in unique mode), and a
    /// puzzle with one solution gets it.
    pub solution: bool,
}

/// What a run does with records whose puzzles are the same up to the moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dedupe {
    /// Answers every record.
    #[default]
    Keep,
    /// Answers the first record of each class, and counts the others (`--dedupe`).
    Drop,
    /// Answers every record with its class's number, 1 for the first class met
    /// (`--classes`).
    Number,
}
