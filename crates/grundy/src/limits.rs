//! Every bound on the work and size of one query, named once, each with the reason for its value.
//!
//! The foundation layer: this module knows nothing of the rest of the crate. The modules that
//! enforce a bound read it from here (and re-export it under the name they used before, so the
//! public paths stay). Bounds the user may raise have a setting on [`Config`](crate::Config);
//! the others hold whatever the settings say.

// Input sizes: what a parser accepts.

/// The largest amount a finite or all-but subtraction set may name.
///
/// Finite sets keep the last `max S` values in memory, all-but sets relate values `2 max X` apart;
/// `10^7` keeps both well inside memory while covering every game met in practice.
pub const MAX_AMOUNT: u64 = 10_000_000;

/// The most decimal digits a heap size may have, however it is written (`10^100000` too).
///
/// Reading a `d`-digit size costs `O(d²)` digit conversion.
pub const MAX_POSITION_DIGITS: usize = 100_000;

/// The largest Fibonacci Nim heap answered, in decimal digits.
///
/// The Zeckendorf walk that answers it takes `O(d²)` time for `d` digits.
pub const MAX_FIBONACCI_DIGITS: usize = 2_000;

/// The most amounts a no-repeat set may have.
///
/// A no-repeat position carries the last amount taken, so each heap size costs `|S|` work and a
/// state vector of `|S| + 1` values.
pub const MAX_NOREPEAT_AMOUNTS: usize = 1000;

// Scripts: what one call, and one question, may spend.

/// The most operations one call of a script function may take.
///
/// A call that loops forever must fail with an error rather than hang the question; a million
/// operations are far more than any move generator needs.
pub const MAX_SCRIPT_CALL_OPERATIONS: u64 = 1_000_000;

/// The most operations all script calls of one question may take together, over every script it
/// compiles.
///
/// The call limit alone would let a question make any number of calls.
pub const MAX_SCRIPT_OPERATIONS: u64 = 1_000_000_000;

/// The most seconds one call of a script function may run.
///
/// The operation limits bound the steps of a call, not what one step costs: rhai measures a
/// whole array again each time one grows, so a call that builds a large value step by step
/// takes time quadratic in its size. Ten seconds is far more than a call within the operation
/// limit takes otherwise (well under one); a question's own time limit, when it has one, stops
/// a call sooner.
pub const MAX_SCRIPT_CALL_SECONDS: u64 = 10;

/// The most elements of an array or map, or bytes of a string, one value of a script may hold.
///
/// A move generator that lists its moves in one array needs as many elements as a position
/// has moves; a million is more than any game grundy can search has, and bounds what one
/// runaway value can take (tens of megabytes).
pub const MAX_SCRIPT_VALUE_SIZE: usize = 1_000_000;

/// The most nested calls of a script's own functions.
///
/// Each level takes native stack in rhai's interpreter; 32 levels stay well inside the
/// smallest stack a question runs on.
pub const MAX_SCRIPT_CALL_DEPTH: usize = 32;

/// The most bytes of scripts one game spec reads: every `script:` part of a sum is read and
/// compiled on its own, so a spec repeating a large script would otherwise cost its size (and a
/// compilation) per repetition before any budget applies.
pub const SPEC_SCRIPT_BYTES: u64 = 4 << 20;

/// The most components of a sum written with `+`: each is parsed, stored and solved on its own.
/// Several heaps of one game are one component (`nim[3,4,5]`), so this bounds only what is typed
/// as separate games.
pub const MAX_SUM_COMPONENTS: u64 = 1024;

// Values and positions: what a query computes.

/// The default limit on computed values for finite and all-but sets.
///
/// Enough for the periods of the games met in practice; values are kept 4 bytes each (40 MB).
pub const DEFAULT_MAX_VALUES: u64 = 10_000_000;

/// The default limit on values for the subtraction game of the primes.
///
/// Each heap has about `n / ln n` moves, so the work grows quadratically: `10^5` values keep it
/// near a second.
pub const DEFAULT_MAX_PRIME_VALUES: u64 = 100_000;

/// The default limit on values for the subtraction game of the squares.
///
/// Each heap has about `√n` moves: `10^6` values keep the work near a second.
pub const DEFAULT_MAX_SQUARE_VALUES: u64 = 1_000_000;

/// The largest value limit accepted: values are kept 4 bytes each, so this is 4 GB.
pub const MAX_VALUES_LIMIT: u64 = 1_000_000_000;

