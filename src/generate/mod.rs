//! Generating puzzles: each one unique (and by default minimal), reproducible from a seed, and
//! within the clue and difficulty targets asked for.
//!
//! A puzzle starts from a random solution grid: a few random clues solved by the engine, then
//! relabelled and shuffled (bands, rows, stacks, columns, a transpose), so that the engine's
//! own search order leaves no mark on it. Clues are then taken out one at a time (with a
//! symmetry, an orbit at a time) in random order, each kept out when the puzzle stays unique.
//! That is mostly one question, asked once per clue: is there a solution with another digit
//! where this clue was? ([`has_solution_without`], a search on a board with one candidate
//! fewer.)
//!
//! When the result misses the target (too many clues, too few guesses), the generator searches
//! toward it rather than start over. A step drops one or two clues, fills random empty cells
//! from a solution of what is left until the puzzle is unique again (so the solution itself
//! can change: the step tdoku's generator calls {-1+?}), takes clues out again, and keeps the
//! new puzzle in a pool of the closest ones when it does no worse than the pool's furthest
//! (moving along plateaus). After [`Options::attempts`] tries in all, it gives up and says how
//! close it came.

mod batch;
mod rng;
mod symmetry;

pub use batch::{Config, Format, Stats, run};
pub use rng::Rng;
pub use symmetry::{Orbit, Symmetry};

use crate::grid::Grid;
use crate::logic::{Level, Rating};
use crate::solver::{Mode, Status, has_solution_without, solve, solve_within};

/// A range of allowed values, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// The least allowed.
    pub min: u64,
    /// The most allowed.
    pub max: u64,
}

impl Target {
    /// Any value.
    pub const ANY: Target = Target {
        min: 0,
        max: u64::MAX,
    };

    /// How far `v` is outside the range (0 inside).
    fn distance(self, v: u64) -> u64 {
        self.min.saturating_sub(v) + v.saturating_sub(self.max)
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.min, self.max) {
            (a, b) if a == b => write!(f, "{a}"),
            (a, u64::MAX) => write!(f, "{a}.."),
            (0, b) => write!(f, "..{b}"),
            (a, b) => write!(f, "{a}..{b}"),
        }
    }
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct Options {
    /// Clues per puzzle.
    pub clues: Target,
    /// The engine's guesses in `unique` mode: the difficulty measure of tdoku's generator and
    /// of the sudoku-extreme data set.
    pub guesses: Target,
    /// The symmetry of the clues' pattern.
    pub symmetry: Symmetry,
    /// No clue can go without the puzzle getting a second solution (with a symmetry: no
    /// orbit of clues). Without, clues are taken out only down to the clue target's top.
    pub minimal: bool,
    /// Tries (each a round of taking clues out) for one puzzle before the target is given up.
    pub attempts: u64,
    /// The level for a person (see [`crate::logic`]) every puzzle must have.
    pub level: Option<Level>,
    /// The rating every puzzle must have, in tenths: Sudoku Explainer's ER as `rate`'s
    /// `score` gives it (a puzzle past the ladder counts as Explainer's 20.0).
    pub rating: Target,
    /// Rate every puzzle (implied by `level` and `rating`).
    pub rate: bool,
}

impl Options {
    /// Whether each puzzle gets a rating.
    pub(crate) fn rates(&self) -> bool {
        self.rate || self.rated_target()
    }

    /// Whether a target needs every try rated.
    fn rated_target(&self) -> bool {
        self.level.is_some() || self.rating != Target::ANY
    }
}

/// The score Explainer gives a puzzle its rules cannot finish ("beyond solver"), in tenths.
const BEYOND_SCORE: u64 = 200;

/// A rating's score as a target measures it.
fn score_of(rating: &Rating) -> u64 {
    match rating.finished() {
        true => u64::from(rating.score()),
        false => BEYOND_SCORE,
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            clues: Target::ANY,
            guesses: Target::ANY,
            symmetry: Symmetry::None,
            minimal: true,
            attempts: 100_000,
            level: None,
            rating: Target::ANY,
            rate: false,
        }
    }
}

/// One generated puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: one solution, checked.
    pub puzzle: Grid,
    /// That solution.
    pub solution: Grid,
    /// The puzzle's clues.
    pub clues: usize,
    /// The engine's guesses in `unique` mode.
    pub guesses: u64,
    /// Tries it took.
    pub attempts: u64,
    /// How hard it is for a person, when asked for (see `Options::rates`).
    pub rating: Option<Rating>,
}

