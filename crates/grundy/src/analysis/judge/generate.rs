//! Test inputs written from a judge description, for `verify --against`.
//!
//! An input is written in two passes. The first runs the description as a writer: each `read`
//! is a line of the numbers it reads (a tuple list one line per tuple), counts and game
//! parameters drawn small within their bounds, each `loop` a few rounds and then — where its
//! body ends it with `stop if` or `break if` — one round that makes the condition hold, and each
//! position value a placeholder. The text is read back ([`read_judge`]) to learn each case's
//! game; the second pass gives the positions their heaps, drawn from that game's plan (the edges
//! of its certified period first, then random heaps, a third of the lists lost by
//! construction), and the final text is read once more for the cases grundy answers.

use std::collections::HashMap;

use num_bigint::BigUint;

use super::{Plan, TestRandom};
use crate::analysis::judge::CaseKind;
use crate::analysis::{Analyzer, Error};
use crate::games::game::Game;
use crate::input::judge_format::description::{
    Condition, Expression, Item, Kind, Length, Statement, Template,
};
use crate::input::judge_format::{Bounds, Case, JudgeFormat, read_judge};
use crate::input::spec::parse_game;

/// One test input: its text and the cases grundy reads in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestInput {
    /// The input, as a program reads it on stdin.
    pub text: String,
    /// Its cases, as [`read_judge`] reads them.
    pub cases: Vec<Case>,
}

/// What the variables of a description are used for.
#[derive(Default)]
struct Roles<'d> {
    /// Counts of `repeat`s.
    repeats: Vec<&'d str>,
    /// Counts of lists.
    lengths: Vec<&'d str>,
    /// Named by the game.
    game: Vec<&'d str>,
    /// Named by a position.
    positions: Vec<&'d str>,
    /// The numbers each variable must not equal in an ordinary round (its conditions').
    conditions: HashMap<&'d str, Vec<u64>>,
}

impl<'d> Roles<'d> {
    fn of(statements: &'d [Statement], game: Option<&'d Template>) -> Self {
        let mut roles = Self::default();
        if let Some(game) = game {
            roles.game.extend(game.variables());
        }
        roles.visit(statements);
        roles
    }

    fn visit(&mut self, statements: &'d [Statement]) {
        for statement in statements {
            match statement {
                Statement::Read { items, .. } => {
                    for item in items {
                        if let Length::Counted(count) = &item.length {
                            self.lengths.extend(count.variables());
                        }
                    }
                }
                Statement::Repeat { count, body } => {
                    self.repeats.extend(count.variables());
                    self.visit(body);
                }
                Statement::Loop { body } => self.visit(body),
                Statement::Stop(condition) | Statement::Break(condition) => {
                    for (name, value) in &condition.equalities {
                        self.conditions.entry(name).or_default().push(*value);
                    }
                }
                Statement::Case(template) => self.positions.extend(template.variables()),
                Statement::Newline => {}
            }
        }
    }
}

/// How a statement ended.
enum Flow {
    Next,
    Break,
    Stop,
}

/// The most rounds of a `loop`, and the largest count drawn for a `repeat` or a list.
const MOST_ROUNDS: u64 = 6;
const MOST_COUNT: u64 = 10;
/// The most tokens one test input holds.
const MOST_TOKENS: usize = 1 << 16;

/// Where a case's position values go: each value's variable and place (line, index), in order,
/// and the bounds its first variable was read with.
struct Slots<'d> {
    places: Vec<(&'d str, (usize, usize))>,
    range: Option<(u64, u64)>,
}

