//! Framing: cutting an input's lines into records, and records into chunks. The layout decides
//! what each line is ([`Layout::frame`]); this loop only applies its answers, so one rule
//! decides where every record begins and ends.

use super::detect::detect;
use super::sample::{Detected, Sample};
#[cfg(test)]
use super::source::InputPath;
use super::source::{LineEnd, MAX_LINE, Recycled, Source, TextRange};
use super::{Framing, Layout, Options, Skip, is_blank, line_framing};
use std::collections::VecDeque;
use std::io;
use std::sync::Arc;

/// A batch of consecutive records from one input; the unit of parallel work.
///
/// The reader fills it in one of two ways. For a layout whose records are lines, it reads a
/// block of whole lines into it as they are (from a file, straight into the chunk:
/// [`Source::read_block`]) and leaves them to be framed by the worker (`Chunk::frame`); otherwise (grids, the first lines of an input, a line too long for a
/// block) it frames line by line as it reads. Either way the layout's
/// [`Layout::frame`](super::Layout::frame) decides, line by line, what each line is.
#[derive(Debug, Default)]
pub struct Chunk {
    /// Which input (index into the run's inputs).
    pub input: usize,
    /// The records' text. Each record is a span of it: its rows joined by `\n`, without line
    /// ends.
    pub text: Vec<u8>,
    /// Where each record is, in order.
    pub records: Vec<RawRecord>,
    /// Set while `text` is a block of whole lines not yet framed: the first one's number.
    unframed: Option<u64>,
    /// A range of the input for the worker to read (and then frame) itself.
    range: Option<TextRange>,
    /// Lines of the block skipped when it was framed, by reason.
    pub skipped: Skipped,
    /// Lines the chunk covers (in its records or skipped), once it is framed.
    pub lines: u64,
    /// Its lines are numbered from its own first, 1: read from a range, it does not know how
    /// many lines came before it. Whoever takes the chunks in order adds those.
    pub relative_lines: bool,
}

impl Chunk {
    /// Each record with its text. The chunk must be framed.
    pub fn iter(&self) -> impl Iterator<Item = (&RawRecord, &[u8])> {
        debug_assert!(self.unframed.is_none(), "frame the chunk first");
        self.records
            .iter()
            .map(move |r| (r, &self.text[r.start..r.end]))
    }

    /// Frames a block of whole lines by `layout`'s rule: each line is skipped (and counted)
    /// or is a record. A range is read first (which fails if the file was cut short). Does
    /// nothing to a chunk already framed.
    pub(crate) fn frame(&mut self, layout: &dyn Layout) -> io::Result<()> {
        let Some(first_line) = self.unframed.take() else {
            return Ok(());
        };
        let mut start = match self.range.take() {
            Some(range) => range.read_into(&mut self.text)?,
            None => 0,
        };
        let mut line = first_line;
        while start < self.text.len() {
            let rest = &self.text[start..];
            let len = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            // Only a range's last line can be this long (read on past the range, and cut
            // there): read as a line too long is read one at a time.
            let too_long = len > MAX_LINE;
            let mut end = start + len;
            if end > start && self.text[end - 1] == b'\r' && !too_long {
                end -= 1;
            }
            let framing = match too_long {
                false => line_framing(layout, &self.text[start..end], true, 0),
                true => line_framing(layout, &self.text[start..start + MAX_LINE], false, 0),
            };
            match framing {
                Framing::Skip(why) | Framing::SkipAndClose(why) => self.skipped.add(why, 1),
                Framing::Take { .. } => self.records.push(RawRecord {
                    line,
                    lines: 1,
                    start,
                    end: if too_long { start } else { end },
                    too_long,
                }),
            }
            start += len + 1;
            line += 1;
        }
        self.lines = line - first_line;
        Ok(())
    }