/// A target that was not reached in the tries allowed, and the closest puzzle found.
#[derive(Debug, Clone, thiserror::Error)]
#[error(
    "no puzzle with {wanted} in {attempts} tries; the closest had {} clues and {} guesses{}",
    closest.clues,
    closest.guesses,
    closest.rating.map_or(String::new(), |r| format!(" (level {}, score {})", r.level().name(), crate::logic::Score(r.score())))
)]
pub struct Unreached {
    /// The target, as asked for (`--clues 17..17`).
    pub wanted: String,
    /// The tries made.
    pub attempts: u64,
    /// The puzzle nearest the target.
    pub closest: Box<Generated>,
}

/// Puzzles the search keeps to step from.
const POOL: usize = 16;

/// Generates one puzzle from `seed`: the same seed and options give the same puzzle.
pub fn generate(options: &Options, seed: u64) -> Result<Generated, Unreached> {
    let mut rng = Rng::new(seed);
    let orbits = options.symmetry.orbits();
    let mut closest: Option<(u64, Generated)> = None;
    let mut attempts = 0;
    // The search keeps a pool of the puzzles closest to the target (by the steadier measure)
    // and steps from a random one, replacing the pool's furthest when it does better: the pool
    // keeps the variety that a single climber loses on a plateau (tdoku's generator does this).
    let mut pool: Vec<(u64, Generated)> = Vec::with_capacity(POOL);
    while attempts < options.attempts {
        attempts += 1;
        let (start, solution) = if pool.len() < POOL {
            let solution = random_solution(&mut rng);
            (solution, solution)
        } else {
            step(&pool[rng.below(POOL)].1, &orbits, &mut rng)
        };
        let puzzle = reduce(start, &solution, &orbits, options, &mut rng);
        let clues = puzzle.clue_count();
        // The engine solves every puzzle made, which gives its guesses and checks it as
        // `solve` checks an answer: one solution, the one built, valid. A failure is a bug.
        let out = solve(&puzzle, Mode::Unique);
        let valid = solution.check_solution_of(&puzzle);
        if out.status != Status::Solved || out.solution != Some(solution) || valid.is_err() {
            panic!("generator bug on {puzzle}: {:?}, {valid:?}", out.status);
        }
        let guesses = out.guesses;
        // Every try is rated when the level or rating is a target; with --rate alone, only the
        // puzzle given out.
        let rate = || crate::logic::rate(&puzzle).expect("a puzzle with a solution has no clash");
        let rating = options.rated_target().then(rate);
        let found = Generated {
            puzzle,
            solution,
            clues,
            guesses,
            attempts,
            rating,
        };
        let distance = distance(options, &found);
        if distance == 0 {
            let rating = found.rating.or_else(|| options.rate.then(rate));
            return Ok(Generated { rating, ..found });
        }
        if closest.as_ref().is_none_or(|(d, _)| distance < *d) {
            closest = Some((distance, found));
        }
        // The search follows a steadier measure than the one puzzle's guesses: their mean
        // over it and a few shuffled copies, so that a step is not judged by the luck of one
        // search order.
        let steady = if options.guesses == Target::ANY {
            distance
        } else {
            let mean = mean_guesses(&puzzle, guesses, &mut rng);
            options.clues.distance(clues as u64)
                + options.guesses.distance(mean)
                + rated_distance(options, &found)
        };
        if pool.len() < POOL {
            pool.push((steady, found));
        } else {
            let furthest = (0..POOL).max_by_key(|&i| pool[i].0).expect("a full pool");
            if steady <= pool[furthest].0 {
                pool[furthest] = (steady, found);
            }
        }
    }
    let (_, closest) = closest.expect("at least one try");
    Err(Unreached {
        wanted: wanted(options),
        attempts,
        closest: Box::new(closest),
    })
}

/// Shuffled copies a search step is judged by, besides the puzzle itself.
const COPIES: u64 = 3;

/// The mean of `guesses` (the puzzle's own) and the guesses of `COPIES` shuffled copies.
fn mean_guesses(puzzle: &Grid, guesses: u64, rng: &mut Rng) -> u64 {
    let copies: u64 = (0..COPIES)
        .map(|_| solve(&shuffle(puzzle, rng), Mode::Unique).guesses)
        .sum();
    (guesses + copies) / (COPIES + 1)
}

