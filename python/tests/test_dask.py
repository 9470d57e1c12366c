"""`sudoku_batch.dask` on a real cluster: a `distributed.LocalCluster` of two worker processes
talking TCP, as on a cluster of machines, against the command line's answer key."""

import os

import dask
import dask.dataframe as dd
import pandas as pd
import pytest
from distributed import Client, LocalCluster

import sudoku_batch
from conftest import DATA, cli_key, lines
from sudoku_batch.dask import solve_dataframe, solve_partition

# Every status the engine gives, and records that are no puzzle at all.
PUZZLES = (lines("gen_mixed_1000.txt")[:400] + lines("hardest_11plus_500.txt")[:100]
           + lines("17_clue_1000.txt")[:200] + ["x", "1" * 81, "12" + "." * 79])


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, protocol="tcp",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield client


@pytest.fixture(scope="module")
def sample(tmp_path_factory, cli):
    """The puzzles as a CSV file with an id column, and the command line's key for it."""
    folder = tmp_path_factory.mktemp("dask")
    csv = folder / "puzzles.csv"
    pd.DataFrame({"id": range(len(PUZZLES)), "puzzle": PUZZLES}).to_csv(csv, index=False)
    return folder, csv, cli_key(cli, str(csv), "--column", "puzzle")


def assert_matches_the_key(answers: pd.DataFrame, key: list):
    answers = answers.sort_values("id") if "id" in answers else answers
    assert answers["id"].tolist() == list(range(len(key)))
    assert answers["puzzle"].tolist() == [row[1] for row in key]
    assert answers["solution"].fillna("").tolist() == [row[2] for row in key]
    assert answers["status"].astype(str).tolist() == [row[3] for row in key]


def test_a_csv_is_solved_on_the_workers_as_the_command_line_solves_it(client, sample):
    _, csv, key = sample
    frame = dd.read_csv(csv, blocksize=10_000)
    assert frame.npartitions >= 4
    answers = solve_dataframe(frame, column="puzzle")
    assert dask.base.get_scheduler() == client.get
    computed = answers.compute()
    assert_matches_the_key(computed, key)
    assert {"solved", "multiple", "unsolvable", "invalid", "malformed"} <= set(computed["status"])
    # The engine ran in the worker processes, not in this one.
    loaded = client.run(lambda: "sudoku_batch._native" in __import__("sys").modules)
    pids = client.run(os.getpid)
    assert len(pids) == 2 and os.getpid() not in pids.values() and any(loaded.values())


def test_parquet_in_and_parquet_out(client, sample):
    folder, csv, key = sample
    dd.read_csv(csv, blocksize=10_000).to_parquet(folder / "puzzles.parquet")
    frame = dd.read_parquet(folder / "puzzles.parquet")
    solve_dataframe(frame, column="puzzle", threads=1).to_parquet(folder / "answers.parquet")
    written = pd.read_parquet(folder / "answers.parquet")
    assert_matches_the_key(written, key)
    assert list(written.columns) == ["id", "puzzle", *sudoku_batch.COLUMNS]


def test_count_mode_and_its_column(client, sample):
    _, csv, _ = sample
    frame = dd.read_csv(csv, blocksize=10_000)
    computed = solve_dataframe(frame, column="puzzle", mode="count", limit=3).compute()
    expected = sudoku_batch.solve(PUZZLES, mode="count", limit=3).to_pandas()
    assert computed["solutions"].tolist() == expected["solutions"].tolist()
    assert 3 in set(computed["solutions"]) and computed["solutions"].dtype == "uint64"


def test_arguments_are_checked_before_anything_runs(sample):
    _, csv, _ = sample
    frame = dd.read_csv(csv)
    with pytest.raises(ValueError, match="invalid value 'fast' for mode"):
        solve_dataframe(frame, column="puzzle", mode="fast")
    with pytest.raises(KeyError, match="no column 'quiz'"):
        solve_dataframe(frame, column="quiz")


def test_a_pandas_frame_keeps_its_index_and_its_columns():
    frame = pd.DataFrame({"puzzle": PUZZLES[:5], "n": range(5)}, index=list("abcde"))
    answers = solve_partition(frame)
    assert list(answers.index) == list("abcde")
    assert list(answers.columns) == ["puzzle", "n", *sudoku_batch.COLUMNS]
    with pytest.raises(ValueError, match="already has the answer columns"):
        solve_partition(answers)
