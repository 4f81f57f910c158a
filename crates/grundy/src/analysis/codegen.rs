//! The plan of a generated contest solution: what the program computes for one position, taken
//! from the library's typed answers (a certified period, a closed form, a family's theorem, a
//! bounded DP, or a table of the values grundy computed up to a bound).
//!
//! A [`Program`] is data — the render layer (`render::codegen`) turns it into C++, Python, Java or
//! Rust. Every plan is exact: a period table only from a certificate that passed `verify`, a
//! closed form only where a theorem gives one (Bouton, Wythoff, Zeckendorf), a DP only up to a
//! bound the program checks at run time.

use super::pattern::{OutcomeRule, PatternPlan, RuleStatus, ValueRule};
use super::{Analyzer, Error};
use crate::games::game::{Component, Game};
use crate::games::play::Play;
use crate::games::ruleset::Ruleset;
use crate::games::subtraction::{Family, FiniteSet};
use crate::input::judge_format::description::{Length, Statement, Template};
use crate::input::judge_format::{Description, JudgeFormat, OutputFormat, Preset};
use crate::input::spec::parse_game;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

mod reading;

use crate::theory::pattern::Sequence;
use crate::theory::period::{Certificate, Search};
pub use reading::{Argument, Carried, PositionForm, Unreadable};

/// A contest solution's plan: the judge format it reads and prints, the game, and what decides a
/// position of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The judge format the program reads and prints: its description's statements become the
    /// program's reader.
    pub format: JudgeFormat,
    /// The game, as the spec names it; `None` when the input carries it (the Bash limit of each
    /// case, the set of each S-Nim block, the contest game's amounts).
    pub game: Option<Game>,
    /// The game the input carries, built at each case from the values read; `None` when one
    /// game answers every case.
    pub carried: Option<Carried>,
    /// What decides a position.
    pub decider: Decider,
    /// How the cases' positions are written: the list of numbers the reader builds for each.
    pub position: PositionForm,
}

/// What a generated program computes to decide a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decider {
    /// Normal play of a one-heap game (or Nim): each heap's Grundy value by the kernel; a position
    /// of several heaps is their sum, and the player to move loses exactly when the xor is 0.
    Grundy(Kernel),
    /// A sum of different games, one heap each: component `i` is valued by `kernels[i]`, and the
    /// player to move loses exactly when the xor of the values is 0.
    Sum(Vec<Kernel>),
    /// Misère play of one heap: the kernel gives misère Grundy values (a terminal heap is worth
    /// 1), and the player to move loses exactly when the value is 0. Misère values do not add up
    /// by xor, so a position is one heap.
    MisereHeap(Kernel),
    /// Misère Nim (Bouton): the player to move loses when every heap is at most 1 and an odd
    /// number hold 1, or some heap holds 2 or more and the xor is 0.
    MisereNim,
    /// Staircase Nim: a position lists the coins on steps 1, 2, …, and the player to move loses
    /// exactly when the xor of the odd steps is 0.
    Staircase,
    /// Moore's `Nim_k`: the player to move loses exactly when every binary place holds a number
    /// of ones that is a multiple of `modulus` (`k + 1`).
    Moore {
        /// `k + 1`.
        modulus: u64,
    },
    /// Wythoff's game: `(a, b)` with `a ≤ b` is a P-position exactly when `a = ⌊kφ⌋` for
    /// `k = b − a`, computed as `⌊(k + ⌊√(5k²)⌋) / 2⌋` with an integer square root.
    Wythoff,
    /// Fibonacci Nim: the player to move wins exactly when the smallest term of the heap's
    /// Zeckendorf representation is at most the quota (for a fresh heap of `n`, `n − 1`).
    FibonacciNim,
    /// Dynamic subtraction with the move bound `f(x) = slope · x + offset`, non-decreasing with
    /// `f(x) ≥ x`: the player to move at a heap (and its quota; a fresh heap `n` has `n − 1`)
    /// wins exactly when the smallest term of the heap's greedy representation in the
    /// P-sequence is at most the quota (docs/theory.md §15). A coefficient `None` is read from
    /// the input at each case.
    Dynamic {
        /// The coefficient of `x`, or `None` when the input gives it.
        slope: Option<i64>,
        /// The constant, or `None` when the input gives it.
        offset: Option<i64>,
        /// Whether the constant is the first number read, as `dynamic:{c}+{k}x` writes it
        /// (else the slope is, where both are read).
        offset_first: bool,
    },
    /// The contest game: a DP over (balls left, parity of the mover's balls, parity of the
    /// opponent's), win, tie or lose for the player to move.
    Oddball(OddballPlan),
    /// A rule of outcomes found in the game's table ([`Analyzer::pattern`]): a position — one
    /// number, or two — is decided by the rule alone. Certified or observed, as its status says.
    Rule(RulePlan<OutcomeRule>),
    /// Tokens on a directed graph: each node's value is the mex of its successors', children
    /// first, and where the graph has cycles Smith's values (a node may be infinite, `∞(K)`);
    /// finite tokens add up by xor, one infinite token wins exactly when the others' xor is in
    /// its `K`, and two or more are a draw.
    Tokens {
        /// The graph's edges; `None` when the input carries the graph (`game digraph:{u}>{v}`).
        edges: Option<Vec<(u64, u64)>>,
    },
    /// Green Hackenbush: a picture of edges (or a tree as a parent array), valued by the fusion
    /// principle (the edges on cycles, found by one depth-first search for bridges, become
    /// loops worth 1) and the colon principle (a branch hanging by a bridge is worth one more
    /// than the value at its top); the player to move loses exactly when the value is 0.
    Hackenbush,
}

