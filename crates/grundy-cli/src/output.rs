//! Rendering library results as human text or JSON on stdout: the only place that prints answers.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, Write as _};

use grundy::period::{Certificate, Periodicity, Search, Theorem};
use grundy::{Basis, Grid, Move, Outcome, Part, PeriodReport, Solution, Table};
use num_bigint::BigUint;
use serde::Serialize;
use serde_json::{Number, Value, json};

/// How many winning moves the human output lists before summarising.
const MOVES_SHOWN: usize = 20;

/// An error and its causes, one per line.
pub fn error_chain(error: &anyhow::Error) -> String {
    let mut text = error.to_string();
    for cause in error.chain().skip(1) {
        let _ = write!(text, "\n  caused by: {cause}");
    }
    text
}

/// An exact JSON number of any size.
fn number(n: &BigUint) -> Number {
    n.to_string()
        .parse()
        .expect("decimal digits are a JSON number")
}

fn print(text: &str) -> anyhow::Result<()> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        // A closed pipe (`grundy table … | head`) is not an error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

fn print_json(value: &impl Serialize) -> anyhow::Result<()> {
    // Written as a stream: a long list of values is never held as text (or as a tree).
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let written = serde_json::to_writer_pretty(&mut stdout, value)
        .map_err(io::Error::from)
        .and_then(|()| stdout.write_all(b"\n"))
        .and_then(|()| stdout.flush());
    match written {
        // A closed pipe (`grundy period … --json | head`) is not an error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// A JSON object whose fields named in `lazy` are written from their sequences as the object is
/// written, in place of the placeholder in `value` (so a period of 6·10^7 values is never a tree).
struct Streamed<'a> {
    value: Value,
    lazy: Vec<(&'static str, Lazy<'a>)>,
}

/// A sequence written element by element.
enum Lazy<'a> {
    /// Values of a periodicity.
    Values(&'a Periodicity),
    /// The state vector of each value id of a periodicity.
    StateVectors(&'a Periodicity, &'a [Vec<u32>]),
}

impl Serialize for Lazy<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Values(p) => serializer.collect_seq(p.values().iter()),
            Self::StateVectors(p, vectors) => serializer.collect_seq(
                p.values()
                    .iter()
                    .map(|id| vectors.get(id as usize).map_or(&[][..], Vec::as_slice)),
            ),
        }
    }
}

impl Serialize for Streamed<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let Some(object) = self.value.as_object() else {
            return self.value.serialize(serializer);
        };
        let mut map = serializer.serialize_map(Some(object.len()))?;
        for (key, value) in object {
            match self.lazy.iter().find(|(name, _)| name == key) {
                Some((_, lazy)) => map.serialize_entry(key, lazy)?,
                None => map.serialize_entry(key, value)?,
            }
        }
        map.end()
    }
}

fn theorem_json(certificate: &Certificate) -> Value {
    let mut object = json!({
        "theorem": theorem_id(&certificate.theorem()),
        "statement": theorem_statement(&certificate.theorem()),
        "checked_to": certificate.checked_to(),
    });
    match certificate.theorem() {
        Theorem::Window { window } => object["window"] = json!(window),
        Theorem::AllBut { largest_excluded } => {
            object["largest_excluded"] = json!(largest_excluded);
        }
        Theorem::Residue { modulus } => object["modulus"] = json!(modulus),
        Theorem::GuySmith { last_digit, heaps } => {
            object["last_digit"] = json!(last_digit);
            object["heaps"] = json!(heaps);
        }
    }
    object
}

fn theorem_id(theorem: &Theorem) -> &'static str {
    match theorem {
        Theorem::Window { .. } => "window",
        Theorem::AllBut { .. } => "all-but",
        Theorem::Residue { .. } => "residue",
        Theorem::GuySmith { .. } => "guy-smith",
    }
}

fn theorem_statement(theorem: &Theorem) -> String {
    match theorem {
        Theorem::Window { window } => format!(
            "each value is the mex of values at most {window} back, so a repeat of {window} consecutive values repeats everything after it"
        ),
        Theorem::AllBut { largest_excluded } => format!(
            "each value is the least of the mex of all earlier values and the values seen only at excluded distances; a relation that holds over enough values, with every excluded amount at most {largest_excluded}, holds forever (proof in docs/all-but-criterion.md)"
        ),
        Theorem::Residue { modulus } => format!(
            "the set holds 1..{} and no multiple of {modulus}, so every move changes n mod {modulus} and reaches every smaller residue: G(n) = n mod {modulus}",
            modulus - 1
        ),
        Theorem::GuySmith { last_digit, heaps } => format!(
            "Guy and Smith (1956): for a code whose last non-zero digit is d{last_digit} and whose moves leave at most {heaps} heaps, a period that holds from n0 >= 1 over {heaps}(n0 + p) + {last_digit} values holds forever"
        ),
    }
}

