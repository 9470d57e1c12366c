"""Solving Dask DataFrames, partition by partition, on every worker of a cluster.

    import dask.dataframe as dd
    from distributed import Client
    from sudoku_batch.dask import solve_dataframe

    client = Client("tcp://scheduler:8786")         # or LocalCluster(), or none
    puzzles = dd.read_parquet("puzzles/")            # or dd.read_csv("sudoku.csv")
    answers = solve_dataframe(puzzles, column="puzzle")
    answers.to_parquet("answers/")                   # or .to_csv("answers-*.csv")

Each partition is solved by ``sudoku_batch.solve`` in the worker that holds it, on that
worker's cores (its threads: give workers one thread each and let the engine use the cores,
``threads=`` to share them out otherwise). Rows stay in order, and the answer columns follow
the DataFrame's own.
"""

from __future__ import annotations

from typing import Any, Optional

import pandas

from . import COLUMNS, STATUSES, solve

__all__ = ["solve_dataframe", "solve_partition", "answer_meta"]


def answer_meta() -> pandas.DataFrame:
    """An empty DataFrame with the answer columns' names and types."""
    return pandas.DataFrame(
        {
            "solution": pandas.Series([], dtype=pandas.StringDtype("pyarrow")),
            "status": pandas.Series([], dtype=pandas.CategoricalDtype(list(STATUSES))),
            "solutions": pandas.Series([], dtype="uint64"),
            "guesses": pandas.Series([], dtype="uint64"),
        }
    )


def solve_partition(
    frame: pandas.DataFrame,
    column: str = "puzzle",
    mode: str = "unique",
    limit: Optional[int] = None,
    threads: Optional[int] = None,
    max_guesses: Optional[int] = None,
) -> pandas.DataFrame:
    """One pandas DataFrame with the answer columns (``COLUMNS``) added after its own: what
    ``solve_dataframe`` runs on each partition, and usable alone on a pandas DataFrame."""
    if column not in frame.columns:
        raise KeyError(f"no column {column!r}; the columns are {list(frame.columns)}")
    clashes = [name for name in COLUMNS if name in frame.columns]
    if clashes:
        raise ValueError(f"the DataFrame already has the answer columns {clashes}")
    table = solve(frame[column], mode=mode, limit=limit, threads=threads, max_guesses=max_guesses)
    types = answer_meta().dtypes
    columns = {
        name: pandas.Series(
            table.column(name).to_pandas(types_mapper=_string_type), dtype=types[name]
        ).set_axis(frame.index)
        for name in COLUMNS
    }
    return frame.assign(**columns)


def solve_dataframe(
    frame: Any,
    column: str = "puzzle",
    mode: str = "unique",
    limit: Optional[int] = None,
    threads: Optional[int] = None,
    max_guesses: Optional[int] = None,
) -> Any:
    """A Dask DataFrame with the answer columns (``COLUMNS``: ``solution``, ``status``,
    ``solutions``, ``guesses``, as ``sudoku_batch.solve`` gives them) added after ``frame``'s
    own, computed partition by partition where the partitions are. Lazy, as Dask is: write it
    (``to_parquet``, ``to_csv``) or ``compute()`` it to run it.

    ``column``: the column that holds the puzzles. The other arguments are ``solve``'s;
    a wrong one is a ``ValueError`` here, before anything runs.
    """
    # Arguments are checked once, here, rather than in every partition.
    solve([], mode=mode, limit=limit, threads=threads, max_guesses=max_guesses)
    if column not in frame.columns:
        raise KeyError(f"no column {column!r}; the columns are {list(frame.columns)}")
    meta = solve_partition(frame._meta, column, mode, limit, threads, max_guesses)
    return frame.map_partitions(
        solve_partition,
        column,
        mode,
        limit,
        threads,
        max_guesses,
        meta=meta,
        align_dataframes=False,
    )


def _string_type(arrow_type: Any) -> Any:
    """Arrow strings as pandas' Arrow-backed strings, without a copy."""
    import pyarrow

    return pandas.StringDtype("pyarrow") if arrow_type == pyarrow.string() else None
