//! `grundy plot`: reads the arguments, checks the output file can be written, asks the library
//! for the plot, has it drawn as SVG or PNG and writes it atomically; `--json` describes what was
//! drawn.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use grundy::analysis::plot::{GridSource, Marks, Plot, PlotKind, PlotRequest, Scale};
use grundy::period::Search;
use grundy::render::plot::{Canvas, LARGEST_SIDE, LEAST_SIDE};
use grundy::{Analyzer, render};
use serde_json::{Value, json};

use crate::progress::TerminalObserver;
use crate::{Common, output, parse_count, read_game};

/// The arguments of `grundy plot`.
#[derive(Args, Debug)]
pub(crate) struct PlotArgs {
    /// The game, e.g. subtraction:1,3,4, wythoff, 0.6 or oddball:1,2,3.
    game: String,
    /// The largest heap drawn (for a grid, of each heap; for outcomes, balls left).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    to: String,
    /// What to draw (default: grid for wythoff, outcomes for oddball, otherwise strip, or scatter
    /// from N = 10000).
    #[arg(long, value_enum)]
    kind: Option<KindName>,
    /// The file to write: FILE.svg or FILE.png.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
    /// The width in pixels (default 1000).
    #[arg(long, value_name = "PX", allow_hyphen_values = true)]
    width: Option<String>,
    /// The height in pixels (default: by kind; a strip as tall as its rows).
    #[arg(long, value_name = "PX", allow_hyphen_values = true)]
    height: Option<String>,
    #[command(flatten)]
    common: Common,
}

/// The kinds of plot, as the command line names them (and `grundy serve`'s `"kind"`).
#[derive(Clone, Copy, Debug, ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum KindName {
    /// n against G(n), rare values of take-and-break codes highlighted; binned for large N.
    Scatter,
    /// The values as coloured cells in rows as long as the period, the certificate below.
    Strip,
    /// G(a, b) of two heaps (Wythoff, or two heaps of a one-heap game: G(a) xor G(b)).
    Grid,
    /// Win/lose/tie of the contest game over balls left and the parities held.
    Outcomes,
}

impl KindName {
    pub(crate) fn kind(self) -> PlotKind {
        match self {
            Self::Scatter => PlotKind::Scatter,
            Self::Strip => PlotKind::Strip,
            Self::Grid => PlotKind::Grid,
            Self::Outcomes => PlotKind::Outcomes,
        }
    }
}

/// The file formats a plot is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

/// The format `--out` names by its extension, or an error pointing at it.
fn format_of(path: &Path) -> Result<Format, grundy::InputError> {
    let text = path.to_string_lossy().into_owned();
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        other => {
            let start = match other {
                Some(found) => text.len() - found.len(),
                None => text.len(),
            };
            Err(grundy::InputError {
                what: "--out",
                text: text.clone(),
                span: start..text.len(),
                message: match other {
                    Some(found) => format!("a plot is written as .svg or .png, not .{found}"),
                    None => "the file needs the extension .svg or .png".to_owned(),
                },
                hint: Some(format!(
                    "e.g. --out {}.svg or --out {}.png",
                    path.with_extension("").display(),
                    path.with_extension("").display()
                )),
            })
        }
    }
}

