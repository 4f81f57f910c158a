//! The game-spec language: parsing `subtraction:1,3,4`, `bash:3`, `nim`, `misere:nim`,
//! `nim[7] + wythoff[3,5]`, … into a [`Game`].
//!
//! Grammar (case-insensitive, spaces allowed between tokens):
//!
//! ```text
//! spec      = ["misere:"] summand ("+" summand)*   (misère play of the whole game or sum)
//!           | "every:" summand ("+" summand)*     (Every-SG: every summand has its position)
//! summand   = game ["[" position "]"]              (a sum needs every position in brackets)
//! game      = "nim" | "wythoff" | "fibonacci-nim"
//!           | ["octal:" | "hex:"] code            (take-and-break: 0.77, .77, 4!.0, 0.[3])
//!           | "subtraction:" (amounts | family)
//!           | "bash:" number                      (the set 1..m)
//!           | ("allbut:" | "all-but:") amounts    (every amount except these)
//!           | "norepeat:" amounts                 (no taking what the opponent just took)
//!           | "oddball:" amounts                  (the contest game: odd holdings win)
//!           | "script:" path                      (rules in a rhai script; see crate::games::script)
//!           | name [":" rule]                     (an open family: divisor, moore:2, dynamic:3x, …;
//!                                                  the rule runs to "[", white space or a "+"
//!                                                  that does not begin a number or x)
//! amounts   = item ("," item)*
//! item      = number | number ".." number         (an inclusive range)
//! family    = "fibonacci" | "squares" | "powers-of-2" | "primes"
//! ```

use std::ops::Range;

use winnow::ascii::digit1;
use winnow::error::ContextError;
use winnow::prelude::*;
use winnow::token::take_while;

use crate::games::FAMILIES;
use crate::games::game::{Component, Game, SubtractionGame};
use crate::games::octal::NamedGame;
use crate::games::octal::{Code, CodeError, Modifier};
use crate::games::position::Position;
use crate::games::registry::{self, Rules};
use crate::games::remainder::RemainderGame;
use crate::games::script::{Script, ScriptRules};
use crate::games::subtraction::{
    AllButSet, Family, FiniteSet, MAX_AMOUNT, SetError, SubtractionSet,
};
use crate::input::error::InputError;
use crate::limits::{MAX_SUM_COMPONENTS, SPEC_SCRIPT_BYTES};

/// The game names the parser knows, for "did you mean" suggestions.
const GAME_NAMES: [&str; 19] = [
    "subtraction",
    "kayles",
    "dawsons-kayles",
    "dawsons-chess",
    "lasker",
    "grundys-game",
    "officers",
    "bash",
    "allbut",
    "all-but",
    "nim",
    "wythoff",
    "fibonacci-nim",
    "norepeat",
    "oddball",
    "script",
    "misere",
    "misère",
    "every",
];

/// Games whose name is the whole spec (no rule after a colon).
const BARE_GAMES: [&str; 3] = ["nim", "wythoff", "fibonacci-nim"];

/// Examples shown when a spec is incomplete.
const EXAMPLES: &str =
    "nim, wythoff, fibonacci-nim, norepeat:1,2,3, misere:nim, nim[7] + bash:3[5], ";
const MORE_EXAMPLES: &str =
    "subtraction:1,3,4, subtraction:1..3,7, bash:3, allbut:2,3,7, subtraction:fibonacci";

/// Parses a game spec.
///
/// # Complexity
/// `O(k + m)` for spec length `k` and `m` amounts after expanding ranges.
///
/// # Errors
/// An [`InputError`] pointing at the offending characters: unknown names (with a suggestion),
/// empty sets, zero or negative amounts, amounts above [`MAX_AMOUNT`], empty ranges, stray text.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::parse_game;
/// assert_eq!(parse_game("Subtraction: 4, 1,3,1")?.to_string(), "subtraction:1,3,4");
/// assert_eq!(parse_game("bash:3")?.to_string(), "bash:3");
/// let error = parse_game("subtraction:1,0").unwrap_err();
/// assert_eq!(error.span, 14..15);
/// # Ok(()) }
/// ```
pub fn parse_game(text: &str) -> Result<Game, InputError> {
    parse_game_with_loader(text, &|path| {
        Err(format!(
            "reading {path} needs a loader: call parse_game_with_loader"
        ))
    })
}

