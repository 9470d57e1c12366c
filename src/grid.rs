//! One Sudoku grid: parsing an 81-character line, formatting, and checking rules.

mod solves;

use std::fmt;
use std::str::FromStr;

/// Number of cells in a grid.
pub(crate) const CELLS: usize = 81;

/// A 9×9 grid in row-major order; `0` is an empty cell, `1..=9` a digit.
///
/// A puzzle and a solution are both grids: a puzzle has blanks, a solution has none.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; CELLS],
}

/// For each cell, the indices of its row (0..9), column (9..18) and box (18..27).
const CELL_UNITS: [[u8; 3]; CELLS] = {
    let mut t = [[0; 3]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (i / 9, i % 9);
        t[i] = [r as u8, 9 + c as u8, 18 + (r / 3 * 3 + c / 3) as u8];
        i += 1;
    }
    t
};

/// The cells of each row, column and box.
const UNIT_CELLS: [[u8; 9]; 27] = {
    let mut t = [[0; 9]; 27];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (i / 9, i % 9);
        t[r][c] = i as u8;
        t[9 + c][r] = i as u8;
        t[18 + r / 3 * 3 + c / 3][r % 3 * 3 + c % 3] = i as u8;
        i += 1;
    }
    t
};

/// Each byte's cell value: 1-9 for a digit, 0 for `0` or `.`, 255 for anything else.
const CELL_VALUE: [u8; 256] = {
    let mut t = [255; 256];
    let mut d = 0;
    while d <= 9 {
        t[b'0' as usize + d] = d as u8;
        d += 1;
    }
    t[b'.' as usize] = 0;
    t
};

/// A puzzle is a grid whose filled cells are its clues.
pub type Puzzle = Grid;

/// Why a text is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// No text at all.
    #[error("empty puzzle")]
    Empty,
    /// Fewer than 81 cells.
    #[error("too short: {len} cells, expected 81")]
    TooShort {
        /// The cells there are.
        len: usize,
    },
    /// More than 81 cells with nothing between them and the rest.
    #[error("too long: more than 81 cells (extra text must be separated by whitespace)")]
    TooLong,
    /// A character that is no cell.
    #[error("bad character {ch:?} at position {position} (expected 1-9, 0 or .)")]
    BadChar {
        /// The character.
        ch: char,
        /// 1-based, counting bytes from the start of the puzzle text.
        position: usize,
    },
    /// A byte that does not start a UTF-8 character (binary data, another encoding).
    #[error("bad byte 0x{byte:02x} at position {position} (not text)")]
    BadByte {
        /// The byte.
        byte: u8,
        /// 1-based, counting bytes from the start of the puzzle text.
        position: usize,
    },
    /// A puzzle of another size.
    #[error("{side}×{side} puzzles are not supported; only 9×9")]
    OtherSize {
        /// Its side: 4, 6, 16 or 25.
        side: usize,
    },
}

impl ParseError {
    /// The kind of complaint, for the cap on repeated messages.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            ParseError::Empty => "empty puzzle",
            ParseError::TooShort { .. } => "too short",
            ParseError::TooLong => "too long",
            ParseError::BadChar { .. } => "bad character",
            ParseError::BadByte { .. } => "bad byte",
            ParseError::OtherSize { .. } => "other size",
        }
    }
}

/// The sizes of other Sudoku variants people have files of, recognised so that one message
/// can say what they are: side, and the characters their cells use.
const OTHER_SIZES: [(usize, &[u8]); 4] = [
    (4, b"01234."),
    (6, b"0123456."),
    (
        16,
        b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.",
    ),
    (
        25,
        b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.",
    ),
];

/// The side of the other-size puzzle that `text` is, if it is one.
fn other_size(text: &[u8]) -> Option<usize> {
    OTHER_SIZES
        .iter()
        .find(|(side, chars)| text.len() == side * side && text.iter().all(|b| chars.contains(b)))
        .map(|&(side, _)| side)
}

