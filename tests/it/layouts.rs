//! Every record of every real file, through the binary: each layout as it circulates, and the
//! ways a reader can lose or shift a record (each answered in its place or reported).

use crate::support::*;
use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;
use std::path::Path;

/// Runs and returns (exit code, stdout, stderr).
fn run(cmd: &mut Command) -> (i32, String, String) {
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Solves `input` quietly with `extra` flags into a CSV answer key on stdout: (exit code,
/// the key, stderr).
fn csv_key(input: &Path, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec![input.to_str().unwrap(), "-q", "--output-format", "csv"];
    args.extend_from_slice(extra);
    run(&mut solve(&args))
}

/// The last field of each CSV row after the header: its status.
fn statuses(csv: &str) -> Vec<&str> {
    csv.lines()
        .skip(1)
        .map(|r| r.rsplit(',').next().unwrap())
        .collect()
}

/// The stats JSON of a run over `input` with `args`.
fn stats_of(input: &Path, args: &[&str]) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("stats.json");
    let mut cmd = solve(&[
        input.to_str().unwrap(),
        "-q",
        "--stats",
        json.to_str().unwrap(),
    ]);
    cmd.args(args).output().unwrap();
    serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap()
}

#[test]
fn csv_rows_whose_first_field_starts_with_a_hash_are_data() {
    let dir = tempfile::tempdir().unwrap();
    let ((p1, s1), (p2, s2)) = (puzzle(0), puzzle(1));
    let path = write(
        dir.path(),
        "h.csv",
        format!("id,puzzle\n#1,{p1}\n#2,{p2}\n"),
    );
    let (code, out, _) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!("id,puzzle,solution,status\n#1,{p1},{s1},solved\n#2,{p2},{s2},solved\n")
    );
    // Without a header, a first row that starts with `#` is data too.
    let path = write(dir.path(), "nh.csv", format!("#1,{p1}\n#2,{p2}\n"));
    let (code, out, _) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
    assert_eq!((code, out.lines().count()), (0, 2), "{out}");
}

#[test]
fn a_csv_header_that_starts_with_a_hash_is_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let ((p1, s1), (p2, s2)) = (puzzle(0), puzzle(1));
    let path = write(dir.path(), "h.csv", format!("#id,puzzle\n1,{p1}\n2,{p2}\n"));
    let (code, out, _) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!("#id,puzzle,solution,status\n1,{p1},{s1},solved\n2,{p2},{s2},solved\n")
    );
}

#[test]
fn hash_lines_before_a_csv_header_are_comments_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = puzzle(0);
    let path = write(
        dir.path(),
        "c.csv",
        format!("# exported by a tool\n# on a date\npuzzle,solution\n{p},{s}\n"),
    );
    let (code, out, _) = run(&mut solve(&[path.to_str().unwrap(), "-q", "--verify"]));
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!("puzzle,solution,sb_solution,status\n{p},{s},{s},solved\n")
    );
    let stats = stats_of(&path, &[]);
    assert_eq!(stats["skipped"]["comment"], 2);
    assert_eq!(stats["skipped"]["header"], 1);
    assert_eq!(stats["lines"], 4);
}

#[test]
fn a_bare_cr_stays_inside_its_csv_row() {
    let dir = tempfile::tempdir().unwrap();
    let ((p1, s1), (p2, s2), (p3, s3)) = (puzzle(0), puzzle(1), puzzle(2));
    // In the puzzle field: that row is malformed, at its own line. In another field: echoed,
    // quoted (a bare CR would end the row for other CSV readers). Every later row in its slot.
    let text = format!(
        "id,puzzle\n1,{p1}\n2,{}\r{}\nthree\rx,{p2}\n4,{p3}\n",
        &p2[..40],
        &p2[41..]
    );
    let path = write(dir.path(), "cr.csv", text);
    let (code, out, err) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!(
            "id,puzzle,solution,status\n1,{p1},{s1},solved\n2,\"{}\r{}\",,malformed\n\"three\rx\",{p2},{s2},solved\n4,{p3},{s3},solved\n",
            &p2[..40],
            &p2[41..]
        )
    );
    assert!(
        err.contains("cr.csv:3: bad character '\\r' at position 41"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn an_unclosed_quote_breaks_only_its_own_row() {
    let dir = tempfile::tempdir().unwrap();
    let ((p1, s1), (p2, s2), (p3, s3)) = (puzzle(0), puzzle(1), puzzle(2));
    let text = format!(
        "id,puzzle\n1,{p1}\n2,\"{p2}\n3,{p3}\n4,\"a quoted field\nacross two lines\",x\n5,{p1}"
    );
    let path = write(dir.path(), "q.csv", text);
    let (code, out, err) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
    assert_eq!(code, 1);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 1 + 6, "{out}");
    assert_eq!(rows[1], format!("1,{p1},{s1},solved"));
    assert_eq!(
        rows[2],
        format!("2,\"\"\"{p2}\",,malformed"),
        "the fields before the quote are kept"
    );
    assert_eq!(rows[3], format!("3,{p3},{s3},solved"));
    assert_eq!(statuses(&out)[3..], ["malformed", "malformed", "solved"]);
    assert_eq!(
        rows[6],
        format!("5,{p1},{s1},solved"),
        "the last puzzle is answered"
    );
    for line in [3, 5, 6] {
        assert!(
            err.contains(&format!("q.csv:{line}: ")),
            "line {line} in {err}"
        );
    }
    let _ = s2;
}

#[test]
fn a_csv_without_a_header_starts_with_data() {
    let dir = tempfile::tempdir().unwrap();
    let ((p1, s1), (p2, s2)) = (puzzle(0), puzzle(1));
    let path = write(dir.path(), "nh.csv", format!("{p1},{s1}\n{p2},{s2}\n"));
    let name = path.to_str().unwrap();
    let (code, out, _) = run(&mut solve(&[name, "-q", "--verify"]));
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!("{p1},{s1},{s1},solved\n{p2},{s2},{s2},solved\n")
    );
    // Forced the other way, the first row is a header: one record.
    let (code, out, _) = run(&mut solve(&[name, "-q", "--header", "--column", "1"]));
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.starts_with(&format!("{p1},{s1},solution,status\n")),
        "{out}"
    );
    // A header of names that is forced to be data is a malformed row.
    let named = write(dir.path(), "n.csv", format!("puzzle,solution\n{p1},{s1}\n"));
    let (code, out, _) = run(&mut solve(&[named.to_str().unwrap(), "-q", "--no-header"]));
    assert_eq!(code, 1);
    assert_eq!(statuses(&format!("x\n{out}")), ["malformed", "solved"]);
}

