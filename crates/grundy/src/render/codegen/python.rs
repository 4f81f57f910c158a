//! Python 3: runs on `CPython` as it is. Integers are exact at any size; numbers above 64 bits are
//! refused as the other languages refuse them, so that every language answers the same inputs.

use super::reader::{Part, ReaderSyntax, Usage};
use super::rule::{Helper, RuleSyntax};
use super::walk::Syntax;
use crate::input::judge_format::description::Reading;

/// Python's pieces.
pub(super) struct Python;

impl Syntax for Python {
    fn comment(&self) -> &'static str {
        "#"
    }

    fn shebang(&self) -> &'static str {
        "#!/usr/bin/env python3\n"
    }

    fn gap(&self) -> &'static str {
        "\n\n"
    }

    fn components(&self, count: usize) -> String {
        (0..count)
            .map(|i| format!("Heap{i}()"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn prelude(&self) -> &'static str {
        r#"
?wythoff,rule_sqrt|import math
import sys
?dynamic|from bisect import bisect_right


def fail(message):
    sys.stderr.write("error: " + message + "\n")
    sys.exit(1)


def parse_number(token):
    """A decimal number of at most 64 bits; anything else is refused."""
    if not token or any(c not in "0123456789" for c in token):
        fail("'" + token + "' is not a whole number")
    value = int(token)
    if value >= 1 << 64:
        fail(token + " does not fit in 64 bits")
    return value
"#
    }

    fn nim_heap(&self) -> &'static str {
        r#"class ${name}:
    """A Nim heap: G(n) = n."""

    def value(self, n):
        return n
"#
    }

    fn table_indent(&self) -> &'static str {
        "        "
    }

    fn period_heap(&self) -> &'static str {
        "class ${name}:
    PREPERIOD = ${preperiod}
    PERIOD = ${period}
?saltus|    SALTUS = ${saltus}
    # G(0) .. G(PREPERIOD + PERIOD - 1): the preperiod, then one period.
    TABLE = [
${table}
    ]
?amounts|    amounts = [${amounts}]

    def value(self, n):
        if n < self.PREPERIOD + self.PERIOD:
            return self.TABLE[n]
        offset = n - self.PREPERIOD
?saltus|        return self.TABLE[self.PREPERIOD + offset % self.PERIOD] + offset // self.PERIOD * self.SALTUS
?!saltus|        return self.TABLE[self.PREPERIOD + offset % self.PERIOD]
"
    }

    fn table_heap(&self) -> &'static str {
        r#"class ${name}:
    """G(0) .. G(BOUND) as grundy computed them: no period is proved, so larger heaps are refused."""

    BOUND = ${bound}
    TABLE = [
${table}
    ]

    def value(self, n):
        if n > self.BOUND:
            fail("heap %d is above %d, the largest heap this program's table holds (no period is proved)" % (n, self.BOUND))
        return self.TABLE[n]
"#
    }

    fn dp_heap(&self) -> &'static str {
        r#"class ${name}:
    """G(n) by the definition: the mex of the values of the heaps a move leaves, memoised."""

    BOUND = ${bound}

?!carried|    def __init__(self):
?!carried|        self.amounts = [${amounts}]  # ascending
?carried|    def __init__(self, amounts):
?carried|        self.amounts = a = sorted(set(amounts))
?carried|        # Closed forms (docs/theory.md §4, §5): the residue theorem — the set holds 1..m-1 and
?carried|        # no multiple of m, G(n) = n mod m — and {1, 2, k} with 3 | k, period k + 1.
?carried|        m = 1
?carried|        while m <= len(a) and a[m - 1] == m:
?carried|            m += 1
?carried|        self.modulus = m if m >= 2 and all(s % m for s in a) else 0
?carried|        self.cycle = a[2] if len(a) == 3 and a[:2] == [1, 2] and a[2] % 3 == 0 else 0
        self.values = []
?fibonacci|        self.low, self.high = 1, 2  # consecutive Fibonacci numbers
?squares|        self.root = 1  # the next square is root * root
?powers|        self.power = 1  # the next power of two

    def value(self, n):
?carried|        if self.modulus:
?carried|            return n % self.modulus
?carried|        if self.cycle:
?carried|            r = n % (self.cycle + 1)
?carried|            return 3 if r == self.cycle else r % 3
        if n > self.BOUND:
            fail("heap %d is above %d, the largest heap this DP answers (no period is proved)" % (n, self.BOUND))
        values, amounts = self.values, self.amounts
        while len(values) <= n:
            heap = len(values)
?fibonacci|            if heap == self.low:
?fibonacci|                amounts.append(heap)
?fibonacci|                self.low, self.high = self.high, self.low + self.high
?squares|            if heap == self.root * self.root:
?squares|                amounts.append(heap)
?squares|                self.root += 1
?powers|            if heap == self.power:
?powers|                amounts.append(heap)
?powers|                self.power *= 2
?primes|            divisor = 2
?primes|            while divisor * divisor <= heap and heap % divisor:
?primes|                divisor += 1
?primes|            if heap >= 2 and divisor * divisor > heap:  # a prime
?primes|                amounts.append(heap)
            seen = set()
            for take in amounts:
                if take > heap:
                    break
                seen.add(values[heap - take])
            mex = 0
            while mex in seen:
                mex += 1
