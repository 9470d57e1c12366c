//! Answering one chunk: parse each record by its input's layout, solve it, check the
//! answer, format it, and note what the stats and the messages need. Runs on a worker.

use crate::clock;
use crate::grid::Grid;
use crate::input::{Chunk, Layout};
use crate::output::{Answer, ChunkWriter, Echo, OutputFormat};
use crate::record::{Read, each_record};
use crate::solver::{Mode, solve_within};
use crate::verdict::Verdict;
use std::io::Write;

/// What every chunk of one input is answered with.
#[derive(Debug, Clone)]
pub struct Job {
    pub layout: Layout,
    /// The input's name, for messages.
    pub name: String,
    pub mode: Mode,
    pub max_guesses: u64,
    pub output: OutputFormat,
    /// Input columns echoed in each CSV output row.
    pub width: usize,
    pub verify: bool,
    pub timing: bool,
}

/// One record's line in the stats.
#[derive(Debug, Clone, Copy)]
pub struct RecordStat {
    pub line: u64,
    pub verdict: Verdict,
    /// `None` for records the engine never saw (malformed).
    pub nanos: Option<u64>,
    pub guesses: u64,
}

/// A chunk, answered.
#[derive(Default)]
pub struct Answered {
    pub input: usize,
    /// The answer key's bytes for this chunk.
    pub out: Vec<u8>,
    /// `NAME:LINE: why` lines for stderr.
    pub messages: Vec<u8>,
    pub records: Vec<RecordStat>,
}

/// Answers a chunk, in the buffers of `spent` (an answered chunk already written, or
/// `Answered::default()`): reusing them spares an allocation and fresh pages per chunk.
pub fn answer_chunk(chunk: &Chunk, job: &Job, spent: Answered) -> Answered {
    let Answered {
        mut out,
        mut messages,
        mut records,
        ..
    } = spent;
    // Room for the input echoed plus a solution, a status and timing per record.
    out.clear();
    out.reserve(chunk.text.len() + chunk.records.len() * 128);
    messages.clear();
    records.clear();
    let mut writer = ChunkWriter::new(job.output, job.width, job.timing, out);
    each_record(chunk, &job.layout, job.verify, |i, raw, read| {
        let (answer, why) = answer_one(read, job);
        if let Some(why) = why {
            let _ = writeln!(messages, "{}:{}: {why}", job.name, raw.line);
        }
        let grid_line;
        let echo = match (read.row, &read.puzzle, &job.layout) {
            (Some(row), _, _) => Echo::Row(row),
            (None, Ok(p), Layout::Grid(_)) => {
                grid_line = p.to_line(b'0');
                Echo::Field(&grid_line)
            }
            (None, _, Layout::Lines) => Echo::Field(read.token),
            _ => Echo::Nothing,
        };
        writer.record(&echo, &answer, chunk.first_index + i as u64 == 0);
        records.push(RecordStat {
            line: raw.line,
            verdict: answer.verdict,
            nanos: read.puzzle.is_ok().then_some(answer.nanos),
            guesses: answer.guesses,
        });
    });
    Answered {
        input: chunk.input,
        out: writer.finish(),
        messages,
        records,
    }
}

/// Solves a read record and checks the result; the message to report, if any.
fn answer_one(read: &Read, job: &Job) -> (Answer, Option<String>) {
    let puzzle = match &read.puzzle {
        Ok(p) => p,
        Err(why) => {
            let answer = Answer {
                verdict: Verdict::Malformed,
                solution: None,
                guesses: 0,
                nanos: 0,
            };
            return (answer, Some(why.clone()));
        }
    };
    let start = clock::now();
    let outcome = solve_within(puzzle, job.mode, job.max_guesses);
    let nanos = clock::nanos_between(start, clock::now());
    if let Some(s) = &outcome.solution {
        // Every printed solution is checked; a failure here is an engine bug, never output.
        if let Err(e) = s.check_solution_of(puzzle) {
            panic!("engine bug on {puzzle}: {s} is not a solution: {e}");
        }
    }
    let mut verdict = Verdict::from(outcome.status);
    let mut why = match verdict {
        Verdict::Invalid => puzzle.find_conflict().map(|c| c.to_string()),
        _ => None,
    };
    let problem = read
        .expected
        .and_then(|expected| verify(puzzle, outcome.solution.as_ref(), expected));
    if let Some(problem) = problem {
        verdict = Verdict::Mismatch;
        why = Some(problem);
    }
    let answer = Answer {
        verdict,
        solution: outcome.solution,
        guesses: outcome.guesses,
        nanos,
    };
    (answer, why)
}

/// Compares the answer with the solution given in the input; what is wrong, if anything.
/// A given solution other than ours is accepted when it is valid too (a puzzle with several
/// solutions, or `first` mode), since a valid solution of a unique puzzle is ours.
fn verify(puzzle: &Grid, found: Option<&Grid>, expected: &[u8]) -> Option<String> {
    let given = match Grid::parse_bytes(expected) {
        Ok(g) => g,
        Err(e) => return Some(format!("given solution is not a grid: {e}")),
    };
    if found == Some(&given) {
        return None;
    }
    match (given.check_solution_of(puzzle), found) {
        (Err(e), _) => Some(format!("given solution is wrong: {e}")),
        (Ok(()), None) => Some("no solution found, but the given one is valid".to_string()),
        (Ok(()), Some(_)) => None,
    }
}
