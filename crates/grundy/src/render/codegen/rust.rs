//! Rust, edition 2021, standard library only: `rustc --edition 2021 -O -D warnings` compiles it.
//! Numbers are `u64`; Wythoff's square root uses `u128`.

use super::reader::{Part, ReaderSyntax, Usage, ones};
use super::rule::{Helper, RuleSyntax};
use super::walk::Syntax;
use crate::input::judge_format::description::Reading;

/// The integer square root's source, shared by Wythoff's program and the rules' helpers.
macro_rules! isqrt_source {
    () => {
        r"/// The integer square root: the largest r with r * r <= n (Newton's method from above).
fn isqrt(n: u128) -> u128 {
    if n == 0 {
        return 0;
    }
    let bits = 128 - n.leading_zeros();
    let mut x: u128 = 1 << bits.div_ceil(2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}
"
    };
}

/// Rust's pieces.
pub(super) struct Rust;

impl Syntax for Rust {
    fn prelude(&self) -> &'static str {
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
"#
    }

    fn nim_heap(&self) -> &'static str {
        "/// A Nim heap: G(n) = n.
struct ${name};

impl ${name} {
    fn new() -> Self {
        ${name}
    }

    fn value(&mut self, n: u64) -> u64 {
        n
    }
}
"
    }

    fn table_indent(&self) -> &'static str {
        "        "
    }

    fn period_heap(&self) -> &'static str {
        "?amounts|struct ${name} {
?amounts|    amounts: Vec<u64>,
?amounts|}
?!amounts|struct ${name};

impl ${name} {
    fn new() -> Self {
?amounts|        ${name} {
?amounts|            amounts: vec![${amounts}],
?amounts|        }
?!amounts|        ${name}
    }

    const PREPERIOD: u64 = ${preperiod};
    const PERIOD: u64 = ${period};
?saltus|    const SALTUS: u64 = ${saltus};
    /// G(0) .. G(PREPERIOD + PERIOD - 1): the preperiod, then one period.
    const TABLE: [u32; ${length}] = [
${table}
    ];

    fn value(&mut self, n: u64) -> u64 {
        if n < Self::PREPERIOD + Self::PERIOD {
            return u64::from(Self::TABLE[n as usize]);
        }
        let offset = n - Self::PREPERIOD;
        u64::from(Self::TABLE[(Self::PREPERIOD + offset % Self::PERIOD) as usize])
?saltus|            + offset / Self::PERIOD * Self::SALTUS
    }
}
"
    }

    fn table_heap(&self) -> &'static str {
        r#"/// G(0) .. G(BOUND) as grundy computed them: no period is proved, so larger heaps are refused.
struct ${name};

impl ${name} {
    fn new() -> Self {
        ${name}
    }

    const BOUND: u64 = ${bound};
    const TABLE: [u32; ${length}] = [
${table}
    ];

    fn value(&mut self, n: u64) -> u64 {
        if n > Self::BOUND {
            fail(&format!("heap {n} is above {}, the largest heap this program's table holds (no period is proved)", Self::BOUND));
        }
        u64::from(Self::TABLE[n as usize])
    }
}
"#
    }

    fn dp_heap(&self) -> &'static str {
        r#"/// G(n) by the definition: the mex of the values of the heaps a move leaves, memoised.
struct ${name} {
    amounts: Vec<u64>, // ascending
    values: Vec<u32>,
?carried|    // Closed forms (docs/theory.md §4, §5): the residue theorem — the set holds 1..m-1 and no
?carried|    // multiple of m, G(n) = n mod m — and {1, 2, k} with 3 | k, period k + 1.
?carried|    modulus: u64,
?carried|    cycle: u64,
?fibonacci|    low: u64,
?fibonacci|    high: u64,
?squares|    root: u64,
?powers|    power: u64,
}

impl ${name} {
    const BOUND: u64 = ${bound};

?!carried|    fn new() -> Self {
?!carried|        ${name} {
?!carried|            amounts: vec![${amounts}],
?carried|    fn new(mut amounts: Vec<u64>) -> Self {
?carried|        amounts.sort_unstable();
?carried|        amounts.dedup();
?carried|        let mut m = 1;
?carried|        while m <= amounts.len() as u64 && amounts[m as usize - 1] == m {
?carried|            m += 1;
?carried|        }
?carried|        let modulus = if m >= 2 && amounts.iter().all(|s| s % m != 0) { m } else { 0 };
?carried|        let cycle = match amounts[..] {
?carried|            [1, 2, k] if k % 3 == 0 => k,
?carried|            _ => 0,
?carried|        };
?carried|        ${name} {
?carried|            amounts,
?carried|            modulus,
?carried|            cycle,
            values: Vec::new(),
?fibonacci|            low: 1,
?fibonacci|            high: 2,
?squares|            root: 1,
?powers|            power: 1,
        }
    }

    fn value(&mut self, n: u64) -> u64 {
?carried|        if self.modulus != 0 {
?carried|            return n % self.modulus;
?carried|        }
?carried|        if self.cycle != 0 {
?carried|            let r = if n <= self.cycle { n } else { n % (self.cycle + 1) };
?carried|            return if r == self.cycle { 3 } else { r % 3 };
?carried|        }
        if n > Self::BOUND {
            fail(&format!(
                "heap {n} is above {}, the largest heap this DP answers (no period is proved)",
                Self::BOUND
            ));
        }
        let mut seen = Vec::new();
        while self.values.len() as u64 <= n {
            let heap = self.values.len() as u64;
?fibonacci|            if heap == self.low {
?fibonacci|                self.amounts.push(heap);
?fibonacci|                (self.low, self.high) = (self.high, self.low + self.high);
?fibonacci|            }
?squares|            if heap == self.root * self.root {
?squares|                self.amounts.push(heap);
?squares|                self.root += 1;
?squares|            }
?powers|            if heap == self.power {
?powers|                self.amounts.push(heap);
?powers|                self.power *= 2;
?powers|            }
?primes|            if heap >= 2 && (2..).take_while(|d| d * d <= heap).all(|d| heap % d != 0) {
?primes|                self.amounts.push(heap);
?primes|            }
            seen.clear();
            seen.resize(self.amounts.len() + 1, false);
?misere|            let mut options = 0;
            for &take in &self.amounts {
                if take > heap {
                    break;
                }
?misere|                options += 1;
                let g = self.values[(heap - take) as usize] as usize;
                if g < seen.len() {
                    seen[g] = true;
                }
            }
            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
?misere|            // Misère: a heap with no move is worth 1.
?misere|            self.values.push(if options == 0 { 1 } else { mex });
?!misere|            self.values.push(mex);
        }
        u64::from(self.values[n as usize])
    }
}
"#
    }

