//! The reader of a judge's input: the tokenizer, and the interpreter of a [`Description`] that
//! turns the text into typed [`Case`]s, each holding the game it is played in.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use num_bigint::BigUint;

use super::JudgeFormat;
use super::description::{Condition, Expression, Item, Kind, Length, Piece, Statement, Template};
use crate::games::game::Game;
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset};
use crate::input::error::InputError;
use crate::input::spec::{parse_game, parse_game_with_loader};
use crate::limits::MAX_POSITION_DIGITS;

/// A case's position as the input gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CasePosition {
    /// A position of the case's game itself (a heap, Nim heaps, a Wythoff pair, …).
    Single(Position),
    /// Several heaps of a one-heap game, played as a disjunctive sum (one component per heap);
    /// none at all is the empty sum, lost by the player to move.
    Heaps(Vec<BigUint>),
}

/// One case of a judge's input: the game, the position, and where it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The game: of the whole position for [`CasePosition::Single`], of each heap for
    /// [`CasePosition::Heaps`]. Shared by the cases that have the same game (a block, a whole
    /// input).
    pub game: Arc<Game>,
    /// The position.
    pub position: CasePosition,
    /// The block the case belongs to, from 0 (an S-Nim block; the Lanqiao input is one block;
    /// elsewhere each case is its own block). Answers of one block may share a line
    /// ([`JudgeFormat::join`]).
    pub block: usize,
    /// The line the case starts on, from 1.
    pub line: usize,
}

impl Case {
    /// The case as one game and position, as `Analyzer::solve` takes them: several heaps of a
    /// one-heap game are one position of [`Position::Heaps`] of that game (under `misere:` too);
    /// `None` for no heaps at all.
    ///
    /// # Complexity
    /// `O(k)` for `k` heaps: one clone of the game and of the heaps.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::input::judge_format::{JudgeFormat, read_judge};
    /// let format = JudgeFormat::parse("hdu-1848")?;
    /// let cases = read_judge("1 4 1\n0 0 0\n", &format, None)?;
    /// let (game, position) = cases[0].game_and_position().ok_or("empty")?;
    /// assert_eq!((game.to_string(), position.to_string()), ("subtraction:fibonacci".to_owned(), "1,4,1".to_owned()));
    /// # Ok(()) }
    /// ```
    pub fn game_and_position(&self) -> Option<(Game, Position)> {
        match &self.position {
            CasePosition::Single(position) => Some((self.game.as_ref().clone(), position.clone())),
            CasePosition::Heaps(heaps) if heaps.is_empty() => None,
            // Several heaps of one game are one position of that game (its answer sizes a misère
            // search before it starts, which a sum written out could not).
            CasePosition::Heaps(heaps) => {
                Some((self.game.as_ref().clone(), Position::Heaps(heaps.clone())))
            }
        }
    }

    /// The heaps of the case when its position is a list of heaps (Nim heaps, or several heaps of
    /// a one-heap game); `None` for other shapes.
    pub fn heaps(&self) -> Option<&[BigUint]> {
        match &self.position {
            CasePosition::Heaps(heaps) | CasePosition::Single(Position::Heaps(heaps)) => {
                Some(heaps)
            }
            CasePosition::Single(Position::Heap(heap)) => Some(std::slice::from_ref(heap)),
            CasePosition::Single(_) => None,
        }
    }
}

/// A judge's input that cannot be read: the line and, in `error`, that line with a caret under
/// the offending characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct JudgeInputError {
    /// The line, from 1.
    pub line: usize,
    /// The message, on the line's text (a long line is cut around the span).
    pub error: InputError,
}

impl JudgeInputError {
    /// The error as an [`InputError`] (its message names the line).
    pub fn into_input_error(self) -> InputError {
        self.error
    }
}

/// The most numbers one judge's input may hold (about 60 bytes each once read): a bound on the
/// memory a 64 MiB input of one-digit numbers would otherwise take.
pub const MAX_JUDGE_NUMBERS: u64 = 1 << 23;

/// The most amounts the games read from one input may hold together (each distinct `bash:m`
/// is a set of `m` amounts): a bound on the memory of the games an input carries.
pub const MAX_INPUT_AMOUNTS: u64 = 1 << 24;

/// The most different games one input may carry (each is analysed once for the whole input).
pub const MAX_INPUT_GAMES: usize = 1 << 16;

