//! Opening inputs (files, stdin, gzip) and reading their lines with a bound on each line's
//! length. Inputs are opened one at a time, and the read buffer passes from one to the next, so
//! that 100,000 small files cost one buffer and one file descriptor at a time.

use super::packed::{self, Packed, Unpacked};
use std::fs::File;
use std::io::{self, Read, Seek};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where puzzles come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputPath {
    /// Standard input (`-` on the command line).
    Stdin,
    /// A file: regular, gzip, a FIFO or a device.
    File(PathBuf),
}

impl InputPath {
    /// `-` is stdin.
    pub fn from_arg(arg: &Path) -> InputPath {
        if arg == Path::new("-") {
            InputPath::Stdin
        } else {
            InputPath::File(arg.to_path_buf())
        }
    }

    /// The name used in messages, quoted where it holds anything that could forge a message
    /// or move the terminal (see [`crate::names::quoted`]).
    pub(crate) fn display_name(&self) -> String {
        match self {
            InputPath::Stdin => "<stdin>".to_string(),
            InputPath::File(p) => crate::names::quoted(p),
        }
    }

    /// True for a regular file (which can be opened and read again, unlike a stream), whether
    /// or not its size says how much it holds.
    pub(crate) fn is_regular_file(&self) -> bool {
        matches!(self, InputPath::File(p) if std::fs::metadata(p).is_ok_and(|m| m.is_file()))
    }

    /// The size on disk, when it is a regular file whose size says how much it holds. A file
    /// of size 0 that has bytes to read (`/proc/cpuinfo`: the kernel makes its text as it is
    /// read) has no size known in advance, as a stream has none.
    pub(crate) fn size(&self) -> Option<u64> {
        let InputPath::File(p) = self else {
            return None;
        };
        let meta = std::fs::metadata(p).ok().filter(|m| m.is_file())?;
        // Bytes to read, or an error that reading will meet (`/proc/self/mem`): either way no
        // size to trust.
        let has_bytes = || File::open(p).is_ok_and(|mut f| !matches!(f.read(&mut [0]), Ok(0)));
        match meta.len() {
            0 if has_bytes() => None,
            len => Some(len),
        }
    }
}

/// Lines longer than this are not kept: such a record is malformed, and memory stays bounded.
/// A CSV header or row of 10,000 columns fits.
pub const MAX_LINE: usize = 1 << 20;

/// Bytes read from the operating system at a time.
const READ_SIZE: usize = 256 << 10;

/// An open input: a reader and its buffer.
pub struct Source {
    reader: Box<dyn Read + Send>,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    /// The reader has said there is no more.
    eof: bool,
    /// The size of the text, when known in advance (a regular file, not compressed).
    pub size: Option<u64>,
    /// Bytes handed out so far (lines and blocks, line ends included).
    taken: u64,
    /// How the input's lines end.
    line_ends: LineEnds,
    /// Bytes a regular file had past its size when opened, once it was read to that size.
    grew: Arc<AtomicU64>,
    /// A regular file's text as it is on disk: the workers can read it by ranges.
    ranged: Option<Ranged>,
}

/// What reading a regular file by ranges needs (see [`Source::take_range`]).
struct Ranged {
    /// The file, shared by the workers' positioned reads.
    file: Arc<File>,
    /// Where the text starts in the file (a shard's part starts past its first byte).
    base: u64,
    /// Bytes read from inputs, for progress: a range counts when it is taken.
    consumed: Arc<AtomicU64>,
    /// A range was taken: the next starts wherever the last one ended, perhaps inside a line.
    started: bool,
    /// The text is the whole file (not a shard's part, which the file goes on past): bytes
    /// past its end came later.
    whole: bool,
}

/// How an input's lines end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LineEnds {
    /// LF or CR LF (a CR alone inside such a file is a character of its line).
    #[default]
    Lf,
    /// CR alone, as old Mac OS wrote text: each CR is read as an LF (the same number of
    /// bytes, so offsets and sizes hold).
    Cr,
}

impl LineEnds {
    /// The line ends of a text whose first bytes are `head`: CR alone when it holds a CR and
    /// no LF. (`head` is read until it holds an LF, or is full, or the input ends: see
    /// [`Source::open`].)
    pub(crate) fn of(head: &[u8]) -> LineEnds {
        if memchr::memchr(b'\n', head).is_none() && memchr::memchr(b'\r', head).is_some() {
            LineEnds::Cr
        } else {
            LineEnds::Lf
        }
    }

    /// `reader`, its CRs read as LFs where the lines end in CR.
    fn wrap(self, reader: Box<dyn Read + Send>) -> Box<dyn Read + Send> {
        match self {
            LineEnds::Lf => reader,
            LineEnds::Cr => Box::new(CrAsLf(reader)),
        }
    }
}

/// Reads a text whose lines end in CR alone as one whose lines end in LF.
struct CrAsLf<R>(R);

impl<R: Read> Read for CrAsLf<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.0.read(buf)?;
        let mut at = 0;
        while let Some(i) = memchr::memchr(b'\r', &buf[at..n]) {
            buf[at + i] = b'\n';
            at += i + 1;
        }
        Ok(n)
    }
}

/// A buffer to hand from one input to the next.
#[derive(Default)]
pub struct Recycled(Vec<u8>);

