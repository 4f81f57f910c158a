//! Plots as typed data: what a picture of a game's values draws — the points or bins of a
//! scatter plot, the cells of a strip wrapped by the period, the cells of a grid of two heaps,
//! the outcome cells of the contest game — computed from the library's own answers (values,
//! period report, grid, solver records), never from rendered text. Drawing them is
//! [`render::plot`](crate::render::plot)'s work.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::evaluate::Evaluation;
use super::heap::HeapRules;
use super::{Analyzer, Basis, Error, Outcome, Refusal, Remedy, Unit, WorkCap};
use crate::engine::octal::{RareCommon, RareSplit};
use crate::games::game::Game;
use crate::games::oddball;
use crate::games::play::Play;
use crate::games::subtraction::FiniteSet;
use crate::limits::{
    PLOT_BINS, PLOT_GRID_SIDE, PLOT_LOGARITHMIC_FROM, PLOT_MOST_HEAPS, PLOT_OUTCOME_PILES,
    PLOT_POINTS, PLOT_STRIP_CELLS, PLOT_STRIP_PERIOD, PLOT_STRIP_ROW, PLOT_STRIP_SEARCH,
    PLOT_STRIP_WORK,
};
use crate::theory::period::{Search, observe};

/// What kind of picture a plot is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlotKind {
    /// Heap `n` against `G(n)`, as points (or bins of them); rare values of a take-and-break code
    /// stand out.
    Scatter,
    /// The values as coloured cells, in rows as long as the period (the "periodic table").
    Strip,
    /// `G(a, b)` of a game of two heaps as a coloured map, P-positions standing out.
    Grid,
    /// Win, lose, tie or draw of the contest game over balls left and the parities held.
    Outcomes,
}

impl PlotKind {
    /// Every kind, in the order the documentation lists them.
    pub const ALL: [Self; 4] = [Self::Scatter, Self::Strip, Self::Grid, Self::Outcomes];

    /// The kind's name: `scatter`, `strip`, `grid` or `outcomes`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Scatter => "scatter",
            Self::Strip => "strip",
            Self::Grid => "grid",
            Self::Outcomes => "outcomes",
        }
    }

    /// The kind drawn up to heap `to` when none is asked for: the grid for Wythoff's game, the
    /// outcome map for the contest game, and for every other game the strip — or, for more heaps
    /// than a strip holds ([`PLOT_STRIP_CELLS`]), the scatter plot.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{PlotKind, parse_game};
    /// assert_eq!(PlotKind::default_for(&parse_game("wythoff")?, 40), PlotKind::Grid);
    /// assert_eq!(PlotKind::default_for(&parse_game("oddball:1,2,3")?, 40), PlotKind::Outcomes);
    /// assert_eq!(PlotKind::default_for(&parse_game("bash:3")?, 70), PlotKind::Strip);
    /// assert_eq!(PlotKind::default_for(&parse_game("0.6")?, 1 << 20), PlotKind::Scatter);
    /// # Ok(()) }
    /// ```
    pub fn default_for(game: &Game, to: u64) -> Self {
        let base = game.base();
        if base.has_grid() {
            Self::Grid
        } else if !base.last_move_decides() {
            Self::Outcomes
        } else if to >= PLOT_STRIP_CELLS {
            Self::Scatter
        } else {
            Self::Strip
        }
    }
}

/// What to plot: a kind (or the game's default) over heaps `0..=to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlotRequest {
    /// The kind; `None` for the game's default for the range ([`PlotKind::default_for`]).
    pub kind: Option<PlotKind>,
    /// The largest heap (or pile, or heap of each side of a grid) drawn.
    pub to: u64,
}

impl PlotRequest {
    /// The game's default kind of plot up to heap `to`.
    pub fn new(to: u64) -> Self {
        Self { kind: None, to }
    }

    /// The same request for a plot of `kind`.
    #[must_use]
    pub fn with_kind(self, kind: PlotKind) -> Self {
        Self {
            kind: Some(kind),
            ..self
        }
    }
}