/// The default limit on positions held by a table (Wythoff, Fibonacci Nim) or a misère search.
///
/// Each position held costs its own bytes and its moves', counted against the memory budget too.
pub const DEFAULT_MAX_POSITIONS: u64 = 4_000_000;

/// The most heaps of a misère take-and-break code whose genera grundy computes (`table`, and
/// the tame range a position's heaps must lie in).
///
/// Each heap's genus needs the genera of the sums its options leave; past a wild heap those
/// are searched, so the heaps are few.
pub const MISERE_TABLE_HEAPS: u64 = 4096;

/// The options a misère genus computation may enumerate (the heaps' options, `O(n²)` each with
/// three-heap splits): a few seconds.
pub const MISERE_GENUS_WORK: u64 = 1 << 28;

/// The most rows one table may have.
///
/// Every row is held in the answer before it is printed.
pub const MAX_TABLE_ROWS: u64 = 1_000_000;

/// The work (options examined) a default limit allows one period search: a few seconds.
pub const DEFAULT_WORK: u64 = 1 << 33;

/// The work a small question may spend on a period search before answering from its values.
///
/// A question about a small heap is answered from the values computed anyway; a longer search
/// would only delay the answer.
pub const SMALL_QUESTION_WORK: u64 = 1 << 22;

// Take-and-break codes.

/// The most values a take-and-break search may compute.
///
/// A run keeps up to 16 bytes per value at worst (the values, the rare heaps, a copy per
/// thread): 16 GB here, about 1 GB for a sparse game with values below 256.
pub const MAX_OCTAL_VALUES: u64 = 1_000_000_000;

/// The default limit on values for take-and-break games with two-heap splits on the rare/common
/// engine.
///
/// Their values cost `O(n)` or less each (`O(1)`-ish for sparse games): about a million values
/// take a few seconds.
pub const DEFAULT_OCTAL_VALUES: u64 = 1 << 20;

/// The default limit on values for take-and-break games with two-heap splits on the naive engine.
///
/// Each value scans every split, `O(n)` each and no sparse space to skip: `2^16` values take a
/// few seconds.
pub const DEFAULT_NAIVE_OCTAL_VALUES: u64 = 1 << 16;

/// The default limit on values for take-and-break games with three-heap splits.
///
/// Each value costs `O(n²)`: 4096 values take a few seconds.
pub const DEFAULT_THREE_HEAP_OCTAL_VALUES: u64 = 4096;

/// The default limit on values for codes with a repeating tail.
///
/// Each value has options from every smaller heap: `2^14` values take a few seconds.
pub const DEFAULT_TAIL_CODE_VALUES: u64 = 1 << 14;

/// Splits of one heap enumerated one by one up to this size; beyond, in residue classes.
///
/// Enumerating costs `O(m)` for a heap `m`; the residue classes of a certified period cost `O(p)`.
pub const ENUMERATED_SPLITS: u64 = 1_000_000;

/// The most games one period survey ([`Analyzer::periods`](crate::Analyzer::periods)) takes.
///
/// Each finished report is kept until the reports before it are handed over, and the games
/// themselves are held at once: `2^15` covers every octal code of up to five digits (`8^5 - 1`).
pub const MAX_SURVEY_GAMES: usize = 1 << 15;

/// The most digits after the point of the octal codes in one survey family: `8^5 - 1` codes.
pub const MAX_SURVEY_DIGITS: usize = 5;

/// The most digits after the point of the hexadecimal codes in one survey family: `16^3 - 1`
/// codes (four digits would be `16^4 - 1`, more than [`MAX_SURVEY_GAMES`]).
pub const MAX_HEX_SURVEY_DIGITS: usize = 3;

/// How many finished reports of a period survey may wait, per game computed at once, for the
/// reports before them to be handed over in input order; a worker ahead by more waits.
///
/// It bounds the memory of finished reports (each within its game's budget) while one slow game
/// holds the others back, and lets fast games run 16 deep past a slow one.
pub const SURVEY_WINDOW_PER_WORKER: usize = 16;

// Time.

/// The time limit of a question that set none and did not set the size of its run (a value
/// limit): one minute. The command line applies it; `--timeout none` lifts it.
pub const DEFAULT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

// Memory and answers.

/// The memory budget used when none is configured: 4 GiB.
///
/// Enough for every default limit above.
pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

