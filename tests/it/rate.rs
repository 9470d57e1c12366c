//! `rate` and `explain` through the binary: the rating's columns in every key format, the
//! statuses of puzzles without one solution, the stats' levels, and explanations.

use crate::support::*;
use predicates::prelude::*;
use sudoku_batch::logic::rate;

/// Runs the binary with `args`; its exit code, stdout and stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = command().args(args).output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap(),
        text(out.stdout),
        text(out.stderr),
    )
}

#[test]
fn a_csv_key_rates_every_puzzle_in_order() {
    let (code, out, err) = run(&["rate", "data/kaggle_1000.txt", "-j2"]);
    assert_eq!(code, 0, "{err}");
    let mut rows = out.lines();
    assert_eq!(
        rows.next(),
        Some("puzzle,solution,status,level,hardest,score,pearl,diamond,steps,left,guesses")
    );
    let puzzles = data_lines("kaggle_1000.txt");
    let solutions = data_lines("solutions/kaggle_1000.txt");
    let rows: Vec<Vec<&str>> = rows.map(|r| r.split(',').collect()).collect();
    assert_eq!(rows.len(), 1000);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row[0], puzzles[i], "row {i}");
        assert_eq!((row[1], row[2]), (solutions[i].as_str(), "solved"));
        // The library's rating, written out: singles only, one step per blank.
        let rating = rate(&grid(&puzzles[i])).unwrap();
        let hardest = rating.hardest.unwrap();
        let blanks = puzzles[i]
            .bytes()
            .filter(|&b| b == b'.' || b == b'0')
            .count();
        let tenths = |t: u16| format!("{:.1}", f64::from(t) / 10.0);
        // Singles only: the first step places a digit, so pearl and diamond are its score.
        assert_eq!(rating.pearl, rating.diamond);
        let expected = [
            "easy",
            hardest.key_name(),
            &tenths(hardest.score()),
            &tenths(rating.pearl),
            &tenths(rating.diamond),
            &blanks.to_string(),
            "0",
        ];
        assert_eq!(row[3..10], expected, "row {i}");
        assert!(row[10].parse::<u64>().is_ok());
    }
    assert!(
        err.contains("levels      easy 1000, medium 0, hard 0, expert 0, beyond 0"),
        "{err}"
    );
}

#[test]
fn score_pearl_and_diamond_are_sudoku_explainers_er_ep_and_ed() {
    // From the Sudoku Exchange puzzle bank; serate (Sukaku Explainer, built from source)
    // rates it 8.0/7.1/4.1: its first step scores 4.1, its first placement comes after a 7.1.
    let puzzle =
        "050906400003100006900070050400000017001090200320000009070060004800009700004708020";
    let out = command()
        .args(["rate", "-", "-q", "--output-format", "jsonl"])
        .write_stdin(puzzle)
        .output()
        .unwrap();
    assert!(out.status.success());
    let row: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&row["score"], &row["pearl"], &row["diamond"]),
        (
            &serde_json::json!(8.0),
            &serde_json::json!(7.1),
            &serde_json::json!(4.1)
        ),
        "{row}"
    );
}

#[test]
fn up_to_stops_the_ladder_at_a_technique() {
    // magictour_top1465 #2 needs the dynamic chains (+) on the way (Explainer: 9.5).
    let puzzle =
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "one.txt", format!("{puzzle}\n"));
    let input = input.to_str().unwrap();
    let (code, whole, _) = run(&["rate", input, "-q"]);
    assert_eq!(code, 0);
    assert!(
        whole.contains(",solved,expert,dynamic-chain,9.5,"),
        "{whole}"
    );
    let (code, short, _) = run(&["rate", input, "-q", "--up-to", "dynamic-chain"]);
    assert_eq!(code, 0);
    assert!(short.contains(",solved,beyond,dynamic-chain,,"), "{short}");
    let (code, _, err) = run(&["rate", input, "--up-to", "guessing"]);
    assert_eq!(code, 2);
    assert!(err.contains("possible values: full-house"), "{err}");
}

