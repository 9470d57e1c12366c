//! How hard a puzzle is for a person: a ladder of human techniques over the pencil marks,
//! from singles to dynamic forcing chains, in Sudoku Explainer's order and with its scores.
//! At each step the first technique that makes progress is applied; the highest step score is
//! the rating (Sudoku Explainer's ER).
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
//! guesses. Every technique here but the uniqueness ones is a deduction from the rules alone,
//! true of every solution; unique rectangles, loops and the BUG (as in Sudoku Explainer) rest
//! on the puzzle having one solution. A rating means something only for such puzzles, and
//! the `rate` command rates only those (the engine checks first); on a puzzle without a
//! solution the ladder may meet a clash ([`Contradiction`]).

mod aligned;
mod als_wings;
mod fish;
mod forcing;
mod implied;
mod intersections;
mod marks;
pub(crate) mod pencil;
mod singles;
mod step;
mod strong_links;
mod subsets;
mod unique;
mod view;
mod wings;
mod words;

use crate::grid::Grid;
pub(crate) use forcing::ChainView;
use intersections::Kind;
pub use pencil::{Contradiction, Pencil};
pub(crate) use step::Step;
use view::LazyView;

/// A technique of the ladder, in ladder order: easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// The only place for a digit in a box.
    HiddenSingleBox,
    /// The only place for a digit in a row or column.
    HiddenSingleLine,
    /// Pointing whose eliminations leave a hidden single, placed with it.
    DirectPointing,
    /// Claiming whose eliminations leave a hidden single, placed with it.
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single, placed with it.
    DirectHiddenPair,
    /// The only digit left for a cell.
    NakedSingle,
    /// A hidden triple whose eliminations leave a hidden single, placed with it.
    DirectHiddenTriple,
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
    /// Two strong links of a digit joined by a house: skyscraper, two-string kite, turbot
    /// fish, and their grouped forms; 4.0 to 4.3.
    TurbotFish,
    /// A pivot {a,b} and two pincers {a,c}, {b,c} that it sees: c leaves cells both pincers see.
    XyWing,
    /// A pivot {a,b,c} and two pincers {a,c}, {b,c}: c leaves cells all three see.
    XyzWing,
    /// A loop of cells with the same two digits that, were it whole, could swap them: the
    /// candidate that keeps it from being whole is true (unique rectangles and loops, types 1
    /// to 4); 4.5 to 5.x. Rests on the puzzle having one solution.
    UniqueLoop,
    /// Four cells of a house with four candidates between them.
    NakedQuad,
    /// The X-wing over four lines.
    Jellyfish,
    /// Four digits confined to four cells of a house.
    HiddenQuad,
    /// Three strong links of a digit, joined end to start; 5.4 to 5.7.
    ThreeLinkFish,
    /// A set of three cells with four digits and a two-candidate cell: Sukaku Explainer's
    /// WXYZ-wing; 5.5 or 5.6.
    WxyzWing,
    /// Bivalue universal grave: without a few candidates the pencil marks would have two
    /// solutions, so one of them is true (types 1 to 3); 5.6 to 5.x. Rests on the puzzle
    /// having one solution.
    BivalueGrave,
    /// Four strong links of a digit, joined end to start; 5.8 to 6.1.
    FourLinkFish,
    /// The WXYZ-wing with a set of four cells; 6.2 to 6.4.
    VwxyzWing,
    /// Two cells whose every possible pair of digits leaves some candidate out: it is false
    /// (a pair of digits is impossible where the cells see each other and the digits are
    /// equal, or where a two-candidate cell seeing both would lose both); 6.2.
    AlignedPairExclusion,
    /// The WXYZ-wing with a set of five cells; 6.6.
    UvwxyzWing,
    /// From one assumption: X- and Y-cycles, and forcing chains through houses (X) or cells
    /// and houses (XY); scored by length from 6.5.
    ForcingChain,
    /// The WXYZ-wing with a set of six cells; 7.5.
    TuvwxyzWing,
    /// Aligned pair exclusion over three cells, with excluders of two or three candidates;
    /// 7.5.
    AlignedTripleExclusion,
    /// An assumption that leads to a clash, through houses only, on a grid that loses
    /// candidates as they are ruled out; from 7.5.
    NishioChain,
    /// Every candidate of a cell, or every place of a digit in a house, leads to the same
    /// conclusion; from 8.0.
    MultipleChain,
    /// Cell, house, clash and double forcing chains on a grid that loses candidates as they
    /// are ruled out; from 8.5.
    DynamicChain,
    /// Dynamic forcing chains that, where they stop, also follow what locked candidates,
    /// hidden and naked pairs and X-wings rule out on the grid they have left; from 9.0
    /// (Sudoku Explainer's "dynamic forcing chains (+)").
    DynamicPlusChain,
    /// Dynamic forcing chains (+) that also follow what static forcing chains and cycles rule
    /// out on the grid they have left; from 9.5 (Sudoku Explainer's "nested forcing chains",
    /// its first level: "(+ Forcing Chains)").
    NestedChain,
    /// Nested forcing chains that also follow what multiple (cell and house) forcing chains
    /// rule out where the static ones find nothing; from 10.0 (Sudoku Explainer's "+ Multiple
    /// Forcing Chains").
    NestedMultipleChain,
    /// Dynamic forcing chains (+) that follow what dynamic forcing chains rule out on the grid
    /// they have left; from 10.5 (Sudoku Explainer's "+ Dynamic Forcing Chains").
    NestedDynamicChain,
    /// The same, following what dynamic forcing chains (+) rule out; from 10.5 (the first of
    /// Sudoku Explainer's experimental nestings, which it tries only where the rest fail).
    NestedDynamicPlusChain,
    /// The same, following what nested forcing chains rule out: two levels of nesting; from
    /// 10.5 (Sudoku Explainer's second experimental nesting).
    NestedDynamicNestedChain,
    /// The same, following what nested multiple forcing chains rule out; from 10.5 (Sudoku
    /// Explainer's last experimental nesting).
    NestedDynamicNestedMultipleChain,
}

