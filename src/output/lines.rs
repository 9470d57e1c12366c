//! Lines answer keys: the 81-digit solution; when the status is not `solved`, a space and the
//! status follow (an empty solution field when there is none). In count mode the status is
//! always there, and the count after it: `<solution> multiple >=1000`.

use super::{Answer, KeyFormat};
use crate::verdict::Verdict;

pub fn write(out: &mut Vec<u8>, key: &KeyFormat, answer: &Answer) {
    if let Some(s) = &answer.solution {
        out.extend_from_slice(&s.to_line(b'0'));
    }
    if answer.verdict != Verdict::Solved || key.count {
        out.push(b' ');
        out.extend_from_slice(answer.verdict.as_str().as_bytes());
    }
    if key.count {
        out.push(b' ');
        out.extend_from_slice(answer.count_text().as_bytes());
    }
    out.push(b'\n');
}
