//! The JSON Lines layout, as data-set tools export it: one object per line, the puzzle under a
//! known key (`puzzle`, `quizzes`, `question`…, or `--column KEY`) as a string of 81 cells or
//! as an array of the cells (`[[5,3,0,…],…]`: nine rows of nine numbers, 0 or null for a blank;
//! or 81 numbers; or nine strings). A JSON answer key repeats each object with the answer's
//! keys added.

use super::sample::{Detected, Fit, Sample};
use super::{
    Echo, Fields, Framing, Layout, LayoutKind, Options, PUZZLE_NAMES, Record, RecordError,
    SOLUTION_NAMES, find_column, find_named, looks_like_puzzle, show_columns,
};
use crate::grid::{Grid, ParseError};
use anyhow::{Context, bail};
use serde_json::{Map, Value};

pub(crate) const KIND: LayoutKind = LayoutKind {
    name: "jsonl",
    help: "JSON Lines: an object per line, the puzzle a string or a 9×9 array under a known key",
    detect,
};

#[derive(Debug)]
pub(crate) struct Jsonl {
    /// The puzzle's key; `None` when each record is the puzzle itself, a JSON string or array
    /// of cells (the elements of a JSON document's array of puzzles, or its one 9×9 array).
    key: Option<String>,
    /// The given solution's key, read only under `--verify`.
    solution: Option<String>,
    /// For CSV answer keys: the puzzle alone.
    columns: Vec<Vec<u8>>,
    /// The first object's keys, which appended keys must not repeat.
    keys: Vec<Vec<u8>>,
}

fn detect(sample: &Sample, options: &Options, forced: bool) -> anyhow::Result<Option<Detected>> {
    // The sampled lines are weighed together: a first line that is not an object, or an object
    // without the puzzle (`{"meta": "v1"}`), is one malformed record, not the file's shape.
    let values: Vec<Value> = sample
        .lines
        .iter()
        .filter_map(|(_, text)| serde_json::from_slice(text).ok())
        .collect();
    let objects: Vec<&Map<String, Value>> = values.iter().filter_map(Value::as_object).collect();
    let braced = sample
        .lines
        .iter()
        .filter(|(_, t)| t.trim_ascii_start().first() == Some(&b'{'))
        .count();
    if objects.is_empty()
        && let Some(found) = detect_values(&values, sample.lines.len(), forced)
    {
        return Ok(Some(found));
    }
    if objects.is_empty() || (!forced && braced * 2 <= sample.lines.len()) {
        return match (forced, sample.lines.first()) {
            (true, Some((no, _))) if objects.is_empty() => bail!(
                "no line of the first {} (from line {no}) is a JSON object",
                sample.lines.len()
            ),
            (true, None) => bail!("no JSON object: the input is empty"),
            _ => Ok(None),
        };
    }
    // Every key of the sampled objects, in the order they first appear: for messages.
    let mut all_keys: Vec<Vec<u8>> = Vec::new();
    for key in objects.iter().flat_map(|o| o.keys()) {
        if !all_keys.iter().any(|k| k == key.as_bytes()) {
            all_keys.push(key.as_bytes().to_vec());
        }
    }
    // The first object that holds the puzzle, and the puzzle's key in it.
    let puzzle_key = |object: &Map<String, Value>| -> Option<String> {
        let keys: Vec<Vec<u8>> = object.keys().map(|k| k.as_bytes().to_vec()).collect();
        let key_at = |i: usize| object.keys().nth(i).cloned();
        match &options.column {
            Some(want) => find_column(&keys, want).and_then(key_at),
            None => find_named(&keys, &PUZZLE_NAMES)
                .and_then(key_at)
                .or_else(|| {
                    let puzzle = object.iter().find(|(_, v)| is_puzzle_value(v));
                    puzzle.map(|(k, _)| k.clone())
                }),
        }
    };
    let found = objects
        .iter()
        .find_map(|o| puzzle_key(o).map(|key| (o, key)));
    let Some((object, key)) = found else {
        let keys = show_columns(&all_keys);
        match &options.column {
            Some(want) => bail!("no key named {want:?} (keys: {keys})"),
            None => bail!("no puzzle key found (keys: {keys}); name one with --column"),
        }
    };
    let keys: Vec<Vec<u8>> = object.keys().map(|k| k.as_bytes().to_vec()).collect();
    let key_at = |i: usize| object.keys().nth(i).cloned();
    let solution = if options.verify {
        match &options.solution_column {
            Some(want) => Some(find_column(&keys, want).and_then(key_at).with_context(|| {
                format!("no key named {want:?} (keys: {})", show_columns(&keys))
            })?),
            None => find_named(&keys, &SOLUTION_NAMES)
                .and_then(key_at)
                .filter(|k| *k != key),
        }
    } else {
        None
    };
    let layout = Jsonl {
        key: Some(key),
        solution,
        columns: vec![b"puzzle".to_vec()],
        keys,
    };
    Ok(Some(Detected::new(layout, Fit::Certain)))
}

