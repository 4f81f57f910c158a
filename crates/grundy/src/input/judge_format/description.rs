//! The judge description language: a judge's input written the way a statement's "Input" section
//! reads, and its output in the problem's own words.
//!
//! ```text
//! read T                      # the number of cases
//! repeat T {
//!   read n m:1..1000          # each case: a heap and the Bash limit
//!   case {n}
//! }
//! game bash:{m}
//! say first second
//! ```
//!
//! A [`Description`] is a small program of [`Statement`]s that reads the input — numbers and
//! words, lists with a count, whole lines, loops until the input ends or until a terminator —
//! and marks with `case` each position to answer; `game` writes the game of each case as a spec
//! with the values read in braces; `say` gives the words printed. docs/judge-formats.md is the
//! reference; [`Description::parse`] reads the text and checks it before any input is read
//! (every variable read before it is used, every loop reading something, one `say`).

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

use super::{OutputFormat, Words};
use crate::input::error::InputError;

/// A judge description: the statements that read the input, the game of each case, and what
/// is printed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Description {
    /// The statements that read the input, in order.
    pub statements: Vec<Statement>,
    /// The game of each case, with the values read in braces; `None` when the game is given
    /// apart (on the command line).
    pub game: Option<Template>,
    /// What is printed for each case.
    pub output: OutputFormat,
    /// What separates the answers that share a line (when a `newline` statement ends the
    /// lines); a space unless `join` says otherwise.
    pub separator: String,
}

/// One statement of a description.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Statement {
    /// `read ITEMS` reads the next tokens wherever the lines break; `line ITEMS` reads one
    /// whole line (blank lines skipped), which must hold exactly the items (`name[]` takes the
    /// rest of it), and there a comma also separates numbers.
    Read {
        /// Whether the items make one line.
        line: bool,
        /// What is read, in order.
        items: Vec<Item>,
    },
    /// `repeat COUNT { … }`: the body `COUNT` times.
    Repeat {
        /// How many times.
        count: Expression,
        /// The body.
        body: Vec<Statement>,
    },
    /// `loop { … }`: the body again and again until the input ends (checked before each
    /// round), a `break if` or a `stop if`.
    Loop {
        /// The body.
        body: Vec<Statement>,
    },
    /// `stop if CONDITION`: when it holds, the input ends here; anything after it is an error.
    Stop(Condition),
    /// `break if CONDITION`: when it holds, the innermost `loop` or `repeat` ends.
    Break(Condition),
    /// `case POSITION`: one case to answer, its position written as the game's positions are
    /// (with the values read in braces).
    Case(Template),
    /// `newline`: the answers since the last `newline` share one line (joined by the
    /// separator); nothing is written when there are none.
    Newline,
}

/// One thing a read statement reads: a value, or a list of them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Item {
    /// The variable read; several (`(u v)[m]`) read a list of tuples into one list each.
    pub names: Vec<String>,
    /// One value, a counted list, or the rest of the line.
    pub length: Length,
    /// A number or a word.
    pub kind: Kind,
}

/// How many values an [`Item`] reads.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Length {
    /// One value (`n`).
    One,
    /// A list of as many as the expression says (`h[m]`, `p[n - 1]`).
    Counted(Expression),
    /// The rest of the line (`h[]`, in a `line` statement only).
    Rest,
}

/// What an [`Item`]'s tokens are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Whole numbers; the range, when given (`n:1..1000`), is the statement's bound, which the
    /// test inputs of `verify` stay within (the reader does not refuse numbers outside it).
    Number {
        /// The least and the largest value, when the statement gives them.
        range: Option<(Expression, Expression)>,
    },
    /// Words (`s:word`): any token, as text.
    Word,
}

/// A whole-number expression: a count, a list's length, a bound.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expression {
    /// A number.
    Literal(u64),
    /// A number read before.
    Variable(String),
    /// `a + b`.
    Add(Box<Expression>, Box<Expression>),
    /// `a - b` (an error when it would be negative).
    Subtract(Box<Expression>, Box<Expression>),
    /// `a * b`.
    Multiply(Box<Expression>, Box<Expression>),
}

impl Expression {
    /// The variables the expression names, in order.
    pub fn variables(&self) -> Vec<&str> {
        match self {
            Self::Literal(_) => Vec::new(),
            Self::Variable(name) => vec![name.as_str()],
            Self::Add(a, b) | Self::Subtract(a, b) | Self::Multiply(a, b) => {
                let mut names = a.variables();
                names.extend(b.variables());
                names
            }
        }
    }
}

/// `a == 0 and b == 0`: every variable equal to its number (a list: every element, and at
/// least one).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Condition {
    /// The variables and the numbers they must equal.
    pub equalities: Vec<(String, u64)>,
}

/// A game spec or a position with the values read in braces: `bash:{m}`, `{a},{b}`, `{u}-{v}`.
///
/// A list in braces is written with commas between its elements (`subtraction:{s}` with `s` =
/// 1, 3, 4 is `subtraction:1,3,4`); braces joined by text without spaces or commas
/// (`{u}-{v}`, `{r}:{c}`) make one group, written once per element of its lists, the groups
/// joined by commas (`0-1,1-2`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Template {
    /// The text and the variables, in order.
    pub pieces: Vec<Piece>,
}

/// A piece of a [`Template`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// Text written as it is.
    Text(String),
    /// A variable's value (`{name}`), written as read.
    Variable(String),
    /// A number computed from values read (`{u - 1}`): of each element where it names lists.
    Computed(Expression),
}

impl Template {
    /// The variables the template names, in order (with repeats).
    pub fn variables(&self) -> impl Iterator<Item = &str> {
        self.pieces.iter().flat_map(|piece| match piece {
            Piece::Variable(name) => vec![name.as_str()],
            Piece::Computed(expression) => expression.variables(),
            Piece::Text(_) => Vec::new(),
        })
    }

