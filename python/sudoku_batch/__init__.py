"""Solve Sudoku puzzles in bulk, on every core, from Python.

``solve`` answers puzzles held in memory (a list, a NumPy array, an Arrow or pandas column)
and returns an Arrow table; ``canon`` puts them in canonical form the same way;
``solve_file`` (``canon_file``, ``rate_file``) runs the command line's pipeline over files and
returns its stats.
``sudoku_batch.dask`` solves Dask DataFrames on a cluster.

Statuses and modes are the command line's (``STATUSES``, ``MODES``): a record that is not a
puzzle is a status (``malformed``), never an exception; a wrong argument is a ``ValueError``
with the command line's message.
"""

from __future__ import annotations

import json
import os
from typing import Any, Iterable, Optional, Sequence, Union

from . import _native

__all__ = [
    "solve",
    "canon",
    "solve_file",
    "canon_file",
    "rate_file",
    "COLUMNS",
    "CANON_COLUMNS",
    "MODES",
    "STATUSES",
    "__version__",
]

__version__: str = _native.VERSION

#: The statuses a record can get, in the order of the status column's dictionary.
STATUSES: tuple = tuple(_native.STATUSES)

#: The modes: ``unique`` (the solution, and whether it is the only one), ``first`` (any
#: solution), ``lexmin`` (the smallest solution, read row by row), ``count`` (solutions, up to
#: ``limit``).
MODES: tuple = tuple(_native.MODES)

#: The columns of ``solve``'s answer, in order.
COLUMNS: tuple = ("solution", "status", "solutions", "guesses")

#: The columns of ``canon``'s answer, in order.
CANON_COLUMNS: tuple = ("canon", "status")

PathLike = Union[str, "os.PathLike[str]"]

try:
    import pyarrow as _pa
except ImportError:  # pragma: no cover - the package works without pyarrow, more slowly
    _pa = None


def solve(
    puzzles: Any,
    mode: str = "unique",
    limit: Optional[int] = None,
    threads: Optional[int] = None,
    max_guesses: Optional[int] = None,
) -> Any:
    """Solves every puzzle of ``puzzles`` and returns the answers, one row per puzzle, in order.

    ``puzzles``: a list (or any iterable) of ``str``/``bytes``/``None``; a 1-D NumPy array of
    dtype ``S``, ``U`` or ``object``; a pyarrow string or binary ``Array`` or
    ``ChunkedArray``; or a pandas ``Series``. A puzzle is written as on the command line: 81
    cells, digits for clues and ``.``, ``0``, ``_``, ``*`` or ``-`` for blanks, or a JSON
    array of 81 numbers. Arrow arrays and NumPy ``S`` arrays are read in place.

    ``mode``: one of ``MODES``. ``limit``: with ``count``, stop counting there (at least 2;
    default 1000). ``threads``: solver threads (default: every core of this process).
    ``max_guesses``: give up on a puzzle after that many guesses (status ``timeout``).

    Returns a ``pyarrow.Table`` with the columns ``COLUMNS``: ``solution`` (81 digits, null
    when there is none; checked against its puzzle), ``status`` (dictionary-encoded, one of
    ``STATUSES``), ``solutions`` (solutions found: the count in ``count`` mode) and ``guesses``
    (the engine's guesses), both ``uint64``. Without pyarrow installed: a dict of lists with
    the same keys.

    The GIL is released while the puzzles are solved.
    """
    if mode == "canon":
        # The native side's name for ``canon``'s task, not a mode of ``solve``.
        raise ValueError(f"invalid value 'canon' for mode: possible values are {', '.join(MODES)}")
    return _answer_all("solve", puzzles, (mode, limit, threads, max_guesses), COLUMNS)


def canon(puzzles: Any, threads: Optional[int] = None) -> Any:
    """Puts every puzzle of ``puzzles`` in its canonical form, in order: the minimal
    lexicographic form (minlex) of all the grids that transposing, permuting bands, stacks,
    the rows of a band and the columns of a stack, and relabelling the digits make of it,
    blanks as ``0`` (the forum's convention). Two puzzles have the same form exactly when
    they are the same puzzle up to those moves: dedupe a data set, or keep equivalent
    puzzles out of both sides of a train/test split, by this column.

    ``puzzles``: as for ``solve``. ``threads``: as for ``solve``.

    Returns a ``pyarrow.Table`` with the columns ``CANON_COLUMNS``: ``canon`` (81 digits;
    null for a record that is not a puzzle) and ``status`` (dictionary-encoded, one of
    ``STATUSES``: ``canonical``, ``invalid`` for clues that clash, which still have a form,
    ``malformed``). Without pyarrow installed: a dict of lists. Nothing is solved.
    """
    return _answer_all("canon", puzzles, ("canon", None, threads, None), CANON_COLUMNS)


