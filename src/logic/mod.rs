//! How hard a puzzle is for a person: a ladder of human techniques over the pencil marks,
//! from singles to chains. At each step the easiest technique that makes progress is applied;
//! the hardest one a puzzle needs is its rating.
//!
//! ```
//! use sudoku_batch::logic::{Level, Technique, rate};
//! let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse()
//!     .unwrap();
//! let rating = rate(&puzzle).unwrap();
//! assert_eq!(rating.level(), Level::Easy);
//! assert!(rating.hardest <= Some(Technique::NakedSingle));
//! ```
//!
//! The search engine ([`crate::solve`]) is what finds and checks solutions; this module never
//! guesses. Every technique here is a deduction from the rules alone, true of every solution
//! (none rests on the puzzle having only one: no unique rectangles), so on a puzzle with one
//! solution no step can be wrong. A rating means something only for such puzzles, and `rate`
//! rates only those; on a puzzle without a solution the ladder may meet a clash
//! ([`Contradiction`]).

mod chains;
mod fish;
mod intersections;
pub mod pencil;
mod single_digit;
mod singles;
mod step;
mod subsets;
mod view;
mod wings;

use crate::grid::Grid;
pub use pencil::{Contradiction, Pencil};
pub use step::Step;
use view::View;

/// A technique of the ladder, in ladder order: easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// The only place for a digit in a box.
    HiddenSingleBox,
    /// The only place for a digit in a row or column.
    HiddenSingleLine,
    /// The only digit left for a cell.
    NakedSingle,
    /// A digit confined to one line within a box leaves the rest of the line.
    Pointing,
    /// A digit confined to one box within a line leaves the rest of the box.
    Claiming,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// A digit in two rows confined to two columns (or the other way round).
    XWing,
    /// Two digits confined to the same two cells of a house.
    HiddenPair,
    /// Three cells of a house with three candidates between them.
    NakedTriple,
    /// The X-wing over three lines.
    Swordfish,
    /// Three digits confined to three cells of a house.
    HiddenTriple,
    /// Two conjugate pairs of a digit in parallel lines, with one end of each in a shared line.
    Skyscraper,
    /// A conjugate pair in a row and one in a column, with an end of each in one box.
    TwoStringKite,
    /// A pivot {a,b} and two pincers {a,c}, {b,c} that it sees: c leaves cells both pincers see.
    XyWing,
    /// A pivot {a,b,c} and two pincers {a,c}, {b,c}: c leaves cells all three see.
    XyzWing,
    /// Two cells {a,b} linked by a conjugate pair of a: b leaves cells both see.
    WWing,
    /// Four cells of a house with four candidates between them.
    NakedQuad,
    /// The X-wing over four lines.
    Jellyfish,
    /// Four digits confined to four cells of a house.
    HiddenQuad,
    /// A digit's conjugate pairs coloured in two colours: a colour that sees itself is false,
    /// and a cell that sees both colours is not the digit.
    SimpleColouring,
    /// A chain of conjugate pairs of one digit, linked by cells that see each other: one of
    /// its ends holds the digit.
    XChain,
    /// A chain of two-candidate cells: the first or the last holds the chain's digit.
    XyChain,
}

/// How hard a puzzle is, by the hardest technique it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Locked candidates, pairs, the X-wing.
    Medium,
    /// Triples, the swordfish, skyscrapers and kites.
    Hard,
    /// Wings, quads, the jellyfish, colouring and chains.
    Expert,
    /// More than the ladder knows: it stops with candidates left.
    Beyond,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Beyond,
    ];

    /// Its name in answer keys and stats.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Beyond => "beyond",
        }
    }
}

impl Technique {
    /// The ladder: every technique, easiest first.
    pub const ALL: [Technique; 23] = {
        use Technique::*;
        [
            FullHouse,
            HiddenSingleBox,
            HiddenSingleLine,
            NakedSingle,
            Pointing,
            Claiming,
            NakedPair,
            XWing,
            HiddenPair,
            NakedTriple,
            Swordfish,
            HiddenTriple,
            Skyscraper,
            TwoStringKite,
            XyWing,
            XyzWing,
            WWing,
            NakedQuad,
            Jellyfish,
            HiddenQuad,
            SimpleColouring,
            XChain,
            XyChain,
        ]
    };

