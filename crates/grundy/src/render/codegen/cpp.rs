//! C++17: `g++ -std=c++17 -O2 -Wall -Wextra` compiles it without a warning. Numbers are
//! `unsigned long long`; Wythoff's square root uses `unsigned __int128`.

use std::fmt::Write as _;

use super::reader::{Part, ReaderSyntax, Usage, ones};
use super::rule::{Helper, RuleSyntax};
use super::walk::Syntax;
use crate::input::judge_format::description::Reading;

/// The integer square root's source, shared by Wythoff's program and the rules' helpers.
macro_rules! isqrt_source {
    () => {
        r"// The integer square root: the largest r with r * r <= n (Newton's method from above).
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
"
    };
}

/// C++'s pieces.
pub(super) struct Cpp;

impl Syntax for Cpp {
    fn escape(&self, text: &str) -> String {
        text.replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace('?', "\\?")
    }

    fn prelude(&self) -> &'static str {
        r#"
?carried_set,carried_oddball,wythoff,rule,hackenbush,tokens,dynamic|#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

using namespace std;
typedef unsigned long long u64;
?wythoff,rule|typedef unsigned __int128 u128;

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
?prime_test|
?prime_test|static bool is_prime(u64 n) {
?prime_test|    if (n < 2) return false;
?prime_test|    for (u64 d = 2; d * d <= n; ++d) {
?prime_test|        if (n % d == 0) return false;
?prime_test|    }
?prime_test|    return true;
?prime_test|}
"#
    }

    fn nim_heap(&self) -> &'static str {
        "// A Nim heap: G(n) = n.
struct ${name} {
    u64 value(u64 n) const { return n; }
};
"
    }

    fn table_indent(&self) -> &'static str {
        "        "
    }

    fn period_heap(&self) -> &'static str {
        "struct ${name} {
?!saltus|    static constexpr u64 PREPERIOD = ${preperiod}, PERIOD = ${period};
?saltus|    static constexpr u64 PREPERIOD = ${preperiod}, PERIOD = ${period}, SALTUS = ${saltus};
    // G(0) .. G(PREPERIOD + PERIOD - 1): the preperiod, then one period.
    static constexpr unsigned TABLE[] = {
${table}
    };
?amounts|    vector<u64> amounts{${amounts}};
    u64 value(u64 n) const {
        if (n < PREPERIOD + PERIOD) return TABLE[n];
        u64 offset = n - PREPERIOD;
?saltus|        return TABLE[PREPERIOD + offset % PERIOD] + offset / PERIOD * SALTUS;
?!saltus|        return TABLE[PREPERIOD + offset % PERIOD];
    }
};
"
    }

    fn table_heap(&self) -> &'static str {
        r#"// G(0) .. G(BOUND) as grundy computed them: no period is proved, so larger heaps are refused.
struct ${name} {
    static constexpr u64 BOUND = ${bound};
    static constexpr unsigned TABLE[] = {
${table}
    };
    u64 value(u64 n) const {
        if (n > BOUND) fail("heap " + to_string(n) + " is above " + to_string(BOUND) + ", the largest heap this program's table holds (no period is proved)");
        return TABLE[n];
    }
};
"#
    }

    fn dp_heap(&self) -> &'static str {
        r#"// G(n) by the definition: the mex of the values of the heaps a move leaves, memoised.
struct ${name} {
    static constexpr u64 BOUND = ${bound};
?carried|    vector<u64> amounts;  // ascending
?carried|    vector<unsigned> values;
?carried|    // Closed forms (docs/theory.md §4, §5): the residue theorem — the set holds 1..m-1 and no
?carried|    // multiple of m, G(n) = n mod m — and {1, 2, k} with 3 | k, period k + 1.
?carried|    u64 modulus = 0, cycle = 0;
?carried|    explicit ${name}(vector<u64> set) : amounts(move(set)) {
?carried|        u64 m = 1;
?carried|        while (m <= amounts.size() && amounts[m - 1] == m) ++m;
?carried|        bool residue = m >= 2;
?carried|        for (u64 s : amounts) {
?carried|            if (s % m == 0) residue = false;
?carried|        }
?carried|        if (residue) modulus = m;
?carried|        if (amounts.size() == 3 && amounts[0] == 1 && amounts[1] == 2 && amounts[2] % 3 == 0) cycle = amounts[2];
?carried|    }
?!carried|    vector<u64> amounts{${amounts}};  // ascending
?!carried|    vector<unsigned> values;
?fibonacci|    u64 low = 1, high = 2;  // consecutive Fibonacci numbers
?squares|    u64 root = 1;  // the next square is root * root
?powers|    u64 power = 1;  // the next power of two
    u64 value(u64 n) {
?carried|        if (modulus != 0) return n % modulus;
?carried|        if (cycle != 0) {
?carried|            u64 r = n <= cycle ? n : n % (cycle + 1);
?carried|            return r == cycle ? 3 : r % 3;
?carried|        }
        if (n > BOUND) fail("heap " + to_string(n) + " is above " + to_string(BOUND) + ", the largest heap this DP answers (no period is proved)");
        vector<char> seen;
        while (values.size() <= n) {
            u64 heap = values.size();
?fibonacci|            if (heap == low) {
?fibonacci|                amounts.push_back(heap);
?fibonacci|                u64 sum = low + high;
?fibonacci|                low = high;
?fibonacci|                high = sum;
?fibonacci|            }
?squares|            if (heap == root * root) {
?squares|                amounts.push_back(heap);
?squares|                ++root;
?squares|            }
?powers|            if (heap == power) {
?powers|                amounts.push_back(heap);
?powers|                power *= 2;
?powers|            }
?primes|            if (is_prime(heap)) amounts.push_back(heap);
            seen.assign(amounts.size() + 1, 0);
?misere|            size_t options = 0;
            for (u64 take : amounts) {
                if (take > heap) break;
?misere|                ++options;
                unsigned g = values[heap - take];
                if (g < seen.size()) seen[g] = 1;
            }
            unsigned mex = 0;
            while (seen[mex]) ++mex;
?misere|            values.push_back(options == 0 ? 1 : mex);  // misère: no move is worth 1
?!misere|            values.push_back(mex);
        }
        return values[n];
    }
};
"#
    }

    fn bash_heap(&self) -> &'static str {
        "// bash:m, take 1 to m: G(n) = n mod (m + 1) (the residue theorem).
