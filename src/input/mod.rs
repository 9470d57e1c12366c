//! Input: opening sources, detecting their format, and framing them into chunks of records.
//!
//! The reader thread only frames (finds where each record starts and ends); the solver workers
//! parse each record's text (see [`crate::record`]), so that the parsing runs in parallel too.

mod detect;
mod frame;
pub mod source;

pub use detect::{CsvLayout, Format, GridStyle, Layout, detect};
pub use frame::{Chunk, Flaw, Framer, RawRecord};
pub use source::InputPath;

use anyhow::Context;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// Opens an input and works out its layout: the first step of every run over it. Bytes read
/// are added to `consumed` (for progress).
pub fn open(
    input: &InputPath,
    format: Option<Format>,
    column: Option<&str>,
    consumed: Arc<AtomicU64>,
) -> anyhow::Result<(Framer, Layout)> {
    let name = input.display_name();
    let (reader, size) =
        source::open(input, consumed).with_context(|| format!("cannot read {name}"))?;
    let mut framer = Framer::new(reader, name.clone(), size);
    let layout =
        detect(&mut framer, format, column).with_context(|| format!("cannot read {name}"))?;
    Ok((framer, layout))
}