/// Reads a judge's input as `format`'s description says. `game` is the game of every case when
/// the description names none (a command line's GAME); a description whose game names values
/// of the input (`game bash:{m}`) builds each case's game from them and takes no `game`; one
/// with a fixed game (`game wythoff`) uses `game` when it is given (the front end read it, files
/// included) and its own spec otherwise.
///
/// # Complexity
/// `O(L + D²/w)` for `L` bytes holding numbers of `D` digits at most (`w` the machine word),
/// plus one parse of each distinct game the input carries; memory proportional to the numbers
/// read.
///
/// # Errors
/// [`JudgeInputError`] on the first thing that is not the description: a token that is not a
/// whole number where a number is needed, an input that ends inside a read, a line holding more
/// or fewer values than its `line` statement, a position of the wrong shape for the game, a game
/// the input's values do not make, text after the end; or, in `error.message`, a missing game.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::input::judge_format::{CasePosition, JudgeFormat, read_judge};
/// use grundy::Position;
/// let cases = read_judge("2 1\n8 4\n", &JudgeFormat::parse("hdu-1527")?, None)?;
/// assert_eq!(cases[1].position, CasePosition::Single(Position::Pair(8u32.into(), 4u32.into())));
/// let error = read_judge("2 1\n8 x\n", &JudgeFormat::parse("hdu-1527")?, None).unwrap_err();
/// assert_eq!((error.line, error.error.span.clone()), (2, 2..3));
/// let format = JudgeFormat::parse("read T; repeat T { read n k; case {n} }; game subtraction:1,2,{k}; say Alice Bob")?;
/// let cases = read_judge("2\n3 3\n7 4\n", &format, None)?;
/// assert_eq!(cases[1].game.to_string(), "subtraction:1,2,4");
/// # Ok(()) }
/// ```
pub fn read_judge(
    input: &str,
    format: &JudgeFormat,
    game: Option<&Game>,
) -> Result<Vec<Case>, JudgeInputError> {
    let description = &format.description;
    let reader = Reader::new(input);
    let games = match (&description.game, game) {
        (Some(template), _) if template.variables().next().is_some() => Games::Carried(template),
        (_, Some(game)) => Games::Fixed(Arc::new(game.clone())),
        (Some(template), None) => {
            let text = template.to_string();
            let game = parse_game(&text).map_err(|error| {
                reader.error(
                    0..0,
                    format!("the format's game {text} is not a game: {}", error.message),
                    error.hint,
                )
            })?;
            Games::Fixed(Arc::new(game))
        }
        (None, None) => {
            return Err(reader.error(0..0, format!("the format {format} needs a game"), None));
        }
    };
    let mut machine = Machine {
        reader,
        variables: HashMap::new(),
        games,
        built: HashMap::new(),
        amounts: 0,
        cases: Vec::new(),
        joins: description.joins(),
        output_line: 0,
        on_line: 0,
        first_line: None,
        last_span: 0..0,
        rounds: Vec::new(),
    };
    let flow = machine.run(&description.statements)?;
    let after = match flow {
        Flow::Stop(line) => format!("the end of the input (the stop on line {line})"),
        Flow::Next | Flow::Break => match machine.cases.len() {
            0 => "what the description reads".to_owned(),
            count => format!("the {}", plural(count as u64, "case", "cases")),
        },
    };
    machine.reader.finished(&after)?;
    Ok(machine.cases)
}

/// What the next statement does after one has run.
enum Flow {
    /// Go on.
    Next,
    /// Leave the innermost loop.
    Break,
    /// The input ends (a `stop if` held on this line).
    Stop(usize),
}

/// A variable's value: tokens of the input, read as numbers or words where they are used.
#[derive(Clone)]
enum Value<'a> {
    One(Token<'a>),
    List {
        tokens: Vec<Token<'a>>,
        /// Read with a count (`h[m]`), not as the rest of a line.
        counted: bool,
    },
}

impl<'a> Value<'a> {
    fn tokens(&self) -> &[Token<'a>] {
        match self {
            Self::One(token) => std::slice::from_ref(token),
            Self::List { tokens, .. } => tokens,
        }
    }
}

/// The game of each case: one for the whole input, or built from the values read.
enum Games<'d> {
    Fixed(Arc<Game>),
    /// Built from this template at each case (kept in [`Machine::built`]).
    Carried(&'d Template),
}

/// The interpreter of a description over one input.
struct Machine<'a, 'd> {
    reader: Reader<'a>,
    variables: HashMap<&'d str, Value<'a>>,
    games: Games<'d>,
    /// The games built from the input's values so far, by their spec, and the amounts they
    /// hold together.
    built: HashMap<String, Arc<Game>>,
    amounts: u64,
    cases: Vec<Case>,
    /// Whether answers share lines (`newline` ends them).
    joins: bool,
    /// The output line of the next answer, and how many answers it holds.
    output_line: usize,
    on_line: usize,
    /// The line of the first token read since the last case or the start of the round.
    first_line: Option<usize>,
    /// The last token read (errors of values computed from it point there).
    last_span: Range<usize>,
    /// The `repeat`s being run: their count, the round (from 1) and how many rounds.
    rounds: Vec<(&'d Expression, u64, u64)>,
}

impl<'a, 'd> Machine<'a, 'd> {
    fn run(&mut self, statements: &'d [Statement]) -> Result<Flow, JudgeInputError> {
        for statement in statements {
            match statement {
                Statement::Read { line, items } => {
                    if *line {
                        self.read_line(items)?;
                    } else {
                        self.read(items)?;
                    }
                }
                Statement::Repeat { count, body } => {
                    let rounds = self.evaluate(count)?;
                    self.rounds.push((count, 0, rounds));
                    let mut flow = Flow::Next;
                    for round in 1..=rounds {
                        self.rounds.last_mut().expect("pushed above").1 = round;
                        self.first_line = None;
                        let before = self.reader.read_so_far();
                        let round_flow = self.run(body)?;
                        // A round that ends its loop may stop before reading.
                        if matches!(round_flow, Flow::Next) {
                            self.read_something(before, "repeat")?;
                        }
                        match round_flow {
                            Flow::Next => {}
                            Flow::Break => break,
                            stop @ Flow::Stop(_) => {
                                flow = stop;
                                break;
                            }
                        }
                    }
                    self.rounds.pop();
                    if let stop @ Flow::Stop(_) = flow {
                        return Ok(stop);
                    }
                }
                Statement::Loop { body } => loop {
                    if !self.reader.has_more() {
                        break;
                    }
                    self.first_line = None;
                    let before = self.reader.read_so_far();
                    let flow = self.run(body)?;
                    if matches!(flow, Flow::Next) {
                        self.read_something(before, "loop")?;
                    }
                    match flow {
                        Flow::Next => {}
                        Flow::Break => break,
                        stop @ Flow::Stop(_) => return Ok(stop),
                    }
                },
                Statement::Stop(condition) => {
                    if self.holds(condition)? {
                        return Ok(Flow::Stop(self.reader.line_of(self.last_span.start)));
                    }
                }
                Statement::Break(condition) => {
                    if self.holds(condition)? {
                        return Ok(Flow::Break);
                    }
                }
                Statement::Case(template) => self.case(template)?,
                Statement::Newline => {
                    if self.on_line > 0 {
                        self.output_line += 1;
                        self.on_line = 0;
                    }
                }
            }
        }
        Ok(Flow::Next)
    }

