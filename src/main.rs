use clap::{CommandFactory, Parser};
use std::io::IsTerminal;
use std::io::Write;
use std::process::ExitCode;
use sudoku_batch::input::InputPath;
use sudoku_batch::run::complaints::Stderr;
use sudoku_batch::run::files::StandardStreams;
use sudoku_batch::run::pipeline;
use sudoku_batch::run::target::Target;

mod cli;
use cli::{BenchArgs, Cli, Command, ExplainArgs, GenerateArgs};

/// The exit codes, as documented in docs/solve.md.
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

#[global_allocator]
static ALLOCATOR: ExitWhenOutOfMemory = ExitWhenOutOfMemory;

fn main() -> ExitCode {
    // First, before anything is opened: which standard streams were closed.
    let streams = StandardStreams::at_start();
    let cli = Cli::parse();
    remove_temporary_files_on_panic();
    exit_cleanly_on_abort();
    fail_writes_past_the_file_size_limit();
    let ran = exit_cleanly_on_signals().and_then(|()| run(cli, streams));
    match ran {
        Ok(code) => code.into(),
        // A closed stdout (`| head`) is the reader saying it has enough: a quiet success.
        Err(err) if sudoku_batch::run::files::is_broken_pipe(&err) => Exit::Success.into(),
        Err(err) => {
            let text = format!("{err:#}");
            let text = match sudoku_batch::run::files::is_out_of_memory(&err) {
                true if !text.starts_with("out of memory") => format!("out of memory: {text}"),
                _ => text,
            };
            Stderr::default().say(format!("error: {text}\n").as_bytes());
            Exit::Error.into()
        }
    }
}

/// The system's allocator, except that an allocation that fails ends the run as an error
/// (exit 2, one line that says out of memory, its temporary files removed), where Rust's
/// default would abort and leave them.
struct ExitWhenOutOfMemory;

// SAFETY: every call goes to the system's allocator with the same arguments; only a null
// result is acted on, and then the process ends.
unsafe impl std::alloc::GlobalAlloc for ExitWhenOutOfMemory {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: as the caller promises for `alloc`.
        allocated(unsafe { std::alloc::System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: as the caller promises for `alloc_zeroed`.
        allocated(
            unsafe { std::alloc::System.alloc_zeroed(layout) },
            layout.size(),
        )
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: as the caller promises for `dealloc`.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        // SAFETY: as the caller promises for `realloc`.
        allocated(
            unsafe { std::alloc::System.realloc(ptr, layout, size) },
            size,
        )
    }
}

/// `ptr`, unless the allocation of `size` bytes failed: then the run ends (see
/// [`ExitWhenOutOfMemory`]). Nothing here allocates: the message is made on the stack.
fn allocated(ptr: *mut u8, size: usize) -> *mut u8 {
    if !ptr.is_null() {
        return ptr;
    }
    static ONCE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if !ONCE.swap(true, std::sync::atomic::Ordering::SeqCst) {
        sudoku_batch::run::cleanup::remove_pending_at_exit();
        let mut line = [0u8; 128];
        let mut rest = &mut line[..];
        let _ = writeln!(
            rest,
            "error: out of memory: {size} bytes could not be had; no output was written"
        );
        let len = 128 - rest.len();
        let _ = std::io::stderr().write_all(&line[..len]);
    }
    std::process::exit(Exit::Error as i32)
}

fn run(cli: Cli, streams: StandardStreams) -> anyhow::Result<Exit> {
    match cli.command {
        Command::Solve(args) => batch(args.to_config()?, args.batch.run.quiet, streams),
        Command::Rate(args) => batch(args.to_config()?, args.batch.run.quiet, streams),
        Command::Canon(args) => batch(args.to_config()?, args.batch.run.quiet, streams),
        Command::Explain(args) => explain(&args, streams),
        Command::Bench(args) => bench(&args, streams),
        Command::Generate(args) => generate(&args, streams),
        Command::Completions { shell } => {
            check_stdout(streams, "the completion script")?;
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "sudoku-batch", &mut out);
            std::io::stdout().write_all(&out)?;
            Ok(Exit::Success)
        }
        Command::Man { command } => {
            check_stdout(streams, "the man page")?;
            let mut cli = Cli::command();
            // Built, a subcommand is named as its page is: sudoku-batch-solve.
            cli.build();
            let page = match command {
                Some(name) => cli
                    .find_subcommand(&name)
                    .expect("a listed subcommand")
                    .clone(),
                None => cli,
            };
            let mut out = Vec::new();
            clap_mangen::Man::new(page)
                .source(format!("sudoku-batch {}", env!("SUDOKU_BATCH_VERSION")))
                .render(&mut out)?;
            std::io::stdout().write_all(&out)?;
            Ok(Exit::Success)
        }
    }
}

