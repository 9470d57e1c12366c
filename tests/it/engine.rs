//! The engine through the library API: data sets with known answers, a reference
//! cross-check, and properties.

use crate::support::*;
use proptest::prelude::*;
use sudoku_batch::{Grid, Mode, ParseError, Status, has_solution_without, solve, solve_within};

/// Every puzzle of a set with known solutions: `Unique` gives exactly that solution, `First`
/// gives a valid one.
fn check_unique_set(name: &str) {
    let puzzles = data_lines(name);
    let solutions = data_lines(&format!("solutions/{name}"));
    assert_eq!(puzzles.len(), solutions.len());
    for (i, (p, s)) in puzzles.iter().zip(&solutions).enumerate() {
        let puzzle = grid(p);
        let out = solve(&puzzle, Mode::Unique);
        assert_eq!(out.status, Status::Solved, "{name}:{}", i + 1);
        assert_eq!(out.solution, Some(grid(s)), "{name}:{}", i + 1);
        assert_eq!(out.count, 1);
        let first = solve(&puzzle, Mode::First).solution.expect("solvable");
        first.check_solution_of(&puzzle).unwrap();
    }
}

/// The engine's tree sizes on the shipped sets, pinned as a chess engine pins its node-count
/// signature. Answers cannot show how the search branches (when it splits a band, on which
/// digit, which cell it picks): any of those changes leaves every solution as it was and only
/// the tree, and so the speed, changes. Guesses show it, exactly and on any machine. A change
/// to the search made on purpose updates these numbers, with its measurements in
/// BENCHMARKS.md.
#[test]
fn the_search_trees_are_the_ones_measured() {
    let guesses = |name: &str, mode: Mode| -> u64 {
        data_lines(name)
            .iter()
            .map(|p| solve(&grid(p), mode).guesses)
            .sum()
    };
    let got = [
        guesses("hardest_11plus_500.txt", Mode::Unique),
        guesses("hardest_11plus_500.txt", Mode::First),
        guesses("17_clue_1000.txt", Mode::Unique),
        guesses("serg_multiple_500.txt", Mode::Count(10)),
        guesses("gen_mixed_1000.txt", Mode::Unique),
    ];
    assert_eq!(got, [30_859, 16_170, 618, 7_155, 185]);
}

#[test]
fn easy_set_gives_known_solutions() {
    check_unique_set("kaggle_1000.txt");
}

#[test]
fn seventeen_clue_set_gives_known_solutions() {
    check_unique_set("17_clue_1000.txt");
}

#[test]
fn hard_set_gives_known_solutions() {
    check_unique_set("hardest_11plus_500.txt");
}

#[test]
fn multiple_solution_set_is_multiple() {
    for (i, p) in data_lines("serg_multiple_500.txt").iter().enumerate() {
        let puzzle = grid(p);
        let out = solve(&puzzle, Mode::Unique);
        assert_eq!(
            (out.status, out.count),
            (Status::Multiple, 2),
            "line {}",
            i + 1
        );
        out.solution.unwrap().check_solution_of(&puzzle).unwrap();
        let first = solve(&puzzle, Mode::First);
        assert_eq!((first.status, first.count), (Status::Solved, 1));
        first.solution.unwrap().check_solution_of(&puzzle).unwrap();
    }
}

#[test]
fn unsolvable_set_is_unsolvable_in_every_mode() {
    for (i, p) in data_lines("gen_unsolvable_500.txt").iter().enumerate() {
        for mode in [Mode::First, Mode::Unique, Mode::LexMin, Mode::Count(5)] {
            let out = solve(&grid(p), mode);
            assert_eq!(
                (out.status, out.solution, out.count),
                (Status::Unsolvable, None, 0),
                "line {} {mode:?}",
                i + 1
            );
        }
    }
}

#[test]
fn mixed_generator_output_matches_known_counts() {
    let puzzles = data_lines("gen_mixed_1000.txt");
    let counts = data_lines("solutions/gen_mixed_1000.counts.txt");
    let mut seen = [0; 3];
    for (i, (p, c)) in puzzles.iter().zip(&counts).enumerate() {
        let expected: u64 = c.parse().unwrap();
        seen[expected as usize] += 1;
        let out = solve(&grid(p), Mode::Count(2));
        assert_eq!(out.count, expected, "line {}", i + 1);
        let status = [Status::Unsolvable, Status::Solved, Status::Multiple][expected as usize];
        assert_eq!(
            solve(&grid(p), Mode::Unique).status,
            status,
            "line {}",
            i + 1
        );
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "the sample has every count: {seen:?}"
    );
}

