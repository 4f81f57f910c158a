//! Judge formats: how a contest problem lays out its input and how it wants its answers, and the
//! reader that turns a judge's input text into typed [`Case`]s.
//!
//! A [`JudgeFormat`] is an [`InputLayout`] (how the positions are written), an [`OutputFormat`]
//! (what is printed for each case) and, for the named [`Preset`]s of real problems, the game the
//! problem is about. It is written either as a preset name (`hdu-1527`) or as `INPUT/OUTPUT`
//! (`lines/yes-no`, `heaps/count`); [`JudgeFormat::parse`] reads both. docs/judge-formats.md
//! describes every layout and output exactly.
//!
//! The same description is shared by three front ends: `contest` (answer a judge's input),
//! `verify --against` (write test inputs, compare a program's output with grundy's) and `codegen`
//! (write a program that reads and prints the format). Reading lives here; writing inputs and
//! answers is [`crate::render::judge`]; answering is `Analyzer::judge`.
//!
//! Some problems carry the game's parameters in the input (the Bash limit `m` of HDU 1846, the
//! set `S` of S-Nim, the amounts of the Lanqiao contest game): each [`Case`] then holds the game
//! it is played in, read from the input, never a string to be parsed again.
//!
//! This module holds the format's types and its parser; `catalogue` the presets of real problems
//! (their strings, games and bounds); `reader` the tokenizer and reader of a judge's input.

mod catalogue;
pub mod description;
mod reader;

pub use catalogue::Preset;
pub use description::Description;
pub use reader::{
    Case, CasePosition, JudgeInputError, MAX_INPUT_AMOUNTS, MAX_INPUT_GAMES, MAX_JUDGE_NUMBERS,
    read_judge,
};

use std::fmt;
use std::ops::Range;

use crate::input::error::InputError;
use crate::theory::solver::Value as Outcome;

/// How a judge's input lays out its cases. Numbers are separated by white space; in the
/// line-based layouts ([`Lines`](Self::Lines), [`LinesUntilZeros`](Self::LinesUntilZeros),
/// [`Cases`](Self::Cases)) a comma also separates and each case is one line; the others read a
/// stream of numbers and ignore line breaks. Blank lines are skipped everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputLayout {
    /// `lines`: one position per line until the end of the input: the position's numbers (a
    /// heap; Nim heaps; a Wythoff pair; several heaps of a one-heap game, played as a sum).
    Lines,
    /// `lines-zero`: as [`Lines`](Self::Lines), and a line of zeros only ends the input (HDU 1848
    /// ends with `0 0 0`); nothing may follow it.
    LinesUntilZeros,
    /// `cases`: a count `T`, then `T` positions, one per line.
    Cases,
    /// `heaps`: a heap count `m` then `m` heaps, repeated until the end of the input or a count
    /// of 0 (nothing may follow the 0). Each block is one position: Nim heaps, or several heaps
    /// of a one-heap game played as a sum.
    Heaps,
    /// `cases-heaps`: a count `T`, then `T` blocks of `m` and `m` heaps.
    CasesHeaps,
    /// `cases-bash`: a count `T`, then `T` pairs `n m`: a heap of `n` in the Bash game `bash:m`
    /// (take 1 to `m`). The game comes from the input.
    CasesBash,
    /// `snim`: S-Nim blocks (HDU 1536/1944): `k s1 .. sk` (the set `S`; `k = 0` ends the input),
    /// then `m`, then `m` positions `l h1 .. hl` (`l` heaps of the subtraction game on `S`,
    /// played as a sum). Repeated until the end of the input or `k = 0`. The game comes from the
    /// input.
    SNim,
    /// `oddball`: the contest game of Lanqiao 2016 (取球博弈): `n1 n2 n3` (the amounts a player
    /// may take), then the piles, each answered from an empty hand. The game comes from the input.
    Oddball,
}

impl InputLayout {
    /// Every layout, in the order the documentation lists them.
    pub const ALL: [Self; 8] = [
        Self::Lines,
        Self::LinesUntilZeros,
        Self::Cases,
        Self::Heaps,
        Self::CasesHeaps,
        Self::CasesBash,
        Self::SNim,
        Self::Oddball,
    ];

