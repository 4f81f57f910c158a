//! Contest solutions as source code: a [`Program`] plan rendered in C++, Python, Java or Rust.
//!
//! Every language renders the same plan the same way: a header comment (the game, the format,
//! the rule and the certificate), the kernel (a period table, a closed form with exact integer
//! arithmetic, or a bounded DP that refuses heaps above its bound at run time), the reader of the
//! judge's input layout, and the writer of its output. The sources compile without warnings
//! (`g++ -std=c++17 -O2 -Wall -Wextra`, `javac -Xlint:all`, `rustc -D warnings`) and read every
//! number as an unsigned 64-bit integer.

mod cpp;
mod java;
mod python;
mod reader;
mod rule;
mod rust;
mod template;
mod walk;

use std::fmt::Write as _;

use crate::analysis::codegen::{Amounts, Decider, Kernel, PositionForm, Program, RulePlan};
use crate::analysis::pattern::{RuleProof, RuleStatus};
use crate::games::game::Game;
use crate::games::play::Play;
use crate::games::ruleset::Ruleset;
use crate::games::subtraction::Family;
use crate::input::judge_format::{Join, OutputFormat};
use crate::theory::period::{Certificate, Search};

/// A language grundy writes contest solutions in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// C++17 (`g++ -std=c++17 -O2`).
    Cpp,
    /// Python 3 (`CPython`).
    Python,
    /// Java 17; the class is `Main`.
    Java,
    /// Rust, edition 2021, standard library only.
    Rust,
}

impl Language {
    /// Every language, in the order the documentation lists them.
    pub const ALL: [Self; 4] = [Self::Cpp, Self::Python, Self::Java, Self::Rust];

    /// The language's name: `cpp`, `python`, `java` or `rust`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Cpp => "cpp",
            Self::Python => "python",
            Self::Java => "java",
            Self::Rust => "rust",
        }
    }

    /// The usual file extension of a source in the language, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Cpp => "cpp",
            Self::Python => "py",
            Self::Java => "java",
            Self::Rust => "rs",
        }
    }
}

/// The complete source of `program` in `language`.
///
/// # Complexity
/// `O(n0 + p)` for a period table (one number per stored value), `O(1)` otherwise.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::input::judge_format::JudgeFormat;
/// use grundy::render::codegen::{Language, source};
/// use grundy::{Analyzer, Config, parse_game};
/// let program = Analyzer::new(Config::default())
///     .program(Some(&parse_game("bash:3")?), &JudgeFormat::parse("lines/yes-no")?)?;
/// let text = source(&program, Language::Python);
/// assert!(text.contains("residue theorem"));
/// assert!(text.starts_with("#!/usr/bin/env python3"));
/// # Ok(()) }
/// ```
pub fn source(program: &Program, language: Language) -> String {
    walk::source(program, &header(program), syntax(language))
}

/// How `language` writes the pieces of a program.
fn syntax(language: Language) -> &'static dyn walk::Syntax {
    match language {
        Language::Cpp => &cpp::Cpp,
        Language::Python => &python::Python,
        Language::Java => &java::Java,
        Language::Rust => &rust::Rust,
    }
}

/// The header comment's lines (without comment markers): the game, the format, the rule and the
/// certificate.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::input::judge_format::JudgeFormat;
/// use grundy::{Analyzer, Config};
/// let program = Analyzer::new(Config::default()).program(None, &JudgeFormat::parse("hdu-1527")?)?;
/// let header = grundy::render::codegen::header(&program);
/// assert!(header.iter().any(|line| line.contains("Wythoff's theorem")));
/// # Ok(()) }
/// ```
pub fn header(program: &Program) -> Vec<String> {
    header_lines(program)
        .iter()
        .flat_map(|line| wrapped(line, HEADER_WIDTH))
        .collect()
}

/// The width header lines wrap at (comment markers come on top).
const HEADER_WIDTH: usize = 96;

/// `line` cut at spaces into lines of at most `width` characters (a longer word stays whole);
/// an empty line stays one empty line.
fn wrapped(line: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    out.push(current);
    out
}

