#!/usr/bin/env bash
# Builds every cargo-fuzz target of fuzz/ into $OUT, with its seed corpus when
# fuzz/corpus/<target>/ exists (`retrocheck fuzz-seeds` makes it from corpus/).
#
# In ClusterFuzzLite (and OSS-Fuzz) the builder image sets OUT and SANITIZER and wraps
# cargo with the sanitizer's flags. Locally, on stable Rust, without a sanitizer:
#
#   OUT=/tmp/cflite-out SANITIZER=none .clusterfuzzlite/build.sh
set -euo pipefail
: "${OUT:?set OUT to the directory that receives the fuzz target binaries}"
cd "$(dirname "${BASH_SOURCE[0]}")/../fuzz"
mkdir -p "$OUT"

flags=(-O --debug-assertions)
# The builder image's sanitizers come from its cargo wrapper; "none" (or no SANITIZER
# at all) builds plain libFuzzer binaries, which works on stable Rust.
if [[ "${SANITIZER:-none}" == "none" ]]; then
    flags+=(-s none)
fi
cargo fuzz build "${flags[@]}"

targets=$(cargo fuzz list)
release_dir=target/x86_64-unknown-linux-gnu/release
for target in $targets; do
    cp "$release_dir/$target" "$OUT/$target"
    if [[ -d "corpus/$target" ]] && command -v zip >/dev/null; then
        (cd "corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
    fi
done
echo "built into $OUT: $(echo $targets)"
