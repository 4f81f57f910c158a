//! The drawing of a plot on any plotters backend: the chart with its axes, the marks, the legend
//! on the right and the caption below.

use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{Colour, DRAW, LOSE, Labels, POINT, RARE, TIE, WIN, value_colour};
use crate::analysis::Outcome;
use crate::analysis::plot::{
    Marks, OutcomeMap, Plot, Scale, Scatter, Strip, ValueClass, ValueGrid,
};

/// The font family every text of a plot is set in.
const FAMILY: &str = "DejaVu Sans";

/// `DejaVu Sans`, bundled (its licence is `assets/fonts/DejaVuSans-LICENSE.txt`).
pub(super) const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

/// Registers the bundled font with plotters once.
fn font_ready() -> Result<(), String> {
    static REGISTERED: OnceLock<Result<(), String>> = OnceLock::new();
    REGISTERED
        .get_or_init(|| {
            plotters::style::register_font(FAMILY, FontStyle::Normal, FONT)
                .map_err(|_| "the bundled font does not load".to_owned())
        })
        .clone()
}

fn font(size: f64) -> TextStyle<'static> {
    (FAMILY, size).into_font().color(&BLACK)
}

fn rgb(colour: Colour) -> RGBColor {
    RGBColor(colour.0, colour.1, colour.2)
}

/// Black or white, whichever reads better on `colour`.
fn ink(colour: Colour) -> &'static RGBColor {
    let light = 299 * u32::from(colour.0) + 587 * u32::from(colour.1) + 114 * u32::from(colour.2);
    if light > 150_000 { &BLACK } else { &WHITE }
}

/// The width of the legend column, in pixels.
const LEGEND_WIDTH: u32 = 240;
/// The height of the caption below the chart, in pixels.
const FOOTER_HEIGHT: u32 = 46;

/// Draws `plot` with `labels` on `backend`.
pub(super) fn draw<DB: DrawingBackend>(
    backend: DB,
    plot: &Plot,
    labels: &Labels,
) -> Result<(), String> {
    font_ready()?;
    let root = backend.into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (width, height) = root.dim_in_pixel();
    // On a small canvas the legend and caption take at most a third and a quarter of it.
    let (upper, footer) =
        root.split_vertically(height.saturating_sub(FOOTER_HEIGHT.min(height / 4)));
    let (chart, legend) =
        upper.split_horizontally(width.saturating_sub(LEGEND_WIDTH.min(width / 3)));
    match &plot.marks {
        Marks::Scatter(scatter) => match scatter.scale {
            Scale::Linear => {
                draw_scatter(&chart, labels, scatter, -0.5..plot.to as f64 + 0.5, -0.5)
            }
            Scale::Logarithmic => draw_scatter(
                &chart,
                labels,
                scatter,
                (1f64..(plot.to + 1) as f64).log_scale(),
                0.0,
            ),
        },
        Marks::Strip(strip) => draw_strip(&chart, labels, strip),
        Marks::Grid(grid) => draw_grid(&chart, labels, grid),
        Marks::Outcomes(map) => draw_outcomes(&chart, labels, map),
    }?;
    draw_legend(&legend, labels, !matches!(plot.marks, Marks::Scatter(_)))?;
    draw_caption(&footer, &labels.caption)?;
    root.present().map_err(|e| e.to_string())
}

/// The chart of a plot with horizontal coordinates `X` and vertical `Y`.
type Chart<'a, DB, X, Y> = ChartContext<
    'a,
    DB,
    Cartesian2d<<X as AsRangedCoord>::CoordDescType, <Y as AsRangedCoord>::CoordDescType>,
>;

/// A chart on `area` with the title and both axis descriptions; `x_label` and `y_label` write the
/// tick labels (empty for ticks between cells).
fn chart<'a, DB: DrawingBackend, X: AsRangedCoord<Value = f64>, Y: AsRangedCoord<Value = f64>>(
    area: &'a DrawingArea<DB, Shift>,
    labels: &Labels,
    x: X,
    y: Y,
) -> Result<Chart<'a, DB, X, Y>, String> {
    chart_with(area, labels, x, y, 64)
}

