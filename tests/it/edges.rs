//! The edges, round two: each family a hostile new user found, through the binary. Every input
//! path is that input, every line end is a line end, and exit 0 means every output delivered.

use crate::support::{binary, command, data_dir, data_lines, solve, solve_with_stats, write};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::Stdio;

/// The first `n` puzzles of the shipped easy set, a line each.
fn kaggle_lines(n: usize) -> String {
    data_lines("kaggle_1000.txt")[..n].join("\n") + "\n"
}

/// The first `n` rows of the Kaggle layout, `quizzes,solutions`, with its header.
fn kaggle_csv(n: usize) -> String {
    let puzzles = data_lines("kaggle_1000.txt");
    let solutions = data_lines("solutions/kaggle_1000.txt");
    let rows: Vec<String> = (0..n)
        .map(|i| format!("{},{}\n", puzzles[i], solutions[i]))
        .collect();
    format!("quizzes,solutions\n{}", rows.concat())
}

/// The answer key (stdout) of `solve ARGS`, which must succeed.
fn key_of(args: &[&str]) -> Vec<u8> {
    let out = solve(args).arg("-q").output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Runs `bash -c SCRIPT` with `$B` the binary, in the repository's root.
fn bash(script: &str) -> std::process::Output {
    std::process::Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("B", assert_cmd::cargo::cargo_bin("sudoku-batch"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

// 1. CR-only line ends.

#[test]
fn lines_that_end_in_cr_alone_are_read_as_lines_in_every_layout_and_path() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, args) in [
        ("lines.txt", kaggle_lines(40), vec![]),
        ("kaggle.csv", kaggle_csv(40), vec!["--verify"]),
    ] {
        let lf = write(dir.path(), name, &text);
        let cr = write(dir.path(), &format!("cr-{name}"), text.replace('\n', "\r"));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), Default::default());
        std::io::Write::write_all(&mut gz, text.replace('\n', "\r").as_bytes()).unwrap();
        let gz = write(dir.path(), &format!("{name}.gz"), gz.finish().unwrap());
        let with = |input: &Path| {
            let mut all = vec![path(input)];
            all.extend(&args);
            key_of(&all)
        };
        let whole = with(&lf);
        assert!(whole.iter().filter(|&&b| b == b'\n').count() >= 40);
        assert_eq!(with(&cr), whole, "{name}: CR alone reads as LF");
        assert_eq!(with(&gz), whole, "{name}: and so gzipped");
        // From stdin, and split in shards that add up to the whole.
        let stdin = solve(&["-", "-q"])
            .args(&args)
            .write_stdin(std::fs::read(&cr).unwrap())
            .output()
            .unwrap();
        assert_eq!(stdin.stdout, whole, "{name}: from stdin");
        let mut shards = Vec::new();
        for k in 1..=3 {
            let shard = format!("{k}/3");
            let mut all = vec![path(&cr), "--shard", &shard];
            all.extend(&args);
            let key = key_of(&all);
            // Each CSV key has its header: keep the first.
            let skip = if k > 1 && name.ends_with(".csv") {
                key.iter().position(|&b| b == b'\n').unwrap() + 1
            } else {
                0
            };
            shards.extend_from_slice(&key[skip..]);
        }
        assert_eq!(shards, whole, "{name}: shards");
    }
}

#[test]
fn a_bare_cr_inside_an_lf_or_crlf_file_stays_part_of_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let p = &data_lines("kaggle_1000.txt")[0];
    for eol in ["\n", "\r\n"] {
        let input = write(dir.path(), "in.csv", format!("id,puzzle{eol}a\rb,{p}{eol}"));
        let key = String::from_utf8(key_of(&[path(&input)])).unwrap();
        assert_eq!(key.lines().count(), 2, "{eol:?}: {key}");
        assert!(key.contains("solved"), "{key}");
    }
}

// 2. Outputs that are an input, or a descriptor, under another name.

