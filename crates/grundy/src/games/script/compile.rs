//! The compiled engine's compiler: a script's functions, parsed by rhai, lowered to a tree
//! whose variables are slots and whose calls are resolved once.
//!
//! It lowers the part of rhai that move generators are written in — integers, booleans,
//! characters, strings, arrays and maps; `let`, `const`, assignment, `if`, `switch`, `while`,
//! `loop`, `do`, `for`, `break`, `continue`, `return`, `throw`; the script's own functions and
//! the built-in functions listed in [`Builtin`]. A function that uses anything else (closures,
//! floating point, `try`, `this`, a built-in function not listed) is marked unsupported with the
//! reason, and every call that would reach it runs on rhai's interpreter instead.
//!
//! rhai keeps a function's body behind a type it does not export, so the compiler reads each
//! body's text (from the positions rhai gives) and has rhai parse it again as a block.

use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use rhai::{AST, ASTFlags, Dynamic, Engine, Expr, FnCallExpr, Stmt, StmtBlock};

use super::value::Value;

/// Why a function runs on rhai's interpreter rather than compiled.
pub(super) type Unsupported = String;

/// A binary operator on two evaluated operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Operator {
    Add,
    Subtract,
    Multiply,
    Divide,
    Remainder,
    Power,
    ShiftLeft,
    ShiftRight,
    And,
    Or,
    Xor,
    Equal,
    NotEqual,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
}

impl Operator {
    /// Whether the operator compares (its value is a boolean).
    pub(super) fn compares(self) -> bool {
        matches!(
            self,
            Self::Equal
                | Self::NotEqual
                | Self::Less
                | Self::LessOrEqual
                | Self::Greater
                | Self::GreaterOrEqual
        )
    }

    /// Whether the operator is integer arithmetic whose result is an integer when both
    /// operands are (and an error in rhai when it overflows).
    pub(super) fn is_arithmetic(self) -> bool {
        matches!(
            self,
            Self::Add
                | Self::Subtract
                | Self::Multiply
                | Self::Divide
                | Self::Remainder
                | Self::And
                | Self::Or
                | Self::Xor
        )
    }

    fn of(name: &str) -> Option<Self> {
        Some(match name {
            "+" => Self::Add,
            "-" => Self::Subtract,
            "*" => Self::Multiply,
            "/" => Self::Divide,
            "%" => Self::Remainder,
            "**" => Self::Power,
            "<<" => Self::ShiftLeft,
            ">>" => Self::ShiftRight,
            "&" => Self::And,
            "|" => Self::Or,
            "^" => Self::Xor,
            "==" => Self::Equal,
            "!=" => Self::NotEqual,
            "<" => Self::Less,
            "<=" => Self::LessOrEqual,
            ">" => Self::Greater,
            ">=" => Self::GreaterOrEqual,
            _ => return None,
        })
    }
}

/// A built-in function the compiled engine runs itself; the receiver of a method is its first
/// argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Builtin {
    Length,
    IsEmpty,
    Contains,
    IndexOf,
    Get,
    Keys,
    Values,
    SubString,
    ToChars,
    ToString,
    Absolute,
    Minimum,
    Maximum,
    Sign,
    IsOdd,
    IsEven,
    IsZero,
    Print,
    Debug,
    // Changes its receiver.
    Push,
    Pop,
    Shift,
    Insert,
    Remove,
    Clear,
    Reverse,
    Sort,
    Append,
    Truncate,
}