?misere|            values.append(mex if seen else 1)  # misère: no move is worth 1
?!misere|            values.append(mex)
        return values[n]
"#
    }

    fn bash_heap(&self) -> &'static str {
        r#"class ${name}:
    """bash:m, take 1 to m: G(n) = n mod (m + 1) (the residue theorem)."""

    def __init__(self, m):
        self.m = m

    def value(self, n):
        return n % (self.m + 1)
"#
    }

    fn xor_game(&self) -> &'static str {
        r#"class Game:
?carried|    def __init__(self, heap):
?carried|        self.heap = heap
?!carried|    def __init__(self, heap=None):
?!carried|        self.heap = heap or Heap()

    def outcome(self, heaps):
?single|        if len(heaps) != 1:
?single|            fail("a position of this game is one number, the script's argument")
        total = 0
        for h in heaps:
            total ^= self.heap.value(h)
        return "W" if total else "L"
?moves|
?moves|    def winning_moves(self, heaps):
?moves|        """Every move to a position of xor 0: heaps in input order."""
?moves|        total = 0
?moves|        for h in heaps:
?moves|            total ^= self.heap.value(h)
?moves|        moves = []
?moves|        if total == 0:
?moves|            return moves
?moves|        for h in heaps:
?moves|            target = self.heap.value(h) ^ total
?moves&nim_moves|            if target < h:
?moves&nim_moves|                moves.append((h, target))
?moves&bash_moves|            for take in range(1, min(self.heap.m, h) + 1):
?moves&bash_moves|                if self.heap.value(h - take) == target:
?moves&bash_moves|                    moves.append((h, h - take))
?moves&!nim_moves&!bash_moves|            for take in self.heap.amounts:
?moves&!nim_moves&!bash_moves|                if take > h:
?moves&!nim_moves&!bash_moves|                    break
?moves&!nim_moves&!bash_moves|                if self.heap.value(h - take) == target:
?moves&!nim_moves&!bash_moves|                    moves.append((h, h - take))
?moves|        return moves
"#
    }

    fn sum_game(&self) -> &'static str {
        r#"class Game:
    def __init__(self):
        self.heaps = [${components}]

    def outcome(self, heaps):
        if len(heaps) != ${count}:
            fail("a position is ${count} heaps, one per component of the sum")
        total = 0
        for heap, h in zip(self.heaps, heaps):
            total ^= heap.value(h)
        return "W" if total else "L"
"#
    }

    fn misere_game(&self) -> &'static str {
        r#"class Game:
    def __init__(self):
        self.heap = Heap()

    def outcome(self, heaps):
        if len(heaps) != 1:
            fail("under misère play a position is one heap: misère values do not add up by xor")
        return "W" if self.heap.value(heaps[0]) else "L"
"#
    }

    fn misere_nim(&self) -> &'static str {
        r#"class Game:
    def outcome(self, heaps):
        total = 0
        for h in heaps:
            total ^= h
        if all(h <= 1 for h in heaps):
            loses = sum(heaps) % 2 == 1
        else:
            loses = total == 0
        return "L" if loses else "W"
"#
    }

    fn staircase(&self) -> &'static str {
        r#"class Game:
    def outcome(self, steps):
        total = 0
        for coins in steps[::2]:  # steps 1, 3, 5, ...
            total ^= coins
        return "L" if total == 0 else "W"
"#
    }

    fn tokens(&self) -> &'static str {
        TOKENS
    }

    fn hackenbush(&self) -> &'static str {
        HACKENBUSH
    }

    fn moore(&self) -> &'static str {
        r#"class Game:
    def outcome(self, heaps):
        for bit in range(64):
            if sum((h >> bit) & 1 for h in heaps) % ${modulus} != 0:
                return "W"
        return "L"
"#
    }

    fn wythoff(&self) -> &'static str {
        r#"class Game:
    def outcome(self, heaps):
        if len(heaps) != 2:
            fail("a Wythoff position is two heaps")
        a, b = min(heaps), max(heaps)
        k = b - a
        lower = (k + math.isqrt(5 * k * k)) // 2  # floor(k phi), exactly
        return "L" if lower == a else "W"
