//! The ordered parallel path every command runs on: pieces of work are made in order on the
//! calling thread, done in parallel on a rayon pool, and taken in the order they were made. A
//! slow piece holds up only itself while the workers go on with later ones; what came after it
//! waits, in order, until it is done.
//!
//! No thread waits for every piece. The worker that finishes the piece next in order takes it
//! there and then, and every piece after it that is already done; a worker that finishes a
//! piece out of order leaves it and goes on. So the in-order stage costs only its own work, with
//! no thread put to sleep and woken for each piece: a writer thread of its own spent about
//! 18 µs of CPU a piece being woken (the million Kaggle rows, 2 cores), more than its work.
//!
//! Memory stays flat: a fixed number of tokens circulate, each carrying one piece's buffers.
//! A piece is made only when a token is free, and each piece taken frees its token (after its
//! `After`, when there is one), so the next piece reuses that one's buffers.

use crate::report::cpu;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// What is done with a piece on the pool once it is taken, in no order (say, a write at the
/// offset its `take` found): its token is free after.
pub(crate) type After<'a, T> = &'a (dyn Fn(&mut T) -> anyhow::Result<()> + Sync);

/// The CPU time a run spent in its serial stages.
#[derive(Debug, Clone, Copy, Default)]
pub struct Spent {
    /// The calling thread's, making pieces (until the last was made).
    pub making: Duration,
    /// Taking pieces in order, over whichever workers took them.
    pub taking: Duration,
}

/// Runs `make` → `work` → `take` over tokens of type `T`, at most `in_flight` at once.
/// - `make` fills a token with the next piece of work, on the calling thread; false when there
///   is none left.
/// - `work` does the piece, on the pool.
/// - `take` gets the done pieces in the order they were made, on the pool, one at a time.
///
/// Returns the first error of `take` or `make` (when `take` fails, making stops), and the time
/// spent making and taking.
pub fn run<T: Default + Send>(
    pool: &rayon::ThreadPool,
    in_flight: usize,
    make: impl FnMut(&mut T) -> anyhow::Result<bool>,
    work: impl Fn(&mut T) + Sync,
    take: impl FnMut(&mut T) -> anyhow::Result<()> + Send,
) -> (anyhow::Result<()>, Spent) {
    run_then(pool, in_flight, make, work, take, None)
}

/// [`run`], and then `after` each piece taken, on the pool, before its token is used again: so
/// that the work on a piece that need not be in order (writing its bytes at the place `take`
/// gave them) is the workers', and only what must be in order is serial. The first error of
/// `after` stops the run as `take`'s does; the run returns once every `after` is done.
pub fn run_then<T: Default + Send>(
    pool: &rayon::ThreadPool,
    in_flight: usize,
    mut make: impl FnMut(&mut T) -> anyhow::Result<bool>,
    work: impl Fn(&mut T) + Sync,
    take: impl FnMut(&mut T) -> anyhow::Result<()> + Send,
    after: Option<After<'_, T>>,
) -> (anyhow::Result<()>, Spent) {
    let tokens = Tokens::new(in_flight);
    let order = Order::new(take);
    let making_from = cpu::thread();
    let mut making = Duration::ZERO;
    let made = pool.in_place_scope(|scope| {
        let (tokens, order, work) = (&tokens, &order, &work);
        let mut seq = 0u64;
        let made = (|| {
            // A batch of free tokens at a time: the thread sleeps and wakes once a batch.
            while let Some(batch) = tokens.free_batch() {
                for mut token in batch {
                    if !make(&mut token)? {
                        return anyhow::Ok(());
                    }
                    let n = seq;
                    seq += 1;
                    scope.spawn(move |scope| {
                        // A panic is a bug: the hook (in `main`) has said so and removed the
                        // temporary files. End here: the scope would wait for the piece that
                        // will never be taken, and everything after it.
                        let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            work(&mut token);
                            for mut token in order.offer(n, token, tokens) {
                                match after {
                                    None => tokens.give_back(token),
                                    Some(after) => scope.spawn(move |_| {
                                        if let Err(e) = after(&mut token) {
                                            order.fail(e, tokens);
                                        }
                                        tokens.give_back(token);
                                    }),
                                }
                            }
                        }));
                        if done.is_err() {
                            std::process::abort();
                        }
                    });
                }
            }
            anyhow::Ok(())
        })();
        making = cpu::thread().saturating_sub(making_from);
        made
    });
    let (failed, taking) = order.finish();
    let spent = Spent { making, taking };
    match failed {
        Some(e) => (Err(e), spent),
        None => (made, spent),
    }
}

