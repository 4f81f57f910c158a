# `grundy explain` 的中文消息。这里的每个 id 在 en/explain.ftl 中也存在
# （crates/grundy/tests/explain.rs 会检查）。数字以文本传入，精确书写。

explain-title = { $game } 的推导
explain-title-at = { $game } 在局面 { $position } 的推导

explain-section-state = 状态设计
explain-section-terminal = 终止局面
explain-section-table = 从终止局面开始打表
explain-section-pattern = 找规律，并证明它
explain-section-rare-common = SG 值是怎么算出来的
explain-section-rule = 结论（比赛里直接用）
explain-section-answer = 本局面的答案

explain-state-heap = 状态只有一个维度：剩余个数 n。每次从中拿走集合 S = { $set } 里的某个数 s（要求 s ≤ n）。之前是谁拿、拿了多少都无关紧要，只看当前局面和轮到谁走，所以对每个 n 问：当前回合玩家是必胜还是必败？
explain-state-heap-rest = 状态只有一个维度：剩余个数 n。每次从中拿走集合 S = { $set } 里的某个数 s（要求 s ≤ n）；剩下不足 { $least } 个（但至少 1 个）时，必须一次全部拿走。之前是谁拿、拿了多少都无关紧要，只看当前局面和轮到谁走，所以对每个 n 问：当前回合玩家是必胜还是必败？
explain-state-allbut = 状态只有一个维度：剩余个数 n。每次可以拿走任意正整数 s ≤ n，但不能是 { $excluded } 中的数。
explain-state-family = 状态只有一个维度：剩余个数 n。每次拿走的数 s ≤ n 必须属于无限集合{ $family ->
        [fibonacci] 斐波那契数
        [squares] 完全平方数
        [powers-of-2] 2 的幂
        *[other] 质数
    }（{ $members }）。
explain-state-nim = 状态是若干堆石子。每次从某一堆中拿走任意正数个。
explain-state-pair = 状态是两堆 (a, b)。每次从其中一堆拿走任意正数个，或者从两堆各拿走同样多个。
explain-state-quota = 状态是一堆 n 和一个上限 q：每次拿 1 到 q 个，对手下一步的上限变为本次拿走数的两倍。新的一堆第一步不能全部拿完（q = n − 1）。
explain-state-last-move = 状态是剩余个数 n 加上对手刚拿的数量（当前玩家不能拿同样多）；每次拿走 S = { $set } 中的数。所以同一个 n 有 { $states } 个状态：不受限制的一个，加上每个被禁止的数各一个。一个 n 的 SG 值是向量 (G(n, 无), G(n, s₁), …)，周期也是在这些向量上找的：向量相同的两个 n 在每个状态下都表现一样。
explain-state-balls = 双方轮流从一堆球中拿走 S = { $set } 中的个数；无法再拿时，手里球数为奇数的一方获胜，奇偶相同则平局。完整写出来，状态有四个量：剩余球数、轮到谁、双方各自的球数。“轮到谁”总是站在当前玩家的角度来看就消掉了；而终局只看双方球数的奇偶（拿走 s 个时，只有 s 为奇数才改变自己的奇偶）。所以状态压缩为（剩余球数，当前玩家的奇偶，对手的奇偶）：每个 n 只有 4 个状态。
explain-state-code = 状态是若干堆。编码 { $code } 逐位说明从一堆中拿走 j 个时允许哪些操作：整堆拿走、留下一堆、或者把剩下的分成两堆（或三堆）。一步最多把一堆变成 { $heaps } 堆；分出来的几堆是一个和游戏，所以一个后继的 SG 值是各部分 SG 值的异或（⊕）。
explain-state-every = 该局面是由 { $count } 个分量组成的 Every-SG 复合游戏，各分量有自己的局面；每一步须在所有还能走的分量中各走一步，走最后一步者胜。它不是和：决定胜负的不是各分量的 SG 值，而是在最优策略下各分量还能持续的步数。
explain-state-sum = 局面是 { $count } 个子游戏的和，每个子游戏有自己的局面；每一步恰好在其中一个子游戏里走。由 Sprague–Grundy 定理，和游戏的 SG 值是各子游戏 SG 值的异或和。
explain-state-script = 规则由脚本给出：grundy 对从起点能到达的每个局面只求一次值，先求它的后继再求它本身（记忆化的深度优先搜索）；脚本拆成若干分量的局面，取各分量值的和。若某个局面能回到自身，则改为生成整张图，从没有走法的局面倒推求解。
explain-state-theorem-family = { $family } 的规则：{ $rules }。
explain-state-searched-without = { $family } 的规则：{ $rules }。{ $without }，于是 grundy 从起点生成所有能到达的局面，再从没有走法的局面倒推求解整张图。
explain-state-searched = { $family } 的规则：{ $rules }。grundy 没有这一类游戏的定理，于是从起点生成所有能到达的局面，再从没有走法的局面倒推求解整张图。

