//! The document of `plot`: what a plot draws, and what was drawn.

use serde_json::{Value, json};

use super::{basis, theorem};
use crate::analysis::plot::{GridSource, Scale};
use crate::analysis::{Marks, Plot};
use crate::render::plot::{Canvas, LegendEntry, labels, value_colour};
use crate::theory::period::Search;

/// What was drawn, beside the plot's description: its format, size and length in bytes (the
/// command line adds the file's `path`; `grundy serve` the SVG itself).
pub fn drawing(format: &str, canvas: Canvas, bytes: usize) -> Value {
    let (width, height) = canvas.size();
    json!({ "format": format, "width": width, "height": height, "bytes": bytes })
}

/// One entry of a plot's legend, with the ends of its scale when it is continuous.
fn legend_entry(entry: &LegendEntry) -> Value {
    let mut object =
        json!({ "label": entry.label, "colour": entry.colour.hex(), "marks": entry.marks });
    if let Some((low, high)) = entry.scale {
        object["scale"] = json!({
            "from": low,
            "to": high,
            "colours": [value_colour(low, high).hex(), value_colour(high, high).hex()],
        });
    }
    object
}

/// What a plot draws, as JSON: kind, range, title, axes, caption, legend (marks per colour), what
/// the values rest on, and each kind's own keys (docs/plot.md lists them).
pub fn plot(plot: &Plot) -> Value {
    let labels = labels(plot);
    let legend: Vec<Value> = labels.legend.iter().map(legend_entry).collect();
    let mut object = json!({
        "game": plot.game.to_string(),
        "kind": plot.kind().name(),
        "from": 0,
        "to": plot.to,
        "title": labels.title,
        "x_axis": labels.x_axis,
        "y_axis": labels.y_axis,
        "caption": labels.caption,
        "legend": legend,
        "basis": basis(&plot.basis),
    });
    match &plot.marks {
        Marks::Scatter(scatter) => {
            object["scale"] = json!(match scatter.scale {
                Scale::Linear => "linear",
                Scale::Logarithmic => "logarithmic",
            });
            object["largest"] = json!(scatter.largest);
            object["points"] = json!(scatter.points.len());
            object["bins"] = json!(scatter.bins.len());
            object["runs"] = json!(scatter.bins.iter().map(|bin| bin.runs.len()).sum::<usize>());
            object["split"] = scatter.split.map_or(
                Value::Null,
                |split| json!({ "mask": split.mask(), "by_position": split.by_position() }),
            );
            object["rare_heaps"] = json!(scatter.rare_heaps);
            object["common_heaps"] = json!(scatter.common_heaps);
        }
        Marks::Strip(strip) => {
            object["row_length"] = json!(strip.row_length);
            object["rows"] = json!((strip.values.len() as u64).div_ceil(strip.row_length));
            object["wrapped_by_period"] = json!(strip.wrapped_by_period);
            object["period"] = match &strip.pattern {
                Some(Search::Certified(certificate)) => {
                    let p = certificate.periodicity();
                    json!({
                        "status": "certified",
                        "preperiod": p.preperiod(),
                        "period": p.period(),
                        "saltus": p.saltus(),
                        "checked_to": certificate.checked_to(),
                    })
                }
                Some(Search::Observed(observation)) => {
                    let p = observation.periodicity();
                    json!({
                        "status": "observed",
                        "preperiod": p.preperiod(),
                        "period": p.period(),
                        "saltus": p.saltus(),
                        "checked_to": observation.checked_to(),
                    })
                }

                _ => Value::Null,
            };
            object["certificate"] = match &strip.pattern {
                Some(Search::Certified(certificate)) => theorem(certificate),
                _ => Value::Null,
            };
        }
        Marks::Grid(grid) => {
            object["source"] = json!(match grid.source {
                GridSource::Pairs => "pairs",
                GridSource::TwoHeaps => "two heaps",
            });
            object["side"] = json!(grid.values.len());
            object["p_positions"] = json!(grid.p_positions());
        }
        Marks::Outcomes(map) => {
            let rows: Vec<Value> = map
                .rows
                .iter()
                .map(|row| {
                    let parity = |odd: bool| if odd { "odd" } else { "even" };
                    let symbols: String = row
                        .outcomes
                        .iter()
                        .map(|(outcome, _)| crate::games::oddball::symbol(*outcome))
                        .collect();
                    json!({
                        "mover": parity(row.mine_odd),
                        "opponent": parity(row.theirs_odd),
                        "outcomes": symbols,
                    })
                })
                .collect();
            object["rows"] = json!(rows);
        }
    }
    object
}