/// The header's rule for dynamic subtraction with the bound's coefficients, `None` where the
/// input gives them.
fn dynamic_lines(slope: Option<i64>, offset: Option<i64>) -> Vec<String> {
    let slope_text = slope.map_or_else(
        || "kx".to_owned(),
        |slope| crate::games::dynamic::Bound { slope, offset: 0 }.to_string(),
    );
    let offset_text = match offset {
        None => " + c".to_owned(),
        Some(0) => String::new(),
        Some(c) if c > 0 => format!(" + {c}"),
        Some(c) => format!(" - {}", c.unsigned_abs()),
    };
    let read = match (slope, offset) {
        (None, None) => " (k and c from the input)",
        (None, Some(_)) => " (k from the input)",
        (Some(_), None) => " (c from the input)",
        (Some(_), Some(_)) => "",
    };
    vec![
        format!(
            "Rule: the theorem of dynamic subtraction (docs/theory.md §15), bound f(x) = {slope_text}{offset_text}{read}:"
        ),
        "after a take of x the next move takes 1 to f(x). With H_1 = 1 and H_(j+1) = H_j + H_m, m"
            .to_owned(),
        "the least index with f(H_m) >= H_j, the player to move wins exactly when the smallest"
            .to_owned(),
        "term of the heap's greedy representation in H is at most the quota (a fresh heap of n:"
            .to_owned(),
        "n - 1). H is computed up to the largest heap (anew when the bound read changes), at most"
            .to_owned(),
        "6·10^7 terms; each case is then a greedy walk.".to_owned(),
    ]
}

/// The header's lines before wrapping.
fn header_lines(program: &Program) -> Vec<String> {
    let mut lines = Vec::new();
    let game = program
        .game
        .as_ref()
        .map_or_else(|| carried_name(program), ToString::to_string);
    lines.push(format!(
        "Contest solution for {game}, judge format {}, generated by grundy {}.",
        program.format,
        env!("CARGO_PKG_VERSION")
    ));
    if let Some(preset) = program.format.preset {
        lines.push(format!("Problem: {} ({}).", preset.name(), preset.title()));
    }
    lines.push(format!(
        "Input, as its judge description reads it: {}.",
        program.format.description.statements_text()
    ));
    lines.push(format!(
        "Output: {}.",
        output_words(program.format.output())
    ));
    lines.push(String::new());
    match &program.decider {
        Decider::Grundy(kernel) => {
            kernel_lines(&mut lines, "G(n)", kernel, Play::Normal);
            if !matches!(kernel, Kernel::Table(table) if table.single) {
                lines.push("Several heaps are a sum: the player to move loses exactly when the xor of their values is 0 (Sprague–Grundy).".to_owned());
            }
        }
        Decider::Sum(kernels) => {
            lines.push(format!(
                "A sum of {} games, one heap each, given in this order on each line; the player to move loses exactly when the xor of the values is 0 (Sprague–Grundy).",
                kernels.len()
            ));
            let games: Vec<Option<&Game>> = match program.game.as_ref().and_then(Game::components) {
                Some(components) => components.iter().map(|c| Some(&c.game)).collect(),
                None => vec![None; kernels.len()],
            };
            for (i, (kernel, game)) in kernels.iter().zip(games).enumerate() {
                let name = game.map_or_else(String::new, |g| format!(" ({g})"));
                lines.push(format!("Component {i}{name}:"));
                kernel_lines(&mut lines, &format!("G{i}(n)"), kernel, Play::Normal);
            }
        }
        Decider::MisereHeap(kernel) => {
            lines.push("Misère play: whoever moves last loses. G-(n) is the misère Grundy value (a heap with no move is worth 1); the player to move loses exactly when G-(n) = 0.".to_owned());
            kernel_lines(&mut lines, "G-(n)", kernel, Play::Misere);
            lines.push("Misère values do not add up by xor: a position is one heap.".to_owned());
        }
        Decider::MisereNim => lines.extend([
            "Rule: Bouton's misère rule (docs/theory.md). The player to move loses exactly when".to_owned(),
            "every heap holds at most 1 and an odd number hold 1, or some heap holds 2 or more".to_owned(),
            "and the xor of the heaps is 0.".to_owned(),
        ]),
        Decider::Staircase => lines.extend([
            "Rule: the staircase theorem (docs/classical-extensions.md). A line lists the coins on".to_owned(),
            "steps 1, 2, ...; the player to move loses exactly when the xor of the coins on the odd".to_owned(),
            "steps (the 1st, 3rd, ... numbers) is 0: moves from even steps are answered by moving the".to_owned(),
            "same coins down again.".to_owned(),
        ]),
        Decider::Moore { modulus } => lines.extend([
            format!("Rule: Moore's theorem (docs/classical-extensions.md). A move takes from 1 to {} heaps; the", modulus - 1),
            "player to move loses exactly when, in every binary place, the number of heaps with a 1".to_owned(),
            format!("there is a multiple of {modulus}."),
        ]),
        Decider::Wythoff => lines.extend([
            "Rule: Wythoff's theorem. (a, b) with a <= b is lost by the player to move exactly when".to_owned(),
            "a = floor(k·phi) for k = b - a. floor(k·phi) = floor((k + isqrt(5k²)) / 2), with an exact".to_owned(),
            "integer square root (never a floating-point sqrt): 5k² needs 128 bits.".to_owned(),
        ]),
        Decider::FibonacciNim => lines.extend([
            "Rule: Zeckendorf's characterisation of Fibonacci Nim (Whinihan 1963). The player to move wins".to_owned(),
            "exactly when the heap is not empty and the smallest term of its Zeckendorf representation".to_owned(),
            "(greedy sum of non-consecutive Fibonacci numbers) is at most the quota; a fresh heap of n".to_owned(),
            "has quota n - 1, so it is lost exactly when n is a Fibonacci number.".to_owned(),
        ]),
        Decider::Dynamic { slope, offset, .. } => {
            lines.extend(dynamic_lines(*slope, *offset));
        }
        Decider::Rule(plan) => {
            rule_lines(&mut lines, &crate::render::pattern::outcome_sentence(&plan.rule), plan);
        }
        Decider::Tokens { .. } | Decider::Hackenbush => lines.extend(graph_lines(program)),
        Decider::Oddball(plan) => {
            lines.push("Rule: the state is (balls left, parity of the mover's balls, parity of the opponent's): only".to_owned());
            lines.push("parities decide the end (odd beats even, equal parities tie). Every move removes balls, so a".to_owned());
            lines.push("DP over the balls left, from 0 up, gives win, tie or lose for the player to move.".to_owned());
            if let Some(set) = &plan.set {
                lines.push(format!("Amounts: {set:?}.", set = set.members()));
            }
            lines.push(format!(
                "No period is proved for this game: the DP answers piles up to {} and refuses larger ones.",
                plan.bound
            ));
        }
    }
    lines
}