#[test]
fn the_file_on_stdin_is_an_input_that_no_output_may_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    let text = kaggle_lines(5);
    let input = write(dir.path(), "v.txt", &text);
    let cases: [&[&str]; 5] = [
        &["solve", "-q", "-o", "v.txt"],
        &["solve", "-q", "-o", "key.txt", "--stats", "v.txt"],
        &["solve", "-q", "-o", "key.txt", "--plot", "v.txt"],
        &["rate", "-q", "-o", "v.txt"],
        &["bench", "-", "-w", "0", "-r", "1", "--json", "v.txt"],
    ];
    for args in cases {
        let out = binary()
            .current_dir(dir.path())
            .args(args)
            .stdin(std::fs::File::open(&input).unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("v.txt is the input <stdin>"),
            "{args:?}: {stderr}"
        );
        assert_eq!(std::fs::read_to_string(&input).unwrap(), text, "{args:?}");
        assert!(!dir.path().join("key.txt").exists(), "{args:?}");
    }
}

#[test]
fn an_output_through_proc_self_fd_is_written_to_the_descriptor() {
    if !Path::new("/proc/self/fd").is_dir() {
        return; // Linux's /proc
    }
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "v.txt", kaggle_lines(5));
    let expected = key_of(&[path(&input)]);
    let at = |name: &str| dir.path().join(name);
    // Stdout a file the shell opened: the key goes there, after what the shell wrote first.
    let script = format!(
        "{{ echo head; \"$B\" solve {} -q -o /dev/stdout; echo tail; }} > {}",
        path(&input),
        path(&at("out.txt"))
    );
    let out = bash(&script);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let want = [b"head\n".as_slice(), &expected, b"tail\n"].concat();
    assert_eq!(std::fs::read(at("out.txt")).unwrap(), want);
    assert!(
        Path::new("/dev/stdout").is_symlink(),
        "the link is left alone"
    );
    // Any descriptor, by /dev/fd or /proc/self/fd, and through a link of one's own.
    std::os::unix::fs::symlink("/proc/self/fd/3", at("link")).unwrap();
    for name in ["/dev/fd/3", "/proc/self/fd/3", path(&at("link"))] {
        let script = format!(
            "exec 3> {}; \"$B\" solve {} -q -o {name}",
            path(&at("fd3.txt")),
            path(&input)
        );
        let out = bash(&script);
        assert_eq!(out.status.code(), Some(0), "{name}: {out:?}");
        assert_eq!(std::fs::read(at("fd3.txt")).unwrap(), expected, "{name}");
    }
    assert!(at("link").is_symlink());
    // /dev/stdout is stdout: with the key there too, two outputs in one place.
    solve(&[path(&input), "--stats", "/dev/stdout"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("would both be written to stdout"));
}

// 3. A file whose size reads 0.

#[test]
fn shard_refuses_a_file_whose_size_reads_zero_but_that_has_text() {
    if !Path::new("/proc/cpuinfo").is_file() {
        return;
    }
    solve(&["/proc/cpuinfo", "--shard", "1/2", "-q"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "a file whose size is not known, as /proc's) cannot be split",
        ));
    // A file that is empty is split as any other: every shard is empty.
    let dir = tempfile::tempdir().unwrap();
    let empty = write(dir.path(), "empty.txt", "");
    solve(&[path(&empty), "--shard", "1/2", "-q"])
        .assert()
        .success()
        .stdout("");
}

// 4. A CSV row wider than its header.