/// A plot: the game, the range and every mark drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plot {
    /// The game.
    pub game: Game,
    /// The largest heap drawn.
    pub to: u64,
    /// The marks.
    pub marks: Marks,
    /// What the values drawn rest on.
    pub basis: Basis,
}

impl Plot {
    /// The kind of the plot.
    pub fn kind(&self) -> PlotKind {
        match self.marks {
            Marks::Scatter(_) => PlotKind::Scatter,
            Marks::Strip(_) => PlotKind::Strip,
            Marks::Grid(_) => PlotKind::Grid,
            Marks::Outcomes(_) => PlotKind::Outcomes,
        }
    }
}

/// The marks of a plot, by kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Marks {
    /// A scatter plot.
    Scatter(Scatter),
    /// A strip wrapped by the period.
    Strip(Strip),
    /// A grid of two heaps.
    Grid(ValueGrid),
    /// An outcome map.
    Outcomes(OutcomeMap),
}

/// How a heap axis is scaled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Equal steps for equal differences.
    Linear,
    /// Equal steps for equal ratios (heap 0 is left out).
    Logarithmic,
}

/// Whether a value is rare or common under a take-and-break code's rare/common split
/// (docs/theory.md §9), or neither where the game has no split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueClass {
    /// A game without a rare/common split.
    Plain,
    /// A rare value.
    Rare,
    /// A common value.
    Common,
}

/// A scatter plot of `G(n)` against `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scatter {
    /// The heap axis.
    pub scale: Scale,
    /// The largest value drawn.
    pub largest: u32,
    /// One point per heap, when there are at most [`PLOT_POINTS`] heaps; empty otherwise.
    pub points: Vec<Point>,
    /// Otherwise [`PLOT_BINS`] bins at most, each with the values its heaps take; empty when
    /// there are points.
    pub bins: Vec<Bin>,
    /// The rare/common split the engine would use for these values, for a take-and-break code
    /// it applies to.
    pub split: Option<RareSplit>,
    /// How many heaps drawn are rare and how many common (0 and 0 without a split).
    pub rare_heaps: u64,
    /// See [`rare_heaps`](Self::rare_heaps).
    pub common_heaps: u64,
}

/// One heap of a scatter plot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// The heap.
    pub heap: u64,
    /// Its value.
    pub value: u32,
    /// Rare, common or plain.
    pub class: ValueClass,
}

/// Consecutive heaps of a binned scatter plot and the values they take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bin {
    /// The first heap.
    pub first: u64,
    /// The last heap.
    pub last: u64,
    /// The values taken, as runs of consecutive values of one class, ascending.
    pub runs: Vec<Run>,
}

/// Values `low..=high`, each taken by some heap of a bin; rare if any heap takes it as a rare
/// value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The least value.
    pub low: u32,
    /// The largest value.
    pub high: u32,
    /// Rare, common or plain.
    pub class: ValueClass,
}

/// The values of heaps `0..=to` in rows (the "periodic table").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strip {
    /// `G(0), …, G(to)`.
    pub values: Vec<u32>,
    /// Cells per row: the period when it is at most [`PLOT_STRIP_PERIOD`] (then each column is
    /// one residue class beyond the preperiod), otherwise [`PLOT_STRIP_ROW`].
    pub row_length: u64,
    /// Whether the rows are as long as the period.
    pub wrapped_by_period: bool,
    /// The period search: a certificate, an observation on the values it examined (at least the
    /// values drawn), or nothing found in them.
    /// `None` for games whose values are not one sequence with a period search (Nim,
    /// Fibonacci Nim).
    pub pattern: Option<Search>,
}

impl Strip {
    /// The preperiod of the pattern (certified or observed), when there is one.
    pub fn preperiod(&self) -> Option<u64> {
        self.periodicity().map(|(preperiod, _)| preperiod)
    }

