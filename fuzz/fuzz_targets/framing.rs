//! Detection, framing and record reading over arbitrary bytes, in every layout, checking the
//! conservation law: every line is in exactly one record or skipped, records come in order,
//! and the result does not depend on the chunk size. Reading a record never panics, and every
//! reason it gives is a sentence. Then `--shard`'s law: the parts of 2 to 5 shards, each framed
//! on its own from its byte range, give the whole input's records, in order, and its skips; and
//! the file read by ranges (as the workers read it) frames as the file read whole.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::Arc;
use sudoku_batch::input::{Fields, Framer, LAYOUTS, Layout, Options, Skip, Source, read_record};
use sudoku_batch::run::shard::{self, Shard};

/// (first line, lines, text, too long) of each record, the lines skipped, and the lines read.
type Framed = (Vec<(u64, u32, Vec<u8>, bool)>, u64, u64);

fn frame(text: &[u8], options: &Options, chunk: usize) -> Option<Framed> {
    let source = Source::from_reader(Box::new(std::io::Cursor::new(text.to_vec()))).unwrap();
    Some(records(Framer::new(source, "fuzz".into(), options).ok()?, chunk))
}

fn records(mut framer: Framer, chunk: usize) -> Framed {
    let layout = framer.layout().clone();
    let mut fields = Fields::default();
    let mut records = Vec::new();
    while let Some(c) = framer.next_chunk(0, chunk).expect("reading memory cannot fail") {
        for (raw, t) in c.iter() {
            if let Err(why) = read_record(layout.as_ref(), raw, t, &mut fields).puzzle {
                assert!(!why.to_string().is_empty());
            }
            records.push((raw.line, raw.lines, t.to_vec(), raw.too_long));
        }
    }
    (records, framer.skipped().total(), framer.lines())
}

/// The records (lines taken, text, too long) and skipped lines of every shard of `count`,
/// each framed on its own from its part of the file `path` holding `text`.
fn sharded(path: &std::path::Path, text: &[u8], options: &Options, count: u64) -> (Vec<(u32, Vec<u8>, bool)>, u64) {
    let whole = Framer::new(Source::from_reader(Box::new(std::io::Cursor::new(text.to_vec()))).unwrap(), "fuzz".into(), options).unwrap();
    let (layout, decided): (Arc<dyn Layout>, Vec<(u64, Skip)>) = (whole.layout().clone(), whole.decided());
    let line_ends = whole.line_ends();
    let input = shard::Input {
        path,
        name: "fuzz",
        size: text.len() as u64,
        layout: layout.as_ref(),
        line_ends,
        head_lines: decided.last().map_or(0, |&(line, _)| line),
    };
    let (mut all, mut skipped) = (Vec::new(), 0);
    for index in 1..=count {
        let Ok(parts) = shard::parts(Shard { index, count }, std::slice::from_ref(&input)) else {
            continue; // packed grids past the scan limit: not in inputs this small
        };
        let range = parts[0].clone();
        let at_start = range.start == 0;
        let source = Source::open_part(path, range, line_ends, Default::default(), Default::default()).unwrap();
        let decided = if at_start { decided.clone() } else { Vec::new() };
        let framer = Framer::resume(source, "fuzz".into(), layout.clone(), decided, at_start);
        let (records, s, _) = records(framer, 7);
        all.extend(records.into_iter().map(|(_, lines, text, too_long)| (lines, text, too_long)));
        skipped += s;
    }
    (all, skipped)
}

fuzz_target!(|data: &[u8]| {
    let (choice, text) = data.split_first().unwrap_or((&0, &[]));
    let format = match *choice as usize % (LAYOUTS.len() + 1) {
        0 => None,
        i => Some(LAYOUTS[i - 1].name.to_string()),
    };
    let options = Options {
        format,
        verify: choice & 0x80 != 0,
        ..Options::default()
    };
    let Some(one) = frame(text, &options, 1) else {
        return;
    };
    let (records, skipped, lines) = &one;
    // Lines end at LF; in a text with CRs and no LF (old Mac files), at CR.
    let end = if !text.contains(&b'\n') && text.contains(&b'\r') { b'\r' } else { b'\n' };
    let expected_lines = text.split(|&b| b == end).count() as u64 - u64::from(text.ends_with(&[end]) || text.is_empty());
    assert_eq!(*lines, expected_lines, "every line is read");
    let in_records: u64 = records.iter().map(|r| u64::from(r.1)).sum();
    assert_eq!(in_records + skipped, *lines, "every line is in one record or skipped");
    assert!(records.windows(2).all(|w| w[0].0 < w[1].0), "records in line order");
    for chunk in [7, 1024] {
        assert_eq!(frame(text, &options, chunk).as_ref(), Some(&one), "chunk size {chunk}");
    }
    let path = std::env::temp_dir().join(format!("sudoku-batch-fuzz-{}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let whole: Vec<_> = records.iter().map(|(_, lines, text, too_long)| (*lines, text.clone(), *too_long)).collect();
    let count = 2 + u64::from(choice >> 4 & 3);
    assert_eq!(sharded(&path, text, &options, count), (whole, *skipped), "{count} shards");
    // The file read by ranges that the workers would read (cut anywhere, by the size the
    // fuzzer chose) frames as the file read through the reader.
    let range = 1 + usize::from(choice >> 2 & 0x1f) * 13;
    assert_eq!(from_file(&path, &options, Some(range)), from_file(&path, &options, None), "ranges of {range} bytes");
});

/// The file's records, skips and lines, read through the reader or (`range`) by ranges past
/// detection's sample; `None` when it is refused.
fn from_file(path: &std::path::Path, options: &Options, range: Option<usize>) -> Option<Framed> {
    let input = sudoku_batch::input::InputPath::File(path.to_path_buf());
    let source = Source::open(&input, Default::default(), Default::default()).ok()?;
    let mut framer = Framer::new(source, "fuzz".into(), options).ok()?;
    if let Some(range) = range {
        framer.read_by_ranges_of(range);
    }
    Some(records(framer, 7))
}
