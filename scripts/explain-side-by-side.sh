#!/usr/bin/env bash
# Sets `sudoku-batch explain` beside Sukaku Explainer's serate step by step on a file of
# puzzles (81 characters at the start of each line): each step's score and Explainer's words
# (`serate --after="%r %s"`) against ours (the text before ` => `). Prints how many puzzles
# have every step equal, how many steps are equal before the first difference, and where the
# first differences are, by the two techniques' names, with an example of each. Outside CI:
# it needs a JDK and serate, built as scripts/serate-side-by-side.sh says.
#
# Usage: scripts/explain-side-by-side.sh SERATE_CLASSES PUZZLES [SERATE_STEPS]
# With SERATE_STEPS (the file an earlier run kept: serate's output with `--- ER/EP/ED` after
# each puzzle's steps) serate is not run again. SHOW=N prints N examples of each difference.
set -euo pipefail
classes=$1 puzzles=$2 cached=${3:-}
cd "$(dirname "$0")/.."
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cut -c1-81 "$puzzles" > "$work/puzzles.txt"
if [ -n "$cached" ]; then
    cp "$cached" "$work/se.txt"
else
    java -cp "$classes" diuf.sudoku.test.serate --threads=1 --format="--- %r/%p/%d" \
        --after="%r %s" --input="$work/puzzles.txt" --output="$work/se.txt"
    cp "$work/se.txt" "${puzzles%.*}.serate-steps.txt"
fi
while read -r puzzle; do
    target/release/sudoku-batch explain "$puzzle" > "$work/one.txt" 2>&1 || true
    grep -E '^ *[0-9]+\. ' "$work/one.txt" || true
    echo "---"
done < "$work/puzzles.txt" > "$work/ours.txt"

python3 - "$work/se.txt" "$work/ours.txt" "${SHOW:-1}" <<'EOF'
import re, sys
from collections import Counter
def puzzles(path, ours):
    out, steps = [], []
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("---"):
            out.append(steps)
            steps = []
        elif ours:
            steps.append(re.sub(r"^ *\d+\. ", "", line).split(" => ")[0])
        elif line.strip():
            steps.append(line)
    return out
se, ours = puzzles(sys.argv[1], False), puzzles(sys.argv[2], True)
assert len(se) == len(ours), (len(se), len(ours))
name = lambda step: re.sub(r"^[\d.]+ ", "", step).split(":")[0]
equal = steps = before = 0
where, example = Counter(), {}
for i, (a, b) in enumerate(zip(se, ours)):
    steps += len(a)
    k = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    before += k
    if a == b:
        equal += 1
        continue
    key = (name(a[k]) if k < len(a) else "(end)", name(b[k]) if k < len(b) else "(end)")
    where[key] += 1
    example.setdefault(key, []).append((i + 1, k + 1, a[k] if k < len(a) else "", b[k] if k < len(b) else ""))
n = len(se)
print(f"puzzles {n}: every step equal {equal} ({100 * equal / n:.1f}%)")
print(f"steps {steps}: equal before the first difference {before} ({100 * before / steps:.1f}%)")
print("first differences (Explainer's step | ours):")
for key, count in where.most_common():
    print(f"  {count:5}  {key[0]} | {key[1]}")
    for puzzle, step, a, b in example[key][: int(sys.argv[3])]:
        print(f"         puzzle {puzzle} step {step}: {a}  |  {b}")
EOF
