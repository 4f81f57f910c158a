//! The command line's arguments: the clap definitions of every command and option, and the
//! configuration they make.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use grundy::{Config, Engine};

use crate::{default_max_memory, parse_count, parse_seconds, parse_size};

/// The help after the commands, with a line for each open family of the registry in place of
/// `{families}`.
const EXAMPLES: &str = "\
Examples:
  grundy solve subtraction:1,3,4 1000000000000000000   10^18 candies, take 1, 3 or 4: who wins?
  grundy solve bash:3 10^100 --json                    LeetCode 292 at a googol, as JSON
  grundy solve nim 3,4,5                               every winning move of Nim
  grundy solve misere:nim 1,1,5                        misère Nim (the last mover loses)
  grundy solve wythoff 1000000000000000000,1618033988749894848
  grundy solve fibonacci-nim 20/4                      20 tokens, the next move takes at most 4
  grundy solve norepeat:1,2,3 100/2                    you may not take 2 (the opponent just did)
  grundy solve 'subtraction:1,3,4[10] + wythoff[3,5] + nim[7] + fibonacci-nim[20/4]'
  grundy solve subtraction:fibonacci 1,4,1             S-Nim: several heaps of one game
  grundy solve misere:subtraction:2..5,rest 10         HDU 2897: whoever takes the last coin loses
  grundy table subtraction:1,3,4 --to 14               the P/N table of the seed tutorial
  grundy table wythoff --to 9                          the grid of Wythoff Grundy values
  grundy period subtraction:2,5,7                      period 22, with its certificate
  grundy period allbut:2,3,7                           arithmetic period (saltus) of an all-but game
  grundy period 0.77                                   Kayles: period 12 from 71 (Guy–Smith)
  grundy solve oddball:1,2,3 4                         a tie, with remoteness and every move
  grundy solve script:examples/cycle.rhai 4            a scripted game with cycles: a draw
  grundy serve --open                                  the web playground on http://127.0.0.1:8421/

