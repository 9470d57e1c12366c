use anyhow::Context;
use clap::Parser;
use std::process::ExitCode;
use sudoku_batch::complaints::Stderr;
use sudoku_batch::pipeline;

mod cli;
use cli::{BenchArgs, Cli, Command, SolveArgs};

/// The exit codes, as documented in the README.
#[derive(Clone, Copy)]
enum Exit {
    /// Every record got an answer.
    Success = 0,
    /// The run finished, but some records were malformed, invalid or mismatched.
    BadRecords = 1,
    /// A usage or I/O error.
    Error = 2,
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    exit_cleanly_on_signals();
    match run(cli) {
        Ok(code) => code.into(),
        // A closed pipe (`| head`) is the reader saying it has enough: a quiet success.
        Err(err) if is_broken_pipe(&err) => Exit::Success.into(),
        Err(err) => {
            eprintln!("error: {err:#}");
            Exit::Error.into()
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<Exit> {
    match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Bench(args) => bench(&args),
    }
}

fn bench(args: &BenchArgs) -> anyhow::Result<Exit> {
    let report = sudoku_batch::bench::run(&args.to_config()?)?;
    print!("{}", report.table(args.markdown));
    if let Some(path) = &args.json {
        write_json(path, &report)?;
    }
    if let Some(path) = &args.plot {
        sudoku_batch::plot::bench_chart(&report, path)?;
    }
    Ok(Exit::Success)
}

fn write_json(path: &std::path::Path, value: &impl serde::Serialize) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(value)? + "\n";
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

fn solve(args: &SolveArgs) -> anyhow::Result<Exit> {
    let config = args.to_config()?;
    let stats = pipeline::run(&config)?;
    if !args.quiet {
        Stderr::default().say(stats.table().as_bytes());
    }
    if let Some(path) = &args.stats {
        write_json(path, &stats.to_json())?;
    }
    if let Some(path) = &args.plot {
        sudoku_batch::plot::histogram_chart(&stats.solve_nanos, path)?;
    }
    Ok(if stats.bad_records() > 0 {
        Exit::BadRecords
    } else {
        Exit::Success
    })
}

/// On SIGINT or SIGTERM: remove the half-written answer key, then exit 130 or 143.
fn exit_cleanly_on_signals() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return; // without the handler, the default action still stops the run
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            sudoku_batch::cleanup::remove_pending();
            std::process::exit(128 + signal);
        }
    });
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
