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
