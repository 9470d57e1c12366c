//! The streaming, ordered, parallel runner: inputs read in chunks, answered on the workers
//! ([`answer`]), put back in input order ([`ordered`]) and written whole or not at all
//! ([`target`], `sink`, [`cleanup`]), with progress, shards and the messages on stderr.
//! [`pipeline::run`] is its entry point, for the binary and Python.

#[doc(hidden)]
pub mod answer;
#[doc(hidden)]
pub mod cleanup;
#[doc(hidden)]
pub(crate) mod clock;
#[doc(hidden)]
pub mod complaints;
#[doc(hidden)]
pub mod files;
#[doc(hidden)]
pub mod ordered;
pub mod pipeline;
#[doc(hidden)]
pub(crate) mod progress;
pub mod shard;
#[doc(hidden)]
pub(crate) mod sink;
pub mod target;