explain-terminal-normal = 无法再走时，当前回合玩家输（正常规则）。所以终止局面是必败态（P），SG 值为 mex{"{"}{"}"} = 0。一个局面是必胜态（N）当且仅当存在一个后继是必败态；是必败态当且仅当所有后继都是必胜态。SG 函数 G = 所有后继 SG 值的 mex，它包含更多信息：G = 0 恰好是必败态，而且几个游戏之和的 SG 值等于各部分 SG 值的异或和。
explain-terminal-misere = 无法再走时，当前回合玩家赢（反常规则 misère：走最后一步的人输）。所以终止局面是必胜态，反常 SG 值为 1；其他局面的值是后继值的 mex，值为 0 时当前玩家必败。
explain-terminal-tie = 无法再拿时游戏结束，手里球数为奇数的一方获胜；双方同奇或同偶为平局。一个状态：若有一步让对手必败，则为胜（+）；否则若有一步走到平局，则为平（0）；否则为负（−）。

explain-table-intro = 从 n = 0 开始往上填表：对每个 n 列出它的后继（一步能到的局面）、后继的 SG 值、这些值组成的集合以及它的 mex。值为 0 的就是必败态。
explain-table-intro-misere = 从 n = 0 开始往上填表：反常规则下终止局面的值为 1；其他 n 取后继值的 mex。值为 0 的就是必败态。
explain-table-intro-code = 从 n = 0 开始往上填表。后继写成它留下的各堆（分堆写作 a+b，整堆拿走写作 0）；它的 SG 值是各部分 SG 值的异或。值为 0 的就是必败态。
explain-table-intro-forbid = 从 n = 0 开始往上填表，这里是不受限制的新堆。拿走 s 后剩下 n − s，且对手不能再拿 s，所以后继的值是 G(n − s, s)，由同一个递推对各受限状态算出。值为 0 的就是必败态。
explain-table-intro-positions = 按求值的顺序列出局面，每个局面都在它的后继之后：局面的后继、后继的 SG 值、这些值组成的集合以及它的 mex；和局面则列出各分量及其值的异或。值为 0 的就是必败态。
explain-table-intro-positions-outcomes = 按求值的顺序列出局面，每个局面都在它的后继之后：若有一步让对手必败则为胜；否则若有一步走到平局则为平；否则为负。
explain-positions-cut = 搜索共求了 { $valued } 个局面的值；表中列出最先的 { $shown } 个，最后一行是所问的局面。
explain-row-position = { $position }：后继 { $options } → 值 { $values } → { $mex } → { $outcome }
explain-row-outcome = { $position }：后继 { $options } → { $outcome }
explain-row-sum = { $position }：分量之和 { $parts } → 值 { $values } → { $xor } → { $outcome }
explain-table-intro-parity = 从 0 个球开始，对压缩后的状态（剩余球数，当前玩家奇偶，对手奇偶）往上填表。拿走 s 个后到达（剩余 − s，对手的奇偶，当前玩家的奇偶在 s 为奇数时翻转），轮到对手。
explain-column-n = n
explain-column-state = 状态
explain-column-options = 后继
explain-column-values = 后继的值
explain-column-mex = mex
explain-column-outcome = P/N
explain-no-move = （无路可走）
explain-pn-row = 像题解里那样画出 P/N 行：
explain-parity-odd = 奇
explain-parity-even = 偶
explain-parity-fresh = 从新的一堆开始（双方手里都是 0 个球），先手在 n = 0 … { $last } 时的结果：{ $line }