/// The free tokens, and whether the run has stopped (a piece's `take` or `after` failed).
struct Tokens<T> {
    free: Mutex<Vec<T>>,
    freed: Condvar,
    stopped: AtomicBool,
    /// The maker waits until this many are free: a quarter of them, so that three quarters
    /// are still in flight, the workers never short of pieces.
    batch: usize,
}

impl<T> Tokens<T> {
    fn new(in_flight: usize) -> Tokens<T>
    where
        T: Default,
    {
        let in_flight = in_flight.max(1);
        Tokens {
            free: Mutex::new((0..in_flight).map(|_| T::default()).collect()),
            freed: Condvar::new(),
            stopped: AtomicBool::new(false),
            batch: in_flight.div_ceil(4),
        }
    }

    /// Waits for a batch of free tokens and takes them all; `None` once the run has stopped.
    fn free_batch(&self) -> Option<Vec<T>> {
        let mut free = lock(&self.free);
        while free.len() < self.batch && !self.stopped.load(Ordering::Acquire) {
            free = self.freed.wait(free).expect("no panic holds it");
        }
        if self.stopped.load(Ordering::Acquire) {
            return None;
        }
        Some(std::mem::take(&mut *free))
    }

    fn give_back(&self, token: T) {
        let mut free = lock(&self.free);
        free.push(token);
        if free.len() == self.batch {
            self.freed.notify_one();
        }
    }

    fn stop(&self) {
        self.stopped.store(true, Ordering::Release);
        let _free = lock(&self.free);
        self.freed.notify_one();
    }
}

/// The pieces done but not yet taken, and the taking.
struct Order<T, K> {
    done: Mutex<Done<T>>,
    /// Held by the worker taking pieces: one at a time, in order.
    taker: Mutex<Taker<K>>,
}

struct Done<T> {
    /// The next piece to take.
    next: u64,
    waiting: BTreeMap<u64, T>,
}

struct Taker<K> {
    take: K,
    spent: Duration,
    /// The first error of a `take` or an `after`: no piece is taken after it.
    failed: Option<anyhow::Error>,
}

impl<T, K: FnMut(&mut T) -> anyhow::Result<()>> Order<T, K> {
    fn new(take: K) -> Order<T, K> {
        Order {
            done: Mutex::new(Done {
                next: 0,
                waiting: BTreeMap::new(),
            }),
            taker: Mutex::new(Taker {
                take,
                spent: Duration::ZERO,
                failed: None,
            }),
        }
    }

    /// Offers piece `seq`, done. Unless another worker is taking pieces (who will take this
    /// one too, if it is next), takes every piece that is next in order, and returns those
    /// taken (the failed one included) for their `after` and their tokens. Once the run has
    /// failed, pieces are given back untaken.
    fn offer(&self, seq: u64, token: T, tokens: &Tokens<T>) -> Vec<T> {
        lock(&self.done).waiting.insert(seq, token);
        let mut taken = Vec::new();
        loop {
            let Ok(mut taker) = self.taker.try_lock() else {
                // Its holder looks again once it lets go (below), so the piece is not missed.
                return taken;
            };
            let from = cpu::thread();
            while let Some(mut token) = self.next_done() {
                if taker.failed.is_some() {
                    tokens.give_back(token); // the run has failed: no take, no after
                    continue;
                }
                if let Err(e) = (taker.take)(&mut token) {
                    taker.failed = Some(e);
                    tokens.stop();
                }
                taken.push(token);
            }
            taker.spent += cpu::thread().saturating_sub(from);
            drop(taker);
            // Offered while this worker was letting go, and not taken by the worker who
            // offered it (who found the taker still held)?
            let done = lock(&self.done);
            if !done.waiting.contains_key(&done.next) {
                return taken;
            }
        }
    }

    fn next_done(&self) -> Option<T> {
        let mut done = lock(&self.done);
        let next = done.next;
        let token = done.waiting.remove(&next)?;
        done.next += 1;
        Some(token)
    }

    /// Notes an `after`'s error (the first of the run wins) and stops the making.
    fn fail(&self, e: anyhow::Error, tokens: &Tokens<T>) {
        lock(&self.taker).failed.get_or_insert(e);
        tokens.stop();
    }

