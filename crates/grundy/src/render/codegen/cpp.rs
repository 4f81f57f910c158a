//! C++17: `g++ -std=c++17 -O2 -Wall -Wextra` compiles it without a warning. Numbers are
//! `unsigned long long`; Wythoff's square root uses `unsigned __int128`.

use std::fmt::Write as _;

use super::{Uses, finite_amounts, join, kernel_games, table_list, wrapped_list};
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
    let uses = Uses::of(program);
    let mut includes = vec!["cstdlib", "iostream", "string", "utility", "vector"];
    if matches!(
        program.format.input,
        InputLayout::Lines | InputLayout::LinesUntilZeros | InputLayout::Cases
    ) {
        includes.push("sstream");
    }
    if matches!(program.format.input, InputLayout::SNim) || program.decider == Decider::Wythoff {
        includes.push("algorithm");
    }
    includes.sort_unstable();
    out.push('\n');
    for include in includes {
        let _ = writeln!(out, "#include <{include}>");
    }
    out.push_str("\nusing namespace std;\ntypedef unsigned long long u64;\n");
    if program.decider == Decider::Wythoff {
        out.push_str("typedef unsigned __int128 u128;\n");
    }
    out.push_str(
        r#"
[[noreturn]] static void fail(const string& message) {
    cerr << "error: " << message << '\n';
    exit(1);
}

// A decimal number of at most 64 bits; anything else is refused.
static u64 parse_number(const string& token) {
    u64 value = 0;
    for (char c : token) {
        if (c < '0' || c > '9') fail("'" + token + "' is not a whole number");
        u64 digit = static_cast<u64>(c - '0');
        if (value > (~0ULL - digit) / 10) fail(token + " does not fit in 64 bits");
        value = value * 10 + digit;
    }
    return value;
}
"#,
    );
    if uses.dp && needs_prime_test(program) {
        out.push_str(
            r"
static bool is_prime(u64 n) {
    if (n < 2) return false;
    for (u64 d = 2; d * d <= n; ++d) {
        if (n % d == 0) return false;
    }
    return true;
}
",
        );
    }
    game(&mut out, program);
    answer(&mut out, program.format.output);
    main(&mut out, program);
    out
}

fn needs_prime_test(program: &Program) -> bool {
    let kernels: Vec<&Kernel> = match &program.decider {
        Decider::Grundy(kernel) | Decider::MisereHeap(kernel) => vec![kernel],
        Decider::Sum(kernels) => kernels.iter().collect(),
        _ => Vec::new(),
    };
    kernels.iter().any(
        |kernel| matches!(kernel, Kernel::Dp(dp) if dp.amounts == Amounts::Family(Family::Primes)),
    )
}