    fn bash_heap(&self) -> &'static str {
        "/// bash:m, take 1 to m: G(n) = n mod (m + 1) (the residue theorem).
struct ${name} {
    m: u64,
}

impl ${name} {
    fn value(&mut self, n: u64) -> u64 {
        // m >= n leaves n (and keeps m + 1 from overflowing).
        if self.m >= n { n } else { n % (self.m + 1) }
    }
}
"
    }

    fn xor_game(&self) -> &'static str {
        "struct Game {
    heap: Heap,
}

impl Game {
?moves|    /// Every move to a position of xor 0: heaps in input order.
?moves|    fn winning_moves(&mut self, heaps: &[u64]) -> Vec<(u64, u64)> {
?moves|        let mut total = 0;
?moves|        for &h in heaps {
?moves|            total ^= self.heap.value(h);
?moves|        }
?moves|        let mut moves = Vec::new();
?moves|        if total == 0 {
?moves|            return moves;
?moves|        }
?moves|        for &h in heaps {
?moves|            let target = self.heap.value(h) ^ total;
?moves&nim_moves|            if target < h {
?moves&nim_moves|                moves.push((h, target));
?moves&nim_moves|            }
?moves&bash_moves|            for take in 1..=self.heap.m.min(h) {
?moves&bash_moves|                if self.heap.value(h - take) == target {
?moves&bash_moves|                    moves.push((h, h - take));
?moves&bash_moves|                }
?moves&bash_moves|            }
?moves&!nim_moves&!bash_moves|            for take in self.heap.amounts.clone() {
?moves&!nim_moves&!bash_moves|                if take > h {
?moves&!nim_moves&!bash_moves|                    break;
?moves&!nim_moves&!bash_moves|                }
?moves&!nim_moves&!bash_moves|                if self.heap.value(h - take) == target {
?moves&!nim_moves&!bash_moves|                    moves.push((h, h - take));
?moves&!nim_moves&!bash_moves|                }
?moves&!nim_moves&!bash_moves|            }
?moves|        }
?moves|        moves
?moves|    }
?!moves|    fn outcome(&mut self, heaps: &[u64]) -> u8 {
?single&!moves|        if heaps.len() != 1 {
?single&!moves|            fail(\"a position of this game is one number, the script's argument\");
?single&!moves|        }
?!moves|        let mut total = 0;
?!moves|        for &h in heaps {
?!moves|            total ^= self.heap.value(h);
?!moves|        }
?!moves|        if total != 0 {
?!moves|            b'W'
?!moves|        } else {
?!moves|            b'L'
?!moves|        }
?!moves|    }
}
"
    }

    fn sum_game(&self) -> &'static str {
        r#"struct Game {
*|    heap${i}: Heap${i},
}

impl Game {
    fn new() -> Self {
        Game {
*|            heap${i}: Heap${i}::new(),
        }
    }

    fn outcome(&mut self, heaps: &[u64]) -> u8 {
        if heaps.len() != ${count} {
            fail("a position is ${count} heaps, one per component of the sum");
        }
        let mut total = 0;
*|        total ^= self.heap${i}.value(heaps[${i}]);
        if total != 0 {
            b'W'
        } else {
            b'L'
        }
    }
}
"#
    }

    fn misere_game(&self) -> &'static str {
        r#"struct Game {
    heap: Heap,
}

impl Game {
    fn outcome(&mut self, heaps: &[u64]) -> u8 {
        if heaps.len() != 1 {
            fail("under misère play a position is one heap: misère values do not add up by xor");
        }
        if self.heap.value(heaps[0]) != 0 {
            b'W'
        } else {
            b'L'
        }
    }
}
"#
    }

    fn misere_nim(&self) -> &'static str {
        "struct Game;

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

    fn staircase(&self) -> &'static str {
        "struct Game;

impl Game {
    fn outcome(&mut self, steps: &[u64]) -> u8 {
        // Steps 1, 3, 5, ...
        let total = steps.iter().step_by(2).fold(0, |x, &coins| x ^ coins);
        if total == 0 { b'L' } else { b'W' }
    }
}
"
    }

    fn tokens(&self) -> &'static str {
        TOKENS
    }

    fn hackenbush(&self) -> &'static str {
        HACKENBUSH
    }

    fn moore(&self) -> &'static str {
        "struct Game;