/// The first pass: the input's lines, with placeholders where positions go.
struct Sketch<'d, 'r> {
    roles: &'r Roles<'d>,
    random: &'r mut TestRandom,
    bounds: Bounds,
    /// How many values a rest-of-line list of a position holds (by the game's kind).
    width: u64,
    /// Cases still to give an edge heap (they ask for as many rounds), when the game is known.
    edges_left: usize,
    lines: Vec<Vec<String>>,
    /// Each variable's numbers (for counts, bounds and conditions) and token places.
    numbers: HashMap<&'d str, Vec<u64>>,
    places: HashMap<&'d str, Vec<(usize, usize)>>,
    /// The last length of each rest-of-line list.
    widths: HashMap<&'d str, usize>,
    /// The conditions made to hold in the rounds that end a loop.
    ending: Vec<Option<&'d Condition>>,
    /// Each case's position values.
    cases: Vec<Slots<'d>>,
    /// The bounds of each variable, as read.
    ranges: HashMap<&'d str, (u64, u64)>,
    tokens: usize,
}

impl<'d> Sketch<'d, '_> {
    fn evaluate(&self, expression: &Expression) -> Result<u64, Error> {
        let value = match expression {
            Expression::Literal(value) => Some(*value),
            Expression::Variable(name) => self
                .numbers
                .get(name.as_str())
                .and_then(|values| values.first().copied()),
            Expression::Add(a, b) => self.evaluate(a)?.checked_add(self.evaluate(b)?),
            Expression::Subtract(a, b) => self.evaluate(a)?.checked_sub(self.evaluate(b)?),
            Expression::Multiply(a, b) => self.evaluate(a)?.checked_mul(self.evaluate(b)?),
        };
        value.ok_or_else(|| {
            Error::refused(format!(
                "the test input's {expression} is negative or beyond 64 bits: the description's bounds leave no room"
            ))
        })
    }

    /// The count of a loop's rounds.
    fn rounds(&mut self) -> u64 {
        if self.edges_left > 0 {
            return self.edges_left.min(self.bounds.most_cases) as u64;
        }
        self.random
            .between(1, MOST_ROUNDS.min(self.bounds.most_cases.max(1) as u64))
    }

    /// A value for `name`, read with `range`.
    fn draw(&mut self, name: &'d str, range: Option<(u64, u64)>) -> u64 {
        if let Some(value) = self.ending.last().copied().flatten().and_then(|condition| {
            condition
                .equalities
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, value)| *value)
        }) {
            return value;
        }
        let roles = self.roles;
        let (low, high) = range.unwrap_or((0, u64::MAX));
        let value = if roles.repeats.contains(&name) {
            let most = if self.edges_left > 0 {
                self.edges_left.min(self.bounds.most_cases) as u64
            } else {
                self.random
                    .between(1, MOST_COUNT.min(self.bounds.most_cases.max(1) as u64))
            };
            most.clamp(low.max(1).min(high), high)
        } else if roles.lengths.contains(&name) {
            let most = MOST_COUNT.min(self.bounds.most_heaps.max(1) as u64);
            let drawn = self.random.between(1, most);
            drawn.clamp(low.max(1).min(high), high)
        } else if roles.positions.contains(&name) {
            low.max(1).min(high)
        } else if roles.game.contains(&name) {
            let low = low.max(1);
            self.random.between(low, high.min(low.saturating_add(11)))
        } else {
            self.random.between(low, high.min(low.saturating_add(9)))
        };
        // An ordinary round never meets a condition.
        match roles.conditions.get(name) {
            Some(avoided) if avoided.contains(&value) && !roles.positions.contains(&name) => {
                let up = (value..=high).find(|v| !avoided.contains(v));
                let down = (low..value).rev().find(|v| !avoided.contains(v));
                up.or(down).unwrap_or(value)
            }
            _ => value,
        }
    }

    fn push(&mut self, name: &'d str, value: u64, new_line: bool) -> Result<(), Error> {
        self.tokens += 1;
        if self.tokens > MOST_TOKENS {
            return Err(Error::refused(format!(
                "a test input of this description would hold more than {MOST_TOKENS} numbers"
            )));
        }
        if new_line || self.lines.is_empty() {
            self.lines.push(Vec::new());
        }
        let line = self.lines.len() - 1;
        let index = self.lines[line].len();
        self.lines[line].push(value.to_string());
        self.numbers.entry(name).or_default().push(value);
        self.places.entry(name).or_default().push((line, index));
        Ok(())
    }

    /// A `read` or a `line`: one line of the values read (a tuple list one line per tuple).
    fn read(&mut self, items: &'d [Item]) -> Result<(), Error> {
        self.lines.push(Vec::new());
        for item in items {
            let range = match &item.kind {
                Kind::Number {
                    range: Some((low, high)),
                } => Some((self.evaluate(low)?, self.evaluate(high)?)),
                _ => None,
            };
            for name in &item.names {
                self.numbers.remove(name.as_str());
                self.places.remove(name.as_str());
                if let Some(range) = range {
                    self.ranges.insert(name, range);
                } else {
                    self.ranges.remove(name.as_str());
                }
            }
            let count = match &item.length {
                Length::One => None,
                Length::Counted(count) => Some(self.evaluate(count)?),
                Length::Rest => {
                    let name = item.names[0].as_str();
                    let ending = self
                        .ending
                        .last()
                        .copied()
                        .flatten()
                        .is_some_and(|condition| {
                            condition.equalities.iter().any(|(n, _)| n == name)
                        });
                    let width = if ending {
                        self.widths.get(name).copied().unwrap_or(1) as u64
                    } else {
                        self.width
                    };
                    self.widths.insert(name, width as usize);
                    Some(width)
                }
            };
            match count {
                None => {
                    let name = item.names[0].as_str();
                    let value = self.draw(name, range);
                    self.push(name, value, false)?;
                }
                Some(count) => {
                    let tuples = item.names.len() > 1;
                    for _ in 0..count {
                        for (i, name) in item.names.iter().enumerate() {
                            let value = self.draw(name, range);
                            self.push(name, value, tuples && i == 0)?;
                        }
                    }
                    if count == 0 {
                        for name in &item.names {
                            self.numbers.insert(name, Vec::new());
                            self.places.insert(name, Vec::new());
                        }
                    }
                    if tuples {
                        self.lines.push(Vec::new());
                    }
                }
            }
        }
        Ok(())
    }

    fn run(&mut self, statements: &'d [Statement]) -> Result<Flow, Error> {
        for statement in statements {
            match statement {
                Statement::Read { items, .. } => self.read(items)?,
                Statement::Repeat { count, body } => {
                    let rounds = self.evaluate(count)?;
                    self.ending.push(None);
                    for _ in 0..rounds {
                        match self.run(body)? {
                            Flow::Next => {}
                            Flow::Break => break,
                            Flow::Stop => {
                                self.ending.pop();
                                return Ok(Flow::Stop);
                            }
                        }
                    }
                    self.ending.pop();
                }
                Statement::Loop { body } => {
                    let rounds = self.rounds();
                    self.ending.push(None);
                    for _ in 0..rounds {
                        self.run(body)?;
                    }
                    self.ending.pop();
                    // A loop whose body ends it is ended so: one more round meets the condition.
                    let ends = body.iter().find_map(|statement| match statement {
                        Statement::Break(condition) => Some((condition, false)),
                        Statement::Stop(condition) => Some((condition, true)),
                        _ => None,
                    });
                    if let Some((condition, stops)) = ends {
                        self.ending.push(Some(condition));
                        let flow = self.run(body)?;
                        self.ending.pop();
                        if stops && matches!(flow, Flow::Stop) {
                            return Ok(Flow::Stop);
                        }
                    }
                }
                Statement::Stop(condition) | Statement::Break(condition) => {
                    if self.ending.last().copied().flatten() == Some(condition) {
                        return Ok(if matches!(statement, Statement::Stop(_)) {
                            Flow::Stop
                        } else {
                            Flow::Break
                        });
                    }
                }
                Statement::Case(template) => {
                    let mut slots = Vec::new();
                    let mut range = None;
                    for name in template.variables() {
                        slots.extend(
                            self.places
                                .get(name)
                                .into_iter()
                                .flatten()
                                .map(|&place| (name, place)),
                        );
                        range = range.or_else(|| self.ranges.get(name).copied());
                    }
                    if self.edges_left > 0 {
                        self.edges_left -= 1;
                    }
                    self.cases.push(Slots {
                        places: slots,
                        range,
                    });
                }
                Statement::Newline => {}
            }
        }
        Ok(Flow::Next)
    }
}