/// One heap's kernel as `struct NAME` with `u64 value(u64 n)`.
fn heap(out: &mut String, name: &str, kernel: &Kernel, amounts: Option<&[u64]>, play: Play) {
    out.push('\n');
    match kernel {
        Kernel::NimHeap => {
            let _ = writeln!(
                out,
                "// A Nim heap: G(n) = n.\nstruct {name} {{\n    u64 value(u64 n) const {{ return n; }}\n}};"
            );
        }
        Kernel::Period(certificate) => {
            let periodicity = certificate.periodicity();
            let (n0, p, s) = (
                periodicity.preperiod(),
                periodicity.period(),
                periodicity.saltus(),
            );
            let _ = writeln!(out, "struct {name} {{");
            let _ = write!(
                out,
                "    static constexpr u64 PREPERIOD = {n0}, PERIOD = {p}"
            );
            if s > 0 {
                let _ = write!(out, ", SALTUS = {s}");
            }
            out.push_str(
                ";\n    // G(0) .. G(PREPERIOD + PERIOD - 1): the preperiod, then one period.\n",
            );
            let _ = writeln!(
                out,
                "    static constexpr unsigned TABLE[] = {{\n{}\n    }};",
                wrapped_list(&table_list(certificate), "        ", 100)
            );
            if let Some(amounts) = amounts {
                let _ = writeln!(out, "    vector<u64> amounts{{{}}};", join_numbers(amounts));
            }
            out.push_str("    u64 value(u64 n) const {\n        if (n < PREPERIOD + PERIOD) return TABLE[n];\n        u64 offset = n - PREPERIOD;\n");
            if s > 0 {
                out.push_str(
                    "        return TABLE[PREPERIOD + offset % PERIOD] + offset / PERIOD * SALTUS;\n",
                );
            } else {
                out.push_str("        return TABLE[PREPERIOD + offset % PERIOD];\n");
            }
            out.push_str("    }\n};\n");
        }
        Kernel::Dp(dp) => {
            let (initial, family) = match &dp.amounts {
                Amounts::Finite(members) => (join_numbers(members), None),
                Amounts::Family(family) => (String::new(), Some(*family)),
            };
            dp_struct(out, name, dp.bound, &initial, family, false, play);
        }
        Kernel::CarriedSet { bound } => {
            dp_struct(out, name, *bound, "", None, true, play);
        }
        Kernel::CarriedBash => {
            let _ = writeln!(
                out,
                "// bash:m, take 1 to m: G(n) = n mod (m + 1) (the residue theorem).\nstruct {name} {{\n    u64 m;\n    // m >= n leaves n (and keeps m + 1 from overflowing).\n    u64 value(u64 n) const {{ return m >= n ? n : n % (m + 1); }}\n}};"
            );
        }
    }
}