    /// Whether the template is variables alone, separated by commas or spaces (`{h}`,
    /// `{a} {b}`, `{m},{n},{p}`): the values are then the position's numbers, read by the
    /// game's shape.
    pub fn is_list(&self) -> bool {
        self.variables().next().is_some()
            && self.pieces.iter().all(|piece| match piece {
                Piece::Variable(_) => true,
                Piece::Computed(_) => false,
                Piece::Text(text) => text.chars().all(|c| c == ',' || c.is_whitespace()),
            })
    }
}

impl Description {
    /// Reads a description.
    ///
    /// # Complexity
    /// `O(L · v)` for `L` bytes naming `v` distinct variables.
    ///
    /// # Errors
    /// An [`InputError`] pointing at the first thing that is not the language (an unknown
    /// statement, a variable used before it is read, a loop that reads nothing, a missing or
    /// second `say`), with a hint.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::input::judge_format::Description;
    /// let description = Description::parse("read T; repeat T { read n m; case {n} }; game bash:{m}; say Alice Bob")?;
    /// assert_eq!(description.statements.len(), 2);
    /// assert_eq!(description.to_string(), "read T; repeat T { read n m; case {n} }; game bash:{m}; say Alice Bob");
    /// let error = Description::parse("repeat T { read n; case {n} }; say Yes No").unwrap_err();
    /// assert_eq!(error.span, 7..8);
    /// # Ok(()) }
    /// ```
    pub fn parse(text: &str) -> Result<Self, InputError> {
        let mut parser = Parser {
            text,
            // A byte-order mark that an editor put first is not part of the description.
            at: if text.starts_with('\u{feff}') { 3 } else { 0 },
            known: HashMap::new(),
            loops: 0,
            game: None,
            output: None,
            cases: Vec::new(),
            elementwise: false,
            lenient: false,
            depth: 0,
        };
        let statements = parser.body(false)?;
        let Some((output, separator, say_span)) = parser.output.take() else {
            return Err(parser.error(
                text.len()..text.len(),
                "the description says nothing to print: it needs a say",
                "end it with the words of a win and of a loss, e.g. say Yes No",
            ));
        };
        if parser.cases.is_empty() {
            return Err(parser.error(
                0..text.len(),
                "the description has no case: nothing would be answered",
                "mark each position with case, e.g. read n; case {n}",
            ));
        }
        if let Some((game, span)) = &parser.game {
            for known in &parser.cases {
                if let Some(name) = game.variables().find(|name| !known.contains_key(*name)) {
                    return Err(parser.error(
                        span.clone(),
                        &format!("the game names {{{name}}}, which is not read before every case"),
                        "read it before the case statement",
                    ));
                }
            }
        }
        let joins = contains(&statements, &|statement| *statement == Statement::Newline);
        if joins && matches!(output, OutputFormat::Moves(_)) {
            return Err(parser.error(
                say_span,
                "the moves output writes lines of its own, and newline puts answers on one line",
                "remove the newline statements, or say the words alone",
            ));
        }
        Ok(Self {
            statements,
            game: parser.game.map(|(game, _)| game),
            output,
            separator,
        })
    }

    /// Whether answers share lines (a `newline` statement ends them); otherwise each answer is
    /// its own line.
    pub fn joins(&self) -> bool {
        contains(&self.statements, &|statement| {
            *statement == Statement::Newline
        })
    }

    /// The statements alone, as the language writes them (without `game` and `say`).
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::input::judge_format::Description;
    /// let description = Description::parse("read T; repeat T { read n; case {n} }; game nim; say A B")?;
    /// assert_eq!(description.statements_text(), "read T; repeat T { read n; case {n} }");
    /// # Ok(()) }
    /// ```
    pub fn statements_text(&self) -> String {
        struct Statements<'a>(&'a [Statement]);
        impl fmt::Display for Statements<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_statements(f, self.0)
            }
        }
        Statements(&self.statements).to_string()
    }

    /// Every variable the statements read, in the order of their first reads, with how it is
    /// read.
    ///
    /// # Complexity
    /// `O(s · v)` for `s` statements and items reading `v` variables.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::input::judge_format::Description;
    /// use grundy::input::judge_format::description::Reading;
    /// let description = Description::parse("read T; repeat T { read m h[m]; case {h} }; say Yes No")?;
    /// let variables = description.variables();
    /// assert_eq!(variables[2], ("h", Reading { list: true, word: false }));
    /// # Ok(()) }
    /// ```
    pub fn variables(&self) -> Vec<(&str, Reading)> {
        fn walk<'a>(statements: &'a [Statement], out: &mut Vec<(&'a str, Reading)>) {
            for statement in statements {
                match statement {
                    Statement::Read { items, .. } => {
                        for item in items {
                            let reading = Reading {
                                list: item.length != Length::One,
                                word: item.kind == Kind::Word,
                            };
                            for name in &item.names {
                                if !out.iter().any(|(known, _)| known == name) {
                                    out.push((name, reading));
                                }
                            }
                        }
                    }
                    Statement::Repeat { body, .. } | Statement::Loop { body } => walk(body, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.statements, &mut out);
        out
    }
}

/// Removes the `newline` statements (each answer is then its own line).
pub(super) fn remove_newlines(statements: &mut Vec<Statement>) {
    statements.retain(|statement| *statement != Statement::Newline);
    for statement in statements {
        if let Statement::Repeat { body, .. } | Statement::Loop { body } = statement {
            remove_newlines(body);
        }
    }
}

/// Whether a statement of `statements` (or of their bodies) satisfies `test`.
fn contains(statements: &[Statement], test: &dyn Fn(&Statement) -> bool) -> bool {
    statements.iter().any(|statement| {
        test(statement)
            || match statement {
                Statement::Repeat { body, .. } | Statement::Loop { body } => contains(body, test),
                _ => false,
            }
    })
}

/// How a variable is read: one value or a list, numbers or words — the same at every read of it
/// (the parser refuses a name read both ways).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    /// A list (`h[m]`, `h[]`, a tuple's list) rather than one value.
    pub list: bool,
    /// Words (`s:word`) rather than numbers.
    pub word: bool,
}

/// The statements' keywords (no variable may take these names).
const KEYWORDS: [&str; 16] = [
    "read", "line", "repeat", "loop", "stop", "break", "case", "newline", "game", "say", "if",
    "and", "word", "tie", "draw", "join",
];

const STATEMENTS: [&str; 10] = [
    "read", "line", "repeat", "loop", "stop", "break", "case", "newline", "game", "say",
];

type Said = (OutputFormat, String, Range<usize>);

struct Parser<'a> {
    text: &'a str,
    at: usize,
    known: HashMap<String, Reading>,
    /// How many loops enclose the statement read.
    loops: usize,
    game: Option<(Template, Range<usize>)>,
    output: Option<Said>,
    /// The variables known at each `case`.
    cases: Vec<HashMap<String, Reading>>,
    /// Whether expressions may name lists (computed for each element, in braces).
    elementwise: bool,
    /// Whether variables not read yet are accepted (in a game, checked at each case).
    lenient: bool,
    /// How deeply the blocks and parentheses being read are nested.
    depth: usize,
}

