//! Canonical forms: any 81 cells (clashing clues included) give a form that is its own form,
//! has as many clues, and is the form of the cells transposed, relabelled and with bands,
//! stacks, rows and columns in other orders (the move drawn from the input's bytes past the
//! 81st); a record that is no puzzle never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_batch::Grid;
use sudoku_batch::canon::minlex;

const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// An order of nine lines that keeps their three groups, from four bytes.
fn order(bytes: &[u8]) -> [usize; 9] {
    let groups = PERMS[bytes[0] as usize % 6];
    std::array::from_fn(|i| 3 * groups[i / 3] + PERMS[bytes[1 + i / 3] as usize % 6][i % 3])
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 81 {
        return;
    }
    let cells: [u8; 81] = std::array::from_fn(|i| data[i] % 10);
    let puzzle = Grid::from_cells(cells).unwrap();
    let form = minlex(&puzzle);
    assert_eq!(minlex(&form), form);
    assert_eq!(form.clue_count(), puzzle.clue_count());
    let mut rest = data[81..].to_vec();
    rest.resize(10, 0);
    let (rows, cols) = (order(&rest[0..4]), order(&rest[4..8]));
    let transposed = rest[8] % 2 == 1;
    let shift = rest[9] % 9;
    let moved: [u8; 81] = std::array::from_fn(|i| {
        let (r, c) = (rows[i / 9], cols[i % 9]);
        let v = if transposed { puzzle.get(c, r) } else { puzzle.get(r, c) };
        if v == 0 { 0 } else { (v - 1 + shift) % 9 + 1 }
    });
    assert_eq!(minlex(&Grid::from_cells(moved).unwrap()), form);
});
