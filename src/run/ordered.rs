//! The ordered parallel path every command runs on: pieces of work are made in order on the
//! calling thread, done in parallel on a rayon pool, and taken in the order they were made on
//! a writer thread. A slow piece holds up only itself while the workers go on with later ones;
//! the writer waits for it, holding what came after.
//!
//! Memory stays flat: a fixed number of tokens circulate, each carrying one piece's buffers.
//! A piece is made only when a token is free, and the writer frees one for each piece it takes,
//! so the next piece reuses that one's buffers.

use std::collections::BTreeMap;
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};

/// Runs `make` → `work` → `take` over tokens of type `T`, at most `in_flight` at once.
/// - `make` fills a token with the next piece of work; false when there is none left.
/// - `work` does a piece, on the pool.
/// - `take` consumes a done piece, in order, on the writer thread.
///
/// Returns the first error of `make` or `take`. When `take` fails, making stops.
pub fn run<T: Default + Send + 'static>(
    pool: &rayon::ThreadPool,
    in_flight: usize,
    mut make: impl FnMut(&mut T) -> anyhow::Result<bool>,
    work: impl Fn(&mut T) + Send + Sync + 'static,
    take: impl FnMut(&mut T) -> anyhow::Result<()> + Send,
) -> anyhow::Result<()> {
    let work = std::sync::Arc::new(work);
    let (token_tx, token_rx) = sync_channel(in_flight);
    for _ in 0..in_flight {
        token_tx
            .send(T::default())
            .expect("the channel has room for every token");
    }
    let (done_tx, done_rx) = channel();
    let (made, taken) = std::thread::scope(|s| {
        let writer = std::thread::Builder::new()
            .name("writer".into())
            .spawn_scoped(s, move || take_in_order(done_rx, token_tx, take));
        let writer = match writer {
            Ok(writer) => writer,
            Err(e) => {
                let e = crate::run::files::thread_error(e, "the writer thread");
                return (Err(e.into()), Ok(()));
            }
        };
        let made = (|| {
            let mut seq = 0u64;
            // A token is free when the writer gives it back; none comes once it has stopped.
            while let Ok(mut token) = token_rx.recv() {
                if !make(&mut token)? {
                    break;
                }
                let done = done_tx.clone();
                let n = seq;
                seq += 1;
                let work = work.clone();
                pool.spawn(move || {
                    // A panic is a bug: the hook (in `main`) has said so and removed the
                    // temporary files. End here: the scope would only wait for the piece that
                    // will never come, and the writer with it.
                    let worked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        work(&mut token);
                    }));
                    if worked.is_err() {
                        std::process::abort();
                    }
                    let _ = done.send((n, token));
                });
            }
            anyhow::Ok(())
        })();
        // The last sender: once it is gone (and the workers' with their pieces), the writer
        // knows that no more are coming.
        drop(done_tx);
        (
            made,
            writer.join().expect("the writer thread does not panic"),
        )
    });
    taken?;
    made
}

/// Takes done pieces in the order they were made, giving each token back after.
fn take_in_order<T>(
    done: Receiver<(u64, T)>,
    tokens: SyncSender<T>,
    mut take: impl FnMut(&mut T) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut pending = BTreeMap::new();
    let mut next = 0;
    for (seq, token) in done {
        pending.insert(seq, token);
        while let Some(mut token) = pending.remove(&next) {
            take(&mut token)?;
            next += 1;
            let _ = tokens.send(token);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_done_out_of_order_is_taken_in_order() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        let mut next = 0u64;
        let mut taken = Vec::new();
        run(
            &pool,
            3,
            |slot: &mut (u64, u64)| {
                next += 1;
                slot.0 = next;
                Ok(next <= 200)
            },
            // Early pieces take longest, so that later ones finish first.
            |slot: &mut (u64, u64)| {
                std::thread::sleep(std::time::Duration::from_micros(200 / slot.0));
                slot.1 = slot.0 * slot.0;
            },
            |slot: &mut (u64, u64)| {
                taken.push(slot.1);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(taken, (1..=200).map(|i| i * i).collect::<Vec<_>>());
    }

    #[test]
    fn a_failed_take_stops_the_making() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let mut made = 0;
        let result = run(
            &pool,
            2,
            |_: &mut u8| {
                made += 1;
                Ok(true) // endless, unless taking stops it
            },
            |_: &mut u8| {},
            |_: &mut u8| anyhow::bail!("the reader has gone"),
        );
        assert!(result.is_err());
        assert!(made < 10, "{made}");
    }
}
