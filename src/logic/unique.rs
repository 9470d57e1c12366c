//! Uniqueness techniques, as Sukaku Explainer uses them by default: a puzzle with one
//! solution cannot reach a pattern whose two digits could be swapped (a deadly pattern), so a
//! candidate that would complete one is false. These rest on the puzzle having one solution,
//! which `rate` checks before it rates.
//!
//! - Unique rectangles and loops (4.5 for four cells, 4.6 for six, 4.7 for eight, 5.0 for ten
//!   or more): a loop of cells alternating through houses, each with digits {a,b}, each house
//!   it crosses met twice. Type 1: one cell has more digits, so it is not a or b. Type 2: the
//!   extra cells share one extra digit, which leaves the cells that see them all. Type 3: two
//!   extra cells in one house whose extra digits act as one cell of a naked subset there
//!   (a tenth more per extra cell of the subset). Type 4: two extra cells in one house where
//!   one of a, b has no other place: the other leaves both.
//! - Bivalue universal grave (5.6, 5.7): were it not for a few candidates, every empty cell
//!   would have two and every digit two places in each house, a pattern with two solutions;
//!   so one of those candidates is true. Type 1: one such cell, which keeps only them.
//!   Type 2: one such digit, which leaves the cells that see every cell holding it. Type 3:
//!   the extra digits act as one cell of a naked subset in a house the cells share.

use super::pencil::{
    self, Cells, HOUSES, PEERS, houses_box_first, houses_of, members, seen_by_all,
};
use super::step::Form;
use super::view::{View, at, positions, positions_of, subsets_of};
use super::{Step, Technique};

/// The unique loop step Sukaku Explainer would apply first: the lowest score, then the lowest
/// type.
pub(crate) fn loops(view: &View, t: Technique) -> Option<Step> {
    let mut best: Option<(u16, u8, Step)> = None;
    let mut seen: Vec<(Cells, u16)> = Vec::new();
    for start in 0..81 {
        let m = view.masks[start];
        if m.count_ones() != 2 {
            continue;
        }
        let mut walk = Walk {
            view,
            pair: m,
            holders: pencil::digits(m).fold(pencil::ALL, |s, d| s & view.pencil.cands(d)),
            found: Vec::new(),
        };
        walk.extend(&mut vec![start], 1 << start, 2, 0, None);
        for lp in walk.found {
            let cells: Cells = lp.iter().fold(0, |s, &c| s | 1 << c);
            if seen.contains(&(cells, m)) || !valid(&lp) {
                continue;
            }
            seen.push((cells, m));
            for (kind, mut step) in conclusions(view, &lp, m, t) {
                let base = match lp.len() {
                    4 => 45,
                    6 => 46,
                    8 => 47,
                    _ => 50,
                };
                step.score += base - t.score();
                step.form = Form::Typed(kind);
                let key = (step.score, kind);
                if best.as_ref().is_none_or(|b| key < (b.0, b.1)) {
                    best = Some((step.score, kind, step));
                }
            }
        }
    }
    best.map(|b| b.2)
}

/// The longest loop looked for: Explainer has no bound, but loops past 14 cells are not met
/// in practice and the walk grows with their length.
const LONGEST: usize = 14;

/// The walk from one cell of two candidates (`pair`) for loops through cells that hold both
/// (`holders`).
struct Walk<'a> {
    view: &'a View<'a>,
    pair: u16,
    holders: Cells,
    found: Vec<Vec<usize>>,
}

impl Walk<'_> {
    /// Extends `path` (its cells also as `on_path`) through a house of another kind than
    /// the last step's; a path back to its start of four cells or more is a loop.
    fn extend(
        &mut self,
        path: &mut Vec<usize>,
        on_path: Cells,
        extra_allowed: u32,
        extra: u16,
        last: Option<usize>,
    ) {
        let cell = *path.last().expect("a start");
        let start = path[0];
        let closing: Cells = if path.len() >= 4 { 1 << start } else { 0 };
        for (kind, house) in houses_box_first(cell).into_iter().enumerate() {
            if Some(kind) == last {
                continue;
            }
            for next in members(HOUSES[house] & (self.holders & !on_path | closing)) {
                if next == start {
                    self.found.push(path.clone());
                    continue;
                }
                if path.len() >= LONGEST {
                    continue;
                }
                let m = self.view.masks[next];
                let more = extra | (m & !self.pair);
                let count = m.count_ones();
                if count == 2 || more.count_ones() == 1 || extra_allowed > 0 {
                    path.push(next);
                    let allowed = extra_allowed - u32::from(count > 2 && extra_allowed > 0);
                    self.extend(path, on_path | 1 << next, allowed, more, Some(kind));
                    path.pop();
                }
            }
        }
    }
}

