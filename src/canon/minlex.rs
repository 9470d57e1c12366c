//! The minimal lexicographic form (minlex) of a puzzle: of all the grids that the moves which
//! keep a Sudoku's logic make of it (transposing; permuting bands, stacks, the rows within a
//! band and the columns within a stack; relabelling the digits: 2 x 6^8 x 9! ways), the one
//! whose 81 cells, read row by row with blanks as `0`, are smallest. The forum's convention:
//! blanks sort first; 47,653 of the 49,158 lines of the 17-clue list are published in this
//! form (kaityo256/minlex computes the same form; dobrichev's patminlex another, which
//! canonicalises the pattern of clues first).
//!
//! The search fixes the form one row at a time. Every partial transformation that gives the
//! smallest first rows so far is a candidate; each row keeps, of the candidates' extensions by
//! one more row, only those that give the smallest next row. That is exact because the form is
//! compared row by row: whatever comes later cannot make up for a larger row now.
//!
//! A candidate is
//!
//! ```text
//!   orientation   the puzzle or its transpose
//!   rows          target row -> source row, for the rows fixed so far
//!   stacks        target stack -> source stack (fixed by the first row)
//!   perms[t]      the column orders within target stack t still possible: a 6-bit set of
//!                 the permutations in PERMS, all of which gave every fixed row the same
//!                 digits so far
//!   labels        source digit -> its label in the form (UNSEEN: not yet; 0 for a blank),
//!                 in the order the digits first appear, which is what makes a form smallest
//! ```
//!
//! Permutations of one stack that give a row the same labels but meet new digits in another
//! order (`0 5 7` and `0 7 5` both read `0 1 2`) leave different labels for the rows below, so
//! they split the candidate; permutations that only swap blanks stay one candidate.

use crate::grid::CELLS;

/// The orders of three things: target position `j` takes source position `PERMS[p][j]`.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Every permutation of a stack's columns.
const ALL_PERMS: u8 = 0b11_1111;

/// A partial transformation (see the module's documentation).
#[derive(Clone, Copy, Debug)]
struct Candidate {
    orientation: u8,
    rows: [u8; 9],
    /// Source rows already placed, one bit each.
    used: u16,
    stacks: [u8; 3],
    perms: [u8; 3],
    labels: [u8; 10],
    /// The next label to give.
    next: u8,
    /// Every row placed is blank: any order of the stacks and columns gives them, so none is
    /// chosen yet (`stacks` and `perms` say nothing). The first row with a clue chooses, as a
    /// first row does (see [`first_rows`]): one candidate in place of six.
    blank: bool,
}

impl Candidate {
    /// This candidate with source row `source` as its target row `target`.
    fn placing(&self, target: usize, source: usize) -> Candidate {
        let mut placed = *self;
        placed.rows[target] = source as u8;
        placed.used |= 1 << source;
        placed
    }
}

/// A row's nine labels from its [`RowCode`].
fn labels_of(code: RowCode) -> [u8; 9] {
    let mut labels = [0; 9];
    for (c, label) in labels.iter_mut().enumerate() {
        *label = (code >> (4 * (8 - c)) & 0xf) as u8;
    }
    labels
}

/// Labels before any row: a blank reads 0, every digit [`UNSEEN`].
const NO_LABELS: [u8; 10] = [0, 15, 15, 15, 15, 15, 15, 15, 15, 15];

/// A row's nine labels, four bits each, the first cell highest: rows compare as numbers.
type RowCode = u64;

/// Bits of one stack's three labels in a [`RowCode`].
const STACK_BITS: u32 = 12;

/// The search's buffers, kept from puzzle to puzzle: one per thread spares the allocations.
#[derive(Default)]
pub struct Minlexer {
    current: Vec<Candidate>,
    next: Vec<Candidate>,
}

