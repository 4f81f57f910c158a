//! The JSON API's work: each endpoint reads its request, calls the library once and answers with
//! the command line's JSON (built by [`crate::output`], so the two cannot differ), or with the
//! command line's error message and hint. These functions block; the server runs them on its
//! blocking threads, one per turn of the [`super::gate::Gate`].

use std::collections::BTreeMap;

use axum::http::StatusCode;
use grundy::analysis::pattern::PatternPlan;
use grundy::render::json;
use grundy::{Analyzer, Config, Game, Position, QuotientPlan, SettingError, Tabulation};
use num_bigint::BigUint;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::{output, wording};

/// An answer: its status, its JSON text, and the game's warnings (the command line's `warning:`
/// lines, which are not part of its JSON).
pub(crate) struct Reply {
    pub status: StatusCode,
    pub body: Vec<u8>,
    pub warnings: Vec<String>,
    /// The body's media type: JSON, but for a picture (`/api/plot` with `"format": "svg"`).
    pub content_type: &'static str,
}

/// The media type of every answer but a picture.
pub(crate) const JSON_TYPE: &str = "application/json";

impl Reply {
    /// The answer about `game`: `value` with status 200 and the game's warnings.
    fn answer(game: &Game, value: &impl serde::Serialize) -> anyhow::Result<Self> {
        let mut reply = Reply::document(value)?;
        reply.warnings = game.warnings().iter().map(ToString::to_string).collect();
        Ok(reply)
    }

    /// A picture of `game` with status 200 and the game's warnings.
    fn picture(game: &Game, body: Vec<u8>, content_type: &'static str) -> Self {
        Reply {
            status: StatusCode::OK,
            body,
            warnings: game.warnings().iter().map(ToString::to_string).collect(),
            content_type,
        }
    }

    /// A JSON document with status 200.
    fn document(value: &impl serde::Serialize) -> anyhow::Result<Self> {
        Ok(Reply {
            status: StatusCode::OK,
            body: json::to_bytes(value)?,
            warnings: Vec::new(),
            content_type: JSON_TYPE,
        })
    }

    /// An error: `{"error": message, "hint": remedy or null}` with `status`.
    pub(crate) fn error(status: StatusCode, error: &str, hint: Option<&str>) -> Self {
        Self::error_applying(status, error, hint, true)
    }

    /// [`error`](Self::error), saying whether the question applies to the game at all
    /// (`"applies": false`: the page shows a neutral line, not an error).
    pub(crate) fn error_applying(
        status: StatusCode,
        error: &str,
        hint: Option<&str>,
        applies: bool,
    ) -> Self {
        let document = serde_json::json!({ "error": error, "hint": hint, "applies": applies });
        let body = json::to_bytes(&document)
            .unwrap_or_else(|_| b"{\"error\": \"an error could not be written\"}\n".to_vec());
        Reply {
            status,
            body,
            warnings: Vec::new(),
            content_type: JSON_TYPE,
        }
    }
}

/// A request that is not what the endpoint reads (400).
#[derive(Debug)]
struct BadRequest(String);

impl std::fmt::Display for BadRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadRequest {}

/// How an answer is rendered: the command line's `--json`, or its text.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Rendering {
    #[default]
    Json,
    Text,
}