struct ${name} {
    u64 m;
    // m >= n leaves n (and keeps m + 1 from overflowing).
    u64 value(u64 n) const { return m >= n ? n : n % (m + 1); }
};
"
    }

    fn xor_game(&self) -> &'static str {
        "struct Game {
    Heap heap;
    char outcome(const vector<u64>& heaps) {
?single|        if (heaps.size() != 1) fail(\"a position of this game is one number, the script's argument\");
        u64 total = 0;
        for (u64 h : heaps) total ^= heap.value(h);
        return total != 0 ? 'W' : 'L';
    }
?moves|    // Every move to a position of xor 0: heaps in input order.
?moves|    vector<pair<u64, u64>> winning_moves(const vector<u64>& heaps) {
?moves|        u64 total = 0;
?moves|        for (u64 h : heaps) total ^= heap.value(h);
?moves|        vector<pair<u64, u64>> moves;
?moves|        if (total == 0) return moves;
?moves|        for (u64 h : heaps) {
?moves|            u64 target = heap.value(h) ^ total;
?moves&nim_moves|            if (target < h) moves.push_back({h, target});
?moves&bash_moves|            for (u64 take = 1; take <= heap.m && take <= h; ++take) {
?moves&bash_moves|                if (heap.value(h - take) == target) moves.push_back({h, h - take});
?moves&bash_moves|            }
?moves&!nim_moves&!bash_moves|            for (u64 take : heap.amounts) {
?moves&!nim_moves&!bash_moves|                if (take > h) break;
?moves&!nim_moves&!bash_moves|                if (heap.value(h - take) == target) moves.push_back({h, h - take});
?moves&!nim_moves&!bash_moves|            }
?moves|        }
?moves|        return moves;
?moves|    }
};
"
    }

    fn sum_game(&self) -> &'static str {
        r#"struct Game {
*|    Heap${i} heap${i};
    char outcome(const vector<u64>& heaps) {
        if (heaps.size() != ${count}) fail("a position is ${count} heaps, one per component of the sum");
        u64 total = 0;
*|        total ^= heap${i}.value(heaps[${i}]);
        return total != 0 ? 'W' : 'L';
    }
};
"#
    }

    fn misere_game(&self) -> &'static str {
        r#"struct Game {
    Heap heap;
    char outcome(const vector<u64>& heaps) {
        if (heaps.size() != 1) fail("under misère play a position is one heap: misère values do not add up by xor");
        return heap.value(heaps[0]) != 0 ? 'W' : 'L';
    }
};
"#
    }

    fn misere_nim(&self) -> &'static str {
        "struct Game {
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
"
    }

    fn staircase(&self) -> &'static str {
        "struct Game {
    char outcome(const vector<u64>& steps) const {
        u64 total = 0;
        for (size_t i = 0; i < steps.size(); i += 2) total ^= steps[i];  // steps 1, 3, 5, ...
        return total == 0 ? 'L' : 'W';
    }
};
"
    }

    fn tokens(&self) -> &'static str {
        TOKENS
    }

    fn hackenbush(&self) -> &'static str {
        HACKENBUSH
    }

    fn moore(&self) -> &'static str {
        "struct Game {
    char outcome(const vector<u64>& heaps) const {
        for (int bit = 0; bit < 64; ++bit) {
            u64 ones = 0;
            for (u64 h : heaps) ones += (h >> bit) & 1;
            if (ones % ${modulus}ULL != 0) return 'W';
        }
        return 'L';
    }
};
"
    }

    fn wythoff(&self) -> &'static str {
        concat!(
            isqrt_source!(),
            "\n",
            r#"struct Game {
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
?moves|    // a_j = floor(j phi), the smaller heap of the P-position of difference j (j < 2^62).
?moves|    static u64 lower(u64 j) {
?moves|        u128 wide = j;
?moves|        return static_cast<u64>((wide + isqrt(5 * wide * wide)) / 2);
?moves|    }
?moves|    // The j with n = a_j (or, when upper, n = a_j + j); -1 when there is none.
?moves|    static long long index(u64 n, bool upper) {
?moves|        u128 wide = n;
?moves|        u128 root = isqrt(5 * wide * wide);
?moves|        u128 guess = upper ? (3 * wide - root) / 2 : (root - wide) / 2;  // n / phi^2 or n / phi
?moves|        for (u128 j = guess > 0 ? guess - 1 : 0; j <= guess + 1; ++j) {
?moves|            u64 small = static_cast<u64>(j);
?moves|            if (lower(small) + (upper ? small : 0) == n) return static_cast<long long>(small);
?moves|        }
?moves|        return -1;
?moves|    }
?moves|    // Every winning move as the pair it leaves, smaller first: the move from both heaps, then
?moves|    // those from one heap in ascending order (a pair two moves leave, once).
?moves|    vector<pair<u64, u64>> winning_moves(const vector<u64>& heaps) const {
?moves|        if (heaps.size() != 2) fail("a Wythoff position is two heaps");
?moves|        u64 a = min(heaps[0], heaps[1]), b = max(heaps[0], heaps[1]);
?moves|        if (b >= (1ULL << 62)) fail("this program lists Wythoff moves for heaps below 2^62 (its 128-bit square roots)");
?moves|        u64 k = b - a;
?moves|        vector<pair<u64, u64>> both, one;
?moves|        if (a > lower(k)) both.push_back({lower(k), lower(k) + k});  // the P-position of the same difference
?moves|        long long j = index(a, false);
?moves|        if (j >= 0 && lower(j) + j < b) one.push_back({a, lower(j) + j});  // b down to a's partner
?moves|        j = index(a, true);
?moves|        if (j >= 0) one.push_back({lower(j), a});  // b down to a's smaller partner
?moves|        j = index(b, true);
?moves|        if (j >= 0 && lower(j) < a) one.push_back({lower(j), b});  // a down to b's partner
?moves|        sort(one.begin(), one.end());
?moves|        one.erase(unique(one.begin(), one.end()), one.end());
?moves|        both.insert(both.end(), one.begin(), one.end());
?moves|        return both;
?moves|    }
};
"#
        )
    }

    fn fibonacci_nim(&self) -> &'static str {
        r#"struct Game {
    char outcome(const vector<u64>& numbers) const {
        if (numbers.empty() || numbers.size() > 2) fail("a Fibonacci Nim position is a heap n, or n and the quota q");
        if (numbers.size() == 2 && numbers[1] == 0) fail("the quota must be at least 1");
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
"#
    }

    fn dynamic(&self) -> &'static str {
        r#"// Dynamic subtraction (docs/theory.md §15): after a take of x the next move takes 1 to
