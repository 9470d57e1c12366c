//! Archives and compressed files: what an input is packed in, by its magic number, and the
//! one archive that is opened here, a zip of one file (Kaggle's puzzle sets download so).
//! Gzip is decompressed by [`super::Source`] itself; the other kinds are refused with the
//! command that unpacks them, since read as text they would give a complaint per line of
//! binary and a key of nothing.

use std::io::{self, Read, Seek};
use std::path::Path;
use std::sync::mpsc::{Receiver, Sender, channel, sync_channel};
use std::thread::JoinHandle;

/// Bytes read before an input's format is decided: enough for every magic number of
/// [`Packed::of`] (a tar archive's header is 512 bytes).
pub(crate) const HEAD: usize = 512;

/// How an input is packed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Packed {
    Zip,
    Tar,
    Xz,
    Bzip2,
    Zstd,
    SevenZip,
    Lz4,
}

impl Packed {
    /// The kind `head` (an input's first bytes, [`HEAD`] of them where it has as many)
    /// starts with, by its magic number.
    pub(crate) fn of(head: &[u8]) -> Option<Packed> {
        // bzip2: `BZh`, the block size, and the magic of a first block or of the end.
        let bzip2 = head.len() >= 10
            && head.starts_with(b"BZh")
            && (b'1'..=b'9').contains(&head[3])
            && [
                [0x31, 0x41, 0x59, 0x26, 0x53, 0x59],
                [0x17, 0x72, 0x45, 0x38, 0x50, 0x90],
            ]
            .contains(&<[u8; 6]>::try_from(&head[4..10]).expect("six bytes"));
        // tar: `ustar` in the first header's magic field (POSIX and GNU tar both), and the
        // header's checksum right, so that no text that happens to hold `ustar` there is taken.
        let tar =
            head.len() >= 512 && &head[257..262] == b"ustar" && tar_checksum_holds(&head[..512]);
        let kind = if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
            Packed::Zip
        } else if head.starts_with(b"\xfd7zXZ\x00") {
            Packed::Xz
        } else if bzip2 {
            Packed::Bzip2
        } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Packed::Zstd
        } else if head.starts_with(b"7z\xbc\xaf\x27\x1c") {
            Packed::SevenZip
        } else if head.starts_with(&[0x04, 0x22, 0x4d, 0x18]) {
            Packed::Lz4
        } else if tar {
            Packed::Tar
        } else {
            return None;
        };
        Some(kind)
    }

    /// What it is, for a message, and the command that writes its text to stdout.
    fn described(self) -> (&'static str, &'static str) {
        match self {
            Packed::Zip => ("a zip archive", "unzip -p"),
            Packed::Tar => ("a tar archive", "tar -xOf"),
            Packed::Xz => ("xz-compressed", "xz -dc"),
            Packed::Bzip2 => ("bzip2-compressed", "bzip2 -dc"),
            Packed::Zstd => ("zstd-compressed", "zstd -dc"),
            Packed::SevenZip => ("a 7-Zip archive", "7z x -so"),
            Packed::Lz4 => ("lz4-compressed", "lz4 -dc"),
        }
    }

    /// The error for an input `name` (a file's, else `None`) packed so, found `inside` a
    /// compression that was undone first ([`Unpacked`]), if any.
    pub(crate) fn refusal(self, name: Option<&str>, inside: Option<Unpacked>) -> io::Error {
        let name = name.unwrap_or("FILE");
        let (what, how) = match (inside, self) {
            (None, _) => (
                self.described().0.to_string(),
                Some(format!("{} {name}", self.described().1)),
            ),
            (Some(Unpacked::Gzip), Packed::Tar) => (
                "a gzipped tar archive".to_string(),
                Some(format!("tar -xzOf {name}")),
            ),
            (Some(outer), _) => (
                format!(
                    "{}-compressed, and inside that {}",
                    outer.name(),
                    self.described().0
                ),
                None,
            ),
        };
        let how = how.map_or(String::new(), |how| {
            format!(", e.g. `{how} | sudoku-batch solve -`")
        });
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "is {what}, which is not read (only text, gzip and a zip of one file are): \
                 unpack it first{how}"
            ),
        )
    }
}

/// A packing that is undone here, before the text is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unpacked {
    Gzip,
    Zip,
}