/// The most bytes of whole positions that an answer writes into its winning moves before writing
/// only the part each move changes (with [`MoveTargets::Automatic`](crate::MoveTargets)).
///
/// Each whole position repeats the heaps the move does not change: for huge heaps and many
/// winning moves that would be the heaps' size once per move.
pub const WHOLE_POSITIONS_BYTES: u64 = 1 << 20;

/// The largest heap `verify` compares up to: its brute force is quadratic in one-heap games.
pub const VERIFY_MOST_TO: u64 = 999_999;

/// The most states `verify`'s brute force solves for one check (a game graph, memoised); a
/// position needing more is left out of that check and counted as skipped.
pub const VERIFY_BRUTE_FORCE_STATES: usize = 2_000_000;

/// The most option steps `verify`'s brute force may take for one game (some seconds, the fast
/// paths as much again); a larger question is refused before it starts, saying how far it may go.
pub const VERIFY_BRUTE_FORCE_WORK: u128 = 500_000_000;

/// The heap sizes every `verify` check runs at most `solve` on one position at a time (beyond
/// them, a sample of heaps: the period's boundaries, the largest, and random ones).
pub const VERIFY_SOLVED_HEAPS: u64 = 200;

/// How many random positions `verify` draws for games of several heaps and for sums.
pub const VERIFY_RANDOM_POSITIONS: u64 = 200;

/// The largest number in a random position of several heaps that `verify` solves as a whole
/// game graph (the graph of 3 heaps of 12 holds at most 13³ positions).
pub const VERIFY_GRAPH_HEAP: u64 = 12;

/// The side of the square of Wythoff positions `verify` compares cell by cell.
pub const VERIFY_GRID_SIDE: u64 = 60;

/// The most legal moves a position played with `play` may have: each is listed with the value of
/// the position it leaves, which costs one solution per move (counted before any is made).
pub const MAX_PLAY_MOVES: u64 = 2_000;

/// How many values of a family grundy only searches (it knows no theory of it) a period is looked
/// for in, unless a value limit is set: each is a position explored with everything it reaches,
/// so this is far below the limits of the families computed value by value.
pub const SEARCHED_PERIOD_VALUES: u64 = 1000;

/// The most options a family lists for one position ([`Ruleset::options`](crate::games::ruleset::Ruleset::options)):
/// beyond it they are counted, never listed, so that no listing outgrows memory (about 100 bytes
/// an option for positions of a few numbers).
pub const MAX_LISTED_OPTIONS: u64 = 1 << 16;

/// The most winning moves an answer lists one by one where a family's theorem can describe a set
/// of them as one class (Mock Turtles' pairs of coins): a larger set is that one class, with its
/// count, so that an answer stays readable and its size bounded whatever the position.
pub const LISTED_CLASS_MOVES: u64 = 256;

/// The most numbers a position written after a winning move holds (a coin row's heads after a
/// long run is turned over): beyond it the move is written by what it does alone.
pub const WRITTEN_POSITION_NUMBERS: u64 = 1 << 20;

// A game in play lists its moves through the families' rules.
const _: () = assert!(MAX_LISTED_OPTIONS >= MAX_PLAY_MOVES);

/// The most positions `play` explores to give every move its remoteness (moves to the end under
/// best play); beyond them the moves have their values without remoteness.
///
/// The search runs again after every move of a game, so it must stay well under a second: `50 000`
/// positions with their moves take some tens of milliseconds to a second (a Kayles row of 60, whose
/// search gives up) and a few megabytes.
pub const PLAY_SEARCH_POSITIONS: u64 = 50_000;

/// The most bytes `play`'s search of the reachable positions may hold (within the query's memory
/// budget): positions of huge heaps (`10^99999`, 41 KB a heap) fill it long before
/// [`PLAY_SEARCH_POSITIONS`], and the moves are then solved one by one, at once.
pub const PLAY_SEARCH_BYTES: u64 = 64 << 20;

// Plots.

/// The most heaps a plot draws (`0..=N` with `N` below this).
///
/// A plot holds one value per heap (4 bytes) while it bins them: 16 MiB here, and the values of a
/// take-and-break code up to `2^22` take some seconds.
pub const PLOT_MOST_HEAPS: u64 = 1 << 22;

/// The most heaps a scatter plot draws as one point each; beyond, it draws bins.
///
/// One SVG element per point: a few thousand keep the file small and each point visible.
pub const PLOT_POINTS: u64 = 4096;