/// Refuses to write to a stdout that was closed when the run started.
fn check_stdout(streams: StandardStreams, what: &str) -> anyhow::Result<()> {
    if streams.stdout_closed() {
        anyhow::bail!("stdout is closed, so {what} has nowhere to go: give it a file");
    }
    Ok(())
}

/// Refuses to read puzzles from a stdin that was closed when the run started (`<&-`): it would
/// read as empty, and a run of no records is no answer.
fn check_stdin(streams: StandardStreams, inputs: &[InputPath]) -> anyhow::Result<()> {
    if streams.stdin_closed() && inputs.contains(&InputPath::Stdin) {
        anyhow::bail!("stdin is closed, so there are no puzzles to read: give files as arguments");
    }
    Ok(())
}

fn bench(args: &BenchArgs, streams: StandardStreams) -> anyhow::Result<Exit> {
    check_stdout(streams, "the table")?;
    let (config, warnings) = args.to_config()?;
    check_stdin(streams, &config.inputs)?;
    let json = args.json.as_deref().map(Target::from_arg);
    let plot = args.plot.as_deref().map(Target::from_arg);
    let mut outputs = vec![("the table", &Target::Stdout)];
    outputs.extend(json.iter().map(|t| ("--json", t)));
    outputs.extend(plot.iter().map(|t| ("--plot", t)));
    sudoku_batch::run::target::check(&outputs, &config.inputs)?;
    let mut stderr = Stderr::default();
    warnings.iter().for_each(|w| stderr.say(w.as_bytes()));
    let report = sudoku_batch::bench::run(&config)?;
    std::io::stdout().write_all(report.table(args.markdown).as_bytes())?;
    if let Some(target) = &json {
        let text = serde_json::to_string_pretty(&report)? + "\n";
        sudoku_batch::run::target::write_whole(target, text.as_bytes())?;
    }
    if let Some(target) = &plot {
        let svg = sudoku_batch::report::plot::bench_chart(&report)?;
        sudoku_batch::run::target::write_whole(target, svg.as_bytes())?;
    }
    Ok(Exit::Success)
}

fn explain(args: &ExplainArgs, streams: StandardStreams) -> anyhow::Result<Exit> {
    check_stdout(streams, "the explanation")?;
    if args.puzzle == "-" {
        check_stdin(streams, &[InputPath::Stdin])?;
    }
    let text = sudoku_batch::explain::run(&args.to_config())?;
    std::io::stdout().write_all(text.as_bytes())?;
    Ok(Exit::Success)
}

fn generate(args: &GenerateArgs, streams: StandardStreams) -> anyhow::Result<Exit> {
    let (config, warnings) = args.to_config()?;
    for (what, target) in [
        ("the puzzles", Some(&config.output)),
        ("--stats", config.stats.as_ref()),
    ] {
        if target == Some(&Target::Stdout) {
            check_stdout(streams, what)?;
        }
    }
    let mut stderr = Stderr::default();
    warnings.iter().for_each(|w| stderr.say(w.as_bytes()));
    let stats = sudoku_batch::generate::run(&config)?;
    if !args.run.quiet {
        stderr.say(stats.table().as_bytes());
    }
    Ok(Exit::Success)
}

