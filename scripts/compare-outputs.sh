#!/usr/bin/env bash
# Compares what two revisions of retrocheck print, byte for byte, timings aside: a
# refactoring must change no output (issue 37, "Outputs unchanged").
#
#   scripts/compare-outputs.sh BASE_REV REV [REV …]
#
# Each revision (any git rev: a commit, a branch, HEAD) is checked out in a temporary
# worktree of this repository and built (`cargo build --bin retrocheck`, debug, one
# target directory shared by both builds: $COMPARE_TARGET_DIR, default a temporary
# directory, so point it at a copy of target/ to save a cold build). Each binary is
# copied to the same path before its runs, so that the commands it prints (the program
# under `stress`, `regenerate it: …`) name the same file. Then, for each revision:
#
#   - diff: the default campaign with `--cases 3000 --seed 5`: its standard output, and
#     its `--json` summary with every `seconds` field removed (the checksum, which
#     leaves `seconds` out, stays);
#   - stress: six campaigns, `game` and the five problems, each against the built-in
#     `retrocheck solve` with a mutant of the kill table as the program (so each finds
#     a failure, shrinks it and prints the whole report), `--cases 40 --seed 3 --jobs 1
#     --no-save`: standard output and error, and the `--json` file, with the timings
#     (seconds, the slowest run and the most memory) replaced by placeholders;
#   - shrink: a game of the corpus under a mutant solver, and a contest input of the
#     corpus re-running a mutant program (`--solution`), `--no-save`;
#   - generate: `game` and each problem, two seeds each (test cases of size 8 for a
#     problem, three where its input holds several), a game of a family, and input 5 of
#     a stress campaign of each;
#
# and every command's exit status. The outputs go to $COMPARE_OUT/<n>-<rev> (default
# COMPARE_OUT: a new temporary directory, kept), n = 0 for BASE_REV; `diff -r` of each
# REV's outputs against BASE_REV's is printed. The exit status is 0 when every REV's
# outputs are BASE_REV's, 1 otherwise. Runs take a few minutes on one core (the shrinks
# re-run a debug build hundreds of times), builds what cargo needs.
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 2
fi
revs=("$@")
repo=$(git rev-parse --show-toplevel)
out=${COMPARE_OUT:-$(mktemp -d /tmp/compare-outputs.XXXXXX)}
target=${COMPARE_TARGET_DIR:-$(mktemp -d /tmp/compare-target.XXXXXX)}
work=$(mktemp -d /tmp/compare-work.XXXXXX)
bin=$work/bin/retrocheck
mkdir -p "$work/bin"
trees=()
cleanup() {
    for tree in "${trees[@]}"; do
        git -C "$repo" worktree remove --force "$tree" >/dev/null 2>&1 || true
    done
    rm -rf "$work"
}
trap cleanup EXIT

# Timings and memory as placeholders ("0.6 s", "9.7 MiB", "13,210 cases/s"), the lines
# of the stress report that name the slowest run and the most memory, and the random
# name of the temporary directory a long report's files are written in.
untimed() {
    sed -E \
        -e 's/[0-9]+(\.[0-9]+)? s\b/T s/g' \
        -e 's/[0-9]+(\.[0-9]+)? (KiB|MiB|GiB)\b/M \2/g' \
        -e 's/[0-9,]+ cases\/s\b/N cases\/s/g' \
        -e 's/^(slowest run|most memory): .*/\1: …/' \
        -e 's#/tmp/\.tmp[A-Za-z0-9]{6}#/tmp/.tmpXXXXXX#g'
}

# The keys of timings and memory peaks removed, at any depth: `seconds` (the run's,
# a shrink's, a program run's), `mean_seconds`, `peak_bytes`, and the report's
# `slowest` and `most_memory` (which input they name depends on timing too).
json_untimed() {
    python3 -c '
import json, sys
TIMED = {"seconds", "mean_seconds", "peak_bytes", "slowest", "most_memory"}
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in TIMED}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
print(json.dumps(strip(json.load(open(sys.argv[1]))), indent=2))
' "$1"
}