/// How hard a puzzle is, by the hardest technique it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Locked candidates, pairs, the X-wing.
    Medium,
    /// Triples, the swordfish, the turbot fish (skyscrapers, kites).
    Hard,
    /// Wings, uniqueness, quads, the jellyfish, strong-link fish and forcing chains.
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
    /// The ladder: every technique, easiest first, in Sudoku Explainer's order.
    pub const ALL: [Technique; 43] = {
        use Technique::*;
        [
            FullHouse,
            HiddenSingleBox,
            HiddenSingleLine,
            DirectPointing,
            DirectClaiming,
            DirectHiddenPair,
            NakedSingle,
            DirectHiddenTriple,
            Pointing,
            Claiming,
            NakedPair,
            XWing,
            HiddenPair,
            NakedTriple,
            Swordfish,
            HiddenTriple,
            TurbotFish,
            XyWing,
            XyzWing,
            UniqueLoop,
            NakedQuad,
            Jellyfish,
            HiddenQuad,
            ThreeLinkFish,
            WxyzWing,
            BivalueGrave,
            FourLinkFish,
            VwxyzWing,
            AlignedPairExclusion,
            UvwxyzWing,
            ForcingChain,
            TuvwxyzWing,
            AlignedTripleExclusion,
            NishioChain,
            MultipleChain,
            DynamicChain,
            DynamicPlusChain,
            NestedChain,
            NestedMultipleChain,
            NestedDynamicChain,
            NestedDynamicPlusChain,
            NestedDynamicNestedChain,
            NestedDynamicNestedMultipleChain,
        ]
    };

    /// The ladder's last technique.
    pub const TOP: Technique = Technique::ALL[Technique::ALL.len() - 1];

    /// The ladder up to `top`, `top` included.
    pub(crate) fn up_to(top: Technique) -> &'static [Technique] {
        &Technique::ALL[..=top as usize]
    }

    /// The technique whose [`Technique::key_name`] is `name`.
    pub fn from_key_name(name: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.key_name() == name)
    }

    /// Its name, as players write it.
    pub fn name(self) -> &'static str {
        PROFILES[self as usize].0
    }

    /// Its name in an answer key's `hardest` column: one word, no spaces.
    pub fn key_name(self) -> &'static str {
        PROFILES[self as usize].1
    }

    /// Its score, in tenths (see `PROFILES`): for a chain, the least its kind scores.
    /// Increases along the ladder.
    pub fn score(self) -> u16 {
        PROFILES[self as usize].2
    }

    /// The level of a puzzle whose hardest technique this is.
    pub(crate) fn level(self) -> Level {
        PROFILES[self as usize].3
    }

    /// The first instance of this technique that makes progress on `p`, if any.
    pub fn find_on(self, p: &Pencil) -> Option<Step> {
        self.find(&LazyView::new(p))
    }

    /// Whether this is one of the singles, which the rater places a scan at a time.
    pub(crate) fn is_single(self) -> bool {
        singles::TIERS.contains(&self)
    }

    /// [`Technique::find_on`], on a view computed once for every technique tried (and only
    /// once one reads it).
    fn find(self, lazy: &LazyView) -> Option<Step> {
        use Technique::*;
        let p = lazy.pencil;
        let view = || lazy.get();
        match self {
            FullHouse | HiddenSingleBox | HiddenSingleLine | NakedSingle => singles::first(p, self),
            DirectPointing => intersections::direct(p, lazy.locks(Kind::Pointing), self),
            DirectClaiming => intersections::direct(p, lazy.locks(Kind::Claiming), self),
            DirectHiddenPair => subsets::direct_hidden(view(), 2, self),
            DirectHiddenTriple => subsets::direct_hidden(view(), 3, self),
            Pointing => intersections::plain(lazy.locks(Kind::Pointing), self),
            Claiming => intersections::plain(lazy.locks(Kind::Claiming), self),
            NakedPair => subsets::naked(view(), 2, self),
            NakedTriple => subsets::naked(view(), 3, self),
            NakedQuad => subsets::naked(view(), 4, self),
            HiddenPair => subsets::hidden(view(), 2, self),
            HiddenTriple => subsets::hidden(view(), 3, self),
            HiddenQuad => subsets::hidden(view(), 4, self),
            XWing => fish::fish(view(), 2, self),
            Swordfish => fish::fish(view(), 3, self),
            Jellyfish => fish::fish(view(), 4, self),
            TurbotFish => strong_links::fish(view(), 2, self),
            ThreeLinkFish => strong_links::fish(view(), 3, self),
            FourLinkFish => strong_links::fish(view(), 4, self),
            WxyzWing => als_wings::wing(view(), 3, self),
            UniqueLoop => unique::loops(view(), self),
            BivalueGrave => unique::bug(view(), self),
            VwxyzWing => als_wings::wing(view(), 4, self),
            UvwxyzWing => als_wings::wing(view(), 5, self),
            TuvwxyzWing => als_wings::wing(view(), 6, self),
            AlignedPairExclusion => aligned::exclusion(view(), 2, self),
            AlignedTripleExclusion => aligned::exclusion(view(), 3, self),
            XyWing => wings::xy_wing(view()),
            XyzWing => wings::xyz_wing(view()),
            ForcingChain
            | NishioChain
            | MultipleChain
            | DynamicChain
            | DynamicPlusChain
            | NestedChain
            | NestedMultipleChain
            | NestedDynamicChain
            | NestedDynamicPlusChain
            | NestedDynamicNestedChain
            | NestedDynamicNestedMultipleChain => {
                forcing::find(p, forcing::Kind::of(self).expect("a chain's kind"))
            }
        }
    }
}