// f(x) = slope * x + offset, non-decreasing with f(x) >= x. The P-sequence H: H_1 = 1,
// H_(j+1) = H_j + H_m with m the least index such that f(H_m) >= H_j. The player to move wins
// exactly when the smallest term of the heap's greedy representation in H is at most the quota.
?dynamic_slope_read,dynamic_offset_read|static long long coefficient(const vector<u64>& numbers, size_t at) {
?dynamic_slope_read,dynamic_offset_read|    if (at >= numbers.size() || numbers[at] > 1000000000000000000ULL) fail("the coefficients of the bound must be at most 10^18");
?dynamic_slope_read,dynamic_offset_read|    return static_cast<long long>(numbers[at]);
?dynamic_slope_read,dynamic_offset_read|}
?dynamic_slope_read,dynamic_offset_read|
struct Game {
    long long slope, offset;
    vector<u64> terms{1};  // H, grown as the heaps need
    size_t m = 0;          // the least index whose f reaches the last term
?!carried_input|    Game() : Game(vector<u64>{}) {}
    explicit Game(const vector<u64>& numbers) {
?dynamic_slope_read|        slope = coefficient(numbers, ${slope_index});
?!dynamic_slope_read|        slope = ${slope}LL;
?dynamic_offset_read|        offset = coefficient(numbers, ${offset_index});
?!dynamic_offset_read|        offset = ${offset}LL;
?!dynamic_slope_read&!dynamic_offset_read|        (void)numbers;
        if (slope < 1 || slope + offset < 1) fail("the move bound must be non-decreasing with f(x) >= x: a slope of at least 1 and f(1) >= 1");
    }
    bool reaches(u64 x, u64 y) const {
        return static_cast<__int128>(slope) * x + offset >= static_cast<__int128>(y);
    }
    // The smallest term of the greedy representation of n >= 1 (terms stay below 2^63).
    u64 smallest(u64 n) {
        while (terms.back() <= n) {
            while (!reaches(terms[m], terms.back())) ++m;
            if (terms.size() == 60000000) fail("the P-sequence up to this heap passes 60000000 terms (about k ln(n/k) for kx): this program answers smaller heaps or slopes");
            terms.push_back(terms.back() + terms[m]);
        }
        u64 rest = n, least = 0;
        size_t below = terms.size();
        while (rest > 0) {
            below = static_cast<size_t>(upper_bound(terms.begin(), terms.begin() + below, rest) - terms.begin()) - 1;
            rest -= terms[below];
            least = terms[below];
        }
        return least;
    }
    char outcome(const vector<u64>& numbers) {
        if (numbers.empty() || numbers.size() > 2) fail("a dynamic subtraction position is a heap n, or n and the quota q");
        if (numbers.size() == 2 && numbers[1] == 0) fail("the quota must be at least 1");
        u64 n = numbers[0];
        if (n >= (1ULL << 62)) fail("this program answers heaps below 2^62");
        if (n == 0) return 'L';
        u64 quota = numbers.size() == 2 ? numbers[1] : n - 1;  // a fresh heap: anything but all
        return smallest(n) <= quota ? 'W' : 'L';
    }
};
"#
    }

    fn oddball(&self) -> &'static str {
        r#"static int rank_of(char result) { return result == 'W' ? 2 : result == 'T' ? 1 : 0; }