/// The scripts a request submits: `script` for any `script:NAME` of its spec, or `scripts` by
/// name.
#[derive(Debug, Default, Deserialize)]
struct Scripts {
    #[serde(default)]
    script: Option<String>,
    #[serde(default)]
    scripts: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    game: String,
    #[serde(default)]
    position: Option<Value>,
    #[serde(default)]
    full_positions: bool,
    #[serde(default)]
    format: Rendering,
    #[serde(default)]
    script: Option<String>,
    #[serde(default)]
    scripts: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableRequest {
    game: String,
    to: Value,
    #[serde(default)]
    from: Option<Value>,
    #[serde(default)]
    width: Option<usize>,
    #[serde(default)]
    format: Rendering,
    #[serde(default)]
    script: Option<String>,
    #[serde(default)]
    scripts: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PatternRequest {
    game: String,
    #[serde(default)]
    to: Option<u64>,
    #[serde(default)]
    check_to: Option<u64>,
    #[serde(default)]
    format: Rendering,
    #[serde(default)]
    script: Option<String>,
    #[serde(default)]
    scripts: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GridRequest {
    game: String,
    to: u64,
    #[serde(default)]
    format: Rendering,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PeriodRequest {
    game: String,
    #[serde(default)]
    heaps: Option<usize>,
    #[serde(default)]
    format: Rendering,
    #[serde(default)]
    script: Option<String>,
    #[serde(default)]
    scripts: BTreeMap<String, String>,
}

/// `explain`'s layouts: the command line's text and Markdown, and its `--json`.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum ExplainFormat {
    #[default]
    Text,
    Markdown,
    Json,
}

/// `explain`'s languages.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Language {
    #[default]
    En,
    Zh,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainRequest {
    game: String,
    #[serde(default)]
    position: Option<Value>,
    #[serde(default)]
    lang: Language,
    #[serde(default)]
    format: ExplainFormat,
    #[serde(default)]
    width: Option<usize>,
    #[serde(default)]
    script: Option<String>,
    #[serde(default)]
    scripts: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct VerifyRequest {
    game: String,
    #[serde(default)]
    to: Option<u64>,
    #[serde(default = "first_seed")]
    seed: u64,
    #[serde(default)]
    format: Rendering,
    #[serde(default)]
    script: Option<String>,
    #[serde(default)]
    scripts: BTreeMap<String, String>,
}

/// How `/api/plot` answers: the description with the SVG in it, or the picture alone.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum PlotFormat {
    #[default]
    Json,
    Svg,
    Png,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlotRequest {
    game: String,
    to: Value,
    #[serde(default)]
    kind: Option<crate::plot::KindName>,
    #[serde(default)]
    width: Option<Value>,
    #[serde(default)]
    height: Option<Value>,
    #[serde(default)]
    format: PlotFormat,
    #[serde(default)]
    script: Option<String>,
    #[serde(default)]
    scripts: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OptionsRequest {
    game: String,
    #[serde(default)]
    position: Option<Value>,
    #[serde(default)]
    script: Option<String>,
    #[serde(default)]
    scripts: BTreeMap<String, String>,
}

/// `grundy verify`'s default seed.
fn first_seed() -> u64 {
    1
}

/// The widest text a request may ask for.
const MOST_WIDTH: usize = 1000;

/// The request's fields, or a 400 that says what is wrong with them.
fn request<T: DeserializeOwned>(body: &[u8]) -> anyhow::Result<T> {
    serde_json::from_slice(body).map_err(|error| {
        BadRequest(format!(
            "the request is not a JSON object of this endpoint's fields (docs/serve.md lists them): {error}"
        ))
        .into()
    })
}

/// A field that may be a JSON string or number, as text (numbers keep every digit).
fn text_field(value: Value, field: &str) -> anyhow::Result<String> {
    match value {
        Value::String(text) => Ok(text),
        Value::Number(number) => Ok(number.to_string()),
        other => Err(BadRequest(format!(
            "\"{field}\" must be a string or a number, not {other}"
        ))
        .into()),
    }
}

/// A width for text, between 1 and [`MOST_WIDTH`] (default 80).
fn width(width: Option<usize>) -> anyhow::Result<usize> {
    match width.unwrap_or(80) {
        width @ 1..=MOST_WIDTH => Ok(width),
        other => Err(BadRequest(format!(
            "\"width\" must be between 1 and {MOST_WIDTH}; got {other}"
        ))
        .into()),
    }
}

impl Scripts {
    /// The game `spec` names, its scripts those a request submitted.
    fn game_of(
        script: Option<String>,
        scripts: BTreeMap<String, String>,
        spec: &str,
    ) -> Result<Game, grundy::InputError> {
        Scripts { script, scripts }.game(spec)
    }

    /// The submitted text that `script:NAME` names. A name with a path in it is refused: the
    /// server reads no files.
    fn source(&self, name: &str) -> Result<String, String> {
        let plain = !name.is_empty()
            && !name.starts_with('.')
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if !plain {
            return Err(
                "the server reads no files: name the script (e.g. script:game) and send its text in the request's \"script\" field".to_owned(),
            );
        }
        self.scripts
            .get(name)
            .or(self.script.as_ref())
            .cloned()
            .ok_or_else(|| {
                format!(
                    "no script named {name} came with the request: send its text in the request's \"script\" field (the server reads no files)"
                )
            })
    }

    /// Parses a game spec whose `script:NAME`s are these scripts.
    fn game(&self, spec: &str) -> Result<Game, grundy::InputError> {
        grundy::input::spec::parse_game_with_loader(spec, &|name| self.source(name))
    }
}

/// `POST /api/solve`: `grundy solve GAME POSITION --json`.
pub(crate) fn solve(
    config: Config,
    observer: &dyn grundy::Observer,
    body: &[u8],
) -> anyhow::Result<Reply> {
    let request: SolveRequest = request(body)?;
    let config = if request.full_positions {
        config.with_move_targets(grundy::MoveTargets::Whole)
    } else {
        config
    };
    let game = Scripts::game_of(request.script, request.scripts, &request.game)?;
    let position = position(&game, request.position)?;
    let solution = Analyzer::new(config)
        .with_observer(observer)
        .solve(&game, &position)?;
    rendered(
        &game,
        request.format,
        || json::solution(&solution, &output::TERMS),
        || grundy::render::solution_text(&solution, &output::TERMS),
    )
}

/// `POST /api/table`: `grundy table GAME --from A --to N --json` (the grid for a game of two
/// heaps, as on the command line).
pub(crate) fn table(
    config: Config,
    observer: &dyn grundy::Observer,
    body: &[u8],
) -> anyhow::Result<Reply> {
    let request: TableRequest = request(body)?;
    let game = Scripts::game_of(request.script, request.scripts, &request.game)?;
    let to = crate::parse_number(&text_field(request.to, "to")?, "to")?;
    let from = match request.from {
        Some(from) => crate::parse_number(&text_field(from, "from")?, "from")?,
        None => BigUint::ZERO,
    };
    let width = width(request.width)?;
    let tabulation = match Analyzer::new(config)
        .with_observer(observer)
        .tabulate(&game, &from, &to)
    {
        // The library's setting in this endpoint's terms: a field, not a flag.
        Err(grundy::Error::Setting(SettingError::GridFrom { .. })) => {
            return Err(BadRequest(
                "a grid of two heaps always starts at (0, 0): drop \"from\"".to_owned(),
            )
            .into());
        }
        other => other?,
    };
    rendered(
        &game,
        request.format,
        || json::tabulation(&tabulation),
        || grundy::render::tabulation_text(&tabulation, width),
    )
}

/// An answer as the request asks for it: the command line's JSON, or `{"text": …}` with its text.
fn rendered<Document: serde::Serialize>(
    game: &Game,
    rendering: Rendering,
    json: impl FnOnce() -> Document,
    text: impl FnOnce() -> String,
) -> anyhow::Result<Reply> {
    match rendering {
        Rendering::Json => Reply::answer(game, &json()),
        Rendering::Text => Reply::answer(game, &serde_json::json!({ "text": text() })),
    }
}

/// `POST /api/grid`: `grundy table wythoff --to N --json`, the grid of G(a, b).
pub(crate) fn grid(
    config: Config,
    observer: &dyn grundy::Observer,
    body: &[u8],
) -> anyhow::Result<Reply> {
    let request: GridRequest = request(body)?;
    let game = Scripts::default().game(&request.game)?;
    if !game.has_grid() {
        return Err(BadRequest(format!(
            "{game} has no grid of two heaps: ask /api/table for its values"
        ))
        .into());
    }
    let tabulation = Tabulation::Grid(
        Analyzer::new(config)
            .with_observer(observer)
            .grid(&game, request.to)?,
    );
    rendered(
        &game,
        request.format,
        || json::tabulation(&tabulation),
        || grundy::render::tabulation_text(&tabulation, 0),
    )
}

/// `POST /api/period`: `grundy period GAME [--heaps N] --json` (for `misere:CODE`, its misère
/// quotient).
pub(crate) fn period(
    config: Config,
    observer: &dyn grundy::Observer,
    body: &[u8],
) -> anyhow::Result<Reply> {
    let request: PeriodRequest = request(body)?;
    let game = Scripts::game_of(request.script, request.scripts, &request.game)?;
    let plan = QuotientPlan::new(
        None,
        request
            .heaps
            .unwrap_or(grundy::limits::DEFAULT_QUOTIENT_HEAPS),
    );
    let answer = Analyzer::new(config)
        .with_observer(observer)
        .period_answer(&game, plan)?;
    rendered(
        &game,
        request.format,
        || json::period_answer(&answer),
        || grundy::render::period_answer_text(&answer, &output::TERMS),
    )
}

/// `POST /api/pattern`: `grundy pattern GAME [--to N] [--check-to M] --json`; without `to`, the
/// brief range of an explanation (positions up to 200, checked to 800; 24 and 48 for two
/// numbers), so that the page's rule comes at once.
pub(crate) fn pattern(
    config: Config,
    observer: &dyn grundy::Observer,
    body: &[u8],
) -> anyhow::Result<Reply> {
    let request: PatternRequest = request(body)?;
    let game = Scripts::game_of(request.script, request.scripts, &request.game)?;
    let plan = match request.to {
        Some(to) => PatternPlan {
            to: Some(to),
            check_to: request.check_to,
        },
        None => PatternPlan {
            check_to: request.check_to.or(PatternPlan::brief(&game).check_to),
            ..PatternPlan::brief(&game)
        },
    };
    let report = Analyzer::new(config)
        .with_observer(observer)
        .pattern(&game, &plan)?;
    rendered(
        &game,
        request.format,
        || json::pattern(&report),
        || grundy::render::pattern::pattern_text(&report),
    )
}

/// `POST /api/explain`: `grundy explain GAME [POSITION] --lang L [--format markdown | --json]`;
/// text and Markdown come as `{"game", "position", "language", "format", "text"}`.
pub(crate) fn explain(
    config: Config,
    observer: &dyn grundy::Observer,
    body: &[u8],
) -> anyhow::Result<Reply> {
    use grundy::render::explain::{Format, Language as Words};
    let request: ExplainRequest = request(body)?;
    let game = Scripts::game_of(request.script, request.scripts, &request.game)?;
    let position = match request.position {
        Some(text) => Some(game.parse_position(&text_field(text, "position")?)?),
        None => game.default_position(),
    };
    let width = width(request.width)?;
    let explanation = Analyzer::new(config)
        .with_observer(observer)
        .explain(&game, position.as_ref())?;
    let (format, format_name) = match request.format {
        ExplainFormat::Json => {
            return Reply::answer(&game, &json::explanation(&explanation));
        }
        ExplainFormat::Text => (Format::Text, "text"),
        ExplainFormat::Markdown => (Format::Markdown, "markdown"),
    };
    let (language, language_name) = match request.lang {
        Language::En => (Words::En, "en"),
        Language::Zh => (Words::Zh, "zh"),
    };
    let text = output::explanation_text(&explanation, format, language, width)?;
    Reply::answer(
        &game,
        &serde_json::json!({
            "game": explanation.game.to_string(),
            "position": explanation.position.as_ref().map(ToString::to_string),
            "language": language_name,
            "format": format_name,
            "text": text,
        }),
    )
}

/// `POST /api/verify`: `grundy verify GAME [--to N] [--seed S] --json` (200 whatever the verdict:
/// the JSON's `agrees` says it).
pub(crate) fn verify(
    config: Config,
    observer: &dyn grundy::Observer,
    body: &[u8],
) -> anyhow::Result<Reply> {
    let request: VerifyRequest = request(body)?;
    let game = Scripts::game_of(request.script, request.scripts, &request.game)?;
    let to = match request.to {
        Some(to) if to > grundy::limits::VERIFY_MOST_TO => {
            return Err(BadRequest(format!(
                "\"to\" must be at most {}; got {to}",
                grundy::limits::VERIFY_MOST_TO
            ))
            .into());
        }
        Some(to) => to,
        None => grundy::analysis::verify::default_to(&game),
    };
    let verification =
        Analyzer::new(config)
            .with_observer(observer)
            .verify(&game, to, request.seed)?;
    rendered(
        &game,
        request.format,
        || json::verification(&verification),
        || grundy::render::verify::verification_text(&verification),
    )
}

/// The position a request names: its `position`, the sum's own (in brackets) when it has none,
/// or a 400 that says how to give it.
fn position(game: &Game, position: Option<Value>) -> anyhow::Result<Position> {
    match position {
        Some(text) => Ok(game.parse_position(&text_field(text, "position")?)?),
        None => game.default_position().ok_or_else(|| {
            BadRequest(format!(
                "the position of {game} is missing: give it in \"position\", e.g. \"position\": \"{}\"",
                game.example_position()
            ))
            .into()
        }),
    }
}

/// `POST /api/plot`: `grundy plot GAME --to N [--kind K] [--width W] [--height H] --json`, with
/// the SVG drawn in the answer (`image`, in place of the command line's `file`); `"format":
/// "svg"` or `"png"` answers with the picture alone, as `--out FILE.svg` or `FILE.png` writes it.
pub(crate) fn plot(
    config: Config,
    observer: &dyn grundy::Observer,
    body: &[u8],
) -> anyhow::Result<Reply> {
    let request: PlotRequest = request(body)?;
    let game = Scripts::game_of(request.script, request.scripts, &request.game)?;
    let to = crate::parse_count(
        &text_field(request.to, "to")?,
        "to",
        0,
        grundy::limits::PLOT_MOST_HEAPS - 1,
    )?;
    let side = |value: Option<Value>, field: &'static str| -> anyhow::Result<Option<u32>> {
        let text = value.map(|value| text_field(value, field)).transpose()?;
        Ok(crate::plot::side(text.as_deref(), field)?)
    };
    let (width, height) = (
        side(request.width, "width")?,
        side(request.height, "height")?,
    );
    let plot = match Analyzer::new(config)
        .with_observer(observer)
        .plot(&game, &crate::plot::request(to, request.kind))
    {
        // The library's remedy in this endpoint's terms: another kind, not another command.
        Err(grundy::Error::Refused(refusal)) if refusal.remedy == Some(grundy::Remedy::UseGrid) => {
            return Ok(Reply::error(
                StatusCode::UNPROCESSABLE_ENTITY,
                &refusal.reason,
                Some("draw its grid with \"kind\": \"grid\""),
            ));
        }
        other => other?,
    };
    let canvas = crate::plot::canvas(&plot, width, height)?;
    match request.format {
        PlotFormat::Svg => Ok(Reply::picture(
            &game,
            grundy::render::plot::svg_on(&plot, canvas).into_bytes(),
            "image/svg+xml",
        )),
        PlotFormat::Png => Ok(Reply::picture(
            &game,
            grundy::render::plot::png_on(&plot, canvas)?,
            "image/png",
        )),
        PlotFormat::Json => {
            let svg = grundy::render::plot::svg_on(&plot, canvas);
            let mut object = json::plot(&plot);
            let mut image = json::drawing("svg", canvas, svg.len());
            image["svg"] = serde_json::json!(svg);
            object["image"] = image;
            Reply::answer(&game, &object)
        }
    }
}

/// `POST /api/options`: every legal move of the position with its value and the computer's
/// choice — the `options` of `grundy play GAME POSITION --json`'s position lines. Each move's
/// `next` is this endpoint's request for the position it leaves.
pub(crate) fn options(
    config: Config,
    observer: &dyn grundy::Observer,
    body: &[u8],
) -> anyhow::Result<Reply> {
    let request: OptionsRequest = request(body)?;
    let game = Scripts::game_of(request.script, request.scripts, &request.game)?;
    let position = position(&game, request.position)?;
    let options = Analyzer::new(config)
        .with_observer(observer)
        .options(&game, &position)?;
    Reply::answer(&game, &json::options(&options))
}

/// The status for an error: 400 for bad input, 422 for a refusal by a limit or a game the
/// library cannot answer, 500 only for an internal error.
fn status(error: &anyhow::Error) -> StatusCode {
    use grundy::SettingError;
    use grundy::games::script::ScriptError;
    if error.is::<BadRequest>() || error.is::<grundy::InputError>() {
        return StatusCode::BAD_REQUEST;
    }
    match error.downcast_ref::<grundy::Error>() {
        Some(
            grundy::Error::Input(_)
            | grundy::Error::Script(
                ScriptError::Syntax { .. }
                | ScriptError::Missing { .. }
                | ScriptError::Conflict { .. },
            )
            | grundy::Error::Setting(SettingError::Reversed { .. }),
        ) => StatusCode::BAD_REQUEST,
        Some(grundy::Error::Internal(_)) | None => StatusCode::INTERNAL_SERVER_ERROR,
        Some(_) => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// An error as its reply: the command line's message, and its hint — except that a limit of
/// the server is worded for the page's user, who cannot set it: the server's operator sets it
/// when starting `grundy serve`.
pub(crate) fn failure(error: &anyhow::Error) -> Reply {
    let refusal = error.downcast_ref::<grundy::Error>();
    let applies = !matches!(refusal, Some(grundy::Error::Refused(refusal)) if !refusal.applies);
    let hint = match refusal.and_then(grundy::Error::remedy) {
        Some(grundy::Remedy::RaiseLimit { limit, .. }) => Some(format!(
            "this server sets {} for every question (grundy serve {}): ask about a smaller position, table or plot here, or run grundy on your own machine for a longer computation",
            limit.setting().name(),
            wording::flag(limit.setting())
        )),
        _ => wording::remedy(error),
    };
    Reply::error_applying(
        status(error),
        &wording::message(error),
        hint.as_deref(),
        applies,
    )
}