/// Whether a generated program may rest on a rule found in the game's table
/// ([`Analyzer::pattern`]) where grundy has no proved program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum RuleUse {
    /// Never: only periods, closed forms and bounded DPs.
    #[default]
    Never,
    /// A rule a theorem certifies.
    Certified,
    /// Any rule found, certified or observed (the program's header says which, and on how many
    /// positions it was checked).
    Observed,
}

/// A rule a program rests on, with its evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulePlan<R> {
    /// The rule.
    pub rule: R,
    /// Certified, or observed.
    pub status: RuleStatus,
    /// It was looked for on positions up to this (each coordinate).
    pub found_to: u64,
    /// And checked on every position up to this.
    pub checked_to: u64,
    /// How many positions that is.
    pub positions: u64,
    /// How many positions its parameters were read from.
    pub fitted: u64,
    /// Whether positions are two numbers `(a, b)` rather than one.
    pub pairs: bool,
}

/// How a generated program computes the Grundy value of one heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// A Nim heap: `G(n) = n`.
    NimHeap,
    /// A certified period: `G(n)` from the stored preperiod and one period, `n mod p`, plus the
    /// saltus once per period for an arithmetic period.
    Period(Certificate),
    /// No period is proved: memoised mex of the options, valid for heaps up to `bound`; the
    /// program refuses larger heaps.
    Dp(Dp),
    /// The Bash game `bash:m` with `m` read from each case: `G(n) = n mod (m + 1)` by the
    /// residue theorem (the set holds `1..m` and no multiple of `m + 1`).
    CarriedBash,
    /// The subtraction game on the finite set read at the head of each S-Nim block: no period
    /// can be proved before the set is known, so memoised mex up to `bound`.
    CarriedSet {
        /// The largest heap the program answers.
        bound: u64,
    },
    /// A rule of the values found in the game's table ([`Analyzer::pattern`]).
    Rule(RulePlan<Sequence>),
    /// No period is proved, and the program cannot compute the values itself (a take-and-break
    /// code, an all-but set, the rest rule): the values grundy computed for heaps up to a bound,
    /// written into the program, which refuses larger heaps.
    Table(HeapTable),
}

/// The values of the first heaps of a game without a certified period, as grundy computed them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapTable {
    /// `G(0), G(1), …, G(N)`: the program answers heaps up to `N` and refuses larger ones.
    pub values: Vec<u32>,
    /// What the period search found (`Search::Observed` or `Search::NotFound`): why a table;
    /// `None` for a script, whose rules no period search can prove anything of.
    pub search: Option<Search>,
    /// Whether a case is one number (a script's argument, `start(n)`) rather than heaps side
    /// by side: a program then refuses a case of several numbers, as grundy reads them as one
    /// argument.
    pub single: bool,
}

/// The most heaps a generated program's table of values holds.
pub const TABLE_HEAPS: u64 = 10_000;

/// The most bytes a generated program's table of values takes, its numbers written with a
/// separator: the program stays well within a judge's usual source limit of 64 KB.
pub const TABLE_BYTES: usize = 40_000;

/// A bounded DP of a subtraction game's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dp {
    /// The amounts a move may take.
    pub amounts: Amounts,
    /// The largest heap the program answers.
    pub bound: u64,
    /// What the period search found (`Search::Observed` or `Search::NotFound`): why a DP.
    pub search: Search,
}

/// The amounts of a DP's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Amounts {
    /// A finite set.
    Finite(Vec<u64>),
    /// An infinite family, generated by the program up to the heap it needs.
    Family(Family),
}

/// The contest game's DP.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddballPlan {
    /// The amounts a player may take; `None` when the input gives them first (`n1 n2 n3`).
    pub set: Option<FiniteSet>,
    /// The largest pile the program answers (the DP holds 4 states per pile size).
    pub bound: u64,
}

/// The largest pile a generated contest-game DP answers: 4 states of one byte each per pile size
/// keep it near 40 MB.
pub const ODDBALL_BOUND: u64 = 10_000_000;

