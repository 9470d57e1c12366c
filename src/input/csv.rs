//! The CSV layout: one row per line, fields split at `,`, tab, `;` or `|` (detected from the
//! first lines, or `--delimiter`), quoted RFC 4180 style within the line. A header row is
//! detected (a first row with a puzzle in it is data, not a header) or forced (`--header`,
//! `--no-header`). `#` is data here; only `#` lines before the header that are not as wide as
//! the rows are comments. The puzzle column is `--column` (a name, or a 1-based number), else
//! one with a known name, else the first whose value in the first row is a puzzle; the given
//! solutions (`--verify`) likewise from `--solution-column`, a known name or content.

use super::fields::{UnclosedQuote, split_csv};
use super::sample::{Detected, Fit, Sample};
use super::{
    Echo, Fields, Framing, Layout, LayoutKind, Options, PUZZLE_NAMES, Record, RecordError,
    SOLUTION_NAMES, Skip, find_column, find_named, looks_like_puzzle, read_puzzle, show_columns,
};
use crate::grid::{CELLS, Grid, ParseError};
use crate::record::{CsvHeader, field_start};
use anyhow::{Context, bail};

pub(crate) const KIND: LayoutKind = LayoutKind {
    name: "csv",
    help: "Rows of fields split by , tab ; or |, with or without a header; the puzzle in one column",
    detect,
};

#[derive(Debug)]
pub(crate) struct Csv {
    delimiter: u8,
    /// The header line as it was, when the input has one.
    header: Option<Vec<u8>>,
    /// The header's names, or `field1`, `field2`, … (at least one).
    columns: Vec<Vec<u8>>,
    /// The column of puzzles: an index into `columns`, as detection only picks one of those.
    puzzle: usize,
    /// The column of given solutions, read only under `--verify`; an index into `columns` too.
    solution: Option<usize>,
}

/// Delimiters tried, in order of preference when two split a line equally well.
const DELIMITERS: [u8; 4] = [b',', b'\t', b';', b'|'];

fn split(line: &[u8], delimiter: u8) -> Result<Vec<Vec<u8>>, UnclosedQuote> {
    let mut f = Fields::default();
    split_csv(line, delimiter, &mut f).map(|()| f.to_vec())
}

fn width(line: &[u8], delimiter: u8) -> usize {
    split(line, delimiter).map_or(0, |f| f.len())
}

/// The delimiter that splits the first two rows into the most fields, as many in each; `,`
/// when none splits them. A row that does not split (an unclosed quote) has no say.
fn choose_delimiter(rows: &[&[u8]]) -> u8 {
    let score = |d: u8| {
        let splitting = rows.iter().filter(|r| split(r, d).is_ok());
        let widths: Vec<usize> = splitting.take(2).map(|r| width(r, d)).collect();
        let agree = widths.windows(2).all(|w| w[0] == w[1]);
        (agree, widths.first().copied().unwrap_or(0))
    };
    DELIMITERS
        .iter()
        .copied()
        .filter(|&d| score(d).1 > 1)
        .max_by_key(|&d| {
            (
                score(d),
                std::cmp::Reverse(DELIMITERS.iter().position(|&x| x == d)),
            )
        })
        .unwrap_or(b',')
}

