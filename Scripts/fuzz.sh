#!/usr/bin/env bash
# libFuzzer targets for the decoder, the text measurer, the update flow, drawing and the viewer
# (see Fuzz/README.md).
#
#   Scripts/fuzz.sh build                         build every target into .build-fuzz/
#   Scripts/fuzz.sh run TARGET SECONDS [ARGS...]  fuzz one target; extra args go to libFuzzer
#   Scripts/fuzz.sh smoke                         build, then fuzz each target briefly (CI)
#   Scripts/fuzz.sh replay TARGET FILE...         run inputs once (a crash file, a corpus entry)
#   Scripts/fuzz.sh minimize TARGET FILE [SECONDS] shrink a crashing input (to .build-fuzz/artifacts/)
#
# Targets: decoder, measurer, updates, render, view, font. The seed corpus in Fuzz/Corpus/TARGET/ is only read;
# new entries and crash artifacts go to .build-fuzz/, which git ignores.
#
# Not a SwiftPM target: libFuzzer needs -sanitize=fuzzer on the library code too (for coverage),
# and SwiftPM would build the library twice or instrument the normal build. So the script
# compiles the library sources straight into their modules with swiftc, instrumented, with the
# same language settings as Package.swift plus CHAT_TRANSCRIPT_INVARIANTS and live assertions.
set -euo pipefail

cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# Swift's own crash reporter attaches to the dying process and can hang for a long time in a
# sandbox; libFuzzer and ASan print the stack and save the input, which is all we need.
export SWIFT_BACKTRACE="enable=no"

readonly TARGETS=(decoder measurer updates render view font)
# The libraries the harnesses link, each after the ones it imports.
readonly MODULES=(
  TextLayout ChatTranscript ChatTranscriptMessages ChatTranscriptStreams ChatTranscriptRendering TranscriptGenerator
)
readonly OUT=.build-fuzz
readonly SMOKE_SECONDS="${FUZZ_SMOKE_SECONDS:-20}"

# Optimized, but with assertions kept: the fuzzer is there to trip them.
readonly SWIFT_FLAGS=(
  -swift-version 6
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature MemberImportVisibility
  -enable-upcoming-feature NonisolatedNonsendingByDefault
  -D CHAT_TRANSCRIPT_INVARIANTS
  -O -assert-config Debug
  -sanitize=fuzzer,address
  -g
  -I "$OUT/modules"
  -package-name ChatTranscript
)
# Extra compile conditions for the harnesses, e.g. FUZZ_DEFINES=FUZZ_KNOWN_ISSUES.
HARNESS_FLAGS=()
for define in ${FUZZ_DEFINES:-}; do HARNESS_FLAGS+=(-D "$define"); done
readonly HARNESS_FLAGS

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# A target's harness: one Swift file, or a folder whose Swift files are compiled together.
harness_path() {
  case "$1" in
    decoder) echo Fuzz/DecoderTarget.swift ;;
    measurer) echo Fuzz/MeasurerTarget.swift ;;
    updates) echo Fuzz/Updates ;;
    render) echo Fuzz/Render ;;
    view) echo Fuzz/View ;;
    font) echo Fuzz/FontTarget.swift ;;
    *) echo "unknown target '$1' (expected one of: ${TARGETS[*]})" >&2; exit 2 ;;
  esac
}

# The Swift files of a target's harness, one a line: its own, then those it shares with the
# tests (the markup checker) or compiles in from the CLI (the viewer's screen, without a terminal).
harness_files() {
  local path
  path=$(harness_path "$1") || exit
  if [[ -d "$path" ]]; then
    find "$path" -name '*.swift' | sort
  else
    echo "$path"
  fi
  case "$1" in
    render) echo Tests/TestSupport/MarkupChecker.swift ;;
    view)
      printf 'Samples/transcript-cli/View/%s.swift\n' ViewerScreen ViewerSearch PagedTranscript Key KeyDecoder
      printf 'Samples/transcript-cli/Screen/%s.swift\n' ScreenFrame StatusLine
      ;;
  esac
}

