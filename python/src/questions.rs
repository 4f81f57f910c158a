//! The questions: one function each, as `grundy.solve`, `grundy.table`, … call them. Each returns
//! the library's JSON document of its answer (as Python objects) and, where the library writes
//! one, its text; explanations and plots return an object that renders them on request.

use grundy::render::{self, json};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

use crate::convert::{document, number_at_most, position_text, small_number, whole_number};
use crate::errors::{self, Kind};
use crate::{Limits, game_of, run};

/// The choice `given` names among `choices` for the keyword argument `keyword`.
///
/// # Errors
/// `ValueError` listing the choices.
fn choose<T: Copy>(keyword: &str, given: &str, choices: &[(&str, T)]) -> PyResult<T> {
    choices
        .iter()
        .find(|(name, _)| *name == given)
        .map(|(_, choice)| *choice)
        .ok_or_else(|| {
            let names: Vec<String> = choices
                .iter()
                .map(|(name, _)| format!("{name:?}"))
                .collect();
            pyo3::exceptions::PyValueError::new_err(format!(
                "{keyword} is one of {}; not {given:?}",
                names.join(", ")
            ))
        })
}

/// The position of `game` the caller gave, or the game's own (a sum's, written as nothing); for
/// a game defined in Python (`python`), what its `start` makes of the object given, or the object
/// itself.
fn position_of(
    py: Python<'_>,
    game: &grundy::Game,
    python: Option<&crate::host::PythonRules>,
    position: Option<&Bound<'_, PyAny>>,
    call: &str,
) -> PyResult<grundy::Position> {
    match position {
        Some(position) if python.is_some() => {
            // A position a move left, as the options' `next` writes it: `=` and its text.
            if let Ok(text) = position.cast::<pyo3::types::PyString>()
                && let Some(state) = text.to_cow()?.strip_prefix('=')
            {
                return Ok(grundy::Position::State(state.to_owned()));
            }
            let state = match python.and_then(crate::host::PythonRules::start) {
                Some((start, 2)) => {
                    let (a, b): (Bound<'_, PyAny>, Bound<'_, PyAny>) = position.extract()?;
                    start.bind(py).call1((a, b))?
                }
                Some((start, _)) => start.bind(py).call1((position,))?,
                None => position.clone(),
            };
            let value = crate::host::to_value(&state, 0)
                .map_err(|message| errors::raise(py, Kind::Game, &message, None, &[]))?;
            Ok(grundy::Position::State(value.to_string()))
        }
        Some(position) => {
            let text = position_text(position)?;
            game.parse_position(&text)
                .map_err(|error| errors::input(py, &error))
        }
        None => game.default_position().ok_or_else(|| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "{call}() needs the position of {game}, e.g. grundy.{call}(\"{game}\", {:?})",
                game.example_position()
            ))
        }),
    }
}

/// `solve(game, position, limits)`: the solution's document and text.
#[pyfunction]
#[pyo3(signature = (game, position, limits))]
fn solve<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    position: Option<&Bound<'py, PyAny>>,
    limits: Limits,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let (game, python) = game_of(py, game)?;
    let position = position_of(py, &game, python.as_deref(), position, "solve")?;
    let solution = run(py, limits, |analyzer| analyzer.solve(&game, &position))?;
    Ok((
        document(py, &json::solution(&solution, &crate::TERMS))?,
        render::solution_text(&solution, &crate::TERMS),
    ))
}

/// `table(game, start, to, width, limits)`: a table's (or a grid's) document and text.
#[pyfunction]
#[pyo3(signature = (game, start, to, width, limits))]
fn table<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    start: &Bound<'py, PyAny>,
    to: &Bound<'py, PyAny>,
    width: usize,
    limits: Limits,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let (game, _) = game_of(py, game)?;
    let (start, to) = (whole_number(start, "start=")?, whole_number(to, "to=")?);
    let tabulation = run(py, limits, |analyzer| analyzer.tabulate(&game, &start, &to))?;
    Ok((
        document(py, &json::tabulation(&tabulation))?,
        render::tabulation_text(&tabulation, width),
    ))
}

