//! JSON documents, as opposed to JSON Lines: a pretty-printed array of objects (`[{"puzzle":
//! …}, …]`, a key a line), an array of puzzle strings or of 9×9 arrays, an object holding such
//! an array (`{"puzzles": [...]}`), one 9×9 array spread over lines, objects one after another
//! (`jq .`'s output), or any of these on one line (`json.dump` without an indent).
//!
//! Such a document is read as the JSON Lines it holds: [`Document`] rewrites the text as it is
//! read, a byte at a time with a stack of its containers, so that memory stays flat however
//! large the document. Each record's text goes on the line where it starts, its own line breaks
//! turned into spaces (JSON whitespace); the lines it spans after its first, and the lines of
//! the document's own brackets and keys, are left blank. So a record's line number is the line
//! it starts on, and every line of the file is still a line of the text read. Records that
//! share a line (a document on one line) are put on a line each: from that line on, lines
//! count records.
//!
//! ```text
//!  [                                  (blank)
//!    {                                {  "puzzle": "..3.2.6.."  }
//!      "puzzle": "..3.2.6.."    →     (blank)
//!    }                                (blank)
//!  ]                                  (blank)
//! ```

use std::io::{self, Read};

/// True when an input whose first bytes are `head` is a JSON document: it starts with `[`; or
/// with `{`, and its first two lines are no whole JSON values (every line of JSON Lines is one,
/// a broken first line aside), or its first is an object that holds its records in an array
/// rather than being one.
pub(crate) fn is_document(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let text = head.trim_ascii_start();
    let whole = |line: &[u8]| serde_json::from_slice::<serde_json::Value>(line).is_ok();
    let mut lines = text
        .split(|&b| b == b'\n')
        .filter(|l| !l.trim_ascii().is_empty());
    match text.first() {
        // What follows a JSON array's `[` is a value (not `[id],puzzle`, a CSV header).
        Some(b'[') => text[1..]
            .trim_ascii_start()
            .first()
            .is_none_or(|c| b"{[\"-0123456789ntf]".contains(c)),
        Some(b'{') => match (lines.next(), lines.next()) {
            (Some(first), _) if whole(first) => record_depth(head) == 2,
            (_, Some(second)) => !whole(second),
            _ => true,
        },
        _ => false,
    }
}

/// How deep the records of a document whose first bytes are `head` are: 0 for values at the
/// top (one 9×9 array, an array of 81 cells, objects one after another), 1 for the elements of
/// a top array (objects, puzzle strings, 9×9 arrays), 2 for the elements of the arrays of a top
/// object that holds them (`{"puzzles": [...]}`).
pub(crate) fn record_depth(head: &[u8]) -> usize {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let mut tokens = Tokens::new(head);
    match tokens.next() {
        Some(Token::Open(b'[')) => match tokens.next() {
            // An array of strings: puzzles, or the rows of one grid.
            Some(Token::String(len)) => usize::from(tokens.strings_are_records(len)),
            // An array of arrays: nine of cells are one grid's rows; of 81 cells, or of
            // rows, each is a puzzle.
            Some(Token::Open(b'[')) => match tokens.next() {
                Some(Token::Open(_)) => 1,
                _ => usize::from(tokens.count_to_close() + 1 != 9),
            },
            Some(Token::Open(_)) => 1,
            // Numbers or nulls: the cells of one puzzle.
            _ => 0,
        },
        // An object: the holder of arrays of records when it has one (of objects, strings or
        // arrays) and no key that names a puzzle; else a record.
        Some(Token::Open(b'{')) => {
            let (names, holds) = tokens.keys_at_top();
            let named = names.iter().any(|name| {
                super::PUZZLE_NAMES
                    .iter()
                    .any(|p| name.eq_ignore_ascii_case(p.as_bytes()))
            });
            if holds && !named { 2 } else { 0 }
        }
        _ => 0,
    }
}

/// What [`Tokens`] finds.
#[derive(Debug, PartialEq, Eq)]
enum Token {
    Open(u8),
    Close,
    /// A string, by its length.
    String(usize),
    /// Anything else: a number, a literal, `,` or `:`.
    Other,
}

