//! Rules found in a table (`theory::pattern`) as source code: each rule becomes a small
//! expression — calls of helper functions, equalities, `and`, `or`, `not` and conditionals —
//! over the position's numbers, with the tables its helpers read; each language prints the
//! expression in its own syntax ([`RuleSyntax`]) and supplies the helpers' source. All arithmetic
//! on the numbers happens inside the helpers, which each language writes exactly for unsigned
//! 64-bit numbers (128-bit or big integers where a product needs them).

use crate::analysis::Outcome;
use crate::analysis::pattern::{Membership, OutcomeRule};
use crate::theory::pattern::{BinaryForm, NumberSet, PairSet, Parity, Sequence};

/// A helper function of the generated program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum Helper {
    /// A conversion of an unsigned 64-bit number to a big integer (Java only).
    Unsigned,
    /// `isqrt(x)`: the integer square root of a 128-bit (or big) number.
    Isqrt,
    /// `beatty_lower(k, d)`: `⌊kα⌋` for `α = (2 − d + √(d² + 4)) / 2`.
    BeattyLower,
    /// `in_table(n, preperiod, period, table)`: membership of an ultimately periodic set, its
    /// first `preperiod + period` members' flags in `table`.
    InTable,
    /// `table_value(n, preperiod, period, saltus, table)`: an (arithmetic-)periodic value.
    TableValue,
    /// `is_odious(n)`: an odd number of 1 bits.
    IsOdious,
    /// `is_power(n, base, parity)`: `n = base^j` with `j` of the parity (0 any, 1 even, 2 odd).
    IsPower,
    /// `valuation_parity(n, parity)`: `n ≥ 1` whose 2-adic valuation has the parity (1 even,
    /// 2 odd).
    ValuationParity,
    /// `is_fibonacci(n)`: one of 1, 2, 3, 5, 8, …
    IsFibonacci,
    /// `is_square(n)`.
    IsSquare,
    /// `is_triangular(n)`: `8n + 1` is a square.
    IsTriangular,
    /// `in_beatty(n, d, upper)`: `n = ⌊kα⌋` (or `⌊kα⌋ + dk` when `upper` is 1) for some `k ≥ 1`.
    InBeatty,
    /// `in_bands(n, base, low, high)`: `low·base^k < n ≤ high·base^k` for some `k ≥ 0`.
    InBands,
    /// `in_lattice(a, b, rows, columns, table)`: the flag of `(a mod rows, b mod columns)`.
    InLattice,
    /// `beatty_pair(a, b, d)`: `{a, b} = {⌊kα⌋, ⌊kα⌋ + dk}` for some `k ≥ 0`.
    BeattyPair,
    /// `linear(n, slope, offset, divisor)`: `⌊(slope·n + offset) / divisor⌋`.
    Linear,
    /// `remainder(n, modulus, shift, add)`: `(n + shift) mod modulus + add`.
    Remainder,
    /// `binary_form(n, shift, form)`: a binary form of `n + shift − 1` (`shift` 0, 1 or 2 for
    /// `n − 1`, `n`, `n + 1`; `form` 0 the number of 1 bits, 1 the 2-adic valuation, 2 the ruler
    /// function, 3 the m-th odious number, 4 the m-th evil number).
    BinaryForm,
}

impl Helper {
    /// The helpers this one calls in every language.
    pub(super) fn needs(self) -> &'static [Self] {
        match self {
            Self::IsSquare | Self::IsTriangular | Self::BeattyLower => &[Self::Isqrt],
            Self::InBeatty | Self::BeattyPair => &[Self::BeattyLower, Self::Isqrt],
            _ => &[],
        }
    }

    /// Its name in snake case.
    pub(super) fn name(self) -> &'static str {
        match self {
            Self::Unsigned => "unsigned",
            Self::Isqrt => "isqrt",
            Self::BeattyLower => "beatty_lower",
            Self::InTable => "in_table",
            Self::TableValue => "table_value",
            Self::IsOdious => "is_odious",
            Self::IsPower => "is_power",
            Self::ValuationParity => "valuation_parity",
            Self::IsFibonacci => "is_fibonacci",
            Self::IsSquare => "is_square",
            Self::IsTriangular => "is_triangular",
            Self::InBeatty => "in_beatty",
            Self::InBands => "in_bands",
            Self::InLattice => "in_lattice",
            Self::BeattyPair => "beatty_pair",
            Self::Linear => "linear",
            Self::Remainder => "remainder",
            Self::BinaryForm => "binary_form",
        }
    }
}

/// A variable of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Var {
    /// The one number `n`.
    N,
    /// The first of two.
    A,
    /// The second of two.
    B,
}