/// The layout of records that are puzzles themselves, JSON strings or arrays of cells (as a
/// JSON document's are, read a record a line: see [`super::document`]), when most of the
/// `lines` sampled are such `values` and one is a puzzle.
fn detect_values(values: &[Value], lines: usize, forced: bool) -> Option<Detected> {
    let bare = || values.iter().filter(|v| v.is_string() || v.is_array());
    let most = bare().count() * 2 > lines;
    // Every line a JSON string: records, if bad ones (a document's `["12345", …]` or
    // `{"puzzles": ["12345"]}`), each answered as malformed rather than the file refused.
    let all_strings = lines > 0 && values.iter().filter(|v| v.is_string()).count() == lines;
    if !(all_strings || bare().any(is_puzzle_value) && (most || forced)) {
        return None;
    }
    let layout = Jsonl {
        key: None,
        solution: None,
        columns: vec![b"puzzle".to_vec()],
        keys: vec![b"puzzle".to_vec()],
    };
    Some(Detected::new(layout, Fit::Certain))
}

fn is_puzzle_value(v: &Value) -> bool {
    match v {
        Value::String(s) => looks_like_puzzle(s.as_bytes()),
        Value::Array(_) => matches!(cells_of(v), Ok(_) | Err(ParseError::OtherSize { .. })),
        _ => false,
    }
}

/// Reads a JSON array of cells (see the module's documentation) from its text.
pub(crate) fn read_cell_array(text: &[u8]) -> Result<Grid, ParseError> {
    match serde_json::from_slice::<Value>(text) {
        Ok(v) => cells_of(&v),
        Err(_) => Grid::parse_bytes(text), // not JSON: say what is wrong with it as cells
    }
}

/// The grid that a JSON value holds: a string of cells, or an array of cells.
fn cells_of(value: &Value) -> Result<Grid, ParseError> {
    let mut cells = Vec::with_capacity(81);
    flatten(value, 0, &mut cells);
    // Checked first: a 16×16 grid's numbers above 9 are no cells of any 9×9.
    if let Some(side) = [4, 6, 16, 25].into_iter().find(|s| s * s == cells.len()) {
        return Err(ParseError::OtherSize { side });
    }
    Grid::parse_bytes(&cells)
}

/// Appends the cells of `value` (nested at most two arrays deep) as characters: a value that
/// is no cell (a number above 9, an object, an array nested deeper) as `?`, so that parsing
/// names the first bad cell by its position.
fn flatten(value: &Value, depth: usize, cells: &mut Vec<u8>) {
    match value {
        Value::Array(items) if depth < 2 => {
            for item in items {
                flatten(item, depth + 1, cells);
            }
        }
        Value::Null => cells.push(b'0'),
        Value::Number(n) => match n.as_u64() {
            Some(d) if d <= 9 => cells.push(b'0' + d as u8),
            _ => cells.push(b'?'),
        },
        Value::String(s) if depth > 0 => cells.extend_from_slice(s.as_bytes()),
        _ => cells.push(b'?'),
    }
}

