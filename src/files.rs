//! Which paths name the same file (device and inode numbers, after following links), and the
//! standard streams' state. Used to refuse a stream given twice as input, and an output that
//! is an input or another output. Also the errors about the file system that are not the
//! system's own.

use std::fs::Metadata;
use std::io;
use std::path::{Path, PathBuf};

/// A file's identity, where the system has one (Unix).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identity {
    dev: u64,
    ino: u64,
}

/// The identity of the file `meta` describes.
#[cfg(unix)]
pub fn identity(meta: &Metadata) -> Option<Identity> {
    use std::os::unix::fs::MetadataExt;
    Some(Identity {
        dev: meta.dev(),
        ino: meta.ino(),
    })
}

#[cfg(not(unix))]
pub fn identity(_: &Metadata) -> Option<Identity> {
    None
}

/// The identity of the file at `path` (links followed), if it exists.
pub fn path_identity(path: &Path) -> Option<Identity> {
    std::fs::metadata(path).ok().as_ref().and_then(identity)
}

/// The identity of whatever stdin is (a file, a pipe, a terminal).
#[cfg(unix)]
pub fn stdin_identity() -> Option<Identity> {
    use std::os::fd::AsFd;
    let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
    std::fs::File::from(fd)
        .metadata()
        .ok()
        .as_ref()
        .and_then(identity)
}

#[cfg(not(unix))]
pub fn stdin_identity() -> Option<Identity> {
    None
}

/// Where a file that may not exist yet would be: its directory, resolved (links followed),
/// and its name. Two paths with the same place are the same file once written.
fn place(path: &Path) -> Option<(PathBuf, std::ffi::OsString)> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    Some((dir.canonicalize().ok()?, path.file_name()?.to_os_string()))
}

/// True when `a` and `b` name the same file: the same identity when both exist (through links
/// and hard links alike), else the same directory and name.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (path_identity(a), path_identity(b)) {
        (Some(x), Some(y)) => x == y,
        (None, None) => place(a).is_some_and(|p| Some(p) == place(b)),
        _ => false,
    }
}

/// Which of the standard streams (stdin, stdout, stderr) were closed when the process started.
///
/// Rust's runtime reopens a closed standard stream on `/dev/null` before `main` (so no file
/// the run opens can take its number: a closed stderr never turns an answer key into the place
/// messages go). What is left to see of a closed stream is that: `/dev/null`, opened for reading
/// and writing, which a shell's `> /dev/null` never does (it opens it write-only). On Linux
/// that is read from `/proc/self/fdinfo`; elsewhere a closed stream reads as open, and what is
/// written to it goes nowhere, as to `/dev/null`.
#[derive(Debug, Clone, Copy, Default)]
pub struct StandardStreams {
    pub closed: [bool; 3],
}

impl StandardStreams {
    /// The standard streams' state now: call first thing in `main`.
    pub fn at_start() -> StandardStreams {
        let mut streams = StandardStreams::default();
        for (fd, closed) in streams.closed.iter_mut().enumerate() {
            *closed = reopened_on_null(fd);
        }
        streams
    }

    pub fn stdout_closed(&self) -> bool {
        self.closed[1]
    }
}

/// True when standard stream `fd` is `/dev/null` opened read-write: what the runtime made of a
/// closed one.
fn reopened_on_null(fd: usize) -> bool {
    let is_null = std::fs::read_link(format!("/proc/self/fd/{fd}"))
        .is_ok_and(|target| target == Path::new("/dev/null"));
    let read_write = || {
        let info = std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}")).unwrap_or_default();
        info.lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|flags| flags & 0o3 == 0o2) // O_ACCMODE == O_RDWR
    };
    is_null && read_write()
}

/// An error about a path that the system did not report but that is of the system's kind (a
/// missing directory, a directory where a file should be): an `io::Error` under the message,
/// so that callers (the Python package's `OSError`) can tell it from a wrong argument.
pub fn path_error(kind: io::ErrorKind, message: String) -> anyhow::Error {
    io::Error::new(kind, message).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_file_by_identity_or_by_place() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.txt");
        std::fs::write(&a, "x").unwrap();
        let hard = dir.path().join("hard.txt");
        std::fs::hard_link(&a, &hard).unwrap();
        assert!(same_file(&a, &hard));
        #[cfg(unix)]
        {
            let link = dir.path().join("link.txt");
            std::os::unix::fs::symlink(&a, &link).unwrap();
            assert!(same_file(&a, &link));
        }
        let new = dir.path().join("new.txt");
        let dotted = dir.path().join(".").join("new.txt");
        assert!(same_file(&new, &dotted), "not yet there, same place");
        assert!(!same_file(&new, &a));
        assert!(!same_file(&new, &dir.path().join("other.txt")));
    }
}
