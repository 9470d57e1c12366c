"""`sudoku_batch.canon`: the command line's forms, from every shape of input."""

import subprocess

import pytest

import sudoku_batch
from conftest import DATA, lines

pa = pytest.importorskip("pyarrow")


def cli_forms(cli, name):
    run = subprocess.run([str(cli), "canon", "-q", str(DATA / name)], capture_output=True,
                         check=True, text=True)
    return run.stdout.split("\n")[:-1]


def test_forms_are_the_command_lines_and_the_references(cli):
    puzzles = lines("kaggle_1000.txt")
    table = sudoku_batch.canon(puzzles, threads=2)
    assert table.column_names == list(sudoku_batch.CANON_COLUMNS)
    forms = table.column("canon").to_pylist()
    assert forms == cli_forms(cli, "kaggle_1000.txt")
    # kaityo256/minlex's forms, built side by side (data/canon/).
    assert forms == (DATA / "canon" / "kaggle_1000_minlex.txt").read_text().split()
    assert set(table.column("status").to_pylist()) == {"canonical"}


def test_every_shape_of_input_gives_the_same_forms():
    import numpy

    puzzles = lines("17_clue_1000.txt")[:50]
    expected = sudoku_batch.canon(puzzles).column("canon").to_pylist()
    shapes = [
        numpy.array(puzzles, dtype="S81"),
        numpy.array(puzzles, dtype="U81"),
        pa.array(puzzles),
        pa.chunked_array([puzzles[:20], puzzles[20:]]),
    ]
    for shape in shapes:
        assert sudoku_batch.canon(shape).column("canon").to_pylist() == expected


def test_records_that_are_no_puzzle_and_clues_that_clash():
    clash = "55" + "0" * 79
    table = sudoku_batch.canon(["nope", None, clash])
    assert table.column("status").to_pylist() == ["malformed", "malformed", "invalid"]
    forms = table.column("canon").to_pylist()
    assert forms[:2] == [None, None]
    assert forms[2] == "0" * 79 + "11"


def test_moved_copies_share_a_form():
    puzzle = lines("17_clue_1000.txt")[3]
    # Transposed, and the digits relabelled 1<->9.
    rows = [puzzle[9 * r : 9 * r + 9] for r in range(9)]
    transposed = "".join(rows[c][r] for r in range(9) for c in range(9))
    relabelled = transposed.translate(str.maketrans("19", "91"))
    forms = sudoku_batch.canon([puzzle, relabelled]).column("canon").to_pylist()
    assert forms[0] == forms[1]


def test_solve_has_no_canon_mode():
    with pytest.raises(ValueError, match="invalid value 'canon' for mode"):
        sudoku_batch.solve(["0" * 81], mode="canon")


def test_canon_file_and_solve_file_dedupe_as_the_command_line(cli, tmp_path):
    puzzles = lines("17_clue_1000.txt")[:30]
    # Each puzzle twice: once as it is, once transposed (the same puzzle).
    def transposed(p):
        return "".join(p[9 * c + r] for r in range(9) for c in range(9))
    text = "".join(f"{p}\n{transposed(p)}\n" for p in puzzles)
    source = tmp_path / "in.txt"
    source.write_text(text)
    key = tmp_path / "forms.txt"
    stats = sudoku_batch.canon_file(source, key, dedupe=True)
    assert (stats["records"], stats["duplicates"], stats["classes"]) == (30, 30, 30)
    run = subprocess.run([str(cli), "canon", "-q", "--dedupe", str(source)],
                         capture_output=True, check=True, text=True)
    assert key.read_text() == run.stdout
    numbered = tmp_path / "classes.csv"
    stats = sudoku_batch.canon_file(source, numbered, classes=True, solution=True,
                                    output_format="csv")
    rows = numbered.read_text().splitlines()
    assert rows[0] == "puzzle,canon,canon_solution,class,status"
    assert [r.split(",")[3] for r in rows[1:]] == [str(1 + i // 2) for i in range(60)]
    solved = tmp_path / "key.txt"
    stats = sudoku_batch.solve_file(source, solved, dedupe=True)
    assert (stats["records"], stats["duplicates"]) == (30, 30)
    with pytest.raises(ValueError, match="cannot both be true"):
        sudoku_batch.solve_file(source, solved, dedupe=True, classes=True)
    with pytest.raises(ValueError, match="--dedupe cannot go with --shard"):
        sudoku_batch.solve_file(source, solved, dedupe=True, shard="1/2")