/// `period(game, heaps, limits)`: a period report's (or a misère quotient's) document and text.
#[pyfunction]
#[pyo3(signature = (game, heaps, limits))]
fn period<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    heaps: Option<usize>,
    limits: Limits,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let (game, _) = game_of(py, game)?;
    let plan = grundy::QuotientPlan::new(
        None,
        heaps.unwrap_or(grundy::limits::DEFAULT_QUOTIENT_HEAPS),
    );
    let answer = run(py, limits, |analyzer| analyzer.period_answer(&game, plan))?;
    Ok((
        document(py, &json::period_answer(&answer))?,
        render::period_answer_text(&answer, &crate::TERMS),
    ))
}

/// `sequence(game, to, compute_all, limits)`: the summary's document, the values `G(0..=to)` as
/// bytes of native `u32`s, and the seconds taken.
#[pyfunction]
#[pyo3(signature = (game, to, compute_all, limits))]
fn sequence<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    to: &Bound<'py, PyAny>,
    compute_all: bool,
    limits: Limits,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyBytes>)> {
    let (game, _) = game_of(py, game)?;
    let to = small_number(to, "to=")?;
    let count = to
        .checked_add(1)
        .ok_or_else(|| errors::raise(py, Kind::Setting, "to= is too large", None, &[]))?;
    let began = std::time::Instant::now();
    let sequence = run(py, limits, |analyzer| {
        analyzer
            .sequence(&game, count)?
            .finish_by_period(!compute_all)
            .finish()
    })?;
    let seconds = began.elapsed().as_secs_f64();
    let values = &sequence.values;
    let bytes = PyBytes::new_with(py, values.len() * 4, |buffer| {
        for (chunk, value) in buffer.chunks_exact_mut(4).zip(values.iter()) {
            chunk.copy_from_slice(&value.to_ne_bytes());
        }
        Ok(())
    })?;
    Ok((document(py, &json::sequence(&sequence, seconds))?, bytes))
}

/// `pattern(game, to, check_to, limits)`: the rules of the game's table, document and text.
#[pyfunction]
#[pyo3(signature = (game, to, check_to, limits))]
fn pattern<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    to: Option<&Bound<'py, PyAny>>,
    check_to: Option<&Bound<'py, PyAny>>,
    limits: Limits,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let (game, _) = game_of(py, game)?;
    let plan = grundy::analysis::pattern::PatternPlan {
        to: to.map(|to| small_number(to, "to=")).transpose()?,
        check_to: check_to
            .map(|check_to| small_number(check_to, "check_to="))
            .transpose()?,
    };
    let report = run(py, limits, |analyzer| analyzer.pattern(&game, &plan))?;
    Ok((
        document(py, &json::pattern(&report))?,
        render::pattern::pattern_text(&report),
    ))
}

/// `verify(game, to, seed, limits)`: every fast path against the brute force, document and text.
#[pyfunction]
#[pyo3(signature = (game, to, seed, limits))]
fn verify<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    to: Option<&Bound<'py, PyAny>>,
    seed: u64,
    limits: Limits,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let (game, _) = game_of(py, game)?;
    let to = match to {
        Some(to) => number_at_most(to, "to=", grundy::limits::VERIFY_MOST_TO)?,
        None => grundy::analysis::verify::default_to(&game),
    };
    let verification = run(py, limits, |analyzer| analyzer.verify(&game, to, seed))?;
    Ok((
        document(py, &json::verification(&verification))?,
        render::verify::verification_text(&verification),
    ))
}

/// `options(game, position, limits)`: the options of a position in play, each with its value
/// and outcome, as the play's document.
#[pyfunction]
#[pyo3(signature = (game, position, limits))]
fn options<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    position: Option<&Bound<'py, PyAny>>,
    limits: Limits,
) -> PyResult<Bound<'py, PyAny>> {
    let (game, python) = game_of(py, game)?;
    let position = position_of(py, &game, python.as_deref(), position, "options")?;
    let options = run(py, limits, |analyzer| analyzer.options(&game, &position))?;
    document(py, &json::options(&options))
}

