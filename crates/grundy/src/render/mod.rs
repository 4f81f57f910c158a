//! English text of the typed answers: the reason sentence of a [`Solution`](crate::Solution),
//! the human text of solutions, tables, grids and period reports, and the words of their JSON
//! forms (theorem ids and statements, basis kinds, rule names, P-position rules).
//!
//! This is the top layer: it reads answers and never computes them. Every function is pure (it
//! returns a `String`, with no I/O) and total. A front end names its own settings through
//! [`Terms`]: the library never names a command-line flag.

pub mod codegen;
pub mod explain;
#[cfg(feature = "json")]
pub mod json;
pub mod judge;
mod misere;
pub mod moves;
pub mod pattern;
mod period;
pub mod play;
pub mod plot;
pub mod quotient;
mod reason;
pub mod survey;
mod text;
pub mod verify;

pub use misere::{genus_notation, tame_type, tameness};
pub use period::{
    OBSERVED_NOTE, STATE_VECTOR_NOTE, VALUES_SHOWN, p_positions, period_answer_text, period_text,
    shown_values, values_line,
};
pub use reason::reason;
pub use text::{
    MOVES_SHOWN, grid_text, nim_product_text, sequence_text, solution_text, table_text,
    tabulation_text,
};

use num_bigint::BigUint;

use crate::analysis::{Basis, ClosedForm, Outcome};
use crate::theory::period::Theorem;

/// `n` and the noun, singular for exactly one: `1 heap`, `3 heaps`, `0 moves`.
///
/// # Example
/// ```
/// assert_eq!(grundy::render::count(1, "heap"), "1 heap");
/// assert_eq!(grundy::render::count(12, "token"), "12 tokens");
/// assert_eq!(grundy::render::count(2, "class"), "2 classes");
/// ```
pub fn count(n: impl std::fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    let plural = match (n.as_str(), noun.ends_with('s')) {
        ("1", _) => "",
        (_, true) => "es",
        (_, false) => "s",
    };
    format!("{n} {noun}{plural}")
}

/// A position as a text shows it: as written, or `(no heaps)` for a position of no heap at all
/// (which the canonical form writes as nothing).
///
/// # Example
/// ```
/// use grundy::Position;
/// assert_eq!(grundy::render::position_text(&Position::Heaps(vec![])), "(no heaps)");
/// assert_eq!(grundy::render::position_text(&Position::Heaps(vec![3u32.into()])), "3");
/// ```
pub fn position_text(position: &crate::games::position::Position) -> String {
    match position {
        crate::games::position::Position::Heaps(heaps) if heaps.is_empty() => NO_HEAPS.to_owned(),
        other => other.to_string(),
    }
}

/// How a text shows a position of no heap at all.
pub const NO_HEAPS: &str = "(no heaps)";

/// A position of `game` as a text shows it: as written, or for a position of no number at all
/// (written as nothing) the family's words for it — `(no heaps)`, `(all tails)` for a coin row.
///
/// # Example
/// ```
/// use grundy::{Position, parse_game};
/// use grundy::render::position_in;
/// let coins = parse_game("coins:ruler")?;
/// assert_eq!(position_in(&coins, &Position::Heaps(vec![])), "(all tails)");
/// assert_eq!(position_in(&parse_game("nim")?, &Position::Heaps(vec![])), "(no heaps)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn position_in(
    game: &crate::games::game::Game,
    position: &crate::games::position::Position,
) -> String {
    match position {
        crate::games::position::Position::Edges(edges) if edges.is_empty() => game
            .base()
            .ruleset()
            .map_or(NO_HEAPS, |rules| rules.empty_position())
            .to_owned(),
        crate::games::position::Position::Cells(cells) if cells.is_empty() => game
            .base()
            .ruleset()
            .map_or(NO_HEAPS, |rules| rules.empty_position())
            .to_owned(),
        crate::games::position::Position::Heaps(heaps) if heaps.is_empty() => game
            .base()
            .ruleset()
            .map_or(NO_HEAPS, |rules| rules.empty_position())
            .to_owned(),
        other => other.to_string(),
    }
}

