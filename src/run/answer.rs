//! Answering one chunk: read each record through its input's layout, solve it, check the
//! answer, format it, and note what the stats and the messages need. Runs on a worker.

use crate::canon::{Forms, minlex};
use crate::grid::Grid;
use crate::input::{Chunk, Fields, Layout, Record, Skipped, read_record};
use crate::output::{Answer, Echoed, KeyFormat};
use crate::record::verdict::Verdict;
use crate::report::stats::{RecordStat, Tally};
use crate::run::clock;
use crate::solver::{Mode, Outcome, Status, solve_within};
use std::sync::Arc;

/// What every chunk of one input is answered with.
#[derive(Debug, Clone)]
pub(crate) struct Job {
    pub layout: Arc<dyn Layout>,
    pub mode: Mode,
    pub max_guesses: u64,
    pub key: Arc<KeyFormat>,
    /// The input's CSV rows can be copied into the key as they are.
    pub verbatim: bool,
    /// Rate each puzzle with one solution (`rate`), with the ladder up to this technique: how
    /// hard it is for a person.
    pub rate: Option<crate::logic::Technique>,
    /// `canon`: put each puzzle in its canonical form, solving it only for its solution's.
    pub canon: Option<Forms>,
    /// Find each record's class (`--dedupe`, `--classes`): its puzzle's form.
    pub classes: bool,
}

/// A complaint about one record, for stderr.
#[derive(Debug, Clone)]
pub(crate) struct Complaint {
    pub line: u64,
    /// Its kind, for the cap on repeated complaints.
    pub kind: &'static str,
    /// Said once per input (a puzzle of another size), rather than once per record.
    pub once_per_input: bool,
    pub text: String,
}

/// Where a record's answer is in its chunk's bytes, and what its class is: what the writer
/// needs to drop a duplicate or write its class's number.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Placed {
    /// The end of its bytes (they start where the record before it ends).
    pub end: usize,
    /// Its puzzle's form; `None` for a record that is not a puzzle, in no class.
    pub form: Option<Grid>,
    /// Where its class's number goes (see [`crate::output::Column::Class`]).
    pub class_at: Option<usize>,
}

/// A chunk, answered.
#[derive(Default)]
pub(crate) struct Answered {
    pub input: usize,
    /// The answer key's bytes for this chunk.
    pub out: Vec<u8>,
    pub complaints: Vec<Complaint>,
    /// What the chunk's records add up to, for the stats.
    pub tally: Tally,
    /// With [`Job::classes`]: each record's line in the stats, which counts only once the
    /// writer has kept it.
    pub records: Vec<RecordStat>,
    /// Lines the worker skipped as it framed the chunk.
    pub skipped: Skipped,
    /// Lines the chunk covers, and whether they were numbered from its first (see
    /// [`Chunk::relative_lines`]): the lines in `complaints` and `tally` are then to be moved
    /// by the lines before the chunk.
    pub lines: u64,
    pub relative_lines: bool,
    /// Reading the chunk's range failed (the file was cut short): nothing else is set.
    pub error: Option<std::io::Error>,
    /// With [`Job::classes`]: each record's place in `out` and its class.
    pub placed: Vec<Placed>,
    /// Scratch for reading records, kept with the buffers.
    fields: Fields,
}

/// Frames a chunk (if the reader left that to the workers) and answers it, in the buffers of
/// `spent` (an answered chunk already written, or `Answered::default()`): reusing them spares
/// an allocation and fresh pages per chunk.
pub(crate) fn answer_chunk(chunk: &mut Chunk, job: &Job, spent: Answered) -> Answered {
    if let Err(e) = chunk.frame(job.layout.as_ref()) {
        return Answered {
            input: chunk.input,
            error: Some(e),
            ..spent
        };
    }
    let Answered {
        mut out,
        mut complaints,
        mut tally,
        mut records,
        mut fields,
        mut placed,
        ..
    } = spent;
    // Room for the input echoed plus a solution, a status and timing per record.
    out.clear();
    out.reserve(chunk.text.len() + chunk.records.len() * 128);
    complaints.clear();
    tally.clear(job.mode);
    records.clear();
    placed.clear();
    for (raw, text) in chunk.iter() {
        #[cfg(debug_assertions)]
        panic_for_tests(text);
        let record = read_record(job.layout.as_ref(), raw, text, &mut fields);
        let (answer, complaint) = answer_one(&record, job);
        if let Some((kind, once_per_input, text)) = complaint {
            complaints.push(Complaint {
                line: raw.line,
                kind,
                once_per_input,
                text,
            });
        }
        let echoed = Echoed {
            echo: record.echo,
            verbatim: job.verbatim,
            puzzle: record.puzzle.as_ref().ok(),
        };
        let class_at = job.key.write(&mut out, &echoed, &answer);
        let stat = RecordStat {
            line: raw.line,
            verdict: answer.verdict,
            nanos: record.puzzle.is_ok().then_some(answer.nanos),
            guesses: answer.guesses,
            count: answer.count,
            capped: answer.capped,
            level: answer.rating.map(|r| r.level()),
        };
        if job.classes {
            placed.push(Placed {
                end: out.len(),
                form: answer.form,
                class_at,
            });
            records.push(stat);
        } else {
            tally.add(chunk.input, &stat);
        }
    }
    Answered {
        input: chunk.input,
        out,
        complaints,
        tally,
        records,
        skipped: chunk.skipped,
        lines: chunk.lines,
        relative_lines: chunk.relative_lines,
        error: None,
        placed,
        fields,
    }
}

