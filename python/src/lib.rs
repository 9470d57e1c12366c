//! The native half of the Python package `sudoku_batch` (the Python half is `sudoku_batch/`).
//!
//! Puzzles come in three shapes: a Python sequence (copied once), fixed-width bytes (a NumPy
//! `S` array, read in place) or an Arrow string column's offsets and data (read in place). All
//! are solved on the rayon pool with the GIL released, each answer checked as the command line
//! checks it, and the answers go back as column buffers that the Python side wraps into Arrow
//! arrays without copying them again.

use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use rayon::prelude::*;
use sudoku_batch::input::{InputPath, Options, read_puzzle};
use sudoku_batch::logic::Technique;
use sudoku_batch::output::OutputFormat;
use sudoku_batch::record::verdict::Verdict;
use sudoku_batch::run::answer::solve_checked;
use sudoku_batch::run::pipeline::Config;
use sudoku_batch::run::target::Target;
use sudoku_batch::{Grid, Mode};

/// Records solved per task: enough that scheduling costs nothing, few enough that the cores
/// share a small batch.
const BLOCK: usize = 256;

/// One batch's answers, column by column.
struct Columns {
    /// 81 digits a record, zeros where there is no solution.
    solutions: Vec<u8>,
    /// Each record's status, as [`Verdict`] as `u8`.
    statuses: Vec<u8>,
    /// Solutions found (the count, in count mode), native-endian `u64`s.
    counts: Vec<u8>,
    /// The engine's guesses, native-endian `u64`s.
    guesses: Vec<u8>,
}

impl Columns {
    /// Solves record `record(i)` for every `i < n`, in parallel on the current rayon pool.
    fn solve<'a>(
        n: usize,
        record: impl Fn(usize) -> &'a [u8] + Sync,
        task: Task,
        max_guesses: u64,
    ) -> Columns {
        let mut c = Columns {
            solutions: vec![0; 81 * n],
            statuses: vec![0; n],
            counts: vec![0; 8 * n],
            guesses: vec![0; 8 * n],
        };
        c.solutions
            .par_chunks_mut(81 * BLOCK)
            .zip(c.statuses.par_chunks_mut(BLOCK))
            .zip(c.counts.par_chunks_mut(8 * BLOCK))
            .zip(c.guesses.par_chunks_mut(8 * BLOCK))
            .enumerate()
            .for_each(|(b, (((solutions, statuses), counts), guesses))| {
                for (j, status) in statuses.iter_mut().enumerate() {
                    let (solution, verdict, count, tries) =
                        answer(record(b * BLOCK + j), task, max_guesses);
                    if let Some(s) = solution {
                        for (out, v) in solutions[81 * j..81 * (j + 1)].iter_mut().zip(s.cells()) {
                            *out = b'0' + v;
                        }
                    }
                    *status = verdict as u8;
                    counts[8 * j..8 * (j + 1)].copy_from_slice(&count.to_ne_bytes());
                    guesses[8 * j..8 * (j + 1)].copy_from_slice(&tries.to_ne_bytes());
                }
            });
        c
    }

    /// Arrow's validity bitmap of the solution column: bit `i` set when record `i` has one.
    fn validity(&self) -> Vec<u8> {
        let n = self.statuses.len();
        let mut bits = vec![0u8; n.div_ceil(8)];
        for i in 0..n {
            if self.solutions[81 * i] != 0 {
                bits[i / 8] |= 1 << (i % 8);
            }
        }
        bits
    }
}

/// What each record gets.
#[derive(Clone, Copy)]
enum Task {
    /// Solved in this mode.
    Solve(Mode),
    /// Put in its canonical form (`canon`), in place of a solution.
    Canon,
}

/// One record's answer: its solution (checked) or with [`Task::Canon`] its form, status,
/// count and guesses. The rules are the command line's: a record that is not a puzzle is
/// `malformed`, a puzzle whose clues clash `invalid`.
fn answer(text: &[u8], task: Task, max_guesses: u64) -> (Option<Grid>, Verdict, u64, u64) {
    let Ok(puzzle) = read_puzzle(text) else {
        return (None, Verdict::Malformed, 0, 0);
    };
    match task {
        Task::Solve(mode) => {
            let out = solve_checked(&puzzle, mode, max_guesses);
            (
                out.solution,
                Verdict::from(out.status),
                out.count,
                out.guesses,
            )
        }
        Task::Canon => {
            let verdict = match puzzle.has_conflict() {
                true => Verdict::Invalid,
                false => Verdict::Canonical,
            };
            (Some(sudoku_batch::canon::minlex(&puzzle)), verdict, 0, 0)
        }
    }
}