/// Why no program can be generated for a game in a format.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoProgram {
    /// The format fixes no game and the input carries none: the game must be given.
    NeedsGame,
    /// The format's input cannot be read by a generated program's reader.
    Unreadable(Unreadable),
    /// The format's input carries its own game (`cases-bash`, `snim`, `oddball`), and a
    /// different game was given.
    GameInInput {
        /// The game the input carries, as the format writes it.
        carried: String,
    },
    /// The format's output lists or counts winning moves, and the program writes them for heaps
    /// of Nim and of finite subtraction games (and lists Wythoff's as the pairs they leave).
    Moves,
    /// The format's input is lists of heaps, and the game's positions are not.
    HeapLists,
    /// A scripted game whose table of values a program cannot hold: its positions are not one
    /// number, or its values are not found within the limits (ties, draws).
    Script,
    /// A no-repeat game: its positions hold the last move, which a sum shares across heaps.
    NoRepeat,
    /// A game answered only by searching its options: no proved pattern, closed form or
    /// program of its family that a generated program could carry.
    Searched,
    /// An Every-SG compound: its components' steps come from searching each one, which no
    /// generated program repeats.
    Every,
    /// A game of a family valued by its own theorem: its program carries the rule of the
    /// table the theorem states, and the theorem states none for this game (or its table has
    /// no numbered positions).
    Theorem,
    /// The format is a preset, or a description naming its game, of a problem about another
    /// game.
    OtherGame {
        /// The format's game.
        fixed: String,
    },
    /// A misère game other than a one-heap subtraction game or Nim: no closed form is known to
    /// grundy, and misère values do not combine by xor.
    Misere,
    /// A component of a sum without a Grundy value kernel (Wythoff, Fibonacci Nim, the contest
    /// game, misère games, sums).
    Component {
        /// The component's game.
        game: String,
    },
    /// No proved program, and no rule the program may rest on in the game's table: none was
    /// found (`observed` false), or only observed ones where certified ones were asked for.
    NoRule {
        /// Why grundy has no proved program.
        without: Box<NoProgram>,
        /// Whether rules were found that are observed, not proved.
        observed: bool,
        /// Whether the rule needed is of the values (heaps side by side) rather than outcomes.
        values: bool,
        /// Whether every position of the table has one outcome: nothing a rule could decide, or
        /// a numbering that misses the game's positions (a script whose positions are strings).
        constant: bool,
    },
}

impl std::fmt::Display for NoProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NeedsGame => f.write_str("the format fixes no game: give the game"),
            Self::Unreadable(why) => write!(f, "{why}"),
            Self::Every => f.write_str(
                "an Every-SG compound's steps come from searching each component, which a generated program does not repeat",
            ),
            Self::GameInInput { carried } => write!(
                f,
                "the format's input carries its own game ({carried}), so no other game applies"
            ),
            Self::Moves => f.write_str(
                "generated programs count and list winning moves for heaps of Nim and of finite subtraction games, and list those of Wythoff's game as the pairs they leave; not this game's or this output's",
            ),
            Self::HeapLists => f.write_str(
                "the format's input is lists of heaps, and this game's positions are not heaps whose values add up by xor",
            ),
            Self::Script => f.write_str(
                "a script's rules are opaque (and may loop): a program can hold a table of the values of start(0), start(1), … only for a script whose positions are one number, valued within the limits without ties or draws, and this one's are not",
            ),
            Self::NoRepeat => f.write_str(
                "a no-repeat game's position holds the last move, and generated programs cover games whose heaps are independent",
            ),
            Self::Searched => f.write_str(
                "grundy answers this game by searching its options, and knows no proved pattern or closed form of it that a program could carry",
            ),
            Self::Theorem => f.write_str(
                "grundy values this game by its family's theorem, and generated programs carry the rule of its table the theorem states; it states none that this format's positions are read by",
            ),
            Self::OtherGame { fixed } => write!(
                f,
                "the format is a problem about {fixed}, and a program for another game would answer a different question"
            ),
            Self::Misere => f.write_str(
                "under misère play grundy generates programs for one-heap subtraction games and Nim only: misère values do not combine by xor",
            ),
            Self::Component { game } => write!(
                f,
                "the sum's component {game} has no Grundy value kernel (a program adds up subtraction games and Nim heaps)"
            ),
            Self::NoRule { without, constant: true, .. } => write!(
                f,
                "{without}; and every position of its table has one outcome, so a rule from it would decide nothing (or its numbering does not reach the game's positions, as start(n) of a script whose positions are strings)"
            ),
            Self::NoRule {
                without,
                observed,
                values,
                ..
            } => {
                let what = if *values {
                    "of its Grundy values (heaps side by side add up by them)"
                } else {
                    "of its outcomes"
                };
                if *observed {
                    write!(
                        f,
                        "{without}; the rules {what} found in its table are observed, not proved, and only certified rules were allowed"
                    )
                } else {
                    write!(f, "{without}; and no rule {what} was found in its table")
                }
            }
        }
    }
}

