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

use super::pencil::{Cells, HOUSES, PEERS, houses_box_first, houses_of, members, seen_by_all};
use super::view::{View, at, positions, positions_of, subsets_of};
use super::{Step, Technique};

/// The unique loop step Sukaku Explainer would apply first: the lowest score, then the lowest
/// type.
pub fn loops(view: &View, t: Technique) -> Option<Step> {
    let mut best: Option<(u16, u8, Step)> = None;
    let mut seen: Vec<(Cells, u16)> = Vec::new();
    for start in 0..81 {
        let m = view.masks[start];
        if m.count_ones() != 2 {
            continue;
        }
        let mut found = Vec::new();
        let mut path = vec![start];
        walk(view, m, &mut path, 2, 0, None, &mut found);
        for lp in found {
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

/// Extends `path` (cells holding both digits of `pair`) through a house of another kind than
/// the last step's; a path back to its start of four cells or more is a loop.
fn walk(
    view: &View,
    pair: u16,
    path: &mut Vec<usize>,
    extra_allowed: u32,
    extra: u16,
    last: Option<usize>,
    found: &mut Vec<Vec<usize>>,
) {
    let cell = *path.last().expect("a start");
    for (kind, house) in houses_box_first(cell).into_iter().enumerate() {
        if Some(kind) == last {
            continue;
        }
        for next in members(HOUSES[house]) {
            if next == path[0] && path.len() >= 4 {
                found.push(path.clone());
            } else if !path.contains(&next) && path.len() < LONGEST {
                let m = view.masks[next];
                if m & pair != pair {
                    continue;
                }
                let more = extra | (m & !pair);
                let count = m.count_ones();
                if count == 2 || more.count_ones() == 1 || extra_allowed > 0 {
                    path.push(next);
                    let allowed = extra_allowed - u32::from(count > 2 && extra_allowed > 0);
                    walk(view, pair, path, allowed, more, Some(kind), found);
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
            for &h in &shared {
                if let Some(step) = naked_with(view, h, extra_digits, 1 << c1 | 1 << c2, t) {
                    out.push((3, step));
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

/// A naked subset in house `h` made of the digits `extra` (standing for the cells `virtual_`,
/// which hold them among others) and other cells of the house: its digits leave the house's
/// other cells. Scored a tenth more for each cell beyond the virtual one.
fn naked_with(view: &View, h: usize, extra: u16, virtual_: Cells, t: Technique) -> Option<Step> {
    let others = positions(view, h, |m| m.count_ones() >= 2) & !positions_of(h, virtual_);
    let empty = positions(view, h, |m| m != 0).count_ones() as usize;
    (2..=7usize)
        .filter(|&degree| degree * 2 <= empty && degree >= extra.count_ones() as usize)
        .find_map(|degree| {
            subsets_of(others, degree as u32 - 1).find_map(|chosen| {
                let chosen = at(h, chosen);
                let union = members(chosen).fold(extra, |u, c| u | view.masks[c]);
                if union.count_ones() as usize != degree {
                    return None;
                }
                let members_ = chosen | virtual_;
                let removed = Step::per_digit(|d| match union >> (d - 1) & 1 {
                    1 => view.cells_of(h, d) & !members_,
                    _ => 0,
                });
                let mut step = Step::eliminating(t, &removed, union, [h], members(members_))?;
                step.score = t.score() + degree as u16 - 1;
                Some(step)
            })
        })
}

/// The bivalue universal grave step, if the pencil marks are one.
pub fn bug(view: &View, t: Technique) -> Option<Step> {
    // Each house's digits with other than 0 or 2 places: their one place in a cell of three
    // or more candidates is a BUG candidate.
    let mut extra = [0u16; 81];
    for house in (18..27).chain(0..18) {
        for d in 1..=9u8 {
            let places = view.cells_of(house, d);
            let n = places.count_ones();
            if n == 0 || n == 2 {
                continue;
            }
            let big: Vec<usize> = members(places)
                .filter(|&c| view.masks[c].count_ones() >= 3)
                .collect();
            match big.len() {
                0 => return None,
                1 => extra[big[0]] |= 1 << (d - 1),
                _ => {}
            }
        }
    }
    // Without them, every cell has two candidates and every digit two places per house.
    let rest = |c: usize| view.masks[c] & !extra[c];
    if (0..81).any(|c| view.masks[c] != 0 && rest(c).count_ones() != 2) {
        return None;
    }
    for house in HOUSES {
        for d in 1..=9u8 {
            let n = members(house)
                .filter(|&c| rest(c) >> (d - 1) & 1 == 1)
                .count();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    let cells: Vec<usize> = (0..81).filter(|&c| extra[c] != 0).collect();
    let all_extra = cells.iter().fold(0, |m, &c| m | extra[c]);
    let set: Cells = cells.iter().fold(0, |s, &c| s | 1 << c);
    match cells.len() {
        0 => None,
        1 => {
            let c = cells[0];
            let removed = Step::per_digit(|d| u128::from(rest(c) >> (d - 1) & 1) << c);
            Step::eliminating(t, &removed, all_extra, [], cells)
        }
        _ if all_extra.count_ones() == 1 => {
            let d = all_extra.trailing_zeros() as u8 + 1;
            let removed = seen_by_all(set) & view.pencil.cands(d);
            let mut step = Step::eliminating(t, &[(d, removed)], all_extra, [], cells)?;
            step.score = t.score() + 1;
            Some(step)
        }
        _ => {
            let common = cells.iter().fold(!0u128, |s, &c| s & PEERS[c]);
            if common == 0 {
                return None;
            }
            (0..27)
                .filter(|&h| set & !HOUSES[h] == 0)
                .find_map(|h| naked_with(view, h, all_extra, set, t))
                .map(|mut step| {
                    step.score += 1;
                    step
                })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