    /// Its name, as players write it.
    pub fn name(self) -> &'static str {
        PROFILES[self as usize].0
    }

    /// Its name in an answer key's `hardest` column: one word, no spaces.
    pub fn key_name(self) -> &'static str {
        PROFILES[self as usize].1
    }

    /// Its score, in tenths (see `PROFILES`). Increases along the ladder.
    pub fn score(self) -> u16 {
        PROFILES[self as usize].2
    }

    /// The level of a puzzle whose hardest technique this is.
    pub fn level(self) -> Level {
        PROFILES[self as usize].3
    }

    /// The first instance of this technique that makes progress on `p`, if any.
    pub fn find_on(self, p: &Pencil) -> Option<Step> {
        self.find(&View::new(p))
    }

    /// [`Technique::find_on`], on a view computed once for every technique tried.
    fn find(self, view: &View) -> Option<Step> {
        use Technique::*;
        let p = view.pencil;
        match self {
            FullHouse | HiddenSingleBox | HiddenSingleLine | NakedSingle => singles::first(p, self),
            Pointing => intersections::pointing(p),
            Claiming => intersections::claiming(p),
            NakedPair => subsets::naked(view, 2, self),
            NakedTriple => subsets::naked(view, 3, self),
            NakedQuad => subsets::naked(view, 4, self),
            HiddenPair => subsets::hidden(view, 2, self),
            HiddenTriple => subsets::hidden(view, 3, self),
            HiddenQuad => subsets::hidden(view, 4, self),
            XWing => fish::fish(view, 2, self),
            Swordfish => fish::fish(view, 3, self),
            Jellyfish => fish::fish(view, 4, self),
            Skyscraper => single_digit::skyscraper(view),
            TwoStringKite => single_digit::two_string_kite(view),
            SimpleColouring => single_digit::simple_colouring(view),
            XChain => chains::x_chain(view),
            XyWing => wings::xy_wing(view),
            XyzWing => wings::xyz_wing(view),
            WWing => wings::w_wing(view),
            XyChain => chains::xy_chain(view),
        }
    }
}

/// Each technique's name as players write it, its name in an answer key, its score in tenths
/// and the level of a puzzle it is the hardest of, in ladder order (indexed by the
/// technique). Scores are Sudoku Explainer's for the techniques it has (the forum's standard
/// scale); the others (skyscraper, kite, W-wing, colouring, which Sudoku Explainer only finds
/// as longer chains) sit between them in HoDoKu's order.
const PROFILES: [(&str, &str, u16, Level); Technique::ALL.len()] = [
    ("full house", "full-house", 10, Level::Easy),
    ("hidden single", "hidden-single-box", 12, Level::Easy),
    ("hidden single", "hidden-single-line", 15, Level::Easy),
    ("naked single", "naked-single", 23, Level::Easy),
    ("pointing", "pointing", 26, Level::Medium),
    ("claiming", "claiming", 28, Level::Medium),
    ("naked pair", "naked-pair", 30, Level::Medium),
    ("X-wing", "x-wing", 32, Level::Medium),
    ("hidden pair", "hidden-pair", 34, Level::Medium),
    ("naked triple", "naked-triple", 36, Level::Hard),
    ("swordfish", "swordfish", 38, Level::Hard),
    ("hidden triple", "hidden-triple", 40, Level::Hard),
    ("skyscraper", "skyscraper", 41, Level::Hard),
    ("two-string kite", "two-string-kite", 41, Level::Hard),
    ("XY-wing", "xy-wing", 42, Level::Expert),
    ("XYZ-wing", "xyz-wing", 44, Level::Expert),
    ("W-wing", "w-wing", 44, Level::Expert),
    ("naked quad", "naked-quad", 50, Level::Expert),
    ("jellyfish", "jellyfish", 52, Level::Expert),
    ("hidden quad", "hidden-quad", 54, Level::Expert),
    ("simple colouring", "simple-colouring", 56, Level::Expert),
    ("X-chain", "x-chain", 65, Level::Expert),
    ("XY-chain", "xy-chain", 66, Level::Expert),
];

