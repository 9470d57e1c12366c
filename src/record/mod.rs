//! What input and output share: a record's fields, what an answer key repeats of a record
//! and of its input's shape, how a CSV field is written, and the verdict a record gets. Below
//! both: neither `input` nor `output` imports the other.

pub mod verdict;

pub use verdict::Verdict;

use crate::grid::CELLS;
use std::cell::RefCell;

/// A record's field values, unquoted, one after another in one buffer (reused from record to
/// record, so reading a row allocates nothing once it has grown).
#[derive(Debug, Default, Clone)]
pub struct Fields {
    // The splitters of `input::fields` fill these in place.
    pub(crate) bytes: Vec<u8>,
    pub(crate) ends: Vec<usize>,
    /// Each field after the first starts one byte past the end of the one before (the bytes
    /// hold the delimiters between them): the whole row copied at once.
    skip_delimiters: bool,
}

impl Fields {
    /// No fields, keeping the allocations.
    pub(crate) fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
        self.skip_delimiters = false;
    }

    /// Adds a field.
    pub(crate) fn push(&mut self, value: &[u8]) {
        debug_assert!(!self.skip_delimiters || self.ends.is_empty());
        self.skip_delimiters = false;
        self.bytes.extend_from_slice(value);
        self.ends.push(self.bytes.len());
    }

    /// Ends the last field at the end of `row`, and keeps `row` whole as the bytes: the
    /// delimiters are in the bytes too, so each field after the first starts one byte past the
    /// end of the one before. (The fields' ends before the last are already pushed.)
    pub(crate) fn keep_whole(&mut self, row: &[u8]) {
        self.bytes.extend_from_slice(row);
        self.ends.push(row.len());
        self.skip_delimiters = true;
    }

    /// Keeps the first `n` fields.
    pub(crate) fn truncate(&mut self, n: usize) {
        self.ends.truncate(n);
    }

    /// How many fields.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Field `i`, or empty past the last one.
    pub(crate) fn get(&self, i: usize) -> &[u8] {
        match self.ends.get(i) {
            Some(&end) => {
                let start = match i {
                    0 => 0,
                    _ => self.ends[i - 1] + usize::from(self.skip_delimiters),
                };
                &self.bytes[start..end]
            }
            None => b"",
        }
    }

    /// Every field, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[u8]> {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The fields as owned values (for headers).
    pub(crate) fn to_vec(&self) -> Vec<Vec<u8>> {
        self.iter().map(<[u8]>::to_vec).collect()
    }
}

/// What an answer key repeats of a record, before the answer.
#[derive(Clone, Copy)]
pub enum Echo<'a> {
    /// The values of the layout's columns (a CSV row, a bank line's fields), and the row's own
    /// text when a CSV answer key can copy it as it is (it has the header's width).
    Fields {
        /// The values.
        fields: &'a Fields,
        /// The row as it was written, when it can be copied whole.
        row: Option<&'a [u8]>,
    },
    /// A row of grids, each 81 cell characters, one delimiter between them (a Kaggle row, see
    /// [`cells_field`]): each value is where that shape puts it, and the row is copied into a
    /// CSV key as it is.
    Cells(&'a [u8]),
    /// The puzzle as it was written (a lines record).
    Text(&'a [u8]),
    /// The puzzle, written out from the grid that was read (grid and JSON records; nothing
    /// when there is none).
    Puzzle,
    /// A JSON object's text, which a JSON answer key extends; other keys echo as `Puzzle`.
    Object(&'a [u8]),
}

/// What an answer key needs to know of its input's records, from their layout.
pub struct Echoes<'a> {
    /// The names of the values each record echoes.
    pub columns: &'a [Vec<u8>],
    /// The keys a JSON answer key's objects already have.
    pub json_keys: Vec<Vec<u8>>,
    /// What a CSV answer key's header is.
    pub csv_header: CsvHeader<'a>,
    /// The input's field delimiter.
    pub delimiter: u8,
}

/// What an input layout says about the header of a CSV answer key.
pub enum CsvHeader<'a> {
    /// The input's own header line, repeated as it was.
    Verbatim(&'a [u8]),
    /// The input has none, so the key has none either.
    Absent,
    /// A header made of the layout's column names.
    Named,
}

/// How a grid's rows are written (also how a grid answer key writes them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridStyle {
    /// `530070000` (judge problem 2239).
    Compact,
    /// `5 3 0 0 7 0 0 0 0` (judge problem 2580).
    Spaced,
    /// `5 3 0 | 0 7 0 | 0 0 0`, with a rule between bands.
    Boxed,
    /// `5,3,0,0,7,0,0,0,0`: cells split by a delimiter, as a spreadsheet saves a grid.
    Delimited(u8),
}

/// Where field `i` of a row of puzzles (a Kaggle row: see [`Echo::Cells`]) starts: each field is 81
/// characters and a delimiter.
pub(crate) fn field_start(i: usize) -> usize {
    i * (CELLS + 1)
}

/// Field `i` of a row of puzzles ([`Echo::Cells`]), or empty past its last.
pub fn cells_field(row: &[u8], i: usize) -> &[u8] {
    row.get(field_start(i)..field_start(i) + CELLS)
        .unwrap_or_default()
}

/// Writes one CSV field with the csv crate's writer (csv-core), quoted (RFC 4180) only when it
/// must be: when it holds the delimiter, a quote or a line break (CR or LF).
pub fn write_csv_field(out: &mut Vec<u8>, field: &[u8], delimiter: u8) {
    QUOTER.with_borrow_mut(|quoter| {
        if quoter.get_delimiter() != delimiter {
            *quoter = csv_core::WriterBuilder::new().delimiter(delimiter).build();
        }
        if !quoter.should_quote(field) {
            out.extend_from_slice(field);
            return;
        }
        // Doubling every quote at most doubles the field; the two more are its quotes.
        let start = out.len();
        out.resize(start + 2 * field.len() + 2, 0);
        out[start] = b'"';
        let (_, _, written) = csv_core::quote(field, &mut out[start + 1..], b'"', b'"', true);
        out.truncate(start + 1 + written);
        out.push(b'"');
    })
}

thread_local! {
    /// Each thread's writer, kept for its table of the bytes that need quotes.
    static QUOTER: RefCell<csv_core::Writer> = RefCell::new(csv_core::Writer::new());
}