/// The task, from its mode's name and limit (`canon`: the canonical form), with the command
/// line's messages as `ValueError`s.
fn task(name: &str, limit: Option<u64>) -> PyResult<Task> {
    if name == "canon" {
        return Ok(Task::Canon);
    }
    Mode::from_name(name, limit)
        .map(Task::Solve)
        .map_err(PyValueError::new_err)
}

/// Runs `solve` on a pool of `threads` threads, or on the shared pool of one per core.
/// Solves records `0..n` (`record(i)` is one's text) with the GIL released, on `threads`
/// threads, and hands the answers to Python.
fn answer_all<'a>(
    py: Python<'_>,
    n: usize,
    record: impl Fn(usize) -> &'a [u8] + Sync + Send,
    task: Task,
    threads: Option<usize>,
    max_guesses: Option<u64>,
) -> PyResult<Answers> {
    let max_guesses = max_guesses.unwrap_or(u64::MAX);
    let threads = bounded_threads(py, threads)?;
    let columns =
        py.detach(|| on_threads(threads, || Columns::solve(n, record, task, max_guesses)))?;
    Ok(to_python(py, columns))
}

fn on_threads<T: Send>(threads: Option<usize>, solve: impl FnOnce() -> T + Send) -> PyResult<T> {
    match threads {
        None => Ok(solve()),
        Some(n) => {
            let pool = sudoku_batch::run::pipeline::solver_pool(n)
                .map_err(|e| PyOSError::new_err(format!("{e:#}")))?;
            Ok(pool.install(solve))
        }
    }
}

/// `threads` as asked (`None`: one per core, on the shared pool), refused when 0 and cut to
/// the command line's bound (four per core) with a Python warning when more.
fn bounded_threads(py: Python<'_>, threads: Option<usize>) -> PyResult<Option<usize>> {
    let Some(asked) = threads else {
        return Ok(None);
    };
    if asked == 0 {
        return Err(PyValueError::new_err(
            "threads: give 1 or more (None: one per core)",
        ));
    }
    let (n, warning) = sudoku_batch::run::pipeline::thread_count(asked, "threads=");
    if let Some(warning) = warning {
        let category = py.get_type::<pyo3::exceptions::PyResourceWarning>();
        PyErr::warn(py, &category, &std::ffi::CString::new(warning)?, 1)?;
    }
    Ok(Some(n))
}

/// Memory that the Python side holds while the call runs: the address and length of a NumPy
/// array's data or an Arrow buffer. (The buffer protocol is not in the stable ABI before
/// Python 3.11, and one wheel serves 3.9 on; the Python half takes the address from the
/// object and keeps the object alive until the call returns.)
type Memory = (usize, usize);

/// The bytes of `memory`.
///
/// # Safety
/// The address must point to that many readable bytes that stay in place, unchanged, while
/// the slice lives: the functions below that take memory are private to the package, called
/// only by its Python half with the addresses of objects it holds.
unsafe fn bytes_at<'a>((address, len): Memory) -> &'a [u8] {
    if len == 0 {
        return &[];
    }
    // SAFETY: as the caller promises.
    unsafe { std::slice::from_raw_parts(address as *const u8, len) }
}

/// The answers as Python bytes: Arrow buffers for the solution column (validity, offsets,
/// data) and the statuses (`u8` codes, indexes of `STATUSES`), counts and guesses (`u64`s).
type Answers = (
    Py<PyBytes>,
    Py<PyBytes>,
    Py<PyBytes>,
    Py<PyBytes>,
    Py<PyBytes>,
    Py<PyBytes>,
);

fn to_python(py: Python<'_>, c: Columns) -> Answers {
    let validity = c.validity();
    // Arrow's `string` has 32-bit offsets; `large_string` (64-bit) past 2 GiB of text.
    let n = c.statuses.len();
    let offsets: Vec<u8> = if 81 * n <= i32::MAX as usize {
        (0..=n)
            .flat_map(|i| (81 * i as i32).to_ne_bytes())
            .collect()
    } else {
        (0..=n)
            .flat_map(|i| (81 * i as i64).to_ne_bytes())
            .collect()
    };
    let bytes = |b: &[u8]| PyBytes::new(py, b).unbind();
    (
        bytes(&validity),
        bytes(&offsets),
        bytes(&c.solutions),
        bytes(&c.statuses),
        bytes(&c.counts),
        bytes(&c.guesses),
    )
}

