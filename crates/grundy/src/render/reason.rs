//! The reason sentence of a [`Solution`]: what decided the answer, from its typed basis.

use std::fmt::Write as _;

use num_bigint::BigUint;
use num_traits::Zero;

use super::Terms;
use crate::analysis::{
    Basis, ClosedForm, Error, FamilyTheorem, Outcome, Solution, Summand, SummandValue, Withheld,
};
use crate::games::game::Component;
use crate::games::play::Play;
use crate::games::position::Position;
use crate::games::theorem::{PartLabel, Reading, Worth};
use crate::theory::period::{Certificate, Theorem};
use crate::theory::solver::Loopy;

/// One sentence saying what decided `solution`: the theorem or closed form with its inputs, the
/// certified period and where the position falls in it, or how far values were computed or
/// positions searched. `terms` names the front end's settings where the sentence points to one.
///
/// # Complexity
/// `O(d)` for the `d` digits the sentence holds (a certified period's index is one division).
///
/// # Example
/// ```
/// use grundy::render::{Terms, reason};
/// use grundy::{Analyzer, Config, parse_game};
/// let game = parse_game("nim")?;
/// let solution = Analyzer::new(Config::default()).solve(&game, &game.parse_position("3,4,5")?)?;
/// let terms = Terms { limit: "the limit", full_listing: "the full answer" };
/// assert_eq!(
///     reason(&solution, &terms),
///     "Bouton's theorem: the Grundy value of Nim is the xor of the heaps, 2, which is ≠ 0, so the player to move wins by making it 0."
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn reason(solution: &Solution, terms: &Terms<'_>) -> String {
    let game = &solution.game;
    let base = game.base();
    match (&solution.basis, base.components(), &solution.position) {
        (Basis::Rule(rule), _, _) => rule_reason(solution, rule, terms),
        (Basis::MisereQuotient(basis), _, _) => {
            super::quotient::quotient_reason(basis, solution.outcome == Outcome::Win)
        }
        (Basis::Components(summands), Some(components), _) => {
            sum_reason(solution, components, summands)
        }
        // Balls held: the contest game.
        (Basis::Search { positions, .. }, _, Position::Balls { left, .. }) => {
            format!(
                "retrograde analysis of all {positions} positions with at most {left} balls left (only the parities of the holdings matter): {}. The game is decided by parities, not by the last move, so it has no Grundy value.",
                verdict(solution)
            )
        }
        (Basis::Search { positions, start }, _, position) if base.script().is_some() => {
            let value = match &solution.loopy {
                Some(value @ Loopy::Nimber(_)) => format!("; its Sprague–Grundy value is {value}"),
                Some(value) => format!("; its generalised Sprague–Grundy value is {value}"),
                None => String::new(),
            };
            let start = start.as_deref().unwrap_or_default();
            let from = match position {
                Position::Argument(argument) => format!("start({argument}) = {start}"),
                _ => start.to_owned(),
            };
            format!(
                "searched the {} reachable from {from} and valued each once, from the positions without moves back: {}{value}.",
                super::count(positions, "position"),
                verdict(solution)
            )
        }
        (Basis::Search { positions, .. }, _, _) if base.open_family().is_some() => {
            let value = match (&solution.grundy, &solution.loopy, &solution.misere_grundy) {
                (Some(grundy), _, _) => format!("; its Sprague–Grundy value is {grundy}"),
                (None, Some(value), _) => {
                    format!("; its generalised Sprague–Grundy value is {value}")
                }
                (None, None, Some(value)) => format!("; its misère Grundy value G⁻ is {value}"),
                (None, None, None) if solution.game.is_misere() => "; play can last forever from some of those positions, so it has no misère Grundy value".to_owned(),
                (None, None, None) => String::new(),
            };
            let without = base
                .ruleset()
                .and_then(crate::games::ruleset::Ruleset::no_theorem)
                .map_or_else(String::new, |why| format!("{}, so grundy ", why.en));
            let explored = format!(
                "explored the positions reachable from this one ({}, itself included) and solved them by retrograde analysis: {}{value}.",
                super::count(positions, "position"),
                verdict(solution)
            );
            format!("{without}{explored}")
        }
        (Basis::Search { positions, .. }, _, Position::Heaps(heaps)) if heaps.len() == 1 => {
            format!(
                "under misère play a split leaves a sum of heaps, whose outcome the xor of their values does not decide, so grundy searched all {} reachable from this heap: the player to move {}.",
                super::count(positions, "position"),
                wins_or_loses(solution.outcome)
            )
        }
        (Basis::Search { positions, .. }, _, Position::Heaps(_)) => format!(
            "under misère play the outcome of several heaps is not decided by the xor of their values, so grundy searched all {} reachable from these heaps: the player to move {}.",
            super::count(positions, "position"),
            wins_or_loses(solution.outcome)
        ),
        (Basis::Search { positions, .. }, _, _) => format!(
            "solved by searching all {} reachable from this misère sum (the xor of values does not apply to misère sums): the player to move {}.",
            super::count(positions, "position"),
            wins_or_loses(solution.outcome)
        ),
        // A pair (Wythoff's game) or a heap with a quota (Fibonacci Nim): a table of cells.
        (Basis::Computed { .. }, _, Position::Pair(a, b)) => {
            misere_cells_reason(solution, &format!("up to ({a}, {b})"))
        }
        (Basis::Computed { .. }, _, Position::Quota { heap, .. }) => misere_cells_reason(
            solution,
            &format!("with at most {}", super::count(heap, "token")),
        ),
        // The amount just taken: a no-repeat game.
        (basis, _, position @ Position::LastMove { .. }) => {
            norepeat_reason(solution, basis, position)
        }
        (basis, _, _) if base.code().is_some() => heaps_reason(solution, basis, terms),
        (basis, _, Position::Heaps(_))
            if base.subtraction().is_some() || base.remainder().is_some() =>
        {
            heaps_reason(solution, basis, terms)
        }
        (basis, _, Position::Heap(heap)) => heap_reason(solution, basis, heap),
        (basis, _, _) => format!(
            "{game}: {}; the player to move {}.",
            super::basis_summary(basis),
            wins_or_loses(solution.outcome)
        ),
    }
}

