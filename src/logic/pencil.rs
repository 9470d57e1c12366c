//! The pencil marks: which digits may still go in which cells, as one 81-bit board per digit.
//!
//! ```text
//!  cands[d]  (one u128 per digit d = 1..9, at index d - 1)
//!  bit:   80 ........................................ 9 8 7 6 5 4 3 2 1 0
//!  cell:  r9c9                                 r2c1 r1c9 ............ r1c1
//! ```
//!
//! Bit `9 * row + column` of `cands[d - 1]` is set when `d` may still go in that cell: a filled
//! cell has no candidate left, and placing a digit takes it out of the cell's peers. Houses
//! are numbered as in [`crate::grid::unit_cells`]: rows 0-8, columns 9-17, boxes 18-26. A house
//! is then one mask, so "where may 5 go in box 3" is one AND, and a hidden single is a mask
//! with one bit set.

use crate::grid::{CELLS, Grid};

/// A set of cells: bit `cell` (0..81) set for each member.
pub(crate) type Cells = u128;

/// Every cell.
pub(crate) const ALL: Cells = (1 << CELLS) - 1;

/// Each house's cells: rows 0-8, columns 9-17, boxes 18-26.
pub(crate) const HOUSES: [Cells; 27] = {
    let mut t = [0; 27];
    let mut h = 0;
    while h < 27 {
        let mut c = 0;
        while c < CELLS {
            let (r, col) = (c / 9, c % 9);
            let b = r / 3 * 3 + col / 3;
            if h == r || h == 9 + col || h == 18 + b {
                t[h] |= 1 << c;
            }
            c += 1;
        }
        h += 1;
    }
    t
};

/// Each cell's peers: the other cells of its row, column and box.
pub(crate) const PEERS: [Cells; CELLS] = {
    let mut t = [0; CELLS];
    let mut c = 0;
    while c < CELLS {
        let [r, col, b] = houses_of(c);
        t[c] = (HOUSES[r] | HOUSES[col] | HOUSES[b]) & !(1 << c);
        c += 1;
    }
    t
};

/// A cell's row, column and box, as house numbers.
pub(crate) const fn houses_of(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [r, 9 + c, 18 + r / 3 * 3 + c / 3]
}

/// Each cell's three houses, as bits of their numbers.
const HOUSE_BITS: [u32; 81] = {
    let mut bits = [0; 81];
    let mut cell = 0;
    while cell < 81 {
        let [row, column, b] = houses_of(cell);
        bits[cell] = 1 << row | 1 << column | 1 << b;
        cell += 1;
    }
    bits
};

/// The houses holding every cell of `cells`, as bits of their numbers.
pub(crate) fn houses_within(cells: Cells) -> u32 {
    members(cells).fold(u32::MAX, |m, c| m & HOUSE_BITS[c])
}

/// The houses holding some cell of `cells`, as bits of their numbers.
pub(crate) fn houses_meeting(cells: Cells) -> u32 {
    members(cells).fold(0, |m, c| m | HOUSE_BITS[c])
}

/// Whether `cells` lie in one row or one column.
pub(crate) fn in_one_line(cells: Cells) -> bool {
    houses_within(cells) & ((1 << 18) - 1) != 0
}

/// A cell's houses in Sudoku Explainer's order: box, row, column.
pub(crate) const fn houses_box_first(cell: usize) -> [usize; 3] {
    let [row, column, b] = houses_of(cell);
    [b, row, column]
}

/// The cells in `set`, lowest first.
pub(crate) fn members(mut set: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let cell = set.trailing_zeros() as usize;
            set &= set - 1;
            cell
        })
    })
}

/// The digits (1..=9) in a digit mask (bit `d - 1` for digit `d`), lowest first.
pub(crate) fn digits(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            d
        })
    })
}

/// A set's three bands, each its three rows as 27 consecutive bits (bit `9 * i + c` for
/// column `c` of the band's row `i`): a box of the band is three runs of three bits, a row nine.
/// Houses read from these words cost a few 32-bit operations, where a mask of the whole set
/// per house costs 128-bit ones.
pub(crate) fn bands(set: Cells) -> [u32; 3] {
    [0, 1, 2].map(|b| (set >> (27 * b)) as u32 & BAND)
}

/// The 27 bits of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// A band's first box (its first three columns), as bits of [`bands`]' words.
pub(crate) const FIRST_BOX: u32 = 0b111 | 0b111 << 9 | 0b111 << 18;

/// Whether a set holds exactly one cell.
pub(crate) fn is_single(set: Cells) -> bool {
    set != 0 && set & (set - 1) == 0
}

