//! The reader of a judge's input: the tokenizer of its numbers and the layouts' readers, which
//! turn the text into typed [`Case`]s, each holding the game it is played in.

use std::ops::Range;
use std::sync::Arc;

use num_bigint::BigUint;

use super::{InputLayout, JudgeFormat, Preset};
use crate::games::game::{Game, SubtractionGame};
use crate::games::position::Position;
use crate::games::ruleset::{PositionShape, Ruleset};
use crate::games::subtraction::{FiniteSet, SubtractionSet};
use crate::input::error::InputError;
use crate::limits::{MAX_AMOUNT, MAX_POSITION_DIGITS};

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

/// The most amounts the Bash games of one input may hold together (each distinct `m` is a set of
/// `m` amounts).
pub const MAX_BASH_AMOUNTS: u64 = 1 << 24;

/// Reads a judge's input laid out as `format.input`. `game` is the game of a generic format (or
/// the preset's, which is used when `game` is `None`); layouts that carry their game read it
/// from the input and take no `game`.
///
/// # Complexity
/// `O(L + D²/w)` for `L` bytes holding numbers of `D` digits at most (`w` the machine word);
/// memory proportional to the numbers read.
///
/// # Errors
/// [`JudgeInputError`] on the first thing that is not the format: a token that is not a whole
/// number, a count that the input does not fill, a position of the wrong shape for the game,
/// text after the end marker, an invalid set; or, in `error.message`, a missing game (a generic
/// format without `game`).
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
/// # Ok(()) }
/// ```
pub fn read_judge(
    input: &str,
    format: &JudgeFormat,
    game: Option<&Game>,
) -> Result<Vec<Case>, JudgeInputError> {
    let mut reader = Reader::new(input);
    let game = || -> Result<Arc<Game>, JudgeInputError> {
        match game
            .cloned()
            .or_else(|| format.preset.and_then(Preset::game))
        {
            Some(game) => Ok(Arc::new(game)),
            None => Err(Reader::new(input).error(
                0..0,
                format!("the format {format} needs a game"),
                None,
            )),
        }
    };
    match format.input {
        InputLayout::Lines => reader.lines(&game()?, false),
        InputLayout::LinesUntilZeros => reader.lines(&game()?, true),
        InputLayout::Cases => reader.cases(&game()?),
        InputLayout::Heaps => reader.heaps(&game()?, None),
        InputLayout::CasesHeaps => {
            let game = game()?;
            let (count, _) = reader.count("the number of cases T")?;
            reader.heaps(&game, Some(count))
        }
        InputLayout::CasesBash => reader.cases_bash(),
        InputLayout::SNim => reader.snim(),
        InputLayout::Oddball => reader.oddball(),
    }
}

/// A token: its text and its byte span in the input.
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
    /// How many numbers were read.
    numbers: std::cell::Cell<u64>,
}

fn is_separator(byte: u8, commas: bool) -> bool {
    byte.is_ascii_whitespace() || (commas && byte == b',')
}