/// The game as a text's heading names it: the spec, and where the user wrote a game by name, the
/// names first and the codes after (`kayles (0.77)`).
///
/// # Example
/// ```
/// let game = grundy::parse_game("kayles[5] + nim[3]")?;
/// assert_eq!(grundy::render::game_title(&game), "kayles[5] + nim[3] (0.77[5] + nim[3])");
/// assert_eq!(grundy::render::game_title(&grundy::parse_game("nim")?), "nim");
/// # Ok::<(), grundy::InputError>(())
/// ```
pub fn game_title(game: &crate::games::game::Game) -> String {
    match game.alias() {
        Some(alias) => format!("{alias} ({game})"),
        None => game.to_string(),
    }
}

/// How a front end names its settings, where a text points the reader to one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms<'a> {
    /// The setting that raises the limit on values, cells and positions computed (the command
    /// line's `--max`).
    pub limit: &'a str,
    /// What lists every value and move of an answer that the text shortens (the command line's
    /// `--json`).
    pub full_listing: &'a str,
}

/// What a basis is, in the words of the JSON `kind` field: `certified period`, `computed
/// directly`, `rule`, `exhaustive search` or `sum`.
///
/// # Example
/// ```
/// use grundy::Basis;
/// assert_eq!(grundy::render::basis_kind(&Basis::Computed { computed: 10 }), "computed directly");
/// ```
pub fn basis_kind(basis: &Basis) -> &'static str {
    match basis {
        Basis::Certified(_) => "certified period",
        Basis::Computed { .. } => "computed directly",
        Basis::Rule(_) => "rule",
        Basis::Search { .. } => "exhaustive search",
        Basis::Components(_) => "sum",
        Basis::MisereQuotient(_) => "misère quotient",
    }
}

/// The name of a closed form: `Bouton's theorem`, `Wythoff's theorem`, …
///
/// # Example
/// ```
/// use grundy::ClosedForm;
/// assert_eq!(grundy::render::rule_name(&ClosedForm::Bouton), "Bouton's theorem");
/// ```
pub fn rule_name(rule: &ClosedForm) -> &'static str {
    match rule {
        ClosedForm::Bouton => "Bouton's theorem",
        ClosedForm::BoutonMisere { .. } => "Bouton's misère rule",
        ClosedForm::NimHeap => "a Nim heap of n tokens has Grundy value n",
        ClosedForm::Wythoff { .. } => "Wythoff's theorem",
        ClosedForm::Zeckendorf { .. } => "Zeckendorf's characterisation",
        ClosedForm::TameMisere { .. } => "grundy's tame criterion",
        ClosedForm::Theorem(theorem) => theorem.name.en,
    }
}

/// A basis in a few words, as a table's heading shows it: `certified period 4 from n = 0`,
/// `computed directly, 15 values`, a rule's name, …
///
/// # Example
/// ```
/// use grundy::Basis;
/// assert_eq!(grundy::render::basis_summary(&Basis::Computed { computed: 1 }), "computed directly, 1 value");
/// ```
pub fn basis_summary(basis: &Basis) -> String {
    match basis {
        Basis::Certified(certificate) => {
            let p = &certificate.periodicity();
            format!("certified period {} from n = {}", p.period(), p.preperiod())
        }
        Basis::Computed { computed } => format!(
            "computed directly, {computed} value{}",
            if *computed == 1 { "" } else { "s" }
        ),
        Basis::Rule(rule) => rule_name(rule).to_owned(),
        Basis::Search { positions, .. } => {
            format!("exhaustive search of {}", count(positions, "position"))
        }
        Basis::Components(_) => "Sprague–Grundy over components".to_owned(),
        Basis::MisereQuotient(q) => format!("misère quotient of order {}", q.order),
    }
}

