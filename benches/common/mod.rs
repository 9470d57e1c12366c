//! The data sets the benches run on: every `*.txt` of `data/`, and of `../shared/data/txt/`
//! when it is there (skipped cleanly when it is not), parsed for both engines.

use std::path::{Path, PathBuf};
use sudoku_batch::Grid;

/// A data set, parsed for both engines.
pub struct Set {
    pub name: String,
    pub ours: Vec<Grid>,
    pub theirs: Vec<sudoku::Sudoku>,
}

/// Every set whose path contains `filter` (all when `None`).
pub fn sets(filter: Option<&str>) -> Vec<Set> {
    // This crate lives in the repository's `benches/`.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut paths: Vec<PathBuf> = Vec::new();
    for dir in [root.join("data"), root.join("../shared/data/txt")] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("skipping {}: not present", dir.display());
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        files.sort();
        paths.extend(files);
    }
    paths
        .iter()
        .filter(|p| filter.is_none_or(|f| p.to_string_lossy().contains(f)))
        .map(|p| load(p))
        .collect()
}

fn load(path: &Path) -> Set {
    let text = std::fs::read_to_string(path).expect("readable data set");
    let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).collect();
    let shared = path.components().any(|c| c.as_os_str() == "shared");
    let file = path.file_name().expect("a file").to_string_lossy();
    Set {
        name: if shared {
            format!("shared/{file}")
        } else {
            format!("data/{file}")
        },
        ours: lines
            .iter()
            .map(|l| l.parse().expect("valid line"))
            .collect(),
        theirs: lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).expect("valid line"))
            .collect(),
    }
}

/// The `sudoku` crate counting to `limit` solutions (2: the uniqueness check).
pub fn crate_count(s: &sudoku::Sudoku, limit: usize) -> u64 {
    let mut buf = [[0u8; 81]; 2];
    s.solutions_up_to_buffer(&mut buf, limit) as u64
}
