//! Splits: the search's branch over the permutations one digit has left in a band (rows ×
//! boxes) or a stack (columns × boxes), each alternative fixing three segments of the digit at
//! once (tdoku's idea). Which digit and unit to split is chosen here; [`super::board::Board::take`]
//! applies an alternative.

use super::tables::{FITTING, ROW, SEGMENTS_OF, stack_shape};

/// A branch over the permutations one digit has left in one band or stack: each takes one.
#[derive(Clone, Copy)]
pub(crate) struct Split {
    pub digit: u8,
    /// 0-2: a band; 3-5: a stack (its columns × the three boxes).
    pub unit: u8,
    /// The permutations left, bit `p` for `PERMS[p]`.
    pub perms: u8,
}

/// Per digit of a board, for its three bands (band `b` at bit `9 * b`): its rows×boxes
/// occupancy (bit `3 * row + box`) and its columns.
pub(crate) struct Shapes {
    pub rows: [u32; 9],
    pub cols: [u32; 9],
}

/// A unit's weight per digit with `n` permutations left: 16 per permutation beyond the
/// first, and 1 more if the digit is not yet decided. The lightest unit has the fewest
/// permutations over all digits, as in tdoku; of two with as many, the one with more digits
/// decided (nearer its end). The tie alone took 1-4% of the guesses off 1106, 11plus and
/// hardest_1584 (see BENCHMARKS.md, "Splits that choose and order by what they cut").
const UNIT_WEIGHT: [u16; 7] = [0, 0, 17, 33, 49, 65, 81];

impl Shapes {
    /// A split on the digit with the fewest permutations left (at least two) in the
    /// lightest band or stack ([`UNIT_WEIGHT`]), chosen afresh at every split node. `None`
    /// when every digit is down to one everywhere.
    #[inline(always)]
    pub(crate) fn split(&self) -> Option<Split> {
        let mut weights = [0u16; 6];
        for d in 0..9 {
            for b in 0..3 {
                let band = FITTING[(self.rows[d] >> (9 * b) & ROW) as usize] >> 8;
                let stack = FITTING[stack_shape(self.cols[d], b)] >> 8;
                weights[b] += UNIT_WEIGHT[usize::from(band)];
                weights[3 + b] += UNIT_WEIGHT[usize::from(stack)];
            }
        }
        // Nothing to split where every digit is decided. The weight in the high bits, then
        // the unit: one branch-free minimum.
        let lightest = (0..6)
            .map(|unit| match weights[unit] {
                0 => u16::MAX,
                w => w << 3 | unit as u16,
            })
            .min()
            .filter(|&key| key != u16::MAX)?;
        self.fewest_permutations(usize::from(lightest & 7))
    }

    /// The digit with the fewest permutations left, at least two, in band or stack `unit`. Of
    /// digits with two, one whose two share no segment comes first: each of its alternatives
    /// then fixes three segments, not two.
    #[inline(always)]
    fn fewest_permutations(&self, unit: usize) -> Option<Split> {
        // The count in the high byte, then whether two share a segment, then the digit: one
        // branch-free minimum.
        let mut key = u16::MAX;
        for d in 0..9 {
            let p = self.permutations(d, unit);
            let sharing = p >> 8 == 2 && SEGMENTS_OF[usize::from(p & 0x3f)].count_ones() < 6;
            key = key.min(if p >= 2 << 8 {
                p & 0xff00 | u16::from(sharing) << 4 | d as u16
            } else {
                u16::MAX
            });
        }
        (key != u16::MAX).then(|| {
            let digit = usize::from(key & 0xf);
            Split {
                digit: digit as u8,
                unit: unit as u8,
                perms: self.permutations(digit, unit) as u8,
            }
        })
    }

    /// `FITTING` for digit `d` in band (0-2) or stack (3-5) `unit`.
    #[inline(always)]
    pub(super) fn permutations(&self, d: usize, unit: usize) -> u16 {
        let shape = if unit < 3 {
            (self.rows[d] >> (9 * unit) & ROW) as usize
        } else {
            stack_shape(self.cols[d], unit - 3)
        };
        FITTING[shape]
    }
}
