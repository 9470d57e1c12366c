#!/usr/bin/env bash
# Instructions per record of the whole job, and how many of them the engine takes:
# callgrind's count of `solve FILE --verify -j1 -o KEY` (the `--verify` only where FILE has
# solutions to check against). Unlike a time, the count does not move with the machine's load,
# so it can hold a budget ("at most N instructions per record outside the engine") on a noisy
# machine too. It cannot show what the writer's system calls, caches or threads cost: pair it
# with scripts/e2e-kaggle.sh.
# Usage: scripts/e2e-instructions.sh [FILE...]   (default: the Kaggle 20k CSV and its puzzles as
#   lines, from ../shared/data; skipped cleanly without them or without valgrind). BIN: the
#   binary (default target/release/sudoku-batch, built if missing). Use files of 20,000
#   records or more: the process's start-up (about 5M instructions) is spread over them.
# Prints, per file: records, then instructions per record for the whole run, the engine
# (`solve_within`, inclusive), the check of each answer, and everything else.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "skipping: valgrind not installed"; exit 0; }
bin=${BIN:-target/release/sudoku-batch}
[ -x "$bin" ] || cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  csv=../shared/data/csv/kaggle_quizzes_solutions_20k.csv
  [ -f "$csv" ] || { echo "skipping: $csv not found"; exit 0; }
  tail -n +2 "$csv" | cut -d, -f1 > "$work/kaggle_20k_puzzles.txt"
  files=("$csv" "$work/kaggle_20k_puzzles.txt")
fi
# The largest inclusive count of a function, wherever callgrind files it (it may list one
# function under several source paths).
inclusive() {
  grep -v '=>' "$work/annotated" | grep -E ":$1( \[.*\])?\$" |
    awk '{gsub(",", "", $1); print $1}' | sort -n | tail -1 || true
}
printf '%-40s %8s %10s %10s %8s %8s\n' file records total engine check other
for file in "${files[@]}"; do
  rm -f "$work/key.csv"
  verify=()
  head -c 4096 "$file" | grep -qi solution && verify=(--verify)
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
    "$bin" solve "$file" "${verify[@]}" -j1 -q -o "$work/key.csv" --stats "$work/stats.json" \
    2> /dev/null
  callgrind_annotate --inclusive=yes --threshold=100 "$work/cg.out" > "$work/annotated" 2> /dev/null
  records=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["records"])' \
    "$work/stats.json")
  total=$(grep 'PROGRAM TOTALS' "$work/annotated" | awk '{gsub(",", "", $1); print $1}')
  engine=$(inclusive 'sudoku_batch::solver::solve_within')
  check=$(inclusive 'sudoku_batch::grid::Grid::check_solution_of')
  awk -v f="$(basename "$file")" -v n="$records" -v t="$total" -v e="${engine:-0}" \
    -v c="${check:-0}" 'BEGIN {printf "%-40s %8d %10.0f %10.0f %8.0f %8.0f\n",
      f, n, t / n, e / n, c / n, (t - e - c) / n}'
done