    /// Where the innermost `repeat` is, for errors: ` (round 3 of 5 of repeat T)`.
    fn round(&self) -> String {
        self.rounds
            .last()
            .map_or_else(String::new, |(count, round, rounds)| {
                format!(" (round {round} of {rounds} of repeat {count})")
            })
    }

    fn note(&mut self, token: &Token<'_>) -> Result<(), JudgeInputError> {
        self.reader.count_token(token)?;
        if self.first_line.is_none() {
            self.first_line = Some(self.reader.line_of(token.span.start));
        }
        self.last_span = token.span.clone();
        Ok(())
    }

    /// `read ITEMS`: tokens wherever the lines break.
    fn read(&mut self, items: &'d [Item]) -> Result<(), JudgeInputError> {
        for item in items {
            match &item.length {
                Length::One => {
                    let name = &item.names[0];
                    let Some(token) = self.reader.token() else {
                        return Err(self.reader.error(
                            self.reader.end(),
                            format!("the input ends where {name} should be read{}", self.round()),
                            None,
                        ));
                    };
                    self.note(&token)?;
                    self.variables.insert(name, Value::One(token));
                }
                Length::Counted(count) => {
                    let count = self.evaluate(count)?;
                    let counted_at = self.last_span.clone();
                    let width = item.names.len() as u64;
                    let total = count.saturating_mul(width);
                    let mut taken: Vec<Token<'a>> = Vec::new();
                    for read in 0..total {
                        let Some(token) = self.reader.token() else {
                            let what = if width == 1 {
                                item.names[0].clone()
                            } else {
                                format!("({})", item.names.join(" "))
                            };
                            return Err(self.reader.error(
                                counted_at,
                                format!(
                                    "this count says {count} values of {what}, and the input ends after {}",
                                    read / width
                                ),
                                None,
                            ));
                        };
                        self.note(&token)?;
                        taken.push(token);
                    }
                    self.deal(&item.names, taken, true);
                }
                // The parser allows a rest-of-line list in `line` statements only.
                Length::Rest => unreachable!("a rest-of-line list outside a line statement"),
            }
        }
        Ok(())
    }

    /// `line ITEMS`: one whole line holding exactly the items.
    fn read_line(&mut self, items: &'d [Item]) -> Result<(), JudgeInputError> {
        let names: Vec<String> = items.iter().map(ToString::to_string).collect();
        let numbers = items.iter().all(|item| item.kind != Kind::Word);
        let Some(tokens) = self.reader.line(numbers) else {
            return Err(self.reader.error(
                self.reader.end(),
                format!(
                    "the input ends where the line {} should be read{}",
                    names.join(" "),
                    self.round()
                ),
                None,
            ));
        };
        for token in &tokens {
            self.note(token)?;
        }
        let line_span = tokens[0].span.start..tokens.last().expect("a line has a token").span.end;
        let mut rest = tokens.into_iter();
        for item in items {
            match &item.length {
                Length::One => {
                    let Some(token) = rest.next() else {
                        return Err(self.reader.error(
                            line_span,
                            format!("this line holds too few values: it is {}", names.join(" ")),
                            None,
                        ));
                    };
                    self.variables.insert(&item.names[0], Value::One(token));
                }
                Length::Counted(count) => {
                    let count = self.evaluate(count)?;
                    let width = item.names.len();
                    let total = usize::try_from(count)
                        .ok()
                        .and_then(|count| count.checked_mul(width))
                        .unwrap_or(usize::MAX);
                    let taken: Vec<Token<'a>> = rest.by_ref().take(total).collect();
                    if taken.len() < total {
                        return Err(self.reader.error(
                            line_span,
                            format!(
                                "this line holds too few values: it is {} with {count} values in {}",
                                names.join(" "),
                                item
                            ),
                            None,
                        ));
                    }
                    self.deal(&item.names, taken, true);
                }
                Length::Rest => {
                    let tokens: Vec<Token<'a>> = rest.by_ref().collect();
                    let width = item.names.len();
                    if !tokens.len().is_multiple_of(width) {
                        return Err(self.reader.error(
                            line_span,
                            format!("this line's values do not make whole tuples of {width}"),
                            None,
                        ));
                    }
                    self.deal(&item.names, tokens, false);
                }
            }
        }
        if let Some(extra) = rest.next() {
            return Err(self.reader.error(
                extra.span,
                format!("this line holds more than {}", names.join(" ")),
                Some("a line statement reads a whole line; end it with a list such as h[] to take the rest".to_owned()),
            ));
        }
        Ok(())
    }

