# HDU 1527 (Wythoff's game): a correct solution, for `grundy verify --against`.
# (a, b) with a <= b loses exactly when a = floor(k * phi) for k = b - a; computed exactly with
# an integer square root: floor(k * phi) = (k + isqrt(5 k^2)) // 2.
import math
import sys

for line in sys.stdin:
    numbers = line.split()
    if len(numbers) < 2:
        continue
    a, b = sorted(map(int, numbers[:2]))
    k = b - a
    print(0 if (k + math.isqrt(5 * k * k)) // 2 == a else 1)