    /// The layout's name in an `INPUT/OUTPUT` format: `lines`, `cases-heaps`, …
    ///
    /// # Example
    /// ```
    /// use grundy::input::judge_format::InputLayout;
    /// assert_eq!(InputLayout::CasesHeaps.name(), "cases-heaps");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Self::Lines => "lines",
            Self::LinesUntilZeros => "lines-zero",
            Self::Cases => "cases",
            Self::Heaps => "heaps",
            Self::CasesHeaps => "cases-heaps",
            Self::CasesBash => "cases-bash",
            Self::SNim => "snim",
            Self::Oddball => "oddball",
        }
    }

    /// The layout named `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|layout| layout.name() == name)
    }

    /// The layout's statements in the description language (with the game of the layouts
    /// that carry one).
    ///
    /// # Example
    /// ```
    /// use grundy::input::judge_format::InputLayout;
    /// assert_eq!(InputLayout::Heaps.statements(), "loop { read m; stop if m == 0; read h[m]; case {h} }");
    /// ```
    pub fn statements(self) -> &'static str {
        match self {
            Self::Lines => "loop { line x[]; case {x} }",
            Self::LinesUntilZeros => "loop { line x[]; stop if x == 0; case {x} }",
            Self::Cases => "line T; repeat T { line x[]; case {x} }",
            Self::Heaps => "loop { read m; stop if m == 0; read h[m]; case {h} }",
            Self::CasesHeaps => "read T; repeat T { read m h[m]; case {h} }",
            Self::CasesBash => "read T; repeat T { read n m; case {n} }; game bash:{m}",
            Self::SNim => {
                "loop { read k; stop if k == 0; read s[k] m; repeat m { read l h[l]; case {h} }; newline }; game subtraction:{s}"
            }
            Self::Oddball => {
                "read a b c; loop { read n; case {n} }; newline; game oddball:{a},{b},{c}"
            }
        }
    }

    /// The layout as a description printing `output`: answers of a block share a line (an
    /// S-Nim block, the Lanqiao input) unless `output` counts or lists moves; one-letter words
    /// are joined without a separator.
    pub fn description(self, output: OutputFormat) -> Description {
        let mut description = Description::parse(&format!("{}; say Yes No", self.statements()))
            .unwrap_or_else(|error| {
                panic!("the layout {} is not a description: {error}", self.name())
            });
        if output.needs_moves() {
            description::remove_newlines(&mut description.statements);
        }
        description.separator = match &output {
            OutputFormat::Words(words) if self == Self::SNim && words.are_letters() => {
                String::new()
            }
            _ => " ".to_owned(),
        };
        description.output = output;
        description
    }

    /// Which game the input carries, for the layouts whose cases hold a game read from the input;
    /// `None` when the game is given apart (by a preset or the user).
    ///
    /// # Example
    /// ```
    /// use grundy::input::judge_format::{CarriedGame, InputLayout};
    /// assert_eq!(InputLayout::SNim.carried_game(), Some(CarriedGame::SubtractionSet));
    /// assert_eq!(InputLayout::Lines.carried_game(), None);
    /// ```
    pub fn carried_game(self) -> Option<CarriedGame> {
        match self {
            Self::CasesBash => Some(CarriedGame::Bash),
            Self::SNim => Some(CarriedGame::SubtractionSet),
            Self::Oddball => Some(CarriedGame::Oddball),
            _ => None,
        }
    }

    /// Whether the layout's cases are lists of independent heaps (`heaps`, `cases-heaps`,
    /// `snim`), so that its game must have heap positions.
    pub fn reads_heap_lists(self) -> bool {
        matches!(self, Self::Heaps | Self::CasesHeaps | Self::SNim)
    }
}

/// The game family a layout reads from its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CarriedGame {
    /// The Bash game `bash:m`, `m` read with each case.
    Bash,
    /// The subtraction game on a finite set read at the head of each block (S-Nim).
    SubtractionSet,
    /// The contest game `oddball:n1,n2,n3`, the amounts read first.
    Oddball,
}

/// The words of an answer that is one word per case: `win` when the player to move (the first
/// player) wins, `lose` when they lose, and, when the problem has them, the words of a tie and
/// of a draw (a draw takes the tie's word when it has none of its own).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Words {
    /// Printed when the first player wins.
    pub win: String,
    /// Printed when the first player loses.
    pub lose: String,
    /// Printed when best play ties (and for a draw without a word of its own).
    pub tie: Option<String>,
    /// Printed when best play never ends.
    pub draw: Option<String>,
}

