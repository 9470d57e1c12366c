//! JSON Lines answer keys: per record, the input's object with the answer's keys added before
//! its closing brace (its own text untouched), or an object of the input's columns; then
//! `"solution"` (81 digits, or null), `"status"`, in count mode `"solutions"` (a number, or
//! `">=N"` when the limit stopped the count); with a rating `"level"`, `"hardest"`, `"score"`,
//! `"pearl"`, `"diamond"`, `"steps"`, `"left"`; with a rating or timing `"guesses"`; with
//! timing `"micros"`.

use super::{Answer, Echoed, KeyFormat, Value};
use crate::input::Echo;
use std::io::Write;

pub fn write(out: &mut Vec<u8>, key: &KeyFormat, record: &Echoed, answer: &Answer) {
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
    let mut field = |out: &mut Vec<u8>, name: &str| {
        if any {
            out.extend_from_slice(b", ");
        }
        any = true;
        string(out, name.as_bytes());
        out.extend_from_slice(b": ");
    };
    let mut names = key.appended.iter();
    let mut next = || names.next().map_or("", String::as_str);
    field(out, next());
    match &answer.solution {
        Some(s) => {
            out.push(b'"');
            out.extend_from_slice(&s.to_line(b'0'));
            out.push(b'"');
        }
        None => out.extend_from_slice(b"null"),
    }
    field(out, next());
    string(out, answer.verdict.as_str().as_bytes());
    if key.count {
        field(out, next());
        if answer.capped && answer.count == 0 {
            out.extend_from_slice(b"null");
        } else if answer.capped {
            string(out, answer.count_text().as_bytes());
        } else {
            let _ = write!(out, "{}", answer.count);
        }
    }
    if key.rating {
        // Names as strings, numbers as numbers, and null where the CSV key is empty.
        for value in super::rating_values(answer.rating.as_ref()) {
            field(out, next());
            match value {
                Value::Empty => out.extend_from_slice(b"null"),
                Value::Text(text) => string(out, text.as_bytes()),
                Value::Number(_) | Value::Tenths(_) => value.write(out),
            }
        }
    }
    if key.timing || key.rating {
        field(out, next());
        let _ = write!(out, "{}", answer.guesses);
    }
    if key.timing {
        field(out, next());
        let _ = write!(out, "{:.1}", answer.nanos as f64 / 1000.0);
    }
    out.extend_from_slice(b"}\n");
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
