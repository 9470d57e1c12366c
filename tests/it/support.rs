//! Shared test helpers: a slow reference solver, a seeded RNG, data-set loading.

use std::path::{Path, PathBuf};
use sudoku_batch::Grid;

/// The repo's shipped sample sets.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// The binary, run in the repository's root, through assert_cmd.
pub fn command() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("sudoku-batch").unwrap();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// The binary, run in the repository's root, as a plain process (to spawn, signal, pipe).
pub fn binary() -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku-batch"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// `sudoku-batch solve ARGS`.
pub fn solve(args: &[&str]) -> assert_cmd::Command {
    let mut cmd = command();
    cmd.arg("solve").args(args);
    cmd
}

/// Writes a file in `dir` and returns its path.
pub fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A zip archive of `files` (name, contents; a name ending in `/` is a directory), deflated.
pub fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::Write;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for (name, contents) in files {
        if name.ends_with('/') {
            zip.add_directory(*name, options).unwrap();
        } else {
            zip.start_file(*name, options).unwrap();
            zip.write_all(contents).unwrap();
        }
    }
    zip.finish().unwrap().into_inner()
}

/// Puzzle `i` of the shipped easy set, and its solution.
pub fn puzzle(i: usize) -> (String, String) {
    (
        data_lines("kaggle_1000.txt")[i].clone(),
        data_lines("solutions/kaggle_1000.txt")[i].clone(),
    )
}

/// The first `n` puzzles of the shipped easy set and their solutions, over and over.
pub fn puzzles(n: usize) -> Vec<(String, String)> {
    let p = data_lines("kaggle_1000.txt");
    let s = data_lines("solutions/kaggle_1000.txt");
    (0..n)
        .map(|i| (p[i % 1000].clone(), s[i % 1000].clone()))
        .collect()
}

/// The lines of a shipped data file.
pub fn data_lines(name: &str) -> Vec<String> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(str::to_owned).collect()
}

/// `p` as the answer key writes a puzzle it read from cells: `0` for blanks.
pub fn zeros(p: &str) -> String {
    p.replace('.', "0")
}

/// `p` as 9 rows of 9 digits (`0` for blanks).
pub fn rows(p: &str) -> Vec<String> {
    zeros(p)
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect()
}