/// Parses a game spec whose `script:PATH` parts are read by `loader` (the library does no I/O;
/// the command line passes one that reads files). Scripts are compiled here, so a script that
/// does not compile is reported with a caret under its path. A family's rule written
/// `NAME:@PATH` (a graph too long for a command line) is read by the same loader, asked for
/// `@PATH` so that it can tell a rule file from a script.
///
/// # Errors
/// As [`parse_game`], and an [`InputError`] under the path when the loader fails or the script
/// does not compile.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::spec::parse_game_with_loader;
/// let loader = |_: &str| Ok("fn start(n) { n } fn moves(n) { if n > 0 { [n - 1] } else { [] } }".to_owned());
/// let game = parse_game_with_loader("script:count.rhai", &loader)?;
/// assert_eq!(game.to_string(), "script:count.rhai");
/// # Ok(()) }
/// ```
pub fn parse_game_with_loader(
    text: &str,
    loader: &dyn Fn(&str) -> Result<String, String>,
) -> Result<Game, InputError> {
    let lower = text.to_ascii_lowercase();
    let parser = SpecParser {
        text,
        lower: &lower,
        loader,
        script_bytes: std::cell::Cell::new(0),
    };
    parser.game()
}

struct SpecParser<'a> {
    text: &'a str,
    lower: &'a str,
    loader: &'a dyn Fn(&str) -> Result<String, String>,
    /// The bytes of the scripts read so far: each `script:` of a sum holds its own copy, bounded
    /// together by [`SPEC_SCRIPT_BYTES`].
    script_bytes: std::cell::Cell<u64>,
}

/// An amount as written, with where it was written; `None` when it overflows `u64`.
struct Number {
    value: Option<u64>,
    span: Range<usize>,
}

impl<'a> SpecParser<'a> {
    fn error(
        &self,
        span: Range<usize>,
        message: impl Into<String>,
        hint: Option<String>,
    ) -> InputError {
        InputError::new("game spec", self.text, span, message, hint)
    }

    fn offset(&self, rest: &str) -> usize {
        self.lower.len() - rest.len()
    }

    fn skip_spaces(rest: &mut &'a str) {
        let _: Result<&str, ContextError> =
            take_while(0.., |c: char| c.is_whitespace()).parse_next(rest);
    }

    /// The character at the start of `rest` as a span, for carets.
    fn here(&self, rest: &str) -> Range<usize> {
        let start = self.offset(rest);
        start..start + rest.chars().next().map_or(0, char::len_utf8)
    }

    fn game(&self) -> Result<Game, InputError> {
        let mut rest = self.lower;
        Self::skip_spaces(&mut rest);
        let misere = self.misere_prefix(&mut rest)?;
        Self::skip_spaces(&mut rest);
        let every = self.every_prefix(&mut rest);
        if let (Some(misere), Some(every)) = (&misere, &every) {
            return Err(self.error(
                misere.start..every.end,
                "Every-SG is played to the last move: grundy has no misère form of it",
                Some("write every: alone, e.g. every:nim[3] + kayles[4]".to_owned()),
            ));
        }
        let mut components: Vec<(Game, Option<Position>, Range<usize>)> = Vec::new();
        loop {
            Self::skip_spaces(&mut rest);
            let start = self.offset(rest);
            if let Some(span) = self.every_prefix(&mut rest) {
                return Err(self.error(
                    span,
                    "every: applies to the whole game, not to one component",
                    Some("write every: once, at the start: every:nim[3] + nim[4]".to_owned()),
                ));
            }
            if let Some(span) = self.misere_prefix(&mut rest)? {
                return Err(self.error(
                    span,
                    "misère play applies to the whole game, not to one component",
                    Some("write misere: once, at the start: misere:nim[3] + nim[4] is the misère sum".to_owned()),
                ));
            }
            let game = self.simple_game(&mut rest)?;
            Self::skip_spaces(&mut rest);
            let position = if rest.starts_with('[') {
                Some(self.bracketed_position(&game, &mut rest)?)
            } else {
                None
            };
            if components.len() as u64 == MAX_SUM_COMPONENTS {
                return Err(self.error(
                    start..self.offset(rest),
                    format!("a sum has at most {MAX_SUM_COMPONENTS} components"),
                    Some("several heaps of one game are one component: nim[3,4,5]".to_owned()),
                ));
            }
            components.push((game, position, start..self.offset(rest)));
            Self::skip_spaces(&mut rest);
            if rest.starts_with('+') {
                rest = &rest[1..];
            } else {
                break;
            }
        }
        if !rest.is_empty() {
            return Err(self.stray(rest));
        }
        let game = if every.is_none() && components.len() == 1 && components[0].1.is_none() {
            components.pop().expect("one component").0
        } else {
            let mut sum = Vec::new();
            for (game, position, span) in components {
                let Some(position) = position else {
                    let (message, hint) = if every.is_some() {
                        (
                            "each component of an Every-SG compound needs its position in brackets",
                            "write every:GAME[POSITION] + …, e.g. every:nim[3] + subtraction:1,2[5]",
                        )
                    } else {
                        (
                            "each game in a sum needs its position in brackets",
                            "write GAME[POSITION], e.g. subtraction:1,3,4[10] + nim[7]",
                        )
                    };
                    return Err(self.error(span, message, Some(hint.to_owned())));
                };
                sum.push(Component { game, position });
            }
            if every.is_some() {
                Game::Every(sum)
            } else {
                Game::Sum(sum)
            }
        };
        Ok(match misere {
            Some(_) => Game::Misere(Box::new(game)),
            None => game,
        })
    }

