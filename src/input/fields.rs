//! The two ways a line splits into a record's fields: CSV (a delimiter and quotes) and
//! whitespace (puzzle banks).

use crate::record::Fields;
use csv_core::ReadRecordResult;
use std::cell::RefCell;

/// A quoted field ran to the end of its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct UnclosedQuote;

/// Splits one CSV line at `delimiter` into `fields` (cleared first), with the csv crate's
/// parser (csv-core), RFC 4180 style within the line: a field that starts with `"` is quoted,
/// `""` inside it is one quote, and it ends at the next lone `"` (anything between that and
/// the delimiter is kept too). A quote inside an unquoted field is an ordinary character, and
/// so is a bare CR. A quoted field still open at the end of the line is an error: rows are one
/// per line, so that a broken row can never swallow the rows after it. The fields before it
/// are kept, and the rest of the line, from the open quote on, is the last field.
pub(crate) fn split_csv(
    line: &[u8],
    delimiter: u8,
    fields: &mut Fields,
) -> Result<(), UnclosedQuote> {
    fields.clear();
    // The usual row has no quote at all, and then csv-core's fields are the pieces between
    // delimiters (a test holds the two alike): one vectorised pass finds its delimiters (and
    // would find a quote), and the row is copied once. That keeps rows of ids and puzzles
    // as fast as they were; csv-core, one byte at a time, cost ~0.1 µs more a row.
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
    fields.clear();
    PARSER.with_borrow_mut(|parser| parser.split(line, delimiter, fields))
}

thread_local! {
    /// Each worker's parser: building one makes its state machine, so it is kept.
    static PARSER: RefCell<Parser> = RefCell::new(Parser::new(b','));
}

/// A csv-core reader for one delimiter, between rows (or ready to be reset).
struct Parser {
    delimiter: u8,
    reader: csv_core::Reader,
}

impl Parser {
    fn new(delimiter: u8) -> Parser {
        let mut reader = csv_core::ReaderBuilder::new()
            .delimiter(delimiter)
            // Only the framer's line end ends a row: a bare CR inside a line is data.
            .terminator(csv_core::Terminator::Any(b'\n'))
            .build();
        Parser::prime(&mut reader);
        Parser { delimiter, reader }
    }

    /// csv-core drops a byte order mark from the first bytes it reads. The framer has taken
    /// the file's already, so one at the start of a later line (files concatenated) is data:
    /// an empty line read first (csv-core skips it) spends that.
    fn prime(reader: &mut csv_core::Reader) {
        let _ = reader.read_field(b"\n", &mut []);
    }

    fn split(
        &mut self,
        line: &[u8],
        delimiter: u8,
        fields: &mut Fields,
    ) -> Result<(), UnclosedQuote> {
        if self.delimiter != delimiter {
            *self = Parser::new(delimiter);
        }
        // Unquoting never lengthens a field; the one byte more holds the line end that tells
        // an open quote (below). The ends have the room the widest row so far needed, and
        // grow when a row needs more.
        fields.bytes.resize(line.len() + 1, 0);
        fields.ends.resize(fields.ends.capacity().max(8), 0);
        let (mut read, mut written, mut ended) = (0, 0, 0);
        loop {
            // An empty input means the end of the data to csv-core, so once the line is read
            // its line end is fed instead: that ends the row, or, inside quotes, is taken in.
            let at_end = read == line.len();
            let input = if at_end { &b"\n"[..] } else { &line[read..] };
            let (result, nin, nout, nend) = self.reader.read_record(
                input,
                &mut fields.bytes[written..],
                &mut fields.ends[ended..],
            );
            (written, ended) = (written + nout, ended + nend);
            if !at_end {
                read += nin;
            }
            match result {
                ReadRecordResult::OutputEndsFull => fields.ends.resize(2 * fields.ends.len(), 0),
                ReadRecordResult::Record => {
                    debug_assert!(at_end, "a framed line holds no line end");
                    fields.bytes.truncate(written);
                    fields.ends.truncate(ended);
                    return Ok(());
                }
                ReadRecordResult::InputEmpty if !at_end => {}
                _ => break,
            }
        }
        // The line end went into a quoted field: its quote is open. The fields before it are
        // kept, and it is kept as written, from its quote on.
        self.reader.reset();
        let open = self.start_of_field(line, ended);
        Parser::prime(&mut self.reader);
        fields.ends.truncate(ended);
        fields
            .bytes
            .truncate(fields.ends.last().copied().unwrap_or(0));
        fields.push(&line[open..]);
        Err(UnclosedQuote)
    }