impl Game {
    fn outcome(&mut self, heaps: &[u64]) -> u8 {
        for bit in 0..64 {
            let ones = heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64;
            if ones % ${modulus} != 0 {
                return b'W';
            }
        }
        b'L'
    }
}
"
    }

    fn wythoff(&self) -> &'static str {
        concat!(
            isqrt_source!(),
            "\n",
            r#"struct Game;

impl Game {
?!moves|    fn outcome(&mut self, heaps: &[u64]) -> u8 {
?!moves|        if heaps.len() != 2 {
?!moves|            fail("a Wythoff position is two heaps");
?!moves|        }
?!moves|        let (a, b) = (heaps[0].min(heaps[1]), heaps[0].max(heaps[1]));
?!moves|        let k = b - a;
?!moves|        // A P-position of difference k has b = floor(k phi) + k > 2.618k - 1: above this k it
?!moves|        // does not fit in 64 bits (and 5k^2 would not fit in 128).
?!moves|        if k > 7_500_000_000_000_000_000 {
?!moves|            return b'W';
?!moves|        }
?!moves|        let wide = u128::from(k);
?!moves|        let lower = (wide + isqrt(5 * wide * wide)) / 2; // floor(k phi), exactly
?!moves|        if lower == u128::from(a) {
?!moves|            b'L'
?!moves|        } else {
?!moves|            b'W'
?!moves|        }
?!moves|    }
?moves|    /// a_j = floor(j phi), the smaller heap of the P-position of difference j (j < 2^62).
?moves|    fn lower(j: u64) -> u64 {
?moves|        let wide = u128::from(j);
?moves|        ((wide + isqrt(5 * wide * wide)) / 2) as u64
?moves|    }
?moves|
?moves|    /// The j with n = a_j (or, when upper, n = a_j + j), if there is one.
?moves|    fn index(n: u64, upper: bool) -> Option<u64> {
?moves|        let wide = u128::from(n);
?moves|        let root = isqrt(5 * wide * wide);
?moves|        // n / phi^2 or n / phi
?moves|        let guess = if upper { (3 * wide - root) / 2 } else { (root - wide) / 2 } as u64;
?moves|        (guess.saturating_sub(1)..=guess + 1).find(|&j| Self::lower(j) + if upper { j } else { 0 } == n)
?moves|    }
?moves|
?moves|    /// Every winning move as the pair it leaves, smaller first: the move from both heaps,
?moves|    /// then those from one heap in ascending order (a pair two moves leave, once).
?moves|    fn winning_moves(&mut self, heaps: &[u64]) -> Vec<(u64, u64)> {
?moves|        if heaps.len() != 2 {
?moves|            fail("a Wythoff position is two heaps");
?moves|        }
?moves|        let (a, b) = (heaps[0].min(heaps[1]), heaps[0].max(heaps[1]));
?moves|        if b >= 1 << 62 {
?moves|            fail("this program lists Wythoff moves for heaps below 2^62 (its 128-bit square roots)");
?moves|        }
?moves|        let k = b - a;
?moves|        let mut moves = Vec::new();
?moves|        if a > Self::lower(k) {
?moves|            // The P-position of the same difference.
?moves|            moves.push((Self::lower(k), Self::lower(k) + k));
?moves|        }
?moves|        let mut one = Vec::new();
?moves|        if let Some(j) = Self::index(a, false).filter(|&j| Self::lower(j) + j < b) {
?moves|            one.push((a, Self::lower(j) + j)); // b down to a's partner
?moves|        }
?moves|        if let Some(j) = Self::index(a, true) {
?moves|            one.push((Self::lower(j), a)); // b down to a's smaller partner
?moves|        }
?moves|        if let Some(j) = Self::index(b, true).filter(|&j| Self::lower(j) < a) {
?moves|            one.push((Self::lower(j), b)); // a down to b's partner
?moves|        }
?moves|        one.sort_unstable();
?moves|        one.dedup();
?moves|        moves.extend(one);
?moves|        moves
?moves|    }
}
"#
        )
    }

    fn fibonacci_nim(&self) -> &'static str {
        r#"struct Game;

impl Game {
    fn outcome(&mut self, numbers: &[u64]) -> u8 {
        if numbers.is_empty() || numbers.len() > 2 {
            fail("a Fibonacci Nim position is a heap n, or n and the quota q");
        }
        if numbers.len() == 2 && numbers[1] == 0 {
            fail("the quota must be at least 1");
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

    fn dynamic(&self) -> &'static str {
        r#"/// Dynamic subtraction (docs/theory.md §15): after a take of x the next move takes 1 to
/// f(x) = slope * x + offset, non-decreasing with f(x) >= x. The P-sequence H: H_1 = 1,
/// H_(j+1) = H_j + H_m with m the least index such that f(H_m) >= H_j. The player to move wins
/// exactly when the smallest term of the heap's greedy representation in H is at most the quota.
struct Game {
    slope: i128,
    offset: i128,
    terms: Vec<u64>, // H, grown as the heaps need
    m: usize,        // the least index whose f reaches the last term
}
?dynamic_slope_read,dynamic_offset_read|
?dynamic_slope_read,dynamic_offset_read|fn coefficient(numbers: &[u64], at: usize) -> i128 {
?dynamic_slope_read,dynamic_offset_read|    match numbers.get(at) {
?dynamic_slope_read,dynamic_offset_read|        Some(&value) if value <= 1_000_000_000_000_000_000 => i128::from(value),
?dynamic_slope_read,dynamic_offset_read|        _ => fail("the coefficients of the bound must be at most 10^18"),
?dynamic_slope_read,dynamic_offset_read|    }
?dynamic_slope_read,dynamic_offset_read|}

impl Game {
?dynamic_slope_read,dynamic_offset_read|    fn of(numbers: &[u64]) -> Self {
?!dynamic_slope_read&!dynamic_offset_read|    fn of(_: &[u64]) -> Self {
?dynamic_slope_read|        let slope = coefficient(numbers, ${slope_index});
?!dynamic_slope_read|        let slope: i128 = ${slope};
?dynamic_offset_read|        let offset = coefficient(numbers, ${offset_index});
?!dynamic_offset_read|        let offset: i128 = ${offset};
        if slope < 1 || slope + offset < 1 {
            fail("the move bound must be non-decreasing with f(x) >= x: a slope of at least 1 and f(1) >= 1");
        }
        Game { slope, offset, terms: vec![1], m: 0 }
    }

    fn reaches(&self, x: u64, y: u64) -> bool {
        self.slope * i128::from(x) + self.offset >= i128::from(y)
    }

    /// The smallest term of the greedy representation of n >= 1 (terms stay below 2^63).
    fn smallest(&mut self, n: u64) -> u64 {
        while self.terms[self.terms.len() - 1] <= n {
            let last = self.terms[self.terms.len() - 1];
            while !self.reaches(self.terms[self.m], last) {
                self.m += 1;
            }
            if self.terms.len() == 60_000_000 {
                fail("the P-sequence up to this heap passes 60000000 terms (about k ln(n/k) for kx): this program answers smaller heaps or slopes");
            }
            self.terms.push(last + self.terms[self.m]);
        }
        let (mut rest, mut least, mut below) = (n, 0, self.terms.len());
        while rest > 0 {
            below = self.terms[..below].partition_point(|&term| term <= rest) - 1;
            rest -= self.terms[below];
            least = self.terms[below];
        }
        least
    }

    fn outcome(&mut self, numbers: &[u64]) -> u8 {
        if numbers.is_empty() || numbers.len() > 2 {
            fail("a dynamic subtraction position is a heap n, or n and the quota q");
        }
        if numbers.len() == 2 && numbers[1] == 0 {
            fail("the quota must be at least 1");
        }
        let n = numbers[0];
        if n >= 1 << 62 {
            fail("this program answers heaps below 2^62");
        }
        if n == 0 {
            return b'L';
        }
        let quota = if numbers.len() == 2 { numbers[1] } else { n - 1 }; // a fresh heap: anything but all
        if self.smallest(n) <= quota {
            b'W'
        } else {
            b'L'
        }
    }
}
"#
    }

    fn oddball(&self) -> &'static str {
        r#"fn rank(result: u8) -> u8 {
    match result {
        b'W' => 2,
        b'T' => 1,
        _ => 0,
    }
}

struct Game {
    amounts: Vec<u64>,
    /// results[4 * left + 2 * mine + theirs]: W, T or L for the player to move, where mine and
    /// theirs are the parities of the balls each player holds.
    results: Vec<u8>,
}

impl Game {
    const BOUND: u64 = ${bound};

    fn new() -> Self {
        Game {
            amounts: vec![${amounts}],
            results: Vec::new(),
        }
    }

    fn solve(&mut self, left: u64, mine: u64, theirs: u64) -> u8 {
        if left > Self::BOUND {
            fail(&format!(
                "pile {left} is above {}, the largest pile this DP answers",
                Self::BOUND
            ));
        }
        while self.results.len() as u64 <= 4 * left + 3 {
            let balls = self.results.len() as u64 / 4;
            for state in 0..4u64 {
                let (m, t) = (state >> 1, state & 1);
                let mut best = None;
                for &take in &self.amounts {
                    if take > balls {
                        continue;
                    }
                    // The opponent moves next; the mover's parity changes with an odd take.
                    let after = self.results[(4 * (balls - take) + 2 * t + (m ^ (take & 1))) as usize];
                    let now = match after {
                        b'W' => b'L',
                        b'L' => b'W',
                        _ => b'T',
                    };
                    let better = match best {
                        None => true,
                        Some(b) => rank(now) > rank(b),
                    };
                    if better {
                        best = Some(now);
                    }
                }
                // No move: odd beats even, equal parities tie.
                let terminal = if m == t {
                    b'T'
                } else if m == 1 {
                    b'W'
                } else {
                    b'L'
                };
                self.results.push(best.unwrap_or(terminal));
            }
        }
        self.results[(4 * left + 2 * mine + theirs) as usize]
    }

    fn outcome(&mut self, numbers: &[u64]) -> u8 {
        match *numbers {
            [left] => self.solve(left, 0, 0),
            [left, mine, theirs] => self.solve(left, mine % 2, theirs % 2),
            _ => fail("a position is the balls left n, or n and the balls each player holds"),
        }
    }
}
"#
    }

