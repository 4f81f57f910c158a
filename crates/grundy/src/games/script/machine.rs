//! The compiled engine's evaluator: runs a [`Program`] on [`Value`]s.
//!
//! It computes exactly what rhai computes, or gives up: an integer overflow, an index out of
//! range, a type rhai would refuse, a `throw`, a variable that does not exist, a limit reached —
//! anything that is an error in rhai — ends the call with [`Flow::Fail`], and the caller runs
//! the same call on rhai's interpreter, whose answer (or error message) is the script's.

use std::rc::Rc;

use super::compile::{Builtin, Expression, Operator, Place, Program, Statement, Step, switch_hash};
use super::value::Value;

/// How a statement ended, when it did not end with a value: one byte, so that results pass in
/// registers; the value of a `break` or `return` waits in [`Machine::carried`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Flow {
    Break,
    Continue,
    Return,
    /// Only rhai can answer (the call runs again there).
    Fail,
}

type Outcome = Result<Value, Flow>;

/// Gives the call to rhai; `why` says why, for the reader of this file.
fn fail<T>(why: &'static str) -> Result<T, Flow> {
    let _ = why;
    Err(Flow::Fail)
}

/// Bounds of one call.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bounds {
    /// The most operations.
    pub operations: u64,
    /// The most nested calls.
    pub depth: usize,
    /// The most elements of an array, characters of a string, entries of a map.
    pub size: usize,
    /// When the call must stop, whatever it has spent.
    pub deadline: std::time::Instant,
}

/// How many operations pass between two looks at the clock, on either engine.
pub(super) const CLOCK_EVERY: u64 = 1024;

/// One call of a program's function, and its stack of local variables.
pub(super) struct Machine<'p> {
    program: &'p Program,
    stack: Vec<Value>,
    base: usize,
    depth: usize,
    /// Operations so far.
    pub operations: u64,
    bounds: Bounds,
    /// The value of the `break` or `return` under way.
    carried: Value,
    /// What the script printed, when printing is kept.
    pub printed: Option<Vec<String>>,
}

impl<'p> Machine<'p> {
    /// A machine for `program`, its stack of local variables `stack` (empty; given so that its
    /// room is reused from call to call).
    pub(super) fn new(program: &'p Program, bounds: Bounds, stack: Vec<Value>) -> Self {
        Self {
            program,
            stack,
            base: 0,
            depth: 0,
            operations: 0,
            bounds,
            carried: Value::Unit,
            printed: None,
        }
    }

    /// Calls the function `index` with `arguments`.
    pub(super) fn call(&mut self, index: usize, arguments: Vec<Value>) -> Result<Value, Flow> {
        let count = arguments.len();
        self.stack.extend(arguments);
        self.call_pushed(index, count)
    }

    /// Calls the function `index` with the `count` values on top of the stack as its arguments.
    fn call_pushed(&mut self, index: usize, count: usize) -> Result<Value, Flow> {
        let function = &self.program.functions[index];
        let Ok(body) = &function.body else {
            return fail("a function the engine does not compile");
        };
        if self.depth >= self.bounds.depth {
            return fail("calls nested too deeply");
        }
        let base = self.stack.len() - count;
        self.stack.resize(base + function.slots, Value::Unit);
        let saved = std::mem::replace(&mut self.base, base);
        self.depth += 1;
        let result = self.block(body);
        self.depth -= 1;
        self.base = saved;
        self.stack.truncate(base);
        match result {
            Ok(value) => Ok(value),
            Err(Flow::Return) => Ok(std::mem::take(&mut self.carried)),
            Err(Flow::Break | Flow::Continue) => fail("`break` or `continue` outside a loop"),
            Err(Flow::Fail) => Err(Flow::Fail),
        }
    }

    /// Evaluates `arguments` onto the top of the stack.
    fn push_all(&mut self, arguments: &[Expression]) -> Result<(), Flow> {
        for argument in arguments {
            let value = self.expression(argument)?;
            self.stack.push(value);
        }
        Ok(())
    }

    /// The stack, emptied, to be given to the next machine.
    pub(super) fn into_stack(mut self) -> Vec<Value> {
        self.stack.clear();
        self.stack
    }

    fn tick(&mut self) -> Result<(), Flow> {
        self.operations += 1;
        if self.operations > self.bounds.operations {
            return fail("too many operations");
        }
        if self.operations.is_multiple_of(CLOCK_EVERY)
            && std::time::Instant::now() >= self.bounds.deadline
        {
            return fail("past the call's deadline");
        }
        Ok(())
    }

    /// A block's value: its last statement's.
    fn block(&mut self, statements: &[Statement]) -> Outcome {
        let Some((last, rest)) = statements.split_last() else {
            return Ok(Value::Unit);
        };
        self.run(rest)?;
        self.statement(last)
    }

    /// Runs statements whose values nobody reads (a loop's body, all but a block's last).
    fn run(&mut self, statements: &[Statement]) -> Result<(), Flow> {
        for statement in statements {
            self.execute(statement)?;
        }
        Ok(())
    }

