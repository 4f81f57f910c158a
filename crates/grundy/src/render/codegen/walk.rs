//! The one walk over a [`Program`] plan that every language shares, and the [`Syntax`] each
//! language supplies: its templates (see `template`) for the pieces of a program.
//!
//! The walk decides what a program holds and in which order: the header comment, the prelude,
//! one kernel per heap, the game that combines them, the writer of one answer, and `main`
//! reading the judge's layout. It fills each piece's template with the flags and values of the
//! plan; a language says only how each piece is written.

use super::reader::{self, ReaderSyntax};
use super::rule::{self, Built, Helper, RuleSyntax};
use super::template::Context;
use super::{finite_amounts, join, kernel_games, table_list, wrapped_list};
use crate::analysis::codegen::{Amounts, Argument, Decider, Kernel, PositionForm, Program};
use crate::games::game::Game;
use crate::games::play::Play;
use crate::games::subtraction::Family;
use crate::input::judge_format::description::{Expression, Length, Piece, Statement};
use crate::input::judge_format::{Join, OutputFormat};

/// How one language writes the pieces of a program: templates filled by the walk.
///
/// The flags a template may test are those the walk sets (`FLAGS`, which a test holds every
/// template to); the keys it may name are those each piece's documentation lists.
pub(super) trait Syntax {
    /// The mark of a comment line.
    fn comment(&self) -> &'static str {
        "//"
    }

    /// What comes before the header comment (a `#!` line).
    fn shebang(&self) -> &'static str {
        ""
    }

    /// What separates the top-level pieces (a blank line, or two).
    fn gap(&self) -> &'static str {
        "\n"
    }

    /// `text` as the inside of a string literal: a backslash and a quote escaped (C++ escapes a
    /// question mark too, which could start a trigraph).
    fn escape(&self, text: &str) -> String {
        text.replace('\\', "\\\\").replace('"', "\\\"")
    }

    /// One number of a list in the source.
    fn number(&self, value: u64) -> String {
        value.to_string()
    }

    /// A sum's component kernels built in a list, for `${components}` (empty where the
    /// language builds them one by one).
    fn components(&self, count: usize) -> String {
        let _ = count;
        String::new()
    }

    /// The imports, the `fail` helper and the reader of one number.
    fn prelude(&self) -> &'static str;

    /// A Nim heap's kernel; `${name}`.
    fn nim_heap(&self) -> &'static str;

    /// A certified period's kernel; `${name}`, `${preperiod}`, `${period}`, `${saltus}`,
    /// `${table}` (wrapped at `${indent}`), `${length}`, `${amounts}`.
    fn period_heap(&self) -> &'static str;

    /// The kernel of a table of values without a period; `${name}`, `${bound}` (the largest
    /// heap), `${table}` (as [`table_values`](Self::table_values) writes it), `${length}`.
    fn table_heap(&self) -> &'static str;

    /// A table of values for [`table_heap`](Self::table_heap): by default the numbers, wrapped
    /// at the table's indent.
    fn table_values(&self, values: &[u64]) -> String {
        wrapped_list(values, self.table_indent(), 100)
    }

    /// The indent of a period's table.
    fn table_indent(&self) -> &'static str;

    /// A bounded DP's kernel; `${name}`, `${bound}`, `${amounts}`.
    fn dp_heap(&self) -> &'static str;

    /// The residue kernel of `bash:m` with `m` from the input; `${name}`.
    fn bash_heap(&self) -> &'static str;

    /// The game of heaps that add up by xor, with its winning moves when the output needs them.
    fn xor_game(&self) -> &'static str;

    /// The game of a sum of different kernels; `${count}`, `${components}`.
    fn sum_game(&self) -> &'static str;

    /// The game of one misère heap.
    fn misere_game(&self) -> &'static str;

    /// Bouton's misère Nim.
    fn misere_nim(&self) -> &'static str;

    /// Staircase Nim's game: the xor of the odd steps.
    fn staircase(&self) -> &'static str;

    /// Moore's `Nim_k`: each binary place's ones modulo `${modulus}`.
    fn moore(&self) -> &'static str;

    /// Wythoff's game.
    fn wythoff(&self) -> &'static str;

    /// Fibonacci Nim.
    fn fibonacci_nim(&self) -> &'static str;

    /// Dynamic subtraction, the P-sequence of the bound `f(x) = slope · x + offset` and the
    /// greedy step; `${slope}`, `${offset}` where fixed (flags `dynamic_slope_read`,
    /// `dynamic_offset_read`: read from the game's numbers instead, the slope at
    /// `${slope_index}` and the offset at `${offset_index}`).
    fn dynamic(&self) -> &'static str;

    /// The contest game's DP; `${bound}`, `${amounts}`.
    fn oddball(&self) -> &'static str;

    /// Tokens on a directed graph: each node's value children first, Smith's values where the
    /// graph has cycles; `${edges}` the graph's numbers (flag `carried_input`: built from the
    /// input instead). Its outcome is `D` for a draw.
    fn tokens(&self) -> &'static str;

    /// Green Hackenbush: a picture's value by its bridges (fusion and colon principles); flag
    /// `parents` for a parent array, else the numbers are edges, two nodes each.
    fn hackenbush(&self) -> &'static str;

    /// The writer of one case's output; `${win}`, `${lose}`.
    fn answer(&self) -> &'static str;

    /// The expression that builds the program's one game, for `${game}`.
    fn new_game(&self) -> &'static str {
        ""
    }

    /// The statement that declares the program's one game from `${game}` (flag
    /// `carried_input`: the cache of the games the input carries instead).
    fn game_declaration(&self) -> &'static str;

    /// The reader's helpers: the input's tokens (`Input`), one line's (`Line`), the answers
    /// (`Output`, joined by `${separator}`), and as flags say the checked arithmetic
    /// (`add`, `sub`, `mul`), `all_equal`, and the carried games'
    /// cache (`carried_input`, with `carried_bash`, `carried_set` or `carried_oddball`).
    fn reader_helpers(&self) -> &'static str;

    /// `run`, the reader, around `${body}` (written by [`ReaderSyntax`]).
    fn run(&self) -> &'static str;

    /// `main`: reads the input, calls `run`, refuses what is left, writes the answers.
    fn main(&self) -> &'static str;

    /// How the language writes the reader's statements.
    fn reader(&self) -> &dyn ReaderSyntax;

    /// How the language writes rules found in a table.
    fn rules(&self) -> &dyn RuleSyntax;

    /// The game decided by a rule of outcomes; `${cases}` (the rule's cases, as
    /// [`RuleSyntax::outcome_case`] writes them), flag `pairs` for positions of two numbers.
    fn rule_game(&self) -> &'static str;

    /// A heap kernel whose values come from a rule; `${name}`, `${expression}`.
    fn rule_heap(&self) -> &'static str;

    /// The finished source (Java writes it in ASCII).
    fn finish(&self, source: String) -> String {
        source
    }
}

