//! Java 17: one class `Main` (save as `Main.java`); `javac -Xlint:all -Werror` compiles it, in
//! ASCII whatever the platform's encoding (other characters are written as Unicode escapes).
//! Numbers are `long`s read and compared as unsigned 64-bit integers; Wythoff's square root uses
//! `BigInteger.sqrt`, which is exact.

use std::fmt::Write as _;

use super::reader::{Part, ReaderSyntax, Usage, ones};
use super::rule::{Helper, RuleSyntax};
use super::walk::Syntax;
use crate::input::judge_format::description::Reading;

/// Java's pieces.
pub(super) struct Java;

impl Syntax for Java {
    /// A `long` literal: above `i64::MAX`, the signed number of the same bits.
    fn number(&self, value: u64) -> String {
        format!("{}L", value.cast_signed())
    }

    fn prelude(&self) -> &'static str {
        r#"
?wythoff,rule|import java.math.BigInteger;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
?carried_set,carried_oddball|import java.util.TreeSet;

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
"#
    }

    fn nim_heap(&self) -> &'static str {
        "    /** A Nim heap: G(n) = n. */
    static final class ${name} {
        long value(long n) {
            return n;
        }
    }
"
    }

    fn table_indent(&self) -> &'static str {
        "            "
    }

    fn period_heap(&self) -> &'static str {
        "    static final class ${name} {
?!saltus|        static final long PREPERIOD = ${preperiod}, PERIOD = ${period};
?saltus|        static final long PREPERIOD = ${preperiod}, PERIOD = ${period}, SALTUS = ${saltus};
        /** G(0) .. G(PREPERIOD + PERIOD - 1): the preperiod, then one period. */
        static final int[] TABLE = {
${table}
        };
?amounts|        final long[] amounts = {${amounts}};

        long value(long n) {
            if (Long.compareUnsigned(n, PREPERIOD + PERIOD) < 0) return TABLE[(int) n];
            long offset = n - PREPERIOD;
?saltus|            return TABLE[(int) (PREPERIOD + Long.remainderUnsigned(offset, PERIOD))]
?saltus|                + Long.divideUnsigned(offset, PERIOD) * SALTUS;
?!saltus|            return TABLE[(int) (PREPERIOD + Long.remainderUnsigned(offset, PERIOD))];
        }
    }
"
    }

    /// The numbers as one string constant, in pieces of at most 90 characters joined by `+`
    /// (a constant of at most 65 535 bytes).
    fn table_values(&self, values: &[u64]) -> String {
        let text = values
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let mut pieces = Vec::new();
        let mut rest = text.as_str();
        while !rest.is_empty() {
            let cut = rest.len().min(90);
            pieces.push(format!("{}\"{}\"", self.table_indent(), &rest[..cut]));
            rest = &rest[cut..];
        }
        pieces.join(" +\n")
    }

    fn table_heap(&self) -> &'static str {
        r#"    /** G(0) .. G(BOUND) as grundy computed them: no period is proved, so larger heaps are refused. */
    static final class ${name} {
        static final long BOUND = ${bound};
        // Written as text, read once: an array initializer this long would not compile.
        static final int[] TABLE = parse(
${table});

        static int[] parse(String text) {
            String[] numbers = text.split(",");
            int[] table = new int[numbers.length];
            for (int i = 0; i < numbers.length; i++) table[i] = Integer.parseInt(numbers[i]);
            return table;
        }

        long value(long n) {
            if (Long.compareUnsigned(n, BOUND) > 0) {
                throw fail("heap " + Long.toUnsignedString(n) + " is above " + BOUND + ", the largest heap this program's table holds (no period is proved)");
            }
            return TABLE[(int) n];
        }
    }
"#
    }

    fn dp_heap(&self) -> &'static str {
        r#"    /** G(n) by the definition: the mex of the values of the heaps a move leaves, memoised. */
    static final class ${name} {
        static final long BOUND = ${bound};
        final List<Long> amounts = new ArrayList<>(); // ascending
        int[] values = new int[16];
        int size = 0;
?fibonacci|        long low = 1, high = 2; // consecutive Fibonacci numbers
?squares|        long root = 1; // the next square is root * root
?powers|        long power = 1; // the next power of two

?!carried|        ${name}() {
?!carried|            for (long take : new long[] {${amounts}}) amounts.add(take);
?carried|        // Closed forms (docs/theory.md §4, §5): the residue theorem — the set holds 1..m-1 and
?carried|        // no multiple of m, G(n) = n mod m — and {1, 2, k} with 3 | k, period k + 1.
?carried|        long modulus = 0, cycle = 0;
?carried|
?carried|        ${name}(TreeSet<Long> set) {
?carried|            amounts.addAll(set);
?carried|            long m = 1;
?carried|            while (m <= amounts.size() && amounts.get((int) m - 1) == m) m++;
?carried|            boolean residue = m >= 2;
?carried|            for (long s : amounts) {
?carried|                if (Long.remainderUnsigned(s, m) == 0) residue = false;
?carried|            }
?carried|            if (residue) modulus = m;
?carried|            if (amounts.size() == 3 && amounts.get(0) == 1 && amounts.get(1) == 2 && Long.remainderUnsigned(amounts.get(2), 3) == 0) {
?carried|                cycle = amounts.get(2);
?carried|            }
        }

        long value(long n) {
?carried|            if (modulus != 0) return Long.remainderUnsigned(n, modulus);
?carried|            if (cycle != 0) {
?carried|                long r = Long.compareUnsigned(n, cycle) <= 0 ? n : Long.remainderUnsigned(n, cycle + 1);
?carried|                return r == cycle ? 3 : Long.remainderUnsigned(r, 3);
?carried|            }
            if (Long.compareUnsigned(n, BOUND) > 0) {
                throw fail("heap " + Long.toUnsignedString(n) + " is above " + BOUND + ", the largest heap this DP answers (no period is proved)");
            }
            while (size <= n) {
                long heap = size;
?fibonacci|                if (heap == low) {
?fibonacci|                    amounts.add(heap);
?fibonacci|                    long sum = low + high;
?fibonacci|                    low = high;
?fibonacci|                    high = sum;
?fibonacci|                }
?squares|                if (heap == root * root) {
?squares|                    amounts.add(heap);
?squares|                    root++;
?squares|                }
?powers|                if (heap == power) {
?powers|                    amounts.add(heap);
?powers|                    power *= 2;
?powers|                }
?primes|                long divisor = 2;
?primes|                while (divisor * divisor <= heap && heap % divisor != 0) divisor++;
?primes|                if (heap >= 2 && divisor * divisor > heap) amounts.add(heap); // a prime
                boolean[] seen = new boolean[amounts.size() + 1];
?misere|                int options = 0;
                for (long take : amounts) {
                    // Unsigned: an amount of 2^63 or more is no negative number.
                    if (Long.compareUnsigned(take, heap) > 0) continue;
?misere|                    options++;
                    int g = values[(int) (heap - take)];
                    if (g < seen.length) seen[g] = true;
                }
                int mex = 0;
                while (seen[mex]) mex++;
                if (size == values.length) values = Arrays.copyOf(values, 2 * size);
?misere|                values[size++] = options == 0 ? 1 : mex; // misère: no move is worth 1
?!misere|                values[size++] = mex;
            }
            return values[(int) n];
        }
    }
"#
    }

    fn bash_heap(&self) -> &'static str {
        "    /** bash:m, take 1 to m: G(n) = n mod (m + 1) (the residue theorem). */
    static final class ${name} {
        final long m;

        ${name}(long m) {
            this.m = m;
        }

        long value(long n) {
            // m >= n leaves n (and keeps m + 1 from overflowing).
            return Long.compareUnsigned(m, n) >= 0 ? n : Long.remainderUnsigned(n, m + 1);
        }
    }