impl Words {
    /// The words of a win and a loss, with no word for a tie or a draw.
    ///
    /// # Example
    /// ```
    /// use grundy::input::judge_format::Words;
    /// use grundy::Outcome;
    /// let words = Words::new("Alice", "Bob");
    /// assert_eq!(words.of(Outcome::Lose), Some("Bob"));
    /// assert_eq!(words.of(Outcome::Tie), None);
    /// ```
    pub fn new(win: impl Into<String>, lose: impl Into<String>) -> Self {
        Self {
            win: win.into(),
            lose: lose.into(),
            tie: None,
            draw: None,
        }
    }

    /// `+`, `-`, and `0` for a tie or a draw.
    pub fn symbols() -> Self {
        Self {
            tie: Some("0".to_owned()),
            ..Self::new("+", "-")
        }
    }

    /// The word printed for `outcome`, when there is one.
    pub fn of(&self, outcome: Outcome) -> Option<&str> {
        match outcome {
            Outcome::Win => Some(&self.win),
            Outcome::Lose => Some(&self.lose),
            Outcome::Tie => self.tie.as_deref(),
            Outcome::Draw => self.draw.as_deref().or(self.tie.as_deref()),
        }
    }

    /// Whether the words of a win and a loss are single characters (written without separator
    /// in a block, as S-Nim's `LWW`).
    pub fn are_letters(&self) -> bool {
        self.win.chars().count() == 1 && self.lose.chars().count() == 1
    }
}

/// What a judge wants printed for each case.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OutputFormat {
    /// One word per case: the problem's words for a win, a loss and, where it has them, a tie
    /// and a draw (`yes-no`, `symbols`, or a description's `say Alice Bob`).
    Words(Words),
    /// `count`: the number of winning moves of the first player (0 when there is none), HDU 1850.
    Count,
    /// `moves`: the `lose` word alone when the first player loses; otherwise the `win` word, then
    /// one line `from to` per winning move (the heap's size before and after the move, heaps in
    /// input order), HDU 2176.
    Moves(Words),
}

impl OutputFormat {
    /// The generic outputs, with their names, in the order the documentation lists them.
    pub fn generic() -> [(&'static str, Self); 7] {
        [
            ("yes-no", Self::Words(Words::new("Yes", "No"))),
            ("first-second", Self::Words(Words::new("First", "Second"))),
            ("win-lose", Self::Words(Words::new("W", "L"))),
            ("one-zero", Self::Words(Words::new("1", "0"))),
            ("symbols", Self::Words(Words::symbols())),
            ("count", Self::Count),
            ("moves", Self::Moves(Words::new("Yes", "No"))),
        ]
    }

    /// The generic output named `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::generic()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, output)| output)
    }

    /// The generic name of this output, when it is one of [`generic`](Self::generic) (a
    /// problem's own words have none).
    pub fn name(&self) -> Option<&'static str> {
        Self::generic()
            .into_iter()
            .find(|(_, output)| output == self)
            .map(|(name, _)| name)
    }

    /// Whether answering needs every winning move (not only who wins).
    pub fn needs_moves(&self) -> bool {
        matches!(self, Self::Count | Self::Moves(_))
    }

    /// The words of a win and a loss, for the outputs that print them.
    pub fn words(&self) -> Option<&Words> {
        match self {
            Self::Words(words) | Self::Moves(words) => Some(words),
            Self::Count => None,
        }
    }
}

/// The bounds of a judge's input: test inputs written for a format stay within them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// The least heap (or pile, or `n`).
    pub smallest: u64,
    /// The largest heap, when the statement bounds it (`None`: any size grundy can answer).
    pub largest: Option<u64>,
    /// The most heaps in one case.
    pub most_heaps: usize,
    /// The most cases in one input (for S-Nim, positions in one block; for Lanqiao, piles).
    pub most_cases: usize,
}

impl Bounds {
    /// The bounds of a generic format: heaps of any size, up to 8 heaps, 20 cases.
    pub const GENERIC: Self = Self {
        smallest: 0,
        largest: None,
        most_heaps: 8,
        most_cases: 20,
    };
}