/// `codegen(game, language, io, rule, rule_to, rule_check_to, limits)`: the source of a contest
/// solution.
#[pyfunction]
#[pyo3(signature = (game, language, io, rule, rule_to, rule_check_to, limits))]
#[allow(
    clippy::too_many_arguments,
    reason = "one per keyword argument of grundy.codegen"
)]
fn codegen<'py>(
    py: Python<'py>,
    game: Option<&Bound<'py, PyAny>>,
    language: &str,
    io: &str,
    rule: &str,
    rule_to: Option<&Bound<'py, PyAny>>,
    rule_check_to: Option<&Bound<'py, PyAny>>,
    limits: Limits,
) -> PyResult<String> {
    use grundy::analysis::codegen::{CodegenError, RuleUse};
    use grundy::render::codegen::Language;
    let language = choose(
        "lang=",
        language,
        &[
            ("cpp", Language::Cpp),
            ("python", Language::Python),
            ("java", Language::Java),
            ("rust", Language::Rust),
        ],
    )?;
    let rules = choose(
        "rule=",
        rule,
        &[
            ("never", RuleUse::Never),
            ("certified", RuleUse::Certified),
            ("observed", RuleUse::Observed),
        ],
    )?;
    let game = game
        .map(|game| game_of(py, game).map(|(game, _)| game))
        .transpose()?;
    let format = grundy::input::judge_format::JudgeFormat::parse(io).map_err(|mut error| {
        error.what = "io=";
        errors::input(py, &error)
    })?;
    let plan = grundy::analysis::pattern::PatternPlan {
        to: rule_to.map(|to| small_number(to, "rule_to=")).transpose()?,
        check_to: rule_check_to
            .map(|to| small_number(to, "rule_check_to="))
            .transpose()?,
    };
    let (config, watch) = limits.prepare(py)?;
    let program = py.detach(|| {
        grundy::Analyzer::new(config)
            .with_observer(&watch)
            .program_with(game.as_ref(), &format, rules, &plan)
    });
    let program = match program {
        Ok(program) => Ok(program),
        Err(CodegenError::Analysis(error)) => Err(error),
        Err(CodegenError::NoProgram { game, why }) => {
            if let Some(error) = watch.take() {
                return Err(error);
            }
            return Err(errors::raise(
                py,
                Kind::Refused,
                &format!("no program can be generated for {game} in io={format}: {why}"),
                None,
                &[],
            ));
        }
    };
    let program = watch.finish(py, program)?;
    Ok(render::codegen::source(&program, language))
}

/// `nim_product(factors)`: the nim product of whole numbers, its document and text.
#[pyfunction]
fn nim_product<'py>(
    py: Python<'py>,
    factors: Vec<Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let factors = factors
        .into_iter()
        .map(|factor| whole_number(&factor, "a factor"))
        .collect::<PyResult<Vec<_>>>()?;
    let product = grundy::analysis::nimber::nim_product(&factors)
        .map_err(|error| errors::library(py, &error))?;
    Ok((
        document(py, &json::nim_product(&product))?,
        render::nim_product_text(&product),
    ))
}

/// An explanation, rendered on request in English or Chinese, as text or Markdown.
#[pyclass(frozen, name = "Explanation", module = "grundy._grundy")]
struct Explanation {
    explanation: grundy::Explanation,
}

#[pymethods]
impl Explanation {
    /// The explanation in `language` (`"en"`, `"zh"`) as `format` (`"text"`, `"markdown"`),
    /// text wrapped to `width` columns.
    #[pyo3(signature = (language, format, width))]
    fn render(&self, language: &str, format: &str, width: usize) -> PyResult<String> {
        use grundy::render::explain::{Format, Language};
        let language = choose(
            "lang=",
            language,
            &[("en", Language::En), ("zh", Language::Zh)],
        )?;
        let format = choose(
            "format=",
            format,
            &[("text", Format::Text), ("markdown", Format::Markdown)],
        )?;
        render::explain::render(&self.explanation, language, format, width).map_err(|problems| {
            pyo3::exceptions::PyRuntimeError::new_err(format!(
                "the messages failed to load: {}",
                problems.join("; ")
            ))
        })
    }