?moves|
?moves|    @staticmethod
?moves|    def lower(j):
?moves|        """a_j = floor(j phi), the smaller heap of the P-position of difference j."""
?moves|        return (j + math.isqrt(5 * j * j)) // 2
?moves|
?moves|    def index(self, n, upper):
?moves|        """The j with n = a_j (or, when upper, n = a_j + j), if there is one."""
?moves|        root = math.isqrt(5 * n * n)
?moves|        guess = (3 * n - root) // 2 if upper else (root - n) // 2  # n / phi^2 or n / phi
?moves|        for j in range(max(guess - 1, 0), guess + 2):
?moves|            if self.lower(j) + (j if upper else 0) == n:
?moves|                return j
?moves|        return None
?moves|
?moves|    def winning_moves(self, heaps):
?moves|        """Every winning move as the pair it leaves, smaller first: the move from both heaps,
?moves|        then those from one heap in ascending order (a pair two moves leave, once)."""
?moves|        if len(heaps) != 2:
?moves|            fail("a Wythoff position is two heaps")
?moves|        a, b = min(heaps), max(heaps)
?moves|        k = b - a
?moves|        both, one = [], set()
?moves|        if a > self.lower(k):  # the P-position of the same difference, below
?moves|            both.append((self.lower(k), self.lower(k) + k))
?moves|        j = self.index(a, False)
?moves|        if j is not None and self.lower(j) + j < b:  # b down to a's partner
?moves|            one.add((a, self.lower(j) + j))
?moves|        j = self.index(a, True)
?moves|        if j is not None:  # b down to a's smaller partner
?moves|            one.add((self.lower(j), a))
?moves|        j = self.index(b, True)
?moves|        if j is not None and self.lower(j) < a:  # a down to b's partner
?moves|            one.add((self.lower(j), b))
?moves|        return both + sorted(one)
"#
    }

    fn fibonacci_nim(&self) -> &'static str {
        r#"class Game:
    def outcome(self, numbers):
        if not 1 <= len(numbers) <= 2:
            fail("a Fibonacci Nim position is a heap n, or n and the quota q")
        if len(numbers) == 2 and numbers[1] == 0:
            fail("the quota must be at least 1")
        n = numbers[0]
        if n == 0:
            return "L"
        quota = numbers[1] if len(numbers) == 2 else n - 1  # a fresh heap: anything but all
        fibonacci = [1, 2]
        while fibonacci[-1] + fibonacci[-2] <= n:
            fibonacci.append(fibonacci[-1] + fibonacci[-2])
        # Zeckendorf: take the largest Fibonacci number that fits, greedily; the last is the
        # smallest term.
        rest, smallest = n, 0
        for term in reversed(fibonacci):
            if term <= rest:
                rest -= term
                smallest = term
        return "W" if smallest <= quota else "L"
"#
    }

    fn dynamic(&self) -> &'static str {
        r#"class Game:
    """Dynamic subtraction (docs/theory.md §15): after a take of x the next move takes 1 to
    f(x) = slope * x + offset, non-decreasing with f(x) >= x. The P-sequence H: H_1 = 1,
    H_(j+1) = H_j + H_m with m the least index such that f(H_m) >= H_j. The player to move wins
    exactly when the smallest term of the heap's greedy representation in H is at most the
    quota."""

    def __init__(self, numbers=()):
?dynamic_slope_read|        self.slope = numbers[${slope_index}]
?!dynamic_slope_read|        self.slope = ${slope}
?dynamic_offset_read|        self.offset = numbers[${offset_index}]
?!dynamic_offset_read|        self.offset = ${offset}
        if self.slope > 10**18 or abs(self.offset) > 10**18:
            fail("the coefficients of the bound must be at most 10^18")
        if self.slope < 1 or self.slope + self.offset < 1:
            fail("the move bound must be non-decreasing with f(x) >= x: a slope of at least 1 and f(1) >= 1")
        self.terms = [1]  # H, grown as the heaps need
        self.m = 0  # the least index whose f reaches the last term

    def smallest(self, n):
        """The smallest term of the greedy representation of n >= 1."""
        terms, slope, offset, m = self.terms, self.slope, self.offset, self.m
        while terms[-1] <= n:
            last = terms[-1]
            while slope * terms[m] + offset < last:
                m += 1
            if len(terms) == 60000000:
                fail("the P-sequence up to this heap passes 60000000 terms (about k ln(n/k) for kx): this program answers smaller heaps or slopes")
            terms.append(last + terms[m])
        self.m = m
        rest, least, below = n, 0, len(terms)
        while rest > 0:
            below = bisect_right(terms, rest, 0, below) - 1
            rest -= terms[below]
            least = terms[below]
        return least

    def outcome(self, numbers):
        if not 1 <= len(numbers) <= 2:
            fail("a dynamic subtraction position is a heap n, or n and the quota q")
        if len(numbers) == 2 and numbers[1] == 0:
            fail("the quota must be at least 1")
        n = numbers[0]
        if n >= 1 << 62:
            fail("this program answers heaps below 2^62")
        if n == 0:
            return "L"
        quota = numbers[1] if len(numbers) == 2 else n - 1  # a fresh heap: anything but all
        return "W" if self.smallest(n) <= quota else "L"
"#
    }

    fn oddball(&self) -> &'static str {
        r#"RANK = {"W": 2, "T": 1, "L": 0}
FLIP = {"W": "L", "T": "T", "L": "W"}