/// Every flag the walk sets: the decider, the input layout, the output, the join, what the
/// program needs, and one kernel's shape.
#[cfg(test)]
pub(super) const FLAGS: [&str; 51] = [
    "rule",
    "pairs",
    "rule_sqrt",
    "grundy",
    "sum",
    "misere_heap",
    "misere_nim",
    "staircase",
    "moore",
    "wythoff",
    "fibonacci_nim",
    "dynamic",
    "dynamic_slope_read",
    "dynamic_offset_read",
    "carried_dynamic",
    "oddball",
    "carried_input",
    "carried_bash",
    "carried_set",
    "carried_oddball",
    "add",
    "sub",
    "mul",
    "all_equal",
    "output_words",
    "output_tie",
    "output_count",
    "output_moves",
    "moves",
    "block",
    "dp",
    "prime_test",
    "set",
    "misere",
    "carried",
    "family",
    "fibonacci",
    "squares",
    "powers",
    "primes",
    "saltus",
    "amounts",
    "nim_moves",
    "bash_moves",
    "hackenbush",
    "parents",
    "tokens",
    "carried_tokens",
    "draw_word",
    "draw_refused",
    "single",
];

/// The whole source of `program` in `syntax`, under the header comment `header`.
pub(super) fn source(program: &Program, header: &[String], syntax: &dyn Syntax) -> String {
    let mut out = String::from(syntax.shebang());
    for line in header {
        out.push_str(syntax.comment());
        if !line.is_empty() {
            out.push(' ');
            out.push_str(line);
        }
        out.push('\n');
    }
    let context = program_context(program, syntax);
    out.push_str(&context.fill(syntax.prelude()));
    game(&mut out, program, &context, syntax);
    out.push_str(syntax.gap());
    out.push_str(&context.fill(syntax.answer()));
    out.push_str(syntax.gap());
    let new_game = context.fill(syntax.new_game());
    let main = context.clone().value("game", new_game.trim_end());
    out.push_str(&main.fill(syntax.reader_helpers()));
    out.push_str(syntax.gap());
    let declaration = main.fill(syntax.game_declaration());
    let body = reader::body(program, syntax.reader(), declaration.trim_end());
    out.push_str(&main.clone().value("body", body).fill(syntax.run()));
    out.push_str(syntax.gap());
    out.push_str(&main.fill(syntax.main()));
    syntax.finish(out)
}

