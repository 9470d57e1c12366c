//! Where outputs go, and how a file output is written whole or not at all.
//!
//! Every output (the answer key, `--stats`, `--plot`) is checked before anything is solved:
//! its directory exists, it is not an input, and no two outputs are the same file. A file
//! output is written under a temporary name beside it (`.sudoku-batch-XXXXXX`), created up
//! front, and renamed onto it only when the run has succeeded, so a failed or interrupted run
//! leaves no half file and changes nothing else. The temporary file has the mode the final
//! file must have: what a shell redirect gives a new file (0666 less the umask), or the mode
//! of the file it replaces. A device or a pipe (`/dev/null`, a FIFO) is written in place.

use crate::files::path_error;
use crate::input::InputPath;
use crate::names::quoted;
use anyhow::{Context, bail};
use std::fs::File;
use std::io::ErrorKind;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where an output goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Standard output (`-`).
    Stdout,
    /// A file, written under a temporary name and renamed into place when whole.
    File(PathBuf),
}

impl Target {
    /// `-` is stdout.
    pub fn from_arg(path: &Path) -> Target {
        if path == Path::new("-") {
            Target::Stdout
        } else {
            Target::File(path.to_path_buf())
        }
    }

    /// The name in messages.
    pub fn name(&self) -> String {
        match self {
            Target::Stdout => "stdout".into(),
            Target::File(p) => quoted(p),
        }
    }
}

/// Checks a run's outputs (each with what it is, say `--stats`) against its inputs and each
/// other: no output is an input, no two outputs are the same file or both stdout, and each
/// file's directory exists.
pub fn check(outputs: &[(&str, &Target)], inputs: &[InputPath]) -> anyhow::Result<()> {
    for (i, (what, target)) in outputs.iter().enumerate() {
        for (other, earlier) in &outputs[..i] {
            let same = match (target, earlier) {
                (Target::Stdout, Target::Stdout) => true,
                (Target::File(a), Target::File(b)) => crate::files::same_file(a, b),
                _ => false,
            };
            if same {
                bail!(
                    "{other} and {what} would both be written to {}: give each its own place",
                    target.name()
                );
            }
        }
        let Target::File(path) = target else {
            continue;
        };
        for input in inputs {
            if let InputPath::File(input_path) = input
                && crate::files::same_file(path, input_path)
            {
                bail!(
                    "{what} {} is the input {}: writing it would destroy the puzzles",
                    quoted(path),
                    input.display_name()
                );
            }
        }
        let dir = directory(path);
        if !dir.is_dir() {
            return Err(path_error(
                ErrorKind::NotFound,
                format!(
                    "cannot write {}: the directory {} does not exist",
                    quoted(path),
                    quoted(dir)
                ),
            ));
        }
    }
    Ok(())
}

fn directory(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// A file output being written: under a temporary name until [`Pending::commit`], or in
/// place when the target is a device or a pipe.
pub struct Pending {
    file: File,
    target: PathBuf,
    /// The temporary file, while there is one.
    temp: Option<tempfile::TempPath>,
}

impl Pending {
    /// Creates the temporary file beside `target` (or opens a device or pipe in place).
    pub fn create(target: &Path) -> anyhow::Result<Pending> {
        let cannot = || format!("cannot write {}", quoted(target));
        let existing = std::fs::metadata(target).ok();
        if existing
            .as_ref()
            .is_some_and(|m| !m.is_file() && !m.is_dir())
        {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(target)
                .with_context(cannot)?;
            return Ok(Pending {
                file,
                target: target.to_path_buf(),
                temp: None,
            });
        }
        if existing.as_ref().is_some_and(|m| m.is_dir()) {
            let message = format!("cannot write {}: it is a directory", quoted(target));
            return Err(path_error(ErrorKind::IsADirectory, message));
        }
        let mut builder = tempfile::Builder::new();
        builder.prefix(".sudoku-batch-");
        // What a shell redirect gives a new file: 0666, less the umask (which the system
        // applies as it creates the file).
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let temp = builder
            .tempfile_in(directory(target))
            .with_context(cannot)?;
        crate::cleanup::register(temp.path());
        if let Some(meta) = &existing {
            // Replacing a file keeps its mode.
            temp.as_file()
                .set_permissions(meta.permissions())
                .with_context(cannot)?;
        }
        let (file, temp) = temp.into_parts();
        Ok(Pending {
            file,
            target: target.to_path_buf(),
            temp: Some(temp),
        })
    }

    /// The open temporary file.
    pub fn file(&self) -> &File {
        &self.file
    }

    /// Writes all of `bytes`.
    pub fn write_all(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        self.file
            .write_all(bytes)
            .with_context(|| format!("cannot write {}", quoted(&self.target)))
    }

    /// Puts the file in place: renames the temporary file onto the target.
    pub fn commit(self) -> anyhow::Result<()> {
        let Some(temp) = self.temp else {
            return Ok(());
        };
        let path = temp.to_path_buf();
        let target = self.target;
        crate::cleanup::settle(&path, || {
            temp.persist(&target)
                .map_err(|e| e.error)
                .with_context(|| format!("cannot write {}", quoted(&target)))
        })
    }
}

/// A run's outputs: the key, and others written at the end (stats, a chart). Created before
/// anything is done, so that one that cannot be written stops the run before it starts, and
/// put in place together at the end.
pub struct Outputs {
    /// The answer key's writer.
    pub key: crate::sink::Sink,
    /// Each other output's temporary file, or `None` for stdout.
    extras: Vec<Option<Pending>>,
}

impl Outputs {
    /// Creates the key's output (synced to disk before it is put in place, with `sync`) and
    /// the others'.
    pub fn create(key: &Target, sync: bool, extras: &[&Target]) -> anyhow::Result<Outputs> {
        let key = crate::sink::Sink::open(key, sync)?;
        let extras = extras
            .iter()
            .map(|target| match target {
                Target::File(path) => Pending::create(path).map(Some),
                Target::Stdout => Ok(None),
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Outputs { key, extras })
    }

    /// Writes the other outputs' contents (in the order they were created), then puts every
    /// file in place: all are complete before any is renamed.
    pub fn finish(self, contents: Vec<Vec<u8>>) -> anyhow::Result<()> {
        assert_eq!(contents.len(), self.extras.len(), "one content per output");
        let mut files = vec![self.key.finish()?];
        for (file, bytes) in self.extras.into_iter().zip(contents) {
            match file {
                Some(mut file) => {
                    file.write_all(&bytes)?;
                    files.push(Some(file));
                }
                None => std::io::stdout()
                    .write_all(&bytes)
                    .context("cannot write stdout")?,
            }
        }
        for file in files.into_iter().flatten() {
            file.commit()?;
        }
        Ok(())
    }
}

/// Writes `bytes` to an output: stdout, or a file, whole (a temporary file renamed).
pub fn write_whole(target: &Target, bytes: &[u8]) -> anyhow::Result<()> {
    match target {
        Target::Stdout => std::io::stdout()
            .write_all(bytes)
            .context("cannot write stdout"),
        Target::File(path) => {
            let mut pending = Pending::create(path)?;
            pending.write_all(bytes)?;
            pending.commit()
        }
    }
}
