//! The conservation law, as properties: over arbitrary bytes and over mixes of the lines real
//! files hold, in every layout (detected or forced) and for every chunk size, every input line
//! is in exactly one record or skipped, records keep their order and their text whole, and the
//! framing does not depend on the chunk size. Then the same through the binary.

use crate::support::data_lines;
use proptest::prelude::*;
use sudoku_batch::input::{Fields, Framer, LAYOUTS, Options, Source, read_record};

/// One framed record: first line, lines taken, text, too long.
type Rec = (u64, u32, Vec<u8>, bool);

/// Frames `text` with `options` in chunks of at most `chunk` records: the records, the lines
/// skipped, the lines read; `None` when the layout cannot be used (a usage error).
fn frame(text: &[u8], options: &Options, chunk: usize) -> Option<(Vec<Rec>, u64, u64)> {
    let source = Source::from_reader(Box::new(std::io::Cursor::new(text.to_vec()))).unwrap();
    let mut framer = Framer::new(source, "prop".into(), options).ok()?;
    let layout = framer.layout().clone();
    let mut fields = Fields::default();
    let mut records = Vec::new();
    while let Some(c) = framer.next_chunk(0, chunk).unwrap() {
        for (raw, t) in c.iter() {
            // Reading never panics, and a reason is a sentence.
            if let Err(why) = read_record(layout.as_ref(), raw, t, &mut fields).puzzle {
                assert!(!why.to_string().is_empty());
            }
            records.push((raw.line, raw.lines, t.to_vec(), raw.too_long));
        }
    }
    Some((records, framer.skipped().total(), framer.lines()))
}

/// The input's lines as a reader sees them: split at LF, one CR before it dropped, a UTF-8
/// byte-order mark dropped from the first; in a text with CRs and no LF (old Mac files), split
/// at each CR.
fn input_lines(text: &[u8]) -> Vec<Vec<u8>> {
    if text.is_empty() {
        return Vec::new();
    }
    let cr_only = !text.contains(&b'\n') && text.contains(&b'\r');
    let translated: Vec<u8>;
    let text = if cr_only {
        translated = text
            .iter()
            .map(|&b| if b == b'\r' { b'\n' } else { b })
            .collect();
        &translated[..]
    } else {
        text
    };
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    body.split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, l)| {
            let l = if i == 0 {
                l.strip_prefix(b"\xef\xbb\xbf").unwrap_or(l)
            } else {
                l
            };
            l.strip_suffix(b"\r").unwrap_or(l).to_vec()
        })
        .collect()
}

fn check_law(text: &[u8], format: Option<&str>) {
    let options = Options {
        format: format.map(str::to_string),
        ..Options::default()
    };
    let Some(one) = frame(text, &options, 1) else {
        return;
    };
    let (records, skipped, lines) = &one;
    let expected = input_lines(text);
    assert_eq!(*lines, expected.len() as u64, "every line is read");
    let in_records: u64 = records.iter().map(|r| u64::from(r.1)).sum();
    assert_eq!(
        in_records + skipped,
        *lines,
        "each line in one record or skipped"
    );
    assert!(records.windows(2).all(|w| w[0].0 < w[1].0), "in order");
    for (line, taken, body, too_long) in records {
        let first = &expected[*line as usize - 1];
        if *too_long {
            assert!(body.is_empty(), "a line too long is not kept");
        } else if *taken == 1 {
            assert_eq!(body, first, "record text is its line, whole: line {line}");
        } else {
            assert!(body.starts_with(first), "a grid starts with its first row");
            let rows = body.iter().filter(|&&b| b == b'\n').count() + 1;
            assert_eq!(rows, *taken as usize);
        }
    }
    for chunk in [3, 1024] {
        assert_eq!(
            frame(text, &options, chunk).as_ref(),
            Some(&one),
            "chunk {chunk}"
        );
    }
}

