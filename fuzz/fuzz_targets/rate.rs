//! The technique ladder on arbitrary puzzles: on one with a unique solution, every step up to
//! the dynamic chains places the solution's digit and removes none of its candidates, and the
//! rater's rating is the path's; no panic on any grid. The seeds are hard puzzles (chains of
//! every static and dynamic kind), so that the fuzzer's changes to them stay hard.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_batch::logic::{Rating, Technique, explain_up_to, rate_up_to};
use sudoku_batch::{Grid, Mode, Status, solve};

fuzz_target!(|data: &[u8]| {
    if data.len() < 81 {
        return;
    }
    // A digit's character is that digit, so that puzzles as text are seeds; any other byte
    // is a blank.
    let cells: [u8; 81] = std::array::from_fn(|i| match data[i] {
        b @ b'1'..=b'9' => b - b'0',
        _ => 0,
    });
    let puzzle = Grid::from_cells(cells).unwrap();
    let out = solve(&puzzle, Mode::Unique);
    let top = Technique::DynamicChain;
    if out.status != Status::Solved {
        // Ratings are for puzzles with one solution; on the rest the ladder must not panic.
        if !puzzle.has_conflict() {
            let _ = rate_up_to(&puzzle, top);
        }
        return;
    }
    let solution = out.solution.unwrap();
    let mut path = explain_up_to(&puzzle, top).unwrap();
    let mut walked = Rating::default();
    for step in path.by_ref() {
        if let Some((cell, d)) = step.placement {
            assert_eq!(solution.cells()[cell], d, "{step}");
        }
        for &(cell, d) in &step.eliminations {
            assert_ne!(solution.cells()[cell], d, "{step} removes a true candidate");
        }
        walked.took(&step);
    }
    walked.candidates_left = path.pencil().candidates_left();
    assert_eq!(rate_up_to(&puzzle, top).unwrap(), walked);
});