#[test]
fn the_reference_agrees_on_every_data_set() {
    let sets = [
        "kaggle_1000.txt",
        "17_clue_1000.txt",
        "hardest_11plus_500.txt",
        "serg_multiple_500.txt",
        "gen_unsolvable_500.txt",
        "gen_mixed_1000.txt",
    ];
    let mut seen = [0; 3];
    for set in sets {
        // The reference has no propagation: 17-clue puzzles take it 20 ms each; 100 will do.
        let take = if set.starts_with("17_clue") {
            100
        } else {
            usize::MAX
        };
        for (i, p) in data_lines(set).iter().enumerate().take(take) {
            let puzzle = grid(p);
            let expected = reference_count(&puzzle, 2);
            seen[expected as usize] += 1;
            let out = solve(&puzzle, Mode::Count(2));
            assert_eq!(out.count, expected, "{set}:{}", i + 1);
            assert_eq!(
                solve(&puzzle, Mode::Unique).count,
                expected,
                "{set}:{}",
                i + 1
            );
        }
    }
    assert!(
        seen.iter().all(|&n| n >= 500),
        "0, 1 and 2+ solution cases: {seen:?}"
    );
}

#[test]
fn lexmin_equals_reference_on_random_multi_solution_puzzles() {
    let mut rng = Rng(2239);
    let mut multi = 0;
    for case in 0..250 {
        let solution = random_solution(&mut rng);
        let remove = 50 + rng.below(11);
        let puzzle = remove_cells(&mut rng, &solution, remove);
        let (count, smallest) = reference(&puzzle, 2);
        multi += usize::from(count == 2);
        let out = solve(&puzzle, Mode::LexMin);
        assert_eq!(out.status, Status::Solved, "case {case}: {puzzle}");
        assert_eq!(out.solution, smallest, "case {case}: {puzzle}");
    }
    assert!(multi >= 200, "only {multi} multi-solution cases");
}

#[test]
fn count_equals_reference_for_limits_1_to_10() {
    let mut rng = Rng(2580);
    for case in 0..60 {
        let solution = random_solution(&mut rng);
        let remove = 45 + rng.below(10);
        let puzzle = remove_cells(&mut rng, &solution, remove);
        for limit in 1..=10 {
            let (expected, _) = reference(&puzzle, limit);
            let out = solve(&puzzle, Mode::Count(limit));
            assert_eq!(out.count, expected, "case {case} limit {limit}: {puzzle}");
            let status = match expected {
                0 => Status::Unsolvable,
                1 => Status::Solved,
                _ => Status::Multiple,
            };
            assert_eq!(out.status, status);
        }
    }
}

#[test]
fn sparse_boards_are_solved_without_a_long_search() {
    // A board with few clues has solutions everywhere, and a search that branches on digit
    // permutations but cannot see a minirow overfilled wanders for millions of guesses on it.
    // Under 17 clues there are always two or more solutions.
    let mut rng = Rng(17);
    for case in 0..200 {
        let solution = random_solution(&mut rng);
        let remove = 65 + rng.below(17);
        let puzzle = remove_cells(&mut rng, &solution, remove);
        for mode in [Mode::First, Mode::Count(2), Mode::Count(50)] {
            let out = solve_within(&puzzle, mode, 500);
            assert_ne!(out.status, Status::Timeout, "case {case} {mode}: {puzzle}");
            out.solution.unwrap().check_solution_of(&puzzle).unwrap();
            if mode == Mode::Count(2) {
                assert_eq!(out.status, Status::Multiple, "case {case}: {puzzle}");
            }
        }
    }
}

#[test]
fn parse_errors_name_their_position() {
    let good = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    assert_eq!("".parse::<Grid>(), Err(ParseError::Empty));
    assert_eq!(
        good[..40].parse::<Grid>(),
        Err(ParseError::TooShort { len: 40 })
    );
    assert_eq!(format!("{good}5").parse::<Grid>(), Err(ParseError::TooLong));
    let letter = format!("{}a{}", &good[..80], "");
    assert_eq!(
        letter.parse::<Grid>(),
        Err(ParseError::BadChar {
            ch: 'a',
            position: 81
        })
    );
    let msg = "x".repeat(81).parse::<Grid>().unwrap_err().to_string();
    assert!(msg.contains("position 1"), "{msg}");
}

