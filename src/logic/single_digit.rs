//! Patterns of one digit built on conjugate pairs (a house where the digit has exactly two
//! places: one of them holds it): the skyscraper, the two-string kite, and simple colouring.
//! The skyscraper and the kite are the shortest X-chains, with names of their own because
//! players look for them first.

use super::pencil::{Cells, PEERS, Pencil, houses_of, members};
use super::view::View;
use super::{Step, Technique};

/// A conjugate pair: the house, and the digit's two places in it.
#[derive(Debug, Clone, Copy)]
pub struct Pair {
    pub house: usize,
    pub cells: [usize; 2],
}

/// The conjugate pairs of digit `d` in `houses`, in house order (at most one per house, so
/// they fit in an array: the ladder asks for them often).
pub fn pairs(view: &View, d: u8, houses: std::ops::Range<usize>) -> Pairs {
    let mut found = Pairs {
        pairs: [Pair {
            house: 0,
            cells: [0, 0],
        }; 27],
        len: 0,
    };
    for h in houses {
        if view.places[h][d as usize - 1].count_ones() == 2 {
            let mut cells = members(view.cells_of(h, d));
            found.pairs[found.len] = Pair {
                house: h,
                cells: [cells.next().unwrap(), cells.next().unwrap()],
            };
            found.len += 1;
        }
    }
    found
}

/// Conjugate pairs: see [`pairs`].
#[derive(Clone, Copy)]
pub struct Pairs {
    pairs: [Pair; 27],
    len: usize,
}

impl std::ops::Deref for Pairs {
    type Target = [Pair];
    fn deref(&self) -> &[Pair] {
        &self.pairs[..self.len]
    }
}

