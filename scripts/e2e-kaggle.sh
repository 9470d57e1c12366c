#!/usr/bin/env bash
# The whole job on the data sets people actually have: one million Kaggle rows
# (../shared/data/csv/kaggle_quizzes_solutions_20k.csv fifty times), as CSV with --verify and
# as lines, answer key to a file, against the engine alone on the same puzzles (`bench`:
# loaded first, nothing parsed, checked or written). Runs alternate, so machine noise hits all.
# Usage: scripts/e2e-kaggle.sh [RUNS] [BIN]   (default: 5 runs; target/release/sudoku-batch)
# Prints the median puzzles/s of each (each run timed from outside, process start to exit) and
# the ratios the runner is judged by: -j1 over the engine on 1 thread, and -j2 over -j1, both
# as ratios of the medians and as medians of the rounds' own ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
bin=${2:-target/release/sudoku-batch}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scripts/kaggle-million.sh "$tmp/big.csv" || exit 0
[ "$bin" != target/release/sudoku-batch ] || cargo build --release --quiet
tail -n +2 "$tmp/big.csv" | cut -d, -f1 > "$tmp/big.txt"
n=$(wc -l < "$tmp/big.txt")
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s%N; }
timed() { local t0 t1; t0=$(now); "$@"; t1=$(now); awk -v n="$n" -v ns=$((t1 - t0)) 'BEGIN {print n / ns * 1e9}'; }
engine() { "$bin" bench "$tmp/big.txt" -j"$1" --repeat 1 --warmup 0.2 --json "$tmp/bench.json" > /dev/null 2>&1
  sed -n 's/.*"puzzles_per_second": \([0-9.]*\).*/\1/p' "$tmp/bench.json"; }
for k in csv1 csv2 txt1 txt2 eng1 eng2; do : > "$tmp/$k"; done
for _ in $(seq "$runs"); do
  for j in 1 2; do
    rm -f "$tmp/key.csv" "$tmp/key.txt"
    timed "$bin" solve "$tmp/big.csv" --verify -j$j -o "$tmp/key.csv" -q >> "$tmp/csv$j"
    timed "$bin" solve "$tmp/big.txt" -j$j -o "$tmp/key.txt" -q >> "$tmp/txt$j"
    engine $j >> "$tmp/eng$j"
  done
done
e1=$(median < "$tmp/eng1"); e2=$(median < "$tmp/eng2")
printf 'engine alone: -j1 %.0f/s  -j2 %.0f/s\n' "$e1" "$e2"
# The ratios of the medians, and the medians of each round's own ratios: a round's runs are
# seconds apart, so a slow spell of the machine hits all of them (the steadier figure here).
per_round() { paste "$1" "$2" | awk '{print $1 / $2}' | median; }
printf '%-6s %10s %10s %10s %10s %12s %16s %12s\n' layout j1/s j2/s j1/engine j2/j1 j2/engine-j2 \
  'rounds:j1/engine' 'rounds:j2/j1'
for l in csv txt; do
  a=$(median < "$tmp/${l}1"); b=$(median < "$tmp/${l}2")
  printf '%-6s %10.0f %10.0f %10.2f %10.2f %12.2f %16.2f %12.2f\n' "$l" "$a" "$b" \
    "$(awk -v x="$a" -v y="$e1" 'BEGIN {print x / y}')" "$(awk -v x="$b" -v y="$a" 'BEGIN {print x / y}')" \
    "$(awk -v x="$b" -v y="$e2" 'BEGIN {print x / y}')" \
    "$(per_round "$tmp/${l}1" "$tmp/eng1")" "$(per_round "$tmp/${l}2" "$tmp/${l}1")"
done