#[test]
fn puzzles_beyond_the_ladder_have_no_score() {
    // Up to the dynamic chains: past them a puzzle that needs more takes seconds.
    let (code, out, _) = run(&[
        "rate",
        "data/hardest_11plus_500.txt",
        "-q",
        "--up-to",
        "dynamic-chain",
    ]);
    assert_eq!(code, 0);
    for row in out.lines().skip(1) {
        let f: Vec<&str> = row.split(',').collect();
        assert_eq!((f[2], f[3], f[5]), ("solved", "beyond", ""), "{row}");
        // Stuck before any step (pearl and diamond unknown), or after some.
        assert!(
            f[6].is_empty() || f[6].parse::<f64>().unwrap() >= 1.0,
            "{row}: pearl"
        );
        assert!(f[9].parse::<u32>().unwrap() > 0, "{row}: candidates left");
        assert!(
            f[10].parse::<u32>().unwrap() > 0,
            "{row}: the engine guessed"
        );
    }
}

#[test]
fn puzzles_without_one_solution_get_their_status_and_no_rating() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _) = puzzle(0);
    let mut multiple = p.clone().into_bytes();
    let first_clue = multiple
        .iter()
        .position(|&b| b != b'.' && b != b'0')
        .unwrap();
    multiple[first_clue] = b'.';
    let clash = format!("11{}", &p[2..]);
    let text = format!(
        "{p}\n{}\n{}\n{clash}\nnot a puzzle\n",
        String::from_utf8(multiple).unwrap(),
        data_lines("gen_unsolvable_500.txt")[0]
    );
    let input = write(dir.path(), "mixed.txt", text);
    let (code, out, err) = run(&["rate", input.to_str().unwrap(), "-q"]);
    assert_eq!(code, 1, "malformed and invalid records exit 1: {err}");
    let statuses: Vec<(String, String)> = out
        .lines()
        .skip(1)
        .map(|r| {
            let f: Vec<&str> = r.split(',').collect();
            (f[2].to_string(), f[3..8].concat())
        })
        .collect();
    let expected = ["solved", "multiple", "unsolvable", "invalid", "malformed"];
    assert_eq!(statuses.len(), 5);
    for (i, (status, rating)) in statuses.iter().enumerate() {
        // Only a puzzle with one solution is rated (a multiple one may still lose its clue's
        // digit and stay unique: then it is solved and rated too).
        if i == 1 && status == "solved" {
            continue;
        }
        assert_eq!(status, expected[i]);
        assert_eq!(rating.is_empty(), i != 0, "{i}: {rating}");
    }
}

#[test]
fn json_lines_keys_have_typed_values_and_the_stats_count_levels() {
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("key.jsonl");
    let stats = dir.path().join("stats.json");
    command()
        .args([
            "rate",
            "data/hardest_11plus_500.txt",
            "data/kaggle_1000.txt",
            "-q",
            "--up-to",
            "dynamic-chain",
        ])
        .arg("-o")
        .arg(&key)
        .arg("--stats")
        .arg(&stats)
        .assert()
        .success();
    let text = std::fs::read_to_string(&key).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1500);
    assert_eq!(lines[0]["level"], "beyond");
    assert!(lines[0]["score"].is_null());
    assert!(lines[0]["left"].as_u64().unwrap() > 0);
    assert_eq!(lines[500]["level"], "easy");
    assert!(lines[500]["score"].as_f64().unwrap() <= 2.3);
    assert!(lines[500]["steps"].as_u64().unwrap() > 0);
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
    assert_eq!(
        stats["levels"],
        serde_json::json!({"easy": 1000, "medium": 0, "hard": 0, "expert": 0, "beyond": 500})
    );
}

