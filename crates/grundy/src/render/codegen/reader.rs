//! The reader of a generated program: the judge description's statements written as code, the
//! same way in every language through [`ReaderSyntax`].
//!
//! The program's `run` declares each variable the description reads, then does what each
//! statement says — reads a number, a word, a counted list or a whole line from the input's
//! tokens (each token knows its line), repeats and loops, stops where the input ends, answers a
//! case — exactly as `grundy contest` interprets the description (`input::judge_format`). The
//! helpers it calls (`Input`, `Line`, `Output`, `Games`, `add`/`sub`/`mul`) are each language's
//! own pieces.

use std::collections::HashMap;

use crate::analysis::codegen::{Argument, Carried, PositionForm, Program};
use crate::input::judge_format::description::{
    Condition, Expression, Item, Kind, Length, Piece, Reading, Statement, Template,
};

/// A number or a list of numbers in a position or a game's argument list.
pub(super) enum Part {
    /// One number, as code.
    One(String),
    /// Every number of a list variable.
    List(String),
}

/// How a variable is used, for its declaration.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Usage {
    /// Named in an expression, a condition, a position or the game.
    pub(super) used: bool,
    /// How many statements read it.
    reads: u32,
    /// Whether one of them is in a loop.
    in_loop: bool,
}

impl Usage {
    /// Whether it is read more than once while the program runs (at two places, or in a loop).
    pub(super) fn reassigned(self) -> bool {
        self.reads > 1 || self.in_loop
    }
}