"
    }

    fn xor_game(&self) -> &'static str {
        "    static final class Game {
        final Heap heap;

        Game(Heap heap) {
            this.heap = heap;
        }

        char outcome(long[] heaps) {
?single|            if (heaps.length != 1) throw fail(\"a position of this game is one number, the script's argument\");
            long total = 0;
            for (long h : heaps) total ^= heap.value(h);
            return total != 0 ? 'W' : 'L';
        }
?moves|
?moves|        /** Every move to a position of xor 0, as {from, to}: heaps in input order. */
?moves|        java.util.List<long[]> winningMoves(long[] heaps) {
?moves|            long total = 0;
?moves|            for (long h : heaps) total ^= heap.value(h);
?moves|            java.util.List<long[]> moves = new java.util.ArrayList<>();
?moves|            if (total == 0) return moves;
?moves|            for (long h : heaps) {
?moves|                long target = heap.value(h) ^ total;
?moves&nim_moves|                if (Long.compareUnsigned(target, h) < 0) moves.add(new long[] {h, target});
?moves&bash_moves|                for (long take = 1; Long.compareUnsigned(take, heap.m) <= 0 && Long.compareUnsigned(take, h) <= 0; take++) {
?moves&bash_moves|                    if (heap.value(h - take) == target) moves.add(new long[] {h, h - take});
?moves&bash_moves|                }
?moves&!nim_moves&!bash_moves|                for (long take : heap.amounts) {
?moves&!nim_moves&!bash_moves|                    if (Long.compareUnsigned(take, h) > 0) break;
?moves&!nim_moves&!bash_moves|                    if (heap.value(h - take) == target) moves.add(new long[] {h, h - take});
?moves&!nim_moves&!bash_moves|                }
?moves|            }
?moves|            return moves;
?moves|        }
    }
"
    }

    fn sum_game(&self) -> &'static str {
        r#"    static final class Game {
*|        final Heap${i} heap${i} = new Heap${i}();

        char outcome(long[] heaps) {
            if (heaps.length != ${count}) throw fail("a position is ${count} heaps, one per component of the sum");
            long total = 0;
*|            total ^= heap${i}.value(heaps[${i}]);
            return total != 0 ? 'W' : 'L';
        }
    }
"#
    }

    fn misere_game(&self) -> &'static str {
        r#"    static final class Game {
        final Heap heap = new Heap();

        char outcome(long[] heaps) {
            if (heaps.length != 1) throw fail("under misère play a position is one heap: misère values do not add up by xor");
            return heap.value(heaps[0]) != 0 ? 'W' : 'L';
        }
    }
"#
    }

    fn misere_nim(&self) -> &'static str {
        "    static final class Game {
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
"
    }

    fn staircase(&self) -> &'static str {
        "    static final class Game {
        char outcome(long[] steps) {
            long total = 0;
            for (int i = 0; i < steps.length; i += 2) total ^= steps[i]; // steps 1, 3, 5, ...
            return total == 0 ? 'L' : 'W';
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
        "    static final class Game {
        char outcome(long[] heaps) {
            for (int bit = 0; bit < 64; bit++) {
                long ones = 0;
                for (long h : heaps) ones += (h >>> bit) & 1;
                if (Long.remainderUnsigned(ones, ${modulus}L) != 0) return 'W';
            }
            return 'L';
        }
    }
"
    }

    fn wythoff(&self) -> &'static str {
        r#"    static BigInteger unsigned(long x) {
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
?moves|
?moves|        /** a_j = floor(j phi), the smaller heap of the P-position of difference j. */
?moves|        static BigInteger lower(BigInteger j) {
?moves|            return j.add(j.multiply(j).multiply(BigInteger.valueOf(5)).sqrt()).shiftRight(1);
?moves|        }
?moves|
?moves|        /** The j with n = a_j (or, when upper, n = a_j + j); null when there is none. */
?moves|        static BigInteger index(BigInteger n, boolean upper) {
?moves|            BigInteger root = n.multiply(n).multiply(BigInteger.valueOf(5)).sqrt();
?moves|            BigInteger guess = (upper ? n.multiply(BigInteger.valueOf(3)).subtract(root) : root.subtract(n)).shiftRight(1);
?moves|            for (BigInteger j = guess.subtract(BigInteger.ONE).max(BigInteger.ZERO); j.compareTo(guess.add(BigInteger.ONE)) <= 0; j = j.add(BigInteger.ONE)) {
?moves|                if (lower(j).add(upper ? j : BigInteger.ZERO).equals(n)) return j;
?moves|            }
?moves|            return null;
?moves|        }
?moves|
?moves|        /** Every winning move as the pair it leaves, smaller first: the move from both heaps, then those from one heap in ascending order (a pair two moves leave, once). */
?moves|        java.util.List<long[]> winningMoves(long[] heaps) {
?moves|            if (heaps.length != 2) throw fail("a Wythoff position is two heaps");
?moves|            BigInteger a = unsigned(heaps[0]).min(unsigned(heaps[1]));
?moves|            BigInteger b = unsigned(heaps[0]).max(unsigned(heaps[1]));
?moves|            BigInteger k = b.subtract(a);
?moves|            java.util.List<long[]> moves = new java.util.ArrayList<>();
?moves|            if (a.compareTo(lower(k)) > 0) moves.add(new long[] {lower(k).longValue(), lower(k).add(k).longValue()});
?moves|            java.util.TreeMap<BigInteger, BigInteger> one = new java.util.TreeMap<>();
?moves|            BigInteger j = index(a, false);
?moves|            if (j != null && lower(j).add(j).compareTo(b) < 0) one.put(a, lower(j).add(j)); // b down to a's partner
?moves|            j = index(a, true);
?moves|            if (j != null) one.put(lower(j), a); // b down to a's smaller partner
?moves|            j = index(b, true);
?moves|            if (j != null && lower(j).compareTo(a) < 0) one.put(lower(j), b); // a down to b's partner
?moves|            for (java.util.Map.Entry<BigInteger, BigInteger> pair : one.entrySet()) {
?moves|                moves.add(new long[] {pair.getKey().longValue(), pair.getValue().longValue()});
?moves|            }
?moves|            return moves;
?moves|        }
    }