    /// Runs a statement whose value nobody reads: no value travels back.
    fn execute(&mut self, statement: &Statement) -> Result<(), Flow> {
        match statement {
            Statement::Expression(e) => {
                self.tick()?;
                self.expression(e).map(drop)
            }
            Statement::Let(slot, e) => {
                self.tick()?;
                let value = self.expression(e)?;
                self.stack[self.base + slot] = value;
                Ok(())
            }
            Statement::Assign(place, operator, e) => {
                self.tick()?;
                self.assign(place, *operator, e)
            }
            Statement::Block(body) => {
                self.tick()?;
                self.run(body)
            }
            Statement::If(condition, then, otherwise) => {
                self.tick()?;
                if self.condition(condition)? {
                    self.run(then)
                } else {
                    self.run(otherwise)
                }
            }
            other => self.statement(other).map(drop),
        }
    }

    fn assign(
        &mut self,
        place: &Place,
        operator: Option<Operator>,
        e: &Expression,
    ) -> Result<(), Flow> {
        let size = self.bounds.size;
        if place.steps.is_empty()
            && let Some(operator) = operator
            && operator.is_arithmetic()
        {
            // `x op= e` on a variable; as rhai, `e` first, then `x`.
            let slot = self.base + place.slot;
            if let (Some(b), Value::Int(a)) = (self.peek(e), &self.stack[slot]) {
                let a = *a;
                self.stack[slot] = Value::Int(arithmetic(operator, a, b)?);
                return Ok(());
            }
            let value = self.expression(e)?;
            let current = std::mem::take(&mut self.stack[slot]);
            self.stack[slot] = assign_operation(operator, current, value, size)?;
            return Ok(());
        }
        let value = self.expression(e)?;
        let top = self.stack.len();
        self.push_indices(place)?;
        let (frame, indices) = self.stack.split_at_mut(top);
        let target = target(&mut frame[self.base + place.slot], place, indices)?;
        *target = match operator {
            None => value,
            Some(operator) => {
                let current = std::mem::take(target);
                assign_operation(operator, current, value, size)?
            }
        };
        self.stack.truncate(top);
        Ok(())
    }

    #[allow(clippy::too_many_lines, reason = "one arm for each kind of node")]
    fn statement(&mut self, statement: &Statement) -> Outcome {
        self.tick()?;
        match statement {
            Statement::Expression(e) => self.expression(e),
            Statement::Let(slot, e) => {
                let value = self.expression(e)?;
                self.stack[self.base + slot] = value;
                Ok(Value::Unit)
            }
            Statement::Assign(place, operator, e) => {
                self.assign(place, *operator, e)?;
                Ok(Value::Unit)
            }
            Statement::Block(body) => self.block(body),
            Statement::If(condition, then, otherwise) => {
                if self.condition(condition)? {
                    self.block(then)
                } else {
                    self.block(otherwise)
                }
            }
            Statement::Switch(switch) => {
                let subject = self.expression(&switch.subject)?;
                let mut chosen = None;
                if let Some(arms) = switch.cases.get(&switch_hash(&subject.to_dynamic())) {
                    for &arm in arms {
                        if self.condition(&switch.arms[arm].0)? {
                            chosen = Some(arm);
                            break;
                        }
                    }
                }
                match chosen.or(switch.default) {
                    Some(arm) => self.expression(&switch.arms[arm].1),
                    None => Ok(Value::Unit),
                }
            }
            Statement::While(condition, body) => loop {
                if let Some(condition) = condition
                    && !self.condition(condition)?
                {
                    return Ok(Value::Unit);
                }
                match self.run(body) {
                    Ok(()) | Err(Flow::Continue) => self.tick()?,
                    Err(Flow::Break) => return Ok(std::mem::take(&mut self.carried)),
                    Err(other) => return Err(other),
                }
            },
            Statement::Do(body, condition, until) => loop {
                match self.run(body) {
                    Ok(()) | Err(Flow::Continue) => {}
                    Err(Flow::Break) => return Ok(std::mem::take(&mut self.carried)),
                    Err(other) => return Err(other),
                }
                if self.condition(condition)? == *until {
                    return Ok(Value::Unit);
                }
            },
            Statement::For {
                item,
                counter,
                source,
                body,
            } => self.for_loop(*item, *counter, source, body),
            Statement::Break(value) => {
                let value = match value {
                    Some(v) => self.expression(v)?,
                    None => Value::Unit,
                };
                self.carried = value;
                Err(Flow::Break)
            }
            Statement::Continue => Err(Flow::Continue),
            Statement::Return(value) => {
                let value = match value {
                    Some(v) => self.expression(v)?,
                    None => Value::Unit,
                };
                self.carried = value;
                Err(Flow::Return)
            }
        }
    }