    fn rules(&self) -> &dyn RuleSyntax {
        self
    }

    fn rule_game(&self) -> &'static str {
        "struct Game;

impl Game {
    fn outcome(&mut self, numbers: &[u64]) -> u8 {
?!pairs|        if numbers.len() != 1 {
?!pairs|            fail(\"a position is one number n\");
?!pairs|        }
?!pairs|        let n = numbers[0];
?pairs|        if numbers.len() != 2 {
?pairs|            fail(\"a position is two numbers a b\");
?pairs|        }
?pairs|        let (a, b) = (numbers[0], numbers[1]);
${cases}    }
}
"
    }

    fn rule_heap(&self) -> &'static str {
        "/// G(n) by the rule found in the game's table (the header says how sure it is).
struct ${name};

impl ${name} {
    fn new() -> Self {
        ${name}
    }

    fn value(&mut self, n: u64) -> u64 {
        ${expression}
    }
}
"
    }

    fn answer(&self) -> &'static str {
        r#"fn answer(game: &mut Game, position: &[u64]) -> String {
?output_words|    match game.outcome(position) {
?output_words|        b'W' => "${win}".to_string(),
?output_words|        b'L' => "${lose}".to_string(),
?draw_refused|        b'D' => fail("best play never ends (a draw), and this format has no word for a draw"),
?draw_word&output_words|        b'D' => "${draw}".to_string(),
?output_words|        _ => fail("best play ties, and this format has no word for a tie"),
?output_words|    }
?output_tie|    match game.outcome(position) {
?output_tie|        b'W' => "${win}",
?output_tie|        b'L' => "${lose}",
?draw_word&output_tie|        b'D' => "${draw}",
?output_tie|        _ => "${tie}",
?output_tie|    }
?output_tie|    .to_string()
?output_count|    game.winning_moves(position).len().to_string()
?output_moves|    let moves = game.winning_moves(position);
?output_moves|    if moves.is_empty() {
?output_moves|        return "${lose}".to_string();
?output_moves|    }
?output_moves|    let mut text = "${win}".to_string();
?output_moves|    for (from, to) in moves {
?output_moves|        text.push_str(&format!("\n{from} {to}"));
?output_moves|    }
?output_moves|    text
}
"#
    }

    fn new_game(&self) -> &'static str {
        "?grundy,misere_heap|Game { heap: Heap::new() }
?sum,oddball,tokens|Game::new()
?dynamic|Game::of(&[])
?misere_nim,staircase,moore,wythoff,fibonacci_nim,hackenbush,rule&!grundy|Game
"
    }

    fn game_declaration(&self) -> &'static str {
        "?carried_input|let mut games = Games::default();
?!carried_input|let mut game = ${game};
"
    }

    fn reader_helpers(&self) -> &'static str {
        READER_HELPERS
    }

    fn run(&self) -> &'static str {
        "/// Reads the judge's input as its description says, answering each case (its variables keep
/// the statement's names, capitals included; a value the description reads twice may be
/// overwritten unused).
#[allow(non_snake_case, unused_assignments)]
fn run(input: &mut Input<'_>, out: &mut Output) {
${body}}
"
    }

    fn main(&self) -> &'static str {
        r#"fn main() {
    let mut text = String::new();
    if io::stdin().read_to_string(&mut text).is_err() {
        fail("the input is not UTF-8 text");
    }
    let mut input = Input::new(&text);
    let mut out = Output::default();
    run(&mut input, &mut out);
    if input.more() {
        fail(&format!("unexpected text after what the input holds: '{}'", input.word("")));
    }
    out.newline();
    if io::stdout().write_all(out.text.as_bytes()).is_err() {
        fail("cannot write the answers");
    }
}
"#
    }

    fn reader(&self) -> &dyn ReaderSyntax {
        self
    }
}

impl ReaderSyntax for Rust {
    fn length(&self, list: &str) -> String {
        format!("{list}.len()")
    }