impl Minlexer {
    /// The minlex form of `cells` (row-major, `0` for a blank). Clues that clash get a form
    /// too: the moves are defined on any pattern of digits.
    pub fn minlex(&mut self, cells: &[u8; CELLS]) -> [u8; CELLS] {
        self.search(cells, true)
    }

    /// The search; `grids` takes [`grid_rows`]' way to a solution grid's first rows (the
    /// tests compare it with the general way).
    fn search(&mut self, cells: &[u8; CELLS], grids: bool) -> [u8; CELLS] {
        let oriented = Oriented::new(cells);
        // The first row's candidates come from `first_rows`; a solution grid's first two
        // rows' from `grid_rows`.
        self.current.clear();
        let mut form = [0; CELLS];
        let mut first = 0;
        if grids && is_solution_grid(&oriented) {
            let second = grid_rows(&oriented, &mut self.current);
            form[..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
            form[9..18].copy_from_slice(&second);
            first = 2;
        }
        for target in first..9 {
            let mut best = RowCode::MAX;
            self.next.clear();
            if target == 0 {
                first_rows(&oriented, &mut best, &mut self.next);
            }
            for candidate in &self.current {
                if candidate.blank {
                    after_blanks(&oriented, candidate, target, &mut best, &mut self.next);
                    continue;
                }
                for source in eligible_rows(candidate, target) {
                    // Most rows lose on where their blanks can go, before any label is read.
                    let patterns = oriented.patterns(candidate.orientation, source);
                    let stack_bound = |t: usize| {
                        let pattern = patterns[candidate.stacks[t] as usize];
                        RowCode::from(PATTERN_BOUNDS[pattern + candidate.perms[t] as usize])
                    };
                    // The first stack alone decides most.
                    let first = stack_bound(0) << (2 * STACK_BITS);
                    if first > best {
                        continue;
                    }
                    if first | stack_bound(1) << STACK_BITS | stack_bound(2) > best {
                        continue;
                    }
                    let placed = candidate.placing(target, source);
                    let row = &oriented.rows[candidate.orientation as usize][source];
                    extend(row, placed, 0, 0, &mut best, &mut self.next);
                }
            }
            std::mem::swap(&mut self.current, &mut self.next);
            form[target * 9..][..9].copy_from_slice(&labels_of(best));
        }
        form
    }
}

/// Extends into `kept` a candidate whose rows are all blank by each source row that may
/// become target row `target` (see [`extend`]).
fn after_blanks(
    oriented: &Oriented,
    candidate: &Candidate,
    target: usize,
    best: &mut RowCode,
    kept: &mut Vec<Candidate>,
) {
    for source in eligible_rows(candidate, target) {
        let mut placed = candidate.placing(target, source);
        let clues = oriented.clues[candidate.orientation as usize][source];
        if clues == 0 {
            // Another blank row.
            if *best > 0 {
                *best = 0;
                kept.clear();
            }
            kept.push(placed);
            continue;
        }
        // As a first row: its stacks in the order of their clues' count.
        let (_, mut orders) = FIRST_ROWS[clues as usize];
        let patterns = oriented.patterns(candidate.orientation, source);
        let stacks = PERMS[orders.trailing_zeros() as usize];
        let bound = row_bound(stacks.map(|s| PATTERN_BOUNDS[patterns[s] + ALL_PERMS as usize]));
        if bound > *best {
            continue;
        }
        placed.blank = false;
        let row = &oriented.rows[candidate.orientation as usize][source];
        while orders != 0 {
            placed.stacks = PERMS[orders.trailing_zeros() as usize].map(|s| s as u8);
            orders &= orders - 1;
            extend(row, placed, 0, 0, best, kept);
        }
    }
}

/// Whether every row and column holds each digit once (no blank, no clash): a solution grid,
/// whose first two rows [`grid_rows`] finds without labelling every column order.
fn is_solution_grid(oriented: &Oriented) -> bool {
    oriented.rows.iter().flatten().all(|row| {
        let digits = row.iter().fold(0u16, |seen, &d| seen | 1 << d);
        digits == 0b11_1111_1110
    })
}

/// A solution grid's first two rows: every candidate whose second row is smallest, into
/// `kept`, and that row. The first row reads 123456789 whatever its source and its columns'
/// order, so its labels are its columns' targets, and the second row's label at target `t` is
/// the target of the column that holds, in the first row, the digit the second row has at
/// `t`. The search places columns left to right: where the label's column has no target yet,
/// the smallest free target is the only one that keeps the row smallest, so it is taken.
/// Only a column's place in a stack left free, and a stack's place, are choices: a few dozen
/// orders a pair of rows, of the 1,296.
fn grid_rows(oriented: &Oriented, kept: &mut Vec<Candidate>) -> [u8; 9] {
    let mut search = GridSearch {
        best: RowCode::MAX,
        found: Vec::new(),
    };
    for orientation in 0..2 {
        let rows = &oriented.rows[orientation];
        for first in 0..9 {
            let mut column_of = [0u8; 10];
            for (c, &d) in rows[first].iter().enumerate() {
                column_of[d as usize] = c as u8;
            }
            for second in (0..9).filter(|&r| r != first && r / 3 == first / 3) {
                // For each source column: the column of the first row holding its digit.
                let partner = rows[second].map(|d| column_of[d as usize]);
                let pair = (orientation as u8, first as u8, second as u8);
                search.place(&partner, Order::NONE, 0, 0, pair);
            }
        }
    }
    for &(order, (orientation, first, second)) in &search.found {
        let rows = &oriented.rows[orientation as usize];
        let mut candidate = Candidate {
            orientation,
            rows: [0; 9],
            used: 1 << first | 1 << second,
            stacks: order.stack_at,
            perms: [0; 3],
            labels: NO_LABELS,
            next: 10,
            blank: false,
        };
        candidate.rows[..2].copy_from_slice(&[first, second]);
        for t in 0..3 {
            let within = |j: usize| (order.source_at[3 * t + j] - 3 * order.stack_at[t]) as usize;
            let p = PERMS.iter().position(|o| *o == [0, 1, 2].map(within));
            candidate.perms[t] = 1 << p.expect("a stack's columns stay in it");
        }
        for (c, &d) in rows[first as usize].iter().enumerate() {
            candidate.labels[d as usize] = order.target_of[c] + 1;
        }
        kept.push(candidate);
    }
    // Labels are targets, counted from 1.
    labels_of(search.best).map(|t| t + 1)
}

/// No place yet.
const FREE: u8 = u8::MAX;

/// A partial order of columns: each source column's target, each target's source column, each
/// target stack's source stack and each source stack's target stack; and, a bit each, the
/// source columns and the targets still free.
#[derive(Clone, Copy)]
struct Order {
    target_of: [u8; 9],
    source_at: [u8; 9],
    stack_at: [u8; 3],
    stack_of: [u8; 3],
    free_sources: u16,
    free_targets: u16,
}

impl Order {
    /// Nothing placed.
    const NONE: Order = Order {
        target_of: [FREE; 9],
        source_at: [FREE; 9],
        stack_at: [FREE; 3],
        stack_of: [FREE; 3],
        free_sources: 0b1_1111_1111,
        free_targets: 0b1_1111_1111,
    };

