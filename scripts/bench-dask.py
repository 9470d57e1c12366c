#!/usr/bin/env python3
"""The Python package on a Dask cluster against the command line, side by side.

Builds N puzzles (a data set repeated) as a text file for the command line and as Parquet
files (one per partition) for Dask, starts a `distributed.LocalCluster` of worker processes
(TCP, one thread each, as on a real cluster), then alternates, round by round:

- cli:  `sudoku-batch solve puzzles.txt -j W -o key.txt`, timed from outside;
- dask: `solve_dataframe(dd.read_parquet(dir)).to_parquet(out)`, timed around the write;

and prints the median puzzles/s of each and their ratio. The Dask answer key is checked
against the command line's, row for row. Then the scheduler's overhead per partition: the
same job over 1-puzzle partitions (wall time / partitions), and a bare task's round trip.

Build the package's release profile first (with the venv of scripts/test.sh):
    (cd python && VIRTUAL_ENV=$PWD/../target/python-venv \
        ../target/python-venv/bin/maturin develop --profile python)
    cargo build --release
    target/python-venv/bin/python scripts/bench-dask.py [--rows 1000000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import dask.dataframe as dd
import pandas
import pyarrow
import pyarrow.parquet
from distributed import Client, LocalCluster

from sudoku_batch.dask import solve_dataframe

ROOT = Path(__file__).resolve().parent.parent
SHARED_17_CLUE = ROOT.parent / "shared" / "data" / "txt" / "17_clue.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_source = SHARED_17_CLUE if SHARED_17_CLUE.exists() else ROOT / "data" / "17_clue_1000.txt"
    parser.add_argument("--source", type=Path, default=default_source, help="one puzzle per line")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2, help="worker processes; the CLI's -j")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--threads", type=int, default=1, help="solver threads per worker (0: every core)"
    )
    parser.add_argument("--cli", type=Path, default=ROOT / "target" / "release" / "sudoku-batch")
    parser.add_argument(
        "--compression", default="snappy", help="of the Parquet answer key (Dask's default: snappy)"
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        puzzles = make_data(args.source, args.rows, args.partitions, work)
        with LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True, protocol="tcp"
        ) as cluster, Client(cluster) as client:
            compare(args, client, puzzles, work)
            overhead(client, puzzles[:1000], args.workers)


def make_data(source: Path, rows: int, partitions: int, work: Path) -> list:
    lines = [line for line in source.read_text().split("\n") if line]
    puzzles = (lines * (rows // len(lines) + 1))[:rows]
    (work / "puzzles.txt").write_text("\n".join(puzzles) + "\n")
    (work / "parquet").mkdir()
    size = -(-rows // partitions)
    for part, start in enumerate(range(0, rows, size)):
        table = pyarrow.table({"puzzle": puzzles[start : start + size]})
        pyarrow.parquet.write_table(table, work / "parquet" / f"part-{part:04}.parquet")
    print(f"{rows} puzzles from {source.name}, {partitions} Parquet partitions")
    return puzzles


def compare(args: argparse.Namespace, client: Client, puzzles: list, work: Path) -> None:
    cli = [str(args.cli), "solve", str(work / "puzzles.txt"), f"-j{args.workers}", "-q"]
    cli += ["-o", str(work / "key.txt")]

    def run_cli() -> float:
        start = time.perf_counter()
        subprocess.run(cli, check=True)
        return time.perf_counter() - start

    def run_dask() -> float:
        start = time.perf_counter()
        answers = solve_dataframe(
            dd.read_parquet(work / "parquet"), column="puzzle", threads=args.threads or None
        )
        answers.to_parquet(
            work / "answers", write_index=False, overwrite=True, compression=args.compression
        )
        return time.perf_counter() - start

    run_cli(), run_dask()  # warm-up: page cache, imports in the workers
    times: dict = {"cli": [], "dask": []}
    for _ in range(args.rounds):
        times["cli"].append(run_cli())
        times["dask"].append(run_dask())

    key = (work / "key.txt").read_text().split("\n")[:-1]
    answers = pandas.read_parquet(work / "answers")
    assert answers["puzzle"].tolist() == puzzles, "Dask changed the rows or their order"
    assert answers["solution"].tolist() == key, "Dask's answer key differs from the CLI's"

    rate = {name: len(puzzles) / statistics.median(t) for name, t in times.items()}
    for name, t in times.items():
        spread = ", ".join(f"{x:.2f}" for x in t)
        print(f"{name:5} median {statistics.median(t):.2f} s ({spread})  {rate[name]:,.0f} puzzles/s")
    print(f"dask / cli = {rate['dask'] / rate['cli']:.2f}  (answer keys equal, row for row)")


def overhead(client: Client, sample: list, workers: int) -> None:
    """The scheduler's cost per partition: a job of 1-puzzle partitions, whose solving is
    negligible, divided by its partitions; and a bare task's round trip, for scale."""
    partitions = len(sample)
    frame = dd.from_pandas(pandas.DataFrame({"puzzle": sample}), npartitions=partitions)
    solve_dataframe(frame).compute()  # warm-up
    start = time.perf_counter()
    solve_dataframe(frame).compute()
    per_partition = (time.perf_counter() - start) / partitions
    client.gather(client.map(lambda i: i, range(partitions), pure=False))
    start = time.perf_counter()
    client.gather(client.map(lambda i: i, range(partitions, 2 * partitions), pure=False))
    per_task = (time.perf_counter() - start) / partitions
    print(
        f"overhead: {per_partition * 1e3:.2f} ms wall per partition ({partitions} partitions of "
        f"1 puzzle, {workers} workers); a bare task {per_task * 1e3:.2f} ms"
    )


if __name__ == "__main__":
    main()