"#
    }

    fn fibonacci_nim(&self) -> &'static str {
        r#"    static final class Game {
        char outcome(long[] numbers) {
            if (numbers.length < 1 || numbers.length > 2) throw fail("a Fibonacci Nim position is a heap n, or n and the quota q");
            if (numbers.length == 2 && numbers[1] == 0) throw fail("the quota must be at least 1");
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
"#
    }

    fn dynamic(&self) -> &'static str {
        r#"    /**
     * Dynamic subtraction (docs/theory.md §15): after a take of x the next move takes 1 to
     * f(x) = slope * x + offset, non-decreasing with f(x) >= x. The P-sequence H: H_1 = 1,
     * H_(j+1) = H_j + H_m with m the least index such that f(H_m) >= H_j. The player to move
     * wins exactly when the smallest term of the heap's greedy representation in H is at most
     * the quota.
     */
    static final class Game {
        final long slope, offset;
        long[] terms = {1}; // H, grown as the heaps need
        int count = 1, m = 0; // m: the least index whose f reaches the last term

?!carried_input|        Game() {
?!carried_input|            this(new long[0]);
?!carried_input|        }
?!carried_input|
        Game(long[] numbers) {
?dynamic_slope_read|            slope = coefficient(numbers, ${slope_index});
?!dynamic_slope_read|            slope = ${slope}L;
?dynamic_offset_read|            offset = coefficient(numbers, ${offset_index});
?!dynamic_offset_read|            offset = ${offset}L;
            if (slope < 1 || slope + offset < 1) throw fail("the move bound must be non-decreasing with f(x) >= x: a slope of at least 1 and f(1) >= 1");
        }
?dynamic_slope_read,dynamic_offset_read|
?dynamic_slope_read,dynamic_offset_read|        static long coefficient(long[] numbers, int at) {
?dynamic_slope_read,dynamic_offset_read|            if (at >= numbers.length || Long.compareUnsigned(numbers[at], 1000000000000000000L) > 0) throw fail("the coefficients of the bound must be at most 10^18");
?dynamic_slope_read,dynamic_offset_read|            return numbers[at];
?dynamic_slope_read,dynamic_offset_read|        }

        // Whether f(x) >= y, for x and y below 2^62: y - offset and the rounding stay below 2^63.
        boolean reaches(long x, long y) {
            long need = y - offset;
            return need <= 0 || x >= (need + slope - 1) / slope;
        }

        // The smallest term of the greedy representation of 1 <= n < 2^62 (terms stay below 2^63).
        long smallest(long n) {
            while (terms[count - 1] <= n) {
                while (!reaches(terms[m], terms[count - 1])) m++;
                if (count == 60000000) throw fail("the P-sequence up to this heap passes 60000000 terms (about k ln(n/k) for kx): this program answers smaller heaps or slopes");
                if (count == terms.length) terms = Arrays.copyOf(terms, Math.min(2 * count, 60000000));
                terms[count] = terms[count - 1] + terms[m];
                count++;
            }
            long rest = n, least = 0;
            int below = count;
            while (rest > 0) {
                int low = 0, high = below; // the first term above rest, in [0, below)
                while (low < high) {
                    int middle = (low + high) >>> 1;
                    if (terms[middle] <= rest) low = middle + 1;
                    else high = middle;
                }
                below = low - 1;
                rest -= terms[below];
                least = terms[below];
            }
            return least;
        }

        char outcome(long[] numbers) {
            if (numbers.length < 1 || numbers.length > 2) throw fail("a dynamic subtraction position is a heap n, or n and the quota q");
            if (numbers.length == 2 && numbers[1] == 0) throw fail("the quota must be at least 1");
            long n = numbers[0];
            if (Long.compareUnsigned(n, 1L << 62) >= 0) throw fail("this program answers heaps below 2^62");
            if (n == 0) return 'L';
            long quota = numbers.length == 2 ? numbers[1] : n - 1; // a fresh heap: anything but all
            return Long.compareUnsigned(smallest(n), quota) <= 0 ? 'W' : 'L';
        }
    }
"#
    }

    fn oddball(&self) -> &'static str {
        r#"    static int rank(char result) {
        return result == 'W' ? 2 : result == 'T' ? 1 : 0;
    }

    static final class Game {
        static final long BOUND = ${bound};
        long[] amounts = {${amounts}};
        // results[4 * left + 2 * mine + theirs]: W, T or L for the player to move, where mine
        // and theirs are the parities of the balls each player holds.
        final StringBuilder results = new StringBuilder();

        char solve(long left, long mine, long theirs) {
            if (Long.compareUnsigned(left, BOUND) > 0) {
                throw fail("pile " + Long.toUnsignedString(left) + " is above " + BOUND + ", the largest pile this DP answers");
            }
            while (results.length() <= 4 * left + 3) {
                long balls = results.length() / 4;
                for (int state = 0; state < 4; state++) {
                    long m = state >> 1, t = state & 1;
                    char best = 0;
                    for (long take : amounts) {
                        if (Long.compareUnsigned(take, balls) > 0) continue;
                        // The opponent moves next; the mover's parity changes with an odd take.
                        char after = results.charAt((int) (4 * (balls - take) + 2 * t + (m ^ (take & 1))));
                        char now = after == 'W' ? 'L' : after == 'L' ? 'W' : 'T';
                        if (best == 0 || rank(now) > rank(best)) best = now;
                    }
                    if (best == 0) best = m == t ? 'T' : m == 1 ? 'W' : 'L'; // no move: odd beats even
                    results.append(best);
                }
            }
            return results.charAt((int) (4 * left + 2 * mine + theirs));
        }

        char outcome(long[] numbers) {
            if (numbers.length == 1) return solve(numbers[0], 0, 0);
            if (numbers.length == 3) return solve(numbers[0], numbers[1] & 1, numbers[2] & 1);
            throw fail("a position is the balls left n, or n and the balls each player holds");
        }
    }