/// The flags and values of the whole program.
fn program_context(program: &Program, syntax: &dyn Syntax) -> Context {
    let decider = &program.decider;
    let output = program.format.output();
    let built = rule_built(program);
    let kernels: Vec<&Kernel> = match decider {
        Decider::Grundy(kernel) | Decider::MisereHeap(kernel) => vec![kernel],
        Decider::Sum(kernels) => kernels.iter().collect(),
        _ => Vec::new(),
    };
    // Words and the separator go into string literals, escaped as the language needs.
    let literal = |word: &str| syntax.escape(word);
    let separator = match join(program) {
        Join::Block { separator } => Some(separator),
        Join::Lines => None,
    };
    dynamic_context(program, words_context(program, syntax))
        .flag("grundy", matches!(decider, Decider::Grundy(_)))
        .flag("sum", matches!(decider, Decider::Sum(_)))
        .flag("misere_heap", matches!(decider, Decider::MisereHeap(_)))
        .flag("misere_nim", *decider == Decider::MisereNim)
        .flag("staircase", *decider == Decider::Staircase)
        .flag("moore", matches!(decider, Decider::Moore { .. }))
        .flag("wythoff", *decider == Decider::Wythoff)
        .flag("fibonacci_nim", *decider == Decider::FibonacciNim)
        .flag("oddball", matches!(decider, Decider::Oddball(_)))
        .flag("hackenbush", *decider == Decider::Hackenbush)
        .flag("tokens", matches!(decider, Decider::Tokens { .. }))
        .flag(
            "carried_tokens",
            matches!(decider, Decider::Tokens { edges: None }),
        )

        .flag("parents", program.position == PositionForm::Parents)
        .flag("carried_input", program.carried.is_some())
        .flag(
            "carried_bash",
            program.carried.is_some() && *decider == Decider::Grundy(Kernel::CarriedBash),
        )
        .flag(
            "carried_set",
            program.carried.is_some()
                && matches!(decider, Decider::Grundy(Kernel::CarriedSet { .. })),
        )
        .flag(
            "carried_oddball",
            program.carried.is_some() && matches!(decider, Decider::Oddball(_)),
        )
        .flag("add", uses(program, "add"))
        .flag("sub", uses(program, "sub"))
        .flag("mul", uses(program, "mul"))
        .flag("all_equal", compares_lists(program))

        .flag("output_count", *output == OutputFormat::Count)
        .flag("output_moves", matches!(output, OutputFormat::Moves(_)))
        .flag("moves", output.needs_moves())
        .flag("block", separator.is_some())
        .flag(
            "dp",
            kernels
                .iter()
                .any(|k| matches!(k, Kernel::Dp(_) | Kernel::CarriedSet { .. })),
        )
        .flag(
            "prime_test",
            kernels.iter().any(|kernel| {
                matches!(kernel, Kernel::Dp(dp) if dp.amounts == Amounts::Family(Family::Primes))
            }),
        )
        .flag("rule", built.is_some())
        .flag(
            "pairs",
            matches!(decider, Decider::Rule(plan) if plan.pairs),
        )
        .flag(
            "rule_sqrt",
            built
                .as_ref()
                .is_some_and(|built| built.helpers.contains(&Helper::Isqrt)),
        )

        .value(
            "edges",
            match decider {
                Decider::Tokens { edges: Some(edges) } => numbers(
                    syntax,
                    &edges.iter().flat_map(|&(u, v)| [u, v]).collect::<Vec<_>>(),
                ),
                _ => String::new(),
            },
        )
        .value("separator", literal(&separator.unwrap_or_default()))
        .value("count", kernels.len().to_string())
        .value("components", syntax.components(kernels.len()))
}