/// The deepest nesting of blocks or parentheses a description may hold.
const MOST_DEPTH: usize = 64;

impl Parser<'_> {
    fn error(&self, span: Range<usize>, message: &str, hint: &str) -> InputError {
        InputError::new(
            "judge description",
            self.text,
            span,
            message,
            (!hint.is_empty()).then(|| hint.to_owned()),
        )
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    /// Skips spaces, tabs and comments (not line breaks).
    fn blank(&mut self) {
        loop {
            match self.peek() {
                Some(' ' | '\t' | '\r') => self.at += 1,
                Some('#') => {
                    self.at = self.text[self.at..]
                        .find('\n')
                        .map_or(self.text.len(), |i| self.at + i);
                }
                _ => return,
            }
        }
    }

    /// Skips blanks, line breaks and semicolons between statements.
    fn separators(&mut self) {
        loop {
            self.blank();
            match self.peek() {
                Some('\n' | ';') => self.at += 1,
                _ => return,
            }
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.blank();
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char, hint: &str) -> Result<(), InputError> {
        if self.eat(c) {
            return Ok(());
        }
        let span = self.next_span();
        Err(self.error(span, &format!("expected '{c}'"), hint))
    }

    /// The span of the next token (for errors).
    fn next_span(&self) -> Range<usize> {
        let rest = &self.text[self.at..];
        let length = rest
            .char_indices()
            .find(|&(i, c)| c.is_whitespace() || (i > 0 && ";{}[]():".contains(c)))
            .map_or(rest.len(), |(i, _)| {
                i.max(rest.chars().next().map_or(0, char::len_utf8))
            });
        self.at..self.at + length
    }

    /// The next identifier, without consuming anything when there is none.
    fn identifier(&mut self) -> Option<(&str, Range<usize>)> {
        self.blank();
        let rest = &self.text[self.at..];
        let first = rest.chars().next()?;
        if !(first.is_ascii_alphabetic() || first == '_') {
            return None;
        }
        let length = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let span = self.at..self.at + length;
        self.at += length;
        Some((&self.text[span.clone()], span))
    }

    fn keyword(&mut self, word: &str) -> bool {
        let start = self.at;
        match self.identifier() {
            Some((found, _)) if found == word => true,
            _ => {
                self.at = start;
                false
            }
        }
    }

    /// The end of a statement: `;`, a line break, `}` or the end of the text.
    fn end_of_statement(&mut self) -> Result<(), InputError> {
        self.blank();
        match self.peek() {
            None | Some(';' | '\n' | '}') => Ok(()),
            Some(_) => {
                let span = self.next_span();
                Err(self.error(
                    span,
                    "expected the end of the statement",
                    "statements end with ';' or a line break",
                ))
            }
        }
    }

    /// Statements until the end of the text (`block` false) or the `}` that closes a block.
    fn body(&mut self, block: bool) -> Result<Vec<Statement>, InputError> {
        let mut statements = Vec::new();
        loop {
            self.separators();
            match self.peek() {
                None if block => {
                    return Err(self.error(
                        self.text.len()..self.text.len(),
                        "the block is not closed",
                        "add '}' at its end",
                    ));
                }
                None => return Ok(statements),
                Some('}') if block => {
                    self.at += 1;
                    return Ok(statements);
                }
                Some('}') => {
                    return Err(self.error(
                        self.at..self.at + 1,
                        "this '}' closes no block",
                        "remove it",
                    ));
                }
                Some(_) => {}
            }
            if let Some(statement) = self.statement(block)? {
                statements.push(statement);
            }
            self.end_of_statement()?;
        }
    }

    /// One statement; `None` for `game` and `say`, which are kept apart.
    fn statement(&mut self, in_block: bool) -> Result<Option<Statement>, InputError> {
        let start = self.at;
        let Some((word, span)) = self.identifier() else {
            let span = self.next_span();
            return Err(self.error(
                span,
                "expected a statement",
                &format!("the statements are {}", STATEMENTS.join(", ")),
            ));
        };
        let word = word.to_owned();
        let statement = match word.as_str() {
            "read" | "line" => self.read(word == "line", &span)?,
            "repeat" => {
                let count = self.expression()?;
                let body = self.block(&span)?;
                Statement::Repeat { count, body }
            }
            "loop" => {
                let body = self.block(&span)?;
                Statement::Loop { body }
            }
            "stop" => Statement::Stop(self.condition(&span)?),
            "break" => {
                if self.loops == 0 {
                    return Err(self.error(
                        span,
                        "break is outside every loop",
                        "use stop if to end the input",
                    ));
                }
                Statement::Break(self.condition(&span)?)
            }
            "case" => {
                let template = self.template(&span, "a position, e.g. case {n}", false)?;
                self.cases.push(self.known.clone());
                Statement::Case(template)
            }
            "newline" => Statement::Newline,
            "game" | "say" if in_block => {
                return Err(self.error(
                    span,
                    &format!("{word} belongs to the whole description, not to a block"),
                    "move it out of the braces",
                ));
            }
            "game" => {
                if let Some((_, first)) = &self.game {
                    let first = first.clone();
                    return Err(self.error(
                        span,
                        &format!("a second game (the first is at byte {})", first.start + 1),
                        "a description has one game",
                    ));
                }
                let template = self.template(&span, "a game spec, e.g. game bash:{m}", true)?;
                if matches!(
                    template.pieces.first(),
                    Some(Piece::Variable(_) | Piece::Computed(_))
                ) {
                    return Err(self.error(
                        start..self.at,
                        "the game's family is written out: only its numbers come from the input",
                        "e.g. game bash:{m} or game subtraction:1,2,{k}",
                    ));
                }
                self.game = Some((template, start..self.at));
                return Ok(None);
            }
            "say" => {
                if self.output.is_some() {
                    return Err(self.error(span, "a second say", "a description has one say"));
                }
                let said = self.say(start)?;
                self.output = Some(said);
                return Ok(None);
            }
            _ => {
                let hint = match super::closest(&word, &STATEMENTS) {
                    Some(name) => format!(
                        "did you mean {name}? The statements are {}",
                        STATEMENTS.join(", ")
                    ),
                    None => format!("the statements are {}", STATEMENTS.join(", ")),
                };
                return Err(self.error(span, &format!("unknown statement '{word}'"), &hint));
            }
        };
        Ok(Some(statement))
    }

    fn block(&mut self, keyword: &Range<usize>) -> Result<Vec<Statement>, InputError> {
        self.expect(
            '{',
            "a block is written in braces, e.g. repeat T { read n; case {n} }",
        )?;
        self.loops += 1;
        let body = self.body(true)?;
        self.loops -= 1;
        if !contains(&body, &|statement| {
            matches!(statement, Statement::Read { .. })
        }) {
            return Err(self.error(
                keyword.clone(),
                "this loop reads nothing: it would never end",
                "read the case's numbers inside it",
            ));
        }
        Ok(body)
    }

    fn read(&mut self, line: bool, keyword: &Range<usize>) -> Result<Statement, InputError> {
        let mut items: Vec<Item> = Vec::new();
        loop {
            self.blank();
            if matches!(self.peek(), None | Some(';' | '\n' | '}')) {
                break;
            }
            if items.last().is_some_and(|item| item.length == Length::Rest) {
                let span = self.next_span();
                return Err(self.error(
                    span,
                    "nothing can be read after a list that takes the rest of the line",
                    "put the list last",
                ));
            }
            let start = self.at;
            let item = self.item(line)?;
            let variable = Reading {
                list: item.length != Length::One,
                word: item.kind == Kind::Word,
            };
            for name in &item.names {
                if let Some(before) = self.known.get(name)
                    && *before != variable
                {
                    return Err(self.error(
                        start..self.at,
                        &format!("{name} is read before as {}", describe(*before)),
                        "give it another name",
                    ));
                }
                self.known.insert(name.clone(), variable);
            }
            items.push(item);
        }
        if items.is_empty() {
            return Err(self.error(
                keyword.clone(),
                "this statement reads nothing",
                "name what it reads, e.g. read n m",
            ));
        }
        Ok(Statement::Read { line, items })
    }

    /// One item of a read statement: `n`, `h[m]`, `h[]`, `(u v)[m]`, with `:word` or a range.
    fn item(&mut self, line: bool) -> Result<Item, InputError> {
        let start = self.at;
        let names = if self.eat('(') {
            let mut names = Vec::new();
            while let Some(name) = self.variable_name()? {
                names.push(name);
            }
            self.expect(')', "a tuple is written (u v)[m]")?;
            if names.len() < 2 {
                return Err(self.error(
                    start..self.at,
                    "a tuple names two variables or more",
                    "write (u v)[m] for m pairs u v",
                ));
            }
            if let Some(twice) = names
                .iter()
                .enumerate()
                .find_map(|(i, name)| names[..i].contains(name).then_some(name))
            {
                return Err(self.error(
                    start..self.at,
                    &format!("the tuple names {twice} twice"),
                    "give each value of a tuple its own name",
                ));
            }
            names
        } else if let Some(name) = self.variable_name()? {
            vec![name]
        } else {
            let span = self.next_span();
            return Err(self.error(
                span,
                "expected a variable to read",
                "a variable is a name such as n, h[m] or s:word",
            ));
        };
        let length = if self.eat('[') {
            if self.eat(']') {
                if !line {
                    return Err(self.error(
                        start..self.at,
                        "a list without a count takes the rest of a line, so only line reads one",
                        "write line h[] (the whole line), or read m h[m]",
                    ));
                }
                Length::Rest
            } else {
                let count = self.expression()?;
                self.expect(']', "a list is written h[m]")?;
                Length::Counted(count)
            }
        } else if names.len() > 1 {
            return Err(self.error(
                start..self.at,
                "a tuple is read as a list",
                "give its count, e.g. (u v)[m]",
            ));
        } else {
            Length::One
        };
        let kind = if !self.eat(':') {
            Kind::Number { range: None }
        } else if self.keyword("word") {
            Kind::Word
        } else {
            let low = self.expression()?;
            self.blank();
            if !self.text[self.at..].starts_with("..") {
                let span = self.next_span();
                return Err(self.error(
                    span,
                    "expected '..' in a range",
                    "write n:1..1000, or s:word",
                ));
            }
            self.at += 2;
            let high = self.expression()?;
            if let (Expression::Literal(low), Expression::Literal(high)) = (&low, &high)
                && low > high
            {
                return Err(self.error(
                    start..self.at,
                    &format!("the range {low}..{high} holds no number"),
                    "write the least value first, e.g. n:1..1000",
                ));
            }
            Kind::Number {
                range: Some((low, high)),
            }
        };
        Ok(Item {
            names,
            length,
            kind,
        })
    }

    /// A new variable's name, or `None` when the next thing is not a name.
    fn variable_name(&mut self) -> Result<Option<String>, InputError> {
        let start = self.at;
        let Some((name, span)) = self.identifier() else {
            return Ok(None);
        };
        if KEYWORDS.contains(&name) {
            let name = name.to_owned();
            self.at = start;
            return Err(self.error(
                span,
                &format!("'{name}' is a keyword, not a variable"),
                "give the variable another name",
            ));
        }
        Ok(Some(name.to_owned()))
    }

    /// A variable read before, for use.
    fn known_variable(
        &self,
        name: &str,
        span: Range<usize>,
        number: bool,
    ) -> Result<Reading, InputError> {
        let Some(variable) = self.known.get(name) else {
            if self.lenient {
                return Ok(Reading {
                    list: false,
                    word: false,
                });
            }
            return Err(self.error(
                span,
                &format!("{name} is not read before this"),
                "read it first, e.g. read n",
            ));
        };
        if number && (variable.word || variable.list && !self.elementwise) {
            return Err(self.error(
                span,
                &format!("{name} is {}, not a number", describe(*variable)),
                "counts and bounds are numbers read alone",
            ));
        }
        Ok(*variable)
    }

    fn expression(&mut self) -> Result<Expression, InputError> {
        let start = self.at;
        let mut left = self.term()?;
        let mut operators = 0;
        loop {
            operators += 1;
            if operators > MOST_DEPTH {
                return Err(self.error(
                    start..self.at,
                    &format!("an expression of more than {MOST_DEPTH} terms"),
                    "a count or a bound is a short expression, e.g. n - 1",
                ));
            }
            if self.eat('+') {
                left = Expression::Add(Box::new(left), Box::new(self.term()?));
            } else if self.peek_minus() {
                self.at += 1;
                left = Expression::Subtract(Box::new(left), Box::new(self.term()?));
            } else {
                return Ok(left);
            }
        }
    }

    fn peek_minus(&mut self) -> bool {
        self.blank();
        self.peek() == Some('-')
    }

    fn term(&mut self) -> Result<Expression, InputError> {
        let start = self.at;
        let mut left = self.factor()?;
        let mut factors = 0;
        while self.eat('*') {
            factors += 1;
            if factors > MOST_DEPTH {
                return Err(self.error(
                    start..self.at,
                    &format!("a product of more than {MOST_DEPTH} factors"),
                    "a count or a bound is a short expression, e.g. 2 * n",
                ));
            }
            left = Expression::Multiply(Box::new(left), Box::new(self.factor()?));
        }
        Ok(left)
    }

    /// One level deeper, refused beyond [`MOST_DEPTH`].
    fn deeper(&mut self, at: Range<usize>) -> Result<(), InputError> {
        self.depth += 1;
        if self.depth > MOST_DEPTH {
            return Err(self.error(
                at,
                &format!("blocks and parentheses are nested more than {MOST_DEPTH} deep here"),
                "a judge's input is described in a few levels",
            ));
        }
        Ok(())
    }

    fn factor(&mut self) -> Result<Expression, InputError> {
        self.blank();
        let start = self.at;
        if self.eat('(') {
            self.deeper(start..start + 1)?;
            let inner = self.expression()?;
            self.expect(')', "close the parenthesis")?;
            self.depth -= 1;
            return Ok(inner);
        }
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return self.literal().map(Expression::Literal);
        }
        let start = self.at;
        match self.identifier() {
            Some((name, span)) if !KEYWORDS.contains(&name) => {
                let name = name.to_owned();
                self.known_variable(&name, span, true)?;
                Ok(Expression::Variable(name))
            }
            _ => {
                self.at = start;
                let span = self.next_span();
                Err(self.error(
                    span,
                    "expected a number or a variable",
                    "e.g. T, n - 1, 2 * n, 10^18",
                ))
            }
        }
    }

    /// A whole number: digits, or `10^18`, within 64 bits.
    fn literal(&mut self) -> Result<u64, InputError> {
        self.blank();
        let start = self.at;
        let digits = |text: &str| {
            text.find(|c: char| !c.is_ascii_digit())
                .unwrap_or(text.len())
        };
        let base_length = digits(&self.text[start..]);
        let mut end = start + base_length;
        let base = &self.text[start..end];
        let value = if self.text[end..].starts_with('^') {
            let exponent_length = digits(&self.text[end + 1..]);
            let exponent = &self.text[end + 1..end + 1 + exponent_length];
            end += 1 + exponent_length;
            match (base.parse::<u64>(), exponent.parse::<u32>()) {
                (Ok(base), Ok(exponent)) => base.checked_pow(exponent),
                _ => None,
            }
        } else {
            base.parse::<u64>().ok()
        };
        self.at = end;
        value.ok_or_else(|| {
            self.error(
                start..end,
                "not a whole number of 64 bits",
                "numbers in a description are at most 18446744073709551615 (e.g. 10^18)",
            )
        })
    }

    fn condition(&mut self, keyword: &Range<usize>) -> Result<Condition, InputError> {
        if !self.keyword("if") {
            let span = self.next_span();
            let _ = keyword;
            return Err(self.error(span, "expected 'if'", "write e.g. stop if n == 0"));
        }
        let mut equalities = Vec::new();
        loop {
            let Some((name, span)) = self.identifier() else {
                let span = self.next_span();
                return Err(self.error(span, "expected a variable", "write e.g. n == 0"));
            };
            let name = name.to_owned();
            let variable = self.known_variable(&name, span.clone(), false)?;
            if variable.word {
                return Err(self.error(
                    span,
                    &format!(
                        "{name} is {}: a condition compares numbers",
                        describe(variable)
                    ),
                    "compare a number, e.g. n == 0",
                ));
            }
            self.blank();
            if !self.text[self.at..].starts_with("==") {
                let span = self.next_span();
                return Err(self.error(span, "expected '=='", "write e.g. n == 0"));
            }
            self.at += 2;
            self.blank();
            if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                let span = self.next_span();
                return Err(self.error(
                    span,
                    "a condition compares a variable with a number",
                    "write e.g. n == 0",
                ));
            }
            let value = self.literal()?;
            equalities.push((name, value));
            if !self.keyword("and") {
                return Ok(Condition { equalities });
            }
        }
    }

    /// A template: quoted, or the rest of the statement (up to `;`, a line break, or a `}`
    /// that closes a block).
    /// `game` says whether it is the game's, which may name values read later (checked at each
    /// case).
    fn template(
        &mut self,
        keyword: &Range<usize>,
        what: &str,
        game: bool,
    ) -> Result<Template, InputError> {
        self.blank();
        let quoted = self.peek() == Some('"');
        let (text, offset) = if quoted {
            let (text, span) = self.quoted()?;
            (text, span.start + 1)
        } else {
            let start = self.at;
            let mut depth = 0usize;
            let mut end = self.text.len();
            for (i, c) in self.text[start..].char_indices() {
                match c {
                    ';' | '\n' => {
                        end = start + i;
                        break;
                    }
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        end = start + i;
                        break;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            self.at = end;
            let text = self.text[start..end].trim_end().to_owned();
            (text, start)
        };
        if text.trim().is_empty() {
            return Err(self.error(
                keyword.clone(),
                &format!("expected {what}"),
                "write it after the keyword",
            ));
        }
        let mut pieces = Vec::new();
        let mut rest = text.as_str();
        let mut at = offset;
        while let Some(open) = rest.find('{') {
            if open > 0 {
                pieces.push(Piece::Text(rest[..open].to_owned()));
            }
            let Some(close) = rest[open..].find('}') else {
                return Err(self.error(
                    at + open..at + rest.len(),
                    "this brace is not closed",
                    "a value is written {name}",
                ));
            };
            let inside = &rest[open + 1..open + close];
            let name = inside.trim();
            let span = at + open..at + open + close + 1;
            if name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                if !game || self.known.contains_key(name) {
                    self.known_variable(name, span, false)?;
                }
                pieces.push(Piece::Variable(name.to_owned()));
            } else {
                pieces.push(Piece::Computed(self.braced(inside, at + open + 1, game)?));
            }
            at += open + close + 1;
            rest = &rest[open + close + 1..];
        }
        if !rest.is_empty() {
            pieces.push(Piece::Text(rest.to_owned()));
        }
        Ok(Template { pieces })
    }

    /// The expression in braces `inside`, which starts at byte `offset` of the description:
    /// lists allowed (each element computed), and in a game variables read later.
    fn braced(&self, inside: &str, offset: usize, game: bool) -> Result<Expression, InputError> {
        let mut parser = Parser {
            text: inside,
            at: 0,
            known: self.known.clone(),
            loops: 0,
            game: None,
            output: None,
            cases: Vec::new(),
            elementwise: true,
            lenient: game,
            depth: self.depth,
        };
        let shift = |mut error: InputError| {
            self.text.clone_into(&mut error.text);
            error.span = error.span.start + offset..error.span.end + offset;
            error.what = "judge description";
            error
        };
        let expression = parser.expression().map_err(shift)?;
        parser.blank();
        if parser.at < inside.len() {
            let span = parser.at..inside.len();
            return Err(shift(parser.error(
                span,
                "braces hold a variable or an expression such as {u - 1}",
                "",
            )));
        }
        Ok(expression)
    }

    /// A double-quoted string (`\"` and `\\` escaped), and its span.
    fn quoted(&mut self) -> Result<(String, Range<usize>), InputError> {
        let start = self.at;
        self.at += 1;
        let mut text = String::new();
        let mut chars = self.text[self.at..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.at += i + 1;
                    return Ok((text, start..self.at));
                }
                '\\' => match chars.next() {
                    Some((_, escaped @ ('"' | '\\'))) => text.push(escaped),
                    _ => {
                        return Err(self.error(
                            self.at + i..self.at + i + 1,
                            "a backslash escapes '\"' or '\\' only",
                            "",
                        ));
                    }
                },
                '\n' => break,
                c => text.push(c),
            }
        }
        Err(self.error(
            start..start + 1,
            "this quote is not closed on its line",
            "close it with '\"'",
        ))
    }

    /// A word of `say`: bare or quoted; `None` at the end of the statement.
    fn word(&mut self) -> Result<Option<(String, Range<usize>, bool)>, InputError> {
        self.blank();
        match self.peek() {
            None | Some(';' | '\n' | '}') => Ok(None),
            Some('"') => {
                let (text, span) = self.quoted()?;
                Ok(Some((text, span, true)))
            }
            Some(first) => {
                let start = self.at;
                let rest = &self.text[start..];
                let length = rest
                    .find(|c: char| c.is_whitespace() || ";{}\"#".contains(c))
                    .unwrap_or(rest.len());
                if length == 0 {
                    return Err(self.error(
                        start..start + first.len_utf8(),
                        &format!("'{first}' cannot start a word of say"),
                        "quote a word that holds braces, e.g. say \"{W}\" L",
                    ));
                }
                self.at += length;
                Ok(Some((rest[..length].to_owned(), start..self.at, false)))
            }
        }
    }

    /// Refuses a word that would not print as a token: empty, or with a space at an end.
    fn printable(&self, word: &str, span: &Range<usize>) -> Result<(), InputError> {
        if word.is_empty() || word.trim() != word || word.contains('\n') {
            return Err(self.error(
                span.clone(),
                "a word is printed as it is, and it cannot be empty or begin or end with a space",
                "",
            ));
        }
        Ok(())
    }

    /// `say …` after the keyword starting at `start`.
    fn say(&mut self, start: usize) -> Result<Said, InputError> {
        let mut words: Vec<(String, Range<usize>, bool)> = Vec::new();
        while let Some(word) = self.word()? {
            words.push(word);
        }
        let span = start..self.at;
        let bare = |index: usize, keyword: &str| {
            words
                .get(index)
                .is_some_and(|(text, _, quoted)| !quoted && text == keyword)
        };
        let mut index = 0;
        let output = if bare(0, "count") {
            index = 1;
            OutputFormat::Count
        } else {
            let moves = bare(0, "moves");
            let second = bare(0, "second");
            if moves || second {
                index = 1;
            }
            let mut pair = Vec::new();
            while pair.len() < 2 {
                match words.get(index) {
                    Some((text, span, quoted))
                        if *quoted || !["tie", "draw", "join"].contains(&text.as_str()) =>
                    {
                        self.printable(text, span)?;
                        pair.push(text.clone());
                        index += 1;
                    }
                    _ => {
                        return Err(self.error(
                            span,
                            "say needs two words: the first is printed when the player to move wins, the second when they lose",
                            "e.g. say Yes No, say second Yes No (the second player's verdict), say count, say moves Yes No; a word that is a keyword (tie, draw, join, count, moves, second) is quoted, and # starts a comment",
                        ));
                    }
                }
            }
            let (win, lose) = if second {
                (pair[1].clone(), pair[0].clone())
            } else {
                (pair[0].clone(), pair[1].clone())
            };
            let mut words_said = Words::new(win, lose);
            if !moves {
                while let Some(which) = ["tie", "draw"].into_iter().find(|k| bare(index, k)) {
                    let Some((word, word_span, _)) = words.get(index + 1) else {
                        return Err(self.error(
                            words[index].1.clone(),
                            &format!("{which} needs its word"),
                            &format!("e.g. {which} 0"),
                        ));
                    };
                    self.printable(word, word_span)?;
                    let slot = if which == "tie" {
                        &mut words_said.tie
                    } else {
                        &mut words_said.draw
                    };
                    if slot.replace(word.clone()).is_some() {
                        return Err(self.error(
                            words[index].1.clone(),
                            &format!("a second {which} word"),
                            &format!("say has one {which} word"),
                        ));
                    }
                    index += 2;
                }
            }
            if moves {
                OutputFormat::Moves(words_said)
            } else {
                OutputFormat::Words(words_said)
            }
        };
        let mut separator = " ".to_owned();
        if bare(index, "join") {
            let Some((text, _, _)) = words.get(index + 1) else {
                return Err(self.error(
                    words[index].1.clone(),
                    "join needs what separates answers on one line",
                    "e.g. join \"\" (nothing) or join \" \"",
                ));
            };
            separator.clone_from(text);
            index += 2;
        }
        if let Some((text, span, _)) = words.get(index) {
            return Err(self.error(
                span.clone(),
                &format!("unexpected '{text}' in say"),
                "say WIN LOSE [tie WORD] [draw WORD] [join SEPARATOR]; say count; say moves WIN LOSE",
            ));
        }
        Ok((output, separator, span))
    }
}