/// Why [`Analyzer::program`] gives no program.
#[derive(Debug, thiserror::Error)]
pub enum CodegenError {
    /// The analysis behind the program failed (a limit, an interruption, an internal error).
    #[error(transparent)]
    Analysis(#[from] Error),
    /// No exact program exists for this game in grundy.
    #[error("no program can be generated for {game}: {why}")]
    NoProgram {
        /// The game.
        game: String,
        /// Why.
        why: NoProgram,
    },
}

impl Analyzer<'_> {
    /// The plan of a contest solution for `game` in `format`: a certified period's table, a
    /// closed form, or a DP up to a bound when no period is proved. `game` is the user's; the
    /// format's preset gives one when it is `None`, and a format whose input carries its game
    /// (the Bash limit of each case, the S-Nim set, the contest game's amounts) takes none.
    ///
    /// # Complexity
    /// That of [`period`](Self::period) for one-heap games (once per component of a sum);
    /// `O(1)` for Nim, Wythoff, Fibonacci Nim, the contest game and games the input carries.
    ///
    /// # Errors
    /// [`CodegenError::NoProgram`] for games without an exact program (scripts, no-repeat games,
    /// misère games other than one-heap subtraction games and Nim, sums with such a component), for a game the format cannot
    /// read or answer (winning moves beyond heaps of Nim and finite subtraction games, lists of
    /// heaps of a game whose positions are not heaps), and without a game where the format
    /// needs one; [`CodegenError::Analysis`] when the period search fails.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::analysis::codegen::{Decider, Kernel};
    /// use grundy::input::judge_format::JudgeFormat;
    /// use grundy::{Analyzer, Config, parse_game};
    /// let analyzer = Analyzer::new(Config::default());
    /// let format = JudgeFormat::parse("lines/yes-no")?;
    /// let program = analyzer.program(Some(&parse_game("subtraction:1,3,4")?), &format)?;
    /// let Decider::Grundy(Kernel::Period(certificate)) = &program.decider else {
    ///     panic!("a certified period");
    /// };
    /// assert_eq!(certificate.periodicity().period(), 7);
    /// # Ok(()) }
    /// ```
    pub fn program(
        &self,
        game: Option<&Game>,
        format: &JudgeFormat,
    ) -> Result<Program, CodegenError> {
        self.program_with(game, format, RuleUse::Never, &PatternPlan::default())
    }

    /// [`program`](Self::program), and where grundy has no proved program, one that rests on the
    /// first rule [`pattern`](Self::pattern) finds in the game's table over the range of `plan` —
    /// certified, or observed too, as `rules` allows: a rule of the outcomes for positions read
    /// one per line, of the values for heaps side by side.
    ///
    /// # Complexity
    /// As [`program`](Self::program), and [`pattern`](Self::pattern) where a rule is needed.
    ///
    /// # Errors
    /// As [`program`](Self::program); [`NoProgram::NoRule`] where no rule the program may rest on
    /// is found.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::analysis::codegen::{Decider, RuleUse};
    /// use grundy::analysis::pattern::RuleStatus;
    /// use grundy::input::judge_format::JudgeFormat;
    /// use grundy::{Analyzer, Config};
    /// let script = "fn start(n) { n } fn moves(n) { let out = []; for d in 1..n { if n % d == 0 { out.push(n - d); } } out }";
    /// let game = grundy::spec::parse_game_with_loader("script:divisors.rhai", &|_| Ok(script.to_owned()))?;
    /// let program = Analyzer::new(Config::default())
    ///     .program_with(Some(&game), &JudgeFormat::parse("lines/yes-no")?, RuleUse::Observed, &Default::default())?;
    /// let Decider::Rule(plan) = &program.decider else { return Err("a rule".into()) };
    /// assert_eq!(plan.status, RuleStatus::Observed);
    /// # Ok(()) }
    /// ```
    pub fn program_with(
        &self,
        game: Option<&Game>,
        format: &JudgeFormat,
        rules: RuleUse,
        plan: &PatternPlan,
    ) -> Result<Program, CodegenError> {
        let preset = format.preset.and_then(Preset::game);
        let description = &format.description;
        // The game a refusal names: the given one, the description's, or the format.
        let named = |game: Option<&Game>| match (game, &description.game) {
            (Some(game), _) => game.to_string(),
            (None, Some(spec)) => spec.to_string(),
            (None, None) => format.name(),
        };
        let position = reading::check(description).map_err(|why| CodegenError::NoProgram {
            game: named(game),
            why,
        })?;
        let carried = match &description.game {
            Some(spec) if spec.variables().next().is_some() => {
                Some(self.carried(spec, description)?)
            }
            _ => None,
        };
        if let (Some(given), Some(fixed)) = (game, preset.as_ref())
            && given != fixed
        {
            return Err(CodegenError::NoProgram {
                game: given.to_string(),
                why: NoProgram::OtherGame {
                    fixed: fixed.to_string(),
                },
            });
        }
        // The format's own game, written out without values read.
        let written = match &description.game {
            Some(spec) if carried.is_none() => Some(parse_game(&spec.to_string()).map_err(
                |_| CodegenError::NoProgram {
                    game: spec.to_string(),
                    why: NoProgram::Unreadable(Unreadable::CarriedGame {
                        template: spec.to_string(),
                    }),
                },
            )?),
            _ => None,
        };
        if let (Some(given), Some(written)) = (game, written.as_ref())
            && given != written
        {
            return Err(CodegenError::NoProgram {
                game: given.to_string(),
                why: NoProgram::OtherGame {
                    fixed: written.to_string(),
                },
            });
        }
        let (game, carried, decider) =
            match (carried, game.or(preset.as_ref()).or(written.as_ref())) {
                (Some((carried, decider)), None) => (None, Some(carried), decider),
                (Some((carried, _)), Some(game)) => {
                    return Err(CodegenError::NoProgram {
                        game: game.to_string(),
                        why: NoProgram::GameInInput {
                            carried: carried.spec.to_string(),
                        },
                    });
                }
                (None, None) => {
                    return Err(CodegenError::NoProgram {
                        game: format.name(),
                        why: NoProgram::NeedsGame,
                    });
                }
                (None, Some(game)) => (
                    Some(game.clone()),
                    None,
                    self.decider_or_rule(game, format, rules, plan)?,
                ),
            };
        let refuse = |why| CodegenError::NoProgram {
            game: named(game.as_ref()),
            why,
        };
        answerable(game.as_ref(), &decider, format, position).map_err(refuse)?;
        // A counted list is heaps side by side, even of a script (as grundy reads it).
        let decider = match decider {
            Decider::Grundy(Kernel::Table(mut table)) if reads_heap_lists(description) => {
                table.single = false;
                Decider::Grundy(Kernel::Table(table))
            }
            other => other,
        };
        Ok(Program {
            format: format.clone(),
            game,
            carried,
            decider,
            position,
        })
    }