    /// Where field `n` of `line` starts, read by a reader just reset.
    fn start_of_field(&mut self, line: &[u8], n: usize) -> usize {
        let mut scratch = vec![0; line.len()];
        let mut at = 0;
        for _ in 0..n {
            let (_, nin, _) = self.reader.read_field(&line[at..], &mut scratch);
            at += nin;
        }
        self.reader.reset();
        at
    }
}

/// Splits a line at runs of whitespace into `fields` (cleared first).
pub(crate) fn split_whitespace(line: &[u8], fields: &mut Fields) {
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

    /// What csv-core alone makes of a line.
    fn by_csv_core(line: &[u8], delimiter: u8) -> Result<Vec<Vec<u8>>, UnclosedQuote> {
        let mut f = Fields::default();
        PARSER
            .with_borrow_mut(|parser| parser.split(line, delimiter, &mut f))
            .map(|()| f.to_vec())
    }

    fn strings(fields: &[&str]) -> Vec<Vec<u8>> {
        fields.iter().map(|f| f.as_bytes().to_vec()).collect()
    }

    #[test]
    fn counts_its_fields() {
        let mut f = Fields::default();
        assert_eq!(f.len(), 0);
        split_csv(b"a,b", b',', &mut f).unwrap();
        assert_eq!(f.len(), 2);
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
        // A quoted row wider than the room csv-core was first given for its fields' ends.
        let values: Vec<String> = (0..100).map(|i| i.to_string()).collect();
        let quoted: Vec<String> = values.iter().map(|v| format!("\"{v}\"")).collect();
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        assert_eq!(csv(quoted.join(",").as_bytes(), b','), Ok(strings(&values)));
        // A byte order mark that starts a later line (files concatenated) is data, after a
        // row that split and after one with an open quote alike.
        let bom = b"\xef\xbb\xbfa,b";
        assert_eq!(csv(bom, b','), Ok(strings(&["\u{feff}a", "b"])));
        assert_eq!(csv(b"\"open", b','), Err(UnclosedQuote));
        assert_eq!(csv(bom, b','), Ok(strings(&["\u{feff}a", "b"])));
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

        /// A line split the quick way (no quote in it) or not is split as csv-core splits it.
        #[test]
        fn every_line_splits_as_csv_core_splits_it(
            line in proptest::collection::vec(proptest::sample::select(&b"ab,;\t|\" \r"[..]), 1..40),
            delimiter in proptest::sample::select(&b",;\t|"[..]),
        ) {
            proptest::prop_assert_eq!(csv(&line, delimiter), by_csv_core(&line, delimiter));
        }

        /// Any fields, written as a row (quoted where they must be) and split again, are
        /// themselves; and a row cut inside a quoted field is an open quote with the fields
        /// before the cut kept.
        #[test]
        fn written_rows_split_back_to_their_fields(
            row in proptest::collection::vec(
                proptest::collection::vec(proptest::sample::select(&b"ab,;\t|\" \r\xef\xbb\xbf"[..]), 0..8),
                1..6,
            ),
            delimiter in proptest::sample::select(&b",;\t|"[..]),
        ) {
            let mut line = Vec::new();
            let mut last_start = 0;
            for (i, field) in row.iter().enumerate() {
                if i > 0 {
                    line.push(delimiter);
                }
                last_start = line.len();
                write_csv_field(&mut line, field, delimiter);
            }
            proptest::prop_assert_eq!(csv(&line, delimiter), Ok(row.clone()));
            // A quoted last field without its closing quote is open (what is left of it holds
            // only doubled quotes), and it is kept as written, from its open quote on.
            if line.last() == Some(&b'"') {
                let cut = &line[..line.len() - 1];
                let mut f = Fields::default();
                proptest::prop_assert_eq!(split_csv(cut, delimiter, &mut f), Err(UnclosedQuote));
                let mut want = row[..row.len() - 1].to_vec();
                want.push(cut[last_start..].to_vec());
                proptest::prop_assert_eq!(f.to_vec(), want);
            }
            // The parser carries nothing from one row to the next, open quote or not.
            proptest::prop_assert_eq!(csv(&line, delimiter), Ok(row));
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
