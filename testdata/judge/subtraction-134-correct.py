# `lines/first-second` for subtraction:1,3,4 (take 1, 3 or 4; who takes last wins): a correct
# solution. The values have period 7 from 0 (0 1 0 1 2 3 2): the first player loses exactly
# when n mod 7 is 0 or 2.
import sys

for line in sys.stdin:
    if line.strip():
        print("Second" if int(line) % 7 in (0, 2) else "First")