fn join_numbers(values: &[u64]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A DP kernel: values grown up to the heap asked, refused above `bound`.
fn dp_struct(
    out: &mut String,
    name: &str,
    bound: u64,
    initial: &str,
    family: Option<Family>,
    carried: bool,
    play: Play,
) {
    let _ = writeln!(
        out,
        "// G(n) by the definition: the mex of the values of the heaps a move leaves, memoised.\nstruct {name} {{\n    static constexpr u64 BOUND = {bound};"
    );
    if carried {
        let _ = writeln!(
            out,
            "    vector<u64> amounts;  // ascending\n    vector<unsigned> values;\n    explicit {name}(vector<u64> set) : amounts(move(set)) {{}}"
        );
    } else {
        let _ = writeln!(
            out,
            "    vector<u64> amounts{{{initial}}};  // ascending\n    vector<unsigned> values;"
        );
    }
    let (state, grow) = match family {
        None => ("", ""),
        Some(Family::Fibonacci) => (
            "    u64 low = 1, high = 2;  // consecutive Fibonacci numbers\n",
            "            if (heap == low) {\n                amounts.push_back(heap);\n                u64 sum = low + high;\n                low = high;\n                high = sum;\n            }\n",
        ),
        Some(Family::Squares) => (
            "    u64 root = 1;  // the next square is root * root\n",
            "            if (heap == root * root) {\n                amounts.push_back(heap);\n                ++root;\n            }\n",
        ),
        Some(Family::PowersOfTwo) => (
            "    u64 power = 1;  // the next power of two\n",
            "            if (heap == power) {\n                amounts.push_back(heap);\n                power *= 2;\n            }\n",
        ),
        Some(Family::Primes) => (
            "",
            "            if (is_prime(heap)) amounts.push_back(heap);\n",
        ),
    };
    out.push_str(state);
    let _ = writeln!(
        out,
        "    u64 value(u64 n) {{\n        if (n > BOUND) fail(\"heap \" + to_string(n) + \" is above \" + to_string(BOUND) + \", the largest heap this DP answers (no period is proved)\");\n        vector<char> seen;\n        while (values.size() <= n) {{\n            u64 heap = values.size();"
    );
    out.push_str(grow);
    out.push_str("            seen.assign(amounts.size() + 1, 0);\n");
    if play == Play::Misere {
        out.push_str("            size_t options = 0;\n");
    }
    out.push_str(
        "            for (u64 take : amounts) {\n                if (take > heap) break;\n",
    );
    if play == Play::Misere {
        out.push_str("                ++options;\n");
    }
    out.push_str("                unsigned g = values[heap - take];\n                if (g < seen.size()) seen[g] = 1;\n            }\n            unsigned mex = 0;\n            while (seen[mex]) ++mex;\n");
    if play == Play::Misere {
        out.push_str(
            "            values.push_back(options == 0 ? 1 : mex);  // misère: no move is worth 1\n",
        );
    } else {
        out.push_str("            values.push_back(mex);\n");
    }
    out.push_str("        }\n        return values[n];\n    }\n};\n");
}

/// `struct Game` with `char outcome(const vector<u64>& position)` (`'W'`, `'L'` or `'T'` for
/// the player to move), and `winning_moves` when the output needs them.
fn game(out: &mut String, program: &Program) {
    let games = kernel_games(program);
    match &program.decider {
        Decider::Grundy(kernel) => grundy_game(out, program, kernel, games[0]),
        Decider::Sum(kernels) => {
            for (i, kernel) in kernels.iter().enumerate() {
                heap(out, &format!("Heap{i}"), kernel, None, Play::Normal);
            }
            out.push_str("\nstruct Game {\n");
            for i in 0..kernels.len() {
                let _ = writeln!(out, "    Heap{i} heap{i};");
            }
            let count = kernels.len();
            let _ = writeln!(
                out,
                "    char outcome(const vector<u64>& heaps) {{\n        if (heaps.size() != {count}) fail(\"a position is {count} heaps, one per component of the sum\");\n        u64 total = 0;"
            );
            for i in 0..count {
                let _ = writeln!(out, "        total ^= heap{i}.value(heaps[{i}]);");
            }
            out.push_str("        return total != 0 ? 'W' : 'L';\n    }\n};\n");
        }
        Decider::MisereHeap(kernel) => {
            heap(out, "Heap", kernel, None, Play::Misere);
            out.push_str("\nstruct Game {\n    Heap heap;\n    char outcome(const vector<u64>& heaps) {\n        if (heaps.size() != 1) fail(\"under misère play a position is one heap: misère values do not add up by xor\");\n        return heap.value(heaps[0]) != 0 ? 'W' : 'L';\n    }\n};\n");
        }
        Decider::MisereNim => out.push_str(
            r"
struct Game {
    char outcome(const vector<u64>& heaps) const {
        u64 total = 0, ones = 0;
        bool small = true;  // every heap holds at most 1
        for (u64 h : heaps) {
            total ^= h;
            if (h == 1) ++ones;
            if (h > 1) small = false;
        }
        bool loses = small ? ones % 2 == 1 : total == 0;
        return loses ? 'L' : 'W';
    }
};
",
        ),
        Decider::Wythoff => out.push_str(
            r#"
// The integer square root: the largest r with r * r <= n (Newton's method from above).
static u128 isqrt(u128 n) {
    if (n == 0) return 0;
    int bits = 0;
    for (u128 m = n; m != 0; m >>= 1) ++bits;
    u128 x = static_cast<u128>(1) << ((bits + 1) / 2);
    while (true) {
        u128 y = (x + n / x) / 2;
        if (y >= x) return x;
        x = y;
    }
}

struct Game {
    char outcome(const vector<u64>& heaps) const {
        if (heaps.size() != 2) fail("a Wythoff position is two heaps");
        u64 a = min(heaps[0], heaps[1]), b = max(heaps[0], heaps[1]);
        u64 k = b - a;
        // A P-position of difference k has b = floor(k phi) + k > 2.618k - 1: above this k it
        // does not fit in 64 bits (and 5k^2 would not fit in 128).
        if (k > 7500000000000000000ULL) return 'W';
        u128 wide = k;
        u128 lower = (wide + isqrt(5 * wide * wide)) / 2;  // floor(k phi), exactly
        return lower == a ? 'L' : 'W';
    }
};
"#,
        ),
        Decider::FibonacciNim => out.push_str(
            r#"
struct Game {
    char outcome(const vector<u64>& numbers) const {
        if (numbers.empty() || numbers.size() > 2) fail("a Fibonacci Nim position is a heap n, or n and the quota q");
        u64 n = numbers[0];
        if (n == 0) return 'L';
        u64 quota = numbers.size() == 2 ? numbers[1] : n - 1;  // a fresh heap: anything but all
        vector<u64> fibonacci{1, 2};
        while (fibonacci.back() <= n - fibonacci[fibonacci.size() - 2]) {
            fibonacci.push_back(fibonacci.back() + fibonacci[fibonacci.size() - 2]);
        }
        // Zeckendorf: take the largest Fibonacci number that fits, greedily; the last is the
        // smallest term.
        u64 rest = n, smallest = 0;
        for (size_t i = fibonacci.size(); i-- > 0;) {
            if (fibonacci[i] <= rest) {
                rest -= fibonacci[i];
                smallest = fibonacci[i];
            }
        }
        return smallest <= quota ? 'W' : 'L';
    }
};
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
    out.push_str("\nstruct Game {\n    Heap heap;\n    char outcome(const vector<u64>& heaps) {\n        u64 total = 0;\n        for (u64 h : heaps) total ^= heap.value(h);\n        return total != 0 ? 'W' : 'L';\n    }\n");
    if program.format.output.needs_moves() {
        out.push_str("    // Every move to a position of xor 0: heaps in input order.\n    vector<pair<u64, u64>> winning_moves(const vector<u64>& heaps) {\n        u64 total = 0;\n        for (u64 h : heaps) total ^= heap.value(h);\n        vector<pair<u64, u64>> moves;\n        if (total == 0) return moves;\n        for (u64 h : heaps) {\n            u64 target = heap.value(h) ^ total;\n");
        match kernel {
            Kernel::NimHeap => out.push_str(
                "            if (target < h) moves.push_back({h, target});\n",
            ),
            Kernel::CarriedBash => out.push_str(
                "            for (u64 take = 1; take <= heap.m && take <= h; ++take) {\n                if (heap.value(h - take) == target) moves.push_back({h, h - take});\n            }\n",
            ),
            _ => out.push_str(
                "            for (u64 take : heap.amounts) {\n                if (take > h) break;\n                if (heap.value(h - take) == target) moves.push_back({h, h - take});\n            }\n",
            ),
        }
        out.push_str("        }\n        return moves;\n    }\n");
    }
    out.push_str("};\n");
}

fn oddball(out: &mut String, plan: &OddballPlan) {
    let amounts = match &plan.set {
        Some(set) => format!("{{{}}}", join_numbers(set.members())),
        None => String::new(),
    };
    let bound = plan.bound;
    let _ = write!(
        out,
        r#"
static int rank_of(char result) {{ return result == 'W' ? 2 : result == 'T' ? 1 : 0; }}

struct Game {{
    static constexpr u64 BOUND = {bound};
    vector<u64> amounts{amounts};
    // results[4 * left + 2 * mine + theirs]: 'W', 'T' or 'L' for the player to move, where mine
    // and theirs are the parities of the balls each player holds.
    string results;
    char solve(u64 left, u64 mine, u64 theirs) {{
        if (left > BOUND) fail("pile " + to_string(left) + " is above " + to_string(BOUND) + ", the largest pile this DP answers");
        while (results.size() <= 4 * left + 3) {{
            u64 balls = results.size() / 4;
            for (u64 state = 0; state < 4; ++state) {{
                u64 m = state >> 1, t = state & 1;
                char best = 0;
                for (u64 take : amounts) {{
                    if (take > balls) continue;
                    // The opponent moves next; the mover's parity changes with an odd take.
                    char after = results[4 * (balls - take) + 2 * t + (m ^ (take & 1))];
                    char mine_now = after == 'W' ? 'L' : after == 'L' ? 'W' : 'T';
                    if (best == 0 || rank_of(mine_now) > rank_of(best)) best = mine_now;
                }}
                if (best == 0) best = m == t ? 'T' : m == 1 ? 'W' : 'L';  // no move: odd beats even
                results.push_back(best);
            }}
        }}
        return results[4 * left + 2 * mine + theirs];
    }}
    char outcome(const vector<u64>& numbers) {{
        if (numbers.size() == 1) return solve(numbers[0], 0, 0);
        if (numbers.size() == 3) return solve(numbers[0], numbers[1] % 2, numbers[2] % 2);
        fail("a position is the balls left n, or n and the balls each player holds");
    }}
}};
"#
    );
}

/// `string answer(Game& game, const vector<u64>& position)`: the output of one case.
fn answer(out: &mut String, output: OutputFormat) {
    out.push_str("\nstatic string answer(Game& game, const vector<u64>& position) {\n");
    match output {
        OutputFormat::Words(words) => {
            let _ = writeln!(
                out,
                "    char outcome = game.outcome(position);\n    if (outcome == 'T') fail(\"best play ties, and this format has no word for a tie\");\n    return outcome == 'W' ? \"{}\" : \"{}\";",
                words.win, words.lose
            );
        }
        OutputFormat::Symbols => out.push_str(
            "    char outcome = game.outcome(position);\n    return outcome == 'W' ? \"+\" : outcome == 'L' ? \"-\" : \"0\";\n",
        ),
        OutputFormat::Count => {
            out.push_str("    return to_string(game.winning_moves(position).size());\n");
        }
        OutputFormat::Moves(words) => {
            let _ = writeln!(
                out,
                "    vector<pair<u64, u64>> moves = game.winning_moves(position);\n    if (moves.empty()) return \"{}\";\n    string text = \"{}\";\n    for (const auto& move : moves) text += \"\\n\" + to_string(move.first) + \" \" + to_string(move.second);\n    return text;",
                words.lose, words.win
            );
        }
    }
    out.push_str("}\n");
}

/// `main`: read the layout, answer each case, join the answers.
fn main(out: &mut String, program: &Program) {
    out.push_str("\nint main() {\n    ios::sync_with_stdio(false);\n");
    let layout = program.format.input;
    if matches!(
        layout,
        InputLayout::Lines | InputLayout::LinesUntilZeros | InputLayout::Cases
    ) {
        out.push_str("    Game game;\n");
        if layout == InputLayout::Cases {
            out.push_str("    bool counted = false;\n    u64 expected = 0, done = 0;\n");
        }
        out.push_str("    string line;\n    while (getline(cin, line)) {\n        for (char& c : line) {\n            if (c == ',') c = ' ';\n        }\n        istringstream words(line);\n        vector<u64> numbers;\n        string token;\n        while (words >> token) numbers.push_back(parse_number(token));\n        if (numbers.empty()) continue;\n");
        match layout {
            InputLayout::LinesUntilZeros => out.push_str("        bool zeros = true;\n        for (u64 x : numbers) {\n            if (x != 0) zeros = false;\n        }\n        if (zeros) break;\n"),
            InputLayout::Cases => out.push_str("        if (!counted) {\n            if (numbers.size() != 1) fail(\"the first line is the number of cases T\");\n            expected = numbers[0];\n            counted = true;\n            continue;\n        }\n        if (done == expected) fail(\"more lines than the T cases\");\n        ++done;\n"),
            _ => {}
        }
        out.push_str("        cout << answer(game, numbers) << '\\n';\n    }\n");
        if layout == InputLayout::Cases {
            out.push_str("    if (done < expected) fail(\"the input ends before the T cases\");\n");
        }
        out.push_str("    return 0;\n}\n");
        return;
    }
    out.push_str("    vector<u64> numbers;\n    string token;\n    while (cin >> token) numbers.push_back(parse_number(token));\n    size_t at = 0;\n    auto next = [&](const char* what) -> u64 {\n        if (at == numbers.size()) fail(string(\"the input ends before \") + what);\n        return numbers[at++];\n    };\n");
    let heap_list = "        vector<u64> heaps;\n        for (u64 i = 0; i < m; ++i) heaps.push_back(next(\"a heap\"));\n";
    match layout {
        InputLayout::Heaps => {
            out.push_str("    Game game;\n    while (at < numbers.size()) {\n        u64 m = next(\"the heap count\");\n        if (m == 0) break;\n");
            out.push_str(heap_list);
            out.push_str("        cout << answer(game, heaps) << '\\n';\n    }\n");
        }
        InputLayout::CasesHeaps => {
            out.push_str("    Game game;\n    u64 cases = next(\"the number of cases T\");\n    for (u64 c = 0; c < cases; ++c) {\n        u64 m = next(\"the heap count\");\n");
            out.push_str(heap_list);
            out.push_str("        cout << answer(game, heaps) << '\\n';\n    }\n");
        }
        InputLayout::CasesBash => {
            out.push_str("    u64 cases = next(\"the number of cases T\");\n    for (u64 c = 0; c < cases; ++c) {\n        u64 n = next(\"the heap n\");\n        u64 m = next(\"the limit m\");\n        if (m == 0) fail(\"the limit m must be at least 1\");\n        Game game{Heap{m}};\n        cout << answer(game, {n}) << '\\n';\n    }\n");
        }
        InputLayout::SNim => {
            let separator = match join(program) {
                Join::Block { separator } => Some(separator),
                Join::Lines => None,
            };
            out.push_str("    while (at < numbers.size()) {\n        u64 k = next(\"the set size k\");\n        if (k == 0) break;\n        vector<u64> set;\n        for (u64 i = 0; i < k; ++i) {\n            u64 amount = next(\"an amount\");\n            if (amount == 0) fail(\"the amounts must be positive\");\n            set.push_back(amount);\n        }\n        sort(set.begin(), set.end());\n        set.erase(unique(set.begin(), set.end()), set.end());\n        Game game{Heap(set)};\n        u64 positions = next(\"the number of positions m\");\n        string block;\n        for (u64 p = 0; p < positions; ++p) {\n            u64 m = next(\"the heap count l\");\n    ");
            out.push_str(&heap_list.replace("\n        ", "\n            "));
            match separator {
                Some(separator) => {
                    let _ = writeln!(
                        out,
                        "            if (p > 0) block += \"{separator}\";\n            block += answer(game, heaps);\n        }}\n        cout << block << '\\n';\n    }}"
                    );
                }
                None => out.push_str(
                    "            cout << answer(game, heaps) << '\\n';\n        }\n    }\n",
                ),
            }
        }
        InputLayout::Oddball => {
            out.push_str("    Game game;\n    for (int i = 0; i < 3; ++i) {\n        u64 amount = next(\"the amounts n1 n2 n3\");\n        if (amount == 0) fail(\"the amounts must be positive\");\n        game.amounts.push_back(amount);\n    }\n    if (at == numbers.size()) fail(\"the input ends before the first pile\");\n    string line;\n    while (at < numbers.size()) {\n        u64 pile = next(\"a pile\");\n");
            match join(program) {
                Join::Block { separator } => {
                    let _ = writeln!(
                        out,
                        "        if (!line.empty()) line += \"{separator}\";\n        line += answer(game, {{pile}});\n    }}\n    cout << line << '\\n';"
                    );
                }
                Join::Lines => {
                    out.push_str("        cout << answer(game, {pile}) << '\\n';\n    }\n");
                }
            }
        }
        InputLayout::Lines | InputLayout::LinesUntilZeros | InputLayout::Cases => {}
    }
    out.push_str("    return 0;\n}\n");
}