/// A rough tokenizer of a document's head, for [`record_depth`].
struct Tokens<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a [u8]) -> Tokens<'a> {
        Tokens { text, at: 0 }
    }

    fn next(&mut self) -> Option<Token> {
        while self.text.get(self.at)?.is_ascii_whitespace() || self.text[self.at] == b',' {
            self.at += 1;
        }
        let b = self.text[self.at];
        self.at += 1;
        Some(match b {
            b'[' | b'{' => Token::Open(b),
            b']' | b'}' => Token::Close,
            b'"' => {
                let start = self.at;
                while let Some(&c) = self.text.get(self.at) {
                    self.at += 1;
                    match c {
                        // An escape's byte is skipped, unless the head ends first.
                        b'\\' => self.at = (self.at + 1).min(self.text.len()),
                        b'"' => break,
                        _ => {}
                    }
                }
                Token::String(self.at.saturating_sub(start + 1))
            }
            _ => {
                while self
                    .text
                    .get(self.at)
                    .is_some_and(|c| !b",:[]{}\" \t\r\n".contains(c))
                {
                    self.at += 1;
                }
                Token::Other
            }
        })
    }

    /// Reads an array (its `[` read) to its end: true when its elements are records (objects,
    /// puzzle strings, 9×9 arrays or arrays of 81 cells), false when it is one puzzle's cells
    /// (numbers, or nine rows of them).
    fn array_of_records(&mut self) -> bool {
        let records = match self.next() {
            Some(Token::Open(b'{')) => true,
            Some(Token::String(len)) => return self.strings_are_records(len),
            Some(Token::Open(_)) => match self.next() {
                Some(Token::Open(_)) => true,
                _ => self.count_to_close() + 1 != 9,
            },
            Some(Token::Close) | None => return false,
            Some(Token::Other) => false,
        };
        self.count_to_close();
        records
    }

    /// Reads the rest of an array of strings (the first, `first` long, read): true when they
    /// are records (puzzles, good or bad), false when they are the rows of one grid: nine
    /// strings, none as long as the fewest clues a puzzle has (17), the array closed within
    /// the head. A bad puzzle first (`["12345", "..."]`) is one bad record, not a grid.
    fn strings_are_records(&mut self, first: usize) -> bool {
        let (mut count, mut longest, mut closed) = (1, first, false);
        while let Some(token) = self.next() {
            match token {
                Token::String(len) => {
                    count += 1;
                    longest = longest.max(len);
                }
                Token::Close => {
                    closed = true;
                    break;
                }
                Token::Open(_) => {
                    // Not an array of strings alone: what follows is the record's business.
                    self.count_to_close();
                    count += 1;
                }
                Token::Other => count += 1,
            }
        }
        longest >= 17 || (closed && count != 9)
    }

    /// The values left in the container being read, up to its end (or the head's).
    fn count_to_close(&mut self) -> usize {
        let (mut depth, mut values) = (0usize, 0);
        while let Some(token) = self.next() {
            match token {
                Token::Close if depth == 0 => break,
                Token::Close => depth -= 1,
                Token::Open(_) => {
                    values += usize::from(depth == 0);
                    depth += 1;
                }
                _ => values += usize::from(depth == 0),
            }
        }
        values
    }

    /// The keys of the object being read (its own, not those of objects inside it), and
    /// whether one of its values is an array of records (objects, arrays, or puzzle strings;
    /// not of numbers, which are a puzzle's cells).
    fn keys_at_top(&mut self) -> (Vec<Vec<u8>>, bool) {
        let (mut depth, mut keys, mut holds) = (0usize, Vec::new(), false);
        while let Some(token) = self.next() {
            match token {
                Token::Close if depth == 0 => break,
                Token::Close => depth -= 1,
                Token::Open(b'[') if depth == 0 => holds |= self.array_of_records(),
                Token::Open(_) => depth += 1,
                Token::String(len) if depth == 0 => {
                    let end = self.at - 1;
                    let key = self.text[end - len..end].to_vec();
                    // A key is followed by `:`.
                    let rest = self.text[self.at..].trim_ascii_start();
                    if rest.first() == Some(&b':') {
                        keys.push(key);
                    }
                }
                _ => {}
            }
        }
        (keys, holds)
    }
}

/// Reads a JSON document as the JSON Lines it holds (see the module's documentation).
pub(crate) struct Document<R> {
    inner: R,
    /// The depth of the records.
    record_depth: usize,
    /// The kinds (`[` or `{`) of the containers open around the byte being read, up to a bound.
    stack: Vec<u8>,
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// A record is being copied.
    in_record: bool,
    /// A record has ended on the current line of the input.
    line_had_record: bool,
    /// Line breaks inside the record in progress (or just ended), owed as blank lines.
    owed: u64,
    /// The input's current line has bytes, and the output's current line has none.
    line_has_bytes: bool,
    out_line_empty: bool,
    /// Rewritten text not yet handed out, and where its handing out is.
    out: Vec<u8>,
    out_at: usize,
    scratch: Vec<u8>,
    done: bool,
}

/// Containers deeper than this are not told apart (a record's insides are copied whatever
/// they are).
const MAX_STACK: usize = 64;