    /// Deals `tokens` in turn to the lists `names` (one list, or the lists of a tuple).
    fn deal(&mut self, names: &'d [String], tokens: Vec<Token<'a>>, counted: bool) {
        let mut lists: Vec<Vec<Token<'a>>> = vec![Vec::new(); names.len()];
        for (i, token) in tokens.into_iter().enumerate() {
            lists[i % names.len()].push(token);
        }
        for (name, tokens) in names.iter().zip(lists) {
            self.variables.insert(name, Value::List { tokens, counted });
        }
    }

    /// The value of a whole-number expression.
    fn evaluate(&self, expression: &Expression) -> Result<u64, JudgeInputError> {
        let overflow = |what: &str| {
            self.reader
                .error(self.last_span.clone(), format!("{expression} {what}"), None)
        };
        match expression {
            Expression::Literal(value) => Ok(*value),
            Expression::Variable(name) => match self.variables.get(name.as_str()) {
                Some(Value::One(token)) => self.reader.count_of(token, name),
                _ => Err(overflow("names a value that is not read")),
            },
            Expression::Add(a, b) => self
                .evaluate(a)?
                .checked_add(self.evaluate(b)?)
                .ok_or_else(|| overflow("does not fit in 64 bits")),
            Expression::Subtract(a, b) => self
                .evaluate(a)?
                .checked_sub(self.evaluate(b)?)
                .ok_or_else(|| overflow("is negative")),
            Expression::Multiply(a, b) => self
                .evaluate(a)?
                .checked_mul(self.evaluate(b)?)
                .ok_or_else(|| overflow("does not fit in 64 bits")),
        }
    }

