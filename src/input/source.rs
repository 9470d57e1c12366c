//! Opening inputs (files, stdin, gzip) and reading lines with a bound on their length.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where puzzles come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputPath {
    Stdin,
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

    /// The name used in messages.
    pub fn display_name(&self) -> String {
        match self {
            InputPath::Stdin => "<stdin>".to_string(),
            InputPath::File(p) => p.display().to_string(),
        }
    }

    /// The size on disk, when it is a regular file.
    pub fn size(&self) -> Option<u64> {
        match self {
            InputPath::File(p) => std::fs::metadata(p)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len()),
            InputPath::Stdin => None,
        }
    }
}

/// Lines longer than this are not kept: such a record is malformed, and memory stays bounded.
pub const MAX_LINE: usize = 64 * 1024;

/// Opens an input for reading, decompressing gzip (recognised by its magic bytes) on the fly.
/// Every byte read from the underlying file or pipe is added to `consumed`. Also returns the
/// size of its text, when that is known in advance (a regular file, not compressed).
pub fn open(
    input: &InputPath,
    consumed: Arc<AtomicU64>,
) -> io::Result<(Box<dyn BufRead + Send>, Option<u64>)> {
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
            Box::new(file)
        }
    };
    let mut reader = BufReader::with_capacity(
        256 * 1024,
        Counting {
            inner: raw,
            consumed,
        },
    );
    let gzip = reader.fill_buf()?.starts_with(&[0x1f, 0x8b]);
    Ok(if gzip {
        let text = flate2::bufread::MultiGzDecoder::new(reader);
        (Box::new(BufReader::with_capacity(256 * 1024, text)), None)
    } else {
        (Box::new(reader), input.size())
    })
}

/// A reader that counts the bytes it hands out (for progress).
struct Counting<R> {
    inner: R,
    consumed: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.consumed.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// One line as read: its text without the line ending (CR LF or LF), or `TooLong` when it
/// went past [`MAX_LINE`] (then the text holds only the start, and the rest was skipped).
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Text,
    TooLong,
}

/// Reads the next line into `buf` (cleared first). `None` at the end of the input.
pub fn read_line(reader: &mut dyn BufRead, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let (part, used, done) = match memchr::memchr(b'\n', available) {
            Some(i) => (&available[..i], i + 1, true),
            None => (available, available.len(), false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        if part.len() > room {
            too_long = true;
        }
        buf.extend_from_slice(&part[..part.len().min(room)]);
        reader.consume(used);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(if too_long { Line::TooLong } else { Line::Text }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(Vec<u8>, Line)> {
        let mut r: &[u8] = input;
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(kind) = read_line(&mut r, &mut buf).unwrap() {
            out.push((buf.clone(), kind));
        }
        out
    }

    #[test]
    fn splits_lf_and_crlf_and_a_last_line_without_newline() {
        let got = lines(b"a\r\nbb\n\nc");
        let texts: Vec<&[u8]> = got.iter().map(|(t, _)| t.as_slice()).collect();
        assert_eq!(texts, [&b"a"[..], b"bb", b"", b"c"]);
    }

    #[test]
    fn caps_long_lines() {
        let mut input = vec![b'1'; MAX_LINE + 10];
        input.extend_from_slice(b"\nok\n");
        let got = lines(&input);
        assert_eq!(got.len(), 2);
        assert_eq!((got[0].0.len(), &got[0].1), (MAX_LINE, &Line::TooLong));
        assert_eq!((got[1].0.as_slice(), &got[1].1), (&b"ok"[..], &Line::Text));
    }
}
