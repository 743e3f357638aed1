#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets in Fuzz/ (one binary, tote-fuzz) and runs each for SECONDS.
# usage: build-aux/fuzz.sh SECONDS [TARGET...]       (docs/fuzzing.md)
# Corpora grow in _build/fuzz-corpus/TARGET (seeded from Fuzz/Seeds/TARGET), crashing inputs
# go to _build/fuzz-artifacts/TARGET/, libFuzzer's output to _build/fuzz-logs/TARGET.log.
# Prints executions, exec/s, coverage and crashes a target; exits 1 when any target crashed.
# TOTE_FUZZ_SANITIZE=fuzzer builds without AddressSanitizer (faster; Swift still traps on
# bounds and overflow) into _build/fuzz-noasan; TOTE_FUZZ_BUILD=0 runs what is built;
# TOTE_FUZZ_RUNS=N also stops a target after N executions; SWIFT names the swift to use.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:?usage: build-aux/fuzz.sh SECONDS [TARGET...]}
shift
sanitize=${TOTE_FUZZ_SANITIZE:-fuzzer,address}
case $sanitize in
  fuzzer,address) scratch=$root/_build/fuzz ;;
  fuzzer) scratch=$root/_build/fuzz-noasan ;;
  *) echo "fuzz.sh: TOTE_FUZZ_SANITIZE is fuzzer,address or fuzzer" >&2; exit 2 ;;
esac

mkdir -p "$root/_build/fuzz-logs"
if [ "${TOTE_FUZZ_BUILD:-1}" != 0 ]; then
  # Release for speed, -g for lines in the stacks. The output goes to the log: gold warns
  # about every ASan symbol.
  start=$SECONDS
  build_log=$root/_build/fuzz-logs/build.log
  if ! "${SWIFT:-swift}" build --package-path Fuzz --scratch-path "$scratch" -c release \
      -Xswiftc -g -Xswiftc "-sanitize=$sanitize" >"$build_log" 2>&1; then
    grep -v 'Cannot export local symbol' "$build_log" | tail -40 >&2
    exit 1
  fi
  echo "fuzz: built with -sanitize=$sanitize in $((SECONDS - start)) s"
fi
binary=$scratch/release/tote-fuzz

# "name max_len" for every target, from the binary itself.
declare -A max_len
while read -r name length; do max_len[$name]=$length; done < <(TOTE_FUZZ_TARGET=list "$binary")
if [ $# -eq 0 ]; then
  mapfile -t all < <(TOTE_FUZZ_TARGET=list "$binary" | cut -d' ' -f1)
  set -- "${all[@]}"
fi

# Swift's own crash handler reads memory AddressSanitizer guards: libFuzzer reports the crash.
export SWIFT_BACKTRACE=enable=no
status=0
printf '%-18s %12s %8s %6s %6s %7s  %s\n' target executions exec/s cov ft corpus crashes
for target in "$@"; do
  [ -n "${max_len[$target]:-}" ] || { echo "fuzz.sh: no target $target" >&2; exit 2; }
  corpus=$root/_build/fuzz-corpus/$target
  artifacts=$root/_build/fuzz-artifacts/$target
  log=$root/_build/fuzz-logs/$target.log
  mkdir -p "$corpus" "$artifacts"
  seeds=()
  [ -d "Fuzz/Seeds/$target" ] && seeds=("Fuzz/Seeds/$target")
  runs=()
  [ -n "${TOTE_FUZZ_RUNS:-}" ] && runs=("-runs=$TOTE_FUZZ_RUNS")
  result=0
  # LeakSanitizer matches a suppression only on a stack it unwound slowly: the system's
  # libraries have no frame pointers (Fuzz/lsan-suppressions.txt). The targets that reach
  # EVCard (reminder-transfer reads every input as contact cards too) need it.
  unwind=()
  case $target in vcard|reminder-transfer)
    unwind=(ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0") ;;
  esac
  env "${unwind[@]}" LSAN_OPTIONS="suppressions=$root/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
    TOTE_FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" "${runs[@]}" -timeout=10 \
    -rss_limit_mb=2048 -max_len="${max_len[$target]}" -print_final_stats=1 -artifact_prefix="$artifacts/" \
    "$corpus" "${seeds[@]}" >"$log" 2>&1 || result=$?
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  coverage=$(grep -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*' "$log" | tail -1 | awk '{ print $2, $4, $6 }')
  read -r cov ft units <<<"${coverage:-- - -}"
  crash=$(sed -n 's/.*Test unit written to //p' "$log" | tail -1)
  if [ "$result" -ne 0 ]; then
    status=1
    crash=${crash:-"exit $result, see $log"}
  fi
  printf '%-18s %12s %8s %6s %6s %7s  %s\n' "$target" "${executions:--}" "${speed:--}" "$cov" "$ft" "$units" \
    "${crash:-0}"
  if [ "$result" -ne 0 ]; then
    { grep -v -e '^#[0-9]' -e '^INFO:' "$log" || true; } | tail -40 | sed 's/^/    /'
  fi
done
exit $status
