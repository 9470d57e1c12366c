//! Naked and hidden subsets (pairs, triples, quads) within one house. Naked: n cells whose
//! candidates are n digits between them; those digits leave the house's other cells. Hidden:
//! n digits whose places are n cells between them; those cells lose every other digit.

use super::pencil::{Cells, is_single, members};
use super::view::{View, at, subsets_of};
use super::{Step, Technique};
use crate::grid::unit_cells;

/// Houses in Sudoku Explainer's order for subsets: boxes, then columns, then rows.
pub(super) const HOUSE_ORDER: [usize; 27] = {
    let mut order = [0; 27];
    let mut i = 0;
    while i < 9 {
        order[i] = 18 + i;
        order[9 + i] = 9 + i;
        order[18 + i] = i;
        i += 1;
    }
    order
};

/// The first naked subset of `n` cells that removes a candidate.
pub(crate) fn naked(view: &View, n: u32, t: Technique) -> Option<Step> {
    HOUSE_ORDER.into_iter().find_map(|h| {
        let masks = unit_cells(h).map(|c| view.masks[c as usize]);
        // Positions of empty cells, and of those with 2..=n candidates (a subset's members).
        let empty = positions(&masks, |m| m != 0);
        // As Sudoku Explainer: with fewer than 2n empty cells the other cells are a smaller
        // hidden subset, found first.
        if empty.count_ones() < 2 * n {
            return None;
        }
        let members_ = positions(&masks, |m| (2..=n).contains(&m.count_ones()));
        subsets_of(members_, n).find_map(|chosen| {
            let union: u16 = (0..9)
                .filter(|i| chosen >> i & 1 == 1)
                .fold(0, |u, i| u | masks[i]);
            if union.count_ones() != n {
                return None;
            }
            let set = at(h, chosen);
            let removed = Step::per_digit(|d| match union >> (d - 1) & 1 {
                1 => view.cells_of(h, d) & !set,
                _ => 0,
            });
            Step::eliminating(t, &removed, union, [h], members(set))
        })
    })
}

/// The first hidden subset of `n` digits that removes a candidate.
pub(crate) fn hidden(view: &View, n: u32, t: Technique) -> Option<Step> {
    // As Sudoku Explainer: in a house of 2n empty cells or fewer, the other cells are a naked
    // subset no larger, found first.
    hidden_where(view, n, t, 2 * n, |_, _, _| Some(None))
}

/// The first hidden subset of `n` digits whose eliminations leave another digit of its house
/// one place: a hidden single, placed in the same step (Sudoku Explainer's direct hidden
/// pair and triple).
pub(crate) fn direct_hidden(view: &View, n: u32, t: Technique) -> Option<Step> {
    hidden_where(view, n, t, n, |h, chosen, set| {
        let places = &view.places[h];
        (0..9u8)
            .filter(|&i| chosen >> i & 1 == 0 && places[i as usize].count_ones() > 1)
            .find_map(|i| {
                let left = view.cells_of(h, i + 1) & !set;
                is_single(left).then(|| Some((left.trailing_zeros() as usize, i + 1)))
            })
    })
}

/// The first hidden subset of `n` digits, in a house with more than `open_above` digits to
/// place, that removes a candidate and for which `then(house, digits, cells)` is `Some`: the
/// placement that comes with it, if any.
fn hidden_where(
    view: &View,
    n: u32,
    t: Technique,
    open_above: u32,
    then: impl Fn(usize, u16, Cells) -> Option<Option<(usize, u8)>>,
) -> Option<Step> {
    HOUSE_ORDER.into_iter().find_map(|h| {
        let places = &view.places[h];
        // The house's digits still to place, and those with 2..=n places (a subset's members).
        let open = positions(places, |p| p != 0);
        if open.count_ones() <= open_above {
            return None;
        }
        let members_ = positions(places, |p| (2..=n).contains(&p.count_ones()));
        subsets_of(members_, n).find_map(|chosen| {
            let union: u16 = (0..9)
                .filter(|i| chosen >> i & 1 == 1)
                .fold(0, |u, i| u | places[i]);
            if union.count_ones() != n {
                return None;
            }
            let set = at(h, union);
            let removed = Step::per_digit(|d| match chosen >> (d - 1) & 1 {
                0 => view.pencil.cands(d) & set,
                _ => 0,
            });
            let mut step = Step::eliminating(t, &removed, chosen, [h], members(set))?;
            step.placement = then(h, chosen, set)?;
            Some(step)
        })
    })
}

/// The indices of `items` (at most 9) that pass `keep`, as a mask.
fn positions(items: &[u16; 9], keep: impl Fn(u16) -> bool) -> u16 {
    (0..9)
        .filter(|&i| keep(items[i]))
        .fold(0, |m, i| m | 1 << i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::Pencil;
    use crate::logic::pencil::HOUSES;

    fn pencil(line: &str) -> Pencil {
        Pencil::new(&line.parse::<Grid>().unwrap()).unwrap()
    }

    /// Leaves `cell` only the digits of `keep` (a string of digits).
    fn restrict(p: &mut Pencil, cell: usize, keep: &str) {
        for d in 1..=9u8 {
            if !keep.contains((b'0' + d) as char) {
                p.eliminate(d, 1 << cell);
            }
        }
    }

    #[test]
    fn naked_subsets_take_their_digits_from_the_house() {
        let mut p = pencil(&".".repeat(81));
        restrict(&mut p, 0, "12");
        restrict(&mut p, 4, "12");
        let pair = naked(&View::new(&p), 2, Technique::NakedPair).unwrap();
        assert_eq!(pair.digits, 0b11);
        assert_eq!(pair.cells, vec![0, 4]);
        assert_eq!(pair.houses, vec![0]);
        // Row 1's seven other cells lose 1 and 2.
        assert_eq!(pair.eliminations.len(), 14);
        assert!(
            pair.eliminations
                .iter()
                .all(|&(c, d)| c < 9 && c != 0 && c != 4 && d <= 2)
        );
        // A triple need not have all three digits in every cell.
        let mut q = pencil(&".".repeat(81));
        restrict(&mut q, 9, "12");
        restrict(&mut q, 10, "23");
        restrict(&mut q, 11, "13");
        assert_eq!(naked(&View::new(&q), 2, Technique::NakedPair), None);
        // The cells share row 2 and box 1: boxes come first, as in Explainer.
        let triple = naked(&View::new(&q), 3, Technique::NakedTriple).unwrap();
        assert_eq!((triple.digits, triple.houses.clone()), (0b111, vec![18]));
        assert_eq!(triple.cells, vec![9, 10, 11]);
    }

    #[test]
    fn hidden_subsets_clear_their_cells() {
        // 1 and 2 only in r1c1 and r1c2 of row 1: those cells keep only 1 and 2.
        let mut p = pencil(&".".repeat(81));
        for d in [1, 2] {
            p.eliminate(d, HOUSES[0] & !0b11);
        }
        let pair = hidden(&View::new(&p), 2, Technique::HiddenPair).unwrap();
        assert_eq!(
            pair.to_string(),
            "hidden pair on 1,2 in row 1 at r1c1 r1c2: r1c12<>3456789"
        );
        pair.apply(&mut p);
        // Once applied, it is no hidden pair any more, but a naked pair that takes 1 and 2
        // from the rest of box 1 (row 1 has none left).
        assert_eq!(hidden(&View::new(&p), 2, Technique::HiddenPair), None);
        let naked_pair = naked(&View::new(&p), 2, Technique::NakedPair).unwrap();
        assert_eq!(naked_pair.houses, vec![18]);
    }
}