    /// The first error, and the time spent taking.
    fn finish(self) -> (Option<anyhow::Error>, Duration) {
        let taker = self.taker.into_inner().expect("no panic holds it");
        (taker.failed, taker.spent)
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic on the pool aborts the process (above), so none leaves a lock poisoned.
    mutex.lock().expect("no panic holds it")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    #[test]
    fn work_done_out_of_order_is_taken_in_order() {
        for in_flight in [1, 3, 17] {
            let mut next = 0u64;
            let mut taken = Vec::new();
            let (result, _) = run(
                &pool(4),
                in_flight,
                |slot: &mut (u64, u64)| {
                    next += 1;
                    slot.0 = next;
                    Ok(next <= 200)
                },
                // Early pieces take longest, so that later ones finish first.
                |slot: &mut (u64, u64)| {
                    std::thread::sleep(Duration::from_micros(200 / slot.0));
                    slot.1 = slot.0 * slot.0;
                },
                |slot: &mut (u64, u64)| {
                    taken.push(slot.1);
                    Ok(())
                },
            );
            result.unwrap();
            assert_eq!(taken, (1..=200).map(|i| i * i).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_failed_take_stops_the_making() {
        let mut made = 0;
        let (result, _) = run(
            &pool(2),
            2,
            |_: &mut u8| {
                made += 1;
                Ok(true) // endless, unless taking stops it
            },
            |_: &mut u8| {},
            |_: &mut u8| anyhow::bail!("the reader has gone"),
        );
        assert_eq!(result.unwrap_err().to_string(), "the reader has gone");
        assert!(made < 10, "{made}");
    }

    #[test]
    fn a_failed_make_ends_the_run_with_its_error_once_the_pieces_made_are_taken() {
        let mut next = 0u64;
        let mut taken = Vec::new();
        let (result, _) = run(
            &pool(3),
            5,
            |slot: &mut u64| {
                next += 1;
                *slot = next;
                if next == 50 {
                    anyhow::bail!("cannot read the input");
                }
                Ok(true)
            },
            |_: &mut u64| {},
            |slot: &mut u64| {
                taken.push(*slot);
                Ok(())
            },
        );
        assert_eq!(result.unwrap_err().to_string(), "cannot read the input");
        assert_eq!(taken, (1..50).collect::<Vec<_>>());
    }

    #[test]
    fn every_after_runs_once_its_piece_is_taken_and_before_its_token_is_used_again() {
        use std::sync::atomic::AtomicU64;
        // A token holds (the piece, whether its after has run); each is checked when made.
        let afters = AtomicU64::new(0);
        let mut next = 0u64;
        let mut order = Vec::new();
        let after = |slot: &mut (u64, bool)| {
            slot.1 = true;
            afters.fetch_add(1, Ordering::Relaxed);
            Ok(())
        };
        let (result, spent) = run_then(
            &pool(4),
            6,
            |slot: &mut (u64, bool)| {
                assert!(
                    slot.0 == 0 || slot.1,
                    "piece {} reused before its after",
                    slot.0
                );
                next += 1;
                *slot = (next, false);
                Ok(next <= 1000)
            },
            |slot: &mut (u64, bool)| {
                std::hint::black_box(slot.0.pow(2));
            },
            |slot: &mut (u64, bool)| {
                assert!(!slot.1);
                order.push(slot.0);
                Ok(())
            },
            Some(&after),
        );
        result.unwrap();
        assert_eq!(afters.into_inner(), 1000);
        assert_eq!(order, (1..=1000).collect::<Vec<_>>());
        assert!(spent.taking > Duration::ZERO || cfg!(not(unix)));
    }

    #[test]
    fn a_failed_after_stops_the_run_with_its_error() {
        let mut made = 0u64;
        let after = |slot: &mut u64| match *slot {
            7 => anyhow::bail!("cannot write the key: no space left"),
            _ => Ok(()),
        };
        let (result, _) = run_then(
            &pool(2),
            4,
            |slot: &mut u64| {
                made += 1;
                *slot = made;
                Ok(true) // endless, unless the failed after stops it
            },
            |_: &mut u64| {},
            |_: &mut u64| Ok(()),
            Some(&after),
        );
        assert_eq!(
            result.unwrap_err().to_string(),
            "cannot write the key: no space left"
        );
        assert!(made < 100, "{made}");
    }
}