/// The header lines of a game played on a graph: tokens on a directed graph, or a Green
/// Hackenbush picture.
fn graph_lines(program: &Program) -> Vec<String> {
    let mut lines = Vec::new();
    match &program.decider {
        Decider::Tokens { edges } => {
            if edges.is_none() {
                lines.push("The graph comes with the input: its edges, each from the first number to the second.".to_owned());
            }
            lines.push(
                "A case lists the nodes its tokens stand on; a node without edges is worth 0."
                    .to_owned(),
            );
            lines.push("Rule: the Sprague–Grundy theorem for a sum of tokens (docs/classical-extensions.md §5). A node is worth the mex of its successors' values, computed children first; where cycles let play go on forever, Smith's values by the Fraenkel–Yesha labelling (docs/theory.md §14): a node is a nimber or infinite, with K the finite values of its successors. Finite tokens add up by xor (the player to move loses exactly at 0); one infinite token wins exactly when the others' xor is in its K, and draws otherwise; two or more infinite tokens draw.".to_owned());
        }
        Decider::Hackenbush => {
            lines.push(match program.position {
                PositionForm::Parents => "A case is a tree given as a parent array: node i (from 1) hangs from the i-th number, node 0 being the ground.".to_owned(),
                _ => "A case is a picture of edges, each joining two nodes; node 0 is the ground.".to_owned(),
            });
            lines.push("Rule: the fusion and colon principles of Green Hackenbush (Winning Ways, ch. 7; docs/classical-extensions.md §4). One depth-first search from the ground finds the bridges; every other edge lies on a cycle and is fused into a loop worth 1 at its block, and a block hanging below a bridge adds one more than its own value to the block above. The ground's value is the picture's Grundy value: the player to move loses exactly when it is 0. Edges not connected to the ground fall at once and count nothing.".to_owned());
        }
        _ => {}
    }
    lines
}

