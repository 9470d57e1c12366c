//! Depth-first search over copies of the board, stopping as soon as the mode has its answer.

use super::board::Board;
use crate::grid::Grid;

/// Which cell to branch on, and so which solution comes first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// The cell with the fewest candidates: the smallest tree.
    FewestCandidates,
    /// The first empty cell in row-major order, digits ascending: the first solution found is
    /// the lexicographically smallest, because propagation only removes impossible values.
    RowMajor,
}

/// What one search found.
pub(crate) struct Found {
    pub count: u64,
    pub first: Option<Grid>,
    pub guesses: u64,
    /// The search stopped at its guess budget, not at its end or its limit.
    pub gave_up: bool,
}

/// Counts solutions of `board` up to `limit` (at least 1), keeping the first one found, and
/// gives up rather than take more than `max_guesses` guesses.
pub(crate) fn search(board: Board, order: Order, limit: u64, max_guesses: u64) -> Found {
    let mut s = Search {
        order,
        limit: limit.max(1),
        max_guesses,
        found: Found {
            count: 0,
            first: None,
            guesses: 0,
            gave_up: false,
        },
    };
    s.explore(board);
    s.found
}

struct Search {
    order: Order,
    limit: u64,
    max_guesses: u64,
    found: Found,
}

impl Search {
    /// Explores every solution below `board`; true once the limit or the guess budget is
    /// reached.
    fn explore(&mut self, mut board: Board) -> bool {
        loop {
            if !board.propagate() {
                return false;
            }
            if board.is_solved() {
                let found = &mut self.found;
                found.count += 1;
                found.first.get_or_insert_with(|| board.to_grid());
                return found.count >= self.limit;
            }
            let cell = match self.order {
                Order::FewestCandidates => board.fewest_candidates_cell(),
                Order::RowMajor => board.first_unsolved().expect("not solved"),
            };
            let mut digits = board.digits_at(cell);
            // Every candidate but the last is a guess on a copy; the last is what remains here.
            while digits & (digits - 1) != 0 {
                if self.found.guesses >= self.max_guesses {
                    self.found.gave_up = true;
                    return true;
                }
                let mut child = board;
                child.place(digits.trailing_zeros() as usize, cell);
                self.found.guesses += 1;
                if self.explore(child) {
                    return true;
                }
                digits &= digits - 1;
            }
            board.place(digits.trailing_zeros() as usize, cell);
        }
    }
}