/// Whether every house the loop's cells lie in holds two of them, one at an odd and one at an
/// even place of the loop.
fn valid(lp: &[usize]) -> bool {
    let (mut odd, mut even) = (0u32, 0u32);
    for (i, &c) in lp.iter().enumerate() {
        let set = if i % 2 == 1 { &mut odd } else { &mut even };
        for h in houses_of(c) {
            if *set >> h & 1 == 1 {
                return false;
            }
            *set |= 1 << h;
        }
    }
    odd == even
}

/// The steps a loop gives, by type.
fn conclusions(view: &View, lp: &[usize], pair: u16, t: Technique) -> Vec<(u8, Step)> {
    let extras: Vec<usize> = lp
        .iter()
        .copied()
        .filter(|&c| view.masks[c].count_ones() > 2)
        .collect();
    let cells: Vec<usize> = lp.to_vec();
    let mut out = Vec::new();
    let extra_digits = extras.iter().fold(0, |m, &c| m | view.masks[c]) & !pair;
    let digit = |mask: u16| mask.trailing_zeros() as u8 + 1;
    match extras.len() {
        1 => {
            let c = extras[0];
            let removed = Step::per_digit(|d| u128::from(pair >> (d - 1) & 1) << c);
            out.extend(Step::eliminating(t, &removed, pair, [], cells.clone()).map(|s| (1, s)));
        }
        n if n >= 2 && extra_digits.count_ones() == 1 => {
            let d = digit(extra_digits);
            let all: Cells = extras.iter().fold(0, |s, &c| s | 1 << c);
            let removed = seen_by_all(all) & view.pencil.cands(d);
            out.extend(
                Step::eliminating(t, &[(d, removed)], pair, [], cells.clone()).map(|s| (2, s)),
            );
        }
        _ => {}
    }
    if extras.len() == 2 {
        let (c1, c2) = (extras[0], extras[1]);
        let shared: Vec<usize> = houses_box_first(c1)
            .into_iter()
            .filter(|h| HOUSES[*h] >> c2 & 1 == 1)
            .collect();
        if extra_digits.count_ones() >= 2 {
            // Explainer's order: by size, then boxes, rows, columns; naked, then hidden.
            for degree in 2..=7 {
                for &h in &shared {
                    let sets = [
                        naked_with(view, h, degree, extra_digits, (c1, c2), t),
                        hidden_with(view, h, degree, pair, extra_digits, (c1, c2), t),
                    ];
                    // Named by the loop and its pair, as Explainer does, not by the subset.
                    out.extend(sets.into_iter().flatten().map(|mut step| {
                        step.cells = cells.clone();
                        step.digits = pair;
                        (3, step)
                    }));
                }
            }
        }
        // Type 4: one of the pair confined in a shared house to the two extra cells.
        for &h in &shared {
            let both: Cells = 1 << c1 | 1 << c2;
            for (lock, other) in [(pair & pair.wrapping_neg(), pair & (pair - 1))]
                .into_iter()
                .flat_map(|(a, b)| [(a, b), (b, a)])
            {
                if view.cells_of(h, digit(lock)) & !both == 0 {
                    let removed = [(digit(other), both)];
                    out.extend(
                        Step::eliminating(t, &removed, pair, [h], cells.clone()).map(|s| (4, s)),
                    );
                    break;
                }
            }
        }
    }
    out
}