fn detect(sample: &Sample, options: &Options, forced: bool) -> anyhow::Result<Option<Detected>> {
    let lines = &sample.lines;
    if lines.is_empty() {
        return if forced {
            bail!("no CSV header: the input is empty")
        } else {
            Ok(None)
        };
    }
    // Where the table starts: `#` lines before the first other line are comments when they are
    // not as wide as that line (a preamble); otherwise they are rows like any other.
    let body = lines
        .iter()
        .position(|(_, t)| !super::is_comment(t))
        .unwrap_or(0);
    let delimiter = match options.delimiter {
        Some(d) => d,
        None => {
            let rows: Vec<&[u8]> = lines[body..].iter().map(|(_, t)| t.as_slice()).collect();
            choose_delimiter(&rows)
        }
    };
    let body_width = width(&lines[body].1, delimiter);
    let start = (0..body)
        .find(|&i| width(&lines[i].1, delimiter) == body_width)
        .unwrap_or(body);
    let (first_no, first) = &lines[start];
    // A first row that does not split (an unclosed quote) is no header: it is a data row,
    // malformed, and the table's shape is the first row's that splits.
    let broken_first = split(first, delimiter).is_err();
    let Some(first_fields) = lines[start..]
        .iter()
        .find_map(|(_, t)| split(t, delimiter).ok())
    else {
        return if forced {
            bail!(
                "no CSV row in the first {} lines splits into fields: each has an unterminated quote",
                lines.len()
            )
        } else {
            Ok(None)
        };
    };
    let header = match (broken_first, options.header) {
        (true, Some(true)) => {
            bail!("the CSV header (line {first_no}) has an unterminated quote")
        }
        (true, _) => false,
        (false, Some(header)) => header,
        (false, None) => !first_fields.iter().any(|f| looks_like_puzzle(f)),
    };
    if header && sample.is_too_long(*first_no) {
        // Only a line of several fields is a header that is too long; one field is a record
        // that is too long, of whatever layout.
        if !forced && first_fields.len() < 2 {
            return Ok(None);
        }
        bail!(
            "the CSV header (line {first_no}) is longer than {} bytes",
            super::MAX_LINE
        );
    }
    let data: Vec<Vec<Vec<u8>>> = lines[start + usize::from(header)..]
        .iter()
        .filter_map(|(_, t)| split(t, delimiter).ok())
        .collect();
    let columns = if header {
        first_fields.clone()
    } else {
        (1..=first_fields.len())
            .map(|i| format!("field{i}").into_bytes())
            .collect()
    };
    let width = columns.len();
    // Rows as wide as the header: at least half of those sampled (a title with a comma over a
    // lines file is not a header).
    // A row ending in one delimiter more than the header (`a,b,c,`) is as wide.
    let trailing = |r: &Vec<Vec<u8>>| r.len() == width + 1 && r.last().is_some_and(Vec::is_empty);
    let as_wide = data
        .iter()
        .filter(|r| r.len() == width || trailing(r))
        .count();
    if !forced && as_wide * 2 < data.len() {
        return Ok(None);
    }
    // The first column whose value passes `test`, in the first sampled row where one does.
    let by_content = |skip: Option<usize>, test: &dyn Fn(&[u8]) -> bool| {
        data.iter().find_map(|row| {
            row.iter()
                .take(width)
                .enumerate()
                .find(|&(i, f)| Some(i) != skip && test(f))
                .map(|(i, _)| i)
        })
    };
    let named = header
        .then(|| find_named(&columns, &PUZZLE_NAMES))
        .flatten();
    // One column under a header of no known name is a lines file whose first line is not a
    // puzzle (and is answered as such), not a table.
    if !forced && header && width == 1 && named.is_none() && options.column.is_none() {
        return Ok(None);
    }
    let puzzle = match &options.column {
        Some(want) => find_column(&columns, want).with_context(|| {
            format!(
                "no column named {want:?} (columns: {})",
                show_columns(&columns)
            )
        })?,
        None => match named.or_else(|| by_content(None, &looks_like_puzzle)) {
            Some(i) => i,
            // A table that is clearly CSV (a header of several columns, rows as wide) but has
            // no puzzle column: say so, unless another layout reads the input.
            None if forced || (header && width > 1) => bail!(
                "no puzzle column found (columns: {}); name one with --column",
                show_columns(&columns)
            ),
            None => return Ok(None),
        },
    };
    let solution = if options.verify {
        match &options.solution_column {
            Some(want) => Some(find_column(&columns, want).with_context(|| {
                format!(
                    "no column named {want:?} (columns: {})",
                    show_columns(&columns)
                )
            })?),
            None => header
                .then(|| find_named(&columns, &SOLUTION_NAMES))
                .flatten()
                .filter(|&i| i != puzzle)
                .or_else(|| by_content(Some(puzzle), &|f| is_full_grid(f))),
        }
    } else {
        None
    };
    let fit = if named.is_some() || (!header && width > 1) {
        Fit::Certain
    } else {
        Fit::Likely
    };
    let csv = Csv {
        delimiter,
        header: header.then(|| first.clone()),
        columns,
        puzzle,
        solution,
    };
    let mut found = Detected::new(csv, fit);
    for (no, _) in &lines[..start] {
        found = found.skipping(*no, Skip::Comment);
    }
    if header {
        found = found.skipping(*first_no, Skip::Header);
    }
    Ok(Some(found))
}

impl Csv {
    /// The puzzle and the given solution (under `--verify`) of a row that is nothing but
    /// puzzles, as Kaggle's `quizzes,solutions` and `puzzle,solution` files are: each field 81
    /// cell characters, one delimiter between. `None` for any other row.
    ///
    /// The fields are where that shape puts them, and each is parsed as a grid: no scan for
    /// delimiters, quotes or CRs, since a grid's characters are none of those. So a row that
    /// passes splits, and is copied into the key, exactly as [`Csv::read_any_row`] would.
    fn cells_row(&self, line: &[u8]) -> Option<(Grid, Option<Result<Grid, ParseError>>)> {
        let width = self.columns.len();
        let in_shape = line.len() + 1 == field_start(width)
            && (1..width).all(|i| line[field_start(i) - 1] == self.delimiter);
        if !in_shape {
            return None;
        }
        let grid = |i: usize| Grid::parse_bytes(&line[field_start(i)..][..CELLS]);
        let puzzle = grid(self.puzzle).ok()?;
        let given = self.solution.map(grid);
        // The other columns are only checked. (Parsing every column is the same check, slower.)
        let read = |i: usize| i == self.puzzle || Some(i) == self.solution;
        let all_grids = given.as_ref().is_none_or(Result::is_ok)
            && (0..width).all(|i| read(i) || grid(i).is_ok());
        all_grids.then_some((puzzle, given))
    }