/// The lines real files hold, in every layout, plus bytes of any kind.
fn a_line() -> impl Strategy<Value = Vec<u8>> {
    let puzzles = data_lines("kaggle_1000.txt");
    let p = puzzles[0].clone();
    let rows: Vec<String> = p
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    let fixed: Vec<String> = vec![
        p.clone(),
        format!("{p}  # rated 11.9, by x"),
        String::new(),
        "   ".into(),
        "# a comment".into(),
        "Grid 01".into(),
        "Puzzle 3:".into(),
        format!("1,{p}"),
        format!("#1,{p}"),
        "id,puzzle".into(),
        format!("2,\"{p}"),
        format!("3,\"a,\"\"b\"\"\",{p}"),
        format!("4,a\rb,{p}"),
        format!("x\t{p}\t1.5"),
        format!("0000183b305c {} 1.2", p.replace('.', "0")),
        rows[0].clone(),
        rows[1].chars().map(|c| format!("{c} ")).collect(),
        "------+-------+------".into(),
        "| 5 3 . | . 7 . | . . . |".into(),
        format!("{{\"puzzle\": \"{p}\"}}"),
        "{\"puzzle\": [[1,2],[3]]}".into(),
        "\u{feff}puzzle".into(),
        "A".repeat(256),
        // Real files, round three: a row ending in one delimiter more, a grid's row saved as
        // CSV, cells spelled out with spaces, a line of counts, and lines of no layout.
        format!("1,{p},{p},"),
        "5,3,,,7,,,,".into(),
        "6;.;.;1;9;5;.;.;.;".into(),
        p.chars().map(|c| format!("{c} ")).collect(),
        "8960 9".into(),
        "<string name=\"saved\">game state</string>".into(),
        "Sudoku is a logic-based puzzle.".into(),
    ];
    prop_oneof![
        4 => prop::sample::select(fixed).prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>().prop_filter("no LF", |b| *b != b'\n'), 0..100),
    ]
}

/// A file: some lines, each ended by LF or CR LF, or (one file in four, as old Mac files are)
/// every one by CR alone; the last one maybe not ended. Up to 160 lines: past the 64 that
/// detection samples (framed one by one as they are replayed), the reader hands out blocks of
/// lines that the workers frame, and both paths must agree.
fn a_file() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::collection::vec((a_line(), any::<bool>()), 0..160),
        any::<bool>(),
        prop::bool::weighted(0.25),
    )
        .prop_map(|(lines, last_ended, cr_only)| {
            let mut out = Vec::new();
            let n = lines.len();
            for (i, (line, crlf)) in lines.into_iter().enumerate() {
                out.extend_from_slice(&line);
                if i + 1 < n || last_ended {
                    out.extend_from_slice(match (cr_only, crlf) {
                        (true, _) => b"\r",
                        (false, true) => b"\r\n",
                        (false, false) => b"\n",
                    });
                }
            }
            out
        })
}

fn formats() -> impl Strategy<Value = Option<&'static str>> {
    let mut all: Vec<Option<&'static str>> = vec![None];
    all.extend(LAYOUTS.iter().map(|k| Some(k.name)));
    prop::sample::select(all)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_law_holds_on_mixed_real_lines(text in a_file(), format in formats()) {
        check_law(&text, format);
    }

    #[test]
    fn the_law_holds_on_arbitrary_bytes(text in prop::collection::vec(any::<u8>(), 0..600), format in formats()) {
        check_law(&text, format);
    }
}