impl<'a> Reader<'a> {
    fn new(input: &'a str) -> Self {
        Self {
            input,
            at: 0,
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
            to = floor_boundary(self.input, (start + 80).max(span.end.min(line_end)));
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

    /// The next non-blank line: its tokens (white space and commas separate).
    fn line(&mut self) -> Option<Vec<Token<'a>>> {
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
                while i < end && is_separator(bytes[i], true) {
                    i += 1;
                }
                let token_start = i;
                while i < end && !is_separator(bytes[i], true) {
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
        self.numbers.set(self.numbers.get() + 1);
        if self.numbers.get() > MAX_JUDGE_NUMBERS {
            return Err(self.error(
                token.span.clone(),
                format!(
                    "the input holds more than {MAX_JUDGE_NUMBERS} numbers, more than grundy reads"
                ),
                None,
            ));
        }
        if text.len() > MAX_POSITION_DIGITS {
            return Err(self.error(
                token.span.clone(),
                format!("a number of {} digits is more than the {MAX_POSITION_DIGITS} digits grundy reads", text.len()),
                None,
            ));
        }
        Ok(BigUint::parse_bytes(text.as_bytes(), 10).expect("checked digits"))
    }

    /// A count (`T`, `m`, `k`, `l`): a whole number that fits in 64 bits.
    fn count_of(&self, token: &Token<'_>, what: &str) -> Result<u64, JudgeInputError> {
        let number = self.number(token)?;
        u64::try_from(&number).map_err(|_| {
            self.error(
                token.span.clone(),
                format!("{what} {number} is too large"),
                None,
            )
        })
    }

    /// The next token as a count, or an error naming `what` at the end of the input.
    fn count(&mut self, what: &str) -> Result<(u64, Range<usize>), JudgeInputError> {
        let token = self.required(what)?;
        Ok((self.count_of(&token, what)?, token.span))
    }

    fn required(&mut self, what: &str) -> Result<Token<'a>, JudgeInputError> {
        self.token().ok_or_else(|| {
            self.error(
                self.end(),
                format!("the input ends where {what} should be"),
                None,
            )
        })
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

    /// `lines` and `lines-zero`.
    fn lines(&mut self, game: &Arc<Game>, zeros_end: bool) -> Result<Vec<Case>, JudgeInputError> {
        let mut cases = Vec::new();
        while let Some(tokens) = self.line() {
            let numbers = self.numbers_or_argument(game, &tokens)?;
            // The closing line: numbers all zero — for a script too, whose line is its
            // argument's text.
            let zeros = match &numbers {
                Numbers::Values(values) => values.iter().all(|v| *v == BigUint::ZERO),
                Numbers::Argument(_) => tokens
                    .iter()
                    .all(|token| !token.text.is_empty() && token.text.bytes().all(|b| b == b'0')),
            };
            if zeros_end && zeros {
                let line = self.line_of(tokens[0].span.start);
                self.finished(&format!(
                    "the line of zeros (line {line}) that ends the input"
                ))?;
                return Ok(cases);
            }
            let line = self.line_of(tokens[0].span.start);
            let position = self.line_position(game, &tokens, numbers)?;
            let block = cases.len();
            cases.push(Case {
                game: Arc::clone(game),
                position,
                block,
                line,
            });
        }
        if zeros_end {
            return Err(self.error(
                self.end(),
                "the input ends without the line of zeros that ends it".to_owned(),
                Some("the last line is 0 0 0 (as many zeros as a case has numbers)".to_owned()),
            ));
        }
        Ok(cases)
    }

    /// `cases`: `T`, then `T` lines.
    fn cases(&mut self, game: &Arc<Game>) -> Result<Vec<Case>, JudgeInputError> {
        let Some(first) = self.line() else {
            return Err(self.error(
                self.end(),
                "the input is empty: it starts with the number of cases T".to_owned(),
                None,
            ));
        };
        if first.len() != 1 {
            return Err(self.error(
                first[1].span.start..first.last().expect("two tokens").span.end,
                "the first line holds the number of cases T alone".to_owned(),
                None,
            ));
        }
        let count = self.count_of(&first[0], "the number of cases T")?;
        let mut cases = Vec::new();
        for case in 0..count {
            let Some(tokens) = self.line() else {
                return Err(self.error(
                    self.end(),
                    format!(
                        "the input ends after {case} of the {}",
                        plural(count, "case", "cases")
                    ),
                    None,
                ));
            };
            let numbers = self.numbers_or_argument(game, &tokens)?;
            let line = self.line_of(tokens[0].span.start);
            let position = self.line_position(game, &tokens, numbers)?;
            cases.push(Case {
                game: Arc::clone(game),
                position,
                block: cases.len(),
                line,
            });
        }
        self.finished(&format!("the {}", plural(count, "case", "cases")))?;
        Ok(cases)
    }

    fn numbers_or_argument(
        &self,
        game: &Game,
        tokens: &[Token<'_>],
    ) -> Result<Numbers, JudgeInputError> {
        let shape = game.base().ruleset().map(Ruleset::position_shape);
        if shape == Some(PositionShape::Argument) {
            let start = tokens[0].span.start;
            let end = tokens.last().expect("a non-empty line").span.end;
            return Ok(Numbers::Argument(self.input[start..end].to_owned()));
        }
        tokens
            .iter()
            .map(|token| self.number(token))
            .collect::<Result<_, _>>()
            .map(Numbers::Values)
    }

    /// A line's position for `game`.
    fn line_position(
        &self,
        game: &Game,
        tokens: &[Token<'_>],
        numbers: Numbers,
    ) -> Result<CasePosition, JudgeInputError> {
        let span = tokens[0].span.start..tokens.last().expect("a non-empty line").span.end;
        let values = match numbers {
            Numbers::Argument(text) => return Ok(CasePosition::Single(Position::Argument(text))),
            Numbers::Values(values) => values,
        };
        let wrong = |message: &str, hint: &str| {
            Err(self.error(span.clone(), message.to_owned(), Some(hint.to_owned())))
        };
        match shape(game) {
            Shape::OneHeap => Ok(match <[BigUint; 1]>::try_from(values) {
                Ok([heap]) => CasePosition::Single(Position::Heap(heap)),
                Err(values) => CasePosition::Heaps(values),
            }),
            Shape::Heaps => Ok(CasePosition::Single(Position::Heaps(values))),
            // (A script's line is read as its text, above.)
            Shape::Argument => {
                let text: Vec<String> = values.iter().map(ToString::to_string).collect();
                Ok(CasePosition::Single(Position::Argument(text.join(" "))))
            }
            Shape::Pair => match <[BigUint; 2]>::try_from(values) {
                Ok([a, b]) => Ok(CasePosition::Single(Position::Pair(a, b))),
                Err(_) => wrong(
                    &format!("{game} has exactly two heaps"),
                    "write the two heaps on the line, e.g. 3 5",
                ),
            },
            Shape::Slashed => {
                let text: Vec<String> = values.iter().map(ToString::to_string).collect();
                game.parse_position(&text.join("/"))
                    .map(CasePosition::Single)
                    .map_err(|error| {
                        self.error(
                            span.clone(),
                            format!("not a position of {game}: {}", error.message),
                            error.hint,
                        )
                    })
            }
            Shape::None => wrong(
                &format!("{game} carries its positions in its spec"),
                "give the game of one component, e.g. nim or subtraction:1,3,4",
            ),
        }
    }

    /// `heaps` (`expected` is `None`: until the end or a count of 0) and `cases-heaps` (`T`
    /// blocks).
    fn heaps(
        &mut self,
        game: &Arc<Game>,
        expected: Option<u64>,
    ) -> Result<Vec<Case>, JudgeInputError> {
        let heap_shape = shape(game);
        // Whether a script takes two numbers: read once, not per case.
        let pairs = heap_shape == Shape::Argument && game.has_grid();
        let mut cases = Vec::new();
        loop {
            if let Some(count) = expected
                && cases.len() as u64 == count
            {
                self.finished(&format!("the {}", plural(count, "case", "cases")))?;
                return Ok(cases);
            }
            let token = match (self.token(), &expected) {
                (Some(token), _) => token,
                (None, None) => return Ok(cases),
                (None, Some(count)) => {
                    return Err(self.error(
                        self.end(),
                        format!(
                            "the input ends after {} of the {}",
                            cases.len(),
                            plural(*count, "case", "cases")
                        ),
                        None,
                    ));
                }
            };
            let m = self.count_of(&token, "the heap count")?;
            if m == 0 && expected.is_none() {
                self.finished("the count 0 that ends the input")?;
                return Ok(cases);
            }
            let line = self.line_of(token.span.start);
            let heaps = self.heap_list(m, &token)?;
            let position = match heap_shape {
                Shape::OneHeap => CasePosition::Heaps(heaps),
                // Heaps side by side, one heap too (a sum of one: its winning moves are listed
                // as heaps like any sum's).
                Shape::Argument if !pairs => CasePosition::Heaps(heaps),
                Shape::Argument => match <[BigUint; 2]>::try_from(heaps) {
                    Ok([a, b]) => CasePosition::Single(Position::Argument(format!("{a} {b}"))),
                    Err(_) => {
                        return Err(self.error(
                            token.span,
                            format!("{game} takes two numbers, not {m}"),
                            None,
                        ));
                    }
                },
                Shape::Heaps => CasePosition::Single(Position::Heaps(heaps)),
                Shape::Pair => match <[BigUint; 2]>::try_from(heaps) {
                    Ok([a, b]) => CasePosition::Single(Position::Pair(a, b)),
                    Err(_) => {
                        return Err(self.error(
                            token.span,
                            format!("{game} has exactly two heaps, not {m}"),
                            None,
                        ));
                    }
                },
                Shape::Slashed | Shape::None => {
                    return Err(self.error(
                        token.span,
                        format!("the positions of {game} are not lists of heaps"),
                        Some("use a line layout (lines, cases) for this game".to_owned()),
                    ));
                }
            };
            cases.push(Case {
                game: Arc::clone(game),
                position,
                block: cases.len(),
                line,
            });
        }
    }

    /// `m` heaps after the count at `counted`.
    fn heap_list(&mut self, m: u64, counted: &Token<'_>) -> Result<Vec<BigUint>, JudgeInputError> {
        let mut heaps = Vec::new();
        for read in 0..m {
            let Some(token) = self.token() else {
                return Err(self.error(
                    counted.span.clone(),
                    format!(
                        "this count says {}, and the input ends after {read}",
                        plural(m, "heap", "heaps")
                    ),
                    None,
                ));
            };
            heaps.push(self.number(&token)?);
        }
        Ok(heaps)
    }

    /// `cases-bash`: `T`, then `T` pairs `n m`.
    fn cases_bash(&mut self) -> Result<Vec<Case>, JudgeInputError> {
        let (count, _) = self.count("the number of cases T")?;
        let mut games: Vec<(u64, Arc<Game>)> = Vec::new();
        let mut amounts = 0u64;
        let mut cases = Vec::new();
        for case in 0..count {
            let what = format!("the heap n of case {} (of {count})", case + 1);
            let heap_token = self.required(&what)?;
            let heap = self.number(&heap_token)?;
            let limit_token = self.required(&format!("the limit m of case {}", case + 1))?;
            let m = self.count_of(&limit_token, "the limit m")?;
            if m == 0 || m > MAX_AMOUNT {
                return Err(self.error(
                    limit_token.span,
                    format!("the limit m must be from 1 to {MAX_AMOUNT}; got {m}"),
                    Some("each case is n m: a heap of n, take 1 to m".to_owned()),
                ));
            }
            let game = if let Some((_, game)) = games.iter().find(|(limit, _)| *limit == m) {
                Arc::clone(game)
            } else {
                {
                    amounts += m;
                    if amounts > MAX_BASH_AMOUNTS {
                        return Err(self.error(
                            limit_token.span,
                            format!("the Bash games of this input hold more than {MAX_BASH_AMOUNTS} amounts together"),
                            None,
                        ));
                    }
                    let set = FiniteSet::new(1..=m).expect("1..m with 1 <= m <= MAX_AMOUNT");
                    let game = Arc::new(Game::Subtraction(SubtractionGame::bash(set)));
                    games.push((m, Arc::clone(&game)));
                    game
                }
            };
            cases.push(Case {
                game,
                position: CasePosition::Single(Position::Heap(heap)),
                block: cases.len(),
                line: self.line_of(heap_token.span.start),
            });
        }
        self.finished(&format!("the {}", plural(count, "case", "cases")))?;
        Ok(cases)
    }

    /// `snim`: blocks of `k s1..sk`, `m`, `m` times `l h1..hl`; `k = 0` or the end stops.
    fn snim(&mut self) -> Result<Vec<Case>, JudgeInputError> {
        let mut cases = Vec::new();
        let mut block = 0;
        while let Some(token) = self.token() {
            let k = self.count_of(&token, "the set size k")?;
            if k == 0 {
                self.finished("the k = 0 that ends the input")?;
                break;
            }
            let mut amounts = Vec::new();
            let mut span = token.span.clone();
            for read in 0..k {
                let Some(amount) = self.token() else {
                    return Err(self.error(
                        token.span,
                        format!("this set size says {k} amounts, and the input ends after {read}"),
                        None,
                    ));
                };
                span.end = amount.span.end;
                amounts.push(self.count_of(&amount, "an amount")?);
            }
            let set = FiniteSet::new(amounts).map_err(|error| {
                self.error(span.clone(), format!("the set S is invalid: {error}"), None)
            })?;
            let game = Arc::new(Game::Subtraction(SubtractionGame::new(
                SubtractionSet::Finite(set),
            )));
            let (m, _) = self.count("the number of positions m")?;
            for position in 0..m {
                let token = self.required(&format!(
                    "the heap count l of position {} (of {m})",
                    position + 1
                ))?;
                let l = self.count_of(&token, "the heap count l")?;
                let heaps = self.heap_list(l, &token)?;
                cases.push(Case {
                    game: Arc::clone(&game),
                    position: CasePosition::Heaps(heaps),
                    block,
                    line: self.line_of(token.span.start),
                });
            }
            block += 1;
        }
        Ok(cases)
    }

    /// `oddball`: `n1 n2 n3`, then the piles.
    fn oddball(&mut self) -> Result<Vec<Case>, JudgeInputError> {
        let mut amounts = Vec::new();
        let mut span = 0..0;
        for which in ["n1", "n2", "n3"] {
            let token = self.required(&format!("the amount {which}"))?;
            if amounts.is_empty() {
                span = token.span.clone();
            }
            span.end = token.span.end;
            amounts.push(self.count_of(&token, "an amount")?);
        }
        let set = FiniteSet::new(amounts).map_err(|error| {
            self.error(
                span.clone(),
                format!("the amounts are invalid: {error}"),
                None,
            )
        })?;
        let game = Arc::new(Game::Oddball(set.into()));
        let mut cases = Vec::new();
        while let Some(token) = self.token() {
            let pile = self.number(&token)?;
            cases.push(Case {
                game: Arc::clone(&game),
                position: CasePosition::Single(Position::Balls {
                    left: pile,
                    mine: BigUint::ZERO,
                    theirs: BigUint::ZERO,
                }),
                block: 0,
                line: self.line_of(token.span.start),
            });
        }
        if cases.is_empty() {
            return Err(self.error(
                self.end(),
                "the input ends before the first pile".to_owned(),
                Some("for example: 1 2 3 then 1 2 3 4 5".to_owned()),
            ));
        }
        Ok(cases)
    }
}

/// The largest char boundary at or before `at`.
fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A line's content: numbers, or a script's argument text.
enum Numbers {
    Values(Vec<BigUint>),
    Argument(String),
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
        assert!(error.error.message.contains("says 3 heaps"), "{error}");
    }
}