explain-pattern-values = SG 值：{ $values }，即一个周期。
explain-pattern-values-preperiod = SG 值：{ $values }（竖线前是前缀，之后是一个周期）。
explain-pattern-values-first = 前 { $count } 个值：{ $values }
explain-pattern-shape = 它们重复出现：对所有 n ≥ { $preperiod } 有 G(n + { $period }) = G(n)，即从 n = { $preperiod } 起周期为 { $period }。
explain-pattern-shape-saltus = 每过一个周期增加 { $saltus }：对所有 n ≥ { $preperiod } 有 G(n + { $period }) = G(n) + { $saltus }。
explain-proof-window = 为什么这是证明——窗口判据，t = max S = { $window }：每个 G(n) 都是至多往前 t 个值的 mex，所以 n 前面的 t 个值决定 G(n)。算出来的窗口 G({ $from }..{ $to }) = { $first } 在 G({ $from2 }..{ $to2 }) = { $second } 再次出现。窗口相同，下一个值就相同，随后窗口又相同，由归纳法，对所有 n ≥ { $preperiod } 都有 G(n + { $period }) = G(n)。这需要 { $checked } 个值，已全部检查。
explain-proof-window-plain = 为什么这是证明——窗口判据，t = { $window }：每个值由它前面的 t 个值决定，而一个长度为 t 的窗口从 n = { $preperiod } 起隔 { $period } 步重复出现，由归纳法周期对所有 n 成立。已检查 { $checked } 个值。
explain-proof-allbut = 为什么这是证明——全集减有限集判据，x = { $excluded } 为最大的被排除数：前 { $checked } 个值上重复关系成立（至少 n0 + p + 2x = { $needed } 个），并且判据对这些值的条件（小于增量的值都较早出现；较早的值加上增量后再次出现；mex 的界）都成立，所以它对所有 n 成立。
explain-proof-guy-smith = 为什么这是证明——Guy–Smith 定理：编码最后一个非零位在 t = { $digit }，一步最多留下 k = { $heaps } 堆。前 { $checked } 个值上重复关系成立，至少是 k(n0 + p) + t = { $needed } 个，定理正好把这一点变成对所有 n 的证明。
explain-proof-residue = 为什么这是证明——余数定理，m = { $modulus }：S 包含 1, …, m − 1 且不含 m 的倍数，所以每一步都改变 n mod m，而每个更小的余数都一步可达。由归纳法 G(n) = n mod m。
explain-proof-families = 为什么这是证明——取走与分堆编码的族判据（docs/arithmetic-periodicity.md）：一个大堆的所有选项分成有限多个族——用的是哪一位、留下几堆、小于 { $small } 的堆的大小，以及其余各堆的余数。前 { $checked } 个值上关系成立，并且对堆的每个余数，没有一个族能达到预测的值，而确切已知的族达到每一个更小的值，所以由归纳法它对所有 n 成立。
explain-proof-observed = 没有证明。在算出的全部 { $checked } 个值上这些值按这个周期重复，但是{ $why } 在有限个值上看到的重复不是证明：后面的某个值可能打破它，所以 grundy 从不外推。
explain-proof-not-found = 在算出的 { $checked } 个值中没有出现周期，而且{ $why }
explain-why-modifiers = 带 ! 或 ? 的编码破坏了 Guy–Smith 定理所需的后继对应关系。
explain-why-tail-saltus = 这个编码会分堆，而它的增量不是 2 的幂，带循环尾部编码的族判据需要 2 的幂。
explain-why-script = 脚本的规则是不透明的，无法检验任何定理的前提。
explain-why-searched = grundy 没有这一类游戏的定理，它的值来自搜索，其周期未经证明。
explain-why-infinite = { $family } 是无限集合：一个值可能依赖任意远之前的后继，没有有限窗口能决定下一个值，也没有定理能证明它的周期。
explain-why-unknown = 没有定理的前提对这个游戏成立。

