//! Output and process safety, through the binary: exit 0 means the whole answer key is where it
//! was asked to be; nothing else is ever overwritten; stderr going away changes nothing that
//! lands in a file; a stopped run leaves no temporary file.

use crate::support::*;
use predicates::prelude::*;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// A file of `n` records, every other one bad (too short), and the lines key it must give.
fn half_bad(dir: &Path, n: usize) -> (PathBuf, String) {
    let puzzles = data_lines("kaggle_1000.txt");
    let solutions = data_lines("solutions/kaggle_1000.txt");
    let (mut input, mut key) = (String::new(), String::new());
    for i in 0..n {
        if i % 2 == 0 {
            input += "12345\n";
            key += " malformed\n";
        } else {
            input += &format!("{}\n", puzzles[i % 1000]);
            key += &format!("{}\n", solutions[i % 1000]);
        }
    }
    (write(dir, "half_bad.txt", input), key)
}

fn temp_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".sudoku-batch"))
        .collect()
}

#[test]
fn a_reader_of_stderr_going_away_changes_nothing_in_the_key() {
    for n in [4, 20_000] {
        // Few bad records (the stats table at the end meets the closed pipe) and many (the
        // messages meet it mid-run).
        let dir = tempfile::tempdir().unwrap();
        let (input, key) = half_bad(dir.path(), n);
        let out = dir.path().join("key.txt");
        let mut child = binary()
            .args(["solve", "-o"])
            .arg(&out)
            .arg(&input)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stderr.take().unwrap())
            .read_line(&mut first)
            .unwrap(); // then the reader goes away
        let status = child.wait().unwrap();
        assert_eq!(
            status.code(),
            Some(1),
            "{n}: bad records, and nothing else wrong"
        );
        assert!(
            std::fs::read_to_string(&out).unwrap() == key,
            "{n}: the whole key"
        );
    }
}

#[test]
fn stdout_and_stderr_in_one_closed_pipe_is_the_reader_having_enough() {
    let dir = tempfile::tempdir().unwrap();
    let (input, _) = half_bad(dir.path(), 20_000);
    // `2>&1 | head -1`: the key goes to the pipe too; the reader closing it means "enough".
    let mut child = binary()
        .arg("solve")
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

#[test]
fn a_full_or_closed_stderr_is_dropped_quietly_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let (input, key) = half_bad(dir.path(), 100);
    let out = dir.path().join("key.txt");
    let json = dir.path().join("stats.json");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let status = binary()
        .args(["solve", "-o"])
        .arg(&out)
        .arg("--stats")
        .arg(&json)
        .arg(&input)
        .stderr(full)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
    assert!(std::fs::read_to_string(&out).unwrap() == key);
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(stats["counts"]["malformed"], 50);
    assert!(stats["stderr_lost"].as_u64().unwrap() >= 1, "{stats}");
    // A closed stderr: no file the run opens may take its place, so the key holds no message.
    let out2 = dir.path().join("key2.txt");
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" solve -o \"$1\" \"$2\" 2>&-")
        .arg(assert_cmd::cargo::cargo_bin("sudoku-batch"))
        .arg(&out2)
        .arg(&input)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
    assert!(
        std::fs::read_to_string(&out2).unwrap() == key,
        "no message in the key"
    );
}

#[test]
fn a_closed_stdout_is_an_error_when_the_key_goes_there() {
    let run = |args: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" solve data/kaggle_1000.txt {args} >&-"))
            .arg(assert_cmd::cargo::cargo_bin("sudoku-batch"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap()
    };
    let out = run("-q");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: stdout is closed"), "{err}");
    assert_eq!(err.lines().count(), 1);
    // With -o, stdout is not needed.
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("k.txt");
    let out = run(&format!("-q -o {}", key.display()));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(key).unwrap().lines().count(), 1000);
}

