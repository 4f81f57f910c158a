# The "1-2-K game": T cases, each a heap n and the K of its game; a move takes 1, 2 or K tokens;
# whoever takes the last token wins. "Alice" when the first player wins, else "Bob".
# The values of {1, 2, K}: if K is not a multiple of 3, G(n) = n mod 3; if it is, they repeat with
# period K + 1 (G = r mod 3 for r = n mod (K + 1) < K, and 3 at r = K). This solution computes
# them by the mex for small heaps and by that pattern beyond, as a contestant would.
import sys


def wins(n, k):
    if k % 3 != 0:
        return n % 3 != 0
    r = n % (k + 1)
    return r == k or r % 3 != 0


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    out = []
    for i in range(t):
        n, k = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        out.append("Alice" if wins(n, k) else "Bob")
    print("\n".join(out))


main()
