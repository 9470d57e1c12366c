//! Framing: cutting an input's lines into records, and records into chunks.

use super::detect::Layout;
use super::source::{Line, read_line};
use std::collections::VecDeque;
use std::io::{self, BufRead};

/// A batch of consecutive records from one input; the unit of parallel work.
#[derive(Debug, Default)]
pub struct Chunk {
    /// Which input (index into the run's inputs).
    pub input: usize,
    /// The run-wide index of the first record.
    pub first_index: u64,
    /// The records' text, one after another; each line of it ends in `\n`.
    pub text: Vec<u8>,
    pub records: Vec<RawRecord>,
}

impl Chunk {
    /// Each record with its text.
    pub fn iter(&self) -> impl Iterator<Item = (&RawRecord, &[u8])> {
        let mut start = 0;
        self.records.iter().map(move |r| {
            let text = &self.text[start..r.end];
            start = r.end;
            (r, text)
        })
    }
}

/// Where a record is, and what framing already found wrong with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawRecord {
    /// 1-based line number where the record starts.
    pub line: u64,
    /// End of its text in [`Chunk::text`].
    pub end: usize,
    pub flaw: Option<Flaw>,
}

/// A record that framing already knows is malformed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flaw {
    /// A line over [`super::source::MAX_LINE`] bytes; its text is not kept.
    TooLong,
    /// A CSV line with an open quote; its text is not kept (it would swallow the next lines).
    UnclosedQuote,
    /// A grid with this many rows instead of 9 (cut short by a blank line or the end).
    GridRows(usize),
}

/// Bytes of text after which a chunk is closed early.
const CHUNK_BYTES: usize = 256 << 10;

/// Reads one input line by line and frames its records.
pub struct Framer {
    reader: Box<dyn BufRead + Send>,
    name: String,
    /// Lines read ahead (for format detection), not yet framed.
    queued: VecDeque<(u64, Vec<u8>, Line)>,
    /// Number of the last line read.
    line_no: u64,
    buf: Vec<u8>,
    /// The size of the input's text, when known in advance.
    size: Option<u64>,
    /// Bytes of text read so far.
    read: u64,
}

impl Framer {
    /// `size`: the size of the text, if known (it lets the runner plan its chunks).
    pub fn new(reader: Box<dyn BufRead + Send>, name: String, size: Option<u64>) -> Framer {
        Framer {
            reader,
            name,
            queued: VecDeque::new(),
            line_no: 0,
            buf: Vec::new(),
            size,
            read: 0,
        }
    }

    /// Bytes of text read so far, and the bytes left when the size is known.
    pub fn progress(&self) -> (u64, Option<u64>) {
        let left = self.size.map(|size| size.saturating_sub(self.read));
        (self.read, left)
    }