    /// `(preperiod, period)` of the pattern, certified or observed.
    pub fn periodicity(&self) -> Option<(u64, u64)> {
        match self.pattern.as_ref()? {
            Search::Certified(certificate) => {
                let p = certificate.periodicity();
                Some((p.preperiod(), p.period()))
            }
            Search::Observed(observation) => {
                let p = observation.periodicity();
                Some((p.preperiod(), p.period()))
            }
            Search::NotFound { .. } => None,
        }
    }
}

/// Where the values of a grid come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridSource {
    /// Wythoff's game (or its misère form): `G(a, b)` of the pair.
    Pairs,
    /// Two heaps of a one-heap game: `G(a) xor G(b)` (Sprague–Grundy).
    TwoHeaps,
}

/// `G(a, b)` for `a, b <= to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueGrid {
    /// `values[a][b]`.
    pub values: Vec<Vec<u32>>,
    /// Wythoff pairs or two heaps of one game.
    pub source: GridSource,
}

impl ValueGrid {
    /// The P-positions `(a, b)` drawn: value 0 (misère value 0 for a misère game), `a` ascending
    /// then `b`.
    pub fn p_positions(&self) -> Vec<(u64, u64)> {
        let mut cells = Vec::new();
        for (a, row) in self.values.iter().enumerate() {
            for (b, &value) in row.iter().enumerate() {
                if value == 0 {
                    cells.push((a as u64, b as u64));
                }
            }
        }
        cells
    }
}

/// The outcomes of the contest game for the player to move, over balls left `0..=to` and the
/// parities of the balls each player holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeMap {
    /// One row per pair of parities: (mover even, opponent even), (even, odd), (odd, even),
    /// (odd, odd).
    pub rows: Vec<OutcomeRow>,
}

/// One row of an [`OutcomeMap`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeRow {
    /// Whether the player to move holds an odd number of balls.
    pub mine_odd: bool,
    /// Whether the opponent does.
    pub theirs_odd: bool,
    /// `outcomes[n]`: the outcome with `n` balls left, with its remoteness (`None` for a draw).
    pub outcomes: Vec<(Outcome, Option<u32>)>,
}

