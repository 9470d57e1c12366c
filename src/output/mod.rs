//! Answer-key writers, one module per format. Workers format their chunk's answers into bytes
//! in parallel, and write them (at their offset in a file key; in input order to a stream).

mod csv;
mod grid;
mod jsonl;
mod lines;

use crate::grid::Grid;
use crate::logic::{Rating, Score};
use crate::record::verdict::Verdict;
use crate::record::{CsvHeader, Echo, Echoes, GridStyle};

/// An answer-key format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    /// The input's columns, then `solution`, `status` (`solutions` in count mode; `guesses`,
    /// `micros` with timing).
    Csv,
    /// The solution per line; the status after it when it is not `solved` (always in count
    /// mode, then the count).
    Lines,
    /// The solution as rows, in the given style, a blank line between puzzles.
    Grid(GridStyle),
    /// JSON Lines: the input's object (or its columns as keys) with the answer's keys added.
    Jsonl,
}

impl OutputFormat {
    /// The format an output file's name asks for: `*.csv`, `*.tsv`, `*.jsonl`, `*.ndjson`,
    /// `*.json`, each also gzipped (`*.csv.gz`).
    pub(crate) fn from_extension(path: &std::path::Path) -> Option<OutputFormat> {
        let ext = content_extension(path)?;
        match ext.as_str() {
            "csv" | "tsv" => Some(OutputFormat::Csv),
            "jsonl" | "ndjson" | "json" => Some(OutputFormat::Jsonl),
            _ => None,
        }
    }

    /// The delimiter a CSV key's name asks for: a tab for `*.tsv`, a comma for `*.csv` (each
    /// also gzipped); `None` for any other name, which keeps the input's.
    pub(crate) fn delimiter_from_extension(path: &std::path::Path) -> Option<u8> {
        match content_extension(path)?.as_str() {
            "tsv" => Some(b'\t'),
            "csv" => Some(b','),
            _ => None,
        }
    }
}

/// The extension that says what a file output holds, lowercase, past a `.gz` that says how it
/// is packed: `csv` for `key.CSV.gz`.
pub fn content_extension(path: &std::path::Path) -> Option<String> {
    let name = path.file_name()?.to_str()?.to_ascii_lowercase();
    let name = name.strip_suffix(".gz").unwrap_or(&name);
    let (stem, ext) = name.rsplit_once('.')?;
    (!stem.is_empty()).then(|| ext.to_string())
}

/// What a worker knows about one answered record.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Answer {
    /// Its status.
    pub verdict: Verdict,
    /// The solution found and checked, if any.
    pub solution: Option<Grid>,
    /// Solutions found; `capped` when the count stopped at the limit (count mode).
    pub count: u64,
    /// The count stopped short, at the limit or the guess budget: it is a lower bound.
    pub capped: bool,
    /// The engine's guesses.
    pub guesses: u64,
    /// The solve's time.
    pub nanos: u64,
    /// With `rate`, for a puzzle with one solution: how hard it is for a person.
    pub rating: Option<Rating>,
    /// With `canon`, `--dedupe` or `--classes`: the puzzle's minlex form.
    pub form: Option<Grid>,
    /// With `canon --solution`: its solution's.
    pub solution_form: Option<Grid>,
}

impl Answer {
    /// The count as the answer key writes it: `N`, or `>=N` when the limit or the guess budget
    /// stopped it, or nothing when the budget stopped it before any was found.
    pub(crate) fn count_text(&self) -> String {
        match (self.capped, self.count) {
            (true, 0) => String::new(),
            (true, n) => format!(">={n}"),
            (false, n) => n.to_string(),
        }
    }
}

/// A value the answer key adds to each record: a column after the input's (CSV), a key (JSON
/// Lines), a field (lines).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Column {
    /// The solution found.
    Solution,
    /// The record's [`Verdict`].
    Status,
    /// Count mode: the solutions counted.
    Solutions,
    /// The rating's level for a person (`easy` … `beyond`).
    Level,
    /// The hardest technique the rating needed.
    Hardest,
    /// Sudoku Explainer's rating (ER).
    Score,
    /// Its pearl (EP).
    Pearl,
    /// Its diamond (ED).
    Diamond,
    /// The rating's steps.
    Steps,
    /// Candidates left where the ladder stopped.
    Left,
    /// The engine's guesses.
    Guesses,
    /// The record's time in the engine.
    Micros,
    /// `canon`: the puzzle's minlex form.
    Canon,
    /// `canon --solution`: the minlex form of its solution.
    CanonSolution,
    /// `--classes`: the number of the record's class (written in order, by the writer).
    Class,
}

/// The rating's columns, in order.
pub(crate) const RATING_COLUMNS: [Column; 7] = [
    Column::Level,
    Column::Hardest,
    Column::Score,
    Column::Pearl,
    Column::Diamond,
    Column::Steps,
    Column::Left,
];