/// `p` as a JSON array of nine rows of nine numbers (`0` for blanks).
pub fn cell_array(p: &str) -> String {
    let rows: Vec<String> = rows(p)
        .iter()
        .map(|r| {
            let cells: Vec<String> = r.chars().map(String::from).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// `p` as boxed ASCII art.
pub fn boxed(p: &str) -> String {
    let rule = "+-------+-------+-------+\n";
    let mut out = rule.to_string();
    for (r, row) in rows(p).iter().enumerate() {
        let cells: Vec<String> = row.replace('0', ".").chars().map(String::from).collect();
        let bands: Vec<String> = cells.chunks(3).map(|b| b.join(" ")).collect();
        out += &format!("| {} |\n", bands.join(" | "));
        if r % 3 == 2 {
            out += rule;
        }
    }
    out
}

pub fn grid(s: &str) -> Grid {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The obviously-correct reference: plain backtracking over cells in row-major order, digits
/// 1 to 9, no inference. Returns the number of solutions (stopping at `limit`) and the first
/// one found, which is the lexicographically smallest.
pub fn reference(puzzle: &Grid, limit: u64) -> (u64, Option<Grid>) {
    let mut cells = *puzzle.cells();
    let mut first = None;
    let mut count = 0;
    if puzzle.find_conflict().is_none() {
        backtrack(&mut cells, 0, limit, &mut count, &mut first);
    }
    (count, first)
}

fn backtrack(
    cells: &mut [u8; 81],
    from: usize,
    limit: u64,
    count: &mut u64,
    first: &mut Option<Grid>,
) {
    let Some(cell) = (from..81).find(|&i| cells[i] == 0) else {
        *count += 1;
        first.get_or_insert_with(|| Grid::from_cells(*cells).unwrap());
        return;
    };
    for d in 1..=9 {
        if allowed(cells, cell, d) {
            cells[cell] = d;
            backtrack(cells, cell + 1, limit, count, first);
            cells[cell] = 0;
            if *count >= limit {
                return;
            }
        }
    }
}

/// The reference counter for large sets: plain backtracking again, with the digits used in
/// each row, column and box kept as bitmasks, branching on the empty cell with the fewest legal
/// digits (any order finds every solution). Returns the number of solutions, up to `limit`.
pub fn reference_count(puzzle: &Grid, limit: u64) -> u64 {
    if puzzle.find_conflict().is_some() {
        return 0;
    }
    let mut s = Masks {
        cells: *puzzle.cells(),
        used: [[0; 9]; 3],
    };
    for i in 0..81 {
        if s.cells[i] != 0 {
            s.set(i, s.cells[i]);
        }
    }
    let mut count = 0;
    s.count(limit, &mut count);
    count
}

struct Masks {
    cells: [u8; 81],
    /// Digits used in each row, column and box, as bits 1..=9.
    used: [[u16; 9]; 3],
}

impl Masks {
    fn units(i: usize) -> [usize; 3] {
        [i / 9, i % 9, i / 27 * 3 + i % 9 / 3]
    }

    fn legal(&self, i: usize) -> u16 {
        let [r, c, b] = Self::units(i);
        !(self.used[0][r] | self.used[1][c] | self.used[2][b]) & 0x3fe
    }

    fn set(&mut self, i: usize, d: u8) {
        let [r, c, b] = Self::units(i);
        self.cells[i] = d;
        for (kind, unit) in [(0, r), (1, c), (2, b)] {
            self.used[kind][unit] |= 1 << d;
        }
    }

    fn unset(&mut self, i: usize, d: u8) {
        let [r, c, b] = Self::units(i);
        self.cells[i] = 0;
        for (kind, unit) in [(0, r), (1, c), (2, b)] {
            self.used[kind][unit] &= !(1 << d);
        }
    }

    fn count(&mut self, limit: u64, count: &mut u64) {
        let empty = (0..81).filter(|&i| self.cells[i] == 0);
        let Some(cell) = empty.min_by_key(|&i| self.legal(i).count_ones()) else {
            *count += 1;
            return;
        };
        let legal = self.legal(cell);
        for d in (1..=9).filter(|d| legal >> d & 1 == 1) {
            self.set(cell, d);
            self.count(limit, count);
            self.unset(cell, d);
            if *count >= limit {
                return;
            }
        }
    }
}

fn allowed(cells: &[u8; 81], cell: usize, d: u8) -> bool {
    let (r, c) = (cell / 9, cell % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    (0..9).all(|k| {
        cells[r * 9 + k] != d && cells[k * 9 + c] != d && cells[(br + k / 3) * 9 + bc + k % 3] != d
    })
}

/// splitmix64: a small seeded generator, so random cases are the same on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random solved grid: a known solution with its digits relabelled and its bands, rows,
/// stacks and columns permuted (all of which keep it valid).
pub fn random_solution(rng: &mut Rng) -> Grid {
    let base =
        grid("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    let perm = |rng: &mut Rng| {
        let mut groups = [0, 1, 2];
        rng.shuffle(&mut groups);
        let mut order = Vec::new();
        for g in groups {
            let mut within = [0, 1, 2];
            rng.shuffle(&mut within);
            order.extend(within.map(|w| g * 3 + w));
        }
        order
    };
    let (rows, cols) = (perm(rng), perm(rng));
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let mut cells = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            cells[r * 9 + c] = digits[base.get(rows[r], cols[c]) as usize - 1];
        }
    }
    Grid::from_cells(cells).unwrap()
}

/// `solution` with `remove` random cells emptied.
pub fn remove_cells(rng: &mut Rng, solution: &Grid, remove: usize) -> Grid {
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    let mut cells = *solution.cells();
    for &i in &order[..remove] {
        cells[i] = 0;
    }
    Grid::from_cells(cells).unwrap()
}

/// What a run of `solve` gave: its exit code, answer key (stdout), stats (JSON null when none
/// was written) and stderr.
pub struct Run {
    pub code: Option<i32>,
    pub key: String,
    pub stats: serde_json::Value,
    pub stderr: String,
}

/// Runs `solve INPUT -q --stats STATS ARGS`, the stats written beside the input.
pub fn solve_with_stats(input: &Path, args: &[&str]) -> Run {
    run_with_stats("solve", input, args)
}

/// Runs `COMMAND INPUT -q --stats STATS ARGS` (`solve`, `rate`, `canon`), the stats written
/// beside the input.
pub fn run_with_stats(command_name: &str, input: &Path, args: &[&str]) -> Run {
    let stats = input.with_file_name("stats.json");
    let _ = std::fs::remove_file(&stats);
    let out = command()
        .arg(command_name)
        .args([
            input.to_str().unwrap(),
            "-q",
            "--stats",
            stats.to_str().unwrap(),
        ])
        .args(args)
        .output()
        .unwrap();
    let stats = std::fs::read_to_string(&stats)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    Run {
        code: out.status.code(),
        key: String::from_utf8(out.stdout).unwrap(),
        stats,
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}
