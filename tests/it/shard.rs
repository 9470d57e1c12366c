//! `--shard K/N`, through the binary: for N = 1..7 over every layout, the N answer keys, one
//! after another, are the whole run's byte for byte, every record and skipped line is counted
//! in exactly one shard, and every message names the line it is about.

use crate::support::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One run's key, stats, exit code and messages about records.
struct Run {
    key: Vec<u8>,
    stats: serde_json::Value,
    code: i32,
    messages: Vec<String>,
}

fn run(dir: &Path, inputs: &[PathBuf], args: &[&str], key: &str, shard: Option<String>) -> Run {
    let (key_path, stats_path) = (dir.join(key), dir.join("stats.json"));
    let mut cmd = binary();
    cmd.arg("solve").args(inputs).args(args).arg("-q");
    cmd.arg("-o").arg(&key_path).arg("--stats").arg(&stats_path);
    if let Some(shard) = &shard {
        cmd.args(["--shard", shard]);
    }
    let out = cmd.output().unwrap();
    let code = out.status.code().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(code <= 1, "{shard:?}: exit {code}: {stderr}");
    Run {
        key: std::fs::read(&key_path).unwrap(),
        stats: serde_json::from_str(&std::fs::read_to_string(&stats_path).unwrap()).unwrap(),
        code,
        messages: stderr.lines().map(str::to_owned).collect(),
    }
}

/// A message as the whole run gives it: a part's `NAME@BYTE:LINE:` becomes `NAME:LINE:`, its
/// line counted from the input's start, so that the two can be compared.
fn as_whole(message: &str) -> String {
    let Some((name, rest)) = message.split_once('@') else {
        return message.to_string();
    };
    let (byte, rest) = rest.split_once(':').unwrap();
    let (line, rest) = rest.split_once(':').unwrap();
    let before = std::fs::read(name).unwrap()[..byte.parse().unwrap()]
        .iter()
        .filter(|&&b| b == b'\n')
        .count();
    let line: usize = line.parse().unwrap();
    format!("{name}:{}:{rest}", before + line)
}

/// Every number in a stats object's `counts` and `skipped`, and its `records` and `lines`.
fn tallies(stats: &serde_json::Value) -> BTreeMap<String, u64> {
    let mut all = BTreeMap::new();
    for group in ["counts", "skipped"] {
        for (name, n) in stats[group].as_object().unwrap() {
            all.insert(format!("{group}.{name}"), n.as_u64().unwrap());
        }
    }
    for name in ["records", "lines"] {
        all.insert(name.to_string(), stats[name].as_u64().unwrap());
    }
    all
}

/// Runs `inputs` whole, then as every shard K/N for N = 1..=7, and checks the shards against
/// the whole run.
fn check_shards(inputs: &[PathBuf], args: &[&str], key: &str) {
    let dir = tempfile::tempdir().unwrap();
    let whole = run(dir.path(), inputs, args, key, None);
    assert!(tallies(&whole.stats)["records"] > 0, "{:?}", whole.stats);
    // A CSV key has a header, in every shard's key, when it has a `status` column name.
    let first_line = whole.key.split(|&b| b == b'\n').next().unwrap();
    let csv_key = (key.ends_with(".csv") || key.ends_with(".tsv"))
        && first_line
            .split(|&b| b == b',' || b == b'\t')
            .any(|field| field == b"status");
    for n in 1..=7 {
        let mut joined = Vec::new();
        let mut sums = BTreeMap::new();
        let (mut code, mut messages) = (0, Vec::new());
        for k in 1..=n {
            let part = run(dir.path(), inputs, args, key, Some(format!("{k}/{n}")));
            let mut text = &part.key[..];
            if csv_key && k > 1 {
                let header = text.iter().position(|&b| b == b'\n').unwrap();
                text = &text[header + 1..]; // one header in all
            }
            joined.extend_from_slice(text);
            for (name, value) in tallies(&part.stats) {
                *sums.entry(name).or_insert(0) += value;
            }
            assert_eq!(part.stats["shard"]["index"], k);
            assert_eq!(part.stats["shard"]["count"], n);
            code = code.max(part.code);
            messages.extend(part.messages.iter().map(|m| as_whole(m)));
        }
        let name = format!("{inputs:?} {args:?} in {n} shards");
        assert!(
            joined == whole.key,
            "{name}: the keys differ\n--- shards\n{}\n--- whole\n{}",
            String::from_utf8_lossy(&joined),
            String::from_utf8_lossy(&whole.key)
        );
        assert_eq!(sums, tallies(&whole.stats), "{name}");
        assert_eq!(code, whole.code, "{name}");
        let mut whole_messages = whole.messages.clone();
        whole_messages.sort();
        messages.sort();
        assert_eq!(messages, whole_messages, "{name}");
    }
}

/// `count` puzzles of the shipped easy set, from `from`.
fn puzzles(from: usize, count: usize) -> Vec<(String, String)> {
    (from..from + count).map(puzzle).collect()
}

