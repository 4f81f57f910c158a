//! Plots drawn: a [`Plot`]'s marks as SVG text or PNG bytes, with its title, axis labels, legend
//! and caption in English.
//!
//! Drawing is [plotters](https://docs.rs/plotters)' (its SVG and bitmap backends); text is set
//! in `DejaVu Sans`, bundled with the crate (`assets/fonts/`, its licence beside it) and read by
//! `ab_glyph`, so the same plot gives the same bytes on every machine, whatever fonts it has.
//! Like the rest of `render`, it reads typed answers and never computes them.

mod draw;

use crate::analysis::plot::{
    GridSource, Marks, OutcomeMap, Plot, Scale, Scatter, Strip, ValueClass,
};
use crate::analysis::{Basis, ClosedForm, Outcome};
use crate::games::game::Game;
use crate::games::ruleset::PositionShape;
use crate::theory::period::{Periodicity, Search};

/// A colour of a plot's marks, as red, green and blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colour(pub u8, pub u8, pub u8);

impl Colour {
    /// The colour as SVG writes it: `#D55E00`.
    ///
    /// # Example
    /// ```
    /// assert_eq!(grundy::render::plot::P_POSITION.hex(), "#D55E00");
    /// ```
    pub fn hex(self) -> String {
        format!("#{:02X}{:02X}{:02X}", self.0, self.1, self.2)
    }
}

// Every colour comes from the Okabe–Ito palette (Okabe and Ito, "Color Universal Design", 2008),
// whose colours stay apart for the common colour-vision deficiencies, and means the same in every
// plot and on the page (`grundy serve`'s style sheet uses darker shades of the same hues for text):
// vermillion for a P-position, a loss and a rare value; bluish green for a win; orange for a tie;
// sky blue for a draw.

/// P-positions (value 0), the rare values of a scatter plot, and lost positions of an outcome map:
/// vermillion.
pub const P_POSITION: Colour = Colour(0xD5, 0x5E, 0x00);
/// The values 1, 2, … of a strip or grid with few values, in turn: the rest of the Okabe–Ito
/// palette, then Tol's wine.
pub const VALUE_COLOURS: [Colour; 9] = [
    Colour(0x00, 0x72, 0xB2),
    Colour(0xE6, 0x9F, 0x00),
    Colour(0x00, 0x9E, 0x73),
    Colour(0xCC, 0x79, 0xA7),
    Colour(0x56, 0xB4, 0xE9),
    Colour(0xF0, 0xE4, 0x42),
    Colour(0x99, 0x99, 0x99),
    Colour(0x00, 0x00, 0x00),
    Colour(0x88, 0x22, 0x55),
];
/// The points of a scatter plot without a rare/common split, and its common values: blue.
pub const POINT: Colour = Colour(0x00, 0x72, 0xB2);
/// The rare values of a scatter plot.
pub const RARE: Colour = P_POSITION;
/// Won positions of an outcome map: bluish green.
pub const WIN: Colour = Colour(0x00, 0x9E, 0x73);
/// Lost positions of an outcome map.
pub const LOSE: Colour = P_POSITION;
/// Tied positions of an outcome map: orange.
pub const TIE: Colour = Colour(0xE6, 0x9F, 0x00);
/// Drawn positions of an outcome map: sky blue.
pub const DRAW: Colour = Colour(0x56, 0xB4, 0xE9);

/// The colour of value `value` in a strip or grid whose largest value is `largest`: P-positions
/// vermillion; with at most 9 other values one colour each ([`VALUE_COLOURS`]), otherwise shades
/// of blue, darker for larger values (one hue: a continuous scale the legend draws as a bar).
pub fn value_colour(value: u32, largest: u32) -> Colour {
    if value == 0 {
        return P_POSITION;
    }
    if largest as usize <= VALUE_COLOURS.len() {
        return VALUE_COLOURS[(value - 1) as usize % VALUE_COLOURS.len()];
    }
    let t = f64::from(value) / f64::from(largest.max(1));
    let shade = |light: f64, dark: f64| (light + (dark - light) * t).round() as u8;
    Colour(shade(222.0, 8.0), shade(235.0, 48.0), shade(247.0, 107.0))
}

