//! The catalogue of judge formats: the presets of real problems, each with its statement's
//! layout and strings, the game it is about, and the bounds of its input.

use super::{Bounds, InputLayout, OutputFormat, Words};
use crate::games::game::{Game, SubtractionGame};
use crate::games::subtraction::{Family, SubtractionSet};

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
    /// HDU 2177 取(2堆)石子游戏: Wythoff pairs `a b` until `0 0`; `0`, or `1` and every winning
    /// move as the pair it leaves (`x y`, `x <= y`), the moves from both heaps first.
    Hdu2177,
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
    pub const ALL: [Self; 13] = [
        Self::Hdu1527,
        Self::Hdu1846,
        Self::Hdu1847,
        Self::Hdu1848,
        Self::Hdu1850,
        Self::Hdu1907,
        Self::Hdu2176,
        Self::Hdu2177,
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
            Self::Hdu2177 => "hdu-2177",
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
            Self::Hdu1527 => "取石子游戏",
            Self::Hdu2176 => "取(m堆)石子游戏",
            Self::Hdu2177 => "取(2堆)石子游戏",
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
            Self::Hdu1848 | Self::Hdu2177 => InputLayout::LinesUntilZeros,
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
            Self::Hdu1527 => OutputFormat::Words(Words::new("1", "0")),
            Self::Hdu1846 => OutputFormat::Words(Words::new("first", "second")),
            Self::Hdu1847 => OutputFormat::Words(Words::new("Kiki", "Cici")),
            Self::Hdu1848 => OutputFormat::Words(Words::new("Fibo", "Nacci")),
            Self::Hdu1850 => OutputFormat::Count,
            Self::Hdu1907 => OutputFormat::Words(Words::new("John", "Brother")),
            Self::Hdu2176 => OutputFormat::Moves(Words::new("Yes", "No")),
            Self::Hdu2177 => OutputFormat::Moves(Words::new("1", "0")),
            Self::Hdu2188 => OutputFormat::Words(Words::new("Grass", "Rabbit")),
            Self::Hdu1536 => OutputFormat::Words(Words::new("W", "L")),
            Self::Poj2234 | Self::LanqiaoAlgo529 => OutputFormat::Words(Words::new("Yes", "No")),
            Self::Lanqiao2016Qiuqiu => OutputFormat::Words(Words::symbols()),
        }
    }

    /// The preset written in the description language: its input, its game (unless the input
    /// carries it, when the game names the values read) and its words.
    pub fn description(self) -> &'static str {
        match self {
            Self::Hdu1527 => "loop { line x[]; case {x} }; game wythoff; say 1 0",
            Self::Hdu1846 => {
                "read T; repeat T { read n m; case {n} }; game bash:{m}; say first second"
            }
            Self::Hdu1847 => {
                "loop { line x[]; case {x} }; game subtraction:powers-of-2; say Kiki Cici"
            }
            Self::Hdu1848 => {
                "loop { line m n p; stop if m == 0 and n == 0 and p == 0; case {m} {n} {p} }; game subtraction:fibonacci; say Fibo Nacci"
            }
            Self::Hdu1850 => {
                "loop { read m; stop if m == 0; read h[m]; case {h} }; game nim; say count"
            }
            Self::Hdu1907 => {
                "read T; repeat T { read m h[m]; case {h} }; game misere:nim; say John Brother"
            }
            Self::Hdu2176 => {
                "loop { read m; stop if m == 0; read h[m]; case {h} }; game nim; say moves Yes No"
            }
            Self::Hdu2177 => {
                "loop { line a b; stop if a == 0 and b == 0; case {a} {b} }; game wythoff; say moves 1 0"
            }
            Self::Hdu2188 => {
                "read T; repeat T { read n m; case {n} }; game bash:{m}; say Grass Rabbit"
            }
            Self::Hdu1536 => {
                "loop { read k; stop if k == 0; read s[k] m; repeat m { read l h[l]; case {h} }; newline }; game subtraction:{s}; say W L join \"\""
            }
            Self::Poj2234 => {
                "loop { read m; stop if m == 0; read h[m]; case {h} }; game nim; say Yes No"
            }
            Self::Lanqiao2016Qiuqiu => {
                "read a b c; repeat 5 { read n; case {n} }; newline; game oddball:{a},{b},{c}; say + - tie 0"
            }
            Self::LanqiaoAlgo529 => {
                "loop { read m; stop if m == 0; read h[m]; case {h} }; game subtraction:fibonacci; say Yes No"
            }
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
            Self::Hdu1527 | Self::Hdu2177 => Some(Game::Wythoff),
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
            Self::Hdu2177 => bounds(0, 1_000_000, 2, 100),
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