def _answer_all(name: str, puzzles: Any, options: tuple, names: tuple) -> Any:
    """``solve``'s or ``canon``'s answers for every part of ``puzzles``, as one table."""
    if isinstance(puzzles, (str, bytes)):
        raise TypeError(f"{name} takes a sequence of puzzles; for one puzzle, {name}([puzzle])")
    parts = [_native_answers(part, options) for part in _parts(puzzles)]
    if _pa is None:
        return _to_dict(parts, names)
    tables = [_pa.Table.from_batches([_to_batch(*answers, names)]) for answers in parts]
    if len(tables) == 1:
        return tables[0]
    # A part past 2 GiB of solutions has `large_string` solutions; the others follow it.
    return _pa.concat_tables(tables, promote_options="permissive")


def solve_file(
    inputs: Union[PathLike, Sequence[PathLike]],
    output: PathLike,
    mode: str = "unique",
    limit: Optional[int] = None,
    threads: Optional[int] = None,
    max_guesses: Optional[int] = None,
    *,
    format: Optional[str] = None,
    column: Optional[str] = None,
    verify: bool = False,
    output_format: Optional[str] = None,
    timing: bool = False,
    shard: Optional[str] = None,
    dedupe: bool = False,
    classes: bool = False,
) -> dict:
    """Runs the command line's ``solve`` on files and returns its stats, as ``--stats FILE`` writes them.

    ``inputs``: a path or a list of paths (``"-"``: standard input), read in any layout the
    command line reads. ``output``: the answer key's path (``"-"``: standard output), written
    whole or not at all, as by ``-o``. ``format``, ``column``, ``verify``, ``output_format``,
    ``timing``, ``shard`` (``"K/N"``), ``dedupe`` and ``classes`` are the command line's
    ``--format``, ``--column``, ``--verify``, ``--output-format``, ``--timing``, ``--shard``,
    ``--dedupe`` and ``--classes``; the other arguments are ``solve``'s.

    Bad records are counted in the stats (``stats["counts"]``), never raised. An input that
    cannot be read or an output that cannot be written raises ``OSError``; a wrong argument,
    ``ValueError``. Messages about single records go to standard error, as on the command line.
    """
    return _run_files(
        inputs,
        output,
        mode,
        limit=limit,
        threads=threads,
        max_guesses=max_guesses,
        format=format,
        column=column,
        verify=verify,
        output_format=output_format,
        timing=timing,
        shard=shard,
        dedupe=dedupe,
        classes=classes,
    )


def canon_file(
    inputs: Union[PathLike, Sequence[PathLike]],
    output: PathLike,
    threads: Optional[int] = None,
    *,
    solution: bool = False,
    dedupe: bool = False,
    classes: bool = False,
    format: Optional[str] = None,
    column: Optional[str] = None,
    output_format: Optional[str] = None,
) -> dict:
    """Runs the command line's ``canon`` on files and returns its stats (with ``"classes"``
    and ``"duplicates"`` when ``dedupe`` or ``classes``).

    The answer key has each puzzle's minlex form (lines; or CSV and JSON Lines with the
    inputs' columns, then ``canon``, ``canon_solution`` with ``solution``, ``class`` with
    ``classes``, and ``status``), as the command line writes it. ``solution``, ``dedupe`` and
    ``classes`` are its ``--solution``, ``--dedupe`` and ``--classes``; the other arguments
    are ``solve_file``'s, and errors are raised as there.
    """
    return _run_files(
        inputs,
        output,
        "unique",
        threads=threads,
        format=format,
        column=column,
        output_format=output_format,
        canon=solution,
        dedupe=dedupe,
        classes=classes,
    )


def rate_file(
    inputs: Union[PathLike, Sequence[PathLike]],
    output: PathLike,
    threads: Optional[int] = None,
    *,
    format: Optional[str] = None,
    column: Optional[str] = None,
    output_format: Optional[str] = None,
    shard: Optional[str] = None,
    up_to: Optional[str] = None,
) -> dict:
    """Runs the command line's ``rate`` on files and returns its stats (with ``"levels"``).

    The answer key (CSV, or JSON Lines with ``output_format="jsonl"`` or an output named
    ``*.jsonl``) has the inputs' columns, then ``solution``, ``status``, ``level``,
    ``hardest``, ``score``, ``pearl``, ``diamond``, ``steps``, ``left`` and ``guesses``, as
    the command line writes them. The arguments are ``solve_file``'s; errors are raised as there.
    ``up_to`` is the command line's ``--up-to``: the ladder's last technique to try, by its name
    in the ``hardest`` column (default: the whole ladder).
    """
    return _run_files(
        inputs,
        output,
        "unique",
        threads=threads,
        format=format,
        column=column,
        output_format=output_format,
        shard=shard,
        rate=True,
        up_to=up_to,
    )


def _run_files(inputs: Any, output: PathLike, mode: str, **options: Any) -> dict:
    """The command line's pipeline over ``inputs`` (a path or paths) into ``output``: its
    stats. ``options`` are the native ``solve_file``'s."""
    if isinstance(inputs, (str, bytes, os.PathLike)):
        inputs = [inputs]
    paths = [os.fspath(p) for p in inputs]
    return json.loads(_native.solve_file(paths, os.fspath(output), mode, **options))


