//! The engine on arbitrary 81-cell grids in every mode: any solution is valid and keeps the
//! clues, `Count` never passes its limit, `Invalid` exactly when clues clash; no panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_batch::{Grid, Mode, Status, solve_within};

fuzz_target!(|data: &[u8]| {
    if data.len() < 83 {
        return;
    }
    // Mostly blanks: a byte above 9 is a blank, so clues are sparse and puzzles interesting.
    let cells: [u8; 81] = std::array::from_fn(|i| if data[i] % 32 <= 9 { data[i] % 32 } else { 0 });
    let puzzle = Grid::from_cells(cells).unwrap();
    let limit = u64::from(data[81]) + 1;
    let modes = [Mode::First, Mode::Unique, Mode::LexMin, Mode::Count(limit)];
    let mode = modes[data[82] as usize % modes.len()];
    // A budget keeps near-empty grids in count mode from running for ever.
    let out = solve_within(&puzzle, mode, 20_000);
    if let Some(s) = &out.solution {
        s.check_solution_of(&puzzle).unwrap();
    }
    let cap = match mode {
        Mode::Unique => 2,
        Mode::Count(n) => n,
        _ => 1,
    };
    assert!(out.count <= cap);
    assert_eq!(out.status == Status::Invalid, puzzle.has_conflict());
    assert_eq!(out.solution.is_some(), out.count > 0);
});