explain-rare-common = 这些拆分游戏的 SG 值是用稀有/常见（rare/common）方法算出的（{ $threads ->
        [one] 单线程
        *[two] 双线程
    }）。用一个小的位掩码 m 把值分成两类：v AND m 中 1 的个数为偶数的叫“稀有”，为奇数的叫“常见”，这类游戏几乎每一堆的值都是常见的。两个常见值的异或是稀有的，所以把 n 分成 a + b 时，只有恰好一部分稀有才可能得到常见值：常见的后继值只来自少数稀有的堆，而不必扫描全部 n/2 种分法；稀有的候选值本来就少，逐个检查即可。

explain-rule-residues = 当且仅当 n mod { $period } ∈ { $residues } 时先手必败，否则先手必胜。
explain-rule-residues-from = 对 n ≥ { $preperiod }，当且仅当 n mod { $period } ∈ { $residues } 时先手必败；小于 { $preperiod } 的 n 查表。
explain-rule-residues-early = 当且仅当 n ∈ { $early }，或 n ≥ { $preperiod } 且 n mod { $period } ∈ { $residues } 时先手必败。
explain-rule-finite = 当且仅当 n ∈ { $positions } 时先手必败；其他 n 都是先手必胜。
explain-rule-never = 没有必败态：先手总是必胜。
explain-rule-computed = 没有证明出规律：已算出的值（前 { $checked } 个）回答这个范围内的每个 n，超出范围 grundy 会拒绝回答而不是猜。
explain-rule-bouton = Bouton 定理：Nim 局面的 SG 值是各堆的异或和，所以当且仅当异或和为 0 时先手必败。异或和 x ≠ 0 时，选一堆 h，它在 x 最高位上的二进制位是 1，把它拿到 h ⊕ x < h：异或和变为 0。
explain-rule-bouton-misere = Bouton 的反常规则：只要还有一堆至少 2 个，就完全按正常 Nim 走（异或和为 0 则必败）。例外在结尾：当每堆都不超过 1 时，当且仅当有奇数堆为 1 时先手必败——所以本来会只留下不超过 1 的堆的那一步，要留下奇数个 1，而不是偶数个。
explain-rule-wythoff = Wythoff 定理：当且仅当两堆为 (⌊kφ⌋, ⌊kφ⌋ + k)（某个 k，φ = (1 + √5) / 2）时先手必败。用整数平方根精确计算：⌊kφ⌋ = (k + isqrt(5k²)) / 2，因为 k > 0 时 √(5k²) 是无理数。前几对：{ $pairs }。
explain-rule-fibonacci = Zeckendorf 定理：每个数都唯一地写成不相邻斐波那契数之和。当且仅当最小的项不超过上限时先手必胜——拿走这一项：剩下的最小项大于它的两倍（两项从不相邻），对手拿不到。新的一堆（上限 n − 1）当且仅当它本身是斐波那契数时先手必败：{ $numbers }
explain-rule-sum = Sprague–Grundy 定理：当且仅当各子游戏 SG 值的异或和为 0 时先手必败。要赢，就把某个子游戏的值 v 变成 v ⊕ x，其中 x 是异或和且 v ⊕ x < v。
explain-rule-parity = 不需要周期：在 4(N + 1) 个压缩状态上从 0 个球往上以 O(N · |S|) 填表，就回答了不超过 N 的每一堆——这就是比赛的解法。
explain-rule-theorem = { $name }。{ $statement }
explain-rule-graph = 局面构成一张图，从没有走法的局面倒推：有一步走到必败的是必胜，每一步都走到必胜的是必败，双方都不能强制取胜的是和棋（可以一直走下去）。

