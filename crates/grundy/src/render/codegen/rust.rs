//! Rust, edition 2021, standard library only: `rustc --edition 2021 -O -D warnings` compiles it.
//! Numbers are `u64`; Wythoff's square root uses `u128`.

use std::fmt::Write as _;

use super::{finite_amounts, join, kernel_games, table_list, wrapped_list};
use crate::analysis::codegen::{Amounts, Decider, Kernel, OddballPlan, Program};
use crate::games::play::Play;
use crate::games::subtraction::Family;
use crate::input::judge_format::{InputLayout, Join, OutputFormat};

/// The whole source.
pub(super) fn source(program: &Program, header: &[String]) -> String {
    let mut out = String::new();
    for line in header {
        if line.is_empty() {
            out.push_str("//\n");
        } else {
            let _ = writeln!(out, "// {line}");
        }
    }
    out.push_str(
        r#"
use std::io::{self, Read, Write};

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}

/// A decimal number of at most 64 bits; anything else is refused.
fn parse_number(token: &str) -> u64 {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        fail(&format!("'{token}' is not a whole number"));
    }
    token
        .parse()
        .unwrap_or_else(|_| fail(&format!("{token} does not fit in 64 bits")))
}
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

/// One heap's kernel as `struct NAME` with `new` and `value(&mut self, n)`.
fn heap(out: &mut String, name: &str, kernel: &Kernel, amounts: Option<&[u64]>, play: Play) {
    out.push('\n');
    match kernel {
        Kernel::NimHeap => {
            let _ = writeln!(
                out,
                "/// A Nim heap: G(n) = n.\nstruct {name};\n\nimpl {name} {{\n    fn new() -> Self {{\n        {name}\n    }}\n\n    fn value(&mut self, n: u64) -> u64 {{\n        n\n    }}\n}}"
            );
        }
        Kernel::Period(certificate) => {
            let periodicity = certificate.periodicity();
            let (n0, p, s) = (
                periodicity.preperiod(),
                periodicity.period(),
                periodicity.saltus(),
            );
            let values = table_list(certificate);
            match amounts {
                Some(amounts) => {
                    let _ = writeln!(
                        out,
                        "struct {name} {{\n    amounts: Vec<u64>,\n}}\n\nimpl {name} {{\n    fn new() -> Self {{\n        {name} {{\n            amounts: vec![{}],\n        }}\n    }}\n",
                        list(amounts)
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "struct {name};\n\nimpl {name} {{\n    fn new() -> Self {{\n        {name}\n    }}\n"
                    );
                }
            }
            let _ = writeln!(
                out,
                "    const PREPERIOD: u64 = {n0};\n    const PERIOD: u64 = {p};"
            );
            if s > 0 {
                let _ = writeln!(out, "    const SALTUS: u64 = {s};");
            }
            let _ = writeln!(
                out,
                "    /// G(0) .. G(PREPERIOD + PERIOD - 1): the preperiod, then one period.\n    const TABLE: [u32; {}] = [\n{}\n    ];\n",
                values.len(),
                wrapped_list(&values, "        ", 100)
            );
            out.push_str("    fn value(&mut self, n: u64) -> u64 {\n        if n < Self::PREPERIOD + Self::PERIOD {\n            return u64::from(Self::TABLE[n as usize]);\n        }\n        let offset = n - Self::PREPERIOD;\n");
            if s > 0 {
                out.push_str("        u64::from(Self::TABLE[(Self::PREPERIOD + offset % Self::PERIOD) as usize])\n            + offset / Self::PERIOD * Self::SALTUS\n");
            } else {
                out.push_str(
                    "        u64::from(Self::TABLE[(Self::PREPERIOD + offset % Self::PERIOD) as usize])\n",
                );
            }
            out.push_str("    }\n}\n");
        }
        Kernel::Dp(dp) => {
            let (initial, family) = match &dp.amounts {
                Amounts::Finite(members) => (Some(list(members)), None),
                Amounts::Family(family) => (Some(String::new()), Some(*family)),
            };
            dp_struct(out, name, dp.bound, initial.as_deref(), family, play);
        }
        Kernel::CarriedSet { bound } => dp_struct(out, name, *bound, None, None, play),
        Kernel::CarriedBash => {
            let _ = writeln!(
                out,
                "/// bash:m, take 1 to m: G(n) = n mod (m + 1) (the residue theorem).\nstruct {name} {{\n    m: u64,\n}}\n\nimpl {name} {{\n    fn value(&mut self, n: u64) -> u64 {{\n        // m >= n leaves n (and keeps m + 1 from overflowing).\n        if self.m >= n {{ n }} else {{ n % (self.m + 1) }}\n    }}\n}}"
            );
        }
    }
}