impl Analyzer<'_> {
    /// Test inputs for a judge format, written from its description: first inputs of edge cases
    /// (heaps 0 and 1, a certified period's boundaries — preperiod, preperiod + period ± 1 —,
    /// 2^31 − 1, 2^63 − 1 and 10^18, where the bounds and the game allow), then random inputs,
    /// `count` in all, each with its text and its cases ready to be answered
    /// ([`judge`](Self::judge)). Counts and game parameters are small and within the bounds the
    /// description gives (`n:1..1000`); a loop that a condition ends ends with it (a line of
    /// zeros, a count of 0). The same `seed` gives the same inputs. `game` is the game of a
    /// description without one.
    ///
    /// # Complexity
    /// One period search per game met, then `O(count · t)` for inputs of at most `t` tokens
    /// (65 536).
    ///
    /// # Errors
    /// [`Error::Refused`] for descriptions whose positions are not numbers in braces (`{h}`,
    /// `{a} {b}`) or that read words, for games whose positions no format writes (sums given
    /// with their positions, scripts without `start(n)`); errors of the period search.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::input::judge_format::JudgeFormat;
    /// use grundy::{Analyzer, Config};
    /// let format = JudgeFormat::parse("read T:1..5; repeat T { read n k:3..100; case {n} }; game subtraction:1,2,{k}; say A B")?;
    /// let analyzer = Analyzer::new(Config::default());
    /// let inputs = analyzer.test_inputs(&format, None, 10, 7)?;
    /// assert_eq!(inputs.len(), 10);
    /// assert!(inputs.iter().all(|input| (1..=5).contains(&input.cases.len())));
    /// assert_eq!(inputs, analyzer.test_inputs(&format, None, 10, 7)?); // deterministic
    /// # Ok(()) }
    /// ```
    pub fn test_inputs(
        &self,
        format: &JudgeFormat,
        game: Option<&Game>,
        count: usize,
        seed: u64,
    ) -> Result<Vec<TestInput>, Error> {
        let description = &format.description;
        check_writable(format)?;
        let carried = description
            .game
            .as_ref()
            .is_some_and(|template| template.variables().next().is_some());
        let fixed = match (&description.game, game) {
            _ if carried => None,
            (_, Some(game)) => Some(game.clone()),
            (Some(template), None) => Some(parse_game(&template.to_string())?),
            (None, None) => {
                return Err(Error::refused(format!(
                    "the format {format} needs a game to write test inputs for"
                )));
            }
        };
        let mut writer = Writer {
            analyzer: self,
            format,
            roles: Roles::of(&description.statements, description.game.as_ref()),
            bounds: format.bounds(),
            plans: HashMap::new(),
            edges_used: HashMap::new(),
            fixed,
        };
        let mut random = TestRandom::new(seed);
        (0..count).map(|_| writer.input(&mut random)).collect()
    }
}