struct Game {
    static constexpr u64 BOUND = ${bound};
?set|    vector<u64> amounts{${amounts}};
?!set|    vector<u64> amounts;
    // results[4 * left + 2 * mine + theirs]: 'W', 'T' or 'L' for the player to move, where mine
    // and theirs are the parities of the balls each player holds.
    string results;
    char solve(u64 left, u64 mine, u64 theirs) {
        if (left > BOUND) fail("pile " + to_string(left) + " is above " + to_string(BOUND) + ", the largest pile this DP answers");
        while (results.size() <= 4 * left + 3) {
            u64 balls = results.size() / 4;
            for (u64 state = 0; state < 4; ++state) {
                u64 m = state >> 1, t = state & 1;
                char best = 0;
                for (u64 take : amounts) {
                    if (take > balls) continue;
                    // The opponent moves next; the mover's parity changes with an odd take.
                    char after = results[4 * (balls - take) + 2 * t + (m ^ (take & 1))];
                    char mine_now = after == 'W' ? 'L' : after == 'L' ? 'W' : 'T';
                    if (best == 0 || rank_of(mine_now) > rank_of(best)) best = mine_now;
                }
                if (best == 0) best = m == t ? 'T' : m == 1 ? 'W' : 'L';  // no move: odd beats even
                results.push_back(best);
            }
        }
        return results[4 * left + 2 * mine + theirs];
    }
    char outcome(const vector<u64>& numbers) {
        if (numbers.size() == 1) return solve(numbers[0], 0, 0);
        if (numbers.size() == 3) return solve(numbers[0], numbers[1] % 2, numbers[2] % 2);
        fail("a position is the balls left n, or n and the balls each player holds");
    }
};
"#
    }

    fn rules(&self) -> &dyn RuleSyntax {
        self
    }

    fn rule_game(&self) -> &'static str {
        r#"struct Game {
    char outcome(const vector<u64>& numbers) const {
?!pairs|        if (numbers.size() != 1) fail("a position is one number n");
?!pairs|        u64 n = numbers[0];
?pairs|        if (numbers.size() != 2) fail("a position is two numbers a b");
?pairs|        u64 a = numbers[0], b = numbers[1];
${cases}    }
};
"#
    }

    fn rule_heap(&self) -> &'static str {
        "// G(n) by the rule found in the game's table (the header says how sure it is).
struct ${name} {
    u64 value(u64 n) const { return ${expression}; }
};
"
    }

    fn answer(&self) -> &'static str {
        r#"static string answer(Game& game, const vector<u64>& position) {
?output_words|    char outcome = game.outcome(position);
?output_words|    if (outcome == 'T') fail("best play ties, and this format has no word for a tie");
?draw_refused|    if (outcome == 'D') fail("best play never ends (a draw), and this format has no word for a draw");
?draw_word&output_words|    if (outcome == 'D') return "${draw}";
?output_words|    return outcome == 'W' ? "${win}" : "${lose}";
?output_tie|    char outcome = game.outcome(position);
?draw_word&output_tie|    if (outcome == 'D') return "${draw}";
?output_tie|    return outcome == 'W' ? "${win}" : outcome == 'L' ? "${lose}" : "${tie}";
?output_count|    return to_string(game.winning_moves(position).size());
?output_moves|    vector<pair<u64, u64>> moves = game.winning_moves(position);
?output_moves|    if (moves.empty()) return "${lose}";
?output_moves|    string text = "${win}";
?output_moves|    for (const auto& move : moves) text += "\n" + to_string(move.first) + " " + to_string(move.second);
?output_moves|    return text;
}
"#
    }

    fn game_declaration(&self) -> &'static str {
        "?carried_input|Games games;
?!carried_input|Game game;
"
    }

    fn reader_helpers(&self) -> &'static str {
        READER_HELPERS
    }

    fn run(&self) -> &'static str {
        "// Reads the judge's input as its description says, answering each case.
static void run(Input& input, Output& out) {
${body}}
"
    }

    fn main(&self) -> &'static str {
        r#"int main() {
    ios::sync_with_stdio(false);
    string text((istreambuf_iterator<char>(cin)), istreambuf_iterator<char>());
    Input input(text);
    Output out;
    run(input, out);
    if (input.more()) fail("unexpected text after what the input holds: '" + input.word("") + "'");
    out.newline();
    cout << out.text;
    return 0;
}
"#
    }

    fn reader(&self) -> &dyn ReaderSyntax {
        self
    }
}

impl ReaderSyntax for Cpp {
    fn declare(&self, name: &str, reading: Reading, usage: Usage) -> Option<String> {
        let unused = if usage.used { "" } else { "[[maybe_unused]] " };
        Some(match (reading.list, reading.word) {
            (false, false) => format!("{unused}u64 {name} = 0;"),
            (false, true) => format!("{unused}string {name};"),
            (true, false) => format!("{unused}vector<u64> {name};"),
            (true, true) => format!("{unused}vector<string> {name};"),
        })
    }

    fn clear(&self, name: &str, _: Reading) -> String {
        format!("{name}.clear();")
    }

    fn push(&self, name: &str, value: &str) -> String {
        format!("{name}.push_back({value});")
    }

    fn repeat(&self, depth: usize, count: &str) -> String {
        format!(
            "for (u64 round{depth} = 0, rounds{depth} = {count}; round{depth} < rounds{depth}; ++round{depth})"
        )
    }

    fn line_start(&self, commas: bool, what: &str) -> String {
        format!("Line line = input.line({commas}, \"{what}\");")
    }

    fn mark(&self, depth: usize) -> String {
        format!("size_t before{depth} = input.at;")
    }

