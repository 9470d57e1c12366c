//! Grid answer keys: 9 rows per solution, compact (2239 style), spaced (2580 style) or boxed,
//! a blank line between puzzles (written before each, and dropped before the first by the
//! writer: see [`super::KeyFormat::separator`]). A puzzle without a solution prints its status
//! on one line; in count mode a line `solutions: N` follows each.

use super::{Answer, Column, KeyFormat};
use crate::record::GridStyle;

pub(crate) fn write(out: &mut Vec<u8>, key: &KeyFormat, style: GridStyle, answer: &Answer) {
    out.extend_from_slice(key.separator());
    match answer.solution {
        Some(solution) => write_rows(out, solution.cells(), style),
        None => {
            out.extend_from_slice(answer.verdict.as_str().as_bytes());
            out.push(b'\n');
        }
    }
    if key.has(Column::Solutions) {
        out.extend_from_slice(format!("solutions: {}\n", answer.count_text()).as_bytes());
    }
}

fn write_rows(out: &mut Vec<u8>, cells: &[u8; 81], style: GridStyle) {
    for (r, row) in cells.chunks(9).enumerate() {
        if style == GridStyle::Boxed && r > 0 && r % 3 == 0 {
            out.extend_from_slice(b"------+-------+------\n");
        }
        for (c, &v) in row.iter().enumerate() {
            match style {
                GridStyle::Compact => {}
                GridStyle::Boxed if c > 0 && c % 3 == 0 => out.extend_from_slice(b" | "),
                GridStyle::Spaced | GridStyle::Boxed if c > 0 => out.push(b' '),
                GridStyle::Spaced | GridStyle::Boxed => {}
                GridStyle::Delimited(d) if c > 0 => out.push(d),
                GridStyle::Delimited(_) => {}
            }
            out.push(b'0' + v);
        }
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxed_rows_and_rules() {
        let mut cells = [0u8; 81];
        for (i, c) in cells.iter_mut().enumerate() {
            *c = (i % 9) as u8 + 1;
        }
        let mut out = Vec::new();
        write_rows(&mut out, &cells, GridStyle::Boxed);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "1 2 3 | 4 5 6 | 7 8 9");
        // Rules after the third and sixth rows, and only there.
        let rules: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with('-'))
            .collect();
        assert_eq!(rules, [3, 7]);
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(lines[0].len(), lines[3].len());
        let mut spaced = Vec::new();
        write_rows(&mut spaced, &cells, GridStyle::Spaced);
        let spaced = String::from_utf8(spaced).unwrap();
        assert_eq!(spaced.lines().next(), Some("1 2 3 4 5 6 7 8 9"));
        assert_eq!(spaced.lines().count(), 9);
    }
}
