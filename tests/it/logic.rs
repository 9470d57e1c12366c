//! The technique ladder through the library: every step sound against the unique solution,
//! on every shipped set and (where ../shared is present) a sample of every shared set; the
//! rater agrees with the step-by-step path.

use crate::support::*;
use std::path::Path;
use sudoku_batch::logic::{Level, Rating, Technique, explain, explain_up_to, rate, rate_up_to};
use sudoku_batch::{Grid, Mode, Status, solve};

/// Walks the ladder's path on `puzzle` (whose unique solution is `solution`): every placement
/// is the solution's digit, no elimination removes it, and the path's hardest technique and
/// length are the rater's, with the ladder up to `top`. Returns the rating.
fn check_path(puzzle: &Grid, solution: &Grid, name: &str, top: Technique) -> Rating {
    let mut path = explain_up_to(puzzle, top).unwrap();
    let mut walked = Rating::default();
    for step in path.by_ref() {
        if let Some((cell, d)) = step.placement {
            assert_eq!(solution.cells()[cell], d, "{name}: {step}");
        }
        for &(cell, d) in &step.eliminations {
            assert_ne!(
                solution.cells()[cell],
                d,
                "{name}: {step} removes a true candidate"
            );
        }
        walked.took(&step);
    }
    let left = path.pencil().candidates_left();
    if left == 0 {
        assert_eq!(path.pencil().grid(), *solution, "{name}");
    }
    // What is placed agrees with the solution, and what is left includes it.
    for cell in 0..81 {
        let v = path.pencil().value(cell);
        assert!(v == 0 || v == solution.cells()[cell], "{name}");
        assert!(
            v != 0 || path.pencil().has(cell, solution.cells()[cell]),
            "{name}"
        );
    }
    let rating = rate_up_to(puzzle, top).unwrap();
    walked.candidates_left = left;
    assert_eq!(rating, walked, "{name}: the rater and the path disagree");
    rating
}

/// Checks every `step`-th puzzle of a file of lines, with the ladder up to `top`; the levels
/// seen, by count.
fn check_lines(path: &Path, step: usize, top: Technique) -> [u64; 5] {
    let text = std::fs::read_to_string(path).unwrap();
    let mut levels = [0; 5];
    for (i, line) in text.lines().enumerate().step_by(step) {
        let name = format!("{}:{}", path.display(), i + 1);
        let puzzle: Grid = line[..81].parse().unwrap();
        let out = solve(&puzzle, Mode::Unique);
        if out.status != Status::Solved {
            continue; // ratings are for puzzles with one solution
        }
        let rating = check_path(&puzzle, &out.solution.unwrap(), &name, top);
        levels[rating.level() as usize] += 1;
    }
    levels
}

#[test]
fn every_step_is_sound_on_the_shipped_sets() {
    let all = Technique::TOP;
    let easy = check_lines(&data_dir().join("kaggle_1000.txt"), 1, all);
    // The Kaggle puzzles need singles only.
    assert_eq!(easy, [1000, 0, 0, 0, 0]);
    let seventeen = check_lines(&data_dir().join("17_clue_1000.txt"), 1, all);
    assert_eq!(seventeen.iter().sum::<u64>(), 1000);
    // Every 10th of the hardest, up to the dynamic chains (the nested ones take seconds a
    // puzzle, and these need more than them): each takes the chains tens of steps.
    let hard = check_lines(
        &data_dir().join("hardest_11plus_500.txt"),
        10,
        Technique::DynamicChain,
    );
    // The forum's 11+ puzzles are beyond the ladder, or at its top.
    assert_eq!(hard[..3], [0, 0, 0], "{hard:?}");
    check_lines(&data_dir().join("gen_mixed_1000.txt"), 1, all);
}

#[test]
fn the_nested_chains_steps_are_sound() {
    // magictour_top1465 #2 (dynamic chains (+) at 9.3 and 9.4) and forum_hardest_1106 #1
    // (forcing chains nested, 10.3): Sukaku Explainer's ratings, 9.5 and 10.3.
    for (puzzle, score, hardest) in [
        (
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            95,
            Technique::DynamicChain,
        ),
        (
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            103,
            Technique::NestedChain,
        ),
    ] {
        let puzzle = grid(puzzle);
        let solution = solve(&puzzle, Mode::Unique).solution.unwrap();
        let rating = check_path(&puzzle, &solution, "nested", Technique::TOP);
        assert_eq!((rating.score, rating.hardest), (score, Some(hardest)));
        // Up to the dynamic chains, neither is finished.
        let short = rate_up_to(&puzzle, Technique::DynamicChain).unwrap();
        assert_eq!(short.level(), Level::Beyond);
    }
}