impl Source {
    /// Opens an input, reusing `recycled`'s buffer. Gzip (recognised by its magic bytes) is
    /// decompressed on the fly; UTF-16 text is refused with a message that says how to convert
    /// it, and archives and other compressions (`Packed`) with one that says how to unpack
    /// them. Every byte read from the file or pipe is added to `consumed` (for progress).
    pub fn open(
        input: &InputPath,
        consumed: Arc<AtomicU64>,
        recycled: Recycled,
    ) -> io::Result<Source> {
        let grew = Arc::new(AtomicU64::new(0));
        let size = input.size();
        let mut ranged = None;
        let raw: Box<dyn Read + Send> = match input {
            InputPath::Stdin => Box::new(io::stdin()),
            InputPath::File(p) => {
                let file = File::open(p)?;
                if file.metadata()?.is_dir() {
                    return Err(io::Error::new(
                        io::ErrorKind::IsADirectory,
                        "is a directory",
                    ));
                }
                match size {
                    Some(size) => {
                        ranged = Some(Ranged {
                            file: Arc::new(file.try_clone()?),
                            base: 0,
                            consumed: consumed.clone(),
                            started: false,
                            whole: true,
                        });
                        Box::new(AsOpened::new(file, size, grew.clone()))
                    }
                    None => Box::new(file),
                }
            }
        };
        let counted = Box::new(Counting {
            inner: raw,
            consumed: consumed.clone(),
        });
        let mut source = Source::with(counted, recycled, size);
        source.grew = grew;
        source.ranged = ranged;
        source.fill_at_least(packed::HEAD)?;
        let name = match input {
            InputPath::File(_) => Some(input.display_name()),
            InputPath::Stdin => None,
        };
        // What the text is packed in, if anything that is unpacked here.
        let mut inside = None;
        let head = &source.buf[..source.end];
        if head.starts_with(&[0x1f, 0x8b]) {
            let prefix = io::Cursor::new(head.to_vec());
            let raw = std::mem::replace(&mut source.reader, Box::new(io::empty()));
            source.reader = Box::new(flate2::read::MultiGzDecoder::new(prefix.chain(raw)));
            inside = Some(Unpacked::Gzip);
        } else if let (Some(Packed::Zip), InputPath::File(path), Some(name)) =
            (Packed::of(head), input, &name)
            && source.size.is_some()
        {
            // The archive is read again from its start, on its own thread: its bytes count
            // from there.
            consumed.fetch_sub(source.end as u64, Ordering::Relaxed);
            let archive = Counting {
                inner: File::open(path)?,
                consumed,
            };
            source.reader = packed::zip_member(archive, name)?;
            inside = Some(Unpacked::Zip);
        }
        if inside.is_some() {
            (source.pos, source.end, source.eof, source.size) = (0, 0, false, None);
            source.ranged = None;
            source.fill_at_least(packed::HEAD)?;
        }
        let head = &source.buf[..source.end];
        if let Some(kind) = Packed::of(head) {
            return Err(kind.refusal(name.as_deref(), inside));
        }
        let utf16 = if head.starts_with(&[0xff, 0xfe]) || head.starts_with(&[0xfe, 0xff]) {
            Some(("UTF-16", "it starts with a UTF-16 byte-order mark"))
        } else {
            utf16_without_mark(head).map(|name| (name, "every other byte is a zero"))
        };
        if let Some((name, why)) = utf16 {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "is {name} text ({why}); only UTF-8 and ASCII are read: convert it first, \
                     e.g. `iconv -f {name} -t UTF-8`"
                ),
            ));
        }
        source.detect_line_ends()?;
        source.read_documents_as_lines()?;
        Ok(source)
    }

    /// A JSON document (see [`super::document`]) is read as the JSON Lines it holds, what is
    /// buffered included: as a stream, since its text is no longer the file's bytes.
    fn read_documents_as_lines(&mut self) -> io::Result<()> {
        let head = &self.buf[self.pos..self.end];
        if !super::document::is_document(head) {
            return Ok(());
        }
        let depth = super::document::record_depth(head);
        let buffered = io::Cursor::new(head.to_vec());
        let rest = std::mem::replace(&mut self.reader, Box::new(io::empty()));
        let document = super::document::Document::new(buffered.chain(rest), depth);
        self.reader = Box::new(document);
        (self.pos, self.end, self.eof, self.size) = (0, 0, false, None);
        self.ranged = None;
        self.fill_at_least(packed::HEAD)
    }

    /// Finds how the lines end from the first bytes, and reads them so from here on.
    fn detect_line_ends(&mut self) -> io::Result<()> {
        self.fill_to_a_line_feed()?;
        let line_ends = LineEnds::of(&self.buf[self.pos..self.end]);
        self.set_line_ends(line_ends);
        Ok(())
    }

    /// How the input's lines end (see [`LineEnds`]).
    pub fn line_ends(&self) -> LineEnds {
        self.line_ends
    }

    /// Bytes a regular file had gained past its size when opened, seen when it was read to
    /// that size (0 when it had not, or is no regular file): bytes the run did not answer.
    pub(crate) fn grew(&self) -> u64 {
        self.grew.load(Ordering::Relaxed)
    }

    /// Reads until an LF is buffered, the buffer is full, or the input ends: enough to tell
    /// how the lines end. (A terminal's or a pipe's first line ends in an LF, so nothing waits
    /// longer than for that line.)
    fn fill_to_a_line_feed(&mut self) -> io::Result<()> {
        while memchr::memchr(b'\n', &self.buf[self.pos..self.end]).is_none()
            && !self.eof
            && self.end - self.pos < self.buf.len()
        {
            self.fill_at_least(self.end - self.pos + 1)?;
        }
        Ok(())
    }

    /// Reads the lines as ending in `line_ends` from here on, what is buffered included.
    fn set_line_ends(&mut self, line_ends: LineEnds) {
        self.line_ends = line_ends;
        if line_ends == LineEnds::Cr {
            for byte in &mut self.buf[self.pos..self.end] {
                if *byte == b'\r' {
                    *byte = b'\n';
                }
            }
            let reader = std::mem::replace(&mut self.reader, Box::new(io::empty()));
            self.reader = line_ends.wrap(reader);
            // Its bytes on disk are not the text the lines are read from.
            self.ranged = None;
        }
    }

    /// Opens the bytes `range` of a regular file, as they are: a shard's part of an input
    /// (see [`crate::run::shard`]), whose whole was opened with [`Source::open`] first.
    pub fn open_part(
        path: &Path,
        range: Range<u64>,
        line_ends: LineEnds,
        consumed: Arc<AtomicU64>,
        recycled: Recycled,
    ) -> io::Result<Source> {
        let mut file = File::open(path)?;
        file.seek(io::SeekFrom::Start(range.start))?;
        let len = range.end - range.start;
        let ranged = Ranged {
            file: Arc::new(file.try_clone()?),
            base: range.start,
            consumed: consumed.clone(),
            started: false,
            whole: false,
        };
        let counted = Box::new(Counting {
            inner: AsOpened::new(file, len, Arc::default()),
            consumed,
        });
        let mut source = Source::with(counted, recycled, Some(len));
        source.ranged = Some(ranged);
        source.set_line_ends(line_ends);
        Ok(source)
    }

    /// Reads from any reader, as it is (no gzip or UTF-16 check), its line ends found from its
    /// first bytes: for text already in memory, or a stream the caller opened.
    pub fn from_reader(reader: Box<dyn Read + Send>) -> io::Result<Source> {
        let mut source = Source::with(reader, Recycled::default(), None);
        source.detect_line_ends()?;
        Ok(source)
    }

    /// Reads from any reader, its lines ending as `line_ends` say: a part of an input whose
    /// line ends were found at its start.
    pub(crate) fn from_reader_ending(reader: Box<dyn Read + Send>, line_ends: LineEnds) -> Source {
        let mut source = Source::with(reader, Recycled::default(), None);
        source.set_line_ends(line_ends);
        source
    }

    fn with(reader: Box<dyn Read + Send>, recycled: Recycled, size: Option<u64>) -> Source {
        let mut buf = recycled.0;
        buf.resize(READ_SIZE, 0);
        Source {
            reader,
            buf,
            pos: 0,
            end: 0,
            eof: false,
            size,
            taken: 0,
            line_ends: LineEnds::Lf,
            grew: Arc::default(),
            ranged: None,
        }
    }

    /// True when the rest of the input can be read by ranges ([`Source::take_range`]): it is
    /// a regular file read as its bytes on disk (not unpacked, transcoded or a document).
    pub(crate) fn reads_by_ranges(&self) -> bool {
        self.ranged.is_some()
    }

    /// The next `max_bytes` of the text (fewer at its end), for a worker to read itself
    /// ([`TextRange::read_into`]): nothing is read here, so that no thread touches every byte
    /// of the input. From the first range on, what is buffered is dropped (it is read again by
    /// range), and every later read is by range. `None` at the end of the text, where a file
    /// that grew since it was opened says so ([`Source::grew`]). Only where
    /// [`Source::reads_by_ranges`].
    pub(crate) fn take_range(&mut self, max_bytes: usize) -> Option<TextRange> {
        let size = self.size.expect("a regular file's size is known");
        let ranged = self.ranged.as_mut().expect("read by ranges");
        if !ranged.started {
            // Bytes buffered but not taken were counted as read; their range counts them.
            let buffered = (self.end - self.pos) as u64;
            ranged.consumed.fetch_sub(buffered, Ordering::Relaxed);
            (self.pos, self.end, self.eof) = (0, 0, true);
        }
        let start = self.taken;
        let len = (size - start).min(max_bytes.max(1) as u64);
        if len == 0 {
            if let (true, Ok(meta)) = (ranged.whole, ranged.file.metadata()) {
                let past = meta.len().saturating_sub(ranged.base + size);
                self.grew.store(past, Ordering::Relaxed);
            }
            return None;
        }
        self.taken += len;
        ranged.consumed.fetch_add(len, Ordering::Relaxed);
        let at_line_start = !ranged.started;
        ranged.started = true;
        Some(TextRange {
            file: ranged.file.clone(),
            start: ranged.base + start,
            end: ranged.base + start + len,
            text_end: ranged.base + size,
            at_line_start,
        })
    }

    /// Bytes of the text handed out so far by [`Source::read_line`] and
    /// [`Source::read_block`], line ends included: where the next line starts.
    pub fn position(&self) -> u64 {
        self.taken
    }

    /// Gives the buffer back, for the next input.
    pub(crate) fn recycle(self) -> Recycled {
        Recycled(self.buf)
    }

    /// Reads until at least `n` bytes are buffered or the input ends.
    fn fill_at_least(&mut self, n: usize) -> io::Result<()> {
        while self.end - self.pos < n && !self.eof {
            if self.pos > 0 {
                self.buf.copy_within(self.pos..self.end, 0);
                (self.end, self.pos) = (self.end - self.pos, 0);
            }
            if self.end == self.buf.len() {
                break; // full: nothing more fits
            }
            self.end += read_once(&mut *self.reader, &mut self.buf[self.end..], &mut self.eof)?;
        }
        Ok(())
    }

    /// Appends the next line's text (without its line end: LF, or CR LF) to `out`. At most
    /// [`MAX_LINE`] bytes are kept; the rest of a longer line is read and dropped, and the
    /// answer says so. `None` at the end of the input.
    pub fn read_line(&mut self, out: &mut Vec<u8>) -> io::Result<Option<LineEnd>> {
        let start = out.len();
        let mut any = false;
        let mut too_long = false;
        loop {
            if self.pos == self.end {
                (self.pos, self.end) = (0, 0);
                self.fill_at_least(1)?;
                if self.end == 0 {
                    break;
                }
            }
            any = true;
            let available = &self.buf[self.pos..self.end];
            let (part, used, done) = match memchr::memchr(b'\n', available) {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            let room = MAX_LINE.saturating_sub(out.len() - start);
            too_long |= part.len() > room;
            out.extend_from_slice(&part[..part.len().min(room)]);
            self.pos += used;
            self.taken += used as u64;
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        if out.len() > start && out.last() == Some(&b'\r') && !too_long {
            out.pop();
        }
        Ok(Some(if too_long {
            LineEnd::TooLong
        } else {
            LineEnd::Whole
        }))
    }
}

impl Source {
    /// Appends whole lines to `out`, as they are (line ends included), at most about
    /// `max_bytes` of them but at least one line: the reader's share of framing a layout whose
    /// records are lines, which the workers then frame (`super::Chunk::frame`). Returns the
    /// number of lines and bytes taken, `Some((0, 0))` at the end of the input, or `None` when
    /// the next line is longer than `max_bytes`: read that one with [`Source::read_line`],
    /// which caps it at [`MAX_LINE`].
    ///
    /// What is buffered is copied, and the rest of the block is read from the file straight
    /// into `out`: a block's bytes are copied once on their way from the page cache to the
    /// workers, and a block of a file is as large as asked, whatever the reads left buffered.
    pub fn read_block(
        &mut self,
        out: &mut Vec<u8>,
        max_bytes: usize,
    ) -> io::Result<Option<(u64, usize)>> {
        let start = out.len();
        let max_bytes = max_bytes.max(1);
        loop {
            let buffered = &self.buf[self.pos..self.end];
            let take = buffered.len().min(max_bytes);
            out.extend_from_slice(&buffered[..take]);
            self.pos += take;
            // A stream gives lines as they come: with one buffered, it is not waited on. (A
            // file's block is filled whatever is buffered, so only a stream's is searched.)
            let waits = self.size.is_none() && memchr::memrchr(b'\n', &out[start..]).is_some();
            if take < max_bytes && !self.eof && !waits {
                let read_to = out.len();
                out.resize(start + max_bytes, 0);
                let read = read_once(&mut *self.reader, &mut out[read_to..], &mut self.eof);
                out.truncate(read_to + *read.as_ref().unwrap_or(&0));
                if let Err(e) = read {
                    self.unread(start, out);
                    return Err(e);
                }
            }
            let block = &out[start..];
            if let Some(last) = memchr::memrchr(b'\n', block) {
                self.unread(start + last + 1, out);
                let block = &out[start..];
                let lines = memchr::memchr_iter(b'\n', block).count() as u64;
                self.taken += block.len() as u64;
                return Ok(Some((lines, block.len())));
            }
            if self.eof && self.pos == self.end {
                // The last line, without a line end (or nothing at all). (With bytes still
                // buffered, the block ended inside a line, which goes on there.)
                let rest = block.len();
                self.taken += rest as u64;
                return Ok(Some((u64::from(rest > 0), rest)));
            }
            let partial = block.len();
            self.unread(start, out);
            if partial == max_bytes {
                return Ok(None); // the next line is longer than the block
            }
            // A stream gave part of a line: read on behind it.
        }
    }

    /// Puts `out[from..]` back in front of what is buffered (to be read again), and cuts it
    /// from `out`.
    fn unread(&mut self, from: usize, out: &mut Vec<u8>) {
        let back = &out[from..];
        if back.len() <= self.pos {
            // Most often the bytes just taken from the buffer, still there.
            self.pos -= back.len();
            self.buf[self.pos..self.pos + back.len()].copy_from_slice(back);
        } else {
            let mut buf = Vec::with_capacity(self.buf.len().max(back.len() + self.end - self.pos));
            buf.extend_from_slice(back);
            buf.extend_from_slice(&self.buf[self.pos..self.end]);
            let len = buf.len();
            buf.resize(buf.capacity(), 0);
            (self.buf, self.pos, self.end) = (buf, 0, len);
        }
        out.truncate(from);
    }
}

/// `UTF-16LE` or `UTF-16BE` when `head` reads as text in that encoding written without a
/// byte-order mark (what Windows tools and some exports write): ASCII text in it has a zero
/// byte beside every character. Nine in ten pairs of bytes so (a few characters may be other
/// than ASCII), over eight pairs at least, so that binary with a few zeros is not taken for it.
fn utf16_without_mark(head: &[u8]) -> Option<&'static str> {
    let pairs = head.len() / 2;
    if pairs < 8 {
        return None;
    }
    let count = |zero: usize| {
        let chunks = head.chunks_exact(2);
        chunks.filter(|p| p[zero] == 0 && p[1 - zero] != 0).count()
    };
    let most = |n: usize| n * 10 >= pairs * 9;
    match (most(count(1)), most(count(0))) {
        (true, _) => Some("UTF-16LE"),
        (_, true) => Some("UTF-16BE"),
        _ => None,
    }
}