#[test]
fn csv_inputs_keep_their_columns_and_threads_do_not_change_the_key() {
    let input = "data/csv/kaggle_quizzes_solutions_100.csv";
    let (_, one, _) = run(&["rate", input, "-j1", "-q"]);
    let (_, two, _) = run(&["rate", input, "-j2", "-q"]);
    assert_eq!(one, two);
    assert!(one.starts_with(
        "quizzes,solutions,solution,status,level,hardest,score,pearl,diamond,steps,left,guesses\n"
    ));
    let input_rows: Vec<String> = std::fs::read_to_string(input)
        .unwrap()
        .lines()
        .skip(1)
        .map(str::to_owned)
        .collect();
    for (row, input) in one.lines().skip(1).zip(&input_rows) {
        assert!(row.starts_with(&format!("{input},")), "{row}");
    }
}

#[test]
fn rate_writes_csv_or_json_lines_only() {
    command()
        .args(["rate", "data/kaggle_1000.txt", "--output-format", "lines"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'lines'"));
}

#[test]
fn explain_gives_every_step_and_the_level() {
    let (p, _) = puzzle(0);
    let (code, out, err) = run(&["explain", &p]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("puzzle  {}", grid(&p)));
    let blanks = p.bytes().filter(|&b| b == b'.' || b == b'0').count();
    // One numbered line per placement, each a single in Explainer's words:
    // `1. 1.2 Hidden Single: r6c1: 2 in block`.
    let steps: Vec<&&str> = lines.iter().filter(|l| l.contains(" Single: r")).collect();
    assert_eq!(steps.len(), blanks);
    assert!(steps[0].trim_start().starts_with("1. 1."), "{out}");
    assert!(
        out.contains("level easy: hardest ")
            && out.trim_end().ends_with(&format!(", {blanks} steps")),
        "{out}"
    );
}

#[test]
fn explain_reads_a_record_of_a_file_and_draws_the_marks() {
    // Line 3 of a CSV file: its second record.
    let (code, out, _) = run(&[
        "explain",
        "data/csv/kaggle_quizzes_solutions_100.csv",
        "--line",
        "3",
        "--marks",
        "0",
    ]);
    assert_eq!(code, 0);
    let record = &std::fs::read_to_string("data/csv/kaggle_quizzes_solutions_100.csv")
        .unwrap()
        .lines()
        .nth(2)
        .unwrap()[..81]
        .to_string();
    assert!(
        out.starts_with(&format!("puzzle  {}\n", grid(record))),
        "{out}"
    );
    assert!(out.contains("pencil marks before step 1:\n+--"), "{out}");
    // 13 lines of marks: 9 rows and 4 rules.
    let marks: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("pencil marks"))
        .skip(1)
        .take_while(|l| l.starts_with('+') || l.starts_with('|'))
        .collect();
    assert_eq!(marks.len(), 13, "{out}");
    // No record starts on line 1 (the header) of that file.
    let (code, _, err) = run(&[
        "explain",
        "data/csv/kaggle_quizzes_solutions_100.csv",
        "--line",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no record starts on line 1"), "{err}");
}

#[test]
fn explain_says_where_the_ladder_stops() {
    // The nested chains rate this one (11.1): up to the dynamic chains it is stuck.
    let hard = &data_lines("hardest_11plus_500.txt")[0];
    let (code, out, _) = run(&["explain", hard, "--up-to", "dynamic-chain"]);
    assert_eq!(code, 0);
    assert!(out.contains("stuck after "), "{out}");
    assert!(
        out.contains("candidates left: the ladder knows no step here"),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("+--")), "{out}");
}

#[test]
fn explain_refuses_what_has_no_single_solution() {
    let two_solutions = format!("{}{}", ".".repeat(80), "1");
    for (arg, says) in [
        (two_solutions.as_str(), "more than one solution"),
        (
            data_lines("gen_unsolvable_500.txt")[0].as_str(),
            "no solution",
        ),
        (
            "11.......................................................................",
            "neither a puzzle nor a file",
        ),
        ("no-such-file.txt", "neither a puzzle nor a file"),
    ] {
        let (code, _, err) = run(&["explain", arg]);
        assert_eq!(code, 2, "{arg}");
        assert!(err.contains(says), "{arg}: {err}");
    }
    let (p, _) = puzzle(0);
    let (code, _, err) = run(&["explain", &p, "--marks", "500"]);
    assert_eq!(code, 2);
    assert!(err.contains("--marks 500: the path has"), "{err}");
}

#[test]
fn explain_chains_lists_each_chain_under_its_step() {
    // A Sudoku Exchange bank puzzle whose step 17 is a forcing chain.
    let p = "097010530800000004041000870000060000010532080005104700003000900080206010000050000";
    let (code, out, err) = run(&["explain", "--chains", p]);
    assert_eq!(code, 0, "{err}");
    let step = out.find("17. 7.1 Forcing Chain: r6c1.6 off").expect(&out);
    let after: Vec<&str> = out[step..].lines().skip(1).take(8).collect();
    assert_eq!(
        after[0].trim(),
        "chain 1: If r6c1 contains the value 6, then r6c1 cannot contain the value 6:"
    );
    assert!(
        after[7]
            .trim()
            .starts_with("(7) If r1c1 contains the value 6"),
        "{out}"
    );
    // Without the option, no chain is listed.
    let (_, plain, _) = run(&["explain", p]);
    assert!(!plain.contains("chain 1:"));
}

#[test]
fn explain_takes_the_strong_link_chain_explainer_meets_first() {
    // Sudoku Exchange bank puzzles where chains of equal score, eliminations and suffix tie:
    // Explainer takes the one its enumeration meets first (kinds of links, digit, houses),
    // read the way it reads it. Its steps, from serate's log.
    for (p, step) in [
        (
            "000300200070501080200098000082000091006000300310000470000680002050207030007003000",
            "35. 4.0 Skyscraper 011: Cell r3c7,r3c3,r7c3,r7c8 on value 1 => r1c8,r9c7<>1",
        ),
        (
            "900006500000900802000040003000014900800000007007590000100050000502007000006200009",
            "27. 4.1 2 Strong links 001: Cell r9c1,r7c2,r1c2,r1c5 on value 3 => r9c5<>3",
        ),
    ] {
        assert_explains(p, step);
    }
}

#[test]
fn explain_calls_a_wing_doubly_linked_as_explainer_does() {
    // Explainer calls a wing doubly linked (suffix 2…, "on values x,z") only when a digit
    // besides x and z leaves somewhere, or both x and z do; otherwise it is named by the one
    // that leaves. Bank puzzles, one per case, with serate's steps.
    for (p, step) in [
        // A third digit leaves: doubly linked.
        (
            "062000003930400000000260080054000006020010040100000730010072000000005078200000190",
            "30. 5.5 WXYZ-Wing 226: Cells r1c1,r3c1,r7c1,r3c2 on values 4,7 => r5c1<>8",
        ),
        // Only z leaves: singly linked on z.
        (
            "003004570100070000700306004804000700070000020002000405900508003000010007051400800",
            "37. 6.4 VWXYZ-Wing 1311: Cells r1c2,r2c3,r3c2,r3c3,r7c2 on value 2 => r8c2<>2",
        ),
        // Only x leaves: singly linked, x named as z.
        (
            "000080006103006200800000304970040000000708000000030078506000002002600405400050000",
            "29. 6.4 VWXYZ-Wing 1310: Cells r1c6,r2c4,r3c4,r3c6,r3c3 on value 9 => r3c8<>9",
        ),
    ] {
        assert_explains(p, step);
    }
}

/// `explain` of `p` succeeds and has the line `step`.
fn assert_explains(p: &str, step: &str) {
    let (code, out, err) = run(&["explain", p]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l.trim() == step), "{step}\n{out}");
}
