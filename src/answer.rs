//! Answering one chunk: parse each record by its input's layout, solve it, check the
//! answer, format it, and note what the stats and the messages need. Runs on a worker.

use crate::grid::{Grid, ParseError};
use crate::input::{Chunk, Flaw, GridStyle, Layout};
use crate::output::{Answer, ChunkWriter, Echo, OutputFormat};
use crate::solver::{Mode, solve};
use crate::verdict::Verdict;
use std::io::Write;
use std::time::Instant;

/// What every chunk of one input is answered with.
#[derive(Debug, Clone)]
pub struct Job {
    pub layout: Layout,
    /// The input's name, for messages.
    pub name: String,
    pub mode: Mode,
    pub output: OutputFormat,
    /// Input columns echoed in each CSV output row.
    pub width: usize,
    pub verify: bool,
    pub timing: bool,
}

/// One record's line in the stats.
#[derive(Debug, Clone, Copy)]
pub struct RecordStat {
    pub line: u64,
    pub verdict: Verdict,
    /// `None` for records the engine never saw (malformed).
    pub nanos: Option<u64>,
    pub guesses: u64,
}

/// A chunk, answered.
pub struct Answered {
    pub input: usize,
    /// The answer key's bytes for this chunk.
    pub out: Vec<u8>,
    /// `NAME:LINE: why` lines for stderr.
    pub messages: Vec<u8>,
    pub records: Vec<RecordStat>,
}

pub fn answer_chunk(chunk: &Chunk, job: &Job) -> Answered {
    // Room for the input echoed plus a solution, a status and timing per record.
    let capacity = chunk.text.len() + chunk.records.len() * 128;
    let mut writer = ChunkWriter::new(job.output, job.width, job.timing, capacity);
    let mut messages = Vec::new();
    let mut records = Vec::with_capacity(chunk.records.len());
    let mut csv_rows = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(&chunk.text[..]);
    let mut row = csv::ByteRecord::new();
    for (i, (raw, text)) in chunk.iter().enumerate() {
        let read = match (&job.layout, raw.flaw) {
            (_, Some(flaw)) => Read::malformed(flaw_message(flaw)),
            (Layout::Lines, None) => read_line(text),
            (Layout::Grid(style), None) => read_grid(text, *style),
            (Layout::Csv(csv), None) => {
                let ok = csv_rows.read_byte_record(&mut row).unwrap_or(false);
                debug_assert!(ok, "one CSV row per framed line");
                read_csv_row(&row, csv, job.verify)
            }
        };
        let (answer, why) = answer_one(&read, job);
        if let Some(why) = why {
            let _ = writeln!(messages, "{}:{}: {why}", job.name, raw.line);
        }
        let grid_line;
        let echo = match (&job.layout, &read.puzzle) {
            (Layout::Csv(_), _) if raw.flaw.is_none() => Echo::Row(&row),
            (Layout::Grid(_), Ok(p)) => {
                grid_line = p.to_line(b'0');
                Echo::Field(&grid_line)
            }
            (Layout::Lines, _) => Echo::Field(read.token),
            _ => Echo::Nothing,
        };
        writer.record(&echo, &answer, chunk.first_index + i as u64 == 0);
        records.push(RecordStat {
            line: raw.line,
            verdict: answer.verdict,
            nanos: read.puzzle.is_ok().then_some(answer.nanos),
            guesses: answer.guesses,
        });
    }
    Answered {
        input: chunk.input,
        out: writer.finish(),
        messages,
        records,
    }
}

/// A record's text, read according to its layout.
struct Read<'a> {
    puzzle: Result<Grid, String>,
    /// The solution given in the input, for `--verify`.
    expected: Option<&'a [u8]>,
    /// The puzzle's text as it appeared (lines input).
    token: &'a [u8],
}

impl Read<'_> {
    fn malformed(why: String) -> Read<'static> {
        Read {
            puzzle: Err(why),
            expected: None,
            token: b"",
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
    let token = text
        .trim_ascii_start()
        .split(u8::is_ascii_whitespace)
        .next()
        .unwrap_or(b"");
    Read {
        puzzle: Grid::parse_bytes(token).map_err(|e| e.to_string()),
        expected: None,
        token,
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
    }
}

fn read_csv_row<'a>(
    row: &'a csv::ByteRecord,
    csv: &crate::input::CsvLayout,
    verify: bool,
) -> Read<'a> {
    let width = csv.columns.len();
    if row.len() != width {
        return Read::malformed(format!("{} fields, the header has {width}", row.len()));
    }
    let token = row[csv.puzzle].trim_ascii();
    Read {
        puzzle: Grid::parse_bytes(token).map_err(|e| e.to_string()),
        expected: csv.solution.filter(|_| verify).map(|i| row[i].trim_ascii()),
        token,
    }
}

/// Solves a read record and checks the result; the message to report, if any.
fn answer_one(read: &Read, job: &Job) -> (Answer, Option<String>) {
    let puzzle = match &read.puzzle {
        Ok(p) => p,
        Err(why) => {
            let answer = Answer {
                verdict: Verdict::Malformed,
                solution: None,
                guesses: 0,
                nanos: 0,
            };
            return (answer, Some(why.clone()));
        }
    };
    let start = Instant::now();
    let outcome = solve(puzzle, job.mode);
    let nanos = start.elapsed().as_nanos() as u64;
    if let Some(s) = &outcome.solution {
        // Every printed solution is checked; a failure here is an engine bug, never output.
        if let Err(e) = s.check_solution_of(puzzle) {
            panic!("engine bug on {puzzle}: {s} is not a solution: {e}");
        }
    }
    let mut verdict = Verdict::from(outcome.status);
    let mut why = match verdict {
        Verdict::Invalid => puzzle.find_conflict().map(|c| c.to_string()),
        _ => None,
    };
    let problem = read
        .expected
        .and_then(|expected| verify(puzzle, outcome.solution.as_ref(), expected));
    if let Some(problem) = problem {
        verdict = Verdict::Mismatch;
        why = Some(problem);
    }
    let answer = Answer {
        verdict,
        solution: outcome.solution,
        guesses: outcome.guesses,
        nanos,
    };
    (answer, why)
}

/// Compares the answer with the solution given in the input; what is wrong, if anything.
/// A given solution other than ours is accepted when it is valid too (a puzzle with several
/// solutions, or `first` mode), since a valid solution of a unique puzzle is ours.
fn verify(puzzle: &Grid, found: Option<&Grid>, expected: &[u8]) -> Option<String> {
    let given = match Grid::parse_bytes(expected) {
        Ok(g) => g,
        Err(e) => return Some(format!("given solution is not a grid: {e}")),
    };
    if found == Some(&given) {
        return None;
    }
    match (given.check_solution_of(puzzle), found) {
        (Err(e), _) => Some(format!("given solution is wrong: {e}")),
        (Ok(()), None) => Some("no solution found, but the given one is valid".to_string()),
        (Ok(()), Some(_)) => None,
    }
}