impl Column {
    /// Its name in a header or an object.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Column::Solution => "solution",
            Column::Status => "status",
            Column::Solutions => "solutions",
            Column::Level => "level",
            Column::Hardest => "hardest",
            Column::Score => "score",
            Column::Pearl => "pearl",
            Column::Diamond => "diamond",
            Column::Steps => "steps",
            Column::Left => "left",
            Column::Guesses => "guesses",
            Column::Micros => "micros",
            Column::Canon => "canon",
            Column::CanonSolution => "canon_solution",
            Column::Class => "class",
        }
    }

    /// Its value for `answer`.
    fn value(self, answer: &Answer) -> Value {
        let grid = |g: Option<Grid>| g.map_or(Value::Empty, Value::Grid);
        match self {
            Column::Solution => grid(answer.solution),
            Column::Status => Value::Text(answer.verdict.as_str()),
            Column::Solutions => match (answer.capped, answer.count) {
                (true, 0) => Value::Empty,
                (true, n) => Value::AtLeast(n),
                (false, n) => Value::Number(n),
            },
            Column::Level
            | Column::Hardest
            | Column::Score
            | Column::Pearl
            | Column::Diamond
            | Column::Steps
            | Column::Left => answer
                .rating
                .as_ref()
                .map_or(Value::Empty, |r| self.rating_value(r)),
            Column::Guesses => Value::Number(answer.guesses),
            Column::Micros => Value::Micros(answer.nanos),
            Column::Canon => grid(answer.form),
            Column::CanonSolution => grid(answer.solution_form),
            Column::Class => match answer.form {
                Some(_) => Value::Class,
                None => Value::Empty,
            },
        }
    }

    /// A rating column's value for rating `r`, as a key that writes it as text: `score`
    /// empty for a puzzle beyond the ladder (it has no score on its scale), and `pearl` and
    /// `diamond` empty where the ladder stopped before they were known.
    fn rating_value(self, r: &Rating) -> Value {
        let known = |tenths: u16, known: bool| match known {
            true => Value::Tenths(tenths),
            false => Value::Empty,
        };
        match self {
            Column::Level => Value::Text(r.level().name()),
            Column::Hardest => r
                .hardest
                .map_or(Value::Empty, |t| Value::Text(t.key_name())),
            Column::Score => known(r.score(), r.finished()),
            Column::Pearl => known(r.pearl, r.finished() || r.pearl > 0),
            Column::Diamond => known(r.diamond, r.finished() || r.diamond > 0),
            Column::Steps => Value::Number(u64::from(r.steps)),
            Column::Left => Value::Number(u64::from(r.candidates_left)),
            Column::Solution
            | Column::Status
            | Column::Solutions
            | Column::Guesses
            | Column::Micros
            | Column::Canon
            | Column::CanonSolution
            | Column::Class => unreachable!("not a rating column"),
        }
    }
}

/// The answer key's shape, decided once for the run from the first input's layout.
#[derive(Debug, Clone)]
pub(crate) struct KeyFormat {
    /// The answer key's format.
    pub format: OutputFormat,
    /// The echoed columns' names: the width of a CSV row, the keys of a JSON object.
    pub columns: Vec<Vec<u8>>,
    /// What it adds to each record, in order.
    pub appended: Vec<Column>,
    /// Their names, each `sb_`-prefixed when the input already uses it.
    pub names: Vec<String>,
    /// CSV: the field delimiter (the first input's).
    pub delimiter: u8,
    /// The header line, ending in `\n` (CSV, when there is one).
    pub header: Option<Vec<u8>>,
}

impl KeyFormat {
    /// The key of `format` for inputs whose records echo `echoes`, adding `appended` to each
    /// record; a CSV key's fields split by `delimiter` (`None`: the input's).
    pub(crate) fn new(
        format: OutputFormat,
        delimiter: Option<u8>,
        echoes: Echoes,
        appended: Vec<Column>,
    ) -> KeyFormat {
        // Names the key already has: the columns it repeats, or a JSON object's keys.
        let taken = match format {
            OutputFormat::Jsonl => echoes.json_keys,
            OutputFormat::Csv | OutputFormat::Lines | OutputFormat::Grid(_) => {
                echoes.columns.to_vec()
            }
        };
        let names = appended
            .iter()
            .map(|c| {
                let n = c.name();
                if taken.iter().any(|c| c == n.as_bytes()) {
                    format!("sb_{n}")
                } else {
                    n.to_string()
                }
            })
            .collect();
        let mut key = KeyFormat {
            format,
            columns: echoes.columns.to_vec(),
            appended,
            names,
            delimiter: delimiter.unwrap_or(echoes.delimiter),
            header: None,
        };
        if format == OutputFormat::Csv {
            // The input's header line is repeated only where its delimiter is the key's.
            let header = match echoes.csv_header {
                CsvHeader::Verbatim(_) if key.delimiter != echoes.delimiter => CsvHeader::Named,
                header => header,
            };
            key.header = csv::header(&key, header);
        }
        key
    }

    /// Whether it adds `column`.
    pub(crate) fn has(&self, column: Column) -> bool {
        self.appended.contains(&column)
    }