/// Every shared set of ../shared/data/txt, a sample of about 50 puzzles each
/// (`SUDOKU_BATCH_FULL=1`: every puzzle); skipped where the shared data is absent.
#[test]
fn every_step_is_sound_on_the_shared_sets() {
    let dir = data_dir().join("../../shared/data/txt");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipped: no {}", dir.display());
        return;
    };
    let full = std::env::var_os("SUDOKU_BATCH_FULL").is_some();
    for entry in entries {
        let path = entry.unwrap().path();
        let lines = std::fs::read(&path).unwrap().split(|&b| b == b'\n').count();
        let step = if full { 1 } else { (lines / 50).max(1) };
        // The forum's hardest lists need the nested chains, which take seconds a puzzle:
        // their steps up to the dynamic chains (the nested ones have a test of their own).
        let hardest = path.to_string_lossy().contains("hardest");
        let top = if hardest {
            Technique::DynamicChain
        } else {
            Technique::TOP
        };
        let levels = check_lines(&path, step, top);
        eprintln!("{}: {levels:?}", path.display());
    }
}

#[test]
fn each_technique_has_its_place_in_the_ladder() {
    // The explainer's first step on a puzzle is the easiest one that applies.
    let puzzle = grid(&data_lines("kaggle_1000.txt")[0]);
    let first = explain(&puzzle).unwrap().next().unwrap();
    assert!(first.technique <= Technique::NakedSingle);
    assert_eq!(rate(&puzzle).unwrap().level(), Level::Easy);
}

/// HoDoKu's examples of its techniques (Bernhard Hobiger, hodoku.sourceforge.net,
/// `en/show_example.php?file=NAME`, GNU FDL 1.3), each a position in HoDoKu's own format
/// (`:code:digits:cells:removed before:removed by the step:`, cells with `+` placed, and
/// candidates as digit-row-column) with the technique that is its next step. Dual kites are
/// two kites at once: ours finds them one after the other (and, in d2sk02, a kite on another
/// digit before them).
const HODOKU: &[(&str, Technique, &str)] = &[
    (
        "lc101",
        Technique::Pointing,
        ":0100:5:984........+25...4...+1+9.+4..2..6.972+3...3+6.2...+2.+9.+3+5+61.+1+95+76+8+4+234+27+35189+6+63+8..97+5+1::537:",
    ),
    (
        "lc102",
        Technique::Pointing,
        ":0100:1:34...6.7..8....93...2.+3..6.....1.....97+3+6+485......2...............6.8.9....923785::171 172 173 177 178 179:",
    ),
    (
        "h202",
        Technique::HiddenPair,
        ":0210:123589:....+6........4273+6..67+3..4..94....+6+8....96+4.+7+6.7.+5.+9231......85.6..8.27+1..5.1..+9+4::112 211 212 311 312 511 512 811 812 911:",
    ),
    (
        "h301",
        Technique::HiddenTriple,
        ":0211:16:2+8....4+7+35+3+4+8+2+7+1+96.+71.34.8.+3..5...4....+3+4..+6.+46.79.+3+1..9.2.+36+5+4..3..9+8+21....8.+937::192 693:",
    ),
    (
        "bf202",
        Technique::XWing,
        ":0300:1:9+8..627+5+3.+65..3...+3+2+7.+5...67+9..3.+5...+5...9...8+32.45..9+6+735+91+428+24+9.+8+7..5+51+8.+2...+7::124 127 128 129 153 154 157 158 159:c15 r25",
    ),
    (
        "bf301",
        Technique::Swordfish,
        ":0301:2:16.54+3.7..+78+6.1+43+5+43+58.+7+6.+17+2.+45+8.696..9+12.57...+3+7+6..+4.+1+6.3..4.+3...+8..16..+71645.+3::268 271:r239 c158",
    ),
    (
        "bf302",
        Technique::Swordfish,
        ":0301:4:1.+8+5..+2345..3.2+178...8..+5+6+9+8..6.5+7+93..5+9..4+8+13....+86+5298.2.6+31.......+8.....78.9..::432 433 435 462 463 465 482 483 485 492 493:r247 c235",
    ),
    (
        "sk01",
        Technique::TurbotFish,
        ":0400:1:+6+9+7.....+2..19+72.6+3..+3..679.9+12...6.+737+4+2+6.95.+8+65+7.+9.+2414+8+6+93+2+757.9.24..+6..+68.+7..+9::117 118 134 135:",
    ),
    (
        "d2sk01",
        Technique::TurbotFish,
        ":0401:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67+86+73+1+84+5+9+2.5.+726143::149 168:",
    ),
    (
        "d2sk02",
        Technique::TurbotFish,
        ":0401:4:+5.+91.7+8...+8+79.5+1...+13.8.5+9+7.9+4.+1.+27.+8+752+964+3+11.+2.+7.+9.87.+1...+6.9+9+56+74+13+8+2.2+8..+9+71.:431 574 375 594 395:419 428:",
    ),
    (
        "xy01",
        Technique::XyWing,
        ":0800:2:+8..+36.+9....+9.1.863.+63.+89..+59+24+6+7+3+1+5+83+8+6+9+5+17+2457+182+4+3+9+6+4+3+2+1+9658+769+8+5+37......+24+8+63+9::226:",
    ),
    (
        "xy02",
        Technique::XyWing,
        ":0800:9:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956:",
    ),
];