    /// Puts source column `column` at target `target`.
    fn put(&mut self, column: u8, target: usize) {
        self.target_of[column as usize] = target as u8;
        self.source_at[target] = column;
        self.stack_at[target / 3] = column / 3;
        self.stack_of[column as usize / 3] = (target / 3) as u8;
        self.free_sources &= !(1 << column);
        self.free_targets &= !(1 << target);
    }

    /// The source columns that can go to the free target `target`: the free ones of its
    /// stack's source, or of any source stack not placed.
    fn choices(&self, target: usize) -> u16 {
        let stacks = match self.stack_at[target / 3] {
            FREE => (0..3)
                .filter(|&s| self.stack_of[s] == FREE)
                .fold(0, |set, s| set | 0b111 << (3 * s)),
            stack => 0b111 << (3 * stack),
        };
        self.free_sources & stacks
    }

    /// The smallest target that source column `column` can still take: the first free one of
    /// its stack's target stack, or the first of the first target stack not placed.
    fn smallest_free(&self, column: u8) -> usize {
        match self.stack_of[column as usize / 3] {
            FREE => {
                3 * (0..3)
                    .find(|&t| self.stack_at[t] == FREE)
                    .expect("a stack left")
            }
            t => (self.free_targets >> (3 * t) & 0b111).trailing_zeros() as usize + 3 * t as usize,
        }
    }
}

/// The search of [`grid_rows`]: the smallest second row so far (targets, 0-based, as a
/// [`RowCode`]) and the orders, with their pair of rows, that give it.
struct GridSearch {
    best: RowCode,
    found: Vec<(Order, (u8, u8, u8))>,
}

impl GridSearch {
    /// Goes on from target `t` of the second row, its first `t` targets' labels in `row`.
    fn place(
        &mut self,
        partner: &[u8; 9],
        order: Order,
        t: usize,
        row: RowCode,
        pair: (u8, u8, u8),
    ) {
        if t == 9 {
            if row < self.best {
                self.best = row;
                self.found.clear();
            }
            if row == self.best {
                self.found.push((order, pair));
            }
            return;
        }
        // The columns that can go to target `t`: the one placed there, or any free one of
        // its stack's (or, for a stack not placed, of any stack not placed).
        let mut choices = match order.source_at[t] {
            FREE => order.choices(t),
            placed => 1 << placed,
        };
        let shift = 4 * (8 - t as u32);
        while choices != 0 {
            let column = choices.trailing_zeros() as u8;
            choices &= choices - 1;
            let mut next = order;
            if next.source_at[t] == FREE {
                next.put(column, t);
            }
            let held = partner[column as usize];
            let label = match next.target_of[held as usize] {
                FREE => {
                    let target = next.smallest_free(held);
                    next.put(held, target);
                    target as u8
                }
                target => target,
            };
            let row = row | RowCode::from(label) << shift;
            // Smaller than the best so far, or equal: go on. (MAX, shifted, stays above.)
            if row >> shift > self.best >> shift {
                continue;
            }
            self.place(partner, next, t + 1, row, pair);
        }
    }
}

/// The puzzle's rows and its transpose's, and where each row's clues are.
struct Oriented {
    rows: [[[u8; 9]; 9]; 2],
    /// A bit per column, the first lowest: a stack's three bits are its pattern.
    clues: [[u16; 9]; 2],
}

impl Oriented {
    fn new(cells: &[u8; CELLS]) -> Oriented {
        let mut oriented = Oriented {
            rows: [[[0; 9]; 9]; 2],
            clues: [[0; 9]; 2],
        };
        for r in 0..9 {
            for c in 0..9 {
                let digit = cells[r * 9 + c];
                oriented.rows[0][r][c] = digit;
                oriented.rows[1][c][r] = digit;
                let clue = u16::from(digit != 0);
                oriented.clues[0][r] |= clue << c;
                oriented.clues[1][c] |= clue << r;
            }
        }
        oriented
    }

