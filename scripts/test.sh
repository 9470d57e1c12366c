#!/usr/bin/env bash
# Every test: the Rust crates (`cargo test`), then the Python package, built from this tree
# with maturin into a virtual environment of its own (target/python-venv, made on the first
# run; its packages are the `test` extra of python/pyproject.toml) and tested with pytest.
# Needs cargo and python3 (3.9 or newer, with venv); PyPI must be reachable on the first run.
# Arguments go to pytest (e.g. `-k dask`).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test

venv=target/python-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))' ||
        { echo "scripts/test.sh: the Python package needs python3 3.9 or newer" >&2; exit 1; }
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "maturin>=1.7,<2"
fi
# Builds the native module (the dev profile, as `cargo test`) and installs the test packages.
(cd python && VIRTUAL_ENV="$PWD/../$venv" "../$venv/bin/maturin" develop --profile dev --quiet --extras test)
# The command line the Python tests compare with: the one `cargo test` has just built.
SUDOKU_BATCH_BIN="$PWD/target/debug/sudoku-batch" "$venv/bin/python" -m pytest -q python "$@"
