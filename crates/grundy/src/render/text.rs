//! The human text of solutions, tables and grids.

use std::fmt::Write as _;

use num_bigint::BigUint;

use super::{Terms, basis_summary, moves, outcome_row, reason};
use crate::analysis::{Grid, Outcome, OutcomeRow, Sequence, Solution, Table, Tabulation};
use crate::games::play::Play;
use crate::games::position::Position;

/// How many winning moves (and scored moves) the text of a solution lists before summarising.
pub const MOVES_SHOWN: usize = 20;

/// The text of a solution, a labelled line each: game, position, value, remoteness, Grundy
/// value, the winning moves (the first [`MOVES_SHOWN`]), the best move, every scored move, and
/// the [`reason`].
///
/// # Example
/// ```
/// use grundy::render::{Terms, solution_text};
/// use grundy::{Analyzer, Config, parse_game};
/// let game = parse_game("bash:3")?;
/// let solution = Analyzer::new(Config::default()).solve(&game, &game.parse_position("10")?)?;
/// let terms = Terms { limit: "the limit", full_listing: "the full answer" };
/// let text = solution_text(&solution, &terms);
/// assert!(text.starts_with("game      bash:3\nposition  10\nvalue     win — the player to move wins\n"));
/// assert!(text.contains("\nwinning   take 2 → 8\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solution_text(solution: &Solution, terms: &Terms<'_>) -> String {
    let game = &solution.game;
    let verdict = match solution.outcome {
        Outcome::Win => "win — the player to move wins",
        Outcome::Lose => "lose — the player to move loses against best play",
        Outcome::Tie => "tie — best play ends the game with no winner",
        Outcome::Draw => "draw — best play never ends",
    };
    let mut text = String::new();
    let _ = writeln!(text, "game      {}", super::game_title(&solution.game));
    if solution.position != Position::Sum {
        let _ = writeln!(
            text,
            "position  {}",
            super::position_in(&solution.game, &solution.position)
        );
    }
    let _ = writeln!(text, "value     {verdict}");
    if let Some(remoteness) = solution.remoteness {
        let _ = writeln!(
            text,
            "remoteness {remoteness} (moves to the end under best play)"
        );
    }
    match (&solution.grundy, &solution.misere_grundy) {
        (Some(grundy), _) => {
            let _ = writeln!(text, "grundy    {grundy}");
        }
        (None, Some(misere)) => {
            let _ = writeln!(text, "misère G  {misere}");
        }
        (None, None) => match &solution.loopy {
            // Smith's generalised value where play can go on forever.
            Some(loopy @ crate::theory::solver::Loopy::Infinite(_)) => {
                let _ = writeln!(
                    text,
                    "grundy    {loopy} (generalised: play can go on forever)"
                );
            }
            _ if solution.game.base().every_components().is_some() => {
                let _ = writeln!(
                    text,
                    "grundy    none: an Every-SG compound is not a sum; the components' steps decide it (see the reason)"
                );
            }
            _ => {
                let _ = writeln!(text, "grundy    not available (see the reason)");
            }
        },
    }
    winning_lines(&mut text, solution, terms);
    if let Some(best) = solution.best_move() {
        let _ = writeln!(
            text,
            "best      {} → {} (win fastest, lose slowest)",
            moves::description(game, &best.play),
            moves::target(game, &best.play)
        );
    }
    if !solution.moves.is_empty() {
        let _ = writeln!(
            text,
            "moves     (value for the player making the move, moves to the end)"
        );
        for m in solution.moves.iter().take(MOVES_SHOWN) {
            // A draw lasts forever; a move into a sum of components has no remoteness.
            let remoteness = match (m.remoteness, m.value) {
                (Some(r), _) => format!(" in {r}"),
                (None, Outcome::Draw) => " in ∞".to_owned(),
                (None, _) => String::new(),
            };
            let _ = writeln!(
                text,
                "          {} → {}: {}{remoteness}",
                moves::description(game, &m.play),
                moves::target(game, &m.play),
                m.value.name()
            );
        }
        if solution.moves.len() > MOVES_SHOWN {
            let _ = writeln!(
                text,
                "          … and {} more ({} lists all)",
                solution.moves.len() - MOVES_SHOWN,
                terms.full_listing
            );
        }
    }
    let _ = writeln!(text, "reason    {}", reason(solution, terms));
    text
}

