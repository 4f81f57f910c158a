# The messages of `grundy explain`, in English. Every id here exists in zh/explain.ftl too
# (crates/grundy/tests/explain.rs checks it). Numbers arrive as text, written exactly.

explain-title = Explanation of { $game }
explain-title-at = Explanation of { $game } at { $position }

explain-section-state = The state
explain-section-terminal = The end of the game
explain-section-table = The table, from the terminal position up
explain-section-pattern = The pattern, and why it is proved
explain-section-rare-common = How the values were computed
explain-section-rule = The rule, in contest language
explain-section-answer = The answer

explain-state-heap = A position is one number: n, the tokens left. A move takes an amount s of S = { $set } with s ≤ n. Who made the earlier moves does not matter: only n and whose turn it is, so we ask for each n whether the player to move wins.
explain-state-heap-rest = A position is one number: n, the tokens left. A move takes an amount s of S = { $set } with s ≤ n; a heap of fewer than { $least } tokens (but at least one) is taken whole — the rest rule. Who made the earlier moves does not matter: only n and whose turn it is, so we ask for each n whether the player to move wins.
explain-state-allbut = A position is one number: n, the tokens left. A move takes any positive amount s ≤ n except those in { $excluded }.
explain-state-family = A position is one number: n, the tokens left. A move takes an amount s ≤ n from the infinite set of { $family ->
        [fibonacci] Fibonacci numbers
        [squares] squares
        [powers-of-2] powers of two
        *[other] primes
    } ({ $members }).
explain-state-nim = A position is a list of heaps. A move takes any positive number of tokens from one heap.
explain-state-pair = A position is two heaps (a, b). A move takes any positive number of tokens from one heap, or the same number from both.
explain-state-quota = A position is a heap n and a quota q: a move takes 1 to q tokens, and the opponent's next quota is twice the amount taken. On a fresh heap the first move may take anything but the whole heap (q = n − 1).
explain-state-last-move = A position is a heap n and the amount the opponent just took, which the player to move may not take; a move takes an amount of S = { $set }. So one heap size has { $states } states: the fresh heap and one per forbidden amount. The value of a heap size is the vector (G(n, none), G(n, s₁), …), and the period search runs on these vectors: two heap sizes with equal vectors behave alike in every state.
explain-state-balls = Players take an amount of S = { $set } balls from one pile; when no move is left, a player holding an odd number of balls wins, and equal parities tie. Written out, a state is four numbers: balls left, whose turn, and each player's balls. Whose turn is absorbed by always looking from the player to move, and only the parities of the holdings decide the end (a move adds the amount taken to the mover's holding, so the parity flips exactly when the amount is odd). The state reduces to (balls left, parity of the mover's balls, parity of the opponent's): 4 states per pile size.
explain-state-code = A position is a list of heaps. Code { $code } says, digit by digit, which moves remove j tokens from a heap: take it whole, leave one heap, or leave two (or three) heaps. A move leaves at most { $heaps } heaps in place of one; the heaps left are a sum, so an option's value is the xor (⊕) of its parts' values.
explain-state-every = The position is an Every-SG compound of { $count } components, each with its own position; a move is a move in every component that still has a move, and whoever makes the last move wins. It is not a sum: the Grundy values of the components do not decide it, the numbers of steps they last under best play do.
explain-state-sum = The position is a sum of { $count } components, each with its own position; a move is a move in exactly one of them. By the Sprague–Grundy theorem the sum's Grundy value is the xor (nim-sum) of the components' values.
explain-state-script = The rules are a script: grundy values every position reachable from the start once, each after its options (a depth-first search that remembers every value), and a position the script splits into components as the sum of their values. When a position can be reached from itself it explores the whole graph instead and solves it backwards from the positions without moves.
explain-state-theorem-family = The rules of { $family }: { $rules }.
explain-state-searched-without = The rules of { $family }: { $rules }. { $without }, so grundy generates every position reachable from the start and solves that graph backwards from the positions without moves.
explain-state-searched = The rules of { $family }: { $rules }. grundy knows no theorem for this family, so it generates every position reachable from the start and solves that graph backwards from the positions without moves.