/// [`chart`] with `y_labels` pixels for the vertical axis's labels and description.
fn chart_with<
    'a,
    DB: DrawingBackend,
    X: AsRangedCoord<Value = f64>,
    Y: AsRangedCoord<Value = f64>,
>(
    area: &'a DrawingArea<DB, Shift>,
    labels: &Labels,
    x: X,
    y: Y,
    y_labels: u32,
) -> Result<Chart<'a, DB, X, Y>, String> {
    ChartBuilder::on(area)
        .caption(&labels.title, font(18.0))
        .margin(14)
        .x_label_area_size(48)
        .y_label_area_size(y_labels)
        .build_cartesian_2d(x, y)
        .map_err(|e| e.to_string())
}

/// The label of a tick at `at` when it is a whole number (`write` gives it), else none: cells
/// are centred on whole numbers.
fn whole(at: f64, write: impl Fn(i64) -> String) -> String {
    if (at - at.round()).abs() < 1e-6 {
        write(at.round() as i64)
    } else {
        String::new()
    }
}

fn draw_scatter<DB: DrawingBackend, X: AsRangedCoord<Value = f64>>(
    area: &DrawingArea<DB, Shift>,
    labels: &Labels,
    scatter: &Scatter,
    x: X,
    left: f64,
) -> Result<(), String>
where
    X::CoordDescType: ValueFormatter<f64>,
{
    let largest = f64::from(scatter.largest.max(1));
    let mut chart = chart(area, labels, x, -0.5..largest + 0.5)?;
    chart
        .configure_mesh()
        .x_desc(labels.x_axis.as_str())
        .y_desc(labels.y_axis.as_str())
        .label_style(font(13.0))
        .axis_desc_style(font(15.0))
        .light_line_style(WHITE)
        .bold_line_style(RGBColor(235, 235, 235))
        .x_label_formatter(&|n: &f64| whole(*n, |n| n.to_string()))
        .y_label_formatter(&|v: &f64| whole(*v, |v| v.to_string()))
        .draw()
        .map_err(|e| e.to_string())?;
    let colour = |class: ValueClass| match class {
        ValueClass::Rare => rgb(RARE),
        ValueClass::Common | ValueClass::Plain => rgb(POINT),
    };
    if scatter.points.is_empty() {
        let linear = left < 0.0;
        chart
            .draw_series(scatter.bins.iter().flat_map(|bin| {
                let (start, end) = if linear {
                    (bin.first as f64 - 0.5, bin.last as f64 + 0.5)
                } else {
                    (bin.first as f64, (bin.last + 1) as f64)
                };
                bin.runs.iter().map(move |run| {
                    Rectangle::new(
                        [
                            (start, f64::from(run.low) - 0.45),
                            (end, f64::from(run.high) + 0.45),
                        ],
                        colour(run.class).filled(),
                    )
                })
            }))
            .map_err(|e| e.to_string())?;
    } else {
        let radius = if scatter.points.len() <= 200 { 3 } else { 2 };
        chart
            .draw_series(scatter.points.iter().map(|point| {
                Circle::new(
                    (point.heap as f64, f64::from(point.value)),
                    radius,
                    colour(point.class).filled(),
                )
            }))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn draw_strip<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    labels: &Labels,
    strip: &Strip,
) -> Result<(), String> {
    let length = strip.row_length.max(1);
    let rows = (strip.values.len() as u64).div_ceil(length).max(1);
    let largest = strip.values.iter().copied().max().unwrap_or(0);
    let preperiod = strip.preperiod().unwrap_or(0);
    let mut chart = chart(
        area,
        labels,
        -0.5..length as f64 - 0.5,
        -0.5..rows as f64 - 0.5,
    )?;
    let top = rows - 1;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(labels.x_axis.as_str())
        .y_desc(labels.y_axis.as_str())
        .label_style(font(13.0))
        .axis_desc_style(font(15.0))
        .x_labels(length.min(32) as usize)
        .y_labels(rows.min(24) as usize)
        .x_label_formatter(&|x: &f64| whole(*x, |x| x.to_string()))
        .y_label_formatter(&|y: &f64| {
            whole(*y, |y| {
                u64::try_from(y)
                    .ok()
                    .and_then(|y| top.checked_sub(y))
                    .map_or_else(String::new, |row| (row * length).to_string())
            })
        })
        .draw()
        .map_err(|e| e.to_string())?;
    let cell = |n: usize| {
        let (row, column) = (n as u64 / length, n as u64 % length);
        (column as f64, (top - row) as f64)
    };
    chart
        .draw_series(strip.values.iter().enumerate().map(|(n, &value)| {
            let (x, y) = cell(n);
            let colour = rgb(value_colour(value, largest));
            let style = if (n as u64) < preperiod {
                colour.mix(0.45).filled()
            } else {
                colour.filled()
            };
            Rectangle::new([(x - 0.46, y - 0.46), (x + 0.46, y + 0.46)], style)
        }))
        .map_err(|e| e.to_string())?;
    // The value in each cell, when the cells are large enough to hold it.
    let (width, height) = area.dim_in_pixel();
    let cell_width = f64::from(width) / length as f64;
    let cell_height = f64::from(height) / rows as f64;
    if cell_width >= 16.0 && cell_height >= 14.0 {
        let size = (cell_height * 0.45).clamp(8.0, 16.0);
        chart
            .draw_series(strip.values.iter().enumerate().map(|(n, &value)| {
                let colour = value_colour(value, largest);
                let style = font(size)
                    .color(ink(colour))
                    .pos(Pos::new(HPos::Center, VPos::Center));
                Text::new(value.to_string(), cell(n), style)
            }))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn draw_grid<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    labels: &Labels,
    grid: &ValueGrid,
) -> Result<(), String> {
    let side = grid.values.len().max(1) as f64;
    let largest = grid.values.iter().flatten().copied().max().unwrap_or(0);
    let mut chart = chart(area, labels, -0.5..side - 0.5, -0.5..side - 0.5)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(labels.x_axis.as_str())
        .y_desc(labels.y_axis.as_str())
        .label_style(font(13.0))
        .axis_desc_style(font(15.0))
        .x_label_formatter(&|x: &f64| whole(*x, |x| x.to_string()))
        .y_label_formatter(&|y: &f64| whole(*y, |y| y.to_string()))
        .draw()
        .map_err(|e| e.to_string())?;
    let gap = if side <= 40.0 { 0.45 } else { 0.5 };
    chart
        .draw_series(grid.values.iter().enumerate().flat_map(|(a, row)| {
            row.iter().enumerate().map(move |(b, &value)| {
                let (x, y) = (a as f64, b as f64);
                Rectangle::new(
                    [(x - gap, y - gap), (x + gap, y + gap)],
                    rgb(value_colour(value, largest)).filled(),
                )
            })
        }))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// The parities of a row of an outcome map in words.
fn parities(mine_odd: bool, theirs_odd: bool) -> String {
    let word = |odd: bool| if odd { "odd" } else { "even" };
    format!("{}, {}", word(mine_odd), word(theirs_odd))
}

fn draw_outcomes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    labels: &Labels,
    map: &OutcomeMap,
) -> Result<(), String> {
    let columns = map.rows.first().map_or(1, |row| row.outcomes.len()).max(1) as f64;
    let rows = map.rows.len().max(1);
    let names: Vec<String> = map
        .rows
        .iter()
        .map(|row| parities(row.mine_odd, row.theirs_odd))
        .collect();
    let mut chart = chart_with(
        area,
        labels,
        -0.5..columns - 0.5,
        -0.5..rows as f64 - 0.5,
        110,
    )?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(labels.x_axis.as_str())
        .y_desc(labels.y_axis.as_str())
        .label_style(font(13.0))
        .axis_desc_style(font(15.0))
        .y_labels(rows)
        .x_label_formatter(&|x: &f64| whole(*x, |x| x.to_string()))
        .y_label_formatter(&|y: &f64| {
            whole(*y, |y| {
                usize::try_from(y)
                    .ok()
                    .and_then(|y| (rows - 1).checked_sub(y))
                    .and_then(|i| names.get(i).cloned())
                    .unwrap_or_default()
            })
        })
        .draw()
        .map_err(|e| e.to_string())?;
    let colour = |outcome: Outcome| match outcome {
        Outcome::Win => rgb(WIN),
        Outcome::Lose => rgb(LOSE),
        Outcome::Tie => rgb(TIE),
        Outcome::Draw => rgb(DRAW),
    };
    let gap = if columns <= 80.0 { 0.45 } else { 0.5 };
    chart
        .draw_series(map.rows.iter().enumerate().flat_map(|(i, row)| {
            let y = (rows - 1 - i) as f64;
            row.outcomes
                .iter()
                .enumerate()
                .map(move |(n, &(outcome, _))| {
                    let x = n as f64;
                    Rectangle::new(
                        [(x - gap, y - 0.45), (x + gap, y + 0.45)],
                        colour(outcome).filled(),
                    )
                })
        }))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// The legend: a disc of each colour with its meaning (and, for cells, how many there are).
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    labels: &Labels,
    counts: bool,
) -> Result<(), String> {
    area.draw(&Text::new("Legend", (12, 52), font(15.0)))
        .map_err(|e| e.to_string())?;
    let mut y = 84;
    for entry in &labels.legend {
        area.draw(&Circle::new((20, y), 7, rgb(entry.colour).filled()))
            .map_err(|e| e.to_string())?;
        let text = if counts {
            format!("{}: {}", entry.label, entry.marks)
        } else {
            entry.label.clone()
        };
        area.draw(&Text::new(
            text,
            (34, y),
            font(13.0).pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(|e| e.to_string())?;
        if let Some((low, high)) = entry.scale {
            draw_colour_bar(area, (34, y + 14), low, high)?;
            y += 36;
        }
        y += 24;
    }
    Ok(())
}

/// The colour bar of a continuous scale from value `low` to `high`, at `corner`: 160 pixels of
/// the colours in between, with the end values written under it.
fn draw_colour_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x, y): (i32, i32),
    low: u32,
    high: u32,
) -> Result<(), String> {
    const WIDTH: i32 = 160;
    const STEPS: i32 = 32;
    let span = f64::from(high.saturating_sub(low));
    for step in 0..STEPS {
        let value = low + (span * f64::from(step) / f64::from(STEPS - 1)).round() as u32;
        let (left, right) = (x + step * WIDTH / STEPS, x + (step + 1) * WIDTH / STEPS);
        area.draw(&Rectangle::new(
            [(left, y), (right, y + 10)],
            rgb(value_colour(value, high)).filled(),
        ))
        .map_err(|e| e.to_string())?;
    }
    let ends = font(11.0).pos(Pos::new(HPos::Left, VPos::Top));
    area.draw(&Text::new(low.to_string(), (x, y + 12), ends.clone()))
        .map_err(|e| e.to_string())?;
    let end = font(11.0).pos(Pos::new(HPos::Right, VPos::Top));
    area.draw(&Text::new(high.to_string(), (x + WIDTH, y + 12), end))
        .map_err(|e| e.to_string())
}

/// The caption, in at most two lines.
fn draw_caption<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    caption: &str,
) -> Result<(), String> {
    let (width, _) = area.dim_in_pixel();
    let per_line = (f64::from(width.saturating_sub(24)) / 7.2) as usize;
    let mut lines = vec![String::new()];
    for word in caption.split(' ') {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > per_line {
            lines.push(word.to_owned());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    for (line, y) in lines.iter().take(2).zip((4..).step_by(18)) {
        area.draw(&Text::new(line.clone(), (14, y), font(13.0)))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