impl Builtin {
    /// The built-in function `name` of `arguments` arguments (the receiver included), if the
    /// engine runs it.
    fn of(name: &str, arguments: usize) -> Option<Self> {
        Some(match (name, arguments) {
            ("len", 1) => Self::Length,
            ("is_empty", 1) => Self::IsEmpty,
            ("contains", 2) => Self::Contains,
            ("index_of", 2) => Self::IndexOf,
            ("get", 2) => Self::Get,
            ("keys", 1) => Self::Keys,
            ("values", 1) => Self::Values,
            ("sub_string", 2 | 3) => Self::SubString,
            ("to_chars", 1) => Self::ToChars,
            ("to_string", 1) => Self::ToString,
            ("abs", 1) => Self::Absolute,
            ("min", 2) => Self::Minimum,
            ("max", 2) => Self::Maximum,
            ("sign", 1) => Self::Sign,
            ("is_odd", 1) => Self::IsOdd,
            ("is_even", 1) => Self::IsEven,
            ("is_zero", 1) => Self::IsZero,
            ("print", 1) => Self::Print,
            ("debug", 1) => Self::Debug,
            ("push", 2) => Self::Push,
            ("pop", 1) => Self::Pop,
            ("shift", 1) => Self::Shift,
            ("insert", 3) => Self::Insert,
            ("remove", 2) => Self::Remove,
            ("clear", 1) => Self::Clear,
            ("reverse", 1) => Self::Reverse,
            ("sort", 1) => Self::Sort,
            ("append", 2) => Self::Append,
            ("truncate", 2) => Self::Truncate,
            _ => return None,
        })
    }

    /// Whether the function changes its receiver (so a method call needs the place it is in).
    pub(super) fn mutates(self) -> bool {
        matches!(
            self,
            Self::Push
                | Self::Pop
                | Self::Shift
                | Self::Insert
                | Self::Remove
                | Self::Clear
                | Self::Reverse
                | Self::Sort
                | Self::Append
                | Self::Truncate
        )
    }
}

/// A step from a value to a part of it.
#[derive(Debug)]
pub(super) enum Step {
    /// `value[index]`.
    Index(Expression),
    /// `value.name`.
    Property(Rc<str>),
}

/// Where an assignment or a changing method writes: a local variable and a path into it.
#[derive(Debug)]
pub(super) struct Place {
    pub slot: usize,
    pub steps: Vec<Step>,
}

/// An expression, its variables resolved to slots.
#[derive(Debug)]
pub(super) enum Expression {
    Constant(Value),
    Local(usize),
    Global(usize),
    Array(Vec<Expression>),
    Map(BTreeMap<Rc<str>, Value>, Vec<(Rc<str>, Expression)>),
    Interpolated(Vec<Expression>),
    Binary(Operator, Box<(Expression, Expression)>),
    Not(Box<Expression>),
    Negate(Box<Expression>),
    And(Vec<Expression>),
    Or(Vec<Expression>),
    /// A chain read: a value, then steps into it.
    Chain(Box<Expression>, Vec<Step>),
    /// A call of one of the script's functions, by index.
    Call(usize, Vec<Expression>),
    /// A built-in function on values.
    Builtin(Builtin, Vec<Expression>),
    /// A built-in function that changes the value at a place.
    Change(Builtin, Place, Vec<Expression>),
    /// `start..end` or `start..=end` (inclusive), only as what a `for` loop or `in` runs over.
    Range(Box<(Expression, Expression)>, bool),
    /// A block, `if`, `switch` or loop used for its value.
    Statement(Box<Statement>),
    /// Something only rhai can answer (a variable that does not exist, say): the call runs on
    /// rhai's interpreter, which reports it.
    Fail,
}

/// The cases of a `switch`: each value's hash (as rhai computes it) to the cases for it, each a
/// condition and a result.
#[derive(Debug)]
pub(super) struct Switch {
    pub subject: Expression,
    pub cases: HashMap<u64, Vec<usize>>,
    pub arms: Vec<(Expression, Expression)>,
    pub default: Option<usize>,
}

/// A statement; every statement has a value (`()` for most), as in rhai.
#[derive(Debug)]
pub(super) enum Statement {
    Expression(Expression),
    Let(usize, Expression),
    Assign(Place, Option<Operator>, Expression),
    Block(Vec<Statement>),
    If(Expression, Vec<Statement>, Vec<Statement>),
    Switch(Switch),
    /// `while condition { … }`, or `loop { … }` without a condition.
    While(Option<Expression>, Vec<Statement>),
    /// `do { … } while condition` (`until` when the flag is set).
    Do(Vec<Statement>, Expression, bool),
    For {
        item: usize,
        counter: Option<usize>,
        source: Expression,
        body: Vec<Statement>,
    },
    Break(Option<Expression>),
    Continue,
    Return(Option<Expression>),
}

/// One of the script's functions, compiled or not.
#[derive(Debug)]
pub(super) struct Function {
    /// The slots of its parameters and local variables.
    pub slots: usize,
    pub body: Result<Vec<Statement>, Unsupported>,
}

