//! Canonical forms (minlex) and dedupe: the library against an exhaustive search and a
//! reference built side by side, invariance under the moves, and the `canon` command.

use crate::support::{
    Rng, command, data_dir, data_lines, grid, random_solution, remove_cells, run_with_stats,
};
use proptest::prelude::*;
use sudoku_batch::canon::minlex;
use sudoku_batch::grid::Grid;

/// The orders of three things.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Every order of nine rows (or columns) that keeps bands (stacks) together: 6^4 of them.
fn line_orders() -> Vec<[usize; 9]> {
    let mut orders = Vec::new();
    for bands in PERMS {
        for a in PERMS {
            for b in PERMS {
                for c in PERMS {
                    let mut order = [0; 9];
                    for (t, within) in [a, b, c].iter().enumerate() {
                        for j in 0..3 {
                            order[3 * t + j] = 3 * bands[t] + within[j];
                        }
                    }
                    orders.push(order);
                }
            }
        }
    }
    orders
}

/// The minlex form by brute force: every one of the 2 x 6^8 moves, relabelled in order of
/// appearance, the smallest kept. Written without the search's ideas, as the test's oracle.
fn brute_minlex(puzzle: &Grid) -> Grid {
    let orders = line_orders();
    let mut best = [10u8; 81];
    for transposed in [false, true] {
        let at = |r: usize, c: usize| match transposed {
            false => puzzle.get(r, c),
            true => puzzle.get(c, r),
        };
        for rows in &orders {
            for cols in &orders {
                let mut labels = [0u8; 10];
                let mut next = 1;
                // Compare cell by cell, stopping at the first difference.
                let mut better = false;
                let mut form = [0u8; 81];
                for i in 0..81 {
                    let digit = at(rows[i / 9], cols[i % 9]) as usize;
                    if digit != 0 && labels[digit] == 0 {
                        labels[digit] = next;
                        next += 1;
                    }
                    form[i] = labels[digit];
                    if !better {
                        if form[i] > best[i] {
                            break;
                        }
                        better = form[i] < best[i];
                    }
                    if i == 80 && better {
                        best = form;
                    }
                }
            }
        }
    }
    Grid::from_cells(best).unwrap()
}

/// `puzzle` moved: transposed or not, rows and columns in orders that keep bands and stacks,
/// digits relabelled.
fn moved(puzzle: &Grid, rng: &mut Rng) -> Grid {
    let orders = line_orders();
    let rows = orders[rng.below(orders.len())];
    let cols = orders[rng.below(orders.len())];
    let transposed = rng.below(2) == 1;
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let mut cells = [0u8; 81];
    for (i, cell) in cells.iter_mut().enumerate() {
        let (r, c) = (rows[i / 9], cols[i % 9]);
        let v = if transposed {
            puzzle.get(c, r)
        } else {
            puzzle.get(r, c)
        };
        *cell = if v == 0 { 0 } else { digits[v as usize - 1] };
    }
    Grid::from_cells(cells).unwrap()
}

fn line(g: &Grid) -> String {
    String::from_utf8(g.to_line(b'0').to_vec()).unwrap()
}

#[test]
fn the_search_equals_the_brute_force_on_every_kind_of_puzzle() {
    let mut rng = Rng(39);
    let mut puzzles = vec![
        // A 17-clue puzzle, a Kaggle one, a hard one.
        grid(&data_lines("17_clue_1000.txt")[7]),
        grid(&data_lines("kaggle_1000.txt")[3]),
        grid(&data_lines("hardest_11plus_500.txt")[0]),
        // The one Kaggle puzzle of 20,000 that the reference tool (kaityo256/minlex) answers
        // with 81 nines.
        grid("002031007390680100005400260004800500200700080070065009500008004761200030030910700"),
        // Clues that clash: one digit twice in a row, and twice in one stack's row.
        grid("550000000000000000000000000000000000000000000000000000000000000000000000000000007"),
        grid("500500000000000000000000000000000000000000000000000000000000000000000000000000000"),
        // One clue; none.
        grid("000000000000000000000000000000000000000070000000000000000000000000000000000000000"),
        Grid::EMPTY,
    ];
    // A solution grid, and grids with most or few cells left.
    let solution = random_solution(&mut rng);
    puzzles.push(solution);
    puzzles.push(remove_cells(&mut rng, &solution, 20));
    puzzles.push(remove_cells(&mut rng, &solution, 70));
    for puzzle in &puzzles {
        assert_eq!(
            line(&minlex(puzzle)),
            line(&brute_minlex(puzzle)),
            "{puzzle}"
        );
    }
}

