//! File names in messages. A name is printed as it is unless it holds something that could
//! forge a message line or move the terminal (a line break, an escape code, any control
//! character, bytes that are not UTF-8); then it is printed in double quotes with those
//! characters escaped, the way `ls` and ripgrep keep such names readable and harmless.

use std::fmt::Write as _;
use std::path::Path;

/// `path` as it is, or quoted and escaped when it must be.
pub(crate) fn quoted(path: &Path) -> String {
    let bytes = path.as_os_str().as_encoded_bytes();
    let plain = std::str::from_utf8(bytes)
        .ok()
        .filter(|s| !s.chars().any(needs_escape) && !s.starts_with('"'));
    if let Some(s) = plain {
        return s.to_string();
    }
    let mut out = String::from("\"");
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if needs_escape(c) => {
                    let _ = write!(out, "\\u{{{:x}}}", c as u32);
                }
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
    out.push('"');
    out
}

/// A message's text, made harmless for a terminal: every control character but the line
/// feeds that end its lines and tabs (an escape code or a CR from the input, in a column name
/// or a bad cell) written as an escape (`\u{1b}`, `\r`), and bytes that are not UTF-8 as
/// `\xNN`. Borrowed when there is nothing to escape, as nearly always.
pub(crate) fn harmless(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let keep = |c: char| c == '\n' || c == '\t' || !needs_escape(c);
    if std::str::from_utf8(text).is_ok_and(|s| s.chars().all(keep)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::new();
    for chunk in text.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\r' => out.push_str("\\r"),
                c if keep(c) => out.push(c),
                c => {
                    let _ = write!(out, "\\u{{{:x}}}", c as u32);
                }
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
    std::borrow::Cow::Owned(out.into_bytes())
}

/// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators.
fn needs_escape(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_stay_plain() {
        assert_eq!(quoted(Path::new("data/a b.txt")), "data/a b.txt");
        assert_eq!(quoted(Path::new("données.csv")), "données.csv");
    }

    #[test]
    fn line_breaks_escapes_and_bad_bytes_are_quoted() {
        assert_eq!(
            quoted(Path::new("a\nb.txt:1: forged")),
            "\"a\\nb.txt:1: forged\""
        );
        assert_eq!(quoted(Path::new("\x1b[31mred")), "\"\\u{1b}[31mred\"");
        assert_eq!(quoted(Path::new("\"q\"\t")), "\"\\\"q\\\"\\t\"");
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let p = Path::new(std::ffi::OsStr::from_bytes(b"x\xffy"));
            assert_eq!(quoted(p), "\"x\\xFFy\"");
        }
    }
}