    fn for_loop(
        &mut self,
        item: usize,
        counter: Option<usize>,
        source: &Expression,
        body: &[Statement],
    ) -> Outcome {
        let run = |machine: &mut Self, i: i64, value: Value| -> Result<bool, Flow> {
            machine.stack[machine.base + item] = value;
            if let Some(counter) = counter {
                machine.stack[machine.base + counter] = Value::Int(i);
            }
            match machine.run(body) {
                Ok(()) | Err(Flow::Continue) => {
                    machine.tick()?;
                    Ok(true)
                }
                Err(Flow::Break) => Ok(false),
                Err(other) => Err(other),
            }
        };
        match source {
            Expression::Range(ends, inclusive) => {
                let (Value::Int(start), Value::Int(end)) =
                    (self.expression(&ends.0)?, self.expression(&ends.1)?)
                else {
                    return fail("a range of something other than integers");
                };
                let mut i = 0i64;
                let mut n = start;
                while n < end || (*inclusive && n == end) {
                    if !run(self, i, Value::Int(n))? {
                        break;
                    }
                    i += 1;
                    match n.checked_add(1) {
                        Some(next) => n = next,
                        None => break,
                    }
                }
            }
            other => match self.expression(other)? {
                Value::Array(items) => {
                    for (i, value) in (0i64..).zip(items.iter()) {
                        if !run(self, i, value.clone())? {
                            break;
                        }
                    }
                }
                Value::Str(text) => {
                    for (i, c) in (0i64..).zip(text.chars()) {
                        if !run(self, i, Value::Char(c))? {
                            break;
                        }
                    }
                }
                _ => {
                    return fail(
                        "a `for` loop over something other than an array, string or range",
                    );
                }
            },
        }
        Ok(Value::Unit)
    }

    fn condition(&mut self, condition: &Expression) -> Result<bool, Flow> {
        let value = if let Expression::Binary(operator, operands) = condition
            && operator.compares()
        {
            if let (Some(a), Some(b)) = (self.peek(&operands.0), self.peek(&operands.1)) {
                // Integers compared in place.
                return Ok(compare_integers(*operator, a, b));
            }
            let left = self.expression(&operands.0)?;
            let right = self.expression(&operands.1)?;
            binary(*operator, &left, &right, self.bounds.size)?
        } else {
            self.expression(condition)?
        };
        match value {
            Value::Bool(b) => Ok(b),
            _ => fail("a condition that is not a boolean"),
        }
    }

    /// The integer an expression made of variables, constants, integer arithmetic and indices
    /// by such integers (`n - i - 2`, `s[i + 1]`, `board[x][y]`) gives, computed in place: no
    /// value is built, cloned or dropped. `None` when the expression is of another kind or
    /// would fail (an overflow, an index out of range, another type) — the caller then
    /// evaluates it the ordinary way, which fails as rhai does. Nothing here has an effect, so
    /// evaluating again after `None` changes nothing.
    #[inline]
    fn peek(&self, expression: &Expression) -> Option<i64> {
        match expression {
            Expression::Local(slot) => match self.stack[self.base + slot] {
                Value::Int(n) => Some(n),
                _ => None,
            },
            Expression::Constant(Value::Int(n)) => Some(*n),
            Expression::Binary(operator, operands) => {
                let a = self.peek(&operands.0)?;
                let b = self.peek(&operands.1)?;
                arithmetic(*operator, a, b).ok()
            }
            Expression::Chain(root, steps) => match self.look(root, steps)? {
                Value::Int(n) => Some(n),
                _ => None,
            },
            _ => None,
        }
    }

    /// The value a chain of indices and properties from a local variable leads to
    /// (`row[i]`, `board[x][y + 1]`, `state.heaps[k]`), read in place: only the value found is
    /// cloned, never the variable. `None` when an index does not [peek](Self::peek) or a step
    /// would fail — the caller then walks the chain the ordinary way.
    fn look(&self, root: &Expression, steps: &[Step]) -> Option<Value> {
        let Expression::Local(slot) = root else {
            return None;
        };
        let (last, path) = steps.split_last()?;
        let mut current = &self.stack[self.base + slot];
        for step in path {
            current = match (current, step) {
                (Value::Array(items), Step::Index(index)) => {
                    let i = self.peek(index)?;
                    items.get(position(i, items.len()).ok()?)?
                }
                (Value::Map(map), Step::Property(name)) => map.get(&**name)?,
                _ => return None,
            };
        }
        match (current, last) {
            (Value::Array(items), Step::Index(index)) => {
                let i = self.peek(index)?;
                items.get(position(i, items.len()).ok()?).cloned()
            }
            (Value::Str(text), Step::Index(index)) => {
                let i = usize::try_from(self.peek(index)?).ok()?;
                character(text, i).map(Value::Char)
            }
            (Value::Map(map), Step::Property(name)) => {
                Some(map.get(&**name).cloned().unwrap_or(Value::Unit))
            }
            _ => None,
        }
    }

    fn expression(&mut self, expression: &Expression) -> Outcome {
        match expression {
            Expression::Constant(value) => Ok(value.clone()),
            Expression::Local(slot) => Ok(self.stack[self.base + slot].clone()),
            Expression::Binary(operator, operands) => {
                if let (Some(a), Some(b)) = (self.peek(&operands.0), self.peek(&operands.1)) {
                    return integer_operation(*operator, a, b);
                }
                let left = self.expression(&operands.0)?;
                let right = self.expression(&operands.1)?;
                if *operator == Operator::Add
                    && let Value::Str(text) = left
                {
                    return concatenate(text, &right, self.bounds.size);
                }
                binary(*operator, &left, &right, self.bounds.size)
            }
            Expression::Call(index, arguments) => {
                self.push_all(arguments)?;
                self.call_pushed(*index, arguments.len())
            }
            Expression::Chain(root, steps) => match self.look(root, steps) {
                Some(value) => Ok(value),
                None => self.rare_expression(expression),
            },
            other => self.rare_expression(other),
        }
    }

