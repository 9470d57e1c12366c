//! Reading records: a framed record's text, parsed by its input's layout into a puzzle (or the
//! reason it is not one), with what the answer key echoes and what `--verify` compares.

use crate::grid::{Grid, ParseError};
use crate::input::{Chunk, CsvLayout, Flaw, GridStyle, Layout, RawRecord};

/// Calls `f` with each record of `chunk` (its index in the chunk, its place, and its reading).
pub fn each_record(
    chunk: &Chunk,
    layout: &Layout,
    verify: bool,
    mut f: impl FnMut(usize, &RawRecord, &Read),
) {
    // The chunk's CSV lines, each one row: framing set aside the ones with an open quote.
    // Only CSV input needs the reader (building one costs as much as parsing a few lines).
    let mut csv_rows = matches!(layout, Layout::Csv(_)).then(|| {
        csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(&chunk.text[..])
    });
    let mut row = csv::ByteRecord::new();
    for (i, (raw, text)) in chunk.iter().enumerate() {
        let read = match (layout, raw.flaw) {
            (_, Some(flaw)) => Read::malformed(flaw_message(flaw)),
            (Layout::Lines, None) => read_line(text),
            (Layout::Grid(style), None) => read_grid(text, *style),
            (Layout::Csv(csv), None) => {
                match csv_rows.as_mut().map(|r| r.read_byte_record(&mut row)) {
                    Some(Ok(true)) => read_csv_row(&row, csv, verify),
                    _ => Read::malformed("unreadable CSV row".to_string()),
                }
            }
        };
        f(i, raw, &read);
    }
}

/// A record's text, read according to its layout.
pub struct Read<'a> {
    pub puzzle: Result<Grid, String>,
    /// The solution given in the input, for `--verify`.
    pub expected: Option<&'a [u8]>,
    /// The puzzle's text as it appeared.
    pub token: &'a [u8],
    /// The CSV row it came from.
    pub row: Option<&'a csv::ByteRecord>,
}

impl Read<'_> {
    fn malformed(why: String) -> Read<'static> {
        Read {
            puzzle: Err(why),
            expected: None,
            token: b"",
            row: None,
        }
    }
}

fn flaw_message(flaw: Flaw) -> String {
    match flaw {
        Flaw::TooLong => format!("line longer than {} bytes", crate::input::source::MAX_LINE),
        Flaw::UnclosedQuote => "unterminated quote in CSV row".to_string(),
        Flaw::GridRows(n) => format!("grid has {n} rows, expected 9"),
    }
}

/// A puzzle line: the first whitespace-separated word; the rest (a comment, a rating) is ignored.
fn read_line(text: &[u8]) -> Read<'_> {
    // The usual line is exactly a puzzle and its line end.
    let token = match text.get(81) {
        Some(end) if end.is_ascii_whitespace() && !text[0].is_ascii_whitespace() => &text[..81],
        _ => text
            .trim_ascii_start()
            .split(u8::is_ascii_whitespace)
            .next()
            .unwrap_or(b""),
    };
    Read {
        puzzle: Grid::parse_bytes(token).map_err(|e| e.to_string()),
        expected: None,
        token,
        row: None,
    }
}

/// 9 rows of 9 cells, compact or separated by whitespace.
fn read_grid(text: &[u8], style: GridStyle) -> Read<'_> {
    let mut cells = Vec::with_capacity(81);
    for (r, row) in text.split(|&b| b == b'\n').take(9).enumerate() {
        let before = cells.len();
        match style {
            GridStyle::Compact => cells.extend_from_slice(row.trim_ascii()),
            GridStyle::Spaced => {
                for cell in row.split(u8::is_ascii_whitespace).filter(|c| !c.is_empty()) {
                    if cell.len() != 1 {
                        return Read::malformed(format!(
                            "row {}: {:?} is not one cell",
                            r + 1,
                            String::from_utf8_lossy(cell)
                        ));
                    }
                    cells.push(cell[0]);
                }
            }
        }
        let n = cells.len() - before;
        if n != 9 {
            return Read::malformed(format!("row {}: {n} cells, expected 9", r + 1));
        }
    }
    let puzzle = Grid::parse_bytes(&cells).map_err(|e| match e {
        ParseError::BadChar { ch, position } => format!(
            "bad character {ch:?} at row {}, column {} (expected 1-9, 0 or .)",
            (position - 1) / 9 + 1,
            (position - 1) % 9 + 1
        ),
        other => other.to_string(),
    });
    Read {
        puzzle,
        expected: None,
        token: b"",
        row: None,
    }
}

fn read_csv_row<'a>(row: &'a csv::ByteRecord, csv: &CsvLayout, verify: bool) -> Read<'a> {
    let width = csv.columns.len();
    if row.len() != width {
        return Read {
            row: Some(row),
            ..Read::malformed(format!("{} fields, the header has {width}", row.len()))
        };
    }
    let token = row[csv.puzzle].trim_ascii();
    Read {
        puzzle: Grid::parse_bytes(token).map_err(|e| e.to_string()),
        expected: csv.solution.filter(|_| verify).map(|i| row[i].trim_ascii()),
        token,
        row: Some(row),
    }
}