    /// Consumes `every:` if the text starts with it, returning its span.
    fn every_prefix(&self, rest: &mut &'a str) -> Option<Range<usize>> {
        let after = rest.strip_prefix("every")?;
        let mut after_spaces = after;
        Self::skip_spaces(&mut after_spaces);
        let after_colon = after_spaces.strip_prefix(':')?;
        let span = self.offset(rest)..self.offset(after_colon);
        *rest = after_colon;
        Some(span)
    }

    /// Consumes `misere:` (or `misère:`) if the text starts with it, returning its span.
    fn misere_prefix(&self, rest: &mut &'a str) -> Result<Option<Range<usize>>, InputError> {
        for prefix in ["misere", "misère"] {
            if let Some(after) = rest.strip_prefix(prefix) {
                let start = self.offset(rest);
                let mut after = after;
                Self::skip_spaces(&mut after);
                if let Some(after_colon) = after.strip_prefix(':') {
                    let span = start..self.offset(after_colon);
                    *rest = after_colon;
                    return Ok(Some(span));
                }
                if after.is_empty() || after.starts_with(|c: char| !c.is_alphanumeric() && c != '-')
                {
                    return Err(self.error(
                        self.here(after),
                        "expected ':' after 'misere'",
                        Some("write misere: before a game, as in misere:nim or misere:subtraction:1,3,4".to_owned()),
                    ));
                }
            }
        }
        Ok(None)
    }

    /// `[position]` after a game in a sum, read by the game's own position rules.
    fn bracketed_position(&self, game: &Game, rest: &mut &'a str) -> Result<Position, InputError> {
        let open = self.offset(rest);
        let Some(close) = rest.find(']') else {
            return Err(self.error(
                open..open + 1,
                "this '[' is never closed",
                Some("write the position in brackets, e.g. nim[7]".to_owned()),
            ));
        };
        let content = &self.text[open + 1..open + close];
        let position = game.parse_position(content).map_err(|mut error| {
            error.span = open + 1 + error.span.start..open + 1 + error.span.end;
            self.text.clone_into(&mut error.text);
            error
        })?;
        *rest = &rest[close + 1..];
        Ok(position)
    }

    /// An octal or hexadecimal code: `0.77`, `.77`, `4!.0`, `0.[3]`, `octal:0.137`. In a sum (the
    /// spec has a `+`) a single bracket group after the digits is the position, not a tail; write
    /// `0.[3][7]` for a tail and a position, and `0.77[][5]` for no tail.
    fn code(&self, rest: &mut &'a str, octal_only: bool) -> Result<Game, InputError> {
        let start = self.offset(rest);
        let mut digits: Vec<(u8, Modifier)> = Vec::new();
        let mut spans: Vec<Range<usize>> = Vec::new();
        let mut seen_point = false;
        loop {
            let at = self.offset(rest);
            let Some(c) = rest.chars().next() else { break };
            if c == '.' && !seen_point {
                if digits.is_empty() {
                    digits.push((0, Modifier::None));
                    spans.push(at..at);
                }
                seen_point = true;
                *rest = &rest[1..];
                continue;
            }
            if c == '(' || c == ')' {
                return Err(self.error(
                    at..at + 1,
                    "unexpected parenthesis in the code",
                    Some("a repeating tail is written in brackets, as in 0.[3]".to_owned()),
                ));
            }
            let Some(value) = c.to_digit(16) else { break };
            if !seen_point && !digits.is_empty() {
                return Err(self.error(
                    at..at + 1,
                    "only one digit may stand before the point",
                    Some("codes look like 0.77, 4.7 or 4!.0".to_owned()),
                ));
            }
            if octal_only && value > 7 {
                return Err(self.error(
                    at..at + 1,
                    format!("'{c}' is not an octal digit"),
                    Some(
                        "octal digits are 0 to 7; write hex:0.8 for a hexadecimal code".to_owned(),
                    ),
                ));
            }
            *rest = &rest[1..];
            let modifier = if rest.starts_with('!') {
                *rest = &rest[1..];
                Modifier::Unequal
            } else if rest.starts_with('?') {
                *rest = &rest[1..];
                Modifier::NotAllEqual
            } else {
                Modifier::None
            };
            digits.push((value as u8, modifier));
            spans.push(at..self.offset(rest));
        }
        if !seen_point {
            let at = self.offset(rest);
            return Err(self.error(
                at..at,
                "expected '.' in the code",
                Some("codes look like 0.77, 4.7 or 4!.0".to_owned()),
            ));
        }
        // Bracket groups after the digits: tails, unless the only one is the position of a
        // sum's component (an Every-SG compound's components always have one).
        let in_sum = self.lower.contains('+') || self.lower.trim_start().starts_with("every");
        let mut groups: Vec<(Range<usize>, &str)> = Vec::new();
        let mut look = *rest;
        while look.starts_with('[') {
            let Some(close) = look.find(']') else { break };
            let open = self.offset(look);
            groups.push((open..open + close + 1, &look[1..close]));
            look = &look[close + 1..];
        }
        let mut tail = Vec::new();
        if !groups.is_empty() && (!in_sum || groups.len() != 1) {
            let (span, content) = groups[0].clone();
            for (i, c) in content.char_indices() {
                match c.to_digit(16) {
                    Some(v) if !(octal_only && v > 7) => tail.push(v as u8),
                    _ => {
                        let at = span.start + 1 + i;
                        return Err(self.error(
                            at..at + c.len_utf8(),
                            format!("'{c}' is not a digit of the repeating tail"),
                            Some("a tail holds digits only, as in 0.[3]".to_owned()),
                        ));
                    }
                }
            }
            *rest = &rest[span.end - span.start..];
        }
        let code = Code::new(digits, tail).map_err(|e| {
            let span = match e {
                CodeError::FirstDigit => spans[0].clone(),
                CodeError::Empty => start..self.offset(rest),
            };
            self.error(
                span,
                e.to_string(),
                Some("codes look like 0.77, 4.7 or 4!.0".to_owned()),
            )
        })?;
        Ok(Game::Octal(code))
    }