/// The records, skips and lines of the file `path` (holding `text`), framed in chunks of 7,
/// by ranges of `range` bytes past detection's sample when `range` is given; `None` when it is
/// refused.
fn frame_file(
    path: &std::path::Path,
    options: &Options,
    range: Option<usize>,
) -> Option<(Vec<Rec>, u64, u64)> {
    let input = sudoku_batch::input::InputPath::File(path.to_path_buf());
    let source = Source::open(&input, Default::default(), Default::default()).ok()?;
    let mut framer = Framer::new(source, "prop".into(), options).ok()?;
    if let Some(range) = range {
        framer.read_by_ranges_of(range);
    }
    let mut records = Vec::new();
    while let Some(c) = framer.next_chunk(0, 7).unwrap() {
        records.extend(
            c.iter()
                .map(|(raw, t)| (raw.line, raw.lines, t.to_vec(), raw.too_long)),
        );
    }
    Some((records, framer.skipped().total(), framer.lines()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A regular file read by ranges of any size (cut anywhere, inside lines, CRs and
    /// quotes) frames as the same file read through the reader: the same records on the same
    /// lines, the same skips, every line counted.
    #[test]
    fn ranges_of_any_size_frame_as_the_file_read_whole(
        text in prop_oneof![a_file(), prop::collection::vec(any::<u8>(), 0..900)],
        format in formats(),
        range in 1usize..400,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("in");
        std::fs::write(&path, &text).unwrap();
        let options = Options { format: format.map(str::to_string), ..Options::default() };
        let whole = frame_file(&path, &options, None);
        prop_assert_eq!(frame_file(&path, &options, Some(range)), whole);
    }
}

proptest! {
    // Each case runs the binary: fewer of them.
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Through the binary: one answer per record, and the stats account for every line (in
    /// the lines layout, exactly: each record is one line); a key file is stdout's key.
    #[test]
    fn the_binary_answers_every_record_once(text in a_file(), forced in any::<bool>()) {
        prop_assume!(!is_json_document(&text));
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.txt");
        std::fs::write(&input, &text).unwrap();
        let json = dir.path().join("stats.json");
        let key = dir.path().join("key.jsonl");
        // The key to stdout with the stats, or (written by the workers at offsets) to a file.
        let solve = |to: &[&std::ffi::OsStr]| {
            std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku-batch"))
                .args(["solve", "-q", "--output-format", "jsonl"])
                .args(to)
                .arg(&input)
                .args(if forced { &["--format", "lines"][..] } else { &[] })
                .output()
                .unwrap()
        };
        let out = solve(&["--stats".as_ref(), json.as_os_str()]);
        let code = out.status.code();
        prop_assume!(code != Some(2)); // a usage error (a CSV without a puzzle column)
        // The key file holds stdout's key byte for byte.
        let to_file = solve(&["-o".as_ref(), key.as_os_str()]);
        prop_assert_eq!(to_file.status.code(), code);
        prop_assert!(std::fs::read(&key).unwrap() == out.stdout, "the key file differs");
        let stats: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        let records = stats["records"].as_u64().unwrap();
        prop_assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count() as u64, records);
        prop_assert_eq!(stats["lines"].as_u64().unwrap(), input_lines(&text).len() as u64);
        let skipped: u64 = stats["skipped"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
        let lines = stats["lines"].as_u64().unwrap();
        if forced {
            prop_assert_eq!(records + skipped, lines);
        } else {
            prop_assert!(records + skipped <= lines);
        }
        let bad = stats["counts"]["malformed"].as_u64().unwrap() + stats["counts"]["invalid"].as_u64().unwrap();
        prop_assert_eq!(code, Some(if bad > 0 { 1 } else { 0 }));
    }
}

/// True when the binary reads `text` as a JSON document (it starts with `[`, or with a `{`
/// line that is no whole JSON value): read by its records, whose lines count records where
/// records share a line, and not split into shards (`documents.rs` tests those).
fn is_json_document(text: &[u8]) -> bool {
    let text = text
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(text)
        .trim_ascii_start();
    let first = text.split(|&b| b == b'\n').next().unwrap_or_default();
    text.starts_with(b"[")
        || (text.starts_with(b"{") && serde_json::from_slice::<serde_json::Value>(first).is_err())
}

/// Runs `sudoku-batch solve INPUT -q --output-format jsonl ARGS` and returns the exit code, the
/// answer key and the stats' record and skipped-line counts.
fn solve_jsonl(input: &std::path::Path, args: &[&str]) -> (Option<i32>, Vec<u8>, u64, u64) {
    let json = input.with_extension("json");
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku-batch"))
        .args(["solve", "-q", "--output-format", "jsonl", "--stats"])
        .arg(&json)
        .arg(input)
        .args(args)
        .output()
        .unwrap();
    let code = out.status.code();
    if code == Some(2) {
        return (code, Vec::new(), 0, 0);
    }
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let skipped = stats["skipped"].as_object().unwrap().values();
    let skipped = skipped.map(|v| v.as_u64().unwrap()).sum();
    (
        code,
        out.stdout,
        stats["records"].as_u64().unwrap(),
        skipped,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// `--shard K/N` on any file, in any layout: the N keys, one after another, are the
    /// whole run's, and the records and skipped lines add up to the whole run's.
    #[test]
    fn shards_add_up_to_the_whole_run(text in a_file(), format in formats(), n in 2u64..6) {
        prop_assume!(!is_json_document(&text));
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.txt");
        std::fs::write(&input, &text).unwrap();
        let format_args: Vec<&str> = format.map_or(vec![], |f| vec!["--format", f]);
        let (code, whole, records, skipped) = solve_jsonl(&input, &format_args);
        prop_assume!(code != Some(2)); // a usage error (a CSV without a puzzle column)
        let (mut joined, mut sums) = (Vec::new(), (0, 0));
        for k in 1..=n {
            let shard = format!("{k}/{n}");
            let mut args = format_args.clone();
            args.extend(["--shard", &shard]);
            let (code, key, r, s) = solve_jsonl(&input, &args);
            prop_assert!(code != Some(2), "shard {}", shard);
            joined.extend(key);
            sums = (sums.0 + r, sums.1 + s);
        }
        prop_assert_eq!(String::from_utf8_lossy(&joined), String::from_utf8_lossy(&whole));
        prop_assert_eq!(sums, (records, skipped));
    }
}

/// A regular file is read by ranges on the workers, a stream in blocks by the reader: the
/// same key byte for byte, the same messages with the same line numbers, and the same stats
/// (lines, skips, counts, the hardest records' lines), in every layout whose records are
/// lines, with records to complain about far past detection's sample and chunks of every
/// size as the run grows them.
#[test]
fn a_file_read_by_ranges_answers_as_its_bytes_streamed_and_written_at_offsets() {
    let dir = tempfile::tempdir().unwrap();
    let mut puzzles = crate::support::puzzles(3000);
    // The hardest, by guesses (79, 34, 27, 23, 15), each alone at its count: far in.
    let (hard, solved) = (
        crate::support::data_lines("17_clue_1000.txt"),
        crate::support::data_lines("solutions/17_clue_1000.txt"),
    );
    for (at, line) in [
        (700, 600),
        (1500, 869),
        (2100, 231),
        (2600, 218),
        (2950, 295),
    ] {
        puzzles[at] = (hard[line - 1].clone(), solved[line - 1].clone());
    }
    let mut lines = String::new();
    let mut csv = "id,puzzle,solution\n".to_string();
    let mut jsonl = String::new();
    for (i, (p, s)) in puzzles.iter().enumerate() {
        let end = if i % 5 == 0 { "\r\n" } else { "\n" };
        let (p, s) = match i % 97 {
            13 => (&p[..70], s.as_str()), // too short: malformed
            41 => (p.as_str(), &s[..80]), // a solution cut short: a mismatch
            _ => (p.as_str(), s.as_str()),
        };
        lines += &format!("{p}{end}");
        csv += &format!("{i},\"{p}\",{s}{end}");
        jsonl += &format!("{{\"id\": {i}, \"puzzle\": \"{p}\", \"solution\": \"{s}\"}}{end}");
        if i % 250 == 0 {
            lines += "# a comment\n\n";
            csv += "\n";
            jsonl += "\n";
        }
    }
    for (name, text, verify) in [
        ("puzzles.txt", lines, false),
        ("rows.csv", csv, true),
        ("objects.jsonl", jsonl, true),
    ] {
        let path = crate::support::write(dir.path(), name, &text);
        let run = |input: &str, stdin: Option<&str>, stats: &str| {
            let stats = dir.path().join(stats);
            let mut cmd = crate::support::solve(&[input, "-q", "-j", "2", "--stats"]);
            cmd.arg(&stats);
            if verify {
                cmd.arg("--verify");
            }
            let out = cmd.write_stdin(stdin.unwrap_or("")).output().unwrap();
            let mut stats: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
            for key in [
                "wall_seconds",
                "cpu_seconds",
                "serial_share",
                "inputs",
                "solve_micros",
                "puzzles_per_second",
            ] {
                stats.as_object_mut().unwrap().remove(key);
            }
            let hardest = stats["hardest_records"].as_array_mut().unwrap();
            assert_eq!(hardest.len(), 5);
            for hard in hardest {
                hard.as_object_mut().unwrap().remove("micros");
                hard.as_object_mut().unwrap().remove("input");
            }
            (
                out.status.code(),
                out.stdout,
                String::from_utf8(out.stderr).unwrap(),
                stats,
            )
        };
        let file = run(path.to_str().unwrap(), None, "file.json");
        let streamed = run("-", Some(&text), "stream.json");
        assert_eq!(file.0, Some(1), "{name}: {}", file.2);
        assert_eq!(file.0, streamed.0, "{name}");
        assert!(file.1 == streamed.1, "{name}: the keys differ");
        let named = file.2.replace(path.to_str().unwrap(), "<stdin>");
        assert!(named.contains("more"), "{name}: {named}");
        assert_eq!(named, streamed.2, "{name}");
        assert_eq!(file.3, streamed.3, "{name}");
        let lines: Vec<u64> = file.3["hardest_records"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["line"].as_u64().unwrap())
            .collect();
        assert!(lines.iter().all(|&l| l > 700), "{name}: {lines:?}");
        // A key file is written by the workers, each chunk at its offset: the same bytes as
        // the key written to stdout in order, with every number of workers.
        for workers in ["1", "2", "3"] {
            let key = dir.path().join(format!("key-{workers}-{name}"));
            let mut cmd = crate::support::solve(&[path.to_str().unwrap(), "-q", "-j", workers]);
            cmd.arg("-o").arg(&key);
            if verify {
                cmd.arg("--verify");
            }
            let out = cmd.output().unwrap();
            assert_eq!(out.status.code(), Some(1), "{name} -j{workers}");
            assert!(out.stdout.is_empty(), "{name} -j{workers}");
            assert_eq!(
                String::from_utf8(out.stderr).unwrap(),
                file.2,
                "{name} -j{workers}"
            );
            let written = std::fs::read(&key).unwrap();
            assert!(
                written == file.1,
                "{name} -j{workers}: the key file differs from stdout's"
            );
        }
    }
}