/// One entry of a plot's legend: what a colour means and how many marks have it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendEntry {
    /// What the colour stands for.
    pub label: String,
    /// The colour.
    pub colour: Colour,
    /// How many marks (points, bins' runs or cells) are drawn in it.
    pub marks: u64,
    /// For a continuous scale, the values it runs over (`value_colour` of each): the legend
    /// draws a colour bar from the first to the last.
    pub scale: Option<(u32, u32)>,
}

/// The words of a plot: title, axis labels, caption and legend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    /// The title: the game (as [`game_title`](super::game_title) names it) and what is drawn.
    pub title: String,
    /// The label of the horizontal axis.
    pub x_axis: String,
    /// The label of the vertical axis.
    pub y_axis: String,
    /// What the values rest on: the certificate of a strip's period (its theorem and the values
    /// checked), or `observed, not proved`.
    pub caption: String,
    /// The legend.
    pub legend: Vec<LegendEntry>,
}

/// The title, axis labels, caption and legend of `plot`.
///
/// # Complexity
/// `O(m)` for `m` marks (the legend counts them).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, PlotRequest, parse_game};
/// let game = parse_game("subtraction:1,3,4")?;
/// let plot = Analyzer::new(Config::default()).plot(&game, &PlotRequest::new(70))?;
/// let labels = grundy::render::plot::labels(&plot);
/// assert_eq!(labels.title, "subtraction:1,3,4: G(n) for n = 0 to 70, in rows of the period 7");
/// assert_eq!((labels.legend[0].label.as_str(), labels.legend[0].marks), ("P-position (G = 0)", 21));
/// assert!(labels.caption.starts_with("period 7 from n = 0, certified by the window criterion"));
/// # Ok(()) }
/// ```
pub fn labels(plot: &Plot) -> Labels {
    let game = super::game_title(&plot.game);
    let g = if plot.game.is_misere() {
        "misère G"
    } else {
        "G"
    };
    let to = plot.to;
    match &plot.marks {
        Marks::Scatter(scatter) => scatter_labels(scatter, &plot.basis, &game, g, to),
        Marks::Strip(strip) => Labels {
            title: if strip.wrapped_by_period {
                format!(
                    "{game}: {g}(n) for n = 0 to {to}, in rows of the period {}",
                    strip.row_length
                )
            } else {
                format!(
                    "{game}: {g}(n) for n = 0 to {to}, in rows of {}",
                    strip.row_length
                )
            },
            x_axis: format!("n mod {}", strip.row_length),
            y_axis: "first heap of the row".to_owned(),
            caption: strip_caption(plot, strip, g),
            legend: value_legend(strip.values.iter().copied(), g),
        },
        Marks::Grid(grid) => Labels {
            title: match grid.source {
                GridSource::Pairs => format!("{game}: {g}(a, b) for a, b = 0 to {to}"),
                GridSource::TwoHeaps => {
                    format!("two heaps of {game}: {g}(a) xor {g}(b) for a, b = 0 to {to}")
                }
            },
            x_axis: "heap a".to_owned(),
            y_axis: "heap b".to_owned(),
            caption: match grid.source {
                GridSource::Pairs => "values of every pair computed directly".to_owned(),
                GridSource::TwoHeaps => format!(
                    "Sprague–Grundy: the value of two heaps is the xor of theirs; {}",
                    basis_words(&plot.basis)
                ),
            },
            legend: value_legend(grid.values.iter().flatten().copied(), g),
        },
        Marks::Outcomes(map) => outcome_labels(map, &game, to),
    }
}