    fn constant(&self, value: u64) -> String {
        format!("{value}ULL")
    }

    fn numbers(&self, parts: &[Part]) -> String {
        if let [Part::List(name)] = parts {
            return name.clone();
        }
        if let Some(ones) = ones(parts) {
            return format!("vector<u64>{{{}}}", ones.join(", "));
        }
        let mut code = String::from("[&] { vector<u64> numbers;");
        for part in parts {
            let _ = match part {
                Part::One(one) => write!(code, " numbers.push_back({one});"),
                Part::List(name) => write!(
                    code,
                    " numbers.insert(numbers.end(), {name}.begin(), {name}.end());"
                ),
            };
        }
        code.push_str(" return numbers; }()");
        code
    }

    fn answer(&self, game: &str, position: &str) -> String {
        format!("out.add(answer({game}, {position}));")
    }
}

impl RuleSyntax for Cpp {
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
            "static const u64 RULE_TABLE{index}[] = {{\n{}\n}};\n",
            super::wrapped_list(values, "    ", 100)
        )
    }

    fn literal(&self, value: u64) -> String {
        format!("{value}ULL")
    }

    fn outcome_case(&self, condition: &str, letter: char) -> String {
        format!("        if ({condition}) return '{letter}';\n")
    }

    fn outcome_default(&self, letter: char) -> String {
        format!("        return '{letter}';\n")
    }
}

/// The `isqrt` helper.
const ISQRT: &str = isqrt_source!();

/// The `beatty_lower` helper.
const BEATTY_LOWER: &str = r#"// floor(k alpha) for alpha = (2 - d + sqrt(d^2 + 4)) / 2, exactly: sqrt(k^2 (d^2 + 4)) is
// irrational, so floor((isqrt(k^2 (d^2 + 4)) - k (d - 2)) / 2) is the floor. k^2 (d^2 + 4) fits
// in 128 bits for k below 2^60.
static u128 beatty_lower(u64 k, u64 d) {
    if (k >= (1ULL << 60)) fail("the rule's Beatty terms are computed for numbers below 2^60");
    u128 wide = k, root = isqrt(wide * wide * (static_cast<u128>(d) * d + 4));
    return d >= 2 ? (root - wide * (d - 2)) / 2 : (root + wide) / 2;
}
"#;

/// The `in_table` helper.
const IN_TABLE: &str = r"// Membership of an ultimately periodic set: the table holds its first preperiod + period flags.
static bool in_table(u64 n, u64 preperiod, u64 period, const u64* table) {
    u64 index = n < preperiod + period ? n : preperiod + (n - preperiod) % period;
    return table[index] == 1;
}
";

/// The `table_value` helper.
const TABLE_VALUE: &str = r#"// G(n) of an (arithmetic-)periodic rule: the table holds G(0) .. G(preperiod + period - 1).
static u64 table_value(u64 n, u64 preperiod, u64 period, u64 saltus, const u64* table) {
    if (n < preperiod + period) return table[n];
    u64 offset = n - preperiod;
    u128 value = static_cast<u128>(table[preperiod + offset % period]) + static_cast<u128>(offset / period) * saltus;
    if (value > ~0ULL) fail("the rule's value does not fit in 64 bits");
    return static_cast<u64>(value);
}
"#;

/// The `is_odious` helper.
const IS_ODIOUS: &str = "static bool is_odious(u64 n) { return __builtin_popcountll(n) % 2 == 1; }
";

/// The `is_power` helper.
const IS_POWER: &str = r"// n = base^j with j of the parity (0 any, 1 even, 2 odd).
static bool is_power(u64 n, u64 base, u64 parity) {
    if (n == 0) return false;
    u64 j = 0;
    while (n % base == 0) {
        n /= base;
        ++j;
    }
    return n == 1 && (parity == 0 || j % 2 == parity - 1);
}
";

/// The `valuation_parity` helper.
const VALUATION_PARITY: &str = r"// n >= 1 and the exponent of the largest power of 2 dividing n has the parity (1 even, 2 odd).
static bool valuation_parity(u64 n, u64 parity) {
    return n != 0 && static_cast<u64>(__builtin_ctzll(n)) % 2 == parity - 1;
}
";

/// The `is_fibonacci` helper.
const IS_FIBONACCI: &str = "static bool is_fibonacci(u64 n) {
    u128 a = 1, b = 2;
    while (a < n) {
        u128 next = a + b;
        a = b;
        b = next;
    }
    return a == n;
}
";

/// The `is_square` helper.
const IS_SQUARE: &str = "static bool is_square(u64 n) {
    u128 root = isqrt(n);
    return root * root == n;
}
";

/// The `is_triangular` helper.
const IS_TRIANGULAR: &str = r"// n = m(m + 1)/2 exactly when 8n + 1 is a square.
static bool is_triangular(u64 n) {
    u128 wide = static_cast<u128>(n) * 8 + 1, root = isqrt(wide);
    return root * root == wide;
}
";

/// The `in_beatty` helper.
const IN_BEATTY: &str = r"// n = floor(k alpha) (+ d k when upper is 1) for some k >= 1: the least k reaching n, by
// bisection.
static bool in_beatty(u64 n, u64 d, u64 upper) {
    if (n == 0) return false;
    u64 low = 1, high = n;
    while (low < high) {
        u64 middle = low + (high - low) / 2;
        if (beatty_lower(middle, d) + static_cast<u128>(upper * d) * middle < n) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    return beatty_lower(low, d) + static_cast<u128>(upper * d) * low == n;
}
";

/// The `in_bands` helper.
const IN_BANDS: &str = r"// low base^k < n <= high base^k for some k >= 0.
static bool in_bands(u64 n, u64 base, u64 low, u64 high) {
    u128 lower = low, upper = high;
    while (lower < n) {
        if (n <= upper) return true;
        lower *= base;
        upper *= base;
    }
    return false;
}
";

/// The `in_lattice` helper.
const IN_LATTICE: &str =
    "static bool in_lattice(u64 a, u64 b, u64 rows, u64 columns, const u64* table) {
    return table[a % rows * columns + b % columns] == 1;
}
";

