//! What Sudoku Explainer's "dynamic forcing chains (+)" ask of the basic rules: when a chain
//! has nothing left to follow, the rules that Explainer nests in it (locked candidates,
//! hidden pairs, naked pairs, X-wings, in that order) are tried on the grid the chain has
//! left, and the first rule that finds anything hands the chain every candidate its hints
//! remove. Each removal rests on the candidates the chain had to remove for that hint to
//! hold (Explainer's "rule parents"), which count towards the chain's length.
//!
//! The length decides the rating, and a candidate removed by two hints keeps the parents of
//! the first; so the hints come in Explainer's order, and so do their removals: Explainer
//! keeps them in a `HashMap` keyed by cell index, whose iteration order is reproduced by
//! [`hash_order`].

use super::marks::Marks;
use super::pencil::{Cells, HOUSES, digits, houses_of, members};
use super::subsets::HOUSE_ORDER;
use super::view::subsets_of;

/// A hint of a nested rule: the candidates it removes, in Explainer's order, and those the
/// chain removed that it rests on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Implied {
    pub(super) removed: Vec<(usize, u8)>,
    pub(super) parents: Vec<(usize, u8)>,
}

/// The grid before the chain began: what it had, and what no chain changes.
pub(super) struct Before<'a> {
    pub(super) marks: &'a Marks,
    /// Cells with no digit placed (Explainer's empty cells: a chain places none).
    pub(super) empty: Cells,
    /// How many cells hold each digit (index `d - 1`).
    pub(super) placed: [u32; 9],
}

/// The hints of the first rule that finds any on `grid` (the chain's grid, which has lost
/// candidates since `before`), those resting on nothing the chain did left out: Explainer
/// drops them, as the rule holds without the chain.
pub(super) fn first_rule(grid: &Marks, before: &Before) -> Vec<Implied> {
    let rules: [fn(&Marks, &Before) -> Vec<Implied>; 4] =
        [locking, hidden_pairs, naked_pairs, x_wings];
    for rule in rules {
        let hints = rule(grid, before);
        if !hints.is_empty() {
            return hints;
        }
    }
    Vec::new()
}

/// Rows are houses 0-8, columns 9-17, boxes 18-26.
const ROWS: usize = 0;
const COLUMNS: usize = 9;
const BOXES: usize = 18;

/// Pointing and claiming: a digit whose places in one house all lie in a crossing house
/// leaves the rest of the crossing house. Explainer pairs boxes with columns, boxes with
/// rows, columns with boxes, rows with boxes; then digits, then houses in order.
fn locking(grid: &Marks, before: &Before) -> Vec<Implied> {
    let mut hints = Vec::new();
    for (kind, across) in [
        (BOXES, COLUMNS),
        (BOXES, ROWS),
        (COLUMNS, BOXES),
        (ROWS, BOXES),
    ] {
        for d in 1..=9u8 {
            for (h1, &house) in HOUSES.iter().enumerate().skip(kind).take(9) {
                let places = grid.places(h1, d);
                if places.count_ones() < 2 {
                    continue;
                }
                // The one crossing house that could hold them all: the first place's.
                let crossing = HOUSES[houses_of(places.trailing_zeros() as usize)[across / 9]];
                if places & !crossing != 0 {
                    continue;
                }
                let removed = grid.boards[d as usize - 1] & crossing & !house;
                if removed != 0 {
                    push(
                        &mut hints,
                        members(removed).map(|c| (c, 1 << (d - 1))),
                        lost(grid, before, house & !crossing, d),
                    );
                }
            }
        }
    }
    hints
}

