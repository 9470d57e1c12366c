//! What the techniques past singles read, computed once per step from the pencil marks: each
//! cell's candidates, and each house's places for each digit. Singles need neither (they run
//! on the digit boards alone, and most puzzles need nothing else).

use super::intersections::{Kind, Lock, locks};
use super::pencil::{Cells, HOUSES, Pencil};
use crate::grid::{CELLS, unit_cells};
use std::cell::OnceCell;

/// The pencil marks, cell by cell and house by house.
pub(crate) struct View<'a> {
    /// The digit boards.
    pub pencil: &'a Pencil,
    /// Each cell's candidates (bit `d - 1` for digit `d`); 0 for a filled cell.
    pub masks: [u16; CELLS],
    /// `places[h][d - 1]`: where `d` may go in house `h`, as positions 0..9 in the house's
    /// reading order (for a row, its columns; for a column, its rows).
    pub places: [[u16; 9]; 27],
}

impl<'a> View<'a> {
    /// The view of `pencil`.
    pub(crate) fn new(pencil: &'a Pencil) -> View<'a> {
        // Row by row: a digit's row is nine bits of its board, already the row's positions;
        // a box's positions are three bits from each of its three rows; a column's (and each
        // cell's mask) take one bit per candidate. One pass over the candidates, where there
        // was one for the masks and three more for the houses (the view is built for most
        // steps past the singles).
        let mut masks = [0u16; CELLS];
        let mut places = [[0u16; 9]; 27];
        for (d, board) in (1..=9).map(|d| pencil.cands(d)).enumerate() {
            for r in 0..9 {
                let row = (board >> (9 * r)) as u16 & 0x1ff;
                places[r][d] = row;
                let first_box = 18 + r / 3 * 3;
                for b in 0..3 {
                    places[first_box + b][d] |= (row >> (3 * b) & 7) << (3 * (r % 3));
                }
                let mut rest = row;
                while rest != 0 {
                    let c = rest.trailing_zeros() as usize;
                    places[9 + c][d] |= 1 << r;
                    masks[9 * r + c] |= 1 << d;
                    rest &= rest - 1;
                }
            }
        }
        View {
            pencil,
            masks,
            places,
        }
    }

    /// Where digit `d` may go in house `h`, as cells.
    pub(crate) fn cells_of(&self, h: usize, d: u8) -> Cells {
        self.pencil.cands(d) & HOUSES[h]
    }
}

/// What a step's search reads past the digit boards, each built when the first technique
/// that reads it is tried: the view (the direct techniques that open the ladder past the
/// singles do without it, and on most steps of an easy puzzle one of them finds the step),
/// and the locked candidates of each kind (read by the direct and the plain techniques).
pub(crate) struct LazyView<'a> {
    pub pencil: &'a Pencil,
    view: OnceCell<View<'a>>,
    locks: [OnceCell<Vec<Lock>>; 2],
}

impl<'a> LazyView<'a> {
    pub(crate) fn new(pencil: &'a Pencil) -> LazyView<'a> {
        LazyView {
            pencil,
            view: OnceCell::new(),
            locks: Default::default(),
        }
    }

    /// The view, built on the first call.
    pub(crate) fn get(&self) -> &View<'a> {
        self.view.get_or_init(|| View::new(self.pencil))
    }

    /// The locks of `kind`, listed on the first call.
    pub(crate) fn locks(&self, kind: Kind) -> &[Lock] {
        self.locks[kind as usize].get_or_init(|| locks(self.pencil, kind))
    }
}

/// The positions (0..9, in reading order) of house `h`'s cells whose candidates pass `keep`.
pub(crate) fn positions(view: &View, h: usize, keep: impl Fn(u16) -> bool) -> u16 {
    let cells = unit_cells(h);
    (0..9)
        .filter(|&i| keep(view.masks[cells[i] as usize]))
        .fold(0, |m, i| m | 1 << i)
}

/// The positions in house `h` of the cells of `set` (the inverse of [`at`]).
pub(crate) fn positions_of(h: usize, set: Cells) -> u16 {
    let cells = unit_cells(h);
    (0..9)
        .filter(|&i| set >> cells[i] & 1 == 1)
        .fold(0, |m, i| m | 1 << i)
}

/// The cells of house `h` at `positions` (a 9-bit mask of positions in reading order).
pub(crate) fn at(h: usize, positions: u16) -> Cells {
    let cells = unit_cells(h);
    (0..9)
        .filter(|i| positions >> i & 1 == 1)
        .fold(0, |set, i| set | 1 << cells[i])
}

/// Every `n`-element subset of the bits of `set` (a 9-bit mask), in increasing order of the
/// subsets' ranks, without allocating (for `n = 0`, the empty set).
pub(crate) fn subsets_of(set: u16, n: u32) -> impl Iterator<Item = u16> {
    // The set bits of `set`, so that subsets of 0..len map onto them.
    let mut bits = [0u16; 16];
    let mut len = 0;
    let mut rest = set;
    while rest != 0 {
        bits[len] = rest & rest.wrapping_neg();
        rest &= rest - 1;
        len += 1;
    }
    // Gosper's hack walks the `n`-bit subsets of 0..len in increasing order.
    let limit = 1u32 << len;
    let mut next = if n as usize <= len {
        (1u32 << n) - 1
    } else {
        limit
    };
    std::iter::from_fn(move || {
        if next >= limit {
            return None;
        }
        let chosen = next;
        let low = next & next.wrapping_neg();
        next = match low {
            0 => limit, // n = 0: the empty set is the only one
            _ => {
                let ripple = next + low;
                (((ripple ^ next) >> 2) / low) | ripple
            }
        };
        let mut mask = 0;
        let mut c = chosen;
        while c != 0 {
            mask |= bits[c.trailing_zeros() as usize];
            c &= c - 1;
        }
        Some(mask)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn subsets_of_a_set_are_every_choice_of_its_bits() {
        let naive = |set: u16, n: u32| -> Vec<u16> {
            (0..512u16)
                .filter(|s| s & !set == 0 && s.count_ones() == n)
                .collect()
        };
        for set in [0u16, 0b1, 0b1011, 0x1ff, 0b1_0101_0100] {
            for n in 0..=5 {
                let mut ours: Vec<u16> = subsets_of(set, n).collect();
                ours.sort_unstable();
                assert_eq!(ours, naive(set, n), "{set:b} {n}");
            }
        }
    }

    #[test]
    fn the_view_matches_the_digit_boards() {
        let puzzle: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let p = Pencil::new(&puzzle).unwrap();
        let view = View::new(&p);
        for c in 0..CELLS {
            assert_eq!(view.masks[c], p.cell_mask(c));
        }
        for h in 0..27 {
            for d in 1..=9u8 {
                assert_eq!(at(h, view.places[h][d as usize - 1]), view.cells_of(h, d));
            }
        }
    }
}