/// Two clues that break a rule: the same digit twice in one row, column or box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conflict {
    /// The digit that is there twice.
    pub digit: u8,
    /// 0-based cell indices, `first < second`.
    pub first: usize,
    /// The other cell.
    pub second: usize,
    /// The row, column or box they share.
    pub unit: Unit,
}

/// A row, column or box, with its 0-based index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Row 0-8, top to bottom.
    Row(usize),
    /// Column 0-8, left to right.
    Column(usize),
    /// Box 0-8, in reading order.
    Box(usize),
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, n) = match self.unit {
            Unit::Row(i) => ("row", i),
            Unit::Column(i) => ("column", i),
            Unit::Box(i) => ("box", i),
        };
        write!(
            f,
            "digit {} twice in {kind} {} (cells r{}c{} and r{}c{})",
            self.digit,
            n + 1,
            self.first / 9 + 1,
            self.first % 9 + 1,
            self.second / 9 + 1,
            self.second % 9 + 1
        )
    }
}

impl Grid {
    /// An empty grid.
    pub const EMPTY: Grid = Grid { cells: [0; CELLS] };

    /// Builds a grid from cell values; `None` if a value is above 9.
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Grid> {
        // The largest value, not `all`: without an early exit the compiler vectorises it
        // (every solution found comes through here: kaggle_20k -3.1% instructions, serg -1.2%).
        let largest = cells.iter().fold(0, |m, &v| m.max(v));
        (largest <= 9).then_some(Grid { cells })
    }

    /// Parses exactly one puzzle: 81 characters of `1`-`9`, `0` or `.`, and nothing else.
    pub fn parse_bytes(text: &[u8]) -> Result<Grid, ParseError> {
        if let Ok(line) = <&[u8; CELLS]>::try_from(text) {
            // Arithmetic rather than CELL_VALUE, and no early exit: the compiler vectorises it.
            let mut cells = [0; CELLS];
            let mut bad = false;
            for (cell, &b) in cells.iter_mut().zip(line) {
                let digit = b.wrapping_sub(b'0');
                *cell = if b == b'.' { 0 } else { digit };
                bad |= *cell > 9;
            }
            if !bad {
                return Ok(Grid { cells });
            }
        }
        Err(Self::parse_error(text))
    }

    /// Why `text` is not a puzzle (it is known not to be one).
    fn parse_error(text: &[u8]) -> ParseError {
        if text.is_empty() {
            return ParseError::Empty;
        }
        if let Some(side) = other_size(text) {
            return ParseError::OtherSize { side };
        }
        if let Some(i) = text
            .iter()
            .take(CELLS)
            .position(|&b| CELL_VALUE[b as usize] > 9)
        {
            return match char_at(text, i) {
                Some(ch) => ParseError::BadChar {
                    ch,
                    position: i + 1,
                },
                None => ParseError::BadByte {
                    byte: text[i],
                    position: i + 1,
                },
            };
        }
        if text.len() < CELLS {
            ParseError::TooShort { len: text.len() }
        } else {
            ParseError::TooLong
        }
    }