/// "a list", "a word", "a list of words", "a number".
fn describe(variable: Reading) -> &'static str {
    match (variable.list, variable.word) {
        (true, true) => "a list of words",
        (true, false) => "a list",
        (false, true) => "a word",
        (false, false) => "a number",
    }
}

impl fmt::Display for Description {
    /// The description in one line, statements separated by `; ` (it reads back as the same
    /// description).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_statements(f, &self.statements)?;
        if let Some(game) = &self.game {
            write!(f, "; game {game}")?;
        }
        f.write_str("; say ")?;
        // A word is quoted where it would read as a keyword (first, or after the pair), and
        // where it holds a backslash: bare, it would read the same, but a line of text that
        // quotes the description could end with it.
        let word = |text: &str, keywords: &[&str]| {
            let bare = !text.is_empty()
                && !text
                    .chars()
                    .any(|c| c.is_whitespace() || ";{}\"#\\".contains(c))
                && !keywords.contains(&text);
            if bare {
                text.to_owned()
            } else {
                word_always_quoted(text)
            }
        };
        let first = ["count", "moves", "second", "tie", "draw", "join"];
        let later = ["tie", "draw", "join"];
        match &self.output {
            OutputFormat::Count => f.write_str("count")?,
            OutputFormat::Moves(words) => write!(
                f,
                "moves {} {}",
                word(&words.win, &later),
                word(&words.lose, &later)
            )?,
            OutputFormat::Words(words) => {
                write!(
                    f,
                    "{} {}",
                    word(&words.win, &first),
                    word(&words.lose, &later)
                )?;
                if let Some(tie) = &words.tie {
                    write!(f, " tie {}", word(tie, &later))?;
                }
                if let Some(draw) = &words.draw {
                    write!(f, " draw {}", word(draw, &later))?;
                }
            }
        }
        if self.separator != " " {
            write!(f, " join {}", word_always_quoted(&self.separator))?;
        }
        Ok(())
    }
}