/// The misère values of a two-number game computed cell by cell over every position in
/// `scope`.
fn misere_cells_reason(solution: &Solution, scope: &str) -> String {
    format!(
        "{}computed the misère values G⁻ of every position {scope} (no move left is worth 1): G⁻ = {}, so the player to move {}.",
        no_move(solution)
            .map(|why| format!("{why}; "))
            .unwrap_or_default(),
        shown_value(solution),
        wins_or_loses(solution.outcome)
    )
}

/// `G` under normal play, `G⁻` under misère play.
fn value_symbol(play: Play) -> &'static str {
    match play {
        Play::Normal => "G",
        Play::Misere => "G⁻",
    }
}

/// The value the answer is decided by: the Grundy value under normal play, the misère Grundy
/// value under misère play (`?` where the answer has none).
fn shown_value(solution: &Solution) -> String {
    let value = match solution.game.play() {
        Play::Normal => solution.grundy.as_ref(),
        Play::Misere => solution.misere_grundy.as_ref(),
    };
    value
        .or(solution.grundy.as_ref())
        .map_or_else(|| "?".to_owned(), ToString::to_string)
}

fn wins_or_loses(outcome: Outcome) -> &'static str {
    if outcome == Outcome::Lose {
        "loses"
    } else {
        "wins"
    }
}

/// The outcome of a position solved as a graph, with its remoteness.
fn verdict(solution: &Solution) -> String {
    match (solution.outcome, solution.remoteness) {
        (Outcome::Win, Some(r)) => format!(
            "the player to move wins in {} at most",
            super::count(r, "move")
        ),
        (Outcome::Lose, Some(r)) => format!(
            "the player to move loses, holding out for {}",
            super::count(r, "move")
        ),
        (Outcome::Tie, Some(r)) => format!("best play ties, after {}", super::count(r, "move")),
        // A sum of components: the outcome from its Grundy value, no remoteness.
        (Outcome::Win, None) => "the player to move wins".to_owned(),
        (Outcome::Lose, None) => "the player to move loses".to_owned(),
        (Outcome::Tie, None) => "best play ties".to_owned(),
        (Outcome::Draw, _) => "best play never ends: a draw".to_owned(),
    }
}

/// The last value computed directly, for `computed` values.
fn last_computed(computed: u64) -> u64 {
    computed.saturating_sub(1)
}

