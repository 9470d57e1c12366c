//! The engine's bit layout, and the tables and bit tricks its rules are made of.
//!
//! A band word holds one digit's candidates in one band (three rows of nine cells), bit
//! `9 * row + column`:
//!
//! ```text
//! bit    26 ...... 18   17 ...... 9   8 ....... 0
//!        row 2          row 1         row 0
//!        c8 ..... c0    c8 ..... c0   c8 ..... c0
//!        |box 2|box 1|box 0| within each row: three 3-bit segments
//! ```
//!
//! A row is 9 bits ([`ROW`]); a column, three bits 9 apart ([`column_cells`]); a box, three
//! 3-bit segments 9 apart. The 27 words of a board are indexed band-major ([`word`]). A 3×3
//! occupancy packs a digit's rows × boxes in a band (or bands × columns of a stack) into 9
//! bits, bit `3 * row + box`: most tables are indexed by one.

/// The 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// One band word per digit and band (see [`word`]).
pub(super) const WORDS: usize = 27;

/// The nine bits of a band's first row; also nine column bits, or a 3×3 occupancy.
pub(super) const ROW: u32 = 0x1ff;

/// The index of digit index `digit`'s word in `band`: band-major, so that a band's nine
/// words are neighbours.
#[inline(always)]
pub(super) const fn word(digit: usize, band: usize) -> usize {
    9 * band + digit
}

/// The band of word `k`.
#[inline(always)]
pub(super) const fn band_of(k: usize) -> usize {
    k / 9
}

/// The digit index of word `k`.
#[inline(always)]
pub(super) const fn digit_of(k: usize) -> usize {
    k % 9
}

/// For a 9-bit row: which of its three box segments (3 bits each) are non-empty, as 3 bits.
pub(super) const SEGMENTS: [u8; 512] = {
    let mut t = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut j = 0;
        while j < 3 {
            if row >> (3 * j) & 7 != 0 {
                t[row] |= 1 << j;
            }
            j += 1;
        }
        row += 1;
    }
    t
};

/// The six ways a digit can take one segment in each row and box of a band: row `r` in box
/// `PERMS[p][r]` (in a stack, band `r` in column `PERMS[p][r]`). Where a split's alternatives
/// hold as many candidates, the lower comes first: this is tdoku's order of its
/// configurations (the identity and the rotations, then the swaps). In lexicographic order,
/// `first` mode took 4.6% more guesses on hardest_1584 (66.55 a puzzle, above tdoku's 65.81)
/// and 8% fewer on 1106 (53.37): every order suits one list better than another, and this one
/// left no set above tdoku's trees.
pub(super) const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
    [0, 2, 1],
    [1, 0, 2],
];

/// Each permutation's segments as rows×boxes bits (`3 * row + box`).
pub(super) const PERM_SEGMENTS: [u16; 6] = {
    let mut t = [0; 6];
    let mut p = 0;
    while p < 6 {
        let mut row = 0;
        while row < 3 {
            t[p] |= 1 << (3 * row + PERMS[p][row]);
            row += 1;
        }
        p += 1;
    }
    t
};

/// For a set of permutations (bit `p` for `PERMS[p]`): the union of their segments.
pub(super) const SEGMENTS_OF: [u16; 64] = {
    let mut t = [0; 64];
    let mut set = 0;
    while set < 64 {
        let mut p = 0;
        while p < 6 {
            if set >> p & 1 == 1 {
                t[set] |= PERM_SEGMENTS[p];
            }
            p += 1;
        }
        set += 1;
    }
    t
};

/// For a 3×3 occupancy (bit `3 * row + box`): the permutations that fit in it, bit `p` for
/// `PERMS[p]`, and their number times 256.
pub(super) const FITTING: [u16; 512] = {
    let mut t = [0; 512];
    let mut occupied = 0;
    while occupied < 512 {
        let mut p = 0;
        while p < 6 {
            if occupied as u16 & PERM_SEGMENTS[p] == PERM_SEGMENTS[p] {
                t[occupied] += 1 << p | 1 << 8;
            }
            p += 1;
        }
        occupied += 1;
    }
    t
};

