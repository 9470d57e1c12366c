#!/usr/bin/env bash
# Our engine and tdoku side by side, one thread on one pinned core: for each set and mode,
# rounds alternate between the two, and each keeps its best round (puzzles/s). tdoku is built
# here from a checkout of https://github.com/t-dillon/tdoku that you give (nothing of it is
# copied into this repository), with scripts/tdoku/driver.cc.
#
# Usage: scripts/tdoku-side-by-side.sh TDOKU_DIR [SET.txt...]   (default: ../shared/data/txt/*.txt)
# Environment: ROUNDS (default 5), CORE (default 1), CXX (default clang++ if found, else g++),
#   CXXFLAGS (default -O3 -march=native, as tdoku's own build; -mavx without popcnt was
#   10-30% slower here),
#   BIN (default target/release/sudoku-batch, built if missing).
# Prints the compiler that built tdoku, then a Markdown table: set, mode, ours, tdoku (each
# one's best round), the ratio of the bests, the median of the rounds' own ratios (each round
# runs the two back to back, so a slow spell of the machine hits both: the steadier figure on a
# noisy machine), guesses per puzzle.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n '2,12p' "$0"; exit 2; }
tdoku=$1; shift
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(../shared/data/txt/*.txt)
rounds=${ROUNDS:-5}
core=${CORE:-1}
cxx=${CXX:-$(command -v clang++ || echo g++)}
bin=${BIN:-target/release/sudoku-batch}
[ -x "$bin" ] || cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2086
"$cxx" ${CXXFLAGS:--O3 -march=native} -std=c++17 -I"$tdoku/include" -I"$tdoku/src" \
  scripts/tdoku/driver.cc "$tdoku/src/solver_dpll_triad_simd.cc" "$tdoku/src/util.cc" \
  -o "$work/tdoku"
pin=(taskset -c "$core")
command -v taskset > /dev/null || pin=()
# Which compiler built tdoku decides 5-10% of its speed (clang is its own build's choice and
# the faster one): say which, so that a table never hides a slower tdoku.
echo "tdoku built by $("$cxx" --version | head -1), flags: ${CXXFLAGS:--O3 -march=native}"
echo

echo "| set | mode | ours, puzzles/s | tdoku, puzzles/s | ours / tdoku | median of rounds | guesses/puzzle, ours | guesses/puzzle, tdoku |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for set in "${sets[@]}"; do
  for mode in unique first; do
    limit=$([ "$mode" = unique ] && echo 2 || echo 1)
    ours=0 theirs=0 ours_g="" theirs_g="" pairs=""
    for _ in $(seq "$rounds"); do
      "${pin[@]}" "$bin" bench "$set" -m "$mode" -j1 -r 1 -w 0 --json "$work/ours.json" > /dev/null
      read -r rate g < <(python3 -c 'import json,sys
r = json.load(open(sys.argv[1]))["results"][0]
print(r["puzzles_per_second"], r["guesses"]["mean"])' "$work/ours.json")
      ours=$(python3 -c "print(max($ours, $rate))"); ours_g=$g
      ours_round=$rate
      read -r _n rate g _m < <("${pin[@]}" "$work/tdoku" "$set" "$limit" 1)
      theirs=$(python3 -c "print(max($theirs, $rate))"); theirs_g=$g
      pairs="$pairs $(python3 -c "print($ours_round / $rate)")"
    done
    python3 -c "import statistics, sys
name, mode, a, b, ga, gb, pairs = sys.argv[1:]
median = statistics.median(map(float, pairs.split()))
print(f'| {name} | {mode} | {float(a):,.0f} | {float(b):,.0f} | {float(a) / float(b):.2f} | {median:.2f} | {float(ga):.2f} | {float(gb):.2f} |')" \
      "$(basename "$set" .txt)" "$mode" "$ours" "$theirs" "$ours_g" "$theirs_g" "$pairs"
  done
done