class Game:
    BOUND = ${bound}

    def __init__(self):
        self.amounts = [${amounts}]
        # results[4 * left + 2 * mine + theirs]: "W", "T" or "L" for the player to move, where
        # mine and theirs are the parities of the balls each player holds.
        self.results = []

    def solve(self, left, mine, theirs):
        if left > self.BOUND:
            fail("pile %d is above %d, the largest pile this DP answers" % (left, self.BOUND))
        results = self.results
        while len(results) <= 4 * left + 3:
            balls = len(results) // 4
            for state in range(4):
                m, t = state >> 1, state & 1
                best = None
                for take in self.amounts:
                    if take > balls:
                        continue
                    # The opponent moves next; the mover's parity changes with an odd take.
                    now = FLIP[results[4 * (balls - take) + 2 * t + (m ^ (take & 1))]]
                    if best is None or RANK[now] > RANK[best]:
                        best = now
                if best is None:  # no move: odd beats even, equal parities tie
                    best = "T" if m == t else ("W" if m == 1 else "L")
                results.append(best)
        return results[4 * left + 2 * mine + theirs]

    def outcome(self, numbers):
        if len(numbers) == 1:
            return self.solve(numbers[0], 0, 0)
        if len(numbers) == 3:
            return self.solve(numbers[0], numbers[1] % 2, numbers[2] % 2)
        fail("a position is the balls left n, or n and the balls each player holds")
"#
    }

    fn rules(&self) -> &dyn RuleSyntax {
        self
    }

    fn rule_game(&self) -> &'static str {
        r#"class Game:
    def outcome(self, numbers):
?!pairs|        if len(numbers) != 1:
?!pairs|            fail("a position is one number n")
?!pairs|        n = numbers[0]
?pairs|        if len(numbers) != 2:
?pairs|            fail("a position is two numbers a b")
?pairs|        a, b = numbers
${cases}"#
    }

    fn rule_heap(&self) -> &'static str {
        r#"class ${name}:
    """G(n) by the rule found in the game's table (the header says how sure it is)."""

    def value(self, n):
        return ${expression}
"#
    }

    fn answer(&self) -> &'static str {
        r#"def answer(game, position):
?output_words|    outcome = game.outcome(position)
?output_words|    if outcome == "T":
?output_words|        fail("best play ties, and this format has no word for a tie")
?draw_refused|    if outcome == "D":
?draw_refused|        fail("best play never ends (a draw), and this format has no word for a draw")
?draw_word&output_words|    if outcome == "D":
?draw_word&output_words|        return "${draw}"
?output_words|    return "${win}" if outcome == "W" else "${lose}"
?output_tie&!draw_word|    return {"W": "${win}", "T": "${tie}", "L": "${lose}"}[game.outcome(position)]
?output_tie&draw_word|    return {"W": "${win}", "T": "${tie}", "L": "${lose}", "D": "${draw}"}[game.outcome(position)]
?output_count|    return str(len(game.winning_moves(position)))
?output_moves|    moves = game.winning_moves(position)
?output_moves|    if not moves:
?output_moves|        return "${lose}"
?output_moves|    return "\n".join(["${win}"] + ["%d %d" % move for move in moves])
"#
    }

    fn game_declaration(&self) -> &'static str {
        "?carried_input|games = Games()
?!carried_input|game = Game()
"
    }

    fn reader_helpers(&self) -> &'static str {
        READER_HELPERS
    }

    fn run(&self) -> &'static str {
        r#"def run(input, out):
    """Reads the judge's input as its description says, answering each case."""
${body}"#
    }

    fn main(&self) -> &'static str {
        r#"def main():
    text = sys.stdin.buffer.read().decode("utf-8", "replace")
    input, out = Input(text), Output()
    run(input, out)
    if input.more():
        fail("unexpected text after what the input holds: '" + input.word("") + "'")
    out.write()


if __name__ == "__main__":
    main()
"#
    }

    fn reader(&self) -> &dyn ReaderSyntax {
        self
    }
}

impl ReaderSyntax for Python {
    fn length(&self, list: &str) -> String {
        format!("len({list})")
    }

    fn each_index(&self, index: &str, length: &str) -> String {
        format!("for {index} in range({length})")
    }

    fn open(&self, head: &str) -> String {
        format!("{head}:")
    }