#[test]
fn an_output_that_is_an_input_or_another_output_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("data/kaggle_1000.txt").unwrap();
    let input = write(dir.path(), "in.txt", &text);
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&input, &link).unwrap();
    let hard = dir.path().join("hard.txt");
    std::fs::hard_link(&input, &hard).unwrap();
    let (i, l, h) = (
        input.to_str().unwrap(),
        link.to_str().unwrap(),
        hard.to_str().unwrap(),
    );
    let key = dir.path().join("key.csv");
    let k = key.to_str().unwrap();
    for (args, says) in [
        (vec![i, "-o", i], "the answer key"),
        (vec![i, "-o", l], "is the input"),
        (vec![i, "-o", h], "is the input"),
        (vec![i, "--stats", i], "--stats"),
        (vec![i, "--plot", l], "--plot"),
        (
            vec![i, "-o", k, "--stats", k],
            "the answer key and --stats would both be written",
        ),
        (vec![i, "-o", k, "--plot", k], "the answer key and --plot"),
        (
            vec![i, "--stats", "-"],
            "the answer key and --stats would both be written to stdout",
        ),
    ] {
        solve(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(says));
        assert!(
            std::fs::read_to_string(&input).unwrap() == text,
            "{args:?}: input untouched"
        );
        assert!(!key.exists());
        assert!(temp_files(dir.path()).is_empty());
    }
}

#[test]
fn outputs_through_a_symlink_replace_the_link_not_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let target = write(dir.path(), "precious.txt", "keep me\n");
    let link = dir.path().join("stats.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    solve(&[
        "data/kaggle_1000.txt",
        "-q",
        "-o",
        "/dev/null",
        "--stats",
        link.to_str().unwrap(),
    ])
    .assert()
    .success();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me\n");
    assert!(!std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(
        std::fs::read_to_string(&link)
            .unwrap()
            .contains("\"records\": 1000")
    );
}

#[test]
fn an_unwritable_output_stops_the_run_before_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("key.txt");
    for (flag, path) in [
        ("--stats", "no/such/dir/s.json"),
        ("--plot", "no/such/dir/p.svg"),
    ] {
        solve(&[
            "data/kaggle_1000.txt",
            "-q",
            "-o",
            key.to_str().unwrap(),
            flag,
            path,
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "cannot write {path}: the directory no/such/dir does not exist"
        )));
        assert!(!key.exists(), "no key");
        assert!(temp_files(dir.path()).is_empty());
    }
    solve(&["data/kaggle_1000.txt", "-o", "no/such/dir/k.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the directory no/such/dir does not exist",
        ));
}

fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn outputs_get_the_mode_a_redirect_gives_and_a_replaced_file_keeps_its_own() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let run = |umask: &str, args: &str| {
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "umask {umask} && exec \"$0\" solve data/kaggle_1000.txt -q {args}"
            ))
            .arg(assert_cmd::cargo::cargo_bin("sudoku-batch"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .unwrap();
        assert!(status.success());
    };
    let (key, stats) = (dir.path().join("k.txt"), dir.path().join("s.json"));
    let args = format!("-o {} --stats {}", key.display(), stats.display());
    run("022", &args);
    assert_eq!((mode(&key), mode(&stats)), (0o644, 0o644));
    std::fs::remove_file(&key).unwrap();
    run("077", &args);
    assert_eq!(mode(&key), 0o600, "a new file: 0666 less the umask");
    assert_eq!(mode(&stats), 0o644, "a replaced file keeps its mode");
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o640)).unwrap();
    run("022", &args);
    assert_eq!(mode(&key), 0o640);
}

/// Starts a long run writing every output to files in `dir`, waits for its temporary files,
/// then sends `signal`; returns its exit code.
fn interrupt(signal: &str, dir: &Path) -> Option<i32> {
    let slow: String = data_lines("hardest_11plus_500.txt").join("\n").repeat(40);
    let input = write(dir, "slow.txt", slow);
    let mut child = binary()
        .args(["solve", "-q", "-j1", "-o"])
        .arg(dir.join("key.csv"))
        .arg("--stats")
        .arg(dir.join("stats.json"))
        .arg("--plot")
        .arg(dir.join("plot.svg"))
        .arg(&input)
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while temp_files(dir).len() < 3 && start.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(
        temp_files(dir).len(),
        3,
        "every output has its temporary file"
    );
    let killed = std::process::Command::new("kill")
        .args(["-s", signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let code = child.wait().unwrap().code();
    for name in ["key.csv", "stats.json", "plot.svg"] {
        assert!(!dir.join(name).exists(), "{signal}: no {name}");
    }
    assert!(
        temp_files(dir).is_empty(),
        "{signal}: temporary files removed"
    );
    code
}

#[test]
fn every_stopping_signal_leaves_no_file_and_exits_128_plus_its_number() {
    for (signal, code) in [("TERM", 143), ("INT", 130), ("HUP", 129), ("QUIT", 131)] {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(interrupt(signal, dir.path()), Some(code), "{signal}");
    }
}

#[test]
fn an_abort_that_is_no_panic_leaves_no_file_and_exits_2() {
    // What glibc does when it has no memory for a thread's bookkeeping: SIGABRT.
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(interrupt("ABRT", dir.path()), Some(2));
}

#[test]
fn a_panic_removes_the_temporary_files_and_says_so_in_one_line() {
    // Debug builds (the tests') panic on purpose at the record SUDOKU_BATCH_PANIC_ON.
    let dir = tempfile::tempdir().unwrap();
    let puzzles = std::fs::read_to_string(data_dir().join("17_clue_1000.txt")).unwrap();
    let line_500 = puzzles.lines().nth(499).unwrap();
    let key = dir.path().join("key.csv");
    let out = binary()
        .args(["solve", "data/17_clue_1000.txt", "-o"])
        .arg(&key)
        .arg("--stats")
        .arg(dir.path().join("stats.json"))
        .env("SUDOKU_BATCH_PANIC_ON", line_500)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: internal error, a bug"), "{err}");
    assert!(err.contains("no output was written"));
    assert!(!key.exists());
    assert!(
        temp_files(dir.path()).is_empty(),
        "{:?}",
        temp_files(dir.path())
    );
}

#[test]
fn thousands_of_threads_are_bounded_with_a_warning() {
    for j in ["2000", "10000"] {
        let out = solve(&["data/kaggle_1000.txt", "-q", "-j", j])
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with(&format!("warning: -j {j}: using ")),
            "{err}"
        );
        assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 1000);
    }
}

