//! Integration tests: one binary, one module per area.

mod bench;
mod cli;
mod engine;
mod hardening;
mod support;