/// A DP kernel: values grown up to the heap asked, refused above `bound`; `initial` is the
/// fixed amounts (`None`: given to `new`).
fn dp_struct(
    out: &mut String,
    name: &str,
    bound: u64,
    initial: Option<&str>,
    family: Option<Family>,
    play: Play,
) {
    let (fields, state, grow) = match family {
        None => ("", "", ""),
        Some(Family::Fibonacci) => (
            "    low: u64,\n    high: u64,\n",
            "            low: 1,\n            high: 2,\n",
            "            if heap == self.low {\n                self.amounts.push(heap);\n                (self.low, self.high) = (self.high, self.low + self.high);\n            }\n",
        ),
        Some(Family::Squares) => (
            "    root: u64,\n",
            "            root: 1,\n",
            "            if heap == self.root * self.root {\n                self.amounts.push(heap);\n                self.root += 1;\n            }\n",
        ),
        Some(Family::PowersOfTwo) => (
            "    power: u64,\n",
            "            power: 1,\n",
            "            if heap == self.power {\n                self.amounts.push(heap);\n                self.power *= 2;\n            }\n",
        ),
        Some(Family::Primes) => (
            "",
            "",
            "            if heap >= 2 && (2..).take_while(|d| d * d <= heap).all(|d| heap % d != 0) {\n                self.amounts.push(heap);\n            }\n",
        ),
    };
    let _ = write!(
        out,
        "/// G(n) by the definition: the mex of the values of the heaps a move leaves, memoised.\nstruct {name} {{\n    amounts: Vec<u64>, // ascending\n    values: Vec<u32>,\n{fields}}}\n\nimpl {name} {{\n    const BOUND: u64 = {bound};\n\n"
    );
    match initial {
        Some(initial) => {
            let _ = writeln!(
                out,
                "    fn new() -> Self {{\n        {name} {{\n            amounts: vec![{initial}],\n            values: Vec::new(),\n{state}        }}\n    }}"
            );
        }
        None => {
            let _ = writeln!(
                out,
                "    fn new(mut amounts: Vec<u64>) -> Self {{\n        amounts.sort_unstable();\n        amounts.dedup();\n        {name} {{\n            amounts,\n            values: Vec::new(),\n{state}        }}\n    }}"
            );
        }
    }
    out.push_str("\n    fn value(&mut self, n: u64) -> u64 {\n        if n > Self::BOUND {\n            fail(&format!(\n                \"heap {n} is above {}, the largest heap this DP answers (no period is proved)\",\n                Self::BOUND\n            ));\n        }\n        let mut seen = Vec::new();\n        while self.values.len() as u64 <= n {\n            let heap = self.values.len() as u64;\n");
    out.push_str(grow);
    out.push_str(
        "            seen.clear();\n            seen.resize(self.amounts.len() + 1, false);\n",
    );
    if play == Play::Misere {
        out.push_str("            let mut options = 0;\n");
    }
    out.push_str("            for &take in &self.amounts {\n                if take > heap {\n                    break;\n                }\n");
    if play == Play::Misere {
        out.push_str("                options += 1;\n");
    }
    out.push_str("                let g = self.values[(heap - take) as usize] as usize;\n                if g < seen.len() {\n                    seen[g] = true;\n                }\n            }\n            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;\n");
    if play == Play::Misere {
        out.push_str("            // Misère: a heap with no move is worth 1.\n            self.values.push(if options == 0 { 1 } else { mex });\n");
    } else {
        out.push_str("            self.values.push(mex);\n");
    }
    out.push_str("        }\n        u64::from(self.values[n as usize])\n    }\n}\n");
}

