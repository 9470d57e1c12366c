//! Singles: a house's last empty cell (full house), a digit's only place in a box or a line
//! (hidden single), a cell's only digit (naked single). One scan finds every single of a tier;
//! the rater places them all, the explainer takes the first.

use super::pencil::{Contradiction, FIRST_BOX, HOUSES, Pencil, bands, is_single, members};
use super::{Step, Technique};

/// The singles, easiest first.
pub(crate) const TIERS: [Technique; 4] = [
    Technique::FullHouse,
    Technique::HiddenSingleBox,
    Technique::HiddenSingleLine,
    Technique::NakedSingle,
];

/// Calls `found(cell, digit, house)` for every single of tier `t` (`house` is `None` for a
/// naked single): full houses in house order, hidden singles by digit, then house, naked
/// singles in cell order.
fn scan(p: &Pencil, t: Technique, found: &mut impl FnMut(usize, u8, Option<usize>)) {
    match t {
        Technique::FullHouse => {
            let empty = p.empty();
            for (h, &house) in HOUSES.iter().enumerate() {
                let last = empty & house;
                if is_single(last) {
                    let cell = last.trailing_zeros() as usize;
                    if let Some(d) = only_digit(p, cell) {
                        found(cell, d, Some(h));
                    }
                }
            }
        }
        Technique::HiddenSingleBox => hidden(p, true, found),
        Technique::HiddenSingleLine => hidden(p, false, found),
        Technique::NakedSingle => {
            for cell in members(p.cells_by_count().0) {
                let d = only_digit(p, cell).expect("one candidate");
                found(cell, d, None);
            }
        }
        _ => unreachable!("{t:?} is not a single"),
    }
}

/// Hidden singles in the boxes (`boxes`) or in the lines, digit by digit.
fn hidden(p: &Pencil, boxes: bool, found: &mut impl FnMut(usize, u8, Option<usize>)) {
    // A digit's board as its three bands (a mask of the whole board per house cost twice the
    // instructions). Digit by digit, so that digits placed everywhere (late in a puzzle, most
    // are) are passed over at once.
    for d in 1..=9 {
        let cands = p.cands(d);
        if cands == 0 {
            continue;
        }
        let bands = bands(cands);
        if boxes {
            for (band, &word) in bands.iter().enumerate() {
                for stack in 0..3 {
                    let places = word & FIRST_BOX << (3 * stack);
                    if places.is_power_of_two() {
                        let cell = 27 * band + places.trailing_zeros() as usize;
                        found(cell, d, Some(18 + 3 * band + stack));
                    }
                }
            }
            continue;
        }
        // A column's places counted over the rows: `once` holds the columns seen once so
        // far, `more` those seen twice or more.
        let (mut once, mut more) = (0u32, 0u32);
        for (band, &word) in bands.iter().enumerate() {
            for i in 0..3 {
                let (r, row) = (3 * band + i, word >> (9 * i) & 0x1ff);
                if row.is_power_of_two() {
                    found(9 * r + row.trailing_zeros() as usize, d, Some(r));
                }
                more |= once & row;
                once ^= row;
            }
        }
        let mut columns = once & !more;
        while columns != 0 {
            let c = columns.trailing_zeros() as usize;
            found(
                (cands & HOUSES[9 + c]).trailing_zeros() as usize,
                d,
                Some(9 + c),
            );
            columns &= columns - 1;
        }
    }
}

/// The one digit left for `cell`, if it has exactly one.
fn only_digit(p: &Pencil, cell: usize) -> Option<u8> {
    let mask = p.cell_mask(cell);
    (mask.count_ones() == 1).then(|| mask.trailing_zeros() as u8 + 1)
}

/// The first single of tier `t` in Sudoku Explainer's order, so that `explain` takes the
/// step Explainer takes: boxes, then columns, then rows, house by house, then digit by digit
/// (naked singles: in cell order).
pub(crate) fn first(p: &Pencil, t: Technique) -> Option<Step> {
    let mut first: Option<(usize, u8, Option<usize>)> = None;
    let explainers = |house: usize| match house {
        18.. => house - 18,
        9..18 => house,
        _ => house + 18,
    };
    let order =
        |&(cell, d, house): &(usize, u8, Option<usize>)| (house.map_or(cell, explainers), d);
    scan(p, t, &mut |cell, d, house| {
        let single = (cell, d, house);
        if first.is_none_or(|f| order(&single) < order(&f)) {
            first = Some(single);
        }
    });
    first.map(|(cell, d, house)| Step::placement(t, cell, d, house))
}