/// How far a puzzle is from the targets: clues, guesses and tenths of rating outside their
/// ranges, and levels away from the level asked for, added up.
fn distance(options: &Options, g: &Generated) -> u64 {
    options.clues.distance(g.clues as u64)
        + options.guesses.distance(g.guesses)
        + rated_distance(options, g)
}

/// Levels between a puzzle's and the one asked for, and tenths between its score and the
/// rating range asked for (0 for what is not asked for).
fn rated_distance(options: &Options, g: &Generated) -> u64 {
    let Some(rating) = g.rating else { return 0 };
    let levels = options
        .level
        .map_or(0, |wanted| (wanted as u64).abs_diff(rating.level() as u64));
    levels + options.rating.distance(score_of(&rating))
}

/// The targets, as the command line names them.
fn wanted(options: &Options) -> String {
    let mut parts = Vec::new();
    if options.clues != Target::ANY {
        parts.push(format!("--clues {}", options.clues));
    }
    if options.guesses != Target::ANY {
        parts.push(format!("--guesses {}", options.guesses));
    }
    if let Some(level) = options.level {
        parts.push(format!("--level {}", level.name()));
    }
    if options.rating != Target::ANY {
        let score = |t: u64| crate::logic::Score(t.min(u64::from(u16::MAX)) as u16).to_string();
        let (min, max) = (options.rating.min, options.rating.max);
        parts.push(match (min, max) {
            (a, b) if a == b => format!("--rating {}", score(a)),
            (a, u64::MAX) => format!("--rating {}..", score(a)),
            (a, b) => format!("--rating {}..{}", score(a), score(b)),
        });
    }
    if parts.is_empty() {
        "these options".to_string()
    } else {
        parts.join(" ")
    }
}

/// A random solution grid: random clues solved by the engine, then relabelled and shuffled.
fn random_solution(rng: &mut Rng) -> Grid {
    loop {
        let mut cells = [0u8; 81];
        for _ in 0..11 {
            let cell = rng.below(81);
            let digit = 1 + rng.below(9) as u8;
            if cells[cell] == 0 && allowed(&cells, cell, digit) {
                cells[cell] = digit;
            }
        }
        let seed = Grid::from_cells(cells).expect("digits are 1..=9");
        // Eleven random clues are nearly always solvable, quickly; a rare long search is
        // dropped for a fresh draw. Row-major order finds a completion in a third of the time
        // the engine's own order takes on so open a board (4.5 µs against 12.9, measured);
        // the shuffle after spreads its grids as well as any.
        let out = solve_within(&seed, Mode::LexMin, 1000);
        if let (Status::Solved, Some(solution)) = (out.status, out.solution) {
            return shuffle(&solution, rng);
        }
    }
}

/// True when `digit` at `cell` repeats no digit of its row, column or box.
fn allowed(cells: &[u8; 81], cell: usize, digit: u8) -> bool {
    let (r, c) = (cell / 9, cell % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    (0..9).all(|k| {
        cells[r * 9 + k] != digit
            && cells[k * 9 + c] != digit
            && cells[(br + k / 3) * 9 + bc + k % 3] != digit
    })
}

/// A grid of the same kind as `grid`, drawn at random: its digits relabelled, its bands,
/// rows within bands, stacks and columns within stacks permuted, maybe transposed (blanks
/// stay blank). Each of these keeps a solution a solution, and a puzzle's difficulty for a
/// person; only a solver's search order sees the difference.
fn shuffle(grid: &Grid, rng: &mut Rng) -> Grid {
    let permutation = |rng: &mut Rng| {
        let mut groups = [0, 1, 2];
        rng.shuffle(&mut groups);
        let mut order = [0usize; 9];
        for (g, &group) in groups.iter().enumerate() {
            let mut within = [0, 1, 2];
            rng.shuffle(&mut within);
            for (w, &x) in within.iter().enumerate() {
                order[3 * g + w] = 3 * group + x;
            }
        }
        order
    };
    let (rows, columns) = (permutation(rng), permutation(rng));
    let mut digits: [u8; 9] = std::array::from_fn(|d| d as u8 + 1);
    rng.shuffle(&mut digits);
    let transpose = rng.coin();
    let mut cells = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose {
                (columns[c], rows[r])
            } else {
                (rows[r], columns[c])
            };
            cells[r * 9 + c] = match grid.get(sr, sc) {
                0 => 0,
                d => digits[usize::from(d) - 1],
            };
        }
    }
    Grid::from_cells(cells).expect("digits are 1..=9")
}