# Runs a command, its standard output, error and exit status into $dir/$name.*.
record() {
    local name=$1
    shift
    local status=0
    "$@" >"$dir/$name.stdout" 2>"$dir/$name.stderr" || status=$?
    echo "$status" >"$dir/$name.status"
}

run_all() {
    local dir=$1
    mkdir -p "$dir"
    cd "$work"

    record diff "$bin" diff --cases 3000 --seed 5 --no-save --json "$work/diff.json"
    untimed <"$dir/diff.stdout" >"$dir/diff.stdout.untimed" && mv "$dir/diff.stdout.untimed" "$dir/diff.stdout"
    json_untimed "$work/diff.json" >"$dir/diff.json"

    local what mutant
    for pair in game:lifo pursuit:pursuit-no-catch minigame:minigame-stuck-actor \
        berzerk:berzerk-loop-as-lose shiritori:shiritori-ignore-case catmouse:catmouse-cat-first; do
        what=${pair%%:*}
        mutant=${pair#*:}
        rm -f "$work/stress.json"
        record "stress-$what" "$bin" stress "$what" --solution "$bin solve $what --solver $mutant" \
            --cases 40 --seed 3 --jobs 1 --no-save --json "$work/stress.json"
        for stream in stdout stderr; do
            untimed <"$dir/stress-$what.$stream" >"$dir/tmp" && mv "$dir/tmp" "$dir/stress-$what.$stream"
        done
        if [ -f "$work/stress.json" ]; then
            json_untimed "$work/stress.json" | untimed >"$dir/stress-$what.json"
        fi
    done

    record shrink-game "$bin" shrink "$repo/corpus/games/c580f9e57742499e.game" --solver lifo --no-save
    record shrink-pursuit "$bin" shrink "$repo/corpus/pursuit/568434f76c58fb6a.in" \
        --solution "$bin solve pursuit --solver pursuit-no-catch" --no-save
    for name in shrink-game shrink-pursuit; do
        for stream in stdout stderr; do
            untimed <"$dir/$name.$stream" >"$dir/tmp" && mv "$dir/tmp" "$dir/$name.$stream"
        done
    done

    for seed in 0 7; do
        record "generate-game-$seed" "$bin" generate game --seed "$seed"
        for what in pursuit minigame catmouse; do
            record "generate-$what-$seed" "$bin" generate "$what" --seed "$seed" --size 8 --cases 3
        done
        for what in berzerk shiritori; do
            record "generate-$what-$seed" "$bin" generate "$what" --seed "$seed" --size 8
        done
    done
    record generate-game-family "$bin" generate game --family cycles --size 30 --seed 2
    for what in game pursuit minigame berzerk shiritori catmouse; do
        record "generate-$what-index" "$bin" generate "$what" --index 5 --seed 3
    done
    cd "$repo"
}

dirs=()
for n in "${!revs[@]}"; do
    rev=${revs[$n]}
    sha=$(git -C "$repo" rev-parse --short "$rev")
    tree=$work/tree-$n
    git -C "$repo" worktree add --detach "$tree" "$rev" >/dev/null 2>&1
    trees+=("$tree")
    echo "building $rev ($sha) …" >&2
    (cd "$tree" && CARGO_TARGET_DIR=$target cargo build --quiet --bin retrocheck)
    cp "$target/debug/retrocheck" "$bin"
    echo "running $rev …" >&2
    dir=$out/$n-$(echo "$rev" | tr '/' '_')-$sha
    run_all "$dir"
    dirs+=("$dir")
done

echo "outputs in $out" >&2
status=0
for n in "${!dirs[@]}"; do
    [ "$n" = 0 ] && continue
    echo "== ${revs[0]} vs ${revs[$n]}" >&2
    if diff -r "${dirs[0]}" "${dirs[$n]}"; then
        echo "identical" >&2
    else
        status=1
    fi
done
exit $status