    fn each_index(&self, index: &str, length: &str) -> String {
        format!("for {index} in 0..{length}")
    }

    fn name(&self, name: &str, usage: Usage) -> String {
        if usage.used {
            name.to_owned()
        } else {
            format!("_{name}")
        }
    }

    fn declare(&self, name: &str, reading: Reading, usage: Usage) -> Option<String> {
        let mutable = if reading.list || usage.reassigned() {
            "mut "
        } else {
            ""
        };
        let kind = match (reading.list, reading.word) {
            (false, false) => "u64",
            (false, true) => "String",
            (true, false) => "Vec<u64>",
            (true, true) => "Vec<String>",
        };
        Some(format!("let {mutable}{name}: {kind};"))
    }

    fn clear(&self, name: &str, _: Reading) -> String {
        format!("{name} = Vec::new();")
    }

    fn push(&self, name: &str, value: &str) -> String {
        format!("{name}.push({value});")
    }

    fn repeat(&self, _: usize, count: &str) -> String {
        format!("for _ in 0..{count}")
    }

    fn while_head(&self, condition: &str) -> String {
        format!("while {condition}")
    }

    fn if_head(&self, condition: &str) -> String {
        format!("if {condition}")
    }

    fn line_start(&self, commas: bool, what: &str) -> String {
        format!("let mut line = input.line({commas}, \"{what}\");")
    }

    fn mark(&self, depth: usize) -> String {
        format!("let before{depth} = input.at;")
    }

    fn all_equal(&self, name: &str, value: u64) -> String {
        format!("all_equal(&{name}, {value})")
    }

    fn constant(&self, value: u64) -> String {
        value.to_string()
    }

    fn numbers(&self, parts: &[Part]) -> String {
        if let [Part::List(name)] = parts {
            return name.clone();
        }
        if let Some(ones) = ones(parts) {
            return format!("[{}]", ones.join(", "));
        }
        let pieces: Vec<String> = parts
            .iter()
            .map(|part| match part {
                Part::One(code) => format!("vec![{code}]"),
                Part::List(name) => format!("{name}.clone()"),
            })
            .collect();
        format!("[{}].concat()", pieces.join(", "))
    }

    fn answer(&self, game: &str, position: &str) -> String {
        format!("out.add(answer({game}, &{position}));")
    }

    fn game(&self) -> &'static str {
        "&mut game"
    }

    fn carried_game(&self, values: &str) -> String {
        format!("games.of(&{values})")
    }
}

impl RuleSyntax for Rust {
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
            "const RULE_TABLE{index}: [u64; {}] = [\n{}\n];\n",
            values.len(),
            super::wrapped_list(values, "    ", 100)
        )
    }

    fn table_argument(&self, index: usize) -> String {
        format!("&RULE_TABLE{index}")
    }

    fn not(&self, condition: &str) -> String {
        format!("!({condition})")
    }

    fn when(&self, condition: &str, then: &str, otherwise: &str) -> String {
        format!("if {condition} {{ {then} }} else {{ {otherwise} }}")
    }

    fn outcome_case(&self, condition: &str, letter: char) -> String {
        format!("        if {condition} {{\n            return b'{letter}';\n        }}\n")
    }

    fn outcome_default(&self, letter: char) -> String {
        format!("        b'{letter}'\n")
    }
}

/// The `isqrt` helper.
const ISQRT: &str = isqrt_source!();

/// The `beatty_lower` helper.
const BEATTY_LOWER: &str = r#"/// floor(k alpha) for alpha = (2 - d + sqrt(d^2 + 4)) / 2, exactly: sqrt(k^2 (d^2 + 4)) is
/// irrational, so floor((isqrt(k^2 (d^2 + 4)) - k (d - 2)) / 2) is the floor. k^2 (d^2 + 4) fits
/// in 128 bits for k below 2^60.
fn beatty_lower(k: u64, d: u64) -> u128 {
    if k >= 1 << 60 {
        fail("the rule's Beatty terms are computed for numbers below 2^60");
    }
    let (k, d) = (u128::from(k), u128::from(d));
    let root = isqrt(k * k * (d * d + 4));
    if d >= 2 {
        (root - k * (d - 2)) / 2
    } else {
        (root + k) / 2
    }
}
"#;

/// The `in_table` helper.
const IN_TABLE: &str = r"/// Membership of an ultimately periodic set: the table holds its first preperiod + period flags.
fn in_table(n: u64, preperiod: u64, period: u64, table: &[u64]) -> bool {
    let index = if n < preperiod + period {
        n
    } else {
        preperiod + (n - preperiod) % period
    };
    table[index as usize] == 1
}
";

/// The `table_value` helper.
const TABLE_VALUE: &str = r#"/// G(n) of an (arithmetic-)periodic rule: the table holds G(0) .. G(preperiod + period - 1).
fn table_value(n: u64, preperiod: u64, period: u64, saltus: u64, table: &[u64]) -> u64 {
    if n < preperiod + period {
        return table[n as usize];
    }
    let offset = n - preperiod;
    let value = u128::from(table[(preperiod + offset % period) as usize])
        + u128::from(offset / period) * u128::from(saltus);
    u64::try_from(value).unwrap_or_else(|_| fail("the rule's value does not fit in 64 bits"))
}
"#;

/// The `is_odious` helper.
const IS_ODIOUS: &str = "fn is_odious(n: u64) -> bool {
    n.count_ones() % 2 == 1
}
";

/// The `is_power` helper.
const IS_POWER: &str = r"/// n = base^j with j of the parity (0 any, 1 even, 2 odd).
fn is_power(mut n: u64, base: u64, parity: u64) -> bool {
    if n == 0 {
        return false;
    }
    let mut j = 0;
    while n % base == 0 {
        n /= base;
        j += 1;
    }
    n == 1 && (parity == 0 || j % 2 == parity - 1)
}
";

/// The `valuation_parity` helper.
const VALUATION_PARITY: &str = r"/// n >= 1 and the exponent of the largest power of 2 dividing n has the parity (1 even, 2 odd).
fn valuation_parity(n: u64, parity: u64) -> bool {
    n != 0 && u64::from(n.trailing_zeros()) % 2 == parity - 1
}
";