"#
    }

    fn rules(&self) -> &dyn RuleSyntax {
        self
    }

    fn rule_game(&self) -> &'static str {
        r#"    static final class Game {
        char outcome(long[] numbers) {
?!pairs|            if (numbers.length != 1) throw fail("a position is one number n");
?!pairs|            long n = numbers[0];
?pairs|            if (numbers.length != 2) throw fail("a position is two numbers a b");
?pairs|            long a = numbers[0], b = numbers[1];
${cases}        }
    }
"#
    }

    fn rule_heap(&self) -> &'static str {
        "    /** G(n) by the rule found in the game's table (the header says how sure it is). */
    static final class ${name} {
        long value(long n) {
            return ${expression};
        }
    }
"
    }

    fn answer(&self) -> &'static str {
        r#"    static String answer(Game game, long[] position) {
?output_words|        char outcome = game.outcome(position);
?output_words|        if (outcome == 'T') throw fail("best play ties, and this format has no word for a tie");
?draw_refused|        if (outcome == 'D') throw fail("best play never ends (a draw), and this format has no word for a draw");
?draw_word&output_words|        if (outcome == 'D') return "${draw}";
?output_words|        return outcome == 'W' ? "${win}" : "${lose}";
?output_tie|        char outcome = game.outcome(position);
?draw_word&output_tie|        if (outcome == 'D') return "${draw}";
?output_tie|        return outcome == 'W' ? "${win}" : outcome == 'L' ? "${lose}" : "${tie}";
?output_count|        return Integer.toString(game.winningMoves(position).size());
?output_moves|        java.util.List<long[]> moves = game.winningMoves(position);
?output_moves|        if (moves.isEmpty()) return "${lose}";
?output_moves|        StringBuilder text = new StringBuilder("${win}");
?output_moves|        for (long[] move : moves) {
?output_moves|            text.append('\n').append(Long.toUnsignedString(move[0])).append(' ').append(Long.toUnsignedString(move[1]));
?output_moves|        }
?output_moves|        return text.toString();
    }
"#
    }

    fn new_game(&self) -> &'static str {
        "?grundy|new Game(new Heap())
?!grundy|new Game()
"
    }

    fn game_declaration(&self) -> &'static str {
        "?carried_input|Games games = new Games();
?!carried_input|Game game = ${game};
"
    }

    fn reader_helpers(&self) -> &'static str {
        READER_HELPERS
    }

    fn run(&self) -> &'static str {
        "    /** Reads the judge's input as its description says, answering each case. */
    static void run(Input input, Output out) {
${body}    }
"
    }

    fn main(&self) -> &'static str {
        r#"    public static void main(String[] args) throws IOException {
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        Input input = new Input(text);
        Output out = new Output();
        run(input, out);
        if (input.more()) throw fail("unexpected text after what the input holds: '" + input.word("") + "'");
        out.newline();
        System.out.print(out.text);
    }
}
"#
    }

    fn reader(&self) -> &dyn ReaderSyntax {
        self
    }

    /// `source` with every character beyond ASCII written as a Unicode escape (`\\u00e8`), which
    /// Java reads anywhere in a source: javac then compiles it under any platform encoding.
    fn finish(&self, source: String) -> String {
        ascii(&source)
    }
}

impl ReaderSyntax for Java {
    fn length(&self, list: &str) -> String {
        format!("{list}.size")
    }

    fn element(&self, list: &str, index: &str) -> String {
        format!("{list}.items[{index}]")
    }

    fn each_index(&self, index: &str, length: &str) -> String {
        format!("for (int {index} = 0; {index} < {length}; {index}++)")
    }

    fn base_depth(&self) -> usize {
        2
    }

    fn declare(&self, name: &str, reading: Reading, _: Usage) -> Option<String> {
        Some(match (reading.list, reading.word) {
            (false, false) => format!("long {name} = 0;"),
            (false, true) => format!("String {name} = \"\";"),
            (true, false) => format!("Numbers {name} = new Numbers();"),
            (true, true) => format!("List<String> {name} = new ArrayList<>();"),
        })
    }

    fn clear(&self, name: &str, reading: Reading) -> String {
        if reading.word {
            format!("{name} = new ArrayList<>();")
        } else {
            format!("{name} = new Numbers();")
        }
    }

    fn push(&self, name: &str, value: &str) -> String {
        format!("{name}.add({value});")
    }

    fn repeat(&self, depth: usize, count: &str) -> String {
        format!(
            "for (long round{depth} = 0, rounds{depth} = {count}; Long.compareUnsigned(round{depth}, rounds{depth}) < 0; round{depth}++)"
        )
    }

    fn line_start(&self, commas: bool, what: &str) -> String {
        format!("Line line = input.line({commas}, \"{what}\");")
    }

    fn mark(&self, depth: usize) -> String {
        format!("int before{depth} = input.at;")
    }

    fn fail(&self, message: &str) -> String {
        format!("throw fail(\"{message}\");")
    }

    fn all_equal(&self, name: &str, value: u64) -> String {
        format!("allEqual({name}, {})", self.constant(value))
    }

    fn constant(&self, value: u64) -> String {
        Syntax::number(self, value)
    }

    fn numbers(&self, parts: &[Part]) -> String {
        let arrays: Vec<String> = parts
            .iter()
            .map(|part| match part {
                Part::One(code) => format!("new long[] {{{code}}}"),
                Part::List(name) => format!("{name}.toArray()"),
            })
            .collect();
        if let Some(ones) = ones(parts) {
            return format!("new long[] {{{}}}", ones.join(", "));
        }
        match arrays.as_slice() {
            [one] => one.clone(),
            _ => format!("joined({})", arrays.join(", ")),
        }
    }

