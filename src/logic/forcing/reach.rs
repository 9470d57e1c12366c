//! Which static forcing chains exist, found at once for every start: a forcing chain from a
//! candidate assumed on (off) is a path, in the graph of what implies what on the fixed
//! candidates, to the same candidate off (on). Following each start breadth first, as
//! Explainer does and as its chains' lengths need, costs a search per candidate, and on
//! most grids no start reaches its negation; the graph's strongly connected components, and
//! what each reaches, say in one pass which starts do, so that only those are followed.

use super::super::marks::Marks;
use super::super::pencil::{Cells, digits, houses_box_first as regions, members};
use super::slot;

/// A literal: candidate `slot`, on or off, as `slot * 2 + on`.
pub(super) fn literal(cell: usize, digit: u8, on: bool) -> usize {
    slot(cell, digit) * 2 + on as usize
}

/// The cell, digit and state of a literal.
fn of_literal(l: usize) -> (usize, u8, bool) {
    (l / 18, (l / 2 % 9) as u8 + 1, l % 2 == 1)
}

const LITERALS: usize = 729 * 2;
const WORDS: usize = LITERALS.div_ceil(64);
const NONE: u32 = u32::MAX;

/// What each literal reaches in the implication graph of one choice of links.
pub(super) struct Reach {
    /// Per literal, its component, or `NONE` for a candidate not on the grid.
    component: Vec<u32>,
    /// Per component, the literals it reaches (its own included), as bits.
    reached: Vec<[u64; WORDS]>,
}

impl Reach {
    /// The graph of `grid`'s candidates with cell links (`y`: a bivalue cell's other digit
    /// is on when one is off, and a cell's other digits are off when one is on) and house
    /// links (`x`: a digit's other place in a house of two is on when one is off); a digit
    /// on is always off in its cell's houses' other places. As `Search::on_to_off` and
    /// `Search::off_to_on` link them on a fixed grid.
    pub(super) fn new(grid: &Marks, y: bool, x: bool) -> Reach {
        // The edges, as lists per literal.
        let mut start: Vec<u32> = Vec::with_capacity(LITERALS + 1);
        let mut targets: Vec<u32> = Vec::new();
        for l in 0..LITERALS {
            start.push(targets.len() as u32);
            let (cell, digit, on) = of_literal(l);
            if !grid.has(cell, digit) {
                continue;
            }
            let others = grid.masks[cell] & !(1 << (digit - 1));
            if on {
                if y {
                    for d in digits(others) {
                        targets.push(literal(cell, d, false) as u32);
                    }
                }
                let mut seen: Cells = 1 << cell;
                for house in regions(cell) {
                    for other in members(grid.places(house, digit) & !seen) {
                        seen |= 1 << other;
                        targets.push(literal(other, digit, false) as u32);
                    }
                }
            } else {
                if y && others.count_ones() == 1 {
                    let d = others.trailing_zeros() as u8 + 1;
                    targets.push(literal(cell, d, true) as u32);
                }
                if x {
                    for house in regions(cell) {
                        let rest = grid.places(house, digit) & !(1 << cell);
                        if rest.count_ones() == 1 {
                            let other = rest.trailing_zeros() as usize;
                            targets.push(literal(other, digit, true) as u32);
                        }
                    }
                }
            }
        }
        start.push(targets.len() as u32);
        let edges = |l: usize| &targets[start[l] as usize..start[l + 1] as usize];

        // Tarjan's components, iteratively. A component is complete only after every
        // component it reaches, so what it reaches is known when it is.
        let mut reach = Reach {
            component: vec![NONE; LITERALS],
            reached: Vec::new(),
        };
        let mut index = vec![NONE; LITERALS];
        let mut low = vec![0u32; LITERALS];
        let mut on_stack = vec![false; LITERALS];
        let (mut stack, mut calls): (Vec<u32>, Vec<(u32, u32)>) = (Vec::new(), Vec::new());
        let mut next = 0u32;
        for root in 0..LITERALS {
            let (cell, digit, _) = of_literal(root);
            if index[root] != NONE || !grid.has(cell, digit) {
                continue;
            }
            calls.push((root as u32, 0));
            while let Some(&mut (v, ref mut edge)) = calls.last_mut() {
                let v = v as usize;
                if *edge == 0 {
                    index[v] = next;
                    low[v] = next;
                    next += 1;
                    stack.push(v as u32);
                    on_stack[v] = true;
                }
                if let Some(&w) = edges(v).get(*edge as usize) {
                    *edge += 1;
                    let w = w as usize;
                    if index[w] == NONE {
                        calls.push((w as u32, 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    let parent = parent as usize;
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    reach.close(v, &mut stack, &mut on_stack, &edges);
                }
            }
        }
        reach
    }

    /// Pops the component whose root is `root` off `stack`, and records what it reaches.
    fn close<'a>(
        &mut self,
        root: usize,
        stack: &mut Vec<u32>,
        on_stack: &mut [bool],
        edges: &impl Fn(usize) -> &'a [u32],
    ) {
        let id = self.reached.len() as u32;
        let mut reached = [0u64; WORDS];
        let at = stack
            .iter()
            .rposition(|&l| l as usize == root)
            .expect("the root is on the stack");
        let members = &stack[at..];
        for &m in members {
            on_stack[m as usize] = false;
            self.component[m as usize] = id;
            reached[m as usize / 64] |= 1 << (m % 64);
        }
        for &m in members {
            for &t in edges(m as usize) {
                let c = self.component[t as usize];
                if c != id {
                    let theirs = &self.reached[c as usize];
                    for (mine, &their) in reached.iter_mut().zip(theirs) {
                        *mine |= their;
                    }
                }
            }
        }
        self.reached.push(reached);
        stack.truncate(at);
    }

    /// Whether literal `from` implies literal `to` (both on the grid).
    pub(super) fn reaches(&self, from: usize, to: usize) -> bool {
        let c = self.component[from];
        c != NONE && self.reached[c as usize][to / 64] >> (to % 64) & 1 == 1
    }

    /// Whether literals `a` and `b` (both on the grid) imply each other: whether a cycle
    /// through one can pass through the other.
    pub(super) fn together(&self, a: usize, b: usize) -> bool {
        self.component[a] == self.component[b]
    }

    /// Whether the literals `starts` all imply some literal.
    pub(super) fn agree(&self, mut starts: impl Iterator<Item = usize>) -> bool {
        let Some(first) = starts.next() else {
            return false;
        };
        let Some(mut common) = self.reached_by(first) else {
            return false;
        };
        for s in starts {
            let Some(theirs) = self.reached_by(s) else {
                return false;
            };
            for (mine, their) in common.iter_mut().zip(theirs) {
                *mine &= their;
            }
        }
        common.iter().any(|&w| w != 0)
    }

    fn reached_by(&self, literal: usize) -> Option<[u64; WORDS]> {
        let c = self.component[literal];
        (c != NONE).then(|| self.reached[c as usize])
    }
}
