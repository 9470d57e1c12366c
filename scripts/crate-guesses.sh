#!/usr/bin/env bash
# Guesses per puzzle of the `sudoku` crate 0.8 (the peer in benches/peer.rs), which its API does
# not report: builds a throw-away copy of the crate from cargo's registry with a counter added
# where it copies its state to try a candidate, and runs it over the given files in `unique`
# (up to 2 solutions) and `first` (up to 1) modes. Nothing of the crate enters this repository.
# The count matches ours (every candidate tried on a copy, the last one tried in place), but for
# the crate's rare guesses on a cell of three or more candidates, where it copies for each.
# Usage: scripts/crate-guesses.sh FILE...   (e.g. ../shared/data/txt/*.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fetch --quiet
src=$(find "${CARGO_HOME:-$HOME/.cargo}/registry/src" -maxdepth 2 -type d -name 'sudoku-0.8.*' | sort | tail -1)
[ -n "$src" ] || { echo "the sudoku crate 0.8 is not in cargo's registry" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$src" "$tmp/sudoku"
python3 - "$tmp/sudoku/src" <<'PY'
import sys
src = sys.argv[1]
count = "crate::GUESSES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);\n"
s = open(f"{src}/solver.rs").read()
for copy in ["                        first = false;\n", "            if self.poss_cells[subband] & unsolved_cell != NONE {\n"]:
    assert s.count(copy) == 1, copy
    s = s.replace(copy, copy + count)
open(f"{src}/solver.rs", "w").write(s)
s = open(f"{src}/lib.rs").read()
s = s.replace("pub mod bitset;", "pub static GUESSES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);\npub mod bitset;", 1)
open(f"{src}/lib.rs", "w").write(s)
PY
mkdir -p "$tmp/count/src"
cat > "$tmp/count/Cargo.toml" <<'TOML'
[package]
name = "crate-guesses"
version = "0.0.0"
edition = "2021"
[dependencies]
sudoku = { path = "../sudoku" }
[profile.release]
lto = true
TOML
cat > "$tmp/count/src/main.rs" <<'RS'
use std::sync::atomic::Ordering;
fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzles: Vec<sudoku::Sudoku> = text
            .lines()
            .filter(|l| l.len() == 81)
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap())
            .collect();
        for (mode, limit) in [("unique", 2), ("first", 1)] {
            sudoku::GUESSES.store(0, Ordering::Relaxed);
            let mut buf = [[0u8; 81]; 2];
            for p in &puzzles {
                p.solutions_up_to_buffer(&mut buf, limit);
            }
            let per = sudoku::GUESSES.load(Ordering::Relaxed) as f64 / puzzles.len() as f64;
            let name = path.rsplit('/').next().unwrap();
            println!("{name:40} {mode:7} {per:8.2} guesses/puzzle");
        }
    }
}
RS
files=()
for f in "$@"; do files+=("$(realpath "$f")"); done
(cd "$tmp/count" && RUSTFLAGS="--cap-lints allow" cargo run --release --quiet -- "${files[@]}")
