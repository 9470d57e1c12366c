//! The engine: solves one puzzle in one of four modes. No I/O and no threads here.

mod board;
mod clues;
mod isa;
mod search;
mod shapes;
mod split;
mod tables;

use crate::grid::{Grid, Puzzle};
use board::Board;
use isa::Isa;
use search::{Order, search};

/// What to look for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Stop at the first solution: the fastest.
    First,
    /// Search on to a second solution, so that `Solved` means exactly one.
    Unique,
    /// The lexicographically smallest solution, reading cells row by row.
    LexMin,
    /// Count solutions, stopping at the limit (a limit of 0 counts as 1). A limit of 1 stops
    /// at the first solution, so [`Status::Solved`] then means "at least one": use 2 or more to
    /// tell one solution from several.
    Count(u64),
}

/// The count limit when none is given.
pub const DEFAULT_LIMIT: u64 = 1000;

impl Mode {
    /// The names a mode goes by, on the command line and in the Python package.
    pub const NAMES: [&'static str; 4] = ["unique", "first", "lexmin", "count"];

    /// The mode called `name`, with the count limit `limit` (for `count` only; at least 2, since
    /// a count stopped at 1 cannot tell one solution from several). The messages are the
    /// command line's.
    pub fn from_name(name: &str, limit: Option<u64>) -> Result<Mode, String> {
        let mode = match name {
            "unique" => Mode::Unique,
            "first" => Mode::First,
            "lexmin" => Mode::LexMin,
            "count" => Mode::Count(limit.unwrap_or(DEFAULT_LIMIT)),
            other => {
                return Err(format!(
                    "invalid value '{other}' for mode: possible values are {}",
                    Mode::NAMES.join(", ")
                ));
            }
        };
        match (mode, limit) {
            (Mode::Count(_), Some(n)) if n < 2 => Err(format!(
                "--limit {n}: at least 2 (a count stopped at 1 cannot tell one solution from several)"
            )),
            (Mode::Count(_), _) | (_, None) => Ok(mode),
            (_, Some(_)) => Err("--limit applies only to --mode count".to_string()),
        }
    }
}

/// The name used on the command line and in stats: `unique`, `first`, `lexmin`, `count(N)`.
impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mode::First => f.write_str("first"),
            Mode::Unique => f.write_str("unique"),
            Mode::LexMin => f.write_str("lexmin"),
            Mode::Count(n) => write!(f, "count({n})"),
        }
    }
}

/// The verdict on one puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// One solution found; in `Unique` and `Count` modes, the only one.
    Solved,
    /// Two or more solutions (only modes that look past the first can say so).
    Multiple,
    /// The clues are consistent but no grid completes them.
    Unsolvable,
    /// Two clues break a rule: the same digit twice in a row, column or box.
    Invalid,
    /// The search reached its guess budget ([`solve_within`]) before it could tell.
    Timeout,
}

/// The result of solving one puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// What was found.
    pub status: Status,
    /// The first solution found (for `LexMin`, the smallest); `None` when there is none.
    pub solution: Option<Grid>,
    /// Solutions found, capped at the mode's limit (1 for `First` and `LexMin`, 2 for `Unique`).
    pub count: u64,
    /// Branch decisions taken: how much guessing the puzzle needed.
    pub guesses: u64,
}

/// Solves `puzzle` in `mode`.
pub fn solve(puzzle: &Puzzle, mode: Mode) -> Outcome {
    solve_within(puzzle, mode, u64::MAX)
}

/// Solves `puzzle` in `mode`, giving up with [`Status::Timeout`] rather than take more than
/// `max_guesses` guesses (the solution, if one was found before, is kept).
pub fn solve_within(puzzle: &Puzzle, mode: Mode, max_guesses: u64) -> Outcome {
    solve_on(Isa::best(), puzzle, mode, max_guesses)
}

/// [`solve_within`] on the instructions `isa`.
fn solve_on(isa: Isa, puzzle: &Puzzle, mode: Mode, max_guesses: u64) -> Outcome {
    isa.run(
        #[inline(always)]
        || solve_here(isa, puzzle, mode, max_guesses),
    )
}

