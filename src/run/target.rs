//! Where outputs go, and how a file output is written whole or not at all.
//!
//! Every output (the answer key, `--stats`, `--plot`) is checked before anything is solved:
//! its directory exists, it is not an input, and no two outputs are the same file. A file
//! output is written under a temporary name beside it (`.sudoku-batch-XXXXXX`), created up
//! front, and renamed onto it only when the run has succeeded, so a failed or interrupted run
//! leaves no half file and changes nothing else. The temporary file has the mode the final
//! file must have: what a shell redirect gives a new file (0666 less the umask), or the mode
//! of the file it replaces. A device or a pipe (`/dev/null`, a FIFO) is written in place.

use crate::input::InputPath;
use crate::names::quoted;
use crate::run::files::path_error;
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
    /// `-` is stdout, and so is a path to it through `/proc` (`/dev/stdout`: see
    /// `crate::run::files::descriptor_of`).
    pub fn from_arg(path: &Path) -> Target {
        if path == Path::new("-") || crate::run::files::descriptor_of(path) == Some(1) {
            Target::Stdout
        } else {
            Target::File(path.to_path_buf())
        }
    }

    /// The name in messages.
    pub(crate) fn name(&self) -> String {
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
                (Target::File(a), Target::File(b)) => crate::run::files::same_file(a, b),
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
        gzipped(path)?;
        for input in inputs {
            let same = match input {
                InputPath::File(input_path) => crate::run::files::same_file(path, input_path),
                // The file on stdin (`< puzzles.txt`) is an input under no name of its own.
                InputPath::Stdin => crate::run::files::stdin_identity()
                    .is_some_and(|id| crate::run::files::path_identity(path) == Some(id)),
            };
            if same {
                bail!(
                    "{what} {} is the input {}: writing it would destroy the puzzles",
                    quoted(path),
                    input.display_name()
                );
            }
        }
        let dir = directory(path);
        if dir.exists() && !dir.is_dir() {
            return Err(path_error(
                ErrorKind::NotADirectory,
                format!(
                    "cannot write {}: {} is a file, not a directory",
                    quoted(path),
                    quoted(dir)
                ),
            ));
        }
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

/// Extensions of packers whose files are not written, with the command that packs a file so.
const OTHER_PACKERS: [(&str, &str); 9] = [
    ("zip", "zip"),
    ("xz", "xz"),
    ("bz2", "bzip2"),
    ("zst", "zstd"),
    ("7z", "7z a"),
    ("lz4", "lz4"),
    ("lz", "lzip"),
    ("tgz", "tar -czf"),
    ("tar", "tar -cf"),
];

/// True when a file output is written gzipped, as its name (`*.gz`) asks; an error for a name
/// that asks for another packer, which would otherwise get plain text under its name.
pub(crate) fn gzipped(path: &Path) -> anyhow::Result<bool> {
    let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
        return Ok(false);
    };
    let ext = ext.to_ascii_lowercase();
    if let Some((_, command)) = OTHER_PACKERS.iter().find(|(e, _)| *e == ext) {
        bail!(
            "cannot write {}: only gzip (.gz) is written packed; write it plain and pack it after ({command})",
            quoted(path)
        );
    }
    Ok(ext == "gz")
}

fn directory(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// A file output being written: under a temporary name until [`Pending::commit`], or in
/// place when the target is a device or a pipe.
pub(crate) struct Pending {
    file: File,
    /// For a name that ends in `.gz`: the gzip stream, which writes to `file` (boxed: it is
    /// large, and most outputs have none).
    gzip: Option<Box<flate2::write::GzEncoder<File>>>,
    target: PathBuf,
    /// The temporary file, while there is one.
    temp: Option<tempfile::TempPath>,
}

impl Pending {
    /// Creates the temporary file beside `target` (or opens a device or pipe in place, and
    /// a descriptor named through `/proc` through the descriptor).
    pub(crate) fn create(target: &Path) -> anyhow::Result<Pending> {
        let mut pending = Pending::create_plain(target)?;
        if gzipped(target)? {
            let file = pending.file.try_clone();
            let file = file.with_context(|| format!("cannot write {}", quoted(target)))?;
            let level = flate2::Compression::default();
            pending.gzip = Some(Box::new(flate2::write::GzEncoder::new(file, level)));
        }
        Ok(pending)
    }

    fn create_plain(target: &Path) -> anyhow::Result<Pending> {
        let cannot = || format!("cannot write {}", quoted(target));
        if let Some(fd) = crate::run::files::descriptor_of(target) {
            return Ok(Pending {
                file: crate::run::files::reopen_descriptor(fd).with_context(cannot)?,
                gzip: None,
                target: target.to_path_buf(),
                temp: None,
            });
        }
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
                gzip: None,
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
        crate::run::cleanup::register(temp.path());
        if let Some(meta) = &existing {
            // Replacing a file keeps its mode.
            temp.as_file()
                .set_permissions(meta.permissions())
                .with_context(cannot)?;
        }
        let (file, temp) = temp.into_parts();
        Ok(Pending {
            file,
            gzip: None,
            target: target.to_path_buf(),
            temp: Some(temp),
        })
    }

    /// The open temporary file.
    pub(crate) fn file(&self) -> &File {
        &self.file
    }

    /// A handle to write the file at offsets from other threads, and its name for messages:
    /// for a temporary regular file written plain (not gzipped: a stream; not a device or pipe
    /// written in place, which has no offsets).
    pub(crate) fn for_positioned_writes(&self) -> Option<(File, String)> {
        if self.temp.is_none() || self.gzip.is_some() {
            return None;
        }
        Some((self.file.try_clone().ok()?, quoted(&self.target)))
    }

    /// Writes all of `bytes` (gzipped, for a `.gz` name).
    pub(crate) fn write_all(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let written = match &mut self.gzip {
            Some(gzip) => gzip.write_all(bytes),
            None => self.file.write_all(bytes),
        };
        written.with_context(|| format!("cannot write {}", quoted(&self.target)))
    }

    /// Ends the gzip stream, if there is one: all is in the file after.
    pub(crate) fn end_stream(&mut self) -> anyhow::Result<()> {
        if let Some(gzip) = self.gzip.take() {
            gzip.finish()
                .with_context(|| format!("cannot write {}", quoted(&self.target)))?;
        }
        Ok(())
    }

    /// Puts the file in place: renames the temporary file onto the target.
    pub(crate) fn commit(mut self) -> anyhow::Result<()> {
        self.end_stream()?;
        let Some(temp) = self.temp else {
            return Ok(());
        };
        let path = temp.to_path_buf();
        let target = self.target;
        crate::run::cleanup::settle(&path, || {
            temp.persist(&target)
                .map_err(|e| e.error)
                .with_context(|| format!("cannot write {}", quoted(&target)))
        })
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