explain-terminal-normal = No move left: the player to move loses (normal play). So a terminal position is P (a loss for the player to move) and its Grundy value is mex{"{"}{"}"} = 0. A position is N (a win for the player to move) exactly when some option is P, and P exactly when every option is N. The Grundy value G = mex of the options' values carries more: G = 0 exactly at the P-positions, and the value of a sum of games is the xor of its parts' values.
explain-terminal-misere = No move left: the player to move wins (misère play: whoever makes the last move loses). So a terminal position is N, with misère value 1; every other position's value is the mex of its options' values, and the player to move loses exactly when the value is 0.
explain-terminal-tie = No move left: the game ends, and the player holding an odd number of balls wins; both odd or both even is a tie. A state is a win (+) when some move leaves the opponent a loss, otherwise a tie (0) when some move leaves a tie, otherwise a loss (−).

explain-table-intro = Fill the table from n = 0 up: for each n its options (the positions one move reaches), their values, the set of those values and its mex. The value is 0 exactly at a P-position.
explain-table-intro-misere = Fill the table from n = 0 up: a terminal position is worth 1 under misère play; every other n takes the mex of its options' values. The value is 0 exactly at a P-position.
explain-table-intro-code = Fill the table from n = 0 up. An option is written as the heaps it leaves (a+b for a split, 0 when the heap is taken whole); its value is the xor of the parts' values. The value is 0 exactly at a P-position.
explain-table-intro-forbid = Fill the table from n = 0 up, for fresh heaps (nothing forbidden). Taking s leaves n − s with s forbidden to the opponent, so an option's value is G(n − s, s), from the same recursion over the forbidden states. The value is 0 exactly at a P-position.
explain-table-intro-positions = The positions in the order they were valued, each after its options: a position's options, their values, the set of those values and its mex; a sum's components and the xor of their values. The value is 0 exactly at a P-position.
explain-table-intro-positions-outcomes = The positions in the order they were valued, each after its options: a position is a win when some move leaves the opponent a loss, otherwise a tie when some move leaves a tie, otherwise a loss.
explain-positions-cut = The search valued { $valued } positions; the table shows the first { $shown } and, last, the position asked about.
explain-row-position = { $position }: options { $options } → values { $values } → { $mex } → { $outcome }
explain-row-outcome = { $position }: options { $options } → { $outcome }
explain-row-sum = { $position }: the sum { $parts } → values { $values } → { $xor } → { $outcome }
explain-table-intro-parity = Fill the table from 0 balls up over the reduced states (balls left, mover's parity, opponent's parity). A move of s leads to (left − s, the opponent's parity, the mover's parity changed when s is odd), seen from the opponent.
explain-column-n = n
explain-column-state = state
explain-column-options = options
explain-column-values = values
explain-column-mex = mex
explain-column-outcome = P/N
explain-no-move = (no move)
explain-pn-row = The P/N row, as the tutorials draw it:
explain-parity-odd = odd
explain-parity-even = even
explain-parity-fresh = From a fresh pile (both players hold 0 balls), the first player's result for n = 0 … { $last }: { $line }

