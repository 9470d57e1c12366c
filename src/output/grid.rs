//! Grid answer keys: 9 rows of 9 digits, compact (2239 style) or space-separated (2580 style).

use super::Answer;
use crate::input::GridStyle;

/// Writes the solution as 9 rows, or the status on one line when there is none.
pub fn write(out: &mut Vec<u8>, answer: &Answer, style: GridStyle) {
    let Some(solution) = answer.solution else {
        out.extend_from_slice(answer.verdict.as_str().as_bytes());
        out.push(b'\n');
        return;
    };
    for row in solution.cells().chunks(9) {
        for (i, &v) in row.iter().enumerate() {
            if style == GridStyle::Spaced && i > 0 {
                out.push(b' ');
            }
            out.push(b'0' + v);
        }
        out.push(b'\n');
    }
}
