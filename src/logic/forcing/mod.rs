//! Forcing chains as Sudoku Explainer grades them: a candidate is assumed true (or false) and
//! its consequences are followed through the cells and houses; what every branch agrees on is
//! true, and an assumption that leads to a clash is false. The rating of a chain is its kind's
//! base plus a tenth for each step up a ladder of lengths (4, 6, 8, 12, 16, 24, 32…), where a
//! chain's length is the number of distinct candidates it rests on: so a chain's score is
//! Sudoku Explainer's number only if it is built from the same links in the same order, which
//! is why this module follows its search step by step (breadth first, cells before houses,
//! boxes before rows before columns) rather than looking for the shortest chain.
//!
//! Kinds, easiest first:
//! - static chains (6.5-7.x): X-cycles and Y-cycles (6.5), X forcing chains (6.6), chains that
//!   mix cells and houses (7.0), from one assumption, on the candidates as they are;
//! - Nishio (7.5): an assumption that clashes, following only houses, on a grid that loses
//!   each candidate as it is ruled out;
//! - multiple (8.0): every candidate of a cell, or every place of a digit in a house, leads
//!   to the same conclusion;
//! - dynamic (8.5): both, on a grid that loses candidates as they are ruled out, and a
//!   candidate whose truth and falsehood agree;
//! - dynamic (+) (9.0) and nested (9.5, 10.0, 10.5): dynamic chains that, where they have
//!   nothing left to follow, ask rules nested in them (see [`nested`]).

mod nested;
mod reach;
mod trace;

use super::marks::Marks;
use super::pencil::{Cells, Pencil, houses_box_first as regions, members};
use super::step::{Chain, Form, Literal};
use super::{Step, Technique};
use nested::RuleHint;
use std::collections::VecDeque;
pub use trace::ChainView;

/// A node of the implication graph: a candidate, assumed on or off, and what implied it.
#[derive(Debug, Clone, Copy)]
struct Node {
    cell: u8,
    digit: u8,
    on: bool,
    /// Its parents: `Search::parents[first..first + count]`, the first the one on its line.
    first: u32,
    count: u32,
    /// What forced it: `CELL` (its cell), `HOUSE + h` (house `h`), or nothing (an assumption,
    /// or a nested rule's removal): Explainer's `Cause`, which a nested chain's rule parents
    /// follow.
    cause: u8,
    /// For a removal by a nested chain: its index in `Search::nested`; else `NONE`.
    nested: u32,
}

const CELL: u8 = 1;
const HOUSE: u8 = 2;

/// A candidate's index in the 729-slot tables: `cell * 9 + digit - 1`.
fn slot(cell: usize, digit: u8) -> usize {
    cell * 9 + digit as usize - 1
}

const NONE: u32 = u32::MAX;

/// An ordered set of nodes keyed by candidate (Explainer's `LinkedSet`): the first node for a
/// candidate stays, and iteration follows insertion.
struct Set {
    /// Per candidate slot, its node or `NONE`: 729 long.
    index: Vec<u32>,
    order: Vec<u32>,
    /// Every slot ever set, so that a dropped set can be cleared cheaply.
    slots: Vec<u16>,
}

thread_local! {
    /// Dropped sets, empty again (their index all `NONE`): a search makes and drops
    /// thousands of sets, and allocating and filling 3 kB for each took a fifth of the
    /// rater's time.
    static SPARE: std::cell::RefCell<Vec<Set>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Clone for Set {
    fn clone(&self) -> Set {
        let mut copy = Set::new();
        copy.index.copy_from_slice(&self.index);
        copy.order.clone_from(&self.order);
        copy.slots.clone_from(&self.slots);
        copy
    }
}

impl Drop for Set {
    fn drop(&mut self) {
        if self.index.is_empty() {
            return; // the husk a spare left
        }
        for &s in &self.slots {
            self.index[s as usize] = NONE;
        }
        self.order.clear();
        self.slots.clear();
        let parts = (
            std::mem::take(&mut self.index),
            std::mem::take(&mut self.order),
            std::mem::take(&mut self.slots),
        );
        // When the thread ends, the pool is gone: the parts are freed, not made a set again.
        let _ = SPARE.try_with(|pool| {
            let (index, order, slots) = parts;
            pool.borrow_mut().push(Set {
                index,
                order,
                slots,
            })
        });
    }
}

impl Set {
    fn new() -> Set {
        SPARE
            .with(|pool| pool.borrow_mut().pop())
            .unwrap_or_else(|| Set {
                index: vec![NONE; 729],
                order: Vec::new(),
                slots: Vec::new(),
            })
    }
    fn get(&self, cell: usize, digit: u8) -> Option<u32> {
        let n = self.index[slot(cell, digit)];
        (n != NONE).then_some(n)
    }
    fn contains(&self, cell: usize, digit: u8) -> bool {
        self.get(cell, digit).is_some()
    }
    /// Adds `node` unless its candidate is in already.
    fn add(&mut self, nodes: &[Node], node: u32) -> bool {
        let n = &nodes[node as usize];
        let s = slot(n.cell as usize, n.digit);
        if self.index[s] != NONE {
            return false;
        }
        self.index[s] = node;
        self.order.push(node);
        self.slots.push(s as u16);
        true
    }
    /// Keeps only the candidates `other` has too.
    fn retain(&mut self, nodes: &[Node], other: &Set) {
        let index = &mut self.index;
        self.order.retain(|&n| {
            let node = &nodes[n as usize];
            let keep = other.contains(node.cell as usize, node.digit);
            if !keep {
                index[slot(node.cell as usize, node.digit)] = NONE;
            }
            keep
        });
    }
}

/// A conclusion and the chains behind it, before it becomes a [`Step`].
struct Hint {
    /// Tenths: the kind's base plus the length's.
    score: u16,
    complexity: u32,
    /// Explainer's order among hints of equal score and length.
    sort_key: u8,
    /// `(cell, digit)` removed.
    removed: Vec<(usize, u8)>,
    /// The digit proved true, when the chain proves one (its cell's other candidates are
    /// `removed`).
    placement: Option<(usize, u8)>,
    technique: Technique,
    /// Its shape and ends, for Explainer's text.
    chain: Chain,
    cells: Vec<usize>,
    /// For a chain nested in another: what the outer chain must have removed for it to hold
    /// (Explainer's rule parents), and a key that tells one chain from another.
    rule: Option<(Vec<(usize, u8)>, u64)>,
    /// Its chains, for `explain --chains` (empty unless the search traces them).
    views: Vec<ChainView>,
}

/// Which producer of Explainer's chains is searching.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Cycles and forcing chains from one assumption, on fixed candidates.
    Static,
    /// A clash from one assumption, through houses only, on a grid that loses candidates.
    Nishio,
    /// Cell and house forcing chains on fixed candidates.
    Multiple,
    /// Every chain, on a grid that loses candidates as they are ruled out.
    Dynamic,
    /// Dynamic chains that, when stuck, ask the basic rules (locked candidates, hidden and
    /// naked pairs, X-wings) on the grid they have left what else is ruled out.
    DynamicPlus,
    /// Dynamic chains (+) that, when the basic rules find nothing either, ask the static
    /// forcing chains and cycles (Explainer's "nested forcing chains", 9.5 and up).
    Nested,
    /// Nested chains that, when the static chains find nothing either, ask the multiple
    /// (cell and house) forcing chains: Explainer's second nesting, 10.0 and up.
    NestedMultiple,
    /// Dynamic chains (+) that, when the basic rules find nothing, ask the dynamic forcing
    /// chains: Explainer's third nesting, 10.5 and up.
    NestedDynamic,
    /// The same, asking dynamic forcing chains (+): the first of Explainer's experimental
    /// nestings, which it tries where the third finds nothing, also from 10.5.
    NestedDynamicPlus,
    /// The same, asking nested forcing chains (chains (+) that ask static chains): the second
    /// experimental nesting, from 10.5.
    NestedDynamicNested,
    /// The same, asking nested multiple forcing chains: the last experimental nesting, from
    /// 10.5.
    NestedDynamicNestedMultiple,
}

