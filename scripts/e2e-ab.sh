#!/usr/bin/env bash
# A/B of two builds on the whole job: file in -> CSV answer key out (-o), stats on, the two
# binaries alternating run by run so that machine noise hits both alike.
# Usage: scripts/e2e-ab.sh OLD_BIN NEW_BIN [RUNS] [FILE...]
#   (default: 7 runs; 17-clue and 11+ from ../shared/data/txt). Extra solve flags go in
#   SOLVE_FLAGS. Prints, per file and thread count, the median puzzles/s of each and NEW/OLD.
#   Each run is timed from outside (process start to exit), so that two builds whose own
#   clocks start at different points still compare alike.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,6p' "$0"; exit 2; }
old=$1 new=$2
runs=${3:-7}
shift 2; shift || true
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(../shared/data/txt/17_clue.txt ../shared/data/txt/forum_hardest_1905_11plus.txt)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
records() { sed -n 's/.*"records": \([0-9]*\).*/\1/p' "$1"; }
now() { date +%s%N; }
printf '%-32s %3s %10s %10s %8s\n' file -j old/s new/s new/old
for f in "${files[@]}"; do
  [ -f "$f" ] || { echo "skipping $f: not present"; continue; }
  for j in 1 2; do
    : > "$tmp/old"; : > "$tmp/new"
    for _ in $(seq "$runs"); do
      for side in old new; do
        rm -f "$tmp/out.csv"
        t0=$(now)
        # shellcheck disable=SC2086
        "${!side}" solve "$f" -j$j -o "$tmp/out.csv" --stats "$tmp/stats.json" -q ${SOLVE_FLAGS:-}
        t1=$(now)
        awk -v n="$(records "$tmp/stats.json")" -v ns=$((t1 - t0)) 'BEGIN {print n / ns * 1e9}' >> "$tmp/$side"
      done
    done
    o=$(median < "$tmp/old"); n=$(median < "$tmp/new")
    printf '%-32s %3s %10.0f %10.0f %8.3f\n' "$(basename "$f")" "$j" "$o" "$n" \
      "$(awk -v a="$n" -v b="$o" 'BEGIN {print a / b}')"
  done
done