    /// The cell values, row-major, `0` for empty.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The value at row `r`, column `c` (0-based).
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * 9 + c]
    }

    /// How many cells are filled.
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The first pair of filled cells that break a rule, if any.
    pub fn find_conflict(&self) -> Option<Conflict> {
        if !self.has_conflict() {
            return None;
        }
        let units = (0..9).flat_map(|i| [Unit::Row(i), Unit::Column(i), Unit::Box(i)]);
        for unit in units {
            let mut seen = [None::<usize>; 10];
            for &cell in unit.cells() {
                let (cell, d) = (cell as usize, self.cells[cell as usize] as usize);
                if d == 0 {
                    continue;
                }
                if let Some(first) = seen[d] {
                    return Some(Conflict {
                        digit: d as u8,
                        first,
                        second: cell,
                        unit,
                    });
                }
                seen[d] = Some(cell);
            }
        }
        None
    }

    /// True when two filled cells break a rule: one pass of bitmasks, cheap enough to run on
    /// every answer.
    pub fn has_conflict(&self) -> bool {
        // seen[unit]: digits met so far in each row (0..9), column (9..18) and box (18..27).
        let mut seen = [0u16; 27];
        let mut twice = 0;
        for (&v, units) in self.cells.iter().zip(&CELL_UNITS) {
            let bit = (1u16 << v) & !1;
            for &u in units {
                twice |= seen[u as usize] & bit;
                seen[u as usize] |= bit;
            }
        }
        twice != 0
    }

    /// Checks that `self` is a solution of `puzzle`: full, rule-abiding, and keeping every clue.
    pub fn check_solution_of(&self, puzzle: &Grid) -> Result<(), SolutionError> {
        if solves::solves(&self.cells, &puzzle.cells) {
            return Ok(());
        }
        // Why not, in the order the errors are documented.
        let keeps_clues = |i: usize| puzzle.cells[i] == 0 || puzzle.cells[i] == self.cells[i];
        if let Some(cell) = self.cells.iter().position(|&v| v == 0) {
            return Err(SolutionError::Incomplete { cell });
        }
        if let Some(conflict) = self.find_conflict() {
            return Err(SolutionError::BreaksRule(conflict));
        }
        let changed = (0..CELLS)
            .find(|&i| !keeps_clues(i))
            .expect("some check failed");
        Err(SolutionError::ChangesClue { cell: changed })
    }

    /// The 81-character line form, `fill` for empty cells.
    pub fn to_line(&self, fill: u8) -> [u8; CELLS] {
        self.cells.map(|v| if v == 0 { fill } else { b'0' + v })
    }
}

/// Why a grid is not a valid solution of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SolutionError {
    /// A cell holds no digit.
    #[error("cell r{}c{} is empty", cell / 9 + 1, cell % 9 + 1)]
    Incomplete {
        /// The first such cell, 0-based.
        cell: usize,
    },
    /// A digit is twice in a row, column or box.
    #[error("{0}")]
    BreaksRule(Conflict),
    /// A clue of the puzzle is not kept.
    #[error("cell r{}c{} differs from its clue", cell / 9 + 1, cell % 9 + 1)]
    ChangesClue {
        /// The first such cell, 0-based.
        cell: usize,
    },
}

/// The 9 cells of unit `u`: rows 0..9, columns 9..18, boxes 18..27, each in reading order.
pub(crate) fn unit_cells(u: usize) -> &'static [u8; 9] {
    &UNIT_CELLS[u]
}

impl Unit {
    /// Its 9 cell indices, in reading order.
    pub(crate) fn cells(self) -> &'static [u8; 9] {
        match self {
            Unit::Row(i) => &UNIT_CELLS[i],
            Unit::Column(i) => &UNIT_CELLS[9 + i],
            Unit::Box(i) => &UNIT_CELLS[18 + i],
        }
    }
}

/// The character starting at byte `i`, if valid UTF-8 starts there.
fn char_at(text: &[u8], i: usize) -> Option<char> {
    let end = (i + 4).min(text.len());
    (i + 1..=end)
        .find_map(|j| std::str::from_utf8(&text[i..j]).ok())
        .and_then(|s| s.chars().next())
}

impl FromStr for Grid {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        Grid::parse_bytes(s.as_bytes())
    }
}

