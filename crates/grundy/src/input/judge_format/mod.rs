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
mod reader;

pub use catalogue::Preset;
pub use reader::{
    Case, CasePosition, JudgeInputError, MAX_BASH_AMOUNTS, MAX_JUDGE_NUMBERS, read_judge,
};

use std::fmt;
use std::ops::Range;

use crate::input::error::InputError;

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

/// The two words of an answer that is one word per case: `win` when the player to move (the
/// first player) wins, `lose` when they lose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Words {
    /// Printed when the first player wins.
    pub win: &'static str,
    /// Printed when the first player loses.
    pub lose: &'static str,
}

impl Words {
    /// `Yes` / `No`.
    pub const YES_NO: Self = Self::new("Yes", "No");
    /// `First` / `Second`.
    pub const FIRST_SECOND: Self = Self::new("First", "Second");
    /// `W` / `L`.
    pub const WIN_LOSE: Self = Self::new("W", "L");
    /// `1` / `0`.
    pub const ONE_ZERO: Self = Self::new("1", "0");

    const fn new(win: &'static str, lose: &'static str) -> Self {
        Self { win, lose }
    }

    /// Whether both words are a single character (they are then written without separator in a
    /// block, as S-Nim's `LWW`).
    pub fn are_letters(&self) -> bool {
        self.win.chars().count() == 1 && self.lose.chars().count() == 1
    }
}

/// What a judge wants printed for each case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutputFormat {
    /// One word per case (`yes-no`, `first-second`, `win-lose`, `one-zero`, or a preset's own
    /// words such as `Kiki` / `Cici`). A tie or a draw has no word: answering refuses it.
    Words(Words),
    /// `symbols`: `+` the first player wins, `0` best play ties (or draws), `-` the first player
    /// loses.
    Symbols,
    /// `count`: the number of winning moves of the first player (0 when there is none), HDU 1850.
    Count,
    /// `moves`: the `lose` word alone when the first player loses; otherwise the `win` word, then
    /// one line `from to` per winning move (the heap's size before and after the move, heaps in
    /// input order), HDU 2176.
    Moves(Words),
}

impl OutputFormat {
    /// The generic outputs, with their names, in the order the documentation lists them.
    pub const GENERIC: [(&'static str, Self); 7] = [
        ("yes-no", Self::Words(Words::YES_NO)),
        ("first-second", Self::Words(Words::FIRST_SECOND)),
        ("win-lose", Self::Words(Words::WIN_LOSE)),
        ("one-zero", Self::Words(Words::ONE_ZERO)),
        ("symbols", Self::Symbols),
        ("count", Self::Count),
        ("moves", Self::Moves(Words::YES_NO)),
    ];

    /// The generic output named `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::GENERIC
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, output)| output)
    }

    /// The generic name of this output, when it is one of [`GENERIC`](Self::GENERIC) (a
    /// preset's own words have none).
    pub fn name(&self) -> Option<&'static str> {
        Self::GENERIC
            .iter()
            .find(|(_, output)| output == self)
            .map(|&(name, _)| name)
    }

    /// Whether answering needs every winning move (not only who wins).
    pub fn needs_moves(&self) -> bool {
        matches!(self, Self::Count | Self::Moves(_))
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Join {
    /// One line per case.
    Lines,
    /// One line per block (an S-Nim block, a Lanqiao input), the answers separated by
    /// `separator` (empty for S-Nim's `W`/`L` letters, a space for Lanqiao's symbols).
    Block {
        /// Between two answers of a block.
        separator: &'static str,
    },
}

/// A judge format: how the input is laid out, what is printed, and the preset it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JudgeFormat {
    /// How the input lays out its cases.
    pub input: InputLayout,
    /// What is printed for each case.
    pub output: OutputFormat,
    /// The named problem, when the format is one; it fixes the game ([`Preset::game`]).
    pub preset: Option<Preset>,
}

impl JudgeFormat {
    /// The format of `preset`.
    pub fn of_preset(preset: Preset) -> Self {
        Self {
            input: preset.input(),
            output: preset.output(),
            preset: Some(preset),
        }
    }

    /// Reads a format: a preset name (`hdu-1527`) or `INPUT/OUTPUT` (`lines/yes-no`).
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
    /// assert_eq!((format.input, format.output), (InputLayout::Heaps, OutputFormat::Count));
    /// assert_eq!(JudgeFormat::parse("hdu-1527")?.preset, Some(Preset::Hdu1527));
    /// assert_eq!(JudgeFormat::parse("lines/yess-no").unwrap_err().span, 6..13);
    /// # Ok(()) }
    /// ```
    pub fn parse(text: &str) -> Result<Self, InputError> {
        let trimmed = text.trim();
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
                    || "give a preset (e.g. hdu-1527) or INPUT/OUTPUT (e.g. lines/yes-no)".to_owned(),
                    |name| format!("did you mean {name}? A format is a preset or INPUT/OUTPUT, e.g. lines/yes-no"),
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
            let names: Vec<&str> = OutputFormat::GENERIC.iter().map(|(n, _)| *n).collect();
            format_error(
                text,
                at..at + output.len(),
                format!("unknown output '{output}'"),
                with_closest(output, &names, "outputs"),
            )
        })?;
        Ok(Self {
            input: layout,
            output: output_format,
            preset: None,
        })
    }

    /// The format's canonical name: the preset's, or `INPUT/OUTPUT`.
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
        match (self.preset, self.output.name()) {
            (Some(preset), _) => preset.name().to_owned(),
            (None, Some(output)) => format!("{}/{output}", self.input.name()),
            (None, None) => self.input.name().to_owned(),
        }
    }

    /// The bounds of the format's input: the preset's statement, or [`Bounds::GENERIC`].
    pub fn bounds(&self) -> Bounds {
        self.preset.map_or(Bounds::GENERIC, Preset::bounds)
    }

    /// How the answers of a block are joined: S-Nim's one-letter answers into one string per
    /// block, Lanqiao's symbols into one line separated by spaces, everything else one line per
    /// case. `count` and `moves` answers are always one case per line.
    pub fn join(&self) -> Join {
        match (self.input, self.output) {
            (_, OutputFormat::Count | OutputFormat::Moves(_)) => Join::Lines,
            (InputLayout::SNim, OutputFormat::Words(words)) if words.are_letters() => {
                Join::Block { separator: "" }
            }
            (InputLayout::SNim | InputLayout::Oddball, _) => Join::Block { separator: " " },
            _ => Join::Lines,
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