/// The easiest step that makes progress on `p`: `None` when the ladder is stuck (or `p` is
/// solved).
pub fn next_step(p: &Pencil) -> Option<Step> {
    let single = singles::TIERS.iter().find_map(|&t| singles::first(p, t));
    single.or_else(|| past_singles(p))
}

/// The easiest step past the singles that makes progress on `p`.
fn past_singles(p: &Pencil) -> Option<Step> {
    let view = View::new(p);
    Technique::ALL[singles::TIERS.len()..]
        .iter()
        .find_map(|t| t.find(&view))
}

/// A score in tenths, as players write it: `2.3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score(pub u16);

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// A puzzle's rating: the hardest technique its solution path needs, and how long the path is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rating {
    /// The hardest technique used; `None` when the clues fill the grid.
    pub hardest: Option<Technique>,
    /// Steps taken: each placement, and each application of an elimination technique.
    pub steps: u32,
    /// Candidates left when the ladder stopped: 0 when it solved the puzzle.
    pub candidates_left: u32,
}

impl Rating {
    /// Whether the ladder solved the puzzle.
    pub fn finished(&self) -> bool {
        self.candidates_left == 0
    }

    /// The puzzle's level: `beyond` when the ladder did not finish.
    pub fn level(&self) -> Level {
        match self.hardest {
            _ if !self.finished() => Level::Beyond,
            Some(t) => t.level(),
            None => Level::Easy,
        }
    }

    /// The hardest technique's score, in tenths (0 for a full grid); [`Score`] writes it.
    pub fn score(&self) -> u16 {
        self.hardest.map_or(0, Technique::score)
    }
}

/// Rates a puzzle with one solution (see the module's note): applies the ladder until the grid
/// is full or no technique applies. Singles are applied a scan at a time (each one found in a
/// scan is still true after the others are placed), and the tiers of singles no harder than
/// the hardest technique used so far are scanned as one; this gives the same hardest
/// technique and the same number of steps as the explainer's one-at-a-time path (a test
/// checks it on every shipped set), and is several times faster on the easy puzzles that make
/// up most data sets.
pub fn rate(puzzle: &Grid) -> Result<Rating, Contradiction> {
    let mut p = Pencil::new(puzzle)?;
    let mut rating = Rating {
        hardest: None,
        steps: 0,
        candidates_left: 0,
    };
    'ladder: while p.empty() != 0 {
        // The tiers of singles up to the hardest technique used so far are one tier now: which
        // of them places a digit no longer changes the rating, and the cells they fill before
        // the next tier is needed are the same in any order (every single is a true digit).
        let used = singles::TIERS
            .iter()
            .filter(|&&t| Some(t) <= rating.hardest)
            .count();
        let (merged, rest) = singles::TIERS.split_at(used.max(1));
        for tiers in std::iter::once(merged).chain(rest.chunks(1)) {
            let placed = singles::place_all(&mut p, tiers)?;
            if placed > 0 {
                rating.hardest = rating.hardest.max(tiers.last().copied());
                rating.steps += placed;
                continue 'ladder;
            }
        }
        let Some(step) = past_singles(&p) else {
            rating.candidates_left = p.candidates_left();
            break;
        };
        rating.hardest = rating.hardest.max(Some(step.technique));
        rating.steps += 1;
        step.apply(&mut p);
    }
    Ok(rating)
}

/// The steps that solve `puzzle`, one at a time, easiest first, and the pencil marks before
/// each. Ends when the grid is full or the ladder is stuck.
pub fn explain(puzzle: &Grid) -> Result<Explanation, Contradiction> {
    Ok(Explanation {
        pencil: Pencil::new(puzzle)?,
    })
}

/// An iterator over a puzzle's steps (see [`explain`]); [`Explanation::pencil`] is the state
/// before the next one.
#[derive(Debug, Clone)]
pub struct Explanation {
    pencil: Pencil,
}

impl Explanation {
    /// The pencil marks now: before the next step.
    pub fn pencil(&self) -> &Pencil {
        &self.pencil
    }
}

impl Iterator for Explanation {
    type Item = Step;
    fn next(&mut self) -> Option<Step> {
        let step = next_step(&self.pencil)?;
        step.apply(&mut self.pencil);
        Some(step)
    }
}

#[cfg(test)]
mod tests;
