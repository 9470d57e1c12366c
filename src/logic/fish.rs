//! Basic fish (X-wing, swordfish, jellyfish): a digit whose places in n rows lie in n columns
//! between them must fill those columns from these rows, so it leaves the columns' other
//! cells; and the same with rows and columns swapped.

use super::pencil::{Cells, HOUSES, members};
use super::view::{View, subsets_of};
use super::{Step, Technique};

/// The first fish of size `n` that removes a candidate, in Sudoku Explainer's order, so that
/// `explain` takes the step Explainer takes: columns as the base first, then rows; sets of
/// lines in increasing order, and digits within a set. As in Explainer, a digit placed more
/// than `9 - 2n` times is passed over (its fish would be degenerate or found by a smaller one).
pub(crate) fn fish(view: &View, n: u32, t: Technique) -> Option<Step> {
    let p = view.pencil;
    let placed = p.placed();
    // Columns as the base (covered by rows), then rows (covered by columns). A line's places,
    // as positions, are the numbers of the lines across that cover them.
    [(9, 0), (0, 9)].into_iter().find_map(|(base, cover)| {
        let covers = |line: usize, d: u8| view.places[base + line][d as usize - 1];
        let eligible: [u16; 9] = std::array::from_fn(|i| {
            (0..9)
                .filter(|&l| (2..=n).contains(&covers(l, i as u8 + 1).count_ones()))
                .fold(0, |m, l| m | 1 << l)
        });
        subsets_of(0x1ff, n).find_map(|chosen| {
            (1..=9u8).find_map(|d| {
                if chosen & !eligible[d as usize - 1] != 0 || placed[d as usize - 1] + 2 * n > 9 {
                    return None;
                }
                let chosen_lines = (0..9).filter(move |l| chosen >> l & 1 == 1);
                let covered: u16 = chosen_lines.clone().fold(0, |u, l| u | covers(l, d));
                if covered.count_ones() != n {
                    return None;
                }
                let places = p.cands(d);
                let base_cells: Cells = chosen_lines.clone().map(|l| HOUSES[base + l]).sum();
                let cover_cells: Cells = (0..9)
                    .filter(|i| covered >> i & 1 == 1)
                    .map(|i| HOUSES[cover + i])
                    .sum();
                let removed = places & cover_cells & !base_cells;
                let houses = chosen_lines.map(|l| base + l);
                let cells = members(places & base_cells & cover_cells);
                Step::eliminating(t, &[(d, removed)], 1 << (d - 1), houses, cells)
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::Pencil;

    #[test]
    fn an_x_wing_takes_its_digit_from_its_columns() {
        let mut p = Pencil::new(&".".repeat(81).parse::<Grid>().unwrap()).unwrap();
        // 3 only in columns 4 and 7 of rows 2 and 8.
        let keep: Cells = 1 << 12 | 1 << 15 | 1 << 66 | 1 << 69;
        p.eliminate(3, (HOUSES[1] | HOUSES[7]) & !keep);
        let step = fish(&View::new(&p), 2, Technique::XWing).unwrap();
        assert_eq!(step.houses, vec![1, 7]);
        assert_eq!(step.cells, vec![12, 15, 66, 69]);
        // Columns 4 and 7 lose 3 in the seven other rows.
        assert_eq!(step.eliminations.len(), 14);
        assert!(
            step.eliminations
                .iter()
                .all(|&(c, d)| d == 3 && (c % 9 == 3 || c % 9 == 6))
        );
        assert_eq!(
            step.to_string(),
            "X-wing on 3 in rows 2,8 at r2c4 r2c7 r8c4 r8c7: r1345679c4,r1345679c7<>3"
        );
        // No swordfish takes more: a fish of three lines needs three lines in three columns.
        assert_eq!(fish(&View::new(&p), 3, Technique::Swordfish), None);
    }

    #[test]
    fn a_swordfish_may_leave_a_line_two_places() {
        let mut p = Pencil::new(&".".repeat(81).parse::<Grid>().unwrap()).unwrap();
        // 5 in columns 1, 5, 9 of rows 1, 5, 9: {c1,c5}, {c5,c9}, {c1,c9}.
        let keep: Cells = 1 | 1 << 4 | 1 << 40 | 1 << 44 | 1 << 72 | 1 << 80;
        p.eliminate(5, (HOUSES[0] | HOUSES[4] | HOUSES[8]) & !keep);
        assert_eq!(fish(&View::new(&p), 2, Technique::XWing), None);
        let step = fish(&View::new(&p), 3, Technique::Swordfish).unwrap();
        assert_eq!(step.houses, vec![0, 4, 8]);
        assert_eq!(step.eliminations.len(), 18);
    }
}