fn rule_reason(solution: &Solution, rule: &ClosedForm, terms: &Terms<'_>) -> String {
    let loses = solution.outcome == Outcome::Lose;
    match rule {
        ClosedForm::Bouton => {
            let verdict = if loses {
                "= 0, so every move leaves a nonzero xor and the player to move loses"
            } else {
                "≠ 0, so the player to move wins by making it 0"
            };
            format!(
                "Bouton's theorem: the Grundy value of Nim is the xor of the heaps, {}, which is {verdict}.",
                solution.grundy.clone().unwrap_or_default()
            )
        }
        ClosedForm::BoutonMisere { heaps, .. } if solution.game.base().components().is_some() => {
            format!(
                "a misère sum of Nim games is one misère Nim position of {}; Bouton's misère rule: the player to move loses exactly when all heaps are at most 1 and an odd number are 1, or some heap has 2 or more and the xor is 0 — so the player to move {}.",
                super::count(heaps, "heap"),
                wins_or_loses(solution.outcome)
            )
        }
        ClosedForm::BoutonMisere {
            ones,
            all_small,
            xor,
            ..
        } => {
            let here = if *all_small {
                format!(
                    "every heap is at most 1 and there {} of 1, an {} number",
                    if *ones == 1 {
                        "is 1 heap".to_owned()
                    } else {
                        format!("are {ones} heaps")
                    },
                    if ones % 2 == 1 { "odd" } else { "even" }
                )
            } else {
                format!("some heap has 2 or more and the xor is {xor}")
            };
            format!(
                "Bouton's misère rule: the player to move loses exactly when all heaps are at most 1 and an odd number are 1, or some heap has 2 or more and the xor is 0; here {here}, so the player to move {}.",
                wins_or_loses(solution.outcome)
            )
        }
        ClosedForm::NimHeap => format!(
            "a Nim heap of n tokens has Grundy value n, so G = {}; the player to move {}.",
            shown_value(solution),
            wins_or_loses(solution.outcome)
        ),
        ClosedForm::Wythoff {
            difference,
            lower,
            withheld,
        } => wythoff_reason(solution, difference, lower, withheld.as_ref(), terms),
        ClosedForm::Zeckendorf {
            quota,
            smallest,
            terms: count,
            expansion,
        } => zeckendorf_reason(solution, quota, smallest.as_ref(), *count, expansion, terms),
        ClosedForm::TameMisere { total, range, .. } => {
            super::misere::tame_reason(solution, *total, *range)
        }
        ClosedForm::Theorem(theorem) => theorem_reason(solution, theorem),
    }
}

/// The parts a family's theorem shows by name and value before it sums them up.
const SHOWN_PARTS: usize = 8;

/// A family's theorem, and how it reads the position.
fn theorem_reason(solution: &Solution, theorem: &FamilyTheorem) -> String {
    let mut text = format!("{}: {}", theorem.name.en, theorem.statement.en);
    let Some(reading) = &theorem.reading else {
        return text;
    };
    let verdict = wins_or_loses(solution.outcome);
    match &reading.worth {
        Worth::Grundy(value) => {
            let mut parts: Vec<String> = reading
                .parts
                .iter()
                .take(SHOWN_PARTS)
                .map(|part| format!("{} is worth {}", part_name(&part.label), part.value))
                .collect();
            if reading.parts.len() > SHOWN_PARTS {
                parts.push(format!("{} more", reading.parts.len() - SHOWN_PARTS));
            }
            if let [part] = &parts[..] {
                let _ = write!(text, " Here {part}, so the player to move {verdict}.");
            } else {
                let parts = if parts.is_empty() {
                    "no part counts".to_owned()
                } else {
                    parts.join(", ")
                };
                let _ = write!(
                    text,
                    " Here {parts}: the xor is {value}, so the player to move {verdict}."
                );
            }
        }
        Worth::Outcome { .. } => {
            let _ = write!(
                text,
                " Here{} the player to move {verdict}.",
                outcome_parts(reading, &solution.position)
            );
        }
        Worth::Infinite { node, options } => {
            text.push_str(&infinite_reason(reading, node.as_ref(), options));
        }
    }
    text
}

