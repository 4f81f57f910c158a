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

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use num_bigint::BigUint;

use crate::games::game::{Game, SubtractionGame};
use crate::games::position::Position;
use crate::games::subtraction::{Family, FiniteSet, SubtractionSet};
use crate::input::error::InputError;
use crate::limits::{MAX_AMOUNT, MAX_POSITION_DIGITS};

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

/// A named real problem: its input layout, its output with the statement's exact strings, and
/// the game it is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// HDU 1527 取石子游戏: Wythoff pairs `a b`, one per line until the end; `1` if the first
    /// player wins, else `0`.
    Hdu1527,
    /// HDU 1846 Brave Game: `C` cases of `n m` (Bash game, take 1 to `m`); `first` / `second`.
    Hdu1846,
    /// HDU 1847 Good Luck in CET-4 Everybody!: one `n` per line; take a power of 2; `Kiki` (the
    /// first player) / `Cici`.
    Hdu1847,
    /// HDU 1848 Fibonacci again and again: three heaps `m n p` per line, take a Fibonacci number
    /// from one; `0 0 0` ends; `Fibo` (the first player) / `Nacci`.
    Hdu1848,
    /// HDU 1850 Being a Good Boy in Spring Festival: `M` then `M` Nim heaps, `M = 0` ends; the
    /// number of winning first moves.
    Hdu1850,
    /// HDU 1907 John: `T` cases of `N` then `N` heaps, misère Nim (who eats the last loses);
    /// `John` (the first player) / `Brother`.
    Hdu1907,
    /// HDU 2176 取(m堆)石子游戏: `m` then `m` Nim heaps, `m = 0` ends; `No`, or `Yes` and every
    /// winning move as `a b` (a heap of `a` left with `b`).
    Hdu2176,
    /// HDU 2188 选拔志愿者: `C` cases of `n m` (Bash game: reach `n` adding 1 to `m`); `Grass`
    /// (the first player) / `Rabbit`.
    Hdu2188,
    /// HDU 1536 S-Nim (also HDU 1944): S-Nim blocks; a string of `W` / `L` per block.
    Hdu1536,
    /// POJ 2234 Matches Game: `M` then `M` Nim heaps per line until the end; `Yes` / `No`.
    Poj2234,
    /// Lanqiao 2016 取球博弈: `n1 n2 n3` then the piles; `+ 0 -` per pile on one line.
    Lanqiao2016Qiuqiu,
    /// Lanqiao ALGO-529 DOTA: `n` then `n` tower strengths, each move takes a Fibonacci number
    /// (1, 2, 3, 5, 8, …) from one tower; `Yes` (the first player wins) / `No`.
    LanqiaoAlgo529,
}

impl Preset {
    /// Every preset, in the order the documentation lists them.
    pub const ALL: [Self; 12] = [
        Self::Hdu1527,
        Self::Hdu1846,
        Self::Hdu1847,
        Self::Hdu1848,
        Self::Hdu1850,
        Self::Hdu1907,
        Self::Hdu2176,
        Self::Hdu2188,
        Self::Hdu1536,
        Self::Poj2234,
        Self::Lanqiao2016Qiuqiu,
        Self::LanqiaoAlgo529,
    ];

