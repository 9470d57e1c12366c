//! Inputs and faults that must get a clear answer: a status and a line, or a one-line error.

use crate::support::*;
use predicates::prelude::*;

#[test]
fn binary_garbage_and_nul_bytes_are_malformed_records() {
    let (p, s) = puzzle(0);
    let mut input = b"\x00\x00\x00\xff\xfebinary\n".to_vec();
    input.extend_from_slice(format!("{p}\n").as_bytes());
    input.extend_from_slice(&[0xff; 81]);
    input.push(b'\n');
    solve(&[])
        .arg("-q")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!(" malformed\n{s}\n malformed\n"))
        .stderr(
            predicate::str::contains("<stdin>:1: bad character '\\0' at position 1").and(
                predicate::str::contains("<stdin>:3: bad byte 0xff at position 1"),
            ),
        );
}

#[test]
fn utf16_text_is_refused_with_how_to_convert_it() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _) = puzzle(0);
    // Either byte order, by its byte-order mark.
    let to_le: fn(u16) -> [u8; 2] = u16::to_le_bytes;
    for (name, mark, bytes) in [
        ("le.txt", [0xff, 0xfe], to_le),
        ("be.txt", [0xfe, 0xff], u16::to_be_bytes),
    ] {
        let mut text = mark.to_vec();
        text.extend(format!("{p}\n").encode_utf16().flat_map(bytes));
        let path = write(dir.path(), name, text);
        solve(&[path.to_str().unwrap(), "-q"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "cannot read {}: is UTF-16 text",
                path.display()
            )))
            .stderr(predicate::str::contains("iconv -f UTF-16 -t UTF-8"));
    }
}

#[test]
fn archives_and_other_compressions_are_refused_with_how_to_unpack_them() {
    // Read as text, one would give a complaint per line of binary. Each kind is refused before
    // anything is written, naming the command that unpacks it.
    let dir = tempfile::tempdir().unwrap();
    let zip = zip_of(&[("p.csv", b"puzzle\n")]);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &zip).unwrap();
    let cases = [
        (
            "p.csv.xz",
            b"\xfd7zXZ\x00\x00\x04".to_vec(),
            "is xz-compressed",
            Some("xz -dc"),
        ),
        (
            "p.csv.zst",
            vec![0x28, 0xb5, 0x2f, 0xfd, 0x24],
            "is zstd-compressed",
            Some("zstd -dc"),
        ),
        (
            "p.7z",
            b"7z\xbc\xaf\x27\x1c\x00\x04".to_vec(),
            "is a 7-Zip archive",
            Some("7z x -so"),
        ),
        (
            "zip.gz",
            gz.finish().unwrap(),
            "is gzip-compressed, and inside that a zip archive",
            None,
        ),
    ];
    for (name, bytes, what, unpack) in cases {
        let path = write(dir.path(), name, bytes);
        let key = dir.path().join("key.csv");
        let out = solve(&[path.to_str().unwrap(), "-q", "-o", key.to_str().unwrap()])
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains(&format!("cannot read {}: {what}", path.display())),
            "{err}"
        );
        if let Some(unpack) = unpack {
            let how = format!("`{unpack} {} | sudoku-batch solve -`", path.display());
            assert!(err.contains(&how), "{err}");
        }
        assert!(!key.exists(), "{name}: nothing is written");
    }
    // A zip archive from stdin cannot be read (it is read from its end): the same, with a
    // placeholder for the file.
    solve(&["-q"])
        .write_stdin(zip)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "cannot read <stdin>: is a zip archive",
        ))
        .stderr(predicate::str::contains(
            "`unzip -p FILE | sudoku-batch solve -`",
        ));
}

/// A Kaggle-style CSV of `rows` puzzle rows and a malformed one at line 4.
fn kaggle_csv(rows: usize) -> String {
    let mut csv = String::from("quizzes,solutions\n");
    for i in 0..rows {
        let (p, s) = puzzle(i % 1000);
        csv.push_str(&format!("{},{s}\n", zeros(&p)));
        if i == 1 {
            csv.push_str("not a puzzle,nor a solution\n");
        }
    }
    csv
}

