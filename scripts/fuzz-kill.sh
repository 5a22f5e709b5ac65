#!/usr/bin/env bash
# The kill table's fuzzing column: for each mutant, the `diff` fuzz target on stable
# (`-s none`), from an empty corpus (corpus/ holds each mutant's counterexample, which
# would make the race meaningless), with RETROCHECK_SOLVER naming the mutant; prints one
# Markdown row per mutant with the seconds to the first crash, or a miss after the
# budget. FUZZ_SECONDS sets the budget per mutant (default 60).
#
#   scripts/fuzz-kill.sh [mutant …]        (default: every mutant of the kill table)
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-60}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
cargo build --quiet --release
retrocheck=target/release/retrocheck
mutants=("$@")
[ ${#mutants[@]} -gt 0 ] || mapfile -t mutants < <("$retrocheck" mutants --list | awk 'NF {print $1}' | grep -v certify-no-remoteness)
(cd fuzz && cargo fuzz build -s none diff >/dev/null 2>&1)
echo "| mutant | fuzz diff: caught | seconds | executions |"
echo "|---|---|---:|---:|"
for m in "${mutants[@]}"; do
  work=$(mktemp -d)
  start=$(date +%s.%N)
  log=$(cd fuzz && RETROCHECK_SOLVER="$m" timeout $((seconds + 30)) cargo fuzz run -s none diff "$work" -- \
        -max_total_time="$seconds" -artifact_prefix="$work/" 2>&1)
  end=$(date +%s.%N)
  execs=$(grep -oE '#[0-9]+' <<<"$log" | tail -1 | tr -d '#')
  if ls "$work"/crash-* >/dev/null 2>&1; then
    echo "| $m | yes | $(printf %.1f "$(echo "$end - $start" | bc)") | ${execs:-?} |"
  else
    echo "| $m | MISSED in ${seconds} s | | ${execs:-?} |"
  fi
  rm -rf "$work"
done