    fn reset(&mut self, input: usize) {
        self.input = input;
        self.text.clear();
        self.records.clear();
        self.unframed = None;
        self.range = None;
        self.skipped = Skipped::default();
        self.lines = 0;
        self.relative_lines = false;
    }
}

/// Where a record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawRecord {
    /// 1-based line number where the record starts.
    pub line: u64,
    /// How many lines it took (a grid's rows; skipped lines inside it are not counted here).
    pub lines: u32,
    /// Its text: [`Chunk::text`]`[start..end]`.
    pub start: usize,
    /// Where its text ends (exclusive).
    pub end: usize,
    /// One of its lines went past the line limit: its text is not kept.
    pub too_long: bool,
}

/// Lines skipped, by reason (indexed like `Skip::ALL`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Skipped([u64; Skip::ALL.len()]);

impl Skipped {
    /// Counts `n` lines skipped for `why`.
    pub(crate) fn add(&mut self, why: Skip, n: u64) {
        self.0[why as usize] += n;
    }

    /// The lines skipped for `why`.
    pub(crate) fn get(&self, why: Skip) -> u64 {
        self.0[why as usize]
    }

    /// The lines skipped for any reason.
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Adds `other`'s counts.
    pub(crate) fn merge(&mut self, other: &Skipped) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }
}

/// Bytes of text after which a chunk is closed early.
const CHUNK_BYTES: usize = 256 << 10;

/// A line read for detection, not yet framed.
#[derive(Debug)]
enum Queued {
    /// A run of blank lines.
    Blank(u64),
    Line(Vec<u8>, LineEnd),
}

/// A record whose rows are being gathered.
#[derive(Debug, Clone, Copy)]
struct Open {
    line: u64,
    rows: usize,
    start: usize,
    too_long: bool,
}

/// Reads one input line by line and frames its records.
pub struct Framer {
    source: Source,
    name: String,
    layout: Arc<dyn Layout>,
    /// Lines read for detection, replayed before anything more is read.
    queued: VecDeque<Queued>,
    /// Lines that detection decided to skip, by line number, in order.
    decided: VecDeque<(u64, Skip)>,
    /// Number of the last line read.
    line_no: u64,
    skipped: Skipped,
    /// The record whose rows are being gathered.
    open: Option<Open>,
    /// The source starts at the input's first byte (where a byte-order mark is dropped).
    at_start: bool,
    /// Hand the workers ranges to read where the source allows ([`Framer::read_by_ranges`]),
    /// and the bytes a line took before the first (for the size of a chunk's range).
    ranges: bool,
    bytes_per_line: Option<u64>,
    /// A range's bytes at most ([`CHUNK_BYTES`]; tests cut ranges anywhere with fewer).
    range_bytes: usize,
}

impl Framer {
    /// Reads the first lines of `source`, detects its layout (as `options` say), and returns
    /// the framer ready to frame it.
    pub fn new(mut source: Source, name: String, options: &Options) -> anyhow::Result<Framer> {
        let mut sample = Sample::default();
        let mut queued = VecDeque::new();
        let mut line_no = 0;
        let mut blank_run = 0;
        let mut line = Vec::new();
        loop {
            line.clear();
            let Some(end) = read_line(&mut source, &mut line, line_no == 0)? else {
                break;
            };
            line_no += 1;
            if is_blank(&line) && end == LineEnd::Whole {
                blank_run += 1;
                continue;
            }
            if blank_run > 0 {
                queued.push_back(Queued::Blank(blank_run));
                blank_run = 0;
            }
            sample.note(line_no, end);
            sample.lines.push((line_no, line.clone()));
            queued.push_back(Queued::Line(line.clone(), end));
            if !sample.has_room(0) {
                break;
            }
        }
        if blank_run > 0 {
            queued.push_back(Queued::Blank(blank_run));
        }
        let Detected { layout, skips, .. } = detect(&sample, options)?;
        Ok(Framer {
            source,
            name,
            layout,
            queued,
            decided: skips.into(),
            line_no: 0,
            skipped: Skipped::default(),
            open: None,
            at_start: true,
            ranges: false,
            bytes_per_line: None,
            range_bytes: CHUNK_BYTES,
        })
    }