#[inline(always)]
fn solve_here(isa: Isa, puzzle: &Puzzle, mode: Mode, max_guesses: u64) -> Outcome {
    let Some(board) = Board::from_clues(puzzle) else {
        return Outcome {
            status: Status::Invalid,
            solution: None,
            count: 0,
            guesses: 0,
        };
    };
    let (order, limit) = match mode {
        Mode::First => (Order::FewestCandidates, 1),
        Mode::Unique => (Order::FewestCandidates, 2),
        Mode::LexMin => (Order::RowMajor, 1),
        Mode::Count(limit) => (Order::FewestCandidates, limit),
    };
    let found = search(board, order, limit, max_guesses, isa);
    let status = match found.count {
        _ if found.gave_up => Status::Timeout,
        0 => Status::Unsolvable,
        1 => Status::Solved,
        _ => Status::Multiple,
    };
    Outcome {
        status,
        solution: found.first,
        count: found.count,
        guesses: found.guesses,
    }
}

/// Which build of the engine this CPU runs: `portable`, or on x86-64 processors that have them
/// the one with POPCNT, LZCNT, BMI1 and BMI2 (4-8% faster), which also settles with PEXT where
/// that is fast (faster again on 16 of 18 set×mode pairs). Reports name it, so that timings
/// from two machines are not compared blind.
pub fn engine_build() -> &'static str {
    Isa::best().name()
}

/// True when `puzzle` has a solution whose `cell` holds something other than `digit`. With
/// `puzzle` a unique puzzle less its clue `digit` at `cell`, that is whether the clue is needed:
/// false means it can go and the puzzle stays unique. One search on a board with one candidate
/// fewer, cheaper than counting the reduced puzzle's solutions to two (which finds the known
/// solution first). Generating puzzles is mostly this question.
pub fn has_solution_without(puzzle: &Puzzle, cell: usize, digit: u8) -> bool {
    has_solution_without_on(Isa::best(), puzzle, cell, digit)
}