/// `grundy plot GAME --to N --out FILE`.
pub(crate) fn run(args: &PlotArgs, observer: &TerminalObserver) -> anyhow::Result<()> {
    let analyzer = Analyzer::new(args.common.config()?).with_observer(observer);
    let game = read_game(&args.game)?;
    let to = parse_count(&args.to, "--to", 0, grundy::limits::PLOT_MOST_HEAPS - 1)?;
    let (width, height) = (
        side(args.width.as_deref(), "--width")?,
        side(args.height.as_deref(), "--height")?,
    );
    let format = format_of(&args.out)?;
    // The file is checked before anything is computed.
    if args.out.exists() && !args.force {
        anyhow::bail!(
            "--out {}: the file exists; add --force to replace it",
            args.out.display()
        );
    }
    if args.out.is_dir() {
        anyhow::bail!("--out {}: this is a directory", args.out.display());
    }
    crate::long_run::check_writable("--out", &args.out, &args.out)?;
    let plot = analyzer.plot(&game, &request(to, args.kind));
    observer.finish();
    let plot = match plot {
        // The library's remedy in this command's terms: another kind of plot, not another command.
        Err(grundy::Error::Refused(refusal)) if refusal.remedy == Some(grundy::Remedy::UseGrid) => {
            anyhow::bail!("{}\n  hint: draw its grid with --kind grid", refusal.reason)
        }
        other => other?,
    };
    let canvas = canvas(&plot, width, height)?;
    let bytes = match format {
        Format::Svg => render::plot::svg_on(&plot, canvas).into_bytes(),
        Format::Png => render::plot::png_on(&plot, canvas)?,
    };
    crate::long_run::write_atomically(&args.out, &bytes)?;
    let (width, height) = canvas.size();
    if args.common.json {
        let mut object = plot_json(&plot);
        let format = if format == Format::Svg { "svg" } else { "png" };
        let mut file = json!({ "path": args.out.display().to_string() });
        if let (Some(file), Value::Object(drawing)) = (
            file.as_object_mut(),
            drawing_json(format, canvas, bytes.len()),
        ) {
            file.extend(drawing);
        }
        object["file"] = file;
        return output::print_json(&object);
    }
    let labels = render::plot::labels(&plot);
    let legend: Vec<String> = labels
        .legend
        .iter()
        .map(|entry| format!("{}: {}", entry.label, entry.marks))
        .collect();
    output::text(&format!(
        "wrote {} ({width} × {height}, {} bytes): {} plot of {}\n  {}\n  {}\n",
        args.out.display(),
        bytes.len(),
        plot.kind().name(),
        labels.title,
        legend.join("; "),
        labels.caption
    ))
}

/// A side of the canvas given in pixels, named by its option (or field), if given.
pub(crate) fn side(
    text: Option<&str>,
    option: &'static str,
) -> Result<Option<u32>, grundy::InputError> {
    text.map(|text| {
        parse_count(text, option, LEAST_SIDE.into(), LARGEST_SIDE.into())
            .map(|px| u32::try_from(px).unwrap_or(LARGEST_SIDE))
    })
    .transpose()
}

/// The library's request: a plot to `to`, of `kind` or the kind the library chooses.
pub(crate) fn request(to: u64, kind: Option<KindName>) -> PlotRequest {
    let request = PlotRequest::new(to);
    match kind {
        Some(kind) => request.with_kind(kind.kind()),
        None => request,
    }
}

/// The canvas of `width` × `height` pixels, each side by default the kind's own.
///
/// # Errors
/// A side out of range ([`LEAST_SIDE`] to [`LARGEST_SIDE`]).
pub(crate) fn canvas(
    plot: &Plot,
    width: Option<u32>,
    height: Option<u32>,
) -> Result<Canvas, render::plot::PlotError> {
    let default = Canvas::default_for(plot).size();
    Canvas::new(width.unwrap_or(default.0), height.unwrap_or(default.1))
}

/// What was drawn, beside the plot's description: its format, size and length in bytes (the
/// command line adds the file's `path`; `grundy serve` the SVG itself).
pub(crate) fn drawing_json(format: &str, canvas: Canvas, bytes: usize) -> Value {
    let (width, height) = canvas.size();
    json!({ "format": format, "width": width, "height": height, "bytes": bytes })
}

/// What a plot draws, as JSON: kind, range, title, axes, caption, legend (marks per colour), what
/// the values rest on, and each kind's own keys (docs/plot.md lists them).
pub(crate) fn plot_json(plot: &Plot) -> Value {
    let labels = render::plot::labels(plot);
    let legend: Vec<Value> = labels
        .legend
        .iter()
        .map(|entry| {
            json!({ "label": entry.label, "colour": entry.colour.hex(), "marks": entry.marks })
        })
        .collect();
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
        "basis": output::basis_json(&plot.basis),
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
                    json!({ "status": "certified", "preperiod": p.preperiod(), "period": p.period() })
                }
                Some(Search::Observed(observation)) => {
                    let p = observation.periodicity();
                    json!({ "status": "observed", "preperiod": p.preperiod(), "period": p.period() })
                }
                _ => Value::Null,
            };
            object["certificate"] = match &strip.pattern {
                Some(Search::Certified(certificate)) => output::theorem_json(certificate),
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
                        .map(|(outcome, _)| grundy::oddball::symbol(*outcome))
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