impl Analyzer<'_> {
    /// The typed data of a plot of `game`: its values, period, grid or outcomes over heaps
    /// `0..=request.to`, as the kind asks (the game's default when it names none).
    ///
    /// # Complexity
    /// The cost of the values drawn (as for [`table`](Self::table); for a strip also
    /// [`period`](Self::period), for a take-and-break code over at most
    /// [`PLOT_STRIP_SEARCH`] values or the values drawn, and at most [`PLOT_STRIP_WORK`] options
    /// examined unless the values drawn cost more; a grid of Wythoff's game `O(N³ / 64)`), then `O(N)` to sort
    /// them into marks.
    ///
    /// # Errors
    /// [`Error::Refused`] for a range beyond the kind's limit ([`Remedy::AskLess`], checked
    /// before anything is computed), for a kind the game has no picture of (a scatter plot of
    /// Wythoff's game, a grid of a misère one-heap game or of a game whose rule spans its heaps —
    /// no-repeat, Fibonacci Nim, a script — with [`Remedy::UseTable`], a strip of misère Nim or a
    /// misère script with [`Remedy::SolvePositions`], outcomes of a game without ties), and
    /// for a sum; otherwise as for [`table`](Self::table), [`grid`](Self::grid) and
    /// [`solve`](Self::solve).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::{Analyzer, Config, Marks, PlotRequest, parse_game};
    /// let game = parse_game("subtraction:1,3,4")?;
    /// let plot = Analyzer::new(Config::default()).plot(&game, &PlotRequest::new(70))?;
    /// let Marks::Strip(strip) = &plot.marks else { return Err("a strip".into()) };
    /// assert_eq!(strip.row_length, 7); // the period
    /// assert_eq!(strip.values.iter().filter(|&&v| v == 0).count(), 21); // n mod 7 in {0, 2}
    /// # Ok(()) }
    /// ```
    pub fn plot(&self, game: &Game, request: &PlotRequest) -> Result<Plot, Error> {
        self.settle(self.plot_unsettled(game, request))
    }

    fn plot_unsettled(&self, game: &Game, request: &PlotRequest) -> Result<Plot, Error> {
        let kind = request
            .kind
            .unwrap_or_else(|| PlotKind::default_for(game, request.to));
        let to = request.to;
        let most = match kind {
            PlotKind::Scatter => PLOT_MOST_HEAPS - 1,
            PlotKind::Strip => PLOT_STRIP_CELLS - 1,
            PlotKind::Grid => PLOT_GRID_SIDE,
            PlotKind::Outcomes => PLOT_OUTCOME_PILES,
        };
        if to > most {
            return Err(Error::refused_unless(
                format!(
                    "a {} plot draws heaps up to {most}, and {to} is more",
                    kind.name()
                ),
                Remedy::AskLess { most },
            ));
        }
        if game.base().components().is_some() {
            return Err(Error::refused(format!(
                "{game} is a sum of games, whose positions are tuples: plot its components one at a time"
            )));
        }
        match kind {
            PlotKind::Scatter | PlotKind::Strip if game.has_grid() => Err(Error::refused_unless(
                format!("{game} has positions of two heaps, so its picture is a grid"),
                Remedy::UseGrid,
            )),
            PlotKind::Scatter | PlotKind::Strip if !game.base().last_move_decides() => {
                Err(Error::refused(format!(
                    "{game} is decided by the parities of the balls held, not by Grundy values: its picture is the outcome map"
                )))
            }
            PlotKind::Scatter => self.plot_scatter(game, to),
            PlotKind::Strip => self.plot_strip(game, to),
            PlotKind::Grid => self.plot_grid(game, to),
            PlotKind::Outcomes => self.plot_outcomes(game, to),
        }
    }

    fn plot_scatter(&self, game: &Game, to: u64) -> Result<Plot, Error> {
        let (values, basis) = self.plot_values(game, to)?;
        let split = match game.code() {
            Some(code) if RareCommon::applies(code) => {
                RareCommon::resume(code, values.clone()).map(|engine| engine.split())
            }
            _ => None,
        };
        let class = |n: u64, value: u32| match split {
            Some(split) if split.is_rare(n, value) => ValueClass::Rare,
            Some(_) => ValueClass::Common,
            None => ValueClass::Plain,
        };
        let (mut rare_heaps, mut common_heaps) = (0, 0);
        for (n, &value) in values.iter().enumerate() {
            match class(n as u64, value) {
                ValueClass::Rare => rare_heaps += 1,
                ValueClass::Common => common_heaps += 1,
                ValueClass::Plain => {}
            }
        }
        let scale = if to >= PLOT_LOGARITHMIC_FROM {
            Scale::Logarithmic
        } else {
            Scale::Linear
        };
        let largest = values.iter().copied().max().unwrap_or(0);
        let (points, bins) = if to < PLOT_POINTS {
            let points = values
                .iter()
                .enumerate()
                .map(|(n, &value)| Point {
                    heap: n as u64,
                    value,
                    class: class(n as u64, value),
                })
                .collect();
            (points, Vec::new())
        } else {
            (Vec::new(), bins(&values, scale, &class))
        };
        Ok(Plot {
            game: game.clone(),
            to,
            marks: Marks::Scatter(Scatter {
                scale,
                largest,
                points,
                bins,
                split,
                rare_heaps,
                common_heaps,
            }),
            basis,
        })
    }

    fn plot_strip(&self, game: &Game, to: u64) -> Result<Plot, Error> {
        // The period is searched for on its own (within the limits; for take-and-break codes
        // within PLOT_STRIP_SEARCH values and PLOT_STRIP_WORK), so that a certificate needing more
        // values than the strip shows still proves its pattern.
        let count = to + 1;
        let (report, drawn) = match game.code() {
            Some(code) => {
                // Bounded by the values' cost, not only their count: a value of a code with
                // three-heap splits costs O(n²), so a small strip does not wait for 2^16 of them.
                let limit = count.max(PLOT_STRIP_SEARCH);
                let limit = self.config.max_values.map_or(limit, |most| limit.min(most));
                let engine = self.config.take_and_break_engine_for(code)?;
                let cap = WorkCap {
                    floor: count,
                    work: PLOT_STRIP_WORK,
                };
                let (search, prefix) =
                    self.octal_search_capped(game, code, engine, limit, Some(cap), Vec::new())?;
                let evaluation = match &search {
                    Search::Certified(certificate) => {
                        Some(Evaluation::Certified(certificate.clone()))
                    }
                    // The values drawn are the first of those the search computed.
                    _ if prefix.len() as u64 >= count => Some(Evaluation::Computed(
                        prefix.iter().take(count as usize).collect(),
                    )),
                    _ => None,
                };
                (Some(search), evaluation)
            }
            _ => (None, None),
        };
        let report = match report {
            Some(_) => report,
            None if super::answers(game.base()).has_period() => match self.period(game) {
                Ok(report) => Some(report.search),
                // A game without a period answer (a script whose rules fail beyond the heaps
                // drawn, say) still has its strip, with what its values show.
                Err(Error::Refused(_) | Error::Script(_) | Error::Rules(_)) => {
                    Some(Search::NotFound { checked_to: 0 })
                }
                Err(other) => return Err(other),
            },
            _ => None,
        };
        let (values, basis) = match drawn {
            Some(evaluation) => (
                drawn_values(game, &evaluation, count)?,
                evaluation.basis(&[]),
            ),
            None => self.plot_values(game, to)?,
        };
        let pattern = match report {
            // No search ran (the period answer was refused): what the values drawn show.
            Some(Search::NotFound { checked_to: 0 }) => Some(observe(&values).map_or(
                Search::NotFound {
                    checked_to: values.len() as u64,
                },
                Search::Observed,
            )),
            // The search's own answer, over every value it examined.
            other => other,
        };
        let mut strip = Strip {
            values,
            row_length: PLOT_STRIP_ROW,
            wrapped_by_period: false,
            pattern,
        };
        if let Some((_, period)) = strip.periodicity()
            && (2..=PLOT_STRIP_PERIOD).contains(&period)
        {
            strip.row_length = period;
            strip.wrapped_by_period = true;
        }
        Ok(Plot {
            game: game.clone(),
            to,
            marks: Marks::Strip(strip),
            basis,
        })
    }

    fn plot_grid(&self, game: &Game, to: u64) -> Result<Plot, Error> {
        if game.has_grid() {
            let grid = self.grid(game, to)?;
            let side = (to + 1) * (to + 1);
            return Ok(Plot {
                game: game.clone(),
                to,
                marks: Marks::Grid(ValueGrid {
                    values: grid.values,
                    source: GridSource::Pairs,
                }),
                basis: Basis::Search {
                    positions: side,
                    start: None,
                },
            });
        }
        if game.is_misere() {
            return Err(Error::refused_unless(
                format!(
                    "{game}: two heaps under misère play do not combine by xor, so grundy has no grid of them"
                ),
                Remedy::UseNormalPlay,
            ));
        }
        if !game.last_move_decides() {
            return Err(Error::refused(format!(
                "{game} is decided by the parities of the balls held, not by Grundy values: its picture is the outcome map"
            )));
        }
        if let Some(why) = not_per_heap(game) {
            return Err(Error::refused_unless(
                format!(
                    "{game}: {why}, so a position of two heaps is not a sum of one-heap games and G(a) xor G(b) is not its value"
                ),
                Remedy::UseTable,
            ));
        }
        let (values, basis) = self.plot_values(game, to)?;
        let grid = values
            .iter()
            .map(|&a| values.iter().map(|&b| a ^ b).collect())
            .collect();
        Ok(Plot {
            game: game.clone(),
            to,
            marks: Marks::Grid(ValueGrid {
                values: grid,
                source: GridSource::TwoHeaps,
            }),
            basis,
        })
    }

    fn plot_outcomes(&self, game: &Game, to: u64) -> Result<Plot, Error> {
        if game.is_misere() && !game.base().last_move_decides() {
            return Err(Error::refused_unless(
                format!(
                    "{game}: the contest game is decided by the parities of the balls held at the end, so misère does not apply"
                ),
                Remedy::UseNormalPlay,
            ));
        }
        // The contest game: its end is scored by the parities of the amounts taken.
        let set = game
            .ruleset()
            .filter(|rules| !rules.last_move_decides())
            .and_then(|rules| rules.amounts())
            .and_then(|amounts| FiniteSet::new(amounts.iter().copied()).ok());
        let Some(set) = &set else {
            return Err(Error::refused(format!(
                "{game} has no ties: each of its positions is won or lost, which the strip shows"
            )));
        };
        let piles = to as usize;
        let bytes = oddball::solve_bytes(to).unwrap_or(u64::MAX);
        self.reserve(bytes, || {
            format!("the positions of {game} with at most {to} balls left")
        })?;
        let records = oddball::solve_up_to_observed(set, piles, self.observer()).ok_or(
            Error::Interrupted {
                checked_to: 0,
                unit: Unit::Positions,
            },
        )?;
        let rows = [(false, false), (false, true), (true, false), (true, true)]
            .into_iter()
            .map(|(mine_odd, theirs_odd)| OutcomeRow {
                mine_odd,
                theirs_odd,
                outcomes: (0..=piles)
                    .map(|n| {
                        let record = records.get(oddball::index(n, mine_odd, theirs_odd));
                        (record.value, record.remoteness)
                    })
                    .collect(),
            })
            .collect();
        Ok(Plot {
            game: game.clone(),
            to,
            marks: Marks::Outcomes(OutcomeMap { rows }),
            basis: Basis::Search {
                positions: 4 * (to + 1),
                start: None,
            },
        })
    }

    /// `G(0), …, G(to)` of a one-heap game, with what they rest on.
    fn plot_values(&self, game: &Game, to: u64) -> Result<(Vec<u32>, Basis), Error> {
        let count = to + 1;
        self.reserve(count.saturating_mul(8), || {
            format!("the values of heaps 0 to {to} of {game}")
        })?;
        let (inner, play) = (game.base(), game.play());
        let evaluation = if let Some(code) = inner.code() {
            if play == Play::Misere {
                return Err(super::misere_octal(game, "a plot"));
            }
            // A plot computes the values it draws, within its own bound on heaps, unless a
            // value limit was set.
            if let Some(limit) = self.config.max_values
                && count > limit
            {
                return Err(Error::beyond_values(
                    format!(
                        "a plot of {game} up to heap {to} needs {count} values, beyond the limit of {limit}"
                    ),
                    Some(count.into()),
                ));
            }
            let engine = self.config.take_and_break_engine_for(code)?;
            let (search, prefix) = self.octal_search_within(game, code, engine, count)?;
            match search {
                Search::Certified(certificate) => Evaluation::Certified(certificate),
                _ => Evaluation::Computed(prefix.to_vec()),
            }
        } else if let Some(rules) = HeapRules::of(inner) {
            self.subtraction_evaluate(game, rules, play, &BigUint::from(to))?
        } else if let Some(why) = super::answers(inner).no_table(play) {
            // Misère one-heap games without a table: their positions are solved one at a time,
            // and a plot of values does not apply.
            return Err(Error::Refused(Refusal {
                applies: false,
                ..Refusal::new(format!("{game}: {why}"), Some(Remedy::SolvePositions))
            }));
        } else {
            let table = self.table(game, &BigUint::ZERO, &BigUint::from(to))?;
            let values = table
                .values
                .iter()
                .map(|value| value.to_u32().ok_or_else(|| too_large(game, value)))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok((values, table.basis));
        };
        Ok((
            drawn_values(game, &evaluation, count)?,
            evaluation.basis(&[]),
        ))
    }
}

