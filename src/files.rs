//! Which paths name the same file: device and inode numbers, after following links. Used to
//! refuse a stream given twice as input, and an output that is an input or another output.

use std::fs::Metadata;

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
pub fn path_identity(path: &std::path::Path) -> Option<Identity> {
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