def _parts(puzzles: Any) -> Iterable[Any]:
    """``puzzles`` in parts that are each solved in one call: an Arrow ``ChunkedArray`` by
    chunk, anything else whole."""
    if _pa is not None:
        if _is_pandas(puzzles):
            puzzles = _pa.array(puzzles, from_pandas=True)
        if isinstance(puzzles, _pa.ChunkedArray):
            return puzzles.chunks or [_pa.array([], puzzles.type)]
    return [puzzles]


def _is_pandas(puzzles: Any) -> bool:
    return type(puzzles).__module__.startswith("pandas") and hasattr(puzzles, "array")


def _native_answers(puzzles: Any, options: tuple) -> tuple:
    """The native module's answer buffers for one part."""
    if _pa is not None and isinstance(puzzles, _pa.Array):
        return _solve_arrow(puzzles, options)
    dtype = getattr(puzzles, "dtype", None)
    if getattr(dtype, "kind", None) in ("S", "U") and hasattr(puzzles, "ctypes"):
        return _solve_numpy(puzzles, options)
    if _is_pandas(puzzles):
        puzzles = puzzles.tolist()
    return _native.solve_sequence(puzzles, *options)


def _solve_numpy(array: Any, options: tuple) -> tuple:
    """A NumPy ``S`` or ``U`` array, read in place."""
    if array.ndim != 1:
        raise ValueError(f"puzzles must be a 1-D array, not {array.ndim}-D")
    import numpy

    array = numpy.ascontiguousarray(array)
    if not array.dtype.isnative:
        # A big-endian `>U81` (or a little-endian one on a big-endian machine): the native
        # side reads characters in the machine's order.
        array = array.astype(array.dtype.newbyteorder("="))
    char_width = 1 if array.dtype.kind == "S" else 4
    width = array.dtype.itemsize // char_width
    memory = (array.ctypes.data, array.nbytes)
    # `array` is held here until the call returns, so its memory stays in place.
    return _native.solve_fixed(memory, char_width, width, len(array), *options)


def _solve_arrow(array: Any, options: tuple) -> tuple:
    """An Arrow string or binary array, read in place."""
    kind = array.type
    if _pa.types.is_string_view(kind) or _pa.types.is_binary_view(kind):
        array = array.cast(_pa.large_binary())
    elif _pa.types.is_null(kind):
        array = array.cast(_pa.binary())
    elif _pa.types.is_dictionary(kind):
        array = array.dictionary_decode()
    kind = array.type
    if _pa.types.is_string(kind) or _pa.types.is_binary(kind):
        offset_width = 4
    elif _pa.types.is_large_string(kind) or _pa.types.is_large_binary(kind):
        offset_width = 8
    else:
        raise TypeError(f"puzzles must be strings or bytes, not Arrow {kind}")
    validity, offsets, data = array.buffers()
    memory = [None if b is None else (b.address, b.size) for b in (validity, offsets, data)]
    if memory[2] is None:  # no data at all: every puzzle empty or null
        memory[2] = (0, 0)
    # `array` holds its buffers until the call returns, so their memory stays in place.
    return _native.solve_arrow(
        memory[2], memory[1], offset_width, array.offset, len(array), memory[0], *options
    )


def _to_batch(validity, offsets, solutions, statuses, counts, guesses, names) -> Any:
    """One part's answers as an Arrow record batch, on the native module's buffers: the
    first ``len(names)`` columns of solution (or form), status, counts, guesses."""
    n = len(statuses)
    wide = len(offsets) == 8 * (n + 1)
    text = _pa.large_string() if wide else _pa.string()
    buffer = _pa.py_buffer
    solution = _pa.Array.from_buffers(
        text, n, [buffer(validity), buffer(offsets), buffer(solutions)]
    )
    codes = _pa.Array.from_buffers(_pa.int8(), n, [None, buffer(statuses)])
    status = _pa.DictionaryArray.from_arrays(codes, _pa.array(STATUSES, _pa.string()))
    columns = [
        solution,
        status,
        _pa.Array.from_buffers(_pa.uint64(), n, [None, buffer(counts)]),
        _pa.Array.from_buffers(_pa.uint64(), n, [None, buffer(guesses)]),
    ]
    return _pa.RecordBatch.from_arrays(columns[: len(names)], names=list(names))


def _to_dict(parts: list, names: tuple) -> dict:
    """The answers as a dict of lists (the columns ``names``), for when pyarrow is absent."""
    from array import array

    columns: dict = {name: [] for name in COLUMNS}
    for validity, _offsets, solutions, statuses, counts, guesses in parts:
        for i, code in enumerate(statuses):
            solved = validity[i // 8] >> (i % 8) & 1
            text = solutions[81 * i : 81 * (i + 1)].decode() if solved else None
            columns["solution"].append(text)
            columns["status"].append(STATUSES[code])
        columns["solutions"].extend(array("Q", counts))
        columns["guesses"].extend(array("Q", guesses))
    values = list(columns.values())
    return {name: values[i] for i, name in enumerate(names)}