/// `context` with the flags and values of dynamic subtraction: its bound's coefficients,
/// written or read from the game's numbers.
fn dynamic_context(program: &Program, context: Context) -> Context {
    let Decider::Dynamic {
        slope,
        offset,
        offset_first,
    } = program.decider
    else {
        return context;
    };
    // The place of each coefficient read among the game's numbers.
    let (slope_index, offset_index) = match (slope, offset_first) {
        (None, true) => ("1", "0"),
        (None, false) => ("0", "1"),
        (Some(_), _) => ("0", "0"),
    };
    context
        .flag("dynamic", true)
        .flag("dynamic_slope_read", slope.is_none())
        .flag("dynamic_offset_read", offset.is_none())
        .flag("carried_dynamic", program.carried.is_some())
        .value("slope", slope.map_or_else(String::new, |s| s.to_string()))
        .value("offset", offset.map_or_else(String::new, |c| c.to_string()))
        .value("slope_index", slope_index)
        .value("offset_index", offset_index)
}

/// The flags and values of the output's words: a win, a loss, a tie and a draw, as string
/// literals.
fn words_context(program: &Program, syntax: &dyn Syntax) -> Context {
    let output = program.format.output();
    let literal = |word: &str| syntax.escape(word);
    let (win, lose, tie, draw) = match output.words() {
        Some(words) => (
            literal(&words.win),
            literal(&words.lose),
            words.tie.as_deref().map(literal),
            words.draw.as_deref().or(words.tie.as_deref()).map(literal),
        ),
        None => (String::new(), String::new(), None, None),
    };
    // Only a graph's tokens draw in a generated program.
    let draws = matches!(program.decider, Decider::Tokens { .. });
    Context::default()
        .flag(
            "output_words",
            matches!(output, OutputFormat::Words(_)) && tie.is_none(),
        )
        .flag(
            "output_tie",
            matches!(output, OutputFormat::Words(_)) && tie.is_some(),
        )
        .flag("draw_word", draws && draw.is_some())
        .flag("draw_refused", draws && draw.is_none())
        .value("win", win)
        .value("lose", lose)
        .value("tie", tie.unwrap_or_default())
        .value("draw", draw.unwrap_or_default())
}

/// The game: its heaps' kernels, then what decides a position.
fn game(out: &mut String, program: &Program, context: &Context, syntax: &dyn Syntax) {
    let games = kernel_games(program);
    let piece = match &program.decider {
        Decider::Grundy(kernel) => {
            return xor_game(out, program, kernel, games[0], context, syntax);
        }
        Decider::Sum(kernels) => {
            for (i, kernel) in kernels.iter().enumerate() {
                heap(out, &format!("Heap{i}"), kernel, None, Play::Normal, syntax);
            }
            syntax.sum_game()
        }
        Decider::MisereHeap(kernel) => {
            heap(out, "Heap", kernel, None, Play::Misere, syntax);
            syntax.misere_game()
        }
        Decider::Rule(plan) => {
            let mut built = Built::default();
            let cases = rule::outcome_cases(syntax.rules(), &plan.rule, &mut built);
            out.push_str(syntax.gap());
            out.push_str(&rule::support(syntax.rules(), &built));
            out.push_str(syntax.gap());
            out.push_str(
                &context
                    .clone()
                    .value("cases", cases)
                    .fill(syntax.rule_game()),
            );
            return;
        }
        Decider::MisereNim => syntax.misere_nim(),
        Decider::Staircase => syntax.staircase(),
        Decider::Moore { modulus } => {
            let context = context.clone().value("modulus", modulus.to_string());
            out.push_str(syntax.gap());
            out.push_str(&context.fill(syntax.moore()));
            return;
        }
        Decider::Wythoff => syntax.wythoff(),
        Decider::FibonacciNim => syntax.fibonacci_nim(),
        Decider::Dynamic { .. } => syntax.dynamic(),
        Decider::Hackenbush => syntax.hackenbush(),
        Decider::Tokens { .. } => syntax.tokens(),
        Decider::Oddball(plan) => {
            let context = context
                .clone()
                .flag("set", plan.set.is_some())
                .value("bound", plan.bound.to_string())
                .value(
                    "amounts",
                    plan.set
                        .as_ref()
                        .map_or_else(String::new, |set| numbers(syntax, set.members())),
                );
            out.push_str(syntax.gap());
            out.push_str(&context.fill(syntax.oddball()));
            return;
        }
    };
    out.push_str(syntax.gap());
    out.push_str(&context.fill(piece));
}