    /// The steps as the JSON document of `grundy explain --json`.
    fn document<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        document(py, &json::explanation(&self.explanation))
    }
}

/// `explain(game, position, limits)`: the derivation of the game's answer.
#[pyfunction]
#[pyo3(signature = (game, position, limits))]
fn explain(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: Option<&Bound<'_, PyAny>>,
    limits: Limits,
) -> PyResult<Explanation> {
    let (game, python) = game_of(py, game)?;
    let position = match position {
        Some(_) => Some(position_of(
            py,
            &game,
            python.as_deref(),
            position,
            "explain",
        )?),
        None => game.default_position(),
    };
    let explanation = run(py, limits, |analyzer| {
        analyzer.explain(&game, position.as_ref())
    })?;
    Ok(Explanation { explanation })
}

/// A plot, drawn on request as SVG or PNG.
#[pyclass(frozen, name = "Plot", module = "grundy._grundy")]
struct Plot {
    plot: grundy::Plot,
}

#[pymethods]
impl Plot {
    /// The plot as SVG text or PNG bytes (`format`: `"svg"`, `"png"`) on a canvas of `width`
    /// × `height` pixels (each `None`: the kind's own).
    #[pyo3(signature = (format, width, height))]
    fn draw<'py>(
        &self,
        py: Python<'py>,
        format: &str,
        width: Option<u32>,
        height: Option<u32>,
    ) -> PyResult<Bound<'py, PyAny>> {
        use grundy::render::plot::Canvas;
        let default = Canvas::default_for(&self.plot).size();
        let canvas = Canvas::new(width.unwrap_or(default.0), height.unwrap_or(default.1))
            .map_err(|error| errors::raise(py, Kind::Setting, &error.to_string(), None, &[]))?;
        match format {
            "svg" => Ok(render::plot::svg_on(&self.plot, canvas)
                .into_pyobject(py)?
                .into_any()),
            "png" => {
                let bytes = py
                    .detach(|| render::plot::png_on(&self.plot, canvas))
                    .map_err(|error| {
                        errors::raise(py, Kind::Grundy, &error.to_string(), None, &[])
                    })?;
                Ok(PyBytes::new(py, &bytes).into_any())
            }
            other => Err(pyo3::exceptions::PyValueError::new_err(format!(
                "format= is \"svg\" or \"png\"; not {other:?}"
            ))),
        }
    }

    /// What is drawn, as the JSON document of `grundy plot --json` describes it.
    fn document<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        document(py, &json::plot(&self.plot))
    }

    /// The title, the axes, the caption and the legend, as the picture shows them.
    fn labels<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let labels = render::plot::labels(&self.plot);
        let legend: Vec<(String, u64)> = labels
            .legend
            .iter()
            .map(|entry| (entry.label.clone(), entry.marks))
            .collect();
        (
            labels.title,
            labels.x_axis,
            labels.y_axis,
            labels.caption,
            legend,
        )
            .into_pyobject(py)
    }
}

/// `plot(game, to, kind, limits)`: the plot of the game's values.
#[pyfunction]
#[pyo3(signature = (game, to, kind, limits))]
fn plot(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    to: &Bound<'_, PyAny>,
    kind: Option<&str>,
    limits: Limits,
) -> PyResult<Plot> {
    use grundy::analysis::plot::{PlotKind, PlotRequest};
    let (game, _) = game_of(py, game)?;
    let to = number_at_most(to, "to=", grundy::limits::PLOT_MOST_HEAPS - 1)?;
    let mut request = PlotRequest::new(to);
    if let Some(kind) = kind {
        request = request.with_kind(choose(
            "kind=",
            kind,
            &[
                ("scatter", PlotKind::Scatter),
                ("strip", PlotKind::Strip),
                ("grid", PlotKind::Grid),
                ("outcomes", PlotKind::Outcomes),
            ],
        )?);
    }
    let plot = run(py, limits, |analyzer| analyzer.plot(&game, &request))?;
    Ok(Plot { plot })
}

