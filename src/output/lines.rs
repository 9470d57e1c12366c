//! Lines answer keys: the 81-digit solution (or with `canon` the puzzle's form, and with
//! `--solution` its solution's), the class number with `--classes`, each after a space; when
//! the status is not `solved` (`canonical`), a space and the status follow (an empty solution
//! field when there is none). In count mode the status is always there, and the count after
//! it: `<solution> multiple >=1000`.

use super::{Answer, Column, KeyFormat, Value};
use crate::record::verdict::Verdict;

pub(crate) fn write(out: &mut Vec<u8>, key: &KeyFormat, answer: &Answer) -> Option<usize> {
    let count = key.has(Column::Solutions);
    let mut class_at = None;
    for (i, column) in key.appended.iter().enumerate() {
        let value = column.value(answer);
        let shown = match column {
            Column::Status => {
                count || !matches!(answer.verdict, Verdict::Solved | Verdict::Canonical)
            }
            // The first field is there, empty or not: the status stays the last.
            _ => i == 0 || !matches!(value, Value::Empty),
        };
        if !shown {
            continue;
        }
        if i > 0 {
            out.push(b' ');
        }
        if let Value::Class = value {
            class_at = Some(out.len());
        }
        value.write(out);
    }
    out.push(b'\n');
    class_at
}