    fn close(&self) -> Option<&'static str> {
        None
    }

    fn scope(&self) -> Option<&'static str> {
        None
    }

    fn declare(&self, _: &str, _: Reading, _: Usage) -> Option<String> {
        None
    }

    fn assign(&self, name: &str, value: &str) -> String {
        format!("{name} = {value}")
    }

    fn clear(&self, name: &str, _: Reading) -> String {
        format!("{name} = []")
    }

    fn push(&self, name: &str, value: &str) -> String {
        format!("{name}.append({value})")
    }

    fn repeat(&self, _: usize, count: &str) -> String {
        format!("for _ in range({count})")
    }

    fn while_head(&self, condition: &str) -> String {
        format!("while {condition}")
    }

    fn if_head(&self, condition: &str) -> String {
        format!("if {condition}")
    }

    fn break_statement(&self) -> &'static str {
        "break"
    }

    fn return_statement(&self) -> &'static str {
        "return"
    }

    fn line_start(&self, commas: bool, what: &str) -> String {
        let commas = if commas { "True" } else { "False" };
        format!("line = input.line({commas}, \"{what}\")")
    }

    fn line_end(&self) -> String {
        "line.end()".to_owned()
    }

    fn mark(&self, depth: usize) -> String {
        format!("before{depth} = input.at")
    }

    fn fail(&self, message: &str) -> String {
        format!("fail(\"{message}\")")
    }

    fn equals(&self, name: &str, value: u64) -> String {
        format!("{name} == {value}")
    }

    fn and(&self) -> &'static str {
        " and "
    }

    fn constant(&self, value: u64) -> String {
        value.to_string()
    }

    fn numbers(&self, parts: &[Part]) -> String {
        if let [Part::List(name)] = parts {
            return name.clone();
        }
        let mut pieces: Vec<String> = Vec::new();
        let mut ones: Vec<&str> = Vec::new();
        for part in parts {
            match part {
                Part::One(code) => ones.push(code),
                Part::List(name) => {
                    if !ones.is_empty() {
                        pieces.push(format!("[{}]", ones.join(", ")));
                        ones.clear();
                    }
                    pieces.push(name.clone());
                }
            }
        }
        if !ones.is_empty() || pieces.is_empty() {
            pieces.push(format!("[{}]", ones.join(", ")));
        }
        pieces.join(" + ")
    }

    fn answer(&self, game: &str, position: &str) -> String {
        format!("out.add(answer({game}, {position}))")
    }

    fn newline(&self) -> &'static str {
        "out.newline()"
    }
}

impl RuleSyntax for Python {
    fn helper_source(&self, helper: Helper) -> &'static str {
        match helper {
            Helper::Unsigned => "",
            Helper::Isqrt => ISQRT,
            Helper::BeattyLower => BEATTY_LOWER,
            Helper::InTable => IN_TABLE,
            Helper::TableValue => TABLE_VALUE,
            Helper::IsOdious => IS_ODIOUS,
            Helper::IsPower => IS_POWER,
            Helper::ValuationParity => VALUATION_PARITY,
            Helper::IsFibonacci => IS_FIBONACCI,
            Helper::IsSquare => IS_SQUARE,
            Helper::IsTriangular => IS_TRIANGULAR,
            Helper::InBeatty => IN_BEATTY,
            Helper::InBands => IN_BANDS,
            Helper::InLattice => IN_LATTICE,
            Helper::BeattyPair => BEATTY_PAIR,
            Helper::Linear => LINEAR,
            Helper::Remainder => REMAINDER,
            Helper::BinaryForm => BINARY_FORM,
        }
    }

    fn table_declaration(&self, index: usize, values: &[u64]) -> String {
        format!(
            "RULE_TABLE{index} = [\n{}\n]\n",
            super::wrapped_list(values, "    ", 100)
        )
    }

    fn separator(&self) -> &'static str {
        "\n\n"
    }

    fn false_literal(&self) -> &'static str {
        "False"
    }

    fn and_or(&self) -> (&'static str, &'static str) {
        ("and", "or")
    }

    fn not(&self, condition: &str) -> String {
        format!("not ({condition})")
    }

    fn when(&self, condition: &str, then: &str, otherwise: &str) -> String {
        format!("({then} if {condition} else {otherwise})")
    }

    fn outcome_case(&self, condition: &str, letter: char) -> String {
        format!("        if {condition}:\n            return \"{letter}\"\n")
    }

    fn outcome_default(&self, letter: char) -> String {
        format!("        return \"{letter}\"\n")
    }
}

/// The `isqrt` helper.
const ISQRT: &str = "def isqrt(x):
    return math.isqrt(x)
";

/// The `beatty_lower` helper.
const BEATTY_LOWER: &str = r#"def beatty_lower(k, d):
    """floor(k alpha) for alpha = (2 - d + sqrt(d^2 + 4)) / 2, exactly: sqrt(k^2 (d^2 + 4)) is
    irrational, so floor((isqrt(k^2 (d^2 + 4)) - k (d - 2)) / 2) is the floor."""
    return (isqrt(k * k * (d * d + 4)) - k * (d - 2)) // 2
"#;

/// The `in_table` helper.
const IN_TABLE: &str = r#"def in_table(n, preperiod, period, table):
    """Membership of an ultimately periodic set: table holds its first preperiod + period flags."""
    if n >= preperiod + period:
        n = preperiod + (n - preperiod) % period
    return table[n] == 1
"#;

/// The `table_value` helper.
const TABLE_VALUE: &str = r#"def table_value(n, preperiod, period, saltus, table):
    """G(n) of an (arithmetic-)periodic rule: table holds G(0) .. G(preperiod + period - 1)."""
    if n < preperiod + period:
        return table[n]
    offset = n - preperiod
    return table[preperiod + offset % period] + offset // period * saltus