max_len() {
  case "$1" in
    decoder) echo 4096 ;;
    measurer) echo 8192 ;;
    updates) echo 1024 ;;
    render) echo 4096 ;;
    view) echo 1024 ;;
    font) echo 16384 ;;
  esac
}

# Compiles every Swift file under Sources/NAME into one instrumented object and module.
build_module() {
  local name="$1"
  local sources=()
  mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
  echo "== module $name (${#sources[@]} files)"
  swiftc "${SWIFT_FLAGS[@]}" -parse-as-library -whole-module-optimization \
    -module-name "$name" -emit-module -emit-module-path "$OUT/modules/$name.swiftmodule" \
    -c "${sources[@]}" -o "$OUT/objects/$name.o"
}

build() {
  mkdir -p "$OUT/modules" "$OUT/objects" "$OUT/bin"
  local module objects=()
  for module in "${MODULES[@]}"; do
    build_module "$module"
    objects+=("$OUT/objects/$module.o")
  done
  local target harness=()
  for target in "${TARGETS[@]}"; do
    mapfile -t harness < <(harness_files "$target")
    echo "== target $target (${#harness[@]} files)"
    swiftc "${SWIFT_FLAGS[@]}" "${HARNESS_FLAGS[@]}" -parse-as-library -use-ld=lld -module-name "${target^}Fuzzer" \
      "${harness[@]}" "${objects[@]}" -o "$OUT/bin/$target"
  done
}

# Fuzzes TARGET for SECONDS, reading the committed seeds and writing new entries to scratch.
run() {
  local target="$1" seconds="$2"
  shift 2
  harness_path "$target" > /dev/null
  local binary="$OUT/bin/$target"
  [[ -x "$binary" ]] || { echo "$binary is missing: run '$0 build' first" >&2; exit 1; }
  local corpus="$OUT/corpus/$target" artifacts="$OUT/artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  local dictionary=()
  [[ -f "Fuzz/Dictionaries/$target.dict" ]] && dictionary=(-dict="Fuzz/Dictionaries/$target.dict")
  # The scratch corpus comes first: libFuzzer writes new entries into the first directory only.
  "$binary" "$corpus" "Fuzz/Corpus/$target" \
    -max_total_time="$seconds" -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "${dictionary[@]}" "$@"
}

# Fuzzes each target briefly and prints one summary line per target.
smoke() {
  build
  local target log summary=()
  for target in "${TARGETS[@]}"; do
    log="$OUT/smoke-$target.log"
    echo "== smoke $target (${SMOKE_SECONDS}s)"
    if ! run "$target" "$SMOKE_SECONDS" > "$log" 2>&1; then
      tail -n 60 "$log"
      echo "fuzz smoke: $target found a problem; the input is in $OUT/artifacts/$target/" >&2
      exit 1
    fi
    local execs cov
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 || true)
    summary+=("$target: ${execs:-?} execs in ${SMOKE_SECONDS}s, ${cov:-cov: ?}")
  done
  printf '%s\n' "${summary[@]}"
}

# Runs saved inputs once through TARGET: reproduces a crash without fuzzing.
replay() {
  local target="$1"
  shift
  harness_path "$target" > /dev/null
  "$OUT/bin/$target" -runs=1 "$@"
}

# Shrinks a crashing input while it still crashes; the smallest lands in the artifacts folder.
minimize() {
  local target="$1" file="$2" seconds="${3:-60}"
  harness_path "$target" > /dev/null
  mkdir -p "$OUT/artifacts/$target"
  "$OUT/bin/$target" -minimize_crash=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -exact_artifact_path="$OUT/artifacts/$target/minimized-$(basename "$file")" "$file"
}

case "${1:-}" in
  build) build ;;
  run) [[ $# -ge 3 ]] || usage; shift; run "$@" ;;
  smoke) smoke ;;
  replay) [[ $# -ge 3 ]] || usage; shift; replay "$@" ;;
  minimize) [[ $# -ge 3 ]] || usage; shift; minimize "$@" ;;
  *) usage ;;
esac