fn word_always_quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn write_statements(f: &mut fmt::Formatter<'_>, statements: &[Statement]) -> fmt::Result {
    for (i, statement) in statements.iter().enumerate() {
        if i > 0 {
            f.write_str("; ")?;
        }
        write!(f, "{statement}")?;
    }
    Ok(())
}

impl fmt::Display for Statement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Read { line, items } => {
                f.write_str(if *line { "line" } else { "read" })?;
                for item in items {
                    write!(f, " {item}")?;
                }
                Ok(())
            }
            Self::Repeat { count, body } => {
                write!(f, "repeat {count} {{ ")?;
                write_statements(f, body)?;
                f.write_str(" }")
            }
            Self::Loop { body } => {
                f.write_str("loop { ")?;
                write_statements(f, body)?;
                f.write_str(" }")
            }
            Self::Stop(condition) => write!(f, "stop if {condition}"),
            Self::Break(condition) => write!(f, "break if {condition}"),
            Self::Case(template) => write!(f, "case {template}"),
            Self::Newline => f.write_str("newline"),
        }
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.names.as_slice() {
            [name] => f.write_str(name)?,
            names => write!(f, "({})", names.join(" "))?,
        }
        match &self.length {
            Length::One => {}
            Length::Counted(count) => write!(f, "[{count}]")?,
            Length::Rest => f.write_str("[]")?,
        }
        match &self.kind {
            Kind::Word => f.write_str(":word"),
            Kind::Number { range: None } => Ok(()),
            Kind::Number {
                range: Some((low, high)),
            } => write!(f, ":{low}..{high}"),
        }
    }
}