/// The parts of a reading of outcomes, as a clause ending in `so` (`the numbers of heaps with
/// a 1 in each binary place are 2^1: 2, 2^0: 2; at 2^1 the count 2 is not a multiple of 3,
/// so`), or nothing where it has none.
fn outcome_parts(reading: &Reading, position: &Position) -> String {
    if let Some(steps) = every_steps(reading) {
        return steps;
    }
    if let Some(terms) = representation(reading, position) {
        return terms;
    }
    let places: Vec<(u64, u64, &BigUint)> = reading
        .parts
        .iter()
        .filter_map(|part| match part.label {
            PartLabel::Place { place, modulus } => Some((place, modulus, &part.value)),
            _ => None,
        })
        .collect();
    let Some(&(_, modulus, _)) = places.first() else {
        return if reading.parts.is_empty() {
            " no heap has a token, so".to_owned()
        } else {
            String::new()
        };
    };
    let shown: Vec<String> = places
        .iter()
        .take(SHOWN_PARTS)
        .map(|(place, _, count)| format!("2^{place}: {count}"))
        .collect();
    let more = if places.len() > SHOWN_PARTS {
        format!(", {} more places", places.len() - SHOWN_PARTS)
    } else {
        String::new()
    };
    let first_off = places
        .iter()
        .find(|(_, _, count)| *count % modulus != BigUint::ZERO);
    let verdict = match first_off {
        Some((place, _, count)) => {
            format!("at 2^{place} the count {count} is not a multiple of {modulus}")
        }
        None => format!("every count is a multiple of {modulus}"),
    };
    format!(
        " the numbers of heaps with a 1 in each binary place are {}{more}; {verdict}, so",
        shown.join(", ")
    )
}

/// The greedy representation of a heap in a family's sequence and its smallest term against
/// the quota (dynamic subtraction), as a clause ending in `so`, where the reading is of one.
fn representation(reading: &Reading, position: &Position) -> Option<String> {
    let (heap, quota) = position.heap_and_quota()?;
    if !reading
        .parts
        .iter()
        .all(|part| matches!(part.label, PartLabel::Term { .. }))
    {
        return None;
    }
    let Some(smallest) = reading.parts.last() else {
        return Some(" the heap is empty, so".to_owned());
    };
    let shown = |text: fn(&crate::games::theorem::Part) -> String| {
        let mut shown: Vec<String> = reading.parts.iter().take(SHOWN_PARTS).map(text).collect();
        if reading.parts.len() > SHOWN_PARTS {
            shown.push(format!("{} more terms", reading.parts.len() - SHOWN_PARTS));
        }
        shown.join(" + ")
    };
    let indices = shown(|part| match part.label {
        PartLabel::Term { index } => format!("H_{index}"),
        _ => String::new(),
    });
    let terms = shown(|part| part.value.to_string());
    let verdict = if smallest.value <= quota {
        "is at most"
    } else {
        "is above"
    };
    Some(format!(
        " {heap} = {indices} = {terms}; the smallest term {} {verdict} the quota {quota}, so",
        smallest.value
    ))
}

/// Smith's rule at work on a position with infinite tokens: the infinite token's `K` (the
/// position's, `options`, less the finite tokens' xor) and whether that xor is in it.
fn infinite_reason(reading: &Reading, node: Option<&BigUint>, options: &[BigUint]) -> String {
    let Some(node) = node else {
        return " Here two tokens or more stand on infinite nodes: a draw.".to_owned();
    };
    let finite = reading
        .parts
        .iter()
        .fold(BigUint::ZERO, |x, part| x ^ &part.value);
    let own: Vec<String> = options.iter().map(|k| (k ^ &finite).to_string()).collect();
    let verdict = if options.contains(&BigUint::ZERO) {
        format!(
            "{finite} is among them, so the player to move wins by moving that token to a node worth {finite}"
        )
    } else {
        format!("{finite} is not among them, so neither player can force a win: a draw")
    };
    let others = if reading.parts.is_empty() {
        "no other token stands on the graph, so the others are worth 0".to_owned()
    } else {
        format!("the other tokens are worth {finite} in all")
    };
    format!(
        " Here the token at node {node} is infinite, ∞({{{}}}), and {others}: {verdict}.",
        own.join(", ")
    )
}

/// The steps of each component of an Every-SG compound and the largest, where the reading is
/// of one.
fn every_steps(reading: &Reading) -> Option<String> {
    let first = reading.parts.first()?;
    let PartLabel::Component { .. } = first.label else {
        return None;
    };
    let mut shown: Vec<String> = reading
        .parts
        .iter()
        .take(SHOWN_PARTS)
        .map(|part| {
            let steps = super::count(&part.value, "step");
            format!("{} lasts {steps}", part_name(&part.label))
        })
        .collect();
    if reading.parts.len() > SHOWN_PARTS {
        shown.push(format!("{} more", reading.parts.len() - SHOWN_PARTS));
    }
    let largest = reading.parts.iter().map(|part| &part.value).max()?;
    let parity = if largest.bit(0) { "odd" } else { "even" };
    Some(format!(
        " {}; the largest number of steps, {largest}, is {parity}, so",
        shown.join(", ")
    ))
}