impl Kind {
    const ALL: [Kind; 11] = [
        Kind::Static,
        Kind::Nishio,
        Kind::Multiple,
        Kind::Dynamic,
        Kind::DynamicPlus,
        Kind::Nested,
        Kind::NestedMultiple,
        Kind::NestedDynamic,
        Kind::NestedDynamicPlus,
        Kind::NestedDynamicNested,
        Kind::NestedDynamicNestedMultiple,
    ];

    /// The kind whose chains `technique` finds, if it is a chain's.
    pub(crate) fn of(technique: Technique) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.technique() == technique)
    }

    fn technique(self) -> Technique {
        match self {
            Kind::Static => Technique::ForcingChain,
            Kind::Nishio => Technique::NishioChain,
            Kind::Multiple => Technique::MultipleChain,
            Kind::Dynamic => Technique::DynamicChain,
            Kind::DynamicPlus => Technique::DynamicPlusChain,
            Kind::Nested => Technique::NestedChain,
            Kind::NestedMultiple => Technique::NestedMultipleChain,
            Kind::NestedDynamic => Technique::NestedDynamicChain,
            Kind::NestedDynamicPlus => Technique::NestedDynamicPlusChain,
            Kind::NestedDynamicNested => Technique::NestedDynamicNestedChain,
            Kind::NestedDynamicNestedMultiple => Technique::NestedDynamicNestedMultipleChain,
        }
    }
    fn dynamic(self) -> bool {
        !matches!(self, Kind::Static | Kind::Multiple)
    }
    /// Whether chains ask nested rules where they stop.
    fn plus(self) -> bool {
        !matches!(
            self,
            Kind::Static | Kind::Nishio | Kind::Multiple | Kind::Dynamic
        )
    }
    /// The chains asked, in turn, where the basic rules nested in a chain of this kind find
    /// nothing (Explainer's `getOtherRules` past the basic ones).
    fn nests(self) -> &'static [Kind] {
        match self {
            Kind::Nested => &[Kind::Static],
            Kind::NestedMultiple => &[Kind::Static, Kind::Multiple],
            Kind::NestedDynamic => &[Kind::Dynamic],
            Kind::NestedDynamicPlus => &[Kind::DynamicPlus],
            Kind::NestedDynamicNested => &[Kind::Nested],
            Kind::NestedDynamicNestedMultiple => &[Kind::NestedMultiple],
            _ => &[],
        }
    }
    /// The base score of a chain of the multiple kinds, in tenths.
    fn base(self) -> u16 {
        match self {
            Kind::Static => 65,
            Kind::Nishio => 75,
            Kind::Multiple => 80,
            Kind::Dynamic => 85,
            Kind::DynamicPlus => 90,
            Kind::Nested => 95,
            Kind::NestedMultiple => 100,
            Kind::NestedDynamic
            | Kind::NestedDynamicPlus
            | Kind::NestedDynamicNested
            | Kind::NestedDynamicNestedMultiple => 105,
        }
    }
}

/// The chain of this kind that Explainer would apply first on `p`: the lowest score, then
/// the shortest, then by its kind of conclusion; `None` when there is none.
pub(crate) fn find(p: &Pencil, kind: Kind) -> Option<Step> {
    find_best(p, kind, true, false).map(|(step, _)| step)
}

/// [`find`], and the chains behind the step as Explainer's views list them.
pub(crate) fn find_traced(p: &Pencil, kind: Kind) -> Option<(Step, Vec<ChainView>)> {
    find_best(p, kind, true, true)
}

/// [`find`], with static chains that cannot be the best left unfollowed (`only_best`) or
/// followed (the tests hold the two alike), and the best hint's chains if `trace`.
fn find_best(
    p: &Pencil,
    kind: Kind,
    only_best: bool,
    trace: bool,
) -> Option<(Step, Vec<ChainView>)> {
    // Only the rules nested in the chains (+) ask how many of each digit are placed (the
    // X-wing's test); the other kinds are on every hard step's path and skip the count.
    let placed = match kind.plus() {
        true => p.placed(),
        false => [0; 9],
    };
    let mut search = Search::new(Marks::of(p), p.empty(), placed, kind);
    search.only_best = only_best;
    search.trace = trace;
    match kind {
        Kind::Static => search.statics(),
        _ => search.multiple(),
    }
    // A stable sort: among equals the first found stays first, as in Explainer.
    let best = search
        .hints
        .into_iter()
        .enumerate()
        .min_by_key(|(i, h)| (h.score, h.complexity, h.sort_key, *i))?
        .1;
    let mut eliminations = best.removed;
    eliminations.sort_unstable();
    eliminations.dedup();
    let digits = eliminations
        .iter()
        .fold(0u16, |m, &(_, d)| m | 1 << (d - 1));
    let step = Step {
        technique: best.technique,
        score: best.score,
        placement: best.placement,
        eliminations,
        digits,
        houses: Vec::new(),
        cells: best.cells,
        form: Form::Chain(best.chain),
    };
    Some((step, best.views))
}

/// Whether a static cell forcing chain from `cell`, or a house forcing chain from a house
/// where `cell` is a digit's first place (see `Search::house_chains`), can conclude anything:
/// whether their branches' assumptions all imply some literal.
fn may_agree(reach: &reach::Reach, grid: &Marks, cell: usize) -> bool {
    let digits = || (1..=9u8).filter(|&d| grid.has(cell, d));
    if reach.agree(digits().map(|d| reach::literal(cell, d, true))) {
        return true;
    }
    digits().any(|d| {
        regions(cell).into_iter().any(|house| {
            let places = grid.places(house, d);
            places.count_ones() >= 2
                && places.trailing_zeros() as usize == cell
                && reach.agree(members(places).map(|c| reach::literal(c, d, true)))
        })
    })
}