/// Two digits whose places in a house are the same two cells: those cells lose their other
/// digits. Boxes, then columns, then rows; houses with more than four empty cells.
fn hidden_pairs(grid: &Marks, before: &Before) -> Vec<Implied> {
    let mut hints = Vec::new();
    for house in HOUSE_ORDER {
        if (HOUSES[house] & before.empty).count_ones() <= 4 {
            continue;
        }
        let places: [Cells; 9] = std::array::from_fn(|i| grid.places(house, i as u8 + 1));
        // The pairs of digits in Explainer's order, (1,2), (1,3), (2,3), (1,4)…, of which
        // only two digits with the same two places are a hidden pair.
        for (low, high) in (2..=9u8).flat_map(|high| (1..high).map(move |low| (low, high))) {
            let cells = places[low as usize - 1];
            if cells.count_ones() != 2 || places[high as usize - 1] != cells {
                continue;
            }
            let pair: u16 = 1 << (low - 1) | 1 << (high - 1);
            if members(cells).all(|c| grid.masks[c] & !pair == 0) {
                continue;
            }
            let removed = members(cells).map(|c| (c, grid.masks[c] & !pair));
            let mut parents: Vec<(usize, u8)> = digits(pair)
                .flat_map(|d| lost_before(before, HOUSES[house] & !cells, d))
                .collect();
            // Explainer lists them cell by cell, each cell's digits in order.
            parents.sort_unstable();
            push(&mut hints, removed, parents);
        }
    }
    hints
}

/// Two cells of a house with the same two digits: the house's other cells lose them.
/// Boxes, then columns, then rows; houses with four empty cells or more.
fn naked_pairs(grid: &Marks, before: &Before) -> Vec<Implied> {
    let mut hints = Vec::new();
    let bivalue: Cells = (0..81)
        .filter(|&c| grid.count(c) == 2)
        .fold(0, |s, c| s | 1 << c);
    for house in HOUSE_ORDER {
        if (HOUSES[house] & before.empty).count_ones() < 4 {
            continue;
        }
        // The pairs of cells in Explainer's order, (first, second), (first, third), (second,
        // third)…, of which only two cells with the same two digits are a naked pair.
        let bivalue = HOUSES[house] & bivalue;
        for (low, high) in members(bivalue)
            .flat_map(|high| members(bivalue & ((1 << high) - 1)).map(move |low| (low, high)))
        {
            let both = grid.masks[low];
            if grid.masks[high] != both {
                continue;
            }
            let pair: Cells = 1 << low | 1 << high;
            if members(HOUSES[house] & !pair).all(|c| grid.masks[c] & both == 0) {
                continue;
            }
            let removed = members(HOUSES[house] & !pair).map(|c| (c, grid.masks[c] & both));
            let parents = members(pair)
                .flat_map(|c| digits(before.marks.masks[c] & !both).map(move |d| (c, d)))
                .collect();
            push(&mut hints, removed, parents);
        }
    }
    hints
}

/// A digit whose places in two lines lie in the same two lines across: those lines lose it
/// elsewhere. Columns as the base first, then rows; pairs of lines, then digits.
fn x_wings(grid: &Marks, before: &Before) -> Vec<Implied> {
    let mut hints = Vec::new();
    for (base, cover) in [(COLUMNS, ROWS), (ROWS, COLUMNS)] {
        // Each base line's places of each digit, as the numbers of the lines across.
        let positions: [[u16; 9]; 9] = std::array::from_fn(|l| {
            std::array::from_fn(|d| line_positions(grid.places(base + l, d as u8 + 1), cover))
        });
        for lines in subsets_of(0x1ff, 2) {
            let base_cells: Cells = digits(lines).map(|l| HOUSES[base + l as usize - 1]).sum();
            let base_lines = [
                lines.trailing_zeros() as u8 + 1,
                16 - lines.leading_zeros() as u8,
            ];
            for d in 1..=9u8 {
                if before.placed[d as usize - 1] + 4 > 9 {
                    continue;
                }
                let across = base_lines.map(|l| positions[l as usize - 1][d as usize - 1]);
                let covers = across[0] | across[1];
                if across.iter().any(|a| a.count_ones() < 2) || covers.count_ones() != 2 {
                    continue;
                }
                let cover_cells: Cells =
                    digits(covers).map(|l| HOUSES[cover + l as usize - 1]).sum();
                if grid.boards[d as usize - 1] & cover_cells & !base_cells == 0 {
                    continue;
                }
                // Explainer walks the cover lines in order, each line's cells in order.
                let removed = digits(covers).flat_map(|l| {
                    members(grid.places(cover + l as usize - 1, d) & !base_cells)
                        .map(move |c| (c, 1u16 << (d - 1)))
                });
                let parents = lost(grid, before, base_cells & !cover_cells, d);
                push(&mut hints, removed, parents);
            }
        }
    }
    hints
}

