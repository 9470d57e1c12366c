//! Chains: a path of implications from "the first cell is not d" to "the last cell is d", so
//! that one of the two ends holds d and cells that see both lose it. X-chains follow one
//! digit (strong links: conjugate pairs; weak links: cells that see each other); XY-chains
//! follow two-candidate cells (in each, "not this digit" means "the other one"). The shortest
//! chain with an elimination is the one explained.

use super::pencil::{Cells, HOUSES, PEERS, houses_of, members};
use super::view::View;
use super::{Step, Technique};

/// States of a search, numbered `0..STATES` by each caller.
const STATES: usize = 81 * 9;

/// Breadth-first from `start`: `next(state, push)` pushes each state that `state` implies.
/// The path to the nearest state (other than `start`, at most `limit` states long) that
/// `conclude` accepts, and what it concludes. Allocates only the path it returns.
fn search<T>(
    start: usize,
    limit: usize,
    next: &impl Fn(usize, &mut dyn FnMut(usize)),
    conclude: impl Fn(usize) -> Option<T>,
) -> Option<(Vec<usize>, T)> {
    const UNSEEN: u16 = u16::MAX;
    let mut parent = [UNSEEN; STATES];
    let mut queue = [0u16; STATES];
    parent[start] = start as u16;
    queue[0] = start as u16;
    let (mut head, mut tail) = (0, 1);
    // The queue holds the states of paths `length` long up to `layer_end`.
    let (mut length, mut layer_end) = (1, 1);
    while head < tail {
        if head == layer_end {
            (length, layer_end) = (length + 1, tail);
            if length > limit {
                return None;
            }
        }
        let state = queue[head] as usize;
        head += 1;
        if state != start
            && let Some(found) = conclude(state)
        {
            let mut path = vec![state];
            while *path.last().expect("not empty") != start {
                path.push(parent[*path.last().expect("not empty")] as usize);
            }
            path.reverse();
            return Some((path, found));
        }
        next(state, &mut |to| {
            if parent[to] == UNSEEN {
                parent[to] = state as u16;
                queue[tail] = to as u16;
                tail += 1;
            }
        });
    }
    None
}

/// The shortest of the chains that `from(start, limit)` finds over `starts` (the first of
/// those as short): each search looks only for chains shorter than the best so far.
fn shortest<T>(
    starts: impl Iterator<Item = usize>,
    from: impl Fn(usize, usize) -> Option<(Vec<usize>, T)>,
) -> Option<(Vec<usize>, T)> {
    let mut best: Option<(Vec<usize>, T)> = None;
    for start in starts {
        let limit = best.as_ref().map_or(usize::MAX, |(path, _)| path.len() - 1);
        if let Some(found) = from(start, limit) {
            best = Some(found);
        }
    }
    best
}

/// One digit's chains. A state is `2 * cell + on`: `on` 0 for "the cell is not d", reached by
/// a weak link (or the start), 1 for "the cell is d", reached by a strong link.
pub fn x_chain(view: &View) -> Option<Step> {
    let p = view.pencil;
    (1..=9).find_map(|d| {
        let places = p.cands(d);
        let partners = |cell: usize| -> Cells {
            houses_of(cell).iter().fold(0, |u, &h| {
                let here = places & HOUSES[h];
                if here.count_ones() == 2 {
                    u | (here & !(1 << cell))
                } else {
                    u
                }
            })
        };
        let next = |state: usize, push: &mut dyn FnMut(usize)| {
            let (cell, on) = (state / 2, state % 2);
            let to = if on == 1 {
                places & PEERS[cell]
            } else {
                partners(cell)
            };
            for c in members(to) {
                push(2 * c + (1 - on));
            }
        };
        let starts = members(places).filter(|&c| partners(c) != 0);
        let (path, removed) = shortest(starts.map(|c| 2 * c), |start, limit| {
            let conclude = |state: usize| {
                let (end, on) = (state / 2, state % 2);
                let removed = places & PEERS[start / 2] & PEERS[end];
                (on == 1 && end != start / 2 && removed != 0).then_some(removed)
            };
            search(start, limit, &next, conclude)
        })?;
        let cells = path.iter().map(|s| s / 2);
        Step::eliminating(Technique::XChain, &[(d, removed)], 1 << (d - 1), [], cells)
    })
}

