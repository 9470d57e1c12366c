#!/usr/bin/env python3
"""Streams N random puzzles to stdout, one 81-character line each (for scale tests).

Each puzzle is a solved grid made by shuffling a known solution (digits relabelled; bands,
rows within bands, stacks and columns within stacks permuted; maybe transposed), with a
random 49-57 cells emptied: always solvable, often with several solutions.

    scripts/gen-puzzles.py 10000000 [SEED] | sudoku-batch solve - -o answers.csv
"""
import random
import sys

BASE = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def order(rng):
    groups = rng.sample(range(3), 3)
    return [g * 3 + w for g in groups for w in rng.sample(range(3), 3)]


def puzzle(rng):
    rows, cols = order(rng), order(rng)
    digits = rng.sample("123456789", 9)
    flip = rng.random() < 0.5
    cells = []
    for r in range(9):
        for c in range(9):
            rr, cc = (cols[c], rows[r]) if flip else (rows[r], cols[c])
            cells.append(digits[int(BASE[rr * 9 + cc]) - 1])
    for i in rng.sample(range(81), rng.randint(49, 57)):
        cells[i] = "."
    return "".join(cells)


def main():
    n = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2026)
    out = sys.stdout
    batch = []
    for _ in range(n):
        batch.append(puzzle(rng))
        if len(batch) == 10000:
            out.write("\n".join(batch) + "\n")
            batch.clear()
    if batch:
        out.write("\n".join(batch) + "\n")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        pass