#[test]
fn a_dash_means_stdout_for_every_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = std::fs::canonicalize("data/kaggle_1000.txt").unwrap();
    let input = input.to_str().unwrap();
    let key = dir.path().join("k.txt");
    let k = key.to_str().unwrap();
    // Run inside `dir`: a file named `-` would appear there.
    let run = |args: &[&str]| {
        let mut cmd = solve(args);
        cmd.current_dir(dir.path()).output().unwrap()
    };
    let out = run(&[input, "-q", "-o", "-"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), 1000);
    let out = run(&[input, "-q", "-o", k, "--stats", "-"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["records"], 1000);
    let out = run(&[input, "-q", "-o", k, "--plot", "-"]);
    assert!(
        out.stdout.starts_with(b"<svg"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(!dir.path().join("-").exists(), "no file named -");
    assert!(temp_files(dir.path()).is_empty());
}

#[test]
fn file_names_are_quoted_where_they_could_forge_a_message() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["a\nb.txt:9: forged", "esc\x1b[31mred.txt"] {
        let path = write(dir.path(), name, format!("{}\n", "1".repeat(40)));
        let out = solve(&[path.to_str().unwrap(), "-q"]).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err:?}");
        assert!(!err.contains('\x1b'), "{err:?}");
        assert!(err.contains(":1: too short"), "{err:?}");
    }
}