/// A naked subset of `degree` digits in house `h`: the extra digits of the loop's two extra
/// cells `(c1, c2)` (standing in for one cell) and `degree - 1` other cells of the house; the
/// extra digits not in both cells must be among the other cells'. Its digits leave the
/// house's other cells. Scored a tenth more for each digit past the first.
fn naked_with(
    view: &View,
    h: usize,
    degree: u32,
    extra: u16,
    (c1, c2): (usize, usize),
    t: Technique,
) -> Option<Step> {
    let both: Cells = 1 << c1 | 1 << c2;
    let empty = positions(view, h, |m| m != 0).count_ones();
    if degree * 2 > empty || degree < extra.count_ones() {
        return None;
    }
    let others = positions(view, h, |m| m.count_ones() >= 2) & !positions_of(h, both);
    let shared = extra & view.masks[c1] & view.masks[c2];
    subsets_of(others, degree - 1).find_map(|chosen| {
        let chosen = at(h, chosen);
        let theirs = members(chosen).fold(0, |u, c| u | view.masks[c]);
        let union = theirs | extra;
        if union.count_ones() != degree || (theirs | shared).count_ones() != degree {
            return None;
        }
        let removed = Step::per_digit(|d| match union >> (d - 1) & 1 {
            1 => view.cells_of(h, d) & !(chosen | both),
            _ => 0,
        });
        let mut step = Step::eliminating(t, &removed, union, [h], members(chosen | both))?;
        step.score = t.score() + degree as u16 - 1;
        Some(step)
    })
}

/// A hidden subset of `degree` digits in house `h`: the loop's pair and `degree - 2` digits
/// that are neither the pair nor extra, confined (with `c2` left out, `c1` standing in for
/// both) to `degree` cells. The other cells of the subset keep only its digits. Scored a
/// tenth more for each of those cells past the first.
fn hidden_with(
    view: &View,
    h: usize,
    degree: u32,
    pair: u16,
    extra: u16,
    (c1, c2): (usize, usize),
    t: Technique,
) -> Option<Step> {
    let empty = positions(view, h, |m| m != 0).count_ones();
    if degree * 2 >= empty {
        return None;
    }
    // Explainer tries no digits at all when none is left.
    let rest = 0x1ff & !pair & !extra;
    if rest == 0 {
        return None;
    }
    let without_c2 = !positions_of(h, 1 << c2);
    subsets_of(rest, degree - 2).find_map(|chosen| {
        let digits = chosen | pair;
        let mut places = 0u16;
        for d in (1..=9u8).filter(|d| digits >> (d - 1) & 1 == 1) {
            let at_d = positions_of(h, view.cells_of(h, d)) & without_c2;
            if at_d == 0 {
                return None;
            }
            places |= at_d;
        }
        if places.count_ones() != degree {
            return None;
        }
        let cells = at(h, places) & !(1 << c1);
        let removed = Step::per_digit(|d| match digits >> (d - 1) & 1 {
            0 => cells & view.pencil.cands(d),
            _ => 0,
        });
        let mut step =
            Step::eliminating(t, &removed, digits, [h], members(cells | 1 << c1 | 1 << c2))?;
        step.score = t.score() + degree as u16 - 2;
        Some(step)
    })
}

/// The bivalue universal grave step, if the pencil marks are one, found as Sukaku Explainer
/// finds it (with lkSudoku's repair, on by default): the first of type 1, 2, 4, 3 that removes
/// something.
pub(crate) fn bug(view: &View, t: Technique) -> Option<Step> {
    let grave = Grave::of(view)?;
    let all = grave.all_values;
    match grave.cells.len() {
        1 => {
            let c = grave.cells[0];
            let removed =
                Step::per_digit(|d| u128::from((view.masks[c] & !all) >> (d - 1) & 1) << c);
            Step::eliminating(t, &removed, all, [], grave.cells.clone()).map(|s| typed(s, 1))
        }
        _ if all.count_ones() == 1 => {
            let d = all.trailing_zeros() as u8 + 1;
            let removed = grave.common & view.pencil.cands(d);
            let step = Step::eliminating(t, &[(d, removed)], all, [], grave.cells.clone());
            let type4 = || grave.type4(view, t).map(|s| typed(s, 4));
            step.map(|s| typed(scored(s, 57), 2)).or_else(type4)
        }
        _ if grave.common != 0 => (grave.type4(view, t).map(|s| typed(s, 4)))
            .or_else(|| grave.type3(view, t).map(|s| typed(s, 3))),
        _ => None,
    }
}

fn scored(mut step: Step, score: u16) -> Step {
    step.score = score;
    step
}

/// `step`, of Explainer's type `kind`.
fn typed(mut step: Step, kind: u8) -> Step {
    step.form = Form::Typed(kind);
    step
}

