//! The one temporary file a run may leave behind if it is killed: the answer key being
//! written. The signal handler (in `main`) removes it; finishing the run takes it off the list.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

static PENDING: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Notes a temporary file to remove if the run is interrupted.
pub fn register(path: &Path) {
    *lock() = Some(path.to_path_buf());
}

/// Runs `finish` (which renames or removes the temporary file) with the list locked, so that
/// an interrupt waits for it rather than removing a file that is being renamed.
pub fn settle<T>(finish: impl FnOnce() -> T) -> T {
    let mut pending = lock();
    let result = finish();
    *pending = None;
    result
}

/// Removes the pending temporary file, if any (called on SIGINT or SIGTERM).
pub fn remove_pending() {
    if let Some(path) = lock().take() {
        let _ = std::fs::remove_file(path);
    }
}

fn lock() -> std::sync::MutexGuard<'static, Option<PathBuf>> {
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