#[test]
fn lines_files_split_anywhere_give_the_whole_key() {
    let dir = tempfile::tempdir().unwrap();
    // A byte-order mark, a title with a comma, comments, blank lines, CR LF line ends, a
    // malformed record, a comment after a puzzle, a last line without a line end.
    let mut text = String::from("\u{feff}Hard ones, collected\n# a comment\n");
    for (i, (p, _)) in puzzles(0, 40).iter().enumerate() {
        text += &match i % 7 {
            0 => format!("{p}\r\n"),
            1 => format!("{p}  # rated 11.9, by someone\n\n"),
            2 => format!("{}x\n", &p[..40]),
            3 => format!("# comment {i}\n{p}\n"),
            _ => format!("{p}\n"),
        };
    }
    text += &puzzles(40, 1)[0].0;
    let lines = write(dir.path(), "lines.txt", &text);
    check_shards(std::slice::from_ref(&lines), &[], "key.txt");
    check_shards(&[lines], &["--mode", "count", "--limit", "3"], "key.csv");
    // A title longer than the puzzles after it: the shards' edges fall inside it.
    let (p, _) = puzzle(0);
    let titled = format!("{}\n{p}\n{p}\n", "Puzzles, collected by hand ".repeat(12));
    check_shards(&[write(dir.path(), "titled.txt", titled)], &[], "key.txt");
    let bank = data_dir().join("raw/puzzles2_17_clue_100");
    check_shards(&[bank], &[], "key.txt");
}

#[test]
fn csv_and_tsv_files_keep_their_header_in_the_first_shard() {
    let dir = tempfile::tempdir().unwrap();
    let mut csv = String::from("# exported, 2026\n# by hand\nid,puzzle,solution\n");
    let mut tsv = String::from("puzzle\tsolution\n");
    for (i, (p, s)) in puzzles(0, 40).iter().enumerate() {
        csv += &match i % 6 {
            0 => format!("\"{i}\",\"{p}\",{s}\r\n"),
            1 => format!("#{i},{p},{s}\n"),  // `#` is data in CSV
            2 => format!("{i},\"{p},{s}\n"), // an unclosed quote: malformed, alone
            3 => format!("{i},{p},{s}\r\r\n"),
            _ => format!("{i},{p},{s}\n"),
        };
        tsv += &format!("{p}\t{s}\n");
    }
    let csv = write(dir.path(), "a.csv", csv);
    check_shards(&[csv], &["--verify"], "key.csv");
    let tsv = write(dir.path(), "a.tsv", tsv);
    check_shards(&[tsv], &["--verify"], "key.tsv");
    let kaggle = data_dir().join("csv/kaggle_quizzes_solutions_100.csv");
    check_shards(&[kaggle], &["--verify"], "key.csv");
    // A head (comments, header) longer than the rows: the shards' edges fall inside it.
    let (p, s) = puzzle(0);
    let long = format!("# {}\n", "a long comment, ".repeat(20));
    let headed = format!("{long}{long}puzzle,solution\n{p},{s}\n{p},{s}\n");
    check_shards(
        &[write(dir.path(), "headed.csv", headed)],
        &["--verify"],
        "key.csv",
    );
    // No header: the first row is data, in the first shard or not.
    let plain = data_dir().join("csv/kaggle_puzzle_solution_100.csv");
    let rows = std::fs::read_to_string(&plain).unwrap();
    let headless = write(dir.path(), "headless.csv", rows.split_once('\n').unwrap().1);
    check_shards(&[headless], &[], "key.csv");
}

#[test]
fn grids_split_only_at_a_blank_line_or_a_title() {
    let dir = tempfile::tempdir().unwrap();
    check_shards(&[data_dir().join("grid/compact_10.txt")], &[], "key.txt");
    check_shards(&[data_dir().join("grid/spaced_10.txt")], &[], "key.txt");
    let all = puzzles(0, 12);
    // Project Euler 96: titles, no blank lines; boxed art between blank lines, with comments.
    let euler: String = all
        .iter()
        .enumerate()
        .map(|(i, (p, _))| format!("Grid {i:02}\n{}\n", rows(p).join("\n")))
        .collect();
    check_shards(&[write(dir.path(), "euler.txt", euler)], &[], "key.txt");
    let boxes: String = all
        .iter()
        .map(|(p, _)| format!("# a grid\n{}\n\n", boxed(p)))
        .collect();
    check_shards(&[write(dir.path(), "boxed.txt", boxes)], &[], "key.txt");
    // A short grid (malformed), a broken row, blank lines in runs.
    let mut broken = String::new();
    for (i, (p, _)) in all.iter().enumerate() {
        let mut grid = rows(p);
        match i % 4 {
            1 => grid.truncate(5),
            2 => grid[3] = "12x456789".into(),
            _ => {}
        }
        broken += &format!("{}\n\n\n", grid.join("\n"));
    }
    check_shards(&[write(dir.path(), "broken.txt", broken)], &[], "key.txt");
    // Grids one after another with nothing between: no boundary but the end, so the first
    // shard that starts past the head answers them all, and the others none.
    let packed: String = all.iter().map(|(p, _)| rows(p).join("\n") + "\n").collect();
    check_shards(&[write(dir.path(), "packed.txt", packed)], &[], "key.txt");
}