#[test]
fn a_lines_file_with_commas_in_its_comments_is_a_lines_file() {
    let dir = tempfile::tempdir().unwrap();
    let ((p1, s1), (p2, s2)) = (puzzle(0), puzzle(1));
    for text in [
        format!("{p1}  # rated 11.9, by someone\n{p2} # rated 2.0, by another\n"),
        format!("{p1} // source, date\n{p2}\t// source, date\n"),
        format!("Hardest puzzles, 2019 edition\n{p1}\n{p2}\n"),
    ] {
        let path = write(dir.path(), "c.txt", &text);
        let (code, out, err) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
        assert_eq!((code, out), (0, format!("{s1}\n{s2}\n")), "{text} {err}");
    }
    let stats = stats_of(&dir.path().join("c.txt"), &[]);
    assert_eq!(stats["skipped"]["title"], 1);
    assert_eq!(stats["records"], 2);
    // A tab is text; any other control character is not, so that line is no title but a
    // record, answered as malformed.
    let tabbed = write(dir.path(), "t.txt", format!("Hardest\tpuzzles\n{p1}\n"));
    let (code, out, _) = run(&mut solve(&[tabbed.to_str().unwrap(), "-q"]));
    assert_eq!((code, out), (0, format!("{s1}\n")));
    let bell = write(dir.path(), "b.txt", format!("Hardest puzzles\x07\n{p1}\n"));
    let (code, out, err) = run(&mut solve(&[bell.to_str().unwrap(), "-q"]));
    assert_eq!((code, out), (1, format!(" malformed\n{s1}\n")));
    assert!(err.contains("b.txt:1: bad character 'H'"), "{err}");
}

#[test]
fn a_wide_csv_header_is_kept_whole_and_one_too_long_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = puzzle(0);
    let names: Vec<String> = (0..10_000)
        .map(|i| format!("a_long_column_name_{i}"))
        .collect();
    let values: Vec<String> = (0..10_000).map(|i| i.to_string()).collect();
    let text = format!("{},puzzle\n{},{p}\n", names.join(","), values.join(","));
    assert!(text.len() > 200_000);
    let path = write(dir.path(), "wide.csv", text);
    let (code, out, _) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
    assert_eq!(code, 0);
    let mut rows = out.lines();
    assert_eq!(
        rows.next().unwrap(),
        format!("{},puzzle,solution,status", names.join(","))
    );
    assert_eq!(
        rows.next().unwrap(),
        format!("{},{p},{s},solved", values.join(","))
    );
    // Over the line limit, the header cannot be kept: a clear error, and nothing written.
    // Two fields are a header too, however long the second.
    let huge: Vec<String> = (0..120_000).map(|i| format!("column{i:06}")).collect();
    let too_long = [
        (
            "huge.csv",
            format!("puzzle,{}\n{p}{}\n", huge.join(","), ",".repeat(120_000)),
        ),
        ("long.csv", format!("id,{}\n1,{p}\n", "n".repeat(1 << 20))),
    ];
    for (name, text) in too_long {
        solve(&[write(dir.path(), name, text).to_str().unwrap(), "-q"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "the CSV header (line 1) is longer than 1048576 bytes",
            ));
    }
}

