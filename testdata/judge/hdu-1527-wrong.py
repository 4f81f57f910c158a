# HDU 1527 (Wythoff's game): a WRONG solution, for `grundy verify --against` to catch.
# The bug: it forgets to order the heaps, so "2 1" (the P-position (1, 2) written backwards)
# gets k = -1 and is judged a first-player win.
import math
import sys

for line in sys.stdin:
    numbers = line.split()
    if len(numbers) < 2:
        continue
    a, b = map(int, numbers[:2])
    k = b - a
    lower = (k + math.isqrt(5 * k * k)) // 2
    print(0 if lower == a else 1)
