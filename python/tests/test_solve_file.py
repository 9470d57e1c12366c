"""`sudoku_batch.solve_file`: the command line's pipeline, its answer key and its stats."""

import json
import subprocess

import pytest

import sudoku_batch
from conftest import DATA

KAGGLE = DATA / "csv" / "kaggle_quizzes_solutions_100.csv"


def cli_run(cli, *args):
    return subprocess.run([str(cli), "solve", "-q", *map(str, args)], capture_output=True)


@pytest.mark.parametrize("inputs,options,flags", [
    ([KAGGLE], {}, []),
    ([KAGGLE], {"verify": True}, ["--verify"]),
    ([DATA / "gen_mixed_1000.txt", DATA / "17_clue_1000.txt"], {"mode": "count", "limit": 3},
     ["--mode", "count", "--limit", "3"]),
    ([DATA / "grid" / "spaced_10.txt"], {"output_format": "jsonl"}, ["--output-format", "jsonl"]),
    ([DATA / "csv" / "id_puzzle_solution_clues_difficulty_100.csv"], {"column": "puzzle",
     "mode": "lexmin"}, ["--column", "puzzle", "--mode", "lexmin"]),
])
def test_the_answer_key_and_stats_are_the_command_lines(cli, tmp_path, inputs, options, flags):
    ours, theirs = tmp_path / "ours.out", tmp_path / "theirs.out"
    stats = sudoku_batch.solve_file(inputs, ours, **options)
    run = cli_run(cli, *inputs, *flags, "-o", theirs, "--stats", tmp_path / "stats.json")
    assert run.returncode in (0, 1), run.stderr
    assert ours.read_bytes() == theirs.read_bytes()
    expected = json.loads((tmp_path / "stats.json").read_text())
    assert stats["records"] == expected["records"] > 0
    assert stats["counts"] == expected["counts"]
    assert stats["mode"] == expected["mode"]


def test_one_path_alone_is_one_input(tmp_path):
    stats = sudoku_batch.solve_file(str(KAGGLE), tmp_path / "key.csv", verify=True, threads=1)
    assert stats["counts"]["solved"] == 100 == stats["records"]
    assert (tmp_path / "key.csv").read_text().count("\n") == 101


def test_bad_records_are_counted_not_raised(tmp_path):
    puzzles = tmp_path / "bad.txt"
    puzzles.write_text("x\n" + "1" * 81 + "\n")
    stats = sudoku_batch.solve_file(puzzles, tmp_path / "key.txt")
    assert (stats["counts"]["invalid"], stats["counts"]["malformed"]) == (1, 1)


def test_a_missing_input_is_an_os_error_and_writes_nothing(tmp_path):
    with pytest.raises(OSError, match="no-such-file"):
        sudoku_batch.solve_file(tmp_path / "no-such-file.txt", tmp_path / "key.txt")
    assert list(tmp_path.iterdir()) == []


def test_an_output_that_cannot_be_written_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        sudoku_batch.solve_file(KAGGLE, tmp_path / "missing-dir" / "key.csv")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("options,message", [
    ({"format": "xml"}, "invalid value 'xml' for format"),
    ({"output_format": "xml"}, "invalid value 'xml' for output_format"),
    ({"mode": "fast"}, "invalid value 'fast' for mode"),
    ({"column": "nope"}, "nope"),
    ({"shard": "0/3"}, "invalid shard '0/3'"),
    ({"threads": 0}, "threads: give 1 or more"),
])
def test_a_wrong_argument_is_a_value_error(tmp_path, options, message):
    with pytest.raises(ValueError, match=message):
        sudoku_batch.solve_file(KAGGLE, tmp_path / "key.csv", **options)
    assert not (tmp_path / "key.csv").exists()


def test_shards_are_the_command_lines_and_add_up_to_the_whole(cli, tmp_path):
    inputs = [DATA / "gen_mixed_1000.txt", DATA / "17_clue_1000.txt"]
    keys = []
    for k in (1, 2, 3):
        ours, theirs = tmp_path / f"ours{k}.csv", tmp_path / f"theirs{k}.csv"
        stats = sudoku_batch.solve_file(inputs, ours, shard=f"{k}/3", output_format="csv")
        run = cli_run(cli, *inputs, "--shard", f"{k}/3", "--output-format", "csv", "-o", theirs)
        assert run.returncode in (0, 1), run.stderr
        assert ours.read_bytes() == theirs.read_bytes()
        assert (stats["shard"]["index"], stats["shard"]["count"]) == (k, 3)
        keys.append(ours.read_text().splitlines(keepends=True))
    whole = tmp_path / "whole.csv"
    sudoku_batch.solve_file(inputs, whole, output_format="csv")
    assert "".join(keys[0] + keys[1][1:] + keys[2][1:]) == whole.read_text()


def test_rate_file_is_the_command_lines_rate(cli, tmp_path):
    ours, theirs = tmp_path / "ours.csv", tmp_path / "theirs.csv"
    inputs = [DATA / "kaggle_1000.txt", DATA / "hardest_11plus_500.txt"]
    # Up to the dynamic chains: the nested ones take seconds on each 11+ puzzle.
    stats = sudoku_batch.rate_file(inputs, ours, threads=2, up_to="dynamic-chain")
    run = subprocess.run([str(cli), "rate", "-q", *map(str, inputs), "-o", str(theirs),
                          "--up-to", "dynamic-chain"], capture_output=True)
    assert run.returncode == 0, run.stderr
    assert ours.read_bytes() == theirs.read_bytes()
    assert stats["levels"] == {"easy": 1000, "medium": 0, "hard": 0, "expert": 0, "beyond": 500}
    header = ours.read_text().splitlines()[0]
    assert header == "puzzle,solution,status,level,hardest,score,pearl,diamond,steps,left,guesses"
    jsonl = tmp_path / "key.jsonl"
    sudoku_batch.rate_file(DATA / "kaggle_1000.txt", jsonl)
    first = json.loads(jsonl.read_text().splitlines()[0])
    assert first["level"] == "easy" and first["left"] == 0
    with pytest.raises(ValueError, match="for up_to: possible values are full-house"):
        sudoku_batch.rate_file(DATA / "kaggle_1000.txt", jsonl, up_to="guessing")
    with pytest.raises(ValueError, match="csv or jsonl"):
        sudoku_batch.rate_file(DATA / "kaggle_1000.txt", tmp_path / "key.txt", output_format="lines")