    fn answer(&self, game: &str, position: &str) -> String {
        format!("out.add(answer({game}, {position}));")
    }
}

/// `source` with every character beyond ASCII written as a Unicode escape (`\\u00e8`).
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

impl RuleSyntax for Java {
    fn helper_name(&self, helper: Helper) -> String {
        let mut name = String::new();
        let mut upper = false;
        for c in helper.name().chars() {
            if c == '_' {
                upper = true;
            } else if upper {
                name.push(c.to_ascii_uppercase());
                upper = false;
            } else {
                name.push(c);
            }
        }
        name
    }

    fn needs(&self, helper: Helper) -> &'static [Helper] {
        match helper {
            Helper::Unsigned | Helper::Isqrt => &[],
            _ => &[Helper::Unsigned],
        }
    }

    fn helper_source(&self, helper: Helper) -> &'static str {
        match helper {
            Helper::Unsigned => UNSIGNED,
            Helper::Isqrt => "",
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
        let values: Vec<String> = values.iter().map(|&v| self.number(v)).collect();
        let mut out = format!("    static final long[] RULE_TABLE{index} = {{\n");
        for chunk in values.chunks(16) {
            let _ = writeln!(out, "        {},", chunk.join(", "));
        }
        out.push_str("    };\n");
        out
    }

    fn literal(&self, value: u64) -> String {
        self.number(value)
    }

    fn outcome_case(&self, condition: &str, letter: char) -> String {
        format!("            if ({condition}) return '{letter}';\n")
    }

    fn outcome_default(&self, letter: char) -> String {
        format!("            return '{letter}';\n")
    }
}

/// The `unsigned` helper.
const UNSIGNED: &str = r#"    /** An unsigned 64-bit number as a BigInteger. */
    static BigInteger unsigned(long x) {
        return new BigInteger(Long.toUnsignedString(x));
    }

    /** A BigInteger that must fit in 64 bits, as an unsigned long. */
    static long fits(BigInteger x) {
        if (x.signum() < 0 || x.bitLength() > 64) throw fail("the rule's value does not fit in 64 bits");
        return x.longValue();
    }
"#;

/// The `beatty_lower` helper.
const BEATTY_LOWER: &str = r"    /**
     * floor(k alpha) for alpha = (2 - d + sqrt(d^2 + 4)) / 2, exactly: sqrt(k^2 (d^2 + 4)) is
     * irrational, so floor((isqrt(k^2 (d^2 + 4)) - k (d - 2)) / 2) is the floor.
     */
    static BigInteger beattyLower(BigInteger k, long d) {
        BigInteger big = BigInteger.valueOf(d);
        BigInteger root = k.multiply(k).multiply(big.multiply(big).add(BigInteger.valueOf(4))).sqrt();
        return root.subtract(k.multiply(big.subtract(BigInteger.TWO))).shiftRight(1);
    }
";

/// The `in_table` helper.
const IN_TABLE: &str = r"    /** Membership of an ultimately periodic set: the table holds its first preperiod + period flags. */
    static boolean inTable(long n, long preperiod, long period, long[] table) {
        long index = Long.compareUnsigned(n, preperiod + period) < 0
            ? n
            : preperiod + Long.remainderUnsigned(n - preperiod, period);
        return table[(int) index] == 1;
    }
";

/// The `table_value` helper.
const TABLE_VALUE: &str = r"    /** G(n) of an (arithmetic-)periodic rule: the table holds G(0) .. G(preperiod + period - 1). */
    static long tableValue(long n, long preperiod, long period, long saltus, long[] table) {
        if (Long.compareUnsigned(n, preperiod + period) < 0) return table[(int) n];
        long offset = n - preperiod;
        BigInteger periods = unsigned(Long.divideUnsigned(offset, period));
        return fits(unsigned(table[(int) (preperiod + Long.remainderUnsigned(offset, period))])
            .add(periods.multiply(unsigned(saltus))));
    }
";

/// The `is_odious` helper.
const IS_ODIOUS: &str = "    static boolean isOdious(long n) {
        return Long.bitCount(n) % 2 == 1;
    }
";

/// The `is_power` helper.
const IS_POWER: &str = r"    /** n = base^j with j of the parity (0 any, 1 even, 2 odd). */
    static boolean isPower(long n, long base, long parity) {
        if (n == 0) return false;
        long j = 0;
        while (Long.remainderUnsigned(n, base) == 0) {
            n = Long.divideUnsigned(n, base);
            j++;
        }
        return n == 1 && (parity == 0 || j % 2 == parity - 1);
    }
";

/// The `valuation_parity` helper.
const VALUATION_PARITY: &str = r"    /** n >= 1 and the exponent of the largest power of 2 dividing n has the parity (1 even, 2 odd). */
    static boolean valuationParity(long n, long parity) {
        return n != 0 && Long.numberOfTrailingZeros(n) % 2 == parity - 1;
    }
";

/// The `is_fibonacci` helper.
const IS_FIBONACCI: &str = "    static boolean isFibonacci(long n) {
        BigInteger a = BigInteger.ONE, b = BigInteger.TWO, target = unsigned(n);
        while (a.compareTo(target) < 0) {
            BigInteger next = a.add(b);
            a = b;
            b = next;
        }
        return a.equals(target);
    }
";

/// The `is_square` helper.
const IS_SQUARE: &str = "    static boolean isSquare(long n) {
        BigInteger big = unsigned(n), root = big.sqrt();
        return root.multiply(root).equals(big);
    }
";

/// The `is_triangular` helper.
const IS_TRIANGULAR: &str = r"    /** n = m(m + 1)/2 exactly when 8n + 1 is a square. */
    static boolean isTriangular(long n) {
        BigInteger big = unsigned(n).shiftLeft(3).add(BigInteger.ONE), root = big.sqrt();
        return root.multiply(root).equals(big);
    }
";

/// The `in_beatty` helper.
const IN_BEATTY: &str = r"    /** n = floor(k alpha) (+ d k when upper is 1) for some k >= 1: the least k reaching n, by bisection. */
    static boolean inBeatty(long n, long d, long upper) {
        if (n == 0) return false;
        BigInteger target = unsigned(n), low = BigInteger.ONE, high = target;
        BigInteger step = BigInteger.valueOf(upper * d);
        while (low.compareTo(high) < 0) {
            BigInteger middle = low.add(high).shiftRight(1);
            if (beattyLower(middle, d).add(step.multiply(middle)).compareTo(target) < 0) {
                low = middle.add(BigInteger.ONE);
            } else {
                high = middle;
            }
        }
        return beattyLower(low, d).add(step.multiply(low)).equals(target);
    }
