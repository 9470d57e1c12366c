//! JSON Lines answer keys: per record, the input's object with the answer's keys added before
//! its closing brace (its own text untouched), or an object of the input's columns; then the
//! key's appended columns (see [`super::Column`]): names and grids as strings (a count stopped
//! by its limit as `">=N"`), numbers as numbers, null where a CSV key's field is empty.

use super::{Answer, Echoed, KeyFormat, Value};
use crate::record::Echo;

pub(crate) fn write(
    out: &mut Vec<u8>,
    key: &KeyFormat,
    record: &Echoed,
    answer: &Answer,
) -> Option<usize> {
    let mut any = match record.echo {
        Echo::Object(text) => open_object(out, text),
        Echo::Fields { .. } | Echo::Cells(_) | Echo::Text(_) | Echo::Puzzle => {
            out.push(b'{');
            // A row wider than its header (malformed, and reported) keeps its other values too,
            // named by their place as in a CSV without a header: `field4`.
            let width = key.columns.len().max(record.fields());
            for i in 0..width {
                if i > 0 {
                    out.extend_from_slice(b", ");
                }
                match key.columns.get(i) {
                    Some(name) => string(out, name),
                    None => string(out, format!("field{}", i + 1).as_bytes()),
                }
                out.extend_from_slice(b": ");
                string(out, &record.value(i));
            }
            width > 0
        }
    };
    let mut class_at = None;
    for (column, name) in key.appended.iter().zip(&key.names) {
        if any {
            out.extend_from_slice(b", ");
        }
        any = true;
        string(out, name.as_bytes());
        out.extend_from_slice(b": ");
        match column.value(answer) {
            Value::Empty => out.extend_from_slice(b"null"),
            Value::Class => class_at = Some(out.len()),
            value @ (Value::Text(_) | Value::AtLeast(_) | Value::Grid(_)) => {
                out.push(b'"');
                value.write(out);
                out.push(b'"');
            }
            value @ (Value::Number(_) | Value::Tenths(_) | Value::Micros(_)) => value.write(out),
        }
    }
    out.extend_from_slice(b"}\n");
    class_at
}

/// Writes the object's text without its closing brace; true when it has a key already.
fn open_object(out: &mut Vec<u8>, text: &[u8]) -> bool {
    let text = text.trim_ascii();
    let inner = text.strip_suffix(b"}").unwrap_or(text).trim_ascii_end();
    out.extend_from_slice(inner);
    inner.trim_ascii_start() != b"{"
}

/// A JSON string (bytes that are not UTF-8 become U+FFFD).
fn string(out: &mut Vec<u8>, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    serde_json::to_writer(&mut *out, text.as_ref()).expect("writing to a Vec cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_are_extended_in_place() {
        let mut out = Vec::new();
        assert!(open_object(&mut out, b" {\"a\": 1, \"b\": [2]} "));
        assert_eq!(out, b"{\"a\": 1, \"b\": [2]");
        out.clear();
        assert!(!open_object(&mut out, b"{ }"));
        assert_eq!(out, b"{");
    }
}