    /// Writes one record's answer after what it repeats of the record; where its class number
    /// goes, if it has one (see [`Column::Class`]).
    pub(crate) fn write(
        &self,
        out: &mut Vec<u8>,
        record: &Echoed,
        answer: &Answer,
    ) -> Option<usize> {
        match self.format {
            OutputFormat::Csv => csv::write(out, self, record, answer),
            OutputFormat::Lines => lines::write(out, self, answer),
            OutputFormat::Grid(style) => {
                grid::write(out, self, style, answer);
                None
            }
            OutputFormat::Jsonl => jsonl::write(out, self, record, answer),
        }
    }

    /// Bytes each record's answer starts with that the key's very first one must not: the
    /// blank line between grids. (A worker does not know whether its chunk holds the run's
    /// first record; the writer does, and drops them once.)
    pub(crate) fn separator(&self) -> &'static [u8] {
        match self.format {
            OutputFormat::Grid(_) => b"\n",
            OutputFormat::Csv | OutputFormat::Lines | OutputFormat::Jsonl => b"",
        }
    }
}

/// One appended value of a key, written without allocating.
#[derive(Clone, Copy)]
enum Value {
    /// Nothing: an empty CSV field, a JSON null.
    Empty,
    /// A name.
    Text(&'static str),
    Number(u64),
    /// A lower bound: `>=N` (a string in JSON).
    AtLeast(u64),
    /// A number in tenths, written `2.3`.
    Tenths(u16),
    /// Nanoseconds, written as microseconds to a tenth.
    Micros(u64),
    /// A grid's 81 digits (a string in JSON).
    Grid(Grid),
    /// The class number, which the writer puts here (see [`Column::Class`]).
    Class,
}

impl Value {
    /// Its text (nothing for `Empty` and `Class`).
    fn write(self, out: &mut Vec<u8>) {
        use std::io::Write;
        let _ = match self {
            Value::Empty | Value::Class => Ok(()),
            Value::Text(text) => out.write_all(text.as_bytes()),
            Value::Number(n) => write!(out, "{n}"),
            Value::AtLeast(n) => write!(out, ">={n}"),
            Value::Tenths(t) => write!(out, "{}", Score(t)),
            Value::Micros(nanos) => write!(out, "{:.1}", nanos as f64 / 1000.0),
            Value::Grid(g) => out.write_all(&g.to_line(b'0')),
        };
    }
}

/// What an answer key repeats of one record.
pub(crate) struct Echoed<'a> {
    /// What the record's layout echoes.
    pub echo: Echo<'a>,
    /// A CSV row's text may be copied as it is (its delimiter is the key's).
    pub verbatim: bool,
    /// The grid read, for layouts that echo the puzzle written out.
    pub puzzle: Option<&'a Grid>,
}

impl Echoed<'_> {
    /// How many values the record has of its own (fields; 0 for echoes by column).
    fn fields(&self) -> usize {
        match self.echo {
            Echo::Fields { fields, .. } => fields.len(),
            Echo::Cells(_) | Echo::Text(_) | Echo::Puzzle | Echo::Object(_) => 0,
        }
    }

    /// Column `i`'s value, for a key that writes values one by one.
    fn value(&self, i: usize) -> std::borrow::Cow<'_, [u8]> {
        use std::borrow::Cow;
        match self.echo {
            Echo::Fields { fields, .. } => Cow::Borrowed(fields.get(i)),
            Echo::Cells(row) => Cow::Borrowed(crate::record::cells_field(row, i)),
            Echo::Text(text) if i == 0 => Cow::Borrowed(text),
            Echo::Puzzle | Echo::Object(_) if i == 0 => match self.puzzle {
                Some(p) => Cow::Owned(p.to_line(b'0').to_vec()),
                None => Cow::Borrowed(b""),
            },
            Echo::Text(_) | Echo::Puzzle | Echo::Object(_) => Cow::Borrowed(b""),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::OutputFormat;
    use std::path::Path;

    #[test]
    fn an_output_file_name_picks_the_format() {
        let format = |name: &str| OutputFormat::from_extension(Path::new(name));
        for name in ["key.csv", "key.tsv", "KEY.CSV", "dir.x/key.Tsv"] {
            assert_eq!(format(name), Some(OutputFormat::Csv), "{name}");
        }
        for name in ["key.jsonl", "key.ndjson", "key.json", "key.JSONL"] {
            assert_eq!(format(name), Some(OutputFormat::Jsonl), "{name}");
        }
        for name in ["key.csv.gz", "key.TSV.GZ"] {
            assert_eq!(format(name), Some(OutputFormat::Csv), "{name}");
        }
        let delimiter = |name: &str| OutputFormat::delimiter_from_extension(Path::new(name));
        assert_eq!(delimiter("key.TSV.gz"), Some(b'\t'));
        assert_eq!(delimiter("key.csv"), Some(b','));
        assert_eq!(delimiter("key.jsonl"), None);
        for name in [
            "key.txt",
            "key",
            "key.txt.gz",
            ".csv",
            ".csv.gz",
            "key.json.txt",
        ] {
            assert_eq!(format(name), None, "{name}");
        }
    }
}
