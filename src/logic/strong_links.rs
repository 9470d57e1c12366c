//! Sukaku Explainer's strong-link fish (skyscraper, two-string kite, turbot fish and their
//! longer and grouped kin): a chain of `n` strong links of one digit, each in its own house
//! (the digit is in one of the link's two ends), joined end to start by sharing a house (they
//! cannot both hold the digit). One end of the chain holds the digit, so cells that see both
//! ends lose it; and when the ends share a house too the chain is a loop, every join is
//! strong, and the rest of each joining house loses it.
//!
//! An end is a cell, or a group: the places of the digit in one box along one line. A line
//! whose places lie in two boxes links its two groups; a box whose places lie on one row and
//! one column (an empty rectangle) links its row's places to its column's.
//!
//! Scores: 4.0, 5.4, 5.8 for 2, 3, 4 links; a tenth more when the links mix a box with one
//! kind of line or mix the two kinds of line, two tenths when they mix a box and both kinds
//! of line, three when any link is grouped.

use super::pencil::{Cells, HOUSES, houses_of, members, seen_by_all};
use super::step::Form;
use super::view::View;
use super::words::links_suffix;
use super::{Step, Technique};

/// One strong link: its house, its two ends, and whether an end is a group.
#[derive(Clone, Copy)]
struct Link {
    house: usize,
    ends: [Cells; 2],
    places: Cells,
    grouped: bool,
}

/// The strong links of digit `d`, house by house (boxes, then rows, then columns).
fn links(view: &View, d: u8) -> Vec<Link> {
    let mut out = Vec::new();
    for house in (18..27).chain(0..18) {
        let places = view.cells_of(house, d);
        let n = places.count_ones();
        if n < 2 {
            continue;
        }
        let mut push = |a: Cells, b: Cells, grouped: bool| {
            out.push(Link {
                house,
                ends: [a, b],
                places,
                grouped,
            })
        };
        if n == 2 {
            let a = places & places.wrapping_neg();
            let b = places & !a;
            // Two places of a box on one line are that line's link.
            if house >= 18 && in_one_line(places) {
                continue;
            }
            push(a, b, false);
            continue;
        }
        if house < 18 {
            // A line whose places lie in two boxes.
            let boxes: Vec<Cells> = (18..27)
                .map(|b| places & HOUSES[b])
                .filter(|&s| s != 0)
                .collect();
            if let [a, b] = boxes[..] {
                push(a, b, true);
            }
            continue;
        }
        // An empty rectangle: the box's places on one row and one column, not on one line.
        if in_one_line(places) {
            continue;
        }
        // The box's rows and columns that hold a place, as house numbers.
        let lines = members(places).fold(0u32, |m, c| m | 1 << (c / 9) | 1 << (9 + c % 9));
        for row in (0..9).filter(|&r| lines >> r & 1 == 1) {
            for col in (9..18).filter(|&c| lines >> c & 1 == 1) {
                let (r, c) = (places & HOUSES[row], places & HOUSES[col]);
                if r | c == places && r & !c != 0 && c & !r != 0 {
                    push(r, c, true);
                }
            }
        }
    }
    out
}

/// Whether `cells` lie in one row or one column.
fn in_one_line(cells: Cells) -> bool {
    (0..18).any(|h| cells & !HOUSES[h] == 0)
}

/// A house holding every cell of `cells` (not empty), if any: one of its first cell's, in
/// Explainer's order column, row, box.
fn shared_house(cells: Cells) -> Option<usize> {
    let [row, column, b] = houses_of(cells.trailing_zeros() as usize);
    [column, row, b]
        .into_iter()
        .find(|&h| cells & !HOUSES[h] == 0)
}

/// The chain of `n` links that Sukaku Explainer would apply first: the lowest score, then the
/// most eliminations, then the least suffix.
pub(crate) fn fish(view: &View, n: usize, t: Technique) -> Option<Step> {
    let mut best: Option<(u16, usize, String, Step)> = None;
    for d in 1..=9u8 {
        let all = links(view, d);
        let mut chain = Vec::with_capacity(n);
        extend(view, d, &all, n, t, &mut chain, &mut best);
    }
    best.map(|b| b.3)
}

/// Extends `chain` (links with the end each is left by) link by link, scoring each complete
/// chain.
fn extend(
    view: &View,
    d: u8,
    all: &[Link],
    n: usize,
    t: Technique,
    chain: &mut Vec<(Link, usize)>,
    best: &mut Option<(u16, usize, String, Step)>,
) {
    if chain.len() == n {
        // Most chains remove nothing or lose to the best so far: the step is built only
        // for one that wins.
        let removed = removed(view, d, chain);
        let (score, count) = (score(chain), removed.count_ones() as usize);
        if removed == 0 {
            return;
        }
        // Then Explainer's suffix, the least first; among equals, the first found.
        let wins = |b: &(u16, usize, String, Step)| match (score, b.1).cmp(&(b.0, count)) {
            std::cmp::Ordering::Equal => suffix(chain) < b.2,
            order => order.is_lt(),
        };
        if best.as_ref().is_none_or(wins) {
            let step = conclude(d, chain, removed, score, t);
            *best = Some((score, count, suffix(chain), step));
        }
        return;
    }
    let used: Cells = chain.iter().fold(0, |m, (l, _)| m | l.places);
    for link in all {
        if link.places & used != 0 || chain.iter().any(|(l, _)| l.house == link.house) {
            continue;
        }
        for enter in 0..2 {
            if let Some(&(last, exit)) = chain.last()
                && shared_house(last.ends[exit] | link.ends[enter]).is_none()
            {
                continue;
            }
            chain.push((*link, 1 - enter));
            extend(view, d, all, n, t, chain, best);
            chain.pop();
        }
    }
}

