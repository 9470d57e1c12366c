//! The temporary files a run may leave behind if it is stopped: its outputs being written
//! (the answer key, `--stats`, `--plot`). The signal handler and the panic hook (in `main`)
//! remove them; putting a file in place takes it off the list.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Notes a temporary file to remove if the run is stopped.
pub fn register(path: &Path) {
    lock().push(path.to_path_buf());
}

/// Runs `finish` (which renames or removes the temporary file at `path`) with the list
/// locked, so that a signal waits for it rather than remove a file that is being renamed; then
/// takes `path` off the list.
pub fn settle<T>(path: &Path, finish: impl FnOnce() -> T) -> T {
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

fn lock() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
