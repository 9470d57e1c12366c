#!/usr/bin/env bash
# The serial work per record, by role, from `--stats`' per-thread CPU clocks: the reader's and
# the in-order taker's ("writer") CPU seconds over the records, and one over that, the most
# records per second any number of cores could reach (the projected cap). Also the peak RSS.
# Each file runs RUNS times (`solve FILE -j2 -q -o key --stats s.json`, page cache warm after
# the first); the medians are printed. A FILE of `-` style is not taken: name `stdin:FILE` to
# pipe FILE through stdin instead. Extra solve flags go in SOLVE_FLAGS (e.g. --verify).
# Usage: scripts/serial-cost.sh BIN RUNS FILE...
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,8p' "$0"; exit 2; }
bin=$1 runs=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-28s %9s %10s %10s %11s %13s %8s\n' file records reader_s writer_s 'serial_us' 'cap_rec/s' 'rss_MB'
for spec in "$@"; do
  f=${spec#stdin:}
  [ -f "$f" ] || { echo "skipping $f: not present"; continue; }
  : > "$tmp/rows"
  for _ in $(seq "$runs"); do
    rm -f "$tmp/key"
    if [ "$spec" != "$f" ]; then
      # shellcheck disable=SC2086
      /usr/bin/time -f %M -o "$tmp/rss" "$bin" solve - -j2 -q -o "$tmp/key" --stats "$tmp/s.json" ${SOLVE_FLAGS:-} < "$f"
    else
      # shellcheck disable=SC2086
      /usr/bin/time -f %M -o "$tmp/rss" "$bin" solve "$f" -j2 -q -o "$tmp/key" --stats "$tmp/s.json" ${SOLVE_FLAGS:-}
    fi
    python3 - "$tmp/s.json" "$(tail -1 "$tmp/rss")" >> "$tmp/rows" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
cpu, n = s["cpu_seconds"], s["records"]
serial = (cpu["reader"] + cpu["writer"]) / n * 1e6
print(n, cpu["reader"], cpu["writer"], serial, 1e6 / serial if serial else 0, int(sys.argv[2]) / 1024)
EOF
  done
  cols=()
  for c in 1 2 3 4 5 6; do cols+=("$(cut -d' ' -f$c "$tmp/rows" | median)"); done
  name=$(basename "$f"); [ "$spec" = "$f" ] || name="stdin < $name"
  printf '%-28s %9d %10.4f %10.4f %11.4f %13.0f %8.1f\n' "$name" "${cols[@]}"
done