    /// The expressions a move generator evaluates less often, out of the hot function.
    #[inline(never)]
    #[allow(clippy::too_many_lines, reason = "one arm for each kind of node")]
    fn rare_expression(&mut self, expression: &Expression) -> Outcome {
        match expression {
            Expression::Constant(_)
            | Expression::Local(_)
            | Expression::Binary(..)
            | Expression::Call(..) => self.expression(expression),
            // The chain could not be read in place (`expression` tried): walked step by step.
            Expression::Global(index) => Ok(self.program.globals[*index].clone()),
            Expression::Array(items) => {
                if items.len() > self.bounds.size {
                    return fail("an array over the size limit");
                }
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    values.push(self.expression(item)?);
                }
                Ok(Value::Array(Rc::new(values)))
            }
            Expression::Map(template, pairs) => {
                let mut map = template.clone();
                for (name, value) in pairs {
                    let value = self.expression(value)?;
                    map.insert(Rc::clone(name), value);
                }
                if map.len() > self.bounds.size {
                    return fail("a map over the size limit");
                }
                Ok(Value::Map(Rc::new(map)))
            }
            Expression::Interpolated(parts) => {
                let mut text = String::new();
                for part in parts {
                    let value = self.expression(part)?;
                    append_text(&mut text, &value)?;
                }
                string(text, self.bounds.size)
            }
            Expression::Not(inner) => match self.expression(inner)? {
                Value::Bool(b) => Ok(Value::Bool(!b)),
                _ => fail("`!` of something other than a boolean"),
            },
            Expression::Negate(inner) => match self.expression(inner)? {
                Value::Int(n) => n.checked_neg().map(Value::Int).ok_or(Flow::Fail),
                _ => fail("`-` of something other than an integer"),
            },
            Expression::And(items) => {
                for item in items {
                    if !self.condition(item)? {
                        return Ok(Value::Bool(false));
                    }
                }
                Ok(Value::Bool(true))
            }
            Expression::Or(items) => {
                for item in items {
                    if self.condition(item)? {
                        return Ok(Value::Bool(true));
                    }
                }
                Ok(Value::Bool(false))
            }
            Expression::Chain(root, steps) => {
                let mut value = self.expression(root)?;
                for step in steps {
                    value = match step {
                        Step::Property(name) => property(&value, name)?,
                        Step::Index(index) => {
                            let index = self.expression(index)?;
                            index_of(&value, &index)?
                        }
                    };
                }
                Ok(value)
            }
            Expression::Builtin(builtin, arguments) => {
                if matches!(arguments.first(), Some(Expression::Range(..))) {
                    return self.range_contains(arguments);
                }
                let top = self.stack.len();
                self.push_all(arguments)?;
                let result = builtin_of(
                    *builtin,
                    &self.stack[top..],
                    self.bounds.size,
                    &mut self.printed,
                );
                self.stack.truncate(top);
                result
            }
            Expression::Change(builtin, place, arguments)
                if place.steps.is_empty() && arguments.len() == 1 =>
            {
                // `list.push(x)` and the like on a variable: no stack of arguments.
                let value = self.expression(&arguments[0])?;
                let size = self.bounds.size;
                let slot = self.base + place.slot;
                change(
                    *builtin,
                    &mut self.stack[slot],
                    std::slice::from_ref(&value),
                    size,
                )
            }
            Expression::Change(builtin, place, arguments) => {
                let top = self.stack.len();
                self.push_all(arguments)?;
                self.push_indices(place)?;
                let size = self.bounds.size;
                let (frame, pushed) = self.stack.split_at_mut(top);
                let (values, indices) = pushed.split_at(arguments.len());
                let target = target(&mut frame[self.base + place.slot], place, indices)?;
                let result = change(*builtin, target, values, size);
                self.stack.truncate(top);
                result
            }
            Expression::Range(..) => fail("a range outside `for` and `in`"),
            Expression::Statement(statement) => self.statement(statement),
            Expression::Fail => fail("something only rhai reports"),
        }
    }

    /// `x in a..b`.
    fn range_contains(&mut self, arguments: &[Expression]) -> Outcome {
        let [Expression::Range(ends, inclusive), item] = arguments else {
            return fail("a range outside `for` and `in`");
        };
        let (Value::Int(start), Value::Int(end)) =
            (self.expression(&ends.0)?, self.expression(&ends.1)?)
        else {
            return fail("a range of something other than integers");
        };
        let Value::Int(n) = self.expression(item)? else {
            return fail("`in` a range of something other than an integer");
        };
        Ok(Value::Bool(
            n >= start && (n < end || (*inclusive && n == end)),
        ))
    }

    /// Evaluates the indices of a place's steps onto the top of the stack, before the place
    /// is borrowed.
    fn push_indices(&mut self, place: &Place) -> Result<(), Flow> {
        for step in &place.steps {
            if let Step::Index(index) = step {
                let value = self.expression(index)?;
                self.stack.push(value);
            }
        }
        Ok(())
    }
}