/// Solves a sequence of puzzles (`str`, `bytes` or `None`), copied once.
#[pyfunction]
#[pyo3(signature = (puzzles, mode_name, limit=None, threads=None, max_guesses=None))]
fn solve_sequence(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    mode_name: &str,
    limit: Option<u64>,
    threads: Option<usize>,
    max_guesses: Option<u64>,
) -> PyResult<Answers> {
    let task = task(mode_name, limit)?;
    let (mut data, mut ends) = (Vec::new(), Vec::new());
    for item in puzzles.try_iter()? {
        let item = item?;
        if let Ok(s) = item.cast::<PyString>() {
            data.extend_from_slice(s.to_cow()?.as_bytes());
        } else if let Ok(b) = item.cast::<PyBytes>() {
            data.extend_from_slice(b.as_bytes());
        } else if !item.is_none() {
            let kind = item.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "puzzles must be str, bytes or None, not {kind}"
            )));
        }
        ends.push(data.len());
    }
    let record = |i: usize| &data[if i == 0 { 0 } else { ends[i - 1] }..ends[i]];
    answer_all(py, ends.len(), record, task, threads, max_guesses)
}

/// Solves `count` fixed-width records of `width` characters of `char_width` bytes each (a
/// NumPy `S` array: 1, read in place; `U`: 4, UCS-4, copied once to bytes), trailing NULs
/// being padding. `data` is the array's memory, held by the caller.
#[pyfunction]
#[pyo3(signature = (data, char_width, width, count, mode_name, limit=None, threads=None, max_guesses=None))]
#[allow(clippy::too_many_arguments)]
fn solve_fixed(
    py: Python<'_>,
    data: Memory,
    char_width: usize,
    width: usize,
    count: usize,
    mode_name: &str,
    limit: Option<u64>,
    threads: Option<usize>,
    max_guesses: Option<u64>,
) -> PyResult<Answers> {
    let task = task(mode_name, limit)?;
    let stride = char_width * width;
    if ![1, 4].contains(&char_width) || data.1 < stride * count {
        return Err(PyValueError::new_err(
            "the array's memory does not fit its records",
        ));
    }
    // SAFETY: the caller holds the array while this runs.
    let memory = unsafe { bytes_at(data) };
    let narrowed: Vec<u8>;
    let bytes = if char_width == 1 {
        memory
    } else {
        // A character outside ASCII is no digit or blank, so 0xFF (never valid UTF-8) keeps
        // the record malformed, as the same text from a file would be.
        let ucs4 = memory[..stride * count].chunks_exact(4);
        narrowed = ucs4
            .map(
                |c| match u32::from_ne_bytes(c.try_into().expect("4 bytes")) {
                    c @ 0..0x80 => c as u8,
                    _ => 0xFF,
                },
            )
            .collect();
        &narrowed
    };
    let record = |i: usize| {
        let r = &bytes[i * width..(i + 1) * width];
        let end = r.iter().rposition(|&b| b != 0).map_or(0, |p| p + 1);
        &r[..end]
    };
    answer_all(py, count, record, task, threads, max_guesses)
}

/// Solves an Arrow string column in place from its buffers' memory, held by the caller:
/// `offsets` (32- or 64-bit, `offset_width` bytes each) into `data`, from the array's
/// `offset`; `validity` (or `None`) marks nulls, which are `malformed`.
#[pyfunction]
#[pyo3(signature = (data, offsets, offset_width, offset, count, validity, mode_name, limit=None, threads=None, max_guesses=None))]
#[allow(clippy::too_many_arguments)]
fn solve_arrow(
    py: Python<'_>,
    data: Memory,
    offsets: Memory,
    offset_width: usize,
    offset: usize,
    count: usize,
    validity: Option<Memory>,
    mode_name: &str,
    limit: Option<u64>,
    threads: Option<usize>,
    max_guesses: Option<u64>,
) -> PyResult<Answers> {
    let task = task(mode_name, limit)?;
    if ![4, 8].contains(&offset_width)
        || offsets.1 < offset_width * (offset + count + 1)
        || validity.is_some_and(|v| v.1 < (offset + count).div_ceil(8))
    {
        return Err(PyValueError::new_err("the buffers do not fit the array"));
    }
    // SAFETY: the caller holds the array, and so its buffers, while this runs.
    let (bytes, offs, valid) = unsafe {
        (
            bytes_at(data),
            bytes_at(offsets),
            validity.map(|v| bytes_at(v)),
        )
    };
    let at = |i: usize| -> usize {
        let o = &offs[offset_width * i..offset_width * (i + 1)];
        match offset_width {
            4 => i32::from_ne_bytes(o.try_into().expect("4 bytes")) as usize,
            _ => i64::from_ne_bytes(o.try_into().expect("8 bytes")) as usize,
        }
    };
    let record = |i: usize| {
        let j = offset + i;
        let null = valid.is_some_and(|v| v[j / 8] >> (j % 8) & 1 == 0);
        let (start, end) = (at(j), at(j + 1));
        if null || start > end || end > bytes.len() {
            &[][..]
        } else {
            &bytes[start..end]
        }
    };
    answer_all(py, count, record, task, threads, max_guesses)
}