    /// Reads any row: split (RFC 4180 quotes within the line), its width checked, the puzzle
    /// and the given solution parsed.
    fn read_any_row<'a>(&self, line: &'a [u8], fields: &'a mut Fields) -> Record<'a> {
        if split_csv(line, self.delimiter, fields).is_err() {
            return Record {
                puzzle: Err(RecordError::UnclosedQuote),
                given: None,
                echo: Echo::Fields { fields, row: None },
            };
        }
        // A row that ends with one delimiter more than its header has (an export's habit:
        // `a,b,c,`) has no data past the header's width: the empty field is not there.
        let mut line = line;
        if trails_a_delimiter(line, self.delimiter, fields, self.columns.len()) {
            fields.truncate(self.columns.len());
            line = &line[..line.len() - 1];
        }
        if fields.len() != self.columns.len() {
            let what = if self.header.is_some() {
                "header"
            } else {
                "first row"
            };
            return Record {
                puzzle: Err(RecordError::Width {
                    got: fields.len(),
                    want: self.columns.len(),
                    what,
                }),
                given: None,
                echo: Echo::Fields { fields, row: None },
            };
        }
        // A row is copied into the key as it is, unless it holds a bare CR, which other CSV
        // readers take for a line end: then its fields are written again, quoted.
        let verbatim = memchr::memchr(b'\r', line).is_none();
        Record {
            puzzle: read_puzzle(fields.get(self.puzzle)).map_err(RecordError::Puzzle),
            given: self.solution.map(|i| read_puzzle(fields.get(i))),
            echo: Echo::Fields {
                fields,
                row: verbatim.then_some(line),
            },
        }
    }
}

/// True when `line`, split into `fields`, is one field wider than `width` only because it ends
/// with a delimiter: its last field is empty and unquoted.
fn trails_a_delimiter(line: &[u8], delimiter: u8, fields: &Fields, width: usize) -> bool {
    fields.len() == width + 1 && line.last() == Some(&delimiter)
}

/// A solved grid: what a column of given solutions holds.
fn is_full_grid(field: &[u8]) -> bool {
    read_puzzle(field).is_ok_and(|g| g.cells().iter().all(|&v| v != 0))
}