/// Takes clues out of `start` (whose only solution is `solution`) an orbit at a time, in
/// random order, keeping each out when the puzzle stays unique. With `options.minimal` every
/// orbit is tried; without, it stops once the clue target's top is reached, and never goes
/// below its bottom.
fn reduce(
    start: Grid,
    solution: &Grid,
    orbits: &[Orbit],
    options: &Options,
    rng: &mut Rng,
) -> Grid {
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    rng.shuffle(&mut order);
    let mut board = Clues::new(&start);
    let mut rectangles = Rectangles::new(solution, &board);
    let mut clues = start.clue_count() as u64;
    for &o in &order {
        let orbit = orbits[o].cells();
        let orbit_mask = orbit.iter().fold(0u128, |m, &c| m | 1 << c);
        if !options.minimal && clues <= options.clues.max {
            break;
        }
        if orbit_mask & !board.mask != 0
            || (!options.minimal && clues - (orbit.len() as u64) < options.clues.min)
        {
            continue;
        }
        // A clue that is the last of an unavoidable set stays: no search needed.
        let last = rectangles.would_empty(orbit_mask) || board.would_leave_two_digits_out(orbit);
        orbit.iter().for_each(|&c| board.clear(c));
        // The cells taken out are still decided when simple logic places each one again:
        // nearly always while many clues are left, and then no search is needed. (Logic
        // first: it is the cheaper test, and a clue it places again is never the last of an
        // unavoidable set.)
        let unique = orbit.iter().all(|&c| board.forced(c, solution.cells()[c]))
            || !last && {
                let reduced = board.grid();
                match orbit {
                    // Another solution of the reduced puzzle differs from the one solution
                    // here.
                    &[cell] => !has_solution_without(&reduced, cell, solution.cells()[cell]),
                    _ => solve(&reduced, Mode::Unique).status == Status::Solved,
                }
            };
        if unique {
            clues -= orbit.len() as u64;
            rectangles.take_out(orbit_mask);
        } else {
            orbit
                .iter()
                .for_each(|&c| board.set(c, solution.cells()[c]));
        }
    }
    board.grid()
}

/// The deadly rectangles of a solution grid, with the clues each holds: four cells in two
/// rows, two columns and two boxes, holding `a b` over `b a`. Swapping `a` and `b` in them
/// gives another grid, so a unique puzzle has a clue in each: the last one must stay.
struct Rectangles {
    /// Each rectangle's cells that hold a clue (bit `cell`).
    clues: Vec<u128>,
}

impl Rectangles {
    fn new(solution: &Grid, board: &Clues) -> Rectangles {
        let s = |r: usize, c: usize| solution.get(r, c);
        let mut clues = Vec::new();
        // Two rows of one band and two columns of different stacks (and, transposed, two
        // columns of one stack and two rows of different bands): the only ways to span two
        // boxes.
        for transposed in [false, true] {
            for (a1, a2) in (0..9).flat_map(|a| (a + 1..a / 3 * 3 + 3).map(move |b| (a, b))) {
                for (b1, b2) in (0..9).flat_map(|a| (a / 3 * 3 + 3..9).map(move |b| (a, b))) {
                    let ((r1, r2), (c1, c2)) = match transposed {
                        false => ((a1, a2), (b1, b2)),
                        true => ((b1, b2), (a1, a2)),
                    };
                    if s(r1, c1) == s(r2, c2) && s(r1, c2) == s(r2, c1) {
                        let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                        clues.push(board.mask & cells.iter().fold(0, |m, &c| m | 1 << c));
                    }
                }
            }
        }
        Rectangles { clues }
    }

    /// True when taking the cells of `orbit` (bit `cell`) out would leave a rectangle without
    /// a clue.
    fn would_empty(&self, orbit: u128) -> bool {
        self.clues
            .iter()
            .any(|&c| c & orbit != 0 && c & !orbit == 0)
    }

    fn take_out(&mut self, orbit: u128) {
        self.clues.iter_mut().for_each(|c| *c &= !orbit);
    }
}

