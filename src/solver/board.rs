//! The engine's state and its constraint propagation.
//!
//! The grid is held as one 27-bit word per digit and band (three rows of nine cells; bit
//! `9 * row + column` within the band), a band's nine digits side by side. Most inference
//! then stays inside one word. In a band, a digit takes one cell in each of its three rows and
//! three boxes, so the rows×boxes segments it can use must contain a permutation: one table
//! look-up removes every segment outside all such permutations (pointing and claiming within
//! the band, hidden singles in rows and boxes). A box whose candidates sit in one column claims
//! that column from the other bands; a column left in one band claims its box there (hidden
//! singles in columns).
//! Naked singles come from a carry-save count of the nine digit words of a band.
//!
//! The same permutations give the search its strongest branch (`split`). The bit layout and
//! the tables are in `tables`.

use super::clues::filled_cells;
use super::split::{Shapes, Split};
use super::tables::{
    BAND, BAND_PEERS, COLUMN_CELLS, LONE, Occupancy, PERM_SEGMENTS, PERMITTED, PERMS, ROW,
    SEGMENT_CELLS, SIBLINGS, SPREAD, UNCLAIMED, WORDS, band_of, column_cells, columns,
    lone_in_groups, lone_in_row, occupancy, word,
};
use crate::grid::{CELLS, Grid};
/// The search state: small and `Copy`, so that a branch is a copy and a failure is a drop.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    /// Where each digit can still go, placed cells included: `words[word(digit, band)]`.
    words: [u32; WORDS],
    /// Words changed since they were last settled (bit `k` for `words[k]`).
    dirty: u32,
    /// Cells of each band not yet holding a digit.
    unsolved: [u32; 3],
}

// Every rule the search calls is `#[inline(always)]`, here and in `split` and `tables`: the
// search is compiled once per instruction set (`isa`), and each build needs its own copy of
// them; left to itself, the compiler kept one shared baseline copy and the gain went.
impl Board {
    /// The board with the puzzle's clues placed, before propagation; `None` if two clues
    /// break a rule.
    #[inline(always)]
    pub(crate) fn from_clues(puzzle: &Grid) -> Option<Board> {
        let cells = puzzle.cells();
        let filled = filled_cells(cells);
        let (mut clues, mut seen) = ([0u32; WORDS], [0u32; WORDS]);
        let mut columns = [0u32; 9];
        // Two clues of a digit break a rule when they share a column (found here: the second
        // finds its column taken) or when one sees the other within a band (row, box).
        let mut shared_column = 0;
        for band in 0..3 {
            let mut rest = filled[band];
            while rest != 0 {
                let pos = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let d = usize::from(cells[27 * band + pos]) - 1;
                let k = word(d, band);
                let column = COLUMN_CELLS[pos];
                clues[k] |= 1 << pos;
                seen[k] |= BAND_PEERS[pos];
                shared_column |= columns[d] & column;
                columns[d] |= column;
            }
        }
        if shared_column != 0 || (0..WORDS).any(|k| clues[k] & seen[k] != 0) {
            return None;
        }
        // Each clue also rules its digit out of its column (in the other bands; within its
        // band the rest of the column is in its box).
        let mut words = [0; WORDS];
        for (d, &column) in columns.iter().enumerate() {
            for (band, &filled) in filled.iter().enumerate() {
                let k = word(d, band);
                words[k] = (BAND & !filled & !seen[k] & !column) | clues[k];
            }
        }
        Some(Board {
            words,
            dirty: (1 << WORDS) - 1,
            unsolved: filled.map(|f| BAND & !f),
        })
    }

    /// True when every cell holds a digit.
    #[inline(always)]
    pub(crate) fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// How many cells hold no digit yet.
    #[inline(always)]
    pub(crate) fn open_cells(&self) -> u32 {
        self.unsolved.iter().map(|u| u.count_ones()).sum()
    }

    /// The first empty cell in row-major order, if any.
    #[inline(always)]
    pub(crate) fn first_unsolved(&self) -> Option<usize> {
        (0..3)
            .find(|&b| self.unsolved[b] != 0)
            .map(|b| 27 * b + self.unsolved[b].trailing_zeros() as usize)
    }

    /// Puts digit index `d` in `cell` by removing the digit from the rest of the cell's row
    /// and box in the band. Settling the word then finds the row's one cell, fixes it, and
    /// clears it from the other digits.
    #[inline(always)]
    pub(crate) fn place(&mut self, d: usize, cell: usize) {
        let (k, pos) = (word(d, cell / 27), cell % 27);
        self.words[k] &= !BAND_PEERS[pos];
        self.dirty |= 1 << k;
    }

    /// Takes digit index `d` out of `cell`'s candidates.
    #[inline(always)]
    pub(crate) fn exclude(&mut self, d: usize, cell: usize) {
        self.dirty |= self.clear(word(d, cell / 27), 1 << (cell % 27));
    }