/// [`has_solution_without`] on the instructions `isa`.
fn has_solution_without_on(isa: Isa, puzzle: &Puzzle, cell: usize, digit: u8) -> bool {
    isa.run(
        #[inline(always)]
        || {
            let Some(mut board) = Board::from_clues(puzzle) else {
                return false;
            };
            if (1..=9).contains(&digit) {
                board.exclude(usize::from(digit) - 1, cell);
            }
            search(board, Order::FewestCandidates, 1, u64::MAX, isa).count > 0
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Grid {
        s.parse().unwrap()
    }

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn modes_by_name_with_the_command_line_messages() {
        assert_eq!(Mode::from_name("first", None), Ok(Mode::First));
        assert_eq!(
            Mode::from_name("count", None),
            Ok(Mode::Count(DEFAULT_LIMIT))
        );
        assert_eq!(Mode::from_name("count", Some(5)), Ok(Mode::Count(5)));
        assert!(
            Mode::from_name("count", Some(1))
                .unwrap_err()
                .contains("at least 2")
        );
        assert_eq!(
            Mode::from_name("unique", Some(5)),
            Err("--limit applies only to --mode count".to_string())
        );
        assert_eq!(
            Mode::from_name("fast", None),
            Err(
                "invalid value 'fast' for mode: possible values are unique, first, lexmin, count"
                    .to_string()
            )
        );
    }

    #[test]
    fn solves_an_easy_puzzle_in_every_mode() {
        let p = grid(EASY);
        for mode in [Mode::First, Mode::Unique, Mode::LexMin, Mode::Count(5)] {
            let out = solve(&p, mode);
            assert_eq!(out.status, Status::Solved, "{mode:?}");
            out.solution.unwrap().check_solution_of(&p).unwrap();
            assert_eq!(out.count, 1);
        }
    }

    #[test]
    fn empty_grid_has_many_solutions() {
        let out = solve(&Grid::EMPTY, Mode::Unique);
        assert_eq!((out.status, out.count), (Status::Multiple, 2));
        out.solution
            .unwrap()
            .check_solution_of(&Grid::EMPTY)
            .unwrap();
        assert_eq!(solve(&Grid::EMPTY, Mode::Count(100)).count, 100);
        let lex = solve(&Grid::EMPTY, Mode::LexMin).solution.unwrap();
        assert_eq!(
            lex.to_string(),
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
        );
    }

    #[test]
    fn a_guess_budget_turns_a_long_search_into_a_timeout() {
        let out = solve_within(&Grid::EMPTY, Mode::Count(1_000_000), 50);
        assert_eq!((out.status, out.guesses), (Status::Timeout, 50));
        assert!(out.count > 0 && out.count < 1_000_000);
        out.solution
            .unwrap()
            .check_solution_of(&Grid::EMPTY)
            .unwrap();
        // A budget the search does not need changes nothing.
        let p = grid(EASY);
        assert_eq!(solve_within(&p, Mode::Unique, 0), solve(&p, Mode::Unique));
    }

    #[test]
    fn conflicting_clues_are_invalid() {
        let mut s = EASY.to_string();
        s.replace_range(0..1, "3"); // a second 3 in row 1
        let out = solve(&grid(&s), Mode::Unique);
        assert_eq!(
            (out.status, out.solution, out.count),
            (Status::Invalid, None, 0)
        );
        // The same digit twice in a column, in different bands; and twice in a box, in
        // different rows and columns.
        let mut column = [b'.'; 81];
        (column[4], column[76]) = (b'7', b'7');
        let mut in_box = [b'.'; 81];
        (in_box[30], in_box[50]) = (b'2', b'2');
        for cells in [column, in_box] {
            let p = Grid::parse_bytes(&cells).unwrap();
            assert_eq!(solve(&p, Mode::First).status, Status::Invalid);
        }
    }

    #[test]
    fn every_instruction_set_searches_the_same_trees() {
        // Each build of the search this CPU can run (see `isa`) against the portable one:
        // the same outcome and the same guesses (so the same tree), in every mode, on the
        // repository's sets (hard, 17-clue, several solutions, no solution) and on random
        // clue sets, many of them clashing; and the same answers for `has_solution_without`.
        let isas = Isa::available();
        let mut puzzles: Vec<Grid> = [
            "hardest_11plus_500.txt",
            "17_clue_1000.txt",
            "serg_multiple_500.txt",
            "gen_unsolvable_500.txt",
        ]
        .iter()
        .flat_map(|name| {
            let path = format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            text.lines().take(150).map(grid).collect::<Vec<_>>()
        })
        .collect();
        let mut rng = crate::generate::Rng::new(5);
        puzzles.extend((0..300).map(|round| {
            let density = 5 + round % 30;
            let cells = std::array::from_fn(|_| match rng.below(100) < density {
                true => 1 + rng.below(9) as u8,
                false => 0,
            });
            Grid::from_cells(cells).unwrap()
        }));
        for p in &puzzles {
            for mode in [Mode::First, Mode::Unique, Mode::LexMin, Mode::Count(3)] {
                let portable = solve_on(Isa::PORTABLE, p, mode, 10_000);
                for &isa in &isas[1..] {
                    assert_eq!(
                        solve_on(isa, p, mode, 10_000),
                        portable,
                        "{isa:?} {mode:?} {p}"
                    );
                }
            }
            let (cell, digit) = (rng.below(81), 1 + rng.below(9) as u8);
            let portable = has_solution_without_on(Isa::PORTABLE, p, cell, digit);
            for &isa in &isas[1..] {
                assert_eq!(
                    has_solution_without_on(isa, p, cell, digit),
                    portable,
                    "{p}"
                );
            }
        }
        println!("compared {isas:?} on {} puzzles", puzzles.len());
    }

    #[test]
    fn consistent_clues_without_solution_are_unsolvable() {
        // Row 1 leaves only cell r1c9 for a digit, but column 9 already holds it.
        let s = format!("12345678.........9{}", ".".repeat(63));
        let out = solve(&grid(&s), Mode::Unique);
        assert_eq!((out.status, out.solution), (Status::Unsolvable, None));
    }
}