    /// Whether every equality holds: a token is equal to a number when it is that number's
    /// digits (leading zeros allowed); a list when all its values are, and it has some.
    fn holds(&self, condition: &Condition) -> Result<bool, JudgeInputError> {
        for (name, value) in &condition.equalities {
            let tokens = self.known(name)?.tokens();
            let expected = value.to_string();
            let equal = !tokens.is_empty()
                && tokens.iter().all(|token| {
                    let digits = token.text.trim_start_matches('0');
                    let digits = if digits.is_empty() && !token.text.is_empty() {
                        "0"
                    } else {
                        digits
                    };
                    token.text.bytes().all(|b| b.is_ascii_digit()) && digits == expected
                });
            if !equal {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The value of `name`, which a statement that ran must have read.
    fn known(&self, name: &str) -> Result<&Value<'a>, JudgeInputError> {
        self.variables.get(name).ok_or_else(|| {
            self.reader.error(
                self.last_span.clone(),
                format!("{name} is used here, and the statement that reads it has not run"),
                Some("a repeat of 0 rounds or a loop left early reads nothing; read it where every path passes".to_owned()),
            )
        })
    }

    /// Refuses a round of a loop that read nothing: every later round would read nothing too.
    fn read_something(&self, before: u64, what: &str) -> Result<(), JudgeInputError> {
        if self.reader.read_so_far() == before {
            return Err(self.reader.error(
                self.last_span.clone(),
                format!("a round of a {what} read nothing here (a list of 0 values?): it would never move on"),
                Some("each round of a loop or repeat reads at least one value".to_owned()),
            ));
        }
        Ok(())
    }

    /// The span of the tokens a template names (for errors about the case).
    fn span_of(&self, template: &Template) -> Range<usize> {
        let mut span: Option<Range<usize>> = None;
        for name in template.variables() {
            for token in self.variables.get(name).map_or(&[][..], Value::tokens) {
                span = Some(match span {
                    None => token.span.clone(),
                    Some(span) => span.start.min(token.span.start)..span.end.max(token.span.end),
                });
            }
        }
        span.unwrap_or_else(|| self.last_span.clone())
    }

    /// `case POSITION`.
    fn case(&mut self, template: &'d Template) -> Result<(), JudgeInputError> {
        for name in template.variables() {
            self.known(name)?;
        }
        if let Games::Carried(game) = &self.games {
            for name in game.variables() {
                self.known(name)?;
            }
        }
        let game = self.game()?;
        let position = self.position(&game, template)?;
        let line = self
            .first_line
            .unwrap_or_else(|| self.reader.line_of(self.last_span.start));
        let block = if self.joins {
            self.output_line
        } else {
            self.cases.len()
        };
        self.cases.push(Case {
            game,
            position,
            block,
            line,
        });
        self.on_line += 1;
        self.first_line = None;
        Ok(())
    }

    /// The game of the case being read.
    fn game(&mut self) -> Result<Arc<Game>, JudgeInputError> {
        let template = match &self.games {
            Games::Fixed(game) => return Ok(Arc::clone(game)),
            Games::Carried(template) => *template,
        };
        let text = expand(template, &self.variables, &self.reader)?;
        if let Some(game) = self.built.get(&text) {
            return Ok(Arc::clone(game));
        }
        let span = self.span_of(template);
        if self.built.len() >= MAX_INPUT_GAMES {
            return Err(self.reader.error(
                span,
                format!("the input carries more than {MAX_INPUT_GAMES} different games"),
                None,
            ));
        }
        let game = parse_game_with_loader(&text, &|path| {
            Err(format!(
                "a game made from the input's values names no file ({path})"
            ))
        })
        .map_err(|error| {
            self.reader.error(
                span.clone(),
                format!("{text} is not a game: {}", error.message),
                error.hint.clone(),
            )
        })?;
        let held = game
            .base()
            .ruleset()
            .and_then(Ruleset::amounts)
            .map_or(0, |amounts| amounts.len() as u64);
        self.amounts = self.amounts.saturating_add(held);
        if self.amounts > MAX_INPUT_AMOUNTS {
            return Err(self.reader.error(
                span,
                format!(
                    "the games of this input hold more than {MAX_INPUT_AMOUNTS} amounts together"
                ),
                None,
            ));
        }
        let game = Arc::new(game);
        self.built.insert(text, Arc::clone(&game));
        Ok(game)
    }

    /// The position a `case` names, for `game`.
    fn position(&self, game: &Game, template: &Template) -> Result<CasePosition, JudgeInputError> {
        let span = self.span_of(template);
        if !template.is_list() {
            let text = expand(template, &self.variables, &self.reader)?;
            return game
                .parse_position(&text)
                .map(CasePosition::Single)
                .map_err(|error| {
                    self.reader.error(
                        span,
                        format!("{text} is not a position of {game}: {}", error.message),
                        error.hint,
                    )
                });
        }
        let values: Vec<&Value<'a>> = template
            .variables()
            .filter_map(|name| self.variables.get(name))
            .collect();
        let tokens: Vec<&Token<'a>> = values.iter().flat_map(|value| value.tokens()).collect();
        let counted = matches!(values.as_slice(), [Value::List { counted: true, .. }]);
        let shape = shape(game);
        if shape == Shape::Argument {
            // A script: heaps side by side when they are counted (each the script's argument,
            // a sum), two numbers for a script that starts from two; else the text in order.
            if counted && !game.has_grid() {
                return Ok(CasePosition::Heaps(self.numbers(&tokens)?));
            }
            if counted && tokens.len() != 2 {
                return Err(self.reader.error(
                    span,
                    format!("{game} takes two numbers, not {}", tokens.len()),
                    None,
                ));
            }
            let text: Vec<&str> = tokens.iter().map(|token| token.text).collect();
            return Ok(CasePosition::Single(Position::Argument(text.join(" "))));
        }
        let values = self.numbers(&tokens)?;
        let wrong = |message: String, hint: &str| {
            Err(self
                .reader
                .error(span.clone(), message, Some(hint.to_owned())))
        };
        match shape {
            Shape::OneHeap => Ok(match <[BigUint; 1]>::try_from(values) {
                // Heaps read with a count are a sum, one heap too (its winning moves are listed
                // as heaps like any sum's).
                Ok([heap]) if !counted => CasePosition::Single(Position::Heap(heap)),
                Ok([heap]) => CasePosition::Heaps(vec![heap]),
                Err(values) => CasePosition::Heaps(values),
            }),
            Shape::Heaps => Ok(CasePosition::Single(Position::Heaps(values))),
            Shape::Pair => match <[BigUint; 2]>::try_from(values) {
                Ok([a, b]) => Ok(CasePosition::Single(Position::Pair(a, b))),
                Err(values) => wrong(
                    format!("{game} has exactly two heaps, not {}", values.len()),
                    "write the two heaps, e.g. 3 5",
                ),
            },
            Shape::Slashed if counted && values.len() != 1 => wrong(
                format!(
                    "{game}'s positions are not lists of heaps: {} values read as a list are not one of its positions",
                    values.len()
                ),
                "read its numbers one by one, e.g. read n q; case {n} {q}",
            ),
            Shape::Slashed => {
                let text: Vec<String> = values.iter().map(ToString::to_string).collect();
                game.parse_position(&text.join("/"))
                    .map(CasePosition::Single)
                    .map_err(|error| {
                        self.reader.error(
                            span.clone(),
                            format!("not a position of {game}: {}", error.message),
                            error.hint,
                        )
                    })
            }
            Shape::Argument => unreachable!("a script's position is read above"),
            Shape::None => wrong(
                format!("{game} carries its positions in its spec"),
                "give the game of one component, e.g. nim or subtraction:1,3,4",
            ),
        }
    }

    fn numbers(&self, tokens: &[&Token<'_>]) -> Result<Vec<BigUint>, JudgeInputError> {
        tokens
            .iter()
            .map(|token| self.reader.number(token))
            .collect()
    }
}

/// The text of a template with the values read: a list's elements joined by commas, and a
/// group of braces joined by other text (`{u}-{v}`) written once per element; a computed value
/// (`{u - 1}`) of each element of the lists it names.
fn expand(
    template: &Template,
    variables: &HashMap<&str, Value<'_>>,
    reader: &Reader<'_>,
) -> Result<String, JudgeInputError> {
    let tokens_of = |name: &str| variables.get(name).map_or(&[][..], Value::tokens);
    let is_list = |name: &str| matches!(variables.get(name), Some(Value::List { .. }));
    let valued = |piece: &Piece| !matches!(piece, Piece::Text(_));
    let mut out = String::new();
    let pieces = &template.pieces;
    let mut i = 0;
    while i < pieces.len() {
        if let Piece::Text(text) = &pieces[i] {
            out.push_str(text);
            i += 1;
            continue;
        }
        // The group: values joined by text without spaces or commas.
        let mut end = i + 1;
        while end + 1 < pieces.len()
            && matches!(&pieces[end], Piece::Text(text) if !text.contains(|c: char| c == ',' || c.is_whitespace()))
            && valued(&pieces[end + 1])
        {
            end += 2;
        }
        let group = &pieces[i..end];
        let lists: Vec<&str> = group
            .iter()
            .flat_map(|piece| match piece {
                Piece::Variable(name) => vec![name.as_str()],
                Piece::Computed(expression) => expression.variables(),
                Piece::Text(_) => Vec::new(),
            })
            .filter(|name| is_list(name))
            .collect();
        let rounds = lists.iter().map(|name| tokens_of(name).len()).max();
        if let Some(&short) = lists
            .iter()
            .find(|name| Some(tokens_of(name).len()) != rounds)
        {
            let longest = lists
                .iter()
                .find(|name| Some(tokens_of(name).len()) == rounds)
                .copied()
                .unwrap_or(short);
            let span = tokens_of(short)
                .first()
                .map_or(0..0, |token| token.span.clone());
            return Err(reader.error(
                span,
                format!(
                    "{short} holds {} values and {longest} holds {}: lists written together must be as long",
                    tokens_of(short).len(),
                    rounds.unwrap_or(0)
                ),
                None,
            ));
        }
        for round in 0..rounds.unwrap_or(1) {
            if round > 0 {
                out.push(',');
            }
            for piece in group {
                match piece {
                    Piece::Text(text) => out.push_str(text),
                    Piece::Variable(name) => {
                        let tokens = tokens_of(name);
                        let token = if is_list(name) {
                            tokens.get(round)
                        } else {
                            tokens.first()
                        };
                        if let Some(token) = token {
                            out.push_str(token.text);
                        }
                    }
                    Piece::Computed(expression) => {
                        let value = compute(expression, round, variables, reader)?;
                        out.push_str(&value.to_string());
                    }
                }
            }
        }
        i = end;
    }
    Ok(out)
}

/// The value of `expression` in braces, taking element `round` of each list it names.
fn compute(
    expression: &Expression,
    round: usize,
    variables: &HashMap<&str, Value<'_>>,
    reader: &Reader<'_>,
) -> Result<u64, JudgeInputError> {
    let mut at = 0..0;
    let fail =
        |at: Range<usize>, what: &str| reader.error(at, format!("{{{expression}}} {what}"), None);
    let value = match expression {
        Expression::Literal(value) => return Ok(*value),
        Expression::Variable(name) => {
            let token = match variables.get(name.as_str()) {
                Some(Value::One(token)) => token,
                Some(Value::List { tokens, .. }) => &tokens[round],
                None => return Err(fail(0..0, "names a value that is not read")),
            };
            return reader.count_of(token, name);
        }
        Expression::Add(a, b) | Expression::Subtract(a, b) | Expression::Multiply(a, b) => {
            let left = compute(a, round, variables, reader)?;
            let right = compute(b, round, variables, reader)?;
            for name in expression.variables() {
                if let Some(value) = variables.get(name) {
                    let tokens = value.tokens();
                    if let Some(token) = tokens.get(round).or(tokens.first()) {
                        at = token.span.clone();
                    }
                }
            }
            match expression {
                Expression::Add(..) => left.checked_add(right),
                Expression::Subtract(..) => left.checked_sub(right),
                _ => left.checked_mul(right),
            }
        }
    };
    value.ok_or_else(|| fail(at, "is negative or beyond 64 bits here"))
}

/// A token: its text and its byte span in the input.
#[derive(Clone, Debug)]
struct Token<'a> {
    text: &'a str,
    span: Range<usize>,
}

/// Reads numbers from the input, keeping byte offsets for errors.
struct Reader<'a> {
    input: &'a str,
    at: usize,
    /// A byte offset and its line, from which [`Reader::line_of`] counts.
    line_cache: std::cell::Cell<(usize, usize)>,
    /// How many tokens were read.
    numbers: std::cell::Cell<u64>,
}

fn is_separator(byte: u8, commas: bool) -> bool {
    byte.is_ascii_whitespace() || (commas && byte == b',')
}

impl<'a> Reader<'a> {
    fn new(input: &'a str) -> Self {
        Self {
            input,
            // A byte-order mark that an editor put first is not part of the input.
            at: if input.starts_with('\u{feff}') { 3 } else { 0 },
            line_cache: std::cell::Cell::new((0, 1)),
            numbers: std::cell::Cell::new(0),
        }
    }