    /// Frames a part of an input that starts at a record boundary (see [`crate::run::shard`]), as
    /// the input's own framer would: with the layout detected at the input's head and, for
    /// the part that starts there (`at_start`), the head lines detection decided to skip
    /// (`decided`, from [`Framer::decided`]). Lines are numbered from the part's start.
    pub fn resume(
        source: Source,
        name: String,
        layout: Arc<dyn Layout>,
        decided: Vec<(u64, Skip)>,
        at_start: bool,
    ) -> Framer {
        Framer {
            source,
            name,
            layout,
            queued: VecDeque::new(),
            decided: decided.into(),
            line_no: 0,
            skipped: Skipped::default(),
            open: None,
            at_start,
            ranges: false,
            bytes_per_line: None,
            range_bytes: CHUNK_BYTES,
        }
    }

    /// The lines detection decided to skip (by line number, with the reason) that are still
    /// ahead: all of them until framing starts.
    pub fn decided(&self) -> Vec<(u64, Skip)> {
        self.decided.iter().copied().collect()
    }

    /// The layout detected.
    pub fn layout(&self) -> &Arc<dyn Layout> {
        &self.layout
    }

    /// The input's name, for messages.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// Lines skipped so far, by reason.
    pub fn skipped(&self) -> Skipped {
        self.skipped
    }

    /// From here on, where the input is a regular file read as its bytes and its records are
    /// lines, chunks are ranges of the file that the workers read and frame themselves
    /// (numbering lines from each chunk's first: see [`Chunk::relative_lines`]), so that the
    /// thread that frames reads nothing. For a run that takes the chunks in order.
    pub(crate) fn read_by_ranges(&mut self) {
        self.read_by_ranges_of(CHUNK_BYTES);
    }

    /// `Framer::read_by_ranges`, in ranges of at most `max_bytes`: tests cut the text
    /// anywhere with small ones.
    pub fn read_by_ranges_of(&mut self, max_bytes: usize) {
        self.ranges = true;
        self.range_bytes = max_bytes.max(1);
    }

    /// The bytes a line takes, as far as this framer can tell: the average of the lines it
    /// framed itself before it handed out ranges.
    pub(crate) fn bytes_per_line(&self) -> u64 {
        let read = self.source.position();
        self.bytes_per_line
            .unwrap_or_else(|| read.checked_div(self.line_no).unwrap_or(82).max(1))
    }

    /// Lines framed so far (each in a record or skipped), not counting those of chunks read
    /// by range.
    pub fn lines(&self) -> u64 {
        self.line_no
    }

    /// Bytes of the input taken so far (framed, or sampled for detection and still to be
    /// framed), and the bytes left when the size is known. The source's own count, so that
    /// line ends (`\n` or `\r\n`, or none at the end), a byte-order mark and a line too long
    /// all count as the bytes they are.
    pub(crate) fn progress(&self) -> (u64, Option<u64>) {
        let read = self.source.position();
        (read, self.source.size.map(|size| size.saturating_sub(read)))
    }

    /// How the input's lines end.
    pub fn line_ends(&self) -> super::LineEnds {
        self.source.line_ends()
    }

    /// Bytes the input (a regular file) gained past its size when opened, as seen once it was
    /// read to that size: they are not answered.
    pub(crate) fn grew(&self) -> u64 {
        self.source.grew()
    }

    /// Gives the read buffer back, for the next input.
    pub(crate) fn recycle(self) -> Recycled {
        self.source.recycle()
    }