/// How the answers of one block of cases are joined.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Join {
    /// One line per case.
    Lines,
    /// One line per block (an S-Nim block, a Lanqiao input; a description's `newline` ends
    /// one), the answers separated by `separator` (empty for S-Nim's `W`/`L` letters, a space
    /// for Lanqiao's symbols).
    Block {
        /// Between two answers of a block.
        separator: String,
    },
}

/// A judge format: its description (how the input is read, the game of each case, what is
/// printed) and the name it was given.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JudgeFormat {
    /// What the format reads and prints.
    pub description: Description,
    /// The named problem, when the format is one.
    pub preset: Option<Preset>,
    /// The generic layout it was named by (`lines` in `lines/yes-no`), when it was.
    pub shorthand: Option<InputLayout>,
}

impl JudgeFormat {
    /// The format of `preset`.
    ///
    /// # Example
    /// ```
    /// use grundy::input::judge_format::{JudgeFormat, Preset};
    /// let format = JudgeFormat::of_preset(Preset::Hdu1846);
    /// assert_eq!(format.description.to_string(), "read T; repeat T { read n m; case {n} }; game bash:{m}; say first second");
    /// ```
    pub fn of_preset(preset: Preset) -> Self {
        let description = Description::parse(preset.description()).unwrap_or_else(|error| {
            panic!("the preset {} is not a description: {error}", preset.name())
        });
        Self {
            description,
            preset: Some(preset),
            shorthand: None,
        }
    }

    /// The generic format `layout` / `output`.
    pub fn of_layout(layout: InputLayout, output: OutputFormat) -> Self {
        Self {
            description: layout.description(output),
            preset: None,
            shorthand: Some(layout),
        }
    }

    /// Reads a format: a preset name (`hdu-1527`), `INPUT/OUTPUT` (`lines/yes-no`), or a
    /// description (`read T; repeat T { read n; case {n} }; say Alice Bob`) — text with a space
    /// in it is a description.
    ///
    /// # Complexity
    /// `O(L)` for `L` bytes of text (plus the suggestion's edit distances on failure).
    ///
    /// # Errors
    /// An [`InputError`] pointing at the unknown part, with the closest name as a hint.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::input::judge_format::{InputLayout, JudgeFormat, OutputFormat, Preset};
    /// let format = JudgeFormat::parse("heaps/count")?;
    /// assert_eq!((format.layout(), format.output()), (Some(InputLayout::Heaps), &OutputFormat::Count));
    /// assert_eq!(JudgeFormat::parse("hdu-1527")?.preset, Some(Preset::Hdu1527));
    /// assert_eq!(JudgeFormat::parse("lines/yess-no").unwrap_err().span, 6..13);
    /// let format = JudgeFormat::parse("loop { read n; case {n} }; say Alice Bob")?;
    /// assert_eq!(format.layout(), None);
    /// # Ok(()) }
    /// ```
    pub fn parse(text: &str) -> Result<Self, InputError> {
        let trimmed = text.trim();
        if trimmed.contains(char::is_whitespace) {
            return Ok(Self {
                description: Description::parse(text)?,
                preset: None,
                shorthand: None,
            });
        }
        let offset = text.find(trimmed).unwrap_or(0);
        if let Some(preset) = Preset::from_name(trimmed) {
            return Ok(Self::of_preset(preset));
        }
        let Some((input, output)) = trimmed.split_once('/') else {
            let names: Vec<&str> = Preset::ALL
                .iter()
                .flat_map(|p| std::iter::once(p.name()).chain(p.aliases().iter().copied()))
                .collect();
            return Err(format_error(
                text,
                offset..offset + trimmed.len(),
                format!("unknown judge format '{trimmed}'"),
                closest(trimmed, &names).map_or_else(
                    || "give a preset (e.g. hdu-1527), INPUT/OUTPUT (e.g. lines/yes-no) or a description (e.g. 'loop { read n; case {n} }; say Yes No')".to_owned(),
                    |name| format!("did you mean {name}? A format is a preset, INPUT/OUTPUT (e.g. lines/yes-no) or a description"),
                ),
            ));
        };
        let layout = InputLayout::from_name(input).ok_or_else(|| {
            let names: Vec<&str> = InputLayout::ALL.iter().map(|l| l.name()).collect();
            format_error(
                text,
                offset..offset + input.len(),
                format!("unknown input layout '{input}'"),
                with_closest(input, &names, "input layouts"),
            )
        })?;
        let at = offset + input.len() + 1;
        let output_format = OutputFormat::from_name(output).ok_or_else(|| {
            let names: Vec<&str> = OutputFormat::generic().iter().map(|(n, _)| *n).collect();
            format_error(
                text,
                at..at + output.len(),
                format!("unknown output '{output}'"),
                with_closest(output, &names, "outputs"),
            )
        })?;
        Ok(Self::of_layout(layout, output_format))
    }

