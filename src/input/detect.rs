//! Layout detection: each layout looks at a sample of the input's first lines and says whether,
//! and how well, it fits; the best fit wins, ties going to the earlier layout in
//! [`super::LAYOUTS`].

use super::{LAYOUTS, Layout, LineEnd, Options, Skip};
use anyhow::bail;
use std::sync::Arc;

/// Lines (not blank) in a detection sample, at most.
pub const SAMPLE_LINES: usize = 64;
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
    pub fn has_room(&self, len: usize) -> bool {
        let held: usize = self.lines.iter().map(|(_, t)| t.len()).sum();
        self.lines.is_empty() || (self.lines.len() < SAMPLE_LINES && held + len <= SAMPLE_BYTES)
    }

    /// True when line `no` went past the line limit.
    pub fn is_too_long(&self, no: u64) -> bool {
        self.too_long.contains(&no)
    }

    /// The sampled lines that are not `#` comments.
    pub fn uncommented(&self) -> impl Iterator<Item = &(u64, Vec<u8>)> {
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
    pub layout: Arc<dyn Layout>,
    pub fit: Fit,
    /// Sampled lines the layout skips because of where they are (a header, a title, comment
    /// lines before a CSV header), with the reason.
    pub skips: Vec<(u64, Skip)>,
}

impl Detected {
    pub fn new(layout: impl Layout + 'static, fit: Fit) -> Detected {
        Detected {
            layout: Arc::new(layout),
            fit,
            skips: Vec::new(),
        }
    }

    pub fn skipping(mut self, line: u64, why: Skip) -> Detected {
        self.skips.push((line, why));
        self
    }
}

/// The layout of an input whose first lines are `sample`.
pub fn detect(sample: &Sample, options: &Options) -> anyhow::Result<Detected> {
    if let Some(name) = &options.format {
        let Some(kind) = LAYOUTS.iter().find(|k| k.name == name) else {
            bail!("unknown format {name:?}");
        };
        return match (kind.detect)(sample, options, true)? {
            Some(found) => Ok(found),
            None => bail!("the input is not in the {name} layout"),
        };
    }
    let mut best: Option<Detected> = None;
    let mut complaint = None;
    for kind in &LAYOUTS {
        match (kind.detect)(sample, options, false) {
            Ok(Some(found)) => {
                if best.as_ref().is_none_or(|b| found.fit > b.fit) {
                    best = Some(found);
                }
            }
            Ok(None) => {}
            // A layout that recognised the input but cannot read it (a CSV without a puzzle
            // column) speaks only when no other layout reads it.
            Err(e) => {
                complaint.get_or_insert(e);
            }
        }
    }
    match (best, complaint) {
        (Some(found), _) => Ok(found),
        (None, Some(e)) => Err(e),
        // Nothing fits (no line at all, or none any layout reads): one puzzle per line, so that
        // every line is answered, malformed where it is not a puzzle.
        (None, None) => Ok(super::lines::plain()),
    }
}
