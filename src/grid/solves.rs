//! The quick yes of the solution check: is a grid full, rule-abiding and true to a puzzle's
//! clues? Every answer passes here before it is printed: on an easy puzzle the portable path
//! costs a twelfth of the solve itself. The reason for a no is [`Grid::check_solution_of`]'s
//! slow part.
//!
//! Both paths test the same thing: a unit is whole when the bits `1 << digit` of its nine
//! cells, ORed, are bits 1 to 9 (nine cells holding nine bits are nine distinct digits, and a
//! blank, 0, has no bit), and a clue is kept when the cell holds it.
//!
//! [`Grid::check_solution_of`]: super::Grid::check_solution_of

use super::CELLS;

/// Bits 1 to 9: every digit.
const EVERY_DIGIT: u16 = 0x3fe;

/// True when `solution` is full, breaks no rule and keeps every clue of `puzzle`; both hold
/// only `0..=9`, as every [`Grid`](super::Grid) does.
#[inline]
pub(super) fn solves(solution: &[u8; CELLS], puzzle: &[u8; CELLS]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx") {
        // SAFETY: the CPU has AVX.
        return unsafe { avx::solves(solution, puzzle) };
    }
    portable::solves(solution, puzzle)
}

/// One way to run the check.
#[cfg(test)]
type Path = fn(&[u8; CELLS], &[u8; CELLS]) -> bool;

/// Every path this CPU can run, for the tests: each must say what the others say.
#[cfg(test)]
fn every_path() -> Vec<Path> {
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut paths: Vec<Path> = vec![portable::solves];
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx") {
        // SAFETY: only called on this CPU, which has AVX.
        paths.push(|s, p| unsafe { avx::solves(s, p) });
    }
    paths
}

mod portable {
    use super::{CELLS, EVERY_DIGIT};

    /// Row by row: the columns are a nine-lane vector and the boxes three thirds, so it all
    /// stays in registers.
    pub(crate) fn solves(solution: &[u8; CELLS], puzzle: &[u8; CELLS]) -> bool {
        let mut every_unit = EVERY_DIGIT;
        let (mut cols, mut boxes) = ([0u16; 9], [0u16; 3]);
        for (r, row) in solution.chunks_exact(9).enumerate() {
            let mut thirds = [0u16; 3];
            for (c, &v) in row.iter().enumerate() {
                let bit = 1u16 << v;
                cols[c] |= bit;
                thirds[c / 3] |= bit;
            }
            every_unit &= thirds[0] | thirds[1] | thirds[2];
            for (b, third) in boxes.iter_mut().zip(thirds) {
                *b |= third;
            }
            if r % 3 == 2 {
                every_unit &= boxes[0] & boxes[1] & boxes[2];
                boxes = [0; 3];
            }
        }
        let units_whole = cols.iter().fold(every_unit, |all, &c| all & c) == EVERY_DIGIT;
        let changed =
            (solution.iter().zip(puzzle)).fold(false, |any, (&s, &p)| any | ((p != 0) & (p != s)));
        units_whole && !changed
    }
}

/// A byte shuffle (`pshufb`) looks up a row's nine digit bits in two instructions, and the
/// rows, columns and boxes are ORed as vectors. Compiled for AVX, where each instruction names
/// its own destination and the copies between registers go (a fifth fewer instructions than
/// for SSSE3 alone); every x86-64 since about 2011 but some low-cost Atom-based ones has it.
/// About 290 instructions against the portable path's 600, in half the time (BENCHMARKS.md,
/// "The solution check in SIMD").
#[cfg(target_arch = "x86_64")]
mod avx {
    use super::{CELLS, EVERY_DIGIT};
    use std::arch::x86_64::*;