/// The value `builtin` computes from `arguments`; `print` and `debug` add to `printed`, if kept.
#[inline(never)]
#[allow(clippy::too_many_lines, reason = "one arm for each kind of node")]
fn builtin_of(
    builtin: Builtin,
    arguments: &[Value],
    size: usize,
    printed: &mut Option<Vec<String>>,
) -> Outcome {
    {
        let int = |n: usize| Value::Int(i64::try_from(n).unwrap_or(i64::MAX));
        match (builtin, arguments) {
            (Builtin::Length, [Value::Array(a)]) => Ok(int(a.len())),
            (Builtin::Length, [Value::Str(s)]) => Ok(int(characters(s))),
            (Builtin::Length, [Value::Map(m)]) => Ok(int(m.len())),
            (Builtin::IsEmpty, [Value::Array(a)]) => Ok(Value::Bool(a.is_empty())),
            (Builtin::IsEmpty, [Value::Str(s)]) => Ok(Value::Bool(s.is_empty())),
            (Builtin::IsEmpty, [Value::Map(m)]) => Ok(Value::Bool(m.is_empty())),
            (Builtin::Contains, [Value::Array(a), item]) => {
                for element in a.iter() {
                    if equal(element, item)? {
                        return Ok(Value::Bool(true));
                    }
                }
                Ok(Value::Bool(false))
            }
            (Builtin::Contains, [Value::Str(s), Value::Str(part)]) => {
                Ok(Value::Bool(s.contains(part.as_str())))
            }
            (Builtin::Contains, [Value::Str(s), Value::Char(c)]) => Ok(Value::Bool(s.contains(*c))),
            (Builtin::Contains, [Value::Map(m), Value::Str(k)]) => {
                Ok(Value::Bool(m.contains_key(k.as_str())))
            }
            (Builtin::IndexOf, [Value::Array(a), item]) => {
                for (i, element) in a.iter().enumerate() {
                    if equal(element, item)? {
                        return Ok(int(i));
                    }
                }
                Ok(Value::Int(-1))
            }
            (Builtin::Get, [Value::Array(a), Value::Int(i)]) => {
                Ok(position(*i, a.len()).map_or(Value::Unit, |p| a[p].clone()))
            }
            (Builtin::Get, [Value::Map(m), Value::Str(k)]) => {
                Ok(m.get(k.as_str()).cloned().unwrap_or(Value::Unit))
            }
            (Builtin::Keys, [Value::Map(m)]) => Ok(Value::Array(Rc::new(
                m.keys()
                    .map(|k| Value::Str(Rc::new(k.to_string())))
                    .collect(),
            ))),
            (Builtin::Values, [Value::Map(m)]) => {
                Ok(Value::Array(Rc::new(m.values().cloned().collect())))
            }
            (Builtin::ToChars, [Value::Str(s)]) => {
                Ok(Value::Array(Rc::new(s.chars().map(Value::Char).collect())))
            }
            (Builtin::SubString, [Value::Str(s), Value::Int(start), Value::Int(length)]) => {
                string(sub_string(s, *start, *length), size)
            }
            (Builtin::SubString, [Value::Str(s), Value::Int(start)]) => {
                let length = i64::try_from(s.len()).unwrap_or(i64::MAX);
                string(sub_string(s, *start, length), size)
            }
            (Builtin::ToString, [value]) => string(to_text(value)?, size),
            (Builtin::Absolute, [Value::Int(n)]) => {
                n.checked_abs().map(Value::Int).ok_or(Flow::Fail)
            }
            (Builtin::Minimum, [Value::Int(a), Value::Int(b)]) => Ok(Value::Int(*a.min(b))),
            (Builtin::Maximum, [Value::Int(a), Value::Int(b)]) => Ok(Value::Int(*a.max(b))),
            (Builtin::Sign, [Value::Int(n)]) => Ok(Value::Int(n.signum())),
            (Builtin::IsOdd, [Value::Int(n)]) => Ok(Value::Bool(n % 2 != 0)),
            (Builtin::IsEven, [Value::Int(n)]) => Ok(Value::Bool(n % 2 == 0)),
            (Builtin::IsZero, [Value::Int(n)]) => Ok(Value::Bool(*n == 0)),
            (Builtin::Print | Builtin::Debug, [value]) => {
                if let Some(printed) = printed {
                    // Kept output is rhai's to the letter: `debug` (rhai's own notation, with
                    // the line) and anything but a scalar's `print` go to rhai.
                    let text = match (builtin, value) {
                        (Builtin::Print, Value::Str(s)) => s.to_string(),
                        (Builtin::Print, Value::Int(_) | Value::Bool(_) | Value::Char(_)) => {
                            to_text(value)?
                        }
                        _ => return fail("debug, or print of something other than a scalar"),
                    };
                    printed.push(format!("print: {text}"));
                }
                Ok(Value::Unit)
            }
            _ => fail("a built-in function on arguments it does not take"),
        }
    }
}

/// The part of `root` a place's steps lead to, the index values given in order.
fn target<'v>(
    root: &'v mut Value,
    place: &Place,
    indices: &[Value],
) -> Result<&'v mut Value, Flow> {
    let mut target = root;
    let mut indices = indices.iter();
    for step in &place.steps {
        target = match step {
            Step::Property(name) => match target {
                Value::Map(map) => Rc::make_mut(map).entry(Rc::clone(name)).or_default(),
                _ => return fail("a property of something other than a map"),
            },
            Step::Index(_) => {
                let index = indices.next().ok_or(Flow::Fail)?;
                match (target, index) {
                    (Value::Array(items), Value::Int(i)) => {
                        let position = position(*i, items.len())?;
                        &mut Rc::make_mut(items)[position]
                    }
                    (Value::Map(map), Value::Str(name)) => Rc::make_mut(map)
                        .entry(Rc::from(name.as_str()))
                        .or_default(),
                    _ => return fail("an assignment into something that cannot be indexed"),
                }
            }
        };
    }
    Ok(target)
}