    /// The 1-based line of byte `at`.
    fn line_of(&self, at: usize) -> usize {
        // Cases are read in order: count from the last line found, not from the start.
        let at = at.min(self.input.len());
        let (mut from, mut line) = self.line_cache.get();
        if at < from {
            (from, line) = (0, 1);
        }
        line += self.input[from..at].matches('\n').count();
        self.line_cache.set((at, line));
        line
    }

    /// An error at `span`, shown on its line (cut to about 160 characters around the span).
    fn error(
        &self,
        span: Range<usize>,
        message: impl Into<String>,
        hint: Option<String>,
    ) -> JudgeInputError {
        let message = message.into();
        let start = span.start.min(self.input.len());
        let line_start = self.input[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.input[start..]
            .find('\n')
            .map_or(self.input.len(), |i| start + i);
        let mut from = line_start;
        let mut to = line_end;
        if start - from > 80 {
            from = floor_boundary(self.input, start - 60);
        }
        if to - start > 100 {
            to = floor_boundary(self.input, start + 100);
        }
        let text = self.input[from..to].trim_end_matches('\r');
        let end = span.end.clamp(start, to.max(start));
        let relative = (start - from)..(end - from).min(text.len());
        let line = self.line_of(start);
        JudgeInputError {
            line,
            error: InputError::new(
                "judge input",
                text,
                relative,
                format!("line {line}: {message}"),
                hint,
            ),
        }
    }

    /// The next token of the whole input (line breaks are separators).
    fn token(&mut self) -> Option<Token<'a>> {
        let bytes = self.input.as_bytes();
        while self.at < bytes.len() && is_separator(bytes[self.at], false) {
            self.at += 1;
        }
        if self.at >= bytes.len() {
            return None;
        }
        let start = self.at;
        while self.at < bytes.len() && !is_separator(bytes[self.at], false) {
            self.at += 1;
        }
        Some(Token {
            text: &self.input[start..self.at],
            span: start..self.at,
        })
    }