impl Unpacked {
    /// Its name, for a message.
    fn name(self) -> &'static str {
        match self {
            Unpacked::Gzip => "gzip",
            Unpacked::Zip => "zip",
        }
    }
}

/// A tar header's checksum field (octal, at 148) is the sum of its bytes, the field itself
/// counted as spaces.
fn tar_checksum_holds(header: &[u8]) -> bool {
    let field = &header[148..156];
    let sum: u32 = header.iter().map(|&b| u32::from(b)).sum::<u32>()
        - field.iter().map(|&b| u32::from(b)).sum::<u32>()
        + 8 * u32::from(b' ');
    let digits = field
        .trim_ascii()
        .split(|&b| b == 0)
        .next()
        .unwrap_or_default();
    let stated = std::str::from_utf8(digits)
        .ok()
        .and_then(|d| u32::from_str_radix(d.trim(), 8).ok());
    stated == Some(sum)
}

/// Bytes handed over at a time by the thread that unzips.
const BLOCK: u64 = 256 << 10;

/// The one file of the zip archive `archive` (`name` in messages), decompressed, its
/// checksum checked at its end, on a thread of its own: the reader takes the text in blocks,
/// while the next is unpacked. Directories and the `__MACOSX` copies that macOS adds are not
/// files. An archive of several files is refused with the command that unpacks one.
pub(crate) fn zip_member(
    archive: impl Read + Seek + Send + 'static,
    name: &str,
) -> io::Result<Box<dyn Read + Send>> {
    let mut archive = zip::ZipArchive::new(archive)?;
    let mut files = Vec::new();
    for i in 0..archive.len() {
        let member = archive.name_for_index(i).transpose()?.unwrap_or_default();
        let extra = member.starts_with("__MACOSX/")
            || member
                .rsplit('/')
                .next()
                .is_some_and(|b| b.starts_with("._"));
        if !member.ends_with('/') && !extra {
            // Named in messages as a file is: quoted where it could forge one.
            files.push((i, crate::names::quoted(Path::new(&*member))));
        }
    }
    let index = match files.as_slice() {
        [(index, _)] => *index,
        [] => {
            let why = "is a zip archive with no file in it";
            return Err(io::Error::new(io::ErrorKind::InvalidData, why));
        }
        [(_, first), ..] => {
            let names: Vec<&str> = files.iter().take(3).map(|(_, n)| n.as_str()).collect();
            let more = if files.len() > 3 { ", ..." } else { "" };
            let why = format!(
                "is a zip archive of {} files ({}{more}): unpack the one to read, e.g. \
                 `unzip -p {name} {first} | sudoku-batch solve -`",
                files.len(),
                names.join(", ")
            );
            return Err(io::Error::new(io::ErrorKind::InvalidData, why));
        }
    };
    // Room for two blocks: one being read, one unpacked ahead. The blocks read come back to
    // be filled again, which spares an allocation and fresh pages for each.
    let (blocks, handed) = sync_channel(2);
    let (spent, back) = channel::<Vec<u8>>();
    let name = name.to_string();
    let thread = std::thread::Builder::new()
        .name("unzip".into())
        .spawn(move || {
            let mut member = match archive.by_index(index) {
                Ok(member) => member,
                Err(e) => return drop(blocks.send(Err(e.into()))),
            };
            loop {
                let mut block = back
                    .try_recv()
                    .unwrap_or_else(|_| Vec::with_capacity(BLOCK as usize));
                block.clear();
                let read = (&mut member).take(BLOCK).read_to_end(&mut block);
                let end = matches!(read, Ok(0) | Err(_));
                // The zip crate's words ("Invalid checksum") say what, not where or why.
                let read = read.map_err(|e| {
                    let why = match e.kind() {
                        io::ErrorKind::Unsupported => format!(
                            "the zip archive's file is packed by a method that is not read \
                             ({e}): unpack it first, e.g. `unzip -p {name} | sudoku-batch solve -`"
                        ),
                        _ => format!("the zip archive's file is damaged: {e}"),
                    };
                    io::Error::new(e.kind(), why)
                });
                // An empty block is the end: a reader that saw the thread stop without one
                // knows that the text was cut short.
                if blocks.send(read.map(|_| block)).is_err() || end {
                    return;
                }
            }
        })?;
    Ok(Box::new(Handed {
        blocks: Some(handed),
        spent,
        thread: Some(thread),
        block: Vec::new(),
        at: 0,
        ended: false,
    }))
}

