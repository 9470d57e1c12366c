//! The one shape every report gives a distribution in (solve's and rate's solve times and
//! guesses, the bench's guesses, generate's clues, guesses and attempts, count mode's
//! solutions): the same names wherever one appears, so that a script reads any report alike;
//! and the constant-memory histogram most of them are counted in.

use serde::Serialize;

/// A log-bucketed histogram: 8 buckets per power of two (values within 12.5%), exact below 8.
/// 496 counters cover every `u64`, whatever the number of values.
#[derive(Clone, Debug)]
pub struct Histogram {
    buckets: Box<[u64; 496]>,
    count: u64,
    sum: u128,
    max: u64,
}

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram {
            buckets: Box::new([0; 496]),
            count: 0,
            sum: 0,
            max: 0,
        }
    }
}

impl Histogram {
    /// `mean M  p50 A  p99 B  max C`: a count's line in a stats table.
    pub(crate) fn summary(&self) -> String {
        format!(
            "mean {:.2}  p50 {}  p99 {}  max {}",
            self.mean(),
            self.quantile(0.5),
            self.quantile(0.99),
            self.max()
        )
    }

    fn bucket(v: u64) -> usize {
        if v < 8 {
            v as usize
        } else {
            let e = 63 - v.leading_zeros() as usize;
            (e - 2) * 8 + ((v >> (e - 3)) & 7) as usize
        }
    }

    /// The smallest and largest value of a bucket.
    fn bounds(i: usize) -> (u64, u64) {
        if i < 8 {
            (i as u64, i as u64)
        } else {
            let (e, m) = (i / 8 + 2, (i % 8) as u64);
            let low = (8 + m) << (e - 3);
            (low, low + ((1u64 << (e - 3)) - 1))
        }
    }

    /// Counts one value.
    pub(crate) fn add(&mut self, v: u64) {
        self.buckets[Self::bucket(v)] += 1;
        self.count += 1;
        self.sum += u128::from(v);
        self.max = self.max.max(v);
    }

    /// How many values.
    #[cfg(test)]
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// Adds every value of `other`.
    pub(crate) fn merge(&mut self, other: &Histogram) {
        if other.count == 0 {
            return;
        }
        for (mine, theirs) in self.buckets.iter_mut().zip(other.buckets.iter()) {
            *mine += theirs;
        }
        self.count += other.count;
        self.sum += other.sum;
        self.max = self.max.max(other.max);
    }

    /// Back to no value, keeping the buckets' memory.
    pub(crate) fn clear(&mut self) {
        if self.count > 0 {
            self.buckets.fill(0);
            (self.count, self.sum, self.max) = (0, 0, 0);
        }
    }

    /// Their mean, exact (0 when there is none).
    pub(crate) fn mean(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum as f64 / self.count as f64
        }
    }

    /// The largest, exact.
    pub(crate) fn max(&self) -> u64 {
        self.max
    }

    /// The non-empty buckets: lowest value, highest value, count.
    pub(crate) fn buckets(&self) -> impl Iterator<Item = (u64, u64, u64)> + '_ {
        self.buckets
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(i, &n)| {
                let (low, high) = Self::bounds(i);
                (low, high, n)
            })
    }

    /// The value at quantile `q` (0..=1): the middle of its bucket, never above the maximum.
    pub(crate) fn quantile(&self, q: f64) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let rank = ((q * self.count as f64).ceil() as u64).clamp(1, self.count);
        if rank == self.count {
            return self.max;
        }
        let mut seen = 0;
        for (i, &n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= rank {
                let (low, high) = Self::bounds(i);
                return (low + (high - low) / 2).min(self.max);
            }
        }
        self.max
    }
}

/// Values summed up: their mean, quantiles and largest, and their counts by range where a
/// report gives them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Distribution {
    /// The mean, exact.
    pub mean: f64,
    /// The median.
    pub p50: f64,
    /// The 90th percentile.
    pub p90: f64,
    /// The 99th percentile.
    pub p99: f64,
    /// The largest, exact.
    pub max: f64,
    /// The counts by range (ranges with none left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub histogram: Option<Vec<Bucket>>,
}

/// How many values lie from `min` to `max`, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bucket {
    /// The range's lowest value.
    pub min: u64,
    /// Its highest.
    pub max: u64,
    /// How many values.
    pub count: u64,
}

impl Distribution {
    /// The values of a histogram (its quantiles within its buckets' 12.5%), without the
    /// buckets.
    pub(crate) fn of(h: &Histogram) -> Distribution {
        let q = |p| h.quantile(p) as f64;
        Distribution {
            mean: h.mean(),
            p50: q(0.5),
            p90: q(0.9),
            p99: q(0.99),
            max: h.max() as f64,
            histogram: None,
        }
    }

    /// The same, with the histogram's buckets.
    pub(crate) fn with_buckets(h: &Histogram) -> Distribution {
        let buckets = h
            .buckets()
            .map(|(min, max, count)| Bucket { min, max, count });
        Distribution {
            histogram: Some(buckets.collect()),
            ..Distribution::of(h)
        }
    }