/// Writes the test inputs of one format.
struct Writer<'a, 'd> {
    analyzer: &'a Analyzer<'a>,
    format: &'d JudgeFormat,
    /// The game of every case, unless the input carries it.
    fixed: Option<Game>,
    roles: Roles<'d>,
    bounds: Bounds,
    /// The plan of each game, by its spec and the bounds of its positions.
    plans: HashMap<(String, Option<(u64, u64)>), Plan>,
    /// How many of each game's edges were written.
    edges_used: HashMap<String, usize>,
}

impl<'d> Writer<'_, 'd> {
    /// The plan of `game` for positions within `range`.
    fn plan(&mut self, game: &Game, range: Option<(u64, u64)>) -> Result<&Plan, Error> {
        let key = (game.to_string(), range);
        if !self.plans.contains_key(&key) {
            let mut bounds = self.bounds;
            if let Some((low, high)) = range {
                bounds.smallest = bounds.smallest.max(low);
                bounds.largest = Some(bounds.largest.map_or(high, |l| l.min(high)));
            }
            let plan = self.analyzer.plan(game, &bounds)?;
            self.plans.insert(key.clone(), plan);
        }
        Ok(&self.plans[&key])
    }

    /// One test input.
    fn input(&mut self, random: &mut TestRandom) -> Result<TestInput, Error> {
        let fixed = self.fixed.clone();
        let (mut width, edges_left) = match &fixed {
            Some(game) => {
                let kind = super::super::answers(game.base()).test_case();
                let edges = self.plan(game, None)?.edges.len();
                let used = self.edges_used.get(&game.to_string()).copied().unwrap_or(0);
                (kind_width(kind), edges.saturating_sub(used))
            }
            None => (1, 0),
        };
        if width > 2 {
            width = random.between(1, width);
        }
        let mut sketch = Sketch {
            roles: &self.roles,
            random,
            bounds: self.bounds,
            width,
            edges_left,
            lines: Vec::new(),
            numbers: HashMap::new(),
            places: HashMap::new(),
            widths: HashMap::new(),
            ending: Vec::new(),
            cases: Vec::new(),
            ranges: HashMap::new(),
            tokens: 0,
        };
        sketch.run(&self.format.description.statements)?;
        let first = self.read(&joined(&sketch.lines))?;
        if first.len() != sketch.cases.len() {
            return Err(Error::Internal(format!(
                "a test input written with {} cases reads back as {}",
                sketch.cases.len(),
                first.len()
            )));
        }
        let Sketch {
            mut lines,
            cases: slots,
            ..
        } = sketch;
        for (case, slots) in first.iter().zip(slots) {
            self.place(case, slots, &mut lines, random)?;
        }
        let text = joined(&lines);
        let cases = self.read(&text)?;
        Ok(TestInput { text, cases })
    }

    fn read(&self, text: &str) -> Result<Vec<Case>, Error> {
        read_judge(text, self.format, self.fixed.as_ref()).map_err(|error| {
            Error::Internal(format!("a test input does not read back: {error}\n{text}"))
        })
    }

    /// Gives a case's position its heaps, in `lines`.
    fn place(
        &mut self,
        case: &Case,
        slots: Slots<'d>,
        lines: &mut [Vec<String>],
        random: &mut TestRandom,
    ) -> Result<(), Error> {
        let spec = case.game.to_string();
        let used = self.edges_used.get(&spec).copied().unwrap_or(0);
        let plan = self.plan(&case.game, slots.range)?;
        let edge = plan.edges.get(used).cloned();
        let kind = super::super::answers(case.game.base()).test_case();
        let mut values = fill(kind, plan, slots.places.len(), edge.clone(), random)?;
        // A position never meets a condition that would end the input early (a value equal to
        // a `stop if`'s number, a list of them only).
        let largest = plan.largest.clone();
        for (name, literals) in &self.roles.conditions {
            let mine: Vec<usize> = (0..slots.places.len())
                .filter(|&i| slots.places[i].0 == *name)
                .collect();
            if let Some(&first) = mine.first()
                && literals
                    .iter()
                    .any(|literal| mine.iter().all(|&i| values[i] == BigUint::from(*literal)))
            {
                let bumped = &values[first] + 1u32;
                if bumped <= largest {
                    values[first] = bumped;
                } else if values[first] > BigUint::ZERO {
                    values[first] -= 1u32;
                }
            }
        }
        if edge.is_some() {
            *self.edges_used.entry(spec).or_default() += 1;
        }
        for ((_, (line, index)), value) in slots.places.into_iter().zip(values) {
            lines[line][index] = value.to_string();
        }
        Ok(())
    }
}

