#!/usr/bin/env bash
# Instructions the engine executes, two builds side by side: callgrind's count of
# `bench SET -m MODE -j1 -r 1 -w 0` for each set and mode. Unlike a timing, the count does not
# move with the machine's load, so a change of a few percent shows on a noisy machine too (it
# cannot show what caches and branch prediction do: pair it with an alternating timing).
# Usage: scripts/instructions-ab.sh OLD_BIN NEW_BIN SET...   (modes: MODES, default
#   "unique first"). Prints set, mode, the two counts and the change. Skips cleanly without
#   valgrind. Sets of 10,000 puzzles or fewer keep each count under a minute.
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,8p' "$0"; exit 2; }
command -v valgrind > /dev/null || { echo "skipping: valgrind not installed"; exit 0; }
old=$1 new=$2
shift 2
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" bench "$2" -m "$3" -j1 -r 1 -w 0 2>&1 > /dev/null |
    sed -n 's/.*refs: *//p' | tr -d ,
}
printf '%-36s %-6s %10s %10s %8s\n' set mode old new change
for set in "$@"; do
  for mode in ${MODES:-unique first}; do
    a=$(count "$old" "$set" "$mode")
    b=$(count "$new" "$set" "$mode")
    awk -v s="$(basename "$set" .txt)" -v m="$mode" -v a="$a" -v b="$b" \
      'BEGIN {printf "%-36s %-6s %9.0fM %9.0fM %+7.1f%%\n", s, m, a / 1e6, b / 1e6, (b / a - 1) * 100}'
  done
done
