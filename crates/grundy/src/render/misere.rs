//! The words of misère take-and-break answers: Conway's genus notation, tame types, the tame
//! rule's reason and the genus table.

use std::fmt::Write as _;

use crate::analysis::{GenusRows, Outcome, Solution, Table, TameRange, Tameness};
use crate::theory::genus::{Genus, Tame, TameFailure};

/// Conway's notation for a genus, `g^{γ0γ1…}` with the last two exponents repeating:
/// `0^{120}`, `2^{20}`; exponents of two or more digits are separated by commas
/// (`12^{12,14}`).
///
/// # Example
/// ```
/// use grundy::theory::genus::Tame;
/// assert_eq!(grundy::render::genus_notation(&Tame::ZERO.genus()), "0^{120}");
/// assert_eq!(grundy::render::genus_notation(&Tame::nim_heap(3).genus()), "3^{31}");
/// ```
pub fn genus_notation(genus: &Genus) -> String {
    let exponents = genus.exponents();
    let separator = if exponents.iter().any(|&e| e >= 10) {
        ","
    } else {
        ""
    };
    let written: Vec<String> = exponents.iter().map(ToString::to_string).collect();
    format!("{}^{{{}}}", genus.normal(), written.join(separator))
}

/// A tame type in words: `fickle 1` (`*1`-like), `firm 0`, `firm 5`.
///
/// # Example
/// ```
/// use grundy::theory::genus::Tame;
/// assert_eq!(grundy::render::tame_type(Tame::nim_heap(1)), "fickle 1");
/// assert_eq!(grundy::render::tame_type(Tame::nim_heap(2).plus(Tame::nim_heap(2))), "firm 0");
/// ```
pub fn tame_type(tame: Tame) -> String {
    format!(
        "{} {}",
        if tame.firm { "firm" } else { "fickle" },
        tame.value
    )
}

/// Why a heap is or is not tame, in a few words: `tame (fickle 1)`, `wild genus`, …
///
/// # Example
/// ```
/// use grundy::Tameness;
/// use grundy::theory::genus::Tame;
/// assert_eq!(grundy::render::tameness(&Tameness::Tame(Tame::nim_heap(4))), "tame (firm 4)");
/// assert_eq!(grundy::render::tameness(&Tameness::WildGenus), "wild: its genus is not tame");
/// ```
pub fn tameness(tameness: &Tameness) -> String {
    match tameness {
        Tameness::Tame(tame) => format!("tame ({})", tame_type(*tame)),
        Tameness::WildGenus => "wild: its genus is not tame".to_owned(),
        Tameness::CriterionFails(failure) => {
            format!("not proved tame: {}", failure_text(*failure))
        }
        Tameness::Untested => "not tested (a smaller heap is not tame)".to_owned(),
    }
}

fn failure_text(failure: TameFailure) -> String {
    match failure {
        TameFailure::BadOption(option) => format!(
            "an option of type {} would leave a P-position the type does not allow",
            tame_type(option)
        ),
        TameFailure::MissingOption(a, b) if a == b => {
            format!("no option of type {}", tame_type(a))
        }
        TameFailure::MissingOption(a, b) => {
            format!("no option of type {} or {}", tame_type(a), tame_type(b))
        }
        TameFailure::MissingValue(v) => format!("no option of value {v}"),
    }
}

/// The reason of an answer by the tame rule.
pub(super) fn tame_reason(solution: &Solution, total: Tame, range: TameRange) -> String {
    let why = match range {
        TameRange::EveryHeap => {
            "every heap of this game is tame at any size (docs/misere.md §4)".to_owned()
        }
        TameRange::UpTo(n) => format!(
            "every heap up to {n} passes grundy's tame criterion (docs/misere.md §3), and so does each heap here"
        ),
    };
    let verdict = if solution.outcome == Outcome::Lose {
        "a P-position: the player to move loses"
    } else {
        "not a P-position: the player to move wins by moving to one"
    };
    format!(
        "{why}; by grundy's tame criterion (docs/misere.md Theorem 1, after Conway's tame games, ONAG ch. 12) a sum of such heaps is played like misère Nim on their types — it loses exactly when their sum is fickle 1 or firm 0 — and here the sum is {}, {verdict}.",
        tame_type(total)
    )
}

/// The table of a misère take-and-break code: per heap the misère value, the normal value,
/// the genus and whether it is tame.
pub(super) fn genus_table_text(table: &Table, rows: &GenusRows) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}  (misère values and genera from the options' genera; {})",
        super::game_title(&table.game),
        if rows.every_heap {
            "every heap is tame at any size".to_owned()
        } else if rows.tame_to == 0 {
            "no heap proved tame".to_owned()
        } else {
            format!("heaps 1 to {} proved tame", rows.tame_to)
        }
    );
    let width = rows
        .heaps
        .iter()
        .map(|h| h.heap.to_string().len())
        .max()
        .unwrap_or(1)
        .max(1);
    let genus_width = rows
        .heaps
        .iter()
        .map(|h| genus_notation(&h.genus).len())
        .max()
        .unwrap_or(5)
        .max(5);
    let _ = writeln!(
        text,
        "{:>width$}  {:>5}  {:>4}  {:<genus_width$}  tame",
        "n", "G⁻(n)", "G(n)", "genus"
    );
    for heap in &rows.heaps {
        let _ = writeln!(
            text,
            "{:>width$}  {:>5}  {:>4}  {:<genus_width$}  {}",
            heap.heap,
            heap.genus.misere(),
            heap.genus.normal(),
            genus_notation(&heap.genus),
            tameness(&heap.tameness)
        );
    }
    text
}
