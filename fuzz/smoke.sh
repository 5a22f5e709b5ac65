#!/usr/bin/env bash
# The fuzz smoke of CI, and the path from a planted bug to a corpus case, end to end:
#  1. seed the fuzz corpora from corpus/ and build every target;
#  2. run each target for a short budget: any crash fails, and prints the panic and
#     the input that caused it;
#  3. plant a bug (RETROCHECK_SOLVER=planted), let the diff target find it, turn the
#     artifact into a shrunk case with `retrocheck shrink`, and check that the saved
#     case is 1-minimal: shrinking it again takes 0 steps.
# FUZZ_SECONDS sets the budget per target (default 20); FUZZ_SANITIZER the sanitizer
# (default none, which runs on stable; "address" needs nightly).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-20}"
sanitizer="${FUZZ_SANITIZER:-none}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked

cargo build --quiet
retrocheck=target/debug/retrocheck
"$retrocheck" fuzz-seeds

(cd fuzz && cargo fuzz build -s "$sanitizer")
# The example crate's target (docs/own-solver.md), built in the same
# target directory so that it reuses the compiled dependencies.
fuzz_target_dir="$(pwd)/fuzz/target"
(cd examples/own-solver/fuzz && cargo fuzz build -s "$sanitizer" --target-dir "$fuzz_target_dir")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for target in diff game_format pursuit_input minigame_input berzerk_input shiritori_input catmouse_input; do
    echo "== fuzzing $target for ${seconds}s"
    log="$work/$target.log"
    touch "$work/started"
    if ! (cd fuzz && cargo fuzz run -s "$sanitizer" "$target" -- -max_total_time="$seconds" >"$log" 2>&1); then
        # What it found, where the CI log keeps it: the panic, and the input itself
        # (also left in fuzz/artifacts/$target/ for `cargo fuzz run $target FILE`).
        echo "the $target target failed:" >&2
        grep -E -A 3 "panicked at|ERROR: libFuzzer|SUMMARY:" "$log" | head -n 30 >&2 || tail -n 40 "$log" >&2
        grep -E "^Base64:|cargo fuzz run" "$log" >&2 || true
        find fuzz/artifacts/"$target" -type f -newer "$work/started" 2>/dev/null | while read -r artifact; do
            echo "-- $artifact, as od -c prints it:" >&2
            od -A d -c "$artifact" | head -n 40 >&2
        done
        exit 1
    fi
    grep -E "DONE|Done" "$log" | tail -n 2
done

echo "== planted bug: the diff target must find it"
if (cd fuzz && RETROCHECK_SOLVER=planted cargo fuzz run -s "$sanitizer" diff -- \
        -max_total_time=120 -artifact_prefix="$work/" >"$work/log" 2>&1); then
    echo "the planted bug was not found in 120 s" >&2
    exit 1
fi
artifact=$(ls "$work"/crash-* | head -n 1)
grep -m1 "fails for planted\|planted and\|planted fails\|of planted" "$work/log" || true
"$retrocheck" shrink --solver planted "$artifact" --corpus "$work/corpus" >"$work/shrink" || status=$?
if [ "${status:-0}" -ne 1 ]; then
    echo "retrocheck shrink did not report the failure:" >&2
    cat "$work/shrink" >&2
    exit 1
fi
saved=$(find "$work/corpus" -name '*.game' -o -name '*.in' | head -n 1)
echo "saved: $saved"
cat "$saved"
"$retrocheck" shrink --solver planted "$saved" --no-save >"$work/again" || true
grep -q "shrunk in 0 steps" "$work/again" || {
    echo "the saved case is not 1-minimal:" >&2
    cat "$work/again" >&2
    exit 1
}
echo "== the planted bug became a 1-minimal corpus case"