/// An argument of a helper.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Arg {
    /// A variable.
    Var(Var),
    /// A constant.
    Number(u64),
    /// The `i`-th table.
    Table(usize),
}

/// A condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Cond {
    /// Never.
    False,
    /// A helper returning a truth value.
    Call(Helper, Vec<Arg>),
    /// The variable is one of the numbers.
    Is(Var, Vec<u64>),
    /// `a = b`.
    Same,
    /// Any.
    Or(Vec<Cond>),
    /// All.
    And(Vec<Cond>),
    /// Not.
    Not(Box<Cond>),
}

/// A value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Value {
    /// A constant.
    Number(u64),
    /// A helper returning a number.
    Call(Helper, Vec<Arg>),
    /// The number when the condition holds, else the value.
    When(Box<Cond>, u64, Box<Value>),
}

/// A rule as code: its expression's tables and helpers, collected while it is built.
#[derive(Debug, Default)]
pub(super) struct Built {
    /// The tables the helpers read, in order.
    pub(super) tables: Vec<Vec<u64>>,
    /// The helpers called, with the helpers they call, in a fixed order.
    pub(super) helpers: Vec<Helper>,
}

impl Built {
    fn table(&mut self, values: Vec<u64>) -> Arg {
        self.tables.push(values);
        Arg::Table(self.tables.len() - 1)
    }

    fn call(&mut self, helper: Helper, args: Vec<Arg>) -> Cond {
        self.uses(helper);
        Cond::Call(helper, args)
    }

    fn value(&mut self, helper: Helper, args: Vec<Arg>) -> Value {
        self.uses(helper);
        Value::Call(helper, args)
    }

    fn uses(&mut self, helper: Helper) {
        for &needed in helper.needs().iter().chain([&helper]) {
            if !self.helpers.contains(&needed) {
                self.helpers.push(needed);
            }
        }
        self.helpers.sort_unstable();
    }

    /// The condition `n ∈ set`.
    pub(super) fn set(&mut self, set: &NumberSet) -> Cond {
        let n = || Arg::Var(Var::N);
        match set {
            NumberSet::Finite(members) if members.is_empty() => Cond::False,
            NumberSet::Finite(members) => Cond::Is(Var::N, members.clone()),
            NumberSet::Periodic {
                preperiod,
                period,
                members,
            } => {
                let flags = (0..preperiod + period)
                    .map(|m| u64::from(members.binary_search(&m).is_ok()))
                    .collect();
                let table = self.table(flags);
                self.call(
                    Helper::InTable,
                    vec![n(), Arg::Number(*preperiod), Arg::Number(*period), table],
                )
            }
            NumberSet::Odious => self.call(Helper::IsOdious, vec![n()]),
            NumberSet::Evil => Cond::Not(Box::new(self.call(Helper::IsOdious, vec![n()]))),
            NumberSet::Powers { base, exponents } => self.call(
                Helper::IsPower,
                vec![
                    n(),
                    Arg::Number(*base),
                    Arg::Number(parity_code(*exponents)),
                ],
            ),
            NumberSet::Valuation(parity) => self.call(
                Helper::ValuationParity,
                vec![n(), Arg::Number(parity_code(*parity))],
            ),
            NumberSet::Fibonacci => self.call(Helper::IsFibonacci, vec![n()]),
            NumberSet::Squares => self.call(Helper::IsSquare, vec![n()]),
            NumberSet::Triangular => self.call(Helper::IsTriangular, vec![n()]),
            NumberSet::Beatty { difference, upper } => self.call(
                Helper::InBeatty,
                vec![
                    n(),
                    Arg::Number(*difference),
                    Arg::Number(u64::from(*upper)),
                ],
            ),
            NumberSet::Bands { base, low, high } => self.call(
                Helper::InBands,
                vec![
                    n(),
                    Arg::Number(*base),
                    Arg::Number(*low),
                    Arg::Number(*high),
                ],
            ),
            NumberSet::Union(a, b) => Cond::Or(vec![self.set(a), self.set(b)]),
            NumberSet::Except {
                set,
                added,
                removed,
            } => {
                let mut inner = self.set(set);
                if !removed.is_empty() {
                    inner = Cond::And(vec![
                        Cond::Not(Box::new(Cond::Is(Var::N, removed.clone()))),
                        inner,
                    ]);
                }
                if added.is_empty() {
                    inner
                } else {
                    Cond::Or(vec![Cond::Is(Var::N, added.clone()), inner])
                }
            }
        }
    }