/// For the 3×3 rows×boxes occupancy of one digit in a band (bit `3 * row + box`): the band's
/// cells that lie in a segment of some permutation (one segment per row and per box) within
/// that occupancy. Zero when there is none: the digit cannot be placed in this band.
pub(super) const PERMITTED: [u32; 512] = {
    let mut t = [0; 512];
    let mut occupied = 0;
    while occupied < 512 {
        let mut segments = 0;
        let mut p = 0;
        while p < 6 {
            if FITTING[occupied] >> p & 1 == 1 {
                segments |= PERM_SEGMENTS[p];
            }
            p += 1;
        }
        t[occupied] = SEGMENT_CELLS[segments as usize];
        occupied += 1;
    }
    t
};

/// For 9 column bits (three boxes of three): the band cells of the columns that are alone in
/// their box.
pub(super) const LONE: [u32; 512] = {
    let mut t = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut j = 0;
        while j < 3 {
            let group = cols >> (3 * j) & 7;
            if (group as u32).count_ones() == 1 {
                t[cols] |= column_cells((group << (3 * j)) as u32);
            }
            j += 1;
        }
        cols += 1;
    }
    t
};

/// For 9 column bits that only this band can hold: the band cells outside the columns each
/// box keeps (the claimed ones in a box with a claim, all three in a box without).
pub(super) const UNCLAIMED: [u32; 512] = {
    let mut t = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut keep = 0;
        let mut j = 0;
        while j < 3 {
            let group = cols >> (3 * j) & 7;
            keep |= (if group == 0 { 7 } else { group }) << (3 * j);
            j += 1;
        }
        t[cols] = !column_cells(keep as u32) & BAND;
        cols += 1;
    }
    t
};

/// For a rows×boxes occupancy (bit `3 * row + box`): the band cells of those segments.
pub(super) const SEGMENT_CELLS: [u32; 512] = {
    let mut t = [0; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut i = 0;
        while i < 9 {
            if bits >> i & 1 == 1 {
                t[bits] |= 7 << (9 * (i / 3) + 3 * (i % 3));
            }
            i += 1;
        }
        bits += 1;
    }
    t
};

/// For a cell of a band, the other cells of its row and box in that band.
pub(super) const BAND_PEERS: [u32; 27] = {
    let mut t = [0; 27];
    let mut pos = 0;
    while pos < 27 {
        let (row, col) = (pos / 9, pos % 9);
        let row_cells = ROW << (9 * row);
        let box_cells = (0x7 * (1 | 1 << 9 | 1 << 18)) << (col / 3 * 3);
        t[pos] = (row_cells | box_cells) & !(1 << pos);
        pos += 1;
    }
    t
};

/// For a cell of a band, the three cells of its column in the band.
pub(super) const COLUMN_CELLS: [u32; 27] = {
    let mut t = [0; 27];
    let mut pos = 0;
    while pos < 27 {
        t[pos] = column_cells(1 << (pos % 9));
        pos += 1;
    }
    t
};

