//! Detection, framing and record reading over arbitrary bytes, in every layout, checking the
//! conservation law: every line is in exactly one record or skipped, records come in order,
//! and the result does not depend on the chunk size. Reading a record never panics, and every
//! reason it gives is a sentence.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_batch::input::{Fields, Framer, LAYOUTS, Options, Source, read_record};

/// (first line, lines, text, too long) of each record, the lines skipped, and the lines read.
type Framed = (Vec<(u64, u32, Vec<u8>, bool)>, u64, u64);

fn frame(text: &[u8], options: &Options, chunk: usize) -> Option<Framed> {
    let source = Source::from_reader(Box::new(std::io::Cursor::new(text.to_vec())));
    let mut framer = Framer::new(source, "fuzz".into(), options).ok()?;
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
    Some((records, framer.skipped().total(), framer.lines()))
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
    let expected_lines = text.split(|&b| b == b'\n').count() as u64 - u64::from(text.ends_with(b"\n") || text.is_empty());
    assert_eq!(*lines, expected_lines, "every line is read");
    let in_records: u64 = records.iter().map(|r| u64::from(r.1)).sum();
    assert_eq!(in_records + skipped, *lines, "every line is in one record or skipped");
    assert!(records.windows(2).all(|w| w[0].0 < w[1].0), "records in line order");
    for chunk in [7, 1024] {
        assert_eq!(frame(text, &options, chunk).as_ref(), Some(&one), "chunk size {chunk}");
    }
});
