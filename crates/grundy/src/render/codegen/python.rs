//! Python 3: runs on `CPython` as it is. Integers are exact at any size; numbers above 64 bits are
//! refused as the other languages refuse them, so that every language answers the same inputs.

use std::fmt::Write as _;

use super::{finite_amounts, join, kernel_games, table_list, wrapped_list};
use crate::analysis::codegen::{Amounts, Decider, Kernel, OddballPlan, Program};
use crate::games::play::Play;
use crate::games::subtraction::Family;
use crate::input::judge_format::{InputLayout, Join, OutputFormat};

/// The whole source.
pub(super) fn source(program: &Program, header: &[String]) -> String {
    let mut out = String::from("#!/usr/bin/env python3\n");
    for line in header {
        if line.is_empty() {
            out.push_str("#\n");
        } else {
            let _ = writeln!(out, "# {line}");
        }
    }
    out.push('\n');
    if program.decider == Decider::Wythoff {
        out.push_str("import math\n");
    }
    out.push_str(
        r#"import sys


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
"#,
    );
    game(&mut out, program);
    answer(&mut out, program.format.output);
    main(&mut out, program);
    out
}

fn list(values: &[u64]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// One heap's kernel as `class NAME` with `value(n)`.
fn heap(out: &mut String, name: &str, kernel: &Kernel, amounts: Option<&[u64]>, play: Play) {
    out.push_str("\n\n");
    match kernel {
        Kernel::NimHeap => {
            let _ = writeln!(
                out,
                "class {name}:\n    \"\"\"A Nim heap: G(n) = n.\"\"\"\n\n    def value(self, n):\n        return n"
            );
        }
        Kernel::Period(certificate) => {
            let periodicity = certificate.periodicity();
            let (n0, p, s) = (
                periodicity.preperiod(),
                periodicity.period(),
                periodicity.saltus(),
            );
            let _ = writeln!(out, "class {name}:\n    PREPERIOD = {n0}\n    PERIOD = {p}");
            if s > 0 {
                let _ = writeln!(out, "    SALTUS = {s}");
            }
            let _ = writeln!(
                out,
                "    # G(0) .. G(PREPERIOD + PERIOD - 1): the preperiod, then one period.\n    TABLE = [\n{}\n    ]",
                wrapped_list(&table_list(certificate), "        ", 100)
            );
            if let Some(amounts) = amounts {
                let _ = writeln!(out, "    amounts = [{}]", list(amounts));
            }
            out.push_str("\n    def value(self, n):\n        if n < self.PREPERIOD + self.PERIOD:\n            return self.TABLE[n]\n        offset = n - self.PREPERIOD\n");
            if s > 0 {
                out.push_str("        return self.TABLE[self.PREPERIOD + offset % self.PERIOD] + offset // self.PERIOD * self.SALTUS\n");
            } else {
                out.push_str("        return self.TABLE[self.PREPERIOD + offset % self.PERIOD]\n");
            }
        }
        Kernel::Dp(dp) => {
            let (initial, family) = match &dp.amounts {
                Amounts::Finite(members) => (Some(list(members)), None),
                Amounts::Family(family) => (Some(String::new()), Some(*family)),
            };
            dp_class(out, name, dp.bound, initial.as_deref(), family, play);
        }
        Kernel::CarriedSet { bound } => dp_class(out, name, *bound, None, None, play),
        Kernel::CarriedBash => {
            let _ = writeln!(
                out,
                "class {name}:\n    \"\"\"bash:m, take 1 to m: G(n) = n mod (m + 1) (the residue theorem).\"\"\"\n\n    def __init__(self, m):\n        self.m = m\n\n    def value(self, n):\n        return n % (self.m + 1)"
            );
        }
    }
}

/// A DP kernel: values grown up to the heap asked, refused above `bound`; `initial` is the
/// fixed amounts (`None`: given to the constructor).
fn dp_class(
    out: &mut String,
    name: &str,
    bound: u64,
    initial: Option<&str>,
    family: Option<Family>,
    play: Play,
) {
    let _ = writeln!(
        out,
        "class {name}:\n    \"\"\"G(n) by the definition: the mex of the values of the heaps a move leaves, memoised.\"\"\"\n\n    BOUND = {bound}\n"
    );
    match initial {
        Some(initial) => {
            let _ = writeln!(
                out,
                "    def __init__(self):\n        self.amounts = [{initial}]  # ascending\n        self.values = []"
            );
        }
        None => out.push_str(
            "    def __init__(self, amounts):\n        self.amounts = sorted(set(amounts))\n        self.values = []\n",
        ),
    }
    let (state, grow) = match family {
        None => ("", ""),
        Some(Family::Fibonacci) => (
            "        self.low, self.high = 1, 2  # consecutive Fibonacci numbers\n",
            "            if heap == self.low:\n                amounts.append(heap)\n                self.low, self.high = self.high, self.low + self.high\n",
        ),
        Some(Family::Squares) => (
            "        self.root = 1  # the next square is root * root\n",
            "            if heap == self.root * self.root:\n                amounts.append(heap)\n                self.root += 1\n",
        ),
        Some(Family::PowersOfTwo) => (
            "        self.power = 1  # the next power of two\n",
            "            if heap == self.power:\n                amounts.append(heap)\n                self.power *= 2\n",
        ),
        Some(Family::Primes) => (
            "",
            "            divisor = 2\n            while divisor * divisor <= heap and heap % divisor:\n                divisor += 1\n            if heap >= 2 and divisor * divisor > heap:  # a prime\n                amounts.append(heap)\n",
        ),
    };
    out.push_str(state);
    out.push_str("\n    def value(self, n):\n        if n > self.BOUND:\n            fail(\"heap %d is above %d, the largest heap this DP answers (no period is proved)\" % (n, self.BOUND))\n        values, amounts = self.values, self.amounts\n        while len(values) <= n:\n            heap = len(values)\n");
    out.push_str(grow);
    out.push_str("            seen = set()\n            for take in amounts:\n                if take > heap:\n                    break\n                seen.add(values[heap - take])\n            mex = 0\n            while mex in seen:\n                mex += 1\n");
    if play == Play::Misere {
        out.push_str(
            "            values.append(mex if seen else 1)  # misère: no move is worth 1\n",
        );
    } else {
        out.push_str("            values.append(mex)\n");
    }
    out.push_str("        return values[n]\n");
}

/// `class Game` with `outcome(position)` (`"W"`, `"L"` or `"T"` for the player to move), and
/// `winning_moves` when the output needs them.
fn game(out: &mut String, program: &Program) {
    let games = kernel_games(program);
    match &program.decider {
        Decider::Grundy(kernel) => grundy_game(out, program, kernel, games[0]),
        Decider::Sum(kernels) => {
            for (i, kernel) in kernels.iter().enumerate() {
                heap(out, &format!("Heap{i}"), kernel, None, Play::Normal);
            }
            let count = kernels.len();
            let heaps: Vec<String> = (0..count).map(|i| format!("Heap{i}()")).collect();
            let _ = writeln!(
                out,
                "\n\nclass Game:\n    def __init__(self):\n        self.heaps = [{}]\n\n    def outcome(self, heaps):\n        if len(heaps) != {count}:\n            fail(\"a position is {count} heaps, one per component of the sum\")\n        total = 0\n        for heap, h in zip(self.heaps, heaps):\n            total ^= heap.value(h)\n        return \"W\" if total else \"L\"",
                heaps.join(", ")
            );
        }
        Decider::MisereHeap(kernel) => {
            heap(out, "Heap", kernel, None, Play::Misere);
            out.push_str("\n\nclass Game:\n    def __init__(self):\n        self.heap = Heap()\n\n    def outcome(self, heaps):\n        if len(heaps) != 1:\n            fail(\"under misère play a position is one heap: misère values do not add up by xor\")\n        return \"W\" if self.heap.value(heaps[0]) else \"L\"\n");
        }
        Decider::MisereNim => out.push_str(
            r#"

class Game:
    def outcome(self, heaps):
        total = 0
        for h in heaps:
            total ^= h
        if all(h <= 1 for h in heaps):
            loses = sum(heaps) % 2 == 1
        else:
            loses = total == 0
        return "L" if loses else "W"
"#,
        ),
        Decider::Wythoff => out.push_str(
            r#"

class Game:
    def outcome(self, heaps):
        if len(heaps) != 2:
            fail("a Wythoff position is two heaps")
        a, b = min(heaps), max(heaps)
        k = b - a
        lower = (k + math.isqrt(5 * k * k)) // 2  # floor(k phi), exactly
        return "L" if lower == a else "W"
"#,
        ),
        Decider::FibonacciNim => out.push_str(
            r#"

class Game:
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
"#,
        ),
        Decider::Oddball(plan) => oddball(out, plan),
    }
}

/// The game of a normal-play one-heap kernel: heaps add up by xor.
fn grundy_game(
    out: &mut String,
    program: &Program,
    kernel: &Kernel,
    game: Option<&crate::games::game::Game>,
) {
    let amounts = finite_amounts(kernel, game).filter(|_| program.format.output.needs_moves());
    heap(out, "Heap", kernel, amounts.as_deref(), Play::Normal);
    let construct = match kernel {
        Kernel::CarriedBash | Kernel::CarriedSet { .. } => ("heap", "heap"),
        _ => ("heap=None", "heap or Heap()"),
    };
    let _ = writeln!(
        out,
        "\n\nclass Game:\n    def __init__(self, {}):\n        self.heap = {}\n\n    def outcome(self, heaps):\n        total = 0\n        for h in heaps:\n            total ^= self.heap.value(h)\n        return \"W\" if total else \"L\"",
        construct.0, construct.1
    );
    if program.format.output.needs_moves() {
        out.push_str("\n    def winning_moves(self, heaps):\n        \"\"\"Every move to a position of xor 0: heaps in input order.\"\"\"\n        total = 0\n        for h in heaps:\n            total ^= self.heap.value(h)\n        moves = []\n        if total == 0:\n            return moves\n        for h in heaps:\n            target = self.heap.value(h) ^ total\n");
        match kernel {
            Kernel::NimHeap => {
                out.push_str("            if target < h:\n                moves.append((h, target))\n");
            }
            Kernel::CarriedBash => out.push_str(
                "            for take in range(1, min(self.heap.m, h) + 1):\n                if self.heap.value(h - take) == target:\n                    moves.append((h, h - take))\n",
            ),
            _ => out.push_str(
                "            for take in self.heap.amounts:\n                if take > h:\n                    break\n                if self.heap.value(h - take) == target:\n                    moves.append((h, h - take))\n",
            ),
        }
        out.push_str("        return moves\n");
    }
}

fn oddball(out: &mut String, plan: &OddballPlan) {
    let amounts = plan
        .set
        .as_ref()
        .map_or_else(String::new, |set| list(set.members()));
    let bound = plan.bound;
    let _ = write!(
        out,
        r#"

RANK = {{"W": 2, "T": 1, "L": 0}}
FLIP = {{"W": "L", "T": "T", "L": "W"}}


class Game:
    BOUND = {bound}

    def __init__(self):
        self.amounts = [{amounts}]
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
    );
}

/// `answer(game, position)`: the output of one case.
fn answer(out: &mut String, output: OutputFormat) {
    out.push_str("\n\ndef answer(game, position):\n");
    match output {
        OutputFormat::Words(words) => {
            let _ = writeln!(
                out,
                "    outcome = game.outcome(position)\n    if outcome == \"T\":\n        fail(\"best play ties, and this format has no word for a tie\")\n    return \"{}\" if outcome == \"W\" else \"{}\"",
                words.win, words.lose
            );
        }
        OutputFormat::Symbols => out.push_str(
            "    return {\"W\": \"+\", \"T\": \"0\", \"L\": \"-\"}[game.outcome(position)]\n",
        ),
        OutputFormat::Count => out.push_str("    return str(len(game.winning_moves(position)))\n"),
        OutputFormat::Moves(words) => {
            let _ = writeln!(
                out,
                "    moves = game.winning_moves(position)\n    if not moves:\n        return \"{}\"\n    return \"\\n\".join([\"{}\"] + [\"%d %d\" % move for move in moves])",
                words.lose, words.win
            );
        }
    }
}

/// `main()`: read the layout, answer each case, join the answers.
fn main(out: &mut String, program: &Program) {
    out.push_str("\n\ndef main():\n");
    let layout = program.format.input;
    let mut body = String::new();
    match layout {
        InputLayout::Lines | InputLayout::LinesUntilZeros | InputLayout::Cases => {
            body.push_str("    game = Game()\n");
            if layout == InputLayout::Cases {
                body.push_str("    expected = None\n    done = 0\n");
            }
            body.push_str("    for line in sys.stdin.read().splitlines():\n        numbers = [parse_number(token) for token in line.replace(\",\", \" \").split()]\n        if not numbers:\n            continue\n");
            match layout {
                InputLayout::LinesUntilZeros => {
                    body.push_str("        if not any(numbers):\n            break\n");
                }
                InputLayout::Cases => body.push_str("        if expected is None:\n            if len(numbers) != 1:\n                fail(\"the first line is the number of cases T\")\n            expected = numbers[0]\n            continue\n        if done == expected:\n            fail(\"more lines than the T cases\")\n        done += 1\n"),
                _ => {}
            }
            body.push_str("        print(answer(game, numbers))\n");
            if layout == InputLayout::Cases {
                body.push_str("    if expected is None or done < expected:\n        fail(\"the input ends before the T cases\")\n");
            }
        }
        _ => {
            body.push_str("    numbers = [parse_number(token) for token in sys.stdin.read().split()]\n    at = 0\n\n    def next_number(what):\n        nonlocal at\n        if at == len(numbers):\n            fail(\"the input ends before \" + what)\n        at += 1\n        return numbers[at - 1]\n\n");
            stream_body(&mut body, program);
        }
    }
    out.push_str(&body);
    out.push_str("\n\nif __name__ == \"__main__\":\n    main()\n");
}

fn stream_body(body: &mut String, program: &Program) {
    let heap_list = "[next_number(\"a heap\") for _ in range(m)]";
    match program.format.input {
        InputLayout::Heaps => {
            let _ = writeln!(
                body,
                "    game = Game()\n    while at < len(numbers):\n        m = next_number(\"the heap count\")\n        if m == 0:\n            break\n        print(answer(game, {heap_list}))"
            );
        }
        InputLayout::CasesHeaps => {
            let _ = writeln!(
                body,
                "    game = Game()\n    for _ in range(next_number(\"the number of cases T\")):\n        m = next_number(\"the heap count\")\n        print(answer(game, {heap_list}))"
            );
        }
        InputLayout::CasesBash => body.push_str("    for _ in range(next_number(\"the number of cases T\")):\n        n = next_number(\"the heap n\")\n        m = next_number(\"the limit m\")\n        if m == 0:\n            fail(\"the limit m must be at least 1\")\n        print(answer(Game(Heap(m)), [n]))\n"),
        InputLayout::SNim => {
            body.push_str("    while at < len(numbers):\n        k = next_number(\"the set size k\")\n        if k == 0:\n            break\n        amounts = [next_number(\"an amount\") for _ in range(k)]\n        if 0 in amounts:\n            fail(\"the amounts must be positive\")\n        game = Game(Heap(amounts))\n        answers = []\n        for _ in range(next_number(\"the number of positions m\")):\n            m = next_number(\"the heap count l\")\n");
            let _ = writeln!(body, "            answers.append(answer(game, {heap_list}))");
            match join(program) {
                Join::Block { separator } => {
                    let _ = writeln!(body, "        print(\"{separator}\".join(answers))");
                }
                Join::Lines => body.push_str("        for line in answers:\n            print(line)\n"),
            }
        }
        InputLayout::Oddball => {
            body.push_str("    game = Game()\n    game.amounts = [next_number(\"the amounts n1 n2 n3\") for _ in range(3)]\n    if 0 in game.amounts:\n        fail(\"the amounts must be positive\")\n    if at == len(numbers):\n        fail(\"the input ends before the first pile\")\n    answers = []\n    while at < len(numbers):\n        answers.append(answer(game, [next_number(\"a pile\")]))\n");
            match join(program) {
                Join::Block { separator } => {
                    let _ = writeln!(body, "    print(\"{separator}\".join(answers))");
                }
                Join::Lines => body.push_str("    for line in answers:\n        print(line)\n"),
            }
        }
        InputLayout::Lines | InputLayout::LinesUntilZeros | InputLayout::Cases => {}
    }
}
