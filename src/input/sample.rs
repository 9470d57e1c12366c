//! What layouts are detected by: a sample of an input's first lines, and each layout's answer
//! (how well it fits, and the lines it skips). Below every layout and the detection that
//! chooses among them.

use super::{Layout, LineEnd, Skip};
use std::sync::Arc;

/// Lines (not blank) in a detection sample, at most.
pub(crate) const SAMPLE_LINES: usize = 64;
/// Bytes of text in a detection sample, at most (at least one line is always taken).
const SAMPLE_BYTES: usize = 2 << 20;

/// The first lines of an input that are not blank (blank ones are not kept, so that any
/// number of them costs no memory): what detection looks at.
#[derive(Debug, Default)]
pub struct Sample {
    /// Line number (1-based) and text, in order.
    pub lines: Vec<(u64, Vec<u8>)>,
    /// Line numbers of sampled lines that went past [`super::MAX_LINE`].
    pub too_long: Vec<u64>,
}

impl Sample {
    /// True when the sample can take one more line of `len` bytes.
    pub(crate) fn has_room(&self, len: usize) -> bool {
        let held: usize = self.lines.iter().map(|(_, t)| t.len()).sum();
        self.lines.is_empty() || (self.lines.len() < SAMPLE_LINES && held + len <= SAMPLE_BYTES)
    }

    /// True when line `no` went past the line limit.
    pub(crate) fn is_too_long(&self, no: u64) -> bool {
        self.too_long.contains(&no)
    }

    /// The sampled lines that are not `#` comments.
    pub(crate) fn uncommented(&self) -> impl Iterator<Item = &(u64, Vec<u8>)> {
        self.lines.iter().filter(|(_, t)| !super::is_comment(t))
    }

    pub(super) fn note(&mut self, no: u64, end: LineEnd) {
        if end == LineEnd::TooLong {
            self.too_long.push(no);
        }
    }
}

/// How well a layout fits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fit {
    /// It reads the sample, but another reading is possible (a CSV column found by content, a
    /// title line before the puzzles).
    Likely,
    /// The sample leaves no doubt (81 cells at the start of a line, a known column name).
    Certain,
}

/// A layout fitted to one input.
#[derive(Debug, Clone)]
pub struct Detected {
    /// The layout.
    pub layout: Arc<dyn Layout>,
    /// How surely it fits.
    pub fit: Fit,
    /// Sampled lines the layout skips because of where they are (a header, a title, comment
    /// lines before a CSV header), with the reason.
    pub skips: Vec<(u64, Skip)>,
}

impl Detected {
    /// `layout`, fitting `fit`ly, with no line skipped for where it is.
    pub(crate) fn new(layout: impl Layout + 'static, fit: Fit) -> Detected {
        Detected {
            layout: Arc::new(layout),
            fit,
            skips: Vec::new(),
        }
    }

    /// The same, with sampled line `line` skipped for `why`.
    pub(crate) fn skipping(mut self, line: u64, why: Skip) -> Detected {
        self.skips.push((line, why));
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_holds_64_lines_or_2_mib_but_always_one_line() {
        let mut sample = Sample::default();
        assert!(
            sample.has_room(SAMPLE_BYTES + 1),
            "the first line, however long"
        );
        for no in 1..SAMPLE_LINES as u64 {
            sample.lines.push((no, b"x".to_vec()));
            assert!(sample.has_room(1), "{no} lines");
        }
        sample.lines.push((64, b"x".to_vec()));
        assert!(!sample.has_room(1), "64 lines");
        let mut big = Sample::default();
        big.lines.push((1, vec![b'x'; SAMPLE_BYTES - 10]));
        assert!(big.has_room(10));
        assert!(!big.has_room(11));
    }
}
