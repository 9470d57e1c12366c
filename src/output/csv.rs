//! CSV answer keys: each record's columns as the input had them (its row copied as it is where
//! it can be), then the key's appended columns (see [`super::Column`]).

use super::{Answer, Echoed, KeyFormat, Value};
use crate::record::{CsvHeader, Echo, write_csv_field};

/// The header line: the input's own, or its column names; then the appended names.
pub(crate) fn header(key: &KeyFormat, input: CsvHeader) -> Option<Vec<u8>> {
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
    for name in &key.names {
        out.push(d);
        write_csv_field(&mut out, name.as_bytes(), d);
    }
    out.push(b'\n');
    Some(out)
}

pub(crate) fn write(
    out: &mut Vec<u8>,
    key: &KeyFormat,
    record: &Echoed,
    answer: &Answer,
) -> Option<usize> {
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
    // The appended values are digits, names and numbers: they never need quotes.
    let mut class_at = None;
    for column in &key.appended {
        out.push(d);
        let value = column.value(answer);
        if let Value::Class = value {
            class_at = Some(out.len());
        }
        value.write(out);
    }
    out.push(b'\n');
    class_at
}