fn basis_json(basis: &Basis) -> Value {
    match basis {
        Basis::Certified(certificate) => {
            let p = certificate.periodicity();
            let mut object = theorem_json(certificate);
            object["preperiod"] = json!(p.preperiod());
            object["period"] = json!(p.period());
            object["saltus"] = json!(p.saltus());
            json!({ "kind": "certified period", "certificate": object })
        }
        Basis::Computed { computed } => {
            json!({ "kind": "computed directly", "computed": computed })
        }
        Basis::Rule(rule) => json!({ "kind": "rule", "rule": rule }),
        Basis::Search { positions } => {
            json!({ "kind": "exhaustive search", "positions": positions })
        }
        Basis::Components(bases) => {
            json!({ "kind": "sum", "components": bases.iter().map(basis_json).collect::<Vec<_>>() })
        }
    }
}

/// Prints the summary of a long run.
pub fn sequence_summary(summary: &crate::long_run::Summary, as_json: bool) -> anyhow::Result<()> {
    let checksum = format!("{:016x}", grundy::sequence::checksum(&summary.values));
    let largest = summary.values.largest();
    let computed = summary.values.len() - summary.resumed_from;
    let rate = if summary.seconds > 0.0 {
        computed as f64 / summary.seconds
    } else {
        0.0
    };
    if as_json {
        return print_json(&json!({
            "game": summary.code,
            "count": summary.values.len(),
            "resumed_from": summary.resumed_from,
            "largest": largest,
            "checksum": checksum,
            "seconds": summary.seconds,
            "period_from": summary.from_period.as_ref().map(|(from, _)| from),
        }));
    }
    let period_note = summary.from_period.as_ref().map_or_else(String::new, |(from, certificate)| {
        format!(
            "\nvalues from G({from}) on follow from the certified period {} (preperiod {}; {}, checked to {})",
            certificate.periodicity().period(),
            certificate.periodicity().preperiod(),
            certificate.theorem().name(),
            certificate.checked_to()
        )
    });
    print(&format!(
        "{}: {} values (G(0) to G({})), largest {largest}, checksum {checksum}\ncomputed {computed} in {:.2} s ({rate:.0} values/s){}{period_note}\n",
        summary.code,
        summary.values.len(),
        summary.values.len().saturating_sub(1),
        summary.seconds,
        if summary.resumed_from > 0 {
            format!(", resumed from {}", summary.resumed_from)
        } else {
            String::new()
        }
    ))
}

/// Prints one line.
pub fn line(text: &str) -> anyhow::Result<()> {
    print(&format!("{text}\n"))
}

/// Prints a solution.
pub fn solution(solution: &Solution, as_json: bool) -> anyhow::Result<()> {
    if as_json {
        print_json(&solution_json(solution))
    } else {
        print(&solution_text(solution))
    }
}

/// Where a move leads, in words: the whole position, or the part it changes.
fn move_target(play: &Move) -> String {
    match play.part {
        Part::Whole | Part::Family { .. } => play.to.clone(),
        Part::Heap { index } => format!("heap {} becomes {}", index + 1, play.to),
        Part::Component { index } => {
            format!("component {} becomes {}", index + 1, play.to)
        }
    }
}

/// A winning move in JSON: `move`, `to`, and for a move carrying only the changed part, which
/// heap or component `to` replaces (from 1).
fn move_json(play: &Move) -> Value {
    let mut value = json!({ "move": play.description, "to": play.to });
    match play.part {
        Part::Whole => {}
        Part::Heap { index } => value["replaces_heap"] = json!(index + 1),
        Part::Component { index } => value["replaces_component"] = json!(index + 1),
        Part::Family { moves } => value["moves_in_class"] = json!(moves),
    }
    value
}