#[test]
fn a_row_wider_or_narrower_than_its_header_keeps_its_fields_in_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let p = &data_lines("kaggle_1000.txt")[0];
    let text = format!(
        "puzzle,b\n{p},x\n{p},b,LOST,ALSO\n{p}\n{}",
        format!("{p},y\n").repeat(5)
    );
    let input = write(dir.path(), "wide.csv", text);
    let out = solve(&[path(&input), "-q"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let key = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = key.lines().collect();
    assert_eq!(rows[2], format!("{p},b,LOST,ALSO,,malformed"));
    assert_eq!(rows[3], format!("{p},,,malformed"), "padded to the header");
    // Written field by field (another delimiter), the same.
    let tsv = dir.path().join("key.tsv");
    solve(&[path(&input), "-q", "-o", path(&tsv)])
        .assert()
        .code(1);
    let key = std::fs::read_to_string(&tsv).unwrap();
    assert!(
        key.contains(&format!("{p}\tb\tLOST\tALSO\t\tmalformed\n")),
        "{key}"
    );
    // And in JSON Lines, named by their place.
    let out = solve(&[path(&input), "-q", "--output-format", "jsonl"])
        .output()
        .unwrap();
    let key = String::from_utf8(out.stdout).unwrap();
    let row: serde_json::Value = serde_json::from_str(key.lines().nth(1).unwrap()).unwrap();
    let extra = [&row["b"], &row["field3"], &row["field4"]];
    assert_eq!(
        extra,
        [&"b".into(), &"LOST".into(), &"ALSO".into()] as [&serde_json::Value; 3]
    );
}

// 5. Stats when the key's reader goes early.

/// Runs `solve ARGS`, reads its first answer, and hands the rest of stdout to `then` (which
/// may read it, or drop it: the reader going away): the exit code, what `then` read, stderr.
fn after_the_first_answer(
    args: &[&str],
    then: impl FnOnce(BufReader<std::process::ChildStdout>) -> String,
) -> (Option<i32>, String, String) {
    let mut child = binary()
        .arg("solve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let rest = then(stdout);
    let mut stderr = String::new();
    let mut pipe = child.stderr.take().unwrap();
    pipe.read_to_string(&mut stderr).unwrap();
    (child.wait().unwrap().code(), rest, stderr)
}

#[test]
fn the_stats_are_written_when_the_keys_reader_closes_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "many.txt", kaggle_lines(1000).repeat(40));
    let stats = dir.path().join("stats.json");
    let args = [path(&input), "--stats", path(&stats)];
    let (code, _, stderr) = after_the_first_answer(&args, |stdout| {
        drop(stdout);
        String::new()
    });
    assert_eq!(code, Some(0));
    assert_eq!(stderr, "", "quietly");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
    assert_eq!(json["complete"], false);
    let records = json["records"].as_u64().unwrap();
    assert!(records < 40_000, "{records}");
    assert_eq!(json["counts"]["solved"].as_u64(), Some(records));
    // A run that ends is complete.
    solve(&[
        path(&input),
        "-q",
        "-o",
        "/dev/null",
        "--stats",
        path(&stats),
    ])
    .assert()
    .success();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
    assert_eq!(
        (json["complete"].as_bool(), json["records"].as_u64()),
        (Some(true), Some(40_000))
    );
}

// 6. One bad first line.

#[test]
fn one_bad_first_line_is_one_malformed_record_not_the_files_shape() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = data_lines("kaggle_1000.txt");
    let rows = |f: &dyn Fn(&str) -> String| -> String {
        puzzles[..20].iter().map(|p| f(p) + "\n").collect()
    };
    let csv_rows = rows(&|p| format!("{p},x"));
    let json_rows = rows(&|p| format!("{{\"puzzle\": \"{p}\"}}"));
    let cases: Vec<(&str, String, Vec<&str>)> = vec![
        ("quote.csv", format!("a,\"b\n{csv_rows}"), vec![]),
        (
            "quote.csv",
            format!("a,\"b\n{csv_rows}"),
            vec!["--format", "csv", "--column", "1", "--no-header"],
        ),
        ("array.jsonl", format!("[1,2]\n{json_rows}"), vec![]),
        (
            "broken.jsonl",
            format!("{{\"puzzle\": \n{json_rows}"),
            vec![],
        ),
        (
            "meta.jsonl",
            format!("{{\"meta\":\"v1\"}}\n{json_rows}"),
            vec![],
        ),
        (
            "meta.jsonl",
            format!("{{\"meta\":\"v1\"}}\n{json_rows}"),
            vec!["--format", "jsonl", "--column", "puzzle"],
        ),
        (
            "array.jsonl",
            format!("[1,2]\n{json_rows}"),
            vec!["--format", "jsonl"],
        ),
    ];
    for (name, text, args) in cases {
        let input = write(dir.path(), name, &text);
        let run = solve_with_stats(&input, &args);
        assert_eq!(run.code, Some(1), "{name} {args:?}: {}", run.stderr);
        let counts = &run.stats["counts"];
        assert_eq!(
            (counts["malformed"].as_u64(), counts["solved"].as_u64()),
            (Some(1), Some(20)),
            "{name} {args:?}"
        );
        let first = format!("{}:1: ", input.display());
        assert!(run.stderr.starts_with(&first), "{}", run.stderr);
    }
}