#[test]
fn a_zip_of_one_file_is_read_as_that_file() {
    // Kaggle's downloads: a zip archive of one CSV (here with the copies macOS adds). Its key
    // is the CSV's, byte for byte, and its messages name the archive and the line. (3,000 rows
    // are unzipped in several blocks.)
    let dir = tempfile::tempdir().unwrap();
    let csv = kaggle_csv(3000);
    let plain = write(dir.path(), "sudoku.csv", &csv);
    let files = [
        ("__MACOSX/", &b""[..]),
        ("__MACOSX/._sudoku.csv", b"junk"),
        ("__MACOSX/notes.txt", b"junk"),
        ("._sudoku.csv", b"junk"),
        ("sudoku.csv", csv.as_bytes()),
    ];
    let zipped = write(dir.path(), "archive.zip", zip_of(&files));
    let run = |path: &std::path::Path| {
        solve(&[path.to_str().unwrap(), "--verify", "-j2"])
            .output()
            .unwrap()
    };
    let (plain, zipped) = (run(&plain), run(&zipped));
    assert_eq!(zipped.status.code(), Some(1), "the malformed row");
    assert_eq!(zipped.status.code(), plain.status.code());
    assert_eq!(zipped.stdout, plain.stdout);
    let err = String::from_utf8(zipped.stderr).unwrap();
    assert!(err.contains("archive.zip:4: "), "{err}");
    // A file packed by a method other than deflate (here marked bzip2 in both its headers).
    let mut bzip2 = zip_of(&[("sudoku.csv", csv.as_bytes())]);
    for (magic, at) in [(&b"PK\x03\x04"[..], 8), (b"PK\x01\x02", 10)] {
        let header = bzip2.windows(4).position(|w| w == magic).unwrap();
        bzip2[header + at..header + at + 2].copy_from_slice(&12u16.to_le_bytes());
    }
    let path = write(dir.path(), "bzip2.zip", bzip2);
    solve(&[path.to_str().unwrap(), "-q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the zip archive's file is packed by a method that is not read",
        ))
        .stderr(predicate::str::contains(format!(
            "`unzip -p {} | sudoku-batch solve -`",
            path.display()
        )));
    // Nothing to read, or one of several files that cannot be guessed.
    let path = write(dir.path(), "empty.zip", zip_of(&[("dir/", b"")]));
    solve(&[path.to_str().unwrap(), "-q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "is a zip archive with no file in it",
        ));
    // The message names three files at most.
    let names = ["a.csv", "b.csv", "c.csv", "d.csv"];
    for (count, listed) in [
        (2, "2 files (a.csv, b.csv)"),
        (3, "3 files (a.csv, b.csv, c.csv)"),
        (4, "4 files (a.csv, b.csv, c.csv, ...)"),
    ] {
        let several: Vec<_> = names[..count]
            .iter()
            .map(|&n| (n, csv.as_bytes()))
            .collect();
        let path = write(dir.path(), "several.zip", zip_of(&several));
        solve(&[path.to_str().unwrap(), "-q"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "is a zip archive of {listed}:"
            )))
            .stderr(predicate::str::contains(format!(
                "`unzip -p {} a.csv | sudoku-batch solve -`",
                path.display()
            )));
    }
}

/// The threads of this process named `name`.
#[cfg(target_os = "linux")]
fn threads_named(name: &str) -> usize {
    let tasks = std::fs::read_dir("/proc/self/task").unwrap();
    let comm = |task: std::fs::DirEntry| std::fs::read_to_string(task.path().join("comm"));
    let named = tasks.filter_map(|t| comm(t.ok()?).ok());
    named.filter(|comm| comm.trim_end() == name).count()
}

#[test]
#[cfg(target_os = "linux")]
fn a_zip_read_in_part_leaves_no_thread_behind() {
    // A run that stops early (or the probe of an input's first lines) drops its reader: the
    // thread that unzips stops and is waited for, rather than left to run on.
    use sudoku_batch::input::{InputPath, Source};
    let dir = tempfile::tempdir().unwrap();
    // 1.6 MB, six blocks and more: the thread is still at work when the reader stops.
    let zip = zip_of(&[("sudoku.csv", kaggle_csv(10_000).as_bytes())]);
    let path = write(dir.path(), "archive.zip", zip);
    let input = InputPath::File(path);
    let mut source = Source::open(&input, Default::default(), Default::default()).unwrap();
    let mut line = Vec::new();
    source.read_line(&mut line).unwrap();
    assert_eq!(line, b"quizzes,solutions");
    assert_eq!(threads_named("unzip"), 1);
    drop(source);
    assert_eq!(threads_named("unzip"), 0);
}

#[test]
fn a_damaged_zip_stops_the_run_and_leaves_no_key() {
    // The archive's checksum is checked at the end of its file, after most records are solved:
    // the run still fails whole, and the answer key is not left behind.
    let dir = tempfile::tempdir().unwrap();
    let csv = kaggle_csv(3000);
    let mut zip = zip_of(&[("sudoku.csv", csv.as_bytes())]);
    // A byte near the end of the compressed text (the central directory is the last ~100).
    let at = zip.len() - 200;
    zip[at] ^= 0x55;
    let path = write(dir.path(), "archive.zip", zip);
    let key = dir.path().join("key.csv");
    solve(&[path.to_str().unwrap(), "-q", "-o", key.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "cannot read {}: the zip archive's file is damaged",
            path.display()
        )));
    assert!(!key.exists());
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "only the archive: {leftovers:?}");
}