explain-pattern-values = The values: { $values }, one period.
explain-pattern-values-preperiod = The values: { $values } (before the bar the preperiod, after it one period).
explain-pattern-values-first = The first { $count } values: { $values }
explain-pattern-shape = They repeat: G(n + { $period }) = G(n) for every n ≥ { $preperiod }, period { $period } from n = { $preperiod }.
explain-pattern-shape-saltus = They grow by { $saltus } each period: G(n + { $period }) = G(n) + { $saltus } for every n ≥ { $preperiod }.
explain-proof-window = Why this is a proof — the window criterion with t = max S = { $window }: every G(n) is the mex of values at most t places back, so the t values before n decide G(n). The computed window G({ $from }..{ $to }) = { $first } comes back as G({ $from2 }..{ $to2 }) = { $second }. From equal windows the same next value follows, and then the same window again, so by induction G(n + { $period }) = G(n) for every n ≥ { $preperiod }. That needed { $checked } values, and they were checked.
explain-proof-window-plain = Why this is a proof — the window criterion with t = { $window }: every value is decided by the t values before it, and a window of t values repeats after { $period } steps from n = { $preperiod }, so by induction the period holds for every n. { $checked } values were checked.
explain-proof-allbut = Why this is a proof — the all-but criterion, with x = { $excluded } the largest excluded amount: the repetition holds on the first { $checked } values (at least n0 + p + 2x = { $needed }), and the criterion's conditions on the values seen (every value below the saltus appears early; every early value reappears shifted by the saltus; the mex bound) hold, so it holds for every n.
explain-proof-guy-smith = Why this is a proof — the Guy–Smith theorem: the code's last non-zero digit is at t = { $digit } and a move leaves at most k = { $heaps } heaps. The repetition holds on the first { $checked } values, at least k(n0 + p) + t = { $needed } of them, and the theorem turns exactly that into a proof for every n.
explain-proof-residue = Why this is a proof — the residue theorem with m = { $modulus }: S holds 1, …, m − 1 and no multiple of m, so every move changes n mod m and every smaller residue is one move away. By induction G(n) = n mod m.
explain-proof-families = Why this is a proof — the take-and-break family criterion (docs/arithmetic-periodicity.md): the options of a large heap fall into finitely many families — the digit used, how many heaps it leaves, the sizes of the heaps below { $small } and the residues of the others. The relation holds on the first { $checked } values, and for every residue of the heap no family can reach the predicted value while the families known exactly reach every smaller one, so by induction it holds for every n.
explain-proof-observed = Not proved. The values repeat with this period on all { $checked } values computed, but { $why } A repetition seen on finitely many values is not a proof: a later value could break it, so grundy never extrapolates it.
explain-proof-not-found = No period appears among the { $checked } values computed, and { $why }
explain-why-modifiers = a code with ! or ? breaks the option correspondence that the Guy–Smith theorem needs.
explain-why-tail-saltus = the code splits heaps and its saltus is not a power of two, and the family criterion for codes with a repeating tail needs one.
explain-why-script = a script's rules are opaque, so no theorem's hypothesis can be checked.
explain-why-searched = grundy knows no theorem for this family, so its values come from a search and no period of them is proved.
explain-why-infinite = { $family } is an infinite set: a value may depend on options arbitrarily far back, so no finite window decides the next value, and no theorem proves a period for it.
explain-why-unknown = no theorem's hypothesis holds for this game.

explain-rare-common = Take-and-break values were computed with the rare/common method ({ $threads ->
        [one] on one thread
        *[two] on two threads
    }). A small bit mask m splits the values in two: v is "rare" when v AND m has an even number of 1 bits, "common" when odd, and almost every heap of such a game has a common value. The xor of two commons is rare, so a split of n into a + b reaches a common value only when exactly one part is rare: the common options come from the few rare heaps, not from all n/2 splits, and the rare candidates, being few, are checked one by one.