    /// `script:PATH`: the script is read by the loader and compiled here.
    fn script(&self, rest: &mut &'a str) -> Result<Game, InputError> {
        let start = self.offset(rest);
        let length = rest
            .find(|c: char| c == '[' || c.is_whitespace())
            .unwrap_or(rest.len());
        let span = start..start + length;
        let path = &self.text[span.clone()];
        *rest = &rest[length..];
        if path.is_empty() {
            return Err(self.error(
                span,
                "expected the script's path",
                Some("write script:path/to/game.rhai".to_owned()),
            ));
        }
        let source = (self.loader)(path)
            .map_err(|e| self.error(span.clone(), format!("cannot read the script: {e}"), None))?;
        let bytes = self.script_bytes.get().saturating_add(source.len() as u64);
        if bytes > SPEC_SCRIPT_BYTES {
            return Err(self.error(
                span,
                format!(
                    "the scripts of this spec hold {bytes} bytes or more, beyond the {SPEC_SCRIPT_BYTES} a spec may read (each script: reads its script again)"
                ),
                None,
            ));
        }
        self.script_bytes.set(bytes);
        let script = Script::new(path.to_owned(), source);
        ScriptRules::compile(&script).map_err(|e| {
            self.error(
                span,
                e.to_string(),
                Some(
                    "docs/scripts.md lists the functions a script defines, with examples"
                        .to_owned(),
                ),
            )
        })?;
        Ok(Game::Script(script))
    }

