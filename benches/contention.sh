#!/usr/bin/env bash
# Two threads against one, on an idle machine and with one competing busy process (issue 9,
# item 5). Prints wall and CPU seconds (GNU time) of each run, alternating the two commands so
# that a drift of the machine's speed touches both alike; compare the medians.
# Usage: benches/contention.sh [RUNS] [CODE] [TO]   (from the repository root; defaults 5 0.6 1048576)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
code=${2:-0.6}
to=${3:-1048576}
cargo build --release --quiet --bin grundy
grundy=${CARGO_TARGET_DIR:-target}/release/grundy

echo "## machine"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(rustc --version)"

measure() {
  for _ in $(seq "$runs"); do
    for threads in 2 1; do
      /usr/bin/time -f "threads $threads: %e s wall, %U s user, %S s sys" \
        "$grundy" sequence "$code" --to "$to" --threads "$threads" >/dev/null
    done
  done
}

echo "## idle: grundy sequence $code --to $to, --threads 2 (the default) and 1"
measure
echo "## one busy process competing for the cores"
sh -c 'while :; do :; done' &
busy=$!
trap 'kill "$busy"' EXIT
measure
