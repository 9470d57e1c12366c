//! Format detection, framing (lines, CSV, grids) and record reading over arbitrary input:
//! no panic, and every record is either a puzzle or a reason.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_batch::input::{Format, Framer, detect};
use sudoku_batch::record::each_record;

fuzz_target!(|data: &[u8]| {
    let (choice, text) = data.split_first().unwrap_or((&0, &[]));
    let forced = [
        None,
        Some(Format::Lines),
        Some(Format::Csv),
        Some(Format::Grid),
    ][*choice as usize % 4];
    let reader = Box::new(std::io::Cursor::new(text.to_vec()));
    let mut framer = Framer::new(reader, "fuzz".into(), None);
    let Ok(layout) = detect(&mut framer, forced, None) else {
        return;
    };
    let mut last_line = 0;
    while let Ok(Some(chunk)) = framer.next_chunk(&layout, 0, 7) {
        each_record(&chunk, &layout, true, |_, raw, read| {
            assert!(raw.line > last_line, "records come in line order");
            last_line = raw.line;
            if let Err(why) = &read.puzzle {
                assert!(!why.is_empty());
            }
        });
    }
});