/// Runs the command line's `solve` over files and returns its stats as JSON text. `output`:
/// the answer key's file (`-` for stdout).
#[pyfunction]
#[pyo3(signature = (inputs, output, mode_name, limit=None, threads=None, max_guesses=None, format=None, column=None, verify=false, output_format=None, timing=false, shard=None, rate=false, up_to=None, canon=None, dedupe=false, classes=false))]
#[allow(clippy::too_many_arguments)]
fn solve_file(
    py: Python<'_>,
    inputs: Vec<String>,
    output: String,
    mode_name: &str,
    limit: Option<u64>,
    threads: Option<usize>,
    max_guesses: Option<u64>,
    format: Option<String>,
    column: Option<String>,
    verify: bool,
    output_format: Option<String>,
    timing: bool,
    shard: Option<String>,
    rate: bool,
    up_to: Option<String>,
    canon: Option<bool>,
    dedupe: bool,
    classes: bool,
) -> PyResult<String> {
    let mode = Mode::from_name(mode_name, limit).map_err(PyValueError::new_err)?;
    let dedupe = match (dedupe, classes) {
        (true, true) => {
            return Err(PyValueError::new_err(
                "dedupe and classes cannot both be true: a duplicate is left out or numbered",
            ));
        }
        (true, false) => sudoku_batch::canon::Dedupe::Drop,
        (false, true) => sudoku_batch::canon::Dedupe::Number,
        (false, false) => sudoku_batch::canon::Dedupe::Keep,
    };
    let top = match up_to.as_deref() {
        None => Technique::TOP,
        Some(name) => Technique::from_key_name(name).ok_or_else(|| {
            let names: Vec<&str> = Technique::ALL.iter().map(|t| t.key_name()).collect();
            PyValueError::new_err(format!(
                "invalid value '{name}' for up_to: possible values are {}",
                names.join(", ")
            ))
        })?,
    };
    let shard = shard
        .map(|s| s.parse::<sudoku_batch::run::shard::Shard>())
        .transpose()
        .map_err(PyValueError::new_err)?;
    if let Some(f) = &format {
        let known = sudoku_batch::input::LAYOUTS.iter().any(|k| k.name == f);
        if !known {
            let names: Vec<&str> = sudoku_batch::input::LAYOUTS
                .iter()
                .map(|k| k.name)
                .collect();
            return Err(PyValueError::new_err(format!(
                "invalid value '{f}' for format: possible values are {}",
                names.join(", ")
            )));
        }
    }
    let output_format = match output_format.as_deref() {
        None => None,
        Some("csv") => Some(OutputFormat::Csv),
        Some("lines") => Some(OutputFormat::Lines),
        Some("jsonl") => Some(OutputFormat::Jsonl),
        Some("grid") => Some(OutputFormat::Grid(sudoku_batch::GridStyle::Compact)),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "invalid value '{other}' for output_format: possible values are csv, lines, grid, jsonl"
            )));
        }
    };
    let config = Config {
        inputs: inputs
            .iter()
            .map(|p| InputPath::from_arg(p.as_ref()))
            .collect(),
        output: Target::from_arg(output.as_ref()),
        input: Options {
            format,
            column,
            verify,
            ..Options::default()
        },
        output_format,
        mode,
        threads: bounded_threads(py, threads)?.unwrap_or(0),
        max_guesses: max_guesses.unwrap_or(u64::MAX),
        timing,
        shard,
        rate: rate.then_some(top),
        canon: canon.map(|solution| sudoku_batch::canon::Forms { solution }),
        dedupe,
        ..Config::default()
    };
    let stats = py.detach(|| sudoku_batch::run::pipeline::run(&config));
    match stats {
        Ok(stats) => Ok(stats.to_json().to_string()),
        Err(e)
            if e.chain()
                .any(|c| c.downcast_ref::<std::io::Error>().is_some()) =>
        {
            Err(PyOSError::new_err(format!("{e:#}")))
        }
        Err(e) => Err(PyValueError::new_err(format!("{e:#}"))),
    }
}

/// The status names, indexed by the status codes of the answers.
fn statuses() -> Vec<&'static str> {
    Verdict::ALL.iter().map(|v| v.as_str()).collect()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The shared pool (`threads=None`) is bounded as every other: rayon's own default would
    // take RAYON_NUM_THREADS as it is, however large. (Already built: another caller's.)
    let threads = sudoku_batch::run::pipeline::thread_count(0, "threads=").0;
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global();
    m.add_function(wrap_pyfunction!(solve_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(solve_fixed, m)?)?;
    m.add_function(wrap_pyfunction!(solve_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(solve_file, m)?)?;
    m.add("STATUSES", statuses())?;
    m.add("MODES", Mode::NAMES.to_vec())?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