/// The reading end of [`zip_member`]'s thread.
struct Handed {
    /// `None` once dropped, which stops the thread.
    blocks: Option<Receiver<io::Result<Vec<u8>>>>,
    /// Where read blocks go back to.
    spent: Sender<Vec<u8>>,
    thread: Option<JoinHandle<()>>,
    block: Vec<u8>,
    /// Where the next read starts in `block`.
    at: usize,
    /// The end came, or an error: nothing more is read.
    ended: bool,
}

impl Read for Handed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.block.len() && !self.ended {
            self.at = 0;
            let blocks = self.blocks.as_ref().expect("dropped only with the reader");
            match blocks.recv() {
                Ok(Ok(block)) => {
                    self.ended = block.is_empty();
                    let _ = self.spent.send(std::mem::replace(&mut self.block, block));
                }
                Ok(Err(e)) => {
                    self.ended = true;
                    return Err(e);
                }
                Err(_) => {
                    self.ended = true;
                    return Err(io::Error::other("the zip archive's reader stopped"));
                }
            }
        }
        let rest = &self.block[self.at..];
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        Ok(n)
    }
}

/// A reader dropped before the end (a run that stopped, a probe of an input's first lines)
/// stops the thread: its next hand-over fails. It is waited for, so that no thread outlives
/// its input.
impl Drop for Handed {
    fn drop(&mut self) {
        drop(self.blocks.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tar archive's first header, for `name`, with its checksum.
    fn tar_header(name: &str) -> Vec<u8> {
        let mut header = vec![0u8; 512];
        header[..name.len()].copy_from_slice(name.as_bytes());
        header[100..108].copy_from_slice(b"0000644\0");
        header[124..136].copy_from_slice(b"00000000100\0");
        header[148..156].copy_from_slice(b"        ");
        header[156] = b'0';
        header[257..263].copy_from_slice(b"ustar\0");
        let sum: u32 = header.iter().map(|&b| u32::from(b)).sum();
        header[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
        header
    }

    #[test]
    fn packed_files_are_known_by_their_magic_numbers() {
        let with = |magic: &[u8]| {
            let mut head = magic.to_vec();
            head.resize(HEAD, b'1');
            Packed::of(&head)
        };
        assert_eq!(with(b"PK\x03\x04\x14\x00"), Some(Packed::Zip));
        assert_eq!(with(b"PK\x05\x06"), Some(Packed::Zip), "an empty zip");
        assert_eq!(with(b"\xfd7zXZ\x00\x00"), Some(Packed::Xz));
        assert_eq!(with(b"BZh91AY&SY"), Some(Packed::Bzip2));
        let empty_bzip2 = b"BZh1\x17\x72\x45\x38\x50\x90";
        assert_eq!(with(empty_bzip2), Some(Packed::Bzip2));
        assert_eq!(with(&[0x28, 0xb5, 0x2f, 0xfd, 0x04]), Some(Packed::Zstd));
        assert_eq!(with(b"7z\xbc\xaf\x27\x1c\x00\x04"), Some(Packed::SevenZip));
        assert_eq!(with(&[0x04, 0x22, 0x4d, 0x18, 0x64]), Some(Packed::Lz4));
        assert_eq!(with(&tar_header("puzzles.csv")), Some(Packed::Tar));
        // Text is none of them, even where it looks like one at first.
        let texts = [
            &b"PK,puzzle\n"[..],
            b"BZh9 puzzles, 2019\n",
            b"7z puzzles\n",
            b"puzzle\n",
        ];
        for text in texts {
            assert_eq!(with(text), None, "{}", String::from_utf8_lossy(text));
        }
        let mut ustar = b"note,puzzle\n".repeat(40);
        ustar[257..262].copy_from_slice(b"ustar");
        assert_eq!(
            with(&ustar),
            None,
            "`ustar` in text, without a header's checksum"
        );
        let mut bad_sum = tar_header("puzzles.csv");
        bad_sum[0] = b'P';
        assert_eq!(with(&bad_sum), None);
        // A file shorter than any magic number is text.
        assert!(Packed::of(b"PK").is_none() && Packed::of(b"").is_none());
    }
}