    /// The next chunk of at most about `records` records, framed, or `None` at the end of the
    /// input. Its skipped lines are counted in [`Framer::skipped`].
    pub fn next_chunk(&mut self, input: usize, records: usize) -> io::Result<Option<Chunk>> {
        let mut chunk = Chunk::default();
        if !self.refill(&mut chunk, input, records)? {
            return Ok(None);
        }
        chunk.frame(self.layout.as_ref())?;
        self.skipped.merge(&chunk.skipped);
        // Framed here, in order: a range's lines are numbered on from the lines before it.
        if chunk.relative_lines {
            for record in &mut chunk.records {
                record.line += self.line_no;
            }
            self.line_no += chunk.lines;
            chunk.relative_lines = false;
        }
        Ok(Some(chunk))
    }

    /// Refills `chunk`, keeping its allocations, with the next lines of the input: at most
    /// about `records` records (at least one line); false at the end of the input. The chunk
    /// may be a block of lines still to be framed ([`Chunk::frame`]), whose skipped lines are
    /// then counted in [`Chunk::skipped`], not here.
    pub(crate) fn refill(
        &mut self,
        chunk: &mut Chunk,
        input: usize,
        records: usize,
    ) -> io::Result<bool> {
        chunk.reset(input);
        // Lines that need more than the layout's rule go line by line: those replayed from
        // detection, those it decided to skip, a grid's, and an input's first (a BOM).
        let by_line = !self.queued.is_empty()
            || !self.decided.is_empty()
            || self.open.is_some()
            || (self.at_start && self.line_no == 0);
        if self.layout.records_are_lines() && !by_line {
            let read = self.source.position();
            if self.ranges && self.source.reads_by_ranges() {
                // Lines are no longer counted here: the size of a line so far stands for all.
                let per_line = self.bytes_per_line();
                self.bytes_per_line = Some(per_line);
                let budget = (records.max(1) as u64).saturating_mul(per_line);
                let Some(range) = self
                    .source
                    .take_range(budget.min(self.range_bytes as u64) as usize)
                else {
                    return Ok(false);
                };
                chunk.range = Some(range);
                chunk.unframed = Some(1);
                chunk.relative_lines = true;
                return Ok(true);
            }
            let per_line = read.checked_div(self.line_no).unwrap_or(82).max(1) as usize;
            let budget = records.max(1).saturating_mul(per_line).min(CHUNK_BYTES);
            match self.source.read_block(&mut chunk.text, budget)? {
                Some((0, _)) => return Ok(false),
                Some((lines, _)) => {
                    chunk.unframed = Some(self.line_no + 1);
                    self.line_no += lines;
                    return Ok(true);
                }
                None => {} // a line longer than a block can hold: framed here, capped
            }
        }
        // A chunk ends only between records, so that a record is never cut in two.
        let lines_before = self.line_no;
        while self.open.is_some()
            || (chunk.records.len() < records.max(1) && chunk.text.len() < CHUNK_BYTES)
        {
            let start = chunk.text.len();
            let Some(end) = self.next_line(&mut chunk.text)? else {
                self.close(chunk);
                break;
            };
            self.frame_line(chunk, start, end);
        }
        chunk.lines = self.line_no - lines_before;
        Ok(!chunk.records.is_empty())
    }

    /// Frames the line just read into `chunk.text[start..]`.
    fn frame_line(&mut self, chunk: &mut Chunk, start: usize, end: LineEnd) {
        let line = &chunk.text[start..];
        // A line detection decided on is never blank: its reason comes first.
        let framing = match self.decided_skip() {
            Some(why) => Framing::SkipAndClose(why),
            None => {
                let open = self.open.map_or(0, |o| o.rows);
                line_framing(self.layout.as_ref(), line, end == LineEnd::Whole, open)
            }
        };
        match framing {
            Framing::Skip(why) => {
                chunk.text.truncate(start);
                self.skipped.add(why, 1);
            }
            Framing::SkipAndClose(why) => {
                chunk.text.truncate(start);
                self.skipped.add(why, 1);
                self.close(chunk);
            }
            Framing::Take { complete } => {
                chunk.text.push(b'\n');
                let open = self.open.get_or_insert(Open {
                    line: self.line_no,
                    rows: 0,
                    start,
                    too_long: false,
                });
                open.rows += 1;
                open.too_long |= end == LineEnd::TooLong;
                if complete {
                    self.close(chunk);
                }
            }
        }
    }