/// The words of a scatter plot.
fn scatter_labels(scatter: &Scatter, basis: &Basis, game: &str, g: &str, to: u64) -> Labels {
    let marks = |class: ValueClass| {
        if scatter.points.is_empty() {
            scatter
                .bins
                .iter()
                .flat_map(|bin| &bin.runs)
                .filter(|run| run.class == class)
                .count() as u64
        } else {
            scatter.points.iter().filter(|p| p.class == class).count() as u64
        }
    };
    let legend = if scatter.split.is_some() {
        vec![
            LegendEntry {
                label: format!("rare value ({})", super::count(scatter.rare_heaps, "heap")),
                colour: RARE,
                marks: marks(ValueClass::Rare),
                scale: None,
            },
            LegendEntry {
                label: format!(
                    "common value ({})",
                    super::count(scatter.common_heaps, "heap")
                ),
                colour: POINT,
                marks: marks(ValueClass::Common),
                scale: None,
            },
        ]
    } else {
        vec![LegendEntry {
            label: format!("{g}(n)"),
            colour: POINT,
            marks: marks(ValueClass::Plain),
            scale: None,
        }]
    };
    let legend = legend.into_iter().filter(|entry| entry.marks > 0).collect();
    let binned = if scatter.points.is_empty() {
        format!(
            "; {} bins, each drawing the values its heaps take",
            scatter.bins.len()
        )
    } else {
        String::new()
    };
    let split = scatter.split.map_or(String::new(), |split| {
        format!(
            "; rare: popcount(G & {}) {}",
            split.mask(),
            if split.by_position() {
                "has the parity of the heap's class (docs/theory.md §9)"
            } else {
                "is even (docs/theory.md §9)"
            }
        )
    });
    Labels {
        title: format!("{game}: {g}(n) for n = 0 to {to}"),
        x_axis: match scatter.scale {
            Scale::Linear => "heap n".to_owned(),
            Scale::Logarithmic => "heap n (logarithmic)".to_owned(),
        },
        y_axis: format!("{g}(n)"),
        caption: format!("{}{binned}{split}", basis_words(basis)),
        legend,
    }
}

/// The words of an outcome map.
fn outcome_labels(map: &OutcomeMap, game: &str, to: u64) -> Labels {
    let count = |outcome: Outcome| {
        map.rows
            .iter()
            .flat_map(|row| &row.outcomes)
            .filter(|(o, _)| *o == outcome)
            .count() as u64
    };
    let legend = [
        (Outcome::Win, "win for the player to move", WIN),
        (Outcome::Lose, "loss", LOSE),
        (Outcome::Tie, "tie", TIE),
        (Outcome::Draw, "draw (play goes on forever)", DRAW),
    ]
    .into_iter()
    .map(|(outcome, label, colour)| LegendEntry {
        label: label.to_owned(),
        colour,
        marks: count(outcome),
        scale: None,
    })
    .filter(|entry| entry.marks > 0)
    .collect();
    Labels {
        title: format!("{game}: outcomes with 0 to {to} balls left"),
        x_axis: "balls left".to_owned(),
        y_axis: "balls held: mover, opponent".to_owned(),
        caption: format!(
            "exhaustive search of {} positions by retrograde analysis",
            4 * (to + 1)
        ),
        legend,
    }
}

/// The legend of a strip or grid: P-positions, then each value (or one entry for all others when
/// there are too many to colour apart) — only those drawn at least once.
fn value_legend(values: impl Iterator<Item = u32> + Clone, g: &str) -> Vec<LegendEntry> {
    let largest = values.clone().max().unwrap_or(0);
    let mut counts = vec![0u64; (largest as usize).min(VALUE_COLOURS.len()) + 1];
    let mut others = 0;
    for value in values {
        match counts.get_mut(value as usize) {
            Some(count) if largest as usize <= VALUE_COLOURS.len() || value == 0 => *count += 1,
            _ => others += 1,
        }
    }
    let mut legend = vec![LegendEntry {
        label: format!("P-position ({g} = 0)"),
        colour: P_POSITION,
        marks: counts[0],
        scale: None,
    }];
    if largest as usize <= VALUE_COLOURS.len() {
        for value in 1..=largest {
            legend.push(LegendEntry {
                label: format!("{g} = {value}"),
                colour: value_colour(value, largest),
                marks: counts[value as usize],
                scale: None,
            });
        }
    } else {
        legend.push(LegendEntry {
            label: format!("{g} = 1 to {largest}, darker larger"),
            colour: value_colour(largest, largest),
            marks: others,
            scale: Some((1, largest)),
        });
    }
    legend.retain(|entry| entry.marks > 0);
    legend
}