/// How one language writes the reader's statements. Conditions, expressions and values are
/// code strings; statements are lines without the indent.
pub(super) trait ReaderSyntax {
    /// One level of indent.
    fn indent(&self) -> &'static str {
        "    "
    }

    /// The indent of `run`'s body, in levels (Java's methods are inside its class).
    fn base_depth(&self) -> usize {
        1
    }

    /// The head of a block (`for … {`, `for …:`).
    fn open(&self, head: &str) -> String {
        format!("{head} {{")
    }

    /// The end of a block (`}`); `None` where the indent ends it.
    fn close(&self) -> Option<&'static str> {
        Some("}")
    }

    /// A plain block of its own (C++ `{`), where a line's reader is scoped; `None` where the
    /// language has no need (Python).
    fn scope(&self) -> Option<&'static str> {
        Some("{")
    }

    /// The variable's name in the program (Rust marks one never used with `_`).
    fn name(&self, name: &str, usage: Usage) -> String {
        let _ = usage;
        name.to_owned()
    }

    /// The declaration of a variable at the top of `run`, if the language declares them.
    fn declare(&self, name: &str, reading: Reading, usage: Usage) -> Option<String>;

    /// `name = value` as a statement.
    fn assign(&self, name: &str, value: &str) -> String {
        format!("{name} = {value};")
    }

    /// A new empty list assigned to `name`.
    fn clear(&self, name: &str, reading: Reading) -> String;

    /// `value` appended to the list `name`.
    fn push(&self, name: &str, value: &str) -> String;

    /// The next number of `source` (`input` or `line`), read as `what`.
    fn read_number(&self, source: &str, what: &str) -> String {
        format!("{source}.number(\"{what}\")")
    }

    /// The next word of `source`.
    fn read_word(&self, source: &str, what: &str) -> String {
        format!("{source}.word(\"{what}\")")
    }

    /// Whether `source` has a token left.
    fn more(&self, source: &str) -> String {
        format!("{source}.more()")
    }

    /// How many tokens `line` has left.
    fn left(&self) -> String {
        "line.left()".to_owned()
    }

    /// The head of a loop run `count` times (`depth` names its counter).
    fn repeat(&self, depth: usize, count: &str) -> String;

    /// The head of a loop run while `condition` holds.
    fn while_head(&self, condition: &str) -> String {
        format!("while ({condition})")
    }

    /// The head of a conditional.
    fn if_head(&self, condition: &str) -> String {
        format!("if ({condition})")
    }

    /// Leaves the innermost loop.
    fn break_statement(&self) -> &'static str {
        "break;"
    }

    /// Leaves `run`: the input ends here.
    fn return_statement(&self) -> &'static str {
        "return;"
    }

    /// The statement that reads the next line (commas separating too when `commas`) into
    /// `line`, read as `what`.
    fn line_start(&self, commas: bool, what: &str) -> String;

    /// The statement that refuses what is left on `line`.
    fn line_end(&self) -> String {
        "line.end();".to_owned()
    }

    /// Marks where a round starts (`depth` names the mark).
    fn mark(&self, depth: usize) -> String;

    /// Whether the input has not moved since the mark.
    fn unmoved(&self, depth: usize) -> String {
        format!("input.at == before{depth}")
    }

    /// A statement that stops the program with `message`.
    fn fail(&self, message: &str) -> String {
        format!("fail(\"{message}\");")
    }

    /// Whether the one number `name` equals `value`.
    fn equals(&self, name: &str, value: u64) -> String {
        format!("{name} == {}", self.constant(value))
    }

    /// Whether the list `name` is not empty and all its numbers equal `value`.
    fn all_equal(&self, name: &str, value: u64) -> String {
        format!("all_equal({name}, {})", self.constant(value))
    }

    /// The conjunction.
    fn and(&self) -> &'static str {
        " && "
    }

    /// A number in the source.
    fn constant(&self, value: u64) -> String;

    /// The numbers of `parts`, side by side, as the argument `answer` and `Games::of` take.
    fn numbers(&self, parts: &[Part]) -> String;

    /// The statement that answers a case of `game` (an expression) at `position`.
    fn answer(&self, game: &str, position: &str) -> String;

    /// The expression of the one game, declared at the top of `run` as `game`.
    fn game(&self) -> &'static str {
        "game"
    }

    /// The expression of a carried game built from `values`.
    fn carried_game(&self, values: &str) -> String {
        format!("games.of({values})")
    }

    /// The statement that ends the answers' current line.
    fn newline(&self) -> &'static str {
        "out.newline();"
    }

    /// How many numbers the list `list` holds.
    fn length(&self, list: &str) -> String {
        format!("{list}.size()")
    }

    /// The number at `index` of the list `list`.
    fn element(&self, list: &str, index: &str) -> String {
        format!("{list}[{index}]")
    }

    /// The head of a loop of `index` from 0 below `length`.
    fn each_index(&self, index: &str, length: &str) -> String {
        format!("for (size_t {index} = 0; {index} < {length}; ++{index})")
    }
}

/// The body of `run` (without its head and end), at one indent: the declarations, the game, and
/// the statements.
pub(super) fn body(program: &Program, syntax: &dyn ReaderSyntax, game_declaration: &str) -> String {
    let description = &program.format.description;
    let usages = usages(description.statements.as_slice(), program);
    let names: Vec<&str> = description
        .variables()
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let unused = |base: &str| {
        (0..)
            .map(|n| {
                if n == 0 {
                    base.to_owned()
                } else {
                    format!("{base}{n}")
                }
            })
            .find(|name| !names.contains(&name.as_str()))
            .expect("a name no variable has")
    };
    let mut writer = Writer {
        out: String::new(),
        depth: syntax.base_depth(),
        syntax,
        readings: description.variables().into_iter().collect(),
        usages,
        carried: program.carried.as_ref(),
        joins: description.joins(),
        rounds: 0,
        form: program.position,
        position: unused("position"),
        index: unused("index"),
        graph: unused("graph"),
    };
    for (name, reading) in description.variables() {
        let usage = writer.usage(name);
        if let Some(declaration) = syntax.declare(&syntax.name(name, usage), reading, usage) {
            writer.line(&declaration);
        }
    }
    // The lists each case's position and game are built in, where they are.
    let list = Reading {
        list: true,
        word: false,
    };
    let usage = Usage {
        used: true,
        reads: 2,
        in_loop: true,
    };
    let mut built = Vec::new();
    if writer.form != PositionForm::Values {
        built.push(writer.position.clone());
    }
    if writer.carried.is_some_and(grouped) {
        built.push(writer.graph.clone());
    }
    for name in built {
        if let Some(declaration) = syntax.declare(&name, list, usage) {
            writer.line(&declaration);
        }
    }
    if !game_declaration.is_empty() {
        writer.line(game_declaration);
    }
    writer.statements(&description.statements);
    writer.out
}