    /// The game a description's input carries, and what decides its positions: the family of
    /// the game its spec builds from sample numbers says how a program builds it at run time.
    fn carried(
        &self,
        spec: &Template,
        description: &Description,
    ) -> Result<(Carried, Decider), CodegenError> {
        let refuse = || CodegenError::NoProgram {
            game: spec.to_string(),
            why: NoProgram::Unreadable(Unreadable::CarriedGame {
                template: spec.to_string(),
            }),
        };
        let readings = description.variables();
        // The game built from sample numbers, and what decides it: twice, the second time with
        // numbers shifted and spread apart, which a number written in the rule cannot follow
        // (`dynamic:x+x+{c}`, whose slope 2 a first sample could equal).
        let sampled = |spread| -> Option<(String, Vec<Argument>, Decider)> {
            let (family, arguments, sample, written) = reading::arguments(spec, &readings, spread)?;
            let game = parse_game(&format!("{family}{written}")).ok()?;
            let decider = super::answers(game.base()).carried(self, &game, &sample)?;
            Some((family, arguments, decider))
        };
        let (family, arguments, decider) = sampled((0, 1)).ok_or_else(refuse)?;
        match sampled((1000, 2)) {
            Some((_, _, again)) if again == decider => {}
            _ => return Err(refuse()),
        }
        if matches!(decider, Decider::Grundy(Kernel::CarriedBash))
            && !matches!(
                arguments.as_slice(),
                [Argument::Value(_) | Argument::Computed(_)]
            )
        {
            return Err(refuse());
        }
        Ok((
            Carried {
                spec: spec.clone(),
                family,
                arguments,
            },
            decider,
        ))
    }

    /// What decides a position of `game`.
    fn decider(&self, game: &Game) -> Result<Decider, CodegenError> {
        let refuse = |why| CodegenError::NoProgram {
            game: game.to_string(),
            why,
        };
        let lift = |error| match error {
            KernelError::No(why) => refuse(why),
            KernelError::Analysis(error) => CodegenError::Analysis(error),
        };
        if let Some(components) = game.components() {
            let mut kernels = self.sum_kernels(components).map_err(lift)?;
            share_table_bytes(&mut kernels);
            return Ok(Decider::Sum(kernels));
        }
        super::answers(game.base())
            .decider(self, game, game.play())
            .map_err(lift)
    }

    /// What decides a position of `game`: its proved program, or else — as `rules` allows — the
    /// first rule of its table.
    fn decider_or_rule(
        &self,
        game: &Game,
        format: &JudgeFormat,
        rules: RuleUse,
        plan: &PatternPlan,
    ) -> Result<Decider, CodegenError> {
        // A family's theorem certifies the rule of its table: the program carries that rule. A
        // table of values is bounded: a rule, where one is allowed and found, answers beyond it.
        let (why, rules) = match self.decider(game) {
            Err(CodegenError::NoProgram {
                why: NoProgram::Theorem,
                ..
            }) => (NoProgram::Theorem, rules.max(RuleUse::Certified)),
            Err(CodegenError::NoProgram { why, .. }) if rules != RuleUse::Never => (why, rules),
            Ok(table @ Decider::Grundy(Kernel::Table(_))) if rules != RuleUse::Never => {
                // No rule, or none within the limits: the table stands (a stop stops).
                return match self.rule_decider(game, format, rules, plan, NoProgram::Searched) {
                    Err(CodegenError::Analysis(error)) if error.is_stop() => {
                        Err(CodegenError::Analysis(error))
                    }
                    Err(_) => Ok(table),
                    found => found,
                };
            }
            other => return other,
        };
        self.rule_decider(game, format, rules, plan, why)
    }