explain-outcome-win = N：必胜态，先手必胜
explain-outcome-lose = P：必败态，先手必败
explain-outcome-tie = 双方最优时平局
explain-outcome-draw = 和棋：双方最优时游戏永远进行下去
explain-answer-table = 查表得 G({ $n }) = { $value }：{ $outcome }。
explain-answer-periodic = { $n } mod { $period } = { $residue }，所以 G({ $n }) = G({ $index }) = { $value }：{ $outcome }。
explain-answer-periodic-from = { $n } ≥ { $preperiod } 且 { $n } mod { $period } = { $residue }，所以 G({ $n }) = G({ $index }) = { $value }：{ $outcome }。
explain-answer-periodic-saltus = { $n } 在 { $index } 之后 { $periods } 个长度为 { $period } 的周期处，所以 G({ $n }) = G({ $index }) + { $periods } · { $saltus } = { $value }：{ $outcome }。
explain-answer-xor = 各值的二进制，以及按位的异或和：
explain-answer-steps = 各分量在最优策略下的步数（终局为 0；分量的赢家拖延、输家求快），编号与下面走法中的分量编号一致：
explain-answer-steps-odd = 最大步数为 { $largest }，是奇数：{ $outcome }，走法是使剩下的最大步数为偶数的联合走法——按策略，必胜的分量走到步数最多的必败后继，必败的分量走到步数最少的后继，每个分量的步数都减一。
explain-answer-steps-even = 最大步数为 { $largest }，是偶数：{ $outcome }。无论怎样联合走一步，对手都能应对使最大步数保持偶数，并走最后一步。
explain-answer-places-binary = 各堆的二进制：
explain-answer-places-counts = 从最高位起，每个二进制位上为 1 的堆数：{ $counts }。
explain-answer-places-off = 在 { $place } 位上的计数 { $count } 不是 { $modulus } 的倍数：{ $outcome }，走一步（至多动 k 堆）使每一位的计数重新成为 { $modulus } 的倍数即可。
explain-answer-places-divisible = 每个计数都是 { $modulus } 的倍数：{ $outcome }。任何一步至多改变 k 堆，在其改变的最高位上计数减少 1 至 k，不再是 { $modulus } 的倍数。
explain-answer-infinite-win = { $node } 号点上的棋子是无穷的：从它出发可以无限走下去，它的有限后继值为 { $values }。其余棋子的值异或为 { $total }，在其中：{ $outcome }，把这枚棋子移到值为 { $total } 的点即可（Smith 关于 ∞(K) + *x 的规则）。
explain-answer-infinite-draw = { $node } 号点上的棋子是无穷的：从它出发可以无限走下去，它的有限后继值为 { $values }。其余棋子的值异或为 { $total }，不在其中：{ $outcome }——双方都不能强制取胜（Smith 关于 ∞(K) + *x 的规则）。
explain-answer-infinite-many = 两枚及以上棋子位于无穷点上，游戏可以无限进行：{ $outcome }——双方都不能强制取胜。
explain-answer-theorem-xor = 按照定理，这个局面的各个部分、它们的值（二进制）以及异或和：
explain-answer-theorem-zero = 异或和为 0：{ $outcome }。按照定理，每一步都会留下非 0 的异或和，对手总能再把它变回 0。
explain-answer-theorem-nonzero = 异或和为 { $total } ≠ 0：{ $outcome }，走一步使异或和变为 0 即可。
explain-cell-label = 第 { $cell } 格
explain-square-label = 正面 { $row }:{ $column }
explain-step-label = 第 { $step } 级
explain-token-label = { $node } 号点上的棋子
explain-branch-label = 挂在 { $node } 号点的分支
explain-loops-label = { $count } 个融合后的自环
explain-heap-label = 第 { $index } 堆
explain-answer-xor-zero = 异或和为 0：{ $outcome }。每一步只改变一项，异或和就变成非 0，所以对手总能把异或和变回 0。
explain-answer-xor-target = 异或和 x = { $total } ≠ 0：{ $outcome }。在值 v 含有 x 最高位的那一项上走，把它变成 v ⊕ x < v：异或和变为 0（若某一项能升到 v ⊕ x，这样走也能赢）。
explain-answer-target = { $label }：{ $value } ⊕ { $total } = { $target } < { $value }，所以把它从 { $value } 变成 { $target }。
explain-answer-misere-small = 每堆都不超过 1（{ $heaps } 堆中有 { $ones } 堆为 1）：例外情形，游戏只是轮流拿走一个 1。当且仅当有奇数堆为 1 时先手必败：{ $outcome }。
explain-answer-misere-large = 有一堆至少 2 个：按正常 Nim 走，异或和 = { $xor }，只是那一步若只留下不超过 1 的堆，必须留下奇数个 1：{ $outcome }。
explain-answer-wythoff-p = a = { $small } ≤ b = { $large }，所以 k = b − a = { $k }；5k² = { $square }，isqrt(5k²) = { $root }，⌊kφ⌋ = (k + isqrt(5k²)) / 2 = { $lower } = a。所以 (a, b) 正是第 k 对：{ $outcome }。
explain-answer-wythoff-n = a = { $small } ≤ b = { $large }，所以 k = b − a = { $k }；5k² = { $square }，isqrt(5k²) = { $root }，⌊kφ⌋ = (k + isqrt(5k²)) / 2 = { $lower } ≠ a。所以 (a, b) 不是 (⌊kφ⌋, ⌊kφ⌋ + k) 形式：{ $outcome }。
explain-zeckendorf-terms = 共 { $count } 项
explain-answer-zeckendorf-win = { $heap } = { $terms }（Zeckendorf 分解）。最小项 { $smallest } 不超过上限 { $quota }：拿走它。剩下的各项都大于 { $smallest } 的两倍，超过对手的上限：{ $outcome }。
explain-answer-zeckendorf-lose = { $heap } = { $terms }（Zeckendorf 分解）。最小项 { $smallest } 超过上限 { $quota }：无论怎么拿，对手都能拿走剩下的最小项：{ $outcome }。
explain-answer-greedy-sequence = 序列 H 的前几项为 { $numbers }。
explain-answer-greedy-win = 贪心分解：{ $heap } = { $indices } = { $terms }。最小项 { $smallest } 不超过上限 { $quota }：拿走它。对手随后至多能拿 f({ $smallest }) = { $next }，而剩下的每一项都更大（分解中每一项都大于下一个较小项的 f 值）：{ $outcome }。
explain-answer-greedy-lose = 贪心分解：{ $heap } = { $indices } = { $terms }。最小项 { $smallest } 超过上限 { $quota }：无论拿走多少 t（若有可走的步），剩下的堆的最小项都不超过 f(t)，对手可以拿走它：{ $outcome }。
explain-answer-zeckendorf-empty = 堆已空：无路可走，{ $outcome }。
explain-answer-parity = 状态 { $state } 在表中是 { $symbol }：{ $outcome }。
explain-answer-graph = 共求解了 { $positions } 个局面；结果是{ $outcome }，双方最优时离结束还有 { $remoteness } 步。
explain-answer-draw = 共求解了 { $positions } 个局面。双方都不能强制取胜：每一步不输的走法都走到可以一直走下去的局面（{ $loopy }）——{ $outcome }。
explain-no-winning-move = 没有必胜的走法：每个后继都是必胜态，对手赢。
explain-moves-heading = 必胜走法（共 { $count } 种）：
explain-moves-more = ……还有 { $count } 种必胜走法（grundy solve 会全部列出）。
explain-move-take = 拿走 { $amount }
explain-move-take-heap = 从第 { $heap } 堆拿走 { $amount }
explain-move-take-both = 从两堆各拿走 { $amount }
explain-move-split = 拿走 { $take }，留下 { $parts }
explain-move-split-heap = 在第 { $heap } 堆拿走 { $take }，留下 { $parts }
explain-move-class = 一类共 { $moves } 种走法（grundy solve 会列出）
explain-move-turn-one = 翻转第 { $cells } 格
explain-move-turn = 翻转第 { $cells } 格
explain-move-turn-run = 翻转第 { $from } 至 { $to } 格
explain-move-turn-corners = 翻转 { $row }:{ $column }、{ $row }:{ $near_column }、{ $near_row }:{ $column } 和 { $near_row }:{ $near_column } 四角
explain-move-joint-part = 在第 { $component } 个分量中：{ $move }
explain-move-joint-class = 另有 { $moves } 种联合走法，每种都使剩下的最大步数为偶数
explain-move-turn-class = 翻转第 { $cell } 格，以及满足 y xor z = { $mask } 的任意两格 y < z < { $cell }（共 { $moves } 种）
explain-move-take-heaps = { $takes }
explain-move-take-heaps-separator = ，并
explain-move-take-class = 从第 { $heaps } 堆各拿走若干，使每个二进制位上 1 的个数都是 { $modulus } 的倍数（共 { $moves } 种）
explain-move-chop = 删去第 { $edge } 条边（{ $from }-{ $to }）
explain-move-slide = 把第 { $token } 枚棋子从 { $from } 号点移到 { $to } 号点
explain-move-down = 把 { $coins } 枚硬币从第 { $step } 级移下一级
explain-move-in-component = 在第 { $index } 个子游戏中：{ $move }
explain-move-leaves-residue = { $move } → { $left }，{ $left } mod { $period } = { $residue }，值为 { $value }：留给对手必败态
explain-move-leaves = { $move } → { $left }，值为 { $value }：留给对手必败态
explain-move-value = { $move }：留下的值为 { $value }，对手必败
explain-move-plain = { $move }
explain-digits = （共 { $count } 位）
explain-rule-misere-sum = 反常规则下的和游戏不能用异或相加（和的反常值不是各部分的异或），所以 grundy 搜索从这里能到达的整个和游戏的所有局面。
explain-answer-search = 搜索了整个游戏的 { $positions } 个局面：{ $outcome }。
explain-column-result = 结果
explain-row-line = n = { $n }：后继 { $options } → 值 { $values } → { $mex } → { $outcome }
explain-characters = （共 { $count } 个字符）
explain-sentences = { $first }{ $second }
explain-table-component = 子游戏 { $game }：用它的 SG 值表得到下面每个子游戏的值。
explain-moves-withheld = 未列出必胜走法：{ $reason }。
explain-win-without-move = 无路可走：反常规则下无法移动的一方获胜。