#[test]
fn forms_equal_the_reference_built_side_by_side() {
    // data/canon/*_minlex.txt: kaityo256/minlex's forms of the sample sets, written by
    // scripts/canon-side-by-side.sh (see data/README.md).
    for set in ["17_clue_1000", "kaggle_1000", "gen_mixed_1000"] {
        let puzzles = data_lines(&format!("{set}.txt"));
        let forms = std::fs::read_to_string(data_dir().join(format!("canon/{set}_minlex.txt")));
        let forms: Vec<String> = forms.unwrap().lines().map(str::to_string).collect();
        assert_eq!(forms.len(), puzzles.len());
        for (puzzle, form) in puzzles.iter().zip(&forms) {
            assert_eq!(&line(&minlex(&grid(puzzle))), form, "{set}: {puzzle}");
        }
    }
}

#[test]
fn a_solution_grids_form_is_a_solution_grid_that_starts_as_every_one_must() {
    // Its first row is 123456789 and its second starts 45 (two of the second row's first
    // three digits share a box of the first row). `456789123789...` follows only where a band
    // or stack repeats a mini-row's digits in another row; this grid has none, and its form
    // (checked by the brute force) goes on 457:
    let mixed =
        grid("123456789457189263698273514271895346539764128864312957345928671786531492912647835");
    assert_eq!(brute_minlex(&mixed), mixed);
    assert_eq!(minlex(&mixed), mixed);
    let mut rng = Rng(2239);
    for _ in 0..20 {
        let solution = random_solution(&mut rng);
        let form = minlex(&solution);
        assert!(line(&form).starts_with("12345678945"), "{form}");
        assert!(form.check_solution_of(&Grid::EMPTY).is_ok());
        assert_eq!(minlex(&moved(&solution, &mut rng)), form);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any puzzle, any of the 2 x 6^8 x 9! moves: the same form, itself a move of the puzzle
    /// (as many clues, and its own form).
    #[test]
    fn the_form_is_the_same_under_every_move(seed: u64, remove in 0usize..81) {
        let mut rng = Rng(seed);
        let solution = random_solution(&mut rng);
        let puzzle = remove_cells(&mut rng, &solution, remove);
        let form = minlex(&puzzle);
        prop_assert_eq!(minlex(&moved(&puzzle, &mut rng)), form);
        prop_assert_eq!(form.clue_count(), puzzle.clue_count());
        prop_assert_eq!(minlex(&form), form);
    }

    /// Any digits at all, clashing clues included: still one form per class.
    #[test]
    fn any_cells_have_one_form(cells in proptest::array::uniform32(0u8..10), seed: u64) {
        let mut all = [0u8; 81];
        // 32 random cells in the first rows, the rest blank: dense and clashing.
        all[..32].copy_from_slice(&cells);
        let puzzle = Grid::from_cells(all).unwrap();
        let mut rng = Rng(seed);
        prop_assert_eq!(minlex(&moved(&puzzle, &mut rng)), minlex(&puzzle));
    }
}

// The command: `canon`, and `--dedupe` and `--classes` on `canon` and `solve`.

/// `puzzles`, each followed by `copies` moves of it; and which original each line is.
fn with_moved_copies(puzzles: &[Grid], copies: usize, seed: u64) -> (String, Vec<usize>) {
    let mut rng = Rng(seed);
    let (mut text, mut originals) = (String::new(), Vec::new());
    for (i, p) in puzzles.iter().enumerate() {
        for copy in 0..=copies {
            let p = if copy == 0 { *p } else { moved(p, &mut rng) };
            text.push_str(&format!("{p}\n"));
            originals.push(i);
        }
    }
    (text, originals)
}

fn sample(name: &str, n: usize) -> Vec<Grid> {
    data_lines(name).iter().take(n).map(|l| grid(l)).collect()
}

#[test]
fn canon_writes_each_form_in_order_on_every_layout() {
    let forms = std::fs::read_to_string(data_dir().join("canon/kaggle_1000_minlex.txt")).unwrap();
    let forms: Vec<&str> = forms.lines().collect();
    // Lines in, lines out: the forms, as the reference's.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(data_dir().join("kaggle_1000.txt")).unwrap();
    let input = crate::support::write(dir.path(), "kaggle_1000.txt", text);
    let run = run_with_stats("canon", &input, &["-j", "2"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.key.lines().collect::<Vec<_>>(), forms);
    assert_eq!(run.stats["counts"]["canonical"], 1000);
    assert_eq!(run.stats["counts"]["solved"], 0);
    // CSV in, CSV out: the input's columns kept, `canon` and `status` added; with --solution
    // the solution's form, which is the form of the given solution column.
    let csv = data_dir().join("csv/kaggle_puzzle_solution_100.csv");
    let out = command()
        .args(["canon", csv.to_str().unwrap(), "--solution", "-q"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let key = String::from_utf8(out.stdout).unwrap();
    let input = std::fs::read_to_string(&csv).unwrap();
    let mut rows = key.lines();
    assert_eq!(
        rows.next(),
        Some(
            format!(
                "{},canon,canon_solution,status",
                input.lines().next().unwrap()
            )
            .as_str()
        )
    );
    for (row, original) in rows.zip(input.lines().skip(1)) {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields[..2].join(","), original);
        assert_eq!(fields[2], line(&minlex(&grid(fields[0]))));
        assert_eq!(fields[3], line(&minlex(&grid(fields[1]))));
        assert_eq!(fields[4], "solved");
    }
    // JSON Lines: the keys added to each object.
    let jsonl = crate::support::write(
        dir.path(),
        "p.jsonl",
        format!("{{\"id\": 7, \"puzzle\": \"{}\"}}\n", forms[0]),
    );
    let out = command()
        .args(["canon", jsonl.to_str().unwrap(), "-q"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "{{\"id\": 7, \"puzzle\": \"{}\", \"canon\": \"{}\", \"status\": \"canonical\"}}\n",
            forms[0], forms[0]
        )
    );
    // Grids in: a form per line (a form is no grid).
    let out = command()
        .args(["canon", "data/grid/compact_10.txt", "-q"])
        .output()
        .unwrap();
    let hard = data_lines("hardest_11plus_500.txt");
    let expected: String = hard[..10]
        .iter()
        .map(|p| line(&minlex(&grid(p))) + "\n")
        .collect();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

#[test]
fn canon_says_what_is_no_puzzle_and_what_clashes_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let clash = format!("55{}", "0".repeat(79));
    let text = format!(
        "{}\nnot a puzzle\n{clash}\n",
        data_lines("17_clue_1000.txt")[0]
    );
    let input = crate::support::write(dir.path(), "in.txt", text);
    let run = run_with_stats("canon", &input, &[]);
    assert_eq!(run.code, Some(1));
    let lines: Vec<&str> = run.key.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1], " malformed");
    // A clash still has a form: the moves are defined on any clues.
    assert_eq!(
        lines[2],
        format!("{} invalid", line(&minlex(&grid(&clash))))
    );
    assert!(run.stderr.contains("in.txt:2:"), "{}", run.stderr);
    assert!(run.stderr.contains("in.txt:3:"), "{}", run.stderr);
    assert_eq!(run.stats["counts"]["canonical"], 1);
    assert_eq!(run.stats["counts"]["malformed"], 1);
    assert_eq!(run.stats["counts"]["invalid"], 1);
}

#[test]
fn dedupe_keeps_the_first_record_of_each_class_and_counts_the_others() {
    let puzzles = sample("17_clue_1000.txt", 20);
    let (text, originals) = with_moved_copies(&puzzles, 3, 34);
    let dir = tempfile::tempdir().unwrap();
    let input = crate::support::write(dir.path(), "in.txt", &text);
    for command_name in ["canon", "solve"] {
        let run = run_with_stats(command_name, &input, &["--dedupe"]);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let key: Vec<&str> = run.key.lines().collect();
        assert_eq!(key.len(), 20, "{command_name}");
        for (i, answer) in key.iter().enumerate() {
            let expected = match command_name {
                "canon" => minlex(&puzzles[i]),
                _ => sudoku_batch::solve(&puzzles[i], sudoku_batch::Mode::Unique)
                    .solution
                    .unwrap(),
            };
            assert_eq!(*answer, line(&expected));
        }
        // Every line accounted for: the records answered and those left out.
        assert_eq!(run.stats["records"], 20);
        assert_eq!(run.stats["duplicates"], 60);
        assert_eq!(run.stats["classes"], 20);
        assert_eq!(run.stats["lines"], originals.len());
    }
}

#[test]
fn classes_number_every_record_in_the_order_classes_are_met() {
    let puzzles = sample("kaggle_1000.txt", 5);
    let (text, originals) = with_moved_copies(&puzzles, 2, 36);
    // Shuffle the lines: classes are numbered as met.
    let mut lines: Vec<(usize, &str)> = originals.iter().copied().zip(text.lines()).collect();
    Rng(3).shuffle(&mut lines);
    let shuffled: String = lines.iter().map(|(_, l)| format!("{l}\n")).collect();
    let mut numbers = Vec::new();
    let expected: Vec<usize> = lines
        .iter()
        .map(|&(original, _)| {
            if !numbers.contains(&original) {
                numbers.push(original);
            }
            numbers.iter().position(|&o| o == original).unwrap() + 1
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let input = crate::support::write(dir.path(), "in.txt", &shuffled);
    // Lines: the form, then the class.
    let run = run_with_stats("canon", &input, &["--classes"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let classes: Vec<usize> = run
        .key
        .lines()
        .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(classes, expected);
    assert_eq!(run.stats["classes"], 5);
    assert_eq!(run.stats["duplicates"], 0);
    // CSV and JSON Lines from solve: a `class` column before the status.
    for (format, at) in [("csv", 2), ("jsonl", 2)] {
        let run = run_with_stats("solve", &input, &["--classes", "--output-format", format]);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let rows: Vec<&str> = run.key.lines().collect();
        let classes: Vec<usize> = match format {
            "csv" => rows[1..]
                .iter()
                .map(|r| r.split(',').nth(at).unwrap().parse().unwrap())
                .collect(),
            _ => rows
                .iter()
                .map(|r| {
                    let v: serde_json::Value = serde_json::from_str(r).unwrap();
                    v["class"].as_u64().unwrap() as usize
                })
                .collect(),
        };
        assert_eq!(classes, expected, "{format}");
        if format == "csv" {
            assert_eq!(rows[0], "puzzle,solution,class,status");
        }
    }
}

#[test]
fn dedupe_keeps_a_grid_keys_blank_lines_between_the_grids_it_keeps() {
    // The first grid's copy comes first in the file: the key's first grid is a kept one, with
    // no blank line before it, and one between each two.
    let text = std::fs::read_to_string(data_dir().join("grid/compact_10.txt")).unwrap();
    let grids: Vec<&str> = text.split("\n\n").map(str::trim_end).collect();
    let doubled = format!("{}\n\n{}\n", grids[0], text.trim_end());
    let dir = tempfile::tempdir().unwrap();
    let input = crate::support::write(dir.path(), "grids.txt", doubled);
    let run = run_with_stats("solve", &input, &["--dedupe"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let expected = std::fs::read_to_string(data_dir().join("solutions/grid_compact_10.txt"));
    assert_eq!(run.key, expected.unwrap());
    assert_eq!(run.stats["duplicates"], 1);
}

#[test]
fn what_cannot_be_done_is_refused_before_anything_is_written() {
    let cases: [(&[&str], &str); 4] = [
        (
            &[
                "solve",
                "data/kaggle_1000.txt",
                "--dedupe",
                "--shard",
                "1/2",
            ],
            "--dedupe cannot go with --shard",
        ),
        (
            &[
                "canon",
                "data/kaggle_1000.txt",
                "--classes",
                "--shard",
                "1/2",
            ],
            "--classes cannot go with --shard",
        ),
        (
            &[
                "solve",
                "data/kaggle_1000.txt",
                "--classes",
                "--output-format",
                "grid",
            ],
            "--classes needs a key of lines, csv or jsonl",
        ),
        (
            &["canon", "data/kaggle_1000.txt", "--dedupe", "--classes"],
            "cannot be used with",
        ),
    ];
    for (args, message) in cases {
        command()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(message));
    }
}

/// A line of a file to dedupe: one of a few puzzles, moved (so that classes repeat), or a
/// blank line, a comment, or a record that is no puzzle.
fn a_dedupe_line() -> impl Strategy<Value = String> {
    (0usize..10, any::<u64>()).prop_map(|(kind, seed)| {
        let puzzles = data_lines("17_clue_1000.txt");
        match kind {
            0..=5 => {
                let puzzle = grid(&puzzles[kind % 4]);
                moved(&puzzle, &mut Rng(seed)).to_string()
            }
            6 => String::new(),
            7 => "# a comment".to_string(),
            8 => "not a puzzle".to_string(),
            _ => format!("55{}", "0".repeat(79)),
        }
    })
}

/// `canon ARGS --format lines` on `text`: the key's lines and the stats.
fn canon_lines(
    dir: &std::path::Path,
    text: &str,
    args: &[&str],
) -> (Vec<String>, serde_json::Value) {
    let input = crate::support::write(dir, "in.txt", text);
    let mut all = vec!["--format", "lines"];
    all.extend_from_slice(args);
    let run = run_with_stats("canon", &input, &all);
    assert!(matches!(run.code, Some(0 | 1)), "{}", run.stderr);
    (run.key.lines().map(str::to_string).collect(), run.stats)
}

proptest! {
    // Each case runs the binary three times.
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Every record is answered once or counted as a duplicate: `--dedupe`'s key is the whole
    /// key less each form met before (records that are no puzzle are in no class, so kept), in
    /// order; `--classes` numbers equal forms alike and new forms 1, 2, 3...
    #[test]
    fn dedupe_and_classes_account_for_every_record(lines in prop::collection::vec(a_dedupe_line(), 0..40)) {
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let dir = tempfile::tempdir().unwrap();
        let (whole, stats) = canon_lines(dir.path(), &text, &[]);
        let (deduped, dedupe_stats) = canon_lines(dir.path(), &text, &["--dedupe"]);
        let (numbered, _) = canon_lines(dir.path(), &text, &["--classes"]);
        let form = |answer: &str| answer.split(' ').next().unwrap().to_string();
        let mut seen = Vec::new();
        let mut expected = Vec::new();
        let mut classes = Vec::new();
        for answer in &whole {
            let f = form(answer);
            if f.is_empty() {
                expected.push(answer.clone());
                classes.push(None);
                continue;
            }
            if !seen.contains(&f) {
                seen.push(f.clone());
                expected.push(answer.clone());
            }
            classes.push(Some(seen.iter().position(|s| *s == f).unwrap() + 1));
        }
        prop_assert_eq!(&deduped, &expected);
        let records = stats["records"].as_u64().unwrap();
        let kept = dedupe_stats["records"].as_u64().unwrap();
        let duplicates = dedupe_stats["duplicates"].as_u64().unwrap();
        prop_assert_eq!(kept + duplicates, records);
        prop_assert_eq!(dedupe_stats["classes"].as_u64().unwrap(), seen.len() as u64);
        prop_assert_eq!(dedupe_stats["lines"].clone(), stats["lines"].clone());
        let numbers: Vec<Option<usize>> = numbered
            .iter()
            .map(|a| a.split(' ').nth(1).and_then(|n| n.parse().ok()))
            .collect();
        prop_assert_eq!(numbers, classes);
    }
}