/// `G(0), …, G(count - 1)` from an evaluation (values computed, or a certificate).
fn drawn_values(game: &Game, evaluation: &Evaluation, count: u64) -> Result<Vec<u32>, Error> {
    match evaluation {
        Evaluation::Computed(values) if values.len() as u64 >= count => {
            Ok(values[..count as usize].to_vec())
        }
        Evaluation::Computed(values) => Err(Error::Interrupted {
            checked_to: values.len() as u64,
            unit: Unit::Values,
        }),
        Evaluation::Certified(certificate) => {
            let periodicity = certificate.periodicity();
            (0..count)
                .map(|n| {
                    let (index, periods) = periodicity.locate_u64(n);
                    let value =
                        u64::from(periodicity.values().get(index)) + periods * periodicity.saltus();
                    u32::try_from(value).map_err(|_| too_large(game, &value.into()))
                })
                .collect()
        }
        Evaluation::OneTwo(k) => Ok((0..count)
            .map(|n| crate::theory::period::one_two_value(*k, &n.into()))
            .collect()),
    }
}

/// Why two heaps of a (normal-play) one-heap game are not the sum of two one-heap games, when
/// they are not: its rule is not a rule of each heap alone. The games whose positions of several
/// heaps are sums — as [`Analyzer::solve`] answers them, by Sprague–Grundy — are the subtraction
/// games, Nim and the take-and-break codes.
fn not_per_heap(game: &Game) -> Option<&'static str> {
    super::answers(game).not_per_heap()
}