    /// One game without a position: a name, and for most games `:` and the rule.
    fn simple_game(&self, rest: &mut &'a str) -> Result<Game, InputError> {
        if rest.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
            return self.code(rest, false);
        }
        for (prefix, octal_only) in [("octal:", true), ("hex:", false), ("hexadecimal:", false)] {
            if let Some(after) = rest.strip_prefix(prefix) {
                *rest = after;
                Self::skip_spaces(rest);
                return self.code(rest, octal_only);
            }
        }
        let start = self.offset(rest);
        let name: Result<&str, ContextError> = take_while(1.., |c: char| {
            c.is_ascii_alphanumeric() || c == '-' || c == '_'
        })
        .parse_next(rest);
        let Ok(name) = name else {
            return Err(self.error(
                self.here(rest),
                "expected a game name",
                Some(format!("write a game such as {EXAMPLES}{MORE_EXAMPLES}")),
            ));
        };
        let name_span = start..self.offset(rest);
        if let Some(family) = registry::family(name) {
            return self.open_family(family, rest);
        }
        if !GAME_NAMES.contains(&name) {
            let known: Vec<&str> = GAME_NAMES[..17]
                .iter()
                .copied()
                .chain(FAMILIES.iter().map(|family| family.name))
                .collect();
            return Err(self.unknown_name(name, name_span, "game", &known));
        }
        let named = NamedGame::from_name(name);
        if named.is_some() || BARE_GAMES.contains(&name) {
            let mut after = *rest;
            Self::skip_spaces(&mut after);
            if after.starts_with(':') {
                return Err(self.error(
                    self.here(after),
                    format!("'{name}' takes no rule after a colon"),
                    Some(format!(
                        "write just {name}, and the position separately or in brackets"
                    )),
                ));
            }
            return Ok(match (named, name) {
                (Some(named), _) => Game::Octal(named.code()),
                (None, "nim") => Game::Nim,
                (None, "wythoff") => Game::Wythoff,
                _ => Game::FibonacciNim,
            });
        }
        Self::skip_spaces(rest);
        if ':'.parse_next(rest).map_err(|_: ContextError| ()).is_err() {
            let example = match name {
                "bash" => "bash:3",
                "allbut" | "all-but" => "allbut:2,3,7",
                "norepeat" => "norepeat:1,2,3",
                "oddball" => "oddball:1,2,3",
                "script" => "script:examples/oddball.rhai",
                _ => "subtraction:1,3,4",
            };
            return Err(self.error(
                self.here(rest),
                format!("expected ':' after '{name}'"),
                Some(format!("write the rule after a colon, as in {example}")),
            ));
        }
        Self::skip_spaces(rest);
        let game = match name {
            "subtraction" => return self.subtraction(rest),
            "bash" => {
                let number = self.number(rest, "the largest amount m (bash:m takes 1..m)")?;
                let m = self.amount(&number)?;
                let set =
                    FiniteSet::new(1..=m).expect("1..m with 1 <= m <= MAX_AMOUNT is a valid set");
                SubtractionGame::bash(set)
            }
            "script" => return self.script(rest),
            "norepeat" | "oddball" => {
                let (ranges, _) = self.amounts(rest, "subtraction set", false)?;
                let set = FiniteSet::new(expand(ranges))
                    .expect("amounts are checked positive, bounded and non-empty");
                // Bounded amounts: the families accept them.
                let bounded = "amounts are checked at most MAX_AMOUNT";
                return Ok(if name == "oddball" {
                    Game::Oddball(set.try_into().expect(bounded))
                } else {
                    Game::NoRepeat(set.try_into().expect(bounded))
                });
            }
            _ => {
                let (ranges, _) = self.amounts(rest, "excluded set", false)?;
                let set = AllButSet::new(expand(ranges))
                    .expect("amounts are checked positive, bounded and non-empty");
                SubtractionGame::new(SubtractionSet::AllBut(set))
            }
        };
        Ok(Game::Subtraction(game))
    }

    /// A game of an open family: its name was read; its rule, if a colon follows, runs to a
    /// bracket, white space or a `+` that does not begin a number or `x`, and the family reads
    /// it.
    fn open_family(
        &self,
        family: &'static registry::Family,
        rest: &mut &'a str,
    ) -> Result<Game, InputError> {
        let mut after = *rest;
        Self::skip_spaces(&mut after);
        let rule = match after.strip_prefix(':') {
            Some(text) => {
                *rest = text;
                Self::skip_spaces(rest);
                // A `+` that begins a number or `x` is the rule's own (`dynamic:x+2`).
                let end = rest
                    .char_indices()
                    .find(|&(i, c)| {
                        c == '['
                            || c.is_whitespace()
                            || (c == '+' && !continues_rule(&rest[i + 1..]))
                    })
                    .map_or(rest.len(), |(i, _)| i);
                let (rule, tail) = rest.split_at(end);
                *rest = tail;
                Some(rule)
            }
            None => None,
        };
        let at = self.offset(rest) - rule.map_or(0, str::len);
        if let Some(path) = rule.and_then(|rule| rule.strip_prefix('@')) {
            return self.loaded_rule(family, at, path);
        }
        Rules::new(family, rule)
            .map(Game::Rules)
            .map_err(|problem| {
                self.error(
                    at + problem.span.start..at + problem.span.end,
                    problem.message,
                    Some(problem.hint),
                )
            })
    }

    /// `NAME:@PATH`: the family's rule read from a file by the loader (a graph too long for a
    /// command line); a problem in it is reported at the path, with its line in the file.
    fn loaded_rule(
        &self,
        family: &'static registry::Family,
        at: usize,
        path: &str,
    ) -> Result<Game, InputError> {
        let span = at..at + 1 + path.len();
        // The path as written (the spec is read in lower case).
        let path = &self.text[at + 1..span.end];
        if path.is_empty() {
            return Err(self.error(
                span,
                "expected a file's path after @",
                Some(format!("write {}:@path/to/rule.txt", family.name)),
            ));
        }
        // The loader is asked for `@PATH`: a rule file, not a script.
        let text = (self.loader)(&format!("@{path}"))
            .map_err(|e| self.error(span.clone(), format!("cannot read the rule: {e}"), None))?;
        Rules::loaded(family, &format!("@{path}"), &text)
            .map(Game::Rules)
            .map_err(|problem| {
                let line = text[..problem.span.start.min(text.len())]
                    .matches('\n')
                    .count()
                    + 1;
                self.error(
                    span,
                    format!("{path}, line {line}: {}", problem.message),
                    Some(problem.hint),
                )
            })
    }

    /// The rule of `subtraction:`: a family, or amounts with an optional `,rest`.
    fn subtraction(&self, rest: &mut &'a str) -> Result<Game, InputError> {
        if rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
            let family = self.family(rest)?;
            return Ok(Game::Subtraction(SubtractionGame::new(
                SubtractionSet::Family(family),
            )));
        }
        let (ranges, first_large) = self.amounts(rest, "subtraction set", true)?;
        let set = match (FiniteSet::new(expand(ranges)), first_large) {
            (Ok(set), _) => set,
            (Err(SetError::NoTheoremForLarge(_)), Some(large)) => {
                return Err(self.error(
                    large,
                    format!("amounts above {MAX_AMOUNT} need a theorem"),
                    Some(
                        "such a set is answered by a theorem only: the residue theorem, when it holds 1, …, m − 1 and no multiple of m (as subtraction:1,2,10^18 does, m = 3), or the {1, 2, k} theorem (subtraction:1,2,k for any k)"
                            .to_owned(),
                    ),
                ));
            }
            (Err(error), _) => {
                unreachable!(
                    "amounts are checked positive and non-empty, large ones placed: {error}"
                )
            }
        };
        if Self::rest_rule(rest) {
            // With 1 in the set only an empty heap is below it: the rule adds nothing.
            if let Some(game) = RemainderGame::new(set.clone()) {
                return Ok(Game::Remainder(game));
            }
        }
        Ok(Game::Subtraction(SubtractionGame::new(
            SubtractionSet::Finite(set),
        )))
    }

    /// Consumes `,rest` (the rest rule) after a subtraction set, if it follows.
    fn rest_rule(rest: &mut &str) -> bool {
        let Some(word) = rest.trim_start().strip_prefix(',') else {
            return false;
        };
        match word.trim_start().strip_prefix("rest") {
            Some(end) if !end.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-') => {
                *rest = end;
                true
            }
            _ => false,
        }
    }

    fn stray(&self, rest: &str) -> InputError {
        let c = rest.chars().next().unwrap_or(' ');
        let mut peek = rest;
        if Self::rest_rule(&mut peek) {
            return self.error(
                self.offset(rest)..self.offset(peek),
                "',rest' applies to subtraction games on a list of amounts only",
                Some("write the amounts, as in subtraction:2..5,rest (fewer than 2 left: take them all)".to_owned()),
            );
        }
        let hint = match c {
            '，' | '、' => Some("use the ASCII comma ',' between amounts".to_owned()),
            '-' => Some("amounts are positive integers; write ranges as 1..3".to_owned()),
            '.' => Some("write ranges with two dots, as in 1..3".to_owned()),
            ' ' => Some("separate amounts with ','".to_owned()),
            _ => None,
        };
        self.error(self.here(rest), format!("unexpected '{c}'"), hint)
    }

    fn unknown_name(
        &self,
        name: &str,
        span: Range<usize>,
        kind: &str,
        known: &[&str],
    ) -> InputError {
        let best = known
            .iter()
            .map(|k| (strsim::damerau_levenshtein(name, k), *k))
            .min()
            .filter(|&(distance, _)| distance <= 2.max(name.len() / 3));
        let message = match best {
            Some((_, suggestion)) => {
                format!("unknown {kind} '{name}' — did you mean '{suggestion}'?")
            }
            None => format!("unknown {kind} '{name}'"),
        };
        self.error(
            span,
            message,
            Some(format!("known {kind}s: {}", known.join(", "))),
        )
    }

    fn family(&self, rest: &mut &'a str) -> Result<Family, InputError> {
        let start = self.offset(rest);
        let word: Result<&str, ContextError> = take_while(1.., |c: char| {
            c.is_ascii_alphanumeric() || c == '-' || c == '_'
        })
        .parse_next(rest);
        let word = word.unwrap_or_default();
        let span = start..self.offset(rest);
        let family = match word {
            "fibonacci" => Family::Fibonacci,
            "squares" => Family::Squares,
            "powers-of-2" | "powers-of-two" => Family::PowersOfTwo,
            "primes" => Family::Primes,
            _ => {
                let names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
                return Err(self.unknown_name(word, span, "family", &names));
            }
        };
        Ok(family)
    }

    fn number(&self, rest: &mut &'a str, expected: &str) -> Result<Number, InputError> {
        if rest.starts_with('-') {
            let start = self.offset(rest);
            return Err(self.error(
                start..start + 1,
                "amounts cannot be negative",
                Some("a move removes a positive number of tokens".to_owned()),
            ));
        }
        let start = self.offset(rest);
        let digits: Result<&str, ContextError> = digit1.parse_next(rest);
        match digits {
            Ok(digits) => {
                let mut value: Option<u64> = digits.parse().ok();
                // A power, `10^18`: the base to that exponent (none when it overflows).
                if let Some(after) = rest.strip_prefix('^') {
                    let mut exponent = after;
                    let Ok(power) = digit1::<&str, ContextError>.parse_next(&mut exponent) else {
                        let at = self.offset(after);
                        return Err(self.error(
                            at..at,
                            "expected an exponent after '^'",
                            Some("write a power as 10^18".to_owned()),
                        ));
                    };
                    *rest = exponent;
                    value = value
                        .zip(power.parse::<u32>().ok())
                        .and_then(|(base, power)| base.checked_pow(power));
                }
                Ok(Number {
                    value,
                    span: start..self.offset(rest),
                })
            }
            Err(_) if rest.is_empty() => Err(self.error(
                start..start,
                format!("expected {expected}"),
                Some(format!("for example {EXAMPLES}{MORE_EXAMPLES}")),
            )),
            Err(_) => {
                let mut error = self.stray(rest);
                error.message = format!(
                    "expected {expected}, found '{}'",
                    &self.text[error.span.clone()]
                );
                Err(error)
            }
        }
    }

    /// Checks one written amount: positive and at most [`MAX_AMOUNT`].
    fn amount(&self, number: &Number) -> Result<u64, InputError> {
        match number.value {
            Some(0) => Err(self.error(
                number.span.clone(),
                "0 is not a legal amount",
                Some("a move removes at least one token".to_owned()),
            )),
            Some(value) if value <= MAX_AMOUNT => Ok(value),
            _ => Err(self.error(
                number.span.clone(),
                format!("amount {} is too large", &self.text[number.span.clone()]),
                Some(format!("amounts are at most {MAX_AMOUNT}")),
            )),
        }
    }

    /// A non-empty comma-separated list of amounts and ranges, as inclusive ranges of checked
    /// amounts. With `large`, a single amount (not a range's end) may exceed [`MAX_AMOUNT`];
    /// the first such one's place comes back too, for the set to refuse it when no theorem
    /// allows it.
    fn amounts(
        &self,
        rest: &mut &'a str,
        what: &str,
        large: bool,
    ) -> Result<WrittenAmounts, InputError> {
        if rest.is_empty() {
            let at = self.offset(rest);
            return Err(self.error(
                at..at,
                format!("the {what} is empty"),
                Some("list the amounts after the colon, as in subtraction:1,3,4".to_owned()),
            ));
        }
        let mut amounts = Vec::new();
        let mut first_large = None;
        loop {
            let low = self.number(rest, "an amount (a positive integer)")?;
            Self::skip_spaces(rest);
            if rest.starts_with("..") {
                *rest = &rest[2..];
                Self::skip_spaces(rest);
                let high = self.number(rest, "the end of the range")?;
                let span = low.span.start..high.span.end;
                let (a, b) = (self.amount(&low)?, self.amount(&high)?);
                if a > b {
                    return Err(self.error(
                        span,
                        format!("the range {a}..{b} is empty"),
                        Some(format!("write the smaller end first: {b}..{a}")),
                    ));
                }
                amounts.push((a, b));
            } else {
                let a = match low.value {
                    Some(value) if large && value > MAX_AMOUNT => {
                        first_large.get_or_insert(low.span.clone());
                        value
                    }
                    None if large => {
                        return Err(self.error(
                            low.span.clone(),
                            format!("amount {} is too large", &self.text[low.span.clone()]),
                            Some(format!(
                                "amounts are at most {} (and above {MAX_AMOUNT} only where a theorem gives the values)",
                                u64::MAX
                            )),
                        ));
                    }
                    _ => self.amount(&low)?,
                };
                amounts.push((a, a));
            }
            Self::skip_spaces(rest);
            let mut peek = *rest;
            if what == "subtraction set" && Self::rest_rule(&mut peek) {
                // `,rest` ends the amounts: the caller reads it.
                return Ok((amounts, first_large));
            }
            if rest.starts_with(',') {
                *rest = &rest[1..];
                Self::skip_spaces(rest);
            } else {
                return Ok((amounts, first_large));
            }
        }
    }
}