#[test]
fn csv_detection_weighs_rows_headers_and_fit_against_the_other_layouts() {
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = puzzle(0);
    let key = |name: &str, text: String, extra: &[&str]| {
        let (code, out, _) = csv_key(&write(dir.path(), name, text), extra);
        (code, out)
    };
    // A `#` line before a header-less table is a comment, not one of the rows weighed: one of
    // the two rows is as wide as the first, which is enough for a table.
    assert_eq!(
        key("pre.csv", format!("# note\n{p},{s}\n{p}\n"), &[]),
        (1, format!("{p},{s},{s},solved\n{p},,,malformed\n"))
    );
    // Fewer than half the rows as wide as the first: a lines file whose first line has a comma.
    assert_eq!(
        key("few.csv", format!("{p},{s}\n{p}\n{p}\n"), &[]),
        (
            1,
            format!(
                "puzzle,solution,status\n\"{p},{s}\",,malformed\n{p},{s},solved\n{p},{s},solved\n"
            )
        )
    );
    // One line with an open quote is no table, so no complaint of a missing puzzle column;
    // nothing in it is a puzzle of any layout, so the input is refused as such. Beside a
    // puzzle, the line is answered, as malformed.
    let (code, out, err) = csv_key(&write(dir.path(), "quote.csv", "\"abc\n"), &[]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("no puzzle in any layout read here"), "{err}");
    assert_eq!(
        key("quote.csv", format!("{p}\n\"abc\n"), &[]),
        (
            1,
            format!("puzzle,solution,status\n{p},{s},solved\n\"\"\"abc\",,malformed\n")
        )
    );
    // A column named `solution` holds the given solutions, even where another holds a grid.
    assert_eq!(
        key(
            "named.csv",
            format!("puzzle,solution,grid\n{p},123,{s}\n"),
            &["--verify"]
        ),
        (
            1,
            format!("puzzle,solution,grid,sb_solution,status\n{p},123,{s},{s},mismatch\n")
        )
    );
    // With no such name, the given solutions are the column that holds a solved grid.
    assert_eq!(
        key(
            "content.csv",
            format!("quiz,note,sol\n{p},x,{s}\n"),
            &["--verify"]
        ),
        (
            0,
            format!("quiz,note,sol,solution,status\n{p},x,{s},{s},solved\n")
        )
    );
    // A header of no known name makes a table only likely: a title with a comma over puzzle
    // lines (as wide) stays a lines file, which is tried first.
    assert_eq!(
        key(
            "title.csv",
            format!("My title, here\n{p} ,x\n{p} ,y\n"),
            &[]
        ),
        (
            0,
            format!("puzzle,solution,status\n{p},{s},solved\n{p},{s},solved\n")
        )
    );
    // One column and no header is no sign of a table: a quoted first line that reads as a
    // title (a 16×16 puzzle has letters), over puzzle lines, is the lines file's title.
    let sixteen = "1.3.56.8.ABC.E.G".repeat(16);
    assert_eq!(
        key("one.csv", format!("\"{sixteen}\"\n{p}\n"), &[]),
        (0, format!("puzzle,solution,status\n{p},{s},solved\n"))
    );
    // Rows of several fields and no header are certainly a table, even where a title over
    // puzzle lines could be read.
    assert_eq!(
        key("table.csv", format!("Title words,{p}\n{p} x,y\n"), &[]),
        (
            1,
            format!("Title words,{p},{s},solved\n{p} x,y,,malformed\n")
        )
    );
}

