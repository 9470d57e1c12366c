//! The progress bar: the one place it is made (a real bar on request, a hidden one
//! otherwise), and the rate and time left it shows, measured over the last few seconds so that
//! a run of hard puzzles shows at once and a finished one fades (a whole-run average would
//! take minutes to notice either, and the bar's own estimate jumps when the mix changes).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// A bar over the inputs' bytes when their total is known, else a spinner. Hidden unless
/// `show`; it draws on stderr only, never on stdout.
pub(crate) fn bar(show: bool, total_bytes: Option<u64>) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = match total_bytes {
        Some(total) => ProgressBar::new(total).with_style(
            ProgressStyle::with_template(
                "{spinner} {elapsed_precise} [{wide_bar}] {percent:>3}%  {msg}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        ),
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {elapsed_precise}  {msg}")
                .expect("valid template"),
        ),
    };
    bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(8));
    bar
}

/// How far back the rate looks.
const WINDOW: Duration = Duration::from_secs(10);

/// Progress over a recent window: records answered and bytes of input behind them, sampled as
/// chunks are written.
#[derive(Debug, Default)]
pub(crate) struct Window {
    samples: VecDeque<(Instant, u64, u64)>,
}

impl Window {
    /// Notes that by `now`, `records` records were answered, through `bytes` of input.
    pub(crate) fn note(&mut self, now: Instant, records: u64, bytes: u64) {
        self.samples.push_back((now, records, bytes));
        // Keep one sample at least WINDOW old, as the window's start.
        while self.samples.len() > 2 && now.duration_since(self.samples[1].0) >= WINDOW {
            self.samples.pop_front();
        }
    }

    /// Records per second and bytes per second over the window.
    fn rates(&self) -> Option<(f64, f64)> {
        let (&(t0, r0, b0), &(t1, r1, b1)) = (self.samples.front()?, self.samples.back()?);
        let secs = t1.duration_since(t0).as_secs_f64();
        (secs > 0.0).then(|| ((r1 - r0) as f64 / secs, (b1 - b0) as f64 / secs))
    }

    /// The message for the bar: records answered, the recent rate and, when the total is known,
    /// the time left at that rate.
    pub(crate) fn message(&self, total_bytes: Option<u64>) -> String {
        let Some(&(_, records, bytes)) = self.samples.back() else {
            return String::new();
        };
        let Some((rate, byte_rate)) = self.rates() else {
            return format!("{records} puzzles");
        };
        let left = match total_bytes {
            Some(total) if byte_rate > 0.0 => {
                let secs = total.saturating_sub(bytes) as f64 / byte_rate;
                format!(", {} left", human_duration(secs))
            }
            _ => String::new(),
        };
        format!("{records} puzzles, {rate:.0}/s{left}")
    }
}

/// `75` → "1m15s", `3725` → "1h02m", `9.4` → "9s".
fn human_duration(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_follows_the_last_ten_seconds() {
        let t = Instant::now();
        let at = |s: u64| t + Duration::from_secs(s);
        let mut w = Window::default();
        // 30 s of easy puzzles at 1000/s, 100 bytes each...
        for s in 0..=30 {
            w.note(at(s), 1000 * s, 100_000 * s);
        }
        assert_eq!(
            w.message(Some(10_000_000)),
            "30000 puzzles, 1000/s, 1m10s left"
        );
        // ...then hard ones at 10/s: within ten seconds the rate and time left say so.
        for s in 31..=41 {
            w.note(at(s), 30_000 + 10 * (s - 30), 3_000_000 + 1_000 * (s - 30));
        }
        assert_eq!(
            w.message(Some(10_000_000)),
            "30110 puzzles, 10/s, 1h56m left"
        );
        assert_eq!(w.message(None), "30110 puzzles, 10/s");
    }

    #[test]
    fn durations_read_like_a_clock() {
        assert_eq!(human_duration(9.4), "9s");
        assert_eq!(human_duration(75.0), "1m15s");
        assert_eq!(human_duration(3725.0), "1h02m");
    }
}