/// Amounts as written: inclusive ranges, and where the first single amount above
/// [`MAX_AMOUNT`] stands, if one does.
type WrittenAmounts = (Vec<(u64, u64)>, Option<Range<usize>>);

/// Whether the text after a `+` inside a family's rule goes on with the rule: it begins a
/// number or `x` (`dynamic:x+2`), where a summand would begin a game's name.
fn continues_rule(after: &str) -> bool {
    after
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit() || c == 'x')
}

/// The amounts in `ranges`, ascending and without duplicates. Overlapping ranges are merged first,
/// so the work is bounded by the number of distinct amounts (at most [`MAX_AMOUNT`]).
fn expand(mut ranges: Vec<(u64, u64)>) -> Vec<u64> {
    ranges.sort_unstable();
    let mut amounts = Vec::new();
    // The least amount not yet listed; `None` once `u64::MAX` is.
    let mut next = Some(0);
    for (low, high) in ranges {
        let Some(from) = next else { break };
        if high >= from {
            amounts.extend(low.max(from)..=high);
            next = high.checked_add(1);
        }
    }
    amounts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> InputError {
        parse_game(text).expect_err(text)
    }

    #[test]
    fn canonical_forms() {
        for (text, canonical) in [
            ("subtraction:1,3,4", "subtraction:1,3,4"),
            ("SUBTRACTION:4,3,1,3", "subtraction:1,3,4"),
            ("subtraction:1..3,7", "subtraction:1..3,7"),
            ("subtraction: 1 .. 3 , 7", "subtraction:1..3,7"),
            ("bash:3", "bash:3"),
            ("allbut:7,2,3", "allbut:2,3,7"),
            ("all-but:2", "allbut:2"),
            ("subtraction:Fibonacci", "subtraction:fibonacci"),
            ("subtraction:powers-of-two", "subtraction:powers-of-2"),
        ] {
            assert_eq!(parse_game(text).unwrap().to_string(), canonical, "{text}");
        }
    }

    #[test]
    fn errors_point_at_the_problem() {
        let e = error("subtracion:1,3");
        assert_eq!(e.span, 0..10);
        assert!(
            e.message.contains("did you mean 'subtraction'"),
            "{}",
            e.message
        );
        let e = error("subtraction:");
        assert_eq!(e.message, "the subtraction set is empty");
        let e = error("subtraction:1,-3");
        assert_eq!(e.span, 14..15);
        let e = error("subtraction:99999999999999999999999");
        assert!(e.message.contains("too large"));
        let e = error("subtraction:fibonaci");
        assert!(e.message.contains("did you mean 'fibonacci'"));
        let e = error("subtraction:5..2");
        assert_eq!(e.span, 12..16);
        let e = error("subtraction:1，3");
        assert!(e.hint.unwrap().contains("ASCII comma"));
        let e = error("bash");
        assert!(e.message.contains("expected ':'"));
        let e = error("bash:0");
        assert_eq!(e.message, "0 is not a legal amount");
        let e = error("subtraction:1,3x");
        assert_eq!(e.span, 15..16);
    }

    #[test]
    fn repeated_ranges_are_merged_not_multiplied() {
        let spec = vec!["1..10000000"; 50].join(",");
        let game = parse_game(&format!("subtraction:{spec}")).unwrap();
        assert_eq!(game.to_string(), "subtraction:1..10000000");
        assert_eq!(
            expand(vec![(5, 9), (1, 3), (2, 6)]),
            [1, 2, 3, 4, 5, 6, 7, 8, 9]
        );
    }

    #[test]
    fn spans_stay_on_character_boundaries_inside_brackets() {
        // Found by the fuzzer: white space before a wide character in a bracketed position.
        let text = "all-but: 1..55[\r\u{240}\r]";
        let error = parse_game(text).unwrap_err();
        assert!(text.is_char_boundary(error.span.start) && text.is_char_boundary(error.span.end));
        assert_eq!(&text[error.span.clone()], "\u{240}");
    }

    #[test]
    fn carets_line_up_under_wide_characters() {
        let e = error("subtraction:1，3");
        let shown = e.to_string();
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[2], format!("  {}^^", " ".repeat(13)));
    }
}

