#!/usr/bin/env bash
# Runs `retrocheck stress game` against every deep mutant built as a program
# (`retrocheck solve game - --solver NAME`) and prints one Markdown row per mutant:
# the input that caught it, seconds to catch, seconds to shrink, the shrunk size.
#
#   scripts/deep-stress.sh [extra stress flags]     (default: --time 90s --max-size 5000)
#
# Needs a release build (`cargo build --release`). Each run saves into a fresh
# temporary directory, never into corpus/.
set -uo pipefail
cd "$(dirname "$0")/.."
R=${R:-target/release/retrocheck}
[ -x "$R" ] || { echo "build first: cargo build --release" >&2; exit 2; }
FLAGS=("$@")
[ ${#FLAGS[@]} -gt 0 ] || FLAGS=(--time 90s --max-size 5000)
MUTANTS="${MUTANTS:-counter-u8 remoteness-u8 remoteness-u16 fast-path-self-loops fast-path-repeats distinct-at-high-degree recursive draw-b-only unsorted-moves quadratic}"
echo "| program | flags | verdict | caught at input | catch s | shrink s | shrunk to |"
echo "|---|---|---|---:|---:|---:|---|"
for m in $MUTANTS; do
  save=$(mktemp -d)
  extra=()
  [ "$m" = quadratic ] && extra=(--timeout 20ms)
  start=$(date +%s.%N)
  out=$(timeout 600 "$R" stress game --solution "$R solve game - --solver $m" "${FLAGS[@]}" "${extra[@]}" --save "$save" 2>&1)
  end=$(date +%s.%N)
  first=$(grep -m1 -E '^input [0-9]+' <<<"$out")
  index=$(sed -E 's/^input ([0-9]+).*/\1/' <<<"$first")
  verdict=$(sed -E 's/^input [0-9]+ \([^)]*\): ([a-z ]+)( on| \(|:).*/\1/' <<<"$first")
  shrink=$(grep -m1 -oE 'steps? \([0-9]+ runs?, [0-9.]+ s\)' <<<"$out" | grep -oE '[0-9.]+ s' | tr -d ' s')
  size=$(grep -m1 -oE ' s\) to [^:]*' <<<"$out" | sed -E 's/ s\) to (one test case, )?//')
  total=$(echo "$end - $start" | bc)
  catch=$(echo "$total - ${shrink:-0}" | bc)
  if [ -z "$first" ]; then
    echo "| $m | ${FLAGS[*]} ${extra[*]} | MISSED | | $(printf %.1f "$total") | | |"
  else
    echo "| $m | ${FLAGS[*]} ${extra[*]} | $verdict | $index | $(printf %.1f "$catch") | ${shrink:-?} | ${size:-?} |"
  fi
  rm -rf "$save"
done
