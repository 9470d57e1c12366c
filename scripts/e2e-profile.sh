#!/usr/bin/env bash
# Where the CPU time of the CSV run that `scripts/e2e-kaggle.sh` times goes: perf samples of
# `solve big.csv --verify -jN -o key.csv` (one million Kaggle rows), by thread (the workers,
# the reader, the writer) and by stage. The stages are the engine (what `bench` times), the
# check of every solution, reading records (framing, splitting, parsing), answering them
# (timing, formatting, stats), and the kernel's copies of the input out of the page cache and
# of the answer key into it. Each line is a share of all samples of the run.
# Usage: scripts/e2e-profile.sh [THREADS...] (default: 1 2). BIN= picks the binary.
# Needs perf; skips cleanly without it or without the shared data.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v perf > /dev/null || { echo "skipping: perf not installed"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scripts/kaggle-million.sh "$tmp/big.csv" || exit 0
bin=${BIN:-target/release/sudoku-batch}
[ -n "${BIN:-}" ] || cargo build --release --quiet
threads=("$@")
[ ${#threads[@]} -gt 0 ] || threads=(1 2)
for j in "${threads[@]}"; do
  rm -f "$tmp/key.csv"
  perf record -q -F 1999 -o "$tmp/perf.data" "$bin" solve "$tmp/big.csv" --verify -j"$j" -q -o "$tmp/key.csv" 2> /dev/null
  echo "== solve --verify -j$j: share of all samples, by thread and stage"
  perf report -i "$tmp/perf.data" --sort comm,dso,sym --no-children -g none --stdio 2> /dev/null |
    awk '
      /^#/ || NF < 4 { next }
      {
        pct = $1; sub("%", "", pct)
        thread = ($2 ~ /^solver-/) ? "workers" : ($2 == "writer") ? "writer" : "reader"
        sym = $0; sub(/^[^\]]*\] /, "", sym)
        if ($0 ~ /\[k\]/) {
          stage = (sym ~ /copy_folio_from_iter/) ? "kernel: copy into the page cache" : \
                  (sym ~ /_copy_to_iter/) ? "kernel: copy out of the page cache" : "kernel: other"
        } else if (sym ~ /solver::|solve_within|from_clues/) stage = "engine"
        else if (sym ~ /check_solution_of|grid::solves/) stage = "check"
        else if (sym ~ /split_csv|read_puzzle|Layout>::read|read_record|memchr|Chunk::frame/) stage = "read records"
        else if (sym ~ /HeapJob|answer_chunk|output::/) stage = "answer (time, format)"
        else if (sym ~ /memmove|memcpy|memset/) stage = "copies (libc)"
        else stage = "other"
        share[thread " | " stage] += pct
        total[thread] += pct
      }
      END {
        for (k in share) printf "%7.2f%%  %s\n", share[k], k
        for (t in total) printf "%7.2f%%  %s | (all)\n", total[t], t
      }' | sort -k2,2 -k1,1n
done