/// Explainer's length ladder: a tenth more for each ceiling the chain passes (its candidates
/// less two against 4, 6, 8, 12, 16, 24, 32…).
fn length_tenths(complexity: u32) -> u16 {
    let length = complexity as i64 - 2;
    let (mut ceil, mut added, mut odd) = (4i64, 0u16, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The candidates whose being off turns `(cell, digit)` on (with cell links `y`, house
/// links `x`), as bits of their slots: the only ones through which a cycle can close.
fn closers(grid: &Marks, cell: usize, digit: u8, y: bool, x: bool) -> [u64; 12] {
    let mut closers = [0u64; 12];
    let mut set = |c: usize, d: u8| {
        let s = slot(c, d);
        closers[s / 64] |= 1 << (s % 64);
    };
    if y && grid.count(cell) == 2 {
        let other = (grid.masks[cell] & !(1 << (digit - 1))).trailing_zeros() as u8 + 1;
        set(cell, other);
    }
    if x {
        for house in regions(cell) {
            let others = grid.places(house, digit) & !(1 << cell);
            if others.count_ones() == 1 {
                set(others.trailing_zeros() as usize, digit);
            }
        }
    }
    closers
}

struct Search {
    marks: Marks,
    /// For a chain nested in another: the grid the outer chain began from (`marks` being the
    /// one it has left), against which a nested chain's rule parents are found.
    outer: Option<Marks>,
    /// The nested chains that removals rest on: each one's length and key.
    nested: Vec<(u32, u64)>,
    /// What the nested rules found on each grid they were asked about.
    rules_seen: std::collections::HashMap<Marks, Vec<RuleHint>>,
    /// Cells with no digit placed, and how many hold each digit: what the rules nested in
    /// dynamic chains (+) ask of the grid besides its candidates.
    empty: Cells,
    placed: [u32; 9],
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// A stack reused by `ancestors`.
    todo: std::cell::RefCell<Vec<u32>>,
    /// `chain`'s two queues, empty between chains.
    queues: (VecDeque<u32>, VecDeque<u32>),
    /// Empty lists for `unary` and `forcing`, kept for what they have grown to.
    spare_lists: Vec<Vec<u32>>,
    /// Chains followed from one assumption, to be replayed.
    kept: Kept,
    /// Whether only the best hint matters (the search `find` makes, not a nested one, which
    /// wants them all): then a static chain that would score more than the lowest hint so
    /// far is not followed.
    only_best: bool,
    /// Whether static chains keep to the candidates that can lie on them, by what implies
    /// what (see `unary` and `forcing`): always, but in the test that holds the two alike.
    keep_to_components: bool,
    kind: Kind,
    hints: Vec<Hint>,
    /// Whether hints keep their chains' views (only `explain --chains` asks).
    trace: bool,
}

/// Chains a search has followed from one assumption, to be replayed (see
/// `Search::assume_on`): their nodes, parents, nested chains and the members of their two
/// sets, each chain's indices relative to its own beginnings.
#[derive(Default)]
struct Kept {
    /// Per candidate slot, its chain in `chains` or `NONE`: empty until a chain is kept (a
    /// nested search may keep none).
    index: Vec<u32>,
    chains: Vec<Followed>,
    nodes: Vec<Node>,
    parents: Vec<u32>,
    nested: Vec<(u32, u64)>,
    members: Vec<u32>,
}

impl Kept {
    /// Candidate `slot`'s kept chain.
    fn chain(&self, slot: usize) -> Option<usize> {
        self.index
            .get(slot)
            .filter(|&&i| i != NONE)
            .map(|&i| i as usize)
    }

    /// How long its lists are: where the next chain's parts begin.
    fn lengths(&self) -> [usize; 4] {
        [
            self.nodes.len(),
            self.parents.len(),
            self.nested.len(),
            self.members.len(),
        ]
    }
}

/// One kept chain: where its nodes, parents, nested chains and set members begin and end in
/// `Kept`'s lists, how many of the members are on, and its clash.
struct Followed {
    starts: [usize; 4],
    ends: [usize; 4],
    on_count: usize,
    clash: Option<(u32, u32)>,
}

impl Search {
    fn new(marks: Marks, empty: Cells, placed: [u32; 9], kind: Kind) -> Search {
        Search {
            marks,
            outer: None,
            nested: Vec::new(),
            rules_seen: std::collections::HashMap::new(),
            empty,
            placed,
            nodes: Vec::new(),
            parents: Vec::new(),
            todo: Default::default(),
            queues: Default::default(),
            spare_lists: Vec::new(),
            kept: Kept::default(),
            only_best: false,
            keep_to_components: true,
            kind,
            hints: Vec::new(),
            trace: false,
        }
    }

    /// A new node whose parents are `parents[from..]` (pushed just before).
    fn node_from(&mut self, cell: usize, digit: u8, on: bool, from: usize) -> u32 {
        self.nodes.push(Node {
            cell: cell as u8,
            digit,
            on,
            first: from as u32,
            count: (self.parents.len() - from) as u32,
            cause: 0,
            nested: NONE,
        });
        (self.nodes.len() - 1) as u32
    }

    /// A new node with the one parent `parent` (or none).
    fn node(&mut self, cell: usize, digit: u8, on: bool, parent: Option<u32>) -> u32 {
        let from = self.parents.len();
        self.parents.extend(parent);
        self.node_from(cell, digit, on, from)
    }

    fn parents_of(&self, node: u32) -> &[u32] {
        let n = &self.nodes[node as usize];
        &self.parents[n.first as usize..(n.first + n.count) as usize]
    }

    fn first_parent(&self, node: u32) -> Option<u32> {
        self.parents_of(node).first().copied()
    }

    /// How many distinct candidates `node` rests on, itself included.
    fn ancestors(&self, node: u32) -> u32 {
        let mut seen = [0u64; 23]; // 1458 bits: candidate and state
        let mut todo = std::mem::take(&mut *self.todo.borrow_mut());
        todo.clear();
        todo.push(node);
        let mut count = 0;
        while let Some(n) = todo.pop() {
            let x = &self.nodes[n as usize];
            let bit = slot(x.cell as usize, x.digit) * 2 + x.on as usize;
            if seen[bit / 64] >> (bit % 64) & 1 == 1 {
                continue;
            }
            seen[bit / 64] |= 1 << (bit % 64);
            count += 1;
            todo.extend_from_slice(self.parents_of(n));
        }
        *self.todo.borrow_mut() = todo;
        count
    }

    /// What `on` being true turns off, in Explainer's order: the cell's other digits (with
    /// `cells`), then the digit's other places in the box, the row and the column. The new
    /// nodes are the range returned.
    ///
    /// Only candidates that `new` accepts get a node: a search passes what it would drop (a
    /// node of a candidate it has found already), which saves making it.
    fn on_to_off(
        &mut self,
        grid: &Marks,
        on: u32,
        cells: bool,
        new: impl Fn(usize, u8) -> bool,
    ) -> std::ops::Range<u32> {
        let (cell, digit) = {
            let n = &self.nodes[on as usize];
            (n.cell as usize, n.digit)
        };
        let start = self.nodes.len() as u32;
        if cells {
            let mut others = grid.masks[cell] & !(1 << (digit - 1));
            while others != 0 {
                let d = others.trailing_zeros() as u8 + 1;
                others &= others - 1;
                if new(cell, d) {
                    let n = self.node(cell, d, false, Some(on));
                    self.nodes[n as usize].cause = CELL;
                }
            }
        }
        let mut added: Cells = 1 << cell;
        for house in regions(cell) {
            for other in members(grid.places(house, digit) & !added) {
                added |= 1 << other;
                if new(other, digit) {
                    let n = self.node(other, digit, false, Some(on));
                    self.nodes[n as usize].cause = HOUSE + house as u8;
                }
            }
        }
        start..self.nodes.len() as u32
    }

    /// What `off` being false turns on: the cell's other digit if it has two (with `cells`),
    /// and the digit's other place in each house that has two (with `houses`). On a grid that
    /// has lost candidates since `source`, the candidates lost in that cell or house are
    /// parents too. The new nodes are the range returned.
    ///
    /// Only candidates that `new` accepts get a node, as in `on_to_off`.
    #[allow(clippy::too_many_arguments)]
    fn off_to_on(
        &mut self,
        grid: &Marks,
        source: &Marks,
        off_set: &Set,
        off: u32,
        cells: bool,
        houses: bool,
        new: impl Fn(usize, u8) -> bool,
    ) -> std::ops::Range<u32> {
        let (cell, digit) = {
            let n = &self.nodes[off as usize];
            (n.cell as usize, n.digit)
        };
        let start = self.nodes.len() as u32;
        let other = (grid.masks[cell] & !(1 << (digit - 1))).trailing_zeros() as u8 + 1;
        if cells && grid.count(cell) == 2 && new(cell, other) {
            let from = self.parents.len();
            self.parents.push(off);
            let mut lost = source.masks[cell] & !grid.masks[cell];
            while lost != 0 {
                let d = lost.trailing_zeros() as u8 + 1;
                lost &= lost - 1;
                self.parents.extend(off_set.get(cell, d));
            }
            let n = self.node_from(cell, other, true, from);
            self.nodes[n as usize].cause = CELL;
        }
        if houses {
            for house in regions(cell) {
                let others = grid.places(house, digit) & !(1 << cell);
                if others.count_ones() != 1 || !new(others.trailing_zeros() as usize, digit) {
                    continue;
                }
                let from = self.parents.len();
                self.parents.push(off);
                let lost = source.places(house, digit) & !grid.places(house, digit);
                for c in members(lost) {
                    self.parents.extend(off_set.get(c, digit));
                }
                let n = self.node_from(others.trailing_zeros() as usize, digit, true, from);
                self.nodes[n as usize].cause = HOUSE + house as u8;
            }
        }
        start..self.nodes.len() as u32
    }

    /// The candidates off on `child`'s line of first parents (not `child` itself), as bits
    /// of their slots: what Explainer's `isParent` asks of each node `child` implies, found
    /// once per child.
    fn offs_above(&self, child: u32) -> [u64; 12] {
        let mut line = [0u64; 12];
        let mut at = child;
        while let Some(first) = self.first_parent(at) {
            at = first;
            let n = &self.nodes[at as usize];
            if !n.on {
                let s = slot(n.cell as usize, n.digit);
                line[s / 64] |= 1 << (s % 64);
            }
        }
        line
    }

    /// Explainer's static producer: its passes with house links (X), cell links (Y), then
    /// both.
    fn statics(&mut self) {
        // What implies what, known at once: which starts have a forcing chain, and which
        // candidates a cycle through a start can pass. The graph with both kinds of link
        // holds each pass's, so what it rules out no pass can use; one graph for the three
        // passes costs less than the search each pass's own would spare.
        let reach = reach::Reach::new(&self.marks, true, true);
        self.loops(false, true, &reach);
        self.loops(true, false, &reach);
        // Every hint of the last pass scores 7.0 or more: when the first two found a lower
        // one, it could not be the best (hints are ranked by score first).
        if !(self.only_best && self.hints.iter().any(|h| h.score < 70)) {
            self.loops(true, true, &reach);
        }
    }

    /// One pass of the static producer, for one choice of links: Y (cells) and X (houses).
    fn loops(&mut self, y: bool, x: bool, reach: &reach::Reach) {
        let grid = self.marks;
        for cell in 0..81 {
            let count = grid.count(cell);
            if count < 2 || (!x && count > 2) {
                continue;
            }
            for digit in 1..=9 {
                if grid.has(cell, digit) {
                    let mark = self.mark();
                    self.unary(cell, digit, y, x, reach);
                    self.forget(mark);
                }
            }
        }
    }

    /// The cycles through `(cell, digit)` assumed on, and with house links (`x`) the forcing
    /// chains from it on or off to its negation; `reach` says what implies what.
    ///
    /// Only candidates that imply the assumption and are implied by it (its component in
    /// `reach`) can lie on a cycle through it, and a node's first parent is one of them when
    /// the node is: so the search that finds the cycles keeps to them, and finds the same.
    fn unary(&mut self, cell: usize, digit: u8, y: bool, x: bool, reach: &reach::Reach) {
        let grid = self.marks;
        let own = reach::literal(cell, digit, true);
        let keep = self.keep_to_components;
        let on_cycle =
            |c: usize, d: u8, on: bool| !keep || reach.together(reach::literal(c, d, on), own);
        let source = self.node(cell, digit, true, None);
        // Cycles: from the assumption back to itself, alternating off and on.
        let (mut to_on, mut to_off) = (Set::new(), Set::new());
        to_on.add(&self.nodes, source);
        // Each level's list is drained from the buffer of the one before; the lists are the
        // search's, so that they keep what they have grown to.
        let [
            mut cycles,
            mut pending_on,
            mut pending_off,
            mut level_on,
            mut level_off,
            mut chains,
        ] = self.lists();
        pending_on.push(source);
        let closers = closers(&grid, cell, digit, y, x);
        let mut length = 0;
        // The lowest base of what this start can give: cycles 6.5 (or 7.0 with both kinds
        // of link), forcing chains 6.6 (7.0).
        let base = if y && x { 70 } else { 65 };
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            // A cycle closed `length` links on rests on `length` candidates.
            if self.beaten(base, length) {
                break;
            }
            std::mem::swap(&mut pending_on, &mut level_on);
            for p in level_on.drain(..) {
                let above = self.offs_above(p);
                // A later copy of an off candidate matters only where it turns the
                // start on (see below): the others get no node.
                let new = |c: usize, d: u8| {
                    let s = slot(c, d);
                    on_cycle(c, d, false)
                        && (!to_off.contains(c, d) || closers[s / 64] >> (s % 64) & 1 == 1)
                };
                for off in self.on_to_off(&grid, p, y, new) {
                    let n = &self.nodes[off as usize];
                    let s = slot(n.cell as usize, n.digit);
                    if above[s / 64] >> (s % 64) & 1 == 0 {
                        // Explainer follows every copy of an off candidate, not only the
                        // first: a later copy closes cycles by other paths.
                        to_off.add(&self.nodes, off);
                        pending_off.push(off);
                    }
                }
            }
            length += 1;
            if self.beaten(base, length) {
                break;
            }
            std::mem::swap(&mut pending_off, &mut level_off);
            for p in level_off.drain(..) {
                // What a later copy turns on was found from the first (the grid is fixed):
                // of it only the way back to the start is new.
                let n = &self.nodes[p as usize];
                let first = to_off.get(n.cell as usize, n.digit) == Some(p);
                let back =
                    |c: usize, d: u8| (first && on_cycle(c, d, true)) || (c, d) == (cell, digit);
                for on in self.off_to_on(&grid, &grid, &to_off, p, y, x, back) {
                    let n = &self.nodes[on as usize];
                    if length >= 4 && (n.cell as usize, n.digit) == (cell, digit) {
                        cycles.push(on);
                    }
                    if to_on.add(&self.nodes, on) {
                        pending_on.push(on);
                    }
                }
            }
        }
        if x {
            // Forcing chains: the assumption implies its own negation, or its negation
            // implies it; followed only where that is so.
            for start_on in [true, false] {
                let (from, to) = (
                    reach::literal(cell, digit, start_on),
                    reach::literal(cell, digit, !start_on),
                );
                if !reach.reaches(from, to) {
                    continue;
                }
                let start = self.node(cell, digit, start_on, None);
                let reach = self.keep_to_components.then_some(reach);
                self.forcing(&grid, start, y, reach, &mut chains);
            }
        }
        for &on in &cycles {
            self.cycle_hint(&grid, on, y, x);
        }
        for &target in &chains {
            let n = &self.nodes[target as usize];
            let (tc, td, t_on) = (n.cell as usize, n.digit, n.on);
            let removed: Vec<(usize, u8)> = if t_on {
                (1..=9)
                    .filter(|&d| d != td && grid.has(tc, d))
                    .map(|d| (tc, d))
                    .collect()
            } else {
                vec![(tc, td)]
            };
            if removed.is_empty() {
                continue;
            }
            let complexity = self.ancestors(target);
            let base = if y && x { 70 } else { 66 };
            self.hints.push(Hint {
                score: base + length_tenths(complexity),
                complexity,
                sort_key: if y && x { 4 } else { 2 },
                removed,
                placement: t_on.then_some((tc, td)),
                technique: Technique::ForcingChain,
                chain: Chain::Forcing {
                    x,
                    y,
                    target: (tc, td, t_on),
                    links: complexity,
                },
                cells: self.chain_cells(target),
                rule: self.rule_of(&[target], false, 0),
                views: self.views(&[target]),
            });
        }
        self.give_back([cycles, pending_on, pending_off, level_on, level_off, chains]);
    }

    /// Whether a static chain of at least `complexity` candidates, with a kind's base of
    /// at least `base`, would score more than a hint found already, so that it cannot be
    /// the best. A static chain's candidates are its nodes (each has one parent), and a
    /// node `depth` links from the assumption rests on `depth + 1` of them (one fewer when
    /// it is the assumption again, closing a cycle): so a search may stop at the depth
    /// where that is true.
    fn beaten(&self, base: u16, complexity: u32) -> bool {
        self.only_best
            && self
                .hints
                .iter()
                .any(|h| h.score < base + length_tenths(complexity))
    }

    /// Whether `forcing`'s next level (`level`, its nodes `depth` links deep) can only make
    /// chains that are `beaten`; else, when it has nodes, the depth of the level after it.
    /// A chain ending on a node one deeper rests on `depth + 2` candidates.
    fn too_deep(&self, level: &[u32], base: u16, depth: &mut u32) -> bool {
        if level.is_empty() {
            return false;
        }
        if self.beaten(base, *depth + 2) {
            return true;
        }
        *depth += 1;
        false
    }

    /// `N` empty lists from the search's spares.
    fn lists<const N: usize>(&mut self) -> [Vec<u32>; N] {
        std::array::from_fn(|_| self.spare_lists.pop().unwrap_or_default())
    }

    /// Keeps `lists` as spares, emptied.
    fn give_back<const N: usize>(&mut self, lists: [Vec<u32>; N]) {
        for mut list in lists {
            list.clear();
            self.spare_lists.push(list);
        }
    }

    /// The forcing chains from `start` to its negation, their ends pushed on `chains`.
    ///
    /// With `reach`, only candidates that imply the negation get a node: a node's first
    /// parent implies what the node does, so the chains found are the same.
    fn forcing(
        &mut self,
        grid: &Marks,
        start: u32,
        y: bool,
        reach: Option<&reach::Reach>,
        chains: &mut Vec<u32>,
    ) {
        let (cell, digit, start_on) = {
            let n = &self.nodes[start as usize];
            (n.cell as usize, n.digit, n.on)
        };
        let target = reach::literal(cell, digit, !start_on);
        let leads = |c: usize, d: u8, on: bool| {
            reach.is_none_or(|r| r.reaches(reach::literal(c, d, on), target))
        };
        let (mut to_on, mut to_off) = (Set::new(), Set::new());
        let [mut pending_on, mut pending_off, mut level_on, mut level_off] = self.lists();
        if start_on {
            to_on.add(&self.nodes, start);
            pending_on.push(start);
        } else {
            to_off.add(&self.nodes, start);
            pending_off.push(start);
        }
        let found = |nodes: &[Node], chains: &Vec<u32>, n: u32| {
            let x = &nodes[n as usize];
            !chains.iter().any(|&c| {
                let y = &nodes[c as usize];
                (y.cell, y.digit, y.on) == (x.cell, x.digit, x.on)
            })
        };
        // The depth of the level next followed (all of a level's nodes are as deep), and
        // the lowest base of the chains: 6.6, or 7.0 with both kinds of link.
        let (mut depth, base) = (0, if y { 70 } else { 66 });
        while !pending_on.is_empty() || !pending_off.is_empty() {
            if self.too_deep(&pending_on, base, &mut depth) {
                break;
            }
            std::mem::swap(&mut pending_on, &mut level_on);
            for p in level_on.drain(..) {
                let new = |c: usize, d: u8| !to_off.contains(c, d) && leads(c, d, false);
                for off in self.on_to_off(grid, p, y, new) {
                    let n = &self.nodes[off as usize];
                    if start_on
                        && (n.cell as usize, n.digit) == (cell, digit)
                        && found(&self.nodes, chains, off)
                    {
                        chains.push(off);
                    }
                    if to_off.add(&self.nodes, off) {
                        pending_off.push(off);
                    }
                }
            }
            if self.too_deep(&pending_off, base, &mut depth) {
                break;
            }
            std::mem::swap(&mut pending_off, &mut level_off);
            for p in level_off.drain(..) {
                let new = |c: usize, d: u8| !to_on.contains(c, d) && leads(c, d, true);
                for on in self.off_to_on(grid, grid, &to_off, p, y, true, new) {
                    let n = &self.nodes[on as usize];
                    if !start_on
                        && (n.cell as usize, n.digit) == (cell, digit)
                        && found(&self.nodes, chains, on)
                    {
                        chains.push(on);
                    }
                    if to_on.add(&self.nodes, on) {
                        pending_on.push(on);
                    }
                }
            }
        }
        self.give_back([pending_on, pending_off, level_on, level_off]);
    }

    /// The cells of a chain, following first parents from its end.
    fn chain_cells(&self, end: u32) -> Vec<usize> {
        let mut cells = Vec::new();
        let mut at = end;
        loop {
            let n = &self.nodes[at as usize];
            if cells.last() != Some(&(n.cell as usize)) {
                cells.push(n.cell as usize);
            }
            let Some(first) = self.first_parent(at) else {
                break;
            };
            at = first;
        }
        cells.reverse();
        cells
    }

    fn cycle_hint(&mut self, grid: &Marks, on: u32, y: bool, x: bool) {
        // The cycle's cells, then what both directions remove: a digit in a cell outside the
        // cycle that sees an "on" node of it and an "off" node of it.
        let mut path = Vec::new();
        let mut n = on;
        while let Some(first) = self.first_parent(n) {
            path.push(n);
            n = first;
        }
        let cycle_cells: u128 = path
            .iter()
            .fold(0, |m, &p| m | 1 << self.nodes[p as usize].cell);
        // Per digit, the places outside the cycle that see an "on" node and an "off" one, as
        // boards; then listed in the order the "on" nodes meet them.
        let seen = |on: bool| {
            let mut boards = [0 as Cells; 9];
            for &p in &path {
                let node = &self.nodes[p as usize];
                if node.on == on {
                    let d = node.digit as usize - 1;
                    boards[d] |= super::pencil::PEERS[node.cell as usize] & !cycle_cells;
                }
            }
            for (d, board) in boards.iter_mut().enumerate() {
                *board &= grid.boards[d];
            }
            boards
        };
        let (ons, offs) = (seen(true), seen(false));
        let mut both: [Cells; 9] = std::array::from_fn(|d| ons[d] & offs[d]);
        if both.iter().all(|&b| b == 0) {
            return;
        }
        let mut forward = Vec::new();
        for &p in &path {
            let node = &self.nodes[p as usize];
            if node.on {
                let d = node.digit as usize - 1;
                let met = super::pencil::PEERS[node.cell as usize] & both[d];
                forward.extend(members(met).map(|peer| (peer, node.digit)));
                both[d] &= !met;
            }
        }
        let complexity = self.ancestors(on);
        let base = if y && x { 70 } else { 65 };
        let sort_key = match (y, x) {
            (true, true) => 4,
            (true, false) => 3,
            _ => 2,
        };
        // Explainer's cells of a cycle: those of its nodes after the start, in the order they
        // were reached, each once (the start's cell comes first where the cycle leaves it by
        // a link within that cell, else last, where it closes).
        let mut cells = Vec::new();
        for &p in path.iter().rev() {
            let cell = self.nodes[p as usize].cell as usize;
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        self.hints.push(Hint {
            score: base + length_tenths(complexity),
            complexity,
            sort_key,
            removed: forward,
            placement: None,
            technique: Technique::ForcingChain,
            chain: Chain::Cycle { x, y },
            cells,
            rule: self.rule_of(&[on], true, 0),
            views: self.views(&[on]),
        });
    }

    /// Follows the assumptions in `to_on` and `to_off` to their consequences: `None`, or the
    /// clash (the two nodes of one candidate, on and off).
    fn chain(&mut self, to_on: &mut Set, to_off: &mut Set) -> Option<(u32, u32)> {
        // The queues are the search's, emptied between chains: a search follows thousands of
        // chains, and growing two new queues for each cost a tenth of its time.
        let (mut pending_on, mut pending_off) = std::mem::take(&mut self.queues);
        pending_on.extend(to_on.order.iter().copied());
        pending_off.extend(to_off.order.iter().copied());
        let clash = self.follow(to_on, to_off, &mut pending_on, &mut pending_off);
        pending_on.clear();
        pending_off.clear();
        self.queues = (pending_on, pending_off);
        clash
    }

    /// `chain`'s search, with its queues.
    fn follow(
        &mut self,
        to_on: &mut Set,
        to_off: &mut Set,
        pending_on: &mut VecDeque<u32>,
        pending_off: &mut VecDeque<u32>,
    ) -> Option<(u32, u32)> {
        let source = self.marks;
        let mut grid = self.marks;
        let cells = self.kind != Kind::Nishio;
        let dynamic = self.kind.dynamic();
        loop {
            if let Some(p) = pending_on.pop_front() {
                for off in self.on_to_off(&grid, p, cells, |c, d| !to_off.contains(c, d)) {
                    let n = &self.nodes[off as usize];
                    if let Some(on) = to_on.get(n.cell as usize, n.digit) {
                        return Some((on, off));
                    }
                    if to_off.add(&self.nodes, off) {
                        pending_off.push_back(off);
                    }
                }
            } else if let Some(p) = pending_off.pop_front() {
                let made = self.off_to_on(&grid, &source, to_off, p, cells, true, |c, d| {
                    !to_on.contains(c, d)
                });
                if dynamic {
                    let n = self.nodes[p as usize];
                    grid.remove(n.cell as usize, n.digit);
                }
                for on in made {
                    let n = &self.nodes[on as usize];
                    if let Some(off) = to_off.get(n.cell as usize, n.digit) {
                        return Some((on, off));
                    }
                    if to_on.add(&self.nodes, on) {
                        pending_on.push_back(on);
                    }
                }
            } else if self.kind.plus() && self.implied(&grid, to_off, pending_off) {
                continue;
            } else {
                return None;
            }
        }
    }

    /// Explainer's multiple and dynamic producers: for each cell, each digit assumed on and
    /// off; what the cell's digits, or a house's places of a digit, all imply.
    fn multiple(&mut self) {
        let grid = self.marks;
        // On fixed candidates, what each assumption implies is known at once: a cell whose
        // chains, and whose houses' chains, agree on nothing is passed over.
        let reach = (self.kind == Kind::Multiple).then(|| reach::Reach::new(&grid, true, true));
        for cell in 0..81 {
            let count = grid.count(cell);
            if !(count > 2 || (count > 1 && self.kind.dynamic())) {
                continue;
            }
            if reach.as_ref().is_some_and(|r| !may_agree(r, &grid, cell)) {
                continue;
            }
            let mark = self.mark();
            self.cell_chains(cell, count);
            self.forget(mark);
        }
    }

    /// The views of the chains ending at `ends`, where the search traces them.
    fn views(&self, ends: &[u32]) -> Vec<ChainView> {
        match self.trace {
            true => ends.iter().map(|&end| self.trace(end)).collect(),
            false => Vec::new(),
        }
    }

    /// The hints (as hints, not nodes) are all a search keeps of one start: the nodes made
    /// after `mark()` can go, so that the arena stays small and in cache.
    fn mark(&self) -> (usize, usize, usize) {
        (self.nodes.len(), self.parents.len(), self.nested.len())
    }

    fn forget(&mut self, (nodes, parents, nested): (usize, usize, usize)) {
        self.nodes.truncate(nodes);
        self.parents.truncate(parents);
        self.nested.truncate(nested);
    }

    /// The chains from each digit of `cell` (which has `count`): cell forcing chains where
    /// they agree, and the house and binary chains of each.
    fn cell_chains(&mut self, cell: usize, count: u32) {
        let grid = self.marks;
        {
            // What every digit of the cell implies, on and off, and what each implies.
            let mut common: Option<(Set, Set)> = None;
            let mut outcomes: Vec<(Set, Set)> = Vec::new();
            for digit in 1..=9 {
                if !grid.has(cell, digit) {
                    continue;
                }
                let (on_to_on, on_to_off) = self.binary(cell, digit, count);
                if self.kind != Kind::Nishio {
                    self.house_chains(cell, digit, &on_to_on, &on_to_off);
                }
                match &mut common {
                    Some((ons, offs)) => {
                        ons.retain(&self.nodes, &on_to_on);
                        offs.retain(&self.nodes, &on_to_off);
                    }
                    None => common = Some((on_to_on.clone(), on_to_off.clone())),
                }
                outcomes.push((on_to_on, on_to_off));
            }
            // Nishio has no cell forcing chains (the other kinds look at every cell they
            // chain from: of two digits when dynamic, of three or more else).
            let Some((common_on, common_off)) = common.filter(|_| self.kind != Kind::Nishio) else {
                return;
            };
            for (set, on) in [(common_on, true), (common_off, false)] {
                for &target in &set.order {
                    let branches: Vec<u32> = outcomes
                        .iter()
                        .map(|(ons, offs)| {
                            let n = &self.nodes[target as usize];
                            let s = if on { ons } else { offs };
                            s.get(n.cell as usize, n.digit).expect("in every branch")
                        })
                        .collect();
                    self.reduction_hint(target, &branches, |target| Chain::Cell { cell, target });
                }
            }
        }
    }

    /// A conclusion every branch reaches: the target's candidate removed (off), or its
    /// cell's other candidates (on); `chain` makes the hint's shape from the target.
    fn reduction_hint(&mut self, target: u32, branches: &[u32], chain: impl Fn(Literal) -> Chain) {
        let n = self.nodes[target as usize];
        let target = (n.cell as usize, n.digit, n.on);
        self.conclude(target, branches, chain(target));
    }

    /// Records the conclusion that `(cell, digit)` is `on` (its other digits leave) or off,
    /// scored by the chains ending at `ends`. The chain's shape gives Explainer's order among
    /// equals, and what its branches' assumptions have in common (`start`, see `rule_of`).
    fn conclude(&mut self, (cell, digit, on): Literal, ends: &[u32], chain: Chain) {
        let (sort_key, start) = match chain {
            Chain::Double { .. } => (1, 0),
            Chain::Cell { .. } => (5, CELL),
            Chain::House { house, .. } => (6, HOUSE + house as u8),
            // A contradiction (cycles and forcing chains are recorded by their own searches).
            _ => (7, 0),
        };
        let removed = self.removed_by(cell, digit, on);
        if removed.is_empty() {
            return;
        }
        let mut complexity = ends.iter().map(|&e| self.ancestors(e)).sum();
        if !self.nested.is_empty() {
            complexity += self.nested_complexity(ends);
        }
        self.hints.push(Hint {
            score: self.kind.base() + length_tenths(complexity),
            complexity,
            sort_key,
            removed,
            placement: on.then_some((cell, digit)),
            technique: self.kind.technique(),
            chain,
            cells: vec![cell],
            rule: self.rule_of(ends, false, start),
            views: self.views(ends),
        });
    }

    /// The contradiction that `source` meets at `clash` (a node of the clashing candidate).
    fn contradiction(&self, source: Literal, clash: u32) -> Chain {
        let n = &self.nodes[clash as usize];
        Chain::Contradiction {
            source,
            clash: (n.cell as usize, n.digit),
            nishio: self.kind == Kind::Nishio,
        }
    }

    fn removed_by(&self, cell: usize, digit: u8, on: bool) -> Vec<(usize, u8)> {
        if on {
            (1..=9)
                .filter(|&d| d != digit && self.marks.has(cell, d))
                .map(|d| (cell, d))
                .collect()
        } else {
            vec![(cell, digit)]
        }
    }

    /// The candidate assumed on, then off: a clash proves the other state; a candidate both
    /// imply is proved (dynamic, in cells of three or more). Returns what "on" implied.
    fn binary(&mut self, cell: usize, digit: u8, count: u32) -> (Set, Set) {
        let double = count >= 3 && self.kind.dynamic() && self.kind != Kind::Nishio;
        let contradiction = self.kind.dynamic();
        let (on_to_on, on_to_off, clash) = self.assume_on(cell, digit, false);
        let (mut off_to_on, mut off_to_off) = (Set::new(), Set::new());
        if let Some((a, b)) = clash
            && contradiction
        {
            let chain = self.contradiction((cell, digit, true), a);
            self.conclude((cell, digit, false), &[a, b], chain);
        }
        let p_off = self.node(cell, digit, false, None);
        off_to_off.add(&self.nodes, p_off);
        if let Some((a, b)) = self.chain(&mut off_to_on, &mut off_to_off)
            && contradiction
        {
            let chain = self.contradiction((cell, digit, false), a);
            self.conclude((cell, digit, true), &[a, b], chain);
        }
        if double {
            let double_chain = |target| Chain::Double {
                source: (cell, digit),
                target,
            };
            for &from_on in &on_to_on.order.clone() {
                let n = &self.nodes[from_on as usize];
                if let Some(from_off) = off_to_on.get(n.cell as usize, n.digit) {
                    self.reduction_hint(from_on, &[from_on, from_off], double_chain);
                }
            }
            for &from_on in &on_to_off.order.clone() {
                let n = &self.nodes[from_on as usize];
                if let Some(from_off) = off_to_off.get(n.cell as usize, n.digit) {
                    self.reduction_hint(from_on, &[from_on, from_off], double_chain);
                }
            }
        }
        (on_to_on, on_to_off)
    }

    /// What `(cell, digit)` assumed true implies, and the clash it meets, if any (`chain`
    /// from it alone). Such a chain is followed up to four times in a search: from its own
    /// cell, and for each house where it is a later place; with `keep` it is kept, so that
    /// the later requests copy its nodes instead of following it again.
    fn assume_on(&mut self, cell: usize, digit: u8, keep: bool) -> (Set, Set, Option<(u32, u32)>) {
        if let Some(i) = self.kept.chain(slot(cell, digit)) {
            return self.replay(i);
        }
        let mark = self.mark();
        let start = self.node(cell, digit, true, None);
        let (mut ons, mut offs) = (Set::new(), Set::new());
        ons.add(&self.nodes, start);
        let clash = self.chain(&mut ons, &mut offs);
        if keep {
            self.keep(slot(cell, digit), mark, &ons, &offs, clash);
        }
        (ons, offs, clash)
    }

    /// Keeps the chain whose nodes, parents and nested chains begin at `mark`, with indices
    /// made relative to those beginnings.
    fn keep(
        &mut self,
        slot: usize,
        (nodes, parents, nested): (usize, usize, usize),
        ons: &Set,
        offs: &Set,
        clash: Option<(u32, u32)>,
    ) {
        let kept = &mut self.kept;
        let base = nodes as u32;
        let starts = kept.lengths();
        kept.nodes.extend(self.nodes[nodes..].iter().map(|n| Node {
            first: n.first - parents as u32,
            nested: match n.nested {
                NONE => NONE,
                i => i - nested as u32,
            },
            ..*n
        }));
        kept.parents
            .extend(self.parents[parents..].iter().map(|&p| p - base));
        kept.nested.extend_from_slice(&self.nested[nested..]);
        kept.members.extend(ons.order.iter().map(|&n| n - base));
        let on_count = ons.order.len();
        kept.members.extend(offs.order.iter().map(|&n| n - base));
        if kept.index.is_empty() {
            kept.index = vec![NONE; 729];
        }
        kept.index[slot] = kept.chains.len() as u32;
        kept.chains.push(Followed {
            starts,
            on_count,
            ends: kept.lengths(),
            clash: clash.map(|(a, b)| (a - base, b - base)),
        });
    }

    /// Kept chain `i`, copied onto the end of the search's nodes.
    fn replay(&mut self, i: usize) -> (Set, Set, Option<(u32, u32)>) {
        let kept = &self.kept;
        let f = &kept.chains[i];
        let [nodes, parents, nested, members] = f.starts;
        let [nodes_end, parents_end, nested_end, members_end] = f.ends;
        let (base, parent_base, nested_base) = self.mark();
        self.nodes
            .extend(kept.nodes[nodes..nodes_end].iter().map(|n| Node {
                first: n.first + parent_base as u32,
                nested: match n.nested {
                    NONE => NONE,
                    i => i + nested_base as u32,
                },
                ..*n
            }));
        let base = base as u32;
        self.parents
            .extend(kept.parents[parents..parents_end].iter().map(|&p| p + base));
        self.nested
            .extend_from_slice(&kept.nested[nested..nested_end]);
        let (mut ons, mut offs) = (Set::new(), Set::new());
        let split = members + f.on_count;
        for &m in &kept.members[members..split] {
            ons.add(&self.nodes, m + base);
        }
        for &m in &kept.members[split..members_end] {
            offs.add(&self.nodes, m + base);
        }
        let clash = f.clash.map(|(a, b)| (a + base, b + base));
        (ons, offs, clash)
    }

    /// House forcing chains from the house's first place of `digit` (Explainer meets each
    /// house once, at its first place).
    fn house_chains(&mut self, cell: usize, digit: u8, on_to_on: &Set, on_to_off: &Set) {
        let grid = self.marks;
        for house in regions(cell) {
            // Every place of the digit in the house is a branch; the first is `cell`'s.
            let places: Vec<usize> = members(grid.places(house, digit)).collect();
            if places.len() < 2 || places[0] != cell {
                continue;
            }
            let mut branches: Vec<(Set, Set)> = Vec::new();
            let (mut house_on, mut house_off) = (on_to_on.clone(), on_to_off.clone());
            for &other in &places[1..] {
                let (ons, offs, _) = self.assume_on(other, digit, true);
                house_on.retain(&self.nodes, &ons);
                house_off.retain(&self.nodes, &offs);
                branches.push((ons, offs));
            }
            for (set, on) in [(house_on, true), (house_off, false)] {
                for &target in &set.order {
                    let n = &self.nodes[target as usize];
                    let (tc, td) = (n.cell as usize, n.digit);
                    let ends: Vec<u32> = std::iter::once((on_to_on, on_to_off))
                        .chain(branches.iter().map(|(ons, offs)| (ons, offs)))
                        .map(|(ons, offs)| {
                            let s = if on { ons } else { offs };
                            s.get(tc, td).expect("in every branch")
                        })
                        .collect();
                    self.reduction_hint(target, &ends, |target| Chain::House {
                        digit,
                        house,
                        target,
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pencil marks of `puzzle` after the ladder's first `steps` steps, none of them a
    /// nested chain.
    fn after(puzzle: &str, steps: usize) -> Pencil {
        let mut p = Pencil::new(&puzzle.parse().unwrap()).unwrap();
        for _ in 0..steps {
            let step = super::super::next_step(&p).unwrap();
            assert!(step.technique < Technique::DynamicPlusChain);
            step.apply(&mut p);
        }
        p
    }

    #[test]
    fn where_dynamic_chains_stop_the_nested_rules_go_on() {
        // magictour_top1465 #2, after the 27 steps Sukaku Explainer takes too. Its next is
        // "Region Forcing Chains: 4 in row ==> r5c6.7 off" at 9.3, a dynamic chain (+): the
        // row's other 4s lead, once a hidden pair or a pointing is seen on the way, to 7 off.
        let p = after(
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            27,
        );
        assert_eq!(find(&p, Kind::Dynamic), None);
        let step = find(&p, Kind::DynamicPlus).unwrap();
        assert_eq!((step.score, step.eliminations.clone()), (93, vec![(41, 7)]));
        assert_eq!(step.technique, Technique::DynamicPlusChain);
    }

    #[test]
    fn where_the_basic_rules_find_nothing_static_chains_nested_go_on() {
        // forum_hardest_1106 #1 after its first hidden single. Sukaku Explainer's next step:
        // "Region Forcing Chains: 3 in row ==> r6c5.4 off" at 10.3, a dynamic chain with
        // forcing chains nested ("+ Forcing Chains"); the chains (+) find nothing.
        let p = after(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            1,
        );
        assert_eq!(find(&p, Kind::DynamicPlus), None);
        let step = find(&p, Kind::Nested).unwrap();
        assert_eq!(
            (step.score, step.eliminations.clone()),
            (103, vec![(49, 4)])
        );
        assert_eq!(step.technique, Technique::NestedChain);
    }

    #[test]
    fn a_cycle_lists_its_cells_as_explainer_does() {
        // Sudoku Exchange bank puzzles, with the step Sukaku Explainer's log gives (`--after=
        // "%r %s"`): its cells from the start's first link on, each once, so the start's cell
        // comes last where the cycle leaves it through a house (the first) and first where it
        // leaves through the start's cell (the second).
        for (puzzle, n, words) in [
            (
                "000040000050603010002809700000000000078104590013705820001000200700000005009402300",
                9,
                "Bidirectional Y-Cycle: r2c3,r2c7,r1c7,r1c3",
            ),
            (
                "900870000006004103040010009000000030004102700080000000500060040603400200000083005",
                32,
                "Bidirectional Cycle: r4c1,r4c2,r8c2,r8c9,r7c9,r4c9",
            ),
        ] {
            let grid = puzzle.parse().unwrap();
            let step = crate::logic::explain(&grid).unwrap().nth(n - 1).unwrap();
            assert_eq!(super::super::words::words(&step), words);
        }
    }

    #[test]
    fn the_experimental_nestings_follow_only_what_holds() {
        // forum_hardest_1106 #1 after its first step, as in the test above. A whole search of
        // the experimental nestings takes seconds to minutes here, so each is followed from a
        // few candidates of the solution, where every chain must stop on it: no clash, and
        // every candidate implied on or off as the solution has it, through chains nested in
        // the chains the nesting asks (dynamic chains (+), nested, nested multiple).
        let puzzle =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let solution = crate::solve(&puzzle.parse().unwrap(), crate::Mode::Unique)
            .solution
            .unwrap();
        let digit = |cell: usize| solution.cells()[cell];
        let p = after(puzzle, 1);
        for kind in [
            Kind::NestedDynamicPlus,
            Kind::NestedDynamicNested,
            Kind::NestedDynamicNestedMultiple,
        ] {
            let mut search = Search::new(Marks::of(&p), p.empty(), p.placed(), kind);
            for cell in [0, 1, 2] {
                let (ons, offs, clash) = search.assume_on(cell, digit(cell), false);
                assert_eq!(clash, None, "{kind:?} from r1c{}", cell + 1);
                for &n in &ons.order {
                    let x = search.nodes[n as usize];
                    assert_eq!(x.digit, digit(x.cell as usize), "{kind:?}: {x:?} on");
                }
                for &n in &offs.order {
                    let x = search.nodes[n as usize];
                    assert_ne!(x.digit, digit(x.cell as usize), "{kind:?}: {x:?} off");
                }
            }
            assert!(!search.nested.is_empty(), "{kind:?}: no chain was nested");
        }
    }

    /// What a set of a chain holds, node by node: the candidate, its state, how many
    /// candidates it rests on and the cells of its line.
    fn nodes_of(search: &Search, set: &Set) -> Vec<(u8, u8, bool, u32, Vec<usize>)> {
        set.order
            .iter()
            .map(|&n| {
                let x = &search.nodes[n as usize];
                let line = search.chain_cells(n);
                (x.cell, x.digit, x.on, search.ancestors(n), line)
            })
            .collect()
    }

    #[test]
    fn a_kept_chain_replays_as_it_was_followed() {
        // A grid where dynamic chains (+) are needed (the first test's), each candidate's
        // chain followed afresh in one search and kept, then replayed, in another, after
        // other chains moved the arena on.
        let p = after(
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            27,
        );
        let candidates: Vec<(usize, u8)> = (0..81)
            .flat_map(|c| (1..=9).map(move |d| (c, d)))
            .filter(|&(c, d)| p.cell_mask(c).count_ones() > 1 && p.cell_mask(c) >> (d - 1) & 1 == 1)
            .collect();
        for kind in [Kind::Multiple, Kind::Dynamic, Kind::DynamicPlus] {
            let new = || Search::new(Marks::of(&p), p.empty(), [0; 9], kind);
            let (mut fresh, mut kept) = (new(), new());
            let mut replays = 0;
            for (i, &(cell, digit)) in candidates.iter().enumerate() {
                let (ons, offs, clash) = fresh.assume_on(cell, digit, false);
                kept.assume_on(cell, digit, true);
                let (other, other_digit) = candidates[(i * 7 + 3) % candidates.len()];
                kept.assume_on(other, other_digit, false);
                let (k_ons, k_offs, k_clash) = kept.assume_on(cell, digit, false);
                replays += 1;
                assert_eq!(nodes_of(&fresh, &ons), nodes_of(&kept, &k_ons), "{kind:?}");
                assert_eq!(
                    nodes_of(&fresh, &offs),
                    nodes_of(&kept, &k_offs),
                    "{kind:?}"
                );
                let states = |s: &Search, c: Option<(u32, u32)>| {
                    c.map(|(a, b)| {
                        let (x, y) = (&s.nodes[a as usize], &s.nodes[b as usize]);
                        ((x.cell, x.digit, x.on), (y.cell, y.digit, y.on))
                    })
                };
                assert_eq!(states(&fresh, clash), states(&kept, k_clash));
            }
            assert!(replays > 100, "{replays}");
        }
    }

    /// Grids on the path of a bank puzzle rated 7.8 (its first 30 steps and more).
    fn grids() -> Vec<Pencil> {
        let puzzle =
            "502070430000400050000020700400502073000010000970603001008050000010004000059030807";
        [10, 20, 30, 40].map(|steps| after(puzzle, steps)).to_vec()
    }

    #[test]
    fn reach_knows_which_starts_have_a_forcing_chain() {
        let (mut with, mut without) = (0, 0);
        for p in grids() {
            let grid = Marks::of(&p);
            for y in [false, true] {
                let reach = reach::Reach::new(&grid, y, true);
                for (cell, digit) in (0..81).flat_map(|c| (1..=9).map(move |d| (c, d))) {
                    if !grid.has(cell, digit) || grid.count(cell) < 2 {
                        continue;
                    }
                    for on in [true, false] {
                        let mut search = Search::new(grid, p.empty(), [0; 9], Kind::Static);
                        let start = search.node(cell, digit, on, None);
                        let mut chains = Vec::new();
                        search.forcing(&grid, start, y, None, &mut chains);
                        let literals = (
                            reach::literal(cell, digit, on),
                            reach::literal(cell, digit, !on),
                        );
                        assert_eq!(!chains.is_empty(), reach.reaches(literals.0, literals.1));
                        match chains.is_empty() {
                            true => without += 1,
                            false => with += 1,
                        }
                    }
                }
            }
        }
        assert!(with > 10 && without > 100, "{with} {without}");
    }

    #[test]
    fn cells_whose_chains_agree_on_nothing_conclude_nothing() {
        let (mut passed_over, mut concluding) = (0, 0);
        for p in grids() {
            let grid = Marks::of(&p);
            let reach = reach::Reach::new(&grid, true, true);
            for cell in (0..81).filter(|&c| grid.count(c) > 2) {
                let mut search = Search::new(grid, p.empty(), [0; 9], Kind::Multiple);
                search.cell_chains(cell, grid.count(cell));
                if !may_agree(&reach, &grid, cell) {
                    assert!(search.hints.is_empty(), "cell {cell}");
                    passed_over += 1;
                } else {
                    concluding += !search.hints.is_empty() as usize;
                }
            }
        }
        assert!(
            passed_over > 10 && concluding > 2,
            "{passed_over} {concluding}"
        );
    }

    #[test]
    fn static_chains_left_unfollowed_change_no_step() {
        // Every step from 6.5 up on the paths of four puzzles of the Sudoku Exchange bank
        // (the first of its files 6.6, 7.1, 7.3 and 7.8, Sukaku Explainer's ratings, which
        // ours equal): the static chains found with and without the bound agree.
        let (mut compared, mut found) = (0, 0);
        for puzzle in [
            "000000000560000032230040079000060000070501090000708000053000920009806500700000004",
            "200050006010000090600801003007090600000703000900080002100000005060902010003060200",
            "030004000000800020900026400100000050049050170060000003003740009020001000000500060",
            "502070430000400050000020700400502073000010000970603001008050000010004000059030807",
        ] {
            let mut p = Pencil::new(&puzzle.parse().unwrap()).unwrap();
            while let Some(step) = super::super::next_step(&p) {
                if step.technique >= Technique::ForcingChain {
                    let bounded = find_best(&p, Kind::Static, true, false).map(|(step, _)| step);
                    assert_eq!(
                        bounded,
                        find_best(&p, Kind::Static, false, false).map(|(step, _)| step)
                    );
                    compared += 1;
                    found += bounded.is_some() as usize;
                }
                if step.technique >= Technique::DynamicPlusChain {
                    break;
                }
                step.apply(&mut p);
            }
        }
        assert!(compared > 12 && found > 6, "{compared} {found}");
    }

    #[test]
    fn static_chains_kept_to_their_components_are_the_same_chains() {
        // Every static chain and cycle, each pass's and in the order found, on the grids of
        // `grids` and of every chain step of two bank puzzles (7.1 and 7.8): the search
        // kept to what can lie on a chain finds what the whole search finds.
        type Found = (
            u16,
            u32,
            u8,
            Vec<(usize, u8)>,
            Option<(usize, u8)>,
            Vec<usize>,
            Chain,
        );
        let all = |p: &Pencil, keep: bool| -> Vec<Found> {
            let mut search = Search::new(Marks::of(p), p.empty(), [0; 9], Kind::Static);
            search.keep_to_components = keep;
            search.statics();
            let hints = search.hints.into_iter();
            hints
                .map(|h| {
                    (
                        h.score,
                        h.complexity,
                        h.sort_key,
                        h.removed,
                        h.placement,
                        h.cells,
                        h.chain,
                    )
                })
                .collect()
        };
        let mut grids = grids();
        for puzzle in [
            "200050006010000090600801003007090600000703000900080002100000005060902010003060200",
            "502070430000400050000020700400502073000010000970603001008050000010004000059030807",
        ] {
            let mut p = Pencil::new(&puzzle.parse().unwrap()).unwrap();
            while let Some(step) = super::super::next_step(&p) {
                if step.technique >= Technique::DynamicChain {
                    break;
                }
                if step.technique >= Technique::ForcingChain {
                    grids.push(p);
                }
                step.apply(&mut p);
            }
        }
        let (mut compared, mut chains) = (0, 0);
        for p in &grids {
            let found = all(p, true);
            assert_eq!(found, all(p, false));
            compared += 1;
            chains += found.len();
        }
        assert!(compared > 10 && chains > 100, "{compared} {chains}");
    }

    #[test]
    fn the_length_ladder_is_explainers() {
        // Complexity less 2 against the ceilings 4, 6, 8, 12, 16…
        let expect = [
            (6, 0),
            (7, 1),
            (8, 1),
            (9, 2),
            (10, 2),
            (11, 3),
            (14, 3),
            (15, 4),
            (18, 4),
            (19, 5),
        ];
        for (complexity, tenths) in expect {
            assert_eq!(length_tenths(complexity), tenths, "{complexity}");
        }
    }
}
