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

use super::pencil::{
    Cells, HOUSES, houses_meeting, houses_of, houses_within, in_one_line, members, seen_by_all,
};
use super::step::Form;
use super::view::View;
use super::words::links_suffix;
use super::{Step, Technique};

/// One strong link: its house, its two ends, and whether an end is a group.
#[derive(Clone, Copy)]
struct Link {
    house: usize,
    ends: [Cells; 2],
    /// The houses holding all of each end, as bits: two ends join when they share one.
    within: [u32; 2],
    /// The cells that see all of each end.
    seen: [Cells; 2],
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
                within: [houses_within(a), houses_within(b)],
                seen: [seen_by_all(a), seen_by_all(b)],
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
            let boxes = houses_meeting(places) >> 18;
            if boxes.count_ones() == 2 {
                let first = 18 + boxes.trailing_zeros() as usize;
                let (a, b) = (places & HOUSES[first], places & !HOUSES[first]);
                push(a, b, true);
            }
            continue;
        }
        // An empty rectangle: the box's places on one row and one column, not on one line.
        if in_one_line(places) {
            continue;
        }
        // The box's rows and columns that hold a place, as house numbers.
        let lines = houses_meeting(places);
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

/// A house holding every cell of `cells` (not empty), if any: one of its first cell's, in
/// Explainer's order column, row, box.
fn shared_house(cells: Cells) -> Option<usize> {
    let [row, column, b] = houses_of(cells.trailing_zeros() as usize);
    [column, row, b]
        .into_iter()
        .find(|&h| cells & !HOUSES[h] == 0)
}

/// The best chain so far: its score, eliminations, suffix, place in Explainer's order
/// ([`Reading::order`]) and step.
type Best = Option<(u16, usize, String, Vec<u16>, Step)>;

/// The chain of `n` links that Sukaku Explainer would apply first: the lowest score, then the
/// most eliminations, then the least suffix, then the first in Explainer's order.
pub(crate) fn fish(view: &View, n: usize, t: Technique) -> Option<Step> {
    let mut best: Best = None;
    for d in 1..=9u8 {
        let all = links(view, d);
        let search = Search {
            view,
            d,
            all: &all,
            joins: Joins::new(&all),
            n,
            t,
        };
        let (first, none) = (Entries::first(all.len()), Entries::default());
        search.extend(&mut Vec::with_capacity(n), first, none, 0, &mut best);
    }
    best.map(|b| b.4)
}

/// A set of ways into a link, `link * 2 + end` (which end it is entered by), as bits: taken
/// in increasing order, they follow the list of links.
#[derive(Clone, Copy, Default)]
struct Entries([u64; 4]);