/// `struct Game` with `outcome(&mut self, position) -> u8` (`b'W'`, `b'L'` or `b'T'` for the
/// player to move), and `winning_moves` when the output needs them.
fn game(out: &mut String, program: &Program) {
    let games = kernel_games(program);
    match &program.decider {
        Decider::Grundy(kernel) => grundy_game(out, program, kernel, games[0]),
        Decider::Sum(kernels) => {
            for (i, kernel) in kernels.iter().enumerate() {
                heap(out, &format!("Heap{i}"), kernel, None, Play::Normal);
            }
            let count = kernels.len();
            out.push_str("\nstruct Game {\n");
            for i in 0..count {
                let _ = writeln!(out, "    heap{i}: Heap{i},");
            }
            out.push_str("}\n\nimpl Game {\n    fn new() -> Self {\n        Game {\n");
            for i in 0..count {
                let _ = writeln!(out, "            heap{i}: Heap{i}::new(),");
            }
            let _ = writeln!(
                out,
                "        }}\n    }}\n\n    fn outcome(&mut self, heaps: &[u64]) -> u8 {{\n        if heaps.len() != {count} {{\n            fail(\"a position is {count} heaps, one per component of the sum\");\n        }}\n        let mut total = 0;"
            );
            for i in 0..count {
                let _ = writeln!(out, "        total ^= self.heap{i}.value(heaps[{i}]);");
            }
            out.push_str("        if total != 0 {\n            b'W'\n        } else {\n            b'L'\n        }\n    }\n}\n");
        }
        Decider::MisereHeap(kernel) => {
            heap(out, "Heap", kernel, None, Play::Misere);
            out.push_str("\nstruct Game {\n    heap: Heap,\n}\n\nimpl Game {\n    fn outcome(&mut self, heaps: &[u64]) -> u8 {\n        if heaps.len() != 1 {\n            fail(\"under misère play a position is one heap: misère values do not add up by xor\");\n        }\n        if self.heap.value(heaps[0]) != 0 {\n            b'W'\n        } else {\n            b'L'\n        }\n    }\n}\n");
        }
        Decider::MisereNim | Decider::Wythoff | Decider::FibonacciNim => {
            out.push_str(closed_form(&program.decider));
        }
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
    out.push_str("\nstruct Game {\n    heap: Heap,\n}\n\nimpl Game {\n");
    if program.format.output.needs_moves() {
        out.push_str("    /// Every move to a position of xor 0: heaps in input order.\n    fn winning_moves(&mut self, heaps: &[u64]) -> Vec<(u64, u64)> {\n        let mut total = 0;\n        for &h in heaps {\n            total ^= self.heap.value(h);\n        }\n        let mut moves = Vec::new();\n        if total == 0 {\n            return moves;\n        }\n        for &h in heaps {\n            let target = self.heap.value(h) ^ total;\n");
        match kernel {
            Kernel::NimHeap => out.push_str(
                "            if target < h {\n                moves.push((h, target));\n            }\n",
            ),
            Kernel::CarriedBash => out.push_str(
                "            for take in 1..=self.heap.m.min(h) {\n                if self.heap.value(h - take) == target {\n                    moves.push((h, h - take));\n                }\n            }\n",
            ),
            _ => out.push_str(
                "            for take in self.heap.amounts.clone() {\n                if take > h {\n                    break;\n                }\n                if self.heap.value(h - take) == target {\n                    moves.push((h, h - take));\n                }\n            }\n",
            ),
        }
        out.push_str("        }\n        moves\n    }\n");
    } else {
        out.push_str("    fn outcome(&mut self, heaps: &[u64]) -> u8 {\n        let mut total = 0;\n        for &h in heaps {\n            total ^= self.heap.value(h);\n        }\n        if total != 0 {\n            b'W'\n        } else {\n            b'L'\n        }\n    }\n");
    }
    out.push_str("}\n");
}

/// The source of a closed form's `Game` (misère Nim, Wythoff, Fibonacci Nim).
fn closed_form(decider: &Decider) -> &'static str {
    match decider {
        Decider::MisereNim => {
            r"
struct Game;

impl Game {
    fn outcome(&mut self, heaps: &[u64]) -> u8 {
        let total = heaps.iter().fold(0, |x, &h| x ^ h);
        let loses = if heaps.iter().all(|&h| h <= 1) {
            heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
        } else {
            total == 0
        };
        if loses {
            b'L'
        } else {
            b'W'
        }
    }
}
"
        }
        Decider::Wythoff => {
            r#"
/// The integer square root: the largest r with r * r <= n (Newton's method from above).
fn isqrt(n: u128) -> u128 {
    if n == 0 {
        return 0;
    }
    let bits = 128 - n.leading_zeros();
    let mut x: u128 = 1 << ((bits + 1) / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

struct Game;

impl Game {
    fn outcome(&mut self, heaps: &[u64]) -> u8 {
        if heaps.len() != 2 {
            fail("a Wythoff position is two heaps");
        }
        let (a, b) = (heaps[0].min(heaps[1]), heaps[0].max(heaps[1]));
        let k = b - a;
        // A P-position of difference k has b = floor(k phi) + k > 2.618k - 1: above this k it
        // does not fit in 64 bits (and 5k^2 would not fit in 128).
        if k > 7_500_000_000_000_000_000 {
            return b'W';
        }
        let wide = u128::from(k);
        let lower = (wide + isqrt(5 * wide * wide)) / 2; // floor(k phi), exactly
        if lower == u128::from(a) {
            b'L'
        } else {
            b'W'
        }
    }
}
"#
        }
        Decider::FibonacciNim => {
            r#"
struct Game;

impl Game {
    fn outcome(&mut self, numbers: &[u64]) -> u8 {
        if numbers.is_empty() || numbers.len() > 2 {
            fail("a Fibonacci Nim position is a heap n, or n and the quota q");
        }
        let n = numbers[0];
        if n == 0 {
            return b'L';
        }
        let quota = if numbers.len() == 2 { numbers[1] } else { n - 1 }; // a fresh heap: anything but all
        let mut fibonacci: Vec<u64> = vec![1, 2];
        while fibonacci[fibonacci.len() - 1] <= n - fibonacci[fibonacci.len() - 2] {
            fibonacci.push(fibonacci[fibonacci.len() - 1] + fibonacci[fibonacci.len() - 2]);
        }
        // Zeckendorf: take the largest Fibonacci number that fits, greedily; the last is the
        // smallest term.
        let (mut rest, mut smallest) = (n, 0);
        for &term in fibonacci.iter().rev() {
            if term <= rest {
                rest -= term;
                smallest = term;
            }
        }
        if smallest <= quota {
            b'W'
        } else {
            b'L'
        }
    }
}
"#
        }
        _ => "",
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
fn rank(result: u8) -> u8 {{
    match result {{
        b'W' => 2,
        b'T' => 1,
        _ => 0,
    }}
}}

struct Game {{
    amounts: Vec<u64>,
    /// results[4 * left + 2 * mine + theirs]: W, T or L for the player to move, where mine and
    /// theirs are the parities of the balls each player holds.
    results: Vec<u8>,
}}

impl Game {{
    const BOUND: u64 = {bound};

    fn new() -> Self {{
        Game {{
            amounts: vec![{amounts}],
            results: Vec::new(),
        }}
    }}

    fn solve(&mut self, left: u64, mine: u64, theirs: u64) -> u8 {{
        if left > Self::BOUND {{
            fail(&format!(
                "pile {{left}} is above {{}}, the largest pile this DP answers",
                Self::BOUND
            ));
        }}
        while self.results.len() as u64 <= 4 * left + 3 {{
            let balls = self.results.len() as u64 / 4;
            for state in 0..4u64 {{
                let (m, t) = (state >> 1, state & 1);
                let mut best = None;
                for &take in &self.amounts {{
                    if take > balls {{
                        continue;
                    }}
                    // The opponent moves next; the mover's parity changes with an odd take.
                    let after = self.results[(4 * (balls - take) + 2 * t + (m ^ (take & 1))) as usize];
                    let now = match after {{
                        b'W' => b'L',
                        b'L' => b'W',
                        _ => b'T',
                    }};
                    let better = match best {{
                        None => true,
                        Some(b) => rank(now) > rank(b),
                    }};
                    if better {{
                        best = Some(now);
                    }}
                }}
                // No move: odd beats even, equal parities tie.
                let terminal = if m == t {{
                    b'T'
                }} else if m == 1 {{
                    b'W'
                }} else {{
                    b'L'
                }};
                self.results.push(best.unwrap_or(terminal));
            }}
        }}
        self.results[(4 * left + 2 * mine + theirs) as usize]
    }}

    fn outcome(&mut self, numbers: &[u64]) -> u8 {{
        match *numbers {{
            [left] => self.solve(left, 0, 0),
            [left, mine, theirs] => self.solve(left, mine % 2, theirs % 2),
            _ => fail("a position is the balls left n, or n and the balls each player holds"),
        }}
    }}
}}
"#
    );
}

/// `answer(game, position) -> String`: the output of one case.
fn answer(out: &mut String, output: OutputFormat) {
    out.push_str("\nfn answer(game: &mut Game, position: &[u64]) -> String {\n");
    match output {
        OutputFormat::Words(words) => {
            let _ = writeln!(
                out,
                "    match game.outcome(position) {{\n        b'W' => \"{}\".to_string(),\n        b'L' => \"{}\".to_string(),\n        _ => fail(\"best play ties, and this format has no word for a tie\"),\n    }}",
                words.win, words.lose
            );
        }
        OutputFormat::Symbols => out.push_str(
            "    match game.outcome(position) {\n        b'W' => \"+\",\n        b'L' => \"-\",\n        _ => \"0\",\n    }\n    .to_string()\n",
        ),
        OutputFormat::Count => {
            out.push_str("    game.winning_moves(position).len().to_string()\n");
        }
        OutputFormat::Moves(words) => {
            let _ = writeln!(
                out,
                "    let moves = game.winning_moves(position);\n    if moves.is_empty() {{\n        return \"{}\".to_string();\n    }}\n    let mut text = \"{}\".to_string();\n    for (from, to) in moves {{\n        text.push_str(&format!(\"\\n{{from}} {{to}}\"));\n    }}\n    text",
                words.lose, words.win
            );
        }
    }
    out.push_str("}\n");
}

/// The expression that builds the program's one `Game`.
fn new_game(program: &Program) -> &'static str {
    match &program.decider {
        Decider::Grundy(_) | Decider::MisereHeap(_) => "Game { heap: Heap::new() }",
        Decider::Sum(_) | Decider::Oddball(_) => "Game::new()",
        Decider::MisereNim | Decider::Wythoff | Decider::FibonacciNim => "Game",
    }
}

/// `main`: read the layout, answer each case, join the answers.
fn main(out: &mut String, program: &Program) {
    out.push_str("\nfn main() {\n    let mut input = String::new();\n    if io::stdin().read_to_string(&mut input).is_err() {\n        fail(\"the input is not UTF-8 text\");\n    }\n    let mut out = String::new();\n");
    let layout = program.format.input;
    match layout {
        InputLayout::Lines | InputLayout::LinesUntilZeros | InputLayout::Cases => {
            let _ = writeln!(out, "    let mut game = {};", new_game(program));
            if layout == InputLayout::Cases {
                out.push_str("    let mut expected = None;\n    let mut done = 0;\n");
            }
            out.push_str("    for line in input.lines() {\n        let numbers: Vec<u64> = line\n            .split(|c: char| c.is_ascii_whitespace() || c == ',')\n            .filter(|token| !token.is_empty())\n            .map(parse_number)\n            .collect();\n        if numbers.is_empty() {\n            continue;\n        }\n");
            match layout {
                InputLayout::LinesUntilZeros => out.push_str(
                    "        if numbers.iter().all(|&x| x == 0) {\n            break;\n        }\n",
                ),
                InputLayout::Cases => out.push_str("        let Some(count) = expected else {\n            if numbers.len() != 1 {\n                fail(\"the first line is the number of cases T\");\n            }\n            expected = Some(numbers[0]);\n            continue;\n        };\n        if done == count {\n            fail(\"more lines than the T cases\");\n        }\n        done += 1;\n"),
                _ => {}
            }
            out.push_str("        out.push_str(&answer(&mut game, &numbers));\n        out.push('\\n');\n    }\n");
            if layout == InputLayout::Cases {
                out.push_str("    if expected.map_or(true, |count| done < count) {\n        fail(\"the input ends before the T cases\");\n    }\n");
            }
        }
        _ => {
            out.push_str("    let numbers: Vec<u64> = input.split_ascii_whitespace().map(parse_number).collect();\n    let mut at = 0;\n    let mut next = |what: &str| -> u64 {\n        if at == numbers.len() {\n            fail(&format!(\"the input ends before {what}\"));\n        }\n        at += 1;\n        numbers[at - 1]\n    };\n");
            stream_body(out, program);
        }
    }
    out.push_str("    if io::stdout().write_all(out.as_bytes()).is_err() {\n        fail(\"cannot write the answers\");\n    }\n}\n");
}

fn stream_body(out: &mut String, program: &Program) {
    // Pushed one by one: a count from the input is no size to allocate up front.
    let heap_list = "{\n            let mut heaps = Vec::new();\n            for _ in 0..m {\n                heaps.push(next(\"a heap\"));\n            }\n            heaps\n        }";
    let game = new_game(program);
    match program.format.input {
        InputLayout::Heaps => {
            let _ = writeln!(
                out,
                "    let mut game = {game};\n    let total = numbers.len();\n    let mut read = 0;\n    while read < total {{\n        let m = next(\"the heap count\");\n        read += 1;\n        if m == 0 {{\n            break;\n        }}\n        let heaps = {heap_list};\n        read += heaps.len();\n        out.push_str(&answer(&mut game, &heaps));\n        out.push('\\n');\n    }}"
            );
        }
        InputLayout::CasesHeaps => {
            let _ = writeln!(
                out,
                "    let mut game = {game};\n    for _ in 0..next(\"the number of cases T\") {{\n        let m = next(\"the heap count\");\n        let heaps = {heap_list};\n        out.push_str(&answer(&mut game, &heaps));\n        out.push('\\n');\n    }}"
            );
        }
        InputLayout::CasesBash => out.push_str("    for _ in 0..next(\"the number of cases T\") {\n        let n = next(\"the heap n\");\n        let m = next(\"the limit m\");\n        if m == 0 {\n            fail(\"the limit m must be at least 1\");\n        }\n        let mut game = Game { heap: Heap { m } };\n        out.push_str(&answer(&mut game, &[n]));\n        out.push('\\n');\n    }\n"),
        InputLayout::SNim => {
            let _ = writeln!(
                out,
                "    let total = numbers.len();\n    let mut read = 0;\n    while read < total {{\n        let k = next(\"the set size k\");\n        read += 1;\n        if k == 0 {{\n            break;\n        }}\n        let mut amounts = Vec::new();\n        for _ in 0..k {{\n            amounts.push(next(\"an amount\"));\n        }}\n        read += amounts.len();\n        if amounts.contains(&0) {{\n            fail(\"the amounts must be positive\");\n        }}\n        let mut game = Game {{ heap: Heap::new(amounts) }};\n        let positions = next(\"the number of positions m\");\n        read += 1;\n        let mut answers = Vec::new();\n        for _ in 0..positions {{\n            let m = next(\"the heap count l\");\n            let heaps = {heap_list};\n            read += 1 + heaps.len();\n            answers.push(answer(&mut game, &heaps));\n        }}"
            );
            match join(program) {
                Join::Block { separator } => {
                    let _ = writeln!(
                        out,
                        "        out.push_str(&answers.join(\"{separator}\"));\n        out.push('\\n');\n    }}"
                    );
                }
                Join::Lines => out.push_str(
                    "        for line in answers {\n            out.push_str(&line);\n            out.push('\\n');\n        }\n    }\n",
                ),
            }
        }
        InputLayout::Oddball => {
            out.push_str("    let mut game = Game::new();\n    game.amounts = (0..3).map(|_| next(\"the amounts n1 n2 n3\")).collect();\n    if game.amounts.contains(&0) {\n        fail(\"the amounts must be positive\");\n    }\n    if numbers.len() == 3 {\n        fail(\"the input ends before the first pile\");\n    }\n    let mut answers = Vec::new();\n    for _ in 3..numbers.len() {\n        let pile = next(\"a pile\");\n        answers.push(answer(&mut game, &[pile]));\n    }\n");
            match join(program) {
                Join::Block { separator } => {
                    let _ = writeln!(
                        out,
                        "    out.push_str(&answers.join(\"{separator}\"));\n    out.push('\\n');"
                    );
                }
                Join::Lines => out.push_str(
                    "    for line in answers {\n        out.push_str(&line);\n        out.push('\\n');\n    }\n",
                ),
            }
        }
        InputLayout::Lines | InputLayout::LinesUntilZeros | InputLayout::Cases => {}
    }
}