/// A HoDoKu position: its pencil marks, and the candidates its step removes.
fn hodoku(line: &str) -> (sudoku_batch::logic::Pencil, Vec<(usize, u8)>) {
    let fields: Vec<&str> = line.split(':').collect();
    let mut cells = [0u8; 81];
    let mut i = 0;
    for b in fields[3].bytes().filter(|&b| b != b'+') {
        cells[i] = if b == b'.' { 0 } else { b - b'0' };
        i += 1;
    }
    assert_eq!(i, 81, "{line}");
    let candidates = |field: &str| -> Vec<(usize, u8)> {
        let mut list: Vec<(usize, u8)> = field
            .split_whitespace()
            .map(|drc| {
                let [d, r, c] = drc.as_bytes().try_into().unwrap();
                (9 * (r - b'1') as usize + (c - b'1') as usize, d - b'0')
            })
            .collect();
        list.sort_unstable();
        list
    };
    let mut p = sudoku_batch::logic::Pencil::new(&Grid::from_cells(cells).unwrap()).unwrap();
    for (cell, d) in candidates(fields[4]) {
        p.eliminate(d, 1 << cell);
    }
    (p, candidates(fields[5]))
}

#[test]
fn published_examples_are_found_and_no_harder_step_comes_first() {
    for &(name, technique, line) in HODOKU {
        let (p, removed) = hodoku(line);
        // The ladder's next step is the example's technique or one before it in Sudoku
        // Explainer's order (in lc101 a direct hidden pair comes first).
        let next = sudoku_batch::logic::next_step(&p).unwrap();
        assert!(
            next.technique <= technique,
            "{name}: the ladder's next step is {next}"
        );
        // Steps of the technique, one after the other (in Explainer's order, which need not
        // take the published instance first), until the published eliminations are all made.
        let (mut q, mut made) = (p, Vec::new());
        while let Some(step) = technique.find_on(&q).filter(|_| made.len() < 10) {
            step.apply(&mut q);
            made.extend(step.eliminations);
        }
        assert!(removed.iter().all(|e| made.contains(e)), "{name}: {made:?}");
    }
}