impl<R: Read> Document<R> {
    /// Reads `inner`, a document whose records are `record_depth` deep.
    pub(crate) fn new(inner: R, record_depth: usize) -> Document<R> {
        Document {
            inner,
            record_depth,
            stack: Vec::new(),
            depth: 0,
            in_string: false,
            escaped: false,
            in_record: false,
            line_had_record: false,
            owed: 0,
            line_has_bytes: false,
            out_line_empty: true,
            out: Vec::new(),
            out_at: 0,
            scratch: vec![0; 64 << 10],
            done: false,
        }
    }

    /// True when a value starting here is a record: at the records' depth, and an element of
    /// an array (or at the top).
    fn at_record(&self) -> bool {
        !self.in_record
            && self.depth == self.record_depth
            && (self.depth == 0 || self.stack.last() == Some(&b'['))
    }

    fn start_record(&mut self) {
        if self.line_had_record {
            self.out.push(b'\n'); // a record that shares its line gets one of its own
        }
        self.in_record = true;
    }

    fn end_record(&mut self) {
        self.in_record = false;
        self.line_had_record = true;
    }

    /// Rewrites one byte of the input.
    fn byte(&mut self, b: u8) {
        self.line_has_bytes |= b != b'\n';
        let before = self.out.len();
        self.rewrite(b);
        if self.out.len() > before {
            self.out_line_empty = self.out.last() == Some(&b'\n');
        }
    }

    fn rewrite(&mut self, b: u8) {
        if self.in_string {
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
            }
            if b == b'\n' {
                return self.line_break();
            }
            if self.in_record {
                self.out.push(b);
                if !self.in_string && self.depth == self.record_depth {
                    self.end_record(); // a string record
                }
            }
            return;
        }
        match b {
            b'\n' => self.line_break(),
            b'"' => {
                if self.at_record() {
                    self.start_record();
                }
                self.in_string = true;
                if self.in_record {
                    self.out.push(b);
                }
            }
            b'[' | b'{' => {
                if self.at_record() {
                    self.start_record();
                }
                if self.in_record {
                    self.out.push(b);
                }
                self.depth += 1;
                if self.stack.len() < MAX_STACK {
                    self.stack.push(b);
                }
            }
            b']' | b'}' => {
                if self.in_record {
                    self.out.push(b);
                }
                if self.depth <= self.stack.len() {
                    self.stack.pop();
                }
                self.depth = self.depth.saturating_sub(1);
                if self.in_record && self.depth == self.record_depth {
                    self.end_record();
                }
            }
            // A CR, as any other byte between records, is the document's, not a record's.
            _ if self.in_record => self.out.push(if b == b'\r' { b' ' } else { b }),
            _ => {}
        }
    }

    /// An input line ends: inside a record it is a space, and owed; else the output's line
    /// ends too, followed by the blank lines owed.
    fn line_break(&mut self) {
        if self.in_record {
            self.out.push(b' ');
            self.owed += 1;
            return;
        }
        self.out.push(b'\n');
        for _ in 0..self.owed {
            self.out.push(b'\n');
        }
        self.owed = 0;
        self.line_had_record = false;
        self.line_has_bytes = false;
    }

    /// The input's end: the lines owed, the last of them unended (as the input's last line
    /// was, if it had no line end).
    fn end(&mut self) {
        if self.owed > 0 {
            self.out.push(b'\n');
            for _ in 1..self.owed {
                self.out.push(b'\n');
            }
            self.out.push(b' ');
        } else if self.line_has_bytes && self.out_line_empty {
            // A last line of the document's own, without a line end: still a line.
            self.out.push(b' ');
        }
        self.owed = 0;
        self.done = true;
    }
}