/// The `beatty_pair` helper.
const BEATTY_PAIR: &str = r"// {a, b} = {floor(k alpha), floor(k alpha) + d k} for some k >= 0.
static bool beatty_pair(u64 a, u64 b, u64 d) {
    u64 low = min(a, b), gap = max(a, b) - low;
    return gap % d == 0 && beatty_lower(gap / d, d) == low;
}
";

/// The `linear` helper.
const LINEAR: &str = r#"static u64 linear(u64 n, u64 slope, u64 offset, u64 divisor) {
    u128 value = (static_cast<u128>(slope) * n + offset) / divisor;
    if (value > ~0ULL) fail("the rule's value does not fit in 64 bits");
    return static_cast<u64>(value);
}
"#;

/// The `remainder` helper.
const REMAINDER: &str = "static u64 remainder(u64 n, u64 modulus, u64 shift, u64 add) {
    return (n % modulus + shift) % modulus + add;
}
";

/// The `binary_form` helper.
const BINARY_FORM: &str = r#"// A binary form of m = n + shift - 1: 0 the number of 1 bits, 1 the 2-adic valuation, 2 the
// largest power of 2 dividing m, 3 the m-th odious number, 4 the m-th evil number.
static u64 binary_form(u64 n, u64 shift, u64 form) {
    u128 wide = static_cast<u128>(n) + shift;
    if (wide == 0 || wide - 1 > ~0ULL) fail("the rule has no value at " + to_string(n));
    u64 m = static_cast<u64>(wide - 1);
    if (m == 0 && (form == 1 || form == 2)) fail("the rule has no value at " + to_string(n));
    u64 ones = static_cast<u64>(__builtin_popcountll(m));
    if (form == 0) return ones;
    if (form == 1) return static_cast<u64>(__builtin_ctzll(m));
    if (form == 2) return m & (~m + 1);
    u128 value = static_cast<u128>(m) * 2 + (form == 3 ? (ones % 2 == 0 ? 1 : 0) : ones % 2);
    if (value > ~0ULL) fail("the rule's value does not fit in 64 bits");
    return static_cast<u64>(value);
}
"#;

/// The reader's helpers (see `Syntax::reader_helpers`).
const READER_HELPERS: &str = r#"static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// The values of one line, read in turn.
struct Line {
    vector<string> words;
    size_t at;
    string what;
    bool more() const { return at < words.size(); }
    u64 left() const { return words.size() - at; }
    string word(const char*) {
        if (at == words.size()) fail("a line holds too few values: it is " + what);
        return words[at++];
    }
    u64 number(const char* what_read) { return parse_number(word(what_read)); }
    void end() const {
        if (at < words.size()) fail("a line holds more than " + what);
    }
};

// The judge's input as tokens, each with the number of its line.
struct Input {
    vector<pair<string, u64>> tokens;
    size_t at = 0;
    explicit Input(const string& text) {
        size_t i = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;  // a byte-order mark is not input
        u64 line = 0;
        while (i < text.size()) {
            if (is_blank(text[i])) {
                if (text[i] == '\n') ++line;
                ++i;
                continue;
            }
            size_t start = i;
            while (i < text.size() && !is_blank(text[i])) ++i;
            tokens.emplace_back(text.substr(start, i - start), line);
        }
    }
    bool more() const { return at < tokens.size(); }
    string word(const char* what) {
        if (at == tokens.size()) fail(string("the input ends where ") + what + " should be read");
        return tokens[at++].first;
    }
    u64 number(const char* what) { return parse_number(word(what)); }
    // The rest of the current line, or the next line holding a value.
    Line line(bool commas, const char* what) {
        while (at < tokens.size()) {
            u64 number = tokens[at].second;
            Line line{{}, 0, what};
            while (at < tokens.size() && tokens[at].second == number) {
                const string& token = tokens[at++].first;
                if (!commas) {
                    line.words.push_back(token);
                    continue;
                }
                string part;  // commas separate numbers too
                for (char c : token) {
                    if (c != ',') {
                        part += c;
                    } else if (!part.empty()) {
                        line.words.push_back(part);
                        part.clear();
                    }
                }
                if (!part.empty()) line.words.push_back(part);
            }
            if (!line.words.empty()) return line;
        }
        fail(string("the input ends where the line ") + what + " should be read");
    }
};

