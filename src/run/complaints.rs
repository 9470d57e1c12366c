//! Messages about records, for stderr: `FILE:LINE: why`, capped so that a flood of one
//! complaint does not bury the rest (the first `CAP` of each kind, then a count per kind at
//! the end; a puzzle of another size once per input). Every record's status is in the answer
//! key whatever is shown here.
//!
//! Stderr is for people: when it cannot be written (closed, full), messages are dropped and
//! counted, and the run goes on. Nothing written there decides what lands in the answer key.

use crate::run::answer::Complaint;
use std::collections::{BTreeMap, HashSet};
use std::io::Write;

/// Complaints of one kind shown before the rest are only counted.
pub(crate) const CAP: u64 = 20;

/// Writes to stderr without ever failing: what cannot be written is counted.
#[derive(Debug, Default)]
pub struct Stderr {
    /// Messages that could not be written.
    pub lost: u64,
}

impl Stderr {
    /// Writes `text` (whole lines) to stderr, or counts it lost. Text from the input that it
    /// quotes cannot move the terminal: control characters are escaped (see
    /// [`crate::names::harmless`]).
    pub fn say(&mut self, text: &[u8]) {
        if std::io::stderr()
            .write_all(&crate::names::harmless(text))
            .is_err()
        {
            self.lost += 1;
        }
    }
}

/// The cap's state over a run.
#[derive(Debug, Default)]
pub(crate) struct Complaints {
    /// Complaints seen, and shown, per kind.
    seen: BTreeMap<&'static str, (u64, u64)>,
    /// Inputs already told that their puzzles are of another size.
    sized: HashSet<usize>,
}

impl Complaints {
    /// The line to show for complaint `c` about input `input` (named `name`), if it is shown.
    pub(crate) fn line(&mut self, input: usize, name: &str, c: &Complaint) -> Option<String> {
        let (seen, shown) = self.seen.entry(c.kind).or_default();
        *seen += 1;
        let show = if c.once_per_input {
            self.sized.insert(input)
        } else {
            *shown < CAP
        };
        if !show {
            return None;
        }
        *shown += 1;
        let also = if c.once_per_input {
            " (said once per input; each such record is malformed)"
        } else {
            ""
        };
        Some(format!("{name}:{}: {}{also}\n", c.line, c.text))
    }

    /// One line per kind of which some complaints were not shown.
    pub(crate) fn summary(&self) -> String {
        let mut out = String::new();
        for (kind, &(seen, shown)) in &self.seen {
            if seen > shown {
                out += &format!(
                    "... and {} more `{kind}` complaints not shown (each record's status is in the answer key)\n",
                    seen - shown
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complaint(line: u64, kind: &'static str, once: bool) -> Complaint {
        Complaint {
            line,
            kind,
            once_per_input: once,
            text: format!("{kind} here"),
        }
    }

    #[test]
    fn shows_the_first_of_each_kind_then_counts() {
        let mut c = Complaints::default();
        let shown = (1..=30)
            .filter(|&i| c.line(0, "f", &complaint(i, "too short", false)).is_some())
            .count();
        assert_eq!(shown as u64, CAP);
        assert_eq!(
            c.line(0, "f", &complaint(31, "invalid", false)).as_deref(),
            Some("f:31: invalid here\n")
        );
        assert_eq!(
            c.summary(),
            "... and 10 more `too short` complaints not shown (each record's status is in the answer key)\n"
        );
    }

    #[test]
    fn other_sizes_once_per_input() {
        let mut c = Complaints::default();
        assert!(c.line(0, "a", &complaint(1, "other size", true)).is_some());
        assert!(c.line(0, "a", &complaint(2, "other size", true)).is_none());
        assert!(c.line(1, "b", &complaint(1, "other size", true)).is_some());
        assert!(c.summary().contains("1 more `other size`"));
    }
}