    /// The decider of the first rule `pattern` finds in the game's table that `rules` allows;
    /// `why` says why grundy has no proved program.
    fn rule_decider(
        &self,
        game: &Game,
        format: &JudgeFormat,
        rules: RuleUse,
        plan: &PatternPlan,
        why: NoProgram,
    ) -> Result<Decider, CodegenError> {
        let report = self.pattern(game, plan)?;
        if report.constant {
            return Err(CodegenError::NoProgram {
                game: game.to_string(),
                why: NoProgram::NoRule {
                    without: Box::new(why),
                    observed: false,
                    values: false,
                    constant: true,
                },
            });
        }
        let allowed = |status: &RuleStatus| {
            rules == RuleUse::Observed || matches!(status, RuleStatus::Certified(_))
        };
        let values = reads_heap_lists(&format.description);
        let found = if values {
            let rules = report.values.as_ref().map_or(&[][..], |v| &v.rules[..]);
            let observed = !rules.is_empty();
            rules
                .iter()
                .filter(|found| allowed(&found.status))
                .find_map(|found| match &found.rule {
                    ValueRule::Sequence(sequence) => Some(Decider::Grundy(Kernel::Rule(
                        rule_plan(sequence.clone(), found, &report),
                    ))),
                    ValueRule::Grid(_) => None,
                })
                .ok_or(observed)
        } else {
            let rules = &report.outcomes.rules;
            rules
                .iter()
                .find(|found| allowed(&found.status))
                .map(|found| Decider::Rule(rule_plan(found.rule.clone(), found, &report)))
                .ok_or(!rules.is_empty())
        };
        found.map_err(|observed| CodegenError::NoProgram {
            game: game.to_string(),
            why: NoProgram::NoRule {
                without: Box::new(why),
                observed,
                values,
                constant: false,
            },
        })
    }

    /// The kernels of a sum's components, in order: each component's own, where its program is
    /// a kernel of Grundy values.
    fn sum_kernels(&self, components: &[Component]) -> Result<Vec<Kernel>, KernelError> {
        components
            .iter()
            .map(|component| {
                let game = &component.game;
                let no_kernel = || {
                    KernelError::No(NoProgram::Component {
                        game: game.to_string(),
                    })
                };
                match super::answers(game).decider(self, game, Play::Normal) {
                    Ok(Decider::Grundy(kernel)) => Ok(kernel),
                    Ok(_) | Err(KernelError::No(_)) => Err(no_kernel()),
                    Err(other @ KernelError::Analysis(_)) => Err(other),
                }
            })
            .collect()
    }

    /// The Grundy (or, for `misere:`, misère Grundy) value kernel of a one-heap game: its
    /// certified period, or what its family offers without one.
    pub(super) fn kernel(&self, game: &Game) -> Result<Kernel, KernelError> {
        let report = self.period(game).map_err(KernelError::Analysis)?;
        if let Search::Certified(certificate) = report.search {
            return Ok(Kernel::Period(certificate));
        }
        super::answers(game.base()).uncertified_kernel(self, game, report.search)
    }

    /// The kernel of a one-heap game without a certified period: the values of heaps
    /// `0..=N` as grundy computes them, written into the program — as many as keep the
    /// program's source within a judge's usual limit ([`TABLE_BYTES`] of numbers, at most
    /// [`TABLE_HEAPS`] heaps). `search` is what the period search found.
    ///
    /// # Errors
    /// The table's analysis failing (a limit, an interruption).
    pub(super) fn table_kernel(
        &self,
        game: &Game,
        search: Option<Search>,
    ) -> Result<Kernel, KernelError> {
        let table = self
            .table(game, &BigUint::ZERO, &BigUint::from(TABLE_HEAPS - 1))
            .map_err(KernelError::Analysis)?;
        let mut values: Vec<u32> = table.values.iter().map_while(ToPrimitive::to_u32).collect();
        values.truncate(fitting(&values, TABLE_BYTES));
        Ok(Kernel::Table(HeapTable {
            values,
            single: search.is_none(),
            search,
        }))
    }
}

/// The plan of `rule` — a rule found, or the part of it a program computes — with the found
/// rule's status and the report's evidence.
fn rule_plan<R, F>(
    rule: R,
    found: &super::pattern::FoundRule<F>,
    report: &super::pattern::PatternReport,
) -> RulePlan<R> {
    RulePlan {
        rule,
        status: found.status.clone(),
        found_to: report.found_to,
        checked_to: report.checked_to,
        positions: report.positions,
        fitted: found.fitted,
        pairs: report.coordinates == super::pattern::Coordinates::Two,
    }
}

/// Whether a program of `decider` answers `format`'s output for positions written in the form
/// `position`: why not, if it does not.
fn answerable(
    game: Option<&Game>,
    decider: &Decider,
    format: &JudgeFormat,
    position: PositionForm,
) -> Result<(), NoProgram> {
    let description = &format.description;
    if format.output().needs_moves() && !lists_moves(game, decider, format.output()) {
        return Err(NoProgram::Moves);
    }
    let pictures = matches!(position, PositionForm::Pairs | PositionForm::Parents);
    if pictures != (*decider == Decider::Hackenbush) {
        let template =
            first_case(&description.statements).map_or_else(String::new, ToString::to_string);
        return Err(NoProgram::Unreadable(Unreadable::Form {
            template,
            game: game.map_or_else(
                || {
                    description
                        .game
                        .as_ref()
                        .map_or_else(|| format.name(), ToString::to_string)
                },
                ToString::to_string,
            ),
        }));
    }
    if position == PositionForm::Values
        && reads_heap_lists(description)
        && !matches!(
            decider,
            Decider::Grundy(_)
                | Decider::MisereNim
                | Decider::Wythoff
                | Decider::Staircase
                | Decider::Moore { .. }
                | Decider::Tokens { .. }
        )
    {
        return Err(NoProgram::HeapLists);
    }
    Ok(())
}

