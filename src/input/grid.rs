//! The grid layout: a puzzle as rows of cells, compact (`530070000`, judge problem 2239),
//! spaced (`5 3 0 0 7 0 0 0 0`, judge problem 2580), boxed ASCII art (`5 3 . | . 7 . | …`
//! between `------+-------+------` rules) or saved from a spreadsheet as CSV (`5,3,,,7,,,,`:
//! nine cells split by `,` or `;`, a blank one empty, `0`, `.` or a space). Titles (`Grid 01` as in Project Euler 96,
//! `Puzzle 3:`), rules and `#` comments are skipped and counted; a blank line or a title ends a
//! grid early (it is then malformed).
//!
//! A 4×4, 16×16 or 25×25 grid is framed by its own side, so that each gets one record and the
//! input one message.

use super::sample::{Detected, Fit, Sample};
use super::{
    Echo, Fields, Framing, Layout, LayoutKind, Options, Record, RecordError, Skip, is_comment,
    looks_like_title,
};
use crate::grid::{CELLS, Grid, ParseError};
use crate::record::GridStyle;

pub(crate) const KIND: LayoutKind = LayoutKind {
    name: "grid",
    help: "A puzzle per 9 rows of 9 cells: compact, spaced, boxed with | - +, or split by , or ;; titles skipped",
    detect,
};

#[derive(Debug)]
pub(crate) struct GridLayout {
    /// Rows per grid, and cells per row.
    side: usize,
    style: GridStyle,
    columns: Vec<Vec<u8>>,
}

/// Sides of the grids that are framed (9, and the others that get a message).
const SIDES: [usize; 4] = [9, 4, 16, 25];

fn detect(sample: &Sample, _: &Options, forced: bool) -> anyhow::Result<Option<Detected>> {
    let mut rows = sample
        .uncommented()
        .map(|(_, line)| line)
        .filter(|line| !is_rule(line) && !is_title(line));
    let found = match rows.next() {
        Some(first) if SIDES.contains(&side_of(first)) => {
            // Two rows of the same width leave no doubt; one might be a 9-digit number.
            let side = cell_count(first);
            let fit = match rows.next() {
                Some(second) if cell_count(second) == side => Fit::Certain,
                _ => Fit::Likely,
            };
            Some((side, style_of(first), fit))
        }
        _ => forced.then_some((9, GridStyle::Compact, Fit::Likely)),
    };
    Ok(found.map(|(side, style, fit)| {
        let layout = GridLayout {
            side,
            style,
            columns: vec![b"puzzle".to_vec()],
        };
        Detected::new(layout, fit)
    }))
}

/// A ruled line: only `-`, `=`, `+`, `|`, `*` and spaces, with at least one `-`, `=` or `+`
/// (or only bars).
fn is_rule(line: &[u8]) -> bool {
    let t = line.trim_ascii();
    !t.is_empty()
        && t.iter().all(|b| b" \t-=+|*".contains(b))
        && (t.iter().any(|b| b"-=+".contains(b)) || t.iter().all(|b| b" \t|".contains(b)))
}

/// A title, unless it is a row of a 16×16 or 25×25 grid (whose cells are letters too).
fn is_title(line: &[u8]) -> bool {
    looks_like_title(line) && !matches!(side_of(line), 16 | 25)
}

/// The side of the grid that `row` would be a row of: its cell count, except that a row as
/// wide as a 16×16 or 25×25 grid's must hold only what such grids' cells are (letters, digits,
/// `.`, in cells of a character or two): `State: R (running)` has 16 characters and `It was a
/// dark and stormy night.` 25, but no grid has a row of them. 0 for no grid.
fn side_of(row: &[u8]) -> usize {
    // A row of delimited cells has one character a cell, else it is a table's row (a CSV of
    // nine columns is no grid).
    if let Some(delimiter) = delimiter_of(row) {
        let mut fields = row.split(|&b| b == delimiter);
        if fields.any(|f| f.trim_ascii().len() > 1) {
            return 0;
        }
    }
    // Spelled out with spaces, a big grid's row has cells of a character or two (`10 11`);
    // prose has longer words.
    let words = || {
        row.split(|b| b.is_ascii_whitespace() || *b == b'|')
            .filter(|w| !w.is_empty())
    };
    let prose = words().count() > 1 && words().any(|w| w.len() > 2);
    match cell_count(row) {
        16 | 25 if prose || !cells(row).all(|c| c.is_ascii_alphanumeric() || c == b'.') => 0,
        n => n,
    }
}

/// Delimiters of a grid saved as CSV.
const DELIMITERS: [u8; 2] = [b',', b';'];

/// The delimiter of a row of delimited cells (`5,3,,,7,,,,`), if it is one.
fn delimiter_of(row: &[u8]) -> Option<u8> {
    DELIMITERS.into_iter().find(|d| row.contains(d))
}