/// Two links `a` and `b` of one digit whose ends `a.cells[i]` and `b.cells[j]` see each other
/// (and are different cells), with the other ends `far_a`, `far_b`: one of those holds the
/// digit, so cells that see both lose it.
fn joined(
    p: &Pencil,
    d: u8,
    a: &Pair,
    b: &Pair,
    joins: impl Fn(usize, usize) -> bool,
    t: Technique,
) -> Option<Step> {
    for i in 0..2 {
        for j in 0..2 {
            let (near_a, far_a) = (a.cells[i], a.cells[1 - i]);
            let (near_b, far_b) = (b.cells[j], b.cells[1 - j]);
            let cells = [far_a, near_a, near_b, far_b];
            let distinct = (0..4).all(|x| (x + 1..4).all(|y| cells[x] != cells[y]));
            if !distinct || !joins(near_a, near_b) {
                continue;
            }
            let removed = p.cands(d) & PEERS[far_a] & PEERS[far_b];
            let step =
                Step::eliminating(t, &[(d, removed)], 1 << (d - 1), [a.house, b.house], cells);
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// Two conjugate pairs in parallel lines (two rows, or two columns) with an end of each in one
/// line across them: the other ends' common peers lose the digit.
pub fn skyscraper(view: &View) -> Option<Step> {
    let p = view.pencil;
    (1..=9).find_map(|d| {
        // Links in rows whose near ends share a column (`houses_of(cell)[1]`), then links in
        // columns whose near ends share a row.
        [(0..9, 1), (9..18, 0)]
            .into_iter()
            .find_map(|(lines, across)| {
                let links = pairs(view, d, lines);
                let shares = |x: usize, y: usize| houses_of(x)[across] == houses_of(y)[across];
                each_two(&links)
                    .find_map(|(a, b)| joined(p, d, a, b, shares, Technique::Skyscraper))
            })
    })
}

/// A conjugate pair in a row and one in a column, with an end of each in one box (different
/// cells): the other ends' common peers lose the digit.
pub fn two_string_kite(view: &View) -> Option<Step> {
    let p = view.pencil;
    (1..=9).find_map(|d| {
        let rows = pairs(view, d, 0..9);
        let columns = pairs(view, d, 9..18);
        let same_box = |x: usize, y: usize| houses_of(x)[2] == houses_of(y)[2];
        rows.iter().find_map(|a| {
            columns
                .iter()
                .find_map(|b| joined(p, d, a, b, same_box, Technique::TwoStringKite))
        })
    })
}

/// Every two different items of `items`.
fn each_two<T>(items: &[T]) -> impl Iterator<Item = (&T, &T)> {
    (0..items.len()).flat_map(move |i| (i + 1..items.len()).map(move |j| (&items[i], &items[j])))
}

/// Colours each group of a digit's conjugate pairs in two colours (the digit is in every cell
/// of one colour, and in none of the other). A colour with two cells that see each other is
/// false: its cells lose the digit. Otherwise a cell outside the group that sees both colours
/// loses it.
pub fn simple_colouring(view: &View) -> Option<Step> {
    (1..=9).find_map(|d| {
        let places = view.pencil.cands(d);
        let links = pairs(view, d, 0..27);
        let mut done: Cells = 0;
        for start in members(
            links
                .iter()
                .fold(0, |u, l| u | 1 << l.cells[0] | 1 << l.cells[1]),
        ) {
            if done >> start & 1 == 1 {
                continue;
            }
            let colours = colour(start, &links);
            done |= colours[0] | colours[1];
            if (colours[0] | colours[1]).count_ones() < 3 {
                continue; // a single pair: what it removes, locked candidates removed first
            }
            let cells = || members(colours[0]).chain(members(colours[1]));
            for colour in colours {
                if members(colour).any(|c| PEERS[c] & colour != 0) {
                    return Step::eliminating(
                        Technique::SimpleColouring,
                        &[(d, colour)],
                        1 << (d - 1),
                        [],
                        cells(),
                    );
                }
            }
            let sees = |set: Cells| members(set).fold(0, |u, c| u | PEERS[c]);
            let removed = places & sees(colours[0]) & sees(colours[1]) & !(colours[0] | colours[1]);
            let step = Step::eliminating(
                Technique::SimpleColouring,
                &[(d, removed)],
                1 << (d - 1),
                [],
                cells(),
            );
            if step.is_some() {
                return step;
            }
        }
        None
    })
}

/// The two colours of the group of conjugate pairs that `start` is in, `start`'s first.
fn colour(start: usize, links: &[Pair]) -> [Cells; 2] {
    let mut colours = [1 << start, 0];
    let mut todo = vec![(start, 0)];
    while let Some((cell, c)) = todo.pop() {
        for link in links {
            let Some(i) = link.cells.iter().position(|&x| x == cell) else {
                continue;
            };
            let other = link.cells[1 - i];
            if (colours[0] | colours[1]) >> other & 1 == 0 {
                colours[1 - c] |= 1 << other;
                todo.push((other, 1 - c));
            }
        }
    }
    colours
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// An empty grid where `d` may go only in `cells`.
    fn only(d: u8, cells: &[usize]) -> Pencil {
        let mut p = Pencil::new(&".".repeat(81).parse::<Grid>().unwrap()).unwrap();
        let keep: Cells = cells.iter().map(|&c| 1u128 << c).sum();
        p.eliminate(d, !keep);
        p
    }

    #[test]
    fn a_skyscraper_stands_on_a_shared_column() {
        // 4 in row 1 at c2, c7 and in row 5 at c2, c9: r1c2 and r5c2 cannot both hold it, so
        // r1c7 or r5c9 does, and their common peers r2c9 and r3c9 lose it.
        let p = only(4, &[1, 6, 37, 44, 17, 26]);
        let step = skyscraper(&View::new(&p)).unwrap();
        assert_eq!(step.cells, vec![6, 1, 37, 44]);
        assert_eq!(step.eliminations, vec![(17, 4), (26, 4)]);
        assert_eq!(
            step.to_string(),
            "skyscraper on 4 in rows 1,5 at r1c7 r1c2 r5c2 r5c9: r23c9<>4"
        );
    }

    #[test]
    fn a_kite_flies_from_one_box() {
        // 6 in row 1 at c1, c8 and in column 2 at r2, r7: r1c1 and r2c2 share box 1, so r1c8
        // or r7c2 holds the 6, and r7c8 loses it. Row 7 and column 8 have three places each,
        // so there is no skyscraper.
        let p = only(6, &[0, 7, 10, 55, 58, 61, 79]);
        let step = two_string_kite(&View::new(&p)).unwrap();
        assert_eq!(step.cells, vec![7, 0, 10, 55]);
        assert_eq!(step.eliminations, vec![(61, 6)]);
        assert_eq!(skyscraper(&View::new(&p)), None);
    }

    #[test]
    fn colouring_traps_and_wraps() {
        // A ring of four conjugate pairs (rows 1 and 9, columns 1 and 9) colours consistently
        // and sees no other cell.
        let ring = only(2, &[0, 8, 80, 72]);
        assert_eq!(simple_colouring(&View::new(&ring)), None);
        // With r5c1 too, column 1 is no pair, but r5c1 sees both colours (r1c1 and r9c1).
        let trap = only(2, &[0, 8, 80, 72, 36]);
        let step = simple_colouring(&View::new(&trap)).unwrap();
        assert_eq!(step.eliminations, vec![(36, 2)]);
        // r1c1 = r1c5 = r5c5 = r5c2 = r2c2: r1c1, r5c5 and r2c2 are one colour, and r1c1 sees
        // r2c2 in box 1 (where r3c3 is a third place, so no pair): that colour is false.
        let wrap = only(2, &[0, 4, 40, 37, 10, 20]);
        let step = simple_colouring(&View::new(&wrap)).unwrap();
        assert_eq!(step.eliminations, vec![(0, 2), (10, 2), (40, 2)]);
    }
}