/// How many of `values`, from the first, a table of at most `bytes` bytes holds (each number
/// written with a separator of two bytes).
fn fitting(values: &[u32], bytes: usize) -> usize {
    let mut used = 0;
    values
        .iter()
        .take_while(|value| {
            used += value.to_string().len() + 2;
            used <= bytes
        })
        .count()
}

/// Cuts the tables of values among a sum's kernels so that together they take at most
/// [`TABLE_BYTES`]: each gets an equal share.
fn share_table_bytes(kernels: &mut [Kernel]) {
    let tables = kernels
        .iter()
        .filter(|kernel| matches!(kernel, Kernel::Table(_)))
        .count();
    if tables < 2 {
        return;
    }
    for kernel in kernels {
        if let Kernel::Table(table) = kernel {
            let kept = fitting(&table.values, TABLE_BYTES / tables);
            table.values.truncate(kept);
        }
    }
}

/// The position of the first `case` of `statements`, in the order they are written.
fn first_case(statements: &[Statement]) -> Option<&Template> {
    statements.iter().find_map(|statement| match statement {
        Statement::Case(template) => Some(template),
        Statement::Repeat { body, .. } | Statement::Loop { body } => first_case(body),
        _ => None,
    })
}

/// Whether a case's position holds a list read with its count (`read m h[m]; case {h}`): heaps
/// side by side, which only games whose positions are lists of heaps read.
fn reads_heap_lists(description: &Description) -> bool {
    fn counted(statements: &[Statement], lists: &mut Vec<String>) -> bool {
        statements.iter().any(|statement| match statement {
            Statement::Read { items, .. } => {
                for item in items {
                    if matches!(item.length, Length::Counted(_)) {
                        lists.extend(item.names.iter().cloned());
                    }
                }
                false
            }
            Statement::Repeat { body, .. } | Statement::Loop { body } => counted(body, lists),
            Statement::Case(template) => template
                .variables()
                .any(|name| lists.iter().any(|list| list == name)),
            _ => false,
        })
    }
    counted(&description.statements, &mut Vec::new())
}

/// Whether a generated program can count and list the winning moves of `decider`: heaps of Nim
/// (the move to `h xor X`) and of finite subtraction games (each amount tried), including the
/// games the input carries (Bash, S-Nim).
fn lists_moves(game: Option<&Game>, decider: &Decider, output: &OutputFormat) -> bool {
    match decider {
        // The pairs Wythoff's winning moves leave (a pair two moves leave is written once, so
        // they are listed, not counted).
        Decider::Wythoff => matches!(output, OutputFormat::Moves(_)),
        Decider::Grundy(Kernel::NimHeap | Kernel::CarriedBash | Kernel::CarriedSet { .. }) => true,
        // A kernel of a game whose rule is a list of amounts (a finite subtraction set).
        Decider::Grundy(_) => game
            .and_then(Game::ruleset)
            .and_then(Ruleset::amounts)
            .is_some(),
        _ => false,
    }
}

/// Why a game or a component has no program (or no kernel).
pub(super) enum KernelError {
    /// No program, and why.
    No(NoProgram),
    /// The analysis the program needs failed.
    Analysis(Error),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Config;
    use crate::input::judge_format::JudgeFormat;
    use crate::input::spec::parse_game;

    fn program_in(spec: &str, format: &str) -> Result<Program, CodegenError> {
        let game = (!spec.is_empty()).then(|| parse_game(spec).unwrap());
        Analyzer::new(Config::default())
            .program(game.as_ref(), &JudgeFormat::parse(format).unwrap())
    }

    fn program(spec: &str) -> Result<Program, CodegenError> {
        program_in(spec, "lines/yes-no")
    }

    #[test]
    fn kernels_come_from_certificates_and_closed_forms() {
        for (spec, period, preperiod) in [
            ("subtraction:1,3,4", 7, 0),
            ("bash:3", 4, 0),
            ("0.77", 12, 71),
            ("allbut:2,3,7", 4, 0),
        ] {
            let Decider::Grundy(Kernel::Period(certificate)) = program(spec).unwrap().decider
            else {
                panic!("{spec}: a period");
            };
            let periodicity = certificate.periodicity();
            assert_eq!(
                (periodicity.period(), periodicity.preperiod()),
                (period, preperiod)
            );
        }
        assert_eq!(program("misere:nim").unwrap().decider, Decider::MisereNim);
        assert!(matches!(
            program("misere:subtraction:1,3,4").unwrap().decider,
            Decider::MisereHeap(Kernel::Period(_))
        ));
        assert!(matches!(
            program("subtraction:1,2[3] + subtraction:1,3[4] + nim[2]").unwrap().decider,
            Decider::Sum(kernels) if kernels.len() == 3
        ));
    }