#[cfg(test)]
mod bounds {
    use super::parse_game_with_loader;
    use crate::limits::{MAX_SUM_COMPONENTS, SPEC_SCRIPT_BYTES};

    #[test]
    fn a_sum_has_a_bounded_number_of_components() {
        let within = vec!["nim[1]"; MAX_SUM_COMPONENTS as usize].join("+");
        assert!(super::parse_game(&within).is_ok());
        let beyond = format!("{within}+nim[2]");
        let error = super::parse_game(&beyond).unwrap_err();
        assert!(error.message.contains("at most 1024 components"), "{error}");
        assert_eq!(&beyond[error.span.clone()], "nim[2]");
    }

    #[test]
    fn repeated_scripts_are_bounded_by_their_bytes() {
        // One large script, repeated: each repetition is read and compiled again.
        let body = format!(
            "fn start(n) {{ n }} fn moves(n) {{ if n > 0 {{ [n - 1] }} else {{ [] }} }} // {}",
            "x".repeat(1 << 20)
        );
        let loader = |_: &str| Ok(body.clone());
        let spec = |count: usize| vec!["script:a[1]"; count].join(" + ");
        let fits = (SPEC_SCRIPT_BYTES as usize / body.len()).max(1);
        assert!(parse_game_with_loader(&spec(fits), &loader).is_ok());
        let error = parse_game_with_loader(&spec(fits + 1), &loader).unwrap_err();
        assert!(error.message.contains("beyond the"), "{error}");
    }
}
