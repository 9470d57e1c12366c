//! Wings: a few cells with two or three candidates that force one digit into one of two
//! pincers, so that cells seeing both pincers lose it.

use super::pencil::{Cells, PEERS, Pencil, seen_by_all};
use super::view::View;
use super::{Step, Technique};

/// The empty cells with exactly `n` candidates, with their candidates.
fn cells_with(view: &View, n: u32) -> Vec<(usize, u16)> {
    (0..81)
        .map(|c| (c, view.masks[c]))
        .filter(|(_, m)| m.count_ones() == n)
        .collect()
}

fn sees(a: usize, b: usize) -> bool {
    PEERS[a] >> b & 1 == 1
}

/// The one digit of a one-digit mask.
fn digit_of(mask: u16) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

/// A pivot {a,b} and pincers {a,c}, {b,c} that it sees: whichever the pivot holds, one pincer
/// holds c, so cells that see both pincers lose c.
pub(crate) fn xy_wing(view: &View) -> Option<Step> {
    let two = cells_with(view, 2);
    wing(view.pencil, &two, &two, Technique::XyWing, false)
}

/// A pivot {a,b,c} and pincers {a,c}, {b,c} that it sees: the pivot or a pincer holds c, so
/// cells that see all three lose c.
pub(crate) fn xyz_wing(view: &View) -> Option<Step> {
    let (three, two) = (cells_with(view, 3), cells_with(view, 2));
    wing(view.pencil, &three, &two, Technique::XyzWing, true)
}

/// Pivots from `pivots`, pincers from `pincers` (two-candidate cells, each seeing the pivot),
/// whose candidates share one digit c and together are the pivot's (plus c, unless
/// `c_in_pivot`); c leaves the cells that see both pincers (and the pivot, if it has c).
fn wing(
    p: &Pencil,
    pivots: &[(usize, u16)],
    pincers: &[(usize, u16)],
    t: Technique,
    c_in_pivot: bool,
) -> Option<Step> {
    pivots.iter().find_map(|&(pivot, pm)| {
        let near: Vec<(usize, u16)> = pincers
            .iter()
            .copied()
            .filter(|&(c, m)| c != pivot && sees(c, pivot) && (m & pm).count_ones() >= 1)
            .collect();
        (0..near.len()).find_map(|i| {
            (i + 1..near.len()).find_map(|j| {
                let ((x, xm), (y, ym)) = (near[i], near[j]);
                let common = xm & ym;
                if xm == ym || common.count_ones() != 1 {
                    return None;
                }
                let fits = if c_in_pivot {
                    xm | ym == pm
                } else {
                    common & pm == 0 && (xm | ym) & !common == pm
                };
                if !fits {
                    return None;
                }
                let z = digit_of(common);
                let mut ends: Cells = 1 << x | 1 << y;
                if c_in_pivot {
                    ends |= 1 << pivot;
                }
                let removed = p.cands(z) & seen_by_all(ends);
                Step::eliminating(t, &[(z, removed)], pm | common, [], [pivot, x, y])
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    fn empty() -> Pencil {
        Pencil::new(&".".repeat(81).parse::<Grid>().unwrap()).unwrap()
    }

    /// Leaves `cell` only the digits in `keep`.
    fn restrict(p: &mut Pencil, cell: usize, keep: &[u8]) {
        for d in 1..=9 {
            if !keep.contains(&d) {
                p.eliminate(d, 1 << cell);
            }
        }
    }

    #[test]
    fn an_xy_wing_pinches_its_third_digit() {
        // Pivot r1c1 {1,2}, pincers r1c5 {1,3} (row 1) and r5c1 {2,3} (column 1): r5c5 sees
        // both pincers and loses 3.
        let mut p = empty();
        restrict(&mut p, 0, &[1, 2]);
        restrict(&mut p, 4, &[1, 3]);
        restrict(&mut p, 36, &[2, 3]);
        let step = xy_wing(&View::new(&p)).unwrap();
        assert_eq!(step.cells, vec![0, 4, 36]);
        assert_eq!(step.eliminations, vec![(40, 3)]);
        assert_eq!(
            step.to_string(),
            "XY-wing on 1,2,3 at r1c1 r1c5 r5c1: r5c5<>3"
        );
        // With the pivot {1,2,3} it is an XYZ-wing, whose cells must see the pivot too: none.
        let mut q = empty();
        restrict(&mut q, 0, &[1, 2, 3]);
        restrict(&mut q, 4, &[1, 3]);
        restrict(&mut q, 36, &[2, 3]);
        assert_eq!(xy_wing(&View::new(&q)), None);
        assert_eq!(xyz_wing(&View::new(&q)), None);
    }

    #[test]
    fn an_xyz_wing_needs_cells_that_see_all_three() {
        // Pivot r1c1 {1,2,3}, pincers r1c2 {1,3} and r4c1 {2,3}: r2c1 and r3c1... only cells
        // of box 1 in column 1 see r1c1, r1c2 (box 1) and r4c1 (column 1): r2c1, r3c1.
        let mut p = empty();
        restrict(&mut p, 0, &[1, 2, 3]);
        restrict(&mut p, 1, &[1, 3]);
        restrict(&mut p, 27, &[2, 3]);
        let step = xyz_wing(&View::new(&p)).unwrap();
        assert_eq!(step.cells, vec![0, 1, 27]);
        assert_eq!(step.eliminations, vec![(9, 3), (18, 3)]);
    }
}