impl Entries {
    /// Every end of the first `count` links.
    fn first(count: usize) -> Entries {
        let mut set = Entries::default();
        for bit in 0..2 * count {
            set.0[bit / 64] |= 1 << (bit % 64);
        }
        set
    }
    fn union(self, other: Entries) -> Entries {
        Entries(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
    fn minus(self, other: Entries) -> Entries {
        Entries(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }
    fn bits(self) -> impl Iterator<Item = usize> {
        let [a, b, c, d] = self.0;
        let (low, high) = (
            a as Cells | (b as Cells) << 64,
            c as Cells | (d as Cells) << 64,
        );
        members(low).chain(members(high).map(|b| b + 128))
    }
}

/// Per end of each link (`link * 2 + end`), the ways on from it: into the links with an end
/// in a house that holds it; and per link, the ways into the links a chain holding it can
/// no longer take (those in its house or sharing a place with it).
struct Joins {
    next: Vec<Entries>,
    barred: Vec<Entries>,
}

impl Joins {
    fn new(all: &[Link]) -> Joins {
        let mut in_house = [Entries::default(); 27];
        for (i, link) in all.iter().enumerate() {
            for (end, &within) in link.within.iter().enumerate() {
                let bit = 2 * i + end;
                for h in members(within as Cells) {
                    in_house[h].0[bit / 64] |= 1 << (bit % 64);
                }
            }
        }
        let from = |houses: u32| {
            members(houses as Cells).fold(Entries::default(), |set, h| set.union(in_house[h]))
        };
        let barred = |link: &Link| {
            let mut set = Entries::default();
            for (i, other) in all.iter().enumerate() {
                if other.house == link.house || other.places & link.places != 0 {
                    set.0[i / 32] |= 3 << (2 * i % 64);
                }
            }
            set
        };
        Joins {
            next: all.iter().flat_map(|l| l.within.map(from)).collect(),
            barred: all.iter().map(barred).collect(),
        }
    }
}

/// One digit's search for chains of `n` links: its links, and how they join.
struct Search<'a> {
    view: &'a View<'a>,
    d: u8,
    all: &'a [Link],
    joins: Joins,
    n: usize,
    t: Technique,
}

impl<'a> Search<'a> {
    /// Extends `chain` (links with the end each is left by, of this `mix`) link by link
    /// through `entries` but not those `barred`, scoring each complete chain.
    fn extend(
        &self,
        chain: &mut Vec<(&'a Link, usize)>,
        entries: Entries,
        barred: Entries,
        mix: u8,
        best: &mut Best,
    ) {
        let n = self.n;
        // A link only adds to a chain's score: a chain already scoring more than the best,
        // as one of `n` links, cannot win.
        if let Some(b) = best
            && score(n, mix) > b.0
        {
            return;
        }
        if chain.len() == n {
            // Most chains remove nothing or lose to the best so far: the step is built only
            // for one that wins.
            let removed = removed(self.view, self.d, chain);
            let (score, count) = (score(n, mix), removed.count_ones() as usize);
            if removed == 0 {
                return;
            }
            // Explainer reads each chain one way (and a loop from one link): the other
            // readings are the same chain.
            let Some(reading) = Reading::of(chain) else {
                return;
            };
            // Then Explainer's suffix, the least first; among equals, the first Explainer
            // finds.
            let place = || reading.order(self.d);
            let wins =
                |b: &(u16, usize, String, Vec<u16>, Step)| match (score, b.1).cmp(&(b.0, count)) {
                    std::cmp::Ordering::Equal => match suffix(chain).cmp(&b.2) {
                        std::cmp::Ordering::Equal => place() < b.3,
                        order => order.is_lt(),
                    },
                    order => order.is_lt(),
                };
            if best.as_ref().is_none_or(wins) {
                let step = conclude(self.d, chain, removed, score, self.t);
                *best = Some((score, count, suffix(chain), place(), step));
            }
            return;
        }
        for bit in entries.minus(barred).bits() {
            let (link, enter) = (&self.all[bit / 2], bit % 2);
            let barred = barred.union(self.joins.barred[bit / 2]);
            chain.push((link, 1 - enter));
            let mix = mix | self::mix(link);
            self.extend(chain, self.joins.next[bit ^ 1], barred, mix, best);
            chain.pop();
        }
    }
}

/// The kind of house of each link (0 row, 1 column, 2 box; the rest 0), and how many links
/// are grouped: what Explainer's suffix and name are made of.
fn kinds(chain: &[(&Link, usize)]) -> ([u8; 4], u8) {
    let mut kinds = [0; 4];
    for (k, (link, _)) in kinds.iter_mut().zip(chain) {
        *k = (link.house / 9) as u8;
    }
    let grouped = chain.iter().filter(|(l, _)| l.grouped).count() as u8;
    (kinds, grouped)
}

/// Explainer's suffix of a chain (see [`links_suffix`]).
fn suffix(chain: &[(&Link, usize)]) -> String {
    let (kinds, grouped) = kinds(chain);
    links_suffix(&kinds[..chain.len()], grouped)
}

/// Whether a complete chain is a loop: its ends share a house.
fn is_ring(chain: &[(&Link, usize)]) -> bool {
    let (first, first_exit) = chain[0];
    let (last, last_exit) = chain[chain.len() - 1];
    first.within[1 - first_exit] & last.within[last_exit] != 0
}

/// A complete chain as Explainer's enumeration meets it. Explainer takes a chain's links as
/// a set first: sorted by kind (box, row, column) and then by number, they fill its
/// positions. Then it tries the orders of the positions (`q`, the position of each link of
/// the chain) that read no later as text than their reverse, each with every choice of the
/// end each link is entered by (`u`, 0 for a link's first end), and a loop only from its
/// first position, entered by its first end.
struct Reading {
    /// Each link's kind and number in Explainer's terms, in position order.
    regions: Vec<(u8, u8)>,
    q: Vec<usize>,
    u: Vec<usize>,
}

impl Reading {
    /// The reading of `chain`, if Explainer reads the chain this way.
    fn of(chain: &[(&Link, usize)]) -> Option<Reading> {
        let region = |link: &Link| (((link.house / 9 + 1) % 3) as u8, (link.house % 9) as u8);
        let mut regions: Vec<(u8, u8)> = chain.iter().map(|(l, _)| region(l)).collect();
        regions.sort_unstable();
        let q: Vec<usize> = chain
            .iter()
            .map(|(l, _)| {
                regions
                    .binary_search(&region(l))
                    .expect("a link's own region")
            })
            .collect();
        let u: Vec<usize> = chain.iter().map(|&(_, exit)| 1 - exit).collect();
        let reversed: Vec<usize> = q.iter().rev().copied().collect();
        if q > reversed || is_ring(chain) && (q[0] != 0 || u[0] != 0) {
            return None;
        }
        Some(Reading { regions, q, u })
    }

    /// Where Explainer meets this reading, as a key that sorts as its enumeration runs: the
    /// links' kinds (the last position first, as its combinations of kinds come), the digit,
    /// each position's number, the order of positions (as QuickPerm makes them) and the ends.
    fn order(&self, d: u8) -> Vec<u16> {
        let kinds = self.regions.iter().rev().map(|&(kind, _)| kind as u16);
        let numbers = self.regions.iter().map(|&(_, number)| number as u16);
        let ends = self.u.iter().fold(0, |m, &u| m << 1 | u as u16);
        kinds
            .chain([d as u16])
            .chain(numbers)
            .chain([quick_perm_rank(&self.q), ends])
            .collect()
    }
}

/// The rank of `q` among the permutations of its length as QuickPerm (the countdown form
/// Explainer uses) makes them, the identity first.
fn quick_perm_rank(q: &[usize]) -> u16 {
    let n = q.len();
    let mut p: Vec<usize> = (0..n).collect();
    let mut r: Vec<usize> = (0..=n).collect();
    let mut rank = 0;
    let mut s = 1;
    while p != q {
        if s >= n {
            unreachable!("every permutation comes");
        }
        r[s] -= 1;
        let t = s % 2 * r[s];
        p.swap(t, s);
        rank += 1;
        s = 1;
        while r[s] == 0 {
            r[s] = s;
            s += 1;
        }
    }
    rank
}

/// The places of `d` that a complete chain removes.
fn removed(view: &View, d: u8, chain: &[(&Link, usize)]) -> Cells {
    let (first, first_exit) = chain[0];
    let (last, last_exit) = chain[chain.len() - 1];
    let start = first.ends[1 - first_exit];
    let end = last.ends[last_exit];
    let places = places(chain);
    let cands = view.pencil.cands(d);
    // Most chains are no loop: their ends share no house, which the ends' houses say.
    match is_ring(chain).then(|| shared_house(start | end)).flatten() {
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
        None => first.seen[1 - first_exit] & last.seen[last_exit] & cands & !places,
    }
}

/// Every place of the chain's links.
fn places(chain: &[(&Link, usize)]) -> Cells {
    chain.iter().fold(0, |m, (l, _)| m | l.places)
}

/// The step of a complete chain that removes `removed` (not empty) and scores `score`.
fn conclude(d: u8, chain: &[(&Link, usize)], removed: Cells, score: u16, t: Technique) -> Step {
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
    step.form = Form::Links {
        kinds,
        grouped,
        ring: is_ring(chain),
    };
    step
}

/// What a chain's score depends on besides its length: a bit for each kind of house among
/// its links (row, column, box) and one for a grouped link.
fn mix(link: &Link) -> u8 {
    1 << (link.house / 9) | u8::from(link.grouped) << 3
}

/// Sukaku Explainer's score for a chain of `n` links of this `mix` (see the module's note).
fn score(n: usize, mix: u8) -> u16 {
    let base = [40, 54, 58, 62][n - 2];
    let boxes = mix & 4 != 0;
    let both_lines = mix & 3 == 3;
    base + if mix & 8 != 0 {
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

    #[test]
    fn quick_perm_ranks_follow_its_swaps() {
        // QuickPerm's countdown order on three items: ABC BAC CAB ACB BCA CBA.
        let order = [
            [0, 1, 2],
            [1, 0, 2],
            [2, 0, 1],
            [0, 2, 1],
            [1, 2, 0],
            [2, 1, 0],
        ];
        for (rank, q) in order.iter().enumerate() {
            assert_eq!(quick_perm_rank(q), rank as u16, "{q:?}");
        }
        assert_eq!(quick_perm_rank(&[1, 0]), 1);
    }
}