explain-section-found = 打表找规律：表中找到的规律
explain-found-range = grundy 计算了 { $checked } 以内的全部局面（共 { $positions } 个），在 { $found } 以内的局面上按各种规律形式寻找规律，并在全部局面上检验了找到的每条规律。
explain-found-outcome = 胜负：{ $rule }。
explain-found-value = SG 值：{ $rule }。
explain-found-observed = 观察所得，未经证明：在检验过的每个局面上都成立，但 grundy 所知的定理都不能证明它，更大的局面可能打破它。
explain-found-certified = 已证明：由{ $proof }可证。
explain-found-none = 在这些局面上，grundy 的各种规律形式都不成立：这张表没有 grundy 能表述的规律。
explain-found-failed = 一条更简单的候选规律成立了一段后失效：{ $rule }——但在 { $at } 处不成立。
explain-found-prove-outcome = 如何证明：对局面归纳，证明规律判为必败的局面走任何一步都到规律判为必胜的局面，而规律判为必胜的局面总有一步能走到规律判为必败的局面（无路可走的局面为必败）。
explain-found-prove-classes = 如何证明：对局面归纳，证明规律给每个局面的结果正是其后继所能保证的最好结果（有后继对对手必败则必胜，否则有后继平局则平局，否则必败）。
explain-found-prove-value = SG 值：对局面归纳，证明规律在每个局面的值等于它在各后继上的值的 mex。
