# A wrong solution of the "1-2-K game" (see one-two-k-correct.py): it forgets that a multiple of
# 3 as K changes the pattern, and answers n mod 3 for every K.
import sys


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    out = []
    for i in range(t):
        n = int(data[1 + 2 * i])
        out.append("Alice" if n % 3 != 0 else "Bob")
    print("\n".join(out))


main()