// 7. Count mode with a guess budget: in `hardening`.

// 9. Puzzles per second.

#[test]
fn puzzles_per_second_counts_puzzles_not_malformed_records() {
    let dir = tempfile::tempdir().unwrap();
    let text = kaggle_lines(100) + &"not a puzzle\n".repeat(900);
    let input = write(dir.path(), "mixed.txt", text);
    let run = solve_with_stats(&input, &["-o", "/dev/null"]);
    assert_eq!(run.code, Some(1));
    let rate = run.stats["puzzles_per_second"].as_f64().unwrap();
    let wall = run.stats["wall_seconds"].as_f64().unwrap();
    assert!((rate * wall - 100.0).abs() < 1e-6, "{rate} × {wall}");
}

// 10. Thread caps however threads are asked for.

#[test]
fn rayon_num_threads_is_cut_as_minus_j_is() {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let dir = tempfile::tempdir().unwrap();
    let stats = dir.path().join("stats.json");
    let input = data_dir().join("kaggle_1000.txt");
    // The threads the run used, and what it said, with RAYON_NUM_THREADS set to `asked`.
    let with = |asked: &str| {
        let out = solve(&[
            path(&input),
            "-q",
            "-o",
            "/dev/null",
            "--stats",
            path(&stats),
        ])
        .env("RAYON_NUM_THREADS", asked)
        .output()
        .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
        (
            json["threads"].as_u64(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (threads, said) = with("100000");
    assert_eq!(threads, Some(4 * cores as u64));
    let warning = format!(
        "warning: RAYON_NUM_THREADS=100000: using {} threads",
        4 * cores
    );
    assert!(said.contains(&warning), "{said}");
    // Within the bound it is taken as it is, without a word.
    assert_eq!(with("3"), (Some(3), String::new()));
}

// 11. Bounds on durations and counts.

#[test]
fn durations_and_counts_out_of_bounds_are_refused_clearly() {
    let set = data_dir().join("kaggle_1000.txt");
    for (args, says) in [
        (vec!["bench", path(&set), "-w", "1e300"], "is not a warm-up"),
        (vec!["bench", path(&set), "-w", "nan"], "is not a warm-up"),
        (vec!["bench", path(&set), "-w=-1"], "is not a warm-up"),
        (vec!["bench", path(&set), "-r", "1001"], "1001"),
        (
            vec!["generate", "-n", "1", "--clues", "82"],
            "a puzzle has 81 cells",
        ),
        (
            vec!["generate", "-n", "1", "--clues", "80"],
            "no minimal puzzle with more than 40 clues",
        ),
        (vec!["generate", "-n", "1", "--clues", "41.."], "40 clues"),
    ] {
        let out = command()
            .args(&args)
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("internal error"), "{args:?}: {stderr}");
    }
    // Not minimal, 80 clues exist.
    command()
        .args([
            "generate",
            "-n",
            "2",
            "--clues",
            "80",
            "--no-minimal",
            "--seed",
            "1",
            "-q",
        ])
        .assert()
        .success();
}

// 12. Out of memory.

#[test]
fn running_out_of_memory_is_an_error_that_says_so_and_leaves_no_file() {
    if !Path::new("/proc/self/fd").is_dir() {
        return; // `ulimit -v` as Linux has it
    }
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "in.txt", kaggle_lines(1000));
    let (mut said_out_of_memory, mut succeeded, mut ran) = (false, false, false);
    // From too little to start the program to enough to finish: every limit in between fails
    // cleanly somewhere (a thread, an allocation).
    for kib in (4_000..=60_000).step_by(1_000) {
        let out_dir = dir.path().join(format!("out-{kib}"));
        std::fs::create_dir(&out_dir).unwrap();
        let script = format!(
            "ulimit -v {kib}; exec \"$B\" solve {} -q -o {}/key.txt --stats {}/stats.json",
            path(&input),
            path(&out_dir),
            path(&out_dir)
        );
        let out = bash(&script);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let left: Vec<_> = std::fs::read_dir(&out_dir).unwrap().collect();
        // Below some limit the system cannot load the program at all (its loader fails, or
        // is killed): nothing of ours has run.
        let loader = stderr.contains("error while loading shared libraries")
            || (out.status.code().is_none() && stderr.is_empty());
        if loader && !ran {
            continue;
        }
        ran = true;
        match out.status.code() {
            Some(0) => {
                succeeded = true;
                assert_eq!(left.len(), 2, "{kib} KiB: the key and the stats");
            }
            Some(2) => {
                // One line of ours, after one of the C library's when it is what gave up.
                let lines: Vec<&str> = stderr.lines().collect();
                let ours = lines.last().copied().unwrap_or_default();
                assert!(
                    ours.starts_with("error: out of memory: "),
                    "{kib} KiB: {stderr}"
                );
                let glibc = lines.len() == 2 && lines[0].starts_with("Fatal glibc error");
                assert!(lines.len() == 1 || glibc, "{kib} KiB: {stderr}");
                assert!(left.is_empty(), "{kib} KiB: {left:?}");
                said_out_of_memory = true;
            }
            code => panic!("{kib} KiB: exit {code:?}: {stderr}"),
        }
    }
    assert!(ran && said_out_of_memory && succeeded);
}

#[test]
fn a_write_past_the_file_size_limit_fails_cleanly_and_leaves_no_file() {
    // `ulimit -f` in KiB: well under each output, whichever thread writes it (the workers,
    // at offsets, for a plain file; one thread in order for gzip and for duplicates dropped).
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "in.txt", kaggle_lines(1000).repeat(2));
    for (args, output) in [
        ("solve IN -q -o OUT", "key.txt"),
        ("solve IN -q -j1 -o OUT", "key.txt"),
        ("solve IN -q -o OUT --output-format jsonl", "key.jsonl"),
        ("solve IN -q -o OUT", "key.txt.gz"),
        ("solve IN -q --dedupe -o OUT", "key.csv"),
        ("rate IN -q -o OUT", "ratings.txt"),
        ("generate --count 3000 -q -o OUT", "puzzles.txt"),
    ] {
        let out_dir = dir.path().join(format!("out-{}", output.replace('.', "-")));
        std::fs::create_dir_all(&out_dir).unwrap();
        let target = out_dir.join(output);
        let args = args
            .replace("IN", path(&input))
            .replace("OUT", path(&target));
        let out = bash(&format!("ulimit -f 16; exec \"$B\" {args}"));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {stderr}");
        assert_eq!(
            stderr.trim_end(),
            format!(
                "error: cannot write {}: File too large (os error 27)",
                path(&target)
            ),
            "{args}"
        );
        let left: Vec<_> = std::fs::read_dir(&out_dir).unwrap().collect();
        assert!(left.is_empty(), "{args}: {left:?}");
    }
}