/// The header lines of one heap kernel.
fn kernel_lines(lines: &mut Vec<String>, value: &str, kernel: &Kernel, play: Play) {
    match kernel {
        Kernel::NimHeap => lines.push(format!(
            "Rule: a Nim heap of n tokens has Grundy value n; with Bouton's theorem, {value} = n."
        )),
        Kernel::Period(certificate) => certificate_lines(lines, value, certificate),
        Kernel::Dp(dp) => {
            let amounts = match &dp.amounts {
                Amounts::Finite(members) => format!("{members:?}"),
                Amounts::Family(family) => format!("the {}", family_words(*family)),
            };
            lines.push(format!(
                "Rule: {value} = mex of the values of the heaps a move leaves (amounts {amounts}), computed up to the heap asked."
            ));
            let searched = searched(&dp.search);
            let why = match &dp.amounts {
                Amounts::Family(family) => format!(
                    " ({} is an infinite set: no theorem grundy knows proves a period)",
                    family.name()
                ),
                Amounts::Finite(_) => String::new(),
            };
            lines.push(format!(
                "No certificate: {searched}{why}. The DP is exact for heaps up to {}; the program refuses larger ones.",
                dp.bound
            ));
        }
        Kernel::Table(table) => {
            let last = table.values.len().saturating_sub(1);
            let what = if table.search.is_none() {
                format!("of start(0) to start({last})")
            } else {
                format!("of heaps 0 to {last}")
            };
            lines.push(format!(
                "Rule: {value} = TABLE[n], the values {what} as grundy computed them by the game's rules (the mex of the values of the positions each move leaves)."
            ));
            let why = table.search.as_ref().map_or_else(
                || "a script's rules are opaque, so no period can be proved".to_owned(),
                searched,
            );
            lines.push(format!(
                "No certificate: {why}. The table is exact up to n = {last}, as far as keeps this source within a judge's usual 64 KB limit; the program refuses a larger n."
            ));
            if table.single {
                lines.push("A case is one number, the script's argument: a case of several numbers is refused.".to_owned());
            }
        }
        Kernel::CarriedBash => lines.push(format!(
            "Rule: the residue theorem for bash:m (take 1 to m): the set holds 1..m and no multiple of m + 1, so {value} = n mod (m + 1), exact for every n."
        )),
        Kernel::Rule(plan) => {
            let sentence = crate::render::pattern::value_sentence(
                &crate::analysis::pattern::ValueRule::Sequence(plan.rule.clone()),
            );
            rule_lines(lines, &sentence.replacen("G(n)", value, 1), plan);
        }
        Kernel::CarriedSet { bound } => lines.push(format!(
            "Rule, for the set S each case's game is built with: the residue theorem when S holds 1..m-1 and no multiple of m ({value} = n mod m), and the {{1, 2, k}} theorem when S = {{1, 2, k}} with 3 | k ({value} has period k + 1: r mod 3 for r = n mod (k + 1) below k, and 3 at k; docs/theory.md §4) — both exact for every n; otherwise {value} = mex of the values of the heaps a move leaves, computed up to the largest heap asked: the set comes with the input, so no period is proved in advance, and the DP answers heaps up to {bound} and refuses larger ones."
        )),
    }
    if play == Play::Misere && matches!(kernel, Kernel::Dp(_)) {
        lines.push("Under misère play the DP gives a heap with no move the value 1.".to_owned());
    }
}

/// What a period search found, where it certified nothing.
fn searched(search: &Search) -> String {
    match search {
        Search::Observed(observation) => format!(
            "a period {} from {} was seen on {} values, but no theorem proves it",
            observation.periodicity().period(),
            observation.periodicity().preperiod(),
            observation.checked_to()
        ),
        Search::NotFound { checked_to } => {
            format!("no period was found in {checked_to} values")
        }
        Search::Certified(_) => "a period was certified".to_owned(),
    }
}

