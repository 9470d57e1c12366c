//! Sukaku Explainer's WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-wings: an almost locked set (k cells
//! of one house with k + 1 digits between them) and a two-candidate cell {x,z} outside it,
//! where every cell of the set that may hold x sees the two-candidate cell. Then x is in the
//! set or in that cell; if the cell is z, the set is locked without x... so z is in the cell
//! or in the set: cells that see the cell and every z of the set lose z. When z is restricted
//! in the same way too (doubly linked), x leaves cells that see the cell and every x of the
//! set, and each other digit of the set leaves the cells that see every one of its places in
//! the set (the set is then locked).

use super::pencil::{Cells, HOUSES, PEERS, members, seen_by_all};
use super::view::View;
use super::{Step, Technique};

/// The wing whose set has `k` cells (3 to 6) that Sukaku Explainer would apply first: the
/// lowest score, then the most eliminations.
pub fn wing(view: &View, k: u32, t: Technique) -> Option<Step> {
    let mut best: Option<(u16, usize, Step)> = None;
    let mut seen_sets: Vec<Cells> = Vec::new();
    for house in HOUSES {
        let open: Vec<usize> = members(house)
            .filter(|&c| view.masks[c].count_ones() >= 2)
            .collect();
        for set in combinations(&open, k as usize) {
            let union = set.iter().fold(0u16, |u, &c| u | view.masks[c]);
            if union.count_ones() != k + 1 {
                continue;
            }
            let cells: Cells = set.iter().fold(0, |m, &c| m | 1 << c);
            // A set inside a box and a line is met twice.
            if seen_sets.contains(&cells) {
                continue;
            }
            seen_sets.push(cells);
            let biggest = set.iter().map(|&c| view.masks[c].count_ones()).max();
            let score = score(k, biggest.unwrap_or(0));
            if best.as_ref().is_some_and(|b| b.0 < score) {
                continue;
            }
            for step in pincers(view, &set, cells, union, t) {
                let n = step.eliminations.len();
                if best
                    .as_ref()
                    .is_none_or(|b| score < b.0 || (score == b.0 && n > b.1))
                {
                    let mut step = step;
                    step.score = score;
                    best = Some((score, n, step));
                }
            }
        }
    }
    best.map(|b| b.2)
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

/// The steps the set `set` (with digits `union`) makes with each two-candidate cell outside it.
fn pincers<'a>(
    view: &'a View,
    set: &'a [usize],
    cells: Cells,
    union: u16,
    t: Technique,
) -> impl Iterator<Item = Step> + 'a {
    let near = set.iter().fold(0, |m, &c| m | PEERS[c]) & !cells;
    members(near).filter_map(move |yz| {
        let m = view.masks[yz];
        if m.count_ones() != 2 || m & union != m {
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
        let (x, z) = match (restricted(low), restricted(high)) {
            (true, _) => (low, high),
            (false, true) => (high, low),
            _ => return None,
        };
        let double = restricted(x) && restricted(z);
        let all = cells | 1 << yz;
        let mut removed = Vec::new();
        let digit = |d: u16| d.trailing_zeros() as u8 + 1;
        let mut remove = |d: u16, seen: Cells| {
            removed.push((digit(d), seen & view.pencil.cands(digit(d)) & !all));
        };
        remove(z, seen_by_all(places(z)) & PEERS[yz]);
        if double {
            remove(x, seen_by_all(places(x)) & PEERS[yz]);
            let mut others = union & !m;
            while others != 0 {
                let w = others & others.wrapping_neg();
                others &= others - 1;
                remove(w, seen_by_all(places(w)));
            }
        }
        let digits = union;
        let mut members_: Vec<usize> = set.to_vec();
        members_.push(yz);
        Step::eliminating(t, &removed, digits, [], members_)
    })
}

/// Every `k`-element subset of `items`, in order.
fn combinations(items: &[usize], k: usize) -> impl Iterator<Item = Vec<usize>> + '_ {
    let n = items.len();
    let mut index: Vec<usize> = (0..k).collect();
    let mut done = k > n;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let out = index.iter().map(|&i| items[i]).collect();
        // The next combination: the rightmost index that can move, moved, the rest after it.
        match (0..k).rev().find(|&i| index[i] != i + n - k) {
            Some(i) => {
                index[i] += 1;
                for j in i + 1..k {
                    index[j] = index[j - 1] + 1;
                }
            }
            None => done = true,
        }
        Some(out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_sukaku_explainers() {
        assert_eq!((score(3, 2), score(3, 3), score(3, 4)), (55, 56, 55));
        assert_eq!(
            (score(4, 2), score(4, 3), score(4, 4), score(4, 5)),
            (63, 64, 63, 62)
        );
        assert_eq!((score(5, 3), score(6, 4)), (66, 75));
    }

    #[test]
    fn combinations_in_order() {
        let all: Vec<Vec<usize>> = combinations(&[1, 2, 3, 4], 2).collect();
        assert_eq!(all.len(), 6);
        assert_eq!(all[0], vec![1, 2]);
        assert_eq!(all[5], vec![3, 4]);
        assert_eq!(combinations(&[1], 2).count(), 0);
    }
}