explain-rule-residues = You lose exactly when n mod { $period } ∈ { $residues }; otherwise you win.
explain-rule-residues-from = For n ≥ { $preperiod } you lose exactly when n mod { $period } ∈ { $residues }; below { $preperiod }, read the table.
explain-rule-residues-early = You lose exactly when n ∈ { $early }, or n ≥ { $preperiod } and n mod { $period } ∈ { $residues }.
explain-rule-finite = You lose exactly when n ∈ { $positions }; at every other n you win.
explain-rule-never = No heap is a loss for the player to move: you always win.
explain-rule-computed = No rule is proved: the values computed (the first { $checked }) answer every heap up to there, and beyond them grundy refuses rather than guess.
explain-rule-bouton = Bouton's theorem: the Grundy value of a Nim position is the xor (nim-sum) of its heaps, so you lose exactly when that xor is 0. From xor x ≠ 0, take from a heap h whose binary digit at x's highest 1 is 1, down to h ⊕ x < h: the xor becomes 0.
explain-rule-bouton-misere = Bouton's misère rule: while some heap has 2 or more tokens, play exactly as in normal Nim (you lose when the xor is 0). The exception is the end: when every heap is at most 1, you lose exactly when an odd number of heaps hold 1 — so the winning move that would leave only heaps of at most 1 leaves an odd number of 1s instead of an even one.
explain-rule-wythoff = Wythoff's theorem: you lose exactly when the two heaps are (⌊kφ⌋, ⌊kφ⌋ + k) for some k, with φ = (1 + √5) / 2. Computed exactly with integer square roots: ⌊kφ⌋ = (k + isqrt(5k²)) / 2, since √(5k²) is irrational for k > 0. The first pairs: { $pairs }.
explain-rule-fibonacci = Zeckendorf: every heap is one sum of non-consecutive Fibonacci numbers. The player to move wins exactly when the smallest term is at most the quota — take that term: the smallest term left is more than twice it (two terms are never consecutive), so the opponent cannot take it. A fresh heap (quota n − 1) loses exactly when it is a Fibonacci number: { $numbers }
explain-rule-sum = Sprague–Grundy: the sum loses exactly when the xor of its components' values is 0. To win, move one component from value v to v ⊕ x, where x is the xor and v ⊕ x < v.
explain-rule-parity = No period is needed: the table over the 4(N + 1) reduced states, filled from 0 balls up in O(N · |S|), answers every pile up to N — that is the contest solution.
explain-rule-theorem = { $name }. { $statement }
explain-rule-graph = The positions form a graph, solved backwards from the positions without moves: a position is a win when some move leads to a loss, a loss when every move leads to a win, and a draw when neither can be forced (play can go on forever).

