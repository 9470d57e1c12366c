//! The lines layout: one puzzle per line, 81 cells (`1`-`9`, `0` or `.` for a blank), then
//! optionally whitespace and anything at all (a rating, a comment, commas included). `#` lines
//! are comments. A first line that reads like a title, followed by puzzles, is a title.

use super::detect::{Detected, Fit, Sample};
use super::{
    Echo, Fields, Framing, Layout, LayoutKind, Options, Record, RecordError, Skip,
    frame_line_or_comment, looks_like_title,
};
use crate::grid::{Grid, ParseError};
use crate::output::OutputFormat;

pub const KIND: LayoutKind = LayoutKind {
    name: "lines",
    help: "One puzzle per line: 81 cells, `0` or `.` for blanks; text after whitespace is ignored",
    detect,
};

#[derive(Debug)]
pub struct Lines {
    columns: Vec<Vec<u8>>,
}

/// The lines layout with nothing skipped: what an input no layout recognises is read as.
pub fn plain() -> Detected {
    Detected::new(
        Lines {
            columns: vec![b"puzzle".to_vec()],
        },
        Fit::Likely,
    )
}

fn detect(sample: &Sample, _: &Options, forced: bool) -> anyhow::Result<Option<Detected>> {
    let mut lines = sample.uncommented();
    let Some((first_no, first)) = lines.next() else {
        return Ok(forced.then(plain));
    };
    if starts_with_puzzle(first) {
        return Ok(Some(Detected {
            fit: Fit::Certain,
            ..plain()
        }));
    }
    let second = lines.next().map(|(_, line)| line);
    if looks_like_title(first) && second.is_some_and(|l| starts_with_puzzle(l)) {
        return Ok(Some(plain().skipping(*first_no, Skip::Title)));
    }
    Ok(forced.then(plain))
}

/// The line's first word is a puzzle (of any size: other sizes get their own message).
fn starts_with_puzzle(line: &[u8]) -> bool {
    matches!(
        Grid::parse_bytes(first_word(line)),
        Ok(_) | Err(ParseError::OtherSize { .. })
    )
}

/// The puzzle's text: the line's first whitespace-separated word.
fn first_word(line: &[u8]) -> &[u8] {
    // The usual line is exactly a puzzle, or a puzzle, a space and a comment.
    match line.get(81) {
        None if line.len() == 81 && !line[0].is_ascii_whitespace() => line,
        Some(b) if b.is_ascii_whitespace() && !line[0].is_ascii_whitespace() => &line[..81],
        _ => line
            .trim_ascii_start()
            .split(u8::is_ascii_whitespace)
            .next()
            .unwrap_or(b""),
    }
}

impl Layout for Lines {
    fn name(&self) -> &'static str {
        KIND.name
    }

    fn frame(&self, line: &[u8], _open: usize) -> Framing {
        frame_line_or_comment(line)
    }

    fn read<'a>(&self, text: &'a [u8], _: &'a mut Fields) -> Record<'a> {
        let token = first_word(text);
        Record {
            puzzle: Grid::parse_bytes(token).map_err(RecordError::Puzzle),
            given: None,
            echo: Echo::Text(token),
        }
    }

    fn columns(&self) -> &[Vec<u8>] {
        &self.columns
    }

    fn default_output(&self) -> OutputFormat {
        OutputFormat::Lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_puzzle_is_the_first_word() {
        let p = "1".repeat(81);
        assert_eq!(first_word(format!("{p}\n").as_bytes()), p.as_bytes());
        assert_eq!(
            first_word(format!("{p}  # rated 11.9, by x\n").as_bytes()),
            p.as_bytes()
        );
        assert_eq!(first_word(format!("  {p} x").as_bytes()), p.as_bytes());
        assert_eq!(first_word(b"\n"), b"");
        assert_eq!(first_word(p.as_bytes()), p.as_bytes());
        assert!(starts_with_puzzle(
            format!("{p}\t// source, date").as_bytes()
        ));
        assert!(!starts_with_puzzle(format!("{p},{p}").as_bytes()));
        assert!(starts_with_puzzle("A".repeat(256).as_bytes()), "16×16");
    }

    #[test]
    fn the_shortcuts_take_what_could_be_the_puzzle_and_no_more() {
        // 81 bytes that start a line are the puzzle's, so a stray space among them is
        // reported where it is, not as a short first word.
        let stray = format!("{} {}", "1".repeat(40), "2".repeat(40));
        assert_eq!(first_word(stray.as_bytes()), stray.as_bytes());
        let commented = format!("{stray}  # rated 11.9");
        assert_eq!(first_word(commented.as_bytes()), stray.as_bytes());
        // Indented or shorter lines take the general rule: the first word.
        let p = "1".repeat(80);
        assert_eq!(first_word(format!(" {p}").as_bytes()), p.as_bytes());
        assert_eq!(first_word(format!(" {p} x").as_bytes()), p.as_bytes());
        assert_eq!(first_word(b"abc def"), b"abc");
    }
}