fn solution_json(solution: &Solution) -> Value {
    let mut value = json!({
        "game": solution.game,
        "position": solution.position,
        "value": solution.outcome.name(),
        "outcome": match solution.outcome { Outcome::Win => Some("N"), Outcome::Lose => Some("P"), _ => None },
        "grundy": solution.grundy.as_ref().map(number),
        "winning_moves": solution.winning_moves.iter().map(move_json).collect::<Vec<_>>(),
        "reason": solution.reason,
        "basis": basis_json(&solution.basis),
    });
    if !solution.moves.is_empty() || solution.remoteness.is_some() {
        value["remoteness"] = json!(solution.remoteness);
        value["moves"] = json!(
            solution
                .moves
                .iter()
                .map(|m| json!({
                    "move": m.play.description,
                    "to": m.play.to,
                    "value": m.value.name(),
                    "remoteness": m.remoteness,
                }))
                .collect::<Vec<_>>()
        );
        value["best_move"] = json!(solution.best_move().map(|m| json!({
            "move": m.play.description,
            "to": m.play.to,
            "value": m.value.name(),
            "remoteness": m.remoteness,
        })));
    }
    if let Some(grundy::solver::Loopy::Infinite(k)) = &solution.loopy {
        value["generalised_grundy"] = json!({ "infinite": true, "options": k });
    }
    if let Some(misere) = &solution.misere_grundy {
        value["misere_grundy"] = json!(number(misere));
    }
    value
}

fn solution_text(solution: &Solution) -> String {
    let moves = &solution.winning_moves;
    let verdict = match solution.outcome {
        Outcome::Win => "win — the player to move wins",
        Outcome::Lose => "lose — the player to move loses against best play",
        Outcome::Tie => "tie — best play ends the game with no winner",
        Outcome::Draw => "draw — best play never ends",
    };
    let mut text = String::new();
    let _ = writeln!(text, "game      {}", solution.game);
    if !solution.position.is_empty() {
        let _ = writeln!(text, "position  {}", solution.position);
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
        (None, None) => {
            let _ = writeln!(text, "grundy    not available (see the reason)");
        }
    }
    if moves.is_empty() {
        let none = if solution.outcome == Outcome::Lose {
            "none: every move leaves a position the opponent wins"
        } else {
            "none: no move wins against best play"
        };
        let _ = writeln!(text, "winning   {none}");
    }
    for (i, play) in moves.iter().take(MOVES_SHOWN).enumerate() {
        let label = if i == 0 { "winning" } else { "" };
        let _ = writeln!(
            text,
            "{label:<9} {} → {}",
            play.description,
            move_target(play)
        );
    }
    if moves.len() > MOVES_SHOWN {
        let _ = writeln!(
            text,
            "          … and {} more (--json lists all)",
            moves.len() - MOVES_SHOWN
        );
    }
    if let Some(best) = solution.best_move() {
        let _ = writeln!(
            text,
            "best      {} → {} (win fastest, lose slowest)",
            best.play.description, best.play.to
        );
    }
    if !solution.moves.is_empty() {
        let _ = writeln!(
            text,
            "moves     (value for the player making the move, moves to the end)"
        );
        for m in solution.moves.iter().take(MOVES_SHOWN) {
            let remoteness = m
                .remoteness
                .map_or_else(|| "∞".to_owned(), |r| r.to_string());
            let _ = writeln!(
                text,
                "          {} → {}: {} in {remoteness}",
                m.play.description,
                m.play.to,
                m.value.name()
            );
        }
        if solution.moves.len() > MOVES_SHOWN {
            let _ = writeln!(
                text,
                "          … and {} more (--json lists all)",
                solution.moves.len() - MOVES_SHOWN
            );
        }
    }
    let _ = writeln!(text, "reason    {}", solution.reason);
    text
}

