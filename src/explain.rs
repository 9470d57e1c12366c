//! The `explain` subcommand: one puzzle (given on the command line, or one record of a file),
//! its steps in the usual notation, its rating, and the pencil marks where asked.

use crate::grid::Grid;
use crate::input::{InputPath, Options, for_each_puzzle};
use crate::logic::{Level, Rating, Score, Technique, chains, explain_up_to};
use crate::solver::{Mode, Status, solve};
use anyhow::{Context, bail};
use std::fmt::Write as _;

/// What to explain.
#[derive(Debug, Clone)]
pub struct Config {
    /// A puzzle, or a file's name (`-` for stdin).
    pub puzzle: String,
    /// With a file: the line of the record [default: the first record].
    pub line: Option<u64>,
    /// How to read the file.
    pub input: Options,
    /// Draw the pencil marks before these steps (0: the start).
    pub marks: Vec<u32>,
    /// Under each chain's step, its chains in Explainer's words.
    pub chains: bool,
    /// The ladder's last technique to try.
    pub up_to: Technique,
}

/// The explanation's text.
pub fn run(config: &Config) -> anyhow::Result<String> {
    let (name, puzzle) = puzzle(config)?;
    let outcome = solve(&puzzle, Mode::Unique);
    match outcome.status {
        Status::Solved => {}
        Status::Multiple => bail!(
            "{name}: the puzzle has more than one solution; only a puzzle with one can be explained"
        ),
        Status::Unsolvable => bail!("{name}: the puzzle has no solution"),
        Status::Invalid => bail!(
            "{name}: the clues clash: {}",
            puzzle
                .find_conflict()
                .map_or(String::new(), |c| c.to_string())
        ),
        Status::Timeout => unreachable!("no guess limit"),
    }
    let mut out = String::new();
    let _ = writeln!(out, "puzzle  {puzzle}");
    let mut path =
        explain_up_to(&puzzle, config.up_to).expect("a puzzle with a solution has no clash");
    let mut marks = config.marks.clone();
    let mut rating = Rating::default();
    loop {
        let steps = rating.steps;
        if marks.contains(&steps) {
            marks.retain(|&m| m != steps);
            let _ = writeln!(
                out,
                "\npencil marks before step {}:\n{}",
                steps + 1,
                path.pencil().marks()
            );
        }
        let before = config.chains.then(|| *path.pencil());
        let Some(step) = path.next() else { break };
        rating.took(&step);
        // Explainer's score and words, then what the step does where the words leave it out.
        let _ = write!(out, "{:4}. {}", rating.steps, step.in_explainers_words());
        if !step.technique.is_single() {
            let _ = write!(out, " => {}", step.effect());
        }
        let _ = writeln!(out);
        if let Some(before) = before {
            for (i, chain) in chains(&before, &step).iter().enumerate() {
                for (k, line) in chain.lines().iter().enumerate() {
                    let label = if k == 0 {
                        format!("chain {}: ", i + 1)
                    } else {
                        String::new()
                    };
                    let _ = writeln!(out, "        {label}{line}");
                }
            }
        }
    }
    let (steps, left) = (rating.steps, path.pencil().candidates_left());
    rating.candidates_left = left;
    let used = rating.hardest.map_or("none".to_string(), |t| {
        format!("{} ({})", t.name(), Score(rating.score()))
    });
    if rating.level() == Level::Beyond {
        let _ = writeln!(
            out,
            "\nstuck after {steps} steps, {left} candidates left: the ladder knows no step here \
             (the hardest it used: {used}; the engine needs {} guesses)\n{}",
            outcome.guesses,
            path.pencil().marks()
        );
    } else {
        let _ = writeln!(
            out,
            "\nlevel {}: hardest {used}, {steps} steps",
            rating.level().name()
        );
    }
    if let Some(&m) = marks.first() {
        bail!("--marks {m}: the path has {steps} steps");
    }
    Ok(out)
}

/// The puzzle to explain, and its name in messages.
fn puzzle(config: &Config) -> anyhow::Result<(String, Grid)> {
    let arg = &config.puzzle;
    let is_file = arg == "-" || std::path::Path::new(arg).exists();
    if !is_file {
        let puzzle = Grid::parse_bytes(arg.as_bytes())
            .with_context(|| format!("{arg:?} is neither a puzzle nor a file"))?;
        return Ok(("the puzzle".to_string(), puzzle));
    }
    let input = InputPath::from_arg(arg.as_ref());
    let name = input.display_name();
    let mut found = None;
    for_each_puzzle(&input, &config.input, |line, puzzle| {
        if config.line.is_none_or(|want| want == line) {
            found = Some((line, puzzle));
            return false;
        }
        config.line.is_some_and(|want| line < want)
    })?;
    match (found, config.line) {
        (Some((line, Ok(puzzle))), _) => Ok((format!("{name}:{line}"), puzzle)),
        (Some((line, Err(why))), _) => bail!("{name}:{line}: {why}"),
        (None, Some(line)) => bail!("{name}: no record starts on line {line}"),
        (None, None) => bail!("{name}: no puzzle in it"),
    }
}
