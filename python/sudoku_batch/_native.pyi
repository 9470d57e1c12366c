"""The native half of `sudoku_batch` (Rust, via PyO3). Private: call `sudoku_batch.solve` and
`sudoku_batch.solve_file`, which check their arguments and hold the memory passed here."""

from typing import Iterable, List, Optional, Tuple, Union

STATUSES: List[str]
MODES: List[str]
VERSION: str

#: The address and length of memory the caller holds while the call runs.
Memory = Tuple[int, int]
#: Arrow buffers of the answers: the solution column's validity, offsets and data, then the
#: status codes (indexes of STATUSES), counts and guesses (native-endian uint64). With
#: mode_name "canon" (`sudoku_batch.canon`) the forms take the solutions' place.
Answers = Tuple[bytes, bytes, bytes, bytes, bytes, bytes]

def solve_sequence(
    puzzles: Iterable[Union[str, bytes, None]],
    mode_name: str,
    limit: Optional[int] = None,
    threads: Optional[int] = None,
    max_guesses: Optional[int] = None,
) -> Answers: ...
def solve_fixed(
    data: Memory,
    char_width: int,
    width: int,
    count: int,
    mode_name: str,
    limit: Optional[int] = None,
    threads: Optional[int] = None,
    max_guesses: Optional[int] = None,
) -> Answers: ...
def solve_arrow(
    data: Memory,
    offsets: Memory,
    offset_width: int,
    offset: int,
    count: int,
    validity: Optional[Memory],
    mode_name: str,
    limit: Optional[int] = None,
    threads: Optional[int] = None,
    max_guesses: Optional[int] = None,
) -> Answers: ...
def solve_file(
    inputs: List[str],
    output: str,
    mode_name: str,
    limit: Optional[int] = None,
    threads: Optional[int] = None,
    max_guesses: Optional[int] = None,
    format: Optional[str] = None,
    column: Optional[str] = None,
    verify: bool = False,
    output_format: Optional[str] = None,
    timing: bool = False,
    shard: Optional[str] = None,
    rate: bool = False,
    up_to: Optional[str] = None,
    canon: Optional[bool] = None,
    dedupe: bool = False,
    classes: bool = False,
) -> str: ...