explain-outcome-win = N: the player to move wins
explain-outcome-lose = P: the player to move loses
explain-outcome-tie = a tie under best play
explain-outcome-draw = a draw: play goes on forever under best play
explain-answer-table = G({ $n }) = { $value }, read from the table: { $outcome }.
explain-answer-periodic = { $n } mod { $period } = { $residue }, so G({ $n }) = G({ $index }) = { $value }: { $outcome }.
explain-answer-periodic-from = { $n } ≥ { $preperiod } and { $n } mod { $period } = { $residue }, so G({ $n }) = G({ $index }) = { $value }: { $outcome }.
explain-answer-periodic-saltus = { $n } lies { $periods } periods of { $period } past { $index }, so G({ $n }) = G({ $index }) + { $periods } · { $saltus } = { $value }: { $outcome }.
explain-answer-xor = The values, in binary, and their xor (nim-sum), column by column:
explain-answer-steps = Each component's steps under best play (0 at its end; the winner of a component plays slowly, its loser fast), numbered as the moves below number them:
explain-answer-steps-odd = The largest number of steps is { $largest }, odd: { $outcome }, by a joint move that leaves the largest number of steps even — in the strategy, a won component moves to a lost option with the most steps and a lost one to the option with the fewest, so each loses one step.
explain-answer-steps-even = The largest number of steps is { $largest }, even: { $outcome }. Whatever the joint move, the opponent answers so that the largest number of steps stays even, and makes the last move.
explain-answer-places-binary = The heaps in binary:
explain-answer-places-counts = The number of heaps with a 1 in each binary place, from the highest: { $counts }.
explain-answer-places-off = At { $place } the count { $count } is not a multiple of { $modulus }: { $outcome }, by a move on at most k heaps that makes every count a multiple of { $modulus } again.
explain-answer-places-divisible = Every count is a multiple of { $modulus }: { $outcome }. Any move changes at most k heaps, so at the highest place it changes the count drops by 1 to k and stops being a multiple of { $modulus }.
explain-answer-infinite-win = The token at node { $node } is infinite: play from it can go on forever, and its finite options are worth { $values }. The other tokens are worth { $total } in all, which is among them: { $outcome }, by moving that token to a node worth { $total } (Smith's rule for ∞(K) + *x).
explain-answer-infinite-draw = The token at node { $node } is infinite: play from it can go on forever, and its finite options are worth { $values }. The other tokens are worth { $total } in all, which is not among them: { $outcome } — neither player can force a win (Smith's rule for ∞(K) + *x).
explain-answer-infinite-many = Two tokens or more stand on infinite nodes, from which play can go on forever: { $outcome } — neither player can force a win.
explain-answer-theorem-xor = By the theorem, the parts of this position and their values, in binary, with their xor:
explain-answer-theorem-zero = The xor is 0: { $outcome }. By the theorem every move leaves a non-zero xor, which the opponent can bring back to 0.
explain-answer-theorem-nonzero = The xor is { $total } ≠ 0: { $outcome }, by a move that brings the xor to 0.
explain-cell-label = cell { $cell }
explain-square-label = head { $row }:{ $column }
explain-step-label = step { $step }
explain-token-label = token at node { $node }
explain-branch-label = branch at node { $node }
explain-loops-label = { $count } fused loops
explain-heap-label = heap { $index }
explain-answer-xor-zero = The xor is 0: { $outcome }. Every move changes exactly one term, which changes the xor to a non-zero value, so the opponent always gets a non-zero xor back.
explain-answer-xor-target = The xor is x = { $total } ≠ 0: { $outcome }. Move in a term whose value v has x's highest binary 1, down to v ⊕ x < v: the xor becomes 0 (a move raising a term to v ⊕ x wins as well, where the game has one).
explain-answer-target = { $label }: { $value } ⊕ { $total } = { $target } < { $value }, so move it from { $value } to { $target }.
explain-answer-misere-small = Every heap is at most 1 ({ $ones } of { $heaps } hold 1): the exception applies, and the game is just taking turns removing a 1. The player to move loses exactly when an odd number hold 1: { $outcome }.
explain-answer-misere-large = Some heap has 2 or more: play as in normal Nim, with xor = { $xor }, except that a move leaving only heaps of at most 1 must leave an odd number of 1s: { $outcome }.
explain-answer-wythoff-p = a = { $small } ≤ b = { $large }, so k = b − a = { $k }; 5k² = { $square }, isqrt(5k²) = { $root }, ⌊kφ⌋ = (k + isqrt(5k²)) / 2 = { $lower } = a. So (a, b) is the k-th pair: { $outcome }.
explain-answer-wythoff-n = a = { $small } ≤ b = { $large }, so k = b − a = { $k }; 5k² = { $square }, isqrt(5k²) = { $root }, ⌊kφ⌋ = (k + isqrt(5k²)) / 2 = { $lower } ≠ a. So (a, b) is not a pair (⌊kφ⌋, ⌊kφ⌋ + k): { $outcome }.
explain-zeckendorf-terms = { $count } terms
explain-answer-zeckendorf-win = { $heap } = { $terms } (Zeckendorf). The smallest term { $smallest } is at most the quota { $quota }: take it. What is left has only terms larger than twice { $smallest }, above the opponent's quota: { $outcome }.
explain-answer-zeckendorf-lose = { $heap } = { $terms } (Zeckendorf). The smallest term { $smallest } is more than the quota { $quota }: every move leaves the opponent a heap whose smallest term they may take: { $outcome }.
explain-answer-greedy-sequence = The sequence H begins { $numbers }.
explain-answer-greedy-win = { $heap } = { $indices } = { $terms }, greedily. The smallest term { $smallest } is at most the quota { $quota }: take it. The opponent may then take at most f({ $smallest }) = { $next }, and every term left is larger (each term of a representation is more than f of the next smaller one): { $outcome }.
explain-answer-greedy-lose = { $heap } = { $indices } = { $terms }, greedily. The smallest term { $smallest } is more than the quota { $quota }: whatever t the player takes (if any move is left), the heap left has a smallest term at most f(t), which the opponent takes: { $outcome }.
explain-answer-zeckendorf-empty = The heap is empty: no move is left, { $outcome }.
explain-answer-parity = The state { $state } has { $symbol } in the table: { $outcome }.
explain-answer-graph = { $positions } positions were solved; the result is { $outcome }, { $remoteness } moves from the end under best play.
explain-answer-draw = { $positions } positions were solved. No player can force a win: every move that would not lose leads to positions from which play can go on forever ({ $loopy }) — { $outcome }.
explain-no-winning-move = No move wins: every option is an N-position, a win for the opponent.
explain-moves-heading = Winning moves ({ $count } in all):
explain-moves-more = … and { $count } more winning moves (grundy solve lists them).
explain-move-take = take { $amount }
explain-move-take-heap = take { $amount } from heap { $heap }
explain-move-take-both = take { $amount } from both heaps
explain-move-split = take { $take } and leave { $parts }
explain-move-split-heap = from heap { $heap }, take { $take } and leave { $parts }
explain-move-class = one class of { $moves } moves (grundy solve lists it)
explain-move-turn-one = turn over cell { $cells }
explain-move-turn = turn over cells { $cells }
explain-move-turn-run = turn over cells { $from } to { $to }
explain-move-turn-corners = turn over { $row }:{ $column }, { $row }:{ $near_column }, { $near_row }:{ $column } and { $near_row }:{ $near_column }
explain-move-joint-part = in component { $component }: { $move }
explain-move-joint-class = { $moves } other joint moves, each leaving the largest number of steps even
explain-move-turn-class = turn over cell { $cell } and any two cells y < z < { $cell } with y xor z = { $mask } ({ $moves } moves)
explain-move-take-heaps = { $takes }
explain-move-take-heaps-separator = { " and " }
explain-move-take-class = take from each of heaps { $heaps } so that every binary place holds a multiple of { $modulus } ones ({ $moves } moves)
explain-move-chop = remove edge { $edge } ({ $from }-{ $to })
explain-move-slide = move token { $token } from node { $from } to node { $to }
explain-move-down = from step { $step }, move { $coins } down a step
explain-move-in-component = in component { $index }: { $move }
explain-move-leaves-residue = { $move } → { $left }, and { $left } mod { $period } = { $residue }, whose value is { $value }: a P-position for the opponent
explain-move-leaves = { $move } → { $left }, whose value is { $value }: a P-position for the opponent
explain-move-value = { $move }: it leaves value { $value }, a P-position for the opponent
explain-move-plain = { $move }
explain-digits = ({ $count } digits)
explain-rule-misere-sum = Misère sums do not add up by xor (the misère value of a sum is not the xor of its parts), so grundy searches every position of the whole sum reachable from this one.
explain-answer-search = { $positions } positions of the whole game were searched: { $outcome }.
explain-column-result = result
explain-row-line = n = { $n }: options { $options } → values { $values } → { $mex } → { $outcome }
explain-characters = ({ $count } characters)
explain-sentences = { $first } { $second }
explain-table-component = The component game { $game }: its values give each component's value below.
explain-moves-withheld = The winning moves are not listed: { $reason }.
explain-win-without-move = No move is left: under misère play the player who cannot move wins.

explain-section-found = The rule found in the table (打表找规律)
explain-found-range = grundy computed the table of every position up to { $checked } ({ $positions } positions), looked for a rule among its forms on the positions up to { $found }, and checked each rule found on all of them.
explain-found-outcome = Outcome: { $rule }.
explain-found-value = Grundy value: { $rule }.
explain-found-observed = Observed, not proved: it holds on every position checked, and no theorem grundy knows proves it, so a larger position may break it.
explain-found-certified = Certified: { $proof } proves it.
explain-found-none = No rule among grundy's forms holds on these positions: the table has no pattern grundy can state.
explain-found-failed = A simpler candidate held for a while and then failed: { $rule } — but not at { $at }.
explain-found-prove-outcome = What would prove it: by induction on the positions, show that every move from a position the rule calls lost leads to one it calls won, and that every position it calls won has a move to one it calls lost (a position without moves being lost).
explain-found-prove-classes = What would prove it: by induction on the positions, show that the outcome the rule gives each position is the best its options allow the player to move (a win if some option is a loss for the opponent, else a tie if some option ties, else a loss).
explain-found-prove-value = For the values: show, by induction, that the rule's value at each position is the mex of the rule's values at its options.
