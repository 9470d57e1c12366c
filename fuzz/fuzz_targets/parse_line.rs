//! The line parser: any bytes give a grid or an error, never a panic; a grid formats back to
//! the same line (blanks as `0` or `.`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_batch::Grid;

fuzz_target!(|data: &[u8]| {
    if let Ok(grid) = Grid::parse_bytes(data) {
        let normal: Vec<u8> = data
            .iter()
            .map(|&b| if b == b'.' { b'0' } else { b })
            .collect();
        assert_eq!(grid.to_line(b'0').as_slice(), normal.as_slice());
        let _ = grid.find_conflict();
    } else {
        let _ = Grid::parse_bytes(data).unwrap_err().to_string();
    }
});