// 14. Control bytes from the input in messages.

#[test]
fn text_from_the_input_cannot_move_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let header = write(dir.path(), "esc.csv", "id,\x1b[31mname\r,x\n1,a,b\n");
    let mut inner = flate2::write::GzEncoder::new(Vec::new(), Default::default());
    std::io::Write::write_all(&mut inner, kaggle_lines(50).as_bytes()).unwrap();
    let mut outer = flate2::write::GzEncoder::new(Vec::new(), Default::default());
    std::io::Write::write_all(&mut outer, &inner.finish().unwrap()).unwrap();
    let nested = write(dir.path(), "twice.txt.gz", outer.finish().unwrap());
    let bad_cell = write(dir.path(), "cell.txt", "\x1b]0;pwned\x07\u{9b}31m\n");
    for input in [&header, &nested, &bad_cell] {
        let out = solve(&[path(input), "-q"]).output().unwrap();
        assert_ne!(out.status.code(), Some(0));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.is_empty());
        let harmful = |c: char| c.is_control() && c != '\n' && c != '\t';
        assert!(
            !stderr.chars().any(harmful),
            "{}: {stderr:?}",
            input.display()
        );
        assert!(
            !stderr.contains('\u{fffd}'),
            "not UTF-8 is written \\xNN: {stderr:?}"
        );
    }
    let out = solve(&[path(&header)]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("\\u{1b}[31mname\\r"), "{stderr}");
}