    /// A digit's bit, `1 << digit`, is split into a low and a high byte, each looked up by the
    /// digit. A blank has no bit, nor has a lane with its high bit set (`pshufb` gives 0).
    const LOW_BYTE: [u8; 16] = [0, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];
    const HIGH_BYTE: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0];
    /// Lanes 9-15 of a row's load belong to the next row: their high bit makes them no digit.
    const PAST_THE_ROW: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 128, 128, 128, 128, 128, 128];

    #[target_feature(enable = "avx")]
    pub(crate) fn solves(solution: &[u8; CELLS], puzzle: &[u8; CELLS]) -> bool {
        let vector = |bytes: &[u8; 16]| {
            // SAFETY: reads 16 bytes of a 16-byte array.
            unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) }
        };
        // 16 bytes of `grid` from `at`, which is at most CELLS - 16.
        let load = |grid: &[u8; CELLS], at: usize| {
            assert!(at + 16 <= CELLS);
            // SAFETY: in bounds, as just asserted.
            unsafe { _mm_loadu_si128(grid.as_ptr().add(at).cast()) }
        };
        let (low, high, past) = (vector(&LOW_BYTE), vector(&HIGH_BYTE), vector(&PAST_THE_ROW));
        let (mut cols_low, mut cols_high) = (_mm_setzero_si128(), _mm_setzero_si128());
        let mut rows_whole = _mm_set1_epi8(-1);
        let mut boxes_whole = _mm_set1_epi8(-1);
        for band in 0..3 {
            let (mut band_low, mut band_high) = (_mm_setzero_si128(), _mm_setzero_si128());
            for row in 3 * band..3 * band + 3 {
                // The last row's 16 bytes would run past the grid: load them 7 bytes earlier.
                let cells = match row {
                    8 => _mm_srli_si128::<7>(load(solution, CELLS - 16)),
                    _ => load(solution, 9 * row),
                };
                let cells = _mm_or_si128(cells, past);
                let (lo, hi) = (_mm_shuffle_epi8(low, cells), _mm_shuffle_epi8(high, cells));
                band_low = _mm_or_si128(band_low, lo);
                band_high = _mm_or_si128(band_high, hi);
                // The row's bits as 16-bit lanes (cells 0-7, then 8), ORed into lane 0.
                let mut bits = _mm_or_si128(_mm_unpacklo_epi8(lo, hi), _mm_unpackhi_epi8(lo, hi));
                bits = _mm_or_si128(bits, _mm_srli_si128::<8>(bits));
                bits = _mm_or_si128(bits, _mm_srli_si128::<4>(bits));
                bits = _mm_or_si128(bits, _mm_srli_si128::<2>(bits));
                let whole = _mm_cmpeq_epi16(bits, _mm_set1_epi16(EVERY_DIGIT as i16));
                rows_whole = _mm_and_si128(rows_whole, whole);
            }
            cols_low = _mm_or_si128(cols_low, band_low);
            cols_high = _mm_or_si128(cols_high, band_high);
            // A box's bits: its three columns' lanes, ORed into the first (lanes 0, 3, 6).
            let thirds = |v| {
                _mm_or_si128(
                    v,
                    _mm_or_si128(_mm_srli_si128::<1>(v), _mm_srli_si128::<2>(v)),
                )
            };
            boxes_whole = _mm_and_si128(
                boxes_whole,
                every_digit(thirds(band_low), thirds(band_high)),
            );
        }
        // (The last column, and each band's last box, follow from the other units: counted
        // anyway, as the portable path does.)
        let cols_whole = every_digit(cols_low, cols_high);
        let units_whole = (_mm_movemask_epi8(rows_whole) & 0b11) == 0b11
            && (_mm_movemask_epi8(boxes_whole) & 0b100_1001) == 0b100_1001
            && (_mm_movemask_epi8(cols_whole) & 0x1ff) == 0x1ff;
        // A clue is kept where the puzzle's cell is blank or equal; the last load overlaps.
        let mut kept = _mm_set1_epi8(-1);
        for at in [0, 16, 32, 48, 64, CELLS - 16] {
            let (s, p) = (load(solution, at), load(puzzle, at));
            let ok = _mm_or_si128(_mm_cmpeq_epi8(p, s), _mm_cmpeq_epi8(p, _mm_setzero_si128()));
            kept = _mm_and_si128(kept, ok);
        }
        units_whole && _mm_movemask_epi8(kept) == 0xffff
    }

    /// Per byte lane: all ones where the low and high bytes hold bits 1 to 9.
    #[target_feature(enable = "avx")]
    fn every_digit(low: __m128i, high: __m128i) -> __m128i {
        let [lo, hi] = EVERY_DIGIT.to_le_bytes();
        _mm_and_si128(
            _mm_cmpeq_epi8(low, _mm_set1_epi8(lo as i8)),
            _mm_cmpeq_epi8(high, _mm_set1_epi8(hi as i8)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::Grid;
    use super::super::tests::P;
    use super::*;

    /// What the check means, said by the grid's own rule check: no blank, no digit twice in a
    /// unit (so each once), and every clue where the puzzle put it.
    fn reference(solution: &[u8; CELLS], puzzle: &[u8; CELLS]) -> bool {
        !solution.contains(&0)
            && !Grid { cells: *solution }.has_conflict()
            && (0..CELLS).all(|i| puzzle[i] == 0 || puzzle[i] == solution[i])
    }

    fn agree(solution: &[u8; CELLS], puzzle: &[u8; CELLS]) {
        let expected = reference(solution, puzzle);
        for (i, path) in every_path().into_iter().enumerate() {
            assert_eq!(
                path(solution, puzzle),
                expected,
                "path {i} on {} of {}",
                Grid { cells: *solution },
                Grid { cells: *puzzle }
            );
        }
    }

    fn solution() -> [u8; CELLS] {
        let puzzle: Grid = P.parse().unwrap();
        crate::solve(&puzzle, crate::Mode::Unique)
            .solution
            .unwrap()
            .cells
    }

    /// Every cell set to every value (a blank, a repeated digit, or its own digit), against no
    /// clues and against the solution as the puzzle: each row, column and box lane, each cell's
    /// place in its load, the last row's shifted load and each clue lane go wrong alone.
    #[test]
    fn every_path_judges_every_single_change_as_the_rules_do() {
        let solution = solution();
        assert!(reference(&solution, &solution));
        for cell in 0..CELLS {
            for v in 0..=9 {
                let mut changed = solution;
                changed[cell] = v;
                agree(&changed, &[0; CELLS]);
                agree(&changed, &solution);
                // The grid right, the clue changed.
                agree(&solution, &changed);
            }
        }
    }

    /// Two cells swapped keep the digits' counts, so only the units through them can tell:
    /// every pair of cells.
    #[test]
    fn every_path_judges_every_swap_of_two_cells_as_the_rules_do() {
        let solution = solution();
        for a in 0..CELLS {
            for b in a + 1..CELLS {
                let mut swapped = solution;
                swapped.swap(a, b);
                agree(&swapped, &[0; CELLS]);
            }
        }
    }

    /// Whole rows or columns swapped keep every row and column whole: only boxes can tell,
    /// each box in turn.
    #[test]
    fn every_path_catches_a_break_in_any_box_alone() {
        let solution = solution();
        for a in 0..9 {
            for b in a + 1..9 {
                let rows: [u8; CELLS] = std::array::from_fn(|i| {
                    let r = match i / 9 {
                        r if r == a => b,
                        r if r == b => a,
                        r => r,
                    };
                    solution[9 * r + i % 9]
                });
                let columns: [u8; CELLS] = std::array::from_fn(|i| {
                    let c = match i % 9 {
                        c if c == a => b,
                        c if c == b => a,
                        c => c,
                    };
                    solution[i / 9 * 9 + c]
                });
                agree(&rows, &[0; CELLS]);
                agree(&columns, &[0; CELLS]);
                assert_eq!(reference(&rows, &[0; CELLS]), a / 3 == b / 3);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// Random edits of a solution, against a puzzle of some of its cells with random edits.
        #[test]
        fn every_path_agrees_with_the_rules_on_random_edits(
            edits in proptest::collection::vec((0..CELLS, 0..=9u8), 0..4),
            clues in proptest::collection::vec(proptest::bool::ANY, CELLS),
            clue_edits in proptest::collection::vec((0..CELLS, 0..=9u8), 0..2),
        ) {
            let solution = solution();
            let mut grid = solution;
            for (cell, v) in edits {
                grid[cell] = v;
            }
            let mut puzzle: [u8; CELLS] =
                std::array::from_fn(|i| if clues[i] { solution[i] } else { 0 });
            for (cell, v) in clue_edits {
                puzzle[cell] = v;
            }
            agree(&grid, &puzzle);
        }
    }
}
