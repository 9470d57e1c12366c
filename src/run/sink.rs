//! Where the answer key goes: stdout, or a file written under a temporary name and put in
//! place at the end (see [`crate::run::target`]). With `sync` a file is also on disk before the
//! rename, so that a crash of the machine cannot leave half of it either (what `gzip
//! --synchronous` does; like gzip, sort and sed, the default leaves that to the operating
//! system).

use crate::run::target::{Pending, Target};
use anyhow::Context;
use std::fs::File;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::mpsc::{SyncSender, sync_channel};
use std::thread::JoinHandle;

/// Bytes written between two background syncs of a temporary answer key.
const SYNC_EVERY: u64 = 1 << 20;

pub(crate) struct Sink {
    out: Out,
    /// For messages: the output's name, or `stdout`.
    name: String,
    /// With `sync`: syncs the file in the background as it grows, so that the sync before the
    /// rename waits only for the last megabyte or two rather than for the whole file.
    syncer: Option<Syncer>,
    /// Bytes written or reserved so far: where the next go.
    length: u64,
    /// Bytes were reserved ([`Sink::reserve`]).
    reserved: bool,
}

/// A file output that the workers write themselves, each chunk at the offset the key's order
/// gives it ([`Sink::reserve`]), so that no thread copies every byte of the key.
#[derive(Clone)]
pub(crate) struct Positioned {
    file: Arc<File>,
    name: Arc<str>,
}

impl Positioned {
    /// Writes all of `bytes` at `offset`.
    pub(crate) fn write_at(&self, bytes: &[u8], offset: u64) -> anyhow::Result<()> {
        use std::os::unix::fs::FileExt;
        self.file
            .write_all_at(bytes, offset)
            .with_context(|| format!("cannot write {}", self.name))
    }
}

/// Unbuffered: a chunk's answers arrive as one large write (a buffer would only copy them once
/// more), and they show at once on a terminal.
enum Out {
    Stdout(io::Stdout),
    File(Pending),
}

impl Sink {
    /// Opens the answer key's target (a file's temporary file is created now); `sync`: a file
    /// is synced to disk before it is put in place.
    pub(crate) fn open(target: &Target, sync: bool) -> anyhow::Result<Sink> {
        let name = target.name();
        let (out, syncer) = match target {
            Target::Stdout => (Out::Stdout(io::stdout()), None),
            Target::File(path) => {
                let pending = Pending::create(path)?;
                let syncer = if sync {
                    let handle = pending.file().try_clone();
                    let handle = handle.with_context(|| format!("cannot write {name}"))?;
                    Some(Syncer::start(handle)?)
                } else {
                    None
                };
                (Out::File(pending), syncer)
            }
        };
        Ok(Sink {
            out,
            name,
            syncer,
            length: 0,
            reserved: false,
        })
    }

    /// Where the workers can write the key themselves, at offsets ([`Sink::reserve`]): a plain
    /// file's temporary file; `None` for stdout, a gzipped key and a device or pipe, which are
    /// written in order by [`Sink::write`].
    pub(crate) fn positioned(&self) -> Option<Positioned> {
        let Out::File(pending) = &self.out else {
            return None;
        };
        let (file, name) = pending.for_positioned_writes()?;
        Some(Positioned {
            file: Arc::new(file),
            name: name.into(),
        })
    }

    /// Reserves the next `len` bytes of a [`Sink::positioned`] key for a worker to write;
    /// returns their offset. Nothing is written here, and nothing is written in order after.
    pub(crate) fn reserve(&mut self, len: usize) -> u64 {
        let at = self.length;
        self.length += len as u64;
        self.reserved = true;
        if let Some(syncer) = self.syncer.as_mut() {
            syncer.wrote(len);
        }
        at
    }

    /// Writes `bytes` next, in order: before any reserved (the file's own position does not
    /// move past those).
    pub(crate) fn write(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        debug_assert!(!self.reserved, "a write in order after bytes reserved");
        match &mut self.out {
            Out::Stdout(out) => out
                .write_all(bytes)
                .with_context(|| format!("cannot write {}", self.name))?,
            Out::File(pending) => pending.write_all(bytes)?,
        }
        self.length += bytes.len() as u64;
        if let Some(syncer) = self.syncer.as_mut() {
            syncer.wrote(bytes.len());
        }
        Ok(())
    }

    /// Flushes, and (with `sync`) waits until all of a file is on disk. Returns the file, to be
    /// put in place with the run's other outputs.
    pub(crate) fn finish(self) -> anyhow::Result<Option<Pending>> {
        let cannot = || format!("cannot write {}", self.name);
        match self.out {
            Out::Stdout(mut out) => {
                match out.flush() {
                    // The reader has gone: what it read is all it wanted.
                    Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
                    flushed => flushed.with_context(cannot)?,
                }
                Ok(None)
            }
            Out::File(mut pending) => {
                pending.end_stream()?;
                if let Some(syncer) = self.syncer {
                    syncer.finish().with_context(cannot)?;
                    pending.file().sync_all().with_context(cannot)?;
                }
                Ok(Some(pending))
            }
        }
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
    fn start(file: File) -> io::Result<Syncer> {
        // Room for one request: one more while a sync runs covers everything written since.
        let (requests, pending) = sync_channel(1);
        let thread = std::thread::Builder::new()
            .name("sync".into())
            .spawn(move || {
                let mut result = Ok(());
                for () in pending {
                    if result.is_ok() {
                        result = file.sync_data();
                    }
                }
                result
            })
            .map_err(|e| crate::run::files::thread_error(e, "the sync thread"))?;
        Ok(Syncer {
            requests,
            thread,
            unsynced: 0,
        })
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

/// A run's outputs: the key, and others written at the end (stats, a chart). Created before
/// anything is done, so that one that cannot be written stops the run before it starts, and
/// put in place together at the end.
pub(crate) struct Outputs {
    /// The answer key's writer.
    pub key: Sink,
    /// Each other output's temporary file, or `None` for stdout.
    extras: Vec<Option<Pending>>,
}

impl Outputs {
    /// Creates the key's output (synced to disk before it is put in place, with `sync`) and
    /// the others'.
    pub(crate) fn create(key: &Target, sync: bool, extras: &[&Target]) -> anyhow::Result<Outputs> {
        let key = Sink::open(key, sync)?;
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
    pub(crate) fn finish(self, contents: Vec<Vec<u8>>) -> anyhow::Result<()> {
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
