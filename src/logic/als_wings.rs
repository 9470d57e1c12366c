//! Sukaku Explainer's WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-wings: an almost locked set (k cells
//! of one house with k + 1 digits between them) and a two-candidate cell {x,z} outside it,
//! where every cell of the set that may hold x sees the two-candidate cell. Then x is in the
//! set or in that cell; if the cell is z, the set is locked without x... so z is in the cell
//! or in the set: cells that see the cell and every z of the set lose z. When z is restricted
//! in the same way too (doubly linked), x leaves cells that see the cell and every x of the
//! set, and each other digit of the set leaves the cells that see every one of its places in
//! the set (the set is then locked). Explainer names such a wing doubly linked only when one
//! of those other digits, or both x and z, leave somewhere.

use super::pencil::{Cells, PEERS, in_one_line, members, seen_by_all};
use super::step::Form;
use super::view::{View, at, positions, subsets_of};
use super::words::wing_suffix;
use super::{Step, Technique};

/// The wing whose set has `k` cells (3 to 6) that Sukaku Explainer would apply first: the
/// lowest score, then the most eliminations.
pub(crate) fn wing(view: &View, k: u32, t: Technique) -> Option<Step> {
    // The best so far by Explainer's order (score, the most eliminations, then its suffix
    // `<1 or 2 for a double link><largest cell><candidates in the set>` as text, the
    // largest first), then the set's cells and the two-candidate cell: among equals, the
    // first Explainer meets, walking sets cell by cell in reading order.
    type Key = (
        u16,
        std::cmp::Reverse<usize>,
        std::cmp::Reverse<String>,
        Vec<usize>,
        usize,
    );
    let mut best: Option<(Key, Step)> = None;
    let bivalue: Cells = (0..81)
        .filter(|&c| view.masks[c].count_ones() == 2)
        .fold(0, |s, c| s | 1 << c);
    for h in 0..27 {
        let open = positions(view, h, |m| m.count_ones() >= 2);
        for chosen in subsets_of(open, k) {
            let cells = at(h, chosen);
            let union = members(cells).fold(0u16, |u, c| u | view.masks[c]);
            if union.count_ones() != k + 1 {
                continue;
            }
            // A set inside a box and a line is met twice: first in the line (rows and
            // columns come before boxes).
            if h >= 18 && in_one_line(cells) {
                continue;
            }
            let set: Vec<usize> = members(cells).collect();
            let sizes = set.iter().map(|&c| view.masks[c].count_ones());
            let biggest = sizes.clone().max().unwrap_or(0);
            let score = score(k, biggest);
            if best.as_ref().is_some_and(|b| b.0.0 < score) {
                continue;
            }
            let candidates: u32 = sizes.sum();
            let sizes = (biggest as u8, candidates as u8);
            let near = set.iter().fold(0, |m, &c| m | PEERS[c]) & bivalue & !cells;
            for mut step in pincers(view, &set, cells, near, union, sizes, t) {
                let Form::Wing { double, .. } = step.form else {
                    unreachable!("a wing's step has its form")
                };
                // Explainer compares its suffixes as text: "148" comes before "1410".
                let suffix = wing_suffix(double, sizes.0, sizes.1);
                let yz = *step.cells.last().expect("the two-candidate cell");
                let key = (
                    score,
                    std::cmp::Reverse(step.eliminations.len()),
                    std::cmp::Reverse(suffix),
                    set.clone(),
                    yz,
                );
                if best.as_ref().is_none_or(|b| key < b.0) {
                    step.score = score;
                    best = Some((key, step));
                }
            }
        }
    }
    best.map(|b| b.1)
}

/// Sukaku Explainer's score: a base for the set's size, and for the three- and four-cell
/// sets a tenth or two more when the set's largest cell is of middling size.
fn score(k: u32, biggest: u32) -> u16 {
    let middle = |base: i32, span: i32| {
        let average = 3;
        (base + (span - average) - (average - biggest as i32).abs()) as u16
    };
    match k {
        3 => middle(55, 4),
        4 => middle(62, 5),
        5 => 66,
        _ => 75,
    }
}