/// The winning moves of a solution: how many, then the first [`MOVES_SHOWN`].
fn winning_lines(text: &mut String, solution: &Solution, terms: &Terms<'_>) {
    let game = &solution.game;
    let winning = &solution.winning_moves;
    if let Some(reason) = &solution.moves_withheld {
        let _ = writeln!(text, "winning   not listed: {reason}");
        return;
    }
    if winning.is_empty() && solution.unlisted_moves.is_empty() {
        let none = match solution.outcome {
            Outcome::Lose => "none: every move leaves a position the opponent wins",
            // A misère win without a move to make: no move is left at all.
            Outcome::Win if solution.game.is_misere() => {
                "none needed: no move is left, and under misère play the player who cannot move wins"
            }
            _ => "none: no move wins against best play",
        };
        let _ = writeln!(text, "winning   {none}");
    }
    let total = solution.winning_move_count();
    if total > BigUint::from(1u32) {
        let classes = winning
            .iter()
            .filter(|play| play.action.class_moves().is_some())
            .count();
        let how = if classes == 0 {
            String::new()
        } else if classes == winning.len() {
            format!(" (in {})", super::count(classes, "class"))
        } else {
            format!(
                " ({} one by one, the rest in {})",
                winning.len() - classes,
                super::count(classes, "class")
            )
        };
        let listed = if solution.unlisted_moves.is_empty() {
            ""
        } else {
            " listed, and the families below"
        };
        let _ = writeln!(
            text,
            "winning   {}{how}{listed}",
            super::count(&total, "move")
        );
    }
    for (i, play) in winning.iter().take(MOVES_SHOWN).enumerate() {
        let label = if i == 0 && total <= BigUint::from(1u32) {
            "winning"
        } else {
            ""
        };
        let _ = writeln!(
            text,
            "{label:<9} {} → {}",
            moves::description(game, play),
            moves::leads_to(game, play)
        );
    }
    if winning.len() > MOVES_SHOWN {
        let _ = writeln!(
            text,
            "          … and {} more ({} lists all)",
            winning.len() - MOVES_SHOWN,
            terms.full_listing
        );
    }
    for (i, family) in solution.unlisted_moves.iter().enumerate() {
        let label = if i == 0 { "also" } else { "" };
        let _ = writeln!(text, "{label:<9} {}", moves::unlisted(family));
    }
    if !solution.unlisted_moves.is_empty() {
        let _ = writeln!(
            text,
            "          (moves of a heap this large are too many to list one by one)"
        );
    }
}

/// The text of a table ([`table_text`], wrapped to `width` columns) or a grid ([`grid_text`]).
pub fn tabulation_text(tabulation: &Tabulation, width: usize) -> String {
    match tabulation {
        Tabulation::Table(table) => table_text(table, width),
        Tabulation::Grid(grid) => grid_text(grid),
        Tabulation::Outcomes(row) => outcome_row_text(row, width),
    }
}

/// The text of outcomes without values: a heading with the game and its basis, then rows `n`
/// and `P/N`, wrapped to `width` columns.
pub fn outcome_row_text(row: &OutcomeRow, width: usize) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}  ({}; outcomes only: the theorem gives no Grundy values, and searching for them passes the limits)",
        super::game_title(&row.game),
        basis_summary(&row.basis)
    );
    let heaps: Vec<String> = (0..row.outcomes.len())
        .map(|i| (&row.from + i).to_string())
        .collect();
    let outcomes: Vec<String> = row
        .outcomes
        .iter()
        .map(|outcome| if *outcome == Outcome::Lose { "P" } else { "N" }.to_owned())
        .collect();
    wrapped_rows(&mut text, &[("n", &heaps), ("P/N", &outcomes)], width);
    text
}

/// Rows of cells under their labels, the cells right-aligned in columns of one width, wrapped
/// to `width` columns (each block of columns repeating every row's label).
fn wrapped_rows(text: &mut String, rows: &[(&str, &[String])], width: usize) {
    let label_width = 5;
    let cell = rows
        .iter()
        .flat_map(|(_, cells)| cells.iter())
        .map(|cell| cell.chars().count())
        .max()
        .unwrap_or(1)
        + 1;
    let columns = rows.first().map_or(0, |(_, cells)| cells.len());
    let per_line = (width.saturating_sub(label_width) / cell).max(1);
    for start in (0..columns).step_by(per_line) {
        let end = (start + per_line).min(columns);
        if start > 0 {
            text.push('\n');
        }
        for (label, row) in rows {
            let _ = write!(text, "{label:<label_width$}");
            for item in &row[start..end] {
                // Padded by hand: format widths stop at 65 535, heaps do not.
                let padding = cell.saturating_sub(item.chars().count());
                text.extend(std::iter::repeat_n(' ', padding));
                text.push_str(item);
            }
            text.push('\n');
        }
    }
}