"#;

/// The `is_odious` helper.
const IS_ODIOUS: &str = r#"def is_odious(n):
    return bin(n).count("1") % 2 == 1
"#;

/// The `is_power` helper.
const IS_POWER: &str = r#"def is_power(n, base, parity):
    """n = base^j with j of the parity (0 any, 1 even, 2 odd)."""
    if n == 0:
        return False
    j = 0
    while n % base == 0:
        n //= base
        j += 1
    return n == 1 and (parity == 0 or j % 2 == parity - 1)
"#;

/// The `valuation_parity` helper.
const VALUATION_PARITY: &str = r#"def valuation_parity(n, parity):
    """n >= 1 and the exponent of the largest power of 2 dividing n has the parity (1 even, 2 odd)."""
    if n == 0:
        return False
    j = (n & -n).bit_length() - 1
    return j % 2 == parity - 1
"#;

/// The `is_fibonacci` helper.
const IS_FIBONACCI: &str = r"def is_fibonacci(n):
    a, b = 1, 2
    while a < n:
        a, b = b, a + b
    return a == n
";

/// The `is_square` helper.
const IS_SQUARE: &str = "def is_square(n):
    return isqrt(n) ** 2 == n
";

/// The `is_triangular` helper.
const IS_TRIANGULAR: &str = r#"def is_triangular(n):
    """n = m(m + 1)/2 exactly when 8n + 1 is a square."""
    return isqrt(8 * n + 1) ** 2 == 8 * n + 1
"#;

/// The `in_beatty` helper.
const IN_BEATTY: &str = r#"def in_beatty(n, d, upper):
    """n = floor(k alpha) (+ d k when upper) for some k >= 1: the least k reaching n, by bisection."""
    def term(k):
        return beatty_lower(k, d) + (d * k if upper else 0)

    low, high = 1, max(n, 1)
    while low < high:
        middle = (low + high) // 2
        if term(middle) < n:
            low = middle + 1
        else:
            high = middle
    return n >= 1 and term(low) == n
"#;

/// The `in_bands` helper.
const IN_BANDS: &str = r#"def in_bands(n, base, low, high):
    """low base^k < n <= high base^k for some k >= 0."""
    while low < n:
        if n <= high:
            return True
        low, high = low * base, high * base
    return False
"#;

/// The `in_lattice` helper.
const IN_LATTICE: &str = r"def in_lattice(a, b, rows, columns, table):
    return table[a % rows * columns + b % columns] == 1
";

