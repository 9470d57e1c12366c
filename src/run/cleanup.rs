//! The temporary files a run may leave behind if it is stopped: its outputs being written
//! (the answer key, `--stats`, `--plot`). The signal handler and the panic hook (in `main`)
//! remove them; putting a file in place takes it off the list.
//!
//! The list is the process's, so it is kept only once a program that handles the signals
//! asks for it ([`keep_for_signals`]): a library call (the Python package's) leaves no trace
//! in process-wide state, and its temporary files go when their owner drops them.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static KEPT: AtomicBool = AtomicBool::new(false);

/// Keeps the list from now on: for a program that removes the files on a signal or a panic.
pub fn keep_for_signals() {
    KEPT.store(true, Ordering::SeqCst);
}

/// Notes a temporary file to remove if the run is stopped.
pub(crate) fn register(path: &Path) {
    if KEPT.load(Ordering::SeqCst) {
        lock().push(path.to_path_buf());
    }
}

/// Runs `finish` (which renames or removes the temporary file at `path`) with the list
/// locked, so that a signal waits for it rather than remove a file that is being renamed; then
/// takes `path` off the list.
pub(crate) fn settle<T>(path: &Path, finish: impl FnOnce() -> T) -> T {
    let mut pending = lock();
    let result = finish();
    pending.retain(|p| p != path);
    result
}

/// Removes every pending temporary file (on a signal, or a panic).
pub fn remove_pending() {
    for path in lock().drain(..) {
        let _ = std::fs::remove_file(path);
    }
}

/// Removes every pending temporary file as the process ends abruptly (out of memory, or the C
/// library aborting): never waiting for the list (the thread that ran out may be the one
/// holding it), and freeing nothing (the allocator may be what failed). A path of ordinary
/// length is removed without allocating.
pub fn remove_pending_at_exit() {
    let pending = match PENDING.try_lock() {
        Ok(pending) => pending,
        Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
        Err(std::sync::TryLockError::WouldBlock) => return,
    };
    for path in pending.iter() {
        let _ = std::fs::remove_file(path);
    }
}

fn lock() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    /// A library call (no signal handler asked for the list) leaves nothing in it: removing
    /// the pending files removes none of its files.
    #[test]
    fn without_a_signal_handler_nothing_is_kept() {
        let file = tempfile::NamedTempFile::new().unwrap();
        super::register(file.path());
        super::remove_pending();
        assert!(file.path().exists());
    }
}
