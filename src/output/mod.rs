//! Answer-key writers. Workers format their chunk's answers into bytes in parallel; the writer
//! thread only copies those bytes out in input order.

mod grid;

use crate::grid::Grid;
use crate::input::GridStyle;
use crate::verdict::Verdict;
use std::io::Write;

/// An answer-key format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    /// The input's columns, then `solution`, `status` (and `guesses`, `micros` with timing).
    Csv,
    /// The solution per line; when the status is not `solved`, a space and the status follow.
    Lines,
    /// 9 rows per solution, in the given style, a blank line between puzzles.
    Grid(GridStyle),
}

/// What a worker knows about one answered record.
pub struct Answer {
    pub verdict: Verdict,
    pub solution: Option<Grid>,
    pub guesses: u64,
    pub nanos: u64,
}

/// The columns appended to a CSV answer key. A name the input already uses gets the prefix
/// `sb_` (for sudoku-batch), so no two columns share a name.
pub fn appended_columns(input_columns: &[String], timing: bool) -> Vec<String> {
    let names: &[&str] = if timing {
        &["solution", "status", "guesses", "micros"]
    } else {
        &["solution", "status"]
    };
    names
        .iter()
        .map(|&n| {
            if input_columns.iter().any(|c| c == n) {
                format!("sb_{n}")
            } else {
                n.to_string()
            }
        })
        .collect()
}

/// The CSV header line.
pub fn csv_header(input_columns: &[String], timing: bool) -> Vec<u8> {
    let appended = appended_columns(input_columns, timing);
    let mut out = Vec::new();
    for (i, name) in input_columns.iter().chain(&appended).enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_csv_field(&mut out, name.as_bytes());
    }
    out.push(b'\n');
    out
}

/// Writes one CSV field, quoted (RFC 4180) only when it must be.
fn write_csv_field(out: &mut Vec<u8>, field: &[u8]) {
    // A fold, not `any`: without an early exit the compiler vectorises the scan.
    let needs_quotes =
        (field.iter()).fold(false, |q, &b| q | matches!(b, b',' | b'"' | b'\r' | b'\n'));
    if needs_quotes {
        out.push(b'"');
        for &b in field {
            if b == b'"' {
                out.push(b'"');
            }
            out.push(b);
        }
        out.push(b'"');
    } else {
        out.extend_from_slice(field);
    }
}

/// The input fields a CSV answer-key row repeats.
pub enum Echo<'a> {
    /// A CSV input row.
    Row(&'a csv::ByteRecord),
    /// The puzzle of a lines or grid input.
    Field(&'a [u8]),
    /// Nothing could be read (the row is padded with empty fields).
    Nothing,
}

impl<'a> Echo<'a> {
    fn field(&self, i: usize) -> &'a [u8] {
        match *self {
            Echo::Row(row) => row.get(i).unwrap_or(b""),
            Echo::Field(f) if i == 0 => f,
            _ => b"",
        }
    }
}

/// Formats one chunk's answers.
pub enum ChunkWriter {
    Csv {
        out: Vec<u8>,
        width: usize,
        timing: bool,
    },
    Lines(Vec<u8>),
    Grid(Vec<u8>, GridStyle),
}

impl ChunkWriter {
    /// `width`: the number of input columns each CSV row echoes; `out`: the buffer to append
    /// to.
    pub fn new(format: OutputFormat, width: usize, timing: bool, out: Vec<u8>) -> ChunkWriter {
        match format {
            OutputFormat::Csv => ChunkWriter::Csv { out, width, timing },
            OutputFormat::Lines => ChunkWriter::Lines(out),
            OutputFormat::Grid(style) => ChunkWriter::Grid(out, style),
        }
    }

    /// Writes one record's answer. `echo`: the input's fields for that record (CSV output
    /// only); `first`: true for the run's very first record.
    pub fn record(&mut self, echo: &Echo, answer: &Answer, first: bool) {
        let line = answer.solution.map(|s| s.to_line(b'0'));
        let solution = line.as_ref().map(|l| &l[..]);
        match self {
            ChunkWriter::Csv { out, width, timing } => {
                for i in 0..*width {
                    write_csv_field(out, echo.field(i));
                    out.push(b',');
                }
                // The appended values are digits and status names: they never need quotes.
                out.extend_from_slice(solution.unwrap_or(b""));
                out.push(b',');
                out.extend_from_slice(answer.verdict.as_str().as_bytes());
                if *timing {
                    let micros = answer.nanos as f64 / 1000.0;
                    let _ = write!(out, ",{},{micros:.1}", answer.guesses);
                }
                out.push(b'\n');
            }
            ChunkWriter::Lines(out) => {
                if let Some(s) = solution {
                    out.extend_from_slice(s);
                }
                if answer.verdict != Verdict::Solved {
                    out.push(b' ');
                    out.extend_from_slice(answer.verdict.as_str().as_bytes());
                }
                out.push(b'\n');
            }
            ChunkWriter::Grid(out, style) => {
                if !first {
                    out.push(b'\n');
                }
                grid::write(out, answer, *style);
            }
        }
    }

    /// The formatted bytes.
    pub fn finish(self) -> Vec<u8> {
        match self {
            ChunkWriter::Csv { out, .. } | ChunkWriter::Lines(out) | ChunkWriter::Grid(out, _) => {
                out
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_only_when_needed() {
        let mut out = Vec::new();
        for f in [&b"plain"[..], b"a,b", b"say \"hi\"", b""] {
            write_csv_field(&mut out, f);
            out.push(b'|');
        }
        assert_eq!(out, b"plain|\"a,b\"|\"say \"\"hi\"\"\"||");
    }

    #[test]
    fn appended_columns_never_repeat_an_input_name() {
        let cols = vec!["puzzle".to_string(), "solution".to_string()];
        assert_eq!(appended_columns(&cols, false), ["sb_solution", "status"]);
        assert_eq!(
            String::from_utf8(csv_header(&cols, true)).unwrap(),
            "puzzle,solution,sb_solution,status,guesses,micros\n"
        );
    }
}