/// The game of a normal-play one-heap kernel: heaps add up by xor.
fn xor_game(
    out: &mut String,
    program: &Program,
    kernel: &Kernel,
    game: Option<&Game>,
    context: &Context,
    syntax: &dyn Syntax,
) {
    let moves = program.format.output().needs_moves();
    let amounts = finite_amounts(kernel, game).filter(|_| moves);
    heap(
        out,
        "Heap",
        kernel,
        amounts.as_deref(),
        Play::Normal,
        syntax,
    );
    let context = context
        .clone()
        .flag(
            "carried",
            matches!(kernel, Kernel::CarriedBash | Kernel::CarriedSet { .. }),
        )
        .flag("nim_moves", *kernel == Kernel::NimHeap)
        .flag(
            "single",
            matches!(kernel, Kernel::Table(table) if table.single),
        )
        .flag("bash_moves", *kernel == Kernel::CarriedBash);
    out.push_str(syntax.gap());
    out.push_str(&context.fill(syntax.xor_game()));
}

/// One heap's kernel, named `name`; `amounts` are listed when the winning moves need them.
fn heap(
    out: &mut String,
    name: &str,
    kernel: &Kernel,
    amounts: Option<&[u64]>,
    play: Play,
    syntax: &dyn Syntax,
) {
    let context = Context::default()
        .value("name", name)
        .flag("misere", play == Play::Misere);
    let (context, piece) = match kernel {
        Kernel::NimHeap => (context, syntax.nim_heap()),
        Kernel::Period(certificate) => {
            let periodicity = certificate.periodicity();
            let table = table_list(certificate);
            let context = context
                .flag("saltus", periodicity.saltus() > 0)
                .flag("amounts", amounts.is_some())
                .value("preperiod", periodicity.preperiod().to_string())
                .value("period", periodicity.period().to_string())
                .value("saltus", periodicity.saltus().to_string())
                .value("length", table.len().to_string())
                .value("table", wrapped_list(&table, syntax.table_indent(), 100))
                .value("amounts", numbers(syntax, amounts.unwrap_or_default()));
            (context, syntax.period_heap())
        }
        Kernel::Dp(dp) => {
            let (members, family) = match &dp.amounts {
                Amounts::Finite(members) => (numbers(syntax, members), None),
                Amounts::Family(family) => (String::new(), Some(*family)),
            };
            let context = context
                .flag("family", family.is_some())
                .flag("fibonacci", family == Some(Family::Fibonacci))
                .flag("squares", family == Some(Family::Squares))
                .flag("powers", family == Some(Family::PowersOfTwo))
                .flag("primes", family == Some(Family::Primes))
                .value("bound", dp.bound.to_string())
                .value("amounts", members);
            (context, syntax.dp_heap())
        }
        Kernel::CarriedSet { bound } => (
            context
                .flag("carried", true)
                .value("bound", bound.to_string())
                .value("amounts", ""),
            syntax.dp_heap(),
        ),
        Kernel::CarriedBash => (context, syntax.bash_heap()),
        Kernel::Table(table) => {
            let values: Vec<u64> = table.values.iter().map(|&v| u64::from(v)).collect();
            let context = context
                .value("bound", values.len().saturating_sub(1).to_string())
                .value("length", values.len().to_string())
                .value("table", syntax.table_values(&values));
            (context, syntax.table_heap())
        }
        Kernel::Rule(plan) => {
            let mut built = Built::default();
            let expression = built.sequence(&plan.rule);
            out.push_str(syntax.gap());
            out.push_str(&rule::support(syntax.rules(), &built));
            let expression = rule::value(syntax.rules(), &expression);
            (context.value("expression", expression), syntax.rule_heap())
        }
    };
    out.push_str(syntax.gap());
    out.push_str(&context.fill(piece));
}