/// `solve` and `rate`: a batch through the pipeline, its stats on stderr.
fn batch(
    (config, warnings): (pipeline::Config, Vec<String>),
    quiet: bool,
    streams: StandardStreams,
) -> anyhow::Result<Exit> {
    let on_stdout = [
        ("the answer key", Some(&config.output)),
        ("--stats", config.stats.as_ref()),
        ("--plot", config.plot.as_ref()),
    ];
    for (what, target) in on_stdout {
        if target == Some(&Target::Stdout) {
            check_stdout(streams, what)?;
        }
    }
    check_stdin(streams, &config.inputs)?;
    let mut stderr = Stderr::default();
    warnings.iter().for_each(|w| stderr.say(w.as_bytes()));
    if !quiet && config.inputs.contains(&InputPath::Stdin) && std::io::stdin().is_terminal() {
        stderr.say(b"reading puzzles from stdin (a terminal): type or paste them, then Ctrl-D; or give files as arguments\n");
    }
    let stats = pipeline::run(&config)?;
    // A closed stdout (`| head`) ends the run quietly: the reader has what it wanted.
    if !quiet && !stats.stdout_closed {
        stderr.say(stats.table().as_bytes());
    }
    // A closed stdout is a quiet success, whatever the records written before were.
    Ok(if stats.bad_records() > 0 && !stats.stdout_closed {
        Exit::BadRecords
    } else {
        Exit::Success
    })
}

/// On SIGINT, SIGTERM, SIGHUP (a closed terminal) or SIGQUIT: remove the temporary output
/// files, then exit 128 + the signal's number (130, 143, 129, 131). A run that cannot start
/// the thread that does so (out of memory) does not start at all.
fn exit_cleanly_on_signals() -> anyhow::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    sudoku_batch::run::cleanup::keep_for_signals();
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP, SIGQUIT])
    else {
        return Ok(()); // without the handler, the default action still stops the run
    };
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                sudoku_batch::run::cleanup::remove_pending();
                std::process::exit(128 + signal);
            }
        })
        .map_err(|e| sudoku_batch::run::files::thread_error(e, "the signal thread"))?;
    Ok(())
}

/// Set when a panic's hook has run: the abort that follows is a bug's, not the C library's.
static PANICKED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// When the C library aborts the process (glibc does when it has no memory left for a new
/// thread's bookkeeping: "failed to register TLS destructor"), remove the temporary files and
/// exit 2 with a line that says so, as any run out of memory does. The abort after a panic (an
/// engine bug in a release build) is left alone: its hook has removed the files, and its exit
/// code is 134.
fn exit_cleanly_on_abort() {
    fn on_abort() {
        if PANICKED.load(std::sync::atomic::Ordering::SeqCst) {
            return;
        }
        sudoku_batch::run::cleanup::remove_pending_at_exit();
        // Straight to the descriptor: stderr's lock may be held by the thread that aborted.
        #[cfg(unix)]
        {
            use std::os::fd::FromRawFd;
            // SAFETY: descriptor 2 is open (the runtime reopens a closed one on /dev/null); the
            // File is never dropped, so it is never closed.
            let stderr = unsafe { std::fs::File::from_raw_fd(2) };
            let mut stderr = std::mem::ManuallyDrop::new(stderr);
            let _ = stderr.write_all(
                b"error: out of memory: the C library gave up (as the line above says); no output was written\n",
            );
        }
        signal_hook::low_level::exit(Exit::Error as i32);
    }
    // SAFETY: the action waits for no lock, allocates and frees nothing for paths of ordinary
    // length, and ends the process with `_exit`: all that a signal handler may do.
    let _ = unsafe { signal_hook::low_level::register(signal_hook::consts::SIGABRT, on_abort) };
}

/// Past the file size limit (`ulimit -f`), a write's default is SIGXFSZ, which kills the process
/// and leaves its temporary key behind; ignored, the write fails with EFBIG ("File too large"),
/// and the run fails as for a full disk: exit 2, no file left.
fn fail_writes_past_the_file_size_limit() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" runs no code of ours in a handler.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// On a panic (an engine bug: every solution is checked before it is printed), remove the
/// temporary output files and say so in one line before the process aborts.
fn remove_temporary_files_on_panic() {
    std::panic::set_hook(Box::new(|info| {
        PANICKED.store(true, std::sync::atomic::Ordering::SeqCst);
        sudoku_batch::run::cleanup::remove_pending();
        let what = info.to_string().replace('\n', " ");
        let line = format!(
            "error: internal error, a bug (please report it): {what}; no output was written\n"
        );
        Stderr::default().say(line.as_bytes());
    }));
}