// 15. Closed standard streams.

#[test]
fn a_closed_stdin_or_stdout_that_a_command_needs_is_an_error() {
    if !Path::new("/proc/self/fdinfo").is_dir() {
        return; // detected on Linux
    }
    for (script, says) in [
        ("\"$B\" solve -q <&-", "stdin is closed"),
        ("\"$B\" solve - -o /dev/null <&-", "stdin is closed"),
        ("\"$B\" rate <&-", "stdin is closed"),
        ("\"$B\" bench - -w 0 <&-", "stdin is closed"),
        ("\"$B\" explain - <&-", "stdin is closed"),
        ("\"$B\" man >&-", "the man page has nowhere to go"),
        (
            "\"$B\" completions bash >&-",
            "the completion script has nowhere to go",
        ),
    ] {
        let out = bash(script);
        assert_eq!(out.status.code(), Some(2), "{script}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{script}: {stderr}");
    }
    // Files as inputs need no stdin.
    let out = bash("\"$B\" solve data/kaggle_1000.txt -q -o /dev/null <&-");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

// 16. The key's name says its format.

#[test]
fn an_output_files_name_says_its_delimiter_and_its_packing() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "k.csv", kaggle_csv(30));
    let csv = String::from_utf8(key_of(&[path(&input)])).unwrap();
    let at = |name: &str| dir.path().join(name);
    solve(&[path(&input), "-q", "-o", path(&at("key.tsv"))])
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(at("key.tsv")).unwrap(),
        csv.replace(',', "\t")
    );
    // A TSV input and a `.csv` name: commas, the header written anew.
    let tsv_input = write(dir.path(), "k.tsv", kaggle_csv(30).replace(',', "\t"));
    solve(&[path(&tsv_input), "-q", "-o", path(&at("back.csv"))])
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(at("back.csv")).unwrap(), csv);
    for (name, plain) in [
        ("key.csv.gz", csv.clone()),
        ("key.TSV.GZ", csv.replace(',', "\t")),
    ] {
        solve(&[path(&input), "-q", "-o", path(&at(name))])
            .assert()
            .success();
        let mut text = String::new();
        flate2::read::GzDecoder::new(std::fs::File::open(at(name)).unwrap())
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(text, plain, "{name}");
    }
    // Every output follows its name, synced or not.
    let (key, stats) = (at("k.jsonl.gz"), at("s.json.gz"));
    solve(&[
        path(&input),
        "-q",
        "--sync",
        "-o",
        path(&key),
        "--stats",
        path(&stats),
    ])
    .assert()
    .success();
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&stats).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["records"].as_u64(), Some(30));
    // Another packer's name is refused before anything is written.
    for name in [
        "key.csv.xz",
        "key.zip",
        "key.csv.bz2",
        "key.zst",
        "stats.json.7z",
    ] {
        solve(&[path(&input), "-q", "-o", path(&at(name))])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(
                "only gzip (.gz) is written packed",
            ));
        assert!(!at(name).exists(), "{name}");
    }
}

// 17. Smaller messages.

#[test]
fn an_output_under_a_file_says_that_it_is_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "in.txt", kaggle_lines(2));
    let under = dir.path().join("in.txt").join("x");
    solve(&[path(&input), "-o", path(&under)])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "in.txt is a file, not a directory",
        ));
}

#[test]
fn a_delimiter_of_more_than_one_byte_is_refused_as_such() {
    solve(&["data/kaggle_1000.txt", "--delimiter", "é"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("\"é\" is not one byte"));
}

#[test]
fn utf16_without_a_byte_order_mark_is_refused_as_utf16() {
    let dir = tempfile::tempdir().unwrap();
    let text = kaggle_lines(3);
    for (name, big) in [("UTF-16LE", false), ("UTF-16BE", true)] {
        let bytes: Vec<u8> = text
            .encode_utf16()
            .flat_map(|u| {
                if big {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                }
            })
            .collect();
        let input = write(dir.path(), "u16.txt", bytes);
        solve(&[path(&input)])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(format!(
                "is {name} text (every other byte is a zero)"
            )))
            .stderr(predicates::str::contains(format!(
                "iconv -f {name} -t UTF-8"
            )));
    }
}