    /// The end of the input, for "missing" errors.
    fn end(&self) -> Range<usize> {
        let end = self.input.trim_end().len();
        end..end
    }

    /// Whether anything but white space is left.
    fn has_more(&self) -> bool {
        self.input.as_bytes()[self.at..]
            .iter()
            .any(|byte| !byte.is_ascii_whitespace())
    }

    /// The rest of the current line, or the next non-blank line: its tokens (white space
    /// separates, and commas too when `commas`).
    fn line(&mut self, commas: bool) -> Option<Vec<Token<'a>>> {
        while self.at < self.input.len() {
            let start = self.at;
            let end = self.input[start..]
                .find('\n')
                .map_or(self.input.len(), |i| start + i);
            self.at = if end < self.input.len() { end + 1 } else { end };
            let mut tokens = Vec::new();
            let bytes = self.input.as_bytes();
            let mut i = start;
            while i < end {
                while i < end && is_separator(bytes[i], commas) {
                    i += 1;
                }
                let token_start = i;
                while i < end && !is_separator(bytes[i], commas) {
                    i += 1;
                }
                if token_start < i {
                    tokens.push(Token {
                        text: &self.input[token_start..i],
                        span: token_start..i,
                    });
                }
            }
            if !tokens.is_empty() {
                return Some(tokens);
            }
        }
        None
    }

    /// A whole number of at most [`MAX_POSITION_DIGITS`] digits.
    fn number(&self, token: &Token<'_>) -> Result<BigUint, JudgeInputError> {
        let text = token.text;
        if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
            let at = token.span.start + i;
            let message = if c == '-' && i == 0 {
                format!("'{text}' is negative: the input holds counts and heaps, 0 or more")
            } else {
                format!("'{text}' is not a whole number")
            };
            return Err(self.error(at..token.span.end, message, None));
        }
        if text.len() > MAX_POSITION_DIGITS {
            return Err(self.error(
                token.span.clone(),
                format!("a number of {} digits is more than the {MAX_POSITION_DIGITS} digits grundy reads", text.len()),
                None,
            ));
        }
        Ok(crate::input::decimal::parse_digits(text.as_bytes()))
    }

    /// A count or a bound (`T`, `m`, `k`, `l`): a whole number that fits in 64 bits.
    fn count_of(&self, token: &Token<'_>, what: &str) -> Result<u64, JudgeInputError> {
        let number = self.number(token)?;
        u64::try_from(&number).map_err(|_| {
            self.error(
                token.span.clone(),
                format!("{what} = {number} is too large to count with (more than 64 bits)"),
                None,
            )
        })
    }