";

/// The `in_bands` helper.
const IN_BANDS: &str = r"    /** low base^k < n <= high base^k for some k >= 0. */
    static boolean inBands(long n, long base, long low, long high) {
        BigInteger target = unsigned(n), lower = unsigned(low), upper = unsigned(high), ratio = unsigned(base);
        while (lower.compareTo(target) < 0) {
            if (target.compareTo(upper) <= 0) return true;
            lower = lower.multiply(ratio);
            upper = upper.multiply(ratio);
        }
        return false;
    }
";

/// The `in_lattice` helper.
const IN_LATTICE: &str = "    static boolean inLattice(long a, long b, long rows, long columns, long[] table) {
        return table[(int) (Long.remainderUnsigned(a, rows) * columns + Long.remainderUnsigned(b, columns))] == 1;
    }
";

/// The `beatty_pair` helper.
const BEATTY_PAIR: &str = r"    /** {a, b} = {floor(k alpha), floor(k alpha) + d k} for some k >= 0. */
    static boolean beattyPair(long a, long b, long d) {
        BigInteger low = unsigned(a).min(unsigned(b)), gap = unsigned(a).max(unsigned(b)).subtract(low);
        BigInteger[] split = gap.divideAndRemainder(BigInteger.valueOf(d));
        return split[1].signum() == 0 && beattyLower(split[0], d).equals(low);
    }
";

/// The `linear` helper.
const LINEAR: &str = "    static long linear(long n, long slope, long offset, long divisor) {
        return fits(unsigned(slope).multiply(unsigned(n)).add(unsigned(offset)).divide(unsigned(divisor)));
    }
";

/// The `remainder` helper.
const REMAINDER: &str = "    static long remainder(long n, long modulus, long shift, long add) {
        return Long.remainderUnsigned(Long.remainderUnsigned(n, modulus) + shift, modulus) + add;
    }
";

/// The `binary_form` helper.
const BINARY_FORM: &str = r#"    /**
     * A binary form of m = n + shift - 1: 0 the number of 1 bits, 1 the 2-adic valuation, 2 the
     * largest power of 2 dividing m, 3 the m-th odious number, 4 the m-th evil number.
     */
    static long binaryForm(long n, long shift, long form) {
        BigInteger wide = unsigned(n).add(BigInteger.valueOf(shift)).subtract(BigInteger.ONE);
        if (wide.signum() < 0 || wide.bitLength() > 64 || (wide.signum() == 0 && (form == 1 || form == 2))) {
            throw fail("the rule has no value at " + Long.toUnsignedString(n));
        }
        long m = wide.longValue();
        long ones = Long.bitCount(m);
        if (form == 0) return ones;
        if (form == 1) return Long.numberOfTrailingZeros(m);
        if (form == 2) return Long.lowestOneBit(m);
        long extra = form == 3 ? (ones % 2 == 0 ? 1 : 0) : ones % 2;
        return fits(wide.shiftLeft(1).add(BigInteger.valueOf(extra)));
    }
"#;

/// The reader's helpers (see `Syntax::reader_helpers`).
const READER_HELPERS: &str = r#"    /** A list of numbers that grows as they are read. */
    static final class Numbers {
        long[] items = new long[8];
        int size = 0;

        void add(long value) {
            if (size == items.length) items = Arrays.copyOf(items, 2 * size);
            items[size++] = value;
        }

        long[] toArray() {
            return Arrays.copyOf(items, size);
        }
    }

    /** The numbers of several lists, side by side. */
    static long[] joined(long[]... parts) {
        Numbers all = new Numbers();
        for (long[] part : parts) {
            for (long value : part) all.add(value);
        }
        return all.toArray();
    }

    static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000b';
    }

    /** The values of one line, read in turn. */
    static final class Line {
        final List<String> words;
        final String what;
        int at = 0;

        Line(List<String> words, String what) {
            this.words = words;
            this.what = what;
        }

        boolean more() {
            return at < words.size();
        }

        long left() {
            return words.size() - at;
        }

        String word(String unused) {
            if (at == words.size()) throw fail("a line holds too few values: it is " + what);
            return words.get(at++);
        }

        long number(String read) {
            return parseNumber(word(read));
        }

        void end() {
            if (at < words.size()) throw fail("a line holds more than " + what);
        }
    }

    /** The judge's input as tokens, each with the number of its line. */
    static final class Input {
        final List<String> tokens = new ArrayList<>();
        final List<Integer> lines = new ArrayList<>();
        int at = 0;

        Input(String text) {
            int i = text.startsWith("\ufeff") ? 1 : 0; // a byte-order mark is not input
            int line = 0;
            while (i < text.length()) {
                char c = text.charAt(i);
                if (isBlank(c)) {
                    if (c == '\n') line++;
                    i++;
                    continue;
                }
                int start = i;
                while (i < text.length() && !isBlank(text.charAt(i))) i++;
                tokens.add(text.substring(start, i));
                lines.add(line);
            }
        }

        boolean more() {
            return at < tokens.size();
        }

        String word(String what) {
            if (at == tokens.size()) throw fail("the input ends where " + what + " should be read");
            return tokens.get(at++);
        }

        long number(String what) {
            return parseNumber(word(what));
        }

        /** The rest of the current line, or the next line holding a value. */
        Line line(boolean commas, String what) {
            while (at < tokens.size()) {
                int number = lines.get(at);
                List<String> words = new ArrayList<>();
                while (at < tokens.size() && lines.get(at) == number) {
                    String token = tokens.get(at++);
                    if (!commas) {
                        words.add(token);
                        continue;
                    }
                    for (String part : token.split(",")) { // commas separate numbers too
                        if (!part.isEmpty()) words.add(part);
                    }
                }
                if (!words.isEmpty()) return new Line(words, what);
            }
            throw fail("the input ends where the line " + what + " should be read");
        }
    }

    /** The answers, a line at a time: the answers of one line joined by the separator. */
    static final class Output {
        final StringBuilder text = new StringBuilder();
        final List<String> parts = new ArrayList<>();

        void add(String answer) {
            parts.add(answer);
        }

        void newline() {
            if (parts.isEmpty()) return;
            text.append(String.join("${separator}", parts)).append('\n');
            parts.clear();
        }
    }