/// For 8 bits: the 8 bytes that hold them, bit `i` as byte `i` (0 or 1).
pub(super) const SPREAD: [u64; 256] = {
    let mut t = [0; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut i = 0;
        while i < 8 {
            t[bits] |= ((bits as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        bits += 1;
    }
    t
};

/// For each word, the same digit's words in the other two bands.
pub(super) const SIBLINGS: [[u8; 2]; WORDS] = {
    let mut t = [[0; 2]; WORDS];
    let mut k = 0;
    while k < WORDS {
        let (d, band) = (digit_of(k), band_of(k));
        t[k] = [word(d, (band + 1) % 3) as u8, word(d, (band + 2) % 3) as u8];
        k += 1;
    }
    t
};

/// The columns a band word touches, as 9 bits.
#[inline(always)]
pub(super) fn columns(word: u32) -> u32 {
    (word | word >> 9 | word >> 18) & ROW
}

/// A digit's columns×boxes occupancy in stack `s` (bit `3 * band + column`), from its columns
/// in all three bands (band `b` at bit `9 * b`).
#[inline(always)]
pub(super) fn stack_shape(cols: u32, s: usize) -> usize {
    let g = cols >> (3 * s) & 0o7_007_007;
    ((g | g >> 6 | g >> 12) & ROW) as usize
}

/// Of two halves of 27 bits in groups of three (a row's boxes, a box's columns), the groups
/// with exactly one bit.
#[inline(always)]
pub(super) fn lone_in_groups(x: u64) -> u64 {
    const LOW: u64 = 0o111_111_111 | 0o111_111_111 << 32;
    let (a, b, c) = (x & LOW, x >> 1 & LOW, x >> 2 & LOW);
    x & (((a ^ b ^ c) & !(a & b & c)) * 7)
}

/// A band word's rows×boxes occupancy: bit `3 * row + box` when the digit can go there.
///
/// Three look-ups, not the shifts `shapes` uses four words at a time: settling a word waits
/// on this, and the look-ups run side by side. (Two multiplications instead took 5% fewer
/// instructions but were no faster: best runs 4-17% slower, the median of pairs even.)
#[inline(always)]
pub(super) fn occupancy(word: u32) -> u32 {
    let segments = |row: u32| u32::from(SEGMENTS[row as usize]);
    segments(word & ROW) | segments(word >> 9 & ROW) << 3 | segments(word >> 18) << 6
}

/// How settling a word finds its occupancy: the search is compiled once for each (`Isa`).
pub(crate) trait Occupancy {
    /// Whether this way needs BMI2 (`Isa::run_settling` compiles it only into the builds that
    /// run where the CPU has it).
    const NEEDS_BMI2: bool;
    fn of(word: u32) -> u32;
}

/// [`occupancy`]'s three look-ups: any CPU.
pub(crate) struct Lookup;

impl Occupancy for Lookup {
    const NEEDS_BMI2: bool = false;

    #[inline(always)]
    fn of(word: u32) -> u32 {
        occupancy(word)
    }
}

/// One PEXT (BMI2): a segment's bit ORed with the next two holds the segment's "any", and PEXT
/// packs the nine segments' first bits in order, which is bit `3 * row + box`. Five
/// instructions where the look-ups take a dozen: 4-7% fewer in the whole search, and faster on
/// 16 of 18 set×mode pairs on an Intel Xeon (BENCHMARKS.md, "Occupancy by PEXT"). PEXT is
/// microcode on AMD before Zen 3, so `Isa` picks this only where it is one fast instruction.
pub(crate) struct Pext;

impl Occupancy for Pext {
    const NEEDS_BMI2: bool = true;

    #[inline(always)]
    fn of(word: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Isa::run_settling` compiles code on `Pext` only into the bit-instruction
        // builds, which run only where the CPU has BMI2.
        return unsafe {
            std::arch::x86_64::_pext_u32(word | word >> 1 | word >> 2, 0o111_111_111)
        };
        #[cfg(not(target_arch = "x86_64"))]
        occupancy(word)
    }
}

/// The band cells of 9 column bits.
pub(super) const fn column_cells(cols: u32) -> u32 {
    cols * (1 | 1 << 9 | 1 << 18)
}

/// The row's bit if it is its only one, else 0.
#[inline(always)]
pub(super) fn lone_in_row(row: u32) -> u32 {
    if row & row.wrapping_sub(1) == 0 {
        row
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    //! Each table and bit trick against its definition, written the slow way, over every
    //! input it can be given.
    use super::*;

    /// Band cell bit of (row, column).
    fn cell(row: usize, column: usize) -> u32 {
        1 << (9 * row + column)
    }

    /// Every (row, column) of a band.
    fn cells() -> impl Iterator<Item = (usize, usize)> {
        (0..3).flat_map(|r| (0..9).map(move |c| (r, c)))
    }

    /// The band cells that satisfy `keep`.
    fn band_where(keep: impl Fn(usize, usize) -> bool) -> u32 {
        cells()
            .filter(|&(r, c)| keep(r, c))
            .map(|(r, c)| cell(r, c))
            .sum()
    }

    fn bit(x: usize, i: usize) -> bool {
        x >> i & 1 == 1
    }

    #[test]
    fn layout() {
        assert_eq!(BAND, band_where(|_, _| true));
        assert_eq!(ROW, band_where(|r, _| r == 0));
        assert_eq!(WORDS, 27);
        let words: Vec<usize> = (0..3)
            .flat_map(|b| (0..9).map(move |d| word(d, b)))
            .collect();
        assert_eq!(words, (0..WORDS).collect::<Vec<_>>(), "band-major, no gaps");
        for k in 0..WORDS {
            assert_eq!(word(digit_of(k), band_of(k)), k);
        }
        for c in 0..9 {
            assert_eq!(column_cells(1 << c), band_where(|_, col| col == c));
        }
    }

    #[test]
    fn segments_and_segment_cells() {
        for (row, &got) in SEGMENTS.iter().enumerate() {
            let want: u8 = (0..3)
                .filter(|&j| row >> (3 * j) & 7 != 0)
                .map(|j| 1 << j)
                .sum();
            assert_eq!(got, want, "{row:o}");
        }
        for (bits, &got) in SEGMENT_CELLS.iter().enumerate() {
            let want = band_where(|r, c| bit(bits, 3 * r + c / 3));
            assert_eq!(got, want, "{bits:o}");
        }
    }

    #[test]
    fn permutations_and_what_fits() {
        let mut seen: Vec<[usize; 3]> = PERMS.to_vec();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 6);
        assert!(PERMS.iter().all(|p| {
            let mut q = *p;
            q.sort();
            q == [0, 1, 2]
        }));
        for (p, perm) in PERMS.iter().enumerate() {
            let want: u16 = (0..3).map(|r| 1 << (3 * r + perm[r])).sum();
            assert_eq!(PERM_SEGMENTS[p], want);
        }
        for occupied in 0..512 {
            let fits: Vec<usize> = (0..6)
                .filter(|&p| (0..3).all(|r| bit(occupied, 3 * r + PERMS[p][r])))
                .collect();
            let bits: u16 = fits.iter().map(|p| 1 << p).sum();
            assert_eq!(
                FITTING[occupied],
                bits | (fits.len() as u16) << 8,
                "{occupied:o}"
            );
            // A cell is permitted when its row's segment in its box is in a fitting
            // permutation.
            let permitted = band_where(|r, c| fits.iter().any(|&p| PERMS[p][r] == c / 3));
            assert_eq!(PERMITTED[occupied], permitted, "{occupied:o}");
        }
        for set in 0..64 {
            let union = (0..6)
                .filter(|&p| set >> p & 1 == 1)
                .flat_map(|p| (0..3).map(move |r| 1 << (3 * r + PERMS[p][r])))
                .fold(0, |acc, bit| acc | bit);
            assert_eq!(SEGMENTS_OF[set], union, "{set:b}");
            // What a failed split alternative leaves rests on this: the segments of any two
            // permutations fit those two and no other.
            if set.count_ones() == 2 {
                assert_eq!(FITTING[usize::from(SEGMENTS_OF[set])], 2 << 8 | set as u16);
            }
        }
    }

    #[test]
    fn column_tables() {
        for cols in 0..512 {
            // LONE: cells of the columns that are the only one of their box's three.
            let alone = |c: usize| (0..3).filter(|&i| bit(cols, c / 3 * 3 + i)).count() == 1;
            let want = band_where(|_, c| bit(cols, c) && alone(c));
            assert_eq!(LONE[cols], want, "{cols:o}");
            // UNCLAIMED: in a box with claimed columns, the cells of the other columns.
            let claims = |c: usize| (0..3).any(|i| bit(cols, c / 3 * 3 + i));
            let want = band_where(|_, c| claims(c) && !bit(cols, c));
            assert_eq!(UNCLAIMED[cols], want, "{cols:o}");
        }
    }

    #[test]
    fn peers_spread_and_siblings() {
        for (pos, &peers) in BAND_PEERS.iter().enumerate() {
            let (row, col) = (pos / 9, pos % 9);
            let want = band_where(|r, c| (r, c) != (row, col) && (r == row || c / 3 == col / 3));
            assert_eq!(peers, want, "{pos}");
            assert_eq!(COLUMN_CELLS[pos], band_where(|_, c| c == col), "{pos}");
        }
        for bits in 0..256u64 {
            let bytes = SPREAD[bits as usize].to_le_bytes();
            assert!((0..8).all(|i| u64::from(bytes[i]) == bits >> i & 1));
        }
        for d in 0..9 {
            for b in 0..3 {
                let mut got = SIBLINGS[word(d, b)].map(usize::from);
                got.sort();
                let mut want: Vec<usize> = (0..3).filter(|&o| o != b).map(|o| word(d, o)).collect();
                want.sort();
                assert_eq!(got.to_vec(), want);
            }
        }
    }

    #[test]
    fn bit_tricks() {
        // Every 9-bit pattern in each row of a band, the other rows in a fixed pattern.
        for x in 0..512u32 {
            for row in 0..3 {
                let word = x << (9 * row) | 0o7 << (9 * ((row + 1) % 3));
                let want_columns = (0..9).filter(|&c| (0..3).any(|r| word & cell(r, c) != 0));
                assert_eq!(columns(word), want_columns.map(|c| 1 << c).sum::<u32>());
                let want: u32 = (0..3)
                    .flat_map(|r| (0..3).map(move |b| (r, b)))
                    .filter(|&(r, b)| (0..3).any(|i| word & cell(r, 3 * b + i) != 0))
                    .map(|(r, b)| 1 << (3 * r + b))
                    .sum();
                assert_eq!(occupancy(word), want, "{word:o}");
                assert_eq!(Lookup::of(word), want, "{word:o}");
                #[cfg(target_arch = "x86_64")]
                if std::is_x86_feature_detected!("bmi2") {
                    assert_eq!(Pext::of(word), want, "{word:o}");
                }
            }
            let want = if x.count_ones() <= 1 { x } else { 0 };
            assert_eq!(lone_in_row(x), want);
        }
        // Groups of three: every pattern of the low four groups, and each group alone, in
        // each half; the other half another pattern (its bits reversed).
        let lone = |x: u64| -> u64 {
            (0..9)
                .map(|g| x >> (3 * g) & 7)
                .enumerate()
                .filter(|&(_, v)| v.count_ones() == 1)
                .map(|(g, v)| v << (3 * g))
                .sum()
        };
        for x in (0..1u64 << 12).chain((0..9).flat_map(|g| (0..8).map(move |v| v << (3 * g)))) {
            let other = u64::from((x as u32).reverse_bits() >> 5);
            let got = lone_in_groups(x | other << 32);
            assert_eq!(got, lone(x) | lone(other) << 32, "{x:o}");
            let got = lone_in_groups(other | x << 32);
            assert_eq!(got, lone(other) | lone(x) << 32, "{x:o}");
        }
        // A stack's shape: bit `3 * band + column` from the columns of all three bands.
        for cols in (0..1u32 << 27).step_by(4099) {
            for s in 0..3 {
                let want: usize = (0..3)
                    .flat_map(|b| (0..3).map(move |c| (b, c)))
                    .filter(|&(b, c)| cols >> (9 * b + 3 * s + c) & 1 == 1)
                    .map(|(b, c)| 1 << (3 * b + c))
                    .sum();
                assert_eq!(stack_shape(cols, s), want, "{cols:o} stack {s}");
            }
        }
    }
}