    /// The format's canonical name: the preset's, `INPUT/OUTPUT`, or the description in one
    /// line.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::input::judge_format::JudgeFormat;
    /// assert_eq!(JudgeFormat::parse("hdu-1944")?.name(), "hdu-1536");
    /// assert_eq!(JudgeFormat::parse("snim/win-lose")?.name(), "snim/win-lose");
    /// # Ok(()) }
    /// ```
    pub fn name(&self) -> String {
        match (self.preset, self.shorthand, self.output().name()) {
            (Some(preset), _, _) => preset.name().to_owned(),
            (None, Some(layout), Some(output)) => format!("{}/{output}", layout.name()),
            _ => self.description.to_string(),
        }
    }

    /// What is printed for each case.
    pub fn output(&self) -> &OutputFormat {
        &self.description.output
    }

    /// The generic layout the format's input is, when it is one (a preset's, a shorthand's, or
    /// a description that reads as one does).
    pub fn layout(&self) -> Option<InputLayout> {
        if let Some(preset) = self.preset {
            return Some(preset.input());
        }
        if self.shorthand.is_some() {
            return self.shorthand;
        }
        InputLayout::ALL.into_iter().find(|layout| {
            let canonical = layout.description(self.output().clone());
            canonical.statements == self.description.statements
                && canonical.game == self.description.game
        })
    }

    /// The bounds of the format's input: the preset's statement, or [`Bounds::GENERIC`].
    pub fn bounds(&self) -> Bounds {
        self.preset.map_or(Bounds::GENERIC, Preset::bounds)
    }

    /// How the answers of a block are joined: on one line separated by the description's
    /// separator where its `newline` statements end the lines (S-Nim's one-letter answers
    /// into one string per block, Lanqiao's symbols into one line separated by spaces), else
    /// one line per case.
    pub fn join(&self) -> Join {
        if self.description.joins() {
            Join::Block {
                separator: self.description.separator.clone(),
            }
        } else {
            Join::Lines
        }
    }
}

impl fmt::Display for JudgeFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

fn format_error(text: &str, span: Range<usize>, message: String, hint: String) -> InputError {
    InputError::new("judge format", text, span, message, Some(hint))
}

fn closest<'n>(word: &str, names: &[&'n str]) -> Option<&'n str> {
    // A name the word begins (`yes` for `yes-no`) before the nearest by edit distance.
    if let Some(name) = names
        .iter()
        .find(|name| !word.is_empty() && name.starts_with(word))
    {
        return Some(name);
    }
    names
        .iter()
        .map(|name| (strsim::levenshtein(word, name), *name))
        .filter(|&(distance, _)| distance <= 3)
        .min()
        .map(|(_, name)| name)
}

fn with_closest(word: &str, names: &[&str], what: &str) -> String {
    let list = names.join(", ");
    match closest(word, names) {
        Some(name) => format!("did you mean {name}? The {what} are {list}"),
        None => format!("the {what} are {list}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_and_layout_has_a_unique_name() {
        let mut names: Vec<String> = Preset::ALL.iter().map(|p| p.name().to_owned()).collect();
        names.extend(InputLayout::ALL.iter().map(|l| l.name().to_owned()));
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count);
        for preset in Preset::ALL {
            assert_eq!(
                JudgeFormat::parse(preset.name()).unwrap().preset,
                Some(preset)
            );
            // A preset fixes its game unless the input carries it.
            assert_eq!(
                preset.game().is_none(),
                preset.input().carried_game().is_some()
            );
        }
    }
}
