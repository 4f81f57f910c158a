#!/usr/bin/env bash
# Side-by-side timings of grundy and ogsolve (crates.io, installed into a temporary directory) on
# the issue 4 targets. Prints wall time and peak memory of each command, in one run on one machine.
# Usage: benches/compare_ogsolve.sh [--long]   (--long adds 0.1777: 443 139 470 values, minutes)
# grundy uses every core it is offered (--threads); ogsolve one.
set -euo pipefail
cd "$(dirname "$0")/.."
root="${OGSOLVE_ROOT:-${TMPDIR:-/tmp}/grundy-ogsolve}"
if [ ! -x "$root/bin/ogsolve" ]; then
  cargo install ogsolve --locked --root "$root" >/dev/null 2>&1 || cargo install ogsolve --root "$root" >/dev/null
fi
cargo build --release --quiet --bin grundy
grundy=target/release/grundy
ogsolve="$root/bin/ogsolve"

measure() { # label, command...
  local label=$1; shift
  /usr/bin/time -f "$label: %e s, %M KB" "$@" >/dev/null 2>/tmp/grundy-compare.err || { cat /tmp/grundy-compare.err; return 1; }
  tail -n 1 /tmp/grundy-compare.err
}

echo "## $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $($ogsolve --version)"
echo "### certify 0.16 (needs 509 622 values)"
measure "grundy period 0.16" "$grundy" period 0.16
measure "ogsolve -m rc -n 509622 0.16" "$ogsolve" -m rc -n 509622 0.16
echo "### Officers 0.6 to 2^21"
measure "grundy sequence 0.6 --to 2097151" "$grundy" sequence 0.6 --to 2097151
measure "grundy sequence 0.6 --to 2097151 --threads 1" "$grundy" sequence 0.6 --to 2097151 --threads 1
measure "ogsolve -m rc -n 2097151 0.6" "$ogsolve" -m rc -n 2097151 0.6
echo "### naive Kayles to 2^15"
measure "grundy sequence 0.77 --to 32767 --engine naive --compute-all" "$grundy" sequence 0.77 --to 32767 --engine naive --compute-all
measure "ogsolve -m naive -n 32767 0.77" "$ogsolve" -m naive -n 32767 0.77
if [ "${1:-}" = "--long" ]; then
  echo "### certify 0.1777 (the Guy–Smith theorem needs 443 139 470 values)"
  measure "grundy period 0.1777 --max 10^9" "$grundy" period 0.1777 --max 1000000000
  measure "ogsolve -m rc -n 443139470 0.1777" "$ogsolve" -m rc -n 443139470 0.1777
fi