    /// Ends the record in progress, if any.
    fn close(&mut self, chunk: &mut Chunk) {
        let Some(open) = self.open.take() else {
            return;
        };
        if open.too_long {
            chunk.text.truncate(open.start); // only its start was kept: drop it
        }
        chunk.records.push(RawRecord {
            line: open.line,
            lines: open.rows as u32,
            start: open.start,
            // Each row ends in `\n`: the last one is not part of the record.
            end: chunk.text.len().saturating_sub(1).max(open.start),
            too_long: open.too_long,
        });
    }

    /// The reason detection gave for skipping the current line, if it gave one.
    fn decided_skip(&mut self) -> Option<Skip> {
        match self.decided.front() {
            Some(&(no, why)) if no == self.line_no => {
                self.decided.pop_front();
                Some(why)
            }
            _ => None,
        }
    }

    /// Appends the next line to `out`: a queued one first. Runs of blank lines from the queue
    /// are counted here all at once, past the first (which closes a record in progress).
    fn next_line(&mut self, out: &mut Vec<u8>) -> io::Result<Option<LineEnd>> {
        let end = match self.queued.pop_front() {
            Some(Queued::Line(text, end)) => {
                out.extend_from_slice(&text);
                Some(end)
            }
            Some(Queued::Blank(n)) => {
                if n > 1 {
                    self.queued.push_front(Queued::Blank(n - 1));
                }
                Some(LineEnd::Whole)
            }
            None => {
                let first = self.line_no == 0 && self.at_start;
                read_line(&mut self.source, out, first)?
            }
        };
        if end.is_some() {
            self.line_no += 1;
        }
        Ok(end)
    }
}

