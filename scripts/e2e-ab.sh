#!/usr/bin/env bash
# A/B of two builds on the whole job: file in -> CSV answer key out (-o), stats on, the two
# binaries alternating run by run so that machine noise hits both alike.
# Usage: scripts/e2e-ab.sh OLD_BIN NEW_BIN [RUNS] [FILE...]
#   (default: 7 runs; 17-clue and 11+ from ../shared/data/txt). Extra solve flags go in
#   SOLVE_FLAGS. Prints, per file and thread count, the median puzzles/s of each and NEW/OLD;
#   then the median over the pairs (one run of each, back to back) of NEW's speed over OLD's,
#   and of OLD's CPU time (user + system) over NEW's: above 1, NEW is faster or cheaper. A
#   pair's runs are seconds apart, so the pairs' medians are the steadier figures on a noisy
#   machine, and the CPU time shows work saved off the critical path too.
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
# The CPU time of each run, from bash's own `time`: user + system, in seconds.
TIMEFORMAT='%U %S'
printf '%-32s %3s %10s %10s %8s %11s %11s\n' file -j old/s new/s new/old 'pairs:speed' 'pairs:cpu'
for f in "${files[@]}"; do
  [ -f "$f" ] || { echo "skipping $f: not present"; continue; }
  for j in 1 2; do
    : > "$tmp/old"; : > "$tmp/new"
    for _ in $(seq "$runs"); do
      for side in old new; do
        rm -f "$tmp/out.csv"
        t0=$(now)
        # shellcheck disable=SC2086
        { time "${!side}" solve "$f" -j$j -o "$tmp/out.csv" --stats "$tmp/stats.json" -q ${SOLVE_FLAGS:-}; } 2> "$tmp/cpu"
        t1=$(now)
        awk -v n="$(records "$tmp/stats.json")" -v ns=$((t1 - t0)) -v cpu="$(cat "$tmp/cpu")" \
          'BEGIN {split(cpu, c, " "); print n / ns * 1e9, c[1] + c[2]}' >> "$tmp/$side"
      done
    done
    o=$(cut -d' ' -f1 "$tmp/old" | median); n=$(cut -d' ' -f1 "$tmp/new" | median)
    speed=$(paste -d' ' "$tmp/old" "$tmp/new" | awk '{print $3 / $1}' | median)
    cpu=$(paste -d' ' "$tmp/old" "$tmp/new" | awk '{print $2 / $4}' | median)
    printf '%-32s %3s %10.0f %10.0f %8.3f %11.3f %11.3f\n' "$(basename "$f")" "$j" "$o" "$n" \
      "$(awk -v a="$n" -v b="$o" 'BEGIN {print a / b}')" "$speed" "$cpu"
  done
done
