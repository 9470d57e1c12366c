//! Aligned exclusion, as Sukaku Explainer finds it: take two cells (aligned pair exclusion,
//! 6.2) or three (aligned triple exclusion, 7.5) and try every combination of their
//! candidates. A combination is impossible when two cells that see each other would hold the
//! same digit, or when it would take every candidate of a cell that sees them all (an
//! excluder: two candidates for pairs, two or three for triples). A candidate that appears in
//! no possible combination is false.

use super::pencil::{Cells, PEERS, members};
use super::view::View;
use super::{Step, Technique};

/// Explainer tests a set of cells only when they share at least this many excluders.
const FEWEST_EXCLUDERS: u32 = 2;

/// The first aligned exclusion of `degree` cells (2 or 3) that removes something, in
/// Explainer's order.
pub(crate) fn exclusion(view: &View, degree: u32, t: Technique) -> Option<Step> {
    let masks = &view.masks;
    // Cells by candidate count, as boards: the unsolved singles, and the excluders' kind.
    let (mut singles, mut small) = (0 as Cells, 0 as Cells);
    for (c, m) in masks.iter().enumerate() {
        match m.count_ones() {
            1 => singles |= 1 << c,
            n if n >= 2 && n <= degree => small |= 1 << c,
            _ => {}
        }
    }
    // Explainer's candidates: cells of two or more candidates that see no single and some
    // excluder, each with its excluders.
    let mut list: Vec<(usize, Cells)> = Vec::new();
    let mut excluders = [0 as Cells; 81];
    for c in (0..81).filter(|&c| masks[c].count_ones() >= 2) {
        if PEERS[c] & singles == 0 && PEERS[c] & small != 0 {
            excluders[c] = PEERS[c] & small;
            list.push((c, excluders[c]));
        }
    }
    let listed: Cells = list.iter().fold(0, |s, &(c, _)| s | 1 << c);
    // Pairs in Explainer's order: (0,1), (0,2), (1,2), (0,3)…
    (1..list.len()).find_map(|second| {
        (0..second).find_map(|first| {
            let (c0, e0) = list[first];
            let (c1, e1) = list[second];
            // A triple's excluders are among its pair's: a pair with too few has no triple
            // either (3% of the instructions on magictour's 9.0+).
            if (e0 & e1).count_ones() < FEWEST_EXCLUDERS {
                return None;
            }
            if degree == 2 {
                return test(view, &[c0, c1], e0 & e1, t);
            }
            // The third cell: an excluder of the first, then of the second, that is itself
            // a candidate cell, in that order.
            let both: Cells = 1 << c0 | 1 << c1;
            let from_first = e0 & listed & !both;
            let from_second = e1 & listed & !both & !from_first;
            members(from_first)
                .chain(members(from_second))
                .find_map(|c2| {
                    let common = e0 & e1 & excluders[c2];
                    // Most triples have too few (checked here, where it costs no call).
                    if common.count_ones() < FEWEST_EXCLUDERS {
                        return None;
                    }
                    test(view, &[c0, c1, c2], common, t)
                })
        })
    })
}