impl Layout for Csv {
    fn name(&self) -> &'static str {
        KIND.name
    }

    fn frame(&self, _line: &[u8], _open: usize) -> Framing {
        Framing::Take { complete: true }
    }

    fn read<'a>(&self, line: &'a [u8], fields: &'a mut Fields) -> Record<'a> {
        let Some((puzzle, given)) = self.cells_row(line) else {
            return self.read_any_row(line, fields);
        };
        // The values stay in the row, where its shape puts them: nothing is copied.
        Record {
            puzzle: Ok(puzzle),
            given,
            echo: Echo::Cells(line),
        }
    }

    fn columns(&self) -> &[Vec<u8>] {
        &self.columns
    }

    fn csv_header(&self) -> CsvHeader<'_> {
        match &self.header {
            Some(line) => CsvHeader::Verbatim(line),
            None => CsvHeader::Absent,
        }
    }

    fn delimiter(&self) -> u8 {
        self.delimiter
    }

    fn has_solution(&self) -> bool {
        self.solution.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::cells_field;

    #[test]
    fn the_delimiter_that_splits_rows_alike() {
        assert_eq!(choose_delimiter(&[b"a,b,c", b"1,2,3"]), b',');
        assert_eq!(choose_delimiter(&[b"a\tb", b"1\t2"]), b'\t');
        assert_eq!(choose_delimiter(&[b"a;b;c", b"1,5;2;3"]), b';');
        assert_eq!(choose_delimiter(&[b"puzzle", b"123"]), b',');
        // A comma inside a quoted field does not count.
        assert_eq!(choose_delimiter(&[b"\"a,b\";c", b"x;y"]), b';');
        // Agreeing on the second row beats more fields in the first.
        assert_eq!(choose_delimiter(&[b"a,b,c;d", b"1,2;3"]), b';');
        // A tie goes to the delimiter listed first.
        assert_eq!(choose_delimiter(&[b"a,b\tc,d\te", b"1,2\t3,4\t5"]), b',');
        assert_eq!(choose_delimiter(&[b"a\tb;c", b"1\t2;3"]), b'\t');
    }

    /// What a read record is, in comparable form: the puzzle, the given solution, the fields
    /// and the row the key copies.
    type Seen = (
        Result<Grid, RecordError>,
        Option<Result<Grid, ParseError>>,
        Vec<Vec<u8>>,
        Option<Vec<u8>>,
    );

    fn seen(record: Record, width: usize) -> Seen {
        let (fields, row) = match record.echo {
            Echo::Fields { fields, row } => (fields.to_vec(), row),
            Echo::Cells(row) => {
                let fields = (0..width).map(|i| cells_field(row, i).to_vec()).collect();
                (fields, Some(row))
            }
            _ => panic!("a CSV record echoes its fields"),
        };
        (record.puzzle, record.given, fields, row.map(<[u8]>::to_vec))
    }

    const PUZZLE: &[u8; CELLS] =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &[u8; CELLS] =
        b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    /// A headerless CSV layout of `width` columns, as detection would make it.
    fn layout(delimiter: u8, width: usize, puzzle: usize, solution: Option<usize>) -> Csv {
        Csv {
            delimiter,
            header: None,
            columns: (0..width).map(|i| format!("c{i}").into_bytes()).collect(),
            puzzle,
            solution,
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        /// The quick path for rows of puzzles reads each row as the general path does, near
        /// the shape it takes as much as in it: each of 1-3 fields a puzzle or a solution, one
        /// byte of the row changed to a delimiter, a quote, a CR, a space, a bracket or a
        /// letter (or dropped, or doubled), with or without given solutions, puzzle column
        /// first or last.
        #[test]
        fn a_row_of_puzzles_reads_as_any_row_does(
            width in 1..=3usize,
            solved in proptest::collection::vec(proptest::bool::ANY, 3),
            change in proptest::option::of((0..300usize, proptest::sample::select(&b",;\"\r .x[\t"[..]), 0..3u8)),
            delimiter in proptest::sample::select(&b",;\t"[..]),
            last in proptest::bool::ANY,
            verify in proptest::bool::ANY,
        ) {
            let puzzle = if last { width - 1 } else { 0 };
            let solution = (verify && width > 1).then_some(width - 1 - puzzle);
            let csv = layout(delimiter, width, puzzle, solution);
            let mut row = Vec::new();
            for (i, &solved) in solved.iter().take(width).enumerate() {
                if i > 0 {
                    row.push(delimiter);
                }
                row.extend_from_slice(if solved { SOLUTION } else { PUZZLE });
            }
            if let Some((at, byte, how)) = change {
                let at = at % row.len();
                match how {
                    0 => row[at] = byte,
                    1 => { row.remove(at); }
                    _ => row.insert(at, byte),
                }
            }
            let (mut quick, mut general) = (Fields::default(), Fields::default());
            let quick_record = seen(csv.read(&row, &mut quick), width);
            let general_record = seen(csv.read_any_row(&row, &mut general), width);
            proptest::prop_assert_eq!(quick_record, general_record);
        }
    }

    /// The quick path is taken where it can be: a Kaggle row reads as its puzzle and solution
    /// there, and one byte out of shape sends it to the general path.
    #[test]
    fn a_row_of_puzzles_takes_the_quick_path() {
        let csv = layout(b',', 2, 0, Some(1));
        let row = [&PUZZLE[..], b",", &SOLUTION[..]].concat();
        let (puzzle, given) = csv.cells_row(&row).expect("in shape");
        assert_eq!(Ok(puzzle), Grid::parse_bytes(PUZZLE));
        assert_eq!(given, Some(Grid::parse_bytes(SOLUTION)));
        let (puzzle, given) = layout(b',', 2, 1, Some(0))
            .cells_row(&row)
            .expect("in shape");
        assert_eq!(
            (Ok(puzzle), given),
            (Grid::parse_bytes(SOLUTION), Some(Grid::parse_bytes(PUZZLE)))
        );
        // Without `--verify` the solutions are only checked, and the row still takes it.
        let (puzzle, given) = layout(b',', 2, 0, None).cells_row(&row).expect("in shape");
        assert_eq!((Ok(puzzle), given), (Grid::parse_bytes(PUZZLE), None));
        assert!(csv.cells_row(&row[1..]).is_none());
        assert!(csv.cells_row(&[&row[..], b","].concat()).is_none());
        let mut fields = Fields::default();
        let record = csv.read(&row, &mut fields);
        assert!(matches!(record.echo, Echo::Cells(_)), "nothing copied");
        let (_, _, fields, echoed) = seen(record, 2);
        assert_eq!(fields, [PUZZLE.to_vec(), SOLUTION.to_vec()]);
        assert_eq!(echoed, Some(row));
    }
}