// The answers, a line at a time: the answers of one line joined by the separator.
struct Output {
    string text;
    vector<string> parts;
    void add(const string& answer) { parts.push_back(answer); }
    void newline() {
        if (parts.empty()) return;
        for (size_t i = 0; i < parts.size(); ++i) {
            if (i > 0) text += "${separator}";
            text += parts[i];
        }
        text += '\n';
        parts.clear();
    }
};
?add,sub,mul|
?add,sub,mul|// Counts and numbers the format computes: 0 or more, and 64 bits.
?add|static u64 add(u64 a, u64 b) {
?add|    u64 sum;
?add|    if (__builtin_add_overflow(a, b, &sum)) fail("a number the format computes does not fit in 64 bits");
?add|    return sum;
?add|}
?sub|static u64 sub(u64 a, u64 b) {
?sub|    if (b > a) fail("a number the format computes is negative");
?sub|    return a - b;
?sub|}
?mul|static u64 mul(u64 a, u64 b) {
?mul|    u64 product;
?mul|    if (__builtin_mul_overflow(a, b, &product)) fail("a number the format computes does not fit in 64 bits");
?mul|    return product;
?mul|}
?all_equal|
?all_equal|static bool all_equal(const vector<u64>& values, u64 value) {
?all_equal|    for (u64 v : values) {
?all_equal|        if (v != value) return false;
?all_equal|    }
?all_equal|    return !values.empty();
?all_equal|}
?carried_input|
?carried_input|// The game of each case, built from the numbers the input gives it (the last one kept).
?carried_input|struct Games {
?carried_input|    vector<u64> values;
?carried_input|    vector<Game> built;  // the last game, once built
?carried_input|    Game& of(const vector<u64>& numbers) {
?carried_input|        if (built.empty() || numbers != values) {
?carried_tokens,carried_dynamic|            Game game(numbers);
?carried_bash|            if (numbers[0] == 0) fail("the limit m must be at least 1");
?carried_bash|            Game game{Heap{numbers[0]}};
?carried_set,carried_oddball|            if (numbers.empty()) fail("the set of amounts is empty");
?carried_set,carried_oddball|            vector<u64> set = numbers;
?carried_set,carried_oddball|            sort(set.begin(), set.end());
?carried_set,carried_oddball|            set.erase(unique(set.begin(), set.end()), set.end());
?carried_set,carried_oddball|            if (set[0] == 0) fail("the amounts must be positive");
?carried_set|            Game game{Heap(set)};
?carried_oddball|            Game game;
?carried_oddball|            game.amounts = set;
?carried_input|            built.assign(1, game);
?carried_input|            values = numbers;
?carried_input|        }
?carried_input|        return built[0];
?carried_input|    }
?carried_input|};
"#;

/// Tokens on a directed graph: the values children first, Smith's values where it has cycles.
const TOKENS: &str = r"// Tokens on a directed graph (Sprague-Grundy): a node is worth the mex of its successors'
// values, found children first; where cycles let play go on forever, Smith's values
// (docs/theory.md §14): a node is a nimber or infinite, with K the finite values of its
// successors. Finite tokens add up by xor; one infinite token wins exactly when the others' xor
// is in its K (and draws otherwise); two infinite tokens or more draw.
struct Game {
    vector<u64> names;  // the nodes' names, ascending
    vector<vector<size_t>> successors, parents;
    vector<u64> value;
    vector<char> infinite;
?!carried_input|    Game() : Game(vector<u64>{${edges}}) {}
    // The graph of the edges numbers[0] > numbers[1], numbers[2] > numbers[3], ...
    explicit Game(const vector<u64>& numbers) : names(numbers) {
        sort(names.begin(), names.end());
        names.erase(unique(names.begin(), names.end()), names.end());
        size_t n = names.size();
        successors.assign(n, {});
        parents.assign(n, {});
        for (size_t i = 0; i + 1 < numbers.size(); i += 2) {
            size_t u = node(numbers[i]), v = node(numbers[i + 1]);
            successors[u].push_back(v);
            parents[v].push_back(u);
        }
        value.assign(n, 0);
        infinite.assign(n, 0);
        // Children first: a node is valued once every successor is.
        vector<size_t> waiting(n), ready;
        for (size_t u = 0; u < n; ++u) {
            waiting[u] = successors[u].size();
            if (waiting[u] == 0) ready.push_back(u);
        }
        size_t valued = 0;
        while (!ready.empty()) {
            size_t u = ready.back();
            ready.pop_back();
            vector<char> seen(successors[u].size() + 1, 0);
            for (size_t v : successors[u]) {
                if (value[v] < seen.size()) seen[value[v]] = 1;
            }
            while (seen[value[u]]) ++value[u];
            ++valued;
            for (size_t p : parents[u]) {
                if (waiting[p]-- == 1) ready.push_back(p);
            }
        }
        if (valued < n) smith();
    }
    size_t node(u64 name) const { return static_cast<size_t>(lower_bound(names.begin(), names.end(), name) - names.begin()); }
    bool has(u64 name) const { return binary_search(names.begin(), names.end(), name); }
    // Smith's values by the Fraenkel-Yesha labelling: for m = 0, 1, ..., a node is labelled m
    // when no successor is labelled m and every successor not labelled below m has one that is;
    // a node left unlabelled without a successor labelled m is infinite.
    void smith() {
        size_t n = names.size(), unlabelled = n;
        vector<char> label(n, 0);  // 0 none, 1 finite, 2 infinite
        vector<char> has_m(n);
        vector<size_t> bad(n), queue;
        for (u64 m = 0; unlabelled > 0; ++m) {
            fill(has_m.begin(), has_m.end(), 0);
            for (size_t u = 0; u < n; ++u) {
                if (label[u] != 0) continue;
                bad[u] = 0;
                for (size_t v : successors[u]) bad[u] += label[v] != 1;
                if (bad[u] == 0) queue.push_back(u);
            }
            while (!queue.empty()) {
                size_t u = queue.back();
                queue.pop_back();
                if (label[u] != 0 || has_m[u]) continue;
                label[u] = 1;
                value[u] = m;
                unlabelled -= 1;
                for (size_t p : parents[u]) {
                    if (has_m[p]) continue;
                    has_m[p] = 1;
                    if (label[p] == 1) continue;
                    for (size_t q : parents[p]) {
                        if (label[q] == 0 && bad[q]-- == 1 && !has_m[q]) queue.push_back(q);
                    }
                }
            }
            for (size_t u = 0; u < n; ++u) {
                if (label[u] == 0 && !has_m[u]) {
                    label[u] = 2;
                    infinite[u] = 1;
                    unlabelled -= 1;
                }
            }
        }
    }
    char outcome(const vector<u64>& tokens) const {
        u64 total = 0;
        size_t infinite_tokens = 0, at = 0;
        for (u64 token : tokens) {
            if (!has(token)) continue;  // a node without edges: worth 0
            size_t u = node(token);
            if (infinite[u]) {
                ++infinite_tokens;
                at = u;
            } else {
                total ^= value[u];
            }
        }
        if (infinite_tokens == 0) return total == 0 ? 'L' : 'W';
        if (infinite_tokens > 1) return 'D';
        for (size_t v : successors[at]) {
            if (!infinite[v] && value[v] == total) return 'W';
        }
        return 'D';
    }
};
";