/// The header lines of a rule found in the game's table: the rule, how far it was checked, and
/// whether a theorem proves it — in capitals when none does.
fn rule_lines<R>(lines: &mut Vec<String>, sentence: &str, plan: &RulePlan<R>) {
    let range = if plan.pairs {
        format!("a, b <= {}", plan.checked_to)
    } else {
        format!("n <= {}", plan.checked_to)
    };
    lines.push(format!("Rule (found by grundy pattern): {sentence}."));
    match &plan.status {
        RuleStatus::Observed => {
            lines.push(format!(
                "OBSERVED, NOT PROVED: the rule holds on every position {range} ({} positions, found on the first {} and checked on the rest); no theorem grundy knows proves it, so a larger position may break it.",
                plan.positions, plan.found_to
            ));
        }
        RuleStatus::Certified(RuleProof::Theorem(theorem)) => lines.push(format!(
            "Certified: {} states this rule (checked on every position {range}).",
            crate::render::pattern::theorem_name(*theorem)
        )),
        RuleStatus::Certified(RuleProof::Period {
            certificate,
            agree_to,
        }) => lines.push(format!(
            "Certified: the values' period {} from {} is proved by the {}, and the rule agrees with it on every position below {agree_to}, which covers a preperiod and a common period of both.",
            certificate.periodicity().period(),
            certificate.periodicity().preperiod(),
            certificate.theorem().name()
        )),
    }
    if plan.fitted > 0 {
        lines.push(format!(
            "Its parameters were read from the first {} positions.",
            plan.fitted
        ));
    }
}

/// The header lines of a certified period.
fn certificate_lines(lines: &mut Vec<String>, value: &str, certificate: &Certificate) {
    let periodicity = certificate.periodicity();
    let (n0, p, s) = (
        periodicity.preperiod(),
        periodicity.period(),
        periodicity.saltus(),
    );
    let mut rule = format!("Rule: {value} is periodic with period {p} from n = {n0}");
    if s > 0 {
        let _ = write!(rule, ", adding {s} every period (an arithmetic period)");
    }
    rule.push_str(": the table holds the preperiod and one period, ");
    let (index, periods) = if n0 == 0 {
        (format!("n mod {p}"), format!("floor(n / {p})"))
    } else {
        (
            format!("{n0} + (n - {n0}) mod {p}"),
            format!("floor((n - {n0}) / {p})"),
        )
    };
    if s > 0 {
        let _ = write!(
            rule,
            "and {value} = TABLE[{index}] + {s}·{periods} for n >= {}.",
            n0 + p
        );
    } else {
        let _ = write!(rule, "and {value} = TABLE[{index}] for n >= {}.", n0 + p);
    }
    lines.push(rule);
    lines.push(format!(
        "P-positions ({value} = 0): {}.",
        super::p_positions(periodicity, 12)
    ));
    let theorem = certificate.theorem();
    lines.push(format!(
        "Certificate: the {} — {}; grundy checked the values G(0) to G({}) against it.",
        theorem.name(),
        super::theorem_statement(&theorem),
        certificate.checked_to().saturating_sub(1)
    ));
}

/// The name of an infinite family in words.
fn family_words(family: Family) -> &'static str {
    match family {
        Family::Fibonacci => "Fibonacci numbers 1, 2, 3, 5, 8, …",
        Family::Squares => "squares 1, 4, 9, …",
        Family::PowersOfTwo => "powers of two 1, 2, 4, …",
        Family::Primes => "primes 2, 3, 5, …",
    }
}

/// The game the input carries, in words.
fn carried_name(program: &Program) -> String {
    program
        .carried
        .as_ref()
        .map_or_else(String::new, |carried| {
            format!(
                "{} (built at each case from the numbers read)",
                carried.spec
            )
        })
}

/// An output in words.
fn output_words(output: &OutputFormat) -> String {
    match output {
        OutputFormat::Words(words) => match &words.tie {
            Some(tie) => format!(
                "{:?} when the first player wins, {tie:?} for a tie, {:?} when they lose",
                words.win, words.lose
            ),
            None => format!(
                "{:?} when the first player wins, {:?} when they lose",
                words.win, words.lose
            ),
        },
        OutputFormat::Count => "the number of winning moves".to_owned(),
        OutputFormat::Moves(words) => format!(
            "{:?} when the first player loses; otherwise {:?}, then one line per winning move ('from to' for a heap, 'x y' for the pair a Wythoff move leaves)",
            words.lose, words.win
        ),
    }
}

