//! `--shard K/N`: the K-th of N parts of a batch, for array jobs (Slurm, Kubernetes indexed
//! jobs, GNU parallel), each run reading only its own part.
//!
//! The inputs' bytes, end to end, are cut into N equal spans. A record belongs to the shard
//! whose span holds its first byte: each edge of a span moves forward to the next record
//! boundary, found by reading from the edge on (a line end for layouts whose records are
//! lines; a blank line or a title for grids). Both neighbours compute the same boundary, so
//! every record is in exactly one shard and the N answer keys, one after another, are the
//! unsharded run's. The head of an input (the lines its detection decided to skip, such as a
//! CSV header) always stays in the part that starts at its first byte.

use crate::input::{Framing, Layout, LineEnd, LineEnds, Source, line_framing};
use anyhow::{Context, bail};
use std::fmt;
use std::fs::File;
use std::io::{Seek, SeekFrom};
use std::ops::Range;
use std::path::Path;
use std::str::FromStr;

/// Which part of the batch a run answers: `index` of `count`, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// K, from 1.
    pub index: u64,
    /// N.
    pub count: u64,
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let wrong = || format!("invalid shard '{s}': expected K/N with 1 <= K <= N, e.g. 3/8");
        let (k, n) = s.split_once('/').ok_or_else(wrong)?;
        let index: u64 = k.trim().parse().map_err(|_| wrong())?;
        let count: u64 = n.trim().parse().map_err(|_| wrong())?;
        if index == 0 || index > count {
            return Err(wrong());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// The bytes of `total` whose records this shard answers, before they move to record
    /// boundaries.
    pub(crate) fn span(&self, total: u64) -> Range<u64> {
        let edge = |i: u64| (u128::from(total) * u128::from(i) / u128::from(self.count)) as u64;
        edge(self.index - 1)..edge(self.index)
    }
}

/// What a shard needs to know of one input to find its part.
pub struct Input<'a> {
    /// The file.
    pub path: &'a Path,
    /// For messages.
    pub name: &'a str,
    /// Its bytes.
    pub size: u64,
    /// Its layout, detected from its first lines.
    pub layout: &'a dyn Layout,
    /// How its lines end, found from its first bytes.
    pub line_ends: LineEnds,
    /// Lines at the input's start that belong to the part at its first byte (its header).
    pub head_lines: u64,
}

/// The bytes of each input that `shard` reads: aligned to record boundaries, possibly empty.
pub fn parts(shard: Shard, inputs: &[Input]) -> anyhow::Result<Vec<Range<u64>>> {
    let total = inputs.iter().map(|i| i.size).sum();
    let span = shard.span(total);
    let mut offset = 0;
    let mut parts = Vec::with_capacity(inputs.len());
    for input in inputs {
        // The span in this input's own bytes.
        let local = |at: u64| at.saturating_sub(offset).min(input.size);
        let (start, end) = (local(span.start), local(span.end));
        let part = if start == end {
            start..start
        } else {
            let head = head_bytes(input)?;
            let at = |edge: u64| match edge {
                0 => Ok(0),
                edge => boundary(input, edge.max(head)),
            };
            at(start)?..at(end)?
        };
        parts.push(part);
        offset += input.size;
    }
    Ok(parts)
}

/// Where the input's head ends: the byte after its first `head_lines` lines.
fn head_bytes(input: &Input) -> anyhow::Result<u64> {
    let mut source = open_at(input, 0)?;
    let mut text = Vec::new();
    for _ in 0..input.head_lines {
        text.clear();
        if source
            .read_line(&mut text)
            .with_context(|| read_error(input))?
            .is_none()
        {
            break;
        }
    }
    Ok(source.position())
}

/// Bytes read past an edge, looking for a grid's boundary, before giving up.
const MAX_SCAN: u64 = 16 << 20;

/// The first record boundary at or after `at` (0 < `at`): the start of the first line that
/// starts there or later; for grids, the first such line that closes any grid in progress (a
/// blank line or a title, by the framer's own rule), so that framing from it frames as the
/// whole file does. The input's size when there is none.
fn boundary(input: &Input, at: u64) -> anyhow::Result<u64> {
    if at >= input.size {
        return Ok(input.size);
    }
    // From the byte before `at`: the rest of that line (nothing, when it is a line end) is
    // skipped, and the next line starts at `at` or later.
    let mut source = open_at(input, at - 1)?;
    let mut text = Vec::new();
    source
        .read_line(&mut text)
        .with_context(|| read_error(input))?;
    let start = |source: &Source| at - 1 + source.position();
    if input.layout.records_are_lines() {
        return Ok(start(&source));
    }
    loop {
        let position = start(&source);
        text.clear();
        let Some(end) = source
            .read_line(&mut text)
            .with_context(|| read_error(input))?
        else {
            return Ok(input.size);
        };
        let framing = line_framing(input.layout, &text, end == LineEnd::Whole, 0);
        if matches!(framing, Framing::SkipAndClose(_)) {
            return Ok(position);
        }
        if position - at > MAX_SCAN {
            bail!(
                "{}: cannot be split into shards: no blank line or title between grids in the {} MiB after byte {at}; only grids with a blank line (or a title) between them can be split",
                input.name,
                MAX_SCAN >> 20
            );
        }
    }
}

/// The input as the framer reads it, from byte `at`.
fn open_at(input: &Input, at: u64) -> anyhow::Result<Source> {
    let mut file = File::open(input.path).with_context(|| read_error(input))?;
    file.seek(SeekFrom::Start(at))
        .with_context(|| read_error(input))?;
    Ok(Source::from_reader_ending(Box::new(file), input.line_ends))
}

fn read_error(input: &Input) -> String {
    format!("cannot read {}", input.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_cover_every_byte_once() {
        assert_eq!("3/8".parse(), Ok(Shard { index: 3, count: 8 }));
        assert_eq!(Shard { index: 3, count: 8 }.to_string(), "3/8");
        for wrong in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2", ""] {
            assert!(
                wrong.parse::<Shard>().unwrap_err().contains("K/N"),
                "{wrong}"
            );
        }
        for total in [0, 1, 5, 100, u64::MAX] {
            for count in 1..=7 {
                let spans: Vec<_> = (1..=count)
                    .map(|index| Shard { index, count }.span(total))
                    .collect();
                assert_eq!(spans[0].start, 0);
                assert_eq!(spans.last().unwrap().end, total);
                assert!(spans.windows(2).all(|w| w[0].end == w[1].start));
            }
        }
    }
}
