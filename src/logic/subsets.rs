//! Naked and hidden subsets (pairs, triples, quads) within one house. Naked: n cells whose
//! candidates are n digits between them; those digits leave the house's other cells. Hidden:
//! n digits whose places are n cells between them; those cells lose every other digit.

use super::pencil::{Cells, HOUSES, Pencil, digits, house_cells, members};
use super::{Step, Technique};

/// The first naked subset of `n` cells that removes a candidate.
pub fn naked(p: &Pencil, n: usize, t: Technique) -> Option<Step> {
    (0..27).find_map(|h| {
        // The house's empty cells with 2..=n candidates: a subset's members.
        let cells: Vec<(usize, u16)> = house_cells(h)
            .filter(|&c| p.value(c) == 0)
            .map(|c| (c, p.cell_mask(c)))
            .collect();
        if cells.len() <= n {
            return None; // no other cell to take digits from
        }
        let members_: Vec<(usize, u16)> = cells
            .iter()
            .copied()
            .filter(|(_, m)| (2..=n as u32).contains(&m.count_ones()))
            .collect();
        subsets(members_.len(), n).find_map(|chosen| {
            let picked = chosen_items(&members_, chosen);
            let union = picked.iter().fold(0, |u, (_, m)| u | m);
            if union.count_ones() as usize != n {
                return None;
            }
            let set: Cells = picked.iter().map(|(c, _)| 1u128 << c).sum();
            let removed: Vec<(u8, Cells)> = digits(union)
                .map(|d| (d, p.cands(d) & HOUSES[h] & !set))
                .collect();
            let cells = picked.iter().map(|&(c, _)| c).collect();
            Step::eliminating(t, &removed, union, vec![h], cells)
        })
    })
}

/// The first hidden subset of `n` digits that removes a candidate.
pub fn hidden(p: &Pencil, n: usize, t: Technique) -> Option<Step> {
    (0..27).find_map(|h| {
        // The house's digits still to place, with where each may go: 2..=n cells for a member.
        let open: Vec<(u8, Cells)> = (1..=9)
            .map(|d| (d, p.cands(d) & HOUSES[h]))
            .filter(|&(_, places)| places != 0)
            .collect();
        if open.len() <= n {
            return None; // no other digit to take from the cells
        }
        let members_: Vec<(u8, Cells)> = open
            .iter()
            .copied()
            .filter(|(_, places)| (2..=n as u32).contains(&places.count_ones()))
            .collect();
        subsets(members_.len(), n).find_map(|chosen| {
            let picked = chosen_items(&members_, chosen);
            let union: Cells = picked.iter().fold(0, |u, (_, places)| u | places);
            if union.count_ones() as usize != n {
                return None;
            }
            let mask: u16 = picked.iter().map(|&(d, _)| 1 << (d - 1)).sum();
            let removed: Vec<(u8, Cells)> = (1..=9)
                .filter(|d| mask >> (d - 1) & 1 == 0)
                .map(|d| (d, p.cands(d) & union))
                .collect();
            Step::eliminating(t, &removed, mask, vec![h], members(union).collect())
        })
    })
}

/// Every way to choose `n` of `len` items, as bit masks over their indices, in increasing
/// order.
pub fn subsets(len: usize, n: usize) -> impl Iterator<Item = u32> {
    (0..1u32 << len).filter(move |s| s.count_ones() as usize == n)
}

/// The items whose indices are set in `chosen`.
pub fn chosen_items<T: Copy>(items: &[T], chosen: u32) -> Vec<T> {
    (0..items.len())
        .filter(|i| chosen >> i & 1 == 1)
        .map(|i| items[i])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

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
        let pair = naked(&p, 2, Technique::NakedPair).unwrap();
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
        assert_eq!(naked(&q, 2, Technique::NakedPair), None);
        let triple = naked(&q, 3, Technique::NakedTriple).unwrap();
        assert_eq!((triple.digits, triple.houses.clone()), (0b111, vec![1]));
        assert_eq!(triple.cells, vec![9, 10, 11]);
    }

    #[test]
    fn hidden_subsets_clear_their_cells() {
        // 1 and 2 only in r1c1 and r1c2 of row 1: those cells keep only 1 and 2.
        let mut p = pencil(&".".repeat(81));
        for d in [1, 2] {
            p.eliminate(d, HOUSES[0] & !0b11);
        }
        let pair = hidden(&p, 2, Technique::HiddenPair).unwrap();
        assert_eq!(
            pair.to_string(),
            "hidden pair on 1,2 in row 1 at r1c1 r1c2: r1c12<>3456789"
        );
        pair.apply(&mut p);
        // Once applied, it is no hidden pair any more, but a naked pair that takes 1 and 2
        // from the rest of box 1 (row 1 has none left).
        assert_eq!(hidden(&p, 2, Technique::HiddenPair), None);
        assert_eq!(naked(&p, 2, Technique::NakedPair).unwrap().houses, vec![18]);
    }

    #[test]
    fn subsets_are_every_choice() {
        assert_eq!(subsets(4, 2).count(), 6);
        assert_eq!(subsets(9, 4).count(), 126);
        assert_eq!(chosen_items(&[5, 6, 7], 0b101), vec![5, 7]);
    }
}