/// The grid under `key`: a string of cells or an array of them.
fn value_grid(object: &Map<String, Value>, key: &str) -> Result<Grid, RecordError> {
    match object.get(key) {
        None => Err(RecordError::MissingKey(key.to_string())),
        Some(Value::String(s)) => super::read_puzzle(s.as_bytes()).map_err(RecordError::Puzzle),
        Some(v) => cells_of(v).map_err(RecordError::Puzzle),
    }
}

impl Layout for Jsonl {
    fn name(&self) -> &'static str {
        KIND.name
    }

    fn frame(&self, _line: &[u8], _open: usize) -> Framing {
        Framing::Take { complete: true }
    }

    fn read<'a>(&self, line: &'a [u8], _: &'a mut Fields) -> Record<'a> {
        let Some(key) = &self.key else {
            let puzzle = match serde_json::from_slice::<Value>(line) {
                Ok(Value::String(s)) => {
                    super::read_puzzle(s.as_bytes()).map_err(RecordError::Puzzle)
                }
                Ok(v @ Value::Array(_)) => cells_of(&v).map_err(RecordError::Puzzle),
                Ok(_) => Err(RecordError::Json(
                    "not a puzzle: a string or an array of cells".into(),
                )),
                Err(e) => Err(RecordError::Json(e.to_string())),
            };
            return Record {
                puzzle,
                given: None,
                echo: Echo::Puzzle,
            };
        };
        let object: Map<String, Value> = match serde_json::from_slice(line) {
            Ok(o) => o,
            Err(e) => {
                return Record {
                    puzzle: Err(RecordError::Json(e.to_string())),
                    given: None,
                    echo: Echo::Text(line),
                };
            }
        };
        let given = self.solution.as_ref().map(|k| match object.get(k) {
            Some(Value::String(s)) => super::read_puzzle(s.as_bytes()),
            Some(v) => cells_of(v),
            None => Err(ParseError::Empty),
        });
        Record {
            puzzle: value_grid(&object, key),
            given,
            echo: Echo::Object(line),
        }
    }

    fn columns(&self) -> &[Vec<u8>] {
        &self.columns
    }

    fn has_solution(&self) -> bool {
        self.solution.is_some()
    }

    fn json_keys(&self) -> Vec<Vec<u8>> {
        self.keys.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_arrays_in_every_shape() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid: Grid = line.parse().unwrap();
        let rows: Vec<String> = line
            .as_bytes()
            .chunks(9)
            .map(|r| {
                let cells: Vec<String> = r
                    .iter()
                    .map(|&b| {
                        if b == b'.' {
                            "0".into()
                        } else {
                            (b as char).to_string()
                        }
                    })
                    .collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        let nested = format!("[{}]", rows.join(","));
        assert_eq!(read_cell_array(nested.as_bytes()), Ok(grid));
        let flat = nested.replace(['[', ']'], "");
        assert_eq!(read_cell_array(format!("[{flat}]").as_bytes()), Ok(grid));
        let strings: Vec<String> = line
            .as_bytes()
            .chunks(9)
            .map(|r| format!("\"{}\"", String::from_utf8_lossy(r)))
            .collect();
        assert_eq!(
            read_cell_array(format!("[{}]", strings.join(",")).as_bytes()),
            Ok(grid)
        );
        let with_null = nested.replacen(",0,", ",null,", 1);
        assert_eq!(read_cell_array(with_null.as_bytes()), Ok(grid));
        assert_eq!(
            read_cell_array(nested.replacen("5", "12", 1).as_bytes()),
            Err(ParseError::BadChar {
                ch: '?',
                position: 1
            })
        );
        let sixteen = format!("[{}]", vec!["0"; 256].join(","));
        assert_eq!(
            read_cell_array(sixteen.as_bytes()),
            Err(ParseError::OtherSize { side: 16 })
        );
    }
}