/// The numbers (0-8) of the lines of kind `kind` (rows or columns) that `cells` lie on.
fn line_positions(cells: Cells, kind: usize) -> u16 {
    members(cells).fold(0, |m, c| m | 1 << if kind == ROWS { c / 9 } else { c % 9 })
}

/// The candidates of `d` in `cells` that the chain has removed, in cell order.
fn lost(grid: &Marks, before: &Before, cells: Cells, d: u8) -> Vec<(usize, u8)> {
    let gone = before.marks.boards[d as usize - 1] & !grid.boards[d as usize - 1];
    members(cells & gone).map(|c| (c, d)).collect()
}

/// The candidates of `d` in `cells` before the chain (all must have gone for the hint).
fn lost_before(before: &Before, cells: Cells, d: u8) -> impl Iterator<Item = (usize, u8)> {
    members(cells & before.marks.boards[d as usize - 1]).map(move |c| (c, d))
}

/// Adds the hint removing `removed` (cells with digit masks, in the rule's order), unless it
/// removes nothing or rests on nothing.
fn push(
    hints: &mut Vec<Implied>,
    removed: impl Iterator<Item = (usize, u16)>,
    parents: Vec<(usize, u8)>,
) {
    let by_cell: Vec<(usize, u16)> = removed.filter(|&(_, m)| m != 0).collect();
    if by_cell.is_empty() || parents.is_empty() {
        return;
    }
    hints.push(Implied {
        removed: expanded(&by_cell),
        parents,
    });
}

/// `removed` (cell and digit, in the order found) in the order Explainer's map of them
/// gives back: cells by [`hash_order`], each cell's digits in order.
pub(super) fn in_java_order(removed: &[(usize, u8)]) -> Vec<(usize, u8)> {
    let mut by_cell: Vec<(usize, u16)> = Vec::new();
    for &(cell, d) in removed {
        match by_cell.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, mask)) => *mask |= 1 << (d - 1),
            None => by_cell.push((cell, 1 << (d - 1))),
        }
    }
    expanded(&by_cell)
}

/// Each cell's digits (with their masks) in Explainer's order: cells by [`hash_order`], each
/// cell's digits in order.
fn expanded(by_cell: &[(usize, u16)]) -> Vec<(usize, u8)> {
    hash_order(by_cell)
        .into_iter()
        .flat_map(|(c, m)| digits(m).map(move |d| (c, d)))
        .collect()
}