/// The columns of a binned scatter plot: each holds the values its heaps take, as runs.
///
/// About one per pixel column of a plot a thousand pixels wide.
pub const PLOT_BINS: u64 = 800;

/// A scatter plot of more heaps than this has a logarithmic heap axis.
///
/// Linear up to ten thousand heaps, where every part of the range is as wide as any other.
pub const PLOT_LOGARITHMIC_FROM: u64 = 10_000;

/// The most values a strip's period search computes for a take-and-break code (more when the strip
/// itself draws more).
///
/// `2^16` values take a fraction of a second and certify the periods of the classic codes
/// (Kayles needs 168); a code with no period proved within them — Officers, say — is drawn as
/// observed, instead of making a small strip wait seconds for the full search of `grundy period`.
pub const PLOT_STRIP_SEARCH: u64 = 1 << 16;

/// The most work (options examined, as the engines estimate it) a strip's period search spends on
/// a take-and-break code — except that the values the strip draws are computed whatever they cost.
///
/// Values cost `O(n²)` each with three-heap splits and `O(n)` with a repeating tail, so `2^16` of
/// them would take minutes: the search stops at this work instead (a small fraction of a second)
/// and the strip says what it observed in the values computed.
pub const PLOT_STRIP_WORK: u64 = 1 << 28;

/// The most cells of a strip: one SVG element each.
pub const PLOT_STRIP_CELLS: u64 = 10_000;

/// The longest period a strip wraps its rows by; a longer one (or none) wraps at
/// [`PLOT_STRIP_ROW`].
pub const PLOT_STRIP_PERIOD: u64 = 64;

/// The row length of a strip without a period short enough to wrap by.
pub const PLOT_STRIP_ROW: u64 = 20;

/// The largest heap of a grid of two heaps: `(N + 1)^2` cells, one SVG element each at worst.
pub const PLOT_GRID_SIDE: u64 = 150;

/// The most balls an outcome map of the contest game covers: four cells per pile size.
pub const PLOT_OUTCOME_PILES: u64 = 2000;

/// The most exponents `k` of a new heap tried while building a misère quotient before its powers
/// must repeat (theory/quotient.rs).
pub const QUOTIENT_MAX_EXPONENT: usize = 4096;

/// The most heaps `grundy period misere:CODE` adds to a misère quotient by default.
pub const DEFAULT_QUOTIENT_HEAPS: usize = 300;

/// How many times the misère-quotient builder refines its base (the state monoid of the
/// previous one) when a new heap splits an earlier class (theory/quotient.rs).
pub const QUOTIENT_REFINEMENTS: usize = 2;

/// The most elements of a candidate or state monoid while building a misère quotient
/// (theory/quotient.rs): the reduction is quadratic in it.
pub const QUOTIENT_MAX_ELEMENTS: usize = 3000;

/// The most abstract states one verification of a misère quotient explores (theory/quotient.rs).
pub const QUOTIENT_MAX_STATES: usize = 200_000;

/// The most elementary steps (abstract states × heap kinds × elements) one verification of a
/// misère quotient may take (theory/quotient.rs): about a second of work.
pub const QUOTIENT_MAX_WORK: u128 = 1 << 30;

/// The most verification work (abstract states × heaps × elements, summed over the heaps added)
/// one misère-quotient computation may spend before it stops with what it has (about ten seconds):
/// growing quotients (misère Nim, `0.6`) stop there rather than run for minutes.
pub const QUOTIENT_TOTAL_WORK: u128 = 1 << 32;

/// Positions a misère take-and-break search explores before a misère quotient is tried: small
/// positions are answered by the search at once, larger ones by the quotient when it closes, and
/// the search goes on to the position limit only when no quotient decides.
pub const QUICK_MISERE_POSITIONS: u64 = 100_000;

/// Bytes a value costs in the copy each thread of a take-and-break pipeline holds beyond the
/// first (the width of Officers' values): the threads of one sequence are cut to what fits.
pub const PIPELINE_BYTES_PER_VALUE: u64 = 2;

/// The most bytes the P-sequence of a dynamic subtraction game may take (its terms up to the
/// heap asked about: about `k · ln(n / k)` of them for the bound `kx`, 8 bytes each below
/// `2^64`): `dynamic:1000000x` at `10^18` takes about 220 MB.
pub const DYNAMIC_SEQUENCE_BYTES: u64 = 1 << 30;