    /// How many tokens were read so far.
    fn read_so_far(&self) -> u64 {
        self.numbers.get()
    }

    /// Counts one token read, refusing more than [`MAX_JUDGE_NUMBERS`].
    fn count_token(&self, token: &Token<'_>) -> Result<(), JudgeInputError> {
        self.numbers.set(self.numbers.get() + 1);
        if self.numbers.get() > MAX_JUDGE_NUMBERS {
            return Err(self.error(
                token.span.clone(),
                format!(
                    "the input holds more than {MAX_JUDGE_NUMBERS} values, more than grundy reads"
                ),
                None,
            ));
        }
        Ok(())
    }

    /// Fails if anything but white space is left.
    fn finished(&mut self, after: &str) -> Result<(), JudgeInputError> {
        match self.token() {
            None => Ok(()),
            Some(token) => Err(self.error(
                token.span,
                format!("unexpected text after {after}"),
                Some("the input ends there; remove what follows".to_owned()),
            )),
        }
    }
}

/// The largest char boundary at or before `at`.
fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// How the numbers of one case make a position of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// One heap; several are a sum.
    OneHeap,
    /// Any number of heaps (Nim, take-and-break codes).
    Heaps,
    /// Exactly two heaps (Wythoff).
    Pair,
    /// A position written with slashes (`n/q`, `n/last`, `n/a/b`), or one number.
    Slashed,
    /// A script's argument: heaps side by side for a script of one number, two numbers for a
    /// script whose start takes two.
    Argument,
    /// No position apart from the spec (sums).
    None,
}

fn shape(game: &Game) -> Shape {
    match game.base().ruleset().map(Ruleset::position_shape) {
        Some(PositionShape::HeapOrHeaps) => Shape::OneHeap,
        Some(PositionShape::Heaps) => Shape::Heaps,
        Some(PositionShape::Pair) => Shape::Pair,
        Some(PositionShape::Argument) => Shape::Argument,
        Some(_) => Shape::Slashed,
        None => Shape::None,
    }
}

/// `1 case`, `2 cases`: a count with its noun.
fn plural(count: impl Into<u64>, one: &str, many: &str) -> String {
    let count = count.into();
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::spec::parse_game;

    #[test]
    fn lines_read_the_games_shape() {
        let format = JudgeFormat::parse("lines/yes-no").unwrap();
        let nim = parse_game("nim").unwrap();
        let cases = read_judge("3 4 5\n\n1,2\n", &format, Some(&nim)).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[1].line, 3);
        let bash = parse_game("bash:3").unwrap();
        let cases = read_judge("10\n1 2\n", &format, Some(&bash)).unwrap();
        assert_eq!(
            cases[1].position,
            CasePosition::Heaps(vec![1u32.into(), 2u32.into()])
        );
        let wythoff = parse_game("wythoff").unwrap();
        let error = read_judge("3 5\n3\n", &format, Some(&wythoff)).unwrap_err();
        assert_eq!(error.line, 2);
        // A byte-order mark first is skipped, in the input and in a description.
        assert_eq!(
            read_judge("\u{feff}3 5\n", &format, Some(&wythoff))
                .unwrap()
                .len(),
            1
        );
        let described =
            JudgeFormat::parse("\u{feff}loop { read a b; case {a} {b} }\nsay W L").unwrap();
        assert_eq!(
            read_judge("3 5\n", &described, Some(&wythoff))
                .unwrap()
                .len(),
            1
        );
        let fibonacci = parse_game("fibonacci-nim").unwrap();
        let cases = read_judge("20 4\n", &format, Some(&fibonacci)).unwrap();
        assert_eq!(
            cases[0].position.clone(),
            CasePosition::Single(fibonacci.parse_position("20/4").unwrap())
        );
    }

    #[test]
    fn snim_blocks_hold_their_set() {
        let format = JudgeFormat::parse("hdu-1536").unwrap();
        let cases =
            read_judge("2 2 5\n2\n2 5 12\n3 2 4 7\n1 3\n1\n1 4\n0\n", &format, None).unwrap();
        assert_eq!(cases.len(), 3);
        assert_eq!(cases[2].block, 1);
        assert_eq!(cases[2].game.to_string(), "subtraction:3");
        let error = read_judge("2 2 5\n3\n2 5 12\n", &format, None).unwrap_err();
        assert!(
            error.error.message.contains("the input ends where"),
            "{error}"
        );
    }

    #[test]
    fn errors_point_into_their_line() {
        let format = JudgeFormat::parse("hdu-1850").unwrap();
        let error = read_judge("3\n5 7 -9\n0\n", &format, None).unwrap_err();
        assert_eq!(
            (
                error.line,
                error.error.text.as_str(),
                error.error.span.clone()
            ),
            (2, "5 7 -9", 4..6)
        );
        let error = read_judge("3\n5 7 9\n0\n4\n", &format, None).unwrap_err();
        assert_eq!(error.line, 4);
        let error = read_judge("3\n5 7\n", &format, None).unwrap_err();
        assert!(
            error.error.message.contains("says 3 values of h"),
            "{error}"
        );
    }
}
