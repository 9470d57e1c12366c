//! Locked candidates: where a box and a line cross, a digit confined to the crossing in one of
//! them leaves the rest of the other. Pointing: confined within the box, it leaves the rest of
//! the line. Claiming: confined within the line, it leaves the rest of the box.

use super::pencil::{Cells, HOUSES, Pencil, houses_of, is_single, members};
use super::{Step, Technique};
use std::ops::Range;

/// A digit confined in `house` to its crossing with `other`, which still has it elsewhere.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lock {
    house: usize,
    other: usize,
    d: u8,
    places: Cells,
    removed: Cells,
}

/// Which locks: a box's digit on one line (pointing), or a line's in one box (claiming).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Pointing = 0,
    Claiming = 1,
}

/// Every lock of `kind` on `p`, in Sudoku Explainer's order, so that `explain` takes the
/// step Explainer takes: for pointing, a box's digit on a column, then on a row; for
/// claiming, a column's digit in a box, then a row's; each digit by digit, then house by
/// house. A step's search lists them once for the plain and the direct techniques alike (the
/// direct one is the first lock that leaves a single), where each technique read all 162
/// crossings (the hard file of the Sudoku Exchange bank: 14% fewer instructions in all).
pub(crate) fn locks(p: &Pencil, kind: Kind) -> Vec<Lock> {
    const BOXES: Range<usize> = 18..27;
    let (houses, crossed) = match kind {
        Kind::Pointing => ([BOXES, BOXES], [COLUMN, ROW]),
        Kind::Claiming => ([9..18, 0..9], [BOX, BOX]),
    };
    let mut locks = Vec::new();
    for (houses, crossed) in houses.into_iter().zip(crossed) {
        for d in 1..=9 {
            locks.extend(
                houses
                    .clone()
                    .filter_map(|house| lock(p, house, d, crossed)),
            );
        }
    }
    locks
}

/// The first lock: pointing or claiming (`t`).
pub(crate) fn plain(locks: &[Lock], t: Technique) -> Option<Step> {
    locks.first().map(|lock| lock.step(t, None))
}

/// The first lock whose eliminations leave the digit a single place in a house of its
/// house's kind that crosses the other house; that place is the step's placement (Sudoku
/// Explainer's direct pointing and claiming, `t`).
pub(crate) fn direct(p: &Pencil, locks: &[Lock], t: Technique) -> Option<Step> {
    locks.iter().find_map(|lock| {
        let cell = single_left(p, lock.d, lock.house, lock.other)?;
        Some(lock.step(t, Some((cell, lock.d))))
    })
}

/// Indices into [`houses_of`]'s answer.
const ROW: usize = 0;
const COLUMN: usize = 1;
const BOX: usize = 2;

/// `d` confined in `house` to its crossing with the house of kind `kind` (row, column or box)
/// through its places, when that house's other cells still have it.
fn lock(p: &Pencil, house: usize, d: u8, kind: usize) -> Option<Lock> {
    let places = p.cands(d) & HOUSES[house];
    if places.count_ones() < 2 {
        return None;
    }
    let other = houses_of(places.trailing_zeros() as usize)[kind];
    if places & !HOUSES[other] != 0 {
        return None;
    }
    let removed = p.cands(d) & HOUSES[other] & !HOUSES[house];
    (removed != 0).then_some(Lock {
        house,
        other,
        d,
        places,
        removed,
    })
}

impl Lock {
    fn step(&self, t: Technique, placement: Option<(usize, u8)>) -> Step {
        let d = self.d;
        let cells = members(self.places);
        let mut step = Step::eliminating(
            t,
            &[(d, self.removed)],
            1 << (d - 1),
            [self.house, self.other],
            cells,
        )
        .expect("a lock removes a candidate");
        step.placement = placement;
        step
    }
}

/// A cell left the only place of `d` in a house of `house`'s kind (not `house`) that crosses
/// `other`, once `other`'s cells outside `house` lose `d`.
fn single_left(p: &Pencil, d: u8, house: usize, other: usize) -> Option<usize> {
    let kind = house / 9 * 9;
    (kind..kind + 9)
        .filter(|&h| h != house && HOUSES[h] & HOUSES[other] != 0)
        .find_map(|h| {
            let places = p.cands(d) & HOUSES[h];
            let left = places & !HOUSES[other];
            (places.count_ones() > 1 && is_single(left)).then(|| left.trailing_zeros() as usize)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    fn pencil(line: &str) -> Pencil {
        Pencil::new(&line.parse::<Grid>().unwrap()).unwrap()
    }

    fn pointing(p: &Pencil) -> Option<Step> {
        plain(&locks(p, Kind::Pointing), Technique::Pointing)
    }

    fn claiming(p: &Pencil) -> Option<Step> {
        plain(&locks(p, Kind::Claiming), Technique::Claiming)
    }

    fn direct_claiming(p: &Pencil) -> Option<Step> {
        direct(p, &locks(p, Kind::Claiming), Technique::DirectClaiming)
    }

    #[test]
    fn pointing_and_claiming() {
        // Box 1's rows 2 and 3 are full, so its 1 is in row 1: the rest of row 1 loses it.
        let p = pencil(&format!(
            "{}234......567......{}",
            ".".repeat(9),
            ".".repeat(54)
        ));
        assert_eq!(
            pointing(&p).unwrap().to_string(),
            "pointing on 1 in box 1, row 1 at r1c1 r1c2 r1c3: r1c456789<>1"
        );
        // Row 1's 1 may still go in any box: no claim.
        assert_eq!(claiming(&p), None);
        // Row 1 full but for box 1: its 1 is there, and box 1's other rows lose it.
        let q = pencil(&format!("...234567{}", ".".repeat(72)));
        let step = claiming(&q).unwrap();
        assert_eq!(
            step.to_string(),
            "claiming on 1 in row 1, box 1 at r1c1 r1c2 r1c3: r2c123,r3c123<>1"
        );
        // No box has a digit on one line only.
        assert_eq!(pointing(&q), None);
    }

    #[test]
    fn direct_claiming_places_the_single_it_leaves() {
        // Row 1's 1 is in box 1 (r1c1, r1c2); row 2's 1 is at r2c1 and r2c5. Claiming takes
        // 1 from the rest of box 1, which leaves row 2 one place: r2c5.
        let mut p = pencil(&".".repeat(81));
        p.eliminate(1, HOUSES[0] & !(1 << 0 | 1 << 1));
        p.eliminate(1, HOUSES[1] & !(1 << 9 | 1 << 13));
        let step = direct_claiming(&p).unwrap();
        assert_eq!(step.placement, Some((13, 1)));
        assert_eq!(
            step.to_string(),
            "direct claiming on 1 in row 1, box 1 at r1c1 r1c2: r2c1,r3c123<>1 => r2c5=1"
        );
        // Without the single it leaves, it is plain claiming.
        p.eliminate(1, 1 << 9);
        assert_eq!(direct_claiming(&p), None);
        assert!(claiming(&p).is_some());
    }
}
