//! Where the answer key goes: stdout, or a file. A file is written under a temporary name
//! beside it and renamed at the end, so a failed run never leaves half an answer key. With
//! `sync` it is also on disk before the rename, so that a crash of the machine cannot leave
//! half of it either (what `gzip --synchronous` does; like gzip, sort and sed, the default
//! leaves that to the operating system).

use anyhow::{Context, bail};
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{SyncSender, sync_channel};
use std::thread::JoinHandle;

/// Bytes written between two background syncs of a temporary answer key.
const SYNC_EVERY: u64 = 1 << 20;

pub struct Sink {
    /// Unbuffered: a chunk's answers arrive as one large write (a buffer would only copy them
    /// once more), and they show at once on a terminal.
    out: Box<dyn Write + Send>,
    /// For messages: the output path, or `stdout`.
    name: String,
    temp: Option<TempKey>,
}

/// An answer key being written under a temporary name.
struct TempKey {
    file: tempfile::NamedTempFile,
    path: PathBuf,
    /// With `sync`: syncs the file in the background as it grows, so that the sync before the
    /// rename waits only for the last megabyte or two rather than for the whole file.
    syncer: Option<Syncer>,
}

impl Sink {
    /// Stdout, or the file at `path`, synced to disk before it is renamed into place if `sync`.
    pub fn open(path: Option<&Path>, sync: bool) -> anyhow::Result<Sink> {
        let Some(path) = path else {
            return Ok(Sink {
                out: Box::new(io::stdout()),
                name: "stdout".into(),
                temp: None,
            });
        };
        let name = path.display().to_string();
        let cannot = || format!("cannot write {name}");
        // A device or pipe (say /dev/null) is written in place: it cannot be renamed onto.
        let (file, temp) = if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .with_context(cannot)?;
            (file, None)
        } else {
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            if !dir.is_dir() {
                bail!("cannot write {name}: {} is not a directory", dir.display());
            }
            let file = tempfile::Builder::new()
                .prefix(".sudoku-batch-")
                .tempfile_in(dir)
                .with_context(cannot)?;
            crate::cleanup::register(file.path());
            let syncer = if sync {
                let handle = file.as_file().try_clone().with_context(cannot)?;
                Some(Syncer::start(handle))
            } else {
                None
            };
            let temp = TempKey {
                syncer,
                path: path.to_path_buf(),
                file,
            };
            (temp.file.reopen().with_context(cannot)?, Some(temp))
        };
        Ok(Sink {
            out: Box::new(file),
            name,
            temp,
        })
    }

    pub fn write(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        self.out
            .write_all(bytes)
            .with_context(|| format!("cannot write {}", self.name))?;
        if let Some(syncer) = self.temp.as_mut().and_then(|t| t.syncer.as_mut()) {
            syncer.wrote(bytes.len());
        }
        Ok(())
    }

    /// Flushes, and puts a temporary file in place (once all of it is on disk, with `sync`).
    pub fn finish(mut self) -> anyhow::Result<()> {
        let cannot = || format!("cannot write {}", self.name);
        self.out.flush().with_context(cannot)?;
        let Some(TempKey {
            file, path, syncer, ..
        }) = self.temp.take()
        else {
            return Ok(());
        };
        if let Some(syncer) = syncer {
            syncer.finish().with_context(cannot)?;
            file.as_file().sync_all().with_context(cannot)?;
        }
        crate::cleanup::settle(|| {
            file.persist(&path)
                .map_err(|e| e.error)
                .with_context(cannot)?;
            Ok(())
        })
    }
}

/// A thread that syncs a file's data whenever asked, keeping the first error: after a failed
/// sync, a later one may succeed without the lost data ever reaching the disk.
struct Syncer {
    requests: SyncSender<()>,
    thread: JoinHandle<io::Result<()>>,
    /// Bytes written since the last request.
    unsynced: u64,
}

impl Syncer {
    fn start(file: File) -> Syncer {
        // Room for one request: one more while a sync runs covers everything written since.
        let (requests, pending) = sync_channel(1);
        let thread = std::thread::spawn(move || {
            let mut result = Ok(());
            for () in pending {
                if result.is_ok() {
                    result = file.sync_data();
                }
            }
            result
        });
        Syncer {
            requests,
            thread,
            unsynced: 0,
        }
    }

    /// Notes `bytes` more written, and asks for a sync every [`SYNC_EVERY`] bytes.
    fn wrote(&mut self, bytes: usize) {
        self.unsynced += bytes as u64;
        if self.unsynced >= SYNC_EVERY {
            self.unsynced = 0;
            // Full: a request is pending, and it will cover this data too. Disconnected: the
            // thread cannot end before `finish`.
            let _ = self.requests.try_send(());
        }
    }

    /// Waits for the syncs asked for; the first error any of them met.
    fn finish(self) -> io::Result<()> {
        drop(self.requests);
        self.thread.join().expect("the sync thread does not panic")
    }
}