/// Runs the binary under a shell limit (`ulimit OPTION VALUE`).
fn under_ulimit(option: &str, value: &str, args: &[&str]) -> std::process::Output {
    let bin = assert_cmd::cargo::cargo_bin("sudoku-batch");
    let script = format!("ulimit {option} {value} && exec \"$0\" \"$@\"");
    std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(bin)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

#[test]
fn leading_blank_lines_cost_no_memory() {
    // 20 million blank lines before the puzzle, gzipped: today's reader kept each one (about
    // 40 bytes a line, 800 MB). Under a 600 MB address-space limit the run must still pass.
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = puzzle(0);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    let blanks = vec![b'\n'; 1 << 20];
    for _ in 0..20 {
        gz.write_all(&blanks).unwrap();
    }
    gz.write_all(format!("{p}\n\n\n").as_bytes()).unwrap();
    let path = write(dir.path(), "blanks.txt.gz", gz.finish().unwrap());
    let json = dir.path().join("stats.json");
    let out = under_ulimit(
        "-v",
        "600000",
        &[
            "solve",
            path.to_str().unwrap(),
            "-q",
            "--stats",
            json.to_str().unwrap(),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{s}\n"));
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    assert_eq!(stats["skipped"]["blank"], 20 * (1 << 20) + 2);
    assert_eq!(stats["lines"], 20 * (1 << 20) + 3);
}

#[test]
fn many_inputs_are_opened_one_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = data_lines("17_clue_1000.txt");
    let solutions = data_lines("solutions/17_clue_1000.txt");
    let names: Vec<String> = (0..2000)
        .map(|i| {
            let name = format!("p{i:04}.txt");
            write(dir.path(), &name, format!("{}\n", puzzles[i % 1000]));
            dir.path().join(name).to_str().unwrap().to_string()
        })
        .collect();
    let mut args = vec!["solve", "-q", "-j2"];
    args.extend(names.iter().map(String::as_str));
    // 32 descriptors: far fewer than inputs.
    let out = under_ulimit("-n", "32", &args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected: String = (0..2000)
        .map(|i| format!("{}\n", solutions[i % 1000]))
        .collect();
    assert!(
        String::from_utf8(out.stdout).unwrap() == expected,
        "answers in input order"
    );
}

#[test]
fn a_stream_named_twice_is_a_usage_error() {
    let (p, _) = puzzle(0);
    for args in [["-", "-"], ["-", "/dev/stdin"]] {
        solve(&args)
            .write_stdin(format!("{p}\n"))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("can be read only once"));
    }
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here: the stdin cases above still ran
    }
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    let (f, l) = (fifo.to_str().unwrap(), link.to_str().unwrap());
    for args in [[f, f], [f, l]] {
        solve(&args)
            .timeout(std::time::Duration::from_secs(10))
            .assert()
            .code(2)
            .stderr(predicate::str::contains("are the same stream"));
    }
    // A regular file may be given twice: it is read twice.
    let (p, s) = puzzle(0);
    let file = write(dir.path(), "one.txt", format!("{p}\n"));
    let name = file.to_str().unwrap();
    solve(&[name, name, "-q"])
        .assert()
        .success()
        .stdout(format!("{s}\n{s}\n"));
}

#[test]
fn puzzle_banks_are_read_as_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let ((p1, s1), (p2, s2)) = (puzzle(0), puzzle(1));
    let (z1, z2) = (p1.replace('.', "0"), p2.replace('.', "0"));
    let bank = format!("0000183b305c {z1} 1.2\n00008ee0fd51 {z2} 3.5\n");
    let path = write(dir.path(), "bank.txt", &bank);
    let name = path.to_str().unwrap();
    let (code, out, _) = run(&mut solve(&[name, "-q"]));
    assert_eq!((code, out), (0, format!("{s1}\n{s2}\n")));
    let (_, out, _) = run(&mut solve(&[name, "-q", "--output-format", "csv"]));
    assert_eq!(
        out,
        format!(
            "field1,puzzle,field3,solution,status\n0000183b305c,{z1},1.2,{s1},solved\n00008ee0fd51,{z2},3.5,{s2},solved\n"
        )
    );
    // A header of names is skipped and names the fields; `--field` forces the field.
    let path = write(
        dir.path(),
        "named.txt",
        format!("hash puzzle rating\n{bank}"),
    );
    let (_, out, _) = run(&mut solve(&[
        path.to_str().unwrap(),
        "-q",
        "--output-format",
        "csv",
    ]));
    assert!(
        out.starts_with("hash,puzzle,rating,solution,status\n"),
        "{out}"
    );
    let (_, out, _) = run(&mut solve(&[
        name, "-q", "--format", "bank", "--field", "2",
    ]));
    assert_eq!(out, format!("{s1}\n{s2}\n"));
    // A line of another width is malformed, in its place.
    let path = write(
        dir.path(),
        "ragged.txt",
        format!("h1 {z1} 1.2\nh2 {z2}\nh3 {z1} 1.0\n"),
    );
    let (code, out, err) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
    assert_eq!((code, out), (1, format!("{s1}\n malformed\n{s1}\n")));
    assert!(
        err.contains("ragged.txt:2: 2 fields, the first line has 3"),
        "{err}"
    );
}

