//! Basic fish (X-wing, swordfish, jellyfish): a digit whose places in n rows lie in n columns
//! between them must fill those columns from these rows, so it leaves the columns' other
//! cells; and the same with rows and columns swapped.

use super::pencil::{Cells, HOUSES, Pencil, members};
use super::subsets::{chosen_items, subsets};
use super::{Step, Technique};

/// The first fish of size `n` that removes a candidate: rows as the base first, then columns.
pub fn fish(p: &Pencil, n: usize, t: Technique) -> Option<Step> {
    (1..=9).find_map(|d| {
        let places = p.cands(d);
        // Rows as the base (covered by columns), then columns (covered by rows).
        [(0, 9), (9, 0)].into_iter().find_map(|(base, cover)| {
            // Base lines with 2..=n places, each with its places as cover-line numbers.
            let lines: Vec<(usize, u16)> = (base..base + 9)
                .map(|line| (line, cover_lines(places & HOUSES[line], cover)))
                .filter(|(_, covers)| (2..=n as u32).contains(&covers.count_ones()))
                .collect();
            subsets(lines.len(), n).find_map(|chosen| {
                let picked = chosen_items(&lines, chosen);
                let covers = picked.iter().fold(0, |u, (_, c)| u | c);
                if covers.count_ones() as usize != n {
                    return None;
                }
                let base_cells: Cells = picked.iter().map(|&(l, _)| HOUSES[l]).sum();
                let cover_cells: Cells = (0..9)
                    .filter(|i| covers >> i & 1 == 1)
                    .map(|i| HOUSES[cover + i])
                    .sum();
                let removed = places & cover_cells & !base_cells;
                let houses = picked.iter().map(|&(l, _)| l).collect();
                let cells = members(places & base_cells & cover_cells).collect();
                Step::eliminating(t, &[(d, removed)], 1 << (d - 1), houses, cells)
            })
        })
    })
}

/// The lines of the other direction (`cover` 9: columns, 0: rows) that `cells` of one line
/// lie in, as a 9-bit mask.
fn cover_lines(cells: Cells, cover: usize) -> u16 {
    members(cells).fold(0, |mask, c| {
        let i = if cover == 9 { c % 9 } else { c / 9 };
        mask | 1 << i
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn an_x_wing_takes_its_digit_from_its_columns() {
        let mut p = Pencil::new(&".".repeat(81).parse::<Grid>().unwrap()).unwrap();
        // 3 only in columns 4 and 7 of rows 2 and 8.
        let keep: Cells = 1 << 12 | 1 << 15 | 1 << 66 | 1 << 69;
        p.eliminate(3, (HOUSES[1] | HOUSES[7]) & !keep);
        let step = fish(&p, 2, Technique::XWing).unwrap();
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
        assert_eq!(fish(&p, 3, Technique::Swordfish), None);
    }

    #[test]
    fn a_swordfish_may_leave_a_line_two_places() {
        let mut p = Pencil::new(&".".repeat(81).parse::<Grid>().unwrap()).unwrap();
        // 5 in columns 1, 5, 9 of rows 1, 5, 9: {c1,c5}, {c5,c9}, {c1,c9}.
        let keep: Cells = 1 | 1 << 4 | 1 << 40 | 1 << 44 | 1 << 72 | 1 << 80;
        p.eliminate(5, (HOUSES[0] | HOUSES[4] | HOUSES[8]) & !keep);
        assert_eq!(fish(&p, 2, Technique::XWing), None);
        let step = fish(&p, 3, Technique::Swordfish).unwrap();
        assert_eq!(step.houses, vec![0, 4, 8]);
        assert_eq!(step.eliminations.len(), 18);
    }
}