impl fmt::Display for Expression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Parenthesised where the precedence needs it: a sum inside a product, a sum or
        // difference on the right of a difference.
        let grouped = |f: &mut fmt::Formatter<'_>, e: &Expression, group: bool| {
            if group {
                write!(f, "({e})")
            } else {
                write!(f, "{e}")
            }
        };
        let is_sum = |e: &Expression| matches!(e, Self::Add(..) | Self::Subtract(..));
        match self {
            Self::Literal(value) => write!(f, "{value}"),
            Self::Variable(name) => f.write_str(name),
            Self::Add(a, b) => {
                write!(f, "{a} + ")?;
                grouped(f, b, is_sum(b))
            }
            Self::Subtract(a, b) => {
                write!(f, "{a} - ")?;
                grouped(f, b, is_sum(b))
            }
            Self::Multiply(a, b) => {
                grouped(f, a, is_sum(a))?;
                f.write_str(" * ")?;
                grouped(f, b, is_sum(b) || matches!(**b, Self::Multiply(..)))
            }
        }
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, value)) in self.equalities.iter().enumerate() {
            if i > 0 {
                f.write_str(" and ")?;
            }
            write!(f, "{name} == {value}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(part) => text.push_str(part),
                Piece::Variable(name) => {
                    text.push('{');
                    text.push_str(name);
                    text.push('}');
                }
                Piece::Computed(expression) => {
                    text.push('{');
                    text.push_str(&expression.to_string());
                    text.push('}');
                }
            }
        }
        let plain = self.pieces.iter().all(|piece| match piece {
            Piece::Text(part) => !part.contains([';', '"', '\n', '{', '}']),
            Piece::Variable(_) | Piece::Computed(_) => true,
        }) && !text.starts_with(char::is_whitespace)
            && !text.starts_with('"');
        if plain {
            f.write_str(&text)
        } else {
            f.write_str(&word_always_quoted(&text))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> (String, Range<usize>) {
        let error = Description::parse(text).unwrap_err();
        (error.message, error.span)
    }

    #[test]
    fn descriptions_read_back_as_themselves() {
        for text in [
            "read T; repeat T { read n m:1..1000; case {n} }; game bash:{m}; say first second",
            "loop { read k; stop if k == 0; read s[k]; read m; repeat m { read l h[l]; case {h} }; newline }; game subtraction:{s}; say W L join \"\"",
            "loop { line m n p; stop if m == 0 and n == 0 and p == 0; case {m},{n},{p} }; say Fibo Nacci",
            "read n; read (u v)[n - 1]:1..n; case {u}-{v}; game hackenbush; say Alice Bob tie Draw",
            "read a b c; loop { read n; case {n} }; newline; game oddball:{a},{b},{c}; say + - tie 0",
            "loop { line s:word; case \"{s};\" }; say count",
            "read n; repeat 2 * (n + 1) { read x; case {x} }; say moves Yes No",
            "read n; read (u v)[n]; case {u - 1}-{v - 1}; game hackenbush; say A B",
        ] {
            let description = Description::parse(text).unwrap();
            assert_eq!(description.to_string(), text);
            assert_eq!(
                Description::parse(&description.to_string()).unwrap(),
                description
            );
        }
    }

    #[test]
    fn the_second_players_words_are_turned_round() {
        let description =
            Description::parse("loop { read n; case {n} }\nsay second Yes No").unwrap();
        assert_eq!(
            description.output,
            OutputFormat::Words(Words::new("No".to_owned(), "Yes".to_owned()))
        );
    }

    #[test]
    fn mistakes_are_pointed_at() {
        assert_eq!(
            error_of("read T; repeat T { read n; case {m} }; say Yes No"),
            ("m is not read before this".to_owned(), 32..35)
        );
        assert_eq!(error_of("raed n; case {n}; say A B").1, 0..4);
        assert!(
            error_of("loop { case 1 }; say A B")
                .0
                .contains("reads nothing")
        );
        assert!(error_of("read n; case {n}").0.contains("needs a say"));
        assert!(error_of("read n; say A B").0.contains("no case"));
        assert!(
            error_of("read h[]; case {h}; say A B")
                .0
                .contains("only line")
        );
        assert!(
            error_of("read h[n]; case {h}; say A B")
                .0
                .contains("not read before")
        );
        assert!(
            error_of("read h:word; read x[h]; case {x}; say A B")
                .0
                .contains("a word, not a number")
        );
        assert!(
            error_of("read n; break if n == 0; case {n}; say A B")
                .0
                .contains("outside")
        );
        assert!(
            error_of("read n; case {n}; game bash:{m}; read m; say A B")
                .0
                .contains("before every case")
        );
        assert!(
            error_of("read n; case {n}; say Yes")
                .0
                .contains("two words")
        );
        assert!(
            error_of("loop { read n; case {n}; newline }; say moves Yes No")
                .0
                .contains("lines of its own")
        );
        assert!(
            error_of("read n:1..2^70; case {n}; say A B")
                .0
                .contains("64 bits")
        );
    }
}