/// The `beatty_pair` helper.
const BEATTY_PAIR: &str = r#"def beatty_pair(a, b, d):
    """{a, b} = {floor(k alpha), floor(k alpha) + d k} for some k >= 0."""
    low, high = min(a, b), max(a, b)
    gap = high - low
    return gap % d == 0 and beatty_lower(gap // d, d) == low
"#;

/// The `linear` helper.
const LINEAR: &str = "def linear(n, slope, offset, divisor):
    return (slope * n + offset) // divisor
";

/// The `remainder` helper.
const REMAINDER: &str = "def remainder(n, modulus, shift, add):
    return (n + shift) % modulus + add
";

/// The `binary_form` helper.
const BINARY_FORM: &str = r#"def binary_form(n, shift, form):
    """A binary form of m = n + shift - 1: 0 the number of 1 bits, 1 the 2-adic valuation, 2 the
    largest power of 2 dividing m, 3 the m-th odious number, 4 the m-th evil number."""
    m = n + shift - 1
    if m < 0 or (form in (1, 2) and m == 0):
        fail("the rule has no value at %d" % n)
    ones = bin(m).count("1")
    if form == 0:
        return ones
    if form == 1:
        return (m & -m).bit_length() - 1
    if form == 2:
        return m & -m
    if form == 3:
        return 2 * m + (1 - ones % 2)
    return 2 * m + ones % 2
"#;

/// The reader's helpers (see `Syntax::reader_helpers`).
const READER_HELPERS: &str = r#"class Input:
    """The judge's input as tokens, each with the number of its line."""

    def __init__(self, text):
        if text.startswith("\ufeff"):  # a byte-order mark is not part of the input
            text = text[1:]
        self.tokens = [(token, number) for number, line in enumerate(text.split("\n")) for token in line.split()]
        self.at = 0

    def more(self):
        return self.at < len(self.tokens)

    def word(self, what):
        if self.at == len(self.tokens):
            fail("the input ends where " + what + " should be read")
        self.at += 1
        return self.tokens[self.at - 1][0]

    def number(self, what):
        return parse_number(self.word(what))

    def line(self, commas, what):
        """The rest of the current line, or the next line holding a value."""
        while self.at < len(self.tokens):
            number = self.tokens[self.at][1]
            words = []
            while self.at < len(self.tokens) and self.tokens[self.at][1] == number:
                words.append(self.tokens[self.at][0])
                self.at += 1
            if commas:  # commas separate numbers too
                words = [part for word in words for part in word.split(",") if part]
            if words:
                return Line(words, what)
        fail("the input ends where the line " + what + " should be read")


class Line:
    """The values of one line, read in turn."""

    def __init__(self, words, what):
        self.words, self.at, self.what = words, 0, what

    def more(self):
        return self.at < len(self.words)

    def left(self):
        return len(self.words) - self.at

    def word(self, what):
        if self.at == len(self.words):
            fail("a line holds too few values: it is " + self.what)
        self.at += 1
        return self.words[self.at - 1]

    def number(self, what):
        return parse_number(self.word(what))

    def end(self):
        if self.at < len(self.words):
            fail("a line holds more than " + self.what)


class Output:
    """The answers, a line at a time: the answers of one line joined by the separator."""

    def __init__(self):
        self.lines, self.parts = [], []

    def add(self, text):
        self.parts.append(text)

    def newline(self):
        if self.parts:
            self.lines.append("${separator}".join(self.parts))
            self.parts = []

    def write(self):
        self.newline()
        sys.stdout.write("".join(line + "\n" for line in self.lines))
?add,sub,mul|
?add,sub,mul|
?add,sub,mul|def checked(value):
?add,sub,mul|    """A count or a number the format computes: 0 or more, and 64 bits."""
?add,sub,mul|    if value < 0:
?add,sub,mul|        fail("a number the format computes is negative")
?add,sub,mul|    if value >= 1 << 64:
?add,sub,mul|        fail("a number the format computes does not fit in 64 bits")
?add,sub,mul|    return value
?add,sub,mul|
?add,sub,mul|
?add|def add(a, b):
?add|    return checked(a + b)
?add|
?add|
?sub|def sub(a, b):
?sub|    return checked(a - b)
?sub|
?sub|
?mul|def mul(a, b):
?mul|    return checked(a * b)
?all_equal|
?all_equal|
?all_equal|def all_equal(values, value):
?all_equal|    return len(values) > 0 and all(v == value for v in values)
?carried_input|
?carried_input|
?carried_input|class Games:
?carried_input|    """The game of each case, built from the numbers the input gives it (the last one kept)."""
?carried_input|
?carried_input|    def __init__(self):
?carried_input|        self.values, self.game = None, None
?carried_input|
?carried_input|    def of(self, values):
?carried_input|        if values != self.values:
?carried_tokens,carried_dynamic|            self.game = Game(values)
?carried_bash|            if values[0] == 0:
?carried_bash|                fail("the limit m must be at least 1")
?carried_bash|            self.game = Game(Heap(values[0]))
?carried_set,carried_oddball|            if not values:
?carried_set,carried_oddball|                fail("the set of amounts is empty")
?carried_set,carried_oddball|            if 0 in values:
?carried_set,carried_oddball|                fail("the amounts must be positive")
?carried_set|            self.game = Game(Heap(values))
?carried_oddball|            self.game = Game()
?carried_oddball|            self.game.amounts = sorted(set(values))
?carried_input|            self.values = values
?carried_input|        return self.game
"#;

/// Tokens on a directed graph: the values children first, Smith's values where it has cycles.
const TOKENS: &str = r#"class Game:
    """Tokens on a directed graph (Sprague-Grundy): a node is worth the mex of its successors'
    values, found children first; where cycles let play go on forever, Smith's values
    (docs/theory.md §14): a node is a nimber or infinite, with K the finite values of its
    successors. Finite tokens add up by xor; one infinite token wins exactly when the others' xor
    is in its K (and draws otherwise); two infinite tokens or more draw."""

?!carried_input|    EDGES = [${edges}]
?!carried_input|
?!carried_input|    def __init__(self, numbers=EDGES):
?carried_input|    def __init__(self, numbers):
        # The graph of the edges numbers[0] > numbers[1], numbers[2] > numbers[3], ...
        self.index = {}
        for name in numbers:
            self.index.setdefault(name, len(self.index))
        n = len(self.index)
        self.successors = [[] for _ in range(n)]
        self.parents = [[] for _ in range(n)]
        for u, v in zip(numbers[0::2], numbers[1::2]):
            u, v = self.index[u], self.index[v]
            self.successors[u].append(v)
            self.parents[v].append(u)
        self.value = [0] * n
        self.infinite = [False] * n
        # Children first: a node is valued once every successor is.
        waiting = [len(s) for s in self.successors]
        ready = [u for u in range(n) if waiting[u] == 0]
        valued = 0
        while ready:
            u = ready.pop()
            seen = {self.value[v] for v in self.successors[u]}
            while self.value[u] in seen:
                self.value[u] += 1
            valued += 1
            for p in self.parents[u]:
                waiting[p] -= 1
                if waiting[p] == 0:
                    ready.append(p)
        if valued < n:
            self.smith()

    def smith(self):
        """Smith's values by the Fraenkel-Yesha labelling: for m = 0, 1, ..., a node is labelled m
        when no successor is labelled m and every successor not labelled below m has one that
        is; a node left unlabelled without a successor labelled m is infinite."""
        n = len(self.successors)
        label = [0] * n  # 0 none, 1 finite, 2 infinite
        unlabelled = n
        bad = [0] * n
        m = 0
        while unlabelled > 0:
            has_m = [False] * n
            queue = []
            for u in range(n):
                if label[u] == 0:
                    bad[u] = sum(1 for v in self.successors[u] if label[v] != 1)
                    if bad[u] == 0:
                        queue.append(u)
            while queue:
                u = queue.pop()
                if label[u] != 0 or has_m[u]:
                    continue
                label[u] = 1
                self.value[u] = m
                unlabelled -= 1
                for p in self.parents[u]:
                    if has_m[p]:
                        continue
                    has_m[p] = True
                    if label[p] == 1:
                        continue
                    for q in self.parents[p]:
                        if label[q] == 0:
                            bad[q] -= 1
                            if bad[q] == 0 and not has_m[q]:
                                queue.append(q)
            for u in range(n):
                if label[u] == 0 and not has_m[u]:
                    label[u] = 2
                    self.infinite[u] = True
                    unlabelled -= 1
            m += 1

    def outcome(self, tokens):
        total = 0
        infinite = []
        for token in tokens:
            u = self.index.get(token)
            if u is None:
                continue  # a node without edges: worth 0
            if self.infinite[u]:
                infinite.append(u)
            else:
                total ^= self.value[u]
        if not infinite:
            return "L" if total == 0 else "W"
        if len(infinite) > 1:
            return "D"
        at = infinite[0]
        if any(not self.infinite[v] and self.value[v] == total for v in self.successors[at]):
            return "W"
        return "D"
"#;

/// Green Hackenbush: the picture's value by its bridges (fusion and colon principles).
const HACKENBUSH: &str = r#"class Game:
    """Green Hackenbush by the fusion and colon principles: one depth-first search from the
    ground (node 0) finds the bridges; an edge on a cycle is fused into a loop worth 1, and a
    block hanging below a bridge adds one more than its own value to the block above."""

    def value(self, numbers):
?parents|        # Node i (from 1) hangs from the i-th number: a tree, so each parent is a node (0 to n)
?parents|        # and following parents from any node reaches the ground.
?parents|        n = len(numbers)
?parents|        for i, p in enumerate(numbers):
?parents|            if p > n:
?parents|                fail("node %d hangs from node %d, but the nodes are 0 to %d" % (i + 1, p, n))
?parents|        state = [0] * (n + 1)  # 0 unseen, 1 on the chain being followed, 2 reaches the ground
?parents|        state[0] = 2
?parents|        for i in range(1, n + 1):
?parents|            v = i
?parents|            while state[v] == 0:
?parents|                state[v] = 1
?parents|                v = numbers[v - 1]
?parents|            if state[v] == 1:
?parents|                fail("the parents make a cycle through node %d: a parent array gives a tree" % v)
?parents|            v = i
?parents|            while state[v] == 1:
?parents|                state[v] = 2
?parents|                v = numbers[v - 1]
?parents|        edges = [(p, i + 1) for i, p in enumerate(numbers)]
?!parents|        edges = list(zip(numbers[0::2], numbers[1::2]))
        index = {0: 0}  # nodes renumbered 0, 1, ..., the ground first
        for a, b in edges:
            index.setdefault(a, len(index))
            index.setdefault(b, len(index))
        nodes = len(index)
        adjacent = [[] for _ in range(nodes)]  # (neighbour, edge)
        value = [0] * nodes
        for e, (a, b) in enumerate(edges):
            a, b = index[a], index[b]
            if a == b:
                value[a] ^= 1  # a loop: worth 1
                continue
            adjacent[a].append((b, e))
            adjacent[b].append((a, e))
        time = [-1] * nodes
        low = [0] * nodes
        parent = [0] * nodes
        parent_edge = [-1] * nodes
        following = [0] * nodes
        order = [0]
        stack = [0]
        time[0] = 0
        while stack:
            v = stack[-1]
            if following[v] < len(adjacent[v]):
                w, e = adjacent[v][following[v]]
                following[v] += 1
                if e == parent_edge[v]:
                    continue
                if time[w] < 0:
                    time[w] = low[w] = len(order)
                    parent[w] = v
                    parent_edge[w] = e
                    order.append(w)
                    stack.append(w)
                else:
                    low[v] = min(low[v], time[w])
                    if time[w] < time[v]:
                        value[v] ^= 1  # an edge back up a cycle: a loop
            else:
                stack.pop()
                if v != 0:
                    low[parent[v]] = min(low[parent[v]], low[v])
        # Children before parents: a bridge adds value + 1 (colon), an edge on a cycle adds the
        # loop it is fused into, and the child's own terms join its block.
        for v in reversed(order[1:]):
            if low[v] > time[parent[v]]:
                value[parent[v]] ^= value[v] + 1
            else:
                value[parent[v]] ^= value[v] ^ 1
        return value[0]

    def outcome(self, numbers):
        return "L" if self.value(numbers) == 0 else "W"
"#;