Games:
  subtraction:1,3,4       remove 1, 3 or 4 (ranges: subtraction:1..3,7); several heaps 1,4,1
  bash:m                  remove 1..m
  allbut:2,3,7            remove any positive amount except 2, 3 and 7
  subtraction:fibonacci   also squares, powers-of-2, primes (infinite sets)
  nim                     any number of heaps; position 3,4,5
  wythoff                 two heaps; take from one, or the same from both; position a,b
  fibonacci-nim           take at most twice the last take; position n (fresh) or n/q
  norepeat:1,2,3          no taking what the opponent just took; position n or n/last
  oddball:1,2,3           the contest game: odd holdings win at the end; position n or n/a/b
  subtraction:2..5,rest   remove 2 to 5; with fewer than 2 left, take them all (HDU 2897)
  0.77, 4!.0, 0.[3]       take-and-break codes (Kayles, Grundy's game, Nim); positions are heaps
  kayles, dawsons-kayles, dawsons-chess, lasker, grundys-game, officers
                          the classic codes by name: 0.77, 0.07, 0.137, 4.[3], 4!.0, 0.6
{families}  script:game.rhai        your own rules as a rhai script (see examples/*.rhai)
  misere:GAME             the same game, but whoever moves last loses
  A[pos] + B[pos]         a sum: move in one component per turn

Exit status: 0 answered; 2 bad input, or refused because the answer is beyond the limits;
130 interrupted by Ctrl-C (SIGINT); 143 interrupted by SIGTERM; 1 internal error.";

/// The help after the commands: examples, the games (each open family of the registry by its
/// example and summary) and the exit statuses.
pub(crate) fn examples() -> String {
    let mut families = String::new();
    for family in grundy::games::FAMILIES {
        // The summary wrapped under its column, as the lines around it are.
        let mut line = format!("  {:<23}", family.example);
        let mut width = line.chars().count();
        for word in family.summary.en.split(' ') {
            let length = word.chars().count();
            if width + 1 + length > HELP_WIDTH && width > SUMMARY_COLUMN {
                let _ = writeln!(families, "{line}");
                line = " ".repeat(SUMMARY_COLUMN - 1);
                width = SUMMARY_COLUMN - 1;
            }
            line.push(' ');
            line.push_str(word);
            width += 1 + length;
        }
        let _ = writeln!(families, "{line}");
    }
    EXAMPLES.replace("{families}", &families)
}

/// The width the help's table of games is written to.
const HELP_WIDTH: usize = 100;

/// The column where a game's description starts in the help's table of games.
const SUMMARY_COLUMN: usize = 26;

/// Solve two-player combinatorial games exactly: who wins, the Grundy value, every winning move,
/// and the periodic pattern with a proof.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, about, after_help = examples())]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Who wins from one position, with the Grundy value and every winning move.
    #[command(after_help = "\
Examples:
  grundy solve subtraction:1,3,4 1000000000000000000
  grundy solve bash:3 10^100 --json
  grundy solve allbut:2,3,7 1000
  grundy solve nim 3,4,5
  grundy solve misere:nim 1,1,5
  grundy solve wythoff 3,5
  grundy solve fibonacci-nim 20/4
  grundy solve norepeat:1,2,3 100/2
  grundy solve 'subtraction:1,3,4[10] + wythoff[3,5] + nim[7]'")]
    Solve {
        /// The game, e.g. subtraction:1,3,4 (see `grundy --help` for every form).
        game: String,
        /// The position: a heap (10, 10^18), heaps for nim, codes and subtraction games (3,4,5), a
        /// pair for wythoff (3,5), n or n/q for fibonacci-nim, n or n/last for norepeat; none for a
        /// sum (positions in brackets); - reads it from stdin.
        #[arg(allow_hyphen_values = true)]
        position: Option<String>,
        #[command(flatten)]
        common: Common,
    },
    /// The table of Grundy values and P/N outcomes for consecutive heap sizes.
    #[command(after_help = "\
Examples:
  grundy table subtraction:1,3,4 --to 14
  grundy table bash:3 --to 12
  grundy table subtraction:1,3,4 --from 10^18 --to 1000000000000000020
  grundy table allbut:2,3,7 --from 100 --to 130 --json
  grundy table misere:bash:3 --to 12
  grundy table wythoff --to 9 --json")]
    Table {
        /// The game, e.g. subtraction:1,3,4.
        game: String,
        /// The last heap size (inclusive).
        #[arg(long, value_name = "N", allow_hyphen_values = true)]
        to: String,
        /// The first heap size.
        #[arg(
            long,
            value_name = "A",
            default_value = "0",
            allow_hyphen_values = true
        )]
        from: String,
        /// Columns per line for the human table (it wraps).
        #[arg(long, value_name = "COLUMNS", default_value_t = 80)]
        width: usize,
        #[command(flatten)]
        common: Common,
    },
    /// 打表找规律: the rule of a game's table — outcomes and Grundy values of the positions
    /// numbered by one or two whole numbers — found on the first positions, checked on more,
    /// and certified only where a theorem proves it.
    #[command(after_help = "\
Examples:
  grundy pattern subtraction:1,2,9                      period 10, certified by the values' period
  grundy pattern script:examples/divisors.rhai --to 300 lose iff n is odd (observed, not proved)
  grundy pattern script:examples/turtles.rhai           a head at cell n is worth n
  grundy pattern wythoff --to 60                        Wythoff's pairs (⌊kφ⌋, ⌊kφ⌋ + k)
  grundy pattern kayles --json                          every rule as its form and parameters

A rule is found on positions up to --to and checked on positions up to --check-to (by default
four times --to for one number, twice for two); it is reported only when it holds on all of them
and predicts many more positions than its parameters were read from. \"certified\" means a theorem
proves it (a certified period of the values, or the family's own theorem); anything else is
\"observed, not proved\". Candidates that held for a long stretch and then failed are listed with
their smallest counter-example.")]
    Pattern(PatternArgs),
    /// Long runs of a take-and-break game's values, with checkpoints and compact output.
    #[command(after_help = "\
Examples:
  grundy sequence 0.77 --to 100000 --out kayles.seq
  grundy sequence 0.6 --to 2^21 --checkpoint runs/ --out officers.seq --text officers.txt
  (stop it with Ctrl-C, SIGTERM or even kill -9; the same command resumes from the last
  checkpoint, and a smaller --to reads from it without changing it)

The binary file holds a header (code, count, width, checksum) and the values in 1, 2 or 4 bytes
each; --text writes one 'n G(n)' pair per line. Regular files are replaced atomically (a symlink
stays a symlink); FIFOs and devices such as /dev/stdout are written as streams. Every location is
checked before computing, and one run at a time may use a checkpoint directory for a code.")]
    Sequence {
        /// The code, e.g. 0.77 or 4!.0.
        code: String,
        /// The last heap size (inclusive).
        #[arg(long, value_name = "N", allow_hyphen_values = true)]
        to: String,
        /// Write the values here (compact binary).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Also write the values as text here.
        #[arg(long, value_name = "FILE")]
        text: Option<PathBuf>,
        /// Keep checkpoints in this directory and resume from them.
        #[arg(long, value_name = "DIR")]
        checkpoint: Option<PathBuf>,
        /// Values between checkpoints (they are also written every 30 s and on Ctrl-C or SIGTERM). Each
        /// checkpoint rewrites every value so far, so the default is large.
        #[arg(
            long,
            value_name = "VALUES",
            default_value_t = 1 << 26,
            value_parser = clap::value_parser!(u64).range(1..)
        )]
        checkpoint_every: u64,
        /// Compute every value even after a period is certified (for benchmarks and cross-checks).
        #[arg(long)]
        compute_all: bool,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
        /// The engine for Grundy values.
        #[arg(long, value_enum, default_value_t = EngineName::Streaming)]
        engine: EngineName,
        /// Threads for the values (rare/common runs as a pipeline of up to N threads, at most one
        /// per core, when a value costs enough; default: every core).
        #[arg(long, value_name = "N")]
        threads: Option<usize>,
        /// The most memory the run may hold, e.g. 512M, 8G or a number of bytes (default: half
        /// of the memory grundy may use: what the machine has available, or less under a cgroup
        /// or ulimit). A run whose values cannot fit, at one byte each, is refused
        /// before it starts.
        #[arg(long, value_name = "SIZE", allow_hyphen_values = true)]
        max_memory: Option<String>,
        /// Stop after this many seconds (e.g. 30 or 2.5), saving a checkpoint as on Ctrl-C, exit 2
        /// (default: no limit).
        #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
        timeout: Option<String>,
    },
    /// Draw a game's values as an SVG or PNG picture: a scatter plot, a strip wrapped by the
    /// period, a grid of two heaps, or the outcome map of the contest game.
    #[command(after_help = "\
Examples:
  grundy plot subtraction:1,3,4 --to 70 --out p.svg           the P/N strip in rows of the period 7
  grundy plot wythoff --to 40 --out wythoff.png               G(a, b); the P-positions are the Beatty pairs
  grundy plot 0.6 --to 2^20 --kind scatter --out officers.svg binned, rare values in red
  grundy plot kayles --to 200 --kind scatter --out kayles.png
  grundy plot subtraction:1,3,4 --to 30 --kind grid --out sum.svg   two heaps: G(a) xor G(b)
  grundy plot oddball:1,2,3 --to 40 --out contest.png        win/lose/tie by balls and parities
  grundy plot bash:3 --to 40 --out bash.svg --json            describe what was drawn

Kinds: scatter (n against G(n); log-scaled n from 10000 heaps, binned beyond 4096), strip (rows
as long as the period, at most 10000 cells), grid (two heaps up to 150 each), outcomes (the
contest game, up to 2000 balls). The default is grid for wythoff, outcomes for oddball, and
otherwise strip (scatter from N = 10000). An existing FILE is kept unless --force; the file is written atomically, and its
directory is checked before anything is computed. docs/plot.md lists the JSON keys.")]
    Plot(crate::plot::PlotArgs),
    /// Contest mode: read a judge's input on stdin and print the judge's expected output.
    #[command(after_help = "\
Examples:
  printf '2 1\\n8 4\\n4 7\\n' | grundy contest --io hdu-1527        prints: 0 1 0 (one a line)
  printf '3\\n5 7 9\\n0\\n' | grundy contest --io hdu-1850          prints: 1
  grundy contest subtraction:1,3,4 --io lines/first-second < input.txt
  grundy contest nim --io heaps/count < input.txt
  printf '1 2 3\\n1 2 3 4 5\\n' | grundy contest oddball             prints: + 0 + 0 -

FORMAT is a preset of a real problem (hdu-1527, hdu-1846, hdu-1847, hdu-1848, hdu-1850, hdu-1907,
hdu-2176, hdu-2188, hdu-1536 (= hdu-1944), poj-2234, lanqiao-2016-qiuqiu, lanqiao-algo-529),
INPUT/OUTPUT (inputs lines, lines-zero, cases, heaps, cases-heaps, cases-bash, snim, oddball;
outputs yes-no, first-second, win-lose, one-zero, symbols, count, moves), or a description of the
problem's input and words, given inline or as @FILE:
  --io 'read T; repeat T { read h k; case {h} }; game subtraction:1,2,{k}; say Alice Bob'
docs/judge-formats.md describes the language and each format exactly. A preset fixes its game
(GAME may be left out); cases-bash, snim, oddball and a description's game with values in braces
read the game from the input.

oddball alone (取球博弈, Lanqiao 2016, the same as --io lanqiao-2016-qiuqiu): the first line holds
n1 n2 n3, the second the pile sizes; each pile gets + (the first player wins), 0 (best play
ties) or - (the first player loses).")]
    Contest(ContestArgs),
    /// 对拍: every fast path against a brute force, or a program against grundy's answers.
    #[command(after_help = "\
Examples:
  grundy verify subtraction:1,3,4
  grundy verify 0.77 --to 300
  grundy verify wythoff --to 40 --json
  grundy verify 'nim[3] + subtraction:1,2[4]' --seed 5
  grundy verify --against 'python3 solution.py' --io hdu-1527
  grundy verify wythoff --against ./a.out --io hdu-1527 --cases 500 --seed 7
  grundy verify subtraction:1,3,4 --against 'java Main' --io lines/first-second

Without --against, grundy checks itself: the brute force builds the game graph from the rules
and takes each value as the mex of its options' values, memoised; it shares no code with the
engines, the period searches or the closed forms. Each fast path (the table with every engine,
the certified period, solve with its winning moves, random positions of several heaps or sums,
the grid, the contest judge) is compared over the positions up to --to.

With --against, the test inputs come first from edge cases (heaps 0 and 1, the certified period's boundaries,
2^31-1, 2^63-1 and 10^18 where the format's bounds allow), then at random; the same --seed gives
the same inputs. CMD runs through sh -c, once per input, with the input on its stdin. Its output
is compared token by token with grundy's: white space between tokens (line breaks, trailing
spaces, a missing final newline) is ignored, the tokens themselves must be equal.

Exit status: 0 every path (or the program) agreed on every input; 1 a disagreement (the first,
with both answers: for a program the failing input, the expected and the actual output), or the
program timed out or failed; 2 bad usage.")]
    Verify(VerifyArgs),
    /// A contest solution in C++, Python, Java or Rust: reads the judge's input and prints its
    /// answers from the certified period, the closed form or a bounded DP.
    #[command(after_help = "\
Examples:
  grundy codegen wythoff --lang cpp --io hdu-1527 > w.cpp && g++ -std=c++17 -O2 w.cpp
  grundy codegen subtraction:1,3,4 --lang python --io lines/yes-no --out solve.py
  grundy codegen --lang rust --io hdu-1536           the game comes with the input (S-Nim)
  grundy codegen 0.77 --lang java --io heaps/first-second
  grundy codegen script:examples/divisors.rhai --lang cpp --io lines/yes-no --rule observed

The source goes to stdout, or to --out FILE (an existing file is kept unless --force). Its header
comment states the game, the rule and the certificate; a DP states the largest heap it answers
and refuses larger ones at run time.")]
    Codegen(CodegenArguments),
    /// The derivation step by step, as the tutorials teach it: the state, the table with each mex,
    /// the pattern and the theorem that proves it, the rule, and the answer with its arithmetic.
    #[command(after_help = "\
Examples:
  grundy explain subtraction:1,3,4 10^18
  grundy explain subtraction:1,3,4 10^18 --lang zh
  grundy explain bash:3 10 --format markdown
  grundy explain nim 3,4,5 --json
  grundy explain 0.77
  grundy explain oddball:1,2,3 5

The language defaults to LC_ALL, LC_MESSAGES or LANG (zh* gives Chinese, anything else English).")]
    Explain(ExplainArgs),
    /// Play a game against the perfect opponent: full screen on a terminal, else one line per move
    /// (docs/play.md).
    #[command(after_help = "\
Examples:
  grundy play nim 3,4,5 --hints
  grundy play subtraction:1,3,4 10 --first computer
  grundy play wythoff 3,5
  echo 1 | grundy play nim 3,4,5         the line protocol: moves in, positions out

Keys: arrows or a number choose a move, Enter plays it, u undo, r redo, h hints, q quit.
Lines: a move's number, `to P` (the position it leaves), undo, redo, hints, quit.")]
    Play(crate::play::PlayArgs),
    /// The periodic pattern of the Grundy values, certified by a theorem when one applies.
    #[command(after_help = "\
Examples:
  grundy period subtraction:1,3,4
  grundy period subtraction:2,5,7 --json
  grundy period allbut:2,3,7
  grundy period subtraction:fibonacci --max 100000
  grundy period misere:0.77                       the misère quotient of Kayles
  grundy period misere:0.6 --max-memory 64M --checkpoint q.json   stop at the budget, resume later
  grundy period 0.77 0.07 0.137 4.07              a survey: one row per game, in this order
  grundy period --octal-codes 2 --threads 2       every code 0.1 … 0.77, two games at a time
  grundy period --codes codes.txt --timeout 10 --json   one spec per line (- reads stdin)

A survey runs one game per thread on --threads threads (each sequence has a sequential critical
path, so threads within one game pay only for expensive values; whole games keep every thread
busy). Each game has its own --max and --timeout (counted from its start) and an equal share of
--max-memory (the limit divided by the games running at once); a game that runs out of them is
its row, not the survey's end. Rows come in input order and do not depend on --threads; Ctrl-C
stops the games running and prints the rows finished.")]
    Period {
        /// The game, e.g. subtraction:2,5,7; several games (or --codes, --octal-codes) make a
        /// survey: one row per game.
        #[arg(required_unless_present_any = ["codes", "octal_codes", "hex_codes"])]
        games: Vec<String>,
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        quotient: crate::period::QuotientArgs,
        #[command(flatten)]
        survey: crate::survey::SurveyArgs,
    },
    /// Research campaigns: a whole family of games (octal codes, subtraction sets, a list)
    /// computed into a database, resumable and shared by processes, then published as tables
    /// (docs/campaigns.md).
    #[command(after_help = "\
Examples:
  grundy campaign new codes3.sqlite --octal-codes 3          511 codes, 2^20 values each at most
  grundy campaign run codes3.sqlite                         one game per core; Ctrl-C, then run again
  grundy campaign status codes3.sqlite                      done, running, open, rate, time left
  grundy campaign export codes3.sqlite --format markdown    the solved and unsolved tables
  grundy campaign export codes3.sqlite --format json --out codes3.json
  grundy campaign verify codes3.json                        re-check every certificate
  grundy campaign equivalences codes3.sqlite                codes that play alike

A campaign is one SQLite file, or a PostgreSQL schema (postgres://… addresses) that workers on
many machines share. Any number of `run`s share a campaign: each worker takes a game at a time
under a lease; a process that is killed gives its games back (at once on its own machine, after
--lease seconds otherwise), and finished games are never computed again.")]
    Campaign {
        #[command(subcommand)]
        command: crate::campaign::CampaignCommand,
    },
    /// A local web playground and JSON API: solve, tables, periods and explanations in the
    /// browser (docs/serve.md).
    #[command(after_help = "\
Examples:
  grundy serve --open                    start on http://127.0.0.1:8421/ and open the browser
  grundy serve --port 0                  any free port (the first line on stdout names it)
  grundy serve --max-concurrent 2 --queue 8 --timeout 5 --max-memory 256M

The server answers on 127.0.0.1 only unless --bind says otherwise; it reads no files for a
request (scripts come as text). Each computation runs on one thread within --max, --max-memory
and --timeout; at most --max-concurrent run at once, --queue more wait, and any request beyond
them is answered 503. Ctrl-C or SIGTERM stops it after the requests in flight.")]
    Serve(crate::serve::ServeArgs),
    /// Nim multiplication: the nim product of whole numbers of any size (a head of Turning
    /// Corners at row a, column b is worth a ⊗ b).
    #[command(after_help = "\
Examples:
  grundy nimber 5 7                      5 ⊗ 7 = 13
  grundy nimber 2^32 2^32                a Fermat 2-power squared: 3 · 2^31
  grundy nimber 3 5 6 --json             the product of several factors, as JSON
  grundy table turning-corners --to 15   the multiplication table")]
    Nimber {
        /// The factors: whole numbers (10^18, 2^64 are written so).
        #[arg(required = true)]
        factors: Vec<String>,
        /// Print JSON: `factors` and `product`.
        #[arg(long)]
        json: bool,
    },
}

/// The arguments of `grundy codegen`.
#[derive(Args, Debug)]
pub(crate) struct CodegenArguments {
    /// The game (none for a preset that fixes it or an input that carries it).
    pub(crate) game: Option<String>,
    /// The language: cpp, python, java or rust.
    #[arg(long, value_enum)]
    pub(crate) lang: LanguageName,
    /// The judge format: a preset (hdu-1527, lanqiao-2016-qiuqiu, …) or INPUT/OUTPUT
    /// (lines/yes-no, heaps/count, …).
    #[arg(long, value_name = "FORMAT")]
    pub(crate) io: String,
    /// Write the source to this file instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub(crate) out: Option<PathBuf>,
    /// Replace --out's file when it exists.
    #[arg(long)]
    pub(crate) force: bool,
    /// Where grundy has no proved program (a script, a code without a certified period), rest
    /// the program on a rule `grundy pattern` finds in the game's table: never, a certified one,
    /// or an observed one too.
    #[arg(long, value_enum, default_value_t = RuleName::Never)]
    pub(crate) rule: RuleName,
    /// With --rule: look for the rule on positions 0..=N, as grundy pattern --to.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub(crate) rule_to: Option<String>,
    /// With --rule: check it on positions 0..=M, as grundy pattern --check-to.
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    pub(crate) rule_check_to: Option<String>,
    /// The most values grundy computes to find the game's period, as for solve.
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    pub(crate) max: Option<String>,
    /// The most memory that search may hold (default: half of the memory grundy may use).
    #[arg(long, value_name = "SIZE", allow_hyphen_values = true)]
    pub(crate) max_memory: Option<String>,
    /// Stop after this many seconds (e.g. 30 or 2.5) with a refusal, exit 2 (default: no limit).
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
    pub(crate) timeout: Option<String>,
}

/// The arguments of `grundy explain`.
#[derive(Args, Debug)]
pub(crate) struct ExplainArgs {
    /// The game, e.g. subtraction:1,3,4 (see `grundy --help` for every form).
    pub(crate) game: String,
    /// The position to answer, as for `grundy solve` (optional: without it, the game's
    /// table, pattern and rule).
    #[arg(allow_hyphen_values = true)]
    pub(crate) position: Option<String>,
    /// Terminal text or Markdown.
    #[arg(long, value_enum, default_value_t = FormatName::Text)]
    pub(crate) format: FormatName,
    /// The language: en or zh (default: from the locale's environment variables).
    #[arg(long, value_enum)]
    pub(crate) lang: Option<LocaleName>,
    /// Columns per line for the text (paragraphs wrap).
    #[arg(long, value_name = "COLUMNS", default_value_t = 80)]
    pub(crate) width: usize,
    #[command(flatten)]
    pub(crate) common: Common,
}

/// The arguments of `grundy pattern`.
#[derive(Args, Debug)]
pub(crate) struct PatternArgs {
    /// The game, e.g. subtraction:1,3,4 or script:game.rhai (one or two numbers per position).
    pub(crate) game: String,
    /// Look for rules on positions 0..=N in each coordinate (default: 1000 for one number,
    /// 100 for two).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub(crate) to: Option<String>,
    /// Check the rules found on positions 0..=M (default: 4N for one number, 2N for two).
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    pub(crate) check_to: Option<String>,
    #[command(flatten)]
    pub(crate) common: Common,
}

#[derive(Args, Debug)]
pub(crate) struct Common {
    /// Print JSON on stdout instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// The most values, table cells or positions to compute (defaults: 10^7 values, 10^6 for
    /// squares, 10^5 for primes, 2^20 for take-and-break codes; 4·10^6 cells or positions; at most 10^9).
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    pub(crate) max: Option<String>,
    /// The most memory one answer may hold, e.g. 512M, 8G or a number of bytes (default: half
    /// of the memory grundy may use: what the machine has available, or less under a cgroup or
    /// ulimit). Work that would need more is refused before it allocates.
    #[arg(long, value_name = "SIZE", allow_hyphen_values = true)]
    pub(crate) max_memory: Option<String>,
    /// Stop after this many seconds (e.g. 30 or 2.5) with a refusal, exit 2; `none` for no
    /// limit (default: 60 s for each question, none when --max sets the size of the run).
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
    pub(crate) timeout: Option<String>,
    /// Give every winning move with the whole position it leaves (by default a long answer gives
    /// only the heap or component a move changes).
    #[arg(long)]
    pub(crate) full_positions: bool,
    /// The engine for Grundy values (answers are identical; speed differs).
    #[arg(long, value_enum, default_value_t = EngineName::Streaming)]
    pub(crate) engine: EngineName,
    /// Threads for one game's values (take-and-break codes run as a pipeline of up to N threads,
    /// at most one per core, when a value costs enough; default: every core).
    #[arg(long, value_name = "N")]
    pub(crate) threads: Option<usize>,
    /// Show a script's print and debug output and each call grundy makes with its result
    /// (`call: moves(3) = [2, 0]`), on stderr as they happen.
    #[arg(long)]
    pub(crate) trace: bool,
}

/// The arguments of `grundy contest`.
#[derive(Args, Debug)]
pub(crate) struct ContestArgs {
    /// The game, e.g. wythoff (optional when the format fixes it); `oddball` alone is the
    /// Lanqiao 2016 contest game.
    pub(crate) game: Option<String>,
    /// The judge format: a preset (hdu-1527, …) or INPUT/OUTPUT (lines/yes-no, …).
    #[arg(long = "io", value_name = "FORMAT")]
    pub(crate) io: Option<String>,
    /// For oddball, the largest pile accepted (positions up to it are solved: about 80 bytes
    /// per pile size, within --max-memory; default 1000000). For other formats, the most
    /// values or positions to compute, as for solve.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub(crate) max: Option<String>,
    /// The most memory the solution may hold (default: half of the memory grundy may use).
    #[arg(long, value_name = "SIZE", allow_hyphen_values = true)]
    pub(crate) max_memory: Option<String>,
    /// Stop after this many seconds (e.g. 30 or 2.5) with a refusal, exit 2 (default: no limit).
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
    pub(crate) timeout: Option<String>,
}

/// The arguments of `grundy verify`.
#[derive(Args, Debug)]
pub(crate) struct VerifyArgs {
    /// The game, e.g. wythoff (optional when the format fixes it or reads it from the input).
    pub(crate) game: Option<String>,
    /// The program to check, run by `sh -c` with each test input on its stdin (without it,
    /// grundy's own fast paths are checked against its brute force).
    #[arg(long, value_name = "CMD")]
    pub(crate) against: Option<String>,
    /// Without --against: the largest heap (or number in a position) compared (default: 500
    /// for one-heap subtraction games, 200 for take-and-break codes, 60 for three-heap splits, 40
    /// for games of pairs or quotas, 12 for Nim and sums).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub(crate) to: Option<String>,
    /// Without --against: print the checks as JSON.
    #[arg(long)]
    pub(crate) json: bool,
    /// Without --against: threads for the engines that use one (the checks run each take-and-break
    /// engine on one and two threads whatever this says).
    #[arg(long, value_name = "N")]
    pub(crate) threads: Option<usize>,
    /// Without --against: stop after this many seconds (e.g. 30), exit 2.
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
    pub(crate) timeout: Option<String>,
    /// The judge format the program reads and prints: a preset or INPUT/OUTPUT.
    #[arg(long = "io", value_name = "FORMAT")]
    pub(crate) io: Option<String>,
    /// How many test inputs.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub(crate) cases: u64,
    /// The seed of the random test inputs (or random positions): the same seed, the same ones.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,
    /// Seconds each run of the program may take (e.g. 2 or 0.5).
    #[arg(
        long,
        value_name = "SECS",
        default_value = "2",
        allow_hyphen_values = true
    )]
    pub(crate) time_limit: String,
    /// The most values or positions grundy computes for its answers, as for solve.
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    pub(crate) max: Option<String>,
    /// The most memory grundy's answers may hold (default: half of the memory grundy may use).
    #[arg(long, value_name = "SIZE", allow_hyphen_values = true)]
    pub(crate) max_memory: Option<String>,
}

/// How `grundy explain` lays out its text.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum FormatName {
    /// Terminal text: aligned columns, wrapped paragraphs.
    Text,
    /// Markdown, for notes, blogs and teaching material.
    Markdown,
}

/// The language of `grundy explain`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum LocaleName {
    /// English.
    En,
    /// 中文 (Chinese).
    Zh,
}

/// The language asked for, or the environment's: the first of `LC_ALL`, `LC_MESSAGES`, `LANG`
/// that is set and not empty; `zh…` gives Chinese, anything else English.
pub(crate) fn language(asked: Option<LocaleName>) -> grundy::render::explain::Language {
    use grundy::render::explain::Language;
    match asked {
        Some(LocaleName::En) => Language::En,
        Some(LocaleName::Zh) => Language::Zh,
        None => {
            let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
                .iter()
                .filter_map(|name| std::env::var(name).ok())
                .find(|value| !value.is_empty())
                .unwrap_or_default();
            if locale.to_ascii_lowercase().starts_with("zh") {
                Language::Zh
            } else {
                Language::En
            }
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum RuleName {
    /// Only proved programs: certified periods, closed forms, bounded DPs.
    Never,
    /// Also a rule `grundy pattern` finds in the game's table, when a theorem certifies it.
    Certified,
    /// Also a rule `grundy pattern` observes in the table without a proof (the program's header
    /// says so, with how far it was checked).
    Observed,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum LanguageName {
    /// C++17 (g++ -std=c++17 -O2).
    Cpp,
    /// Python 3.
    Python,
    /// Java 17 (class Main).
    Java,
    /// Rust (edition 2021).
    Rust,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum EngineName {
    /// The fast engine: ring buffer of the last max S values (finite sets), value counting
    /// (all-but sets), rare/common (take-and-break codes).
    Streaming,
    /// The definition, mex over every option: the reference implementation.
    Naive,
}

/// The configuration for an engine and a thread count from the command line.
pub(crate) fn engine_config(engine: EngineName, threads: Option<usize>) -> anyhow::Result<Config> {
    let engine = match engine {
        EngineName::Streaming => Engine::Streaming,
        EngineName::Naive => Engine::Naive,
    };
    let config = Config::default().with_engine(engine);
    Ok(match threads {
        Some(threads) => config.with_threads(threads)?,
        None => config,
    })
}

impl Common {
    /// An analyzer with these settings, reporting to `observer`, tracing scripts on stderr when
    /// asked.
    pub(crate) fn analyzer<'o>(
        &self,
        observer: &'o dyn grundy::Observer,
    ) -> anyhow::Result<grundy::Analyzer<'o>> {
        let analyzer = grundy::Analyzer::new(self.config()?).with_observer(observer);
        Ok(if self.trace {
            analyzer.with_script_trace(std::sync::Arc::new(|line: &str| eprintln!("{line}")))
        } else {
            analyzer
        })
    }

    pub(crate) fn config(&self) -> anyhow::Result<Config> {
        let mut config = engine_config(self.engine, self.threads)?;
        let memory = match &self.max_memory {
            Some(text) => parse_size(text, "--max-memory")?,
            None => default_max_memory(),
        };
        config = config.with_max_memory(memory)?;
        match self.timeout.as_deref() {
            Some("none") => {}
            Some(text) => config = config.with_timeout(parse_seconds(text, "--timeout")?),
            // A question that did not ask for a long run gets an answer or a refusal in time.
            None if self.max.is_none() => {
                config = config.with_timeout(grundy::budget::DEFAULT_TIMEOUT);
            }
            None => {}
        }
        if self.full_positions {
            config = config.with_move_targets(grundy::MoveTargets::Whole);
        }
        let Some(max) = &self.max else {
            return Ok(config);
        };
        let limit = parse_count(max, "--max", 1, grundy::analysis::MAX_VALUES_LIMIT)?;
        Ok(config.with_max_values(limit)?)
    }
}