/// A theorem's short id: `window`, `all-but`, `residue`, `guy-smith` or `take-and-break-families`.
///
/// # Example
/// ```
/// use grundy::period::Theorem;
/// assert_eq!(grundy::render::theorem_id(&Theorem::Window { window: 4 }), "window");
/// ```
pub fn theorem_id(theorem: &Theorem) -> &'static str {
    match theorem {
        Theorem::Window { .. } => "window",
        Theorem::AllBut { .. } => "all-but",
        Theorem::Residue { .. } => "residue",
        Theorem::GuySmith { .. } => "guy-smith",
        Theorem::TakeAndBreakFamilies { .. } => "take-and-break-families",
    }
}

/// What a theorem states, with its parameters.
///
/// # Example
/// ```
/// use grundy::period::Theorem;
/// assert_eq!(
///     grundy::render::theorem_statement(&Theorem::Window { window: 4 }),
///     "each value is the mex of values at most 4 back, so a repeat of 4 consecutive values repeats everything after it"
/// );
/// ```
pub fn theorem_statement(theorem: &Theorem) -> String {
    match theorem {
        Theorem::Window { window } => format!(
            "each value is the mex of values at most {window} back, so a repeat of {window} consecutive values repeats everything after it"
        ),
        Theorem::AllBut { largest_excluded } => format!(
            "each value is the least of the mex of all earlier values and the values seen only at excluded distances; a relation that holds over enough values, with every excluded amount at most {largest_excluded}, holds forever (proof in docs/all-but-criterion.md)"
        ),
        Theorem::Residue { modulus } => format!(
            "the set holds 1..{} and no multiple of {modulus}, so every move changes n mod {modulus} and reaches every smaller residue: G(n) = n mod {modulus}",
            modulus.saturating_sub(1)
        ),
        Theorem::GuySmith { last_digit, heaps } => format!(
            "Guy and Smith (1956): for a code whose last non-zero digit is d{last_digit} and whose moves leave at most {heaps} heaps, a period that holds from n0 >= 1 over {heaps}(n0 + p) + {last_digit} values holds forever"
        ),
        Theorem::TakeAndBreakFamilies { small_below } => format!(
            "the options of a large heap fall into finitely many families (the digit used, the heaps left, the sizes of the heaps below {small_below} and the residues of the others); when, for every residue of the heap, no family can reach the predicted value and the families known exactly reach every smaller one, the relation holds forever (proof in docs/arithmetic-periodicity.md)"
        ),
    }
}

/// The outcome class of a position: `N` (the player to move wins) or `P` (loses); `None` for a
/// tie or a draw.
///
/// # Example
/// ```
/// use grundy::Outcome;
/// assert_eq!(grundy::render::outcome_class(Outcome::Lose), Some("P"));
/// ```
pub fn outcome_class(outcome: Outcome) -> Option<&'static str> {
    match outcome {
        Outcome::Win => Some("N"),
        Outcome::Lose => Some("P"),
        Outcome::Tie | Outcome::Draw => None,
    }
}

/// The outcome classes of consecutive values, one letter each: `P` for 0, `N` otherwise.
///
/// # Example
/// ```
/// let values: Vec<num_bigint::BigUint> = [0u32, 1, 2, 0].into_iter().map(Into::into).collect();
/// assert_eq!(grundy::render::outcome_row(&values), "PNNP");
/// ```
pub fn outcome_row(values: &[BigUint]) -> String {
    values
        .iter()
        .map(|v| if v == &BigUint::ZERO { 'P' } else { 'N' })
        .collect()
}

/// The outcome classes of a grid of values, a row of letters per row: `P` for 0, `N` otherwise.
///
/// # Example
/// ```
/// assert_eq!(grundy::render::outcome_grid(&[vec![0, 1], vec![1, 2]]), ["PN", "NN"]);
/// ```
pub fn outcome_grid(values: &[Vec<u32>]) -> Vec<String> {
    values
        .iter()
        .map(|row| {
            row.iter()
                .map(|&v| if v == 0 { 'P' } else { 'N' })
                .collect()
        })
        .collect()
}