/// A script lowered for the compiled engine.
#[derive(Debug)]
pub(super) struct Program {
    pub functions: Vec<Function>,
    by_name: HashMap<(String, usize), usize>,
    /// The script's top-level variables and constants, as the top level left them.
    pub globals: Vec<Value>,
    global_names: HashMap<String, usize>,
    /// Whether this build hashes `switch` values as rhai does (checked once per compilation).
    switch_hashes: bool,
}

impl Program {
    /// The function `name` of `arity` parameters, by index.
    pub(super) fn function(&self, name: &str, arity: usize) -> Option<usize> {
        self.by_name.get(&(name.to_owned(), arity)).copied()
    }

    /// Why the function `index`, or one it may call, is not compiled; `None` if every call
    /// from it runs compiled.
    pub(super) fn unsupported(&self, index: usize) -> Option<&str> {
        let mut seen = vec![false; self.functions.len()];
        let mut stack = vec![index];
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut seen[i], true) {
                continue;
            }
            match &self.functions[i].body {
                Err(reason) => return Some(reason),
                Ok(body) => body.iter().for_each(|s| calls_of_statement(s, &mut stack)),
            }
        }
        None
    }
}

/// The hash rhai gives a `switch` value.
pub(super) fn switch_hash(value: &Dynamic) -> u64 {
    let mut hasher = ahash::AHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}

/// Whether [`switch_hash`] agrees with the hashes rhai put in a probe script's `switch`.
fn switch_hashes_agree(engine: &Engine) -> bool {
    let Ok(ast) = engine.compile(r#"switch 0 { 7 => 1, "seven" => 2, 'c' => 3 }"#) else {
        return false;
    };
    let Some(Stmt::Switch(switch, _)) = ast.statements().first() else {
        return false;
    };
    let cases = &switch.1.cases;
    [
        Dynamic::from_int(7),
        Dynamic::from("seven"),
        Dynamic::from_char('c'),
    ]
    .iter()
    .all(|value| cases.contains_key(&switch_hash(value)))
        && cases.len() == 3
}

/// Compiles the functions of `ast` (parsed from `source`) with the top-level values `globals`.
pub(super) fn compile(
    engine: &Engine,
    ast: &AST,
    source: &str,
    globals: Vec<(String, Value)>,
) -> Program {
    let definitions: Vec<_> = ast.iter_fn_def().collect();
    let by_name: HashMap<(String, usize), usize> = definitions
        .iter()
        .enumerate()
        .map(|(i, f)| ((f.name.to_string(), f.params.len()), i))
        .collect();
    let global_names = globals
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (name.clone(), i))
        .collect();
    let mut program = Program {
        functions: Vec::new(),
        by_name,
        globals: globals.into_iter().map(|(_, v)| v).collect(),
        global_names,
        switch_hashes: switch_hashes_agree(engine),
    };
    let lines: Vec<&str> = source.split('\n').collect();
    for definition in &definitions {
        let params: Vec<String> = definition.params.iter().map(ToString::to_string).collect();
        let text = span_text(
            &lines,
            definition.body.start_position(),
            definition.body.end_position(),
        );
        let mut scope = Scope {
            program: &program,
            names: params.iter().cloned().zip(0..).collect(),
            slots: params.len(),
        };
        let body = text
            .ok_or_else(|| "its body could not be read back".to_owned())
            .and_then(|text| {
                engine
                    .compile(&text)
                    .map_err(|e| format!("its body does not parse alone: {e}"))
            })
            .and_then(|body| scope.block(body.statements()));
        let slots = scope.slots;
        program.functions.push(Function { slots, body });
    }
    program
}

/// The text from `start` to `end` (both included) of a source split into lines.
fn span_text(lines: &[&str], start: rhai::Position, end: rhai::Position) -> Option<String> {
    let offset = |position: rhai::Position| -> Option<(usize, usize)> {
        let line = position.line()?.checked_sub(1)?;
        let column = position.position()?.checked_sub(1)?;
        let text = lines.get(line)?;
        let byte = text.char_indices().nth(column).map(|(b, _)| b)?;
        Some((line, byte))
    };
    let ((first_line, first_byte), (last_line, last_byte)) = (offset(start)?, offset(end)?);
    let mut text = String::new();
    for (line, whole) in lines
        .iter()
        .enumerate()
        .take(last_line + 1)
        .skip(first_line)
    {
        let from = if line == first_line { first_byte } else { 0 };
        let to = if line == last_line {
            last_byte + whole[last_byte..].chars().next()?.len_utf8()
        } else {
            whole.len()
        };
        text.push_str(whole.get(from..to)?);
        if line != last_line {
            text.push('\n');
        }
    }
    Some(text)
}

