//! Java 17: one class `Main` (save as `Main.java`); `javac -Xlint:all -Werror` compiles it, in
//! ASCII whatever the platform's encoding (other characters are written as Unicode escapes).
//! Numbers are `long`s read and compared as unsigned 64-bit integers; Wythoff's square root uses
//! `BigInteger.sqrt`, which is exact.

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
    out.push('\n');
    if program.decider == Decider::Wythoff {
        out.push_str("import java.math.BigInteger;\n");
    }
    out.push_str("import java.io.IOException;\nimport java.nio.charset.StandardCharsets;\n");
    let dp = super::Uses::of(program).dp;
    if dp {
        out.push_str(
            "import java.util.ArrayList;\nimport java.util.Arrays;\nimport java.util.List;\n",
        );
    }
    if program.format.input == InputLayout::SNim {
        out.push_str("import java.util.TreeSet;\n");
    }
    out.push_str(
        r#"
public class Main {
    static IllegalStateException fail(String message) {
        System.err.println("error: " + message);
        System.exit(1);
        return new IllegalStateException(message);
    }

    /** A decimal number of at most 64 bits, as an unsigned long; anything else is refused. */
    static long parseNumber(String token) {
        if (token.isEmpty() || !token.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw fail("'" + token + "' is not a whole number");
        }
        try {
            return Long.parseUnsignedLong(token);
        } catch (NumberFormatException e) {
            throw fail(token + " does not fit in 64 bits");
        }
    }
"#,
    );
    game(&mut out, program);
    answer(&mut out, program.format.output);
    main(&mut out, program);
    out.push_str("}\n");
    ascii(&out)
}

/// `source` with every character beyond ASCII written as a Unicode escape (`\\u00e8`), which Java
/// reads anywhere in a source: javac then compiles it under any platform encoding.
fn ascii(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut units = [0u16; 2];
    for c in source.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            for unit in c.encode_utf16(&mut units) {
                let _ = write!(out, "\\u{unit:04x}");
            }
        }
    }
    out
}