/// What a strip's pattern rests on: the certificate, what the search observed and over how many
/// values, or — for a game without a period search — the rule or computation its values come from.
fn strip_caption(plot: &Plot, strip: &Strip, g: &str) -> String {
    match &strip.pattern {
        Some(Search::Certified(certificate)) => format!(
            "{}, certified by the {} ({} checked){}",
            pattern_words(certificate.periodicity(), g),
            theorem_words(&certificate.theorem()),
            super::count(certificate.checked_to(), "value"),
            if certificate.periodicity().preperiod() > 0 {
                "; faded cells are the preperiod"
            } else {
                ""
            }
        ),
        Some(Search::Observed(observation)) => format!(
            "{} in the first {}: observed, not proved{}",
            pattern_words(observation.periodicity(), g),
            super::count(observation.checked_to(), "value"),
            if observation.periodicity().preperiod() > 0 {
                "; faded cells are the preperiod"
            } else {
                ""
            }
        ),
        Some(Search::NotFound { checked_to }) => format!(
            "no period in the first {} searched",
            super::count(checked_to, "value")
        ),
        None => match (&plot.basis, quota_positions(&plot.game)) {
            (Basis::Rule(ClosedForm::NimHeap), _) => {
                "G(n) = n for every heap (a theorem: a Nim heap of n tokens has Grundy value n, its options being every smaller heap)".to_owned()
            }
            (Basis::Computed { computed }, true) => format!(
                "{g}(n) of a fresh heap (the first move may take n − 1) computed directly from every (heap, quota) position up to heap {} ({}); no period search for this game",
                plot.to,
                super::count(computed, "position")
            ),
            (basis, _) => format!("{}; no period search for this game", basis_words(basis)),
        },
    }
}

/// Whether the game's positions are a heap and the most the next move may take (Fibonacci
/// Nim): its values of a fresh heap come from a table of (heap, quota) positions.
fn quota_positions(game: &Game) -> bool {
    game.base()
        .ruleset()
        .is_some_and(|rules| matches!(rules.position_shape(), PositionShape::Quota))
}

/// A period in words, with its saltus when it has one: `period 7 from n = 0`, or `period 4 from
/// n = 0 with saltus 2 (G(n + 4) = G(n) + 2)`.
fn pattern_words(periodicity: &Periodicity, g: &str) -> String {
    let (period, preperiod, saltus) = (
        periodicity.period(),
        periodicity.preperiod(),
        periodicity.saltus(),
    );
    if saltus == 0 {
        format!("period {period} from n = {preperiod}")
    } else {
        format!(
            "period {period} from n = {preperiod} with saltus {saltus} ({g}(n + {period}) = {g}(n) + {saltus})"
        )
    }
}

/// The theorem's name in a sentence.
fn theorem_words(theorem: &crate::theory::period::Theorem) -> &'static str {
    theorem.name()
}

/// What the values drawn rest on, in words.
fn basis_words(basis: &Basis) -> String {
    match basis {
        Basis::Certified(certificate) => {
            let p = certificate.periodicity();
            format!(
                "values from period {} from n = {}, certified by the {}",
                p.period(),
                p.preperiod(),
                theorem_words(&certificate.theorem())
            )
        }
        Basis::Computed { computed } => {
            format!("{} computed directly", super::count(computed, "value"))
        }
        other => super::basis_summary(other),
    }
}

/// The size of a drawing, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canvas {
    width: u32,
    height: u32,
}

/// The least width or height of a canvas, in pixels.
pub const LEAST_SIDE: u32 = 200;
/// The largest width or height of a canvas, in pixels (a PNG of 4096 × 4096 holds 48 MiB of
/// pixels while it is drawn).
pub const LARGEST_SIDE: u32 = 4096;

impl Canvas {
    /// A canvas `width` × `height` pixels.
    ///
    /// # Errors
    /// [`PlotError::Size`] unless both are between [`LEAST_SIDE`] and [`LARGEST_SIDE`].
    pub fn new(width: u32, height: u32) -> Result<Self, PlotError> {
        for (side, given) in [("width", width), ("height", height)] {
            if !(LEAST_SIDE..=LARGEST_SIDE).contains(&given) {
                return Err(PlotError::Size { side, given });
            }
        }
        Ok(Self { width, height })
    }