impl<R: Read> Read for Document<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.out_at == self.out.len() {
            if self.done {
                return Ok(0);
            }
            self.out.clear();
            self.out_at = 0;
            let n = self.inner.read(&mut self.scratch)?;
            if n == 0 {
                self.end();
                continue;
            }
            for i in 0..n {
                self.byte(self.scratch[i]);
            }
        }
        let n = buf.len().min(self.out.len() - self.out_at);
        buf[..n].copy_from_slice(&self.out[self.out_at..self.out_at + n]);
        self.out_at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(text: &str) -> String {
        let mut out = String::new();
        Document::new(text.as_bytes(), record_depth(text.as_bytes()))
            .read_to_string(&mut out)
            .unwrap();
        out
    }

    const P: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn a_head_cut_at_any_byte_is_read_without_a_panic() {
        // Detection reads a sample, which can end anywhere: inside a key, after an escape's
        // backslash, between a string and its colon.
        let documents = [
            r#"{"a\"b": "\\", "puzzles": ["x\"y", "\u0041"]}"#,
            r#"[{"puzzle": "1.\\.", "n\\": [1, 2]}, "\""]"#,
            r#"{"grid": [[1, 2], ["\\"]], "k": {"\"": "\\"}}"#,
        ];
        for doc in documents {
            for cut in 0..=doc.len() {
                let head = &doc.as_bytes()[..cut];
                let _ = (record_depth(head), is_document(head));
            }
        }
    }

    #[test]
    fn documents_are_told_from_json_lines() {
        assert!(is_document(b"[\n  {\"puzzle\": \"x\"}\n]"));
        assert!(is_document(b"\xef\xbb\xbf  [1]"));
        assert!(is_document(b"{\n  \"puzzles\": []\n}"));
        assert!(!is_document(b"{\"puzzle\": \"x\"}\n{\"puzzle\": \"y\"}"));
        assert!(!is_document(b"{\"q\": \"x\", \"cells\": [5, 3]}\n"));
        let held = format!("{{\"puzzles\": [\"{P}\", \"{P}\"]}}\n");
        assert!(
            is_document(held.as_bytes()),
            "an object holding records, on one line"
        );
        let broken = format!("{{\"puzzle\": \n{{\"puzzle\": \"{P}\"}}\n");
        assert!(
            !is_document(broken.as_bytes()),
            "JSON Lines whose first line is broken"
        );
        assert!(is_document(b"{\n  \"puzzle\": \"x\"\n}"), "pretty objects");
        assert!(!is_document(b"puzzle,solution"));
        assert!(
            !is_document(b"[id],[puzzle]\n1,x"),
            "a CSV header in brackets"
        );
    }

    #[test]
    fn the_records_depth_from_the_head() {
        let rows = "[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,0],[8,0,0,0,6,0,0,0,3],[4,0,0,8,0,3,0,0,1],[7,0,0,0,2,0,0,0,6],[0,6,0,0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5],[0,0,0,0,8,0,0,7,9]]";
        for (text, depth) in [
            (format!("[{{\"puzzle\": \"{P}\"}}]"), 1),
            (format!("[\"{P}\", \"{P}\"]"), 1),
            // Nine short strings are one grid's rows; fewer or more are records (bad ones).
            (format!("[{}]", ["\"530070000\""; 9].join(", ")), 0),
            ("[\"530070000\", \"600195000\"]".to_string(), 1),
            (format!("[\"12345\", \"{P}\"]"), 1),
            (
                "{\"name\": \"bank\", \"puzzles\": [\"12345\"]}".to_string(),
                2,
            ),
            (rows.to_string(), 0),
            (format!("[{rows}, {rows}]"), 1),
            (format!("[[{}]]", vec!["0"; 81].join(",")), 1),
            (format!("[{}]", vec!["0"; 81].join(",")), 0),
            (format!("{{\"puzzles\": [\"{P}\"]}}"), 2),
            (format!("{{\"q\": \"{P}\", \"cells\": [5, 3, 0]}}"), 0),
            (format!("{{\"id\": 7, \"board\": {rows}}}"), 0),
            (format!("{{\"boards\": [{rows}]}}"), 2),
            (format!("{{\"grid\": {rows}}}"), 0),
            (
                format!("{{\n  \"puzzle\": \"{P}\"\n}}\n{{\n  \"puzzle\": \"{P}\"\n}}"),
                0,
            ),
        ] {
            assert_eq!(record_depth(text.as_bytes()), depth, "{text}");
        }
    }

    #[test]
    fn each_record_goes_on_the_line_it_starts_on() {
        let pretty = format!(
            "[\n  {{\n    \"puzzle\": \"{P}\",\n    \"id\": 1\n  }},\n  {{\n    \"puzzle\": \"a]b\"\n  }}\n]\n"
        );
        let out = rewritten(&pretty);
        let lines: Vec<&str> = out.split('\n').collect();
        assert_eq!(lines.len(), pretty.split('\n').count(), "{out:?}");
        assert_eq!(lines[0], "");
        let first: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
        assert_eq!(first["id"], 1);
        assert_eq!(lines[2..5], ["", "", ""]);
        let second: serde_json::Value = serde_json::from_str(lines[5]).unwrap();
        assert_eq!(second["puzzle"], "a]b", "brackets in strings are text");
        // On one line, a record a line.
        let compact = format!("[\"{P}\",\"{P}\",\"{P}\"]");
        let out = rewritten(&compact);
        assert_eq!(out, format!("\"{P}\"\n\"{P}\"\n\"{P}\""));
        // Inside an object, and with CRLF and no final line end.
        let held = format!("{{\r\n  \"puzzles\": [\r\n    \"{P}\"\r\n  ]\r\n}}");
        let out = rewritten(&held);
        assert_eq!(out, format!("\n\n\"{P}\"\n\n "));
        // A record whose last line has no line end.
        let out = rewritten(&format!("{{\n\"puzzle\": \"{P}\"\n}}"));
        assert_eq!(out.split('\n').count(), 3, "{out:?}");
    }
}
