//! The text of a [`Verification`]: each fast path with what it was compared on and how it fared.

use std::fmt::Write as _;

use crate::analysis::verify::{
    Answer, BruteForce, CertificateCheck, Check, FastPath, Skip, Verdict, Verification,
};
use crate::engine::octal::TakeAndBreakEngine;
use crate::games::game::Game;
use crate::games::play::Play;
use crate::games::position::Position;

use super::{count, position_text};

/// The name of a fast path, as the text and the JSON `path` field write it.
///
/// # Example
/// ```
/// use grundy::Engine;
/// use grundy::analysis::verify::FastPath;
/// use grundy::render::verify::path_name;
/// assert_eq!(path_name(&FastPath::Table { engine: Engine::Naive }), "table, naive engine");
/// assert_eq!(path_name(&FastPath::CertifiedPeriod), "certified period");
/// ```
pub fn path_name(path: &FastPath) -> String {
    match path {
        FastPath::Table { engine } => format!("table, {} engine", engine.name()),
        FastPath::TakeAndBreak { engine, threads } => {
            let threads = if *threads == 1 {
                "1 thread".to_owned()
            } else {
                format!("{threads} threads")
            };
            let engine = match engine {
                TakeAndBreakEngine::Automatic => "automatic choice",
                TakeAndBreakEngine::Naive => "naive",
                TakeAndBreakEngine::RareCommon => "rare/common",
                TakeAndBreakEngine::Paired => "paired rare/common",
                TakeAndBreakEngine::Tail => "tail",
            };
            format!("table, {engine} engine, {threads}")
        }
        FastPath::CertifiedPeriod => "certified period".to_owned(),
        FastPath::Solve => "solve: value, outcome, winning moves".to_owned(),
        FastPath::SolveRandom => "solve on random positions, whole graph".to_owned(),
        FastPath::SolveHeaps => "solve on random heaps, by xor".to_owned(),
        FastPath::Grid => "grid".to_owned(),
        FastPath::Contest => "contest judge".to_owned(),
        FastPath::ScriptTable => "table: compiled script, one memo".to_owned(),
    }
}

/// An answer in words: `G = 3` (`G⁻ = 3` under misère play), `win`, or the positions the
/// winning moves leave.
///
/// # Example
/// ```
/// use grundy::analysis::verify::Answer;
/// use grundy::render::verify::answer_text;
/// use grundy::{Outcome, Play};
/// assert_eq!(answer_text(&Answer::Value(3u32.into()), Play::Misere), "G⁻ = 3");
/// assert_eq!(answer_text(&Answer::Outcome(Outcome::Lose), Play::Normal), "lose");
/// assert_eq!(answer_text(&Answer::Leaves(Vec::new()), Play::Normal), "no winning move");
/// ```
pub fn answer_text(answer: &Answer, play: Play) -> String {
    match answer {
        Answer::Value(v) => match play {
            Play::Normal => format!("G = {v}"),
            Play::Misere => format!("G⁻ = {v}"),
        },
        Answer::Outcome(outcome) => outcome.name().to_owned(),
        Answer::Leaves(positions) if positions.is_empty() => "no winning move".to_owned(),
        Answer::Leaves(positions) => {
            let listed: Vec<String> = positions.iter().map(position_text).collect();
            format!("winning moves leave {}", listed.join("; "))
        }
    }
}

/// Where a disagreement is, in words: `heap 5`, `position 3,5`, or the sum as a spec.
fn place(game: &Game, position: &Position) -> String {
    match position {
        Position::Sum => game.to_string(),
        Position::Heap(n) => format!("heap {n}"),
        other => format!("position {}", super::position_in(game, other)),
    }
}

/// Why a path was skipped, in words.
pub fn skip_text(skip: &Skip) -> String {
    match skip {
        Skip::NotApplicable => "does not apply to this game".to_owned(),
        Skip::NoCertifiedPeriod => "no period is certified, so no answer rests on one".to_owned(),
        Skip::ShortOfPeriod { repeats_from } => format!(
            "the positions compared end before the period first repeats, at {repeats_from}: compare up to {repeats_from} or more"
        ),
        Skip::Refused(refusal) => format!("refused: {}", refusal.reason.trim_end()),
    }
}

