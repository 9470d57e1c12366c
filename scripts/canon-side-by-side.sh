#!/usr/bin/env bash
# Canonical forms beside the references, one thread each, in memory: ours (benches/canon.rs),
# kaityo256/minlex (the same form: blanks first, whole-string minlex) and dobrichev's patminlex
# (another form: the pattern of clues first, then the digits; faster, and so the speed to
# beat). Both are built here from checkouts you give, with scripts/canon/*.cc as drivers that
# time as ours does; nothing of theirs is copied into this repository.
#
# Usage: scripts/canon-side-by-side.sh KAITYO_DIR DOBRICHEV_DIR [SET.txt...]
#   (default sets: ../shared/data/txt/17_clue.txt and kaggle_20k.txt)
# Environment: ROUNDS (default 7: processes alternate, ours and patminlex, each timing 3
#   passes and keeping its best), KAITYO_PUZZLES (default 2000: kaityo is timed on each set's
#   first puzzles, ours beside it on the same), CXX (default g++), CORE (default 1).
# Prints, per set: whether every form equals kaityo's (the lines that differ, if any), then a
# Markdown table: puzzles/s of each (best round) and ours / theirs by the best rounds and by
# the median of the rounds' own ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,16p' "$0"; exit 2; }
kaityo=$1 dobrichev=$2; shift 2
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(../shared/data/txt/17_clue.txt ../shared/data/txt/kaggle_20k.txt)
rounds=${ROUNDS:-7}
sample=${KAITYO_PUZZLES:-2000}
cxx=${CXX:-g++}
pin=(taskset -c "${CORE:-1}")
command -v taskset > /dev/null || pin=()
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cxx" -O3 -march=native -std=c++17 -I"$dobrichev" scripts/canon/dobrichev.cc \
  "$dobrichev/patminlex.cpp" -o "$work/dobrichev"
# kaityo's own flags (its makefile).
"$cxx" -Ofast -march=native -std=c++17 -I"$kaityo" scripts/canon/kaityo.cc -o "$work/kaityo"
cargo bench -q -p sudoku-batch-benches --bench canon --no-run 2> /dev/null
ours() { cargo bench -q -p sudoku-batch-benches --bench canon -- --file "$@" 2> /dev/null; }

rate() { awk -v n="$1" -v ms="$2" 'BEGIN { printf "%.0f", n / ms * 1000 }'; }
echo "| set | puzzles | ours, puzzles/s | dobrichev (pattern first), puzzles/s | ours / dobrichev (best; median of rounds) | kaityo, puzzles/s (first $sample) | ours / kaityo |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for set in "${sets[@]}"; do
  name=$(basename "$set" .txt)
  # Blanks as 0, 81 cells a line, as every driver reads them.
  cut -c1-81 "$set" | tr . 0 > "$work/$name.txt"
  head -n "$sample" "$work/$name.txt" > "$work/$name.head.txt"
  # Exactness: every form beside kaityo's (it answers some puzzles with 81 nines: said).
  ours "$work/$name.txt" 1 --forms | tail -n +2 > "$work/ours.forms"
  "$work/kaityo" "$work/$name.txt" 1 --forms | tail -n +2 > "$work/kaityo.forms"
  differ=$(paste -d' ' "$work/ours.forms" "$work/kaityo.forms" | awk '$1 != $2' | wc -l)
  echo "$name: forms that differ from kaityo's: $differ" >&2
  paste -d' ' "$work/ours.forms" "$work/kaityo.forms" | awk '$1 != $2 { print "  ours " $1 " kaityo " $2 }' | head -3 >&2
  n=0 best_ours=0 best_theirs=0 ratios=()
  for _ in $(seq "$rounds"); do
    read -r n o _ < <("${pin[@]}" "$(command -v cargo)" bench -q -p sudoku-batch-benches --bench canon -- --file "$work/$name.txt" 3 2> /dev/null)
    read -r _ d _ < <("${pin[@]}" "$work/dobrichev" "$work/$name.txt" 3)
    best_ours=$(awk -v a="$best_ours" -v b="$o" 'BEGIN { print (a == 0 || b < a) ? b : a }')
    best_theirs=$(awk -v a="$best_theirs" -v b="$d" 'BEGIN { print (a == 0 || b < a) ? b : a }')
    ratios+=("$(awk -v o="$o" -v d="$d" 'BEGIN { print d / o }')")
  done
  median=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ r[NR] = $1 } END { print r[int((NR + 1) / 2)] }')
  read -r k _ kt _ < <("${pin[@]}" "$work/kaityo" "$work/$name.head.txt" 1 | awk '{ print $1, "x", $2, "x" }')
  read -r _ ot _ < <(ours "$work/$name.head.txt" 3)
  printf '| %s | %s | %s | %s | %.2f; %.2f | %s | %.0f |\n' "$name" "$n" \
    "$(rate "$n" "$best_ours")" "$(rate "$n" "$best_theirs")" \
    "$(awk -v o="$best_ours" -v d="$best_theirs" 'BEGIN { print d / o }')" "$median" \
    "$(rate "$k" "$kt")" "$(awk -v o="$ot" -v k="$kt" 'BEGIN { print k / o }')"
done