/// The order in which Java's `HashMap` (keys hashed to the cell index, default capacity,
/// doubled past three quarters full) gives back entries put in the order of `entries`: by
/// bucket (the index modulo the table's size), and within a bucket in the order put.
fn hash_order(entries: &[(usize, u16)]) -> Vec<(usize, u16)> {
    let mut size = 16;
    while entries.len() > size * 3 / 4 {
        size *= 2;
    }
    let mut ordered = entries.to_vec();
    ordered.sort_by_key(|&(cell, _)| cell % size); // stable: the order put within a bucket
    ordered
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::Pencil;

    /// An empty grid's candidates: what the chain began from.
    fn open() -> Marks {
        Marks::of(&Pencil::new(&".".repeat(81).parse::<Grid>().unwrap()).unwrap())
    }

    fn hints(grid: &Marks, before: &Marks) -> Vec<Implied> {
        let before = Before {
            marks: before,
            empty: !0 >> (128 - 81),
            placed: [0; 9],
        };
        first_rule(grid, &before)
    }

    fn remove(grid: &mut Marks, cells: &[usize], digits: &[u8]) {
        for &c in cells {
            for &d in digits {
                grid.remove(c, d);
            }
        }
    }

    #[test]
    fn locked_candidates_rest_on_what_the_chain_took_from_the_box() {
        let before = open();
        let mut grid = before;
        // Box 1 loses 1 outside row 1: it points along row 1.
        remove(&mut grid, &[9, 10, 11, 18, 19, 20], &[1]);
        let found = hints(&grid, &before);
        assert_eq!(found.len(), 1);
        let removed: Vec<usize> = found[0].removed.iter().map(|&(c, _)| c).collect();
        assert_eq!(removed, vec![3, 4, 5, 6, 7, 8]);
        assert_eq!(
            found[0].parents,
            vec![(9, 1), (10, 1), (11, 1), (18, 1), (19, 1), (20, 1)]
        );
        // A hint that holds without the chain is none of the chain's business.
        assert!(hints(&grid, &grid).is_empty());
    }

    #[test]
    fn a_hidden_pair_rests_on_its_digits_gone_from_the_rest_of_the_house() {
        let before = open();
        let mut grid = before;
        // 1 and 2 in box 1 only at r1c1 and r2c2 (on no line, so nothing points).
        remove(&mut grid, &[1, 2, 9, 11, 18, 19, 20], &[1, 2]);
        let found = hints(&grid, &before);
        assert_eq!(found.len(), 1);
        let gone: Vec<(usize, u8)> = [0, 10]
            .iter()
            .flat_map(|&c| (3..=9).map(move |d| (c, d)))
            .collect();
        assert_eq!(found[0].removed, gone);
        assert_eq!(found[0].parents.len(), 14);
        assert_eq!(found[0].parents[..2], [(1, 1), (1, 2)]);
    }

    #[test]
    fn naked_pairs_come_box_first_and_remove_in_javas_hash_order() {
        let before = open();
        let mut grid = before;
        remove(&mut grid, &[0, 1], &[3, 4, 5, 6, 7, 8, 9]);
        let found = hints(&grid, &before);
        assert_eq!(found.len(), 2, "box 1, then row 1");
        // Each cell loses both digits: its cell once per pair of removals.
        let cells = |hint: &Implied| -> Vec<usize> {
            hint.removed.iter().step_by(2).map(|&(c, _)| c).collect()
        };
        // Box 1's other cells, by bucket of sixteen: 2 and 18 share one.
        assert_eq!(cells(&found[0]), vec![2, 18, 19, 20, 9, 10, 11]);
        assert_eq!(found[0].removed[..2], [(2, 1), (2, 2)]);
        assert_eq!(cells(&found[1]), vec![2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(found[0].parents.len(), 14);
    }

    #[test]
    fn an_x_wing_on_columns_rests_on_the_places_the_columns_lost() {
        let before = open();
        let mut grid = before;
        // 5 in columns 1 and 5 only in rows 2 and 8.
        let lost: Vec<usize> = [0, 2, 3, 4, 5, 6, 8]
            .iter()
            .flat_map(|&r| [r * 9, r * 9 + 4])
            .collect();
        remove(&mut grid, &lost, &[5]);
        let found = hints(&grid, &before);
        assert_eq!(found.len(), 1);
        let cells: Vec<usize> = found[0].removed.iter().map(|&(c, _)| c).collect();
        // Fourteen cells: a table of 32 buckets, where row 8's cells (64-71) come first.
        assert_eq!(
            cells,
            vec![64, 65, 66, 68, 69, 70, 71, 10, 11, 12, 14, 15, 16, 17]
        );
        let mut parents = found[0].parents.clone();
        parents.sort_unstable();
        let mut expect: Vec<(usize, u8)> = lost.iter().map(|&c| (c, 5)).collect();
        expect.sort_unstable();
        assert_eq!(parents, expect);
    }

    #[test]
    fn java_hash_maps_give_cells_back_by_bucket() {
        let entries = [(20, 1), (3, 1), (4, 1)];
        // Sixteen buckets: 20 falls in bucket 4, after 3, and with 4 in the order put.
        assert_eq!(hash_order(&entries), vec![(3, 1), (20, 1), (4, 1)]);
        // Thirteen entries need 32 buckets.
        let many: Vec<(usize, u16)> = (0..13).map(|i| (40 - i, 1)).collect();
        let order: Vec<usize> = hash_order(&many).iter().map(|e| e.0).collect();
        assert_eq!(
            order,
            vec![32, 33, 34, 35, 36, 37, 38, 39, 40, 28, 29, 30, 31]
        );
        // Removals found one at a time come back a cell at a time, each cell's digits in order.
        let removed = [(20, 5), (3, 2), (20, 1), (4, 9)];
        assert_eq!(
            in_java_order(&removed),
            vec![(3, 2), (20, 1), (20, 5), (4, 9)]
        );
    }
}