    /// Where the clues of row `row` (of orientation `orientation`) are, by source stack: a
    /// stack's three bits of `clues`, times 64 (an index of [`PATTERN_BOUNDS`]' rows).
    fn patterns(&self, orientation: u8, row: usize) -> [usize; 3] {
        let clues = self.clues[orientation as usize][row] as usize;
        [
            clues << 6 & 0b111 << 6,
            clues << 3 & 0b111 << 6,
            clues & 0b111 << 6,
        ]
    }
}

/// For each stack's pattern of clues (see [`Oriented::clues`]; 64 times it) plus set of column
/// orders, the
/// smallest its labels can be: each clue read as 1 (no label is smaller), in the order that
/// pushes them furthest right.
const PATTERN_BOUNDS: [u16; 8 * 64] = {
    let mut table = [u16::MAX; 8 * 64];
    let mut pattern = 0;
    while pattern < 8 {
        let mut set = 1;
        while set < 64 {
            let mut p = 0;
            while p < 6 {
                if set >> p & 1 == 1 {
                    let [a, b, c] = PERMS[p];
                    let bits = pattern as u16;
                    let code = (bits >> a & 1) << 8 | (bits >> b & 1) << 4 | bits >> c & 1;
                    if code < table[64 * pattern + set] {
                        table[64 * pattern + set] = code;
                    }
                }
                p += 1;
            }
            set += 1;
        }
        pattern += 1;
    }
    table
};

/// The smallest a row can be whose stacks can be no smaller than `stacks`, in order.
fn row_bound(stacks: [u16; 3]) -> RowCode {
    let [a, b, c] = stacks.map(RowCode::from);
    a << (2 * STACK_BITS) | b << STACK_BITS | c
}

/// Extends by its first row every transformation whose first row is smallest, into `kept`
/// (`best` becomes that row). A first row's labels are 1, 2, 3... whatever its digits, so it is
/// smallest when its clues are fewest and pushed right: only the rows with the fewest clues,
/// their stacks put in the order of their clues' count, can be first.
fn first_rows(oriented: &Oriented, best: &mut RowCode, kept: &mut Vec<Candidate>) {
    let fewest = oriented.clues.iter().flatten();
    let fewest = fewest.map(|&c| FIRST_ROWS[c as usize].0).min();
    let fewest = fewest.expect("nine rows");
    for (orientation, rows) in oriented.clues.iter().enumerate() {
        for (source, &clues) in rows.iter().enumerate() {
            let (counts, mut orders) = FIRST_ROWS[clues as usize];
            if counts != fewest {
                continue;
            }
            if clues == 0 {
                // A blank first row: every order gives it (see `Candidate::blank`).
                orders = 1;
            }
            while orders != 0 {
                let stacks = PERMS[orders.trailing_zeros() as usize];
                orders &= orders - 1;
                let mut rows = [0; 9];
                rows[0] = source as u8;
                let candidate = Candidate {
                    orientation: orientation as u8,
                    rows,
                    used: 1 << source,
                    stacks: stacks.map(|s| s as u8),
                    perms: [ALL_PERMS; 3],
                    labels: NO_LABELS,
                    next: 1,
                    blank: clues == 0,
                };
                let row = &oriented.rows[orientation][source];
                extend(row, candidate, 0, 0, best, kept);
            }
        }
    }
}

/// For each row's clues (a bit per column, see [`Oriented::clues`]): its stacks' counts of
/// clues, sorted, as a number that orders rows as first rows (two bits a count, the
/// smallest highest), and the orders of stacks that put them in that order.
const FIRST_ROWS: [(u8, u8); 512] = {
    let mut table = [(0, 0); 512];
    let mut clues = 0;
    while clues < 512 {
        let bits = clues as u32;
        let counts = [
            (bits & 0b111).count_ones() as u8,
            (bits >> 3 & 0b111).count_ones() as u8,
            (bits >> 6 & 0b111).count_ones() as u8,
        ];
        let (mut key, mut orders) = (u8::MAX, 0u8);
        let mut p = 0;
        while p < 6 {
            let [a, b, c] = PERMS[p];
            if counts[a] <= counts[b] && counts[b] <= counts[c] {
                key = counts[a] << 4 | counts[b] << 2 | counts[c];
                orders |= 1 << p;
            }
            p += 1;
        }
        table[clues] = (key, orders);
        clues += 1;
    }
    table
};

/// The source rows that may become target row `target` of `candidate`: a free row of the band
/// its band's first row came from, or (a band's first row) any free row.
fn eligible_rows(candidate: &Candidate, target: usize) -> impl Iterator<Item = usize> + use<> {
    let within = target % 3;
    let band: u16 = if within == 0 {
        0b1_1111_1111
    } else {
        0b111 << (candidate.rows[target - within] / 3 * 3)
    };
    let mut free = band & !candidate.used;
    std::iter::from_fn(move || {
        let row = (free != 0).then(|| free.trailing_zeros() as usize);
        free &= free.wrapping_sub(1);
        row
    })
}

/// Extends `candidate`, whose current row is `row` (its source cells) with its first `stack`
/// stacks placed (their labels are `prefix`), by each order of stack `stack`'s columns that
/// gives the smallest labels; with the whole row placed, keeps it in `kept` if its row is the
/// smallest seen (`best`), dropping those kept before when it is smaller.
fn extend(
    row: &[u8; 9],
    mut candidate: Candidate,
    mut stack: usize,
    mut prefix: RowCode,
    best: &mut RowCode,
    kept: &mut Vec<Candidate>,
) {
    // One stack at a time; a candidate that splits goes on in a call per part.
    while stack < 3 {
        let first = 3 * candidate.stacks[stack] as usize;
        let cells = [row[first], row[first + 1], row[first + 2]];
        if cells == [0; 3] {
            // Blanks read 0 in any order (most stacks of a row, in most puzzles).
            prefix <<= STACK_BITS;
            if beaten(prefix, *best, stack) {
                return;
            }
            stack += 1;
            continue;
        }
        let (smallest, ties) = smallest_orders(&cells, &candidate, stack);
        // A bit at the foot of each label that reads UNSEEN.
        if smallest & smallest >> 1 & smallest >> 2 & smallest >> 3 & 0x111 == 0 {
            // No new digit (most stacks, past the first rows): one way on.
            prefix = prefix << STACK_BITS | RowCode::from(smallest);
            if beaten(prefix, *best, stack) {
                return;
            }
            candidate.perms[stack] = ties;
            stack += 1;
            continue;
        }
        let unseen = [8, 4, 0].map(|shift| smallest >> shift & 0xf == UNSEEN);
        let news = unseen.iter().filter(|&&u| u).count();
        if news <= 1 || ties.count_ones() == 1 {
            // The common case: one way on.
            let p = ties.trailing_zeros() as usize;
            let code = match news {
                0 => smallest,
                // The new digit's label is the next.
                1 => {
                    let shift = [8, 4, 0][unseen.iter().position(|&u| u).expect("one")];
                    smallest & !(UNSEEN << shift) | u16::from(candidate.next) << shift
                }
                _ => labelled(&cells, &PERMS[p], &candidate.labels, candidate.next),
            };
            prefix = prefix << STACK_BITS | RowCode::from(code);
            if beaten(prefix, *best, stack) {
                return;
            }
            candidate.perms[stack] = ties;
            if news > 0 {
                label_new(&mut candidate, &cells, &PERMS[p]);
            }
            stack += 1;
            continue;
        }
        // The orders in `ties` that meet the new digits in the same order go on as one
        // candidate: each part's labels, and its row's, are its own.
        let digits_of = |p: usize| -> u16 {
            (0..3)
                .filter(|&k| unseen[k])
                .fold(0, |key, k| key << 4 | u16::from(cells[PERMS[p][k]]))
        };
        let mut parts = [(0u8, 0usize, 0u16); 6];
        let (mut count, mut code) = (0, u16::MAX);
        let mut left = ties;
        while left != 0 {
            let p = left.trailing_zeros() as usize;
            let digits = digits_of(p);
            let same = (p..6)
                .filter(|&q| left >> q & 1 == 1 && (q == p || digits_of(q) == digits))
                .fold(0u8, |set, q| set | 1 << q);
            left &= !same;
            // Only clues that clash (one digit twice in a row) make the parts' rows differ.
            let labelled = labelled(&cells, &PERMS[p], &candidate.labels, candidate.next);
            parts[count] = (same, p, labelled);
            count += 1;
            code = code.min(labelled);
        }
        let value = prefix << STACK_BITS | RowCode::from(code);
        if beaten(value, *best, stack) {
            return;
        }
        for &(same, p, labelled) in &parts[..count] {
            if labelled == code {
                let mut part = candidate;
                part.perms[stack] = same;
                label_new(&mut part, &cells, &PERMS[p]);
                extend(row, part, stack + 1, value, best, kept);
            }
        }
        return;
    }
    if prefix < *best {
        *best = prefix;
        kept.clear();
    }
    if prefix == *best {
        kept.push(candidate);
    }
}

/// Of the orders of `cells` (stack `stack`'s, in the current row) that `candidate` still
/// allows, the smallest labels, with a digit not labelled yet read as [`UNSEEN`], and the
/// orders that give them.
fn smallest_orders(cells: &[u8; 3], candidate: &Candidate, stack: usize) -> (u16, u8) {
    // A new digit's label will be the next, above every label given, and new digits are
    // labelled left to right: read as UNSEEN, the orders compare as they will once labelled.
    let labels = cells.map(|d| u16::from(candidate.labels[d as usize]));
    let mut allowed = candidate.perms[stack];
    if allowed == ALL_PERMS {
        // Every order (a stack in the first rows): the labels sorted, from a table of how
        // the three compare.
        let [a, b, c] = labels;
        let (p, ties) = SORTED[9 * compare(a, b) + 3 * compare(a, c) + compare(b, c)];
        return (in_order(&labels, p as usize), ties);
    }
    if allowed & (allowed - 1) == 0 {
        // One order (most stacks, past the first rows).
        return (
            in_order(&labels, allowed.trailing_zeros() as usize),
            allowed,
        );
    }
    let (mut smallest, mut ties) = (u16::MAX, 0u8);
    while allowed != 0 {
        let p = allowed.trailing_zeros() as usize;
        allowed &= allowed - 1;
        let code = in_order(&labels, p);
        if code < smallest {
            (smallest, ties) = (code, 0);
        }
        if code == smallest {
            ties |= 1 << p;
        }
    }
    (smallest, ties)
}

/// Three labels in order `p` of [`PERMS`], four bits each, the first highest.
fn in_order(labels: &[u16; 3], p: usize) -> u16 {
    let [a, b, c] = PERMS[p];
    labels[a] << 8 | labels[b] << 4 | labels[c]
}

/// 0, 1 or 2 as `a` is below, equal to or above `b`.
const fn compare(a: u16, b: u16) -> usize {
    (a >= b) as usize + (a > b) as usize
}

/// For each way three values compare (see [`compare`]: first with second, first with third,
/// second with third), an order of [`PERMS`] that sorts them, and every order that does.
const SORTED: [(u8, u8); 27] = {
    let mut table = [(0, 0); 27];
    // Values 0-2 show every way three values can compare.
    let mut i = 0;
    while i < 27 {
        let v = [i / 9, i / 3 % 3, i % 3];
        let [a, b, c] = [v[0] as u16, v[1] as u16, v[2] as u16];
        let way = 9 * compare(a, b) + 3 * compare(a, c) + compare(b, c);
        let (mut smallest, mut first, mut ties) = (usize::MAX, 0, 0u8);
        let mut p = 0;
        while p < 6 {
            let [a, b, c] = PERMS[p];
            let code = v[a] * 9 + v[b] * 3 + v[c];
            if code < smallest {
                (smallest, first, ties) = (code, p, 0);
            }
            if code == smallest {
                ties |= 1 << p;
            }
            p += 1;
        }
        table[way] = (first as u8, ties);
        i += 1;
    }
    table
};

/// Whether a row whose first `stack + 1` stacks read `value` is larger than the best row.
fn beaten(value: RowCode, best: RowCode, stack: usize) -> bool {
    // MAX, shifted, stays above any value.
    value > best >> (STACK_BITS * (2 - stack as u32))
}

/// Labels the digits of `cells` in `order` that have none yet.
fn label_new(candidate: &mut Candidate, cells: &[u8; 3], order: &[usize; 3]) {
    for &j in order {
        let digit = cells[j] as usize;
        if candidate.labels[digit] == UNSEEN as u8 {
            candidate.labels[digit] = candidate.next;
            candidate.next += 1;
        }
    }
}

/// How a digit without a label reads while orders are compared (see [`smallest_orders`]).
const UNSEEN: u16 = 0xf;

/// Three cells in `order`, labelled: their labels four bits each, the first highest. A digit
/// without one takes the next, in the order they come.
fn labelled(cells: &[u8; 3], order: &[usize; 3], labels: &[u8; 10], next: u8) -> u16 {
    let mut labels = *labels;
    let mut next = next;
    order.iter().fold(0, |code, &j| {
        let digit = cells[j] as usize;
        if labels[digit] == UNSEEN as u8 {
            labels[digit] = next;
            next += 1;
        }
        code << 4 | u16::from(labels[digit])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(text: &str) -> String {
        let grid: crate::grid::Grid = text.parse().unwrap();
        let form = Minlexer::default().minlex(grid.cells());
        form.iter().map(|d| char::from(b'0' + d)).collect()
    }

    #[test]
    fn a_puzzle_of_the_17_clue_list_is_its_own_form() {
        // The list is published (mostly) in minlex form.
        let puzzle =
            "000000000000000001000002030000003020001040000005000060030000004070080009620007000";
        assert_eq!(form(puzzle), puzzle);
    }

    #[test]
    fn a_solution_grids_first_rows_are_those_of_the_general_search() {
        // Grids made by moving a known one at random (the moves keep it a grid).
        let base =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let base: crate::grid::Grid = base.parse().unwrap();
        let mut seed = 0x2239_u64;
        let mut random = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let mut minlexer = Minlexer::default();
        for _ in 0..30 {
            let rows = line_order(&mut random);
            let cols = line_order(&mut random);
            let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            for i in (1..9).rev() {
                digits.swap(i, random(i + 1));
            }
            let mut cells = [0; CELLS];
            for (i, cell) in cells.iter_mut().enumerate() {
                let (r, c) = (rows[i / 9], cols[i % 9]);
                *cell = digits[base.get(r, c) as usize - 1];
            }
            let grid = crate::grid::Grid::from_cells(cells).unwrap();
            assert!(grid.check_solution_of(&crate::grid::Grid::EMPTY).is_ok());
            let fast = minlexer.search(&cells, true);
            assert_eq!(fast, minlexer.search(&cells, false), "{grid}");
            let transposed: [u8; CELLS] = std::array::from_fn(|i| cells[i % 9 * 9 + i / 9]);
            assert_eq!(minlexer.search(&transposed, true), fast, "{grid}");
        }
    }

    /// A random order of nine lines that keeps bands together.
    fn line_order(random: &mut impl FnMut(usize) -> usize) -> [usize; 9] {
        let perm = |random: &mut dyn FnMut(usize) -> usize| PERMS[random(6)];
        let bands = perm(random);
        let mut order = [0; 9];
        for t in 0..3 {
            let within = perm(random);
            for j in 0..3 {
                order[3 * t + j] = 3 * bands[t] + within[j];
            }
        }
        order
    }

    #[test]
    fn the_empty_grid_and_one_clue() {
        assert_eq!(form(&"0".repeat(81)), "0".repeat(81));
        let mut one = "0".repeat(81);
        one.replace_range(40..41, "7");
        assert_eq!(form(&one), format!("{}1", "0".repeat(80)));
    }
}