/// One check's line: its verdict, its name and what it compared (with the largest number
/// among the positions, where they are numbers).
fn check_line(check: &Check, play: Play, numbered: bool, out: &mut String) {
    let name = path_name(&check.path);
    let compared = if numbered {
        format!(
            "{}, numbers ≤ {}",
            count(check.compared, "comparison"),
            check.largest
        )
    } else {
        count(check.compared, "comparison")
    };
    let _ = match &check.verdict {
        Verdict::Agreed => writeln!(out, "agrees     {name:<44} {compared}"),
        Verdict::Skipped(skip) => writeln!(out, "skipped    {name}: {}", skip_text(skip)),
        Verdict::Disagreed(d) => writeln!(
            out,
            "DISAGREES  {name}: at {} the brute force finds {}, the fast path {}",
            place(&d.game, &d.position),
            answer_text(&d.brute_force, play),
            answer_text(&d.fast, play)
        ),
    };
}

/// The text of a verification: the game, the brute force, one line per path, and the result.
///
/// # Complexity
/// `O(paths + the size of a disagreement's positions)`.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::render::verify::verification_text;
/// use grundy::{Analyzer, Config, parse_game};
/// let game = parse_game("bash:3")?;
/// let text = verification_text(&Analyzer::new(Config::default()).verify(&game, 20, 1)?);
/// assert!(text.contains("\nagrees     table, naive engine"));
/// assert!(text.ends_with("result     every path agrees with the brute force\n"));
/// # Ok(()) }
/// ```
pub fn verification_text(verification: &Verification) -> String {
    let play = verification.game.play();
    let mut out = String::new();
    let _ = writeln!(out, "game       {}", verification.game);
    let positions = count(verification.brute_force_positions, "position");
    let _ = match verification.brute_force {
        BruteForce::Interpreted => writeln!(
            out,
            "compared   start(0) to start({}) with a brute force: the script run on rhai's own interpreter, the whole graph explored and solved backwards ({positions})",
            verification.to,
        ),
        BruteForce::JointMoves => writeln!(
            out,
            "compared   the positions reachable from the compound (the first 2000 explored) with a brute force: the joint moves of the components' literal rules, explored and solved backwards ({positions})",
        ),
        BruteForce::Options => writeln!(
            out,
            "compared   every small position (numbers below {}) with a brute force: the family's options, its literal rules, explored from the position and solved backwards ({positions})",
            verification.to,
        ),
        BruteForce::Rules => writeln!(
            out,
            "compared   numbers up to {} (random positions from seed {}) with a brute force: the game graph from the rules, each value the mex of its options' values, memoised ({positions})",
            verification.to, verification.seed,
        ),
    };
    for check in &verification.checks {
        let numbered = verification.brute_force != BruteForce::JointMoves;
        check_line(check, play, numbered, &mut out);
    }
    let disagreeing = verification
        .checks
        .iter()
        .filter(|c| matches!(c.verdict, Verdict::Disagreed(_)))
        .count() as u64;
    let agreeing = verification
        .checks
        .iter()
        .filter(|c| c.verdict == Verdict::Agreed)
        .count();
    let _ = if disagreeing > 0 {
        writeln!(
            out,
            "result     {} with the brute force",
            match disagreeing {
                1 => "1 path disagrees".to_owned(),
                n => format!("{n} paths disagree"),
            }
        )
    } else if agreeing == 0 {
        writeln!(out, "result     no path could be compared")
    } else {
        writeln!(out, "result     every path agrees with the brute force")
    };
    out
}

/// A certificate's re-check in one line: the theorem, the values the brute force computed, and
/// whether every check held (or the first that failed).
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::{Analyzer, Config, parse_game};
/// use grundy::render::verify::certificate_check_text;
/// let game = parse_game("subtraction:1,3,4")?;
/// let analyzer = Analyzer::new(Config::default());
/// let report = analyzer.period(&game)?;
/// let check = analyzer.check_certificate(&game, report.search.certificate().ok_or("certified")?)?;
/// assert_eq!(
///     certificate_check_text(&check),
///     "subtraction:1,3,4: the certificate (window criterion, period 7 from 0) holds on G(0), …, G(11) computed by the brute force from the rules\n"
/// );
/// # Ok(()) }
/// ```
pub fn certificate_check_text(check: &CertificateCheck) -> String {
    let certificate = &check.certificate;
    let periodicity = certificate.periodicity();
    let saltus = match periodicity.saltus() {
        0 => String::new(),
        s => format!(", saltus {s}"),
    };
    let verdict = match &check.failure {
        None => "holds on".to_owned(),
        Some(failure) => format!("FAILS ({failure}) on"),
    };
    format!(
        "{}: the certificate ({}, period {} from {}{saltus}) {verdict} G(0), …, G({}) computed by the brute force from the rules\n",
        check.game,
        certificate.theorem().name(),
        periodicity.period(),
        periodicity.preperiod(),
        certificate.checked_to()
    )
}