    /// The condition `(a, b) ∈ set`.
    pub(super) fn pairs(&mut self, set: &PairSet) -> Cond {
        let (a, b) = (Arg::Var(Var::A), Arg::Var(Var::B));
        match set {
            PairSet::Diagonal => Cond::Same,
            PairSet::Beatty { difference } => {
                self.call(Helper::BeattyPair, vec![a, b, Arg::Number(*difference)])
            }
            PairSet::Lattice {
                rows,
                columns,
                members,
            } => {
                let flags = (0..*rows)
                    .flat_map(|x| (0..*columns).map(move |y| (x, y)))
                    .map(|cell| u64::from(members.binary_search(&cell).is_ok()))
                    .collect();
                let table = self.table(flags);
                self.call(
                    Helper::InLattice,
                    vec![a, b, Arg::Number(*rows), Arg::Number(*columns), table],
                )
            }
        }
    }

    /// The condition of one outcome's positions.
    pub(super) fn membership(&mut self, set: &Membership) -> Cond {
        match set {
            Membership::Numbers(set) => self.set(set),
            Membership::Pairs(set) => self.pairs(set),
        }
    }

    /// The value `G(n)` of a sequence rule.
    pub(super) fn sequence(&mut self, rule: &Sequence) -> Value {
        let n = || Arg::Var(Var::N);
        match rule {
            Sequence::Linear {
                slope,
                offset,
                divisor,
            } => self.value(
                Helper::Linear,
                vec![
                    n(),
                    Arg::Number(*slope),
                    Arg::Number(*offset),
                    Arg::Number(*divisor),
                ],
            ),
            Sequence::Remainder {
                modulus,
                shift,
                add,
            } => self.value(
                Helper::Remainder,
                vec![
                    n(),
                    Arg::Number(*modulus),
                    Arg::Number(*shift),
                    Arg::Number(*add),
                ],
            ),
            Sequence::Periodic(periodicity) => {
                let table = self.table(periodicity.values().iter().map(u64::from).collect());
                self.value(
                    Helper::TableValue,
                    vec![
                        n(),
                        Arg::Number(periodicity.preperiod()),
                        Arg::Number(periodicity.period()),
                        Arg::Number(periodicity.saltus()),
                        table,
                    ],
                )
            }
            Sequence::Binary { form, shift } => {
                let form = match form {
                    BinaryForm::PopCount => 0,
                    BinaryForm::Valuation => 1,
                    BinaryForm::Ruler => 2,
                    BinaryForm::Odious => 3,
                    BinaryForm::Evil => 4,
                };
                // shift + 1 is 0, 1 or 2.
                let shift = u64::try_from(shift + 1).unwrap_or(1);
                self.value(
                    Helper::BinaryForm,
                    vec![n(), Arg::Number(shift), Arg::Number(form)],
                )
            }
            Sequence::Except { rule, values } => {
                let mut value = self.sequence(rule);
                for &(at, v) in values.iter().rev() {
                    value = Value::When(Box::new(Cond::Is(Var::N, vec![at])), v, Box::new(value));
                }
                value
            }
            Sequence::Indicator(set) => {
                let zero = self.set(set);
                Value::When(Box::new(zero), 0, Box::new(Value::Number(1)))
            }
        }
    }
}

fn parity_code(parity: Parity) -> u64 {
    match parity {
        Parity::Any => 0,
        Parity::Even => 1,
        Parity::Odd => 2,
    }
}

/// The letter a program's `outcome` returns: `W`, `L` or `T` (a draw prints as a tie).
pub(super) fn letter(outcome: Outcome) -> char {
    match outcome {
        Outcome::Win => 'W',
        Outcome::Lose => 'L',
        Outcome::Tie | Outcome::Draw => 'T',
    }
}

/// How a language prints a rule's expression and supplies its helpers.
pub(super) trait RuleSyntax {
    /// A helper's name in the language.
    fn helper_name(&self, helper: Helper) -> String {
        helper.name().to_owned()
    }

    /// A helper's source (a function of the program's top level, or of its class).
    fn helper_source(&self, helper: Helper) -> &'static str;

    /// The helpers `helper` calls in this language beyond those it calls in every language.
    fn needs(&self, helper: Helper) -> &'static [Helper] {
        let _ = helper;
        &[]
    }

    /// A table's declaration.
    fn table_declaration(&self, index: usize, values: &[u64]) -> String;

    /// What separates two top-level declarations.
    fn separator(&self) -> &'static str {
        "\n"
    }

    /// A table passed to a helper.
    fn table_argument(&self, index: usize) -> String {
        format!("RULE_TABLE{index}")
    }

    /// A constant passed to a helper or compared with.
    fn literal(&self, value: u64) -> String {
        value.to_string()
    }

    /// `false`.
    fn false_literal(&self) -> &'static str {
        "false"
    }

    /// The conjunction and disjunction operators.
    fn and_or(&self) -> (&'static str, &'static str) {
        ("&&", "||")
    }

    /// `not (condition)`.
    fn not(&self, condition: &str) -> String {
        format!("!({condition})")
    }

    /// The conditional expression: `then` when `condition` holds, else `otherwise`.
    fn when(&self, condition: &str, then: &str, otherwise: &str) -> String {
        format!("({condition} ? {then} : {otherwise})")
    }

    /// One case of a rule of outcomes: return `letter` when `condition` holds.
    fn outcome_case(&self, condition: &str, letter: char) -> String;

    /// The last case: return `letter`.
    fn outcome_default(&self, letter: char) -> String;
}