/// The `is_fibonacci` helper.
const IS_FIBONACCI: &str = "fn is_fibonacci(n: u64) -> bool {
    let (mut a, mut b) = (1u128, 2u128);
    while a < u128::from(n) {
        (a, b) = (b, a + b);
    }
    a == u128::from(n)
}
";

/// The `is_square` helper.
const IS_SQUARE: &str = "fn is_square(n: u64) -> bool {
    let root = isqrt(u128::from(n));
    root * root == u128::from(n)
}
";

/// The `is_triangular` helper.
const IS_TRIANGULAR: &str = r"/// n = m(m + 1)/2 exactly when 8n + 1 is a square.
fn is_triangular(n: u64) -> bool {
    let wide = 8 * u128::from(n) + 1;
    let root = isqrt(wide);
    root * root == wide
}
";

/// The `in_beatty` helper.
const IN_BEATTY: &str = r"/// n = floor(k alpha) (+ d k when upper is 1) for some k >= 1: the least k reaching n, by
/// bisection.
fn in_beatty(n: u64, d: u64, upper: u64) -> bool {
    let term = |k: u64| beatty_lower(k, d) + u128::from(upper * d) * u128::from(k);
    let (mut low, mut high) = (1, n.max(1));
    while low < high {
        let middle = low + (high - low) / 2;
        if term(middle) < u128::from(n) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    n >= 1 && term(low) == u128::from(n)
}
";

/// The `in_bands` helper.
const IN_BANDS: &str = r"/// low base^k < n <= high base^k for some k >= 0.
fn in_bands(n: u64, base: u64, low: u64, high: u64) -> bool {
    let (mut low, mut high, n) = (u128::from(low), u128::from(high), u128::from(n));
    while low < n {
        if n <= high {
            return true;
        }
        low *= u128::from(base);
        high *= u128::from(base);
    }
    false
}
";

/// The `in_lattice` helper.
const IN_LATTICE: &str =
    "fn in_lattice(a: u64, b: u64, rows: u64, columns: u64, table: &[u64]) -> bool {
    table[(a % rows * columns + b % columns) as usize] == 1
}
";

/// The `beatty_pair` helper.
const BEATTY_PAIR: &str = r"/// {a, b} = {floor(k alpha), floor(k alpha) + d k} for some k >= 0.
fn beatty_pair(a: u64, b: u64, d: u64) -> bool {
    let (low, high) = (a.min(b), a.max(b));
    let gap = high - low;
    gap % d == 0 && beatty_lower(gap / d, d) == u128::from(low)
}
";

/// The `linear` helper.
const LINEAR: &str = r#"fn linear(n: u64, slope: u64, offset: u64, divisor: u64) -> u64 {
    let value = (u128::from(slope) * u128::from(n) + u128::from(offset)) / u128::from(divisor);
    u64::try_from(value).unwrap_or_else(|_| fail("the rule's value does not fit in 64 bits"))
}
"#;

/// The `remainder` helper.
const REMAINDER: &str = "fn remainder(n: u64, modulus: u64, shift: u64, add: u64) -> u64 {
    (n % modulus + shift) % modulus + add
}
";

/// The `binary_form` helper.
const BINARY_FORM: &str = r#"/// A binary form of m = n + shift - 1: 0 the number of 1 bits, 1 the 2-adic valuation, 2 the
/// largest power of 2 dividing m, 3 the m-th odious number, 4 the m-th evil number.
fn binary_form(n: u64, shift: u64, form: u64) -> u64 {
    let m = (u128::from(n) + u128::from(shift)).checked_sub(1);
    let m = match m.and_then(|m| u64::try_from(m).ok()) {
        Some(m) if m > 0 || !(1..=2).contains(&form) => m,
        _ => fail(&format!("the rule has no value at {n}")),
    };
    let ones = u64::from(m.count_ones());
    let value = match form {
        0 => return ones,
        1 => return u64::from(m.trailing_zeros()),
        2 => return 1 << m.trailing_zeros(),
        3 => 2 * u128::from(m) + u128::from(ones % 2 == 0),
        _ => 2 * u128::from(m) + u128::from(ones % 2),
    };
    u64::try_from(value).unwrap_or_else(|_| fail("the rule's value does not fit in 64 bits"))
}
"#;

/// The reader's helpers (see `Syntax::reader_helpers`).
const READER_HELPERS: &str = r#"fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The values of one line, read in turn.
struct Line {
    words: Vec<String>,
    at: usize,
    what: String,
}

#[allow(dead_code)] // the reader calls what its description needs
impl Line {
    fn more(&self) -> bool {
        self.at < self.words.len()
    }

    fn left(&self) -> usize {
        self.words.len() - self.at
    }

    fn word(&mut self, _: &str) -> String {
        if self.at == self.words.len() {
            fail(&format!("a line holds too few values: it is {}", self.what));
        }
        self.at += 1;
        self.words[self.at - 1].clone()
    }

    fn number(&mut self, what: &str) -> u64 {
        parse_number(&self.word(what))
    }

    fn end(&self) {
        if self.at < self.words.len() {
            fail(&format!("a line holds more than {}", self.what));
        }
    }
}

/// The judge's input as tokens, each with the number of its line.
struct Input<'a> {
    tokens: Vec<(&'a str, usize)>,
    at: usize,
}

#[allow(dead_code)] // the reader calls what its description needs
impl<'a> Input<'a> {
    fn new(text: &'a str) -> Self {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text); // a byte-order mark is not input
        let bytes = text.as_bytes();
        let mut tokens = Vec::new();
        let (mut i, mut line) = (0, 0);
        while i < bytes.len() {
            if is_blank(bytes[i]) {
                if bytes[i] == b'\n' {
                    line += 1;
                }
                i += 1;
                continue;
            }
            let start = i;
            while i < bytes.len() && !is_blank(bytes[i]) {
                i += 1;
            }
            tokens.push((&text[start..i], line));
        }
        Input { tokens, at: 0 }
    }

    fn more(&self) -> bool {
        self.at < self.tokens.len()
    }

    fn word(&mut self, what: &str) -> String {
        if self.at == self.tokens.len() {
            fail(&format!("the input ends where {what} should be read"));
        }
        self.at += 1;
        self.tokens[self.at - 1].0.to_string()
    }

    fn number(&mut self, what: &str) -> u64 {
        parse_number(&self.word(what))
    }