/// One read from `reader` into `into`, retried when interrupted; a read of nothing is the
/// end, noted in `eof`.
fn read_once(reader: &mut dyn Read, into: &mut [u8], eof: &mut bool) -> io::Result<usize> {
    loop {
        match reader.read(into) {
            Ok(0) => {
                *eof = true;
                return Ok(0);
            }
            Ok(k) => return Ok(k),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// How a line read ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineEnd {
    /// The whole line was kept.
    Whole,
    /// It went past [`MAX_LINE`]: only its start was kept.
    TooLong,
}

/// A byte range of a regular file's text, to be read by a worker: the lines that start in it,
/// the last of them read on past its end to its own. Ranges cut the text anywhere: a line that
/// starts in one range is that range's, and the next skips what is left of it.
#[derive(Debug, Clone)]
pub(crate) struct TextRange {
    file: Arc<File>,
    /// Offsets in the file.
    start: u64,
    end: u64,
    /// Where the text ends in the file: its size when opened (the part's end, for a shard).
    text_end: u64,
    /// `start` is a line's first byte (the first range, taken at a line's start).
    at_line_start: bool,
}

/// Bytes read at a time past a range's end, to finish its last line.
const PAST_END: usize = 64 << 10;

impl TextRange {
    /// Reads the range's lines into `out` (cleared first), line ends included; returns where
    /// the first of them starts in `out` (bytes before it are the end of a line begun in the
    /// range before). A line past [`MAX_LINE`] is kept to `MAX_LINE + 1` bytes, enough to
    /// tell that it is too long, and read on (not kept) to its end. Fails if the file ends
    /// before the size it had when opened, as [`AsOpened`] does.
    pub(crate) fn read_into(&self, out: &mut Vec<u8>) -> io::Result<usize> {
        out.clear();
        let from = if self.at_line_start {
            self.start
        } else {
            self.start - 1
        };
        self.read_at(out, from, self.end)?;
        let first = if self.at_line_start {
            0
        } else {
            // The line the byte before the range ends: the first line of the range follows.
            match memchr::memchr(b'\n', out) {
                Some(i) if i + 1 < out.len() => i + 1,
                // No line starts in the range.
                _ => {
                    out.clear();
                    return Ok(0);
                }
            }
        };
        if out.last() == Some(&b'\n') {
            return Ok(first);
        }
        // The last line goes on past the range: read on to its end.
        let line_start = memchr::memrchr(b'\n', &out[first..]).map_or(first, |i| first + i + 1);
        let mut at = self.end;
        while at < self.text_end {
            let to = (at + PAST_END as u64).min(self.text_end);
            let before = out.len();
            self.read_at(out, at, to)?;
            at = to;
            let ended = memchr::memchr(b'\n', &out[before..]);
            if let Some(i) = ended {
                out.truncate(before + i + 1);
            }
            // Past the limit, the line's bytes are not kept.
            out.truncate(out.len().min(line_start + MAX_LINE + 1));
            if ended.is_some() {
                break;
            }
        }
        Ok(first)
    }

    /// Appends the file's bytes `from..to` to `out`.
    fn read_at(&self, out: &mut Vec<u8>, from: u64, to: u64) -> io::Result<()> {
        use std::os::unix::fs::FileExt;
        let start = out.len();
        let len = (to - from) as usize;
        out.resize(start + len, 0);
        let mut done = 0;
        while done < len {
            match self
                .file
                .read_at(&mut out[start + done..], from + done as u64)
            {
                Ok(0) => {
                    out.truncate(start + done);
                    let now = self.file.metadata().map_or(from + done as u64, |m| m.len());
                    return Err(shrank(self.text_end, now));
                }
                Ok(n) => done += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    out.truncate(start + done);
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}

/// The error of a file that ended before the size it had when opened (`size`), `now` bytes.
fn shrank(size: u64, now: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::UnexpectedEof,
        format!(
            "it shrank while it was read: {size} bytes when opened, {now} now, so an answer key would cover only part of it"
        ),
    )
}

/// A regular file read as it was when opened: its first `size` bytes, however it grows while
/// it is read (a generator still writing it), so that the answer key covers the file that was
/// named, as it was. If it ends sooner (cut short, or replaced by a shorter one under the run),
/// the read fails: a key of part of it would pass for the whole. Bytes added past the size are
/// counted in `grew`, for a warning.
struct AsOpened {
    file: File,
    size: u64,
    read: u64,
    grew: Arc<AtomicU64>,
}

impl AsOpened {
    fn new(file: File, size: u64, grew: Arc<AtomicU64>) -> AsOpened {
        AsOpened {
            file,
            size,
            read: 0,
            grew,
        }
    }
}

impl Read for AsOpened {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.size - self.read;
        if left == 0 {
            if let Ok(meta) = self.file.metadata() {
                let past = meta.len().saturating_sub(self.size);
                self.grew.store(past, Ordering::Relaxed);
            }
            return Ok(0);
        }
        let room = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let n = self.file.read(&mut buf[..room])?;
        if n == 0 && room > 0 {
            let now = self.file.metadata().map_or(self.read, |m| m.len());
            return Err(shrank(self.size, now));
        }
        self.read += n as u64;
        Ok(n)
    }
}

/// A reader that counts the bytes it hands out (for progress).
struct Counting<R> {
    inner: R,
    consumed: Arc<AtomicU64>,
}

/// Seeks are not counted: only the bytes read are.
impl<R: Seek> Seek for Counting<R> {
    fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
        self.inner.seek(to)
    }
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.consumed.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(bytes: &[u8]) -> Source {
        Source {
            reader: Box::new(io::Cursor::new(bytes.to_vec())),
            buf: vec![0; 7], // a tiny buffer: lines cross refills
            pos: 0,
            end: 0,
            eof: false,
            size: None,
            taken: 0,
            line_ends: LineEnds::Lf,
            grew: Arc::default(),
            ranged: None,
        }
    }

    fn lines(bytes: &[u8]) -> Vec<(Vec<u8>, LineEnd)> {
        let mut s = source(bytes);
        let mut out = Vec::new();
        loop {
            let mut line = Vec::new();
            match s.read_line(&mut line).unwrap() {
                Some(end) => out.push((line, end)),
                None => return out,
            }
        }
    }

    #[test]
    fn splits_lf_and_crlf_and_a_last_line_without_newline() {
        let got = lines(b"a\r\nbbbbbbbbbbbb\n\nc\rd\nlast");
        let texts: Vec<&[u8]> = got.iter().map(|(t, _)| t.as_slice()).collect();
        assert_eq!(texts, [&b"a"[..], b"bbbbbbbbbbbb", b"", b"c\rd", b"last"]);
        assert!(lines(b"").is_empty());
        assert_eq!(lines(b"\n").len(), 1);
    }

    /// A source of `bytes` that knows its size, as a regular file does.
    fn file(bytes: &[u8]) -> Source {
        Source {
            size: Some(bytes.len() as u64),
            ..source(bytes)
        }
    }

    /// A reader that gives one piece (or error) per read, as much of it as fits, then the end,
    /// and counts its reads.
    struct Pieces {
        pieces: std::collections::VecDeque<io::Result<Vec<u8>>>,
        reads: Arc<AtomicU64>,
    }

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.reads.fetch_add(1, Ordering::Relaxed);
            let mut piece = self.pieces.pop_front().unwrap_or(Ok(Vec::new()))?;
            if piece.len() > buf.len() {
                // What does not fit is the next read's.
                self.pieces.push_front(Ok(piece.split_off(buf.len())));
            }
            buf[..piece.len()].copy_from_slice(&piece);
            Ok(piece.len())
        }
    }

    /// A source that reads `pieces` (a stream of unknown size unless `size`), and its reads.
    fn pieces(pieces: Vec<io::Result<&[u8]>>, size: Option<u64>) -> (Source, Arc<AtomicU64>) {
        let reads = Arc::new(AtomicU64::new(0));
        let pieces = pieces.into_iter().map(|p| p.map(<[u8]>::to_vec)).collect();
        let reader = Pieces {
            pieces,
            reads: reads.clone(),
        };
        let source = Source {
            reader: Box::new(reader),
            size,
            ..source(b"")
        };
        (source, reads)
    }

    #[test]
    fn blocks_are_whole_lines_and_a_line_too_wide_is_left_to_read_line() {
        let mut s = file(b"ab\ncd\nefghijklmn\nz");
        let mut out = Vec::new();
        assert_eq!(s.read_block(&mut out, 8).unwrap(), Some((2, 6)));
        assert_eq!(out, b"ab\ncd\n");
        // 11 bytes with no line end do not fit a block of 8.
        assert_eq!(s.read_block(&mut out, 8).unwrap(), None);
        assert_eq!(out, b"ab\ncd\n", "nothing of the long line is taken");
        let mut line = Vec::new();
        assert_eq!(s.read_line(&mut line).unwrap(), Some(LineEnd::Whole));
        assert_eq!(line, b"efghijklmn");
        out.clear();
        assert_eq!(s.read_block(&mut out, 8).unwrap(), Some((1, 1)));
        assert_eq!(out, b"z", "the last line needs no line end");
        assert_eq!(s.read_block(&mut out, 8).unwrap(), Some((0, 0)));
    }

    #[test]
    fn a_block_of_a_file_is_as_large_as_asked_whatever_the_buffer_holds() {
        let text = b"12345\n".repeat(30);
        let mut s = file(&text);
        let mut out = Vec::new();
        // 16 whole lines fit 100 bytes, though the buffer holds 7.
        assert_eq!(s.read_block(&mut out, 100).unwrap(), Some((16, 96)));
        // A line longer than the buffer but not the block is a block's line like any other.
        let mut s = file(b"ab\nefghijklmn\nz\n");
        out.clear();
        assert_eq!(s.read_block(&mut out, 100).unwrap(), Some((3, 16)));
        // Blocks one after another give the text back whole, whatever their size.
        for size in 1..40 {
            let text: Vec<u8> = (0..200u8)
                .map(|i| if i % 11 == 0 { b'\n' } else { b'a' + i % 26 })
                .collect();
            let mut s = file(&text);
            let mut all = Vec::new();
            let mut line = Vec::new();
            loop {
                match s.read_block(&mut all, size).unwrap() {
                    Some((0, 0)) => break,
                    Some(_) => {}
                    None => {
                        line.clear();
                        s.read_line(&mut line).unwrap();
                        all.extend_from_slice(&line);
                        if s.position() > all.len() as u64 {
                            all.push(b'\n');
                        }
                    }
                }
                assert_eq!(s.position(), all.len() as u64, "block size {size}");
            }
            assert_eq!(all, text, "block size {size}");
        }
    }

    #[test]
    fn a_stream_hands_out_the_lines_it_has_without_waiting_for_more() {
        let (mut s, reads) = pieces(vec![Ok(b"ab\nc"), Ok(b"d"), Ok(b"\ne\n")], None);
        let mut out = Vec::new();
        assert_eq!(s.read_block(&mut out, 100).unwrap(), Some((1, 3)));
        assert_eq!(reads.load(Ordering::Relaxed), 1, "a pipe is not read again");
        out.clear();
        // Part of a line: read on until a line ends, and take every whole line read.
        assert_eq!(s.read_block(&mut out, 100).unwrap(), Some((2, 5)));
        assert_eq!(out, b"cd\ne\n");
        assert_eq!(reads.load(Ordering::Relaxed), 3);
        assert_eq!(s.read_block(&mut out, 100).unwrap(), Some((0, 0)));
    }

    #[test]
    fn lines_already_buffered_are_handed_out_before_a_stream_is_read_again() {
        // Detection reads an input's first lines one by one, which fills the buffer: a stream's
        // next block takes what is buffered, and is not held up by a read that could wait.
        // The first read fills the 7-byte buffer: `a\nbb\ncc`.
        let (mut s, reads) = pieces(vec![Ok(b"a\nbb\nccc\nd"), Ok(b"d\n")], None);
        let mut line = Vec::new();
        assert_eq!(s.read_line(&mut line).unwrap(), Some(LineEnd::Whole));
        let mut out = Vec::new();
        assert_eq!(s.read_block(&mut out, 100).unwrap(), Some((1, 3)));
        assert_eq!(out, b"bb\n");
        assert_eq!(reads.load(Ordering::Relaxed), 1);
        // A file's block, though, is filled up to the size asked.
        let (mut s, reads) = pieces(vec![Ok(b"a\nbb\nccc\nd"), Ok(b"d\n")], Some(14));
        s.read_line(&mut line).unwrap();
        out.clear();
        assert_eq!(s.read_block(&mut out, 100).unwrap(), Some((2, 7)));
        assert_eq!(out, b"bb\nccc\n");
        assert_eq!(reads.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn a_line_wider_than_the_block_is_not_cut_when_the_rest_is_buffered() {
        // The whole text buffered and the end seen (as when line ends are looked for): the
        // line after `ab` is wider than a block, and goes to `read_line` whole.
        let mut s = Source {
            buf: vec![0; 64],
            ..source(b"ab\ncdefghij\nk")
        };
        s.fill_at_least(64).unwrap();
        assert!(s.eof);
        let mut out = Vec::new();
        assert_eq!(s.read_block(&mut out, 4).unwrap(), Some((1, 3)));
        assert_eq!(s.read_block(&mut out, 4).unwrap(), None);
        let mut line = Vec::new();
        s.read_line(&mut line).unwrap();
        assert_eq!(line, b"cdefghij");
        out.clear();
        assert_eq!(s.read_block(&mut out, 4).unwrap(), Some((1, 1)));
        assert_eq!(out, b"k");
    }

    #[test]
    fn lines_that_end_in_cr_alone_are_read_as_lines() {
        // CR alone (old Mac files): each CR ends a line, in what was buffered to find that out
        // and in what is read after, through blocks and lines alike.
        let text = b"ab\rcd\r\ref\rgh".repeat(20);
        let mut s = Source::from_reader(Box::new(io::Cursor::new(text.clone()))).unwrap();
        assert_eq!(s.line_ends(), LineEnds::Cr);
        let mut out = Vec::new();
        while s.read_block(&mut out, 9).unwrap() != Some((0, 0)) {}
        let want: Vec<u8> = text
            .iter()
            .map(|&b| if b == b'\r' { b'\n' } else { b })
            .collect();
        assert_eq!(out, want);
        // A CR inside an LF or CR LF text is a character of its line.
        for text in [&b"a\rb\nc\n"[..], b"a\r\nb\rc\r\n", b"no line end at all"] {
            let s = Source::from_reader(Box::new(io::Cursor::new(text.to_vec()))).unwrap();
            assert_eq!(s.line_ends(), LineEnds::Lf, "{text:?}");
        }
    }

    #[test]
    fn utf16_without_a_byte_order_mark_is_recognised() {
        let utf16 = |big: bool| -> Vec<u8> {
            let text = "..3.2.6..9..3.5..1\n";
            let units = text.encode_utf16();
            units
                .flat_map(|u| {
                    if big {
                        u.to_be_bytes()
                    } else {
                        u.to_le_bytes()
                    }
                })
                .collect()
        };
        assert_eq!(utf16_without_mark(&utf16(false)), Some("UTF-16LE"));
        assert_eq!(utf16_without_mark(&utf16(true)), Some("UTF-16BE"));
        // Text, and binary with a few zeros, are not.
        assert_eq!(utf16_without_mark(b"..3.2.6..9..3.5..1\n"), None);
        assert_eq!(utf16_without_mark(b"\0a\0b\0c\0d\0\0\0\0xyzxyzxyz"), None);
        assert_eq!(utf16_without_mark(b"a\0b\0"), None, "too short to tell");
    }

    #[test]
    fn a_failed_read_loses_nothing() {
        let failed = io::Error::other("disk on fire");
        let (mut s, _) = pieces(vec![Ok(b"ab\ncd"), Err(failed), Ok(b"e\n")], Some(9));
        let mut out = Vec::new();
        assert_eq!(s.read_block(&mut out, 100).unwrap(), Some((1, 3)));
        assert!(s.read_block(&mut out, 100).is_err());
        assert_eq!(out, b"ab\n", "nothing of the failed block is kept");
        assert_eq!(s.read_block(&mut out, 100).unwrap(), Some((1, 4)));
        assert_eq!(out, b"ab\ncde\n");
        assert_eq!(s.position(), 7);
    }

    #[test]
    fn the_position_is_where_the_next_line_starts() {
        let mut s = source(b"ab\r\n\nc\rd\nlast");
        let mut line = Vec::new();
        let mut positions = Vec::new();
        while s.read_line(&mut line).unwrap().is_some() {
            positions.push(s.position());
        }
        assert_eq!(positions, [4, 5, 9, 13]);
        let mut s = source(b"ab\ncd\nefg");
        s.read_block(&mut line, 100).unwrap();
        assert_eq!(s.position(), 6);
        s.read_block(&mut line, 100).unwrap();
        assert_eq!(s.position(), 9);
    }

    #[test]
    fn caps_long_lines() {
        // Every length from the limit to a buffer's width past it, so that the line end falls
        // at every place in a read.
        for len in MAX_LINE..MAX_LINE + 8 {
            let mut input = vec![b'1'; len];
            input.extend_from_slice(b"\nok\n");
            let got = lines(&input);
            assert_eq!(got.len(), 2);
            let end = if len > MAX_LINE {
                LineEnd::TooLong
            } else {
                LineEnd::Whole
            };
            assert_eq!((got[0].0.len(), got[0].1), (MAX_LINE, end), "{len}");
            assert_eq!(
                (got[1].0.as_slice(), got[1].1),
                (&b"ok"[..], LineEnd::Whole)
            );
        }
    }

    #[test]
    fn an_empty_line_leaves_the_text_before_it_alone() {
        // Only the line's own CR goes: one at the end of earlier text stays.
        let mut s = source(b"\n\r\n");
        let mut out = b"a\r".to_vec();
        assert_eq!(s.read_line(&mut out).unwrap(), Some(LineEnd::Whole));
        assert_eq!(s.read_line(&mut out).unwrap(), Some(LineEnd::Whole));
        assert_eq!(out, b"a\r");
    }

    #[test]
    fn the_limit_counts_only_the_line_being_read() {
        // Appended after text already there (as a chunk's lines are), a line at the limit
        // is whole.
        let mut input = b"first\n".to_vec();
        input.extend(vec![b'1'; MAX_LINE]);
        input.push(b'\n');
        let mut s = source(&input);
        let mut out = Vec::new();
        assert_eq!(s.read_line(&mut out).unwrap(), Some(LineEnd::Whole));
        assert_eq!(s.read_line(&mut out).unwrap(), Some(LineEnd::Whole));
        assert_eq!(out.len(), 5 + MAX_LINE);
    }

    /// Hands out its bytes with a fault before each read: `Interrupted` (a signal arrived),
    /// then, once the bytes are out, another kind.
    struct Faulty {
        bytes: io::Cursor<Vec<u8>>,
        fault_next: bool,
    }

    impl Read for Faulty {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.fault_next = !self.fault_next;
            let done = self.bytes.position() == self.bytes.get_ref().len() as u64;
            match (self.fault_next, done) {
                (true, false) => Err(io::ErrorKind::Interrupted.into()),
                (true, true) => Err(io::Error::other("the disk went away")),
                (false, _) => self.bytes.read(buf),
            }
        }
    }

    #[test]
    fn an_interrupted_read_is_retried_and_any_other_error_is_returned() {
        let mut s = Source::from_reader_ending(
            Box::new(Faulty {
                bytes: io::Cursor::new(b"a\nb".to_vec()),
                fault_next: false,
            }),
            LineEnds::Lf,
        );
        let mut line = Vec::new();
        assert_eq!(s.read_line(&mut line).unwrap(), Some(LineEnd::Whole));
        assert_eq!(line, b"a");
        line.clear();
        let error = s.read_line(&mut line).unwrap_err();
        assert_eq!(error.to_string(), "the disk went away");
        // A block's read straight into the chunk, likewise.
        let interrupted = io::Error::from(io::ErrorKind::Interrupted);
        let (mut s, reads) = pieces(vec![Err(interrupted), Ok(b"ab\n")], Some(3));
        let mut out = Vec::new();
        assert_eq!(s.read_block(&mut out, 100).unwrap(), Some((1, 3)));
        assert_eq!(reads.load(Ordering::Relaxed), 2);
    }
}
