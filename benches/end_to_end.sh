#!/usr/bin/env bash
# End-to-end benchmarks of the real binary and the batch certifier. Prints figures for BENCHMARKS.md.
# Usage: benches/end_to_end.sh   (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin grundy --example certify_triples
grundy=target/release/grundy

echo "## machine"
echo "$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "rustc: $(rustc --version)"

echo "## whole process: grundy solve at 10^100 and 10^18"
for args in "solve subtraction:1,3,4 10^100" "solve subtraction:1,3,4 1000000000000000000" "period subtraction:2,5,7"; do
  if command -v hyperfine >/dev/null; then
    hyperfine --warmup 10 --runs 200 -N --export-markdown /dev/stdout "$grundy $args" 2>/dev/null | tail -n 1
  else
    runs=200
    start=$(date +%s%N)
    for _ in $(seq $runs); do $grundy $args >/dev/null; done
    end=$(date +%s%N)
    echo "grundy $args: mean $(( (end - start) / runs / 1000 )) µs over $runs runs (no hyperfine: bash loop)"
  fi
done

echo "## certify every 3-element subset of {1..100}"
RAYON_NUM_THREADS=1 target/release/examples/certify_triples 100
target/release/examples/certify_triples 100

echo "## retrograde analysis: oddball:1,4,5 on 10^7 states"
cargo build --release --quiet --example solve_states
target/release/examples/solve_states 2500000
