//! CPU time, of one thread and of the whole process: where a run's time went, by role (the
//! stats' `cpu_seconds`). What one thread must do for every record, whatever the number of
//! solvers (the reader's framing, taking the chunks in order), caps the run at any number of cores:
//! its share of the CPU says how near that cap a machine is.

use std::time::Duration;

/// CPU time the calling thread has used.
pub(crate) fn thread() -> Duration {
    clock(CLOCK_THREAD)
}

/// CPU time the whole process has used, every thread's.
pub(crate) fn process() -> Duration {
    clock(CLOCK_PROCESS)
}

#[cfg(unix)]
const CLOCK_THREAD: libc::clockid_t = libc::CLOCK_THREAD_CPUTIME_ID;
#[cfg(unix)]
const CLOCK_PROCESS: libc::clockid_t = libc::CLOCK_PROCESS_CPUTIME_ID;

#[cfg(unix)]
fn clock(id: libc::clockid_t) -> Duration {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `time` is a valid timespec to write, and both clocks exist on every Unix this
    // builds for (POSIX); on an error it stays zero.
    unsafe { libc::clock_gettime(id, &mut time) };
    Duration::new(time.tv_sec as u64, time.tv_nsec as u32)
}

#[cfg(not(unix))]
const CLOCK_THREAD: u8 = 0;
#[cfg(not(unix))]
const CLOCK_PROCESS: u8 = 1;

/// Elsewhere nothing is measured: every role reads zero.
#[cfg(not(unix))]
fn clock(_: u8) -> Duration {
    Duration::ZERO
}

/// A run's CPU time by role.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Roles {
    /// The thread that reads and frames the inputs.
    pub reader: Duration,
    /// The solver threads, which parse, solve and format.
    pub solvers: Duration,
    /// Taking chunks in order (on whichever solver thread finishes the next one): their
    /// messages, stats and place in the key, or the key itself where it is written in order.
    pub writer: Duration,
    /// Everything else: planning, unzipping, syncing, the progress bar.
    pub rest: Duration,
}

impl Roles {
    /// Every role's time.
    pub(crate) fn total(&self) -> Duration {
        self.reader + self.solvers + self.writer + self.rest
    }

    /// The reader's and the writer's share of the total: work done by one thread each for
    /// every record, whatever the number of solvers.
    pub(crate) fn serial_share(&self) -> f64 {
        let total = self.total().as_secs_f64();
        if total == 0.0 {
            0.0
        } else {
            (self.reader + self.writer).as_secs_f64() / total
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(unix)]
    fn a_threads_time_grows_with_its_work_and_is_within_the_process() {
        let before = thread();
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
        }
        std::hint::black_box(x);
        let after = thread();
        assert!(after > before);
        assert!(process() >= after);
    }

    #[test]
    fn the_serial_share_is_the_reader_and_writer_over_the_total() {
        let ms = Duration::from_millis;
        let roles = Roles {
            reader: ms(100),
            solvers: ms(700),
            writer: ms(100),
            rest: ms(100),
        };
        assert_eq!(roles.total(), ms(1000));
        assert!((roles.serial_share() - 0.2).abs() < 1e-9);
        assert_eq!(Roles::default().serial_share(), 0.0);
    }
}