/// The cells of a row: every character but whitespace and the box bars `|` and `!`; or, in a
/// row of delimited cells, each field, an empty or blank one a blank (`0`) and one of several
/// characters `?`, so that reading names it as a bad cell where it is.
fn cells(row: &[u8]) -> impl Iterator<Item = u8> + '_ {
    let delimiter = delimiter_of(row);
    let plain = row.iter().copied().filter(move |b| {
        delimiter.is_none() && !b.is_ascii_whitespace() && *b != b'|' && *b != b'!'
    });
    // A field a cell; a spreadsheet's export may end each row with one more delimiter.
    let fields = match delimiter {
        None => 0,
        Some(d) => {
            let fields = memchr::memchr_iter(d, row).count() + 1;
            let last = row.rsplit(|&b| b == d).next().unwrap_or_default();
            fields - usize::from(fields == 10 && last.trim_ascii().is_empty())
        }
    };
    let delimited = row.split(move |&b| Some(b) == delimiter).take(fields);
    plain.chain(delimited.map(|field| match field.trim_ascii() {
        [] => b'0',
        [c] => *c,
        _ => b'?',
    }))
}

fn cell_count(row: &[u8]) -> usize {
    cells(row).count()
}

fn style_of(row: &[u8]) -> GridStyle {
    let t = row.trim_ascii();
    if let Some(delimiter) = delimiter_of(t) {
        GridStyle::Delimited(delimiter)
    } else if t.contains(&b'|') || t.contains(&b'!') {
        GridStyle::Boxed
    } else if t.iter().any(u8::is_ascii_whitespace) {
        GridStyle::Spaced
    } else {
        GridStyle::Compact
    }
}

impl Layout for GridLayout {
    fn name(&self) -> &'static str {
        KIND.name
    }

    fn frame(&self, line: &[u8], open: usize) -> Framing {
        if is_comment(line) {
            Framing::Skip(Skip::Comment)
        } else if is_rule(line) {
            Framing::Skip(Skip::Rule)
        } else if is_title(line) {
            Framing::SkipAndClose(Skip::Title)
        } else {
            // Anything else is a row, broken or not: a broken row stays in its grid (which is
            // then malformed) rather than shift the rows after it into the next grid.
            Framing::Take {
                complete: open + 1 == self.side,
            }
        }
    }

    fn read<'a>(&self, text: &'a [u8], _: &'a mut Fields) -> Record<'a> {
        Record {
            puzzle: self.read_rows(text),
            given: None,
            echo: Echo::Puzzle,
        }
    }

    fn records_are_lines(&self) -> bool {
        false
    }

    fn columns(&self) -> &[Vec<u8>] {
        &self.columns
    }

    fn grid_style(&self) -> Option<GridStyle> {
        Some(self.style)
    }
}

impl GridLayout {
    fn read_rows(&self, text: &[u8]) -> Result<Grid, RecordError> {
        if self.side != 9 {
            return Err(RecordError::Puzzle(ParseError::OtherSize {
                side: self.side,
            }));
        }
        let rows: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
        if rows.len() != 9 {
            return Err(RecordError::GridRows {
                got: rows.len(),
                want: 9,
            });
        }
        let mut cells81 = [0u8; CELLS];
        for (r, row) in rows.iter().enumerate() {
            let mut n = 0;
            for cell in cells(row) {
                if n < 9 {
                    cells81[r * 9 + n] = cell;
                }
                n += 1;
            }
            if n != 9 {
                return Err(RecordError::GridRowWidth { row: r + 1, got: n });
            }
        }
        Grid::parse_bytes(&cells81).map_err(|e| {
            // A delimited row's cell of several characters is named as it was written.
            let written = |position: usize| {
                let row = rows[(position - 1) / 9];
                let delimiter = delimiter_of(row)?;
                let field = row.split(|&b| b == delimiter).nth((position - 1) % 9)?;
                let field = String::from_utf8_lossy(field.trim_ascii()).into_owned();
                (field.chars().count() > 1).then(|| format!("cell {field:?}"))
            };
            let (what, position) = match e {
                ParseError::BadChar { ch, position } => (
                    written(position).unwrap_or_else(|| format!("character {ch:?}")),
                    position,
                ),
                ParseError::BadByte { byte, position } => (format!("byte 0x{byte:02x}"), position),
                other => return RecordError::Puzzle(other),
            };
            RecordError::GridCell {
                what,
                row: (position - 1) / 9 + 1,
                col: (position - 1) % 9 + 1,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_titles_and_rows() {
        assert!(is_rule(b"------+-------+------"));
        assert!(is_rule(b"+=====+=====+=====+"));
        assert!(is_rule(b" |     |     | "));
        assert!(!is_rule(b"5 3 . | . 7 . | . . ."));
        assert!(is_title(b"Grid 01"));
        assert!(is_title(b"Puzzle 3:"));
        assert!(!is_title(b"53x070000"), "a stray letter is a broken row");
        assert!(!is_title(b"ABCDEFG123456789"), "a 16×16 row");
        assert_eq!(cell_count(b"| 5 3 . | . 7 . | . . . |"), 9);
        assert_eq!(style_of(b"5 3 . | . 7 ."), GridStyle::Boxed);
        assert_eq!(style_of(b"5 3 0 0 7 0 0 0 0"), GridStyle::Spaced);
        assert_eq!(style_of(b"530070000"), GridStyle::Compact);
    }
}