/// The fields of a period's document that its certificate and values rest on.
const PERIOD_FIELDS: [&str; 6] = [
    "game",
    "preperiod",
    "period",
    "saltus",
    "values",
    "certificate",
];

/// `check_period(game, period, limits)`: the period whose document is `period`, claimed for `game`, re-checked —
/// it must be the period and certificate the library derives from the rules, and the
/// certificate must hold on the values the brute force computes from the rules. The check's
/// document and text.
#[pyfunction]
#[pyo3(signature = (game, period, limits))]
fn check_period<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    period: &Bound<'py, PyAny>,
    limits: Limits,
) -> PyResult<(Bound<'py, PyAny>, String)> {
    let (game, _) = game_of(py, game)?;
    let claimed = crate::convert::from_python(period)?;
    let (config, watch) = limits.prepare(py)?;
    let checked = py.detach(|| {
        let analyzer = grundy::Analyzer::new(config).with_observer(&watch);
        let report = analyzer.period(&game)?;
        let derived = serde_json::to_value(json::period(&report))
            .map_err(|error| grundy::Error::Internal(error.to_string()))?;
        if let Some(field) = PERIOD_FIELDS
            .iter()
            .find(|field| claimed.get(**field) != derived.get(**field))
        {
            return Ok(Err(format!(
                "{game}: the document's {field} is not what grundy derives from the rules ({})",
                derived
                    .get(*field)
                    .map_or_else(|| "none".to_owned(), ToString::to_string)
            )));
        }
        let Some(certificate) = report.search.certificate() else {
            return Err(grundy::Error::Refused(grundy::Refusal::not_applicable(
                format!(
                    "the period of {game} is observed, not proved: there is no certificate to check"
                ),
            )));
        };
        analyzer.check_certificate(&game, certificate).map(Ok)
    });
    match watch.finish(py, checked)? {
        Ok(check) => Ok((
            document(py, &json::certificate_check(&check))?,
            render::verify::certificate_check_text(&check),
        )),
        Err(mismatch) => {
            let claimed = serde_json::json!({
                "game": claimed.get("game"),
                "holds": false,
                "failure": mismatch,
            });
            Ok((document(py, &claimed)?, format!("{mismatch}\n")))
        }
    }
}

/// `to_json(document, indent)`: a document's JSON text, as the command line prints it (integers
/// of any size in full, which Python's `json` stops at a few thousand digits).
#[pyfunction]
#[pyo3(signature = (document, indent))]
fn to_json(document: &Bound<'_, PyAny>, indent: Option<usize>) -> PyResult<String> {
    Ok(crate::convert::json_text(
        &crate::convert::from_python(document)?,
        indent,
    ))
}

/// Adds the questions to the module.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Explanation>()?;
    module.add_class::<Plot>()?;
    for function in [
        wrap_pyfunction!(solve, module)?,
        wrap_pyfunction!(table, module)?,
        wrap_pyfunction!(period, module)?,
        wrap_pyfunction!(sequence, module)?,
        wrap_pyfunction!(pattern, module)?,
        wrap_pyfunction!(verify, module)?,
        wrap_pyfunction!(options, module)?,
        wrap_pyfunction!(codegen, module)?,
        wrap_pyfunction!(nim_product, module)?,
        wrap_pyfunction!(explain, module)?,
        wrap_pyfunction!(plot, module)?,
        wrap_pyfunction!(to_json, module)?,
        wrap_pyfunction!(check_period, module)?,
    ] {
        module.add_function(function)?;
    }
    Ok(())
}
