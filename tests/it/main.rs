//! Integration tests: one binary, one module per area.

mod bench;
mod canon;
mod cli;
mod documents;
mod edges;
mod engine;
mod framing;
mod generate;
mod hardening;
mod house;
mod layouts;
mod logic;
mod rate;
mod real_files;
mod safety;
mod shard;
mod support;
mod vocabulary;
