//! Opening an input, whatever its bytes: a file that gzip, a zip archive or nothing packs,
//! or one that is refused. Opening and reading never panic (on the reader's thread or the
//! one that unzips), every refusal is a sentence, and a file that nothing packs reads back
//! as its own bytes, in blocks of any size (the file's blocks go straight into the chunk);
//! one whose lines end in CR alone, with each CR read as an LF.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_batch::input::{InputPath, LineEnds, Source};

fuzz_target!(|data: &[u8]| {
    let Some((&size, bytes)) = data.split_first() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("input");
    std::fs::write(&path, bytes).unwrap();
    let mut source = match Source::open(&InputPath::File(path), Default::default(), Default::default()) {
        Ok(source) => source,
        Err(e) => return assert!(!e.to_string().is_empty()),
    };
    let unpacked = source.size.is_none(); // gzip or zip: the text is not the file's bytes
    let cr_as_lf: Vec<u8>;
    let bytes = if source.line_ends() == LineEnds::Cr {
        cr_as_lf = bytes.iter().map(|&b| if b == b'\r' { b'\n' } else { b }).collect();
        &cr_as_lf[..]
    } else {
        bytes
    };
    let mut text = Vec::new();
    let mut line = Vec::new();
    loop {
        match source.read_block(&mut text, usize::from(size) + 1) {
            Ok(Some((0, 0))) => break,
            Ok(Some(_)) => {}
            Ok(None) => {
                line.clear();
                if source.read_line(&mut line).is_err() {
                    return assert!(unpacked, "a plain file reads");
                }
                text.extend_from_slice(&line);
                let at = source.position() as usize;
                if unpacked {
                    text.resize(at, b'\n'); // only the positions are checked
                    continue;
                }
                // The line end read_line drops: `\n` or `\r\n`, or at the end `\r` or none.
                let end = &bytes[text.len().min(at)..at];
                let ends = [&b"\n"[..], b"\r\n"];
                assert!(ends.contains(&end) || (at == bytes.len() && end.len() <= 1), "{end:?}");
                text.extend_from_slice(end);
            }
            Err(e) => return assert!(unpacked && !e.to_string().is_empty(), "{e}"),
        }
        assert_eq!(source.position(), text.len() as u64);
    }
    if !unpacked {
        assert_eq!(text, bytes);
    }
});
