use clap::Parser;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use sudoku_batch::{Grid, Mode, Status, solve};

mod cli;
use cli::{Cli, Command, ModeArg};

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let Command::Solve(args) = cli.command;
    let mode = match args.mode {
        ModeArg::Unique => Mode::Unique,
        ModeArg::First => Mode::First,
        ModeArg::Lexmin => Mode::LexMin,
        ModeArg::Count => Mode::Count(args.limit),
    };
    let name = args.input.display().to_string();
    let file = std::fs::File::open(&args.input).with_context(|| format!("cannot open {name}"))?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut bad = false;
    for (i, line) in BufReader::new(file).split(b'\n').enumerate() {
        let line = line.with_context(|| format!("cannot read {name}"))?;
        let text = line.strip_suffix(b"\r").unwrap_or(&line);
        match Grid::parse_bytes(text) {
            Ok(puzzle) => {
                let outcome = solve(&puzzle, mode);
                if let Some(s) = outcome.solution {
                    s.check_solution_of(&puzzle)
                        .with_context(|| format!("{name}:{}: engine bug", i + 1))?;
                    write!(out, "{s}")?;
                }
                bad |= outcome.status == Status::Invalid;
                if outcome.status != Status::Solved {
                    write!(out, " {}", outcome.status.as_str())?;
                }
            }
            Err(e) => {
                eprintln!("{name}:{}: {e}", i + 1);
                write!(out, " malformed")?;
                bad = true;
            }
        }
        writeln!(out)?;
    }
    out.flush()?;
    Ok(if bad {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
