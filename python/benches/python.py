"""Benchmarks of the Python package, printed for BENCHMARKS.md.

Usage (from the repository root, with the package installed by ``pip install ./python`` in the
interpreter that runs this, and ``target/release/grundy`` built)::

    python python/benches/python.py [--cli target/release/grundy] [--runs 5]

1. The cost of a call: ``grundy.solve`` on a small question, per call, against the library's own
   time for the same question (``cargo bench -p grundy -- 'solve subtraction'``).
2. Officers (0.6) to 2^20 through Python against the command line, whole processes in turn.
3. A game defined in Python: positions valued per second, against the same rules as a script.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import grundy


def per_call(function, calls: int) -> float:
    """The median over five batches of the mean time of one call, in microseconds."""
    batches = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        batches.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(batches)


def whole_process(command, runs: int) -> float:
    """The median wall time of ``command`` in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", default="target/release/grundy")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    print("## the cost of a call")
    game = grundy.Game("subtraction:1,3,4")
    print(f"grundy.solve(Game('subtraction:1,3,4'), '10^100'): {per_call(lambda: grundy.solve(game, '10^100'), 2000):.1f} µs a call")
    print(f"grundy.solve('subtraction:1,3,4', 10**100) (spec read each call): {per_call(lambda: grundy.solve('subtraction:1,3,4', 10**100), 2000):.1f} µs a call")
    print(f"grundy.solve('nim', (3, 4, 5)): {per_call(lambda: grundy.solve('nim', (3, 4, 5)), 2000):.1f} µs a call")

    print("## Officers (0.6) to 2^20, whole processes in turn")
    cli = [args.cli, "sequence", "0.6", "--to", "2^20", "--compute-all"]
    python = [sys.executable, "-c", "import grundy; grundy.sequence('0.6', 2**20, compute_all=True)"]
    pairs = []
    for _ in range(args.runs):
        pairs.append((whole_process(cli, 1), whole_process(python, 1)))
    cli_median = statistics.median(c for c, _ in pairs)
    python_median = statistics.median(p for _, p in pairs)
    ratio = statistics.median(p / c for c, p in pairs)
    print(f"command line {cli_median:.2f} s, Python {python_median:.2f} s, Python/command line {ratio:.3f} (median of {args.runs} pairs)")

    print("## a game defined in Python: positions valued per second")
    take = grundy.define(moves=lambda n: [n - k for k in (1, 3, 4) if k <= n], name="python:take134")
    start = time.perf_counter()
    solution = grundy.solve(take, 200_000, max=10**6, timeout=None)
    seconds = time.perf_counter() - start
    positions = solution.basis.to_dict().get("positions", 200_001)
    print(f"subtraction 1,3,4 as a Python game, solve at 200000: {positions} positions in {seconds:.2f} s = {positions / seconds:,.0f} positions/s")
    with tempfile.NamedTemporaryFile("w", suffix=".rhai", delete=False) as script:
        script.write("fn start(n) { n }\nfn moves(n) { let out = []; for k in [1, 3, 4] { if k <= n { out.push(n - k); } } out }\n")
    try:
        start = time.perf_counter()
        scripted = grundy.solve(f"script:{script.name}", 200_000, max=10**6, timeout=None)
        seconds_script = time.perf_counter() - start
    finally:
        os.unlink(script.name)
    print(f"the same rules as a script: {seconds_script:.2f} s = {positions / seconds_script:,.0f} positions/s (Python/script time {seconds / seconds_script:.2f})")
    assert scripted.grundy == solution.grundy


if __name__ == "__main__":
    main()