/// Chains of two-candidate cells. A state is `9 * cell + d - 1`: "the cell holds d". From the
/// start, a cell {a,x} that is not a (so holds x), each link goes to a two-candidate cell
/// that sees the last and has its digit, so holds its other digit. A chain that ends on a
/// cell that holds a: the start or the end is a.
pub fn xy_chain(view: &View) -> Option<Step> {
    let p = view.pencil;
    let two = view.masks.map(|m| if m.count_ones() == 2 { m } else { 0 });
    // The two-candidate cells with each digit.
    let mut with = [0 as Cells; 9];
    for (c, &m) in two.iter().enumerate() {
        for (d, cells) in with.iter_mut().enumerate() {
            *cells |= ((m >> d & 1) as Cells) << c;
        }
    }
    let next = |state: usize, push: &mut dyn FnMut(usize)| {
        let (cell, d) = (state / 9, state % 9);
        for c in members(PEERS[cell] & with[d]) {
            let other = (two[c] & !(1 << d)).trailing_zeros() as usize;
            push(9 * c + other);
        }
    };
    // Each start: the cell holds x, for each of its two digits x.
    let starts = (0..81).flat_map(|c| {
        (0..9)
            .filter(move |&x| two[c] >> x & 1 == 1)
            .map(move |x| 9 * c + x)
    });
    let (path, (a, removed)) = shortest(starts, |start, limit| {
        let (s, x) = (start / 9, start % 9);
        let a = (two[s] & !(1 << x)).trailing_zeros() as usize;
        let conclude = |state: usize| {
            let (end, d) = (state / 9, state % 9);
            let removed = p.cands(a as u8 + 1) & PEERS[s] & PEERS[end];
            (d == a && end != s && removed != 0).then_some((a as u8 + 1, removed))
        };
        search(start, limit, &next, conclude)
    })?;
    let cells: Vec<usize> = path.iter().map(|s| s / 9).collect();
    let digits = cells.iter().fold(0, |u, &c| u | two[c]);
    Step::eliminating(Technique::XyChain, &[(a, removed)], digits, [], cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::Pencil;

    fn empty() -> Pencil {
        Pencil::new(&".".repeat(81).parse::<Grid>().unwrap()).unwrap()
    }

    #[test]
    fn an_x_chain_joins_far_ends() {
        // 8's conjugate pairs: r1c1-r1c4 (row 1), r3c5-r9c5 (column 5), r9c9-r5c9 (column 9);
        // r1c4 sees r3c5 (box 2), r9c5 sees r9c9 (row 9). So r1c1 or r5c9 holds 8, and r5c1
        // loses it. The shorter chains here (a kite, r1c1 .. r9c5, and a skyscraper, r3c5 ..
        // r5c9) are given nothing to remove: r9c1, r3c9 and r5c5 have no 8.
        let mut p = empty();
        p.eliminate(8, HOUSES[0] & !(1 | 1 << 3));
        p.eliminate(8, HOUSES[13] & !(1 << 22 | 1 << 76));
        p.eliminate(8, HOUSES[17] & !(1 << 80 | 1 << 44));
        p.eliminate(8, 1 << 72 | 1 << 26 | 1 << 40);
        let step = x_chain(&View::new(&p)).unwrap();
        assert_eq!(step.cells, vec![0, 3, 22, 76, 80, 44]);
        assert_eq!(step.eliminations, vec![(36, 8)]);
        let view = View::new(&p);
        assert_eq!(super::super::single_digit::two_string_kite(&view), None);
        assert_eq!(super::super::single_digit::skyscraper(&view), None);
        // With r9c1's 8 back, the kite is the shortest chain.
        let mut kite = empty();
        kite.eliminate(8, !p.cands(8) & !(1 << 72));
        assert_eq!(
            x_chain(&View::new(&kite)).unwrap().cells,
            vec![0, 3, 22, 76]
        );
    }

    #[test]
    fn an_xy_chain_of_four_cells() {
        // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {4,1}: if r1c1 is not 1 it is 2, then
        // r1c5 is 3, r5c5 is 4 and r5c9 is 1. So r1c9 and r5c1 (seeing both ends) lose 1.
        let mut p = empty();
        for (cell, keep) in [(0, [1, 2]), (4, [2, 3]), (40, [3, 4]), (44, [4, 1])] {
            for d in 1..=9 {
                if !keep.contains(&d) {
                    p.eliminate(d, 1 << cell);
                }
            }
        }
        let step = xy_chain(&View::new(&p)).unwrap();
        assert_eq!(step.cells.len(), 4);
        assert_eq!(step.eliminations, vec![(8, 1), (36, 1)]);
        assert_eq!(step.digits, 0b1111);
    }
}
