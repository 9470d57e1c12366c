//! The candidate grid that chains walk on and change as they go.

use super::pencil::{Cells, HOUSES, Pencil};

/// The candidates the chains walk on: each cell's as a digit mask (bit `d - 1`), and each
/// digit's cells as a board.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Marks {
    pub(super) masks: [u16; 81],
    pub(super) boards: [Cells; 9],
}

impl Marks {
    pub(super) fn of(p: &Pencil) -> Marks {
        Marks {
            masks: std::array::from_fn(|c| p.cell_mask(c)),
            boards: std::array::from_fn(|i| p.cands(i as u8 + 1)),
        }
    }
    pub(super) fn has(&self, cell: usize, digit: u8) -> bool {
        self.masks[cell] >> (digit - 1) & 1 == 1
    }
    pub(super) fn count(&self, cell: usize) -> u32 {
        self.masks[cell].count_ones()
    }
    /// The cells of `house` (a [`HOUSES`] index) where `digit` may go.
    pub(super) fn places(&self, house: usize, digit: u8) -> Cells {
        self.boards[digit as usize - 1] & HOUSES[house]
    }
    pub(super) fn remove(&mut self, cell: usize, digit: u8) {
        self.masks[cell] &= !(1 << (digit - 1));
        self.boards[digit as usize - 1] &= !(1 << cell);
    }
}