/// Cells that see every cell of `set` (and are not in it).
pub(crate) fn seen_by_all(set: Cells) -> Cells {
    members(set).fold(ALL & !set, |seen, c| seen & PEERS[c])
}

/// `r4c7`, 1-based as players write it.
pub(crate) fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// `row 4`, `column 7`, `box 6`, 1-based.
pub(crate) fn house_name(house: usize) -> String {
    let (kind, i) = match house {
        0..9 => ("row", house),
        9..18 => ("column", house - 9),
        _ => ("box", house - 18),
    };
    format!("{kind} {}", i + 1)
}

/// A puzzle's clues do not fit together: a digit twice in a house, or a cell or a house left
/// with no way to be filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contradiction;

/// The candidates left, and the digits placed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Pencil {
    cands: [Cells; 9],
    values: [u8; CELLS],
    empty: Cells,
}

impl Pencil {
    /// Every digit possible in every empty cell, less those the clues rule out.
    pub fn new(puzzle: &Grid) -> Result<Pencil, Contradiction> {
        let mut p = Pencil {
            cands: [ALL; 9],
            values: [0; CELLS],
            empty: ALL,
        };
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                if !p.has(cell, d) {
                    return Err(Contradiction);
                }
                p.place(cell, d);
            }
        }
        Ok(p)
    }

    /// Where digit `d` (1..=9) may still go.
    pub(crate) fn cands(&self, d: u8) -> Cells {
        self.cands[d as usize - 1]
    }

    /// Whether `d` may still go in `cell`.
    pub fn has(&self, cell: usize, d: u8) -> bool {
        self.cands(d) >> cell & 1 == 1
    }

    /// The digits that may go in `cell`, as a mask (bit `d - 1` for digit `d`).
    pub(crate) fn cell_mask(&self, cell: usize) -> u16 {
        (0..9).fold(0, |m, i| m | ((self.cands[i] >> cell & 1) as u16) << i)
    }

    /// The digit in `cell`, or 0.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// How many times each digit is placed (index `d - 1`).
    pub(crate) fn placed(&self) -> [u32; 9] {
        let mut placed = [0; 9];
        for &v in &self.values {
            if let Some(d) = v.checked_sub(1) {
                placed[d as usize] += 1;
            }
        }
        placed
    }

    /// The cells still empty.
    pub(crate) fn empty(&self) -> Cells {
        self.empty
    }

    /// The grid of the digits placed.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.values).expect("digits 0..=9")
    }

    /// Puts `d` in `cell`: the cell has no candidates left, and its peers lose `d`.
    pub(crate) fn place(&mut self, cell: usize, d: u8) {
        let bit = 1 << cell;
        for c in &mut self.cands {
            *c &= !bit;
        }
        self.cands[d as usize - 1] &= !PEERS[cell];
        self.values[cell] = d;
        self.empty &= !bit;
    }

    /// Takes `d` out of `cells`.
    pub fn eliminate(&mut self, d: u8, cells: Cells) {
        self.cands[d as usize - 1] &= !cells;
    }

    /// Cells with exactly one candidate, and cells with none (both among the empty ones).
    pub(crate) fn cells_by_count(&self) -> (Cells, Cells) {
        // Carry-save counting over the nine digit boards: `once` has the cells seen once so
        // far, `more` those seen twice or more.
        let (mut once, mut more) = (0, 0);
        for &c in &self.cands {
            more |= once & c;
            once ^= c;
        }
        let once = once & !more & self.empty;
        let none = self.empty & !(once | more);
        (once, none)
    }

    /// The candidates left, over every empty cell: 0 when the grid is full.
    pub fn candidates_left(&self) -> u32 {
        self.cands.iter().map(|c| c.count_ones()).sum()
    }
}

impl Pencil {
    /// The pencil marks as a plain-text grid: each cell's digit, or its candidates; each
    /// column as wide as its widest cell, boxes ruled off.
    ///
    /// ```text
    /// +----------------+-----------+------------+
    /// | 5   3    12    | 6   7  8  | 9   1   24 |
    /// ```
    pub(crate) fn marks(&self) -> String {
        let text = |cell: usize| -> String {
            match self.values[cell] {
                0 => digits(self.cell_mask(cell))
                    .map(|d| (b'0' + d) as char)
                    .collect(),
                v => v.to_string(),
            }
        };
        let widths: Vec<usize> = (0..9)
            .map(|c| (0..9).map(|r| text(9 * r + c).len()).max().unwrap_or(1))
            .collect();
        let rule: String = (0..3)
            .map(|b| {
                let inner: usize = widths[3 * b..3 * b + 3].iter().sum::<usize>() + 4;
                format!("+{}", "-".repeat(inner))
            })
            .collect::<String>()
            + "+\n";
        let mut out = String::new();
        for r in 0..9 {
            if r % 3 == 0 {
                out += &rule;
            }
            for (c, width) in widths.iter().enumerate() {
                if c % 3 == 0 {
                    out += "| ";
                }
                out += &format!("{:width$} ", text(9 * r + c));
            }
            out += "|\n";
        }
        out + &rule
    }
}