#[test]
fn a_header_column_that_is_not_utf8_is_kept_and_addressable() {
    let (p, s) = (
        data_lines("kaggle_1000.txt")[0].clone(),
        data_lines("solutions/kaggle_1000.txt")[0].clone(),
    );
    let mut input = b"id,\xffgrid\xfe,note\n1,".to_vec();
    input.extend_from_slice(format!("{p},x\n").as_bytes());
    let out = solve(&["-q", "--column", "2"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut expected = b"id,\xffgrid\xfe,note,solution,status\n1,".to_vec();
    expected.extend_from_slice(format!("{p},x,{s},solved\n").as_bytes());
    assert_eq!(out.stdout, expected);
    // Found by content too.
    let out = solve(&["-q"]).write_stdin(input).output().unwrap();
    assert_eq!(out.stdout, expected);
}

#[test]
fn count_mode_reports_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = data_lines("gen_mixed_1000.txt");
    let counts = data_lines("solutions/gen_mixed_1000.counts.txt");
    let json = dir.path().join("s.json");
    let out = solve(&[
        "data/gen_mixed_1000.txt",
        "-q",
        "--mode",
        "count",
        "--limit",
        "2",
        "--output-format",
        "csv",
        "--stats",
        json.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut rows = text.lines();
    assert_eq!(rows.next(), Some("puzzle,solution,status,solutions"));
    let mut seen = [0u64; 3];
    for (row, count) in rows.zip(&counts) {
        let c: usize = count.parse().unwrap();
        seen[c] += 1;
        let expected = [("unsolvable", "0"), ("solved", "1"), ("multiple", ">=2")][c];
        let f: Vec<&str> = row.split(',').collect();
        assert_eq!((f[2], f[3]), expected, "{row}");
    }
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let sol = &v["solutions"];
    assert_eq!(sol["limit"], 2);
    assert_eq!(sol["at_limit"], seen[2]);
    let hist = sol["histogram"].as_array().unwrap();
    assert_eq!(hist[0]["min"], 0);
    assert_eq!(hist[0]["count"], seen[0]);
    assert_eq!(hist[1]["min"], 1);
    assert_eq!(hist[1]["count"], seen[1]);
    // Lines output: the status, then the count; the table shows the distribution.
    let out = solve(&["--mode", "count", "--limit", "5"])
        .write_stdin(format!("{}\n", puzzles[0]))
        .output()
        .unwrap();
    let line = String::from_utf8(out.stdout).unwrap();
    let status = ["unsolvable 0", "solved 1", "multiple"][counts[0].parse::<usize>().unwrap()];
    assert!(line.trim_start().contains(status), "{line}");
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("solutions   ")
    );
    // A limit of 1 cannot tell one solution from several.
    solve(&["data/gen_mixed_1000.txt", "--mode", "count", "--limit", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--limit"));
}

/// Names of the input file `in.txt` (and of other places) that a run may be given.
const NAMES: [&str; 10] = [
    "in.txt",
    "./in.txt",
    "link.txt",
    "hard.txt",
    "/dev/stdin",
    "/proc/self/fd/0",
    "new-a.txt",
    "new-b.txt",
    "-",
    "/dev/stdout",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// The exit-code law over the names of one file: whatever names the input is given by (a
    /// path, a link, stdin's file) and whatever names the outputs are given (the input again
    /// under any of them, new files, stdout under either of its names), the input is never
    /// changed, the run either refuses before writing anything (exit 2) or exits 0 with every
    /// file output whole, and no temporary file is left; with lines ending in LF, CR LF or
    /// CR alone.
    #[test]
    fn no_name_of_the_input_is_ever_written(
        input in 0usize..6,
        key in 0usize..NAMES.len(),
        stats in proptest::option::of(0usize..NAMES.len()),
        plot in proptest::option::of(0usize..NAMES.len()),
        line_end in proptest::sample::select(vec!["\n", "\r\n", "\r"]),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let text = data_lines("kaggle_1000.txt")[..5].join(line_end) + line_end;
        let path = write(dir.path(), "in.txt", &text);
        std::os::unix::fs::symlink(&path, dir.path().join("link.txt")).unwrap();
        std::fs::hard_link(&path, dir.path().join("hard.txt")).unwrap();
        // The key every line end gives: the LF file's.
        let lf = write(dir.path(), "lf.txt", text.replace(line_end, "\n"));
        let expected_key = solve(&[lf.to_str().unwrap(), "-q"]).output().unwrap().stdout;
        proptest::prop_assert_eq!(expected_key.iter().filter(|&&b| b == b'\n').count(), 5);
        let mut args = vec!["solve", "-q", NAMES[input], "-o", NAMES[key]];
        if let Some(s) = stats {
            args.extend(["--stats", NAMES[s]]);
        }
        if let Some(p) = plot {
            args.extend(["--plot", NAMES[p]]);
        }
        let out = binary()
            .current_dir(dir.path())
            .args(&args)
            .stdin(std::fs::File::open(&path).unwrap())
            .output()
            .unwrap();
        proptest::prop_assert_eq!(std::fs::read_to_string(&path).unwrap(), text.clone(), "{:?}", args);
        proptest::prop_assert!(temp_files(dir.path()).is_empty());
        let new_files = ["new-a.txt", "new-b.txt"].map(|n| dir.path().join(n));
        match out.status.code() {
            Some(0) => {
                let key_file = dir.path().join(NAMES[key]);
                if NAMES[key].starts_with("new-") {
                    proptest::prop_assert_eq!(std::fs::read(&key_file).unwrap(), expected_key);
                } else {
                    // Stdout, by either name: the key comes first there.
                    proptest::prop_assert!(out.stdout.starts_with(&expected_key), "{:?}", args);
                }
            }
            Some(2) => {
                proptest::prop_assert!(!new_files.iter().any(|f| f.exists()), "{:?}", args);
                let stderr = String::from_utf8_lossy(&out.stderr);
                proptest::prop_assert!(stderr.starts_with("error: "), "{:?}: {}", args, stderr);
            }
            code => proptest::prop_assert!(false, "{:?}: exit {:?}", args, code),
        }
    }
}
