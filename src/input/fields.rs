//! The two ways a line splits into a record's fields: CSV (a delimiter and quotes) and
//! whitespace (puzzle banks).

use crate::record::Fields;

/// A quoted field ran to the end of its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnclosedQuote;

/// Splits one CSV line at `delimiter` into `fields` (cleared first), RFC 4180 style within the
/// line: a field that starts with `"` is quoted, `""` inside it is one quote, and it ends at
/// the next lone `"` (anything between that and the delimiter is kept too, as the csv crate
/// does). A quote inside an unquoted field is an ordinary character. A quoted field still open
/// at the end of the line is an error: rows are one per line, so that a broken row can never
/// swallow the rows after it. The fields before it are kept, and the rest of the line, from
/// the open quote on, is the last field.
pub fn split_csv(line: &[u8], delimiter: u8, fields: &mut Fields) -> Result<(), UnclosedQuote> {
    fields.clear();
    // The usual row has no quote at all: one vectorised pass finds its delimiters (and would
    // find a quote), and the row is copied once.
    let mut quoted = false;
    for i in memchr::memchr2_iter(delimiter, b'"', line) {
        if line[i] == b'"' {
            quoted = true;
            break;
        }
        fields.ends.push(i);
    }
    if !quoted {
        fields.keep_whole(line);
        return Ok(());
    }
    split_quoted(line, delimiter, fields)
}

/// [`split_csv`]'s general path, for a line with a quote: right for any line (the tests hold
/// the quick path to it).
fn split_quoted(line: &[u8], delimiter: u8, fields: &mut Fields) -> Result<(), UnclosedQuote> {
    fields.clear();
    let mut i = 0;
    loop {
        if line.get(i) == Some(&b'"') {
            let open = i;
            let field_start = fields.bytes.len();
            i += 1;
            loop {
                let Some(q) = memchr::memchr(b'"', &line[i..]) else {
                    fields.bytes.truncate(field_start);
                    fields.push(&line[open..]);
                    return Err(UnclosedQuote);
                };
                fields.bytes.extend_from_slice(&line[i..i + q]);
                i += q + 1;
                if line.get(i) == Some(&b'"') {
                    fields.bytes.push(b'"');
                    i += 1;
                } else {
                    break;
                }
            }
        }
        let rest = &line[i..];
        let end = memchr::memchr(delimiter, rest).unwrap_or(rest.len());
        fields.bytes.extend_from_slice(&rest[..end]);
        fields.ends.push(fields.bytes.len());
        i += end;
        if i == line.len() {
            return Ok(());
        }
        i += 1; // the delimiter
    }
}

/// Splits a line at runs of whitespace into `fields` (cleared first).
pub fn split_whitespace(line: &[u8], fields: &mut Fields) {
    fields.clear();
    for field in line
        .split(u8::is_ascii_whitespace)
        .filter(|f| !f.is_empty())
    {
        fields.push(field);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::write_csv_field;

    fn csv(line: &[u8], delimiter: u8) -> Result<Vec<Vec<u8>>, UnclosedQuote> {
        let mut f = Fields::default();
        split_csv(line, delimiter, &mut f).map(|()| f.to_vec())
    }

    fn strings(fields: &[&str]) -> Vec<Vec<u8>> {
        fields.iter().map(|f| f.as_bytes().to_vec()).collect()
    }

    #[test]
    fn counts_its_fields() {
        let mut f = Fields::default();
        assert!(f.is_empty());
        split_csv(b"a,b", b',', &mut f).unwrap();
        assert_eq!((f.len(), f.is_empty()), (2, false));
    }

    #[test]
    fn quotes_a_field_with_any_number_of_special_bytes() {
        let written = |field: &[u8]| {
            let mut out = Vec::new();
            write_csv_field(&mut out, field, b',');
            out
        };
        assert_eq!(written(b"abc"), b"abc");
        assert_eq!(written(b"a,b"), b"\"a,b\"");
        assert_eq!(written(b"a,b,c"), b"\"a,b,c\"");
        assert_eq!(written(b"say \"hi\""), b"\"say \"\"hi\"\"\"");
        assert_eq!(written(b"a,\"\n"), b"\"a,\"\"\n\"");
    }

    #[test]
    fn splits_plain_and_quoted_fields() {
        assert_eq!(csv(b"a,b,,c", b','), Ok(strings(&["a", "b", "", "c"])));
        assert_eq!(csv(b"", b','), Ok(strings(&[""])));
        assert_eq!(csv(b"a,", b','), Ok(strings(&["a", ""])));
        assert_eq!(
            csv(b"\"a,b\",\"say \"\"hi\"\"\",x\"y", b','),
            Ok(strings(&["a,b", "say \"hi\"", "x\"y"]))
        );
        assert_eq!(csv(b"\"\",\"\"", b','), Ok(strings(&["", ""])));
        assert_eq!(csv(b"\"ab\"cd,e", b','), Ok(strings(&["abcd", "e"])));
        assert_eq!(csv(b"a;b\tc", b';'), Ok(strings(&["a", "b\tc"])));
        assert_eq!(csv(b"a\rb,c", b','), Ok(strings(&["a\rb", "c"])));
    }

    #[test]
    fn an_open_quote_is_an_error_within_its_line() {
        assert_eq!(csv(b"1,\"abc", b','), Err(UnclosedQuote));
        assert_eq!(csv(b"\"abc\"\"", b','), Err(UnclosedQuote));
        let mut f = Fields::default();
        assert_eq!(split_csv(b"1,\"a\"\"b,c", b',', &mut f), Err(UnclosedQuote));
        assert_eq!(
            f.to_vec(),
            strings(&["1", "\"a\"\"b,c"]),
            "the fields before it are kept"
        );
    }

    #[test]
    fn written_fields_split_back_to_themselves() {
        for field in [&b"plain"[..], b"a,b", b"say \"hi\"", b"", b"\"", b"a\rb"] {
            let mut out = Vec::new();
            write_csv_field(&mut out, field, b',');
            assert_eq!(csv(&out, b','), Ok(vec![field.to_vec()]), "{out:?}");
        }
        let mut out = Vec::new();
        write_csv_field(&mut out, b"a\tb", b'\t');
        assert_eq!(out, b"\"a\tb\"");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// The quick path (no quote in the line) gives what the general path gives.
        #[test]
        fn the_quick_path_splits_as_the_general_path(
            line in proptest::collection::vec(proptest::sample::select(&b"ab,;\t|\" \r"[..]), 0..40),
            delimiter in proptest::sample::select(&b",;\t|"[..]),
        ) {
            let (mut quick, mut general) = (Fields::default(), Fields::default());
            let quick_result = split_csv(&line, delimiter, &mut quick);
            let general_result = split_quoted(&line, delimiter, &mut general);
            proptest::prop_assert_eq!(quick_result, general_result);
            proptest::prop_assert_eq!(quick.to_vec(), general.to_vec());
        }
    }

    #[test]
    fn whitespace_fields() {
        let mut f = Fields::default();
        split_whitespace(b"  abc\t 12  x ", &mut f);
        assert_eq!(f.to_vec(), strings(&["abc", "12", "x"]));
        assert_eq!(f.get(7), b"");
    }
}
