//! Each digit's shapes (rows×boxes occupancy and columns, three bands side by side), which the
//! split nodes read: 27 words, each through the same few shifts and masks. A band's nine
//! words are neighbours, so on x86-64 four digits go through at once in SSE2 registers (in
//! every x86-64 processor: no runtime check): 6.5% of hardest_1584's instructions. A plain
//! loop gives the same shapes everywhere else, and the tests hold the two paths to each other.

use super::split::Shapes;
use super::tables::WORDS;
#[cfg(any(test, not(target_arch = "x86_64")))]
use super::tables::{columns, occupancy, word};

/// The shapes of the board whose band words are `words`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn shapes(words: &[u32; WORDS]) -> Shapes {
    sse2::shapes(words)
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::super::tables::{ROW, WORDS, columns, occupancy, word};
    use super::Shapes;
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi32_si128, _mm_loadu_si128, _mm_or_si128, _mm_set1_epi32,
        _mm_setzero_si128, _mm_sll_epi32, _mm_slli_epi32, _mm_srli_epi32, _mm_storeu_si128,
    };

    /// Four words' occupancies and columns. Columns as `columns` does; occupancy without
    /// `occupancy`'s table (SSE2 cannot look up per lane): each segment's "any" bit (bits 0,
    /// 3, .., 24) is gathered by or-ing shifted copies, first each row's three bits side by
    /// side, then the three rows. No two copies share a bit, so nothing is lost or carried.
    #[inline(always)]
    fn lanes(w: __m128i) -> (__m128i, __m128i) {
        // SAFETY (every intrinsic here): SSE2 is in the x86-64 baseline. No
        // `#[target_feature]`: the search inlines this into each of its builds (`isa`).
        unsafe {
            let or3 = |a, b, c| _mm_or_si128(_mm_or_si128(a, b), c);
            let cols = or3(w, _mm_srli_epi32(w, 9), _mm_srli_epi32(w, 18));
            let any = or3(w, _mm_srli_epi32(w, 1), _mm_srli_epi32(w, 2));
            let any = _mm_and_si128(any, _mm_set1_epi32(0x124_9249));
            let rows = or3(any, _mm_slli_epi32(any, 2), _mm_slli_epi32(any, 4));
            let rows = _mm_and_si128(_mm_srli_epi32(rows, 4), _mm_set1_epi32(0x1c_0e07));
            let occ = or3(rows, _mm_slli_epi32(rows, 6), _mm_slli_epi32(rows, 12));
            let row = _mm_set1_epi32(ROW as i32);
            (
                _mm_and_si128(_mm_srli_epi32(occ, 12), row),
                _mm_and_si128(cols, row),
            )
        }
    }

    #[inline(always)]
    pub(super) fn shapes(words: &[u32; WORDS]) -> Shapes {
        let mut shapes = Shapes {
            rows: [0; 9],
            cols: [0; 9],
        };
        // SAFETY: SSE2 as in `lanes`. Each load reads words `word(4 * half, band)` to 3 past
        // it, at most 18 + 7 = 25, inside the 27; each store writes 4 of the 8 digits before
        // the ninth.
        unsafe {
            let mut acc = [[_mm_setzero_si128(); 2]; 2];
            for band in 0..3 {
                let shift = _mm_cvtsi32_si128(9 * band as i32);
                for (half, [rows, cols]) in acc.iter_mut().enumerate() {
                    let w = _mm_loadu_si128(words.as_ptr().add(word(4 * half, band)).cast());
                    let (r, c) = lanes(w);
                    *rows = _mm_or_si128(*rows, _mm_sll_epi32(r, shift));
                    *cols = _mm_or_si128(*cols, _mm_sll_epi32(c, shift));
                }
                let w = words[word(8, band)];
                shapes.rows[8] |= occupancy(w) << (9 * band);
                shapes.cols[8] |= columns(w) << (9 * band);
            }
            for (half, [rows, cols]) in acc.into_iter().enumerate() {
                _mm_storeu_si128(shapes.rows[4 * half..].as_mut_ptr().cast(), rows);
                _mm_storeu_si128(shapes.cols[4 * half..].as_mut_ptr().cast(), cols);
            }
        }
        shapes
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn shapes(words: &[u32; WORDS]) -> Shapes {
    portable_shapes(words)
}

/// [`shapes`] one word at a time.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn portable_shapes(words: &[u32; WORDS]) -> Shapes {
    let packed = |f: fn(u32) -> u32, d: usize| {
        f(words[word(d, 0)]) | f(words[word(d, 1)]) << 9 | f(words[word(d, 2)]) << 18
    };
    Shapes {
        rows: std::array::from_fn(|d| packed(occupancy, d)),
        cols: std::array::from_fn(|d| packed(columns, d)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::tables::BAND;

    #[test]
    fn every_path_gives_the_same_shapes() {
        // Random words of every density (a bit kept with probability k/8), and the extremes.
        let mut rng = crate::generate::Rng::new(11);
        let mut boards = vec![[0u32; WORDS], [BAND; WORDS]];
        boards.push(std::array::from_fn(|k| {
            (k as u32).wrapping_mul(0x9e37_79b9) & BAND
        }));
        for round in 0..4000 {
            let keep = 1 + round % 7;
            boards.push(std::array::from_fn(|_| {
                (0..27).fold(0, |w, bit| match rng.below(8) < keep {
                    true => w | 1 << bit,
                    false => w,
                })
            }));
        }
        // The four-word path gathers occupancy bits with shifted copies, where one row's copy
        // could land on the next row's bits: every pair of neighbouring rows, 27 words a
        // board (a run over all 2^27 words agreed).
        let pairs: Vec<u32> = (0..512u32 * 512)
            .flat_map(|xy| {
                let (x, y, third) = (xy % 512, xy / 512, xy * 7 % 512);
                [x | y << 9 | third << 18, third | x << 9 | y << 18]
            })
            .collect();
        for chunk in pairs.chunks(WORDS) {
            boards.push(std::array::from_fn(|k| chunk.get(k).copied().unwrap_or(0)));
        }
        for words in &boards {
            let (fast, plain) = (shapes(words), portable_shapes(words));
            assert_eq!(fast.rows, plain.rows, "{words:?}");
            assert_eq!(fast.cols, plain.cols, "{words:?}");
        }
    }
}
