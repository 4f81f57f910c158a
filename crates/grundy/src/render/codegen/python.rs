//! Python 3: runs on `CPython` as it is. Integers are exact at any size; numbers above 64 bits are
//! refused as the other languages refuse them, so that every language answers the same inputs.

use super::walk::Syntax;

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
?wythoff|import math
import sys


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

    fn dp_heap(&self) -> &'static str {
        r#"class ${name}:
    """G(n) by the definition: the mex of the values of the heaps a move leaves, memoised."""

    BOUND = ${bound}

?!carried|    def __init__(self):
?!carried|        self.amounts = [${amounts}]  # ascending
?carried|    def __init__(self, amounts):
?carried|        self.amounts = sorted(set(amounts))
        self.values = []
?fibonacci|        self.low, self.high = 1, 2  # consecutive Fibonacci numbers
?squares|        self.root = 1  # the next square is root * root
?powers|        self.power = 1  # the next power of two

    def value(self, n):
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

    fn wythoff(&self) -> &'static str {
        r#"class Game:
    def outcome(self, heaps):
        if len(heaps) != 2:
            fail("a Wythoff position is two heaps")
        a, b = min(heaps), max(heaps)
        k = b - a
        lower = (k + math.isqrt(5 * k * k)) // 2  # floor(k phi), exactly
        return "L" if lower == a else "W"
"#
    }

    fn fibonacci_nim(&self) -> &'static str {
        r#"class Game:
    def outcome(self, numbers):
        if not 1 <= len(numbers) <= 2:
            fail("a Fibonacci Nim position is a heap n, or n and the quota q")
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

    fn answer(&self) -> &'static str {
        r#"def answer(game, position):
?output_words|    outcome = game.outcome(position)
?output_words|    if outcome == "T":
?output_words|        fail("best play ties, and this format has no word for a tie")
?output_words|    return "${win}" if outcome == "W" else "${lose}"
?output_symbols|    return {"W": "+", "T": "0", "L": "-"}[game.outcome(position)]
?output_count|    return str(len(game.winning_moves(position)))
?output_moves|    moves = game.winning_moves(position)
?output_moves|    if not moves:
?output_moves|        return "${lose}"
?output_moves|    return "\n".join(["${win}"] + ["%d %d" % move for move in moves])
"#
    }

    fn main(&self) -> &'static str {
        r#"def main():
${reader}

if __name__ == "__main__":
    main()
"#
    }

    fn line_reader(&self) -> &'static str {
        r#"    game = Game()
?cases|    expected = None
?cases|    done = 0
    for line in sys.stdin.read().splitlines():
        numbers = [parse_number(token) for token in line.replace(",", " ").split()]
        if not numbers:
            continue
?lines_zero|        if not any(numbers):
?lines_zero|            break
?cases|        if expected is None:
?cases|            if len(numbers) != 1:
?cases|                fail("the first line is the number of cases T")
?cases|            expected = numbers[0]
?cases|            continue
?cases|        if done == expected:
?cases|            fail("more lines than the T cases")
?cases|        done += 1
        print(answer(game, numbers))
?cases|    if expected is None or done < expected:
?cases|        fail("the input ends before the T cases")
"#
    }

    fn stream_reader(&self) -> &'static str {
        r#"    numbers = [parse_number(token) for token in sys.stdin.read().split()]
    at = 0

    def next_number(what):
        nonlocal at
        if at == len(numbers):
            fail("the input ends before " + what)
        at += 1
        return numbers[at - 1]

?heaps|    game = Game()
?heaps|    while at < len(numbers):
?heaps|        m = next_number("the heap count")
?heaps|        if m == 0:
?heaps|            break
?heaps|        print(answer(game, [next_number("a heap") for _ in range(m)]))
?cases_heaps|    game = Game()
?cases_heaps|    for _ in range(next_number("the number of cases T")):
?cases_heaps|        m = next_number("the heap count")
?cases_heaps|        print(answer(game, [next_number("a heap") for _ in range(m)]))
"#
    }

    fn carried_reader(&self) -> &'static str {
        r#"?cases_bash|    for _ in range(next_number("the number of cases T")):
?cases_bash|        n = next_number("the heap n")
?cases_bash|        m = next_number("the limit m")
?cases_bash|        if m == 0:
?cases_bash|            fail("the limit m must be at least 1")
?cases_bash|        print(answer(Game(Heap(m)), [n]))
?snim|    while at < len(numbers):
?snim|        k = next_number("the set size k")
?snim|        if k == 0:
?snim|            break
?snim|        amounts = [next_number("an amount") for _ in range(k)]
?snim|        if 0 in amounts:
?snim|            fail("the amounts must be positive")
?snim|        game = Game(Heap(amounts))
?snim|        answers = []
?snim|        for _ in range(next_number("the number of positions m")):
?snim|            m = next_number("the heap count l")
?snim|            answers.append(answer(game, [next_number("a heap") for _ in range(m)]))
?snim&block|        print("${separator}".join(answers))
?snim&!block|        for line in answers:
?snim&!block|            print(line)
?oddball_input|    game = Game()
?oddball_input|    game.amounts = [next_number("the amounts n1 n2 n3") for _ in range(3)]
?oddball_input|    if 0 in game.amounts:
?oddball_input|        fail("the amounts must be positive")
?oddball_input|    if at == len(numbers):
?oddball_input|        fail("the input ends before the first pile")
?oddball_input|    answers = []
?oddball_input|    while at < len(numbers):
?oddball_input|        answers.append(answer(game, [next_number("a pile")]))
?oddball_input&block|    print("${separator}".join(answers))
?oddball_input&!block|    for line in answers:
?oddball_input&!block|        print(line)
"#
    }
}
