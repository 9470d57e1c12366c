//! Depth-first search over copies of the board, stopping as soon as the mode has its answer.
//!
//! A node branches on a cell (one alternative per candidate digit) or on a split (one per
//! permutation a digit has left in a band or stack, three segments fixed at once; once one has
//! failed, the node keeps the rest and chooses again, as tdoku's negation does). Splits make
//! the much smaller tree on hard puzzles (forum_hardest_1106: 253 guesses per puzzle with cells
//! alone, 134 with splits), but cost more per node and a few more guesses on the boards with
//! many solutions and few empty cells of serg_benchmark, so they are used where the tree is
//! decided: throughout a puzzle that starts wide open, and once a puzzle has proved hard. A
//! split node first checks its minirows and minicolumns (three digits each): without that,
//! splits on a board with few clues overfill minirows unseen and wander for millions of
//! guesses. The same nodes propagate the column rule for every digit
//! that changed (118 guesses per 1106 puzzle instead of 133), the others only where a band's
//! own settling took a column out, which is cheaper and all that easy boards need.

use super::board::Board;
use super::isa::Isa;
use super::split::Split;
use super::tables::{Lookup, Occupancy, PERM_SEGMENTS, Pext, SEGMENTS_OF};
use crate::grid::Grid;
use std::marker::PhantomData;

/// Which cell to branch on, and so which solution comes first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// The smallest tree: a two-candidate cell, or a split on a digit's permutations in a
    /// band or stack where the board is wide open or the puzzle has proved hard.
    FewestCandidates,
    /// The first empty cell in row-major order, digits ascending: the first solution found is
    /// the lexicographically smallest, because propagation only removes impossible values.
    RowMajor,
}

/// Puzzles with at least this many empty cells branch on splits at every node: their whole
/// tree is decided. The hard sets start with 55-61, 17_clue with 64, unbiased and
/// gen_puzzles with 52-61; serg_benchmark's many-solution boards start with 46-47 (kaggle
/// 44-52), and splits at every node cost them 65% more instructions. Splits only at nodes
/// that still had 50 empty cells (until 2026-12-02) left the easy sets with 28-40% more
/// guesses than tdoku, which splits everywhere (17_clue 0.73 per puzzle against 0.57; now
/// 0.57), for the same instructions; only gen_puzzles' mostly unsolvable boards (52-54 empty
/// cells, 0.19 guesses a puzzle) take 8-9% more.
const WIDE_OPEN: u32 = 50;

/// After this many guesses a puzzle has proved hard, and every node branches on splits. Easy
/// puzzles never get there and keep the cheaper cell choice.
const HARD: u64 = 12;

/// What one search found.
pub(crate) struct Found {
    pub count: u64,
    pub first: Option<Grid>,
    pub guesses: u64,
    /// The search stopped at its guess budget, not at its end or its limit.
    pub gave_up: bool,
}

/// Counts solutions of `board` up to `limit` (at least 1), keeping the first one found, and
/// gives up rather than take more than `max_guesses` guesses.
pub(crate) fn search(board: Board, order: Order, limit: u64, max_guesses: u64, isa: Isa) -> Found {
    match isa.settles_by_pext() {
        true => search_settling::<Pext>(board, order, limit, max_guesses, isa),
        false => search_settling::<Lookup>(board, order, limit, max_guesses, isa),
    }
}

/// [`search`], settling words by `O`.
fn search_settling<O: Occupancy>(
    board: Board,
    order: Order,
    limit: u64,
    max_guesses: u64,
    isa: Isa,
) -> Found {
    let mut s = Search::<O> {
        settling: PhantomData,
        isa,
        order,
        wide_open: order == Order::FewestCandidates && board.open_cells() >= WIDE_OPEN,
        limit: limit.max(1),
        max_guesses,
        found: Found {
            count: 0,
            first: None,
            guesses: 0,
            gave_up: false,
        },
    };
    s.explore(board);
    s.found
}

struct Search<O> {
    /// How settling finds a word's occupancy (`isa` says which way is fastest).
    settling: PhantomData<O>,
    /// What every node runs on.
    isa: Isa,
    order: Order,
    /// The puzzle started wide open: every node decides the tree's size.
    wide_open: bool,
    limit: u64,
    max_guesses: u64,
    found: Found,
}

/// How a node branches: alternative `i` commits the board to one share of its solutions.
trait Branch: Copy {
    fn commit(self, board: &mut Board, i: usize);
}

/// A cell: alternative `d` places digit index `d` there.
#[derive(Clone, Copy)]
struct Cell(usize);

impl Branch for Cell {
    #[inline(always)]
    fn commit(self, board: &mut Board, d: usize) {
        board.place(d, self.0);
    }
}