/// `condition` in `syntax`, without parentheses around the whole (the caller's statement or
/// operator supplies them where its syntax needs them).
pub(super) fn condition(syntax: &dyn RuleSyntax, condition: &Cond) -> String {
    printed(syntax, condition, true)
}

/// `condition`, parenthesised where it joins several parts and is not `top`.
fn printed(syntax: &dyn RuleSyntax, condition: &Cond, top: bool) -> String {
    let (and, or) = syntax.and_or();
    let var = |var: Var| match var {
        Var::N => "n",
        Var::A => "a",
        Var::B => "b",
    };
    let joined = |parts: Vec<String>, operator: &str| {
        let text = parts.join(&format!(" {operator} "));
        if top || parts.len() == 1 {
            text
        } else {
            format!("({text})")
        }
    };
    match condition {
        Cond::False => syntax.false_literal().to_owned(),
        Cond::Call(helper, args) => call(syntax, *helper, args),
        Cond::Is(v, values) => joined(
            values
                .iter()
                .map(|&value| format!("{} == {}", var(*v), syntax.literal(value)))
                .collect(),
            or,
        ),
        Cond::Same => "a == b".to_owned(),
        Cond::Or(parts) => joined(
            parts.iter().map(|p| printed(syntax, p, false)).collect(),
            or,
        ),
        Cond::And(parts) => joined(
            parts.iter().map(|p| printed(syntax, p, false)).collect(),
            and,
        ),
        Cond::Not(inner) => syntax.not(&printed(syntax, inner, true)),
    }
}

/// `value` in `syntax`.
pub(super) fn value(syntax: &dyn RuleSyntax, value: &Value) -> String {
    match value {
        Value::Number(number) => syntax.literal(*number),
        Value::Call(helper, args) => call(syntax, *helper, args),
        Value::When(cond, then, otherwise) => syntax.when(
            &condition(syntax, cond),
            &syntax.literal(*then),
            &self::value(syntax, otherwise),
        ),
    }
}

fn call(syntax: &dyn RuleSyntax, helper: Helper, args: &[Arg]) -> String {
    let args: Vec<String> = args
        .iter()
        .map(|arg| match arg {
            Arg::Var(Var::N) => "n".to_owned(),
            Arg::Var(Var::A) => "a".to_owned(),
            Arg::Var(Var::B) => "b".to_owned(),
            Arg::Number(value) => syntax.literal(*value),
            Arg::Table(index) => syntax.table_argument(*index),
        })
        .collect();
    format!("{}({})", syntax.helper_name(helper), args.join(", "))
}

/// The helpers and tables of `built`, as top-level source.
pub(super) fn support(syntax: &dyn RuleSyntax, built: &Built) -> String {
    let mut out = String::new();
    for (index, table) in built.tables.iter().enumerate() {
        if !out.is_empty() {
            out.push_str(syntax.separator());
        }
        out.push_str(&syntax.table_declaration(index, table));
    }
    let mut helpers: Vec<Helper> = Vec::new();
    for &helper in &built.helpers {
        for &needed in syntax
            .needs(helper)
            .iter()
            .chain(helper.needs())
            .chain([&helper])
        {
            if !helpers.contains(&needed) {
                helpers.push(needed);
            }
        }
    }
    helpers.sort_unstable();
    for helper in helpers {
        let source = syntax.helper_source(helper);
        if source.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push_str(syntax.separator());
        }
        out.push_str(source);
    }
    out
}

/// The cases of a rule of outcomes: each outcome's condition in turn, then the rest.
pub(super) fn outcome_cases(
    syntax: &dyn RuleSyntax,
    rule: &OutcomeRule,
    built: &mut Built,
) -> String {
    let mut out = String::new();
    for (outcome, set) in &rule.classes {
        let cond = built.membership(set);
        out.push_str(&syntax.outcome_case(&condition(syntax, &cond), letter(*outcome)));
    }
    out.push_str(&syntax.outcome_default(letter(rule.otherwise)));
    out
}
