//! Which paths name the same file (device and inode numbers, after following links), and the
//! standard streams' state. Used to refuse a stream given twice as input, and an output that
//! is an input or another output. Also the errors about the file system that are not the
//! system's own.

use std::fs::Metadata;
use std::io;
use std::path::{Path, PathBuf};

/// A file's identity, where the system has one (Unix).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Identity {
    dev: u64,
    ino: u64,
}

/// The identity of the file `meta` describes.
#[cfg(unix)]
pub(crate) fn identity(meta: &Metadata) -> Option<Identity> {
    use std::os::unix::fs::MetadataExt;
    Some(Identity {
        dev: meta.dev(),
        ino: meta.ino(),
    })
}

#[cfg(not(unix))]
pub(crate) fn identity(_: &Metadata) -> Option<Identity> {
    None
}

/// The identity of the file at `path` (links followed), if it exists.
pub(crate) fn path_identity(path: &Path) -> Option<Identity> {
    std::fs::metadata(path).ok().as_ref().and_then(identity)
}

/// The identity of whatever stdin is (a file, a pipe, a terminal).
#[cfg(unix)]
pub(crate) fn stdin_identity() -> Option<Identity> {
    use std::os::fd::AsFd;
    let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
    std::fs::File::from(fd)
        .metadata()
        .ok()
        .as_ref()
        .and_then(identity)
}

#[cfg(not(unix))]
pub(crate) fn stdin_identity() -> Option<Identity> {
    None
}

/// The descriptor of this process that `path` names through `/proc` (`/dev/stdout`,
/// `/dev/fd/3`, `/proc/self/fd/1`, or a link to one of those), following links hop by hop.
/// Such a path is a window on a descriptor the shell opened: opened by name, it would start a
/// new file at offset 0 (or, replaced by a rename, stop being the descriptor at all), so it is
/// written through the descriptor itself.
#[cfg(target_os = "linux")]
pub(crate) fn descriptor_of(path: &Path) -> Option<i32> {
    let pid = std::process::id().to_string();
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        if let Some(dir) = dir.and_then(|d| d.canonicalize().ok()) {
            let parts: Vec<_> = dir.iter().filter_map(|p| p.to_str()).collect();
            let ours = match parts.as_slice() {
                ["/", "proc", p, "fd"] | ["/", "proc", p, "task", _, "fd"] => *p == pid,
                _ => false,
            };
            if ours {
                return path.file_name()?.to_str()?.parse().ok();
            }
        }
        let target = std::fs::read_link(&path).ok()?;
        path = match dir {
            Some(dir) if target.is_relative() => dir.join(target),
            _ => target,
        };
    }
    None
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn descriptor_of(_: &Path) -> Option<i32> {
    None
}

/// A new handle on this process's descriptor `fd` (see [`descriptor_of`]): writes through it
/// go where the descriptor's do, at its offset.
#[cfg(unix)]
pub(crate) fn reopen_descriptor(fd: i32) -> io::Result<std::fs::File> {
    use std::os::fd::BorrowedFd;
    if !std::path::Path::new(&format!("/proc/self/fd/{fd}")).exists() {
        return Err(io::Error::from_raw_os_error(9)); // EBADF: not open
    }
    // SAFETY: the descriptor is open (checked just above) and borrowed only to duplicate it.
    let borrowed = unsafe { BorrowedFd::borrow_raw(fd) };
    Ok(std::fs::File::from(borrowed.try_clone_to_owned()?))
}

#[cfg(not(unix))]
pub(crate) fn reopen_descriptor(_: i32) -> io::Result<std::fs::File> {
    Err(io::ErrorKind::Unsupported.into())
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
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
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

    pub fn stdin_closed(&self) -> bool {
        self.closed[0]
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

/// The error of a thread that could not be started: the system had no memory for its stack
/// (or, rarely, a limit on threads was reached), said as such.
pub fn thread_error(e: io::Error, what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::OutOfMemory,
        format!("out of memory: cannot start {what} ({e})"),
    )
}

/// True when `err` is the system's out of memory (`ENOMEM`, or an error said as such).
pub fn is_out_of_memory(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>().is_some_and(|io| {
            io.kind() == io::ErrorKind::OutOfMemory || io.raw_os_error() == Some(12)
        })
    })
}

/// True when `err` comes from writing to a pipe whose reader has gone (`| head`).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// An error about a path that the system did not report but that is of the system's kind (a
/// missing directory, a directory where a file should be): an `io::Error` under the message,
/// so that callers (the Python package's `OSError`) can tell it from a wrong argument.
pub(crate) fn path_error(kind: io::ErrorKind, message: String) -> anyhow::Error {
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