    /// Exact, from each value that occurs and how often (in increasing order), a bucket each.
    pub(crate) fn of_counts(counts: impl Iterator<Item = (u64, u64)>) -> Distribution {
        let buckets: Vec<Bucket> = counts
            .filter(|&(_, n)| n > 0)
            .map(|(v, count)| Bucket {
                min: v,
                max: v,
                count,
            })
            .collect();
        let total: u64 = buckets.iter().map(|b| b.count).sum();
        let sum: u64 = buckets.iter().map(|b| b.min * b.count).sum();
        let quantile = |p: f64| {
            let rank = ((p * total as f64).ceil() as u64).clamp(1, total.max(1));
            let mut seen = 0;
            let at = buckets.iter().find(|b| {
                seen += b.count;
                seen >= rank
            });
            at.map_or(0.0, |b| b.min as f64)
        };
        Distribution {
            mean: if total == 0 {
                0.0
            } else {
                sum as f64 / total as f64
            },
            p50: quantile(0.5),
            p90: quantile(0.9),
            p99: quantile(0.99),
            max: buckets.last().map_or(0.0, |b| b.max as f64),
            histogram: Some(buckets),
        }
    }

    /// Every value times `factor` (nanoseconds as microseconds), the buckets dropped.
    pub(crate) fn scaled(self, factor: f64) -> Distribution {
        Distribution {
            mean: self.mean * factor,
            p50: self.p50 * factor,
            p90: self.p90 * factor,
            p99: self.p99 * factor,
            max: self.max * factor,
            histogram: None,
        }
    }

    /// As JSON.
    pub(crate) fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a distribution is plain numbers")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_contiguous_and_tight() {
        for i in 0..495 {
            let (_, high) = Histogram::bounds(i);
            assert_eq!(Histogram::bounds(i + 1).0, high + 1, "bucket {i}");
        }
        for v in [0, 7, 8, 15, 16, 1000, 123_456_789, u64::MAX] {
            let (low, high) = Histogram::bounds(Histogram::bucket(v));
            assert!(low <= v && v <= high, "{v}");
            assert!((high - low) as f64 <= v as f64 / 8.0 + 1.0);
        }
    }

    #[test]
    fn a_quantile_is_the_middle_of_its_bucket() {
        let mut h = Histogram::default();
        for _ in 0..10 {
            h.add(100); // bucket 96..=103
        }
        h.add(1000);
        assert_eq!(Histogram::bounds(Histogram::bucket(100)), (96, 103));
        assert_eq!(h.quantile(0.5), 99);
        // Never above the largest value seen: the bucket's middle, 99, is above 97.
        let mut low = Histogram::default();
        low.add(96);
        low.add(97);
        assert_eq!(low.quantile(0.5), 97);
    }

    #[test]
    fn a_count_summary_gives_mean_median_tail_and_max() {
        let mut h = Histogram::default();
        for v in [0, 1, 2, 3, 4] {
            h.add(v);
        }
        assert_eq!(h.summary(), "mean 2.00  p50 2  p99 4  max 4");
        assert_eq!(
            Histogram::default().summary(),
            "mean 0.00  p50 0  p99 0  max 0"
        );
    }

    #[test]
    fn quantiles_are_within_a_bucket() {
        let mut h = Histogram::default();
        for v in 1..=1000 {
            h.add(v);
        }
        assert_eq!(h.count(), 1000);
        assert!((h.mean() - 500.5).abs() < 1e-9);
        let p50 = h.quantile(0.5) as f64;
        assert!((p50 - 500.0).abs() <= 500.0 / 8.0, "{p50}");
        let p99 = h.quantile(0.99) as f64;
        assert!((p99 - 990.0).abs() <= 990.0 / 8.0, "{p99}");
        assert_eq!(h.quantile(1.0), 1000);
    }

    #[test]
    fn exact_counts_give_exact_quantiles() {
        // 22 clues ten times, 23 eighty-nine times, 30 once.
        let d = Distribution::of_counts([(22, 10), (23, 89), (25, 0), (30, 1)].into_iter());
        assert_eq!((d.p50, d.p90, d.p99, d.max), (23.0, 23.0, 23.0, 30.0));
        assert!((d.mean - (220.0 + 89.0 * 23.0 + 30.0) / 100.0).abs() < 1e-9);
        let h = d.histogram.unwrap();
        assert_eq!(h.len(), 3, "a value that does not occur has no bucket");
        assert_eq!(
            h[2],
            Bucket {
                min: 30,
                max: 30,
                count: 1
            }
        );
        let none = Distribution::of_counts(std::iter::empty());
        assert_eq!((none.mean, none.p50, none.max), (0.0, 0.0, 0.0));
    }

    #[test]
    fn a_histogram_and_its_scaled_form() {
        let mut h = Histogram::default();
        (1..=100).for_each(|v| h.add(v));
        let d = Distribution::with_buckets(&h);
        assert_eq!((d.mean, d.max), (50.5, 100.0));
        assert_eq!(
            d.histogram
                .as_ref()
                .unwrap()
                .iter()
                .map(|b| b.count)
                .sum::<u64>(),
            100
        );
        let micros = d.scaled(0.001);
        assert!((micros.max - 0.1).abs() < 1e-12 && micros.histogram.is_none());
    }
}