/// Each technique as the next step of a published puzzle's path: `(file, line, step number,
/// the step in Sudoku Explainer's words, as its `serate --after="%r %s"` logs the same step)`,
/// each the first of its technique met in these files: Gordon
/// Royle's list of 17-clue puzzles (`data/17_clue_1000.txt`), Kaggle's "1 million Sudoku
/// games" (Bryan Park; `data/kaggle_1000.txt`) and the forum's magictour top1465 list
/// (`shared/` files are skipped where ../shared is absent). Together with `HODOKU`, every
/// technique of the ladder but direct claiming and aligned pair exclusion.
const PUBLISHED_STEPS: &[(&str, usize, usize, &str)] = &[
    (
        "data/kaggle_1000.txt",
        1,
        7,
        "1.0 Hidden Single: r1c1: 8 in block",
    ),
    (
        "data/kaggle_1000.txt",
        1,
        1,
        "1.2 Hidden Single: r6c1: 2 in block",
    ),
    (
        "data/17_clue_1000.txt",
        1,
        1,
        "1.5 Hidden Single: r1c9: 2 in column",
    ),
    (
        "data/17_clue_1000.txt",
        4,
        27,
        "1.7 Direct Pointing: Cells r4c1,r4c2: 2 of block in row",
    ),
    (
        "data/17_clue_1000.txt",
        1,
        7,
        "2.0 Direct Hidden Pair: Cells r5c1,r6c1: 2,3 in block",
    ),
    ("data/17_clue_1000.txt", 17, 18, "2.3 Naked Single: r5c8: 2"),
    (
        "data/17_clue_1000.txt",
        25,
        31,
        "2.5 Direct Hidden Triplet: Cells r1c1,r2c1,r2c2: 3,4,6 in block",
    ),
    (
        "data/17_clue_1000.txt",
        1,
        33,
        "2.6 Pointing: Cells r4c7,r6c7: 1 in block and column",
    ),
    (
        "data/17_clue_1000.txt",
        12,
        30,
        "2.8 Claiming: Cells r1c2,r2c2: 3 in column and block",
    ),
    (
        "data/17_clue_1000.txt",
        12,
        33,
        "3.0 Naked Pair: Cells r3c5,r5c5: 5,9 in column",
    ),
    (
        "data/17_clue_1000.txt",
        307,
        45,
        "3.2 X-Wing: Cells r2c3,r2c7,r7c3,r7c7: 8 in 2 columns and 2 rows",
    ),
    (
        "data/17_clue_1000.txt",
        12,
        34,
        "3.4 Hidden Pair: Cells r1c2,r2c2: 3,4 in block",
    ),
    (
        "data/17_clue_1000.txt",
        39,
        26,
        "3.6 Naked Triplet: Cells r4c6,r5c6,r9c6: 7,8,9 in column",
    ),
    (
        "data/17_clue_1000.txt",
        111,
        12,
        "3.8 Swordfish: Cells r1c3,r1c6,r6c6,r6c7,r8c3,r8c7: 1 in 3 columns and 3 rows",
    ),
    (
        "data/17_clue_1000.txt",
        329,
        28,
        "4.0 Hidden Triplet: Cells r1c1,r2c1,r4c1: 4,5,9 in column",
    ),
    // Explainer takes another skyscraper of the same score and eliminations here ("Cell
    // r3c5,r3c2,r4c2,r4c4"): one of the differences scripts/explain-side-by-side.sh counts.
    (
        "data/17_clue_1000.txt",
        12,
        36,
        "4.0 Skyscraper 011: Cell r3c5,r3c2,r4c2,r4c4 on value 9",
    ),
    (
        "data/17_clue_1000.txt",
        28,
        39,
        "4.2 XY-Wing: Cells r7c8,r7c2,r8c9 on value 4",
    ),
    (
        "data/17_clue_1000.txt",
        40,
        34,
        "4.4 XYZ-Wing: Cells r5c2,r2c2,r5c1 on value 9",
    ),
    (
        "data/17_clue_1000.txt",
        90,
        35,
        "4.5 Unique Rectangle type 2: Cells r5c1,r6c1,r6c4,r5c4 on 3, 5",
    ),
    (
        "shared/magictour_top1465.txt",
        30,
        38,
        "5.0 Naked Quad: Cells r9c2,r9c4,r9c6,r9c8: 2,4,5,6 in row",
    ),
    (
        "shared/magictour_top1465.txt",
        475,
        33,
        "5.2 Jellyfish: Cells r7c2,r9c2,r2c3,r6c3,r9c3,r2c5,r6c5,r7c5,r9c5,r6c6,r7c6: 9 in 4 rows and 4 columns",
    ),
    (
        "shared/magictour_top1465.txt",
        510,
        9,
        "5.4 Hidden Quad: Cells r7c4,r7c5,r7c6,r9c5: 2,3,6,7 in block",
    ),
    (
        "data/17_clue_1000.txt",
        81,
        21,
        "5.4 3 Skyscrapers 0111: Cell r6c7,r6c1,r3c1,r3c5,r7c5,r7c9 on value 1",
    ),
    (
        "data/17_clue_1000.txt",
        40,
        26,
        "5.6 WXYZ-Wing 138: Cells r4c8,r5c8,r6c9,r9c9 on value 6",
    ),
    (
        "data/17_clue_1000.txt",
        339,
        52,
        "5.7 BUG type 2: r1c2,r8c3 on 9",
    ),
    (
        "data/17_clue_1000.txt",
        735,
        46,
        "5.9 4 Strong links 00111: Cell r2c4,r1c5,r6c5,r6c9,r5c9,r5c2,r3c2,r3c8 on value 9",
    ),
    (
        "data/17_clue_1000.txt",
        39,
        27,
        "6.3 VWXYZ-Wing 1413: Cells r7c1,r7c2,r7c3,r9c3,r9c9 on value 3",
    ),
    (
        "data/17_clue_1000.txt",
        120,
        53,
        "6.6 UVWXYZ-Wing 1311: Cells r8c2,r8c3,r8c6,r8c7,r8c8,r2c7 on value 5",
    ),
    (
        "data/17_clue_1000.txt",
        40,
        29,
        "7.1 Forcing Chain: r9c2.2 off",
    ),
    (
        "shared/magictour_top1465.txt",
        21,
        17,
        "7.5 TUVWXYZ-Wing 2524: Cells r4c7,r4c9,r5c8,r6c7,r6c8,r6c9,r4c4 on values 4,9",
    ),
    (
        "shared/magictour_top1465.txt",
        21,
        41,
        "7.5 Aligned Triplet Exclusion: r5c6,r9c4,r6c6",
    ),
    (
        "data/17_clue_1000.txt",
        938,
        38,
        "7.7 Nishio Forcing Chain: r4c2.1 on ==> r2c5.1 both on & off",
    ),
    (
        "shared/magictour_top1465.txt",
        1,
        27,
        "8.3 Region Forcing Chains: 9 in column ==> r1c6.9 off",
    ),
    (
        "shared/magictour_top1465.txt",
        1,
        31,
        "8.9 Region Forcing Chains: 2 in row ==> r3c7.2 off",
    ),
    (
        "shared/magictour_top1465.txt",
        2,
        28,
        "9.3 Region Forcing Chains: 4 in row ==> r5c6.7 off",
    ),
    (
        "shared/forum_hardest_1106.txt",
        1,
        2,
        "10.3 Region Forcing Chains: 3 in row ==> r6c5.4 off",
    ),
    // Sukaku Explainer rates this puzzle by the same nesting (its log here took longer than
    // this list was checked against).
    (
        "shared/forum_hardest_1106.txt",
        5,
        6,
        "10.9 Region Forcing Chains: 1 in row ==> r2c9.2 off",
    ),
    // Sukaku Explainer rates this puzzle by the same nesting (its log here took longer than
    // this list was checked against).
    (
        "shared/forum_hardest_1106.txt",
        11,
        2,
        "11.8 Region Forcing Chains: 2 in block ==> r9c2.2 off",
    ),
];

