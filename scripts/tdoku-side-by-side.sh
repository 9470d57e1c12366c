#!/usr/bin/env bash
# Our engine and tdoku side by side, one thread on one pinned core, measured the same way: in
# each round each side loads the set, solves it once untimed (ours verifies every solution in
# that pass; tdoku's driver only warms up), then PASSES timed times, and keeps its best pass.
# The two alternate who goes first from round to round, so that neither always runs on a
# machine the other has just warmed or heated. tdoku is built here from a checkout of
# https://github.com/t-dillon/tdoku that you give (nothing of it is copied into this
# repository), with scripts/tdoku/driver.cc.
#
# Usage: scripts/tdoku-side-by-side.sh TDOKU_DIR [SET.txt...]   (default: ../shared/data/txt/*.txt)
# Environment: ROUNDS (default 7), PASSES (timed passes per side per round, default 2),
#   CORE (default 1), CXX (default clang++ if found, else g++), CXXFLAGS (default -O3
#   -march=native, as tdoku's own build; -mavx without popcnt was 10-30% slower here),
#   BIN (default target/release/sudoku-batch, built if missing).
# Prints the compiler that built tdoku, then a Markdown table: set, mode, ours, tdoku (each
# one's best round, puzzles/s), the ratio of the bests, the median of the rounds' own ratios
# with their lowest and highest (each round runs the two back to back, so a slow spell of the
# machine hits both: the median is the steadier figure on a noisy machine), guesses per puzzle.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n '2,18p' "$0"; exit 2; }
tdoku=$1; shift
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(../shared/data/txt/*.txt)
rounds=${ROUNDS:-7}
passes=${PASSES:-2}
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

echo "| set | mode | ours, puzzles/s | tdoku, puzzles/s | ours / tdoku | median of rounds (lowest-highest) | guesses/puzzle, ours | guesses/puzzle, tdoku |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
# One side's round: its best pass in puzzles/s, then its guesses per puzzle.
run_ours() {
  "${pin[@]}" "$bin" bench "$1" -m "$2" -j1 -r "$passes" -w 0 --json "$work/ours.json" > /dev/null
  python3 -c 'import json,sys
r = json.load(open(sys.argv[1]))["results"][0]
print(r["puzzles_per_second_max"], r["guesses"]["mean"])' "$work/ours.json"
}
run_tdoku() {
  local limit
  limit=$([ "$2" = unique ] && echo 2 || echo 1)
  "${pin[@]}" "$work/tdoku" "$1" "$limit" "$passes" 1 | awk '{print $2, $3}'
}
for set in "${sets[@]}"; do
  for mode in unique first; do
    ours=() theirs=() ours_g="" theirs_g=""
    for round in $(seq "$rounds"); do
      if [ $((round % 2)) = 1 ]; then
        read -r a ours_g < <(run_ours "$set" "$mode")
        read -r b theirs_g < <(run_tdoku "$set" "$mode")
      else
        read -r b theirs_g < <(run_tdoku "$set" "$mode")
        read -r a ours_g < <(run_ours "$set" "$mode")
      fi
      ours+=("$a") theirs+=("$b")
    done
    python3 -c "import statistics, sys
name, mode, ga, gb, ours, theirs = sys.argv[1:]
ours, theirs = [list(map(float, x.split())) for x in (ours, theirs)]
ratios = [a / b for a, b in zip(ours, theirs)]
spread = f'{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})'
print(f'| {name} | {mode} | {max(ours):,.0f} | {max(theirs):,.0f} | {max(ours) / max(theirs):.2f} | {spread} | {float(ga):.2f} | {float(gb):.2f} |')" \
      "$(basename "$set" .txt)" "$mode" "$ours_g" "$theirs_g" "${ours[*]}" "${theirs[*]}"
  done
done