fn list(values: &[u64]) -> String {
    values
        .iter()
        .map(|v| {
            if *v > i64::MAX as u64 {
                format!("{}L", v.cast_signed())
            } else {
                format!("{v}L")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// One heap's kernel as `static final class NAME` with `long value(long n)`.
fn heap(out: &mut String, name: &str, kernel: &Kernel, amounts: Option<&[u64]>, play: Play) {
    out.push('\n');
    match kernel {
        Kernel::NimHeap => {
            let _ = writeln!(
                out,
                "    /** A Nim heap: G(n) = n. */\n    static final class {name} {{\n        long value(long n) {{\n            return n;\n        }}\n    }}"
            );
        }
        Kernel::Period(certificate) => {
            let periodicity = certificate.periodicity();
            let (n0, p, s) = (
                periodicity.preperiod(),
                periodicity.period(),
                periodicity.saltus(),
            );
            let _ = writeln!(
                out,
                "    static final class {name} {{\n        static final long PREPERIOD = {n0}, PERIOD = {p}{};",
                if s > 0 {
                    format!(", SALTUS = {s}")
                } else {
                    String::new()
                }
            );
            let _ = writeln!(
                out,
                "        /** G(0) .. G(PREPERIOD + PERIOD - 1): the preperiod, then one period. */\n        static final int[] TABLE = {{\n{}\n        }};",
                wrapped_list(&table_list(certificate), "            ", 100)
            );
            if let Some(amounts) = amounts {
                let _ = writeln!(out, "        final long[] amounts = {{{}}};", list(amounts));
            }
            out.push_str("\n        long value(long n) {\n            if (Long.compareUnsigned(n, PREPERIOD + PERIOD) < 0) return TABLE[(int) n];\n            long offset = n - PREPERIOD;\n");
            if s > 0 {
                out.push_str("            return TABLE[(int) (PREPERIOD + Long.remainderUnsigned(offset, PERIOD))]\n                + Long.divideUnsigned(offset, PERIOD) * SALTUS;\n");
            } else {
                out.push_str(
                    "            return TABLE[(int) (PREPERIOD + Long.remainderUnsigned(offset, PERIOD))];\n",
                );
            }
            out.push_str("        }\n    }\n");
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
                "    /** bash:m, take 1 to m: G(n) = n mod (m + 1) (the residue theorem). */\n    static final class {name} {{\n        final long m;\n\n        {name}(long m) {{\n            this.m = m;\n        }}\n\n        long value(long n) {{\n            // m >= n leaves n (and keeps m + 1 from overflowing).\n            return Long.compareUnsigned(m, n) >= 0 ? n : Long.remainderUnsigned(n, m + 1);\n        }}\n    }}"
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
        "    /** G(n) by the definition: the mex of the values of the heaps a move leaves, memoised. */\n    static final class {name} {{\n        static final long BOUND = {bound};\n        final List<Long> amounts = new ArrayList<>(); // ascending\n        int[] values = new int[16];\n        int size = 0;"
    );
    let (state, grow) = match family {
        None => ("", ""),
        Some(Family::Fibonacci) => (
            "        long low = 1, high = 2; // consecutive Fibonacci numbers\n",
            "                if (heap == low) {\n                    amounts.add(heap);\n                    long sum = low + high;\n                    low = high;\n                    high = sum;\n                }\n",
        ),
        Some(Family::Squares) => (
            "        long root = 1; // the next square is root * root\n",
            "                if (heap == root * root) {\n                    amounts.add(heap);\n                    root++;\n                }\n",
        ),
        Some(Family::PowersOfTwo) => (
            "        long power = 1; // the next power of two\n",
            "                if (heap == power) {\n                    amounts.add(heap);\n                    power *= 2;\n                }\n",
        ),
        Some(Family::Primes) => (
            "",
            "                long divisor = 2;\n                while (divisor * divisor <= heap && heap % divisor != 0) divisor++;\n                if (heap >= 2 && divisor * divisor > heap) amounts.add(heap); // a prime\n",
        ),
    };
    out.push_str(state);
    match initial {
        Some(initial) => {
            let _ = writeln!(
                out,
                "\n        {name}() {{\n            for (long take : new long[] {{{initial}}}) amounts.add(take);\n        }}"
            );
        }
        None => {
            let _ = writeln!(
                out,
                "\n        {name}(TreeSet<Long> set) {{\n            amounts.addAll(set);\n        }}"
            );
        }
    }
    out.push_str("\n        long value(long n) {\n            if (Long.compareUnsigned(n, BOUND) > 0) {\n                throw fail(\"heap \" + Long.toUnsignedString(n) + \" is above \" + BOUND + \", the largest heap this DP answers (no period is proved)\");\n            }\n            while (size <= n) {\n                long heap = size;\n");
    out.push_str(grow);
    out.push_str("                boolean[] seen = new boolean[amounts.size() + 1];\n");
    if play == Play::Misere {
        out.push_str("                int options = 0;\n");
    }
    out.push_str("                for (long take : amounts) {\n                    // Unsigned: an amount of 2^63 or more is no negative number.\n                    if (Long.compareUnsigned(take, heap) > 0) continue;\n");
    if play == Play::Misere {
        out.push_str("                    options++;\n");
    }
    out.push_str("                    int g = values[(int) (heap - take)];\n                    if (g < seen.length) seen[g] = true;\n                }\n                int mex = 0;\n                while (seen[mex]) mex++;\n                if (size == values.length) values = Arrays.copyOf(values, 2 * size);\n");
    if play == Play::Misere {
        out.push_str("                values[size++] = options == 0 ? 1 : mex; // misère: no move is worth 1\n");
    } else {
        out.push_str("                values[size++] = mex;\n");
    }
    out.push_str("            }\n            return values[(int) n];\n        }\n    }\n");
}

/// `static final class Game` with `char outcome(long[] position)` (`'W'`, `'L'` or `'T'` for
/// the player to move), and `winningMoves` when the output needs them.
fn game(out: &mut String, program: &Program) {
    let games = kernel_games(program);
    match &program.decider {
        Decider::Grundy(kernel) => grundy_game(out, program, kernel, games[0]),
        Decider::Sum(kernels) => {
            for (i, kernel) in kernels.iter().enumerate() {
                heap(out, &format!("Heap{i}"), kernel, None, Play::Normal);
            }
            let count = kernels.len();
            out.push_str("\n    static final class Game {\n");
            for i in 0..count {
                let _ = writeln!(out, "        final Heap{i} heap{i} = new Heap{i}();");
            }
            let _ = writeln!(
                out,
                "\n        char outcome(long[] heaps) {{\n            if (heaps.length != {count}) throw fail(\"a position is {count} heaps, one per component of the sum\");\n            long total = 0;"
            );
            for i in 0..count {
                let _ = writeln!(out, "            total ^= heap{i}.value(heaps[{i}]);");
            }
            out.push_str("            return total != 0 ? 'W' : 'L';\n        }\n    }\n");
        }
        Decider::MisereHeap(kernel) => {
            heap(out, "Heap", kernel, None, Play::Misere);
            out.push_str("\n    static final class Game {\n        final Heap heap = new Heap();\n\n        char outcome(long[] heaps) {\n            if (heaps.length != 1) throw fail(\"under misère play a position is one heap: misère values do not add up by xor\");\n            return heap.value(heaps[0]) != 0 ? 'W' : 'L';\n        }\n    }\n");
        }
        Decider::MisereNim => out.push_str(
            r"
    static final class Game {
        char outcome(long[] heaps) {
            long total = 0, ones = 0;
            boolean small = true; // every heap holds at most 1
            for (long h : heaps) {
                total ^= h;
                if (h == 1) ones++;
                if (Long.compareUnsigned(h, 1) > 0) small = false;
            }
            boolean loses = small ? ones % 2 == 1 : total == 0;
            return loses ? 'L' : 'W';
        }
    }
",
        ),
        Decider::Wythoff => out.push_str(
            r#"
    static BigInteger unsigned(long x) {
        return new BigInteger(Long.toUnsignedString(x));
    }

    static final class Game {
        char outcome(long[] heaps) {
            if (heaps.length != 2) throw fail("a Wythoff position is two heaps");
            BigInteger a = unsigned(heaps[0]).min(unsigned(heaps[1]));
            BigInteger b = unsigned(heaps[0]).max(unsigned(heaps[1]));
            BigInteger k = b.subtract(a);
            // floor(k phi) = floor((k + isqrt(5k^2)) / 2), exactly: BigInteger.sqrt is the floor.
            BigInteger lower = k.add(k.multiply(k).multiply(BigInteger.valueOf(5)).sqrt()).shiftRight(1);
            return lower.equals(a) ? 'L' : 'W';
        }
    }
"#,
        ),
        Decider::FibonacciNim => out.push_str(
            r#"
    static final class Game {
        char outcome(long[] numbers) {
            if (numbers.length < 1 || numbers.length > 2) throw fail("a Fibonacci Nim position is a heap n, or n and the quota q");
            long n = numbers[0];
            if (n == 0) return 'L';
            long quota = numbers.length == 2 ? numbers[1] : n - 1; // a fresh heap: anything but all
            long[] fibonacci = new long[100];
            fibonacci[0] = 1;
            fibonacci[1] = 2;
            int count = 2;
            while (Long.compareUnsigned(fibonacci[count - 1], n - fibonacci[count - 2]) <= 0) {
                fibonacci[count] = fibonacci[count - 1] + fibonacci[count - 2];
                count++;
            }
            // Zeckendorf: take the largest Fibonacci number that fits, greedily; the last is the
            // smallest term.
            long rest = n, smallest = 0;
            for (int i = count - 1; i >= 0; i--) {
                if (Long.compareUnsigned(fibonacci[i], rest) <= 0) {
                    rest -= fibonacci[i];
                    smallest = fibonacci[i];
                }
            }
            return Long.compareUnsigned(smallest, quota) <= 0 ? 'W' : 'L';
        }
    }
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
    out.push_str("\n    static final class Game {\n        final Heap heap;\n\n        Game(Heap heap) {\n            this.heap = heap;\n        }\n\n        char outcome(long[] heaps) {\n            long total = 0;\n            for (long h : heaps) total ^= heap.value(h);\n            return total != 0 ? 'W' : 'L';\n        }\n");
    if program.format.output.needs_moves() {
        out.push_str("\n        /** Every move to a position of xor 0, as {from, to}: heaps in input order. */\n        java.util.List<long[]> winningMoves(long[] heaps) {\n            long total = 0;\n            for (long h : heaps) total ^= heap.value(h);\n            java.util.List<long[]> moves = new java.util.ArrayList<>();\n            if (total == 0) return moves;\n            for (long h : heaps) {\n                long target = heap.value(h) ^ total;\n");
        match kernel {
            Kernel::NimHeap => out.push_str(
                "                if (Long.compareUnsigned(target, h) < 0) moves.add(new long[] {h, target});\n",
            ),
            Kernel::CarriedBash => out.push_str(
                "                for (long take = 1; Long.compareUnsigned(take, heap.m) <= 0 && Long.compareUnsigned(take, h) <= 0; take++) {\n                    if (heap.value(h - take) == target) moves.add(new long[] {h, h - take});\n                }\n",
            ),
            _ => out.push_str(
                "                for (long take : heap.amounts) {\n                    if (Long.compareUnsigned(take, h) > 0) break;\n                    if (heap.value(h - take) == target) moves.add(new long[] {h, h - take});\n                }\n",
            ),
        }
        out.push_str("            }\n            return moves;\n        }\n");
    }
    out.push_str("    }\n");
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
    static int rank(char result) {{
        return result == 'W' ? 2 : result == 'T' ? 1 : 0;
    }}

    static final class Game {{
        static final long BOUND = {bound};
        long[] amounts = {{{amounts}}};
        // results[4 * left + 2 * mine + theirs]: W, T or L for the player to move, where mine
        // and theirs are the parities of the balls each player holds.
        final StringBuilder results = new StringBuilder();

        char solve(long left, long mine, long theirs) {{
            if (Long.compareUnsigned(left, BOUND) > 0) {{
                throw fail("pile " + Long.toUnsignedString(left) + " is above " + BOUND + ", the largest pile this DP answers");
            }}
            while (results.length() <= 4 * left + 3) {{
                long balls = results.length() / 4;
                for (int state = 0; state < 4; state++) {{
                    long m = state >> 1, t = state & 1;
                    char best = 0;
                    for (long take : amounts) {{
                        if (take > balls) continue;
                        // The opponent moves next; the mover's parity changes with an odd take.
                        char after = results.charAt((int) (4 * (balls - take) + 2 * t + (m ^ (take & 1))));
                        char now = after == 'W' ? 'L' : after == 'L' ? 'W' : 'T';
                        if (best == 0 || rank(now) > rank(best)) best = now;
                    }}
                    if (best == 0) best = m == t ? 'T' : m == 1 ? 'W' : 'L'; // no move: odd beats even
                    results.append(best);
                }}
            }}
            return results.charAt((int) (4 * left + 2 * mine + theirs));
        }}

        char outcome(long[] numbers) {{
            if (numbers.length == 1) return solve(numbers[0], 0, 0);
            if (numbers.length == 3) return solve(numbers[0], numbers[1] & 1, numbers[2] & 1);
            throw fail("a position is the balls left n, or n and the balls each player holds");
        }}
    }}
"#
    );
}

/// `static String answer(Game game, long[] position)`: the output of one case.
fn answer(out: &mut String, output: OutputFormat) {
    out.push_str("\n    static String answer(Game game, long[] position) {\n");
    match output {
        OutputFormat::Words(words) => {
            let _ = writeln!(
                out,
                "        char outcome = game.outcome(position);\n        if (outcome == 'T') throw fail(\"best play ties, and this format has no word for a tie\");\n        return outcome == 'W' ? \"{}\" : \"{}\";",
                words.win, words.lose
            );
        }
        OutputFormat::Symbols => out.push_str(
            "        char outcome = game.outcome(position);\n        return outcome == 'W' ? \"+\" : outcome == 'L' ? \"-\" : \"0\";\n",
        ),
        OutputFormat::Count => {
            out.push_str("        return Integer.toString(game.winningMoves(position).size());\n");
        }
        OutputFormat::Moves(words) => {
            let _ = writeln!(
                out,
                "        java.util.List<long[]> moves = game.winningMoves(position);\n        if (moves.isEmpty()) return \"{}\";\n        StringBuilder text = new StringBuilder(\"{}\");\n        for (long[] move : moves) {{\n            text.append('\\n').append(Long.toUnsignedString(move[0])).append(' ').append(Long.toUnsignedString(move[1]));\n        }}\n        return text.toString();",
                words.lose, words.win
            );
        }
    }
    out.push_str("    }\n");
}

/// The expression that builds the program's one `Game`.
fn new_game(program: &Program) -> &'static str {
    match &program.decider {
        Decider::Grundy(_) => "new Game(new Heap())",
        _ => "new Game()",
    }
}

/// `main`: read the layout, answer each case, join the answers.
fn main(out: &mut String, program: &Program) {
    out.push_str("\n    public static void main(String[] args) throws IOException {\n        String input = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);\n        StringBuilder out = new StringBuilder();\n");
    let layout = program.format.input;
    match layout {
        InputLayout::Lines | InputLayout::LinesUntilZeros | InputLayout::Cases => {
            let _ = writeln!(out, "        Game game = {};", new_game(program));
            if layout == InputLayout::Cases {
                out.push_str("        long expected = -1, done = 0;\n");
            }
            out.push_str("        for (String line : input.split(\"\\n\")) {\n            String trimmed = line.replace(',', ' ').trim();\n            if (trimmed.isEmpty()) continue;\n            String[] tokens = trimmed.split(\"\\\\s+\");\n            long[] numbers = new long[tokens.length];\n            for (int i = 0; i < tokens.length; i++) numbers[i] = parseNumber(tokens[i]);\n");
            match layout {
                InputLayout::LinesUntilZeros => out.push_str("            boolean zeros = true;\n            for (long x : numbers) {\n                if (x != 0) zeros = false;\n            }\n            if (zeros) break;\n"),
                InputLayout::Cases => out.push_str("            if (expected == -1) {\n                if (numbers.length != 1) throw fail(\"the first line is the number of cases T\");\n                expected = numbers[0];\n                continue;\n            }\n            if (done == expected) throw fail(\"more lines than the T cases\");\n            done++;\n"),
                _ => {}
            }
            out.push_str(
                "            out.append(answer(game, numbers)).append('\\n');\n        }\n",
            );
            if layout == InputLayout::Cases {
                out.push_str("        if (expected == -1 || Long.compareUnsigned(done, expected) < 0) throw fail(\"the input ends before the T cases\");\n");
            }
        }
        _ => {
            out.push_str("        String trimmed = input.trim();\n        String[] tokens = trimmed.isEmpty() ? new String[0] : trimmed.split(\"\\\\s+\");\n        long[] numbers = new long[tokens.length];\n        for (int i = 0; i < tokens.length; i++) numbers[i] = parseNumber(tokens[i]);\n        Reader reader = new Reader(numbers);\n");
            stream_body(out, program);
        }
    }
    out.push_str("        System.out.print(out);\n    }\n");
    if !matches!(
        layout,
        InputLayout::Lines | InputLayout::LinesUntilZeros | InputLayout::Cases
    ) {
        out.push_str(
            r#"
    static final class Reader {
        final long[] numbers;
        int at = 0;

        Reader(long[] numbers) {
            this.numbers = numbers;
        }

        boolean more() {
            return at < numbers.length;
        }

        long next(String what) {
            if (at == numbers.length) throw fail("the input ends before " + what);
            return numbers[at++];
        }

        long[] heaps(long m) {
            if (Long.compareUnsigned(m, numbers.length - at) > 0) throw fail("the input ends before the " + Long.toUnsignedString(m) + " heaps");
            long[] heaps = new long[(int) m];
            for (int i = 0; i < heaps.length; i++) heaps[i] = next("a heap");
            return heaps;
        }
    }
"#,
        );
    }
}

fn stream_body(out: &mut String, program: &Program) {
    let game = new_game(program);
    match program.format.input {
        InputLayout::Heaps => {
            let _ = writeln!(
                out,
                "        Game game = {game};\n        while (reader.more()) {{\n            long m = reader.next(\"the heap count\");\n            if (m == 0) break;\n            out.append(answer(game, reader.heaps(m))).append('\\n');\n        }}"
            );
        }
        InputLayout::CasesHeaps => {
            let _ = writeln!(
                out,
                "        Game game = {game};\n        long cases = reader.next(\"the number of cases T\");\n        for (long c = 0; Long.compareUnsigned(c, cases) < 0; c++) {{\n            long m = reader.next(\"the heap count\");\n            out.append(answer(game, reader.heaps(m))).append('\\n');\n        }}"
            );
        }
        InputLayout::CasesBash => out.push_str("        long cases = reader.next(\"the number of cases T\");\n        for (long c = 0; Long.compareUnsigned(c, cases) < 0; c++) {\n            long n = reader.next(\"the heap n\");\n            long m = reader.next(\"the limit m\");\n            if (m == 0) throw fail(\"the limit m must be at least 1\");\n            out.append(answer(new Game(new Heap(m)), new long[] {n})).append('\\n');\n        }\n"),
        InputLayout::SNim => {
            out.push_str("        while (reader.more()) {\n            long k = reader.next(\"the set size k\");\n            if (k == 0) break;\n            TreeSet<Long> set = new TreeSet<>();\n            for (long i = 0; Long.compareUnsigned(i, k) < 0; i++) {\n                long amount = reader.next(\"an amount\");\n                if (amount == 0) throw fail(\"the amounts must be positive\");\n                set.add(amount);\n            }\n            Game game = new Game(new Heap(set));\n            long positions = reader.next(\"the number of positions m\");\n            StringBuilder block = new StringBuilder();\n            for (long p = 0; Long.compareUnsigned(p, positions) < 0; p++) {\n                long m = reader.next(\"the heap count l\");\n                String answer = answer(game, reader.heaps(m));\n");
            match join(program) {
                Join::Block { separator } => {
                    let _ = writeln!(
                        out,
                        "                if (p > 0) block.append(\"{separator}\");\n                block.append(answer);\n            }}\n            out.append(block).append('\\n');\n        }}"
                    );
                }
                Join::Lines => out.push_str(
                    "                block.append(answer).append('\\n');\n            }\n            out.append(block);\n        }\n",
                ),
            }
        }
        InputLayout::Oddball => {
            out.push_str("        Game game = new Game();\n        game.amounts = new long[3];\n        for (int i = 0; i < 3; i++) {\n            game.amounts[i] = reader.next(\"the amounts n1 n2 n3\");\n            if (game.amounts[i] == 0) throw fail(\"the amounts must be positive\");\n        }\n        if (!reader.more()) throw fail(\"the input ends before the first pile\");\n        StringBuilder line = new StringBuilder();\n        while (reader.more()) {\n            String answer = answer(game, new long[] {reader.next(\"a pile\")});\n");
            match join(program) {
                Join::Block { separator } => {
                    let _ = writeln!(
                        out,
                        "            if (line.length() > 0) line.append(\"{separator}\");\n            line.append(answer);\n        }}\n        out.append(line).append('\\n');"
                    );
                }
                Join::Lines => out.push_str(
                    "            line.append(answer).append('\\n');\n        }\n        out.append(line);\n",
                ),
            }
        }
        InputLayout::Lines | InputLayout::LinesUntilZeros | InputLayout::Cases => {}
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sources_are_ascii() {
        assert_eq!(
            super::ascii("misère — 𝜑"),
            "mis\\u00e8re \\u2014 \\ud835\\udf11"
        );
    }
}