/// The stored values of a certified period (the preperiod and one period).
fn table(certificate: &Certificate) -> Vec<u32> {
    certificate.periodicity().values().iter().collect()
}

/// `values` written as a comma-separated list, wrapped to lines of at most `width` characters,
/// each starting with `indent`.
fn wrapped_list(values: &[u64], indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for (i, value) in values.iter().enumerate() {
        let item = if i + 1 == values.len() {
            value.to_string()
        } else {
            format!("{value},")
        };
        if line.len() > indent.len() && line.len() + 1 + item.len() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from(indent);
        }
        line.push_str(&item);
        line.push(' ');
    }
    out.push_str(line.trim_end());
    out
}

/// The table of a certified period as `u64`s, for [`wrapped_list`].
fn table_list(certificate: &Certificate) -> Vec<u64> {
    table(certificate).into_iter().map(u64::from).collect()
}

/// The amounts a kernel's moves take, when the program lists moves of a fixed finite set.
fn finite_amounts(kernel: &Kernel, game: Option<&Game>) -> Option<Vec<u64>> {
    match (kernel, game.map(Game::base)) {
        (Kernel::Dp(dp), _) => match &dp.amounts {
            Amounts::Finite(members) => Some(members.clone()),
            Amounts::Family(_) => None,
        },
        // A certified period of a game whose rule is a list of amounts.
        (Kernel::Period(_), Some(game)) => game
            .ruleset()
            .and_then(Ruleset::amounts)
            .map(<[u64]>::to_vec),
        _ => None,
    }
}

/// The games of a sum's components (or of the one game), for the kernels' amounts.
fn kernel_games(program: &Program) -> Vec<Option<&Game>> {
    let components = program.game.as_ref().and_then(Game::components);
    match (&program.decider, components) {
        (Decider::Sum(_), Some(components)) => components.iter().map(|c| Some(&c.game)).collect(),
        _ => vec![program.game.as_ref()],
    }
}

/// How a program joins the answers of one block.
fn join(program: &Program) -> Join {
    program.format.join()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_lines_wrap_at_spaces() {
        let line = "word ".repeat(50);
        let lines = wrapped(line.trim_end(), 21);
        assert!(lines.iter().all(|l| l.chars().count() <= 21), "{lines:?}");
        assert_eq!(lines.join(" "), line.trim_end());
        assert_eq!(wrapped("", 10), [""]);
    }

    #[test]
    fn templates_test_only_the_flags_the_walk_sets() {
        for language in Language::ALL {
            let syntax = syntax(language);
            let templates = [
                syntax.prelude(),
                syntax.nim_heap(),
                syntax.period_heap(),
                syntax.dp_heap(),
                syntax.bash_heap(),
                syntax.xor_game(),
                syntax.sum_game(),
                syntax.misere_game(),
                syntax.misere_nim(),
                syntax.wythoff(),
                syntax.fibonacci_nim(),
                syntax.oddball(),
                syntax.rule_game(),
                syntax.rule_heap(),
                syntax.hackenbush(),
                syntax.tokens(),
                syntax.table_heap(),
                syntax.answer(),
                syntax.new_game(),
                syntax.main(),
                syntax.game_declaration(),
                syntax.reader_helpers(),
                syntax.run(),
            ];
            for template in templates {
                for flag in template::flags_named(template) {
                    assert!(
                        walk::FLAGS.contains(&flag),
                        "{language:?}: unknown flag {flag}"
                    );
                }
            }
        }
    }

    #[test]
    fn lists_wrap_within_the_width() {
        let values: Vec<u64> = (0..40).collect();
        let text = wrapped_list(&values, "    ", 30);
        assert!(text.lines().all(|line| line.len() <= 30), "{text}");
        assert!(text.ends_with("39"));
        assert_eq!(wrapped_list(&[], "  ", 10), "");
    }
}