/// The kind of house of each link (0 row, 1 column, 2 box; the rest 0), and how many links
/// are grouped: what Explainer's suffix and name are made of.
fn kinds(chain: &[(Link, usize)]) -> ([u8; 4], u8) {
    let mut kinds = [0; 4];
    for (k, (link, _)) in kinds.iter_mut().zip(chain) {
        *k = (link.house / 9) as u8;
    }
    let grouped = chain.iter().filter(|(l, _)| l.grouped).count() as u8;
    (kinds, grouped)
}

/// Explainer's suffix of a chain (see [`links_suffix`]).
fn suffix(chain: &[(Link, usize)]) -> String {
    let (kinds, grouped) = kinds(chain);
    links_suffix(&kinds[..chain.len()], grouped)
}

/// The places of `d` that a complete chain removes.
fn removed(view: &View, d: u8, chain: &[(Link, usize)]) -> Cells {
    let (first, first_exit) = chain[0];
    let (last, last_exit) = chain[chain.len() - 1];
    let start = first.ends[1 - first_exit];
    let end = last.ends[last_exit];
    let places = places(chain);
    let cands = view.pencil.cands(d);
    match shared_house(start | end) {
        // A loop: every join is strong, and the rest of each joining house loses d.
        Some(ring) => {
            let joins = chain.windows(2).filter_map(|pair| {
                let (a, exit) = pair[0];
                let (b, enter) = pair[1];
                shared_house(a.ends[exit] | b.ends[1 - enter])
            });
            std::iter::once(ring)
                .chain(joins)
                .fold(0, |m, h| m | HOUSES[h])
                & cands
                & !places
        }
        None => seen_by_all(start) & seen_by_all(end) & cands & !places,
    }
}

/// Every place of the chain's links.
fn places(chain: &[(Link, usize)]) -> Cells {
    chain.iter().fold(0, |m, (l, _)| m | l.places)
}

/// The step of a complete chain that removes `removed` (not empty) and scores `score`.
fn conclude(d: u8, chain: &[(Link, usize)], removed: Cells, score: u16, t: Technique) -> Step {
    let mut step = Step::eliminating(
        t,
        &[(d, removed)],
        1 << (d - 1),
        chain.iter().map(|(l, _)| l.house),
        members(places(chain)),
    )
    .expect("removes something");
    step.score = score;
    // Explainer's cells: the chain's start, each join's two ends, and its end; an end that
    // is a group by its first cell outside the link's other end (an empty rectangle's two
    // ends share their crossing).
    let (first, first_exit) = chain[0];
    let end = |link: &Link, i: usize| {
        let own = link.ends[i] & !link.ends[1 - i];
        let set = if own != 0 { own } else { link.ends[i] };
        set.trailing_zeros() as usize
    };
    step.cells = chain
        .iter()
        .flat_map(|(link, exit)| [end(link, 1 - exit), end(link, *exit)])
        .collect();
    let (kinds, grouped) = kinds(chain);
    let (last, last_exit) = chain[chain.len() - 1];
    step.form = Form::Links {
        kinds,
        grouped,
        ring: shared_house(first.ends[1 - first_exit] | last.ends[last_exit]).is_some(),
    };
    step
}

/// Sukaku Explainer's score for a chain of these links (see the module's note).
fn score(chain: &[(Link, usize)]) -> u16 {
    let base = [40, 54, 58, 62][chain.len() - 2];
    let kind = |l: &Link| l.house / 9; // 0 row, 1 column, 2 box
    let has = |k: usize| chain.iter().any(|(l, _)| kind(l) == k);
    let boxes = has(2);
    let both_lines = has(0) && has(1);
    base + if chain.iter().any(|(l, _)| l.grouped) {
        3
    } else if boxes && both_lines {
        2
    } else if boxes || both_lines {
        1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::Pencil;

    fn only(d: u8, cells: &[usize]) -> Pencil {
        let mut p = Pencil::new(&".".repeat(81).parse::<Grid>().unwrap()).unwrap();
        let keep = cells.iter().fold(0, |m, &c| m | 1 << c);
        p.eliminate(d, super::super::pencil::ALL & !keep);
        p
    }

    #[test]
    fn a_skyscraper_scores_four_and_a_kite_a_tenth_more() {
        // 1 in column 1 at r1, r5 and in column 3 at r2, r5: r5 is shared, so the far ends
        // r1c1 and r2c3 pinch box 1's others... the cells seeing both.
        let extra = [2, 9, 19, 20, 30, 40, 50, 60, 70, 80];
        let mut cells = vec![0, 36, 11, 38];
        cells.extend(extra);
        let p = only(1, &cells);
        let view = View::new(&p);
        let step = fish(&view, 2, Technique::TurbotFish).unwrap();
        assert!(step.score >= 40 && step.score <= 43, "{step}");
    }
}
