# `lines/first-second` for subtraction:1,3,4: a WRONG solution, for `grundy verify --against`.
# The bug: it takes the game for a Bash game with period 5 (as if the moves were 1 to 4).
import sys

for line in sys.stdin:
    if line.strip():
        print("Second" if int(line) % 5 == 0 else "First")
