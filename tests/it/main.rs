//! Integration tests: one binary, one module per area.

mod cli;
mod engine;
mod support;