/// The index `i` of a sequence of `length` items (negative from the end), if it is in range.
fn position(i: i64, length: usize) -> Result<usize, Flow> {
    let length_signed = i64::try_from(length).unwrap_or(i64::MAX);
    let from_start = if i < 0 { i + length_signed } else { i };
    if (0..length_signed).contains(&from_start) {
        usize::try_from(from_start).map_err(|_| Flow::Fail)
    } else {
        fail("an index out of range")
    }
}

fn property(value: &Value, name: &str) -> Outcome {
    match value {
        Value::Map(map) => Ok(map.get(name).cloned().unwrap_or(Value::Unit)),
        _ => fail("a property of something other than a map"),
    }
}

fn index_of(value: &Value, index: &Value) -> Outcome {
    match (value, index) {
        (Value::Array(items), Value::Int(i)) => Ok(items[position(*i, items.len())?].clone()),
        (Value::Map(map), Value::Str(name)) => {
            Ok(map.get(name.as_str()).cloned().unwrap_or(Value::Unit))
        }
        (Value::Str(text), Value::Int(i)) if *i >= 0 => usize::try_from(*i)
            .ok()
            .and_then(|i| character(text, i))
            .map(Value::Char)
            .ok_or(Flow::Fail),
        _ => fail("an index of something that cannot be indexed"),
    }
}

/// rhai's `sub_string(start, length)`, in characters: a negative `start` counts from the end
/// (before the first character: from the first), a `start` past the end or a `length` of 0 or
/// less gives `""`, and a `length` past the end stops there.
fn sub_string(text: &str, start: i64, length: i64) -> String {
    if text.is_empty() || length <= 0 {
        return String::new();
    }
    let count = characters(text);
    let offset = if start < 0 {
        let back = usize::try_from(start.unsigned_abs()).unwrap_or(usize::MAX);
        count.saturating_sub(back)
    } else {
        match usize::try_from(start) {
            Ok(start) if start < count => start,
            _ => return String::new(),
        }
    };
    let length = usize::try_from(length)
        .unwrap_or(usize::MAX)
        .min(count - offset);
    if count == text.len() {
        // ASCII: characters are bytes.
        return text[offset..offset + length].to_owned();
    }
    text.chars().skip(offset).take(length).collect()
}

/// How many characters `text` holds: its length in bytes when it is ASCII (checked a word at a
/// time), else counted.
fn characters(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    }
}

/// The character at index `i` of `text`, if any: read as a byte when the text up to it is ASCII.
fn character(text: &str, i: usize) -> Option<char> {
    let bytes = text.as_bytes();
    match bytes.get(..=i) {
        Some(prefix) if prefix.is_ascii() => Some(char::from(bytes[i])),
        Some(_) => text.chars().nth(i),
        None => None,
    }
}

fn string(text: String, size: usize) -> Outcome {
    if text.len() > size {
        return fail("a string over the size limit");
    }
    Ok(Value::Str(Rc::new(text)))
}

/// `text + right`: `text` grown in place when nothing else holds it (`a + "--" + b` builds one
/// string, not one per `+`), else copied as `binary` does.
fn concatenate(mut text: Rc<String>, right: &Value, size: usize) -> Outcome {
    if let Some(owned) = Rc::get_mut(&mut text)
        && matches!(
            right,
            Value::Str(_) | Value::Char(_) | Value::Int(_) | Value::Bool(_)
        )
    {
        append_text(owned, right)?;
        if owned.len() > size {
            return fail("a string over the size limit");
        }
        return Ok(Value::Str(text));
    }
    binary(Operator::Add, &Value::Str(text), right, size)
}

/// Appends the text `to_string` gives a scalar, written in place.
fn append_text(text: &mut String, value: &Value) -> Result<(), Flow> {
    use std::fmt::Write as _;
    match value {
        Value::Str(s) => text.push_str(s),
        Value::Char(c) => text.push(*c),
        Value::Int(n) => {
            let _ = write!(text, "{n}");
        }
        Value::Bool(b) => text.push_str(if *b { "true" } else { "false" }),
        _ => {
            return fail("the text of something other than a number, boolean, character or string");
        }
    }
    Ok(())
}

/// The text `to_string` and string interpolation give a scalar.
fn to_text(value: &Value) -> Result<String, Flow> {
    match value {
        Value::Int(n) => Ok(n.to_string()),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Char(c) => Ok(c.to_string()),
        Value::Str(s) => Ok(s.to_string()),
        _ => fail("the text of something other than a number, boolean, character or string"),
    }
}