/// A split: alternative `p` keeps its digit to permutation `p`.
impl Branch for Split {
    #[inline(always)]
    fn commit(self, board: &mut Board, p: usize) {
        board.take(self, p);
    }
}

impl<O: Occupancy> Search<O> {
    /// Explores every solution below `board`; true once the limit or the guess budget is
    /// reached.
    fn explore(&mut self, board: Board) -> bool {
        let isa = self.isa;
        isa.run_settling::<O, _>(
            #[inline(always)]
            || self.explore_here(board),
        )
    }

    /// [`Search::explore`], inlined into each kind of `Isa::run`.
    #[inline(always)]
    fn explore_here(&mut self, mut board: Board) -> bool {
        loop {
            let consistent = if self.deciding() {
                board.propagate::<true, O>()
            } else {
                board.propagate::<false, O>()
            };
            if !consistent {
                return false;
            }
            if board.is_solved() {
                let found = &mut self.found;
                found.count += 1;
                // Not `get_or_insert_with`: that one the compiler kept out of line, shared by
                // both builds (`isa`) and not counted as the engine's by `e2e-profile.sh`.
                if found.first.is_none() {
                    found.first = Some(board.to_grid());
                }
                return found.count >= self.limit;
            }
            if self.splitting() {
                let shapes = board.shapes();
                match board.triads(&shapes) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
                if let Some(split) = shapes.split() {
                    if self.guess_split(&mut board, split) {
                        return true;
                    }
                    continue;
                }
            }
            let cell = match self.order {
                Order::FewestCandidates => board.fewest_candidates_cell(),
                Order::RowMajor => board.first_unsolved().expect("not solved"),
            };
            let digits = board.digits_at(cell);
            if self.guess(&mut board, digits, Cell(cell)) {
                return true;
            }
        }
    }

    /// Every alternative but the last is a guess on a copy; the last is committed to `board`
    /// itself, for the caller's loop to go on with. True when the search is over. (Generic,
    /// so that each kind of branch gets its own loop: a `match` in one shared loop measured
    /// 3-4% slower.)
    #[inline(always)]
    fn guess(&mut self, board: &mut Board, mut alternatives: u16, branch: impl Branch) -> bool {
        while alternatives & (alternatives - 1) != 0 {
            if self.found.guesses >= self.max_guesses {
                self.found.gave_up = true;
                return true;
            }
            let mut child = *board;
            branch.commit(&mut child, alternatives.trailing_zeros() as usize);
            self.found.guesses += 1;
            if self.explore(child) {
                return true;
            }
            alternatives &= alternatives - 1;
        }
        branch.commit(board, alternatives.trailing_zeros() as usize);
        false
    }

    /// [`Search::guess`] for a split, in two ways its own. The alternative tried first is the
    /// one whose segments hold the fewest candidates of the digit: the smaller subtree, done
    /// with before the rest. And once it has failed, the board keeps the rest (their
    /// segments, which leave the failed one out whenever two are left) and goes back to
    /// propagate and choose afresh, as tdoku does after it negates a configuration. Where
    /// three or more are left and their segments still cover the failed one, the next is
    /// tried on a copy instead. The last one is never tried on a copy: one permutation's
    /// segments never cover another's, so the board keeps it as soon as it is alone.
    #[inline(always)]
    fn guess_split(&mut self, board: &mut Board, split: Split) -> bool {
        let mut alternatives = u16::from(split.perms);
        loop {
            if self.found.guesses >= self.max_guesses {
                self.found.gave_up = true;
                return true;
            }
            let p = board.fewest_candidates_permutation(split, alternatives);
            let mut child = *board;
            child.take(split, p);
            self.found.guesses += 1;
            if self.explore(child) {
                return true;
            }
            alternatives &= !(1 << p);
            let rest = SEGMENTS_OF[usize::from(alternatives)];
            if PERM_SEGMENTS[p] & !rest != 0 {
                board.keep(split, rest);
                return false;
            }
        }
    }

    /// Whether a node (propagated, not solved) branches on a split.
    #[inline(always)]
    fn splitting(&self) -> bool {
        self.order == Order::FewestCandidates && self.deciding()
    }

    /// Whether the node is where the tree's size is decided: in a puzzle that started wide
    /// open or has proved hard. There, splits and the column rule on every changed digit pay.
    /// (The puzzle's own first propagation is a deciding one only if it is wide open:
    /// serg_benchmark's 46-47 empty cells, -1.3% instructions.)
    #[inline(always)]
    fn deciding(&self) -> bool {
        self.wide_open || self.found.guesses >= HARD
    }
}