/// The cells and digits that stand between the pencil marks and a bivalue universal grave.
struct Grave {
    /// In the order Explainer finds them.
    cells: Vec<usize>,
    /// The same, as a board.
    set: Cells,
    /// Per cell, its digits beyond the grave's two.
    values: [u16; 81],
    all_values: u16,
    /// The cells that see every one of `cells`.
    common: Cells,
}

impl Grave {
    /// Explainer's search: a digit with other than 0 or 2 places in a house (boxes, rows,
    /// columns) and only one place in a cell of three or more candidates makes that a grave
    /// cell. lkSudoku's repair: when one digit is the only one out of place, every such cell
    /// holding it joins. Without them every cell must have two candidates and every digit two
    /// places in each house.
    fn of(view: &View) -> Option<Grave> {
        let mut grave = Grave {
            cells: Vec::new(),
            set: 0,
            values: [0; 81],
            all_values: 0,
            common: !0,
        };
        let mut rest = view.masks;
        // The cells of three or more candidates holding a misplaced digit, while that digit
        // is the only one misplaced.
        let mut only: Option<(u8, Cells)> = None;
        let mut one_value = true;
        for house in (18..27).chain(0..18) {
            for d in 1..=9u8 {
                let places = view.cells_of(house, d);
                if matches!(places.count_ones(), 0 | 2) {
                    continue;
                }
                let big =
                    members(places).fold(0 as Cells, |s, c| match view.masks[c].count_ones() {
                        3.. => s | 1 << c,
                        _ => s,
                    });
                match &mut only {
                    None => only = Some((d, big)),
                    Some((value, cells)) if one_value => match *value == d {
                        true => *cells |= big,
                        false => one_value = false,
                    },
                    _ => {}
                }
                if big.count_ones() == 1 {
                    let c = big.trailing_zeros() as usize;
                    grave.add(c, d, &mut rest)?;
                }
                if big == 0 {
                    return None;
                }
            }
        }
        if let Some((d, cells)) = only.filter(|_| one_value)
            && cells.count_ones() as usize > grave.cells.len()
        {
            for c in members(cells & !grave.set) {
                grave.add_joined(c, d, &mut rest)?;
            }
        }
        if (0..81).any(|c| rest[c] != 0 && rest[c].count_ones() != 2) {
            return None;
        }
        let misplaced = HOUSES.iter().any(|&house| {
            (0..9).any(|i| {
                let n = members(house).filter(|&c| rest[c] >> i & 1 == 1).count();
                n != 0 && n != 2
            })
        });
        (!misplaced).then_some(grave)
    }

    /// Counts `d` in `c` as a grave candidate; `None` when the cells of two or more grave
    /// digits no longer share a peer (no type applies).
    fn add(&mut self, c: usize, d: u8, rest: &mut [u16; 81]) -> Option<()> {
        self.all_values |= 1 << (d - 1);
        self.add_joined(c, d, rest)
    }

    /// As [`Grave::add`], for a cell lkSudoku's repair joins: its digit is not added to the
    /// grave's digits (Explainer's bookkeeping).
    fn add_joined(&mut self, c: usize, d: u8, rest: &mut [u16; 81]) -> Option<()> {
        if self.set >> c & 1 == 0 {
            self.cells.push(c);
            self.set |= 1 << c;
        }
        self.values[c] |= 1 << (d - 1);
        rest[c] &= !(1 << (d - 1));
        self.common &= PEERS[c] & !self.set;
        let blocked = self.cells.len() > 1 && self.all_values.count_ones() > 1 && self.common == 0;
        (!blocked).then_some(())
    }

    /// Type 4: two grave cells in one house sharing one non-grave digit: each keeps only it and
    /// its grave digits.
    fn type4(&self, view: &View, t: Technique) -> Option<Step> {
        let [c1, c2] = self.cells[..] else {
            return None;
        };
        let common = view.masks[c1] & view.masks[c2] & !self.all_values;
        if common.count_ones() != 1 {
            return None;
        }
        let house = houses_box_first(c1)
            .into_iter()
            .find(|&h| HOUSES[h] >> c2 & 1 == 1)?;
        let keep = |c: usize| view.masks[c] & !self.values[c] & !common;
        let removed = Step::per_digit(|d| {
            let bit = 1 << (d - 1);
            u128::from(keep(c1) & bit != 0) << c1 | u128::from(keep(c2) & bit != 0) << c2
        });
        Step::eliminating(t, &removed, common, [house], [c1, c2]).map(|s| scored(s, 57))
    }

