#!/usr/bin/env bash
# Times the default campaign's first phase (`retrocheck diff --cases 600000`) with two
# builds in one run, and checks that they give the same results.
#
#   scripts/phase-pair.sh OLD_BINARY NEW_BINARY [SHARDS]     (default: 8 shards)
#
# The machine is shared: its slow spells (time stolen by the hypervisor, once a fifth
# of the cores' time over a whole run) would land on one build's run and not on the
# other's. So the phase runs
# as SHARDS shards (`--shard i/SHARDS`, which together are exactly its cases), the two
# builds alternating shard by shard, the first of each pair taking turns; a spell then
# hits both builds alike. Prints each build's summed wall and CPU seconds and NEW over
# OLD, then merges each build's shards (`retrocheck merge`) and compares the merged
# tables and JSON summaries, timings aside: "identical", or the difference and exit 1.
# CASES=N runs a shorter campaign instead. Needs GNU time (Debian: apt-get install time).
set -uo pipefail
[ $# -ge 2 ] || { sed -n 2,15p "$0" >&2; exit 2; }
OLD=$1 NEW=$2 SHARDS=${3:-8} CASES=${CASES:-600000}
[ -x /usr/bin/time ] || { echo "needs GNU time as /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }
for b in "$OLD" "$NEW"; do
  [ -x "$b" ] || { echo "not an executable: $b" >&2; exit 2; }
done
out=$(mktemp -d)
for ((i = 0; i < SHARDS; i++)); do
  order=(old new)
  ((i % 2)) && order=(new old)
  for which in "${order[@]}"; do
    bin=$OLD
    [ "$which" = new ] && bin=$NEW
    # One line per run: which build, then wall, user and system seconds.
    /usr/bin/time -f "$which %e %U %S" -a -o "$out/times" "$bin" diff --no-save --cases "$CASES" \
      --shard "$i/$SHARDS" --json "$out/$which.$i.json" > /dev/null ||
      { echo "the $which build exited with an error or a failure on shard $i" >&2; exit 1; }
  done
done
awk '{ wall[$1] += $2; cpu[$1] += $3 + $4 }
  END { printf "old: %.1f s wall, %.1f s CPU\nnew: %.1f s wall, %.1f s CPU\nnew / old: %.3f wall, %.3f CPU\n",
        wall["old"], cpu["old"], wall["new"], cpu["new"], wall["new"] / wall["old"], cpu["new"] / cpu["old"] }' "$out/times"
same=yes
for which in old new; do
  bin=$OLD
  [ "$which" = new ] && bin=$NEW
  files=()
  for ((i = 0; i < SHARDS; i++)); do files+=("$out/$which.$i.json"); done
  "$bin" merge --json "$out/$which.json" "${files[@]}" | sed -E 's/ in [0-9.]+ s of shard time//' > "$out/$which.txt"
  # The JSON summary's only timing is its "seconds" field.
  sed -E 's/"seconds": *[0-9.eE+-]+/"seconds": 0/' "$out/$which.json" > "$out/$which.norm.json"
done
diff "$out/old.txt" "$out/new.txt" || same=no
cmp -s "$out/old.norm.json" "$out/new.norm.json" || { echo "the JSON summaries differ: $out/old.json $out/new.json"; same=no; }
[ $same = yes ] && { echo identical; rm -r "$out"; exit 0; }
exit 1