/// The text of a table: a heading with the game and its basis, then rows `n`, `G(n)` (`G⁻(n)`
/// for a misère game) and `P/N`, wrapped to `width` columns.
///
/// # Example
/// ```
/// use grundy::{Analyzer, Config, parse_game};
/// let table = Analyzer::new(Config::default()).table(&parse_game("bash:3")?, &0u32.into(), &4u32.into())?;
/// assert_eq!(
///     grundy::render::table_text(&table, 80),
///     "bash:3  (certified period 4 from n = 0)\nn     0 1 2 3 4\nG(n)  0 1 2 3 0\nP/N   P N N N P\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn table_text(table: &Table, width: usize) -> String {
    if let Some(rows) = &table.genera {
        return super::misere::genus_table_text(table, rows);
    }
    let outcomes = outcome_row(&table.values);
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}  ({})",
        super::game_title(&table.game),
        basis_summary(&table.basis)
    );
    let heaps: Vec<String> = (0..table.values.len())
        .map(|i| (&table.from + i).to_string())
        .collect();
    let values: Vec<String> = table.values.iter().map(ToString::to_string).collect();
    let outcome_cells: Vec<String> = outcomes.chars().map(String::from).collect();
    let value_label = match table.game.play() {
        Play::Misere => "G⁻(n)",
        Play::Normal => "G(n)",
    };
    wrapped_rows(
        &mut text,
        &[
            ("n", &heaps),
            (value_label, &values),
            ("P/N", &outcome_cells),
        ],
        width,
    );
    text
}

/// The text of a Wythoff grid: a heading, then `G(a, b)` with a row per `a` and a column per `b`.
///
/// # Example
/// ```
/// use grundy::{Analyzer, Config, parse_game};
/// let grid = Analyzer::new(Config::default()).grid(&parse_game("wythoff")?, 1)?;
/// assert_eq!(
///     grundy::render::grid_text(&grid),
///     "wythoff  (G(a, b): row a, column b)\n  a\\b 0 1\n    0 0 1\n    1 1 2\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grid_text(grid: &Grid) -> String {
    let cell = grid
        .values
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(grid.values.len().to_string().len())
        + 1;
    let mut text = format!("{}  (G(a, b): row a, column b)\n", grid.game);
    let _ = write!(text, "{:>5}", "a\\b");
    for b in 0..grid.values.len() {
        let _ = write!(text, "{b:>cell$}");
    }
    text.push('\n');
    for (a, row) in grid.values.iter().enumerate() {
        let _ = write!(text, "{a:>5}");
        for v in row {
            let _ = write!(text, "{v:>cell$}");
        }
        text.push('\n');
    }
    text
}

/// The text of a finished long run that took `seconds`: the count, the largest value and the
/// checksum, how many values this run computed and how fast, where it resumed, and the certified
/// period that gave the rest, if one did.
///
/// # Complexity
/// `O(1)` (the largest value and the checksum are read from the sequence).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, parse_game};
/// let analyzer = Analyzer::new(Config::default().with_threads(1)?);
/// let sequence = analyzer.sequence(&parse_game("0.77")?, 100)?.finish()?;
/// let text = grundy::render::sequence_text(&sequence, 0.0);
/// assert!(text.starts_with("0.77: 100 values (G(0) to G(99)), largest "));
/// # Ok(()) }
/// ```
pub fn sequence_text(sequence: &Sequence, seconds: f64) -> String {
    let count = sequence.values.len();
    let computed = count.saturating_sub(sequence.resumed_from);
    let rate = if seconds > 0.0 {
        computed as f64 / seconds
    } else {
        0.0
    };
    let mut text = format!(
        "{}: {} (G(0) to G({})), largest {}, checksum {:016x}\ncomputed {computed} in {seconds:.2} s ({rate:.0} values/s)",
        sequence.game,
        super::count(count, "value"),
        count.saturating_sub(1),
        sequence.largest(),
        sequence.checksum(),
    );
    if sequence.resumed_from > 0 {
        let _ = write!(text, ", resumed from {}", sequence.resumed_from);
    }
    if let Some(finish) = &sequence.period {
        let certificate = &finish.certificate;
        let _ = write!(
            text,
            "\nvalues from G({}) on follow from the certified period {} (preperiod {}; {}, checked to {})",
            finish.from,
            certificate.periodicity().period(),
            certificate.periodicity().preperiod(),
            certificate.theorem().name(),
            certificate.checked_to()
        );
    }
    text.push('\n');
    text
}

/// A nim product as one line: `5 ⊗ 7 = 13`.
///
/// # Example
/// ```
/// use grundy::analysis::nimber::nim_product;
/// let product = nim_product(&[5u32.into(), 7u32.into()])?;
/// assert_eq!(grundy::render::nim_product_text(&product), "5 ⊗ 7 = 13\n");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn nim_product_text(product: &crate::analysis::nimber::NimProduct) -> String {
    let factors: Vec<String> = product.factors.iter().map(ToString::to_string).collect();
    format!("{} = {}\n", factors.join(" ⊗ "), product.product)
}
