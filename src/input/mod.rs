//! Input: opening sources, detecting their layout, framing them into chunks of records, and
//! reading each record.
//!
//! Each layout is one module that owns its detection, its framing rule, its record reader and
//! the columns it echoes, behind the [`Layout`] trait; [`LAYOUTS`] registers them. The framer
//! ([`Framer`]) is shared: it reads lines, skips blank ones, asks the layout what every other
//! line is, and cuts records into chunks. The layout alone decides where a record begins and
//! ends, and the reader only ever sees one framed record's text, so the two cannot disagree.
//!
//! The reader thread frames; the solver workers read (parse) each record, so that the parsing
//! runs in parallel too.

mod bank;
mod csv;
mod detect;
mod document;
mod fields;
mod frame;
mod grid;
mod jsonl;
mod lines;
mod packed;
mod sample;
mod source;

pub use crate::record::{Echo, Fields, GridStyle, cells_field, write_csv_field};
pub use frame::{Chunk, Framer, RawRecord, Skipped};
pub use sample::{Detected, Sample};
pub use source::{InputPath, LineEnd, LineEnds, MAX_LINE, Recycled, Source};

use crate::grid::{Grid, ParseError};
use crate::record::{CsvHeader, Echoes};
use std::fmt;

/// A layout's entry in the registry: its name on the command line, a line of help, and how to
/// recognise it.
pub struct LayoutKind {
    /// The name `--format` takes.
    pub name: &'static str,
    /// A line for `--help`.
    pub help: &'static str,
    /// Fits the layout to an input's first lines: `None` when it does not fit (or, when
    /// `forced`, an error saying why it cannot). Errors are for what the user must fix.
    pub detect: fn(&Sample, &Options, forced: bool) -> anyhow::Result<Option<Detected>>,
}

/// Every layout, in the order detection prefers them when two fit equally well.
pub const LAYOUTS: [LayoutKind; 5] = [jsonl::KIND, lines::KIND, grid::KIND, csv::KIND, bank::KIND];

/// What the user said about the inputs' layout (all optional: detection fills in the rest).
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `--format`: one of the [`LAYOUTS`] names.
    pub format: Option<String>,
    /// `--column`: the puzzle column or field, by name or 1-based number.
    pub column: Option<String>,
    /// `--solution-column`: the column of given solutions, by name or 1-based number.
    pub solution_column: Option<String>,
    /// `--header` (true) or `--no-header` (false) for CSV.
    pub header: Option<bool>,
    /// `--delimiter` for CSV.
    pub delimiter: Option<u8>,
    /// `--verify`: read the given solutions.
    pub verify: bool,
}

/// One input layout: how its lines make records, and how a record reads.
pub trait Layout: Send + Sync + fmt::Debug {
    /// The layout's name (its [`LayoutKind::name`]).
    fn name(&self) -> &'static str;

    /// What a line that is not blank is. `open`: how many rows the record in progress has
    /// taken (0 when none is open).
    fn frame(&self, line: &[u8], open: usize) -> Framing;

    /// Reads one framed record: its rows joined by `\n`, without line ends. `fields` is scratch
    /// space that the record may point into.
    fn read<'a>(&self, text: &'a [u8], fields: &'a mut Fields) -> Record<'a>;

    /// True when every record is one line (all but grids): then the reader hands out blocks
    /// of lines, and the workers frame them (`Chunk::frame`).
    fn records_are_lines(&self) -> bool {
        true
    }

    /// The names of the values each record echoes in a CSV or JSON answer key.
    fn columns(&self) -> &[Vec<u8>];

    /// What a CSV answer key's header is: by default, one made of [`Layout::columns`].
    fn csv_header(&self) -> CsvHeader<'_> {
        CsvHeader::Named
    }

    /// The field delimiter a CSV answer key of this input uses.
    fn delimiter(&self) -> u8 {
        b','
    }

    /// How its grids' rows are written, for a layout of grids (a grid key writes them alike).
    fn grid_style(&self) -> Option<GridStyle> {
        None
    }

    /// True when records carry a given solution (read for `--verify`).
    fn has_solution(&self) -> bool {
        false
    }

    /// The keys a JSON answer key's objects already have (by default, the columns), which
    /// its appended keys must not repeat.
    fn json_keys(&self) -> Vec<Vec<u8>> {
        self.columns().to_vec()
    }

    /// What an answer key needs to know of the records it repeats.
    fn echoes(&self) -> Echoes<'_> {
        Echoes {
            columns: self.columns(),
            json_keys: self.json_keys(),
            csv_header: self.csv_header(),
            delimiter: self.delimiter(),
        }
    }
}

/// What a line is to its layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    /// Not part of any record; a record in progress stays open (a comment inside a grid).
    Skip(Skip),
    /// Not part of any record, and it ends a record in progress (a title after a short grid).
    SkipAndClose(Skip),
    /// A row of a record: it starts one if none is open.
    Take {
        /// The record ends with it.
        complete: bool,
    },
}