#[test]
fn bank_detection_takes_named_fields_and_says_why_it_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = puzzle(0);
    // Two fields are enough for a bank, found without --format.
    let two = write(dir.path(), "two.txt", format!("id1 {p}\nid2 {p}\n"));
    let (code, out, _) = csv_key(&two, &[]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!("field1,puzzle,solution,status\nid1,{p},{s},solved\nid2,{p},{s},solved\n")
    );
    // A field named with --field, no --format: still a bank.
    let named = write(
        dir.path(),
        "named.txt",
        format!("hash puzzle rating\nh1 {p} 1.2\n"),
    );
    let (code, out, _) = csv_key(&named, &["--field", "puzzle"]);
    assert_eq!(
        (code, out),
        (
            0,
            format!("hash,puzzle,rating,solution,status\nh1,{p},1.2,{s},solved\n")
        )
    );
    // A name no bank field has leaves the file to the other layouts: here, a CSV's column.
    let kaggle = write(dir.path(), "k.csv", format!("quizzes,solutions\n{p},{s}\n"));
    let (code, out, _) = csv_key(&kaggle, &["--field", "quizzes"]);
    assert_eq!(
        (code, out),
        (
            0,
            format!("quizzes,solutions,solution,status\n{p},{s},{s},solved\n")
        )
    );
    // Forced, with the field named, one field is a bank too.
    let one = write(dir.path(), "one.txt", format!("{p}\n"));
    let (code, out, _) = csv_key(&one, &["--format", "bank", "--field", "1"]);
    assert_eq!(
        (code, out),
        (0, format!("puzzle,solution,status\n{p},{s},solved\n"))
    );
    // A title whose words could name a bank's fields, over puzzle lines: the bank reading
    // (the puzzle in the second field) is only likely, since the third line has no puzzle
    // there, so the lines layout, as likely and tried first, reads the file.
    let titled = write(
        dir.path(),
        "titled.txt",
        format!("My puzzle list\n{p} note more\n{p} a b\n"),
    );
    let (code, out, _) = csv_key(&titled, &[]);
    assert_eq!(
        (code, out),
        (
            0,
            format!("puzzle,solution,status\n{p},{s},solved\n{p},{s},solved\n")
        )
    );
    // Forced to a bank, each refusal says why.
    let (code, _, err) = csv_key(&named, &["--format", "bank", "--field", "nosuch"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(r#"no field named "nosuch" (fields: hash, puzzle, rating)"#),
        "{err}"
    );
    let words = write(dir.path(), "words.txt", "a b c\nd e f\n");
    let title = write(
        dir.path(),
        "title.txt",
        format!("My puzzles\nh1 {p} 1.2\nh2 {p} 3.4\n"),
    );
    // A first line narrower than the rows is no header (a header is as wide as the rows it
    // names) and no record: the refusal points at it, rather than every row being answered
    // as malformed under a header of the wrong width.
    for refused in [&words, &title] {
        let (code, _, err) = csv_key(refused, &["--format", "bank"]);
        assert_eq!(code, 2);
        assert!(
            err.contains("no field of the first line is a puzzle; name one with --column N"),
            "{err}"
        );
    }
}

#[test]
fn tab_and_semicolon_delimiters_are_detected_or_forced() {
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = puzzle(0);
    for (d, name) in [('\t', "t.tsv"), (';', "s.csv"), ('|', "p.csv")] {
        let path = write(
            dir.path(),
            name,
            format!("id{d}puzzle{d}note\n1{d}{p}{d}a,b\n"),
        );
        let (code, out, _) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
        assert_eq!(code, 0, "{name}");
        assert_eq!(
            out,
            format!("id{d}puzzle{d}note{d}solution{d}status\n1{d}{p}{d}a,b{d}{s}{d}solved\n"),
            "{name}: the key keeps the input's delimiter"
        );
    }
    // Forced: a comma file read with `;` has one column, no puzzle in it.
    let path = write(dir.path(), "c.csv", format!("id,puzzle\n1,{p}\n"));
    solve(&[
        path.to_str().unwrap(),
        "--delimiter",
        ";",
        "--format",
        "csv",
    ])
    .assert()
    .code(2)
    .stderr(predicate::str::contains("no puzzle column found"));
    solve(&[path.to_str().unwrap(), "--delimiter", "ab"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not one byte"));
}

#[test]
fn the_solution_column_can_be_named() {
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = puzzle(0);
    let mut wrong = s.clone().into_bytes();
    wrong.swap(0, 1);
    let wrong = String::from_utf8(wrong).unwrap();
    // The sudoku-extreme layout: its solution is `answer`, found by name.
    let text = format!("source,question,answer,rating\nx,{p},{s},1.5\ny,{p},{wrong},2.0\n");
    let path = write(dir.path(), "extreme.csv", text);
    let name = path.to_str().unwrap();
    let (code, out, _) = run(&mut solve(&[name, "-q", "--verify"]));
    assert_eq!((code, statuses(&out)), (1, vec!["solved", "mismatch"]));
    // Named by the user, by name or by number; a name that is not there is an error.
    let (code, out, _) = run(&mut solve(&[
        name,
        "-q",
        "--verify",
        "--solution-column",
        "3",
    ]));
    assert_eq!((code, statuses(&out)), (1, vec!["solved", "mismatch"]));
    let (code, out, _) = run(&mut solve(&[
        name,
        "-q",
        "--verify",
        "--solution-column",
        "rating",
    ]));
    assert_eq!((code, statuses(&out)), (1, vec!["mismatch", "mismatch"]));
    solve(&[name, "--verify", "--solution-column", "nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no column named \"nope\""));
    solve(&[name, "--solution-column", "answer"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--verify"));
}

#[test]
fn grid_files_with_titles_comments_and_boxes() {
    let dir = tempfile::tempdir().unwrap();
    let ((p1, s1), (p2, s2)) = (puzzle(0), puzzle(1));
    let (r1, r2) = (rows(&s1).join("\n"), rows(&s2).join("\n"));
    // Project Euler 96: a title line before each grid, no blank lines.
    let euler = format!(
        "Grid 01\n{}\nGrid 02\n{}\n",
        rows(&p1).join("\n"),
        rows(&p2).join("\n")
    );
    // Titles with colons, an indented comment, blank lines.
    let titled = format!(
        "Puzzle 1:\n{}\n\n   # an indented comment\nPuzzle 2:\n{}\n",
        rows(&p1).join("\n"),
        rows(&p2).join("\n")
    );
    for (name, text, skipped) in [("euler.txt", euler, 2), ("titled.txt", titled, 4)] {
        let path = write(dir.path(), name, text);
        let (code, out, _) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
        assert_eq!((code, out), (0, format!("{r1}\n\n{r2}\n")), "{name}");
        let stats = stats_of(&path, &[]);
        assert_eq!(stats["records"], 2);
        let total: u64 = ["blank", "comment", "title"]
            .iter()
            .map(|k| stats["skipped"][k].as_u64().unwrap())
            .sum();
        assert_eq!(total, skipped, "{name}: {stats}");
        // A CSV key of grids has their puzzles in its first column, on one line each.
        let (code, out, _) = csv_key(&path, &[]);
        assert_eq!(
            (code, out),
            (
                0,
                format!(
                    "puzzle,solution,status\n{},{s1},solved\n{},{s2},solved\n",
                    zeros(&p1),
                    zeros(&p2)
                )
            ),
            "{name}"
        );
    }
    // Boxed art: the rules are skipped and counted, and the key is boxed too.
    let path = write(
        dir.path(),
        "boxed.txt",
        format!("{}\n{}", boxed(&p1), boxed(&p2)),
    );
    let (code, out, _) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
    assert_eq!(code, 0);
    let first: Vec<&str> = out.split("\n\n").next().unwrap().lines().collect();
    assert_eq!(first[0], "8 6 4 | 3 7 1 | 2 5 9");
    assert_eq!(first[3], "------+-------+------");
    let digits: String = first
        .concat()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    assert_eq!(digits, s1);
    assert_eq!(stats_of(&path, &[])["skipped"]["rule"], 8);
    // A title with a dash in it is a title: a rule holds nothing but rule characters.
    let path = write(
        dir.path(),
        "dash.txt",
        format!("Grid 1 - easy\n{}\n", rows(&p1).join("\n")),
    );
    let skipped = &stats_of(&path, &[])["skipped"];
    let count = |why: &str| skipped[why].as_u64().unwrap_or(0);
    assert_eq!((count("title"), count("rule")), (1, 0), "{skipped}");
    // A broken row stays in its grid, which is malformed; the next grid is still answered.
    let mut broken = rows(&p1);
    broken[4] = "53x070000".into();
    let path = write(
        dir.path(),
        "broken.txt",
        format!("{}\n\n{}\n", broken.join("\n"), rows(&p2).join("\n")),
    );
    let (code, out, err) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
    assert_eq!((code, out), (1, format!("malformed\n\n{r2}\n")));
    assert!(
        err.contains("broken.txt:1: bad character 'x' at row 5, column 3"),
        "{err}"
    );
    // A bad cell in the last column, and a last row one cell too long: each message names
    // the row (and column) where it is.
    let mut last_column = rows(&p1);
    last_column[1].replace_range(8..9, "x");
    let mut long_last = rows(&p1);
    long_last[8].push('5');
    for (grid, message) in [
        (last_column, "bad character 'x' at row 2, column 9"),
        (long_last, "row 9: 10 cells, expected 9"),
    ] {
        let path = write(dir.path(), "edge.txt", format!("{}\n", grid.join("\n")));
        let (code, out, err) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
        assert_eq!((code, out.as_str()), (1, "malformed\n"), "{err}");
        assert!(err.contains(&format!("edge.txt:1: {message}")), "{err}");
    }
}

#[test]
fn a_json_puzzle_key_of_no_known_name_is_found_by_its_value() {
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = puzzle(0);
    // No key has a puzzle's name: the one before it (`id`) holds no puzzle, `board` holds one,
    // as text or as cells.
    for (name, value) in [
        ("text.jsonl", format!("\"{p}\"")),
        ("cells.jsonl", cell_array(&p)),
    ] {
        let path = write(
            dir.path(),
            name,
            format!("{{\"id\": 7, \"board\": {value}}}\n"),
        );
        let (code, out, err) = csv_key(&path, &[]);
        assert_eq!(
            (code, out),
            (
                0,
                format!("puzzle,solution,status\n{},{s},solved\n", zeros(&p))
            ),
            "{name}: {err}"
        );
    }
}

#[test]
fn json_cell_arrays_say_what_is_wrong_with_them() {
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = puzzle(0);
    let nine_rows = cell_array(&p);
    let sixteen: Vec<String> = (0..16)
        .map(|r| {
            let values: Vec<String> = (0..16)
                .map(|c| ((r * 4 + r / 4 + c) % 16 + 1).to_string())
                .collect();
            format!("[{}]", values.join(","))
        })
        .collect();
    let mut long = vec!["1"; 90];
    long[84] = "{}";
    let mut first: Vec<String> = zeros(&p).chars().map(String::from).collect();
    first[0] = "\"x\"".into();
    first[1] = "{}".into();
    let bad = [
        // Numbers up to 16: a 16×16 grid, not 256 bad cells.
        (
            format!("[{}]", sixteen.join(",")),
            "16×16 puzzles are not supported",
        ),
        // Nested three deep: the rows are no cells.
        (format!("[{nine_rows}]"), "bad character '?' at position 1"),
        (
            format!("[{}]", long.join(",")),
            "too long: more than 81 cells",
        ),
        // The first bad cell is named, whatever comes after it.
        (
            format!("[{}]", first.join(",")),
            "bad character 'x' at position 1",
        ),
    ];
    let mut text: String = bad
        .iter()
        .map(|(value, _)| format!("{{\"puzzle\": {value}}}\n"))
        .collect();
    text.push_str(&format!("{{\"puzzle\": {nine_rows}}}\n"));
    let path = write(dir.path(), "cells.jsonl", text);
    let (code, out, err) = csv_key(&path, &[]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!(
            "puzzle,solution,status\n{},{s},solved\n",
            ",,malformed\n".repeat(4) + &zeros(&p)
        )
    );
    for (i, (_, message)) in bad.iter().enumerate() {
        assert!(
            err.contains(&format!("cells.jsonl:{}: {message}", i + 1)),
            "{err}"
        );
    }
    // No key of given solutions: nothing to verify against.
    solve(&[path.to_str().unwrap(), "--verify"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cells.jsonl: --verify needs given solutions",
        ));
}

#[test]
fn json_lines_are_read_and_echoed() {
    let dir = tempfile::tempdir().unwrap();
    let ((p1, s1), (p2, s2)) = (puzzle(0), puzzle(1));
    let text = format!(
        "{{\"id\": 1, \"puzzle\": \"{p1}\", \"solution\": \"{s1}\"}}\n{{\"id\": 2, \"puzzle\": {}, \"solution\": {}}}\nnot json\n",
        cell_array(&p2),
        cell_array(&s2)
    );
    let path = write(dir.path(), "a.jsonl", &text);
    let (code, out, err) = run(&mut solve(&[path.to_str().unwrap(), "-q", "--verify"]));
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "{{\"id\": 1, \"puzzle\": \"{p1}\", \"solution\": \"{s1}\", \"sb_solution\": \"{s1}\", \"status\": \"solved\"}}"
        )
    );
    for line in &lines[..2] {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["status"], "solved", "{line}");
    }
    assert_eq!(
        lines[2],
        "{\"puzzle\": \"not json\", \"sb_solution\": null, \"status\": \"malformed\"}"
    );
    assert!(err.contains("a.jsonl:3: not a JSON object"), "{err}");
    // A CSV key of JSON input: the puzzle, written out.
    let (_, out, _) = run(&mut solve(&[
        path.to_str().unwrap(),
        "-q",
        "--output-format",
        "csv",
    ]));
    assert_eq!(
        out.lines().nth(2).unwrap(),
        format!("{},{s2},solved", p2.replace('.', "0"))
    );
    // A 9×9 array inside a CSV field.
    let path = write(
        dir.path(),
        "arr.csv",
        format!("id,grid\n7,\"{}\"\n", cell_array(&p1)),
    );
    let (code, out, _) = run(&mut solve(&[path.to_str().unwrap(), "-q"]));
    assert_eq!(code, 0);
    assert!(out.ends_with(&format!(",{s1},solved\n")), "{out}");
}

#[test]
fn puzzles_of_another_size_get_one_message_per_input() {
    let dir = tempfile::tempdir().unwrap();
    let sixteen = "1.3.56.8.ABC.E.G".repeat(16);
    let path16 = write(dir.path(), "sixteen.txt", format!("{sixteen}\n").repeat(30));
    let path4 = write(dir.path(), "four.txt", "1.3.2.4.3.1.4.2.\n".repeat(30));
    let grid4 = write(
        dir.path(),
        "grid4.txt",
        "1234\n3412\n2143\n4321\n\n".repeat(5),
    );
    let (code, out, err) = run(&mut solve(&[
        path16.to_str().unwrap(),
        path4.to_str().unwrap(),
        grid4.to_str().unwrap(),
        "-q",
    ]));
    assert_eq!(code, 1);
    assert_eq!(
        out.lines().filter(|l| *l == " malformed").count(),
        65,
        "{out}"
    );
    assert!(
        err.contains("sixteen.txt:1: 16×16 puzzles are not supported; only 9×9"),
        "{err}"
    );
    assert!(
        err.contains("four.txt:1: 4×4 puzzles are not supported"),
        "{err}"
    );
    assert!(
        err.contains("grid4.txt:1: 4×4 puzzles are not supported"),
        "{err}"
    );
    assert_eq!(
        err.matches("not supported").count(),
        3,
        "once per input: {err}"
    );
    // A titled 16×16 grid whose rows hold only 1-4 and blanks: each row is also a 4×4 puzzle
    // in line form, so a title over puzzle lines could be read too; two rows as wide make the
    // grid certain, and it is one record.
    let titled16 = write(
        dir.path(),
        "titled16.txt",
        format!("Puzzle 1\n{}", "1.3.2.4.3.1.4.2.\n".repeat(16)),
    );
    let (code, out, err) = run(&mut solve(&[titled16.to_str().unwrap(), "-q"]));
    assert_eq!((code, out.as_str()), (1, "malformed\n"));
    assert!(
        err.contains("titled16.txt:2: 16×16 puzzles are not supported"),
        "{err}"
    );
}

#[test]
fn a_flood_of_complaints_is_capped_and_every_status_kept() {
    let (p, s) = puzzle(0);
    let mut input = String::new();
    for _ in 0..500 {
        input += "12345\n";
        input += &format!("{p}\n");
    }
    let (code, out, err) = run(solve(&["-q"]).write_stdin(input));
    assert_eq!(code, 1);
    assert_eq!(out.lines().filter(|l| *l == " malformed").count(), 500);
    assert_eq!(out.lines().filter(|l| *l == s).count(), 500);
    assert_eq!(
        err.lines().filter(|l| l.contains(": too short")).count(),
        20,
        "{err}"
    );
    assert!(err.contains("<stdin>:39: too short"), "the 20th: {err}");
    assert!(
        err.contains("... and 480 more `too short` complaints not shown"),
        "{err}"
    );
}

#[test]
fn every_line_is_in_a_record_or_counted_as_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _) = puzzle(0);
    // A tdoku-style file: comment lines, CRLF, blank lines, a bad line, a trailing blank.
    let text = format!(
        "# header one\r\n# header two\r\n{p}\r\n\r\n{p} rated 1.0\r\nnot a puzzle\r\n{p}\r\n\r\n"
    );
    let path = write(dir.path(), "raw.txt", text);
    let stats = stats_of(&path, &[]);
    assert_eq!(stats["lines"], 8);
    assert_eq!(stats["records"], 4);
    assert_eq!(stats["skipped"]["comment"], 2);
    assert_eq!(stats["skipped"]["blank"], 2);
    assert_eq!(stats["counts"]["malformed"], 1);
}