    #[test]
    fn no_period_gives_a_bounded_dp() {
        let Decider::Grundy(Kernel::Dp(dp)) = program("subtraction:fibonacci").unwrap().decider
        else {
            panic!("a DP");
        };
        assert_eq!(dp.amounts, Amounts::Family(Family::Fibonacci));
        assert!(dp.bound >= 1000);
        assert!(!matches!(dp.search, Search::Certified(_)));
    }

    #[test]
    fn refusals_are_typed() {
        for (spec, why) in [
            ("norepeat:1,2,3", NoProgram::NoRepeat),
            ("misere:wythoff", NoProgram::Misere),
            (
                "subtraction:1,2[3] + wythoff[3,5]",
                NoProgram::Component {
                    game: "wythoff".to_owned(),
                },
            ),
        ] {
            match program(spec) {
                Err(CodegenError::NoProgram { why: found, .. }) => assert_eq!(found, why, "{spec}"),
                other => panic!("{spec}: {other:?}"),
            }
        }
        for (spec, format, why) in [
            ("wythoff", "lines/count", NoProgram::Moves),
            ("fibonacci-nim", "lines/moves", NoProgram::Moves),
            ("subtraction:fibonacci", "heaps/moves", NoProgram::Moves),
            ("fibonacci-nim", "heaps/yes-no", NoProgram::HeapLists),
            (
                "nim",
                "hdu-1846",
                NoProgram::GameInInput {
                    carried: "bash:{m}".to_owned(),
                },
            ),
            ("", "lines/yes-no", NoProgram::NeedsGame),
        ] {
            match program_in(spec, format) {
                Err(CodegenError::NoProgram { why: found, .. }) => assert_eq!(found, why, "{spec}"),
                other => panic!("{spec} in {format}: {other:?}"),
            }
        }
    }

    #[test]
    fn pictures_are_read_as_edges_or_parent_arrays() {
        for (format, form) in [
            (
                "read n (u v)[n - 1]; case {u - 1}-{v - 1}; say A B",
                PositionForm::Pairs,
            ),
            (
                "read n p[n]; case parents: {p}; say A B",
                PositionForm::Parents,
            ),
        ] {
            let program = program_in("hackenbush", format).unwrap();
            assert_eq!(
                (program.decider, program.position),
                (Decider::Hackenbush, form)
            );
        }
        for (spec, format) in [
            ("nim", "read n (u v)[n]; case {u}-{v}; say A B"),
            ("hackenbush", "read n h[n]; case {h}; say A B"),
        ] {
            match program_in(spec, format) {
                Err(CodegenError::NoProgram {
                    why: NoProgram::Unreadable(Unreadable::Form { .. }),
                    ..
                }) => {}
                other => panic!("{spec} in {format}: {other:?}"),
            }
        }
        for format in [
            "read n (u v)[n]; case {u}/{v}; say A B",
            "read n (u v)[n]; case {u}-{v}; case parents: {u}; say A B",
        ] {
            match program_in("hackenbush", format) {
                Err(CodegenError::NoProgram {
                    why: NoProgram::Unreadable(Unreadable::Position { .. }),
                    ..
                }) => {}
                other => panic!("{format}: {other:?}"),
            }
        }
    }

    #[test]
    fn tokens_on_a_graph_are_carried_or_fixed() {
        let carried = program_in(
            "",
            "read N M K (x y)[M] t[K]; case {t}; game digraph:{x}>{y}; say W L",
        )
        .unwrap();
        assert_eq!(carried.decider, Decider::Tokens { edges: None });
        assert!(matches!(
            carried.carried.as_ref().map(|c| c.arguments.as_slice()),
            Some([Argument::Group(_)])
        ));
        let fixed = program_in("digraph:0>1,1>2,2>0", "read k t[k]; case {t}; say W L").unwrap();
        let Decider::Tokens {
            edges: Some(mut edges),
        } = fixed.decider
        else {
            panic!("a fixed graph");
        };
        edges.sort_unstable();
        assert_eq!(edges, [(0, 1), (1, 2), (2, 0)]);
        // A group is a graph's edges, not a subtraction set.
        assert!(matches!(
            program_in(
                "",
                "read M (x y)[M]; case {M}; game subtraction:{x}>{y}; say W L"
            ),
            Err(CodegenError::NoProgram {
                why: NoProgram::Unreadable(Unreadable::CarriedGame { .. }),
                ..
            })
        ));
    }

    #[test]
    fn presets_give_their_game_or_read_it() {
        assert_eq!(
            program_in("", "hdu-1527").unwrap().decider,
            Decider::Wythoff
        );
        assert_eq!(
            program_in("", "hdu-1846").unwrap().decider,
            Decider::Grundy(Kernel::CarriedBash)
        );
        assert!(matches!(
            program_in("", "lanqiao-2016-qiuqiu").unwrap().decider,
            Decider::Oddball(OddballPlan { set: None, .. })
        ));
        assert!(program_in("nim", "hdu-2176").is_ok());
    }
}
