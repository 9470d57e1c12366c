//! SVG charts with plotters' SVG backend (no font libraries: text is laid out approximately).

use crate::report::bench::Report;
use crate::report::distribution::Histogram;
use anyhow::Context;
use plotters::coord::Shift;
use plotters::prelude::*;

const COLORS: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

/// Puzzles/s per data set: one bar per (mode, threads), log scale. Returns the SVG text.
pub fn bench_chart(report: &Report) -> anyhow::Result<String> {
    let mut sets: Vec<&str> = Vec::new();
    let mut series: Vec<(String, u64)> = Vec::new();
    for r in &report.results {
        if !sets.contains(&r.input.as_str()) {
            sets.push(&r.input);
        }
        let key = (r.mode.clone(), r.threads as u64);
        if !series.contains(&key) {
            series.push(key);
        }
    }
    let rates = report.results.iter().map(|r| r.puzzles_per_second);
    let (low, high) = rates.fold((f64::MAX, 1.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    // 120 pixels a set; and, right of the plot, room for the last set's name, centred under
    // its bars, to end inside the canvas (12-pixel text is about 7 pixels a character).
    let last = sets
        .last()
        .map_or(0, |s| s.trim_end_matches(".txt").chars().count());
    let overhang = (last as u32 * 7 / 2).saturating_sub(60);
    let plot_width = (160 + 120 * sets.len() as u32).max(640);
    render((plot_width + overhang, 480), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption("sudoku-batch bench: puzzles per second", ("sans-serif", 20))
            .margin(12)
            .margin_right(12 + overhang)
            .x_label_area_size(44)
            .y_label_area_size(70)
            .build_cartesian_2d(0.0..sets.len() as f64, (low / 2.0..high * 10.0).log_scale())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .disable_x_axis()
            .y_desc("puzzles/s")
            .y_label_formatter(&|v| human(*v))
            .draw()?;
        let slot = 0.8 / series.len() as f64;
        for (k, (mode, threads)) in series.iter().enumerate() {
            let color = COLORS[k % COLORS.len()];
            let bars = report
                .results
                .iter()
                .filter(|r| &r.mode == mode && r.threads as u64 == *threads);
            chart
                .draw_series(bars.map(|r| {
                    let i = sets.iter().position(|s| *s == r.input).unwrap_or(0) as f64;
                    let x = i + 0.1 + slot * k as f64;
                    Rectangle::new(
                        [(x, low / 2.0), (x + slot * 0.9, r.puzzles_per_second)],
                        color.filled(),
                    )
                }))?
                .label(format!(
                    "{mode}, {threads} thread{}",
                    if *threads == 1 { "" } else { "s" }
                ))
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 10, y + 5)], color.filled())
                });
        }
        // Each set's name centred under its bars, without its extension, every other one a
        // row lower, so that long neighbouring names do not run into each other.
        let style = ("sans-serif", 12).into_font().color(&BLACK).pos(
            plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Center,
                plotters::style::text_anchor::VPos::Top,
            ),
        );
        chart.draw_series(sets.iter().enumerate().map(|(i, set)| {
            let name = set.strip_suffix(".txt").unwrap_or(set).to_string();
            let row = if i % 2 == 0 { 4 } else { 20 };
            EmptyElement::at((i as f64 + 0.5, low / 2.0)) + Text::new(name, (0, row), style.clone())
        }))?;
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()?;
        Ok(())
    })
}

/// The distribution of per-puzzle solve times: one bar per histogram bucket, log-scaled time.
/// Returns the SVG text.
pub(crate) fn histogram_chart(hist: &Histogram) -> anyhow::Result<String> {
    let buckets: Vec<(f64, f64, u64)> = hist
        .buckets()
        .map(|(low, high, n)| (low.max(1) as f64 / 1000.0, (high + 1) as f64 / 1000.0, n))
        .collect();
    let x_low = buckets.first().map_or(0.001, |b| b.0);
    let x_high = buckets.last().map_or(1.0, |b| b.1);
    let y_high = buckets.iter().map(|b| b.2).max().unwrap_or(1) as f64 * 1.1;
    render((800, 480), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption("solve time per puzzle", ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d((x_low..x_high).log_scale(), 0.0..y_high)?;
        chart
            .configure_mesh()
            .x_desc("µs")
            .y_desc("puzzles")
            .x_label_formatter(&|v| human(*v))
            .y_label_formatter(&|v| human(*v))
            .draw()?;
        chart.draw_series(
            buckets.iter().map(|&(lo, hi, n)| {
                Rectangle::new([(lo, 0.0), (hi, n as f64)], COLORS[0].filled())
            }),
        )?;
        Ok(())
    })
}

type Drawn = Result<(), Box<dyn std::error::Error>>;

/// An SVG picture of `size` on a white ground, drawn by `draw`.
fn render(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Drawn,
) -> anyhow::Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        let drawn = (|| -> Drawn {
            root.fill(&WHITE)?;
            draw(&root)?;
            root.present()?;
            Ok(())
        })();
        drawn
            .map_err(|e| anyhow::anyhow!("{e}"))
            .context("cannot draw the chart")?;
    }
    Ok(svg)
}

/// 1234567 → "1.2M", 4500 → "4.5k", 12 → "12", 0.25 → "0.25".
fn human(v: f64) -> String {
    match v {
        v if v >= 1e6 => format!("{}M", trim(v / 1e6)),
        v if v >= 1e3 => format!("{}k", trim(v / 1e3)),
        v => trim(v),
    }
}

fn trim(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn human_numbers() {
        assert_eq!(super::human(1_234_567.0), "1.23M");
        assert_eq!(super::human(4500.0), "4.5k");
        assert_eq!(super::human(12.0), "12");
        assert_eq!(super::human(0.25), "0.25");
    }
}