#[test]
fn the_block_path_and_the_line_path_give_the_same_key_rows() {
    // The first lines of an input are framed one by one as detection replays them; later ones
    // come in blocks that the workers frame. Adversarial rows (quotes, CR, ragged, blank) give
    // the same key rows either way. (Splitting a row has a quick path too: see `fields.rs`.)
    let dir = tempfile::tempdir().unwrap();
    let ((p1, s1), (p2, _)) = (puzzle(0), puzzle(1));
    let rows = [
        format!("1,{p1},{s1}\r"),
        format!("\"2\",\"{p2}\",\"{s1}\""),
        format!("3,\"{p1}\",\"a,\"\"b\"\"\""),
        format!("#4,{p1},{s1}"),
        "5,only two".to_string(),
        format!("6,{p1},{s1},extra"),
        format!("7,\"{p2},{s1}"),
        format!("8,{}\r{},{s1}", &p1[..40], &p1[41..]),
        String::new(),
        "   ".to_string(),
        format!("9,{p2},{s1}"),
    ];
    let filler: Vec<String> = (0..100).map(|i| format!("f{i},{p1},{s1}")).collect();
    let header = "id,puzzle,solution";
    let early = format!("{header}\n{}\n{}\n", rows.join("\n"), filler.join("\n"));
    let late = format!("{header}\n{}\n{}\n", filler.join("\n"), rows.join("\n"));
    let key = |text: &str, name: &str| {
        let path = write(dir.path(), name, text);
        let out = solve(&[path.to_str().unwrap(), "-q", "--verify"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{name}");
        String::from_utf8(out.stdout).unwrap()
    };
    // Blocks of a stream are read as they come, a file's straight into the chunk: the same.
    let piped = solve(&["-", "-q", "--verify"])
        .write_stdin(late.clone())
        .output()
        .unwrap();
    assert_eq!(piped.status.code(), Some(1));
    // A byte-order mark (the first line is then read on its own) changes nothing either.
    let with_bom = key(&format!("\u{feff}{early}"), "bom.csv");
    let (early, late) = (key(&early, "early.csv"), key(&late, "late.csv"));
    assert_eq!(String::from_utf8(piped.stdout).unwrap(), late);
    assert_eq!(with_bom, early);
    let early_rows: Vec<&str> = early.lines().collect();
    let late_rows: Vec<&str> = late.lines().collect();
    assert_eq!(early_rows.len(), late_rows.len());
    let n = rows.len() - 2; // the blank lines are skipped
    assert_eq!(
        early_rows[1..=n],
        late_rows[late_rows.len() - n..],
        "same key rows"
    );
    assert_eq!(early_rows[0], late_rows[0]);
}

#[test]
fn csv_rows_are_echoed_as_written_and_other_delimiters_take_the_keys() {
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = puzzle(0);
    // Quotes that are not needed stay as written: the row is copied, not rewritten.
    let a = write(dir.path(), "a.csv", format!("id,puzzle\n\"7\",\"{p}\"\n"));
    // The same columns with tabs, after it in one batch: rewritten with the key's commas.
    let b = write(dir.path(), "b.tsv", format!("id\tpuzzle\n8\t{p}\n"));
    let (code, out, err) = run(&mut solve(&[
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "-q",
    ]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!("id,puzzle,solution,status\n\"7\",\"{p}\",{s},solved\n8,{p},{s},solved\n")
    );
}

#[test]
fn a_json_lines_key_of_a_csv_input_holds_every_column() {
    let dir = tempfile::tempdir().unwrap();
    let (p, s) = puzzle(0);
    let path = write(
        dir.path(),
        "a.csv",
        format!("id,puzzle,rating\n7,{p},1.5\n"),
    );
    let jsonl_key = |input: &Path| {
        let args = [input.to_str().unwrap(), "-q", "--output-format", "jsonl"];
        let (code, out, _) = run(&mut solve(&args));
        (code, out)
    };
    let (code, out) = jsonl_key(&path);
    assert_eq!(code, 0);
    let object: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
    assert_eq!(object["id"], "7");
    assert_eq!(object["puzzle"], p.as_str());
    assert_eq!(object["rating"], "1.5");
    assert_eq!(object["solution"], s.as_str());
    assert_eq!(object["status"], "solved");
    // A column with the name of an appended key keeps it; the answer's key is prefixed, so
    // that no object has a key twice.
    let taken = write(dir.path(), "b.csv", format!("puzzle,status\n{p},draft\n"));
    let (code, out) = jsonl_key(&taken);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!(
            "{{\"puzzle\": \"{p}\", \"status\": \"draft\", \"solution\": \"{s}\", \"sb_status\": \"solved\"}}\n"
        )
    );
}

#[test]
fn the_timing_column_is_each_solve_in_microseconds() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("stats.json");
    let input = data_dir().join("hardest_11plus_500.txt");
    let (code, out, _) = run(&mut solve(&[
        input.to_str().unwrap(),
        "-q",
        "--output-format",
        "csv",
        "--timing",
        "--stats",
        json.to_str().unwrap(),
    ]));
    assert_eq!(code, 0);
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    // The slowest row's `micros` is the stats' slowest solve, to the column's 0.1 µs.
    let slowest = out
        .lines()
        .skip(1)
        .map(|row| row.rsplit(',').next().unwrap().parse::<f64>().unwrap())
        .fold(0.0, f64::max);
    let max = stats["solve_micros"]["max"].as_f64().unwrap();
    assert!((slowest - max).abs() <= 0.051, "{slowest} against {max}");
}