#[test]
fn a_line_of_sixteen_characters_that_are_no_cells_is_no_16x16_grid() {
    let dir = tempfile::tempdir().unwrap();
    // As /proc/self/status begins.
    let input = write(
        dir.path(),
        "status.txt",
        "Name:\tcat\nUmask:\t0022\nState:\tR (running)\nTgid:\t1\n",
    );
    let out = solve(&[path(&input), "-q"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("16×16"), "{stderr}");
    // A real 16×16 row is still one.
    let row = "0123456789ABCDEF\n".repeat(16);
    let grid = write(dir.path(), "sixteen.txt", row);
    solve(&[path(&grid), "-q"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("16×16 puzzles are not supported"));
}

// Inputs that change while they are read (issue 35): the file as it was when opened.

/// Starts `solve FILE -q ARGS` on a 4.1 MB file, reads its first answer and stops reading, so
/// that the run waits on a full pipe well before the file's end; then `change`s the file and
/// reads on. The exit code, the answers and stderr.
fn change_while_read(change: impl FnOnce(&Path)) -> (Option<i32>, usize, String) {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "growing.txt", kaggle_lines(1000).repeat(50));
    let (code, rest, stderr) = after_the_first_answer(&[path(&input), "-q"], |mut stdout| {
        change(&input);
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        rest
    });
    (code, 1 + rest.lines().count(), stderr)
}

#[test]
fn an_input_cut_short_while_it_is_read_fails_the_run() {
    let (code, answers, stderr) = change_while_read(|input| {
        std::fs::OpenOptions::new()
            .write(true)
            .open(input)
            .unwrap()
            .set_len(0)
            .unwrap();
    });
    assert_eq!(code, Some(2), "{stderr}");
    assert!(answers < 50_000, "{answers}");
    assert!(
        stderr
            .contains("growing.txt: it shrank while it was read: 4100000 bytes when opened, 0 now"),
        "{stderr}"
    );
}

#[test]
fn an_input_that_grows_while_it_is_read_is_answered_as_it_was_opened() {
    let (code, answers, stderr) = change_while_read(|input| {
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(input)
            .unwrap();
        std::io::Write::write_all(&mut file, kaggle_lines(100).as_bytes()).unwrap();
    });
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(answers, 50_000, "the lines it had when opened");
    assert!(stderr.starts_with("warning: "), "{stderr}");
    assert!(
        stderr.ends_with("growing.txt grew by 8200 bytes while it was read: the answer key covers the 4100000 bytes it had when opened\n"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

// Where the CPU time went (issue 35): per role, from per-thread clocks.

#[test]
fn the_stats_say_where_the_cpu_time_went() {
    let dir = tempfile::tempdir().unwrap();
    let hard = data_dir().join("hardest_11plus_500.txt");
    let input = write(dir.path(), "hard.txt", std::fs::read(&hard).unwrap());
    let run = solve_with_stats(&input, &["-o", "/dev/null", "-j2"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let cpu = &run.stats["cpu_seconds"];
    let role = |name: &str| cpu[name].as_f64().unwrap();
    let (reader, solvers, writer, rest) = (
        role("reader"),
        role("solvers"),
        role("writer"),
        role("rest"),
    );
    assert!(
        [reader, solvers, writer, rest].iter().all(|&t| t >= 0.0),
        "{cpu}"
    );
    // Hard puzzles: the solvers do nearly all of it.
    assert!(solvers > 10.0 * (reader + writer), "{cpu}");
    let share = run.stats["serial_share"].as_f64().unwrap();
    let total = reader + solvers + writer + rest;
    assert!(
        (share - (reader + writer) / total).abs() < 1e-9,
        "{share} {cpu}"
    );
    // No more CPU than two threads could have used in the run's wall time, with slack for
    // the clocks' grain.
    let wall = run.stats["wall_seconds"].as_f64().unwrap();
    assert!(solvers <= 2.0 * wall + 0.05, "{solvers} in {wall} s");
}