/// A part of a position, as a sentence names it.
fn part_name(label: &PartLabel) -> String {
    match label {
        PartLabel::Cell(cell) => format!("the head at cell {cell}"),
        PartLabel::Square { row, column } => format!("the head at {row}:{column}"),
        PartLabel::Component { game, .. } => game.clone(),
        PartLabel::Step(step) => format!("step {step}"),
        PartLabel::Place { place, .. } => format!("the binary place 2^{place}"),
        PartLabel::Residue { residue, modulus } => format!("n mod {modulus} = {residue}"),
        PartLabel::Branch(node) => format!("the branch at node {node}"),
        PartLabel::Token(node) => format!("the token at node {node}"),
        PartLabel::Term { index } => format!("the term H_{index}"),
        PartLabel::Loops(count) => {
            format!(
                "the cycles through the ground ({} fused into loops)",
                super::count(count, "edge")
            )
        }
    }
}

/// Wythoff's theorem for `k = difference`, `⌊kφ⌋ = lower`, and why the Grundy value is missing
/// when it is.
fn wythoff_reason(
    solution: &Solution,
    difference: &BigUint,
    lower: &BigUint,
    withheld: Option<&Withheld>,
    terms: &Terms<'_>,
) -> String {
    let loses = solution.outcome == Outcome::Lose;
    let verdict = if loses {
        "so this is a P-position and the player to move loses"
    } else {
        "so this is not a P-position and the player to move wins"
    };
    let missing = match (&solution.grundy, withheld) {
        (Some(_), _) => String::new(),
        (
            None,
            Some(Withheld::OverMemory {
                what,
                needed,
                limit,
            }),
        ) => {
            let error = Error::OutOfMemory {
                what: what.clone(),
                needed: *needed,
                limit: *limit,
            };
            format!(
                "; the Grundy value has no closed form, and its table is beyond the memory limit: {error}"
            )
        }
        (None, _) => format!(
            "; the Grundy value has no closed form and this position is beyond the table limit ({})",
            terms.limit
        ),
    };
    format!(
        "Wythoff's theorem: the P-positions are (⌊kφ⌋, ⌊kφ⌋ + k), computed exactly as ⌊kφ⌋ = (k + isqrt(5k²)) / 2; here k = {difference} and ⌊kφ⌋ = {lower}, {verdict}{missing}."
    )
}

/// Zeckendorf's characterisation: the smallest term against the quota.
fn zeckendorf_reason(
    solution: &Solution,
    quota: &BigUint,
    smallest: Option<&BigUint>,
    count: u64,
    expansion: &[BigUint],
    terms: &Terms<'_>,
) -> String {
    let loses = solution.outcome == Outcome::Lose;
    let Some(smallest) = smallest else {
        return "the heap is empty: the player to move has no move and loses.".to_owned();
    };
    let expansion = match (&solution.position, expansion.is_empty()) {
        (Position::Quota { heap, .. }, false) => {
            let shown: Vec<String> = expansion.iter().map(ToString::to_string).collect();
            format!("{heap} = {}", shown.join(" + "))
        }
        _ => format!("the heap is a sum of {count} non-consecutive Fibonacci numbers"),
    };
    format!(
        "Zeckendorf: {expansion}; the player to move wins exactly when the smallest term ({smallest}) is at most the quota ({quota}){}{}.",
        if loses {
            ", which it is not, so the player to move loses"
        } else {
            ", by taking it"
        },
        if solution.grundy.is_none() {
            format!(
                "; the Grundy value is beyond the table limit ({})",
                terms.limit
            )
        } else {
            String::new()
        }
    )
}

/// A sum: the xor of the components' values (Sprague–Grundy), or one `∞(K)` component plus
/// nimbers (Smith).
fn sum_reason(solution: &Solution, components: &[Component], summands: &[Summand]) -> String {
    let infinite = summands
        .iter()
        .enumerate()
        .find_map(|(i, summand)| match &summand.value {
            SummandValue::Infinite(k) => Some((i, k)),
            SummandValue::Grundy(_) => None,
        });
    let grundy = |summand: &Summand| match &summand.value {
        SummandValue::Grundy(value) => value.clone(),
        SummandValue::Infinite(_) => BigUint::zero(),
    };
    if let Some((i, k)) = infinite {
        let others = summands
            .iter()
            .map(grundy)
            .fold(BigUint::zero(), |x, v| x ^ v);
        let component = components
            .get(i)
            .map(|c| format!("{}[{}]", c.game, c.position))
            .unwrap_or_default();
        return format!(
            "Smith's theory: {component} has the generalised value {}, and the other components add up to *{others}; ∞(K) + *x is a win exactly when x is in K, otherwise play goes on forever: {}.",
            Loopy::Infinite(k.clone()),
            if solution.outcome == Outcome::Win {
                "the player to move wins"
            } else {
                "a draw"
            }
        );
    }
    let shown: Vec<String> = summands.iter().map(|s| grundy(s).to_string()).collect();
    format!(
        "Sprague–Grundy: the value of a sum is the xor of its components' values, {} = {}, so the player to move {}.",
        shown.join(" xor "),
        solution.grundy.clone().unwrap_or_default(),
        if solution.outcome == Outcome::Win {
            "wins by moving one component to the value that makes the xor 0"
        } else {
            "loses"
        }
    )
}