?add,sub,mul|
?add,sub,mul|    /** Counts and numbers the format computes: 0 or more, and 64 bits (unsigned). */
?add|    static long add(long a, long b) {
?add|        long sum = a + b;
?add|        if (Long.compareUnsigned(sum, a) < 0) throw fail("a number the format computes does not fit in 64 bits");
?add|        return sum;
?add|    }
?add|
?sub|    static long sub(long a, long b) {
?sub|        if (Long.compareUnsigned(b, a) > 0) throw fail("a number the format computes is negative");
?sub|        return a - b;
?sub|    }
?sub|
?mul|    static long mul(long a, long b) {
?mul|        if (a != 0 && Long.compareUnsigned(b, Long.divideUnsigned(-1L, a)) > 0) {
?mul|            throw fail("a number the format computes does not fit in 64 bits");
?mul|        }
?mul|        return a * b;
?mul|    }
?all_equal|
?all_equal|    static boolean allEqual(Numbers values, long value) {
?all_equal|        for (int i = 0; i < values.size; i++) {
?all_equal|            if (values.items[i] != value) return false;
?all_equal|        }
?all_equal|        return values.size > 0;
?all_equal|    }
?carried_input|
?carried_input|    /** The game of each case, built from the numbers the input gives it (the last one kept). */
?carried_input|    static final class Games {
?carried_input|        long[] values;
?carried_input|        Game game;
?carried_input|
?carried_input|        Game of(long[] numbers) {
?carried_input|            if (game == null || !Arrays.equals(numbers, values)) {
?carried_tokens,carried_dynamic|                game = new Game(numbers);
?carried_bash|                if (numbers[0] == 0) throw fail("the limit m must be at least 1");
?carried_bash|                game = new Game(new Heap(numbers[0]));
?carried_set,carried_oddball|                if (numbers.length == 0) throw fail("the set of amounts is empty");
?carried_set,carried_oddball|                TreeSet<Long> set = new TreeSet<>(Long::compareUnsigned); // ascending as unsigned numbers
?carried_set,carried_oddball|                for (long amount : numbers) {
?carried_set,carried_oddball|                    if (amount == 0) throw fail("the amounts must be positive");
?carried_set,carried_oddball|                    set.add(amount);
?carried_set,carried_oddball|                }
?carried_set|                game = new Game(new Heap(set));
?carried_oddball|                game = new Game();
?carried_oddball|                game.amounts = new long[set.size()];
?carried_oddball|                int i = 0;
?carried_oddball|                for (long amount : set) game.amounts[i++] = amount;
?carried_input|                values = numbers;
?carried_input|            }
?carried_input|            return game;
?carried_input|        }
?carried_input|    }
"#;

/// Tokens on a directed graph: the values children first, Smith's values where it has cycles.
const TOKENS: &str = r"    /**
     * Tokens on a directed graph (Sprague-Grundy): a node is worth the mex of its successors'
     * values, found children first; where cycles let play go on forever, Smith's values
     * (docs/theory.md §14): a node is a nimber or infinite, with K the finite values of its
     * successors. Finite tokens add up by xor; one infinite token wins exactly when the others'
     * xor is in its K (and draws otherwise); two infinite tokens or more draw.
     */
    static final class Game {
        final java.util.HashMap<Long, Integer> index = new java.util.HashMap<>();
        int[][] successors, parents;
        long[] value;
        boolean[] infinite;

?!carried_input|        Game() {
?!carried_input|            this(new long[] {${edges}});
?!carried_input|        }
?!carried_input|
        /** The graph of the edges numbers[0] > numbers[1], numbers[2] > numbers[3], ... */
        Game(long[] numbers) {
            for (long name : numbers) index.putIfAbsent(name, index.size());
            int n = index.size();
            int[] out = new int[n], in = new int[n];
            for (int i = 0; i + 1 < numbers.length; i += 2) {
                out[index.get(numbers[i])]++;
                in[index.get(numbers[i + 1])]++;
            }
            successors = new int[n][];
            parents = new int[n][];
            for (int u = 0; u < n; u++) {
                successors[u] = new int[out[u]];
                parents[u] = new int[in[u]];
            }
            for (int i = 0; i + 1 < numbers.length; i += 2) {
                int u = index.get(numbers[i]), v = index.get(numbers[i + 1]);
                successors[u][out[u] - 1] = v;
                out[u]--;
                parents[v][in[v] - 1] = u;
                in[v]--;
            }
            value = new long[n];
            infinite = new boolean[n];
            // Children first: a node is valued once every successor is.
            int[] waiting = new int[n], ready = new int[n];
            int top = 0, valued = 0;
            for (int u = 0; u < n; u++) {
                waiting[u] = successors[u].length;
                if (waiting[u] == 0) ready[top++] = u;
            }
            while (top > 0) {
                top--;
                int u = ready[top];
                boolean[] seen = new boolean[successors[u].length + 1];
                for (int v : successors[u]) {
                    if (value[v] < seen.length) seen[(int) value[v]] = true;
                }
                while (seen[(int) value[u]]) value[u]++;
                valued++;
                for (int p : parents[u]) {
                    if (waiting[p]-- == 1) ready[top++] = p;
                }
            }
            if (valued < n) smith();
        }

        /**
         * Smith's values by the Fraenkel-Yesha labelling: for m = 0, 1, ..., a node is labelled m
         * when no successor is labelled m and every successor not labelled below m has one that
         * is; a node left unlabelled without a successor labelled m is infinite.
         */
        void smith() {
            int n = successors.length, unlabelled = n;
            int[] label = new int[n]; // 0 none, 1 finite, 2 infinite
            int[] bad = new int[n];
            for (long m = 0; unlabelled > 0; m++) {
                boolean[] hasM = new boolean[n];
                java.util.ArrayDeque<Integer> stack = new java.util.ArrayDeque<>();
                for (int u = 0; u < n; u++) {
                    if (label[u] != 0) continue;
                    bad[u] = 0;
                    for (int v : successors[u]) {
                        if (label[v] != 1) bad[u]++;
                    }
                    if (bad[u] == 0) stack.push(u);
                }
                while (!stack.isEmpty()) {
                    int u = stack.pop();
                    if (label[u] != 0 || hasM[u]) continue;
                    label[u] = 1;
                    value[u] = m;
                    unlabelled--;
                    for (int p : parents[u]) {
                        if (hasM[p]) continue;
                        hasM[p] = true;
                        if (label[p] == 1) continue;
                        for (int q : parents[p]) {
                            if (label[q] == 0 && bad[q]-- == 1 && !hasM[q]) stack.push(q);
                        }
                    }
                }
                for (int u = 0; u < n; u++) {
                    if (label[u] == 0 && !hasM[u]) {
                        label[u] = 2;
                        infinite[u] = true;
                        unlabelled--;
                    }
                }
            }
        }

        char outcome(long[] tokens) {
            long total = 0;
            int infiniteTokens = 0, at = 0;
            for (long token : tokens) {
                Integer u = index.get(token);
                if (u == null) continue; // a node without edges: worth 0
                if (infinite[u]) {
                    infiniteTokens++;
                    at = u;
                } else {
                    total ^= value[u];
                }
            }
            if (infiniteTokens == 0) return total == 0 ? 'L' : 'W';
            if (infiniteTokens > 1) return 'D';
            for (int v : successors[at]) {
                if (!infinite[v] && value[v] == total) return 'W';
            }
            return 'D';
        }
    }