/// Prints a table: the seed-style rows `n`, `G(n)`, `P/N`, wrapped to `width` columns.
pub fn table(table: &Table, as_json: bool, width: usize) -> anyhow::Result<()> {
    let outcomes: String = table
        .values
        .iter()
        .map(|v| if v == &BigUint::ZERO { 'P' } else { 'N' })
        .collect();
    if as_json {
        let values: Vec<Number> = table.values.iter().map(number).collect();
        let mut value = json!({
            "game": table.game,
            "from": number(&table.from),
            "to": number(&(&table.from + table.values.len() - 1u32)),
            "values": values,
            "outcomes": outcomes,
            "basis": basis_json(&table.basis),
        });
        if table.game.starts_with("misere:") {
            value["misere_grundy"] = json!(values);
        }
        return print_json(&value);
    }
    let mut text = String::new();
    let basis = match &table.basis {
        Basis::Certified(certificate) => {
            let p = certificate.periodicity();
            format!("certified period {} from n = {}", p.period(), p.preperiod())
        }
        Basis::Computed { computed } => format!(
            "computed directly, {computed} value{}",
            if *computed == 1 { "" } else { "s" }
        ),
        Basis::Rule(rule) => (*rule).to_owned(),
        Basis::Search { positions } => format!("exhaustive search of {positions} positions"),
        Basis::Components(_) => "Sprague–Grundy over components".to_owned(),
    };
    let _ = writeln!(text, "{}  ({basis})", table.game);
    let heaps: Vec<String> = (0..table.values.len())
        .map(|i| (&table.from + i).to_string())
        .collect();
    let values: Vec<String> = table.values.iter().map(ToString::to_string).collect();
    let label_width = 5;
    let cell = heaps
        .iter()
        .chain(&values)
        .map(String::len)
        .max()
        .unwrap_or(1)
        + 1;
    let per_line = (width.saturating_sub(label_width) / cell).max(1);
    let outcome_cells: Vec<String> = outcomes.chars().map(String::from).collect();
    for start in (0..heaps.len()).step_by(per_line) {
        let end = (start + per_line).min(heaps.len());
        if start > 0 {
            text.push('\n');
        }
        let value_label = if table.game.starts_with("misere:") {
            "G⁻(n)"
        } else {
            "G(n)"
        };
        for (label, row) in [
            ("n", &heaps),
            (value_label, &values),
            ("P/N", &outcome_cells),
        ] {
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
    print(&text)
}

/// Prints the grid of Wythoff Grundy values: `values[a][b]`.
pub fn grid(grid: &Grid, as_json: bool) -> anyhow::Result<()> {
    let outcomes: Vec<String> = grid
        .values
        .iter()
        .map(|row| {
            row.iter()
                .map(|&v| if v == 0 { 'P' } else { 'N' })
                .collect()
        })
        .collect();
    if as_json {
        let mut value =
            json!({ "game": grid.game, "from": 0, "values": grid.values, "outcomes": outcomes });
        if grid.game.starts_with("misere:") {
            value["misere_grundy"] = json!(grid.values);
        }
        return print_json(&value);
    }
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
    print(&text)
}

/// The P-positions of a periodic Grundy sequence, in words.
fn p_positions(p: &Periodicity, shown: usize) -> String {
    let list = |items: &[u64]| {
        let mut text = items
            .iter()
            .take(shown)
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        if items.len() > shown {
            let _ = write!(text, ", … ({} in all)", items.len());
        }
        text
    };
    let zeros: Vec<u64> = p.zeros().collect();
    if p.saltus() > 0 {
        return if zeros.is_empty() {
            "none: only heap sizes with value 0 lose, and no value is 0".to_owned()
        } else {
            format!(
                "exactly n ∈ {{{}}} (values grow by {} every {} heaps, so there are no others)",
                list(&zeros),
                p.saltus(),
                p.period()
            )
        };
    }
    let (early, periodic): (Vec<u64>, Vec<u64>) =
        zeros.into_iter().partition(|&n| n < p.preperiod());
    let residues: Vec<u64> = {
        let mut residues: Vec<u64> = periodic.iter().map(|n| n % p.period()).collect();
        residues.sort_unstable();
        residues
    };
    let tail = if residues.is_empty() {
        "none".to_owned()
    } else {
        format!("n mod {} ∈ {{{}}}", p.period(), list(&residues))
    };
    if p.preperiod() == 0 {
        tail
    } else {
        let early = if early.is_empty() {
            "none".to_owned()
        } else {
            format!("n ∈ {{{}}}", list(&early))
        };
        format!(
            "below {}: {early}; from {} on: {tail}",
            p.preperiod(),
            p.preperiod()
        )
    }
}

/// How many stored values the human period report shows.
const VALUES_SHOWN: usize = 60;

/// The stored values, preperiod and period separated by `|`, shortened when long.
fn values_line(p: &Periodicity) -> String {
    let shown: Vec<String> = p
        .values()
        .iter()
        .take(VALUES_SHOWN)
        .map(|v| v.to_string())
        .collect();
    let split = p.preperiod() as usize;
    let mut line = if split == 0 || split >= shown.len() {
        shown.join(" ")
    } else {
        format!(
            "{} | {}",
            shown[..split].join(" "),
            shown[split..].join(" ")
        )
    };
    if p.values().len() > VALUES_SHOWN {
        let _ = write!(
            line,
            " … ({} values in all; --json lists them)",
            p.values().len()
        );
    }
    line
}

/// The periodicity as shown: no-repeat games are periodic in their state vectors (the stored
/// values are vector ids), and show `G(n)` before the first move.
fn shown_values<'a>(report: &PeriodReport, p: &'a Periodicity) -> Cow<'a, Periodicity> {
    match &report.state_vectors {
        // State vectors repeat without a saltus (the window criterion proves none).
        Some(vectors) => p
            .map_values(|id| vectors[id as usize][0])
            .map_or(Cow::Borrowed(p), Cow::Owned),
        None => Cow::Borrowed(p),
    }
}