/// Places every single of the tiers `tiers` that one scan finds; how many. A single of a
/// scan stays true while the others are placed (all are the solution's digits), so a
/// placement is skipped only when it is already made (one cell found by two houses, or two
/// tiers). Two digits for one cell, or a digit that lost its place, mean the puzzle has no
/// solution.
pub(crate) fn place_all(p: &mut Pencil, tiers: &[Technique]) -> Result<u32, Contradiction> {
    // Scan the marks as they were, and place into the live ones as the scan goes.
    let before = *p;
    let (mut placed, mut clash) = (0, false);
    for &t in tiers {
        scan(&before, t, &mut |cell, d, _| match p.value(cell) {
            0 if p.has(cell, d) => {
                p.place(cell, d);
                placed += 1;
            }
            v if v == d => {}
            _ => clash = true,
        });
    }
    if clash {
        Err(Contradiction)
    } else {
        Ok(placed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    fn pencil(line: &str) -> Pencil {
        Pencil::new(&line.parse::<Grid>().unwrap()).unwrap()
    }

    #[test]
    fn a_full_house_is_a_house_with_one_empty_cell() {
        // Row 1 lacks only its last digit.
        let p = pencil(&format!("12345678.{}", ".".repeat(72)));
        assert_eq!(
            first(&p, Technique::FullHouse).unwrap().to_string(),
            "r1c9=9 full house in row 1"
        );
    }

    #[test]
    fn hidden_singles_by_box_then_by_line() {
        // 1s in rows 2 and 3 (r2c4, r3c7) and columns 2 and 3 (r4c2, r7c3) leave box 1 one
        // place for a 1: r1c1.
        let p = pencil(&format!(
            "{}...1...........1...1.......{}..1......{}",
            ".".repeat(9),
            ".".repeat(18),
            ".".repeat(18)
        ));
        let step = first(&p, Technique::HiddenSingleBox).unwrap();
        assert_eq!(step.to_string(), "r1c1=1 hidden single in box 1");
        // No box has a hidden single in an empty grid, nor any line.
        let empty = pencil(&".".repeat(81));
        for t in TIERS {
            assert_eq!(first(&empty, t), None, "{t:?}");
        }
    }

    #[test]
    fn hidden_singles_are_the_houses_with_one_place_for_a_digit() {
        // Against the definition, house by house over the whole board.
        let mut found = 0;
        for (state, p) in crate::logic::pencil::thinned(700).enumerate() {
            for (t, houses) in [
                (Technique::HiddenSingleBox, 18..27),
                (Technique::HiddenSingleLine, 0..18),
            ] {
                let mut ours = Vec::new();
                scan(&p, t, &mut |cell, d, h| ours.push((cell, d, h.unwrap())));
                let mut defined = Vec::new();
                for h in houses {
                    for d in 1..=9 {
                        let places = p.cands(d) & HOUSES[h];
                        if is_single(places) {
                            defined.push((places.trailing_zeros() as usize, d, h));
                        }
                    }
                }
                ours.sort_unstable();
                defined.sort_unstable();
                assert_eq!(ours, defined, "state {state}, {t:?}");
                found += ours.len();
            }
        }
        assert!(found > 2000, "{found} singles: too few to test on");
    }

    #[test]
    fn a_naked_single_is_a_cell_with_one_digit_left() {
        // r1c1 sees 1-8 in its row and column, with nothing else placed in its box.
        let p = pencil(&format!(
            ".1234{}{}",
            ".".repeat(13),
            "5........6........7........8".to_string() + &".".repeat(35)
        ));
        assert_eq!(
            first(&p, Technique::NakedSingle).unwrap().to_string(),
            "r1c1=9 naked single"
        );
        assert_eq!(first(&p, Technique::FullHouse), None);
    }

    #[test]
    fn a_scan_places_all_it_finds_and_catches_a_clash() {
        let mut p = pencil(&format!("12345678.{}", ".".repeat(72)));
        assert_eq!(place_all(&mut p, &[Technique::FullHouse]), Ok(1));
        assert_eq!(p.value(8), 9);
        assert_eq!(place_all(&mut p, &[Technique::FullHouse]), Ok(0));
        // Two cells of row 1 whose only digit is 9.
        let mut broken = pencil(&format!("1234567..{}", ".".repeat(72)));
        broken.eliminate(8, 1 << 7 | 1 << 8);
        assert_eq!(
            place_all(&mut broken, &[Technique::NakedSingle]),
            Err(Contradiction)
        );
    }
}
