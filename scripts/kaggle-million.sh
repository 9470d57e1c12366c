#!/usr/bin/env bash
# Writes the one-million-row Kaggle CSV that the end-to-end scripts time: the shared
# kaggle_quizzes_solutions_20k.csv's header, then its rows fifty times over (the shared file
# has no final newline, so each copy gets one, and no blank line is left between copies).
# Usage: scripts/kaggle-million.sh OUT.csv   Exits 2, writing nothing, when the data is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
src=../shared/data/csv/kaggle_quizzes_solutions_20k.csv
[ -f "$src" ] || { echo "skipping: $src not present"; exit 2; }
{ head -1 "$src"; for _ in $(seq 50); do tail -n +2 "$src"; echo; done; } | grep -v '^$' > "$1"
