//! The one place progress bars are made: a real bar on request, a hidden one otherwise.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar over the input's bytes when their total is known, else a spinner. Hidden unless
/// `show`; it draws on stderr only, never on stdout.
pub fn bar(show: bool, total_bytes: Option<u64>) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = match total_bytes {
        Some(total) => ProgressBar::new(total).with_style(
            ProgressStyle::with_template(
                "{spinner} {elapsed_precise} [{wide_bar}] {percent:>3}%  {msg}  ETA {eta}",
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