    /// The rest of the current line, or the next line holding a value.
    fn line(&mut self, commas: bool, what: &str) -> Line {
        while self.at < self.tokens.len() {
            let number = self.tokens[self.at].1;
            let mut words = Vec::new();
            while self.at < self.tokens.len() && self.tokens[self.at].1 == number {
                let token = self.tokens[self.at].0;
                self.at += 1;
                if commas {
                    // Commas separate numbers too.
                    words.extend(token.split(',').filter(|part| !part.is_empty()).map(str::to_string));
                } else {
                    words.push(token.to_string());
                }
            }
            if !words.is_empty() {
                return Line { words, at: 0, what: what.to_string() };
            }
        }
        fail(&format!("the input ends where the line {what} should be read"));
    }
}

/// The answers, a line at a time: the answers of one line joined by the separator.
#[derive(Default)]
struct Output {
    text: String,
    parts: Vec<String>,
}

impl Output {
    fn add(&mut self, answer: String) {
        self.parts.push(answer);
    }

    fn newline(&mut self) {
        if !self.parts.is_empty() {
            self.text.push_str(&self.parts.join("${separator}"));
            self.text.push('\n');
            self.parts.clear();
        }
    }
}
?add,sub,mul|
?add,sub,mul|/// Counts and numbers the format computes: 0 or more, and 64 bits.
?add|fn add(a: u64, b: u64) -> u64 {
?add|    a.checked_add(b).unwrap_or_else(|| fail("a number the format computes does not fit in 64 bits"))
?add|}
?add|
?sub|fn sub(a: u64, b: u64) -> u64 {
?sub|    a.checked_sub(b).unwrap_or_else(|| fail("a number the format computes is negative"))
?sub|}
?sub|
?mul|fn mul(a: u64, b: u64) -> u64 {
?mul|    a.checked_mul(b).unwrap_or_else(|| fail("a number the format computes does not fit in 64 bits"))
?mul|}
?all_equal|
?all_equal|fn all_equal(values: &[u64], value: u64) -> bool {
?all_equal|    !values.is_empty() && values.iter().all(|&v| v == value)
?all_equal|}
?carried_input|
?carried_input|/// The game of each case, built from the numbers the input gives it (the last one kept).
?carried_input|#[derive(Default)]
?carried_input|struct Games {
?carried_input|    values: Vec<u64>,
?carried_input|    game: Option<Game>,
?carried_input|}
?carried_input|
?carried_input|impl Games {
?carried_input|    fn of(&mut self, numbers: &[u64]) -> &mut Game {
?carried_input|        if self.game.is_none() || self.values != numbers {
?carried_tokens,carried_dynamic|            self.game = Some(Game::of(numbers));
?carried_bash|            if numbers[0] == 0 {
?carried_bash|                fail("the limit m must be at least 1");
?carried_bash|            }
?carried_bash|            self.game = Some(Game { heap: Heap { m: numbers[0] } });
?carried_set,carried_oddball|            if numbers.is_empty() {
?carried_set,carried_oddball|                fail("the set of amounts is empty");
?carried_set,carried_oddball|            }
?carried_set,carried_oddball|            if numbers.contains(&0) {
?carried_set,carried_oddball|                fail("the amounts must be positive");
?carried_set,carried_oddball|            }
?carried_set|            self.game = Some(Game { heap: Heap::new(numbers.to_vec()) });
?carried_oddball|            let mut game = Game::new();
?carried_oddball|            game.amounts = numbers.to_vec();
?carried_oddball|            game.amounts.sort_unstable();
?carried_oddball|            game.amounts.dedup();
?carried_oddball|            self.game = Some(game);
?carried_input|            self.values = numbers.to_vec();
?carried_input|        }
?carried_input|        self.game.as_mut().expect("built above")
?carried_input|    }
?carried_input|}
"#;

/// Tokens on a directed graph: the values children first, Smith's values where it has cycles.
const TOKENS: &str = r"/// Tokens on a directed graph (Sprague-Grundy): a node is worth the mex of its successors'
/// values, found children first; where cycles let play go on forever, Smith's values
/// (docs/theory.md §14): a node is a nimber or infinite, with K the finite values of its
/// successors. Finite tokens add up by xor; one infinite token wins exactly when the others' xor
/// is in its K (and draws otherwise); two infinite tokens or more draw.
#[derive(Clone)]
struct Game {
    index: std::collections::HashMap<u64, usize>,
    successors: Vec<Vec<usize>>,
    parents: Vec<Vec<usize>>,
    value: Vec<u64>,
    infinite: Vec<bool>,
}

impl Game {
?!carried_input|    fn new() -> Self {
?!carried_input|        Self::of(&[${edges}])
?!carried_input|    }
?!carried_input|
    /// The graph of the edges numbers[0] > numbers[1], numbers[2] > numbers[3], ...
    fn of(numbers: &[u64]) -> Self {
        let mut index = std::collections::HashMap::new();
        for &name in numbers {
            let next = index.len();
            index.entry(name).or_insert(next);
        }
        let n = index.len();
        let mut successors = vec![Vec::new(); n];
        let mut parents = vec![Vec::new(); n];
        for pair in numbers.chunks_exact(2) {
            let (u, v) = (index[&pair[0]], index[&pair[1]]);
            successors[u].push(v);
            parents[v].push(u);
        }
        let mut game = Game { index, successors, parents, value: vec![0; n], infinite: vec![false; n] };
        // Children first: a node is valued once every successor is.
        let mut waiting: Vec<usize> = game.successors.iter().map(Vec::len).collect();
        let mut ready: Vec<usize> = (0..n).filter(|&u| waiting[u] == 0).collect();
        let mut valued = 0;
        while let Some(u) = ready.pop() {
            let seen: std::collections::HashSet<u64> = game.successors[u].iter().map(|&v| game.value[v]).collect();
            while seen.contains(&game.value[u]) {
                game.value[u] += 1;
            }
            valued += 1;
            for &p in &game.parents[u] {
                waiting[p] -= 1;
                if waiting[p] == 0 {
                    ready.push(p);
                }
            }
        }
        if valued < n {
            game.smith();
        }
        game
    }