    /// Propagates to a fixpoint. False when the board has no solution: a cell without a
    /// candidate, or a digit without a place in some row, column or box. `EVERY_COLUMN`: see
    /// `settle_words`. `O`: how settling finds a word's occupancy (`Isa`).
    #[inline(always)]
    pub(crate) fn propagate<const EVERY_COLUMN: bool, O: Occupancy>(&mut self) -> bool {
        loop {
            if !self.settle_words::<EVERY_COLUMN, O>() {
                return false;
            }
            match self.naked_singles() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Removes `cells` from a word; its dirty bit if that changed it, else 0. (Callers gather
    /// the bits in a local: a field updated on every call would chain the stores.)
    #[inline(always)]
    fn clear(&mut self, k: usize, cells: u32) -> u32 {
        let word = self.words[k];
        let left = word & !cells;
        self.words[k] = left;
        u32::from(left != word) << k
    }

    /// Band-word inference until no word changes.
    ///
    /// The band rules run to their fixpoint first, then the column rule for the digits whose
    /// columns may have changed. With `EVERY_COLUMN`, those are all the digits whose words
    /// changed. Without, only the digits whose own settling took a column out of a band: the
    /// columns that other rules clear (a cell solved for another digit, a guess) are not
    /// followed up. That spares 90% of the column work, which the easy boards of serg_benchmark
    /// never profit from (+8% instructions with it), at the price of 10-16% more guesses on
    /// the hard sets; the search asks for every column where the tree is decided.
    #[inline(always)]
    fn settle_words<const EVERY_COLUMN: bool, O: Occupancy>(&mut self) -> bool {
        let mut dirty = std::mem::take(&mut self.dirty);
        // The words whose digits the column rule takes up next (bit `k` for `words[k]`): by
        // word, not by digit, because a word's bit is at hand and its digit, `k % 9`, costs a
        // multiplication and shifts on every settle.
        let mut for_columns = 0u32;
        // The cells each word solved (a row left with one place), kept across batches: a cell
        // is solved once, so old bits never meet a new batch's cells.
        let mut solved_by = [0u32; WORDS];
        loop {
            while dirty != 0 {
                // In batches: which word comes next does not wait for the last settle's result,
                // so the CPU overlaps consecutive settles (+4-8%, measured). A word marked by
                // an earlier settle of its batch is unmarked when its own turn comes.
                let mut batch = std::mem::take(&mut dirty);
                if EVERY_COLUMN {
                    for_columns |= batch;
                }
                let mut solved = [0u32; 3];
                while batch != 0 {
                    let k = batch.trailing_zeros() as usize;
                    batch &= batch - 1;
                    let band = band_of(k);
                    // The cells solved earlier in the batch stay in this word until the pass
                    // below, so that its settle does not wait for theirs: taking them out here
                    // chained every settle of a band to the one before (serg_benchmark and
                    // kaggle 6-9% slower, though it spared settles).
                    let before = columns(self.words[k]);
                    match self.settle_word::<O>(k) {
                        Some((more, cells)) => {
                            dirty = (dirty | more) & !(1 << k);
                            solved[band] |= cells;
                            solved_by[k] |= cells;
                        }
                        None => return false,
                    }
                    if !EVERY_COLUMN {
                        for_columns |= u32::from(columns(self.words[k]) != before) << k;
                    }
                }
                // The batch's solved cells leave the other digits once per band, not once per
                // settle that solved one (kaggle: a fourth as many passes over a band's nine
                // words). Until then the other digits keep them as candidates, which is sound:
                // a superset of the candidates infers less, never wrongly, and a settle cannot
                // solve a cell already solved (`unsolved`). A word this pass leaves with no
                // place is dirty, and found out when it settles next.
                for (band, &cells) in solved.iter().enumerate() {
                    if cells != 0 {
                        for e in 0..9 {
                            let k = word(e, band);
                            dirty |= self.clear(k, cells & !solved_by[k]);
                        }
                    }
                }
            }
            if for_columns == 0 {
                return true;
            }
            // Band-major words: a digit's three words are nine bits apart.
            let mut digits = (for_columns | for_columns >> 9 | for_columns >> 18) & ROW;
            for_columns = 0;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                match self.claim_columns(d) {
                    Some(more) => dirty |= more,
                    None => return false,
                }
            }
        }
    }

    /// Inference on one digit within one band (see the module comment): the words it changed
    /// and the cells it solved, which the caller takes out of the other digits' words; `None`
    /// when the digit has no place left in the band.
    #[inline(always)]
    fn settle_word<O: Occupancy>(&mut self, k: usize) -> Option<(u32, u32)> {
        let band = band_of(k);
        let mut cells = self.words[k];
        cells &= PERMITTED[O::of(cells) as usize];
        if cells == 0 {
            return None;
        }
        // A box whose candidates share one column holds the digit in that column.
        let claimed = LONE[columns(cells) as usize];
        let [k1, k2] = SIBLINGS[k].map(usize::from);
        let dirty = self.clear(k1, claimed) | self.clear(k2, claimed);
        // A row with one candidate left holds the digit there: the cell is solved.
        let fixed = (lone_in_row(cells & ROW)
            | lone_in_row(cells >> 9 & ROW) << 9
            | lone_in_row(cells >> 18) << 18)
            & self.unsolved[band];
        self.unsolved[band] &= !fixed;
        self.words[k] = cells;
        Some((dirty, fixed))
    }

    /// Columns where digit `d` is left in one band only: there, the column's box keeps the
    /// digit in that column. The words it changed, or `None` when a column has no place left.
    #[inline(always)]
    fn claim_columns(&mut self, d: usize) -> Option<u32> {
        let cols = [0, 1, 2].map(|b| columns(self.words[word(d, b)]));
        if cols[0] | cols[1] | cols[2] != ROW {
            return None;
        }
        let mut dirty = 0;
        for band in 0..3 {
            let only = cols[band] & !(cols[(band + 1) % 3] | cols[(band + 2) % 3]);
            dirty |= self.clear(word(d, band), UNCLAIMED[only as usize]);
        }
        Some(dirty)
    }

    /// Places every cell that has one candidate left. `None` if a cell has none; otherwise
    /// whether anything was placed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut dirty = 0;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue; // a solved band has no singles and no empty cells
            }
            let (mut once, mut twice) = (0, 0);
            for d in 0..9 {
                let w = self.words[word(d, band)];
                twice |= once & w;
                once |= w;
            }
            if unsolved & !once != 0 {
                return None;
            }
            let singles = unsolved & !twice;
            if singles == 0 {
                continue;
            }
            for d in 0..9 {
                let k = word(d, band);
                let mut rest = singles & self.words[k];
                while rest != 0 {
                    let pos = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    dirty |= self.clear(k, BAND_PEERS[pos]);
                }
            }
        }
        self.dirty |= dirty;
        Some(dirty != 0)
    }

    /// An unsolved cell with the fewest candidates (a two-candidate cell when there is one).
    ///
    /// Among two-candidate cells it takes the last in reading order. Which one is a free
    /// choice; the published benchmark sets favour this one (puzzle lists are often stored in
    /// canonical forms that put their clues at the top, and the "hardest for a backtracker"
    /// set was picked against top-first search): measured with `bench` when cells were the only
    /// branch, it cut guesses on forum_hardest_1905_hardest_1584 from 1011 to 232 per puzzle;
    /// with splits, the first cell is still 2-4% slower on every set.
    #[inline(always)]
    pub(crate) fn fewest_candidates_cell(&self) -> usize {
        for band in (0..3).rev() {
            if self.unsolved[band] == 0 {
                continue; // a solved band has no pairs: spare the scan
            }
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for d in 0..9 {
                let w = self.words[word(d, band)];
                thrice |= twice & w;
                twice |= once & w;
                once |= w;
            }
            let pairs = self.unsolved[band] & !thrice;
            if pairs != 0 {
                return 27 * band + 31 - pairs.leading_zeros() as usize;
            }
        }
        let mut best = (u32::MAX, 0);
        for cell in 0..CELLS {
            if self.unsolved[cell / 27] >> (cell % 27) & 1 == 1 {
                best = best.min((self.digits_at(cell).count_ones(), cell));
            }
        }
        best.1
    }

    /// Each digit's rows×boxes occupancy and columns in its three bands, for `triads` and
    /// `Shapes::split`.
    #[inline(always)]
    pub(crate) fn shapes(&self) -> Shapes {
        super::shapes::shapes(&self.words)
    }

    /// Minirows and minicolumns (the three cells of a row, or of a column, in one box) hold
    /// three digits each. Counts, for each, the digits that can go there and the digits
    /// confined there (their only segment in that row, their only column in that box): fewer
    /// than three that can, or more than three confined, is a contradiction (`None`); three
    /// confined push the other digits out; exactly three that can are each confined there
    /// (tdoku's triads work both ways too). Otherwise whether a word changed.
    #[inline(always)]
    pub(crate) fn triads(&mut self, shapes: &Shapes) -> Option<bool> {
        // A digit's minirows (its rows×boxes occupancy, low half) and minicolumns (its
        // columns, high half) in one word, all three bands: one pass counts both.
        let both = |d: usize| u64::from(shapes.rows[d]) | u64::from(shapes.cols[d]) << 32;
        // Saturating counts per bit: how many digits can go there, how many are confined
        // there (at least 1, 2, 3, 4).
        let (mut can, mut confined) = ([0u64; 4], [0u64; 4]);
        fn add<const N: usize>(t: &mut [u64; N], x: u64) {
            for i in (1..N).rev() {
                t[i] |= t[i - 1] & x;
            }
            t[0] |= x;
        }
        // Each digit's groups it is confined to. (A loop, not `array::from_fn`: that one stayed
        // out of line, outside the `isa` build.)
        let mut alone_in = [0u64; 9];
        for (d, alone) in alone_in.iter_mut().enumerate() {
            *alone = lone_in_groups(both(d));
            add(&mut can, both(d));
            add(&mut confined, *alone);
        }
        if can[2] as u32 & (can[2] >> 32) as u32 != BAND || confined[3] != 0 {
            return None;
        }
        // Only where a cell is still empty: three confined push the other digits out, and
        // exactly three that can, not yet all confined there, are each confined there.
        let open =
            |f: fn(u32) -> u32| (0..3).fold(0, |acc, b| acc | f(self.unsolved[b]) << (9 * b));
        let open = u64::from(open(occupancy)) | u64::from(open(columns)) << 32;
        let full = confined[2] & open;
        let exact = can[2] & !can[3] & !confined[2] & open;
        if full | exact == 0 {
            return Some(false);
        }
        let mut dirty = 0;
        for (d, &alone) in alone_in.iter().enumerate() {
            // Only the groups where the digit is still a candidate: most digits have none.
            let (out, held) = (full & !alone & both(d), exact & both(d));
            if out | held == 0 {
                continue;
            }
            let (out_rows, out_cols) = (out as u32, (out >> 32) as u32);
            // A digit held in a minirow leaves the rest of its row, and in a minicolumn the
            // column in the other bands: settling then takes it out of the rest of the box
            // (the band's permutations, the column rule), as for any digit so confined.
            let (held_rows, held_cols) = (held as u32, (held >> 32) as u32);
            let held_columns = columns(held_cols);
            for b in 0..3 {
                let rows = held_rows >> (9 * b) & ROW;
                let whole_rows = ((rows | rows >> 1 | rows >> 2) & 0o111) * 7;
                let rest_of_row = whole_rows & !rows;
                let cols = held_cols >> (9 * b) & ROW;
                let segments = out_rows >> (9 * b) & ROW | rest_of_row;
                let column_set = out_cols >> (9 * b) & ROW | held_columns & !cols;
                let cells = SEGMENT_CELLS[segments as usize] | column_cells(column_set);
                dirty |= self.clear(word(d, b), cells);
            }
        }
        self.dirty |= dirty;
        Some(dirty != 0)
    }

    /// Keeps the split's digit to permutation `p` in its band or stack (only the words that
    /// change get settled again).
    #[inline(always)]
    pub(crate) fn take(&mut self, split: Split, p: usize) {
        self.keep(split, PERM_SEGMENTS[p]);
    }

    /// Keeps the split's digit to the segments of `shape` in its band (bit `3 * row + box`)
    /// or stack (bit `3 * band + column`).
    #[inline(always)]
    pub(crate) fn keep(&mut self, split: Split, shape: u16) {
        let (d, unit, shape) = (
            usize::from(split.digit),
            usize::from(split.unit),
            u32::from(shape),
        );
        if unit < 3 {
            let kept = SEGMENT_CELLS[shape as usize];
            self.dirty |= self.clear(word(d, unit), BAND & !kept);
        } else {
            // Band `b` keeps the stack's columns in bits `3 * b..3 * b + 3`.
            let first = 3 * (unit - 3);
            for b in 0..3 {
                let dropped = column_cells((7 & !(shape >> (3 * b))) << first);
                self.dirty |= self.clear(word(d, b), dropped);
            }
        }
    }

    /// Of the split's `alternatives` (bit `p` for `PERMS[p]`), the permutation whose segments
    /// hold the fewest candidates of its digit, the lowest on a tie.
    #[inline(always)]
    pub(crate) fn fewest_candidates_permutation(&self, split: Split, alternatives: u16) -> usize {
        let (d, unit) = (usize::from(split.digit), usize::from(split.unit));
        // The digit's candidates per segment, in the shape's bit order.
        let mut segment = [0; 9];
        for (i, count) in segment.iter_mut().enumerate() {
            let (line, other) = (i / 3, i % 3);
            let cells = match unit {
                0..3 => self.words[word(d, unit)] >> (9 * line + 3 * other) & 7,
                _ => self.words[word(d, line)] & column_cells(1 << (3 * (unit - 3) + other)),
            };
            *count = cells.count_ones();
        }
        let mut best = u32::MAX;
        let mut left = alternatives;
        while left != 0 {
            let p = left.trailing_zeros();
            left &= left - 1;
            let candidates: u32 = PERMS[p as usize]
                .iter()
                .enumerate()
                .map(|(line, &other)| segment[3 * line + other])
                .sum();
            best = best.min(candidates << 3 | p);
        }
        (best & 7) as usize
    }

    /// The candidate digit indices of `cell`, as bits 0..9.
    #[inline(always)]
    pub(crate) fn digits_at(&self, cell: usize) -> u16 {
        let (band, pos) = (cell / 27, cell % 27);
        (0..9).fold(0, |acc, d| {
            acc | ((self.words[word(d, band)] >> pos & 1) as u16) << d
        })
    }

    /// The grid of placed digits (0 where unsolved).
    #[inline(always)]
    pub(crate) fn to_grid(self) -> Grid {
        // Bit-sliced: plane `j` holds the cells whose digit has bit `j` set; each plane then
        // spreads to bytes eight cells at a time (no loop over cells).
        let mut bytes = [0u8; 3 * 32];
        for band in 0..3 {
            let placed = !self.unsolved[band];
            let mut planes = [0u32; 4];
            for d in 0..9 {
                let cells = self.words[word(d, band)] & placed;
                for (j, plane) in planes.iter_mut().enumerate() {
                    if (d + 1) >> j & 1 == 1 {
                        *plane |= cells;
                    }
                }
            }
            for eight in 0..4 {
                let spread = planes.iter().enumerate().fold(0, |acc, (j, plane)| {
                    acc | SPREAD[(plane >> (8 * eight) & 0xff) as usize] << j
                });
                bytes[32 * band + 8 * eight..][..8].copy_from_slice(&spread.to_le_bytes());
            }
        }
        let mut cells = [0u8; CELLS];
        for band in 0..3 {
            cells[27 * band..][..27].copy_from_slice(&bytes[32 * band..][..27]);
        }
        Grid::from_cells(cells).expect("digits are 1..=9")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::tables::{BAND, BAND_PEERS, Lookup, ROW, SEGMENTS_OF, column_cells, word};

    /// The empty board, propagated: every digit everywhere.
    fn open_board() -> Board {
        let mut board = Board::from_clues(&Grid::EMPTY).unwrap();
        assert!(board.propagate::<true, Lookup>());
        board
    }

    #[test]
    fn from_clues_leaves_each_digit_where_no_clue_rules_it_out() {
        // Random clue sets, many of them breaking a rule: the board is refused exactly when
        // two clues clash, and otherwise a digit can go in a cell when the cell holds it, or
        // is empty with no clue of the digit in its row, column or box.
        let mut rng = crate::generate::Rng::new(7);
        for round in 0..3000 {
            let density = 1 + round % 40;
            let cells: [u8; 81] = std::array::from_fn(|_| match rng.below(100) {
                x if x < density => 1 + rng.below(9) as u8,
                _ => 0,
            });
            let grid = Grid::from_cells(cells).unwrap();
            let board = Board::from_clues(&grid);
            assert_eq!(board.is_none(), grid.find_conflict().is_some(), "{grid}");
            let Some(board) = board else { continue };
            let sees = |a: usize, b: usize| {
                a / 9 == b / 9 || a % 9 == b % 9 || (a / 27, a % 9 / 3) == (b / 27, b % 9 / 3)
            };
            for cell in 0..81 {
                let want: u16 = match cells[cell] {
                    0 => (0..9)
                        .filter(|&d| (0..81).all(|o| !sees(cell, o) || cells[o] != d as u8 + 1))
                        .fold(0, |m, d| m | 1 << d),
                    v => 1 << (v - 1),
                };
                assert_eq!(board.digits_at(cell), want, "{grid} cell {cell}");
            }
            let unsolved = (0..81).filter(|&c| board.unsolved[c / 27] >> (c % 27) & 1 == 1);
            assert!(unsolved.eq((0..81).filter(|&c| cells[c] == 0)));
        }
    }

    // Each rule on its own, on the open board: one change, one call, its effect.

    #[test]
    fn a_row_confined_to_one_box_clears_that_box_from_the_other_rows() {
        let mut board = open_board();
        board.words[word(0, 0)] &= !0o770; // row 0 of band 0: box 0 only
        assert!(board.settle_word::<Lookup>(word(0, 0)).is_some());
        let w = board.words[word(0, 0)];
        assert_eq!((w & ROW, w >> 9 & 0o7, w >> 18 & 0o7), (0o7, 0, 0));
        // Two rows confined to one box: no place left.
        board.words[word(0, 0)] &= !(0o770 << 9);
        assert_eq!(board.settle_word::<Lookup>(word(0, 0)), None);
    }

    #[test]
    fn a_box_confined_to_one_column_claims_it_from_the_other_bands() {
        let mut board = open_board();
        board.words[word(0, 0)] &= !column_cells(0o6); // box 0 of band 0: column 0 only
        let (dirty, solved) = board.settle_word::<Lookup>(word(0, 0)).unwrap();
        assert_eq!((dirty, solved), (1 << word(0, 1) | 1 << word(0, 2), 0));
        for band in 1..3 {
            assert_eq!(
                board.words[word(0, band)] & column_cells(1),
                0,
                "band {band}"
            );
        }
    }

    #[test]
    fn a_row_with_one_place_solves_that_cell() {
        let mut board = open_board();
        board.words[word(0, 0)] &= !(ROW & !(1 << 4)); // row 0 of band 0: column 4 only
        // (Its box holds it in column 4 now: the other bands lose that column.)
        let siblings = 1 << word(0, 1) | 1 << word(0, 2);
        let mut settled = board;
        assert_eq!(
            settled.settle_word::<Lookup>(word(0, 0)),
            Some((siblings, 1 << 4))
        );
        assert_eq!(settled.unsolved[0] & 1 << 4, 0);
        assert_eq!(settled.words[word(0, 0)] & 1 << 4, 1 << 4);
        // The other digits leave the cell when the batch ends.
        assert_eq!(settled.digits_at(4), 0x1ff);
        board.dirty = 1 << word(0, 0);
        assert!(board.settle_words::<false, Lookup>());
        assert_eq!(board.digits_at(4), 1, "only digit index 0 left in r1c5");
    }

    #[test]
    fn cells_solved_in_one_batch_leave_every_other_digit() {
        // Digit index 0 solves r1c5 and digit index 1 solves r2c1, in one batch: each keeps its
        // cell and loses the other's, and the other digits lose both.
        let mut board = open_board();
        board.words[word(0, 0)] &= !(ROW & !(1 << 4));
        board.words[word(1, 0)] &= !((ROW & !1) << 9);
        board.dirty = 1 << word(0, 0) | 1 << word(1, 0);
        assert!(board.settle_words::<false, Lookup>());
        assert_eq!(board.digits_at(4), 1);
        assert_eq!(board.digits_at(9), 1 << 1);
        assert_eq!(board.unsolved[0] & (1 << 4 | 1 << 9), 0);
        // Two digits whose rows leave them one place, the same cell: the first solves it, and
        // the second, later in the batch, finds its row empty.
        let mut board = open_board();
        board.words[word(0, 0)] &= !(ROW & !(1 << 4));
        board.words[word(1, 0)] &= !(ROW & !(1 << 4));
        board.dirty = 1 << word(0, 0) | 1 << word(1, 0);
        assert!(!board.settle_words::<false, Lookup>());
    }

    #[test]
    fn a_column_left_in_one_band_claims_its_box_there() {
        let mut board = open_board();
        for band in 1..3 {
            board.words[word(0, band)] &= !column_cells(1);
        }
        let dirty = board.claim_columns(0).unwrap();
        assert_eq!(dirty, 1 << word(0, 0));
        assert_eq!(board.words[word(0, 0)] & column_cells(0o7), column_cells(1));
        // A column with no place left for the digit.
        board.words[word(0, 0)] &= !column_cells(1);
        assert_eq!(board.claim_columns(0), None);
    }

    #[test]
    fn every_column_follows_up_columns_that_other_rules_cleared() {
        // Column 1 of digit index 0 cleared in bands 1 and 2 from outside the band rules (as
        // a cell solved for another digit does): settling those words takes no column out.
        let cleared = || {
            let mut board = open_board();
            for band in 1..3 {
                board.dirty |= board.clear(word(0, band), column_cells(1));
            }
            board
        };
        let mut followed = cleared();
        assert!(followed.propagate::<true, Lookup>());
        assert_eq!(
            followed.words[word(0, 0)] & column_cells(0o7),
            column_cells(1),
            "box 0 keeps the digit in column 1"
        );
        let mut cheap = cleared();
        assert!(cheap.propagate::<false, Lookup>());
        assert_eq!(
            cheap.words[word(0, 0)] & column_cells(0o7),
            column_cells(0o7),
            "not followed up"
        );
        // The cheap fixpoint is one the column rule can still act on; the full one is not.
        assert_ne!(cheap.claim_columns(0), Some(0));
        assert_eq!(followed.claim_columns(0), Some(0));
    }

    #[test]
    fn without_a_two_candidate_cell_the_fewest_candidates_cell_is_the_first_such() {
        // One clue, r1c1 = 1: its row, column and box keep 8 candidates, the rest 9, no cell
        // has two; the solved cell itself is not a choice.
        let mut cells = [0u8; CELLS];
        cells[0] = 1;
        let mut board = Board::from_clues(&Grid::from_cells(cells).unwrap()).unwrap();
        assert!(board.propagate::<false, Lookup>());
        assert_eq!(board.fewest_candidates_cell(), 1, "r1c2, the first with 8");
        // r5c5 down to three candidates: the fewest, though later in reading order.
        for d in 3..9 {
            board.exclude(d, 40);
        }
        assert_eq!(board.digits_at(40).count_ones(), 3);
        assert_eq!(board.fewest_candidates_cell(), 40);
    }

    #[test]
    fn a_cell_with_one_candidate_is_placed_and_one_with_none_fails() {
        let mut board = open_board();
        for d in (0..9).filter(|&d| d != 3) {
            board.words[word(d, 0)] &= !1; // r1c1: digit index 3 only
        }
        assert_eq!(board.naked_singles(), Some(true));
        assert_eq!(
            board.words[word(3, 0)] & BAND_PEERS[0],
            0,
            "its row and box"
        );
        assert_eq!(board.words[word(3, 0)] & 1, 1);
        board.words[word(3, 0)] &= !1;
        assert_eq!(board.naked_singles(), None);
    }

    #[test]
    fn take_keeps_the_digit_to_one_permutation() {
        let mut board = open_board();
        // Band 1 of digit index 4: permutation 1 puts row 0 in box 1, row 1 in box 2, row 2 in
        // box 0.
        board.take(
            Split {
                digit: 4,
                unit: 1,
                perms: 0x3f,
            },
            1,
        );
        assert_eq!(
            board.words[word(4, 1)],
            0o000_000_070 | 0o700 << 9 | 0o007 << 18
        );
        // Stack 2 of digit index 0: permutation 2 gives band 0 the stack's column 2, band 1
        // column 0, band 2 column 1 (grid columns 8, 6, 7).
        board.take(
            Split {
                digit: 0,
                unit: 5,
                perms: 0x3f,
            },
            2,
        );
        let stack = column_cells(0o700);
        assert_eq!(board.words[word(0, 0)] & stack, column_cells(1 << 8));
        assert_eq!(board.words[word(0, 1)] & stack, column_cells(1 << 6));
        assert_eq!(board.words[word(0, 2)] & stack, column_cells(1 << 7));
        assert_eq!(
            board.words[word(0, 0)] & !stack,
            BAND & !stack,
            "other stacks untouched"
        );
        // After propagation the split sees the digit down to one permutation there.
        assert!(board.propagate::<true, Lookup>());
        assert_eq!(board.shapes().permutations(0, 5) >> 8, 1);
        assert_eq!(board.shapes().permutations(4, 1) >> 8, 1);
    }

    /// Takes `cells` out of digit index `d`'s band `band`, and settles.
    fn remove(board: &mut Board, d: usize, band: usize, cells: u32) {
        board.words[word(d, band)] &= !cells;
        board.dirty |= 1 << word(d, band);
        assert!(board.propagate::<true, Lookup>());
    }

    /// Takes the segments `shape` (bit `3 * row + box`) out of digit index `d`'s band `band`,
    /// and settles.
    fn take_out(board: &mut Board, d: usize, band: usize, shape: usize) {
        remove(board, d, band, SEGMENT_CELLS[shape]);
    }

    /// A split of `digit` in `unit` with every permutation open.
    fn open_split(digit: u8, unit: u8) -> Split {
        Split {
            digit,
            unit,
            perms: 0x3f,
        }
    }

    #[test]
    fn keep_leaves_exactly_the_permutations_whose_segments_it_keeps() {
        // Every pair of permutations, in a band and in a stack: what a failed alternative's
        // rest is kept to.
        for a in 0..6 {
            for b in a + 1..6 {
                let pair = 1 << a | 1 << b;
                for unit in [1, 4] {
                    let mut board = open_board();
                    board.keep(open_split(3, unit), SEGMENTS_OF[pair]);
                    assert!(board.propagate::<true, Lookup>());
                    let left = board.shapes().permutations(3, usize::from(unit));
                    assert_eq!(left, 2 << 8 | pair as u16, "{a} {b} unit {unit}");
                }
            }
        }
    }

    #[test]
    fn the_permutation_tried_first_holds_the_fewest_candidates() {
        let mut board = open_board();
        // Digit index 0 loses two cells of r1c1-3: permutations 0 and 4 run through that
        // segment, so they hold 7 candidates to the others' 9. The lower goes first.
        remove(&mut board, 0, 0, 0o3);
        let split = open_split(0, 0);
        assert_eq!(board.fewest_candidates_permutation(split, 0x3f), 0);
        assert_eq!(board.fewest_candidates_permutation(split, 0x3e), 4);
        assert_eq!(board.fewest_candidates_permutation(split, 0x2e), 1);
        // In a stack: digit index 5 loses two cells of column 7 in band 2 (stack 2's column 1
        // there), which permutations 2 and 4 give band 2.
        remove(&mut board, 5, 2, 1 << 7 | 1 << 16);
        let split = open_split(5, 5);
        assert_eq!(board.fewest_candidates_permutation(split, 0x3f), 2);
        assert_eq!(board.fewest_candidates_permutation(split, 0x3b), 4);
        assert_eq!(board.fewest_candidates_permutation(split, 0x2b), 0);
    }

    #[test]
    fn of_two_units_with_as_many_permutations_the_more_decided_is_split() {
        let mut board = open_board();
        // Band 0: digit index 2 down to two permutations (off the diagonal segments), digit
        // index 3 to three (off r1c1-3 and r2c4-6): 7 fewer, every digit still open.
        take_out(&mut board, 2, 0, 0o421);
        take_out(&mut board, 3, 0, 0o021);
        // Band 1: digit index 0 decided, digit index 1 down to four (off one segment): as
        // many permutations, one digit fewer to decide. Band 1 goes first, although band 0
        // comes first on a full tie.
        board.take(open_split(0, 1), 0);
        assert!(board.propagate::<true, Lookup>());
        take_out(&mut board, 1, 1, 0o001);
        let shapes = board.shapes();
        let count = |d, unit| shapes.permutations(d, unit) >> 8;
        assert_eq!(
            [count(2, 0), count(3, 0), count(0, 1), count(1, 1)],
            [2, 3, 1, 4]
        );
        let split = shapes.split().unwrap();
        assert_eq!((split.digit, split.unit), (1, 1));
    }

    #[test]
    fn of_two_digits_with_two_permutations_one_whose_two_share_no_segment_is_split() {
        let mut board = open_board();
        // Digit index 1 keeps permutations 0 and 4 (both through r1c1-3); digit index 6
        // keeps 1 and 2, which share no segment.
        take_out(&mut board, 1, 0, 0o777 & !usize::from(SEGMENTS_OF[0b10001]));
        take_out(&mut board, 6, 0, 0o777 & !usize::from(SEGMENTS_OF[0b110]));
        let shapes = board.shapes();
        assert_eq!(shapes.permutations(1, 0), 2 << 8 | 0b10001);
        assert_eq!(shapes.permutations(6, 0), 2 << 8 | 0b110);
        let split = shapes.split().unwrap();
        assert_eq!((split.digit, split.unit, split.perms), (6, 0, 0b110));
    }

    #[test]
    fn split_takes_the_tightest_unit_then_its_tightest_digit() {
        let mut board = open_board();
        // All open: every unit has 6 × 9 permutations; ties go to band 0, digit index 0.
        let split = board.shapes().split().unwrap();
        assert_eq!((split.digit, split.unit, split.perms), (0, 0, 0x3f));
        // Digit index 2 down to two permutations in stack 1: that stack is now the tightest,
        // and the digit the one to split.
        let [b0, b1] = [word(2, 0), word(2, 1)];
        board.words[b0] &= !column_cells(0o040);
        board.words[b1] &= !column_cells(0o040);
        board.dirty |= 1 << b0 | 1 << b1;
        assert!(board.propagate::<true, Lookup>());
        let split = board.shapes().split().unwrap();
        assert_eq!((split.digit, split.unit), (2, 4));
        assert_eq!(split.perms.count_ones(), 2);
    }

    #[test]
    fn triads_fill_a_minirow_with_three_digits_and_no_more() {
        let triads = |board: &mut Board| {
            let shapes = board.shapes();
            board.triads(&shapes)
        };
        // Confines digit index `d` to box 0 in row 0 (band 0), and settles.
        let confine = |board: &mut Board, d: usize| {
            board.words[word(d, 0)] &= !0o770;
            board.dirty |= 1 << word(d, 0);
            assert!(board.propagate::<true, Lookup>());
        };
        let mut board = open_board();
        for d in 0..3 {
            confine(&mut board, d);
        }
        assert_eq!(triads(&mut board), Some(true));
        assert!(board.propagate::<true, Lookup>());
        for d in 3..9 {
            assert_eq!(
                board.words[word(d, 0)] & 0o7,
                0,
                "digit index {d} left r1c1-3"
            );
        }
        assert_eq!(triads(&mut board), Some(false));
        // A fourth digit confined there is one too many.
        let mut board = open_board();
        for d in 0..4 {
            confine(&mut board, d);
        }
        assert_eq!(triads(&mut board), None);
        // Seven digits kept out of a minicolumn leave two for its three cells.
        let mut board = open_board();
        for d in 0..7 {
            board.words[word(d, 2)] &= !column_cells(1 << 4);
            board.dirty |= 1 << word(d, 2);
        }
        assert!(board.propagate::<true, Lookup>());
        assert_eq!(triads(&mut board), None);
    }

    #[test]
    fn three_digits_that_alone_can_take_a_minirow_are_each_confined_there() {
        let mut board = open_board();
        // Digit indices 3-8 out of r4c4-6 (band 1, row 0 of the band, box 1): only 0-2 can
        // fill it, so each of them leaves the rest of row 4 and, once settled, of the middle
        // box.
        for d in 3..9 {
            board.words[word(d, 1)] &= !0o070;
            board.dirty |= 1 << word(d, 1);
        }
        assert!(board.propagate::<true, Lookup>());
        let shapes = board.shapes();
        assert_eq!(board.triads(&shapes), Some(true));
        assert!(board.propagate::<true, Lookup>());
        let rest_of_row_and_box = 0o707 | 0o070 << 9 | 0o070 << 18;
        for d in 0..3 {
            assert_eq!(board.words[word(d, 1)] & rest_of_row_and_box, 0, "{d}");
            assert_eq!(board.words[word(d, 1)] & 0o070, 0o070, "{d}");
        }
        // Done once: nothing more to push.
        let shapes = board.shapes();
        assert_eq!(board.triads(&shapes), Some(false));
    }

    #[test]
    fn three_digits_that_alone_can_take_a_minicolumn_are_each_confined_there() {
        let mut board = open_board();
        // Digit indices 3-8 out of column 5 in band 2 (the middle box's middle column): only
        // 0-2 can fill it, so each leaves column 5 elsewhere and, once settled, the box's other
        // columns.
        for d in 3..9 {
            board.words[word(d, 2)] &= !column_cells(0o020);
            board.dirty |= 1 << word(d, 2);
        }
        assert!(board.propagate::<true, Lookup>());
        let shapes = board.shapes();
        assert_eq!(board.triads(&shapes), Some(true));
        assert!(board.propagate::<true, Lookup>());
        for d in 0..3 {
            assert_eq!(board.words[word(d, 2)] & column_cells(0o050), 0, "{d}");
            assert_eq!(
                board.words[word(d, 2)] & column_cells(0o020),
                column_cells(0o020)
            );
            for band in 0..2 {
                assert_eq!(board.words[word(d, band)] & column_cells(0o020), 0, "{d}");
            }
        }
        for d in 3..9 {
            assert_ne!(
                board.words[word(d, 0)] & column_cells(0o020),
                0,
                "{d} keeps it"
            );
        }
    }

    #[test]
    fn triads_fill_a_minicolumn_with_three_digits_in_every_band() {
        // Digit indices 0-2 confined to column 5 in the middle box of `band` (out of columns
        // 4 and 6 there): the minicolumn is theirs, and the other digits leave its cells.
        for band in 0..3 {
            let mut board = open_board();
            for d in 0..3 {
                board.words[word(d, band)] &= !column_cells(0o050);
                board.dirty |= 1 << word(d, band);
            }
            assert!(board.propagate::<true, Lookup>());
            let shapes = board.shapes();
            assert_eq!(board.triads(&shapes), Some(true), "band {band}");
            assert!(board.propagate::<true, Lookup>());
            for d in 3..9 {
                let left = board.words[word(d, band)] & column_cells(0o020);
                assert_eq!(left, 0, "digit index {d} left band {band}'s minicolumn");
                let elsewhere = board.words[word(d, (band + 1) % 3)] & column_cells(0o020);
                assert_ne!(
                    elsewhere, 0,
                    "digit index {d} keeps the column in other bands"
                );
            }
        }
    }
}