/// The names in scope while one function is lowered.
struct Scope<'p> {
    program: &'p Program,
    /// Visible names, innermost last, with their slots.
    names: Vec<(String, usize)>,
    slots: usize,
}

impl Scope<'_> {
    fn declare(&mut self, name: &str) -> usize {
        let slot = self.slots;
        self.slots += 1;
        self.names.push((name.to_owned(), slot));
        slot
    }

    fn local(&self, name: &str) -> Option<usize> {
        self.names
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|&(_, s)| s)
    }

    fn block(&mut self, statements: &[Stmt]) -> Result<Vec<Statement>, Unsupported> {
        let visible = self.names.len();
        let lowered = statements.iter().map(|s| self.statement(s)).collect();
        self.names.truncate(visible);
        lowered
    }

    fn stmt_block(&mut self, block: &StmtBlock) -> Result<Vec<Statement>, Unsupported> {
        self.block(block.statements())
    }

    #[allow(clippy::too_many_lines, reason = "one arm for each kind of node")]
    fn statement(&mut self, statement: &Stmt) -> Result<Statement, Unsupported> {
        Ok(match statement {
            Stmt::Noop(_) => Statement::Expression(Expression::Constant(Value::Unit)),
            Stmt::If(flow, _) => Statement::If(
                self.expression(&flow.expr)?,
                self.stmt_block(&flow.body)?,
                self.stmt_block(&flow.branch)?,
            ),
            Stmt::Switch(switch, _) => {
                let (subject, collection) = &**switch;
                if !self.program.switch_hashes {
                    return Err("`switch` (this build hashes its cases differently)".into());
                }
                if !collection.ranges.is_empty() {
                    return Err("`switch` with ranges of cases".into());
                }
                Statement::Switch(Switch {
                    subject: self.expression(subject)?,
                    cases: collection
                        .cases
                        .iter()
                        .map(|(&hash, list)| (hash, list.blocks.to_vec()))
                        .collect(),
                    arms: collection
                        .expressions
                        .iter()
                        .map(|arm| Ok((self.expression(&arm.lhs)?, self.expression(&arm.rhs)?)))
                        .collect::<Result<_, Unsupported>>()?,
                    default: collection.def_case,
                })
            }
            Stmt::While(flow, _) => {
                let condition = match &flow.expr {
                    Expr::Unit(_) => None,
                    other => Some(self.expression(other)?),
                };
                Statement::While(condition, self.stmt_block(&flow.body)?)
            }
            Stmt::Do(flow, flags, _) => Statement::Do(
                self.stmt_block(&flow.body)?,
                self.expression(&flow.expr)?,
                flags.contains(ASTFlags::NEGATED),
            ),
            Stmt::For(parts, _) => {
                let (item, counter, flow) = &**parts;
                let source = self.iterated(&flow.expr)?;
                let visible = self.names.len();
                let item = self.declare(&item.name);
                let counter = counter.as_ref().map(|c| self.declare(&c.name));
                let body = self.stmt_block(&flow.body);
                self.names.truncate(visible);
                Statement::For {
                    item,
                    counter,
                    source,
                    body: body?,
                }
            }
            Stmt::Var(parts, _, _) => {
                let (name, value, _) = &**parts;
                let value = self.expression(value)?;
                Statement::Let(self.declare(&name.name), value)
            }
            Stmt::Assignment(parts) => {
                let (operation, binary) = &**parts;
                let operator = match operation.get_op_assignment_info() {
                    None => None,
                    Some((.., syntax)) => Some(
                        Operator::of(syntax)
                            .ok_or_else(|| format!("the assignment operator `{syntax}=`"))?,
                    ),
                };
                let value = self.expression(&binary.rhs)?;
                Statement::Assign(self.place(&binary.lhs)?, operator, value)
            }
            Stmt::FnCall(call, _) => Statement::Expression(self.call(call)?),
            Stmt::Block(block) => Statement::Block(self.stmt_block(block)?),
            Stmt::Expr(expression) => Statement::Expression(self.expression(expression)?),
            Stmt::BreakLoop(value, flags, _) => {
                if flags.contains(ASTFlags::BREAK) {
                    Statement::Break(value.as_deref().map(|v| self.expression(v)).transpose()?)
                } else {
                    Statement::Continue
                }
            }
            Stmt::Return(value, flags, _) => {
                if flags.contains(ASTFlags::BREAK) {
                    // `throw`: rhai reports it.
                    Statement::Expression(Expression::Fail)
                } else {
                    Statement::Return(value.as_deref().map(|v| self.expression(v)).transpose()?)
                }
            }
            Stmt::TryCatch(..) => return Err("`try … catch`".into()),
            _ => return Err("closures".into()),
        })
    }

    /// What a `for` loop runs over: a range, or any value.
    fn iterated(&mut self, source: &Expr) -> Result<Expression, Unsupported> {
        match source {
            Expr::DynamicConstant(value, _) if constant_range(value).is_some() => {
                constant_range(value).ok_or_else(|| "a range".to_owned())
            }
            Expr::FnCall(call, _) if is_range(call) => self.range(call),
            Expr::FnCall(call, _)
                if call.name == "range"
                    && call.args.len() == 2
                    && self.program.function("range", 2).is_none() =>
            {
                self.range(call)
            }
            other => self.expression(other),
        }
    }

    /// `a..b`, `a..=b` or `range(a, b)`.
    fn range(&mut self, call: &FnCallExpr) -> Result<Expression, Unsupported> {
        let inclusive = call.name == "..=";
        Ok(Expression::Range(
            Box::new((
                self.expression(&call.args[0])?,
                self.expression(&call.args[1])?,
            )),
            inclusive,
        ))
    }

    fn place(&mut self, target: &Expr) -> Result<Place, Unsupported> {
        match target {
            Expr::Variable(parts, ..) => match self.local(&parts.1) {
                Some(slot) => Ok(Place {
                    slot,
                    steps: Vec::new(),
                }),
                None => Err(format!(
                    "an assignment to `{}`, which is not a local variable",
                    parts.1
                )),
            },
            Expr::Dot(..) | Expr::Index(..) => {
                let (root, mut steps) = self.chain(target)?;
                let Expression::Local(slot) = root else {
                    return Err("an assignment into something that is not a local variable".into());
                };
                let mut path = Vec::with_capacity(steps.len());
                for step in steps.drain(..) {
                    match step {
                        ChainStep::Index(index) => path.push(Step::Index(index)),
                        ChainStep::Property(name) => path.push(Step::Property(name)),
                        ChainStep::Method(..) => {
                            return Err("an assignment to the result of a method".into());
                        }
                    }
                }
                Ok(Place { slot, steps: path })
            }
            _ => Err("an assignment to an expression".into()),
        }
    }

    #[allow(clippy::too_many_lines, reason = "one arm for each kind of node")]
    fn expression(&mut self, expression: &Expr) -> Result<Expression, Unsupported> {
        Ok(match expression {
            Expr::DynamicConstant(value, _) => Expression::Constant(
                Value::from_dynamic(value).map_err(|_| format!("the constant {value}"))?,
            ),
            Expr::BoolConstant(b, _) => Expression::Constant(Value::Bool(*b)),
            Expr::IntegerConstant(n, _) => Expression::Constant(Value::Int(*n)),
            Expr::CharConstant(c, _) => Expression::Constant(Value::Char(*c)),
            Expr::StringConstant(s, _) => Expression::Constant(Value::Str(Rc::new(s.to_string()))),
            Expr::InterpolatedString(parts, _) => Expression::Interpolated(
                parts
                    .iter()
                    .map(|p| self.expression(p))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Array(items, _) => Expression::Array(
                items
                    .iter()
                    .map(|p| self.expression(p))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Map(parts, _) => {
                let (pairs, template) = &**parts;
                let template = template
                    .iter()
                    .map(|(k, v)| {
                        Ok((
                            Rc::from(k.as_str()),
                            Value::from_dynamic(v).map_err(|_| format!("the constant {v}"))?,
                        ))
                    })
                    .collect::<Result<_, Unsupported>>()?;
                let pairs = pairs
                    .iter()
                    .map(|(name, value)| {
                        Ok((Rc::from(name.name.as_str()), self.expression(value)?))
                    })
                    .collect::<Result<_, Unsupported>>()?;
                Expression::Map(template, pairs)
            }
            Expr::Unit(_) => Expression::Constant(Value::Unit),
            Expr::Variable(parts, ..) => {
                let name = parts.1.as_str();
                match (self.local(name), self.program.global_names.get(name)) {
                    (Some(slot), _) => Expression::Local(slot),
                    (None, Some(&global)) => Expression::Global(global),
                    (None, None) => Expression::Fail,
                }
            }
            Expr::Stmt(block) => {
                Expression::Statement(Box::new(Statement::Block(self.stmt_block(block)?)))
            }
            Expr::FnCall(call, _) => self.call(call)?,
            Expr::Dot(_, flags, _) | Expr::Index(_, flags, _) => {
                if flags.contains(ASTFlags::NEGATED) {
                    return Err("`?.` and `?[`".into());
                }
                let (root, steps) = self.chain(expression)?;
                Self::chain_expression(root, steps)?
            }
            Expr::And(items, _) => Expression::And(
                items
                    .iter()
                    .map(|p| self.expression(p))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Or(items, _) => Expression::Or(
                items
                    .iter()
                    .map(|p| self.expression(p))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Coalesce(..) => return Err("`??`".into()),
            Expr::ThisPtr(_) => return Err("`this`".into()),
            Expr::Property(..) | Expr::MethodCall(..) => {
                return Err("a property or method outside a chain".into());
            }
            _ => return Err("floating point or custom syntax".into()),
        })
    }

    /// A read of a chain; a chain ending in a method that changes its receiver changes the
    /// place the rest of the chain names.
    fn chain_expression(
        root: Expression,
        mut steps: Vec<ChainStep>,
    ) -> Result<Expression, Unsupported> {
        if let Some(ChainStep::Method(builtin, _)) = steps.last()
            && builtin.mutates()
        {
            let Some(ChainStep::Method(builtin, arguments)) = steps.pop() else {
                unreachable!("the last step is a method")
            };
            if let Expression::Local(slot) = root {
                let mut path = Vec::with_capacity(steps.len());
                for step in steps {
                    match step {
                        ChainStep::Index(index) => path.push(Step::Index(index)),
                        ChainStep::Property(name) => path.push(Step::Property(name)),
                        ChainStep::Method(..) => {
                            return Err("a changing method on the result of a method".into());
                        }
                    }
                }
                return Ok(Expression::Change(
                    builtin,
                    Place { slot, steps: path },
                    arguments,
                ));
            }
            return Err("a changing method on something that is not a variable".into());
        }
        let mut value = root;
        let mut pending = Vec::new();
        for step in steps {
            match step {
                ChainStep::Index(index) => pending.push(Step::Index(index)),
                ChainStep::Property(name) => pending.push(Step::Property(name)),
                ChainStep::Method(builtin, mut arguments) => {
                    let receiver = if pending.is_empty() {
                        value
                    } else {
                        Expression::Chain(Box::new(value), std::mem::take(&mut pending))
                    };
                    arguments.insert(0, receiver);
                    value = Expression::Builtin(builtin, arguments);
                }
            }
        }
        Ok(if pending.is_empty() {
            value
        } else {
            Expression::Chain(Box::new(value), pending)
        })
    }

    /// A chain as rhai nests it: `Dot`/`Index` nodes whose left side is the root, then steps.
    fn chain(&mut self, expression: &Expr) -> Result<(Expression, Vec<ChainStep>), Unsupported> {
        let mut steps = Vec::new();
        let (binary, flags, is_index) = match expression {
            Expr::Dot(binary, flags, _) => (binary, *flags, false),
            Expr::Index(binary, flags, _) => (binary, *flags, true),
            _ => return Ok((self.expression(expression)?, steps)),
        };
        let root = self.expression(&binary.lhs)?;
        self.rest(
            &binary.rhs,
            is_index,
            flags.contains(ASTFlags::BREAK),
            &mut steps,
        )?;
        Ok((root, steps))
    }

    /// The rest of a chain after a `.` (or a `[` when `index`), `last` when rhai marks the
    /// node as ending the chain.
    fn rest(
        &mut self,
        node: &Expr,
        index: bool,
        last: bool,
        steps: &mut Vec<ChainStep>,
    ) -> Result<(), Unsupported> {
        if index && last {
            steps.push(ChainStep::Index(self.expression(node)?));
            return Ok(());
        }
        match node {
            Expr::Dot(binary, flags, _) | Expr::Index(binary, flags, _) => {
                if flags.contains(ASTFlags::NEGATED) {
                    return Err("`?.` and `?[`".into());
                }
                let next_is_index = matches!(node, Expr::Index(..));
                let step = if index {
                    ChainStep::Index(self.expression(&binary.lhs)?)
                } else {
                    self.dot_step(&binary.lhs)?
                };
                steps.push(step);
                self.rest(
                    &binary.rhs,
                    next_is_index,
                    flags.contains(ASTFlags::BREAK),
                    steps,
                )
            }
            other if index => {
                steps.push(ChainStep::Index(self.expression(other)?));
                Ok(())
            }
            other => {
                let step = self.dot_step(other)?;
                steps.push(step);
                Ok(())
            }
        }
    }

    fn dot_step(&mut self, node: &Expr) -> Result<ChainStep, Unsupported> {
        match node {
            Expr::Property(parts, _) => Ok(ChainStep::Property(Rc::from(parts.2.as_str()))),
            Expr::MethodCall(call, _) => {
                let arity = call.args.len() + 1;
                if self.program.function(&call.name, arity).is_some() {
                    return Err(format!("`{}` called as a method", call.name));
                }
                let builtin = Builtin::of(&call.name, arity)
                    .ok_or_else(|| format!("the method `{}`", call.name))?;
                let arguments = call
                    .args
                    .iter()
                    .map(|a| self.expression(a))
                    .collect::<Result<_, _>>()?;
                Ok(ChainStep::Method(builtin, arguments))
            }
            _ => Err("an unusual chain".into()),
        }
    }

    fn call(&mut self, call: &FnCallExpr) -> Result<Expression, Unsupported> {
        let name = call.name.as_str();
        let arguments = &call.args;
        if call.is_operator_call() || (call.op_token.is_some()) {
            match (name, arguments.len()) {
                ("!", 1) => return Ok(Expression::Not(Box::new(self.expression(&arguments[0])?))),
                ("-", 1) => {
                    return Ok(Expression::Negate(Box::new(
                        self.expression(&arguments[0])?,
                    )));
                }
                ("+", 1) => return self.expression(&arguments[0]),
                (".." | "..=", 2) => return Err("a range outside `for` and `in`".into()),
                (_, 2) => {
                    if let Some(operator) = Operator::of(name) {
                        return Ok(Expression::Binary(
                            operator,
                            Box::new((
                                self.expression(&arguments[0])?,
                                self.expression(&arguments[1])?,
                            )),
                        ));
                    }
                }
                _ => {}
            }
        }
        if let Some(index) = self.program.function(name, arguments.len()) {
            return Ok(Expression::Call(
                index,
                arguments
                    .iter()
                    .map(|a| self.expression(a))
                    .collect::<Result<_, _>>()?,
            ));
        }
        let builtin = Builtin::of(name, arguments.len())
            .ok_or_else(|| format!("the function `{name}` of {} arguments", arguments.len()))?;
        // `x in a..b` is `contains(a..b, x)`.
        let lowered = arguments
            .iter()
            .enumerate()
            .map(|(i, a)| match a {
                Expr::FnCall(inner, _)
                    if i == 0 && builtin == Builtin::Contains && is_range(inner) =>
                {
                    self.range(inner)
                }
                Expr::DynamicConstant(value, _) if i == 0 && builtin == Builtin::Contains => {
                    match constant_range(value) {
                        Some(range) => Ok(range),
                        None => self.expression(a),
                    }
                }
                other => self.expression(other),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if builtin.mutates() {
            // A changing function called as a function changes its first argument.
            let mut lowered = lowered.into_iter();
            let Some(Expression::Local(slot)) = lowered.next() else {
                return Err(format!("`{name}` on something that is not a variable"));
            };
            return Ok(Expression::Change(
                builtin,
                Place {
                    slot,
                    steps: Vec::new(),
                },
                lowered.collect(),
            ));
        }
        Ok(Expression::Builtin(builtin, lowered))
    }
}

/// A range rhai folded into a constant.
fn constant_range(value: &Dynamic) -> Option<Expression> {
    let ends = |start: i64, end: i64| {
        Box::new((
            Expression::Constant(Value::Int(start)),
            Expression::Constant(Value::Int(end)),
        ))
    };
    if let Some(range) = value.read_lock::<std::ops::Range<i64>>() {
        return Some(Expression::Range(ends(range.start, range.end), false));
    }
    let range = value.read_lock::<std::ops::RangeInclusive<i64>>()?;
    Some(Expression::Range(ends(*range.start(), *range.end()), true))
}

fn is_range(call: &FnCallExpr) -> bool {
    matches!(call.name.as_str(), ".." | "..=") && call.args.len() == 2
}

/// A step of a chain before it is known whether the chain is read or written.
enum ChainStep {
    Index(Expression),
    Property(Rc<str>),
    Method(Builtin, Vec<Expression>),
}

fn calls_of_expression(expression: &Expression, out: &mut Vec<usize>) {
    let each = |items: &[Expression], out: &mut Vec<usize>| {
        for e in items {
            calls_of_expression(e, out);
        }
    };
    match expression {
        Expression::Call(index, arguments) => {
            out.push(*index);
            each(arguments, out);
        }
        Expression::Array(items)
        | Expression::Interpolated(items)
        | Expression::And(items)
        | Expression::Or(items)
        | Expression::Builtin(_, items) => each(items, out),
        Expression::Map(_, pairs) => pairs.iter().for_each(|(_, e)| calls_of_expression(e, out)),
        Expression::Binary(_, pair) | Expression::Range(pair, _) => {
            calls_of_expression(&pair.0, out);
            calls_of_expression(&pair.1, out);
        }
        Expression::Not(inner) | Expression::Negate(inner) => calls_of_expression(inner, out),
        Expression::Chain(root, steps) => {
            calls_of_expression(root, out);
            calls_of_steps(steps, out);
        }
        Expression::Change(_, place, arguments) => {
            calls_of_steps(&place.steps, out);
            each(arguments, out);
        }
        Expression::Statement(statement) => calls_of_statement(statement, out),
        Expression::Constant(_)
        | Expression::Local(_)
        | Expression::Global(_)
        | Expression::Fail => {}
    }
}

fn calls_of_steps(steps: &[Step], out: &mut Vec<usize>) {
    for step in steps {
        if let Step::Index(index) = step {
            calls_of_expression(index, out);
        }
    }
}

fn calls_of_statement(statement: &Statement, out: &mut Vec<usize>) {
    let block = |statements: &[Statement], out: &mut Vec<usize>| {
        for s in statements {
            calls_of_statement(s, out);
        }
    };
    match statement {
        Statement::Expression(e) | Statement::Let(_, e) => calls_of_expression(e, out),
        Statement::Assign(place, _, e) => {
            calls_of_steps(&place.steps, out);
            calls_of_expression(e, out);
        }
        Statement::Block(body) => block(body, out),
        Statement::If(condition, then, otherwise) => {
            calls_of_expression(condition, out);
            block(then, out);
            block(otherwise, out);
        }
        Statement::Switch(switch) => {
            calls_of_expression(&switch.subject, out);
            for (condition, result) in &switch.arms {
                calls_of_expression(condition, out);
                calls_of_expression(result, out);
            }
        }
        Statement::While(condition, body) => {
            if let Some(condition) = condition {
                calls_of_expression(condition, out);
            }
            block(body, out);
        }
        Statement::Do(body, condition, _) => {
            block(body, out);
            calls_of_expression(condition, out);
        }
        Statement::For { source, body, .. } => {
            calls_of_expression(source, out);
            block(body, out);
        }
        Statement::Break(value) | Statement::Return(value) => {
            if let Some(value) = value {
                calls_of_expression(value, out);
            }
        }
        Statement::Continue => {}
    }
}