/// Why a line is in no record. Every skipped line is counted under one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skip {
    /// Empty, or only whitespace (in every layout).
    Blank,
    /// Starts with `#` (lines, grid and bank layouts; in CSV, `#` is data).
    Comment,
    /// A CSV or bank header row.
    Header,
    /// A title: the first line of a lines file that is not a puzzle, or a grid's title.
    Title,
    /// A grid's ruled line (`------+-------+------`).
    Rule,
}

impl Skip {
    /// Every reason, in the order of the stats.
    pub(crate) const ALL: [Skip; 5] = [
        Skip::Blank,
        Skip::Comment,
        Skip::Header,
        Skip::Title,
        Skip::Rule,
    ];

    /// The name in the stats.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Skip::Blank => "blank",
            Skip::Comment => "comment",
            Skip::Header => "header",
            Skip::Title => "title",
            Skip::Rule => "rule",
        }
    }
}

/// One record, read.
pub struct Record<'a> {
    /// The puzzle, or why the record is not one.
    pub puzzle: Result<Grid, RecordError>,
    /// The solution given in the input (layouts with a solution column, under `--verify`).
    pub given: Option<Result<Grid, ParseError>>,
    /// What the answer key repeats of the record.
    pub echo: Echo<'a>,
}

impl Record<'_> {
    /// A record that is not a puzzle and has nothing to echo.
    pub(crate) fn malformed(why: RecordError) -> Record<'static> {
        Record {
            puzzle: Err(why),
            given: None,
            echo: Echo::Puzzle,
        }
    }
}

/// Why a record is not a puzzle. Each kind is one line of the message cap (see
/// `RecordError::kind`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A line past [`MAX_LINE`], whose text was not kept.
    #[error("line longer than {} bytes", MAX_LINE)]
    LineTooLong,
    /// The puzzle text does not parse.
    #[error("{0}")]
    Puzzle(ParseError),
    /// A field (CSV column, JSON key) does not parse as a puzzle or solution.
    #[error("{field}: {error}")]
    Field {
        /// The field's name.
        field: String,
        /// Why.
        error: ParseError,
    },
    /// A CSV row or bank line of another width than its header or first line.
    #[error("{got} fields, the {what} has {want}")]
    Width {
        /// The record's fields.
        got: usize,
        /// The header's (or first line's).
        want: usize,
        /// `header` or `first line`.
        what: &'static str,
    },
    /// A CSV row with a quote that is never closed.
    #[error("unterminated quote in CSV row (a quoted field cannot span lines)")]
    UnclosedQuote,
    /// A grid cut short (by a blank line or a title) or too long.
    #[error("grid has {got} rows, expected {want}")]
    GridRows {
        /// The rows it has.
        got: usize,
        /// The rows a grid has.
        want: usize,
    },
    /// A grid row of another width than nine cells.
    #[error("row {row}: {got} cells, expected 9")]
    GridRowWidth {
        /// 1-based.
        row: usize,
        /// The cells it has.
        got: usize,
    },
    /// A grid cell that is not a digit or a blank.
    #[error("bad {what} at row {row}, column {col} (expected 1-9, 0 or .)")]
    GridCell {
        /// The character or value, shown.
        what: String,
        /// 1-based.
        row: usize,
        /// 1-based.
        col: usize,
    },
    /// A JSON Lines line that is not an object.
    #[error("not a JSON object: {0}")]
    Json(String),
    /// A JSON object without the puzzle's key.
    #[error("no {0:?} key")]
    MissingKey(String),
}

impl RecordError {
    /// The kind of complaint, for the cap on repeated messages.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            RecordError::LineTooLong => "line too long",
            RecordError::Puzzle(e) | RecordError::Field { error: e, .. } => e.kind(),
            RecordError::Width { .. } => "wrong number of fields",
            RecordError::UnclosedQuote => "unterminated quote",
            RecordError::GridRows { .. } => "short grid",
            RecordError::GridRowWidth { .. } => "bad grid row",
            RecordError::GridCell { .. } => "bad character",
            RecordError::Json(_) => "not JSON",
            RecordError::MissingKey(_) => "missing key",
        }
    }

    /// True for a puzzle of another size, which is said once per input.
    pub(crate) fn is_other_size(&self) -> bool {
        matches!(
            self,
            RecordError::Puzzle(ParseError::OtherSize { .. })
                | RecordError::Field {
                    error: ParseError::OtherSize { .. },
                    ..
                }
        )
    }
}

/// Reads a framed record: through its layout, unless framing found it too long to keep.
pub fn read_record<'a>(
    layout: &dyn Layout,
    raw: &RawRecord,
    text: &'a [u8],
    fields: &'a mut Fields,
) -> Record<'a> {
    if raw.too_long {
        Record::malformed(RecordError::LineTooLong)
    } else {
        layout.read(text, fields)
    }
}