/// A puzzle's clues, with the digits each row, column and box holds (bit `d`), for quick
/// logic as clues are taken out.
struct Clues {
    cells: [u8; 81],
    /// The cells holding a clue (bit `cell`).
    mask: u128,
    /// Digits held by rows 0..9, columns 9..18 and boxes 18..27.
    units: [u16; 27],
    /// Clues of each digit.
    per_digit: [u8; 10],
}

/// A cell's row, column and box, as indices into [`Clues::units`].
fn units_of(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [r, 9 + c, 18 + r / 3 * 3 + c / 3]
}

impl Clues {
    fn new(grid: &Grid) -> Clues {
        let mut clues = Clues {
            cells: [0; 81],
            mask: 0,
            units: [0; 27],
            per_digit: [0; 10],
        };
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                clues.set(cell, d);
            }
        }
        clues
    }

    fn set(&mut self, cell: usize, digit: u8) {
        self.cells[cell] = digit;
        self.mask |= 1 << cell;
        self.per_digit[usize::from(digit)] += 1;
        for u in units_of(cell) {
            self.units[u] |= 1 << digit;
        }
    }

    fn clear(&mut self, cell: usize) {
        let digit = self.cells[cell];
        self.cells[cell] = 0;
        self.mask &= !(1 << cell);
        self.per_digit[usize::from(digit)] -= 1;
        for u in units_of(cell) {
            self.units[u] &= !(1 << digit);
        }
    }

    /// The digits the clues rule out of `cell`.
    fn seen(&self, cell: usize) -> u16 {
        units_of(cell)
            .iter()
            .fold(0, |seen, &u| seen | self.units[u])
    }

    /// True when the clues force `digit` into the empty `cell`: it is the cell's one
    /// candidate (a naked single), or no other empty cell of one of its units can take it (a
    /// hidden single).
    fn forced(&self, cell: usize, digit: u8) -> bool {
        let others = 0x3fe & !(1 << digit);
        if self.seen(cell) & others == others {
            return true;
        }
        units_of(cell).iter().any(|&u| {
            crate::grid::unit_cells(u).iter().all(|&other| {
                let other = usize::from(other);
                other == cell || self.cells[other] != 0 || self.seen(other) & 1 << digit != 0
            })
        })
    }

    fn grid(&self) -> Grid {
        Grid::from_cells(self.cells).expect("digits are 1..=9")
    }

    /// True when taking `orbit` out would leave two digits with no clue at all: swapping
    /// them gives a second solution.
    fn would_leave_two_digits_out(&self, orbit: &[usize]) -> bool {
        let mut count = self.per_digit;
        for &c in orbit {
            count[usize::from(self.cells[c])] -= 1;
        }
        count[1..].iter().filter(|&&n| n == 0).count() >= 2
    }
}