/// Each technique's name as players write it, its name in an answer key, its score in tenths
/// and the level of a puzzle it is the hardest of, in ladder order (indexed by the
/// technique). Scores are Sudoku Explainer's (Sukaku Explainer's default ratings, the
/// forum's standard scale); a chain's is the least of its kind, to which its length adds.
const PROFILES: [(&str, &str, u16, Level); Technique::ALL.len()] = [
    ("full house", "full-house", 10, Level::Easy),
    ("hidden single", "hidden-single-box", 12, Level::Easy),
    ("hidden single", "hidden-single-line", 15, Level::Easy),
    ("direct pointing", "direct-pointing", 17, Level::Easy),
    ("direct claiming", "direct-claiming", 19, Level::Easy),
    ("direct hidden pair", "direct-hidden-pair", 20, Level::Easy),
    ("naked single", "naked-single", 23, Level::Easy),
    (
        "direct hidden triple",
        "direct-hidden-triple",
        25,
        Level::Easy,
    ),
    ("pointing", "pointing", 26, Level::Medium),
    ("claiming", "claiming", 28, Level::Medium),
    ("naked pair", "naked-pair", 30, Level::Medium),
    ("X-wing", "x-wing", 32, Level::Medium),
    ("hidden pair", "hidden-pair", 34, Level::Medium),
    ("naked triple", "naked-triple", 36, Level::Hard),
    ("swordfish", "swordfish", 38, Level::Hard),
    ("hidden triple", "hidden-triple", 40, Level::Hard),
    ("turbot fish", "turbot-fish", 40, Level::Hard),
    ("XY-wing", "xy-wing", 42, Level::Expert),
    ("XYZ-wing", "xyz-wing", 44, Level::Expert),
    ("unique rectangle", "unique-rectangle", 45, Level::Expert),
    ("naked quad", "naked-quad", 50, Level::Expert),
    ("jellyfish", "jellyfish", 52, Level::Expert),
    ("hidden quad", "hidden-quad", 54, Level::Expert),
    ("three-link fish", "three-link-fish", 54, Level::Expert),
    ("WXYZ-wing", "wxyz-wing", 55, Level::Expert),
    ("bivalue universal grave", "bug", 56, Level::Expert),
    ("four-link fish", "four-link-fish", 58, Level::Expert),
    ("VWXYZ-wing", "vwxyz-wing", 62, Level::Expert),
    (
        "aligned pair exclusion",
        "aligned-pair-exclusion",
        62,
        Level::Expert,
    ),
    ("UVWXYZ-wing", "uvwxyz-wing", 66, Level::Expert),
    ("forcing chain", "forcing-chain", 65, Level::Expert),
    ("TUVWXYZ-wing", "tuvwxyz-wing", 75, Level::Expert),
    (
        "aligned triple exclusion",
        "aligned-triple-exclusion",
        75,
        Level::Expert,
    ),
    ("nishio forcing chain", "nishio-chain", 75, Level::Expert),
    (
        "multiple forcing chain",
        "multiple-chain",
        80,
        Level::Expert,
    ),
    ("dynamic forcing chain", "dynamic-chain", 85, Level::Expert),
    (
        "dynamic forcing chain (+)",
        "dynamic-plus-chain",
        90,
        Level::Expert,
    ),
    ("nested forcing chain", "nested-chain", 95, Level::Expert),
    (
        "nested multiple forcing chain",
        "nested-multiple-chain",
        100,
        Level::Expert,
    ),
    (
        "nested dynamic forcing chain",
        "nested-dynamic-chain",
        105,
        Level::Expert,
    ),
    (
        "nested dynamic forcing chain (+)",
        "nested-dynamic-plus-chain",
        105,
        Level::Expert,
    ),
    (
        "doubly nested forcing chain",
        "nested-dynamic-nested-chain",
        105,
        Level::Expert,
    ),
    (
        "doubly nested multiple forcing chain",
        "nested-dynamic-nested-multiple-chain",
        105,
        Level::Expert,
    ),
];

