#!/usr/bin/env bash
# End-to-end throughput: file in -> CSV answer key out, stats on, unique mode.
# Usage: scripts/e2e-bench.sh [RUNS] [FILE...]   (default: 5 runs; 17-clue and 11+ from ../shared)
# Prints, per file and thread count, the median puzzles/s over RUNS (runs alternate -j1/-j2 so
# machine noise hits both), and the -j2/-j1 ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
shift || true
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(../shared/data/txt/17_clue.txt ../shared/data/txt/forum_hardest_1905_11plus.txt)
cargo build --release --quiet
bin=target/release/sudoku-batch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
rate() { sed -n 's/.*"puzzles_per_second": \([0-9.]*\).*/\1/p' "$1"; }
printf '%-40s %12s %12s %8s\n' file j1/s j2/s j2/j1
for f in "${files[@]}"; do
  [ -f "$f" ] || { echo "skipping $f: not present"; continue; }
  : > "$tmp/j1"; : > "$tmp/j2"
  for _ in $(seq "$runs"); do
    for j in 1 2; do
      "$bin" solve "$f" -j$j -o "$tmp/out.csv" --stats "$tmp/stats.json" -q
      rate "$tmp/stats.json" >> "$tmp/j$j"
    done
  done
  j1=$(median < "$tmp/j1"); j2=$(median < "$tmp/j2")
  printf '%-40s %12.0f %12.0f %8.2f\n' "$(basename "$f")" "$j1" "$j2" "$(awk -v a="$j2" -v b="$j1" 'BEGIN {print a / b}')"
done
