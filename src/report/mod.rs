//! What a run reports, and how: the stats of `solve`, `rate`, `canon` and `generate` (a table
//! and JSON), the bench's measurements, charts, and the CPU clocks that say where time went.
//! Below the runner: `run` fills these in, nothing here runs anything.

#[doc(hidden)]
pub(crate) mod bench;
#[doc(hidden)]
pub(crate) mod cpu;
pub(crate) mod distribution;
#[doc(hidden)]
pub mod plot;
pub(crate) mod stats;
