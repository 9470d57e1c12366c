#!/usr/bin/env bash
# Two builds of the engine timed side by side: for each set and mode, ROUNDS alternations (in
# ABBA order, so that neither build always runs second) of `bench SET -j1 -r 3 -w 0` on one
# pinned core. Prints each build's best rate and, the steadier figure on a noisy machine, the
# median of the rounds' NEW/OLD ratios (each pair of runs is seconds apart).
# Usage: scripts/engine-ab.sh OLD_BIN NEW_BIN SET...   (ROUNDS default 9, CORE default 1,
#   MODES default "unique first")
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,7p' "$0"; exit 2; }
old=$1 new=$2
shift 2
rounds=${ROUNDS:-9}
pin=(taskset -c "${CORE:-1}")
command -v taskset > /dev/null || pin=()
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rate() {
  "${pin[@]}" "$1" bench "$2" -m "$3" -j1 -r 3 -w 0 --json "$work/bench.json" > /dev/null
  python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
# Builds before 2026-12-06 gave the rate as {median, min, max}.
print(r["puzzles_per_second_max"] if "puzzles_per_second_max" in r else r["puzzles_per_second"]["max"])' "$work/bench.json"
}
printf '%-36s %-6s %12s %12s %10s %14s\n' set mode old/s new/s best-ratio median-of-pairs
for set in "$@"; do
  for mode in ${MODES:-unique first}; do
    : > "$work/pairs"
    for r in $(seq "$rounds"); do
      if [ $((r % 2)) = 1 ]; then
        a=$(rate "$old" "$set" "$mode"); b=$(rate "$new" "$set" "$mode")
      else
        b=$(rate "$new" "$set" "$mode"); a=$(rate "$old" "$set" "$mode")
      fi
      echo "$a $b" >> "$work/pairs"
    done
    python3 - "$work/pairs" "$(basename "$set" .txt)" "$mode" << 'EOF'
import statistics, sys
pairs = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
best_old, best_new = max(a for a, _ in pairs), max(b for _, b in pairs)
median = statistics.median(b / a for a, b in pairs)
print(f"{sys.argv[2]:36s} {sys.argv[3]:6s} {best_old:12,.0f} {best_new:12,.0f} {best_new / best_old:10.3f} {median:14.3f}")
EOF
  done
done