/// Reads `input` record by record, in order, one thread: `visit(line, puzzle)` for each until
/// it returns false. For tools that want puzzles, not a run (`bench`, `explain`).
pub(crate) fn for_each_puzzle(
    input: &InputPath,
    options: &Options,
    mut visit: impl FnMut(u64, Result<Grid, RecordError>) -> bool,
) -> anyhow::Result<()> {
    use anyhow::Context;
    let name = input.display_name();
    let cannot = || format!("cannot read {name}");
    let source =
        Source::open(input, Default::default(), Recycled::default()).with_context(cannot)?;
    let mut framer = Framer::new(source, name.clone(), options).with_context(cannot)?;
    let layout = framer.layout().clone();
    let mut fields = Fields::default();
    while let Some(chunk) = framer.next_chunk(0, 1024).with_context(cannot)? {
        for (raw, text) in chunk.iter() {
            let puzzle = read_record(layout.as_ref(), raw, text, &mut fields).puzzle;
            if !visit(raw.line, puzzle) {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Names that mark the puzzle column or key, in order of preference (any case).
pub(crate) const PUZZLE_NAMES: [&str; 7] = [
    "puzzle", "quizzes", "quiz", "question", "sudoku", "grid", "problem",
];
/// Names that mark a column or key of given solutions (any case).
pub(crate) const SOLUTION_NAMES: [&str; 4] = ["solution", "solutions", "answer", "answers"];

/// The position of the first of `names` among `columns` (trimmed, any case).
pub(crate) fn find_named(columns: &[Vec<u8>], names: &[&str]) -> Option<usize> {
    names.iter().find_map(|n| {
        columns
            .iter()
            .position(|c| c.trim_ascii().eq_ignore_ascii_case(n.as_bytes()))
    })
}

/// The column a user named (`--column`, `--solution-column`): by exact name, then by name in
/// any case, then as a 1-based number.
pub(crate) fn find_column(columns: &[Vec<u8>], want: &str) -> Option<usize> {
    let want_bytes = want.as_bytes();
    columns
        .iter()
        .position(|c| c == want_bytes)
        .or_else(|| {
            columns
                .iter()
                .position(|c| c.trim_ascii().eq_ignore_ascii_case(want_bytes))
        })
        .or_else(|| {
            want.parse::<usize>()
                .ok()
                .filter(|&n| (1..=columns.len()).contains(&n))
                .map(|n| n - 1)
        })
}

/// Column names for display: `a, b, c`.
pub(crate) fn show_columns(columns: &[Vec<u8>]) -> String {
    let names: Vec<String> = columns
        .iter()
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect();
    names.join(", ")
}

/// Reads a puzzle value: 81 cell characters, or a JSON array of the cells (`[[5,3,0,…],…]`,
/// nine rows of nine numbers with 0 or null for a blank, or 81 numbers, or nine strings).
pub fn read_puzzle(value: &[u8]) -> Result<Grid, ParseError> {
    let value = value.trim_ascii();
    if value.first() == Some(&b'[') {
        return jsonl::read_cell_array(value);
    }
    Grid::parse_bytes(value)
}

/// True when `value` is a puzzle of some size (9×9, or another size the message names):
/// what detection looks for in a field.
pub(crate) fn looks_like_puzzle(value: &[u8]) -> bool {
    match read_puzzle(value) {
        Ok(_) | Err(ParseError::OtherSize { .. }) => true,
        Err(_) => false,
    }
}

/// Empty, or only whitespace.
pub(crate) fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// What a line is, in any layout: a blank line (kept `whole`) ends the record in progress;
/// any other line is what `layout` says. The one rule for the framer, the workers' framing of
/// blocks, and the shard boundaries.
pub(crate) fn line_framing(layout: &dyn Layout, line: &[u8], whole: bool, open: usize) -> Framing {
    if whole && is_blank(line) {
        Framing::SkipAndClose(Skip::Blank)
    } else {
        layout.frame(line, open)
    }
}

/// The framing rule of the one-record-per-line layouts that have comments (lines, bank): a
/// `#` line is skipped, any other line is a record.
pub(crate) fn frame_line_or_comment(line: &[u8]) -> Framing {
    if is_comment(line) {
        Framing::Skip(Skip::Comment)
    } else {
        Framing::Take { complete: true }
    }
}

/// A `#` comment line (after leading whitespace).
pub(crate) fn is_comment(line: &[u8]) -> bool {
    line.trim_ascii_start().first() == Some(&b'#')
}

/// Reads like a title (`Grid 01`, `Puzzle 3:`, `Hardest puzzles, 2019`): text (UTF-8, no
/// control characters) that holds a word of two letters or more, or ends with a colon.
/// Puzzles and grid rows never do, even broken ones (a stray letter is one letter), and
/// binary garbage is no text, so neither is ever skipped as a title.
pub(crate) fn looks_like_title(line: &[u8]) -> bool {
    let text =
        std::str::from_utf8(line).is_ok_and(|t| !t.chars().any(|c| c.is_control() && c != '\t'));
    text && (line
        .windows(2)
        .any(|w| w[0].is_ascii_alphabetic() && w[1].is_ascii_alphabetic())
        || line.trim_ascii_end().last() == Some(&b':'))
}