    /// The input's name, for messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn read_raw(&mut self) -> io::Result<Option<(u64, Vec<u8>, Line)>> {
        let Some(kind) = read_line(self.reader.as_mut(), &mut self.buf)? else {
            return Ok(None);
        };
        self.line_no += 1;
        self.read += self.buf.len() as u64 + 1; // and its line end
        let mut text = std::mem::take(&mut self.buf);
        if self.line_no == 1 && text.starts_with(b"\xef\xbb\xbf") {
            text.drain(..3);
        }
        Ok(Some((self.line_no, text, kind)))
    }

    /// The next line: queued ones first.
    fn next_line(&mut self) -> io::Result<Option<(u64, Vec<u8>, Line)>> {
        match self.queued.pop_front() {
            Some(l) => Ok(Some(l)),
            None => self.read_raw(),
        }
    }

    /// The `n`-th significant line (not blank, not a `#` comment) not yet consumed, read ahead
    /// and queued as needed.
    pub fn peek_significant(&mut self, n: usize) -> io::Result<Option<Vec<u8>>> {
        let mut seen = 0;
        let mut i = 0;
        loop {
            if i == self.queued.len() {
                match self.read_raw()? {
                    Some(l) => self.queued.push_back(l),
                    None => return Ok(None),
                }
            }
            let (_, text, _) = &self.queued[i];
            if is_significant(text) {
                if seen == n {
                    return Ok(Some(text.clone()));
                }
                seen += 1;
            }
            i += 1;
        }
    }

    /// Consumes lines up to and including the first significant one, and returns it.
    pub fn take_header(&mut self) -> io::Result<Option<Vec<u8>>> {
        while let Some((_, text, _)) = self.next_line()? {
            if is_significant(&text) {
                return Ok(Some(text));
            }
        }
        Ok(None)
    }

    /// The next chunk of at most `records` records, or `None` at the end of the input.
    pub fn next_chunk(
        &mut self,
        layout: &Layout,
        input: usize,
        records: usize,
    ) -> io::Result<Option<Chunk>> {
        let mut chunk = Chunk::default();
        Ok(self
            .refill(&mut chunk, layout, input, records)?
            .then_some(chunk))
    }

    /// Refills `chunk`, keeping its allocations, with the next at most `records` records;
    /// false at the end of the input.
    pub fn refill(
        &mut self,
        chunk: &mut Chunk,
        layout: &Layout,
        input: usize,
        records: usize,
    ) -> io::Result<bool> {
        chunk.input = input;
        chunk.first_index = 0;
        chunk.text.clear();
        chunk.records.clear();
        while chunk.records.len() < records.max(1) && chunk.text.len() < CHUNK_BYTES {
            let more = match layout {
                Layout::Grid(_) => self.frame_grid(chunk)?,
                Layout::Csv(_) => self.frame_line(chunk, true)?,
                Layout::Lines => self.frame_line(chunk, false)?,
            };
            if !more {
                break;
            }
        }
        Ok(!chunk.records.is_empty())
    }

    /// Adds the next significant line as a record; false at the end of the input.
    fn frame_line(&mut self, chunk: &mut Chunk, csv: bool) -> io::Result<bool> {
        loop {
            let Some((line, text, kind)) = self.next_line()? else {
                return Ok(false);
            };
            if !is_significant(&text) {
                continue;
            }
            let flaw = if kind == Line::TooLong {
                Some(Flaw::TooLong)
            } else if csv && text.iter().filter(|&&b| b == b'"').count() % 2 == 1 {
                Some(Flaw::UnclosedQuote)
            } else {
                chunk.text.extend_from_slice(&text);
                chunk.text.push(b'\n');
                None
            };
            chunk.records.push(RawRecord {
                line,
                end: chunk.text.len(),
                flaw,
            });
            self.buf = text; // reuse the allocation
            return Ok(true);
        }
    }

    /// Adds the next grid (up to 9 non-blank lines; a blank line ends it early) as a record;
    /// false at the end of the input.
    fn frame_grid(&mut self, chunk: &mut Chunk) -> io::Result<bool> {
        let start = chunk.text.len();
        let (mut first, mut rows, mut too_long) = (0, 0, false);
        while rows < 9 {
            let Some((line, text, kind)) = self.next_line()? else {
                break;
            };
            if text.trim_ascii().is_empty() {
                if rows > 0 {
                    break;
                }
                continue;
            }
            if text.first() == Some(&b'#') {
                continue;
            }
            if rows == 0 {
                first = line;
            }
            rows += 1;
            too_long |= kind == Line::TooLong;
            chunk.text.extend_from_slice(&text);
            chunk.text.push(b'\n');
        }
        if rows == 0 {
            return Ok(false);
        }
        let flaw = if too_long {
            chunk.text.truncate(start);
            Some(Flaw::TooLong)
        } else {
            (rows != 9).then_some(Flaw::GridRows(rows))
        };
        chunk.records.push(RawRecord {
            line: first,
            end: chunk.text.len(),
            flaw,
        });
        Ok(true)
    }
}

/// Not blank and not a `#` comment.
fn is_significant(text: &[u8]) -> bool {
    let t = text.trim_ascii_start();
    !t.is_empty() && t[0] != b'#'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framer(text: &'static [u8]) -> Framer {
        Framer::new(Box::new(text), "test".into(), None)
    }

    #[test]
    fn lines_skip_comments_blanks_and_a_bom() {
        let mut f = framer(b"\xef\xbb\xbf# header\r\n\r\nabc\r\n\n  \ndef");
        let chunk = f.next_chunk(&Layout::Lines, 0, 100).unwrap().unwrap();
        let got: Vec<(u64, &[u8])> = chunk.iter().map(|(r, t)| (r.line, t)).collect();
        assert_eq!(got, [(3, &b"abc\n"[..]), (6, b"def\n")]);
        assert!(f.next_chunk(&Layout::Lines, 0, 100).unwrap().is_none());
    }

    #[test]
    fn grids_are_nine_rows_and_a_blank_line_cuts_one_short() {
        let mut f = framer(b"1\n2\n3\n4\n5\n6\n7\n8\n9\n\n1\n2\n\n1\n2\n3\n4\n5\n6\n7\n8\n9\n");
        let chunk = f
            .next_chunk(&Layout::Grid(super::super::GridStyle::Compact), 0, 100)
            .unwrap()
            .unwrap();
        let got: Vec<(u64, Option<Flaw>)> = chunk.iter().map(|(r, _)| (r.line, r.flaw)).collect();
        assert_eq!(got, [(1, None), (11, Some(Flaw::GridRows(2))), (14, None)]);
    }

    #[test]
    fn csv_lines_with_an_open_quote_are_flawed_and_kept_apart() {
        let mut f = framer(b"a,\"b\n\"c\",d\n");
        let chunk = f.next_chunk(&Layout::Lines, 0, 100).unwrap().unwrap();
        assert_eq!(chunk.records.len(), 2);
        let csv = Layout::Csv(super::super::CsvLayout {
            columns: vec!["x".into()],
            puzzle: 0,
            solution: None,
        });
        let mut f = framer(b"a,\"b\n\"c\",d\n");
        let chunk = f.next_chunk(&csv, 0, 100).unwrap().unwrap();
        let got: Vec<(Option<Flaw>, &[u8])> = chunk.iter().map(|(r, t)| (r.flaw, t)).collect();
        assert_eq!(
            got,
            [(Some(Flaw::UnclosedQuote), &b""[..]), (None, b"\"c\",d\n")]
        );
    }
}
