//! Format detection from the first lines of an input, and the CSV header's columns.

use super::frame::Framer;
use anyhow::{Context, bail};

/// An input format, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One puzzle per line, 81 characters.
    Lines,
    /// A header row, then one puzzle per row in one of the columns.
    Csv,
    /// 9 lines of 9 digits per puzzle.
    Grid,
}

/// How a grid's rows are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridStyle {
    /// `530070000` (judge problem 2239).
    Compact,
    /// `5 3 0 0 7 0 0 0 0` (judge problem 2580).
    Spaced,
}

/// Everything a worker needs to know to parse one input's records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    Lines,
    Csv(CsvLayout),
    Grid(GridStyle),
}

/// A CSV input's header and the columns that matter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvLayout {
    /// Column names as they appear in the header.
    pub columns: Vec<String>,
    /// Index of the puzzle column.
    pub puzzle: usize,
    /// Index of a `solution`/`solutions` column, if any.
    pub solution: Option<usize>,
}

/// Names that mark the puzzle column, in order of preference.
const PUZZLE_NAMES: [&str; 3] = ["puzzle", "quizzes", "quiz"];
/// Names that mark a column of known solutions.
const SOLUTION_NAMES: [&str; 2] = ["solution", "solutions"];

/// Works out the layout of an input from its first significant line (and, for a CSV file
/// without a named puzzle column, its first row). Consumes the CSV header; every other line
/// read here stays queued in the framer.
pub fn detect(
    framer: &mut Framer,
    forced: Option<Format>,
    column: Option<&str>,
) -> anyhow::Result<Layout> {
    let Some(first) = framer.peek_significant(0)? else {
        // An empty input: any layout reads zero records.
        return Ok(match forced {
            Some(Format::Csv) => bail!("no CSV header: the input is empty"),
            Some(Format::Grid) => Layout::Grid(GridStyle::Compact),
            _ => Layout::Lines,
        });
    };
    let format = forced.unwrap_or_else(|| guess_format(&first));
    Ok(match format {
        Format::Lines => Layout::Lines,
        Format::Grid => Layout::Grid(grid_style(&first)),
        Format::Csv => Layout::Csv(csv_layout(framer, column)?),
    })
}

fn guess_format(line: &[u8]) -> Format {
    let tokens: Vec<&[u8]> = line
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
        .collect();
    let is_cell = |t: &&[u8]| t.len() == 1 && is_cell_char(t[0]);
    let compact_row =
        tokens.len() == 1 && tokens[0].len() == 9 && tokens[0].iter().all(|&b| is_cell_char(b));
    let spaced_row = tokens.len() == 9 && tokens.iter().all(is_cell);
    let named_column = |name: &&str| line.trim_ascii().eq_ignore_ascii_case(name.as_bytes());
    if line.contains(&b',') || PUZZLE_NAMES.iter().any(named_column) {
        Format::Csv
    } else if compact_row || spaced_row {
        Format::Grid
    } else {
        Format::Lines
    }
}

fn grid_style(line: &[u8]) -> GridStyle {
    let trimmed = line.trim_ascii();
    if trimmed.iter().any(u8::is_ascii_whitespace) {
        GridStyle::Spaced
    } else {
        GridStyle::Compact
    }
}

fn is_cell_char(b: u8) -> bool {
    b.is_ascii_digit() || b == b'.'
}

/// Reads the header and picks the puzzle column: `--column`, else a conventional name, else the
/// first column whose value in the first row looks like a puzzle.
fn csv_layout(framer: &mut Framer, column: Option<&str>) -> anyhow::Result<CsvLayout> {
    let header = framer.take_header()?.context("no CSV header")?;
    let columns = split_fields(&header).with_context(|| "unreadable CSV header")?;
    let find = |names: &[&str]| {
        names.iter().find_map(|n| {
            columns
                .iter()
                .position(|c| c.trim().eq_ignore_ascii_case(n))
        })
    };
    let puzzle = match column {
        Some(want) => columns.iter().position(|c| c == want).with_context(|| {
            format!("no column named {want:?} (columns: {})", columns.join(", "))
        })?,
        None => match find(&PUZZLE_NAMES) {
            Some(i) => i,
            None => guess_puzzle_column(framer, columns.len())?.with_context(|| {
                format!(
                    "no puzzle column found (columns: {}); name one with --column",
                    columns.join(", ")
                )
            })?,
        },
    };
    let solution = find(&SOLUTION_NAMES).filter(|&i| i != puzzle);
    Ok(CsvLayout {
        columns,
        puzzle,
        solution,
    })
}

/// The first of the header's `width` columns whose value in the first data row is 81 cell
/// characters. (A row may have more fields than the header: those have no column.)
fn guess_puzzle_column(framer: &mut Framer, width: usize) -> anyhow::Result<Option<usize>> {
    let Some(row) = framer.peek_significant(0)? else {
        return Ok(None);
    };
    let fields = split_fields(&row).unwrap_or_default();
    Ok(fields
        .iter()
        .take(width)
        .position(|f| f.trim().len() == 81 && f.trim().bytes().all(is_cell_char)))
}

/// Splits one CSV line (the header, or a row for guessing) with the csv crate.
fn split_fields(line: &[u8]) -> anyhow::Result<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(line);
    let mut record = csv::StringRecord::new();
    reader.read_record(&mut record)?;
    Ok(record.iter().map(str::to_owned).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guesses_each_format_from_its_first_line() {
        let line = "0".repeat(81);
        assert_eq!(guess_format(line.as_bytes()), Format::Lines);
        assert_eq!(
            guess_format(format!("{line} 3.5").as_bytes()),
            Format::Lines
        );
        assert_eq!(guess_format(b"quizzes,solutions"), Format::Csv);
        assert_eq!(guess_format(b"Puzzle"), Format::Csv);
        assert_eq!(guess_format(b"530070000"), Format::Grid);
        assert_eq!(guess_format(b"5 3 0 0 7 0 0 0 0"), Format::Grid);
        assert_eq!(grid_style(b"5 3 0 0 7 0 0 0 0"), GridStyle::Spaced);
        assert_eq!(grid_style(b"530070000"), GridStyle::Compact);
        assert_eq!(guess_format(b"hello"), Format::Lines);
    }
}
