#!/usr/bin/env bash
# Mutation testing with cargo-mutants over the files that decide answers and reports: each
# mutant (a changed operator, a function returning a default) that every test still passes
# is a gap in the tests, or an equivalent change to name. Results in mutants.out/ (missed.txt,
# caught.txt, timeout.txt, unviable.txt).
# Usage: scripts/mutants.sh [FILE_GLOB...]   (default: the list below; about 1,800 mutants, hours
#   on 2 cores: give the files a change touched). Extra cargo-mutants flags go in MUTANTS_FLAGS.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-mutants > /dev/null || cargo install --locked cargo-mutants
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(src/grid.rs src/record/verdict.rs src/run/answer.rs src/report/stats.rs
  'src/output/*.rs' 'src/input/*.rs' 'src/solver/*.rs' src/run/shard.rs)
args=()
for f in "${files[@]}"; do args+=(--file "$f"); done
# shellcheck disable=SC2086
exec cargo mutants --package sudoku-batch "${args[@]}" --test-tool nextest ${MUTANTS_FLAGS:-}