/// The exclusion on `cells` with the excluders `common`: what no possible combination uses.
fn test(view: &View, cells: &[usize], common: Cells, t: Technique) -> Option<Step> {
    if common.count_ones() < FEWEST_EXCLUDERS {
        return None;
    }
    let masks = &view.masks;
    let mut excluders = [0u16; 20];
    let mut n = 0;
    for e in members(common) {
        excluders[n] = masks[e];
        n += 1;
    }
    let excluders = &excluders[..n];
    let possible = |taken: u16| excluders.iter().all(|&e| e & !taken != 0);
    let sees = |i: usize, j: usize| PEERS[cells[i]] >> cells[j] & 1 == 1;
    // Each cell's candidates, and those allowed so far, packed 16 bits a cell: a
    // combination is a word with one bit per cell, so that the tests below are one
    // operation each.
    let full = cells
        .iter()
        .enumerate()
        .fold(0u64, |w, (i, &c)| w | u64::from(masks[c]) << (16 * i));
    let mut allowed = 0u64;
    let combination = |b: [u16; 3]| u64::from(b[0]) | u64::from(b[1]) << 16 | u64::from(b[2]) << 32;
    // A combination is tried only when it could allow a digit not yet allowed, and the
    // search stops once every candidate is.
    match *cells {
        [_, _] => {
            let clash = sees(0, 1);
            'pairs: for b0 in bits(masks[cells[0]]) {
                for b1 in bits(masks[cells[1]]) {
                    let w = combination([b0, b1, 0]);
                    if allowed & w == w || (b0 == b1 && clash) || !possible(b0 | b1) {
                        continue;
                    }
                    allowed |= w;
                    if allowed == full {
                        break 'pairs;
                    }
                    // With the second cell all allowed, the rest of b0's are known.
                    if allowed >> 16 == full >> 16 {
                        continue 'pairs;
                    }
                }
            }
        }
        _ => {
            let (c01, c02, c12) = (sees(0, 1), sees(0, 2), sees(1, 2));
            'triples: for b0 in bits(masks[cells[0]]) {
                'seconds: for b1 in bits(masks[cells[1]]).filter(|&b1| !(b1 == b0 && c01)) {
                    for b2 in bits(masks[cells[2]]) {
                        let w = combination([b0, b1, b2]);
                        let clash = (b2 == b0 && c02) || (b2 == b1 && c12);
                        if allowed & w == w || clash || !possible(b0 | b1 | b2) {
                            continue;
                        }
                        allowed |= w;
                        if allowed == full {
                            break 'triples;
                        }
                        // With the later cells all allowed, the rest of b0's (of b0 and
                        // b1's) combinations are known.
                        if allowed >> 16 == full >> 16 {
                            continue 'triples;
                        }
                        if allowed >> 32 == full >> 32 {
                            continue 'seconds;
                        }
                    }
                }
            }
        }
    }
    if full == allowed {
        return None;
    }
    // What no possible combination uses, cell by cell.
    let lost = |i: usize| ((full & !allowed) >> (16 * i)) as u16;
    let removed_digits = (0..cells.len()).fold(0, |m, i| m | lost(i));
    let per_digit = Step::per_digit(|d| {
        (0..cells.len()).fold(0, |s, i| match lost(i) >> (d - 1) & 1 {
            1 => s | 1 << cells[i],
            _ => s,
        })
    });
    Step::eliminating(t, &per_digit, removed_digits, [], cells.iter().copied())
}

/// The bits of `mask`, one at a time, lowest first.
fn bits(mut mask: u16) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask & mask.wrapping_neg();
            mask &= mask - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::{Pencil, explain};

    /// An open grid but for `cells`, each with the candidates of its mask.
    fn pencil(cells: &[(usize, u16)]) -> Pencil {
        let mut p = Pencil::new(&".".repeat(81).parse::<Grid>().unwrap()).unwrap();
        for &(cell, keep) in cells {
            for d in (1..=9u8).filter(|d| keep >> (d - 1) & 1 == 0) {
                p.eliminate(d, 1 << cell);
            }
        }
        p
    }

    #[test]
    fn a_pair_loses_what_its_excluders_forbid() {
        // r1c1 {1,2,3} and r1c2 {1,2}, seen by r2c3 {1,3} and r3c3 {2,3}: r1c1=3 would leave
        // those two 1 and 2, and r1c2 nothing.
        let p = pencil(&[(0, 0b111), (1, 0b11), (11, 0b101), (20, 0b110)]);
        let step = exclusion(&View::new(&p), 2, Technique::AlignedPairExclusion).unwrap();
        assert_eq!(
            step.to_string(),
            "aligned pair exclusion on 3 at r1c1 r1c2: r1c1<>3"
        );
        assert_eq!(step.score, 62);
        // With r1c3 {2,4} and r3c3 {2,3,4}, a triple on row 1's three cells has two
        // excluders, r2c3 {1,3} and r3c3: r1c1=3 leaves r1c2 and r1c3 1 and 2 (r2c3 then
        // empty) or 2 and 4 (r3c3 then empty); r1c3=2 leaves r1c2 1 and r1c1 3 (r2c3 empty).
        let p = pencil(&[
            (0, 0b111),
            (1, 0b11),
            (2, 0b1010),
            (11, 0b101),
            (20, 0b1110),
        ]);
        let step = exclusion(&View::new(&p), 3, Technique::AlignedTripleExclusion).unwrap();
        assert_eq!(
            step.to_string(),
            "aligned triple exclusion on 2,3 at r1c1 r1c2 r1c3: r1c3<>2, r1c1<>3"
        );
        assert_eq!(step.score, 75);
    }

    #[test]
    fn a_published_puzzle_needs_aligned_pair_exclusion() {
        // From the Sudoku Exchange puzzle bank, rated 6.2 by Sukaku Explainer for this step.
        let puzzle: Grid =
            "000003600001700200809600070200090000004000500000020004040001308006008100005400000"
                .parse()
                .unwrap();
        let step = explain(&puzzle).unwrap().nth(12).unwrap();
        assert_eq!(
            step.to_string(),
            "aligned pair exclusion on 5 at r1c5 r9c6: r1c5<>5"
        );
    }
}