/// Reads a line from `source` into `out`, dropping a UTF-8 byte-order mark from the input's
/// `first` line.
fn read_line(source: &mut Source, out: &mut Vec<u8>, first: bool) -> io::Result<Option<LineEnd>> {
    let start = out.len();
    let end = source.read_line(out)?;
    if first && out[start..].starts_with(b"\xef\xbb\xbf") {
        out.drain(start..start + 3);
    }
    Ok(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framer(text: &[u8], format: &str) -> Framer {
        framer_with(text, Some(format))
    }

    /// A framer that detects the layout (`None`) or is told it.
    fn framer_with(text: &[u8], format: Option<&str>) -> Framer {
        let options = Options {
            format: format.map(str::to_string),
            ..Options::default()
        };
        Framer::new(source_of(text), "test".into(), &options).unwrap()
    }

    fn source_of(text: &[u8]) -> Source {
        Source::from_reader(Box::new(std::io::Cursor::new(text.to_vec()))).unwrap()
    }

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn chunks_keep_to_their_size_and_lines_replayed_from_detection_come_first() {
        // A title decided by detection, then 300 puzzles, one a line: the lines of
        // detection's sample are replayed line by line, then the rest is read in blocks.
        let mut text = "Hardest, 2019\n".to_string();
        for _ in 0..300 {
            text += &format!("{P}\n");
        }
        let mut f = framer_with(text.as_bytes(), None);
        assert_eq!(f.layout().name(), "lines");
        let (mut lines, mut sizes, mut blocks) = (Vec::new(), Vec::new(), 0);
        let mut chunk = Chunk::default();
        while f.refill(&mut chunk, 0, 3).unwrap() {
            blocks += usize::from(chunk.unframed.is_some());
            chunk.frame(f.layout().as_ref()).unwrap();
            sizes.push(chunk.iter().count());
            for (r, t) in chunk.iter() {
                lines.push(r.line);
                assert_eq!(t, P.as_bytes());
            }
        }
        assert_eq!(lines, (2..=301).collect::<Vec<u64>>());
        // Line by line while the replayed lines last: exactly the records asked for; then
        // blocks.
        assert!(sizes[..20].iter().all(|&n| n == 3), "{sizes:?}");
        assert!(blocks > 0);
        assert_eq!(f.skipped().get(Skip::Title), 1);
        assert_eq!(f.progress().0, text.len() as u64);
    }

    #[test]
    fn a_part_resumed_at_the_input_start_drops_its_bom_and_its_decided_lines() {
        // A shard's first part is framed by `Framer::resume`, with no lines replayed: its
        // first line still goes line by line (a BOM), and so do the head lines detection
        // decided to skip (a title), before any block.
        let text = format!("\u{feff}Hardest, 2019\n{P}\n{P}\n");
        let detected = framer_with(text.as_bytes(), None);
        assert_eq!(detected.decided(), [(1, Skip::Title)]);
        let layout = detected.layout().clone();
        let mut f = Framer::resume(
            source_of(text.as_bytes()),
            "test".into(),
            layout.clone(),
            detected.decided(),
            true,
        );
        let got: Vec<(u64, Vec<u8>)> = records(&mut f, 100)
            .into_iter()
            .map(|r| (r.0, r.2))
            .collect();
        assert_eq!(
            got,
            [(2, P.as_bytes().to_vec()), (3, P.as_bytes().to_vec())]
        );
        assert_eq!(f.skipped().get(Skip::Title), 1);
        // Without a title, the BOM is still dropped from the first record.
        let text = format!("\u{feff}{P}\n{P}\n");
        let mut f = Framer::resume(
            source_of(text.as_bytes()),
            "test".into(),
            layout,
            Vec::new(),
            true,
        );
        let got: Vec<Vec<u8>> = records(&mut f, 100).into_iter().map(|r| r.2).collect();
        assert_eq!(got, [P.as_bytes().to_vec(), P.as_bytes().to_vec()]);
    }

    #[test]
    fn a_skip_detection_decided_falls_on_its_own_line() {
        // The blank first line is not the comment, nor the comment the header.
        let text = format!("\n# exported\npuzzle,solution\n{P},{P}\n");
        let mut f = framer_with(text.as_bytes(), None);
        let got: Vec<u64> = records(&mut f, 100).iter().map(|r| r.0).collect();
        assert_eq!(got, [4]);
        for why in [Skip::Blank, Skip::Comment, Skip::Header] {
            assert_eq!(f.skipped().get(why), 1, "{why:?}");
        }
    }

    #[test]
    fn progress_counts_every_byte_of_the_input_once() {
        // Past detection's sample, grids are framed a line at a time and lines in blocks;
        // with a byte-order mark, CRLF line ends and no newline at the end, every byte counts.
        let grid = "123456789\r\n".repeat(9) + "\r\n";
        let lines = format!("{P}\r\n").repeat(300);
        for (text, format) in [
            (grid.repeat(30), "grid"),
            (format!("\u{feff}{lines}{P}"), "lines"),
            (format!("{lines}{P}\n\n"), "lines"),
        ] {
            let mut f = framer(text.as_bytes(), format);
            let mut read = vec![f.progress().0];
            while f.next_chunk(0, 7).unwrap().is_some() {
                read.push(f.progress().0);
            }
            assert!(read.windows(2).all(|w| w[0] <= w[1]), "{format}: {read:?}");
            assert_eq!(f.progress().0, text.len() as u64, "{format}");
        }
    }

    fn records(f: &mut Framer, chunk: usize) -> Vec<(u64, u32, Vec<u8>)> {
        let mut out = Vec::new();
        while let Some(c) = f.next_chunk(0, chunk).unwrap() {
            out.extend(c.iter().map(|(r, t)| (r.line, r.lines, t.to_vec())));
        }
        out
    }

    #[test]
    fn lines_skip_comments_blanks_and_a_bom() {
        let mut f = framer(b"\xef\xbb\xbf# header\r\n\r\nabc\r\n\n  \ndef", "lines");
        let got = records(&mut f, 100);
        assert_eq!(got, [(3, 1, b"abc".to_vec()), (6, 1, b"def".to_vec())]);
        assert_eq!(f.skipped().get(Skip::Comment), 1);
        assert_eq!(f.skipped().get(Skip::Blank), 3);
        assert_eq!(f.lines(), 6);
    }

    #[test]
    fn grids_are_nine_rows_and_a_blank_line_cuts_one_short() {
        let text = b"1\n2\n3\n4\n5\n6\n7\n8\n9\n\n1\n2\n\n1\n2\n# c\n3\n4\n5\n6\n7\n8\n9\n";
        let mut f = framer(text, "grid");
        let got: Vec<(u64, u32)> = records(&mut f, 100).iter().map(|r| (r.0, r.1)).collect();
        assert_eq!(got, [(1, 9), (11, 2), (14, 9)]);
        assert_eq!(f.skipped().get(Skip::Comment), 1);
    }

    #[test]
    fn a_chunk_never_cuts_a_grid_in_two() {
        // 5,000 grids of 90 bytes: the chunk's byte limit falls inside grids many times.
        let grid = "123456789\n".repeat(9);
        let text = grid.repeat(5000);
        let mut f = framer(text.as_bytes(), "grid");
        let got = records(&mut f, usize::MAX);
        assert_eq!(got.len(), 5000);
        assert!(
            got.iter()
                .all(|r| r.1 == 9 && r.2 == grid.trim_end().as_bytes())
        );
    }

    #[test]
    fn a_line_too_long_is_one_record_without_its_text() {
        let mut text = vec![b'1'; super::super::MAX_LINE + 5];
        text.extend_from_slice(b"\nok\n");
        let mut f = framer(&text, "lines");
        let mut got = Vec::new();
        while let Some(c) = f.next_chunk(0, 10).unwrap() {
            got.extend(c.iter().map(|(r, t)| (r.line, r.too_long, t.to_vec())));
        }
        assert_eq!(got, [(1, true, Vec::new()), (2, false, b"ok".to_vec())]);
    }

    /// Records (line, text, too long), lines skipped, lines in all.
    type Framed = (Vec<(u64, Vec<u8>, bool)>, Skipped, u64);

    /// Every record of a framer, read to its end in chunks of `records`: its line (made
    /// absolute for chunks read by range, from the lines of the chunks before), its text and
    /// whether it was too long; then the lines skipped, by reason, and the lines in all.
    fn frame_all(f: &mut Framer, records: usize) -> Framed {
        let (mut out, mut skipped, mut lines) = (Vec::new(), Skipped::default(), 0);
        let (mut chunk, mut by_range) = (Chunk::default(), 0);
        while f.refill(&mut chunk, 0, records).unwrap() {
            by_range += usize::from(chunk.relative_lines);
            chunk.frame(f.layout().as_ref()).unwrap();
            let moved_by = if chunk.relative_lines { lines } else { 0 };
            lines += chunk.lines;
            skipped.merge(&chunk.skipped);
            for (r, t) in chunk.iter() {
                out.push((r.line + moved_by, t.to_vec(), r.too_long));
            }
        }
        skipped.merge(&f.skipped());
        assert_eq!(
            by_range > 0,
            f.ranges,
            "past the sample, by range when asked"
        );
        (out, skipped, lines)
    }

    /// A file of `text`, read by ranges of `range_bytes` from the first line past
    /// detection's sample, frames as the same text streamed does: the same records on the
    /// same lines, the same lines skipped. Ranges of every size cut the text at every offset.
    #[test]
    fn ranges_cut_anywhere_frame_as_the_stream_does() {
        let head = format!("{P}\n").repeat(70);
        let csv_head = format!("id,puzzle\n{}", format!("7,{P}\n").repeat(70));
        let texts: Vec<(String, Option<&str>)> = vec![
            // Lines: blank runs, comments, CR LF, a last line without its end.
            (format!("{head}\n\n#c\n{P}\r\n\r\n{P}\n  \n{P}"), None),
            // A byte-order mark, a title, ragged lines.
            (format!("\u{feff}Title\n{head}x\n{P}{P}\n\n1\n"), None),
            // CSV: quotes (doubled, with the delimiter, unclosed), ragged rows, CR LF.
            (
                format!(
                    "{csv_head}\"8\",\"{P}\"\r\n9,\"a,\"\"b\"\n10\n11,{P},extra\n12,\"{P}\n\n13,{P}\n"
                ),
                None,
            ),
            // JSON Lines.
            (
                format!(
                    "{}{{\"puzzle\": \"{P}\"}}\r\n\n{{\"puzzle\": 1}}\nnot json\n",
                    format!("{{\"puzzle\": \"{P}\"}}\n").repeat(70)
                ),
                None,
            ),
        ];
        let dir = tempfile::tempdir().unwrap();
        for (i, (text, format)) in texts.iter().enumerate() {
            let path = dir.path().join(format!("{i}.txt"));
            std::fs::write(&path, text).unwrap();
            let options = Options {
                format: format.map(str::to_string),
                ..Options::default()
            };
            let mut streamed =
                Framer::new(source_of(text.as_bytes()), "t".into(), &options).unwrap();
            let expected = frame_all(&mut streamed, 5);
            assert!(expected.0.len() > 70, "{i}: {} records", expected.0.len());
            for range_bytes in 1..=text.len() {
                let input = InputPath::File(path.clone());
                let source = Source::open(&input, Arc::default(), Recycled::default()).unwrap();
                let mut f = Framer::new(source, "t".into(), &options).unwrap();
                f.read_by_ranges_of(range_bytes);
                let got = frame_all(&mut f, 5);
                assert_eq!(got, expected, "{i}: ranges of {range_bytes} bytes");
            }
        }
        // Lines past the line limit: the one a range ends in is read on past its end, to be
        // one record without its text (or a comment skipped); one of exactly the limit is a
        // line like any other, unless a CR makes it one byte longer.
        let long = |n: usize, c: u8| String::from_utf8(vec![c; n]).unwrap();
        let text = format!(
            "{head}{}\n{P}\n#{}\n{}\r\n{}\n{}\n{P}\n{}",
            long(MAX_LINE + 5000, b'1'),
            long(MAX_LINE + 1, b'2'),
            long(MAX_LINE, b'3'),
            long(MAX_LINE, b'4'),
            long(MAX_LINE + 1, b'5'),
            long(MAX_LINE + 2, b'6'),
        );
        let path = dir.path().join("long.txt");
        std::fs::write(&path, &text).unwrap();
        let options = Options::default();
        let mut streamed = Framer::new(source_of(text.as_bytes()), "t".into(), &options).unwrap();
        let expected = frame_all(&mut streamed, 5);
        let too_long: Vec<u64> = expected.0.iter().filter(|r| r.2).map(|r| r.0).collect();
        assert_eq!(too_long, [71, 74, 76, 78]);
        for range_bytes in [1, 7, 100, 409, 4096] {
            let input = InputPath::File(path.clone());
            let source = Source::open(&input, Arc::default(), Recycled::default()).unwrap();
            let mut f = Framer::new(source, "t".into(), &options).unwrap();
            f.read_by_ranges_of(range_bytes);
            assert_eq!(
                frame_all(&mut f, 5),
                expected,
                "ranges of {range_bytes} bytes"
            );
        }
    }
}