    /// The canvas a plot of this kind is drawn on by default: 1000 wide; 600 high for a scatter
    /// plot, 800 for a grid, 420 for outcomes, a strip as tall as its rows and legend need.
    pub fn default_for(plot: &Plot) -> Self {
        let (width, height) = match &plot.marks {
            Marks::Strip(strip) => {
                let rows = (strip.values.len() as u64).div_ceil(strip.row_length.max(1));
                let cell = (640 / strip.row_length.max(1)).clamp(6, 40);
                // Tall enough for the legend too: a line per value shown, and the P-positions.
                let largest = strip.values.iter().copied().max().unwrap_or(0);
                let legend = 24 * (u64::from(largest).min(VALUE_COLOURS.len() as u64) + 1) + 160;
                (
                    1000,
                    (rows * cell + 190).max(legend).clamp(300, 4096) as u32,
                )
            }
            Marks::Grid(_) => (1000, 800),
            Marks::Outcomes(_) => (1000, 420),
            Marks::Scatter(_) => (1000, 600),
        };
        Self { width, height }
    }

    /// Width and height in pixels.
    pub fn size(self) -> (u32, u32) {
        (self.width, self.height)
    }
}

/// Why a plot could not be drawn.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlotError {
    /// A canvas side out of bounds.
    #[error(
        "the {side} of a plot must be between {LEAST_SIDE} and {LARGEST_SIDE} pixels; got {given}"
    )]
    Size {
        /// `width` or `height`.
        side: &'static str,
        /// The size given.
        given: u32,
    },
    /// The drawing library failed (a bug in grundy or in it).
    #[error("drawing the plot failed: {0}")]
    Drawing(String),
    /// Encoding the pixels as PNG failed.
    #[error("encoding the plot as PNG failed: {0}")]
    Encoding(String),
}