";

/// Green Hackenbush: the picture's value by its bridges (fusion and colon principles).
const HACKENBUSH: &str = r#"    /**
     * Green Hackenbush by the fusion and colon principles: one depth-first search from the ground
     * (node 0) finds the bridges; an edge on a cycle is fused into a loop worth 1, and a block
     * hanging below a bridge adds one more than its own value to the block above.
     */
    static final class Game {
        static long value(long[] numbers) {
?parents|            // Node i (from 1) hangs from the i-th number: a tree, so each parent is a node (0 to
?parents|            // n) and following parents from any node reaches the ground.
?parents|            int edgeCount = numbers.length;
?parents|            for (int i = 0; i < edgeCount; i++) {
?parents|                if (Long.compareUnsigned(numbers[i], edgeCount) > 0) {
?parents|                    throw fail("node " + (i + 1) + " hangs from node " + Long.toUnsignedString(numbers[i]) + ", but the nodes are 0 to " + edgeCount);
?parents|                }
?parents|            }
?parents|            byte[] state = new byte[edgeCount + 1]; // 0 unseen, 1 on the chain being followed, 2 reaches the ground
?parents|            state[0] = 2;
?parents|            for (int i = 1; i <= edgeCount; i++) {
?parents|                int v = i;
?parents|                while (state[v] == 0) {
?parents|                    state[v] = 1;
?parents|                    v = (int) numbers[v - 1];
?parents|                }
?parents|                if (state[v] == 1) throw fail("the parents make a cycle through node " + v + ": a parent array gives a tree");
?parents|                for (v = i; state[v] == 1; v = (int) numbers[v - 1]) state[v] = 2;
?parents|            }
?!parents|            int edgeCount = numbers.length / 2;
            long[] ends = new long[2 * edgeCount];
            for (int e = 0; e < edgeCount; e++) {
?parents|                ends[2 * e] = numbers[e];
?parents|                ends[2 * e + 1] = e + 1;
?!parents|                ends[2 * e] = numbers[2 * e];
?!parents|                ends[2 * e + 1] = numbers[2 * e + 1];
            }
            // Nodes renumbered 0, 1, ..., the ground first.
            java.util.HashMap<Long, Integer> index = new java.util.HashMap<>();
            index.put(0L, 0);
            int[] end = new int[2 * edgeCount];
            for (int i = 0; i < end.length; i++) {
                Integer known = index.get(ends[i]);
                if (known == null) {
                    known = index.size();
                    index.put(ends[i], known);
                }
                end[i] = known;
            }
            int nodes = index.size();
            int[] degree = new int[nodes + 1];
            long[] value = new long[nodes];
            for (int e = 0; e < edgeCount; e++) {
                if (end[2 * e] == end[2 * e + 1]) {
                    value[end[2 * e]] ^= 1; // a loop: worth 1
                } else {
                    degree[end[2 * e]]++;
                    degree[end[2 * e + 1]]++;
                }
            }
            int[] start = new int[nodes + 1];
            for (int v = 0; v < nodes; v++) start[v + 1] = start[v] + degree[v];
            int[] fill = Arrays.copyOf(start, nodes);
            int[] neighbour = new int[start[nodes]], via = new int[start[nodes]];
            for (int e = 0; e < edgeCount; e++) {
                int a = end[2 * e], b = end[2 * e + 1];
                if (a == b) continue;
                neighbour[fill[a]] = b;
                via[fill[a]++] = e;
                neighbour[fill[b]] = a;
                via[fill[b]++] = e;
            }
            int[] time = new int[nodes], low = new int[nodes], parent = new int[nodes], parentEdge = new int[nodes];
            Arrays.fill(time, -1);
            Arrays.fill(parentEdge, -1);
            int[] following = Arrays.copyOf(start, nodes);
            int[] order = new int[nodes], stack = new int[nodes];
            int ordered = 1, top = 1;
            time[0] = 0;
            while (top > 0) {
                int v = stack[top - 1];
                if (following[v] < start[v + 1]) {
                    int w = neighbour[following[v]], e = via[following[v]];
                    following[v]++;
                    if (e == parentEdge[v]) continue;
                    if (time[w] < 0) {
                        time[w] = low[w] = ordered;
                        parent[w] = v;
                        parentEdge[w] = e;
                        order[ordered++] = w;
                        stack[top++] = w;
                    } else {
                        low[v] = Math.min(low[v], time[w]);
                        if (time[w] < time[v]) value[v] ^= 1; // an edge back up a cycle: a loop
                    }
                } else {
                    top--;
                    if (v != 0) low[parent[v]] = Math.min(low[parent[v]], low[v]);
                }
            }
            // Children before parents: a bridge adds value + 1 (colon), an edge on a cycle adds
            // the loop it is fused into, and the child's own terms join its block.
            for (int k = ordered - 1; k >= 1; k--) {
                int v = order[k];
                if (low[v] > time[parent[v]]) value[parent[v]] ^= value[v] + 1;
                else value[parent[v]] ^= value[v] ^ 1;
            }
            return value[0];
        }

        char outcome(long[] numbers) {
            return value(numbers) == 0 ? 'L' : 'W';
        }
    }
"#;

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