/// How each variable is used: named anywhere, and read more than once.
fn usages(statements: &[Statement], program: &Program) -> HashMap<String, Usage> {
    fn walk(statements: &[Statement], inside: bool, usages: &mut HashMap<String, Usage>) {
        let use_all = |names: Vec<&str>, usages: &mut HashMap<String, Usage>| {
            for name in names {
                usages.entry(name.to_owned()).or_default().used = true;
            }
        };
        for statement in statements {
            match statement {
                Statement::Read { items, .. } => {
                    for item in items {
                        if let Length::Counted(count) = &item.length {
                            use_all(count.variables(), usages);
                        }
                        for name in &item.names {
                            let usage = usages.entry(name.clone()).or_default();
                            usage.reads += 1;
                            usage.in_loop |= inside;
                        }
                    }
                }
                Statement::Repeat { count, body } => {
                    use_all(count.variables(), usages);
                    walk(body, true, usages);
                }
                Statement::Loop { body } => walk(body, true, usages),
                Statement::Stop(condition) | Statement::Break(condition) => use_all(
                    condition
                        .equalities
                        .iter()
                        .map(|(name, _)| name.as_str())
                        .collect(),
                    usages,
                ),
                Statement::Case(template) => use_all(template.variables().collect(), usages),
                Statement::Newline => {}
            }
        }
    }
    let mut usages = HashMap::new();
    walk(statements, false, &mut usages);
    if let Some(carried) = &program.carried {
        for name in carried.spec.variables() {
            usages.entry(name.to_owned()).or_default().used = true;
        }
    }
    usages
}

/// Writes the statements of `run`.
struct Writer<'p> {
    out: String,
    depth: usize,
    syntax: &'p dyn ReaderSyntax,
    readings: HashMap<&'p str, Reading>,
    usages: HashMap<String, Usage>,
    carried: Option<&'p Carried>,
    /// Whether answers share lines until a `newline`.
    joins: bool,
    /// Loops opened so far (each names its mark and counter).
    rounds: usize,
    /// How the cases' positions are written.
    form: PositionForm,
    /// The list a position is built in, when it is not values side by side.
    position: String,
    /// The index over the elements of a group.
    index: String,
    /// The list a carried game's numbers are built in, when groups are among them.
    graph: String,
}

/// Whether a carried game's arguments hold a group (`{u}>{v}`), built element by element.
fn grouped(carried: &Carried) -> bool {
    carried
        .arguments
        .iter()
        .any(|argument| matches!(argument, Argument::Group(_)))
}