/// The easiest step that makes progress on `p`: `None` when the ladder is stuck (or `p` is
/// solved).
pub fn next_step(p: &Pencil) -> Option<Step> {
    next_step_up_to(p, Technique::TOP)
}

/// [`next_step`] with the ladder up to `top`.
fn next_step_up_to(p: &Pencil, top: Technique) -> Option<Step> {
    // The singles that open the ladder need no view; the rest share one.
    let ladder = Technique::up_to(top);
    let first = ladder.iter().take_while(|t| t.is_single()).count();
    let (singles, rest) = ladder.split_at(first);
    let single = singles.iter().find_map(|&t| singles::first(p, t));
    single.or_else(|| {
        let view = LazyView::new(p);
        rest.iter().find_map(|t| t.find(&view))
    })
}

/// A score in tenths, as players write it: `2.3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Score(pub u16);

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// A puzzle's rating: the hardest technique its solution path needs, and how long the path is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rating {
    /// The technique of the highest-scoring step (the first, of equals); `None` when the
    /// clues fill the grid.
    pub hardest: Option<Technique>,
    /// The highest step score, in tenths: Sudoku Explainer's ER.
    pub score: u16,
    /// The highest step score up to the first step that places a digit: Explainer's EP
    /// (pearl); 0 before one does.
    pub pearl: u16,
    /// The first step's score: Explainer's ED (diamond); 0 before a step.
    pub diamond: u16,
    /// Steps taken: each placement, and each application of an elimination technique.
    pub steps: u32,
    /// Candidates left when the ladder stopped: 0 when it solved the puzzle.
    pub candidates_left: u32,
}