    /// The preset's name, as `--io` takes it: `hdu-1527`, `lanqiao-2016-qiuqiu`, …
    ///
    /// # Example
    /// ```
    /// use grundy::input::judge_format::Preset;
    /// assert_eq!(Preset::Hdu1527.name(), "hdu-1527");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Self::Hdu1527 => "hdu-1527",
            Self::Hdu1846 => "hdu-1846",
            Self::Hdu1847 => "hdu-1847",
            Self::Hdu1848 => "hdu-1848",
            Self::Hdu1850 => "hdu-1850",
            Self::Hdu1907 => "hdu-1907",
            Self::Hdu2176 => "hdu-2176",
            Self::Hdu2188 => "hdu-2188",
            Self::Hdu1536 => "hdu-1536",
            Self::Poj2234 => "poj-2234",
            Self::Lanqiao2016Qiuqiu => "lanqiao-2016-qiuqiu",
            Self::LanqiaoAlgo529 => "lanqiao-algo-529",
        }
    }

    /// Other names of the same preset (`hdu-1944` is S-Nim again).
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Self::Hdu1536 => &["hdu-1944"],
            _ => &[],
        }
    }

    /// The problem's title as its statement gives it.
    pub fn title(self) -> &'static str {
        match self {
            Self::Hdu1527 | Self::Hdu2176 => match self {
                Self::Hdu1527 => "取石子游戏",
                _ => "取(m堆)石子游戏",
            },
            Self::Hdu1846 => "Brave Game",
            Self::Hdu1847 => "Good Luck in CET-4 Everybody!",
            Self::Hdu1848 => "Fibonacci again and again",
            Self::Hdu1850 => "Being a Good Boy in Spring Festival",
            Self::Hdu1907 => "John",
            Self::Hdu2188 => "悼念512汶川大地震遇难同胞——选拔志愿者",
            Self::Hdu1536 => "S-Nim",
            Self::Poj2234 => "Matches Game",
            Self::Lanqiao2016Qiuqiu => "取球博弈",
            Self::LanqiaoAlgo529 => "DOTA",
        }
    }

    /// The preset's input layout.
    pub fn input(self) -> InputLayout {
        match self {
            Self::Hdu1527 | Self::Hdu1847 => InputLayout::Lines,
            Self::Hdu1848 => InputLayout::LinesUntilZeros,
            Self::Hdu1846 | Self::Hdu2188 => InputLayout::CasesBash,
            Self::Hdu1850 | Self::Hdu2176 | Self::Poj2234 | Self::LanqiaoAlgo529 => {
                InputLayout::Heaps
            }
            Self::Hdu1907 => InputLayout::CasesHeaps,
            Self::Hdu1536 => InputLayout::SNim,
            Self::Lanqiao2016Qiuqiu => InputLayout::Oddball,
        }
    }

    /// The preset's output, with the statement's strings.
    pub fn output(self) -> OutputFormat {
        match self {
            Self::Hdu1527 => OutputFormat::Words(Words::ONE_ZERO),
            Self::Hdu1846 => OutputFormat::Words(Words::new("first", "second")),
            Self::Hdu1847 => OutputFormat::Words(Words::new("Kiki", "Cici")),
            Self::Hdu1848 => OutputFormat::Words(Words::new("Fibo", "Nacci")),
            Self::Hdu1850 => OutputFormat::Count,
            Self::Hdu1907 => OutputFormat::Words(Words::new("John", "Brother")),
            Self::Hdu2176 => OutputFormat::Moves(Words::YES_NO),
            Self::Hdu2188 => OutputFormat::Words(Words::new("Grass", "Rabbit")),
            Self::Hdu1536 => OutputFormat::Words(Words::WIN_LOSE),
            Self::Poj2234 | Self::LanqiaoAlgo529 => OutputFormat::Words(Words::YES_NO),
            Self::Lanqiao2016Qiuqiu => OutputFormat::Symbols,
        }
    }

    /// The game the problem is about, when the preset fixes it (`None` when the input carries
    /// it: see [`InputLayout::carried_game`]). For several heaps of a one-heap game this is the
    /// game of one heap; the heaps are played as a sum.
    ///
    /// # Example
    /// ```
    /// use grundy::input::judge_format::Preset;
    /// assert_eq!(Preset::Hdu1527.game().map(|g| g.to_string()), Some("wythoff".to_owned()));
    /// assert_eq!(Preset::Hdu1536.game(), None);
    /// ```
    pub fn game(self) -> Option<Game> {
        let family =
            |family| Game::Subtraction(SubtractionGame::new(SubtractionSet::Family(family)));
        match self {
            Self::Hdu1527 => Some(Game::Wythoff),
            Self::Hdu1847 => Some(family(Family::PowersOfTwo)),
            Self::Hdu1848 | Self::LanqiaoAlgo529 => Some(family(Family::Fibonacci)),
            Self::Hdu1850 | Self::Hdu2176 | Self::Poj2234 => Some(Game::Nim),
            Self::Hdu1907 => Some(Game::Misere(Box::new(Game::Nim))),
            Self::Hdu1846 | Self::Hdu2188 | Self::Hdu1536 | Self::Lanqiao2016Qiuqiu => None,
        }
    }

    /// The preset a contest problem stands for when it is named alone, as the game of a
    /// contest command without a format: `oddball` is the Lanqiao 2016 contest game (the
    /// command's form from before judge formats).
    ///
    /// # Example
    /// ```
    /// use grundy::input::judge_format::Preset;
    /// assert_eq!(Preset::of_problem_name("oddball"), Some(Preset::Lanqiao2016Qiuqiu));
    /// assert_eq!(Preset::of_problem_name("nim"), None);
    /// ```
    pub fn of_problem_name(name: &str) -> Option<Self> {
        (name == "oddball").then_some(Self::Lanqiao2016Qiuqiu)
    }

    /// The preset named `name` (or one of its aliases).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|preset| preset.name() == name || preset.aliases().contains(&name))
    }

    /// The bounds the problem's statement gives its input (test inputs stay within them).
    ///
    /// # Example
    /// ```
    /// use grundy::input::judge_format::Preset;
    /// assert_eq!(Preset::Hdu1527.bounds().largest, Some(1_000_000_000));
    /// ```
    pub fn bounds(self) -> Bounds {
        let bounds = |smallest, largest, most_heaps, most_cases| Bounds {
            smallest,
            largest: Some(largest),
            most_heaps,
            most_cases,
        };
        match self {
            Self::Hdu1527 => bounds(0, 1_000_000_000, 2, 100),
            Self::Hdu1846 | Self::Hdu1847 | Self::Hdu2188 => bounds(1, 1000, 1, 100),
            Self::Hdu1848 => bounds(1, 1000, 3, 100),
            Self::Hdu1850 => bounds(1, 999_999, 100, 20),
            Self::Hdu1907 => bounds(1, 4747, 47, 474),
            Self::Hdu2176 | Self::Poj2234 => bounds(1, 1_000_000, 20, 20),
            Self::Hdu1536 => bounds(0, 10_000, 100, 100),
            Self::Lanqiao2016Qiuqiu => bounds(1, 999, 1, 5),
            Self::LanqiaoAlgo529 => bounds(1, 1000, 100, 1),
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
            if zeros_end
                && matches!(&numbers, Numbers::Values(values) if values.iter().all(|v| *v == BigUint::ZERO))
            {
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
        if matches!(game.base(), Game::Script(_)) {
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
    /// A position written with slashes: `n/q`, `n/last`, `n/a/b`.
    Slashed,
    /// No position apart from the spec (sums).
    None,
}

fn shape(game: &Game) -> Shape {
    match game.base() {
        Game::Subtraction(_) | Game::Remainder(_) => Shape::OneHeap,
        Game::Nim | Game::Octal(_) => Shape::Heaps,
        Game::Wythoff => Shape::Pair,
        Game::FibonacciNim | Game::NoRepeat(_) | Game::Oddball(_) | Game::Script(_) => {
            Shape::Slashed
        }
        Game::Sum(_) | Game::Misere(_) => Shape::None,
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