impl Writer<'_> {
    fn usage(&self, name: &str) -> Usage {
        self.usages.get(name).copied().unwrap_or_default()
    }

    fn name(&self, name: &str) -> String {
        self.syntax.name(name, self.usage(name))
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.out.push_str(self.syntax.indent());
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn open(&mut self, head: &str) {
        let head = self.syntax.open(head);
        self.line(&head);
        self.depth += 1;
    }

    fn close(&mut self) {
        self.depth -= 1;
        if let Some(close) = self.syntax.close() {
            self.line(close);
        }
    }

    fn statements(&mut self, statements: &[Statement]) {
        for statement in statements {
            match statement {
                Statement::Read { line: false, items } => {
                    for item in items {
                        self.item(item, "input");
                    }
                }
                Statement::Read { line: true, items } => self.read_line(items),
                Statement::Repeat { count, body } => {
                    let count = self.expression(count);
                    let head = self.syntax.repeat(self.rounds, &count);
                    self.round(&head, body);
                }
                Statement::Loop { body } => {
                    let head = self.syntax.while_head(&self.syntax.more("input"));
                    self.round(&head, body);
                }
                Statement::Stop(condition) => {
                    let condition = self.condition(condition);
                    self.open(&self.syntax.if_head(&condition));
                    self.line(self.syntax.return_statement());
                    self.close();
                }
                Statement::Break(condition) => {
                    let condition = self.condition(condition);
                    self.open(&self.syntax.if_head(&condition));
                    self.line(self.syntax.break_statement());
                    self.close();
                }
                Statement::Case(template) => {
                    let position = match self.form {
                        PositionForm::Values => self.syntax.numbers(&self.parts(template)),
                        PositionForm::Pairs | PositionForm::Parents => {
                            self.group(template);
                            self.syntax.numbers(&[Part::List(self.position.clone())])
                        }
                    };
                    let game = match self.carried {
                        Some(carried) if grouped(carried) => {
                            self.build_arguments(carried);
                            let values = self.syntax.numbers(&[Part::List(self.graph.clone())]);
                            self.syntax.carried_game(&values)
                        }
                        Some(carried) => {
                            let values = self.syntax.numbers(&self.arguments(carried));
                            self.syntax.carried_game(&values)
                        }
                        None => self.syntax.game().to_owned(),
                    };
                    self.line(&self.syntax.answer(&game, &position));
                    if !self.joins {
                        self.line(self.syntax.newline());
                    }
                }
                Statement::Newline => self.line(self.syntax.newline()),
            }
        }
    }

    /// A loop's round: its head, a mark when a round might read nothing, and its body.
    fn round(&mut self, head: &str, body: &[Statement]) {
        let depth = self.rounds;
        self.rounds += 1;
        self.open(head);
        let guarded = !surely_reads(body);
        if guarded {
            self.line(&self.syntax.mark(depth));
        }
        self.statements(body);
        if guarded {
            self.open(&self.syntax.if_head(&self.syntax.unmoved(depth)));
            self.line(
                &self.syntax.fail(
                    "a round of a loop read nothing (a list of 0 values?): it would never end",
                ),
            );
            self.close();
        }
        self.close();
    }

    /// Reads one item from `source` (`input`, or `line` of a line statement).
    fn item(&mut self, item: &Item, source: &str) {
        let word = item.kind == Kind::Word;
        let value = |syntax: &dyn ReaderSyntax, what: &str| {
            if word {
                syntax.read_word(source, what)
            } else {
                syntax.read_number(source, what)
            }
        };
        match &item.length {
            Length::One => {
                let name = &item.names[0];
                let read = value(self.syntax, name);
                self.line(&self.syntax.assign(&self.name(name), &read));
            }
            Length::Counted(count) => {
                let count = self.expression(count);
                self.clear_lists(item);
                let head = self.syntax.repeat(self.rounds, &count);
                self.rounds += 1;
                self.open(&head);
                self.push_each(item, &value);
                self.close();
            }
            Length::Rest => {
                let width = item.names.len();
                if width > 1 {
                    let condition = format!("{} % {width} != 0", self.syntax.left());
                    self.open(&self.syntax.if_head(&condition));
                    self.line(&self.syntax.fail(&format!(
                        "a line's values do not make whole tuples of {width}"
                    )));
                    self.close();
                }
                self.clear_lists(item);
                self.open(&self.syntax.while_head(&self.syntax.more("line")));
                self.push_each(item, &value);
                self.close();
            }
        }
    }

    fn clear_lists(&mut self, item: &Item) {
        let reading = Reading {
            list: true,
            word: item.kind == Kind::Word,
        };
        for name in &item.names {
            self.line(&self.syntax.clear(&self.name(name), reading));
        }
    }

    fn push_each(&mut self, item: &Item, value: &dyn Fn(&dyn ReaderSyntax, &str) -> String) {
        for name in &item.names {
            let read = value(self.syntax, name);
            self.line(&self.syntax.push(&self.name(name), &read));
        }
    }

    /// `line ITEMS`: the next line, its items, and nothing more.
    fn read_line(&mut self, items: &[Item]) {
        let what: Vec<String> = items.iter().map(ToString::to_string).collect();
        let commas = items.iter().all(|item| item.kind != Kind::Word);
        let scoped = self.syntax.scope();
        if let Some(scope) = scoped {
            self.line(scope);
            self.depth += 1;
        }
        self.line(&self.syntax.line_start(commas, &what.join(" ")));
        for item in items {
            self.item(item, "line");
        }
        self.line(&self.syntax.line_end());
        if scoped.is_some() {
            self.close();
        }
    }

    fn condition(&self, condition: &Condition) -> String {
        let parts: Vec<String> = condition
            .equalities
            .iter()
            .map(|(name, value)| {
                let reading = self
                    .readings
                    .get(name.as_str())
                    .copied()
                    .unwrap_or(Reading {
                        list: false,
                        word: false,
                    });
                let name = self.name(name);
                // Words are not compared (the analysis refuses it).
                if reading.list {
                    self.syntax.all_equal(&name, *value)
                } else {
                    self.syntax.equals(&name, *value)
                }
            })
            .collect();
        parts.join(self.syntax.and())
    }

    fn expression(&self, expression: &Expression) -> String {
        self.expression_at(expression, None)
    }

    /// A position's values, side by side.
    fn parts(&self, template: &Template) -> Vec<Part> {
        template
            .variables()
            .map(|name| {
                let reading = self.readings.get(name).copied();
                let code = self.name(name);
                if reading.is_some_and(|reading| reading.list) {
                    Part::List(code)
                } else {
                    Part::One(code)
                }
            })
            .collect()
    }

    /// Builds the position of a group (`{u - 1}-{v - 1}`, `parents: {p}`) in the position's
    /// list: each number of the group for each element of the lists it names, side by side.
    fn group(&mut self, template: &Template) {
        let position = self.position.clone();
        self.clear_numbers(&position);
        self.group_into(&position, template, "position");
    }

    /// Empties the list of numbers `list`.
    fn clear_numbers(&mut self, list: &str) {
        let reading = Reading {
            list: true,
            word: false,
        };
        self.line(&self.syntax.clear(list, reading));
    }

    /// Appends the numbers of the group `template` to the list `target`, element by element;
    /// `what` the group is (the position, the game) for a message.
    fn group_into(&mut self, target: &str, template: &Template, what: &str) {
        let elements = PositionForm::elements(template);
        let mut lists: Vec<&str> = Vec::new();
        for name in template.variables() {
            let list = self.readings.get(name).is_some_and(|reading| reading.list);
            if list && !lists.contains(&name) {
                lists.push(name);
            }
        }
        let position = target.to_owned();
        let Some((first, others)) = lists.split_first() else {
            // Numbers alone: one element.
            for element in elements {
                let code = self.element(element, None);
                self.line(&self.syntax.push(&position, &code));
            }
            return;
        };
        let length = self.syntax.length(&self.name(first));
        for other in others {
            let condition = format!("{} != {length}", self.syntax.length(&self.name(other)));
            self.open(&self.syntax.if_head(&condition));
            self.line(&self.syntax.fail(&format!(
                "the lists {first} and {other} of the {what} {template} are not as long"
            )));
            self.close();
        }
        let index = self.index.clone();
        self.open(&self.syntax.each_index(&index, &length));
        for element in elements {
            let code = self.element(element, Some(&index));
            self.line(&self.syntax.push(&position, &code));
        }
        self.close();
    }

    /// The code of one number of a group: at `index` of each list it names.
    fn element(&self, piece: &Piece, index: Option<&str>) -> String {
        match piece {
            Piece::Variable(name) => self.at(name, index),
            Piece::Computed(expression) => self.expression_at(expression, index),
            Piece::Text(_) => unreachable!("a group's numbers are variables and computed numbers"),
        }
    }

    /// A variable's value, or its element at `index` for a list.
    fn at(&self, name: &str, index: Option<&str>) -> String {
        let list = self.readings.get(name).is_some_and(|reading| reading.list);
        match index {
            Some(index) if list => self.syntax.element(&self.name(name), index),
            _ => self.name(name),
        }
    }

    /// An expression with each list's element at `index`.
    fn expression_at(&self, expression: &Expression, index: Option<&str>) -> String {
        match expression {
            Expression::Literal(value) => self.syntax.constant(*value),
            Expression::Variable(name) => self.at(name, index),
            Expression::Add(a, b) => format!(
                "add({}, {})",
                self.expression_at(a, index),
                self.expression_at(b, index)
            ),
            Expression::Subtract(a, b) => format!(
                "sub({}, {})",
                self.expression_at(a, index),
                self.expression_at(b, index)
            ),
            Expression::Multiply(a, b) => format!(
                "mul({}, {})",
                self.expression_at(a, index),
                self.expression_at(b, index)
            ),
        }
    }

    /// Builds a carried game's numbers, groups among them, in the game's list.
    fn build_arguments(&mut self, carried: &Carried) {
        let target = self.graph.clone();
        self.clear_numbers(&target);
        for argument in &carried.arguments {
            match argument {
                Argument::Group(template) => self.group_into(&target, template, "game"),
                Argument::List(name) => {
                    let list = self.name(name);
                    let index = self.index.clone();
                    self.open(&self.syntax.each_index(&index, &self.syntax.length(&list)));
                    self.line(
                        &self
                            .syntax
                            .push(&target, &self.syntax.element(&list, &index)),
                    );
                    self.close();
                }
                Argument::Number(value) => {
                    self.line(&self.syntax.push(&target, &self.syntax.constant(*value)));
                }
                Argument::Value(name) => self.line(&self.syntax.push(&target, &self.name(name))),
                Argument::Computed(expression) => {
                    let code = self.expression(expression);
                    self.line(&self.syntax.push(&target, &code));
                }
            }
        }
    }

    /// A carried game's argument list.
    fn arguments(&self, carried: &Carried) -> Vec<Part> {
        carried
            .arguments
            .iter()
            .map(|argument| match argument {
                Argument::Number(value) => Part::One(self.syntax.constant(*value)),
                Argument::Value(name) => Part::One(self.name(name)),
                Argument::List(name) => Part::List(self.name(name)),
                Argument::Computed(expression) => Part::One(self.expression(expression)),
                Argument::Group(_) => unreachable!("a game with groups is built in a list"),
            })
            .collect()
    }
}

/// The code of `parts` when every one is one number; `None` when a list is among them.
pub(super) fn ones(parts: &[Part]) -> Option<Vec<&str>> {
    parts
        .iter()
        .map(|part| match part {
            Part::One(code) => Some(code.as_str()),
            Part::List(_) => None,
        })
        .collect()
}

/// Whether every round of `body` reads a token: a statement at its top reads one value or a
/// whole line before any `break` or `stop` could end the round.
fn surely_reads(body: &[Statement]) -> bool {
    for statement in body {
        match statement {
            Statement::Read { line: true, .. } => return true,
            Statement::Read { items, .. }
                if items.iter().any(|item| item.length == Length::One) =>
            {
                return true;
            }
            Statement::Break(_) | Statement::Stop(_) => return false,
            _ => {}
        }
    }
    false
}
