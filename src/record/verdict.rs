//! What the batch says about one record.

use crate::solver::Status;

/// A record's status in the answer key and the stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// Answered: exactly one solution (`unique`, `count`), or one found (`first`, `lexmin`).
    Solved,
    /// Two or more solutions (`unique`, `count`).
    Multiple,
    /// No solution, though no two clues clash.
    Unsolvable,
    /// Two clues break a rule.
    Invalid,
    /// The text is not a puzzle.
    Malformed,
    /// With `--verify`: the answer disagrees with the solution given in the input.
    Mismatch,
    /// With `--max-guesses`: the search gave up on this puzzle.
    Timeout,
    /// `canon` (without `--solution`): put in its canonical form, not solved; its clues do
    /// not clash.
    Canonical,
}

impl Verdict {
    /// Every verdict, in the order of the stats and the answer keys' documentation.
    pub const ALL: [Verdict; 8] = [
        Verdict::Solved,
        Verdict::Multiple,
        Verdict::Unsolvable,
        Verdict::Invalid,
        Verdict::Malformed,
        Verdict::Mismatch,
        Verdict::Timeout,
        Verdict::Canonical,
    ];

    /// The name written in answer keys, stats and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Multiple => "multiple",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Invalid => "invalid",
            Verdict::Malformed => "malformed",
            Verdict::Mismatch => "mismatch",
            Verdict::Timeout => "timeout",
            Verdict::Canonical => "canonical",
        }
    }

    /// Records that turn the exit code to 1: the input or the given solutions are wrong.
    pub(crate) fn is_bad(self) -> bool {
        matches!(
            self,
            Verdict::Invalid | Verdict::Malformed | Verdict::Mismatch
        )
    }
}

impl From<Status> for Verdict {
    fn from(status: Status) -> Verdict {
        match status {
            Status::Solved => Verdict::Solved,
            Status::Multiple => Verdict::Multiple,
            Status::Unsolvable => Verdict::Unsolvable,
            Status::Invalid => Verdict::Invalid,
            Status::Timeout => Verdict::Timeout,
        }
    }
}