/// A no-repeat game: the period of its state vectors, or the heaps computed.
fn norepeat_reason(solution: &Solution, basis: &Basis, position: &Position) -> String {
    let how = match basis {
        Basis::Certified(certificate) => format!(
            "the vectors (G(n, last) for every last) have period {} from n = {} (certified by the window criterion on state vectors with values checked up to {})",
            certificate.periodicity().period(),
            certificate.periodicity().preperiod(),
            certificate.checked_to()
        ),
        Basis::Computed { computed } => format!(
            "computed directly from the rules for heaps up to {}",
            last_computed(*computed)
        ),
        other => super::basis_summary(other),
    };
    format!(
        "{}: {how}, so {}({position}) = {}; the player to move {}.",
        solution.game,
        value_symbol(solution.game.play()),
        shown_value(solution),
        wins_or_loses(solution.outcome)
    )
}

/// How many heap values a reason lists before pointing to the full listing.
const HEAP_VALUES_SHOWN: usize = 20;

/// A position of heaps (of a take-and-break game, or of a one-heap subtraction game: their sum):
/// what the values rest on, each heap's value, and their xor.
fn heaps_reason(solution: &Solution, basis: &Basis, terms: &Terms<'_>) -> String {
    let game = &solution.game;
    let how = match basis {
        Basis::Certified(certificate) => format!(
            "{game} {} ({})",
            period_law(certificate, "G"),
            certified_how(certificate)
        ),
        Basis::Computed { computed } => format!(
            "the values of {game} were computed directly up to {}",
            last_computed(*computed)
        ),
        other => format!("{game}: {}", super::basis_summary(other)),
    };
    let values = &solution.heap_values;
    let mut shown: Vec<String> = values
        .iter()
        .take(HEAP_VALUES_SHOWN)
        .map(ToString::to_string)
        .collect();
    if values.len() > HEAP_VALUES_SHOWN {
        shown.push(format!("… ({} lists all)", terms.full_listing));
    }
    let xor = solution.grundy.clone().unwrap_or_default();
    let values = match values.len() {
        0 => "there is no heap, so the value is 0".to_owned(),
        1 => format!("the heap has value {}", shown.join("")),
        n => format!(
            "the {n} heaps have values {}, and by Sprague–Grundy their sum has the xor {xor}",
            shown.join(", ")
        ),
    };
    format!(
        "{how}; {values}, so the player to move {}.",
        wins_or_loses(solution.outcome)
    )
}

/// Why the player to move has no move at all, where that decides a misère answer in a way a
/// reader may not expect (a heap with tokens left).
fn no_move(solution: &Solution) -> Option<String> {
    if !solution.game.is_misere() {
        return None;
    }
    match &solution.position {
        // A heap with a quota: Fibonacci Nim.
        Position::Quota { heap, quota: None } if heap == &BigUint::from(1u32) => Some(
            "a fresh heap may be taken from but not taken whole, so a fresh heap of 1 has no move, and under misère play the player who cannot move wins".to_owned(),
        ),
        Position::Heap(heap) if !heap.is_zero() => {
            let subtraction = solution.game.base().subtraction()?;
            let least = match subtraction.set() {
                crate::games::subtraction::SubtractionSet::Finite(set) => set.members()[0],
                crate::games::subtraction::SubtractionSet::AllBut(set) => {
                    (1..).find(|&s| set.contains(s)).unwrap_or(1)
                }
                crate::games::subtraction::SubtractionSet::Family(family) => {
                    (1..).find(|&s| family.contains(s)).unwrap_or(1)
                }
            };
            (heap < &BigUint::from(least)).then(|| format!(
                "no amount fits a heap of {heap} (the least is {least}): the player to move has no move, and under misère play the player who cannot move wins although tokens are left"
            ))
        }
        _ => None,
    }
}

