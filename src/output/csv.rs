//! CSV answer keys: each record's columns as the input had them (its row copied as it is where
//! it can be), then `solution`, `status`, and in count mode `solutions`; with a rating `level`,
//! `hardest`, `score`, `pearl`, `diamond`, `steps`, `left`; with a rating or timing
//! `guesses`; with timing `micros`.

use super::{Answer, CsvHeader, Echoed, KeyFormat};
use crate::input::{Echo, write_csv_field};
use std::io::Write;

/// The header line: the input's own, or its column names; then the appended names.
pub fn header(key: &KeyFormat, input: CsvHeader) -> Option<Vec<u8>> {
    let d = key.delimiter;
    let mut out = match input {
        CsvHeader::Absent => return None,
        CsvHeader::Verbatim(line) => line.to_vec(),
        CsvHeader::Named => {
            let mut out = Vec::new();
            for (i, name) in key.columns.iter().enumerate() {
                if i > 0 {
                    out.push(d);
                }
                write_csv_field(&mut out, name, d);
            }
            out
        }
    };
    for name in &key.appended {
        out.push(d);
        write_csv_field(&mut out, name.as_bytes(), d);
    }
    out.push(b'\n');
    Some(out)
}

pub fn write(out: &mut Vec<u8>, key: &KeyFormat, record: &Echoed, answer: &Answer) {
    let d = key.delimiter;
    match record.echo {
        Echo::Fields { row: Some(row), .. } | Echo::Cells(row) if record.verbatim => {
            out.extend_from_slice(row)
        }
        Echo::Fields { .. } | Echo::Cells(_) | Echo::Text(_) | Echo::Puzzle | Echo::Object(_) => {
            // One value per column: a short row is padded with empty fields, and a row too
            // wide (malformed, and reported) keeps every field it has.
            for i in 0..key.columns.len().max(record.fields()) {
                if i > 0 {
                    out.push(d);
                }
                write_csv_field(out, &record.value(i), d);
            }
        }
    }
    // The appended values are digits, status names and numbers: they never need quotes.
    out.push(d);
    if let Some(s) = &answer.solution {
        out.extend_from_slice(&s.to_line(b'0'));
    }
    out.push(d);
    out.extend_from_slice(answer.verdict.as_str().as_bytes());
    if key.count {
        out.push(d);
        out.extend_from_slice(answer.count_text().as_bytes());
    }
    if key.rating {
        for value in super::rating_values(answer.rating.as_ref()) {
            out.push(d);
            value.write(out);
        }
    }
    if key.timing || key.rating {
        let _ = write!(out, "{}{}", d as char, answer.guesses);
    }
    if key.timing {
        let micros = answer.nanos as f64 / 1000.0;
        let _ = write!(out, "{}{micros:.1}", d as char);
    }
    out.push(b'\n');
}