/// The text of an input's lines: their numbers separated by spaces, a line each (empty ones
/// left out).
fn joined(lines: &[Vec<String>]) -> String {
    let mut text = String::new();
    for line in lines.iter().filter(|line| !line.is_empty()) {
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

/// How many heaps a line of a position holds, by its family's kind: two for a pair, up to 4
/// for Nim-like heaps, one otherwise.
fn kind_width(kind: CaseKind) -> u64 {
    match kind {
        CaseKind::Pair { .. } => 2,
        CaseKind::Heaps => 4,
        CaseKind::OneHeap | CaseKind::Fresh => 1,
    }
}

/// Refuses what the writer cannot write: words, and positions that are not numbers in braces.
fn check_writable(format: &JudgeFormat) -> Result<(), Error> {
    fn visit(statements: &[Statement]) -> Result<(), String> {
        for statement in statements {
            match statement {
                Statement::Read { items, .. } => {
                    if let Some(item) = items.iter().find(|item| item.kind == Kind::Word) {
                        return Err(format!("it reads words ({item})"));
                    }
                }
                Statement::Repeat { body, .. } | Statement::Loop { body } => visit(body)?,
                Statement::Case(template) if !template.is_list() => {
                    return Err(format!("its positions are written {template}"));
                }
                _ => {}
            }
        }
        Ok(())
    }
    visit(&format.description.statements).map_err(|why| {
        Error::refused(format!(
            "grundy writes test inputs whose positions are numbers in braces ({{h}}, {{a}} {{b}}), and the format {format} is not one: {why}"
        ))
    })
}

/// The heaps of one case: `slots` numbers for a game of `kind` from `plan`, the first an edge
/// heap when there is one left; a third of the lists lost by construction.
fn fill(
    kind: CaseKind,
    plan: &Plan,
    slots: usize,
    edge: Option<BigUint>,
    random: &mut TestRandom,
) -> Result<Vec<BigUint>, Error> {
    let heap = |random: &mut TestRandom| super::random_heap(plan, random);
    if let CaseKind::Pair {
        partner,
        largest_pair,
    } = kind
    {
        if slots != 2 {
            return Err(Error::refused(format!(
                "a position of this game is two heaps, and the description writes {slots}"
            )));
        }
        if let Some(heap) = edge {
            let partner = partner(&heap);
            return Ok(if partner <= plan.largest {
                vec![heap, partner]
            } else {
                let (a, b) = largest_pair(&plan.largest);
                vec![b, a]
            });
        }
        let a = heap(random);
        let b = if random.between(0, 2) == 0 {
            partner(&a).min(plan.largest.clone())
        } else {
            heap(random)
        };
        return Ok(vec![a, b]);
    }
    let mut heaps: Vec<BigUint> = (0..slots).map(|_| heap(random)).collect();
    if slots > 1 && random.between(0, 2) == 0 {
        if matches!(kind, CaseKind::Heaps) {
            let xor = heaps[..slots - 1].iter().fold(BigUint::ZERO, |x, h| x ^ h);
            if xor <= plan.largest && xor >= BigUint::from(plan.smallest) {
                heaps[slots - 1] = xor;
            }
        } else {
            let half = slots / 2;
            let (low, high) = heaps.split_at_mut(half);
            for (copy, heap) in high.iter_mut().zip(low.iter()) {
                copy.clone_from(heap);
            }
        }
    }
    if let (Some(edge), Some(first)) = (edge, heaps.first_mut()) {
        *first = edge;
    }
    Ok(heaps)
}