#[test]
fn each_technique_is_the_next_step_in_published_puzzles() {
    let mut seen: Vec<Technique> = HODOKU.iter().map(|&(_, t, _)| t).collect();
    for &(file, line, n, text) in PUBLISHED_STEPS {
        let path = match file.strip_prefix("shared/") {
            Some(name) => data_dir().join("../../shared/data/txt").join(name),
            None => data_dir().join("..").join(file),
        };
        let Ok(lines) = std::fs::read_to_string(&path) else {
            eprintln!("skipped: no {}", path.display());
            continue;
        };
        let puzzle = grid(&lines.lines().nth(line - 1).unwrap()[..81]);
        let step = explain(&puzzle).unwrap().nth(n - 1).unwrap();
        assert_eq!(step.in_explainers_words(), text, "{file}:{line}, step {n}");
        seen.push(step.technique);
    }
    if data_dir().join("../../shared/data/txt").exists() {
        // Direct claiming and aligned pair exclusion are too rare to be met in these files'
        // first 1,500 puzzles: their examples are unit tests (intersections.rs, aligned.rs).
        // No puzzle of the forum's hardest lists needs Explainer's experimental nestings
        // (forcing/mod.rs tests them from positions of their own).
        let unmet = [
            Technique::DirectClaiming,
            Technique::AlignedPairExclusion,
            Technique::NestedDynamicPlusChain,
            Technique::NestedDynamicNestedChain,
            Technique::NestedDynamicNestedMultipleChain,
        ];
        for t in Technique::ALL.into_iter().filter(|t| !unmet.contains(t)) {
            assert!(seen.contains(&t), "{t:?} has no published example");
        }
    }
}
