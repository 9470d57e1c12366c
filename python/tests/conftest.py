"""Shared fixtures: the repository's data sets and the command line built from the same tree."""

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"


@pytest.fixture(scope="session")
def cli() -> Path:
    """The `sudoku-batch` binary: $SUDOKU_BATCH_BIN, or built here with cargo."""
    given = os.environ.get("SUDOKU_BATCH_BIN")
    if given:
        return Path(given)
    subprocess.run(["cargo", "build", "--quiet", "--bin", "sudoku-batch"], cwd=REPO, check=True)
    return REPO / "target" / "debug" / "sudoku-batch"


def lines(name: str) -> list:
    """The puzzles of a one-per-line data set in data/."""
    return (DATA / name).read_text().split()


def cli_key(cli: Path, *args: str) -> list:
    """The answer key rows (CSV, header dropped) of `sudoku-batch solve ARGS`."""
    run = subprocess.run([str(cli), "solve", "-q", "--output-format", "csv", *args],
                         capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    rows = run.stdout.splitlines()
    return [row.split(",") for row in rows[1:]]
