#!/usr/bin/env bash
# Side-by-side timings of grundy and ogsolve (crates.io, installed into a temporary directory) on
# the take-and-break targets of issues 4 and 14. Prints wall time, CPU time and peak memory of each
# command, in one run on one machine; ogsolve runs both of its sparse methods (rc and rc2) and the
# faster is the reference.
# Usage: benches/compare_ogsolve.sh [--long]   (--long adds 0.1777: 443 139 470 values, minutes)
# BUSY=1 runs everything with one competing busy process on the machine.
# grundy uses every core it is offered (default threads) and, where said, one (--threads 1).
set -euo pipefail
cd "$(dirname "$0")/.."
root="${OGSOLVE_ROOT:-${TMPDIR:-/tmp}/grundy-ogsolve}"
if [ ! -x "$root/bin/ogsolve" ]; then
  cargo install ogsolve --locked --root "$root" >/dev/null 2>&1 || cargo install ogsolve --root "$root" >/dev/null
fi
cargo build --release --quiet --bin grundy
grundy=${CARGO_TARGET_DIR:-target}/release/grundy
ogsolve="$root/bin/ogsolve"
if [ "${BUSY:-}" = 1 ]; then
  sh -c 'while :; do :; done' &
  busy=$!
  trap 'kill "$busy"' EXIT
fi

measure() { # label, command...
  local label=$1; shift
  /usr/bin/time -f "$label: %e s wall, %U s user, %M KB" "$@" >/dev/null 2>/tmp/grundy-compare.err || { cat /tmp/grundy-compare.err; return 1; }
  tail -n 1 /tmp/grundy-compare.err
}
both_ogsolve() { # n, code
  measure "ogsolve -m rc -n $1 $2" "$ogsolve" -m rc -n "$1" "$2"
  measure "ogsolve -m rc2 -n $1 $2" "$ogsolve" -m rc2 -n "$1" "$2"
}

echo "## $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $($ogsolve --version); busy=${BUSY:-0}"
echo "### certify 0.16 (needs 509 622 values)"
measure "grundy period 0.16" "$grundy" period 0.16
both_ogsolve 509622 0.16
for to in 2097151 4194303; do
  echo "### Officers 0.6 to $to"
  measure "grundy sequence 0.6 --to $to" "$grundy" sequence 0.6 --to "$to"
  measure "grundy sequence 0.6 --to $to --threads 1" "$grundy" sequence 0.6 --to "$to" --threads 1
  both_ogsolve "$to" 0.6
done
echo "### certify 0.376 (needs 4 536 507 values)"
measure "grundy period 0.376 --max 10^7" "$grundy" period 0.376 --max 10000000
measure "grundy period 0.376 --max 10^7 --threads 1" "$grundy" period 0.376 --max 10000000 --threads 1
both_ogsolve 4536507 0.376
echo "### Grundy's game 4!.0 (ogsolve has no ! codes)"
measure "grundy sequence 4!.0 --to 2097151" "$grundy" sequence '4!.0' --to 2097151
measure "grundy sequence 4!.0 --to 2097151 --threads 1" "$grundy" sequence '4!.0' --to 2097151 --threads 1
measure "grundy sequence 4!.0 --to 262143" "$grundy" sequence '4!.0' --to 262143
measure "grundy sequence 4!.0 --to 262143 --engine naive" "$grundy" sequence '4!.0' --to 262143 --engine naive
echo "### naive Kayles to 2^15"
measure "grundy sequence 0.77 --to 32767 --engine naive --compute-all" "$grundy" sequence 0.77 --to 32767 --engine naive --compute-all
measure "ogsolve -m naive -n 32767 0.77" "$ogsolve" -m naive -n 32767 0.77
if [ "${1:-}" = "--long" ]; then
  echo "### certify 0.1777 (the Guy–Smith theorem needs 443 139 470 values)"
  measure "grundy period 0.1777 --max 10^9" "$grundy" period 0.1777 --max 1000000000
  both_ogsolve 443139470 0.1777
fi