/// `plot` as an SVG document on its default canvas ([`Canvas::default_for`]).
///
/// # Complexity
/// `O(m)` for `m` marks: one SVG element per point, bin run or cell (a scatter plot of many heaps
/// is binned by the analysis, so this stays bounded by the plot limits).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, PlotRequest, parse_game};
/// let game = parse_game("subtraction:1,3,4")?;
/// let plot = Analyzer::new(Config::default()).plot(&game, &PlotRequest::new(70))?;
/// let svg = grundy::render::plot::svg(&plot);
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches(r##"fill="#D55E00""##).count(), 21 + 1); // the cells and the legend
/// # Ok(()) }
/// ```
pub fn svg(plot: &Plot) -> String {
    svg_on(plot, Canvas::default_for(plot))
}

/// `plot` as an SVG document on `canvas`. Should drawing fail (it does not with the bundled
/// font), the document says why in its one text.
///
/// # Complexity
/// As for [`svg`].
pub fn svg_on(plot: &Plot, canvas: Canvas) -> String {
    let mut text = String::new();
    let drawn = {
        let backend = plotters::prelude::SVGBackend::with_string(&mut text, canvas.size());
        draw::draw(backend, plot, &labels(plot))
    };
    match drawn {
        Ok(()) => text,
        Err(error) => format!(
            r#"<svg width="{}" height="{}" xmlns="http://www.w3.org/2000/svg"><text x="10" y="20">{}</text></svg>"#,
            canvas.width,
            canvas.height,
            error.replace('&', "&amp;").replace('<', "&lt;")
        ),
    }
}

/// `plot` as PNG bytes on its default canvas ([`Canvas::default_for`]).
///
/// # Complexity
/// `O(m + w · h)` for `m` marks on a `w × h` canvas.
///
/// # Errors
/// [`PlotError::Drawing`] or [`PlotError::Encoding`] if drawing or encoding fails.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, PlotRequest, parse_game};
/// let plot = Analyzer::new(Config::default()).plot(&parse_game("wythoff")?, &PlotRequest::new(20))?;
/// let png = grundy::render::plot::png(&plot)?;
/// assert_eq!(&png[1..4], b"PNG");
/// # Ok(()) }
/// ```
pub fn png(plot: &Plot) -> Result<Vec<u8>, PlotError> {
    png_on(plot, Canvas::default_for(plot))
}

/// `plot` as PNG bytes on `canvas`.
///
/// # Complexity
/// As for [`png()`].
///
/// # Errors
/// As for [`png()`].
pub fn png_on(plot: &Plot, canvas: Canvas) -> Result<Vec<u8>, PlotError> {
    use resvg::{tiny_skia, usvg};
    let mut svg = String::new();
    {
        let backend = plotters::prelude::SVGBackend::with_string(&mut svg, canvas.size());
        draw::draw(backend, plot, &labels(plot)).map_err(PlotError::Drawing)?;
    }
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_font_data(draw::FONT.to_vec());
    let tree = usvg::Tree::from_str(&svg, &options)
        .map_err(|error| PlotError::Encoding(error.to_string()))?;
    let (width, height) = canvas.size();
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| PlotError::Encoding(format!("no canvas of {width} × {height}")))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    // Opaque: the picture is drawn on white, so each pixel's colour is its own.
    let mut pixels = Vec::with_capacity(width as usize * height as usize * 3);
    for pixel in pixmap.pixels() {
        let colour = pixel.demultiply();
        pixels.extend_from_slice(&[colour.red(), colour.green(), colour.blue()]);
    }
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder
        .write_header()
        .map_err(|error| PlotError::Encoding(error.to_string()))?;
    writer
        .write_image_data(&pixels)
        .map_err(|error| PlotError::Encoding(error.to_string()))?;
    writer
        .finish()
        .map_err(|error| PlotError::Encoding(error.to_string()))?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::plot::{PlotKind, PlotRequest};
    use crate::analysis::{Analyzer, Config};
    use crate::input::spec::parse_game;

    fn labels_of(spec: &str, request: PlotRequest) -> Labels {
        let game = parse_game(spec).expect("a game");
        let plot = Analyzer::new(Config::default())
            .plot(&game, &request)
            .expect("a plot");
        labels(&plot)
    }

    #[test]
    fn captions_say_what_the_values_rest_on() {
        let caption = labels_of("nim", PlotRequest::new(40)).caption;
        assert!(caption.starts_with("G(n) = n for every heap"), "{caption}");
        assert!(!caption.contains("observed"), "{caption}");
        let caption = labels_of("fibonacci-nim", PlotRequest::new(40)).caption;
        assert!(
            caption.contains("computed directly from every (heap, quota) position up to heap 40"),
            "{caption}"
        );
        assert!(!caption.contains("observed"), "{caption}");
        let caption = labels_of("0.[3]", PlotRequest::new(50)).caption;
        assert_eq!(
            caption,
            "period 1 from n = 0 with saltus 1 (G(n + 1) = G(n) + 1), certified by the take-and-break family criterion (3 values checked)"
        );
        let caption = labels_of("hex:0.3F", PlotRequest::new(50)).caption;
        assert!(
            caption.starts_with(
                "period 6 from n = 0 with saltus 3 (G(n + 6) = G(n) + 3) in the first"
            ),
            "{caption}"
        );
        assert!(caption.ends_with("observed, not proved"), "{caption}");
        let caption = labels_of("allbut:2,3", PlotRequest::new(60)).caption;
        assert!(
            caption.contains(
                "with saltus 2 (G(n + 4) = G(n) + 2), certified by the all-but criterion"
            ),
            "{caption}"
        );
        let caption = labels_of("0.6", PlotRequest::new(200)).caption;
        assert_eq!(caption, "no period in the first 65536 values searched");
    }

    #[test]
    fn legends_list_only_colours_drawn_and_count_in_words() {
        for (spec, to) in [
            ("fibonacci-nim", 40),
            ("4!.0", 100),
            ("subtraction:1,3,4", 70),
        ] {
            let legend = labels_of(spec, PlotRequest::new(to)).legend;
            assert!(!legend.is_empty(), "{spec}");
            for entry in &legend {
                assert!(entry.marks > 0, "{spec}: {entry:?}");
            }
        }
        let legend = labels_of("kayles", PlotRequest::new(0).with_kind(PlotKind::Scatter)).legend;
        let labels: Vec<&str> = legend.iter().map(|entry| entry.label.as_str()).collect();
        assert!(
            labels.iter().all(|label| !label.contains("(1 heaps)")),
            "{labels:?}"
        );
        assert!(
            labels.iter().any(|label| label.ends_with("(1 heap)")),
            "{labels:?}"
        );
    }
}