/// Debug builds only (release builds have no such code): `SUDOKU_BATCH_PANIC_ON=TEXT` makes the
/// worker that answers the record whose text is TEXT panic, so that tests can check what an
/// engine bug leaves behind. (By text, not by line: a worker that reads a range of the input
/// does not know its lines' numbers.)
#[cfg(debug_assertions)]
fn panic_for_tests(text: &[u8]) {
    static ON: std::sync::OnceLock<Option<Vec<u8>>> = std::sync::OnceLock::new();
    let on = ON.get_or_init(|| {
        std::env::var("SUDOKU_BATCH_PANIC_ON")
            .ok()
            .map(String::into_bytes)
    });
    if on.as_deref() == Some(text) {
        panic!("SUDOKU_BATCH_PANIC_ON: a panic on purpose, for a test");
    }
}

/// A complaint's kind, whether it is said once per input, and its text.
type Said = (&'static str, bool, String);

/// Solves a read record and checks the result; the complaint to report, if any.
fn answer_one(record: &Record, job: &Job) -> (Answer, Option<Said>) {
    let puzzle = match &record.puzzle {
        Ok(p) => p,
        Err(why) => {
            let answer = Answer {
                verdict: Verdict::Malformed,
                solution: None,
                count: 0,
                capped: false,
                guesses: 0,
                nanos: 0,
                rating: None,
                form: None,
                solution_form: None,
            };
            return (
                answer,
                Some((why.kind(), why.is_other_size(), why.to_string())),
            );
        }
    };
    let start = clock::now();
    let form = (job.canon.is_some() || job.classes).then(|| minlex(puzzle));
    if job.canon.is_some_and(|forms| !forms.solution) {
        return canonical(puzzle, form, clock::nanos_between(start, clock::now()));
    }
    let outcome = solve_checked(puzzle, job.mode, job.max_guesses);
    let nanos = clock::nanos_between(start, clock::now());
    let mut verdict = Verdict::from(outcome.status);
    let mut said = if verdict == Verdict::Invalid {
        puzzle
            .find_conflict()
            .map(|c| ("invalid", false, c.to_string()))
    } else {
        None
    };
    let problem = record
        .given
        .as_ref()
        .and_then(|given| verify(puzzle, outcome.solution.as_ref(), given));
    if let Some(problem) = problem {
        verdict = Verdict::Mismatch;
        said = Some(("mismatch", false, problem));
    }
    // Ratings are for puzzles with one solution, the only ones where every technique's
    // conclusion holds (see `logic`).
    let rating = job
        .rate
        .filter(|_| outcome.status == Status::Solved)
        .map(|top| {
            crate::logic::rate_up_to(puzzle, top).expect("a puzzle with a solution has no clash")
        });
    let answer = Answer {
        verdict,
        solution: outcome.solution,
        rating,
        count: outcome.count,
        // A count the limit or the guess budget stopped is a lower bound.
        capped: outcome.status == Status::Timeout
            || matches!(job.mode, Mode::Count(limit) if outcome.count >= limit),
        guesses: outcome.guesses,
        nanos,
        form,
        solution_form: job
            .canon
            .filter(|_| outcome.status == Status::Solved)
            .and(outcome.solution.as_ref())
            .map(minlex),
    };
    (answer, said)
}

/// `canon` without solving: the puzzle's form, and whether its clues clash.
fn canonical(puzzle: &Grid, form: Option<Grid>, nanos: u64) -> (Answer, Option<Said>) {
    let conflict = puzzle.find_conflict();
    let answer = Answer {
        verdict: match conflict {
            Some(_) => Verdict::Invalid,
            None => Verdict::Canonical,
        },
        solution: None,
        count: 0,
        capped: false,
        guesses: 0,
        nanos,
        rating: None,
        form,
        solution_form: None,
    };
    (answer, conflict.map(|c| ("invalid", false, c.to_string())))
}

/// Solves `puzzle` (see [`solve_within`]) and checks the solution found against it. Every
/// solution given out is checked: one that fails is an engine bug, never an answer, so this
/// panics rather than return it.
pub fn solve_checked(puzzle: &Grid, mode: Mode, max_guesses: u64) -> Outcome {
    let outcome = solve_within(puzzle, mode, max_guesses);
    if let Some(s) = &outcome.solution
        && let Err(e) = s.check_solution_of(puzzle)
    {
        panic!("engine bug on {puzzle}: {s} is not a solution: {e}");
    }
    outcome
}

/// Compares the answer with the solution given in the input; what is wrong, if anything.
/// A given solution other than ours is accepted when it is valid too (a puzzle with several
/// solutions, or `first` mode), since a valid solution of a unique puzzle is ours.
fn verify(
    puzzle: &Grid,
    found: Option<&Grid>,
    given: &Result<Grid, crate::grid::ParseError>,
) -> Option<String> {
    let given = match given {
        Ok(g) => g,
        Err(e) => return Some(format!("given solution is not a grid: {e}")),
    };
    if found == Some(given) {
        return None;
    }
    match (given.check_solution_of(puzzle), found) {
        (Err(e), _) => Some(format!("given solution is wrong: {e}")),
        (Ok(()), None) => Some("no solution found, but the given one is valid".to_string()),
        (Ok(()), Some(_)) => None,
    }
}