/// A step of the search from `g`: one or two of its clue orbits dropped, then random empty
/// orbits filled from a solution of what is left until it is unique again. Returns the new
/// puzzle (to be reduced) and its one solution, which may differ from `g`'s.
fn step(g: &Generated, orbits: &[Orbit], rng: &mut Rng) -> (Grid, Grid) {
    let mut cells = *g.puzzle.cells();
    let filled: Vec<&Orbit> = orbits.iter().filter(|o| cells[o.cells()[0]] != 0).collect();
    for _ in 0..1 + rng.below(2) {
        for &c in filled[rng.below(filled.len())].cells() {
            cells[c] = 0;
        }
    }
    loop {
        let puzzle = Grid::from_cells(cells).expect("digits are 1..=9");
        let out = solve(&puzzle, Mode::Unique);
        let some = out
            .solution
            .expect("a subset of a unique puzzle's clues is solvable");
        if out.status == Status::Solved {
            return (puzzle, some);
        }
        let empty: Vec<&Orbit> = orbits.iter().filter(|o| cells[o.cells()[0]] == 0).collect();
        for &c in empty[rng.below(empty.len())].cells() {
            cells[c] = some.cells()[c];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_one_minimal_unique_puzzle() {
        let g = generate(&Options::default(), 42).unwrap();
        assert_eq!(
            g,
            generate(&Options::default(), 42).unwrap(),
            "reproducible"
        );
        assert_ne!(g.puzzle, generate(&Options::default(), 43).unwrap().puzzle);
        let out = solve(&g.puzzle, Mode::Unique);
        assert_eq!(
            (out.status, out.solution),
            (Status::Solved, Some(g.solution))
        );
        g.solution.check_solution_of(&g.puzzle).unwrap();
        for cell in (0..81).filter(|&c| g.puzzle.cells()[c] != 0) {
            let mut cells = *g.puzzle.cells();
            cells[cell] = 0;
            let fewer = Grid::from_cells(cells).unwrap();
            assert_eq!(
                solve(&fewer, Mode::Unique).status,
                Status::Multiple,
                "minimal"
            );
        }
        assert_eq!(g.clues, g.puzzle.clue_count());
    }

    #[test]
    fn what_logic_forces_no_solution_changes() {
        // A cell the clues force (naked or hidden single) holds the same digit in every
        // solution: the search must agree, on puzzles of every density.
        let mut rng = Rng::new(3);
        let mut forced = 0;
        for round in 0..400 {
            let solution = random_solution(&mut rng);
            let mut clues = Clues::new(&solution);
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            for &c in &cells[..20 + round % 45] {
                clues.clear(c);
            }
            for &c in &cells[..20 + round % 45] {
                let digit = solution.cells()[c];
                if clues.forced(c, digit) {
                    forced += 1;
                    assert!(
                        !has_solution_without(&clues.grid(), c, digit),
                        "round {round}"
                    );
                }
            }
        }
        assert!(forced > 1000, "{forced}");
    }

    #[test]
    fn every_deadly_rectangle_is_found_and_its_last_clue_stays() {
        let mut rng = Rng::new(9);
        let mut found = 0;
        for _ in 0..200 {
            let solution = random_solution(&mut rng);
            let rectangles = Rectangles::new(&solution, &Clues::new(&solution));
            // Naively: any two rows and two columns whose four cells lie in exactly two boxes
            // and hold `a b` over `b a`.
            let mut want = Vec::new();
            for (r1, r2, c1, c2) in (0..81 * 81).map(|i| (i / 729, i / 81 % 9, i / 9 % 9, i % 9)) {
                let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                let mut boxes: Vec<usize> = cells.iter().map(|&c| c / 27 * 3 + c % 9 / 3).collect();
                boxes.sort();
                boxes.dedup();
                let s = |c: usize| solution.cells()[c];
                if r1 < r2
                    && c1 < c2
                    && boxes.len() == 2
                    && s(cells[0]) == s(cells[3])
                    && s(cells[1]) == s(cells[2])
                {
                    want.push(cells.iter().fold(0u128, |m, &c| m | 1 << c));
                }
            }
            let mut got = rectangles.clues.clone();
            got.sort();
            want.sort();
            assert_eq!(got, want);
            found += want.len();
        }
        assert!(found > 200, "{found}");
        // The last clue of a rectangle stays; one of two may go.
        let mut rectangles = Rectangles {
            clues: vec![0b1111],
        };
        assert!(!rectangles.would_empty(0b0011));
        rectangles.take_out(0b0011);
        assert!(!rectangles.would_empty(0b10000));
        assert!(!rectangles.would_empty(0b0100));
        assert!(rectangles.would_empty(0b1100));
        rectangles.take_out(0b0100);
        assert!(rectangles.would_empty(0b1000));
        assert!(rectangles.would_empty(0b11000));
    }

    #[test]
    fn shuffled_grids_stay_solutions() {
        let mut rng = Rng::new(5);
        for _ in 0..50 {
            let s = random_solution(&mut rng);
            s.check_solution_of(&Grid::EMPTY).unwrap();
        }
    }

    #[test]
    fn an_impossible_target_says_how_close_it_came() {
        let options = Options {
            clues: Target { min: 5, max: 5 },
            attempts: 20,
            ..Options::default()
        };
        let err = generate(&options, 1).unwrap_err();
        assert_eq!(err.attempts, 20);
        assert!(err.closest.clues > 5);
        assert!(
            err.to_string()
                .starts_with("no puzzle with --clues 5 in 20 tries; the closest had")
        );
    }

    #[test]
    fn targets_print_as_they_are_written() {
        assert_eq!(Target { min: 22, max: 24 }.to_string(), "22..24");
        assert_eq!(
            Target {
                min: 50,
                max: u64::MAX
            }
            .to_string(),
            "50.."
        );
        assert_eq!(Target { min: 0, max: 30 }.to_string(), "..30");
        assert_eq!(Target { min: 17, max: 17 }.to_string(), "17");
        assert_eq!(Target { min: 3, max: 9 }.distance(1), 2);
        assert_eq!(Target { min: 3, max: 9 }.distance(12), 3);
    }
}