/// Whether `a == b`, for values of the same shape; rhai decides between shapes.
fn equal(a: &Value, b: &Value) -> Result<bool, Flow> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Ok(x == y),
        (Value::Bool(x), Value::Bool(y)) => Ok(x == y),
        (Value::Char(x), Value::Char(y)) => Ok(x == y),
        (Value::Str(x), Value::Str(y)) => Ok(x == y),
        (Value::Unit, Value::Unit) => Ok(true),
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (p, q) in x.iter().zip(y.iter()) {
                if !equal(p, q)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        (Value::Map(x), Value::Map(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (key, p) in x.iter() {
                match y.get(key) {
                    Some(q) if equal(p, q)? => {}
                    _ => return Ok(false),
                }
            }
            Ok(true)
        }
        _ => fail("a comparison of values of different types"),
    }
}

/// `a operator b` for the operators that compare.
#[inline]
fn compare_integers(operator: Operator, a: i64, b: i64) -> bool {
    match operator {
        Operator::Equal => a == b,
        Operator::NotEqual => a != b,
        Operator::Less => a < b,
        Operator::LessOrEqual => a <= b,
        Operator::Greater => a > b,
        _ => a >= b,
    }
}

/// `a operator b` for the operators of integer arithmetic (those `is_arithmetic` names).
#[inline]
fn arithmetic(operator: Operator, a: i64, b: i64) -> Result<i64, Flow> {
    match operator {
        Operator::Add => a.checked_add(b),
        Operator::Subtract => a.checked_sub(b),
        Operator::Multiply => a.checked_mul(b),
        Operator::Divide => a.checked_div(b),
        Operator::Remainder => a.checked_rem(b),
        Operator::And => Some(a & b),
        Operator::Or => Some(a | b),
        Operator::Xor => Some(a ^ b),
        _ => None,
    }
    .ok_or(Flow::Fail)
}

/// `a operator b` on integers: the common case, kept small.
#[inline]
fn integer_operation(operator: Operator, a: i64, b: i64) -> Outcome {
    let overflow = || Flow::Fail;
    Ok(match operator {
        Operator::Add => Value::Int(a.checked_add(b).ok_or_else(overflow)?),
        Operator::Subtract => Value::Int(a.checked_sub(b).ok_or_else(overflow)?),
        Operator::Multiply => Value::Int(a.checked_mul(b).ok_or_else(overflow)?),
        Operator::Equal => Value::Bool(a == b),
        Operator::NotEqual => Value::Bool(a != b),
        Operator::Less => Value::Bool(a < b),
        Operator::LessOrEqual => Value::Bool(a <= b),
        Operator::Greater => Value::Bool(a > b),
        Operator::GreaterOrEqual => Value::Bool(a >= b),
        Operator::And => Value::Int(a & b),
        Operator::Or => Value::Int(a | b),
        Operator::Xor => Value::Int(a ^ b),
        _ => return binary(operator, &Value::Int(a), &Value::Int(b), usize::MAX),
    })
}

#[inline(never)]
fn binary(operator: Operator, left: &Value, right: &Value, size: usize) -> Outcome {
    let overflow = Flow::Fail;
    match (left, right) {
        (Value::Int(a), Value::Int(b)) => {
            let (a, b) = (*a, *b);
            let int = |r: Option<i64>| r.map(Value::Int).ok_or(overflow);
            match operator {
                Operator::Add => int(a.checked_add(b)),
                Operator::Subtract => int(a.checked_sub(b)),
                Operator::Multiply => int(a.checked_mul(b)),
                Operator::Divide => int(a.checked_div(b)),
                Operator::Remainder => int(a.checked_rem(b)),
                Operator::Power => int(u32::try_from(b).ok().and_then(|b| a.checked_pow(b))),
                Operator::ShiftLeft => {
                    int(u32::try_from(b).ok().filter(|&b| b < 64).map(|b| a << b))
                }
                Operator::ShiftRight => {
                    int(u32::try_from(b).ok().filter(|&b| b < 64).map(|b| a >> b))
                }
                Operator::And => Ok(Value::Int(a & b)),
                Operator::Or => Ok(Value::Int(a | b)),
                Operator::Xor => Ok(Value::Int(a ^ b)),
                Operator::Equal => Ok(Value::Bool(a == b)),
                Operator::NotEqual => Ok(Value::Bool(a != b)),
                Operator::Less => Ok(Value::Bool(a < b)),
                Operator::LessOrEqual => Ok(Value::Bool(a <= b)),
                Operator::Greater => Ok(Value::Bool(a > b)),
                Operator::GreaterOrEqual => Ok(Value::Bool(a >= b)),
            }
        }
        (Value::Str(a), Value::Str(b)) => match operator {
            Operator::Add => {
                let mut text = String::with_capacity(a.len() + b.len());
                text.push_str(a);
                text.push_str(b);
                string(text, size)
            }
            _ => compare(operator, a.as_str().cmp(b.as_str())),
        },
        (Value::Char(a), Value::Char(b)) if operator != Operator::Add => {
            compare(operator, a.cmp(b))
        }
        (Value::Str(a), Value::Char(_) | Value::Int(_) | Value::Bool(_))
            if operator == Operator::Add =>
        {
            let mut text = a.to_string();
            append_text(&mut text, right)?;
            string(text, size)
        }
        (Value::Char(_) | Value::Int(_) | Value::Bool(_), Value::Str(b))
            if operator == Operator::Add =>
        {
            let mut text = to_text(left)?;
            text.push_str(b);
            string(text, size)
        }
        (Value::Bool(a), Value::Bool(b)) => match operator {
            Operator::Equal => Ok(Value::Bool(a == b)),
            Operator::NotEqual => Ok(Value::Bool(a != b)),
            _ => fail("an operator on booleans"),
        },
        (Value::Array(a), Value::Array(b)) => match operator {
            Operator::Add => {
                if a.len() + b.len() > size {
                    return fail("an array over the size limit");
                }
                let mut items = Vec::with_capacity(a.len() + b.len());
                items.extend(a.iter().cloned());
                items.extend(b.iter().cloned());
                Ok(Value::Array(Rc::new(items)))
            }
            Operator::Equal => Ok(Value::Bool(equal(left, right)?)),
            Operator::NotEqual => Ok(Value::Bool(!equal(left, right)?)),
            _ => fail("an operator on arrays"),
        },
        (Value::Map(_), Value::Map(_)) => match operator {
            Operator::Equal => Ok(Value::Bool(equal(left, right)?)),
            Operator::NotEqual => Ok(Value::Bool(!equal(left, right)?)),
            _ => fail("an operator on maps"),
        },
        _ => fail("an operator on values of these types"),
    }
}