impl std::fmt::Debug for Pencil {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Pencil({})", self.grid())
    }
}

/// Pencil marks of an almost empty grid thinned one random candidate at a time (a fixed
/// sequence), each state in turn: every kind of house with every count of places somewhere,
/// for tests that hold a fast reading of the marks to its definition.
#[cfg(test)]
pub(crate) fn thinned(states: usize) -> impl Iterator<Item = Pencil> {
    let mut p = Pencil::new(&format!("1.......2{}", ".".repeat(72)).parse().unwrap()).unwrap();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (0..states).map(move |_| {
        let now = p;
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        p.eliminate((state >> 8) as u8 % 9 + 1, 1 << (state as usize % CELLS));
        now
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_and_peers_match_their_definitions() {
        for (h, &house) in HOUSES.iter().enumerate() {
            let naive: Cells = crate::grid::unit_cells(h).iter().map(|&c| 1u128 << c).sum();
            assert_eq!(house, naive, "house {h}");
        }
        for (a, &peers) in PEERS.iter().enumerate() {
            for b in 0..CELLS {
                let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
                let sees = a != b && (ra == rb || ca == cb || (ra / 3, ca / 3) == (rb / 3, cb / 3));
                assert_eq!(peers >> b & 1 == 1, sees, "{a} {b}");
            }
            assert_eq!(peers.count_ones(), 20);
        }
    }

    #[test]
    fn placing_takes_the_digit_from_the_peers_only() {
        let mut p = Pencil::new(&Grid::from_cells([0; CELLS]).unwrap()).unwrap();
        p.place(40, 5);
        assert_eq!(p.cell_mask(40), 0);
        assert_eq!(p.value(40), 5);
        assert_eq!(p.cands(5), ALL & !PEERS[40] & !(1 << 40));
        assert_eq!(p.cands(4), ALL & !(1 << 40));
        assert_eq!(p.cell_mask(0), 0x1ff);
        assert_eq!(p.cell_mask(4), 0x1ff & !(1 << 4));
    }

    #[test]
    fn counting_finds_cells_with_one_candidate_and_none() {
        let mut p = Pencil::new(&Grid::from_cells([0; CELLS]).unwrap()).unwrap();
        for d in 2..=9 {
            p.eliminate(d, 1 << 10);
        }
        for d in 1..=9 {
            p.eliminate(d, 1 << 20);
        }
        assert_eq!(p.cells_by_count(), (1 << 10, 1 << 20));
        assert_eq!(p.candidates_left(), 9 * 79 + 1);
    }

    #[test]
    fn clashing_clues_are_a_contradiction() {
        let mut cells = [0; CELLS];
        cells[0] = 3;
        cells[80] = 3;
        assert!(Pencil::new(&Grid::from_cells(cells).unwrap()).is_ok());
        cells[8] = 3;
        assert_eq!(
            Pencil::new(&Grid::from_cells(cells).unwrap()),
            Err(Contradiction)
        );
    }

    #[test]
    fn marks_line_up_in_columns() {
        let puzzle: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
        let marks = Pencil::new(&puzzle).unwrap().marks();
        let lines: Vec<&str> = marks.lines().collect();
        assert_eq!(lines.len(), 13);
        assert!(lines.iter().all(|l| l.len() == lines[0].len()), "{marks}");
        // Columns 1-8 are 8 wide (23456789 ...), column 9 is 9 wide (its lone 9 left every
        // digit to the cells below).
        assert_eq!(
            lines[1],
            format!(
                "| 1{0}2{0}3{0}| 4{0}5{0}6{0}| 7{0}8{0}9{0} |",
                " ".repeat(8)
            )
        );
        assert!(
            lines[2].starts_with("| 456789   456789   456789   | 123789 "),
            "{marks}"
        );
        assert!(lines[5].ends_with(" 12345679 123456789 |"), "{marks}");
    }

    #[test]
    fn seen_by_all_is_the_common_peers() {
        // r1c1 and r1c9 share only the rest of row 1.
        let both = seen_by_all(1 | 1 << 8);
        assert_eq!(both, HOUSES[0] & !(1 | 1 << 8));
        assert_eq!(cell_name(80), "r9c9");
        assert_eq!(house_name(23), "box 6");
        assert_eq!(house_name(9), "column 1");
    }
}