/// The refusal for a value too large to draw.
fn too_large(game: &Game, value: &BigUint) -> Error {
    Error::refused(format!(
        "{game} has the value {value} in the range asked for, too large to draw"
    ))
}

/// The bins of a scatter plot: at most [`PLOT_BINS`] ranges of heaps (of equal width on the
/// scale; on a logarithmic scale heap 0 is left out), each with the runs of values taken.
fn bins(values: &[u32], scale: Scale, class: &impl Fn(u64, u32) -> ValueClass) -> Vec<Bin> {
    let last = values.len() as u64 - 1;
    let first = u64::from(scale == Scale::Logarithmic);
    let bounds: Vec<u64> = match scale {
        Scale::Linear => (0..=PLOT_BINS)
            .map(|i| (i * (last + 1)) / PLOT_BINS)
            .collect(),
        Scale::Logarithmic => {
            let top = ((last + 1) as f64).ln();
            (0..=PLOT_BINS)
                .map(|i| {
                    if i == PLOT_BINS {
                        last + 1
                    } else {
                        ((top * i as f64 / PLOT_BINS as f64).exp().floor() as u64).max(first)
                    }
                })
                .collect()
        }
    };
    let mut bins = Vec::new();
    let mut present: Vec<Option<ValueClass>> = Vec::new();
    for window in bounds.windows(2) {
        let (start, end) = (window[0], window[1].min(last + 1));
        if start >= end || bins.last().is_some_and(|bin: &Bin| bin.last >= start) {
            continue;
        }
        present.clear();
        for n in start..end {
            let value = values[n as usize];
            let slot = value as usize;
            if slot >= present.len() {
                present.resize(slot + 1, None);
            }
            let this = class(n, value);
            present[slot] = match present[slot] {
                Some(ValueClass::Rare) => Some(ValueClass::Rare),
                _ => Some(this),
            };
        }
        let mut runs: Vec<Run> = Vec::new();
        for (value, class) in present.iter().enumerate() {
            let Some(class) = *class else { continue };
            let value = value as u32;
            match runs.last_mut() {
                Some(run) if run.high + 1 == value && run.class == class => run.high = value,
                _ => runs.push(Run {
                    low: value,
                    high: value,
                    class,
                }),
            }
        }
        bins.push(Bin {
            first: start,
            last: end - 1,
            runs,
        });
    }
    bins
}

#[cfg(test)]
mod tests;