/// One heap of a subtraction game: where it falls in the certified period, or the values
/// computed up to it.
fn heap_reason(solution: &Solution, basis: &Basis, heap: &BigUint) -> String {
    let game = &solution.game;
    let play = game.play();
    let g = value_symbol(play);
    let value = shown_value(solution);
    let verdict = if solution.outcome == Outcome::Lose {
        format!("{g} = 0, so the player to move loses: every move leaves {g} ≠ 0")
    } else {
        format!("{g} ≠ 0, so the player to move wins")
    };
    let rule = match play {
        Play::Normal => "",
        Play::Misere => {
            " (misère values: a heap with no move is worth 1, the mex recursion gives the rest)"
        }
    };
    // Long heaps are already in the answer's `position`; the sentence names them n.
    let name = if heap.bits() <= 64 {
        heap.to_string()
    } else {
        "n".to_owned()
    };
    match basis {
        Basis::Certified(certificate) => {
            let law = period_law(certificate, g);
            let shown = located(certificate, heap, g, &name, &value);
            let how = certified_how(certificate);
            let why = no_move(solution)
                .map(|why| format!(" {}{}.", why[..1].to_uppercase(), &why[1..]))
                .unwrap_or_default();
            format!("{game} {law}{rule} ({how}), so {shown}; {verdict}.{why}")
        }
        Basis::Computed { computed } => format!(
            "{g}({name}) = {value}, computed directly from the rules{rule} with {g}(0) to {g}({}); {verdict}.",
            last_computed(*computed)
        ),
        other => format!(
            "{game}: {}, so {g}({name}) = {value}; {verdict}.",
            super::basis_summary(other)
        ),
    }
}

/// `has period p from n = n0`, or the arithmetic law with its saltus.
fn period_law(certificate: &Certificate, g: &str) -> String {
    let p = &certificate.periodicity();
    if p.saltus() == 0 {
        format!("has period {} from n = {}", p.period(), p.preperiod())
    } else {
        format!(
            "satisfies {g}(n + {}) = {g}(n) + {} from n = {}",
            p.period(),
            p.saltus(),
            p.preperiod()
        )
    }
}

/// `G(heap) = G(r) = value`: the stored term the heap falls on, and the periods past it.
fn located(certificate: &Certificate, heap: &BigUint, g: &str, name: &str, value: &str) -> String {
    let p = &certificate.periodicity();
    let (index, periods) = p.locate(heap);
    if periods.is_zero() {
        format!("{g}({name}) = {value}")
    } else if p.saltus() == 0 {
        format!("{g}({name}) = {g}({index}) = {value}")
    } else {
        format!(
            "{g}({name}) = {g}({index}) + {periods}·{} = {value}",
            p.saltus()
        )
    }
}