fn compare(operator: Operator, ordering: std::cmp::Ordering) -> Outcome {
    use std::cmp::Ordering::{Equal, Greater, Less};
    Ok(Value::Bool(match operator {
        Operator::Equal => ordering == Equal,
        Operator::NotEqual => ordering != Equal,
        Operator::Less => ordering == Less,
        Operator::LessOrEqual => ordering != Greater,
        Operator::Greater => ordering == Greater,
        Operator::GreaterOrEqual => ordering != Less,
        _ => return fail("an operator on these values"),
    }))
}

/// `current op= value`: arrays append in place, the rest as `current op value`.
fn assign_operation(operator: Operator, current: Value, value: Value, size: usize) -> Outcome {
    match (operator, current, value) {
        (Operator::Add, Value::Array(mut items), Value::Array(more)) => {
            if items.len() + more.len() > size {
                return fail("an array over the size limit");
            }
            Rc::make_mut(&mut items).extend(more.iter().cloned());
            Ok(Value::Array(items))
        }
        (Operator::Add, Value::Array(_), _) => fail("`+=` of an array and something else"),
        (operator, current, value) => binary(operator, &current, &value, size),
    }
}

/// A built-in function that changes `target`.
#[inline(never)]
fn change(builtin: Builtin, target: &mut Value, arguments: &[Value], size: usize) -> Outcome {
    match (builtin, target, arguments) {
        (Builtin::Push, Value::Array(items), [item]) => {
            if items.len() >= size {
                return fail("an array over the size limit");
            }
            Rc::make_mut(items).push(item.clone());
            Ok(Value::Unit)
        }
        (Builtin::Append, Value::Array(items), [Value::Array(more)]) => {
            if items.len() + more.len() > size {
                return fail("an array over the size limit");
            }
            Rc::make_mut(items).extend(more.iter().cloned());
            Ok(Value::Unit)
        }
        (Builtin::Pop, Value::Array(items), []) => {
            Ok(Rc::make_mut(items).pop().unwrap_or_default())
        }
        (Builtin::Shift, Value::Array(items), []) => Ok(if items.is_empty() {
            Value::Unit
        } else {
            Rc::make_mut(items).remove(0)
        }),
        (Builtin::Insert, Value::Array(items), [Value::Int(i), item]) => {
            if items.len() >= size {
                return fail("an array over the size limit");
            }
            let length = i64::try_from(items.len()).unwrap_or(i64::MAX);
            let at = if *i < 0 {
                (i + length).max(0)
            } else {
                (*i).min(length)
            };
            let at = usize::try_from(at).map_err(|_| Flow::Fail)?;
            Rc::make_mut(items).insert(at, item.clone());
            Ok(Value::Unit)
        }
        (Builtin::Remove, Value::Array(items), [Value::Int(i)]) => {
            Ok(match position(*i, items.len()) {
                Ok(at) => Rc::make_mut(items).remove(at),
                Err(_) => Value::Unit,
            })
        }
        (Builtin::Remove, Value::Map(map), [Value::Str(key)]) => {
            Ok(Rc::make_mut(map).remove(key.as_str()).unwrap_or_default())
        }
        (Builtin::Clear, Value::Array(items), []) => {
            Rc::make_mut(items).clear();
            Ok(Value::Unit)
        }
        (Builtin::Clear, Value::Map(map), []) => {
            Rc::make_mut(map).clear();
            Ok(Value::Unit)
        }
        (Builtin::Reverse, Value::Array(items), []) => {
            Rc::make_mut(items).reverse();
            Ok(Value::Unit)
        }
        (Builtin::Truncate, Value::Array(items), [Value::Int(n)]) => {
            let keep = usize::try_from((*n).max(0)).unwrap_or(usize::MAX);
            Rc::make_mut(items).truncate(keep);
            Ok(Value::Unit)
        }
        (Builtin::Sort, Value::Array(items), []) => {
            if items.iter().all(|v| matches!(v, Value::Int(_)))
                || items.iter().all(|v| matches!(v, Value::Str(_)))
            {
                Rc::make_mut(items).sort();
                Ok(Value::Unit)
            } else {
                fail("sorting values other than integers or strings")
            }
        }
        _ => fail("a changing built-in function on arguments it does not take"),
    }
}
