//! The lines layout: one puzzle per line, 81 cells (`1`-`9`, `0` or `.` for a blank), then
//! optionally whitespace and anything at all (a rating, a comment, commas included); or the 81
//! cells each after a space (`8 0 0 …`). `#` lines are comments. A first line that reads like a
//! title, followed by puzzles, is a title; one of counts (`8960 9`: puzzles, and the side), a
//! header.

use super::sample::{Detected, Fit, Sample};
use super::{
    Echo, Fields, Framing, Layout, LayoutKind, Options, Record, RecordError, Skip,
    frame_line_or_comment, looks_like_title,
};
use crate::grid::{Grid, ParseError};

pub(crate) const KIND: LayoutKind = LayoutKind {
    name: "lines",
    help: "One puzzle per line: 81 cells, `0` or `.` for blanks, text after whitespace ignored; or the cells spelled out with spaces",
    detect,
};

#[derive(Debug)]
pub(crate) struct Lines {
    columns: Vec<Vec<u8>>,
}

/// The lines layout with nothing skipped: what an input no layout recognises is read as.
pub(crate) fn plain() -> Detected {
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
    if second.is_some_and(|l| starts_with_puzzle(l)) {
        if looks_like_title(first) {
            return Ok(Some(plain().skipping(*first_no, Skip::Title)));
        }
        if is_count_line(first) {
            return Ok(Some(plain().skipping(*first_no, Skip::Header)));
        }
    }
    Ok(forced.then(plain))
}

/// A line that is a puzzle or looks like one gone wrong: a first word of cells (digits, `.`)
/// at least as long as the fewest clues a puzzle has, or one as long as a puzzle. What makes an
/// input read one puzzle per line when no layout fits it (see [`super::detect`]).
pub(super) fn looks_like_a_puzzle(line: &[u8]) -> bool {
    let word = first_word(line);
    let cells = word.iter().all(|&b| b.is_ascii_digit() || b == b'.');
    starts_with_puzzle(line) || word.len() == 81 || (cells && word.len() >= 17)
}

/// A line of counts that some exports put before their puzzles: two or three whole numbers,
/// the last the grid's side or its cells (`8960 9`: how many puzzles, and the side). One number
/// alone is not one: it may be a puzzle cut short.
fn is_count_line(line: &[u8]) -> bool {
    let words: Vec<&[u8]> = line
        .split(u8::is_ascii_whitespace)
        .filter(|w| !w.is_empty())
        .collect();
    let numbers = words.iter().all(|w| w.iter().all(u8::is_ascii_digit));
    numbers && (2..=3).contains(&words.len()) && matches!(words.last(), Some(&b"9" | &b"81"))
}

/// The 81 cells of a line that writes each after a space (`8 0 0 4 …`, the cells of a
/// puzzle spelled out), if it is one: 81 words of one character each, nothing after.
fn spaced_cells(line: &[u8]) -> Option<[u8; 81]> {
    let mut cells = [0u8; 81];
    let mut n = 0;
    for word in line
        .split(u8::is_ascii_whitespace)
        .filter(|w| !w.is_empty())
    {
        let [cell] = word else { return None };
        *cells.get_mut(n)? = *cell;
        n += 1;
    }
    (n == 81).then_some(cells)
}

/// The line's first word is a puzzle (of any size: other sizes get their own message), or
/// the line is a puzzle's cells spelled out with spaces.
fn starts_with_puzzle(line: &[u8]) -> bool {
    let first = Grid::parse_bytes(first_word(line));
    matches!(first, Ok(_) | Err(ParseError::OtherSize { .. }))
        || spaced_cells(line).is_some_and(|cells| Grid::parse_bytes(&cells).is_ok())
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
        // The usual line parses at once; one whose cells are spelled out with spaces is read
        // cell by cell, and echoed as the grid read.
        let puzzle = Grid::parse_bytes(token);
        if puzzle.is_err()
            && let Some(cells) = spaced_cells(text)
        {
            return Record {
                puzzle: Grid::parse_bytes(&cells).map_err(RecordError::Puzzle),
                given: None,
                echo: Echo::Puzzle,
            };
        }
        Record {
            puzzle: puzzle.map_err(RecordError::Puzzle),
            given: None,
            echo: Echo::Text(token),
        }
    }

    fn columns(&self) -> &[Vec<u8>] {
        &self.columns
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