/// The helpers and tables of the program's rule, when it rests on one.
fn rule_built(program: &Program) -> Option<Built> {
    let mut built = Built::default();
    match &program.decider {
        Decider::Rule(plan) => {
            for (_, set) in &plan.rule.classes {
                built.membership(set);
            }
        }
        Decider::Grundy(Kernel::Rule(plan)) => {
            built.sequence(&plan.rule);
        }
        _ => return None,
    }
    Some(built)
}

/// Whether the description computes a number with `operation` (`add`, `sub` or `mul`: `n + 1`,
/// `n - 1`, `2 * k`): the program then holds its checked helper.
fn uses(program: &Program, operation: &str) -> bool {
    fn computes(expression: &Expression, operation: &str) -> bool {
        match expression {
            Expression::Literal(_) | Expression::Variable(_) => false,
            Expression::Add(a, b) | Expression::Subtract(a, b) | Expression::Multiply(a, b) => {
                let this = match expression {
                    Expression::Add(..) => "add",
                    Expression::Subtract(..) => "sub",
                    _ => "mul",
                };
                this == operation || computes(a, operation) || computes(b, operation)
            }
        }
    }
    fn walk(statements: &[Statement], operation: &str) -> bool {
        statements.iter().any(|statement| match statement {
            Statement::Read { items, .. } => items.iter().any(
                |item| matches!(&item.length, Length::Counted(count) if computes(count, operation)),
            ),
            Statement::Repeat { count, body } => {
                computes(count, operation) || walk(body, operation)
            }
            Statement::Loop { body } => walk(body, operation),
            Statement::Case(template) => template.pieces.iter().any(
                |piece| matches!(piece, Piece::Computed(expression) if computes(expression, operation)),
            ),
            _ => false,
        })
    }
    let carried = program.carried.as_ref().is_some_and(|carried| {
        carried.arguments.iter().any(|argument| match argument {
            Argument::Computed(expression) => computes(expression, operation),
            Argument::Group(template) => template.pieces.iter().any(
                |piece| matches!(piece, Piece::Computed(expression) if computes(expression, operation)),
            ),
            _ => false,
        })
    });
    carried || walk(&program.format.description.statements, operation)
}

/// Whether a condition compares a list (`stop if x == 0` for a line `x[]`): the program then
/// holds `all_equal`.
fn compares_lists(program: &Program) -> bool {
    fn walk(statements: &[Statement], lists: &[&str]) -> bool {
        statements.iter().any(|statement| match statement {
            Statement::Stop(condition) | Statement::Break(condition) => condition
                .equalities
                .iter()
                .any(|(name, _)| lists.contains(&name.as_str())),
            Statement::Repeat { body, .. } | Statement::Loop { body } => walk(body, lists),
            _ => false,
        })
    }
    let description = &program.format.description;
    let lists: Vec<&str> = description
        .variables()
        .into_iter()
        .filter(|(_, reading)| reading.list)
        .map(|(name, _)| name)
        .collect();
    walk(&description.statements, &lists)
}

/// `values` as the language lists numbers: separated by `, `.
fn numbers(syntax: &dyn Syntax, values: &[u64]) -> String {
    values
        .iter()
        .map(|&value| syntax.number(value))
        .collect::<Vec<_>>()
        .join(", ")
}