/// Prints a period report.
pub fn period(report: &PeriodReport, as_json: bool) -> anyhow::Result<()> {
    if as_json {
        let mut value = period_json(report);
        if let Some(why) = &report.uncertifiable {
            value["uncertifiable"] = json!(why);
        }
        let periodicity = match &report.search {
            Search::Certified(certificate) => Some(certificate.periodicity()),
            Search::Observed(observation) => Some(observation.periodicity()),
            Search::NotFound { .. } => None,
        };
        let mut lazy = Vec::new();
        if let Some(p) = periodicity {
            match &report.state_vectors {
                Some(vectors) => lazy.push(("state_vectors", Lazy::StateVectors(p, vectors))),
                None => lazy.push(("values", Lazy::Values(p))),
            }
        }
        print_json(&Streamed { value, lazy })
    } else {
        print(&period_text(report))
    }
}

fn period_json(report: &PeriodReport) -> Value {
    {
        let periodic = |p: &Periodicity, certified: bool| {
            let has_states = report.state_vectors.is_some();
            let p = &shown_values(report, p);
            // Without state vectors the values are written as a stream in place of `null`.
            let values = if has_states {
                json!(p.values().to_vec())
            } else {
                Value::Null
            };
            let mut value = json!({
                "game": report.game,
                "preperiod": p.preperiod(),
                "period": p.period(),
                "saltus": p.saltus(),
                "values": values,
                "certified": certified,
                "certificate": null,
                "p_positions": p_positions(p, usize::MAX),
            });
            if has_states {
                // Written as a stream in place of `null`.
                value["state_vectors"] = Value::Null;
                value["note"] = json!(
                    "values are G(n) before the first move; the period is that of the state vectors (G(n, last) for last = none, then each amount ascending), which the certificate proves"
                );
            }
            value
        };
        match &report.search {
            Search::Certified(certificate) => {
                let mut value = periodic(certificate.periodicity(), true);
                value["certificate"] = theorem_json(certificate);
                value
            }
            Search::Observed(observation) => {
                let mut value = periodic(observation.periodicity(), false);
                value["checked_to"] = json!(observation.checked_to());
                value["note"] = json!("observed in the computed values, not proved");
                value
            }
            Search::NotFound { checked_to } => json!({
                "game": report.game,
                "preperiod": null,
                "period": null,
                "saltus": null,
                "values": null,
                "certified": false,
                "certificate": null,
                "checked_to": checked_to,
            }),
        }
    }
}

fn period_text(report: &PeriodReport) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "game         {}", report.game);
    let describe = |text: &mut String, p: &Periodicity| {
        let _ = writeln!(text, "period       {}", p.period());
        let _ = writeln!(text, "preperiod    {}", p.preperiod());
        if p.saltus() > 0 {
            let _ = writeln!(
                text,
                "saltus       {}  (G(n + {}) = G(n) + {} for n ≥ {})",
                p.saltus(),
                p.period(),
                p.saltus(),
                p.preperiod()
            );
        }
        let values = values_line(p);
        let _ = writeln!(text, "values       {values}");
        let _ = writeln!(text, "P-positions  {}", p_positions(p, VALUES_SHOWN / 2));
    };
    match &report.search {
        Search::Certified(certificate) => {
            describe(&mut text, &shown_values(report, certificate.periodicity()));
            let checked = match certificate.theorem() {
                Theorem::Residue { .. } => String::new(),
                _ => format!("; values checked to {}", certificate.checked_to()),
            };
            let statement = match (&report.state_vectors, &certificate.theorem()) {
                (Some(_), Theorem::Window { window }) => format!(
                    "on state vectors: each vector (G(n, last) for every last) is determined by the vectors at most {window} back, so a repeat of {window} consecutive vectors repeats everything after it"
                ),
                (_, theorem) => theorem_statement(theorem),
            };
            let _ = writeln!(
                text,
                "certified    yes, by the {} ({statement}){checked}",
                certificate.theorem().name(),
            );
        }
        Search::Observed(observation) => {
            describe(&mut text, &shown_values(report, observation.periodicity()));
            let why = report
                .uncertifiable
                .as_deref()
                .unwrap_or("no theorem applies to this game");
            let _ = writeln!(
                text,
                "certified    no: observed in the first {} values, not proved ({why})",
                observation.checked_to()
            );
        }
        Search::NotFound { checked_to } => {
            let _ = writeln!(
                text,
                "period       none found in the first {checked_to} values (raise --max to search further)"
            );
            if let Some(why) = &report.uncertifiable {
                let _ = writeln!(
                    text,
                    "certified    no period could be certified anyway: {why}"
                );
            }
        }
    }
    text
}