/// The steps the set `set` (with digits `union`, its largest cell and count of candidates
/// `biggest`, `candidates`) makes with each two-candidate cell `near` it (outside it, seeing
/// one of its cells); each step's form says whether it is doubly linked.
fn pincers<'a>(
    view: &'a View,
    set: &'a [usize],
    cells: Cells,
    near: Cells,
    union: u16,
    (biggest, candidates): (u8, u8),
    t: Technique,
) -> impl Iterator<Item = Step> + 'a {
    members(near).filter_map(move |yz| {
        let m = view.masks[yz];
        if m & union != m {
            return None;
        }
        // Where each digit lies in the set.
        let places = |d: u16| -> Cells {
            set.iter()
                .filter(|&&c| view.masks[c] & d != 0)
                .fold(0, |s, &c| s | 1 << c)
        };
        let restricted = |d: u16| places(d) & !PEERS[yz] == 0;
        let (low, high) = (m & m.wrapping_neg(), m & (m - 1));
        let (mut x, mut z) = match (restricted(low), restricted(high)) {
            (true, _) => (low, high),
            (false, true) => (high, low),
            _ => return None,
        };
        let mut double = restricted(x) && restricted(z);
        let all = cells | 1 << yz;
        let digit = |d: u16| d.trailing_zeros() as u8 + 1;
        let removal = |d: u16, seen: Cells| (digit(d), seen & view.pencil.cands(digit(d)) & !all);
        let mut removed = vec![removal(z, seen_by_all(places(z)) & PEERS[yz])];
        if double {
            let strong_z = removed[0].1 != 0;
            removed.push(removal(x, seen_by_all(places(x)) & PEERS[yz]));
            let strong_x = removed[1].1 != 0;
            let mut others = union & !m;
            while others != 0 {
                let w = others & others.wrapping_neg();
                others &= others - 1;
                removed.push(removal(w, seen_by_all(places(w))));
            }
            // Explainer calls a wing doubly linked only when a digit besides x and z, or
            // both x and z, leave somewhere; otherwise it names the wing by the one of x and
            // z that leaves, as z.
            let weak = removed[2..].iter().any(|&(_, cells)| cells != 0);
            if !(weak || strong_x && strong_z) {
                double = false;
                if !strong_z {
                    (x, z) = (z, x);
                }
            }
        }
        let digits = union;
        let mut members_: Vec<usize> = set.to_vec();
        members_.push(yz);
        Step::eliminating(t, &removed, digits, [], members_).map(|mut step| {
            step.form = Form::Wing {
                double,
                biggest,
                candidates,
                x: digit(x),
                z: digit(z),
            };
            step
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_scores_go_to_the_most_eliminations_then_the_larger_suffix() {
        // The bank's held-out puzzle that serate rates 6.3/1.2/1.2: two VWXYZ-wings score 6.3
        // and remove one candidate each; Explainer takes suffix "1412" (the column 8 set,
        // 12 candidates) before "1411" (the column 2 set), and so never meets the 6.4 wing
        // the other way leads to.
        let puzzle: crate::Grid =
            "000200300081040070900710080000000908078060520209000000040087006090020830005001000"
                .parse()
                .unwrap();
        let rating = crate::logic::rate(&puzzle).unwrap();
        assert_eq!((rating.score(), rating.pearl, rating.diamond), (63, 12, 12));
    }

    #[test]
    fn scores_are_sukaku_explainers() {
        assert_eq!((score(3, 2), score(3, 3), score(3, 4)), (55, 56, 55));
        assert_eq!(
            (score(4, 2), score(4, 3), score(4, 4), score(4, 5)),
            (63, 64, 63, 62)
        );
        assert_eq!((score(5, 3), score(6, 4)), (66, 75));
    }
}
