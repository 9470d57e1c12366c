//! The bank layout: whitespace-separated fields, one of which (not the first: that is the
//! lines layout) is the puzzle, as in the Sudoku Exchange puzzle bank (`<hash> <puzzle>
//! <rating>`). The first line sets the number of fields; a header line of names (`hash puzzle
//! rating`) is skipped and names the fields. `--column N` (or `--field N`) forces the field.
//! `#` lines are comments.

use super::fields::split_whitespace;
use super::sample::{Detected, Fit, Sample};
use super::{
    Echo, Fields, Framing, Layout, LayoutKind, Options, PUZZLE_NAMES, Record, RecordError, Skip,
    find_column, find_named, frame_line_or_comment, looks_like_puzzle, read_puzzle, show_columns,
};
use anyhow::Context;

pub(crate) const KIND: LayoutKind = LayoutKind {
    name: "bank",
    help: "Whitespace-separated fields, one of them the puzzle (`<hash> <puzzle> <rating>`)",
    detect,
};

#[derive(Debug)]
pub(crate) struct Bank {
    /// The puzzle's field (0-based).
    puzzle: usize,
    columns: Vec<Vec<u8>>,
    /// What sets the number of fields, for messages: "header" or "first line".
    width_from: &'static str,
}

fn detect(sample: &Sample, options: &Options, forced: bool) -> anyhow::Result<Option<Detected>> {
    let mut lines = sample.uncommented();
    let Some((first_no, first)) = lines.next() else {
        return Ok(None);
    };
    let split = |line: &[u8]| {
        let mut f = Fields::default();
        split_whitespace(line, &mut f);
        f.to_vec()
    };
    let mut head = split(first);
    let second = lines.next().map(|(_, l)| split(l));
    // A header: no field of the first line is a puzzle, and the next line, as wide, has one.
    let header = !head.iter().any(|f| looks_like_puzzle(f))
        && second
            .as_ref()
            .is_some_and(|s| s.len() == head.len() && s.iter().any(|f| looks_like_puzzle(f)));
    let record = if header {
        second.clone().unwrap_or_default()
    } else {
        head.clone()
    };
    let puzzle = match &options.column {
        Some(want) => {
            let names = if header {
                head.clone()
            } else {
                numbered(record.len())
            };
            let found = find_column(&names, want);
            if !forced && found.is_none() {
                return Ok(None);
            }
            found.with_context(|| {
                format!("no field named {want:?} (fields: {})", show_columns(&names))
            })?
        }
        None => {
            let named = if header {
                find_named(&head, &PUZZLE_NAMES)
            } else {
                None
            };
            let by_content = record
                .iter()
                .skip(1)
                .position(|f| looks_like_puzzle(f))
                .map(|i| i + 1);
            match named.or(by_content) {
                Some(i) => i,
                None if forced => anyhow::bail!(
                    "no field of the first line is a puzzle; name one with --column N"
                ),
                None => return Ok(None),
            }
        }
    };
    if record.len() < 2 && !forced {
        return Ok(None);
    }
    // The next line agrees (as wide, a puzzle in the same field), or there is none.
    let agrees = |fields: &Vec<Vec<u8>>| {
        fields.len() == record.len() && fields.get(puzzle).is_some_and(|f| looks_like_puzzle(f))
    };
    let next = if header {
        lines.next().map(|(_, l)| split(l))
    } else {
        second
    };
    let fit = if next.as_ref().is_none_or(agrees) {
        Fit::Certain
    } else {
        Fit::Likely
    };
    if !header {
        head = numbered(record.len());
        head[puzzle] = b"puzzle".to_vec();
    }
    let bank = Bank {
        puzzle,
        columns: head,
        width_from: if header { "header" } else { "first line" },
    };
    let found = Detected::new(bank, fit);
    Ok(Some(if header {
        found.skipping(*first_no, Skip::Header)
    } else {
        found
    }))
}

/// `field1`, `field2`, …: the names of a bank's fields when it has no header.
fn numbered(n: usize) -> Vec<Vec<u8>> {
    (1..=n).map(|i| format!("field{i}").into_bytes()).collect()
}

impl Layout for Bank {
    fn name(&self) -> &'static str {
        KIND.name
    }

    fn frame(&self, line: &[u8], _open: usize) -> Framing {
        frame_line_or_comment(line)
    }

    fn read<'a>(&self, text: &'a [u8], fields: &'a mut Fields) -> Record<'a> {
        split_whitespace(text, fields);
        let puzzle = if fields.len() != self.columns.len() {
            Err(RecordError::Width {
                got: fields.len(),
                want: self.columns.len(),
                what: self.width_from,
            })
        } else {
            read_puzzle(fields.get(self.puzzle)).map_err(RecordError::Puzzle)
        };
        Record {
            puzzle,
            given: None,
            echo: Echo::Fields { fields, row: None },
        }
    }

    fn columns(&self) -> &[Vec<u8>] {
        &self.columns
    }
}