    /// Type 3: the grave digits act as one cell of a naked subset with other cells of a house
    /// every grave cell lies in; its digits leave the house's other cells. The smallest subset
    /// first, then boxes, rows, columns; 5.7 and a tenth per digit past the first.
    fn type3(&self, view: &View, t: Technique) -> Option<Step> {
        let extra = self.all_values;
        if extra.count_ones() < 2 {
            return None;
        }
        let shared: Vec<usize> = houses_box_first(self.cells[0])
            .into_iter()
            .filter(|&h| self.set & !HOUSES[h] == 0)
            .collect();
        (2..=6u32).find_map(|degree| {
            shared.iter().find_map(|&h| {
                let region = self.common & HOUSES[h];
                let usable = positions_of(h, region) & positions(view, h, |m| m.count_ones() >= 2);
                subsets_of(usable, degree - 1).find_map(|chosen| {
                    let chosen = at(h, chosen);
                    let naked = members(chosen).fold(0u16, |u, c| u | view.masks[c]);
                    if naked.count_ones() != degree || extra & !naked != 0 {
                        return None;
                    }
                    let erasable = region & !chosen;
                    let removed = Step::per_digit(|d| match naked >> (d - 1) & 1 {
                        1 => erasable & view.pencil.cands(d),
                        _ => 0,
                    });
                    // Explainer names the grave's cells, not the subset's.
                    let step = Step::eliminating(t, &removed, naked, [h], self.cells.clone())?;
                    Some(scored(step, 56 + degree as u16))
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Puzzles from the Sudoku Exchange puzzle bank where Sukaku Explainer takes the same
    /// step (its `--after=%s` log) and rates the puzzle by it: the puzzle, the step's number,
    /// the step in Explainer's words (its log's text), what it removes, its score in tenths.
    const EXPLAINER_STEPS: [(&str, usize, &str, &str, u16); 3] = [
        // r2c4 and r2c6 hold 3,5 and more; with r2c4 standing for both, 1,3,5 are confined
        // to r2c1 r2c4 r2c9 in row 2: r2c1 and r2c9 keep only those.
        (
            "003108500060000020000020000630000054082000960005000300906734102800050009000906000",
            21,
            "Unique Rectangle type 3: Cells r5c4,r5c6,r2c6,r2c4 on 3, 5",
            "r2c1<>4, r2c19<>7",
            46,
        ),
        // "Unique Loop 6 type 3: Cells r1c3,r1c6,r3c6,r3c2,r8c2,r8c3 on 1, 2": with r8c2
        // standing for both extra cells, 1 and 2 are confined to it and r9c1 in box 7, so
        // r9c1 keeps only them (a hidden set of the pair alone).
        (
            "900000008480000021600070009050216080060504030000000000000125000000040000030709050",
            39,
            "Unique Loop 6 type 3: Cells r1c3,r1c6,r3c6,r3c2,r8c2,r8c3 on 1, 2",
            "r9c1<>8",
            46,
        ),
        // "BUG type 3: r3c6,r8c6 on 1, 7, 8, 9": a naked quad with three cells of column 6.
        (
            "090040007008000000247060000500180300003090700002073001000030286000000900600050010",
            36,
            "BUG type 3: r3c6,r8c6 on 1, 7, 8, 9",
            "r1c6<>8",
            60,
        ),
    ];

    #[test]
    fn explainers_type_3_rectangles_loops_and_graves() {
        for (puzzle, n, words, effect, score) in EXPLAINER_STEPS {
            let grid: crate::grid::Grid = puzzle.parse().unwrap();
            let step = crate::logic::explain(&grid).unwrap().nth(n - 1).unwrap();
            let got = (super::super::words::words(&step), step.effect(), step.score);
            assert_eq!(got, (words.to_string(), effect.to_string(), score));
        }
    }

    #[test]
    fn a_rectangle_is_a_valid_loop_and_a_line_is_not() {
        // r1c1 r1c4 r2c4 r2c1: rows 1 and 2, columns 1 and 4, boxes 1 and 2, each twice.
        assert!(valid(&[0, 3, 12, 9]));
        // r1c1 r1c4 r4c4 r4c1 crosses four boxes once each: no deadly pattern.
        assert!(!valid(&[0, 3, 30, 27]));
        // Three cells of one row are no loop.
        assert!(!valid(&[0, 1, 2, 3]));
    }
}