/// Which theorem certified the period, and how far it was checked.
fn certified_how(certificate: &Certificate) -> String {
    match certificate.theorem() {
        Theorem::Residue { modulus } => format!(
            "certified by the residue theorem: 1..{} are moves and no move is a multiple of {modulus}",
            modulus.saturating_sub(1)
        ),
        ref theorem => format!(
            "certified by the {} with values checked up to {}",
            theorem.name(),
            certificate.checked_to()
        ),
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;

    use super::reason;
    use crate::analysis::{Analyzer, Config};
    use crate::analysis::{Basis, ClosedForm, Outcome, Solution, Withheld};
    use crate::games::game::Game;
    use crate::games::position::Position;
    use crate::input::spec::parse_game;
    use crate::render::Terms;

    const TERMS: Terms<'static> = Terms {
        limit: "LIMIT",
        full_listing: "LISTING",
    };

    fn solved(spec: &str, position: &str) -> Solution {
        let game = parse_game(spec).unwrap();
        let position = game.parse_position(position).unwrap();
        Analyzer::new(Config::default())
            .solve(&game, &position)
            .unwrap()
    }

    #[test]
    fn a_heap_beyond_the_preperiod_names_its_stored_term() {
        assert_eq!(
            reason(&solved("subtraction:1,3,4", "10"), &TERMS),
            "subtraction:1,3,4 has period 7 from n = 0 (certified by the window criterion with values checked up to 11), so G(10) = G(3) = 1; G ≠ 0, so the player to move wins."
        );
    }

    #[test]
    fn an_arithmetic_period_names_the_periods_past_the_stored_term() {
        let text = reason(&solved("allbut:2,3,7", "10^40"), &TERMS);
        assert!(
            text.contains("satisfies G(n + ") && text.contains("so G(n) = G("),
            "{text}"
        );
    }

    #[test]
    fn misere_tables_say_how_far_they_were_computed() {
        assert_eq!(
            reason(&solved("misere:wythoff", "1,1"), &TERMS),
            "computed the misère values G⁻ of every position up to (1, 1) (no move left is worth 1): G⁻ = 2, so the player to move wins."
        );
    }

    #[test]
    fn a_missing_grundy_value_points_to_the_front_ends_limit() {
        let text = reason(&solved("fibonacci-nim", "10^40"), &TERMS);
        assert!(
            text.ends_with("; the Grundy value is beyond the table limit (LIMIT)."),
            "{text}"
        );
    }

    #[test]
    fn a_wythoff_table_over_memory_gives_the_memory_refusal() {
        let game = parse_game("wythoff").unwrap();
        let solution = Solution::new(
            &game,
            Position::Pair(3u32.into(), 5u32.into()),
            Outcome::Lose,
            None,
            Vec::new(),
            Basis::Rule(ClosedForm::Wythoff {
                difference: 2u32.into(),
                lower: 3u32.into(),
                withheld: Some(Withheld::OverMemory {
                    what: "the table".to_owned(),
                    needed: 2048,
                    limit: 1024,
                }),
            }),
        );
        assert_eq!(
            reason(&solution, &TERMS),
            "Wythoff's theorem: the P-positions are (⌊kφ⌋, ⌊kφ⌋ + k), computed exactly as ⌊kφ⌋ = (k + isqrt(5k²)) / 2; here k = 2 and ⌊kφ⌋ = 3, so this is a P-position and the player to move loses; the Grundy value has no closed form, and its table is beyond the memory limit: the table would need at least 2.0 KiB of memory; the memory limit is 1.0 KiB."
        );
    }

    #[test]
    fn sums_give_the_xor_or_smiths_rule() {
        assert_eq!(
            reason(&solved("nim[1,2] + nim[3]", ""), &TERMS),
            "Sprague–Grundy: the value of a sum is the xor of its components' values, 3 xor 3 = 0, so the player to move loses."
        );
        let game = parse_game("nim[1] + nim[2]").unwrap();
        let Game::Sum(components) = &game else {
            unreachable!("a sum")
        };
        let solution = Solution::new(
            &game,
            Position::Sum,
            Outcome::Draw,
            None,
            Vec::new(),
            Basis::Components(vec![
                crate::analysis::Summand {
                    value: crate::analysis::SummandValue::Infinite(vec![1, 2]),
                    basis: Basis::Search {
                        positions: 4,
                        start: Some("4".to_owned()),
                    },
                },
                crate::analysis::Summand {
                    value: crate::analysis::SummandValue::Grundy(2u32.into()),
                    basis: Basis::Rule(ClosedForm::Bouton),
                },
            ]),
        );
        assert_eq!(components.len(), 2);
        assert_eq!(
            reason(&solution, &TERMS),
            "Smith's theory: nim[1] has the generalised value ∞({1, 2}), and the other components add up to *2; ∞(K) + *x is a win exactly when x is in K, otherwise play goes on forever: a draw."
        );
    }

    #[test]
    fn every_basis_gives_a_sentence_for_every_game() {
        // Answers are built only by the analysis, but the renderer is total: any pairing of game,
        // position and basis gives a sentence.
        let bases = [
            Basis::Computed { computed: 0 },
            Basis::Search {
                positions: 3,
                start: None,
            },
            Basis::Components(Vec::new()),
            Basis::Rule(ClosedForm::NimHeap),
            Basis::Rule(ClosedForm::Zeckendorf {
                quota: BigUint::ZERO,
                smallest: Some(1u32.into()),
                terms: 1,
                expansion: vec![1u32.into()],
            }),
        ];
        for spec in [
            "nim",
            "bash:3",
            "norepeat:1,2",
            "0.77",
            "wythoff",
            "oddball:1,2",
            "nim[1] + nim[2]",
        ] {
            let game = parse_game(spec).unwrap();
            for position in [
                Position::Sum,
                Position::Heap(7u32.into()),
                Position::Heaps(Vec::new()),
            ] {
                for basis in &bases {
                    let solution = Solution::new(
                        &game,
                        position.clone(),
                        Outcome::Win,
                        None,
                        Vec::new(),
                        basis.clone(),
                    );
                    assert!(!reason(&solution, &TERMS).is_empty());
                }
            }
        }
    }
}
