//! Which cells of a puzzle hold a clue, as band words. Every solve starts with it, and a plain
//! loop over 81 bytes cost a tenth of a Kaggle puzzle's whole solve, so on x86-64 it uses
//! SSE2 (in every x86-64 processor: no runtime check), one byte compare and one movemask per
//! 16 cells. A plain loop gives the same words everywhere else, and the tests hold the two
//! paths to each other.

/// The cells holding a value other than 0, per band (bit `9 * row + column`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn filled_cells(cells: &[u8; 81]) -> [u32; 3] {
    use super::tables::BAND;
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128,
    };
    let mut empty = u128::from(cells[80] == 0) << 80;
    for i in 0..5 {
        // SAFETY: SSE2 is in the x86-64 baseline; the load reads bytes 16 * i .. 16 * i + 16,
        // at most 64..80, inside the 81.
        let bits = unsafe {
            let chunk = _mm_loadu_si128(cells.as_ptr().add(16 * i).cast::<__m128i>());
            _mm_movemask_epi8(_mm_cmpeq_epi8(chunk, _mm_setzero_si128()))
        };
        empty |= u128::from(bits as u16) << (16 * i);
    }
    [0, 1, 2].map(|band| !(empty >> (27 * band)) as u32 & BAND)
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn filled_cells(cells: &[u8; 81]) -> [u32; 3] {
    portable_filled_cells(cells)
}

/// [`filled_cells`] one cell at a time.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn portable_filled_cells(cells: &[u8; 81]) -> [u32; 3] {
    let mut filled = [0u32; 3];
    for (band, band_cells) in cells.chunks_exact(27).enumerate() {
        for (pos, &v) in band_cells.iter().enumerate() {
            filled[band] |= u32::from(v != 0) << pos;
        }
    }
    filled
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_finds_exactly_the_filled_cells() {
        // Random grids of every density, and the extremes.
        let mut rng = crate::generate::Rng::new(7);
        let mut grids = vec![
            [0u8; 81],
            [9u8; 81],
            std::array::from_fn(|i| (i % 10) as u8),
        ];
        for round in 0..2000 {
            let density = round % 11;
            grids.push(std::array::from_fn(|_| match rng.below(10) {
                x if x >= density => 0,
                _ => 1 + rng.below(9) as u8,
            }));
        }
        for cells in &grids {
            let filled = filled_cells(cells);
            for (cell, &v) in cells.iter().enumerate() {
                let held = filled[cell / 27] >> (cell % 27) & 1 == 1;
                assert_eq!(held, v != 0, "cell {cell}");
            }
            assert_eq!(filled, portable_filled_cells(cells));
        }
    }
}
