//! The ordered path's writes at offsets, over arbitrary pieces: pieces of any length, done in
//! any order by 1 to 4 workers with 1 to 32 in flight, each given its place in order by `take`
//! (the bytes before it) and written there by `after` on whichever worker: the file holds the
//! pieces in the order they were made, every byte once. A failing `after` or `take` (at a piece
//! the input picks) ends the run with its error, and no piece is taken after a failed take.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::os::unix::fs::FileExt;
use std::sync::atomic::{AtomicU64, Ordering};
use sudoku_batch::run::ordered;

/// A piece: its number, its bytes, how long its work spins, and where `take` put it.
#[derive(Default)]
struct Piece {
    seq: u64,
    bytes: Vec<u8>,
    spin: u32,
    at: u64,
}

fuzz_target!(|data: &[u8]| {
    let [threads, in_flight, fail, sizes @ ..] = data else {
        return;
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1 + *threads as usize % 4)
        .build()
        .unwrap();
    // 0: none fails; otherwise the piece a take (odd) or an after (even) fails at.
    let (fail_take, fail_after) = match *fail as u64 {
        0 => (u64::MAX, u64::MAX),
        f if f % 2 == 1 => (f / 2, u64::MAX),
        f => (u64::MAX, f / 2),
    };
    let file = tempfile::tempfile().unwrap();
    let mut next = sizes.iter();
    let mut seq = 0u64;
    let (mut length, mut taken) = (0u64, 0u64);
    let afters = AtomicU64::new(0);
    let after = |piece: &mut Piece| {
        afters.fetch_add(1, Ordering::Relaxed);
        if piece.seq == fail_after {
            anyhow::bail!("after {}", piece.seq);
        }
        file.write_all_at(&piece.bytes, piece.at)?;
        Ok(())
    };
    let (result, _) = ordered::run_then(
        &pool,
        1 + *in_flight as usize % 32,
        |piece: &mut Piece| {
            let Some(&size) = next.next() else {
                return Ok(false);
            };
            // Bytes that name their piece, so that one out of place shows.
            piece.bytes.clear();
            piece.bytes.extend((0..size % 64).map(|i| (seq as u8).wrapping_mul(31) ^ i));
            piece.spin = u32::from(size >> 6) * 2_000;
            piece.seq = seq;
            seq += 1;
            Ok(true)
        },
        |piece: &mut Piece| {
            for i in 0..piece.spin {
                std::hint::black_box(i);
            }
        },
        |piece: &mut Piece| {
            assert_eq!(piece.seq, taken, "taken out of order");
            taken += 1;
            if piece.seq == fail_take {
                anyhow::bail!("take {}", piece.seq);
            }
            piece.at = length;
            length += piece.bytes.len() as u64;
            Ok(())
        },
        Some(&after),
    );
    let made = seq;
    let failed = fail_take.min(fail_after);
    match result {
        Ok(()) => {
            assert!(failed >= made, "piece {failed} failed, yet the run succeeded");
            assert_eq!(taken, made);
            assert_eq!(afters.load(Ordering::Relaxed), made);
            let mut expected = Vec::new();
            for (seq, &size) in sizes.iter().enumerate() {
                expected.extend((0..size % 64).map(|i| (seq as u8).wrapping_mul(31) ^ i));
            }
            let mut written = vec![0; expected.len()];
            file.read_exact_at(&mut written, 0).unwrap();
            assert!(written == expected, "the pieces are not where their order puts them");
            assert_eq!(file.metadata().unwrap().len(), length);
        }
        Err(e) => {
            let said = e.to_string();
            if fail_take < made {
                assert_eq!(said, format!("take {fail_take}"));
                assert_eq!(taken, fail_take + 1, "taken after the failed take");
            } else {
                assert_eq!(said, format!("after {fail_after}"));
            }
        }
    }
});