/// Green Hackenbush: the picture's value by its bridges (fusion and colon principles).
const HACKENBUSH: &str = r#"// Green Hackenbush by the fusion and colon principles: one depth-first search from the
// ground (node 0) finds the bridges; an edge on a cycle is fused into a loop worth 1, and a
// block hanging below a bridge adds one more than its own value to the block above.
struct Game {
    static u64 value(const vector<u64>& numbers) {
        vector<pair<u64, u64>> edges;
?parents|        // Node i (from 1) hangs from the i-th number: a tree, so each parent is a node (0 to n)
?parents|        // and following parents from any node reaches the ground.
?parents|        size_t n = numbers.size();
?parents|        for (size_t i = 0; i < n; ++i) {
?parents|            if (numbers[i] > n) fail("node " + to_string(i + 1) + " hangs from node " + to_string(numbers[i]) + ", but the nodes are 0 to " + to_string(n));
?parents|            edges.push_back({numbers[i], i + 1});
?parents|        }
?parents|        vector<char> state(n + 1, 0);  // 0 unseen, 1 on the chain being followed, 2 reaches the ground
?parents|        state[0] = 2;
?parents|        for (size_t i = 1; i <= n; ++i) {
?parents|            size_t v = i;
?parents|            while (state[v] == 0) {
?parents|                state[v] = 1;
?parents|                v = numbers[v - 1];
?parents|            }
?parents|            if (state[v] == 1) fail("the parents make a cycle through node " + to_string(v) + ": a parent array gives a tree");
?parents|            for (v = i; state[v] == 1; v = numbers[v - 1]) state[v] = 2;
?parents|        }
?!parents|        for (size_t i = 0; i + 1 < numbers.size(); i += 2) edges.push_back({numbers[i], numbers[i + 1]});
        // Nodes renumbered 0, 1, ...: the ground (0) is the smallest name, so it stays 0.
        vector<u64> names{0};
        for (const auto& edge : edges) {
            names.push_back(edge.first);
            names.push_back(edge.second);
        }
        sort(names.begin(), names.end());
        names.erase(unique(names.begin(), names.end()), names.end());
        size_t nodes = names.size();
        auto node = [&](u64 name) { return static_cast<size_t>(lower_bound(names.begin(), names.end(), name) - names.begin()); };
        vector<vector<pair<size_t, size_t>>> adjacent(nodes);  // (neighbour, edge)
        vector<u64> value(nodes, 0);
        for (size_t e = 0; e < edges.size(); ++e) {
            size_t a = node(edges[e].first), b = node(edges[e].second);
            if (a == b) {
                value[a] ^= 1;  // a loop: worth 1
                continue;
            }
            adjacent[a].push_back({b, e});
            adjacent[b].push_back({a, e});
        }
        const size_t NONE = static_cast<size_t>(-1);
        vector<size_t> time(nodes, NONE), low(nodes, 0), parent(nodes, 0), parent_edge(nodes, NONE), next(nodes, 0);
        vector<size_t> order{0}, stack{0};
        time[0] = 0;
        while (!stack.empty()) {
            size_t v = stack.back();
            if (next[v] < adjacent[v].size()) {
                auto [w, e] = adjacent[v][next[v]++];
                if (e == parent_edge[v]) continue;
                if (time[w] == NONE) {
                    time[w] = low[w] = order.size();
                    parent[w] = v;
                    parent_edge[w] = e;
                    order.push_back(w);
                    stack.push_back(w);
                } else {
                    low[v] = min(low[v], time[w]);
                    if (time[w] < time[v]) value[v] ^= 1;  // an edge back up a cycle: a loop
                }
            } else {
                stack.pop_back();
                if (v != 0) low[parent[v]] = min(low[parent[v]], low[v]);
            }
        }
        // Children before parents: a bridge adds value + 1 (colon), an edge on a cycle adds
        // the loop it is fused into, and the child's own terms join its block.
        for (size_t k = order.size(); k-- > 1;) {
            size_t v = order[k];
            if (low[v] > time[parent[v]]) value[parent[v]] ^= value[v] + 1;
            else value[parent[v]] ^= value[v] ^ 1;
        }
        return value[0];
    }

    char outcome(const vector<u64>& numbers) const { return value(numbers) == 0 ? 'L' : 'W'; }
};
"#;