#[test]
fn invalid_utf8_in_csv_fields_is_kept_or_reported() {
    let (p, s) = puzzle(0);
    let mut input = b"note,puzzle\n\xff\xfe,".to_vec();
    input.extend_from_slice(format!("{p}\n2,").as_bytes());
    input.extend_from_slice(b"\xffbad\n");
    let out = solve(&[]).arg("-q").write_stdin(input).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let mut expected = b"note,puzzle,solution,status\n\xff\xfe,".to_vec();
    expected.extend_from_slice(format!("{p},{s},solved\n").as_bytes());
    expected.extend_from_slice(b"2,\xffbad,,malformed\n");
    assert_eq!(
        out.stdout, expected,
        "other fields' bytes are echoed untouched"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("<stdin>:3: bad byte 0xff"));
}

#[test]
fn empty_inputs_and_a_header_only_csv_answer_nothing_and_succeed() {
    solve(&[])
        .arg("-q")
        .write_stdin("")
        .assert()
        .success()
        .stdout("");
    solve(&[])
        .arg("-q")
        .write_stdin("\n\n# only a comment\n")
        .assert()
        .success()
        .stdout("");
    solve(&[])
        .arg("-q")
        .write_stdin("puzzle,solution\n")
        .assert()
        .success()
        .stdout("puzzle,solution,sb_solution,status\n");
    solve(&[])
        .write_stdin("")
        .assert()
        .success()
        .stderr(predicate::str::contains("records     0"));
}

#[test]
fn a_first_row_wider_than_the_header_gives_no_column_beyond_it() {
    // Found by the framing fuzz target: the puzzle column was guessed from the first row's
    // fields, past the header's width, and indexing a row by it panicked.
    let (p, _) = puzzle(0);
    solve(&[])
        .args(["--format", "csv", "-q"])
        .write_stdin(format!("id\nx,{p}\n"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "no puzzle column found (columns: id)",
        ));
}

#[test]
fn duplicate_column_names_take_the_first_and_keep_both() {
    let (p, s) = puzzle(0);
    solve(&[])
        .arg("-q")
        .write_stdin(format!("puzzle,puzzle\n{p},x\n"))
        .assert()
        .success()
        .stdout(format!("puzzle,puzzle,solution,status\n{p},x,{s},solved\n"));
}

#[test]
fn zeros_and_dots_may_be_mixed_in_one_puzzle() {
    let (p, s) = puzzle(0);
    let mixed: String = p
        .chars()
        .enumerate()
        .map(|(i, c)| if c == '.' && i % 2 == 0 { '0' } else { c })
        .collect();
    assert!(mixed.contains('0') && mixed.contains('.'));
    solve(&[])
        .arg("-q")
        .write_stdin(mixed)
        .assert()
        .success()
        .stdout(format!("{s}\n"));
}

#[test]
fn a_huge_line_is_one_malformed_record_and_memory_stays_bounded() {
    let (p, s) = puzzle(0);
    let mut input = vec![b'1'; 8 << 20]; // 8 MiB with no line end, then a good line
    input.push(b'\n');
    input.extend_from_slice(format!("{p}\n").as_bytes());
    solve(&[])
        .arg("-q")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(format!(" malformed\n{s}\n"))
        .stderr(predicate::str::contains(
            "<stdin>:1: line longer than 1048576 bytes",
        ));
}

#[test]
fn a_guess_budget_turns_a_runaway_puzzle_into_a_timeout() {
    let (p, s) = puzzle(0);
    let empty = ".".repeat(81);
    let dir = tempfile::tempdir().unwrap();
    let stats = dir.path().join("stats.json");
    let out = solve(&[])
        .args([
            "--mode",
            "count",
            "--limit",
            "1000000000",
            "--max-guesses",
            "1000",
            "--stats",
        ])
        .arg(&stats)
        .arg("-q")
        .write_stdin(format!("{p}\n{empty}\n{p}\n"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().take(3).collect();
    assert_eq!(lines[0], format!("{s} solved 1"));
    // What the budget let it find is a lower bound, never a count.
    let (_, count) = lines[1].rsplit_once(" timeout ").unwrap();
    let found: u64 = count.strip_prefix(">=").unwrap().parse().unwrap();
    assert!(found > 0, "{}", lines[1]);
    assert_eq!(lines[2], format!("{s} solved 1"));
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
    assert_eq!(stats["counts"]["timeout"], 1);
    // The timeout is not in the count's distribution: only the two counted puzzles are.
    let histogram = stats["solutions"]["histogram"].as_array().unwrap();
    let counted: u64 = histogram.iter().map(|b| b["count"].as_u64().unwrap()).sum();
    assert_eq!(
        (counted, stats["solutions"]["at_limit"].as_u64()),
        (2, Some(0))
    );
}