#[test]
fn duplicated_clue_is_invalid_in_every_mode() {
    let mut cells = [0u8; 81];
    cells[10] = 4;
    cells[20] = 4; // same box
    let puzzle = Grid::from_cells(cells).unwrap();
    for mode in [Mode::First, Mode::Unique, Mode::LexMin, Mode::Count(3)] {
        let out = solve(&puzzle, mode);
        assert_eq!(
            (out.status, out.solution, out.count),
            (Status::Invalid, None, 0)
        );
    }
}

/// Random clue sets: any digit anywhere, most cells empty. Many are invalid or unsolvable.
fn arbitrary_puzzle() -> impl Strategy<Value = Grid> {
    proptest::collection::vec(prop_oneof![6 => Just(0u8), 1 => 1u8..=9], 81).prop_map(|v| {
        let cells: [u8; 81] = v.try_into().unwrap();
        Grid::from_cells(cells).unwrap()
    })
}

/// Puzzles cut from random solved grids: always solvable.
fn solvable_puzzle() -> impl Strategy<Value = Grid> {
    (any::<u64>(), 0usize..=81).prop_map(|(seed, remove)| {
        let mut rng = Rng(seed);
        let solution = random_solution(&mut rng);
        remove_cells(&mut rng, &solution, remove)
    })
}

fn check_outcome(puzzle: &Grid, mode: Mode) -> Result<(), TestCaseError> {
    let out = solve(puzzle, mode);
    if let Some(s) = out.solution {
        prop_assert!(
            s.check_solution_of(puzzle).is_ok(),
            "{mode:?} {puzzle} -> {s}"
        );
    }
    prop_assert_eq!(
        out.status == Status::Invalid,
        puzzle.find_conflict().is_some()
    );
    prop_assert_eq!(out.solution.is_some(), out.count > 0);
    let limit = match mode {
        Mode::Unique => 2,
        Mode::Count(n) => n,
        _ => 1,
    };
    prop_assert!(out.count <= limit);
    Ok(())
}

proptest! {
    #[test]
    fn every_solution_is_valid_and_keeps_the_clues(puzzle in arbitrary_puzzle(), limit in 1u64..20) {
        for mode in [Mode::First, Mode::Unique, Mode::LexMin, Mode::Count(limit)] {
            check_outcome(&puzzle, mode)?;
        }
    }

    #[test]
    fn solvable_puzzles_are_solved(puzzle in solvable_puzzle()) {
        for mode in [Mode::First, Mode::Unique, Mode::LexMin] {
            check_outcome(&puzzle, mode)?;
            prop_assert!(solve(&puzzle, mode).solution.is_some());
        }
    }

    /// `has_solution_without` says whether another solution has a different digit at the
    /// cell, as the reference counter finds: a puzzle cut from a solution, less one clue.
    #[test]
    fn a_clue_is_needed_exactly_when_another_solution_differs_there(
        seed in any::<u64>(), remove in 20usize..=60, which in 0usize..81,
    ) {
        let mut rng = Rng(seed);
        let solution = random_solution(&mut rng);
        let puzzle = remove_cells(&mut rng, &solution, remove);
        let clues: Vec<usize> = (0..81).filter(|&i| puzzle.cells()[i] != 0).collect();
        let cell = clues[which % clues.len()];
        let digit = puzzle.cells()[cell];
        let mut cells = *puzzle.cells();
        cells[cell] = 0;
        let reduced = Grid::from_cells(cells).unwrap();
        // Every solution of the reduced puzzle with `digit` at `cell` is a solution of
        // `puzzle`: another one differs there exactly when the reduced puzzle has more
        // solutions than `puzzle`.
        let more = reference_count(&reduced, 1000) > reference_count(&puzzle, 1000);
        prop_assume!(reference_count(&reduced, 1000) < 1000);
        prop_assert_eq!(has_solution_without(&reduced, cell, digit), more);
    }

    /// With no digit to rule out (0), `has_solution_without` says whether there is a
    /// solution at all; an invalid puzzle has none.
    #[test]
    fn without_no_digit_is_any_solution(puzzle in arbitrary_puzzle(), cell in 0usize..81) {
        let any = solve(&puzzle, Mode::First).solution.is_some();
        prop_assert_eq!(has_solution_without(&puzzle, cell, 0), any);
    }

    #[test]
    fn format_of_parse_is_identity(cells in proptest::collection::vec(0u8..=9, 81), dots in any::<bool>()) {
        let line: String = cells
            .iter()
            .map(|&v| if v == 0 && dots { '.' } else { char::from(b'0' + v) })
            .collect();
        let parsed: Grid = line.parse().unwrap();
        let out = parsed.to_line(if dots { b'.' } else { b'0' });
        prop_assert_eq!(String::from_utf8(out.to_vec()).unwrap(), line);
    }
}
