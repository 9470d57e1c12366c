//! The per-puzzle stopwatch, at a few nanoseconds a reading rather than the system clock's
//! twenty or so (two readings a puzzle were 2% of the run on easy sets). On x86-64 CPUs whose
//! time-stamp counter runs at a constant rate (every one of the last fifteen years), it reads
//! the counter and converts ticks to nanoseconds at a rate measured once against the system
//! clock; elsewhere it reads the system clock.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// A reading: counter ticks, or nanoseconds since the first reading.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stamp(u64);

/// Now.
#[inline]
pub(crate) fn now() -> Stamp {
    match source() {
        Source::Counter(_) => Stamp(counter()),
        Source::System(epoch) => Stamp(epoch.elapsed().as_nanos() as u64),
    }
}

/// Nanoseconds from `start` to `end` (0 if the counter went backwards, as it can between cores
/// that disagree).
#[inline]
pub(crate) fn nanos_between(start: Stamp, end: Stamp) -> u64 {
    let elapsed = end.0.saturating_sub(start.0);
    match source() {
        Source::Counter(nanos_per_tick) => (elapsed as f64 * nanos_per_tick) as u64,
        Source::System(_) => elapsed,
    }
}

enum Source {
    /// The time-stamp counter, with its nanoseconds per tick.
    Counter(f64),
    /// The system clock, counted from this instant.
    System(Instant),
}

fn source() -> &'static Source {
    static SOURCE: OnceLock<Source> = OnceLock::new();
    SOURCE
        .get_or_init(|| calibrate().map_or_else(|| Source::System(Instant::now()), Source::Counter))
}

/// Nanoseconds per counter tick, measured over 200 µs of the system clock; `None` where there
/// is no constant-rate counter.
fn calibrate() -> Option<f64> {
    if !constant_rate_counter() {
        return None;
    }
    // The counter read on both sides of the clock, so that a thread switch in between (which
    // would skew the rate) is seen and the reading taken again.
    let paired = || loop {
        let before = counter();
        let clock = Instant::now();
        let after = counter();
        if after.wrapping_sub(before) < 10_000 {
            return (clock, before / 2 + after / 2);
        }
    };
    let (clock0, ticks0) = paired();
    while clock0.elapsed() < Duration::from_micros(200) {}
    let (clock1, ticks1) = paired();
    let ticks = ticks1.checked_sub(ticks0).filter(|&t| t > 0)?;
    Some((clock1 - clock0).as_nanos() as f64 / ticks as f64)
}

#[cfg(target_arch = "x86_64")]
fn constant_rate_counter() -> bool {
    use std::arch::x86_64::__cpuid;
    // CPUID 8000_0007h, EDX bit 8: the invariant TSC, which ticks at one rate in every power
    // state.
    __cpuid(0x8000_0000).eax >= 0x8000_0007 && __cpuid(0x8000_0007).edx & (1 << 8) != 0
}

#[cfg(not(target_arch = "x86_64"))]
fn constant_rate_counter() -> bool {
    false
}

#[cfg(target_arch = "x86_64")]
#[inline]
fn counter() -> u64 {
    // SAFETY: RDTSC exists on every x86-64 CPU and only reads a register.
    unsafe { std::arch::x86_64::_rdtsc() }
}

#[cfg(not(target_arch = "x86_64"))]
fn counter() -> u64 {
    unreachable!("the counter is used only where constant_rate_counter() is true")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_system_clock() {
        let (start, clock) = (now(), Instant::now());
        std::thread::sleep(Duration::from_millis(20));
        let (ours, system) = (
            nanos_between(start, now()),
            clock.elapsed().as_nanos() as f64,
        );
        // Within 2%: the rate is measured over 200 µs, and the two end readings differ by
        // the time between them.
        assert!(
            (ours as f64 - system).abs() < 0.02 * system,
            "{ours} vs {system}"
        );
    }

    #[test]
    fn never_negative() {
        let later = now();
        let earlier = Stamp(later.0.saturating_add(1_000_000));
        assert_eq!(nanos_between(earlier, later), 0);
    }
}
