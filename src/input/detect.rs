//! Layout detection: each layout looks at a sample of the input's first lines and says whether,
//! and how well, it fits; the best fit wins, ties going to the earlier layout in
//! [`super::LAYOUTS`]. No layout fitting, one puzzle per line (the `lines` layout) reads it.

use super::sample::{Detected, Sample};
use super::{LAYOUTS, Options};
use anyhow::bail;

/// The layout of an input whose first lines are `sample`.
pub(crate) fn detect(sample: &Sample, options: &Options) -> anyhow::Result<Detected> {
    if let Some(name) = &options.format {
        let Some(kind) = LAYOUTS.iter().find(|k| k.name == name) else {
            bail!("unknown format {name:?}");
        };
        return match (kind.detect)(sample, options, true)? {
            Some(found) => Ok(found),
            None => bail!("the input is not in the {name} layout"),
        };
    }
    let mut best: Option<Detected> = None;
    let mut complaint = None;
    for kind in &LAYOUTS {
        match (kind.detect)(sample, options, false) {
            Ok(Some(found)) => {
                if best.as_ref().is_none_or(|b| found.fit > b.fit) {
                    best = Some(found);
                }
            }
            Ok(None) => {}
            // A layout that recognised the input but cannot read it (a CSV without a puzzle
            // column) speaks only when no other layout reads it.
            Err(e) => {
                complaint.get_or_insert(e);
            }
        }
    }
    match (best, complaint) {
        (Some(found), _) => Ok(found),
        (None, Some(e)) => Err(e),
        // No layout fits, but some line looks like a puzzle, broken or not (or there is no
        // line at all): one puzzle per line, so that every line is answered, malformed where
        // it is not a puzzle.
        (None, None) if !refused(sample) => Ok(super::lines::plain()),
        // Not one of the first lines is a puzzle in any layout (an XML export, prose): one
        // refusal, rather than a malformed record for every line.
        (None, None) => bail!("{}", refusal(sample)),
    }
}

/// True when the sample has lines and not one of them looks like a puzzle, broken or not.
fn refused(sample: &Sample) -> bool {
    let mut lines = sample.uncommented().peekable();
    lines.peek().is_some() && !lines.any(|(_, l)| super::lines::looks_like_a_puzzle(l))
}

/// Why an input none of whose first lines any layout reads is refused: what was seen, and
/// what is read.
fn refusal(sample: &Sample) -> String {
    let (no, first) = sample.uncommented().next().expect("a line was sampled");
    let text = String::from_utf8_lossy(first);
    let mut shown: String = text.trim().chars().take(60).collect();
    if shown.len() < text.trim().len() {
        shown.push('…');
    }
    let layouts: Vec<&str> = LAYOUTS.iter().map(|k| k.name).collect();
    format!(
        "no puzzle in any layout read here in its first {} lines (line {no}: {shown:?}); the layouts read are {}: see `sudoku-batch solve --help`, or give --format to read it as one anyway",
        sample.lines.len(),
        layouts.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Skip;

    const P: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    /// Lines skipped by decision of detection.
    type Skips = Vec<(u64, Skip)>;

    /// The layout detected for `text`, and the skipped lines it decided on.
    fn detected(text: &str) -> (&'static str, Skips) {
        let mut sample = Sample::default();
        for (i, line) in text.lines().enumerate() {
            if !super::super::is_blank(line.as_bytes()) {
                sample.lines.push((i as u64 + 1, line.as_bytes().to_vec()));
            }
        }
        let found = detect(&sample, &Options::default()).unwrap();
        (found.layout.name(), found.skips)
    }

    #[test]
    fn each_shape_gets_its_layout() {
        let s = P.replace('.', "0");
        let rows: Vec<&str> = (0..9).map(|r| &s[r * 9..r * 9 + 9]).collect();
        let grid = rows.join("\n");
        let cases: Vec<(String, &str, Skips)> = vec![
            (format!("{P}\n{P}"), "lines", vec![]),
            (format!("# tdoku header\n{P}"), "lines", vec![]),
            (format!("{P}  # rated 11.9, by x\n{P}"), "lines", vec![]),
            (
                format!("Hardest, 2019\n{P}\n{P}"),
                "lines",
                vec![(1, Skip::Title)],
            ),
            (format!("{P},{P}\n{P},{P}"), "csv", vec![]),
            (format!("puzzle\n{P}"), "csv", vec![(1, Skip::Header)]),
            (format!("#id,puzzle\n1,{P}"), "csv", vec![(1, Skip::Header)]),
            (
                format!("# exported\npuzzle,solution\n{P},{P}"),
                "csv",
                vec![(1, Skip::Comment), (2, Skip::Header)],
            ),
            (format!("#1,{P}\n#2,{P}"), "csv", vec![]),
            (
                format!("id\tpuzzle\n1\t{P}"),
                "csv",
                vec![(1, Skip::Header)],
            ),
            (format!("Grid 01\n{grid}"), "grid", vec![]),
            (grid.clone(), "grid", vec![]),
            (
                "+-------+\n| 1 2 3 | 4 5 6 | 7 8 9 |\n| 1 2 3 | 4 5 6 | 7 8 9 |".into(),
                "grid",
                vec![],
            ),
            (format!("h1 {s} 1.2\nh2 {s} 3.4"), "bank", vec![]),
            (
                format!("hash puzzle rating\nh1 {s} 1.2"),
                "bank",
                vec![(1, Skip::Header)],
            ),
            (format!("{{\"puzzle\": \"{P}\"}}"), "jsonl", vec![]),
            ("A".repeat(256), "lines", vec![]),
            (String::new(), "lines", vec![]),
            (format!("\0\0binary\n{}", &P[..70]), "lines", vec![]),
        ];
        for (text, layout, skips) in cases {
            assert_eq!(detected(&text), (layout, skips), "{text}");
        }
    }

    #[test]
    fn an_input_without_a_puzzle_in_its_first_lines_is_refused() {
        for text in [
            "<?xml version=\"1.0\"?>\n<puzzles>\n  <puzzle id=\"1\"/>\n</puzzles>",
            "It was a dark and stormy night.\nThe puzzle was hard.",
            "\0\0binary\n12",
        ] {
            let mut sample = Sample::default();
            for (i, line) in text.lines().enumerate() {
                sample.lines.push((i as u64 + 1, line.as_bytes().to_vec()));
            }
            let err = detect(&sample, &Options::default())
                .unwrap_err()
                .to_string();
            assert!(
                err.starts_with("no puzzle in any layout read here"),
                "{err}"
            );
            assert!(
                err.contains("lines, grid, csv, bank") || err.contains("jsonl, lines"),
                "{err}"
            );
            // Forced, it is read line by line.
            let forced = Options {
                format: Some("lines".into()),
                ..Options::default()
            };
            assert!(detect(&sample, &forced).is_ok());
        }
    }

    #[test]
    fn a_csv_without_a_puzzle_column_says_so() {
        let mut sample = Sample::default();
        sample.lines.push((1, b"id,name".to_vec()));
        sample.lines.push((2, b"1,x".to_vec()));
        let err = detect(&sample, &Options::default()).unwrap_err();
        assert!(
            err.to_string()
                .contains("no puzzle column found (columns: id, name)"),
            "{err}"
        );
    }
}