/// The line form, `.` for empty cells.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.to_line(b'.');
        f.write_str(std::str::from_utf8(&line).expect("digits and dots are ASCII"))
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle with one solution, for the tests here and in `solves`.
    pub(super) const P: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn from_cells_takes_values_to_9_and_refuses_any_above_in_any_cell() {
        let mut cells = [9u8; CELLS];
        assert!(Grid::from_cells(cells).is_some());
        assert!(Grid::from_cells([0; CELLS]).is_some());
        for i in [0, 40, 80] {
            for bad in [10, b'1', 255] {
                cells[i] = bad;
                assert!(Grid::from_cells(cells).is_none(), "{bad} at {i}");
            }
            cells[i] = 0;
        }
    }

    #[test]
    fn parses_and_formats_back() {
        let g: Grid = P.parse().unwrap();
        assert_eq!(g.to_string(), P);
        assert_eq!(g.get(0, 2), 3);
        assert_eq!(g.clue_count(), 32);
        let zeros = P.replace('.', "0");
        assert_eq!(zeros.parse::<Grid>().unwrap(), g);
        // Debug, as assertion messages show a grid: its line, named.
        assert_eq!(format!("{g:?}"), format!("Grid({P})"));
    }

    #[test]
    fn parse_errors_carry_positions() {
        assert_eq!("".parse::<Grid>(), Err(ParseError::Empty));
        assert_eq!(
            P[..80].parse::<Grid>(),
            Err(ParseError::TooShort { len: 80 })
        );
        assert_eq!(format!("{P}1").parse::<Grid>(), Err(ParseError::TooLong));
        let mut bad = P.to_string();
        bad.replace_range(10..11, "x");
        assert_eq!(
            bad.parse::<Grid>(),
            Err(ParseError::BadChar {
                ch: 'x',
                position: 11
            })
        );
        let mut bytes = P.as_bytes().to_vec();
        bytes[3] = 0xff;
        assert_eq!(
            Grid::parse_bytes(&bytes),
            Err(ParseError::BadByte {
                byte: 0xff,
                position: 4
            })
        );
        let utf = format!("{}é{}", &P[..5], &P[6..]);
        assert!(matches!(
            Grid::parse_bytes(utf.as_bytes()),
            Err(ParseError::BadChar {
                ch: 'é',
                position: 6
            })
        ));
    }

    #[test]
    fn finds_duplicate_clues_in_each_unit_kind() {
        let mut cells = [0u8; CELLS];
        cells[0] = 5;
        cells[8] = 5;
        let c = Grid::from_cells(cells).unwrap().find_conflict().unwrap();
        assert_eq!(
            (c.digit, c.first, c.second, c.unit),
            (5, 0, 8, Unit::Row(0))
        );
        let mut cells = [0u8; CELLS];
        cells[4] = 7;
        cells[76] = 7;
        let c = Grid::from_cells(cells).unwrap().find_conflict().unwrap();
        assert_eq!(c.unit, Unit::Column(4));
        let mut cells = [0u8; CELLS];
        cells[30] = 2;
        cells[50] = 2;
        let c = Grid::from_cells(cells).unwrap().find_conflict().unwrap();
        assert_eq!(c.unit, Unit::Box(4));
        assert_eq!(
            c.to_string(),
            "digit 2 twice in box 5 (cells r4c4 and r6c6)"
        );
        assert!(P.parse::<Grid>().unwrap().find_conflict().is_none());
    }

    /// `has_conflict` is the quick test in front of `find_conflict`: they agree on grids with
    /// and without a clash, in every kind of unit.
    #[test]
    fn has_conflict_agrees_with_find_conflict() {
        let puzzle: Grid = P.parse().unwrap();
        let solution = crate::solve(&puzzle, crate::Mode::Unique).solution.unwrap();
        for grid in [puzzle, solution, Grid::EMPTY] {
            assert!(!grid.has_conflict(), "{grid}");
        }
        for (a, b) in [(0, 8), (4, 76), (30, 50), (80, 72), (60, 80), (10, 19)] {
            for grid in [Grid::EMPTY, puzzle] {
                let mut cells = grid.cells;
                let digit = (1..=9)
                    .find(|&d| {
                        cells[a] = d;
                        cells[b] = d;
                        Grid { cells }.find_conflict().is_some()
                    })
                    .unwrap();
                let clash = Grid { cells };
                assert!(clash.has_conflict(), "{a} {b} {digit}");
            }
        }
        // Two equal digits that share no unit are no clash.
        let mut cells = [0; CELLS];
        (cells[0], cells[40], cells[80]) = (5, 5, 5);
        assert!(!Grid { cells }.has_conflict());
    }

    /// The last guard before an answer is printed: each way a grid can fail it, alone, gets
    /// its own exact error.
    #[test]
    fn the_solution_check_catches_each_kind_of_break() {
        let puzzle: Grid = P.parse().unwrap();
        let solution = crate::solve(&puzzle, crate::Mode::Unique).solution.unwrap();
        assert_eq!(solution.check_solution_of(&puzzle), Ok(()));
        let with = |changes: &[(usize, u8)]| {
            let mut cells = solution.cells;
            for &(cell, v) in changes {
                cells[cell] = v;
            }
            Grid { cells }
        };
        // Rows only: r1c1 and r2c1 swapped keep column 1 and box 1 whole.
        let (a, b) = (solution.cells[0], solution.cells[9]);
        let rows_only = with(&[(0, b), (9, a)]);
        let twin = (1..9).find(|&c| solution.cells[c] == b).unwrap();
        let conflict = Conflict {
            digit: b,
            first: 0,
            second: twin,
            unit: Unit::Row(0),
        };
        assert_eq!(
            rows_only.check_solution_of(&Grid::EMPTY),
            Err(SolutionError::BreaksRule(conflict))
        );
        // Boxes only: a Latin square has every digit once in each row and column.
        let latin = Grid {
            cells: std::array::from_fn(|i| ((i / 9 + i % 9) % 9 + 1) as u8),
        };
        let conflict = Conflict {
            digit: 2,
            first: 1,
            second: 9,
            unit: Unit::Box(0),
        };
        assert_eq!(
            latin.check_solution_of(&Grid::EMPTY),
            Err(SolutionError::BreaksRule(conflict))
        );
        // Boxes only, away from box 1: columns 4 and 7 swapped keep every row and column
        // whole, and boxes 1, 4 and 7 too.
        let swapped = Grid {
            cells: std::array::from_fn(|i| match i % 9 {
                3 => solution.cells[i + 3],
                6 => solution.cells[i - 3],
                _ => solution.cells[i],
            }),
        };
        let conflict = swapped.find_conflict().unwrap();
        assert!(matches!(conflict.unit, Unit::Box(1 | 2)), "{conflict}");
        assert_eq!(
            swapped.check_solution_of(&Grid::EMPTY),
            Err(SolutionError::BreaksRule(conflict))
        );
        // Columns only: r1c1 and r1c2 swapped keep row 1 and box 1 whole.
        let c = solution.cells[1];
        let columns_only = with(&[(0, c), (1, a)]);
        let twin = (1..9)
            .map(|r| 9 * r)
            .find(|&i| solution.cells[i] == c)
            .unwrap();
        let conflict = Conflict {
            digit: c,
            first: 0,
            second: twin,
            unit: Unit::Column(0),
        };
        assert_eq!(
            columns_only.check_solution_of(&Grid::EMPTY),
            Err(SolutionError::BreaksRule(conflict))
        );
        // A clue changed, one or two: the first is named.
        let clue = (0..CELLS).find(|&i| puzzle.cells[i] != 0).unwrap();
        let other = |v: u8| v % 9 + 1;
        let mut changed = puzzle;
        changed.cells[clue] = other(puzzle.cells[clue]);
        assert_eq!(
            solution.check_solution_of(&changed),
            Err(SolutionError::ChangesClue { cell: clue })
        );
        let last = (0..CELLS).rfind(|&i| puzzle.cells[i] != 0).unwrap();
        changed.cells[last] = other(puzzle.cells[last]);
        assert_eq!(
            solution.check_solution_of(&changed),
            Err(SolutionError::ChangesClue { cell: clue })
        );
        // An empty cell, or two: the first is named, before any other fault.
        assert_eq!(
            with(&[(40, 0)]).check_solution_of(&puzzle),
            Err(SolutionError::Incomplete { cell: 40 })
        );
        assert_eq!(
            with(&[(70, 0), (12, 0), (0, b), (9, a)]).check_solution_of(&changed),
            Err(SolutionError::Incomplete { cell: 12 })
        );
    }
}
