"""`sudoku_batch.solve`: every input shape, every mode and status, against the command line."""

import os
import subprocess
import sys
import threading
import time

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import sudoku_batch
from conftest import DATA, cli_key, lines

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
SETS = sorted(p.name for p in DATA.glob("*.txt"))


def is_solution_of(solution: str, puzzle: str) -> bool:
    """An independent check: a full valid grid that keeps every clue."""
    cells = [int(c) for c in solution]
    units = [[9 * r + c for c in range(9)] for r in range(9)]
    units += [[9 * r + c for r in range(9)] for c in range(9)]
    units += [[9 * (3 * (b // 3) + r) + 3 * (b % 3) + c for r in range(3) for c in range(3)]
              for b in range(9)]
    clues_kept = all(p in ".0" or p == s for p, s in zip(puzzle, solution))
    return len(cells) == 81 and clues_kept and all(
        sorted(cells[i] for i in unit) == list(range(1, 10)) for unit in units)


@pytest.mark.parametrize("name", SETS)
def test_every_data_set_gets_the_command_lines_answers(cli, name):
    puzzles = lines(name)
    table = sudoku_batch.solve(puzzles)
    key = cli_key(cli, str(DATA / name))
    assert table.column_names == list(sudoku_batch.COLUMNS)
    assert table.num_rows == len(puzzles) == len(key)
    got = table.to_pydict()
    for i, (puzzle, row) in enumerate(zip(puzzles, key)):
        assert (got["solution"][i] or "", got["status"][i]) == (row[1], row[2]), i
        if got["solution"][i] is not None:
            assert is_solution_of(got["solution"][i], puzzle)


@pytest.mark.parametrize("mode,limit", [("unique", None), ("first", None), ("lexmin", None),
                                        ("count", None), ("count", 2), ("count", 7)])
def test_every_mode_gets_the_command_lines_answers(cli, mode, limit):
    name = "gen_mixed_1000.txt"
    args = ["--mode", mode] + ([] if limit is None else ["--limit", str(limit)])
    key = cli_key(cli, str(DATA / name), *args)
    got = sudoku_batch.solve(lines(name), mode=mode, limit=limit).to_pydict()
    assert [got["solution"][i] or "" for i in range(len(key))] == [row[1] for row in key]
    assert got["status"] == [row[2] for row in key]
    if mode == "count":
        # The command line writes a count stopped at the limit as `>=N`.
        assert got["solutions"] == [int(row[3].lstrip(">=")) for row in key]
    assert set(got["status"]) >= {"solved", "unsolvable"}


def test_max_guesses_gives_the_command_lines_timeouts(cli):
    name = "hardest_11plus_500.txt"
    key = cli_key(cli, str(DATA / name), "--max-guesses", "20")
    got = sudoku_batch.solve(lines(name), max_guesses=20).to_pydict()
    assert got["status"] == [row[2] for row in key]
    assert 0 < got["status"].count("timeout") < len(key)


def as_shapes(puzzles):
    """The same puzzles in every shape `solve` takes."""
    text = pa.array(puzzles, pa.string())
    unicode = np.array([p or "" for p in puzzles], dtype="U")
    return {
        "list": list(puzzles),
        "tuple": tuple(puzzles),
        "generator": (p for p in puzzles),
        "bytes": [None if p is None else p.encode() for p in puzzles],
        "numpy S": np.array([p or "" for p in puzzles], dtype="S"),
        "numpy U": np.array([p or "" for p in puzzles], dtype="U"),
        # Big-endian, as `astype('>U81')` or a file written on another machine gives.
        "numpy U big-endian": unicode.astype(unicode.dtype.newbyteorder(">")),
        "numpy object": np.array(puzzles, dtype=object),
        "numpy strided": np.repeat(np.array([p or "" for p in puzzles], dtype="S"), 2)[::2],
        "arrow string": text,
        "arrow large_string": text.cast(pa.large_string()),
        "arrow string_view": text.cast(pa.string_view()),
        "arrow binary": text.cast(pa.binary()),
        "arrow dictionary": text.dictionary_encode(),
        "arrow chunked": pa.chunked_array([text.slice(0, 3), text.slice(3, 0), text.slice(3)]),
        "arrow sliced": pa.concat_arrays([pa.array(["x"] * 5), text]).slice(5),
        "pandas object": pd.Series(puzzles, dtype=object),
        "pandas string": pd.Series(puzzles, dtype="string[pyarrow]"),
    }


PUZZLES = [EASY, "x" * 81, None, "", "11" + "." * 79, "." * 81, EASY.replace(".", "0"),
           "[" + ",".join("0" if c == "." else c for c in EASY) + "]", " " + EASY + " ",
           lines("gen_unsolvable_500.txt")[0]] + lines("hardest_11plus_500.txt")[:40]


@pytest.mark.parametrize("shape", list(as_shapes(PUZZLES)))
def test_every_shape_gets_the_same_answers(shape):
    expected = sudoku_batch.solve(PUZZLES).to_pydict()
    got = sudoku_batch.solve(as_shapes(PUZZLES)[shape]).to_pydict()
    # Nulls and empty strings are both "no puzzle"; NumPy has no null.
    assert got == expected
    assert expected["status"][:6] == ["solved", "malformed", "malformed", "malformed", "invalid",
                                      "multiple"]
    assert expected["solution"][0] == expected["solution"][6] == expected["solution"][7] \
        == expected["solution"][8] == EASY_SOLUTION
    assert expected["status"][9] == "unsolvable"


def test_the_table_has_arrow_types_and_pandas_reads_it():
    table = sudoku_batch.solve([EASY, "x", "." * 81], mode="count", limit=4)
    assert table.schema.types == [pa.string(), pa.dictionary(pa.int8(), pa.string()),
                                  pa.uint64(), pa.uint64()]
    frame = table.to_pandas()
    assert list(frame["status"].cat.categories) == list(sudoku_batch.STATUSES)
    assert frame["solutions"].tolist() == [1, 0, 4]
    assert frame["solution"].isna().tolist() == [False, True, False]


def test_without_pyarrow_the_answers_are_a_dict_of_lists(monkeypatch):
    table = sudoku_batch.solve(PUZZLES).to_pydict()
    monkeypatch.setattr(sudoku_batch, "_pa", None)
    assert sudoku_batch.solve(PUZZLES) == table
    assert sudoku_batch.solve([]) == {name: [] for name in sudoku_batch.COLUMNS}


def test_nothing_to_solve_is_an_empty_table():
    table = sudoku_batch.solve([])
    assert table.num_rows == 0 and table.column_names == list(sudoku_batch.COLUMNS)
    assert sudoku_batch.solve(pa.chunked_array([], pa.string())).num_rows == 0
    assert sudoku_batch.solve(np.array([], dtype="S81")).num_rows == 0


def test_characters_outside_ascii_are_malformed_in_every_shape():
    bad = EASY[:40] + "é" + EASY[41:]
    for shape in (["x", bad], np.array(["x", bad]), pa.array(["x", bad])):
        assert sudoku_batch.solve(shape).column("status").to_pylist() == ["malformed"] * 2


@pytest.mark.parametrize("call,message", [
    (dict(mode="fast"),
     "invalid value 'fast' for mode: possible values are unique, first, lexmin, count"),
    (dict(limit=5), "--limit applies only to --mode count"),
    (dict(mode="count", limit=1), "--limit 1: at least 2"),
    (dict(threads=0), "threads: give 1 or more"),
])
def test_a_wrong_argument_is_a_value_error_with_the_command_lines_message(call, message):
    with pytest.raises(ValueError, match=message):
        sudoku_batch.solve([EASY], **call)


@pytest.mark.parametrize("puzzles,error", [
    (EASY, "for one puzzle, solve\\(\\[puzzle\\]\\)"),
    ([EASY, 42], "puzzles must be str, bytes or None, not int"),
    (pa.array([1, 2]), "puzzles must be strings or bytes, not Arrow int64"),
])
def test_puzzles_of_the_wrong_type_are_a_type_error(puzzles, error):
    with pytest.raises(TypeError, match=error):
        sudoku_batch.solve(puzzles)


def test_a_numpy_array_must_be_one_dimensional():
    with pytest.raises(ValueError, match="1-D"):
        sudoku_batch.solve(np.array([[EASY], [EASY]]))


def test_more_threads_than_the_machine_bears_are_cut_with_a_warning():
    # Four per core at most, as on the command line: a million would start for minutes.
    puzzles = lines("hardest_11plus_500.txt")[:50]
    with pytest.warns(ResourceWarning, match=r"threads=1000000: using \d+ threads"):
        got = sudoku_batch.solve(puzzles, threads=10**6)
    assert got.equals(sudoku_batch.solve(puzzles, threads=1))


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_rayon_num_threads_is_cut_as_well():
    # The shared pool (threads=None) would take RAYON_NUM_THREADS as it is.
    code = ("import os, sudoku_batch; sudoku_batch.solve(['.' * 81] * 8); "
            "print(len(os.listdir('/proc/self/task')))")
    env = {**os.environ, "RAYON_NUM_THREADS": "100000"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=300, check=True)
    assert int(out.stdout) <= 4 * os.cpu_count() + 8, out.stdout


def test_one_thread_and_every_core_give_the_same_answers():
    puzzles = lines("hardest_11plus_500.txt")
    one = sudoku_batch.solve(puzzles, threads=1)
    assert one.equals(sudoku_batch.solve(puzzles))
    assert one.equals(sudoku_batch.solve(puzzles, threads=3))


def test_the_gil_is_released_while_solving():
    # Enough hard puzzles for a few hundred milliseconds on one thread; the main thread must
    # keep running meanwhile, which it cannot if the solving thread holds the GIL.
    puzzles = lines("hardest_11plus_500.txt") * 4
    done = []
    worker = threading.Thread(target=lambda: done.append(sudoku_batch.solve(puzzles, threads=1)))
    ticks, start = 0, time.perf_counter()
    worker.start()
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    assert done and done[0].num_rows == len(puzzles)
    assert time.perf_counter() - start > 0.05
    assert ticks >= 20


def test_the_package_describes_itself():
    assert sudoku_batch.MODES == ("unique", "first", "lexmin", "count")
    assert "malformed" in sudoku_batch.STATUSES and "timeout" in sudoku_batch.STATUSES
    assert sudoku_batch.__version__.count(".") == 2
    assert "GIL" in sudoku_batch.solve.__doc__
