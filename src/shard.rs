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

use crate::input::{Framing, Layout, MAX_LINE, is_blank};
use anyhow::{Context, bail};
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Seek, SeekFrom};
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
    pub fn span(&self, total: u64) -> Range<u64> {
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
    let mut reader = open_at(input, 0)?;
    let mut at = 0;
    let mut text = Vec::new();
    for _ in 0..input.head_lines {
        match next_line(&mut reader, &mut text).with_context(|| read_error(input))? {
            Some((bytes, _)) => at += bytes,
            None => break,
        }
    }
    Ok(at)
}

/// Bytes read past an edge, looking for a grid's boundary, before giving up.
const MAX_SCAN: u64 = 16 << 20;

/// The first record boundary at or after `at` (0 < `at`): the start of the first line that
/// starts there or later; for grids, the first such line that is blank or a title (a line
/// that closes any grid in progress, so that framing from it frames as the whole file does).
/// The input's size when there is none.
fn boundary(input: &Input, at: u64) -> anyhow::Result<u64> {
    if at >= input.size {
        return Ok(input.size);
    }
    // The line end just before `at`, if it is one, makes `at` a line start.
    let mut reader = open_at(input, at - 1)?;
    let mut skipped = Vec::new();
    let mut position = at - 1
        + reader
            .read_until(b'\n', &mut skipped)
            .with_context(|| read_error(input))? as u64;
    if input.layout.records_are_lines() {
        return Ok(position);
    }
    let mut text = Vec::new();
    while let Some((bytes, whole)) =
        next_line(&mut reader, &mut text).with_context(|| read_error(input))?
    {
        let closes = (whole && is_blank(&text))
            || matches!(input.layout.frame(&text, 0), Framing::SkipAndClose(_));
        if closes {
            return Ok(position);
        }
        position += bytes;
        if position - at > MAX_SCAN {
            bail!(
                "{}: cannot be split into shards: no blank line or title between grids in the {} MiB after byte {at}; only grids with a blank line (or a title) between them can be split",
                input.name,
                MAX_SCAN >> 20
            );
        }
    }
    Ok(input.size)
}

fn open_at(input: &Input, at: u64) -> anyhow::Result<BufReader<File>> {
    let mut file = File::open(input.path).with_context(|| read_error(input))?;
    file.seek(SeekFrom::Start(at))
        .with_context(|| read_error(input))?;
    Ok(BufReader::with_capacity(64 << 10, file))
}

fn read_error(input: &Input) -> String {
    format!("cannot read {}", input.name)
}

/// Reads the next line into `text` as the framer sees it (without its line end, at most
/// [`MAX_LINE`] bytes kept). Returns the bytes it took in the file, line end included, and
/// whether it was kept whole; `None` at the end.
fn next_line(reader: &mut impl BufRead, text: &mut Vec<u8>) -> io::Result<Option<(u64, bool)>> {
    text.clear();
    let (mut bytes, mut whole) = (0u64, true);
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            break;
        }
        let (part, used, done) = match memchr::memchr(b'\n', available) {
            Some(i) => (&available[..i], i + 1, true),
            None => (available, available.len(), false),
        };
        let room = MAX_LINE.saturating_sub(text.len());
        whole &= part.len() <= room;
        text.extend_from_slice(&part[..part.len().min(room)]);
        reader.consume(used);
        bytes += used as u64;
        if done {
            break;
        }
    }
    if bytes == 0 {
        return Ok(None);
    }
    if whole && text.last() == Some(&b'\r') {
        text.pop();
    }
    Ok(Some((bytes, whole)))
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

    #[test]
    fn lines_are_read_as_the_framer_reads_them() {
        let mut reader = io::Cursor::new(b"ab\r\n\nc\rd\nlast".to_vec());
        let mut text = Vec::new();
        let mut got = Vec::new();
        while let Some((bytes, whole)) = next_line(&mut reader, &mut text).unwrap() {
            got.push((text.clone(), bytes, whole));
        }
        let want: Vec<(Vec<u8>, u64, bool)> = vec![
            (b"ab".to_vec(), 4, true),
            (b"".to_vec(), 1, true),
            (b"c\rd".to_vec(), 4, true),
            (b"last".to_vec(), 4, true),
        ];
        assert_eq!(got, want);
    }
}