#[test]
fn banks_and_json_lines_split_at_line_ends() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = String::from("hash puzzle rating\n");
    let mut jsonl = String::new();
    for (i, (p, s)) in puzzles(0, 30).iter().enumerate() {
        let z = p.replace('.', "0");
        bank += &format!("{i:012x} {z} {}.{}\n", i % 10, i % 7);
        jsonl += &match i % 9 {
            4 => "not json\n".to_string(),
            _ => format!("{{\"id\": {i}, \"puzzle\": \"{p}\", \"solution\": \"{s}\"}}\n"),
        };
    }
    check_shards(&[write(dir.path(), "bank.txt", bank)], &[], "key.csv");
    let jsonl = write(dir.path(), "a.jsonl", jsonl);
    check_shards(&[jsonl], &["--verify"], "key.jsonl");
}

#[test]
fn several_inputs_are_split_as_one_batch() {
    let dir = tempfile::tempdir().unwrap();
    let text = |from: usize| -> String {
        puzzles(from, 15)
            .iter()
            .map(|(p, _)| format!("{p}\n"))
            .collect()
    };
    let inputs = [
        write(dir.path(), "a.txt", text(0)),
        write(dir.path(), "empty.txt", ""),
        write(dir.path(), "b.txt", format!("# b\n{}", text(15))),
        data_dir().join("hardest_11plus_500.txt"),
    ];
    check_shards(&inputs, &["--max-guesses", "20"], "key.txt");
    let csv = data_dir().join("csv/kaggle_quizzes_solutions_100.csv");
    check_shards(&[csv.clone(), csv], &["--verify"], "key.csv");
    let grids = data_dir().join("grid/compact_10.txt");
    check_shards(&[grids.clone(), grids], &[], "key.txt");
}

#[test]
fn what_cannot_be_split_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let lines = data_dir().join("kaggle_1000.txt");
    let text = std::fs::read(&lines).unwrap();
    solve(&["--shard", "1/2"])
        .write_stdin(text.clone())
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "stream (stdin, a pipe, a file whose size is not known, as /proc's) cannot be split",
        ));
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &text).unwrap();
    let gz = write(dir.path(), "a.txt.gz", gz.finish().unwrap());
    solve(&[gz.to_str().unwrap(), "--shard", "1/2"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "cannot split compressed input or a JSON document",
        ));
    for wrong in ["0/2", "3/2", "2", "a/b"] {
        solve(&[lines.to_str().unwrap(), "--shard", wrong])
            .assert()
            .code(2)
            .stderr(predicates::str::contains("expected K/N"));
    }
}

#[test]
fn shards_share_the_records_out_evenly() {
    // 1,000 lines of 82 bytes in 7 shards: the records that start in each seventh of the bytes.
    let dir = tempfile::tempdir().unwrap();
    let input = [data_dir().join("kaggle_1000.txt")];
    let counts: Vec<u64> = (1..=7)
        .map(|k| {
            let part = run(dir.path(), &input, &[], "key.txt", Some(format!("{k}/7")));
            part.stats["records"].as_u64().unwrap()
        })
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), 1000);
    assert!(counts.iter().all(|&n| n == 142 || n == 143), "{counts:?}");
}

#[test]
fn grids_are_shared_out_at_their_blank_lines_and_titles() {
    let dir = tempfile::tempdir().unwrap();
    let titled: String = (0..10)
        .map(|i| format!("Grid {i:02}\n{}\n", rows(&puzzle(i).0).join("\n")))
        .collect();
    let titled = write(dir.path(), "euler.txt", titled);
    // Ten grids of about the same length in five shards: two each, give or take one.
    for input in [data_dir().join("grid/compact_10.txt"), titled] {
        let counts: Vec<u64> = (1..=5)
            .map(|k| {
                let inputs = [input.clone()];
                let part = run(dir.path(), &inputs, &[], "key.txt", Some(format!("{k}/5")));
                part.stats["records"].as_u64().unwrap()
            })
            .collect();
        assert_eq!(counts.iter().sum::<u64>(), 10);
        assert!(
            counts.iter().all(|&n| (1..=3).contains(&n)),
            "{input:?}: {counts:?}"
        );
    }
}

#[test]
fn packed_grids_too_long_to_find_a_boundary_in_are_an_error() {
    // 40 MB of grids with nothing between them: the middle edge finds no boundary in the
    // 16 MiB it reads.
    let dir = tempfile::tempdir().unwrap();
    let grid = rows(&puzzle(0).0).join("\n") + "\n";
    let packed = write(dir.path(), "packed.txt", grid.repeat(450_000));
    let name = packed.to_str().unwrap();
    solve(&[name, "-q", "--shard", "1/2", "-o", "/dev/null"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot be split into shards"));
}
