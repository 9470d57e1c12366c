//! Criterion benches of the engine, per data set, with the `sudoku` crate 0.8 (JCZSolve port)
//! on the same puzzles in the same run. `cargo bench -p sudoku-batch-benches --bench engine
//! [-- FILTER]`. The crate is a dependency of this bench crate only (AGPL): it is never linked
//! into the product.

use sudoku_batch_benches as common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use sudoku_batch::{Mode, solve};

fn engines(c: &mut Criterion) {
    for set in common::sets(None) {
        let mut group = c.benchmark_group(&set.name);
        group.throughput(Throughput::Elements(set.ours.len() as u64));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for (label, mode) in [("unique", Mode::Unique), ("first", Mode::First)] {
            group.bench_function(format!("sudoku-batch/{label}"), |b| {
                b.iter(|| {
                    set.ours
                        .iter()
                        .map(|p| solve(black_box(p), mode).count)
                        .sum::<u64>()
                })
            });
        }
        group.bench_function("sudoku-crate/unique", |b| {
            b.iter(|| {
                set.theirs
                    .iter()
                    .map(|s| common::crate_count(black_box(s), 2))
                    .sum::<u64>()
            })
        });
        group.bench_function("sudoku-crate/first", |b| {
            b.iter(|| {
                set.theirs
                    .iter()
                    .filter(|s| black_box(**s).some_solution().is_some())
                    .count()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, engines);
criterion_main!(benches);