    /// Smith's values by the Fraenkel-Yesha labelling: for m = 0, 1, ..., a node is labelled m
    /// when no successor is labelled m and every successor not labelled below m has one that
    /// is; a node left unlabelled without a successor labelled m is infinite.
    fn smith(&mut self) {
        let n = self.successors.len();
        let mut label = vec![0u8; n]; // 0 none, 1 finite, 2 infinite
        let mut unlabelled = n;
        let mut bad = vec![0usize; n];
        let mut m = 0;
        while unlabelled > 0 {
            let mut has_m = vec![false; n];
            let mut queue = Vec::new();
            for u in 0..n {
                if label[u] == 0 {
                    bad[u] = self.successors[u].iter().filter(|&&v| label[v] != 1).count();
                    if bad[u] == 0 {
                        queue.push(u);
                    }
                }
            }
            while let Some(u) = queue.pop() {
                if label[u] != 0 || has_m[u] {
                    continue;
                }
                label[u] = 1;
                self.value[u] = m;
                unlabelled -= 1;
                for &p in &self.parents[u] {
                    if has_m[p] {
                        continue;
                    }
                    has_m[p] = true;
                    if label[p] == 1 {
                        continue;
                    }
                    for &q in &self.parents[p] {
                        if label[q] == 0 {
                            bad[q] -= 1;
                            if bad[q] == 0 && !has_m[q] {
                                queue.push(q);
                            }
                        }
                    }
                }
            }
            for u in 0..n {
                if label[u] == 0 && !has_m[u] {
                    label[u] = 2;
                    self.infinite[u] = true;
                    unlabelled -= 1;
                }
            }
            m += 1;
        }
    }

    fn outcome(&mut self, tokens: &[u64]) -> u8 {
        let mut total = 0;
        let mut infinite = Vec::new();
        for token in tokens {
            // A node without edges is worth 0.
            if let Some(&u) = self.index.get(token) {
                if self.infinite[u] {
                    infinite.push(u);
                } else {
                    total ^= self.value[u];
                }
            }
        }
        match infinite.as_slice() {
            [] => if total == 0 { b'L' } else { b'W' },
            [at] if self.successors[*at].iter().any(|&v| !self.infinite[v] && self.value[v] == total) => b'W',
            _ => b'D',
        }
    }
}
";

/// Green Hackenbush: the picture's value by its bridges (fusion and colon principles).
const HACKENBUSH: &str = r#"/// Green Hackenbush by the fusion and colon principles: one depth-first search from the
/// ground (node 0) finds the bridges; an edge on a cycle is fused into a loop worth 1, and a
/// block hanging below a bridge adds one more than its own value to the block above.
struct Game;

impl Game {
    fn value(numbers: &[u64]) -> u64 {
?parents|        // Node i (from 1) hangs from the i-th number: a tree, so each parent is a node (0 to n)
?parents|        // and following parents from any node reaches the ground.
?parents|        let n = numbers.len();
?parents|        for (i, &p) in numbers.iter().enumerate() {
?parents|            if p > n as u64 {
?parents|                fail(&format!("node {} hangs from node {p}, but the nodes are 0 to {n}", i + 1));
?parents|            }
?parents|        }
?parents|        let mut state = vec![0u8; n + 1]; // 0 unseen, 1 on the chain being followed, 2 reaches the ground
?parents|        state[0] = 2;
?parents|        for i in 1..=n {
?parents|            let mut v = i;
?parents|            while state[v] == 0 {
?parents|                state[v] = 1;
?parents|                v = numbers[v - 1] as usize;
?parents|            }
?parents|            if state[v] == 1 {
?parents|                fail(&format!("the parents make a cycle through node {v}: a parent array gives a tree"));
?parents|            }
?parents|            v = i;
?parents|            while state[v] == 1 {
?parents|                state[v] = 2;
?parents|                v = numbers[v - 1] as usize;
?parents|            }
?parents|        }
?parents|        let edges: Vec<(u64, u64)> = numbers.iter().zip(1..).map(|(&p, i)| (p, i)).collect();
?!parents|        let edges: Vec<(u64, u64)> = numbers.chunks_exact(2).map(|pair| (pair[0], pair[1])).collect();
        // Nodes renumbered 0, 1, ..., the ground first.
        let mut index = std::collections::HashMap::from([(0u64, 0usize)]);
        for &(a, b) in &edges {
            for name in [a, b] {
                let next = index.len();
                index.entry(name).or_insert(next);
            }
        }
        let nodes = index.len();
        let mut adjacent: Vec<Vec<(usize, usize)>> = vec![Vec::new(); nodes]; // (neighbour, edge)
        let mut value = vec![0u64; nodes];
        for (e, &(a, b)) in edges.iter().enumerate() {
            let (a, b) = (index[&a], index[&b]);
            if a == b {
                value[a] ^= 1; // a loop: worth 1
                continue;
            }
            adjacent[a].push((b, e));
            adjacent[b].push((a, e));
        }
        let mut time = vec![usize::MAX; nodes];
        let mut low = vec![0; nodes];
        let mut parent = vec![0; nodes];
        let mut parent_edge = vec![usize::MAX; nodes];
        let mut following = vec![0; nodes];
        let mut order = vec![0];
        let mut stack = vec![0];
        time[0] = 0;
        while let Some(&v) = stack.last() {
            if following[v] < adjacent[v].len() {
                let (w, e) = adjacent[v][following[v]];
                following[v] += 1;
                if e == parent_edge[v] {
                    continue;
                }
                if time[w] == usize::MAX {
                    time[w] = order.len();
                    low[w] = order.len();
                    parent[w] = v;
                    parent_edge[w] = e;
                    order.push(w);
                    stack.push(w);
                } else {
                    low[v] = low[v].min(time[w]);
                    if time[w] < time[v] {
                        value[v] ^= 1; // an edge back up a cycle: a loop
                    }
                }
            } else {
                stack.pop();
                if v != 0 {
                    low[parent[v]] = low[parent[v]].min(low[v]);
                }
            }
        }
        // Children before parents: a bridge adds value + 1 (colon), an edge on a cycle adds the
        // loop it is fused into, and the child's own terms join its block.
        for &v in order[1..].iter().rev() {
            let term = if low[v] > time[parent[v]] { value[v] + 1 } else { value[v] ^ 1 };
            value[parent[v]] ^= term;
        }
        value[0]
    }

    fn outcome(&mut self, numbers: &[u64]) -> u8 {
        if Game::value(numbers) == 0 { b'L' } else { b'W' }
    }
}
"#;