impl Rating {
    /// Whether the ladder solved the puzzle.
    pub(crate) fn finished(&self) -> bool {
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

    /// The highest step score, in tenths (0 for a full grid); `Score` writes it.
    pub fn score(&self) -> u16 {
        self.score
    }

    /// Counts `step`.
    pub fn took(&mut self, step: &Step) {
        self.took_many(step.technique, step.score, 1, step.placement.is_some());
    }

    /// Counts `steps` steps of `technique` scoring `score`, which place digits if `placed`.
    fn took_many(&mut self, technique: Technique, score: u16, steps: u32, placed: bool) {
        if self.hardest.is_none() || score > self.score {
            self.hardest = Some(technique);
            self.score = self.score.max(score);
        }
        self.steps += steps;
        if self.diamond == 0 {
            self.diamond = self.score;
        }
        if self.pearl == 0 && placed {
            self.pearl = self.score;
        }
    }
}

/// Rates a puzzle with one solution (see the module's note): applies the ladder until the grid
/// is full or no technique applies, each time the first technique in ladder order that makes
/// progress, as Sudoku Explainer does. Singles are applied a scan at a time (each one found in
/// a scan is still true after the others are placed), and the tiers of singles scoring no
/// more than the rating so far are scanned as one; this gives the same rating and the same
/// number of steps as the explainer's one-at-a-time path (a test checks it on every shipped
/// set), and is several times faster on the easy puzzles that make up most data sets.
pub fn rate(puzzle: &Grid) -> Result<Rating, Contradiction> {
    rate_up_to(puzzle, Technique::TOP)
}

/// [`rate`] with the ladder up to `top` (a puzzle that needs more is [`Level::Beyond`]): the
/// nested chains at its top take seconds a puzzle where they are needed, and longer where
/// even they fall short.
pub fn rate_up_to(puzzle: &Grid, top: Technique) -> Result<Rating, Contradiction> {
    let ladder = Technique::up_to(top);
    let mut p = Pencil::new(puzzle)?;
    let mut rating = Rating::default();
    'ladder: while p.empty() != 0 {
        // The singles scoring no more than the rating so far are one tier now: which of them
        // places a digit no longer changes the rating, and the cells they fill before the
        // next tier is needed are the same in any order (every single is a true digit).
        // A tier joins only while no other technique comes before it in the ladder (the
        // direct techniques sit among the singles): the path stays the explainer's.
        let used = ladder
            .iter()
            .take_while(|t| t.is_single() && rating.hardest.is_some() && t.score() <= rating.score)
            .count();
        let merged = &singles::TIERS[..used.max(1)];
        let placed = singles::place_all(&mut p, merged)?;
        if placed > 0 {
            let last = *merged.last().expect("a tier");
            rating.took_many(last, last.score(), placed, true);
            continue;
        }
        let next = {
            let view = LazyView::new(&p);
            ladder
                .iter()
                .filter(|t| !merged.contains(t))
                .find_map(|&t| match t.is_single() {
                    true => singles::first(&p, t).map(|_| (t, None)),
                    false => t.find(&view).map(|step| (t, Some(step))),
                })
        };
        match next {
            Some((t, None)) => {
                let placed = singles::place_all(&mut p, &[t])?;
                rating.took_many(t, t.score(), placed, true);
            }
            Some((_, Some(step))) => {
                rating.took(&step);
                step.apply(&mut p);
            }
            None => {
                rating.candidates_left = p.candidates_left();
                break 'ladder;
            }
        }
    }
    Ok(rating)
}

/// The steps that solve `puzzle`, one at a time, easiest first, and the pencil marks before
/// each. Ends when the grid is full or the ladder is stuck.
pub fn explain(puzzle: &Grid) -> Result<Explanation, Contradiction> {
    explain_up_to(puzzle, Technique::TOP)
}

/// [`explain`] with the ladder up to `top`.
pub fn explain_up_to(puzzle: &Grid, top: Technique) -> Result<Explanation, Contradiction> {
    Ok(Explanation {
        pencil: Pencil::new(puzzle)?,
        top,
    })
}

/// The chains behind `step`, a chain's step found on `p` (the pencil marks before it), as
/// Sudoku Explainer's views list them; none for a step of another technique. The search is
/// run again, keeping its chains this time: only `explain --chains` pays for them.
pub(crate) fn chains(p: &Pencil, step: &Step) -> Vec<ChainView> {
    let Some(kind) = forcing::Kind::of(step.technique) else {
        return Vec::new();
    };
    match forcing::find_traced(p, kind) {
        Some((traced, views)) if traced == *step => views,
        _ => unreachable!("the search finds the step it found before"),
    }
}

/// An iterator over a puzzle's steps (see [`explain`]); [`Explanation::pencil`] is the state
/// before the next one.
#[derive(Debug, Clone)]
pub struct Explanation {
    pencil: Pencil,
    top: Technique,
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
        let step = next_step_up_to(&self.pencil, self.top)?;
        step.apply(&mut self.pencil);
        Some(step)
    }
}

#[cfg(test)]
mod tests;
