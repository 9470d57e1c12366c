#!/usr/bin/env bash
# Rates a file of puzzles (81 characters at the start of each line) with Sukaku Explainer's
# serate and with `sudoku-batch rate`, both on one thread, and prints how often our score is
# serate's ER (equal, within 0.1, by serate's band) and the time each took. Outside CI: it
# needs a JDK and serate built outside the repository, e.g.
#
#   fetch github:SudokuMonster/SukakuExplainer, then in a copy of its tree:
#   find diuf -name '*.java' | grep -v '/gui/\|applet' > files.txt
#   javac -nowarn -encoding ISO-8859-1 -d /tmp/se/classes @files.txt
#
# Usage: scripts/serate-side-by-side.sh SERATE_CLASSES PUZZLES [SERATE_RESULTS]
# With SERATE_RESULTS (a file from an earlier run, "ER/EP/ED seconds" per line) serate is not
# run again.
set -euo pipefail
classes=$1 puzzles=$2 cached=${3:-}
cd "$(dirname "$0")/.."
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cut -c1-81 "$puzzles" > "$work/puzzles.txt"

if [ -n "$cached" ]; then
    cp "$cached" "$work/se.txt"
    se_seconds=""  # the sum of its puzzles' times, read below
else
    start=$(date +%s.%N)
    java -cp "$classes" diuf.sudoku.test.serate --threads=1 --format="%r/%p/%d %e" \
        --input="$work/puzzles.txt" --output="$work/se.txt"
    se_seconds=$(echo "$(date +%s.%N) - $start" | bc)
fi
start=$(date +%s.%N)
target/release/sudoku-batch rate -q -j1 "$work/puzzles.txt" -o "$work/ours.csv"
our_seconds=$(echo "$(date +%s.%N) - $start" | bc)
# Each puzzle's rating time, in the library (best of 3): the median beside serate's.
cargo bench -q -p sudoku-batch-benches --bench rate -- --times "$work/puzzles.txt" > "$work/times.txt"

python3 - "$work/se.txt" "$work/ours.csv" "$se_seconds" "$our_seconds" "$work/times.txt" <<'EOF'
import csv, statistics, sys
from collections import defaultdict
se = [line.split() for line in open(sys.argv[1]) if line.strip()]
ours = list(csv.DictReader(open(sys.argv[2])))
assert len(se) == len(ours), (len(se), len(ours))
bands = defaultdict(lambda: [0, 0, 0])
equal = near = pearl = diamond = 0
for (ratings, _), row in zip(se, ours):
    er, ep, ed = (float(r) for r in ratings.split("/"))
    pearl += row["pearl"] != "" and abs(float(row["pearl"]) - ep) < 0.05
    diamond += row["diamond"] != "" and abs(float(row["diamond"]) - ed) < 0.05
    band = bands[int(er)]
    band[2] += 1
    try:
        gap = abs(float(row["score"]) - er)
    except ValueError:
        gap = 99  # beyond the ladder: no score
    equal += gap < 0.05
    near += gap < 0.15
    band[0] += gap < 0.05
    band[1] += gap < 0.15
n = len(se)
print(f"puzzles {n}: equal {equal} ({100 * equal / n:.1f}%), within 0.1 {near} ({100 * near / n:.1f}%)")
for b in sorted(bands):
    e, w, t = bands[b]
    print(f"  ER {b}.x: {t:4} puzzles, equal {e:4}, within 0.1 {w:4}")
print(f"pearl (EP) equal {pearl}, diamond (ED) equal {diamond}")
def seconds(text):  # serate's 21.40s, or 1m38s past a minute
    minutes, _, rest = text.rstrip("s").rpartition("m")
    return float(minutes or 0) * 60 + float(rest)
se_times = [seconds(t) for _, t in se]
our_times = [float(t) / 1e6 for t in open(sys.argv[5]) if t.strip()]
se_total = float(sys.argv[3]) if sys.argv[3] else sum(se_times)
our_total = float(sys.argv[4])
se_median, our_median = statistics.median(se_times), statistics.median(our_times)
print(f"serate {se_total:.1f} s, median {se_median * 1000:.0f} ms a puzzle (10 ms steps); "
      f"ours {our_total:.2f} s, median {our_median * 1000:.2f} ms: "
      f"{se_total / our_total:.1f}x serate's speed in total, {se_median / our_median:.1f}x by the medians")
EOF
